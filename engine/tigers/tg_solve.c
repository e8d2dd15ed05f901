/* tg_solve.c -- Two Tigers' retrograde solver, layer by layer of dogs on the board.
 *
 * Rule it solves (RULES.md 8): the tigers win on their sixth capture, a side with no
 * move loses; positions never decided are draws (the game-theoretic value: the
 * third-repetition and 100-ply rules of a game line are not in it, see
 * docs/tigers.md).  Method: captures only lower the dog count, so the layers are
 * solved from 11 dogs (one capture from the tigers' win) up to K: within a layer,
 * passes over every position (both sides to move) mark a position won when a move
 * reaches a position lost for the opponent (or takes the sixth dog), lost when every
 * move reaches a position won for the opponent, until a pass changes nothing; the
 * rest are draws.  Values are 2 bits per position in the perfect index (tg_index.c);
 * a capture looks into the layer below, of which only the dogs-to-move half is kept.
 * Threads split each pass by index and set values with atomic ors (values only ever
 * go from unknown to decided).  A memory cap and a time budget bound the run. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core.h"
#include "tg_index.h"
#include "tg_solve.h"

enum { V_UNKNOWN = 0, V_WIN = 1, V_LOSS = 2 };

static inline int get2(const uint8_t *a, uint64_t i) { return a[i >> 2] >> ((i & 3) * 2) & 3; }
static inline void set2(uint8_t *a, uint64_t i, int v)
{
    __atomic_fetch_or(&a[i >> 2], (uint8_t)(v << ((i & 3) * 2)), __ATOMIC_RELAXED);
}

typedef struct layer_job {
    const tg_index *x;
    int d;
    uint8_t *val[2];       /* this layer, by side to move */
    const uint8_t *below;  /* the layer below, dogs to move (NULL at 11 dogs: a capture wins) */
    int side;
    uint64_t from, to;
    double deadline;       /* stop the pass here (0: none) */
    uint64_t changed, wins, losses, done;
    int timed_out;
} layer_job;

static double now(void);

/* The value of one position from its successors, or V_UNKNOWN while undecided. */
static int decide(const layer_job *j, const tg_pos *p)
{
    uint32_t moves[TG_MAX_MOVES];
    int n = tg_legal(p, moves), all_win = 1;
    if (n == 0) return V_LOSS;
    for (int i = 0; i < n; i++) {
        tg_pos q = *p;
        tg_undo u;
        tg_play(&q, moves[i], &u);
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

static void *pass_thread(void *arg)
{
    layer_job *j = arg;
    tg_pos p;
    for (uint64_t i = j->from; i < j->to; i++) {
        if ((i & 0xFFFFF) == 0 && j->deadline > 0 && now() > j->deadline) { j->timed_out = 1; break; }
        j->done++;
        if (get2(j->val[j->side], i) != V_UNKNOWN) continue;
        tg_index_unrank(j->x, j->d, j->side, i, &p);
        int v = decide(j, &p);
        if (v != V_UNKNOWN) {
            set2(j->val[j->side], i, v);
            j->changed++;
            if (v == V_WIN) j->wins++;
            else j->losses++;
        }
    }
    return NULL;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
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
        size_t bytes = (size_t)((x->size[d] + 3) / 4);
        size_t need = 2 * bytes + (below ? (size_t)((x->size[d - 1] + 3) / 4) : 0) + sizeof *x;
        if (o->memory_mb && need > (size_t)o->memory_mb << 20) {
            rep->stopped_memory = d;
            break;
        }
        uint8_t *val[2] = {calloc(bytes, 1), calloc(bytes, 1)};
        if (!val[0] || !val[1]) {
            free(val[0]);
            free(val[1]);
            rep->stopped_memory = d;
            break;
        }
        double ld = now();
        for (int pass = 1;; pass++) {
            uint64_t changed = 0;
            for (int side = 0; side < 2; side++) {
                layer_job jobs[16];
                pthread_t tid[16];
                uint64_t n = x->size[d];
                for (int t = 0; t < threads; t++) {
                    jobs[t] = (layer_job){.x = x, .d = d, .val = {val[0], val[1]}, .below = below, .side = side,
                                          .from = n * (uint64_t)t / (uint64_t)threads,
                                          .to = n * (uint64_t)(t + 1) / (uint64_t)threads,
                                          .deadline = o->seconds > 0 ? t0 + o->seconds : 0};
                    if (t > 0) pthread_create(&tid[t], NULL, pass_thread, &jobs[t]);
                }
                pass_thread(&jobs[0]);
                for (int t = 1; t < threads; t++) pthread_join(tid[t], NULL);
                for (int t = 0; t < threads; t++) {
                    changed += jobs[t].changed;
                    rep->visited += jobs[t].done;
                    if (jobs[t].timed_out) rep->stopped_time = d;
                    rep->wins[d][side] += jobs[t].wins;
                    rep->losses[d][side] += jobs[t].losses;
                }
            }
            rep->passes[d] = pass;
            if (o->progress) o->progress(o->ctx, d, pass, changed, now() - t0);
            if (changed == 0 && !rep->stopped_time) break;
            if (rep->stopped_time || (o->seconds > 0 && now() - t0 > o->seconds)) {
                rep->stopped_time = d;
                rc = 1;
                break;
            }
        }
        rep->seconds[d] = now() - ld;
        if (rc == 0) {
            rep->solved_dogs = d;
            if (o->out && (fwrite(val[0], 1, bytes, o->out) != bytes || fwrite(val[1], 1, bytes, o->out) != bytes)) {
                rc = bo_fail(err, errlen, "cannot write the table");
            }
            if (o->layer_done) o->layer_done(o->ctx, d, val[0], val[1], x);
        }
        free(below);
        free(val[0]);
        below = val[1];
    }
    free(below);
    free(x);
    rep->total_seconds = now() - t0;
    return rc < 0 ? -1 : 0;
}
