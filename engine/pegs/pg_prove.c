/* pg_prove.c -- which one-peg finishes of a set are reachable from a position, decided
 * exactly by making the reachable positions level by level (one jump a level), each
 * level pruned by pagoda functions: a position kept only while some wanted finish has
 * no function ruling it out.
 *
 * Why: the depth-first search (pg_solve.c) needs a memo of every dead position it has
 * seen; on the 41-hole board that is more than memory holds, and a memo that forgets
 * makes it search the same subtrees again.  Levels need only two at a time in memory,
 * and pruning by the finishes still wanted keeps them far smaller than the full count.
 *
 * Method: a level is a sorted array of positions in canonical form (the least image
 * under the symmetries fixing the start and the wanted set, which must be closed under
 * them).  Each position's children are made, those whose pagoda sums (the parent's sums
 * made once, then one subtraction and addition per function per jump) rule out every
 * wanted finish dropped, the rest put in canonical form; the children are sorted (LSD
 * radix) and made unique in chunks, so the buffer holds about one level.  The pagoda
 * functions are pg_pagodas' for each wanted finish and those the linear programme
 * (pg_lp.c) finds at a few positions spread over each level, each with its images under
 * the symmetries (at most PROVE_PAGODAS).  The last level (one peg) says which wanted
 * finishes are reachable; every other one is proved unreachable.  Over the memory
 * budget the proof stops (undecided), never guesses.  No lines are kept: a finish found
 * reachable needs its line from another search. */
#include "pegs.h"

#include "core.h"

#include <stdlib.h>
#include <string.h>

enum { PROVE_PAGODAS = 256, PROVE_PER_TARGET = 12, PROVE_LP_SAMPLES = 16 };

typedef struct prover {
    const pg_board *b;
    uint64_t wanted;
    int syms[8], nsyms;
    int nf;
    int32_t f[PROVE_PAGODAS][PG_MAX_HOLES];
    int32_t ftarget[PROVE_PAGODAS];
    uint64_t fhole[PROVE_PAGODAS];
} prover;

/* Adds F (for finish T) and its images under the symmetries: the set stays closed under
 * them, so testing a canonical image tests the position. */
static void add_function(prover *p, const int32_t *f, int t)
{
    for (int i = 0; i < p->nsyms && p->nf < PROVE_PAGODAS; i++) {
        const uint8_t *sym = p->b->sym[p->syms[i]];
        int k = p->nf++;
        for (int h = 0; h < p->b->n; h++) p->f[k][sym[h]] = f[h];
        p->ftarget[k] = f[t];
        p->fhole[k] = 1ull << sym[t];
    }
}

/* The wanted finishes no function rules out for a position with sums SUM. */
static inline uint64_t open_finishes(const prover *p, const int32_t *sum)
{
    uint64_t blocked = 0;
    for (int k = 0; k < p->nf; k++)
        if (sum[k] < p->ftarget[k]) blocked |= p->fhole[k];
    return p->wanted & ~blocked;
}

/* LSD radix sort on 16-bit digits of the keys' low NBITS bits, through TMP. */
static void radix(uint64_t *a, uint64_t *tmp, size_t n, int nbits, size_t *count)
{
    for (int sh = 0; sh < nbits; sh += 16) {
        memset(count, 0, 65536 * sizeof *count);
        for (size_t i = 0; i < n; i++) count[(a[i] >> sh) & 65535]++;
        size_t s = 0;
        for (int k = 0; k < 65536; k++) { size_t c = count[k]; count[k] = s; s += c; }
        for (size_t i = 0; i < n; i++) tmp[count[(a[i] >> sh) & 65535]++] = a[i];
        memcpy(a, tmp, n * sizeof *a);
    }
}

/* Sorts A[FROM..N) and merges it, unique, with the sorted unique A[0..FROM): the new
 * length. */
static size_t compact(uint64_t *a, uint64_t *tmp, size_t from, size_t n, int nbits, size_t *count)
{
    radix(a + from, tmp, n - from, nbits, count);
    size_t i = 0, j = from, m = 0;
    while (i < from || j < n) {
        uint64_t x = j >= n || (i < from && a[i] <= a[j]) ? a[i++] : a[j++];
        if (!m || tmp[m - 1] != x) tmp[m++] = x;
    }
    memcpy(a, tmp, m * sizeof *a);
    return m;
}

