/* pg_solve.c -- peg solitaire solved exactly: from a position to one peg (at a goal
 * hole or anywhere), every finish from a start, and the table of every (start, finish)
 * pair of single-vacancy starts and one-peg finishes.
 *
 * Method: depth-first search over jumps with a memo of dead positions (from which no
 * wanted finish is reachable).  A position found dead stays dead as the wanted finishes
 * are found and leave the set, so one search from a start finds every finish it can
 * reach, and what it does not reach is proved unreachable: the search is exhaustive.
 * The memo keys are canonical under the symmetries that fix the start (the wanted set is
 * kept closed under them: a finish found gives its whole orbit, the line transformed).
 * Pagoda functions cut positions that can no longer become a wanted finish: those of
 * pg_pagodas from the start, and those the linear programme (pg_lp.c) finds at the
 * positions of the first jumps and at every LP_EVERY_DEFAULT'th position deeper down.
 * The memo keeps its marks at its budget (it replaces its entries of fewest pegs), and
 * nothing depends on time or chance: a search is the same every run.
 * Beam searches (pg_beam.c) are tried first when asked (pg_stats.beam_width): they find
 * lines the blind order does not; what they miss is left to the exhaustive search, or
 * (pg_stats.levels) to the proof by levels met in the middle (pg_prove.c), one finish
 * at a time.
 * The table first drops the pairs the position-class argument forbids (pg_class: start
 * and finish of different classes), then searches one start of each orbit of the 8
 * symmetries and maps its lines to the others.  Every line is replayed (pg_verify)
 * before it is reported. */
#include "pegs.h"

#include "core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The dead-position memo: buckets of MEMO_WAYS slots holding canonical masks (+1, so 0
 * is empty).  It doubles while it fits in its budget; at the budget a bucket that is
 * full gives up its entry of fewest pegs (the smallest subtree, the cheapest to search
 * again) for a new one of as many pegs or more.  Forgetting only costs time, never
 * correctness, and the rest of the dead marks stay: an exhaustive search never starts
 * again from nothing.  Everything depends only on the keys put, so a search is the same
 * every run. */
enum { MEMO_MIN_BITS = 16, MEMO_WAYS = 4 };
typedef struct memo {
    uint64_t *slot;
    size_t bits, used, max_bits;
    size_t peak_bytes;
    uint64_t replaced;                 /* entries given up at the budget */
} memo;

static int memo_init(memo *m, size_t bits)
{
    uint64_t *slot = calloc((size_t)1 << bits, sizeof *slot);
    if (!slot) return -1;
    m->slot = slot;
    m->bits = bits;
    m->used = 0;
    size_t bytes = ((size_t)1 << bits) * sizeof *m->slot;
    if (bytes > m->peak_bytes) m->peak_bytes = bytes;
    return 0;
}

/* The first slot of KEY's bucket. */
static inline size_t memo_home(const memo *m, uint64_t key)
{
    return (size_t)(bo_mix64(key) >> (64 - m->bits)) & ~(size_t)(MEMO_WAYS - 1);
}

static bool memo_has(const memo *m, uint64_t key)
{
    const uint64_t *b = &m->slot[memo_home(m, key)];
    for (int i = 0; i < MEMO_WAYS; i++)
        if (b[i] == key + 1) return true;
    return false;
}

/* Puts KEY in its bucket: an empty slot, else (when REPLACE) the entry of fewest pegs
 * if KEY has as many or more; false when it found no room. */
static bool memo_put_raw(memo *m, uint64_t key, bool replace)
{
    uint64_t *b = &m->slot[memo_home(m, key)];
    int low = 0;
    for (int i = 0; i < MEMO_WAYS; i++) {
        if (b[i] == key + 1) return true;
        if (!b[i]) { b[i] = key + 1; m->used++; return true; }
        if (pg_count(b[i] - 1) < pg_count(b[low] - 1)) low = i;
    }
    if (!replace || pg_count(b[low] - 1) > pg_count(key)) return false;
    b[low] = key + 1;
    m->replaced++;
    return true;
}

