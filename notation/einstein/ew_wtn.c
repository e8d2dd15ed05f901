/* ew_wtn.c -- reading and writing EWN records: the contest's WTN format (its header
 * variants, the two arrangement lines, "ply:die;(piece,square)" lines) and the plain
 * move list (ew_wtn.h).
 *
 * Method: a hand-written line scanner.  A line beginning "#[" starts a game; its
 * bracketed fields are told apart by content (teams with a colour, who moves first,
 * the result, a date, the event), so every header variant RULES.md lists reads the
 * same way.  "R:" and "B:" lines give the arrangements, "N:D;(Xp,SQ)" items the moves
 * (several on a line are taken too).  A fault is kept in its game with its line and
 * column, and the reader goes on: the judge reports it, the next game is read. */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "ew_wtn.h"
#include "result_policy.h"

/* A game's first fault, located. */
static void game_fault(ew_wtn_game *g, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void game_fault(ew_wtn_game *g, int line, int col, const char *fmt, ...)
{
    if (g->err_line) return;
    g->err_line = line;
    g->err_col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->err, sizeof g->err, fmt, ap);
    va_end(ap);
}

/* A copy cut to N bytes at a character boundary (team names may be long). */
static void copy_str(char *dst, size_t n, const char *src)
{
    size_t k = strlen(src);
    if (k >= n) {
        k = n - 1;
        while (k > 0 && ((unsigned char)src[k] & 0xC0) == 0x80) k--;
    }
    memcpy(dst, src, k);
    dst[k] = '\0';
}

/* Column in characters of P on the line that starts at LS. */
static int column(const char *ls, const char *p)
{
    int c = 1;
    for (const char *s = ls; s < p; s++)
        if (((unsigned char)*s & 0xC0) != 0x80) c++;
    return c;
}

static ew_wtn_game *new_game(ew_wtn_file *f, int line)
{
    ew_wtn_game *gs = realloc(f->games, (size_t)(f->ngames + 1) * sizeof *gs);
    if (!gs) return NULL;
    f->games = gs;
    ew_wtn_game *g = &gs[f->ngames++];
    memset(g, 0, sizeof *g);
    g->index = f->ngames;
    g->line = line;
    g->first_colour = -1;
    g->result = -1;
    return g;
}

static ew_wtn_move *new_move(ew_wtn_game *g)
{
    if (g->nmoves == g->cap) {
        int cap = g->cap ? 2 * g->cap : 64;
        ew_wtn_move *m = realloc(g->moves, (size_t)cap * sizeof *m);
        if (!m) return NULL;
        g->moves = m;
        g->cap = cap;
    }
    ew_wtn_move *m = &g->moves[g->nmoves++];
    memset(m, 0, sizeof *m);
    return m;
}

static bool starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* "红方:name" (or a full-width colon): the colour and the name; -1 if not such. */
static int colour_prefixed(const char *field, const char **name)
{
    int c = starts(field, "红方") ? EW_RED : starts(field, "蓝方") ? EW_BLUE : -1;
    if (c < 0) return -1;
    const char *s = field + strlen("红方");
    if (*s == ':') *name = s + 1;
    else if (starts(s, "：")) *name = s + strlen("：");
    else return -1;
    return c;
}

/* "(超时)" or "（认输）" after a result word: the reason the game ended off the board
 * (result_policy.h), kept in G; false if S is no such bracket. */
static bool reason_after(ew_wtn_game *g, const char *s)
{
    size_t n = strlen(s), o = s[0] == '(' ? 1 : starts(s, "（") ? 3 : 0;
    size_t c = n > o && s[n - 1] == ')' ? 1 : n >= o + 3 && !strcmp(s + n - 3, "）") ? 3 : 0;
    if (!o || !c || n - o - c >= sizeof g->reason) return false;
    char r[48];
    snprintf(r, sizeof r, "%.*s", (int)(n - o - c), s + o);
    if (bo_reason_from_text(r) == BO_REASON_NONE) return false;
    copy_str(g->reason, sizeof g->reason, r);
    return true;
}

/* A field of its own after the result that says why the game ended off the board, in
 * the contest's words only (an event may hold English ones: "Time Cup"), no digits (a
 * date and place has them). */
