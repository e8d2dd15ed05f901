/* ew_search.h -- EWN's engines: expectimax with Star1/Star2 chance-node pruning (the
 * game's engine behind bo_search), a chance-node MCTS and a plain UCT baseline, and
 * the players of matches (ew_player.h). */
#ifndef BOYI_EW_SEARCH_H
#define BOYI_EW_SEARCH_H

#include <stdint.h>

#include "einstein.h"
#include "game.h"
#include "search.h"

/* bo_game.engine for einstein: expectimax (ew_expecti.c); at a placement, the
 * engine's arrangement (ew_arrange). */
int ew_engine(const bo_game *g, const void *pos, const bo_hist *line, const bo_limits *lim, bo_tt *tt,
              void (*on_info)(void *ctx, const bo_search_info *info), void *ctx, bo_search_info *out, char *err,
              size_t errlen);

/* The engine's own arrangement: the placement it makes at P (setup phase). */
uint32_t ew_arrange(const ew_pos *p);

/* Statistics of one expectimax search. */
typedef struct ew_xstats {
    uint64_t nodes;          /* decision nodes searched */
    uint64_t chance_cuts;    /* chance nodes cut by Star1 or Star2 bounds */
    int depth;               /* last completed iteration (moves) */
    double value;            /* the side to move's value in [-1000, 1000] */
} ew_xstats;

/* Expectimax at P (die rolled) to DEPTH moves (or until NODES decision nodes, or
 * MOVETIME_MS, where > 0), iteratively deepened; STAR: 0 plain expectimax with
 * alpha-beta at the decision nodes only, 1 Star1, 2 Star2.  Returns the best move
 * (0 where P has none). */
uint32_t ew_expectimax(const ew_pos *p, int depth, uint64_t nodes, int64_t movetime_ms, int star, ew_xstats *st,
                       void (*on_depth)(void *ctx, const ew_xstats *st, uint32_t best), void *ctx);

/* MCTS with chance nodes (ew_mcts.c): PLAYOUTS simulations from P (die rolled).
 * PLAIN: UCB1 with uniformly random playouts (the baseline); else the engine's
 * version: a win in one taken in playouts and in the tree, captures and advances
 * preferred in playouts.  *WIN_RATE (may be NULL) gets the root's expected score. */
uint32_t ew_mcts(const ew_pos *p, int playouts, int plain, uint64_t seed, double *win_rate);

#endif
