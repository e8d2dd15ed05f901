/* tg_reach_all.c -- Two Tigers: every position reachable from the start, over all
 * plies, counted with bitmaps over the symmetric index.
 *
 * Rule (RULES.md 8): a position is the board and the side to move; the game ends when
 * the tigers take the dog that leaves WIN dogs (six taken in the real game: 10 dogs)
 * and when the side to move has no move; those positions are counted (as terminal)
 * and not expanded.  The repetition and 100-ply draws end lines, not positions (a
 * position reached by some line is reached by one without a repetition).
 *
 * Method: positions are numbered by tg_index (one number per orbit of the board's 8
 * symmetries).  The start is fixed only by the four symmetries that keep rows as
 * rows (its transpose is the `vertical` start), so the reachable set is closed under
 * those four, not under all 8: each orbit is split into its two halves (the coset bit
 * of tg_index_rank_coset), and a state is 2 * index + half; its representative is the
 * canonical position, turned by the transpose for half 1.  Per layer D (dogs on the
 * board) and side to move there are three bitmaps of one bit per state: seen, the
 * frontier being expanded and the next frontier.  Captures only lower D (stacks only
 * shrink), so the layers are done in order from the start's D down: within a layer,
 * passes expand the frontier's states (every move by the rules module: tg_legal,
 * tg_play), rank each child, and set it in seen and in the next frontier when new
 * (atomic ors: threads split the frontier by word range); a capture's child goes to
 * the layer below's seen and next frontier, where it waits for that layer; a layer
 * ends when a pass adds nothing, is counted and freed.  Each bitmap keeps a flag per
 * 4 KB block ever written, so passes skip empty blocks and clearing touches only the
 * written ones; bitmaps are calloc'ed, so blocks never written cost no memory.  With
 * a depth limit the same expansion runs ply-synchronously over all layers at once
 * (every frontier one ply), which gives the count first reached at each ply (for the
 * test against tg_reach.c's hash set).  The raw count is the sum over states of the
 * size of the state's half-orbit (4 divided by the row-keeping symmetries fixing it;
 * the whole orbit when a turning symmetry fixes the canonical position).
 *
 * Checkpoint (all plies, opts.table): the whole state of the count is the layer in
 * progress (its seen, frontier, next frontier and games-over bitmaps, both sides),
 * the layer below (seen and next frontier: the captures waiting there), where the
 * count stands (layer, side, the word of the side's pass), and the report (the
 * finished layers' tallies, the tallies of the layer in progress so far, passes,
 * times).  Every layer above is finished and freed and every layer further below is
 * still empty, so nothing else exists.  It is written, bitmaps as their written 4 KB
 * blocks only, to "FILE.tmp", synced and renamed over FILE: when the budget, a signal
 * (opts.stop) or the tests' chunk limit stops the run, and every checkpoint_seconds
 * (the pass is paused at a chunk, saved, and goes on).  Why a cut pass resumes
 * exactly: the stop is looked at before a thread takes a chunk, never inside one, so
 * when the threads are back the chunks below the shared counter are all done and
 * none above it started; the tallies added so far are those of exactly those chunks
 * (each state of the frontier expanded once: raw, games over, moves), and the games
 * over bitmap and its orbit count moved together.  The bitmaps written by the done
 * chunks hold their children in seen and, when new, in the next frontier (a thread
 * sets the next bit right after the seen bit, and all have joined).  The frontier
 * being expanded is untouched until the pass ends.  So taking up the pass at that
 * word expands each remaining state once against the same seen set an uninterrupted
 * pass would have (set union does not depend on the order of the chunks) and ends
 * with the same bitmaps and the same tallies.  (Running the cut pass again from its
 * first word would not: its done chunks' tallies would be added twice and its
 * children, already seen, not be "new" again.)  A finished count is saved as its
 * report only; a run given it prints it.  A file of another kind, version, win layer
 * or start, or cut short, is refused. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core.h"
#include "tg_index.h"
#include "tg_reach.h"

enum { BLK_SHIFT = 15 };   /* 2^15 bits = 4 KB a block flag */

typedef struct bmap {
    uint64_t *w;
    uint8_t *blk;
    uint64_t nbits, nwords, nblk;
} bmap;

typedef struct layer {
    bmap seen[2], cur[2], next[2], term[2];
    int live;
} layer;

typedef struct reach {
    const tg_reach_all_opts *o;
    const tg_index *x;
    layer lay[TG_DOGS + 1];
    size_t bytes, peak;
    double deadline;
    double pause_at;         /* a checkpoint is due: stop the pass here, save, go on (0: never) */
    uint64_t cw;             /* the words of a chunk */
    uint64_t chunks_run;     /* this run's, for max_chunks */
    int stopped;
} reach;

