/* dr_pdn_lex.c -- the PDN tokenizer: the reading grammar's tokens, hand-scanned. */
#include "dr_pdn_lex.h"

#include <stdio.h>
#include <string.h>

#include "text.h"

void dr_lex_init(dr_lex *lx, const char *s, size_t len)
{
    lx->s = s;
    lx->len = len;
    lx->pos = 0;
    lx->line = 1;
    lx->line_start = 0;
    lx->col_off = 0;
    lx->col_at = 1;
    lx->strict = false;
    lx->lit_cr = 0;
    lx->lit_cr_line = lx->lit_cr_col = 0;
}

/* Move to NEWPOS, counting the line ends passed so positions stay right. */
static void advance_to(dr_lex *lx, size_t newpos)
{
    const char *nl;
    size_t i = lx->pos;
    if (newpos - i < 64) {   /* short tokens: a plain loop beats memchr's call */
        for (; i < newpos; i++)
            if (lx->s[i] == '\n') { lx->line++; lx->line_start = i + 1; }
        lx->pos = newpos;
        return;
    }
    while (i < newpos && (nl = memchr(lx->s + i, '\n', newpos - i)) != NULL) {
        i = (size_t)(nl - lx->s) + 1;
        lx->line++;
        lx->line_start = i;
    }
    lx->pos = newpos;
}

/* Column of OFF on the current line, counted on from the last column asked for. */
static int column_here(dr_lex *lx, size_t off)
{
    if (lx->col_off < lx->line_start || lx->col_off > off) { lx->col_off = lx->line_start; lx->col_at = 1; }
    lx->col_at += bo_utf8_col(lx->s + lx->col_off, off - lx->col_off) - 1;
    lx->col_off = off;
    return lx->col_at;
}

void dr_lex_where(const dr_lex *lx, size_t off, int *line, int *col)
{
    int l = lx->line;
    size_t ls = lx->line_start;
    for (size_t i = lx->pos; i < off && i < lx->len; i++)
        if (lx->s[i] == '\n') { l++; ls = i + 1; }
    *line = l;
    *col = bo_utf8_col(lx->s + ls, off - ls);
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Whitespace and '%' line comments separate tokens (reading grammar).  Leniently, so
 * does a literal backslash-r, which one exporter writes after every tag; it is counted
 * (with the place of the first) so that the reader can warn once per game. */
static void skip_separators(dr_lex *lx)
{
    size_t p = lx->pos;
    for (;;) {
        while (p < lx->len && is_blank(lx->s[p])) p++;
        if (p < lx->len && lx->s[p] == '%') {
            while (p < lx->len && lx->s[p] != '\n') p++;
            continue;
        }
        if (!lx->strict && p + 1 < lx->len && lx->s[p] == '\\' && lx->s[p + 1] == 'r') {
            if (lx->lit_cr++ == 0) {
                advance_to(lx, p);
                lx->lit_cr_line = lx->line;
                lx->lit_cr_col = bo_utf8_col(lx->s + lx->line_start, p - lx->line_start);
            }
            p += 2;
            continue;
        }
        break;
    }
    advance_to(lx, p);
}

/* Does a tag line ('[' Name blanks '"') start at P, after blanks?  A string, comment or
 * setup that runs into one is taken to be unterminated: the next game has begun. */
static bool tag_line_at(const dr_lex *lx, size_t p)
{
    while (p < lx->len && (lx->s[p] == ' ' || lx->s[p] == '\t')) p++;
    if (p + 2 >= lx->len || lx->s[p] != '[') return false;
    p++;
    char c = lx->s[p];
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) return false;
    while (p < lx->len && ((lx->s[p] >= 'a' && lx->s[p] <= 'z') || (lx->s[p] >= 'A' && lx->s[p] <= 'Z') ||
                           is_digit(lx->s[p]) || lx->s[p] == '_')) p++;
    while (p < lx->len && (lx->s[p] == ' ' || lx->s[p] == '\t')) p++;
    return p < lx->len && lx->s[p] == '"';
}

/* Blanks inside a move (between squares and separators); returns the new offset. */
static size_t skip_blanks_at(const dr_lex *lx, size_t p)
{
    while (p < lx->len && is_blank(lx->s[p])) p++;
    return p;
}

static void set_error(dr_tok *t, const char *msg)
{
    t->kind = DR_T_ERROR;
    t->error = msg;
}

/* Errors inside a move point at the offending part, not at the move's start. */
static void error_at(const dr_lex *lx, dr_tok *t, size_t off)
{
    t->off = off;
    dr_lex_where(lx, off, &t->line, &t->col);
}

