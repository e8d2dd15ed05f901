/* gm_records.h -- Gomoku and Renju records behind the records interface (records.h):
 * every format gm_notation.h and gm_formats.h read, read and judged in one pass (a
 * RenjuNet database's tournaments counted in it), written back, converted; games boyi
 * played written as contest records. */
#ifndef BOYI_GM_RECORDS_H
#define BOYI_GM_RECORDS_H

#include "records.h"

extern const bo_records gm_records;

#endif
