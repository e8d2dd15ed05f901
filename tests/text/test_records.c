/* test_records.c -- notation/common/records.h through two games' implementations
 * (Xiangqi, the line game): one read hands each game with its record, start, moves and
 * verdict together, the reader's warnings before the game they concern; a game kept
 * past the sink call (annotate's way) holds the same start, moves, verdict and path
 * after the text is gone; a verdict store keeps strings whole (no cut); a sink may stop
 * the read. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "record.h"
#include "records.h"
#include "xq_rec.h"
#include "yz_records.h"

/* What a read handed over, in order: 'w' a warning, 'g' a game. */
typedef struct seen {
    char order[64];
    int n, games, stop_after;
    int plies[16];
    bo_verdict_status status[16];
    bo_rec_game *kept[16];
    const bo_records *rs;
    const bo_game *g;
} seen;

static void on_warning(void *ctx, const bo_warning *w)
{
    seen *s = ctx;
    assert_non_null(w->message);
    if (s->n < 63) s->order[s->n++] = 'w';
}

static int on_game(void *ctx, const bo_rec_game *g)
{
    seen *s = ctx;
    assert_non_null(g->r);
    assert_non_null(g->v);
    assert_non_null(g->start);
    assert_int_equal(g->v->game, g->r->index);
    /* the moves handed over are the verdict's plies, each legal from the start */
    assert_int_equal(g->nmoves, g->v->moves);
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(pos, g->start, s->g->pos_size);
    for (int i = 0; i < g->nmoves; i++) {
        bo_move legal[BO_MOVES_MAX];
        int n = s->g->legal(pos, legal), found = 0;
        for (int k = 0; k < n; k++) found |= legal[k] == g->moves[i];
        assert_true(found);
        s->g->play(pos, g->moves[i], undo, NULL);
    }
    if (s->n < 63) s->order[s->n++] = 'g';
    if (s->games < 16) {
        s->plies[s->games] = g->nmoves;
        s->status[s->games] = g->v->status;
        s->kept[s->games] = s->rs ? bo_records_keep(s->rs, g) : NULL;
    }
    s->games++;
    return s->stop_after && s->games >= s->stop_after;
}

/* S ready for a read with RS (KEEP: each game kept). */
static void setup(seen *s, const bo_records *rs, bool keep)
{
    memset(s, 0, sizeof *s);
    s->g = bo_game_by_name(rs->name);
    assert_non_null(s->g);
    s->rs = keep ? rs : NULL;
}

/* Read TEXT (as file PATH) with RS into S: the read's return. */
static int do_read(const bo_records *rs, const char *path, const char *text, seen *s, char *err, size_t errlen)
{
    bo_text t;
    char e[256];
    assert_int_equal(bo_text_from_bytes(&t, path, (const unsigned char *)text, strlen(text), e, sizeof e), 0);
    bo_read_opts o;
    bo_read_opts_init(&o);
    bo_records_sink sink = {.game = on_game, .warning = on_warning, .ctx = s};
    int rc = rs->read(&o, &t, NULL, &sink, err, errlen);
    bo_text_free(&t);   /* kept games must not point into it */
    return rc;
}

static const char yz_text[] =
    "{[YZ][A F][B S][后手胜][2026.07.20][t][R1 normal];F(1,1,0);S(2,1,0)}\n"
    "{[YZ][C F][D S][先手胜][2026.07.20][t];F(1,1,0);S(1,1,0)}\n";   /* no rules field (a warning); point 1 is empty */

static void test_yizi_one_read(void **state)
{
    (void)state;
    seen s;
    char err[256] = "";
    setup(&s, &yz_records, false);
    assert_int_equal(do_read(&yz_records, "y.txt", yz_text, &s, err, sizeof err), 0);
    assert_int_equal(s.games, 2);
    assert_int_equal(s.status[1], BO_VERDICT_INVALID);
    /* every warning of game 2 (its missing rules field) comes before it, none after */
    assert_int_equal(s.order[s.n - 1], 'g');
    assert_non_null(strchr(s.order, 'w'));
}

static const char xq_text[] =
    "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n[FEN \"4k4/1R7/9/9/9/9/9/9/9/R2K5 w - - 0 1\"]\n\n"
    "1. 车九进九 {mate} 1-0\n\n"
    "[Game \"Chinese Chess\"]\n[Result \"*\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 *\n\n"
    "[Game \"Chinese Chess\"]\n[Result \"*\"]\n\n1. 车一进五 *\n";   /* through its own pawn */

static void test_xiangqi_keep(void **state)
{
    (void)state;
    seen s;
    char err[256] = "";
    setup(&s, &xq_rec, true);
    assert_int_equal(do_read(&xq_rec, "x.pgn", xq_text, &s, err, sizeof err), 0);
    assert_int_equal(s.games, 3);
    assert_int_equal(s.status[0], BO_VERDICT_OK);
    assert_int_equal(s.status[2], BO_VERDICT_INVALID);
    /* the kept games outlive the text: path, record, moves and verdict as handed over */
    for (int i = 0; i < 3; i++) {
        bo_rec_game *k = s.kept[i];
        assert_non_null(k);
        assert_string_equal(k->path, "x.pgn");
        assert_ptr_equal(k->v->file, k->path);
        assert_int_equal(k->r->index, i + 1);
        assert_int_equal(k->nmoves, s.plies[i]);
        assert_int_equal(k->v->status, s.status[i]);
        assert_non_null(k->priv);   /* Xiangqi's form (priv_size) */
    }
    assert_string_equal(s.kept[0]->r->moves[0].comment, "mate");
    assert_non_null(s.kept[2]->v->message);
    /* a kept game writes as the read one would (annotate writes it after the analysis) */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    bo_read_opts o;
    bo_read_opts_init(&o);
    assert_int_equal(xq_rec.write_game(&o, s.kept[1], f, err, sizeof err), 0);
    fclose(f);
    assert_non_null(strstr(buf, "炮二平五"));
    free(buf);
    for (int i = 0; i < 3; i++) bo_records_release(&xq_rec, s.kept[i]);
}

static void test_stop(void **state)
{
    (void)state;
    seen s;
    char err[256] = "";
    setup(&s, &xq_rec, false);
    s.stop_after = 1;
    assert_int_equal(do_read(&xq_rec, "x.pgn", xq_text, &s, err, sizeof err), 0);
    assert_int_equal(s.games, 1);
}

static void test_verdict_store_whole(void **state)
{
    (void)state;
    char msg[3000];
    memset(msg, 'm', sizeof msg - 1);
    msg[sizeof msg - 1] = 0;
    bo_verdict v;
    bo_verdict_init(&v, "f", 3);
    v.message = msg;
    v.kind = "illegal";
    v.players[1] = "黑方";
    bo_verdict_store st = {0};
    assert_int_equal(bo_verdict_store_set(&st, &v), 0);
    msg[0] = 'x';   /* the store owns its copy */
    assert_int_equal(strlen(st.v.message), sizeof msg - 1);
    assert_int_equal(st.v.message[0], 'm');
    assert_string_equal(st.v.kind, "illegal");
    assert_string_equal(st.v.players[1], "黑方");
    assert_null(st.v.players[0]);
    assert_int_equal(st.v.game, 3);
    v.message = "short";   /* reused for the next game */
    assert_int_equal(bo_verdict_store_set(&st, &v), 0);
    assert_string_equal(st.v.message, "short");
    bo_verdict_store_free(&st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_yizi_one_read),
        cmocka_unit_test(test_xiangqi_keep),
        cmocka_unit_test(test_stop),
        cmocka_unit_test(test_verdict_store_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
