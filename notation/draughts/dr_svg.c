/* dr_svg.c -- the 10x10 board as diagrams print it: white at the bottom, the dark
 * squares numbered 1..50 from the top left, men as discs and kings as discs with a
 * crown ring, the last move's two squares tinted. */
#include "dr_svg.h"

#include "svg.h"

enum { CELL = 56, MARGIN = 24 };

/* Square s (1..50): five dark squares per row, starting on the second column in even
 * rows (counted from the top, row 0) and on the first in odd ones. */
static void square_xy(int s, double *x, double *y)
{
    int row = (s - 1) / 5, k = (s - 1) % 5, col = 2 * k + (row % 2 == 0 ? 1 : 0);
    *x = MARGIN + col * CELL;
    *y = MARGIN + row * CELL;
}

static void piece(FILE *f, double x, double y, bool white, bool king)
{
    const char *fill = white ? "#f8f4ea" : "#2a211c", *edge = white ? "#8a7d66" : "#000";
    double cx = x + CELL / 2.0, cy = y + CELL / 2.0;
    fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"%s\" stroke-width=\"2\"/>\n",
            cx, cy, CELL * 0.40, fill, edge);
    fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"%s\" stroke-width=\"1\"/>\n",
            cx, cy, CELL * 0.30, edge);
    if (king)
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"#d4a017\" stroke-width=\"4\"/>\n",
                cx, cy, CELL * 0.18);
}

void dr_svg_write(FILE *f, const dr_pos *p, int last_from, int last_to)
{
    int side = 10 * CELL + 2 * MARGIN;
    bo_svg_begin(f, side, side, "#6b4f3a");
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#efe2c4\"/>\n", MARGIN, MARGIN, 10 * CELL, 10 * CELL);
    for (int s = 1; s <= 50; s++) {
        double x, y;
        square_xy(s, &x, &y);
        bool marked = s == last_from || s == last_to;
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", x, y, CELL, CELL,
                marked ? "#8f7a2a" : "#8b6b4a");
        char num[12];
        snprintf(num, sizeof num, "%d", s);
        bo_svg_text(f, x + 10, y + 9, 10, "#e9dcc0", num);
        uint64_t bit = UINT64_C(1) << (s - 1);
        if ((p->white | p->black) & bit) piece(f, x, y, (p->white & bit) != 0, (p->kings & bit) != 0);
    }
    bo_svg_end(f);
}
