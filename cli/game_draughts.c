/* game_draughts.c -- the draughts front end of the boyi binary: the position text of
 * moves and perft (--rules, --draw-rules, --fen), bench (perft, validate) and the SVG
 * board.  Its records (validate, annotate, render FILE, convert, games boyi played)
 * are notation/draughts/dr_records.c's. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "cli.h"
#include "dr_svg.h"
#include "dr_egdb.h"
#include "dr_records.h"
#include "draughts.h"
#include "game.h"

/* The position of --fen (or --position), else the start with the rules' first side. */
static int cli_position(const bo_opts *o, const dr_rules *rules, dr_pos *p)
{
    const char *fen = o->fen ? o->fen : o->position;
    if (!fen) { dr_pos_start_variant(p, rules->variant, rules->first); return 0; }
    char err[256];
    bool unknown = false;
    if (dr_pos_from_fen(p, fen, &unknown, err, sizeof err) != 0 || dr_pos_set_variant(p, rules->variant, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "bad FEN '%s': %s", fen, err);
        return -1;
    }
    if (dr_pos_unreachable(p, err, sizeof err)) {
        if (o->strict) {
            bo_cli_error(NULL, 0, 0, "FEN '%s' cannot occur in a game: %s (--strict)", fen, err);
            return -1;
        }
        fprintf(stderr, "boyi: warning: FEN '%s' cannot occur in a game: %s (read as a composed position)\n", fen, err);
    }
    return 0;
}

/* The rules in force (--rules, --draw-rules), said when they are not known. */
static int cli_rules(const bo_opts *o, dr_rules *r)
{
    char err[256];
    if (dr_rules_from_options(r, o->rules, o->draw_rules, err, sizeof err) == 0) return 0;
    bo_cli_error(NULL, 0, 0, "%s", err);
    return -1;
}

static int setup(const bo_opts *o, dr_rules *rules, dr_pos *p)
{
    if (cli_rules(o, rules) != 0) return -1;
    return cli_position(o, rules, p);
}

/* moves and perft: --rules, --draw-rules and --fen read with the warnings for
 * positions no game reaches (refused under --strict). */
