/* tg_eval.c -- Two Tigers' static evaluation, for the alpha-beta where the solved
 * table does not reach.
 *
 * Rule it serves: the tigers win on the sixth capture, the dogs by leaving both
 * tigers without a move.  Method: material (dogs taken, each worth much on the way
 * to six), the tigers' freedom (their moves, their jumps now open) and a penalty for
 * a tiger already shut in; scored for the tigers and turned to the side to move. */
#include "tigers.h"

/* Counts the tigers' moves as if they were to move: freedom is what the dogs take away. */
int tg_evaluate(const tg_pos *p)
{
    uint32_t moves[16];
    int score = 150 * p->captured;
    for (int t = 0; t < 2; t++) {
        int n = tg_tiger_moves(p, t, moves), jumps = 0;
        for (int i = 0; i < n; i++) jumps += tg_jump_mid(tg_from(moves[i]), tg_to(moves[i])) >= 0;
        score += 6 * n + 25 * jumps;
        if (n == 0) score -= 80;
    }
    /* Dogs left on stacks cannot yet close the net. */
    static const int stacks[4] = {6, 8, 16, 18};
    for (int i = 0; i < 4; i++)
        if (p->dogs[stacks[i]] > 1) score += 3 * (p->dogs[stacks[i]] - 1);
    return p->side == TG_TIGERS ? score : -score;
}
