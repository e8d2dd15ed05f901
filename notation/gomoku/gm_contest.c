/* gm_contest.c -- the CCGC contest record for Gomoku:
 *   {[C5][team B][team W][先手胜][2019.07.20 14:00 place][2019 CCGC];B(H,8);W(I,9);...}
 * Real files are sloppy (wrong game code, 'H' for white, missing fields, full-width
 * punctuation, 和局 for 平局): we say what was wrong and read on. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gm_coords.h"
#include "gm_notation.h"
#include "gm_reader.h"
#include "pattern.h"
#include "result_policy.h"

typedef struct cfield {
    const char *s;
    size_t n;
    size_t off;
    char *own;        /* the field without its escapes, when it had some */
} cfield;

/* The characters a header field escapes with a backslash (our writer does, so that
 * any tag value reads back): the frame's own, full-width twins included. */
static bool is_special(long c)
{
    return c == '[' || c == ']' || c == '{' || c == '}' || c == ';' || c == '\\';
}

/* "a\;b" -> "a;b": a backslash before a special character makes it plain text; any
 * other backslash is itself (real files have paths in them). */
static void unescape_field(cfield *f)
{
    char *o = malloc(f->n + 1);
    if (!o) return;
    size_t w = 0;
    const char *p = f->s, *e = f->s + f->n;
    while (p < e) {
        size_t l, l2;
        long c = gm_char(p, e, &l);
        if (c == '\\' && p + l < e && is_special(gm_char(p + l, e, &l2))) {
            memcpy(o + w, p + l, l2);
            w += l2;
            p += l + l2;
            continue;
        }
        memcpy(o + w, p, l);
        w += l;
        p += l;
    }
    o[w] = '\0';
    f->own = o;
    f->s = o;
    f->n = w;
}

typedef struct creader {
    const bo_text *t;
    const gm_read_opts *o;
    long unkept;        /* moves of the current record not kept (gm_read_opts) */
    const char *d, *end;
    size_t pos;
    gm_cursor cur;
} creader;

/* The next character, full-width forms folded to ASCII; -1 at the end. */
static long peek(creader *r, size_t *len)
{
    if (r->pos >= r->t->len) { *len = 0; return -1; }
    return gm_char(r->d + r->pos, r->end, len);
}

/* Blanks and newlines may stand anywhere between tokens in real files. */
static void skip_blanks(creader *r)
{
    size_t l;
    long c;
    while ((c = peek(r, &l)) >= 0 && gm_is_blank(c)) r->pos += l;
}

static void at(creader *r, size_t off, int *line, int *col) { gm_cursor_at(&r->cur, off, line, col); }

/* The grammar of two header fields, stated as patterns: a game code ("C5": one
 * letter, one or two digits), and a date-and-place field ("2019.07.20 14:00 place":
 * words made of digits and . : / - first, then the place).  Compiled once; a
 * compiled pattern is read-only, so every thread may share them. */
static bo_pattern *code_re, *date_place_re;
static pthread_once_t patterns_once = PTHREAD_ONCE_INIT;

static void compile_patterns(void)
{
    code_re = bo_pattern_compile("[A-Za-z][0-9]{1,2}", NULL, 0);
    date_place_re = bo_pattern_compile(
        "(?s)((?:[0-9.:/\\-]+(?=[ \\t]|\\z))(?:[ \\t]+[0-9.:/\\-]+(?=[ \\t]|\\z))*)?[ \\t]*(.*)", NULL, 0);
}

static bool looks_like_code(const char *s, size_t n)
{
    pthread_once(&patterns_once, compile_patterns);
    gm_trim(&s, &n);
    size_t caps[2];
    return code_re && bo_pattern_match(code_re, s, n, caps, 1) > 0;
}

/* "first team B" -> "first team": the colour letter the frame appends to a team. */
static void strip_team_colour(const char **s, size_t *n)
{
    gm_trim(s, n);
    if (*n >= 2 && ((*s)[*n - 1] == 'B' || (*s)[*n - 1] == 'W') && ((*s)[*n - 2] == ' ' || (*s)[*n - 2] == '\t')) {
        *n -= 1;
        gm_trim(s, n);
    } else if (*n == 1 && ((*s)[0] == 'B' || (*s)[0] == 'W')) {
        *n = 0;
    }
}

