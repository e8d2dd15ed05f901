/* dr_dxp.h -- the DamExchange protocol's messages (DXP, layer 2, version 1), as
 * Kingsrow, Scan and Dam 3.0 speak it over TCP.
 *
 * A message is one ASCII string ended by a NUL byte on the wire; its first byte
 * names it and its fields have fixed widths (numbers padded with '0', names with
 * blanks to 32 columns):
 *   R GAMEREQ  version(2) initiator(32) follower-colour(W|Z) minutes(3) moves(3)
 *              start(A = the initial position | B + colour to move + 50 squares e w z W Z)
 *   A GAMEACC  follower(32) code(0 accepted, 1 version, 2 not this game, 3 no game at all)
 *   M MOVE     seconds(4) from(2) to(2) captured-count(2) captured squares(2 each)
 *   E GAMEEND  reason(0 none, 1 I lose, 2 draw, 3 I win) stop(0 next game welcome, 1 stop)
 *   C CHAT     free text
 *   B BACKREQ  move-number(3) colour(W|Z)       K BACKACC  code(0 yes, 1 no support, 2 no)
 * Both sides of a DXP match use this file: the runner that drives a DXP engine
 * (selfplay/sp_dxp.c) and boyi as a DXP peer (cli/cmd_dxp.c).  Positions and moves
 * go through Hub's notation (dr_hub.h), so a capture is named by its captured
 * squares and is never ambiguous. */
#ifndef BOYI_DR_DXP_H
#define BOYI_DR_DXP_H

#include <stddef.h>

#include "game.h"

enum { DR_DXP_MSG_MAX = 128, DR_DXP_CAPS = 20 };

typedef struct dr_dxp_msg {
    char type;                     /* R A M E C B K */
    int version;                   /* R */
    char name[33];                 /* R: the initiator, A: the follower */
    char colour;                   /* R: the follower's colour; B: the side to move (W or Z) */
    int minutes, moves;            /* R: thinking time for the number of moves */
    char start;                    /* R: 'A' initial position, 'B' the position below */
    char pos[52];                  /* R with 'B': colour to move (W|Z) and 50 squares */
    char code;                     /* A, K: acceptance code; E: reason */
    char stop;                     /* E: stop code */
    int seconds, from, to, ncap;   /* M */
    int caps[DR_DXP_CAPS];
    int move_number;               /* B */
    char text[DR_DXP_MSG_MAX];     /* C */
} dr_dxp_msg;

/* Read message S (without its NUL).  0, or -1 with the field that is wrong in ERR. */
int dr_dxp_parse(const char *s, dr_dxp_msg *m, char *err, size_t errlen);
/* Write M as its string (OUT holds DR_DXP_MSG_MAX bytes); 0, or -1 when a field
 * does not fit its width. */
int dr_dxp_format(const dr_dxp_msg *m, char *out, size_t n);

/* PDN FEN as DXP's position (colour to move W|Z, then the 50 squares); 0 or -1. */
int dr_dxp_pos_from_fen(const char *fen, char out[52]);
/* DXP's position (colour + 50 squares) as a PDN FEN; 0, or -1 when it is not one. */
int dr_dxp_pos_to_fen(const char *dxp, char *out, size_t n);

/* The legal move at POS that move message M names; 0, or -1 (ERR says why). */
int dr_dxp_find_move(const bo_game *g, const void *pos, const dr_dxp_msg *m, bo_move *mv, char *err, size_t errlen);
/* Move MV at POS as a move message taking SECONDS; 0 or -1. */
int dr_dxp_move_msg(const bo_game *g, const void *pos, bo_move mv, int seconds, dr_dxp_msg *m);
/* The move message as Hub's text ("32-28", "28x19x23"), for logs and faults. */
void dr_dxp_move_text(const dr_dxp_msg *m, char *out, size_t n);

#endif
