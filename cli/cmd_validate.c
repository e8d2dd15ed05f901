/* cmd_validate.c -- `boyi validate`: read records slice by slice (text_stream.h),
 * replay them, report per game with the lines and game numbers of the whole file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "text_stream.h"

typedef struct tally {
    bool json;
    bool progress;     /* a progress line is on stderr: clear it before printing */
    bool dead;         /* standard output failed: nothing more is printed, reading stops */
    long files, games, moves, ok, invalid, skipped, warnings;
} tally;

/* One line per game: judges read the text form, tools the JSON form. */
static void on_verdict(void *ctx, const bo_verdict *v)
{
    tally *t = ctx;
    if (t->dead) return;
    if (ferror(stdout)) {   /* nobody reads the verdicts any more (a closed pipe, a full disk): stop reading;
                               main says why on its way out (exit 2) */
        t->dead = true;
        return;
    }
    if (t->progress) fputs("\r\033[K", stderr);
    t->games++;
    t->moves += v->moves;
    if (v->status == BO_VERDICT_OK) t->ok++;
    else if (v->status == BO_VERDICT_INVALID) t->invalid++;
    else t->skipped++;
    FILE *f = stdout;
    if (t->json) {
        static const char *const names[] = {"ok", "invalid", "skipped"};
        fputs("{\"file\":", f); bo_json_string(f, v->file);
        fprintf(f, ",\"game\":%d,\"status\":\"%s\",\"moves\":%d,\"result\":", v->game, names[v->status], v->moves);
        bo_json_string(f, v->result);
        fputs(",\"ending\":", f); bo_json_string(f, v->ending);
        if (v->status != BO_VERDICT_OK) {
            fprintf(f, ",\"line\":%d,\"col\":%d,\"move_no\":%d,\"side\":", v->line, v->col, v->move_no);
            bo_json_string(f, v->side);
            fputs(",\"move\":", f); bo_json_string(f, v->move_text);
            fputs(",\"kind\":", f); bo_json_string(f, v->kind);
            fputs(",\"message\":", f); bo_json_string(f, v->message);
        }
        fputs("}\n", f);
        return;
    }
    if (v->status == BO_VERDICT_OK) {
        fprintf(f, "%s: game %d: ok, %d plies, %s", v->file, v->game, v->moves, v->result ? v->result : "*");
        if (v->ending) fprintf(f, " (%s)", v->ending);
        fputc('\n', f);
        return;
    }
    fputs(v->file, f);
    if (v->line > 0) fprintf(f, ":%d", v->line);
    if (v->line > 0 && v->col > 0) fprintf(f, ":%d", v->col);
    fprintf(f, ": game %d", v->game);
    if (v->move_no > 0) {
        fprintf(f, ", move %d", v->move_no);
        if (v->side) fprintf(f, " (%s)", v->side);
        if (v->move_text) fprintf(f, " %s", v->move_text);
    }
    fprintf(f, ": %s: %s\n", v->kind ? v->kind : (v->status == BO_VERDICT_SKIPPED ? "skipped" : "invalid"),
            v->message ? v->message : "");
}

static void on_warning(void *ctx, const bo_warning *w)
{
    tally *t = ctx;
    if (t->dead) return;
    if (t->progress) fputs("\r\033[K", stderr);
    t->warnings++;
    if (t->json) {
        fputs("{\"file\":", stdout); bo_json_string(stdout, w->file);
        fprintf(stdout, ",\"game\":%d,\"line\":%d,\"col\":%d,\"status\":\"warning\",\"message\":", w->game, w->line, w->col);
        bo_json_string(stdout, w->message);
        fputs("}\n", stdout);
        return;
    }
    fprintf(stdout, "%s", w->file);
    if (w->line > 0) fprintf(stdout, ":%d", w->line);
    if (w->line > 0 && w->col > 0) fprintf(stdout, ":%d", w->col);
    fprintf(stdout, ": game %d: warning: %s\n", w->game, w->message);
}

/* The records interface's results to a verdict sink: each game's verdict, the
 * warnings, the lines of judging across files. */
typedef struct to_sink {
    const bo_verdict_sink *to;
    bool json;
    const bool *dead;   /* standard output failed: stop reading */
    bo_cli_game_hook hook;   /* also each game read, with game0 (NULL: none) */
    const bo_game_cli *gc;   /* the front end whose records read it */
    void *hook_ctx;
    int game0;
} to_sink;

