/* tg_game_desc.c -- Two Tigers through the game descriptor (engine/core/game.h).
 *
 * Rule (RULES.md 8 with its Decisions): the tigers (player 0) win on taking their
 * sixth dog; a side with no legal move loses (the dogs win when neither tiger can
 * move, judged when the tigers are to move; a trapped tiger stays on the board); a
 * position occurring for the third time, or 100 plies without a capture, is a draw.
 * A loss by having no move comes before the draw rules.  Method: the position value
 * is tg_pos; the line history holds the hash of every position, and a capture or a
 * dog leaving a stack (no earlier position can come back after either) is marked
 * irreversible so that repetition scans stop there.  The engine is the alpha-beta
 * with tg_evaluate, answered from the solved table where one is given (tg_engine.c). */
#include <stdio.h>
#include <string.h>

#include "core.h"
#include "game.h"
#include "search.h"
#include "tg_solve.h"
#include "tigers.h"

static const char *const rule_sets[] = {"standard", "vertical", NULL};

/* "standard": tigers on b3 and d3 (the Decision); "vertical": on c2 and c4, the same
 * game turned by 90 degrees, for records that start so. */
static int tg_d_start(void *pos, const char *rules, char *err, size_t errlen)
{
    tg_pos *p = pos;
    tg_start(p);
    if (!rules || strcmp(rules, "standard") == 0) return 0;
    if (strcmp(rules, "vertical") == 0) {
        p->tiger[0] = 7;
        p->tiger[1] = 17;
        p->hash = tg_hash_scratch(p);
        return 0;
    }
    return bo_fail(err, errlen, "unknown Two Tigers rule set '%s' (standard, vertical)", rules);
}

static int tg_d_from_text(void *pos, const char *rules, const char *text, char *err, size_t errlen)
{
    (void)rules;
    return tg_from_text(pos, text, err, errlen);
}

static void tg_d_to_text(const void *pos, char *buf, size_t n) { tg_to_text(pos, buf, n); }

static int tg_d_to_move(const void *pos)
{
    const tg_pos *p = pos;
    return p->captured >= TG_WIN_CAPTURES ? BO_PLAYER_TERMINAL : p->side;
}

static int tg_d_legal(const void *pos, bo_move *out) { return tg_legal(pos, out); }

static void tg_d_play(void *pos, bo_move m, void *undo, bo_hist *h)
{
    tg_pos *p = pos;
    bool irreversible = p->side == TG_DOGS_SIDE ? p->dogs[tg_from(m)] > 1 : tg_jump_mid(tg_from(m), tg_to(m)) >= 0;
    tg_play(p, m, undo);
    if (h) bo_hist_push(h, p->hash, irreversible ? BO_PLY_IRREVERSIBLE : 0);
}

static void tg_d_unplay(void *pos, bo_move m, const void *undo, bo_hist *h)
{
    tg_unplay(pos, m, undo);
    if (h) bo_hist_pop(h);
}

static bo_result won_by(int winner, bo_end how)
{
    bo_result r = {.how = how, .winner = winner};
    r.returns[winner] = 1;
    r.returns[1 - winner] = -1;
    return r;
}

/* Endings while the side to move still has moves: six taken, repetition, 100 plies. */
static bo_result tg_d_ending(const void *pos, const bo_hist *h)
{
    const tg_pos *p = pos;
    bo_result r = {.how = BO_END_NONE, .winner = -1};
    if (p->captured >= TG_WIN_CAPTURES) return won_by(TG_TIGERS, BO_END_GOAL);
    if (h && h->n > 0 && !h->overflow && bo_hist_repeats(h, NULL) >= 3) r.how = BO_END_REPETITION;
    else if (p->quiet >= TG_QUIET_LIMIT) r.how = BO_END_RULE_LIMIT;
    return r;
}

static bo_result tg_d_result(const void *pos, const bo_hist *h)
{
    const tg_pos *p = pos;
    bo_move moves[TG_MAX_MOVES];
    if (p->captured >= TG_WIN_CAPTURES) return won_by(TG_TIGERS, BO_END_GOAL);
    if (tg_legal(p, moves) == 0) return won_by(1 - p->side, BO_END_NO_MOVE);
    return tg_d_ending(pos, h);
}

static uint64_t tg_d_hash(const void *pos) { return ((const tg_pos *)pos)->hash; }
static uint64_t tg_d_hash_scratch(const void *pos) { return tg_hash_scratch(pos); }

static int tg_d_move_to_text(const void *pos, bo_move m, char *buf, size_t n)
{
    return tg_move_to_text(pos, m, buf, n);
}

/* Text that names a real move still has to be legal here. */
static int tg_d_move_from_text(const void *pos, const char *text, bo_move *m, char *err, size_t errlen)
{
    return tg_move_from_text(pos, text, m, err, errlen);
}

static int tg_d_evaluate(const void *pos) { return tg_evaluate(pos); }

static uint64_t tg_d_perft(const void *pos, int depth)
{
    tg_pos p = *(const tg_pos *)pos;
    return tg_perft(&p, depth);
}

/* Captures are the noisy moves: the tigers' jumps. */
static int tg_d_noisy(const void *pos, bo_move *out)
{
    const tg_pos *p = pos;
    bo_move all[TG_MAX_MOVES];
    if (p->side != TG_TIGERS) return 0;
    int n = tg_legal(p, all), k = 0;
    for (int i = 0; i < n; i++)
        if (tg_jump_mid(tg_from(all[i]), tg_to(all[i])) >= 0) out[k++] = all[i];
    return k;
}

/* Jumps first; dogs: moves that end next to a tiger (closing the net) first. */
static int tg_d_order(const void *pos, bo_move m)
{
    const tg_pos *p = pos;
    int to = tg_to(m);
    if (p->side == TG_TIGERS) return tg_jump_mid(tg_from(m), to) >= 0 ? BO_ORDER_NOISY : 0;
    int near = 0;
    for (int d = 0; d < 8; d++) {
        int q = tg_step(to, d);
        near += q >= 0 && (q == p->tiger[0] || q == p->tiger[1]);
    }
    return near;
}

const bo_game tg_game_desc = {
    .name = "tigers",
    .rule_sets = rule_sets,
    .players = 2,
    .player_names = {"tigers", "dogs"},
    .flags = 0,
    .pos_size = sizeof(tg_pos),
    .undo_size = sizeof(tg_undo),
    .max_moves = TG_MAX_MOVES,
    .start = tg_d_start,
    .from_text = tg_d_from_text,
    .to_text = tg_d_to_text,
    .to_move = tg_d_to_move,
    .legal = tg_d_legal,
    .chance = NULL,
    .play = tg_d_play,
    .unplay = tg_d_unplay,
    .result = tg_d_result,
    .hash = tg_d_hash,
    .hash_scratch = tg_d_hash_scratch,
    .move_to_text = tg_d_move_to_text,
    .move_from_text = tg_d_move_from_text,
    .evaluate = tg_d_evaluate,
    .perft = tg_d_perft,
    .ending = tg_d_ending,
    .noisy = tg_d_noisy,
    .order = tg_d_order,
    .engine = tg_engine,
    .player_kinds = tg_player_kinds,
};
