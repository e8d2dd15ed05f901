/* game.h -- the game descriptor: one interface that every game implements and that
 * everything above the engines (search, annotate, self-play, matches, solvers, the
 * CLI's generic commands) uses.  docs/game-interface.md explains the design and how
 * each of the nine games of RULES.md maps onto it.
 *
 * A position is a plain value of `pos_size` bytes owned by the caller (copy it with
 * memcpy); a move is a uint32_t that the game encodes as it likes; a game's fast code
 * stays in its own folder, and hot paths call it directly.  No function here keeps
 * state between calls: descriptors are const tables, safe for many threads. */
#ifndef BOYI_GAME_H
#define BOYI_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint32_t bo_move;

/* Room for any game's position value or undo record (callers may use the stack,
 * declaring the buffer BO_ALIGNED so that any game's struct may live in it). */
#define BO_ALIGNED _Alignas(16)
enum { BO_POS_MAX = 4096, BO_UNDO_MAX = 256, BO_MOVES_MAX = 512 };

/* Who moves: a player index, or these. */
enum { BO_PLAYER_CHANCE = -1, BO_PLAYER_TERMINAL = -2 };

/* Kinds of game, for the layers that must treat them differently. */
enum {
    BO_GAME_CHANCE = 1u << 0,   /* chance nodes (EWN's die) */
    BO_GAME_HIDDEN = 1u << 1,   /* hidden information (Junqi): referee state and views */
    BO_GAME_SETUP  = 1u << 2,   /* a placement or deployment phase made of moves */
};

typedef enum {
    BO_END_NONE = 0,      /* the game goes on */
    BO_END_MATE,          /* checkmate */
    BO_END_NO_MOVE,       /* the side to move has no legal move (stalemate, blocked) */
    BO_END_FIVE,          /* five in a row (or the overline that wins under the rules) */
    BO_END_FOUL,          /* a forbidden move was played */
    BO_END_REPETITION,    /* repetition draw */
    BO_END_PERPETUAL,     /* perpetual check loses */
    BO_END_RULE_LIMIT,    /* a move-count rule (natural limit, 25-move rule...) */
    BO_END_FULL_BOARD,    /* the board is full */
    BO_END_GOAL,          /* a piece reached its goal */
    BO_END_ALL_CAPTURED,  /* no pieces left */
    BO_END_FLAG,          /* the flag was captured */
    BO_END_SOLVED,        /* a puzzle reached its goal */
    BO_END_STUCK          /* a puzzle can go no further short of its goal */
} bo_end;

typedef struct bo_result {
    bo_end how;           /* BO_END_NONE while the game goes on */
    int winner;           /* 0 or 1; -1 for a draw, an unfinished game, or a puzzle */
    double returns[2];    /* +1/-1/0 per player; a puzzle: minus what is left */
} bo_result;

/* The positions of a line of play since the game's start or a position given as
 * text: what repetition and move-count rules need.  One per search thread; the game's
 * play() pushes an entry, unplay() pops it.  Allocated once (bo_hist_init) with room
 * for `cap` plies; play() beyond it stops recording (and bo_hist_full says so). */
enum { BO_PLY_CHECK = 1, BO_PLY_IRREVERSIBLE = 2 };
/* Bits BO_PLY_GAME and up (4 of them) are the game's own: what its ending() needs to
 * know of each position beyond its hash (draughts: the 16- and 5-move counts). */
enum { BO_PLY_GAME = 16 };
typedef struct bo_hist {
    uint64_t *hash;       /* hash[i]: position i (0 = where the line began) */
    uint8_t *flags;       /* flags[i]: of the move that led to position i */
    int n, cap;           /* entries in use (>= 1 once reset), room */
    int overflow;         /* plies played past cap */
} bo_hist;

int bo_hist_init(bo_hist *h, int cap);                 /* 0, or -1 out of memory */
void bo_hist_free(bo_hist *h);
void bo_hist_reset(bo_hist *h, uint64_t start_hash);   /* a line starting here */
void bo_hist_push(bo_hist *h, uint64_t hash, uint8_t flags);
void bo_hist_pop(bo_hist *h);
/* How many times the last position occurs in the line since its last irreversible
 * move, and the index of its first such occurrence in *first. */
int bo_hist_repeats(const bo_hist *h, int *first);

