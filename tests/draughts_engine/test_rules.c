/* test_rules.c - game state: loss without moves, threefold repetition, the 25-, 16- and
 * 5-move rules (FMJD article 6), the ccgc refused-draw count, undo, rule names.
 *
 * The shuffling positions keep every piece out of reach: e.g. in W:WK46,35:BK1,16 the
 * white king goes 46-41-46 on the long diagonal, the black king 1-6-1, and neither king's
 * diagonals ever meet an enemy piece with an empty square behind it. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "draughts.h"

static dr_game start_game(const char *fen, const dr_rules *r)
{
    dr_game g;
    dr_pos p;
    char err[128] = "";
    if (dr_pos_from_fen(&p, fen, NULL, err, sizeof err) != 0) fail_msg("FEN %s: %s", fen, err);
    assert_int_equal(dr_game_init(&g, r, &p, err, sizeof err), 0);
    return g;
}

/* Play a plain move given by squares (must be legal). */
static void play(dr_game *g, int from, int to)
{
    dr_move m;
    char err[160] = "";
    if (dr_find_move(dr_game_pos(g), from, to, 0, &m) < 0) fail_msg("%d-%d not legal", from, to);
    if (dr_game_play(g, &m, err, sizeof err) != 0) fail_msg("%d-%d: %s", from, to, err);
}

/* Play `plies` plies of a 4-ply shuffle: a1-a2, b1-b2, a2-a1, b2-b1, ... */
static void shuffle(dr_game *g, int plies, int a1, int a2, int b1, int b2)
{
    for (int i = 0; i < plies; i++) {
        size_t n = g->len - 1; /* plies played so far */
        switch (n % 4) {
        case 0: play(g, a1, a2); break;
        case 1: play(g, b1, b2); break;
        case 2: play(g, a2, a1); break;
        default: play(g, b2, b1); break;
        }
    }
}

static void expect(const dr_game *g, dr_outcome want, dr_reason why)
{
    dr_reason r;
    dr_outcome o = dr_game_outcome(g, &r);
    if (o != want || r != why)
        fail_msg("after %zu plies: outcome %d (%s), want %d (%s)", g->len - 1, (int)o,
                 dr_reason_name(r), (int)want, dr_reason_name(why));
}

static void test_no_moves_loses(void **state)
{
    (void)state;
    dr_game g = start_game("W:W6:B1", NULL);   /* white man on 6 is blocked by 1 */
    expect(&g, DR_BLACK_WINS, DR_REASON_NO_MOVES);
    dr_game_free(&g);
    g = start_game("W:W:B1", NULL);           /* white has no piece */
    expect(&g, DR_BLACK_WINS, DR_REASON_NO_MOVES);
    dr_game_free(&g);
    g = start_game("B:W31", NULL);
    expect(&g, DR_WHITE_WINS, DR_REASON_NO_MOVES);
    dr_game_free(&g);
    g = start_game("W:W31-50:B1-20", NULL);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    dr_game_free(&g);
}

static void test_threefold(void **state)
{
    (void)state;
    dr_rules r;
    dr_rules_default(&r);
    dr_game g = start_game("W:WK46,35:BK1,16", &r);
    shuffle(&g, 8, 46, 41, 1, 6);
    assert_int_equal(dr_game_repetitions(&g), 3);
    expect(&g, DR_ONGOING, DR_REASON_NONE);    /* rule off */
    dr_game_free(&g);

    r.threefold = true;
    g = start_game("W:WK46,35:BK1,16", &r);
    shuffle(&g, 4, 46, 41, 1, 6);
    assert_int_equal(dr_game_repetitions(&g), 2);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    shuffle(&g, 3, 46, 41, 1, 6);
    assert_int_equal(dr_game_repetitions(&g), 2); /* 46-41 1-6 41-46: seen twice before */
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    shuffle(&g, 1, 46, 41, 1, 6);
    assert_int_equal(dr_game_repetitions(&g), 3);
    expect(&g, DR_DRAW, DR_REASON_THREEFOLD);
    /* undo goes back to a non-final position */
    assert_int_equal(dr_game_undo(&g), 0);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    dr_game_free(&g);
}

