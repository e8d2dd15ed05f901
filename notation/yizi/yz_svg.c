/* yz_svg.c -- the line game's board (yz_svg.h): the rule book's figure, a line of
 * eleven points, the goal a black dot at the left end and the others circles, with
 * the coins drawn as a stack of discs on each point (the count written above), the
 * unplaced coins of rule 3 in a stack of their own, the last move as an arrow from
 * its point to its destination, and a caption: side to move and convention. */
#include "yz_svg.h"

#include "svg.h"

enum { STEP = 64, LEFT = 48, LINE_Y = 150, DISC_H = 9, WIDTH = LEFT * 2 + STEP * 10 + 90, HEIGHT = 230 };

static double px(int point) { return LEFT + point * STEP; }

/* A stack of N coins on X, each a flattened disc above the line. */
static void stack(FILE *f, double x, int n, const char *fill)
{
    for (int i = 0; i < n; i++)
        fprintf(f, "<ellipse cx=\"%.1f\" cy=\"%.1f\" rx=\"20\" ry=\"6\" fill=\"%s\" stroke=\"#5a4a1a\" stroke-width=\"1\"/>\n",
                x, (double)(LINE_Y - 14 - i * DISC_H), fill);
    if (n > 0) {
        char label[16];
        snprintf(label, sizeof label, "%d", n);
        bo_svg_text(f, x, LINE_Y - 34 - (n - 1) * DISC_H, 14, "#222", label);
    }
}

/* The line, the stacks, the unplaced coins, the last move, the caption. */
void yz_svg_write(FILE *f, const yz_pos *p, uint32_t last, int ply)
{
    bo_svg_begin(f, WIDTH, HEIGHT, "#f4ecd8");
    fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#222\" stroke-width=\"2\"/>\n", px(0), LINE_Y,
            px(10), LINE_Y);
    for (int i = 0; i < YZ_POINTS; i++) {
        if (i == 0) fprintf(f, "<circle cx=\"%.1f\" cy=\"%d\" r=\"9\" fill=\"#111\"/>\n", px(i), LINE_Y);
        else fprintf(f, "<circle cx=\"%.1f\" cy=\"%d\" r=\"8\" fill=\"#fff\" stroke=\"#222\" stroke-width=\"2\"/>\n", px(i), LINE_Y);
        char label[16];
        snprintf(label, sizeof label, "%d", i);
        bo_svg_text(f, px(i), LINE_Y + 24, 14, "#444", label);
    }
    for (int i = 0; i < YZ_POINTS; i++) stack(f, px(i), p->count[i], i == 0 ? "#b8a070" : "#e0b040");
    if (p->unplaced) {
        double x = px(10) + 78;
        stack(f, x, p->unplaced, "#c9c9c9");
        bo_svg_text(f, x, LINE_Y + 24, 12, "#444", "unplaced");
    }
    if (last) {
        int a = yz_from(last);
        if (yz_is_placement(last)) {
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%d\" r=\"13\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"3\"/>\n", px(a),
                    LINE_Y);
        } else {
            double x1 = px(a), x2 = px(yz_to(last)), y = LINE_Y + 44;
            fprintf(f, "<path d=\"M %.1f %.1f L %.1f %.1f\" stroke=\"#c0392b\" stroke-width=\"3\" fill=\"none\"/>\n", x1, y,
                    x2 + 8, y);
            fprintf(f, "<path d=\"M %.1f %.1f l 10 -6 l 0 12 z\" fill=\"#c0392b\"/>\n", x2, y);
            char label[16];
            snprintf(label, sizeof label, "%d", yz_coins(last));
            bo_svg_text(f, (x1 + x2) / 2, y + 14, 12, "#c0392b", label);
        }
    }
    char caption[160];
    if (yz_over(p))
        snprintf(caption, sizeof caption, "all ten coins on the goal: %s wins (%s)",
                 yz_winner(p) == 0 ? "first player" : "second player", p->misere ? "misère" : "normal play");
    else
        snprintf(caption, sizeof caption, "%s to %s%s, %s", p->side ? "second player" : "first player",
                 p->unplaced ? "place" : "move", "", p->misere ? "misère (the last mover loses)" : "normal play (the last mover wins)");
    bo_svg_text_anchored(f, LEFT - 20, 30, 15, "#222", "start", caption);
    if (ply > 0) {
        char label[32];
        snprintf(label, sizeof label, "after %d move%s", ply, ply == 1 ? "" : "s");
        bo_svg_text_anchored(f, WIDTH - 20, 30, 13, "#444", "end", label);
    }
    bo_svg_end(f);
}
