/* evaluate.c -- the static evaluation of international draughts positions.
 *
 * Terms, for white and mirrored for black (square s of black is square 51 - s of
 * white seen from the other side):
 *   - material: a man 100, a king 300 (a king is worth about three men);
 *   - tempo: men gain a little per row advanced, as long as kings are off the board;
 *   - centre: men on the six central squares;
 *   - back-rank guard: men kept on the home row's middle squares while the opponent
 *     has no king (they stop breakthroughs);
 *   - outposts: a man on the opponent's half with both squares behind it held by own
 *     men;
 *   - runaway men: a man whose way to the promotion row no opposing piece can cut,
 *     worth most of a king.
 * Weights are set by hand and not yet tuned (docs/draughts.md). */
#include "dr_eval.h"

enum { MAN = 100, KING = 300 };

/* Row 0 (top, white's promotion row) .. 9 and column 0..9 of square s. */
static int row_of(int s) { return (s - 1) / 5; }
static int col_of(int s) { int r = row_of(s); return 2 * ((s - 1) % 5) + (r % 2 == 0 ? 1 : 0); }
static int square_at(int row, int col)
{
    if (row < 0 || row > 9 || col < 0 || col > 9 || (row + col) % 2 == 0) return 0;
    return row * 5 + col / 2 + 1;
}

static bool has(uint64_t set, int s) { return s > 0 && (set >> (s - 1) & 1); }

/* Mirror a bitboard so that black's men move "up" like white's. */
static uint64_t mirror(uint64_t b)
{
    uint64_t m = 0;
    for (int s = 1; s <= 50; s++)
        if (b >> (s - 1) & 1) m |= UINT64_C(1) << (50 - s);
    return m;
}

/* No opposing piece in the cone ahead of the man can reach its path in time: the
 * cone widens by one column per row, which covers every interception by a man. */
static bool runaway(int s, uint64_t enemy, uint64_t enemy_kings)
{
    if (enemy_kings) return false;
    int r = row_of(s), c = col_of(s);
    for (int k = 1; k <= r; k++)
        for (int dc = -k - 1; dc <= k + 1; dc++)
            if (has(enemy, square_at(r - k, c + dc))) return false;
    return true;
}

/* White's terms (men moving towards row 0) against BLACK_ALL. */
static int side_score(uint64_t men, uint64_t kings, uint64_t enemy, uint64_t enemy_kings, bool endgame)
{
    static const int centre[] = {22, 23, 24, 27, 28, 29};
    int v = 0;
    for (int s = 1; s <= 50; s++) {
        if (has(kings, s)) { v += KING; continue; }
        if (!has(men, s)) continue;
        int r = row_of(s), c = col_of(s);
        v += MAN;
        if (!endgame) v += 2 * (9 - r);
        else v += 5 * (9 - r);
        if (r <= 4 && has(men, square_at(r + 1, c - 1)) && has(men, square_at(r + 1, c + 1))) v += 15;
        if (runaway(s, enemy, enemy_kings)) v += 150 - 12 * r;
    }
    for (int i = 0; i < 6; i++) if (has(men, centre[i])) v += 10;
    if (!enemy_kings) for (int s = 47; s <= 49; s++) if (has(men, s)) v += 8;
    return v;
}

int dr_evaluate(const dr_pos *p)
{
    uint64_t wk = p->white & p->kings, bk = p->black & p->kings;
    uint64_t wm = p->white & ~p->kings, bm = p->black & ~p->kings;
    bool endgame = __builtin_popcountll(p->white | p->black) <= 12;
    int white = side_score(wm, wk, p->black, bk, endgame);
    int black = side_score(mirror(bm), mirror(bk), mirror(p->white), wk, endgame);
    return p->side == DR_WHITE ? white - black : black - white;
}
