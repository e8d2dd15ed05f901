/* dr_turned.h -- the draughts tests' colour swap: the same position seen from the other
 * side (square s becomes 51 - s, white's pieces black's and back, the other side to
 * move).  Written square by square, apart from the engine's own mirror
 * (dr_eval_mirror), so that the evaluation's symmetry tests do not check the engine
 * against itself. */
#ifndef BOYI_TEST_DR_TURNED_H
#define BOYI_TEST_DR_TURNED_H

#include <stdint.h>

#include "draughts.h"

/* Square s -> 51 - s. */
static inline uint64_t dr_test_flip(uint64_t b)
{
    uint64_t m = 0;
    for (int s = 1; s <= 50; s++)
        if (b >> (s - 1) & 1) m |= UINT64_C(1) << (50 - s);
    return m;
}

static inline dr_pos dr_test_turned(const dr_pos *p)
{
    dr_pos q = *p;
    q.white = dr_test_flip(p->black);
    q.black = dr_test_flip(p->white);
    q.kings = dr_test_flip(p->kings);
    q.side = p->side == DR_WHITE ? DR_BLACK : DR_WHITE;
    q.hash = dr_pos_hash(&q);
    return q;
}

#endif
