/* dr_hub.h -- the Hub protocol's notation (version 2, Scan 3.x): positions as the
 * side to move and 50 squares ("W" + "bbbb...eeee...wwww", w b W B e), and moves as
 * "32-28" or, for a capture, "from x to x captured x captured ..." (the captured
 * pieces in any order, no pivots).  Both sides of a match use it: the runner that
 * drives a Hub engine (selfplay/sp_engine.c) and boyi as a Hub engine (cli/cmd_hub.c).
 *
 * Written over the game descriptor's texts (PDN FEN and PDN move text), so the same
 * code serves every game whose descriptor speaks them. */
#ifndef BOYI_DR_HUB_H
#define BOYI_DR_HUB_H

#include <stddef.h>

#include "game.h"

enum { DR_HUB_POS_LEN = 51 };

/* PDN FEN ("W:W31-50,K5:B1-20") as a Hub position (OUT holds 52 bytes); 0 or -1. */
int dr_hub_from_fen(const char *fen, char *out);
/* A Hub position as a PDN FEN; 0, or -1 when HUB is not one. */
int dr_hub_to_fen(const char *hub, char *out, size_t n);
/* The legal move at POS that Hub's TEXT names; 0, or -1 when none (or the text is
 * not a move).  Without captured squares, a capture is found by its ends when they
 * name one move only. */
int dr_hub_find_move(const bo_game *g, const void *pos, const char *text, bo_move *m);
/* Move M at POS in Hub's notation; 0 or -1. */
int dr_hub_move_text(const bo_game *g, const void *pos, bo_move m, char *buf, size_t n);

#endif
