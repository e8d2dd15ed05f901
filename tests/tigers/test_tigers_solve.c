/* test_tigers_solve.c -- the retrograde step of the Two Tigers solver: undoing a move
 * (tg_solve_predecessors) must give exactly the positions whose legal moves (the
 * forward generator, itself checked against a brute force in test_tigers_rules.c)
 * lead to the position without a capture.
 *
 * Both directions on positions of seeded random games: every predecessor P of X has a
 * non-capturing move to X; every non-capturing move of P to X has P among X's
 * predecessors. */
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_predecessors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
