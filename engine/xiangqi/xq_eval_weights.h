/* xq_eval_weights.h -- the Xiangqi evaluation's compiled-in weights (model
 * xiangqi-terms-2, engine/xiangqi/xq_eval.h), generated from a weights file by
 *     bash tools/xq_weights_header.sh WEIGHTS > engine/xiangqi/xq_eval_weights.h
 * (docs/training.md).  Do not edit by hand. */
#ifndef BOYI_XQ_EVAL_WEIGHTS_H
#define BOYI_XQ_EVAL_WEIGHTS_H

#define XQ_EVAL_WEIGHTS(X) \
    X(MAT_PAWN, 9) X(MAT_ADVISOR, 149) X(MAT_ELEPHANT, 111) X(MAT_HORSE, 308) X(MAT_CANNON, 402) X(MAT_CHARIOT, 775) \
    X(EG_PAWN, 63) X(EG_HORSE, 37) X(EG_CANNON, -7) X(EG_CHARIOT, 63) X(PAWN_R3, 23) X(PAWN_R4, 41) \
    X(PAWN_R5, 90) X(PAWN_R6, 134) X(PAWN_R7, 164) X(PAWN_R8, 143) X(PAWN_R9, -37) X(PAWN_F0, -69) \
    X(PAWN_F1, -66) X(PAWN_F2, -26) X(PAWN_F3, 17) X(PAWN_F4, 25) X(HORSE_F0, -39) X(HORSE_F1, -24) \
    X(HORSE_F2, -18) X(HORSE_F3, 0) X(HORSE_F4, -8) X(HORSE_R0, -93) X(HORSE_R1, -81) X(HORSE_R2, -42) \
    X(HORSE_R3, -30) X(HORSE_R4, 0) X(HORSE_R5, 28) X(HORSE_R6, 61) X(HORSE_R7, 56) X(HORSE_R8, 73) \
    X(HORSE_R9, 13) X(CHARIOT_R0, -43) X(CHARIOT_R1, -24) X(CHARIOT_R2, -34) X(CHARIOT_R3, -8) X(CHARIOT_R4, 4) \
    X(CHARIOT_R5, -5) X(CHARIOT_R6, 28) X(CHARIOT_R7, 14) X(CHARIOT_R8, 27) X(CHARIOT_R9, 15) X(CANNON_F0, -45) \
    X(CANNON_F1, -59) X(CANNON_F2, -11) X(CANNON_F3, -34) X(CANNON_F4, -8) X(CANNON_R0, -109) X(CANNON_R1, -8) \
    X(CANNON_R2, -13) X(CANNON_R3, -10) X(CANNON_R4, -8) X(CANNON_R5, -30) X(CANNON_R6, -6) X(CANNON_R7, -27) \
    X(CANNON_R8, 6) X(CANNON_R9, 13) X(MOB_HORSE, 7) X(MOB_CHARIOT, 2) X(MOB_CANNON, 2) X(KING_UP, -66) \
    X(KING_SIDE, -20) X(CANNON_HOLLOW, 128) X(CANNON_SCREEN1, 25) X(CANNON_SCREEN2, 15) X(CHARIOT_OPEN, 15) X(CHARIOT_FULL_OPEN, -7) \
    X(ADVISORS_LINKED, 3) X(ELEPHANTS_LINKED, 21) X(MISSING_GUARD, -10) X(NEAR_CHARIOT, 17) X(NEAR_HORSE, -26) X(NEAR_CANNON, -57) \
    X(NEAR_PAWN, -7) X(TEMPO, 10)

/* The piece-square tables: per kind (king, advisor, elephant, horse, chariot, cannon,
 * pawn), middle game then endgame share, ranks 0..9 from the own side, files 0..4 from the
 * nearer edge. */
