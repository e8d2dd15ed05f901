/* xq_rec.c -- Xiangqi's records interface (xq_rec.h, records.h).
 *
 * The rule: a file is read once.  Each record goes from the reader (xq_records.c)
 * straight to the judge (xq_validate.c), which replays it under --rules, passes its
 * warnings on and returns the verdict; the caller then gets the record, the start,
 * the legal moves (widened to the descriptor's encoding) and the verdict together.
 * The same replay serves convert, which writes each game up to its fault.  Nothing
 * here prints: warnings and faults go to the caller's sink. */
#include "xq_rec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "text_stream.h"
#include "xiangqi.h"
#include "xq_notation.h"
#include "xq_pgn.h"
#include "xq_records.h"
#include "xq_validate.h"
#include "xq_xqf_write.h"

/* How sure we are that T holds Xiangqi records (any form). */
static int xq_rec_sniff(const bo_text *t)
{
    return xq_records_sniff(t, NULL);
}

/* --rules as a rule set (ccgc when not given); -1 with the error naming the known
 * ones when unknown. */
static int rules_of(const bo_read_opts *o, xq_rules *r, char *err, size_t errlen)
{
    *r = XQ_RULES_CCGC;
    if (o->rules && xq_rules_from_name(o->rules, r) != 0) {
        snprintf(err, errlen, "unknown xiangqi rule set '%s'; known: " XQ_RULES_NAMES, o->rules);
        return -1;
    }
    return 0;
}

static void say_error(const bo_records_sink *s, const char *file, int game, int line, int col, const char *msg)
{
    bo_warning e = {file, game, line, col, msg};
    if (s && s->error) s->error(s->ctx, &e);
}

/* The judge's warnings to the caller's sink; its verdict is returned, not sunk. */
static void pass_warning(void *ctx, const bo_warning *w)
{
    const bo_records_sink *s = ctx;
    if (s && s->warning) s->warning(s->ctx, w);
}

static void no_verdict(void *ctx, const bo_verdict *v) { (void)ctx; (void)v; }

/* The output form of a record read as SRC with notation NOTE: the form it came in
 * (XQF, which is binary, becomes PGN with Chinese moves). */
static xq_format source_format(xq_source src, const char *note)
{
    if (src == XQ_SRC_CONTEST) return XQ_FMT_CONTEST;
    if (note && (strcasecmp(note, "iccs") == 0 || strcasecmp(note, "uci") == 0)) return XQ_FMT_ICCS;
    if (note && strcasecmp(note, "wxf") == 0) return XQ_FMT_WXF;
    return XQ_FMT_PGN;
}

/* What write_game and move_text need beside the record: the form it came in. */
typedef struct xq_rec_priv {
    xq_format fmt;
} xq_rec_priv;

/* A judge set up for the options: rules, --strict, the contest's rules named. */
static void check_setup(xq_check *c, const bo_read_opts *o, xq_rules rules)
{
    xq_check_init(c);
    c->rules = rules;
    c->variation_errors = o->variation_errors;
    c->strict = o->strict;
    c->contest = o->rules && rules == XQ_RULES_CCGC;   /* the contest's rules, named */
}

/* What reading one text keeps while its games stream by. */
typedef struct read_run {
    xq_check c;
    const char *path;
    const bo_records_sink *sink;
    int src;                  /* the form the text is read as (xq_source) */
    uint32_t *moves;          /* c.moves widened to the descriptor's encoding */
    int cap;
    int oom, stopped;
} read_run;

/* One game: judged, its moves widened, handed on. */
static int read_one(void *ctx, bo_record *r)
{
    read_run *run = ctx;
    bo_verdict_sink warn = {no_verdict, pass_warning, (void *)run->sink};
    bo_verdict v;
    if (xq_check_record(&run->c, run->path, r, &warn, &v) != 0) { run->oom = 1; return -1; }
    if (!run->sink->game) return 0;
    if (run->c.nmoves > run->cap) {
        int cap = run->c.nmoves + 64;
        uint32_t *m = realloc(run->moves, (size_t)cap * sizeof *m);
        if (!m) { run->oom = 1; return -1; }
        run->moves = m;
        run->cap = cap;
    }
    for (int i = 0; i < run->c.nmoves; i++) run->moves[i] = run->c.moves[i];
    xq_rec_priv priv = {source_format((xq_source)run->src, r->notation)};
    bo_rec_game g = {run->path, r, &run->c.start, run->moves, run->c.nmoves, &v, &priv, NULL};
    if (run->sink->game(run->sink->ctx, &g) != 0) { run->stopped = 1; return -1; }
    return 0;
}