/* The character at P quoted for an error message (a whole UTF-8 sequence). */
static void quote_char(const dr_lex *lx, size_t p, char *buf, size_t n)
{
    unsigned char c = (unsigned char)lx->s[p];
    if (c == 0) { snprintf(buf, n, "a NUL byte"); return; }
    if (c < 0x20 || c == 0x7f) { snprintf(buf, n, "control character 0x%02x", c); return; }
    size_t k = 1;
    if (c >= 0xC0) while (p + k < lx->len && k < 4 && ((unsigned char)lx->s[p + k] & 0xC0) == 0x80) k++;
    snprintf(buf, n, "'%.*s'", (int)k, lx->s + p);
}

/* A result token at P ("1-0", "1/2-1/2", ...), not followed by a digit; its length or 0. */
static size_t match_result(const dr_lex *lx, size_t p)
{
    static const char *const results[] = {"1/2-1/2", "1-0", "0-1", "2-0", "0-2", "0-0", "1-1"};
    if (p + 2 >= lx->len || lx->s[p] > '2' || (lx->s[p + 1] != '-' && lx->s[p + 1] != '/')) return 0;
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++) {
        size_t n = strlen(results[i]);
        if (p + n <= lx->len && memcmp(lx->s + p, results[i], n) == 0 &&
            (p + n == lx->len || !is_digit(lx->s[p + n])))
            return n;
    }
    return 0;
}

/* One square at P: NUMSQUARE ([1-9][0-9]? | 0[1-9]) or ALPHASQUARE ([a-h][1-8]).
 * Returns its length, 0 if there is none, or -1 with an error set (a malformed one). */
static int scan_square(const dr_lex *lx, size_t p, dr_tok *t)
{
    if (p >= lx->len) return 0;
    char c = lx->s[p];
    if (is_digit(c)) {
        size_t k = 0;
        while (p + k < lx->len && is_digit(lx->s[p + k])) k++;
        if (k > 2) {
            snprintf(t->errbuf, sizeof t->errbuf, "'%.*s' is not a square: squares have one or two digits",
                     (int)(k > 12 ? 12 : k), lx->s + p);
            set_error(t, t->errbuf);
            return -1;
        }
        if (c == '0' && (k == 1 || lx->s[p + 1] == '0')) {
            snprintf(t->errbuf, sizeof t->errbuf, "'%.*s' is not a square", (int)k, lx->s + p);
            set_error(t, t->errbuf);
            return -1;
        }
        return (int)k;
    }
    if (c >= 'a' && c <= 'h' && p + 1 < lx->len && lx->s[p + 1] >= '1' && lx->s[p + 1] <= '8') {
        if (p + 2 < lx->len && is_digit(lx->s[p + 2])) {
            snprintf(t->errbuf, sizeof t->errbuf, "'%.3s' is not a square (alphanumeric squares are a1..h8)", lx->s + p);
            set_error(t, t->errbuf);
            return -1;
        }
        return 2;
    }
    return 0;
}

/* Append LEN bytes to the move text; false when the move is too long. */
static bool move_append(dr_tok *t, size_t *n, const char *s, size_t len)
{
    if (*n + len + 1 > sizeof t->move) return false;
    memcpy(t->move + *n, s, len);
    *n += len;
    t->move[*n] = '\0';
    return true;
}

/* A move starting with the square at P (length SQ): Square '-' Square, or
 * Square ([x:] Square)+, or (alphanumeric) two squares without a separator. */
