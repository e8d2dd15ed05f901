/* test_rules.c -- NoGo's rules (engine/nogo/ng_board.c) against an independent
 * judge written here: a plain 9x9 array, groups found by flood fill from nothing at
 * every question, a point legal when it is empty and, with the stone placed, no
 * opposing group and not its own group is left without a liberty (RULES.md 4).  Seeded
 * random games compare the two at every position, point by point; hand-made cases
 * check the named reasons and groups; perft counts are derived by hand. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "core.h"
#include "game.h"
#include "nogo.h"

/* ---- the independent judge ---------------------------------------------------- */

typedef struct naive {
    int b[9][9];     /* 0 empty, 1 black, 2 white; [row from the top][column] */
    int to_move;     /* 1 black, 2 white */
    int botzone, black_played;
} naive;

/* Does the group through (r, c) have a liberty?  Flood fill with a visited array. */
static int has_liberty(const naive *n, int r, int c)
{
    int seen[9][9] = {{0}}, stack[81][2], sp = 0, colour = n->b[r][c];
    stack[sp][0] = r;
    stack[sp++][1] = c;
    seen[r][c] = 1;
    while (sp) {
        sp--;
        int y = stack[sp][0], x = stack[sp][1];
        static const int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        for (int k = 0; k < 4; k++) {
            int yy = y + d[k][0], xx = x + d[k][1];
            if (yy < 0 || yy > 8 || xx < 0 || xx > 8 || seen[yy][xx]) continue;
            if (n->b[yy][xx] == 0) return 1;
            if (n->b[yy][xx] == colour) { seen[yy][xx] = 1; stack[sp][0] = yy; stack[sp++][1] = xx; }
        }
    }
    return 0;
}

static int naive_legal(naive *n, int r, int c)
{
    if (n->b[r][c]) return 0;
    if (n->botzone && n->to_move == 1 && !n->black_played && r == 4 && c == 4) return 0;
    n->b[r][c] = n->to_move;
    int ok = has_liberty(n, r, c);
    for (int y = 0; y < 9 && ok; y++)
        for (int x = 0; x < 9 && ok; x++)
            if (n->b[y][x] && n->b[y][x] != n->to_move && !has_liberty(n, y, x)) ok = 0;
    n->b[r][c] = 0;
    return ok;
}

/* ---- comparisons ---------------------------------------------------------------- */

static void compare_games(int rules, uint64_t seed0, int games)
{
    for (int gi = 0; gi < games; gi++) {
        ng_pos p;
        naive n;
        memset(&n, 0, sizeof n);
        ng_start(&p, rules);
        n.to_move = 1;
        n.botzone = rules == NG_RULES_BOTZONE;
        uint64_t rng = seed0 + (uint64_t)gi;
        for (;;) {
            ng_bits legal = ng_legal_set(&p);
            int count = 0;
            for (int q = 0; q < 81; q++) {
                int mine = (int)((legal >> q) & 1), theirs = naive_legal(&n, q / 9, q % 9);
                if (mine != theirs) fail_msg("game %d ply %d point %d: engine %d, flood fill %d", gi, p.ply, q, mine, theirs);
                /* ng_check agrees with the set, and says why not. */
                ng_fault f = ng_check(&p, q, NULL);
                if ((f == NG_OK) != (mine == 1)) fail_msg("ng_check and the legal set disagree at %d", q);
                count += mine;
            }
            if (count == 0) break;
            int k = (int)(bo_splitmix64(&rng) % (uint64_t)count), q = 0;
            for (; q < 81; q++)
                if (((legal >> q) & 1) && k-- == 0) break;
            ng_play(&p, q, NULL);
            n.b[q / 9][q % 9] = n.to_move;
            if (n.to_move == 1) n.black_played = 1;
            n.to_move = 3 - n.to_move;
        }
    }
}

static void test_legal_against_flood_fill(void **state)
{
    (void)state;
    compare_games(NG_RULES_CCGC, 1000, 60);
    compare_games(NG_RULES_BOTZONE, 2000, 10);
}

/* Positions by hand, from the board text (rows from the top, X black, O white). */
static void setup(ng_pos *p, int rules, const char *text)
{
    char err[256];
    if (ng_from_text(p, rules, text, err, sizeof err) != 0) fail_msg("%s: %s", text, err);
}

