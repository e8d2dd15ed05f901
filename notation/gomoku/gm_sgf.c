/* gm_sgf.c -- SGF (FF[4]) as Gomoku and Renju tools write it:
 *   (;GM[4]FF[4]SZ[15]RU[renju]PB[..]PW[..]RE[B+];B[hh];W[ii];...)
 * Points are two letters: column a.. from the left, row a.. from the TOP.  A record is
 * a game tree; its main line (the first variation at every branch) is the game. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gm_coords.h"
#include "gm_notation.h"
#include "gm_reader.h"

typedef struct sreader {
    const bo_text *t;
    const char *d;
    size_t len, pos;
    gm_cursor cur;
} sreader;

static void at(sreader *r, size_t off, int *line, int *col) { gm_cursor_at(&r->cur, off, line, col); }

/* SGF allows white space between all tokens. */
static void skip_blanks(sreader *r)
{
    while (r->pos < r->len && isspace((unsigned char)r->d[r->pos])) r->pos++;
}

/* A property value [..] with \ escapes; r->pos at '['.  Returns 0 with the raw span,
 * or -1 at the end of the text. */
static int value_span(sreader *r, size_t *vs, size_t *ve)
{
    size_t p = r->pos + 1;
    *vs = p;
    while (p < r->len && r->d[p] != ']') p += r->d[p] == '\\' && p + 1 < r->len ? 2 : 1;
    if (p >= r->len) return -1;
    *ve = p;
    r->pos = p + 1;
    return 0;
}

/* Copy a value without its escapes and soft line breaks. */
static size_t unescape(const char *s, size_t n, char *out, size_t cap)
{
    size_t w = 0;
    for (size_t i = 0; i < n && w + 1 < cap; i++) {
        if (s[i] == '\\' && i + 1 < n) {
            i++;
            if (s[i] == '\n') continue;
        }
        out[w++] = s[i];
    }
    out[w] = '\0';
    return w;
}

/* Skip a whole variation (balanced parentheses outside values). */
static int skip_tree(sreader *r)
{
    int depth = 0;
    while (r->pos < r->len) {
        char c = r->d[r->pos];
        if (c == '[') {
            size_t vs, ve;
            if (value_span(r, &vs, &ve) != 0) return -1;
            continue;
        }
        r->pos++;
        if (c == '(') depth++;
        else if (c == ')' && --depth == 0) return 0;
    }
    return -1;
}

/* Root properties that say something about the game: size, rules, result, names. */
static void root_property(sreader *r, bo_record *rec, const char *id, const char *v, size_t vn, int line, int col)
{
    if (strcmp(id, "GM") == 0) {
        if (!(vn == 1 && v[0] == '4'))
            bo_record_note(rec, BO_NOTE_ERROR, line, col, "GM[%.*s] is not Gomoku (GM[4])", (int)vn, v);
        bo_record_set_tag(rec, "_GM", "4");
    } else if (strcmp(id, "SZ") == 0) {
        int a = 0, b = 0;
        int got = sscanf(v, "%d:%d", &a, &b);
        if (got < 1 || (got == 2 && a != b) || a < GM_MIN_SIZE || a > GM_MAX_SIZE)
            bo_record_note(rec, BO_NOTE_ERROR, line, col, "SZ[%.*s]: square boards of 5..20 are supported", (int)vn, v);
        else {
            char sz[8];
            snprintf(sz, sizeof sz, "%d", a);
            bo_record_set_tag(rec, "Size", sz);
        }
    } else if (strcmp(id, "RU") == 0) {
        gm_rules ru;
        if (gm_rules_from_name(v, &ru) == 0) bo_record_set_tag(rec, "Rules", gm_rules_name(ru));
        else bo_record_note(rec, BO_NOTE_WARNING, line, col, "rule set RU[%.*s] not known; ignored", (int)vn, v);
    } else if (strcmp(id, "RE") == 0) {
        bool exact;
        gm_result g = gm_result_from_text(v, vn, &exact);
        bo_record_set_str(&rec->result, v, vn);
        rec->result_line = line;
        rec->result_col = col;
        if (g != GM_RES_NONE) bo_record_set_tag(rec, "Result", gm_result_code(g));
        else if (!(vn == 1 && (v[0] == '?' || v[0] == '*')) && vn > 0)
            bo_record_note(rec, BO_NOTE_WARNING, line, col, "result RE[%.*s] not understood; ignored", (int)vn, v);
    } else if (strcmp(id, "PB") == 0) bo_record_set_tag(rec, "Black", v);
    else if (strcmp(id, "PW") == 0) bo_record_set_tag(rec, "White", v);
    else if (strcmp(id, "DT") == 0) bo_record_set_tag(rec, "Date", v);
    else if (strcmp(id, "PC") == 0) bo_record_set_tag(rec, "Place", v);
    else if (strcmp(id, "EV") == 0) bo_record_set_tag(rec, "Event", v);
    (void)r;
}

