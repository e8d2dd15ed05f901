/* cmd_gomocup.c -- `boyi gomocup`: boyi as a Gomocup (Piskvork) brain, so that
 * Piskvork-style managers can play it as a pbrain- engine.
 *
 *   START size -> OK (or ERROR)      RESTART -> OK
 *   INFO key value                   timeout_turn, timeout_match, time_left (ms),
 *                                    rule (1 exactly five, 4 renju; else freestyle)
 *   BEGIN -> x,y                     TURN x,y -> x,y
 *   BOARD / x,y,who lines / DONE -> x,y   (who: 1 own stone, 2 the opponent's)
 *   TAKEBACK -> ERROR (send BOARD)   ABOUT -> name="boyi", ...
 *   SWAP2BOARD / x,y lines / DONE    the swap2 opening (Gomocup's extension, 2020):
 *       no stone  -> "x,y x,y x,y"  the opener's three stones (black, white, black)
 *       3 stones  -> "SWAP" (take black) | "x,y" (stay white: the 4th stone) |
 *                    "x,y x,y" (the 4th and 5th stones: the opener chooses)
 *       5 stones  -> "SWAP" (take black) | "x,y" (take white: the 6th stone)
 *       The stones come in the order played (black first).  "SWAP" always means
 *       "I take the colour that is not to move", as Rapfi and the managers read it;
 *       the decisions are selfplay/sp_swap2.c's.
 *   END                              anything else -> UNKNOWN
 *   While boyi thinks (BEGIN, TURN, BOARD) the input is still read (serve.h): END ends
 *   the search and the program at once, YXSTOP (Yixin's) ends the search with its move
 *   now; anything else waits for the move.  Times (INFO timeout_turn and time_left)
 *   of any size, with a fraction or an exponent, are clamped to 24 hours;
 *   a line of more than 1 MiB is ignored (ERROR), and echoes are clipped.
 *
 * Coordinates: x is the column from 0 (the move text's letter), y the row from 0
 * (the move text's number - 1).  The position is rebuilt from the stones each time a
 * BOARD comes, with the colours decided by the counts (black moves first); TURN and
 * BEGIN play on the position kept. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "game.h"
#include "search.h"
#include "serve.h"
#include "sp_swap2.h"

enum { GC_PLIES = 1024 };

typedef struct brain {
    const bo_game *g;
    char rules[32];
    int size;
    bo_tt *tt;
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    bo_hist h;
    long long timeout_turn, time_left;
    bo_bg_search bg;          /* the search running, if any */
    bo_limits lim;            /* its limits */
} brain;

/* "x,y" as the move text ("h8"); 0 or -1. */
static int xy_text(const char *s, int size, char *out, size_t n)
{
    int x, y;
    if (sscanf(s, "%d,%d", &x, &y) != 2 || x < 0 || y < 0 || x >= size || y >= size) return -1;
    snprintf(out, n, "%c%d", 'a' + x, y + 1);
    return 0;
}

static int new_game(brain *b)
{
    char err[256], text[64];
    snprintf(text, sizeof text, "size: %d; black: ; white: ", b->size);
    if (b->g->from_text(b->pos, b->rules, text, err, sizeof err) != 0 &&
        b->g->start(b->pos, b->rules, err, sizeof err) != 0) {
        printf("ERROR %s\n", err);
        return -1;
    }
    bo_hist_reset(&b->h, b->g->hash(b->pos));
    bo_tt_clear(b->tt);
    return 0;
}

/* The search thread: the search, the move played on the kept position, the answer. */
static void run_think(void *ctx)
{
    brain *b = ctx;
    bo_search_info info;
    char err[256], t[32];
    if (bo_search(b->g, b->pos, &b->h, &b->lim, b->tt, NULL, NULL, &info, err, sizeof err) != 0) {
        printf("ERROR %s\n", err);
        fflush(stdout);
        return;
    }
    if (b->g->move_to_text(b->pos, info.pv[0], t, sizeof t) != 0) { printf("ERROR no move text\n"); fflush(stdout); return; }
    BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
    b->g->play(b->pos, info.pv[0], undo, &b->h);
    printf("MESSAGE depth %d score %d\n%d,%d\n", info.depth, info.score, t[0] - 'a', atoi(t + 1) - 1);
    fflush(stdout);
}

/* Search on the search thread and answer with the move. */
static void think(brain *b)
{
    long long ms = b->timeout_turn > 0 ? b->timeout_turn : 5000;
    if (b->time_left > 0 && b->time_left / 10 < ms) ms = b->time_left / 10;
    ms = ms > 150 ? ms - 100 : ms > 20 ? ms / 2 : 10;   /* room for the manager's clock */
    b->lim = (bo_limits){.movetime_ms = ms, .stop = &b->bg.stop};
    fflush(stdout);
    bo_bg_start(&b->bg, run_think, b);
}

