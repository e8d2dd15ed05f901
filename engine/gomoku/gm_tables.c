/* gm_tables.c - one-dimensional line tables, built once on first use.
 *
 * Every question about one line through a point (five, overline, how many fours, which
 * points make a straight four, the shape for the playing engine) depends only on the
 * 11-point window around it, so it is answered once for all 3^10 windows here and
 * looked up afterwards. The recursive (two-dimensional) part of the renju rules is in
 * gm_renju.c.
 */
#include "gm_internal.h"

#include <pthread.h>

/* Written once under pthread_once and read-only afterwards. */
static gmi_tables gm_tab;
static pthread_once_t gm_tab_once = PTHREAD_ONCE_INIT;

enum { C_EMPTY = 0, C_OWN = 1, C_BLOCK = 2 };

/* Base-3 digit of window offset i (the centre has none). */
static int gm_digit(int i)
{
    return i < GMI_CENTER ? i : i - 1;
}

/* Window cells of a pattern index (the centre is own). */
static void gm_decode(unsigned idx, uint8_t c[GMI_WIN])
{
    for (int i = 0; i < GMI_WIN; i++) {
        if (i == GMI_CENTER) {
            c[i] = C_OWN;
            continue;
        }
        c[i] = (uint8_t)(idx % 3);
        idx /= 3;
    }
}

/* The run of own stones through the centre: its first and last offsets. */
static int gm_center_run(const uint8_t c[GMI_WIN], int *lo, int *hi)
{
    int a = GMI_CENTER, z = GMI_CENTER;
    while (a > 0 && c[a - 1] == C_OWN)
        a--;
    while (z < GMI_WIN - 1 && c[z + 1] == C_OWN)
        z++;
    *lo = a;
    *hi = z;
    return z - a + 1;
}

/* Does a run of len win: exactly five, or five or more? */
static bool gm_wins(int len, bool exact)
{
    return exact ? len == 5 : len >= 5;
}

/* Fills shape[mode][idx] (and foul[idx] for the exact mode) for one window. Windows
 * with more own stones must already be done: a window's shape is defined through the
 * shapes of the windows with one more own stone. */
static void gm_fill(gmi_tables *t, int mode, unsigned idx, const unsigned pow3[10])
{
    bool exact = mode == 0;
    uint8_t c[GMI_WIN];
    gm_decode(idx, c);
    int lo, hi, len = gm_center_run(c, &lo, &hi);
    uint32_t foul = 0;
    gm_shape shape;

    if (gm_wins(len, exact)) {
        shape = GM_SHAPE_FIVE;
        foul = GMI_F_FIVE;
    } else if (len >= 6) { /* only reachable in exact mode */
        shape = GM_SHAPE_OVERLINE;
        foul = GMI_F_OVER;
    } else {
        /* five points: empty points whose stone makes a winning run with the centre */
        int fp[GMI_WIN], nf = 0;
        for (int p = 0; p < GMI_WIN; p++) {
            if (c[p] != C_EMPTY)
                continue;
            c[p] = C_OWN;
            int l2, h2, len2 = gm_center_run(c, &l2, &h2);
            if (gm_wins(len2, exact) && l2 <= p && p <= h2)
                fp[nf++] = p;
            c[p] = C_EMPTY;
        }
        /* At most one five point lies on each side of the centre (a second one on the
         * same side would be inside the first one's window, which is all own stones).
         * Two at distance 5 enclose the same four stones: one straight four; any other
         * two belong to two different fours on this line (X.XXX.X, XX.XX.XX). */
        if (nf >= 2) {
            bool straight = fp[nf - 1] - fp[0] == 5;
            shape = straight ? GM_SHAPE_FLEX4 : GM_SHAPE_DOUBLE4;
            foul = (uint32_t)(straight ? 1 : 2) << GMI_F_FOURS_SHIFT;
        } else if (nf == 1) {
            shape = GM_SHAPE_BLOCK4;
            foul = 1u << GMI_F_FOURS_SHIFT;
        } else {
            uint32_t three = 0;
            bool b3 = false, f2 = false, b2 = false;
            for (int p = 0; p < GMI_WIN; p++) {
                if (c[p] != C_EMPTY)
                    continue;
                gm_shape s = (gm_shape)t->shape[mode][idx + pow3[gm_digit(p)]];
                if (s == GM_SHAPE_FLEX4)
                    three |= 1u << p;
                else if (s == GM_SHAPE_BLOCK4 || s == GM_SHAPE_DOUBLE4)
                    b3 = true;
                else if (s == GM_SHAPE_FLEX3)
                    f2 = true;
                else if (s == GM_SHAPE_BLOCK3)
                    b2 = true;
            }
            shape = three ? GM_SHAPE_FLEX3
                    : b3  ? GM_SHAPE_BLOCK3
                    : f2  ? GM_SHAPE_FLEX2
                    : b2  ? GM_SHAPE_BLOCK2
                          : GM_SHAPE_NONE;
            foul = three << GMI_F_THREE_SHIFT;
        }
    }
    t->shape[mode][idx] = (uint8_t)shape;
    if (exact)
        t->foul[idx] = foul;
}

/* Builds all tables; called once through pthread_once. */
static void gm_build(void)
{
    gmi_tables *t = &gm_tab;
    unsigned pow3[10];
    pow3[0] = 1;
    for (int i = 1; i < 10; i++)
        pow3[i] = pow3[i - 1] * 3;

    for (unsigned m = 0; m < (1u << GMI_WIN); m++) {
        unsigned v = 0;
        for (int i = 0; i < GMI_WIN; i++)
            if (i != GMI_CENTER && (m >> i & 1u))
                v += pow3[gm_digit(i)];
        t->idx3[m] = (uint16_t)v;
    }

    /* own-stone count of every window, to process the fullest windows first */
    uint8_t own_count[GMI_NPAT];
    for (unsigned idx = 0; idx < GMI_NPAT; idx++) {
        unsigned v = idx, n = 0;
        for (int i = 0; i < 10; i++, v /= 3)
            n += v % 3 == C_OWN;
        own_count[idx] = (uint8_t)n;
    }
    for (int mode = 0; mode < 2; mode++)
        for (int own = GMI_WIN - 1; own >= 0; own--)
            for (unsigned idx = 0; idx < GMI_NPAT; idx++)
                if (own_count[idx] == own)
                    gm_fill(t, mode, idx, pow3);
}

/* The tables, built on first use by whichever thread comes first. */
const gmi_tables *gmi_tables_get(void)
{
    pthread_once(&gm_tab_once, gm_build);
    return &gm_tab;
}
