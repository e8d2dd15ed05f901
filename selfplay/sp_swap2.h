/* sp_swap2.h -- the swap2 opening of Gomoku (the Gomocup protocol's SWAP2BOARD,
 * 2020): the opener places three stones (black, white, black); the other player
 * takes black ("swap"), or stays white and places the 4th stone, or places the 4th
 * and 5th stones and lets the opener choose; at five stones the opener takes black
 * ("swap") or places the 6th stone and so takes white.  "Swap" always means "I take
 * the colour that is not to move".
 *
 * One decision is a search of the stones so far: boyi's players in `boyi match`
 * (selfplay/sp_game.c) and `boyi gomocup` (cli/cmd_gomocup.c) decide the same way. */
#ifndef BOYI_SP_SWAP2_H
#define BOYI_SP_SWAP2_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "search.h"

typedef struct sp_swap2_answer {
    bool swap;                /* take the colour not to move */
    int n;                    /* else: stones placed, in order (3 at no stone; 1 or 2 at three; 1 at five) */
    bo_move m[3];
    int score, depth;         /* the search's, for the side to move (logs) */
} sp_swap2_answer;

/* The decision at POS, where NSTONES (0, 3 or 5) stones have been placed, searched
 * under LIM.  0, or -1 with err. */
int sp_swap2_choose(const bo_game *g, const char *rules, const void *pos, int nstones, const bo_limits *lim, bo_tt *tt,
                    sp_swap2_answer *a, char *err, size_t errlen);
/* Is A a well-formed answer at NSTONES stones (the right count, swap allowed)? */
bool sp_swap2_valid(const sp_swap2_answer *a, int nstones);

#endif
