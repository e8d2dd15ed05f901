/* xq_pgn.c - the Xiangqi PGN reader: a hand-written scanner over the whole
 * file (records are read at tens of MB/s), tolerant of what real files hold:
 * xqbase PGN in GBK with full-width digits, moves glued to their numbers or to
 * each other, no tags, no results, advertisement lines after the result. The
 * parts it shares with xq_pgn_tags.c, xq_pgn_vars.c and xq_pgn_lex.c are in
 * xq_pgn_internal.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "xq_notation.h"
#include "xq_pgn_internal.h"

typedef xq_pgn_scanner scanner;
typedef xq_pgn_reader reader;

/* Step over blanks (and line ends) to the next token. */
static void skip_blanks(scanner *sc)
{
    size_t k;
    while (sc->i < sc->n && (k = xq_pgn_blank_len(sc->s, sc->n, sc->i)) > 0) xq_pgn_adv_to(sc, sc->i + k);
}

/* Offset of the first line after position i whose first non-blank character is
 * '[' (where the next game's tags begin), or n. Recovery point after an
 * unclosed comment or variation. */
size_t xq_pgn_next_tag_line(const char *s, size_t n, size_t i)
{
    while (i < n) {
        const char *nl = memchr(s + i, '\n', n - i);
        if (!nl) return n;
        size_t j = (size_t)(nl - s) + 1, k = j;
        while (k < n && (s[k] == ' ' || s[k] == '\t')) k++;
        if (k < n && s[k] == '[') return j;
        i = j;
    }
    return n;
}

/* --- building records ----------------------------------------------------------- */

/* The game being read (the last one of the list), NULL before the first. */
bo_record *xq_pgn_cur(reader *r)
{
    return r->out->n > 0 ? &r->out->items[r->out->n - 1] : NULL;
}

/* Close the current game: the claimed result comes from the move text, else from
 * the Result tag; say so when the two disagree. */
static void finish_record(reader *r)
{
    bo_record *g = xq_pgn_cur(r);
    if (!g || r->state == XQ_R_NONE) return;
    xq_pgn_drop_variations(r);
    r->last_moves = g->nmoves < 4096 ? g->nmoves : 4096;
    int tag_line = 0;
    const char *tag = NULL;
    for (int i = g->ntags - 1; i >= 0; i--)
        if (strcasecmp(g->tags[i].name, "Result") == 0) { tag = g->tags[i].value; tag_line = g->tags[i].line; break; }
    if (tag && !xq_result_normalise(tag, strlen(tag)))
        bo_record_note(g, BO_NOTE_WARNING, tag_line, 1, "the Result tag '%s' is not 1-0, 0-1, 1/2-1/2 or *; ignored", tag);
    if (g->result && tag) {
        const char *a = xq_result_normalise(g->result, strlen(g->result));
        const char *b = xq_result_normalise(tag, strlen(tag));
        if (a && b && strcmp(a, b) != 0 && strcmp(b, "*") != 0)
            bo_record_note(g, BO_NOTE_WARNING, g->result_line, g->result_col,
                           "the move text ends with %s but the Result tag says %s; the move text is taken", g->result, tag);
    } else if (tag && xq_result_normalise(tag, strlen(tag))) {
        if (bo_record_set_str(&g->result, tag, strlen(tag)) != 0) r->oom = 1;
        g->result_line = tag_line;
        g->result_col = 1;
    }
    r->state = XQ_R_NONE;
}

/* Hand every game but the last (which later text may still add a warning to)
 * to the callback, and free it: the whole file is then never held at once. */
static void hand_over(reader *r, int keep)
{
    bo_record_list *l = r->out;
    int k = l->n - keep;
    if (!r->each || k <= 0) return;
    for (int i = 0; i < k; i++) {
        if (!r->stop && r->each(r->each_ctx, &l->items[i]) != 0) r->stop = 1;
        bo_record_free(&l->items[i]);
    }
    memmove(l->items, l->items + k, (size_t)keep * sizeof l->items[0]);
    l->n = keep;
    r->handed += k;
}

/* Close the game being read and begin a new one at line; warnings about
 * text before the first game go to it. */
