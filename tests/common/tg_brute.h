/* tg_brute.h -- Two Tigers' brute force for the tests: a reduced game (the tigers win
 * when at most WIN dogs are left) solved without any of the solver's or the rules
 * module's code.
 *
 * Written from RULES.md section 8 alone: its own board (5x5 points, orthogonal lines
 * everywhere, diagonals through the points with row + column even), its own moves (a
 * dog steps to an empty neighbour; a tiger steps to an empty neighbour or jumps along
 * a line over a neighbour holding dogs to the empty point beyond, taking one dog), its
 * own numbering (a sorted array of packed keys, no symmetry taken out) and its own
 * retrograde analysis (a counter of undecided moves per position and a queue: a
 * position with a move to a loss is a win, one whose every move reaches a win, or
 * which has no move, is a loss, the rest are draws).  Shared by
 * tests/tigers/test_tigers_brute.c and test_tigers_sample.c. */
#ifndef BOYI_TEST_TG_BRUTE_H
#define BOYI_TEST_TG_BRUTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tigers.h"

/* A position: side (0 tigers), the tigers' points t0 < t1, dogs per point. */
typedef struct bf_pos {
    int side, t0, t1;
    uint8_t h[25];
} bf_pos;

typedef struct bf_game {
    int win, maxd;
    uint64_t *keys;
    bf_pos *pos;
    uint8_t *val;                 /* TG_V_* for the side to move */
    uint32_t *predecessors;
    size_t n, cap;
} bf_game;

/* The board's lines (called by bf_build_and_solve; again harmless). */
void bf_board(void);
bool bf_start_point(int p);
/* side | t0 | t1 | a bit per point holding dogs | 3 bits per start point's height. */
uint64_t bf_key(const bf_pos *p);
int bf_dogs(const bf_pos *p);
/* The successors of P (the moves' results, with the tigers sorted); the count. */
int bf_moves(const bf_pos *p, bf_pos *out);
void bf_unkey(uint64_t k, bf_pos *p);
/* The index of key K among G's positions (aborts when it is not one). */
size_t bf_find(const bf_game *g, uint64_t k);
/* Every position with WIN + 1 .. MAXD dogs, listed and solved (values TG_V_*). */
void bf_build_and_solve(bf_game *g, int win, int maxd);
/* The solver's position of a brute-force one, its dog count in *D. */
tg_pos bf_to_tg(const bf_pos *b, int *d);

#endif
