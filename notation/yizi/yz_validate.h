/* yz_validate.h -- the judge of line-game records: replays a record under RULES.md 7
 * and says whether it is a legal game, how it ended and whether its result is right. */
#ifndef BOYI_YZ_VALIDATE_H
#define BOYI_YZ_VALIDATE_H

#include <stdbool.h>

#include "record.h"
#include "verdict.h"
#include "yizi.h"

typedef struct yz_judged {
    yz_pos start;                       /* the rules' start */
    uint32_t moves[YZ_MAX_PLIES + 1];   /* the legal moves replayed, in the engine's encoding */
    int nmoves;
    int rule;
    bool misere;
} yz_judged;

/* The rules of record R: its rules field, else RULES (the command line's --rules,
 * may be NULL) and MISERE, else rule 3 when the first move is a placement and rule 1
 * or 2 as its first move fits; *HOW says which (for a warning), NULL when read. */
int yz_record_rules(const bo_record *r, const char *rules, bool misere, int *rule, bool *mis, const char **how);

/* Judge R (game R->index of PATH): its reader's warnings and then one verdict go to
 * SINK; OUT (may be NULL) receives the replay. */
void yz_validate_record(const bo_record *r, const char *path, const char *rules, bool misere,
                        const bo_verdict_sink *sink, yz_judged *out);

#endif
