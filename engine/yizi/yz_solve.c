/* yz_solve.c -- the line game solved exactly: the value of every position.
 *
 * Method: a position's value depends only on the counts (coins are identical; the
 * value is the side to move's, so the side does not matter) and on the convention.
 * Every move brings coins nearer the goal and every placement places coins, so the
 * game graph has no cycles and a memoized depth-first search (at most 110 plies deep)
 * solves it: a position is won when some move leads to a lost one; a won position's
 * length is the shortest win, a lost one's the longest resistance.
 *
 * Index: with the unplaced count u written into the goal's slot (no coin is on the
 * goal before all are placed), every position is a composition of ten into eleven
 * parts, ranked by the combinatorial number system (C(20,10) = 184,756 ranks); the
 * positions with u > 0 (92,378 of them) take a second block.  A value is one byte:
 * 0 unknown, else 1 + (plies << 1 | win).  All 277,134 positions fit in 370 KB. */
#include "yizi.h"

#include <stdlib.h>
#include <string.h>

enum { RANKS = 184756 };

struct yz_table {
    bool misere;
    bool stopped;                /* the budget ran out: values after that were not kept */
    long solved, budget;         /* positions solved; at most this many (0: no bound) */
    uint32_t binom[21][12];      /* C(n, k) for the ranking */
    uint8_t val[2 * RANKS];
    uint8_t seen[2 * RANKS];     /* yz_reachable's marks */
};

yz_table *yz_table_new(bool misere)
{
    yz_table *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->misere = misere;
    for (int n = 0; n <= 20; n++)
        for (int k = 0; k <= 11; k++)
            t->binom[n][k] = k == 0 ? 1 : n == 0 ? 0 : t->binom[n - 1][k - 1] + t->binom[n - 1][k];
    return t;
}

void yz_table_free(yz_table *t) { free(t); }
bool yz_table_misere(const yz_table *t) { return t->misere; }
long yz_table_solved(const yz_table *t) { return t->solved; }
bool yz_table_stopped(const yz_table *t) { return t->stopped; }

/* A bound on the work, for engines under a node limit. */
void yz_table_set_budget(yz_table *t, long positions) { t->budget = positions; }

/* The bar after part j of the composition sits at slot (c0 + .. + cj) + j; the
 * rank is the sum of C(slot_j, j + 1) over the ten bars. */
static size_t index_of(const yz_table *t, const uint8_t *c, int u)
{
    unsigned stars = (unsigned)(u ? u : c[0]), r = t->binom[stars][1];
    for (int j = 1; j < YZ_POINTS - 1; j++) {
        stars += c[j];
        r += t->binom[stars + (unsigned)j][j + 1];
    }
    return r + (u ? RANKS : 0);
}

static inline uint8_t code(int win, int plies) { return (uint8_t)(1 + (plies << 1 | win)); }
static inline int code_win(uint8_t v) { return (v - 1) & 1; }
static inline int code_plies(uint8_t v) { return (v - 1) >> 1; }

static uint8_t solve_at(yz_table *t, uint8_t *c, int u, size_t idx);

/* A known value straight from the table, else solved (the common case is known). */
static inline uint8_t solve_rec(yz_table *t, uint8_t *c, int u)
{
    size_t idx = index_of(t, c, u);
    return t->val[idx] ? t->val[idx] : solve_at(t, c, u, idx);
}

/* Better for the mover: a win before a loss, a faster win, a slower loss. */
static inline bool better(int win, int plies, int best_win, int best_plies)
{
    return best_plies < 0 || win > best_win || (win == best_win && (win ? plies < best_plies : plies > best_plies));
}

/* The value of counts C with U unplaced (index IDX), solving what it needs; C is
 * restored.  A child's index is IDX plus the change of the bars that moved: moving
 * K coins from A to B shifts the bars B..A-1 by K, so walking B down from A-1 adds
 * one term per child; a placement on P shifts the bars 0..P-1 back by K. */
