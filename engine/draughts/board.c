/* board.c - draughts position: start position, PDN FEN in and out, Zobrist hashing,
 * making a move on the public (compact bitboard) position. */
#include "core.h"
#include "draughts.h"
#include "dr_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { KIND_WMAN = 0, KIND_WKING = 1, KIND_BMAN = 2, KIND_BKING = 3 };

/* Zobrist key of a piece kind on compact bit index i (0..49): a pure function of its
 * index, bo_mix64(0x6472616175676874 + kind * 64 + i), read from a constant table of
 * those values (dr_zobrist.h; mixing them at each move took a twentieth of the
 * search), so there is no table to initialise and no global state. */
static const uint64_t zkeys[256] = {
#include "dr_zobrist.h"
};

static uint64_t zkey(int kind, int i)
{
    return zkeys[kind * 64 + i];
}

uint64_t dr_zobrist_key(int kind, int i)
{
    return zkey(kind, i);
}

/* Key toggled when black is to move. */
static uint64_t zside(void) { return bo_mix64(UINT64_C(0x73696465)); }

/* Key of a Frisian king-move count (side S, packed byte T). */
static uint64_t zfr(int s, uint8_t t) { return bo_mix64(UINT64_C(0x667269736B696E67) + (uint64_t)(s * 256 + t)); }

/* Hash from scratch, so that every producer of a dr_pos agrees on it. */
uint64_t dr_pos_hash(const dr_pos *p)
{
    uint64_t h = p->side == DR_BLACK ? zside() : 0;
    for (uint64_t x = p->white | p->black; x; x &= x - 1) {
        int i = DRI_CTZ(x);
        uint64_t bit = UINT64_C(1) << i;
        int kind = (p->white & bit) ? KIND_WMAN : KIND_BMAN;
        if (p->kings & bit) kind++;
        h ^= zkey(kind, i);
    }
    for (int s = 0; s < 2; s++)
        if (p->fr_king[s]) h ^= zfr(s, p->fr_king[s]);
    return h;
}

/* Positions compare by placement and side only. */
bool dr_pos_equal(const dr_pos *a, const dr_pos *b)
{
    return a->white == b->white && a->black == b->black && a->kings == b->kings &&
           a->side == b->side && a->fr_king[0] == b->fr_king[0] && a->fr_king[1] == b->fr_king[1];
}

/* The initial setup; `first` is a rule option (FMJD white, ccgc black). */
void dr_pos_start(dr_pos *p, dr_side first)
{
    p->black = (UINT64_C(1) << 20) - 1;               /* squares 1..20 */
    p->white = ((UINT64_C(1) << 20) - 1) << 30;       /* squares 31..50 */
    p->kings = 0;
    p->side = first;
    p->variant = DR_INTERNATIONAL;
    p->fr_king[0] = p->fr_king[1] = 0;
    p->hash = dr_pos_hash(p);
}

/* Frisian: after M (already on the board) by WHITE or black, the mover's count of
 * non-capturing moves in a row with one king (only kept while the side has men and
 * kings: a man move or a capture clears it, another king starts it at 1) and the
 * opponent's (cleared when its counted king, or all its men or kings, were taken).
 * Returns hash H updated. */
static uint64_t fr_count(dr_pos *p, const dr_move *m, bool white, uint64_t h)
{
    int s = white ? DR_WHITE : DR_BLACK, o = 1 - s;
    uint64_t own = white ? p->white : p->black, opp = white ? p->black : p->white;
    uint8_t mine = 0, theirs = p->fr_king[o];
    bool tracked = (own & ~p->kings) && (own & p->kings);
    if (tracked && m->king && !m->ncaptured) {
        uint8_t t = p->fr_king[s];
        int count = (t & 63) == m->from ? (t >> 6) + 1 : 1;
        mine = (uint8_t)(m->to | (count > 3 ? 3 : count) << 6);
    }
    if (m->ncaptured && theirs &&
        ((m->captured & (UINT64_C(1) << ((theirs & 63) - 1))) || !(opp & ~p->kings) || !(opp & p->kings)))
        theirs = 0;
    if (p->fr_king[s]) h ^= zfr(s, p->fr_king[s]);
    if (p->fr_king[o]) h ^= zfr(o, p->fr_king[o]);
    p->fr_king[s] = mine;
    p->fr_king[o] = theirs;
    if (mine) h ^= zfr(s, mine);
    if (theirs) h ^= zfr(o, theirs);
    return h;
}

/* Copy-make on the compact layout; incremental hash. from == to is allowed (a capture
 * that returns to its start square). */
