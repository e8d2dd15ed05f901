/* test_fen.c - FEN reading, writing and the rejection of impossible positions. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "xiangqi.h"

#define START "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"

/* Start position: FEN round trip and where the pieces stand. */
static void test_start_position(void **state)
{
    (void)state;
    xq_pos p, q;
    char fen[128];
    xq_pos_start(&p);
    xq_pos_to_fen(&p, fen, sizeof fen);
    assert_string_equal(fen, START " w - - 0 1");
    assert_int_equal(p.side, XQ_RED);
    assert_int_equal(p.sq[XQ_SQ(4, 0)], XQ_PIECE(XQ_RED, XQ_KING));
    assert_int_equal(p.sq[XQ_SQ(4, 9)], XQ_PIECE(XQ_BLACK, XQ_KING));
    assert_int_equal(p.sq[XQ_SQ(1, 2)], XQ_PIECE(XQ_RED, XQ_CANNON));
    assert_int_equal(p.sq[XQ_SQ(7, 7)], XQ_PIECE(XQ_BLACK, XQ_CANNON));
    assert_int_equal(p.sq[XQ_SQ(0, 3)], XQ_PIECE(XQ_RED, XQ_PAWN));
    assert_int_equal(p.sq[XQ_SQ(1, 0)], XQ_PIECE(XQ_RED, XQ_HORSE));
    assert_int_equal(p.sq[XQ_SQ(2, 9)], XQ_PIECE(XQ_BLACK, XQ_ELEPHANT));
    assert_int_equal(xq_pos_from_fen(&q, START " w - - 0 1", NULL, 0), 0);
    assert_true(q.hash == p.hash);
}

/* The accepted spellings: H/E letters, 'r' for red, board+side only,
   counters with or without "- -". */
static void test_accepted_forms(void **state)
{
    (void)state;
    xq_pos a, b;
    char err[128], fen[128];
    xq_pos_start(&a);
    assert_int_equal(xq_pos_from_fen(&b, "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r",
                                     err, sizeof err), 0);
    assert_memory_equal(a.sq, b.sq, XQ_SQUARES);
    assert_true(a.hash == b.hash);
    assert_int_equal(b.halfmove, 0);
    assert_int_equal(b.fullmove, 1);

    assert_int_equal(xq_pos_from_fen(&b, "  " START " b 7 12\n", err, sizeof err), 0);
    assert_int_equal(b.side, XQ_BLACK);
    assert_int_equal(b.halfmove, 7);
    assert_int_equal(b.fullmove, 12);
    xq_pos_to_fen(&b, fen, sizeof fen);
    assert_string_equal(fen, START " b - - 7 12");

    assert_int_equal(xq_pos_from_fen(&b, START " w - - 33 40", err, sizeof err), 0);
    assert_int_equal(b.halfmove, 33);
    assert_int_equal(b.fullmove, 40);

    /* a sparse endgame round-trips */
    const char *end = "3k5/4P4/9/9/9/9/9/9/9/4K4 b - - 5 60";
    assert_int_equal(xq_pos_from_fen(&b, end, err, sizeof err), 0);
    xq_pos_to_fen(&b, fen, sizeof fen);
    assert_string_equal(fen, end);
}

typedef struct bad_fen { const char *fen, *reason; } bad_fen;

