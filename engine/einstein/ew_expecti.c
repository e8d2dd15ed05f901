/* ew_expecti.c -- EWN's engine: expectimax over the die with Star1 and Star2 pruning
 * (Ballard 1983; Hauk, Buro and Schaeffer, "Rediscovering *-Minimax Search", 2004).
 *
 * Values are the side to move's winning chance as 2p - 1 in thousandths, so a chance
 * node's value is the plain mean of its six rolls and every value lies in [L, U] =
 * [-1000, 1000].  Decision nodes are negamax with alpha-beta.  At a chance node with
 * window (alpha, beta):
 *   - Star2 first probes each roll by searching only its best-ordered move: a lower
 *     bound W_i on that roll's value.  If the bounds already put the mean at or above
 *     beta, the node fails high without a full search;
 *   - Star1 then searches roll i with the window its mean allows:
 *       alpha_i = 6 alpha - S - (5 - i) U,  beta_i = 6 beta - S - sum_{j>i} W_j,
 *     S the sum of the rolls searched so far, and fails low (high) as soon as one
 *     value leaves it.  A probe's value is reused for that move in the full search.
 * Depth counts moves (a move and the roll before it).  Iterative deepening stops on the
 * depth, a node count or the clock; of an iteration cut short, only a root move that
 * beat the last best one (searched first) is kept.  The engine's
 * arrangement for the setup is a fixed one (docs/einstein.md says why). */
#include <math.h>
#include <string.h>
#include <time.h>

#include "core.h"
#include "ew_search.h"

enum { LO = -1000, HI = 1000, NROLL = 6, MAX_DEPTH = 60 };

typedef struct xsearch {
    uint64_t nodes, max_nodes, cuts;
    struct timespec t0;
    int64_t ms;
    int star, stop;
} xsearch;

static int64_t elapsed_ms(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)(t.tv_sec - t0->tv_sec) * 1000 + (t.tv_nsec - t0->tv_nsec) / 1000000;
}

/* Limits are looked at every 256 nodes so the clock costs nothing. */
static void count_node(xsearch *s)
{
    s->nodes++;
    if (s->max_nodes && s->nodes >= s->max_nodes) s->stop = 1;
    if (s->ms > 0 && (s->nodes & 255) == 0 && elapsed_ms(&s->t0) >= s->ms) s->stop = 1;
}

/* Moves best first by the static value of what they lead to (a win first). */
static int ordered_moves(const ew_pos *p, uint32_t *moves)
{
    int n = ew_legal(p, moves), key[EW_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        ew_pos q = *p;
        ew_play(&q, moves[i]);
        key[i] = -ew_evaluate(&q);
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && key[j] > key[j - 1]; j--) {
            int k = key[j]; key[j] = key[j - 1]; key[j - 1] = k;
            uint32_t m = moves[j]; moves[j] = moves[j - 1]; moves[j - 1] = m;
        }
    return n;
}

static double chance_node(xsearch *s, const ew_pos *p, int depth, double alpha, double beta);

/* A decision node (the die rolled).  PROBE: search the first move only (Star2's
 * lower bound).  *KNOWN (NaN if none) is the first move's value from an earlier probe. */
static double decision(xsearch *s, const ew_pos *p, int depth, double alpha, double beta, int probe, double *known)
{
    uint32_t moves[EW_MAX_MOVES];
    count_node(s);
    int n = ordered_moves(p, moves);
    double best = -HUGE_VAL;
    for (int i = 0; i < n && !s->stop; i++) {
        double v;
        if (i == 0 && known && !isnan(*known)) {
            v = *known;
        } else {
            ew_pos q = *p;
            ew_play(&q, moves[i]);
            v = -chance_node(s, &q, depth - 1, -beta, -(best > alpha ? best : alpha));
        }
        if (probe) { *known = v; return v; }
        if (v > best) best = v;
        if (best >= beta) break;
    }
    return best;
}

