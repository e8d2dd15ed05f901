/* tg_rules.c -- Two Tigers' moves: generation, play and unplay, perft, move text.
 *
 * Rule (RULES.md 8): tigers move first.  A tiger steps to an adjacent empty point, or
 * jumps along a straight line over an adjacent point holding 1..4 dogs to the empty
 * point just beyond, taking exactly one dog (one jump per move).  A dog steps to an
 * adjacent empty point, one dog from a stack at a time, so stacks only shrink.
 * Method: a move is from | to << 5 and a jump is told by its length; play keeps the
 * Zobrist hash and the dog mask incrementally and keeps the tigers in ascending
 * order so that one position has one byte form. */
#include <stdio.h>
#include <string.h>

#include "core.h"
#include "tigers.h"

static inline bool is_empty(const tg_pos *p, int q)
{
    return !(p->dmask >> q & 1) && q != p->tiger[0] && q != p->tiger[1];
}

/* One tiger's steps and jumps, by direction. */
int tg_tiger_moves(const tg_pos *p, int t, uint32_t *out)
{
    int n = 0, from = p->tiger[t];
    for (int d = 0; d < 8; d++) {
        int q = tg_step(from, d);
        if (q < 0) continue;
        if (is_empty(p, q)) {
            out[n++] = tg_move(from, q);
        } else if (p->dmask >> q & 1) {
            int l = tg_step(q, d);
            if (l >= 0 && is_empty(p, l)) out[n++] = tg_move(from, l);
        }
    }
    return n;
}

/* Tigers: both tigers' moves, the lower point's first; dogs: by point, then direction. */
int tg_legal(const tg_pos *p, uint32_t *out)
{
    if (p->captured >= TG_WIN_CAPTURES) return 0;
    if (p->side == TG_TIGERS) {
        int n = tg_tiger_moves(p, 0, out);
        return n + tg_tiger_moves(p, 1, out + n);
    }
    int n = 0;
    for (uint32_t m = p->dmask; m; m &= m - 1) {
        int from = __builtin_ctz(m);
        for (int d = 0; d < 8; d++) {
            int q = tg_step(from, d);
            if (q >= 0 && is_empty(p, q)) out[n++] = tg_move(from, q);
        }
    }
    return n;
}

bool tg_is_legal(const tg_pos *p, uint32_t m)
{
    uint32_t moves[TG_MAX_MOVES];
    int n = tg_legal(p, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == m) return true;
    return false;
}

static void put_dogs(tg_pos *p, int q, int n)
{
    p->hash ^= tg_key_dogs(q, p->dogs[q]) ^ tg_key_dogs(q, n);
    p->dogs[q] = (uint8_t)n;
    if (n) p->dmask |= 1u << q;
    else p->dmask &= ~(1u << q);
}

/* The tigers are kept ascending; a move may swap their order. */
static void move_tiger(tg_pos *p, int from, int to)
{
    int t = p->tiger[0] == from ? 0 : 1;
    p->tiger[t] = (uint8_t)to;
    if (p->tiger[0] > p->tiger[1]) { uint8_t x = p->tiger[0]; p->tiger[0] = p->tiger[1]; p->tiger[1] = x; }
    p->hash ^= tg_key_tiger(from) ^ tg_key_tiger(to);
}

void tg_play(tg_pos *p, uint32_t m, tg_undo *u)
{
    int from = tg_from(m), to = tg_to(m);
    u->hash = p->hash;
    u->quiet = p->quiet;
    u->tiger[0] = p->tiger[0];
    u->tiger[1] = p->tiger[1];
    if (p->side == TG_TIGERS) {
        int mid = tg_jump_mid(from, to);
        move_tiger(p, from, to);
        if (mid >= 0) {
            put_dogs(p, mid, p->dogs[mid] - 1);
            p->captured++;
            p->quiet = 0;
        } else {
            p->quiet++;
        }
    } else {
        put_dogs(p, from, p->dogs[from] - 1);
        put_dogs(p, to, 1);
        p->quiet++;
    }
    p->side ^= 1;
    p->hash ^= tg_key_side();
}

void tg_unplay(tg_pos *p, uint32_t m, const tg_undo *u)
{
    int from = tg_from(m), to = tg_to(m);
    p->side ^= 1;
    if (p->side == TG_TIGERS) {
        int mid = tg_jump_mid(from, to);   /* every jump took a dog */
        if (mid >= 0) {
            put_dogs(p, mid, p->dogs[mid] + 1);
            p->captured--;
        }
        p->tiger[0] = u->tiger[0];
        p->tiger[1] = u->tiger[1];
    } else {
        put_dogs(p, to, 0);
        put_dogs(p, from, p->dogs[from] + 1);
    }
    p->quiet = u->quiet;
    p->hash = u->hash;
}

