/* gm_moves.c -- the plain move list: "h8 i9 j10" or one move per line.
 *   - moves are points "h8" / "H 8"; commas, semicolons and move numbers ("1." "2)")
 *     between them are skipped;
 *   - a result token (1-0 0-1 1/2-1/2 * 先手胜 后手胜 平局 和局) ends a game; moves after
 *     it start the next game of the file;
 *   - '#' starts a comment to the end of the line; comment lines of the form
 *     "# size: 20", "# rules: freestyle", "# black: NAME", "# white: NAME",
 *     "# event: ...", "# date: ...", "# place: ..." before a game's first move say so;
 *     so do the opening's "# opening: swap2", "# swap: put2 swap", "# offers: i10 j7",
 *     "# declared: 2", "# chosen-by: NAME" (docs/gomoku-openings.md). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gm_coords.h"
#include "gm_notation.h"
#include "gm_reader.h"

static const struct { const char *key, *tag; } directives[] = {
    {"size", "Size"}, {"rules", "Rules"}, {"black", "Black"}, {"white", "White"},
    {"event", "Event"}, {"date", "Date"}, {"place", "Place"},
    {"opening", "Opening"}, {"swap", "Swap"}, {"offers", "Offers"}, {"declared", "Declared"}, {"chosen-by", "ChosenBy"},
};

/* "# rules: freestyle" before the moves: the file says what the list alone cannot. */
static void directive(bo_record *rec, const char *s, size_t n, int line, int col)
{
    while (n && (*s == '#' || *s == ' ' || *s == '\t')) { s++; n--; }
    const char *colon = memchr(s, ':', n);
    if (!colon) return;
    size_t kn = (size_t)(colon - s);
    const char *v = colon + 1;
    size_t vn = n - kn - 1;
    gm_trim(&v, &vn);
    for (size_t i = 0; i < sizeof directives / sizeof *directives; i++) {
        if (strlen(directives[i].key) != kn || strncasecmp(s, directives[i].key, kn) != 0) continue;
        char buf[256];
        size_t bn = vn < sizeof buf - 1 ? vn : sizeof buf - 1;
        memcpy(buf, v, bn);
        buf[bn] = '\0';
        if (strcmp(directives[i].tag, "Rules") == 0) {
            gm_rules r;
            if (gm_rules_from_name(buf, &r) == 0) bo_record_set_tag(rec, "Rules", gm_rules_name(r));
            else bo_record_note(rec, BO_NOTE_WARNING, line, col, "rule set '%s' not known; ignored", buf);
        } else if (strcmp(directives[i].tag, "Size") == 0) {
            char *e;
            long sz = strtol(buf, &e, 10);
            if (*e || sz < GM_MIN_SIZE || sz > GM_MAX_SIZE)
                bo_record_note(rec, BO_NOTE_ERROR, line, col, "size '%s': boards of 5..20 are supported", buf);
            else bo_record_set_tag(rec, "Size", buf);
        } else if (!bo_record_tag(rec, directives[i].tag)) {
            bo_record_add_tag(rec, directives[i].tag, strlen(directives[i].tag), buf, strlen(buf), line);
        } else {
            bo_record_set_tag(rec, directives[i].tag, buf);
        }
    }
}

/* A point must be followed by a separator, so "h2e2" (ICCS) is not two points. */
static bool token_end(const char *d, size_t len, size_t p)
{
    return p >= len || isspace((unsigned char)d[p]) || d[p] == ',' || d[p] == ';' || d[p] == '#';
}

/* "# black: NAME" and the like: a header line of a game, which is also where the
 * reading of a broken game may resume. */
static bool is_directive(const char *s, size_t n)
{
    while (n && (*s == '#' || *s == ' ' || *s == '\t')) { s++; n--; }
    const char *colon = memchr(s, ':', n);
    if (!colon) return false;
    size_t kn = (size_t)(colon - s);
    for (size_t i = 0; i < sizeof directives / sizeof *directives; i++)
        if (strlen(directives[i].key) == kn && strncasecmp(s, directives[i].key, kn) == 0) return true;
    return false;
}

