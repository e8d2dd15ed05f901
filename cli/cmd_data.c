/* cmd_data.c -- `boyi data dump FILE`, `boyi data stats FILE` and `boyi data export
 * FILE --format plain`: training data (selfplay/sp_data.h) back as text or JSON
 * lines, its summary, and the plain text that the Stockfish family's network
 * trainers read and convert (a record per position: "fen F", "move M", "score S",
 * "ply P", "result R", "e"; docs/training-data.md gives the columns per game). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "outfile.h"
#include "game.h"
#include "sp_data.h"

enum { EVAL_BUCKETS = 11 };

typedef struct data_run {
    const bo_opts *o;
    bool dump;
    FILE *plain;              /* export --format plain: write here */
    long games, plies, positions;
    long results[3];          /* positions by the side to move's result: loss, draw, win */
    long evals[EVAL_BUCKETS]; /* <-1000, -1000..-600, ..., >1000 in 400 cp steps */
    /* stats: the (eval, result) pairs the scale is fitted to, and each one's game parity */
    float *fe, *fy;
    unsigned char *fodd;
    long nfit, capfit;
    bool oom;
} data_run;

/* ---- the expected-score scale (stats): E = 1 / (1 + 10^(-eval / S)) ------------------
 * S is fitted by maximum likelihood to the results (1, 1/2, 0 for the side to move) of
 * the positions whose eval is not a found win or loss: the logistic's log-loss is
 * convex in 1/S, so a golden-section search over S finds its minimum.  The error is
 * given as the log-loss and Brier score at S, and S fitted on the odd and on the even
 * games apart (positions of one game are not independent: the halves' spread is the
 * honest one). */

/* Mean log-loss of scale S over the pairs of parity PAR (-1: all); *BRIER the Brier score. */
static double log_loss(const data_run *r, double S, int par, double *brier)
{
    double ll = 0, b = 0;
    long n = 0;
    for (long i = 0; i < r->nfit; i++) {
        if (par >= 0 && r->fodd[i] != par) continue;
        double p = 1.0 / (1.0 + pow(10.0, -r->fe[i] / S)), y = r->fy[i];
        p = p < 1e-9 ? 1e-9 : p > 1 - 1e-9 ? 1 - 1e-9 : p;
        ll -= y * log(p) + (1 - y) * log(1 - p);
        b += (p - y) * (p - y);
        n++;
    }
    if (brier) *brier = n ? b / (double)n : 0;
    return n ? ll / (double)n : 0;
}

/* The S in [20, 20000] of least log-loss over the pairs of parity PAR (golden section on log S). */
static double fit_scale(const data_run *r, int par)
{
    double a = log(20.0), b = log(20000.0), g = (sqrt(5.0) - 1) / 2;
    double c = b - g * (b - a), d = a + g * (b - a);
    double fc = log_loss(r, exp(c), par, NULL), fd = log_loss(r, exp(d), par, NULL);
    for (int it = 0; it < 60; it++) {
        if (fc < fd) { b = d; d = c; fd = fc; c = b - g * (b - a); fc = log_loss(r, exp(c), par, NULL); }
        else { a = c; c = d; fc = fd; d = a + g * (b - a); fd = log_loss(r, exp(d), par, NULL); }
    }
    return exp((a + b) / 2);
}

/* Keep one position's (eval, result) for the fit; found wins and losses are left out. */
static void fit_add(data_run *r, int eval, int res, long game)
{
    if (abs(eval) >= 29000) return;
    if (r->nfit == r->capfit) {
        long cap = r->capfit ? 2 * r->capfit : 4096;
        float *e = realloc(r->fe, (size_t)cap * sizeof *e);
        if (e) r->fe = e;
        float *y = realloc(r->fy, (size_t)cap * sizeof *y);
        if (y) r->fy = y;
        unsigned char *o = realloc(r->fodd, (size_t)cap);
        if (o) r->fodd = o;
        if (!e || !y || !o) { r->oom = true; return; }
        r->capfit = cap;
    }
    r->fe[r->nfit] = (float)eval;
    r->fy[r->nfit] = (float)res / 2.0f;
    r->fodd[r->nfit] = (unsigned char)(game & 1);
    r->nfit++;
}

/* The result of the game for the side to move at a ply: 0 loss, 1 draw, 2 win. */
static int mover_result(int first_result, int side) { return side == 1 ? 2 - first_result : first_result; }

