/* cmd_engine.c -- `boyi engine` (also `boyi uci`, `boyi ucci`): a persistent engine
 * process speaking UCI, or UCCI when its first command is `ucci`, on stdin/stdout, so
 * that match drivers and GUIs can play it move after move without starting a process
 * per move.
 *
 * UCCI (the Chinese Chess protocol of ElephantEye and the Xiangqi GUIs) differs from
 * UCI in: `ucci`/`ucciok`, `setoption NAME VALUE` (hashsize in MB, threads), `go
 * [ponder|draw] time T [increment I | movestogo N] [opptime ..] | depth N | nodes N`,
 * `banmoves M...` (moves the engine may not play from the next position), `nobestmove`
 * when it has no move, info lines with `score N`, and `bye` after `quit`.
 *
 * Generic over the game descriptor (engine/core/game.h): the position text is the
 * game's own (FEN and the like), moves are the game's own move text.  The game so far
 * is kept as a start position plus the moves played, replayed into a bo_hist so that
 * the repetition and perpetual-check rules apply inside the search; the transposition
 * table lives as long as the process (cleared by `ucinewgame`).  On a clock, `Move
 * Overhead` (UCCI: `moveoverhead`; 30 ms by default) is kept out of the clock (twice)
 * and out of the increment, for the time the move spends in pipes and managers.  A search runs
 * on a thread of its own while the input is read (serve.h): `stop` ends it at once with the
 * best move so far, `quit` ends it and the process, `isready` is answered at once, and any
 * other command waits for the search's end.  Times are clamped to BO_TIME_MAX_MS (24 h),
 * lines to BO_SERVE_LINE_MAX (1 MiB; a longer one is ignored with a message).
 * Bad input is answered with `info string error: ...` (its echo clipped) and never ends
 * the process.  docs/engine-xiangqi.md describes the protocol. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "game.h"
#include "search.h"
#include "serve.h"

enum { LINE_PLIES = 8192, MAX_TOKENS = 8192, DEFAULT_MS = 1000, DEFAULT_OVERHEAD_MS = 30 };

typedef struct engine {
    bool ucci;                                     /* the dialect, chosen by the first command */
    bo_move banned[64];                            /* UCCI banmoves, for the next search */
    int nbanned;
    bo_move unsearched[BO_MOVES_MAX];              /* UCI searchmoves: the root moves left out */
    int nunsearched;
    const bo_game *g;
    const char *rules;
    bo_tt *tt;
    int hash_mb, threads;
    const int *eval;                               /* --eval FILE's weights (NULL: the game's own) */
    int overhead_ms;                               /* Move Overhead: the GUI's and the pipes' lag per move */
    BO_ALIGNED unsigned char pos[BO_POS_MAX];     /* the current position */
    bool no_position;                              /* the last `position` failed: nothing to search */
    bo_hist h;                                     /* the line that led to it */
    bo_hist next;                                  /* a `position` line being read */
    char *tok[MAX_TOKENS];                         /* the command line being read */
    bo_bg_search bg;                               /* the search running, if any */
    bo_limits lim;                                 /* its limits */
} engine;

/* The `info` line of one finished iteration, in the game's move text. */
static void on_info(void *ctx, const bo_search_info *info)
{
    const engine *e = ctx;
    BO_ALIGNED unsigned char p[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(p, e->pos, e->g->pos_size);
    long long ms = (long long)(info->seconds * 1000.0 + 0.5);
    unsigned long long nps = info->seconds > 0 ? (unsigned long long)((double)info->nodes / info->seconds) : 0;
    flockfile(stdout);   /* one whole line, whatever the reading thread prints meanwhile */
    printf("info depth %d seldepth %d", info->depth, info->seldepth);
    if (e->ucci) printf(" score %d", info->score);
    else if (info->win_plies) printf(" score mate %d", bo_score_to_moves(info->win_plies));
    else printf(" score cp %d", info->score);
    printf(" nodes %llu nps %llu time %lld pv", (unsigned long long)info->nodes, nps, ms);
    for (int i = 0; i < info->pvlen; i++) {
        char mt[64];
        if (e->g->move_to_text(p, info->pv[i], mt, sizeof mt) != 0) break;
        printf(" %s", mt);
        e->g->play(p, info->pv[i], undo, NULL);
    }
    putchar('\n');
    fflush(stdout);
    funlockfile(stdout);
}

/* Bad input is reported on the protocol's own channel and the process goes on. */
static void say_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    flockfile(stdout);
    fputs("info string error: ", stdout);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
    funlockfile(stdout);
}

