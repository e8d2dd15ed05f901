/* see.c - static exchange evaluation: what a capture wins or loses in material once
 * both sides have captured on its square for as long as it pays them.
 *
 * The method is the swap list of chess programs: on a copy of the board, each side in
 * turn captures on the square with its least valuable attacker, and the list of
 * running gains is then folded back from its end, each side free to stop capturing
 * when going on would cost it.  Xiangqi's pieces are found from the target square
 * alone: chariots on the first piece of a line, cannons on the second (so taking a
 * piece off the board may open or close a cannon's screen, which rescanning the copy
 * after every capture gets right), horses through an empty leg, elephants through an
 * empty eye, advisors and generals by their palace steps, pawns from behind or, once
 * across the river, beside.  Pins and checks are not looked at (as in chess SEE),
 * except that a general never captures onto a square the other side still attacks. */
#include <string.h>

#include "xq_internal.h"

/* The material the exchange counts, in hundredths of a pawn: the usual scale, since
 * the evaluation's own material weights carry most of a piece's worth in its
 * square tables (a pawn's weight alone is 8). */
static const int see_value[8] = {0, 10000, 200, 200, 400, 900, 450, 100};

/* A pawn of SIDE on FROM that attacks TO: one point behind TO from SIDE's view, or
 * beside it once across the river. */
static bool pawn_hits(int from, int to, xq_side side)
{
    int fwd = side == XQ_RED ? 9 : -9;
    if (from + fwd == to) return true;
    if (XQ_RANK_OF(from) != XQ_RANK_OF(to)) return false;
    int df = XQ_FILE_OF(from) - XQ_FILE_OF(to);
    if (df != 1 && df != -1) return false;
    return side == XQ_RED ? XQ_RANK_OF(from) >= 5 : XQ_RANK_OF(from) <= 4;
}

/* The square of SIDE's least valuable piece attacking TO on board B, or -1. */
static int least_attacker(const uint8_t *b, int to, xq_side side)
{
    const int own = side << 3;
    int best = -1, best_v = 1 << 30;
    /* Pawns: behind, left, right. */
    int behind = to - (side == XQ_RED ? 9 : -9);
    if (behind >= 0 && behind < XQ_SQUARES && b[behind] == (own | XQ_PAWN)) return behind;
    for (int d = -1; d <= 1; d += 2) {
        int f = XQ_FILE_OF(to) + d;
        if (f < 0 || f >= XQ_FILES) continue;
        int from = to + d;
        if (b[from] == (own | XQ_PAWN) && pawn_hits(from, to, side)) return from;
    }
    for (const uint8_t *q = xq_tab.advisor[to]; *q != XQ_END; q++)
        if (b[*q] == (own | XQ_ADVISOR)) return *q;
    for (const xq_step *e = xq_tab.elephant[to]; e->to != XQ_END; e++)
        if (b[e->to] == (own | XQ_ELEPHANT) && !b[e->via]) return e->to;
    for (const xq_step *h = xq_tab.horse_att[to]; h->to != XQ_END; h++)
        if (b[h->to] == (own | XQ_HORSE) && !b[h->via]) return h->to;
    /* Lines: the first piece may be a chariot, the second (over a screen) a cannon. */
    for (int d = 0; d < 4; d++) {
        const uint8_t *q = xq_tab.ray[to][d];
        while (*q != XQ_END && !b[*q]) q++;
        if (*q == XQ_END) continue;
        if (b[*q] == (own | XQ_CHARIOT) && see_value[XQ_CHARIOT] < best_v) { best = *q; best_v = see_value[XQ_CHARIOT]; }
        q++;
        while (*q != XQ_END && !b[*q]) q++;
        if (*q != XQ_END && b[*q] == (own | XQ_CANNON) && see_value[XQ_CANNON] < best_v) {
            best = *q;
            best_v = see_value[XQ_CANNON];
        }
    }
    if (best >= 0) return best;
    for (const uint8_t *q = xq_tab.king[to]; *q != XQ_END; q++)
        if (b[*q] == (own | XQ_KING)) return *q;
    return -1;
}

int xq_see(const xq_pos *p, xq_move m)
{
    xq_tables_init();
    int from = XQ_FROM(m), to = XQ_TO(m);
    uint8_t b[XQ_SQUARES];
    memcpy(b, p->sq, sizeof b);
    int gain[40], d = 0;
    gain[0] = see_value[XQ_KIND(b[to])];
    uint8_t on = b[from];   /* the piece that now stands on TO */
    b[to] = on;
    b[from] = 0;
    xq_side side = (xq_side)(XQ_SIDE(on) ^ 1);
    for (;;) {
        int a = least_attacker(b, to, side);
        if (a < 0) break;
        /* A general may not take what the other side still defends. */
        if (XQ_KIND(b[a]) == XQ_KING) {
            uint8_t k = b[a];
            b[a] = 0;
            b[to] = k;
            bool defended = least_attacker(b, to, (xq_side)(side ^ 1)) >= 0;
            b[a] = k;
            b[to] = on;
            if (defended) break;
        }
        d++;
        gain[d] = see_value[XQ_KIND(on)] - gain[d - 1];
        if (d == 39) break;
        on = b[a];
        b[to] = on;
        b[a] = 0;
        side = (xq_side)(side ^ 1);
    }
    /* Fold back: each side takes the better of stopping and going on. */
    while (d > 0) {
        if (-gain[d] < gain[d - 1]) gain[d - 1] = -gain[d];
        d--;
    }
    return gain[0];
}

/* The victim worth at least its capturer settles it at once: whatever follows, the
 * capturer can stop after the recapture no worse off than victim - capturer. */
bool xq_see_ge(const xq_pos *p, xq_move m, int threshold)
{
    int victim = see_value[XQ_KIND(p->sq[XQ_TO(m)])], attacker = see_value[XQ_KIND(p->sq[XQ_FROM(m)])];
    if (victim - attacker >= threshold) return true;
    if (victim < threshold) return false;
    return xq_see(p, m) >= threshold;
}
