/* test_rules.c - board basics, wins under the three rule sets, line shapes, and a
 * randomized comparison of the table-driven foul judge with a slow, independent
 * reference written straight from the definitions. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "gm_test_util.h"

/* ---- board basics ----------------------------------------------------------------- */

static void test_init_and_place(void **state)
{
    (void)state;
    gm_board b;
    gm_board_init(&b, 19, GM_RENJU);
    assert_int_equal(b.size, 15); /* renju is played on 15x15 */
    gm_board_init(&b, 3, GM_FREESTYLE);
    assert_int_equal(b.size, 5);
    gm_board_init(&b, 25, GM_STANDARD);
    assert_int_equal(b.size, 20);
    gm_board_init(&b, 19, GM_FREESTYLE);
    assert_int_equal(b.size, 19);
    assert_int_equal(b.to_move, GM_BLACK);
    uint64_t h0 = b.hash;
    assert_int_equal(gm_place(&b, 18, 18, GM_BLACK), 0);
    assert_int_equal(b.to_move, GM_WHITE);
    assert_int_equal(gm_place(&b, 18, 18, GM_WHITE), -1); /* occupied */
    assert_int_equal(gm_place(&b, 19, 0, GM_WHITE), -1);  /* off the board */
    assert_int_equal(gm_place(&b, 0, -1, GM_WHITE), -1);
    assert_int_equal(gm_place(&b, 0, 0, GM_EMPTY), -1);
    assert_int_equal(gm_place(&b, 0, 0, GM_WHITE), 0);
    assert_int_equal(b.stones, 2);
    assert_int_equal(gm_at(&b, 0, 0), GM_WHITE);
    assert_int_equal(gm_at(&b, 18, 18), GM_BLACK);
    assert_int_equal(gm_at(&b, 30, 0), GM_EMPTY);
    uint64_t h2 = b.hash;
    assert_true(h2 != h0);
    gm_remove(&b, 0, 0);
    assert_int_equal(b.to_move, GM_WHITE);
    gm_remove(&b, 18, 18);
    assert_int_equal(b.stones, 0);
    assert_true(b.hash == h0);
    /* the hash depends on the stones, not on the order they came in */
    gm_place(&b, 0, 0, GM_WHITE);
    gm_place(&b, 18, 18, GM_BLACK);
    assert_true(b.hash == h2);
    /* a board built again from scratch is identical, line masks included */
    gm_board c;
    gm_board_init(&c, 19, GM_FREESTYLE);
    gm_place(&c, 18, 18, GM_BLACK);
    gm_place(&c, 0, 0, GM_WHITE);
    c.to_move = b.to_move;
    assert_memory_equal(&b, &c, sizeof b);
}

/* Places a list and checks gm_is_win at the last point given. */
static bool win_after(gm_rules rules, int size, const char *list, gm_stone s, int x, int y)
{
    gm_board b;
    gm_board_init(&b, size, rules);
    assert_int_equal(gt_put(&b, list, s), 0);
    return gm_is_win(&b, x, y, s);
}

