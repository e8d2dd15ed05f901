/* cmd_annotate.c -- `boyi annotate`: every move of every game judged by the engine.
 *
 * One read of the files (the game's records interface, records.h, as validate reads
 * them) collects each game's start and main line, and keeps the game itself (its
 * record, verdict and the rest); a pool of workers searches every position of each
 * (annotate_search.c); then this thread waits for game k's analysis, writes its
 * figures into the kept record's comments and writes the record in its own format
 * (write_game), or writes JSON lines, game by game in file order, flushed after each
 * (records of a file not in UTF-8 are kept in memory and written in the file's own
 * encoding at the end: a Big5 file stays Big5).  A game whose front end has no
 * records interface yet is read a second time instead of kept (its replay hook).  Nothing
 * here knows a game by name: scales, notation
 * and formats come from the front ends (cli.h) and the descriptor (game.h).
 * With --engine SPEC (match's spec, selfplay/sp_engine.h) an outside engine judges
 * instead of boyi's search: one process per worker, its scores normalised to the
 * same convention; a position it cannot judge (it failed twice there) is written
 * "no analysis", and the moves around it are not classed.
 * docs/annotate.md gives the formulas and the output. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "annotate.h"
#include "cli.h"
#include "encoding.h"
#include "outfile.h"
#include "record.h"

/* Loss thresholds (expected score, 0..1) of the classes; docs/annotate.md. */
#define AN_INACCURACY 0.05
#define AN_MISTAKE 0.10
#define AN_BLUNDER 0.15

enum { CLS_BEST = 0, CLS_GOOD, CLS_INACCURACY, CLS_MISTAKE, CLS_BLUNDER, CLS_N };
static const char *const class_names[CLS_N] = {"best", "good", "inaccuracy", "mistake", "blunder"};

/* One side's tally over a game. */
typedef struct side_sum {
    int moves, count[CLS_N];
    double loss, accuracy;
} side_sum;

/* The whole run: options, the games of every file in order, the pool. */
typedef struct run {
    const bo_opts *o;
    FILE *out;
    bool progress;
    an_job **jobs;
    bo_rec_game **kept;     /* kept[k]: job k's game, kept from the read (records interface), or NULL */
    const bo_game_cli **kgc;   /* kgc[k]: the front end of job k's file */
    int njobs, cap;
    int k;                  /* the second pass: the next job to write */
    int file_ok;            /* this file was read in the first pass */
    const bo_game_cli *gc;
    const bo_game *g;
    an_pool *pool;
    int rc;
    long games, plies;
    side_sum sum[2];        /* the game just annotated */
    int nplies;
    bool oom;               /* the first pass ran out of memory */
    bool replay_only;       /* --depth 0: replay and check, no search */
    bo_encoding enc;        /* the input files' encoding, the records' output's too */
    int encs;               /* 0: no file read yet, 1: all in enc, 2: they differ */
    double scale;           /* --engine's scale=; 0: the game's */
    char annotator[160];    /* the records' Annotator tag: who judged, at what limit */
    const char *engine_name;   /* --engine: its name; NULL: boyi's search */
    int no_analysis[2];     /* the game just annotated: moves of each side left unclassed */
} run;

/* Readers say "line L, column C: reason" for a fault of the whole file: printed
 * located, as validate prints it. */
static void file_error(const char *path, const char *err)
{
    int line = 0, col = 0, used = 0;
    if (sscanf(err, "line %d, column %d: %n", &line, &col, &used) == 2 && used > 0)
        bo_cli_error(path, line, col, "%s", err + used);
    else if (sscanf(err, "line %d: %n", &line, &used) == 1 && used > 0)
        bo_cli_error(path, line, 0, "%s", err + used);
    else
        bo_cli_error(path, 0, 0, "%s", err);
}

/* ---- first pass: collect ------------------------------------------------------ */

/* Job K's kept game let go (written, or its file failed). */
static void drop_kept(run *R, int k)
{
    if (R->kept && R->kept[k]) bo_records_release(R->kgc[k]->records, R->kept[k]);
    if (R->kept) R->kept[k] = NULL;
}

