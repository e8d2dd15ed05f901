/* gm_engine.c - a simple but sound gomoku/renju player for `boyi play` and self-play.
 *
 * Order of decisions:
 *   1. a five now;
 *   2. block the opponent's five point;
 *   3. a win by continuous fours (VCF, node-limited, includes white's trick of a four
 *      whose only defence is a point forbidden to black);
 *   4. otherwise a shallow negamax alpha-beta (2, 4, 6 plies while a node budget lasts)
 *      over the best few points by a shape score (the line shapes a point makes for
 *      both sides), with fives and forced blocks decided exactly, and then the best
 *      move after which the opponent has no VCF of its own (this also stops open
 *      threes, since answering an open three late loses to a straight four).
 * Black under renju never gets a forbidden point. Everything is deterministic: the
 * seed only adds a small tie-breaking noise; node limits are counts, not times.
 */
#include "gm_internal.h"

#include <string.h>

enum {
    GM_VCF_ROOT_NODES = 40000, /* own VCF at the root */
    GM_VCF_SAFE_NODES = 4000,  /* opponent's VCF after each of our candidate moves */
    GM_VCF_DEPTH = 12,         /* attacker moves in one VCF line */
    GM_SAFE_CANDIDATES = 10,   /* best-valued moves tried by the safety check */
    GM_AB_ROOT_WIDTH = 12,     /* candidates searched at the root */
    GM_AB_WIDTH = 8,           /* candidates searched below the root */
    GM_AB_MAXPLY = 16,         /* forced blocks extend the search up to this ply */
    GM_WIN = 1000000,
    GM_MAXPTS = GM_MAX_SIZE * GM_MAX_SIZE
};

typedef struct gm_search {
    const gmi_tables *t;
    gm_board *b;
    long nodes; /* VCF nodes and their limit */
    long limit;
    long ab_nodes; /* alpha-beta nodes and their limit; past it the iteration is void */
    long ab_limit;
    bool abort;
} gm_search;

/* The opponent's colour. */
static gm_stone gm_other(gm_stone s)
{
    return s == GM_BLACK ? GM_WHITE : GM_BLACK;
}

/* On the board? */
static bool gm_on(const gm_board *b, int x, int y)
{
    return x >= 0 && y >= 0 && x < b->size && y < b->size;
}

/* May side s play the empty point (x,y)? Only renju black has restrictions. */
static bool gm_legal(gm_board *b, int x, int y, gm_stone s)
{
    if (!gm_on(b, x, y) || b->cell[y][x] != GM_EMPTY)
        return false;
    return !gmi_restricted(b, s) || gm_foul_at(b, x, y) == GM_FOUL_NONE;
}

/* Victory by continuous fours for attacker a. The defender has no five point when this
 * is called. Returns true and the first move in (*fx,*fy) when found. */
static bool gm_vcf(gm_search *S, gm_stone a, int depth, int *fx, int *fy)
{
    gm_board *b = S->b;
    gm_stone def = gm_other(a);
    if (depth <= 0)
        return false;
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            if (b->cell[y][x] != GM_EMPTY || !gmi_makes_four(S->t, S->b, x, y, a))
                continue;
            if (++S->nodes > S->limit)
                return false;
            if (!gm_legal(b, x, y, a))
                continue;
            bool win = false;
            if (gmi_makes_five(S->t, b, x, y, a)) {
                win = true;
            } else {
                int px[8], py[8];
                gm_place(b, x, y, a);
                int nf = gmi_five_points_near(S->t, S->b, x, y, a, px, py);
                if (nf >= 2) {
                    win = true; /* the defender has no five of its own to interpose */
                } else if (nf == 1) {
                    if (gmi_restricted(b, def) && gm_foul_at(b, px[0], py[0]) != GM_FOUL_NONE) {
                        win = true; /* black may not block on a forbidden point */
                    } else {
                        int qx[8], qy[8], dx, dy;
                        gm_place(b, px[0], py[0], def);
                        /* a block that makes a four for the defender ends this line */
                        if (gmi_five_points_near(S->t, S->b, px[0], py[0], def, qx, qy) == 0)
                            win = gm_vcf(S, a, depth - 1, &dx, &dy);
                        gm_remove(b, px[0], py[0]);
                    }
                }
                gm_remove(b, x, y);
            }
            if (win) {
                *fx = x;
                *fy = y;
                return true;
            }
        }
    }
    return false;
}

