/* test_board.c -- the Junqi board graph (data/junqi/board.def, compiled in) against
 * RULES.md section 6, whose description is rebuilt here independently: 12 rows x 5
 * columns; headquarters b1 d1 b12 d12; camps b3 d3 c4 b5 d5 b8 d8 c9 b10 d10; every
 * post joined to its orthogonal neighbours except across the mountains (b6-b7, d6-d7);
 * a camp joined to its diagonal neighbours too; railways along rows 2, 6, 7, 11 and
 * along columns a and e from row 2 to 11 (so a6-a7 and e6-e7 are rail, c6-c7 road). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "junqi.h"

static int P(const char *name)
{
    const char *s = name;
    int p = jq_post_parse(&s);
    if (p < 0 || *s) fail_msg("bad post name %s", name);
    return p;
}

static bool is_camp(int c, int r)   /* r, c from 0 */
{
    static const char *const camps[] = {"b3", "d3", "c4", "b5", "d5", "b8", "d8", "c9", "b10", "d10"};
    for (size_t i = 0; i < 10; i++)
        if (P(camps[i]) == jq_post(c, r)) return true;
    return false;
}

static void test_posts(void **state)
{
    (void)state;
    const jq_graph *g = jq_board();
    int hq = 0, camp = 0;
    for (int p = 0; p < JQ_POSTS; p++) {
        hq += g->kind[p] == JQ_HQ;
        camp += g->kind[p] == JQ_CAMP;
        assert_int_equal(g->kind[p] == JQ_CAMP, is_camp(jq_col(p), jq_row(p)));
    }
    assert_int_equal(hq, 4);
    assert_int_equal(camp, 10);
    assert_int_equal(g->kind[P("b1")], JQ_HQ);
    assert_int_equal(g->kind[P("d1")], JQ_HQ);
    assert_int_equal(g->kind[P("b12")], JQ_HQ);
    assert_int_equal(g->kind[P("d12")], JQ_HQ);
    char name[8];
    jq_post_name(P("e12"), name, sizeof name);
    assert_string_equal(name, "e12");
    assert_int_equal(P("a1"), 0);
    assert_int_equal(P("e12"), 59);
}

static void test_links(void **state)
{
    (void)state;
    const jq_graph *g = jq_board();
    for (int a = 0; a < JQ_POSTS; a++)
        for (int b = 0; b < JQ_POSTS; b++) {
            if (a == b) continue;
            int ca = jq_col(a), ra = jq_row(a), cb = jq_col(b), rb = jq_row(b);
            int dc = cb - ca, dr = rb - ra;
            bool orth = (dc == 0 && (dr == 1 || dr == -1)) || (dr == 0 && (dc == 1 || dc == -1));
            bool mountain = dc == 0 && (ca == 1 || ca == 3) && ((ra == 5 && rb == 6) || (ra == 6 && rb == 5));
            bool diag = (dc == 1 || dc == -1) && (dr == 1 || dr == -1) && (is_camp(ca, ra) || is_camp(cb, rb));
            bool linked = (orth && !mountain) || diag;
            bool rail_row = dr == 0 && orth && (ra == 1 || ra == 5 || ra == 6 || ra == 10);
            bool rail_col = dc == 0 && orth && (ca == 0 || ca == 4) && ra >= 1 && ra <= 10 && rb >= 1 && rb <= 10;
            bool rail = rail_row || rail_col;
            if (((g->adj[a] >> b) & 1) != linked)
                fail_msg("link %d-%d: board %d, RULES.md %d", a, b, (int)(g->adj[a] >> b & 1), linked);
            if (((g->rail_adj[a] >> b) & 1) != rail)
                fail_msg("rail %d-%d: board %d, RULES.md %d", a, b, (int)(g->rail_adj[a] >> b & 1), rail);
        }
    /* The front: a and e by rail, c by road only, b and d not at all. */
    assert_true(g->rail_adj[P("a6")] >> P("a7") & 1);
    assert_true(g->rail_adj[P("e6")] >> P("e7") & 1);
    assert_true(g->adj[P("c6")] >> P("c7") & 1);
    assert_false(g->rail_adj[P("c6")] >> P("c7") & 1);
    assert_false(g->adj[P("b6")] >> P("b7") & 1);
    assert_false(g->adj[P("d6")] >> P("d7") & 1);
    /* A camp has eight neighbours; a headquarters three. */
    assert_int_equal(__builtin_popcountll(g->adj[P("c4")]), 8);
    assert_int_equal(__builtin_popcountll(g->adj[P("b1")]), 3);
    /* The railway runs: from a2 north to a11, east to e2. */
    int q = P("a2"), n = 0;
    while (g->rail_step[q][0] >= 0) q = g->rail_step[q][0], n++;
    assert_int_equal(q, P("a11"));
    assert_int_equal(n, 9);
    q = P("a2");
    while (g->rail_step[q][1] >= 0) q = g->rail_step[q][1];
    assert_int_equal(q, P("e2"));
    assert_int_equal(g->rail_step[P("c6")][0], -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_posts),
        cmocka_unit_test(test_links),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
