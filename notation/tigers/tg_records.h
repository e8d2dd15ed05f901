/* tg_records.h -- Two Tigers' records interface (records.h): contest records read and
 * judged in one pass, written back with their comments; games boyi played written. */
#ifndef BOYI_TG_RECORDS_H
#define BOYI_TG_RECORDS_H

#include "records.h"

extern const bo_records tg_records;

#endif
