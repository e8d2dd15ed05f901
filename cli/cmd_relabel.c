/* cmd_relabel.c -- `boyi data relabel DATA... --game G (--depth N | --nodes N |
 * --movetime MS) -o OUT`: the positions of training data scored afresh by boyi's own
 * engine (--eval WEIGHTS) or an outside one (--engine SPEC), written as the plain text
 * of `boyi data export` with that engine's best move and score (docs/training-data.md,
 * "Relabelling": Stockfish's trainers call it rescoring).
 *
 * The rule: the output is a function of the input's positions and the limit alone.  A
 * position is searched on its own, as its FEN gives it (no game history: the record is
 * all a trainer sees, and a data.bin and its export relabel alike), with a table cleared
 * before it (boyi's search, one thread), or by an outside engine told a new game first.
 * So `-j N` writes what `-j 1` writes, and boyi's search at a depth or node limit gives
 * the score `boyi analyse --fen POS` gives.
 *
 * The method: every DATA file is read whole first, by the reader boyi train uses
 * (sp_data_positions: data.bin and plain text), so that bad input stops the command
 * before any search; the slice --first K --count N of its positions is kept.  A pool of
 * -j workers takes them in order, each with its own table or its own engine process
 * (started once, restarted after a fault: an_engine_ask, annotate's); the main thread
 * writes the records in input order as they finish into a temporary file renamed into
 * place at the end.  Left out and counted: positions over by the rules (no move to
 * search) and those without a score (an outside engine that failed twice at one, its
 * fault said).  A first SIGINT or SIGTERM starts no new position and abandons those in
 * progress; the records finished before the first abandoned one are written and the
 * message gives the --first that resumes (a second signal ends at once, writing
 * nothing). */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "annotate.h"
#include "cli.h"
#include "core.h"
#include "game.h"
#include "outfile.h"
#include "search.h"
#include "sp_engine.h"
#include "sp_train_data.h"

/* What became of a position. */
enum { RL_TODO = 0, RL_BUSY, RL_DONE, RL_OVER, RL_NO_SCORE, RL_ABANDONED };

typedef struct rl_item {
    int ply, result;         /* kept from the input */
    int file;                /* the DATA argument it came from */
    long game, line;         /* where: data.bin's game (line 0), or the plain text's line */
    int state;
    int score;               /* RL_DONE: the side to move's, wins as BO_SCORE_WIN - plies */
    bo_move best;
    char *why;               /* RL_NO_SCORE: the reason (owned) */
} rl_item;

typedef struct rl_run {
    const bo_opts *o;
    const bo_game *g;
    /* the input: the slice's positions (g->pos_size bytes each) and what they carry */
    unsigned char *pos;
    rl_item *items;
    long n, cap;
    long read;               /* positions read in all the files */
    int file;                /* the file being read */
    /* the pool */
    bo_limits lim;           /* boyi's search (stop: halt) */
    sp_engine_limits elim;   /* an outside engine's */
    const sp_engine_spec *spec;   /* --engine, or NULL */
    size_t hash_mb;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    long next;               /* the next position to hand out */
    bool stop;               /* no new position: a signal, or a fatal fault */
    atomic_bool halt;        /* the searches in progress end now (a signal) */
    char fatal[600];         /* the fault that stopped the run ("" none) */
} rl_run;

/* The reader's callback: a position in the slice is kept, the others counted. */
static int keep(void *ctx, const sp_data_pos *p, char *err, size_t errlen)
{
    rl_run *r = ctx;
    long k = r->read++;
    if (k < r->o->first || (r->o->count_n >= 0 && k - r->o->first >= r->o->count_n)) return 0;
    if (r->n == r->cap) {
        long cap = r->cap ? 2 * r->cap : 1024;
        unsigned char *pos = realloc(r->pos, (size_t)cap * r->g->pos_size);
        if (pos) r->pos = pos;
        rl_item *it = realloc(r->items, (size_t)cap * sizeof *it);
        if (it) r->items = it;
        if (!pos || !it) return bo_fail(err, errlen, "out of memory (--first and --count take a slice)");
        r->cap = cap;
    }
    /* the position as its text gives it: a replayed position's value may differ from the
       one its FEN reads into (Xiangqi's piece slots, which order the moves), and the
       search must see what a reader of the output sees */
    char fen[1024], why[200];
    void *at = r->pos + (size_t)r->n * r->g->pos_size;
    r->g->to_text(p->pos, fen, sizeof fen);
    if (r->g->from_text(at, p->rules, fen, why, sizeof why) != 0)
        return bo_fail(err, errlen, "%sposition '%s' does not read back: %s", p->line ? "" : "a ", fen, why);
    r->items[r->n] = (rl_item){.ply = p->ply, .result = p->result, .file = r->file, .game = p->game, .line = p->line};
    r->n++;
    return 0;
}