/* One game of the first pass: its start and moves, copied for a worker. */
static int collect(void *ctx, const bo_cli_game_rec *rec)
{
    run *R = ctx;
    if (R->njobs == R->cap) {
        int cap = R->cap ? 2 * R->cap : 64;
        an_job **jj = realloc(R->jobs, (size_t)cap * sizeof *jj);
        if (jj) R->jobs = jj;
        bo_rec_game **kk = jj ? realloc(R->kept, (size_t)cap * sizeof *kk) : NULL;
        if (kk) R->kept = kk;
        const bo_game_cli **gg = kk ? realloc(R->kgc, (size_t)cap * sizeof *gg) : NULL;
        if (!gg) { R->oom = true; return 1; }
        R->kgc = gg;
        R->cap = cap;
    }
    /* the game itself, for the writing after the analysis: no second read */
    R->kept[R->njobs] = NULL;
    R->kgc[R->njobs] = R->gc;
    if (R->gc->records && !(R->kept[R->njobs] = bo_records_keep(R->gc->records, rec))) { R->oom = true; return 1; }
    an_job *j = calloc(1, sizeof *j);
    if (!j) { drop_kept(R, R->njobs); R->oom = true; return 1; }
    j->g = R->g;
    j->nmoves = rec->v->status == BO_VERDICT_SKIPPED ? 0 : rec->nmoves;
    j->start = malloc(R->g->pos_size);
    j->moves = malloc(((size_t)j->nmoves + 1) * sizeof *j->moves);
    j->evals = calloc((size_t)j->nmoves + 1, sizeof *j->evals);
    if (!j->start || !j->moves || !j->evals) {
        free(j->start); free(j->moves); free(j->evals); free(j);
        drop_kept(R, R->njobs);
        R->oom = true;
        return 1;
    }
    memcpy(j->start, rec->start, R->g->pos_size);
    if (j->nmoves > 0) memcpy(j->moves, rec->moves, (size_t)j->nmoves * sizeof *j->moves);
    j->replay_only = R->replay_only;
    j->scale = R->scale > 0 ? R->scale : R->gc->eval_scale > 0 ? R->gc->eval_scale : 400;
    R->jobs[R->njobs++] = j;
    return 0;
}

/* The game of a file (--game or its content) and its engine; NULL with the error
 * printed when there is none. */
static const bo_game_cli *file_game(const bo_opts *o, const bo_text *t, const bo_game **g)
{
    const bo_game_cli *gc = bo_cli_game_for_text(o, t);
    if (!gc) {
        bo_cli_error(t->path, 1, 1, "cannot tell which game this file holds (empty or not a record file); use --game");
        return NULL;
    }
    const bo_game_cli *other = bo_cli_game_mismatch(o, t);
    if (other) {
        bo_cli_file_of_other_game(t->path, other, gc);
        return NULL;
    }
    *g = bo_game_by_name(gc->name);
    if (!*g || !bo_cli_can_replay(gc) || !bo_cli_can_write_game(gc)) {
        bo_cli_error(t->path, 0, 0, "annotate cannot analyse %s records yet", gc->name);
        return NULL;
    }
    return gc;
}

/* ---- second pass: write ------------------------------------------------------- */

/* Move M at POS in the record's notation. */
static void move_text(const run *R, const bo_cli_game_rec *rec, const void *pos, bo_move m, char *buf, size_t n)
{
    int rc = bo_cli_record_move_text(R->gc, R->g, rec, pos, m, buf, n);
    if (rc != 0) snprintf(buf, n, "?");
}

/* An evaluation as JSON from the side to move's view (NEG: from the other's). */
static void json_eval(FILE *f, const an_eval *e, bool neg)
{
    int s = neg ? -1 : 1;
    if (e->kind == AN_OVER)
        fprintf(f, "{\"end\":\"%s\"}", e->value * s > 0 ? "win" : e->value * s < 0 ? "loss" : "draw");
    else if (e->win_plies)
        fprintf(f, "{\"mate\":%d}", s * bo_score_to_moves(e->win_plies));
    else
        fprintf(f, "{\"cp\":%d}", s * e->score);
}