static uint8_t solve_at(yz_table *t, uint8_t *c, int u, size_t idx)
{
    if (t->stopped) return code(0, 0);
    int best_win = 0, best_plies = -1;
    unsigned bar[YZ_POINTS];      /* bar j's slot: the prefix sum up to part j, plus j */
    unsigned stars = (unsigned)(u ? u : c[0]);
    for (int j = 0; j < YZ_POINTS - 1; j++) {
        if (j) stars += c[j];
        bar[j] = stars + (unsigned)j;
    }
    if (c[0] == YZ_COINS) {
        best_win = t->misere;     /* the opponent moved the last coin in */
        best_plies = 0;
    } else if (u) {
        for (int k = 1; k <= u; k++) {
            long delta = (u == k ? -(long)RANKS : 0);
            for (int pt = 1; pt <= 10; pt++) {
                int j = pt - 1;
                delta += (long)t->binom[bar[j] - (unsigned)k][j + 1] - (long)t->binom[bar[j]][j + 1];
                size_t ci = (size_t)((long)idx + delta);
                uint8_t v = t->val[ci];
                if (!v) {
                    c[pt] = (uint8_t)(c[pt] + k);
                    v = solve_at(t, c, u - k, ci);
                    c[pt] = (uint8_t)(c[pt] - k);
                }
                int win = !code_win(v), plies = code_plies(v) + 1;
                if (better(win, plies, best_win, best_plies)) { best_win = win; best_plies = plies; }
            }
        }
    } else {
        for (int from = 1; from <= 10; from++)
            for (int k = 1; k <= c[from]; k++) {
                long delta = 0;
                for (int to = from - 1; to >= 0; to--) {
                    delta += (long)t->binom[bar[to] + (unsigned)k][to + 1] - (long)t->binom[bar[to]][to + 1];
                    size_t ci = (size_t)((long)idx + delta);
                    uint8_t v = t->val[ci];
                    if (!v) {
                        c[from] = (uint8_t)(c[from] - k);
                        c[to] = (uint8_t)(c[to] + k);
                        v = solve_at(t, c, 0, ci);
                        c[to] = (uint8_t)(c[to] - k);
                        c[from] = (uint8_t)(c[from] + k);
                    }
                    int win = !code_win(v), plies = code_plies(v) + 1;
                    if (better(win, plies, best_win, best_plies)) { best_win = win; best_plies = plies; }
                }
            }
    }
    /* Out of budget: children's values may be made up from here on, so nothing more is
     * kept (every position still on the stack sees the flag when its loop ends). */
    if (t->stopped || (t->budget && t->solved >= t->budget)) {
        t->stopped = true;
        return code(0, 0);
    }
    t->solved++;
    return t->val[idx] = code(best_win, best_plies);
}

/* The value of P, solving whatever part of the game it needs that T lacks. */
void yz_solve(yz_table *t, const yz_pos *p, int *win, int *plies)
{
    uint8_t c[YZ_POINTS];
    memcpy(c, p->count, sizeof c);
    uint8_t v = solve_rec(t, c, p->unplaced);
    *win = code_win(v);
    *plies = code_plies(v);
}

/* Each legal move's value for the mover: what solve, the engine and annotate show. */
int yz_solve_moves(yz_table *t, const yz_pos *p, uint32_t *moves, int *win, int *plies)
{
    int n = yz_legal(p, moves);
    yz_pos q = *p;
    for (int i = 0; i < n; i++) {
        yz_play(&q, moves[i]);
        int w, pl;
        yz_solve(t, &q, &w, &pl);
        yz_unplay(&q, moves[i]);
        win[i] = !w;
        plies[i] = pl + 1;
    }
    return n;
}

typedef struct walk {
    yz_table *t;
    void (*cb)(void *ctx, const yz_pos *p, int win, int plies);
    void *ctx;
    long n;
} walk;

/* Depth-first over the counts (no hashing: the walk needs none), each position once
 * (marked by its index), in legal-move order; P carries the side and convention for
 * the callback. */
static void visit(walk *w, yz_pos *p)
{
    size_t idx = index_of(w->t, p->count, p->unplaced);
    if (w->t->seen[idx]) return;
    w->t->seen[idx] = 1;
    w->n++;
    if (w->cb) {
        int win, plies;
        yz_solve(w->t, p, &win, &plies);
        w->cb(w->ctx, p, win, plies);
    }
    uint8_t *c = p->count;
    if (c[0] == YZ_COINS) return;
    p->side ^= 1;
    if (p->unplaced) {
        int u = p->unplaced;
        for (int pt = 1; pt <= 10; pt++)
            for (int k = 1; k <= u; k++) {
                c[pt] = (uint8_t)(c[pt] + k);
                p->unplaced = (uint8_t)(u - k);
                visit(w, p);
                c[pt] = (uint8_t)(c[pt] - k);
            }
        p->unplaced = (uint8_t)u;
    } else {
        for (int from = 1; from <= 10; from++)
            for (int k = 1; k <= c[from]; k++)
                for (int to = from - 1; to >= 0; to--) {
                    c[from] = (uint8_t)(c[from] - k);
                    c[to] = (uint8_t)(c[to] + k);
                    visit(w, p);
                    c[to] = (uint8_t)(c[to] - k);
                    c[from] = (uint8_t)(c[from] + k);
                }
    }
    p->side ^= 1;
}

long yz_reachable(yz_table *t, const yz_pos *start, void (*cb)(void *ctx, const yz_pos *p, int win, int plies), void *ctx)
{
    memset(t->seen, 0, sizeof t->seen);
    walk w = {t, cb, ctx, 0};
    yz_pos p = *start;
    visit(&w, &p);
    return w.n;
}