/* Split "2019.07.20 14:00 place" into the date-and-time words and the place; with
 * no date words the whole field is the place. */
static void split_date_place(const char *s, size_t n, size_t *date_n, const char **place, size_t *place_n)
{
    pthread_once(&patterns_once, compile_patterns);
    gm_trim(&s, &n);
    size_t caps[6];
    if (!date_place_re || bo_pattern_match(date_place_re, s, n, caps, 3) < 3) {
        *date_n = 0; *place = s; *place_n = n;
        return;
    }
    *date_n = caps[2] == (size_t)-1 ? 0 : caps[3] - caps[2];
    *place = s + caps[4];
    *place_n = caps[5] - caps[4];
}

/* "后手胜(超时)", "后手胜（判负: crash）", "先手胜 认输": a result word, then the reason the
 * game ended off the board (result_policy.h) in brackets or after a blank.  *N becomes
 * the word's length; the reason (without its brackets) in *R, *RN; 0 if none. */
static void split_reason(const char *s, size_t *n, const char **r, size_t *rn)
{
    *r = NULL;
    *rn = 0;
    for (size_t k = 1; k < *n; k++) {
        size_t open = s[k] == '(' || s[k] == ' ' ? 1 : (*n - k >= 3 && !memcmp(s + k, "（", 3)) ? 3 : 0;
        if (!open) continue;
        size_t e = *n;
        if (s[k] == '(' && s[e - 1] == ')') e--;
        else if (open == 3 && e - k >= 6 && !memcmp(s + e - 3, "）", 3)) e -= 3;
        else if (s[k] != ' ') continue;
        char buf[128];
        snprintf(buf, sizeof buf, "%.*s", (int)(e - k - open), s + k + open);
        bool exact;
        if (bo_reason_from_text(buf) == BO_REASON_NONE || gm_result_from_text(s, k, &exact) == GM_RES_NONE) continue;
        *r = s + k + open;
        *rn = e - k - open;
        *n = k;
        return;
    }
}

/* Give the header fields their meaning by content, not only by position, because real
 * files drop or add fields. */
