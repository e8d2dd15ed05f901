/* cli.h -- what the subcommands share: parsed options, the per-game front ends,
 * and output helpers.  cli/ is the only layer that prints to the user or exits. */
#ifndef BOYI_CLI_H
#define BOYI_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "records.h"
#include "sp_log.h"
#include "text.h"
#include "text_stream.h"
#include "verdict.h"

struct bo_game;
struct bo_record;

/* Exit codes (docs/exit-codes.md). */
enum { BO_EXIT_OK = 0, BO_EXIT_INVALID = 1, BO_EXIT_USAGE = 2 };

typedef struct bo_opts {
    const char *command;
    const char *game;        /* --game */
    const char *rules;       /* --rules */
    const char *fen;         /* --fen */
    const char *position;    /* --position */
    const char *to;          /* --to (convert) */
    const char *format;      /* --format (data export): plain */
    bool no_second_look;     /* --no-second-look (annotate): classes from the first search alone */
    const char *draw_rules;  /* --draw-rules (draughts): threefold,25,16,5 | all | none */
    const char *opening_rule;  /* --opening-rule: free swap swap2 soosorv8 taraguchi10 rif (gomoku validate); swap2 (match) */
    const char *output;      /* -o / --output */
    int depth;               /* perft depth, -1 if not given */
    uint64_t nodes;          /* --nodes (analyse): node limit, 0 for none */
    int64_t movetime_ms;     /* --movetime MS (analyse), 0 for none */
    int multipv;             /* --multipv K (analyse) */
    int hash_mb;             /* --hash MB (analyse): transposition table size */
    const char *solver;      /* --solver NAME, or a solver's own flag (--vcf) */
    const char *svg;         /* --svg OUT (render) */
    int game_index;          /* --game-index N (render): game N of the file, 1-based; 0 if not given */
    int ply;                 /* --ply K (render): after K plies of the game; -1 if not given (the end) */
    const char *eval_graph;  /* --eval-graph OUT (render): the annotated game's evaluations as SVG */
    int threads;             /* --threads N (analyse): Lazy SMP search threads */
    int64_t clock_ms, inc_ms;  /* --tc [MOVES/]SECONDS[+INC] (analyse): a clock, 0 for none */
    int moves_to_go;
    bool divide;             /* --divide */
    bool json;               /* --json */
    bool strict;             /* --strict: refuse what the format's standard refuses (no lenient reading) */
    bool variation_errors;   /* --variation-errors: an illegal move in a variation makes the game invalid */
    const char *encoding;    /* --encoding utf-8|gbk|big5|utf-16, NULL to detect */
    bool forbidden;          /* --forbidden (moves, gomoku) */
    bool human_first;        /* --human-first (play) */
    bool engine_first;       /* --engine-first (play) */
    double move_time_limit;  /* --move-time-limit seconds, <0 if not given */
    int jobs;                /* -j N (annotate, selfplay): games in parallel, 0 for one */
    uint64_t seed;           /* --seed */
    const char *what;        /* bench: what to measure (perft, validate, fouls...) */
    const char *penta;       /* --penta LL,LD,DD+WL,WD,WW (stats) */
    const char *wdl;         /* --wdl W,D,L (stats) */
    const char *sprt;        /* --sprt 'elo0=A elo1=B [alpha= beta= model=]' */
    long games;              /* --games N (selfplay) */
    const char *player_a, *player_b;  /* --a SPEC, --b SPEC: 'depth=6 nodes=.. movetime=.. hash=..' or 'random' */
    const char *openings;    /* --openings FILE */
    int opening_plies;       /* --opening-plies K: moves kept from each record of --openings (0: all) */
    int random_plies;        /* --random-plies K, -1 if not given */
    const char *out_dir;     /* --out DIR */
    const char *resume;      /* --resume DIR */
    const char *shard;       /* --shard K/N */
    double sample;           /* --sample RATE: training positions kept (0..1), <0 if not given */
    /* solve (the small games' solvers; each front end reads those it knows) */
    bool misere;             /* --misere: the last mover loses (the line game) */
    const char *board;       /* --board NAME (peg solitaire: english, french, diamond41, ...) */
    const char *from;        /* --from HOLE (peg solitaire's start; the finish is --to) */
    const char *table;       /* --table[=OUT] (also --table OUT: OUT is then args[0]), "-" without OUT: every position's value / every (start, finish) pair */
    bool count;              /* --count: positions reachable from the start */
    long count_n;            /* --count N (data relabel): the positions to take, -1 if not given (all) */
    long first;              /* --first K (data relabel): the positions of the input passed over first, 0 if not given */
    bool min_moves;          /* --min-moves: the shortest solution */
    bool matches;            /* --matches (standings): the games of two players form one match */
    const char *engines[8];  /* --engine SPEC (match), in order */
    int nengines;
    bool gauntlet;           /* --gauntlet (match): the first engine against each other one */
    const char *log_dir;     /* --log DIR (match): engines' stderr and protocol traffic */
    long long log_max;       /* --log-max BYTES (match): each log file's cap (0: 16 MiB) */
    bool keep_running;       /* --keep-running (botzone): Botzone's long-running mode */
    const char *listen, *connect;  /* --listen PORT, --connect HOST:PORT (dxp) */
    bool initiator;          /* --initiator (dxp): boyi sends the game requests */
    int max_pieces;          /* --max-pieces K: solve the positions with at most K pieces; -1 if not given */
    uint64_t check_sample;   /* --check-sample N: Two Tigers' table checked on N positions of random games; 0 none */
    const char *adjudicate;  /* --adjudicate 'max_plies=.. draw_plies=.. draw_moves=.. draw_score=.. resign_moves=.. resign_score=..' */
    const char *validation;  /* --validation DATA (train) */
    int epochs;              /* --epochs N (train), -1 if not given */
    double lambda;           /* --lambda L (train): the result's share of the target, <0 if not given */
    double l2;               /* --l2 X (train): the pull towards the starting weights, 0 if not given */
    double score_scale;      /* --score-scale S (train): the data's scores' S in the target, 0 if not given */
    const char *init;        /* --init WEIGHTS|zero (train) */
    const char *train_model; /* --model ID (train): fit only the weights of this earlier model */
    const char *eval_file;   /* --eval FILE: the evaluation's weights (analyse, annotate, engine) */
    char **args;             /* positional arguments */
    int nargs;
} bo_opts;

