/* gm_pvs.c -- the Renju/Gomoku engine on incremental pattern codes (gm_pat.h), the
 * descriptor's own engine (bo_game.engine; docs/engine-gomoku.md, "The pattern engine").
 *
 * Method: iterative-deepening principal variation search with a transposition table,
 * over a pattern board that placing and removing a stone updates along its four lines.
 * At every node, before any move is generated, the codes' tallies answer the forcing
 * questions: the side to move makes five (won); the other side has two five points,
 * or one that renju black may not take (lost); one five point (the block is the only
 * move, searched without using depth); a straight four or a double four the side may
 * play (won in three plies).  When the other side has a winning point (an open three's
 * straight-four point, a double four), only the defences are searched: the side's own
 * fours, and the points near the threat after which the other side has no winning
 * point left.  Otherwise every point within two of a stone, ordered by the codes'
 * tiers (winning points, four-threes, blocks of the other side's, fours, threes),
 * then the table's move, killers and history.  Quiet late moves are reduced (LMR) and,
 * near the leaves, pruned when the evaluation is far below alpha (futility, move
 * count).  Before the moves, where the other side has no winning point or four-three,
 * a node far above beta near the leaves returns its evaluation (reverse futility), and
 * one at or above beta passes and returns when a shallower search of the other side's
 * moves still fails to bring it below beta (null move).  Leaves run a quiescence of
 * fours: each side may stand pat or play a four, the other's block being forced, so
 * every VCF within reach is scored at the leaves.
 * The evaluation is the codes' summed point values (gmp_eval), from the compiled-in
 * weights or those of bo_limits.eval (`boyi train`), for which the search builds its
 * own combination tables.
 * Renju black never plays a point the codes call forbidden; the doubtful ones (two
 * open threes) are decided by gm_foul_at, the judge's recursive rule.
 *
 * The root first asks the descriptor's root solver (VCF, then VCT, within budgets
 * tied to the time) as the alpha-beta of engine/core does.  With a depth or node limit
 * the search is deterministic. */
#include "gm_pvs.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core.h"
#include "gm_desc.h"
#include "gm_internal.h"
#include "gm_pat.h"

enum {
    WIN = BO_SCORE_WIN,
    WIN_MIN = BO_SCORE_WIN_MIN,
    INF = BO_SCORE_WIN + 1,
    PLY = 96,                 /* deepest ply, forced blocks and quiescence included */
    QMAX = 24,                /* plies of fours in one quiescence */
    TT_BITS = 18,             /* 2^18 entries of 16 bytes: 4 MB a search */
    BOUND_EXACT = 0, BOUND_LOWER = 1, BOUND_UPPER = 2,
    ROOT_NODES_PER_MS = 40,   /* the root solver's cap under a time limit (search.c's) */
    FUT_MARGIN = 160,         /* futility: a quiet move gains less than this per ply */
    RFP_DEPTH = 3,            /* reverse futility at this depth or less */
    NULL_DEPTH = 3, NULL_R = 2,   /* null move from this depth, reduced by this (and depth/6) */
    NOISY = 1 << 24           /* ordering keys at or above: never reduced or pruned */
};

typedef struct tt_entry {
    uint64_t key;
    int16_t score;
    uint16_t move;            /* point + 1; 0: none */
    int8_t depth;
    uint8_t bound;
} tt_entry;

typedef struct gs {
    gm_pat_board P;
    const bo_game *g;
    bo_limits lim;
    struct timespec t0;
    int64_t hard_ms, soft_ms;
    uint64_t nodes;
    bool stop, root_moved;
    int seldepth;
    tt_entry *tt;
    gmp_tables *tabs;         /* bo_limits.eval's tables (NULL: the compiled-in weights') */
    int32_t hist[2][GMP_CELLS];
    int16_t killer[PLY][2];
    int pv[PLY][PLY];
    int pvlen[PLY];
    int moves[PLY][GMP_CELLS];
    int keys[PLY][GMP_CELLS];
    int played[PLY];          /* the move made at each ply of the current line */
} gs;

static int64_t elapsed_ms(const gs *S)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)(t.tv_sec - S->t0.tv_sec) * 1000 + (t.tv_nsec - S->t0.tv_nsec) / 1000000;
}

