/* xq_eval_weights.h -- the Xiangqi evaluation's compiled-in weights (model
 * xiangqi-terms-2, engine/xiangqi/xq_eval.h), generated from a weights file by
 *     bash tools/xq_weights_header.sh WEIGHTS > engine/xiangqi/xq_eval_weights.h
 * (docs/training.md).  Do not edit by hand. */
#ifndef BOYI_XQ_EVAL_WEIGHTS_H
#define BOYI_XQ_EVAL_WEIGHTS_H

#define XQ_EVAL_WEIGHTS(X) \
    X(MAT_PAWN, 10) X(MAT_ADVISOR, 130) X(MAT_ELEPHANT, 114) X(MAT_HORSE, 329) X(MAT_CANNON, 422) X(MAT_CHARIOT, 789) \
    X(EG_PAWN, 42) X(EG_HORSE, -81) X(EG_CANNON, -118) X(EG_CHARIOT, -85) X(PAWN_R3, 23) X(PAWN_R4, 46) \
    X(PAWN_R5, 84) X(PAWN_R6, 140) X(PAWN_R7, 166) X(PAWN_R8, 145) X(PAWN_R9, -77) X(PAWN_F0, -78) \
    X(PAWN_F1, -75) X(PAWN_F2, -36) X(PAWN_F3, 14) X(PAWN_F4, 41) X(HORSE_F0, -42) X(HORSE_F1, -20) \
    X(HORSE_F2, -10) X(HORSE_F3, 14) X(HORSE_F4, -1) X(HORSE_R0, -98) X(HORSE_R1, -74) X(HORSE_R2, -42) \
    X(HORSE_R3, -11) X(HORSE_R4, 1) X(HORSE_R5, 39) X(HORSE_R6, 68) X(HORSE_R7, 71) X(HORSE_R8, 75) \
    X(HORSE_R9, 41) X(CHARIOT_R0, -49) X(CHARIOT_R1, -13) X(CHARIOT_R2, -32) X(CHARIOT_R3, -25) X(CHARIOT_R4, 18) \
    X(CHARIOT_R5, -10) X(CHARIOT_R6, 27) X(CHARIOT_R7, 18) X(CHARIOT_R8, 29) X(CHARIOT_R9, 17) X(CANNON_F0, -30) \
    X(CANNON_F1, -61) X(CANNON_F2, -5) X(CANNON_F3, -27) X(CANNON_F4, -6) X(CANNON_R0, -118) X(CANNON_R1, -5) \
    X(CANNON_R2, -14) X(CANNON_R3, -7) X(CANNON_R4, -8) X(CANNON_R5, -21) X(CANNON_R6, -3) X(CANNON_R7, -25) \
    X(CANNON_R8, 6) X(CANNON_R9, 30) X(MOB_HORSE, 7) X(MOB_CHARIOT, 2) X(MOB_CANNON, 1) X(KING_UP, -75) \
    X(KING_SIDE, -31) X(CANNON_HOLLOW, 114) X(CANNON_SCREEN1, 25) X(CANNON_SCREEN2, 21) X(CHARIOT_OPEN, 15) X(CHARIOT_FULL_OPEN, 0) \
    X(ADVISORS_LINKED, -1) X(ELEPHANTS_LINKED, 21) X(MISSING_GUARD, -7) X(NEAR_CHARIOT, 20) X(NEAR_HORSE, -19) X(NEAR_CANNON, -52) \
    X(NEAR_PAWN, 1) X(TEMPO, 8)

/* The piece-square tables: per kind (king, advisor, elephant, horse, chariot, cannon,
 * pawn), middle game then endgame share, ranks 0..9 from the own side, files 0..4 from the
 * nearer edge. */
