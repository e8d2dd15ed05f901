/* test_position.c -- the Gomoku position text, including the corpus's multi-line form. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gm_coords.h"
#include "gm_notation.h"
#include "text.h"

static void reads_the_one_line_form(void **state)
{
    (void)state;
    gm_board b;
    char err[256];
    size_t off;
    assert_int_equal(gm_position_parse("black: h8 i9 k3; white: j10 e4", GM_RENJU, &b, &off, err, sizeof err), 0);
    assert_int_equal(b.stones, 5);
    assert_int_equal(gm_at(&b, 7, 7), GM_BLACK);
    assert_int_equal(gm_at(&b, 10, 2), GM_BLACK);
    assert_int_equal(gm_at(&b, 9, 9), GM_WHITE);
    assert_int_equal(gm_at(&b, 4, 3), GM_WHITE);
    assert_int_equal(b.to_move, GM_WHITE);  /* black has one stone more */
    assert_int_equal(gm_position_parse("black: h8 i9; white: j10 e4; to-move: white", GM_RENJU, &b, &off, err, sizeof err), 0);
    assert_int_equal(b.to_move, GM_WHITE);
    assert_int_equal(gm_position_parse("black: h8; white: j10", GM_RENJU, &b, &off, err, sizeof err), 0);
    assert_int_equal(b.to_move, GM_BLACK);
    assert_int_equal(gm_position_parse("BLACK: H8, I9 ; White: J10", GM_RENJU, &b, &off, err, sizeof err), 0);
    assert_int_equal(b.stones, 3);
}

static void reads_the_multi_line_form(void **state)
{
    (void)state;
    gm_board b;
    char err[256];
    size_t off;
    const char *s = "# case 2\nblack: g9 e8 h8 e7 e6 f6 g6 e5\nwhite: i10 e9 f9 h9 i9 f7 e4\nforbidden: f8=double-three\n";
    assert_int_equal(gm_position_parse(s, GM_RENJU, &b, &off, err, sizeof err), 0);
    assert_int_equal(b.stones, 15);
}

/* Errors name the place in the text. */
static void errors_are_located(void **state)
{
    (void)state;
    gm_board b;
    char err[256];
    size_t off;
    const char *s = "black: h8 p16; white: a1";
    assert_int_equal(gm_position_parse(s, GM_RENJU, &b, &off, err, sizeof err), -1);
    assert_int_equal(off, 10);
    assert_non_null(strstr(err, "off the 15x15 board"));
    s = "black: h8; white: h8";
    assert_int_equal(gm_position_parse(s, GM_RENJU, &b, &off, err, sizeof err), -1);
    assert_int_equal(off, 18);
    assert_non_null(strstr(err, "twice"));
    s = "black: h8; purple: a1";
    assert_int_equal(gm_position_parse(s, GM_RENJU, &b, &off, err, sizeof err), -1);
    assert_int_equal(off, 11);
    s = "black: h8 zz";
    assert_int_equal(gm_position_parse(s, GM_RENJU, &b, &off, err, sizeof err), -1);
    assert_int_equal(off, 10);
    s = "black: h8; size: 20";
    assert_int_equal(gm_position_parse(s, GM_RENJU, &b, &off, err, sizeof err), -1);
    assert_int_equal(gm_position_parse(s, GM_FREESTYLE, &b, &off, err, sizeof err), 0);
    assert_int_equal(b.size, 20);
    assert_int_equal(gm_position_parse("black: a0", GM_RENJU, &b, &off, err, sizeof err), -1);
}

static void format_reads_back(void **state)
{
    (void)state;
    gm_board b, c;
    char err[256], text[2048];
    size_t off;
    assert_int_equal(gm_position_parse("black: h8 i9 k3 a1; white: j10 e4 o15", GM_RENJU, &b, &off, err, sizeof err), 0);
    gm_position_format(&b, text, sizeof text);
    assert_string_equal(text, "black: a1 h8 i9 k3; white: e4 j10 o15; to-move: white");
    assert_int_equal(gm_position_parse(text, GM_RENJU, &c, &off, err, sizeof err), 0);
    assert_memory_equal(b.cell, c.cell, sizeof b.cell);
    assert_int_equal(b.to_move, c.to_move);
}

/* Every case block of the shared corpus, as it is, reads as a position, and the engine's
 * scan of it gives the corpus's answer (the e2e test checks the same via the CLI). */
static void corpus_blocks_read(void **state)
{
    (void)state;
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_load(&t, BOYI_SHARED_DIR "/corpus/renju/forbidden-cases.txt", err, sizeof err), 0);
    int cases = 0;
    char *p = t.data;
    while (p && *p) {
        char *e = strstr(p, "\n\n");
        size_t n = e ? (size_t)(e - p) : strlen(p);
        char *block = strndup(p, n);
        char *ans = strstr(block, "forbidden:");
        if (ans && strstr(block, "black:")) {
            gm_board b;
            size_t off;
            assert_int_equal(gm_position_parse(block, GM_RENJU, &b, &off, err, sizeof err), 0);
            int xs[400], ys[400];
            gm_foul kinds[400];
            int k = gm_scan_fouls(&b, xs, ys, kinds, 400);
            char got[1024] = "";
            for (int i = 0; i < k; i++) {
                char c[GM_COORD_MAX];
                snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s=%s", i ? " " : "", gm_coord_format(xs[i], ys[i], c),
                         gm_foul_name(kinds[i]));
            }
            char *want = ans + strlen("forbidden:");
            while (*want == ' ') want++;
            char *nl = strchr(want, '\n');
            if (nl) *nl = '\0';
            assert_string_equal(got[0] ? got : "none", want);
            cases++;
        }
        free(block);
        p = e ? e + 2 : NULL;
    }
    assert_true(cases > 0);
    bo_text_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reads_the_one_line_form),
        cmocka_unit_test(reads_the_multi_line_form),
        cmocka_unit_test(errors_are_located),
        cmocka_unit_test(format_reads_back),
        cmocka_unit_test(corpus_blocks_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
