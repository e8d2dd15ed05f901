/* tg_index.c -- Two Tigers' perfect index up to symmetry: every position with D dogs
 * on the board and a side to move gets a number in 0 .. size[D] - 1, and back, and
 * positions one of the board's symmetries maps onto each other get the same number.
 *
 * Rules it rests on: dogs step only to empty points, so only the four start points
 * b2 d2 b4 d4 ever hold more than one dog (0..4), every other point 0 or 1; the two
 * tigers are alike.  The board (5x5 points, diagonals at row + column even, the start
 * stacks on b2 d2 b4 d4) is kept by all 8 symmetries of the square, and so are the
 * moves, the captures and the ends: symmetric positions have the same value.
 * Method: a block is (tiger pair, start heights); of each orbit of blocks under the 8
 * symmetries only the least is indexed, and a position is first taken to its block's
 * canonical block.  index = base[D][tiger pair][start heights] + the combinatorial
 * (colex) rank of the set of other points holding a dog, among the 21 non-start points
 * the tigers leave free.  In the few blocks some symmetry fixes (both tigers on a
 * symmetry axis, say), the least rank over those symmetries is taken, so the rank is
 * one number per orbit; such blocks keep room for every dog set, the unused ones are
 * spares (never the rank of a position).  The tables are built once per index value
 * (tg_index_init); nothing is global. */
#include <stdlib.h>
#include <string.h>

#include "tg_index.h"

static const int start_pts[4] = {6, 8, 16, 18};
#define NS_MASK (((1u << 25) - 1) & ~((1u << 6) | (1u << 8) | (1u << 16) | (1u << 18)))

static uint64_t binom(int n, int k)
{
    if (k < 0 || k > n) return 0;
    uint64_t r = 1;
    for (int i = 1; i <= k; i++) r = r * (uint64_t)(n - k + i) / (uint64_t)i;
    return r;
}

static int tp_of(int a, int b)
{
    if (a > b) { int t = a; a = b; b = t; }
    return b * (b - 1) / 2 + a;
}

static void tp_split(int tp, int *t0, int *t1)
{
    int b = 1;
    while (b * (b + 1) / 2 <= tp) b++;
    *t1 = b;
    *t0 = tp - b * (b - 1) / 2;
}

/* Symmetry G of the square on (row, column): mirrors, transpose, rotations. */
static int sym_point(int g, int p)
{
    int r = p / 5, c = p % 5, nr = r, nc = c;
    switch (g) {
    case 0: break;
    case 1: nc = 4 - c; break;
    case 2: nr = 4 - r; break;
    case 3: nr = 4 - r; nc = 4 - c; break;
    case 4: nr = c; nc = r; break;
    case 5: nr = c; nc = 4 - r; break;
    case 6: nr = 4 - c; nc = r; break;
    default: nr = 4 - c; nc = 4 - r; break;
    }
    return nr * 5 + nc;
}

static inline uint32_t perm_mask(const tg_index *x, int g, uint32_t m)
{
    const uint32_t (*t)[32] = x->perm5[g];
    return t[0][m & 31] | t[1][m >> 5 & 31] | t[2][m >> 10 & 31] | t[3][m >> 15 & 31] | t[4][m >> 20 & 31];
}

/* The colex rank of the non-start dog points M among the points tiger pair TP leaves. */
static inline uint64_t colex(const tg_index *x, int tp, uint32_t m)
{
    uint64_t r = 0;
    int k = 0;
    const uint8_t *fi = x->freeidx[tp];
    for (; m; m &= m - 1) r += x->binom[fi[__builtin_ctz(m)]][++k];
    return r;
}