/* A bitmap of NBITS bits, calloc'ed (pages never written are never touched). */
static int bmap_alloc(reach *r, bmap *b, uint64_t nbits)
{
    b->nbits = nbits;
    b->nwords = (nbits + 63) / 64;
    b->nblk = (nbits >> BLK_SHIFT) + 1;
    b->w = calloc((size_t)b->nwords + 1, sizeof *b->w);
    b->blk = calloc((size_t)b->nblk, 1);
    if (!b->w || !b->blk) {
        free(b->w);
        free(b->blk);
        memset(b, 0, sizeof *b);
        return -1;
    }
    r->bytes += (size_t)b->nwords * 8 + (size_t)b->nblk;
    if (r->bytes > r->peak) r->peak = r->bytes;
    return 0;
}

static void bmap_free(reach *r, bmap *b)
{
    if (!b->w) return;
    r->bytes -= (size_t)b->nwords * 8 + (size_t)b->nblk;
    free(b->w);
    free(b->blk);
    memset(b, 0, sizeof *b);
}

/* Sets bit I; true if this call set it. */
static inline bool bmap_set(bmap *b, uint64_t i)
{
    uint64_t bit = 1ull << (i & 63);
    if (__atomic_load_n(&b->w[i >> 6], __ATOMIC_RELAXED) & bit) return false;   /* most are: no locked write */
    uint64_t old = __atomic_fetch_or(&b->w[i >> 6], bit, __ATOMIC_RELAXED);
    if (old & bit) return false;
    if (!__atomic_load_n(&b->blk[i >> BLK_SHIFT], __ATOMIC_RELAXED))
        __atomic_store_n(&b->blk[i >> BLK_SHIFT], 1, __ATOMIC_RELAXED);
    return true;
}

/* Zeroes the written blocks only. */
static void bmap_clear(bmap *b)
{
    for (uint64_t k = 0; k < b->nblk; k++)
        if (b->blk[k]) {
            uint64_t lo = k << (BLK_SHIFT - 6), hi = lo + (1u << (BLK_SHIFT - 6));
            if (hi > b->nwords) hi = b->nwords;
            memset(&b->w[lo], 0, (size_t)(hi - lo) * 8);
            b->blk[k] = 0;
        }
}

static bool bmap_empty(const bmap *b)
{
    if (!b->w) return true;
    for (uint64_t k = 0; k < b->nblk; k++)
        if (b->blk[k]) return false;
    return true;
}

/* States (set bits) and orbits (indices with either half set) of a state bitmap. */
static void bmap_tally(const bmap *b, uint64_t *states, uint64_t *orbits)
{
    uint64_t s = 0, o = 0;
    for (uint64_t k = 0; b->w && k < b->nblk; k++) {
        if (!b->blk[k]) continue;
        uint64_t lo = k << (BLK_SHIFT - 6), hi = lo + (1u << (BLK_SHIFT - 6));
        if (hi > b->nwords) hi = b->nwords;
        for (uint64_t i = lo; i < hi; i++) {
            uint64_t w = b->w[i];
            s += (uint64_t)__builtin_popcountll(w);
            o += (uint64_t)__builtin_popcountll((w | w >> 1) & 0x5555555555555555ull);
        }
    }
    *states = s;
    *orbits = o;
}

/* LEVEL 0: seen; 1: seen and the next frontier (a layer captures land in); 2: all. */
static int layer_alloc(reach *r, int d, int side, int level)
{
    layer *L = &r->lay[d];
    uint64_t n = 2 * r->x->size[d];
    L->live = 1;
    if (!L->seen[side].w && bmap_alloc(r, &L->seen[side], n) != 0) return -1;
    if (level < 1) return 0;
    if (!L->next[side].w && bmap_alloc(r, &L->next[side], n) != 0) return -1;
    if (level < 2) return 0;
    if (!L->cur[side].w && bmap_alloc(r, &L->cur[side], n) != 0) return -1;
    if (!L->term[side].w && bmap_alloc(r, &L->term[side], r->x->size[d]) != 0) return -1;
    return 0;
}

static void layer_free(reach *r, int d)
{
    layer *L = &r->lay[d];
    for (int s = 0; s < 2; s++) {
        bmap_free(r, &L->seen[s]);
        bmap_free(r, &L->cur[s]);
        bmap_free(r, &L->next[s]);
        bmap_free(r, &L->term[s]);
    }
    L->live = 0;
}

