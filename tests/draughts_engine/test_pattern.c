/* test_pattern.c -- the draughts pattern evaluation (engine/draughts/dr_pattern.h):
 * on every position of real games (../shared/corpus/draughts/archives/games-10.pdn)
 * and under seeded random weights, (1) the features times the weights are the
 * evaluation (exactly: their sum in DRP_PHASE_MAX-ths, or 8 x DRP_PHASE_MAX-ths in a
 * drawish ending, truncated as the evaluation's one division does), through the
 * descriptor as `boyi train` reads them, the two sets (middle game, ending) mixed by
 * the pieces on the board; (2) the evaluation is colour-symmetric (the
 * position turned round, square s to 51 - s, colours and side to move swapped, scores
 * the same for the side to move); (3) black's view of a region is white's view of the
 * position turned round.  Also: the regions are 4x4 blocks of the board, every weight's
 * name reads back to its index (and draughts-patterns-1's names to both sets' copies),
 * the phase mix (all middle game at 40 pieces, all ending with none), and the
 * compiled-in weights are the engine's. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "dr_pattern.h"
#include "dr_pdn.h"
#include "dr_test_util.h"
#include "game.h"
#include "text.h"


static int *random_weights(uint64_t seed)
{
    int *w = malloc(DRP_NWEIGHTS * sizeof *w);
    assert_non_null(w);
    for (int i = 0; i < DRP_NWEIGHTS; i++) w[i] = (int)(bo_splitmix64(&seed) % 401) - 200;
    return w;
}

typedef struct walk {
    const int *w[2];
    int positions, drawish, kings;
} walk;

static void check_position(walk *k, const dr_pos *p)
{
    const bo_eval_model *m = dr_game_desc.eval_model;
    bo_feature f[DRP_MAX_FEATURES];
    char fen[DR_FEN_MAX];
    dr_pos_to_fen(p, fen, sizeof fen);
    int n = m->features(p, f);
    assert_true(n >= 0 && n <= m->max_features);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (f[i].index == f[j].index) fail_msg("%s: feature %d twice", fen, f[i].index);
    /* a feature's value is a whole number of D-ths: the sum in D-ths is exact */
    long long d = dr_eval_drawish(p) ? 8 * DRP_PHASE_MAX : DRP_PHASE_MAX;
    for (int i = 0; i < n; i++)
        if (fabs(f[i].value * (double)d - llround(f[i].value * (double)d)) > 1e-3)
            fail_msg("%s: feature %d's value %f is not in %lld-ths", fen, f[i].index, f[i].value, d);
    for (int s = 0; s < 2; s++) {
        long long sum = 0;
        for (int i = 0; i < n; i++) sum += (long long)k->w[s][f[i].index] * llround(f[i].value * (double)d);
        int e = m->evaluate_with(p, k->w[s]);
        if (sum / d != e) fail_msg("%s: features x weights %lld/%lld, evaluation %d (weights %d)", fen, sum, d, e, s);
        dr_pos q = dr_test_turned(p);
        if (m->evaluate_with(&q, k->w[s]) != e) fail_msg("%s: %d, turned round %d", fen, e, m->evaluate_with(&q, k->w[s]));
    }
    for (int t = 0; t < DRP_REGIONS; t++) {
        dr_pos q = dr_test_turned(p);
        assert_int_equal(drp_region_index(p, t, true), drp_region_index(&q, t, false));
    }
    k->positions++;
    k->drawish += dr_eval_drawish(p);
    k->kings += p->kings != 0;
}

static void check_walked(void *ctx, const dr_pos *p)
{
    check_position(ctx, p);
}

static int on_game(dr_pdn_game *g, void *ctx)
{
    dr_test_each_position(&g->rec, check_walked, ctx);
    return 0;
}

