/* game_xiangqi.c -- the xiangqi front end of the boyi binary: which files are
 * Xiangqi records (PGN, contest frames, XQF, ChessBridge CBR/CBL, DhtmlXQ),
 * validate, convert (to the text forms and to XQF) and bench,
 * and what moves and perft need of the game's own (position text, Chinese move names). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "cli.h"
#include "core.h"
#include "xq_svg.h"
#include "xiangqi.h"
#include "xq_notation.h"
#include "xq_pgn.h"
#include "xq_records.h"
#include "xq_validate.h"
#include "xq_xqf_write.h"

/* How sure we are that T holds Xiangqi records (any form). */
static int xq_sniff(const bo_text *t)
{
    return xq_records_sniff(t, NULL);
}

/* The usage error for an unknown --rules, naming the known rule sets. */
static void rules_error(const char *name, char *buf, size_t n)
{
    snprintf(buf, n, "unknown xiangqi rule set '%s'; known: " XQ_RULES_NAMES, name);
}

/* --rules as a rule set (ccgc when not given); -1 with an error printed when
 * unknown. The rule sets differ only in how a repetition is judged, so perft
 * and moves accept every one of them and mean the same. */
static int check_rules(const bo_opts *o, xq_rules *r)
{
    *r = XQ_RULES_CCGC;
    if (o->rules && xq_rules_from_name(o->rules, r) != 0) {
        char msg[256];
        rules_error(o->rules, msg, sizeof msg);
        bo_cli_error(NULL, 0, 0, "%s", msg);
        return -1;
    }
    return 0;
}

/* What validating one file keeps while its games stream by. */
typedef struct check_run {
    xq_check c;
    const char *path;
    const bo_verdict_sink *sink;
    int oom;
} check_run;

/* One game: replay it and hand its verdict on. */
static int check_one(void *ctx, bo_record *r)
{
    check_run *run = ctx;
    bo_verdict v;
    if (xq_check_record(&run->c, run->path, r, run->sink, &v) != 0) { run->oom = 1; return -1; }
    run->sink->verdict(run->sink->ctx, &v);
    return 0;
}

/* Validate every game of T under RULES, streaming: a game is replayed as soon
 * as it is read. */
static int validate_text(const bo_text *t, xq_rules rules, const bo_opts *o, const bo_verdict_sink *sink,
                         char *err, size_t errlen)
{
    check_run run = {.path = t->path, .sink = sink};
    xq_check_init(&run.c);
    run.c.rules = rules;
    run.c.variation_errors = o && o->variation_errors;
    run.c.strict = o && o->strict;
    run.c.contest = o && o->rules && rules == XQ_RULES_CCGC;   /* the contest's rules, named */
    xq_read_opts read_opts = {.strict = o && o->strict}, *ro = &read_opts;
    int rc = xq_records_each_opts(t, ro, check_one, &run, NULL, err, errlen);
    xq_check_free(&run.c);
    if (rc == 0 && run.oom) { snprintf(err, errlen, "out of memory"); rc = -1; }
    return rc;
}

/* boyi validate, for one Xiangqi file. An unknown --rules makes the file
 * unjudgeable (exit 2), with the error naming the known rule sets. */
static int xq_validate_cli(const bo_opts *o, const bo_text *t, const bo_verdict_sink *sink, char *err, size_t errlen)
{
    xq_rules rules = XQ_RULES_CCGC;
    if (o->rules && xq_rules_from_name(o->rules, &rules) != 0) {
        rules_error(o->rules, err, errlen);
        return -1;
    }
    return validate_text(t, rules, o, sink, err, errlen);
}

/* The position of --fen (or --position), else the start. */
static int cli_position(const bo_opts *o, xq_pos *p)
{
    const char *fen = o->fen ? o->fen : o->position;
    if (!fen) { xq_pos_start(p); return 0; }
    char err[256];
    if (xq_pos_from_fen(p, fen, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "bad FEN '%s': %s", fen, err);
        return -1;
    }
    return 0;
}

