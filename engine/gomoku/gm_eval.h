/* gm_eval.h -- what the alpha-beta search of engine/core asks of Gomoku and Renju
 * through the descriptor: the pattern evaluation, the noisy moves of quiescence
 * (fives, blocks of fives, fours), the candidate moves and their order.
 *
 * All of it reads one pass over the empty points near stones (gm_threat_scan), which
 * takes each point's shape on the four lines from the incremental line tables and
 * classifies it for both colours: a five point, a four point, a straight-four point,
 * an open-three point, and the combinations (double four, four-three, double three)
 * that win by themselves.  Renju black's combinations that are fouls are not counted:
 * black may not play them, and white may count on it. */
#ifndef BOYI_GM_EVAL_H
#define BOYI_GM_EVAL_H

#include "game.h"
#include "gm_desc.h"

/* Scores near the win bound: the side to move makes five at once, or faces a five it
 * cannot stop (two five points, or one it may not play). */
extern const bo_game gm_game_desc;

enum { GM_EVAL_WON = 28900, GM_EVAL_WIN3 = 20000 };

int gm_eval_position(const gm_dpos *p);
int gm_eval_noisy(const gm_dpos *p, bo_move *out);
int gm_eval_candidates(const gm_dpos *p, bo_move *out);
int gm_eval_order(const gm_dpos *p, bo_move m);

#endif
