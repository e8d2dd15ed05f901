/* ng_contest.c -- the CCGC contest record for NoGo, in the frame every CCGC game uses:
 *   {[NG][team B][team W][先手胜][2019.08.10 10:00 place][2019 CCGC];B(E,5);W(D,4);...}
 * Results 先手胜 (black, who moves first, won) / 后手胜 / 平局 (和局 also seen; NoGo has
 * no draws, so the judge refuses it).  Columns are letters, rows 1..9 from the bottom.
 * Decision (docs/nogo.md): the frame's letters for a 9x9 board are read either way --
 * Go's A..J without I, or the contest's plain A..I: a record that uses J is Go's, one
 * that uses I is plain, and one that uses neither means the same in both; boyi writes
 * Go's letters, as the NoGo issue asks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ng_internal.h"
#include "ng_records.h"
#include "nogo.h"

/* Does the field [S, S+N) equal the UTF-8 word W? */
static bool is_word(const char *s, size_t n, const char *w)
{
    return strlen(w) == n && memcmp(s, w, n) == 0;
}

/* The result word W, alone or followed by the reason the game ended off the board in
 * brackets ("后手胜(超时)", "先手胜（判负: crash）": result_policy.h, what boyi writes). */
static bool is_result(const char *s, size_t n, const char *w)
{
    size_t k = strlen(w);
    if (n < k || memcmp(s, w, k) != 0) return false;
    if (n == k) return true;
    bool ascii = s[k] == '(' && s[n - 1] == ')', wide = n - k >= 6 && !memcmp(s + k, "（", 3) && !memcmp(s + n - 3, "）", 3);
    return ascii || wide;
}

/* A field's text with a trailing " B" / " W" (the team's colour) dropped. */
static size_t team_len(const char *s, size_t n)
{
    if (n >= 2 && s[n - 2] == ' ' && (s[n - 1] == 'B' || s[n - 1] == 'W' || s[n - 1] == 'H')) return n - 2;
    return n;
}

/* The header fields: code, teams, result, date/time/place, event. */
static void header_field(ng_game *g, int k, const char *s, size_t n, int line, int col)
{
    switch (k) {
    case 0:
        if (!(is_word(s, n, "NG") || is_word(s, n, "NOGO") || is_word(s, n, "NoGo") || is_word(s, n, "不围棋")))
            ng_game_warn(g, line, col, "game code [%.*s]: NoGo's is NG; read as NoGo", (int)n, s);
        break;
    case 1: ng_set_str(&g->black, s, team_len(s, n)); break;
    case 2: ng_set_str(&g->white, s, team_len(s, n)); break;
    case 3:
        ng_set_str(&g->result_text, s, n);
        g->result_line = line;
        g->result_col = col;
        if (is_result(s, n, "先手胜")) g->result = NG_RES_BLACK;
        else if (is_result(s, n, "后手胜")) g->result = NG_RES_WHITE;
        else if (is_word(s, n, "平局") || is_word(s, n, "和局")) g->result = NG_RES_DRAW;
        else ng_game_warn(g, line, col, "result [%.*s]: the frame's words are 先手胜 后手胜 平局", (int)n, s);
        break;
    case 4: {
        ng_set_str(&g->date, s, n);
        const char *sp = memchr(s, ' ', n);
        if (sp) sp = memchr(sp + 1, ' ', (size_t)(s + n - sp - 1));
        if (sp) ng_set_str(&g->place, sp + 1, (size_t)(s + n - sp - 1));
        break;
    }
    case 5: ng_set_str(&g->event, s, n); break;
    default: break;
    }
}

