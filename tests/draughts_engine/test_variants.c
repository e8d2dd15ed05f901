/* test_variants.c - the 8x8 variants (English, Italian, Russian, Brazilian, Czech,
 * pool, Spanish) against
 * published perft counts and hand-derived rule cases.
 *
 * Sources of the counts (duplicate captures removed unless noted):
 *  - start positions: the "Standard validation generator moves" thread of the shashki.com
 *    forum (t-627) and the "Perft for all recognized draughts variants" thread of the
 *    FMJD forum (damforum.nl/bb3/viewtopic.php?f=53&t=2822), as collected in
 *    rhalbersma/dctl test/src/algo/traversal/initial/board_08x08.cpp; English also Aart
 *    Bik's "perft for 8x8 checkers" (talkchess t=27814, aartbik.com), 1..10; Czech
 *    from the FMJD thread, as collected in the same dctl file; pool from the shashki.com
 *    thread (t-627, start-57) and Spanish from the FMJD thread, both as collected in
 *    rhalbersma/dctl test/src/ai/traversal/initial/board8x8.cpp (depths 1..10 there;
 *    9 and 10 are checked through the binary in tests/e2e/draughts_variants.sh);
 *  - Italian positions 1-3 (duplicates kept): the same FMJD thread, as collected in
 *    rhalbersma/dctl test/src/algo/traversal/italian/gilbert.cpp.
 * The rule cases are derived by hand; the squares are written next to each. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "draughts.h"
#include "game.h"

extern const bo_game dr_game_desc;

static void read_pos(dr_pos *p, dr_variant v, const char *fen)
{
    char err[160];
    if (dr_pos_from_fen(p, fen, NULL, err, sizeof err) != 0 || dr_pos_set_variant(p, v, err, sizeof err) != 0)
        fail_msg("%s: %s", fen, err);
}

/* dr_perft_ex at depths 1..n against a published list. */
static void check(const dr_pos *p, const uint64_t *want, int n, unsigned flags)
{
    for (int d = 1; d <= n; d++) {
        uint64_t got = dr_perft_ex(p, d, flags);
        if (got != want[d - 1])
            fail_msg("%s depth %d: got %llu, want %llu", dr_variant_name((dr_variant)p->variant), d,
                     (unsigned long long)got, (unsigned long long)want[d - 1]);
    }
}

static void start(dr_pos *p, dr_variant v) { dr_pos_start_variant(p, v, dr_variant_first(v)); }

/* The moves of a position as "fromxto/captured" strings for comparison. */
static int moves_of(const dr_pos *p, dr_move *m)
{
    int n = dr_gen_moves(p, m);
    assert_true(n >= 0);
    return n;
}

static void test_english_start(void **state)
{
    (void)state;
    static const uint64_t want[] = {7, 49, 302, 1469, 7361, 36768, 179740, 845931};
    dr_pos p;
    start(&p, DR_ENGLISH);
    assert_int_equal(p.side, DR_BLACK);
    check(&p, want, 8, 0);
}

static void test_russian_start(void **state)
{
    (void)state;
    static const uint64_t want[] = {7, 49, 302, 1469, 7482, 37986, 190146, 929899};
    static const uint64_t keep[] = {7, 49, 302, 1469, 7482, 37986, 190146, 929905};
    dr_pos p;
    start(&p, DR_RUSSIAN);
    check(&p, want, 8, 0);
    check(&p, keep, 8, DR_PERFT_KEEP_DUPLICATES);
}

static void test_brazilian_start(void **state)
{
    (void)state;
    static const uint64_t want[] = {7, 49, 302, 1469, 7473, 37628, 187302, 907830};
    dr_pos p;
    start(&p, DR_BRAZILIAN);
    check(&p, want, 8, 0);
}

static void test_czech_start(void **state)
{
    (void)state;
    static const uint64_t want[] = {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671};
    dr_pos p;
    start(&p, DR_CZECH);
    check(&p, want, 9, 0);
}

/* Czech: a king that can capture must (English numbering).  White king on 29 takes 25
 * and lands anywhere beyond it on the a1-h8 diagonal (22, 18, 15, 11, 8 or 4); white man on 31 could take 27 (-> 24): not allowed. */
static void test_czech_king_first(void **state)
{
    (void)state;
    dr_move m[DR_MAX_MOVES];
    dr_pos p;
    read_pos(&p, DR_CZECH, "W:WK29,31:B25,27,1");
    int n = moves_of(&p, m);
    assert_true(n > 0);
    for (int i = 0; i < n; i++) assert_int_equal(m[i].from, 29);
    read_pos(&p, DR_RUSSIAN, "W:WK29,31:B25,27,1");
    n = moves_of(&p, m);
    assert_int_equal(m[n - 1].from, 31);   /* free choice: the man's capture too */
}