/* Doubles at half full while under the budget (entries that find no room in the
 * larger table are dropped); a full bucket, or any at the budget, replaces. */
static int memo_put(memo *m, uint64_t key)
{
    if (m->bits < m->max_bits && 2 * (m->used + 1) > (size_t)1 << m->bits) {
        uint64_t *old = m->slot;
        size_t n = (size_t)1 << m->bits;
        if (memo_init(m, m->bits + 1) != 0) {
            m->max_bits = m->bits;   /* no more memory: stay at this size */
        } else {
            for (size_t i = 0; i < n; i++)
                if (old[i]) memo_put_raw(m, old[i] - 1, false);
            free(old);
        }
    }
    memo_put_raw(m, key, true);
    return 0;
}

/* The pagoda functions of the wanted finishes, at most PAGODA_PER_TARGET each and
 * PAGODA_ALL in all; val[depth] holds the current path's sums (kept incrementally). */
enum { PAGODA_PER_TARGET = 6, PAGODA_ALL = 256, LP_DEPTH_DEFAULT = 6, LP_EVERY_DEFAULT = 4096 };
enum { MEMO_BYTES_DEFAULT = 1 << 30, QUICK_NODES = 100000 };

typedef struct search {
    const pg_board *b;
    int nf;
    int32_t f[PAGODA_ALL][PG_MAX_HOLES];
    int32_t f_target[PAGODA_ALL];      /* f(t) of function k's target t */
    uint64_t f_hole[PAGODA_ALL];       /* bit t */
    int32_t val[PG_MAX_HOLES + 1][PAGODA_ALL];
    uint64_t pruned;
    int syms[8], nsyms;                /* the symmetries that fix the start */
    uint64_t wanted, reach;
    bool stop_first;                   /* any finish will do */
    pg_line *found;                    /* per finish hole */
    uint32_t path[PG_MAX_HOLES];
    uint64_t pegs_at[PG_MAX_HOLES + 1];   /* the positions along the current path */
    int lp_depth;                      /* linear programmes at nodes up to this depth */
    uint64_t lp_every;                 /* and at every so many'th node (0: never) */
    uint64_t lp_calls, lp_found;
    uint64_t nodes, limit;
    bool out_of_budget, out_of_memory;
    memo dead;
} search;

static uint64_t canon(const search *s, uint64_t pegs)
{
    return pg_canonical_in(s->b, s->syms, s->nsyms, pegs);
}

/* The jump M under symmetry SYM. */
static uint32_t jump_image(const pg_board *b, int sym, uint32_t m)
{
    int from = PG_JUMP_FROM(m), to = pg_jump_dest(b, m);
    return pg_jump_between(b, b->sym[sym][from], b->sym[sym][to]);
}

/* A finish at HOLE reached by the current path: it and its orbit under the start's
 * symmetries are found. */
static void record(search *s, int depth, int hole)
{
    for (int i = 0; i < s->nsyms; i++) {
        int sym = s->syms[i], h = s->b->sym[sym][hole];
        if (!(s->wanted >> h & 1)) continue;
        s->wanted &= ~(1ull << h);
        s->reach |= 1ull << h;
        if (!s->found) continue;
        pg_line *l = &s->found[h];
        l->n = depth;
        for (int k = 0; k < depth; k++) l->jumps[k] = jump_image(s->b, sym, s->path[k]);
    }
}

/* Adds the pagoda function F of finish T and its images under the start's symmetries
 * (those of a wanted finish) to the search's set, with their sums along the current
 * path up to DEPTH. */
static void add_pagoda(search *s, const int32_t *f, int t, int depth)
{
    for (int i = 0; i < s->nsyms && s->nf < PAGODA_ALL; i++) {
        const uint8_t *sym = s->b->sym[s->syms[i]];
        int ti = sym[t];
        if (!(s->wanted >> ti & 1)) continue;
        int k = s->nf++;
        for (int h = 0; h < s->b->n; h++) s->f[k][sym[h]] = f[h];
        s->f_target[k] = f[t];
        s->f_hole[k] = 1ull << ti;
        for (int d = 0; d <= depth; d++) {
            int32_t sum = 0;
            for (uint64_t p = s->pegs_at[d]; p; p &= p - 1) sum += s->f[k][__builtin_ctzll(p)];
            s->val[d][k] = sum;
        }
    }
}

