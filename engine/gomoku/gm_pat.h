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
 * gm_foul_at's recursive rule can say), its value for move ordering (hand-set), and
 * its values for the evaluation: one as the side to move's point, one as the other
 * side's, from the evaluation's weights (gm_weights.h, or a search's own weights, `boyi
 * train`).  The board keeps per colour the count of points of each tier and the sums of
 * the evaluation values, so the evaluation and the threat tests cost nothing at a node.
 *
 * The evaluation (gmp_eval) is linear in its weights: a point's value is the sum of its
 * four lines' weights for their shapes plus its tier's weight (a sure foul: 0), with a
 * set of weights per kind of player (renju black, renju white, freestyle and standard:
 * black and white differ in renju because of fouls) and per side (to move, other);
 * gmp_features writes a position's features (how many points have each shape and tier)
 * so that features times weights is the evaluation. */
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
    int16_t value;                       /* for move ordering (hand-set, gmp_point_value) */
    int32_t ev[2];                       /* for the evaluation: [0] as the side to move's, [1] as the other's */
} gmp_code;

/* The evaluation's weights: per kind of player (GMP_ROLE_*) and side (0 to move, 1 the
 * other), the weights of the nine line shapes BLOCK2..OVERLINE (gm_shape order) then of
 * the seven tiers GMP_T_LOW..GMP_T_FIVE.  A line without a shape and a point of no tier
 * have no weight (they are worth 0: weights there would only count empty points). */
enum {
    GMP_ROLE_RB = 0,   /* renju black (restricted) */
    GMP_ROLE_RW,       /* renju white */
    GMP_ROLE_FR,       /* either colour under freestyle and standard */
    GMP_ROLES,
    GMP_SHAPES = 10,   /* gm_shape values, GM_SHAPE_NONE included */
    GMP_TERMS = (GMP_SHAPES - 1) + (GMP_NTIERS - 1),
    GMP_NWEIGHTS = GMP_ROLES * 2 * GMP_TERMS,
    GMP_COMBOS = 10000     /* combinations of four shapes: s0 + 10 s1 + 100 s2 + 1000 s3 */
};

/* The index of a weight: role R, side S (0 to move), and a line shape (1..9) or a tier
 * (1..7). */
static inline int gmp_shape_weight(int r, int s, int shape)
{
    return (r * 2 + s) * GMP_TERMS + shape - 1;
}
static inline int gmp_tier_weight(int r, int s, int tier)
{
    return (r * 2 + s) * GMP_TERMS + GMP_SHAPES - 1 + tier - 1;
}

/* The weights' names (as a weights file spells them) and the compiled-in values
 * (gm_weights.h). */
extern const char *const gmp_weight_names[GMP_NWEIGHTS];
extern const int gmp_weight_defaults[GMP_NWEIGHTS];

/* The combination tables of one set of weights: a code per kind of player and
 * combination index. */
typedef struct gmp_tables {
    gmp_code combo[GMP_ROLES][GMP_COMBOS];
} gmp_tables;

/* Fills T from the weights W (GMP_NWEIGHTS of them). */
void gmp_tables_build(gmp_tables *t, const int *w);
/* The tables of the compiled-in weights (built once, shared, read-only). */
const gmp_tables *gmp_tables_default(void);

struct gmi_tables;

/* What one gmp_place changed, so that gmp_remove restores it instead of reading the
 * lines again: the tallies before, the point's own shapes and codes, and per changed
 * (colour, line, point) its former shape, index and code.  At most 10 points on each of
 * 4 lines for 2 colours. */
enum { GMP_UNDO_DEPTH = 128, GMP_UNDO_MAX = 80 };
typedef struct gmp_frame {
    int n;
    int count[2][GMP_NTIERS];
    int32_t sum[2][2];
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
    int32_t sum[2][2];                   /* [colour-1][side]: summed code.ev[side] (fouls excluded) */
    const gmp_tables *tabs;              /* the weights' tables */
    const gmp_code *tab[2];              /* [colour-1]: that colour's kind of player in TABS */
    int undo_n;                          /* stones placed since gmp_init and not taken off */
    uint16_t placed[GMP_CELLS];          /* their points, in order */
    gmp_frame undo[GMP_UNDO_DEPTH];      /* the last places, last on top */
} gm_pat_board;

/* Sets P up from the board B (stones, rules, side to move), with the compiled-in
 * weights / with the tables T (NULL: the compiled-in ones; T must outlive P's use). */
void gmp_init(gm_pat_board *p, const gm_board *b);
void gmp_init_with(gm_pat_board *p, const gm_board *b, const gmp_tables *t);

/* The static evaluation from the side to move's view: its points' values as the side
 * to move less the other side's as the other, kept clear of the win scores (+-28999). */
int gmp_eval(const gm_pat_board *p);

/* The features of P into F (GMP_NWEIGHTS numbers, zeroed first): for the side to move
 * the number of its counted points (sure fouls not counted) with each shape, summed over
 * the four lines, and with each tier, at its kind's MOVER weights; the other side's at
 * its OTHER weights, negated.  Features times weights is gmp_eval under those weights
 * (unless clamped). */
void gmp_features(const gm_pat_board *p, float *f);

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

/* The ordering value of a point (hand-set per-line weights and tier bonuses, gm_pat.c)
 * with its tier and foul flags. */
int gmp_point_value(const uint8_t shapes[4], bool restricted, uint8_t *tier, uint8_t *flags);

#endif
