/* gm_playok.c -- Gomoku in PGN, as PlayOK exports it.
 *
 *   [Event "?"]  [Site "PlayOK"]  [Date "2020.05.05"]  [Round "-"]
 *   [Black "name"]  [White "name"]  [Result "1-0"]  [TimeControl "300"] ...
 *
 *   1. h8 i9 2. i8 g8 ... 1-0
 *
 * A game is a tag section (lines "[Name "value"]") and the movetext after it: move
 * numbers ("1." "1..." also glued to the move), points "h8" (any case), a result token
 * (1-0 0-1 1/2-1/2 *), {comments} and ';' comments to the end of the line, NAGs $n.
 * Decisions (docs/gomoku-formats.md): the score in Result is in the order of the
 * colours, black first, as PlayOK lists its players ("1-0": black won); a record that
 * names no rule set ([Rules] or [Variant]) is freestyle, PlayOK's Gomoku, and --rules
 * says otherwise; a variation "( ... )" is read into the record's variation tree.
 * Method: one forward pass; a tag line after movetext starts the next game; an
 * unreadable token is a located error for its game and reading goes on at the next
 * game. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gm_coords.h"
#include "gm_formats.h"
#include "gm_reader.h"

/* How deep "( ... )" may nest; deeper is an error for the game. */
enum { PK_MAX_DEPTH = 32 };

/* Is the line at d[i] a tag "[Name "value"]"?  *name and *val get its parts. */
static bool tag_line(const char *d, size_t n, size_t i, const char **name, size_t *nlen, const char **val,
                     size_t *vlen, size_t *end)
{
    if (i >= n || d[i] != '[') return false;
    size_t j = i + 1;
    size_t k = j;
    while (k < n && (isalnum((unsigned char)d[k]) || d[k] == '_')) k++;
    if (k == j) return false;
    size_t q = k;
    while (q < n && (d[q] == ' ' || d[q] == '\t')) q++;
    if (q >= n || d[q] != '"') return false;
    size_t v = q + 1, e = v;
    while (e < n && d[e] != '"' && d[e] != '\n') {
        if (d[e] == '\\' && e + 1 < n && d[e + 1] != '\n') e++;
        e++;
    }
    if (e >= n || d[e] != '"') return false;
    size_t c = e + 1;
    while (c < n && (d[c] == ' ' || d[c] == '\t')) c++;
    if (c >= n || d[c] != ']') return false;
    *name = d + j;
    *nlen = k - j;
    *val = d + v;
    *vlen = e - v;
    *end = c + 1;
    return true;
}

/* A point token "h8" / "H8" and nothing else. */
static bool point_token(const char *s, size_t n)
{
    int x, y;
    return n >= 2 && n <= 4 && gm_coord_scan(s, n, &x, &y) == n;
}

/* Skip a move number "12." "12..." at the token's start; returns the bytes used. */
static size_t move_number(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && isdigit((unsigned char)s[i])) i++;
    if (i == 0 || i >= n || s[i] != '.') return 0;
    while (i < n && s[i] == '.') i++;
    return i;
}

static bool result_token(const char *s, size_t n)
{
    return (n == 3 && (memcmp(s, "1-0", 3) == 0 || memcmp(s, "0-1", 3) == 0)) ||
           (n == 7 && memcmp(s, "1/2-1/2", 7) == 0) || (n == 1 && s[0] == '*');
}

/* The tags PlayOK writes and what this reader makes of the rule set and result. */
static void finish_tags(bo_record *r)
{
    if (!bo_record_tag(r, "Size")) bo_record_set_tag(r, "Size", "15");
    const char *ru = bo_record_tag(r, "Rules");
    if (!ru) ru = bo_record_tag(r, "Variant");
    gm_rules rules;
    if (ru && gm_rules_from_name(ru, &rules) == 0) bo_record_set_tag(r, "Rules", gm_rules_name(rules));
    else {
        if (ru) bo_record_note(r, BO_NOTE_WARNING, r->line, 1, "rule set '%s' not known; read as freestyle", ru);
        bo_record_set_tag(r, "Rules", "freestyle");
    }
    const char *res = bo_record_tag(r, "Result");
    if (res) {
        bool exact;
        gm_result g = gm_result_from_text(res, strlen(res), &exact);
        bo_record_set_str(&r->result, res, strlen(res));
        if (g != GM_RES_NONE) bo_record_set_tag(r, "Result", gm_result_code(g));
        else if (strcmp(res, "*") != 0) bo_record_note(r, BO_NOTE_WARNING, r->line, 1, "result '%s' not understood", res);
    }
}

typedef struct pk_state {
    gm_cursor cur;
    const gm_read_opts *o;
    bo_record *rec;
    long unkept;
    /* variations: the line being read at each depth (NULL: the main line) */
    bo_rline *line[PK_MAX_DEPTH + 1];
    int depth;
    bool broken;  /* an error stopped this game's moves */
} pk_state;

