/* test_validate.c -- the judge: every kind of fault, in the words a judge uses,
 * located at the move (or tag, or result) it is about. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "dr_pdn.h"
#include "dr_validate.h"

typedef struct seen {
    int n, warnings;
    bo_verdict v[8];
    char kind[8][32], message[8][512], move[8][64], side[8][16], result[8][32];
    char warning[8][512];
} seen;

static void on_verdict(void *ctx, const bo_verdict *v)
{
    seen *s = ctx;
    if (s->n >= 8) return;
    int i = s->n++;
    s->v[i] = *v;
    snprintf(s->kind[i], sizeof s->kind[i], "%s", v->kind ? v->kind : "");
    snprintf(s->message[i], sizeof s->message[i], "%s", v->message ? v->message : "");
    snprintf(s->move[i], sizeof s->move[i], "%s", v->move_text ? v->move_text : "");
    snprintf(s->side[i], sizeof s->side[i], "%s", v->side ? v->side : "");
    snprintf(s->result[i], sizeof s->result[i], "%s", v->result ? v->result : "");
}

static void on_warning(void *ctx, const bo_warning *w)
{
    seen *s = ctx;
    if (s->warnings < 8) snprintf(s->warning[s->warnings], sizeof s->warning[0], "%s", w->message);
    s->warnings++;
}

/* Validate every game of SRC under RULES (NULL: defaults). */
static void check(const char *src, const dr_rules *rules, seen *s)
{
    memset(s, 0, sizeof *s);
    dr_pdn_games gs;
    char err[128];
    assert_int_equal(dr_pdn_read_all(src, strlen(src), &gs, err, sizeof err), 0);
    bo_verdict_sink sink = {on_verdict, on_warning, s};
    for (int i = 0; i < gs.n; i++) dr_validate_record(&gs.items[i].rec, "t.pdn", rules, &sink);
    dr_pdn_games_free(&gs);
}

static void legal_game_is_ok(void **state)
{
    (void)state;
    seen s;
    check("[Result \"2-0\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0", NULL, &s);
    assert_int_equal(s.n, 1);
    assert_int_equal(s.v[0].status, BO_VERDICT_OK);
    assert_int_equal(s.v[0].moves, 4);
    assert_string_equal(s.result[0], "2-0");
    /* the result policy's one warning: 2-0 is not reached on the board, and nothing
     * says why (result_policy.h) */
    assert_int_equal(s.warnings, 1);
    check("[Result \"2-0\"][Termination \"black resigns\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0", NULL, &s);
    assert_int_equal(s.v[0].status, BO_VERDICT_OK);
    assert_int_equal(s.warnings, 0);
}

static void maximum_capture(void **state)
{
    (void)state;
    seen s;
    check("[FEN \"W:W28,45:B22,12,13,40\"]\n1. 45x34 *", NULL, &s);
    assert_int_equal(s.v[0].status, BO_VERDICT_INVALID);
    assert_string_equal(s.kind[0], "illegal");
    assert_string_equal(s.message[0], "a capture of 3 pieces was available (from 28); this move captures 1");
    assert_int_equal(s.v[0].line, 2);
    assert_int_equal(s.v[0].col, 4);
    assert_int_equal(s.v[0].move_no, 1);
    assert_string_equal(s.side[0], "white");
    assert_string_equal(s.move[0], "45x34");
}

static void man_backwards(void **state)
{
    (void)state;
    seen s;
    check("1. 32-28 18-22 2. 28-32 *", NULL, &s);
    assert_string_equal(s.kind[0], "illegal");
    assert_string_equal(s.message[0], "a man cannot move backwards without capturing");
    assert_int_equal(s.v[0].move_no, 2);
    assert_int_equal(s.v[0].moves, 2);
    assert_int_equal(s.v[0].col, 19);
}

static void ambiguous_capture(void **state)
{
    (void)state;
    seen s;
    check("[FEN \"W:WK47:B14,19,29,31,42\"]\n1. 47x36 *\n[FEN \"W:WK47:B14,19,29,31,42\"]\n1. 47x38x20x9x36 *",
          NULL, &s);
    assert_int_equal(s.n, 2);
    assert_string_equal(s.kind[0], "illegal");
    assert_non_null(strstr(s.message[0], "47x36 is ambiguous: two paths capture different pieces; write the path"));
    assert_int_equal(s.v[1].status, BO_VERDICT_OK);
}

