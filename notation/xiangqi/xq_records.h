/* xq_records.h - any Xiangqi record file, whatever its form: PGN (xqbase,
 * WXF, ICCS), contest frames, XQF, ChessBridge CBR/CBL, DhtmlXQ or one-line
 * "FEN w, MOVES, RESULT" records. Tells which form a loaded file is in,
 * and reads its games, one by one or all at once. Files cut short inside their
 * last character are read up to it (with a warning); files that are neither
 * UTF-8 nor GBK text nor XQF are refused with the place of the first bad byte. */
#ifndef BOYI_XQ_RECORDS_H
#define BOYI_XQ_RECORDS_H

#include "record.h"
#include "text.h"
#include "xq_pgn.h"

typedef enum { XQ_SRC_PGN = 0, XQ_SRC_CONTEST, XQ_SRC_XQF, XQ_SRC_CBR, XQ_SRC_DHTML, XQ_SRC_CBF, XQ_SRC_ONELINE } xq_source;

/* 0..100: how sure it is that T holds Xiangqi records; *src (may be NULL)
 * gets the form. */
int xq_records_sniff(const bo_text *t, xq_source *src);

/* Hand every game of T to EACH in file order (EACH returns non-zero to stop).
 * *games (may be NULL) gets how many were handed over. Returns 0, or -1 with
 * err set when the file cannot be read at all (not text, no game, out of
 * memory). */
int xq_records_each(const bo_text *t, xq_record_fn each, void *ctx, int *games, char *err, size_t errlen);

/* The same, with reading options (NULL: the defaults; see xq_read_opts). */
int xq_records_each_opts(const bo_text *t, const xq_read_opts *opts, xq_record_fn each, void *ctx, int *games,
                         char *err, size_t errlen);

/* Every game of T into out (empty on entry). Same return as xq_records_each. */
int xq_records_read(const bo_text *t, bo_record_list *out, char *err, size_t errlen);

#endif
