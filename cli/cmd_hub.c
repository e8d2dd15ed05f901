/* cmd_hub.c -- `boyi hub --game draughts`: boyi as a Hub engine (protocol version 2,
 * the one Scan 3.x and the Hub GUI speak), so that draughts GUIs and match runners
 * can play it.
 *
 *   hub                      -> id ..., param ..., wait
 *   set-param name=N value=V    (hash in MB, threads)
 *   init                     -> ready
 *   new-game                    (clears the table)
 *   pos pos=W<50> [moves="32-28 19-23"]   (the moves are played, for repetitions)
 *   level move-time=S | depth=N | nodes=N | time=S [inc=S] [moves=N]
 *   go think|analyze|ponder  -> info depth=.. score=.. ..., done move=M [ponder=M]
 *   ping -> pong, stop, quit
 *
 * `go` searches on a thread of its own while the input is read (serve.h): `stop` ends
 * the search at once (its `done` comes with the best move so far), `quit` ends it and
 * the program, `ping` is answered at once; anything else waits for the `done`.  Times
 * of any size are clamped to 24 hours; a line of more than 1 MiB is ignored with an
 * error, and echoes are clipped.
 *
 * Lines are `command arg=value ...` with values in double quotes where they hold
 * spaces; unknown commands and arguments are ignored, as the protocol asks.  Errors
 * are reported as `error MESSAGE` and never end the process. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dr_hub.h"
#include "game.h"
#include "search.h"
#include "serve.h"

enum { HUB_ARGS = 16, HUB_PLIES = 4096 };

typedef struct hub_arg {
    char *key, *val;
} hub_arg;

typedef struct hub {
    const bo_game *g;
    const char *rules;
    bo_tt *tt;
    int hash_mb, threads;
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    bo_hist h;
    bo_limits level;
    bo_bg_search bg;          /* the search running, if any */
    bo_limits lim;            /* its limits */
} hub;

/* Split LINE into its command and key=value arguments (in place); the count. */
static int parse_line(char *line, char **cmd, hub_arg *args)
{
    int n = 0;
    char *p = line;
    while (*p == ' ') p++;
    *cmd = p;
    while (*p && *p != ' ') p++;
    if (*p) *p++ = '\0';
    while (*p && n < HUB_ARGS) {
        while (*p == ' ') p++;
        if (!*p) break;
        args[n].key = p;
        while (*p && *p != ' ' && *p != '=') p++;
        args[n].val = (char *)"";
        if (*p == '=') {
            *p++ = '\0';
            if (*p == '"') {
                args[n].val = ++p;
                while (*p && *p != '"') p++;
            } else {
                args[n].val = p;
                while (*p && *p != ' ') p++;
            }
        }
        if (*p) *p++ = '\0';
        n++;
    }
    return n;
}

static const char *arg(const hub_arg *args, int n, const char *key)
{
    for (int i = 0; i < n; i++) if (strcmp(args[i].key, key) == 0) return args[i].val;
    return NULL;
}

static void say_error(const char *msg, const char *what)
{
    char clip[BO_SERVE_CLIP_BUF];
    printf("error %s%s%s\n", msg, what ? ": " : "", what ? bo_serve_clip(what, clip, sizeof clip) : "");
}

/* A time in seconds (Hub's, with a fraction) as milliseconds, at most BO_TIME_MAX_MS
 * (no overflow from `time=1e300`); a negative one is 0. */
static int64_t hub_ms(const char *v)
{
    double d = atof(v) * 1000.0;
    if (!(d > 0)) return 0;   /* negative, zero or not a number */
    return d >= (double)BO_TIME_MAX_MS ? BO_TIME_MAX_MS : (int64_t)d;
}

static void cmd_pos(hub *e, const hub_arg *args, int n)
{
    const char *p = arg(args, n, "pos"), *moves = arg(args, n, "moves");
    char fen[512], err[256];
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    if (p) {
        if (dr_hub_to_fen(p, fen, sizeof fen) != 0 || e->g->from_text(pos, e->rules, fen, err, sizeof err) != 0) {
            say_error("bad position", p);
            return;
        }
    } else if (e->g->start(pos, e->rules, err, sizeof err) != 0) {
        say_error(err, NULL);
        return;
    }
    bo_hist_reset(&e->h, e->g->hash(pos));
    if (moves) {
        char buf[8192];
        snprintf(buf, sizeof buf, "%s", moves);
        char *save = NULL;
        for (char *m = strtok_r(buf, " ", &save); m; m = strtok_r(NULL, " ", &save)) {
            bo_move mv;
            if (dr_hub_find_move(e->g, pos, m, &mv) != 0) { say_error("illegal move", m); break; }
            e->g->play(pos, mv, undo, &e->h);
        }
    }
    memcpy(e->pos, pos, e->g->pos_size);
}

