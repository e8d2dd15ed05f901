/* test_validate.c -- judging Gomoku / Renju records: one file per kind of fault, each
 * checked for its kind and its place; ok records with the result the moves establish. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gm_validate.h"
#include "text.h"

#define DATA BOYI_SOURCE_DIR "/data/gomoku/"
#define TDATA BOYI_SOURCE_DIR "/tests/gomoku_records/data/"

typedef struct seen {
    int n, warnings;
    bo_verdict_status status[8];
    char kind[8][16], result[8][16], message[8][1024], ending[8][512];
    int line[8], col[8], move_no[8], moves[8];
} seen;

static void on_verdict(void *ctx, const bo_verdict *v)
{
    seen *s = ctx;
    if (s->n >= 8) return;
    int i = s->n++;
    s->status[i] = v->status;
    snprintf(s->kind[i], sizeof s->kind[i], "%s", v->kind ? v->kind : "");
    snprintf(s->result[i], sizeof s->result[i], "%s", v->result ? v->result : "");
    snprintf(s->message[i], sizeof s->message[i], "%s", v->message ? v->message : "");
    snprintf(s->ending[i], sizeof s->ending[i], "%s", v->ending ? v->ending : "");
    s->line[i] = v->line;
    s->col[i] = v->col;
    s->move_no[i] = v->move_no;
    s->moves[i] = v->moves;
}

static void on_warning(void *ctx, const bo_warning *w)
{
    (void)w;
    ((seen *)ctx)->warnings++;
}

static seen judge(const char *path, const gm_validate_opts *o)
{
    seen s;
    memset(&s, 0, sizeof s);
    bo_text t;
    char err[256];
    if (bo_text_load(&t, path, err, sizeof err) != 0) fail_msg("%s: %s", path, err);
    bo_verdict_sink sink = {on_verdict, on_warning, &s};
    gm_validate_opts dflt = {.rules_given = false, .rules = GM_RENJU, .move_time_limit = -1};
    if (gm_validate_text(&t, o ? o : &dflt, &sink, err, sizeof err) != 0) fail_msg("%s: %s", path, err);
    bo_text_free(&t);
    return s;
}

/* Each fault file: its kind and where it is (the line and column of the move as
 * written, or of the result field). */
