/* game_pegs.c -- peg solitaire 孔明棋 in the CLI (docs/pegs.md): solution records
 * (validate, render from a record), the position of --board/--from/--to, SVG diagrams,
 * and `boyi solve`: one (start, finish) pair, the reachable count (--count), the
 * shortest solution in moves (--min-moves) and the table of every pair (--table). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "core.h"
#include "outfile.h"
#include "game.h"
#include "pegs.h"
#include "pg_record.h"
#include "record.h"
#include "svg.h"

static int pg_cli_sniff(const bo_text *t) { return pg_records_sniff(t->data, t->len); }

/* The board of --board (or --rules); -1 with the error printed. */
static int board_opt(const bo_opts *o)
{
    const char *name = o->board ? o->board : o->rules ? o->rules : "english";
    int k = pg_board_find(name);
    if (k < 0) bo_cli_error(NULL, 0, 0, "no peg solitaire board '%s' (boards: %s)", name, pg_board_names());
    return k;
}

/* A hole of board B named by option OPT ("any" allowed where ANY_OK); -2 if bad. */
static int hole_opt(const pg_board *b, const char *opt, const char *text, bool any_ok)
{
    if (any_ok && strcmp(text, "any") == 0) return PG_GOAL_ANY;
    int len, h = pg_hole_parse(b, text, &len);
    if (h < 0 || text[len]) {
        bo_cli_error(NULL, 0, 0, "%s %s: not a hole of the %s board%s", opt, text, b->name, any_ok ? " (or 'any')" : "");
        return -2;
    }
    return h;
}

/* --fen/--position, else the board of --board with --from empty (the centre by default)
 * and the goal --to (the centre by default, or "any"). */
static int pg_cli_position(const bo_opts *o, void *pos)
{
    char err[512];
    int k = board_opt(o);
    if (k < 0) return BO_EXIT_USAGE;
    const pg_board *b = pg_board_get(k);
    const char *text = o->fen ? o->fen : o->position;
    if (text) {
        if (pg_pos_from_text(pos, b->name, text, err, sizeof err) != 0) {
            bo_cli_error(NULL, 0, 0, "%s: %s", text, err);
            return BO_EXIT_USAGE;
        }
        return BO_EXIT_OK;
    }
    int from = o->from ? hole_opt(b, "--from", o->from, false) : b->centre;
    int to = o->to ? hole_opt(b, "--to", o->to, true) : b->centre;
    if (from == -2 || to == -2) return BO_EXIT_USAGE;
    pg_pos_set(pos, k, b->full & ~(1ull << from), to);
    return BO_EXIT_OK;
}

/* A record's verdict for the sink. */
typedef struct validate_ctx {
    const bo_verdict_sink *sink;
    const char *path;
    bo_cli_game_fn each;               /* replay: the game to hand on */
    void *each_ctx;
    int stop;
} validate_ctx;

static void verdict_of(const validate_ctx *c, const pg_game_rec *g, bo_verdict *v, char *event, size_t en)
{
    bo_verdict_init(v, c->path, g->index);
    v->moves = g->jumps.n;
    v->result = g->solved ? "solved" : "*";
    v->ending = g->solved ? "solved" : NULL;
    const pg_board *b = pg_board_get(g->board);
    char goal[8] = "any";
    if (g->goal != PG_GOAL_ANY) pg_hole_name(b, g->goal, goal);
    snprintf(event, en, "%s, goal %s, %d moves", b->name, goal, g->moves);
    v->event = event;
    if (g->invalid) {
        v->status = BO_VERDICT_INVALID;
        v->line = g->err_line;
        v->col = g->err_col;
        v->move_no = g->err_move;
        v->side = "solver";
        v->move_text = g->err_text[0] ? g->err_text : NULL;
        v->kind = g->err_kind;
        v->message = g->message;
    }
}

static int on_validate(void *ctx, const pg_game_rec *g)
{
    validate_ctx *c = ctx;
    bo_verdict v;
    char event[128];
    verdict_of(c, g, &v, event, sizeof event);
    c->sink->verdict(c->sink->ctx, &v);
    return 0;
}

static int pg_cli_validate(const bo_opts *o, const bo_text *t, const bo_verdict_sink *sink, char *err, size_t errlen)
{
    (void)o;
    validate_ctx c = {.sink = sink, .path = t->path};
    return pg_records_read(t->data, t->len, on_validate, &c, err, errlen) < 0 ? -1 : 0;
}