/* Near the root, where positions are few: asks the linear programme for a pagoda
 * function proving PEGS hopeless for each wanted finish not yet blocked; true when all
 * are (the functions found join the set, so the position's relatives are cut cheaply). */
static bool lp_cut(search *s, uint64_t pegs, uint64_t blocked, int depth)
{
    /* Every finish is tried, not only up to the first the programme cannot prove: a
     * function for a later finish still cuts this position's relatives for that one. */
    bool all = true;
    for (uint64_t w = s->wanted & ~blocked; w; w &= w - 1) {
        int t = __builtin_ctzll(w);
        if (s->nf >= PAGODA_ALL) return false;
        int32_t f[PG_MAX_HOLES];
        s->lp_calls++;
        if (pg_pagoda_lp(s->b, pegs, t, f) != 1) { all = false; continue; }
        s->lp_found++;
        add_pagoda(s, f, t, depth);
    }
    return all;
}

/* Does a wanted finish lie below PEGS (whose memo key is KEY)?  It records each one it
 * meets.  The children are made first and their memo slots prefetched, so that the
 * memo's cache misses overlap instead of coming one per node. */
static bool dfs(search *s, uint64_t pegs, uint64_t key, int depth)
{
    if ((pegs & (pegs - 1)) == 0) {
        if (pegs && (s->wanted & pegs)) { record(s, depth, __builtin_ctzll(pegs)); return true; }
        return false;
    }
    /* Pagoda pruning: dead when every wanted finish has a function whose sum over the
     * pegs is already below its value at the finish. */
    s->pegs_at[depth] = pegs;
    uint64_t blocked = 0;
    if (s->nf) {
        const int32_t *v = s->val[depth];
        for (int k = 0; k < s->nf; k++)
            if (v[k] < s->f_target[k]) blocked |= s->f_hole[k];
        if (!(s->wanted & ~blocked)) { s->pruned++; return false; }
    }
    if (memo_has(&s->dead, key)) return false;
    /* Near the root always; deeper down at every lp_every'th node, so that a search
     * that dives into a large dead subtree still learns functions that cut it. */
    if ((depth <= s->lp_depth || (s->lp_every && s->nodes % s->lp_every == 0 && s->lp_depth >= 0)) &&
        s->nf < PAGODA_ALL && lp_cut(s, pegs, blocked, depth)) {
        s->pruned++;
        return false;
    }
    if (s->limit && s->nodes >= s->limit) { s->out_of_budget = true; return false; }
    s->nodes++;
    const pg_board *b = s->b;
    uint64_t child[PG_MAX_JUMPS], ckey[PG_MAX_JUMPS];
    int cj[PG_MAX_JUMPS], n = 0;
    for (int j = 0; j < b->njumps; j++) {
        uint64_t from = 1ull << b->jfrom[j], over = 1ull << b->jover[j], to = 1ull << b->jto[j];
        if (!(pegs & from) || !(pegs & over) || (pegs & to)) continue;
        child[n] = pegs ^ from ^ over ^ to;
        ckey[n] = canon(s, child[n]);
        __builtin_prefetch(&s->dead.slot[memo_home(&s->dead, ckey[n])]);
        cj[n++] = j;
    }
    bool found = false;
    for (int i = 0; i < n; i++) {
        s->path[depth] = pg_jump_between(b, b->jfrom[cj[i]], b->jto[cj[i]]);
        if (s->nf) {
            int a = b->jfrom[cj[i]], o = b->jover[cj[i]], c = b->jto[cj[i]];
            const int32_t *v = s->val[depth];
            int32_t *w = s->val[depth + 1];
            for (int k = 0; k < s->nf; k++) w[k] = v[k] - s->f[k][a] - s->f[k][o] + s->f[k][c];
        }
        if (dfs(s, child[i], ckey[i], depth + 1)) {
            found = true;
            if (!s->wanted || s->stop_first) return true;
        }
        if (s->out_of_budget || s->out_of_memory) return found;
    }
    if (!found && memo_put(&s->dead, key) != 0) s->out_of_memory = true;
    return found;
}

