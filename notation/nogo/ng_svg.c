/* ng_svg.c -- the NoGo board as a Go diagram: the 9x9 grid with the star points C3 G3
 * E5 C7 G7, Go's column letters (no I) and rows from the bottom, stones with their
 * move numbers, the last stone ringed, and small crosses on the empty points the side
 * to move may not take (they would capture or be suicide) -- what a NoGo player
 * reads off a board first. */
#include "ng_svg.h"

#include "svg.h"

enum { CELL = 40, MARGIN = 46, RADIUS = 18 };

static double px(int col) { return MARGIN + col * CELL; }
static double py(int row) { return MARGIN + row * CELL; }   /* row 0: the top */

void ng_svg_write(FILE *f, const ng_pos *p, const int *numbers, int last)
{
    int side = (NG_SIZE - 1) * CELL + 2 * MARGIN;
    bo_svg_begin(f, side, side, "#dcb35c");
    static const char cols[] = "ABCDEFGHJ";
    for (int i = 0; i < NG_SIZE; i++) {
        double w = i == 0 || i == NG_SIZE - 1 ? 2.0 : 1.0;
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#222\" stroke-width=\"%.1f\"/>\n",
                px(i), py(0), px(i), py(NG_SIZE - 1), w);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#222\" stroke-width=\"%.1f\"/>\n",
                px(0), py(i), px(NG_SIZE - 1), py(i), w);
        char label[8];
        snprintf(label, sizeof label, "%c", cols[i]);
        bo_svg_text(f, px(i), py(NG_SIZE - 1) + 28, 15, "#222", label);
        snprintf(label, sizeof label, "%d", NG_SIZE - i);
        bo_svg_text(f, px(0) - 28, py(i), 15, "#222", label);
    }
    static const int stars[5] = {20, 24, 40, 56, 60};
    for (int i = 0; i < 5; i++)
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"#222\"/>\n", px(stars[i] % 9), py(stars[i] / 9));
    ng_bits legal = ng_legal_set(p);
    for (int q = 0; q < NG_POINTS; q++) {
        double x = px(q % NG_SIZE), y = py(q / NG_SIZE);
        int c = ng_at(p, q);
        if (c == NG_EMPTY) {
            if (!(legal & ((ng_bits)1 << q)))
                fprintf(f, "<path d=\"M%.1f %.1fl8 8m0 -8l-8 8\" stroke=\"#a01010\" stroke-width=\"2\"/>\n", x - 4, y - 4);
            continue;
        }
        bool black = c == NG_BLACK;
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"%s\" stroke=\"#111\" stroke-width=\"1\"/>\n", x, y,
                RADIUS, black ? "#111" : "#f8f8f8");
        if (numbers && numbers[q] > 0) {
            char t[16];
            snprintf(t, sizeof t, "%d", numbers[q]);
            bo_svg_text(f, x, y, numbers[q] >= 100 ? 12 : 14, black ? "#fff" : "#111", t);
        }
        if (q == last)
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"none\" stroke=\"#d02020\" stroke-width=\"2.5\"/>\n", x, y,
                    RADIUS + 3);
    }
    bo_svg_end(f);
}
