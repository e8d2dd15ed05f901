/* gm_svg.c -- the Renju board as printed in problem books: a grid of lines, the star
 * points (the centre and the four points three in from the corners' fourth lines),
 * columns A.. below and rows 1.. at the side (row 1 at the bottom, as the contest
 * counts), stones with their move numbers, and the last stone marked. */
#include "gm_svg.h"

#include "svg.h"

enum { CELL = 36, MARGIN = 44, RADIUS = 16 };

static double px(int x) { return MARGIN + x * CELL; }
static double py(const gm_board *b, int y) { return MARGIN + (b->size - 1 - y) * CELL; }

static void grid(FILE *f, const gm_board *b)
{
    int n = b->size;
    for (int i = 0; i < n; i++) {
        double w = i == 0 || i == n - 1 ? 2.0 : 1.0;
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#222\" stroke-width=\"%.1f\"/>\n",
                px(i), py(b, 0), px(i), py(b, n - 1), w);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#222\" stroke-width=\"%.1f\"/>\n",
                px(0), py(b, i), px(n - 1), py(b, i), w);
        char label[16];
        snprintf(label, sizeof label, "%c", 'A' + i);
        bo_svg_text(f, px(i), py(b, 0) + 26, 15, "#222", label);
        snprintf(label, sizeof label, "%d", i + 1);
        bo_svg_text(f, px(0) - 26, py(b, i), 15, "#222", label);
    }
    if (n == 15) {   /* the star points: H8 and D4 D12 L4 L12 */
        static const int stars[5][2] = {{7, 7}, {3, 3}, {3, 11}, {11, 3}, {11, 11}};
        for (int i = 0; i < 5; i++)
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#222\"/>\n", px(stars[i][0]), py(b, stars[i][1]));
    }
}

void gm_svg_write(FILE *f, const gm_board *b, const int numbers[GM_MAX_SIZE][GM_MAX_SIZE], int last_x, int last_y)
{
    int side = (b->size - 1) * CELL + 2 * MARGIN;
    bo_svg_begin(f, side, side, "#dcb35c");
    grid(f, b);
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            gm_stone s = (gm_stone)b->cell[y][x];
            if (s == GM_EMPTY) continue;
            bool black = s == GM_BLACK;
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"%s\" stroke=\"#111\" stroke-width=\"1.2\"/>\n",
                    px(x), py(b, y), RADIUS, black ? "#111" : "#f7f7f7");
            if (numbers && numbers[y][x] > 0) {
                char num[12];
                snprintf(num, sizeof num, "%d", numbers[y][x]);
                bo_svg_text(f, px(x), py(b, y) + 1, numbers[y][x] >= 100 ? 11 : 14, black ? "#fff" : "#111", num);
            }
        }
    if (last_x >= 0 && last_y >= 0)
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"none\" stroke=\"#d62020\" stroke-width=\"3\"/>\n",
                px(last_x), py(b, last_y), RADIUS + 3);
    bo_svg_end(f);
}
