/* test_eval.c -- the Xiangqi evaluation's piece-square tables and threat terms
 * (engine/xiangqi/evaluate.c, model xiangqi-terms-3 of xq_eval.h).
 *
 * - Entries worked out by hand: with every weight 0 but one table entry, a lone chariot
 *   (or horse, pawn, advisor) on a named point scores that entry for its side, from the
 *   side to move's view; the endgame table's entry is taken in the endgame share (a
 *   chariot on the board: phase 2 of 16, so 14/16 of it, rounded towards 0); the same
 *   point seen by the other side is another entry (ranks count from the owner's side),
 *   and the mirror point across the middle file the same entry.
 * - Threats worked out by hand (test_threats_by_hand): horse legs, cannon screens,
 *   defenders, the mover's pieces and the other side's, pawns across the river.
 * - Symmetry under random weights (seeded), on the positions of seeded random games:
 *   the board mirrored across the middle file evaluates the same, and the board turned
 *   round with the colours and the side to move swapped evaluates the same.  The
 *   tables index points by own rank and file from the nearer edge; a wrong index breaks
 *   one of the two. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xiangqi.h"
#include "xq_eval.h"

/* Kinds in the tables' order (xq_eval.h: king, advisor, elephant, horse, chariot,
 * cannon, pawn). */
enum { T_KING, T_ADVISOR, T_ELEPHANT, T_HORSE, T_CHARIOT, T_CANNON, T_PAWN };

static int entry(int kind, int rank, int file) { return kind * XQ_PST_POINTS + rank * 5 + file; }

/* The evaluation of FEN with every weight 0 but W[I] = V (TEMPO 0: the term alone). */
static int eval_one(const char *fen, int i, int v)
{
    static int w[XQ_EVAL_NWEIGHTS];
    memset(w, 0, sizeof w);
    w[i] = v;
    xq_pos p;
    char err[200];
    if (xq_pos_from_fen(&p, fen, err, sizeof err) != 0) fail_msg("%s: %s", fen, err);
    return xq_evaluate_with(&p, w);
}

static void test_entries_by_hand(void **state)
{
    (void)state;
    /* Red chariot on c6 (file 2, rank 6): red's own rank 6, file 2 from the edge. */
    const char *c6 = "3k5/9/9/2R6/9/9/9/9/9/4K4 w";
    const char *c6b = "3k5/9/9/2R6/9/9/9/9/9/4K4 b";
    int r6f2 = XQ_W_PST + entry(T_CHARIOT, 6, 2);
    assert_int_equal(eval_one(c6, r6f2, 100), 100);
    assert_int_equal(eval_one(c6b, r6f2, 100), -100);
    assert_int_equal(eval_one(c6, XQ_W_PST + entry(T_CHARIOT, 3, 2), 100), 0);   /* black's view of c6 */
    /* The mirror point g6 is the same entry. */
    assert_int_equal(eval_one("3k5/9/9/6R2/9/9/9/9/9/4K4 w", r6f2, 100), 100);
    /* A black chariot on g3 (rank 3 from red's side) stands on its own rank 6, file 2. */
    assert_int_equal(eval_one("3k5/9/9/9/9/9/6r2/9/9/4K4 w", r6f2, 100), -100);
    assert_int_equal(eval_one("3k5/9/9/9/9/9/6r2/9/9/4K4 b", r6f2, 100), 100);
    /* Endgame table: one chariot on the board, phase 2 of 16: 14/16 of 100 is 87.5 -> 87. */
    assert_int_equal(eval_one(c6, XQ_W_PSTEG + entry(T_CHARIOT, 6, 2), 100), 87);
    assert_int_equal(eval_one(c6b, XQ_W_PSTEG + entry(T_CHARIOT, 6, 2), 100), -87);
    /* No chariot, horse or cannon: the whole endgame entry (a crossed pawn on e5 of red:
     * own rank 5, file 4; the generals on their home points, rank 0 file 4). */
    const char *pawn = "3k5/9/9/9/4P4/9/9/9/9/4K4 w";
    assert_int_equal(eval_one(pawn, XQ_W_PSTEG + entry(T_PAWN, 5, 4), 40), 40);
    assert_int_equal(eval_one(pawn, XQ_W_PST + entry(T_PAWN, 5, 4), 40), 40);
    assert_int_equal(eval_one(pawn, XQ_W_PST + entry(T_KING, 0, 4), 30), 30);      /* red's general e0 */
    assert_int_equal(eval_one(pawn, XQ_W_PST + entry(T_KING, 0, 3), 30), -30);     /* black's d9 */
    /* A horse on b7 of black (b2 to red: own rank 7 for black, file 1). */
    assert_int_equal(eval_one("3k5/9/9/9/9/9/9/1n7/9/4K4 b", XQ_W_PST + entry(T_HORSE, 7, 1), 25), 25);
    /* Advisors on d0 and f0 share the entry rank 0 file 3: counted twice. */
    assert_int_equal(eval_one("3k5/9/9/9/9/9/9/9/9/3AKA3 w", XQ_W_PST + entry(T_ADVISOR, 0, 3), 10), 20);
}

/* The threat terms' weights (xq_eval.h): SIDE 0 the side to move, 1 the other side. */
enum { TK_CHARIOT, TK_CANNON, TK_HORSE, TK_GUARD, TK_PAWN };
static int lesser(int side, int kind) { return XQ_W_THREAT + side * XQ_THREAT_SIDE + XQ_THREAT_LESSER + kind; }
static int loose(int side, int kind) { return XQ_W_THREAT + side * XQ_THREAT_SIDE + XQ_THREAT_LOOSE + kind; }

