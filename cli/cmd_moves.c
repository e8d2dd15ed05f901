/* cmd_moves.c -- `boyi moves`: the legal moves of a position, for every game through
 * its descriptor (engine/core/game.h): legal() for the moves, move_to_text() for their
 * text, result() for why there are none.  The front end (bo_game_cli) adds only what
 * is its own: how it reads a position, a second text per move (Xiangqi's Chinese
 * name), a game's own words for an ending, Renju's forbidden points. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "game.h"

/* Compare two move texts with runs of digits by value, so that squares and rows sort
 * as numbers: "9-14" < "31-26", "a2" < "a10"; ICCS ("h2e2") sorts as plain text. */
static int natural_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
            long x = strtol(a, (char **)&a, 10), y = strtol(b, (char **)&b, 10);
            if (x != y) return x < y ? -1 : 1;
            continue;
        }
        if (*a != *b) return (unsigned char)*a - (unsigned char)*b;
        a++;
        b++;
    }
    return (unsigned char)*a - (unsigned char)*b;
}

static int cmp_moves(const void *a, const void *b)
{
    return natural_cmp(((const bo_cli_move *)a)->text, ((const bo_cli_move *)b)->text);
}

/* One order for every listing, so that outputs are deterministic and readable. */
int bo_cli_sorted_moves(const bo_game *g, const void *pos, bo_cli_move *out)
{
    bo_move moves[BO_MOVES_MAX];
    int n = g->legal(pos, moves);
    for (int i = 0; i < n; i++) {
        out[i].m = moves[i];
        if (g->move_to_text(pos, moves[i], out[i].text, sizeof out[i].text) != 0)
            snprintf(out[i].text, sizeof out[i].text, "?");
    }
    if (n > 1) qsort(out, (size_t)n, sizeof *out, cmp_moves);
    return n;
}

/* The front end reads the position when it has its own way; else the descriptor. */
int bo_cli_command_position(const bo_game_cli *gc, const bo_game *g, const bo_opts *o, void *pos)
{
    if (gc->position) return gc->position(o, pos);
    return bo_cli_load_position(o, g, pos) == 0 ? BO_EXIT_OK : BO_EXIT_USAGE;
}

/* The word --json gives an ending, from the descriptor's result. */
static const char *ending_word(bo_end how)
{
    switch (how) {
    case BO_END_MATE: return "checkmate";
    case BO_END_FIVE: return "five";
    case BO_END_FULL_BOARD: return "full-board";
    case BO_END_REPETITION: case BO_END_PERPETUAL: return "repetition";
    case BO_END_RULE_LIMIT: return "rule-limit";
    default: return "no-move";
    }
}

/* No legal move, said from the descriptor alone: who cannot move and whether that
 * loses. */
static void say_no_moves(const bo_opts *o, const bo_game *g, const void *pos, FILE *out)
{
    bo_result r = g->result(pos, NULL);
    int who = g->to_move(pos);
    const char *side = who >= 0 && who < 2 ? g->player_names[who] : NULL;
    if (side)
        fprintf(stderr, "boyi: %s has no legal move%s\n", side, r.winner >= 0 && r.winner != who ? ", and so has lost" : "");
    else
        fprintf(stderr, "boyi: the game is over\n");
    if (o->json) bo_cli_json_moves_summary(out, 0, side, ending_word(r.how));
}

int bo_cmd_moves(const bo_opts *o)
{
    const bo_game_cli *gc = bo_cli_need_game(o);
    if (!gc) return BO_EXIT_USAGE;
    const bo_game *g = bo_game_by_name(gc->name);
    if (!g) { bo_cli_error(NULL, 0, 0, "boyi moves is not available for %s", gc->name); return BO_EXIT_USAGE; }
    if (o->nargs > 0) {
        bo_cli_error(NULL, 0, 0, "usage: boyi moves --game %s [--rules R] (--fen FEN | --position POS) [--json]", gc->name);
        return BO_EXIT_USAGE;
    }
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    int rc = bo_cli_command_position(gc, g, o, pos);
    if (rc != BO_EXIT_OK) return rc;
    FILE *out = stdout;
    if (o->forbidden) {
        if (!gc->forbidden) {
            bo_cli_error(NULL, 0, 0, "boyi moves --forbidden is not available for %s (no forbidden points)", gc->name);
            return BO_EXIT_USAGE;
        }
        return gc->forbidden(o, pos, out);
    }
    bo_cli_move moves[BO_MOVES_MAX];
    int n = bo_cli_sorted_moves(g, pos, moves);
    const char *key = gc->move_key ? gc->move_key : "move";
    for (int i = 0; i < n; i++) {
        char note[256] = "";
        bool has_note = gc->move_note != NULL;
        if (has_note && gc->move_note(pos, moves[i].m, note, sizeof note) != 0) snprintf(note, sizeof note, "?");
        if (o->json) bo_cli_json_move(out, key, moves[i].text, has_note ? "text" : NULL, note);
        else if (has_note) fprintf(out, "%s %s\n", moves[i].text, note);
        else fprintf(out, "%s\n", moves[i].text);
    }
    if (n == 0) {
        if (gc->moves_ending) gc->moves_ending(o, pos, out);
        else say_no_moves(o, g, pos, out);
    } else if (o->json) {
        int who = g->to_move(pos);
        bo_cli_json_moves_summary(out, n, who >= 0 && who < 2 ? g->player_names[who] : NULL, NULL);
    }
    if (fflush(out) != 0) { bo_cli_error("-", 0, 0, "write failed"); return BO_EXIT_USAGE; }
    return BO_EXIT_OK;
}