static void interpret_fields(creader *r, bo_record *rec, cfield *f, int nf, size_t open_off)
{
    int line, col;
    int i = 0;
    if (nf > 0 && looks_like_code(f[0].s, f[0].n)) {
        const char *c = f[0].s;
        size_t cn = f[0].n;
        gm_trim(&c, &cn);
        bo_record_add_tag(rec, "GameCode", 8, c, cn, 0);
        if (!(cn == 2 && (c[0] == 'C' || c[0] == 'c') && c[1] == '5')) {
            at(r, f[0].off, &line, &col);
            bo_record_note(rec, BO_NOTE_WARNING, line, col,
                           "game code is [%.*s], Gomoku's is [C5]; read as Gomoku", (int)cn, c);
        }
        i = 1;
    } else {
        at(r, nf > 0 ? f[0].off : open_off, &line, &col);
        bo_record_note(rec, BO_NOTE_WARNING, line, col, "game code field [C5] missing; read as Gomoku");
    }
    int res = -1;
    bool res_none = false;   /* "[*]": the writer's "no result yet" */
    for (int k = i; k < nf && res < 0; k++) {
        const char *s = f[k].s;
        size_t n = f[k].n;
        gm_trim(&s, &n);
        bool exact;
        const char *rs;
        size_t rn;
        split_reason(s, &n, &rs, &rn);
        if (n == 1 && s[0] == '*') { res = k; res_none = true; }
        else if (!(n == 1 && s[0] == '0') && gm_result_from_text(s, n, &exact) != GM_RES_NONE) res = k;
    }
    int teams_end = res >= 0 ? res : (nf < i + 2 ? nf : i + 2);
    const char *names[2] = {"Black", "White"};
    for (int k = i, t = 0; k < teams_end && t < 2; k++, t++) {
        const char *s = f[k].s;
        size_t n = f[k].n;
        strip_team_colour(&s, &n);
        /* "?" is what our writer puts for a team nobody named */
        if (!(n == 1 && s[0] == '?')) bo_record_add_tag(rec, names[t], 5, s, n, 0);
    }
    if (teams_end - i > 2) {
        at(r, f[i + 2].off, &line, &col);
        bo_record_note(rec, BO_NOTE_WARNING, line, col, "more than two team fields before the result; extra ignored");
    }
    if (res >= 0 && !res_none) {
        const char *s = f[res].s;
        size_t n = f[res].n;
        gm_trim(&s, &n);
        bool exact;
        const char *rs;
        size_t rn;
        split_reason(s, &n, &rs, &rn);
        gm_trim(&s, &n);
        if (rs) bo_record_add_tag(rec, "Termination", 11, rs, rn, 0);
        gm_result g = gm_result_from_text(s, n, &exact);
        at(r, f[res].off, &line, &col);
        bo_record_set_str(&rec->result, s, n);
        rec->result_line = line;
        rec->result_col = col;
        bo_record_set_tag(rec, "Result", gm_result_code(g));
        if (!exact)
            bo_record_note(rec, BO_NOTE_WARNING, line, col, "result written '%.*s'; read as %s", (int)n, s,
                           g == GM_RES_BLACK ? "先手胜 (black won)" : g == GM_RES_WHITE ? "后手胜 (white won)" : "平局 (draw)");
    } else if (res < 0) {
        at(r, nf > 0 ? f[nf - 1].off : open_off, &line, &col);
        bo_record_note(rec, BO_NOTE_WARNING, line, col, "result field (先手胜/后手胜/平局) missing");
    }
    int rest = res >= 0 ? res + 1 : teams_end;
    int have = 0;
    if (rest < nf) {
        const char *s = f[rest].s, *place;
        size_t n = f[rest].n, dn, pn;
        split_date_place(s, n, &dn, &place, &pn);
        const char *ds = s;
        gm_trim(&ds, &n);
        if (dn) bo_record_add_tag(rec, "Date", 4, ds, dn, 0);
        if (pn) bo_record_add_tag(rec, "Place", 5, place, pn, 0);
        have++;
    }
    if (rest + 1 < nf) {
        const char *s = f[rest + 1].s;
        size_t n = f[rest + 1].n;
        gm_trim(&s, &n);
        bo_record_add_tag(rec, "Event", 5, s, n, 0);
        have++;
    }
    if (rest + 2 < nf) {
        at(r, f[rest + 2].off, &line, &col);
        bo_record_note(rec, BO_NOTE_WARNING, line, col, "%d extra header field(s) ignored", nf - rest - 2);
    }
    if (have < 2) {
        at(r, nf > 0 ? f[nf - 1].off : open_off, &line, &col);
        bo_record_note(rec, BO_NOTE_WARNING, line, col, "header lacks the %s field%s", have == 0 ? "date/place and event" : "event",
                       have == 0 ? "s" : "");
    }
}

/* One move "B(H,8)": colour, '(', column letter, ',', row, ')', blanks anywhere.
 * Returns 0 and the end offset, or -1 with *bad_off at the offending character. */
static int scan_move(creader *r, size_t start, size_t *end_off, size_t *bad_off, char *why, size_t whylen)
{
    size_t p = start, l;
    long c = gm_char(r->d + p, r->end, &l);
    if (c == 0x9ED1 /* 黑 */ || c == 0x767D /* 白 */ || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
        long u = (c >= 'a' && c <= 'z') ? c - 32 : c;
        if (u != 'B' && u != 'W' && u != 'H' && u != 0x9ED1 && u != 0x767D) {
            *bad_off = p;
            snprintf(why, whylen, "unknown colour '%.*s' (B for black, W for white)", (int)l, r->d + p);
            return -1;
        }
        p += l;
    }
    r->pos = p;
    skip_blanks(r);
    p = r->pos;
    c = peek(r, &l);
    if (c != '(') { *bad_off = p; snprintf(why, whylen, "'(' expected (a move is written like B(H,8))"); return -1; }
    r->pos += l;
    skip_blanks(r);
    p = r->pos;
    c = peek(r, &l);
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
        *bad_off = p;
        snprintf(why, whylen, "column letter A-O expected");
        return -1;
    }
    r->pos += l;
    skip_blanks(r);
    c = peek(r, &l);
    if (c != ',') { *bad_off = r->pos; snprintf(why, whylen, "',' expected between column and row"); return -1; }
    r->pos += l;
    skip_blanks(r);
    p = r->pos;
    int digits = 0;
    while ((c = peek(r, &l)) >= '0' && c <= '9' && digits < 3) { r->pos += l; digits++; }
    if (digits == 0 || (c >= '0' && c <= '9')) { *bad_off = p; snprintf(why, whylen, "row number 1-15 expected"); return -1; }
    skip_blanks(r);
    c = peek(r, &l);
    if (c != ')') { *bad_off = r->pos; snprintf(why, whylen, "')' expected"); return -1; }
    r->pos += l;
    *end_off = r->pos;
    return 0;
}

