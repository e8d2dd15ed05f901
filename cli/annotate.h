/* annotate.h -- what the parts of `boyi annotate` share: one game's analysis (a
 * search of every position of its main line) and the pool of workers that runs
 * them, each with its own table, so that the output does not depend on which
 * worker took which game; and the run of the command that the reading (cmd_annotate.c)
 * and the writing (annotate_write.c) share. */
#ifndef BOYI_ANNOTATE_H
#define BOYI_ANNOTATE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "cli.h"
#include "encoding.h"
#include "game.h"
#include "search.h"
#include "sp_engine.h"

enum { AN_PV_MAX = 8 };

/* The loss (expected score, 0..1) from which a move gets the second look unless its
 * game's front end says otherwise (second_look_loss): a mistake (docs/annotate.md; from
 * an inaccuracy the look costs three times as much in Xiangqi for about one blunder of
 * the reference in thirty more found). */
#define AN_SECOND_LOOK_LOSS 0.10
/* The nodes of the game's proof (bo_game.proof) per move checked: Renju's VCF and VCT,
 * 20,000 each, about 1 CPU second a 40-ply game (docs/annotate.md, "Seventh round"). */
enum { AN_PROOF_NODES = 40000 };

/* One position of a game's main line, as the search (or the rules) judge it, from
 * the view of the side to move there. */
typedef struct an_eval {
    int kind;            /* AN_SEARCHED, AN_OVER (the game is over here), AN_NONE */
    int score;           /* centipawns */
    int win_plies;       /* > 0 wins in so many plies, < 0 loses, 0 neither */
    int value;           /* AN_OVER: +1 the side to move has won, -1 lost, 0 drawn */
    int mover;           /* the player to move here (0 or 1) */
    bo_move pv[AN_PV_MAX];
    int pvlen;
    char *why;           /* AN_NONE after an outside engine failed twice here: its fault (owned) */
    bool proved;         /* a move played judged lost by the game's proof (proof_check in annotate_search.c): PV is
                            the move and the opponent's proven win */
} an_eval;

enum { AN_NONE = 0, AN_SEARCHED, AN_OVER };

/* One game's work: its start and main line in (copied from the replay), one an_eval
 * per position (nmoves + 1) out. */
typedef struct an_job {
    const bo_game *g;
    unsigned char *start;   /* pos_size bytes */
    bo_move *moves;
    int nmoves;
    int legal_plies;        /* moves the descriptor accepted (a foul ends the line) */
    bool replay_only;       /* --depth 0: play the moves through the descriptor, search nothing */
    an_eval *evals;         /* nmoves + 1 */
    an_eval *played;        /* nmoves: move i judged at the position before it by the same
                               limit as its best move, from the mover's view (an_played);
                               kind AN_NONE where the move played is the best one */
    an_eval *second;        /* the second look: [2i] the position before move i searched
                               again with twice the effort, [2i+1] move i there alone at that
                               effort (AN_NONE when it is [2i]'s best move), where the first
                               look made move i a mistake or worse; [2i] AN_NONE where not;
                               NULL: no move needed it */
    int second_looks;       /* moves looked at again */
    double scale;           /* the expected-score scale S of its game (and engine) */
    bo_limits lim;          /* the first look's limit: the run's, or its game's default depth */
    bo_limits look;         /* the second look's: deeper (an_look_limit) */
    double look_from;       /* the first look's loss from which a move is looked at again */
    bool done;
    char err[256];          /* set when the analysis failed */
} an_job;

/* The pool: workers take jobs in order; the main thread waits for each in turn. */
typedef struct an_pool {
    an_job **jobs;
    int njobs, next;
    size_t hash_mb;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pthread_t *threads;
    int nthreads;
    bool stop;
    const sp_engine_spec *engine;   /* --engine: an outside engine per worker; NULL: boyi's search */
    bool per_game;                  /* restart=game (the default): a fresh engine process for each game */
    bool second_look;               /* look again at the mistakes and blunders */
} an_pool;

/* Start N workers on JOBS[0..NJOBS), each job under its own limits (j->lim, j->look;
 * one search thread each) with a table of HASH_MB each; with ENGINE (NULL: none), each worker asks its own process of that
 * outside engine instead, started once and kept for all its games (PER_GAME: started
 * afresh for each game); SECOND_LOOK: each game then gets an_second_look.
 * Returns 0, or -1 with err set. */
int an_pool_start(an_pool *p, an_job **jobs, int njobs, size_t hash_mb, int n,
                  const sp_engine_spec *engine, bool per_game, bool second_look, char *err, size_t errlen);
/* Wait until job K is done. */
void an_pool_wait(an_pool *p, int k);
/* Stop the workers (after their current game) and join them. */
void an_pool_stop(an_pool *p);

/* Analyse one job with table TT (cleared first: a game's analysis depends on the game
 * alone), or with the outside engine ENG when it is not NULL (told a new game starts:
 * engines that clear their tables then give figures that depend on the game alone
 * too; *ANSWERED: it has answered once in this worker, so a fault is the position's,
 * not a broken engine's).  Runs in a worker. */
