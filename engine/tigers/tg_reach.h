/* tg_reach.h -- Two Tigers: the positions reachable from the start, ply by ply
 * (tg_reach.c). */
#ifndef BOYI_TG_REACH_H
#define BOYI_TG_REACH_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "tigers.h"

enum { TG_REACH_MAX_DEPTH = 64 };

typedef struct tg_reach_report {
    int depth;                              /* the plies done (less than asked if stopped) */
    uint64_t first[TG_REACH_MAX_DEPTH + 1]; /* positions first reached at each ply */
    uint64_t total;                         /* positions reached within depth plies */
    uint64_t ended;                         /* of those, games over (six taken, tigers shut in) */
    size_t memory_bytes;
    int stopped_memory;                     /* the memory cap stopped the count */
} tg_reach_report;

/* A compact exact key of P (side, tigers, stacks, the other dogs): 41 bits. */
uint64_t tg_reach_key(const tg_pos *p);

/* Breadth-first from START: the distinct positions (board and side to move) within
 * DEPTH plies; games end on the sixth capture and when the side to move has no move.
 * MEMORY_MB caps the set (0: none).  0, or -1 with a reason. */
int tg_reach_count(const tg_pos *start, int depth, size_t memory_mb, tg_reach_report *rep, char *err, size_t errlen);

/* ---- over all plies, with bitmaps over the symmetric index (tg_reach_all.c) ---- */
typedef struct tg_reach_all_opts {
    const tg_pos *start;   /* the start (tg_start: the real game) */
    int win_dogs;          /* the game ends when a capture leaves so many dogs (10 in the real game) */
    int depth;             /* -1: every ply, layer by layer; N: ply by ply up to N plies */
    int threads;
    double seconds;        /* stop inside a pass once past this (0: none) */
    void (*progress)(void *ctx, int dogs, int pass, uint64_t added, double seconds);
    void *ctx;
    /* the checkpoint (all plies only): the whole state saved to TABLE (through
     * "TABLE.tmp", synced, renamed) when the budget, MAX_CHUNKS or *STOP stops the run
     * and every CHECKPOINT_SECONDS; a run given a TABLE that exists takes it up */
    const char *table;
    double checkpoint_seconds;     /* 0: only when the run stops */
    uint64_t max_chunks;           /* stop after so many chunks (tests; 0: none) */
    uint64_t chunk_words;          /* the words of a chunk (tests; 0: 8192) */
    volatile sig_atomic_t *stop;   /* set (by a signal handler): stop, saved */
} tg_reach_all_opts;

typedef struct tg_reach_all_report {
    int top, win_dogs;                         /* the start's dogs, the win layer */
    int depth;                                 /* depth mode: the plies done */
    uint64_t first_states[TG_REACH_MAX_DEPTH + 1], first_raw[TG_REACH_MAX_DEPTH + 1];   /* new at each ply */
    /* by dogs on the board and side to move: */
    uint64_t orbits[TG_DOGS + 1][2];           /* up to the board's 8 symmetries */
    uint64_t states[TG_DOGS + 1][2];           /* up to the start's 4 (row-keeping) symmetries */
    uint64_t raw[TG_DOGS + 1][2];              /* positions */
    uint64_t term_orbits[TG_DOGS + 1][2], term_states[TG_DOGS + 1][2], term_raw[TG_DOGS + 1][2];   /* games over */
    int passes[TG_DOGS + 1];
    double seconds[TG_DOGS + 1], cpu_seconds[TG_DOGS + 1];
    size_t memory_bytes[TG_DOGS + 1];          /* bitmaps held at the layer's end */
    size_t peak_bytes;                         /* bitmaps (allocated, not all touched) + index tables */
    double total_seconds, total_cpu;
    uint64_t expanded, children;               /* states expanded, moves generated */
    int done_dogs;                             /* the layers down to this one are complete */
    int stopped_dogs, stopped_time;            /* the budget stopped the count in this layer */
    /* this run's checkpoint: */
    int resumed_dogs, resumed_pass;            /* taken up in this layer and pass (0: a fresh start) */
    int resumed_done;                          /* the checkpoint held a finished count */
    int resumed_side;                          /* ... in the pass of this side */
    uint64_t resumed_word;                     /* ... at this word of its frontier */
    int checkpoints;                           /* written by this run */
    uint64_t checkpoint_bytes;                 /* the last one's size */
} tg_reach_all_report;

/* Counts the positions reachable from O->start (see tg_reach_all.c); 0, or -1 with a
 * reason.  A run the budget stops returns 0 with stopped_time set. */
int tg_reach_all(const tg_reach_all_opts *o, tg_reach_all_report *rep, char *err, size_t errlen);

#endif
