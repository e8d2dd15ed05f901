/* gm_vct.c -- victory by continuous threats (see gm_threat.h).
 *
 * An AND/OR search.  At the attacker's nodes: a five wins; a five of the defender's
 * must be blocked (the block is the attacker's only move); otherwise the attacker
 * tries its fours and its open threes.  At the defender's nodes: a five of the
 * attacker's must be blocked (two five points, or one forbidden to renju black, win
 * for the attacker); otherwise the attacker's threat is its winning points (a straight
 * four, two fours, or a four with an open three that it may play), and the defender
 * may answer with any point that leaves none of them, or with a four of its own (which
 * the attacker must then block); when no point leaves none (a double threat), every
 * point within four of a winning point on its lines is tried.  Every free threat, four or three, counts one in the
 * depth.  No winning point after a three: the three was no
 * threat (renju black's three whose straight-four points are all forbidden is no three).
 *
 * A new defender stone can only take winning points away, never make new ones, so a
 * candidate defence is tried by re-testing the old winning points alone.  Iterative
 * deepening on the attacker's free threats makes short wins come first; the reported
 * line follows, at each defender node, the reply that resisted longest. */
#include "gm_threat.h"

#include <stdlib.h>
#include <string.h>

#include "gm_internal.h"

enum { VCT_MAX_PTS = 64, FAIL_SLOTS = 1 << 16 };

/* A node already refuted with at least this many threats left (key 0: empty). */
typedef struct vct_fail {
    uint64_t key;
    int depth;
} vct_fail;

typedef struct vct_search {
    const gmi_tables *t;
    gm_board b;
    gm_stone a, d;
    long nodes, limit;
    int budget_out;
    vct_fail *fails;           /* FAIL_SLOTS entries */
} vct_search;

/* A line under construction: moves as y * size + x, -1 for "any". */
typedef struct vct_line {
    int len;
    int m[GM_VCT_MAX_PLIES];
} vct_line;

static bool att_node(vct_search *v, int depth, int ply, vct_line *out);

static bool legal_for(vct_search *v, int x, int y, gm_stone s)
{
    return !gmi_restricted(&v->b, s) || gm_foul_at(&v->b, x, y) == GM_FOUL_NONE;
}

/* The most of S's stones on the 8 other points of a 9-point window centred on (x,y),
 * over the four lines: a four needs 3, a five 4, a three 2. */
static int own_count(const vct_search *v, int x, int y, gm_stone s)
{
    int best = 0;
    for (int d = 0; d < 4; d++) {
        int line = gmi_line(&v->b, d, x, y);
        uint32_t own = s == GM_BLACK ? v->b.line_black[d][line] : v->b.line_white[d][line];
        int c = gmi_popcount(own >> gmi_pos(d, x, y) & 0x3DEu);
        if (c > best) best = c;
    }
    return best;
}

/* S's five points on the whole board (up to MAX kept); returns the count. */
static int fives(vct_search *v, gm_stone s, int *pts, int max)
{
    int n = 0;
    for (int y = 0; y < v->b.size; y++)
        for (int x = 0; x < v->b.size; x++)
            if (v->b.cell[y][x] == GM_EMPTY && own_count(v, x, y, s) >= 4 && gmi_makes_five(v->t, &v->b, x, y, s)) {
                if (n < max) pts[n] = y * v->b.size + x;
                n++;
            }
    return n;
}

/* Would one stone of S at (x,y) make two five points (a straight four, two fours) or
 * a four with an open three, and may S play it? */
static bool winning_point(vct_search *v, int x, int y, gm_stone s)
{
    int mode = gmi_mode(&v->b, s), fours = 0, threes = 0;
    bool straight = false;
    for (int d = 0; d < 4; d++) {
        gm_shape sh = (gm_shape)v->t->shape[mode][gmi_index(v->t, &v->b, d, x, y, s)];
        if (sh == GM_SHAPE_FLEX4) { straight = true; fours++; }
        else if (sh == GM_SHAPE_DOUBLE4) fours += 2;
        else if (sh == GM_SHAPE_BLOCK4) fours++;
        else if (sh == GM_SHAPE_FLEX3) threes++;
    }
    if (!straight && fours < 2 && !(fours >= 1 && threes >= 1)) return false;
    return legal_for(v, x, y, s);
}

/* Does a stone at (x,y) lie within reach of S's lines (any own stone within 4 along a
 * line through it)? Cheap filter before the shape lookups. */
static bool on_own_lines(const vct_search *v, int x, int y, gm_stone s)
{
    for (int d = 0; d < 4; d++) {
        int line = gmi_line(&v->b, d, x, y);
        uint32_t own = s == GM_BLACK ? v->b.line_black[d][line] : v->b.line_white[d][line];
        if (gmi_popcount(own >> gmi_pos(d, x, y) & 0x3DEu) >= 2) return true;
    }
    return false;
}

