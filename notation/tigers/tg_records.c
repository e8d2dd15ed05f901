/* tg_records.c -- Two Tigers' records interface (records.h, tg_records.h).
 *
 * The rule: a file is read once; each record goes to the judge (tg_validate.c), whose
 * warnings pass on as they come and whose verdict is kept (with the --strict result
 * policy, claim_sink.h) while the main line is replayed to its first fault; then the
 * record, its start, the legal moves and the verdict go to the caller together.
 * Nothing here prints. */
#include "tg_records.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "claim_sink.h"
#include "core.h"
#include "result_policy.h"
#include "text_stream.h"
#include "tg_record.h"
#include "tigers.h"

/* Text whose first frame is a Two Tigers record. */
static int tg_sniff(const bo_text *t)
{
    if (t->encoding == BO_ENC_BINARY) return 0;
    return tg_record_sniff(t->data, t->len);
}

typedef struct rctx {
    const bo_records_sink *sink;
    bo_verdict_store v;      /* the judge's verdict of the game being read */
} rctx;

/* The judge's verdict, kept while the replay finishes. */
static void keep_verdict(void *ctx, const bo_verdict *v)
{
    rctx *c = ctx;
    bo_verdict_store_set(&c->v, v);
}

/* The judge's warnings go on at once, ahead of the game. */
static void pass_warning(void *ctx, const bo_warning *w)
{
    rctx *c = ctx;
    if (c->sink->warning) c->sink->warning(c->sink->ctx, w);
}

/* R's main line from its start up to the first move that does not read or is not
 * legal, into MOVES (room for every move); the count.  A record that did not parse,
 * or whose start is no position, is replayed from the standard start with no move. */
static int replay(const bo_record *r, const char *rules, tg_pos *start, uint32_t *moves)
{
    char e[256];
    int n = 0;
    if (r->errors != 0 || tg_record_start(r, rules, start, e, sizeof e) != 0) {
        tg_start(start);
        return 0;
    }
    tg_pos p = *start;
    for (; n < r->nmoves; n++) {
        tg_undo u;
        if (tg_move_from_text(&p, r->moves[n].text, &moves[n], e, sizeof e) != 0) break;
        tg_play(&p, moves[n], &u);
    }
    return n;
}

/* Every game of the text: judged, replayed, handed on. */
static int tg_read(const bo_read_opts *o, const bo_text *t, void *across, const bo_records_sink *sink, char *err,
                   size_t errlen)
{
    (void)across;
    if (t->encoding == BO_ENC_BINARY)
        return snprintf(err, errlen, "line 1, column 1: this is not text: no Two Tigers record"), -1;
    bo_record_list l = {0};
    if (tg_record_read(t, &l, err, errlen) != 0) {
        char why[300];
        snprintf(why, sizeof why, "%s", err);
        snprintf(err, errlen, "line 1, column 1: %s", why);
        bo_record_list_free(&l);
        return -1;
    }
    rctx c = {.sink = sink};
    bo_verdict_sink inner = {keep_verdict, pass_warning, &c};
    int rc = 0;
    for (int k = 0; k < l.n; k++) {
        bo_record *r = &l.items[k];
        bo_claim_sink cs;   /* the result policy's fault under --strict */
        bo_claim_sink_init(&cs, &inner, o->strict);
        tg_validate_record(r, t->path, o->rules, &cs.sink);
        if (!sink->game) continue;
        uint32_t *moves = malloc(((size_t)r->nmoves + 1) * sizeof *moves);
        if (!moves) { rc = bo_fail(err, errlen, "out of memory"); break; }
        tg_pos start;
        int n = replay(r, o->rules, &start, moves);
        bo_rec_game g = {.path = t->path, .r = r, .start = &start, .moves = moves, .nmoves = n, .v = &c.v.v};
        int stop = sink->game(sink->ctx, &g);
        free(moves);
        if (stop) break;
    }
    bo_verdict_store_free(&c.v);
    bo_record_list_free(&l);
    return rc;
}

/* The contest record again, each move's comment after it. */
static int tg_write_game(const bo_read_opts *o, const bo_rec_game *g, FILE *out, char *err, size_t errlen)
{
    (void)o;
    const bo_record *r = g->r;
    const char *ti = bo_record_tag(r, "Tigers"), *dg = bo_record_tag(r, "Dogs");
    const char *date = bo_record_tag(r, "Date"), *ev = bo_record_tag(r, "Event");
    fprintf(out, "{[TG][%s][%s][%s][%s][%s]", ti ? ti : "?", dg ? dg : "?", r->result ? r->result : "?",
            date ? date : "?", ev ? ev : "?");
    if (r->fen) fprintf(out, "[FEN %s]", r->fen);
    tg_pos p = *(const tg_pos *)g->start;
    for (int i = 0; i < g->nmoves; i++) {
        char mt[32];
        tg_undo u;
        tg_move_to_text(&p, g->moves[i], mt, sizeof mt);
        fprintf(out, "%s%s", i % 10 == 0 ? ";\n" : ";", mt);
        const char *c = r->moves[i].comment;
        if (c) fprintf(out, " %s", c);
        tg_play(&p, g->moves[i], &u);
    }
    fprintf(out, "}\n");
    if (ferror(out)) { snprintf(err, errlen, "write error"); return -1; }
    return 0;
}

/* A game boyi played as a contest record. */
static int tg_write_played(const bo_read_opts *o, const bo_played *p, FILE *out, char *err, size_t errlen)
{
    (void)o;
    /* a win off the board says why, in the contest's words (result_policy.h) */
    bo_reason why = p->score_first == 0.5 ? BO_REASON_NONE : bo_reason_from_text(p->termination);
    char result[64];
    snprintf(result, sizeof result, "%s%s%s%s", p->score_first == 1.0 ? "先手胜" : p->score_first == 0.0 ? "后手胜" : "平局",
             why ? "(" : "", why ? bo_reason_contest_word(why) : "", why ? ")" : "");
    tg_pos std;
    tg_start(&std);
    bool standard = memcmp(&std, p->start, sizeof std) == 0;
    char ev[256];
    snprintf(ev, sizeof ev, "%s, game %ld, %s", p->event ? p->event : "boyi", p->round,
             p->termination ? p->termination : "");
    if (tg_record_write(out, p->first_name, p->second_name, result, "-", ev, p->start, standard, p->moves, p->nmoves)
        != 0) {
        snprintf(err, errlen, "write error");
        return -1;
    }
    return 0;
}

const bo_records tg_records = {
    .name = "tigers",
    .sniff = tg_sniff,
    .split = bo_split_records,   /* contest frames, SGF, PGN tags: validate streams */
    .read = tg_read,
    .write_game = tg_write_game,
    .played_ext = "txt",
    .write_played = tg_write_played,
};
