/* test_reductions.c -- no late-move reduction where draughts' side to move must capture.
 *
 * Draughts alone says which nodes are forced (bo_game.forced: a capture is
 * compulsory), and the search reduces none of their moves (docs/engine-draughts.md,
 * "Reductions"); every other game's search is as it was.  The hook must be used: a
 * search to a fixed depth visits another number of nodes than the same descriptor
 * without it (the search as before).  The hook
 * agrees with the move generator (noisy: the captures when capture is compulsory) on
 * every position of seeded random games, international and the 8x8 and Frisian
 * variants. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "game.h"
#include "search.h"

/* Only draughts has forced nodes. */
static void test_only_draughts(void **state)
{
    (void)state;
    int n;
    const bo_game *const *all = bo_games(&n);
    int with = 0;
    for (int i = 0; i < n; i++) {
        if (!all[i]->forced) continue;
        with++;
        assert_string_equal(all[i]->name, "draughts");
    }
    assert_int_equal(with, 1);
}

/* A tiny seeded generator for the random games. */
static uint64_t next_rand(uint64_t *x)
{
    *x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
    return *x >> 33;
}

/* The hook is the rule: forced exactly where the generator gives captures only. */
static void test_forced_is_must_capture(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("draughts");
    assert_non_null(g);
    const char *rules[] = {"fmjd", "english", "russian", "frisian", "italian"};
    int forced_seen = 0, free_seen = 0;
    for (size_t r = 0; r < sizeof rules / sizeof rules[0]; r++) {
        for (uint64_t game = 0; game < 20; game++) {
            uint64_t seed = 0x5EEDull + game * 7919 + r;
            BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
            char err[256];
            assert_int_equal(g->start(pos, rules[r], err, sizeof err), 0);
            for (int ply = 0; ply < 120; ply++) {
                bo_move moves[BO_MOVES_MAX], noisy[BO_MOVES_MAX];
                int nm = g->legal(pos, moves);
                if (nm <= 0) break;
                bool must = g->noisy(pos, noisy) > 0;
                assert_int_equal(g->forced(pos), must);
                if (must) forced_seen++;
                else free_seen++;
                g->play(pos, moves[next_rand(&seed) % (uint64_t)nm], undo, NULL);
            }
        }
    }
    assert_true(forced_seen > 100 && free_seen > 100);
}

/* Nodes of a one-thread search of G to DEPTH from the position TEXT, a fresh table. */
static uint64_t nodes_to(const bo_game *g, const char *text, int depth)
{
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    char err[256];
    assert_int_equal(g->from_text(pos, NULL, text, err, sizeof err), 0);
    bo_tt *tt = bo_tt_new(16);
    assert_non_null(tt);
    bo_limits lim = {.depth = depth, .threads = 1};
    bo_search_info info;
    assert_int_equal(bo_search(g, pos, NULL, &lim, tt, NULL, NULL, &info, err, sizeof err), 0);
    bo_tt_free(tt);
    assert_int_equal(info.depth, depth);
    return info.nodes;
}

enum { DEPTH = 12 };

/* The search asks the hook: the node counts change. */
static void test_hook_is_used(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("draughts");
    assert_non_null(g);
    assert_non_null(g->forced);
    bo_game generic = *g;
    generic.forced = NULL;
    /* The start, and the first and fifth openings of data/openings/draughts.txt after
     * their four plies. */
    const char *fens[] = {
        "W:W31-50:B1-20",
        "W:W31,32,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,14,15,16,17,19,20,22",
        "W:W31,32,33,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,14,15,16,17,18,20,24",
    };
    int differ = 0;
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        uint64_t a = nodes_to(g, fens[i], DEPTH), b = nodes_to(&generic, fens[i], DEPTH);
        differ += a != b;
    }
    assert_true(differ > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_only_draughts),
        cmocka_unit_test(test_forced_is_must_capture),
        cmocka_unit_test(test_hook_is_used),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
