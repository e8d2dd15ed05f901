/* tg_solve.c -- Two Tigers' retrograde solver, layer by layer of dogs on the board.
 *
 * Rule it solves (RULES.md 8): the tigers win on their sixth capture, a side with no
 * move loses; positions never decided are draws (the game-theoretic value: the
 * third-repetition and 100-ply rules of a game line are not in it, see
 * docs/tigers.md).  Method: captures only lower the dog count, so the layers are
 * solved from 11 dogs (one capture from the tigers' win) up to K.  Positions are
 * numbered up to the board's 8 symmetries (tg_index.c), which keep the rules.  Within
 * a layer the passes are exact retrograde levels: level L decides exactly the positions
 * whose distance to conversion (plies to the next capture or the end, the winner
 * fastest, the loser longest; a capture counts 1) is L.  Level 0, a full pass, finds
 * the positions without a move (lost); level 1, a full pass, the wins by a capture
 * (taking the last dog needed, or to a position of the layer below lost for the dogs),
 * the wins by a step into a level-0 loss, and the losses whose every move is a capture
 * to a won position.  A later level L undoes each side's level L-1 positions (the
 * frontier) into their predecessors in the layer (a dog stepping back, a tiger
 * stepping back): the predecessor of a loss is a win, that of a win is checked by its
 * moves (lost when every move reaches a win); when a side's frontier is large, a full
 * pass over the other side's undecided positions is run instead.  A successor decided
 * in the same level counts as undecided (the next frontier says which), so what a
 * level decides has exactly that distance.  When a level after level 1 decides
 * nothing the rest are draws.  Values are 2 bits per
 * position, frontiers 1 bit; a capture looks into the layer below, of which only the
 * dogs-to-move half is kept.  Threads split each pass by index and set values with
 * atomic ors (values only ever go from unknown to decided).  Each finished layer is
 * appended to the table file (and its distances, a byte a position, to the distance
 * file), and a run resumes after the layers already there.  The
 * win layer is a parameter so that the tests can solve a reduced game (few dogs)
 * against a brute force. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core.h"
#include "tg_index.h"
#include "tg_solve.h"

static inline int get2(const uint8_t *a, uint64_t i) { return a[i >> 2] >> ((i & 3) * 2) & 3; }
/* Sets a value; true if this call decided it (another thread may have first). */
static inline bool set2(uint8_t *a, uint64_t i, int v)
{
    uint8_t old = __atomic_fetch_or(&a[i >> 2], (uint8_t)(v << ((i & 3) * 2)), __ATOMIC_RELAXED);
    return (old >> ((i & 3) * 2) & 3) == 0;
}
static inline void set1(uint8_t *a, uint64_t i) { __atomic_fetch_or(&a[i >> 3], (uint8_t)(1u << (i & 7)), __ATOMIC_RELAXED); }
static inline int get1(const uint8_t *a, uint64_t i) { return a[i >> 3] >> (i & 7) & 1; }

enum { TG_CHUNKS = 64 };   /* a pass runs in so many chunks: the unit of a checkpoint */

typedef struct layer_job {
    const tg_index *x;
    int d, win;
    uint8_t *val[2];       /* this layer, by side to move */
    const uint8_t *below;  /* the layer below, dogs to move (unused when a capture wins) */
    const uint8_t *cur[2]; /* the frontier being undone (NULL: the first, full pass) */
    uint8_t *next[2];      /* the positions this pass decides */
    uint8_t *dist[2];      /* each decided position's distance to conversion (NULL: none kept) */
    int side;
    int level;             /* the retrograde level of this pass: what it decides has this distance */
    int full;              /* a full pass (every undecided position of j->side looked at,
                            * after the losses of the other side's frontier are undone) */
    uint64_t ffrom, fto;   /* a full pass: the frontier bytes whose losses it undoes */
    int rebuild;           /* the dogs' values from the tigers' alone (every move looked at) */
    int count_only;        /* only count the canonical indices */
    uint64_t from, to;     /* positions (full pass) or frontier bytes */
    double deadline;       /* stop the pass here (0: none) */
    uint64_t wins, losses, done, canonical;
    int timed_out;
} layer_job;

/* A successor's value as the levels before this one decided it: a position decided
 * in this pass (in the next frontier) counts as undecided, so that what a pass
 * decides has exactly the pass's level as its distance (the other side's values are
 * not written while a side's pass runs, so this reads no value being written). */
static inline int seen(const layer_job *j, int side, uint64_t i)
{
    int v = get2(j->val[side], i);
    if (v != TG_V_DRAW && j->next[side] && get1(j->next[side], i)) return TG_V_DRAW;
    return v;
}

