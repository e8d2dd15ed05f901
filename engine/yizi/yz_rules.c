/* yz_rules.c -- the rules of the line game (RULES.md 7), its position and move text.
 *
 * Rule: 11 points, 0 the goal; ten shared coins.  Setups: rule 1 one coin on each of
 * 1..10; rule 2 two coins on each of 6..10; rule 3 an empty board and ten unplaced
 * coins, placed by the players in turn, one or more at a time, all on one non-goal
 * point, until all are placed; the player who did not place the last coin moves
 * first, which is simply the turn passing on.  A move takes one or more coins from
 * the top of a non-goal point's stack to one point nearer the goal (stacking
 * allowed, at most onto the goal).  All ten on the goal ends the game: normal play,
 * the last mover wins; misère, the last mover loses.
 *
 * Method: the position is the eleven counts (coins are identical, so the order in a
 * stack does not matter), the unplaced count, side and convention; the Zobrist key
 * of a (point, count) pair is a fixed mix of the pair, computed on the fly (no table,
 * no global state), and play/unplay change two or three of them. */
#include "yizi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core.h"

/* The key of COUNT coins on POINT, of the second player to move, of misère. */
static inline uint64_t key(int point, int count) { return bo_mix64(UINT64_C(0x59495A49) + (uint64_t)(point * 16 + count)); }
#define KEY_SIDE UINT64_C(0x8C2F1E5A6B3D4C71)
#define KEY_MISERE UINT64_C(0x31D7A9B0E4F25C68)

/* "1".."3", optionally "-misere" (or "m"), or "misere"/"normal" alone (rule 1). */
int yz_rules_parse(const char *rules, int *rule, bool *misere, char *err, size_t errlen)
{
    *rule = 1;
    *misere = false;
    if (!rules || !*rules) return 0;
    if (strcasecmp(rules, "misere") == 0 || strcmp(rules, "misère") == 0) { *misere = true; return 0; }
    if (strcasecmp(rules, "normal") == 0) return 0;
    if (rules[0] >= '1' && rules[0] <= '3') {
        const char *rest = rules + 1;
        if (!*rest || strcasecmp(rest, "-normal") == 0) { *rule = rules[0] - '0'; return 0; }
        if (strcasecmp(rest, "-misere") == 0 || strcmp(rest, "-misère") == 0 || strcasecmp(rest, "m") == 0) {
            *rule = rules[0] - '0';
            *misere = true;
            return 0;
        }
    }
    return bo_fail(err, errlen, "unknown line-game rules '%s' (known: 1, 2, 3, each also as 1-misere, 2-misere, 3-misere)",
                   rules);
}

/* The hash from nothing, which play/unplay keep incrementally (conformance test). */
uint64_t yz_hash_scratch(const yz_pos *p)
{
    uint64_t h = 0;
    for (int i = 0; i < YZ_POINTS; i++) h ^= key(i, p->count[i]);
    if (p->side) h ^= KEY_SIDE;
    if (p->misere) h ^= KEY_MISERE;
    return h;
}

/* The setup of RULE (1, 2 or 3): the first player is to move (to place under rule 3). */
void yz_start(yz_pos *p, int rule, bool misere)
{
    memset(p, 0, sizeof *p);
    if (rule == 1)
        for (int i = 1; i <= 10; i++) p->count[i] = 1;
    else if (rule == 2)
        for (int i = 6; i <= 10; i++) p->count[i] = 2;
    else
        p->unplaced = YZ_COINS;
    p->misere = misere;
    p->hash = yz_hash_scratch(p);
}

/* Placements while coins are unplaced, else every (from, coins, to): a fixed order,
 * so seeded playouts and the solver's walk are reproducible. */
int yz_legal(const yz_pos *p, uint32_t *out)
{
    int n = 0;
    if (p->unplaced) {
        for (int pt = 1; pt <= 10; pt++)
            for (int k = 1; k <= p->unplaced; k++) out[n++] = yz_placement(pt, k);
        return n;
    }
    for (int from = 1; from <= 10; from++)
        for (int k = 1; k <= p->count[from]; k++)
            for (int to = from - 1; to >= 0; to--) out[n++] = yz_move(from, k, to);
    return n;
}

/* Whether M, which may come from text or a record, is legal here. */
bool yz_is_legal(const yz_pos *p, uint32_t m)
{
    if (m & ~(uint32_t)(YZ_PLACE | 0xFFF)) return false;
    int a = yz_from(m), k = yz_coins(m);
    if (a < 1 || a > 10 || k < 1) return false;
    if (yz_is_placement(m)) return yz_to(m) == 0 && k <= p->unplaced;
    return p->unplaced == 0 && k <= p->count[a] && yz_to(m) < a;
}