/* Node limits exactly (determinism), the clock and the stop flag every 512 nodes. */
static bool should_stop(gs *S)
{
    if (S->stop) return true;
    if (S->lim.nodes && S->nodes >= S->lim.nodes) S->stop = true;
    else if ((S->nodes & 511) == 0) {
        if (S->lim.stop && atomic_load_explicit(S->lim.stop, memory_order_relaxed)) S->stop = true;
        else if (S->hard_ms && elapsed_ms(S) >= S->hard_ms) S->stop = true;
    }
    return S->stop;
}

/* The time this move may take, as engine/core/search.c plans it (a fixed time used to
 * its budget; a clock's share, with a soft limit for starting iterations). */
static void plan_time(gs *S)
{
    bo_limits *l = &S->lim;
    S->hard_ms = S->soft_ms = 0;
    if (l->movetime_ms > BO_TIME_MAX_MS) l->movetime_ms = BO_TIME_MAX_MS;
    if (l->clock_ms > BO_TIME_MAX_MS) l->clock_ms = BO_TIME_MAX_MS;
    if (l->inc_ms > BO_TIME_MAX_MS) l->inc_ms = BO_TIME_MAX_MS;
    if (l->movetime_ms > 0) {
        S->hard_ms = S->soft_ms = bo_movetime_budget(l->movetime_ms);
    } else if (l->clock_ms > 0) {
        int mtg = l->moves_to_go > 0 ? (l->moves_to_go < 30 ? l->moves_to_go : 30) : 30;
        int64_t share = l->clock_ms / mtg + l->inc_ms * 4 / 5, cap = l->clock_ms / 2 - 20;
        if (share > cap) share = cap;
        if (share < 1) share = 1;
        S->soft_ms = share * 3 / 5;
        S->hard_ms = share * 2 < cap ? share * 2 : share > cap ? share : cap;
    }
}

static int colour(gm_stone s)
{
    return s == GM_BLACK ? 0 : 1;
}

static uint64_t tt_key(const gm_pat_board *P)
{
    return P->b.hash ^ (P->b.to_move == GM_WHITE ? UINT64_C(0x9D39247E33776D41) : 0);
}

/* Win scores relative to the node in the table, so that they count plies right. */
static int to_tt(int v, int ply)
{
    return v >= WIN_MIN ? v + ply : v <= -WIN_MIN ? v - ply : v;
}

static int from_tt(int v, int ply)
{
    return v >= WIN_MIN ? v - ply : v <= -WIN_MIN ? v + ply : v;
}

static void tt_store(gs *S, uint64_t key, int move, int score, int depth, int bound)
{
    tt_entry *e = &S->tt[key & ((1u << TT_BITS) - 1)];
    if (e->key == key && depth < e->depth - 2 && bound != BOUND_EXACT) return;
    if (e->key == key && move < 0) move = e->move - 1;
    e->key = key;
    e->score = (int16_t)score;
    e->move = (uint16_t)(move + 1);
    e->depth = (int8_t)(depth > 120 ? 120 : depth < -1 ? -1 : depth);
    e->bound = (uint8_t)bound;
}

/* Up to MAX points where colour C's code has tier T (surely forbidden ones never
 * counted); returns how many. */
static int tier_points(const gm_pat_board *P, int c, int t, int *out, int max)
{
    int n = 0, cells = P->b.size * P->b.size;
    for (int m = 0; m < cells && n < max; m++)
        if (P->near[m] && P->code[c][m].tier == t && !(P->code[c][m].flags & GMP_F_FOUL) && P->cell[m] == GM_EMPTY)
            out[n++] = m;
    return n;
}

/* May side S play the empty point M?  Only renju black's flagged points need
 * gmp_legal (a sure foul, or the judge's recursion for a double three). */
static bool legal_empty(gm_pat_board *P, int m, gm_stone s)
{
    if (s != GM_BLACK || P->b.rules != GM_RENJU || !P->code[0][m].flags) return true;
    return gmp_legal(P, m, s);
}

/* A point of tier T that side S may play, or -1. */
static int playable_tier_point(gs *S, gm_stone s, int t)
{
    int c = colour(s), pts[32];
    if (!S->P.count[c][t]) return -1;
    int n = tier_points(&S->P, c, t, pts, 32);
    for (int i = 0; i < n; i++)
        if (gmp_legal(&S->P, pts[i], s)) return pts[i];
    return -1;
}

