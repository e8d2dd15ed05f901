/* xq_cbf.h - reader of ChessBridge's XML record (象棋桥 .cbf):
 *
 *   <ChineseChessRecord Version="1.0">
 *    <Head> <Name>title</Name> <Contest>event</Contest> <Round/> <Group/>
 *      <Table/> <Date/> <Site/> <TimeRule/> <Red/> <RedTeam/> <RedTime/>
 *      <RedRating/> <Black/> ... <Referee/> <Recorder/> <Commentator/>
 *      <Creator/> <ECCO/> <RecordResult>0..3</RecordResult> <FEN>...</FEN> </Head>
 *    <MoveList>
 *      <Move value="00-00"><![CDATA[the opening comment]]></Move>
 *      <Move value="77-47" />  <Move value="70-62"><![CDATA[a comment]]></Move> ...
 *    </MoveList>
 *   </ChineseChessRecord>
 *
 * A move's value is "xy-XY": x the file 0..8 from red's left (a..i), y the
 * row 0..9 from black's back rank (rank 9 - y). The first Move, "00-00", is
 * the start position and holds the opening comment. RecordResult as the CBR
 * result byte: 0 unknown, 1 red wins, 2 black wins, 3 a draw. Text is XML:
 * CDATA sections and the five predefined entities. The layout is the one of
 * the public cchess reader and of the real files in its test data. */
#ifndef BOYI_XQ_CBF_H
#define BOYI_XQ_CBF_H

#include <stdbool.h>
#include <stddef.h>

#include "record.h"
#include "text.h"

/* Does the text start like a ChessBridge XML record? */
bool xq_cbf_sniff(const char *s, size_t n);

/* Read every <ChineseChessRecord> of T into out, one record each: tags
 * (Title, Event, Round, Group, Table, Date, Site, TimeControl, Red, Black,
 * their teams, times and ratings, Referee, Recorder, Annotator, Author, ECCO,
 * Result), the start FEN (NULL for the standard start), the main line as ICCS
 * text ("h2-e2") with comments, notation "iccs", each move located at its
 * value's line and column. A move value that is not "xy-XY" on the board is
 * an error note of that game (the moves before it kept); an element the
 * reader does not know inside the move list is said in a warning. Returns 0,
 * or -1 with err set when out of memory. */
int xq_cbf_read(const bo_text *t, bo_record_list *out, char *err, size_t errlen);

#endif
