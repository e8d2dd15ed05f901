/* dr_pattern.h -- the pattern evaluation of international draughts (issue 35): the
 * hand terms of dr_eval.h (material, tempo, ...), a table of the kings' squares, and
 * eight tables of region patterns, all trainable weights (`boyi train --game draughts`,
 * docs/training.md; the model's layout and why in docs/engine-draughts.md).
 *
 * Weights, in this order:
 *   0 .. DR_NFEATURES-1   the hand terms and the men's square table (dr_eval.h's order);
 *   DRP_KING_SQ + s - 1   a king on square s (black's mirrored);
 *   DRP_PATTERN + t * DRP_CONFIGS + i   region t's contents i (below).
 * A region is four rows by four columns of the board: eight dark squares.  White sees
 * the eight regions of its own half (rows 4-7 and 6-9, columns 0-3, 2-5, 4-7, 6-9),
 * black the same regions turned round (square s read as 51 - s); the contents index
 * is the sum over the region's squares k of trit_k * 3^k, trit 0 empty (a king counts
 * as empty: kings have their own terms), 1 the viewer's man, 2 the opponent's man.
 * Region t's weight counts for white at white's index and against it at black's, so
 * the evaluation is colour-symmetric by construction. */
#ifndef BOYI_DR_PATTERN_H
#define BOYI_DR_PATTERN_H

#include <stddef.h>

#include "dr_eval.h"

enum {
    DRP_REGIONS = 8,
    DRP_REGION_SQUARES = 8,
    DRP_CONFIGS = 6561,                          /* 3^8 */
    DRP_KING_SQ = DR_NFEATURES,
    DRP_PATTERN = DRP_KING_SQ + DR_SQUARES,
    DRP_NWEIGHTS = DRP_PATTERN + DRP_REGIONS * DRP_CONFIGS,
    DRP_MAX_FEATURES = DR_NFEATURES + DR_SQUARES + 2 * DRP_REGIONS,
};

/* The model's identifier in a weights file. */
#define DRP_MODEL_ID "draughts-patterns-1"

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
 * times value, but for the integer rounding of a drawish ending's eighth. */
int drp_features(const dr_pos *p, int *index, float *value);

/* Weight I's name ("men", "man23", "king7", "p3_01200000": region 3, its squares'
 * trits) into BUF; the weight named NAME, or -1. */
void drp_weight_name(int i, char *buf, size_t n);
int drp_weight_index(const char *name);

#endif