/* The static value from the side to move's view (gmp_eval: the weights' point values,
 * the side to move's as such, the other's as such). */
static int evaluate(const gs *S)
{
    return gmp_eval(&S->P);
}

static void play(gs *S, int m)
{
    gmp_place(&S->P, m, S->P.b.to_move);
}

static void unplay(gs *S, int m)
{
    gmp_remove(&S->P, m);
}

static void pv_set(gs *S, int ply, int m)
{
    S->pv[ply][0] = m;
    int n = ply + 1 < PLY ? S->pvlen[ply + 1] : 0;
    if (n > PLY - 1) n = PLY - 1;
    memcpy(&S->pv[ply][1], S->pv[ply + 1], (size_t)n * sizeof(int));
    S->pvlen[ply] = n + 1;
}

static void pv_one(gs *S, int ply, int m)
{
    S->pv[ply][0] = m;
    S->pvlen[ply] = 1;
}

/* The forcing facts of a node (see the file comment).  Returns true with the score in
 * *v when the node is decided by them alone; *block is set to the only block when the
 * other side has one five point (else -1). */
static bool forced(gs *S, int ply, int *v, int *block)
{
    gm_pat_board *P = &S->P;
    gm_stone s = P->b.to_move;
    int c = colour(s), o = 1 - c, pts[2];
    *block = -1;
    if (P->b.stones >= P->b.size * P->b.size) { *v = 0; return true; }
    if (P->count[c][GMP_T_FIVE] && tier_points(P, c, GMP_T_FIVE, pts, 1)) {
        pv_one(S, ply, pts[0]);
        *v = WIN - ply - 1;
        return true;
    }
    if (P->count[o][GMP_T_FIVE]) {
        int n = tier_points(P, o, GMP_T_FIVE, pts, 2);
        if (n >= 2 || (n == 1 && !gmp_legal(P, pts[0], s))) {
            if (n >= 1) pv_one(S, ply, pts[0]);
            *v = -(WIN - ply - 2);
            return true;
        }
        if (n == 1) { *block = pts[0]; return false; }
    }
    int w = playable_tier_point(S, s, GMP_T_WIN);
    if (w >= 0) {
        pv_one(S, ply, w);
        *v = WIN - ply - 3;
        return true;
    }
    return false;
}

/* Plays the only block and searches on (forced moves use no depth). */
static int search(gs *S, int depth, int alpha, int beta, int ply, bool pvnode);
static int qsearch(gs *S, int alpha, int beta, int ply, int qply);

static int forced_block(gs *S, int depth, int alpha, int beta, int ply, int qply, bool pvnode, int block)
{
    if (ply >= PLY - 2) return evaluate(S);
    S->played[ply] = block;
    play(S, block);
    int v = depth > 0 ? -search(S, depth, -beta, -alpha, ply + 1, pvnode) : -qsearch(S, -beta, -alpha, ply + 1, qply + 1);
    unplay(S, block);
    if (!S->stop) pv_set(S, ply, block);
    return v;
}

/* On one line with M0 within four points? (A VCF's next four nearly always uses the
 * stone of the last one.) */
static bool in_line(int size, int m0, int m)
{
    int dx = m % size - m0 % size, dy = m / size - m0 / size;
    int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    return (dx == 0 || dy == 0 || ax == ay) && ax <= 4 && ay <= 4;
}

/* Quiescence of fours: stand pat, or a four of the side to move (the block is forced
 * at the next node), so VCFs within QMAX plies are found at the leaves.  After the
 * first four of a line only the fours on a line through the last one (within four
 * points) and the four-threes are tried, at most QWIDTH of them; results go to the
 * table at depth 0 (the orders of the same fours transpose). */
