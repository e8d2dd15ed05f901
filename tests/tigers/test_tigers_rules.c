/* test_tigers_rules.c -- Two Tigers' rules against hand derivations and against an
 * independent brute-force move generator written here from the board's lines.
 *
 * The brute force knows the board only as its 16 straight lines (5 rows, 5 columns,
 * the 2 long diagonals and the 4 short ones of RULES.md 8), as point lists: a step is
 * two consecutive points of a line, a jump three.  It shares no code with tg_rules.c. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "core.h"
#include "game.h"
#include "tigers.h"

/* Points as row * 5 + column. */
static const int lines[16][5] = {
    {0, 1, 2, 3, 4}, {5, 6, 7, 8, 9}, {10, 11, 12, 13, 14}, {15, 16, 17, 18, 19}, {20, 21, 22, 23, 24},
    {0, 5, 10, 15, 20}, {1, 6, 11, 16, 21}, {2, 7, 12, 17, 22}, {3, 8, 13, 18, 23}, {4, 9, 14, 19, 24},
    {0, 6, 12, 18, 24}, {4, 8, 12, 16, 20},
    {2, 6, 10, -1, -1}, {2, 8, 14, -1, -1}, {10, 16, 22, -1, -1}, {14, 18, 22, -1, -1},
};

typedef struct bf_pos {
    int dogs[25];
    int t[2];
    int side;
    int taken;
} bf_pos;

static int bf_empty(const bf_pos *b, int q) { return b->dogs[q] == 0 && b->t[0] != q && b->t[1] != q; }

typedef struct bf_move { int from, over, to; } bf_move;

/* Every (from, to) along every line, both ways. */
static int bf_moves(const bf_pos *b, bf_move *out)
{
    int n = 0;
    if (b->taken >= 6) return 0;
    for (int l = 0; l < 16; l++) {
        int len = lines[l][3] < 0 ? 3 : 5;
        for (int i = 0; i < len; i++)
            for (int dir = -1; dir <= 1; dir += 2) {
                int j = i + dir, k = i + 2 * dir;
                if (j < 0 || j >= len) continue;
                int from = lines[l][i], nb = lines[l][j];
                if (b->side == 0) {
                    if (from != b->t[0] && from != b->t[1]) continue;
                    if (bf_empty(b, nb)) out[n++] = (bf_move){from, -1, nb};
                    else if (b->dogs[nb] > 0 && k >= 0 && k < len && bf_empty(b, lines[l][k]))
                        out[n++] = (bf_move){from, nb, lines[l][k]};
                } else if (b->dogs[from] > 0 && bf_empty(b, nb)) {
                    out[n++] = (bf_move){from, -1, nb};
                }
            }
    }
    return n;
}

static uint64_t bf_perft(bf_pos *b, int depth)
{
    bf_move ms[256];
    if (depth == 0) return 1;
    int n = bf_moves(b, ms);
    if (depth == 1) return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        bf_pos c = *b;
        if (c.side == 0) {
            int t = c.t[0] == ms[i].from ? 0 : 1;
            c.t[t] = ms[i].to;
            if (ms[i].over >= 0) { c.dogs[ms[i].over]--; c.taken++; }
        } else {
            c.dogs[ms[i].from]--;
            c.dogs[ms[i].to]++;
        }
        c.side ^= 1;
        total += bf_perft(&c, depth - 1);
    }
    return total;
}

static void to_bf(const tg_pos *p, bf_pos *b)
{
    for (int i = 0; i < 25; i++) b->dogs[i] = p->dogs[i];
    b->t[0] = p->tiger[0];
    b->t[1] = p->tiger[1];
    b->side = p->side;
    b->taken = p->captured;
}

static void load(tg_pos *p, const char *text)
{
    char err[256];
    if (tg_from_text(p, text, err, sizeof err) != 0) fail_msg("'%s': %s", text, err);
}

/* By hand (RULES.md 8, start b3/d3 tigers, stacks of 4 on b2 d2 b4 d4):
 * depth 1: tiger b3 steps to a3 and c3 and jumps b2 (to b1) and b4 (to b5); the same
 * for d3: 8.  Depth 2: each stack point has 8 neighbours, one a tiger at the start, so
 * 7 dog moves per stack (28).  After b3-a3 the b-stacks still see one tiger: 28.
 * After b3-c3, c3 neighbours all four stacks, so d2, d4 see two tigers: 7+7+6+6 = 26.
 * After a jump (b3xb1), b3 empties: b4 gets 8, b2 keeps 7 (b1 is its neighbour):
 * 29.  Per tiger 28+26+29+29 = 112; total 224. */
