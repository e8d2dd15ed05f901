/* test_search_threats.c -- the alpha-beta search over the Gomoku descriptor sees wins by
 * continuous fours at its leaves, without the root threat solvers: the quiescence
 * search plays fives, the only block of a five, and fours, and the evaluation calls a
 * five that cannot be stopped a win.
 *
 * Truth from outside: Rapfi's announced wins for the positions (see
 * test_rapfi_truth.c for how it was asked), and the minimax-proved three-ply VCF of
 * tests/core/test_vcf.c.  A position without any four for either side is the control:
 * there the search must not claim a win. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "game.h"
#include "search.h"

/* The evaluation's "nearly won" bound (gm_eval.h GM_EVAL_WIN3). */
enum { NEAR_WIN = 20000 };

typedef struct leaf_case {
    const char *rules, *position, *first;   /* first: the only winning move (Rapfi's), or NULL */
    int win;                                 /* 1: a VCF exists; 0: the control */
} leaf_case;

static const leaf_case cases[] = {
    /* Corpus renju/forbidden-cases.txt case 3: Rapfi h6, +M5 (h6 g6 h5 h4 h9). */
    {"renju", "black: f9 g9 h8 h7 i6 j6 k6; white: h11 f10 g8 i8 g7 i7 l6; to-move: black", "h6", 1},
    /* test_vcf.c: freestyle, a three-ply VCF (minimax); g7, g8 and k8 all win. */
    {"freestyle", "black: h8 i8 j8 a15 e5 f6; white: h10 i10 a1 o1 b2 c3", NULL, 1},
    /* Renju, white: the four's only block is a double four for black (Rapfi f5, +M3). */
    {"renju", "black: b5 g6 g7 g8 h6 i7 j8; white: c5 d5 e5 a15 o15 o1", "f5", 1},
    /* The control: two stones each, no four anywhere. */
    {"renju", "black: h8 i9; white: h9 i8", NULL, 0},
};

static void test_leaf_vcf(void **state)
{
    (void)state;
    const bo_game *real = bo_game_by_name("gomoku");
    bo_game g = *real;
    g.root_solver = NULL;          /* the alpha-beta alone */
    bo_tt *tt = bo_tt_new(4);
    assert_non_null(tt);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const leaf_case *c = &cases[i];
        BO_ALIGNED unsigned char pos[BO_POS_MAX];
        char err[256], text[16];
        assert_int_equal(g.from_text(pos, c->rules, c->position, err, sizeof err), 0);
        bo_limits lim = {.depth = 1, .threads = 1};
        bo_search_info info;
        bo_tt_clear(tt);
        assert_int_equal(bo_search(&g, pos, NULL, &lim, tt, NULL, NULL, &info, err, sizeof err), 0);
        g.move_to_text(pos, info.pv[0], text, sizeof text);
        if (c->win) {
            if (info.score < NEAR_WIN) fail_msg("%s: depth 1 scores %d, a VCF exists", c->position, info.score);
            if (c->first && strcmp(text, c->first) != 0) fail_msg("%s: %s played, %s wins", c->position, text, c->first);
        } else if (info.score >= NEAR_WIN) {
            fail_msg("%s: a win claimed (%d) where there is none", c->position, info.score);
        }
    }
    bo_tt_free(tt);
}

/* With the root solvers, the VCF is a proved mate: N-1 fours and the five, N moves. */
static void test_root_mate(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("gomoku");
    bo_tt *tt = bo_tt_new(4);
    static const int plies[] = {5, 3, 3};
    for (int i = 0; i < 3; i++) {
        BO_ALIGNED unsigned char pos[BO_POS_MAX];
        char err[256];
        assert_int_equal(g->from_text(pos, cases[i].rules, cases[i].position, err, sizeof err), 0);
        bo_limits lim = {.depth = 2, .threads = 1};
        bo_search_info info;
        assert_int_equal(bo_search(g, pos, NULL, &lim, tt, NULL, NULL, &info, err, sizeof err), 0);
        assert_int_equal(info.win_plies, plies[i]);
        assert_int_equal(bo_score_to_moves(info.win_plies), (plies[i] + 1) / 2);
    }
    bo_tt_free(tt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_leaf_vcf),
        cmocka_unit_test(test_root_mate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
