/* dr_eval.h -- the static evaluation of an international draughts position.
 *
 * The evaluation is linear in a few features, each counted for white minus black
 * (black's seen from its own side), so that the weights can be tuned by logistic
 * regression on game results (tools/dr_tune.c, docs/engine-draughts.md). */
#ifndef BOYI_DR_EVAL_H
#define BOYI_DR_EVAL_H

#include "draughts.h"

enum {
    DR_F_MEN,          /* men */
    DR_F_KINGS,        /* kings */
    DR_F_ADVANCE,      /* rows advanced, summed over men */
    DR_F_ADVANCE_END,  /* the same, in endings (16 pieces or fewer on the board) */
    DR_F_CENTRE,       /* men on 22-24, 27-29 (and black's mirror squares) */
    DR_F_GUARD,        /* men on 47-49 while the opponent has no king */
    DR_F_OUTPOST,      /* men on the opponent's half held from both squares behind */
    DR_F_RUNAWAY,      /* men no opposing piece can stop from promoting */
    DR_F_RUNAWAY_ROWS, /* rows those men still have to go */
    DR_F_EDGE,         /* men on the side edges */
    DR_F_BALANCE,      /* |men on the left half - men on the right half| */
    DR_F_KING_ALONE,   /* kings while the opponent has no king */
    DR_F_PST,          /* DR_F_PST + s - 1: a man on square s (black's mirrored) */
    DR_NFEATURES = DR_F_PST + DR_SQUARES
};

typedef struct dr_eval_weights {
    int w[DR_NFEATURES];   /* hundredths of a man per unit of each feature */
} dr_eval_weights;

/* The weights the engine plays with (tuned, see docs/engine-draughts.md). */
extern const dr_eval_weights dr_eval_default;
extern const char *const dr_feature_names[DR_F_PST];

/* The features of P, white minus black. */
void dr_eval_features(const dr_pos *p, int f[DR_NFEATURES]);

/* The same but the men's table (features DR_F_PST on), for a caller that weighs the
 * men's squares itself (dr_pattern.c: one pass over the men instead of a sum over all
 * the table's squares). */
void dr_eval_terms(const dr_pos *p, int f[DR_F_PST]);

/* Hundredths of a man from the side to move's view, with the given weights; endings
 * that the 16- and 5-move rules make drawn are scaled towards 0. */
int dr_evaluate_with(const dr_pos *p, const dr_eval_weights *w);

/* Is P an ending the 16- and 5-move rules make drawn (a lone king against at most
 * three pieces)?  Its evaluation is scaled by 1/8. */
bool dr_eval_drawish(const dr_pos *p);

/* Square s -> 51 - s in a bitboard: black's pieces seen from black's side. */
uint64_t dr_eval_mirror(uint64_t b);

/* The engine's evaluation: international positions by the pattern model with its
 * compiled-in weights (dr_pattern.h), Frisian by dr_evaluate_with(p, &dr_eval_default),
 * the 8x8 variants by their own (v8_eval.c). */
int dr_evaluate(const dr_pos *p);

#endif
