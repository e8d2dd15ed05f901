/* gm_board.c - the gomoku board: setup, placing and removing stones, wins. */
#include "core.h"
#include "gm_internal.h"

#include <string.h>

/* Zobrist keys are derived on the fly from a mixing function, so there is no table to
 * initialise and no global state. */
static uint64_t gm_zobrist(int x, int y, gm_stone s)
{
    return bo_mix64(0x51A7E5EEDull + (uint64_t)((y * GM_MAX_SIZE + x) * 2 + (int)s - 1));
}

/* First and last valid position along line `line` of direction dir. */
static void gm_line_range(int size, int dir, int line, int *lo, int *hi)
{
    if (dir <= 1) {
        *lo = 0;
        *hi = line < size ? size - 1 : -1;
        return;
    }
    if (dir == 2) { /* x - y = line - (size-1) */
        int k = line - (size - 1);
        *lo = k > 0 ? k : 0;
        *hi = k < 0 ? size - 1 + k : size - 1;
    } else { /* x + y = line */
        *lo = line - (size - 1) > 0 ? line - (size - 1) : 0;
        *hi = line < size - 1 ? line : size - 1;
    }
    if (line >= 2 * size - 1)
        *hi = -1;
}

/* Off-board points are "blocked" for both colours; precomputing them per line keeps
 * the window extraction branch-free. */
void gm_board_init(gm_board *b, int size, gm_rules rules)
{
    memset(b, 0, sizeof *b);
    if (rules != GM_FREESTYLE && rules != GM_STANDARD)
        rules = GM_RENJU;
    if (size < GM_MIN_SIZE)
        size = GM_MIN_SIZE;
    if (size > GM_MAX_SIZE)
        size = GM_MAX_SIZE;
    if (rules == GM_RENJU)
        size = GM_RENJU_SIZE;
    b->size = size;
    b->rules = rules;
    b->to_move = GM_BLACK;
    for (int d = 0; d < 4; d++) {
        for (int l = 0; l < GM_NLINES; l++) {
            int lo, hi;
            gm_line_range(size, d, l, &lo, &hi);
            uint32_t valid = 0;
            for (int p = lo; p <= hi; p++)
                valid |= 1u << (p + GM_LINE_PAD);
            b->line_off[d][l] = ~valid;
        }
    }
}

/* Bounds-checked read, so that line walks can step off the board safely. */
gm_stone gm_at(const gm_board *b, int x, int y)
{
    if (x < 0 || y < 0 || x >= b->size || y >= b->size)
        return GM_EMPTY;
    return (gm_stone)b->cell[y][x];
}

/* Keeps cell[], the line masks and the hash in step. */
int gm_place(gm_board *b, int x, int y, gm_stone s)
{
    if (x < 0 || y < 0 || x >= b->size || y >= b->size)
        return -1;
    if ((s != GM_BLACK && s != GM_WHITE) || b->cell[y][x] != GM_EMPTY)
        return -1;
    b->cell[y][x] = (uint8_t)s;
    b->stones++;
    b->hash ^= gm_zobrist(x, y, s);
    for (int d = 0; d < 4; d++) {
        uint32_t bit = 1u << (gmi_pos(d, x, y) + GM_LINE_PAD);
        int line = gmi_line(b, d, x, y);
        if (s == GM_BLACK)
            b->line_black[d][line] |= bit;
        else
            b->line_white[d][line] |= bit;
    }
    b->to_move = s == GM_BLACK ? GM_WHITE : GM_BLACK;
    return 0;
}

/* Exact inverse of gm_place (hash and masks included), for search and undo. */
void gm_remove(gm_board *b, int x, int y)
{
    if (x < 0 || y < 0 || x >= b->size || y >= b->size)
        return;
    gm_stone s = (gm_stone)b->cell[y][x];
    if (s == GM_EMPTY)
        return;
    b->cell[y][x] = GM_EMPTY;
    b->stones--;
    b->hash ^= gm_zobrist(x, y, s);
    for (int d = 0; d < 4; d++) {
        uint32_t bit = 1u << (gmi_pos(d, x, y) + GM_LINE_PAD);
        int line = gmi_line(b, d, x, y);
        b->line_black[d][line] &= ~bit;
        b->line_white[d][line] &= ~bit;
    }
    b->to_move = s;
}

