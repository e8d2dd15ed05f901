/* test_solve.c -- the line game's solver against truths from outside it:
 *
 *  - an independent brute-force minimax written here (plain recursion over its own
 *    count array, no table, no shared move generator), on every position small
 *    enough for it: value and length must agree;
 *  - facts derived by hand in docs/yizi.md: the pairing argument (every position
 *    whose points 1..10 pair up as (1,2), (3,4), (5,6), (7,8), (9,10) with equal
 *    counts is lost for the side to move under normal play), so rule 1's first
 *    player loses and rule 2's first player wins with 6:1-5; endings counted by hand
 *    under both conventions. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yizi.h"

/* ---- the brute force: negamax on (counts, unplaced), value and length --------- */

typedef struct bf { int win, plies; } bf;

static bf brute(int *c, int u, int misere)
{
    if (c[0] == 10) return (bf){misere, 0};
    bf best = {0, -1};
    /* every option: a placement of k on p, or k coins from a to b */
    for (int a = 1; a <= 10; a++) {
        int kmax = u ? u : c[a];
        for (int k = 1; k <= kmax; k++) {
            int bmax = u ? 1 : a;   /* a placement has one "destination" */
            for (int b = 0; b < bmax; b++) {
                bf r;
                if (u) { c[a] += k; r = brute(c, u - k, misere); c[a] -= k; }
                else { c[a] -= k; c[b] += k; r = brute(c, 0, misere); c[b] -= k; c[a] += k; }
                int win = !r.win, plies = r.plies + 1;
                if (best.plies < 0 || win > best.win || (win == best.win && (win ? plies < best.plies : plies > best.plies)))
                    best = (bf){win, plies};
            }
        }
    }
    return best;
}

/* The work of the brute force grows with the coins' total distance to the goal. */
static int potential(const int *c)
{
    int s = 0;
    for (int i = 1; i <= 10; i++) s += c[i] * i;
    return s;
}

static void set_pos(yz_pos *p, const int *c, int u, int misere, int side)
{
    char text[128];
    snprintf(text, sizeof text, "%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d %c %d %s", c[0], c[1], c[2], c[3], c[4], c[5], c[6],
             c[7], c[8], c[9], c[10], side ? 's' : 'f', u, misere ? "misere" : "normal");
    char err[256];
    if (yz_from_text(p, text, err, sizeof err) != 0) fail_msg("%s: %s", text, err);
}

/* How far the plain brute force goes: the coins' total distance to the goal (its
 * work grows exponentially with it; the memoized one below covers the rest). */
enum { BF_MOVES = 11 };

typedef struct walker {
    yz_table *t[2];
    long checked;
    int limit;
} walker;

/* Every composition of the coins left over points 1..10 (the rest on the goal, or
 * unplaced when U > 0), brute-forced where its potential is at most LIMIT. */
static void each_position(walker *w, int *c, int point, int left, int u)
{
    if (point > 10) {
        if (left) return;
        if (potential(c) > w->limit) return;
        for (int m = 0; m < 2; m++) {
            yz_pos p;
            set_pos(&p, c, u, m, w->checked & 1);
            int win, plies;
            yz_solve(w->t[m], &p, &win, &plies);
            bf b = brute(c, u, m);
            if (b.win != win || b.plies != plies) {
                char text[64];
                yz_to_text(&p, text, sizeof text);
                fail_msg("%s: solver %s in %d, brute force %s in %d", text, win ? "win" : "loss", plies, b.win ? "win" : "loss", b.plies);
            }
            w->checked++;
        }
        return;
    }
    for (int k = 0; k <= left; k++) {
        c[point] = k;
        each_position(w, c, point + 1, left - k, u);
    }
    c[point] = 0;
}

static void test_brute_force(void **state)
{
    (void)state;
    walker w = {{yz_table_new(false), yz_table_new(true)}, 0, BF_MOVES};
    assert_non_null(w.t[0]);
    assert_non_null(w.t[1]);
    /* movement positions: any number of coins already on the goal */
    for (int on_goal = 0; on_goal <= 10; on_goal++) {
        int c[11] = {0};
        c[0] = on_goal;
        each_position(&w, c, 1, 10 - on_goal, 0);
    }
    printf("plain brute force agreed on %ld positions\n", w.checked);
    assert_true(w.checked > 300);   /* 193 positions, both conventions */
    yz_table_free(w.t[0]);
    yz_table_free(w.t[1]);
}

