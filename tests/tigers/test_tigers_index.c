/* test_tigers_index.c -- Two Tigers' perfect index up to symmetry
 * (engine/tigers/tg_index.c): its layer sizes against counts made two other ways,
 * rank/unrank as inverse maps, one rank per orbit of the board's 8 symmetries, and
 * the number of orbits against a brute force written here.
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
        assert_int_equal(x->raw_size[d], n);
    }
    uint64_t poly[17];
    poly_count(poly);
    for (int d = 0; d <= 16; d++) assert_int_equal(x->raw_size[d], poly[d]);
    /* 16 dogs, both sides to move: 16 571 898 612 (docs/tigers.md) */
    assert_int_equal(2 * x->raw_size[16], UINT64_C(16571898612));
    /* symmetry leaves a little over an eighth */
    for (int d = 11; d <= 16; d++) assert_true(x->size[d] * 8 >= x->raw_size[d] && x->size[d] * 7 < x->raw_size[d]);
    free(x);
}

/* The board's symmetry G on (row, column), written apart from the index's. */
static int own_sym(int g, int p)
{
    int r = p / 5, c = p % 5;
    int rr = (g & 1) ? 4 - r : r, cc = (g & 2) ? 4 - c : c;
    return (g & 4) ? cc * 5 + rr : rr * 5 + cc;
}

static void own_image(int g, const tg_pos *p, tg_pos *out)
{
    *out = *p;
    memset(out->dogs, 0, sizeof out->dogs);
    out->dmask = 0;
    for (int q = 0; q < 25; q++)
        if (p->dogs[q]) {
            out->dogs[own_sym(g, q)] = p->dogs[q];
            out->dmask |= 1u << own_sym(g, q);
        }
    int a = own_sym(g, p->tiger[0]), b = own_sym(g, p->tiger[1]);
    out->tiger[0] = (uint8_t)(a < b ? a : b);
    out->tiger[1] = (uint8_t)(a < b ? b : a);
}

/* A position's key for comparing orbit members: tigers, the four stacks, then one bit
 * per other point (625 * 625 * 2^21 < 2^64: exact). */
static uint64_t key_of(const tg_pos *p)
{
    uint64_t k = (uint64_t)p->tiger[0] * 25 + p->tiger[1];
    for (int q = 0; q < 25; q++)
        if (is_start(q)) k = k * 5 + p->dogs[q];
    for (int q = 0; q < 25; q++)
        if (!is_start(q)) k = k * 2 + (p->dogs[q] ? 1 : 0);
    return k;
}

static int n_orbit, n_total;
static uint8_t *seen_rank;

/* Every placement of LEFT more dogs from point FROM on: counts the positions that are
 * the least of their orbit, and checks that the index gives every orbit one rank and
 * different orbits different ranks. */
static void orbits(const tg_index *x, tg_pos *p, int from, int left)
{
    if (from == 25) {
        if (left) return;
        n_total++;
        uint64_t k = key_of(p), r = tg_index_rank(x, p);
        int least = 1;
        for (int g = 1; g < 8; g++) {
            tg_pos im;
            own_image(g, p, &im);
            if (key_of(&im) < k) least = 0;
            assert_int_equal(tg_index_rank(x, &im), r);
        }
        assert_true(r < x->size[TG_DOGS - p->captured]);
        if (least) {
            n_orbit++;
            assert_int_equal(seen_rank[r], 0);   /* a new orbit, a new rank */
            seen_rank[r] = 1;
        }
        return;
    }
    if (from == p->tiger[0] || from == p->tiger[1]) { orbits(x, p, from + 1, left); return; }
    int top = is_start(from) ? 4 : 1;
    for (int h = 0; h <= top && h <= left; h++) {
        p->dogs[from] = (uint8_t)h;
        if (h) p->dmask |= 1u << from;
        else p->dmask &= ~(1u << from);
        orbits(x, p, from + 1, left - h);
    }
    p->dogs[from] = 0;
    p->dmask &= ~(1u << from);
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
            assert_true(tg_index_rank(x, &p) <= i);   /* a spare ranks to its orbit's least */
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
            uint64_t r = tg_index_rank(x, &p);
            assert_true(r <= i);
            if (r != i) {   /* a spare: its rank is a canonical index */
                tg_index_unrank(x, d, TG_DOGS_SIDE, r, &p);
                assert_int_equal(tg_index_rank(x, &p), r);
            }
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
            uint64_t r = tg_index_rank(x, &p);
            tg_index_unrank(x, d, p.side, r, &q);
            /* the index's position is one of P's 8 images (own maps, written here) */
            int found = 0;
            for (int g = 0; g < 8; g++) {
                tg_pos im;
                own_image(g, &p, &im);
                assert_int_equal(tg_index_rank(x, &im), r);
                found |= memcmp(im.dogs, q.dogs, sizeof q.dogs) == 0 && im.tiger[0] == q.tiger[0] &&
                         im.tiger[1] == q.tiger[1] && im.dmask == q.dmask;
            }
            assert_true(found);
        }
    }
    free(x);
}

/* Layers of 0..3 dogs: as many canonical indices as orbits (a brute force over every
 * placement), one rank an orbit. */
static void test_orbits(void **state)
{
    (void)state;
    tg_index *x = malloc(sizeof *x);
    tg_index_init(x);
    for (int d = 0; d <= 3; d++) {
        seen_rank = calloc(x->size[d], 1);
        n_orbit = n_total = 0;
        for (int t0 = 0; t0 < 25; t0++)
            for (int t1 = t0 + 1; t1 < 25; t1++) {
                tg_pos p;
                memset(&p, 0, sizeof p);
                p.tiger[0] = (uint8_t)t0;
                p.tiger[1] = (uint8_t)t1;
                p.captured = (uint8_t)(TG_DOGS - d);
                orbits(x, &p, 0, d);
            }
        assert_int_equal((uint64_t)n_total, x->raw_size[d]);
        uint64_t canonical = 0;
        for (uint64_t i = 0; i < x->size[d]; i++) {
            tg_pos p;
            tg_index_unrank(x, d, TG_TIGERS, i, &p);
            if (tg_index_rank(x, &p) == i) {
                canonical++;
                assert_int_equal(seen_rank[i], 1);
            }
        }
        assert_int_equal(canonical, (uint64_t)n_orbit);
        free(seen_rank);
    }
    free(x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sizes),
        cmocka_unit_test(test_bijection_small),
        cmocka_unit_test(test_orbits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