/* moves and perft: --rules checked, --fen (or --position) read with its own error. */
static int xq_cli_position(const bo_opts *o, void *pos)
{
    xq_rules rules;
    if (check_rules(o, &rules) != 0) return BO_EXIT_USAGE;
    return cli_position(o, pos) == 0 ? BO_EXIT_OK : BO_EXIT_USAGE;
}

/* moves: the Chinese name beside the ICCS one ("h2e2 炮二平五"). */
static int xq_cli_move_note(const void *pos, uint32_t m, char *buf, size_t n)
{
    return xq_write_move(pos, (xq_move)m, XQ_NOTE_CHINESE, buf, n);
}

/* moves with none: no legal move loses in Xiangqi, in check or not (困毙). */
static void xq_cli_moves_ending(const bo_opts *o, const void *pos, FILE *out)
{
    const xq_pos *p = pos;
    const char *side = p->side == XQ_RED ? "red" : "black";
    bool mated = xq_in_check(p, p->side);
    fprintf(stderr, "boyi: %s has no legal move: %s\n", side, mated ? "checkmate" : "stalemate (困毙), which loses");
    if (o->json) bo_cli_json_moves_summary(out, 0, side, mated ? "checkmate" : "stalemate");
}

/* convert prints the reader's and the replay's warnings on stderr. */
static void convert_warning(void *ctx, const bo_warning *w)
{
    (void)ctx;
    fprintf(stderr, "boyi: %s", w->file);
    if (w->line > 0) fprintf(stderr, ":%d", w->line);
    if (w->line > 0 && w->col > 0) fprintf(stderr, ":%d", w->col);
    fprintf(stderr, ": game %d: warning: %s\n", w->game, w->message);
}

/* convert reports faults itself (convert_one); verdicts are not printed. */
static void convert_verdict(void *ctx, const bo_verdict *v) { (void)ctx; (void)v; }

/* What converting one file keeps while its games stream by. */
typedef struct convert_run {
    xq_check c;
    const bo_text *t;
    FILE *out;
    xq_format fmt;
    int written, rc;
} convert_run;

/* One game: replay it, say what is wrong with it, write it (up to its fault). */
static int convert_one(void *ctx, bo_record *r)
{
    convert_run *run = ctx;
    bo_verdict_sink sink = {convert_verdict, convert_warning, NULL};
    bo_verdict v;
    if (xq_check_record(&run->c, run->t->path, r, &sink, &v) != 0) {
        bo_cli_error(run->t->path, 0, 0, "out of memory");
        run->rc = BO_EXIT_USAGE;
        return -1;
    }
    char note[800], err[512];
    const char *stop = NULL, *result = v.result;
    if (v.status != BO_VERDICT_OK) {
        bool position = strcmp(v.kind, "position") == 0;
        bo_cli_error(run->t->path, v.line, v.col, "game %d: %s: %s%s", r->index, v.kind, v.message,
                     position ? "; game not written" : "; written up to there");
        run->rc = BO_EXIT_INVALID;
        if (position) return 0;
        snprintf(note, sizeof note, "boyi: the record stops being valid here (%s: %s)", v.kind, v.message);
        stop = note;
        result = "*";
    } else if (r->result) {
        const char *claim = xq_result_normalise(r->result, strlen(r->result));
        if (claim) result = claim;
    }
    int nvars = bo_record_count_variations(r);
    if (run->fmt == XQ_FMT_CONTEST && nvars > 0)
        fprintf(stderr, "boyi: %s: game %d: warning: the contest frame cannot hold variations: %d variation%s "
                "not written (pgn, wxf, iccs and chinese keep them)\n", run->t->path, r->index, nvars,
                nvars == 1 ? "" : "s");
    if (run->written++ > 0 && run->fmt != XQ_FMT_CONTEST) fputc('\n', run->out);
    if (xq_record_write(run->out, r, &run->c.start, run->c.moves, run->c.nmoves, result, run->fmt, stop, err,
                        sizeof err) != 0) {
        bo_cli_error(run->t->path, r->line, 0, "game %d: %s", r->index, err);
        run->rc = BO_EXIT_INVALID;
    }
    return 0;
}