static void test_wins(void **state)
{
    (void)state;
    /* renju: black needs exactly five; white wins with five or more */
    assert_true(win_after(GM_RENJU, 15, "d8 e8 f8 g8 h8", GM_BLACK, 7, 7));
    assert_false(win_after(GM_RENJU, 15, "c8 d8 e8 f8 g8 h8", GM_BLACK, 7, 7));
    assert_true(win_after(GM_RENJU, 15, "c8 d8 e8 f8 g8 h8", GM_WHITE, 7, 7));
    assert_true(win_after(GM_RENJU, 15, "c8 d8 e8 f8 g8 h8 i8 j8", GM_WHITE, 4, 7));
    assert_false(win_after(GM_RENJU, 15, "d8 e8 f8 g8", GM_BLACK, 6, 7));
    /* black: a six on one line and an exact five on another is a win */
    assert_true(win_after(GM_RENJU, 15, "c8 d8 e8 f8 g8 h8 h4 h5 h6 h7", GM_BLACK, 7, 7));
    /* freestyle: five or more, both colours */
    assert_true(win_after(GM_FREESTYLE, 15, "c8 d8 e8 f8 g8 h8", GM_BLACK, 7, 7));
    assert_true(win_after(GM_FREESTYLE, 15, "c8 d8 e8 f8 g8 h8", GM_WHITE, 2, 7));
    /* standard: exactly five, both colours; a six wins for nobody */
    assert_false(win_after(GM_STANDARD, 15, "c8 d8 e8 f8 g8 h8", GM_WHITE, 7, 7));
    assert_false(win_after(GM_STANDARD, 15, "c8 d8 e8 f8 g8 h8", GM_BLACK, 7, 7));
    assert_true(win_after(GM_STANDARD, 15, "d8 e8 f8 g8 h8", GM_WHITE, 5, 7));
    /* every direction, and the board's edges and corners */
    assert_true(win_after(GM_RENJU, 15, "a1 a2 a3 a4 a5", GM_BLACK, 0, 0));
    assert_true(win_after(GM_RENJU, 15, "a1 b2 c3 d4 e5", GM_BLACK, 2, 2));
    assert_true(win_after(GM_RENJU, 15, "o1 n2 m3 l4 k5", GM_BLACK, 10, 4));
    assert_true(win_after(GM_RENJU, 15, "k15 l15 m15 n15 o15", GM_BLACK, 14, 14));
    assert_false(win_after(GM_RENJU, 15, "k15 l15 m15 n15 o14", GM_BLACK, 13, 14));
    assert_true(win_after(GM_FREESTYLE, 5, "a5 b4 c3 d2 e1", GM_WHITE, 4, 0));
    assert_true(win_after(GM_FREESTYLE, 20, "p20 q20 r20 s20 t20", GM_WHITE, 19, 19));
    /* the stone must be there and be of that colour */
    gm_board b;
    gm_board_init(&b, 15, GM_RENJU);
    gt_put(&b, "d8 e8 f8 g8 h8", GM_BLACK);
    assert_false(gm_is_win(&b, 7, 7, GM_WHITE));
    assert_false(gm_is_win(&b, 8, 7, GM_BLACK));
    assert_false(gm_is_win(&b, -1, 7, GM_BLACK));
}

static void test_names_and_shapes(void **state)
{
    (void)state;
    assert_string_equal(gm_foul_name(GM_FOUL_DOUBLE_THREE), "double-three");
    assert_string_equal(gm_foul_name(GM_FOUL_DOUBLE_FOUR), "double-four");
    assert_string_equal(gm_foul_name(GM_FOUL_OVERLINE), "overline");
    assert_string_equal(gm_foul_name(GM_FOUL_NONE), "none");
    gm_board b;
    gt_board(&b, "e8 f8 g8 i8 j8", "");
    assert_int_equal(gm_shape_at(&b, 7, 7, GM_BLACK, 0), GM_SHAPE_OVERLINE);
    assert_int_equal(gm_shape_at(&b, 7, 7, GM_WHITE, 0), GM_SHAPE_NONE);
    assert_int_equal(gm_shape_at(&b, 7, 7, GM_BLACK, 1), GM_SHAPE_NONE);
    b.rules = GM_STANDARD; /* exact five for both: still no win */
    assert_int_equal(gm_shape_at(&b, 7, 7, GM_BLACK, 0), GM_SHAPE_OVERLINE);
    b.rules = GM_FREESTYLE;
    assert_int_equal(gm_shape_at(&b, 7, 7, GM_BLACK, 0), GM_SHAPE_FIVE);
    gt_board(&b, "g8 i8", "");
    assert_int_equal(gm_shape_at(&b, 7, 7, GM_BLACK, 0), GM_SHAPE_FLEX3);
    gt_board(&b, "g8 i8", "f8");
    assert_int_equal(gm_shape_at(&b, 7, 7, GM_BLACK, 0), GM_SHAPE_BLOCK3);
    gt_board(&b, "e8 f8 g8", "d8");
    assert_int_equal(gm_shape_at(&b, 7, 7, GM_BLACK, 0), GM_SHAPE_BLOCK4);
    gt_board(&b, "g8 i8 j8", "");
    assert_int_equal(gm_shape_at(&b, 7, 7, GM_BLACK, 0), GM_SHAPE_FLEX4);
    gt_board(&b, "e8 g8 i8 k8", "");
    assert_int_equal(gm_shape_at(&b, 7, 7, GM_BLACK, 0), GM_SHAPE_DOUBLE4);
    gt_board(&b, "i8", "");
    assert_int_equal(gm_shape_at(&b, 7, 7, GM_BLACK, 0), GM_SHAPE_FLEX2);
}

