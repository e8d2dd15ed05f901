/* tg_brute.c -- Two Tigers' brute force for the tests (tg_brute.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tg_brute.h"
#include "tg_solve.h"

static int bf_nb[25][8];   /* written once by bf_board; the same on every call */

void bf_board(void)
{
    const int dr[8] = {0, 1, 0, -1, 1, 1, -1, -1}, dc[8] = {1, 0, -1, 0, 1, -1, 1, -1};
    for (int p = 0; p < 25; p++)
        for (int k = 0; k < 8; k++) {
            int r = p / 5 + dr[k], c = p % 5 + dc[k];
            bool diag = k >= 4;
            bf_nb[p][k] = (r < 0 || r > 4 || c < 0 || c > 4 || (diag && (p / 5 + p % 5) % 2)) ? -1 : r * 5 + c;
        }
}

bool bf_start_point(int p) { return p == 6 || p == 8 || p == 16 || p == 18; }

/* side | t0 | t1 | a bit per point holding dogs | 3 bits per start point's height. */
uint64_t bf_key(const bf_pos *p)
{
    uint64_t k = (uint64_t)p->side | (uint64_t)p->t0 << 1 | (uint64_t)p->t1 << 6;
    for (int q = 0; q < 25; q++)
        if (p->h[q]) k |= 1ull << (11 + q);
    const int sp[4] = {6, 8, 16, 18};
    for (int i = 0; i < 4; i++) k |= (uint64_t)p->h[sp[i]] << (36 + 3 * i);
    return k;
}

int bf_dogs(const bf_pos *p)
{
    int n = 0;
    for (int q = 0; q < 25; q++) n += p->h[q];
    return n;
}

/* The successors of P (the moves' results, with the tigers sorted); N moves. */
int bf_moves(const bf_pos *p, bf_pos *out)
{
    int n = 0;
    if (p->side == 0) {
        int tig[2] = {p->t0, p->t1};
        for (int t = 0; t < 2; t++)
            for (int k = 0; k < 8; k++) {
                int a = bf_nb[tig[t]][k];
                if (a < 0 || a == tig[1 - t]) continue;
                int to = a;
                bf_pos q = *p;
                if (p->h[a]) {   /* a jump over a, if the point beyond is on the line and empty */
                    int l = bf_nb[a][k];
                    if (l < 0 || l == tig[1 - t] || p->h[l]) continue;
                    q.h[a]--;
                    to = l;
                }
                int o = tig[1 - t];
                q.t0 = to < o ? to : o;
                q.t1 = to < o ? o : to;
                q.side = 1;
                out[n++] = q;
            }
    } else {
        for (int f = 0; f < 25; f++) {
            if (!p->h[f]) continue;
            for (int k = 0; k < 8; k++) {
                int a = bf_nb[f][k];
                if (a < 0 || a == p->t0 || a == p->t1 || p->h[a]) continue;
                bf_pos q = *p;
                q.h[f]--;
                q.h[a] = 1;
                q.side = 0;
                out[n++] = q;
            }
        }
    }
    return n;
}


/* Every position with WIN + 1 .. MAXD dogs: tigers on two points, 0..4 dogs on each
 * free start point, 0 or 1 on every other free point. */
static void bf_place(bf_game *g, bf_pos *p, int q, int dogs)
{
    if (q == 25) {
        if (dogs <= g->win) return;
        for (int s = 0; s < 2; s++) {
            if (g->n == g->cap) {
                g->cap = g->cap ? 2 * g->cap : 1 << 16;
                g->keys = realloc(g->keys, g->cap * sizeof *g->keys);
            }
            p->side = s;
            g->keys[g->n++] = bf_key(p);
        }
        return;
    }
    int top = q == p->t0 || q == p->t1 ? 0 : bf_start_point(q) ? 4 : 1;
    for (int c = 0; c <= top && dogs + c <= g->maxd; c++) {
        p->h[q] = (uint8_t)c;
        bf_place(g, p, q + 1, dogs + c);
    }
    p->h[q] = 0;
}

