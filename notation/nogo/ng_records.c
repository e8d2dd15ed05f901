/* ng_records.c -- NoGo's records interface (records.h; declared in ng_records.h).
 *
 * The rule: a file is read once (ng_read: SGF, the contest text or Botzone's JSON);
 * each game goes to the judge (ng_judge), and the verdict, with the result policy of
 * result_policy.h and the reader's warning (faults under --strict), goes to the caller
 * together with the rules' start, the legal points played and the record of the moves'
 * text.  Nothing here prints: what a format cannot hold goes to o->notes. */
#include "ng_records.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core.h"
#include "game.h"
#include "nogo.h"
#include "record.h"
#include "result_policy.h"
#include "text_stream.h"

static int ng_records_sniff(const bo_text *t)
{
    ng_format f;
    return ng_sniff(t->data, t->len, &f);
}

/* --rules when given (else each record's own RU, else ccgc); -2 when unknown. */
static int record_rules(const bo_read_opts *o, char *err, size_t errlen)
{
    if (!o->rules) return -1;
    int r = ng_rules_by_name(o->rules);
    if (r < 0) { snprintf(err, errlen, "unknown NoGo rules '%s' (ccgc, botzone)", o->rules); return -2; }
    return r;
}

static void to_warning(const bo_records_sink *s, const bo_warning *w)
{
    if (s->warning) s->warning(s->ctx, w);
}

/* G's verdict V (judged) under the result policy and the reader's warning: a claim the
 * moves do not explain is a warning, or a fault under --strict or --rules ccgc named;
 * the reader's own warning is a warning, or a fault under --strict.  Warnings go to
 * SINK at once. */
static void policy(const bo_read_opts *o, const char *path, const ng_game *g, bo_verdict *v, ng_verdict_buf *b,
                   const bo_records_sink *sink)
{
    if (b->unexplained[0] && v->status == BO_VERDICT_OK) {
        bool contest = o->rules && strcasecmp(o->rules, "ccgc") == 0;
        bo_claim_action a = bo_claim_unreached(BO_REASON_NONE, o->strict, contest);
        char words[500];
        bo_claim_words(words, sizeof words, a, b->unexplained, BO_REASON_NONE, NULL, o->strict, contest);
        if (a == BO_CLAIM_FAULT) {
            v->status = BO_VERDICT_INVALID;
            v->kind = "result";
            v->line = g->result_line;
            v->col = g->result_col;
            v->result = "*";
            v->ending = NULL;
            snprintf(b->message, sizeof b->message, "%s", words);
            v->message = b->message;
        } else {
            bo_warning uw = {path, g->index, g->result_line, g->result_col, words};
            to_warning(sink, &uw);
        }
    }
    if (g->warning) {
        if (o->strict && v->status == BO_VERDICT_OK) {
            v->status = BO_VERDICT_INVALID;
            v->kind = "parse";
            v->line = g->warn_line;
            v->col = g->warn_col;
            snprintf(b->message, sizeof b->message, "%s (--strict)", g->warning);
            v->message = b->message;
        } else {
            bo_warning w = {path, g->index, g->warn_line, g->warn_col, g->warning};
            to_warning(sink, &w);
        }
    }
}

/* What write_game needs beside the record: the format read, the header's fields, and
 * the point of the move after the judged ones (a losing capture or suicide ends a valid
 * game and is written with it; -1 for none).  A kept game owns copies of the fields. */
typedef struct rec_priv {
    ng_format format;
    const char *black, *white, *event, *date, *place, *rules;
    int next_point;
} rec_priv;

/* Every game of T: judged, then handed on with its points (up to the first fault) and
 * a record holding the moves' text and place. */
static int ng_read_records(const bo_read_opts *o, const bo_text *t, void *across, const bo_records_sink *sink,
                           char *err, size_t errlen)
{
    (void)across;
    int rules = record_rules(o, err, errlen);
    if (rules == -2) return -1;
    ng_game_list l;
    if (ng_read(t->data, t->len, NG_FMT_NONE, &l, err, errlen) != 0) return -1;
    for (int i = 0; i < l.n; i++) {
        const ng_game *g = &l.items[i];
        bo_verdict v;
        ng_verdict_buf b;
        bo_verdict_init(&v, t->path, g->index);
        int points[NG_POINTS + 8];
        int n = ng_judge(g, rules, &v, &b, points);
        policy(o, t->path, g, &v, &b, sink);
        if (!sink->game) continue;
        uint32_t moves[NG_POINTS + 8];
        int kept = 0;
        for (; kept < n && kept < NG_POINTS; kept++) moves[kept] = (uint32_t)points[kept] + 1;
        bo_record r;
        bo_record_init(&r, g->index, g->line);
        for (int k = 0; k < g->n; k++)
            bo_record_add_move(&r, g->moves[k].text, strlen(g->moves[k].text), g->moves[k].line, g->moves[k].col);
        BO_ALIGNED unsigned char start[BO_POS_MAX];
        ng_start((ng_pos *)start, rules >= 0 ? rules : NG_RULES_CCGC);
        rec_priv pv = {l.format, g->black, g->white, g->event, g->date, g->place, g->rules,
                       kept < g->n ? g->moves[kept].point : -1};
        bo_rec_game rec = {t->path, &r, start, moves, kept, &v, &pv, NULL};
        int stop = sink->game(sink->ctx, &rec);
        bo_record_free(&r);
        if (stop) break;
    }
    ng_game_list_free(&l);
    return 0;
}

