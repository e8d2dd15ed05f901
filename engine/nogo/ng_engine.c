/* ng_engine.c -- NoGo's engine: the generic MCTS (engine/core/mcts.h) with UCT and
 * RAVE, and a playout that runs on the board directly.
 *
 * Method: a playout draws each move uniformly from the side to move's legal set (the
 * set algebra of ng_board.c, one pass over the groups per move) until a side has no
 * legal point, which loses.  NoGo suits RAVE well: a point good for a player tends to
 * stay good whatever the move order, as in Go.  The seed is the position's hash, so a
 * search repeats exactly where its limits are playouts. */
#include "nogo.h"

#include <string.h>

#include "core.h"
#include "mcts.h"
#include "search.h"

/* The K-th (0-based) point of a set: the lower word's population first. */
static int nth_point(ng_bits s, int k)
{
    uint64_t lo = (uint64_t)s;
    int c = __builtin_popcountll(lo);
    uint64_t w = lo;
    int base = 0;
    if (k >= c) { k -= c; w = (uint64_t)(s >> 64); base = 64; }
    while (k-- > 0) w &= w - 1;
    return base + __builtin_ctzll(w);
}

double ng_random_playout(ng_pos *p, uint64_t *rng, bo_move *moves, int8_t *players, int *nmoves, int max)
{
    int n = 0;
    for (;;) {
        ng_bits legal = ng_legal_set(p);
        if (!legal) break;
        int count = ng_popcount(legal);
        int k = (int)(((bo_splitmix64(rng) >> 32) * (uint64_t)count) >> 32);
        int point = nth_point(legal, k);
        if (moves && n < max) {
            moves[n] = (bo_move)point + 1;
            players[n++] = (int8_t)p->to_move;
        }
        ng_play(p, point, NULL);
    }
    if (nmoves) *nmoves = n;
    return p->to_move == 1 ? 1.0 : 0.0;   /* white has no point: black wins */
}

double ng_mcts_playout(void *ctx, const bo_game *g, void *pos, uint64_t *rng, bo_move *moves, int8_t *players,
                       int *nmoves, int max)
{
    (void)ctx;
    (void)g;
    return ng_random_playout(pos, rng, moves, players, nmoves, max);
}

int ng_engine(const bo_game *g, const void *pos, const bo_hist *line, const bo_limits *lim, bo_tt *tt,
              void (*on_info)(void *ctx, const bo_search_info *info), void *ctx, bo_search_info *out, char *err,
              size_t errlen)
{
    (void)tt;
    bo_mcts_params p;
    bo_mcts_defaults(&p);
    bo_mcts_apply_limits(&p, lim);
    p.playout = ng_mcts_playout;
    p.seed = bo_mix64(((const ng_pos *)pos)->hash);
    return bo_mcts_search(g, pos, line, &p, on_info, ctx, out, NULL, err, errlen);
}
