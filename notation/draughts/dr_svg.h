/* dr_svg.h -- an international draughts position as an SVG diagram. */
#ifndef BOYI_DR_SVG_H
#define BOYI_DR_SVG_H

#include <stdio.h>

#include "draughts.h"

/* Draw P; LAST_FROM/LAST_TO (0: none) mark the squares of the last move. */
void dr_svg_write(FILE *f, const dr_pos *p, int last_from, int last_to);

#endif
