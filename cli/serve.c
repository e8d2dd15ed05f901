/* serve.c -- the protocol servers' shared input, echo, time and search thread
 * (serve.h). */
#include "serve.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

ssize_t bo_serve_line(FILE *in, char **buf, size_t *cap, size_t max, bool *cut)
{
    size_t n = 0;
    int c;
    *cut = false;
    flockfile(in);
    while ((c = getc_unlocked(in)) != EOF && c != '\n') {
        if (n >= max) { *cut = true; continue; }   /* past the bound: read and dropped */
        if (n + 2 > *cap) {
            size_t nc = *cap ? *cap * 2 : 256;
            if (nc > max + 2) nc = max + 2;
            char *b = realloc(*buf, nc);
            if (!b) { *cut = true; continue; }
            *buf = b;
            *cap = nc;
        }
        (*buf)[n++] = (char)c;
    }
    funlockfile(in);
    if (c == EOF && n == 0 && !*cut) return -1;
    if (*cut) n = 0;
    if (!*buf && !(*buf = malloc(*cap = 1))) return -1;
    while (n > 0 && (*buf)[n - 1] == '\r') n--;
    (*buf)[n] = '\0';
    return (ssize_t)n;
}

const char *bo_serve_clip(const char *s, char *buf, size_t n)
{
    if (strlen(s) <= BO_SERVE_ECHO_MAX) return s;
    snprintf(buf, n, "%.*s...", BO_SERVE_ECHO_MAX, s);
    return buf;
}

long long bo_serve_ms(const char *text, bool fraction)
{
    char *end;
    if (!text || !*text) return -1;
    if (!fraction) {
        errno = 0;
        long long v = strtoll(text, &end, 10);
        if (*end || end == text) return -1;
        if (v < 0) return 0;
        return v > BO_TIME_MAX_MS ? BO_TIME_MAX_MS : v;
    }
    double d = strtod(text, &end);
    if (*end || end == text || isnan(d)) return -1;
    if (d <= 0) return 0;
    return d >= (double)BO_TIME_MAX_MS ? BO_TIME_MAX_MS : (long long)d;
}

void bo_bg_init(bo_bg_search *b)
{
    memset(b, 0, sizeof *b);
    atomic_init(&b->stop, false);
}

static void *bg_main(void *arg)
{
    bo_bg_search *b = arg;
    b->fn(b->ctx);
    return NULL;
}

int bo_bg_start(bo_bg_search *b, void (*fn)(void *ctx), void *ctx)
{
    bo_bg_wait(b);
    atomic_store(&b->stop, false);
    b->fn = fn;
    b->ctx = ctx;
    if (pthread_create(&b->thread, NULL, bg_main, b) != 0) {   /* no thread: search here */
        fn(ctx);
        return -1;
    }
    b->running = true;
    return 0;
}

void bo_bg_wait(bo_bg_search *b)
{
    if (!b->running) return;
    pthread_join(b->thread, NULL);
    b->running = false;
}

void bo_bg_stop(bo_bg_search *b)
{
    if (!b->running) return;
    atomic_store(&b->stop, true);
    bo_bg_wait(b);
}