/* "[%eval 0.35]" / "[%eval #-3]" from the first player's view (as Lichess writes
 * it), or "" for a finished position. */
static void pgn_eval(const an_eval *e, char *buf, size_t n)
{
    int s = e->mover == 0 ? 1 : -1;
    if (e->kind != AN_SEARCHED) buf[0] = '\0';
    else if (e->win_plies) snprintf(buf, n, "[%%eval #%d]", s * bo_score_to_moves(e->win_plies));
    else snprintf(buf, n, "[%%eval %.2f]", s * e->score / 100.0);
}

/* Lichess's move accuracy from the loss in expected score (0..1), in percent. */
static double move_accuracy(double loss)
{
    double a = 103.1668 * exp(-0.04354 * loss * 100.0) - 3.1669;
    return a < 0 ? 0 : a > 100 ? 100 : a;
}

/* Append TEXT to the comment of record move IDX (after the comment it had). */
static int add_note(bo_record *r, int idx, const char *text)
{
    bo_rmove *m = &r->moves[idx];
    if (!m->comment) return bo_record_set_str(&m->comment, text, strlen(text));
    size_t a = strlen(m->comment), b = strlen(text);
    char *c = malloc(a + b + 2);
    if (!c) return -1;
    memcpy(c, m->comment, a);
    c[a] = ' ';
    memcpy(c + a + 1, text, b + 1);
    free(m->comment);
    m->comment = c;
    return 0;
}

/* The figures of one side, as JSON or a line of text. */
static void put_side(FILE *f, bool json, const char *name, const side_sum *s, int unjudged)
{
    double avg = s->moves ? s->loss / s->moves : 0, acc = s->moves ? s->accuracy / s->moves : 100;
    if (json) {
        fprintf(f, "\"%s\":{\"moves\":%d,\"average_loss\":%.4f,\"accuracy\":%.1f", name, s->moves, avg, acc);
        for (int c = 0; c < CLS_N; c++) fprintf(f, ",\"%s\":%d", class_names[c], s->count[c]);
        if (unjudged) fprintf(f, ",\"no_analysis\":%d", unjudged);
        fputc('}', f);
        return;
    }
    fprintf(f, "%s: accuracy %.1f%%, average loss %.4f", name, acc, avg);
    for (int c = 0; c < CLS_N; c++) fprintf(f, ", %s %d", class_names[c], s->count[c]);
    if (unjudged) fprintf(f, ", no analysis %d", unjudged);
}

/* The record's Annotator tag: who judged at what limit, after the annotator the
 * record names (kept). */
static void annotator_tag(run *R, const bo_cli_game_rec *rec)
{
    const char *old = bo_record_tag(rec->r, "Annotator");
    char v[400];
    if (old && *old && !strstr(old, R->annotator)) snprintf(v, sizeof v, "%s; %s", old, R->annotator);
    else snprintf(v, sizeof v, "%s", R->annotator);
    if (bo_record_set_tag(rec->r, "Annotator", v) != 0) R->rc = BO_EXIT_USAGE;
}

/* Move I of REC (at POS) where the outside engine gave no analysis before or after
 * it: said on stderr with the engine's fault, and in the output ("no analysis" in
 * the comment; the JSON line with "class":null and the reason).  LAST: move I is the
 * last one judged (a failure after it has no move of its own to be reported by). */
