/* game_nogo.c -- NoGo 不围棋's front end (docs/nogo.md): the board as SVG, the Botzone
 * bot of `boyi play`, and benchmarks of the legal-move generator, the playouts and the
 * MCTS (engine matches are `boyi selfplay` and `bench match`, with the players of
 * engine/nogo/ng_engine.c).  Its records (SGF, the contest text, Botzone's JSON) are
 * notation/nogo/ng_records.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "botzone.h"
#include "cli.h"
#include "core.h"
#include "game.h"
#include "mcts.h"
#include "ng_records.h"
#include "ng_svg.h"
#include "nogo.h"

/* Monotonic seconds for the benchmarks. */
static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* --rules into NG_RULES_*, or a usage error printed. */
static int cli_rules(const bo_opts *o)
{
    int r = ng_rules_by_name(o->rules);
    if (r < 0) bo_cli_error(NULL, 0, 0, "unknown NoGo rules '%s' (ccgc, botzone)", o->rules);
    return r;
}

/* Legal-move generations per second: the positions of seeded random games, each
 * generated REPEAT times (the set, and the descriptor's list), timed apart from the
 * replay. */
static int bench_legal(const bo_opts *o, int rules, FILE *out)
{
    long games = o->games > 0 ? o->games : 200;
    const int repeat = 20;
    uint64_t rng = o->seed ? o->seed : 1, gens = 0, sink = 0;
    double set_s = 0, list_s = 0;
    bo_move moves[BO_MOVES_MAX];
    for (long i = 0; i < games; i++) {
        ng_pos p;
        ng_start(&p, rules);
        for (;;) {
            double t0 = now_seconds();
            ng_bits legal = 0;
            for (int k = 0; k < repeat; k++) {
                legal = ng_legal_set(&p);
                sink += (uint64_t)legal;
                __asm__ volatile("" : : "r"(&p) : "memory");
            }
            double t1 = now_seconds();
            for (int k = 0; k < repeat; k++) {
                sink += (uint64_t)ng_game_desc.legal(&p, moves);
                __asm__ volatile("" : : "r"(&p) : "memory");
            }
            double t2 = now_seconds();
            set_s += t1 - t0;
            list_s += t2 - t1;
            gens += repeat;
            if (!legal) break;
            int n = ng_popcount(legal);
            int k = (int)(bo_splitmix64(&rng) % (uint64_t)n);
            while (k-- > 0) legal &= legal - 1;
            ng_play(&p, ng_first(legal), NULL);
        }
    }
    if (o->json) {
        bo_json j;
        bo_json_begin(&j, out);
        bo_json_str(&j, "game", "nogo");
        bo_json_str(&j, "bench", "legal");
        bo_json_u64(&j, "generations", gens);
        bo_json_num(&j, "set_per_second", (double)gens / set_s, 0);
        bo_json_num(&j, "list_per_second", (double)gens / list_s, 0);
        bo_json_end(&j);
    } else {
        fprintf(out, "legal-move generation over the positions of %ld random games (%llu generations each way):\n", games,
                (unsigned long long)gens);
        fprintf(out, "  legal set (ng_legal_set): %.2f M/s\n", (double)gens / set_s / 1e6);
        fprintf(out, "  move list (descriptor legal()): %.2f M/s\n", (double)gens / list_s / 1e6);
    }
    return sink == 42 ? BO_EXIT_OK : BO_EXIT_OK;
}

/* Random playouts per second from the start: on the board directly (the engine's),
 * and through the descriptor (what the generic MCTS does without a game's hook). */
static int bench_playout(const bo_opts *o, int rules, FILE *out)
{
    long n = o->games > 0 ? o->games : 20000;
    uint64_t rng = o->seed ? o->seed : 1, plies = 0;
    double black = 0;
    ng_pos start, p;
    ng_start(&start, rules);
    double t0 = now_seconds();
    for (long i = 0; i < n; i++) {
        p = start;
        black += ng_random_playout(&p, &rng, NULL, NULL, NULL, 0);
        plies += p.ply;
    }
    double t1 = now_seconds();
    for (long i = 0; i < n; i++) {
        p = start;
        bo_mcts_random_playout(&ng_game_desc, &p, &rng, 1000, NULL, NULL);
    }
    double t2 = now_seconds();
    if (o->json) {
        bo_json j;
        bo_json_begin(&j, out);
        bo_json_str(&j, "game", "nogo");
        bo_json_str(&j, "bench", "playout");
        bo_json_int(&j, "playouts", (int)n);
        bo_json_num(&j, "per_second", (double)n / (t1 - t0), 0);
        bo_json_num(&j, "descriptor_per_second", (double)n / (t2 - t1), 0);
        bo_json_num(&j, "mean_plies", (double)plies / (double)n, 2);
        bo_json_num(&j, "black_score", black / (double)n, 4);
        bo_json_end(&j);
    } else {
        fprintf(out, "%ld uniform random playouts from the empty board: %.0f/s on the board, %.0f/s through the descriptor\n",
                n, (double)n / (t1 - t0), (double)n / (t2 - t1));
        fprintf(out, "  mean length %.2f plies, black scores %.4f\n", (double)plies / (double)n, black / (double)n);
    }
    return BO_EXIT_OK;
}

