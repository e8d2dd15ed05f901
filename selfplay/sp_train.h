/* sp_train.h -- fitting an evaluation's weights to positions (`boyi train`), for any
 * game whose evaluation is linear in its weights.
 *
 * A position is a sparse list of features (bo_feature: a weight's index and the value
 * it is multiplied by) and a target, the side to move's expected score in [0,1].  The
 * model predicts
 *
 *     p = 1 / (1 + 10^(-(w . f) / S))
 *
 * the logistic of docs/annotate.md with the game's scale S (centipawns), and the loss
 * is the cross-entropy of the expected score, -t ln p - (1 - t) ln(1 - p), averaged
 * over the positions.  The weights are fitted by Adam on minibatches, in an order
 * drawn from the seed each epoch, the step falling linearly to a tenth by the last.
 * A minibatch's gradient is summed over fixed chunks of positions, chunk by chunk in
 * order, whatever the number of threads: the weights are a function of the data, the
 * parameters and the seed alone.
 *
 * The sets are plain arrays, so a game's own feature extractor (pattern tables, a
 * Renju line-shape index) fills one with sp_train_add as well as bo_eval_features
 * does; sp_train_data.h reads boyi's training data into one. */
#ifndef BOYI_SP_TRAIN_H
#define BOYI_SP_TRAIN_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"

typedef struct sp_train_set {
    bo_feature *feat;        /* every position's features, one after the other */
    size_t nfeat, capfeat;
    size_t *start;           /* position i's features: feat[start[i]] .. feat[start[i + 1] - 1] */
    float *target;           /* position i's target expected score, 0..1 */
    size_t n, cap;           /* positions, room */
} sp_train_set;

void sp_train_set_init(sp_train_set *s);
void sp_train_set_free(sp_train_set *s);
/* Add a position with its N features and TARGET; 0, or -1 when out of memory. */
int sp_train_add(sp_train_set *s, const bo_feature *f, int n, float target);

typedef struct sp_train_params {
    int epochs;              /* passes over the training set */
    int batch;               /* positions per step (0: 4096) */
    double rate;             /* Adam's first step size, in weight units (0: 1.0) */
    double scale;            /* S of the logistic (centipawns) */
    int threads;             /* threads summing a minibatch's chunks (0, 1: one) */
    uint64_t seed;           /* the order of the positions in each epoch */
    double l2;               /* L2 pull towards the starting weights: l2/2 x (w - w0)^2 per weight
                                is added to the loss that is minimised (the losses reported are
                                the data's alone); 0: none */
    const unsigned char *fixed;   /* NULL, or per weight: nonzero = kept at its start (not fitted) */
} sp_train_params;

/* Called before the first epoch (EPOCH 0) and after each: the mean loss on the
 * training set and on the validation set (-1 without one). */
typedef void (*sp_train_epoch_fn)(void *ctx, int epoch, double train_loss, double val_loss);

/* The mean cross-entropy of S's positions under weights W (0 for an empty set). */
double sp_train_loss(const sp_train_set *s, const double *w, double scale, int threads);

/* Fit W (NWEIGHTS, in: the start, out: the fitted weights) to TRAIN; VAL (may be
 * NULL) is only measured.  0, or -1 with err (out of memory, bad parameters). */
int sp_train_fit(const sp_train_set *train, const sp_train_set *val, double *w, int nweights,
                 const sp_train_params *p, sp_train_epoch_fn on_epoch, void *ctx, char *err, size_t errlen);

#endif