/* True when the side to move of P has no legal move (RULES.md 8: the tigers shut in;
 * the dogs without a step, which the board never allows but the rule has). */
static bool no_move(const tg_pos *p)
{
    uint32_t occ = p->dmask | 1u << p->tiger[0] | 1u << p->tiger[1];
    if (p->side == TG_TIGERS) {
        for (int t = 0; t < 2; t++)
            for (int dir = 0; dir < 8; dir++) {
                int a = tg_step(p->tiger[t], dir);
                if (a < 0) continue;
                if (!(occ >> a & 1)) return false;
                int l = tg_step(a, dir);
                if ((p->dmask >> a & 1) && l >= 0 && !(occ >> l & 1)) return false;
            }
        return true;
    }
    for (uint32_t m = p->dmask; m; m &= m - 1) {
        int from = __builtin_ctz(m);
        for (int dir = 0; dir < 8; dir++) {
            int a = tg_step(from, dir);
            if (a >= 0 && !(occ >> a & 1)) return false;
        }
    }
    return true;
}

/* The value of one position from its successors, or TG_V_DRAW while undecided.  The
 * moves are generated here (RULES.md 8: steps to an empty neighbour, a tiger's jump
 * over 1..4 dogs to the empty point beyond) so that the win layer can be lowered.
 * Successors count as the earlier levels decided them (seen()).  Captures land in the
 * layer below and are conversions: a capture to a position lost for the dogs (or
 * taking the last dog needed) wins at level 1, one to a position won for the dogs
 * counts as a won successor.  Only the all-wins test is made for the moves within the
 * layer, and the scan stops at the first successor not won: a win by a step into a
 * loss is found by undoing that loss (every loss of the last level is undone into its
 * predecessors, in a frontier pass and in a full pass alike). */
static int decide(const layer_job *j, const tg_pos *p)
{
    const tg_index *x = j->x;
    uint32_t occ = p->dmask | 1u << p->tiger[0] | 1u << p->tiger[1];
    int not_all_win = 0;
    tg_pos q;
    if (p->side == TG_TIGERS) {
        for (int t = 0; t < 2; t++) {   /* the captures */
            int from = p->tiger[t];
            for (int dir = 0; dir < 8; dir++) {
                int a = tg_step(from, dir);
                if (a < 0 || !(p->dmask >> a & 1)) continue;
                int l = tg_step(a, dir);
                if (l < 0 || (occ >> l & 1)) continue;
                if (j->d - 1 <= j->win) return TG_V_WIN;   /* the last dog needed */
                q = *p;
                q.tiger[t] = (uint8_t)l;
                if (q.tiger[0] > q.tiger[1]) { uint8_t s = q.tiger[0]; q.tiger[0] = q.tiger[1]; q.tiger[1] = s; }
                if (--q.dogs[a] == 0) q.dmask &= ~(1u << a);
                q.side = TG_DOGS_SIDE;
                q.captured++;
                int v = get2(j->below, tg_index_rank(x, &q));
                if (v == TG_V_LOSS) return TG_V_WIN;
                if (v != TG_V_WIN) not_all_win = 1;
            }
        }
        if (not_all_win) return TG_V_DRAW;
        for (int t = 0; t < 2; t++) {   /* the steps */
            int from = p->tiger[t];
            for (int dir = 0; dir < 8; dir++) {
                int a = tg_step(from, dir);
                if (a < 0 || (occ >> a & 1)) continue;
                q = *p;
                q.tiger[t] = (uint8_t)a;
                if (q.tiger[0] > q.tiger[1]) { uint8_t s = q.tiger[0]; q.tiger[0] = q.tiger[1]; q.tiger[1] = s; }
                q.side = TG_DOGS_SIDE;
                int v = seen(j, TG_DOGS_SIDE, tg_index_rank(x, &q));
                if (v == TG_V_LOSS) return TG_V_WIN;
                if (v != TG_V_WIN) return TG_V_DRAW;
            }
        }
    } else {
        for (uint32_t m = p->dmask; m; m &= m - 1) {
            int from = __builtin_ctz(m);
            for (int dir = 0; dir < 8; dir++) {
                int a = tg_step(from, dir);
                if (a < 0 || (occ >> a & 1)) continue;
                q = *p;
                if (--q.dogs[from] == 0) q.dmask &= ~(1u << from);
                q.dogs[a] = 1;
                q.dmask |= 1u << a;
                q.side = TG_TIGERS;
                int v = seen(j, TG_TIGERS, tg_index_rank(x, &q));
                if (v == TG_V_LOSS) return TG_V_WIN;
                if (v != TG_V_WIN) return TG_V_DRAW;
            }
        }
    }
    return TG_V_LOSS;   /* no move (level 0 finds those), or every move reaches a win */
}

