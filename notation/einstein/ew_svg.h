/* ew_svg.h -- an EWN position drawn as SVG (render --svg). */
#ifndef BOYI_EW_SVG_H
#define BOYI_EW_SVG_H

#include <stdio.h>

#include "einstein.h"

/* The board of P; the squares FROM and TO (-1: none) of the last step outlined. */
void ew_svg_write(FILE *f, const ew_pos *p, int from, int to);

#endif
