/* game_gomoku.c -- the gomoku front end of the boyi binary: bench, play (the contest's
 * terminal I/O), the SVG board, and what moves and perft need of the game's own (the
 * position text, forbidden points, how a game ended).  Its records (validate,
 * annotate, render FILE, convert, games boyi played) are notation/gomoku/gm_records.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "botzone.h"
#include "cli.h"
#include "gm_desc.h"
#include "gm_svg.h"
#include "gm_coords.h"
#include "gm_notation.h"
#include "gm_records.h"
#include "gomoku.h"
#include "game.h"
#include "search.h"

/* --rules, renju (the RULES.md Decision) when not given; -1 (and an error printed)
 * when unknown. */
static int rules_opt(const bo_opts *o, gm_ruleset *r)
{
    r->rules = GM_RENJU;
    r->five_point_threes = false;
    if (!o->rules) return 0;
    if (gm_ruleset_from_name(o->rules, r) == 0) return 0;
    bo_cli_error(NULL, 0, 0, "unknown gomoku rule set '%s' (%s)", o->rules, GM_RULESET_NAMES);
    return -1;
}

/* ---- moves ------------------------------------------------------------------ */

/* A --position fault, located in the option text by line and column. */
static int position_error(const bo_opts *o, size_t off, const char *err)
{
    int line = 1;
    size_t ls = 0;
    for (size_t i = 0; i < off && o->position[i]; i++)
        if (o->position[i] == '\n') { line++; ls = i + 1; }
    bo_cli_error("--position", line, bo_utf8_col(o->position + ls, off - ls), "%s", err);
    return BO_EXIT_USAGE;
}

/* moves and perft: --rules and --position (the contest's text, located errors) as the
 * descriptor's position; the start under the rules without one.  A five already on
 * the board becomes the last stone, so that the descriptor sees the game over. */
static int gm_cli_position(const bo_opts *o, void *pos)
{
    gm_ruleset rs;
    if (rules_opt(o, &rs) != 0) return BO_EXIT_USAGE;
    gm_dpos *p = pos;
    memset(p, 0, sizeof *p);
    p->last = -1;
    const char *text = o->position ? o->position : o->fen;
    if (!text) {
        gm_board_init(&p->b, GM_RENJU_SIZE, rs.rules);
    } else {
        size_t off = 0;
        char err[256];
        if (gm_position_parse(text, rs.rules, &p->b, &off, err, sizeof err) != 0) return position_error(o, off, err);
    }
    p->b.renju_five_point_threes = rs.five_point_threes;
    gm_stone who;
    int wx, wy;
    if (gm_five_on_board(&p->b, &who, &wx, &wy)) p->last = wy * p->b.size + wx;
    return BO_EXIT_OK;
}

/* moves --forbidden: black's forbidden points, by column then row, and why. */
static int gm_cli_forbidden(const bo_opts *o, const void *pos, FILE *out)
{
    gm_board b = ((const gm_dpos *)pos)->b;
    if (b.rules != GM_RENJU) {
        bo_cli_error(NULL, 0, 0, "forbidden points exist only under renju and renju-five-threes (--rules %s has none)",
                     gm_rules_name(b.rules));
        return BO_EXIT_USAGE;
    }
    int xs[GM_MAX_SIZE * GM_MAX_SIZE], ys[GM_MAX_SIZE * GM_MAX_SIZE];
    gm_foul kinds[GM_MAX_SIZE * GM_MAX_SIZE];
    int n = gm_scan_fouls(&b, xs, ys, kinds, GM_MAX_SIZE * GM_MAX_SIZE);
    if (n > GM_MAX_SIZE * GM_MAX_SIZE) n = GM_MAX_SIZE * GM_MAX_SIZE;
    for (int i = 0; i < n; i++) {
        char c[GM_COORD_MAX];
        gm_coord_format(xs[i], ys[i], c);
        if (o->json) bo_cli_json_move(out, "point", c, "foul", gm_foul_name(kinds[i]));
        else fprintf(out, "%s %s\n", c, gm_foul_name(kinds[i]));
    }
    if (o->json) bo_cli_json_moves_summary(out, n, NULL, NULL);
    return BO_EXIT_OK;
}

