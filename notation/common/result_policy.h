/* result_policy.h -- one policy, for every game, on a result the record claims but the
 * board does not reach (issue 36; docs/exit-codes.md "A result not reached on the
 * board").
 *
 *   - a claim the record explains (resignation, time, forfeit, agreement, adjudication:
 *     SGF RE suffixes W+R/W+Resign/B+T/B+Time/W+F, a PGN/PDN Termination tag, the
 *     contest formats' own words such as 超时 认输 判负) is accepted with a note naming
 *     the reason (the verdict's ending);
 *   - a claim nothing explains is a warning by default, and a fault (kind "result")
 *     under --strict and under the contest's rules named on the command line
 *     (--rules ccgc, --rules renju: a referee's judgement, which wants the reason);
 *   - a claim the board contradicts (a five or a mate for the other side) stays a
 *     fault: each game's judge keeps that check before this one. */
#ifndef BOYI_RESULT_POLICY_H
#define BOYI_RESULT_POLICY_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
    BO_REASON_NONE = 0,
    BO_REASON_RESIGN,
    BO_REASON_TIME,
    BO_REASON_FORFEIT,        /* an illegal move, a crash, garbage, a rules infraction, no show */
    BO_REASON_AGREEMENT,
    BO_REASON_ADJUDICATION,
} bo_reason;

/* The reason a text gives (a Termination tag, a result field's words, a comment):
 * English and Chinese words, case-insensitive; BO_REASON_NONE where it gives none
 * ("normal", "five in a row", NULL). */
bo_reason bo_reason_from_text(const char *s);
/* The reason of an SGF RE value's suffix: "W+R" "W+Resign" "B+T" "B+Time" "W+F"
 * "B+Forfeit" (a number, "W+", "B+5": none). */
bo_reason bo_reason_from_sgf(const char *re);
/* "resignation", "time", "forfeit", "agreement", "adjudication". */
const char *bo_reason_name(bo_reason r);
/* The contest's word for R (认输 超时 判负 协议 裁定), for the contest formats' writers. */
const char *bo_reason_contest_word(bo_reason r);

typedef enum { BO_CLAIM_NOTE, BO_CLAIM_WARN, BO_CLAIM_FAULT } bo_claim_action;

/* What to do with a claim the board does not reach (the game is not over on it). */
bo_claim_action bo_claim_unreached(bo_reason r, bool strict, bool contest);

/* The words for it, into BUF: for a note (the verdict's ending) "not over on the
 * board; the record says 0-1 by resignation (Termination \"...\")"; for a warning or a
 * fault "the record says 0-1, but the game is not over on the board and the record
 * gives no reason (resignation, time, forfeit...)".  WHERE names what gave the reason
 * (may be NULL); CLAIM the claim in the game's words. */
void bo_claim_words(char *buf, size_t n, bo_claim_action a, const char *claim, bo_reason r, const char *where,
                    bool strict, bool contest);

#endif
