/* jq_engine.c -- playing Junqi from one side's view.
 *
 * Method: determinized search.  The engine is handed a view (jq_view), never the
 * referee's state.  It draws N full states consistent with the view (jq_sample: the
 * enemy's pieces get kinds that agree with everything its moves and collisions have
 * shown), searches each as a game of perfect information with the generic alpha-beta
 * (jq_full_game, depth D, quiescence on collisions), and plays the move most of the
 * searches chose (ties: the higher summed score, then the first in move order).  The
 * seed comes from the view itself, so equal views give equal moves.
 *
 * Deployment: one of JQ_PATTERNS sound patterns (three hand-made ones and their
 * mirror images; docs/junqi.md shows them), picked by the seed: the flag in a
 * headquarters with landmines beside and in front of it, bombs in the second and
 * fourth rows behind the railway, the field marshal and the general in the middle,
 * engineers on the railways.
 *
 * Reference players: random (a uniformly random legal move) and rule-based: take an
 * enemy piece when every kind it can still be loses to the attacker (the most
 * valuable such capture), else advance a piece that is not a bomb towards the enemy,
 * else any move, ties broken at random. */
#include "jq_engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core.h"
#include "search.h"

/* Red's patterns; black's are the same with rows mirrored (row r -> 13 - r). */
static const char *const patterns[3] = {
    "a1=L b1=F c1=L d1=C e1=P a2=E b2=L c2=T d2=R e2=E a3=X c3=B e3=P a4=C b4=D d4=G e4=T "
    "a5=R c5=X e5=B a6=D b6=C c6=M d6=P e6=E",
    "a1=C b1=P c1=L d1=F e1=L a2=E b2=T c2=R d2=L e2=E a3=B c3=X e3=C a4=G b4=P d4=D e4=T "
    "a5=X c5=B e5=R a6=E b6=D c6=C d6=M e6=P",
    "a1=L b1=F c1=L d1=T e1=C a2=C b2=L c2=E d2=P e2=R a3=D c3=X e3=E a4=P b4=M d4=B e4=G "
    "a5=T c5=R e5=X a6=B b6=E c6=D d6=P e6=C",
};

/* Pattern K for SIDE as kinds per post (0 elsewhere). */
static int pattern_cells(int k, int side, uint8_t cells[JQ_POSTS])
{
    memset(cells, 0, JQ_POSTS);
    const char *s = patterns[k % 3];
    bool mirror = k >= 3;
    while (*s) {
        while (*s == ' ') s++;
        int q = jq_post_parse(&s);
        if (q < 0 || *s != '=') return -1;
        int kind = jq_kind_from_letter(s[1]);
        s += 2;
        int c = jq_col(q), r = jq_row(q);
        if (mirror) c = JQ_COLS - 1 - c;
        if (side) r = JQ_ROWS - 1 - r;
        cells[jq_post(c, r)] = (uint8_t)kind;
    }
    return 0;
}

/* The pattern as a deployment text, for docs and tests. */
int jq_pattern_text(int k, int side, char *buf, size_t n)
{
    uint8_t cells[JQ_POSTS];
    if (k < 0 || k >= JQ_PATTERNS || pattern_cells(k, side, cells) != 0) return -1;
    size_t len = 0;
    buf[0] = '\0';
    for (int q = 0; q < JQ_POSTS; q++) {
        if (!cells[q]) continue;
        char name[8];
        jq_post_name(q, name, sizeof name);
        int w = snprintf(buf + len, n - len, "%s%s=%c", len ? " " : "", name, jq_kind_letter(cells[q]));
        if (w < 0 || (size_t)w >= n - len) return -1;
        len += (size_t)w;
    }
    return 0;
}

/* The next placement of the pattern: the kind jq_deploy_order asks for, on the
 * lowest free post the pattern gives that kind.  Where earlier placements left the
 * pattern (an opening of random placements), the first legal post the pattern gives
 * that kind, else the first legal post the pattern leaves to a kind still to come,
 * else the first legal post. */