/* moves with none: a five on the board (who, and through which point), a full
 * board, or black left with forbidden points only. */
static void gm_cli_moves_ending(const bo_opts *o, const void *pos, FILE *out)
{
    gm_board b = ((const gm_dpos *)pos)->b;
    const char *side = b.to_move == GM_BLACK ? "black" : "white";
    gm_stone who;
    int wx, wy;
    if (gm_five_on_board(&b, &who, &wx, &wy)) {
        char c[GM_COORD_MAX], wn[96];
        fprintf(stderr, "boyi: the game is over: %s has %s through %s\n", who == GM_BLACK ? "black" : "white",
                gm_win_name(&b, wx, wy, who, wn, sizeof wn), gm_coord_format(wx, wy, c));
        if (o->json) {
            bo_json j;
            bo_json_begin(&j, out);
            bo_json_int(&j, "count", 0);
            bo_json_str(&j, "side", side);
            bo_json_str(&j, "ending", "five");
            bo_json_str(&j, "winner", who == GM_BLACK ? "black" : "white");
            bo_json_str(&j, "through", c);
            bo_json_end(&j);
        }
        return;
    }
    if (o->json) bo_cli_json_moves_summary(out, 0, side, b.stones >= b.size * b.size ? "full-board" : "no-move");
}

/* ---- bench -------------------------------------------------------------------- */

/* Positions of our own that exercise the foul scan: crowded centres, lines of every
 * shape, the corpus's notation. */
static const char *const bench_positions[] = {
    "black: h8 i9 g7 j8 h10 f8 e9 k7; white: i8 g9 h9 i7 j7 g6 k9",
    "black: h8 h9 h11 j8 k8 i10 g10 f7 e6 l9; white: i8 g8 h7 j9 k10 i11 g11 m8 e8",
    "black: g9 e8 h8 e7 e6 f6 g6 e5; white: i10 e9 f9 h9 i9 f7 e4",
    "black: f10 j10 g9 i9 h8 j8 f7 h7 j7 f6; white: e12 f11 g10 i10 i8 g7 i7 k7 j6 f5",
    "black: e13 c12 e12 b11 e11 a10 d8 e8 g8 h8 i8 b4 l4 m4 b3 d3 k3 m3 d2; white: e10",
    "black: d4 e5 f6 h8 i9 k11 l12 d12 e11 f10 h6 i5 l4 m3; white: a1 o15 a15 o1 c3 n13",
};

/* Boards along engine self-play games: realistic middle games of every length. */
static int selfplay_positions(gm_board *pos, int cap, int games, uint64_t seed)
{
    int n = 0;
    for (int g = 0; g < games && n < cap; g++) {
        gm_board b;
        gm_board_init(&b, GM_RENJU_SIZE, GM_RENJU);
        gm_stone side = GM_BLACK;
        for (int ply = 0; ply < 60 && n < cap; ply++) {
            int x, y;
            if (gm_engine_move(&b, side, seed + (uint64_t)g * 7919u + (uint64_t)ply, &x, &y) != 0) break;
            if (gm_place(&b, x, y, side) != 0) break;
            if (ply >= 4) pos[n++] = b;
            if (gm_is_win(&b, x, y, side)) break;
            side = side == GM_BLACK ? GM_WHITE : GM_BLACK;
        }
    }
    return n;
}

