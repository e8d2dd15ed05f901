/* test_writers.c -- what boyi writes, boyi reads (issue 7, item 4 a and b).
 *
 * (a) The contest frame has no escape: tag values holding ';' '{' '}' '[' ']'
 *     once broke the frame (the reader saw a second game or lost the moves).
 *     They are written full-width and read back as one game, the moves intact.
 * (b) WXF tandem pawns stacked on two files: the middle pawn of three was
 *     written 77.6, which a PGN reader takes for move number 77. It is written
 *     P7.6 (WXF rule I c) and both forms read back. Every legal move of the
 *     positions of the issue's game, written in WXF and read back through the
 *     PGN reader, is the same move. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "xq_notation.h"
#include "xqr_test_util.h"

/* The moves of game g of the text, replayed (ICCS names, space-separated). */
static void replay_names(const char *text, int g, int expect_games, char *out, size_t n)
{
    bo_record_list l;
    assert_int_equal(xqr_read_string(text, &l), 0);
    if (l.n != expect_games) fail_msg("%d games read, expected %d, from:\n%s", l.n, expect_games, text);
    xq_check c;
    bo_verdict v;
    xq_check_init(&c);
    assert_int_equal(xq_check_record(&c, "t", &l.items[g], NULL, &v), 0);
    if (v.status != BO_VERDICT_OK) fail_msg("game %d: %s: %s, from:\n%s", g + 1, v.kind, v.message, text);
    size_t k = 0;
    out[0] = 0;
    for (int i = 0; i < c.nmoves && k + 6 < n; i++) {
        char name[5];
        xq_move_name(c.moves[i], name);
        k += (size_t)snprintf(out + k, n - k, "%s%s", i ? " " : "", name);
    }
    xq_check_free(&c);
    bo_record_list_free(&l);
}

/* One game written with xq_record_write in fmt. */
static char *write_game(const char *text, xq_format fmt)
{
    bo_record_list l;
    assert_int_equal(xqr_read_string(text, &l), 0);
    xq_check c;
    bo_verdict v;
    xq_check_init(&c);
    assert_int_equal(xq_check_record(&c, "t", &l.items[0], NULL, &v), 0);
    char *buf = NULL, err[256];
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(xq_record_write(f, &l.items[0], &c.start, c.moves, c.nmoves, "*", fmt, NULL, err, sizeof err), 0);
    fclose(f);
    xq_check_free(&c);
    bo_record_list_free(&l);
    return buf;
}

static void contest_fields_with_frame_characters(void **state)
{
    (void)state;
    const char *src = "[Game \"Chinese Chess\"]\n[Red \"A;B {x}\"]\n[Black \"C]D[E\"]\n[Event \"Cup; round {3}\"]\n"
                      "[Site \"here}\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n";
    char want[256], got[256];
    replay_names(src, 0, 1, want, sizeof want);
    char *frame = write_game(src, XQ_FMT_CONTEST);
    /* one line, one frame: no raw ; { } ] in the header */
    const char *semi = strchr(frame, ';');
    assert_non_null(semi);
    for (const char *p = frame + 1; p < semi; p++)
        if (*p == '{' || *p == '}') fail_msg("frame character in the header: %s", frame);
    assert_non_null(strstr(frame, "[A；B ｛x｝ R]"));
    assert_non_null(strstr(frame, "[C］D［E B]"));
    assert_non_null(strstr(frame, "[Cup； round ｛3｝]"));
    replay_names(frame, 0, 1, got, sizeof got);
    assert_string_equal(got, want);
    /* two such frames in a file are two games */
    size_t fl = strlen(frame);
    char *two = malloc(2 * fl + 1);
    memcpy(two, frame, fl);
    memcpy(two + fl, frame, fl + 1);
    replay_names(two, 1, 2, got, sizeof got);
    assert_string_equal(got, want);
    free(two);
    free(frame);
    /* what the old writer wrote (raw ; { } in the fields) reads back too */
    const char *old = "{[XQ][A;B {x} R][C B][*][here}][Cup; round {3}];1.炮二平五 马８进７;2.马二进三 车９平８}\n"
                      "{[XQ][E R][F B][*][][];1.炮二平五 马８进７}\n";
    replay_names(old, 0, 2, got, sizeof got);
    assert_string_equal(got, want);
    bo_record_list l;
    assert_int_equal(xqr_read_string(old, &l), 0);
    assert_string_equal(bo_record_tag(&l.items[0], "Red"), "A;B {x}");
    assert_string_equal(bo_record_tag(&l.items[0], "Event"), "Cup; round {3}");
    assert_int_equal(l.items[0].errors, 0);
    bo_record_list_free(&l);
}

