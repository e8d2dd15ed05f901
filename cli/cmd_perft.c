/* cmd_perft.c -- `boyi perft`: the leaf count of the legal-move tree, for every game
 * through its descriptor (engine/core/game.h).  The count comes from the game's own
 * fast perft (the descriptor's perft) where it has one, else from bo_game_perft, which
 * plays and unplays through the descriptor; --divide lists the first moves in the
 * order of `boyi moves` and counts below each the same way. */
#include <stdlib.h>

#include "cli.h"
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