static void test_corpus(void **state)
{
    (void)state;
    walk k = {{random_weights(1), random_weights(2)}, 0, 0, 0};
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_load(&t, BOYI_SHARED_DIR "/corpus/draughts/archives/games-10.pdn", err, sizeof err), 0);
    assert_int_equal(dr_pdn_read(t.data, t.len, on_game, &k, err, sizeof err), 0);
    bo_text_free(&t);
    /* endings the games may not reach: drawish ones (the eighth), kings of both sides */
    static const char *const fens[] = {"W:WK2,K5:B12,22,39", "B:W28,K46:BK5", "W:WK10,K20,30:BK41", "B:WK3:BK48,7,K19"};
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        dr_pos p;
        assert_int_equal(dr_pos_from_fen(&p, fens[i], NULL, err, sizeof err), 0);
        check_position(&k, &p);
    }
    assert_true(k.positions > 1000);
    assert_true(k.drawish >= 2 && k.kings > 50);
    free((void *)k.w[0]);
    free((void *)k.w[1]);
}

/* Each region: 8 distinct dark squares, two in each of four consecutive rows, all
 * within four consecutive columns; white's regions lie on rows 4-9. */
static void test_regions(void **state)
{
    (void)state;
    for (int t = 0; t < DRP_REGIONS; t++) {
        int sq[DRP_REGION_SQUARES], rmin = 99, rmax = -1, cmin = 99, cmax = -1;
        drp_region_squares(t, sq);
        for (int k = 0; k < DRP_REGION_SQUARES; k++) {
            assert_true(sq[k] >= 1 && sq[k] <= 50);
            for (int j = 0; j < k; j++) assert_int_not_equal(sq[j], sq[k]);
            int r = (sq[k] - 1) / 5, c = 2 * ((sq[k] - 1) % 5) + (r % 2 == 0);
            rmin = r < rmin ? r : rmin; rmax = r > rmax ? r : rmax;
            cmin = c < cmin ? c : cmin; cmax = c > cmax ? c : cmax;
        }
        assert_int_equal(rmax - rmin, 3);
        assert_int_equal(cmax - cmin, 3);
        assert_true(rmin >= 4);
        /* a lone white man on the region's square k indexes 3^k */
        for (int k = 0, pw = 1; k < DRP_REGION_SQUARES; k++, pw *= 3) {
            dr_pos p = {0};
            p.white = UINT64_C(1) << (sq[k] - 1);
            assert_int_equal(drp_region_index(&p, t, false), pw);
            p.black = p.white;
            p.white = 0;
            assert_int_equal(drp_region_index(&p, t, false), 2 * pw);
        }
    }
}

