/* test_botzone.c -- notation/common/botzone.c: the JSON reader on valid and hostile
 * input (escapes to UTF-8, located errors, a depth bound), and Botzone messages
 * through the game descriptor (a Gomoku point map written here, the generic move
 * texts of Xiangqi) read back and checked against the rules. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "botzone.h"
#include "game.h"

static void test_json_values(void **state)
{
    (void)state;
    const char *t = " {\"a\": [1, -2.5e1, \"x\\\"y\\\\z\"], \"b\": {\"c\": true, \"d\": null}, \"e\": \"\\u00e9\\u4e2d\\n\", \"n\": \"7\"} ";
    bz_json d;
    char err[256], s[64];
    int root = bz_json_parse(&d, t, strlen(t), err, sizeof err);
    assert_int_equal(root, 0);
    int a = bz_json_member(&d, root, "a");
    assert_int_equal(d.v[a].type, BZ_J_ARR);
    int i0 = d.v[a].first, i1 = d.v[i0].next, i2 = d.v[i1].next;
    double x;
    assert_true(bz_json_num(&d, i0, &x) && x == 1);
    assert_true(bz_json_num(&d, i1, &x) && x == -25);
    assert_int_equal(bz_json_str(&d, i2, s, sizeof s), 0);
    assert_string_equal(s, "x\"y\\z");
    assert_int_equal(d.v[bz_json_member(&d, bz_json_member(&d, root, "b"), "d")].type, BZ_J_NULL);
    assert_int_equal(bz_json_str(&d, bz_json_member(&d, root, "e"), s, sizeof s), 0);
    assert_string_equal(s, "\xc3\xa9\xe4\xb8\xad\n");   /* U+00E9, U+4E2D in UTF-8 */
    assert_true(bz_json_num(&d, bz_json_member(&d, root, "n"), &x) && x == 7);   /* a quoted number */
    assert_int_equal(bz_json_member(&d, root, "zz"), -1);
    assert_int_equal(bz_json_raw(&d, bz_json_member(&d, root, "b"), s, sizeof s), 0);
    assert_string_equal(s, "{\"c\": true, \"d\": null}");
    assert_int_equal(bz_json_str(&d, bz_json_member(&d, root, "e"), s, 3), -1);   /* too small */
    bz_json_free(&d);

    /* a string written and read back */
    char out[128];
    size_t k = 0;
    assert_int_equal(bz_json_put_str(out, sizeof out, &k, "a\"b\\c\td"), 0);
    assert_string_equal(out, "\"a\\\"b\\\\c\\u0009d\"");
    root = bz_json_parse(&d, out, k, err, sizeof err);
    assert_int_equal(bz_json_str(&d, root, s, sizeof s), 0);
    assert_string_equal(s, "a\"b\\c\td");
    bz_json_free(&d);
}

