/* test_moves.c - move legality: the judge's reasons, check detection, and
 * agreement between xq_illegal_reason and xq_gen_legal. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "xiangqi.h"

#define START "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

/* Parse or fail the test. */
static void load(xq_pos *p, const char *fen)
{
    char err[128];
    if (xq_pos_from_fen(p, fen, err, sizeof err) != 0)
        fail_msg("%s: %s", fen, err);
}

/* Move from ICCS text "h2e2". */
static xq_move mv(const char *s)
{
    int from = xq_square_parse(s), to = xq_square_parse(s + 2);
    assert_true(from >= 0 && to >= 0);
    return XQ_MOVE(from, to);
}

typedef struct reason_case { const char *fen, *move, *reason; } reason_case;

/* Each move is judged with the expected words (NULL = legal). */
static void test_reasons(void **state)
{
    (void)state;
    static const char *const elephant = "3k5/9/9/9/9/2B6/3N5/9/9/4K4 w - - 0 1";
    static const char *const pinned = "3k5/9/9/9/4r4/9/9/9/4R4/4K4 w - - 0 1";
    static const char *const facing = "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1";
    static const char *const general = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1";
    static const char *const pawn = "3k5/9/9/4P4/9/9/P8/9/9/4K4 w - - 0 1";
    static const reason_case cases[] = {
        { START, "h2e2", NULL },
        { START, "b0c2", NULL },
        { START, "b2b9", NULL },                 /* cannon captures over b7 */
        { START, "e4e5", "there is no piece on e4" },
        { START, "e6e5", "the piece on e6 belongs to black" },
        { START, "b0c1", "a horse moves one point orthogonally then one diagonally" },
        { START, "b0d1", "the horse's leg at c0 is blocked" },
        { START, "d0d1", "an advisor moves one point diagonally" },
        { START, "d0c1", "the advisor must stay in the palace on its diagonals" },
        { START, "a0a4", "a chariot cannot jump over the piece at a3" },
        { START, "a0b1", "a chariot moves along a rank or file" },
        { START, "a0b0", "the move captures its own piece" },
        { START, "b2b7", "a cannon captures by jumping over exactly one piece" },
        { START, "b2b8", "a cannon cannot jump over the piece at b7 without capturing" },
        { START, "b2h2", "the move captures its own piece" },
        { START, "b2c3", "a cannon moves along a rank or file" },
        { START, "a3a2", "a pawn cannot move backwards" },
        { START, "a3b3", "a pawn moves sideways only after crossing the river" },
        { START, "a3a5", "a pawn moves one point at a time" },
        { START, "e0e2", "the general moves one point orthogonally" },
        { START, "c0e2", NULL },
        { START, "c0d1", "an elephant moves exactly two points diagonally" },
        { START, "e3e3", "the piece on e3 does not move" },
        { elephant, "c4e2", "the elephant's eye at d3 is blocked" },
        { elephant, "c4e6", "an elephant may not cross the river" },
        { elephant, "c4a2", NULL },
        { elephant, "d3e5", NULL },
        { pinned, "e1d1", "the move leaves the general in check" },
        { pinned, "e1e5", NULL },
        { pinned, "e1e3", NULL },
        { pinned, "e0d0", "the move leaves the two generals facing each other" },
        { pinned, "e0f0", NULL },
        { facing, "e1d2", "the move leaves the two generals facing each other" },
        { facing, "e0d0", NULL },
        { general, "d0c0", "the general must stay in the palace" },
        { general, "d0e0", "the move leaves the two generals facing each other" },
        { general, "d0d1", NULL },
        { general, "d0d2", "the general moves one point orthogonally" },
        { pawn, "e6e7", NULL },
        { pawn, "e6d6", NULL },
        { pawn, "e6e8", "a pawn moves one point at a time" },
        { pawn, "e6f7", "a pawn does not move diagonally" },
        { pawn, "e6e5", "a pawn cannot move backwards" },
        { pawn, "a3b3", "a pawn moves sideways only after crossing the river" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        xq_pos p;
        char buf[128];
        load(&p, cases[i].fen);
        xq_move m = mv(cases[i].move);
        const char *why = xq_illegal_reason(&p, m, buf, sizeof buf);
        if (!cases[i].reason) {
            if (why)
                fail_msg("%s in %s: unexpected '%s'", cases[i].move, cases[i].fen, why);
            assert_true(xq_is_legal(&p, m));
            continue;
        }
        if (!why || strcmp(why, cases[i].reason) != 0)
            fail_msg("%s in %s: got '%s', expected '%s'", cases[i].move, cases[i].fen,
                     why ? why : "(legal)", cases[i].reason);
        assert_ptr_equal(why, buf);
        assert_false(xq_is_legal(&p, m));
    }
    xq_pos p;
    char buf[64];
    xq_pos_start(&p);
    assert_non_null(xq_illegal_reason(&p, 0, buf, sizeof buf));
    assert_non_null(xq_illegal_reason(&p, XQ_MOVE(100, 3), buf, sizeof buf));
}

/* Check by every kind of attacker, and the flying general. */
static void test_in_check(void **state)
{
    (void)state;
    static const struct { const char *fen; bool check; } cases[] = {
        { START, false },
        { "3k5/9/9/9/9/9/9/9/4r4/4K4 w - - 0 1", true },     /* chariot */
        { "3k5/9/9/9/4r4/9/4P4/9/9/4K4 w - - 0 1", false },  /* chariot screened */
        { "3k5/9/9/9/4c4/9/4P4/9/9/4K4 w - - 0 1", true },   /* cannon over one */
        { "3k5/9/9/9/4c4/4p4/4P4/9/9/4K4 w - - 0 1", false }, /* cannon over two */
        { "3k5/9/9/9/9/9/9/9/9/4K1c2 w - - 0 1", false },    /* cannon, no screen */
        { "3k5/9/9/9/9/9/9/9/9/2c1KA3 w - - 0 1", false },   /* cannon, screen beyond */
        { "3k5/9/9/9/9/9/9/3n5/9/4K4 w - - 0 1", true },     /* horse d2 via d1 */
        { "3k5/9/9/9/9/9/9/3n5/3N5/4K4 w - - 0 1", false },  /* leg d1 blocked */
        { "3k5/9/9/9/9/9/9/9/2n6/4K4 w - - 0 1", true },     /* horse c1 via d1 */
        { "3k5/9/9/9/9/9/9/9/2nN5/4K4 w - - 0 1", false },   /* leg d1 blocked */
        { "3k5/9/9/9/9/9/9/9/4p4/4K4 w - - 0 1", true },     /* pawn ahead */
        { "3k5/9/9/9/9/9/9/9/9/3pK4 w - - 0 1", true },      /* pawn beside */
        { "3k5/9/9/9/9/9/9/9/9/4Kp3 w - - 0 1", true },      /* pawn beside */
        { "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", false },
        { "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", false },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        xq_pos p;
        load(&p, cases[i].fen);
        if (xq_in_check(&p, XQ_RED) != cases[i].check)
            fail_msg("%s: in_check should be %d", cases[i].fen, cases[i].check);
        assert_false(xq_in_check(&p, XQ_BLACK));
    }
    /* flying general: both "attacked" once the screen leaves (not a legal
       position, so built by moving the screen with xq_make) */
    xq_pos p;
    xq_undo u;
    load(&p, "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1");
    xq_make(&p, mv("e1d2"), &u);
    assert_true(xq_in_check(&p, XQ_RED));
    assert_true(xq_in_check(&p, XQ_BLACK));
    xq_unmake(&p, mv("e1d2"), &u);
    assert_false(xq_in_check(&p, XQ_RED));
}

static uint64_t next_rand(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* For positions along random games, every one of the 90x90 from/to pairs is
   judged legal by xq_illegal_reason exactly when xq_gen_legal lists it, and
   generated moves are distinct. */
static void test_reason_agrees_with_generator(void **state)
{
    (void)state;
    uint64_t seed = 0xC0FFEEULL;
    int positions = 0;
    for (int game = 0; game < 12; game++) {
        xq_pos p;
        xq_pos_start(&p);
        for (int ply = 0; ply < 160; ply++) {
            xq_move moves[XQ_MAX_MOVES];
            int n = xq_gen_legal(&p, moves);
            bool listed[XQ_SQUARES * 128];
            memset(listed, 0, sizeof listed);
            for (int i = 0; i < n; i++) {
                assert_false(listed[moves[i]]);
                listed[moves[i]] = true;
            }
            if (ply % 4 == 0) {
                positions++;
                for (int f = 0; f < XQ_SQUARES; f++)
                    for (int t = 0; t < XQ_SQUARES; t++) {
                        xq_move m = XQ_MOVE(f, t);
                        char buf[128];
                        const char *why = xq_illegal_reason(&p, m, buf, sizeof buf);
                        if ((why == NULL) != listed[m]) {
                            char fen[128], name[5];
                            xq_pos_to_fen(&p, fen, sizeof fen);
                            xq_move_name(m, name);
                            fail_msg("%s %s: generator %d, reason '%s'", fen, name,
                                     listed[m], why ? why : "(legal)");
                        }
                    }
            }
            if (n == 0)
                break;
            /* captures first half the time, to reach endgames */
            int pick = (int)(next_rand(&seed) % (uint64_t)n);
            if (next_rand(&seed) & 1)
                for (int i = 0; i < n; i++)
                    if (p.sq[XQ_TO(moves[i])]) {
                        pick = i;
                        break;
                    }
            xq_undo u;
            xq_make(&p, moves[pick], &u);
        }
    }
    assert_true(positions > 100);
}

/* A legal move never leaves the mover in check; moves out of check exist or
   the position is mate. */
static void test_generated_moves_are_safe(void **state)
{
    (void)state;
    xq_pos p;
    load(&p, "3k5/9/9/9/9/9/9/9/4r4/4K4 w - - 0 1");
    xq_move moves[XQ_MAX_MOVES];
    int n = xq_gen_legal(&p, moves);
    /* red general e0 in check from the chariot on e1: Kxe1 and Kf0 are legal;
       Kd0 would face the black general on the open d file. */
    assert_int_equal(n, 2);
    for (int i = 0; i < n; i++) {
        xq_undo u;
        xq_make(&p, moves[i], &u);
        assert_false(xq_in_check(&p, XQ_RED));
        xq_unmake(&p, moves[i], &u);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reasons),
        cmocka_unit_test(test_in_check),
        cmocka_unit_test(test_reason_agrees_with_generator),
        cmocka_unit_test(test_generated_moves_are_safe),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
