/* test_variant_draws.c - the 8x8 variants' own draw rules in the game state (dr_game)
 * and the descriptor, counted by hand from the rule texts (docs/draughts-variants.md):
 *   English: 40 moves each without a man moved or a piece taken (80 plies), a claim;
 *   Russian: 15 moves each of kings only (30 plies); three kings against one, the strong
 *            side's 15th move; kings on both sides, 4-5 pieces, 30 moves each (60 plies);
 *   Brazilian: 20 moves each of kings only (40 plies); the FMJD 5-move ending (10 plies);
 *   Italian: no move-count rule, threefold repetition a claim;
 *   pool: three kings against one, the strong side's 13th move (APCA rules).
 *
 * The shuffles keep every piece out of reach, checked square by square:
 *   Russian/Brazilian W:WK32:BK1: white g1-h2-g1 (32-28-32), black b8-a7-b8 (1-5-1);
 *     g1 and a7 share a diagonal and b8 and h2 another, but each time the piece beyond
 *     stands on the edge, so no capture exists (flying kings included);
 *   the same with white kings added on c1 (30) and e1 (31), and a black king on d8 (2):
 *     c1's diagonals a3-c1-h6 and e1's a5-e1-h4 meet no black piece with a free square
 *     beyond, nor does d8's (a5-d8-h4) meet a white one;
 *   English W:WK29:BK4: white a1-b2-a1 (29-25-29), black h8-g7-h8 (4-8-4), one-square kings;
 *   Italian W:WK29:BK4 (the Italian board: 29 is b1, 25 a2, 4 g8, 8 h7): b1-a2, g8-h7. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "draughts.h"
#include "game.h"

extern const bo_game dr_game_desc;

static dr_game start_game(const char *variant, const char *fen, bool threefold, bool m25, bool m16, bool m5)
{
    dr_game g;
    dr_rules r;
    dr_pos p;
    char err[128] = "";
    dr_rules_default(&r);
    assert_int_equal(dr_rules_by_name(&r, variant, err, sizeof err), 0);
    r.threefold = threefold;
    r.move25 = m25;
    r.move16 = m16;
    r.move5 = m5;
    if (dr_pos_from_fen(&p, fen, NULL, err, sizeof err) != 0 || dr_pos_set_variant(&p, r.variant, err, sizeof err) != 0)
        fail_msg("FEN %s: %s", fen, err);
    assert_int_equal(dr_game_init(&g, &r, &p, err, sizeof err), 0);
    return g;
}

static void play(dr_game *g, int from, int to)
{
    dr_move m;
    char err[160] = "";
    if (dr_find_move(dr_game_pos(g), from, to, 0, &m) < 0) fail_msg("%d-%d not legal", from, to);
    if (dr_game_play(g, &m, err, sizeof err) != 0) fail_msg("%d-%d: %s", from, to, err);
}

/* PLIES plies of shuffling: the side to move moves its king between its two squares
 * (white w1/w2, black b1/b2), from whichever of them it stands on. */
static void shuffle(dr_game *g, int plies, int w1, int w2, int b1, int b2)
{
    for (int i = 0; i < plies; i++) {
        const dr_pos *p = dr_game_pos(g);
        bool white = p->side == DR_WHITE;
        uint64_t own = white ? p->white : p->black;
        int a = white ? w1 : b1, b = white ? w2 : b2;
        if (own & (UINT64_C(1) << (a - 1))) play(g, a, b);
        else play(g, b, a);
    }
}

static void expect(const dr_game *g, dr_outcome want, dr_reason why)
{
    dr_reason r;
    dr_outcome o = dr_game_outcome(g, &r);
    if (o != want || r != why)
        fail_msg("after %zu plies: outcome %d (%s), want %d (%s)", g->len - 1, (int)o, dr_reason_name(r), (int)want,
                 dr_reason_name(why));
}

static void test_russian_15_moves(void **state)
{
    (void)state;
    dr_game g = start_game("russian", "W:WK32:BK1", false, true, false, false);
    shuffle(&g, 29, 32, 28, 1, 5);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    shuffle(&g, 1, 32, 28, 1, 5);
    expect(&g, DR_DRAW, DR_REASON_RU15);      /* 30 plies = 15 moves each */
    dr_game_free(&g);
    /* the same shuffle in international rules' count (Czech keeps FMJD's 25 moves) */
    g = start_game("czech", "W:WK32:BK1", false, true, false, false);
    shuffle(&g, 30, 32, 28, 1, 5);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    shuffle(&g, 20, 32, 28, 1, 5);
    expect(&g, DR_DRAW, DR_REASON_MOVE25);
    dr_game_free(&g);
}