/* The symmetries of the board that map PEGS and WANTED onto themselves (the identity
 * first): under them a position's deadness is the deadness of its images. */
static int stabiliser(const pg_board *b, uint64_t pegs, uint64_t wanted, int *syms)
{
    int n = 0;
    for (int k = 0; k < 8; k++)
        if (pg_transform(b, k, pegs) == pegs && pg_transform(b, k, wanted) == wanted) syms[n++] = k;
    return n;
}

/* The pagoda functions of every wanted finish and their sums over the start PEGS
 * (none when OFF: the plain search, to compare). */
static void set_pagodas(search *s, uint64_t pegs, bool off)
{
    s->nf = 0;
    int targets = pg_count(s->wanted);
    if (off || !targets) return;
    int per = PAGODA_ALL / targets < PAGODA_PER_TARGET ? PAGODA_ALL / targets : PAGODA_PER_TARGET;
    for (uint64_t w = s->wanted; w; w &= w - 1) {
        int t = __builtin_ctzll(w);
        int n = pg_pagodas(s->b, t, &s->f[s->nf], per);
        for (int k = s->nf; k < s->nf + n; k++) {
            s->f_target[k] = s->f[k][t];
            s->f_hole[k] = 1ull << t;
            int32_t sum = 0;
            for (uint64_t p = pegs; p; p &= p - 1) sum += s->f[k][__builtin_ctzll(p)];
            s->val[0][k] = sum;
        }
        s->nf += n;
    }
}

/* The beams tried before the exhaustive search: the pegs kept near the centre and
 * together, then a second weighting for what the first did not meet. */
static const pg_beam_opts beam_tries[] = {{0, 1, 3, 0, 1}, {0, 2, 3, 1, 2}};

/* Beams first (pg_beam): a line they find for a wanted finish is taken with its images
 * under the symmetries fixing PEGS and WANTED, and those finishes leave *WANTED (still
 * closed under those symmetries), so the exhaustive search looks only for the rest. */
static int beams_first(const pg_board *b, uint64_t pegs, uint64_t *wanted, bool stop_first, uint64_t *reach,
                       pg_line *found, pg_stats *st, char *err, size_t errlen)
{
    int syms[8], nsyms = stabiliser(b, pegs, *wanted, syms);
    pg_line *got = calloc(PG_MAX_HOLES, sizeof *got);
    if (!got) return bo_fail(err, errlen, "out of memory");
    for (size_t k = 0; k < sizeof beam_tries / sizeof beam_tries[0] && *wanted; k++) {
        pg_beam_opts o = beam_tries[k];
        o.width = st->beam_width;
        /* Under a node limit N a beam expands at most about N positions (40 levels). */
        if (st->node_limit && st->node_limit / 40 < (uint64_t)o.width) o.width = (int)(st->node_limit / 40) + 1;
        uint64_t hit = 0;
        if (pg_beam(b, pegs, *wanted, &o, &hit, got, &st->beam_nodes, err, errlen) != 0) { free(got); return -1; }
        for (uint64_t h = hit; h; h &= h - 1) {
            int t = __builtin_ctzll(h);
            for (int i = 0; i < nsyms; i++) {
                int u = b->sym[syms[i]][t];
                if (!(*wanted >> u & 1)) continue;
                *wanted &= ~(1ull << u);
                *reach |= 1ull << u;
                found[u].n = got[t].n;
                for (int j = 0; j < got[t].n; j++) found[u].jumps[j] = jump_image(b, syms[i], got[t].jumps[j]);
            }
        }
        if (hit && stop_first) *wanted = 0;
    }
    free(got);
    return 0;
}

