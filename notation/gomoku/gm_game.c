/* gm_game.c -- Gomoku records as a whole: which format a file is in, reading it,
 * turning the move texts into points, and writing a game in any format. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gm_coords.h"
#include "gm_formats.h"
#include "gm_notation.h"
#include "gm_reader.h"

/* The names --to takes. */
const char *gm_format_name(gm_format f)
{
    switch (f) {
    case GM_FMT_CONTEST: return "contest";
    case GM_FMT_PSQ: return "psq";
    case GM_FMT_SGF: return "sgf";
    case GM_FMT_MOVES: return "moves";
    case GM_FMT_RIF: return "rif";
    case GM_FMT_RENLIB: return "renlib";
    case GM_FMT_PLAYOK: return "playok";
    default: return "none";
    }
}

/* --to names, with the aliases people type. */
int gm_format_from_name(const char *name, gm_format *f)
{
    static const struct { const char *n; gm_format f; } names[] = {
        {"contest", GM_FMT_CONTEST}, {"c5", GM_FMT_CONTEST}, {"ccgc", GM_FMT_CONTEST},
        {"psq", GM_FMT_PSQ}, {"piskvork", GM_FMT_PSQ},
        {"sgf", GM_FMT_SGF},
        {"moves", GM_FMT_MOVES}, {"txt", GM_FMT_MOVES}, {"list", GM_FMT_MOVES},
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcasecmp(name, names[i].n) == 0) { *f = names[i].f; return 0; }
    return -1;
}

/* --rules names, and the words records use for them (SGF RU, PSQ trailers). */
int gm_rules_from_name(const char *name, gm_rules *r)
{
    static const struct { const char *n; gm_rules r; } names[] = {
        {"renju", GM_RENJU}, {"freestyle", GM_FREESTYLE}, {"free", GM_FREESTYLE}, {"gomoku", GM_FREESTYLE},
        {"standard", GM_STANDARD}, {"exact5", GM_STANDARD}, {"连珠", GM_RENJU},
    };
    while (*name == ' ') name++;
    size_t n = strlen(name);
    while (n && name[n - 1] == ' ') n--;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strlen(names[i].n) == n && strncasecmp(name, names[i].n, n) == 0) { *r = names[i].r; return 0; }
    return -1;
}

/* The canonical rule-set names, as tags and SGF RU hold them. */
const char *gm_rules_name(gm_rules r)
{
    return r == GM_FREESTYLE ? "freestyle" : r == GM_STANDARD ? "standard" : "renju";
}

/* --rules names: the RULES.md Decision's other reading is a named variant of renju,
 * never a silent guess. */
int gm_ruleset_from_name(const char *name, gm_ruleset *rs)
{
    while (*name == ' ') name++;
    size_t n = strlen(name);
    while (n && name[n - 1] == ' ') n--;
    static const char five[] = "renju-five-threes";
    if (n == sizeof five - 1 && strncasecmp(name, five, n) == 0) {
        rs->rules = GM_RENJU;
        rs->five_point_threes = true;
        return 0;
    }
    rs->five_point_threes = false;
    return gm_rules_from_name(name, &rs->rules);
}

/* The --rules name back, for messages and banners. */
const char *gm_ruleset_name(gm_ruleset rs)
{
    return rs.rules == GM_RENJU && rs.five_point_threes ? "renju-five-threes" : gm_rules_name(rs.rules);
}

/* PGN-style result codes: one spelling for every format's results. */
const char *gm_result_code(gm_result r)
{
    return r == GM_RES_BLACK ? "1-0" : r == GM_RES_WHITE ? "0-1" : r == GM_RES_DRAW ? "1/2-1/2" : "*";
}

/* ---- sniffing ----------------------------------------------------------------- */

/* memmem on a length-bounded text (the data may hold NULs when lossy). */
static const char *find_n(const char *hay, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    for (size_t i = 0; i + k <= n; i++)
        if (memcmp(hay + i, needle, k) == 0) return hay + i;
    return NULL;
}