#define XQ_EVAL_PST_DEFAULTS \
    /* PST_KING */ \
    0, 0, 0, -5, 4, \
    0, 0, 0, 6, 2, \
    0, 0, 0, 2, -34, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PST_ADVISOR */ \
    0, 0, 0, 5, 0, \
    0, 0, 0, 0, 15, \
    0, 0, 0, -7, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PST_ELEPHANT */ \
    0, 0, 3, 0, 0, \
    0, 0, 0, 0, 0, \
    4, 0, 0, 0, 18, \
    0, 0, 0, 0, 0, \
    0, 0, -9, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PST_HORSE */ \
    17, -1, -20, 27, -28, \
    2, 9, 13, -21, 20, \
    3, 16, -6, -1, -2, \
    1, -21, -4, -8, 8, \
    0, 1, -4, -11, -18, \
    -8, -3, -9, 1, -2, \
    -12, 12, -18, 28, -29, \
    1, -8, -7, 0, 27, \
    -29, -4, 33, -13, -24, \
    -6, -10, 0, -1, 16, \
    /* PST_CHARIOT */ \
    -16, 18, -22, 26, -12, \
    -11, 4, -8, 14, -13, \
    -13, 20, -20, 14, -3, \
    -23, 3, -18, 24, -21, \
    -30, 0, 10, 16, 4, \
    0, -2, 9, -9, -3, \
    -16, -2, 5, -2, -14, \
    5, 0, -8, -13, -2, \
    -15, -5, -7, -1, 20, \
    3, -2, 8, 25, 5, \
    /* PST_CANNON */ \
    -15, 23, 13, 2, 18, \
    -10, 2, -4, -10, 0, \
    2, 0, -5, 1, 5, \
    -15, -2, -9, 0, 7, \
    -8, 9, -4, -16, 4, \
    -10, -8, -7, -9, 9, \
    -2, -11, 8, 12, 4, \
    8, -4, -10, 31, -20, \
    -5, -12, -3, -3, -7, \
    13, -16, -10, 6, -20, \
    /* PST_PAWN */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    -4, 0, -7, 0, 20, \
    -1, 0, -2, 0, 11, \
    15, 7, 0, -11, -11, \
    -3, 12, 3, -6, -4, \
    -20, -1, 1, 0, 5, \
    -16, -6, 1, 12, 6, \
    2, 6, 37, -13, -2, \
    /* PSTEG_KING */ \
    0, 0, 0, -3, -22, \
    0, 0, 0, 13, 18, \
    0, 0, 0, 19, 64, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PSTEG_ADVISOR */ \
    0, 0, 0, -21, 0, \
    0, 0, 0, 0, -31, \
    0, 0, 0, -12, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PSTEG_ELEPHANT */ \
    0, 0, -15, 0, 0, \
    0, 0, 0, 0, 0, \
    -19, 0, 0, 0, -34, \
    0, 0, 0, 0, 0, \
    0, 0, -2, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PSTEG_HORSE */ \
    34, 9, 4, -43, -17, \
    6, 25, -6, 26, -39, \
    18, 7, 18, 8, 16, \
    24, 40, 35, 19, 9, \
    39, 18, 37, 19, 41, \
    28, 1, 17, -14, 3, \
    9, -16, 22, -45, 16, \
    21, -8, 8, -11, -21, \
    17, -6, -43, -13, -51, \
    43, 22, 46, 19, 18, \
    /* PSTEG_CHARIOT */ \
    -16, -11, 32, -52, -8, \
    -16, -7, 29, 1, 43, \
    10, -5, 61, 14, 55, \
    53, 32, 44, 1, 69, \
    42, -2, -2, -5, 5, \
    17, 20, 26, 43, 35, \
    28, 12, -14, -6, 17, \
    12, 1, 15, 22, 6, \
    26, 4, -4, -16, -6, \
    -4, -12, -43, -59, -28, \
    /* PSTEG_CANNON */ \
    -2, -17, -18, 33, 13, \
    4, 20, -2, 27, -10, \
    -1, 22, 0, 6, -27, \
    33, 17, 5, 19, -23, \
    14, 14, -11, 25, -23, \
    38, 67, 10, 27, -12, \
    -11, 32, 12, -8, -14, \
    -1, 43, 55, 23, 25, \
    3, 18, 19, 20, -12, \
    -21, 35, 30, 13, -21, \
    /* PSTEG_PAWN */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    -2, 0, 1, 0, -20, \
    -9, 0, -1, 0, -8, \
    -6, 42, 4, 33, 16, \
    12, 17, 14, 12, 5, \
    26, 8, -2, -3, 0, \
    -14, 9, -13, -28, -1, \
    1, 5, -7, 10, 10,

#endif