static void test_russian_three_kings(void **state)
{
    (void)state;
    /* white (strong) moves at plies 1, 3, ...: its 15th move is ply 29 */
    dr_game g = start_game("russian", "W:WK30,K31,K32:BK1", false, false, true, false);
    shuffle(&g, 28, 32, 28, 1, 5);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    assert_int_equal(g.hist[g.len - 1].kings_3v1, 14);
    shuffle(&g, 1, 32, 28, 1, 5);
    expect(&g, DR_DRAW, DR_REASON_RU_3V1);
    dr_game_free(&g);
    /* black to move first: white's 15th move is ply 30 */
    g = start_game("russian", "B:WK30,K31,K32:BK1", false, false, true, false);
    shuffle(&g, 29, 32, 28, 1, 5);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    shuffle(&g, 1, 32, 28, 1, 5);
    expect(&g, DR_DRAW, DR_REASON_RU_3V1);
    dr_game_free(&g);
    /* pool: 13 moves of the strong side (APCA), the same squares (pool kings fly too) */
    g = start_game("pool", "W:WK30,K31,K32:BK1", false, false, true, false);
    shuffle(&g, 24, 32, 28, 1, 5);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    shuffle(&g, 1, 32, 28, 1, 5);
    expect(&g, DR_DRAW, DR_REASON_POOL_3V1);
    dr_game_free(&g);
    /* two kings against one is not that ending */
    g = start_game("russian", "W:WK31,K32:BK1", false, false, true, false);
    shuffle(&g, 40, 32, 28, 1, 5);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    assert_int_equal(g.hist[g.len - 1].kings_3v1, -1);
    dr_game_free(&g);
}

static void test_russian_material(void **state)
{
    (void)state;
    /* two kings each: 4 pieces, 30 moves each = 60 plies of unchanged material */
    dr_game g = start_game("russian", "W:WK31,K32:BK1,K2", false, false, true, false);
    shuffle(&g, 59, 32, 28, 1, 5);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    shuffle(&g, 1, 32, 28, 1, 5);
    expect(&g, DR_DRAW, DR_REASON_RU_MATERIAL);
    dr_game_free(&g);
    /* a man's move does not change the material: W:WK32,21:BK1,K2 (5 pieces, limit 60
       plies); the man a3 (21) steps to b4 (17) at ply 29.  Counted from the start the
       limit comes at ply 60; the 15-move count restarts at the man move (ply 29 + 30). */
    g = start_game("russian", "W:WK32,21:BK1,K2", false, false, true, false);
    shuffle(&g, 28, 32, 28, 1, 5);
    play(&g, 21, 17);
    shuffle(&g, 30, 32, 28, 1, 5);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    shuffle(&g, 1, 32, 28, 1, 5);
    expect(&g, DR_DRAW, DR_REASON_RU_MATERIAL);
    dr_game_free(&g);
    g = start_game("russian", "W:WK32,21:BK1,K2", false, true, false, false);
    shuffle(&g, 28, 32, 28, 1, 5);
    play(&g, 21, 17);
    shuffle(&g, 29, 32, 28, 1, 5);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    shuffle(&g, 1, 32, 28, 1, 5);
    expect(&g, DR_DRAW, DR_REASON_RU15);
    dr_game_free(&g);
}

static void test_brazilian(void **state)
{
    (void)state;
    dr_game g = start_game("brazilian", "W:WK32:BK1", false, true, false, false);
    shuffle(&g, 39, 32, 28, 1, 5);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    shuffle(&g, 1, 32, 28, 1, 5);
    expect(&g, DR_DRAW, DR_REASON_BR20);
    dr_game_free(&g);
    /* the FMJD 5-move ending (a king against a king): 10 plies; not a Russian rule */
    g = start_game("brazilian", "W:WK32:BK1", false, false, false, true);
    shuffle(&g, 9, 32, 28, 1, 5);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    shuffle(&g, 1, 32, 28, 1, 5);
    expect(&g, DR_DRAW, DR_REASON_MOVE5);
    dr_game_free(&g);
    g = start_game("russian", "W:WK32:BK1", false, false, false, true);
    shuffle(&g, 10, 32, 28, 1, 5);
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    dr_game_free(&g);
}

