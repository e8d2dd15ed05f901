/* xq_oneline.h - one-line Xiangqi records, as the cchess project's tests and tools
 * write them: a FEN (its board and side, the other fields optional), a comma, the
 * moves in ICCS or UCI separated by blanks, a comma, the result; one game a line:
 *
 *   rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w, h2e2 h9g7 h0g2, 1-0
 *
 * No standard names this form: each game read notes it (a warning; an error under
 * --strict). */
#ifndef BOYI_XQ_ONELINE_H
#define BOYI_XQ_ONELINE_H

#include <stdbool.h>
#include <stddef.h>

#include "record.h"
#include "text.h"

/* 0..100: how sure it is that DATA holds one-line records (its first non-empty line
 * is one). */
int xq_oneline_sniff(const char *data, size_t len);

/* Every line of T into OUT, one record a line (FEN tag, moves, result).  Returns 0,
 * or -1 with err when out of memory. */
int xq_oneline_read(const bo_text *t, bool strict, bo_record_list *out, char *err, size_t errlen);

#endif
