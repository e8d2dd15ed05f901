/* ng_engine.c -- NoGo's engine: the generic MCTS (engine/core/mcts.h) with UCT and
 * RAVE, and a playout that runs on the board directly.
 *
 * Method: a playout draws each move uniformly from the side to move's legal set (the
 * set algebra of ng_board.c, one pass over the groups per move) until a side has no
 * legal point, which loses.  NoGo suits RAVE well: a point good for a player tends to
 * stay good whatever the move order, as in Go.  The seed is the position's hash, so a
 * search repeats exactly where its limits are playouts.  The players of matches
 * (ng_player_kinds: RAVE and plain UCT at a playout count) are the same search seeded
 * by the match runner. */
#include "nogo.h"

#include <stdlib.h>
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

/* ---- players of matches (bo_player_kind): RAVE and plain UCT at a playout count ---- */

/* A player's settings: what bo_mcts_params needs beyond its defaults. */
typedef struct ng_player {
    uint64_t playouts;
    int64_t movetime_ms;
    double c_uct;            /* < 0: the defaults' */
    int rave;
} ng_player;
_Static_assert(sizeof(ng_player) <= BO_PLAYER_PARAMS, "ng_player fits bo_player_kind's params");

/* 1000 playouts a move: the strength figures of docs/nogo.md are measured there. */
static void rave_defaults(void *params) { *(ng_player *)params = (ng_player){1000, 0, -1, 1}; }
static void uct_defaults(void *params) { *(ng_player *)params = (ng_player){1000, 0, -1, 0}; }

/* playouts= (nodes= is the same: the limit every engine spec knows), c=, movetime=. */
static int player_option(void *params, const char *key, const char *value, char *err, size_t errlen)
{
    ng_player *p = params;
    char *end;
    if (!strcmp(key, "c")) {
        double c = strtod(value, &end);
        if (*end || end == value || !(c >= 0)) return bo_fail(err, errlen, "c=%s is not a number >= 0", value);
        p->c_uct = c;
        return 0;
    }
    long long v = strtoll(value, &end, 10);
    if (*end || end == value || v < 0) return bo_fail(err, errlen, "%s=%s is not a whole number >= 0", key, value);
    if (!strcmp(key, "playouts") || !strcmp(key, "nodes")) p->playouts = (uint64_t)v;
    else if (!strcmp(key, "movetime")) p->movetime_ms = v;
    else return bo_fail(err, errlen, "'%s' is not one of its options", key);
    return 0;
}

/* The move of an MCTS under the player's settings, seeded by SEED. */
static int player_move(const bo_game *g, const void *params, const void *pos, const bo_hist *line, uint64_t seed,
                       bo_tt *tt, bo_search_info *out, char *err, size_t errlen)
{
    (void)tt;
    const ng_player *pl = params;
    bo_mcts_params p;
    if (pl->rave) bo_mcts_defaults(&p);
    else bo_mcts_defaults_uct(&p);
    p.playouts = pl->playouts;
    p.movetime_ms = pl->movetime_ms > 0 ? bo_movetime_budget(pl->movetime_ms) : 0;
    if (pl->c_uct >= 0) p.c_uct = pl->c_uct;
    p.playout = ng_mcts_playout;
    p.seed = bo_mix64(seed ^ g->hash(pos));
    return bo_mcts_search(g, pos, line, &p, NULL, NULL, out, NULL, err, errlen);
}

const bo_player_kind ng_player_kinds[] = {
    {"mcts", "playouts=N (1000; nodes=N the same) c=X movetime=MS: UCT with RAVE, the engine", rave_defaults,
     player_option, player_move},
    {"rave", "as mcts", rave_defaults, player_option, player_move},
    {"uct", "playouts=N (1000; nodes=N the same) c=X movetime=MS: plain UCT, no RAVE", uct_defaults, player_option,
     player_move},
    {NULL, NULL, NULL, NULL, NULL},
};
