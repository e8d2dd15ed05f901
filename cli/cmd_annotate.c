/* cmd_annotate.c -- `boyi annotate`: every move of every game judged by the engine.
 *
 * One read of the files (the game's records interface, records.h, as validate reads
 * them) collects each game's start and main line, and keeps the game itself (its
 * record, verdict and the rest); a pool of workers searches every position of each
 * (annotate_search.c); then this thread waits for game k's analysis, writes its
 * figures into the kept record's comments and writes the record in its own format
 * (annotate_write.c), or writes JSON lines, game by game in file order, flushed after each
 * (records of a file not in UTF-8 are kept in memory and written in the file's own
 * encoding at the end: a Big5 file stays Big5).  Nothing here knows a game by name: scales, notation
 * and formats come from the front ends (cli.h) and the descriptor (game.h).
 * With --engine SPEC (match's spec, selfplay/sp_engine.h) an outside engine judges
 * instead of boyi's search: one process per worker, its scores normalised to the
 * same convention; a position it cannot judge (it failed twice there) is written
 * "no analysis", and the moves around it are not classed.
 * With --eval WEIGHTS boyi's search judges with that evaluation (a weights file of
 * boyi train), for every look, first and second.
 * docs/annotate.md gives the formulas and the output. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "annotate.h"
#include "cli.h"
#include "encoding.h"
#include "outfile.h"
#include "record.h"

/* Readers say "line L, column C: reason" for a fault of the whole file: printed
 * located, as validate prints it. */
static void file_error(const char *path, const char *err)
{
    int line = 0, col = 0, used = 0;
    if (sscanf(err, "line %d, column %d: %n", &line, &col, &used) == 2 && used > 0)
        bo_cli_error(path, line, col, "%s", err + used);
    else if (sscanf(err, "line %d: %n", &line, &used) == 1 && used > 0)
        bo_cli_error(path, line, 0, "%s", err + used);
    else
        bo_cli_error(path, 0, 0, "%s", err);
}

/* ---- first pass: collect ------------------------------------------------------ */

/* Job K's kept game let go (written, or its file failed). */
static void drop_kept(an_run *R, int k)
{
    if (R->kept && R->kept[k]) bo_records_release(R->kgc[k]->records, R->kept[k]);
    if (R->kept) R->kept[k] = NULL;
}

/* One game of the first pass: its start and moves, copied for a worker. */
static int collect(void *ctx, const bo_cli_game_rec *rec)
{
    an_run *R = ctx;
    if (R->njobs == R->cap) {
        int cap = R->cap ? 2 * R->cap : 64;
        an_job **jj = realloc(R->jobs, (size_t)cap * sizeof *jj);
        if (jj) R->jobs = jj;
        bo_rec_game **kk = jj ? realloc(R->kept, (size_t)cap * sizeof *kk) : NULL;
        if (kk) R->kept = kk;
        const bo_game_cli **gg = kk ? realloc(R->kgc, (size_t)cap * sizeof *gg) : NULL;
        if (!gg) { R->oom = true; return 1; }
        R->kgc = gg;
        R->cap = cap;
    }
    /* the game itself, for the writing after the analysis: no second read */
    R->kept[R->njobs] = NULL;
    R->kgc[R->njobs] = R->gc;
    if (!(R->kept[R->njobs] = bo_records_keep(R->gc->records, rec))) { R->oom = true; return 1; }
    an_job *j = calloc(1, sizeof *j);
    if (!j) { drop_kept(R, R->njobs); R->oom = true; return 1; }
    j->g = R->g;
    j->nmoves = rec->v->status == BO_VERDICT_SKIPPED ? 0 : rec->nmoves;
    j->start = malloc(R->g->pos_size);
    j->moves = malloc(((size_t)j->nmoves + 1) * sizeof *j->moves);
    j->evals = calloc((size_t)j->nmoves + 1, sizeof *j->evals);
    if (!j->start || !j->moves || !j->evals) {
        free(j->start); free(j->moves); free(j->evals); free(j);
        drop_kept(R, R->njobs);
        R->oom = true;
        return 1;
    }
    memcpy(j->start, rec->start, R->g->pos_size);
    if (j->nmoves > 0) memcpy(j->moves, rec->moves, (size_t)j->nmoves * sizeof *j->moves);
    j->replay_only = R->replay_only;
    j->scale = R->scale > 0 ? R->scale : R->gc->eval_scale > 0 ? R->gc->eval_scale : 400;
    /* no limit given: the game's own default depth (a front end's figure, chosen per
       game: docs/annotate.md, "Fourth round") */
    j->lim = R->lim;
    if (!j->lim.depth && !j->lim.nodes && !j->lim.movetime_ms)
        j->lim.depth = R->gc->annotate_depth > 0 ? R->gc->annotate_depth : 6;
    j->look = an_look_limit(&j->lim, R->gc->second_look_plies);
    j->look_from = R->gc->second_look_loss > 0 ? R->gc->second_look_loss : AN_SECOND_LOOK_LOSS;
    R->jobs[R->njobs++] = j;
    return 0;
}

