/* test_random.c -- the check of RULES.md section 5: under uniformly random
 * arrangements and moves the first player wins about 53.2% of games (2,000,000 games
 * measured outside the project, standard error 0.035%).
 *
 * Two ways: the rules' own random games (ew_random_games), and games played through
 * the game descriptor as selfplay's random player plays them (setup placements drawn
 * by chance() under the "random" rule set, rolls by chance(), steps uniformly from
 * legal()).  Each figure must lie within 4 combined standard errors of 53.2%; 50% lies
 * 9 or more standard errors away for the first, so the test can fail. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>

#include "core.h"
#include "einstein.h"
#include "game.h"

static const double published = 0.532, published_se = 0.00035;

static void check_share(const char *what, uint64_t wins, uint64_t n)
{
    double p = (double)wins / (double)n, se = sqrt(p * (1 - p) / (double)n + published_se * published_se);
    printf("%s: %llu games, first player %.4f%% (z = %.2f against 53.2%%)\n", what, (unsigned long long)n, 100 * p,
           (p - published) / se);
    if (fabs(p - published) > 4 * se) fail_msg("%s: %.4f%% is more than 4 standard errors from 53.2%%", what, 100 * p);
}

static void test_own_random_games(void **state)
{
    (void)state;
    uint64_t n = 100000;
    check_share("rules' random games", ew_random_games(n, 2026, EW_RED), n);
    /* Blue moving first is the same game with colours swapped. */
    check_share("blue first", ew_random_games(n / 2, 4052, EW_BLUE), n / 2);
}

/* Through the descriptor: chance nodes drawn by their probabilities, steps uniform. */
static void test_descriptor_random_games(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("einstein");
    assert_non_null(g);
    uint64_t n = 20000, wins = 0;
    char err[128];
    for (uint64_t i = 0; i < n; i++) {
        BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
        assert_int_equal(g->start(pos, "random", err, sizeof err), 0);
        uint64_t rng = bo_mix64(i + 99);
        for (;;) {
            int who = g->to_move(pos);
            if (who == BO_PLAYER_TERMINAL) break;
            bo_move m[BO_MOVES_MAX];
            double prob[BO_MOVES_MAX];
            int k;
            if (who == BO_PLAYER_CHANCE) {
                int c = g->chance(pos, m, prob);
                double r = (double)(bo_splitmix64(&rng) >> 11) / 9007199254740992.0, acc = 0;
                for (k = 0; k < c - 1; k++) {
                    acc += prob[k];
                    if (r < acc) break;
                }
            } else {
                int c = g->legal(pos, m);
                k = (int)(bo_splitmix64(&rng) % (uint64_t)c);
            }
            g->play(pos, m[k], undo, NULL);
        }
        bo_result res = g->result(pos, NULL);
        wins += res.winner == 0;
    }
    check_share("descriptor's random games", wins, n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_own_random_games),
        cmocka_unit_test(test_descriptor_random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
