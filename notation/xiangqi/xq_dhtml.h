/* xq_dhtml.h - reader of DhtmlXQ, the web record of 东萍象棋网 (dpxq.com) and
 * the many sites and programs that copy it: tags written as UBB,
 * [DhtmlXQ_name]value[/DhtmlXQ_name], inside a block [DhtmlXQ]...[/DhtmlXQ]
 * (also [DhtmlXQiFrame], [DhtmlXQHTML]) that is one game, in a saved page or
 * on its own, UTF-8 or GBK.
 *
 *   binit     the start: 64 digits, one "xy" pair per piece in the order
 *             车马相仕帅仕相马车炮炮兵兵兵兵兵, red then black; x the file
 *             0..8 from red's left, y the row 0..9 from black's side; 99 =
 *             not on the board. Absent: the standard start.
 *   movelist  the main line: one "xyXY" group of four digits a move.
 *   move_P_S_B  branch B: a line of moves that replaces the S-th ply of
 *             branch P (0 = the main line); its plies are numbered S, S+1...
 *   commentN, commentB_N   the comment after ply N of the main line (N = 0:
 *             before the first move) or of branch B; "||" is a line break.
 *   title event date place round table group red black redteam blackteam
 *             redtime blacktime timerule result remark author open ecco ...
 *             the game's header. */
#ifndef BOYI_XQ_DHTML_H
#define BOYI_XQ_DHTML_H

#include <stdbool.h>
#include <stddef.h>

#include "record.h"
#include "text.h"

/* Does the text hold DhtmlXQ tags? */
bool xq_dhtml_sniff(const char *s, size_t n);

/* Read every DhtmlXQ game of T into out, one record a block (the whole file is
 * one game when it has tags but no block): tags (Title, Event, Date, Site,
 * Round, Red, Black, Result ...), the start FEN (NULL for the standard start;
 * the side to move is the colour of the first moved piece), the main line as
 * ICCS text ("h2-e2") with comments, the branches as variations; notation
 * "iccs"; moves located at their digits' line and column. A fault in the main
 * line (a group that is not four digits, a square off the board) keeps the
 * moves before it and is an error note of that game; a branch that cannot be
 * hung (its parent branch or ply missing) is left out with a warning. Returns
 * 0, or -1 with err set when out of memory. */
int xq_dhtml_read(const bo_text *t, bo_record_list *out, char *err, size_t errlen);

#endif