void dr_make(dr_pos *p, const dr_move *m)
{
    uint64_t f = UINT64_C(1) << (m->from - 1), t = UINT64_C(1) << (m->to - 1);
    bool white = p->side == DR_WHITE;
    uint64_t *own = white ? &p->white : &p->black;
    uint64_t *opp = white ? &p->black : &p->white;
    bool king = (p->kings & f) != 0;
    int base = white ? KIND_WMAN : KIND_BMAN, obase = white ? KIND_BMAN : KIND_WMAN;
    uint64_t h = p->hash ^ zside();

    for (uint64_t c = m->captured & *opp; c; c &= c - 1) {
        int i = DRI_CTZ(c);
        h ^= zkey(obase + ((p->kings >> i) & 1), i);
    }
    *opp &= ~m->captured;
    p->kings &= ~m->captured;

    h ^= zkey(base + king, m->from - 1);
    *own = (*own & ~f) | t;
    if (king) {
        p->kings = (p->kings & ~f) | t;
    } else if (m->promotes || (dr_variant_squares((dr_variant)p->variant) == 50 ? (white ? m->to <= 5 : m->to >= 46)
                                                               : (white ? m->to <= 4 : m->to >= 29))) {
        p->kings |= t;
        king = true;
    }
    h ^= zkey(base + king, m->to - 1);
    if (p->variant == DR_FRISIAN) h = fr_count(p, m, white, h);
    p->hash = h;
    p->side = white ? DR_BLACK : DR_WHITE;
}

/* ---- FEN ------------------------------------------------------------------------------ */

typedef struct fen_reader {
    const char *s;
    size_t i;
    char *err;
    size_t errlen;
} fen_reader;

