/* test_coords.c -- Gomoku coordinates: the contest's typed forms, Gomocup, SGF. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "gm_coords.h"

/* RULES.md: "f 8" / "F 8" / "F8" (letter first, case-insensitive), rows from 1. */
static void typed_forms_all_read(void **state)
{
    (void)state;
    const char *forms[] = {"f 8", "F 8", "F8", "f8", "  f8 ", "f\t8"};
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++) {
        int x = -9, y = -9;
        assert_int_equal(gm_coord_parse(forms[i], &x, &y), 0);
        assert_int_equal(x, 5);
        assert_int_equal(y, 7);
    }
}

static void rejects_what_is_not_a_point(void **state)
{
    (void)state;
    const char *bad[] = {"", "h", "8h", "88", "h8x", "h 8 9", "h1234", "(h,8)", "-h8"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        int x, y;
        assert_int_equal(gm_coord_parse(bad[i], &x, &y), -1);
    }
}

/* Off-board points read as points: the validator says they are off the board. */
static void off_board_points_still_parse(void **state)
{
    (void)state;
    int x, y;
    assert_int_equal(gm_coord_parse("p 16", &x, &y), 0);
    assert_int_equal(x, 15);
    assert_int_equal(y, 15);
    assert_false(gm_coord_on_board(15, x, y));
    assert_int_equal(gm_coord_parse("a 0", &x, &y), 0);
    assert_int_equal(y, -1);
    assert_false(gm_coord_on_board(15, x, y));
    assert_true(gm_coord_on_board(15, 0, 0));
    assert_true(gm_coord_on_board(15, 14, 14));
}

static void scan_stops_after_the_digits(void **state)
{
    (void)state;
    int x, y;
    assert_int_equal(gm_coord_scan("h8 i9", 5, &x, &y), 2);
    assert_int_equal(gm_coord_scan("H 10;", 5, &x, &y), 4);
    assert_int_equal(y, 9);
    assert_int_equal(gm_coord_scan("x", 1, &x, &y), 0);
}

/* The issue's own examples: contest h8 is Gomocup 7,7 and e3 is 4,12. */
static void gomocup_counts_rows_from_the_top(void **state)
{
    (void)state;
    int gx, gy, x, y;
    assert_int_equal(gm_coord_parse("h 8", &x, &y), 0);
    gm_coord_to_gomocup(x, y, 15, &gx, &gy);
    assert_int_equal(gx, 7);
    assert_int_equal(gy, 7);
    assert_int_equal(gm_coord_parse("e 3", &x, &y), 0);
    gm_coord_to_gomocup(x, y, 15, &gx, &gy);
    assert_int_equal(gx, 4);
    assert_int_equal(gy, 12);
    gm_coord_from_gomocup(4, 12, 15, &x, &y);
    assert_int_equal(x, 4);
    assert_int_equal(y, 2);
    /* a 20x20 Gomocup board: 0,0 is a20 */
    gm_coord_from_gomocup(0, 0, 20, &x, &y);
    assert_int_equal(y, 19);
}

/* SGF: column a.. from the left, row a.. from the top; hh is the centre h8. */
static void sgf_letters(void **state)
{
    (void)state;
    int x, y;
    assert_int_equal(gm_coord_from_sgf('h', 'h', 15, &x, &y), 0);
    assert_int_equal(x, 7);
    assert_int_equal(y, 7);
    assert_int_equal(gm_coord_from_sgf('a', 'a', 15, &x, &y), 0);
    assert_int_equal(x, 0);
    assert_int_equal(y, 14); /* a15 */
    assert_int_equal(gm_coord_from_sgf('a', 'o', 15, &x, &y), 0);
    assert_int_equal(y, 0);  /* a1 */
    assert_int_equal(gm_coord_from_sgf('1', 'a', 15, &x, &y), -1);
    char s[3];
    gm_coord_to_sgf(8, 8, 15, s);   /* i9 */
    assert_string_equal(s, "ig");
}

static void formats(void **state)
{
    (void)state;
    char b[GM_COORD_MAX];
    assert_string_equal(gm_coord_format(7, 7, b), "h8");
    assert_string_equal(gm_coord_format(4, 2, b), "e3");
    assert_string_equal(gm_coord_format_spaced(4, 2, b), "e 3");
    assert_string_equal(gm_coord_format(14, 14, b), "o15");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(typed_forms_all_read),
        cmocka_unit_test(rejects_what_is_not_a_point),
        cmocka_unit_test(off_board_points_still_parse),
        cmocka_unit_test(scan_stops_after_the_digits),
        cmocka_unit_test(gomocup_counts_rows_from_the_top),
        cmocka_unit_test(sgf_letters),
        cmocka_unit_test(formats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
