/* gomoku.h - Gomoku / Renju rules engine and a simple playing engine.
 *
 * Rule sets (RULES.md section 2):
 *   GM_RENJU      contest default. White: five or more wins. Black: an exact five wins;
 *                 otherwise overline, double-four (including two fours on one line) and
 *                 double-three are forbidden. A three counts only if it can become a
 *                 straight four by a move that is itself not forbidden (recursive) and
 *                 that does not make a five at the same time (RULES.md Decision, RIF
 *                 text read literally, as Rapfi judges; the other reading is the board
 *                 option renju_five_point_threes, which the CLI names
 *                 --rules renju-five-threes).
 *   GM_FREESTYLE  five or more wins, no restrictions.
 *   GM_STANDARD   exactly five wins for both colours, no other restrictions.
 *
 * Coordinates: x = column 0..size-1 from the left (a, b, ...), y = row 0..size-1 from
 * the bottom (row 1 = y 0).
 *
 * Thread safety: no global mutable state. Constant line tables are built once on first
 * use (pthread_once). A board may be used by one thread at a time; the foul functions
 * take a non-const board because they place and remove probe stones (always restored).
 */
#ifndef BOYI_GOMOKU_H
#define BOYI_GOMOKU_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

enum { GM_MAX_SIZE = 20, GM_MIN_SIZE = 5, GM_RENJU_SIZE = 15 };

typedef enum { GM_EMPTY = 0, GM_BLACK = 1, GM_WHITE = 2 } gm_stone;
typedef enum { GM_RENJU = 0, GM_FREESTYLE, GM_STANDARD } gm_rules;
typedef enum {
    GM_FOUL_NONE = 0,
    GM_FOUL_DOUBLE_THREE,
    GM_FOUL_DOUBLE_FOUR,
    GM_FOUL_OVERLINE
} gm_foul;

/* Padded line masks: lines are rows (dir 0), columns (dir 1), diagonals going up-right
 * (dir 2) and anti-diagonals going down-right (dir 3). Bit (pos + GM_LINE_PAD) of a line
 * mask is the point at position pos along the line. */
enum { GM_LINE_PAD = 5, GM_NLINES = 2 * GM_MAX_SIZE };

typedef struct gm_board {
    int size;
    gm_rules rules;
    uint8_t cell[GM_MAX_SIZE][GM_MAX_SIZE]; /* [y][x], a gm_stone */
    int stones;
    gm_stone to_move; /* colour opposite to the last stone placed by gm_place */
    /* Renju option for the RULES.md Decision on threes. false (the default, set by
     * gm_board_init): a straight-four point that would also make a five does not make
     * a three (RIF text read literally; Rapfi judges so). true: it still does (as some
     * other programs judge). */
    bool renju_five_point_threes;
    uint64_t hash;    /* XOR of per-point, per-colour Zobrist keys (stones only) */
    /* incremental line data (maintained by gm_place / gm_remove) */
    uint32_t line_black[4][GM_NLINES];
    uint32_t line_white[4][GM_NLINES];
    uint32_t line_off[4][GM_NLINES]; /* off-board bits (constant for a size) */
} gm_board;

/* Sets up an empty board; size is clamped to 5..20 (15 is forced for renju).
 * Black is to move. */
void gm_board_init(gm_board *b, int size, gm_rules rules);

/* Places stone s (GM_BLACK or GM_WHITE) at (x,y); no rule checks except on-board and
 * empty. Returns 0, or -1 (nothing changed). Sets to_move to the other colour. */
int gm_place(gm_board *b, int x, int y, gm_stone s);

/* Removes the stone at (x,y) if any; to_move becomes that stone's colour. */
void gm_remove(gm_board *b, int x, int y);

/* The stone at (x,y), GM_EMPTY when off the board. */
gm_stone gm_at(const gm_board *b, int x, int y);