static void every_fault_is_found_where_it_is(void **state)
{
    (void)state;
    /* a win claimed with no five and no reason: a fault only under --strict (and the
     * contest's rules named); by default a warning (result_policy.h) */
    gm_validate_opts strict = {.rules = GM_RENJU, .move_time_limit = -1, .strict = true};
    seen ns = judge(TDATA "result-no-five.txt", &strict);
    assert_int_equal(ns.status[0], BO_VERDICT_INVALID);
    assert_string_equal(ns.kind[0], "result");
    assert_int_equal(ns.line[0], 1);
    assert_int_equal(ns.col[0], 19);
    assert_non_null(strstr(ns.message[0], "no five"));
    ns = judge(TDATA "result-no-five.txt", NULL);
    assert_int_equal(ns.status[0], BO_VERDICT_OK);
    assert_int_equal(ns.warnings, 1);
    static const struct { const char *file; const char *kind; int line, col, move_no; const char *needle; } cases[] = {
        {"occupied.txt", "illegal", 1, 70, 3, "already occupied by white's stone of move 2"},
        {"off-board.txt", "illegal", 1, 63, 2, "off the board"},
        {"a0.txt", "illegal", 1, 7, 3, "off the board"},
        {"wrong-colour.txt", "illegal", 1, 63, 2, "white's turn"},
        {"first-not-h8.txt", "illegal", 2, 1, 1, "H8"},
        {"forbidden-continues.txt", "forbidden", 3, 2, 9, "double-three"},
        {"forbidden-black-claims.txt", "forbidden", 3, 2, 9, "says black won"},
        {"double-four.txt", "forbidden", 2, 1, 13, "double-four"},
        {"overline.txt", "forbidden", 2, 1, 11, "overline"},
        {"after-end.txt", "after-end", 1, 119, 10, "over after move 9"},
        {"result-wrong-winner.txt", "result", 1, 19, 0, "black made five in a row (h8-l8)"},
        {"time.psq", "time", 5, 1, 4, "16.500 s"},
        {"truncated.txt", "parse", 1, 74, 0, "truncated"},
        {"unknown-colour.txt", "parse", 1, 63, 0, "unknown colour"},
        {"extra-brace.txt", "parse", 1, 68, 0, "without a matching"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char path[512];
        snprintf(path, sizeof path, TDATA "%s", cases[i].file);
        seen s = judge(path, NULL);
        print_message("%s: %s %d:%d move %d: %s\n", cases[i].file, s.kind[0], s.line[0], s.col[0], s.move_no[0], s.message[0]);
        assert_int_equal(s.n, 1);
        assert_int_equal(s.status[0], BO_VERDICT_INVALID);
        assert_string_equal(s.kind[0], cases[i].kind);
        assert_int_equal(s.line[0], cases[i].line);
        assert_int_equal(s.col[0], cases[i].col);
        assert_int_equal(s.move_no[0], cases[i].move_no);
        assert_non_null(strstr(s.message[0], cases[i].needle));
    }
}

/* A foul that ends the record, with white given the game, is a consistent game. */
static void foul_ending_the_game_is_ok(void **state)
{
    (void)state;
    seen s = judge(TDATA "forbidden-white-wins.txt", NULL);
    assert_int_equal(s.status[0], BO_VERDICT_OK);
    assert_string_equal(s.result[0], "0-1");
    assert_non_null(strstr(s.ending[0], "double-three"));
    assert_non_null(strstr(s.ending[0], "j8"));
}

/* The samples are sound games: wins and the full-board draw. */
static void samples_are_ok(void **state)
{
    (void)state;
    seen s = judge(DATA "contest-utf8.txt", NULL);
    assert_int_equal(s.n, 2);
    assert_int_equal(s.status[0], BO_VERDICT_OK);
    assert_string_equal(s.result[0], "1-0");
    assert_string_equal(s.result[1], "0-1");
    assert_int_equal(s.warnings, 0);
    s = judge(DATA "contest-gbk.txt", NULL);
    assert_int_equal(s.status[0], BO_VERDICT_OK);
    assert_string_equal(s.result[0], "1/2-1/2");
    assert_int_equal(s.moves[0], 225);
    assert_non_null(strstr(s.ending[0], "full"));
    s = judge(DATA "game.psq", NULL);
    assert_string_equal(s.result[0], "0-1");
    s = judge(DATA "game.sgf", NULL);
    assert_string_equal(s.result[0], "0-1");
    s = judge(DATA "game-moves.txt", NULL);
    assert_string_equal(s.result[0], "1-0");
    s = judge(TDATA "sloppy.txt", NULL);
    assert_int_equal(s.status[0], BO_VERDICT_OK);
    assert_true(s.warnings >= 3);
}

static void options_change_the_judgement(void **state)
{
    (void)state;
    /* the H8 rule is the contest's (renju); freestyle lets black start anywhere */
    gm_validate_opts fs = {.rules_given = true, .rules = GM_FREESTYLE, .move_time_limit = -1};
    seen s = judge(TDATA "first-not-h8.txt", &fs);
    assert_int_equal(s.status[0], BO_VERDICT_OK);
    /* under freestyle an overline wins and nothing is forbidden */
    s = judge(TDATA "overline.txt", &fs);
    assert_int_equal(s.status[0], BO_VERDICT_OK);
    assert_string_equal(s.result[0], "1-0");
    /* standard: an overline does not win, nor is it forbidden; the game goes on, so the
     * record's 1-0 is a claim the board does not reach and gives no reason for: a
     * warning (the written result taken), a fault under --strict (result_policy.h) */
    gm_validate_opts st = {.rules_given = true, .rules = GM_STANDARD, .move_time_limit = -1};
    s = judge(TDATA "overline.txt", &st);
    assert_int_equal(s.status[0], BO_VERDICT_OK);
    assert_string_equal(s.result[0], "1-0");
    assert_true(s.warnings >= 1);
    st.strict = true;
    s = judge(TDATA "overline.txt", &st);
    assert_int_equal(s.status[0], BO_VERDICT_INVALID);
    assert_string_equal(s.kind[0], "result");
    /* a longer time limit */
    gm_validate_opts tl = {.rules_given = false, .rules = GM_RENJU, .move_time_limit = 20};
    s = judge(TDATA "time.psq", &tl);
    assert_int_equal(s.status[0], BO_VERDICT_OK);
    gm_validate_opts tight = {.rules_given = false, .rules = GM_RENJU, .move_time_limit = 2.5};
    s = judge(TDATA "time.psq", &tight);
    assert_string_equal(s.kind[0], "time");
    assert_int_equal(s.move_no[0], 3);
}

/* A 20x20 PSQ that names no rule set is Gomocup's: read as freestyle with a warning
 * (issue 36; it was skipped as "no rule set named"); with the record's own
 * "Freestyle" it is judged without one; renju named on a 20x20 board is a fault. */
static void board_size_and_rule_set(void **state)
{
    (void)state;
    char path[] = "/tmp/boyi_gm_test_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("Piskvorky 20x20, 11:11, 0\n10,10,100\n11,11,100\n11,10,100\n12,12,100\n12,10,100\n"
          "13,13,100\n13,10,100\n14,14,100\n14,10,100\na\nb\n-1\n", f);
    fclose(f);
    seen s = judge(path, NULL);
    assert_int_equal(s.status[0], BO_VERDICT_OK);
    assert_string_equal(s.result[0], "1-0");
    assert_int_equal(s.warnings, 1);
    gm_validate_opts fs = {.rules_given = true, .rules = GM_FREESTYLE, .move_time_limit = -1};
    s = judge(path, &fs);
    assert_int_equal(s.status[0], BO_VERDICT_OK);
    assert_string_equal(s.result[0], "1-0");
    f = fopen(path, "a");
    fputs("1,Freestyle\n", f);
    fclose(f);
    s = judge(path, NULL);
    assert_int_equal(s.status[0], BO_VERDICT_OK);
    assert_int_equal(s.warnings, 0);
    gm_validate_opts rj = {.rules_given = true, .rules = GM_RENJU, .move_time_limit = -1};
    s = judge(path, &rj);
    assert_int_equal(s.status[0], BO_VERDICT_INVALID);
    assert_string_equal(s.kind[0], "position");
    remove(path);
}