enum { QWIDTH = 8 };
static int qsearch(gs *S, int alpha, int beta, int ply, int qply)
{
    S->pvlen[ply] = 0;
    S->nodes++;
    if (ply > S->seldepth) S->seldepth = ply;
    if (should_stop(S)) return 0;
    int v, block;
    if (forced(S, ply, &v, &block)) return v;
    if (block >= 0) return forced_block(S, 0, alpha, beta, ply, qply, false, block);
    int stand = evaluate(S);
    if (stand >= beta || qply >= QMAX || ply >= PLY - 3) return stand;
    gm_pat_board *P = &S->P;
    gm_stone s = P->b.to_move;
    int c = colour(s), n = 0, *mv = S->moves[ply], *key = S->keys[ply], size = P->b.size;
    if (!P->count[c][GMP_T_FOUR] && !P->count[c][GMP_T_43]) return stand;
    uint64_t tk = tt_key(P);
    tt_entry *e = &S->tt[tk & ((1u << TT_BITS) - 1)];
    if (e->key == tk) {
        int sc = from_tt(e->score, ply);
        if (e->bound == BOUND_EXACT || (e->bound == BOUND_LOWER && sc >= beta) || (e->bound == BOUND_UPPER && sc <= alpha))
            return sc;
    }
    int alpha0 = alpha;
    if (stand > alpha) alpha = stand;
    int last = qply >= 2 ? S->played[ply - 2] : -1, cells = size * size;
    for (int m = 0; m < cells; m++) {
        const gmp_code *k = &P->code[c][m];
        if (!P->near[m] || (k->tier != GMP_T_FOUR && k->tier != GMP_T_43)) continue;
        if (last >= 0 && k->tier == GMP_T_FOUR && !in_line(size, last, m)) continue;
        if (!gmp_legal(P, m, s)) continue;
        mv[n] = m;
        key[n++] = (k->tier == GMP_T_43 ? 1 << 16 : 0) + k->value + P->code[1 - c][m].value;
    }
    int best = stand, best_move = -1;
    for (int i = 0; i < n && i < QWIDTH; i++) {
        int b = i;
        for (int j = i + 1; j < n; j++) if (key[j] > key[b]) b = j;
        int m = mv[b];
        mv[b] = mv[i]; key[b] = key[i];
        S->played[ply] = m;
        play(S, m);
        int sc = -qsearch(S, -beta, -alpha, ply + 1, qply + 1);
        unplay(S, m);
        if (S->stop) return 0;
        if (sc > best) {
            best = sc;
            if (sc > alpha) {
                best_move = m;
                alpha = sc;
                pv_set(S, ply, m);
                if (alpha >= beta) break;
            }
        }
    }
    if (e->key != tk || e->depth <= 0) {
        int bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
        tt_store(S, tk, best_move, to_tt(best, ply), 0, bound);
    }
    return best;
}

/* Adds point M to the list once. */
static void add_once(int *mv, int *n, bool *seen, int m)
{
    if (!seen[m]) { seen[m] = true; mv[(*n)++] = m; }
}

/* The other side (O) has a winning point: the side to move's fours, and the points
 * within five of a winning point on its threatening lines that leave no winning point
 * (all of those points when none does: the position is lost short of a VCF). */
static int defences(gs *S, int ply, const int *w, int nw)
{
    gm_pat_board *P = &S->P;
    gm_stone s = P->b.to_move;
    int c = colour(s), o = 1 - c, size = P->b.size, cells = size * size, n = 0, nd = 0;
    int *mv = S->moves[ply], cand[GMP_CELLS];
    bool seen[GMP_CELLS] = {false};
    for (int m = 0; m < cells; m++) {
        int t = P->code[c][m].tier;
        if (P->near[m] && (t == GMP_T_FOUR || t == GMP_T_43) && gmp_legal(P, m, s)) add_once(mv, &n, seen, m);
    }
    for (int i = 0; i < nw; i++) {
        int x = w[i] % size, y = w[i] / size;
        if (!seen[w[i]]) { seen[w[i]] = true; cand[nd++] = w[i]; }
        for (int d = 0; d < 4; d++) {
            int sh = P->shape[o][d][w[i]];
            if (sh != GM_SHAPE_FLEX4 && sh != GM_SHAPE_DOUBLE4 && sh != GM_SHAPE_BLOCK4) continue;
            for (int k = -5; k <= 5; k++) {
                int ex = x + k * gmi_dx(d), ey = y + k * gmi_dy(d);
                if (ex < 0 || ey < 0 || ex >= size || ey >= size || P->b.cell[ey][ex] != GM_EMPTY) continue;
                int m = ey * size + ex;
                if (!seen[m]) { seen[m] = true; cand[nd++] = m; }
            }
        }
    }
    int kept = 0, first = n;
    for (int i = 0; i < nd; i++) {
        if (!gmp_legal(P, cand[i], s)) continue;
        play(S, cand[i]);
        bool ok = P->count[o][GMP_T_WIN] == 0;
        unplay(S, cand[i]);
        if (ok) { mv[n++] = cand[i]; kept++; }
    }
    if (!kept) {
        n = first;
        for (int i = 0; i < nd; i++) if (gmp_legal(P, cand[i], s)) mv[n++] = cand[i];
    }
    return n;
}