static int deploy_move(const jq_view *v, uint64_t seed, uint32_t *m)
{
    uint8_t cells[JQ_POSTS];
    pattern_cells((int)(bo_mix64(seed ^ (0x51ull + v->me)) % JQ_PATTERNS), v->me, cells);
    int kind = jq_deploy_order[v->placed[v->me]];
    uint32_t moves[JQ_MAX_MOVES];
    int n = jq_view_legal(v, moves);
    if (n == 0) return -1;
    for (int q = 0; q < JQ_POSTS; q++)
        if (cells[q] == kind && !v->own[q])
            for (int i = 0; i < n; i++)
                if (jq_from(moves[i]) == q) return *m = moves[i], 0;
    for (int i = 0; i < n; i++) {
        int q = jq_from(moves[i]);
        for (int k = v->placed[v->me]; k < JQ_PIECES; k++)
            if (cells[q] == jq_deploy_order[k]) return *m = moves[i], 0;
    }
    *m = moves[0];
    return 0;
}

/* The weakest reference player: any legal move, uniformly. */
int jq_random_move(const jq_view *v, uint64_t *rng, uint32_t *m)
{
    uint32_t moves[JQ_MAX_MOVES];
    int n = jq_view_legal(v, moves);
    if (n == 0) return -1;
    *m = moves[bo_splitmix64(rng) % (uint64_t)n];
    return 0;
}

/* The value of the best kind a mask allows (what a capture may be worth). */
static int best_kind(uint16_t mask)
{
    for (int k = JQ_KINDS - 1; k > 0; k--)
        if (mask & JQ_MASK(k)) return k;
    return 0;
}

/* The rule-based reference player (file comment): sure captures, then advances. */
int jq_rule_move(const jq_view *v, uint64_t *rng, uint32_t *m)
{
    uint32_t moves[JQ_MAX_MOVES];
    int n = jq_view_legal(v, moves);
    if (n == 0) return -1;
    if (v->placed[v->me] < JQ_PIECES) {
        *m = moves[bo_splitmix64(rng) % (uint64_t)n];
        return 0;
    }
    int best = -1, best_score = -1000000;
    for (int i = 0; i < n; i++) {
        int from = jq_from(moves[i]), to = jq_to(moves[i]), kind = v->own[from];
        int score;
        if (v->theirs[to]) {
            bool sure = true;
            for (int k = 1; k < JQ_KINDS; k++)
                if ((v->known[to] & JQ_MASK(k)) && jq_fight(kind, k) != JQ_WINS) sure = false;
            score = sure ? 1000 + 10 * best_kind(v->known[to]) : -100;
        } else {
            int dr = jq_row(to) - jq_row(from);
            if (v->me) dr = -dr;
            score = kind == JQ_BOMB ? 0 : dr > 0 ? 10 * dr : 0;
        }
        score = score * 16 + (int)(bo_splitmix64(rng) & 15);
        if (score > best_score) best_score = score, best = i;
    }
    *m = moves[best];
    return 0;
}

/* Determinized search over the view (file comment); the vote makes the move robust
 * to any one draw of the hidden pieces. */
