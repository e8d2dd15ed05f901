/* test_roundtrip.c -- every legal move, in many positions, written in each
 * notation and read back (with the notation given and auto-detected) must be
 * the same move, and no two legal moves may be written alike. Positions: the
 * start, every position of the xqdb games and of 30 hu-ronghua games, and
 * tricky ones with tandem pieces, 3, 4 and 5 pawns on a file and pawns stacked
 * on two files - for red and, rotated, for black. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq_notation.h"
#include "xqn_test_util.h"

static const xq_notation all_nt[] = {XQ_NOTE_CHINESE, XQ_NOTE_WXF, XQ_NOTE_ICCS, XQ_NOTE_UCI};

/* Round-trip all legal moves of p; returns the number checked. */
static int roundtrip_position(const xq_pos *p)
{
    xq_move mv[XQ_MAX_MOVES];
    int n = xq_gen_legal(p, mv);
    static char texts[4][XQ_MAX_MOVES][XQ_MOVE_TEXT_MAX];
    for (int t = 0; t < 4; t++) {
        for (int i = 0; i < n; i++) {
            char *buf = texts[t][i];
            char err[256];
            if (xq_write_move(p, mv[i], all_nt[t], buf, XQ_MOVE_TEXT_MAX) != 0) {
                char fen[128];
                xq_pos_to_fen(p, fen, sizeof fen);
                fail_msg("cannot write %s move %d in %s", fen, mv[i], xq_notation_name(all_nt[t]));
            }
            xq_move back = 0;
            xq_notation d;
            int rc = xq_parse_move(p, buf, strlen(buf), all_nt[t], &back, &d, err, sizeof err);
            int rc2 = xq_parse_move(p, buf, strlen(buf), XQ_NOTE_AUTO, &back, &d, err, sizeof err);
            if (rc != 0 || rc2 != 0 || back != mv[i] || d != all_nt[t]) {
                char fen[128], name[5];
                xq_pos_to_fen(p, fen, sizeof fen);
                xq_move_name(mv[i], name);
                fail_msg("%s: %s written as %s (%s) reads back as %d: %s", fen, name, buf,
                         xq_notation_name(all_nt[t]), back, rc2 ? err : "(other move)");
            }
            for (int j = 0; j < i; j++)
                if (strcmp(texts[t][j], buf) == 0) {
                    char fen[128];
                    xq_pos_to_fen(p, fen, sizeof fen);
                    fail_msg("%s: two moves both written %s", fen, buf);
                }
        }
    }
    return n;
}

/* The same position with colours swapped and the board turned round: black's view of it. */
static void rotate(const xq_pos *p, xq_pos *out)
{
    uint8_t b[XQ_SQUARES];
    for (int sq = 0; sq < XQ_SQUARES; sq++) {
        uint8_t pc = p->sq[sq];
        b[89 - sq] = pc ? XQ_PIECE(1 - XQ_SIDE(pc), XQ_KIND(pc)) : 0;
    }
    char err[256];
    assert_int_equal(xq_pos_set(out, b, (xq_side)(1 - p->side), 0, 1, err, sizeof err), 0);
}

/* Tandem chariots, horses and cannons, two advisors and two elephants on one
 * file; 3+2 pawns on two files; 5 and 4 pawns on one file; 2+2 pawns for both
 * sides (to move either way). */
static const char *const tricky[] = {
    "3k5/9/1H7/2R3C2/1H4C2/2B6/2R6/3A5/9/2BAK4 w - - 0 1",
    "4k4/9/2P6/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1",
    "3k1P3/5P3/5P3/5P3/5P3/9/9/9/9/4K4 w - - 0 1",
    "3k5/5P3/5P3/5P3/5P3/9/P8/9/9/4K4 w - - 0 1",
    "3k5/9/6P2/p1P3P2/2P6/1p7/1p2P4/7p1/7p1/4K4 w - - 0 1",
    "3k5/9/6P2/p1P3P2/2P6/1p7/1p2P4/7p1/7p1/4K4 b - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
};

static void tricky_positions_roundtrip(void **state)
{
    (void)state;
    int moves = 0;
    for (size_t i = 0; i < sizeof tricky / sizeof tricky[0]; i++) {
        xq_pos p, r;
        char err[256];
        if (xq_pos_from_fen(&p, tricky[i], err, sizeof err) != 0) fail_msg("%s: %s", tricky[i], err);
        moves += roundtrip_position(&p);
        rotate(&p, &r);
        moves += roundtrip_position(&r);
    }
    print_message("tricky positions: %d moves round-tripped\n", moves);
    assert_true(moves > 200);
}

/* The tandem markers the writer uses in the tricky positions are the 1999 /
 * WXF ones (spot checks of form, not of squares). */
