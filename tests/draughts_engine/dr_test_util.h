/* dr_test_util.h -- what the draughts evaluation tests share: the colour swap (the
 * same position seen from the other side: square s becomes 51 - s, white's pieces
 * black's and back, the other side to move), written square by square apart from the
 * engine's own mirror (dr_eval_mirror), so that the symmetry tests do not check the
 * engine against itself; and a walk over every position of a record's game. */
#ifndef BOYI_TEST_DR_TEST_UTIL_H
#define BOYI_TEST_DR_TEST_UTIL_H

#include <stdint.h>

#include "draughts.h"
#include "dr_pdn.h"
#include "game.h"

extern const bo_game dr_game_desc;

/* Square s -> 51 - s. */
static inline uint64_t dr_test_flip(uint64_t b)
{
    uint64_t m = 0;
    for (int s = 1; s <= 50; s++)
        if (b >> (s - 1) & 1) m |= UINT64_C(1) << (50 - s);
    return m;
}

static inline dr_pos dr_test_turned(const dr_pos *p)
{
    dr_pos q = *p;
    q.white = dr_test_flip(p->black);
    q.black = dr_test_flip(p->white);
    q.kings = dr_test_flip(p->kings);
    q.side = p->side == DR_WHITE ? DR_BLACK : DR_WHITE;
    q.hash = dr_pos_hash(&q);
    return q;
}

/* Plays record R's moves from the start position, calling CHECK(CTX, position) after
 * each; a game set up from a FEN is skipped, and the walk stops at the first move that
 * does not read (the records are judged elsewhere: these tests want positions). */
static inline void dr_test_each_position(const bo_record *r, void (*check)(void *ctx, const dr_pos *p), void *ctx)
{
    if (r->fen) return;
    dr_pos p;
    dr_pos_start(&p, DR_WHITE);
    for (int i = 0; i < r->nmoves; i++) {
        bo_move m;
        char err[200];
        if (!r->moves[i].text || dr_game_desc.move_from_text(&p, r->moves[i].text, &m, err, sizeof err) != 0) break;
        BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
        dr_game_desc.play(&p, m, undo, NULL);
        check(ctx, &p);
    }
}

#endif
