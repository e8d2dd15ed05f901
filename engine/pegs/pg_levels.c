/* pg_levels.c -- peg solitaire level by level: how many positions are reachable from a
 * start, and the fewest moves (a chain of jumps by one peg counts as one) to one peg.
 *
 * Every jump removes one peg, so the positions reachable from a start fall into levels
 * by peg count and each level is made from the one before: the successors of a level,
 * each put in canonical form (the least image under the symmetries G that fix the start,
 * and the goal for the shortest solution), sorted by radix sort and made unique.  The
 * counts: a canonical position stands for its G-orbit, so the reachable count is the sum
 * of the orbit sizes and the count up to symmetry the number of canonical positions.
 *
 * Shortest solution: the levels form a DAG, so a position's fewest moves are final when
 * its level is made.  A chain continues for free only with the peg that just landed, so
 * the state is (position, landing hole); but a position reached in m moves with any
 * landing hole is never worse than in m + 1 with another, so each position keeps its
 * fewest moves m and the set of landing holes that achieve m (a mask, kept in canonical
 * orientation and closed under the position's own symmetries).  With a goal hole, only
 * the positions that can still reach it are kept: by the complement duality (a jump read
 * backwards on the complement of the board is a jump), P reaches one peg at t exactly
 * when the start "every hole but t" reaches the complement of P, so those levels are
 * made first and each forward level is filtered by them.  Every level is kept, and the
 * line is read back from the goal: a predecessor and jump that account for the value,
 * level by level to the start. */
#include "pegs.h"

#include "core.h"

#include <stdlib.h>
#include <string.h>

typedef struct group {
    const pg_board *b;
    size_t budget;                     /* bytes: everything held at once at most this */
    int syms[8], n;
    uint64_t jb[8][PG_MAX_JUMPS];      /* jb[i][j]: the three holes of jump j under syms[i] */
} group;

/* The symmetries that fix every mask of FIX (NFIX of them). */
static void group_init(group *g, const pg_board *b, const uint64_t *fix, int nfix)
{
    g->b = b;
    g->n = 0;
    for (int s = 0; s < 8; s++) {
        bool ok = true;
        for (int i = 0; i < nfix; i++) ok = ok && pg_transform(b, s, fix[i]) == fix[i];
        if (ok) g->syms[g->n++] = s;
    }
    for (int i = 0; i < g->n; i++)
        for (int j = 0; j < b->njumps; j++)
            g->jb[i][j] = pg_transform(b, g->syms[i], 1ull << b->jfrom[j] | 1ull << b->jover[j] | 1ull << b->jto[j]);
}

static uint64_t canon(const group *g, uint64_t m, int *sym)
{
    uint64_t best = m;
    int bs = 0;
    for (int i = 1; i < g->n; i++) {
        uint64_t t = pg_transform(g->b, g->syms[i], m);
        if (t < best) { best = t; bs = g->syms[i]; }
    }
    if (sym) *sym = bs;
    return best;
}

/* Images of M under G that equal M: the size of its stabiliser in G. */
static int stab_size(const group *g, uint64_t m)
{
    int k = 1;
    for (int i = 1; i < g->n; i++) k += pg_transform(g->b, g->syms[i], m) == m;
    return k;
}

/* A growing array of records (a key and, for the shortest solution, a value). */
typedef struct vec {
    uint64_t *key, *val;               /* val NULL when not kept */
    size_t n, cap;
} vec;

static int vec_push(vec *v, uint64_t key, uint64_t val, bool with_val)
{
    if (v->n == v->cap) {
        size_t cap = v->cap ? v->cap * 2 : 1024;
        uint64_t *k = realloc(v->key, cap * sizeof *k);
        if (!k) return -1;
        v->key = k;
        if (with_val) {
            uint64_t *w = realloc(v->val, cap * sizeof *w);
            if (!w) return -1;
            v->val = w;
        }
        v->cap = cap;
    }
    v->key[v->n] = key;
    if (with_val) v->val[v->n] = val;
    v->n++;
    return 0;
}

static void vec_free(vec *v)
{
    free(v->key);
    free(v->val);
    memset(v, 0, sizeof *v);
}

