/* pg_prove.c -- exact answers by levels of reachable positions (one jump a level), each
 * level pruned by pagoda functions: which one-peg finishes of a set are reachable from a
 * position (pg_prove_levels), and whether one finish is, with its line, by levels made
 * from both ends and met in the middle (pg_prove_meet).
 *
 * Why: the depth-first search (pg_solve.c) needs a memo of every dead position it has
 * seen; on the 41-hole board that is more than memory holds, and a memo that forgets
 * makes it search the same subtrees again.  Levels need only two at a time in memory,
 * and pruning by the finishes still wanted keeps them far smaller than the full count.
 * On the 41-hole board the pruned levels still grow for twenty jumps and more, so the
 * one-peg level is out of reach; meeting in the middle needs only about twenty levels
 * from each end, where they are small.
 *
 * Method: a level is a sorted array of positions in canonical form (the least image
 * under the symmetries fixing the start and the wanted set, which must be closed under
 * them).  Each position's children are made, those whose pagoda sums (the parent's sums
 * made once, then one subtraction and addition per function per jump) rule out every
 * wanted target dropped, the rest put in canonical form; the children are sorted (LSD
 * radix) and made unique in chunks, so the buffer holds about one level.  The pagoda
 * functions are pg_pagodas' for each wanted finish and those the linear programme
 * (pg_lp.c) finds at a few positions spread over each level, each with its images under
 * the symmetries (at most PROVE_PAGODAS).  A function f rules a target T out for a
 * position P when the sum of f over P is below its sum over T: no jump raises the sum.
 * Over the memory budget a proof stops (undecided), never guesses.
 *
 * The meeting rests on time reversal: a jump a over b into c taking P to Q takes the
 * complement of Q to the complement of P (the same jump).  So P reaches the one peg at t
 * in k jumps exactly when "every hole but t" reaches the complement of P in k jumps.
 * From the start S (J jumps from one peg) levels go forward; from "every hole but t"
 * levels go forward towards the complement of S (the dual side); the smaller side
 * grows until the two depths add up to J.  A position P of the forward side's last
 * level whose complement is on the dual side's last level lies on a solution, and none
 * does only when there is no solution (pruning cuts only positions that cannot reach
 * their target).  Both sides are canonical under the same group (the symmetries fixing
 * S and t fix their complements), and complementing commutes with the symmetries, so
 * the test is a lookup of the canonical complement.  Every level is kept: the line is
 * found backwards from the meeting, a parent at a time, by lookups in the level below. */
#include "pegs.h"

#include "core.h"

#include <stdlib.h>
#include <string.h>

enum { PROVE_PAGODAS = 256, PROVE_PER_TARGET = 12, PROVE_LP_SAMPLES = 16 };

/* The pruning and symmetry of one side: its functions, each with the target it can rule
 * out (bit fhole of the wanted set) and that target's sum. */
typedef struct prover {
    const pg_board *b;
    uint64_t wanted;                   /* bits of the targets */
    uint64_t goal_pegs;                /* the meeting's dual side: its one target (else 0) */
    int syms[8], nsyms;
    int nf;
    int32_t f[PROVE_PAGODAS][PG_MAX_HOLES];
    int32_t ftarget[PROVE_PAGODAS];
    uint64_t fhole[PROVE_PAGODAS];
} prover;

/* The buffers that make a level: the children and the sort's scratch (grown together),
 * the radix counts and the functions' sums. */
typedef struct work {
    uint64_t *next, *tmp;
    size_t alloc;
    size_t *count;
    int32_t *sum;
    int nbits;
} work;

static int32_t sum_over(const int32_t *f, uint64_t pegs)
{
    int32_t s = 0;
    for (uint64_t x = pegs; x; x &= x - 1) s += f[__builtin_ctzll(x)];
    return s;
}

/* Adds F (for target T: a hole, or the dual side's one target) and its images under
 * the symmetries: the set stays closed under them, so testing a canonical image tests
 * the position. */
static void add_function(prover *p, const int32_t *f, int t)
{
    for (int i = 0; i < p->nsyms && p->nf < PROVE_PAGODAS; i++) {
        const uint8_t *sym = p->b->sym[p->syms[i]];
        int k = p->nf++;
        for (int h = 0; h < p->b->n; h++) p->f[k][sym[h]] = f[h];
        /* The dual side's target is fixed by its symmetries: its sum is the image's. */
        p->ftarget[k] = p->goal_pegs ? sum_over(f, p->goal_pegs) : f[t];
        p->fhole[k] = p->goal_pegs ? 1 : 1ull << sym[t];
    }
}

