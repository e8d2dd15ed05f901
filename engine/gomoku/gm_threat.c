/* gm_threat.c -- victory by continuous fours (see gm_threat.h).
 *
 * Depth-first search over the attacker's fours, deepened one four at a time so that
 * the first line found is a shortest one.  Each node scans the board once for the
 * attacker's four points (a cheap bit count rules out most points before the shape
 * table is read) and answers with the defender's single block; a block that makes a
 * four for the defender restricts the attacker's next move to the point that stops it. */
#include "gm_threat.h"

#include <stdlib.h>
#include <string.h>

#include "gm_internal.h"

typedef struct vcf_search {
    const gmi_tables *t;
    gm_board b;
    gm_stone a, d;
    long nodes, limit;
    int budget_out;
    int xs[GM_VCF_MAX_PLIES], ys[GM_VCF_MAX_PLIES];
    int len;
} vcf_search;

static bool on_board(const gm_board *b, int x, int y)
{
    return x >= 0 && y >= 0 && x < b->size && y < b->size;
}

/* The points where S makes five, anywhere on the board (at most MAX of them). */
static int five_points(const vcf_search *v, gm_stone s, int *px, int *py, int max)
{
    int n = 0;
    for (int y = 0; y < v->b.size; y++)
        for (int x = 0; x < v->b.size; x++)
            if (v->b.cell[y][x] == GM_EMPTY && gmi_makes_five(v->t, &v->b, x, y, s)) {
                if (n < max) { px[n] = x; py[n] = y; }
                n++;
            }
    return n;
}

/* The five points on the lines through a stone just placed (a four made there). */
static int five_points_near(const vcf_search *v, int x, int y, gm_stone s, int *px, int *py)
{
    int n = 0;
    for (int d = 0; d < 4; d++)
        for (int o = -4; o <= 4; o++) {
            int ex = x + o * gmi_dx(d), ey = y + o * gmi_dy(d);
            if (!o || !on_board(&v->b, ex, ey) || v->b.cell[ey][ex] != GM_EMPTY) continue;
            if (!gmi_makes_five(v->t, &v->b, ex, ey, s)) continue;
            bool dup = false;
            for (int k = 0; k < n; k++) dup |= px[k] == ex && py[k] == ey;
            if (!dup && n < 8) { px[n] = ex; py[n] = ey; n++; }
        }
    return n;
}

/* Does S make a four at the empty point?  Three own stones in the window first. */
static bool makes_four(const vcf_search *v, int x, int y, gm_stone s)
{
    const gm_board *b = &v->b;
    int mode = gmi_mode(b, s);
    for (int d = 0; d < 4; d++) {
        int line = gmi_line(b, d, x, y);
        uint32_t own = s == GM_BLACK ? b->line_black[d][line] : b->line_white[d][line];
        if (__builtin_popcount(own >> gmi_pos(d, x, y) & 0x3DEu) < 3) continue;
        gm_shape sh = (gm_shape)v->t->shape[mode][gmi_index(v->t, b, d, x, y, s)];
        if (sh >= GM_SHAPE_BLOCK4 && sh != GM_SHAPE_OVERLINE) return true;
    }
    return false;
}

/* Renju black may not play a forbidden point; nobody else is restricted. */
static bool allowed(vcf_search *v, int x, int y, gm_stone s)
{
    return !gmi_restricted(&v->b, s) || gm_foul_at(&v->b, x, y) == GM_FOUL_NONE;
}

static void push(vcf_search *v, int x, int y)
{
    v->xs[v->len] = x;
    v->ys[v->len] = y;
    v->len++;
}

/* One attacker move (x,y), a four, and what follows it; true if it wins within
 * FOURS more fours.  On success the line from this move on is pushed. */
static bool try_four(vcf_search *v, int x, int y, int fours);

static bool vcf(vcf_search *v, int fours)
{
    int px[8], py[8];
    /* A five now ends it. */
    for (int y = 0; y < v->b.size; y++)
        for (int x = 0; x < v->b.size; x++)
            if (v->b.cell[y][x] == GM_EMPTY && gmi_makes_five(v->t, &v->b, x, y, v->a) && allowed(v, x, y, v->a)) {
                push(v, x, y);
                return true;
            }
    if (fours <= 0) return false;
    int nd = five_points(v, v->d, px, py, 2);
    if (nd >= 2) return false;                       /* two fives to stop: lost race */
    if (nd == 1) return makes_four(v, px[0], py[0], v->a) && try_four(v, px[0], py[0], fours);
    for (int y = 0; y < v->b.size; y++)
        for (int x = 0; x < v->b.size; x++)
            if (v->b.cell[y][x] == GM_EMPTY && makes_four(v, x, y, v->a) && try_four(v, x, y, fours))
                return true;
    return false;
}

static bool try_four(vcf_search *v, int x, int y, int fours)
{
    if (v->limit && v->nodes >= v->limit) { v->budget_out = 1; return false; }
    v->nodes++;
    if (!allowed(v, x, y, v->a) || v->len + 3 > GM_VCF_MAX_PLIES) return false;
    int save = v->len, px[8], py[8];
    bool win = false;
    gm_place(&v->b, x, y, v->a);
    push(v, x, y);
    int nf = five_points_near(v, x, y, v->a, px, py);
    if (nf >= 2) {
        push(v, px[0], py[0]);               /* the defender blocks one... */
        push(v, px[1], py[1]);               /* ...and the other makes five */
        win = true;
    } else if (nf == 1 && gmi_restricted(&v->b, v->d) && gm_foul_at(&v->b, px[0], py[0]) != GM_FOUL_NONE) {
        push(v, -1, -1);                     /* black may not block on a forbidden point */
        push(v, px[0], py[0]);
        win = true;
    } else if (nf == 1) {
        gm_place(&v->b, px[0], py[0], v->d);
        push(v, px[0], py[0]);
        win = vcf(v, fours - 1);
        gm_remove(&v->b, px[0], py[0]);
    }
    gm_remove(&v->b, x, y);
    if (!win) v->len = save;
    return win;
}

int gm_vcf_solve(const gm_board *b, gm_stone attacker, int max_fours, long node_limit, gm_vcf_line *out)
{
    memset(out, 0, sizeof *out);
    vcf_search *v = malloc(sizeof *v);
    if (!v) return 0;
    memset(v, 0, sizeof *v);
    v->t = gmi_tables_get();
    v->b = *b;
    v->a = attacker;
    v->d = attacker == GM_BLACK ? GM_WHITE : GM_BLACK;
    v->limit = node_limit;
    if (max_fours > (GM_VCF_MAX_PLIES - 1) / 2) max_fours = (GM_VCF_MAX_PLIES - 1) / 2;
    for (int f = 0; f <= max_fours && !v->budget_out; f++) {
        v->len = 0;
        if (vcf(v, f)) {
            out->found = 1;
            out->plies = v->len;
            memcpy(out->xs, v->xs, sizeof v->xs);
            memcpy(out->ys, v->ys, sizeof v->ys);
            break;
        }
    }
    out->nodes = v->nodes;
    out->budget_out = v->budget_out;
    free(v);
    return out->found;
}