/* ---- an independent reference judge ------------------------------------------------ */

/* Plain array, no tables, every notion computed from its definition by placing stones:
 * five = run of exactly 5; four = an empty point completing an exact five with the
 * move (two at distance 5 = one straight four); three = an empty point within four of
 * the move giving a run of four with it whose both ends complete exact fives, and that
 * point must be judged allowed (recursively) and must not itself make a five. */
typedef struct ref_pos {
    int n;
    unsigned char c[GM_MAX_SIZE][GM_MAX_SIZE];
} ref_pos;

static const int RDX[4] = {1, 0, 1, 1}, RDY[4] = {0, 1, 1, -1};

static bool ref_on(const ref_pos *p, int x, int y)
{
    return x >= 0 && y >= 0 && x < p->n && y < p->n;
}

static int ref_run(const ref_pos *p, int x, int y, int d, int *lo, int *hi)
{
    int a = 0, z = 0;
    while (ref_on(p, x + (a - 1) * RDX[d], y + (a - 1) * RDY[d])
           && p->c[y + (a - 1) * RDY[d]][x + (a - 1) * RDX[d]] == GM_BLACK)
        a--;
    while (ref_on(p, x + (z + 1) * RDX[d], y + (z + 1) * RDY[d])
           && p->c[y + (z + 1) * RDY[d]][x + (z + 1) * RDX[d]] == GM_BLACK)
        z++;
    *lo = a;
    *hi = z;
    return z - a + 1;
}

enum { REF_FIVE = 4 };

/* Verdict for black at the empty (x,y): gm_foul value or REF_FIVE. recurse=false
 * counts every straight-four point as good (used to show the tests reach recursion);
 * five_ok counts a straight-four point that makes a five as good (the option). */
static int ref_judge(ref_pos *p, int x, int y, bool recurse, bool five_ok)
{
    int five = 0, over = 0, nf = 0, fours[4] = {0}, lo, hi;
    p->c[y][x] = GM_BLACK;
    for (int d = 0; d < 4; d++) {
        int len = ref_run(p, x, y, d, &lo, &hi);
        five |= len == 5;
        over |= len >= 6;
    }
    if (five || over) {
        p->c[y][x] = GM_EMPTY;
        return five ? REF_FIVE : GM_FOUL_OVERLINE;
    }
    for (int d = 0; d < 4; d++) {
        int fp[12], k = 0;
        for (int o = -5; o <= 5; o++) {
            int ex = x + o * RDX[d], ey = y + o * RDY[d];
            if (!ref_on(p, ex, ey) || p->c[ey][ex])
                continue;
            p->c[ey][ex] = GM_BLACK;
            if (ref_run(p, ex, ey, d, &lo, &hi) == 5 && o + lo <= 0 && 0 <= o + hi)
                fp[k++] = o;
            p->c[ey][ex] = GM_EMPTY;
        }
        fours[d] = k == 2 && fp[1] - fp[0] == 5 ? 1 : k;
        nf += fours[d];
    }
    if (nf >= 2) {
        p->c[y][x] = GM_EMPTY;
        return GM_FOUL_DOUBLE_FOUR;
    }
    int threes = 0;
    for (int d = 0; d < 4; d++) {
        if (fours[d])
            continue;
        bool real = false;
        for (int o = -4; o <= 4 && !real; o++) {
            int ex = x + o * RDX[d], ey = y + o * RDY[d];
            if (!ref_on(p, ex, ey) || p->c[ey][ex])
                continue;
            p->c[ey][ex] = GM_BLACK;
            bool straight = ref_run(p, ex, ey, d, &lo, &hi) == 4 && o + lo <= 0 && 0 <= o + hi;
            for (int s = 0; s < 2 && straight; s++) {
                int t = s ? hi + 1 : lo - 1, ux = ex + t * RDX[d], uy = ey + t * RDY[d], l2, h2;
                if (!ref_on(p, ux, uy) || p->c[uy][ux]) {
                    straight = false;
                    break;
                }
                p->c[uy][ux] = GM_BLACK;
                straight = ref_run(p, ux, uy, d, &l2, &h2) == 5;
                p->c[uy][ux] = GM_EMPTY;
            }
            p->c[ey][ex] = GM_EMPTY;
            if (straight) {
                int v = recurse ? ref_judge(p, ex, ey, true, five_ok) : GM_FOUL_NONE;
                real = v == GM_FOUL_NONE || (five_ok && v == REF_FIVE);
            }
        }
        threes += real;
    }
    p->c[y][x] = GM_EMPTY;
    return threes >= 2 ? GM_FOUL_DOUBLE_THREE : GM_FOUL_NONE;
}

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Random positions crowded around the centre, black-heavy so that fouls (and fouls
 * depending on the recursion and the five rule) are common. */
