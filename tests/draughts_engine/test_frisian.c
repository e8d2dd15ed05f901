/* test_frisian.c - Frisian draughts (PDN GameType 40) against published perft counts
 * and hand-derived rule cases.
 *
 * Perft from the start (white first): the "Perft for all recognized draughts
 * variants" thread of the FMJD forum (damforum.nl/bb3/viewtopic.php?f=53&t=2822), as
 * collected in rhalbersma/dctl test/src/algo/traversal/initial/board_10x10.cpp, both
 * conventions (duplicate captures removed / kept).
 * Squares: the international numbering, 1..5 on the top row (black's side); square s
 * is on row r = (s-1)/5 (0 at the top), file 2*((s-1)%5) + (r even ? 1 : 0) (a = 0).
 * Each rule case below says why the expected moves are the only legal ones. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "draughts.h"
#include "dr_internal.h"
#include "game.h"

extern const bo_game dr_game_desc;

static void read_pos(dr_pos *p, const char *fen)
{
    char err[160];
    if (dr_pos_from_fen(p, fen, NULL, err, sizeof err) != 0 || dr_pos_set_variant(p, DR_FRISIAN, err, sizeof err) != 0)
        fail_msg("%s: %s", fen, err);
}

/* The legal moves as "from-to" / "fromxto" joined by spaces, in generation order. */
static const char *moves_text(const dr_pos *p, char *buf, size_t n)
{
    dr_move m[DR_MAX_MOVES];
    int k = dr_gen_moves(p, m);
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < k && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%d%c%d", i ? " " : "", m[i].from, m[i].ncaptured ? 'x' : '-', m[i].to);
    return buf;
}

static void expect_moves(const char *fen, const char *want)
{
    dr_pos p;
    char buf[2048];
    read_pos(&p, fen);
    moves_text(&p, buf, sizeof buf);
    if (strcmp(buf, want) != 0) fail_msg("%s: got '%s', want '%s'", fen, buf, want);
}

static void test_start_perft(void **state)
{
    (void)state;
    static const uint64_t drop[] = {9, 81, 658, 3874, 21265, 102431, 540126};
    static const uint64_t keep[] = {9, 81, 658, 3880, 21345, 103584, 550314};
    dr_pos p;
    dr_pos_start_variant(&p, DR_FRISIAN, dr_variant_first(DR_FRISIAN));
    assert_int_equal(p.side, DR_WHITE);
    for (int d = 1; d <= 7; d++) {
        assert_int_equal(dr_perft_ex(&p, d, 0), drop[d - 1]);
        if (d <= 6) assert_int_equal(dr_perft_ex(&p, d, DR_PERFT_KEEP_DUPLICATES), keep[d - 1]);
    }
}

/* The neighbour table against coordinates computed here from the numbering. */
static int square_at(int r, int f)
{
    if (r < 0 || r > 9 || f < 0 || f > 9 || (r + f) % 2 == 0) return 0;
    return 5 * r + f / 2 + 1;
}

static void test_geometry(void **state)
{
    (void)state;
    /* A man on 28 captures orthogonally over the next dark square of its row or file:
     * 28 is e5 (row 5, file 4); 27 is c5, 26 a5; 18 is e7, 8 e9; 38 e3, 48 e1. */
    assert_int_equal(square_at(5, 4), 28);
    expect_moves("W:W28:B27", "28x26");   /* sideways */
    expect_moves("W:W28:B18", "28x8");    /* straight forward */
    expect_moves("W:W28:B38", "28x48");   /* straight backward */
    expect_moves("W:W28:B29", "28x30");   /* 29 is g5, 30 i5 */
    expect_moves("W:W26:B27,28,36", "26x46");   /* 28 behind 27 is taken: only down over 36 */
    for (int s = 1; s <= 50; s++) {
        int r = (s - 1) / 5, f = 2 * ((s - 1) % 5) + (r % 2 == 0 ? 1 : 0);
        static const int dr[8] = {-1, -1, 1, 1, -2, 2, 0, 0}, df[8] = {-1, 1, -1, 1, 0, 0, -2, 2};
        for (int d = 0; d < 8; d++) assert_int_equal(dri_fr_step(s, d), square_at(r + dr[d], f + df[d]));
    }
}

/* One king against one man: the king is worth more.  White man 28 can take the king on
 * 22 (up-left, landing 17) or the man on 23 (up-right, landing 19); neither goes on. */
static void test_value_king_over_man(void **state)
{
    (void)state;
    expect_moves("W:W28:BK22,23", "28x17");
}

/* Two men against one king: two men are worth more (a king counts just under two).
 * As above, and from 19 the man goes on over 14 to 10: 28x19x10 takes 23 and 14. */
