/* pg_record.h -- peg solitaire solution records (docs/pegs.md "Records"): a header of
 * bracketed tags, then the moves, each a chain of jumps by one peg ("d2-d4" or
 * "b4-d4-f4"), optionally numbered ("1."); comments in braces or after ';'.
 *
 *   [Game "pegs"]
 *   [Board "english"]            english (default), french, diamond41, wiegleb45
 *   [Start "d4"]                 the empty holes at the start (default: the centre),
 *                                or [Position "..."] in the position text of pegs.h
 *   [Goal "d4"]                  the hole of the last peg, or "any" (default: the centre)
 *   [Moves "18"]                 optional: the number of moves, checked
 *   1. e4-c4 2. ...
 *
 * A file holds one record or several, each starting with its [Game ...] tag.  Validating
 * replays every jump (legal: a peg jumps an adjacent peg into an empty hole) and checks
 * that the goal is reached. */
#ifndef BOYI_PG_RECORD_H
#define BOYI_PG_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "pegs.h"
#include "verdict.h"

/* One record as read and judged. */
typedef struct pg_game_rec {
    int index;                         /* 1-based in the file */
    int line;                          /* where it starts */
    int board;
    uint64_t start;                    /* pegs at the start */
    int goal;
    pg_line jumps;                     /* replayed, up to the first fault */
    int moves;                         /* chains replayed */
    int claimed_moves;                 /* [Moves], -1 if none */
    bool solved;
    /* The fault, if any (status INVALID); line/col 0 when not about a place. */
    bool invalid;
    int err_line, err_col, err_move;
    char err_kind[16];
    char err_text[64];                 /* the move as written */
    char message[512];
} pg_game_rec;

typedef int (*pg_game_fn)(void *ctx, const pg_game_rec *g);

/* Read every record of TEXT (LEN bytes, NUL-terminated), judge it and hand it to EACH
 * (a non-zero return stops).  Returns the number of records, or -1 with err when the
 * text holds none. */
int pg_records_read(const char *text, size_t len, pg_game_fn each, void *ctx, char *err, size_t errlen);

/* How likely TEXT holds peg solitaire records (0..100). */
int pg_records_sniff(const char *text, size_t len);

#endif
