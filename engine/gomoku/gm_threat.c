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
    if (nd == 1) return gmi_makes_four(v->t, &v->b, px[0], py[0], v->a) && try_four(v, px[0], py[0], fours);
    for (int y = 0; y < v->b.size; y++)
        for (int x = 0; x < v->b.size; x++)
            if (v->b.cell[y][x] == GM_EMPTY && gmi_makes_four(v->t, &v->b, x, y, v->a) && try_four(v, x, y, fours))
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
    int nf = gmi_five_points_near(v->t, &v->b, x, y, v->a, px, py);
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
