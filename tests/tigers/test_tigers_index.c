/* test_tigers_index.c -- Two Tigers' perfect index (engine/tigers/tg_index.c): its layer
 * sizes against counts made two other ways, and rank/unrank as inverse bijections.
 *
 * Sizes: for few dogs, every placement is enumerated point by point here (tigers on
 * two of 25 points, 0..4 dogs on b2 d2 b4 d4, 0..1 elsewhere); for 11..16 dogs a
 * generating polynomial ((1+x) per free non-start point, (1+x+..+x^4) per free start
 * point, summed over the tigers' places) counts them.  Published elsewhere: none;
 * both are derivations written here, independent of the index's bases. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "tg_index.h"
#include "tigers.h"

static int is_start(int p) { return p == 6 || p == 8 || p == 16 || p == 18; }

/* Placements of exactly LEFT dogs on points FROM.. (not T0, T1). */
static uint64_t enumerate(int from, int left, int t0, int t1)
{
    if (left == 0) return 1;
    if (from == 25) return 0;
    if (from == t0 || from == t1) return enumerate(from + 1, left, t0, t1);
    uint64_t n = 0;
    int top = is_start(from) ? 4 : 1;
    for (int h = 0; h <= top && h <= left; h++) n += enumerate(from + 1, left - h, t0, t1);
    return n;
}

static void poly_count(uint64_t out[17])
{
    memset(out, 0, 17 * sizeof *out);
    for (int t0 = 0; t0 < 25; t0++)
        for (int t1 = t0 + 1; t1 < 25; t1++) {
            uint64_t poly[80] = {1};
            int deg = 0;
            for (int p = 0; p < 25; p++) {
                if (p == t0 || p == t1) continue;
                int top = is_start(p) ? 4 : 1;
                uint64_t np[80] = {0};
                for (int i = 0; i <= deg; i++)
                    for (int h = 0; h <= top; h++) np[i + h] += poly[i];
                deg += top;
                memcpy(poly, np, sizeof poly);
            }
            for (int d = 0; d <= 16; d++) out[d] += poly[d];
        }
}

static void test_sizes(void **state)
{
    (void)state;
    tg_index *x = malloc(sizeof *x);
    assert_non_null(x);
    tg_index_init(x);
    for (int d = 0; d <= 3; d++) {
        uint64_t n = 0;
        for (int t0 = 0; t0 < 25; t0++)
            for (int t1 = t0 + 1; t1 < 25; t1++) n += enumerate(0, d, t0, t1);
        assert_int_equal(x->size[d], n);
    }
    uint64_t poly[17];
    poly_count(poly);
    for (int d = 0; d <= 16; d++) assert_int_equal(x->size[d], poly[d]);
    /* 16 dogs, both sides to move: 16 571 898 612 (docs/tigers.md) */
    assert_int_equal(2 * x->size[16], UINT64_C(16571898612));
    free(x);
}

/* Every index of a small layer unranks to a distinct valid position that ranks back. */
static void test_bijection_small(void **state)
{
    (void)state;
    tg_index *x = malloc(sizeof *x);
    tg_index_init(x);
    char err[256];
    for (int d = 1; d <= 2; d++)
        for (uint64_t i = 0; i < x->size[d]; i++) {
            tg_pos p;
            tg_index_unrank(x, d, TG_TIGERS, i, &p);
            int total = 0;
            for (int q = 0; q < 25; q++) total += p.dogs[q];
            assert_int_equal(total, d);
            assert_true(p.tiger[0] < p.tiger[1]);
            assert_int_equal(tg_index_rank(x, &p), i);
        }
    /* Random indices of the real layers, and positions of random games. */
    uint64_t rng = 99;
    for (int d = 11; d <= 16; d++)
        for (int k = 0; k < 20000; k++) {
            uint64_t i = bo_splitmix64(&rng) % x->size[d];
            tg_pos p;
            tg_index_unrank(x, d, TG_DOGS_SIDE, i, &p);
            p.hash = tg_hash_scratch(&p);
            if (tg_check(&p, err, sizeof err) != 0) fail_msg("index %llu of %d dogs: %s", (unsigned long long)i, d, err);
            assert_int_equal(tg_index_rank(x, &p), i);
        }
    for (int g = 0; g < 200; g++) {
        tg_pos p;
        tg_start(&p);
        for (int ply = 0; ply < 80; ply++) {
            uint32_t ms[TG_MAX_MOVES];
            tg_undo u;
            int n = tg_legal(&p, ms);
            if (n == 0) break;
            tg_play(&p, ms[bo_splitmix64(&rng) % (uint64_t)n], &u);
            int d = TG_DOGS - p.captured;
            tg_pos q;
            tg_index_unrank(x, d, p.side, tg_index_rank(x, &p), &q);
            for (int pt = 0; pt < 25; pt++) assert_int_equal(q.dogs[pt], p.dogs[pt]);
            assert_int_equal(q.tiger[0], p.tiger[0]);
            assert_int_equal(q.tiger[1], p.tiger[1]);
            assert_int_equal(q.dmask, p.dmask);
        }
    }
    free(x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sizes),
        cmocka_unit_test(test_bijection_small),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
