/* minimax.c -- see minimax.h. */
#include "minimax.h"

/* After my move, every reply must leave me a win in two plies fewer; a finished game
 * counts for whoever it names. */
bool bo_test_wins_within(const bo_game *g, void *pos, int plies, int me)
{
    bo_move moves[BO_MOVES_MAX];
    BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
    int n = g->legal(pos, moves);
    if (plies <= 0 || n == 0) return false;
    for (int i = 0; i < n; i++) {
        g->play(pos, moves[i], undo, NULL);
        bo_result r = g->result(pos, NULL);
        bool win = r.how != BO_END_NONE && r.winner == me;
        if (!win && r.how == BO_END_NONE && plies >= 3) {
            bo_move replies[BO_MOVES_MAX];
            BO_ALIGNED unsigned char u2[BO_UNDO_MAX];
            int k = g->legal(pos, replies);
            win = true;
            for (int j = 0; j < k && win; j++) {
                g->play(pos, replies[j], u2, NULL);
                bo_result r2 = g->result(pos, NULL);
                win = r2.how != BO_END_NONE ? r2.winner == me : bo_test_wins_within(g, pos, plies - 2, me);
                g->unplay(pos, replies[j], u2, NULL);
            }
        }
        g->unplay(pos, moves[i], undo, NULL);
        if (win) return true;
    }
    return false;
}