static void tandem_forms_are_written(void **state)
{
    (void)state;
    struct { int fen; const char *prefix; xq_notation nt; } want[] = {
        {0, "前车", XQ_NOTE_CHINESE}, {0, "后马", XQ_NOTE_CHINESE}, {0, "前炮", XQ_NOTE_CHINESE},
        {0, "+R", XQ_NOTE_WXF}, {0, "-C", XQ_NOTE_WXF},
        {1, "前七", XQ_NOTE_CHINESE}, {1, "中七", XQ_NOTE_CHINESE}, {1, "后三", XQ_NOTE_CHINESE},
        {1, "P7.", XQ_NOTE_WXF}, {1, "3-", XQ_NOTE_WXF},
        {2, "一兵", XQ_NOTE_CHINESE}, {2, "五兵", XQ_NOTE_CHINESE}, {2, "++", XQ_NOTE_WXF},
        {2, "--", XQ_NOTE_WXF}, {2, "P4", XQ_NOTE_WXF}, {2, "P+", XQ_NOTE_WXF},
        {3, "四兵", XQ_NOTE_CHINESE}, {3, "P-", XQ_NOTE_WXF},
        {5, "前２", XQ_NOTE_CHINESE}, {5, "后８", XQ_NOTE_CHINESE}, {5, "2+", XQ_NOTE_WXF},
    };
    for (size_t w = 0; w < sizeof want / sizeof want[0]; w++) {
        xq_pos p;
        char err[256];
        assert_int_equal(xq_pos_from_fen(&p, tricky[want[w].fen], err, sizeof err), 0);
        xq_move mv[XQ_MAX_MOVES];
        int n = xq_gen_legal(&p, mv), found = 0;
        for (int i = 0; i < n; i++) {
            char buf[XQ_MOVE_TEXT_MAX];
            assert_int_equal(xq_write_move(&p, mv[i], want[w].nt, buf, sizeof buf), 0);
            found += strncmp(buf, want[w].prefix, strlen(want[w].prefix)) == 0;
        }
        if (!found) fail_msg("no move of %s is written %s...", tricky[want[w].fen], want[w].prefix);
    }
}

/* Every position of some real games. */
static int roundtrip_games(const char *file, int max_games)
{
    char path[512];
    snprintf(path, sizeof path, XQN_CORPUS "%s", file);
    char *txt = xqn_read_text(path);
    assert_non_null(txt);
    xqn_game *g = calloc((size_t)max_games, sizeof *g);
    assert_non_null(g);
    int n = xqn_split_games(txt, g, max_games), moves = 0;
    for (int i = 0; i < n; i++) {
        xq_pos p;
        xq_pos_start(&p);
        for (int k = 0; k < g[i].ntok; k++) {
            moves += roundtrip_position(&p);
            xq_move m;
            char err[256];
            assert_int_equal(xq_parse_move(&p, g[i].tok[k], strlen(g[i].tok[k]), XQ_NOTE_AUTO, &m, NULL, err, sizeof err), 0);
            assert_true(xq_is_legal(&p, m));
            xq_undo u;
            xq_make(&p, m, &u);
        }
        xq_pos r;
        rotate(&p, &r);
        moves += roundtrip_position(&r);
    }
    free(g);
    free(txt);
    return moves;
}

static void game_positions_roundtrip(void **state)
{
    (void)state;
    int a = roundtrip_games("bulk_games_uci.pgn", 20);
    int b = roundtrip_games("hu-ronghua-1391-iccs.pgn", 30);
    print_message("game positions: %d + %d moves round-tripped\n", a, b);
    assert_true(a + b > 50000);
}

/* Moves the writer must refuse: empty square, the other side's piece, tiny buffer. */
static void writer_refuses_bad_input(void **state)
{
    (void)state;
    xq_pos p;
    xq_pos_start(&p);
    char buf[XQ_MOVE_TEXT_MAX];
    int e3 = xq_square_parse("e3"), e4 = xq_square_parse("e4"), e5 = xq_square_parse("e5");
    int e6 = xq_square_parse("e6"), h2 = xq_square_parse("h2"), e2 = xq_square_parse("e2");
    assert_int_equal(xq_write_move(&p, XQ_MOVE(e4, e5), XQ_NOTE_CHINESE, buf, sizeof buf), -1);
    assert_string_equal(buf, "");
    assert_int_equal(xq_write_move(&p, XQ_MOVE(e6, e5), XQ_NOTE_WXF, buf, sizeof buf), -1);
    assert_int_equal(xq_write_move(&p, XQ_MOVE(h2, e2), XQ_NOTE_CHINESE, buf, 5), -1);
    assert_int_equal(xq_write_move(&p, XQ_MOVE(h2, e2), XQ_NOTE_AUTO, buf, sizeof buf), -1);
    assert_int_equal(xq_write_move(&p, XQ_MOVE(e3, e4), XQ_NOTE_ICCS, buf, 5), -1);
    assert_int_equal(xq_write_move(&p, XQ_MOVE(e3, e4), XQ_NOTE_ICCS, buf, 6), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tricky_positions_roundtrip),
        cmocka_unit_test(tandem_forms_are_written),
        cmocka_unit_test(game_positions_roundtrip),
        cmocka_unit_test(writer_refuses_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
