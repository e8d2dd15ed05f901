/* tg_record.h -- Two Tigers' contest record (tg_record.c), its validation against
 * the rules (tg_validate.c) and its board as SVG (tg_svg.c).
 *
 * A record, in the contests' style (docs/tigers.md):
 *   {[TG][Team A T][Team B D][先手胜][2026.11.30 14:00 Beijing][CCGC 2026];b3xb1(4);b2-a1;...}
 * header fields in brackets -- game code (TG or 二虎棋), the tigers' team, the dogs'
 * team, the result (先手胜 the tigers won, 后手胜 the dogs won, 平局 a draw), date
 * time and place, event -- an optional [FEN <position>] field for another start,
 * then the moves separated by ';'.  Games follow one another in one file. */
#ifndef BOYI_TG_RECORD_H
#define BOYI_TG_RECORD_H

#include <stdbool.h>
#include <stdio.h>

#include "record.h"
#include "text.h"
#include "tigers.h"
#include "verdict.h"

/* 0..100: how sure that T holds Two Tigers records. */
int tg_record_sniff(const char *text, size_t len);
/* Every game of T into L (a reader's faults as error notes, reading on at the next
 * '{').  Returns 0, or -1 with a reason when no game is in it. */
int tg_record_read(const bo_text *t, bo_record_list *l, char *err, size_t errlen);
/* The start of R (its FEN field, or the start of RULES); 0 or -1 with a reason. */
int tg_record_start(const bo_record *r, const char *rules, tg_pos *p, char *err, size_t errlen);
/* One game as a record: the header fields and MOVES from START. */
int tg_record_write(FILE *out, const char *tigers, const char *dogs, const char *result, const char *date,
                    const char *event, const tg_pos *start, bool standard_start, const uint32_t *moves, int n);
/* Replays every game of T and hands one verdict each to SINK (see verdict.h). */
int tg_validate_text(const bo_text *t, const char *rules, const bo_verdict_sink *sink, char *err, size_t errlen);
/* One game's verdict (its strings live until SINK returns). */
void tg_validate_record(const bo_record *r, const char *path, const char *rules, const bo_verdict_sink *sink);
/* Draws P as SVG (LAST: the move that led to it, 0 for none). */
void tg_svg_write(FILE *out, const tg_pos *p, uint32_t last);

#endif
