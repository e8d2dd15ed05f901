/* sp_engine.h -- an outside engine as a player: a process started from an argument
 * vector (never through a shell), spoken to over its own protocol (UCI, UCCI,
 * Gomocup, Hub), timed by the runner.
 *
 * Whatever the engine does wrong -- it crashes, hangs past its time and the margin,
 * sends an illegal move or writes garbage -- is a fault: the move request returns
 * it with the reason and the engine's last output, the game is lost for it, and the
 * engine is started again for the next request.  The protocols only use the game
 * descriptor's texts (position text and move text; see sp_proto.c), so no game is
 * named here. */
#ifndef BOYI_SP_ENGINE_H
#define BOYI_SP_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "sp_process.h"

enum { SP_ENGINE_ARGS = 32, SP_ENGINE_OPTIONS = 32 };

typedef struct sp_engine_spec {
    char name[64];                    /* as records and standings name it */
    char *argv[SP_ENGINE_ARGS + 1];   /* cmd and args, NULL-terminated (owned) */
    char proto[16];                   /* "uci", "ucci", "gomocup", "hub", "hub1", "dxp", "botzone" */
    char *opt_name[SP_ENGINE_OPTIONS], *opt_value[SP_ENGINE_OPTIONS];   /* option.NAME=VALUE */
    int noptions;
    int rank_offset;                  /* ranks=1: the engine counts ranks from 1 (FSF's UCI Xiangqi) */
    int64_t margin_ms;                /* time past the limit before silence is a hang (default 1000) */
    int64_t start_ms;                 /* time for starting and greeting the engine (default 60000):
                                         loading tables under load is not a move's time */
    char log_dir[512];                /* "" : no log; else stderr and protocol traffic go there */
    int64_t log_max;                  /* each log file's cap in bytes (0: SP_LOG_CAP_DEFAULT) */
    int instance;                     /* 0: the one instance (NAME.log); K: the K-th of several running
                                         at once (-j), whose logs are NAME.K.log and NAME.K.stderr */
    sp_group_hook group;              /* told of each process group started and ended (NULL: none) */
    const atomic_int *stop;  /* set: a wait for the engine's answer gives up (NULL: never) */
    char io[8];                       /* proto=botzone: "json" (default) or "simple" (io=) */
    const struct bz_xy *botzone;      /* proto=botzone: the game's points (the front end's), NULL: move texts */
    /* DXP (sp_dxp.h): host=, port=, listen=1 (the runner listens), initiator=engine,
       dxp-time=MIN, dxp-moves=N (-1: from the runner's limits) */
    char dxp_host[64];
    int dxp_port, dxp_minutes, dxp_moves;
    bool dxp_listen, dxp_follower;
} sp_engine_spec;

/* "name=A cmd=PATH args='x y' proto=uci option.Hash=16 ranks=1 margin=1000" into S.
 * Returns 0, or -1 with err. */
int sp_engine_spec_parse(const char *text, sp_engine_spec *s, char *err, size_t errlen);
void sp_engine_spec_free(sp_engine_spec *s);
/* A copy that owns its strings (for a worker of its own). */
int sp_engine_spec_copy(sp_engine_spec *dst, const sp_engine_spec *src);

/* What the runner asks for: one of these limits (0: unused). */
typedef struct sp_engine_limits {
    int depth;
    uint64_t nodes;
    int64_t movetime_ms;
    int64_t clock_ms[2], inc_ms;      /* clocks of the side to move [0] and of the other [1] */
    int moves_to_go;
    const bo_move *searchmoves;       /* UCI `go ... searchmoves`: the root moves the search may
                                         consider (annotate's search of the move played alone);
                                         NULL: all.  Only where sp_engine_searchmoves says so */
    int nsearchmoves;
} sp_engine_limits;

typedef struct sp_engine sp_engine;

/* The logs of SPEC's engine into PO (LOG_DIR/NAME.log for the traffic, NAME.stderr
 * for its stderr, each capped at log_max), unless open already or no log is wanted. */
void sp_engine_logs_open(const sp_engine_spec *spec, sp_process_opts *po);
void sp_engine_logs_close(sp_process_opts *po);

/* Number engine E the K-th instance of its spec (sp_engine_spec.instance), before it starts:
 * its own log files, so that instances running at once do not interleave theirs. */
void sp_engine_instance(sp_engine *e, int k);
sp_engine *sp_engine_new(const sp_engine_spec *spec, const bo_game *g);
void sp_engine_free(sp_engine *e);