/* Each record as the descriptor's start and jumps (render from a record). */
static int on_replay(void *ctx, const pg_game_rec *g)
{
    validate_ctx *c = ctx;
    bo_verdict v;
    char event[128];
    verdict_of(c, g, &v, event, sizeof event);
    bo_record r;
    bo_record_init(&r, g->index, g->line);
    pg_pos start;
    pg_pos_set(&start, g->board, g->start, g->goal);
    bo_cli_game_rec rec = {.path = c->path, .r = &r, .start = &start, .moves = g->jumps.jumps, .nmoves = g->jumps.n,
                           .v = &v};
    c->stop = c->each(c->each_ctx, &rec);
    bo_record_free(&r);
    return c->stop;
}

static int pg_cli_replay(const bo_opts *o, const bo_text *t, bo_cli_game_fn each, void *ctx, char *err, size_t errlen)
{
    (void)o;
    validate_ctx c = {.path = t->path, .each = each, .each_ctx = ctx};
    return pg_records_read(t->data, t->len, on_replay, &c, err, errlen) < 0 ? -1 : 0;
}

/* The board on its square: holes as rings, pegs as discs, the goal ringed in red, the
 * last jump's landing hole marked; file letters and rank numbers round it. */
static int pg_cli_render(const bo_opts *o, const void *pos, uint32_t last, const uint32_t *line, int nline, FILE *out)
{
    (void)o; (void)line; (void)nline;
    const pg_pos *p = pos;
    const pg_board *b = pg_board_get(p->board);
    const int cell = 48, margin = 36, w = 2 * margin + b->size * cell;
    bo_svg_begin(out, w, w, "#f3e2c0");
    fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"18\" fill=\"#c8965a\"/>\n", margin - 6, margin - 6,
            b->size * cell + 12, b->size * cell + 12);
    int land = last ? pg_jump_dest(b, last) : -1;
    for (int h = 0; h < b->n; h++) {
        double x = margin + (b->file[h] + 0.5) * cell, y = margin + (b->size - b->rank[h] - 0.5) * cell;
        fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"#6b4423\"/>\n", x, y, cell / 5);
        if (p->pegs >> h & 1)
            fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"#1f4e9c\" stroke=\"#0b1f40\" stroke-width=\"2\"/>\n", x,
                    y, cell * 2 / 5);
        if (h == p->goal)
            fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"3\"/>\n", x, y,
                    cell * 9 / 20);
        if (h == land)
            fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"#f1c40f\"/>\n", x, y, cell / 8);
    }
    for (int i = 0; i < b->size; i++) {
        char f[2] = {(char)('a' + i), 0}, r[12];
        snprintf(r, sizeof r, "%d", b->size - i);
        bo_svg_text(out, margin + (i + 0.5) * cell, w - margin / 3.0, 14, "#333", f);
        bo_svg_text(out, margin / 3.0, margin + (i + 0.6) * cell, 14, "#333", r);
    }
    bo_svg_end(out);
    return BO_EXIT_OK;
}

/* A line's jumps grouped into moves: "b4-d4-f4" for a chain. */
static void chain_texts(const pg_board *b, const pg_line *l, char *buf, size_t n, bool json)
{
    size_t k = 0;
    int last = -1;
    buf[0] = '\0';
    for (int i = 0; i < l->n && k + 16 < n; i++) {
        char a[4], c[4];
        pg_hole_name(b, PG_JUMP_FROM(l->jumps[i]), a);
        pg_hole_name(b, pg_jump_dest(b, l->jumps[i]), c);
        if (PG_JUMP_FROM(l->jumps[i]) == last) k += (size_t)snprintf(buf + k, n - k, "-%s", c);
        else k += (size_t)snprintf(buf + k, n - k, json ? "%s\"%s-%s" : "%s%s-%s", i ? (json ? "\"," : " ") : "", a, c);
        last = pg_jump_dest(b, l->jumps[i]);
    }
    if (json && l->n) snprintf(buf + k, n - k, "\"");
}

/* The jumps as JSON strings "d2-d4". */
static void json_jumps(FILE *f, const pg_board *b, const pg_line *l)
{
    fputc('[', f);
    for (int i = 0; i < l->n; i++) {
        char a[4], c[4];
        pg_hole_name(b, PG_JUMP_FROM(l->jumps[i]), a);
        pg_hole_name(b, pg_jump_dest(b, l->jumps[i]), c);
        fprintf(f, "%s\"%s-%s\"", i ? "," : "", a, c);
    }
    fputc(']', f);
}

