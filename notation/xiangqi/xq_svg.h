/* xq_svg.h -- a Xiangqi position as an SVG diagram (river, palaces, Chinese glyphs). */
#ifndef BOYI_XQ_SVG_H
#define BOYI_XQ_SVG_H

#include <stdio.h>

#include "xiangqi.h"

/* Draw P; LAST (0 for none) is the move that led to it, marked on the board. */
void xq_svg_write(FILE *f, const xq_pos *p, xq_move last);

#endif