static void no_analysis(run *R, const bo_cli_game_rec *rec, const an_job *j, int i, const void *pos, bool last)
{
    const an_eval *b = &j->evals[i], *a = &j->evals[i + 1];
    const char *why = b->why ? b->why : a->why;
    R->no_analysis[b->mover & 1]++;
    /* each failed position once: by the move from it, or (the last position) the move to it */
    for (int k = 0; k < 2; k++) {
        const an_eval *x = k ? a : b;
        if (x->why && (k == 0 || last))
            fprintf(stderr, "boyi: %s: game %d: warning: no analysis of the position after %d plies: %s\n", rec->path,
                    rec->r->index, i + k, x->why);
    }
    char mt[96];
    move_text(R, rec, pos, j->moves[i], mt, sizeof mt);
    if (R->o->json) {
        FILE *f = R->out;
        fputs("{\"file\":", f);
        bo_json_string(f, rec->path);
        fprintf(f, ",\"game\":%d,\"ply\":%d,\"side\":", rec->r->index, i + 1);
        bo_json_string(f, R->g->player_names[b->mover & 1]);
        fputs(",\"move\":", f);
        bo_json_string(f, mt);
        fputs(",\"eval_before\":", f);
        if (b->why) fputs("null", f); else json_eval(f, b, false);
        fputs(",\"eval_after\":", f);
        if (a->why) fputs("null", f); else json_eval(f, a, true);
        fputs(",\"best\":null,\"pv\":[],\"loss\":null,\"class\":null,\"no_analysis\":", f);
        bo_json_string(f, why);
        fputs("}\n", f);
    } else {
        char note[160], ev[48] = "";
        if (!a->why) pgn_eval(a, ev, sizeof ev);
        snprintf(note, sizeof note, "%s%sno analysis", ev, ev[0] ? " " : "");
        int idx = rec->rec_index ? rec->rec_index[i] : i;
        if (idx < rec->r->nmoves && add_note(rec->r, idx, note) != 0) R->rc = BO_EXIT_USAGE;
    }
}

/* The analysis of game REC turned into notes: comments on its moves (record
 * output) or one JSON line per move; then the game's summary. */
static void annotate_game(run *R, const bo_cli_game_rec *rec, const an_job *j)
{
    const bo_game *g = R->g;
    const double scale = R->scale > 0 ? R->scale : R->gc->eval_scale > 0 ? R->gc->eval_scale : 400;
    side_sum sum[2];
    memset(sum, 0, sizeof sum);
    memset(R->no_analysis, 0, sizeof R->no_analysis);
    if (!R->o->json) annotator_tag(R, rec);
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX], tmp[BO_POS_MAX], tundo[BO_UNDO_MAX];
    memcpy(pos, rec->start, g->pos_size);
    int upto = j->legal_plies < j->nmoves ? j->legal_plies + 1 : j->nmoves;
    for (int i = 0; i < upto; i++) {
        const an_eval *b = &j->evals[i], *a = &j->evals[i + 1];
        if (b->why || a->why) {   /* an outside engine failed at either end: no class */
            no_analysis(R, rec, j, i, pos, i + 1 == upto);
            g->play(pos, j->moves[i], undo, NULL);
            continue;
        }
        bo_move played = j->moves[i], best = b->kind == AN_SEARCHED && b->pvlen > 0 ? b->pv[0] : 0;
        bool has_best = b->kind == AN_SEARCHED && b->pvlen > 0;
        double loss = an_loss(j, i, b, a, scale);
        /* the second look, where the first made the move a mistake or worse: its class
           and loss are the ones that count (the comments keep the first look's line) */
        const an_eval *b2 = j->second ? &j->second[2 * i] : NULL, *a2 = b2 ? b2 + 1 : NULL;
        bool second = b2 && b2->kind != AN_NONE && a2->kind != AN_NONE;
        double loss1 = loss;
        if (second) loss = an_loss(j, i, b2, a2, scale);
        bool is_best = has_best && best == played;
        if (second) is_best = b2->kind == AN_SEARCHED && b2->pvlen > 0 && b2->pv[0] == played;
        int cls = is_best ? CLS_BEST
                : loss >= AN_BLUNDER ? CLS_BLUNDER : loss >= AN_MISTAKE ? CLS_MISTAKE
                : loss >= AN_INACCURACY ? CLS_INACCURACY : CLS_GOOD;
        side_sum *s = &sum[b->mover & 1];
        s->moves++;
        s->count[cls]++;
        s->loss += loss;
        s->accuracy += move_accuracy(loss);
        char mt[96], bt[96] = "", pv[AN_PV_MAX][96];
        move_text(R, rec, pos, played, mt, sizeof mt);
        int npv = 0;
        if (has_best) {
            memcpy(tmp, pos, g->pos_size);
            for (; npv < b->pvlen; npv++) {
                move_text(R, rec, tmp, b->pv[npv], pv[npv], sizeof pv[npv]);
                g->play(tmp, b->pv[npv], tundo, NULL);
            }
            snprintf(bt, sizeof bt, "%s", pv[0]);
        }
        if (R->o->json) {
            FILE *f = R->out;
            fputs("{\"file\":", f);
            bo_json_string(f, rec->path);
            fprintf(f, ",\"game\":%d,\"ply\":%d,\"side\":", rec->r->index, i + 1);
            bo_json_string(f, g->player_names[b->mover & 1]);
            fputs(",\"move\":", f);
            bo_json_string(f, mt);
            fputs(",\"eval_before\":", f);
            json_eval(f, b, false);
            fputs(",\"eval_after\":", f);
            json_eval(f, a, true);
            fputs(",\"best\":", f);
            if (has_best) bo_json_string(f, bt);
            else fputs("null", f);
            fputs(",\"pv\":[", f);
            for (int k = 0; k < npv; k++) { if (k) fputc(',', f); bo_json_string(f, pv[k]); }
            fprintf(f, "],\"loss\":%.4f,\"class\":\"%s\"", loss, class_names[cls]);
            if (second) {
                fputs(",\"second_look\":{\"first_loss\":", f);
                fprintf(f, "%.4f,\"eval_before\":", loss1);
                json_eval(f, b2, false);
                fputs(",\"eval_after\":", f);
                json_eval(f, a2, true);
                fputc('}', f);
            }
            fputs("}\n", f);
        } else {
            char note[1200], ev[48];
            pgn_eval(a, ev, sizeof ev);
            int len = snprintf(note, sizeof note, "%s", ev);
            if (has_best && best != played) {
                len += snprintf(note + len, sizeof note - (size_t)len, "%s[%%best %s] [%%pv", len ? " " : "", bt);
                for (int k = 0; k < npv && len < (int)sizeof note - 100; k++)
                    len += snprintf(note + len, sizeof note - (size_t)len, " %s", pv[k]);
                len += snprintf(note + len, sizeof note - (size_t)len, "]");
            }
            if (cls >= CLS_INACCURACY)
                len += snprintf(note + len, sizeof note - (size_t)len, "%s%s", len ? " " : "", class_names[cls]);
            int idx = rec->rec_index ? rec->rec_index[i] : i;
            if (len > 0 && idx < rec->r->nmoves && add_note(rec->r, idx, note) != 0) R->rc = BO_EXIT_USAGE;
        }
        g->play(pos, played, undo, NULL);
    }
    R->plies += upto;
    R->nplies = upto;
    memcpy(R->sum, sum, sizeof sum);
}

