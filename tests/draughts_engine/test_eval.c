/* test_eval.c -- the draughts evaluation's symmetry: the position with colours swapped
 * (white's pieces black's and back, square s becoming 51 - s, the other side to move)
 * is the same position seen from the other side, so it must score the same for the
 * side to move.  Checked on every position of real games
 * (../shared/corpus/draughts/archives/games-10.pdn) and on hand-made endings. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "dr_eval.h"
#include "dr_pdn.h"
#include "dr_test_util.h"
#include "game.h"
#include "text.h"


static void check_symmetric(const dr_pos *p)
{
    dr_pos q = dr_test_turned(p);
    if (dr_evaluate(p) != dr_evaluate(&q)) {
        char a[DR_FEN_MAX], b[DR_FEN_MAX];
        dr_pos_to_fen(p, a, sizeof a);
        dr_pos_to_fen(&q, b, sizeof b);
        fail_msg("%s scores %d, its colour swap %s scores %d", a, dr_evaluate(p), b, dr_evaluate(&q));
    }
}

typedef struct walk { int positions; } walk;

/* Each position of the game: symmetric, and counted. */
static void check_counted(void *ctx, const dr_pos *p)
{
    check_symmetric(p);
    ((walk *)ctx)->positions++;
}

static int on_game(dr_pdn_game *g, void *ctx)
{
    dr_test_each_position(&g->rec, check_counted, ctx);
    return 0;
}

static void test_corpus_symmetry(void **state)
{
    (void)state;
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_load(&t, BOYI_SHARED_DIR "/corpus/draughts/archives/games-10.pdn", err, sizeof err), 0);
    walk w = {0};
    assert_int_equal(dr_pdn_read(t.data, t.len, on_game, &w, err, sizeof err), 0);
    bo_text_free(&t);
    assert_true(w.positions > 1000);
}

static void test_start_and_endings(void **state)
{
    (void)state;
    static const char *const fens[] = {
        "W:W31-50:B1-20", "B:W31-50:B1-20", "W:WK2,K5:B12,22,39", "B:W28,K46:BK5",
        "W:W6,17,18,38,41:B8,14,24,34,36", "B:W10,16,19,28,31,33,46:B7,8,12,17,26,37,42",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        dr_pos p;
        char err[200];
        assert_int_equal(dr_pos_from_fen(&p, fens[i], NULL, err, sizeof err), 0);
        check_symmetric(&p);
    }
    /* The start position is its own colour swap: level for either side to move. */
    dr_pos p;
    dr_pos_start(&p, DR_WHITE);
    assert_int_equal(dr_evaluate(&p), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_symmetry),
        cmocka_unit_test(test_start_and_endings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
