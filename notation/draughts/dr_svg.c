/* dr_svg.c -- the board as diagrams print it: white at the bottom, the dark squares
 * numbered from black's side (1..50 on 10x10; 1..32 on the 8x8 variants, where the
 * variant's own numbering places each square and the margins carry files a-h and
 * ranks 1-8 for the alphanumeric notation), men as discs and kings as discs with a
 * crown ring, the last move's two squares tinted. */
#include "dr_svg.h"

#include "svg.h"

enum { CELL = 56, MARGIN = 24 };

/* Square s of the position's board, top left corner of its cell.  10x10: five dark
 * squares per row, starting on the second column in even rows (counted from the top,
 * row 0) and on the first in odd ones.  8x8: where the variant's numbering puts it
 * (the Italian board is the mirror image of the others: variant.c). */
static void square_xy(const dr_pos *p, int s, double *x, double *y)
{
    int file, rank;
    if (dr_variant_coords((dr_variant)p->variant, s, &file, &rank)) {
        *x = MARGIN + file * CELL;
        *y = MARGIN + (8 - rank) * CELL;
        return;
    }
    int row = (s - 1) / 5, k = (s - 1) % 5, col = 2 * k + (row % 2 == 0 ? 1 : 0);
    *x = MARGIN + col * CELL;
    *y = MARGIN + row * CELL;
}

/* Files and ranks on the margins of an 8x8 board, as its alphanumeric moves name them. */
static void coordinates(FILE *f)
{
    for (int i = 0; i < 8; i++) {
        char t[2] = {(char)('a' + i), 0}, r[2] = {(char)('8' - i), 0};
        bo_svg_text(f, MARGIN + i * CELL + CELL / 2.0, MARGIN + 8 * CELL + MARGIN / 2.0, 12, "#e9dcc0", t);
        bo_svg_text(f, MARGIN / 2.0, MARGIN + i * CELL + CELL / 2.0, 12, "#e9dcc0", r);
    }
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
    int squares = dr_variant_squares((dr_variant)p->variant), n = squares == 32 ? 8 : 10;
    int side = n * CELL + 2 * MARGIN;
    bo_svg_begin(f, side, side, "#6b4f3a");
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#efe2c4\"/>\n", MARGIN, MARGIN, n * CELL, n * CELL);
    if (n == 8) coordinates(f);
    for (int s = 1; s <= squares; s++) {
        double x, y;
        square_xy(p, s, &x, &y);
        bool marked = s == last_from || s == last_to;
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", x, y, CELL, CELL,
                marked ? "#8f7a2a" : "#8b6b4a");
        char num[12];
        snprintf(num, sizeof num, "%d", s);
        bo_svg_text(f, x + 8, y + 8, 9, "#e9dcc0", num);   /* in the corner, clear of the disc */
        uint64_t bit = UINT64_C(1) << (s - 1);
        if ((p->white | p->black) & bit) piece(f, x, y, (p->white & bit) != 0, (p->kings & bit) != 0);
    }
    bo_svg_end(f);
}