/* The other side's winning points that it may play (renju black's checked). */
static int threats(gs *S, int *w, int max)
{
    gm_pat_board *P = &S->P;
    gm_stone you = P->b.to_move == GM_BLACK ? GM_WHITE : GM_BLACK;
    int o = colour(you);
    if (!P->count[o][GMP_T_WIN]) return 0;
    int n = tier_points(P, o, GMP_T_WIN, w, max), k = 0;
    for (int i = 0; i < n; i++)
        if (gmp_legal(P, w[i], you)) w[k++] = w[i];
    return k;
}

/* The moves of a node into S->moves[ply]: the defences when threatened, else every
 * legal point within two of a stone (any legal point on a board with none near). */
static int generate(gs *S, int ply, bool *threatened)
{
    gm_pat_board *P = &S->P;
    gm_stone s = P->b.to_move;
    int w[16], nw = threats(S, w, 16), *mv = S->moves[ply], n = 0, size = P->b.size, cells = size * size;
    *threatened = nw > 0;
    if (nw) return defences(S, ply, w, nw);
    if (P->b.stones == 0) {
        mv[0] = size / 2 * size + size / 2;
        return 1;
    }
    for (int m = 0; m < cells; m++)
        if (P->near[m] && P->cell[m] == GM_EMPTY && legal_empty(P, m, s)) mv[n++] = m;
    for (int m = 0; m < cells && n == 0; m++)
        if (P->cell[m] == GM_EMPTY && legal_empty(P, m, s)) mv[n++] = m;
    return n;
}

/* Ordering key of move M for colour C: the codes' tiers first (own, then the other
 * side's point blocked), then the point values, then killers and history. */
static const int own_key[GMP_NTIERS] = {0, 0, 3000, 60000, 120000, 600000, 2000000, 4000000};
static const int opp_key[GMP_NTIERS] = {0, 0, 1500, 8000, 50000, 200000, 1000000, 3000000};

static inline int order_key(const gs *S, int ply, int m, int tt_move)
{
    const gm_pat_board *P = &S->P;
    int c = colour(P->b.to_move), o = 1 - c;
    if (m == tt_move) return 1 << 30;
    const gmp_code *a = &P->code[c][m], *b = &P->code[o][m];
    int to = b->flags & GMP_F_FOUL ? 0 : b->tier;
    int k = own_key[a->tier] + opp_key[to];
    if (a->tier >= GMP_T_FOUR || to >= GMP_T_33) k += NOISY;
    k += a->value * 2 + b->value;
    if (k < NOISY) {
        if (m == S->killer[ply][0]) k += 20000;
        else if (m == S->killer[ply][1]) k += 15000;
        int h = S->hist[c][m] >> 2;
        k += h > 10000 ? 10000 : h < -10000 ? -10000 : h;
        if (k >= NOISY) k = NOISY - 1;
    }
    return k;
}

static inline int pick(gs *S, int ply, int n, int i)
{
    int *mv = S->moves[ply], *key = S->keys[ply], b = i;
    for (int j = i + 1; j < n; j++) if (key[j] > key[b]) b = j;
    int m = mv[b], k = key[b];
    mv[b] = mv[i]; key[b] = key[i];
    mv[i] = m; key[i] = k;
    return m;
}