/* Write a formatted error (if the caller gave a buffer) and fail. */
static int fen_fail(fen_reader *r, const char *fmt, ...)
{
    if (r->err && r->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->err, r->errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* Whitespace is allowed between any two tokens. */
static void skip_ws(fen_reader *r)
{
    while (r->s[r->i] == ' ' || r->s[r->i] == '\t' || r->s[r->i] == '\n' || r->s[r->i] == '\r')
        r->i++;
}

/* Letters are case-insensitive (some PDN writers emit lower case). */
static char upper(char c) { return (c >= 'a' && c <= 'z') ? (char)(c - 'a' + 'A') : c; }

/* Read a square number; leaves the value in *v. */
static int read_number(fen_reader *r, int *v)
{
    skip_ws(r);
    const char *s = r->s;
    if (s[r->i] < '0' || s[r->i] > '9')
        return fen_fail(r, "expected a square number at offset %zu", r->i);
    long n = 0;
    while (s[r->i] >= '0' && s[r->i] <= '9') {
        if (n < 1000) n = n * 10 + (s[r->i] - '0');
        r->i++;
    }
    if (n < 1 || n > DR_SQUARES) return fen_fail(r, "bad square number %ld", n);
    *v = (int)n;
    return 0;
}

/* Place one piece, rejecting overlaps.  Positions no game reaches (a man on its own
 * promotion row, more than 20 pieces) are read: dr_pos_unreachable says why. */
static int place(fen_reader *r, dr_pos *p, bool white, bool king, int sq)
{
    uint64_t bit = UINT64_C(1) << (sq - 1);
    if ((p->white | p->black) & bit) return fen_fail(r, "square %d listed twice", sq);
    if (white) p->white |= bit;
    else p->black |= bit;
    if (king) p->kings |= bit;
    return 0;
}

/* One colour list after its W/B letter: items separated by commas, up to ':' '.' or end. */
static int read_list(fen_reader *r, dr_pos *p, bool white)
{
    for (;;) {
        skip_ws(r);
        char c = r->s[r->i];
        if (c == ':' || c == '.' || c == '\0' || c == '"') return 0;
        if (c == ',') { r->i++; continue; }
        bool king = false;
        if (upper(c) == 'K') { king = true; r->i++; }
        int a, b;
        if (read_number(r, &a) < 0) return -1;
        b = a;
        skip_ws(r);
        if (r->s[r->i] == '-') {
            r->i++;
            skip_ws(r);
            if (upper(r->s[r->i]) == 'K') r->i++; /* tolerate `K1-K3` */
            if (read_number(r, &b) < 0) return -1;
            if (b < a) return fen_fail(r, "range %d-%d runs backwards", a, b);
        }
        for (int s = a; s <= b; s++)
            if (place(r, p, white, king, s) < 0) return -1;
        skip_ws(r);
        c = r->s[r->i];
        if (c != ',' && c != ':' && c != '.' && c != '\0' && c != '"')
            return fen_fail(r, "unexpected character '%c' at offset %zu", c, r->i);
    }
}

/* Parse a PDN FEN (see draughts.h for the accepted forms). */
int dr_pos_from_fen(dr_pos *p, const char *fen, bool *side_unknown, char *err, size_t errlen)
{
    fen_reader r = { fen ? fen : "", 0, err, errlen };
    dr_pos q = { .side = DR_WHITE };
    bool unknown = false;

    skip_ws(&r);
    if (r.s[r.i] == '"') r.i++;
    skip_ws(&r);
    switch (upper(r.s[r.i])) {
    case 'W': q.side = DR_WHITE; break;
    case 'B': q.side = DR_BLACK; break;
    case '?': unknown = true; break;
    case '\0': return fen_fail(&r, "empty FEN");
    default: return fen_fail(&r, "FEN must start with W, B or ?, not '%c'", r.s[r.i]);
    }
    r.i++;
    bool seen[2] = { false, false };
    for (;;) {
        skip_ws(&r);
        char c = r.s[r.i];
        if (c == '\0') break;
        if (c == '.' || c == '"') {
            r.i++;
            skip_ws(&r);
            if (r.s[r.i] == '"') { r.i++; skip_ws(&r); }
            if (r.s[r.i] != '\0')
                return fen_fail(&r, "unexpected text after the end of the FEN at offset %zu", r.i);
            break;
        }
        if (c != ':') return fen_fail(&r, "expected ':' at offset %zu", r.i);
        r.i++;
        skip_ws(&r);
        char colour = upper(r.s[r.i]);
        if (colour != 'W' && colour != 'B') {
            if (colour == '\0' || colour == '.' || colour == '"') continue; /* trailing ':' */
            return fen_fail(&r, "expected W or B after ':' at offset %zu", r.i);
        }
        bool white = colour == 'W';
        if (seen[!white]) return fen_fail(&r, "the %s list appears twice", white ? "white" : "black");
        seen[!white] = true;
        r.i++;
        if (read_list(&r, &q, white) < 0) return -1;
    }
    q.hash = dr_pos_hash(&q);
    *p = q;
    if (side_unknown) *side_unknown = unknown;
    return 0;
}

/* One policy for set-up positions that no game from the start position can reach, so
 * that readers can warn (problems use them) or refuse them alike. */
bool dr_pos_unreachable(const dr_pos *p, char *why, size_t n)
{
    if (p->variant != DR_INTERNATIONAL && p->variant != DR_FRISIAN) return dr_v8_unreachable(p, why, n);
    const uint64_t white_row = UINT64_C(0x1F), black_row = UINT64_C(0x1F) << 45;   /* 1..5, 46..50 */
    uint64_t wm = p->white & ~p->kings & white_row, bm = p->black & ~p->kings & black_row;
    int nw = DRI_POPCOUNT(p->white), nb = DRI_POPCOUNT(p->black);
    if (wm) {
        snprintf(why, n, "a white man on %d, white's promotion row (a man there is crowned)", DRI_CTZ(wm) + 1);
        return true;
    }
    if (bm) {
        snprintf(why, n, "a black man on %d, black's promotion row (a man there is crowned)", DRI_CTZ(bm) + 1);
        return true;
    }
    if (nw > 20 || nb > 20) {
        snprintf(why, n, "%s has %d pieces (a game starts with 20)", nw > 20 ? "white" : "black", nw > 20 ? nw : nb);
        return true;
    }
    if (why && n) why[0] = '\0';
    return false;
}

/* Append a string to a bounded buffer, always NUL-terminated. */
static void put_str(char *buf, size_t n, size_t *len, const char *str)
{
    while (*str && *len + 1 < n) buf[(*len)++] = *str++;
    buf[*len] = '\0';
}

/* Append a square, with K for a king. */
static void put_square(char *buf, size_t n, size_t *len, int s, bool king)
{
    char tmp[16];
    snprintf(tmp, sizeof tmp, "%s%d", king ? "K" : "", s);
    put_str(buf, n, len, tmp);
}

/* Canonical FEN: easy to compare and always re-readable by dr_pos_from_fen. */
void dr_pos_to_fen(const dr_pos *p, char *buf, size_t n)
{
    size_t len = 0;
    if (!buf || n == 0) return;
    buf[0] = '\0';
    put_str(buf, n, &len, p->side == DR_WHITE ? "W" : "B");
    for (int pass = 0; pass < 2; pass++) {
        uint64_t set = pass == 0 ? p->white : p->black;
        put_str(buf, n, &len, pass == 0 ? ":W" : ":B");
        bool first = true;
        for (int s = 1; s <= dr_variant_squares((dr_variant)p->variant); s++) {
            uint64_t bit = UINT64_C(1) << (s - 1);
            if (!(set & bit)) continue;
            if (!first) put_str(buf, n, &len, ",");
            put_square(buf, n, &len, s, (p->kings & bit) != 0);
            first = false;
        }
    }
}
