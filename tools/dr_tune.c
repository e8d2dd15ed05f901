/* dr_tune.c -- fit the draughts evaluation's weights to game results (Texel's method).
 *
 *   dr_tune [--iters N] [--skip PLIES] [--dump] FILE.pdn...
 *   dr_tune [--iters N] --labels FILE
 *
 * Replays every 10x10 game of the files that starts from the standard position and
 * has a result, and keeps its quiet positions (no capture for the side to move) after
 * the first SKIP plies with the game's result for white (1, 1/2, 0).  The evaluation
 * is linear in its features (engine/draughts/dr_eval.h), so the predicted score is
 * sigmoid(K * w.f / 100); K is fitted first with the current weights, then the weights
 * by gradient descent on the mean squared error, the man's weight held at 100.  One
 * game in ten is held out and its loss reported beside the training loss.  Prints the
 * losses before and after and the weights as a C initializer for evaluate.c.
 *
 * --dump prints the kept positions (FEN and white's result) instead, for an outside
 * engine to score; --labels reads lines "FEN SCORE" back (SCORE: that engine's score
 * for white in hundredths of a man) and fits to sigmoid(K * SCORE / 100) in place of
 * the results (K as fitted on the results, 0.59 on the corpus).  Not run by tests:
 * docs/engine-draughts.md says how it was run. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dr_eval.h"
#include "dr_pdn.h"
#include "game.h"
#include "text.h"

extern const bo_game dr_game_desc;

enum { LABEL_K_X1000 = 590 };
#define LABEL_K (LABEL_K_X1000 / 1000.0)

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }


typedef struct sample {
    float f[DR_NFEATURES];
    float result;          /* for white */
    int held_out;
} sample;

typedef struct set {
    sample *s;
    int n, cap;
    int games, skip, game_no;
    bool dump;
} set;

static int read_labels(set *st, const char *path);
static int fit(set *st, int iters);

/* White's result from a PDN result ("2-0", "1-1", "0-2", and the 1-0 style); -1 if none. */
static double white_result(const char *r)
{
    if (!r) return -1;
    if (!strcmp(r, "2-0") || !strcmp(r, "1-0")) return 1;
    if (!strcmp(r, "0-2") || !strcmp(r, "0-1")) return 0;
    if (!strcmp(r, "1-1") || !strcmp(r, "1/2-1/2")) return 0.5;
    return -1;
}

static void add_sample(set *st, const dr_pos *p, double res)
{
    if (st->dump) {
        char fen[DR_FEN_MAX];
        dr_pos_to_fen(p, fen, sizeof fen);
        printf("%s %.1f\n", fen, res);
        st->n++;
        return;
    }
    if (st->n == st->cap) {
        st->cap = st->cap ? st->cap * 2 : 4096;
        st->s = realloc(st->s, (size_t)st->cap * sizeof *st->s);
        if (!st->s) { fprintf(stderr, "out of memory\n"); exit(1); }
    }
    int f[DR_NFEATURES];
    dr_eval_features(p, f);
    sample *s = &st->s[st->n++];
    for (int i = 0; i < DR_NFEATURES; i++) s->f[i] = (float)f[i];
    s->result = (float)res;
    s->held_out = st->game_no % 10 == 0;
}

/* One game: replay its main line while the moves are legal, keep the quiet positions. */
static int on_game(dr_pdn_game *g, void *ctx)
{
    set *st = ctx;
    const bo_record *r = &g->rec;
    const char *type = bo_record_tag(r, "GameType");
    double res = white_result(r->result);
    if (r->fen || r->errors || res < 0 || (type && strncmp(type, "20", 2) != 0) || r->nmoves < 20) return 0;
    dr_pos p;
    dr_pos_start(&p, DR_WHITE);
    st->game_no++;
    int kept = 0;
    for (int i = 0; i < r->nmoves; i++) {
        bo_move m;
        char err[200];
        if (!r->moves[i].text || r->moves[i].text[0] == '/') break;
        if (dr_game_desc.move_from_text(&p, r->moves[i].text, &m, err, sizeof err) != 0) break;
        BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
        dr_game_desc.play(&p, m, undo, NULL);
        dr_move all[DR_MAX_MOVES];
        int n = dr_gen_moves(&p, all);
        if (i + 1 >= st->skip && n > 0 && !all[0].ncaptured) { add_sample(st, &p, res); kept++; }
    }
    if (kept) st->games++;
    return 0;
}


/* Mean squared error over the training (held = 0) or held-out (held = 1) samples. */
static double loss(const set *st, const double *w, double k, int held)
{
    double sum = 0;
    int n = 0;
    for (int i = 0; i < st->n; i++) {
        const sample *s = &st->s[i];
        if (s->held_out != held) continue;
        double e = 0;
        for (int j = 0; j < DR_NFEATURES; j++) e += w[j] * s->f[j];
        double d = s->result - sigmoid(k * e / 100.0);
        sum += d * d;
        n++;
    }
    return n ? sum / n : 0;
}

/* K by golden-section search on [0.01, 3]. */
static double fit_k(const set *st, const double *w)
{
    double a = 0.01, b = 3, g = 0.6180339887;
    for (int it = 0; it < 60; it++) {
        double c = b - g * (b - a), d = a + g * (b - a);
        if (loss(st, w, c, 0) < loss(st, w, d, 0)) b = d; else a = c;
    }
    return (a + b) / 2;
}

