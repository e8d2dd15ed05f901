/* gm_desc.h -- the position value of Gomoku in the game descriptor (game.h), for the
 * layers that draw or record it (notation/gomoku). */
#ifndef BOYI_GM_DESC_H
#define BOYI_GM_DESC_H

#include "gomoku.h"

typedef struct gm_dpos {
    gm_board b;
    int last;            /* point y * size + x of the last stone placed, -1 if not known */
} gm_dpos;

/* The position text: "black: h8 i9; white: j10[; size: N]; to-move: black", stones
 * by column then row (one text per board).  Truncated to fit N bytes. */
void gm_board_to_text(const gm_board *b, char *buf, size_t n);

#endif
