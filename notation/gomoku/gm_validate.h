/* gm_validate.h -- judging a Gomoku / Renju record: replay it under the rules and say,
 * located and in a judge's words, what is wrong, or which result the moves establish.
 *
 * Fault kinds (bo_verdict.kind):
 *   "illegal"    a stone off the board or on an occupied point, the wrong colour to
 *                move, black's first stone not on H8 (renju, the contest rule, under the
 *                free opening)
 *   "opening"    the opening rule broken (engine/gomoku/gm_opening.h): a stone outside
 *                the area the rule gives it, a swap decision missing, extra or not
 *                allowed (tag Swap), fifth-move offers of the wrong number, repeated,
 *                symmetrical, not keeping move 5, or kept by black (tags Offers,
 *                Declared, ChosenBy); an Opening tag or --opening-rule names the rule
 *                (free by default); docs/gomoku-openings.md
 *   "forbidden"  black's forbidden move (double-three, double-four, overline) when the
 *                record does not end there as a white win: it plays on after it, or its
 *                result says black won or a draw.  A record that ends at the foul with
 *                后手胜 (or no result) is ok, 0-1, ending "black's forbidden move ...".
 *   "after-end"  moves after a five ended the game
 *   "result"     a result field that contradicts the moves
 *   "time"       a move over the time limit (15 s, the contest's, unless changed): the
 *                mover loses on time; a record that ends at that move with no result or
 *                the opponent's win is ok ("time forfeit: ..."), one that goes on after
 *                it or claims another result is not
 *   "parse"      the record could not be read to its end
 *   "position"   the rule set cannot be played on the record's board
 * docs/gomoku.md explains each decision. */
#ifndef BOYI_GM_VALIDATE_H
#define BOYI_GM_VALIDATE_H

#include <stdbool.h>

#include "gm_notation.h"
#include "gm_opening.h"
#include "verdict.h"

typedef struct gm_validate_opts {
    bool rules_given;        /* --rules: overrides what the record says */
    gm_rules rules;
    double move_time_limit;  /* seconds; <= 0 means the contest's 15 s */
    bool five_point_threes;  /* --rules renju-five-threes: the other reading of the
                              * RULES.md three/five Decision (renju only) */
    bool strict;             /* --strict: the readers refuse what they would warn about */
    bool variation_errors;   /* --variation-errors: a fault in a variation makes the game
                              * invalid (by default it is a located warning) */
    bool claim_moot;         /* the record could not be read to its end: no warning about
                              * its result claim (the parse fault is the verdict) */
    bool opening_given;      /* --opening-rule: overrides the record's Opening tag */
    gm_opening opening;
} gm_validate_opts;

/* Storage for the strings a verdict points to. */
typedef struct gm_verdict_buf {
    char result[16];
    char ending[512];
    char message[1024];
    char move_text[96];
    char event[256];
    char opening[160];
} gm_verdict_buf;

typedef void (*gm_warn_fn)(void *ctx, int line, int col, const char *msg);

/* Replay G and fill V (its strings live in BUF; file and game are left as they are).
 * WARN (may be NULL) gets remarks that do not make the game invalid. */
void gm_validate_game(const gm_game *g, const gm_validate_opts *o, bo_verdict *v, gm_verdict_buf *buf,
                      gm_warn_fn warn, void *ctx);

/* Judge one record R of FILE as gm_validate_text does: the reader's warnings and the
 * judge's remarks go to SINK (as game R->index), the verdict into *V (its strings in
 * BUF and R, kept by the caller as long as V).  With OUT, a record whose moves could be
 * decoded leaves its decoded game in *OUT (the caller frees it with gm_game_free) and
 * 1 is returned; else 0. */
int gm_validate_record(const bo_record *r, const char *file, const gm_validate_opts *o, const bo_verdict_sink *sink,
                       bo_verdict *v, gm_verdict_buf *buf, gm_game *out);
/* The fault of a text in which gm_read_with found no record (ERR holds the reader's
 * reason): rewritten "line L, column C: ..." (the file's start unless the reader
 * located it).  Returns -1. */
int gm_validate_read_fault(const bo_text *t, char *err, size_t errlen);

/* Read every record of T, validate each, and hand verdicts and warnings to SINK.
 * Returns 0, or -1 with err when T holds no Gomoku record at all. */
int gm_validate_text(const bo_text *t, const gm_validate_opts *o, const bo_verdict_sink *sink,
                     char *err, size_t errlen);

#endif