bo_record *xq_pgn_start_record(reader *r, int line)
{
    finish_record(r);
    bo_record *prev = xq_pgn_cur(r);
    if (prev && prev->oom) { r->oom = 1; return NULL; }   /* not whole: never handed over */
    bo_record *g = bo_record_list_push(r->out, line);
    if (!g) { r->oom = 1; return NULL; }
    g->index += r->handed;
    hand_over(r, 1);
    g = xq_pgn_cur(r);
    for (int i = 0; i < r->npend; i++)
        bo_record_note(g, BO_NOTE_WARNING, r->pend[i].line, r->pend[i].col, "%s", r->pend[i].text);
    r->npend = 0;
    r->state = XQ_R_GAME;
    r->number = 0;
    return g;
}

/* A warning about text outside every game goes to the game before it, or, at the
 * top of the file, to the first game. */
static void outside_warning(reader *r, int line, int col, const char *msg)
{
    bo_record *g = xq_pgn_cur(r);
    if (g) { bo_record_note(g, BO_NOTE_WARNING, line, col, "%s", msg); return; }
    if (r->npend < XQ_PGN_MAX_PENDING) {
        xq_pgn_pending *p = &r->pend[r->npend++];
        p->line = line; p->col = col;
        snprintf(p->text, sizeof p->text, "%s", msg);
    }
}

/* A comment belongs to the last move of the line being read: the innermost
 * open variation's, else the main line's. One before a variation's first move
 * is kept after that move (the record model has comments after moves only). */
static void add_comment(reader *r, bo_record *g, const char *text, size_t len, int line, int col)
{
    bo_rline *l = r->depth > 0 ? r->line[r->depth - 1] : NULL;
    if (!l) {
        if (bo_record_add_comment(g, text, len) != 0) r->oom = 1;
        return;
    }
    if (l->nmoves == 0) {
        bo_record_note(g, BO_NOTE_WARNING, line, col, "a comment before the first move of a variation is kept after that move");
        size_t have = r->pre_comment ? strlen(r->pre_comment) : 0;
        char *c = realloc(r->pre_comment, have + len + 2);
        if (!c) { r->oom = 1; return; }
        if (have) c[have++] = ' ';
        memcpy(c + have, text, len);
        c[have + len] = 0;
        r->pre_comment = c;
        r->pre_comment_line = l;
        return;
    }
    if (bo_rmove_add_comment(&l->moves[l->nmoves - 1], text, len) != 0) r->oom = 1;
}

/* {comment}: may span lines. An unclosed one is an error; reading resumes at the
 * next line that starts a tag, so the games after it are not lost. */
static void read_comment(reader *r)
{
    scanner *sc = &r->sc;
    int line = sc->line, col = sc->col;
    bo_record *g = xq_pgn_cur(r);
    if (r->state == XQ_R_NONE) g = xq_pgn_start_record(r, line);
    if (!g) return;
    size_t open = sc->i;
    const char *close = memchr(sc->s + open + 1, '}', sc->n - open - 1);
    if (!close) {
        bo_record_note(g, BO_NOTE_ERROR, line, col, "the comment opened here with '{' is never closed with '}'");
        xq_pgn_adv_to(sc, xq_pgn_next_tag_line(sc->s, sc->n, open));
        return;
    }
    size_t a = open + 1, b = (size_t)(close - sc->s);
    while (a < b && (sc->s[a] == ' ' || sc->s[a] == '\t' || sc->s[a] == '\n')) a++;
    while (b > a && (sc->s[b - 1] == ' ' || sc->s[b - 1] == '\t' || sc->s[b - 1] == '\n')) b--;
    if (b > a) add_comment(r, g, sc->s + a, b - a, line, col);
    xq_pgn_adv_to(sc, (size_t)(close - sc->s) + 1);
}

/* ; comment to the end of the line. */
static void read_line_comment(reader *r)
{
    scanner *sc = &r->sc;
    bo_record *g = xq_pgn_cur(r);
    int line = sc->line, col = sc->col;
    if (r->state == XQ_R_NONE) g = xq_pgn_start_record(r, sc->line);
    if (!g) return;
    size_t a = sc->i + 1;
    const char *nl = memchr(sc->s + a, '\n', sc->n - a);
    size_t b = nl ? (size_t)(nl - sc->s) : sc->n;
    size_t e = b;
    while (a < e && (sc->s[a] == ' ' || sc->s[a] == '\t')) a++;
    while (e > a && (sc->s[e - 1] == ' ' || sc->s[e - 1] == '\t')) e--;
    if (e > a) add_comment(r, g, sc->s + a, e - a, line, col);
    xq_pgn_adv_to(sc, b);
}