static int dr_cli_position(const bo_opts *o, void *pos)
{
    dr_rules rules;
    return setup(o, &rules, pos) == 0 ? BO_EXIT_OK : BO_EXIT_USAGE;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct bench_counts {
    long games, plies, invalid, skipped;
} bench_counts;

static int count_game(void *ctx, const bo_rec_game *g)
{
    bench_counts *n = ctx;
    const bo_verdict *v = g->v;
    n->games++;
    n->plies += v->moves;
    if (v->status == BO_VERDICT_INVALID) n->invalid++;
    if (v->status == BO_VERDICT_SKIPPED) n->skipped++;
    return 0;
}

/* The validate bench's figures: three lines of text, or one JSON object. */
static void bench_report(bool json, FILE *out, int npaths, const bench_counts *c, size_t bytes, int rounds, double best)
{
    if (!json) {
        fprintf(out, "validate: %d files, %ld games (%ld invalid, %ld skipped), %ld plies, %.2f MB of text\n", npaths,
                c->games, c->invalid, c->skipped, c->plies, (double)bytes / 1e6);
        fprintf(out, "best of %d rounds: read+replay %.4f s: %.1f MB/s, %.0f games/s\n", rounds, best,
                (double)bytes / 1e6 / best, (double)c->games / best);
        fprintf(out, "%.0f plies/s\n", (double)c->plies / best);
        return;
    }
    bo_json j;
    bo_json_begin(&j, out);
    bo_json_str(&j, "game", "draughts");
    bo_json_str(&j, "bench", "validate");
    bo_json_int(&j, "files", npaths);
    bo_json_int(&j, "games", c->games);
    bo_json_int(&j, "invalid", c->invalid);
    bo_json_int(&j, "skipped", c->skipped);
    bo_json_int(&j, "plies", c->plies);
    bo_json_u64(&j, "bytes", (uint64_t)bytes);
    bo_json_int(&j, "rounds", rounds);
    bo_json_num(&j, "seconds", best, 6);
    bo_json_num(&j, "mb_per_second", (double)bytes / 1e6 / best, 1);
    bo_json_num(&j, "games_per_second", (double)c->games / best, 0);
    bo_json_num(&j, "plies_per_second", (double)c->plies / best, 0);
    bo_json_end(&j);
}

/* Reading and replaying FILES (texts already loaded), best of several rounds. */
static int bench_validate(const bo_opts *o, char **paths, int npaths, FILE *out)
{
    dr_rules rules;
    char err[512];
    if (cli_rules(o, &rules) != 0) return BO_EXIT_USAGE;
    bo_read_opts ro;
    bo_cli_read_opts(o, &ro);
    bo_text *texts = calloc((size_t)npaths, sizeof *texts);
    if (!texts) return BO_EXIT_USAGE;
    size_t bytes = 0;
    int loaded = 0, rc = BO_EXIT_OK;
    for (; loaded < npaths; loaded++) {
        if (bo_text_load(&texts[loaded], paths[loaded], err, sizeof err) != 0) {
            bo_cli_error(paths[loaded], 0, 0, "%s", err);
            rc = BO_EXIT_USAGE;
            break;
        }
        bo_cli_text_warnings(&texts[loaded]);
        bytes += texts[loaded].len;
    }
    if (rc == BO_EXIT_OK) {
        double best = 1e30, spent = 0;
        bench_counts counts = {0, 0, 0, 0};
        int rounds = 0;
        while (rounds < 3 || (spent < 1.0 && rounds < 1000)) {
            bench_counts n = {0, 0, 0, 0};
            bo_records_sink sink = {.game = count_game, .ctx = &n};
            double t0 = now_seconds();
            for (int i = 0; i < npaths; i++) dr_records.read(&ro, &texts[i], NULL, &sink, err, sizeof err);
            double dt = now_seconds() - t0;
            if (dt < best) best = dt;
            spent += dt;
            counts = n;
            rounds++;
        }
        bench_report(o->json, out, npaths, &counts, bytes, rounds, best);
    }
    for (int i = 0; i < loaded; i++) bo_text_free(&texts[i]);
    free(texts);
    return rc;
}

static int dr_bench_cli(const bo_opts *o, FILE *out)
{
    const char *what = o->what ? o->what : o->nargs > 0 ? o->args[0] : "perft";
    if (strcmp(what, "validate") == 0) {
        int skip = o->what ? 0 : 1;
        if (o->nargs <= skip) {
            bo_cli_error(NULL, 0, 0, "usage: boyi bench --game draughts validate FILE...");
            return BO_EXIT_USAGE;
        }
        return bench_validate(o, o->args + skip, o->nargs - skip, out);
    }
    if (strcmp(what, "perft") != 0) {
        bo_cli_error(NULL, 0, 0, "draughts benchmarks: perft [--depth N] [--fen FEN], validate FILE...; not '%s'", what);
        return BO_EXIT_USAGE;
    }
    dr_rules rules;
    dr_pos p;
    if (setup(o, &rules, &p) != 0) return BO_EXIT_USAGE;
    int depth = o->depth >= 0 ? o->depth : 11;
    uint64_t nodes = 0;
    double s = dr_bench_perft(&p, depth, &nodes);
    char fen[DR_FEN_MAX];
    dr_pos_to_fen(&p, fen, sizeof fen);
    return bo_cli_perft_bench(o, out, "draughts", fen, depth, nodes, s);
}

/* The descriptor's draughts move keeps its from and to squares in its low bits. */
static int dr_cli_render(const bo_opts *o, const void *pos, uint32_t last, const uint32_t *line, int nline,
                         FILE *out)
{
    (void)o;
    (void)line;
    (void)nline;
    dr_svg_write(out, pos, last ? (int)(last & 63) : 0, last ? (int)(last >> 6 & 63) : 0);
    return BO_EXIT_OK;
}

/* One line per material as it is solved (or taken up from its file). */
static void solve_progress(void *ctx, const dr_egdb_material_report *r)
{
    fprintf(ctx, "wdl-%d%d%d%d (white %d men %d kings, black %d men %d kings, white to move): %llu positions, "
            "%llu wins, %llu draws, %llu losses%s",
            r->wm, r->wk, r->bm, r->bk, r->wm, r->wk, r->bm, r->bk, (unsigned long long)r->positions,
            (unsigned long long)r->wins, (unsigned long long)r->draws, (unsigned long long)r->losses,
            r->reused ? "; read from its file\n" : "");
    if (!r->reused) fprintf(ctx, "; %d passes, %.1f s\n", r->passes, r->seconds);
    fflush(ctx);
}

/* boyi solve --game draughts [--max-pieces K] [--table DIR]: the endgame databases of
 * up to K pieces (default 4) into DIR (default: the folder the engine reads,
 * dr_egdb_default_dir), then 100,000 seeded random positions re-checked through the rules. */
static int dr_cli_solve(const bo_opts *o, FILE *out)
{
    int k = o->max_pieces >= 0 ? o->max_pieces : 4;
    char dir[4096], err[512];
    if (o->table && strcmp(o->table, "-") != 0) snprintf(dir, sizeof dir, "%s", o->table);
    else if (!dr_egdb_default_dir(dir, sizeof dir)) {
        bo_cli_error(NULL, 0, 0, "no folder for the databases: give --table DIR (or set BOYI_DRAUGHTS_EGDB)");
        return BO_EXIT_USAGE;
    }
    if (k < 2 || k > DR_EGDB_MAX_PIECES) {
        bo_cli_error(NULL, 0, 0, "--max-pieces for draughts is 2..%d (pieces on the board), not %d", DR_EGDB_MAX_PIECES, k);
        return BO_EXIT_USAGE;
    }
    if (dr_egdb_build(dir, k, solve_progress, out, NULL, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    dr_egdb *db = dr_egdb_open(dir, err, sizeof err);
    if (!db) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    enum { CHECK_SAMPLES = 100000, CHECK_SEED = 1 };
    long checked = 0, bad = dr_egdb_verify(db, CHECK_SAMPLES, CHECK_SEED, &checked, err, sizeof err);
    dr_egdb_close(db);
    if (bad < 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    fprintf(out, "check: %ld random positions re-valued from their successors through the rules: %ld differ\n", checked, bad);
    fprintf(out, "databases of up to %d pieces in %s\n", k, dir);
    return bad ? BO_EXIT_INVALID : BO_EXIT_OK;
}

const bo_game_cli bo_game_draughts = {
    .name = "draughts",
    .rules_help = "fmjd (default: white first), ccgc (black first), or an 8x8 variant: english, italian, russian, "
                  "brazilian, czech, pool, spanish, frisian; draw rules by --draw-rules",
    .position = dr_cli_position,
    .bench = dr_bench_cli,
    .render = dr_cli_render,
    .solve = dr_cli_solve,
    .eval_scale = 350,   /* fitted to 173 tournament games of the corpus (docs/annotate.md) */
    .train_scale = 330,  /* the scale rounds 1 and 3 were trained at (docs/training.md): train's default unchanged */
    .annotate_depth = 10,        /* chosen on 16 tournament games against Scan 2.0 (docs/ */
    .second_look_plies = 4,      /* annotate.md, "Fourth round"): the second look at depth 14, */
    .second_look_loss = 0.05,    /* from an inaccuracy (cheap in draughts) */
    .eval_unit = "men",
    .records = &dr_records,
};