/* The transpose of P (symmetry 4 of tg_index: rows become columns). */
static void transpose(const tg_index *x, const tg_pos *p, tg_pos *q)
{
    *q = *p;
    q->dmask = 0;
    for (int i = 0; i < TG_POINTS; i++) {
        q->dogs[x->sym[4][i]] = p->dogs[i];
        if (p->dogs[i]) q->dmask |= 1u << x->sym[4][i];
    }
    int a = x->sym[4][p->tiger[0]], b = x->sym[4][p->tiger[1]];
    q->tiger[0] = (uint8_t)(a < b ? a : b);
    q->tiger[1] = (uint8_t)(a < b ? b : a);
}

/* The positions in the half-orbit of canonical position P (its own half of the 8
 * images): 4 over the row-keeping symmetries fixing it, and the whole orbit (8 over
 * all fixing it) when a turning symmetry fixes it. */
static int half_orbit(const tg_index *x, const tg_pos *p)
{
    int t0 = p->tiger[0], t1 = p->tiger[1];
    int tp = t1 * (t1 - 1) / 2 + t0;
    int hv = p->dogs[6] + 5 * p->dogs[8] + 25 * p->dogs[16] + 125 * p->dogs[18];
    int stab = x->stab[tp * 625 + hv];
    if (stab == 1) return 4;
    int fix = 0, turned = 0;
    for (int g = 0; g < TG_SYMS; g++) {
        if (!(stab >> g & 1)) continue;
        uint32_t m = 0;
        for (uint32_t b = p->dmask; b; b &= b - 1) m |= 1u << x->sym[g][__builtin_ctz(b)];
        if (m != p->dmask) continue;   /* tigers and heights are fixed by the block's stabilizer */
        fix++;
        turned |= g >= 4;
    }
    return turned ? 8 / fix : 4 / fix;
}

enum { CHUNK_WORDS = 1u << 13 };   /* the unit threads take from a pass: 16 blocks (default) */

typedef struct job {
    reach *r;
    int d, side;
    bool count_only;               /* only tally the states (the win layer) */
    uint64_t *next_chunk;          /* shared by the pass's threads: the next chunk to take */
    uint64_t nchunks, lo;          /* chunk K is the words LO + K * cw .. */
    uint64_t expanded, added, raw, term_states, term_orbits, term_raw, children;
    uint64_t added_raw;            /* raw positions of the new states (the ply counts) */
    bool timed_out;
} job;

static void run_chunk(job *j, uint64_t lo);

/* The run must stop (saved): the budget, a signal, the chunk limit of tests. */
static bool must_stop(reach *r)
{
    if (r->deadline > 0 && bo_now_seconds() > r->deadline) return true;
    if (r->o->stop && *r->o->stop) return true;
    return r->o->max_chunks && __atomic_load_n(&r->chunks_run, __ATOMIC_RELAXED) >= r->o->max_chunks;
}

/* Expands (or tallies) the states of the frontier, chunk after chunk as the threads
 * take them (the reachable states gather in some tiger pairs: fixed ranges would
 * leave a thread idle).  The stop is looked at before a chunk is taken, so every
 * chunk taken is finished: when the threads are back, the chunks below the shared
 * counter are exactly the ones done (what makes a pass resumable at a chunk).  The
 * tallying passes (the win layer, a depth count's end) are never cut. */
static void *run_job(void *arg)
{
    job *j = arg;
    reach *r = j->r;
    for (;;) {
        if (!j->count_only && (must_stop(r) || (r->pause_at > 0 && bo_now_seconds() >= r->pause_at))) {
            j->timed_out = true;
            return NULL;
        }
        uint64_t k = __atomic_fetch_add(j->next_chunk, 1, __ATOMIC_RELAXED);
        if (k >= j->nchunks) return NULL;
        run_chunk(j, j->lo + k * r->cw);
        __atomic_fetch_add(&r->chunks_run, 1, __ATOMIC_RELAXED);
    }
}