static int run(const pg_board *b, uint64_t pegs, uint64_t wanted, bool stop_first, uint64_t *reach, pg_line *found,
               pg_stats *st, char *err, size_t errlen)
{
    uint64_t beam_reach = 0;
    if (wanted && st && st->beam_width > 0 && found &&
        beams_first(b, pegs, &wanted, stop_first, &beam_reach, found, st, err, errlen) != 0)
        return -1;
    *reach = beam_reach;
    if (wanted && st && st->levels) {
        /* The rest decided one finish at a time by levels met in the middle: a line or
         * a proof each (a finish decides its orbit under the symmetries fixing PEGS). */
        int syms[8], nsyms = stabiliser(b, pegs, wanted, syms), rc = 0;
        while (wanted) {
            int t = __builtin_ctzll(wanted);
            pg_line l;
            pg_prove_stats ps = {0};
            int r = pg_prove_meet(b, pegs, t, st->memo_max_bytes, &l, &ps, err, errlen);
            st->level_positions += ps.positions;
            st->pruned += ps.pruned;
            st->lp_calls += ps.lp_calls;
            st->lp_found += ps.lp_found;
            if (ps.peak_bytes > st->level_bytes) st->level_bytes = ps.peak_bytes;
            if (r < 0) return -1;
            if (r == 2) rc = 3;   /* undecided: the others are still tried */
            for (int i = 0; i < nsyms; i++) {
                int u = b->sym[syms[i]][t];
                if (!(wanted >> u & 1)) continue;
                wanted &= ~(1ull << u);
                if (r != 1) continue;
                *reach |= 1ull << u;
                found[u].n = l.n;
                for (int j = 0; j < l.n; j++) found[u].jumps[j] = jump_image(b, syms[i], l.jumps[j]);
            }
            if (r == 1 && stop_first) break;
        }
        return rc;
    }
    if (!wanted) return 0;   /* nothing (left) to look for: proved at once */
    search *s = calloc(1, sizeof *s);
    if (!s) return bo_fail(err, errlen, "out of memory");
    s->b = b;
    s->nsyms = stabiliser(b, pegs, wanted, s->syms);
    s->wanted = wanted;
    s->stop_first = stop_first;
    s->found = found;
    s->limit = st ? st->node_limit : 0;
    size_t budget = st && st->memo_max_bytes ? st->memo_max_bytes : MEMO_BYTES_DEFAULT;
    s->dead.max_bits = 3;   /* two buckets at least */
    while (((size_t)2 << s->dead.max_bits) * sizeof(uint64_t) <= budget) s->dead.max_bits++;
    if (memo_init(&s->dead, s->dead.max_bits < MEMO_MIN_BITS ? s->dead.max_bits : MEMO_MIN_BITS) != 0) { free(s); return bo_fail(err, errlen, "out of memory"); }
    set_pagodas(s, pegs, st && st->no_pagoda);
    s->lp_depth = !st || st->no_pagoda || st->lp_depth < 0 ? -1 : st->lp_depth ? st->lp_depth : LP_DEPTH_DEFAULT;
    s->lp_every = !st || st->lp_every == 0 ? LP_EVERY_DEFAULT : st->lp_every < 0 ? 0 : (uint64_t)st->lp_every;
    dfs(s, pegs, canon(s, pegs), 0);
    *reach = s->reach | beam_reach;
    if (st) {
        st->nodes += s->nodes;
        st->pruned += s->pruned;
        st->lp_calls += s->lp_calls;
        st->lp_found += s->lp_found;
        if (s->dead.peak_bytes > st->memo_bytes) st->memo_bytes = s->dead.peak_bytes;
        st->memo_replaced += s->dead.replaced;
    }
    int rc = s->out_of_memory ? bo_fail(err, errlen, "out of memory for the dead-position memo")
           : s->out_of_budget ? 2 : 0;
    free(s->dead.slot);
    free(s);
    return rc;
}

int pg_solve_finishes(const pg_board *b, uint64_t pegs, uint64_t wanted, uint64_t *reach, pg_line *found,
                      pg_stats *st, char *err, size_t errlen)
{
    return run(b, pegs, wanted & b->full, false, reach, found, st, err, errlen);
}

