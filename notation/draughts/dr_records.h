/* dr_records.h -- draughts records behind the records interface (records.h): PDN read
 * and judged in one pass, written back, converted; games boyi played written as PDN. */
#ifndef BOYI_DR_RECORDS_H
#define BOYI_DR_RECORDS_H

#include <stddef.h>

#include "draughts.h"
#include "records.h"

extern const bo_records dr_records;

/* The rules in force: RULES (fmjd, ccgc, an 8x8 variant; NULL: the default) and
 * DRAW_RULES (none, all, or a list of threefold, 25, 16, 5; NULL: the rules' own).
 * 0, or -1 with err. */
int dr_rules_from_options(dr_rules *r, const char *rules, const char *draw_rules, char *err, size_t errlen);

#endif
