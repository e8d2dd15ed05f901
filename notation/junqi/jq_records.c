/* jq_records.c -- Junqi's records interface (records.h, jq_records.h).
 *
 * The rule: a file is read once; each record is replayed by the referee (jq_validate.c:
 * jq_read_text) and goes to the caller with its verdict, the position after both
 * deployments and the play moves up to the first fault, and a record of those moves'
 * text.  convert writes a side's view (or the record again); write_played writes a
 * game boyi played.  Nothing here prints. */
#include "jq_records.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jq_record.h"
#include "junqi.h"
#include "record.h"
#include "text_stream.h"

/* A text that holds a contest record frame {[JQ]...}. */
static int jq_sniff(const bo_text *t)
{
    return strstr(t->data, "[JQ]") ? 95 : 0;
}

/* Only the contest's rules; --rules ccgc named makes a claim the moves do not reach a
 * fault (result_policy.h). */
static int check_rules(const bo_read_opts *o, char *err, size_t errlen)
{
    if (o->rules && strcmp(o->rules, "ccgc") != 0) return snprintf(err, errlen, "junqi has only the rule set ccgc"), -1;
    return 0;
}

typedef struct rctx {
    const bo_text *t;
    const bo_records_sink *sink;
} rctx;

/* The referee's warnings go on as they come. */
static void pass_warning(void *ctx, const bo_warning *w)
{
    const rctx *c = ctx;
    if (c->sink->warning) c->sink->warning(c->sink->ctx, w);
}

/* One judged record: the position after the deployments (the empty board where they
 * failed or the record could not be read), the legal play moves, their text. */
static int on_game(void *ctx, const jq_record *r, const jq_replay *rp, const bo_verdict *v)
{
    const rctx *c = ctx;
    if (!c->sink->game) return 0;
    static const jq_pos none;
    jq_pos start;
    if (rp && memcmp(&rp->start, &none, sizeof none) != 0) start = rp->start;
    else jq_empty(&start);
    int n = rp ? rp->moves : 0;
    uint32_t *moves = malloc(((size_t)n + 1) * sizeof *moves);
    bo_record rec;
    bo_record_init(&rec, v->game, v->line);
    int stop = 1;
    if (moves) {
        bool ok = true;
        for (int i = 0; i < n && ok; i++) {
            int line, col;
            bo_text_line_col(c->t, r->moves[i].off, &line, &col);
            moves[i] = jq_move(r->moves[i].from, r->moves[i].to);
            ok = bo_record_add_move(&rec, r->moves[i].text, strlen(r->moves[i].text), line, col) != NULL;
        }
        bo_rec_game g = {.path = c->t->path, .r = &rec, .start = &start, .moves = moves, .nmoves = n, .v = v};
        if (ok) stop = c->sink->game(c->sink->ctx, &g);
    }
    bo_record_free(&rec);
    free(moves);
    return stop;
}

static int jq_read(const bo_read_opts *o, const bo_text *t, void *across, const bo_records_sink *sink, char *err,
                   size_t errlen)
{
    (void)across;
    if (check_rules(o, err, errlen) != 0) return -1;
    rctx c = {t, sink};
    bo_verdict_sink warnings = {NULL, pass_warning, &c};
    /* ccgc named: the contest's result policy */
    return jq_read_text(t, o->strict, o->rules != NULL, &warnings, on_game, &c, err, errlen);
}

/* convert --to red|black: each record's view for that side; --to record: the records
 * as boyi writes them.  Broken records are reported located and left out. */
