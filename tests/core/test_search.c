/* test_search.c -- the generic alpha-beta (engine/core/search.c) on every game.
 *
 * Forced wins the search claims are proved independently, by a plain minimax over
 * the descriptor that shares no code with the search (no table, no pruning, no
 * ordering): the claimed distance must be the true shortest one.  Searches limited by
 * depth or nodes must repeat exactly. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "game.h"
#include "minimax.h"
#include "search.h"


typedef struct win_case {
    const char *game, *rules, *text;
    int plies;   /* the shortest forced win, in plies */
} win_case;

static const win_case wins[] = {
    /* Xiangqi: a chariot on the eighth rank, the other mates on the ninth. */
    {"xiangqi", NULL, "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", 1},
    /* Xiangqi: the same with black to answer first check (two chariots ladder). */
    {"xiangqi", NULL, "4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1", 3},
    /* Gomoku: an open four makes five at once. */
    {"gomoku", "renju", "black: h8 i8 j8 k8 e3; white: h9 i9 j9 a1; to-move: black", 1},
    /* Freestyle Gomoku: an open three becomes an open four, which white cannot stop. */
    {"gomoku", "freestyle", "black: h8 i8 j8 a15 o15; white: h10 i10 a1 o1; to-move: black", 3},
    /* Draughts: white takes the last black man. */
    {"draughts", NULL, "W:W28:B23", 1},
};

static void test_forced_wins(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof wins / sizeof wins[0]; i++) {
        const win_case *c = &wins[i];
        const bo_game *g = bo_game_by_name(c->game);
        assert_non_null(g);
        BO_ALIGNED unsigned char pos[BO_POS_MAX];
        char err[256];
        if (g->from_text(pos, c->rules, c->text, err, sizeof err) != 0) fail_msg("%s: %s", c->text, err);
        int me = g->to_move(pos);
        /* The independent proof of the stated distance, and that none is shorter. */
        if (!bo_test_wins_within(g, pos, c->plies, me)) fail_msg("%s: no forced win in %d plies", c->text, c->plies);
        if (c->plies > 2 && bo_test_wins_within(g, pos, c->plies - 2, me)) fail_msg("%s: a shorter win exists", c->text);
        bo_tt *tt = bo_tt_new(4);
        assert_non_null(tt);
        bo_limits lim = {.depth = c->plies + 2};
        bo_search_info info;
        if (bo_search(g, pos, NULL, &lim, tt, NULL, NULL, &info, err, sizeof err) != 0) fail_msg("%s", err);
        if (info.win_plies != c->plies)
            fail_msg("%s: search says win in %d plies, proof says %d", c->text, info.win_plies, c->plies);
        /* The move it chose wins in one ply fewer. */
        BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
        g->play(pos, info.pv[0], undo, NULL);
        bo_result r = g->result(pos, NULL);
        if (c->plies == 1) assert_int_equal(r.winner, me);
        else if (r.how == BO_END_NONE) {
            /* The opponent is to move: every reply must leave a win for me. */
            bo_move replies[BO_MOVES_MAX];
            int k = g->legal(pos, replies);
            for (int j = 0; j < k; j++) {
                BO_ALIGNED unsigned char u2[BO_UNDO_MAX];
                g->play(pos, replies[j], u2, NULL);
                if (!bo_test_wins_within(g, pos, c->plies - 2, me)) fail_msg("%s: the chosen move does not keep the win", c->text);
                g->unplay(pos, replies[j], u2, NULL);
            }
        }
        bo_tt_free(tt);
    }
}

