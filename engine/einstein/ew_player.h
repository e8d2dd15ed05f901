/* ew_player.h -- EWN's players of matches, found through the descriptor
 * (bo_game.player_kinds): "expectimax [depth=D] [nodes=N] [movetime=MS] [star=0|1|2]",
 * "mcts [playouts=N]", "uct [playouts=N]" (the random player is every game's); and the
 * Star pruning benchmark. */
#ifndef BOYI_EW_PLAYER_H
#define BOYI_EW_PLAYER_H

#include <stddef.h>
#include <stdint.h>

#include "einstein.h"
#include "game.h"

extern const bo_player_kind ew_player_kinds[];

/* Star1/Star2 against plain expectimax on POSITIONS seeded positions at DEPTH:
 * decision nodes and seconds of each (index = star). */
void ew_bench_star(int depth, int positions, uint64_t seed, uint64_t nodes[3], double seconds[3]);

#endif
