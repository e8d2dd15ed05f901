/* yz_records.c -- the line game's records interface (records.h, yz_records.h).
 *
 * The rule: a contest file is read once; each record goes straight to the judge
 * (yz_validate.c), whose warnings pass to the caller as they come and whose verdict is
 * kept (with the --strict result policy, claim_sink.h) until the replay is done; then
 * the record, the rules' start, the legal moves and the verdict go to the caller
 * together.  Nothing here prints: convert's notes and faults go to the sink too. */
#include "yz_records.h"

#include <stdio.h>
#include <string.h>

#include "claim_sink.h"
#include "result_policy.h"
#include "text_stream.h"
#include "yizi.h"
#include "yz_record.h"
#include "yz_validate.h"

/* Text whose first frame is a line-game record. */
static int yz_sniff(const bo_text *t)
{
    if (t->encoding == BO_ENC_BINARY) return 0;
    return yz_record_sniff(t->data, t->len);
}

/* --rules for records: only when given (a record's own field comes first). */
static int check_rules(const bo_read_opts *o, char *err, size_t errlen)
{
    int rule;
    bool mis;
    return o->rules ? yz_rules_parse(o->rules, &rule, &mis, err, errlen) : 0;
}

/* A warning or an error to the sink, where it takes one. */
static void to_warning(const bo_records_sink *s, const bo_warning *w)
{
    if (s->warning) s->warning(s->ctx, w);
}

typedef struct rctx {
    const bo_read_opts *o;
    const char *path;
    const bo_records_sink *sink;
    bo_verdict_store v;      /* the judge's verdict of the game being read */
    int stopped;
} rctx;

/* The judge's verdict, kept while its replay finishes. */
static void keep_verdict(void *ctx, const bo_verdict *v)
{
    rctx *c = ctx;
    bo_verdict_store_set(&c->v, v);
}

/* The judge's warnings go on at once, ahead of the game. */
static void pass_warning(void *ctx, const bo_warning *w)
{
    rctx *c = ctx;
    to_warning(c->sink, w);
}

/* One record: judged, then handed on with its replay. */
static int read_one(void *ctx, bo_record *r)
{
    rctx *c = ctx;
    bo_verdict_sink inner = {keep_verdict, pass_warning, c};
    bo_claim_sink cs;   /* the result policy's fault under --strict (claim_sink.h) */
    bo_claim_sink_init(&cs, &inner, c->o->strict);
    yz_judged j;
    yz_validate_record(r, c->path, c->o->rules, c->o->misere, &cs.sink, &j);
    if (!c->sink->game) return 0;
    bo_rec_game g = {c->path, r, &j.start, j.moves, j.nmoves, &c->v.v, r, NULL};
    int stop = c->sink->game(c->sink->ctx, &g);
    if (stop) c->stopped = 1;
    return stop;
}

/* Every game of the text, read, judged and handed on. */
static int yz_read(const bo_read_opts *o, const bo_text *t, void *across, const bo_records_sink *sink, char *err,
                   size_t errlen)
{
    (void)across;
    if (bo_records_refuse_binary(t, "line-game record", err, errlen) != 0 || check_rules(o, err, errlen) != 0) return -1;
    rctx c = {.o = o, .path = t->path, .sink = sink};
    int n = yz_record_read(t->data, t->len, read_one, &c, err, errlen);
    bo_verdict_store_free(&c.v);
    return n < 0 && !c.stopped ? -1 : 0;
}

/* "1", "2-misere": the rules field of a start position. */
static void rules_of(const yz_pos *s, char *buf, size_t n)
{
    int rule = s->unplaced ? 3 : s->count[1] ? 1 : 2;
    snprintf(buf, n, "%d%s", rule, s->misere ? "-misere" : "");
}

/* The record as read, with the rules field filled in and the comments a caller set. */
static int yz_write_game(const bo_read_opts *o, const bo_rec_game *g, FILE *out, char *err, size_t errlen)
{
    if (o->to && strcmp(o->to, "contest") != 0 && strcmp(o->to, "yz") != 0)
        return snprintf(err, errlen, "line-game records are written as contest records, not '%s'", o->to), -1;
    bo_record *r = g->r;
    if (!bo_record_tag(r, "Rules")) {
        char rules[16];
        rules_of(g->start, rules, sizeof rules);
        bo_record_set_tag(r, "Rules", rules);
    }
    if (yz_record_write(out, r) != 0) return snprintf(err, errlen, "write error"), -1;
    return 0;
}

typedef struct cvctx {
    const bo_read_opts *o;
    const char *path;
    FILE *out;
    const bo_records_sink *sink;
    int rc;
} cvctx;

/* Convert writes what it read in the canonical form; what the reader forgave is a
 * warning, a game it could not read is left out. */
