/* cmd_perft.c -- `boyi perft`: the leaf count of the legal-move tree, for every game
 * through its descriptor (engine/core/game.h).  The count comes from the game's own
 * fast perft (the descriptor's perft) where it has one, else from bo_game_perft, which
 * plays and unplays through the descriptor; --divide lists the first moves in the
 * order of `boyi moves` and counts below each the same way.  `boyi bench descriptor`
 * times the two ways against each other. */
#include <stdlib.h>
#include <time.h>

#include "cli.h"
#include "core.h"
#include "game.h"

/* The game's own perft when it has one: the hot path stays in the game's folder. */
static uint64_t count_leaves(const bo_game *g, void *pos, int depth)
{
    return g->perft ? g->perft(pos, depth) : bo_game_perft(g, pos, depth);
}

/* DEPTH is the one positional argument; --depth is read too, as bench takes it. */
static int read_depth(const bo_opts *o, const char *game, int *depth)
{
    *depth = o->depth;
    if (o->nargs == 1) {
        char *end;
        long d = strtol(o->args[0], &end, 10);
        if (*end || end == o->args[0] || d < 0 || d > 64) {
            bo_cli_error(NULL, 0, 0, "perft depth must be a number 0..64, not '%s'", o->args[0]);
            return -1;
        }
        *depth = (int)d;
    } else if (o->nargs > 1) {
        bo_cli_error(NULL, 0, 0, "usage: boyi perft --game %s [--rules R] [--fen FEN] [--divide] DEPTH", game);
        return -1;
    }
    if (*depth < 0) {
        bo_cli_error(NULL, 0, 0, "boyi perft needs a DEPTH");
        return -1;
    }
    return 0;
}

int bo_cmd_perft(const bo_opts *o)
{
    const bo_game_cli *gc = bo_cli_need_game(o);
    if (!gc) return BO_EXIT_USAGE;
    const bo_game *g = bo_game_by_name(gc->name);
    if (!g) { bo_cli_error(NULL, 0, 0, "boyi perft is not available for %s", gc->name); return BO_EXIT_USAGE; }
    int depth;
    if (read_depth(o, gc->name, &depth) != 0) return BO_EXIT_USAGE;
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    int rc = bo_cli_command_position(gc, g, o, pos);
    if (rc != BO_EXIT_OK) return rc;
    char fen[2048];
    g->to_text(pos, fen, sizeof fen);
    FILE *out = stdout;
    uint64_t total = 0;
    if (o->divide && depth >= 1) {
        bo_cli_move moves[BO_MOVES_MAX];
        BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
        int n = bo_cli_sorted_moves(g, pos, moves);
        for (int i = 0; i < n; i++) {
            g->play(pos, moves[i].m, undo, NULL);
            uint64_t c = count_leaves(g, pos, depth - 1);
            g->unplay(pos, moves[i].m, undo, NULL);
            bo_cli_perft_divide(o, out, moves[i].text, c);
            total += c;
        }
    } else {
        total = count_leaves(g, pos, depth);
    }
    bo_cli_perft_total(o, out, g->name, fen, depth, total);
    if (fflush(out) != 0) { bo_cli_error("-", 0, 0, "write failed"); return BO_EXIT_USAGE; }
    return BO_EXIT_OK;
}

/* Best CPU time of ROUNDS runs of one perft (own: the game's, else the descriptor's). */
static double time_perft(const bo_game *g, void *pos, int depth, bool own, int rounds, uint64_t *nodes)
{
    double best = 1e30;
    for (int r = 0; r < rounds; r++) {
        double t0 = bo_clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
        *nodes = own ? g->perft(pos, depth) : bo_game_perft(g, pos, depth);
        double dt = bo_clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - t0;
        if (dt < best) best = dt;
    }
    return best;
}

/* boyi bench --game G descriptor [--depth N] [--fen POS] (without --depth, the
 * first depth where the own perft takes 0.1 s or counts 10^7 leaves): the same perft through the
 * game's own code and through the descriptor alone (bo_game_perft: legal, play,
 * unplay), best of three, and the ratio -- what the generic layers pay for being
 * generic on the hottest loop there is. */
int bo_cli_bench_descriptor(const bo_opts *o, const bo_game_cli *gc)
{
    const bo_game *g = bo_game_by_name(gc->name);
    if (!g || !g->perft) {
        bo_cli_error(NULL, 0, 0, "%s has no perft of its own to compare the descriptor with", gc->name);
        return BO_EXIT_USAGE;
    }
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    int rc = bo_cli_command_position(gc, g, o, pos);
    if (rc != BO_EXIT_OK) return rc;
    uint64_t own_nodes = 0, desc_nodes = 0;
    int depth = o->depth;
    if (depth < 0) {   /* deepen while the own perft is short: under 0.1 s and 10^7 leaves */
        for (depth = 1; depth < 12; depth++)
            if (time_perft(g, pos, depth, true, 1, &own_nodes) >= 0.1 || own_nodes >= 10000000) break;
    }
    double own = time_perft(g, pos, depth, true, 3, &own_nodes);
    double desc = time_perft(g, pos, depth, false, 3, &desc_nodes);
    if (own_nodes != desc_nodes) {
        bo_cli_error(NULL, 0, 0, "%s perft(%d): own %llu, descriptor %llu: the two disagree", g->name, depth,
                     (unsigned long long)own_nodes, (unsigned long long)desc_nodes);
        return BO_EXIT_INVALID;
    }
    double ratio = own > 0 ? desc / own : 0;
    if (o->json) {
        char fen[2048];
        g->to_text(pos, fen, sizeof fen);
        bo_json j;
        bo_json_begin(&j, stdout);
        bo_json_str(&j, "game", g->name);
        bo_json_str(&j, "bench", "descriptor");
        bo_json_str(&j, "fen", fen);
        bo_json_int(&j, "depth", depth);
        bo_json_u64(&j, "nodes", own_nodes);
        bo_json_num(&j, "own_cpu_seconds", own, 6);
        bo_json_num(&j, "descriptor_cpu_seconds", desc, 6);
        bo_json_num(&j, "ratio", ratio, 3);
        bo_json_end(&j);
    } else {
        printf("%s perft(%d): %llu leaves\n", g->name, depth, (unsigned long long)own_nodes);
        printf("own perft:        %.4f s CPU (%.1f Mnps)\n", own, own > 0 ? (double)own_nodes / own / 1e6 : 0.0);
        printf("descriptor perft: %.4f s CPU (%.1f Mnps)\n", desc, desc > 0 ? (double)own_nodes / desc / 1e6 : 0.0);
        printf("descriptor / own: %.2f\n", ratio);
    }
    return BO_EXIT_OK;
}
