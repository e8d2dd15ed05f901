/* tg_solve.c -- Two Tigers' retrograde solver, layer by layer of dogs on the board.
 *
 * Rule it solves (RULES.md 8): the tigers win on their sixth capture, a side with no
 * move loses; positions never decided are draws (the game-theoretic value: the
 * third-repetition and 100-ply rules of a game line are not in it, see
 * docs/tigers.md).  Method: captures only lower the dog count, so the layers are
 * solved from 11 dogs (one capture from the tigers' win) up to K.  Positions are
 * numbered up to the board's 8 symmetries (tg_index.c), which keep the rules.  Within
 * a layer a first pass over every position (both sides to move) decides what its
 * moves decide: won when a move reaches a position lost for the opponent (or takes
 * the last dog needed, or drops to a position of the layer below lost for the dogs),
 * lost when every move reaches a position won for the opponent or there is none.
 * Then each newly decided position, kept in a frontier bitmap, is undone into its
 * predecessors in the layer (a dog stepping back, a tiger stepping back): the
 * predecessor of a loss is a win; the predecessor of a win is checked again by its
 * moves.  When a pass decides nothing the rest are draws.  Values are 2 bits per
 * position, frontiers 1 bit; a capture looks into the layer below, of which only the
 * dogs-to-move half is kept.  Threads split each pass by index and set values with
 * atomic ors (values only ever go from unknown to decided).  Each finished layer is
 * appended to the table file, and a run resumes after the layers already there.  The
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

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static const char table_magic[8] = {'b', 'o', 'y', 'i', '-', 't', 'g', '2'};

uint64_t tg_table_offset(const tg_index *x, int win, int d)
{
    uint64_t off = TG_TABLE_HEADER;
    for (int e = win + 1; e < d; e++) off += 2 * ((x->size[e] + 3) / 4);
    return off;
}

typedef struct layer_job {
    const tg_index *x;
    int d, win;
    uint8_t *val[2];       /* this layer, by side to move */
    const uint8_t *below;  /* the layer below, dogs to move (unused when a capture wins) */
    const uint8_t *cur[2]; /* the frontier being undone (NULL: the first, full pass) */
    uint8_t *next[2];      /* the positions this pass decides */
    int side, first_pass;
    uint64_t from, to;     /* positions (full pass) or frontier bytes */
    double deadline;       /* stop the pass here (0: none) */
    uint64_t wins, losses, done, canonical;
    int timed_out;
} layer_job;

/* The value of one position from its successors, or TG_V_DRAW while undecided.  The
 * moves are generated here (RULES.md 8: steps to an empty neighbour, a tiger's jump
 * over 1..4 dogs to the empty point beyond) so that the win layer can be lowered.
 * Every loss decided in the layer is undone into its predecessors (which become
 * wins), so a move within the layer matters here only for the all-wins test, and
 * the scan stops at the first successor not won; captures, which land in the layer
 * below, are all looked at first, since no frontier brings their wins. */
static int decide(const layer_job *j, const tg_pos *p)
{
    const tg_index *x = j->x;
    uint32_t occ = p->dmask | 1u << p->tiger[0] | 1u << p->tiger[1];
    int any = 0;
    tg_pos q;
    if (p->side == TG_TIGERS) {
        int not_all_win = 0;
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
                any = 1;
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
                int v = get2(j->val[TG_DOGS_SIDE], tg_index_rank(x, &q));
                any = 1;
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
                int v = get2(j->val[TG_TIGERS], tg_index_rank(x, &q));
                any = 1;
                if (v == TG_V_LOSS) return TG_V_WIN;
                if (v != TG_V_WIN) return TG_V_DRAW;
            }
        }
    }
    (void)any;
    return TG_V_LOSS;   /* no move, or every move reaches a win for the opponent */
}

/* Sets a value.  The first pass over the tigers' side puts only its losses in the
 * frontier: its wins are known to the dogs' side, whose first pass comes after. */
static void record(layer_job *j, int side, uint64_t i, int v)
{
    if (!set2(j->val[side], i, v)) return;
    if (!(j->first_pass && side == TG_TIGERS && v == TG_V_WIN)) set1(j->next[side], i);
    if (v == TG_V_WIN) j->wins++;
    else j->losses++;
}

/* The first pass: every position of one side, in index order, block by block
 * (tiger pair and start heights) with the dog sets in colex order; the spares of
 * symmetric blocks are skipped. */