/* Split LINE in place into whitespace-separated tokens; -1 if there are more than MAX. */
static int tokenize(char *line, char **tok, int max)
{
    int n = 0;
    for (char *s = strtok(line, " \t\r\n"); s; s = strtok(NULL, " \t\r\n")) {
        if (n == max) return -1;
        tok[n++] = s;
    }
    return n;
}

/* `position startpos|fen TEXT... [moves M...]`: the new position is built aside and
 * only replaces the current one when every move read back legal.  One that fails
 * leaves no position at all (no_position) rather than the previous one: the GUI
 * believes it sent another, and a search of the old one would answer a question
 * nobody asked (cmd_go refuses until the next good `position` or `ucinewgame`). */
static void cmd_position(engine *e, char **tok, int n)
{
    e->no_position = true;
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    char err[512];
    int i = 1;
    if (i < n && strcmp(tok[i], "startpos") == 0) {
        if (e->g->start(pos, e->rules, err, sizeof err) != 0) { say_error("%s", err); return; }
        i++;
    } else if (i < n && strcmp(tok[i], "fen") == 0) {
        char text[1024] = "";
        size_t len = 0;
        for (i++; i < n && strcmp(tok[i], "moves") != 0; i++) {
            size_t k = strlen(tok[i]);
            if (len + k + 2 >= sizeof text) { say_error("%s", "position text too long"); return; }
            if (len) text[len++] = ' ';
            memcpy(text + len, tok[i], k + 1);
            len += k;
        }
        if (e->g->from_text(pos, e->rules, text, err, sizeof err) != 0) { say_error("position: %s", err); return; }
    } else {
        say_error("%s", "position needs 'startpos' or 'fen TEXT'");
        return;
    }
    bo_hist_reset(&e->next, e->g->hash(pos));
    if (i < n && strcmp(tok[i], "moves") == 0) {
        for (i++; i < n; i++) {
            bo_move m;
            if (e->g->move_from_text(pos, tok[i], &m, err, sizeof err) != 0) {
                char clip[BO_SERVE_CLIP_BUF];
                say_error("move %s: %s (no position until the next good 'position')", bo_serve_clip(tok[i], clip, sizeof clip), err);
                return;
            }
            e->g->play(pos, m, undo, &e->next);
        }
    } else if (i < n) {
        char clip[BO_SERVE_CLIP_BUF];
        say_error("unexpected '%s' in position", bo_serve_clip(tok[i], clip, sizeof clip));
    }
    memcpy(e->pos, pos, e->g->pos_size);
    e->no_position = false;
    e->nbanned = 0;
    bo_hist t = e->h;
    e->h = e->next;
    e->next = t;
}

/* A non-negative number after a `go` keyword (any size: clamped to BO_TIME_MAX_MS,
 * which is also more nodes and depth than a search will use), or -1. */
static long long number(char **tok, int n, int i)
{
    return i < n ? bo_serve_ms(tok[i], false) : -1;
}

/* The search thread: the search, then its `bestmove`. */
static void run_go(void *ctx)
{
    engine *e = ctx;
    bo_search_info info;
    char err[256];
    if (bo_search(e->g, e->pos, &e->h, &e->lim, e->tt, on_info, e, &info, err, sizeof err) != 0) {
        say_error("%s", err);
        printf(e->ucci ? "nobestmove\n" : "bestmove (none)\n");
        fflush(stdout);
        return;
    }
    char best[64];
    if (e->g->move_to_text(e->pos, info.pv[0], best, sizeof best) != 0) strcpy(best, "(none)");
    printf("bestmove %s\n", best);
    fflush(stdout);
}

/* UCI's `searchmoves M1 M2 ...` (the last words of `go`): the legal moves not among
 * the N texts of TOK go to e->unsearched, the search's skip list.  A text that is not
 * a legal move is said and refused (-1: no search), as is an empty list. */
static int search_only(engine *e, char **tok, int n)
{
    bo_move want[BO_MOVES_MAX], legal[BO_MOVES_MAX];
    int nw = 0;
    for (int i = 0; i < n && nw < BO_MOVES_MAX; i++) {
        char err[256];
        if (e->g->move_from_text(e->pos, tok[i], &want[nw], err, sizeof err) != 0) {
            char clip[BO_SERVE_CLIP_BUF];
            say_error("go searchmoves %s: %s", bo_serve_clip(tok[i], clip, sizeof clip), err);
            return -1;
        }
        nw++;
    }
    int nl = e->g->legal(e->pos, legal);
    e->nunsearched = 0;
    for (int i = 0; i < nl; i++) {
        bool keep = false;
        for (int k = 0; k < nw && !keep; k++) keep = legal[i] == want[k];
        if (!keep) e->unsearched[e->nunsearched++] = legal[i];
    }
    if (nw == 0 || e->nunsearched == nl) {
        say_error("%s", "go searchmoves: no legal move to search");
        return -1;
    }
    return 0;
}