/* A move over the time limit loses for the mover (RULES.md contest rules): a record
 * that ends there is a finished game, one that goes on or names another winner is not.
 * PSQ has no result field, so the claims are set on a game built here. */
static void time_overrun_ends_the_game(void **state)
{
    (void)state;
    /* time-ends.psq: time.psq cut after white's slow move 4 */
    seen s = judge(TDATA "time-ends.psq", NULL);
    assert_int_equal(s.status[0], BO_VERDICT_OK);
    assert_string_equal(s.result[0], "1-0");
    assert_string_equal(s.ending[0], "time forfeit: move 4 took 16.500 s (limit 15 s)");
    assert_int_equal(s.moves[0], 4);
    /* the record goes on after the overrun: still the time fault, and says so */
    s = judge(TDATA "time.psq", NULL);
    assert_string_equal(s.kind[0], "time");
    assert_non_null(strstr(s.message[0], "goes on for 1 more move"));
    /* a tighter limit: black's move 3 is the overrun, and move 4 follows it */
    gm_validate_opts tight = {.rules_given = false, .rules = GM_RENJU, .move_time_limit = 2.5};
    s = judge(TDATA "time-ends.psq", &tight);
    assert_string_equal(s.kind[0], "time");
    assert_int_equal(s.move_no[0], 3);

    gm_gmove mv[3] = {
        {7, 7, GM_BLACK, 1000, 1, 1, "h8"},
        {8, 8, GM_WHITE, 1000, 1, 4, "i9"},
        {6, 6, GM_BLACK, 20000, 1, 7, "g7"},
    };
    gm_game g = {.rec = NULL, .size = 15, .rules = GM_RENJU, .moves = mv, .n = 3};
    gm_validate_opts dflt = {.rules_given = false, .rules = GM_RENJU, .move_time_limit = -1};
    static const struct { gm_result claim; bo_verdict_status status; const char *result; } claims[] = {
        {GM_RES_NONE, BO_VERDICT_OK, "0-1"},
        {GM_RES_WHITE, BO_VERDICT_OK, "0-1"},
        {GM_RES_BLACK, BO_VERDICT_INVALID, "*"},
        {GM_RES_DRAW, BO_VERDICT_INVALID, "*"},
    };
    for (size_t i = 0; i < sizeof claims / sizeof *claims; i++) {
        g.result = claims[i].claim;
        bo_verdict v;
        bo_verdict_init(&v, "mem", 1);
        gm_verdict_buf buf;
        memset(&buf, 0, sizeof buf);
        gm_validate_game(&g, &dflt, &v, &buf, NULL, NULL);
        assert_int_equal(v.status, claims[i].status);
        assert_string_equal(v.result, claims[i].result);
        if (claims[i].status == BO_VERDICT_OK) {
            assert_string_equal(v.ending, "time forfeit: move 3 took 20.000 s (limit 15 s)");
        } else {
            assert_string_equal(v.kind, "time");
            assert_int_equal(v.move_no, 3);
            assert_int_equal(v.col, 7);
            assert_non_null(strstr(v.message, "black loses on time, but the record says"));
        }
    }
}