static void test_value_two_men_over_king(void **state)
{
    (void)state;
    expect_moves("W:W28:BK22,23,14", "28x10");
}

/* Two kings against three men: the kings are worth more (2 kings = 4 men less a bit).
 * White man 46 (a1): up-right over the king on 41 to 37, then over the king on 32 to
 * 28 (nothing more from 28); or right over 47 to 48, right over 49 to 50, up over 40 to
 * 30 (three men; nothing more from 30). */
static void test_value_two_kings_over_three_men(void **state)
{
    (void)state;
    expect_moves("W:W46:BK41,K32,47,49,40", "46x28");
}

/* Equal value: the king must capture.  The white king on 50 takes 40 straight up and
 * lands on 30, 20 or 10 (none goes on: 23 is shielded by the white man on 28); the man
 * on 28 could take 23 (-> 19), also one man: not allowed. */
static void test_equal_value_king_first(void **state)
{
    (void)state;
    expect_moves("W:WK50,28:B23,40", "50x10 50x20 50x30");
}

/* A man passing the far row during a capture stays a man: 12 takes 7 landing on 1,
 * then 11 straight down to 21; the move ends on 21 uncrowned. */
static void test_no_crowning_midway(void **state)
{
    (void)state;
    dr_pos p;
    dr_move m[DR_MAX_MOVES];
    read_pos(&p, "W:W12:B7,11");
    assert_int_equal(dr_gen_moves(&p, m), 1);
    assert_int_equal(m[0].to, 21);
    assert_int_equal(m[0].ncaptured, 2);
    assert_int_equal(m[0].promotes, 0);
    uint8_t path[DR_MAX_PATH];
    assert_int_equal(dr_move_path(&p, &m[0], path), 2);
    assert_int_equal(path[0], 1);
    assert_int_equal(path[1], 21);
}

/* Play the plain move FROM-TO in P (it must be legal). */
static void play(dr_pos *p, int from, int to)
{
    dr_move m;
    if (dr_find_move(p, from, to, 0, &m) < 0) {
        char buf[2048];
        fail_msg("%d-%d is not legal; legal: %s", from, to, moves_text(p, buf, sizeof buf));
    }
    dr_make(p, &m);
    assert_true(p->hash == dr_pos_hash(p));
}

static bool can_move(const dr_pos *p, int from)
{
    dr_move m[DR_MAX_MOVES];
    int n = dr_gen_moves(p, m);
    for (int i = 0; i < n; i++)
        if (m[i].from == from) return true;
    return false;
}

/* With men on the board, one king makes at most three plain moves in a row; a man
 * move, another king's move or a capture frees it.  Black shuffles a king far away. */
static void test_king_three_moves(void **state)
{
    (void)state;
    dr_pos p;
    read_pos(&p, "W:WK46,K50,35:BK1");
    play(&p, 46, 37); play(&p, 1, 7);
    play(&p, 37, 46); play(&p, 7, 1);
    play(&p, 46, 41); play(&p, 1, 7);
    assert_false(can_move(&p, 41));        /* three moves made */
    assert_true(can_move(&p, 50));
    char err[160];
    assert_int_equal(dr_illegal_reason(&p, 41, 37, false, err, sizeof err) != NULL, 1);
    assert_non_null(strstr(err, "three moves"));
    play(&p, 50, 44); play(&p, 7, 1);      /* another king moves: 41 is free again */
    assert_true(can_move(&p, 41));
    play(&p, 44, 50); play(&p, 1, 7);
    play(&p, 50, 44); play(&p, 7, 1);
    assert_false(can_move(&p, 44));        /* the king on 44 (was 50) has three */
    play(&p, 35, 30); play(&p, 1, 7);      /* a man move frees it */
    assert_true(can_move(&p, 44));
    /* Black has no man: its king on 7 has moved eight times in a row, unrestricted. */
    assert_true(can_move(&p, 7) || p.side == DR_WHITE);
}

/* Only kings: no limit.  A king whose three moves are used up may still capture. */
static void test_king_limit_exceptions(void **state)
{
    (void)state;
    dr_pos p;
    read_pos(&p, "W:WK46,K50:B5");
    p.fr_king[DR_WHITE] = 46 | 3 << 6;
    p.hash = dr_pos_hash(&p);
    assert_true(can_move(&p, 46));
    read_pos(&p, "W:WK46,35:B41");
    p.fr_king[DR_WHITE] = 46 | 3 << 6;
    p.hash = dr_pos_hash(&p);
    assert_true(can_move(&p, 46));        /* 46x37 ... compulsory capture */
    read_pos(&p, "W:WK46,33:B5");
    p.fr_king[DR_WHITE] = 46 | 3 << 6;
    p.hash = dr_pos_hash(&p);
    char buf[2048];
    assert_string_equal(moves_text(&p, buf, sizeof buf), "33-28 33-29");
}

