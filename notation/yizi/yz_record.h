/* yz_record.h -- the line game's contest record (docs/yizi.md), read and written:
 *
 *   {[YZ][东北大学 F][沈阳航空航天大学 S][先手胜][2026.07.20 14:00 沈阳][2026 CCGC][R3 normal];F(2,9);S(9,1);F(2,6,1);...}
 *
 * The header has the contest's fields (game code, first player's team and side,
 * second player's, result, date time place, event) and a seventh, the rules: R1, R2
 * or R3 and normal or misere.  A move is the side (F first, S second) and in
 * brackets a placement's point and coins, or a move's from point, coins and to point;
 * a comment may follow a move in square brackets.  F is the player who makes the
 * record's first move (the first placer under rule 3). */
#ifndef BOYI_YZ_RECORD_H
#define BOYI_YZ_RECORD_H

#include <stdbool.h>
#include <stdio.h>

#include "record.h"

/* How sure (0..100) that DATA holds line-game records. */
int yz_record_sniff(const char *data, size_t len);

/* Read every game of DATA, handing each record to EACH (which may keep nothing of it
 * past the call; non-zero stops the reading).  What the reader forgave is in the
 * record's warnings, what it could not read in its errors, both located.  Returns the
 * number of games, or -1 with ERR when there is none. */
int yz_record_read(const char *data, size_t len, int (*each)(void *ctx, bo_record *r), void *ctx, char *err,
                   size_t errlen);

/* A move of a record ("F(2,6,1)") as its side (0 first, 1 second) and the engine's
 * move text ("2:6-1", "2+9"); -1 if it is not one. */
int yz_record_move(const char *text, int *side, char *engine_text, size_t n);

/* The record R in the contest form (tags, moves and their comments). */
int yz_record_write(FILE *f, const bo_record *r);

#endif
