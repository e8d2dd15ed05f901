/* yz_records.h -- the line game's records interface (records.h): contest records read
 * and judged in one pass, written back, converted; games boyi played written. */
#ifndef BOYI_YZ_RECORDS_H
#define BOYI_YZ_RECORDS_H

#include "records.h"

extern const bo_records yz_records;

#endif
