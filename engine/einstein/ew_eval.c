/* ew_eval.c -- a static estimate of the side to move's winning chance: the race.
 *
 * Method: EWN is mostly a race of dice.  Leaving captures aside (the search sees
 * those), a side's state is each piece's king-move distance to the goal corner (1..4)
 * or its absence; each turn a roll selects one piece (or the nearest higher or lower
 * one when it is gone) and the best choice brings it one step nearer.  A table built
 * once (pthread_once; 5^6 states x 6 rolls) holds for every state F(t), the chance of
 * having arrived within t of one's own turns, playing each roll to the piece with the
 * least expected number of turns left (a dynamic programme over states in increasing
 * total distance: every step lowers it).  The side to move, which rolls first, wins the
 * race with probability  sum_t (F_us(t) - F_us(t-1)) (1 - F_them(t-1));  returned as
 * 2p - 1 in thousandths so that the expectimax averages probabilities.  With the die
 * already rolled, the first turn is that roll's best step. */
#include <pthread.h>
#include <stdlib.h>

#include "einstein.h"

enum { STATES = 15625, T_MAX = 24 };

typedef struct race_table {
    float f[STATES][T_MAX + 1];   /* f[s][t]: arrived within t turns */
    float e[STATES];              /* expected turns (a large value for no pieces) */
    int8_t next[STATES][7];       /* the roll's best piece, 0 if none */
} race_table;

static race_table *table;
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

static int pow5[7] = {1, 5, 25, 125, 625, 3125, 15625};

/* The piece the roll V moves in state S (codes: 0 gone, 1..4 distance): the one with
 * the least expected turns left among those the rule allows; 0 if none. */
static int best_piece(const race_table *t, int s, int v)
{
    int code[7], cand[2], n = 0;
    for (int p = 1; p <= 6; p++) code[p] = s / pow5[p - 1] % 5;
    if (code[v]) cand[n++] = v;
    else {
        for (int k = v - 1; k >= 1; k--) if (code[k]) { cand[n++] = k; break; }
        for (int k = v + 1; k <= 6; k++) if (code[k]) { cand[n++] = k; break; }
    }
    int best = 0;
    float be = 1e30f;
    for (int i = 0; i < n; i++) {
        int p = cand[i];
        float e = code[p] == 1 ? 0 : t->e[s - pow5[p - 1]];
        if (e < be) { be = e; best = p; }
    }
    return best;
}

/* States in increasing total distance: a step lowers one code by one, so every
 * successor is done before its predecessors. */
static void build(void)
{
    race_table *t = calloc(1, sizeof *t);
    if (!t) return;
    for (int total = 0; total <= 24; total++)
        for (int s = 0; s < STATES; s++) {
            int sum = 0;
            for (int p = 1; p <= 6; p++) sum += s / pow5[p - 1] % 5;
            if (sum != total) continue;
            if (s == 0) { t->e[s] = 1e6f; continue; }
            float e = 1;
            for (int v = 1; v <= 6; v++) {
                int p = best_piece(t, s, v);
                t->next[s][v] = (int8_t)p;
                if (s / pow5[p - 1] % 5 > 1) e += t->e[s - pow5[p - 1]] / 6;
            }
            t->e[s] = e;
            for (int k = 1; k <= T_MAX; k++) {
                float f = 0;
                for (int v = 1; v <= 6; v++) {
                    int p = t->next[s][v];
                    f += (s / pow5[p - 1] % 5 == 1 ? 1.0f : t->f[s - pow5[p - 1]][k - 1]) / 6;
                }
                t->f[s][k] = f;
            }
        }
    table = t;
}

/* SIDE's race state: each piece's distance to its goal, or 0 when gone. */
static int race_state(const ew_pos *p, int side)
{
    int s = 0;
    for (int n = 1; n <= EW_PIECES; n++) {
        int sq = p->sq[side][n];
        if (sq < 0) continue;
        int r = sq / 5, c = sq % 5;
        if (side == EW_RED) { r = 4 - r; c = 4 - c; }
        int d = r > c ? r : c;
        s += (d < 1 ? 1 : d) * pow5[n - 1];
    }
    return s;
}

int ew_evaluate(const ew_pos *p)
{
    int how, w = ew_winner(p, &how);
    if (w >= 0) return w == p->stm ? 1000 : -1000;
    if (p->setup) return 0;
    pthread_once(&table_once, build);
    if (!table) return 0;
    int us = p->stm, su = race_state(p, us), st = race_state(p, us ^ 1);
    float fus[T_MAX + 1];
    fus[0] = 0;
    if (p->die) {
        /* The roll is known: its best piece moves on the first turn. */
        int k = table->next[su][p->die], code = su / pow5[k - 1] % 5;
        for (int t = 1; t <= T_MAX; t++) fus[t] = code == 1 ? 1.0f : table->f[su - pow5[k - 1]][t - 1];
    } else {
        for (int t = 1; t <= T_MAX; t++) fus[t] = table->f[su][t];
    }
    double win = 0;
    for (int t = 1; t <= T_MAX; t++) win += (fus[t] - fus[t - 1]) * (1 - table->f[st][t - 1]);
    int v = (int)(2000 * win - 1000);
    return v > 990 ? 990 : v < -990 ? -990 : v;
}