/* The rule an illegal M breaks, in the words a judge's verdict uses. */
void yz_why_illegal(const yz_pos *p, uint32_t m, char *buf, size_t n)
{
    int a = yz_from(m), k = yz_coins(m), b = yz_to(m);
    if (yz_is_placement(m)) {
        if (p->unplaced == 0) snprintf(buf, n, "all ten coins are placed: no more placements");
        else if (a < 1 || a > 10) snprintf(buf, n, "coins are placed on points 1 to 10, not %d", a);
        else if (k < 1) snprintf(buf, n, "a placement places at least one coin");
        else snprintf(buf, n, "%d coin%s placed but only %d unplaced", k, k == 1 ? "" : "s", p->unplaced);
        return;
    }
    if (p->unplaced) snprintf(buf, n, "%d coin%s still to be placed: no coin moves before all are placed", p->unplaced,
                              p->unplaced == 1 ? " is" : "s are");
    else if (a == 0) snprintf(buf, n, "coins on the goal never move again");
    else if (a > 10) snprintf(buf, n, "there is no point %d (points are 0 to 10)", a);
    else if (k < 1) snprintf(buf, n, "a move takes at least one coin");
    else if (p->count[a] == 0) snprintf(buf, n, "point %d is empty", a);
    else if (k > p->count[a]) snprintf(buf, n, "point %d holds %d coin%s, not %d", a, p->count[a], p->count[a] == 1 ? "" : "s", k);
    else if (b >= a) snprintf(buf, n, "coins move toward the goal: from %d to %d is not nearer 0", a, b);
    else snprintf(buf, n, "not a legal move");
}

/* Play M: two or three Zobrist keys change, and the turn passes on (also after the
 * last placement: that is rule 3's "the player who did not place last moves first"). */
void yz_play(yz_pos *p, uint32_t m)
{
    int a = yz_from(m), k = yz_coins(m);
    uint64_t h = p->hash ^ KEY_SIDE ^ key(a, p->count[a]);
    if (yz_is_placement(m)) {
        p->count[a] = (uint8_t)(p->count[a] + k);
        p->unplaced = (uint8_t)(p->unplaced - k);
        h ^= key(a, p->count[a]);
    } else {
        int b = yz_to(m);
        p->count[a] = (uint8_t)(p->count[a] - k);
        h ^= key(a, p->count[a]) ^ key(b, p->count[b]);
        p->count[b] = (uint8_t)(p->count[b] + k);
        h ^= key(b, p->count[b]);
    }
    p->side ^= 1;
    p->hash = h;
}

/* Take M back: the exact inverse of yz_play. */
void yz_unplay(yz_pos *p, uint32_t m)
{
    int a = yz_from(m), k = yz_coins(m);
    uint64_t h = p->hash ^ KEY_SIDE ^ key(a, p->count[a]);
    if (yz_is_placement(m)) {
        p->count[a] = (uint8_t)(p->count[a] - k);
        p->unplaced = (uint8_t)(p->unplaced + k);
        h ^= key(a, p->count[a]);
    } else {
        int b = yz_to(m);
        p->count[a] = (uint8_t)(p->count[a] + k);
        h ^= key(a, p->count[a]) ^ key(b, p->count[b]);
        p->count[b] = (uint8_t)(p->count[b] - k);
        h ^= key(b, p->count[b]);
    }
    p->side ^= 1;
    p->hash = h;
}

/* The game ends with all ten coins on the goal. */
bool yz_over(const yz_pos *p) { return p->count[0] == YZ_COINS; }

/* The player who moved last is the one not to move now. */
int yz_winner(const yz_pos *p)
{
    if (!yz_over(p)) return -1;
    int last = p->side ^ 1;
    return p->misere ? p->side : last;
}

/* Leaf count of the move tree: the game's own perft, for the descriptor's to match. */
uint64_t yz_perft(const yz_pos *p, int depth)
{
    if (depth == 0) return 1;
    if (yz_over(p)) return 0;
    uint32_t moves[YZ_MAX_MOVES];
    int n = yz_legal(p, moves);
    if (depth == 1) return (uint64_t)n;
    yz_pos q = *p;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        yz_play(&q, moves[i]);
        total += yz_perft(&q, depth - 1);
        yz_unplay(&q, moves[i]);
    }
    return total;
}

/* The position text that yz_from_text reads back (yizi.h). */
void yz_to_text(const yz_pos *p, char *buf, size_t n)
{
    size_t w = 0;
    for (int i = 0; i < YZ_POINTS && w < n; i++)
        w += (size_t)snprintf(buf + w, n - w, "%s%d", i ? "," : "", p->count[i]);
    if (w < n) snprintf(buf + w, n - w, " %c %d %s", p->side ? 's' : 'f', p->unplaced, p->misere ? "misere" : "normal");
}

/* A whole number at *S (digits only), advancing past it; -1 if none. */
static int read_int(const char **s)
{
    const char *q = *s;
    if (*q < '0' || *q > '9') return -1;
    long v = 0;
    while (*q >= '0' && *q <= '9' && v < 1000) v = v * 10 + (*q++ - '0');
    *s = q;
    return (int)v;
}

static const char *skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    return s;
}