/* The dogs' value from the finished tigers-to-move values of the layer (the dogs never
 * capture, so their moves stay in it): won if a move reaches a loss, lost if there is
 * no move or every move reaches a win, else drawn.  Every move is looked at. */
static int decide_dogs_full(const layer_job *j, const tg_pos *p)
{
    uint32_t occ = p->dmask | 1u << p->tiger[0] | 1u << p->tiger[1];
    int all_win = 1;
    tg_pos q;
    for (uint32_t m = p->dmask; m; m &= m - 1) {
        int from = __builtin_ctz(m);
        for (int dir = 0; dir < 8; dir++) {
            int a = tg_step(from, dir);
            if (a < 0 || (occ >> a & 1)) continue;
            q = *p;
            if (--q.dogs[from] == 0) q.dmask &= ~(1u << from);
            q.dogs[a] = 1;
            q.dmask |= 1u << a;
            q.side = TG_TIGERS;
            int v = get2(j->val[TG_TIGERS], tg_index_rank(j->x, &q));
            if (v == TG_V_LOSS) return TG_V_WIN;
            if (v != TG_V_WIN) all_win = 0;
        }
    }
    return all_win ? TG_V_LOSS : TG_V_DRAW;
}

/* Sets a value, its distance (the pass's level) and its bit in the next frontier. */
static void record(layer_job *j, int side, uint64_t i, int v)
{
    if (j->dist[0]) j->dist[side][i] = (uint8_t)j->level;   /* before the value: no reader yet */
    if (!set2(j->val[side], i, v)) return;
    if (j->next[side]) set1(j->next[side], i);
    if (v == TG_V_WIN) j->wins++;
    else j->losses++;
}

/* A full pass: every position of one side, in index order, block by block (tiger
 * pair and start heights) with the dog sets in colex order; the spares of symmetric
 * blocks are skipped.  Level 0 decides the positions without a move (lost, distance
 * 0); a later level every undecided position by its successors. */
static void full_pass(layer_job *j)
{
    const tg_index *x = j->x;
    const uint64_t *bases = &x->base[j->d][0][0];
    for (int b = 0; b < TG_BLOCKS; b++) {
        uint64_t base = bases[b];
        uint64_t end = b + 1 < TG_BLOCKS ? bases[b + 1] : x->size[j->d];
        if (base == end || end <= j->from || base >= j->to) continue;
        if (j->deadline > 0 && bo_now_seconds() > j->deadline) { j->timed_out = 1; return; }
        bool symmetric = x->stab[b] != 1;
        tg_pos p;
        tg_index_unrank(x, j->d, j->side, base, &p);
        int fr[21], nf = 0, k = 0;
        uint32_t fixed = p.dmask;
        for (int i = 0; i < 21; i++) {
            int q = x->ns[i];
            if (q == p.tiger[0] || q == p.tiger[1]) continue;
            if (p.dogs[q]) k++;
            fixed &= ~(1u << q);
            fr[nf++] = q;
        }
        int c[22];
        for (int i = 0; i < k; i++) c[i] = i;   /* the first set in colex order */
        for (uint64_t idx = base; idx < end; idx++) {
            if (idx >= j->from && idx < j->to) {
                for (int i = 0; i < nf; i++) p.dogs[fr[i]] = 0;
                p.dmask = fixed;
                for (int i = 0; i < k; i++) {
                    p.dogs[fr[c[i]]] = 1;
                    p.dmask |= 1u << fr[c[i]];
                }
                if (!symmetric || tg_index_rank(x, &p) == idx) {
                    j->canonical++;
                    if (!j->count_only && get2(j->val[j->side], idx) == TG_V_DRAW) {
                        j->done++;
                        int v = j->rebuild ? decide_dogs_full(j, &p)
                                : j->level == 0 ? (no_move(&p) ? TG_V_LOSS : TG_V_DRAW)
                                                : decide(j, &p);
                        if (v != TG_V_DRAW) record(j, j->side, idx, v);
                    }
                }
            }
            /* the next set in colex order */
            int i = 0;
            while (i < k && c[i] + 1 == (i + 1 < k ? c[i + 1] : nf)) i++;
            if (i >= k) break;
            c[i]++;
            for (int t = 0; t < i; t++) c[t] = t;
        }
    }
}

