/* gm_svg.h -- a Gomoku/Renju position as an SVG diagram. */
#ifndef BOYI_GM_SVG_H
#define BOYI_GM_SVG_H

#include <stdio.h>

#include "gomoku.h"

/* Draw B.  NUMBERS (may be NULL) gives each point's move number (0: none), written on
 * the stone; LAST_X/LAST_Y (-1: none) mark the last stone. */
void gm_svg_write(FILE *f, const gm_board *b, const int numbers[GM_MAX_SIZE][GM_MAX_SIZE], int last_x, int last_y);

#endif
