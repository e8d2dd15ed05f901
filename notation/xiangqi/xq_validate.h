/* xq_validate.h - replay a Xiangqi record under the rules (RULES.md section 1)
 * and say, as a judge would, whether it is a valid game and how it ended, or
 * what is the first thing wrong with it and where.
 *
 * Reports (bo_verdict.kind): "position" (impossible [FEN]), "parse" (a move or
 * a piece of the record that cannot be read), "illegal" (a move the rules
 * forbid, with the rule), "after-end" (a move after checkmate, stalemate,
 * perpetual check, a third repetition or the natural limit), "result" (a claimed
 * result the moves contradict). A decisive result claimed for a game that is
 * not over on the board is no contradiction (resignation, time, agreement).
 *
 * How repetition is judged is a named rule set (xq_rules, `--rules`): under
 * ccgc (RULES.md, the default) a third repetition, and 60 moves by each side
 * without a capture (the natural limit), end the game; under human each is a
 * warning and play goes on (docs/xiangqi.md, "Rule sets"). */
#ifndef BOYI_XQ_VALIDATE_H
#define BOYI_XQ_VALIDATE_H

#include <stdbool.h>

#include "record.h"
#include "verdict.h"
#include "xiangqi.h"

/* How a third repetition of a position is judged. */
typedef enum {
    XQ_RULES_CCGC = 0, /* RULES.md: it ends the game (perpetual check loses, else a draw) */
    XQ_RULES_HUMAN     /* human play: a warning; the game goes on (the arbiter's matter);
                        * the natural limit likewise */
} xq_rules;

/* The known rule-set names, for usage errors and --help. */
#define XQ_RULES_NAMES "ccgc (default; also 'standard'), human (also 'continue')"

/* The rule set of NAME (case-insensitive; aliases as in XQ_RULES_NAMES):
 * 0, or -1 when NAME is none of them. */
int xq_rules_from_name(const char *name, xq_rules *out);
/* "ccgc" or "human". */
const char *xq_rules_name(xq_rules r);

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
    xq_rules rules;            /* set by the caller; XQ_RULES_CCGC after init */
    int repetitions;           /* human rules: repetitions warned of in the last record */
    int limits;                /* human rules: natural limits (60 moves each, no capture) warned of */
    bool variation_errors;     /* set by the caller: an illegal move in a variation makes the game invalid */
    bool strict;               /* set by the caller (--strict): a result claimed but not reached on the
                                * board with no reason given is a fault, not a warning */
    bool contest;              /* set by the caller: the contest's rules were named (--rules ccgc):
                                * such a claim is a fault too (result_policy.h) */
    int variations;            /* variation lines replayed in the last record */
    int variation_faults;      /* of them, lines with an unreadable or illegal move */
    char message[640];
    char move_text[80];
    char ending[400];
    char result[16];
    char warn[640];
} xq_check;

/* Ready C for records judged under ccgc; set c->rules for another rule set. */
void xq_check_init(xq_check *c);
void xq_check_free(xq_check *c);

/* Replay record r (read from FILE) and fill v, whose strings point into c until
 * the next call. The record's warnings, and those the replay finds (a move
 * number that does not fit, a notation other than the [Format] tag's, under
 * human rules each repetition that ccgc would end the game at), go to
 * warn->warning when warn is not NULL. The moves resolved up to the first fault
 * are kept in c->moves. Variations are replayed too (xq_check_variations).
 * Returns 0, or -1 when out of memory. */
int xq_check_record(xq_check *c, const char *file, const bo_record *r,
                    const bo_verdict_sink *warn, bo_verdict *v);

/* The variations of r (after xq_check_record replayed its main line into c
 * and v; xq_check_record calls it): each replayed from its branch point; the
 * first unreadable or illegal move of a line is a warning naming the
 * variation, or, with c->variation_errors, the game's fault (when its main
 * line was valid). Sets c->variations and c->variation_faults. */
void xq_check_variations(xq_check *c, const char *file, const bo_record *r, const bo_verdict_sink *sink,
                         bo_verdict *v);

/* "1-0", "0-1" or "1/2-1/2" for a finished game's outcome, "*" if ongoing. */
const char *xq_outcome_result(xq_outcome o);

#endif