static void test_pool_start(void **state)
{
    (void)state;
    static const uint64_t want[] = {7, 49, 302, 1469, 7482, 37986, 190146, 929896};
    dr_pos p;
    start(&p, DR_POOL);
    assert_int_equal(p.side, DR_BLACK);   /* APCA: black moves first */
    check(&p, want, 8, 0);
}

static void test_spanish_start(void **state)
{
    (void)state;
    static const uint64_t want[] = {7, 49, 302, 1469, 7361, 36473, 177532, 828783};
    dr_pos p;
    start(&p, DR_SPANISH);
    assert_int_equal(p.side, DR_WHITE);
    check(&p, want, 8, 0);
}

/* Pool: a man reaching the far row in a capture that can go on goes on as a man (English
 * numbering): white man b6 (9) takes c7 (6) landing on d8 (2), then backward over e7 (7)
 * to f6 (11) and stops there uncrowned: one move.  Russian crowns it on d8 and the king
 * takes e7 landing on f6, g5 (16) or h4 (20): three moves. */
static void test_pool_no_crowning_midway(void **state)
{
    (void)state;
    dr_move m[DR_MAX_MOVES];
    dr_pos p;
    read_pos(&p, DR_POOL, "W:W9:B6,7,29");
    int n = moves_of(&p, m);
    assert_int_equal(n, 1);
    assert_int_equal(m[0].from, 9);
    assert_int_equal(m[0].to, 11);
    assert_int_equal(m[0].ncaptured, 2);
    assert_int_equal(m[0].promotes, 0);
    read_pos(&p, DR_RUSSIAN, "W:W9:B6,7,29");
    assert_int_equal(moves_of(&p, m), 3);
}

/* Spanish: among captures of the same count, the one taking more kings (Italian
 * numbering: d3 = 22, c4 = 18, e4 = 19, b5 = 13, f5 = 15, e6 = 11, d7 = 6).  White man d3
 * can take the man on c4 (to b5) or the king on e4 (to f5): only the king's capture is
 * legal; with both men, both are.  Italian men never take kings: only 22x13.  The count
 * comes first: over e4 to f5 and on over e6 to d7 (two men) beats the king on c4 alone
 * (from b5 no black piece is in reach). */
static void test_spanish_most_kings(void **state)
{
    (void)state;
    dr_move m[DR_MAX_MOVES];
    dr_pos p;
    read_pos(&p, DR_SPANISH, "W:W22:B18,K19,1");
    int n = moves_of(&p, m);
    assert_int_equal(n, 1);
    assert_int_equal(m[0].to, 15);
    read_pos(&p, DR_ITALIAN, "W:W22:B18,K19,1");
    n = moves_of(&p, m);
    assert_int_equal(n, 1);
    assert_int_equal(m[0].to, 13);
    read_pos(&p, DR_SPANISH, "W:W22:B18,19,1");
    assert_int_equal(moves_of(&p, m), 2);
    read_pos(&p, DR_SPANISH, "W:W22:BK18,19,11,1");
    n = moves_of(&p, m);
    assert_int_equal(n, 1);
    assert_int_equal(m[0].ncaptured, 2);
    assert_int_equal(m[0].to, 6);
}

static void test_italian_start(void **state)
{
    (void)state;
    static const uint64_t want[] = {7, 49, 302, 1469, 7361, 36473, 177532, 828783};
    dr_pos p;
    start(&p, DR_ITALIAN);
    check(&p, want, 8, 0);
}

/* Three Italian positions full of kings: the quality rules at work. */
static void test_italian_positions(void **state)
{
    (void)state;
    static const uint64_t w1[] = {5, 13, 42, 107, 360, 1099, 3736, 12495};
    static const uint64_t w2[] = {6, 47, 271, 1916, 10810, 73137};
    static const uint64_t w3[] = {13, 112, 828, 6756, 46241};
    dr_pos p;
    read_pos(&p, DR_ITALIAN, "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3");
    check(&p, w1, 8, DR_PERFT_KEEP_DUPLICATES);
    read_pos(&p, DR_ITALIAN, "B:W30,21,22,17,20,K6:B25,28,9,5,1,3");
    check(&p, w2, 6, DR_PERFT_KEEP_DUPLICATES);
    read_pos(&p, DR_ITALIAN, "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4");
    check(&p, w3, 5, DR_PERFT_KEEP_DUPLICATES);
}


/* White man b6 (9) takes c7 (6) and lands on d8 (2), the far row.  Russian: crowned at
 * once, it goes on as a king along d8-h4, takes f6 (11) over the empty e7 (7) and lands
 * on g5 (16) or h4 (20).  Brazilian and English: the man stops (no man's capture from
 * d8: 6 was taken, 7 is empty) and is crowned at the end. */