/* The opponent's stone at "x,y" on the kept position; 0 or -1 (ERROR said). */
static int opponent(brain *b, const char *xy)
{
    char t[32], err[256];
    bo_move m;
    if (xy_text(xy, b->size, t, sizeof t) != 0 || b->g->move_from_text(b->pos, t, &m, err, sizeof err) != 0) {
        char clip[BO_SERVE_CLIP_BUF];
        printf("ERROR bad move %s\n", bo_serve_clip(xy, clip, sizeof clip));
        return -1;
    }
    BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
    b->g->play(b->pos, m, undo, &b->h);
    return 0;
}

/* BOARD ... DONE: the stones, then our move. */
static void board(brain *b, FILE *in)
{
    char own[4096] = "", opp[4096] = "", *line = NULL;
    size_t cap = 0, ko = 0, kp = 0;
    int nown = 0, nopp = 0;
    bool cut;
    while (bo_serve_line(in, &line, &cap, BO_SERVE_LINE_MAX, &cut) >= 0) {
        if (strncmp(line, "DONE", 4) == 0) break;
        int x, y, who;
        char t[32];
        if (sscanf(line, "%d,%d,%d", &x, &y, &who) != 3) continue;
        char xy[32];
        snprintf(xy, sizeof xy, "%d,%d", x, y);
        if (xy_text(xy, b->size, t, sizeof t) != 0) continue;
        if (who == 1 && ko + 8 < sizeof own) { ko += (size_t)snprintf(own + ko, sizeof own - ko, " %s", t); nown++; }
        else if (who != 1 && kp + 8 < sizeof opp) { kp += (size_t)snprintf(opp + kp, sizeof opp - kp, " %s", t); nopp++; }
    }
    free(line);
    bool own_black = nown == nopp;   /* black moves first: equal counts mean we are black */
    char text[8400], err[256];
    snprintf(text, sizeof text, "size: %d; black:%s; white:%s; to-move: %s", b->size, own_black ? own : opp,
             own_black ? opp : own, own_black ? "black" : "white");
    if (b->g->from_text(b->pos, b->rules, text, err, sizeof err) != 0) { printf("ERROR %s\n", err); return; }
    bo_hist_reset(&b->h, b->g->hash(b->pos));
    think(b);
}

/* The stones of TEXTS (move texts, black first) as a position, white or black to
 * move by their count; 0 or -1 (ERROR said). */
static int set_stones(brain *b, char (*texts)[16], int n)
{
    char text[640], bl[256] = "", wh[256] = "", err[256];   /* at most 8 stones */
    size_t kb = 0, kw = 0;
    for (int i = 0; i < n; i++) {
        if (i % 2 == 0) kb += (size_t)snprintf(bl + kb, sizeof bl - kb, " %s", texts[i]);
        else kw += (size_t)snprintf(wh + kw, sizeof wh - kw, " %s", texts[i]);
    }
    snprintf(text, sizeof text, "size: %d; black:%s; white:%s; to-move: %s", b->size, bl, wh, n % 2 ? "white" : "black");
    if (b->g->from_text(b->pos, b->rules, text, err, sizeof err) != 0) { printf("ERROR %s\n", err); return -1; }
    bo_hist_reset(&b->h, b->g->hash(b->pos));
    return 0;
}

/* "x,y" of move M at the kept position into OUT, and M played there. */
static void move_xy(brain *b, bo_move m, char *out, size_t n)
{
    char t[32];
    if (b->g->move_to_text(b->pos, m, t, sizeof t) != 0) { snprintf(out, n, "?"); return; }
    snprintf(out, n, "%d,%d", t[0] - 'a', atoi(t + 1) - 1);
    BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
    b->g->play(b->pos, m, undo, &b->h);
}

/* SWAP2BOARD ... DONE: the opener's three stones, or the choice of colour, as
 * boyi's players decide them (selfplay/sp_swap2.c), in the turn's time. */
static void swap2board(brain *b, FILE *in)
{
    char texts[8][16], *line = NULL;
    size_t cap = 0;
    int n = 0;
    bool cut;
    while (bo_serve_line(in, &line, &cap, BO_SERVE_LINE_MAX, &cut) >= 0) {
        if (strncmp(line, "DONE", 4) == 0) break;
        /* every stone is counted (the count is what the error reports); the first 8 kept */
        char t[16];
        if (xy_text(line, b->size, n < 8 ? texts[n] : t, sizeof t) == 0) n++;
    }
    free(line);
    if (n != 0 && n != 3 && n != 5) { printf("ERROR SWAP2BOARD with %d stones (0, 3 or 5)\n", n); return; }
    if (set_stones(b, texts, n) != 0) return;
    long long ms = b->timeout_turn > 0 ? b->timeout_turn : 5000;
    if (b->time_left > 0 && b->time_left / 10 < ms) ms = b->time_left / 10;
    ms = ms > 150 ? ms - 100 : ms > 20 ? ms / 2 : 10;
    bo_limits lim = {.movetime_ms = ms};
    sp_swap2_answer a;
    char err[256], xy[3][32];
    bo_tt_clear(b->tt);   /* a decision of its own, not the last search's depths */
    if (sp_swap2_choose(b->g, b->rules, b->pos, n, &lim, b->tt, &a, err, sizeof err) != 0) { printf("ERROR %s\n", err); return; }
    printf("MESSAGE swap2 depth %d score %d\n", a.depth, a.score);
    if (a.swap) { printf("SWAP\n"); return; }
    for (int i = 0; i < a.n; i++) move_xy(b, a.m[i], xy[i], sizeof xy[i]);
    printf("%s%s%s%s%s\n", xy[0], a.n > 1 ? " " : "", a.n > 1 ? xy[1] : "", a.n > 2 ? " " : "", a.n > 2 ? xy[2] : "");
}

