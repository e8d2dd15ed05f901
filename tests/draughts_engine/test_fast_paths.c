/* test_fast_paths.c -- the draughts search's fast paths give what the plain ones give.
 *
 * The search reads the descriptor's legal(), noisy() and play() of a capture from the
 * padded-layout generator directly, and the evaluation reads the outpost and runaway
 * terms from per-square sets and the men's table man by man (docs/engine-draughts.md,
 * "Speed").  Each is checked here against the plain way, written apart from the
 * engine: the public move list (dr_gen_moves, its moves named by dr_desc_move, made by
 * dr_make) and the features counted square by square from their definitions.  On
 * every position of real games (../shared/corpus/draughts/archives/games-10.pdn) and
 * on seeded random positions full of kings (long captures, several with the same
 * ends).  The Zobrist keys that making a move reads from a written-out table are the
 * values bo_mix64 gives. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "core.h"
#include "dr_eval.h"
#include "dr_internal.h"
#include "dr_pdn.h"
#include "dr_test_util.h"
#include "game.h"
#include "text.h"

/* ---- the features by their definitions (evaluate.c's rules, square by square) ---- */

static int row_of(int s) { return (s - 1) / 5; }
static int col_of(int s) { return 2 * ((s - 1) % 5) + (row_of(s) % 2 == 0 ? 1 : 0); }
static int square_at(int row, int col)
{
    if (row < 0 || row > 9 || col < 0 || col > 9 || (row + col) % 2 == 0) return 0;
    return row * 5 + col / 2 + 1;
}
static bool has(uint64_t b, int s) { return s && (b >> (s - 1) & 1); }
static int count(uint64_t b) { int n = 0; for (int s = 1; s <= 50; s++) n += has(b, s); return n; }

/* White's way up; black's men and pieces come in turned (dr_test_flip). */
static void side_by_definition(uint64_t men, uint64_t kings, uint64_t enemy, uint64_t enemy_kings, bool ending,
                               int *f, int sign)
{
    static const int centre[] = {22, 23, 24, 27, 28, 29}, guard[] = {47, 48, 49};
    int advance = 0, outposts = 0, runs = 0, run_rows = 0, centres = 0, guards = 0, edges = 0, left = 0, right = 0;
    for (int s = 1; s <= 50; s++) {
        if (!has(men, s)) continue;
        int r = row_of(s), c = col_of(s);
        advance += 9 - r;
        f[DR_F_PST + s - 1] += sign;
        for (int i = 0; i < 6; i++) centres += s == centre[i];
        for (int i = 0; i < 3; i++) guards += s == guard[i];
        edges += c == 0 || c == 9;
        left += c < 5;
        right += c >= 5;
        if (s > 25) continue;
        if (has(men, square_at(r + 1, c - 1)) && has(men, square_at(r + 1, c + 1))) outposts++;
        bool free = true;
        for (int k = 1; k <= r; k++)
            for (int dc = -k - 1; dc <= k + 1; dc++) free = free && !has(enemy, square_at(r - k, c + dc));
        if (!enemy_kings && free) { runs++; run_rows += r; }
    }
    f[DR_F_MEN] += sign * count(men);
    f[DR_F_KINGS] += sign * count(kings);
    f[DR_F_ADVANCE] += sign * advance;
    f[DR_F_ADVANCE_END] += ending ? sign * advance : 0;
    f[DR_F_CENTRE] += sign * centres;
    f[DR_F_GUARD] += enemy_kings ? 0 : sign * guards;
    f[DR_F_OUTPOST] += sign * outposts;
    f[DR_F_RUNAWAY] += sign * runs;
    f[DR_F_RUNAWAY_ROWS] += sign * run_rows;
    f[DR_F_EDGE] += sign * edges;
    f[DR_F_BALANCE] += sign * (left > right ? left - right : right - left);
    f[DR_F_KING_ALONE] += enemy_kings ? 0 : sign * count(kings);
}

static void check_eval(const dr_pos *p)
{
    int want[DR_NFEATURES] = {0}, got[DR_NFEATURES];
    uint64_t wk = p->white & p->kings, bk = p->black & p->kings;
    bool ending = count(p->white | p->black) <= 16;
    side_by_definition(p->white & ~p->kings, wk, p->black, bk, ending, want, 1);
    side_by_definition(dr_test_flip(p->black & ~p->kings), dr_test_flip(bk), dr_test_flip(p->white), wk, ending, want, -1);
    dr_eval_features(p, got);
    char fen[DR_FEN_MAX];
    for (int i = 0; i < DR_NFEATURES; i++)
        if (got[i] != want[i]) {
            dr_pos_to_fen(p, fen, sizeof fen);
            fail_msg("%s: feature %d is %d, by its definition %d", fen, i, got[i], want[i]);
        }
}

