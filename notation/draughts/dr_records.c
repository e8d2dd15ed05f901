/* dr_records.c -- draughts records behind the records interface (records.h,
 * dr_records.h): PDN read and judged in one pass, written back with a caller's
 * comments, converted; games boyi played written as PDN.
 *
 * The rule: a file is read once.  Each PDN game goes from the reader straight to the
 * judge (dr_validate_record_line), which hands its warnings on as it finds them and,
 * with its verdict, the main line as it played it (the start, the moves in the
 * descriptor's encoding, their places in the record): the game goes to the caller
 * from inside that verdict call, so nothing is copied, re-read or replayed.  Nothing
 * here prints: convert's notes and faults go to the sink. */
#include "dr_records.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dr_moves_text.h"
#include "dr_pdn.h"
#include "dr_validate.h"
#include "draughts.h"
#include "game.h"
#include "text_stream.h"

int dr_rules_from_options(dr_rules *r, const char *rules, const char *draw_rules, char *err, size_t errlen)
{
    dr_rules_default(r);
    if (rules && dr_rules_by_name(r, rules, err, errlen) != 0) return -1;
    if (!draw_rules) return 0;
    char list[128];
    snprintf(list, sizeof list, "%s", draw_rules);
    for (char *save = NULL, *w = strtok_r(list, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        if (strcasecmp(w, "none") == 0) { r->threefold = r->move25 = r->move16 = r->move5 = false; }
        else if (strcasecmp(w, "all") == 0 || strcasecmp(w, "fmjd") == 0) { r->threefold = r->move25 = r->move16 = r->move5 = true; }
        else if (strcasecmp(w, "threefold") == 0 || strcasecmp(w, "repetition") == 0) r->threefold = true;
        else if (strcmp(w, "25") == 0 || strcasecmp(w, "move25") == 0) r->move25 = true;
        else if (strcmp(w, "16") == 0 || strcasecmp(w, "move16") == 0) r->move16 = true;
        else if (strcmp(w, "5") == 0 || strcasecmp(w, "move5") == 0) r->move5 = true;
        else {
            snprintf(err, errlen, "unknown draw rule '%s' (known: threefold, 25, 16, 5, all, none)", w);
            return -1;
        }
    }
    return 0;
}

/* Text that looks like PDN. */
static int dr_rsniff(const bo_text *t)
{
    if (t->encoding == BO_ENC_BINARY) return 0;
    return dr_pdn_sniff(t->data, t->len);
}

/* ---- read: every game judged once ------------------------------------------------- */

typedef struct rctx {
    const char *path;
    const bo_records_sink *sink;
    dr_rules rules;
    dr_validate_options vopt;
    dr_pdn_game *cur;        /* the game the judge is on */
    dr_line line;            /* its main line, the arrays reused from game to game */
    int games, stopped;
} rctx;

/* The judge's verdict: the game goes on with the line the judge played.  A skipped
 * game hands on no moves, from the start of the rules in force. */
static void judged(void *ctx, const bo_verdict *v)
{
    rctx *c = ctx;
    c->games++;
    if (!c->sink->game || c->stopped) return;
    if (c->line.oom) { c->stopped = 1; return; }
    int n = c->line.n;
    if (v->status == BO_VERDICT_SKIPPED) {
        dr_pos_start_variant(&c->line.start, c->rules.variant, c->rules.first);
        n = 0;
    }
    bo_rec_game g = {c->path, &c->cur->rec, &c->line.start, c->line.moves, n, v, c->cur, c->line.index};
    if (c->sink->game(c->sink->ctx, &g)) c->stopped = 1;
}

/* The judge's warnings go on at once, ahead of the game. */
static void pass_warning(void *ctx, const bo_warning *w)
{
    rctx *c = ctx;
    if (c->sink->warning) c->sink->warning(c->sink->ctx, w);
}

/* One PDN game to the judge. */
static int read_one(dr_pdn_game *g, void *ctx)
{
    rctx *c = ctx;
    bo_verdict_sink judge = {judged, pass_warning, c};
    c->cur = g;
    dr_validate_record_line(&g->rec, c->path, &c->rules, &c->vopt, &judge, &c->line);
    return c->stopped;
}

/* Every game of the text, read, judged and handed on. */
static int dr_rread(const bo_read_opts *o, const bo_text *t, void *across, const bo_records_sink *sink, char *err,
                    size_t errlen)
{
    (void)across;
    rctx c = {.path = t->path, .sink = sink};
    if (dr_rules_from_options(&c.rules, o->rules, o->draw_rules, err, errlen) != 0) return -1;
    if (bo_records_refuse_binary(t, "PDN file", err, errlen) != 0) return -1;
    /* the contest's rules named: a win off the board must say why (result_policy.h) */
    c.vopt = (dr_validate_options){o->strict, o->variation_errors, o->rules && strcasecmp(o->rules, "ccgc") == 0};
    dr_pdn_options popt = {o->strict};
    int rc = dr_pdn_read_with(t->data, t->len, &popt, read_one, &c, err, errlen);
    bool oom = c.line.oom;
    free(c.line.moves);
    free(c.line.index);
    if (oom) return snprintf(err, errlen, "out of memory"), -1;
    if (c.stopped) return 0;
    if (rc != 0) return -1;
    if (c.games == 0)
        return snprintf(err, errlen, "%s", t->len == 0 ? "the file is empty" : "no PDN game in the file (only blanks and % comments)"), -1;
    return 0;
}

/* ---- keep: a game past its sink call ------------------------------------------------ */

/* A kept game's PDN game: the record and the game tree moved out of the reader's. */
static bo_rec_game *dr_rkeep(const bo_rec_game *g)
{
    dr_pdn_game *from = (dr_pdn_game *)g->priv, *pg = calloc(1, sizeof *pg);
    if (!pg) return NULL;
    bo_rec_game tmp = *g;
    tmp.r = NULL;    /* the record moves with the PDN game, below */
    tmp.priv = NULL;
    bo_rec_game *k = bo_rec_game_keep(&tmp, sizeof(dr_pos));
    if (!k) { free(pg); return NULL; }
    *pg = *from;   /* moved: the reader frees the emptied one */
    bo_record_init(&from->rec, from->rec.index, from->rec.line);
    from->body = (dr_pdn_body){0};
    from->terminator = NULL;
    k->r = &pg->rec;
    k->priv = pg;
    return k;
}

static void dr_rrelease(bo_rec_game *g)
{
    if (!g) return;
    dr_pdn_game *pg = (dr_pdn_game *)g->priv;
    if (pg) {
        dr_pdn_game_free(pg);
        free(pg);
    }
    bo_rec_game_release(g);
}

/* ---- write --------------------------------------------------------------------------- */

/* PDN holds comments: the record's main-line comments, as a caller left them,
 * replace the comments that followed each move. */
static int dr_rwrite_game(const bo_read_opts *o, const bo_rec_game *g, FILE *out, char *err, size_t errlen)
{
    if (o->to && strcasecmp(o->to, "pdn") != 0)
        return snprintf(err, errlen, "draughts records are written as pdn, not '%s'", o->to), -1;
    dr_rules rules;
    if (dr_rules_from_options(&rules, o->rules, o->draw_rules, err, errlen) != 0) return -1;
    if (dr_pdn_write_commented(out, g->priv, &rules) != 0) return snprintf(err, errlen, "write error"), -1;
    return 0;
}

/* A tag's value in quotes, its quotes and backslashes escaped as PGN's tag strings
 * have them (a fault reason may quote an engine's answer). */
static void tag_value(FILE *out, const char *v)
{
    fputc('"', out);
    for (; v && *v; v++) {
        if (*v == '"' || *v == '\\') fputc('\\', out);
        fputc(*v, out);
    }
    fputc('"', out);
}

/* A self-play or match game as PDN: the seven tags, numbered moves in the game's
 * own move text (what the descriptor writes: 32-28, 27x18, full paths where needed),
 * the result as PDN scores it (2-0, 0-2, 1-1; an 8x8 variant: 1-0, 0-1, 1/2-1/2, with
 * its GameType tag and a bare PDN FEN). */
static int dr_rwrite_played(const bo_read_opts *o, const bo_played *p, FILE *out, char *err, size_t errlen)
{
    (void)o;
    const bo_game *g = bo_game_by_name("draughts");
    if (!g) return snprintf(err, errlen, "no draughts engine"), -1;
    dr_variant v = (dr_variant)((const dr_pos *)p->start)->variant;
    const char *result = dr_variant_squares(v) == 32
                             ? (p->score_first == 1.0 ? "1-0" : p->score_first == 0.0 ? "0-1" : "1/2-1/2")
                             : (p->score_first == 1.0 ? "2-0" : p->score_first == 0.0 ? "0-2" : "1-1");
    BO_ALIGNED unsigned char pos[BO_POS_MAX], start[BO_POS_MAX], undo[BO_UNDO_MAX];
    char fen[512], start_fen[512];
    dr_pos_to_fen(p->start, fen, sizeof fen);
    if (g->start(start, p->rules, err, errlen) != 0) return -1;
    dr_pos_to_fen((const dr_pos *)start, start_fen, sizeof start_fen);
    fputs("[Event ", out); tag_value(out, p->event);
    fprintf(out, "]\n[Round \"%ld\"]\n[White ", p->round); tag_value(out, p->first_name);
    fputs("]\n[Black ", out); tag_value(out, p->second_name);
    fprintf(out, "]\n[Result \"%s\"]\n", result);
    /* Spanish: boyi writes its own (Italian, N2) numbering, so the tag says so */
    if (v == DR_SPANISH) fprintf(out, "[GameType \"24,W,8,8,N2,1\"]\n");
    else if (v != DR_INTERNATIONAL) fprintf(out, "[GameType \"%d\"]\n", dr_variant_game_type(v));
    if (strcmp(fen, start_fen) != 0 || ((const dr_pos *)start)->variant != v) fprintf(out, "[FEN \"%s\"]\n", fen);
    fputs("[Termination ", out); tag_value(out, p->termination);
    fputs("]\n\n", out);
    memcpy(pos, p->start, g->pos_size);
    int col = 0, number = 1;
    bool first_to_move = g->to_move(pos) == 0;
    for (int i = 0; i < p->nmoves; i++) {
        char mv[128], word[160];
        if (g->move_to_text(pos, p->moves[i], mv, sizeof mv) != 0) return snprintf(err, errlen, "move %d has no text", i + 1), -1;
        bool white = g->to_move(pos) == 0;
        if (white) snprintf(word, sizeof word, "%d. %s", number, mv);
        else if (i == 0) snprintf(word, sizeof word, "%d... %s", number, mv);
        else snprintf(word, sizeof word, "%s", mv);
        if (!white || !first_to_move) number += !white;
        int len = (int)strlen(word);
        if (col > 0 && col + 1 + len > 79) { fputc('\n', out); col = 0; }
        else if (col > 0) { fputc(' ', out); col++; }
        fputs(word, out);
        col += len;
        if (p->notes && p->notes[i]) {   /* the move's score, depth and time, as a PDN comment */
            int cl = (int)strlen(p->notes[i]) + 3;
            if (col + 1 + cl > 79) { fputc('\n', out); col = 0; }
            else { fputc(' ', out); col++; }
            fprintf(out, "{%s}", p->notes[i]);
            col += cl - 1;
        }
        g->play(pos, p->moves[i], undo, NULL);
    }
    fprintf(out, "%s%s\n\n", col > 0 ? " " : "", result);
    return ferror(out) ? (snprintf(err, errlen, "write error"), -1) : 0;
}

/* ---- convert ------------------------------------------------------------------------- */

typedef struct cvctx {
    const char *path;
    const dr_rules *rules;
    FILE *out;
    const bo_records_sink *sink;
    int rc;
} cvctx;

/* Convert writes what it read; what the reader had to forgive is a warning, a game it
 * could not read is left out. */
static int convert_one(dr_pdn_game *g, void *ctx)
{
    cvctx *c = ctx;
    const bo_record *r = &g->rec;
    if (bo_records_convert_notes(c->sink, c->path, r)) {
        c->rc = BO_RECORDS_GAME_LEFT_OUT;
        return 0;
    }
    if (dr_pdn_write(c->out, g, c->rules) != 0) {
        bo_records_error(c->sink, NULL, 0, 0, 0, "write error");
        c->rc = BO_RECORDS_FAILED;
        return 1;
    }
    return 0;
}

/* boyi convert --to pdn: PDN 3.0 as its writing rules have it. */
static int dr_rconvert(const bo_read_opts *o, const bo_text *t, FILE *out, const bo_records_sink *sink)
{
    char err[512];
    if (!o->to || strcasecmp(o->to, "pdn") != 0) {
        snprintf(err, sizeof err, "draughts records convert to pdn, not '%s'", o->to ? o->to : "");
        bo_records_error(sink, NULL, 0, 0, 0, err);
        return BO_RECORDS_FAILED;
    }
    dr_rules rules;
    if (dr_rules_from_options(&rules, o->rules, o->draw_rules, err, sizeof err) != 0 ||
        bo_records_refuse_binary(t, "PDN file", err, sizeof err) != 0) {
        bo_records_error(sink, t->path, 0, 0, 0, err);
        return BO_RECORDS_FAILED;
    }
    cvctx c = {t->path, &rules, out, sink, BO_RECORDS_CONVERTED};
    dr_pdn_options popt = {o->strict};
    if (dr_pdn_read_with(t->data, t->len, &popt, convert_one, &c, err, sizeof err) != 0 && c.rc == BO_RECORDS_CONVERTED) {
        bo_records_error(sink, t->path, 0, 0, 0, err);
        return BO_RECORDS_FAILED;
    }
    return c.rc;
}

const bo_records dr_records = {
    .name = "draughts",
    .sniff = dr_rsniff,
    .split = bo_split_pdn,
    .read = dr_rread,
    .convert = dr_rconvert,
    .write_game = dr_rwrite_game,
    .played_ext = "pdn",
    .write_played = dr_rwrite_played,
    .keep = dr_rkeep,
    .release = dr_rrelease,
};
