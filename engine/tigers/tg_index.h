/* tg_index.h -- Two Tigers' perfect index of positions by dogs on the board
 * (tg_index.c). */
#ifndef BOYI_TG_INDEX_H
#define BOYI_TG_INDEX_H

#include <stdint.h>

#include "tigers.h"

typedef struct tg_index {
    uint64_t base[TG_DOGS + 1][300][625];   /* first index of (dogs, tiger pair, start heights) */
    uint64_t size[TG_DOGS + 1];             /* positions with so many dogs, one side to move */
    uint64_t binom[22][22];
    int ns[21];                             /* the non-start points, ascending */
} tg_index;

/* Builds the bases (about 25 MB: allocate the tg_index on the heap). */
int tg_index_init(tg_index *x);
/* The index of P among the positions with its number of dogs (the side is not in it). */
uint64_t tg_index_rank(const tg_index *x, const tg_pos *p);
/* The position of index IDX with D dogs and SIDE to move (quiet count 0; its hash is
 * left 0: the solver has no use for it, others call tg_hash_scratch). */
void tg_index_unrank(const tg_index *x, int d, int side, uint64_t idx, tg_pos *p);

#endif
