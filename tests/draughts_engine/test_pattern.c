/* test_pattern.c -- the draughts pattern evaluation (engine/draughts/dr_pattern.h):
 * on every position of real games (../shared/corpus/draughts/archives/games-10.pdn)
 * and under seeded random weights, (1) the features times the weights are the
 * evaluation (exactly, but for the integer eighth of a drawish ending), through the
 * descriptor as `boyi train` reads them; (2) the evaluation is colour-symmetric (the
 * position turned round, square s to 51 - s, colours and side to move swapped, scores
 * the same for the side to move); (3) black's view of a region is white's view of the
 * position turned round.  Also: the regions are 4x4 blocks of the board, every weight's
 * name reads back to its index, and the compiled-in weights are the engine's. */
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
#include "game.h"
#include "text.h"

extern const bo_game dr_game_desc;

static int *random_weights(uint64_t seed)
{
    int *w = malloc(DRP_NWEIGHTS * sizeof *w);
    assert_non_null(w);
    for (int i = 0; i < DRP_NWEIGHTS; i++) w[i] = (int)(bo_splitmix64(&seed) % 401) - 200;
    return w;
}

static dr_pos turned(const dr_pos *p)
{
    dr_pos q = *p;
    q.white = dr_eval_mirror(p->black);
    q.black = dr_eval_mirror(p->white);
    q.kings = dr_eval_mirror(p->kings);
    q.side = p->side == DR_WHITE ? DR_BLACK : DR_WHITE;
    q.hash = dr_pos_hash(&q);
    return q;
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
    for (int s = 0; s < 2; s++) {
        double sum = 0;
        for (int i = 0; i < n; i++) sum += (double)k->w[s][f[i].index] * f[i].value;
        int e = m->evaluate_with(p, k->w[s]);
        bool eighth = dr_eval_drawish(p);
        if (eighth ? fabs(sum - e) >= 1.0 : sum != (double)e)
            fail_msg("%s: features x weights %.3f, evaluation %d (weights %d)", fen, sum, e, s);
        dr_pos q = turned(p);
        if (m->evaluate_with(&q, k->w[s]) != e) fail_msg("%s: %d, turned round %d", fen, e, m->evaluate_with(&q, k->w[s]));
    }
    for (int t = 0; t < DRP_REGIONS; t++) {
        dr_pos q = turned(p);
        assert_int_equal(drp_region_index(p, t, true), drp_region_index(&q, t, false));
    }
    k->positions++;
    k->drawish += dr_eval_drawish(p);
    k->kings += p->kings != 0;
}

static int on_game(dr_pdn_game *g, void *ctx)
{
    const bo_record *r = &g->rec;
    if (r->fen) return 0;
    dr_pos p;
    dr_pos_start(&p, DR_WHITE);
    for (int i = 0; i < r->nmoves; i++) {
        bo_move m;
        char err[200];
        if (!r->moves[i].text || dr_game_desc.move_from_text(&p, r->moves[i].text, &m, err, sizeof err) != 0) break;
        BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
        dr_game_desc.play(&p, m, undo, NULL);
        check_position(ctx, &p);
    }
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
    }
    static const char *const bad[] = {"man0", "man51", "man05", "king", "kings1", "p8_00000000", "p0_0000000",
                                      "p0_00000003", "p0_000000000", "", "pattern"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (drp_weight_index(bad[i]) != -1) fail_msg("'%s' reads as weight %d", bad[i], drp_weight_index(bad[i]));
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
        cmocka_unit_test(test_defaults),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
