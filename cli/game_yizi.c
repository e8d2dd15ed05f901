/* game_yizi.c -- the line game's front end (一字棋, RULES.md 7): the position of
 * --rules/--misere/--position, the SVG board; solve (values, winning moves, tables)
 * and bench (the whole game solved, timed).  Its records (validate, annotate, render
 * FILE, convert, games boyi played) are notation/yizi/yz_records.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "core.h"
#include "game.h"
#include "outfile.h"
#include "yizi.h"
#include "yz_records.h"
#include "yz_svg.h"

static int yz_cli_solve(const bo_opts *o, FILE *out);
static int yz_cli_bench(const bo_opts *o, FILE *out);
static int yz_cli_position(const bo_opts *o, void *pos);

/* --rules 1|2|3 (or 1-misere...) and --misere into a rule number and convention. */
static int cli_rules(const bo_opts *o, int *rule, bool *misere)
{
    char err[256];
    if (yz_rules_parse(o->rules, rule, misere, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        return -1;
    }
    if (o->misere) *misere = true;
    return 0;
}

/* --position (or --fen) in the game's text, else the start of --rules; --misere
 * makes the convention misère where the text does not name one. */
static int yz_cli_position(const bo_opts *o, void *pos)
{
    int rule;
    bool misere;
    if (cli_rules(o, &rule, &misere) != 0) return BO_EXIT_USAGE;
    const char *text = o->position ? o->position : o->fen;
    yz_pos *p = pos;
    if (!text) {
        yz_start(p, rule, misere);
        return BO_EXIT_OK;
    }
    char err[256];
    if (yz_from_text(p, text, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "bad line-game position '%s': %s", text, err);
        return BO_EXIT_USAGE;
    }
    if (misere && !strstr(text, "normal") && !strstr(text, "mis")) {
        p->misere = 1;
        p->hash = yz_hash_scratch(p);
    }
    return BO_EXIT_OK;
}

/* boyi render: the board of a position or of a record's ply. */
static int yz_render_cli(const bo_opts *o, const void *pos, uint32_t last, const uint32_t *line, int nline, FILE *out)
{
    (void)o;
    (void)line;
    yz_svg_write(out, pos, last, nline);
    return BO_EXIT_OK;
}

const bo_game_cli bo_game_yizi = {
    .name = "yizi",
    .rules_help = "1 (default: one coin on each of points 1..10), 2 (two on each of 6..10), 3 (placed by the players); --misere: the last mover loses",
    .position = yz_cli_position,
    .move_key = "move",
    .bench = yz_cli_bench,
    .render = yz_render_cli,
    .eval_scale = 400,
    .solve = yz_cli_solve,
    .records = &yz_records,   /* records: notation/yizi/yz_records.c */
};

/* ---- solve and bench ------------------------------------------------------------ */

/* Better for the mover: a win before a loss, a faster win, a slower loss. */
static bool better(int win, int plies, int bw, int bp)
{
    return bp < 0 || win > bw || (win == bw && (win ? plies < bp : plies > bp));
}

/* A winning move as solve --json gives it: points 0..10. */
static void json_move(FILE *out, uint32_t m)
{
    if (yz_is_placement(m)) fprintf(out, "{\"point\":%d,\"coins\":%d}", yz_from(m), yz_coins(m));
    else fprintf(out, "{\"from\":%d,\"coins\":%d,\"to\":%d}", yz_from(m), yz_coins(m), yz_to(m));
}

typedef struct table_out {
    FILE *f;
} table_out;

/* One line per position: the counts, the unplaced coins, the value for whoever is
 * to move there (the side does not change it). */
static void table_line(void *ctx, const yz_pos *p, int win, int plies)
{
    table_out *t = ctx;
    for (int i = 0; i < YZ_POINTS; i++) fprintf(t->f, "%s%d", i ? "," : "", p->count[i]);
    fprintf(t->f, " %d %s %d\n", p->unplaced, win ? "win" : "loss", plies);
}

/* --table[=OUT]: every position reachable from P with its value. */
static int write_table(const bo_opts *o, yz_table *t, const yz_pos *p, long *count)
{
    const char *path = strcmp(o->table, "-") == 0 && o->nargs > 0 ? o->args[0] : o->table;
    bo_outfile of;   /* whole or not at all; "-" is standard output (cli/outfile.h) */
    char err[512];
    if (bo_outfile_open(&of, path, "w", err, sizeof err) != 0) {
        bo_cli_error(path, 0, 0, "cannot write the table: %s", err);
        return BO_EXIT_USAGE;
    }
    FILE *f = of.f;
    char text[YZ_TEXT_MAX];
    yz_to_text(p, text, sizeof text);
    fprintf(f, "# yizi (一字棋): every position reachable from %s, %s\n", text, p->misere ? "misère" : "normal play");
    fprintf(f, "# counts on points 0..10, unplaced coins, value for the side to move, plies to the end under perfect play\n");
    table_out to = {f};
    *count = yz_reachable(t, p, table_line, &to);
    if (bo_outfile_commit(&of, err, sizeof err) != 0) {
        bo_cli_error(bo_outfile_name(&of), 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    return BO_EXIT_OK;
}

/* boyi solve --game yizi: the value of the position, every winning move, the perfect
 * line, the positions reachable; --table writes them all. */
static int yz_cli_solve(const bo_opts *o, FILE *out)
{
    BO_ALIGNED unsigned char buf[BO_POS_MAX];
    int rc = yz_cli_position(o, buf);
    if (rc != BO_EXIT_OK) return rc;
    yz_pos *p = (yz_pos *)buf;
    char text[YZ_TEXT_MAX];
    yz_to_text(p, text, sizeof text);
    double t0 = bo_now_seconds();
    yz_table *t = yz_table_new(p->misere);
    if (!t) { bo_cli_error(NULL, 0, 0, "out of memory"); return BO_EXIT_USAGE; }
    int win, plies;
    yz_solve(t, p, &win, &plies);
    uint32_t moves[YZ_MAX_MOVES], line[YZ_MAX_PLIES + 1];
    int wins[YZ_MAX_MOVES], pl[YZ_MAX_MOVES], nline = 0;
    int n = yz_over(p) ? 0 : yz_solve_moves(t, p, moves, wins, pl);
    double seconds = bo_now_seconds() - t0;
    long solved = yz_table_solved(t);
    yz_pos q = *p;
    while (!yz_over(&q)) {
        uint32_t mv[YZ_MAX_MOVES];
        int w[YZ_MAX_MOVES], ps[YZ_MAX_MOVES];
        int k = yz_solve_moves(t, &q, mv, w, ps), b = 0;
        for (int i = 1; i < k; i++)
            if (better(w[i], ps[i], w[b], ps[b])) b = i;
        line[nline++] = mv[b];
        yz_play(&q, mv[b]);
    }
    long reachable = yz_reachable(t, p, NULL, NULL);
    long table_count = 0;
    if (o->table && (rc = write_table(o, t, p, &table_count)) != BO_EXIT_OK) { yz_table_free(t); return rc; }
    yz_table_free(t);
    const char *mover = p->side ? "second" : "first";
    FILE *f = o->table && strcmp(o->table, "-") == 0 && o->nargs == 0 ? stderr : out;   /* the table has stdout */
    if (o->json) {
        fprintf(f, "{\"game\":\"yizi\",\"position\":");
        bo_json_string(f, text);
        fprintf(f, ",\"misere\":%s,\"to_move\":\"%s\",\"result\":\"%s\",\"plies\":%d,\"winning_moves\":[",
                p->misere ? "true" : "false", mover, win ? "win" : "loss", plies);
        int k = 0;
        for (int i = 0; i < n; i++)
            if (wins[i]) { if (k++) fputc(',', f); json_move(f, moves[i]); }
        fprintf(f, "],\"winning_plies\":[");
        k = 0;
        for (int i = 0; i < n; i++)
            if (wins[i]) fprintf(f, "%s%d", k++ ? "," : "", pl[i]);
        fprintf(f, "],\"line\":[");
        for (int i = 0; i < nline; i++) {
            char mt[YZ_MOVE_TEXT_MAX];
            yz_move_to_text(line[i], mt, sizeof mt);
            if (i) fputc(',', f);
            bo_json_string(f, mt);
        }
        fprintf(f, "],\"reachable\":%ld,\"solved\":%ld,\"seconds\":%.6f", reachable, solved, seconds);
        if (o->table) fprintf(f, ",\"table_positions\":%ld", table_count);
        fprintf(f, "}\n");
        return BO_EXIT_OK;
    }
    fprintf(f, "position: %s\n", text);
    if (yz_over(p)) {
        fprintf(f, "the game is over: the %s player %s\n", yz_winner(p) == 0 ? "first" : "second", "won");
    } else {
        fprintf(f, "%s player to %s %s in %d plies under perfect play (%s)\n", mover, p->unplaced ? "place" : "move",
                win ? "wins" : "loses", plies, p->misere ? "misère: the last mover loses" : "normal play: the last mover wins");
        fprintf(f, "winning moves:");
        int k = 0;
        for (int i = 0; i < n; i++)
            if (wins[i]) {
                char mt[YZ_MOVE_TEXT_MAX];
                yz_move_to_text(moves[i], mt, sizeof mt);
                fprintf(f, " %s (%d)", mt, pl[i]);
                k++;
            }
        fprintf(f, "%s\n", k ? "" : " none: every move loses");
        fprintf(f, "perfect line:");
        for (int i = 0; i < nline; i++) {
            char mt[YZ_MOVE_TEXT_MAX];
            yz_move_to_text(line[i], mt, sizeof mt);
            fprintf(f, " %s", mt);
        }
        fputc('\n', f);
    }
    fprintf(f, "%ld positions reachable; %ld solved in %.4f s\n", reachable, solved, seconds);
    if (o->table) fprintf(f, "table: %ld positions written\n", table_count);
    return BO_EXIT_OK;
}

/* boyi bench --game yizi [solve]: the whole game (every position, from rule 3's
 * empty board) solved from nothing, both conventions, best of several rounds. */
static int yz_cli_bench(const bo_opts *o, FILE *out)
{
    const char *what = o->what ? o->what : o->nargs > 0 ? o->args[0] : "solve";
    if (strcmp(what, "solve") != 0) {
        bo_cli_error(NULL, 0, 0, "line-game benchmarks: solve (the whole game, both conventions); not '%s'", what);
        return BO_EXIT_USAGE;
    }
    double best[2] = {1e30, 1e30}, cpu[2] = {1e30, 1e30};
    long solved[2] = {0, 0};
    int res[2][3][2], rounds = 0;
    double spent = 0;
    while (rounds < 5 || (spent < 2.0 && rounds < 200)) {
        for (int m = 0; m < 2; m++) {
            double t0 = bo_now_seconds();
            clock_t c0 = clock();
            yz_table *t = yz_table_new(m);
            if (!t) { bo_cli_error(NULL, 0, 0, "out of memory"); return BO_EXIT_USAGE; }
            yz_pos p;
            yz_start(&p, 3, m);
            int w, pl;
            yz_solve(t, &p, &w, &pl);
            double dt = bo_now_seconds() - t0, dc = (double)(clock() - c0) / CLOCKS_PER_SEC;
            if (dc < cpu[m]) cpu[m] = dc;
            for (int r = 1; r <= 3; r++) {
                yz_start(&p, r, m);
                yz_solve(t, &p, &res[m][r - 1][0], &res[m][r - 1][1]);
            }
            solved[m] = yz_table_solved(t);
            yz_table_free(t);
            if (dt < best[m]) best[m] = dt;
            spent += dt;
        }
        rounds++;
    }
    size_t bytes = sizeof(uint8_t) * 2 * 184756 * 2;   /* values and reachability marks */
    if (o->json) {
        fprintf(out, "{\"game\":\"yizi\",\"bench\":\"solve\",\"rounds\":%d", rounds);
        for (int m = 0; m < 2; m++) {
            fprintf(out, ",\"%s\":{\"positions\":%ld,\"seconds\":%.6f,\"cpu_seconds\":%.6f,\"table_bytes\":%zu",
                    m ? "misere" : "normal", solved[m], best[m], cpu[m], bytes);
            for (int r = 0; r < 3; r++)
                fprintf(out, ",\"rule%d\":{\"result\":\"%s\",\"plies\":%d}", r + 1, res[m][r][0] ? "win" : "loss", res[m][r][1]);
            fputc('}', out);
        }
        fprintf(out, "}\n");
        return BO_EXIT_OK;
    }
    for (int m = 0; m < 2; m++) {
        fprintf(out, "%s: whole game, %ld positions solved in %.4f s (%.4f s of CPU; best of %d), table %zu bytes;",
                m ? "misere" : "normal", solved[m], best[m], cpu[m], rounds, bytes);
        for (int r = 0; r < 3; r++)
            fprintf(out, " rule %d: first player %s in %d plies%s", r + 1, res[m][r][0] ? "wins" : "loses", res[m][r][1],
                    r < 2 ? "," : "\n");
    }
    return BO_EXIT_OK;
}