/* `level`: the limits of the next searches.  A clock given as 0 or less (a manager
 * whose own count ran out, as pydraughts sends `time=-0.4`) means "move now", never
 * "no limit": the search then had no bound at all. */
static void cmd_level(hub *e, const hub_arg *args, int n)
{
    bo_limits l = {.threads = e->threads};
    const char *v;
    if ((v = arg(args, n, "move-time"))) l.movetime_ms = hub_ms(v);
    if ((v = arg(args, n, "depth"))) l.depth = atoi(v);
    if ((v = arg(args, n, "nodes"))) l.nodes = strtoull(v, NULL, 10);
    if ((v = arg(args, n, "time"))) l.clock_ms = hub_ms(v);
    if ((v = arg(args, n, "inc"))) l.inc_ms = hub_ms(v);
    if ((v = arg(args, n, "moves"))) l.moves_to_go = atoi(v);
    if (l.depth < 0 || l.depth >= BO_MAX_PLY - 1) l.depth = 0;
    if (l.movetime_ms < 0 || (arg(args, n, "move-time") && l.movetime_ms == 0)) l.movetime_ms = 1;
    if (arg(args, n, "time") && l.clock_ms < 1) l.clock_ms = 1;
    if (l.inc_ms < 0) l.inc_ms = 0;
    e->level = l;
}