/* LSD radix sort by key on the bytes that hold holes (with the values alongside). */
static int radix_sort(vec *v, int nbytes, size_t *peak)
{
    size_t n = v->n;
    uint64_t *tk = malloc((n ? n : 1) * sizeof *tk), *tv = v->val ? malloc((n ? n : 1) * sizeof *tv) : NULL;
    if (!tk || (v->val && !tv)) { free(tk); free(tv); return -1; }
    size_t bytes = n * sizeof *tk * (v->val ? 4 : 2);
    if (bytes > *peak) *peak = bytes;
    for (int byte = 0; byte < nbytes; byte++) {
        size_t count[257] = {0};
        int sh = 8 * byte;
        for (size_t i = 0; i < n; i++) count[(v->key[i] >> sh & 255) + 1]++;
        for (int c = 0; c < 256; c++) count[c + 1] += count[c];
        for (size_t i = 0; i < n; i++) {
            size_t at = count[v->key[i] >> sh & 255]++;
            tk[at] = v->key[i];
            if (tv) tv[at] = v->val[i];
        }
        uint64_t *x = v->key; v->key = tk; tk = x;
        if (tv) { x = v->val; v->val = tv; tv = x; }
    }
    free(tk);
    free(tv);
    return 0;
}

/* Values: the landing-hole mask in the low bits, the move count from bit 58. */
#define VAL_MOVES(v) ((int)((v) >> 58))
#define VAL_LAND(v) ((v) & ((1ull << 58) - 1))
#define VAL(m, land) ((uint64_t)(m) << 58 | (land))

/* Sorted; now one record per key: the fewest moves, the landings that achieve them
 * (closed under the key's own symmetries). */
static void unique(const group *g, vec *v)
{
    size_t w = 0;
    for (size_t i = 0; i < v->n;) {
        size_t j = i;
        uint64_t key = v->key[i], val = v->val ? v->val[i] : 0;
        while (++j < v->n && v->key[j] == key)
            if (v->val) {
                int a = VAL_MOVES(val), c = VAL_MOVES(v->val[j]);
                if (c < a) val = v->val[j];
                else if (c == a) val |= VAL_LAND(v->val[j]);
            }
        if (v->val)
            for (int k = 1; k < g->n; k++)
                if (pg_transform(g->b, g->syms[k], key) == key) val |= pg_transform(g->b, g->syms[k], VAL_LAND(val));
        v->key[w] = key;
        if (v->val) v->val[w] = val;
        w++;
        i = j;
    }
    v->n = w;
}

/* The successors of a level, made unique as they come: open addressing on the
 * canonical key (never 0: a jump leaves a peg), merging values (fewest moves, their
 * landings); grown at half full. */
typedef struct hset {
    uint64_t *key, *val;
    size_t bits, used;
} hset;

static int hset_init(hset *h, size_t bits, bool with_val)
{
    h->bits = bits;
    h->used = 0;
    h->key = calloc((size_t)1 << bits, sizeof *h->key);
    h->val = with_val ? calloc((size_t)1 << bits, sizeof *h->val) : NULL;
    if (!h->key || (with_val && !h->val)) { free(h->key); free(h->val); return -1; }
    return 0;
}

static void hset_put_raw(hset *h, uint64_t key, uint64_t val)
{
    size_t mask = ((size_t)1 << h->bits) - 1, i = (size_t)(bo_mix64(key) >> (64 - h->bits));
    while (h->key[i] && h->key[i] != key) i = (i + 1) & mask;
    if (!h->key[i]) {
        h->key[i] = key;
        if (h->val) h->val[i] = val;
        h->used++;
        return;
    }
    if (!h->val) return;
    int a = VAL_MOVES(h->val[i]), c = VAL_MOVES(val);
    if (c < a) h->val[i] = val;
    else if (c == a) h->val[i] |= VAL_LAND(val);
}

/* The memory budget (the caller's, default PG_LEVELS_BUDGET_DEFAULT): one level's table
 * at most half of it, everything held at once at most all of it (docs/pegs.md: the
 * French and diamond boards' levels outgrow 2 GiB, and the count stops with a message
 * rather than eat the machine).  0, -1 out of memory, -2 over the budget. */
