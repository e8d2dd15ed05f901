/* sp_batch.h -- a batch of self-play games on many threads.
 *
 * Games are numbered 0..N-1; games 2p and 2p+1 form a pair: the same opening, colours
 * swapped (player A moves first in 2p).  Where the two players are the same setting
 * (own_openings), a pair's second game would replay its first move for move: then
 * every game gets an opening of its own.  Workers take the next index to play; each
 * finished game is handed to a callback, under the batch's lock, in the order games
 * finish.  Which game an index is depends on the batch seed and the index alone, never
 * on the thread that plays it, so callers that put results back in index order get the
 * same output whatever the number of threads. */
#ifndef BOYI_SP_BATCH_H
#define BOYI_SP_BATCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "sp_game.h"

typedef struct sp_batch {
    const bo_game *game;
    const char *rules;
    long games;                   /* indices 0..games-1 */
    int threads;
    sp_player a, b;
    sp_adjudication adj;
    const sp_opening *openings;   /* pair p plays openings[p % nopenings] ... */
    int nopenings;
    int random_plies;             /* ... or this many seeded random plies */
    bool own_openings;            /* game i (not pair i/2) picks the opening and its seed */
    uint64_t seed;
    int shard_k, shard_n;         /* play only indices i with i % shard_n == shard_k (n 0: all) */
    const uint8_t *done;          /* bit i set: game i is done already (resume); may be NULL */
    /* Called with each finished game; return non-zero to stop the batch (games being
     * played finish, no new one starts). */
    int (*finished)(void *ctx, const sp_played *p);
    /* Called (under the lock) instead of finished with a game abandoned because
     * adj.stop was set; may be NULL.  No new game starts once adj.stop is set. */
    void (*abandoned)(void *ctx, const sp_played *p);
    void *ctx;
    /* Filled by sp_batch_run: CPU seconds of the worker threads, and of their searches
     * (the rest is the runner's own cost: move generation for openings, journal
     * lines, records, data, waiting for the lock). */
    double *worker_cpu, *search_cpu;
} sp_batch;

/* Run the batch.  Returns 0, or -1 with err (a worker could not start, a game failed). */
int sp_batch_run(const sp_batch *b, char *err, size_t errlen);

/* The opening of game I (NULL: random plies) and the seed of its random plies. */
const sp_opening *sp_batch_opening(const sp_batch *b, long i);
uint64_t sp_batch_opening_seed(const sp_batch *b, long i);

/* Is game I part of this run (its shard, not done yet)? */
bool sp_batch_wants(const sp_batch *b, long i);

#endif