static int eval_bucket(int e)
{
    if (e < -1000) return 0;
    if (e > 1000) return EVAL_BUCKETS - 1;
    int b = (e + 1000) / 250 + 1;   /* -1000..1000 in eight 250 cp steps, then the ends */
    return b > EVAL_BUCKETS - 2 ? EVAL_BUCKETS - 2 : b;
}

/* One game: every sampled position printed (dump) or counted (stats). */
static int on_game(void *ctx, const bo_game *g, const char *rules, const sp_data_game *game)
{
    data_run *r = ctx;
    r->games++;
    r->plies += game->nplies;
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    char err[256];
    if (g->from_text(pos, rules, game->start, err, sizeof err) != 0) return -1;
    for (int i = 0; i < game->nplies; i++) {
        const sp_data_ply *p = &game->plies[i];
        if (p->sampled) {
            int side = g->to_move(pos);
            int res = mover_result(game->result, side);
            r->positions++;
            r->results[res]++;
            r->evals[eval_bucket(p->eval)]++;
            if (!r->dump && !r->plain && !r->oom) fit_add(r, p->eval, res, game->index);
            if (r->plain) {
                /* Stockfish's plain: ply counts the plies before the position, the
                   result is +1/0/-1 for the side to move, the move is the engine's */
                char fen[1024], best[64];
                g->to_text(pos, fen, sizeof fen);
                g->move_to_text(pos, p->best, best, sizeof best);
                fprintf(r->plain, "fen %s\nmove %s\nscore %d\nply %d\nresult %d\ne\n", fen, best, p->eval, i,
                        res - 1);
            } else if (r->dump) {
                char fen[1024], played[64], best[64];
                g->to_text(pos, fen, sizeof fen);
                g->move_to_text(pos, p->move, played, sizeof played);
                g->move_to_text(pos, p->best, best, sizeof best);
                static const char *const rname[] = {"loss", "draw", "win"};
                if (r->o->json) {
                    bo_json j;
                    bo_json_begin(&j, stdout);
                    bo_json_int(&j, "game", game->index);   /* as journal.tsv numbers it: from 0 */
                    bo_json_str(&j, "rules", rules);
                    bo_json_int(&j, "ply", i + 1);
                    bo_json_str(&j, "position", fen);
                    bo_json_str(&j, "side", side >= 0 && side <= 1 ? g->player_names[side] : "chance");
                    bo_json_int(&j, "eval", p->eval);
                    bo_json_str(&j, "best", best);
                    bo_json_str(&j, "played", played);
                    bo_json_str(&j, "result", rname[res]);
                    bo_json_end(&j);
                } else {
                    printf("%ld %d %s | %s | eval %d best %s played %s | %s\n", game->index, i + 1, fen,
                           side >= 0 && side <= 1 ? g->player_names[side] : "chance", p->eval, best, played, rname[res]);
                }
            }
        }
        g->play(pos, p->move, undo, NULL);
    }
    return 0;
}

static void print_summary(const data_run *r, const sp_data_info *info, long bytes)
{
    printf("game %s, rules %s, format version %d\n", info->game, info->rules, info->version);
    printf("%ld blocks, %ld games, %ld plies, %ld positions, %ld bytes: %.2f bytes per position\n", info->blocks,
           r->games, r->plies, r->positions, bytes, r->positions ? (double)bytes / (double)r->positions : 0.0);
    printf("results (side to move): %ld wins, %ld draws, %ld losses\n", r->results[2], r->results[1], r->results[0]);
    fputs("evaluations:", stdout);
    static const char *const label[EVAL_BUCKETS] = {"<-1000", "-1000", "-750", "-500", "-250", "0", "250",
                                                    "500", "750", ">1000", ""};
    for (int i = 0; i < EVAL_BUCKETS - 1; i++) printf(" %s:%ld", label[i], r->evals[i] + (i == EVAL_BUCKETS - 2 ? r->evals[EVAL_BUCKETS - 1] : 0));
    putchar('\n');
    if (r->oom) { puts("expected-score scale: not fitted (out of memory)"); return; }
    if (r->nfit < 2) { puts("expected-score scale: too few positions to fit"); return; }
    double S = fit_scale(r, -1), brier, ll = log_loss(r, S, -1, &brier), b400, ll400 = log_loss(r, 400, -1, &b400);
    printf("expected-score scale: S %.0f fitted to %ld positions (E = 1/(1+10^(-eval/S)); log-loss %.4f, Brier %.4f;"
           " S on odd games %.0f, on even games %.0f; at S 400: log-loss %.4f, Brier %.4f)\n",
           S, r->nfit, ll, brier, fit_scale(r, 1), fit_scale(r, 0), ll400, b400);
}

