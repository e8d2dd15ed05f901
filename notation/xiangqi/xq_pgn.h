/* xq_pgn.h - Xiangqi game records as text: the xqbase-style PGN reader, the
 * writers for every text form `boyi convert` offers, and sniffing.
 *
 * Reading fills the common record model (notation/common/record.h): tags, the
 * [FEN] start, the moves exactly as written with their line and column (in
 * characters), comments, the claimed result. Readers never judge the rules;
 * xq_validate.h does. The formats are described in docs/xiangqi.md. */
#ifndef BOYI_XQ_PGN_H
#define BOYI_XQ_PGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "record.h"
#include "text.h"
#include "xiangqi.h"

/* Read every game of a PGN text: tags, {comments} (multi-line), ; line
 * comments, (variations) nested (read into the record's variation tree), move
 * numbers 1. 1... , results 1-0 0-1 1/2-1/2 * in the move text, several games
 * per file, games without tags or result, moves glued to their numbers or to
 * each other (1.炮二平五马８进７), and text after a result that is no game (the
 * advertisement lines of xqbase files: skipped with a warning). Faults that
 * stop part of a record from being read are BO_NOTE_ERROR notes on it.
 * Returns 0 (out may hold no game), or -1 with err set when out of memory. */
int xq_pgn_read(const bo_text *t, bo_record_list *out, char *err, size_t errlen);

/* The same, handing each game to EACH as soon as it is read (and freeing it
 * after), so that a big file is never held whole: the validator's way. EACH
 * returns 0 to go on, else reading stops; it may keep a game by moving it out
 * (copy the struct, then zero the original). *games (may be NULL) gets how
 * many games were handed over. Returns 0, or -1 with err set when out of memory. */
typedef int (*xq_record_fn)(void *ctx, bo_record *r);
int xq_pgn_read_each(const bo_text *t, xq_record_fn each, void *ctx, int *games, char *err, size_t errlen);

/* How to read: strict refuses (an error note on the game, which makes it
 * invalid) what the PGN standard refuses and real files hold, such as quotes
 * left unescaped in a tag value; by default those are read with a warning. */
typedef struct xq_read_opts {
    bool strict;
    int *source;   /* xq_records_each_opts: when not NULL, gets the form read (an xq_source) */
} xq_read_opts;

/* xq_pgn_read_each with options (NULL: the defaults). */
int xq_pgn_read_opts(const bo_text *t, const xq_read_opts *opts, xq_record_fn each, void *ctx, int *games,
                     char *err, size_t errlen);

/* 0..100: how much DATA (len bytes of UTF-8) looks like Xiangqi PGN. Never
 * high for draughts PDN or gomoku records. */
int xq_pgn_sniff(const char *data, size_t len);

/* Does the token (len bytes) look like a Xiangqi move in any notation? A cheap,
 * position-free test used to tell a game from junk text. */
bool xq_pgn_movelike(const char *tok, size_t len);

/* If tok starts with a move number ("12." "12..." "１２．"), the bytes it takes
 * (its value in *num); else 0. */
size_t xq_pgn_number_prefix(const char *tok, size_t len, int *num);

/* The standard form ("1-0" "0-1" "1/2-1/2" "*") of a result as a tag or the
 * move text writes it (also 红胜 黑胜 和棋 ...; empty is "*"); NULL if it is none. */
const char *xq_result_normalise(const char *s, size_t len);

/* The text forms records are written in. */
typedef enum {
    XQ_FMT_PGN = 0,   /* PGN, Chinese moves (as xq_write_move writes them), wrapped lines */
    XQ_FMT_WXF,       /* PGN with [Format "WXF"] */
    XQ_FMT_ICCS,      /* PGN with [Format "ICCS"] */
    XQ_FMT_CHINESE,   /* xqbase layout: one move pair per line, full-width digits */
    XQ_FMT_CONTEST    /* the contest frame {[XQ][..]..;1.炮二平五 马8进7;...} */
} xq_format;

/* The format called NAME (pgn wxf iccs chinese contest); -1 if none. */
int xq_format_from_name(const char *name);

/* Write one game. moves[0..n) are the record's moves resolved from START (the
 * first n of them; fewer than the record has when a fault stopped the replay,
 * then STOP_NOTE says why and is written as a final comment). RESULT is the
 * result to write ("1-0" "0-1" "1/2-1/2" "*"). Tags, comments, FEN are kept.
 * Returns 0, or -1 when a move cannot be written (err says which). */
int xq_record_write(FILE *f, const bo_record *r, const xq_pos *start, const xq_move *moves,
                    int n, const char *result, xq_format fmt, const char *stop_note,
                    char *err, size_t errlen);
/* xq_record_write for a game replayed up to a fault at move N: the moves after it
 * follow as they were read (text, comments), so that the copy is judged as the
 * original was (annotate); the contest frame stops at the fault. */
int xq_record_write_rest(FILE *f, const bo_record *r, const xq_pos *start, const xq_move *moves, int n,
                         const char *result, xq_format fmt, char *err, size_t errlen);

#endif
