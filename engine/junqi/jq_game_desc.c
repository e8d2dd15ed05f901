/* jq_game_desc.c -- Junqi behind the game descriptor (engine/core/game.h).
 *
 * Two descriptors: jq_game_desc, the registered one, is the hidden-information game
 * (the referee's state, views through observe/sample, and the determinized engine of
 * jq_engine.c); jq_full_game is the same rules as a game of perfect information, which
 * the engine hands to the generic alpha-beta on each state it samples.  It is never
 * registered: no command can search the referee's state directly. */
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "jq_engine.h"
#include "junqi.h"

static const char *const rule_sets[] = {"ccgc", NULL};

/* Only the contest's rules (RULES.md section 6 with its Decisions) exist. */
static int check_rules(const char *rules, char *err, size_t errlen)
{
    if (!rules || strcmp(rules, "ccgc") == 0) return 0;
    snprintf(err, errlen, "junqi has no rule set '%s' (known: ccgc)", rules);
    return -1;
}

/* Thin wrappers: the descriptor's calling convention over the engine's own calls. */
static int d_start(void *pos, const char *rules, char *err, size_t errlen)
{
    if (check_rules(rules, err, errlen) != 0) return -1;
    jq_empty(pos);
    return 0;
}

static int d_from_text(void *pos, const char *rules, const char *text, char *err, size_t errlen)
{
    if (check_rules(rules, err, errlen) != 0) return -1;
    return jq_from_text(pos, text, err, errlen);
}

static void d_to_text(const void *pos, char *buf, size_t n) { jq_to_text(pos, buf, n); }

/* Terminal as soon as the position shows a result (every Junqi rule is in it). */
static int d_to_move(const void *pos)
{
    int w;
    if (jq_result(pos, &w)) return BO_PLAYER_TERMINAL;
    return ((const jq_pos *)pos)->side;
}

/* No moves once the game is over, so that searches and playouts stop there. */
static int d_legal(const void *pos, bo_move *out)
{
    int w;
    if (jq_result(pos, &w)) return 0;
    return jq_legal(pos, out);
}

/* A collision is irreversible: the line history marks it so. */
static void d_play(void *pos, bo_move m, void *undo, bo_hist *h)
{
    int fight = jq_move_fight(pos, m);
    jq_play(pos, m, undo);
    if (h) bo_hist_push(h, ((jq_pos *)pos)->hash, fight ? BO_PLY_IRREVERSIBLE : 0);
}

static void d_unplay(void *pos, bo_move m, const void *undo, bo_hist *h)
{
    jq_unplay(pos, m, undo);
    if (h) bo_hist_pop(h);
}

/* jq_result's code as the descriptor's result with returns. */
static bo_result d_result(const void *pos, const bo_hist *h)
{
    (void)h;
    bo_result r = {BO_END_NONE, -1, {0, 0}};
    int w, how = jq_result(pos, &w);
    if (!how) return r;
    r.how = how == 2 ? BO_END_NO_MOVE : how == 11 ? BO_END_FLAG : BO_END_RULE_LIMIT;
    r.winner = w;
    if (w >= 0) {
        r.returns[w] = 1;
        r.returns[1 - w] = -1;
    }
    return r;
}

static uint64_t d_hash(const void *pos) { return ((const jq_pos *)pos)->hash; }
static uint64_t d_hash_scratch(const void *pos) { return jq_hash_scratch(pos); }
static int d_move_to_text(const void *pos, bo_move m, char *buf, size_t n) { return jq_move_to_text(pos, m, buf, n); }
static int d_move_from_text(const void *pos, const char *text, bo_move *m, char *err, size_t errlen)
{
    return jq_move_from_text(pos, text, m, err, errlen);
}
static int d_evaluate(const void *pos) { return jq_evaluate(pos); }
static uint64_t d_perft(const void *pos, int depth)
{
    jq_pos p = *(const jq_pos *)pos;
    return jq_perft(&p, depth);
}

/* Collisions: what quiescence plays out. */
static int d_noisy(const void *pos, bo_move *out)
{
    int w;
    if (jq_result(pos, &w)) return 0;
    bo_move all[JQ_MAX_MOVES];
    int n = jq_legal(pos, all), k = 0;
    for (int i = 0; i < n; i++)
        if (jq_move_fight(pos, all[i])) out[k++] = all[i];
    return k;
}

/* Winning collisions first (the more valuable victim first), then other collisions. */
static int d_order(const void *pos, bo_move m)
{
    const jq_pos *p = pos;
    if (m & JQ_PLACE) return 0;
    int f = jq_move_fight(p, m);
    if (f == JQ_WINS) return BO_ORDER_NOISY + 100 + jq_cell_kind(p->cell[jq_to(m)]);
    if (f) return BO_ORDER_NOISY;
    return 0;
}

/* The hidden-information side, straight through. */
static void d_observe(const void *pos, int player, void *view) { jq_observe(pos, player, view); }
static int d_sample(const void *view, uint64_t *rng, void *pos) { return jq_sample(view, rng, pos); }

#define JQ_COMMON                                                                        \
    .name = "junqi", .rule_sets = rule_sets, .players = 2, .player_names = {"red", "black"}, \
    .pos_size = sizeof(jq_pos), .undo_size = sizeof(jq_undo), .max_moves = JQ_MAX_MOVES,   \
    .start = d_start, .from_text = d_from_text, .to_text = d_to_text, .to_move = d_to_move, \
    .legal = d_legal, .play = d_play, .unplay = d_unplay, .result = d_result, .hash = d_hash, \
    .hash_scratch = d_hash_scratch, .move_to_text = d_move_to_text,                       \
    .move_from_text = d_move_from_text, .evaluate = d_evaluate, .perft = d_perft,         \
    .ending = d_result, .noisy = d_noisy, .order = d_order

const bo_game jq_game_desc = {
    JQ_COMMON,
    .flags = BO_GAME_HIDDEN | BO_GAME_SETUP,
    .engine = jq_engine_search,
    .player_kinds = jq_player_kinds,
    .view_size = sizeof(jq_view),
    .observe = d_observe,
    .sample = d_sample,
};

const bo_game jq_full_game = {
    JQ_COMMON,
    .flags = BO_GAME_SETUP,
};
