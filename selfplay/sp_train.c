/* sp_train.c -- logistic regression of expected scores on sparse features, by Adam
 * (sp_train.h states the model and the loss).
 *
 * Determinism: the epoch's order comes from the seed (Fisher-Yates on splitmix64);
 * a minibatch is cut into chunks of CHUNK positions, each chunk's gradient is summed
 * alone (by whichever thread), and the chunks' sums are added in chunk order, so the
 * floating-point result does not depend on the threads. */
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "sp_train.h"

enum { CHUNK = 256, DEFAULT_BATCH = 4096, MAX_THREADS = 64 };

void sp_train_set_init(sp_train_set *s)
{
    memset(s, 0, sizeof *s);
}

void sp_train_set_free(sp_train_set *s)
{
    free(s->feat);
    free(s->start);
    free(s->target);
    memset(s, 0, sizeof *s);
}

/* Grow *P (of *CAP elements of SIZE bytes) to hold at least NEED; 0, or -1 out of memory. */
static int grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) return 0;
    size_t c = *cap ? *cap : 1024;
    while (c < need) c *= 2;
    void *np = realloc(*p, c * size);
    if (!np) return -1;
    *p = np;
    *cap = c;
    return 0;
}

int sp_train_add(sp_train_set *s, const bo_feature *f, int n, float target)
{
    size_t cap = s->cap;
    void *start = s->start, *tgt = s->target;
    if (grow(&start, &cap, s->n + 2, sizeof *s->start) != 0) return -1;
    s->start = start;
    cap = s->cap;
    if (grow(&tgt, &cap, s->n + 2, sizeof *s->target) != 0) return -1;
    s->target = tgt;
    s->cap = cap;
    void *feat = s->feat;
    if (grow(&feat, &s->capfeat, s->nfeat + (size_t)n, sizeof *s->feat) != 0) return -1;
    s->feat = feat;
    if (s->n == 0) s->start[0] = 0;
    memcpy(s->feat + s->nfeat, f, (size_t)n * sizeof *f);
    s->nfeat += (size_t)n;
    s->target[s->n] = target;
    s->start[++s->n] = s->nfeat;
    return 0;
}

/* The prediction's logit per centipawn: ln(10) / S. */
static double logit_unit(double scale) { return log(10.0) / scale; }

/* Cross-entropy of target T against the logit Z, computed without overflow:
 * -t ln p - (1-t) ln(1-p) with p = 1/(1+e^-z) is softplus(z) - t z. */
static double xent(double z, double t)
{
    double sp = z > 0 ? z + log1p(exp(-z)) : log1p(exp(z));
    return sp - t * z;
}

/* The work of one call over chunks: positions IDX[lo..hi) of SET (IDX NULL: in order). */
typedef struct job {
    const sp_train_set *set;
    const size_t *idx;
    size_t lo, hi;
    const double *w;
    int nweights;
    double k;                /* logit per centipawn */
    double *grad;            /* nchunks x nweights, or NULL (loss only) */
    double *loss;            /* per chunk */
    int nchunks, next_step;  /* a thread does chunks first, first + step, ... */
} job;

/* One chunk: its loss and (when asked) its gradient, dL/dw_i = (p - t) k f_i. */
static void do_chunk(const job *j, int c)
{
    size_t lo = j->lo + (size_t)c * CHUNK, hi = lo + CHUNK < j->hi ? lo + CHUNK : j->hi;
    double loss = 0, *g = j->grad ? j->grad + (size_t)c * (size_t)j->nweights : NULL;
    if (g) memset(g, 0, (size_t)j->nweights * sizeof *g);
    for (size_t q = lo; q < hi; q++) {
        size_t i = j->idx ? j->idx[q] : q;
        const bo_feature *f = j->set->feat + j->set->start[i], *end = j->set->feat + j->set->start[i + 1];
        double e = 0;
        for (const bo_feature *x = f; x < end; x++) e += j->w[x->index] * x->value;
        double z = j->k * e, t = j->set->target[i];
        loss += xent(z, t);
        if (g) {
            double d = (1.0 / (1.0 + exp(-z)) - t) * j->k;
            for (const bo_feature *x = f; x < end; x++) g[x->index] += d * x->value;
        }
    }
    j->loss[c] = loss;
}

typedef struct worker_arg {
    const job *j;
    int first;
} worker_arg;

static void *worker(void *arg)
{
    const worker_arg *a = arg;
    for (int c = a->first; c < a->j->nchunks; c += a->j->next_step) do_chunk(a->j, c);
    return NULL;
}

/* Every chunk of J, on up to THREADS threads (the chunks' results land in their own
 * slots, so who computes them does not matter). */
static void run_chunks(job *j, int threads)
{
    if (threads > j->nchunks) threads = j->nchunks;
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    if (threads <= 1) {
        for (int c = 0; c < j->nchunks; c++) do_chunk(j, c);
        return;
    }
    pthread_t th[MAX_THREADS];
    worker_arg args[MAX_THREADS];
    bool started[MAX_THREADS] = {0};
    j->next_step = threads;
    for (int t = 1; t < threads; t++) {
        args[t] = (worker_arg){j, t};
        started[t] = pthread_create(&th[t], NULL, worker, &args[t]) == 0;
    }
    for (int c = 0; c < j->nchunks; c += threads) do_chunk(j, c);
    for (int t = 1; t < threads; t++) {
        if (started[t]) pthread_join(th[t], NULL);
        else for (int c = t; c < j->nchunks; c += threads) do_chunk(j, c);   /* no thread: do its share */
    }
}

