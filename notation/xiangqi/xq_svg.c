/* xq_svg.c -- the Xiangqi board as players print it: nine files and ten ranks of
 * intersections, the river with 楚河 汉界 cutting the inner files, the palaces'
 * diagonals, the soldiers' and cannons' position marks, file numbers for both sides
 * (red 九..一 below, black 1..9 above), pieces as discs with their Chinese names in
 * red or black, and the last move's squares outlined. */
#include "xq_svg.h"

#include "svg.h"

enum { CELL = 60, MARGIN = 76, RADIUS = 26, FRAME = 34, RIVER_GLYPH = 22 };

static double px(int file) { return MARGIN + file * CELL; }
static double py(int rank) { return MARGIN + (9 - rank) * CELL; }

static void line(FILE *f, double x1, double y1, double x2, double y2, double w)
{
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#3b2a14\" stroke-width=\"%.1f\"/>\n",
            x1, y1, x2, y2, w);
}

/* The small corner marks at the starting points of soldiers and cannons. */
static void position_mark(FILE *f, int file, int rank)
{
    double x = px(file), y = py(rank), g = 5, l = 12;
    for (int sx = -1; sx <= 1; sx += 2) {
        if ((sx < 0 && file == 0) || (sx > 0 && file == 8)) continue;
        for (int sy = -1; sy <= 1; sy += 2) {
            double cx = x + sx * g, cy = y + sy * g;
            fprintf(f, "<polyline points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"none\" stroke=\"#3b2a14\" "
                       "stroke-width=\"1.5\"/>\n", cx + sx * l, cy, cx, cy, cx, cy + sy * l);
        }
    }
}

static void grid(FILE *f)
{
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#3b2a14\" stroke-width=\"3\"/>\n",
            MARGIN - FRAME, MARGIN - FRAME, 8 * CELL + 2 * FRAME, 9 * CELL + 2 * FRAME);
    for (int r = 0; r <= 9; r++) line(f, px(0), py(r), px(8), py(r), 1.5);
    for (int c = 0; c <= 8; c++) {
        if (c == 0 || c == 8) { line(f, px(c), py(0), px(c), py(9), 1.5); continue; }
        line(f, px(c), py(0), px(c), py(4), 1.5);   /* the river cuts the inner files */
        line(f, px(c), py(5), px(c), py(9), 1.5);
    }
    line(f, px(3), py(0), px(5), py(2), 1.2);
    line(f, px(5), py(0), px(3), py(2), 1.2);
    line(f, px(3), py(7), px(5), py(9), 1.2);
    line(f, px(5), py(7), px(3), py(9), 1.2);
    /* 楚河 汉界 one glyph at a time, each midway between two files, where the four
     * discs of the bank points around it leave a gap of 16 px: a glyph of 22 px fits,
     * so pieces on the river banks never cover the words. */
    static const char *const river[4] = {"楚", "河", "汉", "界"};
    static const double at[4] = {1.5, 2.5, 5.5, 6.5};
    for (int i = 0; i < 4; i++)
        bo_svg_text(f, MARGIN + at[i] * CELL, (py(4) + py(5)) / 2, RIVER_GLYPH, "#3b2a14", river[i]);
    static const int soldiers[] = {0, 2, 4, 6, 8};
    for (int i = 0; i < 5; i++) { position_mark(f, soldiers[i], 3); position_mark(f, soldiers[i], 6); }
    position_mark(f, 1, 2); position_mark(f, 7, 2); position_mark(f, 1, 7); position_mark(f, 7, 7);
    static const char *const red_files[] = {"九", "八", "七", "六", "五", "四", "三", "二", "一"};
    char num[16];
    for (int c = 0; c <= 8; c++) {
        bo_svg_text(f, px(c), py(0) + FRAME + 20, 20, "#b22222", red_files[c]);
        snprintf(num, sizeof num, "%d", c + 1);
        bo_svg_text(f, px(c), py(9) - FRAME - 20, 20, "#222", num);
    }
}

static void piece(FILE *f, int sq, uint8_t pc)
{
    static const char *const red[8] = {"", "帥", "仕", "相", "傌", "俥", "炮", "兵"};
    static const char *const black[8] = {"", "將", "士", "象", "馬", "車", "砲", "卒"};
    bool is_red = XQ_SIDE(pc) == XQ_RED;
    const char *ink = is_red ? "#c0181f" : "#1a1a1a";
    double x = px(XQ_FILE_OF(sq)), y = py(XQ_RANK_OF(sq));
    fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"#f3dfb4\" stroke=\"%s\" stroke-width=\"2.5\"/>\n",
            x, y, RADIUS, ink);
    fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"none\" stroke=\"%s\" stroke-width=\"1\"/>\n",
            x, y, RADIUS - 4, ink);
    bo_svg_text(f, x, y, 30, ink, (is_red ? red : black)[XQ_KIND(pc)]);
}

void xq_svg_write(FILE *f, const xq_pos *p, xq_move last)
{
    bo_svg_begin(f, 8 * CELL + 2 * MARGIN, 9 * CELL + 2 * MARGIN, "#e8c07a");
    grid(f);
    if (last) {   /* from: a dashed ring; to: a solid one under the piece */
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"none\" stroke=\"#1f6fd1\" stroke-width=\"2\" "
                   "stroke-dasharray=\"5,4\"/>\n", px(XQ_FILE_OF(XQ_FROM(last))), py(XQ_RANK_OF(XQ_FROM(last))), RADIUS);
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"none\" stroke=\"#1f6fd1\" stroke-width=\"5\"/>\n",
                px(XQ_FILE_OF(XQ_TO(last))), py(XQ_RANK_OF(XQ_TO(last))), RADIUS + 3);
    }
    for (int sq = 0; sq < XQ_SQUARES; sq++)
        if (p->sq[sq]) piece(f, sq, p->sq[sq]);
    bo_svg_end(f);
}
