/* ng_board.c -- NoGo's rules on the board (RULES.md section 4).
 *
 * Rule: a point is legal for the side to move when it is empty, taking it leaves every
 * adjacent opposing group a liberty (no capture), and leaves its own new group a
 * liberty (no suicide); rule set botzone also keeps black's first stone off the centre.
 * Captures never happen in a legal game, so groups only ever merge.
 *
 * Method: every group's stones and liberties are 81-bit sets kept at its
 * representative point (the last stone that joined it).  A move merges the adjacent
 * own groups into one set at the new point and takes the point from the liberties of
 * the adjacent opposing groups; the undo record keeps the merged groups to put them
 * back.  The whole legal set is then set algebra over the groups:
 *   legal = empty & ~(liberties of opposing groups in atari)
 *                 & (points next to an empty point | liberties of own groups with >= 2)
 * with no flood fill per candidate.  The hash is Zobrist's, keys from a fixed seed. */
#include "nogo.h"

#include <stdio.h>
#include <string.h>

#include "core.h"

#define BIT(p) ((ng_bits)1 << (p))

/* The 81 points, and the first and last columns (for shifts): constant expressions. */
#define COL(c) (BIT(c) | BIT(9 + (c)) | BIT(18 + (c)) | BIT(27 + (c)) | BIT(36 + (c)) | BIT(45 + (c)) \
                | BIT(54 + (c)) | BIT(63 + (c)) | BIT(72 + (c)))
#define ALL (BIT(NG_POINTS) - 1)

static inline ng_bits board_mask(void)
{
    return ALL;
}

/* The points next to any point of S. */
static inline ng_bits neighbours(ng_bits s)
{
    return ((s << NG_SIZE) | (s >> NG_SIZE) | ((s & ~COL(NG_SIZE - 1)) << 1) | ((s & ~COL(0)) >> 1)) & ALL;
}

int ng_popcount(ng_bits b)
{
    return __builtin_popcountll((uint64_t)b) + __builtin_popcountll((uint64_t)(b >> 64));
}

int ng_first(ng_bits b)
{
    uint64_t lo = (uint64_t)b;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(b >> 64));
}

/* Zobrist keys: a stateless mix of a fixed seed, so no table needs initialising. */
static inline uint64_t zkey(int point, int player)
{
    return bo_mix64(UINT64_C(0x4E6F476F5A6F6272) ^ (uint64_t)(point * 2 + player));
}
static const uint64_t ZSIDE = UINT64_C(0x9A3C5B1E7D2F4680);

const char *const ng_rule_names[] = {"ccgc", "botzone", NULL};

int ng_rules_by_name(const char *name)
{
    if (!name || !*name) return NG_RULES_CCGC;
    for (int i = 0; ng_rule_names[i]; i++)
        if (strcmp(name, ng_rule_names[i]) == 0) return i;
    return -1;
}

void ng_start(ng_pos *p, int rules)
{
    memset(p, 0, sizeof *p);
    p->rules = (uint8_t)rules;
    p->hash = ng_hash_scratch(p);
}

uint64_t ng_hash_scratch(const ng_pos *p)
{
    uint64_t h = p->to_move ? ZSIDE : 0;
    for (int c = 0; c < 2; c++)
        for (ng_bits s = p->stones[c]; s; s &= s - 1) h ^= zkey(ng_first(s), c);
    return h;
}

/* Bit tests that the legal set and the checks share. */
static inline bool single(ng_bits b)
{
    return b && !(b & (b - 1));
}

ng_bits ng_legal_set(const ng_pos *p)
{
    return ng_legal_set_for(p, p->to_move);
}

ng_bits ng_legal_set_for(const ng_pos *p, int c)
{
    ng_bits occupied = p->stones[0] | p->stones[1];
    ng_bits empty = board_mask() & ~occupied;
    ng_bits atari = 0, safe = 0;
    for (ng_bits s = p->reps[1 - c]; s; s &= s - 1) {
        int q = ng_first(s);
        if (single(p->glibs[q])) atari |= p->glibs[q];
    }
    for (ng_bits s = p->reps[c]; s; s &= s - 1) {
        int q = ng_first(s);
        if (!single(p->glibs[q])) safe |= p->glibs[q];
    }
    ng_bits legal = empty & ~atari & (neighbours(empty) | safe);
    if (p->rules == NG_RULES_BOTZONE && c == 0 && p->stones[0] == 0) legal &= ~BIT(NG_CENTRE);
    return legal;
}

/* The up-to-four points next to POINT; returns how many. */
static inline int point_neighbours(int point, int out[4])
{
    int r = point / NG_SIZE, col = point % NG_SIZE, n = 0;
    if (r > 0) out[n++] = point - NG_SIZE;
    if (r < NG_SIZE - 1) out[n++] = point + NG_SIZE;
    if (col > 0) out[n++] = point - 1;
    if (col < NG_SIZE - 1) out[n++] = point + 1;
    return n;
}