#define ISSUE_FEN "4k4/9/4P4/3PP1p2/3P5/6p2/4P1p2/6p2/6p2/4K4 w - - 0 1"

static void wxf_middle_pawn_of_three(void **state)
{
    (void)state;
    const char *src = "[FEN \"" ISSUE_FEN "\"]\n1. e7-e8 e9-f9 2. e3-e4 g2-f2 3. d6-d7 g3-f3 4. d7-e7 g4-f4 *\n";
    char want[256], got[256];
    replay_names(src, 0, 1, want, sizeof want);
    assert_string_equal(want, "e7e8 e9f9 e3e4 g2f2 d6d7 g3f3 d7e7 g4f4");
    char *wxf = write_game(src, XQ_FMT_WXF);
    assert_non_null(strstr(wxf, "4. 6+.5 P7.6 *"));   /* black's middle pawn of three on file 7 */
    assert_null(strstr(wxf, "77.6"));
    replay_names(wxf, 0, 1, got, sizeof got);
    assert_string_equal(got, want);
    free(wxf);
    /* WXF rule IV's own form reads too */
    replay_names("[Format \"WXF\"]\n[FEN \"" ISSUE_FEN "\"]\n1. 5++1 K5.6 2. 5-+1 P+.6 3. 6++1 P+.6 4. 6+.5 77.6 *\n",
                 0, 1, got, sizeof got);
    assert_string_equal(got, want);
}

/* Every legal move of every position of the issue's game (and of the same
 * pawns with black to move), written in WXF as a one-move PGN game and read
 * back through the PGN reader, is the move. */
static void wxf_every_move_reads_back(void **state)
{
    (void)state;
    const char *iccs[] = {"e7e8", "e9f9", "e3e4", "g2f2", "d6d7", "g3f3", "d7e7", "g4f4"};
    xq_pos p;
    char err[256];
    assert_int_equal(xq_pos_from_fen(&p, ISSUE_FEN, err, sizeof err), 0);
    int checked = 0;
    for (int ply = 0; ply <= 8; ply++) {
        for (int side = 0; side < 2; side++) {
            xq_pos q = p;
            q.side = side ? XQ_BLACK : XQ_RED;
            char fen[128];
            xq_pos_to_fen(&q, fen, sizeof fen);
            if (xq_pos_from_fen(&q, fen, err, sizeof err) != 0) continue;   /* the side not to move in check */
            xq_move list[XQ_MAX_MOVES];
            int n = xq_gen_legal(&q, list);
            for (int i = 0; i < n; i++) {
                char mv[XQ_MOVE_TEXT_MAX], text[512], got[64], want[5];
                assert_int_equal(xq_write_move(&q, list[i], XQ_NOTE_WXF, mv, sizeof mv), 0);
                snprintf(text, sizeof text, "[Format \"WXF\"]\n[FEN \"%s\"]\n1.%s %s *\n", fen,
                         q.side == XQ_BLACK ? ".." : "", mv);
                replay_names(text, 0, 1, got, sizeof got);
                xq_move_name(list[i], want);
                if (strcmp(got, want) != 0) fail_msg("%s: WXF %s read back as %s, not %s", fen, mv, got, want);
                checked++;
            }
        }
        if (ply < 8) {
            xq_move m;
            assert_int_equal(xq_parse_move(&p, iccs[ply], 4, XQ_NOTE_AUTO, &m, NULL, err, sizeof err), 0);
            xq_undo u;
            xq_make(&p, m, &u);
        }
    }
    assert_true(checked > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(contest_fields_with_frame_characters),
        cmocka_unit_test(wxf_middle_pawn_of_three),
        cmocka_unit_test(wxf_every_move_reads_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