/* A file given to the bench: position blocks (the corpus's form) or records. */
static int file_positions(const char *path, gm_board *pos, int cap)
{
    char err[512];
    bo_text t;
    if (bo_text_load(&t, path, err, sizeof err) != 0) {
        bo_cli_error(path, 0, 0, "%s", err);
        return -1;
    }
    bo_cli_text_warnings(&t);
    int n = 0;
    if (strstr(t.data, "black:") && strstr(t.data, "white:")) {
        /* blocks separated by blank lines */
        char *p = t.data;
        while (*p && n < cap) {
            char *e = strstr(p, "\n\n");
            if (e) *e = '\0';
            if (strstr(p, "black:")) {
                size_t off;
                if (gm_position_parse(p, GM_RENJU, &pos[n], &off, err, sizeof err) == 0) n++;
                else bo_cli_error(path, 0, 0, "%s (block skipped)", err);
            }
            if (!e) break;
            p = e + 2;
        }
    } else {
        n = gm_record_boards(&t, pos, cap, err, sizeof err);
        if (n < 0) bo_cli_error(path, 1, 1, "%s", err);
    }
    bo_text_free(&t);
    return n;
}

/* The 26 canonical renju openings (RIF): black h8, white's stone adjacent (h9, the
 * "direct" ones) or diagonal (i9, "indirect"), black's third stone anywhere else in
 * the central 5x5, one of each pair of mirror images (direct: across the h column,
 * kept with x >= h; indirect: across the h8-i9 diagonal, kept with x >= y).  Fills
 * texts of white-to-move positions; returns 26. */
static int canonical_openings(char text[26][64])
{
    int n = 0;
    for (int indirect = 0; indirect < 2; indirect++)
        for (int x = 5; x <= 9; x++)
            for (int y = 5; y <= 9; y++) {
                int wx = indirect ? 8 : 7, wy = 8;
                if ((x == 7 && y == 7) || (x == wx && y == wy)) continue;
                if (indirect ? x < y : x < 7) continue;
                snprintf(text[n++], 64, "black: h8 %c%d; white: %c9; to-move: white", 'a' + x, y + 1, 'a' + wx);
            }
    return n;
}

/* `bench --game gomoku search`: the engine on the 26 canonical openings, white to
 * move, one thread, a node limit each (--nodes, default 200000; or --depth): nodes per
 * second by the wall clock and by the process's CPU time (a loaded machine slows the
 * first only). */
static int gm_cli_bench_search(const bo_opts *o, FILE *out)
{
    const bo_game *g = bo_game_by_name("gomoku");
    char text[26][64], err[256];
    int n = canonical_openings(text);
    bo_tt *tt = bo_tt_new(16);
    if (!tt) { bo_cli_error(NULL, 0, 0, "out of memory"); return BO_EXIT_USAGE; }
    bo_limits lim = {.threads = 1};
    lim.nodes = o->nodes ? o->nodes : (o->depth > 0 ? 0 : 200000);
    if (o->depth > 0) lim.depth = o->depth;
    uint64_t nodes = 0;
    long depth_sum = 0;
    struct timespec w0, w1, c0, c1;
    clock_gettime(CLOCK_MONOTONIC, &w0);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    for (int i = 0; i < n; i++) {
        BO_ALIGNED unsigned char pos[BO_POS_MAX];
        bo_search_info info;
        if (g->from_text(pos, o->rules ? o->rules : "renju", text[i], err, sizeof err) != 0
            || bo_search(g, pos, NULL, &lim, tt, NULL, NULL, &info, err, sizeof err) != 0) {
            bo_cli_error(NULL, 0, 0, "opening %d (%s): %s", i + 1, text[i], err);
            bo_tt_free(tt);
            return BO_EXIT_USAGE;
        }
        nodes += info.nodes;
        depth_sum += info.depth;
    }
    clock_gettime(CLOCK_MONOTONIC, &w1);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    bo_tt_free(tt);
    double wall = (double)(w1.tv_sec - w0.tv_sec) + (double)(w1.tv_nsec - w0.tv_nsec) / 1e9;
    double cpu = (double)(c1.tv_sec - c0.tv_sec) + (double)(c1.tv_nsec - c0.tv_nsec) / 1e9;
    double nps = wall > 0 ? (double)nodes / wall : 0, cpu_nps = cpu > 0 ? (double)nodes / cpu : 0;
    if (o->json) {
        bo_json j;
        bo_json_begin(&j, out);
        bo_json_str(&j, "game", "gomoku");
        bo_json_str(&j, "bench", "search");
        bo_json_int(&j, "positions", n);
        bo_json_int(&j, "nodes", (long long)nodes);
        bo_json_num(&j, "mean_depth", (double)depth_sum / n, 2);
        bo_json_num(&j, "seconds", wall, 3);
        bo_json_num(&j, "cpu_seconds", cpu, 3);
        bo_json_num(&j, "nps", nps, 0);
        bo_json_num(&j, "cpu_nps", cpu_nps, 0);
        bo_json_end(&j);
        return BO_EXIT_OK;
    }
    fprintf(out, "search: %d canonical openings, white to move, %llu nodes, mean depth %.2f\n", n,
            (unsigned long long)nodes, (double)depth_sum / n);
    fprintf(out, "search: %.3f s (%.0f nodes per second), %.3f s CPU time (%.0f nodes per second)\n", wall, nps, cpu,
            cpu_nps);
    return BO_EXIT_OK;
}

