/* main.c -- the boyi binary: option parsing and dispatch to subcommands.
 * The commands' table and help texts are help.c's; the long-option table stays here,
 * beside the parsing that reads it (tests/e2e/cli_options.sh reads it from this file). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "outfile.h"
#include "encoding.h"

/* A clock as engine testers write it: "40/60+0.5" is 60 s for 40 moves with 0.5 s
 * added per move; "10+0.1" and "60" are sudden death. */
int bo_cli_parse_tc(const char *s, bo_opts *o)
{
    char *end;
    long moves = 0;
    const char *slash = strchr(s, '/');
    if (slash) {
        moves = strtol(s, &end, 10);
        if (end != slash || moves <= 0) return -1;
        s = slash + 1;
    }
    double secs = strtod(s, &end), inc = 0;
    if (end == s || secs <= 0) return -1;
    if (*end == '+') {
        const char *p = end + 1;
        inc = strtod(p, &end);
        if (end == p || inc < 0) return -1;
    }
    if (*end) return -1;
    o->clock_ms = (int64_t)(secs * 1000.0);
    o->inc_ms = (int64_t)(inc * 1000.0);
    o->moves_to_go = (int)moves;
    return 0;
}

/* Whether CMD takes the long option NAME (its takes list). */
static bool command_takes(const bo_cli_command *cmd, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = cmd->takes; (p = strstr(p, name)) != NULL; p += n)
        if ((p == cmd->takes || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
    return false;
}

/* An option of boyi that CMD does not use: refused by name, never ignored in silence
 * (a user who wrote --engine expects it to count).  Where a command will take it
 * later, the message says so and what it does meanwhile. */
static void refuse_option(const bo_cli_command *cmd, const char *name)
{
    static const struct { const char *cmd, *opt, *why; } later[] = {
        {"annotate", "engine", "it annotates with boyi's own engine"},
    };
    for (size_t i = 0; i < sizeof later / sizeof later[0]; i++)
        if (strcmp(cmd->name, later[i].cmd) == 0 && strcmp(name, later[i].opt) == 0) {
            bo_cli_error(NULL, 0, 0, "boyi %s does not take --%s yet: %s", cmd->name, name, later[i].why);
            return;
        }
    const char *shown = strcmp(name, "jobs") == 0 ? "-j" : strcmp(name, "output") == 0 ? "-o" : NULL;
    bo_cli_error(NULL, 0, 0, "boyi %s does not take %s%s ('boyi %s --help' lists what it takes)", cmd->name,
                 shown ? "" : "--", shown ? shown : name, cmd->name);
}

/* An option boyi does not know at all: named, with the nearest the command takes
 * ("did you mean '--depth'?"); a missing argument is said as such. */
static void unknown_option(const bo_cli_command *cmd, const char *arg, const struct option *longopts)
{
    char word[64];
    snprintf(word, sizeof word, "%s", arg + strspn(arg, "-"));
    word[strcspn(word, "=")] = '\0';
    for (int i = 0; longopts[i].name; i++)
        if (strcmp(longopts[i].name, word) == 0 && longopts[i].has_arg == required_argument) {
            if (!command_takes(cmd, word)) refuse_option(cmd, word);
            else bo_cli_error(NULL, 0, 0, "boyi %s: option '--%s' needs an argument", cmd->name, word);
            return;
        }
    const char *cands[128];
    int n = 0;
    for (int i = 0; longopts[i].name && n < 128; i++)
        if (command_takes(cmd, longopts[i].name)) cands[n++] = longopts[i].name;
    const char *near = bo_cli_nearest(word, cands, n);
    if (near) bo_cli_error(NULL, 0, 0, "boyi %s: unknown option '%s'; did you mean '--%s'?", cmd->name, arg, near);
    else bo_cli_error(NULL, 0, 0, "boyi %s: option '%s' is unknown or lacks its argument", cmd->name, arg);
}

/* --first / --count (data relabel): a count of positions, 0 or more; 0, or -1 with the
 * error said. */
static int parse_positions(const char *name, const char *arg, long *out)
{
    char *end;
    errno = 0;
    *out = strtol(arg, &end, 10);
    if (*end || end == arg || errno || *out < 0) {
        bo_cli_error(NULL, 0, 0, "--%s takes a number of positions 0 or more, not '%s'", name, arg);
        return -1;
    }
    return 0;
}

static int parse_options(int argc, char **argv, bo_opts *o, const bo_cli_command *cmd)
{
    enum { OPT_FEN = 256, OPT_POSITION, OPT_DIVIDE, OPT_JSON, OPT_FORBIDDEN, OPT_HUMAN_FIRST,
           OPT_ENGINE_FIRST, OPT_MOVE_TIME, OPT_SEED, OPT_DEPTH, OPT_RULES, OPT_TO,
           OPT_DRAW_RULES, OPT_STRICT, OPT_ENCODING, OPT_VARIATION_ERRORS, OPT_NODES, OPT_MOVETIME,
           OPT_MULTIPV, OPT_HASH, OPT_SOLVER, OPT_VCF, OPT_SVG, OPT_THREADS, OPT_TC,
           OPT_GAME_INDEX, OPT_PLY, OPT_EVAL_GRAPH,
           OPT_PENTA, OPT_WDL, OPT_SPRT, OPT_GAMES, OPT_A, OPT_B, OPT_OPENINGS, OPT_RANDOM_PLIES,
           OPT_OUT, OPT_RESUME, OPT_SHARD, OPT_ADJUDICATE, OPT_SAMPLE, OPT_OPENING_PLIES,
           OPT_MISERE, OPT_BOARD, OPT_FROM, OPT_TABLE, OPT_COUNT, OPT_FIRST, OPT_MIN_MOVES, OPT_MAX_PIECES, OPT_MATCHES, OPT_ENGINE, OPT_LOG, OPT_LOG_MAX, OPT_GAUNTLET, OPT_ROUND_ROBIN,
           OPT_LISTEN, OPT_CONNECT, OPT_INITIATOR, OPT_OPENING_RULE, OPT_KEEP_RUNNING, OPT_FORMAT, OPT_NO_SECOND_LOOK,
           OPT_EPOCHS, OPT_VALIDATION, OPT_LAMBDA, OPT_L2, OPT_SCORE_SCALE, OPT_INIT, OPT_TRAIN_MODEL, OPT_EVAL,
           OPT_CHECK_SAMPLE };
    static const struct option longopts[] = {
        {"game", required_argument, 0, 'g'},
        {"rules", required_argument, 0, OPT_RULES},
        {"fen", required_argument, 0, OPT_FEN},
        {"position", required_argument, 0, OPT_POSITION},
        {"to", required_argument, 0, OPT_TO},
        {"format", required_argument, 0, OPT_FORMAT},
        {"no-second-look", no_argument, 0, OPT_NO_SECOND_LOOK},
        {"draw-rules", required_argument, 0, OPT_DRAW_RULES},
        {"opening-rule", required_argument, 0, OPT_OPENING_RULE},
        {"output", required_argument, 0, 'o'},
        {"divide", no_argument, 0, OPT_DIVIDE},
        {"json", no_argument, 0, OPT_JSON},
        {"strict", no_argument, 0, OPT_STRICT},
        {"encoding", required_argument, 0, OPT_ENCODING},
        {"variation-errors", no_argument, 0, OPT_VARIATION_ERRORS},
        {"forbidden", no_argument, 0, OPT_FORBIDDEN},
        {"human-first", no_argument, 0, OPT_HUMAN_FIRST},
        {"engine-first", no_argument, 0, OPT_ENGINE_FIRST},
        {"move-time-limit", required_argument, 0, OPT_MOVE_TIME},
        {"seed", required_argument, 0, OPT_SEED},
        {"depth", required_argument, 0, OPT_DEPTH},
        {"nodes", required_argument, 0, OPT_NODES},
        {"movetime", required_argument, 0, OPT_MOVETIME},
        {"multipv", required_argument, 0, OPT_MULTIPV},
        {"hash", required_argument, 0, OPT_HASH},
        {"solver", required_argument, 0, OPT_SOLVER},
        {"vcf", no_argument, 0, OPT_VCF},
        {"svg", required_argument, 0, OPT_SVG},
        {"game-index", required_argument, 0, OPT_GAME_INDEX},
        {"ply", required_argument, 0, OPT_PLY},
        {"eval-graph", required_argument, 0, OPT_EVAL_GRAPH},
        {"threads", required_argument, 0, OPT_THREADS},
        {"tc", required_argument, 0, OPT_TC},
        {"penta", required_argument, 0, OPT_PENTA},
        {"wdl", required_argument, 0, OPT_WDL},
        {"sprt", required_argument, 0, OPT_SPRT},
        {"games", required_argument, 0, OPT_GAMES},
        {"a", required_argument, 0, OPT_A},
        {"b", required_argument, 0, OPT_B},
        {"openings", required_argument, 0, OPT_OPENINGS},
        {"random-plies", required_argument, 0, OPT_RANDOM_PLIES},
        {"out", required_argument, 0, OPT_OUT},
        {"resume", required_argument, 0, OPT_RESUME},
        {"shard", required_argument, 0, OPT_SHARD},
        {"adjudicate", required_argument, 0, OPT_ADJUDICATE},
        {"sample", required_argument, 0, OPT_SAMPLE},
        {"opening-plies", required_argument, 0, OPT_OPENING_PLIES},
        {"misere", no_argument, 0, OPT_MISERE},
        {"board", required_argument, 0, OPT_BOARD},
        {"from", required_argument, 0, OPT_FROM},
        {"table", optional_argument, 0, OPT_TABLE},
        {"count", optional_argument, 0, OPT_COUNT},
        {"first", required_argument, 0, OPT_FIRST},
        {"min-moves", no_argument, 0, OPT_MIN_MOVES},
        {"matches", no_argument, 0, OPT_MATCHES},
        {"engine", required_argument, 0, OPT_ENGINE},
        {"log", required_argument, 0, OPT_LOG},
        {"log-max", required_argument, 0, OPT_LOG_MAX},
        {"gauntlet", no_argument, 0, OPT_GAUNTLET},
        {"round-robin", no_argument, 0, OPT_ROUND_ROBIN},
        {"keep-running", no_argument, 0, OPT_KEEP_RUNNING},
        {"max-pieces", required_argument, 0, OPT_MAX_PIECES},
        {"check-sample", required_argument, 0, OPT_CHECK_SAMPLE},
        {"listen", required_argument, 0, OPT_LISTEN},
        {"connect", required_argument, 0, OPT_CONNECT},
        {"initiator", no_argument, 0, OPT_INITIATOR},
        {"epochs", required_argument, 0, OPT_EPOCHS},
        {"validation", required_argument, 0, OPT_VALIDATION},
        {"lambda", required_argument, 0, OPT_LAMBDA},
        {"l2", required_argument, 0, OPT_L2},
        {"score-scale", required_argument, 0, OPT_SCORE_SCALE},
        {"init", required_argument, 0, OPT_INIT},
        {"model", required_argument, 0, OPT_TRAIN_MODEL},
        {"eval", required_argument, 0, OPT_EVAL},
        {"jobs", required_argument, 0, 'j'},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    optind = 1;
    opterr = 0;
    int c, at = -1;
    while ((c = getopt_long(argc, argv, "g:o:hj:", longopts, &at)) != -1) {
        char *end;
        const char *name = at >= 0 ? longopts[at].name : c == 'g' ? "game" : c == 'o' ? "output" : c == 'j' ? "jobs" : NULL;
        at = -1;
        if (c != '?' && c != 'h' && name && !command_takes(cmd, name)) {
            refuse_option(cmd, name);
            return -1;
        }
        switch (c) {
        case 'g': o->game = optarg; break;
        case OPT_RULES: o->rules = optarg; break;
        case OPT_FEN: o->fen = optarg; break;
        case OPT_POSITION: o->position = optarg; break;
        case OPT_TO: o->to = optarg; break;
        case OPT_FORMAT: o->format = optarg; break;
        case OPT_NO_SECOND_LOOK: o->no_second_look = true; break;
        case OPT_DRAW_RULES: o->draw_rules = optarg; break;
        case OPT_OPENING_RULE: o->opening_rule = optarg; break;
        case 'o': o->output = optarg; break;
        case OPT_DIVIDE: o->divide = true; break;
        case OPT_JSON: o->json = true; break;
        case OPT_KEEP_RUNNING: o->keep_running = true; break;
        case OPT_STRICT: o->strict = true; break;
        case OPT_ENCODING: {
            bo_encoding enc;
            if (bo_encoding_parse(optarg, &enc) != 0) {
                bo_cli_error(NULL, 0, 0, "--encoding takes utf-8, gbk, big5, utf-16 (utf-16le, utf-16be) or cp1252 (latin-1), not '%s'", optarg);
                return -1;
            }
            o->encoding = optarg;
            break;
        }
        case OPT_VARIATION_ERRORS: o->variation_errors = true; break;
        case OPT_FORBIDDEN: o->forbidden = true; break;
        case OPT_HUMAN_FIRST: o->human_first = true; break;
        case OPT_ENGINE_FIRST: o->engine_first = true; break;
        case OPT_MOVE_TIME:
            o->move_time_limit = strtod(optarg, &end);
            if (*end || o->move_time_limit <= 0) {
                bo_cli_error(NULL, 0, 0, "--move-time-limit takes a positive number of seconds, not '%s'", optarg);
                return -1;
            }
            break;
        case OPT_SEED:
            o->seed = strtoull(optarg, &end, 0);
            if (*end || !*optarg) { bo_cli_error(NULL, 0, 0, "--seed takes a whole number, not '%s'", optarg); return -1; }
            break;
        case OPT_DEPTH:
            if (strcmp(optarg, "all") == 0) { o->depth = -2; break; }   /* every ply (solve --count, tigers) */
            o->depth = (int)strtol(optarg, &end, 10);
            if (*end || o->depth < 0 || o->depth > 64) { bo_cli_error(NULL, 0, 0, "--depth takes a number 0..64, not '%s'", optarg); return -1; }
            break;
        case OPT_NODES:
            o->nodes = strtoull(optarg, &end, 10);
            if (*end || !*optarg || o->nodes == 0) { bo_cli_error(NULL, 0, 0, "--nodes takes a positive whole number, not '%s'", optarg); return -1; }
            break;
        case OPT_MOVETIME:
            o->movetime_ms = strtoll(optarg, &end, 10);
            if (*end || o->movetime_ms <= 0) { bo_cli_error(NULL, 0, 0, "--movetime takes milliseconds (a positive number), not '%s'", optarg); return -1; }
            break;
        case OPT_MULTIPV:
            o->multipv = (int)strtol(optarg, &end, 10);
            if (*end || o->multipv < 1 || o->multipv > 64) { bo_cli_error(NULL, 0, 0, "--multipv takes a number 1..64, not '%s'", optarg); return -1; }
            break;
        case OPT_HASH:
            o->hash_mb = (int)strtol(optarg, &end, 10);
            if (*end || o->hash_mb < 1 || o->hash_mb > 65536) { bo_cli_error(NULL, 0, 0, "--hash takes megabytes 1..65536, not '%s'", optarg); return -1; }
            break;
        case OPT_SOLVER: o->solver = optarg; break;
        case OPT_VCF: o->solver = "vcf"; break;
        case OPT_MISERE: o->misere = true; break;
        case OPT_BOARD: o->board = optarg; break;
        case OPT_FROM: o->from = optarg; break;
        case OPT_TABLE:   /* "--table FILE" as well as "--table=FILE"; a bare --table writes to stdout */
            if (!optarg && optind < argc && argv[optind][0] != '-') optarg = argv[optind++];
            o->table = optarg ? optarg : "-";
            break;
        case OPT_COUNT:   /* solve: a bare flag; data relabel: --count N (or --count=N), how many positions */
            o->count = true;
            if (!optarg && optind < argc && argv[optind][0] >= '0' && argv[optind][0] <= '9') optarg = argv[optind++];
            if (optarg && parse_positions("count", optarg, &o->count_n) != 0) return -1;
            break;
        case OPT_FIRST:
            if (parse_positions("first", optarg, &o->first) != 0) return -1;
            break;
        case OPT_MIN_MOVES: o->min_moves = true; break;
        case OPT_MATCHES: o->matches = true; break;
        case OPT_LOG: o->log_dir = optarg; break;
        case OPT_LOG_MAX: {   /* BYTES, or with a K, M or G suffix (binary) */
            double v = strtod(optarg, &end);
            double unit = *end == 'K' || *end == 'k' ? 1024.0 : *end == 'M' || *end == 'm' ? 1048576.0
                        : *end == 'G' || *end == 'g' ? 1073741824.0 : 1.0;
            if (unit > 1.0) end++;
            if (*end || end == optarg || !(v * unit >= 1024.0) || v * unit > 1e15) {
                bo_cli_error(NULL, 0, 0, "--log-max takes a size of 1K or more (bytes, or with K, M or G), not '%s'", optarg);
                return -1;
            }
            o->log_max = (long long)(v * unit);
            break;
        }
        case OPT_GAUNTLET: o->gauntlet = true; break;
        case OPT_LISTEN: o->listen = optarg; break;
        case OPT_CONNECT: o->connect = optarg; break;
        case OPT_INITIATOR: o->initiator = true; break;
        case OPT_ROUND_ROBIN: o->gauntlet = false; break;
        case OPT_ENGINE:
            if (o->nengines >= 8) { bo_cli_error(NULL, 0, 0, "at most 8 --engine"); return -1; }
            o->engines[o->nengines++] = optarg;
            break;
        case OPT_MAX_PIECES:
            o->max_pieces = (int)strtol(optarg, &end, 10);
            if (*end || !*optarg || o->max_pieces < 0 || o->max_pieces > 1000) { bo_cli_error(NULL, 0, 0, "--max-pieces takes a number 0..1000, not '%s'", optarg); return -1; }
            break;
        case OPT_CHECK_SAMPLE:   /* solve --game tigers: positions of random games looked up in the table */
            o->check_sample = strtoull(optarg, &end, 10);
            if (*end || !*optarg || *optarg == '-' || o->check_sample == 0) { bo_cli_error(NULL, 0, 0, "--check-sample takes a positive whole number of positions, not '%s'", optarg); return -1; }
            break;
        case OPT_SVG: o->svg = optarg; break;
        case OPT_EVAL_GRAPH: o->eval_graph = optarg; break;
        case OPT_GAME_INDEX:
            o->game_index = (int)strtol(optarg, &end, 10);
            if (*end || !*optarg || o->game_index < 1) { bo_cli_error(NULL, 0, 0, "--game-index takes a game number 1, 2, ..., not '%s'", optarg); return -1; }
            break;
        case OPT_PLY:
            o->ply = (int)strtol(optarg, &end, 10);
            if (*end || !*optarg || o->ply < 0) { bo_cli_error(NULL, 0, 0, "--ply takes a number of plies 0, 1, ..., not '%s'", optarg); return -1; }
            break;
        case OPT_PENTA: o->penta = optarg; break;
        case OPT_WDL: o->wdl = optarg; break;
        case OPT_SPRT: o->sprt = optarg; break;
        case OPT_GAMES:
            o->games = strtol(optarg, &end, 10);
            if (*end || o->games < 1 || o->games > 1000000000L) { bo_cli_error(NULL, 0, 0, "--games takes a positive number, not '%s'", optarg); return -1; }
            break;
        case OPT_A: o->player_a = optarg; break;
        case OPT_B: o->player_b = optarg; break;
        case OPT_OPENINGS: o->openings = optarg; break;
        case OPT_RANDOM_PLIES:
            o->random_plies = (int)strtol(optarg, &end, 10);
            if (*end || o->random_plies < 0 || o->random_plies > 200) { bo_cli_error(NULL, 0, 0, "--random-plies takes 0..200, not '%s'", optarg); return -1; }
            break;
        case OPT_OUT: o->out_dir = optarg; break;
        case OPT_RESUME: o->resume = optarg; break;
        case OPT_SHARD: o->shard = optarg; break;
        case OPT_ADJUDICATE: o->adjudicate = optarg; break;
        case OPT_VALIDATION: o->validation = optarg; break;
        case OPT_INIT: o->init = optarg; break;
        case OPT_TRAIN_MODEL: o->train_model = optarg; break;
        case OPT_EVAL: o->eval_file = optarg; break;
        case OPT_EPOCHS:
            o->epochs = (int)strtol(optarg, &end, 10);
            if (*end || !*optarg || o->epochs < 0 || o->epochs > 100000) { bo_cli_error(NULL, 0, 0, "--epochs takes a number 0..100000, not '%s'", optarg); return -1; }
            break;
        case OPT_LAMBDA:
            o->lambda = strtod(optarg, &end);
            if (*end || !*optarg || !(o->lambda >= 0 && o->lambda <= 1)) { bo_cli_error(NULL, 0, 0, "--lambda takes a share 0..1, not '%s'", optarg); return -1; }
            break;
        case OPT_L2:
            o->l2 = strtod(optarg, &end);
            if (*end || !*optarg || !(o->l2 >= 0 && o->l2 <= 1)) { bo_cli_error(NULL, 0, 0, "--l2 takes a number 0..1, not '%s'", optarg); return -1; }
            break;
        case OPT_SCORE_SCALE:
            o->score_scale = strtod(optarg, &end);
            if (*end || !*optarg || !(o->score_scale >= 10 && o->score_scale <= 100000)) { bo_cli_error(NULL, 0, 0, "--score-scale takes centipawns 10..100000, not '%s'", optarg); return -1; }
            break;
        case OPT_OPENING_PLIES:
            o->opening_plies = (int)strtol(optarg, &end, 10);
            if (*end || o->opening_plies < 0 || o->opening_plies > 1000) { bo_cli_error(NULL, 0, 0, "--opening-plies takes 0..1000, not '%s'", optarg); return -1; }
            break;
        case OPT_SAMPLE:
            o->sample = strtod(optarg, &end);
            if (*end || !(o->sample >= 0 && o->sample <= 1)) { bo_cli_error(NULL, 0, 0, "--sample takes a rate 0..1, not '%s'", optarg); return -1; }
            break;
        case OPT_TC:
            if (bo_cli_parse_tc(optarg, o) != 0) {
                bo_cli_error(NULL, 0, 0, "--tc takes [MOVES/]SECONDS[+INCREMENT] (like 40/60+0.5), not '%s'", optarg);
                return -1;
            }
            break;
        case OPT_THREADS:
            o->threads = (int)strtol(optarg, &end, 10);
            if (*end || o->threads < 1 || o->threads > 64) { bo_cli_error(NULL, 0, 0, "--threads takes a number 1..64, not '%s'", optarg); return -1; }
            break;
        case 'j':
            o->jobs = (int)strtol(optarg, &end, 10);
            if (*end || o->jobs < 1 || o->jobs > 256) { bo_cli_error(NULL, 0, 0, "-j takes a number 1..256, not '%s'", optarg); return -1; }
            break;
        case 'h': fputs(cmd->usage, stdout); exit(BO_EXIT_OK);
        default:
            if (optopt) bo_cli_error(NULL, 0, 0, "boyi %s: option -%c is unknown or lacks its argument", cmd->name, optopt);
            else unknown_option(cmd, argv[optind - 1], longopts);
            fputs(cmd->usage, stderr);
            return -1;
        }
    }
    o->args = argv + optind;
    o->nargs = argc - optind;
    return 0;
}

/* --game NAME into the game's own name (o->game), and the rule set an alias implies
 * ("checkers": draughts, --rules english) into o->rules; an unknown name is refused
 * with the nearest known one.  A command of one game (ucci) refuses the others. */
static int resolve_game(bo_opts *o, const bo_cli_command *cmd)
{
    const char *rules;
    const bo_game_cli *g = bo_cli_game_lookup(o->game, &rules);
    if (!g) {
        const char *near = bo_cli_game_suggest(o->game);
        if (near) bo_cli_error(NULL, 0, 0, "unknown game '%s'; did you mean '%s'? (boyi --help lists the games)", o->game, near);
        else if (strcasecmp(o->game, "chess") == 0)
            bo_cli_error(NULL, 0, 0, "unknown game 'chess': boyi plays Chinese chess as --game xiangqi, and no Western chess");
        else bo_cli_error(NULL, 0, 0, "unknown game '%s' (boyi --help lists the games)", o->game);
        return -1;
    }
    if (cmd->default_game && cmd->only_game && strcmp(g->name, cmd->default_game) != 0) {
        bo_cli_error(NULL, 0, 0, "boyi %s speaks a protocol of %s only; for %s use boyi uci --game %s", cmd->name,
                     cmd->default_game, g->name, g->name);
        return -1;
    }
    if (rules && o->rules && strcasecmp(o->rules, rules) != 0) {
        bo_cli_error(NULL, 0, 0, "--game %s means --game %s --rules %s; with --rules %s write --game %s", o->game, g->name,
                     rules, o->rules, g->name);
        return -1;
    }
    if (rules) o->rules = rules;
    o->game = g->name;
    return 0;
}

/* --misere is the rule-set suffix "-misere" (docs/game-interface.md): folded into --rules
 * here, once, so that every command (moves, perft, analyse, annotate, engine, selfplay,
 * validate, solve) hands it to the game's own rule parsing the same way; alone it is the
 * rules "misere" (the game's default setup, misère).  A game without a misère convention
 * refuses the rules as unknown. */
static int fold_misere(bo_opts *o, char *buf, size_t n)
{
    if (!o->misere) return 0;
    const char *r = o->rules;
    if (!r) { o->rules = "misere"; return 0; }
    size_t len = strlen(r);
    if ((len >= 6 && strcasecmp(r + len - 6, "misere") == 0) || (len >= 7 && strcmp(r + len - 7, "mis\xc3\xa8re") == 0)) return 0;
    if ((size_t)snprintf(buf, n, "%s-misere", r) >= n) { bo_cli_error(NULL, 0, 0, "--rules '%s' is too long", r); return -1; }
    o->rules = buf;
    return 0;
}

int main(int argc, char **argv)
{
    size_t ncommands;
    const bo_cli_command *commands = bo_cli_commands(&ncommands);
    if (argc < 2) { bo_cli_print_help(stderr); return BO_EXIT_USAGE; }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        if (argc > 2) {
            for (size_t i = 0; i < ncommands; i++)
                if (strcmp(argv[2], commands[i].name) == 0) { fputs(commands[i].usage, stdout); return BO_EXIT_OK; }
        }
        bo_cli_print_help(stdout);
        return BO_EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
#ifdef BOYI_MPI
        puts("boyi 0.1.0 (mpi)");
#else
        puts("boyi 0.1.0");
#endif
        return BO_EXIT_OK;
    }
    for (size_t i = 0; i < ncommands; i++) {
        if (strcmp(argv[1], commands[i].name) != 0) continue;
        bo_opts o;
        memset(&o, 0, sizeof o);
        o.command = commands[i].name;
        o.depth = -1;
        o.ply = -1;
        o.move_time_limit = -1;
        o.random_plies = -1;
        o.max_pieces = -1;
        o.sample = -1;
        o.epochs = -1;
        o.lambda = -1;
        o.count_n = -1;
        if (parse_options(argc - 1, argv + 1, &o, &commands[i]) != 0) return BO_EXIT_USAGE;
        if (!o.game && commands[i].default_game) o.game = commands[i].default_game;
        if (o.game && resolve_game(&o, &commands[i]) != 0) return BO_EXIT_USAGE;
        char rules[256];
        if (fold_misere(&o, rules, sizeof rules) != 0) return BO_EXIT_USAGE;
        bo_outfile_signals();
        int rc = commands[i].run(&o);
        errno = 0;
        if (fflush(stdout) != 0 || ferror(stdout)) {   /* a closed pipe or a full disk under stdout */
            bo_cli_error(NULL, 0, 0, "standard output: %s", errno == EPIPE ? "the reader closed the pipe"
                                                         : errno == ENOSPC ? "the disk is full"
                                                         : errno == EFBIG ? "the file size limit was reached"
                                                                          : "write failed (a closed pipe or a full disk)");
            return BO_EXIT_USAGE;
        }
        return rc;
    }
    const char *names[64];   /* help.c's table: fewer than 64 commands */
    size_t nnames = ncommands < 64 ? ncommands : 64;
    for (size_t i = 0; i < nnames; i++) names[i] = commands[i].name;
    const char *near = bo_cli_nearest(argv[1], names, (int)nnames);
    if (near) {   /* a typo: the one line that helps, not the whole help */
        bo_cli_error(NULL, 0, 0, "unknown command '%s'; did you mean '%s'? ('boyi --help' lists the commands)", argv[1], near);
        return BO_EXIT_USAGE;
    }
    bo_cli_error(NULL, 0, 0, "unknown command '%s'", argv[1]);
    bo_cli_print_help(stderr);
    return BO_EXIT_USAGE;
}