static int search(gs *S, int depth, int alpha, int beta, int ply, bool pvnode)
{
    S->pvlen[ply] = 0;
    if (depth <= 0) return qsearch(S, alpha, beta, ply, 0);
    S->nodes++;
    if (ply > S->seldepth) S->seldepth = ply;
    if (should_stop(S)) return 0;
    int v, block;
    if (forced(S, ply, &v, &block)) return v;
    if (block >= 0) return forced_block(S, depth, alpha, beta, ply, 0, pvnode, block);
    if (ply >= PLY - 3) return evaluate(S);
    /* mate distance: nothing here beats a win in three plies (it was looked for) */
    if (alpha < -(WIN - ply - 2)) alpha = -(WIN - ply - 2);
    if (beta > WIN - ply - 3) beta = WIN - ply - 3;
    if (alpha >= beta) return alpha;

    uint64_t key = tt_key(&S->P);
    tt_entry *e = &S->tt[key & ((1u << TT_BITS) - 1)];
    int tt_move = -1;
    if (e->key == key) {
        tt_move = (int)e->move - 1;
        int sc = from_tt(e->score, ply);
        if (!pvnode && e->depth >= depth
            && (e->bound == BOUND_EXACT || (e->bound == BOUND_LOWER && sc >= beta) || (e->bound == BOUND_UPPER && sc <= alpha)))
            return sc;
    }
    /* reverse futility: near the leaves, far above beta and with no winning point or
     * four-three of the other side's on the board, the side to move keeps its edge */
    if (!pvnode && beta > -WIN_MIN && beta < WIN_MIN) {
        int o = 1 - colour(S->P.b.to_move);
        if (!S->P.count[o][GMP_T_WIN] && !S->P.count[o][GMP_T_43]) {
            int ev = evaluate(S);
            if (depth <= RFP_DEPTH && ev - FUT_MARGIN * depth >= beta) return ev;
            /* null move: still at beta after passing, searched NULL_R plies shallower
             * (never twice in a row) */
            if (depth >= NULL_DEPTH && ev >= beta && S->played[ply - 1] >= 0) {
                gm_stone s = S->P.b.to_move;
                S->played[ply] = -1;
                S->P.b.to_move = s == GM_BLACK ? GM_WHITE : GM_BLACK;
                int nv = -search(S, depth - 1 - NULL_R - depth / 6, -beta, -beta + 1, ply + 1, false);
                S->P.b.to_move = s;
                if (S->stop) return 0;
                if (nv >= beta) return nv >= WIN_MIN ? beta : nv;
            }
        }
    }
    bool threatened;
    int n = generate(S, ply, &threatened);
    gm_stone s = S->P.b.to_move;
    if (n == 0) return -(WIN - ply);   /* renju black with only forbidden points left */
    int c = colour(s);
    for (int i = 0; i < n; i++) S->keys[ply][i] = order_key(S, ply, S->moves[ply][i], tt_move);
    int eval = evaluate(S);
    bool can_prune = !pvnode && !threatened && depth <= 3 && alpha > -WIN_MIN && beta < WIN_MIN;
    int best = -INF, best_move = -1, alpha0 = alpha, quiets = 0;
    for (int i = 0; i < n; i++) {
        int m = pick(S, ply, n, i), k = S->keys[ply][i];
        bool quiet = k < NOISY;
        /* the keys fall, so every later move is quiet too and pruned as this one:
         * stopping here skips only their picks */
        if (can_prune && quiet && i > 0 && (eval + FUT_MARGIN * depth <= alpha || quiets >= 3 + 3 * depth * depth)) break;
        S->played[ply] = m;
        play(S, m);
        int sc;
        if (i == 0) {
            sc = -search(S, depth - 1, -beta, -alpha, ply + 1, pvnode);
        } else {
            int r = 0;
            if (depth >= 2 && i >= 2 && quiet && !threatened) {
                r = 1 + (i >= 6) + (depth >= 6 && i >= 14);
                if (pvnode && r > 1) r--;
                if (r > depth - 1) r = depth - 1;
            }
            sc = -search(S, depth - 1 - r, -alpha - 1, -alpha, ply + 1, false);
            if (sc > alpha && r) sc = -search(S, depth - 1, -alpha - 1, -alpha, ply + 1, false);
            if (sc > alpha && sc < beta && pvnode) sc = -search(S, depth - 1, -beta, -alpha, ply + 1, true);
        }
        unplay(S, m);
        if (S->stop) return 0;
        if (quiet) quiets++;
        if (ply == 0 && sc > alpha) S->root_moved = true;
        if (sc > best) {
            best = sc;
            best_move = m;
            if (sc > alpha) {
                alpha = sc;
                pv_set(S, ply, m);
                if (alpha >= beta) {
                    if (quiet) {
                        if (S->killer[ply][0] != m) {
                            S->killer[ply][1] = S->killer[ply][0];
                            S->killer[ply][0] = (int16_t)m;
                        }
                        S->hist[c][m] += depth * depth;
                        if (S->hist[c][m] > (1 << 20)) for (int j = 0; j < GMP_CELLS; j++) S->hist[c][j] /= 2;
                    }
                    break;
                }
            }
        }
    }
    if (best == -INF) return alpha;   /* every move pruned: fail low */
    int bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
    tt_store(S, key, best_move, to_tt(best, ply), depth, bound);
    return best;
}