static void test_start_by_hand(void **state)
{
    (void)state;
    tg_pos p;
    tg_start(&p);
    assert_int_equal(tg_perft(&p, 1), 8);
    assert_int_equal(tg_perft(&p, 2), 224);
    uint32_t ms[TG_MAX_MOVES];
    int n = tg_legal(&p, ms), jumps = 0;
    char t[32];
    for (int i = 0; i < n; i++) {
        tg_move_to_text(&p, ms[i], t, sizeof t);
        jumps += strchr(t, 'x') != NULL;
        if (strchr(t, 'x')) assert_non_null(strstr(t, "(4)"));
    }
    assert_int_equal(jumps, 4);
}

/* The descriptor's counts against the brute force, from the start and from
 * positions reached by seeded random play. */
static void test_perft_brute_force(void **state)
{
    (void)state;
    tg_pos p;
    bf_pos b;
    tg_start(&p);
    to_bf(&p, &b);
    for (int d = 1; d <= 4; d++) assert_int_equal(tg_perft(&p, d), bf_perft(&b, d));
    uint64_t rng = 12345;
    for (int game = 0; game < 30; game++) {
        tg_start(&p);
        int plies = (int)(bo_splitmix64(&rng) % 60);
        for (int k = 0; k < plies; k++) {
            uint32_t ms[TG_MAX_MOVES];
            tg_undo u;
            int n = tg_legal(&p, ms);
            if (n == 0) break;
            tg_play(&p, ms[bo_splitmix64(&rng) % (uint64_t)n], &u);
        }
        to_bf(&p, &b);
        for (int d = 1; d <= 3; d++) {
            uint64_t mine = tg_perft(&p, d), theirs = bf_perft(&b, d);
            if (mine != theirs) {
                char t[128];
                tg_to_text(&p, t, sizeof t);
                fail_msg("%s depth %d: %llu, brute force %llu", t, d, (unsigned long long)mine,
                         (unsigned long long)theirs);
            }
        }
    }
}

static bo_result result_of(const char *text, bo_hist *h)
{
    tg_pos p;
    load(&p, text);
    const bo_game *g = bo_game_by_name("tigers");
    return g->result(&p, h);
}

/* The endings of RULES.md 8 and its Decisions. */
static void test_endings(void **state)
{
    (void)state;
    /* Six taken (ten dogs left): the tigers have won. */
    bo_result r = result_of("1111./1111./T...T/..1.1/..... d 0", NULL);
    assert_int_equal(r.how, BO_END_GOAL);
    assert_int_equal(r.winner, 0);
    /* Both tigers shut in, the tigers to move: a1's neighbours b1 a2 b2 and the points
     * beyond them c1 a3 c3 hold dogs; e5's d5 e4 d4 and beyond c5 e3 c3 too. */
    r = result_of("..11T/...11/1.1.1/11.../T11.. t 0", NULL);
    assert_int_equal(r.how, BO_END_NO_MOVE);
    assert_int_equal(r.winner, 1);
    /* One trapped tiger stays; the other can still jump d5 (c5 empty): play goes on. */
    r = result_of("1..1T/...11/1.1.1/11.../T11.. t 0", NULL);
    assert_int_equal(r.how, BO_END_NONE);
    /* Both shut in but the dogs to move: decided only when the tigers are to move. */
    r = result_of("..11T/...11/1.1.1/11.../T11.. d 0", NULL);
    assert_int_equal(r.how, BO_END_NONE);
    /* 100 plies without a capture: a draw. */
    r = result_of("...../.4.4./.T.T./.4.4./..... t 100", NULL);
    assert_int_equal(r.how, BO_END_RULE_LIMIT);
    assert_int_equal(r.winner, -1);
    r = result_of("...../.4.4./.T.T./.4.4./..... t 99", NULL);
    assert_int_equal(r.how, BO_END_NONE);
}

/* "Dogs with no legal move lose" (Decision) can never apply: the dogs are stuck only
 * if the empty points border nothing but tigers; the board's graph has no two points
 * whose removal cuts it (checked here on the lines, for every pair), and with 10+
 * dogs on at most 16 points some empty point and some dog are on either side of the
 * tigers, so some dog always borders an empty point. */
