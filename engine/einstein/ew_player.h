/* ew_player.h -- EWN players for engine matches: the random player, the expectimax,
 * the chance-node MCTS and the plain UCT baseline, and a seeded match between two. */
#ifndef BOYI_EW_PLAYER_H
#define BOYI_EW_PLAYER_H

#include <stddef.h>
#include <stdint.h>

#include "einstein.h"

enum { EW_PL_RANDOM, EW_PL_EXPECTIMAX, EW_PL_MCTS, EW_PL_UCT };

typedef struct ew_player {
    int kind;
    int depth;               /* expectimax: moves (0: none) */
    uint64_t nodes;          /* expectimax: decision nodes (0: none) */
    int64_t movetime_ms;     /* expectimax: per move (0: none) */
    int star;                /* expectimax: 0 plain, 1 Star1, 2 Star2 */
    int playouts;            /* mcts, uct */
} ew_player;

/* "random", "expectimax [depth=D] [nodes=N] [movetime=MS] [star=0|1|2]",
 * "mcts [playouts=N]", "uct [playouts=N]". */
int ew_player_parse(const char *spec, ew_player *pl, char *err, size_t errlen);
/* PL's move at P (a decision node or a placement); RNG for the random choices. */
uint32_t ew_player_move(const ew_player *pl, const ew_pos *p, uint64_t *rng);

typedef struct ew_match_stats {
    int games;
    double score_a;
    int wins_a_first, games_a_first, wins_a_second;
    long moves_a, moves_b;
    double seconds_a, seconds_b;
} ew_match_stats;

/* GAMES games of A against B, in pairs with the same seed (A red and first, then A
 * blue and second); arrangements drawn at random (OWN_SETUP = 0) or each player's own
 * (engines: ew_arrange; random and uct: uniformly random). */
void ew_player_match(const ew_player *a, const ew_player *b, long games, uint64_t seed, int own_setup,
                     ew_match_stats *st);

/* Star1/Star2 against plain expectimax on POSITIONS seeded positions at DEPTH:
 * decision nodes and seconds of each (index = star). */
void ew_bench_star(int depth, int positions, uint64_t seed, uint64_t nodes[3], double seconds[3]);

#endif
