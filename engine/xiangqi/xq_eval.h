/* xq_eval.h -- the static evaluation of a Xiangqi position for the search, and its
 * weights as a flat table so that a trainer can fit them (`boyi train` through the
 * descriptor's eval_model; the older tools/xq_tune.c too).  tools/xq_weights_header.sh
 * writes the table from a weights file (docs/training.md). */
#ifndef BOYI_XQ_EVAL_H
#define BOYI_XQ_EVAL_H

#include "xiangqi.h"

/* Every weight, with its name and the value the engine plays with.  Ranks are counted
 * from the piece's own side (0 = its back rank), files from the nearer edge (0 = a or
 * i file, 4 = the middle file).  EG_* are added in proportion to how far the game is
 * into the endgame (fewer chariots, horses and cannons on the board). */
#define XQ_EVAL_WEIGHTS(X) \
    X(MAT_PAWN, 52) X(MAT_ADVISOR, 232) X(MAT_ELEPHANT, 176) X(MAT_HORSE, 368) X(MAT_CANNON, 466) X(MAT_CHARIOT, 860) \
    X(EG_PAWN, 48) X(EG_HORSE, 28) X(EG_CANNON, -20) X(EG_CHARIOT, 48) X(PAWN_R3, -24) X(PAWN_R4, 17) \
    X(PAWN_R5, 68) X(PAWN_R6, 146) X(PAWN_R7, 226) X(PAWN_R8, 216) X(PAWN_R9, -6) X(PAWN_F0, -84) \
    X(PAWN_F1, -12) X(PAWN_F2, -28) X(PAWN_F3, 88) X(PAWN_F4, 68) X(HORSE_F0, -64) X(HORSE_F1, -21) \
    X(HORSE_F2, -19) X(HORSE_F3, 42) X(HORSE_F4, 42) X(HORSE_R0, -79) X(HORSE_R1, -88) X(HORSE_R2, -28) \
    X(HORSE_R3, -10) X(HORSE_R4, 11) X(HORSE_R5, 57) X(HORSE_R6, 70) X(HORSE_R7, 101) X(HORSE_R8, 98) \
    X(HORSE_R9, -38) X(CHARIOT_R0, -48) X(CHARIOT_R1, -52) X(CHARIOT_R2, -56) X(CHARIOT_R3, 0) X(CHARIOT_R4, -20) \
    X(CHARIOT_R5, -28) X(CHARIOT_R6, 28) X(CHARIOT_R7, 20) X(CHARIOT_R8, 36) X(CHARIOT_R9, 56) X(CANNON_F0, -8) \
    X(CANNON_F1, -16) X(CANNON_F2, 12) X(CANNON_F3, -32) X(CANNON_F4, 24) X(CANNON_R0, -88) X(CANNON_R1, 20) \
    X(CANNON_R2, -16) X(CANNON_R3, 0) X(CANNON_R4, -32) X(CANNON_R5, 8) X(CANNON_R6, 20) X(CANNON_R7, -52) \
    X(CANNON_R8, 24) X(CANNON_R9, 52) X(MOB_HORSE, 10) X(MOB_CHARIOT, 4) X(MOB_CANNON, 6) X(KING_UP, -80) \
    X(KING_SIDE, 2) X(CANNON_HOLLOW, 212) X(CANNON_SCREEN1, 25) X(CANNON_SCREEN2, 43) X(CHARIOT_OPEN, 7) X(CHARIOT_FULL_OPEN, -4) \
    X(ADVISORS_LINKED, 30) X(ELEPHANTS_LINKED, 42) X(MISSING_GUARD, 0) X(NEAR_CHARIOT, 8) X(NEAR_HORSE, -4) X(NEAR_CANNON, -8) \
    X(NEAR_PAWN, 24) X(TEMPO, -6)

#define XQ_EVAL_ENUM(name, v) XQ_W_##name,
enum { XQ_EVAL_WEIGHTS(XQ_EVAL_ENUM) XQ_EVAL_NWEIGHTS };
#undef XQ_EVAL_ENUM

/* The engine's weights, and their names (as in XQ_EVAL_WEIGHTS). */
extern const int xq_eval_default[XQ_EVAL_NWEIGHTS];
extern const char *const xq_eval_names[XQ_EVAL_NWEIGHTS];

/* Hundredths of a pawn from the side to move's view (see evaluate.c for the terms). */
int xq_evaluate(const xq_pos *p);
/* The same with weights W (XQ_EVAL_NWEIGHTS of them): the tuner's entry point. */
int xq_evaluate_with(const xq_pos *p, const int *w);

#endif
