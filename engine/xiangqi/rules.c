/* rules.c - game state for replaying a record: checkmate/stalemate, the
 * natural limit, repetition and perpetual check (RULES.md section 1; the exact
 * definitions are in xiangqi.h above xq_game_outcome). */
#include "xq_internal.h"

#include <stdlib.h>
#include <string.h>

/* Make room for one more history entry. */
static int reserve(xq_game *g, size_t need)
{
    if (need <= g->cap)
        return 0;
    size_t cap = g->cap ? g->cap * 2 : 256;
    while (cap < need)
        cap *= 2;
    xq_game_entry *h = realloc(g->hist, cap * sizeof *h);
    if (!h)
        return -1;
    g->hist = h;
    g->cap = cap;
    return 0;
}

/* Start a game at `start` (copied). */
int xq_game_init(xq_game *g, const xq_pos *start)
{
    xq_tables_init();
    memset(g, 0, sizeof *g);
    g->pos = *start;
    if (reserve(g, 1) < 0)
        return -1;
    xq_game_entry *e = &g->hist[0];
    memset(e, 0, sizeof *e);
    e->hash = start->hash;
    memcpy(e->board, start->sq, XQ_SQUARES);
    e->undo.cap_slot = -1;
    return 0;
}

/* Append a move; records whether it gave check (for perpetual check). */
int xq_game_play(xq_game *g, xq_move m)
{
    if (reserve(g, g->plies + 2) < 0)
        return -1;
    xq_game_entry *e = &g->hist[g->plies + 1];
    xq_make_fast(&g->pos, m, &e->undo);
    g->plies++;
    e->hash = g->pos.hash;
    memcpy(e->board, g->pos.sq, XQ_SQUARES);
    e->move = m;
    e->gave_check = xq_in_check(&g->pos, g->pos.side);
    return 0;
}

/* Take the last move back. */
int xq_game_undo(xq_game *g)
{
    if (g->plies == 0)
        return -1;
    xq_game_entry *e = &g->hist[g->plies];
    xq_unmake_fast(&g->pos, e->move, &e->undo);
    g->plies--;
    return 0;
}

void xq_game_free(xq_game *g)
{
    free(g->hist);
    g->hist = NULL;
    g->plies = g->cap = 0;
}

/* Same position: hash first (cheap), then the board, so a collision cannot
   end a game. Side to move is equal by construction (indices of equal parity). */
static bool same_position(const xq_game_entry *a, const xq_game_entry *b)
{
    return a->hash == b->hash && memcmp(a->board, b->board, XQ_SQUARES) == 0;
}

/* Repetition verdict; XQ_ONGOING if the current position has not yet occurred
   three times. */
static xq_outcome repetition(const xq_game *g, xq_end *how)
{
    size_t now = g->plies;
    const xq_game_entry *cur = &g->hist[now];
    /* Every occurrence lies after the last capture (material never comes back)
       and at an index of the same parity (same side to move). The position's
       halfmove clock may exceed the history when the start FEN had one. */
    size_t window = (size_t)g->pos.halfmove < now ? (size_t)g->pos.halfmove : now;
    size_t first = now;
    int count = 1;
    for (size_t back = 2; back <= window; back += 2) {
        size_t i = now - back;
        if (same_position(&g->hist[i], cur)) {
            count++;
            first = i;
        }
    }
    if (count < 3)
        return XQ_ONGOING;

    /* The cycle: moves first+1 .. now. The move at index j was made by the
       side to move at index j-1. */
    xq_side start_side = (xq_side)(g->pos.side ^ (now & 1)); /* side to move at index 0 */
    bool all_check[2] = { true, true };
    for (size_t j = first + 1; j <= now; j++) {
        xq_side mover = (xq_side)(start_side ^ ((j - 1) & 1));
        if (!g->hist[j].gave_check)
            all_check[mover] = false;
    }
    if (all_check[XQ_RED] != all_check[XQ_BLACK]) {
        *how = XQ_END_PERPETUAL_CHECK;
        return all_check[XQ_RED] ? XQ_BLACK_WINS : XQ_RED_WINS;
    }
    *how = XQ_END_REPETITION;
    return XQ_DRAW;
}

/* Result after the last move: mate/stalemate, then repetition, then natural limit. */
xq_outcome xq_game_outcome(const xq_game *g, xq_end *how)
{
    xq_end dummy;
    if (!how)
        how = &dummy;
    *how = XQ_END_NONE;

    xq_move moves[XQ_MAX_MOVES];
    if (xq_gen_legal(&g->pos, moves) == 0) {
        *how = xq_in_check(&g->pos, g->pos.side) ? XQ_END_CHECKMATE : XQ_END_STALEMATE;
        return g->pos.side == XQ_RED ? XQ_BLACK_WINS : XQ_RED_WINS;
    }
    xq_outcome o = repetition(g, how);
    if (o != XQ_ONGOING)
        return o;
    if (g->pos.halfmove >= XQ_NATURAL_LIMIT_PLIES) {
        *how = XQ_END_NATURAL_LIMIT;
        return XQ_DRAW;
    }
    return XQ_ONGOING;
}

const char *xq_outcome_name(xq_outcome o)
{
    switch (o) {
    case XQ_ONGOING: return "ongoing";
    case XQ_RED_WINS: return "red wins";
    case XQ_BLACK_WINS: return "black wins";
    case XQ_DRAW: return "draw";
    }
    return "?";
}

const char *xq_end_name(xq_end e)
{
    switch (e) {
    case XQ_END_NONE: return "none";
    case XQ_END_CHECKMATE: return "checkmate";
    case XQ_END_STALEMATE: return "stalemate";
    case XQ_END_NATURAL_LIMIT: return "natural limit (120 plies without capture)";
    case XQ_END_REPETITION: return "repetition";
    case XQ_END_PERPETUAL_CHECK: return "perpetual check";
    }
    return "?";
}
