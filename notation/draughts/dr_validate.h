/* dr_validate.h -- replaying an international-draughts record under the rules and
 * saying, like a judge, what is wrong with it and where. */
#ifndef BOYI_DR_VALIDATE_H
#define BOYI_DR_VALIDATE_H

#include <stdbool.h>

#include "draughts.h"
#include "record.h"
#include "verdict.h"

/* Replay R (a PDN game as dr_pdn_read fills it, or any record whose moves are draughts
 * move texts) from its FEN or the start position, under RULES (who moves first when
 * nothing in the record says so; the draw rules in force).  Hands any warnings and then
 * exactly one verdict to SINK:
 *   parse        the reader could not read the game (its first error note);
 *   unsupported  (skipped) a game type other than 20, or a move left unknown ('...');
 *   position     a FEN tag or setup that is not a position;
 *   illegal      the first move that breaks a rule, in a judge's words;
 *   after-end    a move after the game was over (no legal move, or a draw rule);
 *   result       a result that the moves contradict, or a Result tag that disagrees
 *                with the game's terminator, or a draw claimed by a rule that did not
 *                apply (Termination tag).
 * Returns the verdict's status. */
bo_verdict_status dr_validate_record(const bo_record *r, const char *file, const dr_rules *rules,
                                     const bo_verdict_sink *sink);

/* How to judge beyond the rules:
 *   strict            a set-up position that no game can reach (a side with more than
 *                     20 pieces, a man on its own promotion row) is a "position" fault;
 *                     by default it is a located warning (problems use such positions);
 *   variation_errors  an illegal move in a variation is the game's verdict ("illegal",
 *                     message "in a variation: ..."); by default it is a warning with
 *                     that prefix and the main line's verdict stands.
 *   contest           the contest's rules were named (--rules ccgc): with strict, a win
 *                     the record claims but the board does not reach and no Termination
 *                     explains is a "result" fault; by default a warning (result_policy.h).
 * Variations (bo_rmove.vars) are replayed from the position before the move they
 * replace, nested ones likewise, whatever the options. */
typedef struct dr_validate_options {
    bool strict;
    bool variation_errors;
    bool contest;
} dr_validate_options;

/* dr_validate_record with options (NULL: the defaults above). */
bo_verdict_status dr_validate_record_with(const bo_record *r, const char *file, const dr_rules *rules,
                                          const dr_validate_options *opt, const bo_verdict_sink *sink);

/* The main line as the judge played it, for those who replay a record after judging
 * it (annotate, render, openings): the start position (the FEN tag or a set-up before
 * the first move, or the start of the rules), the moves in the game descriptor's
 * encoding (draughts.h's dr_desc_move) and each one's index in r->moves.  A set-up
 * after a move ends the line (ended).  The caller owns the arrays (free moves and
 * index) and may reuse them from game to game. */
typedef struct dr_line {
    dr_pos start;
    uint32_t *moves;
    int *index;
    int n, cap;
    bool ended;   /* a set-up after the first move cut the line there */
    bool oom;     /* out of memory: the line holds the moves before it */
} dr_line;

/* dr_validate_record_with, also filling LINE (NULL: as dr_validate_record_with). */
bo_verdict_status dr_validate_record_line(const bo_record *r, const char *file, const dr_rules *rules,
                                          const dr_validate_options *opt, const bo_verdict_sink *sink, dr_line *line);

/* What a result text claims: "2-0", "1-0", "1+ - 1-" (white), "0-2", "0-1" (black),
 * "1-1", "1/2-1/2" (draw), "0-0" (both lose), "*" or empty (unknown); a score "a-b"
 * (decimals and halves allowed) claims what its larger side says. */
typedef enum { DR_CLAIM_UNKNOWN = 0, DR_CLAIM_WHITE, DR_CLAIM_BLACK, DR_CLAIM_DRAW, DR_CLAIM_BOTH_LOSE,
               DR_CLAIM_UNREADABLE } dr_claim;
dr_claim dr_result_claim(const char *s);

#endif