/* The game's summary: a JSON line in the output, or a line of text beside it (on
 * stdout when the records go to a file, else on stderr). */
static void put_summary(run *R, const bo_cli_game_rec *rec, const an_job *j)
{
    const bo_game *g = R->g;
    FILE *f = R->o->json ? R->out : R->o->output && strcmp(R->o->output, "-") != 0 ? stdout : stderr;
    if (R->o->json) {
        fputs("{\"file\":", f);
        bo_json_string(f, rec->path);
        static const char *const status[] = {"ok", "invalid", "skipped"};
        fprintf(f, ",\"game\":%d,\"summary\":{\"plies\":%d,\"legal\":%d,\"status\":\"%s\",", rec->r->index,
                j->nmoves, j->legal_plies, status[rec->v->status]);
        put_side(f, true, g->player_names[0], &R->sum[0], R->no_analysis[0]);
        fputc(',', f);
        put_side(f, true, g->player_names[1], &R->sum[1], R->no_analysis[1]);
        fputs("},\"annotator\":", f);
        bo_json_string(f, R->annotator);
        fputs(",\"engine\":", f);
        bo_json_string(f, R->engine_name ? R->engine_name : "boyi");
        fputs("}\n", f);
    } else {
        fprintf(f, "%s: game %d: %d plies; ", rec->path, rec->r->index, R->nplies);
        put_side(f, false, g->player_names[0], &R->sum[0], R->no_analysis[0]);
        fputs("; ", f);
        put_side(f, false, g->player_names[1], &R->sum[1], R->no_analysis[1]);
        fputc('\n', f);
    }
}

