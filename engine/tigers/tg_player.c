/* tg_player.c -- Two Tigers' own players of self-play and matches (bo_player_kind):
 * "table", the solved table (BOYI_TIGERS_TABLE), and "alphabeta", the descriptor's
 * alpha-beta with tg_evaluate that never reads a table, so that the two can meet in
 * one batch (the descriptor's engine hook reads the table for every player once
 * BOYI_TIGERS_TABLE is set).
 *
 * Rule: the table player only plays moves of the best kind the table gives (keeping a
 * win, else a draw), so from a position the table says is drawn it never loses, and
 * from a won one it never lets the win go (converting it within the 100-ply rule is
 * another matter without distances: docs/tigers.md).  Method: among those moves it
 * picks by the alpha-beta at its limits (tg_engine_table) or, with random=1, uniformly
 * at random from the seed the runner gives and the position; with BOYI_TIGERS_DISTANCES
 * a won or lost position is played by the distances either way (the winner converts
 * fastest, the loser resists longest).  A table player without a table, or with a table of
 * another game than the real one (win layer 10), refuses to move rather than play
 * without it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "search.h"
#include "tg_index.h"
#include "tg_solve.h"

enum { TG_PL_TABLE, TG_PL_ALPHABETA };

typedef struct tg_player {
    int kind;
    int depth;               /* the alpha-beta's depth (0: none) */
    uint64_t nodes;          /* its nodes (0: none) */
    int64_t movetime_ms;     /* its time a move (0: none) */
    int random;              /* table: a random move of the best kind instead of the search */
} tg_player;
_Static_assert(sizeof(tg_player) <= BO_PLAYER_PARAMS, "tg_player fits bo_player_kind's params");

static void table_defaults(void *params) { *(tg_player *)params = (tg_player){.kind = TG_PL_TABLE, .depth = 4}; }
static void alphabeta_defaults(void *params) { *(tg_player *)params = (tg_player){.kind = TG_PL_ALPHABETA, .depth = 4}; }

/* KEY=N: depth, nodes, movetime for both; random=0|1 for the table player. */
static int player_option(void *params, const char *key, const char *value, char *err, size_t errlen)
{
    tg_player *pl = params;
    char *end;
    long long v = strtoll(value, &end, 10);
    if (*end || end == value || v < 0) return bo_fail(err, errlen, "%s=%s is not a whole number >= 0", key, value);
    if (!strcmp(key, "depth") && v < BO_MAX_PLY) pl->depth = (int)v;
    else if (!strcmp(key, "nodes")) pl->nodes = (uint64_t)v;
    else if (!strcmp(key, "movetime")) pl->movetime_ms = v;
    else if (!strcmp(key, "random") && v <= 1 && pl->kind == TG_PL_TABLE) pl->random = (int)v;
    else return bo_fail(err, errlen, "'%s=%s' is not one of its options or out of range", key, value);
    return 0;
}

int tg_table_player_move(const tg_view *t, const bo_game *g, int depth, uint64_t nodes, int64_t movetime_ms,
                         bool random, const void *pos, const bo_hist *line, uint64_t seed, struct bo_tt *tt,
                         struct bo_search_info *out, char *err, size_t errlen)
{
    const tg_pos *p = pos;
    if (!random) {
        bo_limits lim = {.depth = depth, .nodes = nodes, .movetime_ms = movetime_ms};
        return tg_engine_table(t, g, pos, line, &lim, tt, NULL, NULL, out, err, errlen);
    }
    uint32_t moves[TG_MAX_MOVES];
    int kind[TG_MAX_MOVES], n = 0;
    int best = tg_view_moves(t, p, moves, kind, &n);
    if (best < 0) return bo_fail(err, errlen, "the position is not in the table (its dogs are outside its layers)");
    if (n == 0) return bo_fail(err, errlen, "no legal move");
    int keep[TG_MAX_MOVES], k = 0, dtc;
    for (int i = 0; i < n; i++)
        if (kind[i] == best) keep[k++] = i;
    uint64_t rng = bo_mix64(seed ^ p->hash ^ (line ? (uint64_t)line->n * 0x9E3779B97F4A7C15ull : 0));
    int pick = best != 1 ? tg_view_best(t, p, moves, &n, &dtc) : -1;   /* with distances: the fastest conversion */
    memset(out, 0, sizeof *out);
    out->pv[0] = moves[pick >= 0 ? pick : keep[bo_splitmix64(&rng) % (uint64_t)k]];
    out->pvlen = 1;
    out->win_rate = best == 2 ? 1.0 : best == 1 ? 0.5 : 0.0;
    return 0;
}

/* The table player's move: the table of BOYI_TIGERS_TABLE (and its distances, where
 * BOYI_TIGERS_DISTANCES names them) opened for this move; refused without one. */
static int table_move(const bo_game *g, const tg_player *pl, const void *pos, const bo_hist *line, uint64_t seed,
                      struct bo_tt *tt, struct bo_search_info *out, char *err, size_t errlen)
{
    const char *path = getenv("BOYI_TIGERS_TABLE");
    if (!path || !*path)
        return bo_fail(err, errlen, "the table player needs BOYI_TIGERS_TABLE=FILE (a table of `boyi solve --game "
                                    "tigers --table=FILE`)");
    tg_index *x = malloc(sizeof *x);
    if (!x) return bo_fail(err, errlen, "out of memory");
    tg_index_init(x);
    tg_view t;
    if (tg_view_open(&t, path, x) != 0) {
        free(x);
        return bo_fail(err, errlen, "%s: not a readable Two Tigers table", path);
    }
    int rc;
    if (t.win != TG_DOGS - TG_WIN_CAPTURES) {
        rc = bo_fail(err, errlen, "%s: a table of a reduced game (the tigers win at %d dogs), not of the real one", path,
                     t.win);
    } else {
        const char *dpath = getenv("BOYI_TIGERS_DISTANCES");
        rc = dpath && *dpath ? tg_view_open_dist(&t, dpath, err, errlen) : 0;
        if (rc == 0)
            rc = tg_table_player_move(&t, g, pl->depth, pl->nodes, pl->movetime_ms, pl->random, pos, line, seed, tt,
                                      out, err, errlen);
    }
    tg_view_close(&t);
    free(x);
    return rc;
}

static int player_move(const bo_game *g, const void *params, const void *pos, const bo_hist *line, uint64_t seed,
                       struct bo_tt *tt, struct bo_search_info *out, char *err, size_t errlen)
{
    const tg_player *pl = params;
    if (pl->kind == TG_PL_TABLE) return table_move(g, pl, pos, line, seed, tt, out, err, errlen);
    bo_limits lim = {.depth = pl->depth, .nodes = pl->nodes, .movetime_ms = pl->movetime_ms};
    return bo_search_alphabeta(g, pos, line, &lim, tt, NULL, NULL, out, err, errlen);
}

/* The alpha-beta first: a bench's default player A is a game's first own player, and
 * the table player needs a table. */
const bo_player_kind tg_player_kinds[] = {
    {"alphabeta", "depth=D (4) nodes=N movetime=MS: the alpha-beta with tg_evaluate, never the table", alphabeta_defaults,
     player_option, player_move},
    {"table", "depth=D (4) nodes=N movetime=MS random=0|1: the solved table of BOYI_TIGERS_TABLE, the alpha-beta "
              "(or random=1: a random move) among the moves keeping its value",
     table_defaults, player_option, player_move},
    {NULL, NULL, NULL, NULL, NULL},
};
