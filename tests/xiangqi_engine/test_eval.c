/* test_eval.c -- the Xiangqi evaluation's piece-square tables (engine/xiangqi/evaluate.c,
 * model xiangqi-terms-2 of xq_eval.h).
 *
 * - Entries worked out by hand: with every weight 0 but one table entry, a lone chariot
 *   (or horse, pawn, advisor) on a named point scores that entry for its side, from the
 *   side to move's view; the endgame table's entry is taken in the endgame share (a
 *   chariot on the board: phase 2 of 16, so 14/16 of it, rounded towards 0); the same
 *   point seen by the other side is another entry (ranks count from the owner's side),
 *   and the mirror point across the middle file the same entry.
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

/* The evaluation of FEN with every weight 0 but W[I] = V. */
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
        cmocka_unit_test(test_symmetry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
