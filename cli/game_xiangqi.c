/* game_xiangqi.c -- the xiangqi front end of the boyi binary: what moves and perft
 * need of the game's own (--rules, position text, Chinese move names), the SVG
 * board, and bench (perft, and validate's speed over a file).  Its records (PGN,
 * contest frames, XQF, ChessBridge, DhtmlXQ: validate, convert, annotate, render
 * FILE, games boyi played) are notation/xiangqi/xq_rec.c's. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "cli.h"
#include "core.h"
#include "xq_svg.h"
#include "xiangqi.h"
#include "xq_notation.h"
#include "xq_rec.h"
#include "xq_records.h"
#include "xq_validate.h"

/* The usage error for an unknown --rules, naming the known rule sets. */
static void rules_error(const char *name, char *buf, size_t n)
{
    snprintf(buf, n, "unknown xiangqi rule set '%s'; known: " XQ_RULES_NAMES, name);
}

/* --rules as a rule set (ccgc when not given); -1 with an error printed when
 * unknown. The rule sets differ only in how a repetition is judged, so perft
 * and moves accept every one of them and mean the same. */
static int check_rules(const bo_opts *o, xq_rules *r)
{
    *r = XQ_RULES_CCGC;
    if (o->rules && xq_rules_from_name(o->rules, r) != 0) {
        char msg[256];
        rules_error(o->rules, msg, sizeof msg);
        bo_cli_error(NULL, 0, 0, "%s", msg);
        return -1;
    }
    return 0;
}

/* The position of --fen (or --position), else the start. */
static int cli_position(const bo_opts *o, xq_pos *p)
{
    const char *fen = o->fen ? o->fen : o->position;
    if (!fen) { xq_pos_start(p); return 0; }
    char err[256];
    if (xq_pos_from_fen(p, fen, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "bad FEN '%s': %s", fen, err);
        return -1;
    }
    return 0;
}

/* moves and perft: --rules checked, --fen (or --position) read with its own error. */
static int xq_cli_position(const bo_opts *o, void *pos)
{
    xq_rules rules;
    if (check_rules(o, &rules) != 0) return BO_EXIT_USAGE;
    return cli_position(o, pos) == 0 ? BO_EXIT_OK : BO_EXIT_USAGE;
}

/* moves: the Chinese name beside the ICCS one ("h2e2 炮二平五"). */
static int xq_cli_move_note(const void *pos, uint32_t m, char *buf, size_t n)
{
    return xq_write_move(pos, (xq_move)m, XQ_NOTE_CHINESE, buf, n);
}

/* moves with none: no legal move loses in Xiangqi, in check or not (困毙). */
static void xq_cli_moves_ending(const bo_opts *o, const void *pos, FILE *out)
{
    const xq_pos *p = pos;
    const char *side = p->side == XQ_RED ? "red" : "black";
    bool mated = xq_in_check(p, p->side);
    fprintf(stderr, "boyi: %s has no legal move: %s\n", side, mated ? "checkmate" : "stalemate (困毙), which loses");
    if (o->json) bo_cli_json_moves_summary(out, 0, side, mated ? "checkmate" : "stalemate");
}

/* bench: count games, plies and faults instead of printing them. */
static int count_game(void *ctx, const bo_rec_game *g)
{
    long *n = ctx;
    n[0]++;
    n[1] += g->v->moves;
    if (g->v->status != BO_VERDICT_OK) n[2]++;
    return 0;
}

/* bench: read only (count the games, replay nothing). */
static int skip_record(void *ctx, bo_record *r)
{
    (void)r;
    ++*(long *)ctx;
    return 0;
}

/* Reading and replaying a whole file as validate does (the records interface,
 * without printing),
 * best of several rounds (at least 1 s in all); CPU time is the per-core figure. */
