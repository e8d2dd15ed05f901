/* gm_sgf.c -- SGF (FF[4]) as Gomoku and Renju tools write it:
 *   (;GM[4]FF[4]SZ[15]RU[renju]PB[..]PW[..]RE[B+];B[hh];W[ii](;B[jj])(;B[kk]))
 * Points are two letters: column a.. from the left, row a.. from the TOP.  A record is
 * a game tree; its main line (the first variation at every branch) is the game, and
 * the other variations are kept in the record's variation tree (record.h: a line
 * hangs on the main-line move it replaces).
 *
 * Recovery: a fault stops the reading of its tree's moves; the tree is then skipped to
 * its closing ')', or to the next game tree when a '(' opens a node that holds GM[
 * (a root: a new game, so the broken tree's ')' is missing), which is also where a
 * value left open stops.  Every game tree of a collection is a record. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gm_coords.h"
#include "gm_notation.h"
#include "gm_reader.h"
#include "result_policy.h"

/* Deeper nesting than this is refused (a record, not a stack exhaustion). */
enum { SGF_MAX_DEPTH = 1000 };

typedef struct sreader {
    const bo_text *t;
    const gm_read_opts *o;
    const char *d;
    size_t len, pos;
    gm_cursor cur;
    long unkept;          /* main-line moves not kept (gm_read_opts) */
    int nvars;            /* variations kept in the current record */
    bool offers;          /* the current record's Offers tag came from 5A[..] properties */
} sreader;

/* One open '(' of a game tree: where its nodes' moves go. */
typedef struct sframe {
    bo_rline *line;       /* NULL: the record's main line */
    bool discard;         /* a variation that replaces no move: read, not kept */
    int kids;             /* '(' children opened at this tree's end */
    int branch;           /* index in the line of the move the children replace */
} sframe;

static void at(sreader *r, size_t off, int *line, int *col) { gm_cursor_at(&r->cur, off, line, col); }

/* SGF allows white space between all tokens. */
static void skip_blanks(sreader *r)
{
    while (r->pos < r->len && isspace((unsigned char)r->d[r->pos])) r->pos++;
}

/* Does a game tree start at p ('(')?  Its first node holds GM[, a root property.
 * A short look-ahead, so a broken tree costs linear time to skip. */
static bool new_game_at(const sreader *r, size_t p)
{
    if (p >= r->len || r->d[p] != '(') return false;
    p++;
    while (p < r->len && isspace((unsigned char)r->d[p])) p++;
    if (p >= r->len || r->d[p] != ';') return false;
    for (size_t k = p + 1; k < r->len && k < p + 256; k++) {
        char c = r->d[k];
        if (c == ';' || c == '(' || c == ')') return false;
        if (c == 'G' && k + 2 < r->len && r->d[k + 1] == 'M' && r->d[k + 2] == '[' && (k == 0 || !isalpha((unsigned char)r->d[k - 1])))
            return true;
    }
    return false;
}

/* A property value [..] with \ escapes; r->pos at '['.  Returns 0 with the raw span,
 * or -1 when it is not closed: at the end of the text, or at a line that starts a new
 * game tree (then r->pos is there). */
