/* ew_eval.c -- a static estimate of the side to move's winning chance.
 *
 * Method: each piece threatens in proportion to how often the die lets it move (the
 * die values that select it: its own and those of the missing neighbours it stands in
 * for) and to how close it is to the goal corner (king-move distance; a step halves
 * what is left).  The difference of the two sides' threats, with the side to move's
 * tempo, goes through a logistic into a probability p, returned as 2p - 1 in
 * thousandths so that the expectimax averages probabilities.  Captures, races and
 * blocking are left to the search. */
#include <math.h>
#include <stdlib.h>

#include "einstein.h"

/* King-move distance of SQ to SIDE's goal corner. */
static int goal_distance(int side, int sq)
{
    int r = sq / 5, c = sq % 5;
    if (side == EW_RED) { r = 4 - r; c = 4 - c; }
    return r > c ? r : c;
}

/* How many die values select piece N of SIDE (1..6; pieces standing in for a gone
 * neighbour count that neighbour's value too, three quarters where another piece
 * shares the choice). */
static double selection(const ew_pos *p, int side, int n)
{
    double count = 0;
    for (int v = 1; v <= 6; v++) {
        int pieces[2], k = ew_movable(p, side, v, pieces);
        for (int i = 0; i < k; i++)
            if (pieces[i] == n) count += k == 2 ? 0.75 : 1.0;
    }
    return count;
}

/* A side's threat: the sum over its pieces of selection / 6 * 2^-(distance - 1). */
static double threat(const ew_pos *p, int side)
{
    static const double near[5] = {0, 1.0, 0.5, 0.25, 0.125};
    double t = 0;
    for (int n = 1; n <= EW_PIECES; n++) {
        int s = p->sq[side][n];
        if (s < 0) continue;
        t += selection(p, side, n) / 6.0 * near[goal_distance(side, s)];
    }
    return t;
}

int ew_evaluate(const ew_pos *p)
{
    int how, w = ew_winner(p, &how);
    if (w >= 0) return w == p->stm ? 1000 : -1000;
    if (p->setup) return 0;
    int us = p->stm;
    double x = 2.2 * (threat(p, us) - threat(p, us ^ 1)) + 0.15;
    x += 0.12 * (p->alive[us] - p->alive[us ^ 1]);
    double v = 1000.0 * tanh(x / 2);   /* 2 * logistic(x) - 1 */
    if (v > 990) v = 990;
    if (v < -990) v = -990;
    return (int)lround(v);
}