/* Say on stderr what XQF 1.0 could not hold of game N of PATH. */
static void xqf_losses(const char *path, int n, const xq_xqf_losses *l)
{
    if (l->variations > 0)
        fprintf(stderr, "boyi: %s: game %d: warning: XQF 1.0 holds the main line only: %d variation%s not written\n",
                path, n, l->variations, l->variations == 1 ? "" : "s");
    if (l->cut_fields > 0)
        fprintf(stderr, "boyi: %s: game %d: warning: %d header field%s cut to fit XQF's room\n", path, n, l->cut_fields,
                l->cut_fields == 1 ? "" : "s");
    if (l->lost_chars > 0)
        fprintf(stderr, "boyi: %s: game %d: warning: %d character%s GBK cannot hold written as '?'\n", path, n,
                l->lost_chars, l->lost_chars == 1 ? "" : "s");
}

/* boyi convert --to xqf: XQF holds one game, so the file's only game or
 * the one --game-index names, replayed and written as XQF 1.0 (up to its
 * fault, if it has one, as the other forms are). */
static int convert_xqf(const bo_opts *o, const bo_text *t, FILE *out, xq_rules rules)
{
    char err[512];
    bo_record_list list = {0};
    if (xq_records_read(t, &list, err, sizeof err) != 0) {
        bo_cli_error(t->path, 0, 0, "%s", err);
        bo_record_list_free(&list);
        return BO_EXIT_USAGE;
    }
    int want = o->game_index > 0 ? o->game_index : 1, rc = BO_EXIT_OK;
    if ((list.n > 1 && o->game_index <= 0) || want > list.n) {
        bo_cli_error(t->path, 0, 0, list.n > 1 && o->game_index <= 0
                     ? "an XQF file holds one game and this file has %d: choose one with --game-index N"
                     : "the file has %d game%s; there is no game --game-index names", list.n, list.n == 1 ? "" : "s");
        bo_record_list_free(&list);
        return BO_EXIT_USAGE;
    }
    bo_record *r = &list.items[want - 1];
    xq_check c;
    xq_check_init(&c);
    c.rules = rules;
    bo_verdict_sink sink = {convert_verdict, convert_warning, NULL};
    bo_verdict v;
    if (xq_check_record(&c, t->path, r, &sink, &v) != 0) {
        bo_cli_error(t->path, 0, 0, "out of memory");
        rc = BO_EXIT_USAGE;
    } else {
        const char *result = v.result;
        bool written = true;
        if (v.status != BO_VERDICT_OK) {
            written = strcmp(v.kind, "position") != 0;
            bo_cli_error(t->path, v.line, v.col, "game %d: %s: %s%s", r->index, v.kind, v.message,
                         written ? "; written up to there" : "; game not written");
            rc = BO_EXIT_INVALID;
            result = "*";
        } else if (r->result) {
            const char *claim = xq_result_normalise(r->result, strlen(r->result));
            if (claim) result = claim;
        }
        xq_xqf_losses loss;
        if (written && xq_xqf_write(out, r, &c.start, c.moves, c.nmoves, result, &loss, err, sizeof err) != 0) {
            bo_cli_error(t->path, r->line, 0, "game %d: %s", r->index, err);
            rc = BO_EXIT_INVALID;
        } else if (written) {
            xqf_losses(t->path, r->index, &loss);
        }
    }
    xq_check_free(&c);
    bo_record_list_free(&list);
    return rc;
}

/* boyi convert: every game of the file in the form --to names. */
static int xq_convert_cli(const bo_opts *o, const bo_text *t, FILE *out)
{
    int fmt = xq_format_from_name(o->to);
    bool xqf = o->to && strcasecmp(o->to, "xqf") == 0;
    if (fmt < 0 && !xqf) {
        bo_cli_error(NULL, 0, 0, "xiangqi records convert to pgn, wxf, iccs, chinese or contest, or to xqf (one game), not '%s'", o->to);
        return BO_EXIT_USAGE;
    }
    xq_rules rules;
    if (check_rules(o, &rules) != 0) return BO_EXIT_USAGE;
    if (xqf) return convert_xqf(o, t, out, rules);
    char err[512];
    convert_run run = {.t = t, .out = out, .fmt = (xq_format)fmt, .rc = BO_EXIT_OK};
    xq_check_init(&run.c);
    run.c.rules = rules;
    xq_read_opts ro = {.strict = o->strict};
    if (xq_records_each_opts(t, &ro, convert_one, &run, NULL, err, sizeof err) != 0) {
        bo_cli_error(t->path, 0, 0, "%s", err);
        run.rc = BO_EXIT_USAGE;
    }
    xq_check_free(&run.c);
    return run.rc;
}