/* What an exact solver (a VCF search, a solved game's table) proves about a position. */
enum { BO_SOLUTION_MAX = 256 };
#define BO_MOVE_ANY ((bo_move)0xFFFFFFFFu)   /* in a line: the player may play anything */
typedef struct bo_solution {
    int found;               /* 1: proved (see value); 0: nothing proved within the limits */
    int value;               /* for the side to move: +1 win, -1 loss, 0 draw */
    int plies;               /* to the end of the game under the proof's play */
    bo_move line[BO_SOLUTION_MAX];
    int len;
    uint64_t nodes;
    int budget_out;          /* the limits stopped it before it was done */
} bo_solution;

typedef struct bo_solver {
    const char *name;        /* as `boyi solve --solver NAME` (or --NAME) spells it */
    const char *summary;
    /* DEPTH and NODES bound the work (0: the solver's defaults). */
    int (*run)(const void *pos, int depth, uint64_t nodes, bo_solution *out, char *err, size_t errlen);
} bo_solver;

struct bo_game;
struct bo_limits;
struct bo_tt;
struct bo_search_info;

/* A player of the game's own, beside its engine at a setting (bo_game.engine under
 * limits) and the random player: the named variants that matches measure against each
 * other (NoGo's plain UCT beside RAVE, EWN's MCTS beside expectimax, Junqi's
 * rule-based reference player).  A player spec names one with its options
 * ("uct playouts=1000 c=0.5"); self-play and matches find it here, so nothing above
 * the engines names a game's players.  PARAMS is the kind's own settings, a plain value
 * of at most BO_PLAYER_PARAMS bytes (BO_ALIGNED) that the caller owns. */
enum { BO_PLAYER_PARAMS = 64 };
typedef struct bo_player_kind {
    const char *name;        /* as a spec names it: "uct" */
    const char *options;     /* what it takes, for errors and help: "playouts=N c=X" */
    void (*defaults)(void *params);
    /* One KEY=VALUE word of a spec (or a command line's limit: "nodes", "movetime",
     * "depth") into PARAMS; 0, or -1 with err naming what the kind takes instead. */
    int (*option)(void *params, const char *key, const char *value, char *err, size_t errlen);
    /* The move at POS (a player's turn; LINE, may be NULL, led there): OUT as bo_search
     * fills it (pv[0] the move; depth > 0 where score is a search's judgement, else 0).
     * SEED is the same for all of one player's moves in one game (the runner draws one
     * per game and player: a Junqi deployment keeps to one pattern); a kind mixes in the
     * position (its hash) where each move needs draws of its own.  TT may be used as a
     * scratch table.  Returns 0, or -1 with err. */
    int (*move)(const struct bo_game *g, const void *params, const void *pos, const bo_hist *line, uint64_t seed,
                struct bo_tt *tt, struct bo_search_info *out, char *err, size_t errlen);
} bo_player_kind;

/* A game's own engine (see bo_game.engine): the contract of bo_search (search.h). */
typedef int (*bo_engine_fn)(const struct bo_game *g, const void *pos, const bo_hist *line,
                            const struct bo_limits *lim, struct bo_tt *tt,
                            void (*on_info)(void *ctx, const struct bo_search_info *info), void *ctx,
                            struct bo_search_info *out, char *err, size_t errlen);

/* A trainable evaluation (`boyi train`, selfplay/sp_train.h): the game's evaluation
 * written as a function of NWEIGHTS integer weights, linear in them, so that a
 * position is a sparse list of features (weight index, value) and its evaluation is
 * the sum of weight times value.  A game that has one fills bo_game.eval_model; the
 * search plays with other weights through bo_limits.eval. */
typedef struct bo_feature {
    int32_t index;           /* the weight's index, 0..nweights-1 */
    float value;             /* what the weight is multiplied by */
} bo_feature;

/* An earlier model of a trainable evaluation whose weights files still load.  id names it
 * in a file's first line; weight(NAME, OUT) puts the indices of the new model that the
 * old weight NAME sets (at most BO_OLD_WEIGHT_MAX: draughts-patterns-2's middle-game and
 * endgame copies of a draughts-patterns-1 weight, xiangqi-terms-3's weight of the same
 * name) and returns their count, 0 for a name the old model lacks; nweights is the old
 * model's size (a file that is not sparse gives them all).  The new model's weights that
 * no old weight sets read as 0 (xiangqi-terms-3's threat terms from a xiangqi-terms-2
 * file; its tables too from a xiangqi-terms-1 file). */