static void test_names(void **state)
{
    (void)state;
    char name[64];
    for (int i = 0; i < DRP_NWEIGHTS; i++) {
        drp_weight_name(i, name, sizeof name);
        if (drp_weight_index(name) != i) fail_msg("weight %d is named %s, which reads as %d", i, name, drp_weight_index(name));
        assert_int_equal(strncmp(name, i < DRP_EG ? "mg_" : "eg_", 3), 0);
        /* the one-set model's name (without mg_/eg_) sets both copies */
        int old[BO_OLD_WEIGHT_MAX];
        assert_int_equal(drp_model1_weight(name + 3, old), 2);
        assert_int_equal(old[0], i % DRP_SET);
        assert_int_equal(old[1], DRP_EG + i % DRP_SET);
    }
    static const char *const bad[] = {"mg_man0", "eg_man51", "mg_man05", "eg_king", "mg_kings1", "mg_p8_00000000", "eg_p0_0000000",
                                      "mg_p0_00000003", "eg_p0_000000000", "", "mg_", "pattern", "men", "p0_00000000",
                                      "xg_men", "mg_mg_men", "mgmen", "MG_men"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (drp_weight_index(bad[i]) != -1) fail_msg("'%s' reads as weight %d", bad[i], drp_weight_index(bad[i]));
    int old[BO_OLD_WEIGHT_MAX];
    static const char *const bad1[] = {"mg_men", "eg_p0_00000000", "man0", "p8_00000000", ""};
    for (size_t i = 0; i < sizeof bad1 / sizeof bad1[0]; i++)
        if (drp_model1_weight(bad1[i], old) != 0) fail_msg("'%s' reads as a draughts-patterns-1 weight", bad1[i]);
    const bo_eval_model *m = dr_game_desc.eval_model;
    assert_string_equal(m->id, "draughts-patterns-2");
    assert_string_equal(m->old[0].id, "draughts-patterns-1");
    assert_null(m->old[1].id);
}

/* The phase: a weight of the middle game's set counts whole with 40 pieces or more on
 * the board and not at all with none of them (kings only: they are not men, but pieces
 * all the same), the ending's the other way; in between, by the pieces. */
static void test_phase(void **state)
{
    (void)state;
    static const struct { const char *fen; int pieces; } cases[] = {
        {"W:W31-50:B1-20", 40}, {"W:W28,31-50:B1-20", 40}, {"B:W28,31-35,K46:B5,11-14,19", 13}, {"W:WK10:BK41,K45", 3},
    };
    int *w = calloc(DRP_NWEIGHTS, sizeof *w);
    assert_non_null(w);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        dr_pos p;
        char err[200];
        assert_int_equal(dr_pos_from_fen(&p, cases[i].fen, NULL, err, sizeof err), 0);
        int ph = cases[i].pieces < DRP_PHASE_MAX ? cases[i].pieces : DRP_PHASE_MAX;
        assert_int_equal(drp_phase(&p), ph);
        /* material only: a man 400 in the middle game, 800 in the ending; a king 0 and 4000 */
        memset(w, 0, DRP_NWEIGHTS * sizeof *w);
        w[DRP_MG + DR_F_MEN] = 400;
        w[DRP_EG + DR_F_MEN] = 800;
        w[DRP_EG + DR_F_KINGS] = 4000;
        int f[DR_NFEATURES];
        dr_eval_features(&p, f);
        long long white = ((long long)f[DR_F_MEN] * (400 * ph + 800 * (DRP_PHASE_MAX - ph)) +
                           (long long)f[DR_F_KINGS] * 4000 * (DRP_PHASE_MAX - ph)) / DRP_PHASE_MAX;
        if (dr_eval_drawish(&p)) white = ((long long)f[DR_F_MEN] * (400 * ph + 800 * (DRP_PHASE_MAX - ph)) +
                                          (long long)f[DR_F_KINGS] * 4000 * (DRP_PHASE_MAX - ph)) / (8 * DRP_PHASE_MAX);
        assert_int_equal(drp_evaluate_with(&p, w), p.side == DR_WHITE ? white : -white);
    }
    /* the start: every weight of the ending unused */
    dr_pos p;
    char err[200];
    assert_int_equal(dr_pos_from_fen(&p, "W:W31-50:B1-20", NULL, err, sizeof err), 0);
    for (int i = 0; i < DRP_NWEIGHTS; i++) w[i] = i < DRP_EG ? 0 : 1000 + i % 977;
    assert_int_equal(drp_evaluate_with(&p, w), 0);
    w[DRP_MG + DR_F_ADVANCE] = 10;   /* the start is symmetric: still 0 */
    assert_int_equal(drp_evaluate_with(&p, w), 0);
    assert_int_equal(dr_pos_from_fen(&p, "W:W28,31-50:B1-20", NULL, err, sizeof err), 0);
    int f[DR_NFEATURES];
    dr_eval_features(&p, f);
    assert_true(f[DR_F_ADVANCE] > 0);   /* the man on 28 has come forward */
    assert_int_equal(drp_evaluate_with(&p, w), 10 * f[DR_F_ADVANCE]);
    free(w);
}

/* The engine's evaluation of international positions is the model's with its defaults. */
static void test_defaults(void **state)
{
    (void)state;
    const bo_eval_model *m = dr_game_desc.eval_model;
    assert_ptr_equal(m->defaults, drp_default);
    static const char *const fens[] = {"W:W31-50:B1-20", "B:W28,31-35,K46:B5,11-14,19", "W:WK2,K5:B12,22,39"};
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        dr_pos p;
        char err[200];
        assert_int_equal(dr_pos_from_fen(&p, fens[i], NULL, err, sizeof err), 0);
        assert_int_equal(dr_game_desc.evaluate(&p), m->evaluate_with(&p, m->defaults));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus),
        cmocka_unit_test(test_regions),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_phase),
        cmocka_unit_test(test_defaults),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
