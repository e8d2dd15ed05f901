/* cli.h -- what the subcommands share: parsed options, the per-game front ends,
 * and output helpers.  cli/ is the only layer that prints to the user or exits. */
#ifndef BOYI_CLI_H
#define BOYI_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "text.h"
#include "verdict.h"

/* Exit codes (docs/exit-codes.md). */
enum { BO_EXIT_OK = 0, BO_EXIT_INVALID = 1, BO_EXIT_USAGE = 2 };

typedef struct bo_opts {
    const char *command;
    const char *game;        /* --game */
    const char *rules;       /* --rules */
    const char *fen;         /* --fen */
    const char *position;    /* --position */
    const char *to;          /* --to (convert) */
    const char *draw_rules;  /* --draw-rules (draughts): threefold,25,16,5 | all | none */
    const char *output;      /* -o / --output */
    int depth;               /* perft depth, -1 if not given */
    bool divide;             /* --divide */
    bool json;               /* --json */
    bool forbidden;          /* --forbidden (moves, gomoku) */
    bool human_first;        /* --human-first (play) */
    bool engine_first;       /* --engine-first (play) */
    double move_time_limit;  /* --move-time-limit seconds, <0 if not given */
    uint64_t seed;           /* --seed */
    const char *what;        /* bench: what to measure (perft, validate, fouls...) */
    char **args;             /* positional arguments */
    int nargs;
} bo_opts;

/* One game's front end: every function may be NULL where the game lacks it. */
typedef struct bo_game_cli {
    const char *name;         /* "xiangqi" */
    const char *rules_help;   /* e.g. "renju (default), freestyle, standard" */
    /* 0..100: how sure we are that this file holds records of this game. */
    int (*sniff)(const bo_text *t);
    /* Read every game in T and hand one verdict per game to SINK.
     * Returns 0, or -1 with err set when the file cannot be read at all; an err
     * that begins "line L, column C: " is printed located, as FILE:L:C. */
    int (*validate)(const bo_opts *o, const bo_text *t, const bo_verdict_sink *sink,
                    char *err, size_t errlen);
    /* The remaining functions return an exit code and print errors themselves. */
    int (*perft)(const bo_opts *o, FILE *out);
    int (*moves)(const bo_opts *o, FILE *out);
    int (*convert)(const bo_opts *o, const bo_text *t, FILE *out);
    int (*bench)(const bo_opts *o, FILE *out);
    int (*play)(const bo_opts *o, FILE *in, FILE *out);
} bo_game_cli;

const bo_game_cli *bo_cli_game_find(const char *name);
const bo_game_cli *const *bo_cli_games(int *n);
/* Pick the game of a file: --game if given, else the best sniff. NULL if none. */
const bo_game_cli *bo_cli_game_for_text(const bo_opts *o, const bo_text *t);

/* Errors in the house style: "boyi: FILE:LINE:COL: error: MSG" to stderr. */
void bo_cli_error(const char *file, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Write S as a JSON string (with quotes) to F. */
void bo_json_string(FILE *f, const char *s);

/* The per-game front ends (cli/game_<name>.c). */
extern const bo_game_cli bo_game_xiangqi;
extern const bo_game_cli bo_game_gomoku;
extern const bo_game_cli bo_game_draughts;

/* Subcommands (cli/cmd_<name>.c). */
int bo_cmd_validate(const bo_opts *o);
int bo_cmd_perft(const bo_opts *o);
int bo_cmd_moves(const bo_opts *o);
int bo_cmd_convert(const bo_opts *o);
int bo_cmd_bench(const bo_opts *o);
int bo_cmd_play(const bo_opts *o);

#endif
