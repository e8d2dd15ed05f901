/* xqr_test_util.h -- what the Xiangqi record tests share: reading a text or a
 * corpus file into records, and replaying one record into its moves.
 * Header-only (static inline functions); include it from one test file each. */
#ifndef XQR_TEST_UTIL_H
#define XQR_TEST_UTIL_H

#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "text.h"
#include "verdict.h"
#include "xq_contest.h"
#include "xq_pgn.h"
#include "xq_validate.h"
#include "xq_records.h"
#include "xq_notation.h"

#define XQR_CORPUS BOYI_SHARED_DIR "/corpus/xiangqi/"

/* Records of a text given in memory, read as PGN or (when it starts with a
 * frame) as contest records. Returns the reader's return code. */
static inline int xqr_read_string(const char *s, bo_record_list *out)
{
    bo_text t;
    char err[256];
    if (bo_text_from_bytes(&t, "test.pgn", (const unsigned char *)s, strlen(s), err, sizeof err) != 0) return -1;
    memset(out, 0, sizeof *out);
    int rc = xq_contest_sniff(t.data, t.len) > 0 ? xq_contest_read(&t, out, err, sizeof err)
                                                 : xq_pgn_read(&t, out, err, sizeof err);
    bo_text_free(&t);
    return rc;
}

/* Records of a file: XQF, contest frames or PGN, as the CLI picks them. */
static inline int xqr_read_file(const char *path, bo_record_list *out)
{
    bo_text t;
    char err[256];
    memset(out, 0, sizeof *out);
    if (bo_text_load(&t, path, err, sizeof err) != 0) return -1;
    int rc = xq_records_read(&t, out, err, sizeof err);
    bo_text_free(&t);
    return rc;
}

/* A Big5 corpus file decoded to UTF-8 with glibc's iconv (BIG5, else CP950),
 * NUL-terminated, or NULL: the way to read the ccpd-big5 collection in a test
 * without the project's loader. */
static inline char *xqr_big5_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    static char raw[1 << 20];
    size_t n = fread(raw, 1, sizeof raw, f);
    fclose(f);
    static const char *const codes[] = {"BIG5", "CP950"};
    for (size_t c = 0; c < 2; c++) {
        iconv_t cd = iconv_open("UTF-8", codes[c]);
        if (cd == (iconv_t)-1) continue;
        size_t cap = n * 2 + 16, left = cap, in_left = n;
        char *out = malloc(cap), *o = out, *in = raw;
        size_t rc = iconv(cd, &in, &in_left, &o, &left);
        iconv_close(cd);
        if (rc != (size_t)-1 && in_left == 0) { *o = 0; return out; }
        free(out);
    }
    return NULL;
}

/* Append the moves of line (moves[0..n)) played from p to out as ICCS names,
 * each move's variations after it in parentheses, nested: the shape of the
 * variation tree in moves, independent of the notation it was written in.
 * A move that cannot be played is written "?text" and ends its line. */
static inline void xqr_tree_line(const bo_rmove *moves, int n, const xq_pos *from, char **out, size_t *len, size_t *cap)
{
    xq_pos p = *from;
    for (int i = 0; i < n; i++) {
        char word[96];
        xq_move mv;
        bool ok = xq_parse_move(&p, moves[i].text, strlen(moves[i].text), XQ_NOTE_AUTO, &mv, NULL, NULL, 0) == 0 &&
                  xq_is_legal(&p, mv);
        if (ok) xq_move_name(mv, word), strcat(word, " ");
        else snprintf(word, sizeof word, "?%.60s ", moves[i].text);
        size_t wl = strlen(word);
        if (*len + wl + 4 >= *cap) { *cap = (*cap + wl) * 2; *out = realloc(*out, *cap); }
        memcpy(*out + *len, word, wl + 1);
        *len += wl;
        if (!ok) return;
        for (int k = 0; k < moves[i].nvars; k++) {
            strcpy(*out + *len, "( ");
            *len += 2;
            xqr_tree_line(moves[i].vars[k]->moves, moves[i].vars[k]->nmoves, &p, out, len, cap);
            if (*len + 4 >= *cap) { *cap *= 2; *out = realloc(*out, *cap); }
            strcpy(*out + *len, ") ");
            *len += 2;
        }
        xq_undo u;
        xq_make(&p, mv, &u);
    }
}

/* The whole tree of record r from its start position (malloc'd). */
static inline char *xqr_tree(const bo_record *r)
{
    xq_pos p;
    char err[256];
    if (r->fen) { if (xq_pos_from_fen(&p, r->fen, err, sizeof err) != 0) return strdup("?fen"); }
    else xq_pos_start(&p);
    size_t len = 0, cap = 256;
    char *out = malloc(cap);
    out[0] = 0;
    xqr_tree_line(r->moves, r->nmoves, &p, &out, &len, &cap);
    return out;
}

/* A record callback that keeps the games handed over in a bo_record_list. */
static inline int xqr_keep(void *ctx, bo_record *r)
{
    bo_record_list *l = ctx;
    bo_record *slot = bo_record_list_push(l, r->line);
    if (!slot) return -1;
    *slot = *r;
    memset(r, 0, sizeof *r);
    return 0;
}

/* Warnings collected by a sink, for tests that look at them. */
typedef struct xqr_warnings {
    int n;
    char first[512], last[512];
} xqr_warnings;

static inline void xqr_on_warning(void *ctx, const bo_warning *w)
{
    xqr_warnings *ws = ctx;
    ws->n++;
    snprintf(ws->last, sizeof ws->last, "%d:%d: %s", w->line, w->col, w->message);
    if (ws->n == 1) memcpy(ws->first, ws->last, sizeof ws->first);
}

static inline void xqr_on_verdict(void *ctx, const bo_verdict *v) { (void)ctx; (void)v; }

#endif
