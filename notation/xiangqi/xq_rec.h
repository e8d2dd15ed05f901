/* xq_rec.h -- Xiangqi's records interface (records.h): PGN, contest frames, XQF,
 * ChessBridge CBR/CBL/CBF, DhtmlXQ and one-line records read and judged in one pass,
 * written back in their form (or another), converted, and games boyi played written
 * as PGN. */
#ifndef BOYI_XQ_REC_H
#define BOYI_XQ_REC_H

#include "records.h"

extern const bo_records xq_rec;

#endif
