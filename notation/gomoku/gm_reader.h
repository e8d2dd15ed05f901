/* gm_reader.h -- helpers the Gomoku readers and writers share (not a public API). */
#ifndef BOYI_GM_READER_H
#define BOYI_GM_READER_H

#include <stdbool.h>
#include <stddef.h>

#include "gm_notation.h"

/* Line and column of byte offsets, for readers that move forward through a text:
 * each query costs only the bytes since the previous one. */
typedef struct gm_cursor {
    const bo_text *t;
    size_t scanned;      /* bytes already counted */
    size_t line_start;   /* offset of the line holding `scanned` */
    int line;
    int col;             /* column (in characters) of `scanned` */
} gm_cursor;

void gm_cursor_init(gm_cursor *c, const bo_text *t);
void gm_cursor_at(gm_cursor *c, size_t off, int *line, int *col);

/* The character at s (before end) as ASCII where it has an ASCII twin: full-width
 * forms U+FF01..U+FF5E, 【】 as [ ], 、 as ','; else its code point (-1 if bad UTF-8).
 * *len gets its byte length. */
long gm_char(const char *s, const char *end, size_t *len);
bool gm_is_blank(long c);

/* A result as written in any of the notations we read (先手胜 后手胜 平局 和局 黑胜
 * 白胜 1-0 0-1 1/2-1/2 B+ W+ 0 Draw ...).  Returns GM_RES_NONE when S is not one;
 * *exact is true for the forms that need no warning. */
gm_result gm_result_from_text(const char *s, size_t n, bool *exact);

/* Trim blanks (ASCII and full-width space) at both ends of [*s, *s + *n). */
void gm_trim(const char **s, size_t *n);

/* "Size" tag as a number, 15 when absent or not a number. */
int gm_record_size(const bo_record *r);

#endif