/* Undoes the last move into X: the positions one step before it in this layer. */
int tg_solve_predecessors(const tg_pos *x, tg_pos *out)
{
    int n = 0;
    if (x->side == TG_TIGERS) {   /* a dog stepped from a to b */
        for (int b = 0; b < TG_POINTS; b++) {
            if (x->dogs[b] != 1) continue;
            for (int d = 0; d < 8; d++) {
                int a = tg_step(b, d);
                if (a < 0 || a == x->tiger[0] || a == x->tiger[1]) continue;
                if (x->dogs[a] && !(tg_is_start_point(a) && x->dogs[a] < TG_STACK)) continue;
                tg_pos *p = &out[n++];
                *p = *x;
                p->dogs[b] = 0;
                p->dogs[a]++;
                p->dmask = (p->dmask & ~(1u << b)) | 1u << a;
                p->side = TG_DOGS_SIDE;
            }
        }
    } else {                      /* a tiger stepped from a to b (captures come from above) */
        for (int t = 0; t < 2; t++)
            for (int d = 0; d < 8; d++) {
                int a = tg_step(x->tiger[t], d);
                if (a < 0 || x->dogs[a] || a == x->tiger[0] || a == x->tiger[1]) continue;
                tg_pos *p = &out[n++];
                *p = *x;
                p->tiger[t] = (uint8_t)a;
                if (p->tiger[0] > p->tiger[1]) { uint8_t s = p->tiger[0]; p->tiger[0] = p->tiger[1]; p->tiger[1] = s; }
                p->side = TG_TIGERS;
            }
    }
    return n;
}

/* The positions of the last level (side SIDE, frontier bytes FROM .. TO; only its
 * losses when LOSSES_ONLY) undone into their predecessors. */
static void frontier_pass(layer_job *j, int side, uint64_t from, uint64_t to, bool losses_only)
{
    const uint8_t *cur = j->cur[side];
    tg_pos preds[TG_MAX_MOVES + 16];
    for (uint64_t byte = from; byte < to; byte++) {
        if (!cur[byte]) continue;
        if ((byte & 0xFFFF) == 0 && j->deadline > 0 && bo_now_seconds() > j->deadline) { j->timed_out = 1; return; }
        for (int bit = 0; bit < 8; bit++) {
            if (!(cur[byte] >> bit & 1)) continue;
            uint64_t i = byte * 8 + (uint64_t)bit;
            int v = get2(j->val[side], i);
            if (losses_only && v != TG_V_LOSS) continue;
            tg_pos xpos;
            tg_index_unrank(j->x, j->d, side, i, &xpos);
            int n = tg_solve_predecessors(&xpos, preds);
            for (int k = 0; k < n; k++) {
                int ps = preds[k].side;
                uint64_t pi = tg_index_rank(j->x, &preds[k]);
                if (get2(j->val[ps], pi) != TG_V_DRAW) continue;
                j->done++;
                if (v == TG_V_LOSS) record(j, ps, pi, TG_V_WIN);
                else {
                    int pv = decide(j, &preds[k]);
                    if (pv != TG_V_DRAW) record(j, ps, pi, pv);
                }
            }
        }
    }
}

static void *pass_thread(void *arg)
{
    layer_job *j = arg;
    if (!j->full) frontier_pass(j, j->side, j->from, j->to, false);
    else {
        /* the wins by a step into a loss of the last level, then the all-wins test */
        if (j->level >= 1 && !j->rebuild && !j->count_only)
            frontier_pass(j, 1 - j->side, j->ffrom, j->fto, true);
        if (!j->timed_out) full_pass(j);
    }
    return NULL;
}

/* One chunk of a pass of every thread over one side (positions or frontier bytes
 * LO .. HI); the counts go to PROTO and REP.  True if it timed out. */
static bool run_pass(layer_job *proto, uint64_t lo, uint64_t hi, tg_solve_report *rep, int threads)
{
    uint64_t n = hi - lo;
    layer_job jobs[16];
    pthread_t tid[16];
    bool timed_out = false, started[16] = {false};
    for (int t = 0; t < threads; t++) {
        jobs[t] = *proto;
        jobs[t].from = lo + n * (uint64_t)t / (uint64_t)threads;
        jobs[t].to = lo + n * (uint64_t)(t + 1) / (uint64_t)threads;
        uint64_t fn = proto->fto - proto->ffrom;
        jobs[t].ffrom = proto->ffrom + fn * (uint64_t)t / (uint64_t)threads;
        jobs[t].fto = proto->ffrom + fn * (uint64_t)(t + 1) / (uint64_t)threads;
        /* whether a thread runs its job is kept here, not in the job, which it writes */
        started[t] = t > 0 && pthread_create(&tid[t], NULL, pass_thread, &jobs[t]) == 0;
    }
    pass_thread(&jobs[0]);
    for (int t = 1; t < threads; t++) {
        if (started[t]) pthread_join(tid[t], NULL);
        else pass_thread(&jobs[t]);
    }
    for (int t = 0; t < threads; t++) {
        rep->visited += jobs[t].done;
        proto->wins += jobs[t].wins;
        proto->losses += jobs[t].losses;
        proto->canonical += jobs[t].canonical;
        timed_out |= jobs[t].timed_out != 0;
    }
    return timed_out;
}