static int convert_one(void *ctx, bo_record *r)
{
    cvctx *c = ctx;
    if (bo_records_convert_notes(c->sink, c->path, r)) {
        c->rc = BO_RECORDS_GAME_LEFT_OUT;
        return 0;
    }
    int rule;
    bool mis;
    const char *how;
    if (!bo_record_tag(r, "Rules") && yz_record_rules(r, c->o->rules, c->o->misere, &rule, &mis, &how) == 0) {
        char rules[16], msg[256];
        snprintf(rules, sizeof rules, "%d%s", rule, mis ? "-misere" : "");
        bo_record_set_tag(r, "Rules", rules);
        snprintf(msg, sizeof msg, "no rules field: rule %d %s (%s)", rule, mis ? "misère" : "normal play", how);
        bo_warning w = {c->path, r->index, r->line, 1, msg};
        to_warning(c->sink, &w);
    }
    if (yz_record_write(c->out, r) != 0) {
        bo_records_error(c->sink, NULL, 0, 0, 0, "write error");
        c->rc = BO_RECORDS_FAILED;
        return 1;
    }
    return 0;
}

/* boyi convert --to contest: the canonical form of a (messy) file. */
static int yz_convert(const bo_read_opts *o, const bo_text *t, FILE *out, const bo_records_sink *sink)
{
    char err[512], msg[600];
    if (!o->to || (strcmp(o->to, "contest") != 0 && strcmp(o->to, "yz") != 0)) {
        snprintf(msg, sizeof msg, "line-game records convert to contest, not '%s'", o->to ? o->to : "");
        bo_records_error(sink, NULL, 0, 0, 0, msg);
        return BO_RECORDS_FAILED;
    }
    if (bo_records_refuse_binary(t, "line-game record", err, sizeof err) != 0) {
        bo_records_error(sink, t->path, 0, 0, 0, err);
        return BO_RECORDS_FAILED;
    }
    cvctx c = {o, t->path, out, sink, BO_RECORDS_CONVERTED};
    if (yz_record_read(t->data, t->len, convert_one, &c, err, sizeof err) < 0) {
        bo_records_error(sink, t->path, 0, 0, 0, err);
        return BO_RECORDS_FAILED;
    }
    return c.rc;
}

/* The record's own move text: "F(2,6,1)". */
static int yz_move_text(const bo_rec_game *g, const void *pos, uint32_t m, char *buf, size_t n)
{
    (void)g;
    const yz_pos *p = pos;
    int w = yz_is_placement(m) ? snprintf(buf, n, "%c(%d,%d)", p->side ? 'S' : 'F', yz_from(m), yz_coins(m))
                               : snprintf(buf, n, "%c(%d,%d,%d)", p->side ? 'S' : 'F', yz_from(m), yz_coins(m), yz_to(m));
    return w > 0 && (size_t)w < n ? 0 : -1;
}

/* A game boyi played as a contest record. */
static int yz_write_played(const bo_read_opts *o, const bo_played *p, FILE *out, char *err, size_t errlen)
{
    (void)o;
    const yz_pos *start = p->start;
    bo_record r;
    bo_record_init(&r, (int)p->round, 1);
    char rules[16], date[64];
    rules_of(start, rules, sizeof rules);
    snprintf(date, sizeof date, "round %ld", p->round);
    bo_record_set_tag(&r, "First", p->first_name ? p->first_name : "first");
    bo_record_set_tag(&r, "Second", p->second_name ? p->second_name : "second");
    bo_record_set_tag(&r, "Date", date);
    bo_record_set_tag(&r, "Event", p->event ? p->event : "boyi selfplay");
    bo_record_set_tag(&r, "Rules", rules);
    /* a win off the board says why, in the contest's words (result_policy.h) */
    bo_reason why = bo_reason_from_text(p->termination);
    char res[64];
    snprintf(res, sizeof res, "%s%s%s%s", p->score_first == 1.0 ? "先手胜" : p->score_first == 0.0 ? "后手胜" : "",
             why ? "(" : "", why ? bo_reason_contest_word(why) : "", why ? ")" : "");
    if (p->score_first == 1.0 || p->score_first == 0.0) bo_record_set_str(&r.result, res, strlen(res));
    yz_pos pos = *start;
    int rc = 0;
    for (int i = 0; i < p->nmoves; i++) {
        char t[32];
        if (yz_move_text(NULL, &pos, p->moves[i], t, sizeof t) != 0 || !bo_record_add_move(&r, t, strlen(t), 1, 1)) {
            rc = -1;
            break;
        }
        yz_play(&pos, p->moves[i]);
    }
    if (rc == 0 && yz_record_write(out, &r) != 0) rc = -1;
    bo_record_free(&r);
    if (rc) snprintf(err, errlen, "write error");
    return rc;
}

const bo_records yz_records = {
    .name = "yizi",
    .sniff = yz_sniff,
    .split = bo_split_records,   /* contest frames, SGF, PGN tags: validate streams */
    .read = yz_read,
    .convert = yz_convert,
    .write_game = yz_write_game,
    .played_ext = "txt",
    .write_played = yz_write_played,
    .move_text = yz_move_text,
};
