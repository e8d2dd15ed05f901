/* yz_svg.h -- the line game's board as SVG: the eleven points in a line, the goal at
 * the left as the rule book draws it, each stack of coins with its count. */
#ifndef BOYI_YZ_SVG_H
#define BOYI_YZ_SVG_H

#include <stdint.h>
#include <stdio.h>

#include "yizi.h"

/* Draw P; LAST (0: none) is the move that led to it (marked), PLY the number of
 * moves played so far (0: not shown). */
void yz_svg_write(FILE *f, const yz_pos *p, uint32_t last, int ply);

#endif