int pg_prove_levels(const pg_board *b, uint64_t pegs, uint64_t wanted, size_t budget, uint64_t *reach,
                    pg_prove_stats *st, char *err, size_t errlen)
{
    *reach = 0;
    wanted &= b->full;
    if (!budget) budget = PG_LEVELS_BUDGET_DEFAULT;
    if (!wanted || !pegs) return 0;
    prover *p = calloc(1, sizeof *p);
    size_t *count = malloc(65536 * sizeof *count);
    int32_t *sum = malloc(PROVE_PAGODAS * sizeof *sum);
    /* Three arrays of one capacity: the level, the children, the sort's scratch. */
    size_t cap = budget / (3 * sizeof(uint64_t));
    uint64_t *cur = NULL, *next = NULL, *tmp = NULL;
    int rc = 0;
    if (!p || !count || !sum || cap < 1024) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
    size_t alloc = 1 << 16;   /* grown by doubling up to cap */
    cur = malloc(alloc * sizeof *cur);
    next = malloc(alloc * sizeof *next);
    tmp = malloc(alloc * sizeof *tmp);
    if (!cur || !next || !tmp) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
    p->b = b;
    p->wanted = wanted;
    for (int k = 0; k < 8; k++)
        if (pg_transform(b, k, pegs) == pegs && pg_transform(b, k, wanted) == wanted) p->syms[p->nsyms++] = k;
    for (uint64_t w = wanted; w; w &= w - 1) {
        int t = __builtin_ctzll(w);
        int32_t fs[PROVE_PER_TARGET][PG_MAX_HOLES];
        int n = pg_pagodas(b, t, fs, PROVE_PER_TARGET);
        for (int i = 0; i < n; i++) add_function(p, fs[i], t);
    }
    int nbits = (b->n + 15) / 16 * 16;
    size_t ncur = 1;
    cur[0] = pegs;
    for (int k = 1; k < p->nsyms; k++) {
        uint64_t x = pg_transform(b, p->syms[k], pegs);
        if (x < cur[0]) cur[0] = x;
    }
    for (int level = 1; pg_count(cur[0]) > 1; level++) {
        /* A few linear programmes on positions spread over the level: the functions
         * they find cut this level's children and the levels below. */
        for (size_t i = 0; i < ncur && p->nf < PROVE_PAGODAS; i += ncur / PROVE_LP_SAMPLES + 1) {
            int32_t s0[PROVE_PAGODAS];
            for (int k = 0; k < p->nf; k++) {
                int32_t s = 0;
                for (uint64_t x = cur[i]; x; x &= x - 1) s += p->f[k][__builtin_ctzll(x)];
                s0[k] = s;
            }
            for (uint64_t w = open_finishes(p, s0); w && p->nf < PROVE_PAGODAS; w &= w - 1) {
                int32_t f[PG_MAX_HOLES];
                if (st) st->lp_calls++;
                int r = pg_pagoda_lp(b, cur[i], __builtin_ctzll(w), f);
                if (r < 0) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
                if (r == 1) { add_function(p, f, __builtin_ctzll(w)); if (st) st->lp_found++; }
            }
        }
        size_t n = 0, sorted = 0;
        for (size_t i = 0; i < ncur; i++) {
            uint64_t q = cur[i];
            for (int k = 0; k < p->nf; k++) {
                int32_t s = 0;
                for (uint64_t x = q; x; x &= x - 1) s += p->f[k][__builtin_ctzll(x)];
                sum[k] = s;
            }
            for (int j = 0; j < b->njumps; j++) {
                int a = b->jfrom[j], v = b->jover[j], c = b->jto[j];
                if (!(q >> a & 1) || !(q >> v & 1) || (q >> c & 1)) continue;
                uint64_t blocked = 0;
                for (int k = 0; k < p->nf; k++)
                    if (sum[k] - p->f[k][a] - p->f[k][v] + p->f[k][c] < p->ftarget[k]) blocked |= p->fhole[k];
                if (!(wanted & ~blocked)) { if (st) st->pruned++; continue; }
                uint64_t child = q ^ (1ull << a) ^ (1ull << v) ^ (1ull << c), key = child;
                for (int s = 1; s < p->nsyms; s++) {
                    uint64_t x = pg_transform(b, p->syms[s], child);
                    if (x < key) key = x;
                }
                if (n == alloc) {
                    /* Full: the new children sorted and merged in; grow if that
                     * frees too little, within the budget. */
                    n = sorted = compact(next, tmp, sorted, n, nbits, count);
                    if (n > alloc / 2) {
                        if (alloc * 2 > cap) {
                            rc = bo_fail(err, errlen, "level %d passed the memory budget (%zu MB) with %zu positions", level,
                                         budget >> 20, n);
                            rc = 2;
                            goto done;
                        }
                        alloc *= 2;
                        uint64_t *x1 = realloc(next, alloc * sizeof *next), *x2 = x1 ? realloc(tmp, alloc * sizeof *tmp) : NULL;
                        if (x1) next = x1;
                        if (x2) tmp = x2;
                        uint64_t *x3 = x1 && x2 ? realloc(cur, alloc * sizeof *cur) : NULL;
                        if (!x3) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
                        cur = x3;
                    }
                }
                next[n++] = key;
            }
        }
        n = compact(next, tmp, sorted, n, nbits, count);
        if (st) {
            st->positions += n;
            if (n > st->widest) st->widest = n;
            st->levels = level;
            size_t bytes = 3 * alloc * sizeof *cur;
            if (bytes > st->peak_bytes) st->peak_bytes = bytes;
        }
        uint64_t *x = cur;
        cur = next;
        next = x;
        ncur = n;
        if (!ncur) goto done;   /* every wanted finish ruled out */
    }
    /* One peg left: the reachable wanted finishes (each with its orbit). */
    for (size_t i = 0; i < ncur; i++)
        for (int s = 0; s < p->nsyms; s++) *reach |= pg_transform(b, p->syms[s], cur[i]) & wanted;
done:
    free(p);
    free(count);
    free(sum);
    free(cur);
    free(next);
    free(tmp);
    return rc;
}