/* A check of a solved layer apart from the retrograde: COUNT seeded random positions
 * of each side are looked at again through the rules' own move generator (tg_legal,
 * tg_play) and the stored values of their successors; a win must have a move to a
 * loss (or take the last dog needed), a loss no move or only moves to wins, a draw
 * neither.  Returns the positions that fail. */
static uint64_t check_sample(const tg_index *x, int d, int win, uint8_t *const val[2], const uint8_t *below,
                             int count, uint64_t *checked)
{
    uint64_t rng = 0x7467636865636bu + (uint64_t)d, bad = 0;
    for (int side = 0; side < 2; side++)
        for (int k = 0; k < count; k++) {
            uint64_t i = bo_splitmix64(&rng) % x->size[d];
            tg_pos p;
            tg_index_unrank(x, d, side, i, &p);
            if (tg_index_rank(x, &p) != i) continue;   /* a spare */
            p.captured = 0;   /* tg_legal stops at six taken; here the layer says when it ends */
            uint32_t ms[TG_MAX_MOVES];
            int n = tg_legal(&p, ms), to_loss = 0, to_win = 0;
            for (int m = 0; m < n; m++) {
                tg_pos q = p;
                tg_undo u;
                tg_play(&q, ms[m], &u);
                int qd = TG_DOGS - q.captured - (TG_DOGS - d), v;
                q.captured = (uint8_t)(TG_DOGS - qd);
                if (qd < d && qd <= win) v = TG_V_LOSS;
                else v = get2(qd < d ? below : val[q.side], tg_index_rank(x, &q));
                to_loss += v == TG_V_LOSS;
                to_win += v == TG_V_WIN;
            }
            int want = to_loss ? TG_V_WIN : to_win == n ? TG_V_LOSS : TG_V_DRAW;
            bad += get2(val[side], i) != want;
            (*checked)++;
        }
    return bad;
}

static uint64_t popcount_bytes(const uint8_t *a, size_t n)
{
    uint64_t c = 0;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, a + i, 8);
        c += (uint64_t)__builtin_popcountll(w);
    }
    for (; i < n; i++) c += (uint64_t)__builtin_popcount(a[i]);
    return c;
}

static bool frontier_empty(uint8_t *const f[2], size_t n)
{
    for (int s = 0; s < 2; s++)
        for (size_t i = 0; i < n; i++)
            if (f[s][i]) return false;
    return true;
}

/* One layer, pass after pass, each side's pass in TG_CHUNKS chunks, from where M says
 * (a new layer: pass 1, side 0, chunk 0; else a checkpoint's place), until a pass
 * leaves no frontier.  After a chunk the layer is saved to the checkpoint when one is
 * due, and the run stops (saved) when the budget or the chunk limit says so; a chunk
 * the budget cut short is run again when the layer is taken up (values only go from
 * unknown to decided, so running it twice decides the same).  0 solved, 1 stopped,
 * -1 a checkpoint that could not be written. */