/* The colour letter 'H': white (后手) as RULES.md says, unless the record never uses
 * B and does use W — then it can only be black (黑).  Decided once per record. */
static void settle_h(bo_record *rec)
{
    bool has_b = false, has_w = false;
    int first_h = -1, nh = 0;
    for (int i = 0; i < rec->nmoves; i++) {
        char c = rec->moves[i].text[0];
        if (c == 'B' || c == 'b') has_b = true;
        if (c == 'W' || c == 'w') has_w = true;
        if (c == 'H' || c == 'h') { nh++; if (first_h < 0) first_h = i; }
    }
    if (nh == 0) return;
    bool black = !has_b && has_w;
    bo_record_set_tag(rec, "_HColour", black ? "black" : "white");
    bo_record_note(rec, BO_NOTE_WARNING, rec->moves[first_h].line, rec->moves[first_h].col,
                   "colour letter 'H' in %d move(s); read as %s", nh,
                   black ? "black (黑; B expected)" : "white (后手; W expected)");
}

/* One record from '{' to '}'.  On return r->pos is past the '}' (or at the next '{' /
 * the end when the record is not closed).  OPENED is false for a record whose '{' is
 * missing (r->pos at its first '['): read with a warning, or refused under --strict. */
static void read_record(creader *r, bo_record_list *out, bool opened)
{
    int line, col;
    size_t open_off = r->pos;
    at(r, open_off, &line, &col);
    bo_record *rec = bo_record_list_push(out, line);
    if (!rec) return;
    bo_record_set_str(&rec->notation, "contest", 7);
    bo_record_set_tag(rec, "Size", "15");
    size_t l;
    if (opened) r->pos++; /* '{' */
    else
        bo_record_note(rec, r->o && r->o->strict ? BO_NOTE_ERROR : BO_NOTE_WARNING, line, col,
                       "record does not start with '{'%s", r->o && r->o->strict ? "" : "; read as if it did");
    cfield f[16];
    int nf = 0;
    bool stopped = false;
    for (;;) {
        skip_blanks(r);
        long c = peek(r, &l);
        if (c != '[') {
            /* an unbracketed field between bracketed ones: "[后手胜]2021-04-16 place[event]" */
            if (c < 0 || c == ';' || c == '{' || c == '}' || nf == 0) break;
            size_t s = r->pos;
            while ((c = peek(r, &l)) >= 0 && c != '[' && c != ';' && c != '{' && c != '}' && c != '\n') r->pos += l;
            if (c != '[') { r->pos = s; break; }
            at(r, s, &line, &col);
            bo_record_note(rec, BO_NOTE_WARNING, line, col, "header field without brackets: '%.*s'", (int)(r->pos - s), r->d + s);
            if (nf < 16) f[nf++] = (cfield){r->d + s, r->pos - s, s, NULL};
            continue;
        }
        size_t s = r->pos + l;
        r->pos = s;
        bool escaped = false;
        while ((c = peek(r, &l)) >= 0 && c != ']' && c != '[' && c != '{' && c != '}' && c != '\n') {
            r->pos += l;
            size_t l2;
            if (c == '\\' && is_special(peek(r, &l2))) { r->pos += l2; escaped = true; }
        }
        if (c != ']') {
            at(r, s - 1, &line, &col);
            bo_record_note(rec, BO_NOTE_ERROR, line, col, "header field not closed: ']' missing");
            stopped = true;
            break;
        }
        if (nf < 16) {
            f[nf] = (cfield){r->d + s, r->pos - s, s, NULL};
            if (escaped) unescape_field(&f[nf]);
            nf++;
        }
        r->pos += l;
    }
    interpret_fields(r, rec, f, nf, open_off);
    for (int k = 0; k < nf; k++) free(f[k].own);
    for (;;) {
        skip_blanks(r);
        long c = peek(r, &l);
        if (c == ';' || c == ',') { r->pos += l; continue; }
        if (c == '}') { r->pos += l; break; }
        if (c < 0 || c == '{') {
            /* located where the '}' is missing: after the record's last character */
            size_t q = r->pos;
            while (q > open_off && gm_is_blank((unsigned char)r->d[q - 1])) q--;
            at(r, c < 0 ? r->pos : q, &line, &col);
            bo_record_note(rec, BO_NOTE_ERROR, line, col, c < 0
                           ? "record not closed: '}' missing at the end of the file (truncated?)"
                           : "record not closed: '}' missing before the next '{'");
            stopped = true;
            break;
        }
        if (stopped) { r->pos += l; continue; }  /* after a fault: find the record's end */
        size_t start = r->pos, end_off, bad_off;
        char why[160];
        if (c == '[') {
            at(r, start, &line, &col);
            bo_record_note(rec, BO_NOTE_ERROR, line, col, "header field among the moves");
            stopped = true;
            continue;
        }
        if (scan_move(r, start, &end_off, &bad_off, why, sizeof why) != 0) {
            int ml, mc;
            at(r, start, &ml, &mc);
            /* a move that breaks off where the next record begins is located where it
             * breaks off, not at the next record */
            size_t where = bad_off;
            if (bad_off < r->t->len && r->d[bad_off] == '{')
                while (where > start && gm_is_blank((unsigned char)r->d[where - 1])) where--;
            at(r, where, &line, &col);
            size_t tn = 0;
            while (start + tn < r->t->len && tn < 24 && r->d[start + tn] != ';' && r->d[start + tn] != '}'
                   && r->d[start + tn] != '\n')
                tn++;
            bo_record_note(rec, BO_NOTE_ERROR, line, col, "move %d '%.*s' cannot be read: %s%s", rec->nmoves + 1,
                           (int)tn, r->d + start, why, bad_off >= r->t->len ? " (the file ends here: truncated?)" : "");
            stopped = true;
            r->pos = bad_off > start ? bad_off : start + (l ? l : 1);
            continue;
        }
        at(r, start, &line, &col);
        gm_keep_move(rec, r->o, &r->unkept, r->d + start, end_off - start, line, col);
    }
    gm_note_unkept(rec, &r->unkept);
    settle_h(rec);
}

