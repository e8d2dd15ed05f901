/* gm_pat.c -- incremental pattern codes (see gm_pat.h for the rule and the method).
 *
 * The line patterns are the shapes of gm_tables.c (one lookup per point, direction and
 * colour in the 3^10 table of 11-point windows); the combination tables below give,
 * for all 10^4 quadruples of shapes and each kind of player (renju black, restricted;
 * renju white; freestyle and standard), the point's tier, foul flags, ordering value
 * and evaluation values.  The compiled-in weights' tables are built once
 * (pthread_once); a search with weights of its own builds its own (gmp_tables_build).
 * Ordering values are hand-set: per-line weights plus a bonus for the point's tier.
 * Evaluation values come from the weights (gm_weights.h; docs/engine-gomoku.md,
 * "Evaluation", and docs/training.md). */
#include "gm_pat.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "gm_internal.h"
#include "gm_weights.h"
#include "search.h"

static const int pow10[4] = {1, 10, 100, 1000};   /* a direction's digit in a combination index */

#define GMP_W_NAME(name, v) #name,
#define GMP_W_VALUE(name, v) v,
const char *const gmp_weight_names[GMP_NWEIGHTS] = {GM_EVAL_WEIGHTS(GMP_W_NAME)};
const int gmp_weight_defaults[GMP_NWEIGHTS] = {GM_EVAL_WEIGHTS(GMP_W_VALUE)};
/* gm_weights.h gives every weight once: the count is checked at compile time */
#define GMP_W_ONE(name, v) +1
_Static_assert(0 GM_EVAL_WEIGHTS(GMP_W_ONE) == GMP_NWEIGHTS, "gm_weights.h must give GMP_NWEIGHTS weights");

/* The compiled-in weights' tables: written once under pthread_once, read-only afterwards. */
static gmp_tables default_tables;
static pthread_once_t default_once = PTHREAD_ONCE_INIT;

/* Per-line ordering weight of a shape (NONE, BLOCK2, FLEX2, BLOCK3, FLEX3, BLOCK4,
 * DOUBLE4, FLEX4, FIVE, OVERLINE) and the bonus of a tier: a point where the side has a
 * three to make is worth a four in waiting, and so on. */
static const int line_weight[10] = {0, 2, 7, 9, 30, 34, 90, 90, 0, 0};
static const int tier_bonus[GMP_NTIERS] = {0, 0, 0, 0, 70, 160, 420, 1500};

int gmp_point_value(const uint8_t shapes[4], bool restricted, uint8_t *tier, uint8_t *flags)
{
    int fours = 0, threes = 0, low = 0, value = 0;
    bool five = false, straight = false, over = false;
    for (int d = 0; d < 4; d++) {
        gm_shape s = (gm_shape)shapes[d];
        value += line_weight[s];
        switch (s) {
        case GM_SHAPE_FIVE: five = true; break;
        case GM_SHAPE_FLEX4: straight = true; fours++; break;
        case GM_SHAPE_DOUBLE4: fours += 2; break;
        case GM_SHAPE_BLOCK4: fours++; break;
        case GM_SHAPE_FLEX3: threes++; break;
        case GM_SHAPE_OVERLINE: over = true; break;
        case GM_SHAPE_NONE: break;
        default: low++; break;
        }
    }
    uint8_t t = five                   ? GMP_T_FIVE
                : straight || fours >= 2 ? GMP_T_WIN
                : fours && threes        ? GMP_T_43
                : fours                  ? GMP_T_FOUR
                : threes >= 2            ? GMP_T_33
                : threes                 ? GMP_T_THREE
                : low                    ? GMP_T_LOW
                                         : GMP_T_NONE;
    uint8_t f = 0;
    if (restricted && !five) {
        if (over || fours >= 2) f = GMP_F_FOUL;
        else if (threes >= 2) f = GMP_F_MAYBE;
    }
    if (f & GMP_F_FOUL) value = 0;
    else value += tier_bonus[t];
    *tier = t;
    *flags = f;
    return value;
}

