/* tg_solve.c -- Two Tigers' retrograde solver, layer by layer of dogs on the board.
 *
 * Rule it solves (RULES.md 8): the tigers win on their sixth capture, a side with no
 * move loses; positions never decided are draws (the game-theoretic value: the
 * third-repetition and 100-ply rules of a game line are not in it, see
 * docs/tigers.md).  Method: captures only lower the dog count, so the layers are
 * solved from 11 dogs (one capture from the tigers' win) up to K.  Within a layer a
 * first pass over every position (both sides to move) decides what it can from the
 * moves: won when a move reaches a position lost for the opponent (or takes the
 * sixth dog, or drops to a solved position of the layer below that is lost for the
 * dogs), lost when every move reaches a position won for the opponent.  Then each
 * newly decided position, kept in a frontier bitmap, is undone into its
 * predecessors in the layer (a dog stepping back, a tiger stepping back): the
 * predecessor of a loss is a win; the predecessor of a win is checked again by its
 * moves.  When a frontier is empty the rest are draws.  Values are 2 bits per
 * position in the perfect index (tg_index.c), frontiers 1 bit; a capture looks into
 * the layer below, of which only the dogs-to-move half is kept.  Threads split each
 * pass by index and set values with atomic ors (values only ever go from unknown to
 * decided).  A memory cap and a time budget bound the run. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core.h"
#include "tg_index.h"
#include "tg_solve.h"

enum { V_UNKNOWN = 0, V_WIN = 1, V_LOSS = 2 };

static inline int get2(const uint8_t *a, uint64_t i) { return a[i >> 2] >> ((i & 3) * 2) & 3; }
/* Sets a value; true if this call decided it (another thread may have first). */
static inline bool set2(uint8_t *a, uint64_t i, int v)
{
    uint8_t old = __atomic_fetch_or(&a[i >> 2], (uint8_t)(v << ((i & 3) * 2)), __ATOMIC_RELAXED);
    return (old >> ((i & 3) * 2) & 3) == 0;
}
static inline void set1(uint8_t *a, uint64_t i) { __atomic_fetch_or(&a[i >> 3], (uint8_t)(1u << (i & 7)), __ATOMIC_RELAXED); }

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct layer_job {
    const tg_index *x;
    int d;
    uint8_t *val[2];       /* this layer, by side to move */
    const uint8_t *below;  /* the layer below, dogs to move (NULL at 11 dogs: a capture wins) */
    const uint8_t *cur[2]; /* the frontier being undone (NULL: the first, full pass) */
    uint8_t *next[2];      /* the positions this pass decides */
    int side;
    uint64_t from, to;     /* positions (full pass) or frontier bytes */
    double deadline;       /* stop the pass here (0: none) */
    uint64_t wins, losses, done;
    int timed_out;
} layer_job;

/* A move made on a copy, without the hash the solver does not read. */
static void apply(const tg_pos *p, uint32_t m, tg_pos *q)
{
    *q = *p;
    int from = tg_from(m), to = tg_to(m);
    if (p->side == TG_TIGERS) {
        int mid = tg_jump_mid(from, to);
        if (q->tiger[0] == from) q->tiger[0] = (uint8_t)to;
        else q->tiger[1] = (uint8_t)to;
        if (q->tiger[0] > q->tiger[1]) { uint8_t t = q->tiger[0]; q->tiger[0] = q->tiger[1]; q->tiger[1] = t; }
        if (mid >= 0) {
            q->dogs[mid]--;
            q->captured++;
        }
    } else {
        q->dogs[from]--;
        q->dogs[to] = 1;
    }
    q->side ^= 1;
}

/* The value of one position from its successors, or V_UNKNOWN while undecided. */
static int decide(const layer_job *j, const tg_pos *p)
{
    uint32_t moves[TG_MAX_MOVES];
    int n = tg_legal(p, moves), all_win = 1;
    if (n == 0) return V_LOSS;
    for (int i = 0; i < n; i++) {
        tg_pos q;
        apply(p, moves[i], &q);
        int v;
        if (q.captured > p->captured) {
            if (!j->below) return V_WIN;   /* the sixth dog */
            v = get2(j->below, tg_index_rank(j->x, &q));
        } else {
            v = get2(j->val[q.side], tg_index_rank(j->x, &q));
        }
        if (v == V_LOSS) return V_WIN;
        if (v != V_WIN) all_win = 0;
    }
    return all_win ? V_LOSS : V_UNKNOWN;
}

