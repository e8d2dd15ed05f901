/* test_engine.c - the simple playing engine: wins, blocks, VCF, never a forbidden
 * point for black under renju, determinism, and whole self-play games. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "gm_test_util.h"

static void expect_move(gm_board *b, gm_stone side, const char *want)
{
    int x = -1, y = -1, wx = -1, wy = -1;
    const char *p = want;
    assert_int_equal(gt_point(&p, &wx, &wy), 0);
    assert_int_equal(gm_engine_move(b, side, 1, &x, &y), 0);
    char a[8], c[8];
    if (x != wx || y != wy)
        fail_msg("engine played %s, expected %s", gt_name(x, y, a), gt_name(wx, wy, c));
}

static void test_opening(void **state)
{
    (void)state;
    gm_board b;
    gm_board_init(&b, 15, GM_RENJU);
    expect_move(&b, GM_BLACK, "h8");
    gm_board_init(&b, 20, GM_FREESTYLE);
    expect_move(&b, GM_BLACK, "k11");
}

/* Takes a five when there is one: white's open four; black's exact five even where
 * the same move is also a double-four (five comes first). */
static void test_takes_five(void **state)
{
    (void)state;
    gm_board b;
    gt_board(&b, "a1 a3 c1 c3", "e8 f8 g8 h8");
    expect_move(&b, GM_WHITE, "d8"); /* d8 and i8 both win; d8 is found first */
    gt_board(&b, "d8 e8 f8 g8 h9 h10 h11 i9 j10 k11", "c8 a1 a2 a3 o15 o14");
    assert_int_equal(gm_foul_at(&b, 7, 7), GM_FOUL_NONE);
    expect_move(&b, GM_BLACK, "h8");
}

/* Blocks the opponent's only five point when it cannot win itself. */
static void test_blocks_five(void **state)
{
    (void)state;
    gm_board b;
    gt_board(&b, "e8 f8 g8 h8 a1 c1", "d8 h9 h10 j1");
    expect_move(&b, GM_WHITE, "i8");
    /* white f5-i8 with e4 black: j9 is the only five point */
    gt_board(&b, "e4 a1 a3", "f5 g6 h7 i8");
    expect_move(&b, GM_BLACK, "j9");
}

/* White wins by a four whose only defence is a point forbidden to black: h8 is a
 * double-three for black (row g8-i8, column h8-h10), c3 is black, so g7 makes the
 * four d4-g7 whose only five point is h8. */
static void test_four_onto_forbidden_point(void **state)
{
    (void)state;
    gm_board b;
    gt_board(&b, "g8 i8 h9 h10 c3", "d4 e5 f6 o15");
    assert_int_equal(gm_foul_at(&b, 7, 7), GM_FOUL_DOUBLE_THREE);
    expect_move(&b, GM_WHITE, "g7");
    gm_place(&b, 6, 6, GM_WHITE);
    /* black cannot take h8; whatever it plays is legal, and white then wins */
    int x = -1, y = -1;
    assert_int_equal(gm_engine_move(&b, GM_BLACK, 3, &x, &y), 0);
    assert_false(x == 7 && y == 7);
    assert_int_equal(gm_foul_at(&b, x, y), GM_FOUL_NONE);
    gm_place(&b, x, y, GM_BLACK);
    assert_int_equal(gm_engine_move(&b, GM_WHITE, 3, &x, &y), 0);
    gm_place(&b, x, y, GM_WHITE);
    assert_true(gm_is_win(&b, x, y, GM_WHITE));
}

/* Victories by continuous fours. */
static void test_vcf(void **state)
{
    (void)state;
    gm_board b;
    /* one move: row h4 i4 j4 (blocked at g4) and column k5 k6 k7 (blocked at k8): k4
     * makes two fours at once (h4-k4 and k4-k7), a double-four, legal for white. */
    gt_board(&b, "g4 k8 a15 c15 e15 g15", "h4 i4 j4 k5 k6 k7");
    expect_move(&b, GM_WHITE, "k4");
    /* two moves: k4 (four h4-k4, black must take l4) then k5 makes the fours k4-k7 and
     * h2-k5 (g1 is black); or k5 first (four h2-k5, black l6) then k4. No single move
     * wins, white has to see the sequence. */
    gt_board(&b, "g4 k8 g1 a15 c15 e15", "h4 i4 j4 k6 k7 h2 i3");
    gm_stone side = GM_WHITE;
    int x = -1, y = -1;
    for (int ply = 0; ply < 5; ply++) {
        assert_int_equal(gm_engine_move(&b, side, 5, &x, &y), 0);
        if (side == GM_WHITE) {
            /* every white move is a four (or the five) */
            gm_shape best = GM_SHAPE_NONE;
            for (int d = 0; d < 4; d++) {
                gm_shape sh = gm_shape_at(&b, x, y, GM_WHITE, d);
                best = sh > best ? sh : best;
            }
            assert_true(best >= GM_SHAPE_BLOCK4);
        }
        assert_int_equal(gm_place(&b, x, y, side), 0);
        if (gm_is_win(&b, x, y, side))
            break;
        side = side == GM_BLACK ? GM_WHITE : GM_BLACK;
    }
    assert_int_equal(side, GM_WHITE);
    assert_true(gm_is_win(&b, x, y, GM_WHITE));
}