/* Each impossible position is refused, with the reason given. */
static void test_rejections(void **state)
{
    (void)state;
    static const bad_fen bad[] = {
        { "", "empty FEN" },
        { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w", "9 rows, not 10" },
        { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "more than 10 rows" },
        { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/8/RNBAKABNR w", "row 9 has 8 points, not 9" },
        { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C2/9/RNBAKABNR w", "row 8 has more than 9 points" },
        { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w", "row 10 has more than 9 points" },
        { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5X1/9/RNBAKABNR w", "unknown piece letter 'X'" },
        { START, "side to move missing" },
        { START " x", "bad side to move 'x'" },
        { START " w - - x 1", "bad move counters" },
        { START " w 0", "unexpected FEN fields" },
        { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w", "red has no general" },
        { "rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "black has no general" },
        { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w", "red has two generals" },
        { "3k5/9/9/9/9/9/9/9/9/2K6 w", "the red general on c0 is outside its palace" },
        { "9/9/3k5/9/9/9/9/9/9/4K4 w", NULL /* d7 is a palace point: valid */ },
        { "9/9/9/3k5/9/9/9/9/9/4K4 w", "the black general on d6 is outside its palace" },
        { "4k4/9/9/9/9/9/9/9/3K5/9 w", NULL /* d1 is a palace point: valid */ },
        { "3k5/9/9/9/9/9/9/9/4A4/3KA4 w", "the red advisor on e0 is not on one of the five palace points" },
        { "3k5/9/9/9/9/9/9/9/A8/4K4 w", "the red advisor on a1" },
        { "3k5/9/9/9/9/9/9/9/9/3BK4 w", "the red elephant on d0 is not on one of the seven points" },
        { "3k5/9/9/9/2B6/9/9/9/9/4K4 w", "the red elephant on c5 has crossed the river" },
        { "3kb4/9/9/9/9/9/9/9/9/4K4 w", "the black elephant on e9 is not on one of the seven points" },
        { "3k5/9/9/9/9/9/9/9/P8/4K4 w", "the red pawn on a1 is behind its starting rank" },
        { "3k5/9/9/9/9/9/1P7/9/9/4K4 w", "the red pawn on b3 is off the pawn files" },
        { "3k5/9/9/9/9/9/9/9/9/4K1p2 w", NULL /* black pawn on g0: crossed, valid */ },
        { "3k5/p8/9/9/9/9/9/9/9/4K4 w", "the black pawn on a8 is behind its starting rank" },
        { "3k5/9/9/1p7/9/9/9/9/9/4K4 w", "the black pawn on b6 is off the pawn files" },
        { "3k5/9/9/9/9/9/9/9/9/4KAAA1 w", "the red advisor on g0" },
        { "3k5/9/9/9/9/9/9/4A4/3A1A3/4K4 w", "the red advisor on d1 is not on one of the five palace points" },
        { "3k5/9/9/9/9/9/9/3A1A3/4A4/3K5 w", "red has more than 2 advisors" },
        { "3k5/9/9/9/9/2B3B2/9/B8/9/4K4 w", "red has more than 2 elephants" },
        { "3k5/9/9/9/9/NNN6/9/9/9/4K4 w", "red has more than 2 horses" },
        { "3k5/9/9/9/9/9/9/9/9/RRR1K4 w", "red has more than 2 chariots" },
        { "3k5/ccc6/9/9/9/9/9/9/9/4K4 w", "black has more than 2 cannons" },
        { "3k5/9/9/9/PPPPPP3/9/9/9/9/4K4 w", "red has more than 5 pawns" },
        { "4k4/9/9/9/9/9/9/9/9/4K4 w", "the two generals face each other" },
        { "4k4/9/9/9/9/9/9/9/9/4K4 b", "the two generals face each other" },
        { "3k5/9/9/9/9/9/9/9/9/3RK4 w", "black is not to move but its general is in check" },
        { "3k5/9/9/9/9/9/9/9/4r4/4K4 b", "red is not to move but its general is in check" },
        { "3k5/9/9/9/9/9/9/9/4r4/4K4 w", NULL /* red to move, in check: fine */ },
        { "4k4/4a4/9/9/4C4/9/4P4/9/9/3K5 w", "black is not to move but its general is in check" },
        { "3k5/9/9/9/9/9/9/3n5/9/4K4 b", "red is not to move but its general is in check" },
        { "3k5/9/9/9/9/9/9/9/4p4/4K4 b", "red is not to move but its general is in check" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        xq_pos p;
        char err[160] = "";
        int rc = xq_pos_from_fen(&p, bad[i].fen, err, sizeof err);
        if (!bad[i].reason) {
            if (rc != 0)
                fail_msg("'%s' rejected: %s", bad[i].fen, err);
            continue;
        }
        if (rc != -1)
            fail_msg("'%s' accepted, expected '%s'", bad[i].fen, bad[i].reason);
        if (!strstr(err, bad[i].reason))
            fail_msg("'%s': got '%s', expected '%s'", bad[i].fen, err, bad[i].reason);
    }
}

/* xq_pos_set validates a board built in memory the same way. */
static void test_pos_set(void **state)
{
    (void)state;
    uint8_t b[XQ_SQUARES] = { 0 };
    xq_pos p;
    char err[128];
    b[XQ_SQ(4, 0)] = XQ_PIECE(XQ_RED, XQ_KING);
    assert_int_equal(xq_pos_set(&p, b, XQ_RED, 0, 1, err, sizeof err), -1);
    assert_string_equal(err, "black has no general");
    b[XQ_SQ(3, 9)] = XQ_PIECE(XQ_BLACK, XQ_KING);
    assert_int_equal(xq_pos_set(&p, b, XQ_RED, 0, 1, err, sizeof err), 0);
    assert_int_equal(xq_pos_set(&p, b, XQ_RED, -1, 1, err, sizeof err), -1);
    assert_int_equal(xq_pos_set(&p, b, XQ_RED, 0, 0, err, sizeof err), -1);
    b[XQ_SQ(0, 0)] = 8; /* side bit without a kind */
    assert_int_equal(xq_pos_set(&p, b, XQ_RED, 0, 1, err, sizeof err), -1);
    assert_non_null(strstr(err, "invalid piece byte"));
    /* a NULL err buffer is allowed */
    assert_int_equal(xq_pos_from_fen(&p, "nonsense", NULL, 0), -1);
}

/* Square names and parsing. */
static void test_square_names(void **state)
{
    (void)state;
    char n[3], m[5];
    xq_square_name(XQ_SQ(4, 3), n);
    assert_string_equal(n, "e3");
    xq_square_name(89, n);
    assert_string_equal(n, "i9");
    xq_square_name(90, n);
    assert_string_equal(n, "??");
    assert_int_equal(xq_square_parse("e3"), XQ_SQ(4, 3));
    assert_int_equal(xq_square_parse("A0"), 0);
    assert_int_equal(xq_square_parse("j0"), -1);
    xq_move_name(XQ_MOVE(XQ_SQ(7, 2), XQ_SQ(4, 2)), m);
    assert_string_equal(m, "h2e2");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_position),
        cmocka_unit_test(test_accepted_forms),
        cmocka_unit_test(test_rejections),
        cmocka_unit_test(test_pos_set),
        cmocka_unit_test(test_square_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