int jq_engine_choose(const jq_view *v, const jq_engine_params *ep, struct bo_tt *tt, uint32_t *best, int *score,
                     uint64_t *nodes, char *err, size_t errlen)
{
    *score = 0;
    *nodes = 0;
    if (v->side != v->me) return snprintf(err, errlen, "it is not this side's turn"), -1;
    if (v->placed[v->me] < JQ_PIECES) {
        if (deploy_move(v, ep->seed, best) != 0) return snprintf(err, errlen, "no deployment pattern fits"), -1;
        return 0;
    }
    uint32_t moves[JQ_MAX_MOVES];
    int n = jq_view_legal(v, moves);
    if (n == 0) return snprintf(err, errlen, "the side to move has no legal move"), -1;
    *best = moves[0];
    if (n == 1) return 0;
    int samples = ep->samples > 0 ? ep->samples : 8;
    int *votes = calloc((size_t)n, sizeof *votes);
    long *sums = calloc((size_t)n, sizeof *sums);
    bo_tt *own_tt = tt ? NULL : bo_tt_new(4);
    if (!votes || !sums || (!tt && !own_tt)) {
        free(votes), free(sums), bo_tt_free(own_tt);
        return snprintf(err, errlen, "out of memory"), -1;
    }
    bo_limits lim = {.depth = ep->depth > 0 ? ep->depth : ep->movetime_ms > 0 ? 0 : 2, .nodes = ep->nodes};
    int done = 0;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; i < samples; i++) {
        if (ep->movetime_ms > 0) {   /* each sample its share of what is left; none past the end */
            struct timespec t;
            clock_gettime(CLOCK_MONOTONIC, &t);
            int64_t left = ep->movetime_ms - ((int64_t)(t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000);
            if (left <= 0 && done > 0) break;
            lim.movetime_ms = left / (samples - i) > 0 ? left / (samples - i) : 1;
        }
        uint64_t rng = bo_mix64(ep->seed ^ (0x9e37ull * (uint64_t)(i + 1)));
        jq_pos s;
        if (jq_sample(v, &rng, &s) != 0) continue;
        bo_search_info info;
        char e2[128];
        if (bo_search_alphabeta(&jq_full_game, &s, NULL, &lim, tt ? tt : own_tt, NULL, NULL, &info, e2, sizeof e2) != 0)
            continue;
        *nodes += info.nodes;
        for (int k = 0; k < n; k++)
            if (moves[k] == info.pv[0]) {
                votes[k]++;
                sums[k] += info.score;
                break;
            }
        done++;
    }
    int b = 0;
    for (int k = 1; k < n; k++)
        if (votes[k] > votes[b] || (votes[k] == votes[b] && sums[k] > sums[b])) b = k;
    *best = moves[b];
    *score = votes[b] ? (int)(sums[b] / votes[b]) : 0;
    free(votes), free(sums), bo_tt_free(own_tt);
    if (!done) return snprintf(err, errlen, "no state consistent with the view could be searched"), -1;
    return 0;
}

/* The descriptor's engine: the view is taken here, once, so nothing below can read
 * the referee's state. */
int jq_engine_search(const bo_game *g, const void *pos, const bo_hist *line, const struct bo_limits *lim,
                     struct bo_tt *tt, void (*on_info)(void *ctx, const struct bo_search_info *info), void *ctx,
                     struct bo_search_info *out, char *err, size_t errlen)
{
    (void)line;
    int side = g->to_move(pos);
    if (side < 0) return snprintf(err, errlen, "the game is over: there is nothing to search"), -1;
    jq_view v;
    jq_observe(pos, side, &v);   /* from here on only the view is read */
    /* A time per move, or a clock's share (a thirtieth and most of the increment, as
     * search.c plans it), is shared among the samples. */
    int64_t ms = lim && lim->movetime_ms > 0 ? bo_movetime_budget(lim->movetime_ms) : 0;
    if (!ms && lim && lim->clock_ms > 0) {
        ms = lim->clock_ms / 30 + lim->inc_ms * 4 / 5;
        if (ms > lim->clock_ms / 2) ms = lim->clock_ms / 2 > 0 ? lim->clock_ms / 2 : 1;
    }
    jq_engine_params ep = {.samples = 8, .depth = lim && lim->depth > 0 ? lim->depth : ms > 0 ? 0 : 2,
                           .nodes = lim ? lim->nodes / 8 : 0, .movetime_ms = ms, .seed = 0};
    ep.seed = v.placed[side] < JQ_PIECES ? 0 : jq_view_hash(&v);
    uint32_t best;
    int score;
    uint64_t nodes;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (jq_engine_choose(&v, &ep, tt, &best, &score, &nodes, err, errlen) != 0) return -1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    memset(out, 0, sizeof *out);
    out->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    out->depth = ep.depth;   /* 0: each sample deepened until its share of the time */
    out->score = score;
    out->nodes = nodes;
    out->win_rate = -1;
    out->pv[0] = best;
    out->pvlen = 1;
    if (on_info) on_info(ctx, out);
    return 0;
}