/* Every game of T read, judged and handed on, streaming. */
static int xq_rec_read(const bo_read_opts *o, const bo_text *t, void *across, const bo_records_sink *sink, char *err,
                       size_t errlen)
{
    (void)across;
    xq_rules rules;
    if (rules_of(o, &rules, err, errlen) != 0) return -1;
    read_run run = {.path = t->path, .sink = sink, .src = XQ_SRC_PGN};
    check_setup(&run.c, o, rules);
    xq_read_opts ro = {.strict = o->strict, .source = &run.src};   /* the form, known before the first game */
    int rc = xq_records_each_opts(t, &ro, read_one, &run, NULL, err, errlen);
    if (run.stopped) rc = 0;
    xq_check_free(&run.c);
    free(run.moves);
    if (run.oom) { snprintf(err, errlen, "out of memory"); rc = -1; }
    return rc;
}

/* The moves of G narrowed back to the engine's (NULL when out of memory). */
static xq_move *narrow(const bo_rec_game *g)
{
    xq_move *m = malloc((size_t)(g->nmoves > 0 ? g->nmoves : 1) * sizeof *m);
    if (m)
        for (int i = 0; i < g->nmoves; i++) m[i] = (xq_move)g->moves[i];
    return m;
}

/* Write the game in its own form (or --to's), its comments as they now are; the moves
 * after a fault are written as they were read, so that the copy is judged as the
 * original was. */
static int xq_rec_write_game(const bo_read_opts *o, const bo_rec_game *g, FILE *out, char *err, size_t errlen)
{
    const xq_rec_priv *pv = g->priv;
    xq_format fmt = pv ? pv->fmt : XQ_FMT_PGN;
    if (o->to) {
        int f = xq_format_from_name(o->to);
        if (f < 0) {
            snprintf(err, errlen, "xiangqi records are written as pgn, wxf, iccs, chinese or contest, not '%s'", o->to);
            return -1;
        }
        fmt = (xq_format)f;
    }
    const char *claim = g->r->result ? xq_result_normalise(g->r->result, strlen(g->r->result)) : NULL;
    const char *result = claim ? claim : g->v->result ? g->v->result : "*";
    int commented = 0;
    for (int i = 0; i < g->r->nmoves; i++) commented += g->r->moves[i].comment != NULL;
    if (fmt == XQ_FMT_CONTEST && commented > 0) {
        char msg[200];
        snprintf(msg, sizeof msg, "the contest frame cannot hold comments: %d comment%s not written (pgn, wxf, iccs "
                 "and chinese hold them)", commented, commented == 1 ? "" : "s");
        bo_records_warning(o->notes, g->path, g->r->index, 0, 0, msg);
    }
    xq_move *moves = narrow(g);
    if (!moves) return snprintf(err, errlen, "out of memory"), -1;
    int rc = xq_record_write_rest(out, g->r, g->start, moves, g->nmoves, result, fmt, err, errlen);
    free(moves);
    return rc;
}

/* A move in the notation the record is written in: Chinese (in the record's own
 * script: traditional where its moves were), WXF or ICCS. */
static int xq_rec_move_text(const bo_rec_game *g, const void *pos, uint32_t m, char *buf, size_t n)
{
    const xq_rec_priv *pv = g->priv;
    xq_format fmt = pv ? pv->fmt : XQ_FMT_PGN;
    xq_notation nt = fmt == XQ_FMT_WXF ? XQ_NOTE_WXF : fmt == XQ_FMT_ICCS ? XQ_NOTE_ICCS : XQ_NOTE_CHINESE;
    int rc = xq_write_move(pos, (xq_move)m, nt, buf, n);
    if (rc != 0 || nt != XQ_NOTE_CHINESE) return rc;
    int script = 0;
    for (int i = 0; i < g->r->nmoves; i++)
        if (g->r->moves[i].text) script += xq_chinese_script(g->r->moves[i].text);
    if (script > 0) xq_chinese_traditional(buf);
    return 0;
}

/* ---- convert ---------------------------------------------------------------- */

/* What converting one file keeps while its games stream by. */
typedef struct convert_run {
    xq_check c;
    const bo_text *t;
    const bo_records_sink *sink;
    FILE *out;
    xq_format fmt;
    int written, rc;
} convert_run;

/* A game's fault: said, and whether the game is written (up to the fault) at all. */
static bool say_fault(const bo_records_sink *sink, const char *path, const bo_record *r, const bo_verdict *v)
{
    bool position = strcmp(v->kind, "position") == 0;
    char msg[1500];
    snprintf(msg, sizeof msg, "%s: %s%s", v->kind, v->message, position ? "; game not written" : "; written up to there");
    say_error(sink, path, r->index, v->line, v->col, msg);
    return !position;
}

