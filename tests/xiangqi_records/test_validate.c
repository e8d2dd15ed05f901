/* test_validate.c -- replaying records under the rules: how games end, every
 * kind of fault with its location and the judge's words, and the corpus
 * (the same 15 games in three notations must replay to the same moves). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "xqr_test_util.h"

/* Validate game `game` (1-based) of text s into v; the check stays alive for
 * the caller to inspect, and is freed by the caller. */
static void check_text(const char *s, int game, xq_check *c, bo_verdict *v, xqr_warnings *w)
{
    bo_record_list l;
    assert_int_equal(xqr_read_string(s, &l), 0);
    assert_true(l.n >= game);
    xqr_warnings dummy = {0};
    bo_verdict_sink sink = {xqr_on_verdict, xqr_on_warning, w ? w : &dummy};
    xq_check_init(c);
    assert_int_equal(xq_check_record(c, "t.pgn", &l.items[game - 1], &sink, v), 0);
    /* the verdict's strings live in c, not in the records */
    bo_record_list_free(&l);
}

#define MATE_FEN "[FEN \"4k4/1R7/9/9/9/9/9/9/9/R2K5 w - - 0 1\"]\n"
#define CHECKS_FEN "[FEN \"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\"]\n"
#define KINGS_FEN "[FEN \"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1\"]\n"

static void checkmate_is_established(void **state)
{
    (void)state;
    xq_check c;
    bo_verdict v;
    check_text(MATE_FEN "1. a0a9 1-0\n", 1, &c, &v, NULL);
    assert_int_equal(v.status, BO_VERDICT_OK);
    assert_int_equal(v.moves, 1);
    assert_string_equal(v.result, "1-0");
    assert_string_equal(v.ending, "checkmate");
    xq_check_free(&c);
}

static void contradicted_result(void **state)
{
    (void)state;
    xq_check c;
    bo_verdict v;
    check_text(MATE_FEN "1. a0a9 0-1\n", 1, &c, &v, NULL);
    assert_int_equal(v.status, BO_VERDICT_INVALID);
    assert_string_equal(v.kind, "result");
    assert_int_equal(v.line, 2);
    assert_int_equal(v.col, 9);
    assert_non_null(strstr(v.message, "black was checkmated"));
    xq_check_free(&c);
    /* a draw claimed where one side is mated */
    check_text(MATE_FEN "[Result \"1/2-1/2\"]\n1. a0a9\n", 1, &c, &v, NULL);
    assert_string_equal(v.kind, "result");
    assert_int_equal(v.line, 2);
    xq_check_free(&c);
}

static void resignation_is_no_contradiction(void **state)
{
    (void)state;
    xq_check c;
    bo_verdict v;
    check_text("1. 炮二平五 马8进7 0-1\n", 1, &c, &v, NULL);
    assert_int_equal(v.status, BO_VERDICT_OK);
    assert_string_equal(v.result, "*");
    assert_non_null(strstr(v.ending, "0-1"));
    xq_check_free(&c);
}

static void move_after_mate(void **state)
{
    (void)state;
    xq_check c;
    bo_verdict v;
    check_text(MATE_FEN "1. a0a9 e9e8\n", 1, &c, &v, NULL);
    assert_int_equal(v.status, BO_VERDICT_INVALID);
    assert_string_equal(v.kind, "after-end");
    assert_int_equal(v.move_no, 1);
    assert_string_equal(v.side, "black");
    assert_string_equal(v.move_text, "e9e8");
    assert_int_equal(v.line, 2);
    assert_int_equal(v.col, 9);
    assert_int_equal(v.moves, 1);
    xq_check_free(&c);
}

