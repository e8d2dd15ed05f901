/* xq_tune.c -- fit the Xiangqi evaluation's weights (engine/xiangqi/xq_eval.h) to game
 * results, by Texel's method: the predicted score of a position is a logistic function
 * of its evaluation, sigmoid(K * eval / 400), and the weights are moved one at a time,
 * a step up or down, while the mean squared error against the games' results falls.
 *
 *     xq_tune [--holdout N] [--passes P] [--skip PLIES] FILE.pgn...
 *
 * FILE.pgn: ICCS records (`boyi convert FILE --to iccs` writes them) with a Result tag
 * and an optional FEN tag; games without a result are skipped.  Every position from
 * ply SKIP on (default 10) whose side to move is not in check is reduced to a quiet
 * one by a capture-only search with the engine's weights (the leaf of its principal
 * line), and that leaf is what the fit sees.  Every N-th game (default 10) is held
 * out and its loss reported, before and after, as a check against over-fitting.
 * Prints the losses, then the new weights as a weights file (its last lines, from
 * `boyi-weights` on: docs/training.md), which tools/xq_weights_header.sh compiles in.
 * Deterministic: no random choice is made. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xiangqi.h"
#include "xq_eval.h"

typedef struct sample {
    xq_pos pos;
    float result;      /* red's score: 1, 0.5, 0 */
    int holdout;
} sample;

typedef struct set {
    sample *s;
    size_t n, cap;
} set;

/* Capture-only search from the side to move's view, leaving the quiet leaf of its
 * principal line in *leaf. */
static int quiesce(xq_pos *p, int alpha, int beta, int depth, xq_pos *leaf)
{
    int stand = xq_evaluate(p);
    *leaf = *p;
    if (stand >= beta || depth == 0) return stand;
    if (stand > alpha) alpha = stand;
    xq_move mv[XQ_MAX_MOVES];
    int n = xq_gen_legal(p, mv);
    for (int i = 0; i < n; i++) {
        if (!p->sq[XQ_TO(mv[i])]) continue;
        xq_undo u;
        xq_pos child_leaf;
        xq_make(p, mv[i], &u);
        int sc = -quiesce(p, -beta, -alpha, depth - 1, &child_leaf);
        xq_unmake(p, mv[i], &u);
        if (sc > alpha) {
            alpha = sc;
            *leaf = child_leaf;
            if (alpha >= beta) break;
        }
    }
    return alpha;
}

static void add(set *d, const xq_pos *p, float result, int holdout)
{
    if (d->n == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 4096;
        d->s = realloc(d->s, d->cap * sizeof *d->s);
        if (!d->s) { fprintf(stderr, "xq_tune: out of memory\n"); exit(1); }
    }
    d->s[d->n++] = (sample){*p, result, holdout};
}

/* One game: its tags and move text in TEXT; positions go to D. */
static int game(set *d, const char *text, int skip, int holdout)
{
    float result;
    if (strstr(text, "[Result \"1-0\"]")) result = 1;
    else if (strstr(text, "[Result \"0-1\"]")) result = 0;
    else if (strstr(text, "[Result \"1/2-1/2\"]")) result = 0.5f;
    else return 0;
    xq_pos p;
    char err[256];
    const char *fen = strstr(text, "[FEN \"");
    if (fen) {
        char buf[256];
        const char *end = strchr(fen + 6, '"');
        size_t len = end ? (size_t)(end - fen - 6) : 0;
        if (!end || len >= sizeof buf) return 0;
        memcpy(buf, fen + 6, len);
        buf[len] = 0;
        if (xq_pos_from_fen(&p, buf, err, sizeof err) != 0) return 0;
    } else {
        xq_pos_start(&p);
    }
    /* Move text: after the last tag line; comments in braces are skipped. */
    const char *s = text, *t;
    while ((t = strstr(s, "]\n"))) s = t + 2;
    int ply = 0;
    for (; *s; s++) {
        if (*s == '{') { const char *e = strchr(s, '}'); if (!e) break; s = e; continue; }
        if (!(s[0] >= 'a' && s[0] <= 'i' && s[1] >= '0' && s[1] <= '9')) continue;
        if (s > text && ((s[-1] >= 'a' && s[-1] <= 'z') || (s[-1] >= '0' && s[-1] <= '9'))) continue;
        const char *q = s + 2;
        if (*q == '-') q++;
        if (!(q[0] >= 'a' && q[0] <= 'i' && q[1] >= '0' && q[1] <= '9')) continue;
        char a[3] = {s[0], s[1], 0}, b[3] = {q[0], q[1], 0};
        xq_move m = XQ_MOVE(xq_square_parse(a), xq_square_parse(b));
        if (!xq_is_legal(&p, m)) break;
        if (ply >= skip && !xq_in_check(&p, p.side)) {
            xq_pos leaf, w = p;
            quiesce(&w, -30000, 30000, 8, &leaf);
            if (!xq_in_check(&leaf, leaf.side)) add(d, &leaf, result, holdout);
        }
        xq_undo u;
        xq_make(&p, m, &u);
        ply++;
        s = q + 1;
    }
    return 1;
}