/* Before a game has begun (top of file, or after a result): does the text up to
 * the next tag hold anything that looks like a move? If not, *end gets where
 * that text ends. */
static bool region_has_moves(const char *s, size_t n, size_t i, size_t *end)
{
    while (i < n) {
        size_t k = xq_pgn_blank_len(s, n, i);
        if (k) { i += k; continue; }
        char c = s[i];
        if (c == '[') break;
        if (c == '{') { i = xq_pgn_skip_comment(s, n, i); continue; }
        if (xq_pgn_is_delim((unsigned char)c)) { i++; continue; }
        size_t j = xq_pgn_token_end(s, n, i);
        int num;
        size_t np = xq_pgn_number_prefix(s + i, j - i, &num);
        if (np > 0 && np == j - i) return true;
        if (xq_pgn_movelike(s + i + np, xq_pgn_first_move_len(s + i + np, j - i - np))) return true;
        i = j;
    }
    *end = i;
    return false;
}

/* One token of move text: a result, a NAG, a move number, or one or more moves
 * (moves glued together are cut after each verb's distance or file). */
static void read_token(reader *r)
{
    scanner *sc = &r->sc;
    const char *s = sc->s;
    size_t i = sc->i, j = xq_pgn_token_end(s, sc->n, i);
    size_t len = j - i;
    if (r->state != XQ_R_GAME) {
        size_t end = sc->n;
        if (!region_has_moves(s, sc->n, i, &end)) {
            char msg[200];
            int line = sc->line, col = sc->col;
            int lines = 1;
            for (size_t k = i; k < end; k++) if (s[k] == '\n' && k + 1 < end) lines++;
            snprintf(msg, sizeof msg, "%d line%s of text outside any game ignored (no moves in it), from '%.*s'",
                     lines, lines == 1 ? "" : "s", (int)(len > 40 ? 40 : len), s + i);
            outside_warning(r, line, col, msg);
            xq_pgn_adv_to(sc, end);
            return;
        }
        int had = xq_pgn_cur(r) ? xq_pgn_cur(r)->index : 0;
        bo_record *g = xq_pgn_start_record(r, sc->line);
        if (!g) return;
        if (had > 0) bo_record_note(g, BO_NOTE_WARNING, sc->line, sc->col,
                                    "a game without tags begins here, after the end of game %d", had);
    }
    bo_record *g = xq_pgn_cur(r);
    if (xq_pgn_is_result(s + i, len)) {
        xq_pgn_drop_variations(r);   /* a result ends the game, and every variation */
        if (bo_record_set_str(&g->result, s + i, len) != 0) r->oom = 1;
        g->result_line = sc->line;
        g->result_col = sc->col;
        xq_pgn_adv_to(sc, j);
        r->state = XQ_R_DONE;
        return;
    }
    if (s[i] == '$') { xq_pgn_adv_to(sc, j); return; }   /* NAG */
    int num = 0;
    size_t np = xq_pgn_number_prefix(s + i, len, &num);
    if (np > 0) {
        r->number = num;
        xq_pgn_adv_to(sc, i + np);
        i += np;
        if (i == j) return;
    }
    /* drop trailing annotation marks */
    size_t e = j;
    while (e > i && (s[e - 1] == '!' || s[e - 1] == '?')) e--;
    if (e == i) { xq_pgn_adv_to(sc, j); return; }
    /* cut glued Chinese moves: after a verb and one more character */
    size_t a = i;
    while (a < e) {
        size_t cut = a + xq_pgn_first_move_len(s + a, e - a);
        xq_pgn_adv_to(sc, a);
        bo_rmove *m;
        if (r->depth > 0) {
            bo_rline *l = r->line[r->depth - 1];
            if (!(m = bo_rline_add_move(l, s + a, cut - a, sc->line, sc->col))) { r->oom = 1; return; }
            if (r->pre_comment && r->pre_comment_line == l) {
                if (bo_rmove_add_comment(m, r->pre_comment, strlen(r->pre_comment)) != 0) r->oom = 1;
                free(r->pre_comment);
                r->pre_comment = NULL;
            }
        } else {
            if (g->movecap == 0) {
                /* Games of one file are alike in length: sizing the move list by
                 * the game before saves the reallocations that otherwise cost
                 * more than all the scanning. */
                int cap = r->last_moves + r->last_moves / 4 + 4;
                bo_rmove *mv = malloc((size_t)cap * sizeof *mv);
                if (!mv) { r->oom = 1; return; }
                g->moves = mv;
                g->movecap = cap;
            }
            if (!(m = bo_record_add_move(g, s + a, cut - a, sc->line, sc->col))) { r->oom = 1; return; }
        }
        m->number = r->number;
        r->number = 0;
        a = cut;
    }
    xq_pgn_adv_to(sc, j);
}