/* One figure for the goal: microseconds per full-board foul scan. */
static int gm_cli_bench(const bo_opts *o, FILE *out)
{
    int a = 0;
    if (o->nargs > 0 && strcmp(o->args[0], "search") == 0) return gm_cli_bench_search(o, out);
    if (a < o->nargs && strcmp(o->args[a], "fouls") == 0) a++;
    enum { CAP = 4096 };
    gm_board *pos = malloc(CAP * sizeof *pos);
    if (!pos) { bo_cli_error(NULL, 0, 0, "out of memory"); return BO_EXIT_USAGE; }
    int n = 0, embedded = 0, from_files = 0;
    for (size_t i = 0; i < sizeof bench_positions / sizeof *bench_positions; i++) {
        size_t off;
        char err[256];
        if (gm_position_parse(bench_positions[i], GM_RENJU, &pos[n], &off, err, sizeof err) == 0) { n++; embedded++; }
    }
    for (; a < o->nargs; a++) {
        int k = file_positions(o->args[a], pos + n, CAP - n);
        if (k < 0) { free(pos); return BO_EXIT_USAGE; }
        n += k;
        from_files += k;
    }
    /* the engine thinks for real: keep the bench quick (--games N for more or fewer) */
    const int games = o->games > 0 ? (int)(o->games < 64 ? o->games : 64) : 4;
    int from_games = selfplay_positions(pos + n, CAP - n < 600 ? CAP - n : 600, games, o->seed ? o->seed : 1);
    n += from_games;
    /* calibrate: about half a second of scanning in all */
    double us1 = gm_bench_scan(pos, n, 1);
    int reps = us1 > 0 ? (int)(500000.0 / (us1 * n)) : 100;
    if (reps < 1) reps = 1;
    if (reps > 100000) reps = 100000;
    /* the engine times by the wall clock; CPU time beside it shows what a loaded
     * machine hides */
    struct timespec c0, c1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    double us = gm_bench_scan(pos, n, reps);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    double cpu_us = ((double)(c1.tv_sec - c0.tv_sec) * 1e6 + (double)(c1.tv_nsec - c0.tv_nsec) / 1e3) / ((double)n * reps);
    long fouls = 0;
    int xs[GM_MAX_SIZE * GM_MAX_SIZE], ys[GM_MAX_SIZE * GM_MAX_SIZE];
    for (int i = 0; i < n; i++) fouls += gm_scan_fouls(&pos[i], xs, ys, NULL, GM_MAX_SIZE * GM_MAX_SIZE);
    if (o->json) {
        bo_json j;
        bo_json_begin(&j, out);
        bo_json_str(&j, "game", "gomoku");
        bo_json_str(&j, "bench", "fouls");
        bo_json_int(&j, "positions", n);
        bo_json_int(&j, "embedded", embedded);
        bo_json_int(&j, "selfplay", from_games);
        bo_json_int(&j, "selfplay_games", games);
        bo_json_int(&j, "from_files", from_files);
        bo_json_int(&j, "forbidden_points", fouls);
        bo_json_int(&j, "reps", reps);
        bo_json_num(&j, "us_per_scan", us, 2);
        bo_json_num(&j, "cpu_us_per_scan", cpu_us, 2);
        bo_json_end(&j);
        free(pos);
        return BO_EXIT_OK;
    }
    fprintf(out, "fouls: %d positions (%d embedded, %d from %d self-play games, %d from files), %ld forbidden points, %d reps\n",
            n, embedded, from_games, games, from_files, fouls, reps);
    fprintf(out, "fouls: %.2f us per full-board scan\n", us);
    fprintf(out, "fouls: %.2f us CPU time per full-board scan\n", cpu_us);
    free(pos);
    return BO_EXIT_OK;
}

