/* pg_records.h -- peg solitaire's records interface (records.h): solution records read
 * and judged in one pass. */
#ifndef BOYI_PG_RECORDS_H
#define BOYI_PG_RECORDS_H

#include "records.h"

extern const bo_records pg_records;

#endif
