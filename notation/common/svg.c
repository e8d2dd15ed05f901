/* svg.c -- shared SVG pieces (see svg.h). */
#include "svg.h"

/* Fonts a reader's machine is likely to have, CJK first for the Chinese glyphs. */
static const char *const font_family =
    "'Noto Sans CJK SC','Noto Serif CJK SC','Source Han Sans SC','WenQuanYi Micro Hei','SimSun','KaiTi',sans-serif";

void bo_svg_begin(FILE *f, int w, int h, const char *background)
{
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
               "font-family=\"%s\">\n", w, h, w, h, font_family);
    fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", w, h, background);
}

void bo_svg_end(FILE *f)
{
    fputs("</svg>\n", f);
}

/* The five characters XML gives a meaning to, written as entities. */
void bo_svg_escape(FILE *f, const char *text)
{
    for (const char *p = text; *p; p++) {
        switch (*p) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default: fputc(*p, f);
        }
    }
}

void bo_svg_text(FILE *f, double x, double y, double size, const char *colour, const char *text)
{
    bo_svg_text_anchored(f, x, y, size, colour, "middle", text);
}

void bo_svg_text_anchored(FILE *f, double x, double y, double size, const char *colour, const char *anchor,
                          const char *text)
{
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\" text-anchor=\"%s\" "
               "dominant-baseline=\"central\">", x, y, size, colour, anchor);
    bo_svg_escape(f, text);
    fputs("</text>\n", f);
}