/* One node ';' with its properties; moves go to REC.  Returns -1 on a fault that
 * ends the reading of this record's moves (noted). */
static int read_node(sreader *r, bo_record *rec, bool root)
{
    r->pos++; /* ';' */
    for (;;) {
        skip_blanks(r);
        if (r->pos >= r->len) return 0;
        size_t id0 = r->pos;
        char id[16];
        size_t idn = 0;
        while (r->pos < r->len && isalpha((unsigned char)r->d[r->pos])) {
            char c = r->d[r->pos++];
            if (isupper((unsigned char)c) && idn + 1 < sizeof id) id[idn++] = c;  /* FF[3] lower-case letters drop */
        }
        id[idn] = '\0';
        if (r->pos == id0) return 0; /* end of node */
        skip_blanks(r);
        int line, col;
        at(r, id0, &line, &col);
        if (r->pos >= r->len || r->d[r->pos] != '[') {
            bo_record_note(rec, BO_NOTE_ERROR, line, col, "property %s without a value", id);
            return -1;
        }
        while (r->pos < r->len && r->d[r->pos] == '[') {
            size_t vs, ve;
            if (value_span(r, &vs, &ve) != 0) {
                at(r, r->pos, &line, &col);
                bo_record_note(rec, BO_NOTE_ERROR, line, col, "value not closed: ']' missing (truncated?)");
                r->pos = r->len;
                return -1;
            }
            char v[512];
            size_t vn = unescape(r->d + vs, ve - vs, v, sizeof v);
            if (strcmp(id, "B") == 0 || strcmp(id, "W") == 0) {
                if (vn == 0 || (vn == 2 && strcmp(v, "tt") == 0)) {
                    bo_record_note(rec, BO_NOTE_ERROR, line, col, "move %d %.*s is a pass, which Gomoku does not have",
                                   rec->nmoves + 1, (int)(r->pos - id0), r->d + id0);
                    return -1;
                }
                int x, y;
                if (vn != 2 || gm_coord_from_sgf(v[0], v[1], 15, &x, &y) != 0) {
                    bo_record_note(rec, BO_NOTE_ERROR, line, col, "move %d %.*s: a point is two letters, e.g. B[hh]",
                                   rec->nmoves + 1, (int)(r->pos - id0), r->d + id0);
                    return -1;
                }
                bo_rmove *m = bo_record_add_move(rec, r->d + id0, r->pos - id0, line, col);
                if (m) m->number = rec->nmoves;
            } else if (strcmp(id, "AB") == 0 || strcmp(id, "AW") == 0 || strcmp(id, "AE") == 0) {
                bo_record_note(rec, BO_NOTE_ERROR, line, col, "set-up stones (%s) are not supported: a record starts from the empty board", id);
                return -1;
            } else if (strcmp(id, "C") == 0) {
                bo_record_add_comment(rec, v, vn);
            } else if (root || rec->nmoves == 0) {
                root_property(r, rec, id, v, vn, line, col);
            }
        }
    }
}

