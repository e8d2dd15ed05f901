/* gm_pvs.h -- the Renju/Gomoku engine on incremental pattern codes (gm_pvs.c), the
 * descriptor's own engine: bo_search() hands every Gomoku search to it. */
#ifndef BOYI_GM_PVS_H
#define BOYI_GM_PVS_H

#include "game.h"
#include "search.h"

/* The contract of bo_search (search.h): LIM's depth, nodes, time and stop flag are
 * honoured, threads are not (one thread); TT is not used (the engine keeps its own
 * table for the one search); the best move in OUT->pv[0]. */
int gm_pvs_engine(const bo_game *g, const void *pos, const bo_hist *line, const bo_limits *lim, bo_tt *tt,
                  bo_info_fn on_info, void *ctx, bo_search_info *out, char *err, size_t errlen);

#endif