/* A game's verdict, when it is not ok, said as validate says it. */
static void report_fault(run *R, const bo_cli_game_rec *rec)
{
    const bo_verdict *v = rec->v;
    if (v->status == BO_VERDICT_OK) return;
    bool skipped = v->status == BO_VERDICT_SKIPPED;
    if (skipped) {
        fprintf(stderr, "boyi: %s", rec->path);
        if (v->line > 0) fprintf(stderr, ":%d", v->line);
        fprintf(stderr, ": game %d: warning: %s: %s; not annotated\n", rec->r->index, v->kind ? v->kind : "skipped",
                v->message ? v->message : "");
        return;
    }
    char where[200] = "";
    if (v->move_no > 0)
        snprintf(where, sizeof where, ", move %d%s%s%s%s%s", v->move_no, v->side ? " (" : "", v->side ? v->side : "",
                 v->side ? ")" : "", v->move_text ? " " : "", v->move_text ? v->move_text : "");
    bo_cli_error(rec->path, v->line, v->col, "game %d%s: %s: %s; annotated up to there", rec->r->index, where,
                 v->kind ? v->kind : "invalid", v->message ? v->message : "");
    if (R->rc == BO_EXIT_OK) R->rc = BO_EXIT_INVALID;
}

/* One game of the second pass: wait for its analysis, annotate it, write it. */
static int emit(void *ctx, const bo_cli_game_rec *rec)
{
    run *R = ctx;
    if (R->k >= R->njobs) return 1;
    int k = R->k++;
    an_pool_wait(R->pool, k);
    an_job *j = R->jobs[k];
    if (R->progress) fputs("\r\033[K", stderr);
    report_fault(R, rec);
    if (j->err[0]) {
        bo_cli_error(rec->path, rec->r->line, 0, "game %d: %s", rec->r->index, j->err);
        R->rc = BO_EXIT_USAGE;
    } else if (j->replay_only) {
        R->nplies = j->nmoves;
        memset(R->sum, 0, sizeof R->sum);
        memset(R->no_analysis, 0, sizeof R->no_analysis);
    } else if (rec->v->status != BO_VERDICT_SKIPPED) {
        annotate_game(R, rec, j);
    }
    R->games++;
    if (!R->o->json) {
        char err[512];
        if (bo_cli_write_game(R->gc, R->o, rec, R->out, err, sizeof err) != 0) {
            bo_cli_error(rec->path, rec->r->line, 0, "game %d: %s", rec->r->index, err);
            if (R->rc == BO_EXIT_OK) R->rc = BO_EXIT_INVALID;
        }
    }
    fflush(R->out);
    if (!j->err[0] && (R->o->json || rec->v->status != BO_VERDICT_SKIPPED)) {
        if (rec->v->status == BO_VERDICT_SKIPPED) {
            memset(R->sum, 0, sizeof R->sum);
            memset(R->no_analysis, 0, sizeof R->no_analysis);
        }
        put_summary(R, rec, j);
    }
    fflush(R->out);
    if (R->o->output && strcmp(R->o->output, "-") != 0) fflush(stdout);
    an_job_free_arrays(j);
    if (R->progress) fprintf(stderr, "\r\033[Kannotated %d/%d games", k + 1, R->njobs);
    return 0;
}

/* Job K's game from the read, without reading the file again. */
static void emit_kept(run *R, int k)
{
    R->gc = R->kgc[k];
    R->g = R->jobs[k]->g;
    emit(R, R->kept[k]);
    drop_kept(R, k);
}

/* ---- the command ---------------------------------------------------------------- */

