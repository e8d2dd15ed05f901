/* test_train.c -- the trainer (selfplay/sp_train.h) and the weights files and data
 * reading of selfplay/sp_train_data.h.
 *
 * - A set whose best weights are known (targets made from chosen weights through the
 *   model's own logistic) is fitted from zero: the weights come back.
 * - The same seed gives the same weights, bit for bit, on one thread or three.
 * - A weights file written reads back; a file that breaks its rules is refused with
 *   the line at fault; a file of the model's older model (xiangqi-terms-1 for -2) loads
 *   with the newer weights 0, and is held to the older model's rules.
 * - Xiangqi's features (found by probing its evaluation) times its weights give its
 *   evaluation, for the positions of a few seeded random games. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "game.h"
#include "sp_train.h"
#include "sp_train_data.h"

enum { NW = 5, NPOS = 3000 };
static const double known[NW] = {120, -45, 30, 260, -8};

/* A set whose targets are the model's prediction under KNOWN: fitting from zero must
 * find KNOWN (the loss's only minimum, the features being independent). */
static void known_set(sp_train_set *s, double scale, uint64_t seed)
{
    sp_train_set_init(s);
    for (int i = 0; i < NPOS; i++) {
        bo_feature f[NW];
        int n = 0;
        double e = 0;
        for (int k = 0; k < NW; k++) {
            uint64_t r = bo_splitmix64(&seed);
            if (r % 3 == 0) continue;   /* sparse: a third of the features absent */
            float v = (float)((int)((r >> 8) % 7) - 3);   /* -3..3 */
            if (v == 0) continue;
            f[n++] = (bo_feature){k, v};
            e += known[k] * v;
        }
        double t = 1.0 / (1.0 + pow(10.0, -e / scale));
        assert_int_equal(sp_train_add(s, f, n, (float)t), 0);
    }
}

static void test_recovers_known_weights(void **state)
{
    (void)state;
    sp_train_set s;
    const double scale = 550;
    known_set(&s, scale, 42);
    double w[NW] = {0};
    double before = sp_train_loss(&s, w, scale, 1);
    assert_true(fabs(before - log(2.0)) < 1e-9);   /* all-zero weights predict 1/2 */
    sp_train_params p = {.epochs = 60, .batch = 256, .rate = 4, .scale = scale, .threads = 1, .seed = 7};
    char err[200];
    assert_int_equal(sp_train_fit(&s, NULL, w, NW, &p, NULL, NULL, err, sizeof err), 0);
    for (int k = 0; k < NW; k++) {
        if (fabs(w[k] - known[k]) > 0.5) fprintf(stderr, "weight %d: %.2f, known %.0f\n", k, w[k], known[k]);
        assert_true(fabs(w[k] - known[k]) <= 0.5);
    }
    assert_true(sp_train_loss(&s, w, scale, 1) < before);
    sp_train_set_free(&s);
}

static void test_same_seed_same_weights(void **state)
{
    (void)state;
    sp_train_set s, v;
    known_set(&s, 400, 1);
    known_set(&v, 400, 2);
    double a[NW] = {0}, b[NW] = {0}, c[NW] = {0};
    sp_train_params p = {.epochs = 3, .batch = 1000, .scale = 400, .threads = 1, .seed = 99};
    char err[200];
    assert_int_equal(sp_train_fit(&s, &v, a, NW, &p, NULL, NULL, err, sizeof err), 0);
    assert_int_equal(sp_train_fit(&s, &v, b, NW, &p, NULL, NULL, err, sizeof err), 0);
    p.threads = 3;
    assert_int_equal(sp_train_fit(&s, &v, c, NW, &p, NULL, NULL, err, sizeof err), 0);
    assert_memory_equal(a, b, sizeof a);
    assert_memory_equal(a, c, sizeof a);
    /* another seed, another order: other weights (the test would pass on an unused seed otherwise) */
    double d[NW] = {0};
    p.seed = 100;
    assert_int_equal(sp_train_fit(&s, &v, d, NW, &p, NULL, NULL, err, sizeof err), 0);
    assert_true(memcmp(a, d, sizeof a) != 0);
    assert_true(sp_train_loss(&s, a, 400, 3) == sp_train_loss(&s, a, 400, 1));
    sp_train_set_free(&s);
    sp_train_set_free(&v);
}

static const char *const toy_names[] = {"ALPHA", "BETA", "GAMMA"};
static const int toy_defaults[] = {1, 2, 3};
static int toy_eval(const void *pos, const int *w) { (void)pos; return w[0]; }
static const bo_eval_model toy = {.id = "toy-1", .nweights = 3, .names = toy_names, .defaults = toy_defaults,
                                  .evaluate_with = toy_eval};