int pg_solve(const pg_board *b, uint64_t pegs, int goal, pg_line *line, pg_stats *st, char *err, size_t errlen)
{
    uint64_t reach = 0;
    if (goal != PG_GOAL_ANY && (goal < 0 || goal >= b->n)) return bo_fail(err, errlen, "no hole %d", goal);
    /* The class argument first: a finish of another class is never reachable. */
    uint64_t wanted = 0;
    for (int t = 0; t < b->n; t++)
        if ((goal == PG_GOAL_ANY || goal == t) && pg_class(b, pegs) == pg_class(b, 1ull << t)) wanted |= 1ull << t;
    if (!wanted) return 0;
    pg_line *found = calloc(PG_MAX_HOLES, sizeof *found);
    if (!found) return bo_fail(err, errlen, "out of memory");
    int rc = 2;
    if (st && st->beam_width > 0 && (!st->node_limit || st->node_limit > QUICK_NODES)) {
        /* A short depth-first search first: small problems (those of the 33-hole
         * board) end there, without the beams' fixed cost of a few seconds. */
        pg_stats quick = {.node_limit = QUICK_NODES, .no_pagoda = st->no_pagoda, .lp_depth = st->lp_depth,
                          .lp_every = st->lp_every, .memo_max_bytes = st->memo_max_bytes};
        rc = run(b, pegs, wanted, true, &reach, found, &quick, err, errlen);
        st->nodes += quick.nodes;
        st->pruned += quick.pruned;
        st->lp_calls += quick.lp_calls;
        st->lp_found += quick.lp_found;
        if (quick.memo_bytes > st->memo_bytes) st->memo_bytes = quick.memo_bytes;
    }
    if (rc == 2) rc = run(b, pegs, wanted, true, &reach, found, st, err, errlen);
    if (rc >= 0 && reach) {
        int t = goal != PG_GOAL_ANY ? goal : __builtin_ctzll(reach);
        if (!(reach >> t & 1)) rc = rc == 2 ? 2 : 0;
        else { *line = found[t]; rc = 1; }
    }
    free(found);
    return rc;
}

int pg_verify(const pg_board *b, uint64_t pegs, int goal, const pg_line *line, char *err, size_t errlen)
{
    pg_pos p;
    pg_pos_set(&p, b->kind, pegs, goal);
    for (int i = 0; i < line->n; i++) {
        if (!pg_is_legal(&p, line->jumps[i])) return bo_fail(err, errlen, "jump %d is not legal", i + 1);
        pg_play(&p, line->jumps[i]);
    }
    if (!pg_solved(&p)) return bo_fail(err, errlen, "the line ends with %d pegs, not one at the goal", pg_count(p.pegs));
    return 0;
}

int pg_line_moves(const pg_board *b, const pg_line *line)
{
    int moves = 0, last = -1;
    for (int i = 0; i < line->n; i++) {
        if (PG_JUMP_FROM(line->jumps[i]) != last) moves++;
        last = pg_jump_dest(b, line->jumps[i]);
    }
    return moves;
}

void pg_table_free(pg_table *t)
{
    free(t->how);
    free(t->line);
    memset(t, 0, sizeof *t);
}

static void map_row(const pg_board *b, pg_table *t, int s, int s2);
static void dual_fill(const pg_board *b, pg_table *t, int s);

/* Each finish of *WANTED (with its images under the symmetries fixing START) searched
 * alone under a small node limit, before the search for all of them together.  Why: the
 * joint search cuts a position only when every wanted finish is ruled out there, and one
 * that stops at its node limit leaves every finish it did not reach undecided, even those
 * that the pagoda functions of that finish alone dispose of at once.  HOW[f] gets
 * PG_PAIR_PAGODA (ruled out at the start itself: no position expanded), PG_PAIR_SEARCH
 * (the search of that finish alone ended without it) or PG_PAIR_SOLVED (with its line in
 * FOUND[f]); the finishes decided leave *WANTED, which stays closed under the symmetries. */