int tg_index_init(tg_index *x)
{
    memset(x, 0, sizeof *x);
    for (int p = 0, k = 0; p < 25; p++)
        if (p != 6 && p != 8 && p != 16 && p != 18) x->ns[k++] = p;
    for (int n = 0; n <= 21; n++)
        for (int k = 0; k <= 21; k++) x->binom[n][k] = binom(n, k);
    for (int g = 0; g < TG_SYMS; g++) {
        for (int p = 0; p < 25; p++) x->sym[g][p] = (uint8_t)sym_point(g, p);
        for (int c = 0; c < 5; c++)
            for (uint32_t m = 0; m < 32; m++)
                for (int b = 0; b < 5; b++)
                    if (m >> b & 1) x->perm5[g][c][m] |= 1u << x->sym[g][c * 5 + b];
        for (int tp = 0; tp < 300; tp++) {
            int t0, t1;
            tp_split(tp, &t0, &t1);
            x->tpmap[g][tp] = (uint16_t)tp_of(x->sym[g][t0], x->sym[g][t1]);
        }
        for (int hv = 0; hv < 625; hv++) {
            int img[4] = {0, 0, 0, 0};
            for (int i = 0, h = hv; i < 4; i++, h /= 5)
                for (int j = 0; j < 4; j++)
                    if (x->sym[g][start_pts[i]] == start_pts[j]) img[j] = h % 5;
            x->hvmap[g][hv] = (uint16_t)(img[0] + 5 * img[1] + 25 * img[2] + 125 * img[3]);
        }
    }
    for (int tp = 0; tp < 300; tp++) {
        int t0, t1;
        tp_split(tp, &t0, &t1);
        for (int i = 0, j = 0; i < 21; i++) {
            int q = x->ns[i];
            if (q == t0 || q == t1) continue;
            x->freeidx[tp][q] = (uint8_t)j++;
        }
    }
    for (int blk = 0; blk < TG_BLOCKS; blk++) {
        int tp = blk / 625, hv = blk % 625, best = blk, bg = 0, stab = 0;
        for (int g = 0; g < TG_SYMS; g++) {
            int img = x->tpmap[g][tp] * 625 + x->hvmap[g][hv];
            if (img < best) { best = img; bg = g; }
            if (img == blk) stab |= 1 << g;
        }
        x->canon_g[blk] = (uint8_t)bg;
        x->stab[blk] = (uint8_t)stab;
    }
    for (int d = 0; d <= TG_DOGS; d++) {
        uint64_t off = 0, raw = 0;
        for (int tp = 0; tp < 300; tp++) {
            int t0, t1;
            tp_split(tp, &t0, &t1);
            int free_ns = 21 - !(t0 == 6 || t0 == 8 || t0 == 16 || t0 == 18) - !(t1 == 6 || t1 == 8 || t1 == 16 || t1 == 18);
            for (int hv = 0; hv < 625; hv++) {
                int sum = 0, ok = 1, h = hv;
                for (int i = 0; i < 4; i++, h /= 5) {
                    int hi = h % 5;
                    if (hi && (start_pts[i] == t0 || start_pts[i] == t1)) ok = 0;
                    sum += hi;
                }
                x->base[d][tp][hv] = off;
                if (!ok || sum > d) continue;
                raw += x->binom[free_ns][d - sum];
                if (x->canon_g[tp * 625 + hv] == 0) off += x->binom[free_ns][d - sum];
            }
        }
        x->size[d] = off;
        x->raw_size[d] = raw;
    }
    return 0;
}

/* P's block mapped to its canonical block: the tiger pair TP, the start heights HV,
 * the dogs on the board D, the other dogs' mask M in the canonical frame; returns the
 * symmetry used (0: P's block is canonical).  The first half of both ranks below. */
static inline int canonical_block(const tg_index *x, const tg_pos *p, int *tp, int *hv, int *d, uint32_t *m)
{
    *tp = tp_of(p->tiger[0], p->tiger[1]), *hv = 0, *d = 0;
    for (int i = 3; i >= 0; i--) {
        *hv = *hv * 5 + p->dogs[start_pts[i]];
        *d += p->dogs[start_pts[i]];
    }
    *m = p->dmask & NS_MASK;
    int g = x->canon_g[*tp * 625 + *hv];
    if (g) {
        *m = perm_mask(x, g, *m);
        *tp = x->tpmap[g][*tp];
        *hv = x->hvmap[g][*hv];
    }
    *d += __builtin_popcount(*m);
    return g;
}

