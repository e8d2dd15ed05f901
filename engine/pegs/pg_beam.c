/* pg_beam.c -- peg solitaire solutions found by a beam search: level by level (one
 * jump a level), every child of the kept positions, the duplicates under the start's
 * symmetries dropped, the children no wanted finish can come from cut by the pagoda
 * functions, and the best WIDTH by a score kept for the next level.
 *
 * Why: the depth-first search (pg_solve.c) is exhaustive but its order is blind; on the
 * 41-hole diamond board it met no solution in tens of millions of positions, where a
 * beam that keeps the pegs near the centre and together finds one in seconds.  A beam
 * search proves nothing: what it finds is a line (replayed by the caller), what it does
 * not find stays for the exhaustive search.
 *
 * Score (lower is better): w_dist times the pegs' summed Manhattan distance to the
 * board's centre, plus w_iso times the pegs with no orthogonal neighbour (a lone peg
 * must be fetched later), minus w_mob times the jumps available; ties are broken by a
 * hash of the position and the seed, so a run is the same every time and another seed
 * gives another beam.  Memory: the kept levels (16 bytes a position) for reading the
 * lines back, and one level's children. */
#include "pegs.h"

#include "core.h"

#include <stdlib.h>
#include <string.h>

enum { BEAM_PAGODAS = 64, BEAM_PER_TARGET = 6 };

typedef struct cand {
    uint64_t key;                      /* canonical under the start's symmetries */
    uint64_t pegs;
    int64_t score;
    uint32_t parent;                   /* index in the level before */
    uint16_t jump;                     /* index in the board's jump list */
} cand;

typedef struct kept {
    uint64_t pegs;
    uint32_t parent;
    uint16_t jump;
} kept;

/* Duplicates sort together; the full order makes the run independent of qsort. */
static int by_key(const void *x, const void *y)
{
    const cand *a = x, *b = y;
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    if (a->pegs != b->pegs) return a->pegs < b->pegs ? -1 : 1;
    if (a->parent != b->parent) return a->parent < b->parent ? -1 : 1;
    return (a->jump > b->jump) - (a->jump < b->jump);
}

/* Best first; the score already holds the seeded tie-break in its low bits. */
static int by_score(const void *x, const void *y)
{
    const cand *a = x, *b = y;
    if (a->score != b->score) return a->score < b->score ? -1 : 1;
    return (a->key > b->key) - (a->key < b->key);
}

/* The score of PEGS (see the file comment), with the tie-break in the low 16 bits. */
static int64_t score(const pg_board *b, const pg_beam_opts *o, const int *dist, const uint64_t *nbr, uint64_t pegs)
{
    int64_t d = 0, iso = 0, mob = 0;
    for (uint64_t p = pegs; p; p &= p - 1) {
        int h = __builtin_ctzll(p);
        d += dist[h];
        if (!(nbr[h] & pegs)) iso++;
    }
    for (int j = 0; j < b->njumps; j++)
        mob += (pegs >> b->jfrom[j] & 1) & (pegs >> b->jover[j] & 1) & ~(pegs >> b->jto[j]) & 1;
    int64_t s = o->w_dist * d + o->w_iso * iso - o->w_mob * mob;
    return s * 65536 + (int64_t)(bo_mix64(pegs ^ o->seed) & 0xffff);
}

