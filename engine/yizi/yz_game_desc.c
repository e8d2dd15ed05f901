/* yz_game_desc.c -- the line game through the game descriptor (engine/core/game.h),
 * with the exact solver as its engine.
 *
 * Rule sets "1", "2", "3" (RULES.md 7's setups) and the same with "-misere"; the
 * convention lives in the position, since it decides who won.  Rule 3's placements
 * are ordinary moves (BO_GAME_SETUP); the turn simply passes on after the last one.
 * The engine solves the position (yz_solve.c) and plays the fastest win, or the
 * longest loss: a solved position's score is a win or loss in so many plies, so
 * analyse prints it as mate and annotate marks the moves that threw a win away. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "core.h"
#include "game.h"
#include "search.h"
#include "yizi.h"

static const char *const rule_sets[] = {"1", "2", "3", "1-misere", "2-misere", "3-misere", NULL};

/* The start of a rule set ("1".."3", "-misere" for the convention). */
static int yz_d_start(void *pos, const char *rules, char *err, size_t errlen)
{
    int rule;
    bool misere;
    if (yz_rules_parse(rules, &rule, &misere, err, errlen) != 0) return -1;
    yz_start(pos, rule, misere);
    return 0;
}

/* The text's convention when it names one, else the rules'. */
static int yz_d_from_text(void *pos, const char *rules, const char *text, char *err, size_t errlen)
{
    int rule;
    bool misere;
    if (yz_rules_parse(rules, &rule, &misere, err, errlen) != 0) return -1;
    yz_pos *p = pos;
    if (yz_from_text(p, text, err, errlen) != 0) return -1;
    if (misere && !strstr(text, "normal") && !strstr(text, "mis")) {
        p->misere = 1;
        p->hash = yz_hash_scratch(p);
    }
    return 0;
}

static void yz_d_to_text(const void *pos, char *buf, size_t n) { yz_to_text(pos, buf, n); }

/* Terminal once all coins are in: the position alone says so. */
static int yz_d_to_move(const void *pos)
{
    const yz_pos *p = pos;
    return yz_over(p) ? BO_PLAYER_TERMINAL : p->side;
}

/* No move once the game is over. */
static int yz_d_legal(const void *pos, bo_move *out)
{
    return yz_over(pos) ? 0 : yz_legal(pos, out);
}

/* The undo record is the hash: the rest follows from the move. */
static void yz_d_play(void *pos, bo_move m, void *undo, bo_hist *h)
{
    yz_pos *p = pos;
    memcpy(undo, &p->hash, sizeof p->hash);
    yz_play(p, m);
    if (h) bo_hist_push(h, p->hash, BO_PLY_IRREVERSIBLE);
}

static void yz_d_unplay(void *pos, bo_move m, const void *undo, bo_hist *h)
{
    yz_pos *p = pos;
    yz_unplay(p, m);
    memcpy(&p->hash, undo, sizeof p->hash);
    if (h) bo_hist_pop(h);
}

/* The winner of a finished game: no history matters (no repetition can happen). */
static bo_result yz_d_result(const void *pos, const bo_hist *h)
{
    (void)h;
    bo_result r = {BO_END_NONE, -1, {0, 0}};
    int w = yz_winner(pos);
    if (w < 0) return r;
    r.how = BO_END_GOAL;
    r.winner = w;
    r.returns[w] = 1;
    r.returns[1 - w] = -1;
    return r;
}

static uint64_t yz_d_hash(const void *pos) { return ((const yz_pos *)pos)->hash; }
static uint64_t yz_d_hash_scratch(const void *pos) { return yz_hash_scratch(pos); }

static int yz_d_move_to_text(const void *pos, bo_move m, char *buf, size_t n)
{
    (void)pos;
    return yz_move_to_text(m, buf, n);
}

static int yz_d_move_from_text(const void *pos, const char *text, bo_move *m, char *err, size_t errlen)
{
    return yz_move_from_text(pos, text, m, err, errlen);
}

/* The alpha-beta never runs (the engine is the solver); a static guess for anyone
 * who calls it: under normal play an odd number of coins off the goal favours the
 * side to move (each could go in one at a time), a parity hint and no more. */
static int yz_d_evaluate(const void *pos)
{
    const yz_pos *p = pos;
    int off = YZ_COINS - p->count[0];
    int v = (off & 1) ? 10 : -10;
    return p->misere ? -v : v;
}

static uint64_t yz_d_perft(const void *pos, int depth) { return yz_perft(pos, depth); }

/* A root move multi-PV already showed. */
static bool skipped(const bo_limits *lim, bo_move m)
{
    for (int i = 0; i < lim->nskip; i++)
        if (lim->skip[i] == m) return true;
    return false;
}