/* All of S's winning points (up to MAX). */
static int winning_points(vct_search *v, gm_stone s, int *pts, int max)
{
    int n = 0;
    for (int y = 0; y < v->b.size && n < max; y++)
        for (int x = 0; x < v->b.size && n < max; x++)
            if (v->b.cell[y][x] == GM_EMPTY && on_own_lines(v, x, y, s) && winning_point(v, x, y, s))
                pts[n++] = y * v->b.size + x;
    return n;
}

/* The refutation table: a node that failed with DEPTH threats left fails with fewer.
 * Wins are not kept (their lines are wanted). */
static uint64_t node_key(const vct_search *v, bool attacker)
{
    return v->b.hash ^ (attacker ? UINT64_C(0x2545F4914F6CDD1D) : UINT64_C(0x9E3779B97F4A7C15));
}

static bool known_fail(const vct_search *v, bool attacker, int depth)
{
    uint64_t k = node_key(v, attacker);
    const vct_fail *f = &v->fails[k & (FAIL_SLOTS - 1)];
    return f->key == k && f->depth >= depth;
}

/* Returns false, having noted the refutation unless the budget cut the search. */
static bool fail(vct_search *v, bool attacker, int depth)
{
    if (v->budget_out) return false;
    uint64_t k = node_key(v, attacker);
    vct_fail *f = &v->fails[k & (FAIL_SLOTS - 1)];
    f->key = k;
    f->depth = depth;
    return false;
}

static bool out_of_budget(vct_search *v)
{
    if (v->limit && v->nodes >= v->limit) { v->budget_out = 1; return true; }
    v->nodes++;
    return false;
}

/* Play M for S, search the node that follows, take M back. */
static bool after(vct_search *v, int m, gm_stone s, bool attacker_next, int depth, int ply, vct_line *out);

/* The defender to move; the attacker has just made a threat.  True if every answer
 * loses; OUT gets the longest-resisting answer's line. */
static bool def_node(vct_search *v, int depth, int ply, vct_line *out)
{
    int size = v->b.size, fp[8];
    out->len = 0;
    if (ply + 2 >= GM_VCT_MAX_PLIES || known_fail(v, false, depth) || out_of_budget(v)) return false;
    if (fives(v, v->d, fp, 1)) return false;               /* the defender makes five */
    int na = fives(v, v->a, fp, 8);
    if (na >= 2 || (na == 1 && !legal_for(v, fp[0] % size, fp[0] / size, v->d))) {
        int five = na >= 2 ? fp[1] : fp[0];
        out->m[0] = na >= 2 ? fp[0] : -1;
        out->m[1] = five;
        out->len = 2;
        return true;
    }
    if (na == 1) return after(v, fp[0], v->d, true, depth, ply, out);
    int wp[VCT_MAX_PTS];
    int nw = winning_points(v, v->a, wp, VCT_MAX_PTS);
    if (nw == 0) return false;                             /* no threat: the defender is free */
    /* Answers: points within four of a winning point on a line through it that leave
     * no winning point, and the defender's fours anywhere. */
    bool seen[GM_MAX_SIZE * GM_MAX_SIZE] = {false};
    int replies[GM_MAX_SIZE * GM_MAX_SIZE], nr = 0, others[GM_MAX_SIZE * GM_MAX_SIZE], no = 0;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            if (v->b.cell[y][x] == GM_EMPTY && gmi_makes_four(v->t, &v->b, x, y, v->d) && legal_for(v, x, y, v->d)) {
                seen[y * size + x] = true;
                replies[nr++] = y * size + x;
            }
    for (int i = 0; i < nw; i++)
        for (int d = 0; d < 4; d++)
            for (int o = -4; o <= 4; o++) {
                int x = wp[i] % size + o * gmi_dx(d), y = wp[i] / size + o * gmi_dy(d);
                if (x < 0 || y < 0 || x >= size || y >= size || v->b.cell[y][x] != GM_EMPTY || seen[y * size + x]) continue;
                seen[y * size + x] = true;
                if (!legal_for(v, x, y, v->d)) continue;
                gm_place(&v->b, x, y, v->d);
                bool stops = true;
                for (int k = 0; k < nw && stops; k++) {
                    int px = wp[k] % size, py = wp[k] / size;
                    if (v->b.cell[py][px] == GM_EMPTY && winning_point(v, px, py, v->a)) stops = false;
                }
                gm_remove(&v->b, x, y);
                if (stops) replies[nr++] = y * size + x;
                else others[no++] = y * size + x;
            }
    /* Nothing stops every winning point (a double threat): each point near them may
     * still change what follows, so each is tried; far points cannot. */
    bool stoppers = false;
    for (int i = 0; i < nr && !stoppers; i++) stoppers = !gmi_makes_four(v->t, &v->b, replies[i] % size, replies[i] / size, v->d);
    if (!stoppers)
        for (int i = 0; i < no; i++) replies[nr++] = others[i];
    vct_line sub;
    for (int i = 0; i < nr; i++) {
        if (!after(v, replies[i], v->d, true, depth - 1, ply, &sub)) return fail(v, false, depth);
        if (sub.len > out->len) *out = sub;
    }
    if (nr == 0) {                                        /* no point near: any move */
        if (!after(v, -1, v->d, true, depth - 1, ply, &sub)) return false;
        *out = sub;
    }
    return true;
}

