/* sp_log.c -- escaping an engine's bytes and capped log files (sp_log.h).
 *
 * The cap is on the file, which several writers may share (the same engine name in
 * several threads, or runs appending to one --log folder): each writer counts its
 * own bytes from the file's size when it opened it and looks at the size again every
 * SP_LOG_RECHECK bytes, so the file passes the cap by at most a piece per writer.
 * Writes are plain write(2)s on an O_APPEND descriptor: each piece lands whole. */
#include "sp_log.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { SP_LOG_RECHECK = 1 << 20 };

struct sp_log {
    int fd;
    int64_t cap, size, since_check;
    uint64_t dropped;        /* bytes (escaped) not written past the cap */
    char carry[4];           /* the start of a character cut at the end of a stderr chunk */
    int ncarry;
    char *buf;               /* room to escape a piece into */
    size_t bufcap;
};

int sp_utf8_len(const unsigned char *s, size_t n)
{
    if (n == 0) return 0;
    unsigned c = s[0];
    if (c < 0x80) return 1;
    int len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (len == 0 || (size_t)len > n) return 0;
    for (int i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    if (c == 0xE0 && s[1] < 0xA0) return 0;   /* overlong */
    if (c == 0xED && s[1] > 0x9F) return 0;   /* a surrogate */
    if (c == 0xF0 && s[1] < 0x90) return 0;   /* overlong */
    if (c == 0xF4 && s[1] > 0x8F) return 0;   /* past U+10FFFF */
    return len;
}

/* Does BYTE need an escape in MODE (a byte of a whole ASCII character)? */
static bool needs_escape(unsigned char c, sp_clean_mode mode)
{
    if (mode == SP_CLEAN_LOG) return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F;
    return c < 0x20 || c == 0x7F;
}

char *sp_clean(const char *in, size_t n, sp_clean_mode mode, char *out, size_t outn)
{
    const unsigned char *s = (const unsigned char *)in;
    size_t k = 0;
    if (outn == 0) return out;
    for (size_t i = 0; i < n;) {
        int len = sp_utf8_len(s + i, n - i);
        char esc[8];
        const char *piece = (const char *)s + i;
        size_t plen = (size_t)len;
        if (len == 0 || (len == 1 && needs_escape(s[i], mode))) {
            snprintf(esc, sizeof esc, mode == SP_CLEAN_LOG ? "\\x%02x" : "<%02x>", s[i]);
            piece = esc;
            plen = strlen(esc);
            len = 1;
        }
        if (k + plen >= outn) break;
        memcpy(out + k, piece, plen);
        k += plen;
        i += (size_t)len;
    }
    out[k] = '\0';
    return out;
}

void sp_clean_field(char *s, size_t n)
{
    size_t len = strlen(s);
    char *tmp = malloc(n ? n : 1);
    if (!tmp) {   /* no room to escape: replace in place, which never grows */
        for (char *p = s; *p; p++)
            if (needs_escape((unsigned char)*p, SP_CLEAN_FIELD) || (unsigned char)*p >= 0x80) *p = '?';
        return;
    }
    sp_clean(s, len, SP_CLEAN_FIELD, tmp, n);
    memcpy(s, tmp, strlen(tmp) + 1);
    free(tmp);
}

sp_log *sp_log_open(const char *path, int64_t cap, char *err, size_t errlen)
{
    sp_log *l = calloc(1, sizeof *l);
    if (!l) { snprintf(err, errlen, "out of memory"); return NULL; }
    l->fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (l->fd < 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        free(l);
        return NULL;
    }
    struct stat st;
    l->cap = cap > 0 ? cap : SP_LOG_CAP_DEFAULT;
    l->size = fstat(l->fd, &st) == 0 ? (int64_t)st.st_size : 0;
    return l;
}

/* Write BUF[0..N) whole (a short write is retried). */
static void put(sp_log *l, const char *buf, size_t n)
{
    while (n > 0) {
        ssize_t w = write(l->fd, buf, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return;   /* a full disk: the log is not worth stopping a match for */
        buf += w;
        n -= (size_t)w;
    }
}

/* A piece of text, already escaped, under the cap: written, or counted and dropped. */
static void emit(sp_log *l, const char *text, size_t n)
{
    if (l->dropped == 0 && l->since_check >= SP_LOG_RECHECK) {   /* other writers' bytes count too */
        struct stat st;
        if (fstat(l->fd, &st) == 0 && (int64_t)st.st_size > l->size) l->size = (int64_t)st.st_size;
        l->since_check = 0;
    }
    if (l->dropped > 0 || l->size >= l->cap) {
        if (l->dropped == 0) {
            char note[160];
            int k = snprintf(note, sizeof note, "# boyi: this file reached its cap of %lld bytes: what follows is dropped\n",
                             (long long)l->cap);
            put(l, note, (size_t)k);
        }
        l->dropped += n;
        return;
    }
    put(l, text, n);
    l->size += (int64_t)n;
    l->since_check += (int64_t)n;
}

/* Room for N input bytes escaped (4 bytes each at most) and a few more. */
static bool room(sp_log *l, size_t n)
{
    size_t need = n * 4 + 16;
    if (need <= l->bufcap) return true;
    char *b = realloc(l->buf, need);
    if (!b) return false;
    l->buf = b;
    l->bufcap = need;
    return true;
}

void sp_log_line(sp_log *l, const char *prefix, const char *text)
{
    if (!l) return;
    size_t pl = strlen(prefix), n = strlen(text);
    if (l->dropped > 0) { l->dropped += pl + n + 1; return; }
    if (!room(l, pl + n)) return;
    memcpy(l->buf, prefix, pl);
    sp_clean(text, n, SP_CLEAN_LOG, l->buf + pl, l->bufcap - pl - 1);
    size_t k = pl + strlen(l->buf + pl);
    l->buf[k++] = '\n';
    emit(l, l->buf, k);
}

void sp_log_bytes(sp_log *l, const char *buf, size_t n)
{
    if (!l || n == 0) return;
    if (l->dropped > 0) { l->dropped += n; return; }
    char *joined = NULL;
    if (l->ncarry) {   /* the character cut at the last chunk's end comes first */
        if (!(joined = malloc(n + (size_t)l->ncarry))) return;
        memcpy(joined, l->carry, (size_t)l->ncarry);
        memcpy(joined + l->ncarry, buf, n);
        buf = joined;
        n += (size_t)l->ncarry;
        l->ncarry = 0;
    }
    /* A valid start of a character at the very end, not yet whole: kept for later. */
    size_t keep = 0;
    for (size_t back = 1; back <= 3 && back <= n; back++) {
        unsigned char c = (unsigned char)buf[n - back];
        if ((c & 0xC0) == 0x80) continue;
        int want = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 1;
        if ((size_t)want > back) keep = back;
        break;
    }
    memcpy(l->carry, buf + n - keep, keep);
    l->ncarry = (int)keep;
    n -= keep;
    if (n && room(l, n)) {
        sp_clean(buf, n, SP_CLEAN_LOG, l->buf, l->bufcap);
        emit(l, l->buf, strlen(l->buf));
    }
    free(joined);
}

void sp_log_close(sp_log *l)
{
    if (!l) return;
    if (l->ncarry && room(l, (size_t)l->ncarry)) {   /* a character that never ended */
        sp_clean(l->carry, (size_t)l->ncarry, SP_CLEAN_LOG, l->buf, l->bufcap);
        l->ncarry = 0;
        emit(l, l->buf, strlen(l->buf));
    }
    if (l->dropped > 0) {
        char note[160];
        int k = snprintf(note, sizeof note, "# boyi: %llu bytes dropped past the cap of %lld bytes\n",
                         (unsigned long long)l->dropped, (long long)l->cap);
        put(l, note, (size_t)k);
    }
    close(l->fd);
    free(l->buf);
    free(l);
}

void bo_json_string(FILE *f, const char *s)
{
    if (!s) { fputs("null", f); return; }
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        case '\t': fputs("\\t", f); break;
        default:
            if (*p < 0x20) fprintf(f, "\\u%04x", *p);
            else if (*p < 0x80) fputc(*p, f);
            else {   /* a whole UTF-8 character as it is; a byte that is none, U+FFFD */
                int len = sp_utf8_len(p, strnlen((const char *)p, 4));
                if (len == 0) fputs("\\ufffd", f);
                else fwrite(p, 1, (size_t)len, f), p += len - 1;
            }
        }
    }
    fputc('"', f);
}
