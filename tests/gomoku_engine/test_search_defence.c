/* test_search_defence.c -- the pattern engine's pruning (reverse futility and the null
 * move of gm_pvs.c, both kept off where the other side has a winning point or a
 * four-three) never skips the defence against the other side's victory by continuous
 * fours.
 *
 * The positions are from boyi's own renju self-play (seeded random openings, 20,000
 * nodes a move): in each the other side, were it to move, would win by continuous
 * fours (the VCF solver proves it), the side to move has no such win of its own, and a
 * move that leaves the other side no VCF exists (the engine of main found one at every
 * depth from 2 to 6).  Checked here: at every depth from 2 to 6 the engine's move
 * leaves the other side no VCF the solver finds in 20,000 nodes. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "game.h"
#include "search.h"

static const char *const positions[] = {
    "black: h8 g10 g9 g7 i9 f9 h11 g11 j11 e9 e6; white: h10 i8 i7 g8 f6 h9 i12 i10 f11 f7; to-move: white",
    "black: h8 g10 g9 g7 i9 f10 f9 h7 e6 e9 j10 j8; white: h10 i8 i7 g8 f6 g6 j9 h6 g5 h9 k11 f7; to-move: black",
    "black: h8 g10 g9 g7 i9 f10 f9 h7 e6 e9 j10 j8 e11; white: h10 i8 i7 g8 f6 g6 j9 h6 g5 h9 k11 f7 d12; "
    "to-move: black",
    "black: h8 j12 j8 j9 i8 k10 l8 l9; white: h10 i9 k9 j10 g8 h7 k8; to-move: white",
    "black: h8 j12 j8 j9 i8 k10 l8 l9 l7 m8 k7; white: h10 i9 k9 j10 g8 h7 k8 l11 l6 j11; to-move: white",
    "black: h8 j12 j8 j9 i8 k11 l11 l8 k10 l9 k12; white: h10 i9 k9 j10 g8 h7 i11 k8 m12 l10 g10; to-move: black",
    "black: h8 j12 j8 j9 i8 k11 l11 l8 k10 l9 k12 i10 g7; white: h10 i9 k9 j10 g8 h7 i11 k8 m12 l10 g10 g9 e9; "
    "to-move: black",
    "black: h8 g10 g9 g7 i9 f10 f9 h7 e6 e9; white: h10 i8 i7 g8 f6 g6 j9 h6 g5 h9; to-move: black",
    "black: h8 j12 j8 j9 i8 k11 l11; white: h10 i9 k9 j10 g8 h7 i11; to-move: black",
    "black: h8 g10 g9 g7 i9 f9 h11 g11; white: h10 i8 i7 g8 f6 h9 i12 i10; to-move: black",
};

static const bo_solver *solver(const bo_game *g, const char *name)
{
    for (const bo_solver *s = g->solvers; s && s->name; s++)
        if (strcmp(s->name, name) == 0) return s;
    return NULL;
}

/* Does the side to move at POS win by continuous fours (within 20,000 nodes)? */
static bool vcf_wins(const bo_solver *vcf, const void *pos)
{
    bo_solution sol;
    char err[256];
    assert_int_equal(vcf->run(pos, 0, 20000, &sol, err, sizeof err), 0);
    return sol.found && sol.value > 0;
}

/* POS with the other side to move (the same stones). */
static void turned(const bo_game *g, const char *text, void *pos)
{
    char buf[512], err[256];
    snprintf(buf, sizeof buf, "%s", text);
    char *t = strstr(buf, "to-move: ");
    assert_non_null(t);
    t += strlen("to-move: ");
    const char *other = strncmp(t, "black", 5) == 0 ? "white" : "black";
    memcpy(t, other, 5);
    assert_int_equal(g->from_text(pos, "renju", buf, err, sizeof err), 0);
}

static void test_defends_vcf(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("gomoku");
    const bo_solver *vcf = solver(g, "vcf");
    assert_non_null(vcf);
    bo_tt *tt = bo_tt_new(4);
    assert_non_null(tt);
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        BO_ALIGNED unsigned char pos[BO_POS_MAX], other[BO_POS_MAX];
        char err[256], text[16];
        assert_int_equal(g->from_text(pos, "renju", positions[i], err, sizeof err), 0);
        /* the premises: the other side's VCF, none for the side to move */
        turned(g, positions[i], other);
        if (!vcf_wins(vcf, other)) fail_msg("%s: the other side has no VCF", positions[i]);
        if (vcf_wins(vcf, pos)) fail_msg("%s: the side to move has a VCF", positions[i]);
        for (int depth = 2; depth <= 6; depth++) {
            bo_limits lim = {.depth = depth, .threads = 1};
            bo_search_info info;
            bo_tt_clear(tt);
            assert_int_equal(bo_search(g, pos, NULL, &lim, tt, NULL, NULL, &info, err, sizeof err), 0);
            BO_ALIGNED unsigned char after[BO_POS_MAX];
            memcpy(after, pos, sizeof after);
            BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
            g->move_to_text(pos, info.pv[0], text, sizeof text);
            g->play(after, info.pv[0], undo, NULL);
            if (vcf_wins(vcf, after))
                fail_msg("%s: depth %d plays %s, after which the other side wins by fours", positions[i], depth, text);
        }
    }
    bo_tt_free(tt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defends_vcf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
