/* test_vcf.c -- the Renju/Gomoku VCF solver (engine/gomoku/gm_threat.c), through the
 * game descriptor's solver entry as `boyi solve --vcf` uses it.
 *
 * Every line found is replayed under the rules: each attacker move but the last makes
 * a four (a five point), each defender move is the only block (or, marked "any", the
 * block is forbidden to black), and the last move makes five.  Short lines are also
 * proved by a plain minimax over the descriptor that shares no code with the solver. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "game.h"
#include "minimax.h"
#include "gomoku.h"


typedef struct vcf_case {
    const char *rules, *position;
    int plies;        /* length of the shortest VCF, 0 for none */
} vcf_case;

static const vcf_case cases[] = {
    /* Freestyle: g7 makes the diagonal four e5-f6-g7-h8, open at d4 and i9. */
    {"freestyle", "black: h8 i8 j8 a15 e5 f6; white: h10 i10 a1 o1 b2 c3", 3},
    /* Renju: white's four c5-f5 has its only block on g5, where black would make two
     * fours (column g5-g8, diagonal g5-j8): forbidden, so black cannot stop the five. */
    {"renju", "black: b5 g6 g7 g8 h6 i7 j8; white: c5 d5 e5 a15 o15 o1", 3},
    /* Renju: a five at once. */
    {"renju", "black: h8 i8 j8 k8 a15; white: g8 a1 o1 o15 b2", 1},
    /* Two stones each: no four can be made at all. */
    {"renju", "black: h8 i9; white: h9 i8", 0},
};

static void check_line(const bo_game *g, const vcf_case *c, const bo_solution *sol)
{
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    char err[256];
    assert_int_equal(g->from_text(pos, c->rules, c->position, err, sizeof err), 0);
    int me = g->to_move(pos);
    for (int i = 0; i < sol->len; i++) {
        bo_move m = sol->line[i];
        if (i % 2 == 1) {
            /* The defender: the only block, or "any" when the block is forbidden. */
            bo_move moves[BO_MOVES_MAX];
            int n = g->legal(pos, moves);
            if (m == BO_MOVE_ANY) {
                /* Every legal reply still loses to the five that follows. */
                bo_move five = sol->line[i + 1];
                for (int k = 0; k < n; k++) assert_true(moves[k] != five);
                g->play(pos, moves[0], undo, NULL);
                continue;
            }
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
        }
    }
}

static void test_vcf_cases(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("gomoku");
    const bo_solver *vcf = NULL;
    for (const bo_solver *s = g->solvers; s && s->name; s++)
        if (strcmp(s->name, "vcf") == 0) vcf = s;
    assert_non_null(vcf);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const vcf_case *c = &cases[i];
        BO_ALIGNED unsigned char pos[BO_POS_MAX];
        char err[256];
        if (g->from_text(pos, c->rules, c->position, err, sizeof err) != 0) fail_msg("%s: %s", c->position, err);
        bo_solution sol;
        assert_int_equal(vcf->run(pos, 0, 0, &sol, err, sizeof err), 0);
        if (c->plies == 0) {
            if (sol.found) fail_msg("%s: a VCF was found where none exists", c->position);
            assert_false(sol.budget_out);
            continue;
        }
        if (!sol.found || sol.plies != c->plies)
            fail_msg("%s: VCF of %d plies expected, found %d (%d)", c->position, c->plies, sol.plies, sol.found);
        check_line(g, c, &sol);
        /* The independent proof: a forced win in that many plies, none shorter. */
        int me = g->to_move(pos);
        if (c->plies <= 3) {
            assert_true(bo_test_wins_within(g, pos, c->plies, me));
            if (c->plies > 1) assert_false(bo_test_wins_within(g, pos, c->plies - 2, me));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vcf_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
