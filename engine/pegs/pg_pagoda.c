/* pg_pagoda.c -- pagoda functions of a peg solitaire board, made for each finish hole.
 *
 * Rule: a pagoda function f gives each hole a number such that for every jump from a
 * over b into c, f(a) + f(b) >= f(c).  Then a jump never raises the sum of f over the
 * pegs (it takes f(a) + f(b) away and adds f(c)), so a position P whose sum is below
 * f(t) can never become the single peg at t: the search prunes it (Berlekamp, Conway
 * and Guy, Winning Ways, ch. 23; Beasley, The Ins and Outs of Peg Solitaire).
 *
 * Method: any weights w >= 0 have a greatest pagoda function below them, reached by
 * relaxation: repeat f(c) = min(f(c), f(a) + f(b)) over the jumps until nothing changes
 * (the values are integers that only fall, so it ends).  The weights tried for a target
 * t are Conway's resource count in integers, Fib(D - d(c, t)) for the Manhattan
 * distance d (exact on the whole board when every index is at least 2: a jump straight
 * toward t gives Fib(k-2) + Fib(k-1) = Fib(k)), cut off at smaller D so that far holes
 * weigh nothing, each also restricted to t's parity class (the holes whose file and rank
 * have t's parities: a peg there only ever jumps to another such hole), and the parity
 * class alone.  The relaxation turns each into a valid function; those with f(t) = 0 or
 * equal to one kept already are dropped; every kept one is checked (pg_pagoda_valid). */
#include "pegs.h"

#include <string.h>

/* Is F a pagoda function of board B (f(a) + f(b) >= f(c) for every jump)? */
bool pg_pagoda_valid(const pg_board *b, const int32_t *f)
{
    for (int j = 0; j < b->njumps; j++)
        if (f[b->jfrom[j]] + f[b->jover[j]] < f[b->jto[j]]) return false;
    return true;
}

/* The greatest pagoda function below the weights F, in place. */
static void relax(const pg_board *b, int32_t *f)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (int j = 0; j < b->njumps; j++) {
            int32_t s = f[b->jfrom[j]] + f[b->jover[j]];
            if (f[b->jto[j]] > s) { f[b->jto[j]] = s; changed = true; }
        }
    }
}

static int manhattan(const pg_board *b, int x, int y)
{
    int df = b->file[x] - b->file[y], dr = b->rank[x] - b->rank[y];
    return (df < 0 ? -df : df) + (dr < 0 ? -dr : dr);
}

/* Keeps F in OUT unless it is useless for TARGET or already there; the count after. */
static int keep(const pg_board *b, int target, const int32_t *f, int32_t (*out)[PG_MAX_HOLES], int n, int max)
{
    if (n >= max || f[target] <= 0 || !pg_pagoda_valid(b, f)) return n;
    for (int i = 0; i < n; i++)
        if (memcmp(out[i], f, sizeof out[i]) == 0) return n;
    memcpy(out[n], f, sizeof out[n]);
    return n + 1;
}

int pg_pagodas(const pg_board *b, int target, int32_t (*out)[PG_MAX_HOLES], int max)
{
    int32_t fib[2 * PG_MAX_GRID + 4];
    fib[0] = 0;
    fib[1] = 1;
    for (int k = 2; k < 2 * PG_MAX_GRID + 4; k++) fib[k] = fib[k - 1] + fib[k - 2];
    int far = 0;
    for (int h = 0; h < b->n; h++)
        if (manhattan(b, h, target) > far) far = manhattan(b, h, target);
    int n = 0;
    int32_t f[PG_MAX_HOLES];
    /* Short reaches first: they weigh only the holes near the target, so they prune the
     * most positions whose pegs have wandered away; the full count last. */
    for (int parity = 1; parity >= 0; parity--)
        for (int d = 3; d <= far + 2; d++) {
            memset(f, 0, sizeof f);
            for (int h = 0; h < b->n; h++) {
                bool same = (b->file[h] - b->file[target]) % 2 == 0 && (b->rank[h] - b->rank[target]) % 2 == 0;
                int k = d - manhattan(b, h, target);
                if (k > 0 && (same || !parity)) f[h] = fib[k];
            }
            relax(b, f);
            n = keep(b, target, f, out, n, max);
        }
    memset(f, 0, sizeof f);
    for (int h = 0; h < b->n; h++)
        if ((b->file[h] - b->file[target]) % 2 == 0 && (b->rank[h] - b->rank[target]) % 2 == 0) f[h] = 1;
    relax(b, f);
    return keep(b, target, f, out, n, max);
}
