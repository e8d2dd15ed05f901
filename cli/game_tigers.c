/* game_tigers.c -- the Two Tigers (二虎棋) front end of the boyi binary: which files
 * are its contest records, validate, render, replay for annotate and render, records
 * of games boyi played, and `boyi solve --game tigers` (the retrograde solver). */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "claim_sink.h"
#include "cli.h"
#include "result_policy.h"
#include "game.h"
#include "tg_record.h"
#include "tg_reach.h"
#include "tg_solve.h"
#include "tigers.h"

static int tg_cli_sniff(const bo_text *t)
{
    if (t->encoding == BO_ENC_BINARY) return 0;
    return tg_record_sniff(t->data, t->len);
}

static int tg_cli_validate(const bo_opts *o, const bo_text *t, const bo_verdict_sink *sink, char *err, size_t errlen)
{
    if (t->encoding == BO_ENC_BINARY) {
        snprintf(err, errlen, "line 1, column 1: this is not text: no Two Tigers record");
        return -1;
    }
    /* the result policy's fault under --strict (claim_sink.h) */
    bo_claim_sink cs;
    bo_claim_sink_init(&cs, sink, o->strict);
    return tg_validate_text(t, o->rules, &cs.sink, err, errlen);
}

static int tg_cli_render(const bo_opts *o, const void *pos, uint32_t last, const uint32_t *line, int nline,
                         FILE *out)
{
    (void)o;
    (void)line;
    (void)nline;
    tg_svg_write(out, pos, last);
    return BO_EXIT_OK;
}

/* Replays each game to its first fault and hands it to EACH with its verdict. */
static int tg_cli_replay(const bo_opts *o, const bo_text *t, bo_cli_game_fn each, void *ctx, char *err, size_t errlen)
{
    bo_record_list l = {0};
    if (tg_record_read(t, &l, err, errlen) != 0) { bo_record_list_free(&l); return -1; }
    int rc = 0;
    for (int k = 0; k < l.n && rc == 0; k++) {
        const bo_record *r = &l.items[k];
        tg_pos start, p;
        char e[256];
        uint32_t *moves = malloc(((size_t)r->nmoves + 1) * sizeof *moves);
        if (!moves) { rc = -1; snprintf(err, errlen, "out of memory"); break; }
        int n = 0;
        if (r->errors == 0 && tg_record_start(r, o->rules, &start, e, sizeof e) == 0) {
            p = start;
            for (; n < r->nmoves; n++) {
                tg_undo u;
                if (tg_move_from_text(&p, r->moves[n].text, &moves[n], e, sizeof e) != 0) break;
                tg_play(&p, moves[n], &u);
            }
        } else {
            tg_start(&start);
        }
        /* the verdict: the judge on this one game; its strings live while EACH runs */
        bo_verdict_copy kv = {0};
        bo_verdict_sink sink = {bo_verdict_keep_sink, NULL, &kv};
        tg_validate_record(r, t->path, o->rules, &sink);
        bo_cli_game_rec rec = {.path = t->path, .r = (bo_record *)r, .start = &start, .moves = moves, .nmoves = n,
                               .v = &kv.v, .priv = NULL, .rec_index = NULL};
        int stop = each(ctx, &rec);
        free(moves);
        if (stop) break;
    }
    bo_record_list_free(&l);
    return rc;
}

static int tg_cli_write_game(const bo_opts *o, const bo_cli_game_rec *g, FILE *out, char *err, size_t errlen)
{
    (void)o;
    const bo_record *r = g->r;
    const char *ti = bo_record_tag(r, "Tigers"), *dg = bo_record_tag(r, "Dogs");
    const char *date = bo_record_tag(r, "Date"), *ev = bo_record_tag(r, "Event");
    fprintf(out, "{[TG][%s][%s][%s][%s][%s]", ti ? ti : "?", dg ? dg : "?", r->result ? r->result : "?",
            date ? date : "?", ev ? ev : "?");
    if (r->fen) fprintf(out, "[FEN %s]", r->fen);
    tg_pos p = *(const tg_pos *)g->start;
    for (int i = 0; i < g->nmoves; i++) {
        char mt[32];
        tg_undo u;
        tg_move_to_text(&p, g->moves[i], mt, sizeof mt);
        fprintf(out, "%s%s", i % 10 == 0 ? ";\n" : ";", mt);
        const char *c = r->moves[i].comment;
        if (c) fprintf(out, " %s", c);
        tg_play(&p, g->moves[i], &u);
    }
    fprintf(out, "}\n");
    if (ferror(out)) { snprintf(err, errlen, "write error"); return -1; }
    return 0;
}

/* A game boyi played as a contest record. */
static int tg_write_played(const bo_opts *o, const bo_cli_played *p, FILE *out, char *err, size_t errlen)
{
    (void)o;
    /* a win off the board says why, in the contest's words (result_policy.h) */
    bo_reason why = p->score_first == 0.5 ? BO_REASON_NONE : bo_reason_from_text(p->termination);
    char result[64];
    snprintf(result, sizeof result, "%s%s%s%s", p->score_first == 1.0 ? "先手胜" : p->score_first == 0.0 ? "后手胜" : "平局",
             why ? "(" : "", why ? bo_reason_contest_word(why) : "", why ? ")" : "");
    tg_pos std;
    tg_start(&std);
    bool standard = memcmp(&std, p->start, sizeof std) == 0;
    char ev[256];
    snprintf(ev, sizeof ev, "%s, game %ld, %s", p->event ? p->event : "boyi", p->round,
             p->termination ? p->termination : "");
    if (tg_record_write(out, p->first_name, p->second_name, result, "-", ev, p->start, standard, p->moves, p->nmoves)
        != 0) {
        snprintf(err, errlen, "write error");
        return -1;
    }
    return 0;
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
    .sniff = tg_cli_sniff,
    .validate = tg_cli_validate,
    .split = bo_split_records,   /* contest frames, SGF, PGN tags: validate streams */
    .render = tg_cli_render,
    .replay = tg_cli_replay,
    .write_game = tg_cli_write_game,
    .eval_scale = 150,
    .played_ext = "txt",
    .write_played = tg_write_played,
    .solve = tg_cli_solve,
};
