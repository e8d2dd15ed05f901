/* sp_batch.c -- the worker pool of a self-play batch.
 *
 * Threads share one atomic counter of game indices and take the next wanted one; each
 * owns a worker (its players' tables and history, reused from game to game) and one
 * record buffer.  The callback runs under one lock, so whatever it writes (a journal
 * line, the in-order record stream) needs no locking of its own. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core.h"
#include "sp_batch.h"

typedef struct batch_run {
    const sp_batch *b;
    atomic_long next;
    atomic_int stop;
    atomic_int workers;   /* numbers the workers 1, 2, ... (their engines' log files) */
    pthread_mutex_t lock;
    int failed;
    char err[256];
    double worker_cpu, search_cpu;
} batch_run;

bool sp_batch_wants(const sp_batch *b, long i)
{
    if (b->shard_n > 0 && i % b->shard_n != b->shard_k) return false;
    if (b->done && (b->done[i >> 3] >> (i & 7) & 1)) return false;
    return true;
}

/* Which opening game I plays: its pair's, or its own where the players are the same. */
static long opening_slot(const sp_batch *b, long i) { return b->own_openings ? i : i / 2; }

const sp_opening *sp_batch_opening(const sp_batch *b, long i)
{
    if (b->nopenings <= 0) return NULL;
    return &b->openings[opening_slot(b, i) % b->nopenings];
}

uint64_t sp_batch_opening_seed(const sp_batch *b, long i) { return sp_game_seed(b->seed, -1 - opening_slot(b, i)); }

static void fail(batch_run *r, const char *msg)
{
    pthread_mutex_lock(&r->lock);
    if (!r->failed) snprintf(r->err, sizeof r->err, "%s", msg);
    r->failed = 1;
    pthread_mutex_unlock(&r->lock);
    atomic_store(&r->stop, 1);
}

/* One thread: play wanted indices until none is left or the batch stops. */
static void *work(void *arg)
{
    batch_run *r = arg;
    const sp_batch *b = r->b;
    sp_worker *w = sp_worker_new(b->game, &b->a, &b->b);
    if (!w) { fail(r, "out of memory starting a worker"); return NULL; }
    int k = atomic_fetch_add(&r->workers, 1) + 1;
    if (b->threads > 1) sp_worker_instance(w, k);
    sp_played p = {0};
    char err[256];
    double t0 = bo_clock_seconds(CLOCK_THREAD_CPUTIME_ID);
    while (!atomic_load(&r->stop) && !(b->adj.stop && *b->adj.stop)) {
        long i = atomic_fetch_add(&r->next, 1);
        if (i >= b->games) break;
        if (!sp_batch_wants(b, i)) continue;
        uint64_t oseed = sp_batch_opening_seed(b, i), seed = sp_game_seed(b->seed, i);
        if (sp_play_game(w, b->rules, sp_batch_opening(b, i), b->random_plies, &b->adj, i, oseed, seed, &p, err,
                         sizeof err) != 0) {
            fail(r, err);
            break;
        }
        pthread_mutex_lock(&r->lock);
        if (p.abandoned) {   /* a signal stopped it: no result, nothing journaled */
            if (b->abandoned) b->abandoned(b->ctx, &p);
            pthread_mutex_unlock(&r->lock);
            continue;
        }
        int stop = b->finished ? b->finished(b->ctx, &p) : 0;
        pthread_mutex_unlock(&r->lock);
        if (stop) atomic_store(&r->stop, 1);
    }
    pthread_mutex_lock(&r->lock);
    r->worker_cpu += bo_clock_seconds(CLOCK_THREAD_CPUTIME_ID) - t0;
    r->search_cpu += sp_worker_search_seconds(w);
    pthread_mutex_unlock(&r->lock);
    sp_played_free(&p);
    sp_worker_free(w);
    return NULL;
}

int sp_batch_run(const sp_batch *b, char *err, size_t errlen)
{
    batch_run r = {.b = b};
    atomic_init(&r.next, 0);
    atomic_init(&r.stop, 0);
    atomic_init(&r.workers, 0);
    pthread_mutex_init(&r.lock, NULL);
    int n = b->threads > 0 ? b->threads : 1;
    pthread_t *t = calloc((size_t)n, sizeof *t);
    if (!t) return bo_fail(err, errlen, "out of memory");
    int started = 0;
    for (; started < n; started++)
        if (pthread_create(&t[started], NULL, work, &r) != 0) break;
    if (started == 0) work(&r);
    for (int i = 0; i < started; i++) pthread_join(t[i], NULL);
    free(t);
    pthread_mutex_destroy(&r.lock);
    if (b->worker_cpu) *b->worker_cpu = r.worker_cpu;
    if (b->search_cpu) *b->search_cpu = r.search_cpu;
    if (r.failed) return bo_fail(err, errlen, "%s", r.err);
    return 0;
}