/* ---- play ---------------------------------------------------------------------- */

/* The board as the contest shows it: ● ○ stones, ▲ △ for the stone just played. */
static void show_board(const gm_board *b, int lx, int ly, FILE *out)
{
    fputs("   ", out);
    for (int x = 0; x < b->size; x++) fprintf(out, " %c", 'A' + x);
    fputc('\n', out);
    for (int y = b->size - 1; y >= 0; y--) {
        fprintf(out, "%2d ", y + 1);
        for (int x = 0; x < b->size; x++) {
            gm_stone s = gm_at(b, x, y);
            bool last = x == lx && y == ly;
            const char *g = s == GM_BLACK ? (last ? "▲" : "●") : s == GM_WHITE ? (last ? "△" : "○") : "+";
            fprintf(out, " %s", g);
        }
        fprintf(out, " %2d\n", y + 1);
    }
    fputs("   ", out);
    for (int x = 0; x < b->size; x++) fprintf(out, " %c", 'A' + x);
    fputc('\n', out);
}

static const char *side_cn(gm_stone s) { return s == GM_BLACK ? "黑方" : "白方"; }
static const char *side_en(gm_stone s) { return s == GM_BLACK ? "black" : "white"; }

/* Read one line of human input; false at end of input. */
static bool read_line(FILE *in, char *buf, size_t n)
{
    if (!fgets(buf, (int)n, in)) return false;
    size_t l = strlen(buf);
    if (l == n - 1 && buf[l - 1] != '\n') {
        int c;
        while ((c = fgetc(in)) != EOF && c != '\n') {}
    }
    while (l && (buf[l - 1] == '\n' || buf[l - 1] == '\r' || buf[l - 1] == ' ')) buf[--l] = '\0';
    return true;
}

/* After a stone: five, full board, or play on.  Returns true when the game ended. */
static bool game_over(const gm_board *b, int x, int y, gm_stone s, FILE *out)
{
    if (gm_is_win(b, x, y, s)) {
        char wn[96];
        fprintf(out, "结果: %s胜 (%s wins: %s through %c %d)\n", side_cn(s), side_en(s), gm_win_name(b, x, y, s, wn, sizeof wn),
                'a' + x, y + 1);
        return true;
    }
    if (b->stones >= b->size * b->size) {
        fputs("结果: 平局 (draw: the board is full)\n", out);
        return true;
    }
    return false;
}

/* The human's turn: ask until a legal move arrives.  Returns 1 move made, 0 game
 * ended (resigned or foul), -1 end of input. */
