/* test_mcts.c -- the generic MCTS (engine/core/mcts.c).
 *
 * Truth from outside the search: a small chance game defined here whose values are
 * worked out by hand below (and that a search sampling outcomes uniformly instead of
 * by probability gets wrong), and NoGo endgames solved by a plain negamax over the
 * descriptor written in this file (no tree, no sampling): where the side to move
 * wins, the search must pick a winning move.  Searches limited by playouts must repeat
 * exactly, with one thread or several. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core.h"
#include "game.h"
#include "mcts.h"
#include "nogo.h"

/* ---- a chance game: player 0 picks A or B, then a die-like draw decides ----------
 * A (move 1): win with probability 0.7 (outcome 1), loss 0.3 (outcome 2): value 0.7.
 * B (move 2): outcomes 1, 2 win with 0.2 each, 3 loses with 0.6: value 0.4.
 * Sampled uniformly by outcome instead, A would look 1/2 and B 2/3: the wrong pick. */
typedef struct dice_pos {
    int stage;     /* 0: player 0 chooses, 1: chance, 2: over */
    int choice;    /* 1 A, 2 B */
    int outcome;
} dice_pos;

static int dice_to_move(const void *pos)
{
    const dice_pos *p = pos;
    return p->stage == 0 ? 0 : p->stage == 1 ? BO_PLAYER_CHANCE : BO_PLAYER_TERMINAL;
}

static int dice_chance(const void *pos, bo_move *out, double *prob)
{
    const dice_pos *p = pos;
    if (p->choice == 1) {
        out[0] = 1; prob[0] = 0.7;
        out[1] = 2; prob[1] = 0.3;
        return 2;
    }
    out[0] = 1; prob[0] = 0.2;
    out[1] = 2; prob[1] = 0.2;
    out[2] = 3; prob[2] = 0.6;
    return 3;
}

static int dice_legal(const void *pos, bo_move *out)
{
    const dice_pos *p = pos;
    if (p->stage == 0) { out[0] = 1; out[1] = 2; return 2; }
    if (p->stage == 1) {
        double prob[4];
        return dice_chance(pos, out, prob);
    }
    return 0;
}

static void dice_play(void *pos, bo_move m, void *undo, bo_hist *h)
{
    dice_pos *p = pos;
    memcpy(undo, p, sizeof *p);
    if (p->stage == 0) p->choice = (int)m;
    else p->outcome = (int)m;
    p->stage++;
    if (h) bo_hist_push(h, (uint64_t)(p->stage * 16 + p->choice * 4 + p->outcome), BO_PLY_IRREVERSIBLE);
}

static void dice_unplay(void *pos, bo_move m, const void *undo, bo_hist *h)
{
    (void)m;
    memcpy(pos, undo, sizeof(dice_pos));
    if (h) bo_hist_pop(h);
}

static bo_result dice_result(const void *pos, const bo_hist *h)
{
    (void)h;
    const dice_pos *p = pos;
    bo_result r = {BO_END_NONE, -1, {0, 0}};
    if (p->stage < 2) return r;
    bool win = p->choice == 1 ? p->outcome == 1 : p->outcome != 3;
    r.how = BO_END_GOAL;
    r.winner = win ? 0 : 1;
    r.returns[0] = win ? 1 : -1;
    r.returns[1] = -r.returns[0];
    return r;
}

static uint64_t dice_hash(const void *pos)
{
    const dice_pos *p = pos;
    return (uint64_t)(p->stage * 16 + p->choice * 4 + p->outcome);
}

static const char *const dice_rules[] = {"default", NULL};
static const bo_game dice_game = {
    .name = "dice",
    .rule_sets = dice_rules,
    .players = 2,
    .player_names = {"first", "second"},
    .flags = BO_GAME_CHANCE,
    .pos_size = sizeof(dice_pos),
    .undo_size = sizeof(dice_pos),
    .max_moves = 3,
    .to_move = dice_to_move,
    .legal = dice_legal,
    .chance = dice_chance,
    .play = dice_play,
    .unplay = dice_unplay,
    .result = dice_result,
    .hash = dice_hash,
    .hash_scratch = dice_hash,
};