/* toy-2: toy-0's ALPHA and BETA, then GAMMA; a toy-0 file gives the first two. */
static int toy_old_weight(const char *name, int *out)
{
    for (int i = 0; i < 2; i++)
        if (strcmp(name, toy_names[i]) == 0) { out[0] = i; return 1; }
    return 0;
}
static const bo_eval_model toy2 = {.id = "toy-2", .nweights = 3, .names = toy_names, .defaults = toy_defaults,
                                   .evaluate_with = toy_eval,
                                   .old = {{.id = "toy-0", .weight = toy_old_weight, .nweights = 2}}};

/* A file of the older model loads, the newer weights 0; one that breaks the older
 * model's rules (a newer weight, a missing older one) is refused with the line. */
static void test_weights_older_model(void **state)
{
    (void)state;
    int r[3] = {5, 5, 5};
    char err[300] = "";
    const char *old = "boyi-weights toy-0\nBETA -2\nALPHA 4\n";
    assert_int_equal(sp_weights_parse(old, strlen(old), &toy2, r, err, sizeof err), 0);
    assert_int_equal(r[0], 4);
    assert_int_equal(r[1], -2);
    assert_int_equal(r[2], 0);
    const char *now = "boyi-weights toy-2\nALPHA 1\nBETA 2\nGAMMA 3\n";
    assert_int_equal(sp_weights_parse(now, strlen(now), &toy2, r, err, sizeof err), 0);
    assert_int_equal(r[2], 3);
    static const struct { const char *text, *want; } bad[] = {
        {"boyi-weights toy-0\nALPHA 1\nBETA 2\nGAMMA 3\n", "line 4: 'GAMMA' is not a weight of toy-0"},
        {"boyi-weights toy-0\nALPHA 1\n", "BETA is missing (every weight of toy-0 is given)"},
        {"boyi-weights toy-1\nALPHA 1\n", "line 1: these are 'toy-1' weights; this game's evaluation takes 'toy-2' (or 'toy-0')"},
        {"boyi-weights toy-0 sparse\nALPHA 1\n", NULL},
        {"boyi-weights toy-2\nALPHA 1\nBETA 2\n", "GAMMA is missing (every weight of toy-2 is given)"},
        {"boyi-weights toy-0\nALPHA 1\nBETA 2\n", NULL},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        int rc = sp_weights_parse(bad[i].text, strlen(bad[i].text), &toy2, r, err, sizeof err);
        if (!bad[i].want) { assert_int_equal(rc, 0); continue; }
        assert_int_equal(rc, -1);
        if (!strstr(err, bad[i].want)) fprintf(stderr, "case %zu: '%s'\n", i, err);
        assert_non_null(strstr(err, bad[i].want));
    }
    /* a model without an older one refuses the older file as before */
    assert_int_equal(sp_weights_parse(old, strlen(old), &toy, r, err, sizeof err), -1);
}

/* Parse TEXT; the error's text into ERR (or "" on success). */
static int parse(const char *text, int *w, char *err, size_t n)
{
    err[0] = 0;
    return sp_weights_parse(text, strlen(text), &toy, w, err, n);
}