static void hole_text(const pg_board *b, int h, char *buf)
{
    if (h == PG_GOAL_ANY) strcpy(buf, "any");
    else pg_hole_name(b, h, buf);
}

/* --hash MB: the memory budget of the search's memo (default 1 GiB) and of the levels
 * of --count and --min-moves (default 2 GiB); 0 asks for the default. */
static size_t budget_bytes(const bo_opts *o)
{
    return o->hash_mb > 0 ? (size_t)o->hash_mb << 20 : 0;
}

/* --table: every (start, finish) pair of single-vacancy starts and one-peg finishes.
 * The file is written under a temporary name and renamed when complete (outfile.h):
 * a size limit or an interrupted run leaves no half table. */
static int solve_table(const bo_opts *o, const pg_board *b, FILE *out)
{
    char err[512];
    bo_outfile of;
    const char *path = strcmp(o->table, "-") != 0 ? o->table : NULL;
    if (bo_outfile_open(&of, path, "w", err, sizeof err) != 0) {
        bo_cli_error(path, 0, 0, "cannot write the table: %s", err);
        return BO_EXIT_USAGE;
    }
    FILE *f = path ? of.f : out;
    double t0 = bo_now_seconds();
    pg_table t;
    if (pg_table_build(b, o->nodes, 0, budget_bytes(o), PG_BEAM_WIDTH_DEFAULT, &t, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s: %s", b->name, err);
        bo_outfile_abort(&of);
        return BO_EXIT_USAGE;
    }
    double secs = bo_now_seconds() - t0;
    int count[6] = {0};
    for (int i = 0; i < t.n * t.n; i++) count[t.how[i]]++;
    if (o->json) {
        for (int s = 0; s < t.n; s++)
            for (int e = 0; e < t.n; e++) {
                char a[4], c[4];
                pg_hole_name(b, s, a);
                pg_hole_name(b, e, c);
                int how = t.how[s * t.n + e];
                fprintf(f, "{\"board\":\"%s\",\"from\":\"%s\",\"to\":\"%s\",\"solvable\":%s", b->name, a, c,
                        how == PG_PAIR_SOLVED ? "true" : "false");
                if (how == PG_PAIR_SOLVED) {
                    fputs(",\"moves\":", f);
                    json_jumps(f, b, &t.line[s * t.n + e]);
                    fprintf(f, ",\"chains\":%d", pg_line_moves(b, &t.line[s * t.n + e]));
                } else {
                    fprintf(f, ",\"reason\":\"%s\"", how == PG_PAIR_CLASS ? "position class"
                                                     : how == PG_PAIR_OPEN   ? "undecided: node limit"
                                                     : how == PG_PAIR_BUDGET ? "undecided: memory budget"
                                                                             : "exhaustive search");
                }
                fputs("}\n", f);
            }
    } else {
        fprintf(f, "# %s board: start (row, the empty hole) x finish (column, the last peg)\n", b->name);
        fprintf(f, "# S solvable (a solution replayed), c impossible by the position class, x impossible by exhaustive search,\n"
                   "# ? undecided (the --nodes limit or the levels' memory budget stopped the search of that start)\n");
        fputs("     ", f);
        for (int e = 0; e < t.n; e++) { char c[4]; pg_hole_name(b, e, c); fprintf(f, " %-3s", c); }
        fputc('\n', f);
        for (int s = 0; s < t.n; s++) {
            char a[4];
            pg_hole_name(b, s, a);
            fprintf(f, "%-4s ", a);
            for (int e = 0; e < t.n; e++) {
                int how = t.how[s * t.n + e];
                fprintf(f, " %-3s", how == PG_PAIR_SOLVED ? "S" : how == PG_PAIR_CLASS ? "c" : how >= PG_PAIR_OPEN ? "?" : "x");
            }
            fputc('\n', f);
        }
        for (int s = 0; s < t.n; s++)
            for (int e = 0; e < t.n; e++)
                if (t.how[s * t.n + e] == PG_PAIR_SOLVED) {
                    char a[4], c[4], line[1024];
                    pg_hole_name(b, s, a);
                    pg_hole_name(b, e, c);
                    chain_texts(b, &t.line[s * t.n + e], line, sizeof line, false);
                    fprintf(f, "%s -> %s: %s\n", a, c, line);
                }
    }
    if (bo_outfile_commit(&of, err, sizeof err) != 0) {
        bo_cli_error(bo_outfile_name(&of), 0, 0, "%s", err);
        pg_table_free(&t);
        return BO_EXIT_USAGE;
    }
    fprintf(stderr, "%s: %d pairs: %d solvable, %d impossible by the position class, %d by exhaustive search, "
                    "%d undecided (node limit), %d undecided (memory budget of the levels); %.2f s, %llu positions searched, %llu cut by pagoda functions (%llu found by %llu "
                    "linear programmes), memo %zu MB; %llu positions in beam searches; %llu in levels (%zu MB)\n",
            b->name, t.n * t.n, count[PG_PAIR_SOLVED], count[PG_PAIR_CLASS], count[PG_PAIR_SEARCH], count[PG_PAIR_OPEN],
            count[PG_PAIR_BUDGET], secs,
            (unsigned long long)t.nodes, (unsigned long long)t.pruned, (unsigned long long)t.lp_found,
            (unsigned long long)t.lp_calls, t.memo_bytes >> 20, (unsigned long long)t.beam_nodes, (unsigned long long)t.level_positions, t.level_bytes >> 20);
    pg_table_free(&t);
    return BO_EXIT_OK;
}

static int solve_count(const bo_opts *o, const pg_pos *p, FILE *out)
{
    char err[512], from[256];
    const pg_board *b = pg_board_get(p->board);
    pg_pos_to_text(p, from, sizeof from);
    double t0 = bo_now_seconds();
    pg_count_result r;
    if (pg_count_reachable(b, p->pegs, budget_bytes(o), &r, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        fputs("positions up to symmetry after 0, 1, .. jumps:", stderr);
        for (int k = 0; k < r.levels; k++) fprintf(stderr, " %llu", (unsigned long long)r.level[k]);
        fputc('\n', stderr);
        return BO_EXIT_USAGE;
    }
    double secs = bo_now_seconds() - t0;
    if (o->json) {
        bo_json j;
        bo_json_begin(&j, out);
        bo_json_str(&j, "board", b->name);
        bo_json_str(&j, "position", from);
        bo_json_u64(&j, "reachable", r.reachable);
        bo_json_u64(&j, "reachable_up_to_symmetry", r.up_to_symmetry);
        bo_json_num(&j, "seconds", secs, 2);
        bo_json_u64(&j, "peak_bytes", r.peak_bytes);
        fputs(",\"levels\":[", out);   /* up to symmetry, after 0, 1, .. jumps */
        for (int k = 0; k < r.levels; k++) fprintf(out, "%s%llu", k ? "," : "", (unsigned long long)r.level[k]);
        fputc(']', out);
        bo_json_end(&j);
    } else {
        fprintf(out, "%s: %llu positions reachable (the start included), %llu up to the symmetries that fix the start\n",
                b->name, (unsigned long long)r.reachable, (unsigned long long)r.up_to_symmetry);
        fprintf(out, "%.2f s, largest working set %zu MB\n", secs, r.peak_bytes >> 20);
    }
    return BO_EXIT_OK;
}

/* One position to one peg: a solution (the shortest in moves with --min-moves), or the
 * proof that none exists. */
static int solve_one(const bo_opts *o, const pg_pos *p, FILE *out)
{
    char err[512], text[256], goal[8], chains[1024];
    const pg_board *b = pg_board_get(p->board);
    pg_pos_to_text(p, text, sizeof text);
    hole_text(b, p->goal, goal);
    pg_line line = {0};
    int moves = 0, rc;
    const char *reason = NULL;
    double t0 = bo_now_seconds();
    pg_stats st = {0};
    pg_count_result mem = {0};
    bool class_ok = false;
    for (int h = 0; h < b->n; h++)
        if ((p->goal == PG_GOAL_ANY || p->goal == h) && pg_class(b, p->pegs) == pg_class(b, 1ull << h)) class_ok = true;
    st.memo_max_bytes = budget_bytes(o);
    st.node_limit = o->nodes;   /* --nodes N: undecided (never "impossible") past N positions */
    st.beam_width = PG_BEAM_WIDTH_DEFAULT;   /* beams look for a line first */
    st.levels = o->nodes == 0;   /* then levels met in the middle decide, within --hash */
    if (o->min_moves)
        rc = class_ok ? pg_min_moves(b, p->pegs, p->goal, budget_bytes(o), &line, &moves, &mem, err, sizeof err) : 0;
    else rc = pg_solve(b, p->pegs, p->goal, &line, &st, err, sizeof err);
    double secs = bo_now_seconds() - t0;
    if (rc < 0) { bo_cli_error(NULL, 0, 0, "%s", err); return BO_EXIT_USAGE; }
    if (rc == 1 && pg_verify(b, p->pegs, p->goal, &line, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "internal error: the solution does not replay: %s", err);
        return BO_EXIT_USAGE;
    }
    if (rc == 0) reason = class_ok ? "exhaustive search" : "position class";
    if (o->json) {
        fprintf(out, "{\"board\":\"%s\",\"position\":", b->name);
        bo_json_string(out, text);
        if (o->from || !(o->fen || o->position)) {
            char a[4];
            pg_hole_name(b, __builtin_ctzll(b->full & ~p->pegs), a);
            fprintf(out, ",\"from\":\"%s\"", pg_count(b->full & ~p->pegs) == 1 ? a : "");
        }
        fprintf(out, ",\"to\":\"%s\",\"solvable\":%s", goal, rc == 1 ? "true" : rc == 0 ? "false" : "null");
        if (rc == 1) {
            fputs(",\"moves\":", out);
            json_jumps(out, b, &line);
            chain_texts(b, &line, chains, sizeof chains, true);
            fprintf(out, ",\"chains\":[%s],\"move_count\":%d,\"jumps\":%d", chains, pg_line_moves(b, &line), line.n);
        }
        if (reason) fprintf(out, ",\"reason\":\"%s\"", reason);
        if (rc == 2) fputs(",\"reason\":\"node limit\"", out);
        if (rc == 3) fputs(",\"reason\":\"memory budget\"", out);
        fprintf(out, ",\"minimal\":%s,\"nodes\":%llu,\"pagoda_cuts\":%llu,\"seconds\":%.3f",
                o->min_moves && rc == 1 ? "true" : "false", (unsigned long long)st.nodes, (unsigned long long)st.pruned, secs);
        if (o->min_moves) fprintf(out, ",\"peak_bytes\":%zu", mem.peak_bytes);
        fputs("}\n", out);
    } else if (rc == 1) {
        chain_texts(b, &line, chains, sizeof chains, false);
        fprintf(out, "%s: solved in %d moves (%d jumps)%s: %s\n", b->name, pg_line_moves(b, &line), line.n,
                o->min_moves ? ", the fewest moves possible" : "", chains);
    } else if (rc == 0) {
        fprintf(out, "%s: no solution to one peg at %s: impossible by the %s\n", b->name, goal, reason);
    } else if (rc == 3) {
        fprintf(out, "%s: undecided: the levels passed the memory budget (--hash MB raises it): %s\n", b->name, err);
    } else {
        fprintf(out, "%s: undecided: the node limit stopped the search\n", b->name);
    }
    if (!o->json) fprintf(out, "%.3f s, %llu positions%s\n", secs, (unsigned long long)(o->min_moves ? 0 : st.nodes),
                          o->min_moves ? " (level by level)" : "");
    (void)moves;
    return BO_EXIT_OK;
}

static int pg_cli_solve(const bo_opts *o, FILE *out)
{
    int k = board_opt(o);
    if (k < 0) return BO_EXIT_USAGE;
    const pg_board *b = pg_board_get(k);
    if (o->table) {
        if (o->from || o->fen || o->position || o->count || o->min_moves) {
            bo_cli_error(NULL, 0, 0, "--table covers every (start, finish) pair: no --from, --to, --fen, --count or --min-moves with it");
            return BO_EXIT_USAGE;
        }
        return solve_table(o, b, out);
    }
    pg_pos p;
    int rc = pg_cli_position(o, &p);
    if (rc != BO_EXIT_OK) return rc;
    if (o->count) return solve_count(o, &p, out);
    return solve_one(o, &p, out);
}

const bo_game_cli bo_game_pegs = {
    .name = "pegs",
    .rules_help = "english (default), french, diamond41, wiegleb45 (the board; also --board)",
    .sniff = pg_cli_sniff,
    .validate = pg_cli_validate,
    .split = bo_split_records,   /* contest frames, SGF, PGN tags: validate streams */
    .position = pg_cli_position,
    .move_key = "jump",
    .render = pg_cli_render,
    .replay = pg_cli_replay,
    .solve = pg_cli_solve,
};
