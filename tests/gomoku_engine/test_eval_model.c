/* test_eval_model.c -- the pattern engine's evaluation as a trainable model (gm_pat.h:
 * gmp_eval, gmp_features; the descriptor's eval_model, `boyi train --game gomoku`).
 *
 *  - Linear: on the positions of real games (the two 2019 contest games of
 *    data/gomoku/contest-utf8.txt, every ply), of the corpus
 *    (../shared/corpus/renju/forbidden-cases.txt) and of seeded self-play games of the
 *    engine (renju, freestyle, standard), the features times the weights equal the
 *    evaluation the search computes: the board's incremental tallies through the
 *    combination tables of those weights (gmp_eval), for the compiled-in weights and
 *    for seeded random ones; the descriptor's evaluate_with gives the same, and
 *    bo_eval_features the same features.  The tallies under random weights also equal
 *    a fresh set-up's (gmp_verify).
 *  - Kinds of player: under renju the features fall on the renju-black and renju-white
 *    weights only (the side to move's at MOVER, the other's at OTHER), under freestyle
 *    and standard on the FR weights only.
 *  - The search with the compiled-in weights given as bo_limits.eval searches exactly
 *    as without them; with other weights it searches otherwise. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "gm_desc.h"
#include "gm_pat.h"
#include "gm_test_util.h"
#include "search.h"

#ifndef BOYI_SOURCE_DIR
#define BOYI_SOURCE_DIR "."
#endif

/* splitmix64: every random choice takes the seed. */
static uint64_t rnd(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

typedef struct weights {
    int w[GMP_NWEIGHTS];
    gmp_tables *t;          /* the weights' combination tables */
} weights;

/* The compiled-in weights (SEED 0) or seeded random ones of either sign. */
static void weights_make(weights *ws, uint64_t seed)
{
    for (int i = 0; i < GMP_NWEIGHTS; i++)
        ws->w[i] = seed ? (int)(rnd(&seed) % 401) - 150 : gmp_weight_defaults[i];
    ws->t = malloc(sizeof *ws->t);
    assert_non_null(ws->t);
    gmp_tables_build(ws->t, ws->w);
}

typedef struct tally {
    long positions, nonzero;
} tally;

/* Features times W (exact: the features are whole numbers, the sums far below 2^53). */
static double dot(const float *f, const int *w)
{
    double s = 0;
    for (int i = 0; i < GMP_NWEIGHTS; i++) s += (double)f[i] * w[i];
    return s;
}

/* The checks of the file comment on one position: P is the board reached by placing
 * the game's stones one by one (its tallies incremental) under WS's tables. */
static void check_position(const gm_pat_board *p, const weights *ws, const char *what, int ply, tally *t)
{
    const bo_game *g = bo_game_by_name("gomoku");
    float f[GMP_NWEIGHTS];
    gmp_features(p, f);
    int v = gmp_eval(p);
    double want = dot(f, ws->w);
    if (fabs(want) < BO_SCORE_WIN_MIN - 1 && (double)v != want)
        fail_msg("%s ply %d: features x weights = %.0f, the evaluation %d", what, ply, want, v);
    int bad = gmp_verify(p);
    if (bad) fail_msg("%s ply %d: the tallies differ from a fresh set-up's at %d", what, ply, bad);
    /* the kinds of player: renju black and white, or FR */
    int mover = p->b.to_move == GM_BLACK ? 0 : 1;
    for (int i = 0; i < GMP_NWEIGHTS; i++) {
        if (f[i] == 0) continue;
        int r = i / (2 * GMP_TERMS), side = i / GMP_TERMS % 2;
        int colour = p->b.rules == GM_RENJU ? (r == GMP_ROLE_RB ? 0 : r == GMP_ROLE_RW ? 1 : -1) : (r == GMP_ROLE_FR ? mover ^ side : -1);
        if (colour < 0 || (p->b.rules == GM_RENJU && (colour == mover) != (side == 0)))
            fail_msg("%s ply %d: feature %s set", what, ply, gmp_weight_names[i]);
        if ((side == 0) != (f[i] > 0)) fail_msg("%s ply %d: feature %s has the wrong sign", what, ply, gmp_weight_names[i]);
    }
    /* the descriptor: evaluate_with and the features bo_eval_features gives */
    BO_ALIGNED unsigned char buf[BO_POS_MAX];
    gm_dpos *d = (gm_dpos *)buf;
    memset(d, 0, sizeof *d);
    d->b = p->b;
    d->last = -1;
    assert_non_null(g->eval_model);
    assert_int_equal(g->eval_model->evaluate_with(d, ws->w), v);
    bo_feature feat[GMP_NWEIGHTS];
    int scratch[GMP_NWEIGHTS];
    int n = bo_eval_features(g, d, scratch, feat);
    double sum = 0;
    for (int i = 0; i < n; i++) sum += (double)feat[i].value * ws->w[feat[i].index];
    if (fabs(want) < BO_SCORE_WIN_MIN - 1) assert_true(sum == want);
    t->positions++;
    t->nonzero += v != 0;
}

/* Plays the points M (N of them, black first) on a board of RULES under each weights
 * set, checking every position on the way (and again after taking the last ten back). */
static void check_game(const int *m, int n, gm_rules rules, const weights *ws, int nws, const char *what, tally *t)
{
    gm_pat_board *p = malloc(sizeof *p);
    assert_non_null(p);
    for (int k = 0; k < nws; k++) {
        gm_board b;
        gm_board_init(&b, 15, rules);
        gmp_init_with(p, &b, ws[k].t);
        for (int i = 0; i < n; i++) {
            gmp_place(p, m[i], i % 2 ? GM_WHITE : GM_BLACK);
            check_position(p, &ws[k], what, i + 1, t);
        }
        for (int i = n - 1; i >= 0 && i >= n - 10; i--) {
            gmp_remove(p, m[i]);
            check_position(p, &ws[k], what, i, t);
        }
    }
    free(p);
}

/* The games of a contest file ("B(H,8);W(H,7);...", one game a line): the points of
 * each into M, their counts into LEN; returns how many games. */
static int contest_games(const char *path, int m[][GMP_CELLS], int *len, int max)
{
    FILE *f = fopen(path, "r");
    if (!f) fail_msg("cannot open %s", path);
    char line[16384];
    int n = 0;
    while (n < max && fgets(line, sizeof line, f)) {
        len[n] = 0;
        for (char *s = line; (s = strstr(s, "(")) != NULL; s++) {
            if (s == line || (s[-1] != 'B' && s[-1] != 'W') || !isalpha((unsigned char)s[1]) || s[2] != ',') continue;
            int x = toupper((unsigned char)s[1]) - 'A', y = atoi(s + 3) - 1;
            if (x >= 0 && x < 15 && y >= 0 && y < 15) m[n][len[n]++] = y * 15 + x;
        }
        if (len[n] > 0) n++;
    }
    fclose(f);
    return n;
}

static void test_real_games(void **state)
{
    (void)state;
    weights ws[3];
    weights_make(&ws[0], 0);
    weights_make(&ws[1], 11);
    weights_make(&ws[2], 12);
    static int m[4][GMP_CELLS];
    int len[4];
    int n = contest_games(BOYI_SOURCE_DIR "/data/gomoku/contest-utf8.txt", m, len, 4);
    assert_true(n >= 2);
    tally t = {0, 0};
    for (int i = 0; i < n; i++) {
        assert_true(len[i] >= 40);
        check_game(m[i], len[i], GM_RENJU, ws, 3, "contest game", &t);
    }
    fprintf(stderr, "contest games: %d, %ld positions, %ld with a non-zero evaluation\n", n, t.positions, t.nonzero);
    assert_true(t.nonzero > t.positions / 2);
    for (int k = 0; k < 3; k++) free(ws[k].t);
}

static void test_corpus_positions(void **state)
{
    (void)state;
    weights ws[2];
    weights_make(&ws[0], 0);
    weights_make(&ws[1], 21);
    FILE *f = fopen(BOYI_SHARED_DIR "/corpus/renju/forbidden-cases.txt", "r");
    if (!f) fail_msg("cannot open the corpus");
    char line[8192];
    gm_board b;
    gm_pat_board *p = malloc(sizeof *p);
    assert_non_null(p);
    tally t = {0, 0};
    bool open = false;
    while (fgets(line, sizeof line, f)) {
        if (!open && (strncmp(line, "black:", 6) == 0 || strncmp(line, "white:", 6) == 0)) {
            gm_board_init(&b, 15, GM_RENJU);
            open = true;
        }
        if (strncmp(line, "black:", 6) == 0) assert_int_equal(gt_put(&b, line + 6, GM_BLACK), 0);
        else if (strncmp(line, "white:", 6) == 0) assert_int_equal(gt_put(&b, line + 6, GM_WHITE), 0);
        else if (strncmp(line, "forbidden:", 10) == 0 && open) {
            open = false;
            for (int side = 0; side < 2; side++) {
                b.to_move = side ? GM_WHITE : GM_BLACK;
                for (int k = 0; k < 2; k++) {
                    gmp_init_with(p, &b, ws[k].t);
                    check_position(p, &ws[k], "corpus case", 0, &t);
                }
            }
        }
    }
    fclose(f);
    free(p);
    fprintf(stderr, "corpus: %ld positions\n", t.positions);
    assert_true(t.positions >= 24);
    for (int k = 0; k < 2; k++) free(ws[k].t);
}

/* Self-play of the engine at depth 2 from seeded random first stones near the centre. */
static void test_selfplay_games(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("gomoku");
    static const char *const rules[] = {"renju", "freestyle", "standard"};
    static const gm_rules rule_ids[] = {GM_RENJU, GM_FREESTYLE, GM_STANDARD};
    weights ws[2];
    weights_make(&ws[0], 0);
    weights_make(&ws[1], 31);
    tally t = {0, 0};
    int games = getenv("BOYI_SANITIZED") ? 3 : 6;
    bo_tt *tt = bo_tt_new(1);
    assert_non_null(tt);
    for (int gi = 0; gi < games; gi++) {
        uint64_t seed = 500 + (uint64_t)gi;
        BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
        char err[256];
        assert_int_equal(g->start(pos, rules[gi % 3], err, sizeof err), 0);
        int m[GMP_CELLS], n = 0;
        while (g->to_move(pos) >= 0 && n < 120) {
            bo_move mv;
            if (n < 3) {   /* a seeded opening: points within two of the centre */
                bo_move legal[BO_MOVES_MAX];
                int nl = g->legal(pos, legal), k = 0;
                bo_move near[BO_MOVES_MAX];
                for (int i = 0; i < nl; i++) {
                    int x = (int)legal[i] % 15 - 7, y = (int)legal[i] / 15 - 7;
                    if (x >= -2 && x <= 2 && y >= -2 && y <= 2) near[k++] = legal[i];
                }
                assert_true(k > 0);
                mv = near[rnd(&seed) % (uint64_t)k];
            } else {
                bo_limits lim = {.depth = 2, .threads = 1};
                bo_search_info info;
                assert_int_equal(bo_search(g, pos, NULL, &lim, tt, NULL, NULL, &info, err, sizeof err), 0);
                mv = info.pv[0];
            }
            m[n++] = (int)mv;
            g->play(pos, mv, undo, NULL);
            if (g->result(pos, NULL).how != BO_END_NONE) break;
        }
        char what[64];
        snprintf(what, sizeof what, "self-play game %d (%s)", gi, rules[gi % 3]);
        check_game(m, n, rule_ids[gi % 3], ws, 2, what, &t);
    }
    bo_tt_free(tt);
    fprintf(stderr, "self-play: %d games, %ld positions\n", games, t.positions);
    assert_true(t.positions > 100);
    for (int k = 0; k < 2; k++) free(ws[k].t);
}

/* The search with bo_limits.eval: the compiled-in weights as without; others otherwise. */
static void test_search_with_weights(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("gomoku");
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    char err[256];
    assert_int_equal(g->from_text(pos, "renju", "black: h8 g9 j7; white: h9 i9", err, sizeof err), 0);
    int other[GMP_NWEIGHTS];
    uint64_t seed = 41;
    for (int i = 0; i < GMP_NWEIGHTS; i++) other[i] = (int)(rnd(&seed) % 301) - 100;
    bo_search_info a, b, c;
    bo_limits lim = {.depth = 4, .threads = 1};
    assert_int_equal(bo_search(g, pos, NULL, &lim, NULL, NULL, NULL, &a, err, sizeof err), 0);
    lim.eval = gmp_weight_defaults;
    assert_int_equal(bo_search(g, pos, NULL, &lim, NULL, NULL, NULL, &b, err, sizeof err), 0);
    lim.eval = other;
    assert_int_equal(bo_search(g, pos, NULL, &lim, NULL, NULL, NULL, &c, err, sizeof err), 0);
    assert_int_equal(a.score, b.score);
    assert_int_equal(a.nodes, b.nodes);
    assert_int_equal(a.pv[0], b.pv[0]);
    assert_true(a.score != c.score || a.nodes != c.nodes);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_real_games),
        cmocka_unit_test(test_corpus_positions),
        cmocka_unit_test(test_selfplay_games),
        cmocka_unit_test(test_search_with_weights),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
