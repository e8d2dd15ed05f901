/* test_rules_human.c -- the two rule sets for repetition (xq_rules): under
 * ccgc a third repetition ends the game (moves after it are after-end faults,
 * a contradicting claim is a result fault); under human it is a warning at the
 * move that made it, the replay goes on, and the verdict is about the rest.
 * The natural limit likewise (issue 7, item 8). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "xqr_test_util.h"

/* Validate the first game of text s under rules into v; c stays alive for the
 * caller to inspect and free. */
static void check_rules_text(const char *s, xq_rules rules, xq_check *c, bo_verdict *v, xqr_warnings *w)
{
    bo_record_list l;
    assert_int_equal(xqr_read_string(s, &l), 0);
    assert_true(l.n >= 1);
    memset(w, 0, sizeof *w);
    bo_verdict_sink sink = {xqr_on_verdict, xqr_on_warning, w};
    xq_check_init(c);
    c->rules = rules;
    assert_int_equal(xq_check_record(c, "t.pgn", &l.items[0], &sink, v), 0);
    bo_record_list_free(&l);
}

/* Two red rooks (b8 holds black's king on rank 9) and red's king against a
 * bare black king: red shuffles a rook, black its king, then mates. */
#define MATE_FEN "[FEN \"4k4/1R7/9/9/9/9/9/9/9/R2K5 w - - 0 1\"]\n"
/* One red rook checking on every move of the cycle. */
#define CHECKS_FEN "[FEN \"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\"]\n"
#define KINGS_FEN "[FEN \"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1\"]\n"

static void names(void **state)
{
    (void)state;
    xq_rules r = XQ_RULES_HUMAN;
    assert_int_equal(xq_rules_from_name("ccgc", &r), 0);
    assert_int_equal(r, XQ_RULES_CCGC);
    assert_int_equal(xq_rules_from_name("human", &r), 0);
    assert_int_equal(r, XQ_RULES_HUMAN);
    assert_int_equal(xq_rules_from_name("Continue", &r), 0);
    assert_int_equal(r, XQ_RULES_HUMAN);
    assert_int_equal(xq_rules_from_name("standard", &r), 0);
    assert_int_equal(r, XQ_RULES_CCGC);
    assert_int_equal(xq_rules_from_name("renju", &r), -1);
    assert_int_equal(xq_rules_from_name(NULL, &r), -1);
    assert_string_equal(xq_rules_name(XQ_RULES_CCGC), "ccgc");
    assert_string_equal(xq_rules_name(XQ_RULES_HUMAN), "human");
    xq_check c;
    xq_check_init(&c);
    assert_int_equal(c.rules, XQ_RULES_CCGC);
    xq_check_free(&c);
}

/* A drawn repetition, then mate: after-end under ccgc, mate under human. */
static void play_goes_on_after_a_repetition(void **state)
{
    (void)state;
    const char *s = MATE_FEN "1. a0a1 e9f9 2. a1a0 f9e9 3. a0a1 e9f9\n4. a1a0 f9e9 5. a0a9 1-0\n";
    xq_check c;
    bo_verdict v;
    xqr_warnings w;
    check_rules_text(s, XQ_RULES_CCGC, &c, &v, &w);
    assert_int_equal(v.status, BO_VERDICT_INVALID);
    assert_string_equal(v.kind, "after-end");
    assert_int_equal(v.move_no, 5);
    assert_int_equal(v.line, 3);
    assert_int_equal(v.col, 17);
    assert_non_null(strstr(v.message, "a draw by repetition"));
    assert_non_null(strstr(v.message, "under --rules human a repetition does not end the game"));
    assert_int_equal(w.n, 0);
    xq_check_free(&c);

    check_rules_text(s, XQ_RULES_HUMAN, &c, &v, &w);
    assert_int_equal(v.status, BO_VERDICT_OK);
    assert_int_equal(v.moves, 9);
    assert_string_equal(v.result, "1-0");
    assert_string_equal(v.ending, "checkmate");
    assert_int_equal(w.n, 1);
    assert_int_equal(c.repetitions, 1);
    /* at black's 4th move, the one that brought the start position back a third time */
    assert_string_equal(w.last, "3:9: position repeated a third time (plies 1..8) by move 4 (black) f9e9; "
                                "under the contest rules (--rules ccgc) this ends the game: a draw by repetition, "
                                "1/2-1/2; under --rules human play goes on");
    xq_check_free(&c);

    /* the mate still decides the claim under human rules */
    check_rules_text(MATE_FEN "1. a0a1 e9f9 2. a1a0 f9e9 3. a0a1 e9f9 4. a1a0 f9e9 5. a0a9 1/2-1/2\n", XQ_RULES_HUMAN,
                     &c, &v, &w);
    assert_int_equal(v.status, BO_VERDICT_INVALID);
    assert_string_equal(v.kind, "result");
    assert_non_null(strstr(v.message, "black was checkmated"));
    xq_check_free(&c);
}