/* One game of a file, replayed under the rules (annotate, render from a record), and a
 * game boyi played: the records interface's (records.h). */
typedef bo_rec_game bo_cli_game_rec;

/* Called once per game, in file order; return non-zero to stop reading. */
typedef int (*bo_cli_game_fn)(void *ctx, const bo_cli_game_rec *g);

typedef bo_played bo_cli_played;

/* One game's front end: every function may be NULL where the game lacks it. */
typedef struct bo_game_cli {
    const char *name;         /* "xiangqi" */
    const char *rules_help;   /* e.g. "renju (default), freestyle, standard" */
    /* The functions below return an exit code and print errors themselves. */
    /* moves and perft (cli/cmd_moves.c, cli/cmd_perft.c) go through the game descriptor;
     * these say what is the game's own.  POSITION reads --rules and --fen/--position
     * into the descriptor's position value the front end's way (its located errors,
     * warnings, --strict); NULL: bo_cli_load_position. */
    int (*position)(const bo_opts *o, void *pos);
    const char *move_key;     /* moves --json: the key of a move ("point"); NULL: "move" */
    /* moves: text printed after a move (Xiangqi's Chinese name), JSON key "text". */
    int (*move_note)(const void *pos, uint32_t m, char *buf, size_t n);
    /* moves with no legal move: the note on stderr and, with --json, the summary line;
     * NULL: said from the descriptor's result. */
    void (*moves_ending)(const bo_opts *o, const void *pos, FILE *out);
    /* moves --forbidden: the points the side to move may not play, and why. */
    int (*forbidden)(const bo_opts *o, const void *pos, FILE *out);
    int (*bench)(const bo_opts *o, FILE *out);
    int (*play)(const bo_opts *o, FILE *in, FILE *out);
    /* Draw POS (the game descriptor's position value) as SVG; LAST (0: none) is the
     * move that led to it, in the descriptor's encoding; LINE (NULL: none) the NLINE
     * moves played from a record's start to reach POS, for games that number them. */
    int (*render)(const bo_opts *o, const void *pos, uint32_t last, const uint32_t *line, int nline, FILE *out);
    /* annotate: centipawns of the logistic that turns a score into an expected score
     * (docs/annotate.md); 0: 400. */
    double eval_scale;
    /* annotate: the depth of a search when no limit is given (chosen per game on a
     * tuning set against a stronger engine: docs/annotate.md, "Fourth round"); 0: 6. */
    int annotate_depth;
    /* annotate: the second look's depth over the first's at a depth limit (the deeper
     * search that checks a mistake), or twice the first's where that is less; 0: twice
     * the first's.  Node and time limits are doubled. */
    int second_look_plies;
    /* annotate: the first look's loss from which a move is looked at again; 0: a
     * mistake's, 0.10 (from an inaccuracy where the deeper search is cheap). */
    double second_look_loss;
    /* boyi train: the scale of its logistic (docs/training.md), where it is not
     * eval_scale (Xiangqi's weights were trained at the scale annotate had before its
     * refit); 0: eval_scale. */
    double train_scale;
    /* The evaluation graph's axis: what a score of 100 is ("men" for draughts, whose
     * scores count men where Xiangqi's count pawns); NULL: "pawns". */
    const char *eval_unit;
    /* boyi solve, where the game's solver is more than a descriptor solver on one
     * position (the solved small games: values, tables, counts, puzzle options).
     * Returns an exit code and prints errors itself; NULL: the descriptor's solvers. */
    int (*solve)(const bo_opts *o, FILE *out);
    /* Botzone (docs/botzone.md): a game Botzone hosts with {"x":X,"y":Y} points maps
     * its moves here; NULL: the generic format (the descriptor's move text). */
    const struct bz_xy *botzone;
    /* The game's records interface (notation/common/records.h): the commands sniff,
     * read, judge, write and convert its records through it (cli/records_cli.c). */
    const bo_records *records;
} bo_game_cli;