/* The position text (yizi.h), every fault refused with its column and the rule. */
int yz_from_text(yz_pos *p, const char *text, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    const char *s = skip_blanks(text);
    int total = 0;
    for (int i = 0; i < YZ_POINTS; i++) {
        if (i > 0) {
            if (*s != ',') return bo_fail(err, errlen, "column %d: expected ',' before the count of point %d (11 counts, points 0 to 10)",
                                          (int)(s - text) + 1, i);
            s++;
        }
        const char *at = s;
        int c = read_int(&s);
        if (c < 0) return bo_fail(err, errlen, "column %d: expected the count of point %d", (int)(at - text) + 1, i);
        if (c > YZ_COINS) return bo_fail(err, errlen, "column %d: %d coins on point %d: there are only ten", (int)(at - text) + 1, c, i);
        p->count[i] = (uint8_t)c;
        total += c;
    }
    if (*s == ',') return bo_fail(err, errlen, "column %d: more than 11 counts (points are 0 to 10)", (int)(s - text) + 1);
    if (total > YZ_COINS) return bo_fail(err, errlen, "%d coins on the board: there are only ten", total);
    p->unplaced = (uint8_t)(YZ_COINS - total);
    s = skip_blanks(s);
    if (*s == 'f' || *s == 's' || *s == 'F' || *s == 'S') {
        p->side = (*s == 's' || *s == 'S');
        s++;
        static const char *const words[] = {"irst", "econd"};
        const char *w = words[p->side];
        if (strncasecmp(s, w, strlen(w)) == 0) s += strlen(w);
    } else if (*s) {
        return bo_fail(err, errlen, "column %d: expected the side to move, f or s (first or second player)", (int)(s - text) + 1);
    } else {
        return bo_fail(err, errlen, "the side to move is missing: f or s after the 11 counts");
    }
    s = skip_blanks(s);
    if (*s >= '0' && *s <= '9') {
        const char *at = s;
        int u = read_int(&s);
        if (u != p->unplaced)
            return bo_fail(err, errlen, "column %d: %d unplaced coins, but %d are on the board: %d must be unplaced",
                           (int)(at - text) + 1, u, total, YZ_COINS - total);
        s = skip_blanks(s);
    }
    if (strncasecmp(s, "misere", 6) == 0) { p->misere = 1; s += 6; }
    else if (strncmp(s, "misère", 7) == 0) { p->misere = 1; s += 7; }
    else if (strncasecmp(s, "normal", 6) == 0) s += 6;
    s = skip_blanks(s);
    if (*s) return bo_fail(err, errlen, "column %d: unexpected '%s' (after the side: unplaced count, then normal or misere)",
                           (int)(s - text) + 1, s);
    if (p->unplaced && p->count[0])
        return bo_fail(err, errlen, "%d coins on the goal while %d are unplaced: no coin moves before all are placed",
                       p->count[0], p->unplaced);
    p->hash = yz_hash_scratch(p);
    return 0;
}

/* "10:2-6" or "4+3". */
int yz_move_to_text(uint32_t m, char *buf, size_t n)
{
    int w = yz_is_placement(m) ? snprintf(buf, n, "%d+%d", yz_from(m), yz_coins(m))
                               : snprintf(buf, n, "%d:%d-%d", yz_from(m), yz_coins(m), yz_to(m));
    return w > 0 && (size_t)w < n ? 0 : -1;
}

/* A move's text, refused unless well formed and legal at P (with the reason). */
int yz_move_from_text(const yz_pos *p, const char *text, uint32_t *m, char *err, size_t errlen)
{
    const char *s = skip_blanks(text);
    int a = read_int(&s), k, b = 0;
    bool place;
    if (a < 0) return bo_fail(err, errlen, "'%s': expected FROM:COINS-TO (10:2-6) or POINT+COINS (4+3)", text);
    if (*s == '+') {
        s++;
        place = true;
        k = read_int(&s);
    } else if (*s == ':') {
        s++;
        place = false;
        k = read_int(&s);
        if (*s != '-') return bo_fail(err, errlen, "'%s': expected '-' and the point the coins go to (10:2-6)", text);
        s++;
        b = read_int(&s);
    } else {
        return bo_fail(err, errlen, "'%s': expected FROM:COINS-TO (10:2-6) or POINT+COINS (4+3)", text);
    }
    s = skip_blanks(s);
    if (k < 0 || b < 0 || *s) return bo_fail(err, errlen, "'%s': expected FROM:COINS-TO (10:2-6) or POINT+COINS (4+3)", text);
    if (a > 15 || k > 15 || b > 15) {
        return bo_fail(err, errlen, "'%s': %s", text, a > 15 || b > 15 ? "points are 0 to 10" : "there are only ten coins");
    }
    uint32_t mv = place ? yz_placement(a, k) : yz_move(a, k, b);
    if (!yz_is_legal(p, mv)) {
        char why[128];
        yz_why_illegal(p, mv, why, sizeof why);
        return bo_fail(err, errlen, "'%s' is not legal here: %s", text, why);
    }
    *m = mv;
    return 0;
}
