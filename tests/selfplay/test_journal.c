/* test_journal.c -- the self-play journal line (selfplay/sp_journal.h): a written line
 * reads back to the same game, older six-field lines still read, and every kind of bad
 * line is refused with a message naming what is wrong (the first fuzzing run found the
 * messages read from freed memory: under ASan these cases fail if that comes back). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "sp_journal.h"

static void parses(const char *line, sp_entry *e)
{
    char err[256] = "";
    assert_int_equal(sp_journal_parse(line, strlen(line), e, err, sizeof err), 0);
}

static void refused(const char *line, const char *want)
{
    sp_entry e;
    char err[256] = "";
    assert_int_equal(sp_journal_parse(line, strlen(line), &e, err, sizeof err), -1);
    if (!strstr(err, want)) fail_msg("'%s': error '%s' should say '%s'", line, err, want);
}

static void test_seven_fields(void **state)
{
    (void)state;
    sp_entry e;
    parses("4\t1/2\trepetition\tSTART\ta b c\t- 12 -40\t- 105/7 -/3\n", &e);
    assert_int_equal(e.index, 4);
    assert_true(e.score_first == 0.5);
    assert_int_equal(e.nmoves, 3);
    assert_int_equal(e.evals[1], 12);
    assert_int_equal(e.evals[0], SP_NO_EVAL);
    assert_int_equal(e.ms[0], -1);
    assert_int_equal(e.ms[1], 105);
    assert_int_equal(e.depth[1], 7);
    assert_int_equal(e.ms[2], -1);
    assert_int_equal(e.depth[2], 3);
    sp_entry_free(&e);
}

static void test_six_fields_still_read(void **state)
{
    (void)state;
    sp_entry e;
    parses("0\t1\tcheckmate\tSTART\ta b\t5 -\n", &e);
    assert_int_equal(e.nmoves, 2);
    assert_null(e.ms);
    sp_entry_free(&e);
}

static void test_bad_lines(void **state)
{
    (void)state;
    refused("3\t2/3\tx\tS\ta\t-\n", "bad result '2/3'");
    refused("3\t1\tx\tS\ta\tzz\n", "bad evaluation 'zz'");
    refused("3\t1\tx\tS\ta b\t-\n", "2 moves but 1 evaluations");
    refused("3\t1\tx\tS\ta\t-\t12/x\n", "bad move time '12/x'");
    refused("3\t1\tx\tS\ta\t-\t- -\n", "1 moves but 2 times");
    refused("x\t1\tx\tS\ta\t-\n", "bad game index");
    refused("3\t1\tx\n", "tab-separated");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seven_fields),
        cmocka_unit_test(test_six_fields_still_read),
        cmocka_unit_test(test_bad_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
