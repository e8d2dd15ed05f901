/* reason.c - why a move is illegal, in words a judge can print.
 * The checks run from the most basic (is there a piece) through the piece's
 * movement rule and blocking points to the general's safety; the first rule
 * broken is reported. A move that passes every check is exactly a move of
 * xq_gen_legal (the tests hold both to that). */
#include "xq_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static const char *const side_name[2] = { "red", "black" };

/* Format the reason into buf and return it (the usual return value). */
static const char *say(char *buf, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static const char *say(char *buf, size_t n, const char *fmt, ...)
{
    if (!buf || !n)
        return "illegal move";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, n, fmt, ap);
    va_end(ap);
    return buf;
}

/* First occupied square strictly between from and to on a line, or -1; *count
   gets how many pieces stand between. */
static int between(const uint8_t *b, int from, int to, int *count)
{
    int step = XQ_RANK_OF(from) == XQ_RANK_OF(to) ? 1 : 9;
    if (to < from)
        step = -step;
    int first = -1;
    *count = 0;
    for (int s = from + step; s != to; s += step) {
        if (b[s]) {
            if (first < 0)
                first = s;
            (*count)++;
        }
    }
    return first;
}

/* The movement rule of the piece on from, ignoring king safety; NULL if met. */
static const char *movement(const xq_pos *p, int from, int to, char *buf, size_t n)
{
    const uint8_t *b = p->sq;
    uint8_t pc = b[from];
    xq_side side = XQ_SIDE(pc);
    int df = XQ_FILE_OF(to) - XQ_FILE_OF(from), dr = XQ_RANK_OF(to) - XQ_RANK_OF(from);
    int adf = abs(df), adr = abs(dr);
    bool own_target = b[to] && XQ_SIDE(b[to]) == side;
    bool own_half = xq_half(to) == (int)side; /* red's half is 0, black's 1 */
    char name[3];
    int cnt, first;

    switch (XQ_KIND(pc)) {
    case XQ_KING:
        if (adf + adr != 1)
            return say(buf, n, "the general moves one point orthogonally");
        if (!xq_in_palace(to) || !own_half)
            return say(buf, n, "the general must stay in the palace");
        break;
    case XQ_ADVISOR:
        if (adf != 1 || adr != 1)
            return say(buf, n, "an advisor moves one point diagonally");
        if (!xq_in_palace(to) || !own_half)
            return say(buf, n, "the advisor must stay in the palace on its diagonals");
        break;
    case XQ_ELEPHANT:
        if (adf != 2 || adr != 2)
            return say(buf, n, "an elephant moves exactly two points diagonally");
        if (!own_half)
            return say(buf, n, "an elephant may not cross the river");
        break;
    case XQ_HORSE:
        if (!((adf == 1 && adr == 2) || (adf == 2 && adr == 1)))
            return say(buf, n, "a horse moves one point orthogonally then one diagonally");
        break;
    case XQ_CHARIOT:
        if (df && dr)
            return say(buf, n, "a chariot moves along a rank or file");
        break;
    case XQ_CANNON:
        if (df && dr)
            return say(buf, n, "a cannon moves along a rank or file");
        break;
    case XQ_PAWN: {
        int fwd = side == XQ_RED ? 1 : -1;
        if (dr * fwd < 0)
            return say(buf, n, "a pawn cannot move backwards");
        if (df && dr)
            return say(buf, n, "a pawn does not move diagonally");
        if (adf > 1 || adr > 1)
            return say(buf, n, "a pawn moves one point at a time");
        if (df && xq_half(from) == (int)side)
            return say(buf, n, "a pawn moves sideways only after crossing the river");
        break;
    }
    default:
        return say(buf, n, "unknown piece");
    }

    if (own_target)
        return say(buf, n, "the move captures its own piece");

    switch (XQ_KIND(pc)) {
    case XQ_ELEPHANT: {
        int eye = (from + to) / 2;
        if (b[eye]) {
            xq_square_name(eye, name);
            return say(buf, n, "the elephant's eye at %s is blocked", name);
        }
        break;
    }
    case XQ_HORSE: {
        int leg = adr == 2 ? from + 9 * (dr / 2) : from + df / 2;
        if (b[leg]) {
            xq_square_name(leg, name);
            return say(buf, n, "the horse's leg at %s is blocked", name);
        }
        break;
    }
    case XQ_CHARIOT:
        first = between(b, from, to, &cnt);
        if (first >= 0) {
            xq_square_name(first, name);
            return say(buf, n, "a chariot cannot jump over the piece at %s", name);
        }
        break;
    case XQ_CANNON:
        first = between(b, from, to, &cnt);
        if (b[to]) {
            if (cnt != 1)
                return say(buf, n, "a cannon captures by jumping over exactly one piece");
        } else if (first >= 0) {
            xq_square_name(first, name);
            return say(buf, n, "a cannon cannot jump over the piece at %s without capturing",
                       name);
        }
        break;
    default:
        break;
    }
    return NULL;
}

/* Judge a move (see xiangqi.h). */
const char *xq_illegal_reason(const xq_pos *p, xq_move m, char *buf, size_t n)
{
    xq_tables_init();
    int from = XQ_FROM(m), to = XQ_TO(m);
    char name[3];

    if (m == 0)
        return say(buf, n, "no move");
    if (from >= XQ_SQUARES || to >= XQ_SQUARES)
        return say(buf, n, "the move leaves the board");
    xq_square_name(from, name);
    if (from == to)
        return say(buf, n, "the piece on %s does not move", name);
    uint8_t pc = p->sq[from];
    if (!pc)
        return say(buf, n, "there is no piece on %s", name);
    if (XQ_SIDE(pc) != p->side)
        return say(buf, n, "the piece on %s belongs to %s", name, side_name[XQ_SIDE(pc)]);

    const char *why = movement(p, from, to, buf, n);
    if (why)
        return why;

    /* King safety on a scratch board. */
    uint8_t b[XQ_SQUARES];
    for (int s = 0; s < XQ_SQUARES; s++)
        b[s] = p->sq[s];
    b[to] = pc;
    b[from] = 0;
    int own_k = XQ_KIND(pc) == XQ_KING ? to : p->slot_sq[p->side * 16];
    int their_k = p->slot_sq[(p->side ^ 1) * 16];
    if (own_k == XQ_NO_SQ || their_k == XQ_NO_SQ)
        return say(buf, n, "the position has no general");
    if (XQ_FILE_OF(own_k) == XQ_FILE_OF(their_k)) {
        int lo = own_k < their_k ? own_k : their_k, hi = own_k ^ their_k ^ lo;
        bool open = true;
        for (int s = lo + 9; s < hi; s += 9)
            if (b[s])
                open = false;
        if (open)
            return say(buf, n, "the move leaves the two generals facing each other");
    }
    if (xq_attacked(b, own_k, p->side))
        return say(buf, n, "the move leaves the general in check");
    return NULL;
}
