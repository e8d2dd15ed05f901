/* ew_player.c -- EWN's players of matches (bo_player_kind, ew_player.h): the
 * expectimax at a setting of its own (Star pruning), the chance-node MCTS and the plain
 * UCT baseline, which docs/einstein.md measures against each other and the random
 * player through the one match runner (boyi selfplay); and the Star pruning benchmark.
 *
 * Method: a player's randomness (MCTS playouts, the baseline's drawn arrangement) comes
 * from the seed the runner gives each move; the die and drawn arrangements are the
 * runner's chance draws. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core.h"
#include "ew_player.h"
#include "ew_search.h"

enum { EW_PL_EXPECTIMAX, EW_PL_MCTS, EW_PL_UCT };

typedef struct ew_player {
    int kind;
    int depth;               /* expectimax: moves (0: none) */
    uint64_t nodes;          /* expectimax: decision nodes (0: none) */
    int64_t movetime_ms;     /* expectimax: per move (0: none) */
    int star;                /* expectimax: 0 plain, 1 Star1, 2 Star2 */
    int playouts;            /* mcts, uct */
} ew_player;
_Static_assert(sizeof(ew_player) <= BO_PLAYER_PARAMS, "ew_player fits bo_player_kind's params");

static void expectimax_defaults(void *params) { *(ew_player *)params = (ew_player){.kind = EW_PL_EXPECTIMAX, .star = 2}; }
static void mcts_defaults(void *params) { *(ew_player *)params = (ew_player){.kind = EW_PL_MCTS, .playouts = 1000}; }
static void uct_defaults(void *params) { *(ew_player *)params = (ew_player){.kind = EW_PL_UCT, .playouts = 1000}; }

/* KEY=N for the kind's own keys: depth, nodes, movetime, star for the expectimax;
 * playouts (nodes= the same) for the MCTS and the baseline. */
static int player_option(void *params, const char *key, const char *value, char *err, size_t errlen)
{
    ew_player *pl = params;
    char *end;
    long long v = strtoll(value, &end, 10);
    if (*end || end == value || v < 0) return bo_fail(err, errlen, "%s=%s is not a whole number >= 0", key, value);
    if (pl->kind == EW_PL_EXPECTIMAX) {
        if (!strcmp(key, "depth") && v <= 64) pl->depth = (int)v;
        else if (!strcmp(key, "nodes")) pl->nodes = (uint64_t)v;
        else if (!strcmp(key, "movetime")) pl->movetime_ms = v;
        else if (!strcmp(key, "star") && v <= 2) pl->star = (int)v;
        else return bo_fail(err, errlen, "'%s=%s' is not one of its options or out of range", key, value);
    } else if ((!strcmp(key, "playouts") || !strcmp(key, "nodes")) && v > 0 && v <= 100000000) {
        pl->playouts = (int)v;
    } else {
        return bo_fail(err, errlen, "'%s=%s' is not one of its options or out of range", key, value);
    }
    return 0;
}

/* The player's move at P: at a placement the engines' own arrangement (the baseline
 * draws one), else its search; an expectimax without a limit searches 3 moves deep. */
static int player_move(const bo_game *g, const void *params, const void *pos, const bo_hist *line, uint64_t seed,
                       bo_tt *tt, bo_search_info *out, char *err, size_t errlen)
{
    (void)g, (void)line, (void)tt;
    const ew_player *pl = params;
    const ew_pos *p = pos;
    uint32_t moves[EW_MAX_MOVES];
    int n = ew_legal(p, moves);
    memset(out, 0, sizeof *out);
    out->win_rate = -1;
    if (n == 0 || ew_to_move(p) < 0) return bo_fail(err, errlen, "not a player's turn");
    uint64_t rng = bo_mix64(seed ^ p->hash);   /* this move's draws */
    if (p->setup) {
        out->pv[0] = pl->kind == EW_PL_UCT ? moves[bo_splitmix64(&rng) % (uint64_t)n] : ew_arrange(p);
    } else if (pl->kind == EW_PL_EXPECTIMAX) {
        ew_xstats st;
        int depth = pl->depth || pl->nodes || pl->movetime_ms ? pl->depth : 3;
        out->pv[0] = ew_expectimax(p, depth, pl->nodes, pl->movetime_ms, pl->star, &st, NULL, NULL);
        out->depth = st.depth;
        out->score = (int)st.value;
        out->nodes = st.nodes;
    } else {
        out->pv[0] = ew_mcts(p, pl->playouts, pl->kind == EW_PL_UCT, rng, &out->win_rate);
    }
    out->pvlen = 1;
    return 0;
}

const bo_player_kind ew_player_kinds[] = {
    {"expectimax", "depth=D (3 with no limit) nodes=N movetime=MS star=0|1|2 (2)", expectimax_defaults, player_option,
     player_move},
    {"mcts", "playouts=N (1000; nodes=N the same): the chance-node MCTS", mcts_defaults, player_option, player_move},
    {"uct", "playouts=N (1000; nodes=N the same): plain UCT, random playouts, drawn arrangement", uct_defaults,
     player_option, player_move},
    {NULL, NULL, NULL, NULL, NULL},
};

/* The same positions (the decision positions after 6..28 plies of seeded random
 * games) searched to DEPTH plainly, with Star1 and with Star2: nodes and seconds. */
void ew_bench_star(int depth, int positions, uint64_t seed, uint64_t nodes[3], double seconds[3])
{
    for (int s = 0; s < 3; s++) nodes[s] = 0, seconds[s] = 0;
    for (int i = 0; i < positions; i++) {
        uint64_t rng = bo_mix64(seed ^ (uint64_t)i);
        ew_pos p;
        ew_start(&p, EW_SETUP_RANDOM, EW_RED);
        uint32_t m[EW_MAX_MOVES];
        int steps = 0, stop = 3 + i % 12;
        while (ew_winner(&p, NULL) < 0) {
            if (p.die && !p.setup && steps++ == stop) break;
            int n = ew_legal(&p, m);
            ew_play(&p, m[bo_splitmix64(&rng) % (uint64_t)n]);
        }
        if (ew_winner(&p, NULL) >= 0) continue;
        for (int s = 0; s < 3; s++) {
            ew_xstats st;
            double t0 = bo_now_seconds();
            ew_expectimax(&p, depth, 0, 0, s, &st, NULL, NULL);
            seconds[s] += bo_now_seconds() - t0;
            nodes[s] += st.nodes;
        }
    }
}