/* One move "B(E,5)"; the point is settled once the record's lettering is known. */
static bool read_move(ng_cur *c, ng_game *g, bool *uses_i, bool *uses_j)
{
    int line = c->line, col = c->col;
    const char *start = c->p;
    char colour = *c->p;
    ng_adv(c);
    char letter = 0;
    int row = 0;
    bool ok = (colour == 'B' || colour == 'W' || colour == 'b' || colour == 'w') && !ng_at_end(c) && *c->p == '(';
    if (ok) {
        ng_adv(c);
        letter = ng_at_end(c) ? 0 : *c->p;
        if (letter >= 'a' && letter <= 'z') letter = (char)(letter - 'a' + 'A');
        ng_adv(c);
        ok = letter >= 'A' && letter <= 'J' && !ng_at_end(c) && *c->p == ',';
    }
    if (ok) {
        ng_adv(c);
        /* saturating: a run of digits of any length is a row out of range, never an overflow */
        while (!ng_at_end(c) && *c->p >= '0' && *c->p <= '9') {
            if (row < 100) row = row * 10 + (*c->p - '0');
            ng_adv(c);
        }
        ok = row >= 1 && row <= 9 && !ng_at_end(c) && *c->p == ')';
    }
    if (!ok) {
        while (!ng_at_end(c) && *c->p != ';' && *c->p != '}' && *c->p != '\n') ng_adv(c);
        ng_game_error(g, line, col, "'%.*s' is not a move (B(E,5): colour, column letter, row 1-9)",
                      (int)(c->p - start > 20 ? 20 : c->p - start), start);
        ng_game_add_move(g, NG_MOVE_BAD, -1, line, col, start, (size_t)(c->p - start));
        return false;
    }
    ng_adv(c);
    *uses_i |= letter == 'I';
    *uses_j |= letter == 'J';
    /* Provisional point: the column letter's index kept in the point's place. */
    int colidx = letter - 'A';
    return ng_game_add_move(g, (NG_SIZE - row) * 16 + colidx, colour == 'W' || colour == 'w', line, col, start,
                            (size_t)(c->p - start)) == 0;
}

/* The record's letters into points, Go's or the plain lettering (see above). */
static void settle_points(ng_game *g, bool uses_i, bool uses_j)
{
    if (uses_i && uses_j) {
        for (int i = 0; i < g->n; i++)
            if (g->moves[i].point >= 0 && (g->moves[i].point % 16 == 8 || g->moves[i].point % 16 == 9)) {
                ng_game_error(g, g->moves[i].line, g->moves[i].col,
                              "columns I and J both used: neither Go's letters (no I) nor the plain A..I");
                break;
            }
    }
    for (int i = 0; i < g->n; i++) {
        ng_rmove *m = &g->moves[i];
        if (m->point < 0) continue;
        int r = m->point / 16, l = m->point % 16;
        int colno = uses_i ? l : l >= 9 ? 8 : l;   /* Go: J is the ninth column, I unused */
        if (!uses_i && l == 8) colno = -1;
        if (uses_i && l == 9) colno = -1;
        m->point = colno < 0 ? NG_MOVE_BAD : r * NG_SIZE + colno;
    }
}

int ng_read_contest(const char *text, size_t len, ng_game_list *out)
{
    ng_cur c;
    ng_cur_init(&c, text, len);
    for (;;) {
        ng_skip_space(&c);
        if (ng_at_end(&c)) break;
        if (*c.p != '{' && *c.p != '[') { ng_adv(&c); continue; }
        ng_game *g = ng_list_push(out, c.line);
        if (!g) return -1;
        bool braced = *c.p == '{';
        if (braced) ng_adv(&c);
        int k = 0;
        for (;;) {
            ng_skip_space(&c);
            if (ng_at_end(&c) || *c.p != '[') break;
            ng_adv(&c);
            int line = c.line, col = c.col;
            const char *s = c.p;
            while (!ng_at_end(&c) && *c.p != ']' && *c.p != '\n') ng_adv(&c);
            if (ng_at_end(&c) || *c.p != ']') { ng_game_error(g, line, col, "a header field without its ']'"); break; }
            header_field(g, k++, s, (size_t)(c.p - s), line, col);
            ng_adv(&c);
        }
        if (k < 6 && !g->error) ng_game_warn(g, g->line, 1, "%d header fields, the frame has 6", k);
        bool uses_i = false, uses_j = false, closed = false;
        for (;;) {
            while (!ng_at_end(&c) && (*c.p == ';' || *c.p == ' ' || *c.p == '\t' || *c.p == '\r' || *c.p == '\n')) {
                if (*c.p == '\n' && !braced) break;
                ng_adv(&c);
            }
            if (ng_at_end(&c)) break;
            if (*c.p == '}') { ng_adv(&c); closed = true; break; }
            if (*c.p == '{' || *c.p == '[' || *c.p == '\n') break;
            if (!read_move(&c, g, &uses_i, &uses_j) && !g->error) return -1;
        }
        if (braced && !closed) ng_game_warn(g, c.line, c.col, "the record's closing '}' is missing");
        settle_points(g, uses_i, uses_j);
    }
    return 0;
}