/* The three/five Decision's other reading, as the validator's option: the engine case
 * "three whose four point makes a five" (tests/gomoku_engine/test_fouls.c) moved one
 * column right and one row up so that black starts on h8. Black's last move i9 makes
 * the column three i9-i11 and the row g9 . i9 j9, whose only straight-four point h9
 * also completes the five h5-h9: no three under the Decision (i9 allowed), a three
 * under renju-five-threes (i9 a double-three, so white wins). */
static void five_point_threes_option(void **state)
{
    (void)state;
    static const int pts[][2] = {{7, 7}, {0, 0}, {7, 6}, {0, 2}, {7, 5}, {0, 4}, {7, 4}, {0, 6}, {6, 8},
                                 {0, 8}, {9, 8}, {0, 10}, {8, 9}, {0, 12}, {8, 10}, {0, 14}, {8, 8}};
    enum { N = sizeof pts / sizeof *pts };
    gm_gmove mv[N];
    for (int i = 0; i < N; i++)
        mv[i] = (gm_gmove){pts[i][0], pts[i][1], GM_EMPTY, -1, 1, 1 + 3 * i, "m"};
    gm_game g = {.rec = NULL, .size = 15, .rules = GM_RENJU, .result = GM_RES_WHITE, .moves = mv, .n = N};
    /* --strict: the record's 0-1 with no foul and no five is a fault, not a warning */
    gm_validate_opts o = {.rules_given = true, .rules = GM_RENJU, .move_time_limit = -1, .strict = true};
    bo_verdict v;
    gm_verdict_buf buf;
    bo_verdict_init(&v, "mem", 1);
    memset(&buf, 0, sizeof buf);
    gm_validate_game(&g, &o, &v, &buf, NULL, NULL);
    assert_int_equal(v.status, BO_VERDICT_INVALID);
    assert_string_equal(v.kind, "result");
    o.five_point_threes = true;
    bo_verdict_init(&v, "mem", 1);
    memset(&buf, 0, sizeof buf);
    gm_validate_game(&g, &o, &v, &buf, NULL, NULL);
    assert_int_equal(v.status, BO_VERDICT_OK);
    assert_string_equal(v.result, "0-1");
    assert_non_null(strstr(v.ending, "black's forbidden move 17 i9: double-three"));
}

/* A file with no record in it is the file's fault, located at its start. */
static void no_record_is_located(void **state)
{
    (void)state;
    static const char *const texts[] = {"", "\n  \n", "hello world\n"};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        bo_text t;
        memset(&t, 0, sizeof t);
        t.path = (char *)"mem";
        t.data = (char *)texts[i];
        t.len = strlen(texts[i]);
        seen s;
        memset(&s, 0, sizeof s);
        bo_verdict_sink sink = {on_verdict, on_warning, &s};
        gm_validate_opts dflt = {.rules_given = false, .rules = GM_RENJU, .move_time_limit = -1};
        char err[256];
        assert_int_equal(gm_validate_text(&t, &dflt, &sink, err, sizeof err), -1);
        assert_int_equal(strncmp(err, "line 1, column 1: ", 18), 0);
        assert_int_equal(s.n, 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_fault_is_found_where_it_is),
        cmocka_unit_test(foul_ending_the_game_is_ok),
        cmocka_unit_test(samples_are_ok),
        cmocka_unit_test(options_change_the_judgement),
        cmocka_unit_test(board_size_and_rule_set),
        cmocka_unit_test(time_overrun_ends_the_game),
        cmocka_unit_test(five_point_threes_option),
        cmocka_unit_test(no_record_is_located),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
