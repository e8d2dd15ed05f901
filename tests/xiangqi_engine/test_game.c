/* test_game.c - game results: checkmate, stalemate, the 120-ply natural limit,
 * plain repetition and perpetual check (RULES.md section 1). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "xiangqi.h"

/* Start a game from a FEN. */
static void start(xq_game *g, const char *fen)
{
    xq_pos p;
    char err[128];
    if (xq_pos_from_fen(&p, fen, err, sizeof err) != 0)
        fail_msg("%s: %s", fen, err);
    assert_int_equal(xq_game_init(g, &p), 0);
}

/* Play a list of ICCS moves, each checked for legality first. */
static void play(xq_game *g, const char *const *moves, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int from = xq_square_parse(moves[i]), to = xq_square_parse(moves[i] + 2);
        char buf[128];
        xq_move m = XQ_MOVE(from, to);
        const char *why = xq_illegal_reason(&g->pos, m, buf, sizeof buf);
        if (why)
            fail_msg("move %zu %s: %s", i, moves[i], why);
        assert_int_equal(xq_game_play(g, m), 0);
    }
}

static void expect(const xq_game *g, xq_outcome o, xq_end e)
{
    xq_end how;
    xq_outcome got = xq_game_outcome(g, &how);
    if (got != o || how != e)
        fail_msg("after %zu plies: got %s/%s, expected %s/%s", g->plies,
                 xq_outcome_name(got), xq_end_name(how), xq_outcome_name(o), xq_end_name(e));
}

/* Two chariots mate the bare black general. */
static void test_checkmate(void **state)
{
    (void)state;
    xq_game g;
    start(&g, "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1");
    expect(&g, XQ_ONGOING, XQ_END_NONE);
    static const char *const m[] = { "b0b9" };
    play(&g, m, 1);
    expect(&g, XQ_RED_WINS, XQ_END_CHECKMATE);
    assert_true(g.hist[1].gave_check);
    xq_game_free(&g);

    /* black mates red the same way */
    start(&g, "1r1k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1");
    static const char *const m2[] = { "b9b0" };
    play(&g, m2, 1);
    expect(&g, XQ_BLACK_WINS, XQ_END_CHECKMATE);
    xq_game_free(&g);
}

/* No legal move without being in check loses too (困毙). */
static void test_stalemate(void **state)
{
    (void)state;
    xq_game g;
    /* black general e9: e8 d8 f8 swept by the chariot on a8, d9 faces the red
       general on the d file, f9 held by the chariot on f1 */
    start(&g, "4k4/R8/9/9/9/9/9/5R3/9/3K5 w - - 0 1");
    static const char *const m[] = { "f2f1" };
    play(&g, m, 1);
    assert_false(g.hist[1].gave_check);
    expect(&g, XQ_RED_WINS, XQ_END_STALEMATE);
    xq_game_free(&g);

    /* a red pawn in front of the black general: not check, no move */
    start(&g, "3k5/4P4/9/9/9/9/9/9/9/4K4 b - - 0 1");
    expect(&g, XQ_RED_WINS, XQ_END_STALEMATE);
    xq_game_free(&g);
}

/* The chariot shuttling between the d and e files checks on every move. */
static const char *const perpetual[] = {
    "d5e5", "e9d9", "e5d5", "d9e9", /* back to the start: 2nd time */
    "d5e5", "e9d9", "e5d5", "d9e9", /* 3rd time */
};
#define PERPETUAL_FEN "4k4/9/9/9/3R5/9/9/9/9/5K3 w - - 0 1"

/* Red checks with every move, black never: red loses on the third occurrence. */
static void test_perpetual_check(void **state)
{
    (void)state;
    xq_game g;
    start(&g, PERPETUAL_FEN);
    for (size_t i = 0; i < 8; i++) {
        play(&g, &perpetual[i], 1);
        if (i < 7)
            expect(&g, XQ_ONGOING, XQ_END_NONE);
    }
    expect(&g, XQ_BLACK_WINS, XQ_END_PERPETUAL_CHECK);
    for (size_t j = 1; j <= 8; j++)
        assert_int_equal(g.hist[j].gave_check, j % 2 == 1);

    /* take one move back: the game is on again */
    assert_int_equal(xq_game_undo(&g), 0);
    expect(&g, XQ_ONGOING, XQ_END_NONE);
    xq_game_free(&g);

    /* the same shuttle with black checking: black loses */
    start(&g, "5k3/9/9/9/9/3r5/9/9/9/4K4 b - - 0 1");
    static const char *const m[] = {
        "d4e4", "e0d0", "e4d4", "d0e0", "d4e4", "e0d0", "e4d4", "d0e0",
    };
    play(&g, m, 7);
    expect(&g, XQ_ONGOING, XQ_END_NONE);
    play(&g, m + 7, 1);
    expect(&g, XQ_RED_WINS, XQ_END_PERPETUAL_CHECK);
    xq_game_free(&g);
}

