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

/* The contest header's result field, as standings read it. */
const char *bo_verdict_claim_words(const char *result)
{
    if (!result) return NULL;
    static const char *const words[][2] = {
        {"先手胜", "1-0"}, {"后手胜", "0-1"}, {"平局", "1/2-1/2"}, {"先胜", "1-0"}, {"后胜", "0-1"}, {"和", "1/2-1/2"},
        {"1-0", "1-0"}, {"0-1", "0-1"}, {"1/2-1/2", "1/2-1/2"},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(result, words[i][0]) == 0) return words[i][1];
    return NULL;
}