static void test_move25(void **state)
{
    (void)state;
    dr_rules r;
    dr_rules_default(&r);
    r.move25 = true;
    dr_game g = start_game("W:WK46,35:BK1,16", &r);
    shuffle(&g, 49, 46, 41, 1, 6);
    assert_int_equal(g.hist[g.len - 1].quiet_king, 49);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    shuffle(&g, 1, 46, 41, 1, 6);                   /* 25 king moves each */
    expect(&g, DR_DRAW, DR_REASON_MOVE25);
    dr_game_free(&g);

    /* a man move restarts the count */
    g = start_game("W:WK46,35:BK1,16", &r);
    shuffle(&g, 4, 46, 41, 1, 6);
    play(&g, 35, 30);
    assert_int_equal(g.hist[g.len - 1].quiet_king, 0);
    play(&g, 1, 6);
    assert_int_equal(g.hist[g.len - 1].quiet_king, 1);
    dr_game_free(&g);
}

/* Three white kings against one: 16 moves each (32 plies) from the start of the ending. */
static void test_move16(void **state)
{
    (void)state;
    dr_rules r;
    dr_rules_default(&r);
    r.move16 = true;
    dr_game g = start_game("W:WK50,K48,K46:BK1", &r);
    assert_int_equal(g.hist[0].ending16, 0);
    assert_int_equal(g.hist[0].ending5, -1);
    shuffle(&g, 31, 50, 45, 1, 6);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    shuffle(&g, 1, 50, 45, 1, 6);
    expect(&g, DR_DRAW, DR_REASON_MOVE16);
    dr_game_free(&g);

    /* with the rule off the game goes on (the 25-move rule would come later) */
    dr_rules_default(&r);
    g = start_game("W:WK50,K48,K46:BK1", &r);
    shuffle(&g, 32, 50, 45, 1, 6);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    dr_game_free(&g);
}

/* Two kings against one: 5 moves each (10 plies). King and two men against a king is a
 * 16-move ending; a king and a man against a king a 5-move one. */
static void test_move5(void **state)
{
    (void)state;
    dr_rules r;
    dr_rules_default(&r);
    r.move5 = true;
    r.move16 = true;
    dr_game g = start_game("W:WK50,K48:BK1", &r);
    assert_int_equal(g.hist[0].ending5, 0);
    shuffle(&g, 9, 50, 45, 1, 6);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    shuffle(&g, 1, 50, 45, 1, 6);
    expect(&g, DR_DRAW, DR_REASON_MOVE5);
    dr_game_free(&g);

    g = start_game("B:W36,37,K50:BK1", &r);
    assert_int_equal(g.hist[0].ending16, 0);
    dr_game_free(&g);
    g = start_game("B:W36,K50:BK1", &r);
    assert_int_equal(g.hist[0].ending5, 0);
    dr_game_free(&g);
    g = start_game("B:W36,37:BK1", &r);            /* no white king: no small ending */
    assert_int_equal(g.hist[0].ending5, -1);
    assert_int_equal(g.hist[0].ending16, -1);
    dr_game_free(&g);
    g = start_game("W:WK50:BK1,K2", &r);            /* black is the strong side */
    assert_int_equal(g.hist[0].ending5, 0);
    dr_game_free(&g);
}

/* 3 kings against 1; the lone king takes 23 (1x29): a 5-move ending starts, while the
 * 16-move count started at the beginning keeps running. */
static void test_move16_to_move5(void **state)
{
    (void)state;
    dr_rules r;
    dr_rules_default(&r);
    r.move16 = r.move5 = true;
    dr_game g = start_game("W:WK50,K48,K23:BK1", &r);
    play(&g, 50, 45);
    dr_move m;
    assert_int_equal(dr_find_move(dr_game_pos(&g), 1, 29, 1ULL << 22, &m) >= 0, 1);
    char err[128];
    assert_int_equal(dr_game_play(&g, &m, err, sizeof err), 0);
    assert_int_equal(g.hist[2].ending16, 2);
    assert_int_equal(g.hist[2].ending5, 0);
    assert_int_equal(g.hist[2].quiet_king, 0);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    dr_game_free(&g);
}