static int read_file(set *d, const char *path, int skip, int every, int *games)
{
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "xq_tune: cannot open %s\n", path); return -1; }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 2);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) { fclose(f); free(buf); return -1; }
    fclose(f);
    buf[n] = 0;
    /* Games start at a tag line that follows a blank line (or the file's start). */
    char *g = buf;
    while (g && *g) {
        char *next = strstr(g + 1, "\n\n[");
        if (next) *next = 0;
        if (game(d, g, skip, every > 0 && *games % every == every - 1)) (*games)++;
        g = next ? next + 1 : NULL;
    }
    free(buf);
    return 0;
}

/* Red's evaluation of each sample under W, and the mean squared error of the
 * predicted scores over the samples held out (HOLD = 1) or fitted (HOLD = 0). */
static double loss(const set *d, const int *w, double k, int hold)
{
    double sum = 0;
    size_t n = 0;
    for (size_t i = 0; i < d->n; i++) {
        const sample *s = &d->s[i];
        if (s->holdout != hold) continue;
        int v = xq_evaluate_with(&s->pos, w);
        if (s->pos.side == XQ_BLACK) v = -v;
        double pred = 1.0 / (1.0 + pow(10.0, -k * v / 400.0));
        double e = s->result - pred;
        sum += e * e;
        n++;
    }
    return n ? sum / (double)n : 0;
}

/* The scale K that fits the engine's own weights best (a bracketing scan). */
static double fit_k(const set *d, const int *w)
{
    double best = 1, bl = loss(d, w, 1, 0);
    for (double step = 0.5; step > 0.001; step /= 2) {
        for (int dir = -1; dir <= 1; dir += 2) {
            double k = best + dir * step;
            if (k <= 0) continue;
            double l = loss(d, w, k, 0);
            if (l < bl) { bl = l; best = k; }
        }
    }
    return best;
}

int main(int argc, char **argv)
{
    int every = 10, passes = 6, skip = 10;
    set d = {0};
    int games = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--holdout") == 0 && i + 1 < argc) every = atoi(argv[++i]);
        else if (strcmp(argv[i], "--passes") == 0 && i + 1 < argc) passes = atoi(argv[++i]);
        else if (strcmp(argv[i], "--skip") == 0 && i + 1 < argc) skip = atoi(argv[++i]);
        else if (read_file(&d, argv[i], skip, every, &games) != 0) return 1;
    }
    if (d.n == 0) { fprintf(stderr, "usage: xq_tune [--holdout N] [--passes P] [--skip PLIES] FILE.pgn...\n"); return 2; }
    size_t held = 0;
    for (size_t i = 0; i < d.n; i++) held += d.s[i].holdout;
    int w[XQ_EVAL_NWEIGHTS];
    memcpy(w, xq_eval_default, sizeof w);
    double k = fit_k(&d, w);
    double l0 = loss(&d, w, k, 0), h0 = loss(&d, w, k, 1);
    printf("games %d, positions %zu fitted + %zu held out, K %.3f\n", games, d.n - held, held, k);
    printf("before: loss %.6f, held-out loss %.6f\n", l0, h0);
    fflush(stdout);
    double cur = l0;
    for (int pass = 0; pass < passes; pass++) {
        int changed = 0;
        for (int j = 0; j < XQ_EVAL_NWEIGHTS; j++) {
            int step = strncmp(xq_eval_names[j], "MAT_", 4) == 0 ? 8 : 4;
            for (int dir = -1; dir <= 1; dir += 2) {
                int keep = w[j];
                w[j] = keep + dir * step;
                double l = loss(&d, w, k, 0);
                if (l < cur) {
                    cur = l;
                    changed++;
                    /* Keep going the same way while it helps. */
                    for (;;) {
                        int k2 = w[j];
                        w[j] = k2 + dir * step;
                        double l2 = loss(&d, w, k, 0);
                        if (l2 < cur) cur = l2;
                        else { w[j] = k2; break; }
                    }
                    break;
                }
                w[j] = keep;
            }
        }
        printf("pass %d: loss %.6f, held-out %.6f, %d weights moved\n", pass + 1, cur, loss(&d, w, k, 1), changed);
        fflush(stdout);
        if (!changed) break;
    }
    printf("after: loss %.6f, held-out loss %.6f\n", cur, loss(&d, w, k, 1));
    /* the weights as a weights file (from this line on): tools/xq_weights_header.sh
       turns it into the compiled-in header */
    printf("boyi-weights xiangqi-terms-3\n");
    for (int j = 0; j < XQ_EVAL_NWEIGHTS; j++) printf("%s %d\n", xq_eval_names[j], w[j]);
    free(d.s);
    return 0;
}
