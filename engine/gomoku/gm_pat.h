/* gm_pat.h -- incremental pattern codes for the Renju/Gomoku engine (gm_pvs.c).
 *
 * For every empty point and each of its four lines the board keeps the line's pattern
 * for each colour: what a stone of that colour there would make on that line (five,
 * straight four, two fours on one line, four, open three, three, open two, two: the
 * gm_shape of gomoku.h).  A pattern is one lookup in the line tables of gm_tables.c,
 * keyed by the 11 points of the line centred on the point (the centre's run spans at
 * most 9 of them; the two outer points decide whether black's run of five is exact,
 * so overline is not five for renju black).  Placing or removing a stone changes
 * only the points within five of it on its four lines, and only those are looked up
 * again.
 *
 * The four patterns of a point combine (a second table, 10^4 entries per kind of
 * player) into the point's code for that colour: its tier (five, winning four --
 * a straight four or, where allowed, a double four --, four-three, double three, four,
 * open three, lesser), whether renju black's point is surely forbidden (overline,
 * double four: both decided by the lines alone) or may be (two open threes: only
 * gm_foul_at's recursive rule can say), and its value for the evaluation.  The board
 * keeps per colour the count of points of each tier and the sum of the values, so the
 * evaluation and the threat tests cost nothing at a node. */
#ifndef BOYI_GM_PAT_H
#define BOYI_GM_PAT_H

#include <stdbool.h>
#include <stdint.h>

#include "gomoku.h"

enum { GMP_CELLS = GM_MAX_SIZE * GM_MAX_SIZE };

/* Tiers of a point for one colour, lowest first. */
enum {
    GMP_T_NONE = 0,
    GMP_T_LOW,      /* some two or blocked three: a quiet move of promise */
    GMP_T_THREE,    /* makes one open three */
    GMP_T_FOUR,     /* makes one four (a five point next move) */
    GMP_T_33,       /* makes two open threes (renju black: a foul if the recursion confirms) */
    GMP_T_43,       /* makes a four and an open three */
    GMP_T_WIN,      /* makes a straight four or two fours: two five points */
    GMP_T_FIVE,     /* makes five */
    GMP_NTIERS
};

/* Code flags (renju black only). */
enum {
    GMP_F_FOUL = 1,   /* surely forbidden: overline or double four, no five */
    GMP_F_MAYBE = 2   /* two open threes: forbidden unless the recursion says no */
};

typedef struct gmp_code {
    uint8_t tier, flags;
    int16_t value;
} gmp_code;

struct gmi_tables;

/* What one gmp_place changed, so that gmp_remove restores it instead of reading the
 * lines again: the tallies before, the point's own shapes and codes, and per changed
 * (colour, line, point) its former shape, index and code.  At most 10 points on each of
 * 4 lines for 2 colours. */
enum { GMP_UNDO_DEPTH = 128, GMP_UNDO_MAX = 80 };
typedef struct gmp_frame {
    int n;
    int count[2][GMP_NTIERS];
    int32_t sum[2];
    uint8_t shape[2][4];
    uint16_t cidx[2];
    gmp_code code[2];
    uint32_t rec[GMP_UNDO_MAX];         /* point | colour << 9 | line << 10 | shape << 12 | index << 16 */
    gmp_code old[GMP_UNDO_MAX];
} gmp_frame;

typedef struct gm_pat_board {
    gm_board b;                          /* stones and line masks */
    const struct gmi_tables *t;          /* the line tables (gm_internal.h), read-only */
    uint8_t shape[2][4][GMP_CELLS];      /* [colour-1][dir][y*size+x]; 0 where occupied */
    gmp_code code[2][GMP_CELLS];         /* combined per colour; zero where occupied */
    uint16_t cidx[2][GMP_CELLS];         /* the combination index of the four shapes */
    uint8_t cell[GMP_CELLS];             /* the stone at each point (b.cell by point index) */
    uint8_t near[GMP_CELLS];             /* stones within the 5x5 square around the point */
    int count[2][GMP_NTIERS];            /* points of each tier per colour (fouls excluded) */
    int32_t sum[2];                      /* summed point values per colour */
    int undo_n;                          /* stones placed since gmp_init and not taken off */
    uint16_t placed[GMP_CELLS];          /* their points, in order */
    gmp_frame undo[GMP_UNDO_DEPTH];      /* the last places, last on top */
} gm_pat_board;

/* Sets P up from the board B (stones, rules, side to move). */
void gmp_init(gm_pat_board *p, const gm_board *b);

/* Places stone S at point M (y*size+x, empty, on the board) / removes it, updating the
 * patterns of the points on its four lines.  Removing the stone placed last restores
 * what its place recorded (the search's make and unmake); any other stone is taken off
 * by reading its lines again. */
void gmp_place(gm_pat_board *p, int m, gm_stone s);
void gmp_remove(gm_pat_board *p, int m);

/* Is S's move at the empty point M allowed (renju black: not forbidden, the codes'
 * doubtful double threes confirmed by gm_foul_at)? */
bool gmp_legal(gm_pat_board *p, int m, gm_stone s);

/* Slow check for the tests: recomputes every pattern, code, count, sum and near
 * count from the stones alone and compares.  Returns 0, or the first point that
 * differs plus one (the counts and sums: -1). */
int gmp_verify(const gm_pat_board *p);

/* Per-line weights and tier bonuses of the point values (gm_pat.c), for the docs and
 * the tests. */
int gmp_point_value(const uint8_t shapes[4], bool restricted, uint8_t *tier, uint8_t *flags);

#endif