/* The evaluation value of a point of kind R for side S (0 to move): its four lines'
 * weights plus its tier's, 0 for a sure foul (never counted). */
static int32_t eval_value(const int *w, int r, int s, const uint8_t shapes[4], const gmp_code *c)
{
    if (c->flags & GMP_F_FOUL) return 0;
    int32_t v = c->tier != GMP_T_NONE ? w[gmp_tier_weight(r, s, c->tier)] : 0;
    for (int d = 0; d < 4; d++)
        if (shapes[d] != GM_SHAPE_NONE) v += w[gmp_shape_weight(r, s, shapes[d])];
    return v;
}

void gmp_tables_build(gmp_tables *t, const int *w)
{
    for (int r = 0; r < GMP_ROLES; r++)
        for (int i = 0; i < GMP_COMBOS; i++) {
            uint8_t s[4] = {(uint8_t)(i % 10), (uint8_t)(i / 10 % 10), (uint8_t)(i / 100 % 10), (uint8_t)(i / 1000)};
            gmp_code c;
            c.value = (int16_t)gmp_point_value(s, r == GMP_ROLE_RB, &c.tier, &c.flags);
            c.ev[0] = eval_value(w, r, 0, s, &c);
            c.ev[1] = eval_value(w, r, 1, s, &c);
            t->combo[r][i] = c;
        }
}

static void default_build(void)
{
    gmp_tables_build(&default_tables, gmp_weight_defaults);
}

const gmp_tables *gmp_tables_default(void)
{
    pthread_once(&default_once, default_build);
    return &default_tables;
}

/* The kind of player of colour C (0 black): renju black is the restricted one. */
static int role(const gm_board *b, int c)
{
    return b->rules == GM_RENJU ? (c == 0 ? GMP_ROLE_RB : GMP_ROLE_RW) : GMP_ROLE_FR;
}

/* Reads the shape of the empty point M on line D for both colours from the tables. */
static void read_shapes(gm_pat_board *p, const gmi_tables *t, int m, int d)
{
    const gm_board *b = &p->b;
    int x = m % b->size, y = m / b->size;
    for (int c = 0; c < 2; c++) {
        gm_stone s = c == 0 ? GM_BLACK : GM_WHITE;
        p->shape[c][d][m] = t->shape[gmi_mode(b, s)][gmi_index(t, b, d, x, y, s)];
    }
}

/* The codes of the empty point M from its four shapes. */
static void combine(gm_pat_board *p, int m)
{
    for (int c = 0; c < 2; c++) {
        int i = p->shape[c][0][m] + 10 * p->shape[c][1][m] + 100 * p->shape[c][2][m] + 1000 * p->shape[c][3][m];
        p->cidx[c][m] = (uint16_t)i;
        p->code[c][m] = p->tab[c][i];
    }
}

/* Takes the codes of the empty point M out of the tallies (SIGN -1) or puts them in
 * (+1); an empty point is counted unless surely forbidden. */
static void tally_empty(gm_pat_board *p, int m, int sign)
{
    for (int c = 0; c < 2; c++) {
        const gmp_code *k = &p->code[c][m];
        if (k->flags & GMP_F_FOUL) continue;
        p->count[c][k->tier] += sign;
        p->sum[c][0] += sign * k->ev[0];
        p->sum[c][1] += sign * k->ev[1];
    }
}

/* Adds SIGN times the code K of colour C to the tallies (a sure foul is not counted).
 * K is a copy: a store through the code's byte fields could alias the tallies and
 * would have the compiler read them back. */
static inline void tally_code(gm_pat_board *p, int c, gmp_code k, int sign)
{
    if (k.flags & GMP_F_FOUL) return;
    p->count[c][k.tier] += sign;
    p->sum[c][0] += sign * k.ev[0];
    p->sum[c][1] += sign * k.ev[1];
}

/* Step of the point index along line D (one position further along the line). */
static int line_step(int d, int size)
{
    return gmi_dy(d) * size + gmi_dx(d);
}

