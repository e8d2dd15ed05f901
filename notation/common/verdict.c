/* verdict.c -- small helpers around bo_verdict. */
#include "verdict.h"

#include <string.h>

void bo_verdict_init(bo_verdict *v, const char *file, int game)
{
    memset(v, 0, sizeof *v);
    v->file = file;
    v->game = game;
    v->status = BO_VERDICT_OK;
    v->result = "*";
}
