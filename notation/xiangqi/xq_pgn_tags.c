/* xq_pgn_tags.c - the [Name "value"] lines of Xiangqi PGN, read as a person
 * reads them. A tag is one line; what real exporters get wrong on it (quotes
 * inside the value left unescaped: [Event "首屆"味極王杯"象棋精英賽"], a value
 * without quotes, a missing ']' or '"') is read anyway with a located warning,
 * or refused under --strict: a defect in the wrapping never costs the moves. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "xq_pgn_internal.h"

/* End of the line that holds offset i (its '\n', or n), and the end of its
 * text without trailing blanks and '\r'. */
static size_t line_end(const char *s, size_t n, size_t i, size_t *trimmed)
{
    const char *nl = memchr(s + i, '\n', n - i);
    size_t e = nl ? (size_t)(nl - s) : n, t = e;
    while (t > i && (s[t - 1] == ' ' || s[t - 1] == '\t' || s[t - 1] == '\r')) t--;
    *trimmed = t;
    return e;
}

/* The first '"' at or after i before end that no backslash escapes; end if none. */
static size_t closing_quote(const char *s, size_t i, size_t end)
{
    for (; i < end; i++) {
        if (s[i] == '\\' && i + 1 < end && (s[i + 1] == '"' || s[i + 1] == '\\')) { i++; continue; }
        if (s[i] == '"') return i;
    }
    return end;
}

/* A copy of s[a, b) with the escapes \" and \\ undone; NULL when out of memory. */
static char *unescape(const char *s, size_t a, size_t b, size_t *len)
{
    char *v = malloc(b - a + 1);
    if (!v) return NULL;
    size_t k = 0;
    for (size_t i = a; i < b; i++) {
        if (s[i] == '\\' && i + 1 < b && (s[i + 1] == '"' || s[i + 1] == '\\')) i++;
        v[k++] = s[i];
    }
    v[k] = '\0';
    *len = k;
    return v;
}

/* The tags that set the record's fields: [FEN], [Format], [Game]. */
static void special_tag(xq_pgn_reader *r, bo_record *g, const char *name, size_t nlen, const char *val,
                        size_t vlen, int line, int col)
{
    if (nlen == 3 && strncasecmp(name, "FEN", 3) == 0) {
        if (vlen > 0 && bo_record_set_str(&g->fen, val, vlen) != 0) r->oom = 1;
    } else if (nlen == 6 && strncasecmp(name, "Format", 6) == 0) {
        const char *nt = strcasecmp(val, "WXF") == 0 ? "wxf" : strcasecmp(val, "ICCS") == 0 ? "iccs"
                       : strcasecmp(val, "UCI") == 0 ? "uci" : strcasecmp(val, "Chinese") == 0 ? "chinese" : NULL;
        if (!nt) bo_record_note(g, BO_NOTE_WARNING, line, col, "unknown [Format \"%s\"]; each move's notation is recognised by itself", val);
        else if (bo_record_set_str(&g->notation, nt, strlen(nt)) != 0) r->oom = 1;
    } else if (nlen == 4 && strncasecmp(name, "Game", 4) == 0) {
        if (strcasecmp(val, "Chinese Chess") != 0 && strcasecmp(val, "Xiangqi") != 0 && strcmp(val, "中国象棋") != 0)
            bo_record_note(g, BO_NOTE_WARNING, line, col, "[Game \"%s\"] is not Chinese Chess; read as Xiangqi", val);
    }
}

/* Column (in characters) of byte offset `at` on the scanner's line, which
 * holds the scanner's position. */
static int col_of(const xq_pgn_scanner *sc, size_t at)
{
    int col = sc->col;
    for (size_t i = sc->i; i < at; i++)
        if (((unsigned char)sc->s[i] & 0xC0) != 0x80) col++;
    return col;
}

/* A quoted value: from just after the opening '"' at v0. The value normally
 * ends at the first unescaped '"' followed by ']'. When that '"' is followed by
 * more text and the line still ends with ']', the quotes inside were left
 * unescaped: the value runs to the last '"' before that ']'. Sets *a, *b to the
 * value's bytes (still escaped) and returns where the tag ends. The tag's '['
 * is at tline:tcol. */