/* One game: replay it, say what is wrong with it, write it (up to its fault). */
static int convert_one(void *ctx, bo_record *r)
{
    convert_run *run = ctx;
    bo_verdict_sink warn = {no_verdict, pass_warning, (void *)run->sink};
    bo_verdict v;
    if (xq_check_record(&run->c, run->t->path, r, &warn, &v) != 0) {
        say_error(run->sink, run->t->path, 0, 0, 0, "out of memory");
        run->rc = BO_RECORDS_FAILED;
        return -1;
    }
    char note[800], err[512];
    const char *stop = NULL, *result = v.result;
    if (v.status != BO_VERDICT_OK) {
        run->rc = BO_RECORDS_GAME_LEFT_OUT;
        if (!say_fault(run->sink, run->t->path, r, &v)) return 0;
        snprintf(note, sizeof note, "boyi: the record stops being valid here (%s: %s)", v.kind, v.message);
        stop = note;
        result = "*";
    } else if (r->result) {
        const char *claim = xq_result_normalise(r->result, strlen(r->result));
        if (claim) result = claim;
    }
    int nvars = bo_record_count_variations(r);
    if (run->fmt == XQ_FMT_CONTEST && nvars > 0) {
        char msg[200];
        snprintf(msg, sizeof msg, "the contest frame cannot hold variations: %d variation%s not written (pgn, wxf, "
                 "iccs and chinese keep them)", nvars, nvars == 1 ? "" : "s");
        bo_records_warning(run->sink, run->t->path, r->index, 0, 0, msg);
    }
    if (run->written++ > 0 && run->fmt != XQ_FMT_CONTEST) fputc('\n', run->out);
    if (xq_record_write(run->out, r, &run->c.start, run->c.moves, run->c.nmoves, result, run->fmt, stop, err,
                        sizeof err) != 0) {
        say_error(run->sink, run->t->path, r->index, r->line, 0, err);
        run->rc = BO_RECORDS_GAME_LEFT_OUT;
    }
    return 0;
}

/* What XQF 1.0 could not hold of game N of PATH, as warnings. */
static void xqf_losses(const bo_records_sink *sink, const char *path, int n, const xq_xqf_losses *l)
{
    char msg[200];
    if (l->variations > 0) {
        snprintf(msg, sizeof msg, "XQF 1.0 holds the main line only: %d variation%s not written", l->variations,
                 l->variations == 1 ? "" : "s");
        bo_records_warning(sink, path, n, 0, 0, msg);
    }
    if (l->cut_fields > 0) {
        snprintf(msg, sizeof msg, "%d header field%s cut to fit XQF's room", l->cut_fields, l->cut_fields == 1 ? "" : "s");
        bo_records_warning(sink, path, n, 0, 0, msg);
    }
    if (l->lost_chars > 0) {
        snprintf(msg, sizeof msg, "%d character%s GBK cannot hold written as '?'", l->lost_chars,
                 l->lost_chars == 1 ? "" : "s");
        bo_records_warning(sink, path, n, 0, 0, msg);
    }
}

/* convert --to xqf: XQF holds one game, so the file's only game or the one
 * --game-index names, replayed and written as XQF 1.0 (up to its fault, if it has
 * one, as the other forms are). */
static int convert_xqf(const bo_read_opts *o, const bo_text *t, FILE *out, xq_rules rules, const bo_records_sink *sink)
{
    char err[512];
    bo_record_list list = {0};
    if (xq_records_read(t, &list, err, sizeof err) != 0) {
        say_error(sink, t->path, 0, 0, 0, err);
        bo_record_list_free(&list);
        return BO_RECORDS_FAILED;
    }
    int want = o->game_index > 0 ? o->game_index : 1, rc = BO_RECORDS_CONVERTED;
    if ((list.n > 1 && o->game_index <= 0) || want > list.n) {
        if (list.n > 1 && o->game_index <= 0)
            snprintf(err, sizeof err, "an XQF file holds one game and this file has %d: choose one with --game-index N",
                     list.n);
        else
            snprintf(err, sizeof err, "the file has %d game%s; there is no game --game-index names", list.n,
                     list.n == 1 ? "" : "s");
        say_error(sink, t->path, 0, 0, 0, err);
        bo_record_list_free(&list);
        return BO_RECORDS_FAILED;
    }
    bo_record *r = &list.items[want - 1];
    xq_check c;
    xq_check_init(&c);
    c.rules = rules;
    bo_verdict_sink warn = {no_verdict, pass_warning, (void *)sink};
    bo_verdict v;
    if (xq_check_record(&c, t->path, r, &warn, &v) != 0) {
        say_error(sink, t->path, 0, 0, 0, "out of memory");
        rc = BO_RECORDS_FAILED;
    } else {
        const char *result = v.result;
        bool written = true;
        if (v.status != BO_VERDICT_OK) {
            written = say_fault(sink, t->path, r, &v);
            rc = BO_RECORDS_GAME_LEFT_OUT;
            result = "*";
        } else if (r->result) {
            const char *claim = xq_result_normalise(r->result, strlen(r->result));
            if (claim) result = claim;
        }
        xq_xqf_losses loss;
        if (written && xq_xqf_write(out, r, &c.start, c.moves, c.nmoves, result, &loss, err, sizeof err) != 0) {
            say_error(sink, t->path, r->index, r->line, 0, err);
            rc = BO_RECORDS_GAME_LEFT_OUT;
        } else if (written) {
            xqf_losses(sink, t->path, r->index, &loss);
        }
    }
    xq_check_free(&c);
    bo_record_list_free(&list);
    return rc;
}