/* The wanted targets no function rules out for a position with sums SUM. */
static inline uint64_t open_targets(const prover *p, const int32_t *sum)
{
    uint64_t blocked = 0;
    for (int k = 0; k < p->nf; k++)
        if (sum[k] < p->ftarget[k]) blocked |= p->fhole[k];
    return p->wanted & ~blocked;
}

static uint64_t canon(const prover *p, uint64_t x)
{
    return pg_canonical_in(p->b, p->syms, p->nsyms, x);
}

/* The symmetries fixing PEGS and WANTED (the identity first). */
static void set_syms(prover *p, uint64_t pegs, uint64_t wanted)
{
    p->nsyms = 0;
    for (int k = 0; k < 8; k++)
        if (pg_transform(p->b, k, pegs) == pegs && pg_transform(p->b, k, wanted) == wanted) p->syms[p->nsyms++] = k;
}

/* pg_pagodas' functions for every wanted hole (for the dual side: for every hole of
 * its target, each a valid pagoda function whatever its target). */
static void base_functions(prover *p)
{
    uint64_t holes = p->goal_pegs ? p->goal_pegs : p->wanted;
    int per = PROVE_PER_TARGET;
    if (p->goal_pegs && pg_count(holes) > 4) per = 3;
    for (uint64_t w = holes; w; w &= w - 1) {
        int t = __builtin_ctzll(w);
        int32_t fs[PROVE_PER_TARGET][PG_MAX_HOLES];
        int n = pg_pagodas(p->b, t, fs, per);
        for (int i = 0; i < n; i++) add_function(p, fs[i], t);
    }
}

/* A few linear programmes on positions spread over the level: the functions they find
 * cut this level's children and the levels below.  (Only for one-peg targets.) */