static void test_named_faults(void **state)
{
    (void)state;
    ng_pos p;
    ng_bits killed;
    /* White B9 has A9 as its only liberty: black A9 captures it. */
    setup(&p, NG_RULES_CCGC, "1OX6/OX7/9/9/9/9/9/9/9 b");
    assert_int_equal(ng_check(&p, 0, &killed), NG_CAPTURE);
    assert_true(killed == ((ng_bits)1 << 1));
    /* White at A9 instead joins B9 (no other liberty) and A8 (which has A7): legal. */
    setup(&p, NG_RULES_CCGC, "1OX6/OX7/9/9/9/9/9/9/X8 w");
    assert_int_equal(ng_check(&p, 0, NULL), NG_OK);
    /* Black A9 inside white B9 and A8 (both with liberties): suicide of one stone. */
    setup(&p, NG_RULES_CCGC, "1O7/O8/9/9/4X4/9/9/9/8X b");
    assert_int_equal(ng_check(&p, 0, &killed), NG_SUICIDE);
    assert_true(killed == ((ng_bits)1 << 0));
    /* Black B9 C9 has one liberty, A9 (white A8 B8 C8 D9 around it): black A9 fills
     * it, a suicide of three stones. */
    setup(&p, NG_RULES_CCGC, "1XXO5/OOO6/9/9/9/9/9/9/X7X b");
    assert_int_equal(ng_check(&p, 0, &killed), NG_SUICIDE);
    assert_int_equal(ng_popcount(killed), 3);
    assert_int_equal(ng_check(&p, 1, NULL), NG_OCCUPIED);
    /* Botzone: black's first stone may not be E5; white's may. */
    ng_start(&p, NG_RULES_BOTZONE);
    assert_int_equal(ng_check(&p, NG_CENTRE, NULL), NG_CENTRE_FIRST);
    ng_play(&p, 0, NULL);
    assert_int_equal(ng_check(&p, NG_CENTRE, NULL), NG_OK);
    /* Positions no NoGo game reaches are refused. */
    char err[256];
    assert_int_equal(ng_from_text(&p, 0, "XO7/O8/9/9/9/9/9/9/9 w", err, sizeof err), -1);   /* counts */
    assert_int_equal(ng_from_text(&p, 0, "XO7/O8/9/9/9/9/9/9/8X b", err, sizeof err), -1);  /* A9 dead */
    assert_int_equal(ng_from_text(&p, 0, "9/9/9/9/9/9/9/9 b", err, sizeof err), -1);        /* 8 rows */
}

/* Depth 1 and 2 need no thought: 81, then 81 x 80 (no two stones can kill).  At
 * depth 3 a third stone is illegal only when it captures a lone white corner stone
 * that black's first stone already touches: 4 corners x 2 touching points = 8, and a
 * suicide needs more stones than three.  Botzone: black has 80 first points, then
 * white 80, then 79 less the same 8. */
static void test_perft_by_hand(void **state)
{
    (void)state;
    ng_pos p;
    ng_start(&p, NG_RULES_CCGC);
    assert_int_equal(ng_perft(&p, 1), 81);
    assert_int_equal(ng_perft(&p, 2), 81 * 80);
    assert_int_equal(ng_perft(&p, 3), 81 * 80 * 79 - 8);
    ng_start(&p, NG_RULES_BOTZONE);
    assert_int_equal(ng_perft(&p, 1), 80);
    assert_int_equal(ng_perft(&p, 2), 80 * 80);
    assert_int_equal(ng_perft(&p, 3), 80 * 80 * 79 - 8);
}

/* Move text both ways and the three notations of one point. */
static void test_point_text(void **state)
{
    (void)state;
    char t[4];
    ng_point_go(NG_CENTRE, t);
    assert_string_equal(t, "E5");
    ng_point_go(8, t);
    assert_string_equal(t, "J9");   /* top right: Go skips I */
    assert_int_equal(ng_point_from_go("J9", 2), 8);
    assert_int_equal(ng_point_from_go("I5", 2), -1);
    assert_int_equal(ng_point_from_sgf("ia", 2), 8);
    ng_point_sgf(72, t);
    assert_string_equal(t, "ai");   /* bottom left, A1 */
    const bo_game *g = bo_game_by_name("nogo");
    ng_pos p;
    ng_start(&p, 0);
    bo_move m;
    char err[256];
    assert_int_equal(g->move_from_text(&p, "4 3", &m, err, sizeof err), 0);   /* Botzone x=4 y=3: E6 */
    assert_int_equal(m, 3 * 9 + 4 + 1);
    assert_int_equal(g->move_from_text(&p, "E6", &m, err, sizeof err), 0);
    assert_int_equal(m, 3 * 9 + 4 + 1);
    setup(&p, 0, "1OX6/OX7/9/9/9/9/9/9/9 b");
    assert_int_equal(g->move_from_text(&p, "A9", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "captures"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_legal_against_flood_fill),
        cmocka_unit_test(test_named_faults),
        cmocka_unit_test(test_perft_by_hand),
        cmocka_unit_test(test_point_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
