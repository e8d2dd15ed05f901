/* test_engines.c -- EWN's engines: the expectimax with Star1 and Star2 pruning gives
 * exactly the value of a full-width expectimax written here without any pruning (the
 * same static evaluation at the leaves); it takes a win in one; the chance MCTS and
 * the UCT baseline take a win in one, are deterministic for a seed, and beat the
 * random player.  The engine behind bo_search reports a win rate. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core.h"
#include "einstein.h"
#include "ew_player.h"
#include "ew_search.h"
#include "search.h"
#include "sp_batch.h"

/* Full width: every move, every roll, negamax over means; DEPTH moves. */
static double brute_chance(const ew_pos *p, int depth);
static double brute_decision(const ew_pos *p, int depth)
{
    uint32_t m[EW_MAX_MOVES];
    int n = ew_legal(p, m);
    double best = -1e9;
    for (int i = 0; i < n; i++) {
        ew_pos q = *p;
        ew_play(&q, m[i]);
        double v = -brute_chance(&q, depth - 1);
        if (v > best) best = v;
    }
    return best;
}
static double brute_chance(const ew_pos *p, int depth)
{
    if (depth <= 0 || ew_winner(p, NULL) >= 0) return ew_evaluate(p);
    double sum = 0;
    for (int d = 1; d <= 6; d++) {
        ew_pos q = *p;
        ew_play(&q, EW_ROLL | (uint32_t)d);
        sum += brute_decision(&q, depth);
    }
    return sum / 6;
}

/* Decision positions from seeded random games, at several stages. */
static int sample_positions(ew_pos *out, int want)
{
    int n = 0;
    for (int game = 0; n < want; game++) {
        uint64_t rng = bo_mix64(500 + (uint64_t)game);
        ew_pos p;
        ew_start(&p, EW_SETUP_RANDOM, EW_RED);
        uint32_t m[EW_MAX_MOVES];
        int ply = 0, stop = 12 + 2 * (game % 12);
        while (ew_winner(&p, NULL) < 0 && n < want) {
            int k = ew_legal(&p, m);
            ew_play(&p, m[bo_splitmix64(&rng) % (uint64_t)k]);
            if (p.die && ++ply == stop) { out[n++] = p; break; }
        }
    }
    return n;
}

static void test_star_pruning_is_exact(void **state)
{
    (void)state;
    ew_pos ps[24];
    int n = sample_positions(ps, 24);
    uint64_t nodes[3] = {0, 0, 0}, cuts = 0;
    for (int i = 0; i < n; i++) {
        int depth = 2 + i % 2;
        double want = brute_decision(&ps[i], depth);
        for (int star = 0; star <= 2; star++) {
            ew_xstats st;
            uint32_t m = ew_expectimax(&ps[i], depth, 0, 0, star, &st, NULL, NULL);
            assert_int_not_equal(m, 0);
            if (fabs(st.value - want) > 1e-6)
                fail_msg("position %d depth %d star %d: %.6f, full width %.6f", i, depth, star, st.value, want);
            nodes[star] += st.nodes;
            if (star) cuts += st.chance_cuts;
        }
    }
    printf("decision nodes: plain %llu, Star1 %llu, Star2 %llu; chance cuts %llu\n", (unsigned long long)nodes[0],
           (unsigned long long)nodes[1], (unsigned long long)nodes[2], (unsigned long long)cuts);
    assert_true(nodes[1] < nodes[0]);
    assert_true(cuts > 0);
}