static void info(brain *b, const char *key, const char *val)
{
    long long v = atoll(val), ms = bo_serve_ms(val, true);   /* a time of any size: at most 24 h */
    if (strcmp(key, "timeout_turn") == 0) b->timeout_turn = ms < 0 ? 0 : ms;
    else if (strcmp(key, "time_left") == 0) b->time_left = ms < 0 ? 0 : ms;
    else if (strcmp(key, "rule") == 0) {   /* managers send it before the first move: a new game */
        snprintf(b->rules, sizeof b->rules, "%s", v & 4 ? "renju" : v & 1 ? "standard" : "freestyle");
        new_game(b);
    }
}

int bo_cmd_gomocup(const bo_opts *o)
{
    const bo_game_cli *gc = bo_cli_game_find(o->game ? o->game : "gomoku");
    const bo_game *g = gc ? bo_game_by_name(gc->name) : NULL;
    if (!g) { bo_cli_error(NULL, 0, 0, "gomocup: unknown game"); return BO_EXIT_USAGE; }
    brain *b = calloc(1, sizeof *b);
    if (!b) return BO_EXIT_USAGE;
    b->g = g;
    b->size = 15;
    snprintf(b->rules, sizeof b->rules, "%s", o->rules ? o->rules : "freestyle");
    b->tt = bo_tt_new(o->hash_mb > 0 ? (size_t)o->hash_mb : 64);
    if (!b->tt || bo_hist_init(&b->h, GC_PLIES) != 0) { bo_tt_free(b->tt); free(b); return BO_EXIT_USAGE; }
    char *line = NULL, key[64], val[64];
    size_t cap = 0;
    bool cut;
    bo_bg_init(&b->bg);
    ssize_t got;
    while ((got = bo_serve_line(stdin, &line, &cap, BO_SERVE_LINE_MAX, &cut)) >= 0) {
        size_t len = (size_t)got;
        if (cut) { printf("ERROR a line of more than %d bytes (it is ignored)\n", BO_SERVE_LINE_MAX); fflush(stdout); continue; }
        if (b->bg.running) {   /* thinking: END and YXSTOP at once, the rest after the move */
            if (strcmp(line, "END") == 0) { bo_bg_stop(&b->bg); break; }
            if (strcmp(line, "YXSTOP") == 0) { bo_bg_stop(&b->bg); continue; }
            bo_bg_wait(&b->bg);
        }
        if (strncmp(line, "START", 5) == 0) {
            b->size = atoi(line + 5);
            if (b->size < 5 || b->size > 26) printf("ERROR unsupported size\n");
            else if (new_game(b) == 0) printf("OK\n");
        } else if (strcmp(line, "RESTART") == 0) {
            if (new_game(b) == 0) printf("OK\n");
        } else if (sscanf(line, "INFO %63s %63s", key, val) == 2) {
            info(b, key, val);
        } else if (strcmp(line, "BEGIN") == 0) {
            think(b);
        } else if (strncmp(line, "TURN ", 5) == 0) {
            if (opponent(b, line + 5) == 0) think(b);
        } else if (strcmp(line, "BOARD") == 0) {
            board(b, stdin);
        } else if (strcmp(line, "SWAP2BOARD") == 0) {
            swap2board(b, stdin);
        } else if (strncmp(line, "TAKEBACK", 8) == 0) {
            printf("ERROR takeback is not supported: send BOARD\n");
        } else if (strcmp(line, "ABOUT") == 0) {
            printf("name=\"boyi\", version=\"0.1.0\", author=\"the boyi authors\"\n");
        } else if (strcmp(line, "END") == 0) {
            break;
        } else if (strcmp(line, "YXSTOP") == 0) {
            /* nothing is thinking */
        } else if (len) {
            char clip[BO_SERVE_CLIP_BUF];
            printf("UNKNOWN %s\n", bo_serve_clip(line, clip, sizeof clip));
        }
        fflush(stdout);
    }
    bo_bg_wait(&b->bg);   /* the end of the input lets a running search answer */
    free(line);
    bo_hist_free(&b->h);
    bo_tt_free(b->tt);
    free(b);
    return BO_EXIT_OK;
}
