/* test_variations.c -- variations (issue 7, item 5): PGN "(...)" and XQF's
 * move tree read into the record's variation tree (record.h: a variation
 * replaces the move it hangs on, played from the position before it); every
 * variation replayed from its branch point; a fault in one reported located
 * and named as the variation's, a warning unless variation_errors; and
 * variations kept through every PGN form the writer has. Real file: the
 * corpus's xqfexamb.xqf (七星聚会, 19 variations). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "xqr_test_util.h"

/* Validate game 1 of text s; warnings into w, c kept for the caller. */
static void check(const char *s, bool var_errors, xq_check *c, bo_verdict *v, xqr_warnings *w, bo_record_list *l)
{
    assert_int_equal(xqr_read_string(s, l), 0);
    memset(w, 0, sizeof *w);
    bo_verdict_sink sink = {xqr_on_verdict, xqr_on_warning, w};
    xq_check_init(c);
    c->variation_errors = var_errors;
    assert_int_equal(xq_check_record(c, "t.pgn", &l->items[0], &sink, v), 0);
}

static void pgn_variations_make_a_tree(void **state)
{
    (void)state;
    bo_record_list l;
    const char *s = "1. 炮二平五 (1. 相三进五 {elephant} 马８进７ (1... 炮８平５) 2. 马二进三) (1. 马二进三) 马８进７ *\n";
    assert_int_equal(xqr_read_string(s, &l), 0);
    assert_int_equal(l.n, 1);
    bo_record *r = &l.items[0];
    assert_int_equal(r->errors, 0);
    assert_int_equal(r->nmoves, 2);
    assert_int_equal(r->moves[0].nvars, 2);
    assert_int_equal(bo_record_count_variations(r), 3);
    bo_rline *a = r->moves[0].vars[0];
    assert_int_equal(a->nmoves, 3);
    assert_string_equal(a->moves[0].text, "相三进五");
    assert_string_equal(a->moves[0].comment, "elephant");
    assert_int_equal(a->moves[1].nvars, 1);
    assert_string_equal(a->moves[1].vars[0]->moves[0].text, "炮８平５");
    assert_int_equal(a->moves[0].line, 1);
    assert_int_equal(a->moves[0].col, 13);
    char *tree = xqr_tree(r);
    assert_string_equal(tree, "h2e2 ( g0e2 h9g7 ( h7e7 ) h0g2 ) ( h0g2 ) h9g7 ");
    free(tree);
    bo_record_list_free(&l);
}

static void illegal_move_in_a_variation(void **state)
{
    (void)state;
    /* 2. 车九进九 in the nested variation: the chariot would jump a3 */
    const char *s = "1. 炮二平五 (1. 相三进五 马８进７ (1... 炮８平５ 2. 车九进九) 2. 马二进三) 马８进７ 2. 马二进三 *\n";
    bo_record_list l;
    xq_check c;
    bo_verdict v;
    xqr_warnings w;
    check(s, false, &c, &v, &w, &l);
    assert_int_equal(v.status, BO_VERDICT_OK);
    assert_int_equal(v.moves, 3);
    assert_int_equal(c.variations, 2);
    assert_int_equal(c.variation_faults, 1);
    assert_int_equal(w.n, 1);
    assert_non_null(strstr(w.last, "1:37: in a variation on move 1 (black) 马８进７: move 2 (red) 车九进九: illegal: "));
    assert_non_null(strstr(w.last, "the main line's verdict stands"));
    xq_check_free(&c);
    bo_record_list_free(&l);
    check(s, true, &c, &v, &w, &l);
    assert_int_equal(v.status, BO_VERDICT_INVALID);
    assert_string_equal(v.kind, "illegal");
    assert_int_equal(v.line, 1);
    assert_int_equal(v.col, 37);
    assert_int_equal(v.move_no, 2);
    assert_string_equal(v.side, "red");
    assert_string_equal(v.move_text, "车九进九");
    assert_non_null(strstr(v.message, "in a variation on move 1 (black) 马８进７: "));
    xq_check_free(&c);
    bo_record_list_free(&l);
    /* a move no notation reads, in a variation of black's move */
    check("1. 炮二平五 马８进７ (1... 马８进X) 2. 马二进三 *\n", false, &c, &v, &w, &l);
    assert_int_equal(v.status, BO_VERDICT_OK);
    assert_int_equal(w.n, 1);
    assert_non_null(strstr(w.last, "1:20: in a variation on move 1 (black) 马８进７: move 1 (black) 马８进X: parse: "));
    xq_check_free(&c);
    bo_record_list_free(&l);
    /* a main line fault stays the verdict; the variations before it are checked */
    check("1. 炮二平五 (1. 车九进九) 马８进７ 2. 车九进九 *\n", true, &c, &v, &w, &l);
    assert_int_equal(v.status, BO_VERDICT_INVALID);
    assert_int_equal(v.col, 27);
    assert_null(strstr(v.message, "variation"));
    assert_int_equal(c.variation_faults, 1);
    xq_check_free(&c);
    bo_record_list_free(&l);
}

static void xqf_variations_replay_and_survive_convert(void **state)
{
    (void)state;
    bo_record_list l;
    assert_int_equal(xqr_read_file(XQR_CORPUS "xqfexamb.xqf", &l), 0);
    xq_check c;
    bo_verdict v;
    xqr_warnings w = {0};
    bo_verdict_sink sink = {xqr_on_verdict, xqr_on_warning, &w};
    xq_check_init(&c);
    assert_int_equal(xq_check_record(&c, "xqfexamb.xqf", &l.items[0], &sink, &v), 0);
    assert_int_equal(v.status, BO_VERDICT_OK);
    /* every one of the 19 variations replays from its branch point, legally */
    assert_int_equal(c.variations, 19);
    assert_int_equal(c.variation_faults, 0);
    /* no warning but the result policy's (its result is not reached on the board) */
    assert_true(w.n == 0 || (w.n == 1 && strstr(w.last, "gives no reason")));
    char *tree = xqr_tree(&l.items[0]);
    assert_null(strchr(tree, '?'));
    for (int fmt = XQ_FMT_PGN; fmt <= XQ_FMT_CHINESE; fmt++) {
        char *buf = NULL, err[256];
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        assert_int_equal(xq_record_write(f, &l.items[0], &c.start, c.moves, c.nmoves, "*", (xq_format)fmt, NULL, err,
                                         sizeof err), 0);
        fclose(f);
        bo_record_list back;
        assert_int_equal(xqr_read_string(buf, &back), 0);
        assert_int_equal(back.n, 1);
        assert_int_equal(back.items[0].errors, 0);
        assert_int_equal(bo_record_count_variations(&back.items[0]), 19);
        char *t2 = xqr_tree(&back.items[0]);
        if (strcmp(tree, t2) != 0) fail_msg("format %d: the variation tree differs after writing:\n%s\n%s", fmt, tree, t2);
        free(t2);
        bo_record_list_free(&back);
        free(buf);
    }
    free(tree);
    xq_check_free(&c);
    bo_record_list_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pgn_variations_make_a_tree),
        cmocka_unit_test(illegal_move_in_a_variation),
        cmocka_unit_test(xqf_variations_replay_and_survive_convert),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