static int sink_game(void *ctx, const bo_rec_game *g)
{
    const to_sink *c = ctx;
    if (c->hook) c->hook(c->hook_ctx, c->gc, g, c->game0);
    c->to->verdict(c->to->ctx, g->v);
    return *c->dead;
}

static void sink_verdict(void *ctx, const bo_verdict *v)
{
    const to_sink *c = ctx;
    c->to->verdict(c->to->ctx, v);
}

static void sink_warning(void *ctx, const bo_warning *w)
{
    const to_sink *c = ctx;
    c->to->warning(c->to->ctx, w);
}

/* A fault that is no verdict: said on stderr, located where it can be. */
static void sink_error(void *ctx, const bo_warning *e)
{
    (void)ctx;
    if (e->game > 0) bo_cli_error(e->file, e->line, e->col, "game %d: %s", e->game, e->message);
    else bo_cli_error(e->file, e->line, e->col, "%s", e->message);
}

/* A line of judging across files (EWN's match scores), in the output's form. */
static void sink_line(void *ctx, const char *text, const char *json)
{
    const to_sink *c = ctx;
    if (*c->dead) return;
    const char *s = c->json ? json : text;
    if (s) printf("%s\n", s);
}

/* What one validate run keeps across its files: the games that read some file, each
 * once, with its records' state across files (their judging across files follows the
 * last file), and whether standard output has failed. */
typedef struct vrun {
    const bool *dead;                 /* NULL: never (standings' files) */
    const bo_game_cli *used[32];
    void *across[32];
    int nused;
    bool keep;                        /* the command judges across files: begin and end are called */
    bo_cli_game_hook hook;            /* each game a records interface read (NULL: none) */
    void *hook_ctx;
    bool by_records;                  /* the file was read by a records interface */
} vrun;

/* G's state across files, begun the first time G reads a file of the run. */
static void *across_of(const bo_opts *o, vrun *run, const bo_game_cli *g)
{
    if (!run || !run->keep) return NULL;
    for (int k = 0; k < run->nused; k++)
        if (run->used[k] == g) return run->across[k];
    if (run->nused >= (int)(sizeof run->used / sizeof run->used[0])) return NULL;
    void *a = NULL;
    if (g->records && g->records->begin) {
        bo_read_opts ro;
        bo_cli_read_opts(o, &ro);
        a = g->records->begin(&ro);
    }
    run->used[run->nused] = g;
    run->across[run->nused++] = a;
    return a;
}

/* One text judged by game G: through its records interface (ACROSS: its state across
 * files), else its validate hook.  0, or -1 with err set. */
static int judge_text(const bo_opts *o, const bo_game_cli *g, const bo_text *t, vrun *run, void *across, int game0,
                      const bo_verdict_sink *sink, char *err, size_t errlen)
{
    if (!g->records) return g->validate(o, t, sink, err, errlen);
    static const bool never = false;
    bo_read_opts ro;
    bo_cli_read_opts(o, &ro);
    to_sink c = {sink, o->json, run && run->dead ? run->dead : &never, run ? run->hook : NULL, g,
                 run ? run->hook_ctx : NULL, game0};
    if (run) run->by_records = true;
    bo_records_sink rs = {sink_game, sink_warning, sink_error, sink_verdict, sink_line, &c};
    return g->records->read(&ro, t, across, &rs, err, errlen);
}

/* Readers report whole-file faults as "line L, column C: reason"; judges want the
 * house form FILE:L:C, so the location is lifted out of the text here (LINE0:
 * the lines of the file before the slice the reader was given). */
static void file_error(const char *path, const char *err, int line0)
{
    int line = 0, col = 0, used = 0;
    if (sscanf(err, "line %d, column %d: %n", &line, &col, &used) == 2 && used > 0)
        bo_cli_error(path, line + line0, col, "%s", err + used);
    else if (sscanf(err, "line %d: %n", &line, &used) == 1 && used > 0)
        bo_cli_error(path, line + line0, 0, "%s", err + used);
    else
        bo_cli_error(path, 0, 0, "%s", err);
}

/* A slice's verdicts and warnings, numbered as in the whole file: its lines
 * come after line0 lines, its games after game0 games. */
