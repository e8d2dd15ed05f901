/* test_record.c -- the common record model: comments gathered on a move or before
 * the first one keep every word, in order, and many of them append in linear time. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "record.h"

/* Comments after a move join with blanks; those before the first move go to _Comment. */
static void comments_join_in_order(void **state)
{
    (void)state;
    bo_record r;
    bo_record_init(&r, 1, 1);
    assert_int_equal(bo_record_add_comment(&r, "opening", 7), 0);
    assert_int_equal(bo_record_add_comment(&r, "notes", 5), 0);
    assert_non_null(bo_record_add_move(&r, "h2e2", 4, 1, 1));
    assert_int_equal(bo_record_add_comment(&r, "a", 1), 0);
    assert_int_equal(bo_record_add_comment(&r, "bc", 2), 0);
    assert_int_equal(bo_record_add_comment(&r, "def", 3), 0);
    assert_non_null(bo_record_add_move(&r, "h9g7", 4, 1, 6));
    assert_int_equal(bo_record_add_comment(&r, "x", 1), 0);
    assert_string_equal(bo_record_tag(&r, "_Comment"), "opening notes");
    assert_string_equal(r.moves[0].comment, "a bc def");
    assert_string_equal(r.moves[1].comment, "x");
    bo_record_free(&r);
}

/* A comment replaced through set_tag and then grown keeps the new text whole. */
static void replaced_comment_tag_grows_from_new_text(void **state)
{
    (void)state;
    bo_record r;
    bo_record_init(&r, 1, 1);
    assert_int_equal(bo_record_add_comment(&r, "first", 5), 0);
    assert_int_equal(bo_record_add_comment(&r, "second", 6), 0);
    assert_int_equal(bo_record_set_tag(&r, "_Comment", "replaced text"), 0);
    assert_int_equal(bo_record_add_comment(&r, "more", 4), 0);
    assert_string_equal(bo_record_tag(&r, "_Comment"), "replaced text more");
    bo_record_free(&r);
}

/* 200000 comments on one move (a fuzzed or generated record): all kept, and in
 * linear time -- appending used to copy and re-measure the whole comment each time,
 * which took minutes under the sanitizers. */
static void many_comments_append_linearly(void **state)
{
    (void)state;
    enum { N = 200000 };
    bo_record r;
    bo_record_init(&r, 1, 1);
    assert_non_null(bo_record_add_move(&r, "32-28", 5, 1, 1));
    clock_t c0 = clock();
    for (int i = 0; i < N; i++) {
        char w = (char)('a' + i % 26);
        assert_int_equal(bo_record_add_comment(&r, &w, 1), 0);
    }
    double secs = (double)(clock() - c0) / CLOCKS_PER_SEC;
    const char *c = r.moves[0].comment;
    assert_int_equal(strlen(c), 2 * N - 1);
    for (int i = 0; i < N; i++) {
        if (c[2 * i] != 'a' + i % 26) fail_msg("comment word %d is '%c'", i, c[2 * i]);
        if (i + 1 < N && c[2 * i + 1] != ' ') fail_msg("no blank after word %d", i);
    }
    /* well under a second when linear; the quadratic append took minutes */
    if (secs > 20.0) fail_msg("appending %d comments took %.1f s of CPU time", N, secs);
    bo_record_free(&r);
}

/* The shared variation limit (record.h): the first BO_RECORD_MAX_VARIATIONS are
 * kept, every later one is refused and counted, and one warning, at the first
 * refused, says how many were dropped once the reader has finished the game.
 * Lines grow as needed: a thousand sibling lines of one move each. */
static void variations_past_the_limit_are_counted(void **state)
{
    (void)state;
    bo_record r;
    bo_record_init(&r, 1, 1);
    bo_rmove *m = bo_record_add_move(&r, "h2e2", 4, 1, 1);
    assert_non_null(m);
    int kept = 0;
    for (int i = 0; i < BO_RECORD_MAX_VARIATIONS + 25; i++) {
        if (!bo_record_keep_variation(&r, 3, 10 + i)) continue;
        if (kept++ >= 1000) continue;   /* a thousand hung for real is enough */
        bo_rline *l = bo_rmove_add_variation(&r.moves[0]);
        assert_non_null(l);
        assert_non_null(bo_rline_add_move(l, "b2e2", 4, 3, 10 + i));
    }
    assert_int_equal(kept, BO_RECORD_MAX_VARIATIONS);
    assert_int_equal(r.vars_dropped, 25);
    assert_int_equal(r.moves[0].nvars, 1000);
    assert_int_equal(bo_record_count_variations(&r), 1000);
    assert_int_equal(r.nnotes, 1);
    assert_int_equal(r.notes[0].kind, BO_NOTE_WARNING);
    assert_int_equal(r.notes[0].line, 3);
    assert_int_equal(r.notes[0].col, 10 + BO_RECORD_MAX_VARIATIONS);
    assert_int_equal(bo_record_end_variations(&r), 0);
    assert_non_null(strstr(r.notes[0].text, "25 variations from here on dropped"));
    assert_false(r.oom);
    bo_record_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(comments_join_in_order),
        cmocka_unit_test(replaced_comment_tag_grows_from_new_text),
        cmocka_unit_test(many_comments_append_linearly),
        cmocka_unit_test(variations_past_the_limit_are_counted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
