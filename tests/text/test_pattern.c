/* test_pattern.c -- the PCRE2 wrapper: whole-string matching, captures, errors. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "pattern.h"

static void matches_the_whole_subject_only(void **state)
{
    (void)state;
    bo_pattern *p = bo_pattern_compile("[A-Za-z][0-9]{1,2}", NULL, 0);
    assert_non_null(p);
    size_t caps[2];
    assert_int_equal(bo_pattern_match(p, "C5", 2, caps, 1), 1);
    assert_int_equal(bo_pattern_match(p, "C15", 3, caps, 1), 1);
    assert_int_equal(bo_pattern_match(p, "C5x", 3, caps, 1), 0);   /* end-anchored */
    assert_int_equal(bo_pattern_match(p, "xC5", 3, caps, 1), 0);   /* start-anchored */
    bo_pattern_free(p);
}

static void captures_and_unset_groups(void **state)
{
    (void)state;
    bo_pattern *p = bo_pattern_compile("([0-9.]+ )?(.*)", NULL, 0);
    assert_non_null(p);
    size_t caps[6];
    const char *s = "2019.07.20 北京";
    assert_int_equal(bo_pattern_match(p, s, strlen(s), caps, 3), 3);
    assert_int_equal(caps[2], 0);
    assert_int_equal(caps[3], 11);
    assert_string_equal(s + caps[4], "北京");
    const char *t = "北京";
    assert_int_equal(bo_pattern_match(p, t, strlen(t), caps, 3), 3);
    assert_true(caps[2] == (size_t)-1);
    bo_pattern_free(p);
}

static void utf8_characters_are_single_units(void **state)
{
    (void)state;
    bo_pattern *p = bo_pattern_compile("(.)(.)", NULL, 0);
    size_t caps[6];
    assert_int_equal(bo_pattern_match(p, "先手", strlen("先手"), caps, 3), 3);
    assert_int_equal(caps[3], 3);   /* one character = three bytes */
    bo_pattern_free(p);
}

static void a_bad_pattern_says_where(void **state)
{
    (void)state;
    char err[256];
    assert_null(bo_pattern_compile("([A-Z", err, sizeof err));
    assert_non_null(strstr(err, "offset"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(matches_the_whole_subject_only),
        cmocka_unit_test(captures_and_unset_groups),
        cmocka_unit_test(utf8_characters_are_single_units),
        cmocka_unit_test(a_bad_pattern_says_where),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
