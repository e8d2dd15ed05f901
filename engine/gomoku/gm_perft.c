/* gm_perft.c -- Gomoku's own perft: the leaf count of the legal-move tree on the board
 * itself (gm_place / gm_remove, one foul scan per node where black moves under renju),
 * with the descriptor's idea of what is legal (gm_game_desc.c): black opens on the
 * centre under renju, black's forbidden points are not moves, a five or a full board
 * ends the game.  It is what `boyi perft` counts for Gomoku, and the yardstick of the
 * descriptor's cost (boyi bench descriptor). */
#include <stdbool.h>
#include <stdint.h>

#include "gm_desc.h"
#include "gomoku.h"

uint64_t gm_d_perft(const void *pos, int depth);

/* LAST: the point of the stone just placed (-1 none): a five through it ends the game. */
static uint64_t perft(gm_board *b, int last, int depth)
{
    int size = b->size;
    if (depth == 0) return 1;
    if (last >= 0 && gm_is_win(b, last % size, last / size, (gm_stone)b->cell[last / size][last % size])) return 0;
    if (b->stones == size * size) return 0;
    gm_stone side = b->to_move;
    if (b->rules == GM_RENJU && b->stones == 0) {   /* RULES.md 2: black opens on the centre */
        if (depth == 1) return 1;
        int c = size / 2;
        gm_place(b, c, c, side);
        uint64_t n = perft(b, c * size + c, depth - 1);
        gm_remove(b, c, c);
        b->to_move = side;
        return n;
    }
    bool forbidden[GM_MAX_SIZE * GM_MAX_SIZE] = {false};
    int nf = 0;
    if (b->rules == GM_RENJU && side == GM_BLACK) {
        int xs[GM_MAX_SIZE * GM_MAX_SIZE], ys[GM_MAX_SIZE * GM_MAX_SIZE];
        nf = gm_scan_fouls(b, xs, ys, NULL, GM_MAX_SIZE * GM_MAX_SIZE);
        for (int i = 0; i < nf; i++) forbidden[ys[i] * size + xs[i]] = true;
    }
    if (depth == 1) return (uint64_t)(size * size - b->stones - nf);
    uint64_t total = 0;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            if (b->cell[y][x] != GM_EMPTY || forbidden[y * size + x]) continue;
            gm_place(b, x, y, side);
            total += perft(b, y * size + x, depth - 1);
            gm_remove(b, x, y);
            b->to_move = side;
        }
    return total;
}

/* The descriptor's perft: a copy of the board, so that POS stays untouched. */
uint64_t gm_d_perft(const void *pos, int depth)
{
    const gm_dpos *p = pos;
    gm_board b = p->b;
    return perft(&b, p->last, depth);
}
