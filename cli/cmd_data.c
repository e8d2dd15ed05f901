/* cmd_data.c -- `boyi data dump FILE`, `boyi data stats FILE` and `boyi data export
 * FILE --format plain`: training data (selfplay/sp_data.h) back as text or JSON
 * lines, its summary, and the plain text that the Stockfish family's network
 * trainers read and convert (a record per position: "fen F", "move M", "score S",
 * "ply P", "result R", "e"; docs/training-data.md gives the columns per game). */
#include <errno.h>
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
} data_run;

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
                    bo_json_int(&j, "game", game->index + 1);
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
                    printf("%ld %d %s | %s | eval %d best %s played %s | %s\n", game->index + 1, i + 1, fen,
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
}

int bo_cmd_data(const bo_opts *o)
{
    bool export = o->nargs == 2 && strcmp(o->args[0], "export") == 0;
    if (o->nargs != 2 || (strcmp(o->args[0], "dump") != 0 && strcmp(o->args[0], "stats") != 0 && !export)) {
        bo_cli_error(NULL, 0, 0, "usage: boyi data dump FILE [--json] | boyi data stats FILE | boyi data export FILE --format plain [-o OUT]");
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
    /* a cut file: what was read is written (and the loss said below, exit 1) */
    if (export && bo_outfile_commit(&out, err, sizeof err) != 0) {
        bo_cli_error(bo_outfile_name(&out), 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    if (!r.dump && !export) print_summary(&r, &info, bytes);
    if (info.problem[0]) {
        bo_cli_error(path, 0, 0, "%s (%ld bytes not read; the %ld games before it are whole)", info.problem,
                     info.lost_bytes, info.games);
        return BO_EXIT_INVALID;
    }
    return BO_EXIT_OK;
}