static void record(layer_job *j, int side, uint64_t i, int v)
{
    if (!set2(j->val[side], i, v)) return;
    set1(j->next[side], i);
    if (v == V_WIN) j->wins++;
    else j->losses++;
}

/* The first pass: every position of one side, in index order, block by block
 * (tiger pair and start heights) with the dog sets in colex order. */
static void full_pass(layer_job *j)
{
    const tg_index *x = j->x;
    const int starts[4] = {6, 8, 16, 18};
    for (int b = 0; b < 300 * 625; b++) {
        uint64_t base = (&x->base[j->d][0][0])[b];
        uint64_t end = b + 1 < 300 * 625 ? (&x->base[j->d][0][0])[b + 1] : x->size[j->d];
        if (base == end || end <= j->from || base >= j->to) continue;
        if (j->deadline > 0 && now() > j->deadline) { j->timed_out = 1; return; }
        tg_pos p;
        tg_index_unrank(x, j->d, j->side, base, &p);
        int fr[21], nf = 0, k = 0;
        for (int i = 0; i < 21; i++) {
            int q = x->ns[i];
            if (q == p.tiger[0] || q == p.tiger[1]) continue;
            if (p.dogs[q]) k++;
            fr[nf++] = q;
        }
        int c[22];
        for (int i = 0; i < k; i++) c[i] = i;   /* the first set in colex order */
        for (uint64_t idx = base; idx < end; idx++) {
            if (idx >= j->from && idx < j->to && get2(j->val[j->side], idx) == V_UNKNOWN) {
                for (int i = 0; i < 21; i++) p.dogs[x->ns[i]] = 0;
                p.dmask = 0;
                for (int i = 0; i < 4; i++)
                    if (p.dogs[starts[i]]) p.dmask |= 1u << starts[i];
                for (int i = 0; i < k; i++) {
                    p.dogs[fr[c[i]]] = 1;
                    p.dmask |= 1u << fr[c[i]];
                }
                j->done++;
                int v = decide(j, &p);
                if (v != V_UNKNOWN) record(j, j->side, idx, v);
            }
            /* next set in colex order */
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

/* A later pass: the positions the last pass decided (side j->side), undone. */
static void frontier_pass(layer_job *j)
{
    const uint8_t *cur = j->cur[j->side];
    tg_pos preds[TG_MAX_MOVES + 16];
    for (uint64_t byte = j->from; byte < j->to; byte++) {
        if (!cur[byte]) continue;
        if ((byte & 0xFFFF) == 0 && j->deadline > 0 && now() > j->deadline) { j->timed_out = 1; return; }
        for (int bit = 0; bit < 8; bit++) {
            if (!(cur[byte] >> bit & 1)) continue;
            uint64_t i = byte * 8 + (uint64_t)bit;
            int v = get2(j->val[j->side], i);
            tg_pos xpos;
            tg_index_unrank(j->x, j->d, j->side, i, &xpos);
            int n = tg_solve_predecessors(&xpos, preds);
            for (int k = 0; k < n; k++) {
                int ps = preds[k].side;
                uint64_t pi = tg_index_rank(j->x, &preds[k]);
                if (get2(j->val[ps], pi) != V_UNKNOWN) continue;
                j->done++;
                if (v == V_LOSS) record(j, ps, pi, V_WIN);
                else {
                    int pv = decide(j, &preds[k]);
                    if (pv != V_UNKNOWN) record(j, ps, pi, pv);
                }
            }
        }
    }
}

static void *pass_thread(void *arg)
{
    layer_job *j = arg;
    if (j->cur[0]) frontier_pass(j);
    else full_pass(j);
    return NULL;
}

/* One pass of every thread over one side; the counts go to REP.  True if it timed out. */
static bool run_pass(const tg_solve_opts *o, layer_job *proto, uint64_t n, tg_solve_report *rep, int threads)
{
    layer_job jobs[16];
    pthread_t tid[16];
    bool timed_out = false;
    for (int t = 0; t < threads; t++) {
        jobs[t] = *proto;
        jobs[t].from = n * (uint64_t)t / (uint64_t)threads;
        jobs[t].to = n * (uint64_t)(t + 1) / (uint64_t)threads;
        if (t > 0 && pthread_create(&tid[t], NULL, pass_thread, &jobs[t]) != 0) jobs[t].timed_out = -1;
    }
    pass_thread(&jobs[0]);
    for (int t = 1; t < threads; t++) {
        if (jobs[t].timed_out == -1) { jobs[t].timed_out = 0; pass_thread(&jobs[t]); }
        else pthread_join(tid[t], NULL);
    }
    for (int t = 0; t < threads; t++) {
        rep->wins[proto->d][0] += 0;
        rep->visited += jobs[t].done;
        proto->wins += jobs[t].wins;
        proto->losses += jobs[t].losses;
        timed_out |= jobs[t].timed_out != 0;
    }
    (void)o;
    return timed_out;
}

int tg_solve_run(const tg_solve_opts *o, tg_solve_report *rep, char *err, size_t errlen)
{
    memset(rep, 0, sizeof *rep);
    tg_index *x = malloc(sizeof *x);
    if (!x) return bo_fail(err, errlen, "out of memory for the index");
    tg_index_init(x);
    for (int d = 0; d <= TG_DOGS; d++) rep->size[d] = x->size[d];
    int threads = o->threads > 0 ? o->threads : 1;
    if (threads > 16) threads = 16;
    uint8_t *below = NULL;
    double t0 = now();
    int rc = 0;
    for (int d = TG_DOGS - TG_WIN_CAPTURES + 1; d <= o->max_dogs && rc == 0; d++) {
        uint64_t n = x->size[d];
        size_t vbytes = (size_t)((n + 3) / 4), fbytes = (size_t)((n + 7) / 8);
        size_t need = 2 * vbytes + 4 * fbytes + (below ? (size_t)((x->size[d - 1] + 3) / 4) : 0) + sizeof *x;
        rep->memory_bytes[d] = need;
        if (o->memory_mb && need > (size_t)o->memory_mb << 20) { rep->stopped_memory = d; break; }
        uint8_t *val[2] = {calloc(vbytes, 1), calloc(vbytes, 1)};
        uint8_t *fa[2] = {calloc(fbytes, 1), calloc(fbytes, 1)}, *fb[2] = {calloc(fbytes, 1), calloc(fbytes, 1)};
        if (!val[0] || !val[1] || !fa[0] || !fa[1] || !fb[0] || !fb[1]) {
            free(val[0]); free(val[1]); free(fa[0]); free(fa[1]); free(fb[0]); free(fb[1]);
            rep->stopped_memory = d;
            break;
        }
        double ld = now();
        for (int pass = 1;; pass++) {
            uint64_t decided = 0;
            bool timed_out = false;
            for (int side = 0; side < 2 && !timed_out; side++) {
                layer_job proto = {.x = x, .d = d, .val = {val[0], val[1]}, .below = below, .side = side,
                                   .cur = {pass == 1 ? NULL : fa[0], pass == 1 ? NULL : fa[1]}, .next = {fb[0], fb[1]},
                                   .deadline = o->seconds > 0 ? t0 + o->seconds : 0};
                timed_out = run_pass(o, &proto, pass == 1 ? n : fbytes, rep, threads);
                rep->wins[d][0] += 0;
                decided += proto.wins + proto.losses;
                rep->decided[d] += proto.wins + proto.losses;
            }
            rep->passes[d] = pass;
            if (o->progress) o->progress(o->ctx, d, pass, decided, now() - t0);
            if (timed_out) { rep->stopped_time = d; rc = 1; break; }
            if (decided == 0) break;
            /* the next frontier becomes the current one */
            for (int s = 0; s < 2; s++) {
                uint8_t *t = fa[s];
                fa[s] = fb[s];
                fb[s] = t;
                memset(fb[s], 0, fbytes);
            }
        }
        rep->seconds[d] = now() - ld;
        if (rc == 0) {
            /* the tally, from the values themselves */
            for (int s = 0; s < 2; s++)
                for (uint64_t i = 0; i < n; i++) {
                    int v = get2(val[s], i);
                    rep->wins[d][s] += v == V_WIN;
                    rep->losses[d][s] += v == V_LOSS;
                }
            rep->solved_dogs = d;
            if (o->out && (fwrite(val[0], 1, vbytes, o->out) != vbytes || fwrite(val[1], 1, vbytes, o->out) != vbytes))
                rc = bo_fail(err, errlen, "cannot write the table");
            if (o->layer_done) o->layer_done(o->ctx, d, val[0], val[1], x);
        }
        free(below);
        free(val[0]);
        free(fa[0]); free(fa[1]); free(fb[0]); free(fb[1]);
        below = val[1];
    }
    free(below);
    free(x);
    rep->total_seconds = now() - t0;
    return rc < 0 ? -1 : 0;
}