/* If black played at the empty point (x,y), would it be forbidden under renju?
 * GM_FOUL_NONE if allowed, if the move makes an exact five, or if the point is occupied
 * or off the board. Evaluated with renju rules whatever b->rules is. When a move is
 * foul in several ways the kind reported is overline, then double-four, then
 * double-three. The board is restored before returning. */
gm_foul gm_foul_at(gm_board *b, int x, int y);

/* Writes a judge's explanation of the point into buf (always NUL-terminated if n > 0),
 * e.g. "double-three: open threes on the row (f8-h8) and the column (g7-g9)";
 * for an allowed point it says why ("no foul", "exact five: black wins"). Returns buf. */
const char *gm_foul_explain(gm_board *b, int x, int y, char *buf, size_t n);

/* Does stone s at (x,y) (already placed) complete a winning line under b->rules?
 * Renju: black exact five, white five or more; freestyle: five or more; standard:
 * exactly five. */
bool gm_is_win(const gm_board *b, int x, int y, gm_stone s);

/* "double-three", "double-four", "overline" ("none" for GM_FOUL_NONE). */
const char *gm_foul_name(gm_foul f);

/* All empty points where black is forbidden under renju, sorted by column then row
 * (x ascending, then y ascending); fills up to max entries (kinds may be NULL) and
 * returns the total count. Returns 0 when b->rules is not GM_RENJU. Independent of
 * b->to_move. */
int gm_scan_fouls(gm_board *b, int *xs, int *ys, gm_foul *kinds, int max);

/* Line shape for side s if it played at the empty point (x,y), looking along direction
 * dir (0 row, 1 column, 2 diagonal up-right, 3 diagonal down-right), judged in one
 * dimension only (no foul recursion). Used by the playing engine and useful for UIs. */
typedef enum {
    GM_SHAPE_NONE = 0,
    GM_SHAPE_BLOCK2, /* one more stone makes a three that is blocked (BLOCK3)      */
    GM_SHAPE_FLEX2,  /* one more stone makes an open three                         */
    GM_SHAPE_BLOCK3, /* one more stone makes a (non-straight) four                 */
    GM_SHAPE_FLEX3,  /* one more stone makes a straight four                       */
    GM_SHAPE_BLOCK4, /* one five point                                             */
    GM_SHAPE_DOUBLE4,/* two fours on this one line (X.XXX.X style)                 */
    GM_SHAPE_FLEX4,  /* straight four: two five points                             */
    GM_SHAPE_FIVE,   /* wins (exact five or five-or-more depending on the rules)   */
    GM_SHAPE_OVERLINE /* six or more where only exact fives count (not a win)      */
} gm_shape;
gm_shape gm_shape_at(const gm_board *b, int x, int y, gm_stone s, int dir);

/* Simple but sound engine: immediate win, else block the opponent's five, else a
 * continuous-four (VCF) win, else a shallow alpha-beta search (threat-based shape
 * scores, fives and forced blocks exact) followed by a safety check against the
 * opponent's VCF. Never returns a forbidden point for black under renju.
 * Returns 0 and (x,y), or -1 if there is no legal move. Deterministic given seed. */
int gm_engine_move(gm_board *b, gm_stone side, uint64_t seed, int *x, int *y);

/* The same with explicit effort: alpha-beta depth in plies (searched 2, 4, ... up to
 * depth; 0 = shapes only) and a node budget (an iteration that would exceed it is
 * discarded, so the result depends only on the position, seed and options).
 * gm_engine_move uses GM_ENGINE_DEPTH and GM_ENGINE_NODES (opt == NULL does too). */
enum { GM_ENGINE_DEPTH = 6, GM_ENGINE_NODES = 200000 };
typedef struct gm_engine_opts {
    int depth;
    long node_limit;
} gm_engine_opts;
int gm_engine_move_opts(gm_board *b, gm_stone side, uint64_t seed, const gm_engine_opts *opt,
                        int *x, int *y);

/* Microseconds per full-board foul scan (gm_scan_fouls) over n positions, reps times. */
double gm_bench_scan(gm_board *positions, int n, int reps);

#endif
