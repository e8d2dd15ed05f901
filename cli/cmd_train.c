/* cmd_train.c -- `boyi train`: a game's evaluation weights fitted to training data,
 * and --eval FILE's loader for the commands that search.
 *
 * The data files are read into sets (selfplay/sp_train_data.h: the target, the
 * positions left out), fitted (selfplay/sp_train.h: the loss, the optimiser), and the
 * weights rounded and written whole under a temporary name.  The log, on stdout, has
 * a line per epoch with the training and validation losses, then the losses of the
 * rounded weights the engine will play with, and of all-zero weights (ln 2: the
 * evaluation that knows nothing). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "game.h"
#include "outfile.h"
#include "sp_train_data.h"

enum { WEIGHTS_FILE_MAX = 8 << 20 };   /* draughts' pattern tables: 105,200 weights, about 2.2 MB written in full */

int bo_cli_load_eval(const bo_game *g, const char *path, int **w)
{
    *w = NULL;
    if (!path) return 0;
    const bo_eval_model *m = g->eval_model;
    if (!m) { bo_cli_error(path, 0, 0, "%s's evaluation takes no weights (--eval is for xiangqi, draughts and gomoku)", g->name); return -1; }
    FILE *f = fopen(path, "rb");
    if (!f) { bo_cli_error(path, 0, 0, "cannot read: %s", strerror(errno)); return -1; }
    char *text = malloc(WEIGHTS_FILE_MAX + 1);
    size_t n = text ? fread(text, 1, WEIGHTS_FILE_MAX + 1, f) : 0;
    int bad = ferror(f);
    fclose(f);
    int *v = malloc((size_t)m->nweights * sizeof *v);
    char err[300];
    int rc = -1;
    if (!text || !v) bo_cli_error(path, 0, 0, "out of memory");
    else if (bad) bo_cli_error(path, 0, 0, "cannot read");
    else if (n > WEIGHTS_FILE_MAX) bo_cli_error(path, 0, 0, "larger than %d bytes: not a weights file", WEIGHTS_FILE_MAX);
    else if (sp_weights_parse(text, n, m, v, err, sizeof err) != 0) {
        bo_cli_error_msg(path, err);
    } else rc = 0;
    free(text);
    if (rc == 0) *w = v;
    else free(v);
    return rc;
}

/* Every file of PATHS into the reader's set; 0, or an exit code (the error printed). */
static int read_files(sp_train_reader *r, char *const *paths, int n)
{
    for (int i = 0; i < n; i++) {
        FILE *f = strcmp(paths[i], "-") == 0 ? stdin : fopen(paths[i], "rb");
        if (!f) { bo_cli_error(paths[i], 0, 0, "cannot read: %s", strerror(errno)); return BO_EXIT_USAGE; }
        char err[400];
        int rc = sp_train_read_file(r, f, err, sizeof err);
        if (f != stdin) fclose(f);
        if (rc != 0) {
            bo_cli_error_msg(paths[i], err);
            return BO_EXIT_INVALID;
        }
    }
    return 0;
}

static void print_counts(const char *what, const sp_train_reader *r)
{
    printf("%s: %ld positions read, %ld used (left out: %ld won or lost, %ld in check, %ld with a noisy best move)\n",
           what, r->positions, r->used, r->decided, r->in_check, r->noisy);
}

static void on_epoch(void *ctx, int epoch, double train, double val)
{
    (void)ctx;
    if (val >= 0) printf("epoch %d: train loss %.6f, validation loss %.6f\n", epoch, train, val);
    else printf("epoch %d: train loss %.6f\n", epoch, train);
    fflush(stdout);
}

/* --model ID: which of M's weights the earlier model ID has (FIXED[i] 0: fitted; the
 * others kept at their start), by the weight's own name (a model grown at its end, as
 * Xiangqi's).  *FIXED stays NULL for ID = M's own id.  0, or an exit code (printed). */
