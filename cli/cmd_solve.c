/* cmd_solve.c -- `boyi solve`: run one of a game's exact solvers on a position.
 *
 * Solvers are registered in the game descriptor (bo_game.solvers), so this command
 * names no game: `--solver vcf` (or the short `--vcf`) picks the solver by name. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "game.h"

static const bo_solver *find_solver(const bo_game *g, const char *name)
{
    for (const bo_solver *s = g->solvers; s && s->name; s++)
        if (strcmp(s->name, name) == 0) return s;
    return NULL;
}

static void list_solvers(const bo_game *g)
{
    if (!g->solvers || !g->solvers[0].name) { fprintf(stderr, "  (%s has no solver yet)\n", g->name); return; }
    for (const bo_solver *s = g->solvers; s->name; s++) fprintf(stderr, "  %-8s %s\n", s->name, s->summary);
}

/* The line in the game's own move text, played out on a copy of the position. */
static void print_line(const bo_game *g, const void *pos, const bo_solution *sol, bool json)
{
    BO_ALIGNED unsigned char p[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(p, pos, g->pos_size);
    bool live = true;   /* after an "any" move the position is no longer known */
    for (int i = 0; i < sol->len; i++) {
        /* After an "any" move the text is taken in the last known position, which
         * names a point or square all the same. */
        char mt[64] = "*";
        if (sol->line[i] != BO_MOVE_ANY && g->move_to_text(p, sol->line[i], mt, sizeof mt) != 0)
            snprintf(mt, sizeof mt, "?");
        if (json) { if (i) putchar(','); bo_json_string(stdout, mt); }
        else printf(" %s", mt);
        if (sol->line[i] == BO_MOVE_ANY) live = false;
        else if (live) g->play(p, sol->line[i], undo, NULL);
    }
}

int bo_cmd_solve(const bo_opts *o)
{
    if (!o->game) { bo_cli_error(NULL, 0, 0, "solve needs --game"); return BO_EXIT_USAGE; }
    if (o->count_n >= 0) {   /* --count N is data relabel's; solve's --count counts, it takes no number */
        bo_cli_error(NULL, 0, 0, "solve: --count takes no number (it counts the positions reachable), not '%ld'", o->count_n);
        return BO_EXIT_USAGE;
    }
    const bo_game_cli *gc = bo_cli_need_game(o);
    if (!gc) return BO_EXIT_USAGE;
    if (gc->solve) return gc->solve(o, stdout);
    const bo_game *g = bo_game_by_name(gc->name);
    if (!g) { bo_cli_error(NULL, 0, 0, "no solver for %s yet", o->game); return BO_EXIT_USAGE; }
    const char *name = o->solver ? o->solver : (g->solvers && g->solvers[0].name ? g->solvers[0].name : NULL);
    const bo_solver *s = name ? find_solver(g, name) : NULL;
    if (!s) {
        bo_cli_error(NULL, 0, 0, "%s has no solver '%s'; it has:", g->name, name ? name : "");
        list_solvers(g);
        return BO_EXIT_USAGE;
    }
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    char err[512];
    if (bo_cli_load_position(o, g, pos) != 0) return BO_EXIT_USAGE;
    bo_solution sol;
    if (s->run(pos, o->depth > 0 ? o->depth : 0, o->nodes, &sol, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s: %s", s->name, err);
        return BO_EXIT_USAGE;
    }
    int mover = g->to_move(pos);
    if (o->json) {
        printf("{\"solver\":\"%s\",\"found\":%s", s->name, sol.found ? "true" : "false");
        if (sol.found) {
            printf(",\"result\":\"%s\",\"plies\":%d,\"moves\":%d,\"line\":[", sol.value > 0 ? "win" : sol.value < 0 ? "loss" : "draw",
                   sol.plies, (sol.plies + 1) / 2);
            print_line(g, pos, &sol, true);
            putchar(']');
        }
        printf(",\"nodes\":%llu,\"complete\":%s}\n", (unsigned long long)sol.nodes, sol.budget_out ? "false" : "true");
    } else if (sol.found) {
        printf("%s: %s to move %s in %d moves (%d plies):", s->name, mover >= 0 ? g->player_names[mover] : "nobody",
               sol.value > 0 ? "wins" : sol.value < 0 ? "loses" : "draws", (sol.plies + 1) / 2, sol.plies);
        print_line(g, pos, &sol, false);
        printf("\n%s: %llu nodes\n", s->name, (unsigned long long)sol.nodes);
    } else {
        printf("%s: none found (%llu nodes%s)\n", s->name, (unsigned long long)sol.nodes,
               sol.budget_out ? ", stopped by the node limit" : ", the search was complete within its depth");
    }
    return BO_EXIT_OK;
}
