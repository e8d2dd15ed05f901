/* tg_solve.h -- Two Tigers' perfect index of positions and retrograde solver
 * (tg_index.c, tg_solve.c), and the engine that plays from the solved table
 * (tg_engine.c). */
#ifndef BOYI_TG_SOLVE_H
#define BOYI_TG_SOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "tigers.h"

struct bo_limits;
struct bo_tt;
struct bo_search_info;

/* The engine hook of tg_game_desc: the solved table where the position is in it
 * (BOYI_TIGERS_TABLE names the table file), else the alpha-beta. */
int tg_engine(const bo_game *g, const void *pos, const bo_hist *line, const struct bo_limits *lim,
              struct bo_tt *tt, void (*on_info)(void *ctx, const struct bo_search_info *info), void *ctx,
              struct bo_search_info *out, char *err, size_t errlen);

#endif