/* A chance node: the six rolls, with Star1/Star2 bounds (s->star) or plainly. */
static double chance_node(xsearch *s, const ew_pos *p, int depth, double alpha, double beta)
{
    if (depth <= 0 || ew_winner(p, NULL) >= 0) return ew_evaluate(p);
    ew_pos child[NROLL];
    double lower[NROLL], known[NROLL];
    for (int i = 0; i < NROLL; i++) {
        child[i] = *p;
        ew_play(&child[i], EW_ROLL | (uint32_t)(i + 1));
        lower[i] = LO;
        known[i] = NAN;
    }
    if (s->star == 0) {
        double sum = 0;
        for (int i = 0; i < NROLL; i++) sum += decision(s, &child[i], depth, LO, HI, 0, NULL);
        return sum / NROLL;
    }
    if (s->star == 2) {
        double below = 0;   /* the probes' bounds so far */
        for (int i = 0; i < NROLL; i++) {
            double b = NROLL * beta - below - (NROLL - 1 - i) * (double)LO;
            double v = decision(s, &child[i], depth, LO, b < HI ? b : HI, 1, &known[i]);
            if (s->stop) return 0;
            if (v >= b) { s->cuts++; return beta; }
            lower[i] = v;
            below += v;
        }
    }
    double sum = 0, rest = 0;
    for (int i = 0; i < NROLL; i++) rest += lower[i];
    for (int i = 0; i < NROLL; i++) {
        rest -= lower[i];
        double a = NROLL * alpha - sum - (NROLL - 1 - i) * (double)HI;
        double b = NROLL * beta - sum - rest;
        double v = decision(s, &child[i], depth, a > LO ? a : LO, b < HI ? b : HI, 0, &known[i]);
        if (s->stop) return 0;
        if (v <= a) { s->cuts++; return alpha; }
        if (v >= b) { s->cuts++; return beta; }
        sum += v;
    }
    return sum / NROLL;
}

uint32_t ew_expectimax(const ew_pos *p, int depth, uint64_t nodes, int64_t movetime_ms, int star, ew_xstats *st,
                       void (*on_depth)(void *ctx, const ew_xstats *st, uint32_t best), void *ctx)
{
    xsearch s = {.max_nodes = nodes, .ms = movetime_ms, .star = star};
    clock_gettime(CLOCK_MONOTONIC, &s.t0);
    uint32_t moves[EW_MAX_MOVES], best = 0;
    int n = ordered_moves(p, moves);
    memset(st, 0, sizeof *st);
    if (n == 0) return 0;
    best = moves[0];
    if (depth <= 0 || depth > MAX_DEPTH) depth = MAX_DEPTH;
    for (int d = 1; d <= depth; d++) {
        double alpha = -HUGE_VAL;
        uint32_t it_best = moves[0];
        for (int i = 0; i < n; i++) {
            ew_pos q = *p;
            ew_play(&q, moves[i]);
            double v = -chance_node(&s, &q, d - 1, -HI, alpha > LO ? -alpha : HI);
            if (s.stop) break;
            if (v > alpha) { alpha = v; it_best = moves[i]; }
        }
        if (s.stop && d > 1) {
            /* Cut short: the moves searched in full were searched after the last best
             * one (it goes first), so a better one among them is better at this depth. */
            if (alpha > -HUGE_VAL) best = it_best;
            break;
        }
        best = it_best;
        st->depth = d;
        st->value = alpha;
        st->nodes = s.nodes;
        st->chance_cuts = s.cuts;
        if (on_depth) on_depth(ctx, st, best);
        if (s.stop || fabs(alpha) >= HI) break;
        /* The best move first in the next iteration. */
        for (int i = 0; i < n; i++)
            if (moves[i] == best) { memmove(moves + 1, moves, (size_t)i * sizeof *moves); moves[0] = best; break; }
        /* A time is used to its end (issue 37): the next iteration starts while any is
         * left, and what it finds before the stop counts (above). */
        if (movetime_ms > 0 && elapsed_ms(&s.t0) >= movetime_ms) break;
    }
    st->nodes = s.nodes;
    st->chance_cuts = s.cuts;
    return best;
}

/* The engine's arrangement (docs/einstein.md): the most advanced square B4 for piece 3,
 * the other two front squares for 4 and 2, the back row for 5, 1 and 6; blue mirrors it. */
