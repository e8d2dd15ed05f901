/* cmd_analyse.c -- `boyi analyse`: search one position of any game and report each
 * iteration, the way engine protocols do (`info ... pv ...`, then `bestmove`).
 *
 * Everything goes through the game descriptor (engine/core/game.h): the position
 * text is the game's own (FEN, Gomoku's "black: h8; white: i9"), moves are printed
 * in the game's own move text (ICCS "h2e2", "h8", PDN "32-28").
 *
 * With --engine SPEC an outside engine searches instead (selfplay/sp_engine.h, the
 * spec `boyi match` takes): each of its search reports is printed as boyi's own,
 * its score normalised to centipawns or a mate in moves from the side to move's
 * view, its line as the game's move texts; --multipv K is UCI's MultiPV. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate.h"
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

/* One report of an outside engine, printed as on_info prints boyi's. */
static void on_engine_info(void *ctx, const sp_engine_line *l)
{
    analyse_out *a = ctx;
    const bo_game *g = a->g;
    char pv[SP_ENGINE_PV][64];
    int n = 0;
    BO_ALIGNED unsigned char p[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(p, a->pos, g->pos_size);
    for (; n < l->pvlen; n++) {
        if (g->move_to_text(p, l->pv[n], pv[n], sizeof pv[n]) != 0) break;
        g->play(p, l->pv[n], undo, NULL);
    }
    long long ms = l->time_ms;
    unsigned long long nps = ms > 0 && l->nodes >= 0 ? (unsigned long long)(l->nodes * 1000 / ms) : 0;
    bool multi = a->multipv > 0;
    if (a->o->json) {
        printf("{\"depth\":%d", l->depth);
        if (l->seldepth >= 0) printf(",\"seldepth\":%d", l->seldepth);
        if (multi) printf(",\"multipv\":%d", l->multipv);
        if (l->mate) printf(",\"score\":{\"mate\":%d}", l->mate);
        else printf(",\"score\":{\"cp\":%d}", l->cp);
        if (l->nodes >= 0) printf(",\"nodes\":%lld,\"nps\":%llu", l->nodes, nps);
        if (ms >= 0) printf(",\"time_ms\":%lld", ms);
        fputs(",\"pv\":[", stdout);
        for (int i = 0; i < n; i++) { if (i) putchar(','); bo_json_string(stdout, pv[i]); }
        fputs("]}\n", stdout);
    } else {
        printf("info depth %d", l->depth);
        if (l->seldepth >= 0) printf(" seldepth %d", l->seldepth);
        if (multi) printf(" multipv %d", l->multipv);
        if (l->mate) printf(" score mate %d", l->mate);
        else printf(" score cp %d", l->cp);
        if (l->nodes >= 0) printf(" nodes %lld nps %llu", l->nodes, nps);
        if (ms >= 0) printf(" time %lld", ms);
        printf(" pv");
        for (int i = 0; i < n; i++) printf(" %s", pv[i]);
        putchar('\n');
    }
    fflush(stdout);
}

/* --position/--fen 'POS | M1 M2 ...' (the self-play openings' form; POS empty: the
 * start): START, the moves into LINE (up to MAX) and the position they reach into
 * POS, so that an engine is told the game's moves (repetition rules; Gomocup engines
 * are told nothing else).  0, or -1 with the error printed. */
static int load_line(const bo_opts *o, const bo_game *g, void *start, bo_move *line, int max, int *n, void *pos)
{
    const char *text = o->fen ? o->fen : o->position;
    const char *bar = text ? strchr(text, '|') : NULL;
    *n = 0;
    if (!bar) {
        if (bo_cli_load_position(o, g, start) != 0) return -1;
        memcpy(pos, start, g->pos_size);
        return 0;
    }
    char head[1024], err[256];
    snprintf(head, sizeof head, "%.*s", (int)(bar - text), text);
    char *h = head;
    while (*h == ' ') h++;
    for (size_t k = strlen(h); k > 0 && h[k - 1] == ' '; k--) h[k - 1] = '\0';
    int rc = *h ? g->from_text(start, o->rules, h, err, sizeof err) : g->start(start, o->rules, err, sizeof err);
    if (rc != 0) {
        bo_cli_error(NULL, 0, 0, "%s: %s", *h ? h : "start position", err);
        return -1;
    }
    memcpy(pos, start, g->pos_size);
    BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
    const char *p = bar + 1;
    char w[64];
    for (;;) {
        while (*p == ' ') p++;
        if (!*p) break;
        size_t len = strcspn(p, " ");
        snprintf(w, sizeof w, "%.*s", (int)len, p);
        p += len;
        bo_move m, legal[BO_MOVES_MAX];
        bool ok = *n < max && g->move_from_text(pos, w, &m, err, sizeof err) == 0;
        int nl = ok ? g->legal(pos, legal) : 0, i = 0;
        while (i < nl && legal[i] != m) i++;
        if (!ok || i == nl) {
            bo_cli_error(NULL, 0, 0, "%s: move %d '%s' is not legal there", text, *n + 1, w);
            return -1;
        }
        line[(*n)++] = m;
        g->play(pos, m, undo, NULL);
    }
    return 0;
}

/* The line history of START and the N moves of LINE (checked legal by load_line):
 * what the game's repetition and move-count rules read. */
static void replay_line(const bo_game *g, const void *start, const bo_move *line, int n, bo_hist *h)
{
    BO_ALIGNED unsigned char p[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(p, start, g->pos_size);
    bo_hist_reset(h, g->hash(p));
    for (int i = 0; i < n; i++) g->play(p, line[i], undo, h);
}

/* analyse --engine: the outside engine's search of POS (reached from START by the N
 * moves of LINE), reports as they come, then its move; the exit code. */
static int analyse_engine(const bo_opts *o, const bo_game *g, const void *start, const bo_move *line, int nline,
                          const void *pos)
{
    sp_engine_spec spec;
    double scale;
    bool per_game;
    char err[512];
    if (bo_cli_engine_spec(o, &spec, &scale, &per_game, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    sp_engine *e = sp_engine_new(&spec, g);
    if (!e) {
        sp_engine_spec_free(&spec);
        bo_cli_error(NULL, 0, 0, "out of memory");
        return BO_EXIT_USAGE;
    }
    sp_engine_limits lim = {.depth = o->depth > 0 ? o->depth : 0, .nodes = o->nodes, .movetime_ms = o->movetime_ms};
    if (o->clock_ms) {
        lim.clock_ms[0] = lim.clock_ms[1] = o->clock_ms;
        lim.inc_ms = o->inc_ms;
        lim.moves_to_go = o->moves_to_go;
    }
    if (!lim.depth && !lim.nodes && !lim.movetime_ms && !lim.clock_ms[0]) lim.depth = 6;
    analyse_out a = {o, g, pos, o->multipv > 1 ? 1 : 0};
    sp_engine_analysis an = {.on_info = on_engine_info, .ctx = &a};
    int rc = BO_EXIT_OK;
    if (sp_engine_analyse(e, start, line, nline, pos, &lim, &an, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "engine %s: %s", spec.name, err);
        rc = BO_EXIT_USAGE;
    } else {
        char best[64] = "?";
        g->move_to_text(pos, an.best, best, sizeof best);
        const sp_engine_line *l = &an.line[0];
        if (o->json) {
            fputs("{\"bestmove\":", stdout);
            bo_json_string(stdout, best);
            if (!l->scored) fputs(",\"score\":null", stdout);
            else if (l->mate) printf(",\"score\":{\"mate\":%d}", l->mate);
            else printf(",\"score\":{\"cp\":%d}", l->cp);
            printf(",\"depth\":%d", l->depth);
            if (l->nodes >= 0) printf(",\"nodes\":%lld", l->nodes);
            fputs(",\"engine\":", stdout);
            bo_json_string(stdout, spec.name);
            fputs("}\n", stdout);
        } else {
            printf("bestmove %s\n", best);
        }
    }
    sp_engine_free(e);
    sp_engine_spec_free(&spec);
    return rc;
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
    enum { LINE_MAX = 1024 };
    BO_ALIGNED unsigned char start[BO_POS_MAX];
    bo_move line[LINE_MAX];
    int nline;
    if (load_line(o, g, start, line, LINE_MAX, &nline, pos) != 0) return BO_EXIT_USAGE;
    if (o->nengines > 0) return analyse_engine(o, g, start, line, nline, pos);
    /* boyi's own search is told the moves too: repetitions and move counts */
    bo_hist hist;
    if (bo_hist_init(&hist, nline + 1) != 0) {
        bo_cli_error(NULL, 0, 0, "out of memory");
        return BO_EXIT_USAGE;
    }
    replay_line(g, start, line, nline, &hist);
    int *eval = NULL;
    if (bo_cli_load_eval(g, o->eval_file, &eval) != 0) { bo_hist_free(&hist); return BO_EXIT_USAGE; }
    bo_limits lim = {.depth = o->depth > 0 ? o->depth : 0, .nodes = o->nodes, .movetime_ms = o->movetime_ms,
                     .threads = o->threads, .clock_ms = o->clock_ms, .inc_ms = o->inc_ms,
                     .moves_to_go = o->moves_to_go, .eval = eval};
    if (!lim.depth && !lim.nodes && !lim.movetime_ms && !lim.clock_ms) lim.depth = 6;
    bo_tt *tt = bo_tt_new(o->hash_mb > 0 ? (size_t)o->hash_mb : 16);
    if (!tt) {
        bo_cli_error(NULL, 0, 0, "cannot allocate a %d MB hash table", o->hash_mb);
        bo_hist_free(&hist);
        free(eval);
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
        if (bo_search(g, pos, &hist, &lim, tt, on_info, &a, &info, err, sizeof err) != 0) {
            if (k > 0) break;   /* fewer legal moves than lines asked for */
            bo_cli_error(NULL, 0, 0, "%s", err);
            rc = BO_EXIT_INVALID;
            break;
        }
        if (k == 0) first = info;
        shown[k] = info.pv[0];
    }
    bo_tt_free(tt);
    bo_hist_free(&hist);
    free(eval);
    if (rc != BO_EXIT_OK) return rc;
    char best[64];
    g->move_to_text(pos, first.pv[0], best, sizeof best);
    if (o->json) {
        fputs("{\"bestmove\":", stdout);
        bo_json_string(stdout, best);
        fputs(",\"score\":", stdout);
        json_score(stdout, &first);
        if (first.win_rate >= 0) printf(",\"win_rate\":%.4f", first.win_rate);
        if (first.note) {
            fputs(",\"note\":", stdout);
            bo_json_string(stdout, first.note);
        }
        printf(",\"depth\":%d,\"nodes\":%llu,\"engine\":\"boyi\"}\n", first.depth, (unsigned long long)first.nodes);
    } else {
        if (first.note) printf("info string %s\n", first.note);
        printf("bestmove %s\n", best);
    }
    return BO_EXIT_OK;
}
