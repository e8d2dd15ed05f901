/* test_reply.c -- the readers of outside engines' reply lines (selfplay/sp_reply.h),
 * on lines written as the protocols' documents and real engines write them, and on
 * hostile numbers: each expected value is derived by hand in the comment beside it
 * (a mate in M moves is +-(30000 - 2M), docs/match.md; numbers beyond range clamp). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "sp_reply.h"

static void test_uci(void **state)
{
    (void)state;
    sp_reply r;
    sp_reply_uci("info depth 12 seldepth 18 score cp 35 nodes 1000 pv h2e2 h9g7", &r);
    assert_int_equal(r.kind, SP_REPLY_INFO);
    assert_int_equal(r.depth, 12);
    assert_true(r.has_eval);
    assert_int_equal(r.eval, 35);
    sp_reply_uci("info depth 30 score mate 3 pv h2e2", &r);
    assert_int_equal(r.eval, 30000 - 6);            /* winning: mate in 3 */
    sp_reply_uci("info depth 30 score mate -2 pv h2e2", &r);
    assert_int_equal(r.eval, -30000 + 4);           /* losing: -30000 - 2*(-2) */
    sp_reply_uci("info depth 8 score -120 pv b2e2", &r);   /* UCCI: a bare number */
    assert_int_equal(r.eval, -120);
    sp_reply_uci("info string NNUE evaluation", &r);
    assert_int_equal(r.kind, SP_REPLY_INFO);
    assert_false(r.has_eval);
    assert_int_equal(r.depth, -1);
    sp_reply_uci("bestmove h2e2 ponder h9g7", &r);
    assert_int_equal(r.kind, SP_REPLY_MOVE);
    assert_string_equal(r.move, "h2e2");
    sp_reply_uci("bestmove (none)", &r);
    assert_int_equal(r.kind, SP_REPLY_RESIGN);
    sp_reply_uci("bestmove 0000", &r);
    assert_int_equal(r.kind, SP_REPLY_RESIGN);
    sp_reply_uci("bestmove", &r);
    assert_int_equal(r.kind, SP_REPLY_RESIGN);
    sp_reply_uci("nobestmove", &r);
    assert_int_equal(r.kind, SP_REPLY_RESIGN);
    sp_reply_uci("readyok", &r);
    assert_int_equal(r.kind, SP_REPLY_OTHER);
}

/* Hostile numbers: clamped, never overflowed (the old reader computed
 * 30000 - 2 * atoi(...) in int: undefined for a mate of 2^31 - 1). */
static void test_uci_hostile_numbers(void **state)
{
    (void)state;
    sp_reply r;
    sp_reply_uci("info depth 99999999999999999999 score cp 99999999999999999999", &r);
    assert_int_equal(r.depth, 9999);
    assert_int_equal(r.eval, 30000);
    sp_reply_uci("info score cp -99999999999999999999", &r);
    assert_int_equal(r.eval, -30000);
    sp_reply_uci("info score mate 2147483647", &r);
    assert_int_equal(r.eval, 30000 - 2000);         /* a mate clamped to 1000 moves */
    sp_reply_uci("info score mate -2147483648", &r);
    assert_int_equal(r.eval, -30000 + 2000);
    char longmove[400];
    memset(longmove, 'a', sizeof longmove);
    memcpy(longmove, "bestmove ", 9);
    longmove[sizeof longmove - 1] = 0;
    sp_reply_uci(longmove, &r);                     /* a word longer than the buffer: cut */
    assert_int_equal(r.kind, SP_REPLY_MOVE);
    assert_int_equal(strlen(r.move), 127);
}

static void test_gomocup(void **state)
{
    (void)state;
    sp_reply r;
    sp_reply_gomocup("7,7", &r);                    /* column 7 = h, row 7 + 1 */
    assert_int_equal(r.kind, SP_REPLY_MOVE);
    assert_string_equal(r.move, "h8");
    sp_reply_gomocup("0,14", &r);
    assert_string_equal(r.move, "a15");
    sp_reply_gomocup("MESSAGE depth 9", &r);
    assert_int_equal(r.kind, SP_REPLY_OTHER);
    sp_reply_gomocup("ERROR unknown INFO", &r);
    assert_int_equal(r.kind, SP_REPLY_OTHER);
    sp_reply_gomocup("", &r);
    assert_int_equal(r.kind, SP_REPLY_OTHER);
    const char *garbage[] = {"7,7,", "7", "7;7", "-1,3", "26,0", "3,99", "x,y", "99999999999999999999,1", "7,7 "};
    for (size_t i = 0; i < sizeof garbage / sizeof *garbage; i++) {
        sp_reply_gomocup(garbage[i], &r);
        if (r.kind != SP_REPLY_GARBAGE) fail_msg("'%s' read as %d, not garbage", garbage[i], r.kind);
    }
    char t[8];
    assert_int_equal(sp_reply_gomocup_xy("25,98", t, sizeof t), 0);   /* the far corner: z99 */
    assert_string_equal(t, "z99");
}

static void test_hub(void **state)
{
    (void)state;
    sp_reply r;
    sp_reply_hub("info depth=15 mean-depth=13.2 score=0.25 nodes=1000", false, &r);
    assert_int_equal(r.kind, SP_REPLY_INFO);
    assert_int_equal(r.depth, 15);
    assert_int_equal(r.eval, 25);                   /* pieces in 1/100 */
    sp_reply_hub("info score=1e308", false, &r);     /* once (int)(1e310): undefined */
    assert_int_equal(r.eval, 30000);
    sp_reply_hub("info score=-inf", false, &r);
    assert_int_equal(r.eval, -30000);
    sp_reply_hub("info score=nan", false, &r);
    assert_false(r.has_eval);
    sp_reply_hub("done move=32-28 ponder=19-23", false, &r);
    assert_int_equal(r.kind, SP_REPLY_MOVE);
    assert_string_equal(r.move, "32-28");
    sp_reply_hub("done", false, &r);
    assert_int_equal(r.kind, SP_REPLY_RESIGN);
    sp_reply_hub("done move=zz", false, &r);
    assert_int_equal(r.kind, SP_REPLY_GARBAGE);
    sp_reply_hub("error bad position", false, &r);
    assert_int_equal(r.kind, SP_REPLY_GARBAGE);
    sp_reply_hub("move 28x19x23", true, &r);         /* Hub-1 */
    assert_int_equal(r.kind, SP_REPLY_MOVE);
    assert_string_equal(r.move, "28x19x23");
    sp_reply_hub("move 28x19x23", false, &r);        /* not a Hub-2 answer */
    assert_int_equal(r.kind, SP_REPLY_OTHER);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uci),
        cmocka_unit_test(test_uci_hostile_numbers),
        cmocka_unit_test(test_gomocup),
        cmocka_unit_test(test_hub),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
