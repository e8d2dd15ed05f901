/* test_judge.c - dr_illegal_reason: the words a judge uses for an illegal claimed move.
 * Positions are built here; the geometry is in the comments. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "draughts.h"

#define START "W:W31-50:B1-20"

/* Reason for fen / from..to; want NULL for a legal move. */
static void check(const char *fen, int from, int to, bool is_capture, const char *want)
{
    dr_pos p;
    char err[128] = "", buf[160];
    if (dr_pos_from_fen(&p, fen, NULL, err, sizeof err) != 0) fail_msg("FEN %s: %s", fen, err);
    const char *got = dr_illegal_reason(&p, from, to, is_capture, buf, sizeof buf);
    if (!want) {
        if (got) fail_msg("%s %d%c%d: unexpected reason '%s'", fen, from, is_capture ? 'x' : '-', to, got);
        return;
    }
    if (!got) fail_msg("%s %d%c%d: accepted, want '%s'", fen, from, is_capture ? 'x' : '-', to, want);
    assert_string_equal(got, want);
}

static void test_legal_moves_pass(void **state)
{
    (void)state;
    check(START, 32, 28, false, NULL);
    check(START, 31, 26, false, NULL);
    check("W:W32:B27", 32, 21, true, NULL);
    check("W:WK2:B8,18,23,43", 2, 49, true, NULL);  /* ambiguous capture, either set */
    check("W:W32:B28,29,38,39", 32, 32, true, NULL); /* round trip to its own square */
}

static void test_wrong_piece(void **state)
{
    (void)state;
    check(START, 51, 46, false, "square 51 does not exist");
    check(START, 31, 0, false, "square 0 does not exist");
    check(START, 28, 23, false, "there is no piece on 28");
    check(START, 19, 23, false, "the piece on 19 is black's");
    check("B:W32:B19", 32, 28, false, "the piece on 32 is white's");
}

static void test_plain_move_geometry(void **state)
{
    (void)state;
    check(START, 37, 32, false, "square 32 is occupied");
    check("W:W28:B1", 28, 33, false, "a man cannot move backwards without capturing");
    check("B:B18", 18, 13, false, "a man cannot move backwards without capturing");
    check(START, 31, 22, false, "a man moves one square diagonally");  /* two squares */
    check(START, 31, 21, false, "a man moves one square diagonally");  /* straight up */
    check("W:WK46,28:B1", 46, 5, false, "the king's path from 46 to 5 is blocked on 28");
    check("W:WK46,28:B1", 46, 47, false, "a king moves along a diagonal");
    check("W:WK28", 28, 28, false, "a move must leave square 28");
}

static void test_compulsory_capture(void **state)
{
    (void)state;
    /* 32 takes 27 landing on 21 */
    check("W:W32:B27", 32, 28, false, "a capture is compulsory: 1 piece can be taken (from 32)");
    check("W:W32:B27", 32, 23, true, "no capture from 32 ends on 23");
    check("W:W32:B27", 32, 21, false, "32-21 is a capture: it is written 32x21");
    check(START, 32, 23, true, "no capture is possible in this position");
    check(START, 32, 28, true, "32x28 captures nothing: a plain move is written 32-28");
}

/* 48 can take 42 and 31 (ending on 26) or 43, 34 and 24 (ending on 19); only three. */
static void test_maximum_rule(void **state)
{
    (void)state;
    check("W:W48:B24,K31,34,K42,43", 48, 26, true,
          "a capture of 3 pieces was available (from 48); this move captures 2");
    check("W:W48:B24,K31,34,K42,43", 48, 19, true, NULL);
    /* a second white man on 32 can take 27 (one piece): the judge names the piece that
       could take three */
    check("W:W32,48:B27,24,K31,34,K42,43", 32, 21, true,
          "a capture of 3 pieces was available (from 48); this move captures 1");
    check("W:W32,48:B27,24,K31,34,K42,43", 32, 28, false,
          "a capture is compulsory: 3 pieces can be taken (from 48)");
    /* stopping half-way: 15x4 is the first jump of the compulsory 15x4x13 */
    check("W:W15:B9,10", 15, 4, true,
          "a capture of 2 pieces was available (from 15); this move captures 1");
}

static void test_small_buffer(void **state)
{
    (void)state;
    dr_pos p;
    char buf[12];
    dr_pos_start(&p, DR_WHITE);
    const char *r = dr_illegal_reason(&p, 28, 23, false, buf, sizeof buf);
    assert_non_null(r);
    assert_int_equal(strlen(r), sizeof buf - 1);
    assert_non_null(dr_illegal_reason(&p, 28, 23, false, NULL, 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_legal_moves_pass),
        cmocka_unit_test(test_wrong_piece),
        cmocka_unit_test(test_plain_move_geometry),
        cmocka_unit_test(test_compulsory_capture),
        cmocka_unit_test(test_maximum_rule),
        cmocka_unit_test(test_small_buffer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