/* Xiangqi records are full of piece glyphs; Gomoku records never have them. */
static bool has_xiangqi_glyphs(const char *d, size_t n)
{
    static const char *const glyphs[] = {"炮", "砲", "馬", "車", "帥", "帅", "將", "卒", "仕", "相", "俥", "傌", "进", "退"};
    for (size_t i = 0; i < sizeof glyphs / sizeof *glyphs; i++)
        if (find_n(d, n, glyphs[i])) return true;
    return false;
}

/* "B(H,8)" anywhere: the contest's Gomoku move. */
static bool has_contest_move(const char *d, size_t n)
{
    for (size_t i = 0; i + 5 < n; i++) {
        char c = d[i];
        if ((c == 'B' || c == 'W' || c == 'H' || c == 'b' || c == 'w') && d[i + 1] == '(') {
            size_t j = i + 2;
            while (j < n && d[j] == ' ') j++;
            if (j < n && ((d[j] >= 'A' && d[j] <= 'Z') || (d[j] >= 'a' && d[j] <= 'z'))) {
                j++;
                while (j < n && d[j] == ' ') j++;
                if (j + 1 < n && d[j] == ',' ) return true;
            }
        }
    }
    return false;
}

/* The strongest evidence first: a header line, a GM[4], a [C5] frame; a plain
 * move list only when all of the prefix reads as one.  Everything is judged on the
 * first GM_SNIFF_PREFIX bytes, so sniffing costs one pass over at most that much. */
int gm_sniff(const bo_text *t, gm_format *fmt)
{
    *fmt = GM_FMT_NONE;
    /* the community formats (gm_formats.h) first: each has a certain mark */
    if (gm_sniff_renlib(t)) { *fmt = GM_FMT_RENLIB; return 100; }
    if (t->encoding == BO_ENC_BINARY || t->len == 0) return 0;
    int sc = gm_sniff_rif(t);
    if (sc) { *fmt = GM_FMT_RIF; return sc; }
    if ((sc = gm_sniff_playok(t)) != 0) { *fmt = GM_FMT_PLAYOK; return sc; }
    const char *d = t->data;
    size_t n = t->len < GM_SNIFF_PREFIX ? t->len : GM_SNIFF_PREFIX, head = n < 4096 ? n : 4096;
    bool cut = n < t->len;
    size_t i = 0;
    while (i < n && gm_is_blank((unsigned char)d[i])) i++;
    if (i == n) return 0;
    if (n - i >= 9 && strncmp(d + i, "Piskvorky", 9) == 0) { *fmt = GM_FMT_PSQ; return 100; }
    if (d[i] == '(' && find_n(d + i, head - i, ";")) {
        const char *gm = find_n(d, head, "GM[");
        if (gm) {
            if (gm + 4 < d + n && gm[3] == '4' && gm[4] == ']') { *fmt = GM_FMT_SGF; return 100; }
            /* RenjuBase's Renju files say GM[5] (the reader warns) */
            if (gm + 4 < d + n && gm[3] == '5' && gm[4] == ']') { *fmt = GM_FMT_SGF; return 80; }
            return 0; /* another game's SGF (GM[1] is Go) */
        }
        if (find_n(d, head, ";B[") || find_n(d, head, ";W[")) { *fmt = GM_FMT_SGF; return 40; }
    }
    const char *brace = memchr(d, '{', n);
    if (brace && (find_n(d, n, "[C5]") || find_n(d, n, "[c5]"))) { *fmt = GM_FMT_CONTEST; return 100; }
    if (brace && !has_xiangqi_glyphs(d, n)) {
        if (find_n(d, n, "五子棋") || find_n(d, n, "连珠")) { *fmt = GM_FMT_CONTEST; return 90; }
        if (has_contest_move(d, n)) { *fmt = GM_FMT_CONTEST; return 80; }
        bool pgnish = find_n(d, head, "[Event \"") || find_n(d, head, "[GameType") || find_n(d, head, "[FEN");
        if (!pgnish && brace + 1 < d + n && brace[1] == '[') { *fmt = GM_FMT_CONTEST; return 20; }
    }
    /* a plain move list: every token of the prefix reads as one, or nearly every one
     * (a file with one broken game in it is still a move list: the reader says which
     * game is broken) */
    long points, bad;
    gm_sniff_moves(d, n, cut, &points, &bad);
    int score = 0;
    if (bad == 0 && points >= 2) score = 50;
    else if (bad == 0 && points == 1) score = 30;
    else if (points >= 10 && bad * 20 <= points) score = 40;
    if (score) *fmt = GM_FMT_MOVES;
    return score;
}

