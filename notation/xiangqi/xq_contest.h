/* xq_contest.h - the contest (CCGC) record frame for Xiangqi (RULES.md,
 * "Contest records"; our form of its move list is in docs/xiangqi.md):
 *
 *   {[XQ][红队 R][黑队 B][先手胜][2019.07.20 14:00 沈阳][2019 CCGC];1.炮二平五 马８进７;2.马二进三 车９平８}
 *
 * Read tolerantly (any game code, missing fields, colour letters R/B or 红/黑,
 * moves in any notation, numbered or not, separated by ';', blanks or line
 * ends, "R:" / "B:" prefixes), written in the one canonical form above. */
#ifndef BOYI_XQ_CONTEST_H
#define BOYI_XQ_CONTEST_H

#include <stddef.h>
#include <stdio.h>

#include "record.h"
#include "text.h"
#include "xiangqi.h"

/* 0..100: how much the text looks like Xiangqi contest frames. 0 for a frame
 * whose code and moves are another game's ({[C5]...;B(H,8);...}). */
int xq_contest_sniff(const char *data, size_t len);

/* Read every {[..]..} frame of the text into out, one record per frame.
 * Sloppy fields are warnings on the record; an unclosed frame or header field
 * is an error note. Returns 0, or -1 with err set when out of memory. */
int xq_contest_read(const bo_text *t, bo_record_list *out, char *err, size_t errlen);

/* Write one game as a frame on one line (see xq_record_write for the
 * arguments). The result field is 先手胜 / 后手胜 / 平局, or * while unfinished;
 * a non-standard start goes into an extra [FEN ...] field after the event. */
int xq_contest_write(FILE *f, const bo_record *r, const xq_pos *start, const xq_move *moves,
                     int n, const char *result, char *err, size_t errlen);

/* What the writer puts in a header field for character c, which the frame
 * cannot hold as it is ("］" for ']', and so for '[' '{' '}' ';'; a blank for a
 * line end), or NULL when c is written as it is. */
const char *xq_contest_field_char(char c);

#endif
