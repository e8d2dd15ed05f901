/* test_tigers_brute.c -- the Two Tigers solver's values against a brute force that
 * shares nothing with it.
 *
 * The brute force is written here from RULES.md section 8 alone: its own board (5x5
 * points, orthogonal lines everywhere, diagonals through the points with row + column
 * even), its own moves (a dog steps to an empty neighbour; a tiger steps to an empty
 * neighbour or jumps along a line over a neighbour holding dogs to the empty point
 * beyond, taking one dog), its own numbering (a sorted array of packed keys, no
 * symmetry taken out) and its own retrograde analysis (a counter of undecided moves
 * per position and a queue: a position with a move to a loss is a win, one whose every
 * move reaches a win, or which has no move, is a loss, the rest are draws).  It does
 * not call the rules module (tg_legal) nor the solver's generator.
 *
 * The game is reduced by the solver's own parameter, the win layer: the tigers win
 * when at most W dogs are left.  With 3 dogs on the board and a win on the first
 * capture (W = 2) the dogs can shelter in the corners (a dog in a corner cannot be
 * jumped) and some positions of both sides are draws (30 382 with the tigers to move,
 * 117 558 with the dogs).  A position with the tigers to move lost (both tigers shut in)
 * needs at least seven dogs on seven points (the tigers' three or so neighbours and
 * the points beyond them), which no brute force of a unit test can hold; those are
 * covered by the solver's sampled re-check through the rules on the real layers.
 * Tried: a solver whose undoing of tiger steps skips one direction fails here.
 *
 * Every position of the reduced game (both sides to move) is compared, by its
 * tg_index rank, with the solver's value; then one solver value is changed on
 * purpose and the comparison must report it (so the test can fail). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core.h"
#include "game.h"
#include "search.h"
#include "tg_index.h"
#include "tg_solve.h"
#include "tigers.h"
#include "tg_brute.h"

/* The solver's layers, kept by its layer_done hook. */
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

/* Compares every brute-force position with the solver's value; the count of
 * differences (the first few printed).  COUNT[side][value] tallies the brute force. */
static uint64_t compare(const bf_game *g, const tg_index *x, uint64_t count[2][3], bool quiet)
{
    uint64_t bad = 0;
    memset(count, 0, 6 * sizeof count[0][0]);
    for (size_t i = 0; i < g->n; i++) {
        const bf_pos *b = &g->pos[i];
        tg_pos p;
        memset(&p, 0, sizeof p);
        int d = 0;
        for (int q = 0; q < 25; q++) {
            p.dogs[q] = b->h[q];
            if (b->h[q]) p.dmask |= 1u << q;
            d += b->h[q];
        }
        p.tiger[0] = (uint8_t)b->t0;
        p.tiger[1] = (uint8_t)b->t1;
        p.side = (uint8_t)b->side;
        p.captured = (uint8_t)(TG_DOGS - d);
        uint64_t r = tg_index_rank(x, &p);
        int sv = solved[d][b->side][r >> 2] >> ((r & 3) * 2) & 3;
        count[b->side][g->val[i]]++;
        if (sv != g->val[i] && bad++ < 5 && !quiet) {
            char t[128];
            p.hash = tg_hash_scratch(&p);
            tg_to_text(&p, t, sizeof t);
            print_message("win at %d dogs: %s: solver %d, brute force %d\n", g->win, t, sv, g->val[i]);
        }
    }
    return bad;
}

/* The reduced game (W = 2, 3 dogs) is solved once for both tests. */
static bf_game shared_game;