/* Value of one line shape for the side that makes it. */
static int gm_shape_value(gm_shape s)
{
    static const int v[] = {0, 2, 10, 12, 60, 70, 3000, 3000, 100000, 0};
    return v[s];
}

/* Heuristic worth of (x,y) for side s: its shapes, with bonuses for the winning
 * combinations (two fours, four-three, three-three where allowed). */
static int gm_point_value(const gm_search *S, int x, int y, gm_stone s)
{
    const gm_board *b = S->b;
    int mode = gmi_mode(b, s), v = 0, fours = 0, threes = 0;
    for (int d = 0; d < 4; d++) {
        gm_shape sh = (gm_shape)S->t->shape[mode][gmi_index(S->t, b, d, x, y, s)];
        v += gm_shape_value(sh);
        fours += sh == GM_SHAPE_BLOCK4 ? 1 : sh == GM_SHAPE_DOUBLE4 ? 2 : 0;
        threes += sh == GM_SHAPE_FLEX3;
    }
    if (fours >= 2 || (fours == 1 && threes >= 1))
        v += 2500;
    else if (threes >= 2)
        v += 800;
    return v;
}

/* Small deterministic tie-breaker from the seed, the position and the point. */
static uint64_t gm_noise(uint64_t seed, uint64_t hash, int x, int y)
{
    uint64_t z = seed ^ hash ^ (uint64_t)(y * GM_MAX_SIZE + x) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 31)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 29)) * 0x94D049BB133111EBull;
    return z ^ (z >> 32);
}

/* Rows of empty points within distance 2 of a stone: where moves worth searching are.
 * Built from the row masks by dilating two points each way. */
static void gm_near(const gm_board *b, uint32_t near[GM_MAX_SIZE])
{
    uint32_t full = (1u << b->size) - 1u, h[GM_MAX_SIZE], occ[GM_MAX_SIZE];
    for (int y = 0; y < b->size; y++) {
        uint32_t o = (b->line_black[0][y] | b->line_white[0][y]) >> GM_LINE_PAD & full;
        occ[y] = o;
        h[y] = o | o << 1 | o << 2 | o >> 1 | o >> 2;
    }
    for (int y = 0; y < b->size; y++) {
        uint32_t n = 0;
        for (int k = y - 2; k <= y + 2; k++)
            if (k >= 0 && k < b->size)
                n |= h[k];
        near[y] = n & ~occ[y] & full;
    }
}

typedef struct gm_cand {
    int x, y;
    long score;
} gm_cand;

/* Candidate moves for side s, best first by the shape heuristic (attack counts a little
 * more than defence), at most max of them, all legal. With no stone near anything the
 * whole board is offered. Returns the count. */
static int gm_gen(gm_search *S, gm_stone s, uint64_t seed, bool noise, gm_cand *out, int max)
{
    gm_board *b = S->b;
    gm_stone o = gm_other(s);
    uint32_t near[GM_MAX_SIZE];
    gm_cand all[GM_MAXPTS];
    int n = 0;
    gm_near(b, near);
    for (int y = 0; y < b->size; y++) {
        for (uint32_t m = near[y]; m; m &= m - 1) {
            int x = __builtin_ctz(m);
            long att = gm_point_value(S, x, y, s), def = gm_point_value(S, x, y, o);
            /* a point forbidden to black needs no white stone to block black there */
            if (gmi_restricted(b, o) && def >= 60 && gm_foul_at(b, x, y) != GM_FOUL_NONE)
                def = 0;
            long sc = att * 10 + def * 9;
            if (noise)
                sc += (long)(gm_noise(seed, b->hash, x, y) % 8);
            all[n++] = (gm_cand){x, y, sc};
        }
    }
    if (n == 0)
        for (int y = 0; y < b->size; y++)
            for (int x = 0; x < b->size; x++)
                if (b->cell[y][x] == GM_EMPTY)
                    all[n++] = (gm_cand){x, y, noise ? (long)(gm_noise(seed, b->hash, x, y) % 8) : 0};
    for (int i = 1; i < n; i++) { /* insertion sort, descending, stable */
        gm_cand c = all[i];
        int j = i;
        while (j > 0 && all[j - 1].score < c.score) {
            all[j] = all[j - 1];
            j--;
        }
        all[j] = c;
    }
    int k = 0;
    for (int i = 0; i < n && k < max; i++)
        if (gm_legal(b, all[i].x, all[i].y, s))
            out[k++] = all[i];
    /* every nearby point forbidden to black: any legal point will do */
    for (int y = 0; y < b->size && k == 0; y++)
        for (int x = 0; x < b->size && k < max; x++)
            if (gm_legal(b, x, y, s))
                out[k++] = (gm_cand){x, y, 0};
    return k;
}

