/* ew_wtn.h -- EWN records: the contest's WTN format and a plain move list, read and
 * written; the judge that replays a record under the rules; and the judge of a match
 * (RULES.md section 5, docs/einstein.md).
 *
 * WTN (one game):
 *     #[WTN][first team R][second team B][先手胜][2019.07.20 14:00 place][2019 CCGC];
 *     R:A5-1;B5-2;C5-3;A4-4;B4-5;A3-6
 *     B:E3-1;D2-2;E2-3;C1-4;D1-5;E1-6
 *     1:3;(R3,D4)
 *     2:5;(B5,C2)
 * with the header variants of real logs (红方:队名 / 蓝方:队名 fields, 红方先手 /
 * 蓝方先手, 红方胜 / 蓝方胜, with or without the final ';', or ';;').  A file may hold
 * several games, each beginning with its header.
 * Contest programs' own logs depart from it (docs/einstein.md "Dialects"): a first line
 * that is the log's own path (or no header at all), blanks and a trailing ';' in the
 * arrangements ("R: A5-3;B5-5;...;"), moves written square to square ("1:6;(E3,D3)"),
 * blanks inside a move, several moves on a line.  They are read, each departure kept
 * as a located note on its game (a warning; --strict refuses the game).
 * Plain move list: the descriptor's move texts from the start (placements "R1@A5",
 * rolls "die3", steps "R3-D4"), separated by blanks; one game. */
#ifndef BOYI_EW_WTN_H
#define BOYI_EW_WTN_H

#include <stdbool.h>
#include <stdio.h>

#include "einstein.h"
#include "verdict.h"

typedef struct ew_wtn_move {
    int ply, die, side, piece, to;  /* as written (side EW_RED/EW_BLUE, to a square) */
    int from;                       /* square-to-square dialect: the square left (side -1,
                                       piece 0: the judge finds them on the board); else -1 */
    char tok[2];                    /* the first token of the pair ("B1": blue piece 1 or
                                       square B1, told apart per game once it is read) */
    int line, col;
    char text[48];                  /* the item as written */
    uint32_t plain;                 /* plain list: 0, else the token is in text */
} ew_wtn_move;

/* One kind of departure from the standard WTN in a game: where it is first met and how
 * often. */
typedef struct ew_wtn_note {
    int line, col, count;
    char kind[16];
    char message[224];
} ew_wtn_note;

#define EW_WTN_NOTES 10

typedef struct ew_wtn_game {
    int index;                      /* 1-based in the file */
    int line;                       /* of the header (or the first move) */
    int plain;                      /* a plain move list */
    int has_header;
    int named;                      /* no header: teams (and the winner) from the log's name line */
    char team[2][96];               /* first and second player's team as written */
    int first_colour;               /* EW_RED / EW_BLUE; -1 not said */
    int result;                     /* as written: 0 first player wins, 1 second, 2 draw, -1 none */
    char result_text[32];
    char reason[48];                /* why it ended off the board, as written after the result
                                       ("先手胜(超时)") or in a field of its own; "" if none */
    char date_place[96], event[96];
    int has_arr[2], arr[2][EW_PIECES + 1], arr_line[2];
    ew_wtn_move *moves;
    int nmoves, cap;
    ew_wtn_note notes[EW_WTN_NOTES];
    int nnotes;
    /* The first fault the reader met in this game (0: none). */
    int err_line, err_col;
    char err[192];
    bool oom;   /* memory ran out while reading it: not read whole, never judged */
} ew_wtn_game;

typedef struct ew_wtn_file {
    ew_wtn_game *games;
    int ngames;
} ew_wtn_file;

/* Read every game of TEXT (UTF-8, LF).  Faults inside a game are kept in that game
 * (the reader goes on with the next header); returns 0, or -1 with ERR when nothing
 * in the text is a record. */
int ew_wtn_read(const char *text, size_t len, ew_wtn_file *f, char *err, size_t errlen);
void ew_wtn_free(ew_wtn_file *f);
/* How sure (0..100) that TEXT holds EWN records. */
int ew_wtn_sniff(const char *text, size_t len);

/* The judge: replay G under the rules; one verdict to SINK.  *START gets the position
 * in play after the arrangements and MOVES[0..*NMOVES) (room for 2 * G->nmoves + 16)
 * the descriptor's moves (roll, step, ...) up to the first fault; *WINNER the side
 * that won on the board, else -1. */
void ew_wtn_judge(const ew_wtn_game *g, const char *path, const bo_verdict_sink *sink, ew_pos *start,
                  uint32_t *moves, int *nmoves, int *winner);

/* WTN of a game: header fields, the start in play (both arrangements on the board),
 * the descriptor's moves from it (rolls and steps).  FIRST_WINS: 1, 0, or -1 unknown;
 * REASON (may be NULL): why a win was reached off the board, in the contest's words
 * ("超时"), written after the result: [先手胜(超时)] (result_policy.h). */
int ew_wtn_write(FILE *out, const char *first_team, const char *second_team, int first_wins, const char *date_place,
                 const char *event, const ew_pos *start, const uint32_t *moves, int nmoves, const char *reason);

/* A match between two teams: games in order, each with its first player's team, the
 * other team, and the winner (0 first player, 1 second, -1 unknown). */
typedef struct ew_match_game {
    const char *first, *second;
    int winner;
} ew_match_game;

typedef struct ew_match_fault {
    int game;                       /* 0-based index into the games */
    char message[512];
} ew_match_fault;

typedef struct ew_match_result {
    char team_a[96], team_b[96];
    int wins_a, wins_b, played;
    int decided;                    /* 1: A won, 2: B won, 0: not decided */
    ew_match_fault faults[8];
    int nfaults;
} ew_match_result;

/* The match rules: at most 7 games, first to 4; team A (game 1's first player) moves
 * first in games 1, 4, 5, team B in 2, 3, 6, 7; no game after the match is decided. */
void ew_match_judge(const ew_match_game *games, int n, ew_match_result *r);

#endif
