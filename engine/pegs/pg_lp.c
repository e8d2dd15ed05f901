/* pg_lp.c -- pagoda functions found by linear programming, one position at a time.
 *
 * Rule: a pagoda function p gives each hole a number (negative ones too) with
 * p(a) + p(b) >= p(c) for every jump from a over b into c; a jump then never raises
 * the sum of p over the pegs, so a position P with sum_P p < p(t) never becomes the one
 * peg at t (Berlekamp, Conway and Guy, Winning Ways ch. 23; Beasley, The Ins and Outs of
 * Peg Solitaire; George Bell finds them by linear programming).
 *
 * Method: for a position P and a finish t the best such function for P is the solution
 * of a linear programme: minimise sum_P p subject to p(a) + p(b) - p(c) >= 0 for every
 * jump, p(t) = 1 and -LO <= p <= HI (the bounds keep it finite; a proof missed because
 * of them only costs search time).  When the minimum is below 1, P is hopeless for t.
 * The programme is solved by a dense two-phase simplex (written here: Bland's rule
 * against cycling, a first phase with one artificial variable when the origin is not
 * feasible).  Its floating solution is then made an integer function: scaled, rounded,
 * repaired by lowering p(c) wherever a rounded jump is violated (which keeps every other
 * inequality), and the proof is checked again in integers.  Only a checked integer
 * function is returned, so a wrong floating step can lose a proof but never make one. */
#include "pegs.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { LP_LO = 2, LP_HI = 4, LP_SCALE = 4096 };
#define LP_EPS 1e-9

/* The tableau of "maximise c.x subject to A x <= b, x >= 0": rows 0..m-1 the
 * constraints (basic variable basic[i] = D[i][n+1] - sum_j D[i][j] x_nonbasic[j]), row m
 * the objective, row m+1 the first phase's objective; column n the artificial one. */
typedef struct lp {
    int m, n, w;
    double *d;
    int *basic, *non;
} lp;

static inline double *row(const lp *t, int i) { return t->d + (size_t)i * t->w; }

/* Exchanges basic variable of row R with the non-basic of column S. */
static void pivot(lp *t, int r, int s)
{
    double *a = row(t, r), inv = 1.0 / a[s];
    for (int i = 0; i < t->m + 2; i++) {
        if (i == r) continue;
        double *bi = row(t, i), k = bi[s] * inv;
        if (fabs(k) < 1e-15) continue;
        for (int j = 0; j < t->w; j++) bi[j] -= a[j] * k;
        bi[s] = -k;
    }
    for (int j = 0; j < t->w; j++) a[j] *= inv;
    a[s] = inv;
    int x = t->basic[r];
    t->basic[r] = t->non[s];
    t->non[s] = x;
}

/* Runs the simplex on objective row X (skipping the column holding variable SKIP):
 * 1 optimal, 0 unbounded, -1 too many pivots.  Bland's rule: the least-index entering
 * and leaving variables, which never cycles. */
static int simplex(lp *t, int x, int skip)
{
    for (int iter = 0; iter < 20000; iter++) {
        int s = -1;
        const double *ox = row(t, x);
        for (int j = 0; j <= t->n; j++) {
            if (t->non[j] == skip || ox[j] >= -LP_EPS) continue;
            if (s < 0 || t->non[j] < t->non[s]) s = j;
        }
        if (s < 0) return 1;
        int r = -1;
        double best = 0;
        for (int i = 0; i < t->m; i++) {
            const double *ri = row(t, i);
            if (ri[s] <= LP_EPS) continue;
            double ratio = ri[t->n + 1] / ri[s];
            if (r < 0 || ratio < best - LP_EPS || (ratio < best + LP_EPS && t->basic[i] < t->basic[r])) {
                r = i;
                best = ratio;
            }
        }
        if (r < 0) return 0;
        pivot(t, r, s);
    }
    return -1;
}

/* Solves max c.x, A x <= b, x >= 0 (A is m x n, row-major) into X: 1 optimal, 0 not
 * (infeasible, unbounded, or given up), -1 out of memory. */
