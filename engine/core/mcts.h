/* mcts.h -- a generic Monte Carlo tree search over the game descriptor (game.h),
 * for the games where alpha-beta on a static evaluation is not the right player
 * (NoGo, Einstein würfelt nicht's chance nodes, ...).
 *
 * UCT (UCB1 on the mean score) with optional RAVE (all-moves-as-first values mixed in
 * by Silver's schedule), chance nodes sampled by their probabilities, a playout
 * policy hook, and root-parallel threads.  Each thread's tree is a node pool allocated
 * once per search; nothing is allocated per playout.  Every random choice comes from
 * the seed, so a search limited by playouts (any number of threads) repeats exactly.
 * docs/mcts.md describes the method and its parameters.
 *
 * Scores: a finished game gives player 0 the score (returns[0] + 1) / 2, so a win is
 * 1, a draw 0.5, a loss 0 (a one-player game's returns[0] is clamped to [-1, 1]); a
 * playout cut off at max_plies scores 0.5.  A node keeps player 0's total, and the
 * player choosing there reads it from its own side. */
#ifndef BOYI_MCTS_H
#define BOYI_MCTS_H

#include <stddef.h>
#include <stdatomic.h>
#include <stdint.h>

#include "game.h"
#include "search.h"

/* A playout policy's choice among the legal moves MOVES[0..N-1] of POS (N >= 1):
 * return an index.  RNG is the thread's generator state (bo_splitmix64). */
typedef int (*bo_mcts_pick_fn)(void *ctx, const bo_game *g, const void *pos, const bo_move *moves, int n,
                               uint64_t *rng);

/* A whole playout the game runs itself (its fast code) from POS, which it may change:
 * returns player 0's score in [0,1], and lists the moves played in MOVES with the
 * player of each in PLAYERS (at most MAX; *NMOVES gets the count) for RAVE. */
typedef double (*bo_mcts_playout_fn)(void *ctx, const bo_game *g, void *pos, uint64_t *rng, bo_move *moves,
                                     int8_t *players, int *nmoves, int max);

typedef struct bo_mcts_params {
    uint64_t playouts;       /* per search, over all threads (0: none, then a time limit) */
    int64_t movetime_ms;     /* 0: none; with neither limit, BO_MCTS_DEFAULT_PLAYOUTS */
    int threads;             /* root-parallel trees (0 or 1: one) */
    uint64_t seed;           /* the search's randomness */
    double c_uct;            /* exploration constant of UCB1 (scores in [0,1]) */
    int rave;                /* 1: mix in all-moves-as-first values */
    double rave_bias;        /* Silver's b: smaller trusts AMAF values for longer */
    uint32_t expand_after;   /* a leaf gets its children at this many visits (>= 1) */
    size_t max_nodes;        /* per thread's pool; 0: from the playouts, at most mem_mb */
    size_t mem_mb;           /* bound on all pools together (0: 256) */
    int max_plies;           /* a playout's length before it is scored a draw */
    bo_mcts_pick_fn pick;    /* NULL: a uniform choice */
    bo_mcts_playout_fn playout;  /* NULL: the descriptor's play with `pick` */
    void *ctx;               /* for pick and playout */
    const bo_move *skip;     /* root moves not to consider */
    int nskip;
    const atomic_bool *stop; /* set by another thread: end the search now (NULL: none) */
} bo_mcts_params;

enum { BO_MCTS_DEFAULT_PLAYOUTS = 10000 };

/* The defaults: 10000 playouts, one thread, seed 1, c_uct 0.7, RAVE on (b 0.1),
 * expand after 1 visit, max_plies 2000. */
void bo_mcts_defaults(bo_mcts_params *p);
/* The plain UCT baseline: the defaults with RAVE (and any prior) off. */
void bo_mcts_defaults_uct(bo_mcts_params *p);

/* What the search found at the root, beyond bo_search_info. */
typedef struct bo_mcts_stats {
    uint64_t playouts;       /* completed over all threads */
    uint64_t nodes;          /* tree nodes allocated over all threads */
    int pool_full;           /* some thread's pool ran out (the tree stopped growing) */
    double seconds;
} bo_mcts_stats;

/* Search POS (LINE, may be NULL, is the history that led to it) under P.  OUT is
 * filled as bo_search fills it: pv[0] the most visited root move, the principal
 * variation by visits, win_rate the side to move's expected score there, score the
 * same as hundredths (win_rate - 0.5) * 2000 clipped, nodes the playouts.  STATS may
 * be NULL.  ON_INFO, when not NULL, is called about once a second and at the end.
 * Returns 0, or -1 with a reason (no legal move, out of memory, chance at the root). */
int bo_mcts_search(const bo_game *g, const void *pos, const bo_hist *line, const bo_mcts_params *p,
                   bo_info_fn on_info, void *ctx, bo_search_info *out, bo_mcts_stats *stats, char *err,
                   size_t errlen);

/* P filled from a search's limits: nodes -> playouts, movetime, a clock's share
 * (clock / (moves_to_go + 1), else clock / 30 + inc / 2), threads, skipped moves.
 * The depth limit has no meaning here and is ignored.  The other fields are left. */
void bo_mcts_apply_limits(bo_mcts_params *p, const bo_limits *lim);

/* A ready game engine (bo_engine_fn): the defaults (RAVE on, uniform playouts), the
 * limits applied, seed 1.  A game may name it as its bo_game.engine, or wrap
 * bo_mcts_search with its own policy. */
int bo_mcts_engine(const bo_game *g, const void *pos, const bo_hist *line, const bo_limits *lim, bo_tt *tt,
                   bo_info_fn on_info, void *ctx, bo_search_info *out, char *err, size_t errlen);

/* One playout from POS (changed) with the descriptor and a uniform choice (or PICK):
 * player 0's score, as the search scores it.  For benchmarks and tests. */
double bo_mcts_random_playout(const bo_game *g, void *pos, uint64_t *rng, int max_plies, bo_mcts_pick_fn pick,
                              void *ctx);

#endif
