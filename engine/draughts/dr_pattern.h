/* dr_pattern.h -- the pattern evaluation of international draughts (issue 35): the
 * hand terms of dr_eval.h (material, tempo, ...), a table of the kings' squares, and
 * eight tables of region patterns, all trainable weights (`boyi train --game draughts`,
 * docs/training.md; the model's layout and why in docs/engine-draughts.md), in two
 * sets, the middle game's and the ending's, mixed by the number of pieces on the board
 * (model draughts-patterns-2; draughts-patterns-1 had one set).
 *
 * Weights, in this order, the middle game's set (MG) first, then the ending's (EG):
 *   set + 0 .. DR_NFEATURES-1   the hand terms and the men's square table (dr_eval.h's order);
 *   set + DRP_KING_SQ + s - 1   a king on square s (black's mirrored);
 *   set + DRP_PATTERN + t * DRP_CONFIGS + i   region t's contents i (below).
 * A region is four rows by four columns of the board: eight dark squares.  White sees
 * the eight regions of its own half (rows 4-7 and 6-9, columns 0-3, 2-5, 4-7, 6-9),
 * black the same regions turned round (square s read as 51 - s); the contents index
 * is the sum over the region's squares k of trit_k * 3^k, trit 0 empty (a king counts
 * as empty: kings have their own terms), 1 the viewer's man, 2 the opponent's man.
 * Region t's weight counts for white at white's index and against it at black's, so
 * the evaluation is colour-symmetric by construction.
 *
 * Phase (as Scan does it): with n pieces on the board (at most DRP_PHASE_MAX counted),
 * the evaluation is (MG(p) x n + EG(p) x (DRP_PHASE_MAX - n)) / DRP_PHASE_MAX, each set's
 * sum taken whole first and one integer division at the end (truncated towards 0, so
 * the two colours' views stay exact negatives).  With both sets equal it is the
 * one-set evaluation exactly. */
#ifndef BOYI_DR_PATTERN_H
#define BOYI_DR_PATTERN_H

#include <stddef.h>

#include "dr_eval.h"

enum {
    DRP_REGIONS = 8,
    DRP_REGION_SQUARES = 8,
    DRP_CONFIGS = 6561,                          /* 3^8 */
    DRP_KING_SQ = DR_NFEATURES,                  /* offsets within a set */
    DRP_PATTERN = DRP_KING_SQ + DR_SQUARES,
    DRP_SET = DRP_PATTERN + DRP_REGIONS * DRP_CONFIGS,   /* a set's weights: 52,600 */
    DRP_MG = 0,                                  /* the middle game's set */
    DRP_EG = DRP_SET,                            /* the ending's */
    DRP_NWEIGHTS = 2 * DRP_SET,
    DRP_PHASE_MAX = 40,                          /* pieces at the start: all middle game */
    DRP_MAX_FEATURES = 2 * (DR_NFEATURES + DR_SQUARES + 2 * DRP_REGIONS),
};

/* The model's identifier in a weights file, and the earlier model's whose files load
 * too (each weight setting both sets' copies). */
#define DRP_MODEL_ID "draughts-patterns-2"
#define DRP_MODEL1_ID "draughts-patterns-1"

/* The weights the engine plays with unless told (engine/draughts/dr_pattern_weights.h). */
extern const int drp_default[DRP_NWEIGHTS];

/* Region T's squares, 1..50 as white sees them, in the index's order (trit k is
 * square k's). */
void drp_region_squares(int t, int sq[DRP_REGION_SQUARES]);

/* The contents index of region T as white sees it (BLACK_VIEW false) or as black does
 * (the region turned round). */
int drp_region_index(const dr_pos *p, int t, bool black_view);

/* Hundredths of a man from the side to move's view under weights W (DRP_NWEIGHTS);
 * an 8x8 variant's position is evaluated by its own evaluation (W unused). */
int drp_evaluate_with(const dr_pos *p, const int *w);

/* P's features (white minus black, from the side to move's view, each index once)
 * into OUT (room for DRP_MAX_FEATURES): drp_evaluate_with(p, w) is their sum of weight
 * times value truncated towards 0 (the one integer division of the phase mix and of a
 * drawish ending's eighth). */
int drp_features(const dr_pos *p, int *index, float *value);

/* The middle game's share of P's evaluation, in DRP_PHASE_MAX-ths: its pieces, at most
 * DRP_PHASE_MAX. */
int drp_phase(const dr_pos *p);

/* Weight I's name ("mg_men", "eg_man23", "mg_king7", "eg_p3_01200000": the ending's
 * region 3, its squares' trits) into BUF; the weight named NAME, or -1. */
void drp_weight_name(int i, char *buf, size_t n);
int drp_weight_index(const char *name);

/* A draughts-patterns-1 weight's name ("men", "p3_01200000") -> its two indices in
 * this model (middle game, ending) into OUT; 2, or 0 when NAME is not one. */
int drp_model1_weight(const char *name, int *out);

#endif
