/* dr_pdn_write.c -- writing PDN 3.0 by the standard's writing rules.
 *
 * Moves of 10x10 games are replayed so that each is written in its canonical form:
 * "32-28", "19x30", and the full path only for a capture whose from x to is shared
 * with another legal capture taking other pieces.  Move numbers are recomputed:
 * "N." before white's moves, "N..." before a black move that does not directly
 * follow white's. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dr_moves_text.h"
#include "dr_pdn.h"

enum { LINE_WIDTH = 79 };

typedef struct emitter {
    FILE *out;
    int col;
    bool bad;
    bool glue_next;    /* the last token was '(': no blank after it */
    /* dr_pdn_write_commented: the record whose main-line comments replace those of the
     * text, the main-line item last written (-1: none yet), and whether its comment
     * is still to come. */
    const bo_record *rec;
    int item;
    bool pending;
} emitter;

/* Write a token, breaking the line first when it would not fit.  GLUE: no blank before. */
static void emit(emitter *e, const char *tok, bool glue)
{
    size_t n = strlen(tok);
    const char *nl = strrchr(tok, '\n');
    if (e->glue_next) glue = true;
    e->glue_next = false;
    if (!glue && e->col > 0) {
        if (e->col + 1 + (int)(nl ? (size_t)(strchr(tok, '\n') - tok) : n) > LINE_WIDTH) {
            if (fputc('\n', e->out) == EOF) e->bad = true;
            e->col = 0;
        } else {
            if (fputc(' ', e->out) == EOF) e->bad = true;
            e->col++;
        }
    }
    if (fputs(tok, e->out) == EOF) e->bad = true;
    e->col = nl ? (int)strlen(nl + 1) : e->col + (int)n;
}

/* The replay state at one point of the game text. */
typedef struct state {
    dr_pos pos;
    bool known;        /* pos is the real position (10x10, every move so far resolved) */
    int fullmove;
    bool need_number;  /* a black move here needs "N..." */
} state;

/* A move as read, tidied: no leading zeros, 'x' for captures. */
static void tidy(const char *text, char *buf, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; text[i] && k + 1 < n; i++) {
        char c = text[i] == ':' ? 'x' : text[i];
        bool start = i == 0 || !isdigit((unsigned char)text[i - 1]);
        if (c == '0' && start && isdigit((unsigned char)text[i + 1])) continue;
        buf[k++] = c;
    }
    buf[k] = '\0';
}

static void write_body(emitter *e, const dr_pdn_body *b, state st, bool top);

/* The record's comment on the main-line item just written, if it has one. */
static void flush_comment(emitter *e, state *st)
{
    if (!e->pending) return;
    e->pending = false;
    const char *c = e->rec->moves[e->item].comment;
    if (!c) return;
    size_t len = strlen(c) + 3;
    char *t = malloc(len);
    if (!t) { e->bad = true; return; }
    snprintf(t, len, "{%s}", c);
    emit(e, t, false);
    free(t);
    st->need_number = true;
}

/* At the top level of a game written with its record's comments: a new main-line
 * item (move, "...", set-up) first lets the last one's comment out. */
static void next_item(emitter *e, state *st, bool top)
{
    if (!top || !e->rec) return;
    flush_comment(e, st);
    e->item++;
    e->pending = e->item < e->rec->nmoves;
}

/* One move: its number when needed, its text, its strength -- one token, so that a
 * number never ends a line. */
static void write_move(emitter *e, const dr_pdn_node *n, state *st, state *before)
{
    char text[128], num[32] = "", tok[200];
    *before = *st;
    dr_move mv;
    bool resolved = false;
    if (st->known) {
        dr_written w;
        char why[256];
        if (dr_written_parse(n->text, &w, why, sizeof why) == 0 &&
            dr_resolve_move(&st->pos, &w, &mv, why, sizeof why, NULL, 0) == DR_RESOLVE_OK) {
            dr_move_format(&st->pos, &mv, text, sizeof text);
            resolved = true;
        }
    }
    if (!resolved) {
        st->known = false;
        tidy(n->text, text, sizeof text);
        if (n->number > 0) snprintf(num, sizeof num, n->number_black ? "%d... " : "%d. ", n->number);
    } else if (st->pos.side == DR_WHITE) {
        snprintf(num, sizeof num, "%d. ", st->fullmove);
    } else if (st->need_number) {
        snprintf(num, sizeof num, "%d... ", st->fullmove);
    }
    snprintf(tok, sizeof tok, "%s%s%s", num, text, n->strength ? n->strength : "");
    emit(e, tok, false);
    if (!resolved) return;
    dr_side mover = st->pos.side;
    dr_make(&st->pos, &mv);
    if (mover == DR_BLACK) st->fullmove++;
    st->need_number = false;
}

