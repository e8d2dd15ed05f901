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

/* Search reports in full (analyse and annotate --engine): lines as Fairy-Stockfish,
 * Scan 2.0 (Hub-1), a Hub-2 engine and Rapfi write them. */
static void test_info_full(void **state)
{
    (void)state;
    sp_reply_info r;
    sp_reply_uci_info("info depth 6 seldepth 7 multipv 2 score cp 28 nodes 10068 nps 130753 tbhits 0 time 77 pv b1c3 b10c8 h1g3", &r);
    assert_true(r.is_info);
    assert_int_equal(r.multipv, 2);
    assert_int_equal(r.depth, 6);
    assert_int_equal(r.seldepth, 7);
    assert_true(r.has_score);
    assert_int_equal(r.cp, 28);
    assert_int_equal(r.mate, 0);
    assert_int_equal(r.nodes, 10068);
    assert_int_equal(r.time_ms, 77);
    assert_int_equal(r.npv, 3);
    assert_string_equal(r.pv[0], "b1c3");
    assert_string_equal(r.pv[2], "h1g3");
    sp_reply_uci_info("info depth 20 score mate -4 pv a1a2", &r);
    assert_int_equal(r.mate, -4);                       /* mated in 4 moves */
    assert_int_equal(r.multipv, 1);                     /* none given: line 1 */
    sp_reply_uci_info("info depth 9 score cp 120 lowerbound nodes 5 pv h2e2", &r);
    assert_true(r.bound);
    assert_int_equal(r.nodes, 5);                       /* the words after the bound still read */
    sp_reply_uci_info("info depth 8 score -35 pv h2e2", &r);   /* UCCI */
    assert_int_equal(r.cp, -35);
    sp_reply_uci_info("info string score cp 99 pv x", &r);
    assert_false(r.is_info);
    sp_reply_uci_info("infox depth 3", &r);
    assert_false(r.is_info);
    sp_reply_uci_info("info depth 1 score cp", &r);     /* cut short: no score */
    assert_false(r.has_score);
    /* a line longer than the report holds: cut at SP_REPLY_PV moves, each text bounded */
    char big[4096] = "info depth 1 score cp 1 pv";
    for (int i = 0; i < 100; i++) strcat(big, " a1a2");
    strcat(big, " abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz");
    sp_reply_uci_info(big, &r);
    assert_int_equal(r.npv, SP_REPLY_PV);
    /* Scan 2.0 (Hub-1): info DEPTH MEAN SCORE NODES SECONDS MNPS PV, score in 1/100 man */
    sp_reply_hub_info("info 12 14.1 -2 224400 0.03 0.0 34-30 17-21 26x17", true, &r);
    assert_true(r.is_info);
    assert_int_equal(r.depth, 12);
    assert_int_equal(r.cp, -2);
    assert_int_equal(r.nodes, 224400);
    assert_int_equal(r.time_ms, 30);                    /* 0.03 s */
    assert_int_equal(r.npv, 3);
    assert_string_equal(r.pv[2], "26x17");
    sp_reply_hub_info("info 12 14.1", true, &r);        /* too few fields: not a report */
    assert_false(r.is_info);
    /* Hub-2: key=value, score in men, time in seconds, the line quoted */
    sp_reply_hub_info("info depth=14 mean-depth=16.2 score=0.35 nodes=1000 time=1.5 nps=2.0 pv=\"32-28 19-23\"", false, &r);
    assert_int_equal(r.depth, 14);
    assert_int_equal(r.cp, 35);
    assert_int_equal(r.time_ms, 1500);
    assert_int_equal(r.npv, 2);
    assert_string_equal(r.pv[1], "19-23");
    /* Rapfi: two MESSAGE lines; the mate counts plies (M3: 2 moves) */
    sp_reply_gomocup_info("MESSAGE Speed 285K | Depth 14-20 | Eval -115 | Node 134K | Time 470ms", &r);
    assert_true(r.is_info);
    assert_int_equal(r.depth, 14);
    assert_int_equal(r.seldepth, 20);
    assert_int_equal(r.cp, -115);
    assert_int_equal(r.nodes, 134000);
    assert_int_equal(r.time_ms, 470);
    sp_reply_gomocup_info("MESSAGE Speed 1 | Depth 8-2 | Eval +M3 | Node 14 | Time 0ms", &r);
    assert_int_equal(r.mate, 2);
    sp_reply_gomocup_info("MESSAGE Speed 1 | Depth 8-2 | Eval -M2 | Node 14 | Time 0ms", &r);
    assert_int_equal(r.mate, -1);
    sp_reply_gomocup_info("MESSAGE Bestline H6 J6 G9", &r);
    assert_int_equal(r.npv, 3);
    assert_string_equal(r.pv[0], "h6");
    assert_false(r.has_score);
    sp_reply_gomocup_info("MESSAGE plays 7,7", &r);
    assert_false(r.is_info);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uci),
        cmocka_unit_test(test_uci_hostile_numbers),
        cmocka_unit_test(test_gomocup),
        cmocka_unit_test(test_hub),
        cmocka_unit_test(test_info_full),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
