/* tg_index.c -- Two Tigers' perfect index: every position with D dogs on the board
 * and a side to move gets a number in 0 .. tg_layer_size(D) - 1, and back.
 *
 * Rule it rests on: dogs step only to empty points, so only the four start points
 * b2 d2 b4 d4 ever hold more than one dog (0..4), every other point 0 or 1; the two
 * tigers are alike.  Method: index = base[D][tiger pair][start heights] + the
 * combinatorial (colex) rank of the set of other points holding a dog, among the 21
 * non-start points the tigers leave free.  The bases are prefix sums built once per
 * index value (tg_index_init); nothing is global. */
#include <stdlib.h>
#include <string.h>

#include "tg_index.h"

static const int start_pts[4] = {6, 8, 16, 18};

static uint64_t binom(int n, int k)
{
    if (k < 0 || k > n) return 0;
    uint64_t r = 1;
    for (int i = 1; i <= k; i++) r = r * (uint64_t)(n - k + i) / (uint64_t)i;
    return r;
}

/* The non-start points in order (their rank among the 21). */
static void non_start(int out[21])
{
    int k = 0;
    for (int p = 0; p < 25; p++)
        if (p != 6 && p != 8 && p != 16 && p != 18) out[k++] = p;
}

int tg_index_init(tg_index *x)
{
    memset(x, 0, sizeof *x);
    non_start(x->ns);
    for (int n = 0; n <= 21; n++)
        for (int k = 0; k <= 21; k++) x->binom[n][k] = binom(n, k);
    for (int d = 0; d <= TG_DOGS; d++) {
        uint64_t off = 0;
        for (int tp = 0; tp < 300; tp++) {
            int t1 = 1;
            while (t1 * (t1 + 1) / 2 <= tp) t1++;
            int t0 = tp - t1 * (t1 - 1) / 2;
            int free_ns = 21 - !( t0 == 6 || t0 == 8 || t0 == 16 || t0 == 18) - !(t1 == 6 || t1 == 8 || t1 == 16 || t1 == 18);
            for (int hv = 0; hv < 625; hv++) {
                int sum = 0, ok = 1, h = hv;
                for (int i = 0; i < 4; i++, h /= 5) {
                    int hi = h % 5;
                    if (hi && (start_pts[i] == t0 || start_pts[i] == t1)) ok = 0;
                    sum += hi;
                }
                x->base[d][tp][hv] = off;
                if (ok && sum <= d) off += x->binom[free_ns][d - sum];
            }
        }
        x->size[d] = off;
    }
    return 0;
}

uint64_t tg_index_rank(const tg_index *x, const tg_pos *p)
{
    int t0 = p->tiger[0], t1 = p->tiger[1];
    int tp = t1 * (t1 - 1) / 2 + t0, hv = 0, d = 0;
    for (int i = 3; i >= 0; i--) hv = hv * 5 + p->dogs[start_pts[i]];
    for (int i = 0; i < 4; i++) d += p->dogs[start_pts[i]];
    uint64_t r = 0;
    int j = 0, k = 0;
    for (int i = 0; i < 21; i++) {
        int q = x->ns[i];
        if (q == t0 || q == t1) continue;
        if (p->dogs[q]) r += x->binom[j][++k];
        j++;
    }
    d += k;
    return x->base[d][tp][hv] + r;
}

/* The inverse of tg_index_rank: a bisection over the bases, then colex unranking. */
void tg_index_unrank(const tg_index *x, int d, int side, uint64_t idx, tg_pos *p)
{
    memset(p, 0, sizeof *p);
    int lo = 0, hi = 300 * 625 - 1;
    const uint64_t *b = &x->base[d][0][0];
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (b[mid] <= idx) lo = mid;
        else hi = mid - 1;
    }
    int tp = lo / 625, hv = lo % 625;
    int t1 = 1;
    while (t1 * (t1 + 1) / 2 <= tp) t1++;
    int t0 = tp - t1 * (t1 - 1) / 2;
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