/* The search's info line in Hub's form: the score in pieces, the PV as Hub moves. */
static void on_info(void *ctx, const bo_search_info *info)
{
    const hub *e = ctx;
    flockfile(stdout);   /* one whole line, whatever the reading thread prints meanwhile */
    printf("info depth=%d score=%.2f nodes=%llu time=%.3f", info->depth, (double)info->score / 100.0,
           (unsigned long long)info->nodes, info->seconds);
    BO_ALIGNED unsigned char p[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(p, e->pos, e->g->pos_size);
    fputs(" pv=\"", stdout);
    for (int i = 0; i < info->pvlen; i++) {
        char t[256];
        if (dr_hub_move_text(e->g, p, info->pv[i], t, sizeof t) != 0) break;
        printf("%s%s", i ? " " : "", t);
        e->g->play(p, info->pv[i], undo, NULL);
    }
    fputs("\"\n", stdout);
    fflush(stdout);
    funlockfile(stdout);
}

/* The search thread: the search and its `done`. */
static void run_go(void *ctx)
{
    hub *e = ctx;
    bo_search_info info;
    char err[256], best[256], ponder[256] = "";
    if (bo_search(e->g, e->pos, &e->h, &e->lim, e->tt, on_info, e, &info, err, sizeof err) != 0) {
        say_error(err, NULL);
        printf("done\n");
        fflush(stdout);
        return;
    }
    if (dr_hub_move_text(e->g, e->pos, info.pv[0], best, sizeof best) != 0) { say_error("no move text", NULL); printf("done\n"); fflush(stdout); return; }
    if (info.pvlen > 1) {
        BO_ALIGNED unsigned char p[BO_POS_MAX], undo[BO_UNDO_MAX];
        memcpy(p, e->pos, e->g->pos_size);
        e->g->play(p, info.pv[0], undo, NULL);
        if (dr_hub_move_text(e->g, p, info.pv[1], ponder, sizeof ponder) != 0) ponder[0] = '\0';
    }
    printf("done move=%s%s%s\n", best, ponder[0] ? " ponder=" : "", ponder);
    fflush(stdout);
}

static void cmd_go(hub *e)
{
    bo_limits l = e->level;
    l.threads = e->threads;
    if (!l.depth && !l.nodes && !l.movetime_ms && !l.clock_ms) l.movetime_ms = 1000;
    l.stop = &e->bg.stop;
    e->lim = l;
    fflush(stdout);
    bo_bg_start(&e->bg, run_go, e);
}

static void cmd_set_param(hub *e, const hub_arg *args, int n)
{
    const char *name = arg(args, n, "name"), *value = arg(args, n, "value");
    if (!name || !value) return;
    long v = atol(value);
    if (strcmp(name, "hash") == 0 && v >= 1 && v <= 65536) {
        bo_tt *tt = bo_tt_new((size_t)v);
        if (!tt) { say_error("cannot allocate the table", value); return; }
        bo_tt_free(e->tt);
        e->tt = tt;
        e->hash_mb = (int)v;
    } else if (strcmp(name, "threads") == 0 && v >= 1 && v <= 64) {
        e->threads = (int)v;
    }
}

/* One line; 1 on quit. */
static int command(hub *e, char *line)
{
    char *cmd;
    hub_arg args[HUB_ARGS];
    size_t len = strlen(line);
    while (len && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = '\0';
    int n = parse_line(line, &cmd, args);
    if (e->bg.running) {   /* a search runs: these at once, the rest after its `done` */
        if (strcmp(cmd, "stop") == 0) { bo_bg_stop(&e->bg); return 0; }
        if (strcmp(cmd, "ping") == 0) { printf("pong\n"); fflush(stdout); return 0; }
        if (strcmp(cmd, "quit") == 0) bo_bg_stop(&e->bg);
        else bo_bg_wait(&e->bg);
    }
    if (strcmp(cmd, "quit") == 0) return 1;
    if (strcmp(cmd, "hub") == 0) {
        printf("id name=boyi version=0.1.0 author=\"the boyi authors\"\n");
        printf("param name=hash value=%d type=int min=1 max=65536\n", e->hash_mb);
        printf("param name=threads value=%d type=int min=1 max=64\n", e->threads);
        printf("wait\n");
    } else if (strcmp(cmd, "init") == 0) printf("ready\n");
    else if (strcmp(cmd, "set-param") == 0) cmd_set_param(e, args, n);
    else if (strcmp(cmd, "new-game") == 0) bo_tt_clear(e->tt);
    else if (strcmp(cmd, "pos") == 0) cmd_pos(e, args, n);
    else if (strcmp(cmd, "level") == 0) cmd_level(e, args, n);
    else if (strcmp(cmd, "go") == 0) cmd_go(e);
    else if (strcmp(cmd, "ping") == 0) printf("pong\n");
    fflush(stdout);
    return 0;
}

int bo_cmd_hub(const bo_opts *o)
{
    const bo_game_cli *gc = o->game ? bo_cli_game_find(o->game) : bo_cli_game_find("draughts");
    const bo_game *g = gc ? bo_game_by_name(gc->name) : NULL;
    if (!g) { bo_cli_error(NULL, 0, 0, "hub: unknown game"); return BO_EXIT_USAGE; }
    hub *e = calloc(1, sizeof *e);
    if (!e) { bo_cli_error(NULL, 0, 0, "out of memory"); return BO_EXIT_USAGE; }
    e->g = g;
    e->rules = o->rules;
    e->hash_mb = o->hash_mb > 0 ? o->hash_mb : 16;
    e->threads = o->threads > 0 ? o->threads : 1;
    char err[256];
    e->tt = bo_tt_new((size_t)e->hash_mb);
    if (!e->tt || bo_hist_init(&e->h, HUB_PLIES) != 0 || g->start(e->pos, e->rules, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "hub: cannot start (%s)", e->tt ? err : "no memory for the table");
        bo_tt_free(e->tt);
        bo_hist_free(&e->h);
        free(e);
        return BO_EXIT_USAGE;
    }
    bo_hist_reset(&e->h, g->hash(e->pos));
    bo_bg_init(&e->bg);
    char *line = NULL;
    size_t cap = 0;
    bool cut;
    while (bo_serve_line(stdin, &line, &cap, BO_SERVE_LINE_MAX, &cut) >= 0) {
        if (cut) { printf("error a line of more than %d bytes (it is ignored)\n", BO_SERVE_LINE_MAX); fflush(stdout); continue; }
        if (command(e, line)) break;
    }
    bo_bg_wait(&e->bg);   /* the end of the input lets a running search answer */
    free(line);
    bo_hist_free(&e->h);
    bo_tt_free(e->tt);
    free(e);
    return BO_EXIT_OK;
}