int pg_beam(const pg_board *b, uint64_t pegs, uint64_t wanted, const pg_beam_opts *o, uint64_t *reach,
            pg_line *found, uint64_t *nodes, char *err, size_t errlen)
{
    *reach = 0;
    wanted &= b->full;
    int levels = pg_count(pegs) - 1, width = o->width > 0 ? o->width : 1;
    if (!wanted || levels < 0) return 0;
    if (levels == 0) {
        if (wanted & pegs) { *reach = pegs; found[__builtin_ctzll(pegs)].n = 0; }
        return 0;
    }
    /* The symmetries fixing the start and the wanted set, for the duplicate test. */
    int syms[8], nsyms = 0;
    for (int k = 0; k < 8; k++)
        if (pg_transform(b, k, pegs) == pegs && pg_transform(b, k, wanted) == wanted) syms[nsyms++] = k;
    int dist[PG_MAX_HOLES];
    uint64_t nbr[PG_MAX_HOLES];
    for (int h = 0; h < b->n; h++) {
        int df = b->file[h] - b->file[b->centre], dr = b->rank[h] - b->rank[b->centre];
        dist[h] = (df < 0 ? -df : df) + (dr < 0 ? -dr : dr);
        nbr[h] = 0;
        for (int d = 0; d < 4; d++)
            if (b->over[h][d] >= 0) nbr[h] |= 1ull << b->over[h][d];
    }
    /* The pagoda functions of the wanted finishes (f[k], target hole bit fhole[k]). */
    int32_t (*f)[PG_MAX_HOLES] = calloc(BEAM_PAGODAS, sizeof *f);
    int32_t ftarget[BEAM_PAGODAS];
    uint64_t fhole[BEAM_PAGODAS];
    int nf = 0;
    kept **lev = calloc((size_t)levels + 1, sizeof *lev);
    int *cnt = calloc((size_t)levels + 1, sizeof *cnt);
    int32_t *sum = NULL, *nsum = NULL;
    size_t cap = (size_t)width * 16;
    cand *c = malloc(cap * sizeof *c);
    int rc = 0;
    if (!f || !lev || !cnt || !c) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
    for (uint64_t w = wanted; w && nf < BEAM_PAGODAS; w &= w - 1) {
        int t = __builtin_ctzll(w), room = BEAM_PAGODAS - nf;
        int n = pg_pagodas(b, t, &f[nf], room < BEAM_PER_TARGET ? room : BEAM_PER_TARGET);
        for (int k = nf; k < nf + n; k++) { ftarget[k] = f[k][t]; fhole[k] = 1ull << t; }
        nf += n;
    }
    sum = malloc(((size_t)width * (nf ? nf : 1)) * sizeof *sum);
    nsum = malloc(((size_t)width * (nf ? nf : 1)) * sizeof *nsum);
    lev[0] = malloc(sizeof **lev);
    if (!sum || !nsum || !lev[0]) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
    lev[0][0] = (kept){pegs, 0, 0};
    cnt[0] = 1;
    for (int k = 0; k < nf; k++) {
        int32_t s = 0;
        for (uint64_t p = pegs; p; p &= p - 1) s += f[k][__builtin_ctzll(p)];
        sum[k] = s;
    }
    for (int L = 0; L < levels; L++) {
        size_t m = 0;
        for (int i = 0; i < cnt[L]; i++) {
            uint64_t p = lev[L][i].pegs;
            const int32_t *ps = &sum[(size_t)i * nf];
            for (int j = 0; j < b->njumps; j++) {
                int a = b->jfrom[j], v = b->jover[j], t = b->jto[j];
                if (!(p >> a & 1) || !(p >> v & 1) || (p >> t & 1)) continue;
                /* Kept only when some wanted finish has no function ruling it out. */
                uint64_t blocked = 0;
                for (int k = 0; k < nf; k++)
                    if (ps[k] - f[k][a] - f[k][v] + f[k][t] < ftarget[k]) blocked |= fhole[k];
                if (!(wanted & ~blocked)) continue;
                if (m == cap) {
                    cand *g = realloc(c, 2 * cap * sizeof *c);
                    if (!g) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
                    c = g;
                    cap *= 2;
                }
                uint64_t q = p ^ (1ull << a) ^ (1ull << v) ^ (1ull << t), key = q;
                for (int s = 1; s < nsyms; s++) {
                    uint64_t x = pg_transform(b, syms[s], q);
                    if (x < key) key = x;
                }
                c[m++] = (cand){key, q, 0, (uint32_t)i, (uint16_t)j};
            }
        }
        if (nodes) *nodes += (uint64_t)cnt[L];
        if (!m) break;
        qsort(c, m, sizeof *c, by_key);
        size_t u = 0;
        for (size_t i = 0; i < m; i++)
            if (!u || c[u - 1].key != c[i].key) c[u++] = c[i];
        for (size_t i = 0; i < u; i++) c[i].score = score(b, o, dist, nbr, c[i].pegs);
        qsort(c, u, sizeof *c, by_score);
        if (u > (size_t)width) u = (size_t)width;
        lev[L + 1] = malloc(u * sizeof **lev);
        if (!lev[L + 1]) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
        cnt[L + 1] = (int)u;
        for (size_t i = 0; i < u; i++) {
            lev[L + 1][i] = (kept){c[i].pegs, c[i].parent, c[i].jump};
            const int32_t *ps = &sum[(size_t)c[i].parent * nf];
            int a = b->jfrom[c[i].jump], v = b->jover[c[i].jump], t = b->jto[c[i].jump];
            for (int k = 0; k < nf; k++) nsum[i * (size_t)nf + k] = ps[k] - f[k][a] - f[k][v] + f[k][t];
        }
        int32_t *x = sum;
        sum = nsum;
        nsum = x;
    }
    /* The last level's single pegs at wanted holes: their lines read back. */
    for (int i = 0; lev[levels] && i < cnt[levels]; i++) {
        uint64_t p = lev[levels][i].pegs;
        if (!(p & wanted) || (p & *reach)) continue;
        int h = __builtin_ctzll(p);
        *reach |= p;
        pg_line *l = &found[h];
        l->n = levels;
        for (int L = levels, k = i; L > 0; L--) {
            const kept *e = &lev[L][k];
            l->jumps[L - 1] = pg_jump_between(b, b->jfrom[e->jump], b->jto[e->jump]);
            k = (int)e->parent;
        }
    }
done:
    for (int L = 0; lev && L <= levels; L++) free(lev[L]);
    free(lev);
    free(cnt);
    free(c);
    free(sum);
    free(nsum);
    free(f);
    return rc;
}