static void test_chance_nodes(void **state)
{
    (void)state;
    for (int rave = 0; rave < 2; rave++) {
        dice_pos p = {0, 0, 0};
        bo_mcts_params prm;
        bo_mcts_defaults(&prm);
        prm.rave = rave;
        prm.playouts = 20000;
        prm.seed = 7;
        bo_search_info info;
        bo_mcts_stats st;
        char err[256];
        assert_int_equal(bo_mcts_search(&dice_game, &p, NULL, &prm, NULL, NULL, &info, &st, err, sizeof err), 0);
        assert_int_equal(info.pv[0], 1);
        /* The win rate of A is 0.7: within 0.03 (a few standard errors of ~19000 samples). */
        if (fabs(info.win_rate - 0.7) > 0.03) fail_msg("rave %d: win rate %.4f, 0.7 by hand", rave, info.win_rate);
        assert_int_equal(st.playouts, 20000);
    }
    /* A chance event at the root is the caller's to draw. */
    dice_pos c = {1, 2, 0};
    bo_mcts_params prm;
    bo_mcts_defaults(&prm);
    bo_search_info info;
    char err[256] = "";
    assert_int_equal(bo_mcts_search(&dice_game, &c, NULL, &prm, NULL, NULL, &info, NULL, err, sizeof err), -1);
    assert_true(strlen(err) > 0);
}

/* ---- NoGo endgames against an exhaustive negamax ---------------------------------- */

/* +1 if the side to move wins with best play, -1 if it loses; *NODES bounds the work
 * (returns 0 when it runs out). */
static int negamax(const bo_game *g, void *pos, long *nodes)
{
    if (--*nodes < 0) return 0;
    bo_move moves[BO_MOVES_MAX];
    BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
    int n = g->legal(pos, moves);
    if (n == 0) return -1;   /* NoGo: no legal point loses */
    for (int i = 0; i < n; i++) {
        g->play(pos, moves[i], undo, NULL);
        int v = -negamax(g, pos, nodes);
        g->unplay(pos, moves[i], undo, NULL);
        if (*nodes < 0) return 0;
        if (v > 0) return 1;
    }
    return -1;
}

/* A seeded random NoGo game up to where both sides have at most MAXM legal points. */
static void endgame(const bo_game *g, void *pos, uint64_t seed, int maxm)
{
    char err[256];
    assert_int_equal(g->start(pos, NULL, err, sizeof err), 0);
    BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
    uint64_t rng = seed;
    for (;;) {
        const ng_pos *p = pos;
        int me = ng_popcount(ng_legal_set_for(p, p->to_move)), you = ng_popcount(ng_legal_set_for(p, 1 - p->to_move));
        if (me <= maxm && you <= maxm) return;
        bo_move moves[BO_MOVES_MAX];
        int n = g->legal(pos, moves);
        if (n == 0) return;
        g->play(pos, moves[bo_splitmix64(&rng) % (uint64_t)n], undo, NULL);
    }
}