/* Gives the empty point M the new shape NS on line D for colour C: its combination
 * index moves by one digit, its code is looked up again and the tallies follow. */
static inline void set_shape(gm_pat_board *p, int c, int d, int m, uint8_t ns, const gmp_code *tab, gmp_frame *f)
{
    uint8_t os = p->shape[c][d][m];
    uint16_t oi = p->cidx[c][m], ci = (uint16_t)(oi + (ns - os) * pow10[d]);
    gmp_code o = p->code[c][m], k = tab[ci];
    if (f) {
        f->rec[f->n] = (uint32_t)m | (uint32_t)c << 9 | (uint32_t)d << 10 | (uint32_t)os << 12 | (uint32_t)oi << 16;
        f->old[f->n++] = o;
    }
    p->cidx[c][m] = ci;
    p->shape[c][d][m] = ns;
    p->code[c][m] = k;
    tally_code(p, c, o, -1);
    tally_code(p, c, k, 1);
}

/* Re-reads every empty point within five of M = (x,y) on its four lines, M itself
 * only when WITH_CENTRE (a stone taken off it); F, if any, records every change.  The
 * empty points of a line's window are the clear bits of its three masks, visited bit
 * by bit (no bounds to test: off-board points are set in line_off).  A point's window index for a colour is base-3 weight of its own
 * stones plus twice that of the other colour's and the off-board points; the weights
 * add over disjoint masks, so three lookups serve both colours.  Points whose shapes
 * did not change keep their codes. */
static void update_lines(gm_pat_board *p, int m0, int x, int y, bool with_centre, gmp_frame *f)
{
    const gmi_tables *t = p->t;
    const gm_board *b = &p->b;
    const uint8_t *shb = t->shape[gmi_mode(b, GM_BLACK)], *shw = t->shape[gmi_mode(b, GM_WHITE)];
    const gmp_code *tb = p->tab[0], *tw = p->tab[1];
    const uint16_t *idx3 = t->idx3;
    int size = b->size;
    for (int d = 0; d < 4; d++) {
        int line = gmi_line(b, d, x, y), pos0 = gmi_pos(d, x, y), step = line_step(d, size);
        uint32_t bl = b->line_black[d][line], wh = b->line_white[d][line], off = b->line_off[d][line];
        /* bit pos + GM_LINE_PAD is position pos: the window pos0-5 .. pos0+5 */
        uint32_t todo = ~(bl | wh | off) & (0x7FFu << pos0);
        if (!with_centre) todo &= ~(1u << (pos0 + GM_LINE_PAD));
        while (todo) {
            int pos = __builtin_ctz(todo) - GM_LINE_PAD;
            todo &= todo - 1;
            int m = m0 + (pos - pos0) * step;
            unsigned ib = idx3[(bl >> pos) & 0x7FFu], iw = idx3[(wh >> pos) & 0x7FFu], io = idx3[(off >> pos) & 0x7FFu];
            uint8_t nb = shb[ib + 2u * (iw + io)], nw = shw[iw + 2u * (ib + io)];
            if (nb != p->shape[0][d][m]) set_shape(p, 0, d, m, nb, tb, f);
            if (nw != p->shape[1][d][m]) set_shape(p, 1, d, m, nw, tw, f);
        }
    }
}

/* Adds DELTA to the stone counts of the 5x5 square around (x,y), clipped to the board
 * once rather than tested point by point. */
static void update_near(gm_pat_board *p, int x, int y, int delta)
{
    int size = p->b.size;
    int x0 = x > 2 ? x - 2 : 0, x1 = x + 2 < size ? x + 2 : size - 1;
    int y0 = y > 2 ? y - 2 : 0, y1 = y + 2 < size ? y + 2 : size - 1;
    for (int ey = y0; ey <= y1; ey++) {
        uint8_t *row = &p->near[ey * size];
        for (int ex = x0; ex <= x1; ex++) row[ex] = (uint8_t)(row[ex] + delta);
    }
}

