/* judge.c - explaining why a move a game record claims is not legal, in words a judge
 * would use. Slow path: generates and re-searches freely. */
#include "draughts.h"
#include "dr_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* Format into the caller's buffer and return it: the judges of every variant word
 * their reasons through this. */
const char *dr_say(char *buf, size_t n, const char *fmt, ...)
{
    if (!buf || n == 0) return "illegal move";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, n, fmt, ap);
    va_end(ap);
    return buf;
}

/* Board coordinates of square s: x = column 0..9 from the left, y = row 0..9 from the top. */
static void coords(int s, int *x, int *y)
{
    int r = (s - 1) / 5, c = (s - 1) % 5;
    *y = r;
    *x = 2 * c + (r % 2 == 0 ? 1 : 0);
}

/* Square number at (x, y), which must be a dark square. */
static int square_at(int x, int y) { return y * 5 + (x - (y % 2 == 0 ? 1 : 0)) / 2 + 1; }

typedef struct seqstat {
    int to_bit;
    int complete_max;      /* most pieces of a finished sequence ending on to (-1: none) */
    int prefix_max;        /* most pieces of any partial sequence ending on to (-1: none) */
    int origin_max;        /* most pieces of any finished sequence from the origin */
} seqstat;

/* Collect, for the judge, what captures from one origin can reach. */
static void seq_visit(void *vctx, uint64_t captured, const uint8_t *path, int n, bool complete)
{
    seqstat *st = vctx;
    (void)captured;
    if (complete && n > st->origin_max) st->origin_max = n;
    if (path[n - 1] != st->to_bit) return;
    if (complete && n > st->complete_max) st->complete_max = n;
    if (n > st->prefix_max) st->prefix_max = n;
}

/* "1 piece" / "3 pieces". */
static const char *pieces(int k) { return k == 1 ? "piece" : "pieces"; }

/* Why a plain move from..to is not legal (called when no legal move matches). */
static const char *plain_reason(const dr_pos *p, int from, int to, int k, int kfrom, char *buf, size_t n)
{
    uint64_t occ = p->white | p->black;
    bool king = (p->kings >> (from - 1)) & 1;
    if (from == to) return dr_say(buf, n, "a move must leave square %d", from);
    if (occ & (UINT64_C(1) << (to - 1))) return dr_say(buf, n, "square %d is occupied", to);
    int x1, y1, x2, y2;
    coords(from, &x1, &y1);
    coords(to, &x2, &y2);
    int dx = x2 - x1, dy = y2 - y1;
    bool diagonal = abs(dx) == abs(dy);
    if (!king) {
        bool backwards = p->side == DR_WHITE ? dy > 0 : dy < 0;
        if (diagonal && abs(dy) == 1 && backwards)
            return dr_say(buf, n, "a man cannot move backwards without capturing");
        if (!diagonal || abs(dy) != 1) return dr_say(buf, n, "a man moves one square diagonally");
    } else {
        if (!diagonal) return dr_say(buf, n, "a king moves along a diagonal");
        int sx = dx > 0 ? 1 : -1, sy = dy > 0 ? 1 : -1;
        for (int x = x1 + sx, y = y1 + sy; x != x2; x += sx, y += sy) {
            int s = square_at(x, y);
            if (occ & (UINT64_C(1) << (s - 1)))
                return dr_say(buf, n, "the king's path from %d to %d is blocked on %d", from, to, s);
        }
    }
    if (k > 0)
        return dr_say(buf, n, "a capture is compulsory: %d %s can be taken (from %d)", k, pieces(k), kfrom);
    return dr_say(buf, n, "%d-%d is not a legal move", from, to);
}

/* Explain an illegal claimed move; NULL when it is legal (see draughts.h). */
const char *dr_illegal_reason(const dr_pos *p, int from, int to, bool is_capture, char *buf, size_t n)
{
    if (p->variant != DR_INTERNATIONAL)
        return p->variant == DR_FRISIAN ? dr_fr_illegal_reason(p, from, to, is_capture, buf, n)
                                        : dr_v8_illegal_reason(p, from, to, is_capture, buf, n);
    if (from < 1 || from > DR_SQUARES) return dr_say(buf, n, "square %d does not exist", from);
    if (to < 1 || to > DR_SQUARES) return dr_say(buf, n, "square %d does not exist", to);
    uint64_t f = UINT64_C(1) << (from - 1);
    bool white = p->side == DR_WHITE;
    uint64_t own = white ? p->white : p->black;
    if (!((p->white | p->black) & f)) return dr_say(buf, n, "there is no piece on %d", from);
    if (!(own & f)) return dr_say(buf, n, "the piece on %d is %s's", from, white ? "black" : "white");

    dr_move moves[DR_MAX_MOVES];
    int nm = dr_gen_moves(p, moves);
    for (int i = 0; i < nm; i++) {
        if (moves[i].from != from || moves[i].to != to) continue;
        bool cap = moves[i].captured != 0;
        if (cap == is_capture) return NULL;
        if (cap) return dr_say(buf, n, "%d-%d is a capture: it is written %dx%d", from, to, from, to);
        return dr_say(buf, n, "%dx%d captures nothing: a plain move is written %d-%d", from, to, from, to);
    }

    int kfrom = 0;
    int k = dr_max_capture_available(p, &kfrom);
    seqstat st = { dri_bit_of_square(to), -1, -1, 0 };
    dri_pos q = dri_from_pos(p);
    if (k > 0) {
        dri_walk_captures(&q, dri_bit_of_square(from), seq_visit, &st);
        if (st.origin_max == k) kfrom = from; /* name the claimed piece when it could do it */
    }
    if (!is_capture) return plain_reason(p, from, to, k, kfrom, buf, n);

    if (k == 0) return dr_say(buf, n, "no capture is possible in this position");
    int c = st.complete_max >= 0 ? st.complete_max : st.prefix_max;
    if (c < 0) return dr_say(buf, n, "no capture from %d ends on %d", from, to);
    if (c < k)
        return dr_say(buf, n, "a capture of %d %s was available (from %d); this move captures %d", k,
                   pieces(k), kfrom, c);
    return dr_say(buf, n, "%dx%d is not a legal capture", from, to);
}