static bool contest_reason(const char *field)
{
    static const char *const words[] = {"超时", "认输", "投子", "判负", "犯规", "违例", "弃权", "协议", "裁定"};
    if (strpbrk(field, "0123456789")) return false;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strstr(field, words[i])) return true;
    return false;
}

/* One header field, told by its content. */
static void header_field(ew_wtn_game *g, const char *field, int *teams, int colours[2], int line, int col)
{
    const char *name;
    size_t n = strlen(field);
    int c = colour_prefixed(field, &name);
    if (c >= 0 && *teams < 2) {
        copy_str(g->team[*teams], sizeof g->team[0], name);
        colours[(*teams)++] = c;
        return;
    }
    if (!strcmp(field, "红方先手") || !strcmp(field, "蓝方先手")) {
        g->first_colour = starts(field, "红") ? EW_RED : EW_BLUE;
        return;
    }
    static const char *const results[] = {"先手胜", "后手胜", "平局", "红方胜", "蓝方胜", "红胜", "蓝胜", "和棋"};
    for (int i = 0; i < 8; i++)
        if (starts(field, results[i]) && (!field[strlen(results[i])] || reason_after(g, field + strlen(results[i])))) {
            copy_str(g->result_text, sizeof g->result_text, results[i]);
            g->result = i < 2 ? i : i == 2 || i == 7 ? 2 : 10 + (i == 4 || i == 6);   /* 10/11: red/blue won */
            return;
        }
    if (*teams < 2 && n >= 3 && field[n - 2] == ' ' && (field[n - 1] == 'R' || field[n - 1] == 'B')) {
        snprintf(g->team[*teams], sizeof g->team[0], "%.*s", (int)(n - 2), field);
        colours[(*teams)++] = field[n - 1] == 'B' ? EW_BLUE : EW_RED;
        return;
    }
    if (!g->reason[0] && g->result >= 0 && n < sizeof g->reason && contest_reason(field)) {
        copy_str(g->reason, sizeof g->reason, field);   /* [超时判负]: a field of its own */
        return;
    }
    if (!g->date_place[0]) {
        copy_str(g->date_place, sizeof g->date_place, field);
        return;
    }
    if (!g->event[0]) {
        copy_str(g->event, sizeof g->event, field);
        return;
    }
    game_fault(g, line, col, "header field [%s]: one field too many (teams, who moves first, result, date and "
               "place, event are all given)", field);
}

/* "#[WTN][..][..]...;" with ';', ';;' or nothing at the end. */
static void read_header(ew_wtn_game *g, const char *ls, const char *end, int line)
{
    const char *s = ls + 1;
    int k = 0, teams = 0, colours[2] = {-1, -1};
    g->has_header = 1;
    while (s < end && *s == '[') {
        const char *close = memchr(s, ']', (size_t)(end - s));
        if (!close) { game_fault(g, line, column(ls, s), "header field without its closing ']'"); return; }
        char field[160];
        snprintf(field, sizeof field, "%.*s", (int)(close - s - 1), s + 1);
        if (k == 0 && strcmp(field, "WTN"))
            game_fault(g, line, column(ls, s), "the header's first field is [%s], not [WTN]", field);
        else if (k > 0) header_field(g, field, &teams, colours, line, column(ls, s));
        k++;
        s = close + 1;
        while (s < end && *s == ' ') s++;
    }
    while (s < end && (*s == ';' || *s == ' ' || *s == '\r')) s++;
    if (s < end) game_fault(g, line, column(ls, s), "unexpected text after the header's fields");
    if (teams < 2) { game_fault(g, line, 1, "the header names %d team%s with a colour, not two", teams, teams == 1 ? "" : "s"); return; }
    if (colours[0] == colours[1]) { game_fault(g, line, 1, "both teams have the same colour"); return; }
    if (g->first_colour < 0) g->first_colour = colours[0];
    if (colours[0] != g->first_colour) {
        /* The red-then-blue variant: the first player is the team of the first colour. */
        char t[96];
        memcpy(t, g->team[0], sizeof t);
        memcpy(g->team[0], g->team[1], sizeof t);
        memcpy(g->team[1], t, sizeof t);
    }
    if (g->result >= 10) g->result = (g->result - 10) == g->first_colour ? 0 : 1;
}