/* The options of data relabel alone: refused by name by dump, stats and export. */
static const char *relabel_option(const bo_opts *o)
{
    return o->game ? "--game" : o->rules ? "--rules" : o->depth >= 0 ? "--depth" : o->nodes ? "--nodes"
         : o->movetime_ms ? "--movetime" : o->nengines ? "--engine" : o->eval_file ? "--eval" : o->jobs ? "-j"
         : o->hash_mb ? "--hash" : o->first ? "--first" : o->count ? "--count" : NULL;
}

int bo_cmd_data(const bo_opts *o)
{
    if (o->nargs >= 1 && strcmp(o->args[0], "relabel") == 0) return bo_cmd_data_relabel(o);
    const char *only = relabel_option(o);
    if (only) {
        bo_cli_error(NULL, 0, 0, "boyi data %s does not take %s (boyi data relabel does)", o->nargs ? o->args[0] : "",
                     only);
        return BO_EXIT_USAGE;
    }
    bool export = o->nargs == 2 && strcmp(o->args[0], "export") == 0;
    if (o->nargs != 2 || (strcmp(o->args[0], "dump") != 0 && strcmp(o->args[0], "stats") != 0 && !export)) {
        bo_cli_error(NULL, 0, 0, "usage: boyi data dump FILE [--json] | boyi data stats FILE | boyi data export FILE --format plain [-o OUT]"
                     " | boyi data relabel DATA... --game G (--depth N | --nodes N | --movetime MS) -o OUT");
        return BO_EXIT_USAGE;
    }
    if (export && (!o->format || strcmp(o->format, "plain") != 0)) {
        bo_cli_error(NULL, 0, 0, "data export: --format plain is the format it writes%s%s%s", o->format ? " (not '" : "",
                     o->format ? o->format : "", o->format ? "')" : "");
        return BO_EXIT_USAGE;
    }
    const char *path = o->args[1];
    FILE *f = fopen(path, "rb");
    if (!f) { bo_cli_error(path, 0, 0, "cannot read: %s", strerror(errno)); return BO_EXIT_USAGE; }
    struct stat st;
    long bytes = fstat(fileno(f), &st) == 0 ? (long)st.st_size : 0;
    data_run r = {.o = o, .dump = strcmp(o->args[0], "dump") == 0};
    sp_data_info info;
    char err[256];
    bo_outfile out;
    const char *opath = o->output && strcmp(o->output, "-") != 0 ? o->output : NULL;
    if (export && bo_outfile_open(&out, opath, "w", err, sizeof err) != 0) {
        fclose(f);
        bo_cli_error(opath, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    if (export) r.plain = out.f;
    int rc = sp_data_read(f, bo_game_by_name, on_game, &r, &info, err, sizeof err);
    fclose(f);
    if (rc != 0) {
        if (export) bo_outfile_abort(&out);
        bo_cli_error(path, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    /* a cut or damaged file: what was read is written (and the loss said below, exit 1) */
    if (export && bo_outfile_commit(&out, err, sizeof err) != 0) {
        bo_cli_error(bo_outfile_name(&out), 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    if (!r.dump && !export) print_summary(&r, &info, bytes);
    free(r.fe);
    free(r.fy);
    free(r.fodd);
    if (info.problem[0]) {   /* data was lost: say what, how much, and what was read */
        char more[64] = "", games[64] = "";
        if (info.problems > 1) snprintf(more, sizeof more, "; %ld more block%s with problems", info.problems - 1,
                                        info.problems == 2 ? "" : "s");
        if (info.lost_games > 0) snprintf(games, sizeof games, ", %ld game%s of skipped blocks", info.lost_games,
                                          info.lost_games == 1 ? "" : "s");
        bo_cli_error(path, 0, 0, "%s%s (%ld of %ld bytes not read%s; the %ld games read are whole)", info.problem, more,
                     info.lost_bytes, bytes, games, info.games);
        return BO_EXIT_INVALID;
    }
    return BO_EXIT_OK;
}