ng_fault ng_check(const ng_pos *p, int point, ng_bits *killed)
{
    if (point < 0 || point >= NG_POINTS) return NG_OCCUPIED;
    int c = p->to_move;
    ng_bits b = BIT(point);
    if ((p->stones[0] | p->stones[1]) & b) return NG_OCCUPIED;
    if (p->rules == NG_RULES_BOTZONE && c == 0 && p->stones[0] == 0 && point == NG_CENTRE) return NG_CENTRE_FIRST;
    int nb[4], n = point_neighbours(point, nb);
    for (int i = 0; i < n; i++)
        if (p->stones[1 - c] & BIT(nb[i])) {
            int r = p->gid[nb[i]];
            if (p->glibs[r] == b) {
                if (killed) *killed = p->gstones[r];
                return NG_CAPTURE;
            }
        }
    ng_bits group = b;
    for (int i = 0; i < n; i++) {
        ng_bits q = BIT(nb[i]);
        if (!((p->stones[0] | p->stones[1]) & q)) return NG_OK;
        if (p->stones[c] & q) {
            int r = p->gid[nb[i]];
            if (p->glibs[r] != b) return NG_OK;
            group |= p->gstones[r];
        }
    }
    if (killed) *killed = group;
    return NG_SUICIDE;
}

void ng_play(ng_pos *p, int point, ng_undo *u)
{
    int c = p->to_move;
    ng_bits b = BIT(point), occupied = p->stones[0] | p->stones[1];
    ng_bits stones = b, libs = 0;
    int nb[4], n = point_neighbours(point, nb), nown = 0;
    uint8_t own[4];
    for (int i = 0; i < n; i++) {
        int q = nb[i];
        ng_bits qb = BIT(q);
        if (!(occupied & qb)) { libs |= qb; continue; }
        int r = p->gid[q];
        if (p->stones[1 - c] & qb) { p->glibs[r] &= ~b; continue; }
        bool seen = false;
        for (int k = 0; k < nown; k++) seen |= own[k] == r;
        if (seen) continue;
        if (u) {
            u->own[nown] = (uint8_t)r;
            u->own_stones[nown] = p->gstones[r];
            u->own_libs[nown] = p->glibs[r];
        }
        own[nown++] = (uint8_t)r;
        stones |= p->gstones[r];
        libs |= p->glibs[r];
        p->gstones[r] = 0;
        p->glibs[r] = 0;
        p->reps[c] &= ~BIT(r);
    }
    libs &= ~b;
    for (ng_bits s = stones; s; s &= s - 1) p->gid[ng_first(s)] = (uint8_t)point;
    p->gstones[point] = stones;
    p->glibs[point] = libs;
    p->stones[c] |= b;
    p->reps[c] |= b;
    p->hash ^= zkey(point, c) ^ ZSIDE;
    p->to_move = (uint8_t)(1 - c);
    p->ply++;
    if (u) {
        u->point = (uint8_t)point;
        u->nown = (uint8_t)nown;
    }
}

void ng_unplay(ng_pos *p, const ng_undo *u)
{
    int point = u->point, c = 1 - p->to_move;
    ng_bits b = BIT(point);
    p->stones[c] &= ~b;
    p->reps[c] &= ~b;
    p->gstones[point] = 0;
    p->glibs[point] = 0;
    p->gid[point] = 0;
    for (int k = 0; k < u->nown; k++) {
        int r = u->own[k];
        p->gstones[r] = u->own_stones[k];
        p->glibs[r] = u->own_libs[k];
        p->reps[c] |= BIT(r);
        for (ng_bits s = u->own_stones[k]; s; s &= s - 1) p->gid[ng_first(s)] = (uint8_t)r;
    }
    int nb[4], n = point_neighbours(point, nb);
    for (int i = 0; i < n; i++)
        if (p->stones[1 - c] & BIT(nb[i])) p->glibs[p->gid[nb[i]]] |= b;
    p->hash ^= zkey(point, c) ^ ZSIDE;
    p->to_move = (uint8_t)c;
    p->ply--;
}

uint64_t ng_perft(ng_pos *p, int depth)
{
    if (depth == 0) return 1;
    ng_bits legal = ng_legal_set(p);
    if (depth == 1) return (uint64_t)ng_popcount(legal);
    uint64_t total = 0;
    ng_undo u;
    for (; legal; legal &= legal - 1) {
        ng_play(p, ng_first(legal), &u);
        total += ng_perft(p, depth - 1);
        ng_unplay(p, &u);
    }
    return total;
}

/* Go coordinates skip the letter I. */
static const char GO_COLS[] = "ABCDEFGHJ";

void ng_point_go(int point, char out[4])
{
    out[0] = GO_COLS[point % NG_SIZE];
    out[1] = (char)('0' + (NG_SIZE - point / NG_SIZE));
    out[2] = 0;
}

void ng_point_sgf(int point, char out[3])
{
    out[0] = (char)('a' + point % NG_SIZE);
    out[1] = (char)('a' + point / NG_SIZE);
    out[2] = 0;
}