/* The descriptor: the counts travel in the position text; kings-only endings draw. */
static void test_descriptor(void **state)
{
    (void)state;
    const bo_game *g = &dr_game_desc;
    dr_pos p, q;
    char err[200], text[512];
    assert_int_equal(g->from_text(&p, NULL, "frisian W:WK46,33:B5 count W46=3", err, sizeof err), 0);
    assert_int_equal(p.fr_king[DR_WHITE], 46 | 3 << 6);
    g->to_text(&p, text, sizeof text);
    assert_string_equal(text, "frisian W:W33,K46:B5 count W46=3");
    assert_int_equal(g->from_text(&q, NULL, text, err, sizeof err), 0);
    assert_true(q.hash == p.hash);
    assert_int_equal(g->from_text(&q, NULL, "frisian W:W33,K46:B5 count W33=1", err, sizeof err), -1);
    assert_int_equal(g->from_text(&q, NULL, "english W:W21:B5 count W21=1", err, sizeof err), -1);

    /* Two kings against one: draw after 7 moves each (14 plies) from the position
     * where it began.  Kings on 46, 50 against 5: each side shuffles. */
    bo_hist h;
    assert_int_equal(bo_hist_init(&h, 64), 0);
    assert_int_equal(g->from_text(&p, NULL, "frisian W:WK46,K50:BK5", err, sizeof err), 0);
    bo_hist_reset(&h, p.hash);
    static const int line[][2] = {{46, 37}, {5, 10}, {50, 44}, {10, 4}, {37, 46}, {4, 10}, {44, 50}, {10, 5},
                                  {46, 41}, {5, 10}, {50, 45}, {10, 4}, {41, 46}};
    for (size_t i = 0; i < sizeof line / sizeof line[0]; i++) {
        bo_result r = g->result(&p, &h);
        assert_int_equal(r.how, BO_END_NONE);
        bo_move m = (bo_move)line[i][0] | (bo_move)line[i][1] << 6;
        unsigned char undo[sizeof(dr_pos)];
        g->play(&p, m, undo, &h);
    }
    assert_int_equal(g->result(&p, &h).how, BO_END_NONE);   /* 13 plies */
    unsigned char undo[sizeof(dr_pos)];
    g->play(&p, (bo_move)4 | (bo_move)10 << 6, undo, &h);
    assert_int_equal(g->result(&p, &h).how, BO_END_RULE_LIMIT);
    bo_hist_free(&h);
}

/* The record judge's game: one king against one draws after 2 moves each (4 plies)
 * when the endings rules are on.  White 46-41-46, black 4-9-4: no capture on the way
 * (46/41 and 4/9 share no line with a free square behind). */
static void test_game_endings(void **state)
{
    (void)state;
    dr_rules r;
    char err[160];
    dr_rules_default(&r);
    assert_int_equal(dr_rules_by_name(&r, "frisian", err, sizeof err), 0);
    r.move5 = true;
    dr_pos p;
    read_pos(&p, "W:WK46:BK4");
    dr_game g;
    assert_int_equal(dr_game_init(&g, &r, &p, err, sizeof err), 0);
    static const int line[4][2] = {{46, 41}, {4, 9}, {41, 46}, {9, 4}};
    dr_reason why;
    for (int i = 0; i < 4; i++) {
        assert_int_equal(dr_game_outcome(&g, &why), DR_ONGOING);
        dr_move m;
        assert_true(dr_find_move(dr_game_pos(&g), line[i][0], line[i][1], 0, &m) >= 0);
        assert_int_equal(dr_game_play(&g, &m, err, sizeof err), 0);
    }
    assert_int_equal(dr_game_outcome(&g, &why), DR_DRAW);
    assert_int_equal(why, DR_REASON_FRISIAN_1V1);
    r.move5 = false;
    g.rules = r;
    assert_int_equal(dr_game_outcome(&g, &why), DR_ONGOING);
    dr_game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_perft),
        cmocka_unit_test(test_geometry),
        cmocka_unit_test(test_value_king_over_man),
        cmocka_unit_test(test_value_two_men_over_king),
        cmocka_unit_test(test_value_two_kings_over_three_men),
        cmocka_unit_test(test_equal_value_king_first),
        cmocka_unit_test(test_no_crowning_midway),
        cmocka_unit_test(test_king_three_moves),
        cmocka_unit_test(test_king_limit_exceptions),
        cmocka_unit_test(test_descriptor),
        cmocka_unit_test(test_game_endings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
