/* svg.c -- shared SVG pieces (see svg.h). */
#include "svg.h"

/* Fonts a reader's machine is likely to have, CJK first for the Chinese glyphs. */
/* Fonts a reader's machine is likely to have, CJK first for the Chinese glyphs: Linux
 * (Debian's fonts-noto-cjk, fonts-wqy-zenhei, fonts-arphic-*), Windows, macOS, Android.
 * Without any CJK font the glyphs show as boxes (docs/render.md names the packages). */
static const char *const font_family =
    "'Noto Sans CJK SC','Noto Sans CJK TC','Noto Serif CJK SC','Source Han Sans SC','Source Han Sans CN',"
    "'WenQuanYi Zen Hei','WenQuanYi Micro Hei','AR PL UMing CN','AR PL UKai CN','Droid Sans Fallback',"
    "'Microsoft YaHei','SimHei','SimSun','KaiTi','PingFang SC','Hiragino Sans GB','Heiti SC',sans-serif";

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

void bo_svg_text_font(FILE *f, double x, double y, double size, const char *colour, const char *text)
{
    fprintf(f, "<g font-family=\"%s\">", font_family);
    bo_svg_text(f, x, y, size, colour, text);
    fputs("</g>", f);
}

void bo_svg_text(FILE *f, double x, double y, double size, const char *colour, const char *text)
{
    bo_svg_text_anchored(f, x, y, size, colour, "middle", text);
}

void bo_svg_text_anchored(FILE *f, double x, double y, double size, const char *colour, const char *anchor,
                          const char *text)
{
    /* Centred on Y by the baseline itself, not by dominant-baseline="central": renderers
     * place "central" from the font's ascent and descent (and librsvg ignores it), which
     * left CJK glyphs above the centre of their discs.  A CJK glyph and a digit both
     * stand about 0.88 em above the baseline and 0.12 below: the middle is 0.35 em up. */
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\" text-anchor=\"%s\">", x,
            y + 0.35 * size, size, colour, anchor);
    bo_svg_escape(f, text);
    fputs("</text>\n", f);
}