typedef struct bo_eval_old {
    const char *id;
    int (*weight)(const char *name, int *out);
    int nweights;
} bo_eval_old;

enum { BO_OLD_WEIGHT_MAX = 4, BO_EVAL_OLD_MAX = 2 };

typedef struct bo_eval_model {
    const char *id;                    /* names the weights' kind in a weights file ("xiangqi-terms-3") */
    int nweights;
    const char *const *names;          /* each weight's name, as a weights file spells it;
                                          NULL: weight_name and weight_index say them
                                          (a model of many weights: pattern tables) */
    const int *defaults;               /* the weights the engine plays with unless told */
    /* The evaluation under weights W (from the side to move's view, as evaluate). */
    int (*evaluate_with)(const void *pos, const int *w);
    /* POS's features into OUT (room for max_features), each index once; returns the
     * count.  NULL: bo_eval_features finds them by evaluating with one weight at a
     * time (exact for an evaluation linear in its weights whose integer divisions
     * divide evenly by BO_FEATURE_PROBE; slow for many weights). */
    int (*features)(const void *pos, bo_feature *out);
    int max_features;                  /* 0: nweights */
    /* Where names is NULL: weight I's name into BUF; the index of the weight NAME, or -1. */
    void (*weight_name)(int i, char *buf, size_t n);
    int (*weight_index)(const char *name);
    /* Earlier models whose weights files still load, nearest first (an id of NULL ends
     * the list: draughts one, Xiangqi two). */
    bo_eval_old old[BO_EVAL_OLD_MAX];
} bo_eval_model;

/* Weight I's name under model M into BUF (N bytes); returns BUF. */
const char *bo_eval_weight_name(const bo_eval_model *m, int i, char *buf, size_t n);

/* The probe weight bo_eval_features evaluates with (the features' values are
 * multiples of 1/BO_FEATURE_PROBE). */
enum { BO_FEATURE_PROBE = 1024 };

