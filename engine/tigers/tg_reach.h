/* tg_reach.h -- Two Tigers: the positions reachable from the start, ply by ply
 * (tg_reach.c). */
#ifndef BOYI_TG_REACH_H
#define BOYI_TG_REACH_H

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

#endif
