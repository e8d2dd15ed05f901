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
    X(MAT_PAWN, 8) X(MAT_ADVISOR, 137) X(MAT_ELEPHANT, 97) X(MAT_HORSE, 318) X(MAT_CANNON, 415) X(MAT_CHARIOT, 799) \
    X(EG_PAWN, 61) X(EG_HORSE, 14) X(EG_CANNON, -43) X(EG_CHARIOT, -17) X(PAWN_R3, 21) X(PAWN_R4, 41) \
    X(PAWN_R5, 88) X(PAWN_R6, 139) X(PAWN_R7, 170) X(PAWN_R8, 135) X(PAWN_R9, -44) X(PAWN_F0, -67) \
    X(PAWN_F1, -71) X(PAWN_F2, -29) X(PAWN_F3, 21) X(PAWN_F4, 29) X(HORSE_F0, -33) X(HORSE_F1, -21) \
    X(HORSE_F2, -10) X(HORSE_F3, -1) X(HORSE_F4, -2) X(HORSE_R0, -97) X(HORSE_R1, -88) X(HORSE_R2, -38) \
    X(HORSE_R3, -21) X(HORSE_R4, 13) X(HORSE_R5, 34) X(HORSE_R6, 66) X(HORSE_R7, 54) X(HORSE_R8, 63) \
    X(HORSE_R9, 21) X(CHARIOT_R0, -44) X(CHARIOT_R1, -22) X(CHARIOT_R2, -34) X(CHARIOT_R3, 1) X(CHARIOT_R4, 1) \
    X(CHARIOT_R5, -2) X(CHARIOT_R6, 37) X(CHARIOT_R7, 23) X(CHARIOT_R8, 33) X(CHARIOT_R9, 1) X(CANNON_F0, -45) \
    X(CANNON_F1, -50) X(CANNON_F2, 2) X(CANNON_F3, -25) X(CANNON_F4, -16) X(CANNON_R0, -124) X(CANNON_R1, -1) \
    X(CANNON_R2, -13) X(CANNON_R3, -4) X(CANNON_R4, -7) X(CANNON_R5, -25) X(CANNON_R6, -12) X(CANNON_R7, -23) \
    X(CANNON_R8, 20) X(CANNON_R9, 16) X(MOB_HORSE, 5) X(MOB_CHARIOT, 2) X(MOB_CANNON, 1) X(KING_UP, -59) \
    X(KING_SIDE, -21) X(CANNON_HOLLOW, 197) X(CANNON_SCREEN1, 25) X(CANNON_SCREEN2, 41) X(CHARIOT_OPEN, 12) X(CHARIOT_FULL_OPEN, 0) \
    X(ADVISORS_LINKED, 0) X(ELEPHANTS_LINKED, 24) X(MISSING_GUARD, -10) X(NEAR_CHARIOT, 14) X(NEAR_HORSE, -32) X(NEAR_CANNON, -57) \
    X(NEAR_PAWN, -10) X(TEMPO, 11)

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