/* A new game is starting (engines that keep state are told so). */
void sp_engine_new_game(sp_engine *e);

/* The engine's move at POS, reached from START (the game's start position) by the
 * N moves in LINE.  Returns 0 with *move (a legal move) and *eval (the engine's
 * score for the side to move, centipawns, 0 if it gave none); or -1 with a fault in
 * WHY ("crash: ...", "timeout: ...", "illegal move: ...", "garbage: ...",
 * "resign", "start: ..."), after which the engine is restarted on the next call.
 * *SECONDS is the wall time the engine took. */
int sp_engine_move(sp_engine *e, const void *start, const bo_move *line, int n, const void *pos,
                   const sp_engine_limits *lim, bo_move *move, int *eval, double *seconds, char *why, size_t whylen);

/* The search depth the engine's info lines gave for its last move; 0 when none did. */
int sp_engine_last_depth(const sp_engine *e);
/* Whether the engine's info lines gave a score for its last move (a score of 0 is a
 * score: the record's comment and the adjudication use it). */
bool sp_engine_last_scored(const sp_engine *e);
/* The swap2 opening (sp_swap2.h) over Gomocup's SWAP2BOARD: the engine's decision
 * at POS, reached from START by the N stones of LINE (0, 3 or 5), with MS for it.
 * Returns 0 with A (its stones legal and as many as the step allows), or -1 with a
 * fault in WHY as sp_engine_move's (the engine is then restarted). */
struct sp_swap2_answer;
int sp_engine_swap2(sp_engine *e, const void *start, const bo_move *line, int n, const void *pos, int64_t ms,
                    struct sp_swap2_answer *a, char *why, size_t whylen);

/* ---- analysis: the engine's judgement of a position (boyi analyse, annotate) -----
 * The same request as a move (the same process, kept between requests, restarted
 * after a fault), with the search reports read in full: per line (UCI MultiPV: set
 * the engine's option MultiPV), the score normalised to centipawns or a mate in
 * moves from the side to move's view (Hub: 1/100 of a man; Gomocup: what the
 * engine's MESSAGE lines give, Rapfi's "Eval"), the depths, counts and the line as
 * legal moves (cut at the first move that is not legal or not read). */
enum { SP_ENGINE_PV = 32, SP_ENGINE_LINES = 16 };

typedef struct sp_engine_line {
    int multipv;                /* 1-based */
    int depth, seldepth;        /* -1: not given */
    bool scored;                /* cp or mate below is the engine's */
    int cp;                     /* centipawns, the side to move's view */
    int mate;                   /* != 0: the side to move mates (> 0) or is mated (< 0) in |mate| moves */
    long long nodes, time_ms;   /* -1: not given */
    bo_move pv[SP_ENGINE_PV];
    int pvlen;
} sp_engine_line;

typedef struct sp_engine_analysis {
    /* the caller's: called with each report as it comes (NULL: none) */
    void (*on_info)(void *ctx, const sp_engine_line *l);
    void *ctx;
    bool play;                           /* a move in a game, not an analysis (Hub-1: go, not analyse) */
    double seconds;                      /* out: the wall time the engine took */
    /* the answer */
    bo_move best;                        /* the engine's move (its bestmove) */
    sp_engine_line line[SP_ENGINE_LINES];   /* line[k]: the last report of line k + 1 */
    int nlines;                          /* lines reported; line[0].pv starts with best */
} sp_engine_analysis;

/* The engine's analysis of POS (reached from START by the N moves of LINE) under
 * LIM into A (its on_info, ctx and play kept).  Returns 0, or -1 with a fault in WHY as
 * sp_engine_move's (the engine is then restarted on the next request). */
int sp_engine_analyse(sp_engine *e, const void *start, const bo_move *line, int n, const void *pos,
                      const sp_engine_limits *lim, sp_engine_analysis *a, char *why, size_t whylen);
/* Line L's score as boyi's search writes one (search.h): centipawns, or a win
 * (loss) in plies as BO_SCORE_WIN - plies (its negation), a mate in M moves being
 * 2M - 1 plies for the winner and 2M for the loser; 0 when L has none. */
int sp_engine_line_score(const sp_engine_line *l);
/* Does the engine's protocol restrict a search to given root moves (UCI's
 * `searchmoves`; sp_engine_limits.searchmoves)?  The others have no such request. */
bool sp_engine_searchmoves(const sp_engine *e);
/* The spec the engine runs under (its name, protocol). */
const sp_engine_spec *sp_engine_get_spec(const sp_engine *e);

#endif
