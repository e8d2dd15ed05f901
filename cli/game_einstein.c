/* game_einstein.c -- the Einstein wuerfelt nicht front end of the boyi binary: the
 * board as SVG and the benchmarks (random games, Star pruning, perft; engine matches
 * are `boyi selfplay` and `bench match` with the players of engine/einstein/
 * ew_player.c).  Its records (WTN and move lists: validate with the matches the files
 * make, convert, annotate, render FILE, games boyi played) are
 * notation/einstein/ew_records.c's. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "cli.h"
#include "core.h"
#include "einstein.h"
#include "ew_player.h"
#include "ew_svg.h"
#include "ew_records.h"
#include "ew_wtn.h"
#include "game.h"

/* The last step's squares: the piece now on its target came from one step back. */
static int ew_cli_render(const bo_opts *o, const void *pos, uint32_t last, const uint32_t *line, int nline, FILE *out)
{
    (void)o, (void)line, (void)nline;
    const ew_pos *p = pos;
    int from = -1, to = -1;
    if (last && !ew_is_roll(last) && !ew_is_place(last)) {
        int side = p->stm ^ 1, piece = (int)(last >> 4 & 7);
        to = p->sq[side][piece];
        if (to >= 0) {
            int d = side == EW_RED ? -1 : 1, r = to / 5 + (((last & 3) != EW_DIR_ROW) ? d : 0);
            int c = to % 5 + (((last & 3) != EW_DIR_COL) ? d : 0);
            from = r * 5 + c;
        }
    } else if (last && ew_is_place(last)) {
        to = (int)(last & 31);
    }
    ew_svg_write(out, p, from, to);
    return BO_EXIT_OK;
}

/* ---- benchmarks ------------------------------------------------------------- */

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* bench random: N uniformly random games; the first player's share with its 95%
 * interval (normal approximation, standard error sqrt(p(1-p)/N)). */
static int bench_random(const bo_opts *o, FILE *out)
{
    uint64_t n = o->games > 0 ? (uint64_t)o->games : 1000000, seed = o->seed;
    double t0 = now_seconds();
    uint64_t wins = ew_random_games(n, seed, EW_RED);
    double dt = now_seconds() - t0, p = (double)wins / (double)n, se = sqrt(p * (1 - p) / (double)n);
    if (o->json) {
        bo_json j;
        bo_json_begin(&j, out);
        bo_json_str(&j, "game", "einstein");
        bo_json_str(&j, "bench", "random");
        bo_json_u64(&j, "games", n);
        bo_json_u64(&j, "seed", seed);
        bo_json_u64(&j, "first_wins", wins);
        bo_json_num(&j, "first_share", p, 6);
        bo_json_num(&j, "stderr", se, 6);
        bo_json_num(&j, "seconds", dt, 3);
        bo_json_end(&j);
    } else {
        fprintf(out, "random games: %llu (seed %llu), first player wins %llu = %.4f%% +- %.4f%% (95%%: %.4f%%..%.4f%%)\n",
                (unsigned long long)n, (unsigned long long)seed, (unsigned long long)wins, 100 * p, 196 * se,
                100 * (p - 1.96 * se), 100 * (p + 1.96 * se));
        fprintf(out, "%.2f s, %.0f games/s\n", dt, (double)n / dt);
    }
    return BO_EXIT_OK;
}

static int ew_bench_cli(const bo_opts *o, FILE *out)
{
    const char *what = o->what ? o->what : o->nargs > 0 ? o->args[0] : "perft";
    if (!strcmp(what, "random")) return bench_random(o, out);
    if (!strcmp(what, "expectimax")) {
        /* Star1 and Star2 against plain expectimax, the same positions. */
        uint64_t nodes[3];
        double secs[3];
        int depth = o->depth > 0 ? o->depth : 4, n = o->games > 0 ? (int)o->games : 50;
        ew_bench_star(depth, n, o->seed, nodes, secs);
        static const char *const names[3] = {"plain", "star1", "star2"};
        for (int s = 0; s < 3; s++)
            fprintf(out, "expectimax depth %d, %d positions, %s: %llu decision nodes, %.3f s, %.0f nodes/s\n", depth, n,
                    names[s], (unsigned long long)nodes[s], secs[s], secs[s] > 0 ? (double)nodes[s] / secs[s] : 0);
        return BO_EXIT_OK;
    }
    if (strcmp(what, "perft") != 0) {
        bo_cli_error(NULL, 0, 0, "einstein benchmarks: random [--games N] [--seed S], match --a SPEC --b SPEC [--games N] "
                     "[--seed S] (boyi bench --help), expectimax [--depth D] [--games POSITIONS], perft [--depth N] [--fen POS]; not '%s'", what);
        return BO_EXIT_USAGE;
    }
    const bo_game *g = bo_game_by_name("einstein");
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    if (bo_cli_load_position(o, g, pos) != 0) return BO_EXIT_USAGE;
    int depth = o->depth >= 0 ? o->depth : 8;
    double t0 = now_seconds();
    uint64_t nodes = ew_perft((const ew_pos *)pos, depth);
    char fen[256];
    ew_to_text((const ew_pos *)pos, fen, sizeof fen);
    return bo_cli_perft_bench(o, out, "einstein", fen, depth, nodes, now_seconds() - t0);
}

const bo_game_cli bo_game_einstein = {
    .name = "einstein",
    .rules_help = "choose (default: each side places its pieces), random (arrangements drawn by chance)",
    .bench = ew_bench_cli,
    .render = ew_cli_render,
    .eval_scale = 400,
    .records = &ew_records,   /* records: notation/einstein/ew_records.c */
};