static int lp_functions(prover *p, const uint64_t *cur, size_t ncur, pg_prove_stats *st)
{
    if (p->goal_pegs && pg_count(p->goal_pegs) != 1) return 0;
    for (size_t i = 0; i < ncur && p->nf < PROVE_PAGODAS; i += ncur / PROVE_LP_SAMPLES + 1) {
        int32_t s0[PROVE_PAGODAS];
        for (int k = 0; k < p->nf; k++) s0[k] = sum_over(p->f[k], cur[i]);
        for (uint64_t w = open_targets(p, s0); w && p->nf < PROVE_PAGODAS; w &= w - 1) {
            int t = p->goal_pegs ? __builtin_ctzll(p->goal_pegs) : __builtin_ctzll(w);
            int32_t f[PG_MAX_HOLES];
            if (st) st->lp_calls++;
            int r = pg_pagoda_lp(p->b, cur[i], t, f);
            if (r < 0) return -1;
            if (r == 1) { add_function(p, f, t); if (st) st->lp_found++; }
        }
    }
    return 0;
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

/* Doubles the work buffers if ROOM positions (each needing two slots) allow it. */
static int grow(work *w, size_t room)
{
    if (w->alloc * 2 > room) return 2;
    size_t a = w->alloc ? w->alloc * 2 : 1 << 16;
    uint64_t *x1 = realloc(w->next, a * sizeof *w->next);
    if (!x1) return -1;
    w->next = x1;
    uint64_t *x2 = realloc(w->tmp, a * sizeof *w->tmp);
    if (!x2) return -1;
    w->tmp = x2;
    w->alloc = a;
    return 0;
}

/* The next level of CUR[0..NCUR), sorted and unique, left in w->next[0..*N): 0, 2 when
 * it would pass ROOM positions of work buffers, -1 out of memory. */
static int next_level(const prover *p, work *w, const uint64_t *cur, size_t ncur, size_t room, size_t *n_out,
                      pg_prove_stats *st)
{
    const pg_board *b = p->b;
    size_t n = 0, sorted = 0;
    for (size_t i = 0; i < ncur; i++) {
        uint64_t q = cur[i];
        for (int k = 0; k < p->nf; k++) w->sum[k] = sum_over(p->f[k], q);
        for (int j = 0; j < b->njumps; j++) {
            int a = b->jfrom[j], v = b->jover[j], c = b->jto[j];
            if (!(q >> a & 1) || !(q >> v & 1) || (q >> c & 1)) continue;
            uint64_t blocked = 0;
            for (int k = 0; k < p->nf; k++)
                if (w->sum[k] - p->f[k][a] - p->f[k][v] + p->f[k][c] < p->ftarget[k]) blocked |= p->fhole[k];
            if (!(p->wanted & ~blocked)) { if (st) st->pruned++; continue; }
            uint64_t key = canon(p, q ^ (1ull << a) ^ (1ull << v) ^ (1ull << c));
            if (n == w->alloc) {
                /* Full: the new children sorted and merged in; grow if that frees too
                 * little, within the budget. */
                n = sorted = w->alloc ? compact(w->next, w->tmp, sorted, n, w->nbits, w->count) : 0;
                if (n > w->alloc / 2 || !w->alloc) {
                    int r = grow(w, room);
                    if (r) return r;
                }
            }
            w->next[n++] = key;
        }
    }
    *n_out = compact(w->next, w->tmp, sorted, n, w->nbits, w->count);
    return 0;
}

static int work_init(work *w, const pg_board *b)
{
    memset(w, 0, sizeof *w);
    w->count = malloc(65536 * sizeof *w->count);
    w->sum = malloc(PROVE_PAGODAS * sizeof *w->sum);
    w->nbits = (b->n + 15) / 16 * 16;
    return w->count && w->sum && grow(w, SIZE_MAX) == 0 ? 0 : -1;
}

static void work_free(work *w)
{
    free(w->next);
    free(w->tmp);
    free(w->count);
    free(w->sum);
}

static void note_level(pg_prove_stats *st, int level, size_t n, size_t bytes)
{
    if (!st) return;
    st->positions += n;
    if (n > st->widest) st->widest = n;
    if (level > st->levels) st->levels = level;
    if (bytes > st->peak_bytes) st->peak_bytes = bytes;
}

int pg_prove_levels(const pg_board *b, uint64_t pegs, uint64_t wanted, size_t budget, uint64_t *reach,
                    pg_prove_stats *st, char *err, size_t errlen)
{
    *reach = 0;
    wanted &= b->full;
    if (!budget) budget = PG_LEVELS_BUDGET_DEFAULT;
    if (!wanted || !pegs) return 0;
    prover *p = calloc(1, sizeof *p);
    work w;
    uint64_t *cur = NULL;
    int rc = 0;
    if (!p || work_init(&w, b) != 0) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
    p->b = b;
    p->wanted = wanted;
    set_syms(p, pegs, wanted);
    base_functions(p);
    size_t ncur = 1;
    cur = malloc(sizeof *cur);
    if (!cur) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
    cur[0] = canon(p, pegs);
    for (int level = 1; pg_count(cur[0]) > 1; level++) {
        if (lp_functions(p, cur, ncur, st) != 0) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
        /* The level being expanded and the two work buffers share the budget. */
        size_t held = ncur * sizeof *cur, room = budget > held ? (budget - held) / (2 * sizeof(uint64_t)) : 0;
        size_t n = 0;
        int r = next_level(p, &w, cur, ncur, room, &n, st);
        if (r < 0) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
        if (r == 2) {
            rc = bo_fail(err, errlen, "level %d passed the memory budget (%zu MB)", level, budget >> 20);
            rc = 2;
            goto done;
        }
        note_level(st, level, n, held + 2 * w.alloc * sizeof(uint64_t));
        free(cur);
        cur = malloc((n ? n : 1) * sizeof *cur);
        if (!cur) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
        memcpy(cur, w.next, n * sizeof *cur);
        ncur = n;
        if (!ncur) goto done;   /* every wanted finish ruled out */
    }
    /* One peg left: the reachable wanted finishes (each with its orbit). */
    for (size_t i = 0; i < ncur; i++)
        for (int s = 0; s < p->nsyms; s++) *reach |= pg_transform(b, p->syms[s], cur[i]) & wanted;
done:
    if (p) work_free(&w);
    free(p);
    free(cur);
    return rc;
}

/* One side of the meeting: its prover and every level made so far. */
typedef struct side {
    prover p;
    uint64_t *level[PG_MAX_HOLES + 1];
    size_t size[PG_MAX_HOLES + 1];
    int depth;                         /* the last level made */
} side;

static bool in_level(const side *s, int k, uint64_t x)
{
    uint64_t key = canon(&s->p, x);
    size_t lo = 0, hi = s->size[k];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->level[k][mid] < key) lo = mid + 1;
        else hi = mid;
    }
    return lo < s->size[k] && s->level[k][lo] == key;
}

/* The jumps taking the side's start to X (a position of level K), found backwards: a
 * parent of X in level K-1 (some image of the canonical parent the level came from is
 * one) at each step.  JUMPS[i] is the jump into level i+1. */
static void path_to(const side *s, uint64_t x, int k, uint32_t *jumps)
{
    const pg_board *b = s->p.b;
    for (; k > 0; k--)
        for (int j = 0; j < b->njumps; j++) {
            int a = b->jfrom[j], v = b->jover[j], c = b->jto[j];
            if ((x >> a & 1) || (x >> v & 1) || !(x >> c & 1)) continue;
            uint64_t parent = x ^ (1ull << a) ^ (1ull << v) ^ (1ull << c);
            if (!in_level(s, k - 1, parent)) continue;
            jumps[k - 1] = pg_jump_between(b, a, c);
            x = parent;
            break;
        }
}

