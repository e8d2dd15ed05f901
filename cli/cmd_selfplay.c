/* cmd_selfplay.c -- `boyi selfplay` and `boyi merge`: batches of games between two
 * players of any game, through the game descriptor, on many threads, with output that
 * survives being killed and does not depend on threads or shards (sp_out.h).
 *
 * The settings that decide the games (game, rules, players, openings, seed, number of
 * games, shard, adjudication) are written to batch.txt; --resume checks them. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#ifdef BOYI_MPI
#include <mpi.h>
#endif

#include "cli.h"
#include "core.h"
#include "outfile.h"
#include "player_spec.h"
#include "game.h"
#include "selfplay_mpi.h"
#include "sp_out.h"
#include "batch_settings.h"
#include "selfplay_setup.h"
#include "sp_batch.h"
#include "sp_engine.h"
#include "sp_journal.h"

typedef struct run_ctx {
    sp_out *out;
    const bo_game *g;
    const char *rules;
    char err[512];
    int failed;
    long abandoned;               /* games a signal stopped (not journaled) */
    char abandoned_list[512];     /* their indices, the first ones */
} run_ctx;

/* A game a signal stopped (under the batch's lock): said on stderr and kept for
 * log.txt; it has no result and no journal line, so --resume plays it again. */
static void on_abandoned(void *vctx, const sp_played *p)
{
    run_ctx *c = vctx;
    fprintf(stderr, "boyi: game %ld abandoned at ply %d (interrupted): not counted; --resume plays it again\n",
            p->index, p->nmoves);
    size_t k = strlen(c->abandoned_list);
    if (k < sizeof c->abandoned_list - 32)
        snprintf(c->abandoned_list + k, sizeof c->abandoned_list - k, "%s%ld", k ? " " : "", p->index);
    c->abandoned++;
}

/* A game finished (under the batch's lock): its journal line goes to the output. */
static int on_finished(void *vctx, const sp_played *p)
{
    run_ctx *c = vctx;
    char *line;
    size_t len;
    if (sp_journal_format(c->g, c->rules, p, &line, &len, c->err, sizeof c->err) != 0) { c->failed = 1; return 1; }
    int rc = sp_out_add(c->out, line, len, true, c->err, sizeof c->err);
    if (rc < 0) { c->failed = 1; return 1; }
    return rc;
}

/* "K/N" into k, n. */
static int parse_shard(const char *s, int *k, int *n)
{
    char *end;
    long kk = strtol(s, &end, 10);
    if (end == s || *end != '/') return -1;
    const char *p = end + 1;
    long nn = strtol(p, &end, 10);
    if (end == p || *end || nn < 1 || kk < 0 || kk >= nn || nn > 1000000) return -1;
    *k = (int)kk;
    *n = (int)nn;
    return 0;
}

/* Do two players evaluate with the same weights (NULL: the game's own)? */
static bool same_weights(const bo_game *g, const int *a, const int *b)
{
    if (!g->eval_model) return true;
    const int *wa = a ? a : g->eval_model->defaults, *wb = b ? b : g->eval_model->defaults;
    return memcmp(wa, wb, (size_t)g->eval_model->nweights * sizeof *wa) == 0;
}

/* log.txt: what the run was and how long it took (the one file that is not the same
 * from run to run). */
static void write_log(const char *dir, const char *settings, const char *players, int jobs, long games, double seconds,
                      double worker_cpu, double search_cpu, const char *note)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/log.txt", dir);
    FILE *f = fopen(path, "ae");
    if (!f) return;
    struct utsname u;
    time_t now = time(NULL);
    char when[64];
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    fprintf(f, "run ended %s\n%s", when, settings);
    if (uname(&u) == 0) fprintf(f, "machine: %s %s %s\n", u.sysname, u.release, u.machine);
    fprintf(f, "%s: %d\ngames written: %ld in %.3f s (%.2f games/s)\n", players, jobs, games, seconds,
            seconds > 0 ? games / seconds : 0.0);
    if (worker_cpu > 0)
        fprintf(f, "worker CPU %.3f s, of which searching %.3f s: runner overhead %.1f%%\n", worker_cpu, search_cpu,
                100.0 * (worker_cpu - search_cpu) / worker_cpu);
    if (note && *note) fprintf(f, "%s\n", note);
    fputc('\n', f);
    fclose(f);
}