static int value_span(sreader *r, size_t *vs, size_t *ve)
{
    size_t p = r->pos + 1;
    *vs = p;
    while (p < r->len && r->d[p] != ']') {
        if (r->d[p] == '\n' && p + 1 < r->len && r->d[p + 1] == '(' && new_game_at(r, p + 1)) {
            r->pos = p + 1;
            return -1;
        }
        p += r->d[p] == '\\' && p + 1 < r->len ? 2 : 1;
    }
    if (p >= r->len) { r->pos = r->len; return -1; }
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

/* Root properties that say something about the game: size, rules, result, names. */
static void root_property(sreader *r, bo_record *rec, const char *id, const char *v, size_t vn, int line, int col)
{
    if (strcmp(id, "GM") == 0) {
        bool strict = r->o && r->o->strict;
        if (vn == 1 && v[0] == '5')   /* RenjuBase's Renju files */
            bo_record_note(rec, strict ? BO_NOTE_ERROR : BO_NOTE_WARNING, line, col,
                           "GM[5] is not SGF's number for Gomoku and Renju (GM[4])%s", strict ? "" : "; read as GM[4]");
        else if (!(vn == 1 && v[0] == '4'))
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

/* A move of a node goes to the frame's line: the main line (kept up to the reader's
 * limit) or a variation. */
static void add_move(sreader *r, bo_record *rec, sframe *f, const char *text, size_t n, int line, int col)
{
    if (f->discard) return;
    if (!f->line) { gm_keep_move(rec, r->o, &r->unkept, text, n, line, col); return; }
    if (r->o && r->o->keep_moves > 0 && f->line->nmoves >= r->o->keep_moves) return;
    bo_rmove *m = bo_rline_add_move(f->line, text, n, line, col);
    if (m) m->number = f->line->nmoves;
}

/* A node's comment belongs to the node's move (or the line's last one). */
static void add_comment(bo_record *rec, sframe *f, const char *v, size_t vn)
{
    if (f->discard) return;
    if (!f->line) { bo_record_add_comment(rec, v, vn); return; }
    if (f->line->nmoves > 0) bo_rmove_add_comment(&f->line->moves[f->line->nmoves - 1], v, vn);
}

/* A property whose name holds a digit, which SGF has none of (RenjuBase and the RIF's
 * own programs write "5A[gg]" for the fifth-move offers): warned of once per name and
 * skipped, or refused under --strict; the offers (a name starting "5" with points as
 * values) are kept as the Offers tag the opening rules read (docs/gomoku-openings.md). */
static void nonstandard_property(sreader *r, bo_record *rec, const char *id, const char *v, size_t vn, int line,
                                 int col, bool first)
{
    bool strict = r->o && r->o->strict;
    int x, y, size = gm_record_size(rec);
    bool point = vn == 2 && gm_coord_from_sgf(v[0], v[1], size, &x, &y) == 0 && x < size && y < size;
    if (id[0] == '5' && point) {
        char pt[GM_COORD_MAX], buf[512];
        gm_coord_format(x, y, pt);
        const char *was = bo_record_tag(rec, "Offers");
        snprintf(buf, sizeof buf, "%s%s%s", was ? was : "", was ? " " : "", pt);
        bo_record_set_tag(rec, "Offers", buf);
        r->offers = true;
    }
    if (!first) return;
    if (id[0] == '5' && point)
        bo_record_note(rec, strict ? BO_NOTE_ERROR : BO_NOTE_WARNING, line, col, "%s[..] is no SGF property (a name "
                       "with a digit): read as the fifth-move offers (tag Offers)", id);
    else
        bo_record_note(rec, strict ? BO_NOTE_ERROR : BO_NOTE_WARNING, line, col, "%s[..] is no SGF property (a name "
                       "with a digit): skipped", id);
}

/* One node ';' with its properties; moves go to the frame's line.  Returns -1 on a
 * fault that ends the reading of this record's moves (noted). */
static int read_node(sreader *r, bo_record *rec, sframe *f, bool root)
{
    r->pos++; /* ';' */
    size_t cm_s = 0, cm_n = 0;   /* the node's comment, attached once its move is in */
    int rc = 0;
    for (;;) {
        skip_blanks(r);
        if (r->pos >= r->len) break;
        size_t id0 = r->pos;
        char id[16];
        size_t idn = 0;
        bool digit = false;   /* "5A": no SGF name (nonstandard_property) */
        while (r->pos < r->len && isalnum((unsigned char)r->d[r->pos])) {
            char c = r->d[r->pos++];
            digit |= isdigit((unsigned char)c) != 0;
            /* FF[3] lower-case letters drop */
            if ((isupper((unsigned char)c) || isdigit((unsigned char)c)) && idn + 1 < sizeof id) id[idn++] = c;
        }
        id[idn] = '\0';
        if (r->pos == id0) break; /* end of node */
        skip_blanks(r);
        int line, col;
        at(r, id0, &line, &col);
        if (r->pos >= r->len || r->d[r->pos] != '[') {
            bo_record_note(rec, BO_NOTE_ERROR, line, col, "property %s without a value", id);
            rc = -1;
            break;
        }
        while (r->pos < r->len && r->d[r->pos] == '[') {
            size_t vs, ve;
            size_t open = r->pos;
            if (value_span(r, &vs, &ve) != 0) {
                at(r, open, &line, &col);
                bo_record_note(rec, BO_NOTE_ERROR, line, col, "value not closed: ']' of %s missing%s", id,
                               r->pos >= r->len ? " (truncated?)" : " before the next game tree");
                return -1;
            }
            char v[512];
            size_t vn = unescape(r->d + vs, ve - vs, v, sizeof v);
            if (digit) {
                nonstandard_property(r, rec, id, v, vn, line, col, open == id0 + idn || r->d[open - 1] != ']');
            } else if (strcmp(id, "B") == 0 || strcmp(id, "W") == 0) {
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
                add_move(r, rec, f, r->d + id0, r->pos - id0, line, col);
            } else if (strcmp(id, "AB") == 0 || strcmp(id, "AW") == 0 || strcmp(id, "AE") == 0) {
                bo_record_note(rec, BO_NOTE_ERROR, line, col, "set-up stones (%s) are not supported: a record starts from the empty board", id);
                return -1;
            } else if (strcmp(id, "C") == 0) {
                /* comments are kept whole, whatever their length */
                if (cm_n == 0) { cm_s = vs; cm_n = ve - vs; }
                else {
                    char *cv = malloc(ve - vs + 1);
                    if (cv) add_comment(rec, f, cv, unescape(r->d + vs, ve - vs, cv, ve - vs + 1));
                    free(cv);
                }
            } else if (root || (!f->line && rec->nmoves == 0)) {
                root_property(r, rec, id, v, vn, line, col);
            }
        }
    }
    if (cm_n) {
        char *v = malloc(cm_n + 1);
        if (v) {
            size_t vn = unescape(r->d + cm_s, cm_n, v, cm_n + 1);
            add_comment(rec, f, v, vn);
            free(v);
        }
    }
    return rc;
}

/* A '(' inside a tree: the first child goes on with its parent's line, each later
 * one is a variation of the move the first child starts with. */
static bool open_child(sreader *r, bo_record *rec, sframe *stack, int *depth)
{
    int line, col;
    if (*depth >= SGF_MAX_DEPTH) {
        at(r, r->pos, &line, &col);
        bo_record_note(rec, BO_NOTE_ERROR, line, col, "variations nested deeper than %d levels", SGF_MAX_DEPTH);
        return false;
    }
    sframe *p = &stack[*depth - 1], *c = &stack[*depth];
    int len = p->line ? p->line->nmoves : rec->nmoves;
    *c = (sframe){.line = p->line, .discard = p->discard};
    if (++p->kids == 1) {
        p->branch = len;
    } else if (!p->discard && rec->vars_kept >= BO_RECORD_MAX_VARIATIONS) {
        /* past the limit every reader keeps (record.h): read, not kept */
        c->discard = true;
        line = col = 0;
        if (rec->vars_dropped == 0) at(r, r->pos, &line, &col);
        bo_record_keep_variation(rec, line, col);
    } else if (!p->discard) {
        bo_record_keep_variation(rec, 0, 0);
        r->nvars++;
        bo_rmove *on = p->branch < len ? (p->line ? &p->line->moves[p->branch] : &rec->moves[p->branch]) : NULL;
        c->line = on ? bo_rmove_add_variation(on) : NULL;
        if (!c->line) {
            c->discard = true;
            at(r, r->pos, &line, &col);
            bo_record_note(rec, BO_NOTE_WARNING, line, col, "variation with no move of the line to replace; ignored");
        }
    }
    r->pos++;
    (*depth)++;
    return true;
}

/* The Offers tag lists every offer, the kept one included (docs/gomoku-openings.md);
 * 5A[..] lists the others only in some files: the main line's fifth move is added. */
static void keep_fifth(bo_record *rec)
{
    const char *was = bo_record_tag(rec, "Offers");
    if (!was || rec->nmoves < 5) return;
    const char *t = rec->moves[4].text, *b = t ? strchr(t, '[') : NULL;
    int x, y, size = gm_record_size(rec);
    if (!b || !b[1] || !b[2] || gm_coord_from_sgf(b[1], b[2], size, &x, &y) != 0) return;
    char pt[GM_COORD_MAX], buf[512];
    gm_coord_format(x, y, pt);
    size_t n = strlen(pt);
    for (const char *s = strstr(was, pt); s; s = strstr(s + 1, pt))
        if ((s == was || s[-1] == ' ') && (s[n] == '\0' || s[n] == ' ')) return;
    snprintf(buf, sizeof buf, "%s %s", was, pt);
    bo_record_set_tag(rec, "Offers", buf);
}

/* One game tree from '(' to its ')'. */
static void read_tree(sreader *r, bo_record_list *out)
{
    int line, col;
    at(r, r->pos, &line, &col);
    bo_record *rec = bo_record_list_push(out, line);
    if (!rec) { r->pos = r->len; return; }
    bo_record_set_str(&rec->notation, "sgf", 3);
    bo_record_set_tag(rec, "Size", "15");
    sframe *stack = malloc(SGF_MAX_DEPTH * sizeof *stack);
    if (!stack) { bo_record_note(rec, BO_NOTE_ERROR, line, col, "out of memory"); r->pos = r->len; return; }
    stack[0] = (sframe){0};
    int depth = 1;
    r->pos++;
    bool root = true, stopped = false;
    r->unkept = 0;
    r->nvars = 0;
    while (depth > 0) {
        skip_blanks(r);
        if (r->pos >= r->len) {
            at(r, r->pos, &line, &col);
            bo_record_note(rec, BO_NOTE_ERROR, line, col, "game tree not closed: ')' missing (truncated?)");
            break;
        }
        char c = r->d[r->pos];
        if (c == '(' && new_game_at(r, r->pos)) {
            /* located where the ')' is missing: after the tree's last character */
            size_t q = r->pos;
            while (q > 0 && isspace((unsigned char)r->d[q - 1])) q--;
            at(r, q, &line, &col);
            bo_record_note(rec, BO_NOTE_ERROR, line, col, "game tree not closed: ')' missing before the next game tree");
            break;
        }
        if (c == ';' && !stopped) {
            if (stack[depth - 1].kids > 0) {
                at(r, r->pos, &line, &col);
                bo_record_note(rec, BO_NOTE_ERROR, line, col, "node after the variations of its tree");
                stopped = true;
                continue;
            }
            if (read_node(r, rec, &stack[depth - 1], root) != 0) stopped = true;
            root = false;
        } else if (c == '(') {
            if (stopped) { r->pos++; depth++; }
            else if (!open_child(r, rec, stack, &depth)) stopped = true;
        } else if (c == ')') {
            r->pos++;
            depth--;
        } else if (c == '[' && stopped) {
            size_t vs, ve;
            if (value_span(r, &vs, &ve) != 0 && r->pos >= r->len) break;
        } else if (stopped) {
            r->pos++;
        } else {
            at(r, r->pos, &line, &col);
            bo_record_note(rec, BO_NOTE_ERROR, line, col, "unexpected '%c' in the game tree", c);
            stopped = true;
            r->pos++;
        }
        /* a stopped tree is only skipped: its depth past the limit costs nothing */
        if (depth > SGF_MAX_DEPTH) depth = SGF_MAX_DEPTH;
    }
    free(stack);
    bo_record_end_variations(rec);
    gm_note_unkept(rec, &r->unkept);
    if (r->offers) keep_fifth(rec);
    r->offers = false;
    if (!bo_record_tag(rec, "_GM"))
        bo_record_note(rec, BO_NOTE_WARNING, rec->line, 1, "no GM[4] in the root node; read as Gomoku");
}

/* A collection: every top-level game tree is a record. */
int gm_read_sgf_o(const bo_text *t, const gm_read_opts *o, bo_record_list *out, char *err, size_t errlen)
{
    sreader r = {.t = t, .o = o, .d = t->data, .len = t->len, .pos = 0};
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

/* One node ";B[hh]" (with its comment), the colour by the move or by the ply. */
static void put_node(FILE *f, const gm_gmove *m, int ply, int size, const char *comment, int *on_line)
{
    gm_stone c = m->colour != GM_EMPTY ? m->colour : (ply % 2 == 0 ? GM_BLACK : GM_WHITE);
    char p[3];
    gm_coord_to_sgf(m->x, m->y, size, p);
    if (*on_line % 10 == 0) fputc('\n', f);
    (*on_line)++;
    fprintf(f, ";%c[%s]", c == GM_BLACK ? 'B' : 'W', p);
    put_value(f, "C", comment);
}

static void put_line(FILE *f, const gm_game *g, const gm_gmove *main, const bo_rmove *moves, int n, int ply0,
                     int *on_line);

/* A variation: its moves decoded from the record's text (a move that cannot be
 * decoded, or is off the board, ends what is written of it). */
static void put_variation(FILE *f, const gm_game *g, const bo_rline *v, int ply0, int *on_line)
{
    fputc('(', f);
    put_line(f, g, NULL, v->moves, v->nmoves, ply0, on_line);
    fputc(')', f);
}

/* A line from its move 0: at the first move with variations, the line's rest and the
 * variations become sibling trees, PGN's order made SGF's. */
static void put_line(FILE *f, const gm_game *g, const gm_gmove *main, const bo_rmove *moves, int n, int ply0,
                     int *on_line)
{
    for (int i = 0; i < n; i++) {
        gm_gmove d;
        const gm_gmove *m = main ? &main[i] : NULL;
        if (!m) {
            memset(&d, 0, sizeof d);
            if (gm_decode_move(g->rec, g->size, moves[i].text, &d) != 0 || !gm_coord_on_board(g->size, d.x, d.y)) return;
            m = &d;
        }
        if (moves && moves[i].nvars > 0) {
            fputc('(', f);
            put_node(f, m, ply0 + i, g->size, moves[i].comment, on_line);
            put_line(f, g, main ? main + i + 1 : NULL, moves + i + 1, n - i - 1, ply0 + i + 1, on_line);
            fputc(')', f);
            for (int k = 0; k < moves[i].nvars; k++) put_variation(f, g, moves[i].vars[k], ply0 + i, on_line);
            return;
        }
        put_node(f, m, ply0 + i, g->size, moves ? moves[i].comment : NULL, on_line);
    }
}

/* FF[4] with the root properties we know, ten moves a line, comments, and the
 * record's variations as SGF variations. */
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
        put_value(f, "C", bo_record_tag(r, "_Comment"));
    }
    if (g->result != GM_RES_NONE) {
        /* a win off the board says why: W+R, W+T, W+F (result_policy.h) */
        bo_reason why = bo_reason_from_text(r ? bo_record_tag(r, "Termination") : NULL);
        const char *sfx = why == BO_REASON_RESIGN ? "R" : why == BO_REASON_TIME ? "T" : why == BO_REASON_NONE ? "" : "F";
        if (g->result == GM_RES_DRAW) fputs("RE[0]", f);
        else fprintf(f, "RE[%s%s]", g->result == GM_RES_BLACK ? "B+" : "W+", sfx);
    }
    int on_line = 0;
    /* the record's moves and the game's are the same list (gm_game_from_record) */
    const bo_rmove *rm = r && r->nmoves == g->n ? r->moves : NULL;
    put_line(f, g, g->moves, rm, g->n, 0, &on_line);
    fputs(")\n", f);
    return 0;
}