uint32_t ew_arrange(const ew_pos *p)
{
    static const int8_t red_sq[EW_PIECES + 1] = {-1, 5, 10, 6, 2, 1, 0};
    int side = p->placed[0] < EW_PIECES ? EW_RED : EW_BLUE, piece = p->placed[side] + 1;
    int sq = side == EW_RED ? red_sq[piece] : 24 - red_sq[piece];
    uint32_t moves[EW_MAX_MOVES];
    int n = ew_legal(p, moves);
    for (int i = 0; i < n; i++)
        if ((int)(moves[i] & 31) == sq) return moves[i];
    return n ? moves[0] : 0;   /* a setup given as text may have taken the square */
}

typedef struct report {
    bo_search_info *out;
    void (*on_info)(void *ctx, const bo_search_info *info);
    void *ctx;
    struct timespec t0;
} report;

/* One finished iteration into bo_search's information. */
static void on_depth(void *ctx, const ew_xstats *st, uint32_t best)
{
    report *r = ctx;
    bo_search_info *o = r->out;
    o->depth = o->seldepth = st->depth;
    o->score = (int)lround(st->value);
    o->win_rate = (st->value / HI + 1) / 2;
    o->win_plies = 0;
    o->nodes = st->nodes;
    o->seconds = (double)elapsed_ms(&r->t0) / 1000.0;
    o->pv[0] = best;
    o->pvlen = 1;
    if (r->on_info) r->on_info(r->ctx, o);
}

int ew_engine(const bo_game *g, const void *pos, const bo_hist *line, const bo_limits *lim, bo_tt *tt,
              void (*on_info)(void *ctx, const bo_search_info *info), void *ctx, bo_search_info *out, char *err,
              size_t errlen)
{
    (void)g, (void)line, (void)tt;
    const ew_pos *p = pos;
    memset(out, 0, sizeof *out);
    out->win_rate = -1;
    int who = ew_to_move(p);
    if (who == -2) return bo_fail(err, errlen, "the game is over");
    if (who == -1)
        return bo_fail(err, errlen, "the die is to be rolled (a chance node): give the roll in the position's die field");
    if (p->setup) {
        out->pv[0] = ew_arrange(p);
        out->pvlen = 1;
        out->depth = 1;
        return 0;
    }
    int64_t ms = lim->movetime_ms;
    if (ms > 0) ms = bo_movetime_budget(ms);   /* a little kept to answer in time */
    if (!ms && lim->clock_ms > 0) ms = lim->clock_ms / 20 + lim->inc_ms * 4 / 5;
    report r = {out, on_info, ctx, {0, 0}};
    clock_gettime(CLOCK_MONOTONIC, &r.t0);
    ew_xstats st;
    int depth = lim->depth;
    if (!depth && !lim->nodes && !ms) depth = 6;
    uint32_t best = ew_expectimax(p, depth, lim->nodes, ms, 2, &st, on_depth, &r);
    if (lim->nskip > 0) {
        /* Multi-PV: the best of the moves not yet shown, each searched to the depth reached. */
        uint32_t moves[EW_MAX_MOVES];
        int n = ew_legal(p, moves), found = 0;
        double bestv = -HUGE_VAL;
        for (int i = 0; i < n; i++) {
            int skip = 0;
            for (int k = 0; k < lim->nskip; k++) skip |= lim->skip[k] == moves[i];
            if (skip) continue;
            ew_pos q = *p;
            ew_play(&q, moves[i]);
            ew_xstats cs;
            xsearch s = {.star = 2};
            clock_gettime(CLOCK_MONOTONIC, &s.t0);
            double v = -chance_node(&s, &q, st.depth > 0 ? st.depth - 1 : 0, -HI, HI);
            (void)cs;
            if (v > bestv) { bestv = v; best = moves[i]; found = 1; }
        }
        if (!found) return bo_fail(err, errlen, "no more moves");
        st.value = bestv;
        on_depth(&r, &st, best);
        return 0;
    }
    if (!out->pvlen) { st.depth = 0; on_depth(&r, &st, best); }
    out->pv[0] = best;
    out->nodes = st.nodes;
    return 0;
}