/* The checker claims the win where the record ends in its perpetual check:
 * a result fault under ccgc; under human no fault (the game is not over on the
 * board), but the ending says what the contest rules would score. */
static void claim_after_perpetual_check(void **state)
{
    (void)state;
    const char *s = CHECKS_FEN "[Result \"1-0\"]\n1. a0a9 e9e8 2. a9a8 e8e9 3. a8a9 e9e8 4. a9a8 e8e9 5. a8a9\n";
    xq_check c;
    bo_verdict v;
    xqr_warnings w;
    check_rules_text(s, XQ_RULES_CCGC, &c, &v, &w);
    assert_int_equal(v.status, BO_VERDICT_INVALID);
    assert_string_equal(v.kind, "result");
    assert_non_null(strstr(v.message, "the record claims 1-0, but the moves give 0-1: red lost by perpetual check"));
    assert_non_null(strstr(v.message, "--rules human"));
    xq_check_free(&c);

    check_rules_text(s, XQ_RULES_HUMAN, &c, &v, &w);
    assert_int_equal(v.status, BO_VERDICT_OK);
    assert_string_equal(v.result, "*");
    assert_string_equal(v.ending, "not over on the board; it ends in a repetition, which the contest rules score: "
                                  "red loses by perpetual check, 0-1; the record says 1-0");
    /* the repetition, then the result policy's: 1-0 claimed, not reached, no reason */
    assert_int_equal(w.n, 2);
    assert_non_null(strstr(w.first, "position repeated a third time (plies 2..9) by move 5 (red) a8a9; "));
    assert_non_null(strstr(w.first, "red loses by perpetual check, 0-1 (every move of the cycle by that side gave check)"));
    assert_non_null(strstr(w.last, "the record says 1-0, but the game is not over on the board and the record gives no reason"));
    xq_check_free(&c);

    /* the claim the contest rules would give, and no claim */
    check_rules_text(CHECKS_FEN "1. a0a9 e9e8 2. a9a8 e8e9 3. a8a9 e9e8 4. a9a8 e8e9 5. a8a9 0-1\n", XQ_RULES_CCGC, &c,
                     &v, &w);
    assert_int_equal(v.status, BO_VERDICT_OK);
    assert_string_equal(v.result, "0-1");
    xq_check_free(&c);
    check_rules_text(CHECKS_FEN "1. a0a9 e9e8 2. a9a8 e8e9 3. a8a9 e9e8 4. a9a8 e8e9 5. a8a9\n", XQ_RULES_HUMAN, &c, &v,
                     &w);
    assert_int_equal(v.status, BO_VERDICT_OK);
    assert_string_equal(v.result, "*");
    assert_string_equal(v.ending, "not over on the board; it ends in a repetition, which the contest rules score: "
                                  "red loses by perpetual check, 0-1");
    xq_check_free(&c);
}

/* One warning per repetition: the plies of one cycle going round again are
 * the same repetition; a new one after a ply that repeats nothing is warned
 * of again (here a fourth occurrence). */
