/* xq_records.c - a Xiangqi record file of any form: telling the form (XQF,
 * contest frames, PGN) and the encoding faults apart, and reading the games. */
#include "xq_records.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq_cbf.h"
#include "xq_cbr.h"
#include "xq_contest.h"
#include "xq_dhtml.h"
#include "xq_oneline.h"
#include "xq_xqf.h"

/* XQF is binary (it holds NUL bytes) and starts with its magic. */
static bool is_xqf(const bo_text *t)
{
    return t->raw && t->encoding == BO_ENC_BINARY && xq_xqf_sniff(t->raw, t->raw_len);
}

static bool mend_cut_text(const bo_text *t, bo_text *mended);
static int keep_record(void *ctx, bo_record *r);

int xq_records_sniff(const bo_text *t, xq_source *src)
{
    xq_source dummy;
    if (!src) src = &dummy;
    if (is_xqf(t)) { *src = XQ_SRC_XQF; return 100; }
    if (t->raw && xq_cbr_sniff(t->raw, t->raw_len)) { *src = XQ_SRC_CBR; return 100; }
    bo_text mended;
    if (mend_cut_text(t, &mended)) {
        int score = xq_records_sniff(&mended, src);
        bo_text_free(&mended);
        return score;
    }
    if (t->data && xq_cbf_sniff(t->data, t->len)) { *src = XQ_SRC_CBF; return 100; }
    if (t->data && xq_dhtml_sniff(t->data, t->len)) { *src = XQ_SRC_DHTML; return 100; }
    if (t->data && xq_oneline_sniff(t->data, t->len)) { *src = XQ_SRC_ONELINE; return 90; }
    int c = xq_contest_sniff(t->data, t->len);
    int p = xq_pgn_sniff(t->data, t->len);
    *src = c > 0 && c >= p ? XQ_SRC_CONTEST : XQ_SRC_PGN;
    return c > p ? c : p;
}

/* Are the last k bytes of s[0..n) the start of a character and no more: an
 * incomplete UTF-8 sequence (gbk false), or the first bytes of a GBK/GB18030
 * one (gbk true)? */
static bool incomplete_tail(const unsigned char *s, size_t n, size_t k, bool gbk)
{
    const unsigned char *t = s + n - k;
    if (gbk)
        return t[0] >= 0x81 && t[0] <= 0xFE && (k < 2 || (t[1] >= 0x30 && t[1] <= 0x39)) &&
               (k < 3 || (t[2] >= 0x81 && t[2] <= 0xFE));
    size_t need = t[0] >= 0xC2 && t[0] <= 0xDF ? 1 : t[0] >= 0xE0 && t[0] <= 0xEF ? 2 : t[0] >= 0xF0 && t[0] <= 0xF4 ? 3 : 0;
    bool ok = need >= k;
    for (size_t i = 1; i < k && ok; i++) ok = (t[i] & 0xC0) == 0x80;
    return ok;
}

/* A text file cut short inside its last character is neither UTF-8 nor GBK.
 * Read it without the broken character (mended gets the text), so that the
 * faults are found where they are; true if that worked. UTF-8 is tried
 * first: UTF-8 Chinese often decodes as (wrong) GBK too. */
static bool mend_cut_text(const bo_text *t, bo_text *mended)
{
    if (t->encoding != BO_ENC_BINARY || !t->raw || t->raw_len < 2 || memchr(t->raw, 0, t->raw_len)) return false;
    for (int gbk = 0; gbk <= 1; gbk++)
        for (size_t k = 1; k <= 3 && k < t->raw_len; k++) {
            char err[128];
            if (!incomplete_tail(t->raw, t->raw_len, k, gbk)) continue;
            if (!gbk && !bo_utf8_valid(t->raw, t->raw_len - k)) continue;
            if (bo_text_from_bytes(mended, t->path, t->raw, t->raw_len - k, err, sizeof err) != 0) return false;
            if (mended->encoding != BO_ENC_BINARY) return true;
            bo_text_free(mended);
        }
    return false;
}