static size_t held_bytes(const side *sd)
{
    size_t bytes = 0;
    for (int i = 0; i < 2; i++)
        for (int k = 0; k <= sd[i].depth; k++) bytes += sd[i].size[k] * sizeof(uint64_t);
    return bytes;
}

int pg_prove_meet(const pg_board *b, uint64_t pegs, int goal, size_t budget, pg_line *line, pg_prove_stats *st,
                  char *err, size_t errlen)
{
    if (goal < 0 || goal >= b->n) return bo_fail(err, errlen, "no hole %d", goal);
    pegs &= b->full;
    if (!budget) budget = PG_LEVELS_BUDGET_DEFAULT;
    line->n = 0;
    int total = pg_count(pegs) - 1;   /* the jumps of a solution */
    if (total < 0 || pg_class(b, pegs) != pg_class(b, 1ull << goal)) return 0;
    if (total == 0) return pegs == 1ull << goal;
    side *sd = calloc(2, sizeof *sd);
    work w;
    int rc = 0;
    if (!sd || work_init(&w, b) != 0) { free(sd); return bo_fail(err, errlen, "out of memory"); }
    uint64_t start[2] = {pegs, b->full & ~(1ull << goal)};
    for (int i = 0; i < 2; i++) {
        prover *p = &sd[i].p;
        p->b = b;
        p->wanted = i == 0 ? 1ull << goal : 1;
        p->goal_pegs = i == 0 ? 0 : b->full & ~pegs;
        set_syms(p, pegs, 1ull << goal);   /* the same group for both sides */
        base_functions(p);
        sd[i].level[0] = malloc(sizeof(uint64_t));
        if (!sd[i].level[0]) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
        sd[i].level[0][0] = canon(p, start[i]);
        sd[i].size[0] = 1;
    }
    while (sd[0].depth + sd[1].depth < total) {
        /* The smaller side grows (the forward side on a tie). */
        int i = sd[1].size[sd[1].depth] < sd[0].size[sd[0].depth] ? 1 : 0;
        side *s = &sd[i];
        const uint64_t *cur = s->level[s->depth];
        size_t ncur = s->size[s->depth];
        if (lp_functions(&s->p, cur, ncur, st) != 0) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
        size_t held = held_bytes(sd), room = budget > held ? (budget - held) / (2 * sizeof(uint64_t)) : 0;
        size_t n = 0;
        int r = next_level(&s->p, &w, cur, ncur, room, &n, st);
        if (r < 0) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
        if (r == 2) {
            rc = bo_fail(err, errlen, "the %s side's level %d passed the memory budget (%zu MB)",
                         i ? "finish" : "start", s->depth + 1, budget >> 20);
            rc = 2;
            goto done;
        }
        uint64_t *lv = malloc((n ? n : 1) * sizeof *lv);
        if (!lv) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
        memcpy(lv, w.next, n * sizeof *lv);
        s->depth++;
        s->level[s->depth] = lv;
        s->size[s->depth] = n;
        note_level(st, sd[0].depth + sd[1].depth, n, held + n * sizeof *lv + 2 * w.alloc * sizeof(uint64_t));
        if (!n) goto done;   /* the target ruled out on every line: no solution */
    }
    /* The meeting: a dual position whose complement the forward side reached. */
    const side *fw = &sd[0], *du = &sd[1];
    for (size_t i = 0; i < du->size[du->depth]; i++) {
        uint64_t x = b->full & ~du->level[du->depth][i];
        if (!in_level(fw, fw->depth, x)) continue;
        /* X (an image of a forward position, so reached from the start: the symmetry
         * fixes the start) then its dual line read backwards. */
        uint32_t back[PG_MAX_HOLES];
        path_to(fw, x, fw->depth, line->jumps);
        path_to(du, b->full & ~x, du->depth, back);
        for (int k = 0; k < du->depth; k++) line->jumps[fw->depth + k] = back[du->depth - 1 - k];
        line->n = total;
        rc = pg_verify(b, pegs, goal, line, err, errlen) == 0 ? 1 : bo_fail(err, errlen, "the met line does not replay");
        break;
    }
done:
    for (int i = 0; i < 2; i++)
        for (int k = 0; k <= sd[i].depth; k++) free(sd[i].level[k]);
    free(sd);
    work_free(&w);
    return rc;
}