typedef struct rebase {
    const bo_verdict_sink *to;
    int line0, game0, games;
    /* In the last slice of a file cut inside a character, each verdict waits for
     * the next: the last one is printed after the cut warning, as a whole-file
     * read prints them.  held owns copies of its strings. */
    bool hold, held_set;
    bo_verdict held;
} rebase;

/* A copy of S (NULL stays NULL; out of memory gives NULL too). */
static const char *dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

/* Print the verdict that waits, if one does, and let it go. */
static void release_held(rebase *r)
{
    if (!r->held_set) return;
    r->to->verdict(r->to->ctx, &r->held);
    const char *strs[] = {r->held.result, r->held.ending, r->held.event, r->held.side, r->held.move_text,
                          r->held.kind, r->held.message, r->held.players[0], r->held.players[1]};
    for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++) free((char *)strs[i]);
    r->held_set = false;
}

/* A verdict of the slice, numbered in the file. */
static void rebase_verdict(void *ctx, const bo_verdict *v)
{
    rebase *r = ctx;
    bo_verdict c = *v;
    if (c.line > 0) c.line += r->line0;
    c.game += r->game0;
    if (v->game > r->games) r->games = v->game;
    if (!r->hold) { r->to->verdict(r->to->ctx, &c); return; }
    release_held(r);
    c.result = dup_or_null(v->result);
    c.ending = dup_or_null(v->ending);
    c.event = dup_or_null(v->event);
    c.side = dup_or_null(v->side);
    c.move_text = dup_or_null(v->move_text);
    c.kind = dup_or_null(v->kind);
    c.message = dup_or_null(v->message);
    c.players[0] = dup_or_null(v->players[0]);
    c.players[1] = dup_or_null(v->players[1]);
    r->held = c;
    r->held_set = true;
}

/* A warning of the slice, numbered in the file. */
static void rebase_warning(void *ctx, const bo_warning *w)
{
    rebase *r = ctx;
    bo_warning c = *w;
    if (c.line > 0) c.line += r->line0;
    c.game += r->game0;
    r->to->warning(r->to->ctx, &c);
}

/* The slice size: BOYI_SLICE_BYTES (for tests that cut files small), else the
 * default. */
static size_t slice_size(void)
{
    const char *e = getenv("BOYI_SLICE_BYTES");
    long n = e ? atol(e) : 0;
    return n > 0 ? (size_t)n : BO_STREAM_SLICE;
}

/* The comment cap: BOYI_COMMENT_CAP_BYTES (for tests that need a game held
 * whole), else the default (text_stream.h). */
static size_t comment_cap(void)
{
    const char *e = getenv("BOYI_COMMENT_CAP_BYTES");
    long long n = e ? atoll(e) : 0;
    return n > 0 ? (size_t)n : BO_STREAM_COMMENT_CAP;
}

/* Warn of the comments the stream cut to the cap in SLICE (numbered in the
 * slice; the rebasing sink numbers them in the file): each in the game that
 * holds it, counted with the split G uses. */
static void warn_cuts(const bo_game_cli *g, const bo_stream *s, const bo_text *slice, const bo_stream_fault *f,
                      const bo_verdict_sink *rsink)
{
    char msg[256], capmsg[64];
    size_t cap = s->comment_cap;
    if (cap % ((size_t)1 << 20) == 0) snprintf(capmsg, sizeof capmsg, "%zu MB", cap >> 20);
    else snprintf(capmsg, sizeof capmsg, "%zu bytes", cap);
    for (int i = 0; i < f->ncut; i++) {
        int game = 1;
        for (size_t k = f->cut[i].off; (k = bo_cli_split(g)(slice->data, k)) > 0;) game++;
        int n = snprintf(msg, sizeof msg, "comment of %llu bytes cut to %s (the rest is read over, not kept; columns after it "
                         "on its line count the kept bytes)", f->cut[i].bytes, capmsg);
        if (f->cut[i].lines_dropped > 0 && n > 0 && (size_t)n < sizeof msg)
            snprintf(msg + n, sizeof msg - (size_t)n, "; %ld of its line ends dropped too: the lines after it "
                     "in this game are numbered that much lower", f->cut[i].lines_dropped);
        bo_warning w = {s->path, game, f->cut[i].line, f->cut[i].col, msg};
        rsink->warning(rsink->ctx, &w);
    }
    if (f->cuts > f->ncut) {
        snprintf(msg, sizeof msg, "%ld more comments cut to %s in this stretch of the file", f->cuts - f->ncut, capmsg);
        bo_warning w = {s->path, 0, 0, 0, msg};
        rsink->warning(rsink->ctx, &w);
    }
}