static int selfplay_run(const bo_opts *o_given, int *evals[2]);

/* The batch, with the players' eval= weights freed whatever the way out. */
int bo_cmd_selfplay(const bo_opts *o_given)
{
    int *evals[2] = {NULL, NULL};
    int rc = selfplay_run(o_given, evals);
    free(evals[0]);
    free(evals[1]);
    return rc;
}

static int selfplay_run(const bo_opts *o_given, int *evals[2])
{
    bo_opts m_filled = *o_given;
    const bo_opts *o = &m_filled;
    bo_batch_texts rt;
    if (o_given->resume && !o_given->game && !o_given->nargs) {
        char ferr[1024];
        if (bo_batch_resume_fill(&m_filled, &rt, ferr, sizeof ferr) != 0) { bo_cli_error(NULL, 0, 0, "%s", ferr); return BO_EXIT_USAGE; }
    }
    const char *dir = o->resume ? o->resume : o->out_dir;
    if (!o->game || !dir || o->games <= 0 || o->nargs) {
        bo_cli_error(NULL, 0, 0, "usage: boyi selfplay --game G --games N --out DIR [-j N] [--a SPEC --b SPEC] ..., or boyi selfplay --resume DIR (boyi selfplay --help)");
        return BO_EXIT_USAGE;
    }
    if (o->resume && o->out_dir && strcmp(o->resume, o->out_dir) != 0) {
        bo_cli_error(NULL, 0, 0, "--resume DIR and --out DIR name different folders");
        return BO_EXIT_USAGE;
    }
    const bo_game_cli *gc = bo_cli_game_find(o->game);
    const bo_game *g = bo_game_by_name(gc->name);
    if (!g) { bo_cli_error(NULL, 0, 0, "no engine for %s yet", gc->name); return BO_EXIT_USAGE; }
    if (g->players != 2) { bo_cli_error(NULL, 0, 0, "selfplay plays two players; %s is a one-player puzzle (boyi solve --game %s)", g->name, g->name); return BO_EXIT_USAGE; }
    char err[1024];
    BO_ALIGNED unsigned char probe[BO_POS_MAX];
    if (g->start(probe, o->rules, err, sizeof err) != 0) { bo_cli_error(NULL, 0, 0, "%s", err); return BO_EXIT_USAGE; }
    /* A limit boyi's engine for G would ignore is refused (outside engines take theirs). */
    if (bo_cli_check_limits(g, bo_cli_opts_limits(o), o->command && strcmp(o->command, "match") == 0 ? "match" : "selfplay") != 0)
        return BO_EXIT_USAGE;
    for (int i = 0; i < 2; i++) {
        const char *sp = i ? o->player_b : o->player_a;
        char who[300];
        snprintf(who, sizeof who, "player '%.250s'", sp ? sp : "");
        if (sp && !strstr(sp, "cmd=") && bo_cli_check_limits(g, bo_cli_spec_limits(sp), who) != 0) return BO_EXIT_USAGE;
    }
    sp_player a, b;
    sp_adjudication adj = {0};
    int shard_k = 0, shard_n = 0;
    sp_engine_spec eng[2];
    const char *spec[2] = {o->player_a, o->player_b};
    if (bo_cli_players(o, g, &a, &b, eng, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        for (int j = 0; j < 2; j++) sp_engine_spec_free(&eng[j]);
        return BO_EXIT_USAGE;
    }
    sp_player *pl[2] = {&a, &b};
    for (int i = 0; i < 2; i++) {   /* eval=FILE: the player's evaluation weights */
        char path[1024];
        if (!pl[i]->engine && bo_cli_spec_word(spec[i], "eval=", path, sizeof path)) {
            if (bo_cli_load_eval(g, path, &evals[i]) != 0) {
                for (int j = 0; j < 2; j++) sp_engine_spec_free(&eng[j]);
                return BO_EXIT_USAGE;
            }
            pl[i]->eval = evals[i];
        }
    }
    for (int i = 0; i < 2; i++) {
        eng[i].botzone = gc->botzone;   /* proto=botzone: the game's Botzone points */
        eng[i].log_max = o->log_max;    /* --log-max: each log file's cap */
    }
    if (a.engine || b.engine) signal(SIGPIPE, SIG_IGN);   /* a dead engine's pipe is its fault, not our end */
    if (bo_sp_parse_adjudication(o->adjudicate, &adj, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        for (int j = 0; j < 2; j++) sp_engine_spec_free(&eng[j]);
        return BO_EXIT_USAGE;
    }
    if (o->shard && parse_shard(o->shard, &shard_k, &shard_n) != 0) {
        bo_cli_error(NULL, 0, 0, "--shard takes K/N with 0 <= K < N, not '%s'", o->shard);
        return BO_EXIT_USAGE;
    }
    sp_sprt sprt;
    if (o->sprt && sp_sprt_parse(o->sprt, &sprt, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    bo_sp_openings op;
    if (bo_sp_openings_load(o, gc, g, &op, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        bo_sp_openings_free(&op);
        return BO_EXIT_USAGE;
    }
    if (o->opening_rule && strcmp(o->opening_rule, "swap2") != 0) {
        bo_cli_error(NULL, 0, 0, "--opening-rule takes swap2 (Gomoku's swap2 over Gomocup's SWAP2BOARD), not '%s'", o->opening_rule);
        bo_sp_openings_free(&op);
        return BO_EXIT_USAGE;
    }
    adj.swap2 = o->opening_rule != NULL;
    int random_plies = o->random_plies >= 0 ? o->random_plies : (o->openings || adj.swap2 ? 0 : 4);
    char settings[8192], pa[1024], pb[1024], name_a[128], name_b[128];
    bo_cli_player_text(spec[0], &a, pa, sizeof pa);
    bo_cli_player_text(spec[1], &b, pb, sizeof pb);
    snprintf(settings, sizeof settings,
             "game %s\nrules %s\ngames %ld\nplayer A %s\nplayer B %s\nopenings %s (%d plies)\nrandom plies %d\nseed %llu\n"
             "shard %d/%d\nadjudicate max_plies=%d draw_plies=%d draw_moves=%d draw_score=%d resign_moves=%d resign_score=%d\n"
             "sprt %s\nsample %g\n",
             g->name, o->rules ? o->rules : g->rule_sets[0], o->games, pa, pb, o->openings ? o->openings : "-", o->opening_plies,
             o->openings ? 0 : random_plies, (unsigned long long)o->seed, shard_k, shard_n, adj.max_plies, adj.draw_plies,
             adj.draw_moves, adj.draw_score, adj.resign_moves, adj.resign_score, o->sprt ? o->sprt : "-",
             o->sample >= 0 ? o->sample : 1.0);
    /* The same setting on both sides would replay each pair's first game in its second:
     * then each game has its own opening (issue 37).  The same setting includes the same
     * evaluation weights (eval=: players that differ only there play different games). */
    bool own_openings = strcmp(pa, pb) == 0 && same_weights(g, a.eval, b.eval) && !adj.swap2;
    bo_cli_player_label(spec[0], &a, name_a, sizeof name_a);
    bo_cli_player_label(spec[1], &b, name_b, sizeof name_b);
    if (strcmp(name_a, name_b) == 0) {   /* two of the same: told apart by their roles */
        size_t k = strlen(name_a) < sizeof name_a - 5 ? strlen(name_a) : sizeof name_a - 5;
        snprintf(name_a + k, sizeof name_a - k, " (A)");
        snprintf(name_b + k, sizeof name_b - k, " (B)");
    }
    size_t sl = strlen(settings);
    snprintf(settings + sl, sizeof settings - sl, "opening per %s\nname A %s\nname B %s\n",
             own_openings ? "game (the players are the same)" : "pair", name_a, name_b);
    /* What a `--resume DIR` alone reads back (resume_fill): the specs as given (an
     * engine's cmd, args, proto and options), the command line's limits, the records'
     * format and the opening rule. */
    sl = strlen(settings);
    int wl = snprintf(settings + sl, sizeof settings - sl,
             "spec A %s\nspec B %s\nlimits depth=%d nodes=%llu movetime=%lld clock=%lld inc=%lld moves=%d hash=%d\n"
             "records %s\nopening rule %s\nencoding %s\n", spec[0] ? spec[0] : "-", spec[1] ? spec[1] : "-", o->depth,
             (unsigned long long)o->nodes, (long long)o->movetime_ms, (long long)o->clock_ms, (long long)o->inc_ms,
             o->moves_to_go, o->hash_mb, o->to ? o->to : "-", o->opening_rule ? o->opening_rule : "-",
             o->encoding ? o->encoding : "-");
    if (wl < 0 || (size_t)wl >= sizeof settings - sl) {
        bo_cli_error(NULL, 0, 0, "the settings are too long for batch.txt (shorter engine specs?)");
        bo_sp_openings_free(&op);
        for (int j = 0; j < 2; j++) sp_engine_spec_free(&eng[j]);
        return BO_EXIT_USAGE;
    }
    sp_out out = {.g = g, .rules = o->rules, .dir = dir, .games = o->games,
                  .shard_k = shard_k, .shard_n = shard_n, .have_sprt = o->sprt != NULL, .sprt = sprt,
                  .names = {name_a, name_b},
                  .sample_rate = o->sample >= 0 ? o->sample : 1.0, .sample_seed = o->seed};
    bo_cli_sp_out_records(&out, gc, o);
    run_ctx ctx = {.out = &out, .g = g, .rules = o->rules};
    sp_batch batch = {.game = g, .rules = o->rules, .games = o->games, .threads = o->jobs > 0 ? o->jobs : 1,
                      .a = a, .b = b, .adj = adj, .openings = op.items, .nopenings = op.n,
                      .random_plies = o->openings ? 0 : random_plies, .own_openings = own_openings,
                      .seed = o->seed, .shard_k = shard_k,
                      .shard_n = shard_n, .finished = on_finished, .abandoned = on_abandoned, .ctx = &ctx};
    /* Ctrl-C or SIGTERM: no new game, the games in progress abandoned, every output
     * written, then the exit of the signal (128 + its number); a second one ends at once. */
    bo_outfile_graceful();
    batch.adj.stop = bo_outfile_stop_flag();
    int rank = 0, size = 1;
    (void)rank;
#ifdef BOYI_MPI
    if (bo_mpi_wanted() && bo_mpi_start(&rank, &size) != 0) {
        bo_cli_error(NULL, 0, 0, "MPI could not start");
        bo_sp_openings_free(&op);
        return BO_EXIT_USAGE;
    }
    if (size > 1 && rank > 0) {   /* a player rank: no output of its own */
        int prc = bo_mpi_play(&batch, err, sizeof err);
        if (prc != 0) bo_cli_error(NULL, 0, 0, "rank %d: %s", rank, err);
        bo_mpi_stop();
        bo_sp_openings_free(&op);
        return prc == 0 ? BO_EXIT_OK : BO_EXIT_USAGE;
    }
#endif
    uint8_t *done = NULL;
    int rc = BO_EXIT_OK;
    if (sp_out_open(&out, o->resume != NULL, settings, &done, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        sp_out_discard(&out);
        rc = BO_EXIT_USAGE;
#ifdef BOYI_MPI
        if (size > 1) MPI_Abort(MPI_COMM_WORLD, BO_EXIT_USAGE);
#endif
    } else {
        /* Off a terminal, a line per game on stdout as cutechess and fastchess print them;
         * at one, the progress line on stderr does (sp_out.c). */
        if (!isatty(1)) out.report = stdout;
        batch.done = done;
        double t0 = bo_now_seconds(), worker_cpu = 0, search_cpu = 0;
        batch.worker_cpu = &worker_cpu;
        batch.search_cpu = &search_cpu;
        int brc = 0;
        if (!out.stopped) {
#ifdef BOYI_MPI
            if (size > 1) brc = bo_mpi_coordinate(&batch, &out, size, err, sizeof err);
            else
#endif
                brc = sp_batch_run(&batch, err, sizeof err);
        }
        if (brc != 0) { bo_cli_error(NULL, 0, 0, "%s", err); rc = BO_EXIT_USAGE; }
        if (ctx.failed) { bo_cli_error(NULL, 0, 0, "%s", ctx.err); rc = BO_EXIT_USAGE; }
        long written = out.written;
        if (sp_out_close(&out, err, sizeof err) != 0) { bo_cli_error(NULL, 0, 0, "%s", err); rc = BO_EXIT_USAGE; }
        if (out.tally.games > 0 || rc == BO_EXIT_OK) sp_out_summary(&out, stdout);
        char note[700] = "";
        int sig = *bo_outfile_stop_flag();
        if (sig)
            snprintf(note, sizeof note, "interrupted by %s: %ld game(s) in progress abandoned, not counted%s%s%s; "
                     "--resume %s plays them and the rest", sig == SIGINT ? "SIGINT" : "SIGTERM", ctx.abandoned,
                     ctx.abandoned ? " (" : "", ctx.abandoned_list, ctx.abandoned ? ")" : "", dir);
        write_log(dir, settings, size > 1 ? "player ranks (MPI)" : "threads", size > 1 ? size - 1 : batch.threads, written, bo_now_seconds() - t0, worker_cpu, search_cpu, note);
        if (sig) {
            fprintf(stderr, "boyi: %s; outputs written\n", note);
            if (rc == BO_EXIT_OK) rc = 128 + sig;
        }
    }
#ifdef BOYI_MPI
    if (size > 1 || bo_mpi_wanted()) bo_mpi_stop();
#endif
    free(done);
    bo_sp_openings_free(&op);
    for (int j = 0; j < 2; j++) sp_engine_spec_free(&eng[j]);
    return rc;
}

/* More than two engines: every pairing (or, with --gauntlet, the first engine
 * against each other) is a batch of its own in DIR/I-J, and the standings of all
 * their records close the run. */
static int tournament(const bo_opts *o, const char *dir)
{
    char why[512];
    if (bo_make_dirs(dir, why, sizeof why) != 0) {
        bo_cli_error(dir, 0, 0, "cannot make the folder: %s", why);
        return BO_EXIT_USAGE;
    }
    const bo_game_cli *gc = bo_cli_game_find(o->game);
    char paths[28][1100], *files[28];
    int nfiles = 0, rc = BO_EXIT_OK;
    for (int i = 0; i < o->nengines; i++)
        for (int j = i + 1; j < o->nengines; j++) {
            if (o->gauntlet && i > 0) continue;
            if (*bo_outfile_stop_flag()) break;   /* stopped by a signal: no next pairing */
            char sub[1024];
            snprintf(sub, sizeof sub, "%s/%d-%d", dir, i + 1, j + 1);
            bo_opts m = *o;
            m.player_a = o->engines[i];
            m.player_b = o->engines[j];
            m.out_dir = sub;
            m.resume = o->resume ? sub : NULL;
            fprintf(stderr, "boyi match: engine %d against engine %d into %s\n", i + 1, j + 1, sub);
            int r = bo_cmd_selfplay(&m);
            if (r != BO_EXIT_OK) rc = r;
            snprintf(paths[nfiles], sizeof paths[nfiles], "%s/games.%s", sub, gc && bo_cli_played_ext(gc) ? bo_cli_played_ext(gc) : "txt");
            files[nfiles] = paths[nfiles];
            nfiles++;
        }
    if (rc != BO_EXIT_OK) return rc;
    bo_opts s = {.command = "standings", .game = o->game, .rules = o->rules, .json = o->json, .args = files,
                 .nargs = nfiles, .max_pieces = -1};
    return bo_cmd_standings(&s) == BO_EXIT_USAGE ? BO_EXIT_USAGE : BO_EXIT_OK;
}

/* --log DIR and its missing parents, made before any engine starts (its traffic goes
 * there from the first line). */
static int make_log_dir(const bo_opts *o)
{
    char why[512];
    if (!o->log_dir || bo_make_dirs(o->log_dir, why, sizeof why) == 0) return 0;
    bo_cli_error(o->log_dir, 0, 0, "cannot make the log folder: %s", why);
    return -1;
}

/* boyi match: a self-play batch whose players are outside engines (or boyi's own:
 * an --engine without cmd= is a boyi player spec such as 'depth=6'). */
int bo_cmd_match(const bo_opts *o)
{
    /* --resume DIR alone: the engines' specs and every setting come from batch.txt. */
    if (o->resume && o->nengines == 0 && !o->game && !o->gauntlet) {
        if (make_log_dir(o) != 0) return BO_EXIT_USAGE;
        return bo_cmd_selfplay(o);
    }
    if (o->nengines < 2) {
        bo_cli_error(NULL, 0, 0, "match needs at least two --engine specs");
        return BO_EXIT_USAGE;
    }
    if (make_log_dir(o) != 0) return BO_EXIT_USAGE;
    const char *dir = o->resume ? o->resume : o->out_dir;
    if (!o->game || !dir) {
        bo_cli_error(NULL, 0, 0, "match needs --game and --out DIR (boyi match --help)");
        return BO_EXIT_USAGE;
    }
    if (o->nengines > 2 || o->gauntlet) return tournament(o, dir);
    bo_opts m = *o;
    m.player_a = o->engines[0];
    m.player_b = o->engines[1];
    return bo_cmd_selfplay(&m);
}

/* batch.txt with its shard line made "shard 0/0": what the unsplit run writes. */
static void unsharded(const char *text, char *out, size_t n)
{
    const char *s = strstr(text, "\nshard ");
    if (!s) { snprintf(out, n, "%s", text); return; }
    const char *end = strchr(s + 1, '\n');
    snprintf(out, n, "%.*s\nshard 0/0%s", (int)(s - text), text, end ? end : "\n");
}

/* Every complete journal line of DIR into the merged output, each checked (a game
 * read already means the shards overlap). */
static int merge_journal(sp_out *out, const char *dir, char *err, size_t errlen)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/journal.tsv", dir);
    return sp_out_load(out, path, true, NULL, NULL, err, errlen);
}

/* Shards that would put a game in twice are refused before anything is written: the
 * same folder named twice, two folders of the same shard, shards of different splits
 * (K/N and K'/N' with N != N' share games), or a shard beside the unsplit batch. */
static int check_shards(char **dirs, int n, char *err, size_t errlen)
{
    struct stat st[64];
    int k[64], total[64];
    if (n > 64) return 0;   /* the journals' game indices still catch an overlap */
    for (int i = 0; i < n; i++) {
        char text[8192], shard[64];
        if (stat(dirs[i], &st[i]) != 0) return snprintf(err, errlen, "%.300s: %s", dirs[i], strerror(errno)), -1;
        if (bo_batch_read(dirs[i], text, sizeof text, err, errlen) != 0) return -1;
        if (bo_batch_setting(text, "shard", shard, sizeof shard) != 0 || sscanf(shard, "%d/%d", &k[i], &total[i]) != 2)
            k[i] = total[i] = 0;
        for (int j = 0; j < i; j++) {
            if (st[i].st_dev == st[j].st_dev && st[i].st_ino == st[j].st_ino)
                return snprintf(err, errlen, "%.300s is given twice (as %.300s and %.300s): a shard is merged once",
                                dirs[i], dirs[j], dirs[i]), -1;
            if (total[i] != total[j] || total[i] == 0)
                return snprintf(err, errlen, "%.300s (shard %d/%d) and %.300s (shard %d/%d) overlap: merge the shards "
                                "of one split", dirs[j], k[j], total[j], dirs[i], k[i], total[i]), -1;
            if (k[i] == k[j])
                return snprintf(err, errlen, "%.300s and %.300s are the same shard (%d/%d): a shard is merged once",
                                dirs[j], dirs[i], k[i], total[i]), -1;
        }
    }
    return 0;
}

int bo_cmd_merge(const bo_opts *o)
{
    if (o->nargs < 1 || !o->out_dir) {
        bo_cli_error(NULL, 0, 0, "usage: boyi merge DIR... --out DIR");
        return BO_EXIT_USAGE;
    }
    char err[1024], first[8192], merged[8300];
    if (bo_batch_read(o->args[0], first, sizeof first, err, sizeof err) != 0) { bo_cli_error(NULL, 0, 0, "%s", err); return BO_EXIT_USAGE; }
    unsharded(first, merged, sizeof merged);
    for (int i = 1; i < o->nargs; i++) {
        char other[8192], flat[8300];
        if (bo_batch_read(o->args[i], other, sizeof other, err, sizeof err) != 0) { bo_cli_error(NULL, 0, 0, "%s", err); return BO_EXIT_USAGE; }
        unsharded(other, flat, sizeof flat);
        if (strcmp(flat, merged) != 0) {
            bo_cli_error(NULL, 0, 0, "%s and %s are parts of different batches (their batch.txt differ)", o->args[0], o->args[i]);
            return BO_EXIT_USAGE;
        }
    }
    if (check_shards(o->args, o->nargs, err, sizeof err) != 0) { bo_cli_error(NULL, 0, 0, "%s", err); return BO_EXIT_USAGE; }
    char game[64], rules[64], games[32];
    if (bo_batch_setting(first, "game", game, sizeof game) || bo_batch_setting(first, "rules", rules, sizeof rules) ||
        bo_batch_setting(first, "games", games, sizeof games)) {
        bo_cli_error(NULL, 0, 0, "%s/batch.txt: no game, rules or games line", o->args[0]);
        return BO_EXIT_USAGE;
    }
    const bo_game_cli *gc = bo_cli_game_find(game);
    const bo_game *g = gc ? bo_game_by_name(gc->name) : NULL;
    if (!g) { bo_cli_error(NULL, 0, 0, "%s/batch.txt: unknown game '%s'", o->args[0], game); return BO_EXIT_USAGE; }
    bo_opts mo = *o;
    mo.rules = rules;
    char sprt_text[256];
    sp_sprt sprt = {0};
    bool have_sprt = bo_batch_setting(first, "sprt", sprt_text, sizeof sprt_text) == 0 && strcmp(sprt_text, "-") != 0 &&
                     sp_sprt_parse(sprt_text, &sprt, err, sizeof err) == 0;
    char sample[32], seed[32];
    double rate = bo_batch_setting(first, "sample", sample, sizeof sample) == 0 ? atof(sample) : 1.0;
    uint64_t sseed = bo_batch_setting(first, "seed", seed, sizeof seed) == 0 ? strtoull(seed, NULL, 10) : 0;
    char name_a[128] = "A", name_b[128] = "B";   /* batches from before the names: A and B */
    bo_batch_setting(first, "name A", name_a, sizeof name_a);
    bo_batch_setting(first, "name B", name_b, sizeof name_b);
    sp_out out = {.g = g, .rules = mo.rules, .dir = o->out_dir, .games = atol(games),
                  .have_sprt = have_sprt, .sprt = sprt, .names = {name_a, name_b}, .sample_rate = rate, .sample_seed = sseed};
    bo_cli_sp_out_records(&out, gc, &mo);
    uint8_t *done = NULL;
    int rc = BO_EXIT_OK;
    if (sp_out_open(&out, false, merged, &done, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        sp_out_discard(&out);
        rc = BO_EXIT_USAGE;
    } else {
        for (int i = 0; i < o->nargs && rc == BO_EXIT_OK; i++)
            if (merge_journal(&out, o->args[i], err, sizeof err) != 0) { bo_cli_error(NULL, 0, 0, "%s", err); rc = BO_EXIT_USAGE; }
        if (out.written < out.games && !out.stopped)
            fprintf(stderr, "boyi: merge: %ld of %ld games present (game %ld is missing)\n", out.written, out.games, out.next + 1);
        if (sp_out_close(&out, err, sizeof err) != 0) { bo_cli_error(NULL, 0, 0, "%s", err); rc = BO_EXIT_USAGE; }
    }
    free(done);
    return rc;
}
