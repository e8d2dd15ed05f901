/* xq_eval_weights.h -- the Xiangqi evaluation's compiled-in weights (model
 * xiangqi-terms-3, engine/xiangqi/xq_eval.h), generated from a weights file by
 *     bash tools/xq_weights_header.sh WEIGHTS > engine/xiangqi/xq_eval_weights.h
 * (docs/training.md).  Do not edit by hand. */
#ifndef BOYI_XQ_EVAL_WEIGHTS_H
#define BOYI_XQ_EVAL_WEIGHTS_H

#define XQ_EVAL_WEIGHTS(X) \
    X(MAT_PAWN, 10) X(MAT_ADVISOR, 140) X(MAT_ELEPHANT, 113) X(MAT_HORSE, 290) X(MAT_CANNON, 391) X(MAT_CHARIOT, 721) \
    X(EG_PAWN, 41) X(EG_HORSE, 13) X(EG_CANNON, -49) X(EG_CHARIOT, 8) X(PAWN_R3, 33) X(PAWN_R4, 44) \
    X(PAWN_R5, 94) X(PAWN_R6, 127) X(PAWN_R7, 159) X(PAWN_R8, 139) X(PAWN_R9, -12) X(PAWN_F0, -67) \
    X(PAWN_F1, -71) X(PAWN_F2, -26) X(PAWN_F3, 12) X(PAWN_F4, 18) X(HORSE_F0, -56) X(HORSE_F1, -38) \
    X(HORSE_F2, -26) X(HORSE_F3, -10) X(HORSE_F4, -20) X(HORSE_R0, -93) X(HORSE_R1, -84) X(HORSE_R2, -44) \
    X(HORSE_R3, -41) X(HORSE_R4, -11) X(HORSE_R5, 11) X(HORSE_R6, 46) X(HORSE_R7, 43) X(HORSE_R8, 63) \
    X(HORSE_R9, 20) X(CHARIOT_R0, -52) X(CHARIOT_R1, -45) X(CHARIOT_R2, -49) X(CHARIOT_R3, -16) X(CHARIOT_R4, -8) \
    X(CHARIOT_R5, -9) X(CHARIOT_R6, 8) X(CHARIOT_R7, 14) X(CHARIOT_R8, 10) X(CHARIOT_R9, 0) X(CANNON_F0, -43) \
    X(CANNON_F1, -55) X(CANNON_F2, -20) X(CANNON_F3, -27) X(CANNON_F4, -20) X(CANNON_R0, -97) X(CANNON_R1, -17) \
    X(CANNON_R2, -22) X(CANNON_R3, -16) X(CANNON_R4, -13) X(CANNON_R5, -32) X(CANNON_R6, -3) X(CANNON_R7, -24) \
    X(CANNON_R8, -3) X(CANNON_R9, 13) X(MOB_HORSE, 7) X(MOB_CHARIOT, 1) X(MOB_CANNON, 1) X(KING_UP, -75) \
    X(KING_SIDE, -31) X(CANNON_HOLLOW, 84) X(CANNON_SCREEN1, 25) X(CANNON_SCREEN2, 24) X(CHARIOT_OPEN, 12) X(CHARIOT_FULL_OPEN, -8) \
    X(ADVISORS_LINKED, 7) X(ELEPHANTS_LINKED, 14) X(MISSING_GUARD, -5) X(NEAR_CHARIOT, 12) X(NEAR_HORSE, -29) X(NEAR_CANNON, -53) \
    X(NEAR_PAWN, -13) X(TEMPO, 21)

/* The piece-square tables: per kind (king, advisor, elephant, horse, chariot, cannon,
 * pawn), middle game then endgame share, ranks 0..9 from the own side, files 0..4 from the
 * nearer edge. */
