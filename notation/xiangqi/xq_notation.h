/* xq_notation.h - Xiangqi move notations: Chinese (炮二平五, 马８进７, 前炮平五,
 * the record sheet's short 炮25), WXF (C2.5, H8+7, +C.5), ICCS (h2-e2) and
 * UCI-style coordinates (h2e2): read any of them, write each of them.
 *
 * Reading is liberal (RULES.md section 1): every traditional or variant glyph,
 * ASCII / full-width / Chinese numerals on either side (the side to move decides
 * the counting direction, never the glyph), full-width Latin letters. Writing
 * is the standard modern form. Which piece a tandem marker (前/后/中/一..五,
 * WXF + - ++ --, 前九进一, 7+.6) names is set out at the top of xq_resolve.c.
 *
 * Everything here is pure: no global state, thread-safe. */
#ifndef BOYI_XQ_NOTATION_H
#define BOYI_XQ_NOTATION_H

#include <stddef.h>

#include "xiangqi.h"

typedef enum { XQ_NOTE_AUTO = 0, XQ_NOTE_CHINESE, XQ_NOTE_WXF, XQ_NOTE_ICCS, XQ_NOTE_UCI } xq_notation;

/* Longest text xq_write_move produces, with its NUL (five Chinese glyphs). */
enum { XQ_MOVE_TEXT_MAX = 24 };

/* Turn one written move (len bytes of UTF-8 at text; surrounding blanks and
 * trailing !?+# marks are ignored) into a move of position p.
 *
 * Returns 0 when the text pins down a concrete from/to square - the move may
 * still be ILLEGAL (ask xq_illegal_reason): 马8进7 with the horse's leg blocked
 * still yields the horse's geometric from/to. Returns -1 with a judge-readable
 * reason in err when it cannot: syntax ("cannot read '炮二平X' as a move: ..."),
 * no such piece ("there is no red cannon on file 二"), text no move can match
 * ("an advisor cannot move sideways (平)"), or ambiguity. When several pieces fit
 * the text, only those whose move is legal are kept: exactly one -> that move;
 * several -> "车二进三 is ambiguous: the chariots on b0 and b3 both fit".
 *
 * nt = XQ_NOTE_AUTO recognises the notation; *detected (may be NULL) gets the
 * notation that was read. err may be NULL. */
int xq_parse_move(const xq_pos *p, const char *text, size_t len, xq_notation nt,
                  xq_move *out, xq_notation *detected, char *err, size_t errlen);

/* Write m (legal in p) in notation nt (not AUTO) into buf (n bytes; n >=
 * XQ_MOVE_TEXT_MAX never truncates). Chinese: 车马炮相仕帅兵 for red and
 * 车马炮象士将卒 for black, red files in Chinese numerals 一..九, black files and
 * distances in full-width digits １..９, 前/中/后 and 一二三四五 for tandem
 * pieces (the file replaces the piece name, 前九进一, when pawns are stacked on
 * two files). WXF: C2.5, H8+7, +C.5 / -C.5 for tandem pieces, the WXF special
 * forms for 3-5 tandem pawns (P3.4 middle, ++.4 / --.4 foremost / rearmost)
 * and pawns stacked on two files (7+.6). ICCS: h2-e2. UCI: h2e2.
 * Returns 0, or -1 (buf gets "") when m moves no piece of the side to move,
 * nt is not a writable notation, or buf is too small. */
int xq_write_move(const xq_pos *p, xq_move m, xq_notation nt, char *buf, size_t n);

/* The script of Chinese move text: +1 for each glyph only traditional writing uses
 * (車馬帥將進後, the variants 俥傌砲), -1 for each only the simplified uses
 * (车马帅将进后); 0 for neither (a text of 炮兵平 alone, or no Chinese at all). */
int xq_chinese_script(const char *text);

/* Chinese move text as xq_write_move writes it (simplified) in traditional
 * characters, in place (车马帅将进后 -> 車馬帥將進後: three bytes each either way),
 * for a record written in the script it was read in. */
void xq_chinese_traditional(char *text);

/* "chinese", "wxf", "iccs", "uci" ("auto" for XQ_NOTE_AUTO). */
const char *xq_notation_name(xq_notation nt);

/* The notation named s ("chinese"/"cn", "wxf", "iccs", "uci", "auto");
 * -1 if none. */
int xq_notation_from_name(const char *s);

/* Guess the notation of one written move from its form alone, without a
 * position: XQ_NOTE_AUTO when it looks like none of them. */
xq_notation xq_notation_guess(const char *text, size_t len);

#endif
