/* ew_svg.c -- an EWN position as an SVG diagram: the 5x5 board with columns A..E and
 * rows 5..1 (red's corner A5 at the top left), the start triangles and goal corners
 * tinted, each piece a rounded square with its number in its colour, the last step's
 * squares outlined, and below the board who is to roll or move and the die. */
#include <stdio.h>

#include "einstein.h"
#include "ew_svg.h"
#include "svg.h"

enum { CELL = 64, MARGIN = 32 };

/* FROM and TO (-1: none) are outlined. */
void ew_svg_write(FILE *f, const ew_pos *p, int from, int to)
{
    int w = 2 * MARGIN + 5 * CELL, h = 2 * MARGIN + 5 * CELL + 36;
    bo_svg_begin(f, w, h, "#f4efe3");
    for (int s = 0; s < EW_SQUARES; s++) {
        int r = s / 5, c = s % 5, x = MARGIN + c * CELL, y = MARGIN + r * CELL;
        const char *fill = s == 0 || s == 24 ? "#e6d2a8" : r + c <= 2 ? "#f6dede" : r + c >= 6 ? "#dde6f6" : "#fbf8f0";
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#555\" stroke-width=\"1\"/>\n", x,
                y, CELL, CELL, fill);
        if (s == from || s == to)
            fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#2a9d2a\" stroke-width=\"3\"/>\n",
                    x + 2, y + 2, CELL - 4, CELL - 4);
        int v = p->board[s];
        if (!v) continue;
        const char *col = v > 6 ? "#2b5bc4" : "#c4302b";
        char num[8];
        snprintf(num, sizeof num, "%d", v > 6 ? v - 6 : v);
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"8\" fill=\"%s\" stroke=\"#222\"/>\n", x + 10,
                y + 10, CELL - 20, CELL - 20, col);
        bo_svg_text(f, x + CELL / 2.0, y + CELL / 2.0 + 9, 26, "#ffffff", num);
    }
    for (int c = 0; c < 5; c++) {
        char t[2] = {(char)('A' + c), 0};
        bo_svg_text(f, MARGIN + c * CELL + CELL / 2.0, MARGIN - 10, 14, "#333", t);
    }
    for (int r = 0; r < 5; r++) {
        char t[2] = {(char)('5' - r), 0};
        bo_svg_text(f, MARGIN / 2.0, MARGIN + r * CELL + CELL / 2.0 + 5, 14, "#333", t);
    }
    char line[96];
    int who = ew_to_move(p), win = ew_winner(p, NULL);
    if (win >= 0) snprintf(line, sizeof line, "%s wins", win ? "blue" : "red");
    else if (p->setup) snprintf(line, sizeof line, "setup: %s places piece %d", p->placed[0] < 6 ? "red" : "blue",
                                p->placed[p->placed[0] < 6 ? 0 : 1] + 1);
    else if (who == -1) snprintf(line, sizeof line, "%s to roll", p->stm ? "blue" : "red");
    else snprintf(line, sizeof line, "%s to move, die %d", p->stm ? "blue" : "red", p->die);
    bo_svg_text(f, w / 2.0, MARGIN + 5 * CELL + 26, 16, "#222", line);
    bo_svg_end(f);
}