static void moves_after_the_end(void **state)
{
    (void)state;
    seen s;
    check("[FEN \"W:W28:B23\"]\n1. 28x19 14-19 *\n[FEN \"B:W41,47:B36\"]\n1... 36-41 *", NULL, &s);
    assert_string_equal(s.kind[0], "after-end");
    assert_string_equal(s.message[0], "the game was already over: black has no pieces left, so white has won");
    assert_string_equal(s.move[0], "14-19");
    assert_string_equal(s.kind[1], "after-end");
    assert_string_equal(s.message[1], "the game was already over: black has no legal move, so white has won");
}

static void results_that_contradict_the_moves(void **state)
{
    (void)state;
    seen s;
    check("[FEN \"W:W28:B23\"]\n[Result \"0-2\"]\n1. 28x19 0-2\n"
          "[FEN \"B:W28:B23\"]\n1... 23x32 2-0\n"
          "[Result \"2-0\"]\n1. 32-28 0-2\n"
          "[FEN \"W:W28:B23\"]\n1. 28x19 2-0\n", NULL, &s);
    assert_int_equal(s.n, 4);
    assert_string_equal(s.kind[0], "result");
    assert_string_equal(s.message[0], "the result 0-2 contradicts the moves: black has no pieces left, so white has won");
    assert_int_equal(s.v[0].line, 3);
    assert_int_equal(s.v[0].col, 10);
    assert_string_equal(s.message[1], "the result 2-0 contradicts the moves: white has no pieces left, so black has won");
    assert_string_equal(s.kind[2], "result");
    assert_non_null(strstr(s.message[2], "the Result tag says 2-0"));
    assert_int_equal(s.v[3].status, BO_VERDICT_OK);
    assert_string_equal(s.result[3], "2-0");
    assert_string_equal(s.v[3].ending, "no legal move");
}

static void draw_claims_and_draw_rules(void **state)
{
    (void)state;
    const char *shuffle2 = "1. 46-41 1-6 2. 41-46 6-1";
    const char *shuffle4 = "1. 46-41 1-6 2. 41-46 6-1 3. 46-41 1-6 4. 41-46 6-1";
    char src[512];
    seen s;
    snprintf(src, sizeof src, "[FEN \"W:WK46:BK1\"]\n[Termination \"threefold repetition\"]\n%s 1-1\n", shuffle4);
    check(src, NULL, &s);
    assert_int_equal(s.v[0].status, BO_VERDICT_OK);
    snprintf(src, sizeof src, "[FEN \"W:WK46:BK1\"]\n[Termination \"threefold repetition\"]\n%s 1-1\n", shuffle2);
    check(src, NULL, &s);
    assert_string_equal(s.kind[0], "result");
    assert_string_equal(s.message[0],
                        "the record claims a draw by threefold repetition, but the final position occurred 2 times");
    /* with the rule in force the game ends by itself: a further move is after the end,
     * and a win claimed for it contradicts the moves */
    dr_rules r;
    dr_rules_default(&r);
    r.threefold = true;
    snprintf(src, sizeof src, "[FEN \"W:WK46:BK1\"]\n%s 5. 46-41 *\n[FEN \"W:WK46:BK1\"]\n%s 2-0\n", shuffle4, shuffle4);
    check(src, &r, &s);
    assert_string_equal(s.kind[0], "after-end");
    assert_string_equal(s.message[0], "the game was already over: drawn by threefold repetition");
    assert_string_equal(s.kind[1], "result");
    assert_string_equal(s.message[1], "the result 2-0 contradicts the moves: the game was drawn by threefold repetition");
    /* without the rule the same game goes on */
    check(src, NULL, &s);
    assert_int_equal(s.v[0].status, BO_VERDICT_OK);
}

static void other_game_types_are_skipped(void **state)
{
    (void)state;
    seen s;
    check("[GameType \"30\"]\n1. 11-15 *\n[GameType \"20\"]\n1. 32-28 *\n", NULL, &s);
    assert_int_equal(s.n, 2);
    assert_int_equal(s.v[0].status, BO_VERDICT_SKIPPED);
    assert_string_equal(s.kind[0], "unsupported");
    assert_string_equal(s.message[0], "game type 30 is not supported");
    assert_int_equal(s.v[0].line, 1);
    assert_int_equal(s.v[1].status, BO_VERDICT_OK);
}

