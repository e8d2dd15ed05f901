/* verdict.c -- small helpers around bo_verdict. */
#include "verdict.h"

#include <stdio.h>
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

/* S copied into BUF (cut to N bytes), or NULL for NULL. */
static const char *keep_str(const char *s, char *buf, size_t n)
{
    if (!s) return NULL;
    snprintf(buf, n, "%s", s);
    return buf;
}

/* Field by field, so that a field added to bo_verdict without a buffer here still
 * keeps its value (a pointer the caller must then keep alive). */
void bo_verdict_keep(bo_verdict_copy *c, const bo_verdict *v)
{
    c->v = *v;
    c->v.result = keep_str(v->result, c->result, sizeof c->result);
    c->v.ending = keep_str(v->ending, c->ending, sizeof c->ending);
    c->v.event = keep_str(v->event, c->event, sizeof c->event);
    c->v.side = keep_str(v->side, c->side, sizeof c->side);
    c->v.move_text = keep_str(v->move_text, c->move_text, sizeof c->move_text);
    c->v.kind = keep_str(v->kind, c->kind, sizeof c->kind);
    c->v.message = keep_str(v->message, c->message, sizeof c->message);
    for (int i = 0; i < 2; i++) c->v.players[i] = keep_str(v->players[i], c->players[i], sizeof c->players[i]);
    c->v.claimed = keep_str(v->claimed, c->claimed, sizeof c->claimed);
    c->v.rules_result = keep_str(v->rules_result, c->rules_result, sizeof c->rules_result);
    c->set = 1;
}

void bo_verdict_keep_sink(void *ctx, const bo_verdict *v) { bo_verdict_keep(ctx, v); }

void bo_warning_ignore(void *ctx, const bo_warning *w) { (void)ctx; (void)w; }