/* Static evaluation for the side to move: the shape values of every nearby point for
 * both sides; the side to move gets a small bonus for the initiative. */
static long gm_eval(gm_search *S, gm_stone s)
{
    uint32_t near[GM_MAX_SIZE];
    long mine = 0, theirs = 0;
    gm_near(S->b, near);
    for (int y = 0; y < S->b->size; y++)
        for (uint32_t m = near[y]; m; m &= m - 1) {
            int x = __builtin_ctz(m);
            mine += gm_point_value(S, x, y, s);
            theirs += gm_point_value(S, x, y, gm_other(s));
        }
    return mine * 6 / 5 - theirs;
}

/* Five points of side s among the nearby points (stops at max). */
static int gm_five_points(gm_search *S, gm_stone s, int *px, int *py, int max)
{
    uint32_t near[GM_MAX_SIZE];
    int n = 0;
    gm_near(S->b, near);
    for (int y = 0; y < S->b->size && n < max; y++)
        for (uint32_t m = near[y]; m && n < max; m &= m - 1) {
            int x = __builtin_ctz(m);
            if (gmi_makes_five(S->t, S->b, x, y, s)) {
                px[n] = x;
                py[n] = y;
                n++;
            }
        }
    return n;
}

/* Does side s have a legal move making a straight four or two fours (a win next move
 * when the opponent has no five point)? */
static bool gm_has_double_threat(gm_search *S, gm_stone s)
{
    uint32_t near[GM_MAX_SIZE];
    gm_board *b = S->b;
    int mode = gmi_mode(b, s);
    gm_near(b, near);
    for (int y = 0; y < b->size; y++)
        for (uint32_t m = near[y]; m; m &= m - 1) {
            int x = __builtin_ctz(m), fours = 0;
            for (int d = 0; d < 4; d++) {
                gm_shape sh = (gm_shape)S->t->shape[mode][gmi_index(S->t, b, d, x, y, s)];
                fours += sh == GM_SHAPE_BLOCK4 ? 1 : sh >= GM_SHAPE_DOUBLE4 && sh <= GM_SHAPE_FLEX4 ? 2 : 0;
            }
            if (fours >= 2 && gm_legal(b, x, y, s))
                return true;
        }
    return false;
}

/* Negamax with alpha-beta over the best few candidates. Fives and forced blocks are
 * decided exactly before the static evaluation; a forced block does not use depth. */