static int solve_layer(const tg_solve_opts *o, const tg_index *x, int d, uint8_t *val[2], uint8_t *fa[2],
                       uint8_t *fb[2], uint8_t *dist[2], const uint8_t *below, double t0, tg_ckpt_meta *m,
                       uint64_t *chunks_run, tg_solve_report *rep, char *err, size_t errlen)
{
    int max_dist = o->max_distance > 0 && o->max_distance < 255 ? o->max_distance : 254;
    uint64_t n = x->size[d];
    size_t fbytes = (size_t)((n + 7) / 8);
    int threads = o->threads > 0 ? (o->threads > 16 ? 16 : o->threads) : 1;
    double last = bo_now_seconds(), started = bo_now_seconds() - m->seconds;
    for (;;) {
        int level = m->pass;
        while (m->side < 2) {
            /* sub-pass k decides the side 1 - k: by a full pass over it (levels 0 and 1,
             * and when the other side's frontier is large), else by undoing the other
             * side's frontier (the positions of level - 1) into its predecessors */
            int k = m->side, ps = 1 - k;
            int full = level <= 1 || popcount_bytes(fa[k], fbytes) * 4 > n;
            uint64_t items = full ? n : fbytes;
            while (m->chunk < TG_CHUNKS) {
                layer_job proto = {.x = x, .d = d, .win = o->win_dogs, .val = {val[0], val[1]}, .below = below,
                                   .dist = {dist[0], dist[1]}, .side = full ? ps : k, .level = level, .full = full,
                                   .cur = {fa[0], fa[1]}, .next = {fb[0], fb[1]},
                                   .deadline = o->seconds > 0 ? t0 + o->seconds : 0};
                if (!dist[0]) proto.dist[0] = proto.dist[1] = NULL;
                if (full) {   /* the frontier's losses are undone chunk by chunk too */
                    proto.ffrom = fbytes * m->chunk / TG_CHUNKS;
                    proto.fto = fbytes * (m->chunk + 1) / TG_CHUNKS;
                }
                bool timed_out = run_pass(&proto, items * m->chunk / TG_CHUNKS, items * (m->chunk + 1) / TG_CHUNKS,
                                          rep, threads);
                if (!timed_out) {
                    m->chunk++;
                    m->decided += proto.wins + proto.losses;
                    rep->decided[d] += proto.wins + proto.losses;
                    if (level == 0) m->positions[ps] += proto.canonical;
                    (*chunks_run)++;
                }
                bool stop = timed_out || (o->max_chunks && *chunks_run >= o->max_chunks);
                bool due = o->checkpoint_seconds > 0 && bo_now_seconds() - last >= o->checkpoint_seconds;
                if ((stop || due) && o->table) {
                    m->seconds = bo_now_seconds() - started;
                    if (tg_ckpt_save(o->table, m, x, val, fa, fb, dist[0] ? dist : NULL, err, errlen) != 0) return -1;
                    rep->checkpoints++;
                    last = bo_now_seconds();
                }
                if (stop) {
                    rep->passes[d] = level + 1;
                    return 1;
                }
            }
            m->side++;
            m->chunk = 0;
        }
        rep->passes[d] = level + 1;
        rep->positions[d][0] = m->positions[0];
        rep->positions[d][1] = m->positions[1];
        if (o->progress) o->progress(o->ctx, d, level, m->decided, bo_now_seconds() - t0);
        bool none = frontier_empty(fb, fbytes);
        if (none && level >= 1) return 0;   /* nothing at this level: nothing at the next */
        if (!none && dist[0] && level > max_dist)
            return bo_fail(err, errlen,
                           "the layer of %d dogs has positions at distance %d: above %d, the most a distance "
                           "byte holds here (refused, not wrapped)",
                           d, level, max_dist);
        for (int s = 0; s < 2; s++) {   /* the next frontier becomes the current one */
            uint8_t *t = fa[s];
            fa[s] = fb[s];
            fb[s] = t;
            memset(fb[s], 0, fbytes);
        }
        m->pass++;
        m->side = 0;
        m->chunk = 0;
        m->decided = 0;
    }
}

/* One full pass over a side without deciding anything (COUNT_ONLY) or with the dogs'
 * values rebuilt (REBUILD); the canonical indices of that side. */
static uint64_t plain_pass(const tg_index *x, int d, int win, int side, uint8_t *val[2], int rebuild, int threads,
                           tg_solve_report *rep)
{
    layer_job proto = {.x = x, .d = d, .win = win, .val = {val[0], val[1]}, .side = side,
                       .level = 1, .full = 1, .rebuild = rebuild, .count_only = !rebuild};
    run_pass(&proto, 0, x->size[d], rep, threads);
    return proto.canonical;
}

/* The tally of a finished layer, from its values. */
static void tally(const tg_index *x, int d, uint8_t *const val[2], tg_solve_report *rep)
{
    for (int s = 0; s < 2; s++)
        for (uint64_t i = 0; i < x->size[d]; i++) {
            int v = get2(val[s], i);
            rep->wins[d][s] += v == TG_V_WIN;
            rep->losses[d][s] += v == TG_V_LOSS;
        }
}

/* The distances of a finished layer: a histogram of the won positions' (by side to
 * move; the lost ones' maximum too).  Draws keep the byte 255. */
static void tally_dist(const tg_index *x, int d, uint8_t *const val[2], uint8_t *const dist[2], tg_solve_report *rep)
{
    for (int s = 0; s < 2; s++)
        for (uint64_t i = 0; i < x->size[d]; i++) {
            int v = get2(val[s], i);
            if (v == TG_V_WIN) rep->win_dist[d][s][dist[s][i]]++;
            else if (v == TG_V_LOSS && dist[s][i] > rep->max_loss_dist[d][s]) rep->max_loss_dist[d][s] = dist[s][i];
        }
    rep->with_dist = 1;
}