/* Validate the file of stream S slice by slice with game G.  Returns 0, or -1
 * when some of it could not be read (each fault already printed). */
static int validate_slices(const bo_opts *o, const bo_game_cli *g, bo_stream *s, const bo_verdict_sink *sink,
                           vrun *run, void *across)
{
    rebase rb = {.to = sink};
    bo_verdict_sink rsink = {rebase_verdict, rebase_warning, &rb};
    int rc = 0, first_line, end_line = 0, end_col = 0;
    char err[512];
    bo_text slice;
    bo_stream_fault fault;
    int got;
    while ((got = bo_stream_next(s, bo_cli_split(g), &slice, &first_line, &fault, err, sizeof err)) == 1) {
        rb.line0 = first_line;
        rb.games = 0;
        /* the last slice of a file cut inside a character: bo_stream_next read to the end */
        rb.hold = s->cut_tail > 0 && s->eof && s->handed == s->text.len;
        if (fault.count > 0) {
            bo_cli_error(s->path, first_line + fault.line, fault.col,
                         "byte 0x%02X is not %s text (the encoding of the file's start); read as U+FFFD%s",
                         fault.byte, bo_encoding_name(s->enc), fault.count > 1 ? ", and more such bytes after it" : "");
            rc = -1;
        }
        if (fault.cuts > 0) warn_cuts(g, s, &slice, &fault, &rsink);
        if (judge_text(o, g, &slice, run, across, rb.game0, &rsink, err, sizeof err) != 0) {
            file_error(s->path, err, first_line);
            rc = -1;
        }
        rb.game0 += rb.games;
        bo_text_line_col(&slice, slice.len, &end_line, &end_col);
        end_line += first_line;
        fflush(stdout);
        if (run && run->dead && *run->dead) break;   /* nobody reads on: the rest is not read */
    }
    if (s->cut_tail > 0 && rb.game0 > 0) {
        bo_warning w = {s->path, rb.game0, end_line, end_col,
                        "the file ends inside a character (cut short?); its last bytes were not read"};
        sink->warning(sink->ctx, &w);
    }
    release_held(&rb);
    if (got < 0) {
        bo_cli_error(s->path, 0, 0, "%s", err);
        return -1;
    }
    return rc;
}

/* One file: open it, decide its game on its first bytes, validate it slice by
 * slice (whole for binary formats and games that cannot be cut).  Returns 0,
 * or -1 when it (or part of it) could not be read. */
/* bo_cli_validate_file within RUN (NULL: on its own). */
static int validate_file(const bo_opts *o, const char *path, const bo_verdict_sink *sink, long *files, vrun *run)
{
    char err[512];
    bo_stream s;
    if (bo_stream_open(&s, path, o->encoding, slice_size(), err, sizeof err) != 0) {
        bo_cli_error(path, 0, 0, "%s", err);
        return -1;
    }
    s.comment_cap = comment_cap();
    (*files)++;
    int rc = 0;
    bo_text head;
    if (bo_stream_head(&s, &head, err, sizeof err) != 0) {
        bo_cli_error(path, 0, 0, "%s", err);
        bo_stream_close(&s);
        return -1;
    }
    const char *unsupported = bo_cli_unsupported_format(path, &head, false);
    const bo_game_cli *g = unsupported ? NULL : bo_cli_game_for_text(o, &head);
    if (!g && !unsupported) unsupported = bo_cli_unsupported_format(path, &head, true);
    const bo_game_cli *other = g ? bo_cli_game_mismatch(o, &head) : NULL;
    bo_text_free(&head);
    if (other) {
        bo_cli_file_of_other_game(path, other, g);
        rc = -1;
    } else if (unsupported) {
        bo_cli_error(path, 0, 0, "format %s is not supported yet", unsupported);
        rc = -1;
    } else if (!g) {
        bo_cli_error(path, 1, 1, "cannot tell which game this file holds (empty or not a record file); use --game");
        rc = -1;
    } else if (!g->validate && !(g->records && g->records->read)) {
        bo_cli_error(path, 0, 0, "validation of %s records is not available", g->name);
        rc = -1;
    } else if (s.enc == BO_ENC_BINARY || !bo_cli_split(g)) {
        void *across = across_of(o, run, g);
        bo_text text;
        if (bo_stream_slurp(&s, &text, o->encoding, err, sizeof err) != 0) {
            bo_cli_error(path, 0, 0, "%s", err);
            rc = -1;
        } else {
            if (judge_text(o, g, &text, run, across, 0, sink, err, sizeof err) != 0) {
                file_error(path, err, 0);
                rc = -1;
            }
            bo_text_free(&text);
        }
    } else {
        rc = validate_slices(o, g, &s, sink, run, across_of(o, run, g));
    }
    fflush(stdout);
    if (s.trailing_at >= 0)   /* what gzip -dc calls "trailing garbage": said, as gzip says it */
        fprintf(stderr, "boyi: %s: warning: the data from byte %lld on, after the last gzip member, is not gzip: "
                "ignored\n", path, s.trailing_at);
    bo_stream_close(&s);
    return rc;
}

