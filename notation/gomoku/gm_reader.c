/* gm_reader.c -- what the Gomoku readers share: positions in the text, sloppy
 * characters, result words. */
#include "gm_reader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Start counting at the top of the text. */
void gm_cursor_init(gm_cursor *c, const bo_text *t)
{
    c->t = t;
    c->scanned = 0;
    c->line_start = 0;
    c->line = 1;
    c->col = 1;
}

/* Readers report many positions in increasing order; counting only the new bytes keeps
 * a large file linear.  A query behind the last one restarts from the top. */
void gm_cursor_at(gm_cursor *c, size_t off, int *line, int *col)
{
    if (off > c->t->len) off = c->t->len;
    if (off < c->scanned) gm_cursor_init(c, c->t);
    /* the column too is counted on from the last query: a record on one long line
     * (a whole game in braces) stays linear */
    for (size_t i = c->scanned; i < off; i++) {
        unsigned char ch = (unsigned char)c->t->data[i];
        if (ch == '\n') { c->line++; c->line_start = i + 1; c->col = 1; }
        else if ((ch & 0xC0) != 0x80) c->col++;
    }
    c->scanned = off;
    *line = c->line;
    *col = c->col;
}

/* Real contest files mix full-width punctuation into ASCII syntax (（Ｈ，８）); mapping
 * them to ASCII here lets each grammar be written once. */
long gm_char(const char *s, const char *end, size_t *len)
{
    const char *p = s;
    long c = bo_utf8_next(&p, end);
    *len = (size_t)(p - s);
    if (*len == 0) *len = 1;
    if (c >= 0xFF01 && c <= 0xFF5E) return c - 0xFF01 + 0x21;
    if (c == 0x3000) return ' ';
    if (c == 0x3010) return '[';   /* 【 */
    if (c == 0x3011) return ']';   /* 】 */
    if (c == 0x3001) return ',';   /* 、 */
    return c;
}

/* Blanks as real files have them, BOM included. */
bool gm_is_blank(long c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == 0xFEFF;
}

/* Fields in real files carry stray blanks, full-width ones too. */
void gm_trim(const char **s, size_t *n)
{
    const char *p = *s, *e = *s + *n;
    for (;;) {
        size_t l;
        if (p < e && gm_is_blank(gm_char(p, e, &l))) { p += l; continue; }
        break;
    }
    while (e > p) {
        /* step back over one UTF-8 character */
        const char *q = e - 1;
        while (q > p && ((unsigned char)*q & 0xC0) == 0x80) q--;
        size_t l;
        if (gm_is_blank(gm_char(q, e, &l))) { e = q; continue; }
        break;
    }
    *s = p;
    *n = (size_t)(e - p);
}

/* Exact match of a counted string. */
static bool eq(const char *s, size_t n, const char *w)
{
    return strlen(w) == n && memcmp(s, w, n) == 0;
}

/* ASCII case-insensitive match of a counted string. */
static bool eq_ci(const char *s, size_t n, const char *w)
{
    if (strlen(w) != n) return false;
    for (size_t i = 0; i < n; i++) {
        char a = s[i], b = w[i];
        if (a >= 'A' && a <= 'Z') a = (char)(a - 'A' + 'a');
        if (a != b) return false;
    }
    return true;
}

/* One table of result words for every reader, so they agree. */
gm_result gm_result_from_text(const char *s, size_t n, bool *exact)
{
    gm_trim(&s, &n);
    *exact = true;
    /* the contest's words, and the notations' own codes */
    static const char *const black_exact[] = {"先手胜", "1-0", "B+", "b+"};
    static const char *const white_exact[] = {"后手胜", "0-1", "W+", "w+"};
    static const char *const draw_exact[] = {"平局", "和局", "1/2-1/2", "0", "Draw", "draw"};
    for (size_t i = 0; i < sizeof black_exact / sizeof *black_exact; i++)
        if (eq(s, n, black_exact[i])) return GM_RES_BLACK;
    for (size_t i = 0; i < sizeof white_exact / sizeof *white_exact; i++)
        if (eq(s, n, white_exact[i])) return GM_RES_WHITE;
    for (size_t i = 0; i < sizeof draw_exact / sizeof *draw_exact; i++)
        if (eq(s, n, draw_exact[i])) return GM_RES_DRAW;
    /* SGF "B+R", "W+Resign", "B+5" ... */
    if (n >= 2 && (s[0] == 'B' || s[0] == 'b') && s[1] == '+') return GM_RES_BLACK;
    if (n >= 2 && (s[0] == 'W' || s[0] == 'w') && s[1] == '+') return GM_RES_WHITE;
    *exact = false;
    static const char *const black_loose[] = {"黑胜", "黑方胜", "黑棋胜", "先胜", "先手赢", "后手负", "黑赢"};
    static const char *const white_loose[] = {"白胜", "白方胜", "白棋胜", "后胜", "后手赢", "先手负", "白赢"};
    static const char *const draw_loose[] = {"和棋", "平", "和", "平手", "1/2", "½-½"};
    for (size_t i = 0; i < sizeof black_loose / sizeof *black_loose; i++)
        if (eq(s, n, black_loose[i])) return GM_RES_BLACK;
    for (size_t i = 0; i < sizeof white_loose / sizeof *white_loose; i++)
        if (eq(s, n, white_loose[i])) return GM_RES_WHITE;
    for (size_t i = 0; i < sizeof draw_loose / sizeof *draw_loose; i++)
        if (eq(s, n, draw_loose[i])) return GM_RES_DRAW;
    if (eq_ci(s, n, "black") || eq_ci(s, n, "black wins")) return GM_RES_BLACK;
    if (eq_ci(s, n, "white") || eq_ci(s, n, "white wins")) return GM_RES_WHITE;
    return GM_RES_NONE;
}

/* Readers store the size as a tag; every user needs it as a number. */
int gm_record_size(const bo_record *r)
{
    const char *s = r ? bo_record_tag(r, "Size") : NULL;
    if (!s) return GM_RENJU_SIZE;
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || *end || v < 1 || v > 99) return GM_RENJU_SIZE;
    return (int)v;
}

/* Validation needs no move past the full board: a record of millions of moves keeps
 * a few hundred, and the rest are only counted. */
bo_rmove *gm_keep_move(bo_record *rec, const gm_read_opts *o, long *unkept, const char *text, size_t n, int line,
                       int col)
{
    if (o && o->keep_moves > 0 && rec->nmoves >= o->keep_moves) {
        (*unkept)++;
        return NULL;
    }
    bo_rmove *m = bo_record_add_move(rec, text, n, line, col);
    if (m) m->number = rec->nmoves;
    return m;
}

/* The count is written once per record, not once per move. */
void gm_note_unkept(bo_record *rec, long *unkept)
{
    if (!rec || *unkept == 0) return;
    char buf[32];
    snprintf(buf, sizeof buf, "%ld", *unkept);
    bo_record_set_tag(rec, "_Unkept", buf);
    *unkept = 0;
}
