/* test_variations.c -- PDN variations: read into the record as lines hanging on the move
 * they replace, replayed by the judge from the position before that move, illegal moves
 * in them reported (located, "in a variation:") as warnings or, with variation_errors,
 * as the verdict; and kept by the writer. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dr_pdn.h"
#include "dr_validate.h"

typedef struct seen {
    int n, warnings;
    bo_verdict v;
    char kind[32], message[512], move[64], side[16];
    char warning[8][512];
    int wline[8], wcol[8];
} seen;

static void on_verdict(void *ctx, const bo_verdict *v)
{
    seen *s = ctx;
    s->n++;
    s->v = *v;
    snprintf(s->kind, sizeof s->kind, "%s", v->kind ? v->kind : "");
    snprintf(s->message, sizeof s->message, "%s", v->message ? v->message : "");
    snprintf(s->move, sizeof s->move, "%s", v->move_text ? v->move_text : "");
    snprintf(s->side, sizeof s->side, "%s", v->side ? v->side : "");
}

static void on_warning(void *ctx, const bo_warning *w)
{
    seen *s = ctx;
    if (s->warnings < 8) {
        snprintf(s->warning[s->warnings], sizeof s->warning[0], "%s", w->message);
        s->wline[s->warnings] = w->line;
        s->wcol[s->warnings] = w->col;
    }
    s->warnings++;
}

/* Validate the one game of SRC. */
static void check(const char *src, bool variation_errors, seen *s)
{
    memset(s, 0, sizeof *s);
    dr_pdn_games gs;
    char err[128];
    assert_int_equal(dr_pdn_read_all(src, strlen(src), &gs, err, sizeof err), 0);
    assert_int_equal(gs.n, 1);
    assert_int_equal(gs.items[0].rec.errors, 0);
    bo_verdict_sink sink = {on_verdict, on_warning, s};
    dr_validate_options o = {false, variation_errors, false};
    dr_validate_record_with(&gs.items[0].rec, "t.pdn", NULL, &o, &sink);
    assert_int_equal(s->n, 1);
    dr_pdn_games_free(&gs);
}

static void variations_hang_on_the_move_they_replace(void **state)
{
    (void)state;
    const char *src = "1. 32-28 19-23 (1... 18-23 2. 38-32 (2. 37-32 23-29) 12-18) 2. 28x19 14x23 *";
    dr_pdn_games gs;
    char err[128];
    assert_int_equal(dr_pdn_read_all(src, strlen(src), &gs, err, sizeof err), 0);
    const bo_record *r = &gs.items[0].rec;
    assert_int_equal(r->nmoves, 4);
    assert_int_equal(r->moves[1].nvars, 1);
    const bo_rline *v = r->moves[1].vars[0];
    assert_int_equal(v->nmoves, 3);
    assert_string_equal(v->moves[0].text, "18-23");
    assert_int_equal(v->moves[1].nvars, 1);
    assert_string_equal(v->moves[1].vars[0]->moves[1].text, "23-29");
    assert_int_equal(bo_record_count_variations(r), 2);
    dr_pdn_games_free(&gs);
}

static void legal_variations_say_nothing(void **state)
{
    (void)state;
    seen s;
    check("1. 32-28 19-23 (1... 18-23 2. 38-32 (2. 37-32 23-29) 12-18) 2. 28x19 14x23 *", false, &s);
    assert_int_equal(s.v.status, BO_VERDICT_OK);
    assert_int_equal(s.v.moves, 4);
    assert_int_equal(s.warnings, 0);
    /* the variation is played from the position before 32-28: white to move */
    check("1. 32-28 (1. 33-28 18-23 2. 38-33) 19-23 *", false, &s);
    assert_int_equal(s.warnings, 0);
}