int ng_point_from_go(const char *s, size_t len)
{
    if (len != 2) return -1;
    char c = s[0] >= 'a' && s[0] <= 'z' ? (char)(s[0] - 'a' + 'A') : s[0];
    const char *at = c == 'I' || !c ? NULL : strchr(GO_COLS, c);
    if (!at || s[1] < '1' || s[1] > '9') return -1;
    return (NG_SIZE - (s[1] - '0')) * NG_SIZE + (int)(at - GO_COLS);
}

int ng_point_from_sgf(const char *s, size_t len)
{
    if (len != 2 || s[0] < 'a' || s[0] > 'i' || s[1] < 'a' || s[1] > 'i') return -1;
    return (s[1] - 'a') * NG_SIZE + (s[0] - 'a');
}

/* Groups from the stones alone (position text only: a flood fill is fine here). */
static void build_groups(ng_pos *p)
{
    ng_bits occupied = p->stones[0] | p->stones[1];
    ng_bits empty = board_mask() & ~occupied;
    memset(p->gstones, 0, sizeof p->gstones);
    memset(p->glibs, 0, sizeof p->glibs);
    memset(p->gid, 0, sizeof p->gid);
    p->reps[0] = p->reps[1] = 0;
    for (int c = 0; c < 2; c++) {
        ng_bits todo = p->stones[c];
        while (todo) {
            int r = ng_first(todo);
            ng_bits g = BIT(r), grown;
            while ((grown = (g | neighbours(g)) & p->stones[c]) != g) g = grown;
            todo &= ~g;
            /* The representative: the group's highest point (any fixed choice works). */
            int rep = 0;
            for (ng_bits s = g; s; s &= s - 1) rep = ng_first(s);
            for (ng_bits s = g; s; s &= s - 1) p->gid[ng_first(s)] = (uint8_t)rep;
            p->gstones[rep] = g;
            p->reps[c] |= BIT(rep);
            p->glibs[rep] = neighbours(g) & empty;
        }
    }
}

int ng_from_text(ng_pos *p, int rules, const char *text, char *err, size_t errlen)
{
    ng_start(p, rules);
    const char *s = text;
    while (*s == ' ' || *s == '\t') s++;
    for (int r = 0; r < NG_SIZE; r++) {
        int col = 0;
        while (col < NG_SIZE + 1 && *s && *s != '/' && *s != ' ') {
            char ch = *s++;
            if (ch >= '1' && ch <= '9') { col += ch - '0'; continue; }
            if (ch != '.' && ch != 'X' && ch != 'x' && ch != 'O' && ch != 'o')
                return bo_fail(err, errlen, "row %d: '%c' is not a point (X black, O white, . or a digit empty)", r + 1, ch);
            if (col >= NG_SIZE) { col++; break; }
            if (ch != '.') p->stones[ch == 'X' || ch == 'x' ? 0 : 1] |= BIT(r * NG_SIZE + col);
            col++;
        }
        if (col != NG_SIZE) return bo_fail(err, errlen, "row %d has %d points, not 9", r + 1, col);
        if (r < NG_SIZE - 1) {
            if (*s != '/') return bo_fail(err, errlen, "the board has %d rows, not 9 (rows are separated by '/')", r + 1);
            s++;
        }
    }
    while (*s == ' ' || *s == '\t') s++;
    if ((*s == 'b' || *s == 'B' || *s == 'w' || *s == 'W') && (s[1] == 0 || s[1] == ' ' || s[1] == '\n'))
        p->to_move = *s == 'w' || *s == 'W';
    else
        return bo_fail(err, errlen, "after the board: 'b' or 'w' for the side to move");
    int nb = ng_popcount(p->stones[0]), nw = ng_popcount(p->stones[1]);
    if (nb != nw + p->to_move)
        return bo_fail(err, errlen, "%d black and %d white stones with %s to move: black moves first and the sides alternate",
                       nb, nw, p->to_move ? "white" : "black");
    build_groups(p);
    for (int q = 0; q < NG_POINTS; q++)
        if (ng_at(p, q) != NG_EMPTY && p->gid[q] == q && p->glibs[q] == 0) {
            char t[4];
            ng_point_go(q, t);
            return bo_fail(err, errlen, "the group at %s has no liberty: no NoGo game reaches this", t);
        }
    p->ply = (uint8_t)(nb + nw);
    p->hash = ng_hash_scratch(p);
    return 0;
}

void ng_to_text(const ng_pos *p, char *buf, size_t n)
{
    char out[128];
    size_t k = 0;
    for (int r = 0; r < NG_SIZE; r++) {
        int run = 0;
        for (int col = 0; col < NG_SIZE; col++) {
            int c = ng_at(p, r * NG_SIZE + col);
            if (c == NG_EMPTY) { run++; continue; }
            if (run) out[k++] = (char)('0' + run);
            run = 0;
            out[k++] = c == NG_BLACK ? 'X' : 'O';
        }
        if (run) out[k++] = (char)('0' + run);
        if (r < NG_SIZE - 1) out[k++] = '/';
    }
    out[k++] = ' ';
    out[k++] = p->to_move ? 'w' : 'b';
    out[k] = 0;
    snprintf(buf, n, "%s", out);
}