static int bench_validate(const char *path, bool json, FILE *out)
{
    char err[512];
    bo_text t;
    if (bo_text_load(&t, path, err, sizeof err) != 0) {
        bo_cli_error(path, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    bo_cli_text_warnings(&t);
    double best_read = 1e30, best_total = 1e30, best_cpu = 1e30, spent = 0;
    long counts[3] = {0, 0, 0};
    int rounds = 0;
    while (rounds < 3 || (spent < 1.0 && rounds < 1000)) {
        long games = 0, n[3] = {0, 0, 0};
        double t0 = bo_now_seconds();
        if (xq_records_each(&t, skip_record, &games, NULL, err, sizeof err) != 0) {
            bo_cli_error(path, 0, 0, "%s", err);
            bo_text_free(&t);
            return BO_EXIT_USAGE;
        }
        double t1 = bo_now_seconds(), c1 = bo_clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
        bo_read_opts ro;
        bo_read_opts_init(&ro);
        bo_records_sink sink = {.game = count_game, .ctx = n};
        if (xq_rec.read(&ro, &t, NULL, &sink, err, sizeof err) != 0) {
            bo_cli_error(path, 0, 0, "%s", err);
            bo_text_free(&t);
            return BO_EXIT_USAGE;
        }
        double t2 = bo_now_seconds(), c2 = bo_clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
        if (t1 - t0 < best_read) best_read = t1 - t0;
        if (t2 - t1 < best_total) best_total = t2 - t1;
        if (c2 - c1 < best_cpu) best_cpu = c2 - c1;
        spent += t2 - t0;
        memcpy(counts, n, sizeof n);
        rounds++;
    }
    if (json) {
        bo_json j;
        bo_json_begin(&j, out);
        bo_json_str(&j, "game", "xiangqi");
        bo_json_str(&j, "bench", "validate");
        bo_json_str(&j, "file", path);
        bo_json_int(&j, "games", counts[0]);
        bo_json_int(&j, "plies", counts[1]);
        bo_json_int(&j, "invalid", counts[2]);
        bo_json_u64(&j, "bytes", (uint64_t)t.len);
        bo_json_int(&j, "rounds", rounds);
        bo_json_num(&j, "read_seconds", best_read, 6);
        bo_json_num(&j, "read_mb_per_second", (double)t.len / 1e6 / best_read, 1);
        bo_json_num(&j, "seconds", best_total, 6);
        bo_json_num(&j, "cpu_seconds", best_cpu, 6);
        bo_json_num(&j, "plies_per_second_cpu", (double)counts[1] / best_cpu, 0);
        bo_json_num(&j, "plies_per_second", (double)counts[1] / best_total, 0);
        bo_json_end(&j);
        bo_text_free(&t);
        return BO_EXIT_OK;
    }
    fprintf(out, "validate %s: %ld games, %ld plies, %ld invalid (%.1f MB of text)\n", path, counts[0], counts[1],
            counts[2], (double)t.len / 1e6);
    fprintf(out, "best of %d rounds: read alone %.4f s (%.1f MB/s), read+replay %.4f s\n", rounds, best_read,
            (double)t.len / 1e6 / best_read, best_total);
    fprintf(out, "read+replay CPU time %.4f s: %.0f plies/s per core\n", best_cpu, (double)counts[1] / best_cpu);
    fprintf(out, "%.0f plies/s\n", (double)counts[1] / best_total);
    bo_text_free(&t);
    return BO_EXIT_OK;
}

/* boyi bench: perft from the start, or validation speed over a file. */
static int xq_bench_cli(const bo_opts *o, FILE *out)
{
    const char *what = o->what ? o->what : o->nargs > 0 ? o->args[0] : "perft";
    if (strcmp(what, "validate") == 0) {
        const char *path = o->nargs > 1 ? o->args[1] : NULL;
        if (!path) {
            bo_cli_error(NULL, 0, 0, "usage: boyi bench --game xiangqi validate FILE");
            return BO_EXIT_USAGE;
        }
        return bench_validate(path, o->json, out);
    }
    if (strcmp(what, "perft") != 0) {
        bo_cli_error(NULL, 0, 0, "xiangqi benchmarks: perft [--depth N], validate FILE; not '%s'", what);
        return BO_EXIT_USAGE;
    }
    if (o->fen) {
        bo_cli_error(NULL, 0, 0, "xiangqi bench perft runs from the start position; for another one use boyi perft --fen");
        return BO_EXIT_USAGE;
    }
    int depth = o->depth >= 0 ? o->depth : 5;
    uint64_t nodes = 0;
    double s = xq_bench_perft(depth, &nodes);
    return bo_cli_perft_bench(o, out, "xiangqi", NULL, depth, nodes, s);
}

/* The descriptor's Xiangqi position is an xq_pos and its move an xq_move. */
static int xq_cli_render(const bo_opts *o, const void *pos, uint32_t last, const uint32_t *line, int nline,
                         FILE *out)
{
    (void)o;
    (void)line;
    (void)nline;
    xq_svg_write(out, pos, (xq_move)last);
    return BO_EXIT_OK;
}

const bo_game_cli bo_game_xiangqi = {
    .name = "xiangqi",
    .rules_help = "ccgc (default: a third repetition, or 60 moves each without a capture, ends the game), "
                  "human (each is a warning; play goes on)",
    .position = xq_cli_position,
    .move_note = xq_cli_move_note,
    .moves_ending = xq_cli_moves_ending,
    .bench = xq_bench_cli,
    .render = xq_cli_render,
    .eval_scale = 350,   /* fitted to 72 Big5 grandmaster games, round 4 weights (docs/annotate.md) */
    .annotate_depth = 8,       /* chosen on 11 Big5 games against Fairy-Stockfish (docs/annotate.md, */
    .second_look_plies = 4,    /* "Fourth round"): the second look at depth 12 */
    .train_scale = 550,  /* the round-2 weights' (docs/training.md): train's default unchanged */
    .records = &xq_rec,   /* records: notation/xiangqi/xq_rec.c */
};