/* Records are found by their braces; text between them is noted, not fatal. */
int gm_read_contest_o(const bo_text *t, const gm_read_opts *o, bo_record_list *out, char *err, size_t errlen)
{
    creader r = {.t = t, .o = o, .d = t->data, .end = t->data + t->len, .pos = 0};
    gm_cursor_init(&r.cur, t);
    int first = out->n;
    size_t junk = (size_t)-1;
    size_t brace = 0;        /* offset of the next '{' or '}' at or after r.pos (cached) */
    while (r.pos < t->len) {
        size_t l;
        long c = peek(&r, &l);
        bool headless = false;
        if (c == '[') {
            /* a header outside the records: a record whose '{' is missing, if a '}'
             * closes it before any '{' opens another and a move stands between */
            if (brace < r.pos || brace == 0) {
                brace = r.pos;
                while (brace < t->len && t->data[brace] != '{' && t->data[brace] != '}') brace++;
            }
            if (brace < t->len && t->data[brace] == '}') {
                const char *semi = memchr(t->data + r.pos, ';', brace - r.pos);
                const char *paren = memchr(t->data + r.pos, '(', brace - r.pos);
                headless = semi && paren;
            }
        }
        if (c == '{' || headless) {
            read_record(&r, out, !headless);
            if (junk != (size_t)-1 && out->n > first) {
                int line, col;
                gm_cursor_at(&r.cur, junk, &line, &col);
                bo_record_note(&out->items[out->n - 1], BO_NOTE_WARNING, line, col, "text outside the records ignored");
                junk = (size_t)-1;
            }
            continue;
        }
        if (c == '}' && out->n > first) {
            int line, col;
            gm_cursor_at(&r.cur, r.pos, &line, &col);
            bo_record_note(&out->items[out->n - 1], BO_NOTE_ERROR, line, col, "'}' without a matching '{'");
        } else if (!gm_is_blank(c) && junk == (size_t)-1) {
            junk = r.pos;
        }
        r.pos += l ? l : 1;
    }
    if (out->n == first) {
        snprintf(err, errlen, "no contest record ({[C5]...;B(H,8);...}) found");
        return -1;
    }
    if (junk != (size_t)-1) {
        int line, col;
        gm_cursor_at(&r.cur, junk, &line, &col);
        bo_record_note(&out->items[out->n - 1], BO_NOTE_WARNING, line, col, "text after the last record ignored");
    }
    return 0;
}