static void check_reduced(int win, int maxd, bool want_draws)
{
    bf_game g;
    bf_build_and_solve(&g, win, maxd);
    shared_game = g;
    memset(solved, 0, sizeof solved);
    tg_solve_opts o = {.win_dogs = win, .max_dogs = maxd, .threads = 2, .check_count = 2000, .layer_done = keep_layer};
    tg_solve_report rep;
    char err[256];
    assert_int_equal(tg_solve_run(&o, &rep, err, sizeof err), 0);
    assert_int_equal(rep.solved_dogs, maxd);
    tg_index *x = malloc(sizeof *x);
    tg_index_init(x);
    uint64_t count[2][3];
    uint64_t bad = compare(&g, x, count, false);
    print_message("win at %d dogs, %d..%d dogs: %zu positions; tigers to move %llu won %llu lost %llu drawn, "
                  "dogs to move %llu won %llu lost %llu drawn\n",
                  win, win + 1, maxd, g.n, (unsigned long long)count[0][TG_V_WIN], (unsigned long long)count[0][TG_V_LOSS],
                  (unsigned long long)count[0][TG_V_DRAW], (unsigned long long)count[1][TG_V_WIN],
                  (unsigned long long)count[1][TG_V_LOSS], (unsigned long long)count[1][TG_V_DRAW]);
    assert_int_equal(bad, 0);
    assert_true(count[0][TG_V_WIN] > 0 && count[1][TG_V_LOSS] > 0);
    if (want_draws) assert_true(count[0][TG_V_DRAW] > 0 && count[1][TG_V_DRAW] > 0);

    /* the comparison can fail: one solver value changed on purpose is found */
    size_t i = g.n / 3;
    const bf_pos *b = &g.pos[i];
    tg_pos p;
    memset(&p, 0, sizeof p);
    int d = 0;
    for (int q = 0; q < 25; q++) {
        p.dogs[q] = b->h[q];
        if (b->h[q]) p.dmask |= 1u << q;
        d += b->h[q];
    }
    p.tiger[0] = (uint8_t)b->t0;
    p.tiger[1] = (uint8_t)b->t1;
    p.side = (uint8_t)b->side;
    uint64_t r = tg_index_rank(x, &p);
    solved[d][b->side][r >> 2] ^= (uint8_t)(1u << ((r & 3) * 2));   /* draw <-> win, loss -> 3 */
    assert_true(compare(&g, x, count, true) > 0);

    for (int k = 0; k <= TG_DOGS; k++) { free(solved[k][0]); free(solved[k][1]); }
    free(x);
}

static void test_reduced_with_draws(void **state)
{
    (void)state;
    check_reduced(2, 3, true);   /* the first capture of three dogs wins */
}

/* The table-backed engine on the reduced game's table: for every position, the moves
 * the table lets through (tg_view_moves' best kind) are exactly those that keep the
 * brute force's value -- a won position's moves to a lost one (or the capture that
 * ends it), a drawn one's moves to draws, never a move to a win for the opponent when
 * a draw exists -- and on sampled positions the engine's chosen move is one of them
 * and its win_rate is the value. */
