/* test_tigers_solve.c -- the Two Tigers solver (engine/tigers/tg_solve.c).
 *
 * The retrograde step: undoing a move (tg_solve_predecessors) must give exactly the
 * positions whose legal moves (the forward generator, itself checked against a brute
 * force in test_tigers_rules.c) lead to the position without a capture; both
 * directions on positions of seeded random games.
 *
 * The values: the real layers (11 dogs and up) are far too big for a check, so the
 * solver is run on a reduced game -- the tigers win when at most W dogs are left, with
 * 1 or 2 dogs on the board -- and every position of it (no symmetry taken out) is
 * compared with a brute force written here: the moves from tg_legal / tg_play, a plain
 * array of values by (tigers, dog points), and sweeps of the minimax rule (won if a
 * move reaches a loss or takes the last dog needed, lost if there is no move or every
 * move reaches a win) until nothing changes; what stays undecided is a draw. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "core.h"
#include "tg_solve.h"
#include "tigers.h"

static bool same(const tg_pos *a, const tg_pos *b)
{
    return memcmp(a->dogs, b->dogs, sizeof a->dogs) == 0 && a->tiger[0] == b->tiger[0] &&
           a->tiger[1] == b->tiger[1] && a->side == b->side && a->dmask == b->dmask;
}

/* Does some non-capturing legal move of P give X? */
static bool leads_to(const tg_pos *p, const tg_pos *x)
{
    uint32_t ms[TG_MAX_MOVES];
    int n = tg_legal(p, ms);
    for (int i = 0; i < n; i++) {
        tg_pos q = *p;
        tg_undo u;
        tg_play(&q, ms[i], &u);
        if (q.captured == p->captured && same(&q, x)) return true;
    }
    return false;
}

static void test_predecessors(void **state)
{
    (void)state;
    uint64_t rng = 2026;
    tg_pos preds[TG_MAX_MOVES + 16], back[TG_MAX_MOVES + 16];
    int checked = 0;
    for (int g = 0; g < 300; g++) {
        tg_pos p;
        tg_start(&p);
        int plies = (int)(bo_splitmix64(&rng) % 40);
        for (int k = 0; k < plies; k++) {
            uint32_t ms[TG_MAX_MOVES];
            tg_undo u;
            int n = tg_legal(&p, ms);
            if (n == 0) break;
            tg_play(&p, ms[bo_splitmix64(&rng) % (uint64_t)n], &u);
        }
        if (p.captured >= TG_WIN_CAPTURES) continue;
        p.quiet = 0;
        /* every predecessor leads here */
        int n = tg_solve_predecessors(&p, preds);
        for (int i = 0; i < n; i++) {
            char err[256], t[128];
            preds[i].hash = tg_hash_scratch(&preds[i]);
            tg_to_text(&preds[i], t, sizeof t);
            if (tg_check(&preds[i], err, sizeof err) != 0) fail_msg("predecessor %s: %s", t, err);
            if (!leads_to(&preds[i], &p)) fail_msg("predecessor %s does not lead to the position", t);
            for (int j = 0; j < i; j++)
                if (same(&preds[i], &preds[j])) fail_msg("predecessor %s twice", t);
        }
        /* every non-capturing move from here has this position among its predecessors */
        uint32_t ms[TG_MAX_MOVES];
        int m = tg_legal(&p, ms);
        for (int i = 0; i < m; i++) {
            tg_pos q = p;
            tg_undo u;
            tg_play(&q, ms[i], &u);
            if (q.captured != p.captured) continue;
            q.quiet = 0;
            int k = tg_solve_predecessors(&q, back), found = 0;
            for (int j = 0; j < k; j++) found |= same(&back[j], &p);
            if (!found) {
                char t[128], mt[32];
                tg_to_text(&p, t, sizeof t);
                tg_move_to_text(&p, ms[i], mt, sizeof mt);
                fail_msg("%s after %s: the position before is not among the predecessors", t, mt);
            }
            checked++;
        }
    }
    assert_true(checked > 1000);
}

#include <stdlib.h>
#include "tg_index.h"

/* The brute force's own numbering: side, tigers, and the dogs' points a <= b (a == b:
 * two dogs on one start point; 25: no dog). */
enum { BF_N = 2 * 25 * 25 * 26 * 26 };
static int bf_index(const tg_pos *p)
{
    int pts[2] = {25, 25}, k = 0;
    for (int q = 0; q < 25; q++)
        for (int h = 0; h < p->dogs[q] && k < 2; h++) pts[k++] = q;
    return (((p->side * 25 + p->tiger[0]) * 25 + p->tiger[1]) * 26 + pts[0]) * 26 + pts[1];
}

static int dogs_on(const tg_pos *p)
{
    int n = 0;
    for (int q = 0; q < 25; q++) n += p->dogs[q];
    return n;
}

/* Every position with 1..MAXD dogs (exactly as the rules allow: stacks only on the
 * start points), by a loop over the tigers and one or two dog points. */
