/* annotate_write.c -- the second pass of `boyi annotate`: one analysed game written.
 *
 * For each game, in file order, this waits for the pool's analysis of it, classes each
 * move by its loss (best, good, inaccuracy, mistake, blunder), writes the figures into
 * the comments of the record kept from the read (and an Annotator tag) and writes the
 * record in its own format through the game's front end, or writes JSON lines; then
 * the game's summary per side.  Apart from cmd_annotate.c (the reading, the pool and
 * the output file) because this is the output's format, which docs/annotate.md gives. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate.h"
#include "cli.h"
#include "record.h"

/* Loss thresholds (expected score, 0..1) of the classes; docs/annotate.md. */
#define AN_INACCURACY 0.05
#define AN_MISTAKE 0.10
#define AN_BLUNDER 0.20

static const char *const class_names[AN_CLS_N] = {"best", "good", "inaccuracy", "mistake", "blunder"};

/* Move M at POS in the record's notation. */
static void move_text(const an_run *R, const bo_cli_game_rec *rec, const void *pos, bo_move m, char *buf, size_t n)
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
static void put_side(FILE *f, bool json, const char *name, const an_side_sum *s, int unjudged)
{
    double avg = s->moves ? s->loss / s->moves : 0, acc = s->moves ? s->accuracy / s->moves : 100;
    if (json) {
        fprintf(f, "\"%s\":{\"moves\":%d,\"average_loss\":%.4f,\"accuracy\":%.1f", name, s->moves, avg, acc);
        for (int c = 0; c < AN_CLS_N; c++) fprintf(f, ",\"%s\":%d", class_names[c], s->count[c]);
        if (unjudged) fprintf(f, ",\"no_analysis\":%d", unjudged);
        fputc('}', f);
        return;
    }
    fprintf(f, "%s: accuracy %.1f%%, average loss %.4f", name, acc, avg);
    for (int c = 0; c < AN_CLS_N; c++) fprintf(f, ", %s %d", class_names[c], s->count[c]);
    if (unjudged) fprintf(f, ", no analysis %d", unjudged);
}

/* R's annotator for job J: "boyi depth 8", "FSF nodes 100000", "Rapfi movetime 300 ms"
 * (each game's limit: a game's default depth is its own). */
static void annotator_of(an_run *R, const an_job *j)
{
    const char *who = R->engine_name ? R->engine_name : "boyi";
    const bo_limits *lim = &j->lim;
    if (lim->nodes) snprintf(R->annotator, sizeof R->annotator, "%s nodes %llu", who, (unsigned long long)lim->nodes);
    else if (lim->movetime_ms)
        snprintf(R->annotator, sizeof R->annotator, "%s movetime %lld ms", who, (long long)lim->movetime_ms);
    else snprintf(R->annotator, sizeof R->annotator, "%s depth %d", who, lim->depth);
}

/* The record's Annotator tag: who judged at what limit, after the annotator the
 * record names (kept). */
static void annotator_tag(an_run *R, const bo_cli_game_rec *rec)
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
static void no_analysis(an_run *R, const bo_cli_game_rec *rec, const an_job *j, int i, const void *pos, bool last)
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
static void annotate_game(an_run *R, const bo_cli_game_rec *rec, const an_job *j)
{
    const bo_game *g = R->g;
    const double scale = R->scale > 0 ? R->scale : R->gc->eval_scale > 0 ? R->gc->eval_scale : 400;
    an_side_sum sum[2];
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
        /* the loss against the best move at the same position and limit; where the
           second look judged the move again, the mean of the two (the comments keep
           the first look's line) */
        double loss1;
        bool second;
        double loss = an_final_loss(j, i, scale, &loss1, &second);
        const an_eval *pl = j->played ? &j->played[i] : NULL;
        const an_eval *b2 = second ? &j->second[2 * i] : NULL, *p2 = b2 ? b2 + 1 : NULL;
        bool is_best = has_best && best == played;
        int cls = is_best ? AN_CLS_BEST
                : loss >= AN_BLUNDER ? AN_CLS_BLUNDER : loss >= AN_MISTAKE ? AN_CLS_MISTAKE
                : loss >= AN_INACCURACY ? AN_CLS_INACCURACY : AN_CLS_GOOD;
        an_side_sum *s = &sum[b->mover & 1];
        s->moves++;
        s->count[cls]++;
        s->loss += loss;
        s->accuracy += move_accuracy(loss);
        char mt[96], mt2[96], bt[96] = "", pv[AN_PV_MAX][96];
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
            if (pl && pl->kind != AN_NONE) {
                fputs(",\"eval_played\":", f);
                json_eval(f, pl, false);
            }
            if (pl && pl->proved) {   /* the move played and the opponent's proven win after it */
                fputs(",\"proof\":[", f);
                memcpy(tmp, pos, g->pos_size);
                for (int k = 0; k < pl->pvlen; k++) {
                    move_text(R, rec, tmp, pl->pv[k], mt2, sizeof mt2);
                    g->play(tmp, pl->pv[k], tundo, NULL);
                    if (k) fputc(',', f);
                    bo_json_string(f, mt2);
                }
                fputc(']', f);
            }
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
                if (p2->kind != AN_NONE) {
                    fputs(",\"eval_played\":", f);
                    json_eval(f, p2, false);
                } else {
                    fputs(",\"best\":", f);   /* the deeper search's first choice is the move played */
                    move_text(R, rec, pos, played, mt2, sizeof mt2);
                    bo_json_string(f, mt2);
                }
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
            if (cls >= AN_CLS_INACCURACY)
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
static void put_summary(an_run *R, const bo_cli_game_rec *rec, const an_job *j)
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
static void report_fault(an_run *R, const bo_cli_game_rec *rec)
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

int an_write_game(void *ctx, const bo_cli_game_rec *rec)
{
    an_run *R = ctx;
    if (R->k >= R->njobs) return 1;
    int k = R->k++;
    an_pool_wait(R->pool, k);
    an_job *j = R->jobs[k];
    annotator_of(R, j);
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