/* `go [movetime MS] [depth N] [nodes N] [wtime MS btime MS winc MS binc MS movestogo N]
 * [searchmoves M...]`. */
static void cmd_go(engine *e, char **tok, int n)
{
    if (e->no_position) {
        say_error("%s", "no position to search: the last 'position' command failed");
        printf(e->ucci ? "nobestmove\n" : "bestmove (none)\n");
        fflush(stdout);
        return;
    }
    bo_limits lim = {.threads = e->threads, .skip = e->banned, .nskip = e->nbanned, .eval = e->eval};
    long long wtime = -1, btime = -1, winc = 0, binc = 0, mytime = -1, myinc = 0;
    for (int i = 1; i < n; i++) {
        const char *k = tok[i];
        long long v = number(tok, n, i + 1);
        if (strcmp(k, "infinite") == 0 || strcmp(k, "ponder") == 0 || strcmp(k, "draw") == 0) continue;
        if (strcmp(k, "searchmoves") == 0) {   /* the rest of the line: the only root moves */
            if (search_only(e, tok + i + 1, n - i - 1) != 0) return;
            lim.skip = e->unsearched;
            lim.nskip = e->nunsearched;
            break;
        }
        if (v < 0) { char clip[BO_SERVE_CLIP_BUF]; say_error("go: '%s' needs a number", bo_serve_clip(k, clip, sizeof clip)); return; }
        i++;
        if (strcmp(k, "movetime") == 0) lim.movetime_ms = v > 0 ? v : 1;
        else if (strcmp(k, "depth") == 0) lim.depth = v > 0 && v < BO_MAX_PLY - 1 ? (int)v : 1;
        else if (strcmp(k, "nodes") == 0) lim.nodes = v > 0 ? (uint64_t)v : 1;
        else if (strcmp(k, "wtime") == 0) wtime = v;
        else if (strcmp(k, "btime") == 0) btime = v;
        else if (strcmp(k, "winc") == 0) winc = v;
        else if (strcmp(k, "binc") == 0) binc = v;
        else if (strcmp(k, "movestogo") == 0) lim.moves_to_go = v > 1000 ? 1000 : (int)v;
        else if (strcmp(k, "time") == 0) mytime = v;            /* UCCI: this side's clock */
        else if (strcmp(k, "increment") == 0) myinc = v;
        else if (strcmp(k, "opptime") == 0 || strcmp(k, "oppincrement") == 0 || strcmp(k, "oppmovestogo") == 0) continue;
        else { char clip[BO_SERVE_CLIP_BUF]; say_error("go: unknown limit '%s'", bo_serve_clip(k, clip, sizeof clip)); return; }
    }
    int stm = e->g->to_move(e->pos);
    long long clock = mytime >= 0 ? mytime : stm == 1 ? btime : wtime;
    if (clock >= 0) {
        /* The manager's clock also runs while the move travels: keep the overhead out
         * of both the clock and the increment (as Stockfish's Move Overhead does). */
        long long inc = mytime >= 0 ? myinc : stm == 1 ? binc : winc;
        clock -= 2LL * e->overhead_ms;
        lim.clock_ms = clock > 0 ? clock : 1;
        lim.inc_ms = inc > e->overhead_ms ? inc - e->overhead_ms : 0;
    }
    if (!lim.depth && !lim.nodes && !lim.movetime_ms && !lim.clock_ms) {
        /* `go infinite` and a bare `go`: a bounded search (`stop` ends it sooner). */
        printf("info string no limit given: searching %d ms\n", DEFAULT_MS);
        lim.movetime_ms = DEFAULT_MS;
    }
    lim.stop = &e->bg.stop;
    e->lim = lim;
    fflush(stdout);
    bo_bg_start(&e->bg, run_go, e);
}

/* UCCI's `setoption NAME VALUE`: hashsize and threads are ours; the GUI's other
 * options (usebook, newgame, promotion...) change nothing here. */