/* When both sides (or neither) check throughout the cycle it is a draw. The
   first case uses real moves; "both check" is simulated by marking black's
   moves of the perpetual cycle as checks in the history. */
static void test_repetition_draw(void **state)
{
    (void)state;
    xq_game g;
    start(&g, "4k4/9/9/9/9/9/9/9/R7r/5K3 w - - 0 1");
    static const char *const m[] = {
        "a1a2", "i1i2", "a2a1", "i2i1", "a1a2", "i1i2", "a2a1", "i2i1",
    };
    for (size_t i = 0; i < 8; i++) {
        play(&g, &m[i], 1);
        if (i < 7)
            expect(&g, XQ_ONGOING, XQ_END_NONE);
    }
    expect(&g, XQ_DRAW, XQ_END_REPETITION);
    xq_game_free(&g);

    start(&g, PERPETUAL_FEN);
    play(&g, perpetual, 8);
    for (size_t j = 2; j <= 8; j += 2)
        g.hist[j].gave_check = true;
    expect(&g, XQ_DRAW, XQ_END_REPETITION);
    /* black checking on only some of its moves does not save red */
    g.hist[4].gave_check = false;
    expect(&g, XQ_BLACK_WINS, XQ_END_PERPETUAL_CHECK);
    xq_game_free(&g);
}

/* The cycle runs from the FIRST occurrence: quiet moves made between the first
   and second occurrence count, so checking only between the second and third
   occurrence is not perpetual check. */
static void test_cycle_span(void **state)
{
    (void)state;
    xq_game g;
    start(&g, PERPETUAL_FEN);
    static const char *const m[] = {
        "d5d4", "e9e8", "d4d5", "e8e9", /* quiet: start position 2nd time */
        "d5e5", "e9d9", "e5d5", "d9e9", /* checks: 3rd time */
    };
    for (size_t i = 0; i < 8; i++) {
        play(&g, &m[i], 1);
        if (i < 7)
            expect(&g, XQ_ONGOING, XQ_END_NONE);
    }
    expect(&g, XQ_DRAW, XQ_END_REPETITION);
    xq_game_free(&g);
}

/* 120 plies without a capture draw; a capture resets the count; mate on the
   120th ply still wins. */
static void test_natural_limit(void **state)
{
    (void)state;
    xq_game g;
    start(&g, "4k4/9/9/9/9/9/9/9/R7r/5K3 w - - 118 80");
    static const char *const m[] = { "a1a2", "i1i2" };
    play(&g, m, 1);
    expect(&g, XQ_ONGOING, XQ_END_NONE);
    play(&g, m + 1, 1);
    assert_int_equal(g.pos.halfmove, 120);
    expect(&g, XQ_DRAW, XQ_END_NATURAL_LIMIT);
    xq_game_free(&g);

    start(&g, "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 119 80");
    static const char *const mate[] = { "b0b9" };
    play(&g, mate, 1);
    expect(&g, XQ_RED_WINS, XQ_END_CHECKMATE);
    xq_game_free(&g);

    /* a whole game of quiet moves from the start: 120 plies, no capture */
    xq_pos p;
    xq_pos_start(&p);
    assert_int_equal(xq_game_init(&g, &p), 0);
    uint64_t seed = 42;
    for (int ply = 0; ply < 120; ply++) {
        xq_move moves[XQ_MAX_MOVES], quiet[XQ_MAX_MOVES];
        int n = xq_gen_legal(&g.pos, moves), nq = 0;
        for (int i = 0; i < n; i++)
            if (!g.pos.sq[XQ_TO(moves[i])])
                quiet[nq++] = moves[i];
        assert_true(nq > 0);
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        assert_int_equal(xq_game_play(&g, quiet[(seed >> 33) % (uint64_t)nq]), 0);
        xq_end how;
        xq_outcome o = xq_game_outcome(&g, &how);
        if (ply < 119)
            assert_int_equal(o, XQ_ONGOING);
    }
    expect(&g, XQ_DRAW, XQ_END_NATURAL_LIMIT);
    xq_game_free(&g);
}

/* A capture in the middle resets the clock and repetitions before it can't count. */
static void test_capture_resets(void **state)
{
    (void)state;
    xq_game g;
    start(&g, "4k4/9/9/9/9/9/p8/9/R8/5K3 w - - 100 60");
    static const char *const m[] = { "a1a3" };
    play(&g, m, 1);
    assert_int_equal(g.pos.halfmove, 0);
    expect(&g, XQ_ONGOING, XQ_END_NONE);
    assert_int_equal(xq_game_undo(&g), 0);
    assert_int_equal(g.pos.halfmove, 100);
    assert_int_equal(xq_game_undo(&g), -1);
    xq_game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_checkmate),
        cmocka_unit_test(test_stalemate),
        cmocka_unit_test(test_perpetual_check),
        cmocka_unit_test(test_repetition_draw),
        cmocka_unit_test(test_cycle_span),
        cmocka_unit_test(test_natural_limit),
        cmocka_unit_test(test_capture_resets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