/* The read options of the records interface from the command line's. */
void bo_cli_read_opts(const bo_opts *o, bo_read_opts *r);
/* The game's sniff, split and played_ext through its records interface (0, NULL,
 * NULL where it has none). */
int bo_cli_sniff(const bo_game_cli *g, const bo_text *t);
bo_split_fn bo_cli_split(const bo_game_cli *g);
const char *bo_cli_played_ext(const bo_game_cli *g);
/* The records interface's functions for the commands (cli/records_cli.c); can_* say whether the game has the function.
 * replay: every game of T read, judged and handed to EACH (of the reader's warnings, those
 * of a game that stops at a fault said before it, the others counted in one line); 0, or
 * -1 with err set.  write_game, write_played: 0, or -1 with err set.  move_text: the
 * record's own notation, else the descriptor's.  convert: an exit code, faults
 * printed. */
bool bo_cli_can_replay(const bo_game_cli *gc);
int bo_cli_replay(const bo_game_cli *gc, const bo_opts *o, const bo_text *t, bo_cli_game_fn each, void *ctx, char *err,
                  size_t errlen);
bool bo_cli_can_write_game(const bo_game_cli *gc);
int bo_cli_write_game(const bo_game_cli *gc, const bo_opts *o, const bo_cli_game_rec *g, FILE *out, char *err,
                      size_t errlen);
int bo_cli_record_move_text(const bo_game_cli *gc, const struct bo_game *g, const bo_cli_game_rec *rec,
                            const void *pos, uint32_t m, char *buf, size_t n);
bool bo_cli_can_write_played(const bo_game_cli *gc);
int bo_cli_write_played(const bo_game_cli *gc, const bo_opts *o, const bo_cli_played *p, FILE *out, char *err,
                        size_t errlen);
/* A self-play output folder's records (selfplay/sp_out.h): the game's records
 * interface, and the interrupt's cleanup of a resume's temporary files (outfile.h). */