static void fill_info(const gs *S, int depth, int score, int size, bo_search_info *out)
{
    out->depth = depth;
    out->seldepth = S->seldepth;
    out->score = score;
    out->win_rate = -1;
    out->win_plies = score >= WIN_MIN ? WIN - score : score <= -WIN_MIN ? -(WIN + score) : 0;
    out->nodes = S->nodes;
    out->seconds = (double)elapsed_ms(S) / 1000.0;
    int n = S->pvlen[0] < BO_MAX_PLY ? S->pvlen[0] : BO_MAX_PLY;
    for (int i = 0; i < n; i++) out->pv[i] = (bo_move)S->pv[0][i];
    out->pvlen = n;
    (void)size;
}

/* The root solver's proved win, as search.c takes it: the answer without a search. */
static bool root_proof(gs *S, const void *pos, bo_info_fn on_info, void *ctx, bo_search_info *out)
{
    const bo_solver *rs = S->g->root_solver;
    if (!rs || S->lim.nskip) return false;
    bo_solution *sol = malloc(sizeof *sol);
    char err[128];
    uint64_t cap = S->hard_ms > 0 ? (uint64_t)S->hard_ms * ROOT_NODES_PER_MS : 0;
    if (S->lim.nodes && (cap == 0 || S->lim.nodes < cap)) cap = S->lim.nodes;
    bool won = sol && rs->run(pos, 0, cap, sol, err, sizeof err) == 0 && sol->found && sol->value > 0 && sol->len > 0
            && sol->line[0] != BO_MOVE_ANY;
    if (won) {
        int n = 0;
        while (n < sol->len && n < PLY && sol->line[n] != BO_MOVE_ANY) n++;
        for (int i = 0; i < n; i++) S->pv[0][i] = (int)sol->line[i];
        S->pvlen[0] = n;
        S->nodes = sol->nodes;
        S->seldepth = sol->plies;
        fill_info(S, sol->plies, WIN - sol->plies, S->P.b.size, out);
        if (on_info) on_info(ctx, out);
    }
    free(sol);
    return won;
}

/* Drops the root moves the caller asked to skip (multi-PV). */
static int drop_skipped(const gs *S, int *mv, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        bool drop = false;
        for (int j = 0; j < S->lim.nskip && !drop; j++) drop = (bo_move)mv[i] == S->lim.skip[j];
        if (!drop) mv[k++] = mv[i];
    }
    return k;
}

/* One root iteration at DEPTH over the root moves (kept in S->moves[0], best first). */
static int root_search(gs *S, int depth, int n)
{
    int alpha = -INF, beta = INF, best = -INF, *mv = S->moves[0];
    S->root_moved = false;
    S->pvlen[0] = 0;
    for (int i = 0; i < n; i++) {
        int m = mv[i], sc;
        S->played[0] = m;
        play(S, m);
        if (i == 0) sc = -search(S, depth - 1, -beta, -alpha, 1, true);
        else {
            sc = -search(S, depth - 1, -alpha - 1, -alpha, 1, false);
            if (sc > alpha && !S->stop) sc = -search(S, depth - 1, -beta, -alpha, 1, true);
        }
        unplay(S, m);
        if (S->stop) break;
        if (sc > best) {
            best = sc;
            if (i > 0) S->root_moved = true;
            alpha = sc;
            pv_set(S, 0, m);
            memmove(&mv[1], &mv[0], (size_t)i * sizeof *mv);   /* the best first next time */
            mv[0] = m;
        }
    }
    return best;
}