/* ccgc: the side that refused a draw must win within 40 of its own moves. */
static void test_refused_draw(void **state)
{
    (void)state;
    dr_game g = start_game("W:WK46,35:BK1,16", NULL);
    dr_game_refuse_draw(&g, DR_WHITE);
    shuffle(&g, 78, 46, 41, 1, 6);                  /* white has made 39 moves */
    assert_int_equal(g.hist[g.len - 1].refusal, 39);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    shuffle(&g, 1, 46, 41, 1, 6);                   /* the 40th */
    expect(&g, DR_DRAW, DR_REASON_REFUSED40);
    dr_game_free(&g);

    /* refused by black: counts black's moves only */
    g = start_game("W:WK46,35:BK1,16", NULL);
    dr_game_refuse_draw(&g, DR_BLACK);
    shuffle(&g, 79, 46, 41, 1, 6);
    assert_int_equal(g.hist[g.len - 1].refusal, 39);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    shuffle(&g, 1, 46, 41, 1, 6);
    expect(&g, DR_DRAW, DR_REASON_REFUSED40);
    dr_game_free(&g);
}

static void test_play_checks_legality(void **state)
{
    (void)state;
    dr_game g;
    char err[160] = "";
    assert_int_equal(dr_game_init(&g, NULL, NULL, err, sizeof err), 0);
    dr_move bad = { 0, 32, 29, 0, 0, 0 };
    assert_int_equal(dr_game_play(&g, &bad, err, sizeof err), -1);
    assert_string_equal(err, "illegal move 32-29: a man moves one square diagonally");
    assert_int_equal(dr_game_undo(&g), -1);
    play(&g, 32, 28);
    play(&g, 19, 23);
    dr_move cap;
    assert_int_equal(dr_find_move(dr_game_pos(&g), 28, 19, 1ULL << 22, &cap), 0);
    dr_move wrong = cap;
    wrong.captured = 1ULL << 21;                     /* claims 22 instead of 23 */
    assert_int_equal(dr_game_play(&g, &wrong, err, sizeof err), -1);
    assert_int_equal(dr_game_play(&g, &cap, err, sizeof err), 0);
    assert_int_equal(g.len, 4);
    assert_true(dr_game_pos(&g)->hash == dr_pos_hash(dr_game_pos(&g)));
    dr_game_free(&g);
}

static void test_rule_names(void **state)
{
    (void)state;
    dr_rules r;
    char err[128] = "";
    dr_rules_default(&r);
    assert_false(r.threefold || r.move25 || r.move16 || r.move5);
    assert_int_equal(r.first, DR_WHITE);
    assert_int_equal(dr_rules_by_name(&r, "CCGC", err, sizeof err), 0);
    assert_int_equal(r.first, DR_BLACK);
    dr_game g;
    assert_int_equal(dr_game_init(&g, &r, NULL, err, sizeof err), 0);
    assert_int_equal(dr_game_pos(&g)->side, DR_BLACK);
    dr_game_free(&g);
    assert_int_equal(dr_rules_by_name(&r, "fmjd", err, sizeof err), 0);
    assert_int_equal(r.first, DR_WHITE);
    assert_int_equal(dr_rules_by_name(&r, "xyz", err, sizeof err), -1);
    assert_string_equal(err, "unknown draughts rules 'xyz' (known: fmjd, ccgc, english, italian, russian, brazilian, czech, frisian, pool, spanish)");
    assert_string_equal(dr_reason_name(DR_REASON_MOVE25),
                        "25 moves each with only kings moved and no capture");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_moves_loses),
        cmocka_unit_test(test_threefold),
        cmocka_unit_test(test_move25),
        cmocka_unit_test(test_move16),
        cmocka_unit_test(test_move5),
        cmocka_unit_test(test_move16_to_move5),
        cmocka_unit_test(test_refused_draw),
        cmocka_unit_test(test_play_checks_legality),
        cmocka_unit_test(test_rule_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