/* Games handed over one by one from a list read whole. */
static int each_of_list(bo_record_list *l, xq_record_fn each, void *ctx, int *games)
{
    int n = 0;
    for (int i = 0; i < l->n; i++, n++)
        if (each(ctx, &l->items[i]) != 0) { n++; break; }
    if (games) *games = n;
    return 0;
}

/* The error for a file with no game in it. */
static int no_game(const bo_text *t, char *err, size_t errlen)
{
    snprintf(err, errlen, t->len == 0 ? "the file is empty" : "no Xiangqi game in the file");
    return -1;
}

int xq_records_each(const bo_text *t, xq_record_fn each, void *ctx, int *games, char *err, size_t errlen)
{
    return xq_records_each_opts(t, NULL, each, ctx, games, err, errlen);
}

int xq_records_each_opts(const bo_text *t, const xq_read_opts *opts, xq_record_fn each, void *ctx, int *games,
                         char *err, size_t errlen)
{
    xq_source src;
    xq_records_sniff(t, &src);
    if (opts && opts->source) *opts->source = (int)src;
    if (games) *games = 0;
    bo_record_list list = {0};
    int rc;
    bo_text mended;
    if (src == XQ_SRC_XQF) {
        rc = xq_xqf_read(t->raw, t->raw_len, &list, err, errlen);
    } else if (src == XQ_SRC_CBR) {
        rc = xq_cbr_read(t->raw, t->raw_len, &list, err, errlen);
    } else if (mend_cut_text(t, &mended)) {
        rc = xq_records_each_opts(&mended, opts, keep_record, &list, NULL, err, errlen);
        if (rc == 0 && list.n > 0) {
            int line, col;
            bo_text_line_col(&mended, mended.len, &line, &col);
            bo_record_note(&list.items[list.n - 1], BO_NOTE_WARNING, line, col,
                           "the file ends inside a character (cut short?); its last bytes were not read");
        }
        bo_text_free(&mended);
    } else if (t->encoding == BO_ENC_BINARY) {
        int line, col;
        unsigned byte;
        bo_text_first_bad_byte(t, &line, &col, &byte);
        snprintf(err, errlen, "line %d, column %d: byte 0x%02X is not UTF-8 or GBK text, and the file is no XQF record",
                 line, col, byte);
        return -1;
    } else if (src == XQ_SRC_CBF) {
        rc = xq_cbf_read(t, &list, err, errlen);
    } else if (src == XQ_SRC_DHTML) {
        rc = xq_dhtml_read(t, &list, err, errlen);
    } else if (src == XQ_SRC_ONELINE) {
        rc = xq_oneline_read(t, opts && opts->strict, &list, err, errlen);
    } else if (src == XQ_SRC_CONTEST) {
        rc = xq_contest_read(t, &list, err, errlen);
    } else {
        int n = 0;
        rc = xq_pgn_read_opts(t, opts, each, ctx, &n, err, errlen);
        if (games) *games = n;
        return rc == 0 && n == 0 ? no_game(t, err, errlen) : rc;
    }
    if (rc == 0 && list.n == 0) rc = no_game(t, err, errlen);
    if (rc == 0) each_of_list(&list, each, ctx, games);
    bo_record_list_free(&list);
    return rc;
}

/* Collects the games handed over into a list (moving them, not copying). */
static int keep_record(void *ctx, bo_record *r)
{
    bo_record_list *l = ctx;
    bo_record *slot = bo_record_list_push(l, r->line);
    if (!slot) return -1;
    *slot = *r;
    memset(r, 0, sizeof *r);   /* the reader frees it next: nothing left to free */
    return 0;
}

int xq_records_read(const bo_text *t, bo_record_list *out, char *err, size_t errlen)
{
    int n = 0;
    int rc = xq_records_each(t, keep_record, out, &n, err, errlen);
    if (rc == 0 && n > out->n) { snprintf(err, errlen, "out of memory"); return -1; }
    return rc;
}
