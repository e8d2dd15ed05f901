/* v8_eval.c - a static evaluation for the 8x8 variants: material (a king worth about
 * three men where kings fly, two and a half where they step), men's advance towards the
 * far row, and men kept on the back row while the opponent has no king (they stop
 * breakthroughs).  Hand-set weights, not tuned: enough for the generic alpha-beta to
 * play sensible moves; the international evaluation (evaluate.c) is the tuned one. */
#include "dr_eval.h"
#include "dr_internal.h"

/* Score for white of the men and kings of one side; WHITE_SIDE tells which. */
static int side_score(uint64_t men, uint64_t kings, bool white_side, bool opp_has_king, int king_value)
{
    int s = DRI_POPCOUNT(men) * 100 + DRI_POPCOUNT(kings) * king_value;
    for (uint64_t m = men; m; m &= m - 1) {
        int sq = DRI_CTZ(m) + 1, row = (sq - 1) / 4;          /* row 0 = black's back row */
        int advance = white_side ? 7 - row : row;
        s += advance * 4;
        if (advance == 0 && !opp_has_king) s += 12;
    }
    return s;
}

int dr_v8_evaluate(const dr_pos *p)
{
    bool flying = p->variant == DR_RUSSIAN || p->variant == DR_BRAZILIAN || p->variant == DR_POOL || p->variant == DR_SPANISH;
    int kv = flying ? 300 : 250;
    uint64_t wm = p->white & ~p->kings, wk = p->white & p->kings, bm = p->black & ~p->kings, bk = p->black & p->kings;
    int w = side_score(wm, wk, true, bk != 0, kv) - side_score(bm, bk, false, wk != 0, kv);
    return p->side == DR_WHITE ? w : -w;
}