/* The game of a file (--game or its content) and its engine; NULL with the error
 * printed when there is none. */
static const bo_game_cli *file_game(const bo_opts *o, const bo_text *t, const bo_game **g)
{
    const bo_game_cli *gc = bo_cli_game_for_text(o, t);
    if (!gc) {
        bo_cli_error(t->path, 1, 1, "cannot tell which game this file holds (empty or not a record file); use --game");
        return NULL;
    }
    const bo_game_cli *other = bo_cli_game_mismatch(o, t);
    if (other) {
        bo_cli_file_of_other_game(t->path, other, gc);
        return NULL;
    }
    *g = bo_game_by_name(gc->name);
    if (!*g || !bo_cli_can_replay(gc) || !bo_cli_can_write_game(gc)) {
        bo_cli_error(t->path, 0, 0, "annotate cannot analyse %s records yet", gc->name);
        return NULL;
    }
    return gc;
}

/* Job K's game from the read, without reading the file again. */
static void emit_kept(an_run *R, int k)
{
    R->gc = R->kgc[k];
    R->g = R->jobs[k]->g;
    an_write_game(R, R->kept[k]);
    drop_kept(R, k);
}

/* ---- the command ---------------------------------------------------------------- */

/* Read file PATH and replay it with EACH; 0, or -1 with the fault printed. */
static int replay_file(an_run *R, const char *path, bo_cli_game_fn each)
{
    char err[512];
    bo_text t;
    if (bo_text_load_enc(&t, path, R->o->encoding, err, sizeof err) != 0) {
        bo_cli_error(path, 0, 0, "%s", err);
        return -1;
    }
    if (t.encoding != BO_ENC_BINARY) {
        if (R->encs == 0) { R->enc = t.encoding; R->encs = 1; }
        else if (R->enc != t.encoding) R->encs = 2;
    }
    bo_cli_text_warnings(&t);
    const bo_game *g = NULL;
    const bo_game_cli *gc = file_game(R->o, &t, &g);
    int rc = -1;
    if (gc && g) {
        R->gc = gc;
        R->g = g;
        rc = bo_cli_replay(gc, R->o, &t, each, R, err, sizeof err);
        if (rc != 0) file_error(path, err);
    }
    bo_text_free(&t);
    return rc;
}

/* Are all the games of one game (an outside engine plays one, a weights file is one
 * game's)?  Else said, OPT and WHY ("an engine judges") named, false. */
static bool one_game(const an_run *R, const char *opt, const char *why)
{
    for (int k = 1; k < R->njobs; k++)
        if (R->jobs[k]->g != R->jobs[0]->g) {
            bo_cli_error(NULL, 0, 0, "%s: the files hold games of %s and of %s; %s one game", opt,
                         R->jobs[0]->g->name, R->jobs[k]->g->name, why);
            return false;
        }
    return true;
}

/* --eval: the weights of the files' one game into every job's limits, both looks
 * (*W owns them; NULL without --eval or without a game to search); 0, or -1 said. */
static int load_weights(an_run *R, int **w)
{
    *w = NULL;
    if (!R->o->eval_file || R->replay_only || R->njobs == 0) return 0;
    if (!one_game(R, "--eval", "a weights file is for") || bo_cli_load_eval(R->jobs[0]->g, R->o->eval_file, w) != 0) return -1;
    for (int k = 0; k < R->njobs; k++) R->jobs[k]->lim.eval = R->jobs[k]->look.eval = *w;
    return 0;
}