#define XQ_EVAL_PST_DEFAULTS \
    /* PST_KING */ \
    0, 0, 0, -3, 11, \
    0, 0, 0, -13, 1, \
    0, 0, 0, -6, -24, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PST_ADVISOR */ \
    0, 0, 0, -8, 0, \
    0, 0, 0, 0, 29, \
    0, 0, 0, -24, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PST_ELEPHANT */ \
    0, 0, -2, 0, 0, \
    0, 0, 0, 0, 0, \
    5, 0, 0, 0, 30, \
    0, 0, 0, 0, 0, \
    0, 0, -16, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PST_HORSE */ \
    4, -4, 43, -3, -55, \
    -9, 16, 24, 8, -6, \
    9, 27, -4, -24, -18, \
    2, -14, -21, -2, 36, \
    33, -17, 17, -4, -25, \
    -22, -8, 18, 10, -3, \
    -30, 47, -34, 23, -9, \
    22, 22, -28, 8, 25, \
    -27, -33, 56, 1, -18, \
    -12, 22, -1, 33, 20, \
    /* PST_CHARIOT */ \
    -21, 24, -36, 63, 71, \
    -9, 13, 5, 29, -23, \
    -19, 26, -12, -7, 61, \
    -37, -20, -8, 62, -59, \
    -27, 6, 22, 26, 8, \
    -4, -14, 8, 5, -12, \
    -16, -5, -1, 1, -8, \
    -16, 13, -6, -4, -5, \
    -36, 3, -24, 21, 24, \
    -2, 4, 9, 23, -19, \
    /* PST_CANNON */ \
    15, 57, -28, -14, -18, \
    35, -23, 11, -9, -24, \
    16, -2, -12, 0, 2, \
    -86, 4, -10, 7, 21, \
    -9, -4, -8, 5, 12, \
    9, 4, -7, -27, 15, \
    7, 5, -1, 32, -2, \
    57, -14, -17, 28, -37, \
    -12, -11, 10, -28, 19, \
    4, -8, 16, 26, 15, \
    /* PST_PAWN */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    -4, 0, -11, 0, 27, \
    2, 0, -6, 0, 19, \
    32, 1, 13, -39, -19, \
    -22, 9, -17, 2, 21, \
    -38, -9, -27, 28, 24, \
    18, 4, 10, 1, 0, \
    -30, -46, 48, -33, -48, \
    /* PSTEG_KING */ \
    0, 0, 0, 0, -52, \
    0, 0, 0, 74, 31, \
    0, 0, 0, 44, 55, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PSTEG_ADVISOR */ \
    0, 0, 0, -31, 0, \
    0, 0, 0, 0, -78, \
    0, 0, 0, -48, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PSTEG_ELEPHANT */ \
    0, 0, -53, 0, 0, \
    0, 0, 0, 0, 0, \
    -63, 0, 0, 0, -96, \
    0, 0, 0, 0, 0, \
    0, 0, -36, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PSTEG_HORSE */ \
    15, 102, -23, 27, -17, \
    -12, 56, -85, -20, -34, \
    68, 55, 42, 55, 77, \
    -14, 16, 25, -47, -67, \
    24, 61, -22, 15, 3, \
    49, -9, -44, -52, -25, \
    28, -93, 18, -97, -19, \
    -40, -77, 22, -64, -34, \
    7, -4, -109, -54, -84, \
    -16, 73, 54, 14, -10, \
    /* PSTEG_CHARIOT */ \
    32, -15, 130, -87, 68, \
    -43, -80, -36, -46, 147, \
    -15, -20, 60, 64, -15, \
    90, 95, 34, -43, 117, \
    29, -58, -50, -23, -1, \
    35, 3, 35, -7, 79, \
    37, 8, -4, -1, 28, \
    40, -22, -15, -9, 15, \
    38, -55, -29, -61, -17, \
    -9, -51, -87, -89, -18, \
    /* PSTEG_CANNON */ \
    37, 72, -5, 76, -22, \
    -47, 2, -53, -25, -6, \
    6, 10, 18, -13, -21, \
    89, -12, -25, -2, -74, \
    -15, -1, -51, -3, -66, \
    -7, 20, 15, 45, -46, \
    -29, -19, 57, -54, -18, \
    25, -21, 47, 23, 50, \
    -40, 25, 4, 50, 10, \
    -59, -4, -69, -67, -65, \
    /* PSTEG_PAWN */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    28, 0, 24, 0, 10, \
    -1, 0, 4, 0, 11, \
    6, 70, 30, 67, 0, \
    21, 24, 17, -45, -94, \
    76, 38, 9, -10, -80, \
    -67, 33, 0, -65, -32, \
    -26, -41, 4, 35, 14,

#endif