/* A result token ends a game; the next move opens another record. */
static bo_record *new_game(bo_record_list *out, int line)
{
    bo_record *rec = bo_record_list_push(out, line);
    if (!rec) return NULL;
    bo_record_set_str(&rec->notation, "moves", 5);
    bo_record_set_tag(rec, "Size", "15");
    return rec;
}

/* What one token is, for the reader and the sniff alike. */
typedef enum { TOK_RESULT, TOK_NUMBER, TOK_POINT, TOK_BAD } tok_kind;

/* Classify the token at p (whose separator-bounded end is tok); *used gets the bytes
 * it takes ("h 8" takes a blank, a move number "12." only its own bytes). */
static tok_kind classify(const char *d, size_t len, size_t p, size_t tok, size_t *used, gm_result *res, bool *exact)
{
    size_t tn = tok - p;
    int x, y;
    /* points first: no result word reads as a point, and points are most tokens */
    size_t u = gm_coord_scan(d + p, len - p, &x, &y);
    if (u > 0 && token_end(d, len, p + u)) {
        *used = u;
        return TOK_POINT;
    }
    *res = gm_result_from_text(d + p, tn, exact);
    bool star = tn == 1 && d[p] == '*';
    if ((*res != GM_RES_NONE && !(tn == 1 && d[p] == '0')) || star) {
        *used = tn;
        return TOK_RESULT;
    }
    if (isdigit((unsigned char)d[p])) {
        size_t q = p;
        while (q < tok && isdigit((unsigned char)d[q])) q++;
        if (q < tok && (d[q] == '.' || d[q] == ')')) { *used = q + 1 - p; return TOK_NUMBER; }
    }
    *used = tn;
    return TOK_BAD;
}

/* Tokens in order: comments, results, move numbers, points.  An unreadable token
 * breaks its game (a located error); the rest of that game is skipped up to its
 * result token, or to a header comment that starts the next game, and reading goes
 * on.  The end of the current token is found once per token, so that move numbers run
 * together ("1.1.1.1." ...) cost linear time. */
int gm_read_moves_o(const bo_text *t, const gm_read_opts *o, bo_record_list *out, char *err, size_t errlen)
{
    const char *d = t->data;
    size_t len = t->len, p = 0, tok = 0;
    gm_cursor cur;
    gm_cursor_init(&cur, t);
    int first = out->n;
    bo_record *rec = NULL;
    bool skipping = false;   /* in a game broken by an unreadable token */
    long unkept = 0;
    int line, col;
    while (p < len) {
        unsigned char c = (unsigned char)d[p];
        if (isspace(c) || c == ',' || c == ';') { p++; continue; }
        size_t start = p;
        gm_cursor_at(&cur, start, &line, &col);
        if (c == '#') {
            while (p < len && d[p] != '\n') p++;
            bool dir = is_directive(d + start, p - start);
            if (dir && rec && (skipping || rec->nmoves > 0)) {
                /* a header line after moves: the game before it (broken or without a
                 * result token) ended there */
                gm_note_unkept(rec, &unkept);
                rec = NULL;
                skipping = false;
            }
            if (!rec || rec->result) { gm_note_unkept(rec, &unkept); rec = new_game(out, line); }
            if (!rec) break;
            if (!skipping && rec->nmoves == 0 && unkept == 0 && !rec->result && dir)
                directive(rec, d + start, p - start, line, col);
            continue;
        }
        if (p >= tok) {
            tok = p;
            while (!token_end(d, len, tok)) tok++;
        }
        size_t used;
        gm_result res;
        bool exact;
        tok_kind k = classify(d, len, p, tok, &used, &res, &exact);
        if (k == TOK_NUMBER) { p += used; continue; }
        if (k == TOK_RESULT) {
            if (!rec || rec->result) { gm_note_unkept(rec, &unkept); rec = new_game(out, line); }
            if (!rec) break;
            bool star = used == 1 && d[p] == '*';
            bo_record_set_str(&rec->result, d + p, used);
            rec->result_line = line;
            rec->result_col = col;
            if (!star) bo_record_set_tag(rec, "Result", gm_result_code(res));
            if (!exact && !star)
                bo_record_note(rec, BO_NOTE_WARNING, line, col, "result written '%.*s'; read as %s", (int)used, d + p,
                               gm_result_code(res));
            skipping = false;
            p += used;
            continue;
        }
        if (!rec || rec->result) { gm_note_unkept(rec, &unkept); rec = new_game(out, line); }
        if (!rec) break;
        if (skipping) { p = tok > p ? tok : p + 1; continue; }
        if (k == TOK_BAD) {
            size_t show = used > 24 ? 24 : used;
            bo_record_note(rec, BO_NOTE_ERROR, line, col,
                           "move %ld '%.*s' is not a point (a column letter and a row number, e.g. h8)",
                           rec->nmoves + unkept + 1, (int)show, d + p);
            skipping = true;
            p = tok > p ? tok : p + 1;
            continue;
        }
        gm_keep_move(rec, o, &unkept, d + p, used, line, col);
        p += used;
    }
    gm_note_unkept(rec, &unkept);
    /* a file of comments alone holds no game */
    if (out->n > first && out->items[out->n - 1].nmoves == 0 && !out->items[out->n - 1].result
        && out->items[out->n - 1].errors == 0 && !bo_record_tag(&out->items[out->n - 1], "_Unkept")) {
        bo_record_free(&out->items[out->n - 1]);
        out->n--;
    }
    if (out->n == first) {
        snprintf(err, errlen, "no moves found (a move list looks like 'h8 i9 j10')");
        return -1;
    }
    return 0;
}