void gmp_init(gm_pat_board *p, const gm_board *b)
{
    gmp_init_with(p, b, NULL);
}

void gmp_init_with(gm_pat_board *p, const gm_board *b, const gmp_tables *tabs)
{
    const gmi_tables *t = gmi_tables_get();
    memset(p, 0, sizeof *p);
    p->b = *b;
    p->t = t;
    p->tabs = tabs ? tabs : gmp_tables_default();
    for (int c = 0; c < 2; c++) p->tab[c] = p->tabs->combo[role(b, c)];
    int size = b->size;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            int m = y * size + x;
            p->cell[m] = b->cell[y][x];
            if (b->cell[y][x] != GM_EMPTY) {
                update_near(p, x, y, 1);
                continue;
            }
            for (int d = 0; d < 4; d++) read_shapes(p, t, m, d);
            combine(p, m);
            tally_empty(p, m, 1);
        }
}

void gmp_place(gm_pat_board *p, int m, gm_stone s)
{
    int size = p->b.size, x = m % size, y = m / size;
    gmp_frame *f = NULL;
    if (p->undo_n < GMP_UNDO_DEPTH) {
        f = &p->undo[p->undo_n];
        f->n = 0;
        memcpy(f->count, p->count, sizeof f->count);
        memcpy(f->sum, p->sum, sizeof f->sum);
        for (int c = 0; c < 2; c++) {
            for (int d = 0; d < 4; d++) f->shape[c][d] = p->shape[c][d][m];
            f->cidx[c] = p->cidx[c][m];
            f->code[c] = p->code[c][m];
        }
    }
    p->placed[p->undo_n++] = (uint16_t)m;
    tally_empty(p, m, -1);
    gm_place(&p->b, x, y, s);
    p->cell[m] = (uint8_t)s;
    memset(&p->code[0][m], 0, sizeof p->code[0][m]);
    memset(&p->code[1][m], 0, sizeof p->code[1][m]);
    for (int d = 0; d < 4; d++) p->shape[0][d][m] = p->shape[1][d][m] = 0;
    p->cidx[0][m] = p->cidx[1][m] = 0;
    update_near(p, x, y, 1);
    update_lines(p, m, x, y, false, f);
}

/* Undoes the place that frame F recorded: every change put back, last first, so each
 * point ends with what it had before. */
static void restore(gm_pat_board *p, int m0, const gmp_frame *f)
{
    for (int i = f->n - 1; i >= 0; i--) {
        uint32_t r = f->rec[i];
        int m = (int)(r & 511u), c = (int)(r >> 9 & 1u), d = (int)(r >> 10 & 3u);
        p->shape[c][d][m] = (uint8_t)(r >> 12 & 15u);
        p->cidx[c][m] = (uint16_t)(r >> 16);
        p->code[c][m] = f->old[i];
    }
    for (int c = 0; c < 2; c++) {
        for (int d = 0; d < 4; d++) p->shape[c][d][m0] = f->shape[c][d];
        p->cidx[c][m0] = f->cidx[c];
        p->code[c][m0] = f->code[c];
    }
    memcpy(p->count, f->count, sizeof p->count);
    memcpy(p->sum, f->sum, sizeof p->sum);
}

void gmp_remove(gm_pat_board *p, int m)
{
    int size = p->b.size, x = m % size, y = m / size;
    if (p->b.cell[y][x] == GM_EMPTY) return;
    bool last = p->undo_n > 0 && p->placed[p->undo_n - 1] == m;
    bool recorded = last && p->undo_n <= GMP_UNDO_DEPTH;
    if (recorded) restore(p, m, &p->undo[p->undo_n - 1]);
    /* another stone than the last placed: the frames no longer fit the board */
    p->undo_n = last ? p->undo_n - 1 : 0;
    gm_remove(&p->b, x, y);
    p->cell[m] = GM_EMPTY;
    if (recorded) {
        update_near(p, x, y, -1);
        return;
    }
    /* the point starts as four empty lines (its shapes and index are zero), counted,
     * and its shapes arrive through update_lines with its neighbours' */
    for (int c = 0; c < 2; c++) p->code[c][m] = p->tab[c][0];
    tally_empty(p, m, 1);
    update_near(p, x, y, -1);
    update_lines(p, m, x, y, true, NULL);
}