static void one_warning_per_repetition(void **state)
{
    (void)state;
    xq_check c;
    bo_verdict v;
    xqr_warnings w;
    check_rules_text(KINGS_FEN "1. d0d1 e9e8 2. d1d0 e8e9 3. d0d1 e9e8 4. d1d0 e8e9 5. d0d1 e9e8 6. d1d0 e8e9\n",
                     XQ_RULES_HUMAN, &c, &v, &w);
    assert_int_equal(v.status, BO_VERDICT_OK);
    assert_int_equal(v.moves, 12);
    assert_string_equal(v.result, "*");
    assert_non_null(strstr(v.ending, "a draw by repetition, 1/2-1/2"));
    assert_int_equal(w.n, 1);
    xq_check_free(&c);

    check_rules_text(KINGS_FEN "1. d0d1 e9e8 2. d1d0 e8e9 3. d0d1 e9e8 4. d1d0 e8e9 5. d0d1 e9e8 6. d1d2 e8e9\n"
                               "7. d2d1\n",
                     XQ_RULES_HUMAN, &c, &v, &w);
    assert_int_equal(v.status, BO_VERDICT_OK);
    assert_int_equal(w.n, 2);
    assert_int_equal(c.repetitions, 2);
    assert_string_equal(w.last, "3:4: position repeated a 4th time (plies 2..13) by move 7 (red) d2d1; under the "
                                "contest rules (--rules ccgc) this ends the game: a draw by repetition, 1/2-1/2; "
                                "under --rules human play goes on");
    xq_check_free(&c);
}

/* Under human rules the natural limit (60 moves by each side without a
 * capture) is a warning, as repetition is: masters played on past it. Here it
 * comes with a repetition (the engine names the repetition first): ccgc ends
 * the game there, human warns of both and replays every move. */
static void natural_limit_is_a_warning(void **state)
{
    (void)state;
    const char *s = "[FEN \"4k4/9/9/9/9/9/9/9/9/3K5 w - - 112 1\"]\n"
                    "1. d0d1 e9e8 2. d1d0 e8e9 3. d0d1 e9e8 4. d1d0 e8e9 5. d0d1\n";
    xq_check c;
    bo_verdict v;
    xqr_warnings w;
    check_rules_text(s, XQ_RULES_CCGC, &c, &v, &w);
    assert_int_equal(v.status, BO_VERDICT_INVALID);
    assert_string_equal(v.kind, "after-end");
    xq_check_free(&c);
    check_rules_text(s, XQ_RULES_HUMAN, &c, &v, &w);
    assert_int_equal(v.status, BO_VERDICT_OK);
    assert_int_equal(v.moves, 9);
    assert_string_equal(v.result, "*");
    assert_int_equal(c.limits, 1);
    assert_int_equal(c.repetitions, 1);
    assert_int_equal(w.n, 2);
    assert_non_null(strstr(w.last, "with move 4 (black) e8e9; under the contest rules (--rules ccgc) this ends the "
                                   "game: a draw by the natural limit, 1/2-1/2; under --rules human play goes on"));
    xq_check_free(&c);
}

/* A real game that goes on past the natural limit: ccpd-big5/023.pgn (Big5,
 * decoded here with iconv), 209 plies, 60 moves each without a capture
 * complete with black's move 103 (卒２進１, line 116). Under ccgc red's move 104
 * is after the end; under human the whole game replays, with one warning. */
static void natural_limit_in_a_master_game(void **state)
{
    (void)state;
    char *text = xqr_big5_file(XQR_CORPUS "ccpd-big5/023.pgn");
    assert_non_null(text);
    xq_check c;
    bo_verdict v;
    xqr_warnings w;
    check_rules_text(text, XQ_RULES_CCGC, &c, &v, &w);
    assert_int_equal(v.status, BO_VERDICT_INVALID);
    assert_string_equal(v.kind, "after-end");
    assert_int_equal(v.line, 117);
    assert_int_equal(v.move_no, 104);
    assert_non_null(strstr(v.message, "a draw by the natural limit"));
    /* the replay's own count: 120 plies since the last capture after ply 206 */
    assert_int_equal(c.nmoves, 206);
    assert_int_equal(c.game.pos.halfmove, 120);
    xq_check_free(&c);
    check_rules_text(text, XQ_RULES_HUMAN, &c, &v, &w);
    assert_int_equal(v.status, BO_VERDICT_OK);
    assert_int_equal(v.moves, 209);
    assert_int_equal(c.limits, 1);
    assert_non_null(strstr(w.first, "116:11: 60 moves by each side without a capture are complete with move 103 (black)"));
    /* and the result policy's warning when the record claims a result it does not reach */
    assert_true(w.n == 1 || (w.n == 2 && strstr(w.last, "gives no reason")));
    xq_check_free(&c);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names),
        cmocka_unit_test(play_goes_on_after_a_repetition),
        cmocka_unit_test(claim_after_perpetual_check),
        cmocka_unit_test(one_warning_per_repetition),
        cmocka_unit_test(natural_limit_is_a_warning),
        cmocka_unit_test(natural_limit_in_a_master_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