/* What the writers take from a game's header and its verdict. */
static ng_write_info info_of(const char *black, const char *white, const char *event, const char *date,
                             const char *place, const char *rules, const bo_verdict *v)
{
    ng_write_info in = {black, white, event, date, place, rules, NG_RES_NONE, NULL};
    if (v->result && strcmp(v->result, "1-0") == 0) in.result = NG_RES_BLACK;
    if (v->result && strcmp(v->result, "0-1") == 0) in.result = NG_RES_WHITE;
    return in;
}

/* boyi convert FILE --to sgf|contest|botzone: each game's moves up to its first fault. */
static int ng_convert(const bo_read_opts *o, const bo_text *t, FILE *out, const bo_records_sink *sink)
{
    char err[512] = "", msg[1024];
    ng_format to = NG_FMT_SGF;
    if (o->to && ng_format_from_name(o->to, &to) != 0) {
        snprintf(msg, sizeof msg, "NoGo records are written as sgf, contest or botzone, not '%s'", o->to);
        bo_records_error(sink, NULL, 0, 0, 0, msg);
        return BO_RECORDS_FAILED;
    }
    int rules = record_rules(o, err, sizeof err);
    ng_game_list l;
    if (rules == -2 || ng_read(t->data, t->len, NG_FMT_NONE, &l, err, sizeof err) != 0) {
        bo_records_error(sink, t->path, 0, 0, 0, err);
        return BO_RECORDS_FAILED;
    }
    int rc = BO_RECORDS_CONVERTED, points[NG_POINTS + 8];
    for (int i = 0; i < l.n && rc == BO_RECORDS_CONVERTED; i++) {
        const ng_game *g = &l.items[i];
        bo_verdict v;
        ng_verdict_buf b;
        bo_verdict_init(&v, t->path, g->index);
        int n = ng_judge(g, rules, &v, &b, points);
        if (v.status != BO_VERDICT_OK) {
            snprintf(msg, sizeof msg, "%s (written up to move %d)", v.message, n);
            bo_records_error(sink, t->path, g->index, v.line, v.col, msg);
            rc = BO_RECORDS_GAME_LEFT_OUT;
        }
        /* A losing capture or suicide ends a valid game and is written with it (a pass
         * is not a point: the formats' readers take the end of the moves for it). */
        if (v.status == BO_VERDICT_OK && v.moves == n + 1 && g->moves[n].point >= 0) n++;
        ng_write_info in = info_of(g->black, g->white, g->event, g->date, g->place, g->rules, &v);
        if (ng_write(out, to, &in, points, n, err, sizeof err) != 0) {
            bo_records_error(sink, t->path, g->index, 0, 0, err);
            rc = BO_RECORDS_FAILED;
        }
    }
    ng_game_list_free(&l);
    return rc;
}

/* A game boyi played, as SGF (--to contest or botzone for the others). */
static int ng_write_played(const bo_read_opts *o, const bo_played *p, FILE *out, char *err, size_t errlen)
{
    ng_format to = NG_FMT_SGF;
    if (o->to && ng_format_from_name(o->to, &to) != 0)
        return snprintf(err, errlen, "NoGo records are sgf, contest or botzone, not '%s'", o->to), -1;
    const ng_pos *start = p->start;
    if (start->ply > 0)
        return snprintf(err, errlen, "game %ld starts from set-up stones, which NoGo records cannot hold", p->round), -1;
    int points[NG_POINTS];
    int n = p->nmoves < NG_POINTS ? p->nmoves : NG_POINTS;
    for (int i = 0; i < n; i++) points[i] = (int)p->moves[i] - 1;
    ng_write_info in = {p->first_name, p->second_name, p->event, NULL, NULL, p->rules,
                        p->score_first == 1.0 ? NG_RES_BLACK : p->score_first == 0.0 ? NG_RES_WHITE : NG_RES_NONE,
                        p->termination};
    return ng_write(out, to, &in, points, n, err, errlen);
}

/* SGF with the moves' comments as C[]: written here, the header and moves as ng_write
 * writes them. */
