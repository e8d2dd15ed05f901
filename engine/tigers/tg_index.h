/* tg_index.h -- Two Tigers' perfect index of positions up to the board's symmetry,
 * by dogs on the board (tg_index.c). */
#ifndef BOYI_TG_INDEX_H
#define BOYI_TG_INDEX_H

#include <stdint.h>

#include "tigers.h"

enum { TG_SYMS = 8, TG_BLOCKS = 300 * 625 };

typedef struct tg_index {
    uint64_t base[TG_DOGS + 1][300][625];   /* first index of (dogs, tiger pair, start heights) */
    uint64_t size[TG_DOGS + 1];             /* indices with so many dogs, one side to move */
    uint64_t raw_size[TG_DOGS + 1];         /* positions with so many dogs, no symmetry taken out */
    uint64_t binom[22][22];
    int ns[21];                             /* the non-start points, ascending */
    uint8_t sym[TG_SYMS][TG_POINTS];        /* the board's 8 symmetries, point by point */
    uint8_t canon_g[TG_BLOCKS];             /* the symmetry taking a block to its canonical block */
    uint8_t stab[TG_BLOCKS];                /* a canonical block's stabilizer (bit g), 1: identity only */
    uint16_t tpmap[TG_SYMS][300];           /* a tiger pair's image */
    uint16_t hvmap[TG_SYMS][625];           /* start heights' image */
    uint8_t freeidx[300][TG_POINTS];        /* a non-start point's rank among those the tigers leave */
    uint32_t perm5[TG_SYMS][5][32];         /* a dog mask's image, five points at a time */
} tg_index;

/* Builds the tables (about 26 MB: allocate the tg_index on the heap). */
int tg_index_init(tg_index *x);
/* The index of P among the positions with its number of dogs (the side is not in it);
 * positions that one of the board's 8 symmetries maps onto each other share it. */
uint64_t tg_index_rank(const tg_index *x, const tg_pos *p);
/* The rank, and which half of its orbit P is in: 0 if the symmetry to the canonical
 * position keeps rows as rows (or the canonical position is fixed by one that does
 * not), 1 otherwise.  tg_reach_all.c counts the positions reachable from a start that
 * only the row-keeping symmetries fix. */
uint64_t tg_index_rank_coset(const tg_index *x, const tg_pos *p, int *coset);
/* The position of index IDX with D dogs and SIDE to move (quiet count 0; its hash is
 * left 0: the solver has no use for it, others call tg_hash_scratch).  In a block
 * its symmetries fix, an index can be a non-canonical spare: tg_index_rank of the
 * position is then another index (tg_index_is_canonical). */
void tg_index_unrank(const tg_index *x, int d, int side, uint64_t idx, tg_pos *p);
/* P's image under symmetry G (0 the identity). */
void tg_index_apply_sym(const tg_index *x, int g, const tg_pos *p, tg_pos *out);

#endif