int bo_cmd_annotate(const bo_opts *o)
{
    if (o->nargs == 0) {
        bo_cli_error(NULL, 0, 0, "usage: boyi annotate FILE... [-o OUT] [--depth N | --nodes N | --movetime MS] [--engine SPEC] [-j N] [--json]");
        return BO_EXIT_USAGE;
    }
    /* a move back to a position the game had is not a draw unless the rule's count is
       reached (the players played on: docs/annotate.md, "Repetitions") */
    an_run R = {.o = o, .rc = BO_EXIT_OK, .replay_only = o->depth == 0,
                .lim = {.depth = o->depth > 0 ? o->depth : 0, .nodes = o->nodes, .movetime_ms = o->movetime_ms,
                        .tree_repetitions = true}};
    sp_engine_spec spec;
    bool engine = o->nengines > 0, per_game = false;
    if (engine && o->eval_file) {
        bo_cli_error(NULL, 0, 0, "--eval sets boyi's own evaluation; with --engine the outside engine judges (give one of them)");
        return BO_EXIT_USAGE;
    }
    if (engine) {
        char err[512];
        if (bo_cli_engine_spec(o, &spec, &R.scale, &per_game, err, sizeof err) != 0) {
            bo_cli_error(NULL, 0, 0, "%s", err);
            return BO_EXIT_USAGE;
        }
        R.engine_name = spec.name;
    }
    bool *ok = calloc((size_t)o->nargs, sizeof *ok);
    int *first = calloc((size_t)o->nargs, sizeof *first);   /* first[i]: file i's first job */
    if (!ok || !first) { free(ok); free(first); bo_cli_error(NULL, 0, 0, "out of memory"); return BO_EXIT_USAGE; }
    bool unreadable = false;
    for (int i = 0; i < o->nargs; i++) {
        int before = first[i] = R.njobs;
        ok[i] = replay_file(&R, o->args[i], collect) == 0 && !R.oom;
        if (R.oom) bo_cli_error(o->args[i], 0, 0, "out of memory: the file is not annotated");
        R.oom = false;
        if (!ok[i]) {
            unreadable = true;
            /* the games read before the fault are kept out: the file is not written */
            for (int k = before; k < R.njobs; k++) {
                drop_kept(&R, k);
                an_job_free_arrays(R.jobs[k]);
                free(R.jobs[k]);
            }
            R.njobs = before;
        }
    }
    const char *path = o->output && strcmp(o->output, "-") != 0 ? o->output : NULL;
    bo_outfile outf;
    char err[512];
    int *weights = NULL;
    if ((engine && !R.replay_only && !one_game(&R, "--engine", "an engine judges")) || load_weights(&R, &weights) != 0) {
        R.rc = BO_EXIT_USAGE;
        goto done;
    }
    if (bo_outfile_open(&outf, path, "w", err, sizeof err) != 0) {
        bo_cli_error(path, 0, 0, "%s", err);
        R.rc = BO_EXIT_USAGE;
        goto done;
    }
    R.out = outf.f;
    /* The records go out in the encoding they came in (a Big5 file stays Big5): written
     * to memory in UTF-8 first, then encoded.  JSON is UTF-8 always; files of
     * different encodings give UTF-8, said once. */
    char *mem = NULL;
    size_t memlen = 0;
    FILE *memf = NULL;
    if (R.encs == 2 && !o->json)
        fprintf(stderr, "boyi: warning: the files are in different encodings: the records are written in UTF-8\n");
    if (R.encs == 1 && R.enc != BO_ENC_UTF8 && !o->json) {
        memf = open_memstream(&mem, &memlen);
        if (!memf) { bo_cli_error(NULL, 0, 0, "out of memory"); bo_outfile_abort(&outf); R.rc = BO_EXIT_USAGE; goto done; }
        R.out = memf;
    }
    an_pool pool;
    int workers = o->jobs > 0 ? o->jobs : 1;
    if (an_pool_start(&pool, R.jobs, R.njobs, o->hash_mb > 0 ? (size_t)o->hash_mb : 16, workers,
                      engine && !R.replay_only ? &spec : NULL, per_game, !o->no_second_look, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        if (memf) { fclose(memf); free(mem); }
        bo_outfile_abort(&outf);
        R.rc = BO_EXIT_USAGE;
        goto done;
    }
    R.pool = &pool;
    /* a progress line only for a person watching stderr, never over the output */
    R.progress = isatty(STDERR_FILENO) && (path || !isatty(STDOUT_FILENO));
    for (int i = 0; i < o->nargs; i++) {
        if (!ok[i]) continue;
        int end = i + 1 < o->nargs ? first[i + 1] : R.njobs;
        for (int k = first[i]; k < end; k++) emit_kept(&R, k);   /* kept: no file is read again */
    }
    if (R.progress) fputs("\r\033[K", stderr);
    an_pool_stop(&pool);
    if (memf) {
        long lost = 0;
        int bad = fclose(memf) != 0 || bo_encode_utf8(R.enc, mem, memlen, outf.f, &lost, err, sizeof err) != 0;
        free(mem);
        if (bad) {
            bo_cli_error(bo_outfile_name(&outf), 0, 0, "%s", err);
            bo_outfile_abort(&outf);
            R.rc = BO_EXIT_USAGE;
            goto done;
        }
        if (lost) fprintf(stderr, "boyi: warning: %ld characters have no code in %s: written '?'\n", lost, bo_encoding_name(R.enc));
    }
    if (path && (R.rc != BO_EXIT_OK || unreadable) && ftello(outf.f) <= 0) {
        /* a failure that wrote nothing (an unreadable file included) keeps the old -o */
        bo_outfile_abort(&outf);
        bo_cli_error(path, 0, 0, "not written: nothing was annotated (nothing was changed)");
    } else if (bo_outfile_commit(&outf, err, sizeof err) != 0) {   /* -o appears whole or not at all */
        bo_cli_error(bo_outfile_name(&outf), 0, 0, "%s", err);
        R.rc = BO_EXIT_USAGE;
    }
done:
    for (int k = 0; k < R.njobs; k++) {
        drop_kept(&R, k);
        an_job_free_arrays(R.jobs[k]);
        free(R.jobs[k]);
    }
    free(R.jobs);
    free(R.kept);
    free(R.kgc);
    free(ok);
    free(first);
    free(weights);
    if (engine) sp_engine_spec_free(&spec);
    if (unreadable) return BO_EXIT_USAGE;
    return R.rc;
}
