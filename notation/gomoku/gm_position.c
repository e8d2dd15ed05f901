/* gm_position.c -- the Gomoku position text: "black: h8 i9 k3; white: j10 e4". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gm_coords.h"
#include "gm_desc.h"
#include "gm_notation.h"
#include "gm_reader.h"

typedef struct pos_stone {
    int x, y;
    gm_stone s;
    size_t off;
} pos_stone;

typedef struct pos_parse {
    const char *s;
    pos_stone stones[2 * GM_MAX_SIZE * GM_MAX_SIZE];
    int n;
    int size;
    size_t size_off;
    gm_stone to_move;
} pos_parse;

/* Every fault names its offset, so the CLI can point into the option text. */
static int fail(size_t *err_off, size_t off, char *err, size_t errlen, const char *msg, const char *what, size_t wn)
{
    if (err_off) *err_off = off;
    if (what) snprintf(err, errlen, msg, (int)wn, what);
    else snprintf(err, errlen, "%s", msg);
    return -1;
}

/* Part names are case-insensitive ("Black:", "BLACK:"). */
static bool key_is(const char *k, size_t n, const char *w)
{
    return strlen(w) == n && strncasecmp(k, w, n) == 0;
}

/* The stones of one "black: ..." part: points separated by blanks or commas. */
static int parse_stones(pos_parse *p, const char *v, const char *end, gm_stone colour,
                        size_t *err_off, char *err, size_t errlen)
{
    while (v < end) {
        size_t l;
        long c = gm_char(v, end, &l);
        if (gm_is_blank(c) || c == ',') { v += l; continue; }
        int x, y;
        size_t used = gm_coord_scan(v, (size_t)(end - v), &x, &y);
        size_t tok = 0;
        while (v + tok < end && !gm_is_blank((unsigned char)v[tok]) && v[tok] != ',') tok++;
        if (used == 0 || (v + used < end && !gm_is_blank((unsigned char)v[used]) && v[used] != ','))
            return fail(err_off, (size_t)(v - p->s), err, errlen,
                        "'%.*s' is not a point (a column letter and a row number, e.g. h8)", v, tok);
        if (p->n >= (int)(sizeof p->stones / sizeof p->stones[0]))
            return fail(err_off, (size_t)(v - p->s), err, errlen, "too many stones", NULL, 0);
        p->stones[p->n++] = (pos_stone){x, y, colour, (size_t)(v - p->s)};
        v += used;
    }
    return 0;
}

/* Collect the parts first and place the stones afterwards, so that "size:" may come
 * anywhere in the text. */
static int collect(pos_parse *p, size_t *err_off, char *err, size_t errlen)
{
    const char *s = p->s, *end = s + strlen(s);
    while (s < end) {
        const char *part = s;
        /* a part ends at ';' or a newline; a comment runs to the end of the line */
        const char *e = part;
        while (e < end && *e != ';' && *e != '\n' && *e != '#') e++;
        const char *next = e;
        if (next < end && *next == '#') {
            while (next < end && *next != '\n') next++;
        }
        s = next < end ? next + 1 : end;
        const char *k = part;
        size_t kn = (size_t)(e - part);
        gm_trim(&k, &kn);
        if (kn == 0) continue;
        const char *colon = memchr(k, ':', kn);
        size_t cl = 1;
        if (!colon) {
            /* full-width colon */
            const char *fw = strstr(k, "\xEF\xBC\x9A");
            if (fw && fw < k + kn) { colon = fw; cl = 3; }
        }
        if (!colon)
            return fail(err_off, (size_t)(k - p->s), err, errlen,
                        "'%.*s' is not a part of a position (black: ..., white: ..., to-move: ...)", k, kn);
        const char *key = k;
        size_t keyn = (size_t)(colon - k);
        gm_trim(&key, &keyn);
        const char *v = colon + cl, *ve = k + kn;
        if (key_is(key, keyn, "black") || key_is(key, keyn, "b") || key_is(key, keyn, "黑")) {
            if (parse_stones(p, v, ve, GM_BLACK, err_off, err, errlen) != 0) return -1;
        } else if (key_is(key, keyn, "white") || key_is(key, keyn, "w") || key_is(key, keyn, "白")) {
            if (parse_stones(p, v, ve, GM_WHITE, err_off, err, errlen) != 0) return -1;
        } else if (key_is(key, keyn, "to-move") || key_is(key, keyn, "to move") || key_is(key, keyn, "tomove")
                   || key_is(key, keyn, "to_move")) {
            size_t vn = (size_t)(ve - v);
            gm_trim(&v, &vn);
            if (key_is(v, vn, "black") || key_is(v, vn, "b") || key_is(v, vn, "黑")) p->to_move = GM_BLACK;
            else if (key_is(v, vn, "white") || key_is(v, vn, "w") || key_is(v, vn, "白")) p->to_move = GM_WHITE;
            else return fail(err_off, (size_t)(v - p->s), err, errlen, "to-move is 'black' or 'white', not '%.*s'", v, vn);
        } else if (key_is(key, keyn, "size")) {
            size_t vn = (size_t)(ve - v);
            gm_trim(&v, &vn);
            char buf[8] = {0};
            char *ee;
            if (vn == 0 || vn >= sizeof buf) return fail(err_off, (size_t)(v - p->s), err, errlen, "size is a number 5..20", NULL, 0);
            memcpy(buf, v, vn);
            long n = strtol(buf, &ee, 10);
            if (*ee || n < GM_MIN_SIZE || n > GM_MAX_SIZE)
                return fail(err_off, (size_t)(v - p->s), err, errlen, "size is a number 5..20, not '%.*s'", v, vn);
            p->size = (int)n;
            p->size_off = (size_t)(v - p->s);
        } else if (key_is(key, keyn, "forbidden")) {
            /* the corpus's answer line: an annotation, not part of the position */
        } else {
            return fail(err_off, (size_t)(key - p->s), err, errlen,
                        "unknown part '%.*s' (black:, white:, to-move:, size:)", key, keyn);
        }
    }
    return 0;
}