struct sp_out;
void bo_cli_sp_out_records(struct sp_out *out, const bo_game_cli *gc, const bo_opts *o);
bool bo_cli_can_convert(const bo_game_cli *gc);
int bo_cli_convert(const bo_game_cli *gc, const bo_opts *o, const bo_text *t, FILE *out);

/* A game by its name or one of its other names (aliases: "xq", "象棋", "checkers"...),
 * case-insensitive; NULL if none.  bo_cli_game_lookup also gives the rule set the
 * name implies (RULES: "english" for "checkers", else NULL). */
const bo_game_cli *bo_cli_game_find(const char *name);
const bo_game_cli *bo_cli_game_lookup(const char *name, const char **rules);
typedef struct bo_cli_game_alias {
    const char *alias, *name, *rules;   /* the other name, the game's, the rule set it implies (or NULL) */
} bo_cli_game_alias;
const bo_cli_game_alias *bo_cli_game_aliases(int *n);
/* The game name (or variant alias) nearest to a mistyped NAME, or NULL (bo_cli_nearest). */
const char *bo_cli_game_suggest(const char *name);
/* With --game G: the game whose record T plainly is when that is another game than G
 * (its sniffer is surer than G's), for the error "FILE holds a G2 record, not G";
 * NULL when T may be G's (or no --game). */
const bo_game_cli *bo_cli_game_mismatch(const bo_opts *o, const bo_text *t);
/* The error for it: "boyi: FILE: error: FILE holds a G2 record, not G (--game G)". */
void bo_cli_file_of_other_game(const char *path, const bo_game_cli *holds, const bo_game_cli *named);
/* The candidate nearest to WORD by edit distance (a typo: at most 2 edits, and fewer
 * than half of WORD's letters), or NULL: "did you mean ...?". */
const char *bo_cli_nearest(const char *word, const char *const *cands, int n);
const bo_game_cli *const *bo_cli_games(int *n);
/* Pick the game of a file: --game if given, else the best sniff. NULL if none. */
const bo_game_cli *bo_cli_game_for_text(const bo_opts *o, const bo_text *t);

/* The name of a recognisable record format boyi does not read (ChessBridge,
 * RenjuNet, Renlib, UTF-32) if the file at PATH, whose start is HEAD, is one by
 * its content (or, with BY_NAME, by its name); else NULL. */
const char *bo_cli_unsupported_format(const char *path, const bo_text *head, bool by_name);

/* With BOYI_REPORT_PEAK set: the process's peak resident memory on stderr
 * ("boyi: peak memory: N kB"), for the memory tests and docs/reading.md. */
void bo_cli_report_peak_memory(void);

/* The position of a command that takes one: --fen or --position in the game's own
 * text, else the start position of --rules.  POS must hold BO_POS_MAX bytes.  Prints
 * the error and returns -1 when the text is not a position. */
int bo_cli_load_position(const bo_opts *o, const struct bo_game *g, void *pos);

/* GIVEN (BO_LIMIT_* the user set, for WHO: "--depth", "player 'depth=3'") against
 * what G's engine honours: 0, or -1 after an error naming the limit, the game and what
 * its engine takes instead (issue 37: a limit is never ignored in silence). */
int bo_cli_check_limits(const struct bo_game *g, unsigned given, const char *who);
/* The BO_LIMIT_* a player spec ("depth=4 movetime=100", "random") or bo_opts names. */
unsigned bo_cli_spec_limits(const char *spec);
unsigned bo_cli_opts_limits(const bo_opts *o);

/* ---- the commands (help.c) ----------------------------------------------------
 * Each subcommand: its name, its entry, its line in 'boyi --help', the options it
 * takes and its --help text, kept side by side in one table so that a new option is
 * added to both at once (tests/e2e/cli_options.sh holds them to each other). */
