/* search.h -- the game-agnostic alpha-beta search every two-player game of perfect
 * information uses through its descriptor (engine/core/game.h).
 *
 * Iterative deepening with principal variation search and aspiration windows, a
 * transposition table allocated once, quiescence on the game's noisy moves, late move
 * reductions, killer and history ordering, and win scores that count the distance.
 * Each game's ending rules (repetition, perpetual check, move limits, fouls) come in
 * through the descriptor's result and the line history.  With a depth or node limit
 * and one thread, a search is deterministic. */
#ifndef BOYI_SEARCH_H
#define BOYI_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdatomic.h>
#include <stdint.h>

#include "game.h"

/* Scores: hundredths of a pawn; a win in N plies is BO_SCORE_WIN - N. */
enum { BO_SCORE_WIN = 30000, BO_SCORE_WIN_MIN = 29000, BO_MAX_PLY = 128 };

typedef struct bo_limits {
    int depth;               /* 0: no depth limit (up to BO_MAX_PLY - 1) */
    uint64_t nodes;          /* 0: none */
    int64_t movetime_ms;     /* 0: none */
    int64_t clock_ms, inc_ms;  /* a clock: time left for this side and increment (0: none) */
    int moves_to_go;         /* moves until the next time control (0: sudden death) */
    int threads;             /* Lazy SMP threads sharing the table (0 or 1: one, deterministic) */
    const bo_move *skip;     /* root moves not to consider (multi-PV: the lines already shown) */
    int nskip;
    bool tree_repetitions;   /* a position repeated from the line before the root is a repetition
                                only at the rule's count (its third occurrence), one repeated inside
                                the tree at once (as Stockfish counts): judging a recorded game,
                                a move back to a position of the game is not a draw by itself.
                                false: any first repetition (self-play, matches) */
    const atomic_bool *stop; /* set by another thread: end the search now, with the best
                                move so far (NULL: none; a protocol server's `stop`) */
    /* An oracle (a game's endgame database), asked at every node below the root: 1 with
     * *value (+1 won, 0 drawn, -1 lost for the side to move) where it knows the
     * position, else 0.  Scored BO_SCORE_DB less the plies (NULL: none). */
    int (*probe)(const void *ctx, const void *pos, const bo_hist *line, int *value);
    const void *probe_ctx;
    const int *eval;         /* the evaluation's weights (bo_game.eval_model's nweights of
                                them, `--eval FILE`); NULL: the game's own evaluation */
} bo_limits;

/* An oracle's win: above any evaluation, below the win scores that count plies to the
 * end (a database value carries no distance). */
enum { BO_SCORE_DB = 20000 };

/* The longest time a search plans for (24 hours): a longer movetime, clock or
 * increment counts as this, so that absurd values neither overflow nor mean "never". */
#define BO_TIME_MAX_MS ((int64_t)24 * 3600 * 1000)

typedef struct bo_search_info {
    int depth, seldepth;
    int score;               /* side to move's view */
    int win_plies;           /* > 0: wins in so many plies; < 0: loses; 0: neither */
    double win_rate;         /* the side to move's expected score in [0,1] where the engine
                                estimates one (MCTS, expectimax); -1 where it does not */
    uint64_t nodes;
    double seconds;
    bo_move pv[BO_MAX_PLY];
    int pvlen;
    const char *note;        /* a game's word on the root where it has one ("database win"), else NULL */
} bo_search_info;

/* Called after every completed iteration (for `info` lines). */
typedef void (*bo_info_fn)(void *ctx, const bo_search_info *info);

/* The transposition table: one allocation of about MB megabytes, reused between
 * searches; NULL when out of memory. */
typedef struct bo_tt bo_tt;
bo_tt *bo_tt_new(size_t mb);
void bo_tt_clear(bo_tt *tt);
void bo_tt_free(bo_tt *tt);

/* Search POS (whose line so far is LINE, may be NULL) under LIM with the game's
 * engine: its own (bo_game.engine) where it has one, else the alpha-beta below.  The
 * best move and the last completed iteration's information go to OUT.  Returns 0, or
 * -1 with a reason (no legal move, a game without the functions the search needs). */
int bo_search(const bo_game *g, const void *pos, const bo_hist *line, const bo_limits *lim, bo_tt *tt,
              bo_info_fn on_info, void *ctx, bo_search_info *out, char *err, size_t errlen);
/* The alpha-beta itself, whatever engine the game names (a game's own engine may
 * use it where its table or solver has no answer). */
int bo_search_alphabeta(const bo_game *g, const void *pos, const bo_hist *line, const bo_limits *lim, bo_tt *tt,
                        bo_info_fn on_info, void *ctx, bo_search_info *out, char *err, size_t errlen);

/* The part of a fixed time per move an engine may think: all of it but a little kept
 * to stop and answer in time (a 25th, at most 10 ms; at least 1 ms is given).  Every
 * engine uses it, so that none overshoots the time it is given (issue 37). */
int64_t bo_movetime_budget(int64_t movetime_ms);

/* Moves until mate from a win score, as a player counts them: +N when the side to
 * move wins with its N-th move, -N when it is mated after N moves of its own. */
int bo_score_to_moves(int win_plies);

#endif
