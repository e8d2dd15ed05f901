/* xqn_test_util.h -- what the Xiangqi notation tests share: reading corpus
 * files and a tiny PGN tokenizer (tags, move tokens), independent of the
 * project's PGN reader so that it can serve as an outside check.
 * Header-only (static functions): include it from one test file each. */
#ifndef XQN_TEST_UTIL_H
#define XQN_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

#define XQN_CORPUS BOYI_SHARED_DIR "/corpus/xiangqi/"

/* The whole file as bytes (NUL-terminated), or NULL. */
static inline unsigned char *xqn_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap + 1);
    size_t k;
    while (buf && (k = fread(buf + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap) {
            unsigned char *nb = realloc(buf, cap * 2 + 1);
            if (!nb) { free(buf); buf = NULL; break; }
            buf = nb;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf) buf[n] = 0;
    *len = n;
    return buf;
}

/* The file as UTF-8 text (GBK decoded), through the project's loader. */
static inline char *xqn_read_text(const char *path)
{
    bo_text t;
    char err[256];
    if (bo_text_load(&t, path, err, sizeof err) != 0) return NULL;
    char *s = strdup(t.data);
    bo_text_free(&t);
    return s;
}

enum { XQN_MAX_TOKS = 512 };

typedef struct xqn_game {
    char event[128], red[64], black[64], fen[128], date[32], site[64], result[16];
    char *tok[XQN_MAX_TOKS];   /* move tokens, pointers into the owning copy */
    int ntok;
} xqn_game;

/* Copy a tag value if line is [NAME "value"]. */
static inline void xqn_tag(const char *line, const char *name, char *out, size_t n)
{
    size_t k = strlen(name);
    if (line[0] != '[' || strncmp(line + 1, name, k) != 0 || line[1 + k] != ' ') return;
    const char *q = strchr(line, '"');
    if (!q) return;
    const char *e = strchr(q + 1, '"');
    if (!e) return;
    size_t len = (size_t)(e - q - 1);
    if (len >= n) len = n - 1;
    memcpy(out, q + 1, len);
    out[len] = 0;
}

static inline int xqn_is_result(const char *t)
{
    return !strcmp(t, "1-0") || !strcmp(t, "0-1") || !strcmp(t, "1/2-1/2") || !strcmp(t, "*");
}

/* Split PGN text (modified in place) into games: tags, then move tokens up to
 * a result token or the next tag line; move numbers ("12." or "12...") and
 * {comments} are skipped. Returns the number of games (at most max). */
static inline int xqn_split_games(char *s, xqn_game *g, int max)
{
    /* Blank out comments first (new lines in them too) so lines are simple. */
    for (char *c = s; *c; c++)
        if (*c == '{')
            for (; *c && *c != '}'; c++) *c = ' ';
    for (char *c = s; *c; c++)
        if (*c == '}') *c = ' ';
    int n = -1, state = 0;   /* state: 0 in tags, 1 in moves, -1 after the result */
    char *p = s;
    while (*p) {
        char *eol = strchr(p, '\n');
        char *next = eol ? eol + 1 : p + strlen(p);
        if (eol) *eol = 0;
        if (p[0] == '[') {
            if (state != 0 || n < 0) {
                if (n + 1 >= max) break;
                n++;
                memset(&g[n], 0, sizeof g[n]);
                state = 0;
            }
            xqn_tag(p, "Event", g[n].event, sizeof g[n].event);
            xqn_tag(p, "Red", g[n].red, sizeof g[n].red);
            xqn_tag(p, "Black", g[n].black, sizeof g[n].black);
            xqn_tag(p, "FEN", g[n].fen, sizeof g[n].fen);
            xqn_tag(p, "Date", g[n].date, sizeof g[n].date);
            xqn_tag(p, "Site", g[n].site, sizeof g[n].site);
            xqn_tag(p, "Result", g[n].result, sizeof g[n].result);
        } else if (n >= 0 && state >= 0) {
            char *q = p;
            while (*q) {
                while (*q == ' ' || *q == '\t' || *q == '\r') q++;
                if (!*q) break;
                char *t = q;
                while (*q && *q != ' ' && *q != '\t' && *q != '\r') q++;
                if (*q) *q++ = 0;
                size_t tl = strlen(t);
                if (tl > 0 && t[tl - 1] == '.') continue;   /* move number */
                if (xqn_is_result(t)) { state = -1; break; }
                if (g[n].ntok < XQN_MAX_TOKS) g[n].tok[g[n].ntok++] = t;
                state = 1;
            }
        }
        p = next;
    }
    return n + 1;
}

#endif