static void perpetual_check_loses(void **state)
{
    (void)state;
    xq_check c;
    bo_verdict v;
    const char *s = CHECKS_FEN "1. a0a9 e9e8 2. a9a8 e8e9 3. a8a9 e9e8 4. a9a8 e8e9 5. a8a9 e9e8\n";
    check_text(s, 1, &c, &v, NULL);
    assert_int_equal(v.status, BO_VERDICT_INVALID);
    assert_string_equal(v.kind, "after-end");
    assert_int_equal(v.move_no, 5);
    assert_non_null(strstr(v.message, "perpetual check"));
    assert_int_equal(c.end_ply, 9);
    assert_int_equal(c.outcome, XQ_BLACK_WINS);
    xq_check_free(&c);
    check_text(CHECKS_FEN "1. a0a9 e9e8 2. a9a8 e8e9 3. a8a9 e9e8 4. a9a8 e8e9 5. a8a9\n", 1, &c, &v, NULL);
    assert_int_equal(v.status, BO_VERDICT_OK);
    assert_string_equal(v.result, "0-1");
    assert_non_null(strstr(v.ending, "perpetual check by red"));
    xq_check_free(&c);
}

static void repetition_and_natural_limit_draw(void **state)
{
    (void)state;
    xq_check c;
    bo_verdict v;
    check_text(KINGS_FEN "1. d0d1 e9e8 2. d1d0 e8e9 3. d0d1 e9e8 4. d1d0 e8e9\n", 1, &c, &v, NULL);
    assert_int_equal(v.status, BO_VERDICT_OK);
    assert_string_equal(v.result, "1/2-1/2");
    assert_int_equal(c.end, XQ_END_REPETITION);
    xq_check_free(&c);
    check_text("[FEN \"4k4/9/9/9/9/9/9/9/9/3K5 w - - 119 1\"]\n1. d0d1\n", 1, &c, &v, NULL);
    assert_int_equal(v.status, BO_VERDICT_OK);
    assert_string_equal(v.result, "1/2-1/2");
    assert_int_equal(c.end, XQ_END_NATURAL_LIMIT);
    xq_check_free(&c);
}

static void stalemate_loses(void **state)
{
    (void)state;
    xq_check c;
    bo_verdict v;
    check_text("[FEN \"4k4/R8/9/9/9/9/9/9/9/3K1R3 b - - 0 1\"]\n*\n", 1, &c, &v, NULL);
    assert_int_equal(v.status, BO_VERDICT_OK);
    assert_string_equal(v.result, "1-0");
    assert_int_equal(c.end, XQ_END_STALEMATE);
    xq_check_free(&c);
}

static void illegal_move_names_the_rule(void **state)
{
    (void)state;
    xq_check c;
    bo_verdict v;
    check_text("[Red \"a\"]\n1. 炮二平五 马8进7\n2. 马二进四\n", 1, &c, &v, NULL);
    assert_int_equal(v.status, BO_VERDICT_INVALID);
    assert_string_equal(v.kind, "illegal");
    assert_int_equal(v.line, 3);
    assert_int_equal(v.col, 4);
    assert_int_equal(v.move_no, 2);
    assert_string_equal(v.side, "red");
    assert_string_equal(v.move_text, "马二进四");
    assert_non_null(strstr(v.message, "leg at g0"));
    assert_int_equal(v.moves, 2);
    assert_int_equal(c.nmoves, 2);
    xq_check_free(&c);
}

static void unreadable_move_and_bad_fen(void **state)
{
    (void)state;
    xq_check c;
    bo_verdict v;
    check_text("1. 炮二平五 马8进X\n", 1, &c, &v, NULL);
    assert_string_equal(v.kind, "parse");
    assert_int_equal(v.col, 9);
    assert_string_equal(v.side, "black");
    xq_check_free(&c);
    check_text("[Red \"a\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKKBNR w - - 0 1\"]\n1. h2e2\n",
               1, &c, &v, NULL);
    assert_string_equal(v.kind, "position");
    assert_int_equal(v.line, 2);
    assert_non_null(strstr(v.message, "two generals"));
    xq_check_free(&c);
    /* a reader's error comes in file order with the moves */
    check_text("1. h2e2 h9g7 ( 2. b2e2 马8进X\n", 1, &c, &v, NULL);
    assert_string_equal(v.kind, "parse");
    assert_int_equal(v.col, 14);
    xq_check_free(&c);
}