/* ---- the descriptor's moves against the public list ---------------------------------- */

static void check_moves(const dr_pos *p)
{
    const bo_game *g = &dr_game_desc;
    dr_move all[DR_MAX_MOVES];
    bo_move legal[BO_MOVES_MAX], noisy[BO_MOVES_MAX];
    int n = dr_gen_moves(p, all), nl = g->legal(p, legal), nn = g->noisy(p, noisy);
    char fen[DR_FEN_MAX];
    dr_pos_to_fen(p, fen, sizeof fen);
    if (n < 0) {   /* more moves than a list holds: none given */
        assert_int_equal(nl, 0);
        assert_int_equal(nn, 0);
        return;
    }
    if (nl != n) fail_msg("%s: legal() gives %d moves, dr_gen_moves %d", fen, nl, n);
    if (nn != (n > 0 && all[0].ncaptured ? n : 0)) fail_msg("%s: noisy() gives %d moves of %d", fen, nn, n);
    for (int i = 0; i < n; i++) {
        bo_move want = dr_desc_move(all, n, &all[i]);
        if (legal[i] != want) fail_msg("%s: move %d is %#x, the list's %#x", fen, i, (unsigned)legal[i], (unsigned)want);
        if (i < nn) assert_int_equal(noisy[i], want);
        dr_pos q = *p, made = *p;
        BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
        g->play(&q, legal[i], undo, NULL);
        dr_make(&made, &all[i]);
        if (memcmp(&q, &made, sizeof q) != 0) fail_msg("%s: play() of move %d (%d-%d) differs from dr_make", fen, i, all[i].from, all[i].to);
    }
}

static void check_position(void *ctx, const dr_pos *p)
{
    check_eval(p);
    check_moves(p);
    ((int *)ctx)[0]++;
}

static int on_game(dr_pdn_game *g, void *ctx)
{
    dr_test_each_position(&g->rec, check_position, ctx);
    return 0;
}

static void test_corpus(void **state)
{
    (void)state;
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_load(&t, BOYI_SHARED_DIR "/corpus/draughts/archives/games-10.pdn", err, sizeof err), 0);
    int positions = 0;
    assert_int_equal(dr_pdn_read(t.data, t.len, on_game, &positions, err, sizeof err), 0);
    bo_text_free(&t);
    assert_true(positions > 1000);
}

/* Random boards: each square empty or one of the four pieces, men off their own
 * promotion row; many kings, so captures are long and often share their ends. */
static void test_random(void **state)
{
    (void)state;
    uint64_t rng = 20261205;
    int captures = 0, shared = 0;
    for (int k = 0; k < 4000; k++) {
        dr_pos p;
        memset(&p, 0, sizeof p);
        int density = 20 + (int)(bo_splitmix64(&rng) % 60);   /* percent of squares taken */
        for (int s = 1; s <= 50; s++) {
            uint64_t r = bo_splitmix64(&rng), bit = UINT64_C(1) << (s - 1);
            if ((int)(r % 100) >= density) continue;
            bool white = r >> 8 & 1, king = (r >> 9) % 4 == 0;
            if (!king && (white ? s <= 5 : s >= 46)) continue;
            if (white) p.white |= bit; else p.black |= bit;
            if (king) p.kings |= bit;
        }
        p.side = bo_splitmix64(&rng) & 1 ? DR_WHITE : DR_BLACK;
        p.hash = dr_pos_hash(&p);
        check_eval(&p);
        check_moves(&p);
        bo_move mv[BO_MOVES_MAX];
        int n = dr_game_desc.noisy(&p, mv);
        captures += n > 0;
        for (int i = 1; i < n; i++) shared += (mv[i] >> 12 & 0xFF) != 0;
    }
    /* the sample reaches what it is for */
    assert_true(captures > 500);
    assert_true(shared > 10);
}

/* Every entry of dr_zobrist.h is bo_mix64 of its index (board.c's definition). */
static void test_zobrist(void **state)
{
    (void)state;
    for (int kind = 0; kind < 4; kind++)
        for (int i = 0; i < 64; i++)
            assert_true(dr_zobrist_key(kind, i) == bo_mix64(UINT64_C(0x6472616175676874) + (uint64_t)(kind * 64 + i)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus),
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_zobrist),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
