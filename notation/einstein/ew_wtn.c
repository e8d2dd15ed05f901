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
        if (!strcmp(field, results[i])) {
            copy_str(g->result_text, sizeof g->result_text, field);
            g->result = i < 2 ? i : i == 2 || i == 7 ? 2 : 10 + (i == 4 || i == 6);   /* 10/11: red/blue won */
            return;
        }
    if (*teams < 2 && n >= 3 && field[n - 2] == ' ' && (field[n - 1] == 'R' || field[n - 1] == 'B')) {
        snprintf(g->team[*teams], sizeof g->team[0], "%.*s", (int)(n - 2), field);
        colours[(*teams)++] = field[n - 1] == 'B' ? EW_BLUE : EW_RED;
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

/* "R:A5-1;B5-2;..." : six squares with their piece numbers. */
static void read_arrangement(ew_wtn_game *g, const char *ls, const char *end, int line)
{
    int side = *ls == 'B' ? EW_BLUE : EW_RED;
    if (g->has_arr[side]) { game_fault(g, line, 1, "a second arrangement line for %s", side ? "blue" : "red"); return; }
    g->has_arr[side] = 1;
    g->arr_line[side] = line;
    for (int n = 0; n <= EW_PIECES; n++) g->arr[side][n] = -1;
    const char *s = ls + 2;
    int count = 0;
    while (s < end) {
        while (s < end && (*s == ' ' || *s == ';' || *s == '\r')) s++;
        if (s >= end) break;
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
    if (count != EW_PIECES)
        game_fault(g, line, 1, "%s's arrangement places %d pieces, not 6", side ? "blue" : "red", count);
}

/* "N:D;(Xp,SQ)" items, with ';' between them. */
static void read_moves(ew_wtn_game *g, const char *ls, const char *end, int line)
{
    const char *s = ls;
    while (s < end) {
        while (s < end && (*s == ' ' || *s == ';' || *s == '\r')) s++;
        if (s >= end) break;
        const char *item = s;
        char *e;
        long ply = strtol(s, &e, 10);
        s = e;
        int ok = s > item && s < end && *s == ':';
        int die = ok && s + 1 < end ? s[1] - '0' : 0;
        if (ok) s += 2;
        while (ok && s < end && *s == ' ') s++;
        ok = ok && s < end && *s == ';';
        if (ok) s++;
        while (ok && s < end && *s == ' ') s++;
        ok = ok && end - s >= 7 && *s == '(';
        int side = -1, piece = 0, to = -1;
        if (ok) {
            side = s[1] == 'R' || s[1] == 'r' ? EW_RED : s[1] == 'B' || s[1] == 'b' ? EW_BLUE : -1;
            piece = s[2] - '0';
            to = s[3] == ',' ? ew_square_parse(s + 4) : -1;
            ok = side >= 0 && piece >= 1 && piece <= 6 && to >= 0 && s[6] == ')';
            if (ok) s += 7;
        }
        if (!ok) {
            game_fault(g, line, column(ls, item), "expected a move like 1:3;(R3,D4) (ply:die;(colour and piece,square))");
            return;
        }
        ew_wtn_move *m = new_move(g);
        if (!m) { g->oom = true; return; }
        m->ply = (int)ply;
        m->die = die;
        m->side = side;
        m->piece = piece;
        m->to = to;
        m->line = line;
        m->col = column(ls, item);
        snprintf(m->text, sizeof m->text, "%.*s", (int)(s - item), item);
    }
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

int ew_wtn_read(const char *text, size_t len, ew_wtn_file *f, char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    const char *p = text, *end = text + len;
    int line = 0;
    ew_wtn_game *g = NULL;
    while (p < end) {
        const char *ls = p, *le = memchr(p, '\n', (size_t)(end - p));
        if (!le) le = end;
        p = le < end ? le + 1 : end;
        line++;
        while (ls < le && (*ls == ' ' || *ls == '\t')) ls++;
        if (line == 1 && le - ls >= 3 && starts(ls, "\xEF\xBB\xBF")) ls += 3;
        const char *e = le;
        while (e > ls && (e[-1] == ' ' || e[-1] == '\r' || e[-1] == '\t')) e--;
        if (ls == e) continue;
        if (!starts(ls, "#[")) {
            /* A comment to the end of the line (annotate's) is skipped. */
            for (const char *c = ls; c + 1 < e; c++)
                if (c[0] == '/' && c[1] == '/') { e = c; break; }
            while (e > ls && (e[-1] == ' ' || e[-1] == '\t')) e--;
            if (ls == e) continue;
        }
        if (starts(ls, "#[")) {
            g = new_game(f, line);
            if (!g) return bo_fail(err, errlen, "out of memory");
            read_header(g, ls, e, line);
            continue;
        }
        if (!g) {
            if (!plain_word(ls) && !((*ls == 'R' || *ls == 'B') && ls[1] == ':') && !isdigit((unsigned char)*ls))
                return bo_fail(err, errlen, "line %d, column 1: expected a WTN header #[WTN]... or a move list", line);
            g = new_game(f, line);
            if (!g) return bo_fail(err, errlen, "out of memory");
            g->plain = plain_word(ls);
        }
        if (g->plain) read_plain(g, ls, e, line);
        else if ((*ls == 'R' || *ls == 'B') && ls[1] == ':') read_arrangement(g, ls, e, line);
        else read_moves(g, ls, e, line);
    }
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

int ew_wtn_sniff(const char *text, size_t len)
{
    const char *s = text, *end = text + len;
    while (s < end && (*s == ' ' || *s == '\n' || *s == '\r' || *s == '\t')) s++;
    if (end - s >= 3 && starts(s, "\xEF\xBB\xBF")) s += 3;
    if (end - s >= 7 && starts(s, "#[WTN]")) return 95;
    if (end - s >= 5 && plain_word(s)) return 60;
    return 0;
}

int ew_wtn_write(FILE *out, const char *first_team, const char *second_team, int first_wins, const char *date_place,
                 const char *event, const ew_pos *start, const uint32_t *moves, int nmoves)
{
    int first = start->stm;
    fprintf(out, "#[WTN][%s %c][%s %c][%s][%s][%s];\n", first_team, first ? 'B' : 'R', second_team, first ? 'R' : 'B',
            first_wins == 1 ? "先手胜" : first_wins == 0 ? "后手胜" : "未完", date_place, event);
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
