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
        {"result-no-five.txt", "result", 1, 19, 0, "no five"},
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
    /* standard: an overline does not win, nor is it forbidden; the game goes on */
    gm_validate_opts st = {.rules_given = true, .rules = GM_STANDARD, .move_time_limit = -1};
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

/* A 20x20 record that names no rule set cannot be renju: skipped with the reason; with
 * the record's own "Freestyle" it is judged. */
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
    assert_int_equal(s.status[0], BO_VERDICT_SKIPPED);
    assert_string_equal(s.kind[0], "unsupported");
    gm_validate_opts fs = {.rules_given = true, .rules = GM_FREESTYLE, .move_time_limit = -1};
    s = judge(path, &fs);
    assert_int_equal(s.status[0], BO_VERDICT_OK);
    assert_string_equal(s.result[0], "1-0");
    f = fopen(path, "a");
    fputs("1,Freestyle\n", f);
    fclose(f);
    s = judge(path, NULL);
    assert_int_equal(s.status[0], BO_VERDICT_OK);
    gm_validate_opts rj = {.rules_given = true, .rules = GM_RENJU, .move_time_limit = -1};
    s = judge(path, &rj);
    assert_int_equal(s.status[0], BO_VERDICT_INVALID);
    assert_string_equal(s.kind[0], "position");
    remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_fault_is_found_where_it_is),
        cmocka_unit_test(foul_ending_the_game_is_ok),
        cmocka_unit_test(samples_are_ok),
        cmocka_unit_test(options_change_the_judgement),
        cmocka_unit_test(board_size_and_rule_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