static void write_body(emitter *e, const dr_pdn_body *b, state st, bool top)
{
    state before = st;
    bool have_before = false;
    for (int i = 0; i < b->n; i++) {
        const dr_pdn_node *n = &b->nodes[i];
        char buf[300];
        switch (n->kind) {
        case DR_PDN_MOVE:
            next_item(e, &st, top);
            if (n->number > 0 && !have_before && st.known) st.fullmove = n->number;
            write_move(e, n, &st, &before);
            have_before = true;
            break;
        case DR_PDN_ELLIPSIS:
            next_item(e, &st, top);
            if (st.known && st.pos.side == DR_BLACK) { st.need_number = true; break; }
            if (st.known) snprintf(buf, sizeof buf, "%d. ...", st.fullmove);
            else if (n->number > 0) snprintf(buf, sizeof buf, n->number_black ? "%d... ..." : "%d. ...", n->number);
            else snprintf(buf, sizeof buf, "...");
            emit(e, buf, false);
            st.known = false;
            break;
        case DR_PDN_COMMENT: {
            if (top && e->rec && e->item >= 0) break;   /* in the record's comment */
            size_t len = strlen(n->text) + 3;
            char *c = malloc(len);
            if (!c) { e->bad = true; break; }
            snprintf(c, len, "{%s}", n->text);
            emit(e, c, false);
            free(c);
            st.need_number = true;
            break;
        }
        case DR_PDN_NAG:
            snprintf(buf, sizeof buf, "$%s", n->text);
            emit(e, buf, false);
            break;
        case DR_PDN_SETUP: {
            next_item(e, &st, top);
            char fen[256], err[128];
            dr_pdn_setup_fen(n->text, fen, sizeof fen);
            snprintf(buf, sizeof buf, "/FEN \"%s\"/", fen);
            emit(e, buf, false);
            bool unk = false;
            dr_pos p;
            if (dr_pos_from_fen(&p, fen, &unk, err, sizeof err) == 0) { st.pos = p; st.known = true; }
            else st.known = false;
            st.need_number = true;
            have_before = false;
            break;
        }
        case DR_PDN_VARIATION: {
            if (top && e->rec) flush_comment(e, &st);
            state vs = have_before ? before : st;
            vs.need_number = true;
            emit(e, "(", false);
            e->glue_next = true;
            write_body(e, n->variation, vs, false);
            emit(e, ")", true);
            st.need_number = true;
            break;
        }
        }
    }
    if (top && e->rec) flush_comment(e, &st);
}

/* A FEN with '?' for the side to move: the side whose move the first move is (as the
 * validator decides); false when neither side can play it. */
static bool guess_side(dr_pos *p, const dr_pdn_body *b)
{
    for (int i = 0; i < b->n; i++) {
        if (b->nodes[i].kind == DR_PDN_SETUP || b->nodes[i].kind == DR_PDN_ELLIPSIS) return false;
        if (b->nodes[i].kind != DR_PDN_MOVE) continue;
        dr_written w;
        dr_move m;
        char why[256];
        if (dr_written_parse(b->nodes[i].text, &w, why, sizeof why) != 0) return false;
        for (int k = 0; k < 2; k++) {
            if (dr_resolve_move(p, &w, &m, why, sizeof why, NULL, 0) == DR_RESOLVE_OK) return true;
            p->side = p->side == DR_WHITE ? DR_BLACK : DR_WHITE;
            p->hash = dr_pos_hash(p);
        }
        return false;
    }
    return true;
}

/* A tag value with '"' and '\' escaped. */
static void write_tag(emitter *e, const bo_tag *t)
{
    fprintf(e->out, "[%s \"", t->name);
    for (const char *s = t->value; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', e->out);
        fputc(*s, e->out);
    }
    if (fputs("\"]\n", e->out) == EOF) e->bad = true;
}

/* Both writers: REC, when not NULL, gives the main line's comments. */
static int write_game(FILE *out, const dr_pdn_game *g, const dr_rules *rules, const bo_record *rec)
{
    emitter e = {out, 0, false, false, rec, -1, false};
    const bo_record *r = &g->rec;
    int ntags = 0;
    for (int i = 0; i < r->ntags; i++) {
        if (r->tags[i].name[0] == '_') continue;
        write_tag(&e, &r->tags[i]);
        ntags++;
    }
    state st;
    memset(&st, 0, sizeof st);
    st.fullmove = 1;
    st.need_number = true;
    char colour, notation[4];
    if (dr_pdn_game_type(r, &colour, notation) == 20) {
        dr_side first = rules ? rules->first : DR_WHITE;
        if (colour) first = colour == 'B' ? DR_BLACK : DR_WHITE;
        bool unk = false;
        char err[128];
        if (!r->fen) { dr_pos_start(&st.pos, first); st.known = true; }
        else st.known = dr_pos_from_fen(&st.pos, r->fen, &unk, err, sizeof err) == 0;
        if (st.known && unk) st.known = guess_side(&st.pos, &g->body);
    }
    if (ntags && g->body.n) fputc('\n', out);
    write_body(&e, &g->body, st, true);
    emit(&e, g->terminator ? g->terminator : "*", false);
    if (fputs("\n\n", out) == EOF) e.bad = true;
    return e.bad || ferror(out) ? -1 : 0;
}

int dr_pdn_write(FILE *out, const dr_pdn_game *g, const dr_rules *rules)
{
    return write_game(out, g, rules, NULL);
}

int dr_pdn_write_commented(FILE *out, const dr_pdn_game *g, const dr_rules *rules)
{
    return write_game(out, g, rules, &g->rec);
}