static bool after(vct_search *v, int m, gm_stone s, bool attacker_next, int depth, int ply, vct_line *out)
{
    int size = v->b.size;
    if (m >= 0) gm_place(&v->b, m % size, m / size, s);
    else v->b.to_move = v->a;
    vct_line sub;
    bool win = attacker_next ? att_node(v, depth, ply + 1, &sub) : def_node(v, depth, ply + 1, &sub);
    if (m >= 0) gm_remove(&v->b, m % size, m / size);
    else v->b.to_move = s;
    if (win) {
        out->m[0] = m;
        memcpy(out->m + 1, sub.m, (size_t)sub.len * sizeof sub.m[0]);
        out->len = sub.len + 1;
    }
    return win;
}

/* The attacker to move: true if it wins by continuous threats within DEPTH free
 * threats; OUT gets the line. */
static bool att_node(vct_search *v, int depth, int ply, vct_line *out)
{
    int size = v->b.size, fp[8];
    out->len = 0;
    if (ply + 2 >= GM_VCT_MAX_PLIES || known_fail(v, true, depth) || out_of_budget(v)) return false;
    int n = fives(v, v->a, fp, 1);
    if (n) { out->m[0] = fp[0]; out->len = 1; return true; }
    int nd = fives(v, v->d, fp, 2);
    if (nd >= 2) return false;
    if (nd == 1) {
        if (!legal_for(v, fp[0] % size, fp[0] / size, v->a)) return false;
        return after(v, fp[0], v->a, false, depth, ply, out);   /* forced: the defender goes on */
    }
    if (depth <= 0) return false;
    /* Fours first (they keep the initiative for certain), then threes. */
    for (int pass = 0; pass < 2; pass++)
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++) {
                if (v->b.cell[y][x] != GM_EMPTY || !on_own_lines(v, x, y, v->a)) continue;
                bool four = gmi_makes_four(v->t, &v->b, x, y, v->a);
                if (pass == 0 && !four) continue;
                if (pass == 1) {
                    if (four) continue;
                    int mode = gmi_mode(&v->b, v->a);
                    bool three = false;
                    for (int d = 0; d < 4 && !three; d++)
                        three = v->t->shape[mode][gmi_index(v->t, &v->b, d, x, y, v->a)] == GM_SHAPE_FLEX3;
                    if (!three) continue;
                }
                if (!legal_for(v, x, y, v->a)) continue;
                if (after(v, y * size + x, v->a, false, depth - 1, ply, out)) return true;
                if (v->budget_out) return false;
            }
    return fail(v, true, depth);
}

int gm_vct_solve(const gm_board *b, gm_stone attacker, int max_threats, long node_limit, gm_vct_line *out)
{
    memset(out, 0, sizeof *out);
    vct_search *v = malloc(sizeof *v);
    vct_line *line = malloc(sizeof *line);
    vct_fail *fails = calloc(FAIL_SLOTS, sizeof *fails);
    if (!v || !line || !fails) { free(v); free(line); free(fails); return 0; }
    memset(v, 0, sizeof *v);
    v->fails = fails;
    v->t = gmi_tables_get();
    v->b = *b;
    v->b.to_move = attacker;
    v->a = attacker;
    v->d = attacker == GM_BLACK ? GM_WHITE : GM_BLACK;
    v->limit = node_limit;
    for (int depth = 1; depth <= max_threats && !v->budget_out; depth++) {
        if (att_node(v, depth, 0, line)) {
            out->found = 1;
            out->plies = line->len;
            for (int i = 0; i < line->len; i++) {
                out->xs[i] = line->m[i] < 0 ? -1 : line->m[i] % b->size;
                out->ys[i] = line->m[i] < 0 ? -1 : line->m[i] / b->size;
            }
            break;
        }
    }
    out->nodes = v->nodes;
    out->budget_out = v->budget_out;
    free(v);
    free(line);
    free(fails);
    return out->found;
}