/* Threats worked out by hand, each weight alone at 100: a horse's attack needs its leg
 * free, a cannon's a screen; a defender makes a piece not loose but still attacked by a
 * lesser one; the same piece is the mover's or the other side's by who is to move; a
 * pawn counts only across the river. */
static void test_threats_by_hand(void **state)
{
    (void)state;
    /* A black horse on d6 attacks the red chariot on e4 (leg d5 free); nothing defends it. */
    const char *horse = "3k5/9/9/3n5/9/4R4/9/9/9/4K4 w", *horse_b = "3k5/9/9/3n5/9/4R4/9/9/9/4K4 b";
    assert_int_equal(eval_one(horse, lesser(0, TK_CHARIOT), 100), 100);
    assert_int_equal(eval_one(horse, loose(0, TK_CHARIOT), 100), 100);
    assert_int_equal(eval_one(horse, lesser(1, TK_CHARIOT), 100), 0);
    assert_int_equal(eval_one(horse, loose(1, TK_HORSE), 100), 0);         /* the chariot does not reach d6 */
    assert_int_equal(eval_one(horse_b, lesser(1, TK_CHARIOT), 100), 100);  /* black to move: red's chariot */
    assert_int_equal(eval_one(horse_b, lesser(0, TK_CHARIOT), 100), 0);
    /* The leg d5 blocked (a red pawn there): no attack. */
    assert_int_equal(eval_one("3k5/9/9/3n5/3P5/4R4/9/9/9/4K4 w", lesser(0, TK_CHARIOT), 100), 0);
    /* A red horse on c3 defends e4: attacked by a lesser piece, not loose. */
    const char *defended = "3k5/9/9/3n5/9/4R4/2N6/9/9/4K4 w";
    assert_int_equal(eval_one(defended, lesser(0, TK_CHARIOT), 100), 100);
    assert_int_equal(eval_one(defended, loose(0, TK_CHARIOT), 100), 0);
    /* A black cannon on e8 over the screen e6 attacks the chariot on e4; without the
     * screen it does not, and the chariot attacks the cannon (loose, but the chariot is
     * not a lesser piece). */
    assert_int_equal(eval_one("3k5/4c4/9/4p4/9/4R4/9/9/9/5K3 w", lesser(0, TK_CHARIOT), 100), 100);
    const char *open = "3k5/4c4/9/9/9/4R4/9/9/9/5K3 w";
    assert_int_equal(eval_one(open, lesser(0, TK_CHARIOT), 100), 0);
    assert_int_equal(eval_one(open, loose(1, TK_CANNON), 100), 100);
    assert_int_equal(eval_one(open, lesser(1, TK_CANNON), 100), 0);
    /* A black pawn across the river (e3) attacked by the red chariot on a3 is loose; at
     * home (e6, attacked from a6) it is not counted. */
    assert_int_equal(eval_one("3k5/9/9/9/9/9/R3p4/9/9/5K3 w", loose(1, TK_PAWN), 100), 100);
    assert_int_equal(eval_one("3k5/9/9/R3p4/9/9/9/9/9/5K3 w", loose(1, TK_PAWN), 100), 0);
    /* Two loose pawns (e3 by the chariot, g2 by the horse on e1) count twice. */
    assert_int_equal(eval_one("3k5/9/9/9/9/9/R3p4/6p2/4N4/5K3 w", loose(1, TK_PAWN), 100), 200);
}

/* The board of P mirrored across the middle file (MIRROR), or turned round with the
 * colours swapped (otherwise), into Q. */
static void transform(const xq_pos *p, xq_pos *q, int mirror)
{
    uint8_t b[XQ_SQUARES];
    for (int sq = 0; sq < XQ_SQUARES; sq++) {
        int f = XQ_FILE_OF(sq), r = XQ_RANK_OF(sq), pc = p->sq[sq];
        if (mirror) b[XQ_SQ(8 - f, r)] = (uint8_t)pc;
        else b[XQ_SQ(f, 9 - r)] = pc ? XQ_PIECE(1 - XQ_SIDE(pc), XQ_KIND(pc)) : 0;
    }
    xq_side side = mirror ? p->side : (xq_side)(1 - p->side);
    char err[200];
    if (xq_pos_set(q, b, side, 0, 1, err, sizeof err) != 0) fail_msg("transformed position: %s", err);
}

static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void test_symmetry(void **state)
{
    (void)state;
    static int w[XQ_EVAL_NWEIGHTS];
    uint64_t rng = 33;
    for (int i = 0; i < XQ_EVAL_NWEIGHTS; i++) w[i] = (int)(next(&rng) % 401) - 200;
    long checked = 0;
    for (int game = 0; game < 8; game++) {
        xq_pos p, q;
        xq_pos_start(&p);
        for (int ply = 0; ply < 150; ply++) {
            xq_move moves[XQ_MAX_MOVES];
            int n = xq_gen_legal(&p, moves);
            if (n == 0) break;
            int e = xq_evaluate_with(&p, w);
            for (int mirror = 0; mirror < 2; mirror++) {
                transform(&p, &q, mirror);
                int t = xq_evaluate_with(&q, w);
                if (t != e) {
                    char fen[128];
                    xq_pos_to_fen(&p, fen, sizeof fen);
                    fail_msg("%s: %d, %s %d", fen, e, mirror ? "mirrored" : "colours swapped", t);
                }
            }
            checked++;
            xq_undo u;
            xq_make(&p, moves[next(&rng) % (uint64_t)n], &u);
        }
    }
    assert_true(checked > 500);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_entries_by_hand),
        cmocka_unit_test(test_threats_by_hand),
        cmocka_unit_test(test_symmetry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