static size_t quoted_value(xq_pgn_reader *r, bo_record *g, size_t v0, const char *name, int nlen,
                           int tline, int tcol, size_t *a, size_t *b)
{
    xq_pgn_scanner *sc = &r->sc;
    const char *s = sc->s;
    size_t trimmed, eol = line_end(s, sc->n, v0, &trimmed);
    size_t q = closing_quote(s, v0, eol);
    bool closed_line = trimmed > v0 && s[trimmed - 1] == ']';
    *a = v0;
    if (q == eol) {
        /* no closing quote: read up to a ']' that ends the line; a line without
         * one is a tag cut short (a truncated file), which is an error */
        *b = closed_line ? trimmed - 1 : trimmed;
        if (closed_line)
            xq_pgn_lenient(r, g, sc->line, col_of(sc, v0) - 1, "the value of tag [%.*s] is not closed with '\"'; "
                           "read up to the ']' that ends its line", nlen, name);
        else
            bo_record_note(g, BO_NOTE_ERROR, tline, tcol,
                           "the value of tag [%.*s] is not closed with '\"' on its line", nlen, name);
        return eol;
    }
    size_t k = q + 1;
    while (k < eol && (s[k] == ' ' || s[k] == '\t' || s[k] == '\r')) k++;
    if (k < eol && s[k] == ']') { *b = q; return k + 1; }
    size_t last = closed_line ? trimmed - 1 : trimmed;
    while (last > q && s[last] != '"') last--;
    if (closed_line && last > q) {
        *b = last;
        xq_pgn_lenient(r, g, sc->line, col_of(sc, q),
                       "the value of tag [%.*s] holds an unescaped '\"' (PGN writes \\\"); read as part of the value, "
                       "which runs to the last '\"' before the ']' that ends the line", nlen, name);
        return trimmed;
    }
    *b = q;
    if (k < eol && s[k] == '[') {   /* the next tag on the same line */
        xq_pgn_lenient(r, g, sc->line, col_of(sc, k), "tag [%.*s] is not closed with ']'", nlen, name);
        return k;
    }
    xq_pgn_lenient(r, g, sc->line, col_of(sc, k), "tag [%.*s] is not closed with ']'%s", nlen, name,
                   k < trimmed ? "; the rest of its line is ignored" : "");
    return eol;
}

/* Does the tag at s[i] repeat one of the main tags game G already has, with
 * no move between? Then G's record was cut short after its header (a file
 * put together from pieces) and this tag begins the next game: G is closed
 * with an error at its last tag, so that it is counted, not merged. */
static bool header_repeats(const char *s, size_t n, size_t i, bo_record *g)
{
    static const char *const main_tags[] = {"Game", "Event", "Red", "Black", "Result", "FEN", "Site", "Date"};
    if (!g || g->nmoves > 0 || g->ntags == 0) return false;
    size_t a = i + 1;
    while (a < n && (s[a] == ' ' || s[a] == '\t')) a++;
    size_t b = a;
    while (b < n && s[b] != ' ' && s[b] != '\t' && s[b] != '"' && s[b] != ']' && s[b] != '\n') b++;
    for (size_t k = 0; k < sizeof main_tags / sizeof main_tags[0]; k++) {
        size_t l = strlen(main_tags[k]);
        if (b - a != l || strncasecmp(s + a, main_tags[k], l) != 0) continue;
        if (!bo_record_tag(g, main_tags[k])) return false;
        const bo_tag *last = &g->tags[g->ntags - 1];
        bo_record_note(g, BO_NOTE_ERROR, last->line, 1, "the record ends after its tags, without moves: "
                       "a second [%s] tag begins another game (a record cut short?)", main_tags[k]);
        return true;
    }
    return false;
}

void xq_pgn_read_tag(xq_pgn_reader *r)
{
    xq_pgn_scanner *sc = &r->sc;
    const char *s = sc->s;
    int line = sc->line, col = sc->col;
    bo_record *g = xq_pgn_cur(r);
    if (r->state != XQ_R_GAME || (g && g->nmoves > 0) || header_repeats(s, sc->n, sc->i, g))
        g = xq_pgn_start_record(r, line);
    if (!g) return;
    xq_pgn_adv(sc);   /* '[' */
    while (sc->i < sc->n && (s[sc->i] == ' ' || s[sc->i] == '\t')) xq_pgn_adv(sc);
    size_t name0 = sc->i;
    while (sc->i < sc->n && s[sc->i] != ' ' && s[sc->i] != '\t' && s[sc->i] != '"' && s[sc->i] != ']' && s[sc->i] != '\n')
        xq_pgn_adv(sc);
    size_t name1 = sc->i;
    while (sc->i < sc->n && (s[sc->i] == ' ' || s[sc->i] == '\t')) xq_pgn_adv(sc);
    size_t trimmed, eol = line_end(s, sc->n, sc->i, &trimmed);
    if (name1 == name0) {
        xq_pgn_lenient(r, g, line, col, "a tag must be written [Name \"value\"]; this one has no name: line ignored");
        xq_pgn_adv_to(sc, eol);
        return;
    }
    const char *name = s + name0;
    int nlen = (int)(name1 - name0);
    size_t a, b, end;
    if (sc->i < sc->n && s[sc->i] == '"') {
        end = quoted_value(r, g, sc->i + 1, name, nlen, line, col, &a, &b);
    } else {
        a = sc->i;
        const char *cl = memchr(s + a, ']', eol - a);
        b = cl ? (size_t)(cl - s) : trimmed;
        end = cl ? b + 1 : eol;
        while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t' || s[b - 1] == '\r')) b--;
        if (cl) xq_pgn_lenient(r, g, line, col, "the value of tag [%.*s] should be in double quotes", nlen, name);
        else xq_pgn_lenient(r, g, line, col, "tag [%.*s] is not closed with ']' on its line (and its value is not "
                            "in double quotes); read to the end of the line", nlen, name);
    }
    size_t vlen;
    char *val = unescape(s, a, b, &vlen);
    if (!val) { r->oom = 1; return; }
    if (bo_record_add_tag(g, name, (size_t)nlen, val, vlen, line) != 0) r->oom = 1;
    special_tag(r, g, name, (size_t)nlen, val, vlen, line, col);
    free(val);
    xq_pgn_adv_to(sc, end);
}