static void test_weights_file(void **state)
{
    (void)state;
    int w[3] = {-7, 0, 99999}, r[3] = {0};
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    sp_weights_write(f, &toy, w);
    fclose(f);
    char err[300];
    assert_int_equal(sp_weights_parse(buf, len, &toy, r, err, sizeof err), 0);
    assert_memory_equal(w, r, sizeof w);
    assert_string_equal(buf, "boyi-weights toy-1\nALPHA -7\nBETA 0\nGAMMA 99999\n");
    free(buf);
    /* comments, blank lines, CRLF */
    assert_int_equal(parse("# made by hand\r\nboyi-weights toy-1\r\n\r\nGAMMA 3 # last\r\nALPHA 1\r\nBETA -2\r\n", r, err, sizeof err), 0);
    assert_int_equal(r[1], -2);
    static const struct { const char *text, *want; } bad[] = {
        {"ALPHA 1\n", "line 1: a weights file begins 'boyi-weights toy-1'"},
        {"boyi-weights xiangqi-terms-1\n", "line 1: these are 'xiangqi-terms-1' weights"},
        {"boyi-weights toy-1\nALPHA 1\nBETA 2\nALPHA 3\nGAMMA 4\n", "line 4: ALPHA again (first on line 2)"},
        {"boyi-weights toy-1\nALPHA 1\nDELTA 2\n", "line 3: 'DELTA' is not a weight of toy-1"},
        {"boyi-weights toy-1\nALPHA 1\nBETA 2x\n", "line 3: BETA takes a whole number"},
        {"boyi-weights toy-1\nALPHA 1\nBETA 2 3\n", "line 3: expected 'NAME VALUE'"},
        {"boyi-weights toy-1\nALPHA 1\nGAMMA 2\n", "BETA is missing"},
        {"", "not a weights file"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(parse(bad[i].text, r, err, sizeof err), -1);
        if (!strstr(err, bad[i].want)) fprintf(stderr, "case %zu: '%s'\n", i, err);
        assert_non_null(strstr(err, bad[i].want));
    }
}

/* Play seeded random games of Xiangqi: at every position the features times the
 * engine's weights (and times other weights, of the terms and the piece-square tables)
 * give the evaluation, to within the one rounding of the endgame share; and the model's
 * own features (xq_eval_features: the tables counted directly) are those that probing
 * the evaluation one weight at a time finds. */
static void test_xiangqi_features(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("xiangqi");
    assert_non_null(g);
    const bo_eval_model *m = g->eval_model;
    assert_non_null(m);
    int *scratch = malloc((size_t)m->nweights * sizeof *scratch), *other = malloc((size_t)m->nweights * sizeof *other);
    bo_feature *f = malloc((size_t)m->nweights * sizeof *f), *probed = malloc((size_t)m->nweights * sizeof *probed);
    double *dense = calloc((size_t)m->nweights, sizeof *dense);
    assert_true(scratch && other && f && probed && dense);
    assert_non_null(m->features);
    bo_eval_model by_probe = *m;   /* the same model without its features: probed */
    by_probe.features = NULL;
    bo_game probing = *g;
    probing.eval_model = &by_probe;
    long table_features = 0, threat_features = 0;
    uint64_t rng = 5;
    for (int i = 0; i < m->nweights; i++) other[i] = (int)(bo_splitmix64(&rng) % 401) - 200;
    long checked = 0;
    for (int game = 0; game < 6; game++) {
        BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
        char err[100];
        assert_int_equal(g->start(pos, NULL, err, sizeof err), 0);
        for (int ply = 0; ply < 120; ply++) {
            if (g->to_move(pos) == BO_PLAYER_TERMINAL) break;
            bo_move moves[BO_MOVES_MAX];
            int n = g->legal(pos, moves);
            if (n == 0) break;
            int nf = bo_eval_features(g, pos, scratch, f);
            assert_true(nf > 0 && nf <= m->nweights);
            int np = bo_eval_features(&probing, pos, scratch, probed);
            for (int k = 0; k < nf; k++) {
                assert_true(f[k].index >= 0 && f[k].index < m->nweights);
                assert_true(dense[f[k].index] == 0);   /* each weight once */
                dense[f[k].index] = f[k].value;
                table_features += f[k].index >= m->old[1].nweights && f[k].index < m->old[0].nweights;
                threat_features += f[k].index >= m->old[0].nweights;   /* past the tables */
            }
            for (int k = 0; k < np; k++) {
                if (fabs(dense[probed[k].index] - probed[k].value) > 1e-6)
                    fprintf(stderr, "game %d ply %d: weight %d: feature %.4f, probed %.4f\n", game, ply, probed[k].index,
                            dense[probed[k].index], (double)probed[k].value);
                assert_true(fabs(dense[probed[k].index] - probed[k].value) <= 1e-6);
                dense[probed[k].index] = 0;
            }
            for (int k = 0; k < nf; k++) assert_true(dense[f[k].index] == 0);   /* none the probe missed */
            for (int pass = 0; pass < 2; pass++) {
                const int *w = pass ? other : m->defaults;
                double dot = 0;
                for (int k = 0; k < nf; k++) dot += w[f[k].index] * (double)f[k].value;
                int e = pass ? m->evaluate_with(pos, w) : g->evaluate(pos);
                if (fabs(dot - e) > 1.0) fprintf(stderr, "game %d ply %d: features give %.3f, evaluation %d\n", game, ply, dot, e);
                assert_true(fabs(dot - e) <= 1.0);
            }
            checked++;
            g->play(pos, moves[bo_splitmix64(&rng) % (uint64_t)n], undo, NULL);
        }
    }
    assert_true(checked > 300);
    assert_true(table_features > checked);   /* the piece-square tables are features */
    assert_true(threat_features > checked / 4);   /* and the threat terms */
    free(probed);
    free(dense);
    free(scratch);
    free(other);
    free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_recovers_known_weights),
        cmocka_unit_test(test_same_seed_same_weights),
        cmocka_unit_test(test_weights_file),
        cmocka_unit_test(test_weights_older_model),
        cmocka_unit_test(test_xiangqi_features),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
