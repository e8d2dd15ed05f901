/* perft.c - move-tree leaf counts, the standard check of a move generator. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "xq_internal.h"

#include <time.h>

/* Depth-first count; the last ply is counted straight from the generator
   (which only ever returns fully legal moves). */
static uint64_t perft_rec(xq_pos *p, int depth)
{
    xq_move moves[XQ_MAX_MOVES];
    int n = xq_gen_legal_mut(p, moves);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        xq_undo u;
        xq_make_fast(p, moves[i], &u);
        total += perft_rec(p, depth - 1);
        xq_unmake_fast(p, moves[i], &u);
    }
    return total;
}

/* Public entry: depth <= 0 counts the position itself. */
uint64_t xq_perft(xq_pos *p, int depth)
{
    xq_tables_init();
    if (depth <= 0)
        return 1;
    return perft_rec(p, depth);
}

/* Benchmark for `boyi bench`: perft from the start position, wall time. */
double xq_bench_perft(int depth, uint64_t *nodes)
{
    xq_pos p;
    struct timespec t0, t1;
    xq_pos_start(&p);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t n = xq_perft(&p, depth);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (nodes)
        *nodes = n;
    return (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
}
