/* game_tigers.c -- the Two Tigers (二虎棋) front end of the boyi binary: the board as
 * SVG and `boyi solve --game tigers` (the retrograde solver).  Its records (validate,
 * annotate, render FILE, games boyi played) are notation/tigers/tg_records.c's. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "game.h"
#include "tg_record.h"
#include "tg_records.h"
#include "tg_reach.h"
#include "tg_index.h"
#include "tg_solve.h"
#include "tigers.h"

static int tg_cli_render(const bo_opts *o, const void *pos, uint32_t last, const uint32_t *line, int nline,
                         FILE *out)
{
    (void)o;
    (void)line;
    (void)nline;
    tg_svg_write(out, pos, last);
    return BO_EXIT_OK;
}

/* ---- boyi solve --game tigers ----------------------------------------------- */

static void solve_progress(void *ctx, int dogs, int pass, uint64_t changed, double seconds)
{
    (void)ctx;
    fprintf(stderr, "boyi: tigers: %d dogs, pass %d: %llu decided (%.0f s)\n", dogs, pass, (unsigned long long)changed,
            seconds);
}

/* --count --depth N: the positions reachable from the start within N plies, ply by
 * ply (breadth first, every position kept once; BOYI_TIGERS_MEMORY_MB caps it). */
static int tg_cli_reach(const bo_opts *o, FILE *out)
{
    const char *mem = getenv("BOYI_TIGERS_MEMORY_MB");
    tg_pos start;
    tg_start(&start);
    tg_reach_report rep;
    char err[256];
    if (tg_reach_count(&start, o->depth, mem ? (size_t)strtoull(mem, NULL, 10) : 8192, &rep, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    uint64_t cum = 0;
    for (int d = 0; d <= rep.depth; d++) {
        cum += rep.first[d];
        fprintf(out, "ply %2d: %llu new positions, %llu within %d plies\n", d, (unsigned long long)rep.first[d],
                (unsigned long long)cum, d);
    }
    fprintf(out, "reachable within %d plies: %llu positions (%llu of them games over), set %.0f MB%s\n", rep.depth,
            (unsigned long long)rep.total, (unsigned long long)rep.ended, rep.memory_bytes / 1048576.0,
            rep.stopped_memory ? "; stopped by the memory cap" : "");
    return BO_EXIT_OK;
}

static void reach_progress(void *ctx, int dogs, int pass, uint64_t added, double seconds)
{
    (void)ctx;
    fprintf(stderr, "boyi: tigers: reachable, %d dogs, pass %d: %llu new (%.0f s)\n", dogs, pass,
            (unsigned long long)added, seconds);
}

/* Set by SIGINT/SIGTERM while the count runs with a checkpoint: it stops, saved (the
 * handler is reset, so a second signal ends the program at once). */
static volatile sig_atomic_t reach_stop;

static void reach_on_signal(int sig)
{
    (void)sig;
    reach_stop = 1;
}

/* --count --depth all: every position reachable from the start over all plies, per
 * dogs on the board and side to move (tg_reach_all.c); --json: one object.  --table
 * FILE: the checkpoint (taken up if it exists; written when the budget or a signal
 * stops the run and every BOYI_TIGERS_CHECKPOINT_MIN minutes, default 10). */
static int tg_cli_reach_all(const bo_opts *o, FILE *out)
{
    tg_pos start;
    tg_start(&start);
    const char *ck = getenv("BOYI_TIGERS_CHECKPOINT_MIN");
    tg_reach_all_opts ro = {.start = &start, .win_dogs = TG_DOGS - TG_WIN_CAPTURES, .depth = -1,
                            .threads = o->threads > 0 ? o->threads : 1,
                            .seconds = o->movetime_ms > 0 ? o->movetime_ms / 1000.0 : 0, .progress = reach_progress,
                            .checkpoint_seconds = 60.0 * (ck ? strtod(ck, NULL) : 10.0)};
    struct sigaction sa, old_int, old_term;
    if (o->table && strcmp(o->table, "-") != 0) {
        ro.table = o->table;
        ro.stop = &reach_stop;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = reach_on_signal;
        sa.sa_flags = SA_RESETHAND;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, &old_int);
        sigaction(SIGTERM, &sa, &old_term);
    }
    tg_reach_all_report *rep = malloc(sizeof *rep);
    char err[512];
    if (!rep) { bo_cli_error(NULL, 0, 0, "out of memory"); return BO_EXIT_USAGE; }
    int rc = tg_reach_all(&ro, rep, err, sizeof err);
    if (ro.table) {
        sigaction(SIGINT, &old_int, NULL);
        sigaction(SIGTERM, &old_term, NULL);
    }
    if (rc != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        free(rep);
        return BO_EXIT_USAGE;
    }
    static const char *const side_name[2] = {"tigers", "dogs"}, *const side_key[2] = {"tigers_to_move", "dogs_to_move"};
    uint64_t tot[6] = {0};   /* orbits, states, raw, terminal orbits, terminal raw, expanded */
    if (o->json) fprintf(out, "{\"game\":\"tigers\",\"layers\":[");
    int first = 1;
    for (int d = rep->top; d >= ro.win_dogs; d--) {
        bool done = d >= rep->done_dogs && rep->done_dogs > 0;
        if (!done && d != rep->stopped_dogs) continue;
        for (int s = 0; s < 2; s++) {
            tot[0] += rep->orbits[d][s];
            tot[1] += rep->states[d][s];
            tot[2] += rep->raw[d][s];
            tot[3] += rep->term_orbits[d][s];
            tot[4] += rep->term_raw[d][s];
        }
        if (o->json) {
            fprintf(out, "%s{\"dogs\":%d,\"complete\":%s,\"passes\":%d,\"seconds\":%.1f,\"cpu_seconds\":%.1f,"
                         "\"memory_mb\":%.0f",
                    first ? "" : ",", d, done ? "true" : "false", rep->passes[d], rep->seconds[d],
                    rep->cpu_seconds[d], rep->memory_bytes[d] / 1048576.0);
            for (int s = 0; s < 2; s++)
                fprintf(out, ",\"%s\":{\"reachable\":%llu,\"reachable_raw\":%llu,\"up_to_start_symmetry\":%llu,"
                             "\"terminal\":%llu,\"terminal_raw\":%llu}",
                        side_key[s], (unsigned long long)rep->orbits[d][s], (unsigned long long)rep->raw[d][s],
                        (unsigned long long)rep->states[d][s], (unsigned long long)rep->term_orbits[d][s],
                        (unsigned long long)rep->term_raw[d][s]);
            fputc('}', out);
            first = 0;
            continue;
        }
        for (int s = 0; s < 2; s++)
            fprintf(out, "dogs %2d, %-6s to move: %llu reachable up to symmetry (%llu up to the start's 4), %llu "
                         "positions; %llu games over (%llu positions)\n",
                    d, side_name[s], (unsigned long long)rep->orbits[d][s], (unsigned long long)rep->states[d][s],
                    (unsigned long long)rep->raw[d][s], (unsigned long long)rep->term_orbits[d][s],
                    (unsigned long long)rep->term_raw[d][s]);
        fprintf(out, "dogs %2d: %s, %d passes, %.1f s, %.1f s CPU, %.0f MB of bitmaps\n", d,
                done ? "complete" : "stopped by the budget", rep->passes[d], rep->seconds[d], rep->cpu_seconds[d],
                rep->memory_bytes[d] / 1048576.0);
    }
    if (o->json) {
        fprintf(out, "],\"reachable\":%llu,\"reachable_raw\":%llu,\"up_to_start_symmetry\":%llu,\"terminal\":%llu,"
                     "\"terminal_raw\":%llu,\"complete\":%s,\"seconds\":%.1f,\"cpu_seconds\":%.1f,"
                     "\"peak_mb\":%.0f,\"expanded\":%llu,\"moves\":%llu,\"resumed_dogs\":%d,\"resumed_pass\":%d,"
                     "\"checkpoints\":%d,\"checkpoint_bytes\":%llu}\n",
                (unsigned long long)tot[0], (unsigned long long)tot[2], (unsigned long long)tot[1],
                (unsigned long long)tot[3], (unsigned long long)tot[4], rep->stopped_time ? "false" : "true",
                rep->total_seconds, rep->total_cpu, rep->peak_bytes / 1048576.0, (unsigned long long)rep->expanded,
                (unsigned long long)rep->children, rep->resumed_dogs, rep->resumed_pass, rep->checkpoints,
                (unsigned long long)rep->checkpoint_bytes);
    } else {
        fprintf(out, "total: %llu positions reachable from the start (%llu up to symmetry, %llu up to the start's 4), "
                     "%llu of them games over (%llu up to symmetry)\n",
                (unsigned long long)tot[2], (unsigned long long)tot[0], (unsigned long long)tot[1],
                (unsigned long long)tot[4], (unsigned long long)tot[3]);
        if (rep->resumed_done)
            fprintf(out, "taken up: %s holds the finished count (the figures above are its)\n", ro.table);
        else if (rep->resumed_dogs)
            fprintf(out, "taken up: the layer of %d dogs from the checkpoint %s, in pass %d\n", rep->resumed_dogs,
                    ro.table, rep->resumed_pass);
        if (rep->stopped_time)
            fprintf(out, "stopped: %s in the layer of %d dogs, pass %d (%s); the layers above it are complete; in that "
                         "layer the reachable counts are the states seen so far, the positions (raw) those expanded "
                         "so far\n",
                    reach_stop ? "by a signal" : "the time budget ran out", rep->stopped_dogs,
                    rep->passes[rep->stopped_dogs] + 1,
                    ro.table ? "saved: run the same command again to take it up" : "no --table: a new run starts again");
        else if (ro.table)
            fprintf(out, "done: the count is complete (saved in %s)\n", ro.table);
        if (rep->checkpoints)
            fprintf(out, "checkpoints written: %d, the last %.1f MB\n", rep->checkpoints,
                    rep->checkpoint_bytes / 1048576.0);
        fprintf(out, "time (all runs): %.1f s, %.1f s CPU, %llu states expanded, %llu moves; bitmaps %.0f MB at most\n",
                rep->total_seconds, rep->total_cpu, (unsigned long long)rep->expanded,
                (unsigned long long)rep->children, rep->peak_bytes / 1048576.0);
    }
    free(rep);
    return BO_EXIT_OK;
}

/* A solved layer's distances: per side to move the won positions' longest distance,
 * how many are above 100 plies (the 100-ply rule can draw them from a fresh counter),
 * the longest loss, and the histogram of the wins (distance:count, nonzero only). */
static void print_distances(FILE *out, const tg_solve_report *rep, int d)
{
    static const char *const side_name[2] = {"tigers", "dogs"};
    for (int s = 0; s < 2; s++) {
        int max = -1;
        uint64_t over = 0, wins = 0;
        for (int k = 0; k < 255; k++)
            if (rep->win_dist[d][s][k]) {
                max = k;
                wins += rep->win_dist[d][s][k];
                if (k > 100) over += rep->win_dist[d][s][k];
            }
        fprintf(out, "  dogs %2d, %s to move: %llu wins, longest %d plies to conversion, %llu above 100; longest loss %d;"
                     " wins by distance:", d, side_name[s], (unsigned long long)wins, max, (unsigned long long)over,
                rep->max_loss_dist[d][s]);
        for (int k = 0; k < 255; k++)
            if (rep->win_dist[d][s][k]) fprintf(out, " %d:%llu", k, (unsigned long long)rep->win_dist[d][s][k]);
        fputc('\n', out);
    }
}

/* --check-sample N --table=FILE [--seed S] [--threads T] [--movetime MS] [--fen POS]:
 * random games from the start (or POS), every position visited looked up in the table
 * and checked against its successors' values (tg_check.c).  Exit 0 when nothing is
 * wrong, 1 when a fault is found (the table is not right), 2 when it cannot run. */
static int tg_cli_check_sample(const bo_opts *o, FILE *out)
{
    if (!o->table || strcmp(o->table, "-") == 0) {
        bo_cli_error(NULL, 0, 0, "--check-sample needs --table=FILE, the table to check");
        return BO_EXIT_USAGE;
    }
    tg_pos start;
    char err[512];
    const char *text = o->fen ? o->fen : o->position;
    if (text) {
        if (tg_from_text(&start, text, err, sizeof err) != 0) {
            bo_cli_error(NULL, 0, 0, "--fen: %s", err);
            return BO_EXIT_USAGE;
        }
    } else if (bo_game_by_name("tigers")->start(&start, o->rules, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    tg_index *x = malloc(sizeof *x);
    if (!x) { bo_cli_error(NULL, 0, 0, "out of memory"); return BO_EXIT_USAGE; }
    tg_index_init(x);
    tg_view t;
    if (tg_view_open(&t, o->table, x) != 0) {
        bo_cli_error(o->table, 0, 0, "not a readable Two Tigers table (boyi solve --game tigers --table=FILE writes one)");
        free(x);
        return BO_EXIT_USAGE;
    }
    static tg_sample_report rep;   /* large: not on the stack */
    tg_sample_opts so = {.start = &start, .positions = o->check_sample, .seed = o->seed,
                         .threads = o->threads > 0 ? o->threads : 1,
                         .seconds = o->movetime_ms > 0 ? o->movetime_ms / 1000.0 : 0,
                         .max_dogs = o->max_pieces > 0 ? o->max_pieces : 0};
    int rc = tg_view_map(&t, err, sizeof err) == 0 ? tg_sample_check(&t, &so, &rep, err, sizeof err) : -1;
    tg_view_close(&t);
    free(x);
    if (rc != 0) {
        bo_cli_error(o->table, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    static const char *const end_name[TG_SAMPLE_ENDS] = {"six taken", "no move", "100 plies", "repetition"};
    static const char *const side_name[2] = {"tigers", "dogs"};
    if (o->json) {
        fprintf(out, "{\"game\":\"tigers\",\"check\":\"sample\",\"seed\":%llu,\"threads\":%d,\"positions\":%llu,"
                     "\"lookups\":%llu,\"games\":%llu,\"plies\":%llu,\"above_max_pieces\":%llu,\"outside\":%llu,\"no_value\":%llu,"
                     "\"successor_faults\":%llu,\"inconsistent\":%llu,\"faults\":%llu,\"complete\":%s,"
                     "\"seconds\":%.1f,\"cpu_seconds\":%.1f,\"ends\":{",
                (unsigned long long)o->seed, rep.threads, (unsigned long long)rep.positions,
                (unsigned long long)rep.lookups, (unsigned long long)rep.games, (unsigned long long)rep.plies,
                (unsigned long long)rep.above, (unsigned long long)rep.outside, (unsigned long long)rep.no_value,
                (unsigned long long)rep.successor_faults, (unsigned long long)rep.inconsistent,
                (unsigned long long)rep.faults, rep.stopped_time ? "false" : "true", rep.seconds, rep.cpu_seconds);
        for (int e = 0; e < TG_SAMPLE_ENDS; e++)
            fprintf(out, "%s\"%s\":%llu", e ? "," : "", end_name[e], (unsigned long long)rep.ends[e]);
        fprintf(out, "},\"layers\":[");
        int first = 1;
        for (int d = TG_DOGS; d >= 0; d--)
            for (int s = 0; s < 2; s++) {
                const uint64_t *v = rep.by_value[d][s];
                if (!(v[0] | v[1] | v[2] | v[3])) continue;
                fprintf(out, "%s{\"dogs\":%d,\"to_move\":\"%s\",\"win\":%llu,\"loss\":%llu,\"draw\":%llu}",
                        first ? "" : ",", d, side_name[s], (unsigned long long)v[TG_V_WIN],
                        (unsigned long long)v[TG_V_LOSS], (unsigned long long)v[TG_V_DRAW]);
                first = 0;
            }
        fprintf(out, "]}\n");
    } else {
        for (int d = TG_DOGS; d >= 0; d--)
            for (int s = 0; s < 2; s++) {
                const uint64_t *v = rep.by_value[d][s];
                if (!(v[0] | v[1] | v[2] | v[3])) continue;
                fprintf(out, "dogs %2d, %-6s to move: %llu positions visited: %llu won, %llu lost, %llu drawn\n", d,
                        side_name[s], (unsigned long long)(v[0] + v[1] + v[2] + v[3]), (unsigned long long)v[TG_V_WIN],
                        (unsigned long long)v[TG_V_LOSS], (unsigned long long)v[TG_V_DRAW]);
            }
        fprintf(out, "games: %llu (seed %llu, %d threads), %llu plies; ended by", (unsigned long long)rep.games,
                (unsigned long long)o->seed, rep.threads, (unsigned long long)rep.plies);
        for (int e = 0; e < TG_SAMPLE_ENDS; e++)
            fprintf(out, "%s %s %llu", e ? "," : "", end_name[e], (unsigned long long)rep.ends[e]);
        fprintf(out, "\nchecked: %llu positions visited, %llu table lookups (the positions and their successors), "
                     "%.1f s, %.1f s CPU (%.0f positions a CPU second)%s\n",
                (unsigned long long)rep.positions, (unsigned long long)rep.lookups, rep.seconds, rep.cpu_seconds,
                rep.cpu_seconds > 0 ? rep.positions / rep.cpu_seconds : 0.0,
                rep.stopped_time ? "; stopped by the time budget before the count asked for" : "");
        if (so.max_dogs)
            fprintf(out, "not checked: %llu positions with more than %d dogs (played through from the start)\n",
                    (unsigned long long)rep.above, so.max_dogs);
        for (uint64_t f = 0; f < rep.faults && f < TG_SAMPLE_SHOWN; f++) fprintf(out, "fault: %s\n", rep.shown[f]);
        fprintf(out, "faults: %llu (not in the table %llu, without a value %llu, successors %llu, values against the "
                     "rules %llu)\n",
                (unsigned long long)rep.faults, (unsigned long long)rep.outside, (unsigned long long)rep.no_value,
                (unsigned long long)rep.successor_faults, (unsigned long long)rep.inconsistent);
    }
    return rep.faults ? BO_EXIT_INVALID : BO_EXIT_OK;
}

/* --count: the positions of every layer; --max-pieces K: solve the layers up to K dogs
 * (default 16, all) under the memory cap BOYI_TIGERS_MEMORY_MB (default 8192) and
 * the time budget --movetime MS; --table OUT: the solved values (2 bits a position),
 * a run resuming after the layers already in OUT; BOYI_TIGERS_DISTANCES=FILE: the
 * distances too, in FILE beside the table. */
static int tg_cli_solve(const bo_opts *o, FILE *out)
{
    tg_solve_opts so = {.win_dogs = TG_DOGS - TG_WIN_CAPTURES,
                        .max_dogs = o->max_pieces >= 0 ? o->max_pieces : TG_DOGS,
                        .threads = o->threads > 0 ? o->threads : 1,
                        .seconds = o->movetime_ms > 0 ? o->movetime_ms / 1000.0 : 0,
                        .check_count = 200000,
                        .progress = solve_progress};
    const char *mem = getenv("BOYI_TIGERS_MEMORY_MB");
    so.memory_mb = mem ? (size_t)strtoull(mem, NULL, 10) : 8192;
    const char *ck = getenv("BOYI_TIGERS_CHECKPOINT_MIN");
    so.checkpoint_seconds = 60.0 * (ck ? strtod(ck, NULL) : 10.0);
    if (so.max_dogs > TG_DOGS) so.max_dogs = TG_DOGS;
    if (o->count) so.max_dogs = 0;
    if (o->count && o->depth >= 0) return tg_cli_reach(o, out);
    if (o->count && o->depth == -2) return tg_cli_reach_all(o, out);   /* --depth all */
    if (o->check_sample) return tg_cli_check_sample(o, out);
    if (o->table && strcmp(o->table, "-") != 0) so.table = o->table;
    const char *dist = getenv("BOYI_TIGERS_DISTANCES");
    if (dist && *dist) so.distances = dist;
    static tg_solve_report rep;   /* large (the distance histograms): not on the stack */
    char err[512];
    int rc = tg_solve_run(&so, &rep, err, sizeof err);
    if (rc != 0) { bo_cli_error(NULL, 0, 0, "%s", err); return BO_EXIT_USAGE; }
    uint64_t total = 0, raw = 0;
    for (int d = so.win_dogs + 1; d <= TG_DOGS; d++) {
        total += 2 * rep.size[d];
        raw += 2 * rep.raw_size[d];
        fprintf(out, "dogs %2d: %llu positions (%llu each side to move), %llu indices up to symmetry",
                d, (unsigned long long)(2 * rep.raw_size[d]), (unsigned long long)rep.raw_size[d],
                (unsigned long long)(2 * rep.size[d]));
        bool counted = d <= rep.solved_dogs && (d > rep.resumed_dogs || d == rep.resumed_dogs);
        if (counted)
            fprintf(out, "; up to symmetry: tigers to move %llu: %llu win, %llu loss, %llu draw; dogs to move %llu: "
                         "%llu win, %llu loss, %llu draw; %d passes, %.1f s, %.0f MB",
                    (unsigned long long)rep.positions[d][0], (unsigned long long)rep.wins[d][0],
                    (unsigned long long)rep.losses[d][0],
                    (unsigned long long)(rep.positions[d][0] - rep.wins[d][0] - rep.losses[d][0]),
                    (unsigned long long)rep.positions[d][1], (unsigned long long)rep.wins[d][1],
                    (unsigned long long)rep.losses[d][1],
                    (unsigned long long)(rep.positions[d][1] - rep.wins[d][1] - rep.losses[d][1]), rep.passes[d],
                    rep.seconds[d], rep.memory_bytes[d] / 1048576.0);
        if (d <= rep.resumed_dogs)
            fprintf(out, "; solved (read from the table%s)",
                    d == rep.rebuilt_half ? ", its dogs-to-move half rebuilt from the tigers'" : "");
        if (counted)
            fprintf(out, "; checked again through the rules: %llu positions, %llu wrong",
                    (unsigned long long)rep.checked[d], (unsigned long long)rep.check_failed[d]);
        fputc('\n', out);
        if (counted && rep.with_dist) print_distances(out, &rep, d);
    }
    fprintf(out, "total: %llu positions with %d..16 dogs, %llu indices up to symmetry (%d dogs: the tigers have won)\n",
            (unsigned long long)raw, so.win_dogs + 1, (unsigned long long)total, so.win_dogs);
    if (!o->count) {
        fprintf(out, "solved: every position with at most %d dogs%s\n", rep.solved_dogs,
                rep.solved_dogs ? "" : " (no layer finished)");
        if (rep.start_value >= 0)
            fprintf(out, "start: %s\n", rep.start_value == TG_V_WIN    ? "the tigers win"
                                        : rep.start_value == TG_V_LOSS ? "the dogs win"
                                                                        : "draw");
        if (rep.stopped_memory) fprintf(out, "stopped: %d dogs need more than the memory cap of %zu MB\n",
                                        rep.stopped_memory, so.memory_mb);
        if (rep.resumed_layer)
            fprintf(out, "taken up: the layer of %d dogs from its checkpoint, in pass %d\n", rep.resumed_layer,
                    rep.resumed_pass);
        if (rep.stopped_time) fprintf(out, "stopped: the time budget ran out in the layer of %d dogs in pass %d%s\n",
                                      rep.stopped_time, rep.passes[rep.stopped_time],
                                      so.table ? " (saved: the next run takes it up there)" : "");
        if (rep.checkpoints) fprintf(out, "checkpoints written: %d\n", rep.checkpoints);
        fprintf(out, "time: %.1f s, %llu positions looked at (%.0f a second)\n", rep.total_seconds,
                (unsigned long long)rep.visited, rep.total_seconds > 0 ? rep.visited / rep.total_seconds : 0.0);
    }
    return BO_EXIT_OK;
}

const bo_game_cli bo_game_tigers = {
    .name = "tigers",
    .rules_help = "standard (default: tigers on b3 and d3), vertical (tigers on c2 and c4)",
    .render = tg_cli_render,
    .eval_scale = 150,
    .solve = tg_cli_solve,
    .records = &tg_records,   /* records: notation/tigers/tg_records.c */
};