static int lp_solve(int m, int n, const double *A, const double *b, const double *c, double *x)
{
    lp t = {.m = m, .n = n, .w = n + 2};
    t.d = calloc((size_t)(m + 2) * t.w, sizeof *t.d);
    t.basic = malloc((size_t)m * sizeof *t.basic);
    t.non = malloc((size_t)(n + 1) * sizeof *t.non);
    int rc = -1;
    if (!t.d || !t.basic || !t.non) goto out;
    for (int i = 0; i < m; i++) {
        double *ri = row(&t, i);
        memcpy(ri, A + (size_t)i * n, (size_t)n * sizeof *ri);
        ri[n] = -1;
        ri[n + 1] = b[i];
        t.basic[i] = n + i;
    }
    for (int j = 0; j < n; j++) { t.non[j] = j; row(&t, m)[j] = -c[j]; }
    t.non[n] = -1;             /* the artificial variable */
    row(&t, m + 1)[n] = 1;
    rc = 0;
    int r = 0;
    for (int i = 1; i < m; i++)
        if (row(&t, i)[n + 1] < row(&t, r)[n + 1]) r = i;
    if (row(&t, r)[n + 1] < -LP_EPS) {
        /* Phase one: drive the artificial variable to zero. */
        pivot(&t, r, n);
        if (simplex(&t, m + 1, -2) != 1 || row(&t, m + 1)[n + 1] < -1e-7) goto out;
        for (int i = 0; i < m; i++)
            if (t.basic[i] == -1) {
                int s = -1;
                for (int j = 0; j <= n; j++)
                    if (fabs(row(&t, i)[j]) > LP_EPS && (s < 0 || t.non[j] < t.non[s])) s = j;
                if (s < 0) goto out;
                pivot(&t, i, s);
            }
    }
    if (simplex(&t, m, -1) != 1) goto out;
    for (int j = 0; j < n; j++) x[j] = 0;
    for (int i = 0; i < m; i++)
        if (t.basic[i] >= 0 && t.basic[i] < n) x[t.basic[i]] = row(&t, i)[n + 1];
    rc = 1;
out:
    free(t.d);
    free(t.basic);
    free(t.non);
    return rc;
}

/* Lowers F(c) wherever F(a) + F(b) < F(c) until F is a pagoda function.  The LP's
 * answer, rounded, needs only small corrections; values that keep falling (a cycle of
 * jumps through negative values lowers itself without end) give up: false, no proof
 * (and no integer overflow). */
static bool repair(const pg_board *b, int32_t *f)
{
    const int32_t floor = -8 * (LP_LO + LP_HI) * LP_SCALE;
    for (int round = 0; round <= b->njumps; round++) {
        bool changed = false;
        for (int j = 0; j < b->njumps; j++) {
            int32_t s = f[b->jfrom[j]] + f[b->jover[j]];
            if (f[b->jto[j]] > s) {
                if (s < floor) return false;
                f[b->jto[j]] = s;
                changed = true;
            }
        }
        if (!changed) return true;
    }
    return false;
}

int pg_pagoda_lp(const pg_board *b, uint64_t pegs, int target, int32_t *f)
{
    if (target < 0 || target >= b->n || !(pegs & b->full)) return 0;
    int n = b->n, m = b->njumps + 2 + n;
    double *A = calloc((size_t)m * n, sizeof *A), *rhs = calloc((size_t)m, sizeof *rhs);
    double *c = calloc((size_t)n, sizeof *c), *x = calloc((size_t)n, sizeof *x);
    int rc = -1;
    if (!A || !rhs || !c || !x) goto out;
    /* Variables q = p + LO >= 0.  Jumps: q(a) + q(b) - q(c) >= LO. */
    for (int j = 0; j < b->njumps; j++) {
        double *r = A + (size_t)j * n;
        r[b->jfrom[j]] -= 1;
        r[b->jover[j]] -= 1;
        r[b->jto[j]] += 1;
        rhs[j] = -LP_LO;
    }
    /* p(t) = 1: q(t) <= 1 + LO and -q(t) <= -(1 + LO). */
    A[(size_t)b->njumps * n + target] = 1;
    rhs[b->njumps] = 1 + LP_LO;
    A[(size_t)(b->njumps + 1) * n + target] = -1;
    rhs[b->njumps + 1] = -(1 + LP_LO);
    for (int h = 0; h < n; h++) {
        A[(size_t)(b->njumps + 2 + h) * n + h] = 1;
        rhs[b->njumps + 2 + h] = LP_HI + LP_LO;
    }
    /* Minimise sum_P q: maximise its negative. */
    for (uint64_t p = pegs & b->full; p; p &= p - 1) c[__builtin_ctzll(p)] = -1;
    rc = lp_solve(m, n, A, rhs, c, x);
    if (rc != 1) { rc = rc < 0 ? -1 : 0; goto out; }
    double sum = 0;
    for (uint64_t p = pegs & b->full; p; p &= p - 1) sum += x[__builtin_ctzll(p)] - LP_LO;
    rc = 0;
    if (sum > 1 - 1e-6) goto out;
    int32_t g[PG_MAX_HOLES] = {0};
    for (int h = 0; h < n; h++) {
        if (!(x[h] > -1.0 && x[h] < LP_LO + LP_HI + 1.0)) goto out;   /* NaN or far outside the bounds */
        g[h] = (int32_t)lround((x[h] - LP_LO) * LP_SCALE);
    }
    if (!repair(b, g)) goto out;
    int64_t s = 0;
    for (uint64_t p = pegs & b->full; p; p &= p - 1) s += g[__builtin_ctzll(p)];
    if (pg_pagoda_valid(b, g) && s < g[target]) {
        memcpy(f, g, sizeof g);
        rc = 1;
    }
out:
    free(A);
    free(rhs);
    free(c);
    free(x);
    return rc;
}