static void test_crowned_mid_capture(void **state)
{
    (void)state;
    dr_move m[DR_MAX_MOVES];
    dr_pos p;
    read_pos(&p, DR_RUSSIAN, "W:W9:B6,11");
    int n = moves_of(&p, m);
    assert_int_equal(n, 2);
    assert_int_equal(m[0].to, 16);
    assert_int_equal(m[1].to, 20);
    assert_int_equal(m[0].ncaptured, 2);
    assert_true(m[0].promotes);
    dr_make(&p, &m[0]);
    assert_true(p.kings & (UINT64_C(1) << 15));
    assert_int_equal(p.black, 0);
    const dr_variant others[] = {DR_BRAZILIAN, DR_ENGLISH};
    for (int i = 0; i < 2; i++) {
        read_pos(&p, others[i], "W:W9:B6,11");
        n = moves_of(&p, m);
        assert_int_equal(n, 1);
        assert_int_equal(m[0].to, 2);
        assert_int_equal(m[0].ncaptured, 1);
        assert_true(m[0].promotes);
    }
}

/* Men capture backwards in Russian and Brazilian, not in English or Italian: white man
 * on 14 (English numbering), black man behind it on 18 (down-left of 14... see the
 * table: 14's neighbours are 9, 10, 17, 18), 22 empty beyond it. */
static void test_backward_capture(void **state)
{
    (void)state;
    dr_move m[DR_MAX_MOVES];
    dr_pos p;
    read_pos(&p, DR_RUSSIAN, "W:W14:B18");
    int n = moves_of(&p, m);
    assert_int_equal(n, 1);
    assert_int_equal(m[0].to, 23);
    read_pos(&p, DR_ENGLISH, "W:W14:B18");
    n = moves_of(&p, m);
    assert_int_equal(n, 2);        /* no capture: the plain moves 14-9, 14-10 */
    assert_int_equal(m[0].ncaptured, 0);
}

/* Majority (English numbering): white man 29 takes 25 and lands on 22 (one piece; from
 * 22 nothing more: 17, 18 and 26 are empty, 25 taken); white man 23 takes 19 (-> 16),
 * then 11 (16's up-left, -> 7): two pieces.  English and Russian: free choice, both
 * moves; Brazilian: only 23x7. */
static void test_majority(void **state)
{
    (void)state;
    dr_move m[DR_MAX_MOVES];
    dr_pos p;
    const char *fen = "W:W29,23:B25,19,11,1";
    read_pos(&p, DR_ENGLISH, fen);
    assert_int_equal(moves_of(&p, m), 2);
    read_pos(&p, DR_RUSSIAN, fen);
    assert_int_equal(moves_of(&p, m), 2);
    read_pos(&p, DR_BRAZILIAN, fen);
    assert_int_equal(moves_of(&p, m), 1);
    assert_int_equal(m[0].from, 23);
    assert_int_equal(m[0].to, 7);
    assert_int_equal(m[0].ncaptured, 2);
}

/* Italian numbering (1 on a8, 32 on h1): 22's upward neighbours are 18 and 19, 18's
 * up-left is 14 and 19's up-right is 15.  A man never takes a king: with a black king on
 * 18 and a man on 19, the white man on 22 must take the man (22x15); with a king on
 * both, it has no capture and moves... nowhere forward (both squares taken): no move. */
static void test_italian_men_spare_kings(void **state)
{
    (void)state;
    dr_move m[DR_MAX_MOVES];
    dr_pos p;
    read_pos(&p, DR_ITALIAN, "W:W22:BK18,19");
    int n = moves_of(&p, m);
    assert_int_equal(n, 1);
    assert_int_equal(m[0].to, 15);
    read_pos(&p, DR_ITALIAN, "W:W22:BK18,K19");
    assert_int_equal(moves_of(&p, m), 0);
}

/* Italian quality: a king and a man can each take one piece -> the king must take.
 * White king on 22 takes 18 (-> 14) ... its neighbours are 18, 19, 25, 26 (down: 25, 26);
 * white man on 23 (up: 19, 20) takes 20 (-> 16).  Only the king's capture is legal.
 * Then with the king able to take a man (18) or a king (K26 -> 29? down-right of 22 is
 * 26, beyond it 31): it must take the king. */
static void test_italian_quality(void **state)
{
    (void)state;
    dr_move m[DR_MAX_MOVES];
    dr_pos p;
    read_pos(&p, DR_ITALIAN, "W:WK22,23:B18,20,1");
    int n = moves_of(&p, m);
    assert_int_equal(n, 1);
    assert_int_equal(m[0].from, 22);
    read_pos(&p, DR_ITALIAN, "W:WK22:B18,K26,1");
    n = moves_of(&p, m);
    assert_int_equal(n, 1);
    assert_int_equal(m[0].captured, UINT64_C(1) << 25);
}

/* Square numbering: English b8 = 1, a1 = 29; Italian a8 = 1, h1 = 32; and the step
 * function agrees with the neighbour table through the coordinates. */
