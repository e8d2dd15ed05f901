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

/* The readers with options (gm_read_opts; O may be NULL). */
int gm_read_contest_o(const bo_text *t, const gm_read_opts *o, bo_record_list *out, char *err, size_t errlen);
int gm_read_psq_o(const bo_text *t, const gm_read_opts *o, bo_record_list *out, char *err, size_t errlen);
int gm_read_sgf_o(const bo_text *t, const gm_read_opts *o, bo_record_list *out, char *err, size_t errlen);
int gm_read_moves_o(const bo_text *t, const gm_read_opts *o, bo_record_list *out, char *err, size_t errlen);

/* Append a move to REC's main line unless O keeps no more; a move not kept is
 * counted in *UNKEPT.  Returns the move, or NULL when it was not kept. */
bo_rmove *gm_keep_move(bo_record *rec, const gm_read_opts *o, long *unkept, const char *text, size_t n, int line,
                       int col);
/* At the end of a record: the count of moves not kept goes into its "_Unkept" tag
 * (and *UNKEPT back to 0). */
void gm_note_unkept(bo_record *rec, long *unkept);

/* The move-list sniff: scan [d, d+n) as a move list without storing anything.
 * *points gets the number of points, *bad the number of tokens that are none of a
 * point, a move number, a result or a comment.  When CUT, the text was cut from a
 * longer one and its last, perhaps partial, token is not judged. */
void gm_sniff_moves(const char *d, size_t n, bool cut, long *points, long *bad);

/* "Size" tag as a number, 15 when absent or not a number. */
int gm_record_size(const bo_record *r);

#endif