enum { ALONE_NODES = 20000, ALONE_MEMO = 16u << 20 };
static int finishes_alone(const pg_board *b, uint64_t start, uint64_t *wanted, int lp_depth, uint8_t *how,
                          pg_line *found, pg_stats *sum, char *err, size_t errlen)
{
    int syms[8], nsyms = stabiliser(b, start, b->full, syms);
    uint64_t left = *wanted;
    while (left) {
        int t = __builtin_ctzll(left);
        uint64_t orbit = 0;
        for (int i = 0; i < nsyms; i++) orbit |= 1ull << b->sym[syms[i]][t];
        orbit &= *wanted;
        left &= ~orbit;
        pg_stats st = {.node_limit = ALONE_NODES, .lp_depth = lp_depth, .memo_max_bytes = ALONE_MEMO};
        uint64_t reach = 0;
        int rc = run(b, start, orbit, false, &reach, found, &st, err, errlen);
        sum->nodes += st.nodes;
        sum->pruned += st.pruned;
        sum->lp_calls += st.lp_calls;
        sum->lp_found += st.lp_found;
        if (rc < 0) return -1;
        if (rc != 0) continue;   /* the node limit: left to the joint search */
        for (uint64_t o = orbit; o; o &= o - 1) {
            int f = __builtin_ctzll(o);
            how[f] = (reach >> f & 1) ? PG_PAIR_SOLVED : st.nodes == 0 ? PG_PAIR_PAGODA : PG_PAIR_SEARCH;
        }
        *wanted &= ~orbit;
    }
    return 0;
}

int pg_table_build(const pg_board *b, uint64_t node_limit, int lp_depth, size_t memo_bytes, int beam_width, pg_table *t,
                   char *err, size_t errlen)
{
    int n = b->n;
    memset(t, 0, sizeof *t);
    t->n = n;
    t->how = calloc((size_t)n * n, 1);
    t->line = calloc((size_t)n * n, sizeof *t->line);
    pg_line *found = calloc(PG_MAX_HOLES, sizeof *found);
    if (!t->how || !t->line || !found) { free(found); pg_table_free(t); return bo_fail(err, errlen, "out of memory"); }
    bool done[PG_MAX_HOLES] = {false};   /* the rows of the orbits searched so far */
    for (int s = 0; s < n; s++) {
        /* The least hole of s's orbit is searched, then its lines are mapped to the
         * others of the orbit. */
        int rep = s;
        for (int k = 1; k < 8; k++)
            if (b->sym[k][s] < rep) rep = b->sym[k][s];
        if (rep != s) continue;
        uint64_t start = b->full & ~(1ull << s), wanted = 0, reach = 0;
        for (int f = 0; f < n; f++) {
            if (pg_class(b, start) != pg_class(b, 1ull << f)) { t->how[s * n + f] = PG_PAIR_CLASS; continue; }
            /* The dual pair (f, s), decided with f's orbit, decides (s, f) (dual_fill);
             * those pairs form a set closed under the symmetries fixing s. */
            int d = done[f] ? t->how[f * n + s] : 0;
            if (d != PG_PAIR_SOLVED && d != PG_PAIR_SEARCH && d != PG_PAIR_PAGODA) wanted |= 1ull << f;
        }
        pg_stats st = {.node_limit = node_limit, .lp_depth = lp_depth, .memo_max_bytes = memo_bytes,
                       .beam_width = beam_width, .levels = node_limit == 0};
        uint8_t alone[PG_MAX_HOLES] = {0};
        pg_stats st_alone = {0};
        int ra = finishes_alone(b, start, &wanted, lp_depth, alone, found, &st_alone, err, errlen);
        t->nodes += st_alone.nodes;
        t->pruned += st_alone.pruned;
        t->lp_calls += st_alone.lp_calls;
        t->lp_found += st_alone.lp_found;
        if (ra < 0) { free(found); pg_table_free(t); return -1; }
        for (int f = 0; f < n; f++) {
            if (!alone[f]) continue;
            t->how[s * n + f] = alone[f];
            if (alone[f] == PG_PAIR_SOLVED) t->line[s * n + f] = found[f];
        }
        int rc = pg_solve_finishes(b, start, wanted, &reach, found, &st, err, errlen);
        t->nodes += st.nodes;
        t->pruned += st.pruned;
        t->lp_calls += st.lp_calls;
        t->lp_found += st.lp_found;
        t->beam_nodes += st.beam_nodes;
        t->level_positions += st.level_positions;
        if (st.level_bytes > t->level_bytes) t->level_bytes = st.level_bytes;
        if (st.memo_bytes > t->memo_bytes) t->memo_bytes = st.memo_bytes;
        if (rc < 0) { free(found); pg_table_free(t); return -1; }
        int unfound = rc == 2 ? PG_PAIR_OPEN : rc == 3 ? PG_PAIR_BUDGET : PG_PAIR_SEARCH;
        for (int f = 0; f < n; f++) {
            if (wanted >> f & 1) t->how[s * n + f] = (reach >> f & 1) ? PG_PAIR_SOLVED : unfound;
            if (reach >> f & 1) t->line[s * n + f] = found[f];
        }
        for (int k = 0; k < 8; k++) {
            if (b->sym[k][s] != s) map_row(b, t, s, b->sym[k][s]);
            done[b->sym[k][s]] = true;
        }
    }
    for (int s = 0; s < n; s++) dual_fill(b, t, s);
    free(found);
    /* Every line is replayed before it is believed. */
    for (int s = 0; s < n; s++)
        for (int f = 0; f < n; f++)
            if (t->how[s * n + f] == PG_PAIR_SOLVED &&
                pg_verify(b, b->full & ~(1ull << s), f, &t->line[s * n + f], err, errlen) != 0) {
                char a[4], c[4], why[128];
                pg_hole_name(b, s, a);
                pg_hole_name(b, f, c);
                snprintf(why, sizeof why, "%s", err);
                pg_table_free(t);
                return bo_fail(err, errlen, "the line from %s to %s does not replay: %s", a, c, why);
            }
    return 0;
}