/* boyi convert: every game of the file in the form --to names. */
static int xq_rec_convert(const bo_read_opts *o, const bo_text *t, FILE *out, const bo_records_sink *sink)
{
    int fmt = o->to ? xq_format_from_name(o->to) : -1;
    bool xqf = o->to && strcasecmp(o->to, "xqf") == 0;
    char err[512];
    if (fmt < 0 && !xqf) {
        snprintf(err, sizeof err, "xiangqi records convert to pgn, wxf, iccs, chinese or contest, or to xqf (one game), "
                 "not '%s'", o->to ? o->to : "");
        say_error(sink, NULL, 0, 0, 0, err);
        return BO_RECORDS_FAILED;
    }
    xq_rules rules;
    if (rules_of(o, &rules, err, sizeof err) != 0) {
        say_error(sink, NULL, 0, 0, 0, err);
        return BO_RECORDS_FAILED;
    }
    if (xqf) return convert_xqf(o, t, out, rules, sink);
    convert_run run = {.t = t, .sink = sink, .out = out, .fmt = (xq_format)fmt, .rc = BO_RECORDS_CONVERTED};
    xq_check_init(&run.c);
    run.c.rules = rules;
    xq_read_opts ro = {.strict = o->strict};
    if (xq_records_each_opts(t, &ro, convert_one, &run, NULL, err, sizeof err) != 0) {
        say_error(sink, t->path, 0, 0, 0, err);
        run.rc = BO_RECORDS_FAILED;
    }
    xq_check_free(&run.c);
    return run.rc;
}

/* ---- games boyi played ------------------------------------------------------- */

/* The result tag of a played game from the first player's score. */
static const char *played_result(double score_first)
{
    return score_first == 1.0 ? "1-0" : score_first == 0.0 ? "0-1" : "1/2-1/2";
}

/* A self-play or match game as PGN (Chinese moves; --to picks another form). */
static int xq_rec_write_played(const bo_read_opts *o, const bo_played *p, FILE *out, char *err, size_t errlen)
{
    int fmt = o->to ? xq_format_from_name(o->to) : XQ_FMT_PGN;
    if (fmt < 0) return snprintf(err, errlen, "xiangqi records are pgn, wxf, iccs, chinese or contest, not '%s'", o->to), -1;
    xq_move *moves = malloc((size_t)(p->nmoves ? p->nmoves : 1) * sizeof *moves);
    if (!moves) return snprintf(err, errlen, "out of memory"), -1;
    for (int i = 0; i < p->nmoves; i++) moves[i] = (xq_move)p->moves[i];
    bo_record r;
    bo_record_init(&r, (int)p->round, 0);
    char round[32];
    snprintf(round, sizeof round, "%ld", p->round);
    const char *result = played_result(p->score_first);
    bo_record_set_tag(&r, "Event", p->event);
    bo_record_set_tag(&r, "Round", round);
    bo_record_set_tag(&r, "Red", p->first_name);
    bo_record_set_tag(&r, "Black", p->second_name);
    bo_record_set_tag(&r, "Result", result);
    bo_record_set_tag(&r, "Termination", p->termination);
    /* the record's moves carry only the comments (score, depth, time) the writer puts after each move */
    for (int i = 0; p->notes && i < p->nmoves; i++) {
        if (!bo_record_add_move(&r, "", 0, 0, 0)) break;
        if (p->notes[i]) bo_record_add_comment(&r, p->notes[i], strlen(p->notes[i]));
    }
    int rc = xq_record_write(out, &r, p->start, moves, p->nmoves, result, (xq_format)fmt, NULL, err, errlen);
    bo_record_free(&r);
    free(moves);
    return rc;
}

const bo_records xq_rec = {
    .name = "xiangqi",
    .sniff = xq_rec_sniff,
    .split = bo_split_records,
    .read = xq_rec_read,
    .convert = xq_rec_convert,
    .write_game = xq_rec_write_game,
    .played_ext = "pgn",
    .write_played = xq_rec_write_played,
    .move_text = xq_rec_move_text,
    .priv_size = sizeof(xq_rec_priv),
};
