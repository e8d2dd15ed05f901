/* pg_records.c -- peg solitaire's records interface (records.h, pg_records.h).
 *
 * The rule: a file is read once; pg_records_read judges each solution as it reads it
 * (pg_record.c), and the game goes to the caller with its verdict, its start (board,
 * pegs, goal) and its jumps in the descriptor's encoding.  The record handed on holds
 * no moves of its own (a solution's text is chains of jumps, not one move each).
 * Nothing here prints. */
#include "pg_records.h"

#include <stdio.h>
#include <string.h>

#include "pegs.h"
#include "pg_record.h"
#include "record.h"
#include "text_stream.h"

static int pg_sniff(const bo_text *t) { return pg_records_sniff(t->data, t->len); }

typedef struct rctx {
    const char *path;
    const bo_records_sink *sink;
    int stop;
} rctx;

/* G's verdict: solved or not, the board and goal as its event, a fault where found. */
static void verdict_of(const char *path, const pg_game_rec *g, bo_verdict *v, char *event, size_t en)
{
    bo_verdict_init(v, path, g->index);
    v->moves = g->jumps.n;
    v->result = g->solved ? "solved" : "*";
    v->ending = g->solved ? "solved" : NULL;
    const pg_board *b = pg_board_get(g->board);
    char goal[8] = "any";
    if (g->goal != PG_GOAL_ANY) pg_hole_name(b, g->goal, goal);
    snprintf(event, en, "%s, goal %s, %d moves", b->name, goal, g->moves);
    v->event = event;
    if (g->invalid) {
        v->status = BO_VERDICT_INVALID;
        v->line = g->err_line;
        v->col = g->err_col;
        v->move_no = g->err_move;
        v->side = "solver";
        v->move_text = g->err_text[0] ? g->err_text : NULL;
        v->kind = g->err_kind;
        v->message = g->message;
    }
}

/* One solution, judged by the reader: handed on with its start and jumps. */
static int on_game(void *ctx, const pg_game_rec *g)
{
    rctx *c = ctx;
    if (!c->sink->game) return 0;
    bo_verdict v;
    char event[128];
    verdict_of(c->path, g, &v, event, sizeof event);
    bo_record r;
    bo_record_init(&r, g->index, g->line);
    pg_pos start;
    pg_pos_set(&start, g->board, g->start, g->goal);
    bo_rec_game rec = {.path = c->path, .r = &r, .start = &start, .moves = g->jumps.jumps, .nmoves = g->jumps.n, .v = &v};
    c->stop = c->sink->game(c->sink->ctx, &rec);
    bo_record_free(&r);
    return c->stop;
}

static int pg_read(const bo_read_opts *o, const bo_text *t, void *across, const bo_records_sink *sink, char *err,
                   size_t errlen)
{
    (void)o, (void)across;
    rctx c = {.path = t->path, .sink = sink};
    return pg_records_read(t->data, t->len, on_game, &c, err, errlen) < 0 && !c.stop ? -1 : 0;
}

const bo_records pg_records = {
    .name = "pegs",
    .sniff = pg_sniff,
    .split = bo_split_records,   /* contest frames, SGF, PGN tags: validate streams */
    .read = pg_read,
};
