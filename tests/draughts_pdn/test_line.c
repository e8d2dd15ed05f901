/* test_line.c -- the main line the judge hands on with its verdict
 * (dr_validate_record_line): the start it played from (FEN, a set-up before the first
 * move, a '?' side settled by the first move), the moves in the descriptor's encoding
 * with their indices in the record, and a set-up after a move ending the line. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dr_pdn.h"
#include "dr_validate.h"
#include "game.h"

static void no_verdict(void *ctx, const bo_verdict *v)
{
    *(bo_verdict_status *)ctx = v->status;
}

static void no_warning(void *ctx, const bo_warning *w)
{
    (void)ctx;
    (void)w;
}

/* Judge the one game of SRC into L; the verdict's status is returned. */
static bo_verdict_status judge(const char *src, dr_line *l)
{
    dr_pdn_games gs;
    char err[128];
    assert_int_equal(dr_pdn_read_all(src, strlen(src), &gs, err, sizeof err), 0);
    assert_int_equal(gs.n, 1);
    bo_verdict_status st = BO_VERDICT_SKIPPED;
    bo_verdict_sink sink = {no_verdict, no_warning, &st};
    dr_validate_record_line(&gs.items[0].rec, "t.pdn", NULL, NULL, &sink, l);
    dr_pdn_games_free(&gs);
    return st;
}

/* The line's moves as the descriptor writes them, from its start, joined by spaces. */
static void line_text(const dr_line *l, char *out, size_t n)
{
    const bo_game *g = bo_game_by_name("draughts");
    assert_non_null(g);
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(pos, &l->start, sizeof l->start);
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < l->n; i++) {
        char mt[64];
        assert_int_equal(g->move_to_text(pos, l->moves[i], mt, sizeof mt), 0);
        len += (size_t)snprintf(out + len, n - len, "%s%s", i ? " " : "", mt);
        g->play(pos, l->moves[i], undo, NULL);
    }
}

static void line_of_a_plain_game(void **state)
{
    (void)state;
    dr_line l = {0};
    assert_int_equal(judge("1. 32-28 19-23 2. 28x19 14x23 *", &l), BO_VERDICT_OK);
    char t[256];
    line_text(&l, t, sizeof t);
    assert_string_equal(t, "32-28 19-23 28x19 14x23");
    for (int i = 0; i < 4; i++) assert_int_equal(l.index[i], i);
    assert_false(l.ended);
    char fen[DR_FEN_MAX];
    dr_pos_to_fen(&l.start, fen, sizeof fen);
    assert_string_equal(fen, "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20");
    free(l.moves);
    free(l.index);
}

/* A FEN whose side is '?': the first move says who moves, and the line starts so. */
static void unknown_side_settled_by_the_first_move(void **state)
{
    (void)state;
    dr_line l = {0};
    judge("[FEN \"?:W28:B19\"]\n1... 19-24 2. 28-22 *", &l);
    assert_int_equal(l.start.side, DR_BLACK);
    char t[256];
    line_text(&l, t, sizeof t);
    assert_string_equal(t, "19-24 28-22");
    free(l.moves);
    free(l.index);
}

/* A set-up before the first move is the start; one after a move ends the line, and
 * the indices skip what is not a move. */
static void setups_start_or_end_the_line(void **state)
{
    (void)state;
    dr_line l = {0};
    judge("/FEN \"W:W28:B19\"/ 1. 28-22 19-23 /FEN \"W:W40:B10\"/ 2. 40-35 *", &l);
    char t[256];
    line_text(&l, t, sizeof t);
    assert_string_equal(t, "28-22 19-23");
    assert_int_equal(l.index[0], 1);
    assert_int_equal(l.index[1], 2);
    assert_true(l.ended);
    char fen[DR_FEN_MAX];
    dr_pos_to_fen(&l.start, fen, sizeof fen);
    assert_string_equal(fen, "W:W28:B19");
    free(l.moves);
    free(l.index);
}

/* An illegal move ends the line where the judge stopped. */
static void line_stops_at_the_fault(void **state)
{
    (void)state;
    dr_line l = {0};
    assert_int_equal(judge("1. 32-28 19-23 2. 28-22 *", &l), BO_VERDICT_INVALID);
    assert_int_equal(l.n, 2);
    free(l.moves);
    free(l.index);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(line_of_a_plain_game),
        cmocka_unit_test(unknown_side_settled_by_the_first_move),
        cmocka_unit_test(setups_start_or_end_the_line),
        cmocka_unit_test(line_stops_at_the_fault),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