/* ---- the whole game: a memoized brute force of its own ------------------------- */

/* The same negamax, remembering values in an open-addressing table keyed by the
 * counts packed four bits each: nothing shared with the solver's ranking. */
enum { MEMO_BITS = 20, MEMO_SIZE = 1 << MEMO_BITS };
typedef struct memo {
    uint64_t key[MEMO_SIZE];
    bf val[MEMO_SIZE];
    int misere;
} memo;

static uint64_t pack(const int *c, int u)
{
    uint64_t k = (uint64_t)u;
    for (int i = 0; i <= 10; i++) k = k << 4 | (uint64_t)c[i];
    return k + 1;   /* never 0: 0 marks an empty slot */
}

static bf memo_solve(memo *m, int *c, int u)
{
    uint64_t k = pack(c, u);
    size_t h = (size_t)((k * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - MEMO_BITS));
    while (m->key[h] && m->key[h] != k) h = (h + 1) & (MEMO_SIZE - 1);
    if (m->key[h]) return m->val[h];
    bf best = {0, -1};
    if (c[0] == 10) best = (bf){m->misere, 0};
    for (int a = 1; a <= 10 && c[0] < 10; a++) {
        int kmax = u ? u : c[a];
        for (int n = 1; n <= kmax; n++)
            for (int b = 0; b < (u ? 1 : a); b++) {
                bf r;
                if (u) { c[a] += n; r = memo_solve(m, c, u - n); c[a] -= n; }
                else { c[a] -= n; c[b] += n; r = memo_solve(m, c, 0); c[b] -= n; c[a] += n; }
                int win = !r.win, plies = r.plies + 1;
                if (best.plies < 0 || win > best.win || (win == best.win && (win ? plies < best.plies : plies > best.plies)))
                    best = (bf){win, plies};
            }
    }
    /* the slot may have been taken by the recursion: find it again */
    h = (size_t)((k * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - MEMO_BITS));
    while (m->key[h] && m->key[h] != k) h = (h + 1) & (MEMO_SIZE - 1);
    m->key[h] = k;
    m->val[h] = best;
    return best;
}

typedef struct whole {
    memo *m;
    long n;
} whole;

static void compare_one(void *ctx, const yz_pos *p, int win, int plies)
{
    whole *w = ctx;
    int c[11];
    for (int i = 0; i <= 10; i++) c[i] = p->count[i];
    bf b = memo_solve(w->m, c, p->unplaced);
    if (b.win != win || b.plies != plies) {
        char text[64];
        yz_to_text(p, text, sizeof text);
        fail_msg("%s: solver %s in %d, brute force %s in %d", text, win ? "win" : "loss", plies, b.win ? "win" : "loss", b.plies);
    }
    w->n++;
}

/* Every position of rule 3 (which reaches every position of the game: C(20,10)
 * with all placed, C(19,10) = 92,378 during the placements), both conventions. */
static void test_whole_game(void **state)
{
    (void)state;
    for (int mis = 0; mis < 2; mis++) {
        memo *m = calloc(1, sizeof *m);
        assert_non_null(m);
        m->misere = mis;
        yz_table *t = yz_table_new(mis);
        yz_pos start;
        yz_start(&start, 3, mis);
        whole w = {m, 0};
        long n = yz_reachable(t, &start, compare_one, &w);
        assert_int_equal(n, 184756 + 92378);
        assert_int_equal(w.n, n);
        yz_table_free(t);
        free(m);
    }
}

/* ---- reachable positions, counted by hand's rule ------------------------------ */

/* Coins only move toward the goal and one at a time reaches any such spread, so a
 * spread is reachable from a setup exactly when, for every point j, the coins on
 * j..10 are no more than the setup's coins there (Hall's condition).  Counted here
 * by enumeration, against the solver's walk of the game graph. */
static long hall_count(int rule, int *c, int point, int left)
{
    if (point < 0) return left == 0;
    long n = 0;
    for (int k = 0; k <= left; k++) {
        c[point] = k;
        int above = 0, ok = 1;
        for (int j = point; j <= 10 && ok; j++) above += c[j];
        if (point >= 1) {
            int cap = rule == 1 ? 11 - point : 2 * (point > 6 ? 11 - point : 5);
            ok = above <= cap;
        }
        if (ok) n += hall_count(rule, c, point - 1, left - k);
    }
    return n;
}