/* MCTS playouts per second from the empty board, RAVE and plain UCT, --threads. */
static int bench_mcts(const bo_opts *o, int rules, FILE *out)
{
    ng_pos p;
    ng_start(&p, rules);
    for (int rave = 1; rave >= 0; rave--) {
        bo_mcts_params prm;
        bo_mcts_defaults(&prm);
        prm.rave = rave;
        prm.playouts = o->nodes ? o->nodes : 20000;
        prm.threads = o->threads > 1 ? o->threads : 1;
        prm.playout = ng_mcts_playout;
        prm.seed = o->seed ? o->seed : 1;
        bo_search_info info;
        bo_mcts_stats st;
        char err[256], mv[8];
        if (bo_mcts_search(&ng_game_desc, &p, NULL, &prm, NULL, NULL, &info, &st, err, sizeof err) != 0) {
            bo_cli_error(NULL, 0, 0, "%s", err);
            return BO_EXIT_USAGE;
        }
        ng_game_desc.move_to_text(&p, info.pv[0], mv, sizeof mv);
        if (o->json) {
            bo_json j;
            bo_json_begin(&j, out);
            bo_json_str(&j, "game", "nogo");
            bo_json_str(&j, "bench", rave ? "mcts-rave" : "mcts-uct");
            bo_json_u64(&j, "playouts", st.playouts);
            bo_json_int(&j, "threads", prm.threads);
            bo_json_num(&j, "per_second", (double)st.playouts / st.seconds, 0);
            bo_json_u64(&j, "nodes", st.nodes);
            bo_json_str(&j, "best", mv);
            bo_json_num(&j, "win_rate", info.win_rate, 4);
            bo_json_end(&j);
        } else {
            fprintf(out, "MCTS %s, %d thread(s): %llu playouts in %.2f s: %.0f playouts/s; %llu tree nodes; best %s at %.3f\n",
                    rave ? "UCT+RAVE" : "plain UCT", prm.threads, (unsigned long long)st.playouts, st.seconds,
                    (double)st.playouts / st.seconds, (unsigned long long)st.nodes, mv, info.win_rate);
        }
    }
    return BO_EXIT_OK;
}

/* boyi bench --game nogo [legal|playout|mcts|perft] (match: bench_match.c, the one
 * match runner, with NoGo's players from the descriptor). */
static int ng_cli_bench(const bo_opts *o, FILE *out)
{
    const char *what = o->what ? o->what : o->nargs > 0 ? o->args[0] : "playout";
    int rules = cli_rules(o);
    if (rules < 0) return BO_EXIT_USAGE;
    if (strcmp(what, "legal") == 0) return bench_legal(o, rules, out);
    if (strcmp(what, "playout") == 0 || strcmp(what, "playouts") == 0) return bench_playout(o, rules, out);
    if (strcmp(what, "mcts") == 0) return bench_mcts(o, rules, out);
    if (strcmp(what, "perft") == 0) {
        ng_pos p;
        ng_start(&p, rules);
        int depth = o->depth >= 0 ? o->depth : 4;
        double t0 = now_seconds();
        uint64_t nodes = ng_perft(&p, depth);
        return bo_cli_perft_bench(o, out, "nogo", NULL, depth, nodes, now_seconds() - t0);
    }
    bo_cli_error(NULL, 0, 0, "NoGo benchmarks: legal, playout, mcts, perft, match; not '%s'", what);
    return BO_EXIT_USAGE;
}

/* The board; from a record, its stones numbered in the order played. */
static int ng_cli_render(const bo_opts *o, const void *pos, uint32_t last, const uint32_t *line, int nline, FILE *out)
{
    (void)o;
    int numbers[NG_POINTS] = {0};
    for (int i = 0; line && i < nline; i++)
        if (line[i] >= 1 && line[i] <= NG_POINTS) numbers[line[i] - 1] = i + 1;
    ng_svg_write(out, pos, line ? numbers : NULL, last >= 1 && last <= NG_POINTS ? (int)last - 1 : -1);
    return BO_EXIT_OK;
}

/* ---- Botzone's bot protocol -------------------------------------------------------- */

/* The engine's answer to a position built from MOVES (points; NG_MOVE_PASS skipped):
 * its point, or -1 when it has none (or the history is not a legal game). */