static void warnings_for_numbers_and_notation(void **state)
{
    (void)state;
    xq_check c;
    bo_verdict v;
    xqr_warnings w = {0};
    check_text("[Format \"WXF\"]\n1. h2e2 h9g7 3. h0g2 *\n", 1, &c, &v, &w);
    assert_int_equal(v.status, BO_VERDICT_OK);
    assert_int_equal(w.n, 2);
    xq_check_free(&c);
}

static void black_to_move_first(void **state)
{
    (void)state;
    xq_check c;
    bo_verdict v;
    check_text("[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1\"]\n1... h7e7 2. h2e2 X\n",
               1, &c, &v, NULL);
    assert_string_equal(v.kind, "parse");
    assert_int_equal(v.move_no, 2);
    assert_string_equal(v.side, "black");
    xq_check_free(&c);
}

/* Replay every game of a file; the resolved moves of all games in order. */
static int replay_file(const char *path, xq_move *all, int cap, int *invalid)
{
    bo_record_list l;
    assert_int_equal(xqr_read_file(path, &l), 0);
    xq_check c;
    xq_check_init(&c);
    int n = 0;
    *invalid = 0;
    for (int g = 0; g < l.n; g++) {
        bo_verdict v;
        assert_int_equal(xq_check_record(&c, path, &l.items[g], NULL, &v), 0);
        if (v.status != BO_VERDICT_OK) (*invalid)++;
        for (int i = 0; i < c.nmoves && n < cap; i++) all[n++] = c.moves[i];
    }
    xq_check_free(&c);
    bo_record_list_free(&l);
    return n;
}

static void three_notations_same_games(void **state)
{
    (void)state;
    enum { CAP = 4000 };
    static xq_move a[CAP], b[CAP], d[CAP];
    int ia, ib, id;
    int na = replay_file(XQR_CORPUS "xqdb_traditional.pgn", a, CAP, &ia);
    int nb = replay_file(XQR_CORPUS "xqdb_international.pgn", b, CAP, &ib);
    int nd = replay_file(XQR_CORPUS "bulk_games_uci.pgn", d, CAP, &id);
    assert_true(na > 1000);
    assert_int_equal(na, nb);
    assert_int_equal(na, nd);
    assert_memory_equal(a, b, (size_t)na * sizeof a[0]);
    assert_int_equal(ia, ib);
    assert_int_equal(ia, id);
    /* The ICCS file differs in one move (docs/xiangqi.md): game 2, move 36,
     * 后兵进一 / -P+1 (the rear pawn, e3-e4) where it has e5e6, the front one. */
    int diffs = 0, at = -1;
    for (int i = 0; i < na; i++)
        if (a[i] != d[i]) { diffs++; at = i; }
    assert_int_equal(diffs, 1);
    char x[5], y[5];
    xq_move_name(a[at], x);
    xq_move_name(d[at], y);
    assert_string_equal(x, "e3e4");
    assert_string_equal(y, "e5e6");
}

static void xqf_and_pgn_of_one_game_agree(void **state)
{
    (void)state;
    enum { CAP = 400 };
    static xq_move a[CAP], b[CAP];
    int ia, ib;
    int na = replay_file(XQR_CORPUS "sample.pgn", a, CAP, &ia);
    int nb = replay_file(XQR_CORPUS "sample.xqf", b, CAP, &ib);
    assert_int_equal(na, 75);
    assert_int_equal(na, nb);
    assert_memory_equal(a, b, (size_t)na * sizeof a[0]);
    assert_int_equal(ia + ib, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(checkmate_is_established),
        cmocka_unit_test(contradicted_result),
        cmocka_unit_test(resignation_is_no_contradiction),
        cmocka_unit_test(move_after_mate),
        cmocka_unit_test(perpetual_check_loses),
        cmocka_unit_test(repetition_and_natural_limit_draw),
        cmocka_unit_test(stalemate_loses),
        cmocka_unit_test(illegal_move_names_the_rule),
        cmocka_unit_test(unreadable_move_and_bad_fen),
        cmocka_unit_test(warnings_for_numbers_and_notation),
        cmocka_unit_test(black_to_move_first),
        cmocka_unit_test(three_notations_same_games),
        cmocka_unit_test(xqf_and_pgn_of_one_game_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