typedef struct bo_cli_command {
    const char *name;
    int (*run)(const bo_opts *o);
    const char *summary;
    /* The long options the command takes, space-separated ("jobs" is -j, "output" -o,
     * "game" -g); any other is refused by name (exit 2), and its usage names each one
     * (tests/e2e/cli_options.sh holds the two to each other). */
    const char *takes;
    const char *usage;
    /* The game without --game (the engine protocols: UCCI is Xiangqi's, and boyi's UCI
     * speaks Xiangqi unless told, as the Xiangqi UCI engines do); with only_game no
     * other game is taken. */
    const char *default_game;
    bool only_game;
} bo_cli_command;
/* The table, in the order 'boyi --help' lists it; *N its length. */
const bo_cli_command *bo_cli_commands(size_t *n);
/* 'boyi --help': the commands, the games with their aliases and rule sets. */
void bo_cli_print_help(FILE *f);

/* --tc [MOVES/]SECONDS[+INC] into o->clock_ms, inc_ms, moves_to_go; 0 or -1. */
int bo_cli_parse_tc(const char *s, bo_opts *o);

/* Errors in the house style: "boyi: FILE:LINE:COL: error: MSG" to stderr. */
/* What loading T ignored and the user should hear of (data after a gzip
 * stream), as a warning on stderr. */
