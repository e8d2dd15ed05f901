/* ew_game_desc.c -- Einstein wuerfelt nicht through the game descriptor
 * (engine/core/game.h).
 *
 * The position value is ew_pos (a 25-square mailbox, the pieces' squares, side, die,
 * setup state, hash).  Players are red (0) and blue (1).  The die is a chance node:
 * to_move() is BO_PLAYER_CHANCE before each step, and legal() and chance() list the
 * six rolls (1/6 each).  The arrangements are part of the game: rule set "choose" (the
 * default, as in the contest) makes the twelve placements the players' moves; "random"
 * makes them chance outcomes, every free square equally likely, so every arrangement
 * is drawn with probability 1/720 per side.  Red moves first in both; a position text
 * (or a record's header) says otherwise.  No position ever repeats (pieces only move
 * forward), so every ply is marked irreversible in the line history. */
#include <string.h>

#include "core.h"
#include "einstein.h"
#include "ew_player.h"
#include "ew_search.h"
#include "game.h"

static const char *const rule_sets[] = {"choose", "random", NULL};

/* The rule set's setup mode, or 0 with the error for an unknown name. */
static int setup_mode(const char *rules, char *err, size_t errlen)
{
    if (!rules || !strcmp(rules, "choose")) return EW_SETUP_CHOOSE;
    if (!strcmp(rules, "random")) return EW_SETUP_RANDOM;
    bo_fail(err, errlen, "unknown rule set '%s' for einstein (choose, random)", rules);
    return 0;
}

static int d_start(void *pos, const char *rules, char *err, size_t errlen)
{
    int mode = setup_mode(rules, err, errlen);
    if (!mode) return -1;
    ew_start(pos, mode, EW_RED);
    return 0;
}

/* The text says whether the setup is chosen or drawn; the rule set is only checked. */
static int d_from_text(void *pos, const char *rules, const char *text, char *err, size_t errlen)
{
    if (!setup_mode(rules, err, errlen)) return -1;
    return ew_from_text(pos, text, err, errlen);
}

static void d_to_text(const void *pos, char *buf, size_t n) { ew_to_text(pos, buf, n); }

static int d_to_move(const void *pos)
{
    int w = ew_to_move(pos);
    return w == -1 ? BO_PLAYER_CHANCE : w == -2 ? BO_PLAYER_TERMINAL : w;
}

static int d_legal(const void *pos, bo_move *out) { return ew_legal(pos, out); }

/* Rolls at 1/6; drawn placements at one over the free squares. */
static int d_chance(const void *pos, bo_move *out, double *prob)
{
    if (ew_to_move(pos) != -1) return 0;
    int n = ew_legal(pos, out);
    for (int i = 0; i < n; i++) prob[i] = 1.0 / n;
    return n;
}

static void d_play(void *pos, bo_move m, void *undo, bo_hist *h)
{
    memcpy(undo, pos, sizeof(ew_pos));
    ew_play(pos, m);
    if (h) bo_hist_push(h, ((ew_pos *)pos)->hash, BO_PLY_IRREVERSIBLE);
}

static void d_unplay(void *pos, bo_move m, const void *undo, bo_hist *h)
{
    (void)m;
    memcpy(pos, undo, sizeof(ew_pos));
    if (h) bo_hist_pop(h);
}

static bo_result d_result(const void *pos, const bo_hist *h)
{
    (void)h;
    bo_result r = {BO_END_NONE, -1, {0, 0}};
    int how, w = ew_winner(pos, &how);
    if (w < 0) return r;
    r.how = how == 1 ? BO_END_GOAL : BO_END_ALL_CAPTURED;
    r.winner = w;
    r.returns[w] = 1;
    r.returns[1 - w] = -1;
    return r;
}

static uint64_t d_hash(const void *pos) { return ((const ew_pos *)pos)->hash; }
static uint64_t d_hash_scratch(const void *pos) { return ew_hash_scratch(pos); }

static int d_move_to_text(const void *pos, bo_move m, char *buf, size_t n) { return ew_move_to_text(pos, m, buf, n); }

static int d_move_from_text(const void *pos, const char *text, bo_move *m, char *err, size_t errlen)
{
    return ew_move_from_text(pos, text, m, err, errlen);
}

static int d_evaluate(const void *pos) { return ew_evaluate(pos); }
static uint64_t d_perft(const void *pos, int depth) { return ew_perft(pos, depth); }

const bo_game ew_game_desc = {
    .name = "einstein",
    .rule_sets = rule_sets,
    .players = 2,
    .player_names = {"red", "blue"},
    .flags = BO_GAME_CHANCE | BO_GAME_SETUP,
    .pos_size = sizeof(ew_pos),
    .undo_size = sizeof(ew_pos),
    .max_moves = EW_MAX_MOVES,
    .start = d_start,
    .from_text = d_from_text,
    .to_text = d_to_text,
    .to_move = d_to_move,
    .legal = d_legal,
    .chance = d_chance,
    .play = d_play,
    .unplay = d_unplay,
    .result = d_result,
    .hash = d_hash,
    .hash_scratch = d_hash_scratch,
    .move_to_text = d_move_to_text,
    .move_from_text = d_move_from_text,
    .evaluate = d_evaluate,
    .perft = d_perft,
    .engine = ew_engine,
    .player_kinds = ew_player_kinds,
};