double sp_train_loss(const sp_train_set *s, const double *w, double scale, int threads)
{
    if (!s || s->n == 0) return 0;
    int nchunks = (int)((s->n + CHUNK - 1) / CHUNK);
    double *loss = malloc((size_t)nchunks * sizeof *loss);
    if (!loss) return NAN;
    job j = {.set = s, .lo = 0, .hi = s->n, .w = w, .k = logit_unit(scale), .loss = loss, .nchunks = nchunks,
             .next_step = 1};
    run_chunks(&j, threads);
    double sum = 0;
    for (int c = 0; c < nchunks; c++) sum += loss[c];
    free(loss);
    return sum / (double)s->n;
}

int sp_train_fit(const sp_train_set *train, const sp_train_set *val, double *w, int nweights,
                 const sp_train_params *p, sp_train_epoch_fn on_epoch, void *ctx, char *err, size_t errlen)
{
    if (!train || train->n == 0) return bo_fail(err, errlen, "no training positions");
    if (!(p->scale > 0)) return bo_fail(err, errlen, "the scale must be positive");
    if (p->epochs < 0) return bo_fail(err, errlen, "the number of epochs must be 0 or more");
    size_t batch = p->batch > 0 ? (size_t)p->batch : DEFAULT_BATCH;
    double rate = p->rate > 0 ? p->rate : 1.0;
    int max_chunks = (int)((batch + CHUNK - 1) / CHUNK);
    size_t *idx = malloc(train->n * sizeof *idx);
    double *grad = malloc((size_t)max_chunks * (size_t)nweights * sizeof *grad);
    double *loss = malloc((size_t)max_chunks * sizeof *loss);
    double *m = calloc((size_t)nweights, sizeof *m), *v = calloc((size_t)nweights, sizeof *v);
    double *sum = malloc((size_t)nweights * sizeof *sum);
    double *w0 = p->l2 > 0 ? malloc((size_t)nweights * sizeof *w0) : NULL;   /* the start, for the L2 pull */
    if (!idx || !grad || !loss || !m || !v || !sum || (p->l2 > 0 && !w0)) {
        free(idx); free(grad); free(loss); free(m); free(v); free(sum); free(w0);
        return bo_fail(err, errlen, "out of memory (%zu positions, %d weights)", train->n, nweights);
    }
    for (size_t i = 0; i < train->n; i++) idx[i] = i;
    if (w0) memcpy(w0, w, (size_t)nweights * sizeof *w0);
    if (on_epoch)
        on_epoch(ctx, 0, sp_train_loss(train, w, p->scale, p->threads), val ? sp_train_loss(val, w, p->scale, p->threads) : -1);
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    double b1t = 1, b2t = 1;
    uint64_t rng = p->seed;
    for (int epoch = 1; epoch <= p->epochs; epoch++) {
        for (size_t i = train->n - 1; i > 0; i--) {   /* this epoch's order */
            size_t r = (size_t)(bo_splitmix64(&rng) % (uint64_t)(i + 1)), t = idx[i];
            idx[i] = idx[r];
            idx[r] = t;
        }
        /* the step falls linearly to a tenth by the last epoch: large moves first, then settling */
        double step = p->epochs > 1 ? rate * (1.0 - 0.9 * (epoch - 1) / (p->epochs - 1)) : rate;
        for (size_t lo = 0; lo < train->n; lo += batch) {
            size_t hi = lo + batch < train->n ? lo + batch : train->n;
            job j = {.set = train, .idx = idx, .lo = lo, .hi = hi, .w = w, .nweights = nweights,
                     .k = logit_unit(p->scale), .grad = grad, .loss = loss,
                     .nchunks = (int)((hi - lo + CHUNK - 1) / CHUNK), .next_step = 1};
            run_chunks(&j, p->threads);
            memset(sum, 0, (size_t)nweights * sizeof *sum);
            for (int c = 0; c < j.nchunks; c++)
                for (int i = 0; i < nweights; i++) sum[i] += grad[(size_t)c * (size_t)nweights + (size_t)i];
            b1t *= b1;
            b2t *= b2;
            double n = (double)(hi - lo);
            for (int i = 0; i < nweights; i++) {
                if (p->fixed && p->fixed[i]) continue;   /* kept at its start */
                double g = sum[i] / n + (w0 ? p->l2 * (w[i] - w0[i]) : 0);
                m[i] = b1 * m[i] + (1 - b1) * g;
                v[i] = b2 * v[i] + (1 - b2) * g * g;
                if (g != 0 || m[i] != 0) w[i] -= step * (m[i] / (1 - b1t)) / (sqrt(v[i] / (1 - b2t)) + eps);
            }
        }
        if (on_epoch)
            on_epoch(ctx, epoch, sp_train_loss(train, w, p->scale, p->threads),
                     val ? sp_train_loss(val, w, p->scale, p->threads) : -1);
    }
    free(idx); free(grad); free(loss); free(m); free(v); free(sum); free(w0);
    return 0;
}