/* The root's moves: the five, the only block, else generate()'s (all legal moves when
 * the block is forbidden: the game is lost). */
static int root_moves(gs *S)
{
    gm_pat_board *P = &S->P;
    gm_stone s = P->b.to_move;
    int c = colour(s), pts[2], *mv = S->moves[0], n;
    bool threatened;
    if (P->count[c][GMP_T_FIVE] && tier_points(P, c, GMP_T_FIVE, pts, 1)) { mv[0] = pts[0]; n = 1; }
    else if (P->count[1 - c][GMP_T_FIVE] && tier_points(P, 1 - c, GMP_T_FIVE, pts, 1) && gmp_legal(P, pts[0], s)) {
        mv[0] = pts[0];
        n = 1;
    } else {
        n = generate(S, 0, &threatened);
    }
    if (S->lim.nskip) {
        n = drop_skipped(S, mv, n);
        if (n == 0) {   /* every preferred move skipped: any other legal point */
            int size = P->b.size;
            for (int m = 0; m < size * size; m++) if (gmp_legal(P, m, s)) mv[n++] = m;
            n = drop_skipped(S, mv, n);
        }
    }
    for (int i = 0; i < n; i++) S->keys[0][i] = order_key(S, 0, mv[i], -1);
    for (int i = 0; i < n; i++) pick(S, 0, n, i);
    return n;
}

int gm_pvs_engine(const bo_game *g, const void *pos, const bo_hist *line, const bo_limits *lim, bo_tt *tt,
                  bo_info_fn on_info, void *ctx, bo_search_info *out, char *err, size_t errlen)
{
    (void)line;
    (void)tt;
    const gm_dpos *p = pos;
    if (g->to_move(pos) < 0) return bo_fail(err, errlen, "the game is over: there is nothing to search");
    gs *S = calloc(1, sizeof *S);
    tt_entry *table = S ? calloc((size_t)1 << TT_BITS, sizeof *table) : NULL;
    if (!table) {
        free(S);
        return bo_fail(err, errlen, "out of memory");
    }
    S->g = g;
    S->lim = *lim;
    S->tt = table;
    clock_gettime(CLOCK_MONOTONIC, &S->t0);
    plan_time(S);
    if (lim->eval) {
        S->tabs = malloc(sizeof *S->tabs);
        if (!S->tabs) {
            free(table);
            free(S);
            return bo_fail(err, errlen, "out of memory");
        }
        gmp_tables_build(S->tabs, lim->eval);
    }
    gmp_init_with(&S->P, &p->b, S->tabs);
    int n = root_moves(S);
    if (n == 0) {
        free(S->tabs);
        free(table);
        free(S);
        return bo_fail(err, errlen, "the side to move has no legal move: there is nothing to search");
    }
    memset(out, 0, sizeof *out);
    out->win_rate = -1;
    out->pv[0] = (bo_move)S->moves[0][0];
    out->pvlen = 1;
    if (root_proof(S, pos, on_info, ctx, out)) {
        free(S->tabs);
        free(table);
        free(S);
        return 0;
    }
    uint64_t solver_nodes = 0;
    int max_depth = lim->depth > 0 && lim->depth < PLY - 8 ? lim->depth : PLY - 8;
    for (int d = 1; d <= max_depth; d++) {
        S->seldepth = 0;
        int score = root_search(S, d, n);
        if (S->stop) {
            /* a better root move found before the stop is taken */
            if (S->root_moved && S->pvlen[0] > 0 && (bo_move)S->pv[0][0] != out->pv[0]) {
                int sc = out->score;
                fill_info(S, d - 1, sc, p->b.size, out);
            }
            break;
        }
        fill_info(S, d, score, p->b.size, out);
        if (on_info) on_info(ctx, out);
        if (out->win_plies && (WIN - (score < 0 ? -score : score)) <= d) break;
        if (n == 1 && d >= 2 && !lim->depth && !lim->nodes) break;
        if (S->hard_ms && elapsed_ms(S) > S->soft_ms) break;
        if (S->lim.nodes && S->nodes >= S->lim.nodes) break;
    }
    out->nodes = S->nodes + solver_nodes;
    out->seconds = (double)elapsed_ms(S) / 1000.0;
    free(S->tabs);
    free(table);
    free(S);
    return 0;
}