int gm_read_moves(const bo_text *t, bo_record_list *out, char *err, size_t errlen)
{
    return gm_read_moves_o(t, NULL, out, err, errlen);
}

/* The sniff's question, "is this a move list?", answered by one pass over a prefix
 * with nothing stored. */
void gm_sniff_moves(const char *d, size_t n, bool cut, long *points, long *bad)
{
    *points = 0;
    *bad = 0;
    if (cut) {
        /* the last token may be cut in two: judge only up to the last separator */
        while (n > 0 && !token_end(d, n, n - 1)) n--;
    }
    size_t p = 0, tok = 0;
    while (p < n) {
        unsigned char c = (unsigned char)d[p];
        if (isspace(c) || c == ',' || c == ';') { p++; continue; }
        if (c == '#') {
            while (p < n && d[p] != '\n') p++;
            continue;
        }
        if (p >= tok) {
            tok = p;
            while (!token_end(d, n, tok)) tok++;
        }
        size_t used;
        gm_result res;
        bool exact;
        tok_kind k = classify(d, n, p, tok, &used, &res, &exact);
        if (k == TOK_POINT) (*points)++;
        else if (k == TOK_BAD) (*bad)++;
        p += used ? used : 1;
    }
}

/* ---- writing ---------------------------------------------------------------- */

/* Ten moves a line and the result token, so a game reads back as it was. */
int gm_write_moves(FILE *f, const gm_game *g, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    if (g->size != GM_RENJU_SIZE) fprintf(f, "# size: %d\n", g->size);
    if (g->rules_known) fprintf(f, "# rules: %s\n", gm_rules_name(g->rules));
    /* every tag the reader's directives read back (size and rules are written above) */
    for (size_t i = 2; g->rec && i < sizeof directives / sizeof *directives; i++) {
        const char *v = bo_record_tag(g->rec, directives[i].tag);
        if (v && *v && !strchr(v, '\n')) fprintf(f, "# %s: %s\n", directives[i].key, v);
    }
    for (int i = 0; i < g->n; i++) {
        char c[GM_COORD_MAX];
        fprintf(f, "%s%s", i == 0 ? "" : (i % 10 == 0 ? "\n" : " "), gm_coord_format(g->moves[i].x, g->moves[i].y, c));
    }
    fprintf(f, "%s%s\n", g->n ? " " : "", gm_result_code(g->result));
    return 0;
}