static int human_turn(gm_board *b, gm_stone me, FILE *in, FILE *out, int *mx, int *my)
{
    /* A program on the other end of a pipe reads whole lines; a person at a terminal
     * types after the prompt. */
    bool tty = isatty(fileno(in));
    for (;;) {
        fprintf(out, "你的落子 (%s %s, e.g. f 8):%s", side_cn(me), side_en(me), tty ? " " : "\n");
        fflush(out);
        char line[256];
        if (!read_line(in, line, sizeof line)) return -1;
        if (!line[0]) continue;
        if (strcasecmp(line, "quit") == 0 || strcasecmp(line, "resign") == 0 || strcmp(line, "认输") == 0) {
            fprintf(out, "\n%s认输. 结果: %s胜 (%s resigns)\n", side_cn(me), side_cn(me == GM_BLACK ? GM_WHITE : GM_BLACK),
                    side_en(me));
            return 0;
        }
        int x, y;
        if (gm_coord_parse(line, &x, &y) != 0) {
            fprintf(out, "\n无法识别 '%s': type a column letter a-%c and a row 1-%d, e.g. f 8\n", line, 'a' + b->size - 1,
                    b->size);
            continue;
        }
        if (!gm_coord_on_board(b->size, x, y)) {
            fprintf(out, "\n%s is off the board (columns a-%c, rows 1-%d); try again\n", line, 'a' + b->size - 1, b->size);
            continue;
        }
        if (gm_at(b, x, y) != GM_EMPTY) {
            fprintf(out, "\n%c %d is already occupied; try again\n", 'a' + x, y + 1);
            continue;
        }
        if (b->rules == GM_RENJU && b->stones == 0 && (x != 7 || y != 7)) {
            fputs("\nblack's first stone goes on h 8 (天元); try again\n", out);
            continue;
        }
        if (b->rules == GM_RENJU && me == GM_BLACK) {
            gm_foul f = gm_foul_at(b, x, y);
            if (f != GM_FOUL_NONE) {
                char why[400];
                gm_foul_explain(b, x, y, why, sizeof why);
                fprintf(out, "\n禁手! black's %c %d is forbidden: %s\n结果: 白方胜 (white wins: black's forbidden move)\n",
                        'a' + x, y + 1, why);
                return 0;
            }
        }
        gm_place(b, x, y, me);
        *mx = x;
        *my = y;
        return 1;
    }
}