/* Read file PATH and replay it with EACH; 0, or -1 with the fault printed. */
static int replay_file(run *R, const char *path, bo_cli_game_fn each, bool quiet)
{
    char err[512];
    bo_text t;
    if (bo_text_load_enc(&t, path, R->o->encoding, err, sizeof err) != 0) {
        if (!quiet) bo_cli_error(path, 0, 0, "%s", err);
        return -1;
    }
    if (!quiet && t.encoding != BO_ENC_BINARY) {
        if (R->encs == 0) { R->enc = t.encoding; R->encs = 1; }
        else if (R->enc != t.encoding) R->encs = 2;
    }
    bo_cli_text_warnings(&t);
    const bo_game *g = NULL;
    const bo_game_cli *gc = quiet ? bo_cli_game_for_text(R->o, &t) : file_game(R->o, &t, &g);
    if (quiet && gc) g = bo_game_by_name(gc->name);
    int rc = -1;
    if (gc && g) {
        R->gc = gc;
        R->g = g;
        rc = bo_cli_replay(gc, R->o, &t, each, R, err, sizeof err);
        if (rc != 0 && !quiet) file_error(path, err);
    }
    bo_text_free(&t);
    return rc;
}

/* "depth 6", "nodes 100000", "movetime 100 ms": the limit as the Annotator tag says it. */
static void limit_text(const bo_limits *lim, char *buf, size_t n)
{
    if (lim->nodes) snprintf(buf, n, "nodes %llu", (unsigned long long)lim->nodes);
    else if (lim->movetime_ms) snprintf(buf, n, "movetime %lld ms", (long long)lim->movetime_ms);
    else snprintf(buf, n, "depth %d", lim->depth);
}

/* Are all the games of one game (an outside engine plays one)?  Else said, false. */
static bool one_game(const run *R)
{
    for (int k = 1; k < R->njobs; k++)
        if (R->jobs[k]->g != R->jobs[0]->g) {
            bo_cli_error(NULL, 0, 0, "--engine: the files hold games of %s and of %s; an engine judges one game",
                         R->jobs[0]->g->name, R->jobs[k]->g->name);
            return false;
        }
    return true;
}