static int bf_positions(int maxd, tg_pos *out)
{
    int n = 0;
    for (int side = 0; side < 2; side++)
        for (int t0 = 0; t0 < 25; t0++)
            for (int t1 = t0 + 1; t1 < 25; t1++)
                for (int a = 0; a < 25; a++)
                    for (int b = a; b <= 25; b++) {
                        if (a == t0 || a == t1 || b == t0 || b == t1) continue;
                        if (b == 25 ? 0 : (a == b && !tg_is_start_point(a))) continue;
                        if (b < 25 && maxd < 2) continue;
                        tg_pos p;
                        memset(&p, 0, sizeof p);
                        p.tiger[0] = (uint8_t)t0;
                        p.tiger[1] = (uint8_t)t1;
                        p.side = (uint8_t)side;
                        p.dogs[a]++;
                        p.dmask |= 1u << a;
                        if (b < 25) {
                            p.dogs[b]++;
                            p.dmask |= 1u << b;
                        }
                        out[n++] = p;
                    }
    return n;
}

static uint8_t *solved[TG_DOGS + 1][2];

static void keep_layer(void *ctx, int d, const uint8_t *t, const uint8_t *g, const struct tg_index *x)
{
    (void)ctx;
    size_t n = (size_t)((x->size[d] + 3) / 4);
    for (int s = 0; s < 2; s++) {
        solved[d][s] = malloc(n);
        memcpy(solved[d][s], s ? g : t, n);
    }
}

static void check_reduced(int win, int maxd)
{
    tg_pos *all = malloc(2 * 300 * 26 * 26 * sizeof *all);
    int np = bf_positions(maxd, all);
    uint8_t *v = calloc(BF_N, 1);
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < np; i++) {
            tg_pos *p = &all[i];
            if (dogs_on(p) <= win || v[bf_index(p)]) continue;
            tg_pos g = *p;
            g.captured = 0;   /* tg_legal stops at six taken; the reduced game ends on dogs left */
            uint32_t ms[TG_MAX_MOVES];
            int n = tg_legal(&g, ms), res = n == 0 ? TG_V_LOSS : TG_V_DRAW, all_win = n > 0;
            for (int k = 0; k < n && res == TG_V_DRAW; k++) {
                tg_pos q = g;
                tg_undo u;
                tg_play(&q, ms[k], &u);
                int qv = dogs_on(&q) <= win ? TG_V_LOSS : v[bf_index(&q)];
                if (qv == TG_V_LOSS) res = TG_V_WIN;
                else if (qv != TG_V_WIN) all_win = 0;
            }
            if (res == TG_V_DRAW && all_win) res = TG_V_LOSS;
            if (res != TG_V_DRAW) {
                v[bf_index(p)] = (uint8_t)res;
                changed = 1;
            }
        }
    }
    memset(solved, 0, sizeof solved);
    tg_solve_opts o = {.win_dogs = win, .max_dogs = maxd, .threads = 2, .check_count = 2000, .layer_done = keep_layer};
    tg_solve_report rep;
    char err[256];
    assert_int_equal(tg_solve_run(&o, &rep, err, sizeof err), 0);
    assert_int_equal(rep.solved_dogs, maxd);
    for (int d = win + 1; d <= maxd; d++) {
        assert_true(rep.checked[d] > 1000);
        assert_int_equal(rep.check_failed[d], 0);
    }
    tg_index *x = malloc(sizeof *x);
    tg_index_init(x);
    int count[3] = {0, 0, 0};
    for (int i = 0; i < np; i++) {
        tg_pos *p = &all[i];
        int d = dogs_on(p);
        if (d <= win) continue;
        p->captured = (uint8_t)(TG_DOGS - d);
        uint64_t r = tg_index_rank(x, p);
        int sv = solved[d][p->side][r >> 2] >> ((r & 3) * 2) & 3, bv = v[bf_index(p)];
        count[bv]++;
        if (sv != bv) {
            char t[128];
            p->hash = tg_hash_scratch(p);
            tg_to_text(p, t, sizeof t);
            fail_msg("win at %d dogs: %s: solver %d, brute force %d", win, t, sv, bv);
        }
    }
    print_message("win at %d dogs, up to %d: %d win, %d loss, %d draw\n", win, maxd, count[1], count[2], count[0]);
    /* every kind of value occurs, so the comparison can tell them apart */
    assert_true(count[TG_V_WIN] > 0 && count[TG_V_LOSS] > 0);

    for (int d = 0; d <= TG_DOGS; d++) { free(solved[d][0]); free(solved[d][1]); }
    free(x);
    free(v);
    free(all);
}

static void test_reduced_games(void **state)
{
    (void)state;
    check_reduced(0, 2);   /* take every dog: the layers of 1 and 2 dogs */
    check_reduced(1, 2);   /* take one of two */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_predecessors),
        cmocka_unit_test(test_reduced_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