int gm_read_contest(const bo_text *t, bo_record_list *out, char *err, size_t errlen)
{
    return gm_read_contest_o(t, NULL, out, err, errlen);
}

/* ---- writing ---------------------------------------------------------------- */

/* A tag of the record being written, or a stand-in when it has none. */
static const char *tag_or(const gm_game *g, const char *name, const char *dflt)
{
    const char *v = g->rec ? bo_record_tag(g->rec, name) : NULL;
    return v && *v ? v : dflt;
}

/* Field text escapes the frame's own characters (is_special, full-width twins
 * included) with a backslash, so that it reads back as it was; a line break, which a
 * one-line record cannot hold, becomes a blank. */
static void put_field(FILE *f, const char *s)
{
    const char *e = s + strlen(s);
    while (s < e) {
        size_t l;
        long c = gm_char(s, e, &l);
        if (c == '\n' || c == '\r') { fputc(' ', f); s += l; continue; }
        if (is_special(c)) fputc('\\', f);
        fwrite(s, 1, l, f);
        s += l;
    }
}

/* A game that ended off the board carries why after its result, in the contest's
 * words: "后手胜(超时)", "后手胜(判负: crash)" (result_policy.h; the reader takes it back
 * as the Termination tag).  Only the reason's kind and the fault's first words, so
 * that no engine output reaches the field. */
static void put_reason(FILE *f, const gm_game *g)
{
    const char *t = g->rec ? bo_record_tag(g->rec, "Termination") : NULL;
    bo_reason why = bo_reason_from_text(t);
    if (why == BO_REASON_NONE || g->result == GM_RES_NONE) return;
    fprintf(f, "(%s", bo_reason_contest_word(why));
    static const char *const kinds[] = {"illegal move", "crash", "garbage", "timeout", "time forfeit", "resign",
                                        "ply limit", "adjudication"};
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
        if (!strncmp(t, kinds[i], strlen(kinds[i]))) { fprintf(f, ": %s", kinds[i]); break; }
    fputc(')', f);
}

/* One line per record, as the contest software writes them. */
int gm_write_contest(FILE *f, const gm_game *g, char *err, size_t errlen)
{
    if (g->size != GM_RENJU_SIZE) {
        snprintf(err, errlen, "the contest record is for the 15x15 board; this game is %dx%d", g->size, g->size);
        return -1;
    }
    fputs("{[C5][", f);
    put_field(f, tag_or(g, "Black", "?"));
    fputs(" B][", f);
    put_field(f, tag_or(g, "White", "?"));
    fputs(" W][", f);
    fputs(g->result == GM_RES_BLACK ? "先手胜" : g->result == GM_RES_WHITE ? "后手胜" : g->result == GM_RES_DRAW ? "平局" : "*", f);
    put_reason(f, g);
    fputs("][", f);
    const char *date = tag_or(g, "Date", ""), *place = tag_or(g, "Place", "");
    put_field(f, date);
    if (*date && *place) fputc(' ', f);
    put_field(f, place);
    fputs("][", f);
    put_field(f, tag_or(g, "Event", ""));
    fputs("]", f);
    for (int i = 0; i < g->n; i++) {
        const gm_gmove *m = &g->moves[i];
        gm_stone c = m->colour != GM_EMPTY ? m->colour : (i % 2 == 0 ? GM_BLACK : GM_WHITE);
        fprintf(f, ";%c(%c,%d)", c == GM_BLACK ? 'B' : 'W', 'A' + m->x, m->y + 1);
    }
    fputs("}\n", f);
    return 0;
}
