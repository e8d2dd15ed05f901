/* ng_svg.h -- the NoGo board as an SVG diagram. */
#ifndef BOYI_NG_SVG_H
#define BOYI_NG_SVG_H

#include <stdio.h>

#include "nogo.h"

/* P drawn: a 9x9 Go grid with its star points, columns A..J (no I) below and rows 1..9
 * at the side; NUMBERS[point] (NULL: none; 0: none there) printed on stones; LAST (-1:
 * none) marked; and, for the side to move, its illegal empty points crossed. */
void ng_svg_write(FILE *f, const ng_pos *p, const int *numbers, int last);

#endif
