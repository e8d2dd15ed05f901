/* tg_svg.c -- a Two Tigers position as SVG: the board of four 米 squares, the tigers,
 * the dogs with their stack heights, and the last move.
 *
 * Method: points 80 px apart, row 5 at the top as in the position text; a stack is one
 * disc with its height written on it. */
#include <stdio.h>

#include "svg.h"
#include "tg_record.h"

static double px(int p) { return 60 + 80.0 * (p % 5); }
static double py(int p) { return 60 + 80.0 * (4 - p / 5); }

/* Every line once: each point to its neighbours further on. */
void tg_svg_write(FILE *out, const tg_pos *p, uint32_t last)
{
    bo_svg_begin(out, 440, 460, "#f3e2b8");
    for (int a = 0; a < TG_POINTS; a++)
        for (int d = 0; d < 8; d++) {
            int b = tg_step(a, d);
            if (b > a)
                fprintf(out, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#5a3d1e\" stroke-width=\"2\"/>\n",
                        px(a), py(a), px(b), py(b));
        }
    for (int c = 0; c < 5; c++) {
        char s[2] = {(char)('a' + c), 0};
        bo_svg_text(out, px(c), 448, 14, "#5a3d1e", s);
    }
    for (int r = 0; r < 5; r++) {
        char s[2] = {(char)('1' + r), 0};
        bo_svg_text(out, 18, py(r * 5) + 5, 14, "#5a3d1e", s);
    }
    if (last) {
        int f = tg_from(last), t = tg_to(last);
        fprintf(out, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#2a7de1\" stroke-width=\"6\" opacity=\"0.6\"/>\n",
                px(f), py(f), px(t), py(t));
    }
    for (int q = 0; q < TG_POINTS; q++) {
        if (q == p->tiger[0] || q == p->tiger[1]) {
            fprintf(out, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"26\" fill=\"#e07b14\" stroke=\"#000\" stroke-width=\"2\"/>\n",
                    px(q), py(q));
            bo_svg_text(out, px(q), py(q) + 8, 22, "#000", "虎");
        } else if (p->dogs[q]) {
            char n[4];
            snprintf(n, sizeof n, "%d", p->dogs[q]);
            fprintf(out, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"%d\" fill=\"#ddd\" stroke=\"#333\" stroke-width=\"%d\"/>\n",
                    px(q), py(q), 16 + 2 * p->dogs[q], p->dogs[q]);
            bo_svg_text(out, px(q), py(q) + 6, 16, "#000", p->dogs[q] > 1 ? n : "狗");
        }
    }
    char side[64];
    snprintf(side, sizeof side, "%s to move, %d taken", p->side == TG_TIGERS ? "tigers" : "dogs", p->captured);
    bo_svg_text(out, 220, 20, 14, "#333", side);
    bo_svg_end(out);
}