static void test_english_claims(void **state)
{
    (void)state;
    dr_game g = start_game("english", "B:WK29:BK4", true, true, true, true);
    shuffle(&g, 8, 29, 25, 4, 8);
    /* the start position has occurred three times: a claim, not the end of the game */
    assert_true(dr_game_rule_holds(&g, DR_REASON_THREEFOLD));
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    shuffle(&g, 71, 29, 25, 4, 8);
    assert_false(dr_game_rule_holds(&g, DR_REASON_EN40));
    shuffle(&g, 1, 29, 25, 4, 8);
    assert_true(dr_game_rule_holds(&g, DR_REASON_EN40));   /* 80 plies = 40 moves each */
    assert_false(dr_game_rule_holds(&g, DR_REASON_MOVE25));
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    dr_game_free(&g);
}

static void test_italian_no_count(void **state)
{
    (void)state;
    dr_game g = start_game("italian", "W:WK29:BK4", true, true, true, true);
    shuffle(&g, 120, 29, 25, 4, 8);
    assert_true(dr_game_rule_holds(&g, DR_REASON_THREEFOLD));   /* a claim, as in English */
    expect(&g, DR_ONGOING, DR_REASON_NONE);
    dr_game_free(&g);
}

/* The descriptor ends a line at the variant's count: play a shuffle through it, with the
 * line's hashes made distinct so that repetition does not end it first. */
static void desc_line(const char *text, const char *const *moves, int nmoves, int plies, int *ended_at)
{
    const bo_game *G = &dr_game_desc;
    char pos[sizeof(dr_pos)], undo[sizeof(dr_pos)], err[160];
    bo_hist h;
    assert_int_equal(bo_hist_init(&h, 512), 0);
    assert_int_equal(G->from_text(pos, NULL, text, err, sizeof err), 0);
    bo_hist_push(&h, G->hash(pos), 0);
    *ended_at = -1;
    for (int i = 0; i < plies; i++) {
        bo_move m;
        if (G->move_from_text(pos, moves[i % nmoves], &m, err, sizeof err) != 0) fail_msg("%s: %s", moves[i % nmoves], err);
        G->play(pos, m, undo, &h);
        h.hash[h.n - 1] = UINT64_C(0x9E3779B97F4A7C15) * (uint64_t)(i + 1);   /* no repetition: count only */
        bo_result r = G->result(pos, &h);
        if (r.how != BO_END_NONE) { *ended_at = i + 1; break; }
    }
    bo_hist_free(&h);
}

static void test_descriptor_counts(void **state)
{
    (void)state;
    static const char *const w_first[] = {"32-28", "1-5", "28-32", "5-1"};
    static const char *const b_first[] = {"4-8", "29-25", "8-4", "25-29"};
    int at;
    desc_line("russian W:WK32:BK1", w_first, 4, 100, &at);
    assert_int_equal(at, 30);
    /* one king against one is Brazilian's 5-move ending (FMJD 6.5 on 8x8): 10 plies */
    desc_line("brazilian W:WK32:BK1", w_first, 4, 100, &at);
    assert_int_equal(at, 10);
    desc_line("brazilian W:WK32,K31:BK1,K2", w_first, 4, 100, &at);
    assert_int_equal(at, 40);
    desc_line("czech W:WK32:BK1", w_first, 4, 100, &at);
    assert_int_equal(at, 50);
    desc_line("english B:WK29:BK4", b_first, 4, 100, &at);
    assert_int_equal(at, 80);
}

/* The descriptor (the search's view of the rules) ends FMJD's small endings as the
 * record judge does: three kings against one after 16 moves each (32 plies), two
 * against one after 5 (10 plies), before the 25-move rule's 50 plies.  The kings
 * shuffle 46-41-46 and 1-6-1, out of each other's reach. */
static void test_descriptor_fmjd_endings(void **state)
{
    (void)state;
    static const char *const shuffle4[] = {"46-41", "1-6", "41-46", "6-1"};
    int at;
    desc_line("W:WK46,K48,K49:BK1", shuffle4, 4, 100, &at);
    assert_int_equal(at, 32);
    desc_line("W:WK46,K48:BK1", shuffle4, 4, 100, &at);
    assert_int_equal(at, 10);
    desc_line("W:WK46,48:BK1", shuffle4, 4, 100, &at);   /* a king and a man: 5 moves */
    assert_int_equal(at, 10);
    desc_line("W:WK46,K48,K49:BK1,K2", shuffle4, 4, 100, &at);   /* no small ending: 25 moves */
    assert_int_equal(at, 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_russian_15_moves),  cmocka_unit_test(test_russian_three_kings),
        cmocka_unit_test(test_russian_material),  cmocka_unit_test(test_brazilian),
        cmocka_unit_test(test_english_claims),    cmocka_unit_test(test_italian_no_count),
        cmocka_unit_test(test_descriptor_counts), cmocka_unit_test(test_descriptor_fmjd_endings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
