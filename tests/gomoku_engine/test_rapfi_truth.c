/* test_rapfi_truth.c -- positions where an outside engine, Rapfi, announces a win, and
 * our engine must find one too.
 *
 * Truth: Rapfi 0.43.02 (github dhbloo/rapfi, built without changes, its classical
 * evaluation from the internal config: no neural network), one thread, renju rules,
 * asked through its piskvork protocol:
 *     START 15 / INFO rule 4 / INFO timeout_turn 500 / INFO thread_num 1 /
 *     BOARD <the stones in move order> DONE
 * Each row records the move Rapfi answered and the win it announced in its
 * "MESSAGE ... Eval +Mn" line: a win in n plies (n = 1: the five, which Rapfi plays at
 * once without an Eval line).  The positions come from the games of our engine against
 * Rapfi at 100 ms a move (docs/engine-gomoku.md: the last plies of games Rapfi won),
 * and one from the corpus (../shared/corpus/renju/forbidden-cases.txt, case 3); the
 * corpus holds no Gomoku game records.
 *
 * Checked here: the VCT solver finds a win for the side to move in every position
 * (and its line replays under the rules to a five of that side); where Rapfi's win
 * takes at most 5 plies, the alpha-beta search (depth 4, one thread) scores a win too,
 * in no fewer plies than Rapfi's (Rapfi's are proved minima only if it searched them
 * out, so fewer would be a bug of ours), and at n = 1 its move makes the five. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "game.h"
#include "search.h"

typedef struct truth {
    const char *position;
    const char *rapfi_move;
    int rapfi_plies;         /* Rapfi's "+Mn" */
} truth;