typedef struct bo_game {
    const char *name;                  /* "xiangqi", as --game spells it */
    const char *const *rule_sets;      /* NULL-terminated; [0] is the default */
    int players;                       /* 1 (puzzle) or 2 */
    const char *player_names[2];       /* "red", "black"... as records name them */
    unsigned flags;                    /* BO_GAME_* */
    size_t pos_size, undo_size;        /* <= BO_POS_MAX, <= BO_UNDO_MAX */
    int max_moves;                     /* bound on legal moves anywhere, <= BO_MOVES_MAX */

    /* The start position under RULES (NULL = the default rule set). */
    int (*start)(void *pos, const char *rules, char *err, size_t errlen);
    /* The game's own position text (FEN and the like), both ways. */
    int (*from_text)(void *pos, const char *rules, const char *text, char *err, size_t errlen);
    void (*to_text)(const void *pos, char *buf, size_t n);
    /* 0 or 1, BO_PLAYER_CHANCE, or BO_PLAYER_TERMINAL (only if the position alone
     * shows the game is over; rules that need the history are in result()). */
    int (*to_move)(const void *pos);
    /* Legal moves in a fixed order (the game's own), or the outcomes of a chance node;
     * returns the count. */
    int (*legal)(const void *pos, bo_move *out);
    /* Chance nodes: outcomes and their probabilities (NULL for games without). */
    int (*chance)(const void *pos, bo_move *out, double *prob);
    /* Play a legal move; UNDO (undo_size bytes) receives what unplay needs; H, when
     * not NULL, gets the new position pushed. */
    void (*play)(void *pos, bo_move m, void *undo, bo_hist *h);
    void (*unplay)(void *pos, bo_move m, const void *undo, bo_hist *h);
    /* Is the game over here, and how?  H (may be NULL) is the line that led here. */
    bo_result (*result)(const void *pos, const bo_hist *h);
    uint64_t (*hash)(const void *pos);          /* the incrementally kept hash */
    uint64_t (*hash_scratch)(const void *pos);  /* the same computed from nothing */
    /* The game's own move text (ICCS "h2e2", "h8", PDN "32-28" / "27x18"). */
    int (*move_to_text)(const void *pos, bo_move m, char *buf, size_t n);
    int (*move_from_text)(const void *pos, const char *text, bo_move *m, char *err, size_t errlen);
    /* Static evaluation from the side to move's view, in hundredths of a pawn/man. */
    int (*evaluate)(const void *pos);
    /* The game's own perft (its fast move generator), to check legal() against. */
    uint64_t (*perft)(const void *pos, int depth);

    /* What the search needs beyond the above (NULL where a game has none). */
    /* Endings by rule while the side to move still has moves (repetition, move
     * limits): result() is this plus "no legal move", which the search already knows. */
    bo_result (*ending)(const void *pos, const bo_hist *h);
    /* The legal moves that change material, searched to quiet positions. */
    int (*noisy)(const void *pos, bo_move *out);
    /* Is the side to move in check (no standing pat, no reductions)? */
    bool (*in_check)(const void *pos);
    /* The moves worth searching when the legal ones are too many (Gomoku: points
     * near stones); NULL = legal(). */
    int (*candidates)(const void *pos, bo_move *out);
    /* A move's promise, for ordering: higher is searched first; BO_ORDER_NOISY and up
     * mark moves that are never reduced (captures, threats). */
    int (*order)(const void *pos, bo_move m);
    /* Null move: the side to move passes (null-move pruning).  NULL for games where
     * passing is unsound because zugzwang is common (draughts, Gomoku).  Returns false,
     * changing nothing, where the game judges a pass unsafe (Xiangqi: only pawns,
     * advisors and elephants left); else passes, keeping the hash exact, and UNDO
     * (undo_size bytes) receives what unplay_null needs.  The search never passes in
     * check.  Line histories are the caller's: the search marks the pass irreversible. */
    bool (*play_null)(void *pos, void *undo);
    void (*unplay_null)(void *pos, const void *undo);
    /* Static exchange evaluation: is the noisy move M worth at least THRESHOLD (the
     * evaluation's units) once both sides have exchanged on its square while it pays
     * them?  The search orders the captures that lose material after the quiet moves
     * and leaves them out of quiescence.  NULL: every noisy move is searched in the
     * order the game gives it. */
    bool (*see_ge)(const void *pos, bo_move m, int threshold);
    unsigned search_flags;             /* BO_SEARCH_* */
    /* Exact solvers, ended by one with a NULL name (NULL: none). */
    const bo_solver *solvers;
    /* Tried at the root before alpha-beta (NULL: none): a win it proves, within its
     * own default limits, is the search's answer (Gomoku: VCF, then VCT). */
    const bo_solver *root_solver;
    /* A proof of a win for the side to move within NODES nodes (DEPTH 0: its own
     * bound), cheap enough to try on every move of a game (NULL: none).  annotate
     * judges a move by it: a move after which the opponent has a proof, where the best
     * move leaves none, is lost whatever the search's horizon says (Gomoku: VCF, then
     * VCT). */
    const bo_solver *proof;

    /* The game's own engine, where search.c's alpha-beta is not the right player: a
     * solved game's table, MCTS, expectimax under chance, a determinized search over
     * hidden information.  bo_search() hands every search to it, so analyse, annotate,
     * engine, selfplay and matches use it unchanged.  It may call bo_search_alphabeta()
     * itself.  It fills OUT as bo_search does (best move in pv[0]), setting win_rate
     * where it estimates one, and -1 otherwise.  NULL: the alpha-beta. */
    bo_engine_fn engine;
    /* The search limits (BO_LIMIT_*) the engine does not honour, 0 where it honours
     * them all (the alpha-beta does); those among them that cannot change its answer
     * (an exact solver's: moot); and a line saying what it takes instead.  The commands
     * refuse a limit that would be ignored and warn of a moot one (issue 37). */
    unsigned ignored_limits, moot_limits;
    const char *limits_note;

    /* The evaluation as trainable weights (NULL: the game's evaluation has none). */
    const bo_eval_model *eval_model;

    /* Hidden information (BO_GAME_HIDDEN; zero/NULL otherwise).  A position value is the
     * referee's full state; a view is what PLAYER sees of it (view_size bytes, a plain
     * value like a position).  sample() draws, with the caller's RNG state, a full
     * state consistent with VIEW (determinized search); returns 0, or -1 if none. */
    size_t view_size;
    void (*observe)(const void *pos, int player, void *view);
    int (*sample)(const void *view, uint64_t *rng, void *pos);

    /* The game's own players (bo_player_kind), ended by one with a NULL name (NULL:
     * none; the engine at a setting and the random player are every game's). */
    const bo_player_kind *player_kinds;
} bo_game;