static void test_engine_on_reduced_table(void **state)
{
    (void)state;
    enum { W = 2, D = 3 };
    bf_game g = shared_game;
    if (!g.val) bf_build_and_solve(&g, W, D);
    char path[64];
    snprintf(path, sizeof path, "tg_engine_%d.bin", (int)getpid());
    unlink(path);
    tg_solve_opts o = {.win_dogs = W, .max_dogs = D, .threads = 2, .table = path};
    tg_solve_report rep;
    char err[256];
    assert_int_equal(tg_solve_run(&o, &rep, err, sizeof err), 0);
    tg_index *x = malloc(sizeof *x);
    tg_index_init(x);
    tg_view t;
    assert_int_equal(tg_view_open(&t, path, x), 0);
    assert_int_equal(t.win, W);
    assert_int_equal(t.top, D);
    const bo_game *game = bo_game_by_name("tigers");
    assert_non_null(game);
    bo_tt *tt = bo_tt_new(4);
    int searched[3] = {0, 0, 0}, bad = 0;
    for (size_t i = 0; i < g.n; i += 7) {
        const bf_pos *b = &g.pos[i];
        tg_pos p;
        memset(&p, 0, sizeof p);
        int d = 0;
        for (int q = 0; q < 25; q++) {
            p.dogs[q] = b->h[q];
            if (b->h[q]) p.dmask |= 1u << q;
            d += b->h[q];
        }
        p.tiger[0] = (uint8_t)b->t0;
        p.tiger[1] = (uint8_t)b->t1;
        p.side = (uint8_t)b->side;
        p.captured = (uint8_t)(TG_DOGS - d);
        p.hash = tg_hash_scratch(&p);
        uint32_t moves[TG_MAX_MOVES];
        int kind[TG_MAX_MOVES], n = 0;
        int best = tg_view_moves(&t, &p, moves, kind, &n);
        int want = g.val[i] == TG_V_WIN ? 2 : g.val[i] == TG_V_DRAW ? 1 : 0;
        if (best != want) { bad++; continue; }
        /* each move's kind from the brute force's value of where it goes */
        bf_pos succ[128];
        int m = bf_moves(b, succ);
        assert_int_equal(m, n);
        for (int k = 0; k < n; k++) {
            bf_pos q = *b;   /* the move in the brute force's terms */
            int from = tg_from(moves[k]), to = tg_to(moves[k]);
            if (b->side == 0) {
                int mid = (from / 5 + to / 5) % 2 == 0 && (from % 5 + to % 5) % 2 == 0 &&
                                  (abs(from / 5 - to / 5) == 2 || abs(from % 5 - to % 5) == 2)
                              ? (from + to) / 2 : -1;
                if (mid >= 0) q.h[mid]--;
                int o2 = from == b->t0 ? b->t1 : b->t0;
                q.t0 = to < o2 ? to : o2;
                q.t1 = to < o2 ? o2 : to;
            } else {
                q.h[from]--;
                q.h[to] = 1;
            }
            q.side = 1 - b->side;
            int qv = bf_dogs(&q) <= W ? TG_V_LOSS : g.val[bf_find(&g, bf_key(&q))];
            int k2 = qv == TG_V_LOSS ? 2 : qv == TG_V_DRAW ? 1 : 0;
            if (k2 != kind[k]) bad++;
        }
        /* the engine itself, now and then */
        if (i % 7001 == 0 && n > 0) {
            bo_limits lim = {.depth = 2};
            bo_search_info info;
            p.captured = 0;   /* the descriptor's rules end at six taken: here the table ends the game */
            if (tg_engine_table(&t, game, &p, NULL, &lim, tt, NULL, NULL, &info, err, sizeof err) != 0) fail_msg("%s", err);
            int chosen = -1;
            for (int k = 0; k < n; k++)
                if (moves[k] == info.pv[0]) chosen = k;
            assert_true(chosen >= 0);
            if (kind[chosen] != best) bad++;
            if (info.win_rate != (best == 2 ? 1.0 : best == 1 ? 0.5 : 0.0)) bad++;
            searched[best]++;
        }
    }
    print_message("engine searched %d won, %d drawn, %d lost positions; %d faults\n", searched[2], searched[1],
                  searched[0], bad);
    assert_int_equal(bad, 0);
    assert_true(searched[2] > 0 && searched[1] > 0 && searched[0] > 0);
    bo_tt_free(tt);
    tg_view_close(&t);
    free(x);
    unlink(path);
    free(g.pos);
    free(g.keys);
    free(g.val);
}

/* --- the distances to conversion: a plain iterative minimax over the brute force's
 * own graph (no levels, no frontier): the plies to the next capture or the end with
 * the winner converting fastest and the loser resisting longest.  A won position's
 * distance is the least over its moves to a position lost for the opponent (a capture
 * counts 1: it is the conversion), a lost one's the greatest over all its moves (a
 * capture 1), 0 without a move.  Started at "unknown" (infinite) everywhere and swept
 * in place until nothing changes: every sweep only lowers a value and never below
 * the true distance, and a position of distance k is exact after k + 1 sweeps. --- */
enum { BF_INF = 0xFFFF };