/* The last move of the current line (the one a "(" replaces), or NULL. */
static bo_rmove *last_move(pk_state *st, int depth)
{
    bo_rline *l = st->line[depth];
    if (!l) return st->rec->nmoves ? &st->rec->moves[st->rec->nmoves - 1] : NULL;
    return l->nmoves ? &l->moves[l->nmoves - 1] : NULL;
}

/* One movetext token (already split at blanks, comments and parentheses). */
static void token(pk_state *st, const char *s, size_t n, size_t off)
{
    if (st->broken) return;
    int line, col;
    size_t k = move_number(s, n);
    s += k;
    n -= k;
    off += k;
    if (n == 0) return;
    if (s[0] == '$') return;  /* NAG */
    gm_cursor_at(&st->cur, off, &line, &col);
    if (result_token(s, n)) {
        if (st->depth == 0) {
            const char *tagres = bo_record_tag(st->rec, "Result");
            if (tagres && (strlen(tagres) != n || memcmp(tagres, s, n) != 0))
                bo_record_note(st->rec, BO_NOTE_WARNING, line, col, "result %.*s after the moves differs from [Result \"%s\"]",
                               (int)n, s, tagres);
            else if (!tagres) bo_record_set_tag(st->rec, "Result", s[0] == '*' ? "*" : (n == 3 ? (s[0] == '1' ? "1-0" : "0-1") : "1/2-1/2"));
        }
        return;
    }
    if (!point_token(s, n)) {
        bo_record_note(st->rec, BO_NOTE_ERROR, line, col, "'%.*s' is not a move (a point such as h8)", (int)(n > 40 ? 40 : n), s);
        st->broken = true;
        return;
    }
    if (st->depth == 0) {
        gm_keep_move(st->rec, st->o, &st->unkept, s, n, line, col);
    } else {
        bo_rline *l = st->line[st->depth];
        if (l && (!st->o || st->o->keep_moves <= 0 || l->nmoves < st->o->keep_moves))
            bo_rline_add_move(l, s, n, line, col);
    }
}

/* Movetext from d[i] up to the next tag line at a line start (or the end). */
static size_t movetext(pk_state *st, const char *d, size_t n, size_t i)
{
    int nvars = 0;
    while (i < n) {
        char c = d[i];
        if (c == '[' && (i == 0 || d[i - 1] == '\n')) break;
        if (isspace((unsigned char)c)) { i++; continue; }
        if (c == '{') {
            const char *e = memchr(d + i, '}', n - i);
            size_t end = e ? (size_t)(e - d) : n;
            if (!e) {
                int line, col;
                gm_cursor_at(&st->cur, i, &line, &col);
                bo_record_note(st->rec, BO_NOTE_ERROR, line, col, "comment '{' with no '}'");
                st->broken = true;
                return n;
            }
            if (!st->broken && st->depth == 0) bo_record_add_comment(st->rec, d + i + 1, end - i - 1);
            i = end + 1;
            continue;
        }
        if (c == ';') {
            while (i < n && d[i] != '\n') i++;
            continue;
        }
        if (c == '(') {
            int line, col;
            gm_cursor_at(&st->cur, i, &line, &col);
            bo_rmove *on = st->broken ? NULL : last_move(st, st->depth);
            if (st->depth >= PK_MAX_DEPTH) {
                bo_record_note(st->rec, BO_NOTE_ERROR, line, col, "variations nested deeper than %d levels", PK_MAX_DEPTH);
                st->broken = true;
            } else {
                bool keep = on && (!st->o || st->o->keep_moves <= 0 || nvars < GM_KEEP_VARIATIONS);
                if (!on && !st->broken)
                    bo_record_note(st->rec, BO_NOTE_WARNING, line, col, "variation with no move to replace; ignored");
                st->line[++st->depth] = keep ? bo_rmove_add_variation(on) : NULL;
                if (keep) nvars++;
            }
            i++;
            continue;
        }
        if (c == ')') {
            if (st->depth > 0) st->depth--;
            else {
                int line, col;
                gm_cursor_at(&st->cur, i, &line, &col);
                bo_record_note(st->rec, BO_NOTE_WARNING, line, col, "')' with no '('; ignored");
            }
            i++;
            continue;
        }
        size_t j = i;
        while (j < n && !isspace((unsigned char)d[j]) && d[j] != '{' && d[j] != '(' && d[j] != ')' && d[j] != ';') j++;
        token(st, d + i, j - i, i);
        i = j;
    }
    if (st->depth > 0 && !st->broken) {
        int line, col;
        gm_cursor_at(&st->cur, i, &line, &col);
        bo_record_note(st->rec, BO_NOTE_WARNING, line, col, "%d variation%s not closed with ')'", st->depth,
                       st->depth == 1 ? "" : "s");
    }
    return i;
}

