/* test_perft.c - move generator checked against published perft counts.
 *
 * Sources of the counts (all with duplicate captures removed unless noted):
 *  - start position, depths 1..11: Aart Bik, "BikDam: international checkers" (blog,
 *    aartbik.blogspot.com, label perft), and the "Perft" thread of the FMJD/World Draughts
 *    Forum, damforum.nl/bb3/viewtopic.php?f=53&t=2308 (start=4);
 *  - start position keeping duplicates: 6'483'971 at depth 8, 41'022'614 at depth 9 (the
 *    shashki.com thread "Standard validation generator moves" and damforum t=2308, as
 *    collected in rhalbersma/dctl test/src/algo/traversal/initial/board_10x10.cpp);
 *  - "Random178" (black to move, 14 kings/men capture storms), "Woldouby", "AllKings" and
 *    "AlmostPromotion": damforum t=2308 (start=7 and start=60), as collected in
 *    rhalbersma/dctl test/src/algo/traversal/international/fmjd.cpp; the same numbers
 *    appear in richemslie/ggplib (draughts/test/test_perft.py);
 *  - "FrontRows" (duplicates kept): shashki.com thread t-627, as collected in
 *    rhalbersma/dctl test/src/algo/traversal/international/shashki.cpp.
 * Depths are chosen to keep this test fast under sanitizers; deeper levels were checked
 * by hand with the same code (see the engine report).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>

#include "draughts.h"

/* Compare dr_perft_ex at depths 1..n against a published list. */
static void check_counts(const char *fen, const uint64_t *want, int n, unsigned flags)
{
    dr_pos p;
    char err[128];
    assert_int_equal(dr_pos_from_fen(&p, fen, NULL, err, sizeof err), 0);
    for (int d = 1; d <= n; d++) {
        uint64_t got = dr_perft_ex(&p, d, flags);
        if (got != want[d - 1])
            fail_msg("%s depth %d: got %llu, want %llu", fen, d, (unsigned long long)got,
                     (unsigned long long)want[d - 1]);
    }
}

static const uint64_t start_counts[] = { 9, 81, 658, 4265, 27117, 167140, 1049442, 6483961,
                                         41022423, 258895763, 1665861398 };

static void test_start_position(void **state)
{
    (void)state;
    dr_pos p;
    dr_pos_start(&p, DR_WHITE);
    assert_int_equal(dr_perft(&p, 0), 1);
    for (int d = 1; d <= 9; d++) assert_int_equal(dr_perft(&p, d), start_counts[d - 1]);
    check_counts("W:W31-50:B1-20", start_counts, 7, 0);
}

/* ccgc: black moves first from the start position. The position is symmetric under a
 * half turn with colours swapped, so the counts are the published white-first ones. */
static void test_start_black_first(void **state)
{
    (void)state;
    dr_pos p;
    dr_pos_start(&p, DR_BLACK);
    for (int d = 1; d <= 7; d++) assert_int_equal(dr_perft(&p, d), start_counts[d - 1]);
}

static void test_start_keep_duplicates(void **state)
{
    (void)state;
    static const uint64_t want[] = { 9, 81, 658, 4265, 27117, 167140, 1049442, 6483971 };
    check_counts("W:W31-50:B1-20", want, 8, DR_PERFT_KEEP_DUPLICATES);
}

static void test_random178(void **state)
{
    (void)state;
    static const uint64_t want[] = { 14, 55, 1168, 5432, 87195, 629010, 9041010, 86724219,
                                     1216917193 };
    check_counts("B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46", want, 7, 0);
}

static void test_woldouby(void **state)
{
    (void)state;
    static const uint64_t want[] = { 6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436,
                                     1910989, 9872645, 58360286, 346184885 };
    check_counts("W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26", want, 14, 0);
}

/* The same position turned half a turn with colours swapped: identical counts, but every
 * move now goes through the black code paths. */
static void test_woldouby_mirrored(void **state)
{
    (void)state;
    static const uint64_t want[] = { 6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436 };
    /* square s maps to 51 - s */
    check_counts("B:B26,24,23,21,19,18,17,16,14,13:W39,38,37,35,33,32,30,28,27,25", want, 11, 0);
}

static void test_all_kings(void **state)
{
    (void)state;
    static const uint64_t want[] = { 17, 79, 352, 1399, 7062, 37589, 217575, 1333217, 8558321,
                                     58381162, 417920283 };
    check_counts("W:WK31-50:BK1-20", want, 8, 0);
}

static void test_almost_promotion(void **state)
{
    (void)state;
    static const uint64_t want[] = { 9, 81, 795, 7578, 86351, 936311, 11448262, 138362698,
                                     1799526674 };
    check_counts("W:W6,7,8,9,10:B41,42,43,44,45", want, 7, 0);
}

static void test_front_rows_keep_duplicates(void **state)
{
    (void)state;
    static const uint64_t want[] = { 9, 81, 534, 2538, 9052, 29999, 98971, 310315, 1008317,
                                     3174159, 10369533, 34907917, 123162301, 462333827,
                                     1824763597 };
    check_counts("W:B16,17,18,19,20:W31,32,33,34,35", want, 12, DR_PERFT_KEEP_DUPLICATES);
}

/* divide must add up to perft, and the move list must agree with the bulk count. */
static void test_divide_sums(void **state)
{
    (void)state;
    dr_pos p;
    dr_move moves[DR_MAX_MOVES];
    uint64_t counts[DR_MAX_MOVES];
    assert_int_equal(dr_pos_from_fen(&p, "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
                                     NULL, NULL, 0), 0);
    int n = dr_perft_divide(&p, 4, moves, counts);
    assert_int_equal(n, 14);
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) sum += counts[i];
    assert_int_equal(sum, 5432);
    assert_int_equal(dr_gen_moves(&p, moves), (int)dr_perft(&p, 1));
}

/* Walking the tree with the public API (dr_gen_moves + dr_make, incremental hash) gives
 * the same counts as the internal perft and keeps the hash exact. */
static uint64_t slow_perft(const dr_pos *p, int depth)
{
    dr_move moves[DR_MAX_MOVES];
    assert_true(p->hash == dr_pos_hash(p));
    int n = dr_gen_moves(p, moves);
    assert_true(n >= 0);
    if (depth == 1) return (uint64_t)n;
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        dr_pos c = *p;
        dr_make(&c, &moves[i]);
        sum += slow_perft(&c, depth - 1);
    }
    return sum;
}

static void test_public_api_agrees(void **state)
{
    (void)state;
    dr_pos p;
    assert_int_equal(dr_pos_from_fen(&p, "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
                                     NULL, NULL, 0), 0);
    assert_int_equal(slow_perft(&p, 5), 87195);
    assert_int_equal(dr_pos_from_fen(&p, "W:W6,7,8,9,10:B41,42,43,44,45", NULL, NULL, 0), 0);
    assert_int_equal(slow_perft(&p, 5), 86351);
    dr_pos_start(&p, DR_WHITE);
    assert_int_equal(slow_perft(&p, 5), 27117);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_position),
        cmocka_unit_test(test_start_black_first),
        cmocka_unit_test(test_start_keep_duplicates),
        cmocka_unit_test(test_random178),
        cmocka_unit_test(test_woldouby),
        cmocka_unit_test(test_woldouby_mirrored),
        cmocka_unit_test(test_all_kings),
        cmocka_unit_test(test_almost_promotion),
        cmocka_unit_test(test_front_rows_keep_duplicates),
        cmocka_unit_test(test_divide_sums),
        cmocka_unit_test(test_public_api_agrees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
