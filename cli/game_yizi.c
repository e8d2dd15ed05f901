/* game_yizi.c -- the line game's front end (一字棋, RULES.md 7): the position of
 * --rules/--misere/--position, contest records (validate, replay for annotate and
 * render, write), games boyi played, the SVG board; solve (values, winning
 * moves, tables) and bench (the whole game solved, timed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "claim_sink.h"
#include "cli.h"
#include "core.h"
#include "result_policy.h"
#include "game.h"
#include "outfile.h"
#include "yizi.h"
#include "yz_record.h"
#include "yz_svg.h"
#include "yz_validate.h"

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

/* Text whose first frame is a line-game record. */
static int yz_sniff(const bo_text *t)
{
    if (t->encoding == BO_ENC_BINARY) return 0;
    return yz_record_sniff(t->data, t->len);
}

/* A binary file is refused with the place of its first non-text byte. */
static int check_text(const bo_text *t, char *err, size_t errlen)
{
    if (t->encoding != BO_ENC_BINARY) return 0;
    int line, col;
    unsigned byte;
    bo_text_first_bad_byte(t, &line, &col, &byte);
    snprintf(err, errlen, "line %d, column %d: byte 0x%02X is not text: this is no line-game record", line, col, byte);
    return -1;
}

/* --rules for records: only when given (a record's own field comes first). */
static int check_rules(const bo_opts *o, char *err, size_t errlen)
{
    int rule;
    bool mis;
    return o->rules ? yz_rules_parse(o->rules, &rule, &mis, err, errlen) : 0;
}

typedef struct vctx {
    const bo_opts *o;
    const char *path;
    const bo_verdict_sink *sink;
} vctx;

/* One record to the judge, its verdict to validate's sink. */
static int validate_one(void *ctx, bo_record *r)
{
    vctx *c = ctx;
    yz_validate_record(r, c->path, c->o->rules, c->o->misere, c->sink, NULL);
    return 0;
}

/* boyi validate: every game of the file judged, a broken one counted and passed. */
static int yz_validate_cli(const bo_opts *o, const bo_text *t, const bo_verdict_sink *sink, char *err, size_t errlen)
{
    if (check_text(t, err, errlen) != 0 || check_rules(o, err, errlen) != 0) return -1;
    bo_claim_sink cs;   /* the result policy's fault under --strict (claim_sink.h) */
    bo_claim_sink_init(&cs, sink, o->strict);
    vctx c = {o, t->path, &cs.sink};
    return yz_record_read(t->data, t->len, validate_one, &c, err, errlen) < 0 ? -1 : 0;
}

/* One game's verdict, its strings copied out of the judge. */
static void keep_verdict(void *ctx, const bo_verdict *v)
{
    bo_verdict_copy *k = ctx;
    bo_verdict_keep(k, v);
    k->v.event = NULL;
}

typedef struct rctx {
    const bo_opts *o;
    const char *path;
    bo_cli_game_fn each;
    void *ctx;
    int stopped;
} rctx;

/* One game: judged as validate does, its legal moves handed on. */
static int replay_one(void *ctx, bo_record *r)
{
    rctx *c = ctx;
    bo_verdict_copy k;
    memset(&k, 0, sizeof k);
    yz_judged j;
    bo_verdict_sink sink = {keep_verdict, bo_warning_ignore, &k};
    yz_validate_record(r, c->path, c->o->rules, c->o->misere, &sink, &j);
    bo_cli_game_rec g = {c->path, r, &j.start, j.moves, j.nmoves, &k.v, r, NULL};
    int stop = c->each(c->ctx, &g);
    if (stop) c->stopped = 1;
    return stop;
}

/* annotate and render: every game judged and replayed. */
static int yz_replay_cli(const bo_opts *o, const bo_text *t, bo_cli_game_fn each, void *ctx, char *err, size_t errlen)
{
    if (check_text(t, err, errlen) != 0 || check_rules(o, err, errlen) != 0) return -1;
    rctx c = {o, t->path, each, ctx, 0};
    int n = yz_record_read(t->data, t->len, replay_one, &c, err, errlen);
    return n < 0 && !c.stopped ? -1 : 0;
}