/* Gradient descent with Adam steps on the training loss; w[DR_F_MEN] stays put.  The
 * data are small (a few hundred games), so the weights kept are those of the iteration
 * with the lowest held-out loss (early stopping). */
static void descend(const set *st, double *w, double k, int iters)
{
    double best[DR_NFEATURES], best_loss = loss(st, w, k, 1);
    int best_it = 0;
    memcpy(best, w, sizeof best);
    double m[DR_NFEATURES] = {0}, v[DR_NFEATURES] = {0};
    const double lr = 0.5, b1 = 0.9, b2 = 0.999;
    for (int it = 1; it <= iters; it++) {
        double grad[DR_NFEATURES] = {0};
        int n = 0;
        for (int i = 0; i < st->n; i++) {
            const sample *s = &st->s[i];
            if (s->held_out) continue;
            double e = 0;
            for (int j = 0; j < DR_NFEATURES; j++) e += w[j] * s->f[j];
            double p = sigmoid(k * e / 100.0), c = -2 * (s->result - p) * p * (1 - p) * k / 100.0;
            for (int j = 0; j < DR_NFEATURES; j++) grad[j] += c * s->f[j];
            n++;
        }
        for (int j = 0; j < DR_NFEATURES; j++) {
            if (j == DR_F_MEN || !n) continue;
            double gj = grad[j] / n;
            m[j] = b1 * m[j] + (1 - b1) * gj;
            v[j] = b2 * v[j] + (1 - b2) * gj * gj;
            double mh = m[j] / (1 - pow(b1, it)), vh = v[j] / (1 - pow(b2, it));
            w[j] -= lr * mh / (sqrt(vh) + 1e-12);
        }
        double held = loss(st, w, k, 1);
        if (held < best_loss) { best_loss = held; best_it = it; memcpy(best, w, sizeof best); }
        if (it % 200 == 0) fprintf(stderr, "iteration %d: loss %.6f (held out %.6f)\n", it, loss(st, w, k, 0), held);
    }
    memcpy(w, best, sizeof best);
    printf("kept iteration %d (lowest held-out loss)\n", best_it);
}

int main(int argc, char **argv)
{
    set st = {.skip = 10};
    int iters = 2000, first = 1;
    const char *labels = NULL;
    while (first < argc && argv[first][0] == '-') {
        if (!strcmp(argv[first], "--dump")) { st.dump = true; first++; continue; }
        if (first + 1 >= argc) break;
        if (!strcmp(argv[first], "--iters")) iters = atoi(argv[first + 1]);
        else if (!strcmp(argv[first], "--skip")) st.skip = atoi(argv[first + 1]);
        else if (!strcmp(argv[first], "--labels")) labels = argv[first + 1];
        else break;
        first += 2;
    }
    if (labels) return read_labels(&st, labels) == 0 ? fit(&st, iters) : 1;
    if (first >= argc) {
        fprintf(stderr, "usage: dr_tune [--iters N] [--skip PLIES] [--dump] FILE.pdn... | --labels FILE\n");
        return 2;
    }
    for (int i = first; i < argc; i++) {
        bo_text t;
        char err[256];
        if (bo_text_load(&t, argv[i], err, sizeof err) != 0) { fprintf(stderr, "%s: %s\n", argv[i], err); continue; }
        if (dr_pdn_read(t.data, t.len, on_game, &st, err, sizeof err) != 0) fprintf(stderr, "%s: %s\n", argv[i], err);
        bo_text_free(&t);
    }
    if (st.dump) return 0;
    printf("games %d, quiet positions %d (one game in ten held out)\n", st.games, st.n);
    return fit(&st, iters);
}

/* Lines "FEN SCORE": an outside engine's scores stand for the results. */
static int read_labels(set *st, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) { fprintf(stderr, "cannot read %s\n", path); return -1; }
    char line[512], fen[400];
    double score;
    while (fgets(line, sizeof line, f)) {
        dr_pos p;
        char err[200];
        if (sscanf(line, "%399s %lf", fen, &score) != 2 || dr_pos_from_fen(&p, fen, NULL, err, sizeof err) != 0) continue;
        st->game_no++;   /* every tenth line held out */
        add_sample(st, &p, sigmoid(LABEL_K * score / 100.0));
    }
    fclose(f);
    printf("labelled positions %d (one in ten held out)\n", st->n);
    return st->n ? 0 : -1;
}

/* Fit K, then the weights; print the losses and the weights. */
static int fit(set *st, int iters)
{
    if (st->n == 0) return 1;
    double w[DR_NFEATURES];
    for (int j = 0; j < DR_NFEATURES; j++) w[j] = dr_eval_default.w[j];
    double k = fit_k(st, w);
    printf("K %.4f\nbefore: loss %.6f, held out %.6f\n", k, loss(st, w, k, 0), loss(st, w, k, 1));
    descend(st, w, k, iters);
    printf("after:  loss %.6f, held out %.6f\n", loss(st, w, k, 0), loss(st, w, k, 1));
    for (int j = 0; j < DR_F_PST; j++) printf("    [DR_F_%s] = %d,\n", dr_feature_names[j], (int)lround(w[j]));
    for (int j = DR_F_PST; j < DR_NFEATURES; j++)
        printf("%s%d,%s", (j - DR_F_PST) % 5 == 0 ? "    " : " ", (int)lround(w[j]), (j - DR_F_PST) % 5 == 4 ? "\n" : "");
    free(st->s);
    return 0;
}