/* The reader behind both entry points: with each == NULL every game stays in
 * out, else each is handed over as soon as the next one begins. */
static int read_pgn(const bo_text *t, const xq_read_opts *opts, bo_record_list *out, xq_record_fn each,
                    void *ctx, int *handed, char *err, size_t errlen)
{
    reader r;
    memset(&r, 0, sizeof r);
    r.strict = opts && opts->strict;
    r.each = each;
    r.each_ctx = ctx;
    r.sc.s = t->data;
    r.sc.n = t->len;
    r.sc.line = 1;
    r.sc.col = 1;
    r.out = out;
    scanner *sc = &r.sc;
    while (!r.oom && !r.stop) {
        skip_blanks(sc);
        if (sc->i >= sc->n) break;
        unsigned char c = (unsigned char)sc->s[sc->i];
        if (c == '[') { xq_pgn_read_tag(&r); continue; }
        if (c == '%' && sc->col == 1) {   /* PGN escape line */
            const char *nl = memchr(sc->s + sc->i, '\n', sc->n - sc->i);
            xq_pgn_adv_to(sc, nl ? (size_t)(nl - sc->s) : sc->n);
            continue;
        }
        if (c == '{') { read_comment(&r); continue; }
        if (c == ';') { read_line_comment(&r); continue; }
        if (c == '(') { xq_pgn_open_variation(&r); continue; }
        if (c == ')') { xq_pgn_close_variation(&r); continue; }
        if (c == '}' || c == ']') {
            bo_record *g = xq_pgn_cur(&r);
            if (r.state == XQ_R_NONE || !g) {
                g = xq_pgn_start_record(&r, sc->line);
                if (!g) break;
            }
            xq_pgn_lenient(&r, g, sc->line, sc->col, "'%c' here closes nothing; ignored", c);
            xq_pgn_adv(sc);
            continue;
        }
        read_token(&r);
    }
    if (!r.oom && xq_pgn_cur(&r) && xq_pgn_cur(&r)->oom) r.oom = 1;
    if (r.oom) {
        /* The game being read was not read whole: it is dropped, never judged
         * on the part that was (the games before it were handed over whole). */
        bo_record *g = xq_pgn_cur(&r);
        if (g && r.state == XQ_R_NONE && !g->oom) g = NULL;   /* finished whole: handed over */
        if (g) {
            snprintf(err, errlen, "line %d: out of memory while reading game %d: it is not judged", g->line,
                     g->index);
            bo_record_free(g);
            out->n--;
        } else {
            snprintf(err, errlen, "out of memory");
        }
        r.depth = 0;
    }
    if (!r.oom) finish_record(&r);
    free(r.pre_comment);
    hand_over(&r, 0);
    if (handed) *handed = r.handed;
    if (r.oom) return -1;
    return 0;
}

int xq_pgn_read(const bo_text *t, bo_record_list *out, char *err, size_t errlen)
{
    return read_pgn(t, NULL, out, NULL, NULL, NULL, err, errlen);
}

int xq_pgn_read_each(const bo_text *t, xq_record_fn each, void *ctx, int *games, char *err, size_t errlen)
{
    return xq_pgn_read_opts(t, NULL, each, ctx, games, err, errlen);
}

int xq_pgn_read_opts(const bo_text *t, const xq_read_opts *opts, xq_record_fn each, void *ctx, int *games,
                     char *err, size_t errlen)
{
    bo_record_list l = {0};
    int rc = read_pgn(t, opts, &l, each, ctx, games, err, errlen);
    bo_record_list_free(&l);
    return rc;
}

void xq_pgn_lenient(reader *r, bo_record *g, int line, int col, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (r->strict) bo_record_note(g, BO_NOTE_ERROR, line, col, "%s (refused under --strict)", msg);
    else bo_record_note(g, BO_NOTE_WARNING, line, col, "%s", msg);
}
