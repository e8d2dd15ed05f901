/* gm_formats.h -- the community formats of Gomoku and Renju: RenjuNet's database
 * (.rif), Renlib's opening library (.lib) and PlayOK's PGN export.
 *
 * Each reader fills bo_records the way gm_notation.h says (notation "moves": every
 * move is a point "h8"; tags Size, Rules, Black, White, Event, Date, Result as
 * "1-0" "0-1" "1/2-1/2"), so that the validator and the writers need nothing new.
 * docs/gomoku-formats.md describes the formats, what is tolerated and the Decisions.
 *
 *   rif     RenjuNet's XML database: <database> with tables <rules>, <openings>,
 *           <players>, <tournaments> and <games>; a record per <game>, with the
 *           extra tags "Opening" (free|swap|swap2|soosorv8|taraguchi10|rif|
 *           yamaguchi|tarannikov|...: the opening rule of its rule), "RuleName" (the
 *           rule's name as the database gives it), "OpeningName" (D4, I7...), "Round",
 *           "GameId", "Alt" and "Swap" (the database's fifth-move offers and swaps);
 *   renlib  Renlib's binary tree (header 0xFF "RenLib" 0xFF, then two bytes a node in
 *           preorder): one record for the whole library, its first branch at every
 *           node the main line and every other branch a variation; comments kept on
 *           their moves; tag "Library" = the Renlib version;
 *   playok  PGN as PlayOK exports Gomoku: [Event] [Site "PlayOK"] [Date] [Black]
 *           [White] [Result] tags, then "1. h8 i9 2. ...".  Its Result is written in
 *           the order of the players' colours black-white ("1-0": black won). */
#ifndef BOYI_GM_FORMATS_H
#define BOYI_GM_FORMATS_H

#include "gm_notation.h"

/* 0..100: how sure we are that T is in the format (the same scale as gm_sniff). */
int gm_sniff_rif(const bo_text *t);
int gm_sniff_renlib(const bo_text *t);
int gm_sniff_playok(const bo_text *t);

/* The readers: append T's records to OUT.  Return 0, or -1 with err when T holds
 * nothing of the format at all.  O may be NULL (keep every move, lenient). */
int gm_read_rif(const bo_text *t, const gm_read_opts *o, bo_record_list *out, char *err, size_t errlen);
int gm_read_renlib(const bo_text *t, const gm_read_opts *o, bo_record_list *out, char *err, size_t errlen);
int gm_read_playok(const bo_text *t, const gm_read_opts *o, bo_record_list *out, char *err, size_t errlen);

#endif
