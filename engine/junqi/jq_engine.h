/* jq_engine.h -- players of Junqi that see only their own view: the determinized
 * search engine (the descriptor's engine), its deployment patterns, and the two
 * reference opponents of the measurements (random, and a simple rule-based one). */
#ifndef BOYI_JQ_ENGINE_H
#define BOYI_JQ_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "junqi.h"

struct bo_tt;
struct bo_limits;
struct bo_search_info;

typedef struct jq_engine_params {
    int samples;        /* full states drawn from the view (0: 8) */
    int depth;          /* alpha-beta depth on each (0: 2) */
    uint64_t nodes;     /* node limit per sample (0: none) */
    int64_t movetime_ms;  /* time for the move, shared out among the samples (0: none; then
                             the depth is unlimited unless given) */
    uint64_t seed;      /* picks the deployment pattern and the samples */
} jq_engine_params;

enum { JQ_PATTERNS = 6 };
/* Deployment pattern K (0..JQ_PATTERNS-1) of SIDE as a full deployment text. */
int jq_pattern_text(int k, int side, char *buf, size_t n);

/* The engine's move for the view V (whose side is to move).  Only V is read.  Returns
 * 0 with *best (and *score, the vote's mean score) set, or -1 with err set. */
int jq_engine_choose(const jq_view *v, const jq_engine_params *ep, struct bo_tt *tt, uint32_t *best, int *score,
                     uint64_t *nodes, char *err, size_t errlen);
/* A uniformly random legal move; the rule-based player (see jq_engine.c).  -1: no move. */
int jq_random_move(const jq_view *v, uint64_t *rng, uint32_t *m);
int jq_rule_move(const jq_view *v, uint64_t *rng, uint32_t *m);

/* bo_game.engine for jq_game_desc: observes the side to move's view of POS and
 * chooses from it alone (seeded by the view). */
int jq_engine_search(const bo_game *g, const void *pos, const bo_hist *line, const struct bo_limits *lim,
                     struct bo_tt *tt, void (*on_info)(void *ctx, const struct bo_search_info *info), void *ctx,
                     struct bo_search_info *out, char *err, size_t errlen);

/* The players of matches (bo_game.player_kinds): "engine samples=N depth=D nodes=K
 * movetime=MS" and "rules" (the random player is every game's). */
extern const bo_player_kind jq_player_kinds[];

/* The same rules as a game of perfect information (for searching sampled states). */
extern const bo_game jq_full_game;

#endif