/* The record as read, with the rules field filled in and the comments annotate set. */
static int yz_write_game(const bo_opts *o, const bo_cli_game_rec *g, FILE *out, char *err, size_t errlen)
{
    if (o->to && strcmp(o->to, "contest") != 0 && strcmp(o->to, "yz") != 0)
        return snprintf(err, errlen, "line-game records are written as contest records, not '%s'", o->to), -1;
    bo_record *r = g->r;
    if (!bo_record_tag(r, "Rules")) {
        const yz_pos *s = g->start;
        char rules[16];
        int rule = s->unplaced ? 3 : s->count[1] ? 1 : 2;
        snprintf(rules, sizeof rules, "%d%s", rule, s->misere ? "-misere" : "");
        bo_record_set_tag(r, "Rules", rules);
    }
    if (yz_record_write(out, r) != 0) return snprintf(err, errlen, "write error"), -1;
    return 0;
}

typedef struct cvctx {
    const bo_opts *o;
    const char *path;
    FILE *out;
    int rc;
} cvctx;

/* Convert writes what it read in the canonical form; what the reader forgave is
 * said on stderr, a game it could not read is left out (exit 1). */
static int convert_one(void *ctx, bo_record *r)
{
    cvctx *c = ctx;
    for (int i = 0; i < r->nnotes; i++)
        if (r->notes[i].kind == BO_NOTE_WARNING)
            fprintf(stderr, "%s:%d:%d: warning: game %d: %s\n", c->path, r->notes[i].line, r->notes[i].col, r->index,
                    r->notes[i].text);
    for (int i = 0; i < r->nnotes; i++)
        if (r->notes[i].kind == BO_NOTE_ERROR) {
            bo_cli_error(c->path, r->notes[i].line, r->notes[i].col, "game %d: %s; game not written", r->index,
                         r->notes[i].text);
            c->rc = BO_EXIT_INVALID;
            return 0;
        }
    int rule;
    bool mis;
    const char *how;
    if (!bo_record_tag(r, "Rules") && yz_record_rules(r, c->o->rules, c->o->misere, &rule, &mis, &how) == 0) {
        char rules[16];
        snprintf(rules, sizeof rules, "%d%s", rule, mis ? "-misere" : "");
        bo_record_set_tag(r, "Rules", rules);
        fprintf(stderr, "%s:%d:1: warning: game %d: no rules field: rule %d %s (%s)\n", c->path, r->line, r->index, rule,
                mis ? "misère" : "normal play", how);
    }
    if (yz_record_write(c->out, r) != 0) {
        bo_cli_error(NULL, 0, 0, "write error");
        c->rc = BO_EXIT_USAGE;
        return 1;
    }
    return 0;
}