bool gmp_legal(gm_pat_board *p, int m, gm_stone s)
{
    int size = p->b.size, x = m % size, y = m / size;
    if (p->b.cell[y][x] != GM_EMPTY) return false;
    if (!(p->b.rules == GM_RENJU && s == GM_BLACK)) return true;
    uint8_t f = p->code[0][m].flags;
    if (f & GMP_F_FOUL) return false;
    if (!(f & GMP_F_MAYBE)) return true;
    return gm_foul_at(&p->b, x, y) == GM_FOUL_NONE;
}

int gmp_verify(const gm_pat_board *p)
{
    gm_pat_board *q = malloc(sizeof *q);
    if (!q) return -1;
    gm_board fresh;
    gm_board_init(&fresh, p->b.size, p->b.rules);
    fresh.renju_five_point_threes = p->b.renju_five_point_threes;
    for (int y = 0; y < p->b.size; y++)
        for (int x = 0; x < p->b.size; x++)
            if (p->b.cell[y][x] != GM_EMPTY) gm_place(&fresh, x, y, (gm_stone)p->b.cell[y][x]);
    gmp_init_with(q, &fresh, p->tabs);
    int bad = 0, size = p->b.size;
    for (int m = 0; m < size * size && !bad; m++) {
        int x = m % size, y = m / size;
        for (int c = 0; c < 2 && !bad; c++) {
            for (int d = 0; d < 4; d++) {
                /* the table's shape against the one-line answer of the public API */
                uint8_t want = p->b.cell[y][x] == GM_EMPTY ? (uint8_t)gm_shape_at(&fresh, x, y, c ? GM_WHITE : GM_BLACK, d) : 0;
                if (p->shape[c][d][m] != want || q->shape[c][d][m] != want) bad = m + 1;
            }
            if (memcmp(&p->code[c][m], &q->code[c][m], sizeof p->code[c][m]) != 0 || p->cidx[c][m] != q->cidx[c][m]) bad = m + 1;
        }
        if (p->near[m] != q->near[m] || p->cell[m] != p->b.cell[y][x]) bad = m + 1;
    }
    if (!bad && (memcmp(p->count, q->count, sizeof p->count) != 0 || memcmp(p->sum, q->sum, sizeof p->sum) != 0))
        bad = -1;
    free(q);
    return bad;
}

int gmp_eval(const gm_pat_board *p)
{
    int c = p->b.to_move == GM_BLACK ? 0 : 1;
    int64_t v = (int64_t)p->sum[c][0] - p->sum[1 - c][1];
    return v >= BO_SCORE_WIN_MIN ? BO_SCORE_WIN_MIN - 1 : v <= -BO_SCORE_WIN_MIN ? -BO_SCORE_WIN_MIN + 1 : (int)v;
}

void gmp_features(const gm_pat_board *p, float *f)
{
    memset(f, 0, GMP_NWEIGHTS * sizeof *f);
    int mover = p->b.to_move == GM_BLACK ? 0 : 1, cells = p->b.size * p->b.size;
    for (int c = 0; c < 2; c++) {
        int side = c == mover ? 0 : 1, r = role(&p->b, c);
        float one = side == 0 ? 1.0f : -1.0f;
        for (int m = 0; m < cells; m++) {
            const gmp_code *k = &p->code[c][m];
            if (p->b.cell[m / p->b.size][m % p->b.size] != GM_EMPTY || (k->flags & GMP_F_FOUL)) continue;
            if (k->tier != GMP_T_NONE) f[gmp_tier_weight(r, side, k->tier)] += one;
            for (int d = 0; d < 4; d++)
                if (p->shape[c][d][m] != GM_SHAPE_NONE) f[gmp_shape_weight(r, side, p->shape[c][d][m])] += one;
        }
    }
}