/* ---- players of matches (bo_player_kind): the engine at a setting, the rule player ---- */

_Static_assert(sizeof(jq_engine_params) <= BO_PLAYER_PARAMS, "jq_engine_params fits bo_player_kind's params");

/* 8 samples, 2 plies on each: the setting docs/junqi.md measures. */
static void engine_defaults(void *params) { *(jq_engine_params *)params = (jq_engine_params){.samples = 8, .depth = 2}; }
static void rules_defaults(void *params) { memset(params, 0, sizeof(jq_engine_params)); }

/* samples=N depth=D nodes=K movetime=MS (the engine's own; the rule player takes none). */
static int engine_option(void *params, const char *key, const char *value, char *err, size_t errlen)
{
    jq_engine_params *ep = params;
    char *end;
    long long v = strtoll(value, &end, 10);
    if (*end || end == value || v < 0) return snprintf(err, errlen, "%s=%s is not a whole number >= 0", key, value), -1;
    if (!strcmp(key, "samples") && v > 0 && v <= 4096) ep->samples = (int)v;
    else if (!strcmp(key, "depth") && v > 0 && v <= 64) ep->depth = (int)v;
    else if (!strcmp(key, "nodes")) ep->nodes = (uint64_t)v;
    else if (!strcmp(key, "movetime")) ep->movetime_ms = v;
    else return snprintf(err, errlen, "'%s=%s' is not one of its options or out of range", key, value), -1;
    return 0;
}

static int rules_option(void *params, const char *key, const char *value, char *err, size_t errlen)
{
    (void)params;
    return snprintf(err, errlen, "'%s=%s': the rule player has no options", key, value), -1;
}

/* The move from the side to move's view alone: the engine's (its deployment seeded by
 * SEED, its samples by SEED and the view), or the rule player's (the engine's
 * deployment, then jq_rule_move). */
static int player_move(const bo_game *g, const void *params, const void *pos, const bo_hist *line, uint64_t seed,
                       bo_tt *tt, bo_search_info *out, char *err, size_t errlen)
{
    (void)line;
    const jq_engine_params *pp = params;
    int side = g->to_move(pos);
    if (side < 0) return snprintf(err, errlen, "the game is over: there is no move to make"), -1;
    jq_view v;
    jq_observe(pos, side, &v);
    memset(out, 0, sizeof *out);
    out->win_rate = -1;
    out->pvlen = 1;
    bool placing = v.placed[v.me] < JQ_PIECES;
    if (pp->samples == 0 && !placing) {   /* the rule player */
        uint64_t rng = bo_mix64(seed ^ jq_view_hash(&v));
        if (jq_rule_move(&v, &rng, &out->pv[0]) != 0) return snprintf(err, errlen, "the rule player found no move"), -1;
        return 0;
    }
    jq_engine_params ep = *pp;
    ep.seed = placing ? seed : bo_mix64(seed ^ jq_view_hash(&v));
    int score;
    uint64_t nodes;
    if (jq_engine_choose(&v, &ep, tt, &out->pv[0], &score, &nodes, err, errlen) != 0) return -1;
    out->nodes = nodes;
    if (!placing && pp->samples > 0) {
        out->depth = ep.depth;
        out->score = score;
    }
    return 0;
}

const bo_player_kind jq_player_kinds[] = {
    {"engine", "samples=N (8) depth=D (2) nodes=K movetime=MS: the determinized search", engine_defaults, engine_option,
     player_move},
    {"rules", "nothing: the rule-based reference player (the engine's deployment)", rules_defaults, rules_option,
     player_move},
    {NULL, NULL, NULL, NULL, NULL},
};
