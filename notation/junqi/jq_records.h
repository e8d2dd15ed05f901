/* jq_records.h -- Junqi's records interface (records.h): referee records read and
 * judged in one pass, converted to a side's view, games boyi played written. */
#ifndef BOYI_JQ_RECORDS_H
#define BOYI_JQ_RECORDS_H

#include "records.h"

extern const bo_records jq_records;

#endif
