/* test_tigers_reach.c -- Two Tigers' count of the positions reachable from the start
 * (engine/tigers/tg_reach.c) against a perft-style enumeration written here.
 *
 * The enumeration walks every move sequence of up to N plies from the start (the
 * tree perft counts: its leaves at depth 2 are 224, derived by hand in
 * test_tigers_rules.c), writes each position reached as its position text (the
 * quiet-ply count set to 0: it is not part of the position), and keeps the least ply
 * at which each text occurs; sorting the texts gives the distinct positions and the
 * count first reached at each ply, which the breadth-first count must equal.  Two
 * hand facts as well: after one ply the 8 tiger moves give 8 new positions, and no
 * line of two plies comes back to the start (a dog has left a stack). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "tg_reach.h"
#include "tigers.h"

typedef struct seen {
    char text[40];
    int ply;
} seen;

static seen *all;
static size_t nall, capall;

static void walk(tg_pos *p, int ply, int depth)
{
    if (nall == capall) {
        capall = capall ? capall * 2 : 4096;
        all = realloc(all, capall * sizeof *all);
        assert_non_null(all);
    }
    tg_pos c = *p;
    c.quiet = 0;
    tg_to_text(&c, all[nall].text, sizeof all[nall].text);
    all[nall++].ply = ply;
    if (ply == depth) return;
    uint32_t ms[TG_MAX_MOVES];
    int n = tg_legal(p, ms);
    for (int i = 0; i < n; i++) {
        tg_undo u;
        tg_play(p, ms[i], &u);
        walk(p, ply + 1, depth);
        tg_unplay(p, ms[i], &u);
    }
}

static int by_text_then_ply(const void *a, const void *b)
{
    const seen *x = a, *y = b;
    int c = strcmp(x->text, y->text);
    return c ? c : x->ply - y->ply;
}

static void test_reach_small_depths(void **state)
{
    (void)state;
    const int depth = 4;
    tg_pos start;
    tg_start(&start);
    nall = 0;
    walk(&start, 0, depth);
    qsort(all, nall, sizeof *all, by_text_then_ply);
    uint64_t first[8];
    memset(first, 0, sizeof first);
    for (size_t i = 0; i < nall; i++)
        if (i == 0 || strcmp(all[i].text, all[i - 1].text) != 0) first[all[i].ply]++;
    free(all);
    all = NULL;
    capall = 0;
    assert_int_equal(first[0], 1);
    assert_int_equal(first[1], 8);
    assert_int_equal(first[2], 224);
    for (int d = 0; d <= depth; d++) {
        tg_reach_report rep;
        char err[128];
        assert_int_equal(tg_reach_count(&start, d, 0, &rep, err, sizeof err), 0);
        uint64_t total = 0;
        for (int k = 0; k <= d; k++) {
            assert_int_equal(rep.first[k], first[k]);
            total += first[k];
        }
        assert_int_equal(rep.total, total);
    }
}

/* The key is exact: two positions differing in one point, the side or a stack get
 * different keys. */
static void test_key(void **state)
{
    (void)state;
    tg_pos a, b;
    tg_start(&a);
    b = a;
    b.side = TG_DOGS_SIDE;
    assert_true(tg_reach_key(&a) != tg_reach_key(&b));
    b = a;
    b.dogs[6] = 3;
    b.dogs[0] = 1;
    assert_true(tg_reach_key(&a) != tg_reach_key(&b));
    assert_true(tg_reach_key(&a) < (UINT64_C(1) << 41));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reach_small_depths),
        cmocka_unit_test(test_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
