/* gm_desc.h -- the position value of Gomoku in the game descriptor (game.h), for the
 * layers that draw or record it (notation/gomoku). */
#ifndef BOYI_GM_DESC_H
#define BOYI_GM_DESC_H

#include "gomoku.h"

typedef struct gm_dpos {
    gm_board b;
    int last;            /* point y * size + x of the last stone placed, -1 if not known */
} gm_dpos;

#endif