/* The words LO .. LO + CHUNK_WORDS of the frontier (blocks never written skipped). */
static void run_chunk(job *j, uint64_t lo)
{
    reach *r = j->r;
    const tg_index *x = r->x;
    int d = j->d, win = r->o->win_dogs;
    bmap *front = j->count_only ? &r->lay[d].seen[j->side] : &r->lay[d].cur[j->side];
    uint64_t hi = lo + r->cw < front->nwords ? lo + r->cw : front->nwords;
    for (uint64_t wi = lo; wi < hi; wi++) {
        if ((wi & ((1u << (BLK_SHIFT - 6)) - 1)) == 0 && !front->blk[wi >> (BLK_SHIFT - 6)]) {
            wi += (1u << (BLK_SHIFT - 6)) - 1;   /* skip to the next block */
            continue;
        }
        for (uint64_t w = front->w[wi]; w; w &= w - 1) {
            uint64_t st = wi * 64 + (uint64_t)__builtin_ctzll(w);
            tg_pos c, p;
            tg_index_unrank(x, d, j->side, st >> 1, &c);
            int ho = half_orbit(x, &c);
            j->raw += (uint64_t)ho;
            j->expanded++;
            if (j->count_only) continue;
            if (st & 1) transpose(x, &c, &p);
            else p = c;
            p.captured = 0;   /* tg_legal stops at six taken; here the win layer says when */
            p.hash = 0;
            uint32_t ms[TG_MAX_MOVES];
            int n = tg_legal(&p, ms);
            if (n == 0) {
                j->term_states++;
                j->term_raw += (uint64_t)ho;
                if (bmap_set(&r->lay[d].term[j->side], st >> 1)) j->term_orbits++;
                continue;
            }
            for (int k = 0; k < n; k++) {
                tg_pos q = p;
                tg_undo u;
                tg_play(&q, ms[k], &u);
                int qd = d - q.captured;
                int half;
                uint64_t ci = tg_index_rank_coset(x, &q, &half);
                uint64_t cs = 2 * ci + (uint64_t)half;
                layer *L = &r->lay[qd];
                j->children++;
                if (!bmap_set(&L->seen[q.side], cs)) continue;
                j->added++;
                if (r->o->depth >= 0) {
                    tg_pos cq;
                    tg_index_unrank(x, qd, q.side, ci, &cq);
                    j->added_raw += (uint64_t)half_orbit(x, &cq);
                }
                if (qd > win) bmap_set(&L->next[q.side], cs);
            }
        }
    }
}

/* One pass over side SIDE of layer D by the threads (chunks of words), from the word
 * START; the tallies go to SUM, and *END (if given) gets the word the pass stands at
 * (all words below it done).  True if the run was stopped (or paused) inside it. */
static bool run_pass(reach *r, int d, int side, bool count_only, uint64_t start, job *sum, uint64_t *end)
{
    int threads = r->o->threads > 0 ? (r->o->threads > 16 ? 16 : r->o->threads) : 1;
    bmap *front = count_only ? &r->lay[d].seen[side] : &r->lay[d].cur[side];
    uint64_t left = front->nwords > start ? front->nwords - start : 0;
    uint64_t nchunks = (left + r->cw - 1) / r->cw, next_chunk = 0;
    job jobs[16];
    pthread_t tid[16];
    bool started[16] = {false}, timed_out = false;
    for (int t = 0; t < threads; t++) {
        jobs[t] = (job){.r = r, .d = d, .side = side, .count_only = count_only,
                        .next_chunk = &next_chunk, .nchunks = nchunks, .lo = start};
        started[t] = t > 0 && pthread_create(&tid[t], NULL, run_job, &jobs[t]) == 0;
    }
    run_job(&jobs[0]);
    for (int t = 1; t < threads; t++) {
        if (started[t]) pthread_join(tid[t], NULL);
        else run_job(&jobs[t]);
    }
    for (int t = 0; t < threads; t++) {
        sum->expanded += jobs[t].expanded;
        sum->added += jobs[t].added;
        sum->added_raw += jobs[t].added_raw;
        sum->raw += jobs[t].raw;
        sum->term_states += jobs[t].term_states;
        sum->term_orbits += jobs[t].term_orbits;
        sum->term_raw += jobs[t].term_raw;
        sum->children += jobs[t].children;
        timed_out |= jobs[t].timed_out;
    }
    if (end) {
        uint64_t k = next_chunk < nchunks ? next_chunk : nchunks;
        *end = start + k * r->cw < front->nwords ? start + k * r->cw : front->nwords;
    }
    return timed_out;
}

/* After a pass: the expanded frontier is cleared and the next becomes it. */
static void advance(reach *r, int d)
{
    layer *L = &r->lay[d];
    for (int s = 0; s < 2; s++) {
        if (!L->cur[s].w) continue;
        bmap_clear(&L->cur[s]);
        bmap t = L->cur[s];
        L->cur[s] = L->next[s];
        L->next[s] = t;
    }
}

static void add_tally(tg_reach_all_report *rep, int d, int s, const job *t)
{
    rep->raw[d][s] += t->raw;
    rep->term_states[d][s] += t->term_states;
    rep->term_orbits[d][s] += t->term_orbits;
    rep->term_raw[d][s] += t->term_raw;
    rep->expanded += t->expanded;
    rep->children += t->children;
}

/* The layer's final counts from its seen bitmaps (its states were tallied as they
 * were expanded; the win layer's are tallied here). */
