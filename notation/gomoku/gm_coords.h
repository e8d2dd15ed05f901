/* gm_coords.h -- Gomoku coordinates in the notations people write.
 *
 * Engine coordinates (engine/gomoku/gomoku.h): x = column 0.. from the left (a..),
 * y = row 0.. from the bottom (row 1 = y 0).  The notations:
 *   contest / Renju   "f8", "F8", "f 8", "F 8": column letter a.. (case-insensitive),
 *                     row number 1.. from black's side, never 0-based;
 *   contest record    "B(H,8)" / "W(I,9)" (read in gm_contest.c);
 *   Gomocup           "x,y" 0-based, y counted from the TOP: h8 = "7,7", e3 = "4,12";
 *   Piskvork PSQ      the Gomocup pair plus one (1-based);
 *   SGF               two letters, column a.. from the left, row a.. from the TOP.
 * Parsers return points that may lie off the board ("p16", "a0"): whether a point is on
 * the board is the validator's question, so that it can say so in a judge's words. */
#ifndef BOYI_GM_COORDS_H
#define BOYI_GM_COORDS_H

#include <stdbool.h>
#include <stddef.h>

/* Longest text gm_coord_format writes, with its NUL. */
enum { GM_COORD_MAX = 16 };

/* Scan a point written "f8", "F 8", "f 8", "F8" at s (at most n bytes): one letter
 * a..z (either case), optional blanks, 1..3 digits.  Returns the bytes used, or 0 when
 * s does not start with such a point.  *x = column index (a = 0), *y = row - 1 (so
 * "a0" gives y = -1).  Does not look past the digits. */
size_t gm_coord_scan(const char *s, size_t n, int *x, int *y);

/* The whole string S (surrounding blanks allowed) is one point: 0, or -1. */
int gm_coord_parse(const char *s, int *x, int *y);

/* Write "h8" into buf (GM_COORD_MAX bytes); off-board points are written as "(x,y)". */
char *gm_coord_format(int x, int y, char *buf);
/* Write "h 8", the contest's typed form ("最后落子e 3"). */
char *gm_coord_format_spaced(int x, int y, char *buf);

/* Gomocup 0-based x,y (y from the top) <-> engine coordinates on a SIZE board. */
void gm_coord_from_gomocup(int gx, int gy, int size, int *x, int *y);
void gm_coord_to_gomocup(int x, int y, int size, int *gx, int *gy);

/* SGF letter pair <-> engine coordinates; letters beyond the board give off-board
 * points.  gm_coord_from_sgf returns -1 when c1/c2 are not letters a..z / A..Z. */
int gm_coord_from_sgf(char c1, char c2, int size, int *x, int *y);
void gm_coord_to_sgf(int x, int y, int size, char out[3]);

bool gm_coord_on_board(int size, int x, int y);

/* Botzone's Gomoku and Renju points (botzone.h): x the column from 0, y the row from
 * 0, on the descriptor's position (gm_desc.h), as for Gomocup (docs/botzone.md). */
struct bz_xy;
extern const struct bz_xy gm_botzone;

#endif
