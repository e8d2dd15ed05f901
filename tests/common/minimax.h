/* minimax.h -- a plain minimax over the game descriptor, for tests that prove what a
 * search or a solver claims without sharing any of its code. */
#ifndef BOYI_TEST_MINIMAX_H
#define BOYI_TEST_MINIMAX_H

#include <stdbool.h>

#include "game.h"

/* Can player ME, to move in POS, force a win within PLIES plies?  No table, no
 * pruning beyond "a win is a win": slow, and so only for short distances. */
bool bo_test_wins_within(const bo_game *g, void *pos, int plies, int me);

#endif
