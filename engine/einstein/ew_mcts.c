/* placeholder */
#include "ew_search.h"
uint32_t ew_mcts(const ew_pos *p, int playouts, int plain, uint64_t seed, double *win_rate)
{
    (void)playouts, (void)plain, (void)seed, (void)win_rate;
    uint32_t m[EW_MAX_MOVES];
    return ew_legal(p, m) ? m[0] : 0;
}
