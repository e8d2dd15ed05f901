/* ew_mcts.c -- Monte Carlo tree search with chance nodes for EWN, in two versions: the
 * plain UCT baseline and the engine's MCTS.
 *
 * Method: the tree alternates decision nodes (the die rolled, a player to move) and
 * chance nodes (the die to roll).  A chance node is expanded with its six rolls at
 * once and descended by drawing a roll with the search's seeded generator, so roll
 * frequencies follow the die; a decision node is descended by UCB1 over its steps
 * (unvisited first).  Each iteration adds one decision node's steps, plays a game out
 * to its end and backs the result up: every node keeps red's wins, and a decision
 * node's player reads them from its own side.
 *   - plain (the baseline): UCB1 with c = sqrt 2, uniformly random playouts;
 *   - the engine's version: c = 0.5; in the tree and in playouts a step that wins at
 *     once is taken; playouts otherwise weigh steps that take an opposing piece (x4),
 *     step diagonally towards the goal (x2), and that take one's own piece (/2).
 * All nodes come from one allocation per search; no allocation per node. */
#include <math.h>
#include <stdlib.h>

#include "core.h"
#include "ew_search.h"

typedef struct mnode {
    uint32_t move;           /* the step or roll that led here */
    int32_t child;           /* first child's index, -1 not expanded */
    uint8_t nchild;
    uint8_t chance;          /* the die is to be rolled here */
    uint32_t visits;
    double red_wins;
} mnode;

typedef struct mtree {
    mnode *n;
    int used, cap;
    uint64_t rng;
    int plain;
} mtree;

/* A step that wins at once: onto the goal corner, or onto the last opposing piece. */
static int winning_step(const ew_pos *p, const uint32_t *moves, int n)
{
    int side = p->stm, goal = side == EW_RED ? 24 : 0;
    for (int i = 0; i < n; i++) {
        int piece = (int)(moves[i] >> 4 & 7), to = ew_target(side, p->sq[side][piece], (int)(moves[i] & 3));
        if (to == goal) return i;
        int v = p->board[to];
        if (v && (v > 6) != side && p->alive[side ^ 1] == 1) return i;
    }
    return -1;
}

/* A playout step: uniform (plain), else the weights of the file comment. */
static uint32_t playout_step(const ew_pos *p, uint64_t *rng, int plain)
{
    uint32_t moves[EW_MAX_MOVES];
    int n = ew_legal(p, moves);
    if (plain) return moves[bo_splitmix64(rng) % (uint64_t)n];
    int w = winning_step(p, moves, n);
    if (w >= 0) return moves[w];
    int side = p->stm, weight[EW_MAX_MOVES], total = 0;
    for (int i = 0; i < n; i++) {
        int piece = (int)(moves[i] >> 4 & 7), to = ew_target(side, p->sq[side][piece], (int)(moves[i] & 3));
        int v = p->board[to], x = 4;
        if (v && (v > 6) != side) x *= 4;
        else if (v) x /= 2;
        if ((moves[i] & 3) == EW_DIR_DIAG) x *= 2;
        weight[i] = x;
        total += x;
    }
    int r = (int)(bo_splitmix64(rng) % (uint64_t)total);
    for (int i = 0; i < n; i++) {
        if (r < weight[i]) return moves[i];
        r -= weight[i];
    }
    return moves[n - 1];
}

/* The game played out from P: the winner. */
static int playout(ew_pos p, uint64_t *rng, int plain)
{
    for (;;) {
        int w = ew_winner(&p, NULL);
        if (w >= 0) return w;
        if (!p.die) ew_play(&p, EW_ROLL | (uint32_t)(1 + bo_splitmix64(rng) % 6));
        else ew_play(&p, playout_step(&p, rng, plain));
    }
}

/* Children of node I at P: the six rolls, or the steps. */
static int expand(mtree *t, int i, const ew_pos *p)
{
    uint32_t moves[EW_MAX_MOVES];
    int n = ew_legal(p, moves);
    if (!t->plain && p->die) {
        int w = winning_step(p, moves, n);
        if (w >= 0) { moves[0] = moves[w]; n = 1; }
    }
    if (t->used + n > t->cap) return -1;
    t->n[i].child = t->used;
    t->n[i].nchild = (uint8_t)n;
    for (int k = 0; k < n; k++) {
        mnode *c = &t->n[t->used++];
        c->move = moves[k];
        c->child = -1;
        c->nchild = 0;
        c->visits = 0;
        c->red_wins = 0;
        c->chance = ew_is_roll(moves[k]) ? 0 : 1;
    }
    return 0;
}

/* UCB1 from the side to move at P over node I's children. */
static int select_child(const mtree *t, int i, const ew_pos *p)
{
    const mnode *nd = &t->n[i];
    double c = t->plain ? sqrt(2.0) : 0.5, lg = log((double)nd->visits + 1), best = -1;
    int pick = nd->child;
    for (int k = 0; k < nd->nchild; k++) {
        const mnode *ch = &t->n[nd->child + k];
        if (ch->visits == 0) return nd->child + k;
        double mean = ch->red_wins / ch->visits;
        if (p->stm == EW_BLUE) mean = 1 - mean;
        double u = mean + c * sqrt(lg / ch->visits);
        if (u > best) { best = u; pick = nd->child + k; }
    }
    return pick;
}

uint32_t ew_mcts(const ew_pos *root, int playouts, int plain, uint64_t seed, double *win_rate)
{
    uint32_t moves[EW_MAX_MOVES];
    int nroot = ew_legal(root, moves);
    if (win_rate) *win_rate = -1;
    if (nroot == 0 || root->setup || !root->die) return nroot ? moves[0] : 0;
    if (playouts < 1) playouts = 1;
    mtree t = {NULL, 1, 16 * playouts + 64, seed, plain};
    t.n = malloc((size_t)t.cap * sizeof *t.n);
    if (!t.n) return moves[0];
    t.n[0] = (mnode){0, -1, 0, 0, 0, 0};
    int path[256];
    for (int it = 0; it < playouts; it++) {
        ew_pos p = *root;
        int len = 0, i = 0;
        path[len++] = 0;
        int winner = -1;
        for (;;) {
            winner = ew_winner(&p, NULL);
            if (winner >= 0) break;
            mnode *nd = &t.n[i];
            if (nd->child < 0) {
                /* A chance node's rolls come at once; a decision node is expanded on
                 * its second visit, and played out from on its first. */
                if (!nd->chance && nd->visits == 0 && i != 0) break;
                if (expand(&t, i, &p) != 0) break;
            }
            if (t.n[i].chance) i = t.n[i].child + (int)(bo_splitmix64(&t.rng) % 6);
            else i = select_child(&t, i, &p);
            ew_play(&p, t.n[i].move);
            if (len < 256) path[len++] = i;
        }
        if (winner < 0) winner = playout(p, &t.rng, plain);
        for (int k = 0; k < len; k++) {
            t.n[path[k]].visits++;
            t.n[path[k]].red_wins += winner == EW_RED;
        }
    }
    const mnode *r = &t.n[0];
    int best = r->child;
    for (int k = 0; k < r->nchild; k++)
        if (t.n[r->child + k].visits > t.n[best].visits) best = r->child + k;
    uint32_t m = t.n[best].move;
    if (win_rate && t.n[best].visits) {
        double mean = t.n[best].red_wins / t.n[best].visits;
        *win_rate = root->stm == EW_RED ? mean : 1 - mean;
    }
    free(t.n);
    return m;
}