/* The contest's terminal game, human-first or engine-first. */
static int gm_cli_play(const bo_opts *o, FILE *in, FILE *out)
{
    if (o->human_first && o->engine_first) {
        bo_cli_error(NULL, 0, 0, "choose one of --human-first and --engine-first");
        return BO_EXIT_USAGE;
    }
    gm_ruleset rs;
    if (rules_opt(o, &rs) != 0) return BO_EXIT_USAGE;
    gm_rules rules = rs.rules;
    gm_board b;
    gm_board_init(&b, GM_RENJU_SIZE, rules);
    gm_stone side = GM_BLACK;
    if (o->position) {
        /* play on from a given position (practice, and tests of the end of a game) */
        size_t off = 0;
        char err[256];
        if (gm_position_parse(o->position, rules, &b, &off, err, sizeof err) != 0) return position_error(o, off, err);
        side = b.to_move;
        gm_stone who;
        int wx, wy;
        if (gm_five_on_board(&b, &who, &wx, &wy)) {
            bo_cli_error("--position", 0, 0, "the game is already over: %s has five", side_en(who));
            return BO_EXIT_USAGE;
        }
    }
    /* after the position (which sets the board up afresh): the engine, the foul check
     * and the human's moves all judge by this board's option */
    b.renju_five_point_threes = rs.five_point_threes;
    gm_stone human = o->engine_first ? GM_WHITE : GM_BLACK;
    fprintf(out, "五子棋 (%s): %s (%s). Type moves like f 8; 'quit' resigns.\n", gm_ruleset_name(rs),
            human == GM_BLACK ? "人先 you are black" : "机先 the engine is black", human == GM_BLACK ? "--human-first" : "--engine-first");
    int lx = -1, ly = -1;
    if (o->position) show_board(&b, lx, ly, out);
    for (;;) {
        int x, y;
        if (side == human) {
            int r = human_turn(&b, human, in, out, &x, &y);
            if (r < 0) {
                fprintf(out, "\ninput ended: game abandoned after %d moves\n", b.stones);
                return BO_EXIT_OK;
            }
            if (r == 0) return BO_EXIT_OK;
        } else {
            if (b.stones == 0 && rules == GM_RENJU) { x = 7; y = 7; }
            else if (gm_engine_move(&b, side, o->seed * 1000003u + (uint64_t)b.stones, &x, &y) != 0) {
                fputs("结果: 平局 (draw: no move left)\n", out);
                return BO_EXIT_OK;
            }
            if (gm_at(&b, x, y) != GM_EMPTY || !gm_coord_on_board(b.size, x, y)
                || (rules == GM_RENJU && side == GM_BLACK && gm_foul_at(&b, x, y) != GM_FOUL_NONE)) {
                bo_cli_error(NULL, 0, 0, "internal error: the engine chose an illegal point (%d,%d)", x, y);
                return BO_EXIT_USAGE;
            }
            gm_place(&b, x, y, side);
            char c[GM_COORD_MAX];
            fprintf(out, "\n最后落子%s\n", gm_coord_format_spaced(x, y, c));
        }
        lx = x;
        ly = y;
        show_board(&b, lx, ly, out);
        if (game_over(&b, x, y, side, out)) return BO_EXIT_OK;
        side = side == GM_BLACK ? GM_WHITE : GM_BLACK;
    }
}

/* The descriptor's Gomoku position knows its last stone; from a record, the stones of
 * the line carry their move numbers, as game records are printed. */
static int gm_cli_render(const bo_opts *o, const void *pos, uint32_t last, const uint32_t *line, int nline, FILE *out)
{
    (void)o;
    (void)last;
    const gm_dpos *p = pos;
    int lx = p->last >= 0 ? p->last % p->b.size : -1, ly = p->last >= 0 ? p->last / p->b.size : -1;
    if (!line) {
        gm_svg_write(out, &p->b, NULL, lx, ly);
        return BO_EXIT_OK;
    }
    int (*numbers)[GM_MAX_SIZE] = calloc(GM_MAX_SIZE, sizeof *numbers);
    if (!numbers) { bo_cli_error(NULL, 0, 0, "out of memory"); return BO_EXIT_USAGE; }
    for (int i = 0; i < nline; i++) {
        int x = (int)line[i] % p->b.size, y = (int)line[i] / p->b.size;
        if (gm_at(&p->b, x, y) != GM_EMPTY) numbers[y][x] = i + 1;
    }
    gm_svg_write(out, &p->b, (const int (*)[GM_MAX_SIZE])numbers, lx, ly);
    free(numbers);
    return BO_EXIT_OK;
}

const bo_game_cli bo_game_gomoku = {
    .name = "gomoku",
    .rules_help = GM_RULESET_NAMES,
    .position = gm_cli_position,
    .move_key = "point",
    .moves_ending = gm_cli_moves_ending,
    .forbidden = gm_cli_forbidden,
    .bench = gm_cli_bench,
    .play = gm_cli_play,
    .render = gm_cli_render,
    .eval_scale = 800,   /* fitted to 200 Renju games of Rapfi against itself, boyi's evaluations */
    .train_scale = 1500, /* at the default depth (docs/annotate.md, "Sixth round"); train keeps 1,500 */
    .annotate_depth = 6,         /* chosen on 12 Renju games of Rapfi against itself (docs/ */
    .second_look_plies = 4,      /* annotate.md, "Fourth round"): the second look at depth 10 */
    .botzone = &gm_botzone,
    .records = &gm_records,
};