/* Every DATA file into R; 0, or an exit code (the error printed, located). */
static int read_inputs(rl_run *r, char *const *paths, int n)
{
    for (int i = 0; i < n; i++) {
        FILE *f = strcmp(paths[i], "-") == 0 ? stdin : fopen(paths[i], "rb");
        if (!f) { bo_cli_error(paths[i], 0, 0, "cannot read: %s", strerror(errno)); return BO_EXIT_USAGE; }
        char err[400];
        r->file = i;
        int rc = sp_data_positions(f, r->g, r->o->rules, keep, r, err, sizeof err);
        if (f != stdin) fclose(f);
        if (rc != 0) {
            bo_cli_error_msg(paths[i], err);
            return BO_EXIT_INVALID;
        }
    }
    return 0;
}

/* A search's score as the plain text writes it: centipawns, a found win in P plies
 * BO_SCORE_WIN - P (a loss its negation), as annotate and sp_engine_line_score have it. */
static int own_score(const bo_search_info *info)
{
    if (info->win_plies > 0) return BO_SCORE_WIN - info->win_plies;
    if (info->win_plies < 0) return -(BO_SCORE_WIN + info->win_plies);
    return info->score;
}

/* Position K searched (in a worker): its item's score, move or reason filled in, its
 * state returned (the worker publishes it under the lock: the main thread reads the
 * rest only after it). */
static int relabel_one(rl_run *r, long k, bo_tt *tt, sp_engine *eng, bool *answered, bo_hist *h)
{
    const bo_game *g = r->g;
    const void *pos = r->pos + (size_t)k * g->pos_size;
    rl_item *it = &r->items[k];
    bo_move legal[BO_MOVES_MAX];
    bo_hist_reset(h, g->hash(pos));
    if (g->result(pos, h).how != BO_END_NONE || g->legal(pos, legal) == 0) return RL_OVER;
    char why[512] = "";
    if (eng) {
        sp_engine_new_game(eng);   /* engines that clear their tables then answer by the position alone */
        sp_engine_analysis a = {0};
        int rc = an_engine_ask(g, eng, pos, NULL, 0, pos, &r->elim, answered, &a, why, sizeof why);
        if (atomic_load(&r->halt)) return RL_ABANDONED;
        if (rc == 0) {
            it->score = sp_engine_line_score(&a.line[0]);
            it->best = a.best;
            return RL_DONE;
        }
        if (rc > 0) {
            it->why = strdup(why);
            return RL_NO_SCORE;
        }
        pthread_mutex_lock(&r->mu);
        if (!r->fatal[0]) snprintf(r->fatal, sizeof r->fatal, "engine %.60s: %.500s", r->spec->name, why);
        r->stop = true;
        pthread_mutex_unlock(&r->mu);
        return RL_ABANDONED;
    }
    bo_tt_clear(tt);   /* the position's figures depend on it alone */
    bo_search_info info;
    int rc = bo_search(g, pos, h, &r->lim, tt, NULL, NULL, &info, why, sizeof why);
    if (atomic_load(&r->halt)) return RL_ABANDONED;
    if (rc != 0 || info.pvlen == 0) {
        it->why = strdup(why[0] ? why : "the search gave no move");
        return RL_NO_SCORE;
    }
    it->score = own_score(&info);
    it->best = info.pv[0];
    return RL_DONE;
}