static int bot_answer(const bo_opts *o, int rules, const int *moves, int n)
{
    BO_ALIGNED unsigned char buf[BO_POS_MAX];
    ng_pos *p = (ng_pos *)buf;
    ng_start(p, rules);
    for (int i = 0; i < n; i++) {
        if (moves[i] < 0) continue;
        if (ng_check(p, moves[i], NULL) != NG_OK) return -1;   /* the other side has already lost */
        ng_play(p, moves[i], NULL);
    }
    if (!ng_legal_set(p)) return -1;
    bo_limits lim = {.nodes = o->nodes, .movetime_ms = o->movetime_ms, .threads = o->threads};
    if (!lim.nodes && !lim.movetime_ms) lim.movetime_ms = 800;   /* Botzone allows NoGo bots 1 s a turn */
    bo_search_info info;
    char err[256];
    if (bo_search(&ng_game_desc, p, NULL, &lim, NULL, NULL, NULL, &info, err, sizeof err) != 0) return -1;
    return (int)info.pv[0] - 1;
}

/* boyi play --game nogo: a Botzone bot on stdin/stdout.  Each line of JSON input
 * ({"requests":[..],"responses":[..]}) gets {"response":{"x":X,"y":Y}}; the
 * simplified interaction (a line with the turn number n, then 2n-1 lines "x y":
 * requests and responses alternating) gets "x y".  -1 -1: no legal point. */
static int ng_cli_play(const bo_opts *o, FILE *in, FILE *out)
{
    int rules = cli_rules(o);
    if (rules < 0) return BO_EXIT_USAGE;
    char line[1 << 16];
    while (fgets(line, sizeof line, in)) {
        const char *s = line;
        while (*s == ' ' || *s == '\t') s++;
        if (*s == '\n' || *s == 0) continue;
        int moves[2 * NG_POINTS + 4], n = 0, answer;
        if (*s == '{') {
            ng_game_list l;
            char err[256];
            if (ng_read_botzone(s, strlen(s), &l, err, sizeof err) != 0 || l.n != 1 || l.items[0].error) {
                bo_cli_error("-", 0, 0, "not a Botzone request: %s", l.n && l.items[0].error ? l.items[0].error : err);
                ng_game_list_free(&l);
                return BO_EXIT_USAGE;
            }
            for (int i = 0; i < l.items[0].n && n < 2 * NG_POINTS; i++) moves[n++] = l.items[0].moves[i].point;
            ng_game_list_free(&l);
            answer = bot_answer(o, rules, moves, n);
            fprintf(out, "{\"response\":{\"x\":%d,\"y\":%d}}\n", answer < 0 ? -1 : answer % NG_SIZE,
                    answer < 0 ? -1 : answer / NG_SIZE);
        } else {
            int turns = atoi(s);
            if (turns < 1 || turns > NG_POINTS) { bo_cli_error("-", 0, 0, "a turn number 1..81 expected, not '%s'", s); return BO_EXIT_USAGE; }
            for (int k = 0; k < 2 * turns - 1; k++) {
                int x, y;
                if (!fgets(line, sizeof line, in) || sscanf(line, "%d %d", &x, &y) != 2) {
                    bo_cli_error("-", 0, 0, "turn %d: line %d of 'x y' pairs missing", turns, k + 1);
                    return BO_EXIT_USAGE;
                }
                if (k == 0 && x == -1 && y == -1) continue;   /* "you are black" */
                moves[n++] = x >= 0 && x < NG_SIZE && y >= 0 && y < NG_SIZE ? y * NG_SIZE + x : NG_MOVE_PASS;
            }
            answer = bot_answer(o, rules, moves, n);
            fprintf(out, "%d %d\n", answer < 0 ? -1 : answer % NG_SIZE, answer < 0 ? -1 : answer / NG_SIZE);
        }
        fflush(out);
    }
    return BO_EXIT_OK;
}

/* Botzone's NoGo points: x the column from 0, y the row from 0 at the top (the point
 * index y * 9 + x, as ng_botzone.c reads Botzone's logs); the move is the index + 1. */
static int ng_bz_to_xy(const void *pos, uint32_t m, int *x, int *y)
{
    (void)pos;
    if (m < 1 || m > NG_POINTS) return -1;
    *x = (int)(m - 1) % NG_SIZE;
    *y = (int)(m - 1) / NG_SIZE;
    return 0;
}

static int ng_bz_from_xy(const void *pos, int x, int y, uint32_t *m)
{
    (void)pos;
    if (x < 0 || y < 0 || x >= NG_SIZE || y >= NG_SIZE) return -1;
    *m = (uint32_t)(y * NG_SIZE + x) + 1;
    return 0;
}

static const bz_xy ng_botzone = {ng_bz_to_xy, ng_bz_from_xy};

const bo_game_cli bo_game_nogo = {
    .name = "nogo",
    .rules_help = "ccgc (default), botzone (black's first stone not on the centre)",
    .move_key = "point",
    .bench = ng_cli_bench,
    .play = ng_cli_play,
    .render = ng_cli_render,
    .records = &ng_records,   /* records: notation/nogo/ng_records.c */
    .botzone = &ng_botzone,
};