static void random_position(uint64_t *rs, gm_board *b, ref_pos *p)
{
    gm_board_init(b, 15, GM_RENJU);
    memset(p, 0, sizeof *p);
    p->n = 15;
    int total = 10 + (int)(rng_next(rs) % 120), pct = 55 + (int)(rng_next(rs) % 25);
    int spread = 2 + (int)(rng_next(rs) % 6);
    for (int k = 0; k < total * 4 && b->stones < total; k++) {
        int x = 7 + (int)(rng_next(rs) % (uint64_t)(2 * spread + 1)) - spread;
        int y = 7 + (int)(rng_next(rs) % (uint64_t)(2 * spread + 1)) - spread;
        if (rng_next(rs) % 4 == 0) {
            x = (int)(rng_next(rs) % 15);
            y = (int)(rng_next(rs) % 15);
        }
        if (x < 0 || y < 0 || x > 14 || y > 14 || b->cell[y][x])
            continue;
        gm_stone s = (int)(rng_next(rs) % 100) < pct ? GM_BLACK : GM_WHITE;
        gm_place(b, x, y, s);
        p->c[y][x] = (unsigned char)s;
    }
}

static void test_random_against_reference(void **state)
{
    (void)state;
    uint64_t rs = 0x2545F4914F6CDD1Dull;
    long points = 0, fouls = 0, recursion_mattered = 0;
    for (int it = 0; it < 2000; it++) {
        gm_board b;
        ref_pos p;
        random_position(&rs, &b, &p);
        bool five_ok = it % 4 == 3; /* a quarter with the renju_five_point_threes option */
        b.renju_five_point_threes = five_ok;
        int xs[400], ys[400];
        gm_foul ks[400];
        int n = gm_scan_fouls(&b, xs, ys, ks, 400), k = 0;
        for (int x = 0; x < 15; x++)
            for (int y = 0; y < 15; y++) {
                if (b.cell[y][x])
                    continue;
                points++;
                int r = ref_judge(&p, x, y, true, five_ok);
                int want = r == REF_FIVE ? GM_FOUL_NONE : r;
                int flat = ref_judge(&p, x, y, false, five_ok);
                recursion_mattered += (flat == REF_FIVE ? GM_FOUL_NONE : flat) != want;
                gm_foul got = gm_foul_at(&b, x, y);
                if ((int)got != want) {
                    char nm[8], e[512];
                    fail_msg("position %d point %s: reference %s, engine %s (%s)", it,
                             gt_name(x, y, nm), gm_foul_name((gm_foul)want), gm_foul_name(got),
                             gm_foul_explain(&b, x, y, e, sizeof e));
                }
                if (want) {
                    fouls++;
                    assert_true(k < n && xs[k] == x && ys[k] == y && (int)ks[k] == want);
                    k++;
                }
            }
        assert_int_equal(k, n);
    }
    fprintf(stderr, "random: %ld points, %ld fouls, %ld where the recursion decided\n", points,
            fouls, recursion_mattered);
    assert_true(fouls > 1000);
    assert_true(recursion_mattered > 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_and_place),
        cmocka_unit_test(test_wins),
        cmocka_unit_test(test_names_and_shapes),
        cmocka_unit_test(test_random_against_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