/* A departure from the standard WTN, kept once per kind with where it was first met and
 * how often (the CLI prints it as a warning; --strict refuses the game). */
static void note(ew_wtn_game *g, const char *kind, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void note(ew_wtn_game *g, const char *kind, int line, int col, const char *fmt, ...)
{
    for (int i = 0; i < g->nnotes; i++)
        if (!strcmp(g->notes[i].kind, kind)) { g->notes[i].count++; return; }
    if (g->nnotes == EW_WTN_NOTES) return;
    ew_wtn_note *n = &g->notes[g->nnotes++];
    n->line = line;
    n->col = col;
    n->count = 1;
    snprintf(n->kind, sizeof n->kind, "%s", kind);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(n->message, sizeof n->message, fmt, ap);
    va_end(ap);
}

/* Blanks from S; *SEEN set when there were any (a departure where WTN has none). */
static const char *skip_blanks(const char *s, const char *end, int *seen)
{
    const char *t = s;
    while (s < end && (*s == ' ' || *s == '\t' || *s == '\r')) s++;
    if (s > t) *seen = 1;
    return s;
}

/* Is LS an arrangement line ("R:", "B:", with blanks before the colon or not)? */
static bool arrangement_line(const char *ls, const char *e)
{
    if (e - ls < 2 || (*ls != 'R' && *ls != 'B')) return false;
    const char *s = ls + 1;
    while (s < e && *s == ' ') s++;
    return s < e && *s == ':';
}

/* "R:A5-1;B5-2;..." : six squares with their piece numbers.  The standard has no
 * blank and no ';' after the last piece; both are read with a note. */
static void read_arrangement(ew_wtn_game *g, const char *ls, const char *end, int line)
{
    int side = *ls == 'B' ? EW_BLUE : EW_RED;
    if (g->has_arr[side]) { game_fault(g, line, 1, "a second arrangement line for %s", side ? "blue" : "red"); return; }
    g->has_arr[side] = 1;
    g->arr_line[side] = line;
    for (int n = 0; n <= EW_PIECES; n++) g->arr[side][n] = -1;
    const char *s = ls + 1;
    int count = 0, blank = 0, seps = 0;
    while (*s == ' ') s++, blank = 1;
    s++;   /* the colon */
    while (s < end) {
        int b = 0;
        s = skip_blanks(s, end, &b);
        blank |= b;
        int k = 0;
        while (s < end && *s == ';') s++, k++;
        if (k > 1 || (k && count == 0)) seps = 1;
        s = skip_blanks(s, end, &b);
        blank |= b;
        if (s >= end) {
            if (k && count > 0)
                note(g, "arr-trail", line, column(ls, s - 1), "a ';' after the last piece of an arrangement "
                     "(WTN: R:A5-1;B5-2;C5-3;A4-4;B4-5;A3-6)");
            break;
        }
        if (count > 0 && !k) seps = 1;
        int sq = s + 1 < end ? ew_square_parse(s) : -1;
        if (sq < 0 || s + 3 >= end || s[2] != '-' || s[3] < '1' || s[3] > '6') {
            game_fault(g, line, column(ls, s), "expected a square and a piece number like A5-1");
            return;
        }
        int n = s[3] - '0';
        if (g->arr[side][n] >= 0) { game_fault(g, line, column(ls, s), "%s piece %d is placed twice", side ? "blue" : "red", n); return; }
        g->arr[side][n] = sq;
        count++;
        s += 4;
    }
    if (blank) note(g, "arr-blank", line, 1, "blanks in an arrangement line (WTN writes R:A5-1;B5-2;... with none)");
    if (seps) note(g, "arr-sep", line, 1, "the pieces of an arrangement are not separated by one ';' each");
    if (count != EW_PIECES)
        game_fault(g, line, 1, "%s's arrangement places %d pieces, not 6", side ? "blue" : "red", count);
}

/* A pair's first token: [RBrb] and a digit (a piece) or [A-Ea-e] and a digit (a square);
 * which one "B1" is is decided per game (finish_game). */
static bool pair_token(const char *s, const char *end)
{
    if (end - s < 2 || !isdigit((unsigned char)s[1])) return false;
    int c = toupper((unsigned char)s[0]);
    return c == 'R' || (c >= 'A' && c <= 'E');
}

/* "N:D;(Xp,SQ)" items (or "N:D;(SQ,SQ)", the square-to-square dialect), with ';'
 * between them.  Blanks inside an item, a ';' after it and several items on a line are
 * read with a note each. */
static void read_moves(ew_wtn_game *g, const char *ls, const char *end, int line)
{
    const char *s = ls;
    int items = 0;
    while (s < end) {
        int trail = 0, b = 0;
        while (s < end && (*s == ' ' || *s == ';' || *s == '\r')) trail |= *s++ == ';';
        if (trail && items > 0) note(g, "move-trail", line, column(ls, s - 1), "a ';' after a move (WTN: 1:3;(R3,D4))");
        if (s >= end) break;
        const char *item = s;
        char *e;
        long ply = isdigit((unsigned char)*s) ? strtol(s, &e, 10) : 0;
        int ok = isdigit((unsigned char)*s);
        if (ok) s = e;
        s = skip_blanks(s, end, &b);
        ok = ok && s < end && *s == ':';
        if (ok) s++;
        s = skip_blanks(s, end, &b);
        int die = ok && s < end ? *s - '0' : 0;
        if (ok) ok = s < end, s++;
        s = skip_blanks(s, end, &b);
        ok = ok && s < end && *s == ';';
        if (ok) s++;
        s = skip_blanks(s, end, &b);
        ok = ok && s < end && *s == '(';
        if (ok) s++;
        s = skip_blanks(s, end, &b);
        const char *first = s;
        ok = ok && pair_token(s, end);
        if (ok) s += 2;
        s = skip_blanks(s, end, &b);
        ok = ok && s < end && *s == ',';
        if (ok) s++;
        s = skip_blanks(s, end, &b);
        int to = ok && end - s >= 2 ? ew_square_parse(s) : -1;
        ok = ok && to >= 0;
        if (ok) s += 2;
        s = skip_blanks(s, end, &b);
        ok = ok && s < end && *s == ')';
        if (!ok) {
            game_fault(g, line, column(ls, item), "expected a move like 1:3;(R3,D4) (ply:die;(colour and piece,square))");
            return;
        }
        s++;
        if (b) note(g, "move-blank", line, column(ls, item), "blanks inside a move (WTN: 1:3;(R3,D4))");
        if (++items == 2) note(g, "move-many", line, column(ls, item), "several moves on one line (WTN: one a line)");
        ew_wtn_move *m = new_move(g);
        if (!m) { g->oom = true; return; }
        m->ply = (int)ply;
        m->die = die;
        m->side = -1;
        m->from = -1;
        m->tok[0] = (char)toupper((unsigned char)first[0]);
        m->tok[1] = first[1];
        m->to = to;
        m->line = line;
        m->col = column(ls, item);
        snprintf(m->text, sizeof m->text, "%.*s", (int)(s - item), item);
    }
}

/* Once a game is read: its pairs name pieces ("R3", the standard) or squares ("E3",
 * the dialect).  "B1".."B5" could be either; the game's unambiguous tokens decide
 * (pieces where none does), and a game that mixes the two forms is a fault. */
static void finish_game(ew_wtn_game *g)
{
    if (g->plain) return;
    int form = 0, at = -1;   /* 1 pieces, 2 squares */
    for (int i = 0; i < g->nmoves; i++) {
        const ew_wtn_move *m = &g->moves[i];
        char c = m->tok[0], d = m->tok[1];
        bool piece = (c == 'R' || c == 'B') && d >= '1' && d <= '6', square = c >= 'A' && c <= 'E' && d >= '1' && d <= '5';
        if (!piece && !square) {
            game_fault(g, m->line, m->col, "'%c%c' is neither a piece (R1..B6) nor a square (A1..E5)", c, d);
            return;
        }
        int f = piece && square ? 0 : piece ? 1 : 2;
        if (!f) continue;
        if (form && f != form) {
            game_fault(g, m->line, m->col, "this move names a %s, the game's earlier moves a %s", f == 2 ? "square" : "piece",
                       form == 2 ? "square" : "piece");
            return;
        }
        if (!form) form = f, at = i;
    }
    for (int i = 0; i < g->nmoves; i++) {
        ew_wtn_move *m = &g->moves[i];
        char sq[3] = {m->tok[0], m->tok[1], 0};
        if (form == 2) {
            m->from = ew_square_parse(sq);
        } else {
            m->side = m->tok[0] == 'B' ? EW_BLUE : EW_RED;
            m->piece = m->tok[1] - '0';
            if (m->tok[0] != 'R' && m->tok[0] != 'B') {
                game_fault(g, m->line, m->col, "this move names a square, the game's earlier moves a piece");
                return;
            }
        }
    }
    if (form == 2)
        note(g, "move-squares", g->moves[at].line, g->moves[at].col, "moves written square to square (%s), not as "
             "colour and piece, square (WTN: 1:3;(R3,D4)): each piece is the one on the square left", g->moves[at].text);
}

/* A plain move list: blank-separated descriptor move texts. */
static void read_plain(ew_wtn_game *g, const char *ls, const char *end, int line)
{
    const char *s = ls;
    while (s < end) {
        while (s < end && (*s == ' ' || *s == '\t' || *s == '\r')) s++;
        if (s >= end) break;
        const char *w = s;
        while (s < end && *s != ' ' && *s != '\t' && *s != '\r') s++;
        ew_wtn_move *m = new_move(g);
        if (!m) { g->oom = true; return; }
        m->line = line;
        m->col = column(ls, w);
        m->plain = 1;
        m->from = -1;
        snprintf(m->text, sizeof m->text, "%.*s", (int)(s - w), w);
    }
}

/* Is the word at S a descriptor move text (the plain list's first word)? */
static bool plain_word(const char *s)
{
    if (starts(s, "die") && s[3] >= '1' && s[3] <= '6') return true;
    return (s[0] == 'R' || s[0] == 'B') && s[1] >= '1' && s[1] <= '6' && (s[2] == '@' || s[2] == '-') &&
           ew_square_parse(s + 3) >= 0;
}

/* The result words a log's name may carry for the first player's win (0) or loss (1). */
static int name_result(const char *w)
{
    return !strcmp(w, "先手胜") ? 0 : !strcmp(w, "后手胜") ? 1 : -1;
}

/* The line before a headerless game, taken as the log's name (contest programs write
 * their log's own path there): "WTN-first-second-winner-date-event" (a program's) or
 * "WTN-first vs second-先手胜-time place-event" (the contest's file names) give the
 * teams and the winner named; anything else is only noted.  The board still decides. */
static void read_name(ew_wtn_game *g, const char *ls, const char *e, int line)
{
    const char *base = ls;
    for (const char *s = ls; s < e; s++)
        if (*s == '/' || *s == '\\') base = s + 1;
    char buf[256], *f[8];
    snprintf(buf, sizeof buf, "%.*s", (int)(e - base), base);
    size_t n = strlen(buf);
    if (n > 4 && !strcmp(buf + n - 4, ".txt")) buf[n - 4] = '\0';
    int nf = 0;
    if (starts(buf, "WTN-"))
        for (char *s = buf; nf < 8 && s; nf++) {
            f[nf] = s;
            s = strchr(s, '-');
            if (s) *s++ = '\0';
        }
    char *vs = nf >= 3 ? strstr(f[1], " vs ") : NULL;
    if (vs) {
        *vs = '\0';
        copy_str(g->team[0], sizeof g->team[0], f[1]);
        copy_str(g->team[1], sizeof g->team[1], vs + 4);
        g->result = name_result(f[2]);
        if (g->result >= 0) copy_str(g->result_text, sizeof g->result_text, f[2]);
    } else if (nf >= 4 && *f[1] && *f[2] && strcmp(f[1], f[2])) {
        copy_str(g->team[0], sizeof g->team[0], f[1]);
        copy_str(g->team[1], sizeof g->team[1], f[2]);
        g->result = !strcmp(f[3], f[1]) ? 0 : !strcmp(f[3], f[2]) ? 1 : name_result(f[3]);
        if (g->result >= 0) copy_str(g->result_text, sizeof g->result_text, f[3]);
    }
    g->named = g->team[0][0] != '\0';
    if (g->named)
        note(g, "name-line", line, 1, "line %d is no WTN header but the log's name: %s moves first against %s%s%s%s", line,
             g->team[0], g->team[1], g->result >= 0 ? ", and the name says " : "", g->result_text,
             g->result >= 0 ? " won (the board decides)" : "");
    else
        note(g, "name-line", line, 1, "line %d is no WTN header (a log's own name?): skipped", line);
}

/* What a line holds, to start a game by. */
enum { L_HEADER, L_ARRANGEMENT, L_MOVE, L_PLAIN, L_OTHER };

static int line_kind(const char *ls, const char *e)
{
    if (starts(ls, "#[")) return L_HEADER;
    if (arrangement_line(ls, e)) return L_ARRANGEMENT;
    if (plain_word(ls)) return L_PLAIN;
    if (isdigit((unsigned char)*ls)) {
        const char *s = ls;
        while (s < e && (isdigit((unsigned char)*s) || *s == ' ')) s++;
        if (s < e && *s == ':') return L_MOVE;
    }
    return L_OTHER;
}

/* The next non-empty line from P (its start trimmed), and its end in *E; NULL if none. */
static const char *next_line(const char *p, const char *end, const char **e, const char **after, int *line)
{
    while (p < end) {
        const char *ls = p, *le = memchr(p, '\n', (size_t)(end - p));
        if (!le) le = end;
        p = le < end ? le + 1 : end;
        (*line)++;
        while (ls < le && (*ls == ' ' || *ls == '\t')) ls++;
        if (*line == 1 && le - ls >= 3 && starts(ls, "\xEF\xBB\xBF")) ls += 3;
        const char *t = le;
        while (t > ls && (t[-1] == ' ' || t[-1] == '\r' || t[-1] == '\t')) t--;
        if (!starts(ls, "#[")) {
            /* A comment to the end of the line (annotate's) is skipped. */
            for (const char *c = ls; c + 1 < t; c++)
                if (c[0] == '/' && c[1] == '/') { t = c; break; }
            while (t > ls && (t[-1] == ' ' || t[-1] == '\t')) t--;
        }
        if (ls == t) continue;
        *e = t;
        *after = p;
        return ls;
    }
    return NULL;
}

int ew_wtn_read(const char *text, size_t len, ew_wtn_file *f, char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    const char *p = text, *end = text + len, *ls, *e;
    int line = 0;
    ew_wtn_game *g = NULL;
    const char *name = NULL, *name_e = NULL;   /* a foreign line held for the game it names */
    int name_line = 0;
    while ((ls = next_line(p, end, &e, &p, &line)) != NULL) {
        int kind = line_kind(ls, e);
        if (kind == L_OTHER && !name && (!g || (!g->plain && g->nmoves > 0))) {
            /* A foreign line before a game (a log's name): held if a game follows it. */
            const char *ne, *np;
            int nl = line;
            const char *nx = next_line(p, end, &ne, &np, &nl);
            int k = nx ? line_kind(nx, ne) : L_OTHER;
            if (k == L_HEADER || k == L_ARRANGEMENT) {
                name = ls, name_e = e, name_line = line;
                continue;
            }
        }
        if (kind == L_HEADER) {
            if (g) finish_game(g);
            g = new_game(f, line);
            if (!g) return bo_fail(err, errlen, "out of memory");
            if (name) note(g, "name-line", name_line, 1, "line %d before the header is no part of WTN: skipped", name_line);
            name = NULL;
            read_header(g, ls, e, line);
            continue;
        }
        bool split = g && kind == L_ARRANGEMENT && !g->plain && g->nmoves > 0 && (name || g->has_arr[*ls == 'B']);
        if (!g || split) {
            if (!g && kind == L_OTHER)
                return bo_fail(err, errlen, "line %d, column 1: expected a WTN header #[WTN]... or a move list", line);
            if (g) finish_game(g);
            g = new_game(f, name ? name_line : line);
            if (!g) return bo_fail(err, errlen, "out of memory");
            g->plain = kind == L_PLAIN;
            if (name) read_name(g, name, name_e, name_line);
            else if (!g->plain) note(g, "no-header", line, 1, "no WTN header (#[WTN][...]): the teams and the result are "
                                     "not given; the first move's colour moves first");
            name = NULL;
        }
        if (g->plain) read_plain(g, ls, e, line);
        else if (kind == L_ARRANGEMENT) read_arrangement(g, ls, e, line);
        else read_moves(g, ls, e, line);
    }
    if (g) finish_game(g);
    for (int i = 0; i < f->ngames; i++)
        if (f->games[i].oom) {   /* a game not read whole is never judged */
            int gl = f->games[i].line, gi = f->games[i].index;
            ew_wtn_free(f);
            return bo_fail(err, errlen, "line %d: out of memory while reading game %d: it is not judged", gl, gi);
        }
    if (f->ngames == 0) return bo_fail(err, errlen, len == 0 ? "the file is empty" : "no EWN record in the file");
    return 0;
}

void ew_wtn_free(ew_wtn_file *f)
{
    for (int i = 0; i < f->ngames; i++) free(f->games[i].moves);
    free(f->games);
    f->games = NULL;
    f->ngames = 0;
}

/* A header, or an arrangement line first (with a foreign line, a log's name, before
 * it: the dialect of contest programs' logs), or a plain list. */
int ew_wtn_sniff(const char *text, size_t len)
{
    const char *s = text, *end = text + len;
    while (s < end && (*s == ' ' || *s == '\n' || *s == '\r' || *s == '\t')) s++;
    if (end - s >= 3 && starts(s, "\xEF\xBB\xBF")) s += 3;
    if (end - s >= 7 && starts(s, "#[WTN]")) return 95;
    if (end - s >= 5 && plain_word(s)) return 60;
    const char *e, *p, *ls;
    int line = 0;
    for (int k = 0; k < 2 && (ls = next_line(text, end, &e, &p, &line)) != NULL; k++, text = p) {
        int kind = line_kind(ls, e);
        if (kind == L_ARRANGEMENT) {
            const char *c = memchr(ls, ':', (size_t)(e - ls)) + 1;
            while (c < e && *c == ' ') c++;
            if (e - c >= 4 && ew_square_parse(c) >= 0 && c[2] == '-' && c[3] >= '1' && c[3] <= '6') return 85;
            return 0;
        }
        if (kind == L_HEADER) return k == 1 && starts(ls, "#[WTN]") ? 80 : 0;
        if (kind != L_OTHER || (size_t)(e - ls) > 300) return 0;
    }
    return 0;
}

int ew_wtn_write(FILE *out, const char *first_team, const char *second_team, int first_wins, const char *date_place,
                 const char *event, const ew_pos *start, const uint32_t *moves, int nmoves, const char *reason)
{
    int first = start->stm;
    bool why = reason && *reason && first_wins >= 0;
    fprintf(out, "#[WTN][%s %c][%s %c][%s%s%s%s][%s][%s];\n", first_team, first ? 'B' : 'R', second_team, first ? 'R' : 'B',
            first_wins == 1 ? "先手胜" : first_wins == 0 ? "后手胜" : "未完", why ? "(" : "", why ? reason : "", why ? ")" : "",
            date_place, event);
    for (int side = 0; side < 2; side++) {
        fputc(side ? 'B' : 'R', out);
        fputc(':', out);
        for (int n = 1; n <= EW_PIECES; n++) {
            char sq[3];
            if (start->sq[side][n] < 0) return -1;
            ew_square_name(start->sq[side][n], sq);
            fprintf(out, "%s%s-%d", n > 1 ? ";" : "", sq, n);
        }
        fputc('\n', out);
    }
    ew_pos p = *start;
    int ply = 0, die = 0;
    for (int i = 0; i < nmoves; i++) {
        if (ew_is_roll(moves[i])) { die = (int)(moves[i] & 7); ew_play(&p, moves[i]); continue; }
        if (ew_is_place(moves[i]) || !die) return -1;
        int piece = (int)(moves[i] >> 4 & 7);
        int to = ew_target(p.stm, p.sq[p.stm][piece], (int)(moves[i] & 3));
        char sq[3];
        ew_square_name(to, sq);
        fprintf(out, "%d:%d;(%c%d,%s)\n", ++ply, die, p.stm ? 'B' : 'R', piece, sq);
        ew_play(&p, moves[i]);
        die = 0;
    }
    return ferror(out) ? -1 : 0;
}