/* A worker: take the next position, search it, say it is done; until none is left. */
static void *worker(void *arg)
{
    rl_run *r = arg;
    bo_tt *tt = r->spec ? NULL : bo_tt_new(r->hash_mb);
    sp_engine *eng = r->spec ? sp_engine_new(r->spec, r->g) : NULL;
    bool answered = false;   /* the engine has answered once: later faults are the position's */
    bo_hist h;
    bool hist = bo_hist_init(&h, 4) == 0;
    if (!hist || (r->spec ? !eng : !tt)) {
        pthread_mutex_lock(&r->mu);
        if (!r->fatal[0])
            snprintf(r->fatal, sizeof r->fatal, r->spec || !hist ? "out of memory" : "cannot allocate a %zu MB hash table",
                     r->hash_mb);
        r->stop = true;
        pthread_cond_broadcast(&r->cv);
        pthread_mutex_unlock(&r->mu);
    }
    for (;;) {
        pthread_mutex_lock(&r->mu);
        if (r->stop || r->next >= r->n) {
            pthread_mutex_unlock(&r->mu);
            break;
        }
        long k = r->next++;
        r->items[k].state = RL_BUSY;
        pthread_mutex_unlock(&r->mu);
        int state = relabel_one(r, k, tt, eng, &answered, &h);
        pthread_mutex_lock(&r->mu);
        r->items[k].state = state;
        pthread_cond_broadcast(&r->cv);
        pthread_mutex_unlock(&r->mu);
    }
    if (hist) bo_hist_free(&h);
    bo_tt_free(tt);
    sp_engine_free(eng);
    return NULL;
}

/* Wait until position K is finished (or will never be: the run stopped before it was
 * handed out), watching for a signal meanwhile.  Its state. */
static int wait_for(rl_run *r, long k)
{
    const atomic_int *sig = bo_outfile_stop_flag();
    pthread_mutex_lock(&r->mu);
    for (;;) {
        if (atomic_load(sig) && !r->stop) {
            r->stop = true;
            atomic_store(&r->halt, true);
        }
        int s = r->items[k].state;
        if (s != RL_TODO && s != RL_BUSY) break;
        if (s == RL_TODO && r->stop) break;
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        t.tv_nsec += 200 * 1000000L;   /* a signal is seen within a fifth of a second */
        if (t.tv_nsec >= 1000000000L) { t.tv_sec++; t.tv_nsec -= 1000000000L; }
        pthread_cond_timedwait(&r->cv, &r->mu, &t);
    }
    int s = r->items[k].state;
    pthread_mutex_unlock(&r->mu);
    return s;
}

/* Where position K came from, for a message: "FILE: game G, ply P" or "FILE:LINE". */
static void where(const rl_run *r, long k, char *buf, size_t n)
{
    const rl_item *it = &r->items[k];
    const char *path = r->o->args[1 + it->file];
    if (it->line > 0) snprintf(buf, n, "%s:%ld", path, it->line);
    else snprintf(buf, n, "%s: game %ld, ply %d", path, it->game, it->ply);
}

/* The options that make no sense here, refused by name; the engine's spec read into
 * SPEC (*HAVE_SPEC).  0, or an exit code (the error printed). */
