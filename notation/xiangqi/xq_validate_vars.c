/* xq_validate_vars.c - replaying a record's variations (record.h: bo_rmove.vars,
 * lines that replace the move they hang on, played from the position before
 * it). Every variation is replayed from its branch point, nested ones from
 * theirs; the first move of a line that cannot be read or is illegal is
 * reported, located, and named as a variation's. By default that is a warning
 * and the main line's verdict stands; with c->variation_errors the game is
 * invalid (when its main line was valid). Variations are analysis, not play:
 * only the legality of their moves is judged, not how a game would end. */
#include <stdio.h>
#include <string.h>

#include "xq_notation.h"
#include "xq_validate.h"

/* What the walk over one record's variations shares. */
typedef struct var_walk {
    xq_check *c;
    const char *file;
    const bo_record *r;
    const bo_verdict_sink *sink;
    bo_verdict *v;
    int f0;                /* full move number of the start position */
    xq_side s0;            /* side to move at the start */
    xq_notation hint;      /* the record's [Format], or AUTO */
    bool failed;           /* a variation fault made the verdict invalid */
} var_walk;

/* The side as reports name it. */
static const char *side_of(xq_side s) { return s == XQ_RED ? "red" : "black"; }

/* Move number as players count it, for ply index `ply` from the start. */
static int number_of(const var_walk *w, int ply) { return w->f0 + ((int)w->s0 + ply) / 2; }

/* Copy at most 40 characters of a move's text. */
static void clip(char *dst, size_t n, const char *src)
{
    size_t len = strlen(src), k = 0, chars = 0;
    while (k < len && chars < 40 && k + 8 < n) {
        unsigned char ch = (unsigned char)src[k];
        k += ch < 0x80 ? 1 : (ch & 0xE0) == 0xC0 ? 2 : (ch & 0xF0) == 0xE0 ? 3 : 4;
        chars++;
    }
    if (k > len) k = len;
    memcpy(dst, src, k);
    strcpy(dst + k, k < len ? "..." : "");
}

/* A fault at move m (ply index `ply`, position p) of a variation hanging on
 * move `on` (ply index `on_ply`): a warning, or the game's fault. */
static void report(var_walk *w, const bo_rmove *m, const bo_rmove *on, int ply, int on_ply, const xq_pos *p,
                   const char *kind, const char *why)
{
    xq_check *c = w->c;
    char text[64], on_text[64];
    clip(text, sizeof text, m->text);
    clip(on_text, sizeof on_text, on->text);
    char where[48] = "";
    if (m->line == 0 && m->col > 0) snprintf(where, sizeof where, " (at byte %d of the file)", m->col - 1);
    c->variation_faults++;
    if (c->variation_errors && w->v->status == BO_VERDICT_OK) {
        int mn = snprintf(c->message, sizeof c->message, "in a variation on move %d (%s) %s: %s%s", number_of(w, on_ply),
                          side_of((xq_side)(((int)w->s0 + on_ply) & 1)), on_text, why, where);
        if (mn >= (int)sizeof c->message) memcpy(c->message + sizeof c->message - 4, "...", 4);
        snprintf(c->move_text, sizeof c->move_text, "%s", text);
        bo_verdict *v = w->v;
        v->status = BO_VERDICT_INVALID;
        v->kind = kind;
        v->line = m->line;
        v->col = m->col;
        v->move_no = number_of(w, ply);
        v->side = side_of(p->side);
        v->move_text = c->move_text;
        v->message = c->message;
        v->result = NULL;
        v->ending = NULL;
        w->failed = true;
        return;
    }
    if (!w->sink || !w->sink->warning) return;
    int wn = snprintf(c->warn, sizeof c->warn, "in a variation on move %d (%s) %s: move %d (%s) %s: %s: %s%s%s",
             number_of(w, on_ply), side_of((xq_side)(((int)w->s0 + on_ply) & 1)), on_text, number_of(w, ply),
             side_of(p->side), text, kind, why, where,
             c->variation_errors ? "" : " (the main line's verdict stands; --variation-errors makes this an error)");
    if (wn >= (int)sizeof c->warn) memcpy(c->warn + sizeof c->warn - 4, "...", 4);   /* cut: say so */
    bo_warning wr = {w->file, w->r->index, m->line, m->col, c->warn};
    w->sink->warning(w->sink->ctx, &wr);
}

/* Replay line l, which replaces move `on` (ply index `ply`) from position p. */
static void walk_line(var_walk *w, const bo_rline *l, const bo_rmove *on, const xq_pos *p, int ply, int depth)
{
    xq_pos q = *p;
    w->c->variations++;
    for (int j = 0; j < l->nmoves && !w->failed; j++) {
        const bo_rmove *m = &l->moves[j];
        xq_move mv;
        char err[400], why[400];
        size_t len = strlen(m->text);
        int rc = xq_parse_move(&q, m->text, len, w->hint, &mv, NULL, err, sizeof err);
        if (rc != 0 && w->hint != XQ_NOTE_AUTO) rc = xq_parse_move(&q, m->text, len, XQ_NOTE_AUTO, &mv, NULL, err, sizeof err);
        const char *reason = rc == 0 ? xq_illegal_reason(&q, mv, why, sizeof why) : NULL;
        if (rc != 0 || reason) {
            report(w, m, on, ply + j, ply, &q, rc != 0 ? "parse" : "illegal", rc != 0 ? err : reason);
            return;   /* the rest of this line (and what hangs on it) has no position */
        }
        if (m->nvars > 0 && depth < 64) {
            for (int k = 0; k < m->nvars && !w->failed; k++) walk_line(w, m->vars[k], m, &q, ply + j, depth + 1);
        }
        xq_undo u;
        xq_make(&q, mv, &u);
    }
}

/* The variations hanging on the first n moves of a line (main: the moves the
 * replay resolved, and the one it stopped at), from start at ply index ply0. */
static void walk_moves(var_walk *w, const bo_rmove *moves, int n, const xq_pos *start, int ply0)
{
    xq_pos p = *start;
    for (int i = 0; i < n && !w->failed; i++) {
        for (int k = 0; k < moves[i].nvars && !w->failed; k++) walk_line(w, moves[i].vars[k], &moves[i], &p, ply0 + i, 1);
        if (i < w->c->nmoves) {
            xq_undo u;
            xq_make(&p, w->c->moves[i], &u);
        }
    }
}

void xq_check_variations(xq_check *c, const char *file, const bo_record *r, const bo_verdict_sink *sink,
                         bo_verdict *v)
{
    c->variations = 0;
    c->variation_faults = 0;
    if (r->nmoves == 0 || (v->status != BO_VERDICT_OK && v->kind && strcmp(v->kind, "position") == 0)) return;
    var_walk w = {c, file, r, sink, v, c->start.fullmove > 0 ? c->start.fullmove : 1, c->start.side, XQ_NOTE_AUTO, false};
    int nt = r->notation ? xq_notation_from_name(r->notation) : -1;
    if (nt > 0) w.hint = (xq_notation)nt;
    /* variations on the resolved moves and on the move the replay stopped at */
    int n = c->nmoves < r->nmoves ? c->nmoves + 1 : r->nmoves;
    walk_moves(&w, r->moves, n, &c->start, 0);
}