static void scan_move(dr_lex *lx, size_t p, int sq, dr_tok *t)
{
    size_t n = 0, start = p;
    bool alpha = !is_digit(lx->s[p]);
    move_append(t, &n, lx->s + p, (size_t)sq);
    p += (size_t)sq;
    int squares = 1;
    bool capture = false;
    for (;;) {
        size_t q = skip_blanks_at(lx, p);
        char c = q < lx->len ? lx->s[q] : '\0';
        bool sep = (c == '-' && squares == 1 && !capture) || ((c == 'x' || c == ':') && (squares == 1 || capture));
        size_t next = sep ? skip_blanks_at(lx, q + 1) : q;
        if (!sep) {
            /* "a3b4": an alphanumeric move may leave out the separator. */
            if (alpha && squares == 1 && q == p && c >= 'a' && c <= 'h') {
                int k = scan_square(lx, q, t);
                if (k < 0) { error_at(lx, t, q); return; }
                if (k == 2) {
                    move_append(t, &n, lx->s + q, 2);
                    p = q + 2;
                    squares = 2;
                    break;
                }
            }
            break;
        }
        int k = scan_square(lx, next, t);
        if (k < 0) { error_at(lx, t, next); return; }
        if (k == 0) {
            snprintf(t->errbuf, sizeof t->errbuf, "'%c' must be followed by a square", c);
            set_error(t, t->errbuf);
            error_at(lx, t, next);
            return;
        }
        char sc = c;
        if (!move_append(t, &n, &sc, 1) || !move_append(t, &n, lx->s + next, (size_t)k)) {
            set_error(t, "move too long");
            return;
        }
        if (c != '-') capture = true;
        squares++;
        p = next + (size_t)k;
        if (c == '-') break;
    }
    if (squares < 2) {
        set_error(t, alpha ? "a square must be followed by '-', 'x' or a second square"
                           : "a square must be followed by '-' or 'x' (a number alone is not a move)");
        return;
    }
    t->kind = DR_T_MOVE;
    t->len = p - start;
    advance_to(lx, p);
}

/* Tokens starting with a digit: results, move numbers, numeric moves. */
static void scan_digit(dr_lex *lx, size_t p, dr_tok *t)
{
    size_t rn = match_result(lx, p);
    if (rn) {
        t->kind = DR_T_RESULT;
        t->len = rn;
        advance_to(lx, p + rn);
        return;
    }
    size_t k = 0;
    while (p + k < lx->len && is_digit(lx->s[p + k])) k++;
    if (p + k < lx->len && lx->s[p + k] == '.') {
        long v = 0;
        for (size_t i = 0; i < k; i++) { v = v * 10 + (lx->s[p + i] - '0'); if (v > 1000000) v = 1000000; }
        t->kind = DR_T_MOVENUM;
        t->number = (int)v;
        size_t e = p + k + 1;
        if (e + 1 < lx->len && lx->s[e] == '.' && lx->s[e + 1] == '.') { t->black = true; e += 2; }
        t->len = e - p;
        advance_to(lx, e);
        return;
    }
    int sq = scan_square(lx, p, t);
    if (sq < 0) return;
    scan_move(lx, p, sq, t);
}

/* Read to the CLOSE character (strings honour backslash escapes); false if absent, or
 * if a tag line starts before it (then the text was never closed: see tag_line_at). */
static bool scan_delimited(const dr_lex *lx, size_t p, char close, bool escapes, size_t *end)
{
    for (size_t i = p + 1; i < lx->len; i++) {
        if (escapes && lx->s[i] == '\\' && i + 1 < lx->len) { i++; continue; }
        if (lx->s[i] == close) { *end = i + 1; return true; }
        if (lx->s[i] == '\n' && tag_line_at(lx, i + 1)) return false;
    }
    return false;
}