static int hset_put(hset *h, uint64_t key, uint64_t val, size_t *peak, size_t max_bytes)
{
    if (2 * (h->used + 1) > (size_t)1 << h->bits) {
        hset old = *h;
        if (((size_t)2 << old.bits) * sizeof(uint64_t) * (old.val ? 2 : 1) > max_bytes) return -2;
        if (hset_init(h, old.bits + 1, old.val != NULL) != 0) { *h = old; return -1; }
        size_t bytes = ((size_t)1 << h->bits) * sizeof(uint64_t) * (h->val ? 2 : 1) * 3 / 2;
        if (bytes > *peak) *peak = bytes;
        for (size_t i = 0; i < (size_t)1 << old.bits; i++)
            if (old.key[i]) hset_put_raw(h, old.key[i], old.val ? old.val[i] : 0);
        free(old.key);
        free(old.val);
    }
    hset_put_raw(h, key, val);
    return 0;
}

/* The successors of every position of CUR into NEXT, sorted and unique.  A child's
 * images are its parent's images with the jump's three holes flipped: one XOR each. */
static int expand(const group *g, const vec *cur, vec *next, bool with_val, size_t *peak)
{
    const pg_board *b = g->b;
    enum { BATCH = 32 };
    uint64_t img[8], bk[BATCH], bv[BATCH];
    int nb = 0;
    hset h;
    size_t bits = 10;
    while (((size_t)1 << bits) < 2 * cur->n) bits++;
    if (hset_init(&h, bits, with_val) != 0) return -1;
    for (size_t i = 0; i < cur->n; i++) {
        uint64_t p = cur->key[i], land = with_val ? VAL_LAND(cur->val[i]) : 0;
        int m = with_val ? VAL_MOVES(cur->val[i]) : 0;
        for (int k = 0; k < g->n; k++) img[k] = pg_transform(b, g->syms[k], p);
        for (int j = 0; j < b->njumps; j++) {
            uint64_t from = 1ull << b->jfrom[j], over = 1ull << b->jover[j], to = 1ull << b->jto[j];
            if (!(p & from) || !(p & over) || (p & to)) continue;
            int sym = 0;
            uint64_t c = img[0] ^ g->jb[0][j];
            for (int k = 1; k < g->n; k++) {
                uint64_t t = img[k] ^ g->jb[k][j];
                if (t < c) { c = t; sym = g->syms[k]; }
            }
            uint64_t val = 0;
            if (with_val) val = VAL(m + !(land & from), 1ull << b->sym[sym][b->jto[j]]);
            /* Batched: the slot is prefetched now and written a batch later, so the
             * table's cache misses overlap. */
            __builtin_prefetch(&h.key[(size_t)(bo_mix64(c) >> (64 - h.bits))]);
            bk[nb] = c;
            bv[nb++] = val;
            if (nb == BATCH) {
                for (int q = 0; q < nb; q++) {
                    int e = hset_put(&h, bk[q], bv[q], peak, g->budget / 2);
                    if (e != 0) { free(h.key); free(h.val); return e; }
                }
                nb = 0;
            }
        }
    }
    for (int q = 0; q < nb; q++) {
        int e = hset_put(&h, bk[q], bv[q], peak, g->budget / 2);
        if (e != 0) { free(h.key); free(h.val); return e; }
    }
    /* Out of the table into a sorted array. */
    int rc = 0;
    next->cap = h.used ? h.used : 1;
    next->key = malloc(next->cap * sizeof *next->key);
    next->val = with_val ? malloc(next->cap * sizeof *next->val) : NULL;
    if (!next->key || (with_val && !next->val)) rc = -1;
    for (size_t i = 0; i < (size_t)1 << h.bits && rc == 0; i++)
        if (h.key[i]) rc = vec_push(next, h.key[i], h.val ? h.val[i] : 0, with_val);
    size_t bytes = ((size_t)1 << h.bits) * sizeof(uint64_t) * (with_val ? 2 : 1) + next->cap * sizeof(uint64_t) * (with_val ? 2 : 1);
    free(h.key);
    free(h.val);
    if (rc != 0) return -1;
    if (bytes > *peak) *peak = bytes;
    if (radix_sort(next, (b->n + 7) / 8, peak) != 0) return -1;
    unique(g, next);
    return 0;
}

