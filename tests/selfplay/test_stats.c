/* test_stats.c -- sp_stats against fishtest's own statistics.
 *
 * Every expected figure below was printed by fishtest's Python code (the
 * official-stockfish/fishtest repository, server/fishtest/stats/, commit b8eecff of
 * 2026-08-22, run with scipy): stat_util.get_elo(results) for elo, elo95 and LOS;
 * the nElo and its 95% half-width as fishtest's results page computes them
 * (template_helpers.py: LLRcalc.stats_ex, t_conf, nelo_divided_by_nt, / sqrt 2 for
 * pairs); LLRcalc.LLR_logistic(elo0, elo1, results) and LLRcalc.LLR_normalized(elo0,
 * elo1, results).  The first two samples are fishtest's own examples in
 * stat_util.py's __main__; the others are small, lopsided or zero-holding batches. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "sp_stats.h"

typedef struct sample {
    double c[5];
    int n;
    double elo0, elo1;
    double elo, elo95, los, nelo, nelo95, llr_logistic, llr_normalized;
} sample;

static const sample samples[] = {
    {{10789, 19328, 33806, 19402, 10543}, 5, -3, 1, -0.7735773359, 1.277579896, 0.117658858, -0.9516290045, 1.571622677, 2.131067812, 0.3008697855},
    {{1187, 7410, 13475, 7378, 1164}, 5, -3, 1, -0.4426077992, 1.729859028, 0.3080138791, -0.7041412082, 2.751992394, 2.861527181, 0.6002660735},
    {{12, 40, 100, 45, 15}, 5, 0, 5, 9.015682119, 22.32455468, 0.7861025564, 13.37976596, 33.09904527, 0.2515717183, 0.1907761974},
    {{0, 3, 20, 9, 2}, 5, 0, 5, 51.45466353, 42.50433845, 0.9922464329, 101.9729698, 77.81568463, 0.4851405171, 0.2597078044},
    {{30, 10, 5, 2, 1}, 5, -10, 0, -292.9575039, 96.09154958, 5.024055277e-23, -347.915138, 160.6104293, -1.279296088, -1.533533976},
    {{591, 2163, 716}, 3, 0, 6, 12.52110905, 7.092605277, 0.9997334526, 20.42825114, 11.57504506, 4.361801249, 3.000625848},
    {{65804, 56553, 65388}, 3, -3, 1, -0.7698390909, 1.313742841, 0.1253755527, -0.9209398978, 1.571595431, 2.049042618, 0.4917117763},
    {{5, 3, 40}, 3, 0, 10, 322.053896, 157.5729528, 1, 397.6825521, 219.4985723, 1.054127745, 1.020595044},
};

/* Relative agreement to 1e-6 (fishtest's root finder stops at 2e-12 in x), or 1e-12
 * absolute for figures that are themselves tiny. */
static void near(double got, double want, const char *what, int i)
{
    double tol = fmax(1e-6 * fabs(want), 1e-12);
    if (fabs(got - want) > tol) fail_msg("sample %d: %s = %.12g, fishtest says %.12g", i, what, got, want);
}

static void test_against_fishtest(void **state)
{
    (void)state;
    for (int i = 0; i < (int)(sizeof samples / sizeof samples[0]); i++) {
        const sample *s = &samples[i];
        sp_counts k = {.n = s->n};
        for (int j = 0; j < s->n; j++) k.c[j] = s->c[j];
        sp_summary sum;
        assert_int_equal(sp_summarise(&k, &sum), 0);
        near(sum.elo, s->elo, "elo", i);
        near(sum.elo95, s->elo95, "elo95", i);
        near(sum.los, s->los, "los", i);
        near(sum.nelo, s->nelo, "nelo", i);
        near(sum.nelo95, s->nelo95, "nelo95", i);
        char err[128];
        sp_sprt_result r;
        sp_sprt t = {.elo0 = s->elo0, .elo1 = s->elo1, .alpha = 0.05, .beta = 0.05, .model = SP_MODEL_LOGISTIC};
        assert_int_equal(sp_sprt_llr(&k, &t, &r, err, sizeof err), 0);
        near(r.llr, s->llr_logistic, "llr (logistic)", i);
        t.model = SP_MODEL_NORMALIZED;
        assert_int_equal(sp_sprt_llr(&k, &t, &r, err, sizeof err), 0);
        near(r.llr, s->llr_normalized, "llr (normalized)", i);
    }
}

/* The bounds are ln(beta/(1-alpha)) and ln((1-beta)/alpha): -2.944 and 2.944 at 5%. */
static void test_bounds_and_state(void **state)
{
    (void)state;
    sp_counts k = {.c = {591, 2163, 716}, .n = 3};
    sp_sprt t = {.elo0 = 0, .elo1 = 6, .alpha = 0.05, .beta = 0.05};
    sp_sprt_result r;
    char err[128];
    assert_int_equal(sp_sprt_llr(&k, &t, &r, err, sizeof err), 0);
    assert_true(fabs(r.lower - log(0.05 / 0.95)) < 1e-12);
    assert_true(fabs(r.upper - log(0.95 / 0.05)) < 1e-12);
    assert_int_equal(r.state, SP_SPRT_ACCEPT_H1);   /* 4.36 > 2.94 */
    sp_counts even = {.c = {100, 300, 200, 300, 100}, .n = 5};
    assert_int_equal(sp_sprt_llr(&even, &t, &r, err, sizeof err), 0);
    assert_true(r.llr < 0);
}

static void test_phi_inv(void **state)
{
    (void)state;
    /* Published quantiles of the standard normal. */
    assert_true(fabs(sp_phi_inv(0.975) - 1.959963984540054) < 1e-13);
    assert_true(fabs(sp_phi_inv(0.5)) < 1e-15);
    assert_true(fabs(sp_phi_inv(0.001) + 3.090232306167813) < 1e-12);
}

static void test_parse(void **state)
{
    (void)state;
    sp_counts k;
    sp_sprt t;
    char err[160];
    assert_int_equal(sp_counts_parse("1,2,3,4,5", &k, err, sizeof err), 0);
    assert_int_equal(k.n, 5);
    assert_true(k.c[4] == 5);
    assert_int_equal(sp_counts_parse("1,2", &k, err, sizeof err), -1);
    assert_int_equal(sp_counts_parse("1,-2,3", &k, err, sizeof err), -1);
    assert_int_equal(sp_counts_parse("1,2,3,4,5,6", &k, err, sizeof err), -1);
    assert_int_equal(sp_sprt_parse("elo0=0 elo1=5 model=normalized", &t, err, sizeof err), 0);
    assert_int_equal(t.model, SP_MODEL_NORMALIZED);
    assert_true(t.alpha == 0.05 && t.elo1 == 5);
    assert_int_equal(sp_sprt_parse("elo0=5 elo1=0", &t, err, sizeof err), -1);
    assert_int_equal(sp_sprt_parse("elo1=5", &t, err, sizeof err), -1);
    assert_int_equal(sp_sprt_parse("elo0=0 elo1=5 model=bayes", &t, err, sizeof err), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_fishtest),
        cmocka_unit_test(test_bounds_and_state),
        cmocka_unit_test(test_phi_inv),
        cmocka_unit_test(test_parse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
