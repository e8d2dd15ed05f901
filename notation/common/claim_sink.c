/* claim_sink.c -- the result policy's fault under --strict for judges that only warn
 * (claim_sink.h).  The judges' warning is told by the policy's own words ("gives no
 * reason", result_policy.c), so no judge needs the option. */
#include "claim_sink.h"

#include <stdio.h>
#include <string.h>

/* The policy's warning is held when refusing; every other warning passes. */
static void claim_warning(void *ctx, const bo_warning *w)
{
    bo_claim_sink *c = ctx;
    if (c->refuse && w->message && strstr(w->message, "gives no reason")) {
        const char *cut = strstr(w->message, "; the written result is taken");
        int n = cut ? (int)(cut - w->message) : (int)strlen(w->message);
        snprintf(c->message, sizeof c->message, "%.*s (--strict, or the contest's rules named)", n, w->message);
        c->line = w->line;
        c->col = w->col;
        c->held = true;
        return;
    }
    if (c->to->warning) c->to->warning(c->to->ctx, w);
}

/* A held warning makes the game's ok verdict the fault. */
static void claim_verdict(void *ctx, const bo_verdict *v)
{
    bo_claim_sink *c = ctx;
    if (!c->held || v->status != BO_VERDICT_OK) {
        c->held = false;
        c->to->verdict(c->to->ctx, v);
        return;
    }
    c->held = false;
    bo_verdict x = *v;
    x.status = BO_VERDICT_INVALID;
    x.kind = "result";
    x.line = c->line;
    x.col = c->col;
    x.move_no = 0;
    x.side = NULL;
    x.move_text = NULL;
    x.result = "*";
    x.ending = NULL;
    x.message = c->message;
    c->to->verdict(c->to->ctx, &x);
}

void bo_claim_sink_init(bo_claim_sink *c, const bo_verdict_sink *to, bool refuse)
{
    memset(c, 0, sizeof *c);
    c->to = to;
    c->refuse = refuse;
    c->sink = (bo_verdict_sink){claim_verdict, claim_warning, c};
}
