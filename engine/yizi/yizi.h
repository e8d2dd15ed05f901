/* yizi.h -- the line game 一字棋 (RULES.md section 7): eleven points in a line, point 0
 * the goal, ten identical shared coins.  A position is the count of coins on each
 * point, the side to move and the play convention; the coins not on the board are
 * the unplaced ones of rule 3's placement phase (10 minus the coins on the board).
 *
 * Moves: a placement puts K of the unplaced coins on one non-goal point; a move takes
 * K coins from the top of a non-goal point's stack to one point nearer the goal.  The
 * game ends with all ten coins on the goal: under normal play the player who moved
 * last wins, under misère that player loses.  Every game ends (each move brings a
 * coin nearer the goal, each placement places one), so there are no draws.
 *
 * The game is solved exactly (yz_solve.c): the solver is the game's engine. */
#ifndef BOYI_YIZI_H
#define BOYI_YIZI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    YZ_POINTS = 11,          /* points 0 (the goal) .. 10 */
    YZ_COINS = 10,
    YZ_MAX_MOVES = 100,      /* 10 points x 10 counts; sum of count x distance <= 100 */
    YZ_MAX_PLIES = 110,      /* 10 placements + 100 coin-steps at the most */
    YZ_TEXT_MAX = 64,
    YZ_MOVE_TEXT_MAX = 16,
};

/* The move encoding: FROM | COINS << 4 | TO << 8, a placement POINT | COINS << 4 |
 * YZ_PLACE (never 0: a move's from point and a placement's point are 1..10). */
#define YZ_PLACE (1u << 12)
static inline uint32_t yz_move(int from, int coins, int to) { return (uint32_t)from | (uint32_t)coins << 4 | (uint32_t)to << 8; }
static inline uint32_t yz_placement(int point, int coins) { return (uint32_t)point | (uint32_t)coins << 4 | YZ_PLACE; }
static inline bool yz_is_placement(uint32_t m) { return (m & YZ_PLACE) != 0; }
static inline int yz_from(uint32_t m) { return (int)(m & 15); }      /* a placement's point */
static inline int yz_coins(uint32_t m) { return (int)(m >> 4 & 15); }
static inline int yz_to(uint32_t m) { return (int)(m >> 8 & 15); }

typedef struct yz_pos {
    uint64_t hash;                 /* Zobrist over (point, count), side, convention */
    uint8_t count[YZ_POINTS];      /* coins on each point; count[0] is the goal */
    uint8_t unplaced;              /* coins not yet on the board (rule 3) */
    uint8_t side;                  /* 0: the first player (first placer under rule 3), 1: second */
    uint8_t misere;                /* 1: the player who moves the last coin in loses */
    uint8_t pad[2];
} yz_pos;

/* Rule sets: "1", "2", "3", each also as "1-misere" etc. ("misere" alone is rule 1). */
int yz_rules_parse(const char *rules, int *rule, bool *misere, char *err, size_t errlen);
void yz_start(yz_pos *p, int rule, bool misere);

/* Legal moves in a fixed order (placements: point 1..10, coins 1..; moves: from
 * 1..10, coins 1.., to from-1 down to 0); the count. */
int yz_legal(const yz_pos *p, uint32_t *out);
bool yz_is_legal(const yz_pos *p, uint32_t m);
void yz_play(yz_pos *p, uint32_t m);
void yz_unplay(yz_pos *p, uint32_t m);
bool yz_over(const yz_pos *p);                 /* all ten coins on the goal */
/* The winner of a finished game (0 or 1), -1 while it goes on. */
int yz_winner(const yz_pos *p);
uint64_t yz_hash_scratch(const yz_pos *p);
uint64_t yz_perft(const yz_pos *p, int depth);

/* Position text: counts on points 0..10, side (f or s), unplaced coins, convention:
 *   "0,1,1,1,1,1,1,1,1,1,1 f 0 normal"   (rule 1's start)
 *   "0,0,0,0,0,0,0,0,0,0,0 f 10 misere"  (rule 3's start, misère)
 * The unplaced count must be 10 minus the coins on the board; it and the convention
 * may be left out (the convention is then normal). */
int yz_from_text(yz_pos *p, const char *text, char *err, size_t errlen);
void yz_to_text(const yz_pos *p, char *buf, size_t n);
/* Move text: "10:2-6" (from point 10, two coins, to point 6); a placement "4+3"
 * (three coins onto point 4). */
int yz_move_to_text(uint32_t m, char *buf, size_t n);
int yz_move_from_text(const yz_pos *p, const char *text, uint32_t *m, char *err, size_t errlen);
/* The reason a move is not legal at P, for located errors ("point 7 holds 1 coin"). */
void yz_why_illegal(const yz_pos *p, uint32_t m, char *buf, size_t n);

/* ---- the solver (yz_solve.c) ------------------------------------------------- */

/* Values of positions for one convention, filled as they are solved (memoized
 * depth-first search over the counts; every position is its own index).  About
 * 370 KB; one per thread. */
typedef struct yz_table yz_table;
yz_table *yz_table_new(bool misere);
void yz_table_free(yz_table *t);
bool yz_table_misere(const yz_table *t);
/* The value of P for the side to move (P's convention must be the table's): *win 1
 * or 0, *plies to the end under perfect play (the winner hurries, the loser delays). */
void yz_solve(yz_table *t, const yz_pos *p, int *win, int *plies);
/* Every legal move with its value for the mover: win[i] 1 when it wins, plies[i] to
 * the end after it (counting it).  Returns the count. */
int yz_solve_moves(yz_table *t, const yz_pos *p, uint32_t *moves, int *win, int *plies);
/* Positions solved so far in T. */
long yz_table_solved(const yz_table *t);
/* At most POSITIONS solved (0: no bound); once past it the table is stopped: values
 * read from it after that are not to be trusted (yz_table_stopped). */
void yz_table_set_budget(yz_table *t, long positions);
bool yz_table_stopped(const yz_table *t);
/* Every position reachable from START, each once, in a fixed order; CB (may be NULL)
 * gets it with its value (its counts, unplaced coins, side and convention: the walk
 * does not keep the hash).  Returns the count. */
long yz_reachable(yz_table *t, const yz_pos *start, void (*cb)(void *ctx, const yz_pos *p, int win, int plies),
                  void *ctx);

#endif