/* bench: count games, plies and faults instead of printing them. */
static void count_verdict(void *ctx, const bo_verdict *v)
{
    long *n = ctx;
    n[0]++;
    n[1] += v->moves;
    if (v->status != BO_VERDICT_OK) n[2]++;
}

/* bench: read only (count the games, replay nothing). */
static int skip_record(void *ctx, bo_record *r)
{
    (void)r;
    ++*(long *)ctx;
    return 0;
}

/* Reading and replaying a whole file as validate does (without printing),
 * best of several rounds (at least 1 s in all); CPU time is the per-core figure. */
static int bench_validate(const char *path, bool json, FILE *out)
{
    char err[512];
    bo_text t;
    if (bo_text_load(&t, path, err, sizeof err) != 0) {
        bo_cli_error(path, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    bo_cli_text_warnings(&t);
    double best_read = 1e30, best_total = 1e30, best_cpu = 1e30, spent = 0;
    long counts[3] = {0, 0, 0};
    int rounds = 0;
    while (rounds < 3 || (spent < 1.0 && rounds < 1000)) {
        long games = 0, n[3] = {0, 0, 0};
        double t0 = bo_now_seconds();
        if (xq_records_each(&t, skip_record, &games, NULL, err, sizeof err) != 0) {
            bo_cli_error(path, 0, 0, "%s", err);
            bo_text_free(&t);
            return BO_EXIT_USAGE;
        }
        double t1 = bo_now_seconds(), c1 = bo_clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
        bo_verdict_sink sink = {count_verdict, bo_warning_ignore, n};
        if (validate_text(&t, XQ_RULES_CCGC, NULL, &sink, err, sizeof err) != 0) {
            bo_cli_error(path, 0, 0, "%s", err);
            bo_text_free(&t);
            return BO_EXIT_USAGE;
        }
        double t2 = bo_now_seconds(), c2 = bo_clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
        if (t1 - t0 < best_read) best_read = t1 - t0;
        if (t2 - t1 < best_total) best_total = t2 - t1;
        if (c2 - c1 < best_cpu) best_cpu = c2 - c1;
        spent += t2 - t0;
        memcpy(counts, n, sizeof n);
        rounds++;
    }
    if (json) {
        bo_json j;
        bo_json_begin(&j, out);
        bo_json_str(&j, "game", "xiangqi");
        bo_json_str(&j, "bench", "validate");
        bo_json_str(&j, "file", path);
        bo_json_int(&j, "games", counts[0]);
        bo_json_int(&j, "plies", counts[1]);
        bo_json_int(&j, "invalid", counts[2]);
        bo_json_u64(&j, "bytes", (uint64_t)t.len);
        bo_json_int(&j, "rounds", rounds);
        bo_json_num(&j, "read_seconds", best_read, 6);
        bo_json_num(&j, "read_mb_per_second", (double)t.len / 1e6 / best_read, 1);
        bo_json_num(&j, "seconds", best_total, 6);
        bo_json_num(&j, "cpu_seconds", best_cpu, 6);
        bo_json_num(&j, "plies_per_second_cpu", (double)counts[1] / best_cpu, 0);
        bo_json_num(&j, "plies_per_second", (double)counts[1] / best_total, 0);
        bo_json_end(&j);
        bo_text_free(&t);
        return BO_EXIT_OK;
    }
    fprintf(out, "validate %s: %ld games, %ld plies, %ld invalid (%.1f MB of text)\n", path, counts[0], counts[1],
            counts[2], (double)t.len / 1e6);
    fprintf(out, "best of %d rounds: read alone %.4f s (%.1f MB/s), read+replay %.4f s\n", rounds, best_read,
            (double)t.len / 1e6 / best_read, best_total);
    fprintf(out, "read+replay CPU time %.4f s: %.0f plies/s per core\n", best_cpu, (double)counts[1] / best_cpu);
    fprintf(out, "%.0f plies/s\n", (double)counts[1] / best_total);
    bo_text_free(&t);
    return BO_EXIT_OK;
}

/* boyi bench: perft from the start, or validation speed over a file. */
static int xq_bench_cli(const bo_opts *o, FILE *out)
{
    const char *what = o->what ? o->what : o->nargs > 0 ? o->args[0] : "perft";
    if (strcmp(what, "validate") == 0) {
        const char *path = o->nargs > 1 ? o->args[1] : NULL;
        if (!path) {
            bo_cli_error(NULL, 0, 0, "usage: boyi bench --game xiangqi validate FILE");
            return BO_EXIT_USAGE;
        }
        return bench_validate(path, o->json, out);
    }
    if (strcmp(what, "perft") != 0) {
        bo_cli_error(NULL, 0, 0, "xiangqi benchmarks: perft [--depth N], validate FILE; not '%s'", what);
        return BO_EXIT_USAGE;
    }
    if (o->fen) {
        bo_cli_error(NULL, 0, 0, "xiangqi bench perft runs from the start position; for another one use boyi perft --fen");
        return BO_EXIT_USAGE;
    }
    int depth = o->depth >= 0 ? o->depth : 5;
    uint64_t nodes = 0;
    double s = xq_bench_perft(depth, &nodes);
    return bo_cli_perft_bench(o, out, "xiangqi", NULL, depth, nodes, s);
}

/* The descriptor's Xiangqi position is an xq_pos and its move an xq_move. */
static int xq_cli_render(const bo_opts *o, const void *pos, uint32_t last, const uint32_t *line, int nline,
                         FILE *out)
{
    (void)o;
    (void)line;
    (void)nline;
    xq_svg_write(out, pos, (xq_move)last);
    return BO_EXIT_OK;
}

/* ---- replay and write_game (annotate, render from a record) ------------------- */

/* What replaying one file keeps while its games stream by. */
typedef struct replay_run {
    xq_check c;
    const bo_opts *o;
    const char *path;
    xq_source src;
    bo_cli_game_fn each;
    void *ctx;
    uint32_t *moves;          /* c.moves widened to the descriptor's encoding */
    int cap;
    int oom, stopped;
} replay_run;

/* The output form of a record read as SRC with notation NOTE: the form it came
 * in (XQF, which is binary, becomes PGN with Chinese moves). */
static xq_format source_format(xq_source src, const char *note)
{
    if (src == XQ_SRC_CONTEST) return XQ_FMT_CONTEST;
    if (note && (strcasecmp(note, "iccs") == 0 || strcasecmp(note, "uci") == 0)) return XQ_FMT_ICCS;
    if (note && strcasecmp(note, "wxf") == 0) return XQ_FMT_WXF;
    return XQ_FMT_PGN;
}

/* What write_game needs beside the record: the form to write and the replay. */
typedef struct xq_rec_priv {
    xq_format fmt;
    const xq_check *c;
} xq_rec_priv;

/* One game: replay it, widen its moves and hand it on. */
static int replay_one(void *ctx, bo_record *r)
{
    replay_run *run = ctx;
    bo_verdict_sink quiet = {convert_verdict, NULL, NULL};
    bo_verdict v;
    if (xq_check_record(&run->c, run->path, r, &quiet, &v) != 0) { run->oom = 1; return -1; }
    if (run->c.nmoves > run->cap) {
        int cap = run->c.nmoves + 64;
        uint32_t *m = realloc(run->moves, (size_t)cap * sizeof *m);
        if (!m) { run->oom = 1; return -1; }
        run->moves = m;
        run->cap = cap;
    }
    for (int i = 0; i < run->c.nmoves; i++) run->moves[i] = run->c.moves[i];
    xq_rec_priv priv = {source_format(run->src, r->notation), &run->c};
    bo_cli_game_rec g = {run->path, r, &run->c.start, run->moves, run->c.nmoves, &v, &priv, NULL};
    if (run->each(run->ctx, &g) != 0) { run->stopped = 1; return -1; }
    return 0;
}

/* Read and replay every game of T as validate does, handing each on. */
static int xq_cli_replay(const bo_opts *o, const bo_text *t, bo_cli_game_fn each, void *ctx, char *err,
                         size_t errlen)
{
    xq_rules rules = XQ_RULES_CCGC;
    if (o->rules && xq_rules_from_name(o->rules, &rules) != 0) {
        rules_error(o->rules, err, errlen);
        return -1;
    }
    replay_run run = {.o = o, .path = t->path, .each = each, .ctx = ctx};
    xq_records_sniff(t, &run.src);
    xq_check_init(&run.c);
    run.c.rules = rules;
    run.c.variation_errors = o->variation_errors;
    xq_read_opts ro = {.strict = o->strict};
    int rc = xq_records_each_opts(t, &ro, replay_one, &run, NULL, err, errlen);
    if (run.stopped) rc = 0;
    xq_check_free(&run.c);
    free(run.moves);
    if (run.oom) { snprintf(err, errlen, "out of memory"); rc = -1; }
    return rc;
}

/* Write the game in its own form (or --to's), its comments as they now are; the
 * moves after a fault are written as they were read, so that the copy is judged
 * as the original was. */
static int xq_cli_write_game(const bo_opts *o, const bo_cli_game_rec *g, FILE *out, char *err, size_t errlen)
{
    const xq_rec_priv *pv = g->priv;
    xq_format fmt = pv->fmt;
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
    if (fmt == XQ_FMT_CONTEST && commented > 0)
        fprintf(stderr, "boyi: %s: game %d: warning: the contest frame cannot hold comments: %d comment%s not "
                "written (pgn, wxf, iccs and chinese hold them)\n", g->path, g->r->index, commented,
                commented == 1 ? "" : "s");
    return xq_record_write_rest(out, g->r, &pv->c->start, pv->c->moves, pv->c->nmoves, result, fmt, err, errlen);
}

/* A move in the notation the record is written in: Chinese (in the record's own
 * script: traditional where its moves were), WXF or ICCS. */
static int xq_cli_move_text(const bo_cli_game_rec *g, const void *pos, uint32_t m, char *buf, size_t n)
{
    const xq_rec_priv *pv = g->priv;
    xq_notation nt = pv->fmt == XQ_FMT_WXF ? XQ_NOTE_WXF : pv->fmt == XQ_FMT_ICCS ? XQ_NOTE_ICCS : XQ_NOTE_CHINESE;
    int rc = xq_write_move(pos, (xq_move)m, nt, buf, n);
    if (rc != 0 || nt != XQ_NOTE_CHINESE) return rc;
    int script = 0;
    for (int i = 0; i < g->r->nmoves; i++)
        if (g->r->moves[i].text) script += xq_chinese_script(g->r->moves[i].text);
    if (script > 0) xq_chinese_traditional(buf);
    return 0;
}

/* ---- games boyi played ------------------------------------------------------- */

/* The result tag of a played game from the first player's score. */
static const char *played_result(double score_first)
{
    return score_first == 1.0 ? "1-0" : score_first == 0.0 ? "0-1" : "1/2-1/2";
}

/* A self-play or match game as PGN (Chinese moves; --to picks another form). */
static int xq_write_played(const bo_opts *o, const bo_cli_played *p, FILE *out, char *err, size_t errlen)
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

const bo_game_cli bo_game_xiangqi = {
    .name = "xiangqi",
    .rules_help = "ccgc (default: a third repetition, or 60 moves each without a capture, ends the game), "
                  "human (each is a warning; play goes on)",
    .sniff = xq_sniff,
    .validate = xq_validate_cli,
    .split = bo_split_records,
    .position = xq_cli_position,
    .move_note = xq_cli_move_note,
    .moves_ending = xq_cli_moves_ending,
    .convert = xq_convert_cli,
    .bench = xq_bench_cli,
    .render = xq_cli_render,
    .replay = xq_cli_replay,
    .write_game = xq_cli_write_game,
    .record_move_text = xq_cli_move_text,
    .eval_scale = 550,   /* fitted to 30 Big5 grandmaster games (docs/annotate.md) */
    .played_ext = "pgn",
    .write_played = xq_write_played,
};