uint64_t tg_perft(tg_pos *p, int depth)
{
    uint32_t moves[TG_MAX_MOVES];
    if (depth == 0) return 1;
    int n = tg_legal(p, moves);
    if (depth == 1) return (uint64_t)n;
    uint64_t total = 0;
    tg_undo u;
    for (int i = 0; i < n; i++) {
        tg_play(p, moves[i], &u);
        total += tg_perft(p, depth - 1);
        tg_unplay(p, moves[i], &u);
    }
    return total;
}

int tg_move_to_text(const tg_pos *p, uint32_t m, char *buf, size_t n)
{
    char a[3], b[3];
    int from = tg_from(m), to = tg_to(m);
    if (from >= TG_POINTS || to >= TG_POINTS) return -1;
    tg_point_name(from, a);
    tg_point_name(to, b);
    int mid = tg_jump_mid(from, to);
    if (p->side == TG_TIGERS && mid >= 0 && p->dogs[mid] > 0) snprintf(buf, n, "%sx%s(%d)", a, b, p->dogs[mid]);
    else snprintf(buf, n, "%s-%s", a, b);
    return 0;
}

/* Reads "b3-a3", "b3a3", "b3xb1" and "b3xb1(4)" and says which rule a move breaks. */
int tg_move_from_text(const tg_pos *p, const char *text, uint32_t *m, char *err, size_t errlen)
{
    const char *s = text;
    int from, to, height = -1;
    char sep = 0, a[3], b[3];
    while (*s == ' ') s++;
    if (tg_point_parse(s, &from) < 0) return bo_fail(err, errlen, "'%s': a move starts with a point a1..e5", text);
    s += 2;
    if (*s == '-' || *s == 'x' || *s == 'X' || *s == ':') sep = *s++;
    if (tg_point_parse(s, &to) < 0) return bo_fail(err, errlen, "'%s': the point moved to (a1..e5) is missing", text);
    s += 2;
    if (*s == '(') {
        if (s[1] < '1' || s[1] > '4' || s[2] != ')')
            return bo_fail(err, errlen, "'%s': a jump's stack height is written (1) to (4)", text);
        height = s[1] - '0';
        s += 3;
    }
    while (*s == ' ' || *s == '!' || *s == '?') s++;
    if (*s) return bo_fail(err, errlen, "'%s': unexpected '%c' after the move", text, *s);
    tg_point_name(from, a);
    tg_point_name(to, b);
    if (p->captured >= TG_WIN_CAPTURES) return bo_fail(err, errlen, "%s: the game is over (six dogs taken)", text);
    int mid = tg_jump_mid(from, to);
    bool step = false;
    for (int d = 0; d < 8; d++) step |= tg_step(from, d) == to;
    if (p->side == TG_TIGERS) {
        if (from != p->tiger[0] && from != p->tiger[1])
            return bo_fail(err, errlen, "%s: no tiger on %s (the tigers are to move)", text, a);
        if (!step && mid < 0) return bo_fail(err, errlen, "%s: %s and %s are not one step or one jump apart along a line", text, a, b);
        if (!is_empty(p, to)) return bo_fail(err, errlen, "%s: %s is not empty", text, b);
        if (step && (sep == 'x' || sep == 'X' || height > 0))
            return bo_fail(err, errlen, "%s: %s to %s is a step, not a jump", text, a, b);
        if (mid >= 0) {
            char c[3];
            tg_point_name(mid, c);
            if (!p->dogs[mid]) return bo_fail(err, errlen, "%s: a jump needs dogs on %s", text, c);
            if (sep == '-') return bo_fail(err, errlen, "%s: %s to %s is a jump over %s: write %sx%s", text, a, b, c, a, b);
            if (height > 0 && height != p->dogs[mid])
                return bo_fail(err, errlen, "%s: %s holds %d dog(s), not %d", text, c, p->dogs[mid], height);
        }
    } else {
        if (!p->dogs[from]) return bo_fail(err, errlen, "%s: no dog on %s (the dogs are to move)", text, a);
        if (!step) return bo_fail(err, errlen, "%s: a dog moves one step along a line, and %s is not next to %s", text, b, a);
        if (!is_empty(p, to)) return bo_fail(err, errlen, "%s: %s is not empty", text, b);
        if (sep == 'x' || sep == 'X' || height > 0) return bo_fail(err, errlen, "%s: dogs do not jump", text);
    }
    *m = tg_move(from, to);
    return 0;
}