static void positions_and_sides(void **state)
{
    (void)state;
    seen s;
    check("[FEN \"W:W31-55:B1-20\"]\n*\n"
          "[FEN \"B:W28:B19\"]\n1. ... 19-23 *\n"
          "[FEN \"?:W28:B19\"]\n1. 19-23 *\n"
          "[GameType \"20,B,10,10,N2,0\"]\n1. 19-23 32-28 *\n"
          "1. 32-28 ... 2. 33-29 *\n"
          "/FEN \"W:W31-50:B1-20\"/ /FEN \"B:W28,31-36,38-50:B1-20\"/ 01... 20-25 *\n", NULL, &s);
    assert_int_equal(s.n, 6);
    assert_string_equal(s.kind[0], "position");
    assert_int_equal(s.v[0].line, 1);
    for (int i = 1; i <= 3; i++) assert_int_equal(s.v[i].status, BO_VERDICT_OK);
    assert_int_equal(s.v[4].status, BO_VERDICT_SKIPPED);
    assert_non_null(strstr(s.message[4], "unknown"));
    assert_int_equal(s.v[5].status, BO_VERDICT_OK);
    assert_int_equal(s.v[5].moves, 1);
}

static void contest_rules_black_first(void **state)
{
    (void)state;
    dr_rules r;
    char err[64];
    dr_rules_default(&r);
    assert_int_equal(dr_rules_by_name(&r, "ccgc", err, sizeof err), 0);
    seen s;
    check("1. 19-23 32-28 *", &r, &s);
    assert_int_equal(s.v[0].status, BO_VERDICT_OK);
    check("1. 32-28 19-23 *", &r, &s);
    assert_string_equal(s.kind[0], "illegal");
    assert_string_equal(s.side[0], "black");
}

static void parse_errors_become_verdicts(void **state)
{
    (void)state;
    seen s;
    check("[Event \"x\"]\n1. 32-28 { a { b } } *", NULL, &s);
    assert_string_equal(s.kind[0], "parse");
    assert_int_equal(s.v[0].line, 2);
    assert_int_equal(s.v[0].col, 20);
}

static void untagged_8x8_games_get_a_hint(void **state)
{
    (void)state;
    seen s;
    check("1. 11-15 22-17 *", NULL, &s);
    assert_string_equal(s.kind[0], "illegal");
    assert_int_equal(s.warnings, 1);
    assert_non_null(strstr(s.warning[0], "8x8"));
}

static void result_claims(void **state)
{
    (void)state;
    assert_int_equal(dr_result_claim("2-0"), DR_CLAIM_WHITE);
    assert_int_equal(dr_result_claim("1-0"), DR_CLAIM_WHITE);
    assert_int_equal(dr_result_claim("0-2"), DR_CLAIM_BLACK);
    assert_int_equal(dr_result_claim("1-1"), DR_CLAIM_DRAW);
    assert_int_equal(dr_result_claim("1/2-1/2"), DR_CLAIM_DRAW);
    assert_int_equal(dr_result_claim("0-0"), DR_CLAIM_BOTH_LOSE);
    assert_int_equal(dr_result_claim("*"), DR_CLAIM_UNKNOWN);
    assert_int_equal(dr_result_claim("1+ - 1-"), DR_CLAIM_WHITE);
    assert_int_equal(dr_result_claim("1 1/2 - 1/2"), DR_CLAIM_WHITE);
    assert_int_equal(dr_result_claim("-0.98-1.02"), DR_CLAIM_BLACK);
    assert_int_equal(dr_result_claim("4-6"), DR_CLAIM_BLACK);
    assert_int_equal(dr_result_claim("won"), DR_CLAIM_UNREADABLE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(legal_game_is_ok),
        cmocka_unit_test(maximum_capture),
        cmocka_unit_test(man_backwards),
        cmocka_unit_test(ambiguous_capture),
        cmocka_unit_test(moves_after_the_end),
        cmocka_unit_test(results_that_contradict_the_moves),
        cmocka_unit_test(draw_claims_and_draw_rules),
        cmocka_unit_test(other_game_types_are_skipped),
        cmocka_unit_test(positions_and_sides),
        cmocka_unit_test(contest_rules_black_first),
        cmocka_unit_test(parse_errors_become_verdicts),
        cmocka_unit_test(untagged_8x8_games_get_a_hint),
        cmocka_unit_test(result_claims),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
