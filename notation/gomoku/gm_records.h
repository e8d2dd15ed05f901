/* gm_records.h -- Gomoku and Renju records behind the records interface (records.h):
 * every format gm_notation.h and gm_formats.h read, read and judged in one pass (a
 * RenjuNet database's tournaments counted in it), written back, converted; games boyi
 * played written as contest records. */
#ifndef BOYI_GM_RECORDS_H
#define BOYI_GM_RECORDS_H

#include "gomoku.h"
#include "records.h"

extern const bo_records gm_records;

/* The boards along every game of T that can be decoded (renju, 15x15; each board
 * after each stone, until a stone cannot be placed), at most CAP of them, for
 * benchmarks.  The count, or -1 with err when T holds no Gomoku record. */
int gm_record_boards(const bo_text *t, gm_board *pos, int cap, char *err, size_t errlen);

#endif