/* Every game of the file, each counted; a broken one does not stop the next. */
int gm_read_playok(const bo_text *t, const gm_read_opts *o, bo_record_list *out, char *err, size_t errlen)
{
    const char *d = t->data;
    size_t n = t->len, i = 0;
    pk_state st;
    memset(&st, 0, sizeof st);
    gm_cursor_init(&st.cur, t);
    st.o = o;
    int first = out->n, index = 0;
    while (i < n) {
        while (i < n && isspace((unsigned char)d[i])) i++;
        if (i >= n) break;
        int line, col;
        gm_cursor_at(&st.cur, i, &line, &col);
        bo_record *r = bo_record_list_push(out, line);
        if (!r) { snprintf(err, errlen, "out of memory"); return -1; }
        r->index = ++index;
        bo_record_set_str(&r->notation, "moves", 5);
        st.rec = r;
        st.depth = 0;
        st.broken = false;
        st.unkept = 0;
        /* the tag section */
        bool tags = false;
        while (i < n) {
            while (i < n && (d[i] == ' ' || d[i] == '\t' || d[i] == '\r' || d[i] == '\n')) i++;
            const char *nm, *v;
            size_t nl, vl, end;
            if (i < n && d[i] == '[') {
                gm_cursor_at(&st.cur, i, &line, &col);
                if (!tag_line(d, n, i, &nm, &nl, &v, &vl, &end)) {
                    bo_record_note(r, BO_NOTE_WARNING, line, col, "not a tag line [Name \"value\"]; skipped");
                    while (i < n && d[i] != '\n') i++;
                    continue;
                }
                bo_record_add_tag(r, nm, nl, v, vl, line);
                tags = true;
                i = end;
                continue;
            }
            break;
        }
        finish_tags(r);
        if (!tags) bo_record_note(r, BO_NOTE_WARNING, line, col, "a game with no tags");
        i = movetext(&st, d, n, i);
        gm_note_unkept(r, &st.unkept);
    }
    if (out->n == first) {
        snprintf(err, errlen, "no game in the file (PGN tags then moves such as 1. h8 i9)");
        return -1;
    }
    return 0;
}

/* PGN tags and movetexts of points; PlayOK's Site tag makes it certain.  Another
 * game's PGN (chess "Nf3", draughts "32-28", xiangqi "h2e2") has tokens that are no
 * points, and a GameType or FEN tag says it is not this game.  The whole prefix is
 * looked at, every game in it: a PlayOK file with one broken game is still one. */
int gm_sniff_playok(const bo_text *t)
{
    const char *d = t->data;
    size_t n = t->len < GM_SNIFF_PREFIX ? t->len : GM_SNIFF_PREFIX;
    size_t i = 0;
    while (i < n && isspace((unsigned char)d[i])) i++;
    const char *nm, *v;
    size_t nl, vl, end;
    if (!tag_line(d, n, i, &nm, &nl, &v, &vl, &end)) return 0;
    bool playok = false, colours = false;
    long points = 0, bad = 0;
    while (i < n) {
        if (isspace((unsigned char)d[i])) { i++; continue; }
        if (d[i] == '[' && (i == 0 || d[i - 1] == '\n' || isspace((unsigned char)d[i - 1]))) {
            if (tag_line(d, n, i, &nm, &nl, &v, &vl, &end)) {
                if (nl == 4 && strncasecmp(nm, "Site", 4) == 0 && vl >= 6 && strncasecmp(v, "PlayOK", 6) == 0) playok = true;
                if (nl == 5 && (strncasecmp(nm, "Black", 5) == 0 || strncasecmp(nm, "White", 5) == 0)) colours = true;
                if ((nl == 8 && strncasecmp(nm, "GameType", 8) == 0) || (nl == 3 && strncasecmp(nm, "FEN", 3) == 0))
                    return 0;
                i = end;
                continue;
            }
        }
        if (d[i] == '{') {
            const char *e = memchr(d + i, '}', n - i);
            i = e ? (size_t)(e - d) + 1 : n;
            continue;
        }
        if (d[i] == '(' || d[i] == ')') { i++; continue; }
        size_t j = i;
        while (j < n && !isspace((unsigned char)d[j]) && d[j] != '{' && d[j] != '(' && d[j] != ')') j++;
        if (j == n && n < t->len) break; /* the prefix cut this token */
        size_t k = move_number(d + i, j - i);
        if (point_token(d + i + k, j - i - k)) points++;
        else if (j - i - k > 0 && !result_token(d + i + k, j - i - k) && d[i + k] != '$') bad++;
        i = j;
    }
    if (points < 2 && !(playok && points == 1)) return 0;
    if (playok && bad * 10 <= points) return 95;
    if (bad > 0) return 0;
    return colours ? 60 : 45;
}