static void test_reachable_counts(void **state)
{
    (void)state;
    yz_table *t = yz_table_new(false);
    for (int rule = 1; rule <= 2; rule++) {
        int c[11] = {0};
        long want = hall_count(rule, c, 10, 10);
        yz_pos p;
        yz_start(&p, rule, false);
        long got = yz_reachable(t, &p, NULL, NULL);
        if (got != want) fail_msg("rule %d: %ld positions reachable, Hall's condition gives %ld", rule, got, want);
    }
    yz_table_free(t);
}

/* ---- the pairing argument (docs/yizi.md) -------------------------------------- */

static long paired_checked;

/* Every paired position of the movement phase: counts x_i on 2i-1 and 2i. */
static void each_paired(yz_table *t, int *c, int pair, int left)
{
    if (pair > 5) {
        c[0] = left;
        yz_pos p;
        set_pos(&p, c, 0, 0, 0);
        int win, plies;
        yz_solve(t, &p, &win, &plies);
        if (win) {
            char text[64];
            yz_to_text(&p, text, sizeof text);
            fail_msg("%s is paired, so lost for the side to move, but the solver says win", text);
        }
        paired_checked++;
        return;
    }
    for (int x = 0; 2 * x <= left; x++) {
        c[2 * pair - 1] = c[2 * pair] = x;
        each_paired(t, c, pair + 1, left - 2 * x);
    }
}

static void test_pairing(void **state)
{
    (void)state;
    yz_table *t = yz_table_new(false);
    int c[11] = {0};
    each_paired(t, c, 1, 10);
    /* the number of ways to share at most 5 pairs among 5 pair slots: C(10,5) = 252 */
    assert_int_equal(paired_checked, 252);
    /* rule 1's start is paired: the first player loses; rule 2's first player wins,
     * and 6:1-5 (pairing (5,6) at one coin each) is a winning move */
    yz_pos p;
    int win, plies;
    yz_start(&p, 1, false);
    yz_solve(t, &p, &win, &plies);
    assert_int_equal(win, 0);
    yz_start(&p, 2, false);
    uint32_t moves[YZ_MAX_MOVES];
    int wins[YZ_MAX_MOVES], pl[YZ_MAX_MOVES];
    int n = yz_solve_moves(t, &p, moves, wins, pl), found = 0;
    for (int i = 0; i < n; i++)
        if (moves[i] == yz_move(6, 1, 5)) { found = 1; assert_int_equal(wins[i], 1); }
    assert_int_equal(found, 1);
    yz_table_free(t);
}

/* ---- endings counted by hand --------------------------------------------------- */

static void expect(const char *text, int want_win, int want_plies)
{
    yz_pos p;
    char err[256];
    if (yz_from_text(&p, text, err, sizeof err) != 0) fail_msg("%s: %s", text, err);
    yz_table *t = yz_table_new(p.misere);
    int win, plies;
    yz_solve(t, &p, &win, &plies);
    yz_table_free(t);
    if (win != want_win || plies != want_plies)
        fail_msg("%s: solver %s in %d plies, by hand %s in %d", text, win ? "win" : "loss", plies,
                 want_win ? "win" : "loss", want_plies);
}

static void test_hand_endings(void **state)
{
    (void)state;
    /* all on the goal: the last mover won (normal) or lost (misère) */
    expect("10,0,0,0,0,0,0,0,0,0,0 f 0 normal", 0, 0);
    expect("10,0,0,0,0,0,0,0,0,0,0 s 0 misere", 1, 0);
    /* one coin left anywhere: it goes in at once, whatever else is done */
    expect("9,0,0,0,0,0,0,0,0,0,1 f 0 normal", 1, 1);
    expect("9,0,0,0,0,0,0,0,0,0,1 f 0 misere", 1, 2);   /* 10:1-1, then the other must put it in */
    expect("9,1,0,0,0,0,0,0,0,0,0 f 0 misere", 0, 1);   /* forced to put it in */
    /* two coins on point 1: both in at once (normal); one in, the other forced (misère) */
    expect("8,2,0,0,0,0,0,0,0,0,0 f 0 normal", 1, 1);
    expect("8,2,0,0,0,0,0,0,0,0,0 f 0 misere", 1, 2);
    /* one on 1, one on 2 (paired): normal, lost: 2:1-0 or 2:1-1 or 1:1-0 all lose;
     * the loser's longest: 2:1-1 (then the opponent takes both in: 2 plies)...
     * 1:1-0 leaves one on 2, answered 2:1-0 (2 plies); so loss in 2. */
    expect("8,1,1,0,0,0,0,0,0,0,0 f 0 normal", 0, 2);
}