static void test_nogo_endgames(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("nogo");
    assert_non_null(g);
    int won = 0, lost = 0;
    for (uint64_t seed = 1; seed <= 40 && won < 8; seed++) {
        BO_ALIGNED unsigned char pos[BO_POS_MAX], after[BO_POS_MAX], undo[BO_UNDO_MAX];
        endgame(g, pos, seed, 7);
        bo_move moves[BO_MOVES_MAX];
        int n = g->legal(pos, moves);
        if (n == 0) continue;
        long budget = 3000000;
        int v = negamax(g, pos, &budget);
        if (v == 0) continue;
        for (int rave = 0; rave < 2; rave++) {
            bo_mcts_params prm;
            bo_mcts_defaults(&prm);
            prm.rave = rave;
            prm.playouts = 6000;
            prm.seed = seed;
            bo_search_info info;
            char err[256];
            assert_int_equal(bo_mcts_search(g, pos, NULL, &prm, NULL, NULL, &info, NULL, err, sizeof err), 0);
            char text[256];
            g->to_text(pos, text, sizeof text);
            if (v > 0) {
                /* The chosen move must win: the opponent loses after it, by negamax. */
                memcpy(after, pos, g->pos_size);
                g->play(after, info.pv[0], undo, NULL);
                long b2 = 3000000;
                if (negamax(g, after, &b2) != -1)
                    fail_msg("%s (rave %d): MCTS chose move %u, which does not win", text, rave, info.pv[0]);
                if (info.win_rate < 0.6) fail_msg("%s (rave %d): a won position at win rate %.3f", text, rave, info.win_rate);
            } else if (info.win_rate > 0.5) {
                fail_msg("%s (rave %d): a lost position at win rate %.3f", text, rave, info.win_rate);
            }
        }
        if (v > 0) won++; else lost++;
    }
    assert_true(won >= 3);
    (void)lost;
}

/* Same seed and playouts, same answer: one thread and two. */
static void test_determinism(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("nogo");
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    char err[256];
    assert_int_equal(g->start(pos, NULL, err, sizeof err), 0);
    for (int threads = 1; threads <= 2; threads++) {
        bo_search_info a, b;
        bo_mcts_params prm;
        bo_mcts_defaults(&prm);
        prm.playouts = 1500;
        prm.threads = threads;
        prm.seed = 99;
        prm.playout = ng_mcts_playout;
        assert_int_equal(bo_mcts_search(g, pos, NULL, &prm, NULL, NULL, &a, NULL, err, sizeof err), 0);
        assert_int_equal(bo_mcts_search(g, pos, NULL, &prm, NULL, NULL, &b, NULL, err, sizeof err), 0);
        assert_int_equal(a.pvlen, b.pvlen);
        assert_memory_equal(a.pv, b.pv, (size_t)a.pvlen * sizeof a.pv[0]);
        assert_true(a.win_rate == b.win_rate);
        assert_int_equal(a.nodes, 1500);
    }
}

/* A full pool stops the tree, not the search; skipped moves are never chosen; a time
 * limit alone ends the search. */
static void test_limits(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("nogo");
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    char err[256];
    assert_int_equal(g->start(pos, NULL, err, sizeof err), 0);
    bo_mcts_params prm;
    bo_mcts_defaults(&prm);
    prm.playouts = 3000;
    prm.max_nodes = 300;
    bo_search_info info;
    bo_mcts_stats st;
    assert_int_equal(bo_mcts_search(g, pos, NULL, &prm, NULL, NULL, &info, &st, err, sizeof err), 0);
    assert_true(st.pool_full);
    assert_true(st.nodes <= 300);
    assert_int_equal(st.playouts, 3000);
    assert_true(info.pv[0] >= 1 && info.pv[0] <= 81);

    bo_move skip[80];
    for (int i = 0; i < 80; i++) skip[i] = (bo_move)(i + 2);   /* all but A9 (move 1) */
    bo_mcts_defaults(&prm);
    prm.playouts = 200;
    prm.skip = skip;
    prm.nskip = 80;
    assert_int_equal(bo_mcts_search(g, pos, NULL, &prm, NULL, NULL, &info, NULL, err, sizeof err), 0);
    assert_int_equal(info.pv[0], 1);
    prm.nskip = 0;
    prm.skip = NULL;
    prm.playouts = 0;
    prm.movetime_ms = 100;
    assert_int_equal(bo_mcts_search(g, pos, NULL, &prm, NULL, NULL, &info, &st, err, sizeof err), 0);
    assert_true(st.playouts > 0);
    assert_true(st.seconds < 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chance_nodes),
        cmocka_unit_test(test_nogo_endgames),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