static uint16_t *bf_distances(const bf_game *g, int *sweeps)
{
    uint32_t *start = malloc((g->n + 1) * sizeof *start), *edge = NULL;
    size_t ne = 0, cap = 0;
    bf_pos succ[128];
    for (size_t i = 0; i < g->n; i++) {   /* the successors: index, or a capture flag */
        start[i] = (uint32_t)ne;
        int m = bf_moves(&g->pos[i], succ), d = bf_dogs(&g->pos[i]);
        for (int k = 0; k < m; k++) {
            if (ne + 1 >= cap) edge = realloc(edge, (cap = cap ? 2 * cap : 1 << 20) * sizeof *edge);
            int sd = bf_dogs(&succ[k]);
            uint32_t j = sd <= g->win ? 0x7FFFFFFFu : (uint32_t)bf_find(g, bf_key(&succ[k]));
            edge[ne++] = j | (sd < d ? 0x80000000u : 0);
        }
    }
    start[g->n] = (uint32_t)ne;
    uint16_t *dist = malloc(g->n * sizeof *dist);
    for (size_t i = 0; i < g->n; i++) dist[i] = BF_INF;
    bool changed = true;
    for (*sweeps = 0; changed; (*sweeps)++) {
        changed = false;
        for (size_t i = 0; i < g->n; i++) {
            int v = g->val[i];
            if (v == TG_V_DRAW) continue;
            int best = v == TG_V_WIN ? BF_INF : 0;
            for (uint32_t e = start[i]; e < start[i + 1]; e++) {
                uint32_t j = edge[e] & 0x7FFFFFFFu;
                bool capture = edge[e] >> 31;
                int jv = j == 0x7FFFFFFFu ? TG_V_LOSS : g->val[j];
                int c = capture ? 1 : dist[j] == BF_INF ? BF_INF : 1 + dist[j];
                if (v == TG_V_WIN) {
                    if (jv == TG_V_LOSS && c < best) best = c;
                } else if (c > best) best = c;
            }
            if (best != dist[i]) { dist[i] = (uint16_t)best; changed = true; }
        }
    }
    free(start);
    free(edge);
    return dist;
}

static uint8_t *solved_dist[TG_DOGS + 1][2];

static void keep_dist(void *ctx, int d, const uint8_t *t, const uint8_t *g, const struct tg_index *x)
{
    (void)ctx;
    for (int s = 0; s < 2; s++) {
        solved_dist[d][s] = malloc((size_t)x->size[d]);
        memcpy(solved_dist[d][s], s ? g : t, (size_t)x->size[d]);
    }
}

/* Every position's distance, solver against brute force (a draw is 255 in the
 * solver's bytes); the count of differences. */
static uint64_t compare_dist(const bf_game *g, const uint16_t *bd, const tg_index *x, bool quiet)
{
    uint64_t bad = 0;
    for (size_t i = 0; i < g->n; i++) {
        int d;
        tg_pos p = bf_to_tg(&g->pos[i], &d);
        int sd = solved_dist[d][p.side][tg_index_rank(x, &p)];
        int want = g->val[i] == TG_V_DRAW ? 255 : bd[i];
        if (sd != want && bad++ < 5 && !quiet) {
            char t[128];
            tg_to_text(&p, t, sizeof t);
            print_message("win at %d dogs: %s (value %d): solver distance %d, brute force %d\n", g->win, t, g->val[i],
                          sd, want);
        }
    }
    return bad;
}

/* The game of two layers (the tigers win on the second capture: 2 and 3 dogs), where
 * a capture can also be a loser's or lead to a position not yet won: every position's
 * distance against the brute force's minimax; a distance changed on purpose is found.
 * Then the engine with the table and its distance file plays won positions out: the
 * winner by tg_engine_table, the loser by the engine too (the conversion must take
 * exactly the distance) or by seeded random moves (at most the distance), and the
 * conversion must keep the win. */