static void full_pass(layer_job *j)
{
    const tg_index *x = j->x;
    const uint64_t *bases = &x->base[j->d][0][0];
    for (int b = 0; b < TG_BLOCKS; b++) {
        uint64_t base = bases[b];
        uint64_t end = b + 1 < TG_BLOCKS ? bases[b + 1] : x->size[j->d];
        if (base == end || end <= j->from || base >= j->to) continue;
        if (j->deadline > 0 && now() > j->deadline) { j->timed_out = 1; return; }
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
                    if (get2(j->val[j->side], idx) == TG_V_DRAW) {
                        j->done++;
                        int v = decide(j, &p);
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
    if (j->cur[0]) frontier_pass(j);
    else full_pass(j);
    return NULL;
}

/* One pass of every thread over one side (N positions or frontier bytes); the
 * counts go to PROTO and REP.  True if it timed out. */
static bool run_pass(layer_job *proto, uint64_t n, tg_solve_report *rep, int threads)
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

/* Opens the table file: a new one gets the header; an old one is checked and cut
 * after its last whole layer, whose dogs-to-move half is read into *BELOW.  Returns
 * the last layer already solved (win when none), or -1 with a reason. */
static int open_table(const tg_solve_opts *o, const tg_index *x, FILE **fp, uint8_t **below, char *err, size_t errlen)
{
    FILE *f = fopen(o->table, "r+b");
    if (!f) {
        f = fopen(o->table, "w+b");
        if (!f) return bo_fail(err, errlen, "%s: cannot write the table (%s)", o->table, strerror(errno));
    }
    *fp = f;
    fseeko(f, 0, SEEK_END);
    uint64_t have = (uint64_t)ftello(f);
    unsigned char hdr[TG_TABLE_HEADER] = {0};
    memcpy(hdr, table_magic, 8);
    hdr[8] = (unsigned char)o->win_dogs;
    if (have < TG_TABLE_HEADER) {
        if (ftruncate(fileno(f), 0) != 0 || fseeko(f, 0, SEEK_SET) != 0 || fwrite(hdr, 1, sizeof hdr, f) != sizeof hdr ||
            fflush(f) != 0)
            return bo_fail(err, errlen, "%s: cannot write the table header", o->table);
        return o->win_dogs;
    }
    unsigned char old[TG_TABLE_HEADER];
    if (fseeko(f, 0, SEEK_SET) != 0 || fread(old, 1, sizeof old, f) != sizeof old || memcmp(old, hdr, sizeof hdr) != 0)
        return bo_fail(err, errlen, "%s: not a Two Tigers table of this index and win layer (remove it to start over)",
                       o->table);
    int top = o->win_dogs;
    for (int d = o->win_dogs + 1; d <= TG_DOGS; d++)
        if (tg_table_offset(x, o->win_dogs, d + 1) <= have) top = d;
    if (ftruncate(fileno(f), (off_t)tg_table_offset(x, o->win_dogs, top + 1)) != 0)
        return bo_fail(err, errlen, "%s: cannot cut the unfinished layer off", o->table);
    if (top > o->win_dogs) {
        size_t vb = (size_t)((x->size[top] + 3) / 4);
        *below = malloc(vb);
        if (!*below || fseeko(f, (off_t)(tg_table_offset(x, o->win_dogs, top) + vb), SEEK_SET) != 0 ||
            fread(*below, 1, vb, f) != vb)
            return bo_fail(err, errlen, "%s: cannot read the layer of %d dogs", o->table, top);
    }
    fseeko(f, 0, SEEK_END);
    return top;
}

/* One layer, pass after pass, until a pass decides nothing; true if the budget ran out. */
static bool solve_layer(const tg_solve_opts *o, const tg_index *x, int d, uint8_t *val[2], uint8_t *fa[2],
                        uint8_t *fb[2], const uint8_t *below, double t0, tg_solve_report *rep)
{
    uint64_t n = x->size[d];
    size_t fbytes = (size_t)((n + 7) / 8);
    int threads = o->threads > 0 ? (o->threads > 16 ? 16 : o->threads) : 1;
    for (int pass = 1;; pass++) {
        uint64_t decided = 0;
        bool timed_out = false;
        for (int side = 0; side < 2 && !timed_out; side++) {
            layer_job proto = {.x = x, .d = d, .win = o->win_dogs, .val = {val[0], val[1]}, .below = below,
                               .side = side, .first_pass = pass == 1, .cur = {pass == 1 ? NULL : fa[0], pass == 1 ? NULL : fa[1]},
                               .next = {fb[0], fb[1]}, .deadline = o->seconds > 0 ? t0 + o->seconds : 0};
            timed_out = run_pass(&proto, pass == 1 ? n : fbytes, rep, threads);
            decided += proto.wins + proto.losses;
            rep->decided[d] += proto.wins + proto.losses;
            if (pass == 1) rep->positions[d][side] = proto.canonical;
        }
        rep->passes[d] = pass;
        if (o->progress) o->progress(o->ctx, d, pass, decided, now() - t0);
        if (timed_out) return true;
        if (decided == 0) return false;
        for (int s = 0; s < 2; s++) {   /* the next frontier becomes the current one */
            uint8_t *t = fa[s];
            fa[s] = fb[s];
            fb[s] = t;
            memset(fb[s], 0, fbytes);
        }
    }
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
    FILE *tf = NULL;
    double t0 = now();
    int rc = 0, first = o->win_dogs + 1;
    if (o->table && o->max_dogs > o->win_dogs) {
        int top = open_table(o, x, &tf, &below, err, errlen);
        if (top < 0) rc = -1;
        else if (top > o->win_dogs) rep->resumed_dogs = rep->solved_dogs = top;
        first = top + 1;
    }
    for (int d = first; d <= o->max_dogs && rc == 0; d++) {
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
        bool timed_out = solve_layer(o, x, d, val, fa, fb, below, t0, rep);
        rep->seconds[d] = now() - ld;
        free(fa[0]); free(fa[1]); free(fb[0]); free(fb[1]);
        if (timed_out) {
            rep->stopped_time = d;
            free(val[0]); free(val[1]);
            break;
        }
        for (int s = 0; s < 2; s++)   /* the tally, from the values themselves */
            for (uint64_t i = 0; i < n; i++) {
                int v = get2(val[s], i);
                rep->wins[d][s] += v == TG_V_WIN;
                rep->losses[d][s] += v == TG_V_LOSS;
            }
        rep->check_failed[d] = check_sample(x, d, o->win_dogs, val, below, o->check_count, &rep->checked[d]);
        rep->solved_dogs = d;
        if (tf && (fwrite(val[0], 1, vbytes, tf) != vbytes || fwrite(val[1], 1, vbytes, tf) != vbytes || fflush(tf) != 0))
            rc = bo_fail(err, errlen, "%s: cannot write the table", o->table);
        if (o->layer_done) o->layer_done(o->ctx, d, val[0], val[1], x);
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
    if (tf) fclose(tf);
    free(x);
    rep->total_seconds = now() - t0;
    return rc < 0 ? -1 : 0;
}
