/* test_see.c - the static exchange evaluation of Xiangqi captures (xq_see).
 *
 * Each case is a capture whose exchange was worked out by hand (the sequence is
 * written beside it), on the scale xq_see documents: pawn 100, advisor and elephant
 * 200, horse 400, cannon 450, chariot 900.  The cases cover what makes Xiangqi's
 * exchanges their own: a cannon that needs exactly one screen (the start position's
 * cannon takes a horse and is lost to the chariot), a cannon whose screen is the
 * capturer itself and so is lost by capturing, a cannon that gains its one screen
 * when a piece between leaves the line, a crossed pawn defending sideways, and a
 * general that may not take a defended piece.
 *
 * Every figure is also checked by a second method that shares no code with see.c: a
 * plain minimax over the legal captures on the square (xq_gen_legal), each side free
 * to stop.  It agrees with the swap list wherever no piece is pinned (none is here). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>

#include "game.h"
#include "xiangqi.h"

typedef struct see_case {
    const char *fen;
    const char *move;
    int see;
} see_case;

static const see_case cases[] = {
    /* The start position: the cannon jumps the h7 cannon and takes the horse, the i9
     * chariot takes it back: 400 - 450. */
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "h2h9", -50},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "b2b9", -50},
    /* Both sides' central cannons: the red one takes the e6 pawn over its e3 pawn, and
     * nothing takes it back (the e7 cannon has no screen, no horse reaches e6): +100. */
    {"rnbakabnr/9/4c2c1/p1p1p1p1p/9/9/P1P1P1P1P/4C2C1/9/RNBAKABNR w - - 0 1", "e2e6", 100},
    /* The chariot e3 is the screen of the cannon e1: Rxe6 (+400) Rxe6 (-900), and the
     * cannon, its screen gone, cannot take back: -500. */
    {"5k3/4r4/9/4n4/9/9/4R4/9/4C4/3K5 w - - 0 1", "e3e6", -500},
    /* Cxe6 over the chariot's screen instead: +400, Rxe6 (-450), Rxe6 (+900): red
     * keeps its 400 (black does best not to take back). */
    {"5k3/4r4/9/4n4/9/9/4R4/9/4C4/3K5 w - - 0 1", "e1e6", 400},
    /* Crossed black pawns d4 and e4, the d4 pawn defending sideways: Nxe4 (+100) dxe4
     * (-400) Rxe4 (+100): the horse for two pawns, -200. */
    {"5k3/9/9/9/9/3pp4/9/5N3/9/3KR4 w - - 0 1", "f2e4", -200},
    /* Rxe4 first: +100, dxe4 (-900), Nxe4 (+100): -700. */
    {"5k3/9/9/9/9/3pp4/9/5N3/9/3KR4 w - - 0 1", "e0e4", -700},
    /* Rxe8 takes the advisor and checks; the general may not take back, since the
     * chariot's leaving e5 left the e3 pawn the only screen of the e1 cannon: +200. */
    {"4k4/4a4/9/9/4R4/9/4P4/9/4C4/3K5 w - - 0 1", "e5e8", 200},
    /* The same without the e3 pawn: Kxe8, the chariot lost for an advisor: -700. */
    {"4k4/4a4/9/9/4R4/9/9/9/4C4/3K5 w - - 0 1", "e5e8", -700},
};

static int value_of(uint8_t piece)
{
    static const int v[8] = {0, 10000, 200, 200, 400, 900, 450, 100};
    return v[XQ_KIND(piece)];
}

/* The most the side to move wins by capturing on TO (0: it stops), both sides
 * choosing among all their legal captures there. */
static int exchange(xq_pos *p, int to)
{
    xq_move mv[XQ_MAX_MOVES];
    int n = xq_gen_legal(p, mv), best = 0;
    for (int i = 0; i < n; i++) {
        if (XQ_TO(mv[i]) != to) continue;
        int gain = value_of(p->sq[to]);
        xq_undo u;
        xq_make(p, mv[i], &u);
        gain -= exchange(p, to);
        xq_unmake(p, mv[i], &u);
        if (gain > best) best = gain;
    }
    return best;
}

static xq_move parse_move(const char *s)
{
    char a[3] = {s[0], s[1], 0}, b[3] = {s[2], s[3], 0};
    return XQ_MOVE(xq_square_parse(a), xq_square_parse(b));
}

static void test_hand_checked(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        xq_pos p;
        char err[160];
        assert_int_equal(xq_pos_from_fen(&p, cases[i].fen, err, sizeof err), 0);
        xq_move m = parse_move(cases[i].move);
        assert_true(xq_is_legal(&p, m));
        int see = xq_see(&p, m);
        if (see != cases[i].see) fprintf(stderr, "case %zu (%s %s): see %d, expected %d\n", i, cases[i].fen, cases[i].move, see, cases[i].see);
        assert_int_equal(see, cases[i].see);
        /* The second method: the capture, then the best the opponent makes of it. */
        int to = XQ_TO(m), gain = value_of(p.sq[to]);
        xq_undo u;
        xq_make(&p, m, &u);
        gain -= exchange(&p, to);
        xq_unmake(&p, m, &u);
        assert_int_equal(gain, cases[i].see);
        /* xq_see_ge agrees with xq_see at the thresholds around the value. */
        assert_true(xq_see_ge(&p, m, see));
        assert_false(xq_see_ge(&p, m, see + 1));
        assert_true(xq_see_ge(&p, m, see - 1));
    }
}

/* The search reaches the exchange through the descriptor (bo_game.see_ge): the same
 * verdicts for Xiangqi, and no hook for the games that judge no exchanges (their
 * search orders and quiesces as before). */
static void test_descriptor(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("xiangqi");
    assert_non_null(g);
    assert_non_null(g->see_ge);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        BO_ALIGNED unsigned char pos[BO_POS_MAX];
        char err[160];
        bo_move m;
        assert_int_equal(g->from_text(pos, NULL, cases[i].fen, err, sizeof err), 0);
        assert_int_equal(g->move_from_text(pos, cases[i].move, &m, err, sizeof err), 0);
        assert_true(g->see_ge(pos, m, cases[i].see));
        assert_false(g->see_ge(pos, m, cases[i].see + 1));
    }
    static const char *const others[] = {"draughts", "gomoku", "nogo", "tigers"};
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        const bo_game *o = bo_game_by_name(others[i]);
        assert_non_null(o);
        assert_null(o->see_ge);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_checked),
        cmocka_unit_test(test_descriptor),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