static void finish_layer(reach *r, int d, tg_reach_all_report *rep)
{
    for (int s = 0; s < 2; s++) {
        bmap_tally(&r->lay[d].seen[s], &rep->states[d][s], &rep->orbits[d][s]);
        if ((d == r->o->win_dogs || r->o->depth >= 0) && r->lay[d].seen[s].w) {
            /* not all expanded: the win layer, or a depth-limited count's last ply */
            job t = {0};
            run_pass(r, d, s, true, 0, &t, NULL);
            rep->raw[d][s] = t.raw;
        }
        if (d == r->o->win_dogs) {
            rep->term_states[d][s] = rep->states[d][s];
            rep->term_orbits[d][s] = rep->orbits[d][s];
            rep->term_raw[d][s] = rep->raw[d][s];
        }
    }
}

/* ---- the checkpoint: the whole state of the all-plies count in one file ---- */

typedef struct ck_head {
    char magic[8];                 /* "BOYITGRC" */
    uint32_t version, rep_bytes;   /* the layout of the file and of the report */
    int32_t win, top, dogs, side;  /* the run's win layer and start; where it stands (dogs == win: done) */
    uint64_t word;                 /* the side's pass stands at this word of the frontier */
    uint64_t start_key;            /* tg_reach_key of the start */
    uint64_t size_hi, size_lo;     /* the index sizes of the layers DOGS and DOGS - 1 */
    uint64_t pass_added;           /* states the pass in progress added so far (progress only) */
} ck_head;

static const char ck_magic[8] = {'B', 'O', 'Y', 'I', 'T', 'G', 'R', 'C'};
enum { CK_VERSION = 1, CK_MAPS = 12 };

/* The bitmaps the state of layer D in progress is made of, in the file's order: the
 * layer's seen, frontier, next frontier and games over, the seen and next frontier of
 * the layer below (where captures wait). */
static int ck_maps(reach *r, int d, bmap **m)
{
    layer *L = &r->lay[d], *B = &r->lay[d - 1];
    int n = 0;
    for (int s = 0; s < 2; s++) m[n++] = &L->seen[s];
    for (int s = 0; s < 2; s++) m[n++] = &L->cur[s];
    for (int s = 0; s < 2; s++) m[n++] = &L->next[s];
    for (int s = 0; s < 2; s++) m[n++] = &L->term[s];
    for (int s = 0; s < 2; s++) m[n++] = &B->seen[s];
    for (int s = 0; s < 2; s++) m[n++] = &B->next[s];
    return n;
}

/* A bitmap as its size, its block flags and the words of the written blocks only. */
static bool ck_write_map(FILE *f, const bmap *b)
{
    uint64_t nbits = b->w ? b->nbits : 0;
    if (fwrite(&nbits, 8, 1, f) != 1) return false;
    if (!b->w) return true;
    if (fwrite(b->blk, 1, (size_t)b->nblk, f) != (size_t)b->nblk) return false;
    for (uint64_t k = 0; k < b->nblk; k++) {
        if (!b->blk[k]) continue;
        uint64_t lo = k << (BLK_SHIFT - 6), hi = lo + (1u << (BLK_SHIFT - 6));
        if (hi > b->nwords) hi = b->nwords;
        if (fwrite(&b->w[lo], 8, (size_t)(hi - lo), f) != (size_t)(hi - lo)) return false;
    }
    return true;
}

/* Reads a bitmap into B, allocated as the run needs it: false if the sizes differ. */
static bool ck_read_map(FILE *f, bmap *b)
{
    uint64_t nbits;
    if (fread(&nbits, 8, 1, f) != 1 || nbits != (b->w ? b->nbits : 0)) return false;
    if (!b->w) return true;
    if (fread(b->blk, 1, (size_t)b->nblk, f) != (size_t)b->nblk) return false;
    for (uint64_t k = 0; k < b->nblk; k++) {
        if (b->blk[k] > 1) return false;
        if (!b->blk[k]) continue;
        uint64_t lo = k << (BLK_SHIFT - 6), hi = lo + (1u << (BLK_SHIFT - 6));
        if (hi > b->nwords) hi = b->nwords;
        if (fread(&b->w[lo], 8, (size_t)(hi - lo), f) != (size_t)(hi - lo)) return false;
    }
    return true;
}

/* Writes the state (layer D, side SIDE's pass at WORD; D == win: the finished count)
 * to "TABLE.tmp", syncs it and renames it over TABLE, so the file on disk is always
 * a whole checkpoint.  0, or -1 with a reason. */