void dr_lex_next(dr_lex *lx, dr_tok *t)
{
    skip_separators(lx);
    t->kind = DR_T_EOF;
    t->len = 0;
    t->number = 0;
    t->black = false;
    t->move[0] = '\0';
    t->error = NULL;
    size_t p = lx->pos;
    t->off = p;
    t->line = lx->line;
    t->col = column_here(lx, p);
    if (p >= lx->len) { t->kind = DR_T_EOF; return; }
    char c = lx->s[p];
    size_t end;
    switch (c) {
    case '[': t->kind = DR_T_LBRACKET; t->len = 1; advance_to(lx, p + 1); return;
    case ']': t->kind = DR_T_RBRACKET; t->len = 1; advance_to(lx, p + 1); return;
    case ')': t->kind = DR_T_RPAREN; t->len = 1; advance_to(lx, p + 1); return;
    case '*': t->kind = DR_T_STAR; t->len = 1; advance_to(lx, p + 1); return;
    case '"':
        if (!scan_delimited(lx, p, '"', true, &end)) {
            set_error(t, "unterminated string (no closing '\"' before the end of the file or the next tag line)");
            return;
        }
        t->kind = DR_T_STRING; t->len = end - p; advance_to(lx, end); return;
    case '{':
        if (!scan_delimited(lx, p, '}', false, &end)) {
            set_error(t, "unterminated comment (no closing '}' before the end of the file or the next tag line)");
            return;
        }
        t->kind = DR_T_COMMENT; t->len = end - p; advance_to(lx, end); return;
    case '}':
        set_error(t, "'}' without '{' (comments do not nest)");
        return;
    case '/':
        if (!scan_delimited(lx, p, '/', false, &end)) {
            set_error(t, "unterminated setup (no closing '/' before the end of the file or the next tag line)");
            return;
        }
        t->kind = DR_T_SETUP; t->len = end - p; advance_to(lx, end); return;
    case '(': {
        size_t q = p + 1;
        while (q < lx->len && (lx->s[q] == '!' || lx->s[q] == '?')) q++;
        if (q > p + 1 && q < lx->len && lx->s[q] == ')') {
            t->kind = DR_T_STRENGTH; t->len = q + 1 - p; advance_to(lx, q + 1); return;
        }
        t->kind = DR_T_LPAREN; t->len = 1; advance_to(lx, p + 1); return;
    }
    case '!': case '?': {
        size_t q = p;
        while (q < lx->len && (lx->s[q] == '!' || lx->s[q] == '?')) q++;
        t->kind = DR_T_STRENGTH; t->len = q - p; advance_to(lx, q); return;
    }
    case '$': {
        size_t q = p + 1;
        while (q < lx->len && is_digit(lx->s[q])) q++;
        if (q == p + 1) { set_error(t, "'$' must be followed by a number (a NAG such as $1)"); return; }
        t->kind = DR_T_NAG; t->len = q - p; advance_to(lx, q); return;
    }
    case '.':
        if (p + 2 < lx->len && lx->s[p + 1] == '.' && lx->s[p + 2] == '.') {
            t->kind = DR_T_ELLIPSIS; t->len = 3; advance_to(lx, p + 3); return;
        }
        set_error(t, "unexpected '.'");
        return;
    default:
        break;
    }
    if (is_digit(c)) { scan_digit(lx, p, t); return; }
    if (c >= 'A' && c <= 'Z') {
        size_t q = p + 1;
        while (q < lx->len && ((lx->s[q] >= 'a' && lx->s[q] <= 'z') || (lx->s[q] >= 'A' && lx->s[q] <= 'Z') ||
                               is_digit(lx->s[q]) || lx->s[q] == '_')) q++;
        t->kind = DR_T_IDENT; t->len = q - p; advance_to(lx, q); return;
    }
    if (c >= 'a' && c <= 'h') {
        int sq = scan_square(lx, p, t);
        if (sq < 0) return;
        if (sq > 0) { scan_move(lx, p, sq, t); return; }
    }
    if (c == '-' && (p + 1 >= lx->len || is_blank(lx->s[p + 1]) || lx->s[p + 1] == '[')) {
        t->kind = DR_T_DASH; t->len = 1; advance_to(lx, p + 1); return;
    }
    if (c == '\\' && p + 1 < lx->len && lx->s[p + 1] == 'r') {
        set_error(t, "a literal '\\r' (backslash and r) is not PDN (an exporter's broken line end)");
        return;
    }
    if (c == '-') {
        set_error(t, "unexpected '-' (a move is written 32-28; '- -' for an unknown move is not in the reading grammar)");
        return;
    }
    char q[40];
    quote_char(lx, p, q, sizeof q);
    snprintf(t->errbuf, sizeof t->errbuf, "unexpected %s", q);
    set_error(t, t->errbuf);
}

/* Is the line [A, E) a header line: it starts with '[' and has no digit or '*' outside
 * its tags (so no moves and no result, which a game written on one line has)?  So is
 * a tag line that lost its '[' (Name "value"]).  When a
 * string or a tag is left open, it is one if it ends with ']'. */
static bool header_line(const char *s, size_t a, size_t e)
{
    if (a < e && s[a] != '[') {   /* a tag that lost its '[': Name "value"] */
        size_t q = a;
        while (q < e && ((s[q] >= 'a' && s[q] <= 'z') || (s[q] >= 'A' && s[q] <= 'Z') || is_digit(s[q]) || s[q] == '_')) q++;
        if (q == a || q >= e || (s[q] != ' ' && s[q] != '\t')) return false;
        while (q < e && (s[q] == ' ' || s[q] == '\t')) q++;
        if (q >= e || s[q] != '"') return false;
        while (e > a && is_blank(s[e - 1])) e--;
        if (e - a >= 2 && s[e - 2] == '\\' && s[e - 1] == 'r') e -= 2;
        return e > a && s[e - 1] == ']';
    }
    if (a >= e) return false;
    int depth = 0;
    bool quoted = false;
    for (size_t i = a; i < e; i++) {
        char c = s[i];
        if (quoted) {
            if (c == '\\' && i + 1 < e && s[i + 1] == '"') i++;
            else if (c == '"') quoted = false;
            continue;
        }
        if (c == '"') quoted = true;
        else if (c == '[') depth++;
        else if (c == ']') { if (depth > 0) depth--; }
        else if (depth == 0 && (is_digit(c) || c == '*')) return false;
    }
    if (!quoted && depth == 0) return true;
    /* a string or a tag left open: a tag line still ends with ']' (a literal "\r" aside) */
    while (e > a && is_blank(s[e - 1])) e--;
    if (e - a >= 2 && s[e - 2] == '\\' && s[e - 1] == 'r') e -= 2;
    return e > a && s[e - 1] == ']';
}

