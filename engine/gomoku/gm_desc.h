/* gm_desc.h -- the position value of Gomoku in the game descriptor (game.h), for the
 * layers that draw or record it (notation/gomoku). */
#ifndef BOYI_GM_DESC_H
#define BOYI_GM_DESC_H

#include "gm_opening.h"
#include "gomoku.h"

typedef struct gm_dpos {
    gm_board b;
    int last;            /* point y * size + x of the last stone placed, -1 if not known */
    gm_opening opening;  /* the opening rule where the position text names one ("opening: swap2") */
} gm_dpos;

/* The position text: "black: h8 i9; white: j10[; size: N]; to-move: black", stones
 * by column then row (one text per board); the descriptor's adds "; opening: swap2"
 * to an empty renju board whose opening rule frees the first stone.  Truncated to fit N bytes. */
void gm_board_to_text(const gm_board *b, char *buf, size_t n);

#endif
