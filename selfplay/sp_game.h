/* sp_game.h -- one self-play game between two players, through the game descriptor.
 *
 * A player is a search setting (depth, nodes, movetime), one of the game's own players
 * (bo_game.player_kinds, found by name), an outside engine, or the uniformly random
 * player.  A game starts from an opening (a position text, a move sequence, or K
 * seeded random plies), plays to the game's own end, a ply cap, or adjudication, and
 * records every move with the mover's evaluation.  Everything random comes from the
 * game's seed: the same seed and settings give the same game. */
#ifndef BOYI_SP_GAME_H
#define BOYI_SP_GAME_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "search.h"

typedef struct sp_player {
    bool random;              /* uniformly random legal moves */
    int depth;                /* search limits (0: none) */
    uint64_t nodes;
    int64_t movetime_ms;
    int64_t clock_ms, inc_ms; /* a clock (--tc): time for MOVES_TO_GO moves (0: the game), increment */
    int moves_to_go;
    int hash_mb;              /* transposition table (default 4) */
    const int *eval;          /* the evaluation's weights (bo_limits.eval; NULL: the game's own) */
    const struct sp_engine_spec *engine;   /* an outside engine (sp_engine.h), NULL: boyi's own */
    /* One of the game's own players (bo_game.player_kinds) with its settings, in place of
     * the engine under the limits above; NULL: the engine. */
    const bo_player_kind *kind;
    BO_ALIGNED unsigned char params[BO_PLAYER_PARAMS];
} sp_player;

typedef struct sp_adjudication {
    int max_plies;            /* a draw at this many plies (0: 1000) */
    int draw_plies;           /* draw adjudication from this ply on (0: off) ... */
    int draw_moves;           /* ... after so many moves each with both |eval| <= draw_score */
    int draw_score;
    int resign_moves;         /* resign when both players' evals agree beyond resign_score */
    int resign_score;         /* for so many moves each (0: off) */
    bool swap2;               /* Gomoku's swap2 opening (sp_swap2.h) decides the stones and colours */
    /* Not a rule: when not NULL and non-zero (a signal asked the batch to stop), a game
     * is abandoned before its next move (sp_played.abandoned). */
    const atomic_int *stop;
} sp_adjudication;

/* An opening: a start position text (NULL: the rules' start) and moves after it. */
typedef struct sp_opening {
    const char *position;
    const char *const *moves;
    int nmoves;
} sp_opening;

typedef struct sp_move_rec {
    bo_move move;
    int16_t eval;             /* the mover's search score (centipawns, wins clamped); 0 if none */
    int8_t searched;          /* 1 when eval comes from a search */
    int8_t book;              /* 1 for opening moves */
    int8_t mover;             /* the player who moved (0, 1), or BO_PLAYER_CHANCE */
    int16_t depth;            /* the search's depth, 0 if none or not said */
    int32_t ms;               /* the move's thinking time by the runner's clock; -1 if none */
} sp_move_rec;

/* A finished game. */
typedef struct sp_played {
    long index;
    bool a_first;             /* player A moved first (indices 2p: yes, 2p+1: no) */
    char start[512];          /* the start position's text */
    sp_move_rec *moves;
    int nmoves, cap;
    double score_first;       /* 1, 1/2, 0 for the first player */
    const char *reason;       /* "checkmate", "five in a row", "adjudication: resign", ... */
    char fault[400];          /* an outside engine's fault, where reason points when it lost by one */
    bool abandoned;           /* stopped unfinished (adjudication's stop flag): no result */
} sp_played;

/* What a worker reuses from game to game (tables, history): no allocation per move. */
typedef struct sp_worker sp_worker;
sp_worker *sp_worker_new(const bo_game *g, const sp_player *a, const sp_player *b);
void sp_worker_free(sp_worker *w);
/* Worker K of several playing at once (1, 2, ...): its outside engines log to files of
 * their own (sp_engine_instance). */
void sp_worker_instance(sp_worker *w, int k);
/* CPU seconds the worker's searches took so far. */
double sp_worker_search_seconds(const sp_worker *w);

/* Play game INDEX from OPENING (or, when it is NULL, RANDOM_PLIES random plies from
 * RULES' start, drawn from OPENING_SEED: a colour-swapped pair shares it); SEED drives
 * every later random choice.  OUT's moves are (re)allocated as needed and freed by
 * sp_played_free.  Returns 0, or -1 with err (a bad opening, out of memory). */
int sp_play_game(sp_worker *w, const char *rules, const sp_opening *opening, int random_plies,
                 const sp_adjudication *adj, long index, uint64_t opening_seed, uint64_t seed, sp_played *out,
                 char *err, size_t errlen);
void sp_played_free(sp_played *p);

/* The seed of game INDEX of a batch seeded SEED (a pair shares its opening's seed). */
uint64_t sp_game_seed(uint64_t batch_seed, long index);

/* The words for how a game ended. */
const char *sp_end_name(bo_end how);

#endif