/* One entry for every format, so callers need not know which it is. */
int gm_read_with(const bo_text *t, gm_format fmt, const gm_read_opts *o, bo_record_list *out, char *err,
                 size_t errlen)
{
    if (fmt == GM_FMT_NONE && gm_sniff(t, &fmt) == 0) {
        snprintf(err, errlen, "not a Gomoku record (contest {[C5]...}, PSQ, SGF GM[4], RenjuNet .rif, Renlib .lib, PGN or a move list)");
        return -1;
    }
    switch (fmt) {
    case GM_FMT_CONTEST: return gm_read_contest_o(t, o, out, err, errlen);
    case GM_FMT_PSQ: return gm_read_psq_o(t, o, out, err, errlen);
    case GM_FMT_SGF: return gm_read_sgf_o(t, o, out, err, errlen);
    case GM_FMT_MOVES: return gm_read_moves_o(t, o, out, err, errlen);
    case GM_FMT_RIF: return gm_read_rif(t, o, out, err, errlen);
    case GM_FMT_RENLIB: return gm_read_renlib(t, o, out, err, errlen);
    case GM_FMT_PLAYOK: return gm_read_playok(t, o, out, err, errlen);
    default: snprintf(err, errlen, "unknown format"); return -1;
    }
}

int gm_read(const bo_text *t, gm_format fmt, bo_record_list *out, char *err, size_t errlen)
{
    return gm_read_with(t, fmt, NULL, out, err, errlen);
}

/* ---- decoding ------------------------------------------------------------------ */

/* "B(H,8)", "h（ｉ，９）", "(H,8)": colour, column letter, row digits. */
static int decode_contest(const bo_record *r, const char *s, gm_gmove *m)
{
    const char *end = s + strlen(s);
    size_t l;
    long c = gm_char(s, end, &l);
    m->colour = GM_EMPTY;
    if (c == 'B' || c == 'b' || c == 0x9ED1) m->colour = GM_BLACK;
    else if (c == 'W' || c == 'w' || c == 0x767D) m->colour = GM_WHITE;
    else if (c == 'H' || c == 'h') {
        const char *h = r ? bo_record_tag(r, "_HColour") : NULL;
        m->colour = h && strcmp(h, "black") == 0 ? GM_BLACK : GM_WHITE;
    } else if (c != '(') return -1;
    if (c != '(') s += l;
    int x = -1, row = -1;
    while (s < end) {
        c = gm_char(s, end, &l);
        s += l;
        if (x < 0 && ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) x = (int)(c >= 'a' ? c - 'a' : c - 'A');
        else if (x >= 0 && c >= '0' && c <= '9') row = (row < 0 ? 0 : row * 10) + (int)(c - '0');
    }
    if (x < 0 || row < 0) return -1;
    m->x = x;
    m->y = row - 1;
    return 0;
}

/* "x,y[,ms]": 1-based Gomocup coordinates. */
static int decode_psq(int size, const char *s, gm_gmove *m)
{
    char *e;
    long gx = strtol(s, &e, 10);
    while (*e == ' ' || *e == '\t') e++;
    if (*e != ',') return -1;
    long gy = strtol(e + 1, &e, 10);
    if (gx < -999 || gx > 999 || gy < -999 || gy > 999) return -1;
    gm_coord_from_gomocup((int)gx - 1, (int)gy - 1, size, &m->x, &m->y);
    m->colour = GM_EMPTY;
    return 0;
}

