/* xq_cbr.h - reader of ChessBridge (象棋桥) records: .cbr (one game) and .cbl
 * (a library of games). Binary, little-endian, not encrypted; text in UTF-16LE.
 *
 * A record (.cbr, version byte 19 = 2) starts "CCBridge Record\0"; fixed
 * UTF-16LE fields (NUL-terminated inside their room): 180 title (128 bytes),
 * 692 event, 756 round, 820 group (32), 852 table (32), 884 date, 948 site,
 * 1012 time rule, 1076 red, 1140 red team, 1204 red time, 1268 red rating (32),
 * 1300 black, 1364 black team, 1428 black time, 1492 black rating (32),
 * 1524 referee, 1588 recorder, 1652 annotator, 1780 author (64 bytes unless
 * said); 2076 result byte (0 unknown, 1 red wins, 2 black wins, 3 draw,
 * 4 several results); 2112 side to move (1 red, 2 black); 2116 the first
 * move number (u16); 2120 the board, 90 bytes, rank 9 (black's back rank)
 * first, files a..i, piece byte colour<<4|kind (colour 1 red, 2 black; kind
 * 1 chariot, 2 horse, 3 elephant, 4 advisor, 5 king, 6 cannon, 7 pawn);
 * 2210 a u32 of the program's; 2214 the move stream. Version 1 records lack
 * the 128-byte script field before the title and the 128 bytes of referee and
 * recorder, so their fields sit 128 (up to black rating) or 256 bytes lower.
 *
 * The move stream is the move tree in pre-order, one node a record: flags,
 * a byte of the program's, from square, to square (version 2: index
 * row*9+file, row 0 = rank 9; version 1: file<<4|row); flag 0x04 = a u32
 * byte length and a UTF-16LE comment follow; 0x01 = the node ends its line
 * (no next move); 0x02 = the node has a sibling (another move from the same
 * position, which follows once the node's own line is done). The first node
 * is the start position (its squares are not a move) and holds the opening
 * comment. The stream ends when a line ends with no sibling pending.
 *
 * A library (.cbl) starts "CCBridgeLibrary\0"; u32 at 60 = the number of
 * index slots; UTF-16LE 64 name (512 bytes); an index of 276-byte entries at
 * 66624 (u32 state: 7 in use, 5 deleted; u32 order; ...); the records from
 * 66624 + slots*276 on, each on a 4096-byte boundary (a long one goes on into
 * the next slots). Layouts as other public readers and real files show them
 * (docs/xiangqi-formats.md). */
#ifndef BOYI_XQ_CBR_H
#define BOYI_XQ_CBR_H

#include <stdbool.h>
#include <stddef.h>

#include "record.h"

/* 1: the data starts like a CBR record; 2: like a CBL library; 3: like the
 * older compressed ChessBridge library ("CCBridge", u32 21, u32 3, u32 unpacked
 * length, a zlib stream), which is recognised only to be refused with a clear
 * reason; 0: none of them. */
int xq_cbr_sniff(const unsigned char *data, size_t n);

/* Read the CBR record or the CBL library in data[0..n) and append its games
 * to out, each as the XQF reader gives them (xq_xqf.h): tags, the start FEN
 * (NULL for the standard start), the main line as ICCS text ("h2-e2") with
 * comments and variations, col = byte offset of the move's node + 1 (line 0),
 * notation "iccs", result from the result byte. A fault in one game's moves
 * keeps the moves before it and adds an error note to that game; a library
 * goes on with its next game. Records the library's index marks deleted,
 * and text pages (headings: no piece on the board, no move), are skipped (a
 * warning on the next game read says so). Returns -1 with a reason
 * in err when the data is no CBR/CBL (or an old compressed library), or a CBR
 * header is cut short. */
int xq_cbr_read(const unsigned char *data, size_t n, bo_record_list *out, char *err, size_t errlen);

#endif