static int model_mask(const bo_eval_model *m, const char *id, unsigned char **fixed)
{
    *fixed = NULL;
    if (!id || strcmp(id, m->id) == 0) return 0;
    const bo_eval_old *old = sp_eval_old_model(m, id);
    if (!old) {
        char list[200] = "";
        size_t at = 0;
        for (int k = 0; k < BO_EVAL_OLD_MAX && m->old[k].id && at < sizeof list; k++)
            at += (size_t)snprintf(list + at, sizeof list - at, ", %s", m->old[k].id);
        bo_cli_error(NULL, 0, 0, "train: --model %s: %s's evaluation takes %s%s", id, m->id, m->id, list);
        return BO_EXIT_USAGE;
    }
    unsigned char *f = malloc((size_t)m->nweights);
    if (!f) { bo_cli_error(NULL, 0, 0, "out of memory"); return BO_EXIT_USAGE; }
    int fitted = 0;
    for (int i = 0; i < m->nweights; i++) {
        char name[64];
        int idx[BO_OLD_WEIGHT_MAX];
        int n = old->weight(bo_eval_weight_name(m, i, name, sizeof name), idx);
        f[i] = !(n == 1 && idx[0] == i);
        fitted += !f[i];
    }
    if (fitted == 0) {
        bo_cli_error(NULL, 0, 0, "train: --model %s: none of its weights is one of %s's by name", id, m->id);
        free(f);
        return BO_EXIT_USAGE;
    }
    *fixed = f;
    return 0;
}

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int bo_cmd_train(const bo_opts *o)
{
    const bo_game_cli *gc = bo_cli_need_game(o);
    if (!gc) return BO_EXIT_USAGE;
    const bo_game *g = bo_game_by_name(gc->name);
    if (!g || !g->eval_model) {
        bo_cli_error(NULL, 0, 0, "train: %s's evaluation has no trainable weights (games that have: xiangqi, draughts, gomoku)", gc->name);
        return BO_EXIT_USAGE;
    }
    if (o->nargs < 1 || !o->output) {
        bo_cli_error(NULL, 0, 0, "usage: boyi train --game G DATA... -o WEIGHTS [--validation DATA] [--epochs N] (boyi train --help)");
        return BO_EXIT_USAGE;
    }
    const bo_eval_model *m = g->eval_model;
    double scale = gc->train_scale > 0 ? gc->train_scale : gc->eval_scale > 0 ? gc->eval_scale : 400;
    double lambda = o->lambda >= 0 ? o->lambda : 0.5;
    double score_scale = o->score_scale > 0 ? o->score_scale : scale;   /* the labels' S; the evaluation's is the game's */
    int *start = NULL;
    unsigned char *fixed = NULL;
    if (model_mask(m, o->train_model, &fixed) != 0) return BO_EXIT_USAGE;
    if (o->init && strcmp(o->init, "zero") != 0 && bo_cli_load_eval(g, o->init, &start) != 0) {
        free(fixed);
        return BO_EXIT_USAGE;
    }
    double *w = malloc((size_t)m->nweights * sizeof *w);
    int *out = malloc((size_t)m->nweights * sizeof *out);
    sp_train_set train, val;
    sp_train_set_init(&train);
    sp_train_set_init(&val);
    sp_train_reader rt = {0}, rv = {0};
    char err[300];
    int rc = BO_EXIT_OK;
    double t0 = cpu_seconds();
    if (!w || !out) {
        bo_cli_error(NULL, 0, 0, "out of memory");
        free(w); free(out); free(start); free(fixed);
        return BO_EXIT_USAGE;
    }
    for (int i = 0; i < m->nweights; i++)
        w[i] = start ? start[i] : o->init && strcmp(o->init, "zero") == 0 ? 0 : m->defaults[i];
    if (sp_train_reader_init(&rt, g, lambda, score_scale, &train, err, sizeof err) != 0
        || sp_train_reader_init(&rv, g, lambda, score_scale, &val, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        rc = BO_EXIT_USAGE;
        goto done;
    }
    if ((rc = read_files(&rt, o->args, o->nargs)) != 0) goto done;
    if (o->validation && (rc = read_files(&rv, (char *const *)&o->validation, 1)) != 0) goto done;
    printf("game %s, model %s (%d weights), scale %.0f, target %.2f x result + %.2f x E(score)", g->name, m->id,
           m->nweights, scale, lambda, 1 - lambda);
    if (score_scale != scale) printf(", the scores' scale %.0f", score_scale);
    if (o->l2 > 0) printf(", l2 %g towards the start", o->l2);
    if (fixed) printf(", fitting %s's weights only", o->train_model);
    printf("\n");
    print_counts("training data", &rt);
    if (o->validation) print_counts("validation data", &rv);
    if (train.n == 0) {
        bo_cli_error(NULL, 0, 0, "train: no position to train on in the data");
        rc = BO_EXIT_INVALID;
        goto done;
    }
    sp_train_params p = {.epochs = o->epochs >= 0 ? o->epochs : 20, .scale = scale, .l2 = o->l2,
                         .threads = o->threads > 0 ? o->threads : 1, .seed = o->seed, .fixed = fixed};
    if (sp_train_fit(&train, o->validation ? &val : NULL, w, m->nweights, &p, on_epoch, NULL, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "train: %s", err);
        rc = BO_EXIT_USAGE;
        goto done;
    }
    for (int i = 0; i < m->nweights; i++) {
        out[i] = (int)lround(w[i]);
        w[i] = out[i];
    }
    double zero_loss = log(2.0);   /* every prediction 1/2 */
    printf("rounded weights: train loss %.6f", sp_train_loss(&train, w, scale, p.threads));
    if (o->validation) printf(", validation loss %.6f", sp_train_loss(&val, w, scale, p.threads));
    printf("; all-zero weights: %.6f\n", zero_loss);
    bo_outfile of;
    if (bo_outfile_open(&of, strcmp(o->output, "-") == 0 ? NULL : o->output, "w", err, sizeof err) != 0) {
        bo_cli_error(o->output, 0, 0, "%s", err);
        rc = BO_EXIT_USAGE;
        goto done;
    }
    sp_weights_write(of.f, m, out);
    if (bo_outfile_commit(&of, err, sizeof err) != 0) {
        bo_cli_error(bo_outfile_name(&of), 0, 0, "%s", err);
        rc = BO_EXIT_USAGE;
        goto done;
    }
    printf("weights written to %s; %.1f CPU seconds\n", o->output, cpu_seconds() - t0);
done:
    sp_train_reader_free(&rt);
    sp_train_reader_free(&rv);
    sp_train_set_free(&train);
    sp_train_set_free(&val);
    free(w);
    free(out);
    free(start);
    free(fixed);
    return rc;
}