/* The rank (see tg_index_rank) and, in *COSET, which half of the orbit P is in (for
 * tg_reach_all.c): 0 when the symmetry taking P to its canonical position keeps rows
 * as rows (identity, the two mirrors, the half turn: the start's own symmetries), 1
 * when it turns rows into columns; 0 as well when the canonical position is fixed by
 * a symmetry of the second kind (the two halves are then one). */
uint64_t tg_index_rank_coset(const tg_index *x, const tg_pos *p, int *coset)
{
    int tp, hv, d;
    uint32_t m;
    int g = canonical_block(x, p, &tp, &hv, &d, &m);
    uint64_t r = colex(x, tp, m);
    int stab = x->stab[tp * 625 + hv], best = 0;
    uint32_t mc = m;
    if (stab != 1) {
        for (int s = 1; s < TG_SYMS; s++)
            if (stab >> s & 1) {
                uint32_t ms = perm_mask(x, s, m);
                uint64_t rs = colex(x, tp, ms);
                if (rs < r) { r = rs; best = s; mc = ms; }
            }
        for (int s = 4; s < TG_SYMS; s++)   /* the canonical position fixed by a turning symmetry */
            if ((stab >> s & 1) && perm_mask(x, s, mc) == mc) { *coset = 0; return x->base[d][tp][hv] + r; }
    }
    *coset = (g >= 4) ^ (best >= 4);
    return x->base[d][tp][hv] + r;
}

uint64_t tg_index_rank(const tg_index *x, const tg_pos *p)
{
    int tp, hv, d;
    uint32_t m;
    canonical_block(x, p, &tp, &hv, &d, &m);
    uint64_t r = colex(x, tp, m);
    int stab = x->stab[tp * 625 + hv];
    if (stab != 1)
        for (int s = 1; s < TG_SYMS; s++)
            if (stab >> s & 1) {
                uint64_t rs = colex(x, tp, perm_mask(x, s, m));
                if (rs < r) r = rs;
            }
    return x->base[d][tp][hv] + r;
}

/* The inverse of tg_index_rank on canonical indices: a bisection over the bases, then
 * colex unranking. */
void tg_index_unrank(const tg_index *x, int d, int side, uint64_t idx, tg_pos *p)
{
    memset(p, 0, sizeof *p);
    int lo = 0, hi = TG_BLOCKS - 1;
    const uint64_t *b = &x->base[d][0][0];
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (b[mid] <= idx) lo = mid;
        else hi = mid - 1;
    }
    int tp = lo / 625, hv = lo % 625, t0, t1;
    tp_split(tp, &t0, &t1);
    p->tiger[0] = (uint8_t)t0;
    p->tiger[1] = (uint8_t)t1;
    int sum = 0;
    for (int i = 0, h = hv; i < 4; i++, h /= 5) {
        p->dogs[start_pts[i]] = (uint8_t)(h % 5);
        sum += h % 5;
    }
    int fr[21], nf = 0;
    for (int i = 0; i < 21; i++)
        if (x->ns[i] != t0 && x->ns[i] != t1) fr[nf++] = x->ns[i];
    uint64_t r = idx - b[lo];
    for (int k = d - sum, j = nf - 1; k > 0; k--) {
        while (x->binom[j][k] > r) j--;
        p->dogs[fr[j]] = 1;
        r -= x->binom[j][k];
        j--;
    }
    for (int q = 0; q < 25; q++)
        if (p->dogs[q]) p->dmask |= 1u << q;
    p->side = (uint8_t)side;
    p->captured = (uint8_t)(TG_DOGS - d);
}

void tg_index_apply_sym(const tg_index *x, int g, const tg_pos *p, tg_pos *out)
{
    tg_pos q = *p;
    for (int i = 0; i < 25; i++) q.dogs[x->sym[g][i]] = p->dogs[i];
    q.dmask = perm_mask(x, g, p->dmask);
    int a = x->sym[g][p->tiger[0]], b = x->sym[g][p->tiger[1]];
    q.tiger[0] = (uint8_t)(a < b ? a : b);
    q.tiger[1] = (uint8_t)(a < b ? b : a);
    q.hash = tg_hash_scratch(&q);
    *out = q;
}
