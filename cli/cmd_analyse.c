/* cmd_analyse.c -- `boyi analyse`: search one position of any game and report each
 * iteration, the way engine protocols do (`info ... pv ...`, then `bestmove`).
 *
 * Everything goes through the game descriptor (engine/core/game.h): the position
 * text is the game's own (FEN, Gomoku's "black: h8; white: i9"), moves are printed
 * in the game's own move text (ICCS "h2e2", "h8", PDN "32-28"). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "game.h"
#include "search.h"

typedef struct analyse_out {
    const bo_opts *o;
    const bo_game *g;
    const void *pos;
    int multipv;          /* 1-based line number when --multipv > 1, else 0 */
} analyse_out;

/* The PV as move texts, played out on a copy of the position. */
static void pv_texts(const bo_game *g, const void *pos, const bo_search_info *info, char out[][64], int *n)
{
    BO_ALIGNED unsigned char p[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(p, pos, g->pos_size);
    *n = 0;
    for (int i = 0; i < info->pvlen; i++) {
        if (g->move_to_text(p, info->pv[i], out[i], 64) != 0) break;
        g->play(p, info->pv[i], undo, NULL);
        (*n)++;
    }
}

static void json_score(FILE *f, const bo_search_info *info)
{
    if (info->win_plies) fprintf(f, "{\"mate\":%d}", bo_score_to_moves(info->win_plies));
    else fprintf(f, "{\"cp\":%d}", info->score);
}

/* One line per finished iteration: `info depth 6 seldepth 11 score cp 35 ...`. */
static void on_info(void *ctx, const bo_search_info *info)
{
    analyse_out *a = ctx;
    char pv[BO_MAX_PLY][64];
    int n;
    pv_texts(a->g, a->pos, info, pv, &n);
    long long ms = (long long)(info->seconds * 1000.0 + 0.5);
    unsigned long long nps = info->seconds > 0 ? (unsigned long long)((double)info->nodes / info->seconds) : 0;
    if (a->o->json) {
        printf("{\"depth\":%d,\"seldepth\":%d", info->depth, info->seldepth);
        if (a->multipv) printf(",\"multipv\":%d", a->multipv);
        fputs(",\"score\":", stdout);
        json_score(stdout, info);
        if (info->win_rate >= 0) printf(",\"win_rate\":%.4f", info->win_rate);
        printf(",\"nodes\":%llu,\"nps\":%llu,\"time_ms\":%lld,\"pv\":[", (unsigned long long)info->nodes, nps, ms);
        for (int i = 0; i < n; i++) { if (i) putchar(','); bo_json_string(stdout, pv[i]); }
        fputs("]}\n", stdout);
    } else {
        printf("info depth %d seldepth %d", info->depth, info->seldepth);
        if (a->multipv) printf(" multipv %d", a->multipv);
        if (info->win_plies) printf(" score mate %d", bo_score_to_moves(info->win_plies));
        else printf(" score cp %d", info->score);
        if (info->win_rate >= 0) printf(" winrate %.4f", info->win_rate);
        printf(" nodes %llu nps %llu time %lld pv", (unsigned long long)info->nodes, nps, ms);
        for (int i = 0; i < n; i++) printf(" %s", pv[i]);
        putchar('\n');
    }
    fflush(stdout);
}

int bo_cmd_analyse(const bo_opts *o)
{
    if (!o->game) {
        bo_cli_error(NULL, 0, 0, "analyse needs --game (boyi --help lists the games)");
        return BO_EXIT_USAGE;
    }
    const bo_game *g = bo_game_by_name(bo_cli_game_find(o->game)->name);
    if (!g) {
        bo_cli_error(NULL, 0, 0, "no engine for %s yet", o->game);
        return BO_EXIT_USAGE;
    }
    if (bo_cli_check_limits(g, bo_cli_opts_limits(o), "analyse") != 0) return BO_EXIT_USAGE;
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    if (bo_cli_load_position(o, g, pos) != 0) return BO_EXIT_USAGE;
    bo_limits lim = {.depth = o->depth > 0 ? o->depth : 0, .nodes = o->nodes, .movetime_ms = o->movetime_ms,
                     .threads = o->threads, .clock_ms = o->clock_ms, .inc_ms = o->inc_ms,
                     .moves_to_go = o->moves_to_go};
    if (!lim.depth && !lim.nodes && !lim.movetime_ms && !lim.clock_ms) lim.depth = 6;
    bo_tt *tt = bo_tt_new(o->hash_mb > 0 ? (size_t)o->hash_mb : 16);
    if (!tt) {
        bo_cli_error(NULL, 0, 0, "cannot allocate a %d MB hash table", o->hash_mb);
        return BO_EXIT_USAGE;
    }
    int lines = o->multipv > 1 ? o->multipv : 1;
    bo_move shown[64];
    bo_search_info first = {0}, info;
    int rc = BO_EXIT_OK;
    for (int k = 0; k < lines && k < 64; k++) {
        analyse_out a = {o, g, pos, lines > 1 ? k + 1 : 0};
        lim.skip = shown;
        lim.nskip = k;
        char err[256];
        bo_tt_clear(tt);
        if (bo_search(g, pos, NULL, &lim, tt, on_info, &a, &info, err, sizeof err) != 0) {
            if (k > 0) break;   /* fewer legal moves than lines asked for */
            bo_cli_error(NULL, 0, 0, "%s", err);
            rc = BO_EXIT_INVALID;
            break;
        }
        if (k == 0) first = info;
        shown[k] = info.pv[0];
    }
    bo_tt_free(tt);
    if (rc != BO_EXIT_OK) return rc;
    char best[64];
    g->move_to_text(pos, first.pv[0], best, sizeof best);
    if (o->json) {
        fputs("{\"bestmove\":", stdout);
        bo_json_string(stdout, best);
        fputs(",\"score\":", stdout);
        json_score(stdout, &first);
        if (first.win_rate >= 0) printf(",\"win_rate\":%.4f", first.win_rate);
        printf(",\"depth\":%d,\"nodes\":%llu}\n", first.depth, (unsigned long long)first.nodes);
    } else {
        printf("bestmove %s\n", best);
    }
    return BO_EXIT_OK;
}