/* One game tree from '(' to its ')': the main line becomes a record. */
static void read_tree(sreader *r, bo_record_list *out)
{
    int line, col;
    at(r, r->pos, &line, &col);
    bo_record *rec = bo_record_list_push(out, line);
    if (!rec) { r->pos = r->len; return; }
    bo_record_set_str(&rec->notation, "sgf", 3);
    bo_record_set_tag(rec, "Size", "15");
    r->pos++;
    int depth = 1;
    bool main_line = true, root = true, warned = false, stopped = false;
    while (depth > 0) {
        skip_blanks(r);
        if (r->pos >= r->len) {
            at(r, r->pos, &line, &col);
            bo_record_note(rec, BO_NOTE_ERROR, line, col, "game tree not closed: ')' missing (truncated?)");
            return;
        }
        char c = r->d[r->pos];
        if (c == ';' && main_line && !stopped) {
            if (read_node(r, rec, root) != 0) stopped = true;
            root = false;
        } else if (c == '(' && main_line && !stopped) {
            r->pos++;
            depth++;
        } else if (c == ')') {
            r->pos++;
            depth--;
            main_line = false;
        } else if (c == '(' || c == ';' || c == '[' || stopped) {
            if (c == '(' && !warned) {
                at(r, r->pos, &line, &col);
                bo_record_note(rec, BO_NOTE_WARNING, line, col, "variations ignored: the main line is read");
                warned = true;
            }
            size_t before = r->pos;
            int rc = 0;
            if (c == '(') rc = skip_tree(r);
            else if (c == '[') { size_t vs, ve; rc = value_span(r, &vs, &ve); }
            else r->pos++;
            if (rc != 0) { r->pos = r->len; continue; }
            if (r->pos == before) r->pos++;
        } else {
            at(r, r->pos, &line, &col);
            bo_record_note(rec, BO_NOTE_ERROR, line, col, "unexpected '%c' in the game tree", c);
            stopped = true;
            r->pos++;
        }
    }
    if (!bo_record_tag(rec, "_GM"))
        bo_record_note(rec, BO_NOTE_WARNING, rec->line, 1, "no GM[4] in the root node; read as Gomoku");
}

/* A collection: every top-level game tree is a record. */
int gm_read_sgf_o(const bo_text *t, const gm_read_opts *o, bo_record_list *out, char *err, size_t errlen)
{
    (void)o;
    sreader r = {.t = t, .d = t->data, .len = t->len, .pos = 0};
    gm_cursor_init(&r.cur, t);
    int first = out->n;
    size_t junk = (size_t)-1;
    while (r.pos < r.len) {
        skip_blanks(&r);
        if (r.pos >= r.len) break;
        if (r.d[r.pos] == '(') {
            read_tree(&r, out);
            if (junk != (size_t)-1) {
                int line, col;
                gm_cursor_at(&r.cur, junk, &line, &col);
                bo_record_note(&out->items[out->n - 1], BO_NOTE_WARNING, line, col, "text outside the game trees ignored");
                junk = (size_t)-1;
            }
        } else {
            if (junk == (size_t)-1) junk = r.pos;
            r.pos++;
        }
    }
    if (out->n == first) {
        snprintf(err, errlen, "no SGF game tree '(;GM[4]...)' found");
        return -1;
    }
    return 0;
}

int gm_read_sgf(const bo_text *t, bo_record_list *out, char *err, size_t errlen)
{
    return gm_read_sgf_o(t, NULL, out, err, errlen);
}

/* ---- writing ---------------------------------------------------------------- */

/* SGF values escape ] and \\. */
static void put_value(FILE *f, const char *id, const char *v)
{
    if (!v || !*v) return;
    fputs(id, f);
    fputc('[', f);
    for (; *v; v++) {
        if (*v == ']' || *v == '\\') fputc('\\', f);
        fputc(*v, f);
    }
    fputc(']', f);
}

/* FF[4] with the root properties we know and ten moves a line. */
int gm_write_sgf(FILE *f, const gm_game *g, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    fprintf(f, "(;GM[4]FF[4]CA[UTF-8]AP[boyi]SZ[%d]", g->size);
    if (g->rules_known) fprintf(f, "RU[%s]", gm_rules_name(g->rules));
    const bo_record *r = g->rec;
    if (r) {
        put_value(f, "PB", bo_record_tag(r, "Black"));
        put_value(f, "PW", bo_record_tag(r, "White"));
        put_value(f, "DT", bo_record_tag(r, "Date"));
        put_value(f, "PC", bo_record_tag(r, "Place"));
        put_value(f, "EV", bo_record_tag(r, "Event"));
    }
    if (g->result != GM_RES_NONE)
        fprintf(f, "RE[%s]", g->result == GM_RES_BLACK ? "B+" : g->result == GM_RES_WHITE ? "W+" : "0");
    for (int i = 0; i < g->n; i++) {
        const gm_gmove *m = &g->moves[i];
        gm_stone c = m->colour != GM_EMPTY ? m->colour : (i % 2 == 0 ? GM_BLACK : GM_WHITE);
        char p[3];
        gm_coord_to_sgf(m->x, m->y, g->size, p);
        fprintf(f, "%s;%c[%s]", i % 10 == 0 ? "\n" : "", c == GM_BLACK ? 'B' : 'W', p);
    }
    fputs(")\n", f);
    return 0;
}