void an_analyse(an_job *j, const bo_limits *lim, bo_tt *tt, sp_engine *eng, bool *answered);
/* The second look at job J (after an_analyse): every move whose loss at J's scale
 * is J's look_from or more (a mistake or worse, unless its game says otherwise) has the position before it searched again under LOOK (deeper
 * than the first look: an_look_limit), and the move played there alone with the same
 * (into j->second); its class is then taken from the mean of the two losses
 * (an_final_loss). */
void an_second_look(an_job *j, const bo_limits *look, bo_tt *tt, sp_engine *eng, bool *answered);
/* The second look's limit for a first look under LIM: PLIES more at a depth limit, or
 * twice the depth where that is less (PLIES 0: twice), twice the nodes or the time. */
bo_limits an_look_limit(const bo_limits *lim, int plies);
/* The loss of move I of J at SCALE from B (the position before it: the best move's
 * score) and P (the move played there, by the same limit; the mover's view): 0 when the
 * move played is B's best move, else E(B) - E(P), at least 0. */
double an_loss(const an_job *j, int i, const an_eval *b, const an_eval *p, double scale);
/* The loss that counts for move I of J: the first look's, or where the second look
 * judged the move, the mean of the two (two estimates at two horizons: the second
 * look lowers or raises a mark).  *FIRST: the first look's; *SECOND: whether a second
 * look counted. */
double an_final_loss(const an_job *j, int i, double scale, double *first, bool *second);
/* Free a job's arrays (and the faults its evaluations hold); the job itself stays. */
void an_job_free_arrays(an_job *j);
/* POS (reached from START by the N moves of LINE) judged by the outside engine ENG of
 * game G under LIM, into A: asked once and, after a fault (the engine is then
 * restarted), once more.  0: A's line[0] has a score (a win in one the engine played
 * without a report counts as one); 1: no score (the engine answered without one, or
 * failed twice after answering before: *ANSWERED), the reason in WHY; -1: the engine
 * has never answered (it cannot be started, or dies in its greeting), WHY says why.
 * Shared by annotate and boyi data relabel. */
int an_engine_ask(const bo_game *g, sp_engine *eng, const void *start, const bo_move *line, int n, const void *pos,
                  const sp_engine_limits *lim, bool *answered, sp_engine_analysis *a, char *why, size_t whylen);
/* An outside engine's line as an evaluation (the side to move's view). */
void an_eval_from_line(an_eval *e, const sp_engine_line *l);

/* Expected score of a position for the side to move (0..1) on a logistic of SCALE
 * centipawns: 1 / (1 + 10^(-cp / SCALE)); won 1, lost 0, drawn 0.5. */
double an_expected(const an_eval *e, double scale);

struct bo_opts;
/* --engine SPEC of analyse and annotate (cli/engine_spec.c): parsed into S (free it
 * with sp_engine_spec_free), its scale= into *SCALE (0: none given), restart=game
 * (the default) or never into *PER_GAME.  Returns 0, or -1 with err set. */
int bo_cli_engine_spec(const struct bo_opts *o, sp_engine_spec *s, double *scale, bool *per_game, char *err,
                       size_t errlen);

/* ---- the run of `boyi annotate` (cmd_annotate.c) and its writing (annotate_write.c) */

/* The classes of a move by its loss (docs/annotate.md). */
enum { AN_CLS_BEST = 0, AN_CLS_GOOD, AN_CLS_INACCURACY, AN_CLS_MISTAKE, AN_CLS_BLUNDER, AN_CLS_N };

/* One side's tally over a game. */
typedef struct an_side_sum {
    int moves, count[AN_CLS_N];
    double loss, accuracy;
} an_side_sum;

/* The whole run: options, the games of every file in order, the pool. */
typedef struct an_run {
    const bo_opts *o;
    FILE *out;
    bool progress;
    an_job **jobs;
    bo_rec_game **kept;     /* kept[k]: job k's game, kept from the read (records interface), or NULL */
    const bo_game_cli **kgc;   /* kgc[k]: the front end of job k's file */
    int njobs, cap;
    int k;                  /* the second pass: the next job to write */
    int file_ok;            /* this file was read in the first pass */
    const bo_game_cli *gc;
    const bo_game *g;
    an_pool *pool;
    int rc;
    long games, plies;
    an_side_sum sum[2];     /* the game just annotated */
    int nplies;
    bool oom;               /* the first pass ran out of memory */
    bool replay_only;       /* --depth 0: replay and check, no search */
    bo_encoding enc;        /* the input files' encoding, the records' output's too */
    int encs;               /* 0: no file read yet, 1: all in enc, 2: they differ */
    double scale;           /* --engine's scale=; 0: the game's */
    bo_limits lim;          /* the limit given (depth, nodes, time all 0: each game's default) */
    char annotator[160];    /* the records' Annotator tag of the game being written: who
                               judged, at what limit */
    const char *engine_name;   /* --engine: its name; NULL: boyi's search */
    int no_analysis[2];     /* the game just annotated: moves of each side left unclassed */
} an_run;

/* One game of the second pass (a bo_cli_game_fn, CTX the an_run): wait for its
 * analysis, write its figures into the kept record's comments, write the record in its
 * own format (or JSON lines with --json) and the game's summary; 0, or 1 when the run
 * has no more jobs. */
int an_write_game(void *ctx, const bo_cli_game_rec *rec);

#endif