static void test_win_in_one(void **state)
{
    (void)state;
    ew_pos p;
    char err[128], t[16];
    /* Red 3 on D2 with the die on 3: D2-E1 wins; R3-E2 and R3-D1 do not. */
    assert_int_equal(ew_from_text(&p, "r1..../...../..b4../...r3./b1b2... r 3", err, sizeof err), 0);
    ew_xstats st;
    uint32_t m = ew_expectimax(&p, 3, 0, 0, 2, &st, NULL, NULL);
    ew_move_to_text(&p, m, t, sizeof t);
    assert_string_equal(t, "R3-E1");
    assert_true(st.value >= 1000);
    for (int plain = 0; plain <= 1; plain++) {
        m = ew_mcts(&p, 300, plain, 5, NULL);
        ew_move_to_text(&p, m, t, sizeof t);
        assert_string_equal(t, "R3-E1");
    }
    /* Through bo_search: the game's engine, with its win rate. */
    const bo_game *g = bo_game_by_name("einstein");
    bo_limits lim = {.depth = 2};
    bo_search_info info;
    assert_int_equal(bo_search(g, &p, NULL, &lim, NULL, NULL, NULL, &info, err, sizeof err), 0);
    assert_int_equal(info.pv[0], m);
    assert_true(info.win_rate > 0.999);
    /* A chance node is refused with a reason; the setup gets the engine's placement. */
    ew_pos q = p;
    q.die = 0;
    q.hash = ew_hash_scratch(&q);
    assert_int_equal(bo_search(g, &q, NULL, &lim, NULL, NULL, NULL, &info, err, sizeof err), -1);
    ew_start(&q, EW_SETUP_CHOOSE, EW_RED);
    assert_int_equal(bo_search(g, &q, NULL, &lim, NULL, NULL, NULL, &info, err, sizeof err), 0);
    assert_true(ew_is_place(info.pv[0]));
}

/* A's points in GAMES games of player A_SPEC (one of EWN's own players) against the
 * random player, arrangements drawn by chance, in the one match runner (sp_batch). */
static int add_score(void *ctx, const sp_played *p)
{
    *(double *)ctx += p->a_first ? p->score_first : 1 - p->score_first;
    return 0;
}

static double match_score(const char *a_spec, long games, uint64_t seed)
{
    const bo_game *g = bo_game_by_name("einstein");
    sp_player a = {0}, b = {.random = true};
    char err[256];
    assert_int_equal(bo_player_kind_parse(g, a_spec, NULL, NULL, &a.kind, a.params, err, sizeof err), 1);
    double score = 0;
    sp_batch batch = {.game = g, .rules = "random", .games = games, .threads = 1, .a = a, .b = b, .seed = seed,
                      .finished = add_score, .ctx = &score};
    assert_int_equal(sp_batch_run(&batch, err, sizeof err), 0);
    return score;
}

static void test_mcts_deterministic_and_strong(void **state)
{
    (void)state;
    ew_pos ps[6];
    int n = sample_positions(ps, 6);
    for (int i = 0; i < n; i++) {
        double w1, w2;
        assert_int_equal(ew_mcts(&ps[i], 400, 0, 9, &w1), ew_mcts(&ps[i], 400, 0, 9, &w2));
        assert_true(w1 == w2 && w1 >= 0 && w1 <= 1);
    }
    /* 40 games against the random player through the one match runner (selfplay's
     * batch, the players found in the descriptor): a player no better than random
     * scores 50% (sd 7.9%); require 75%. */
    double sc = match_score("mcts playouts=200", 40, 3);
    printf("mcts 200 playouts vs random: %.1f / 40\n", sc);
    assert_true(sc >= 30);
    sc = match_score("expectimax depth=2", 40, 4);
    printf("expectimax depth 2 vs random: %.1f / 40\n", sc);
    assert_true(sc >= 30);
    const bo_player_kind *k;
    BO_ALIGNED unsigned char params[BO_PLAYER_PARAMS];
    char err[128];
    const bo_game *g = bo_game_by_name("einstein");
    assert_int_equal(bo_player_kind_parse(g, "bogus", NULL, NULL, &k, params, err, sizeof err), 0);
    assert_int_equal(bo_player_kind_parse(g, "mcts playouts=x", NULL, NULL, &k, params, err, sizeof err), -1);
    assert_int_equal(bo_player_kind_parse(g, "expectimax star=3", NULL, NULL, &k, params, err, sizeof err), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_win_in_one),
        cmocka_unit_test(test_star_pruning_is_exact),
        cmocka_unit_test(test_mcts_deterministic_and_strong),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
