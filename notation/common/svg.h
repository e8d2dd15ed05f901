/* svg.h -- the little SVG that board diagrams and graphs share: a document with a
 * background, and text escaped for XML.  Writers print the rest themselves. */
#ifndef BOYI_SVG_H
#define BOYI_SVG_H

#include <stdio.h>

/* Open an SVG document of W x H pixels on a plain background. */
void bo_svg_begin(FILE *f, int w, int h, const char *background);
void bo_svg_end(FILE *f);
/* TEXT at (X,Y), centred, with the given size and colour (escaped for XML). */
void bo_svg_text(FILE *f, double x, double y, double size, const char *colour, const char *text);
/* The same with ANCHOR "start", "middle" or "end" (where X is on the text). */
void bo_svg_text_anchored(FILE *f, double x, double y, double size, const char *colour, const char *anchor,
                          const char *text);
/* bo_svg_text centred, naming the fonts itself (text outside a bo_svg_begin document). */
void bo_svg_text_font(FILE *f, double x, double y, double size, const char *colour, const char *text);
/* TEXT escaped for XML (attribute values and character data alike). */
void bo_svg_escape(FILE *f, const char *text);

#endif