/* Same limits, same answer: the basis of reproducible matches and annotations. */
static void test_deterministic(void **state)
{
    (void)state;
    int n;
    const bo_game *const *all = bo_games(&n);
    for (int i = 0; i < n; i++) {
        const bo_game *g = all[i];
        BO_ALIGNED unsigned char pos[BO_POS_MAX];
        char err[256];
        assert_int_equal(g->start(pos, NULL, err, sizeof err), 0);
        bo_search_info a, b;
        bo_limits lim = {.nodes = 20000};
        bo_tt *tt = bo_tt_new(2);
        assert_int_equal(bo_search(g, pos, NULL, &lim, tt, NULL, NULL, &a, err, sizeof err), 0);
        bo_tt_clear(tt);
        assert_int_equal(bo_search(g, pos, NULL, &lim, tt, NULL, NULL, &b, err, sizeof err), 0);
        bo_tt_free(tt);
        assert_int_equal(a.pv[0], b.pv[0]);
        assert_int_equal(a.score, b.score);
        assert_int_equal(a.nodes, b.nodes);
        if (a.nodes > 20000 + BO_MAX_PLY) fail_msg("%s: %llu nodes for a limit of 20000", g->name, (unsigned long long)a.nodes);
        /* The move is legal. */
        bo_move moves[BO_MOVES_MAX];
        int k = g->legal(pos, moves), found = 0;
        for (int j = 0; j < k; j++) found |= moves[j] == a.pv[0];
        assert_true(found);
    }
}

static void test_no_move(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("draughts");
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    char err[256];
    assert_int_equal(g->from_text(pos, NULL, "W:W:B23", err, sizeof err), 0);
    bo_tt *tt = bo_tt_new(1);
    bo_limits lim = {.depth = 3};
    bo_search_info info;
    assert_int_equal(bo_search(g, pos, NULL, &lim, tt, NULL, NULL, &info, err, sizeof err), -1);
    assert_true(strstr(err, "no legal move") != NULL);
    bo_tt_free(tt);
}

/* The line's history reaches the search: red (a chariot against two chariots and two
 * horses) has checked on every move of a cycle that has come round twice; checking
 * again repeats the position a third time, and under RULES.md 1 (ccgc) the side that
 * checked throughout loses.  Without the line the check looks like a saving draw (the
 * search plays a9a8 from the same position given alone); given the line, it must play
 * something else: the rules judge (the descriptor's result over the line) decides. */
static void test_perpetual_avoided(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("xiangqi");
    static const char *line[] = {"a7a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8"};
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    char err[256];
    assert_int_equal(g->from_text(pos, NULL, "9/4k4/R8/7nn/9/7rr/4P4/9/9/2BAKAB2 w - - 0 1", err, sizeof err), 0);
    bo_hist h;
    assert_int_equal(bo_hist_init(&h, 64), 0);
    bo_hist_reset(&h, g->hash(pos));
    for (size_t i = 0; i < sizeof line / sizeof line[0]; i++) {
        bo_move m;
        if (g->move_from_text(pos, line[i], &m, err, sizeof err) != 0) fail_msg("%s: %s", line[i], err);
        g->play(pos, m, undo, &h);
    }
    /* The check that ends the game: the rules judge says red loses by it. */
    bo_move check;
    assert_int_equal(g->move_from_text(pos, "a9a8", &check, err, sizeof err), 0);
    g->play(pos, check, undo, &h);
    bo_result r = g->result(pos, &h);
    assert_int_equal(r.how, BO_END_PERPETUAL);
    assert_int_equal(r.winner, 1);
    g->unplay(pos, check, undo, &h);
    bo_tt *tt = bo_tt_new(4);
    bo_limits lim = {.depth = 6};
    bo_search_info info;
    assert_int_equal(bo_search(g, pos, &h, &lim, tt, NULL, NULL, &info, err, sizeof err), 0);
    g->play(pos, info.pv[0], undo, &h);
    r = g->result(pos, &h);
    if (r.how != BO_END_NONE && r.winner != 0) fail_msg("the search chose a move that loses by the rules");
    bo_tt_free(tt);
    bo_hist_free(&h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_forced_wins),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_no_move),
        cmocka_unit_test(test_perpetual_avoided),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