/* Taking up a table: the last whole layer TOP is read (both halves, and the dogs' half
 * of the one below), counted and checked again through the rules; if the next
 * layer's tigers-to-move half is there without its dogs' half (HALF), the dogs' half
 * is rebuilt from it in one pass, written, and that layer becomes TOP.  *BELOW gets
 * TOP's dogs-to-move half.  Returns TOP, or -1. */
static int take_up(const tg_solve_opts *o, const tg_index *x, int fd, int dfd, int top, int half, uint8_t **below,
                   tg_solve_report *rep, char *err, size_t errlen)
{
    int win = o->win_dogs, threads = o->threads > 0 ? (o->threads > 16 ? 16 : o->threads) : 1;
    if (half) top++;
    if (top <= win) return top;
    size_t vb = (size_t)((x->size[top] + 3) / 4);
    uint8_t *val[2] = {malloc(vb), half ? calloc(vb, 1) : malloc(vb)}, *under = NULL;
    int rc = top;
    if (!val[0] || !val[1]) { rc = bo_fail(err, errlen, "out of memory for the layer of %d dogs", top); goto done; }
    if (tg_table_read_half(fd, o->table, x, win, top, 0, val[0], err, errlen) != 0 ||
        (!half && tg_table_read_half(fd, o->table, x, win, top, 1, val[1], err, errlen) != 0)) {
        rc = -1;
        goto done;
    }
    if (top - 1 > win) {
        under = malloc((size_t)((x->size[top - 1] + 3) / 4));
        if (!under || tg_table_read_half(fd, o->table, x, win, top - 1, 1, under, err, errlen) != 0) {
            rc = under ? -1 : bo_fail(err, errlen, "out of memory");
            goto done;
        }
    }
    if (half) {
        double t = bo_now_seconds();
        plain_pass(x, top, win, TG_DOGS_SIDE, val, 1, threads, rep);
        if (tg_table_write_half(fd, o->table, x, win, top, 1, val[1], err, errlen) != 0) { rc = -1; goto done; }
        rep->rebuilt_half = top;
        rep->seconds[top] = bo_now_seconds() - t;
    }
    for (int s = 0; s < 2; s++) rep->positions[top][s] = plain_pass(x, top, win, s, val, 0, threads, rep);
    tally(x, top, val, rep);
    if (dfd >= 0) {   /* the last layer's distances, read back and tallied */
        uint8_t *dist[2] = {malloc((size_t)x->size[top]), malloc((size_t)x->size[top])};
        bool ok = dist[0] && dist[1];
        for (int s = 0; s < 2 && ok; s++)
            ok = tg_file_read(dfd, dist[s], (size_t)x->size[top],
                              tg_dist_offset(x, win, top) + (s ? x->size[top] : 0)) == 0;
        if (ok) tally_dist(x, top, val, dist, rep);
        free(dist[0]);
        free(dist[1]);
        if (!ok) { rc = bo_fail(err, errlen, "%s: cannot read the distances of %d dogs", o->distances, top); goto done; }
    }
    rep->check_failed[top] = check_sample(x, top, win, val, under, o->check_count, &rep->checked[top]);
    *below = val[1];
    val[1] = NULL;
done:
    free(val[0]);
    free(val[1]);
    free(under);
    return rc;
}