static const truth rows[] = {
    {"black: h8 f6 g9 i6 g6 g8 i11 j7 g5 f10 j10 e11 j9 l10 e3; white: h9 i9 i7 i10 h6 i8 g10 h10 g7 k10 k9 d12 j8 g11; to-move: white", "f12", 1}, /* match game 0, 1 plies before its end */
    {"black: h8 f6 g9 i6 g6 g8 i11 j7 g5 f10 j10 e11 j9 l10; white: h9 i9 i7 i10 h6 i8 g10 h10 g7 k10 k9 d12 j8; to-move: white", "g11", 3}, /* match game 0, 3 plies before its end */
    {"black: h8 f6 g9 i6 g6 g8 i11 j7 g5 f10 j10 e11 j9; white: h9 i9 i7 i10 h6 i8 g10 h10 g7 k10 k9 d12; to-move: white", "j8", 5}, /* match game 0, 5 plies before its end */
    {"black: h8 f6 g9 i6 g6 g8 i11 j7 g5 f10 j10 e11; white: h9 i9 i7 i10 h6 i8 g10 h10 g7 k10 k9; to-move: white", "d12", 7}, /* match game 0, 7 plies before its end */
    {"black: h8 f6 g9 i6 g6 g8 i11 j7 g5 f10 j10; white: h9 i9 i7 i10 h6 i8 g10 h10 g7 k10; to-move: white", "k9", 9}, /* match game 0, 9 plies before its end */
    {"black: h8 f6 g9 i6 g10 f8 e7 h7 i11 g8 k6 d8 c9; white: h9 i9 i7 i8 g7 f7 j7 i10 h10 l5 j5 e8 h3; to-move: black", "b10", 1}, /* match game 1, 1 plies before its end */
    {"black: h8 f6 g9 i6 g10 f8 e7 h7 i11 g8 k6 d8; white: h9 i9 i7 i8 g7 f7 j7 i10 h10 l5 j5 e8; to-move: black", "c9", 3}, /* match game 1, 3 plies before its end */
    {"black: h8 f6 g9 i6 g10 f8 e7 h7 i11 g8 k6; white: h9 i9 i7 i8 g7 f7 j7 i10 h10 l5 j5; to-move: black", "d8", 5}, /* match game 1, 5 plies before its end */
    {"black: h8 f6 g9 i6 g10 f8 e7 h7 i11 g8; white: h9 i9 i7 i8 g7 f7 j7 i10 h10 l5; to-move: black", "k6", 7}, /* match game 1, 7 plies before its end */
    {"black: h8 f6 g9 i6 g10 f8 e7 h7 i11; white: h9 i9 i7 i8 g7 f7 j7 i10 h10; to-move: black", "g8", 9}, /* match game 1, 9 plies before its end */
    {"black: h8 f7 g9 f8 i10 g10 h7 l6 j4; white: h9 i9 i7 i8 j7 k7 j8 g11; to-move: white", "h10", 1}, /* match game 2, 1 plies before its end */
    {"black: h8 f7 g9 f8 i10 g10 h7 l6; white: h9 i9 i7 i8 j7 k7 j8; to-move: white", "g11", 3}, /* match game 2, 3 plies before its end */
    {"black: h8 f7 g9 f8 i10 g10 h7; white: h9 i9 i7 i8 j7 k7; to-move: white", "j8", 5}, /* match game 2, 5 plies before its end */
    {"black: h8 f7 g9 f8 i10 g10; white: h9 i9 i7 i8 j7; to-move: white", "k7", 7}, /* match game 2, 7 plies before its end */
    {"black: h8 f7 g9 f8 i10; white: h9 i9 i7 i8; to-move: white", "j7", 11}, /* match game 2, 9 plies before its end */
    {"black: h8 f7 g7 f9 k9 f8 h6 h7 i6 i11 g8; white: h9 g9 i9 j9 i8 f10 i5 i7 i10 g10 g3; to-move: black", "e10", 1}, /* match game 3, 1 plies before its end */
    {"black: h8 f7 g7 f9 k9 f8 h6 h7 i6 i11; white: h9 g9 i9 j9 i8 f10 i5 i7 i10 g10; to-move: black", "g8", 3}, /* match game 3, 3 plies before its end */
    {"black: h8 f7 g7 f9 k9 f8 h6 h7 i6; white: h9 g9 i9 j9 i8 f10 i5 i7 i10; to-move: black", "i11", 7}, /* match game 3, 5 plies before its end */
    {"black: h8 f7 g7 f9 k9 f8 h6 h7; white: h9 g9 i9 j9 i8 f10 i5 i7; to-move: black", "i6", 9}, /* match game 3, 7 plies before its end */
    {"black: h8 f7 g7 f9 k9 f8 h6; white: h9 g9 i9 j9 i8 f10 i5; to-move: black", "h7", 11}, /* match game 3, 9 plies before its end */
    {"black: h8 f8 g10 i10 h10 g9 g8 a1 b1 c1; white: h9 i8 i7 j9 j10 e7 g11 j7 j8; to-move: white", "j11", 1}, /* match game 4, 1 plies before its end */
    {"black: h8 f8 g10 i10 h10 g9 g8 a1 b1; white: h9 i8 i7 j9 j10 e7 g11 j7; to-move: white", "j8", 3}, /* match game 4, 3 plies before its end */
    {"black: h8 f8 f7 g9 h7 c12 g7 i7 f10; white: h9 g8 f9 e10 d11 g10 e7 j7 c5; to-move: black", "e11", 1}, /* match game 5, 1 plies before its end */
    {"black: h8 f8 f7 g9 h7 c12 g7 i7; white: h9 g8 f9 e10 d11 g10 e7 j7; to-move: black", "f10", 3}, /* match game 5, 3 plies before its end */
    {"black: h8 f8 f7 g9 h7 c12 g7; white: h9 g8 f9 e10 d11 g10 e7; to-move: black", "i7", 5}, /* match game 5, 5 plies before its end */
    {"black: h8 f8 f7 g9 h7 c12; white: h9 g8 f9 e10 d11 g10; to-move: black", "g7", 7}, /* match game 5, 7 plies before its end */
    {"black: h8 f9 f11 e10 d9 e9 g11 c9 c8 j11 h10 i12 k9 a5; white: h9 g10 f10 g8 g12 g9 i10 b9 b7 i11 i9 j9 h11; to-move: white", "f13", 1}, /* match game 6, 1 plies before its end */
    {"black: h8 f9 f11 e10 d9 e9 g11 c9 c8 j11 h10 i12 k9; white: h9 g10 f10 g8 g12 g9 i10 b9 b7 i11 i9 j9; to-move: white", "h11", 3}, /* match game 6, 3 plies before its end */
    {"black: h8 f9 f11 e10 d9 e9 g11 c9 c8 j11 h10 i12; white: h9 g10 f10 g8 g12 g9 i10 b9 b7 i11 i9; to-move: white", "j9", 5}, /* match game 6, 5 plies before its end */
    {"black: h8 f9 f11 e10 d9 e9 g11 c9 c8 j11 h10; white: h9 g10 f10 g8 g12 g9 i10 b9 b7 i11; to-move: white", "i9", 7}, /* match game 6, 7 plies before its end */
    {"black: h8 f9 f11 e10 d9 e9 g11 c9 c8 j11; white: h9 g10 f10 g8 g12 g9 i10 b9 b7; to-move: white", "i11", 9}, /* match game 6, 9 plies before its end */
    {"black: h8 f9 f7 e8 g7 i8 e7 g9 d13 g13 d9 c10; white: h9 g8 f8 g10 f11 g12 g11 e12 g14 h7 d11 c5; to-move: black", "b11", 1}, /* match game 7, 1 plies before its end */
    {"black: h8 f9 f7 e8 g7 i8 e7 g9 d13 g13 d9; white: h9 g8 f8 g10 f11 g12 g11 e12 g14 h7 d11; to-move: black", "c10", 3}, /* match game 7, 3 plies before its end */
    {"black: h8 f9 f7 e8 g7 i8 e7 g9 d13 g13; white: h9 g8 f8 g10 f11 g12 g11 e12 g14 h7; to-move: black", "d9", 7}, /* match game 7, 5 plies before its end */
    {"black: h8 f9 f7 e8 g7 i8 e7 g9 d13; white: h9 g8 f8 g10 f11 g12 g11 e12 g14; to-move: black", "g13", 9}, /* match game 7, 7 plies before its end */
    {"black: h8 f9 f7 e8 g7 i8 e7 g9; white: h9 g8 f8 g10 f11 g12 g11 e12; to-move: black", "d13", 11}, /* match game 7, 9 plies before its end */
    {"black: f9 g9 h8 h7 i6 j6 k6; white: h11 f10 g8 i8 g7 i7 l6; to-move: black", "h6", 5}, /* corpus renju/forbidden-cases.txt, case 3 */
};