static void test_numbering(void **state)
{
    (void)state;
    assert_int_equal(dr_variant_square_at(DR_ENGLISH, 1, 8), 1);
    assert_int_equal(dr_variant_square_at(DR_ENGLISH, 0, 1), 29);
    assert_int_equal(dr_variant_square_at(DR_RUSSIAN, 2, 3), 22);   /* c3 */
    assert_int_equal(dr_variant_square_at(DR_ITALIAN, 0, 8), 1);
    assert_int_equal(dr_variant_square_at(DR_ITALIAN, 7, 1), 32);
    assert_int_equal(dr_variant_square_at(DR_ENGLISH, 0, 8), 0);     /* light */
    int f, r;
    assert_true(dr_variant_coords(DR_ENGLISH, 32, &f, &r));
    assert_int_equal(f, 6);
    assert_int_equal(r, 1);
}

static void test_rules_by_name(void **state)
{
    (void)state;
    dr_rules r;
    dr_rules_default(&r);
    char err[160];
    assert_int_equal(dr_rules_by_name(&r, "english", err, sizeof err), 0);
    assert_int_equal(r.variant, DR_ENGLISH);
    assert_int_equal(r.first, DR_BLACK);
    assert_int_equal(dr_rules_by_name(&r, "russian", err, sizeof err), 0);
    assert_int_equal(r.first, DR_WHITE);
    assert_int_equal(dr_variant_of_game_type(22), DR_ITALIAN);
    assert_int_equal(dr_variant_of_game_type(29), DR_CZECH);
    assert_int_equal(dr_variant_of_game_type(30), -1);   /* Turkish: not played */
    dr_pos p;
    read_pos(&p, DR_INTERNATIONAL, "W:W40:B1");
    assert_int_equal(dr_pos_set_variant(&p, DR_ENGLISH, err, sizeof err), -1);
}

/* The descriptor reads alphanumeric squares on 8x8 boards (English numbering: 9 is b6,
 * 13 a5; 22 is c3, 18 d4 -- see test_numbering), with or without a separator; a light
 * square and a 10x10 board are errors. */
static void test_alphanumeric_move_text(void **state)
{
    (void)state;
    const bo_game *g = &dr_game_desc;
    char err[200], text[64];
    dr_pos p;
    bo_move m;
    dr_pos_start_variant(&p, DR_ENGLISH, DR_BLACK);
    assert_int_equal(g->move_from_text(&p, "b6-a5", &m, err, sizeof err), 0);
    assert_int_equal(g->move_to_text(&p, m, text, sizeof text), 0);
    assert_string_equal(text, "9-13");
    assert_int_equal(g->move_from_text(&p, "b6a5", &m, err, sizeof err), 0);
    assert_int_equal(g->move_to_text(&p, m, text, sizeof text), 0);
    assert_string_equal(text, "9-13");
    dr_pos_start_variant(&p, DR_RUSSIAN, DR_WHITE);
    assert_int_equal(g->move_from_text(&p, "c3-d4", &m, err, sizeof err), 0);
    assert_int_equal(g->move_to_text(&p, m, text, sizeof text), 0);
    assert_string_equal(text, "22-18");
    assert_int_equal(g->move_from_text(&p, "c3-c4", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "c4 is not a playing square"));
    dr_pos_start(&p, DR_WHITE);
    assert_int_equal(g->move_from_text(&p, "c3-d4", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "8x8 variants only"));
    /* Russian capture written with ':' (white c3 takes d4 to e5). */
    read_pos(&p, DR_RUSSIAN, "W:W22:B18");
    assert_int_equal(g->move_from_text(&p, "c3:e5", &m, err, sizeof err), 0);
    assert_int_equal(g->move_to_text(&p, m, text, sizeof text), 0);
    assert_string_equal(text, "22x15");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_english_start),
        cmocka_unit_test(test_russian_start),
        cmocka_unit_test(test_brazilian_start),
        cmocka_unit_test(test_italian_start),
        cmocka_unit_test(test_czech_start),
        cmocka_unit_test(test_czech_king_first),
        cmocka_unit_test(test_pool_start),
        cmocka_unit_test(test_spanish_start),
        cmocka_unit_test(test_pool_no_crowning_midway),
        cmocka_unit_test(test_spanish_most_kings),
        cmocka_unit_test(test_italian_positions),
        cmocka_unit_test(test_crowned_mid_capture),
        cmocka_unit_test(test_backward_capture),
        cmocka_unit_test(test_majority),
        cmocka_unit_test(test_italian_men_spare_kings),
        cmocka_unit_test(test_italian_quality),
        cmocka_unit_test(test_numbering),
        cmocka_unit_test(test_rules_by_name),
        cmocka_unit_test(test_alphanumeric_move_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