/* boyi convert --to contest: the canonical form of a (messy) file. */
static int yz_convert_cli(const bo_opts *o, const bo_text *t, FILE *out)
{
    char err[512];
    if (strcmp(o->to, "contest") != 0 && strcmp(o->to, "yz") != 0) {
        bo_cli_error(NULL, 0, 0, "line-game records convert to contest, not '%s'", o->to);
        return BO_EXIT_USAGE;
    }
    if (check_text(t, err, sizeof err) != 0) {
        bo_cli_error(t->path, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    cvctx c = {o, t->path, out, BO_EXIT_OK};
    if (yz_record_read(t->data, t->len, convert_one, &c, err, sizeof err) < 0) {
        bo_cli_error(t->path, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    return c.rc;
}

/* A game boyi played as a contest record. */
static int yz_write_played(const bo_opts *o, const bo_cli_played *p, FILE *out, char *err, size_t errlen)
{
    (void)o;
    const yz_pos *start = p->start;
    bo_record r;
    bo_record_init(&r, (int)p->round, 1);
    char rules[16], date[64];
    int rule = start->unplaced ? 3 : start->count[1] ? 1 : 2;
    snprintf(rules, sizeof rules, "%d%s", rule, start->misere ? "-misere" : "");
    snprintf(date, sizeof date, "round %ld", p->round);
    bo_record_set_tag(&r, "First", p->first_name ? p->first_name : "first");
    bo_record_set_tag(&r, "Second", p->second_name ? p->second_name : "second");
    bo_record_set_tag(&r, "Date", date);
    bo_record_set_tag(&r, "Event", p->event ? p->event : "boyi selfplay");
    bo_record_set_tag(&r, "Rules", rules);
    /* a win off the board says why, in the contest's words (result_policy.h) */
    bo_reason why = bo_reason_from_text(p->termination);
    char res[64];
    snprintf(res, sizeof res, "%s%s%s%s", p->score_first == 1.0 ? "先手胜" : p->score_first == 0.0 ? "后手胜" : "",
             why ? "(" : "", why ? bo_reason_contest_word(why) : "", why ? ")" : "");
    if (p->score_first == 1.0 || p->score_first == 0.0) bo_record_set_str(&r.result, res, strlen(res));
    yz_pos pos = *start;
    int rc = 0;
    for (int i = 0; i < p->nmoves; i++) {
        uint32_t m = p->moves[i];
        char t[32];
        if (yz_is_placement(m)) snprintf(t, sizeof t, "%c(%d,%d)", pos.side ? 'S' : 'F', yz_from(m), yz_coins(m));
        else snprintf(t, sizeof t, "%c(%d,%d,%d)", pos.side ? 'S' : 'F', yz_from(m), yz_coins(m), yz_to(m));
        if (!bo_record_add_move(&r, t, strlen(t), 1, 1)) { rc = -1; break; }
        yz_play(&pos, m);
    }
    if (rc == 0 && yz_record_write(out, &r) != 0) rc = -1;
    bo_record_free(&r);
    if (rc) snprintf(err, errlen, "write error");
    return rc;
}

/* boyi render: the board of a position or of a record's ply. */
static int yz_render_cli(const bo_opts *o, const void *pos, uint32_t last, const uint32_t *line, int nline, FILE *out)
{
    (void)o;
    (void)line;
    yz_svg_write(out, pos, last, nline);
    return BO_EXIT_OK;
}

/* The record's own move text: "F(2,6,1)". */
static int yz_record_move_text(const bo_cli_game_rec *g, const void *pos, uint32_t m, char *buf, size_t n)
{
    (void)g;
    const yz_pos *p = pos;
    int w = yz_is_placement(m) ? snprintf(buf, n, "%c(%d,%d)", p->side ? 'S' : 'F', yz_from(m), yz_coins(m))
                               : snprintf(buf, n, "%c(%d,%d,%d)", p->side ? 'S' : 'F', yz_from(m), yz_coins(m), yz_to(m));
    return w > 0 && (size_t)w < n ? 0 : -1;
}

const bo_game_cli bo_game_yizi = {
    .name = "yizi",
    .rules_help = "1 (default: one coin on each of points 1..10), 2 (two on each of 6..10), 3 (placed by the players); --misere: the last mover loses",
    .sniff = yz_sniff,
    .validate = yz_validate_cli,
    .split = bo_split_records,   /* contest frames, SGF, PGN tags: validate streams */
    .position = yz_cli_position,
    .move_key = "move",
    .convert = yz_convert_cli,
    .bench = yz_cli_bench,
    .render = yz_render_cli,
    .replay = yz_replay_cli,
    .write_game = yz_write_game,
    .played_ext = "txt",
    .write_played = yz_write_played,
    .record_move_text = yz_record_move_text,
    .eval_scale = 400,
    .solve = yz_cli_solve,
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