#define XQ_EVAL_PST_DEFAULTS \
    /* PST_KING */ \
    0, 0, 0, -18, 19, \
    0, 0, 0, -1, -10, \
    0, 0, 0, 8, -29, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PST_ADVISOR */ \
    0, 0, 0, 8, 0, \
    0, 0, 0, 0, 24, \
    0, 0, 0, -27, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PST_ELEPHANT */ \
    0, 0, 4, 0, 0, \
    0, 0, 0, 0, 0, \
    -9, 0, 0, 0, 27, \
    0, 0, 0, 0, 0, \
    0, 0, -14, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PST_HORSE */ \
    41, 3, -19, 8, -63, \
    -5, 33, 1, 6, -2, \
    3, 5, -9, -3, -10, \
    -14, -23, 1, -23, 2, \
    21, -9, -6, -18, -33, \
    -35, 3, -21, -8, -16, \
    -42, 3, -19, 26, -27, \
    -10, -13, -16, -13, 41, \
    -39, -23, 35, -18, 6, \
    -7, -15, 13, 9, 16, \
    /* PST_CHARIOT */ \
    -38, 17, -16, 61, 1, \
    -25, 2, 3, 20, -60, \
    -18, 10, -28, 15, -11, \
    -45, -5, -17, 26, -17, \
    -22, -6, -14, 3, 19, \
    8, -15, 1, 0, 0, \
    -31, -17, -9, 5, -7, \
    -16, -12, -10, -2, 10, \
    -28, 9, -10, -8, -13, \
    -15, -5, 18, 36, -8, \
    /* PST_CANNON */ \
    -21, 45, 11, 20, -7, \
    -11, 7, -4, -23, -12, \
    -7, 1, -12, 10, 1, \
    10, -11, -19, -10, 3, \
    -8, 14, -19, -7, 6, \
    3, 0, -29, -1, 3, \
    -11, -12, 14, 12, 9, \
    23, -8, -1, 12, -10, \
    -8, -12, -16, 2, -16, \
    20, -19, -4, 9, -56, \
    /* PST_PAWN */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    -18, 0, -6, 0, 39, \
    -9, 0, 8, 0, 13, \
    6, 21, 10, -16, -3, \
    10, 5, 8, -19, -9, \
    -20, -13, -8, 9, -3, \
    -17, -9, 12, 30, -25, \
    2, 25, 40, 17, -4, \
    /* PSTEG_KING */ \
    0, 0, 0, 8, -61, \
    0, 0, 0, 53, 41, \
    0, 0, 0, 55, 99, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PSTEG_ADVISOR */ \
    0, 0, 0, -52, 0, \
    0, 0, 0, 0, -72, \
    0, 0, 0, -31, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PSTEG_ELEPHANT */ \
    0, 0, -41, 0, 0, \
    0, 0, 0, 0, 0, \
    -33, 0, 0, 0, -60, \
    0, 0, 0, 0, 0, \
    0, 0, -17, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PSTEG_HORSE */ \
    56, 8, 14, -6, -44, \
    36, 57, 4, 15, -16, \
    2, 7, 30, 28, 7, \
    16, 54, 27, 31, -1, \
    15, 15, 12, 7, 39, \
    28, 18, 9, -32, -8, \
    -1, -29, 9, -54, -10, \
    18, -1, -23, -31, -39, \
    5, -28, -64, -24, -25, \
    59, 18, 56, 21, 18, \
    /* PSTEG_CHARIOT */ \
    -5, 14, 52, -33, 3, \
    6, 25, 17, -11, -2, \
    -5, -31, 70, 12, 46, \
    53, 6, 62, -29, 55, \
    12, 28, 0, -3, 9, \
    -4, 33, 9, 40, 21, \
    20, 20, -1, -8, 18, \
    -21, -32, -20, 11, 2, \
    6, -10, -21, -14, -41, \
    -27, 0, -66, -87, -51, \
    /* PSTEG_CANNON */ \
    24, -8, -12, 55, -16, \
    -19, 3, -28, 8, -34, \
    -5, 21, -11, -36, -34, \
    9, 3, -21, -11, -46, \
    -6, -7, -39, -6, -31, \
    24, 59, -8, 46, -32, \
    -26, 29, -12, 1, -13, \
    8, 41, 80, 9, 3, \
    -19, -15, 4, 18, -16, \
    -49, 24, 4, -8, -58, \
    /* PSTEG_PAWN */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    6, 0, -4, 0, -33, \
    -11, 0, -16, 0, 24, \
    3, 32, -12, 7, 6, \
    -16, 3, -5, 0, -11, \
    12, -8, -17, -10, -13, \
    -15, 6, -11, -53, -31, \
    1, 24, -4, 31, 17,

/* The threat terms: for the side to move, then the other side, attacked by a lesser
 * piece (chariot, cannon, horse, guard), then attacked and undefended (those and a pawn
 * across the river). */
#define XQ_EVAL_THREAT_WEIGHTS(X) \
    X(THREAT_MOVER_CHARIOT_LESSER, 0) X(THREAT_MOVER_CANNON_LESSER, 0) X(THREAT_MOVER_HORSE_LESSER, 0) \
    X(THREAT_MOVER_GUARD_LESSER, 0) X(THREAT_MOVER_CHARIOT_LOOSE, 0) X(THREAT_MOVER_CANNON_LOOSE, 0) \
    X(THREAT_MOVER_HORSE_LOOSE, 0) X(THREAT_MOVER_GUARD_LOOSE, 0) X(THREAT_MOVER_PAWN_LOOSE, 0) \
    X(THREAT_OTHER_CHARIOT_LESSER, 0) X(THREAT_OTHER_CANNON_LESSER, 0) X(THREAT_OTHER_HORSE_LESSER, 0) \
    X(THREAT_OTHER_GUARD_LESSER, 0) X(THREAT_OTHER_CHARIOT_LOOSE, 0) X(THREAT_OTHER_CANNON_LOOSE, 0) \
    X(THREAT_OTHER_HORSE_LOOSE, 0) X(THREAT_OTHER_GUARD_LOOSE, 0) X(THREAT_OTHER_PAWN_LOOSE, 0)

#endif