static void ucci_setoption(engine *e, char **tok, int n)
{
    if (n < 3) return;
    char *end;
    long v = strtol(tok[2], &end, 10);
    if (strcasecmp(tok[1], "hashsize") == 0 && !*end && v >= 1 && v <= 65536) {
        bo_tt *tt = bo_tt_new((size_t)v);
        if (!tt) { say_error("cannot allocate %s MB", tok[2]); return; }
        bo_tt_free(e->tt);
        e->tt = tt;
        e->hash_mb = (int)v;
    } else if (strcasecmp(tok[1], "threads") == 0 && !*end && v >= 1 && v <= 64) {
        e->threads = (int)v;
    } else if (strcasecmp(tok[1], "moveoverhead") == 0 && !*end && v >= 0 && v <= 5000) {
        e->overhead_ms = (int)v;
    } else if (strcasecmp(tok[1], "newgame") == 0) {
        bo_tt_clear(e->tt);
    }
}

/* UCCI's `banmoves M...`: the next search may not play them. */
static void cmd_banmoves(engine *e, char **tok, int n)
{
    e->nbanned = 0;
    for (int i = 1; i < n && e->nbanned < 64; i++) {
        char err[256];
        bo_move m;
        if (e->g->move_from_text(e->pos, tok[i], &m, err, sizeof err) != 0) {
            char clip[BO_SERVE_CLIP_BUF];
            say_error("banmoves %s: %s", bo_serve_clip(tok[i], clip, sizeof clip), err);
            continue;
        }
        e->banned[e->nbanned++] = m;
    }
}

/* `setoption name Hash|Threads value N`. */
static void cmd_setoption(engine *e, char **tok, int n)
{
    if (e->ucci) { ucci_setoption(e, tok, n); return; }
    if (n >= 6 && strcmp(tok[1], "name") == 0 && strcasecmp(tok[2], "Move") == 0 && strcasecmp(tok[3], "Overhead") == 0 &&
        strcmp(tok[4], "value") == 0) {
        char *end;
        long v = strtol(tok[5], &end, 10);
        if (!*end && v >= 0 && v <= 5000) e->overhead_ms = (int)v;
        else { char clip[BO_SERVE_CLIP_BUF]; say_error("Move Overhead takes 0..5000 ms, not %s", bo_serve_clip(tok[5], clip, sizeof clip)); }
        return;
    }
    if (n < 5 || strcmp(tok[1], "name") != 0 || strcmp(tok[3], "value") != 0) {
        say_error("%s", "setoption name NAME value N");
        return;
    }
    char *end;
    long v = strtol(tok[4], &end, 10);
    if (strcasecmp(tok[2], "Hash") == 0 && !*end && v >= 1 && v <= 65536) {
        bo_tt *tt = bo_tt_new((size_t)v);
        if (!tt) { say_error("cannot allocate %s MB", tok[4]); return; }
        bo_tt_free(e->tt);
        e->tt = tt;
        e->hash_mb = (int)v;
    } else if (strcasecmp(tok[2], "Threads") == 0 && !*end && v >= 1 && v <= 64) {
        e->threads = (int)v;
    } else {
        char c1[BO_SERVE_CLIP_BUF], c2[BO_SERVE_CLIP_BUF];
        say_error("unknown option or value: %s %s", bo_serve_clip(tok[2], c1, sizeof c1), bo_serve_clip(tok[4], c2, sizeof c2));
    }
}