enum { NROWS = sizeof rows / sizeof rows[0] };

static const bo_solver *solver(const bo_game *g, const char *name)
{
    for (const bo_solver *s = g->solvers; s && s->name; s++)
        if (strcmp(s->name, name) == 0) return s;
    return NULL;
}

/* The line is legal move by move (the defender's free moves skipped) and ends with the
 * attacker's five. */
static void replay_to_five(const bo_game *g, const truth *t, const bo_solution *sol)
{
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    char err[256];
    assert_int_equal(g->from_text(pos, "renju", t->position, err, sizeof err), 0);
    int me = g->to_move(pos);
    bo_move last = sol->line[sol->len - 1];
    for (int i = 0; i < sol->len; i++) {
        bo_move m = sol->line[i];
        if (m == BO_MOVE_ANY) {
            /* The defender may play anything: a legal point not on the line's rest. */
            bo_move moves[BO_MOVES_MAX];
            int n = g->legal(pos, moves), k = n - 1;
            for (int j = 0; j < n; j++) {
                bool used = false;
                for (int q = i + 1; q < sol->len; q++) used |= moves[j] == sol->line[q];
                if (!used) { k = j; break; }
            }
            assert_true(n > 0);
            m = moves[k];
        } else {
            bo_move legal[BO_MOVES_MAX];
            int n = g->legal(pos, legal), found = 0;
            for (int k = 0; k < n; k++) found |= legal[k] == m;
            if (!found) fail_msg("%s: move %d of the line is not legal", t->position, i + 1);
        }
        g->play(pos, m, undo, NULL);
        bo_result r = g->result(pos, NULL);
        if (m == last && i == sol->len - 1) {
            if (r.how != BO_END_FIVE || r.winner != me) fail_msg("%s: the line does not end in a five", t->position);
        } else if (r.how != BO_END_NONE) {
            fail_msg("%s: the game ends early, at move %d", t->position, i + 1);
        }
    }
}

static void test_vct_finds_rapfi_wins(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("gomoku");
    const bo_solver *vct = solver(g, "vct");
    assert_non_null(vct);
    int same = 0;
    for (int i = 0; i < NROWS; i++) {
        BO_ALIGNED unsigned char pos[BO_POS_MAX];
        char err[256], text[16];
        assert_int_equal(g->from_text(pos, "renju", rows[i].position, err, sizeof err), 0);
        bo_solution sol;
        assert_int_equal(vct->run(pos, 0, 300000, &sol, err, sizeof err), 0);
        if (!sol.found) fail_msg("%s: Rapfi wins in %d plies, our VCT finds nothing", rows[i].position, rows[i].rapfi_plies);
        replay_to_five(g, &rows[i], &sol);
        g->move_to_text(pos, sol.line[0], text, sizeof text);
        same += strcmp(text, rows[i].rapfi_move) == 0;
    }
    printf("VCT: %d of %d first moves are Rapfi's\n", same, NROWS);
}

static void test_search_finds_short_wins(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("gomoku");
    bo_tt *tt = bo_tt_new(8);
    assert_non_null(tt);
    for (int i = 0; i < NROWS; i++) {
        if (rows[i].rapfi_plies > 5) continue;
        BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
        char err[256];
        assert_int_equal(g->from_text(pos, "renju", rows[i].position, err, sizeof err), 0);
        bo_limits lim = {.depth = 4, .threads = 1};
        bo_search_info info;
        bo_tt_clear(tt);
        assert_int_equal(bo_search(g, pos, NULL, &lim, tt, NULL, NULL, &info, err, sizeof err), 0);
        if (info.win_plies <= 0)
            fail_msg("%s: Rapfi wins in %d plies, the search scores %d", rows[i].position, rows[i].rapfi_plies, info.score);
        if (info.win_plies < rows[i].rapfi_plies)
            fail_msg("%s: a win in %d plies claimed, Rapfi needs %d", rows[i].position, info.win_plies, rows[i].rapfi_plies);
        if (rows[i].rapfi_plies == 1) {
            int me = g->to_move(pos);
            g->play(pos, info.pv[0], undo, NULL);
            bo_result r = g->result(pos, NULL);
            assert_true(r.how == BO_END_FIVE && r.winner == me);
        }
    }
    bo_tt_free(tt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vct_finds_rapfi_wins),
        cmocka_unit_test(test_search_finds_short_wins),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