/* Hostile input: every error located, nothing read past the end, a depth bound. */
static void test_json_errors(void **state)
{
    (void)state;
    static const struct { const char *text, *err; } bad[] = {
        {"{\"a\":}", "column 6: JSON: a value"},
        {"[1,2", "column 5: JSON: the text ends inside an array"},
        {"{\"a\" 1}", "column 6: JSON: ':' expected"},
        {"\"abc", "column 5: JSON: the text ends inside a string"},
        {"[1] x", "column 5: JSON: text after the value"},
        {"-", "column 2: JSON: a malformed number"},
        {"tru", "column 1: JSON: a value"},
        {"", "column 1: JSON: a value expected"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bz_json d;
        char err[256];
        assert_int_equal(bz_json_parse(&d, bad[i].text, strlen(bad[i].text), err, sizeof err), -1);
        if (!strstr(err, bad[i].err)) fail_msg("'%s': got '%s', want '%s'", bad[i].text, err, bad[i].err);
        bz_json_free(&d);
    }
    char deep[1000];
    memset(deep, '[', sizeof deep);
    bz_json d;
    char err[256];
    assert_int_equal(bz_json_parse(&d, deep, sizeof deep, err, sizeof err), -1);
    assert_non_null(strstr(err, "nested too deeply"));
    bz_json_free(&d);
}

/* A Gomoku point map of the test's own: the move is y * 15 + x on the 15x15 board. */
static int g_to_xy(const void *pos, bo_move m, int *x, int *y)
{
    (void)pos;
    *x = (int)m % 15;
    *y = (int)m / 15;
    return m < 225 ? 0 : -1;
}
static int g_from_xy(const void *pos, int x, int y, bo_move *m)
{
    (void)pos;
    if (x < 0 || y < 0 || x > 14 || y > 14) return -1;
    *m = (bo_move)(y * 15 + x);
    return 0;
}
static const bz_xy gxy = {g_to_xy, g_from_xy};

static void test_points(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("gomoku");
    assert_non_null(g);
    BO_ALIGNED unsigned char p[BO_POS_MAX];
    char err[256], out[256];
    assert_int_equal(g->start(p, "freestyle", err, sizeof err), 0);
    /* the first request of the side that moves first */
    assert_int_equal(bz_request(g, &gxy, p, p, NULL, 0, true, true, out, sizeof out), 0);
    assert_string_equal(out, "{\"x\":-1,\"y\":-1}");
    assert_int_equal(bz_request(g, &gxy, p, p, NULL, 0, true, false, out, sizeof out), 0);
    assert_string_equal(out, "-1 -1");
    /* a point read, played, and the same point again refused */
    assert_int_equal(bz_apply_request(g, &gxy, "freestyle", p, NULL, true, NULL, -1, "-1 -1", err, sizeof err), 0);
    assert_int_equal(bz_apply_request(g, &gxy, "freestyle", p, NULL, false, NULL, -1, "7 7", err, sizeof err), 0);
    char text[16];
    assert_int_equal(g->move_to_text(p, 7 * 15 + 7, text, sizeof text), 0);
    assert_string_equal(text, "h8");   /* x 7 the letter h, y 7 the number 8 */
    bo_move m;
    assert_int_equal(bz_read_response(g, &gxy, p, NULL, -1, "7 7", &m, err, sizeof err), -2);
    assert_int_equal(bz_read_response(g, &gxy, p, NULL, -1, "seven", &m, err, sizeof err), -1);
    assert_int_equal(bz_read_response(g, &gxy, p, NULL, -1, "8 7", &m, err, sizeof err), 0);
    assert_int_equal(m, 7 * 15 + 8);
    /* -1 -1 after the first request is no move (Gomoku has no pass) */
    assert_int_equal(bz_apply_request(g, &gxy, "freestyle", p, NULL, false, NULL, -1, "-1 -1", err, sizeof err), -1);
}

static void test_generic(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("xiangqi");
    assert_non_null(g);
    BO_ALIGNED unsigned char start[BO_POS_MAX], p[BO_POS_MAX];
    char err[256], out[1024], fen[256], want[1024];
    assert_int_equal(g->start(start, NULL, err, sizeof err), 0);
    bo_move h2e2;
    assert_int_equal(g->move_from_text(start, "h2e2", &h2e2, err, sizeof err), 0);
    assert_int_equal(bz_request(g, NULL, start, start, &h2e2, 1, true, true, out, sizeof out), 0);
    g->to_text(start, fen, sizeof fen);
    snprintf(want, sizeof want, "{\"position\":\"%s\",\"moves\":[\"h2e2\"]}", fen);
    assert_string_equal(out, want);
    /* read back onto another position: the start is taken from the request */
    memset(p, 0, sizeof p);
    assert_int_equal(bz_apply_request(g, NULL, NULL, p, NULL, true, NULL, -1, out, err, sizeof err), 0);
    BO_ALIGNED unsigned char q[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(q, start, g->pos_size);
    g->play(q, h2e2, undo, NULL);
    assert_true(g->hash(p) == g->hash(q));
    /* responses: a JSON string, or the bare text; an illegal one refused */
    bo_move m;
    assert_int_equal(bz_response(g, NULL, start, h2e2, true, out, sizeof out), 0);
    assert_string_equal(out, "\"h2e2\"");
    assert_int_equal(bz_read_response(g, NULL, start, NULL, -1, "h2e2", &m, err, sizeof err), 0);
    assert_int_equal(m, h2e2);
    assert_int_equal(bz_read_response(g, NULL, start, NULL, -1, "h2h8", &m, err, sizeof err), -2);   /* h7 blocks the cannon */
    /* a position after the first request, a move that is not legal, not an object */
    assert_int_equal(bz_apply_request(g, NULL, NULL, q, NULL, false, NULL, -1, "{\"position\":\"x\"}", err, sizeof err), -1);
    assert_int_equal(bz_apply_request(g, NULL, NULL, q, NULL, false, NULL, -1, "{\"moves\":[\"a0a5\"]}", err, sizeof err), -1);
    assert_non_null(strstr(err, "a0a5"));
    assert_int_equal(bz_apply_request(g, NULL, NULL, q, NULL, false, NULL, -1, "[\"h7e7\"]", err, sizeof err), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_values),
        cmocka_unit_test(test_json_errors),
        cmocka_unit_test(test_points),
        cmocka_unit_test(test_generic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