/* One command line; returns 0 to go on, 1 on quit. */
static int command(engine *e, char *line)
{
    char **tok = e->tok;
    int n = tokenize(line, tok, MAX_TOKENS);
    if (n < 0) { say_error("a command of more than %d words (the line is ignored)", MAX_TOKENS); return 0; }
    if (n == 0) return 0;
    const char *c = tok[0];
    if (e->bg.running) {   /* a search runs: these at once, the rest after it */
        if (strcmp(c, "stop") == 0) { bo_bg_stop(&e->bg); return 0; }
        if (strcmp(c, "isready") == 0) { printf("readyok\n"); fflush(stdout); return 0; }
        if (strcmp(c, "ponderhit") == 0 || strcmp(c, "debug") == 0) return 0;
        if (strcmp(c, "quit") == 0) bo_bg_stop(&e->bg);
        else bo_bg_wait(&e->bg);
    }
    if (strcmp(c, "quit") == 0) { if (e->ucci) printf("bye\n"); fflush(stdout); return 1; }
    if (strcmp(c, "ucci") == 0) {
        e->ucci = true;
        printf("id name boyi 0.1.0 (%s)\nid author the boyi authors\n", e->g->name);
        printf("option hashsize type spin min 1 max 65536 default %d\n", e->hash_mb);
        printf("option threads type spin min 1 max 64 default %d\n", e->threads);
        printf("option moveoverhead type spin min 0 max 5000 default %d\n", e->overhead_ms);
        printf("ucciok\n");
    } else if (strcmp(c, "banmoves") == 0) cmd_banmoves(e, tok, n);
    else if (strcmp(c, "uci") == 0) {
        printf("id name boyi 0.1.0 (%s)\nid author the boyi authors\n", e->g->name);
        printf("option name Hash type spin default %d min 1 max 65536\n", e->hash_mb);
        printf("option name Threads type spin default %d min 1 max 64\n", e->threads);
        printf("option name Move Overhead type spin default %d min 0 max 5000\n", e->overhead_ms);
        printf("uciok\n");
    } else if (strcmp(c, "isready") == 0) printf("readyok\n");
    else if (strcmp(c, "ucinewgame") == 0) {
        bo_tt_clear(e->tt);
        char err[256];
        if (e->g->start(e->pos, e->rules, err, sizeof err) == 0) {
            bo_hist_reset(&e->h, e->g->hash(e->pos));
            e->no_position = false;
        }
    } else if (strcmp(c, "position") == 0) cmd_position(e, tok, n);
    else if (strcmp(c, "go") == 0) cmd_go(e, tok, n);
    else if (strcmp(c, "setoption") == 0) cmd_setoption(e, tok, n);
    else if (strcmp(c, "stop") == 0 || strcmp(c, "ponderhit") == 0 || strcmp(c, "debug") == 0 ||
             strcmp(c, "probe") == 0) { /* nothing runs */ }
    else { char clip[BO_SERVE_CLIP_BUF]; say_error("unknown command '%s'", bo_serve_clip(c, clip, sizeof clip)); }
    fflush(stdout);
    return 0;
}

int bo_cmd_engine(const bo_opts *o)
{
    if (!o->game) {
        bo_cli_error(NULL, 0, 0, "engine needs --game (boyi --help lists the games)");
        return BO_EXIT_USAGE;
    }
    engine *e = calloc(1, sizeof *e);
    if (!e) { bo_cli_error(NULL, 0, 0, "out of memory"); return BO_EXIT_USAGE; }
    e->g = bo_game_by_name(bo_cli_game_find(o->game)->name);
    e->rules = o->rules;
    e->hash_mb = o->hash_mb > 0 ? o->hash_mb : 16;
    e->threads = o->threads > 0 ? o->threads : 1;
    e->overhead_ms = DEFAULT_OVERHEAD_MS;
    char err[256];
    int rc = BO_EXIT_OK;
    if (!e->g) { bo_cli_error(NULL, 0, 0, "no engine for %s yet", o->game); free(e); return BO_EXIT_USAGE; }
    int *eval = NULL;
    if (bo_cli_load_eval(e->g, o->eval_file, &eval) != 0) { free(e); return BO_EXIT_USAGE; }
    e->eval = eval;
    if (e->g->start(e->pos, e->rules, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        free(eval);
        free(e);
        return BO_EXIT_USAGE;
    }
    e->tt = bo_tt_new((size_t)e->hash_mb);
    if (!e->tt || bo_hist_init(&e->h, LINE_PLIES) != 0 || bo_hist_init(&e->next, LINE_PLIES) != 0) {
        bo_cli_error(NULL, 0, 0, "cannot allocate a %d MB hash table", e->hash_mb);
        bo_tt_free(e->tt);
        bo_hist_free(&e->h);
        free(eval);
        free(e);
        return BO_EXIT_USAGE;
    }
    bo_hist_reset(&e->h, e->g->hash(e->pos));
    bo_bg_init(&e->bg);
    char *line = NULL;
    size_t cap = 0;
    bool cut;
    while (bo_serve_line(stdin, &line, &cap, BO_SERVE_LINE_MAX, &cut) >= 0) {
        if (cut) { say_error("a line of more than %d bytes (it is ignored)", BO_SERVE_LINE_MAX); continue; }
        if (command(e, line)) break;
    }
    bo_bg_wait(&e->bg);   /* the end of the input lets a running search finish */
    free(line);
    bo_hist_free(&e->h);
    bo_hist_free(&e->next);
    bo_tt_free(e->tt);
    free(eval);
    free(e);
    return rc;
}