static long gm_ab(gm_search *S, gm_stone s, int depth, long alpha, long beta, int ply)
{
    gm_board *b = S->b;
    gm_stone o = gm_other(s);
    int px[2], py[2];
    if (++S->ab_nodes > S->ab_limit)
        S->abort = true;
    if (S->abort)
        return 0;
    if (gm_five_points(S, s, px, py, 1))
        return GM_WIN - ply;
    int nf = gm_five_points(S, o, px, py, 2);
    if (nf >= 2 || (nf == 1 && !gm_legal(b, px[0], py[0], s)))
        return -(GM_WIN - ply - 1);
    if (nf == 1) {
        if (ply >= GM_AB_MAXPLY)
            return gm_eval(S, s);
        gm_place(b, px[0], py[0], s);
        long v = -gm_ab(S, o, depth, -beta, -alpha, ply + 1);
        gm_remove(b, px[0], py[0]);
        return v;
    }
    if (gm_has_double_threat(S, s))
        return GM_WIN - ply - 2;
    if (depth <= 0 || ply >= GM_AB_MAXPLY)
        return gm_eval(S, s);
    gm_cand c[GM_AB_WIDTH];
    int n = gm_gen(S, s, 0, false, c, GM_AB_WIDTH);
    if (n == 0)
        return 0;
    long best = -GM_WIN * 2;
    for (int i = 0; i < n && !S->abort; i++) {
        gm_place(b, c[i].x, c[i].y, s);
        long v = -gm_ab(S, o, depth - 1, -beta, -alpha, ply + 1);
        gm_remove(b, c[i].x, c[i].y);
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    return best;
}

/* The decision procedure of the file comment, on a board it may probe. */
static int gm_choose(gm_board *b, gm_stone side, uint64_t seed, const gm_engine_opts *opt,
                     int *x, int *y)
{
    gm_stone opp = gm_other(side);
    gm_search S = {gmi_tables_get(), b, 0, 0, 0, 0, false};
    int px[2], py[2];

    if (b->stones == 0 && gm_legal(b, b->size / 2, b->size / 2, side)) {
        *x = b->size / 2;
        *y = b->size / 2;
        return 0;
    }
    gm_cand root[GM_AB_ROOT_WIDTH];
    int n = gm_gen(&S, side, seed, true, root, GM_AB_ROOT_WIDTH);
    if (n == 0)
        return -1;

    /* 1. five now */
    if (gm_five_points(&S, side, px, py, 1)) {
        *x = px[0];
        *y = py[0];
        return 0;
    }
    /* 2. the opponent's five point must be blocked (if several, the game is lost) */
    int nf = gm_five_points(&S, opp, px, py, 2);
    for (int i = 0; i < nf; i++)
        if (gm_legal(b, px[i], py[i], side)) {
            *x = px[i];
            *y = py[i];
            return 0;
        }
    /* 3. own VCF */
    S.limit = GM_VCF_ROOT_NODES;
    if (gm_vcf(&S, side, GM_VCF_DEPTH, x, y))
        return 0;

    /* 4. shallow alpha-beta over the best candidates, deepened two plies at a time
     *    while the node budget lasts (an unfinished iteration is discarded), then the
     *    opponent-VCF safety check in order of value */
    long val[GM_AB_ROOT_WIDTH];
    int order[GM_AB_ROOT_WIDTH], next[GM_AB_ROOT_WIDTH];
    for (int i = 0; i < n; i++)
        order[i] = i;
    S.ab_limit = opt->node_limit;
    for (int depth = 2; depth <= opt->depth && !S.abort; depth += 2) {
        for (int i = 0; i < n && !S.abort; i++) {
            gm_place(b, root[i].x, root[i].y, side);
            val[i] = -gm_ab(&S, opp, depth - 1, -GM_WIN * 2, GM_WIN * 2, 1);
            gm_remove(b, root[i].x, root[i].y);
            int j = i;
            while (j > 0 && val[next[j - 1]] < val[i]) {
                next[j] = next[j - 1];
                j--;
            }
            next[j] = i;
        }
        if (!S.abort)
            memcpy(order, next, sizeof order);
    }
    for (int i = 0; i < n && i < GM_SAFE_CANDIDATES; i++) {
        int c = order[i], vx, vy;
        gm_place(b, root[c].x, root[c].y, side);
        S.nodes = 0;
        S.limit = GM_VCF_SAFE_NODES;
        /* if we now threaten five, the opponent must answer it: no VCF for them */
        bool unsafe = !gm_five_points(&S, side, px, py, 1) && gm_vcf(&S, opp, GM_VCF_DEPTH, &vx, &vy);
        gm_remove(b, root[c].x, root[c].y);
        if (!unsafe) {
            *x = root[c].x;
            *y = root[c].y;
            return 0;
        }
    }
    *x = root[order[0]].x;
    *y = root[order[0]].y;
    return 0;
}

/* The search places and removes stones on the caller's board; everything, including
 * to_move, is put back before returning. */
int gm_engine_move_opts(gm_board *b, gm_stone side, uint64_t seed, const gm_engine_opts *opt,
                        int *x, int *y)
{
    if (!b || !x || !y || (side != GM_BLACK && side != GM_WHITE))
        return -1;
    gm_engine_opts o = {GM_ENGINE_DEPTH, GM_ENGINE_NODES};
    if (opt) {
        o = *opt;
        if (o.depth < 0)
            o.depth = 0;
        if (o.depth > GM_AB_MAXPLY)
            o.depth = GM_AB_MAXPLY;
    }
    gm_stone to_move = b->to_move;
    int r = gm_choose(b, side, seed, &o, x, y);
    b->to_move = to_move;
    return r;
}

int gm_engine_move(gm_board *b, gm_stone side, uint64_t seed, int *x, int *y)
{
    return gm_engine_move_opts(b, side, seed, NULL, x, y);
}
