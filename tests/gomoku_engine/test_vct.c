/* test_vct.c -- the Renju/Gomoku VCT solver (engine/gomoku/gm_vct.c), through the game
 * descriptor's solver entry as `boyi solve --solver vct` uses it.
 *
 * Every line found is replayed under the rules: each move is legal (renju black never
 * plays a forbidden point), each attacker move but the last leaves a threat (a five
 * point, or a point where one more stone makes a straight four), the game does not end
 * early, and the last move makes five for the attacker.  Where the line says the
 * defender may play anything, the replay plays a point far from every stone.  Short
 * lines (five plies at most, on a small board) are proved by the plain minimax of
 * tests/common, which shares no code with the solver, and shown to be the shortest. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "gm_desc.h"
#include "gomoku.h"
#include "minimax.h"

typedef struct vct_case {
    const char *rules, *position;
    int found;        /* 1: a VCT exists; 0: none */
    int prove;        /* plies for the minimax proof (0: too long to prove that way) */
    const char *never_first;   /* a point the line may not start with (a foul), or NULL */
} vct_case;

static const vct_case cases[] = {
    /* Freestyle on 7x7: e4 makes two open threes (b4 c4 . e4, e2 e3 e4): no single
     * answer stops both, so the straight four and the five follow: five plies. */
    {"freestyle", "black: b4 c4 e2 e3; white: a7 g7 a1 g1; size: 7", 1, 5, NULL},
    /* The same under standard rules (exact five for both): still five plies. */
    {"standard", "black: b4 c4 e2 e3; white: a7 g7 a1 g1; size: 7", 1, 5, NULL},
    /* Renju: j8 would be the same double three, forbidden to black; black must find
     * another way (and does: a longer one through h9). */
    {"renju", "black: g8 h8 j10 j11; white: a1 a2 o15 o14", 1, 0, "j8"},
    /* Renju, white: the four c5-f5 has its only block on g5, a double four for black:
     * the VCF is a VCT too. */
    {"renju", "black: b5 g6 g7 g8 h6 i7 j8; white: c5 d5 e5 a15 o15 o1", 1, 3, NULL},
    /* Two stones each: no threat sequence at all. */
    {"renju", "black: h8 i9; white: h9 i8", 0, 0, NULL},
};

/* Does side S have a five point, or a point where one stone makes a straight four? */
static bool threatens(const gm_board *b, gm_stone s)
{
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            if (b->cell[y][x] != GM_EMPTY) continue;
            for (int d = 0; d < 4; d++) {
                gm_shape sh = gm_shape_at(b, x, y, s, d);
                if (sh == GM_SHAPE_FIVE || sh == GM_SHAPE_FLEX4 || sh == GM_SHAPE_DOUBLE4) return true;
            }
        }
    return false;
}

/* A legal point at distance 3 or more from every stone (the defender's free move). */
static bo_move far_point(const bo_game *g, const void *pos)
{
    const gm_board *b = &((const gm_dpos *)pos)->b;
    bo_move moves[BO_MOVES_MAX];
    int n = g->legal(pos, moves);
    for (int i = 0; i < n; i++) {
        int x = (int)moves[i] % b->size, y = (int)moves[i] / b->size;
        bool clear = true;
        for (int dy = -2; dy <= 2 && clear; dy++)
            for (int dx = -2; dx <= 2 && clear; dx++) clear = gm_at(b, x + dx, y + dy) == GM_EMPTY;
        if (clear) return moves[i];
    }
    return n ? moves[n - 1] : BO_MOVE_ANY;
}

static void replay(const bo_game *g, const vct_case *c, const bo_solution *sol)
{
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    char err[256];
    assert_int_equal(g->from_text(pos, c->rules, c->position, err, sizeof err), 0);
    const gm_board *b = &((const gm_dpos *)pos)->b;
    int me = g->to_move(pos);
    gm_stone att = me == 0 ? GM_BLACK : GM_WHITE;
    assert_true(sol->len == sol->plies && sol->len % 2 == 1);
    for (int i = 0; i < sol->len; i++) {
        bo_move m = sol->line[i];
        if (m == BO_MOVE_ANY) {
            assert_true(i % 2 == 1);
            m = far_point(g, pos);
        }
        bo_move legal[BO_MOVES_MAX];
        int n = g->legal(pos, legal), found = 0;
        for (int k = 0; k < n; k++) found |= legal[k] == m;
        if (!found) fail_msg("%s: move %d of the line is not legal", c->position, i + 1);
        g->play(pos, m, undo, NULL);
        bo_result r = g->result(pos, NULL);
        if (i == sol->len - 1) {
            if (r.how != BO_END_FIVE || r.winner != me) fail_msg("%s: the line does not end in a five", c->position);
        } else if (r.how != BO_END_NONE) {
            fail_msg("%s: the game ends early, at move %d", c->position, i + 1);
        } else if (i % 2 == 0 && !threatens(b, att)) {
            fail_msg("%s: attacker move %d threatens nothing", c->position, i + 1);
        }
    }
}

static const bo_solver *solver(const bo_game *g, const char *name)
{
    for (const bo_solver *s = g->solvers; s && s->name; s++)
        if (strcmp(s->name, name) == 0) return s;
    return NULL;
}

static void test_vct_cases(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("gomoku");
    const bo_solver *vct = solver(g, "vct");
    assert_non_null(vct);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const vct_case *c = &cases[i];
        BO_ALIGNED unsigned char pos[BO_POS_MAX];
        char err[256];
        if (g->from_text(pos, c->rules, c->position, err, sizeof err) != 0) fail_msg("%s: %s", c->position, err);
        bo_solution sol;
        assert_int_equal(vct->run(pos, 8, 0, &sol, err, sizeof err), 0);
        if (!c->found) {
            if (sol.found) fail_msg("%s: a VCT was found where none exists", c->position);
            assert_false(sol.budget_out);
            continue;
        }
        if (!sol.found) fail_msg("%s: no VCT found", c->position);
        replay(g, c, &sol);
        if (c->never_first) {
            char text[16];
            g->move_to_text(pos, sol.line[0], text, sizeof text);
            if (strcmp(text, c->never_first) == 0) fail_msg("%s: the line starts on the foul %s", c->position, text);
        }
        if (c->prove) {
            int me = g->to_move(pos);
            if (sol.plies != c->prove) fail_msg("%s: %d plies, %d expected", c->position, sol.plies, c->prove);
            assert_true(bo_test_wins_within(g, pos, c->prove, me));
            if (c->prove > 1) assert_false(bo_test_wins_within(g, pos, c->prove - 2, me));
        }
    }
}

/* The foul of the renju case is a real one (the rules module says so): the test above
 * means something only if j8 is forbidden there. */
static void test_vct_foul_is_foul(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("gomoku");
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    char err[256];
    bo_move m;
    assert_int_equal(g->from_text(pos, "renju", cases[2].position, err, sizeof err), 0);
    assert_int_not_equal(g->move_from_text(pos, "j8", &m, err, sizeof err), 0);
    assert_non_null(strstr(err, "double-three"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vct_cases),
        cmocka_unit_test(test_vct_foul_is_foul),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