static void test_dogs_never_stuck(void **state)
{
    (void)state;
    int adj[25][25];
    memset(adj, 0, sizeof adj);
    for (int l = 0; l < 16; l++)
        for (int i = 0; i + 1 < 5 && lines[l][i + 1] >= 0; i++) adj[lines[l][i]][lines[l][i + 1]] = adj[lines[l][i + 1]][lines[l][i]] = 1;
    for (int a = 0; a < 25; a++)
        for (int b = a + 1; b < 25; b++) {
            int seen[25] = {0}, stack[25], sp = 0, start = 0, count = 0;
            while (start == a || start == b) start++;
            seen[start] = 1;
            stack[sp++] = start;
            while (sp) {
                int x = stack[--sp];
                count++;
                for (int y = 0; y < 25; y++)
                    if (adj[x][y] && !seen[y] && y != a && y != b) { seen[y] = 1; stack[sp++] = y; }
            }
            assert_int_equal(count, 23);
        }
}

/* A position occurring for the third time is a draw: a tiger and a dog shuffle
 * there and back twice, through the descriptor with a line history. */
static void test_third_repetition(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("tigers");
    tg_pos p;
    char err[256];
    load(&p, "1111./1.1.1/.T.T./1.1.1/1.... t 0");
    bo_hist h;
    assert_int_equal(bo_hist_init(&h, 64), 0);
    bo_hist_reset(&h, g->hash(&p));
    const char *cycle[4] = {"b3-a3", "a1-b1", "a3-b3", "b1-a1"};
    tg_undo u;
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 4; i++) {
            bo_move m;
            if (g->move_from_text(&p, cycle[i], &m, err, sizeof err) != 0) fail_msg("%s: %s", cycle[i], err);
            g->play(&p, m, &u, &h);
            bo_result r = g->result(&p, &h);
            if (round == 1 && i == 3) {
                assert_int_equal(r.how, BO_END_REPETITION);   /* the start, a third time */
                assert_int_equal(r.winner, -1);
            } else {
                assert_int_equal(r.how, BO_END_NONE);
            }
        }
    bo_hist_free(&h);
}

/* Move text: the located faults of RULES.md 8's moves. */
static void test_move_text(void **state)
{
    (void)state;
    tg_pos p;
    uint32_t m;
    char err[256], t[32];
    tg_start(&p);
    assert_int_equal(tg_move_from_text(&p, "b3xb1(4)", &m, err, sizeof err), 0);
    tg_move_to_text(&p, m, t, sizeof t);
    assert_string_equal(t, "b3xb1(4)");
    assert_int_equal(tg_move_from_text(&p, "b3xb1", &m, err, sizeof err), 0);
    assert_int_equal(tg_move_from_text(&p, "b3xb1(3)", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "holds 4"));
    assert_int_equal(tg_move_from_text(&p, "b3-b1", &m, err, sizeof err), -1);
    assert_int_equal(tg_move_from_text(&p, "b2-b1", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "no tiger"));
    assert_int_equal(tg_move_from_text(&p, "b3-c4", &m, err, sizeof err), -1);   /* b3: no diagonals */
    assert_int_equal(tg_move_from_text(&p, "b3-b4", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "not empty"));
    assert_int_equal(tg_move_from_text(&p, "z9-a1", &m, err, sizeof err), -1);
    tg_undo u;
    assert_int_equal(tg_move_from_text(&p, "b3-c3", &m, err, sizeof err), 0);
    tg_play(&p, m, &u);
    assert_int_equal(tg_move_from_text(&p, "b2-a1", &m, err, sizeof err), 0);   /* a dog off a stack, diagonally */
    assert_int_equal(tg_move_from_text(&p, "b2xa1", &m, err, sizeof err), -1);
    assert_int_equal(tg_move_from_text(&p, "c3-c4", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "no dog"));
    /* Stacks never form elsewhere, so such a position is refused. */
    assert_int_equal(tg_from_text(&p, "..2../...../.T.T./...../..... t 0", err, sizeof err), -1);
    assert_non_null(strstr(err, "c5"));
    assert_int_equal(tg_from_text(&p, "...../...../.T.T./...../..... t 0", err, sizeof err), -1);   /* 16 taken */
    assert_int_equal(tg_from_text(&p, "...../.4.4./.TTT./.4.4./..... t 0", err, sizeof err), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_by_hand),
        cmocka_unit_test(test_perft_brute_force),
        cmocka_unit_test(test_endings),
        cmocka_unit_test(test_dogs_never_stuck),
        cmocka_unit_test(test_third_repetition),
        cmocka_unit_test(test_move_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
