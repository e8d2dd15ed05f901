/* xq_xqf.h - reader of XQF, the binary record format of XQStudio (象棋演播室)
 * and many Chinese Xiangqi programs.
 *
 * Versions below 11 (XQF 1.0, version byte 0x0A) are plain; versions 11 and up
 * are encrypted with keys derived from header bytes 3 and 8..15 (piece
 * positions, move squares, the move stream and comment lengths). Layout, as
 * XQStudio's published XQF 1.0 description and xqbase's XQF2PGN read it:
 *   0x000 "XQ", version; 0x010 32 piece squares (byte X*10+Y, X file from red's
 *   left, Y rank from red's side; 255 = off the board) in the order
 *   车马相仕帅仕相马车炮炮兵兵兵兵兵 red then black; 0x033 result (0 unknown,
 *   1 red wins, 2 black wins, 3 draw); 0x040 type (0 full game, 1 opening,
 *   2 middle game, 3 ending); Pascal strings in GBK: 0x050 title, 0x0D0 event,
 *   0x110 date, 0x120 site, 0x130 red, 0x140 black, 0x150 time rule,
 *   0x190 red time, 0x1A0 black time, 0x1D0 annotator, 0x1E0 author;
 *   0x400 the move tree in pre-order, one record per node (the first is the
 *   root and holds the opening comment): from+24, to+32, flags, reserved,
 *   then a comment length and comment (always in 1.0; in later versions only
 *   when flag 0x20 is set). Flag 0x80 (1.0: any of 0xF0) = the node has a first
 *   child, which follows at once; 0x40 = it has a sibling (a variation).
 *
 * The reader keeps the main line (the first child at each node). */
#ifndef BOYI_XQ_XQF_H
#define BOYI_XQ_XQF_H

#include <stdbool.h>
#include <stddef.h>

#include "record.h"

/* Does the data start like an XQF file ("XQ")? */
bool xq_xqf_sniff(const unsigned char *data, size_t n);

/* Read the XQF file in data[0..n) and append one bo_record to out:
 *   - fen: the start position (NULL when it is the standard one), the side to
 *     move taken from the first move's piece;
 *   - tags Title, Event, Date, Site, Red, Black, Result (and RuleTime, RedTime,
 *     BlackTime, Annotator, Author when present), strings decoded from GBK;
 *   - the main line as ICCS text ("h2-e2") with each move's comment in
 *     bo_rmove.comment (the root's comment goes to the "_Comment" tag);
 *     a move's line is 0 and its col the byte offset of its record + 1;
 *   - result "1-0" / "0-1" / "1/2-1/2" / "*" from the header's result byte;
 *   - notation "iccs";
 *   - variations (XQF's move tree: a node's siblings are other moves from the
 *     same position) in the record's variation tree, bo_rmove.vars, with
 *     their comments and byte offsets;
 *   - a warning note when header strings had to be cut or could not be decoded.
 * A fault in the move section (truncated record, square outside the board,
 * impossible comment length) keeps the moves before it and adds an error note
 * (line 0, col = byte offset + 1); the function still returns 0.
 * Returns -1 with a reason in err, and out unchanged, when the data is not an
 * XQF file or its header is cut short or corrupt. Never reads outside data. */
int xq_xqf_read(const unsigned char *data, size_t n, bo_record_list *out, char *err, size_t errlen);

#endif