static int write_sgf_commented(FILE *out, const bo_rec_game *gr, const ng_write_info *in, const int *points, int n,
                               char *err, size_t errlen)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) return snprintf(err, errlen, "out of memory"), -1;
    int rc = ng_write(mem, NG_FMT_SGF, in, points, 0, err, errlen);
    fclose(mem);
    if (rc != 0) { free(buf); return -1; }
    if (len >= 2) len -= 2;   /* drop ")\n": the moves follow */
    fwrite(buf, 1, len, out);
    free(buf);
    for (int i = 0; i < n; i++) {
        char tx[3];
        ng_point_sgf(points[i], tx);
        fprintf(out, "%s;%c[%s]", i % 10 == 0 ? "\n" : "", i % 2 ? 'W' : 'B', tx);
        const char *c = i < gr->r->nmoves ? gr->r->moves[i].comment : NULL;
        if (c) {
            fputs("C[", out);
            for (; *c; c++) {
                if (*c == ']' || *c == '\\') fputc('\\', out);
                fputc(*c, out);
            }
            fputc(']', out);
        }
    }
    fputs(")\n", out);
    return 0;
}

/* Only inside the sink's game: the game in its own format (or --to's); comments that
 * annotate added go into SGF as C[] (the other formats hold none). */
static int ng_write_game(const bo_read_opts *o, const bo_rec_game *gr, FILE *out, char *err, size_t errlen)
{
    const rec_priv *pv = gr->priv;
    ng_format to = pv->format;
    if (o->to && ng_format_from_name(o->to, &to) != 0)
        return snprintf(err, errlen, "NoGo records are sgf, contest or botzone, not '%s'", o->to), -1;
    int commented = 0;
    for (int i = 0; i < gr->r->nmoves; i++) commented += gr->r->moves[i].comment != NULL;
    if (to != NG_FMT_SGF && commented > 0 && o->notes && o->notes->warning) {   /* what the format cannot hold */
        char msg[200];
        snprintf(msg, sizeof msg, "the %s format cannot hold comments: %d not written (sgf holds them)", ng_format_name(to),
                 commented);
        bo_warning w = {gr->path, gr->r->index, 0, 0, msg};
        o->notes->warning(o->notes->ctx, &w);
    }
    int points[NG_POINTS + 1], n = gr->nmoves;
    for (int i = 0; i < n; i++) points[i] = (int)gr->moves[i] - 1;
    /* The capture or suicide that lost a valid game is part of its record. */
    if (gr->v->status == BO_VERDICT_OK && gr->v->moves == n + 1 && pv->next_point >= 0 && n < NG_POINTS + 1)
        { points[n] = pv->next_point; n++; }
    ng_write_info in = info_of(pv->black, pv->white, pv->event, pv->date, pv->place, pv->rules, gr->v);
    if (to != NG_FMT_SGF) return ng_write(out, to, &in, points, n, err, errlen);
    return write_sgf_commented(out, gr, &in, points, n, err, errlen);
}

/* A copy of S, or NULL for NULL; *FAILED set when out of memory. */
static const char *copy_str(const char *s, bool *failed)
{
    if (!s) return NULL;
    char *c = strdup(s);
    if (!c) *failed = true;
    return c;
}

/* A game kept past the sink's call (annotate writes it after its analysis): the shared
 * keep, and the header's fields copied into a rec_priv of its own. */
static void ng_release(bo_rec_game *g)
{
    rec_priv *pv = (rec_priv *)g->priv;
    if (pv) {
        free((char *)pv->black), free((char *)pv->white), free((char *)pv->event);
        free((char *)pv->date), free((char *)pv->place), free((char *)pv->rules);
        free(pv);
    }
    g->priv = NULL;
    bo_rec_game_release(g);
}

static bo_rec_game *ng_keep(const bo_rec_game *g)
{
    bo_rec_game *k = bo_rec_game_keep(g, sizeof(ng_pos));
    const rec_priv *src = g->priv;
    rec_priv *pv = k ? malloc(sizeof *pv) : NULL;
    if (!pv) { if (k) bo_rec_game_release(k); return NULL; }
    bool failed = false;
    *pv = (rec_priv){src->format, copy_str(src->black, &failed), copy_str(src->white, &failed),
                     copy_str(src->event, &failed), copy_str(src->date, &failed), copy_str(src->place, &failed),
                     copy_str(src->rules, &failed), src->next_point};
    k->priv = pv;
    if (failed) { ng_release(k); return NULL; }
    return k;
}

const bo_records ng_records = {
    .name = "nogo",
    .sniff = ng_records_sniff,
    .split = bo_split_records,   /* contest frames, SGF, PGN tags: validate streams */
    .read = ng_read_records,
    .convert = ng_convert,
    .write_game = ng_write_game,
    .played_ext = "sgf",
    .write_played = ng_write_played,
    .keep = ng_keep,
    .release = ng_release,
};