int bo_cmd_annotate(const bo_opts *o)
{
    if (o->nargs == 0) {
        bo_cli_error(NULL, 0, 0, "usage: boyi annotate FILE... [-o OUT] [--depth N | --nodes N | --movetime MS] [--engine SPEC] [-j N] [--json]");
        return BO_EXIT_USAGE;
    }
    bo_limits lim = {.depth = o->depth > 0 ? o->depth : 0, .nodes = o->nodes, .movetime_ms = o->movetime_ms};
    run R = {.o = o, .rc = BO_EXIT_OK, .replay_only = o->depth == 0};
    if (!lim.depth && !lim.nodes && !lim.movetime_ms) lim.depth = 6;
    sp_engine_spec spec;
    bool engine = o->nengines > 0, per_game = false;
    char lt[64];
    limit_text(&lim, lt, sizeof lt);
    snprintf(R.annotator, sizeof R.annotator, "boyi %s", lt);
    if (engine) {
        char err[512];
        if (bo_cli_engine_spec(o, &spec, &R.scale, &per_game, err, sizeof err) != 0) {
            bo_cli_error(NULL, 0, 0, "%s", err);
            return BO_EXIT_USAGE;
        }
        R.engine_name = spec.name;
        snprintf(R.annotator, sizeof R.annotator, "%s %s", spec.name, lt);
    }
    bool *ok = calloc((size_t)o->nargs, sizeof *ok);
    int *first = calloc((size_t)o->nargs, sizeof *first);   /* first[i]: file i's first job */
    if (!ok || !first) { free(ok); free(first); bo_cli_error(NULL, 0, 0, "out of memory"); return BO_EXIT_USAGE; }
    bool unreadable = false;
    for (int i = 0; i < o->nargs; i++) {
        int before = first[i] = R.njobs;
        ok[i] = replay_file(&R, o->args[i], collect, false) == 0 && !R.oom;
        if (R.oom) bo_cli_error(o->args[i], 0, 0, "out of memory: the file is not annotated");
        R.oom = false;
        if (!ok[i]) {
            unreadable = true;
            /* the games read before the fault are kept out: the file is not written */
            for (int k = before; k < R.njobs; k++) {
                drop_kept(&R, k);
                an_job_free_arrays(R.jobs[k]);
                free(R.jobs[k]);
            }
            R.njobs = before;
        }
    }
    const char *path = o->output && strcmp(o->output, "-") != 0 ? o->output : NULL;
    bo_outfile outf;
    char err[512];
    if (engine && !R.replay_only && !one_game(&R)) {
        R.rc = BO_EXIT_USAGE;
        goto done;
    }
    if (bo_outfile_open(&outf, path, "w", err, sizeof err) != 0) {
        bo_cli_error(path, 0, 0, "%s", err);
        R.rc = BO_EXIT_USAGE;
        goto done;
    }
    R.out = outf.f;
    /* The records go out in the encoding they came in (a Big5 file stays Big5): written
     * to memory in UTF-8 first, then encoded.  JSON is UTF-8 always; files of
     * different encodings give UTF-8, said once. */
    char *mem = NULL;
    size_t memlen = 0;
    FILE *memf = NULL;
    if (R.encs == 2 && !o->json)
        fprintf(stderr, "boyi: warning: the files are in different encodings: the records are written in UTF-8\n");
    if (R.encs == 1 && R.enc != BO_ENC_UTF8 && !o->json) {
        memf = open_memstream(&mem, &memlen);
        if (!memf) { bo_cli_error(NULL, 0, 0, "out of memory"); bo_outfile_abort(&outf); R.rc = BO_EXIT_USAGE; goto done; }
        R.out = memf;
    }
    an_pool pool;
    int workers = o->jobs > 0 ? o->jobs : 1;
    if (an_pool_start(&pool, R.jobs, R.njobs, &lim, o->hash_mb > 0 ? (size_t)o->hash_mb : 16, workers,
                      engine && !R.replay_only ? &spec : NULL, per_game, !o->no_second_look, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        if (memf) { fclose(memf); free(mem); }
        bo_outfile_abort(&outf);
        R.rc = BO_EXIT_USAGE;
        goto done;
    }
    R.pool = &pool;
    /* a progress line only for a person watching stderr, never over the output */
    R.progress = isatty(STDERR_FILENO) && (path || !isatty(STDOUT_FILENO));
    for (int i = 0; i < o->nargs; i++) {
        if (!ok[i]) continue;
        int end = i + 1 < o->nargs ? first[i + 1] : R.njobs;
        if (first[i] < end && R.kept[first[i]]) {   /* the file's games were kept: none is read again */
            for (int k = first[i]; k < end; k++) emit_kept(&R, k);
        } else {
            replay_file(&R, o->args[i], emit, true);
        }
    }
    if (R.progress) fputs("\r\033[K", stderr);
    an_pool_stop(&pool);
    if (memf) {
        long lost = 0;
        int bad = fclose(memf) != 0 || bo_encode_utf8(R.enc, mem, memlen, outf.f, &lost, err, sizeof err) != 0;
        free(mem);
        if (bad) {
            bo_cli_error(bo_outfile_name(&outf), 0, 0, "%s", err);
            bo_outfile_abort(&outf);
            R.rc = BO_EXIT_USAGE;
            goto done;
        }
        if (lost) fprintf(stderr, "boyi: warning: %ld characters have no code in %s: written '?'\n", lost, bo_encoding_name(R.enc));
    }
    if (path && (R.rc != BO_EXIT_OK || unreadable) && ftello(outf.f) <= 0) {
        /* a failure that wrote nothing (an unreadable file included) keeps the old -o */
        bo_outfile_abort(&outf);
        bo_cli_error(path, 0, 0, "not written: nothing was annotated (nothing was changed)");
    } else if (bo_outfile_commit(&outf, err, sizeof err) != 0) {   /* -o appears whole or not at all */
        bo_cli_error(bo_outfile_name(&outf), 0, 0, "%s", err);
        R.rc = BO_EXIT_USAGE;
    }
done:
    for (int k = 0; k < R.njobs; k++) {
        drop_kept(&R, k);
        an_job_free_arrays(R.jobs[k]);
        free(R.jobs[k]);
    }
    free(R.jobs);
    free(R.kept);
    free(R.kgc);
    free(ok);
    free(first);
    if (engine) sp_engine_spec_free(&spec);
    if (unreadable) return BO_EXIT_USAGE;
    return R.rc;
}