void bo_cli_text_warnings(const bo_text *t);
void bo_cli_error(const char *file, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A reader's message, "line N: what" or "what", as an error at FILE:N or FILE. */
void bo_cli_error_msg(const char *file, const char *msg);
/* bo_json_string: selfplay/sp_log.h. */

/* One JSON object on one line, written field by field (--json output):
 * bo_json_begin, then the fields in order, then bo_json_end ("}\n"). */
typedef struct bo_json {
    FILE *f;
    int fields;
} bo_json;
void bo_json_begin(bo_json *j, FILE *f);
void bo_json_str(bo_json *j, const char *key, const char *val);   /* NULL -> null */
void bo_json_int(bo_json *j, const char *key, long long val);
void bo_json_u64(bo_json *j, const char *key, uint64_t val);
void bo_json_bool(bo_json *j, const char *key, bool val);
/* A real number with DECIMALS places; NaN or infinite (a zero time) -> null. */
void bo_json_num(bo_json *j, const char *key, double val, int decimals);
void bo_json_end(bo_json *j);

/* perft output shared by the games: per first move (--divide), then the total
 * ("N" as text; {"game","fen","depth","nodes"} with --json). */
void bo_cli_perft_divide(const bo_opts *o, FILE *out, const char *move, uint64_t nodes);
int bo_cli_perft_bench(const bo_opts *o, FILE *out, const char *game, const char *fen, int depth,
                       uint64_t nodes, double seconds);
void bo_cli_perft_total(const bo_opts *o, FILE *out, const char *game, const char *fen, int depth,
                        uint64_t nodes);
/* moves --json: one move as {KEY:MOVE[,TEXT_KEY:TEXT]} (TEXT_KEY NULL for none). */
void bo_cli_json_move(FILE *out, const char *key, const char *move, const char *text_key, const char *text);
/* moves --json closing line: {"count":N,"side":SIDE[,"ending":ENDING]} (NULLs left out). */
void bo_cli_json_moves_summary(FILE *out, int count, const char *side, const char *ending);

/* The per-game front ends (cli/game_<name>.c). */
extern const bo_game_cli bo_game_xiangqi;
extern const bo_game_cli bo_game_gomoku;
extern const bo_game_cli bo_game_draughts;
extern const bo_game_cli bo_game_yizi;
extern const bo_game_cli bo_game_pegs;
extern const bo_game_cli bo_game_nogo;
extern const bo_game_cli bo_game_einstein;
extern const bo_game_cli bo_game_junqi;
extern const bo_game_cli bo_game_tigers;

/* Subcommands (cli/cmd_<name>.c). */
int bo_cmd_validate(const bo_opts *o);
int bo_cmd_perft(const bo_opts *o);
int bo_cmd_moves(const bo_opts *o);
int bo_cmd_convert(const bo_opts *o);
int bo_cmd_bench(const bo_opts *o);
int bo_cmd_play(const bo_opts *o);
int bo_cmd_analyse(const bo_opts *o);
int bo_cmd_solve(const bo_opts *o);
int bo_cmd_render(const bo_opts *o);
int bo_cmd_stats(const bo_opts *o);
int bo_cmd_selfplay(const bo_opts *o);
int bo_cmd_merge(const bo_opts *o);
int bo_cmd_data(const bo_opts *o);
int bo_cmd_data_relabel(const bo_opts *o);   /* boyi data relabel (cmd_relabel.c) */
int bo_cmd_annotate(const bo_opts *o);
int bo_cmd_train(const bo_opts *o);
/* --eval FILE (or a player spec's eval=FILE) for game G: its weights into *W (malloc'd,
 * the caller frees); PATH NULL leaves *W NULL.  0, or -1 after printing the error
 * (FILE:LINE: ...). */
int bo_cli_load_eval(const struct bo_game *g, const char *path, int **w);

/* The game named by --game, or NULL with an error naming the command (commands.c). */
const bo_game_cli *bo_cli_need_game(const bo_opts *o);
/* The position of moves and perft: the front end's reading or the descriptor's;
 * 0, or an exit code with the error printed (cmd_moves.c). */
int bo_cli_command_position(const bo_game_cli *gc, const struct bo_game *g, const bo_opts *o, void *pos);
/* The legal moves of POS with their text, sorted by that text, digits by value
 * ("9-14" before "31-26", "a2" before "a10"): the listing order of moves and
 * perft --divide.  Returns the count (cmd_moves.c). */
typedef struct bo_cli_move {
    uint32_t m;
    char text[128];
} bo_cli_move;
int bo_cli_sorted_moves(const struct bo_game *g, const void *pos, bo_cli_move *out);
/* boyi bench --game G descriptor: perft through the game's own code and through the
 * descriptor, timed (cmd_perft.c). */
int bo_cli_bench_descriptor(const bo_opts *o, const bo_game_cli *gc);
/* boyi bench --game G match: two players' games through selfplay's runner, the score
 * with its interval from its statistics, no output folder (bench_match.c). */
int bo_cli_bench_match(const bo_opts *o, const bo_game_cli *gc);
int bo_cmd_engine(const bo_opts *o);
/* Validate one file (any game, found by its content or --game), handing every
 * game's verdict and warning to SINK; FILES counts the files opened.  Returns 0, or
 * -1 when it (or part of it) could not be read (the error printed). */
int bo_cli_validate_file(const bo_opts *o, const char *path, const bo_verdict_sink *sink, long *files);
/* The same, each game that a records interface read handed to HOOK too (before its
 * verdict; GAME0: the file's games before the slice read, to add to its record's
 * index); *BY_RECORDS: whether the file was read by a records interface (then every
 * game of it went to HOOK). */
typedef int (*bo_cli_game_hook)(void *ctx, const bo_game_cli *gc, const bo_rec_game *g, int game0);
int bo_cli_validate_file_games(const bo_opts *o, const char *path, const bo_verdict_sink *sink, long *files,
                               bo_cli_game_hook hook, void *ctx, bool *by_records);
int bo_cmd_standings(const bo_opts *o);
/* The standings of the games in PATHS to OUT: text (or JSON with o->json), or an
 * HTML section for a report.  Returns standings' exit code. */
int bo_cli_standings(const bo_opts *o, const char *const *paths, int npaths, FILE *out, bool html);
/* The same, each game of file K that a records interface read handed to HOOK as it is
 * read (report draws them: no second read); BY_RECORDS[K] (when not NULL): whether file
 * K was read so. */
typedef int (*bo_cli_file_game_hook)(void *ctx, int file, const bo_game_cli *gc, const bo_rec_game *g, int game0);
int bo_cli_standings_games(const bo_opts *o, const char *const *paths, int npaths, FILE *out, bool html,
                           bo_cli_file_game_hook hook, void *ctx, bool *by_records);
int bo_cmd_report(const bo_opts *o);
int bo_cmd_match(const bo_opts *o);
int bo_cmd_hub(const bo_opts *o);
int bo_cmd_gomocup(const bo_opts *o);
int bo_cmd_botzone(const bo_opts *o);
int bo_cmd_dxp(const bo_opts *o);

#endif