static void test_text(void **state)
{
    (void)state;
    yz_pos p, q;
    char err[256], text[YZ_TEXT_MAX];
    for (int rule = 1; rule <= 3; rule++)
        for (int m = 0; m < 2; m++) {
            yz_start(&p, rule, m);
            yz_to_text(&p, text, sizeof text);
            assert_int_equal(yz_from_text(&q, text, err, sizeof err), 0);
            assert_memory_equal(&p, &q, sizeof p);
        }
    const char *bad[] = {
        "0,1,1,1,1,1,1,1,1,1 f",            /* ten counts */
        "0,1,1,1,1,1,1,1,1,1,1,0 f",        /* twelve */
        "0,1,1,1,1,1,1,1,1,1,2 f",          /* eleven coins */
        "0,11,0,0,0,0,0,0,0,0,0 f",
        "0,1,1,1,1,1,1,1,1,1,1 x",          /* side */
        "0,1,1,1,1,1,1,1,1,1,1",            /* no side */
        "0,1,1,1,1,1,1,1,1,1,0 f 0",        /* one unplaced, not zero */
        "1,1,1,1,1,1,1,1,1,0,0 f 1",        /* a coin on the goal before all are placed */
        "0,1,1,1,1,1,1,1,1,1,1 f 0 normal x",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (yz_from_text(&p, bad[i], err, sizeof err) == 0) fail_msg("'%s' was read as a position", bad[i]);
    yz_start(&p, 1, false);
    uint32_t m;
    assert_int_equal(yz_move_from_text(&p, "10:1-6", &m, err, sizeof err), 0);
    assert_int_equal(m, yz_move(10, 1, 6));
    assert_int_equal(yz_move_from_text(&p, "10:2-6", &m, err, sizeof err), -1);   /* one coin there */
    assert_non_null(strstr(err, "holds 1 coin"));
    assert_int_equal(yz_move_from_text(&p, "3:1-4", &m, err, sizeof err), -1);    /* away from the goal */
    assert_int_equal(yz_move_from_text(&p, "0:1-0", &m, err, sizeof err), -1);
    assert_int_equal(yz_move_from_text(&p, "4+1", &m, err, sizeof err), -1);      /* all placed */
    yz_start(&p, 3, false);
    assert_int_equal(yz_move_from_text(&p, "4+10", &m, err, sizeof err), 0);
    assert_int_equal(yz_move_from_text(&p, "0+1", &m, err, sizeof err), -1);      /* not on the goal */
    assert_int_equal(yz_move_from_text(&p, "4+11", &m, err, sizeof err), -1);
    assert_int_equal(yz_move_from_text(&p, "10:1-6", &m, err, sizeof err), -1);   /* placing first */
}

/* Rule 3: the player who did not place the last coin moves first. */
static void test_placement_turn(void **state)
{
    (void)state;
    yz_pos p;
    yz_start(&p, 3, false);
    assert_int_equal(p.side, 0);
    yz_play(&p, yz_placement(5, 4));    /* first places 4 */
    yz_play(&p, yz_placement(9, 6));    /* second places the last 6 */
    assert_int_equal(p.unplaced, 0);
    assert_int_equal(p.side, 0);        /* so the first player moves first */
    uint32_t moves[YZ_MAX_MOVES];
    int n = yz_legal(&p, moves);
    assert_int_equal(n, 4 * 5 + 6 * 9);
    for (int i = 0; i < n; i++) assert_false(yz_is_placement(moves[i]));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_placement_turn),
        cmocka_unit_test(test_hand_endings),
        cmocka_unit_test(test_pairing),
        cmocka_unit_test(test_brute_force),
        cmocka_unit_test(test_whole_game),
        cmocka_unit_test(test_reachable_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