enum { BO_ORDER_NOISY = 1 << 20 };

/* Search limits, for bo_game.ignored_limits: depth, nodes, and time (a fixed time per
 * move or a clock). */
enum { BO_LIMIT_DEPTH = 1u << 0, BO_LIMIT_NODES = 1u << 1, BO_LIMIT_TIME = 1u << 2 };

enum {
    /* Noisy moves, when there are any, are the only legal moves (draughts: capture
     * is compulsory), so quiescence may not stand pat on them. */
    BO_SEARCH_FORCED_NOISY = 1u << 0,
    /* play() marks BO_PLY_CHECK in the line history exactly when the side to move is
     * then in check, so the search reads it there instead of calling in_check again. */
    BO_SEARCH_CHECK_IN_LINE = 1u << 1,
    /* A repetition in which one side gave check with every move loses for that side
     * (Xiangqi's perpetual check); the search scores a first repetition so, else as a
     * draw.  Needs BO_PLY_CHECK in the line. */
    BO_SEARCH_PERPETUAL_LOSES = 1u << 2,
    /* Quiet moves near the leaves may not be pruned on the static evaluation (reverse
     * futility, futility, move count): draughts' shots begin with quiet sacrifices that
     * look lost until the capture sequence is played out. */
    BO_SEARCH_NO_FUTILITY = 1u << 3,
    /* Where the static evaluation is not above the one two plies before (the side to
     * move is not "improving"), late quiet moves are reduced one ply more and
     * move-count pruned sooner.  Asked for by the games where a match measured it
     * (Xiangqi: docs/engine-xiangqi.md); ignored with BO_SEARCH_NO_FUTILITY. */
    BO_SEARCH_IMPROVING = 1u << 4,
    /* Singular extension: the table's move is searched a ply deeper where a search of
     * every other move at half the depth fails low against a bound a little below its
     * score (and the node cuts off where that search reaches beta: multi-cut).  No
     * game asks for it: Xiangqi's match rejected it (docs/engine-xiangqi.md). */
    BO_SEARCH_SINGULAR = 1u << 5,
    /* The history of cut-offs outlives a search: the next search with the same table
     * starts from it at half weight (bo_tt_clear, a new game, forgets it).  Per game,
     * as measured (Xiangqi: docs/engine-xiangqi.md). */
    BO_SEARCH_KEEP_HISTORY = 1u << 6,
    /* Quiescence reads and writes the table: a stored bound that settles a null window
     * ends the node, the table's move (a noisy one) is tried first, and the result is
     * stored at depth 0.  Per game, as measured (docs/engine-xiangqi.md). */
    BO_SEARCH_QS_TABLE = 1u << 7,
};

/* Every game boyi knows, in a fixed order; and one by name (NULL if unknown). */
const bo_game *const *bo_games(int *n);
const bo_game *bo_game_by_name(const char *name);

/* The features of POS under G's eval model into OUT (room for the model's
 * max_features, or nweights); SCRATCH holds nweights ints.  Returns the count, or -1
 * when the game has no eval model. */
int bo_eval_features(const bo_game *g, const void *pos, int *scratch, bo_feature *out);
/* G's own player kind called NAME, or NULL. */
const bo_player_kind *bo_player_kind_find(const bo_game *g, const char *name);
/* "KIND KEY=VALUE ..." for G (a spec whose first word is one of G's player kinds):
 * *KIND and PARAMS (BO_PLAYER_PARAMS bytes) from the kind's defaults, then the PRESET
 * words (a command line's limits, "nodes=500"; may be NULL), then the spec's own.
 * Words in SKIP (NULL-terminated, e.g. {"name", "hash", NULL}) are left to the caller.
 * Returns 1 when SPEC names a kind, 0 when its first word is none of G's (nothing
 * changed), -1 with err for a bad option. */
int bo_player_kind_parse(const bo_game *g, const char *spec, const char *preset, const char *const *skip,
                         const bo_player_kind **kind, void *params, char *err, size_t errlen);

/* Leaf count of the legal-move tree through the descriptor alone (conformance tests
 * and the descriptor's cost on perft). */
uint64_t bo_game_perft(const bo_game *g, void *pos, int depth);

#endif