static int check_options(const bo_opts *o, const bo_game *g, sp_engine_spec *spec, bool *have_spec)
{
    *have_spec = false;
    if (o->nargs < 2 || !o->output) {
        bo_cli_error(NULL, 0, 0, "usage: boyi data relabel DATA... --game G (--depth N | --nodes N | --movetime MS) -o OUT "
                     "(boyi data --help)");
        return BO_EXIT_USAGE;
    }
    if (o->depth <= 0 && !o->nodes && !o->movetime_ms) {
        bo_cli_error(NULL, 0, 0, "data relabel: give the search's limit: --depth N, --nodes N or --movetime MS");
        return BO_EXIT_USAGE;
    }
    if (o->count && o->count_n < 0) {
        bo_cli_error(NULL, 0, 0, "data relabel: --count takes a number of positions (--count N)");
        return BO_EXIT_USAGE;
    }
    if (o->json || (o->format && strcmp(o->format, "plain") != 0)) {
        bo_cli_error(NULL, 0, 0, "data relabel writes the plain text of data export (--format plain), not %s",
                     o->json ? "JSON" : o->format);
        return BO_EXIT_USAGE;
    }
    if (o->nengines == 0) return bo_cli_check_limits(g, bo_cli_opts_limits(o), "data relabel") == 0 ? 0 : BO_EXIT_USAGE;
    if (o->eval_file || o->hash_mb) {
        bo_cli_error(NULL, 0, 0, "data relabel: --%s is for boyi's own engine; an outside engine's is set in its spec "
                     "(option.NAME=VALUE)", o->eval_file ? "eval" : "hash");
        return BO_EXIT_USAGE;
    }
    for (const char *w = strstr(o->engines[0], "restart="); w; w = strstr(w + 1, "restart="))
        if ((w == o->engines[0] || w[-1] == ' ') && strncmp(w + 8, "never", 5) != 0) {
            bo_cli_error(NULL, 0, 0, "data relabel: an engine process per -j worker serves every position (told a new game "
                         "before each): restart= takes 'never' here");
            return BO_EXIT_USAGE;
        }
    double scale;
    bool per_game;
    char err[600];
    if (bo_cli_engine_spec(o, spec, &scale, &per_game, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    if (scale > 0) {   /* annotate's expected-score scale: relabel writes the engine's scores as they are */
        bo_cli_error(NULL, 0, 0, "data relabel: engine '%s': scale= is annotate's (the output keeps the engine's scores)",
                     spec->name);
        sp_engine_spec_free(spec);
        return BO_EXIT_USAGE;
    }
    *have_spec = true;
    return 0;
}

/* Start N workers; the number started (0: none could be). */
static int start_workers(rl_run *r, pthread_t *t, int n)
{
    int started = 0;
    for (int i = 0; i < n; i++)
        if (pthread_create(&t[i], NULL, worker, r) == 0) started++;
        else break;
    return started;
}

/* Write the records in order as they finish; returns the number of positions done
 * (written or left out) before the first that was not, and counts into the tallies. */
static long write_records(rl_run *r, FILE *out, long *written, long *over, long *no_score)
{
    const bo_game *g = r->g;
    bool progress = isatty(2);
    double last = 0;
    long k = 0;
    for (; k < r->n; k++) {
        int s = wait_for(r, k);
        if (s == RL_TODO || s == RL_BUSY || s == RL_ABANDONED) break;
        rl_item *it = &r->items[k];
        const void *pos = r->pos + (size_t)k * g->pos_size;
        if (s == RL_DONE) {
            char fen[1024], best[64];
            g->to_text(pos, fen, sizeof fen);
            g->move_to_text(pos, it->best, best, sizeof best);
            fprintf(out, "fen %s\nmove %s\nscore %d\nply %d\nresult %d\ne\n", fen, best, it->score, it->ply, it->result);
            (*written)++;
        } else if (s == RL_OVER) {
            (*over)++;
        } else {
            char at[600];
            where(r, k, at, sizeof at);
            fprintf(stderr, "boyi: warning: %s: no score, left out: %s\n", at, it->why ? it->why : "?");
            (*no_score)++;
        }
        if (progress && bo_now_seconds() - last > 0.5) {
            last = bo_now_seconds();
            fprintf(stderr, "\rrelabel: %ld of %ld positions", k + 1, r->n);
        }
    }
    if (progress) fprintf(stderr, "\r%*s\r", 40, "");
    return k;
}

int bo_cmd_data_relabel(const bo_opts *o)
{
    const bo_game_cli *gc = bo_cli_need_game(o);
    if (!gc) return BO_EXIT_USAGE;
    const bo_game *g = bo_game_by_name(gc->name);
    if (!g) {
        bo_cli_error(NULL, 0, 0, "data relabel: no engine for %s", gc->name);
        return BO_EXIT_USAGE;
    }
    sp_engine_spec spec;
    bool have_spec;
    int rc = check_options(o, g, &spec, &have_spec);
    if (rc != 0) return rc;
    rl_run r = {.o = o, .g = g, .hash_mb = o->hash_mb > 0 ? (size_t)o->hash_mb : 16};
    int *eval = NULL;
    if (!have_spec && bo_cli_load_eval(g, o->eval_file, &eval) != 0) return BO_EXIT_USAGE;
    if ((rc = read_inputs(&r, o->args + 1, o->nargs - 1)) != 0) goto done;
    r.lim = (bo_limits){.depth = o->depth > 0 ? o->depth : 0, .nodes = o->nodes, .movetime_ms = o->movetime_ms,
                        .threads = 1, .eval = eval, .stop = &r.halt};
    r.elim = (sp_engine_limits){.depth = r.lim.depth, .nodes = r.lim.nodes, .movetime_ms = r.lim.movetime_ms};
    if (have_spec) {
        spec.group = bo_outfile_group;   /* a signal that ends boyi ends the engines */
        spec.stop = bo_outfile_stop_flag();   /* and the first one ends a wait for an answer */
        r.spec = &spec;
    }
    char err[600];
    bo_outfile out;
    const char *opath = strcmp(o->output, "-") != 0 ? o->output : NULL;
    if (bo_outfile_open(&out, opath, "w", err, sizeof err) != 0) {
        bo_cli_error(opath, 0, 0, "%s", err);
        rc = BO_EXIT_USAGE;
        goto done;
    }
    bo_outfile_graceful();
    pthread_mutex_init(&r.mu, NULL);
    pthread_cond_init(&r.cv, NULL);
    atomic_init(&r.halt, false);
    int nw = o->jobs > 0 ? o->jobs : 1;
    if (nw > r.n) nw = r.n > 0 ? (int)r.n : 1;
    pthread_t *threads = calloc((size_t)nw, sizeof *threads);
    int started = threads && r.n > 0 ? start_workers(&r, threads, nw) : 0;
    long written = 0, over = 0, no_score = 0, finished = 0;
    if (r.n > 0 && started == 0) snprintf(r.fatal, sizeof r.fatal, "cannot start a worker thread");
    else finished = write_records(&r, out.f, &written, &over, &no_score);
    pthread_mutex_lock(&r.mu);
    r.stop = true;
    pthread_mutex_unlock(&r.mu);
    for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
    free(threads);
    pthread_mutex_destroy(&r.mu);
    pthread_cond_destroy(&r.cv);
    int sig = atomic_load(bo_outfile_stop_flag());
    const char *shown = opath ? opath : "standard output";
    if (r.fatal[0]) {
        bo_outfile_abort(&out);
        bo_cli_error(NULL, 0, 0, "data relabel: %s (nothing written)", r.fatal);
        rc = BO_EXIT_USAGE;
        goto done;
    }
    if (bo_outfile_commit(&out, err, sizeof err) != 0) {
        bo_cli_error(bo_outfile_name(&out), 0, 0, "%s", err);
        rc = BO_EXIT_USAGE;
        goto done;
    }
    fprintf(stderr, "boyi: data relabel: %ld positions read, %ld in the slice from position %ld; %ld written to %s; "
            "left out: %ld over by the rules (no move to search), %ld without a score\n",
            r.read, r.n, o->first, written, shown, over, no_score);
    if (finished < r.n) {
        char count[48] = "";
        if (o->count_n >= 0) snprintf(count, sizeof count, " --count %ld", r.n - finished);
        fprintf(stderr, "boyi: data relabel: interrupted by %s: positions %ld..%ld of the input done (%ld records written "
                "to %s, whole); %ld not done: to relabel them, run the same command with --first %ld%s and another -o\n",
                sig == SIGTERM ? "SIGTERM" : "SIGINT", o->first, o->first + finished - 1, written, shown, r.n - finished,
                o->first + finished, count);
        rc = 128 + (sig ? sig : SIGINT);
    }
done:
    for (long k = 0; k < r.n; k++) free(r.items[k].why);
    free(r.items);
    free(r.pos);
    free(eval);
    if (have_spec) sp_engine_spec_free(&spec);
    return rc;
}