/* Check every stone before placing it: off the board and twice are errors. */
int gm_position_parse(const char *s, gm_rules rules, gm_board *b, size_t *err_off, char *err, size_t errlen)
{
    pos_parse *p = calloc(1, sizeof *p);
    if (!p) return fail(err_off, 0, err, errlen, "out of memory", NULL, 0);
    p->s = s;
    p->size = GM_RENJU_SIZE;
    p->to_move = GM_EMPTY;
    int rc = collect(p, err_off, err, errlen);
    if (rc == 0 && rules == GM_RENJU && p->size != GM_RENJU_SIZE)
        rc = fail(err_off, p->size_off, err, errlen, "renju is played on a 15x15 board", NULL, 0);
    if (rc == 0) {
        gm_board_init(b, p->size, rules);
        int nb = 0, nw = 0;
        for (int i = 0; i < p->n && rc == 0; i++) {
            pos_stone *st = &p->stones[i];
            char c[GM_COORD_MAX];
            gm_coord_format(st->x, st->y, c);
            if (!gm_coord_on_board(b->size, st->x, st->y)) {
                char msg[96];
                snprintf(msg, sizeof msg, "%s is off the %dx%d board (columns a-%c, rows 1-%d)", c, b->size, b->size,
                         'a' + b->size - 1, b->size);
                rc = fail(err_off, st->off, err, errlen, msg, NULL, 0);
            } else if (gm_at(b, st->x, st->y) != GM_EMPTY) {
                char msg[96];
                snprintf(msg, sizeof msg, "%s is given twice", c);
                rc = fail(err_off, st->off, err, errlen, msg, NULL, 0);
            } else {
                gm_place(b, st->x, st->y, st->s);
                if (st->s == GM_BLACK) nb++; else nw++;
            }
        }
        if (rc == 0) b->to_move = p->to_move != GM_EMPTY ? p->to_move : (nb == nw + 1 ? GM_WHITE : GM_BLACK);
    }
    free(p);
    return rc;
}

/* The engine writes the position text (gm_desc.h), so that the descriptor and the
 * CLI print a board the same way. */
char *gm_position_format(const gm_board *b, char *buf, size_t n)
{
    gm_board_to_text(b, buf, n);
    return buf;
}

/* ---- a five on the board ---------------------------------------------------- */

/* The longest line of S through (x,y): a win of six or more is an overline, and the
 * messages say so rather than call it a five. */
static int line_through(const gm_board *b, int x, int y, gm_stone s)
{
    static const int dx[4] = {1, 0, 1, 1}, dy[4] = {0, 1, 1, -1};
    int best = 0;
    for (int d = 0; d < 4; d++) {
        int n = 1;
        for (int k = 1; gm_at(b, x + k * dx[d], y + k * dy[d]) == s; k++) n++;
        for (int k = 1; gm_at(b, x - k * dx[d], y - k * dy[d]) == s; k++) n++;
        if (n > best) best = n;
    }
    return best;
}

/* "five in a row", or "an overline of 6" for a longer winning line. */
const char *gm_win_name(const gm_board *b, int x, int y, gm_stone s, char *buf, size_t n)
{
    int len = line_through(b, x, y, s);
    if (len <= 5) return "five in a row";
    snprintf(buf, n, "an overline of %d (it wins under %s)", len, b->rules == GM_RENJU ? "renju for white" : "freestyle");
    return buf;
}

/* A five already on the board ends the game: no side has a move. */
bool gm_five_on_board(const gm_board *b, gm_stone *who, int *wx, int *wy)
{
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            gm_stone s = gm_at(b, x, y);
            if (s != GM_EMPTY && gm_is_win(b, x, y, s)) { *who = s; *wx = x; *wy = y; return true; }
        }
    return false;
}