static void test_distances_two_layers(void **state)
{
    (void)state;
    enum { W = 1, D = 3 };
    bf_game g;
    bf_build_and_solve(&g, W, D);
    int sweeps;
    uint16_t *bd = bf_distances(&g, &sweeps);
    int maxd = 0;
    uint64_t decided = 0;
    for (size_t i = 0; i < g.n; i++)
        if (g.val[i] != TG_V_DRAW) {
            decided++;
            assert_true(bd[i] != BF_INF);   /* every decided position converts in finitely many plies */
            if (bd[i] > maxd) maxd = bd[i];
        }
    print_message("two layers: %zu positions, %llu decided, longest distance %d (%d sweeps)\n", g.n,
                  (unsigned long long)decided, maxd, sweeps);
    assert_true(maxd > 2);

    char path[64], dpath[80];
    snprintf(path, sizeof path, "tg_dist_%d.bin", (int)getpid());
    snprintf(dpath, sizeof dpath, "%s.dtc", path);
    unlink(path);
    unlink(dpath);
    memset(solved_dist, 0, sizeof solved_dist);
    tg_solve_opts o = {.win_dogs = W, .max_dogs = D, .threads = 2, .check_count = 500, .table = path,
                       .distances = dpath, .layer_dist = keep_dist};
    static tg_solve_report rep;
    char err[256];
    assert_int_equal(tg_solve_run(&o, &rep, err, sizeof err), 0);
    tg_index *x = malloc(sizeof *x);
    tg_index_init(x);
    assert_int_equal(compare_dist(&g, bd, x, false), 0);
    solved_dist[D][1][x->size[D] / 2] ^= 1;   /* the comparison can fail */
    assert_true(compare_dist(&g, bd, x, true) > 0);
    solved_dist[D][1][x->size[D] / 2] ^= 1;

    /* the engine converts: both sides by the engine (exactly the distance), the loser
     * at random (at most the distance) */
    tg_view t;
    assert_int_equal(tg_view_open(&t, path, x), 0);
    assert_int_equal(tg_view_open_dist(&t, dpath, err, sizeof err), 0);
    const bo_game *game = bo_game_by_name("tigers");
    bo_tt *tt = bo_tt_new(4);
    uint64_t rng = 2026;
    int played[2] = {0, 0}, bad = 0;
    for (size_t i = 0; i < g.n; i += 4099) {
        if (g.val[i] != TG_V_WIN) continue;
        for (int random_loser = 0; random_loser < 2; random_loser++) {
            int d0;
            tg_pos p = bf_to_tg(&g.pos[i], &d0);
            int winner = p.side, plies = 0;
            for (;;) {
                tg_pos c = p;
                c.captured = 0;   /* the descriptor's rules end at six taken: here the table ends the game */
                uint32_t ms[TG_MAX_MOVES];
                int n = tg_legal(&c, ms);
                if (n == 0) break;   /* the end: the side to move has no move */
                uint32_t mv;
                if (c.side != winner && random_loser) mv = ms[bo_splitmix64(&rng) % (uint64_t)n];
                else {
                    bo_limits lim = {.depth = 2};
                    bo_search_info info;
                    if (tg_engine_table(&t, game, &c, NULL, &lim, tt, NULL, NULL, &info, err, sizeof err) != 0)
                        fail_msg("%s", err);
                    mv = info.pv[0];
                    if (plies == 0 && (info.depth != bd[i] || info.win_rate != 1.0)) bad++;
                }
                tg_undo u;
                int before = 0, after = 0;
                for (int q = 0; q < 25; q++) before += c.dogs[q];
                tg_play(&c, mv, &u);
                for (int q = 0; q < 25; q++) after += c.dogs[q];
                c.captured = (uint8_t)(TG_DOGS - after);
                c.hash = tg_hash_scratch(&c);
                p = c;
                plies++;
                if (after < before) {   /* the conversion: still won for the winner */
                    int v = after <= W ? (winner == TG_TIGERS ? TG_V_LOSS : -1) : tg_view_value(&t, &p);
                    if (v != (p.side == winner ? TG_V_WIN : TG_V_LOSS)) bad++;
                    break;
                }
                if (plies > 300) break;
            }
            if (random_loser ? plies > bd[i] : plies != bd[i]) bad++;
            played[random_loser]++;
        }
    }
    print_message("engine played %d won positions out against itself and %d against random moves; %d faults\n",
                  played[0], played[1], bad);
    assert_int_equal(bad, 0);
    assert_true(played[0] > 20);
    bo_tt_free(tt);
    tg_view_close(&t);
    /* a distance file of the wrong size is refused by the engine's reader */
    assert_int_equal(tg_view_open(&t, path, x), 0);
    assert_int_equal(truncate(dpath, (off_t)tg_dist_offset(x, W, D + 1) - 1), 0);
    assert_int_equal(tg_view_open_dist(&t, dpath, err, sizeof err), -1);
    print_message("refused: %s\n", err);
    tg_view_close(&t);
    for (int k = 0; k <= TG_DOGS; k++) { free(solved_dist[k][0]); free(solved_dist[k][1]); }
    free(x);
    free(bd);
    unlink(path);
    unlink(dpath);
    free(g.pos);
    free(g.keys);
    free(g.val);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reduced_with_draws),
        cmocka_unit_test(test_engine_on_reduced_table),
        cmocka_unit_test(test_distances_two_layers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
