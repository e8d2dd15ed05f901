/* xq_validate.h - replay a Xiangqi record under the rules (RULES.md section 1)
 * and say, as a judge would, whether it is a valid game and how it ended, or
 * what is the first thing wrong with it and where.
 *
 * Reports (bo_verdict.kind): "position" (impossible [FEN]), "parse" (a move or
 * a piece of the record that cannot be read), "illegal" (a move the rules
 * forbid, with the rule), "after-end" (a move after checkmate, stalemate,
 * perpetual check, a third repetition or the natural limit), "result" (a claimed
 * result the moves contradict). A decisive result claimed for a game that is
 * not over on the board is no contradiction (resignation, time, agreement). */
#ifndef BOYI_XQ_VALIDATE_H
#define BOYI_XQ_VALIDATE_H

#include <stdbool.h>

#include "record.h"
#include "verdict.h"
#include "xiangqi.h"

/* What a replay keeps between games (so that the replay loop allocates nothing
 * per move) and what the last verdict's strings point into. */
typedef struct xq_check {
    xq_game game;
    bool live;                 /* game holds an allocation */
    xq_pos start;              /* start position of the last record */
    xq_move *moves;            /* the last record's moves, resolved (nmoves of them) */
    int nmoves, cap;
    xq_outcome outcome;        /* after the last resolved move */
    xq_end end;
    int end_ply;               /* ply after which the game was over, -1 if never */
    char message[640];
    char move_text[80];
    char ending[160];
    char result[16];
    char warn[640];
} xq_check;

void xq_check_init(xq_check *c);
void xq_check_free(xq_check *c);

/* Replay record r (read from FILE) and fill v, whose strings point into c until
 * the next call. The record's warnings, and those the replay finds (a move
 * number that does not fit, a notation other than the [Format] tag's), go to
 * warn->warning when warn is not NULL. The moves resolved up to the first fault
 * are kept in c->moves. Returns 0, or -1 when out of memory. */
int xq_check_record(xq_check *c, const char *file, const bo_record *r,
                    const bo_verdict_sink *warn, bo_verdict *v);

/* "1-0", "0-1" or "1/2-1/2" for a finished game's outcome, "*" if ongoing. */
const char *xq_outcome_result(xq_outcome o);

#endif
