/* ew_records.h -- EWN's records interface (records.h): WTN records and move lists read
 * and judged in one pass, the matches of a command's files judged across them,
 * converted, written back; games boyi played written as WTN. */
#ifndef BOYI_EW_RECORDS_H
#define BOYI_EW_RECORDS_H

#include "records.h"

extern const bo_records ew_records;

#endif