int pg_count_reachable(const pg_board *b, uint64_t pegs, size_t budget, pg_count_result *out, char *err, size_t errlen)
{
    group g;
    group_init(&g, b, &pegs, 1);
    g.budget = budget ? budget : PG_LEVELS_BUDGET_DEFAULT;
    memset(out, 0, sizeof *out);
    vec cur = {0}, next = {0};
    if (vec_push(&cur, canon(&g, pegs, NULL), 0, false) != 0) return bo_fail(err, errlen, "out of memory");
    while (cur.n) {
        for (size_t i = 0; i < cur.n; i++) out->reachable += (uint64_t)(g.n / stab_size(&g, cur.key[i]));
        out->up_to_symmetry += cur.n;
        if (out->levels <= PG_MAX_HOLES) out->level[out->levels++] = cur.n;
        size_t held = cur.cap * sizeof(uint64_t);
        size_t peak = 0;
        int e = expand(&g, &cur, &next, false, &peak);
        if (e == 0 && held + peak > g.budget) e = -2;
        if (e != 0) {
            int left = cur.n ? pg_count(cur.key[0]) - 1 : 0;
            vec_free(&cur);
            vec_free(&next);
            if (e == -1) return bo_fail(err, errlen, "out of memory");
            uint64_t last = out->level[out->levels - 1], before = out->levels > 1 ? out->level[out->levels - 2] : 1;
            return bo_fail(err, errlen, "over the memory budget (%zu MiB): the level of %d pegs has more positions than it "
                           "holds; the last level made, %d pegs, has %llu positions up to symmetry (%.2f times the level "
                           "before); %llu reachable so far, %llu up to symmetry", g.budget >> 20, left, left + 1,
                           (unsigned long long)last, (double)last / (double)before,
                           (unsigned long long)out->reachable, (unsigned long long)out->up_to_symmetry);
        }
        if (held + peak > out->peak_bytes) out->peak_bytes = held + peak;
        vec_free(&cur);
        cur = next;
        memset(&next, 0, sizeof next);
    }
    vec_free(&cur);
    return 0;
}

static bool find(const vec *v, uint64_t key, size_t *at)
{
    size_t lo = 0, hi = v->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v->key[mid] < key) lo = mid + 1;
        else hi = mid;
    }
    *at = lo;
    return lo < v->n && v->key[lo] == key;
}

static int inverse(const pg_board *b, int s)
{
    for (int t = 0; t < 8; t++) {
        bool ok = true;
        for (int h = 0; h < b->n && ok; h++) ok = b->sym[t][b->sym[s][h]] == h;
        if (ok) return t;
    }
    return 0;
}

/* P's value, with its landing mask turned to P's own orientation. */
static bool value_of(const group *g, const vec *level, uint64_t p, int *m, uint64_t *land)
{
    int sym;
    size_t at;
    if (!find(level, canon(g, p, &sym), &at)) return false;
    *m = VAL_MOVES(level->val[at]);
    *land = pg_transform(g->b, inverse(g->b, sym), VAL_LAND(level->val[at]));
    return true;
}

/* From the finish back to the start: at each level a jump landing where the state
 * needs, from a predecessor whose value accounts for this one's. */
static int read_back(const group *g, vec *levels, int last, uint64_t finish, pg_line *line)
{
    const pg_board *b = g->b;
    uint64_t x = finish;
    int m;
    uint64_t land;
    if (!value_of(g, &levels[last], x, &m, &land)) return -1;
    int need = __builtin_ctzll(land);
    line->n = last;
    for (int k = last; k > 0; k--) {
        bool done = false;
        for (int d = 0; d < 4 && !done; d++) {
            int o = b->over[need][d], a = b->dest[need][d];   /* the jump a over o into need */
            if (o < 0 || (x >> o & 1) || (x >> a & 1)) continue;
            uint64_t p = x ^ (1ull << a | 1ull << o | 1ull << need);
            int pm;
            uint64_t pland;
            if (!value_of(g, &levels[k - 1], p, &pm, &pland)) continue;
            int cost = (pland >> a & 1) ? 0 : 1;
            if (pm + cost != m) continue;
            line->jumps[k - 1] = pg_jump_between(b, a, need);
            x = p;
            m = pm;
            need = cost == 0 ? a : (pland ? __builtin_ctzll(pland) : 0);
            done = true;
        }
        if (!done) return -1;
    }
    return 0;
}