/* The engine: solve, then the best move (fastest win, else slowest loss) and the
 * perfect line after it.  The answer is exact and fast (the whole game is about
 * 0.07 s), so depth and time limits do not change it; a node limit bounds the
 * positions solved to half of it, and when that is not enough the alpha-beta with
 * the parity guess takes the rest (the nodes reported are both together). */
static int yz_engine(const bo_game *g, const void *pos, const bo_hist *line, const bo_limits *lim, bo_tt *tt,
                     void (*on_info)(void *ctx, const bo_search_info *info), void *ctx, bo_search_info *out, char *err,
                     size_t errlen)
{
    const yz_pos *p = pos;
    if (yz_over(p)) return bo_fail(err, errlen, "the side to move has no legal move: there is nothing to search");
    double t0 = bo_now_seconds();
    yz_table *t = yz_table_new(p->misere);
    if (!t) return bo_fail(err, errlen, "out of memory");
    if (lim && lim->nodes) yz_table_set_budget(t, (long)(lim->nodes / 2) + 1);
    uint32_t moves[YZ_MAX_MOVES];
    int win[YZ_MAX_MOVES], plies[YZ_MAX_MOVES];
    int n = yz_solve_moves(t, p, moves, win, plies), best = -1;
    if (yz_table_stopped(t)) {
        uint64_t spent = (uint64_t)yz_table_solved(t);
        yz_table_free(t);
        bo_limits rest = *lim;
        rest.nodes = lim->nodes > spent ? lim->nodes - spent : 1;
        int rc = bo_search_alphabeta(g, pos, line, &rest, tt, on_info, ctx, out, err, errlen);
        if (rc == 0) out->nodes += spent;
        return rc;
    }
    for (int i = 0; i < n; i++) {
        if (lim && skipped(lim, moves[i])) continue;
        if (best < 0 || win[i] > win[best] || (win[i] == win[best] && (win[i] ? plies[i] < plies[best] : plies[i] > plies[best])))
            best = i;
    }
    if (best < 0) {
        yz_table_free(t);
        return bo_fail(err, errlen, "every legal move is excluded: there is nothing to search");
    }
    memset(out, 0, sizeof *out);
    int pl = plies[best];
    out->win_plies = win[best] ? pl : -pl;
    out->score = win[best] ? BO_SCORE_WIN - pl : -(BO_SCORE_WIN - pl);
    out->win_rate = win[best] ? 1.0 : 0.0;
    out->depth = out->seldepth = pl;
    /* The principal variation: each side's best reply in turn. */
    yz_pos q = *p;
    out->pv[out->pvlen++] = moves[best];
    yz_play(&q, moves[best]);
    while (!yz_over(&q) && out->pvlen < BO_MAX_PLY) {
        uint32_t mv[YZ_MAX_MOVES];
        int w[YZ_MAX_MOVES], pls[YZ_MAX_MOVES];
        int k = yz_solve_moves(t, &q, mv, w, pls), b = 0;
        for (int i = 1; i < k; i++)
            if (w[i] > w[b] || (w[i] == w[b] && (w[i] ? pls[i] < pls[b] : pls[i] > pls[b]))) b = i;
        out->pv[out->pvlen++] = mv[b];
        yz_play(&q, mv[b]);
    }
    out->nodes = (uint64_t)yz_table_solved(t);
    out->seconds = bo_now_seconds() - t0;
    yz_table_free(t);
    if (on_info) on_info(ctx, out);
    return 0;
}

const bo_game yz_game_desc = {
    .name = "yizi",
    .rule_sets = rule_sets,
    .players = 2,
    .player_names = {"first", "second"},
    .flags = BO_GAME_SETUP,
    .pos_size = sizeof(yz_pos),
    .undo_size = sizeof(uint64_t),
    .max_moves = YZ_MAX_MOVES,
    .start = yz_d_start,
    .from_text = yz_d_from_text,
    .to_text = yz_d_to_text,
    .to_move = yz_d_to_move,
    .legal = yz_d_legal,
    .play = yz_d_play,
    .unplay = yz_d_unplay,
    .result = yz_d_result,
    .hash = yz_d_hash,
    .hash_scratch = yz_d_hash_scratch,
    .move_to_text = yz_d_move_to_text,
    .move_from_text = yz_d_move_from_text,
    .evaluate = yz_d_evaluate,
    .perft = yz_d_perft,
    .engine = yz_engine,
    .ignored_limits = BO_LIMIT_DEPTH | BO_LIMIT_TIME,
    .moot_limits = BO_LIMIT_DEPTH | BO_LIMIT_TIME,
    .limits_note = "solved exactly (about 0.07 s a game): nodes= bounds the solver; no depth or time changes the answer",
};