static int ck_save(reach *r, const ck_head *h0, const tg_reach_all_report *rep, uint64_t *bytes, char *err,
                   size_t errlen)
{
    const char *table = r->o->table;
    size_t n = strlen(table) + 5;
    char *tmp = malloc(n);
    if (!tmp) return bo_fail(err, errlen, "out of memory");
    snprintf(tmp, n, "%s.tmp", table);
    ck_head h = *h0;
    memcpy(h.magic, ck_magic, 8);
    h.version = CK_VERSION;
    h.rep_bytes = (uint32_t)sizeof *rep;
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        int e = errno;
        free(tmp);
        return bo_fail(err, errlen, "%s.tmp: cannot write the checkpoint (%s)", table, strerror(e));
    }
    bool ok = fwrite(&h, sizeof h, 1, f) == 1 && fwrite(rep, sizeof *rep, 1, f) == 1;
    if (h.dogs > h.win) {
        bmap *m[CK_MAPS];
        int k = ck_maps(r, h.dogs, m);
        for (int i = 0; i < k && ok; i++) ok = ck_write_map(f, m[i]);
    }
    ok = fflush(f) == 0 && ok;
    long size = ftell(f);
    ok = fsync(fileno(f)) == 0 && ok;
    int e = errno;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, table) != 0) {
        if (ok) e = errno;
        unlink(tmp);
        free(tmp);
        return bo_fail(err, errlen, "%s: cannot write the checkpoint (%s)", table, strerror(e));
    }
    free(tmp);
    *bytes = size > 0 ? (uint64_t)size : 0;
    return 0;
}

/* Takes up TABLE: 0 none (a fresh start), 1 loaded into R (its layers allocated), H
 * and REP; -1 with a reason when the file is of another kind, another run (win layer,
 * start) or cut short. */
static int ck_load(reach *r, uint64_t start_key, int top, ck_head *h, tg_reach_all_report *rep, char *err,
                   size_t errlen)
{
    const char *table = r->o->table;
    FILE *f = fopen(table, "rb");
    if (!f) {
        if (errno == ENOENT) return 0;
        return bo_fail(err, errlen, "%s: cannot read the checkpoint (%s)", table, strerror(errno));
    }
    int rc = -1;
    if (fread(h, sizeof *h, 1, f) != 1 || memcmp(h->magic, ck_magic, 8) != 0) {
        bo_fail(err, errlen, "%s: not a checkpoint of the Two Tigers reachable count", table);
        goto done;
    }
    if (h->version != CK_VERSION || h->rep_bytes != sizeof *rep) {
        bo_fail(err, errlen, "%s: a checkpoint written by another version of the count", table);
        goto done;
    }
    if (h->win != r->o->win_dogs || h->top != top || h->start_key != start_key) {
        bo_fail(err, errlen, "%s: the checkpoint of another count (win layer %d, start of %d dogs): this one has win "
                "layer %d and another start or %d dogs", table, h->win, h->top, r->o->win_dogs, top);
        goto done;
    }
    if (h->dogs < h->win || h->dogs > h->top || h->side < 0 || h->side > 1 ||
        (h->dogs > h->win && (h->size_hi != r->x->size[h->dogs] || h->size_lo != r->x->size[h->dogs - 1]))) {
        bo_fail(err, errlen, "%s: a damaged checkpoint (layer %d, side %d)", table, h->dogs, h->side);
        goto done;
    }
    if (fread(rep, sizeof *rep, 1, f) != 1) {
        bo_fail(err, errlen, "%s: the checkpoint is cut short (its tallies)", table);
        goto done;
    }
    if (h->dogs > h->win) {
        int d = h->dogs;
        for (int s = 0; s < 2; s++)
            if (layer_alloc(r, d, s, 2) != 0 || layer_alloc(r, d - 1, s, d - 1 > h->win) != 0) {
                bo_fail(err, errlen, "out of memory for the layer of %d dogs", d);
                goto done;
            }
        bmap *m[CK_MAPS];
        int k = ck_maps(r, d, m);
        for (int i = 0; i < k; i++)
            if (!ck_read_map(f, m[i])) {
                bo_fail(err, errlen, "%s: the checkpoint is cut short or damaged (bitmap %d of the layer of %d dogs)",
                        table, i + 1, d);
                goto done;
            }
    }
    if (fgetc(f) != EOF) {
        bo_fail(err, errlen, "%s: the checkpoint has bytes after its end", table);
        goto done;
    }
    rc = 1;
done:
    fclose(f);
    return rc;
}