static void illegal_variation_is_a_located_warning(void **state)
{
    (void)state;
    seen s;
    check("1. 32-28 19-23 (1... 18-24 2. 38-32) 2. 28x19 14x23 *", false, &s);
    assert_int_equal(s.v.status, BO_VERDICT_OK);
    assert_int_equal(s.v.moves, 4);
    assert_int_equal(s.warnings, 1);
    assert_non_null(strstr(s.warning[0], "in a variation: move 1 (black) 18-24: "));
    assert_int_equal(s.wline[0], 1);
    assert_int_equal(s.wcol[0], 22);
    /* nested: the inner line, from the position before 38-32 */
    check("1. 32-28 19-23 (1... 18-23 2. 38-32 (2. 37-32 23-30) 12-18) 2. 28x19 14x23 *", false, &s);
    assert_int_equal(s.v.status, BO_VERDICT_OK);
    assert_int_equal(s.warnings, 1);
    assert_non_null(strstr(s.warning[0], "in a variation: move 2 (black) 23-30: "));
    assert_int_equal(s.wcol[0], 47);
    /* 28-22 is white's move after 19-23, but the variation replaces 19-23: black moves */
    check("1. 32-28 19-23 (1... 28-22) *", false, &s);
    assert_int_equal(s.warnings, 1);
    assert_non_null(strstr(s.warning[0], "in a variation: move 1 (black) 28-22: the piece on 28 is white's"));
}

static void variation_errors_make_the_verdict(void **state)
{
    (void)state;
    seen s;
    check("1. 32-28 19-23 (1... 18-24 2. 38-32) 2. 28x19 14x23 *", true, &s);
    assert_int_equal(s.v.status, BO_VERDICT_INVALID);
    assert_string_equal(s.kind, "illegal");
    assert_non_null(strstr(s.message, "in a variation: "));
    assert_int_equal(s.v.line, 1);
    assert_int_equal(s.v.col, 22);
    assert_int_equal(s.v.move_no, 1);
    assert_string_equal(s.side, "black");
    assert_string_equal(s.move, "18-24");
    /* an illegal main line keeps its own verdict; the variation before it is a warning */
    check("1. 32-28 19-23 (1... 18-24) 2. 28-22 *", false, &s);
    assert_int_equal(s.v.status, BO_VERDICT_INVALID);
    assert_string_equal(s.move, "28-22");
    assert_null(strstr(s.message, "in a variation"));
    assert_int_equal(s.warnings, 1);
}

/* The writer keeps variations: what it writes reads back to the same lines, and the
 * judge says the same of them. */
static void written_variations_read_back(void **state)
{
    (void)state;
    const char *src = "[Event \"v\"]\n1. 32-28 19-23 (1... 18-23 2. 38-32 (2. 37-32 23-30) 12-18) 2. 28x19 {c} 14x23 *";
    dr_pdn_games a, b;
    char err[128];
    assert_int_equal(dr_pdn_read_all(src, strlen(src), &a, err, sizeof err), 0);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_int_equal(dr_pdn_write(f, &a.items[0], NULL), 0);
    fclose(f);
    assert_int_equal(dr_pdn_read_all(buf, len, &b, err, sizeof err), 0);
    assert_int_equal(b.n, 1);
    const bo_record *r = &b.items[0].rec;
    assert_int_equal(bo_record_count_variations(r), 2);
    assert_int_equal(r->moves[1].nvars, 1);
    const bo_rline *v = r->moves[1].vars[0];
    assert_int_equal(v->nmoves, 3);
    assert_string_equal(v->moves[2].text, "12-18");
    assert_string_equal(v->moves[1].vars[0]->moves[1].text, "23-30");
    seen s;
    memset(&s, 0, sizeof s);
    bo_verdict_sink sink = {on_verdict, on_warning, &s};
    dr_validate_record(r, "t.pdn", NULL, &sink);
    assert_int_equal(s.warnings, 1);
    assert_non_null(strstr(s.warning[0], "in a variation: move 2 (black) 23-30"));
    dr_pdn_games_free(&a);
    dr_pdn_games_free(&b);
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(variations_hang_on_the_move_they_replace),
        cmocka_unit_test(legal_variations_say_nothing),
        cmocka_unit_test(illegal_variation_is_a_located_warning),
        cmocka_unit_test(variation_errors_make_the_verdict),
        cmocka_unit_test(written_variations_read_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
