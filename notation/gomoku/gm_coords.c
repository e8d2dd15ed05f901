/* gm_coords.c -- Gomoku coordinates: contest letters and digits, Gomocup, PSQ, SGF,
 * Botzone. */
#include "gm_coords.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "botzone.h"
#include "gm_desc.h"

static bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static int letter_index(char c) { return c >= 'a' ? c - 'a' : c - 'A'; }

/* One scanner for every human form ("f8" "F 8"), so the CLI, the position text and
 * the move lists agree on what a point is. */
size_t gm_coord_scan(const char *s, size_t n, int *x, int *y)
{
    if (n == 0 || !is_letter(s[0])) return 0;
    size_t i = 1;
    while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    size_t d0 = i;
    int row = 0;
    while (i < n && is_digit(s[i]) && i - d0 < 3) row = row * 10 + (s[i++] - '0');
    if (i == d0) return 0;
    if (i < n && is_digit(s[i])) return 0; /* four digits: not a row */
    *x = letter_index(s[0]);
    *y = row - 1;
    return i;
}

/* A whole string is one point, or it is not: used for typed input. */
int gm_coord_parse(const char *s, int *x, int *y)
{
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') s++;
    size_t n = strlen(s);
    size_t used = gm_coord_scan(s, n, x, y);
    if (used == 0) return -1;
    for (size_t i = used; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r') return -1;
    return 0;
}

/* The canonical "h8"; odd points still print, so messages can name them. */
char *gm_coord_format(int x, int y, char *buf)
{
    if (x >= 0 && x < 26 && y >= -1 && y < 999)
        snprintf(buf, GM_COORD_MAX, "%c%d", 'a' + x, y + 1);
    else
        snprintf(buf, GM_COORD_MAX, "(%d,%d)", x, y);
    return buf;
}

/* The contest's typed form, as "最后落子e 3" prints it. */
char *gm_coord_format_spaced(int x, int y, char *buf)
{
    if (x >= 0 && x < 26 && y >= -1 && y < 999)
        snprintf(buf, GM_COORD_MAX, "%c %d", 'a' + x, y + 1);
    else
        snprintf(buf, GM_COORD_MAX, "(%d,%d)", x, y);
    return buf;
}

/* Gomocup counts rows from the top, the contest from the bottom: one flip. */
void gm_coord_from_gomocup(int gx, int gy, int size, int *x, int *y)
{
    *x = gx;
    *y = size - 1 - gy;
}

/* The inverse flip, for writing PSQ. */
void gm_coord_to_gomocup(int x, int y, int size, int *gx, int *gy)
{
    *gx = x;
    *gy = size - 1 - y;
}

/* SGF rows count from the top, like Gomocup's. */
int gm_coord_from_sgf(char c1, char c2, int size, int *x, int *y)
{
    if (!is_letter(c1) || !is_letter(c2)) return -1;
    *x = letter_index(c1);
    *y = size - 1 - letter_index(c2);
    return 0;
}

/* Writers only see on-board points (gm_write checks), so letters stay a..t. */
void gm_coord_to_sgf(int x, int y, int size, char out[3])
{
    int r = size - 1 - y;
    out[0] = (char)('a' + (x >= 0 && x < 26 ? x : 0));
    out[1] = (char)('a' + (r >= 0 && r < 26 ? r : 0));
    out[2] = '\0';
}

/* One place that says what "on the board" means. */
bool gm_coord_on_board(int size, int x, int y)
{
    return x >= 0 && y >= 0 && x < size && y < size;
}

/* Botzone's Gomoku and Renju points: x the column from 0 (the move text's letter), y
 * the row from 0 (the move text's number - 1), as for Gomocup (docs/botzone.md). */
static int gm_bz_to_xy(const void *pos, uint32_t m, int *x, int *y)
{
    int size = ((const gm_dpos *)pos)->b.size;
    if ((int)m >= size * size) return -1;
    *x = (int)m % size;
    *y = (int)m / size;
    return 0;
}

static int gm_bz_from_xy(const void *pos, int x, int y, uint32_t *m)
{
    int size = ((const gm_dpos *)pos)->b.size;
    if (x < 0 || y < 0 || x >= size || y >= size) return -1;
    *m = (uint32_t)(y * size + x);
    return 0;
}

const bz_xy gm_botzone = {gm_bz_to_xy, gm_bz_from_xy};
