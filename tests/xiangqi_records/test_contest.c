/* test_contest.c -- the contest record frame for Xiangqi: the canonical form,
 * the sloppy forms logs hold, and writing then reading back. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "xqr_test_util.h"

static void canonical_frame(void **state)
{
    (void)state;
    const char *s = "{[XQ][红队 R][黑队 B][后手胜][2019.07.20 14:00 沈阳][2019 CCGC];1.炮二平五 马８进７;2.马二进三 车９平８}\n";
    bo_record_list l;
    assert_int_equal(xqr_read_string(s, &l), 0);
    assert_int_equal(l.n, 1);
    bo_record *r = &l.items[0];
    assert_string_equal(bo_record_tag(r, "GameCode"), "XQ");
    assert_string_equal(bo_record_tag(r, "Red"), "红队");
    assert_string_equal(bo_record_tag(r, "Black"), "黑队");
    assert_string_equal(bo_record_tag(r, "Date"), "2019.07.20 14:00");
    assert_string_equal(bo_record_tag(r, "Site"), "沈阳");
    assert_string_equal(bo_record_tag(r, "Event"), "2019 CCGC");
    assert_string_equal(r->result, "0-1");
    assert_int_equal(r->result_col, 18);
    assert_int_equal(r->nmoves, 4);
    assert_string_equal(r->moves[0].text, "炮二平五");
    assert_int_equal(r->moves[0].number, 1);
    assert_int_equal(r->moves[0].col, 58);
    assert_string_equal(r->moves[3].text, "车９平８");
    assert_int_equal(r->nnotes, 0);
    bo_record_list_free(&l);
}

static void sloppy_frames(void **state)
{
    (void)state;
    /* Gomoku's code, 和局, ICCS moves over lines with R:/B: prefixes and full-width separators */
    const char *s = "{[C5][甲 R][乙 B][和局][2019.07.20 place][event];R:h2-e2；B:h9-g7\n;R:h0-g2,B:i9-h9}\n"
                    "{[XQ][甲][乙][先手胜][d][e];炮二平五 马8进7}\n";
    bo_record_list l;
    assert_int_equal(xqr_read_string(s, &l), 0);
    assert_int_equal(l.n, 2);
    bo_record *r = &l.items[0];
    assert_int_equal(r->nmoves, 4);
    assert_string_equal(r->moves[1].text, "h9-g7");
    assert_string_equal(r->moves[2].text, "h0-g2");
    assert_int_equal(r->moves[2].line, 2);
    assert_string_equal(r->result, "1/2-1/2");
    assert_int_equal(r->nnotes, 2);   /* the code, the result word */
    assert_string_equal(l.items[1].result, "1-0");
    assert_string_equal(bo_record_tag(&l.items[1], "Red"), "甲");
    bo_record_list_free(&l);
}

static void unclosed_frame_is_an_error(void **state)
{
    (void)state;
    bo_record_list l;
    assert_int_equal(xqr_read_string("{[XQ][a R][b B][*][d][e];1.炮二平五\n{[XQ][a R][b B][*][d][e];1.炮二平五}\n", &l), 0);
    assert_int_equal(l.n, 2);
    assert_int_equal(l.items[0].errors, 1);
    assert_int_equal(l.items[0].nmoves, 1);
    assert_int_equal(l.items[1].errors, 0);
    bo_record_list_free(&l);
}

/* Convert game 1 of text s to the contest frame and back; same moves. */
static void frame_round_trip_of(const char *s)
{
    bo_record_list l;
    assert_int_equal(xqr_read_string(s, &l), 0);
    xq_check c;
    xq_check_init(&c);
    bo_verdict v;
    assert_int_equal(xq_check_record(&c, "t", &l.items[0], NULL, &v), 0);
    assert_int_equal(v.status, BO_VERDICT_OK);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    char err[256];
    assert_int_equal(xq_record_write(f, &l.items[0], &c.start, c.moves, c.nmoves, v.result, XQ_FMT_CONTEST, NULL,
                                     err, sizeof err), 0);
    fclose(f);
    assert_int_equal(strncmp(buf, "{[XQ]", 5), 0);
    assert_non_null(strchr(buf, '}'));
    int n = c.nmoves;
    xq_move first[64];
    memcpy(first, c.moves, (size_t)n * sizeof first[0]);
    bo_record_list back;
    assert_int_equal(xqr_read_string(buf, &back), 0);
    assert_int_equal(back.n, 1);
    assert_int_equal(xq_check_record(&c, "t", &back.items[0], NULL, &v), 0);
    assert_int_equal(v.status, BO_VERDICT_OK);
    assert_int_equal(c.nmoves, n);
    assert_memory_equal(c.moves, first, (size_t)n * sizeof first[0]);
    xq_check_free(&c);
    bo_record_list_free(&back);
    bo_record_list_free(&l);
    free(buf);
}

static void write_and_read_back(void **state)
{
    (void)state;
    frame_round_trip_of("[Red \"a]b\"]\n[Black \"c\"]\n[Date \"2006.08.03\"]\n[Site \"北京\"]\n[Event \"CCGC\"]\n"
                        "1. 炮二平五 马8进7 2. 马二进三 车9平8 3. 车一平二 卒7进1 0-1\n");
    /* a start position with black to move goes into the FEN field */
    frame_round_trip_of("[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1\"]\n"
                        "1... h7e7 2. h2e2 h9g7 *\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(canonical_frame),
        cmocka_unit_test(sloppy_frames),
        cmocka_unit_test(unclosed_frame_is_an_error),
        cmocka_unit_test(write_and_read_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