int bo_cli_validate_file(const bo_opts *o, const char *path, const bo_verdict_sink *sink, long *files)
{
    return validate_file(o, path, sink, files, NULL);
}

int bo_cli_validate_file_games(const bo_opts *o, const char *path, const bo_verdict_sink *sink, long *files,
                               bo_cli_game_hook hook, void *ctx, bool *by_records)
{
    vrun run = {.hook = hook, .hook_ctx = ctx};
    int rc = validate_file(o, path, sink, files, &run);
    if (by_records) *by_records = run.by_records;
    return rc;
}

int bo_cmd_validate(const bo_opts *o)
{
    if (o->nargs == 0) {
        bo_cli_error(NULL, 0, 0, "validate needs at least one FILE ('-' for stdin)");
        return BO_EXIT_USAGE;
    }
    tally t = {.json = o->json};
    bo_verdict_sink sink = {on_verdict, on_warning, &t};
    bool unreadable = false;
    /* Progress only for a person watching a terminal; never in pipes or logs. */
    bool progress = o->nargs > 1 && isatty(STDERR_FILENO);
    t.progress = progress;
    vrun run = {.dead = &t.dead, .keep = true};
    for (int i = 0; i < o->nargs && !t.dead; i++) {
        const char *path = o->args[i];
        if (progress) fprintf(stderr, "\r\033[Kvalidating %d/%d: %s", i + 1, o->nargs, path);
        if (validate_file(o, path, &sink, &t.files, &run) != 0) unreadable = true;
    }
    if (progress) fputs("\r\033[K", stderr);
    /* the games that read some file, each once: their judging across files */
    for (int k = 0; k < run.nused; k++) {
        const bo_game_cli *g = run.used[k];
        if (g->records && g->records->begin) {
            bo_read_opts ro;
            bo_cli_read_opts(o, &ro);
            static const bool never = false;
            to_sink c = {.to = &sink, .json = o->json, .dead = t.dead ? &t.dead : &never};
            bo_records_sink rs = {sink_game, sink_warning, sink_error, sink_verdict, sink_line, &c};
            if (g->records->end) g->records->end(&ro, run.across[k], &rs);
        } else if (!g->records && g->validate_end && !t.dead) {
            g->validate_end(o, &sink);
        }
    }
    if (t.dead) return BO_EXIT_USAGE;
    if (o->json)
        printf("{\"summary\":{\"files\":%ld,\"games\":%ld,\"moves\":%ld,\"ok\":%ld,\"invalid\":%ld,\"skipped\":%ld,\"warnings\":%ld}}\n",
               t.files, t.games, t.moves, t.ok, t.invalid, t.skipped, t.warnings);
    else
        printf("summary: %ld files, %ld games, %ld moves, %ld ok, %ld invalid, %ld skipped, %ld warnings\n",
               t.files, t.games, t.moves, t.ok, t.invalid, t.skipped, t.warnings);
    bo_cli_report_peak_memory();
    if (unreadable) return BO_EXIT_USAGE;
    return t.invalid > 0 ? BO_EXIT_INVALID : BO_EXIT_OK;
}