/* "B[hh]": the colour is the property, the point its value. */
static int decode_sgf(int size, const char *s, gm_gmove *m)
{
    if (s[0] != 'B' && s[0] != 'W') return -1;
    m->colour = s[0] == 'B' ? GM_BLACK : GM_WHITE;
    const char *v = strchr(s, '[');
    if (!v || !v[1] || !v[2]) return -1;
    return gm_coord_from_sgf(v[1], v[2], size, &m->x, &m->y);
}

/* One move text of R, in R's notation: the validator's variations and the writers
 * decode the same way as the main line. */
int gm_decode_move(const bo_record *r, int size, const char *text, gm_gmove *m)
{
    const char *nt = r && r->notation ? r->notation : "moves";
    m->colour = GM_EMPTY;
    if (strcmp(nt, "contest") == 0) return decode_contest(r, text, m);
    if (strcmp(nt, "psq") == 0) return decode_psq(size, text, m);
    if (strcmp(nt, "sgf") == 0) return decode_sgf(size, text, m);
    return gm_coord_parse(text, &m->x, &m->y);
}

/* Move texts become points once, here, for the validator and the writers alike. */
int gm_game_from_record(const bo_record *r, gm_game *g, int *bad, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    *bad = -1;
    g->rec = r;
    g->size = gm_record_size(r);
    const char *ru = bo_record_tag(r, "Rules");
    if (ru && gm_rules_from_name(ru, &g->rules) == 0) g->rules_known = true;
    const char *res = bo_record_tag(r, "Result");
    bool exact;
    if (res) g->result = gm_result_from_text(res, strlen(res), &exact);
    g->moves = calloc((size_t)(r->nmoves ? r->nmoves : 1), sizeof *g->moves);
    if (!g->moves) { snprintf(err, errlen, "out of memory"); return -1; }
    const char *nt = r->notation ? r->notation : "moves";
    for (int i = 0; i < r->nmoves; i++) {
        const bo_rmove *rm = &r->moves[i];
        gm_gmove *m = &g->moves[i];
        m->text = rm->text;
        m->line = rm->line;
        m->col = rm->col;
        m->time_ms = rm->time_ms;
        if (gm_decode_move(r, g->size, rm->text, m) != 0) {
            *bad = i;
            snprintf(err, errlen, "move %d '%s' cannot be read as a %s move", i + 1, rm->text, nt);
            free(g->moves);
            g->moves = NULL;
            return -1;
        }
        g->n++;
    }
    const char *uk = bo_record_tag(r, "_Unkept");
    if (uk) g->unkept = strtol(uk, NULL, 10);
    return 0;
}

/* The record the game points into stays with its owner. */
void gm_game_free(gm_game *g)
{
    free(g->moves);
    memset(g, 0, sizeof *g);
}

/* ---- writing ------------------------------------------------------------------- */

/* An off-board point has no spelling in some formats: refuse it for all. */
int gm_write(FILE *f, gm_format fmt, const gm_game *g, char *err, size_t errlen)
{
    for (int i = 0; i < g->n; i++) {
        if (!gm_coord_on_board(g->size, g->moves[i].x, g->moves[i].y)) {
            snprintf(err, errlen, "move %d '%s' is off the %dx%d board and cannot be written", i + 1,
                     g->moves[i].text ? g->moves[i].text : "?", g->size, g->size);
            return -1;
        }
    }
    switch (fmt) {
    case GM_FMT_CONTEST: return gm_write_contest(f, g, err, errlen);
    case GM_FMT_PSQ: return gm_write_psq(f, g, err, errlen);
    case GM_FMT_SGF: return gm_write_sgf(f, g, err, errlen);
    case GM_FMT_MOVES: return gm_write_moves(f, g, err, errlen);
    default: snprintf(err, errlen, "unknown format"); return -1;
    }
}