/* Length of the run of colour s through (x,y) along dir, counting (x,y) itself. */
static int gm_run(const gm_board *b, int x, int y, gm_stone s, int dir)
{
    int n = 1, dx = gmi_dx(dir), dy = gmi_dy(dir);
    for (int k = 1; gm_at(b, x + k * dx, y + k * dy) == s; k++)
        n++;
    for (int k = 1; gm_at(b, x - k * dx, y - k * dy) == s; k++)
        n++;
    return n;
}

/* Walks the four lines on cell[] (not the masks) so it works on const boards. */
bool gm_is_win(const gm_board *b, int x, int y, gm_stone s)
{
    if (s != GM_BLACK && s != GM_WHITE)
        return false;
    if (gm_at(b, x, y) != s)
        return false;
    bool exact = b->rules == GM_STANDARD || (b->rules == GM_RENJU && s == GM_BLACK);
    for (int d = 0; d < 4; d++) {
        int n = gm_run(b, x, y, s, d);
        if (exact ? n == 5 : n >= 5)
            return true;
    }
    return false;
}

/* The names the corpus and the judges use. */
const char *gm_foul_name(gm_foul f)
{
    switch (f) {
    case GM_FOUL_DOUBLE_THREE: return "double-three";
    case GM_FOUL_DOUBLE_FOUR: return "double-four";
    case GM_FOUL_OVERLINE: return "overline";
    default: return "none";
    }
}

/* One table lookup; the rule set decides whether only exact fives count. */
gm_shape gm_shape_at(const gm_board *b, int x, int y, gm_stone s, int dir)
{
    if (x < 0 || y < 0 || x >= b->size || y >= b->size || dir < 0 || dir > 3)
        return GM_SHAPE_NONE;
    if (s != GM_BLACK && s != GM_WHITE)
        return GM_SHAPE_NONE;
    const gmi_tables *t = gmi_tables_get();
    return (gm_shape)t->shape[gmi_mode(b, s)][gmi_index(t, b, dir, x, y, s)];
}

/* Used by the engine for wins and forced blocks. */
bool gmi_makes_five(const gmi_tables *t, const gm_board *b, int x, int y, gm_stone s)
{
    int mode = gmi_mode(b, s);
    for (int d = 0; d < 4; d++)
        if (t->shape[mode][gmi_index(t, b, d, x, y, s)] == GM_SHAPE_FIVE)
            return true;
    return false;
}

/* Collects the five points of side s on the four lines through (x,y) (at most 8
 * distinct points); returns how many. */
int gmi_five_points_near(const gmi_tables *t, const gm_board *b, int x, int y, gm_stone s, int *px, int *py)
{
    int n = 0;
    for (int d = 0; d < 4; d++) {
        for (int o = -4; o <= 4; o++) {
            int ex = x + o * gmi_dx(d), ey = y + o * gmi_dy(d);
            if (o == 0 || ex < 0 || ey < 0 || ex >= b->size || ey >= b->size || b->cell[ey][ex] != GM_EMPTY)
                continue;
            if (!gmi_makes_five(t, b, ex, ey, s))
                continue;
            bool dup = false;
            for (int k = 0; k < n; k++)
                dup |= px[k] == ex && py[k] == ey;
            if (!dup && n < 8) {
                px[n] = ex;
                py[n] = ey;
                n++;
            }
        }
    }
    return n;
}

/* Does side s make a four (or better) at the empty point (x,y)? A cheap bit test first:
 * a four needs three own stones in the 9-point window of some line. */
bool gmi_makes_four(const gmi_tables *t, const gm_board *b, int x, int y, gm_stone s)
{
    int mode = gmi_mode(b, s);
    for (int d = 0; d < 4; d++) {
        int line = gmi_line(b, d, x, y);
        uint32_t own = s == GM_BLACK ? b->line_black[d][line] : b->line_white[d][line];
        if (gmi_popcount(own >> gmi_pos(d, x, y) & 0x3DEu) < 3)
            continue;
        gm_shape sh = (gm_shape)t->shape[mode][gmi_index(t, b, d, x, y, s)];
        if (sh >= GM_SHAPE_BLOCK4 && sh != GM_SHAPE_OVERLINE)
            return true;
    }
    return false;
}