static int cmp_key(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The position of a key (bf_key's inverse). */
void bf_unkey(uint64_t k, bf_pos *p)
{
    memset(p, 0, sizeof *p);
    p->side = (int)(k & 1);
    p->t0 = (int)(k >> 1 & 31);
    p->t1 = (int)(k >> 6 & 31);
    for (int q = 0; q < 25; q++) p->h[q] = (uint8_t)(k >> (11 + q) & 1);
    const int sp[4] = {6, 8, 16, 18};
    for (int i = 0; i < 4; i++) p->h[sp[i]] = (uint8_t)(k >> (36 + 3 * i) & 7);
}

size_t bf_find(const bf_game *g, uint64_t k)
{
    size_t lo = 0, hi = g->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (g->keys[mid] < k) lo = mid + 1;
        else hi = mid;
    }
    if (lo >= g->n || g->keys[lo] != k) {
        fprintf(stderr, "tg_brute: key %llx is not among the game's positions\n", (unsigned long long)k);
        abort();
    }
    return lo;
}

/* Lists the reduced game's positions and solves it by counting: the retrograde
 * queue described above. */
void bf_build_and_solve(bf_game *g, int win, int maxd)
{
    memset(g, 0, sizeof *g);
    g->win = win;
    g->maxd = maxd;
    bf_board();
    for (int t0 = 0; t0 < 25; t0++)
        for (int t1 = t0 + 1; t1 < 25; t1++) {
            bf_pos p;
            memset(&p, 0, sizeof p);
            p.t0 = t0;
            p.t1 = t1;
            bf_place(g, &p, 0, 0);
        }
    qsort(g->keys, g->n, sizeof *g->keys, cmp_key);
    g->pos = malloc(g->n * sizeof *g->pos);
    for (size_t i = 0; i < g->n; i++) bf_unkey(g->keys[i], &g->pos[i]);
    /* the moves within the game, as predecessor lists; a capture down to WIN dogs wins */
    uint32_t *left = calloc(g->n, sizeof *left), *start = calloc(g->n + 1, sizeof *start);
    g->val = calloc(g->n, 1);
    uint32_t *queue = malloc(g->n * sizeof *queue);
    size_t qh = 0, qt = 0;
    bf_pos succ[128];
    for (int round = 0; round < 2; round++) {   /* count, then fill */
        uint32_t *fill = round ? calloc(g->n, sizeof *fill) : NULL;
        for (size_t i = 0; i < g->n; i++) {
            int m = bf_moves(&g->pos[i], succ), wins = 0;
            for (int k = 0; k < m; k++) {
                if (bf_dogs(&succ[k]) <= win) { wins = 1; continue; }
                size_t j = bf_find(g, bf_key(&succ[k]));
                if (round == 0) { start[j + 1]++; left[i]++; }
                else g->predecessors[start[j] + fill[j]++] = (uint32_t)i;
            }
            if (round == 0 && g->val[i] == 0 && (wins || m == 0)) {
                g->val[i] = wins ? TG_V_WIN : TG_V_LOSS;
                queue[qt++] = (uint32_t)i;
            }
        }
        if (round == 0) {
            for (size_t j = 0; j < g->n; j++) start[j + 1] += start[j];
            g->predecessors = malloc((start[g->n] + 1) * sizeof *g->predecessors);
        }
        free(fill);
    }
    while (qh < qt) {
        uint32_t j = queue[qh++];
        for (uint32_t e = start[j]; e < start[j + 1]; e++) {
            uint32_t i = g->predecessors[e];
            if (g->val[i]) continue;
            if (g->val[j] == TG_V_LOSS) g->val[i] = TG_V_WIN;
            else if (--left[i] == 0) g->val[i] = TG_V_LOSS;
            else continue;
            queue[qt++] = i;
        }
    }
    free(left);
    free(start);
    free(queue);
    free(g->predecessors);
}

/* The solver's position of a brute-force one, its dog count in *D. */
tg_pos bf_to_tg(const bf_pos *b, int *d)
{
    tg_pos p;
    memset(&p, 0, sizeof p);
    *d = 0;
    for (int q = 0; q < 25; q++) {
        p.dogs[q] = b->h[q];
        if (b->h[q]) p.dmask |= 1u << q;
        *d += b->h[q];
    }
    p.tiger[0] = (uint8_t)b->t0;
    p.tiger[1] = (uint8_t)b->t1;
    p.side = (uint8_t)b->side;
    p.captured = (uint8_t)(TG_DOGS - *d);
    p.hash = tg_hash_scratch(&p);
    return p;
}

