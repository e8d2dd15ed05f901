/* jq_eval.c -- the static evaluation of a full Junqi state (the determinized search
 * evaluates sampled states, so it may read every piece's kind).
 *
 * Material, with values that follow the collision table (a bomb is worth about what
 * it usually takes, an engineer more than a platoon because only it clears landmines
 * and runs the railways), a bonus for officers advanced towards the enemy, and a
 * penalty for an enemy piece that can reach one's flag's neighbourhood, and, as the
 * 31-ply rule nears, a penalty for the side that will be to move when it strikes if
 * nothing collides (beyond the search's horizon otherwise).  Units are
 * hundredths of a platoon commander's worth, from the side to move's view. */
#include <stdbool.h>

#include "junqi.h"

static const int value[JQ_KINDS] = {0, 0, 350, 1100, 500, 300, 400, 550, 700, 900, 1200, 1700, 2400};

/* Material and the two threats the search cannot see far enough to find. */
int jq_evaluate(const jq_pos *p)
{
    const jq_graph *g = jq_board();
    int score[2] = {0, 0};
    int flag_post[2] = {-1, -1};
    for (int q = 0; q < JQ_POSTS; q++) {
        uint8_t c = p->cell[q];
        if (!c) continue;
        int k = jq_cell_kind(c), s = jq_cell_owner(c);
        score[s] += value[k];
        if (k == JQ_FLAG) flag_post[s] = q;
        if (k >= JQ_ENGINEER) {
            int adv = s == 0 ? jq_row(q) : JQ_ROWS - 1 - jq_row(q);
            score[s] += 6 * adv;
        }
    }
    /* Enemy movers next to a flag threaten to take it. */
    for (int s = 0; s < 2; s++) {
        if (flag_post[s] < 0) continue;
        for (uint64_t a = g->adj[flag_post[s]]; a; a &= a - 1) {
            uint8_t c = p->cell[__builtin_ctzll(a)];
            if (c && jq_cell_owner(c) != s && (JQ_MOVABLE & JQ_MASK(jq_cell_kind(c)))) score[s] -= 400;
        }
    }
    int v = score[p->side] - score[1 - p->side];
    if (p->quiet >= 19 && p->quiet < JQ_QUIET_LIMIT) {
        bool mine = (JQ_QUIET_LIMIT - p->quiet) % 2 == 0;   /* the side to move then is this one */
        int pen = 90 * (p->quiet - 18);
        v += mine ? -pen : pen;
    }
    return v;
}