/* Black's most attractive point is a double-three: never played. When the only block
 * of white's five is forbidden, black still plays a legal move. */
static void test_black_never_fouls(void **state)
{
    (void)state;
    gm_board b;
    int x = -1, y = -1;
    gt_board(&b, "g8 i8 h9 h10", "a1 o15 a15 o1");
    gm_engine_opts o = {4, 50000};
    for (uint64_t seed = 0; seed < 6; seed++) {
        assert_int_equal(gm_engine_move_opts(&b, GM_BLACK, seed, &o, &x, &y), 0);
        assert_int_equal(gm_foul_at(&b, x, y), GM_FOUL_NONE);
        assert_false(x == 7 && y == 7);
    }
    gt_board(&b, "g8 i8 h9 h10 c3", "d4 e5 f6 g7");
    assert_int_equal(gm_engine_move(&b, GM_BLACK, 0, &x, &y), 0);
    assert_int_equal(gm_foul_at(&b, x, y), GM_FOUL_NONE);
    assert_false(x == 7 && y == 7);
}

/* Same seed, same move; the board (hash, masks, side to move) is left as it was. */
static void test_deterministic(void **state)
{
    (void)state;
    gm_board b, copy;
    gt_board(&b, "h8 i9 g7 j8", "h9 g9 i7");
    b.to_move = GM_WHITE;
    memcpy(&copy, &b, sizeof b);
    int x1, y1, x2, y2;
    assert_int_equal(gm_engine_move(&b, GM_WHITE, 42, &x1, &y1), 0);
    assert_memory_equal(&b, &copy, sizeof b);
    assert_int_equal(gm_engine_move(&b, GM_WHITE, 42, &x2, &y2), 0);
    assert_int_equal(x1, x2);
    assert_int_equal(y1, y2);
    assert_int_equal(gm_engine_move(&b, GM_EMPTY, 42, &x2, &y2), -1);
}

/* No empty point: no move. */
static void test_full_board(void **state)
{
    (void)state;
    gm_board b;
    gm_board_init(&b, 5, GM_FREESTYLE);
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 5; x++)
            gm_place(&b, x, y, ((x + 2 * y) / 2) % 2 ? GM_BLACK : GM_WHITE);
    int x = -1, y = -1;
    assert_int_equal(gm_engine_move(&b, GM_BLACK, 0, &x, &y), -1);
}

/* Whole games under each rule set: every move legal, black never fouls under renju,
 * each game ends in a win or a full board. */
static void test_selfplay(void **state)
{
    (void)state;
    int results[3][3] = {{0}};
    for (int rules = GM_RENJU; rules <= GM_STANDARD; rules++) {
        for (int g = 0; g < 3; g++) {
            gm_board b;
            gm_board_init(&b, rules == GM_RENJU ? 15 : 13 + g, (gm_rules)rules);
            gm_stone side = GM_BLACK;
            int winner = GM_EMPTY;
            for (;;) {
                int x = -1, y = -1;
                /* light settings keep the test quick under sanitizers */
                gm_engine_opts o = {2, 20000};
                if (gm_engine_move_opts(&b, side, (uint64_t)g * 1000003u + (uint64_t)b.stones, &o,
                                        &x, &y))
                    break;
                assert_int_equal(gm_at(&b, x, y), GM_EMPTY);
                if (rules == GM_RENJU && side == GM_BLACK)
                    assert_int_equal(gm_foul_at(&b, x, y), GM_FOUL_NONE);
                assert_int_equal(gm_place(&b, x, y, side), 0);
                if (gm_is_win(&b, x, y, side)) {
                    winner = side;
                    break;
                }
                side = side == GM_BLACK ? GM_WHITE : GM_BLACK;
            }
            results[rules][winner]++;
        }
    }
    fprintf(stderr, "self-play (draw/black/white): renju %d/%d/%d freestyle %d/%d/%d standard %d/%d/%d\n",
            results[0][0], results[0][1], results[0][2], results[1][0], results[1][1],
            results[1][2], results[2][0], results[2][1], results[2][2]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_opening),
        cmocka_unit_test(test_takes_five),
        cmocka_unit_test(test_blocks_five),
        cmocka_unit_test(test_four_onto_forbidden_point),
        cmocka_unit_test(test_vcf),
        cmocka_unit_test(test_black_never_fouls),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_full_board),
        cmocka_unit_test(test_selfplay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
