/* claim_sink.h -- the result policy's --strict for judges that only warn (docs/exit-codes.md,
 * notation/common/result_policy.h): a sink between a game's judge and the real sink
 * that, when REFUSE is set (--strict, or the contest's rules named), holds the
 * judge's warning about a result claimed but not reached with no reason given, and
 * turns that game's ok verdict into a "result" fault with the same words. */
#ifndef BOYI_CLAIM_SINK_H
#define BOYI_CLAIM_SINK_H

#include <stdbool.h>

#include "verdict.h"

typedef struct bo_claim_sink {
    bo_verdict_sink sink;          /* give this one to the judge */
    const bo_verdict_sink *to;
    bool refuse;
    bool held;
    int line, col;
    char message[512];
} bo_claim_sink;

void bo_claim_sink_init(bo_claim_sink *c, const bo_verdict_sink *to, bool refuse);

#endif