int tg_solve_run(const tg_solve_opts *o, tg_solve_report *rep, char *err, size_t errlen)
{
    memset(rep, 0, sizeof *rep);
    rep->start_value = -1;
    tg_index *x = malloc(sizeof *x);
    if (!x) return bo_fail(err, errlen, "out of memory for the index");
    tg_index_init(x);
    for (int d = 0; d <= TG_DOGS; d++) {
        rep->size[d] = x->size[d];
        rep->raw_size[d] = x->raw_size[d];
    }
    uint8_t *below = NULL;
    int fd = -1;
    double t0 = bo_now_seconds();
    int rc = 0, first = o->win_dogs + 1;
    uint64_t chunks_run = 0;
    bool with_dist = o->distances || o->layer_dist;
    int dfd = -1;
    if (o->distances && !o->table) {
        free(x);
        return bo_fail(err, errlen, "%s: a distance file goes with a table (--table=FILE)", o->distances);
    }
    if (o->table && o->max_dogs > o->win_dogs) {
        int half = 0, top = tg_table_open(o->table, o->win_dogs, x, &fd, &half, err, errlen);
        if (top >= 0 && o->distances) {
            if (half) top = bo_fail(err, errlen, "%s: its last layer is half written, and a rebuilt half has no "
                                    "distances (solve again without the distance file, or from an empty table)",
                                    o->table);
            else if (tg_dist_open(o->distances, o->win_dogs, x, top, &dfd, err, errlen) != 0) top = -1;
        }
        if (top >= 0) top = take_up(o, x, fd, dfd, top, half, &below, rep, err, errlen);
        if (top < 0) rc = -1;
        else if (top > o->win_dogs) rep->resumed_dogs = rep->solved_dogs = top;
        first = top + 1;
    }
    for (int d = first; d <= o->max_dogs && rc == 0; d++) {
        uint64_t n = x->size[d];
        size_t vbytes = (size_t)((n + 3) / 4), fbytes = (size_t)((n + 7) / 8);
        size_t need = 2 * vbytes + 4 * fbytes + (below ? (size_t)((x->size[d - 1] + 3) / 4) : 0) + sizeof *x +
                      (with_dist ? 2 * (size_t)n : 0);
        rep->memory_bytes[d] = need;
        if (o->memory_mb && need > (size_t)o->memory_mb << 20) { rep->stopped_memory = d; break; }
        uint8_t *val[2] = {calloc(vbytes, 1), calloc(vbytes, 1)};
        uint8_t *fa[2] = {calloc(fbytes, 1), calloc(fbytes, 1)}, *fb[2] = {calloc(fbytes, 1), calloc(fbytes, 1)};
        uint8_t *dist[2] = {with_dist ? malloc((size_t)n) : NULL, with_dist ? malloc((size_t)n) : NULL};
        if (!val[0] || !val[1] || !fa[0] || !fa[1] || !fb[0] || !fb[1] || (with_dist && (!dist[0] || !dist[1]))) {
            free(val[0]); free(val[1]); free(fa[0]); free(fa[1]); free(fb[0]); free(fb[1]);
            free(dist[0]); free(dist[1]);
            rep->stopped_memory = d;
            break;
        }
        if (with_dist) memset(dist[0], 0xFF, (size_t)n), memset(dist[1], 0xFF, (size_t)n);   /* 255: a draw */
        tg_ckpt_meta m = {.win = o->win_dogs, .dogs = d, .pass = 0};
        if (o->table) {
            int got = tg_ckpt_load(o->table, o->win_dogs, d, &m, x, val, fa, fb, with_dist ? dist : NULL, err, errlen);
            if (got < 0) rc = -1;
            else if (got == 1) {
                rep->resumed_layer = d;
                rep->resumed_pass = m.pass;
            } else {
                memset(&m, 0, sizeof m);
                m.win = o->win_dogs;
                m.dogs = d;
                m.pass = 0;
            }
        }
        double ld = bo_now_seconds() - m.seconds;
        int st = rc == 0 ? solve_layer(o, x, d, val, fa, fb, dist, below, t0, &m, &chunks_run, rep, err, errlen) : -1;
        rep->seconds[d] = bo_now_seconds() - ld;
        free(fa[0]); free(fa[1]); free(fb[0]); free(fb[1]);
        if (st != 0) {
            if (st < 0) rc = -1;
            else rep->stopped_time = d;
            free(val[0]); free(val[1]);
            free(dist[0]); free(dist[1]);
            break;
        }
        tally(x, d, val, rep);
        if (with_dist) tally_dist(x, d, val, dist, rep);
        rep->check_failed[d] = check_sample(x, d, o->win_dogs, val, below, o->check_count, &rep->checked[d]);
        rep->solved_dogs = d;
        if (fd >= 0 && (tg_table_write_half(fd, o->table, x, o->win_dogs, d, 0, val[0], err, errlen) != 0 ||
                        tg_table_write_half(fd, o->table, x, o->win_dogs, d, 1, val[1], err, errlen) != 0))
            rc = -1;
        else if (dfd >= 0 && (tg_dist_write_half(dfd, o->distances, x, o->win_dogs, d, 0, dist[0], err, errlen) != 0 ||
                              tg_dist_write_half(dfd, o->distances, x, o->win_dogs, d, 1, dist[1], err, errlen) != 0))
            rc = -1;
        else if (o->table)
            tg_ckpt_remove(o->table);
        if (o->layer_done) o->layer_done(o->ctx, d, val[0], val[1], x);
        if (o->layer_dist && with_dist) o->layer_dist(o->ctx, d, dist[0], dist[1], x);
        free(dist[0]);
        free(dist[1]);
        if (d == TG_DOGS && o->win_dogs == TG_DOGS - TG_WIN_CAPTURES) {
            tg_pos s;
            tg_start(&s);
            rep->start_value = get2(val[TG_TIGERS], tg_index_rank(x, &s));
        }
        free(below);
        free(val[0]);
        below = val[1];
    }
    free(below);
    if (fd >= 0) close(fd);
    if (dfd >= 0) close(dfd);
    free(x);
    rep->total_seconds = bo_now_seconds() - t0;
    return rc < 0 ? -1 : 0;
}