/* Does the line [A, E) end with a game's terminator ('*' or a result standing alone)?
 * Then the next line starts a game even without tags (files of bare game bodies). */
static bool ends_game(const char *s, size_t a, size_t e)
{
    static const char *const results[] = {"1/2-1/2", "1-0", "0-1", "2-0", "0-2", "0-0", "1-1"};
    while (e > a && is_blank(s[e - 1])) e--;
    if (e - a >= 2 && s[e - 2] == '\\' && s[e - 1] == 'r') e -= 2;
    while (e > a && is_blank(s[e - 1])) e--;
    if (e > a && s[e - 1] == '*') return true;
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++) {
        size_t n = strlen(results[i]);
        if (e - a >= n && memcmp(s + e - n, results[i], n) == 0 && (e - a == n || is_blank(s[e - n - 1])))
            return true;
    }
    return false;
}

bool dr_lex_resync(dr_lex *lx)
{
    size_t p = lx->pos;
    /* Is the line we leave a header line?  Then the game's tags go on below it. */
    size_t a = lx->line_start, e = lx->line_start;
    while (a < lx->len && (lx->s[a] == ' ' || lx->s[a] == '\t')) a++;
    while (e < lx->len && lx->s[e] != '\n') e++;
    bool prev_header = header_line(lx->s, a, e), prev_end = ends_game(lx->s, a, e);
    /* to the start of the next line */
    while (p < lx->len && lx->s[p] != '\n') p++;
    if (p >= lx->len) { advance_to(lx, lx->len); return false; }
    p++;
    while (p < lx->len) {
        a = p;
        while (a < lx->len && (lx->s[a] == ' ' || lx->s[a] == '\t' || lx->s[a] == '\r')) a++;
        e = a;
        while (e < lx->len && lx->s[e] != '\n') e++;
        if (a < e) {  /* a non-blank line */
            if ((lx->s[a] == '[' && !prev_header) || prev_end) { advance_to(lx, p); return true; }
            prev_header = header_line(lx->s, a, e);
            prev_end = ends_game(lx->s, a, e);
        }
        p = e < lx->len ? e + 1 : e;
    }
    advance_to(lx, lx->len);
    return false;
}

void dr_lex_skip(dr_lex *lx, size_t n)
{
    advance_to(lx, lx->pos + n > lx->len ? lx->len : lx->pos + n);
}

void dr_lex_tag_name(dr_lex *lx, dr_tok *t)
{
    skip_separators(lx);
    size_t p = lx->pos, q = p;
    while (q < lx->len && !is_blank(lx->s[q]) && lx->s[q] != '"' && lx->s[q] != '[' && lx->s[q] != ']') q++;
    /* a name with blanks inside, up to its value on the same line ([Type de jeu "20"],
     * a French exporter's): the blanks are part of the name, which the parser notes */
    size_t r = q;
    while (r < lx->len && (lx->s[r] == ' ' || lx->s[r] == '\t')) r++;
    if (r > q && r < lx->len && lx->s[r] != '"' && lx->s[r] != ']' && lx->s[r] != '\n' && lx->s[r] != '\r') {
        size_t e = r;
        while (e < lx->len && lx->s[e] != '"' && lx->s[e] != '[' && lx->s[e] != ']' && lx->s[e] != '\n' &&
               lx->s[e] != '{')
            e++;
        if (e < lx->len && lx->s[e] == '"') {
            while (e > q && (lx->s[e - 1] == ' ' || lx->s[e - 1] == '\t')) e--;
            q = e;
        }
    }
    if (q == p) { dr_lex_next(lx, t); return; }
    t->kind = DR_T_IDENT;
    t->off = p;
    t->len = q - p;
    t->line = lx->line;
    t->col = column_here(lx, p);
    t->error = NULL;
    advance_to(lx, q);
}