/* Every level reachable from START, keys only: lv[k] after k jumps (NLEV of them). */
static int all_levels(const group *g, uint64_t start, vec *lv, int nlev, size_t *held, size_t *peak_out)
{
    if (vec_push(&lv[0], canon(g, start, NULL), 0, false) != 0) return -1;
    for (int k = 0; k + 1 < nlev && lv[k].n; k++) {
        size_t peak = 0;
        *held += lv[k].cap * sizeof(uint64_t);
        int e = expand(g, &lv[k], &lv[k + 1], false, &peak);
        if (e != 0) return e;
        if (*held + peak > g->budget) return -2;
        if (*held + peak > *peak_out) *peak_out = *held + peak;
    }
    return 0;
}

/* Only the positions that can still reach one peg at the goal: P can iff the goal's
 * complement start (every hole but the goal) reaches the complement of P, since a jump
 * read backwards on the complements is a jump (BACK holds those levels). */
static void keep_alive(const group *g, vec *v, const vec *back, int nback)
{
    size_t w = 0, at;
    for (size_t i = 0; i < v->n; i++) {
        int k = pg_count(v->key[i]) - 1;
        if (k < 0 || k >= nback || !find(&back[k], canon(g, ~v->key[i] & g->b->full, NULL), &at)) continue;
        v->key[w] = v->key[i];
        v->val[w] = v->val[i];
        w++;
    }
    v->n = w;
}

int pg_min_moves(const pg_board *b, uint64_t pegs, int goal, size_t budget, pg_line *line, int *moves,
                 pg_count_result *mem, char *err, size_t errlen)
{
    group g;
    uint64_t fix[2] = {pegs, goal == PG_GOAL_ANY ? 0 : 1ull << goal};
    group_init(&g, b, fix, 2);
    g.budget = budget ? budget : PG_LEVELS_BUDGET_DEFAULT;
    memset(mem, 0, sizeof *mem);
    int nlev = pg_count(pegs);
    vec *levels = calloc((size_t)nlev + 1, sizeof *levels);
    if (!levels) return bo_fail(err, errlen, "out of memory");
    int rc = 0, last = -1, nback = goal == PG_GOAL_ANY ? 0 : b->n - 1;
    size_t held = 0;
    vec *back = calloc((size_t)nback + 1, sizeof *back);
    if (!back) rc = -1;
    if (rc == 0 && nback) rc = all_levels(&g, b->full & ~(1ull << goal), back, nback, &held, &mem->peak_bytes);
    if (rc == 0 && vec_push(&levels[0], canon(&g, pegs, NULL), VAL(0, 0), true) != 0) rc = -1;
    if (rc == 0 && nback) keep_alive(&g, &levels[0], back, nback);
    for (int k = 0; rc == 0 && k + 1 < nlev && levels[k].n; k++) {
        size_t peak = 0;
        held += levels[k].cap * 2 * sizeof(uint64_t);
        rc = expand(&g, &levels[k], &levels[k + 1], true, &peak);
        if (rc == 0 && held + peak > g.budget) rc = -2;
        if (rc == 0 && nback) keep_alive(&g, &levels[k + 1], back, nback);
        if (held + peak > mem->peak_bytes) mem->peak_bytes = held + peak;
    }
    for (int k = 0; k <= nback && back; k++) vec_free(&back[k]);
    free(back);
    if (rc == -2) {
        rc = bo_fail(err, errlen, "over the memory budget (%zu MiB): the levels of positions outgrow it on this board",
                     g.budget >> 20);
    } else if (rc != 0) {
        rc = bo_fail(err, errlen, "out of memory");
    } else {
        /* The one-peg level: the goal, or the finish with the fewest moves. */
        last = nlev - 1;
        int best = -1;
        uint64_t finish = 0;
        for (int h = 0; h < b->n; h++) {
            if (goal != PG_GOAL_ANY && h != goal) continue;
            int m;
            uint64_t land;
            if (value_of(&g, &levels[last], 1ull << h, &m, &land) && (best < 0 || m < best)) { best = m; finish = 1ull << h; }
        }
        if (best < 0) rc = 0;
        else if (read_back(&g, levels, last, finish, line) != 0) rc = bo_fail(err, errlen, "the shortest line could not be read back");
        else { *moves = best; rc = 1; }
    }
    for (int k = 0; k <= nlev; k++) vec_free(&levels[k]);
    free(levels);
    return rc;
}
