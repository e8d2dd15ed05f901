/* xq_eval_weights.h -- the Xiangqi evaluation's compiled-in weights (model
 * xiangqi-terms-2, engine/xiangqi/xq_eval.h), generated from a weights file by
 *     bash tools/xq_weights_header.sh WEIGHTS > engine/xiangqi/xq_eval_weights.h
 * (docs/training.md).  Do not edit by hand. */
#ifndef BOYI_XQ_EVAL_WEIGHTS_H
#define BOYI_XQ_EVAL_WEIGHTS_H

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

/* The piece-square tables: per kind (king, advisor, elephant, horse, chariot, cannon,
 * pawn), middle game then endgame share, ranks 0..9 from the own side, files 0..4 from the
 * nearer edge. */
#define XQ_EVAL_PST_DEFAULTS \
    /* PST_KING */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PST_ADVISOR */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PST_ELEPHANT */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PST_HORSE */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PST_CHARIOT */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PST_CANNON */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PST_PAWN */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PSTEG_KING */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PSTEG_ADVISOR */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PSTEG_ELEPHANT */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PSTEG_HORSE */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PSTEG_CHARIOT */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PSTEG_CANNON */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    /* PSTEG_PAWN */ \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0, \
    0, 0, 0, 0, 0,

#endif
