/* xq_rawboard.h - what the binary and web Xiangqi record readers (XQF,
 * ChessBridge CBR/CBL, DhtmlXQ) share: a board given square by square turned
 * into the FEN of a record, and a move given by its two squares turned into
 * ICCS text. No rule is checked here: the validator judges the position. */
#ifndef BOYI_XQ_RAWBOARD_H
#define BOYI_XQ_RAWBOARD_H

#include <stddef.h>
#include <stdint.h>

#include "xiangqi.h"

/* FEN of BOARD (xq piece bytes by xq square) with SIDE to move and move
 * number FULLMOVE (1 when < 1) into buf. */
void xq_rawboard_fen(const uint8_t board[XQ_SQUARES], xq_side side, int fullmove, char *buf, size_t n);

/* The move FROM-TO (xq squares) as ICCS text with a dash, "h2-e2". */
void xq_rawboard_move_text(int from, int to, char text[8]);

/* Is BOARD the standard start position with red to move? */
int xq_rawboard_is_start(const uint8_t board[XQ_SQUARES], xq_side side);

#endif