/* Start S's row copied to start S2 = g(S) for the symmetry g taking S to S2: finish f
 * of S gives g(f) of S2, the line mapped jump by jump. */
static void map_row(const pg_board *b, pg_table *t, int s, int s2)
{
    int n = b->n, back = 0;
    for (int k = 0; k < 8; k++)
        if (b->sym[k][s] == s2) { back = k; break; }
    for (int f = 0; f < n; f++) {
        int g = b->sym[back][f];
        t->how[s2 * n + g] = t->how[s * n + f];
        if (t->how[s * n + f] == PG_PAIR_SOLVED) {
            const pg_line *src = &t->line[s * n + f];
            pg_line *dst = &t->line[s2 * n + g];
            dst->n = src->n;
            for (int k = 0; k < src->n; k++) dst->jumps[k] = jump_image(b, back, src->jumps[k]);
        }
    }
}

/* Time reversal on complements: the positions of a line from "all but f" to the one peg
 * at s, complemented and read backwards, go from "all but s" to the one peg at f by the
 * same jumps in reverse order (a jump from a over b into c turns the complement of the
 * position after it into the complement of the position before it).  So the pair
 * (s, f) is solvable exactly when (f, s) is: each decided pair of row S decides its dual,
 * and the dual of an undecided pair of row S decides it. */
static bool decided(int how)
{
    return how == PG_PAIR_SOLVED || how == PG_PAIR_SEARCH || how == PG_PAIR_PAGODA;
}

static void dual_fill(const pg_board *b, pg_table *t, int s)
{
    int n = b->n;
    for (int f = 0; f < n; f++) {
        uint8_t *here = &t->how[s * n + f], *dual = &t->how[f * n + s];
        const pg_line *from = NULL;
        pg_line *to = NULL;
        if (decided(*here) && (*dual == 0 || *dual >= PG_PAIR_OPEN)) {
            *dual = *here;
            from = &t->line[s * n + f];
            to = &t->line[f * n + s];
            if (*here != PG_PAIR_SOLVED) from = NULL;
        } else if (decided(*dual) && (*here == 0 || *here >= PG_PAIR_OPEN)) {
            *here = *dual;
            from = &t->line[f * n + s];
            to = &t->line[s * n + f];
            if (*dual != PG_PAIR_SOLVED) from = NULL;
        }
        if (from && to) {
            to->n = from->n;
            for (int k = 0; k < from->n; k++) to->jumps[k] = from->jumps[from->n - 1 - k];
        }
    }
}