static int jq_convert(const bo_read_opts *o, const bo_text *t, FILE *out, const bo_records_sink *sink)
{
    const char *to = o->to ? o->to : "record";
    int side = strcmp(to, "red") == 0 ? 0 : strcmp(to, "black") == 0 ? 1 : strcmp(to, "record") == 0 ? 2 : -1;
    char msg[600];
    if (side < 0) {
        snprintf(msg, sizeof msg, "junqi converts to red (red's view), black (black's view) or record, not '%s'", to);
        bo_records_error(sink, NULL, 0, 0, 0, msg);
        return BO_RECORDS_FAILED;
    }
    size_t pos = 0, off;
    int game = 0, bad = 0;
    jq_replay *rp = malloc(sizeof *rp);
    if (!rp) { bo_records_error(sink, NULL, 0, 0, 0, "out of memory"); return BO_RECORDS_FAILED; }
    for (;;) {
        jq_record r;
        char err[256];
        int rc = jq_record_next(t->data, t->len, &pos, &r, &off, err, sizeof err);
        if (rc == 0) break;
        game++;
        int line, col;
        if (rc < 0) {
            bo_text_line_col(t, off, &line, &col);
            bo_records_error(sink, t->path, game, line, col, err);
            bad++;
            jq_record_free(&r);
            continue;
        }
        jq_replay_record(&r, rp);
        if (!rp->ok) {
            bo_text_line_col(t, rp->off, &line, &col);
            snprintf(msg, sizeof msg, "%s: %s", rp->kind, rp->message);
            bo_records_error(sink, t->path, game, line, col, msg);
            bad++;
        } else if (side == 2) {
            uint32_t *mv = malloc((size_t)(rp->moves ? rp->moves : 1) * sizeof *mv);
            for (int i = 0; mv && i < rp->moves; i++) mv[i] = jq_move(r.moves[i].from, r.moves[i].to);
            if (!mv || jq_write_record(out, r.red, r.black, r.date_place, r.event, &rp->start, mv, rp->moves, rp->result,
                                       rp->ending && !strcmp(rp->ending, "time") ? JQ_END_TIME
                                       : rp->ending && !strcmp(rp->ending, "resignation") ? JQ_END_RESIGN : JQ_END_NONE,
                                       err, sizeof err) != 0)
                bad++;
            free(mv);
        } else if (jq_write_view(out, &r, rp, side, err, sizeof err) != 0) {
            bo_records_error(sink, t->path, 0, 0, 0, err);
            bad++;
        }
        jq_record_free(&r);
    }
    free(rp);
    if (game == 0) {
        bo_records_error(sink, t->path, 0, 0, 0, "no Junqi record ({[JQ]...}) in the file");
        return BO_RECORDS_GAME_LEFT_OUT;
    }
    return bad ? BO_RECORDS_GAME_LEFT_OUT : BO_RECORDS_CONVERTED;
}

/* A game boyi played (selfplay): its placements set up the start, the rest are the
 * record's moves. */
static int jq_write_played(const bo_read_opts *o, const bo_played *pl, FILE *out, char *err, size_t errlen)
{
    (void)o;
    jq_pos p = *(const jq_pos *)pl->start;
    int i = 0;
    for (; i < pl->nmoves && (pl->moves[i] & JQ_PLACE); i++) {
        jq_undo u;
        jq_play(&p, pl->moves[i], &u);
    }
    jq_pos start = p;
    jq_pos end = p;
    for (int k = i; k < pl->nmoves; k++) {
        jq_undo u;
        jq_play(&end, pl->moves[k], &u);
    }
    int w, how = jq_result(&end, &w);
    int result = !how ? JQ_RES_NONE : w == 0 ? JQ_RES_RED : w == 1 ? JQ_RES_BLACK : JQ_RES_DRAW;
    char ev[160];
    snprintf(ev, sizeof ev, "%s, game %ld", pl->event ? pl->event : "boyi selfplay", pl->round);
    return jq_write_record(out, pl->first_name, pl->second_name, "?", ev, &start, pl->moves + i, pl->nmoves - i, result,
                           JQ_END_NONE, err, errlen);
}

const bo_records jq_records = {
    .name = "junqi",
    .sniff = jq_sniff,
    .split = bo_split_records,   /* contest frames, SGF, PGN tags: validate streams */
    .read = jq_read,
    .convert = jq_convert,
    .played_ext = "txt",
    .write_played = jq_write_played,
};