int tg_reach_all(const tg_reach_all_opts *o, tg_reach_all_report *rep, char *err, size_t errlen)
{
    memset(rep, 0, sizeof *rep);
    if (o->depth > TG_REACH_MAX_DEPTH) return bo_fail(err, errlen, "a depth of 0..%d plies, or all", TG_REACH_MAX_DEPTH);
    reach *r = calloc(1, sizeof *r);
    tg_index *x = malloc(sizeof *x);
    if (!r || !x) { free(r); free(x); return bo_fail(err, errlen, "out of memory for the index"); }
    tg_index_init(x);
    r->o = o;
    r->x = x;
    r->deadline = o->seconds > 0 ? bo_now_seconds() + o->seconds : 0;
    tg_pos s0 = *o->start;
    int top = 0, rc = 0;
    for (int i = 0; i < TG_POINTS; i++) top += s0.dogs[i];
    if (top <= o->win_dogs || top > TG_DOGS) {
        free(r); free(x);
        return bo_fail(err, errlen, "the start has %d dogs: more than the win layer %d and at most %d", top, o->win_dogs,
                       TG_DOGS);
    }
    for (int g = 1; g < 4; g++) {   /* the half-orbit counts rest on the start's row-keeping symmetry */
        int a = x->sym[g][s0.tiger[0]], b = x->sym[g][s0.tiger[1]];
        bool same = (a == s0.tiger[0] && b == s0.tiger[1]) || (a == s0.tiger[1] && b == s0.tiger[0]);
        for (int i = 0; i < TG_POINTS && same; i++) same = s0.dogs[x->sym[g][i]] == s0.dogs[i];
        if (!same) {
            free(r); free(x);
            return bo_fail(err, errlen, "the start must be kept by the mirrors and the half turn (the standard start is)");
        }
    }
    rep->top = top;
    rep->win_dogs = o->win_dogs;
    r->cw = o->chunk_words ? o->chunk_words : CHUNK_WORDS;
    double t0 = bo_now_seconds(), c0 = bo_clock_seconds(CLOCK_PROCESS_CPUTIME_ID), prior_s = 0, prior_c = 0;
    ck_head h = {.win = o->win_dogs, .top = top, .start_key = tg_reach_key(&s0)};
    int loaded = 0;
    if (o->table && o->depth < 0) {   /* take up the checkpoint, if there is one */
        tg_reach_all_report *saved = malloc(sizeof *saved);
        if (!saved) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
        loaded = ck_load(r, h.start_key, top, &h, saved, err, errlen);
        if (loaded < 0) { free(saved); rc = -1; goto done; }
        if (loaded) {
            *rep = *saved;
            prior_s = rep->total_seconds;
            prior_c = rep->total_cpu;
            rep->stopped_dogs = rep->stopped_time = 0;
            rep->checkpoints = 0;
            rep->checkpoint_bytes = 0;
            rep->resumed_dogs = h.dogs;
            rep->resumed_pass = h.dogs > h.win ? rep->passes[h.dogs] + 1 : 0;
            rep->resumed_done = h.dogs == h.win;
            rep->resumed_side = h.side;
            rep->resumed_word = h.word;
        }
        free(saved);
        if (rep->resumed_done) goto done;
    }
    if (!loaded) {   /* the start: seen, and the first frontier */
        int half;
        uint64_t si = tg_index_rank_coset(x, &s0, &half);
        if (layer_alloc(r, top, s0.side, 2) != 0) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
        bmap_set(&r->lay[top].seen[s0.side], 2 * si + (uint64_t)half);
        bmap_set(&r->lay[top].next[s0.side], 2 * si + (uint64_t)half);
        tg_pos c;
        tg_index_unrank(x, top, s0.side, si, &c);
        rep->first_raw[0] = (uint64_t)half_orbit(x, &c);
        rep->first_states[0] = 1;
    }
    if (o->depth >= 0) {   /* ply by ply over all layers */
        /* within N plies the tigers capture at most (N + 1) / 2 times, and the states of
         * the lowest layer so reached are not expanded */
        int lo = top - (o->depth + 1) / 2;
        if (lo < o->win_dogs) lo = o->win_dogs;
        for (int d = top; d >= lo; d--)
            for (int s = 0; s < 2; s++)
                if (layer_alloc(r, d, s, d > o->win_dogs ? 2 : 0) != 0) { rc = bo_fail(err, errlen, "out of memory"); goto done; }
        int lo_exp = lo > o->win_dogs ? lo : o->win_dogs + 1;
        for (int d = top; d >= lo_exp; d--) advance(r, d);
        for (int ply = 1; ply <= o->depth; ply++) {
            job sum = {0};
            for (int d = top; d >= lo_exp; d--)
                for (int s = 0; s < 2; s++) {
                    job t = {0};
                    if (run_pass(r, d, s, false, 0, &t, NULL)) r->stopped = 1;
                    add_tally(rep, d, s, &t);
                    sum.added += t.added;
                    sum.added_raw += t.added_raw;
                }
            if (r->stopped) break;
            rep->first_states[ply] = sum.added;
            rep->first_raw[ply] = sum.added_raw;
            rep->depth = ply;
            for (int d = top; d >= lo_exp; d--) advance(r, d);
        }
        for (int d = top; d >= lo; d--) finish_layer(r, d, rep);
        rep->done_dogs = r->stopped ? 0 : o->win_dogs;
    } else {   /* layer by layer, each to its end */
        if (o->table && o->checkpoint_seconds > 0) r->pause_at = bo_now_seconds() + o->checkpoint_seconds;
        int d = loaded ? h.dogs : top, side0 = loaded ? h.side : 0;
        uint64_t word0 = loaded ? h.word : 0, pass_added = loaded ? h.pass_added : 0;
        bool resume = loaded;
        for (; d > o->win_dogs && !r->stopped; d--) {
            double lt = bo_now_seconds() - (resume ? rep->seconds[d] : 0), lc = bo_clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - (resume ? rep->cpu_seconds[d] : 0);
            for (int s = 0; s < 2; s++)
                if (layer_alloc(r, d, s, 2) != 0 || layer_alloc(r, d - 1, s, d - 1 > o->win_dogs) != 0) {
                    rc = bo_fail(err, errlen, "out of memory for the layer of %d dogs", d);
                    goto done;
                }
            if (!resume) advance(r, d);
            for (;;) {
                if (!resume && bmap_empty(&r->lay[d].cur[0]) && bmap_empty(&r->lay[d].cur[1])) break;
                uint64_t added = resume ? pass_added : 0;
                for (int s = resume ? side0 : 0; s < 2 && !r->stopped; s++) {
                    uint64_t w = resume ? word0 : 0;
                    resume = false;
                    for (;;) {   /* the side's pass, cut by the stops and the checkpoints due */
                        job t = {0};
                        bool cut = run_pass(r, d, s, false, w, &t, &w);
                        add_tally(rep, d, s, &t);
                        added += t.added;
                        if (!cut) break;
                        bool hard = must_stop(r);
                        if (o->table) {
                            rep->seconds[d] = bo_now_seconds() - lt;
                            rep->cpu_seconds[d] = bo_clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - lc;
                            rep->memory_bytes[d] = r->bytes;
                            rep->total_seconds = prior_s + bo_now_seconds() - t0;
                            rep->total_cpu = prior_c + bo_clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
                            h.dogs = d;
                            h.side = s;
                            h.word = w;
                            h.pass_added = added;
                            h.size_hi = x->size[d];
                            h.size_lo = x->size[d - 1];
                            if (ck_save(r, &h, rep, &rep->checkpoint_bytes, err, errlen) != 0) { rc = -1; goto done; }
                            rep->checkpoints++;
                        }
                        if (hard) { r->stopped = 1; break; }
                        r->pause_at = bo_now_seconds() + o->checkpoint_seconds;
                    }
                }
                if (r->stopped) break;
                rep->passes[d]++;
                if (o->progress) o->progress(o->ctx, d, rep->passes[d], added, prior_s + bo_now_seconds() - t0);
                advance(r, d);
            }
            rep->memory_bytes[d] = r->bytes;
            if (r->stopped) {
                rep->stopped_dogs = d;
                rep->seconds[d] = bo_now_seconds() - lt;
                rep->cpu_seconds[d] = bo_clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - lc;
                for (int s = 0; s < 2; s++)
                    bmap_tally(&r->lay[d].seen[s], &rep->states[d][s], &rep->orbits[d][s]);
                break;
            }
            finish_layer(r, d, rep);
            rep->seconds[d] = bo_now_seconds() - lt;
            rep->cpu_seconds[d] = bo_clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - lc;
            rep->done_dogs = d;
            layer_free(r, d);
            if (d - 1 == o->win_dogs) {
                double wt = bo_now_seconds(), wc = bo_clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
                finish_layer(r, d - 1, rep);
                rep->seconds[d - 1] = bo_now_seconds() - wt;
                rep->cpu_seconds[d - 1] = bo_clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - wc;
                rep->done_dogs = d - 1;
            }
        }
        if (!r->stopped && o->table) {   /* the finished count: its tallies only */
            rep->total_seconds = prior_s + bo_now_seconds() - t0;
            rep->total_cpu = prior_c + bo_clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
            h.dogs = o->win_dogs;
            h.side = 0;
            h.word = h.pass_added = h.size_hi = h.size_lo = 0;
            if (ck_save(r, &h, rep, &rep->checkpoint_bytes, err, errlen) != 0) { rc = -1; goto done; }
            rep->checkpoints++;
        }
    }
done:
    rep->stopped_time = r->stopped;
    rep->peak_bytes = r->peak + sizeof *x;
    rep->total_seconds = prior_s + bo_now_seconds() - t0;
    rep->total_cpu = prior_c + bo_clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
    for (int d = 0; d <= TG_DOGS; d++) layer_free(r, d);
    free(r);
    free(x);
    return rc;
}
