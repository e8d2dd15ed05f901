/* gm_renju.c - renju restrictions for black: overline, double-four, double-three.
 *
 * Definitions (RULES.md section 2, RIF rules):
 *  - five: exactly five black stones in a row; it wins and beats any foul.
 *  - four (made by the move): a line through the move where one more black stone makes
 *    an exact five that includes the move. Two fives points at distance 5 (.XXXX.) are
 *    one straight four; any other two on one line are two fours (X.XXX.X, XX.XX.XX).
 *  - three (made by the move): a line through the move where one more black stone makes
 *    a straight four including the move, provided that stone is itself allowed: it
 *    must not be forbidden (checked recursively with the move on the board) and must
 *    not make a five at the same time (RULES.md Decision, the RIF text read literally;
 *    the board option renju_five_point_threes selects the other reading).
 *    A line that has a four is counted as a four, not as a three.
 *  - overline: six or more in a row.
 * A move is double-four with two or more fours, double-three with two or more threes
 * (on different lines); 4-3-3 is a double-three. The one-line facts come from the
 * tables of gm_tables.c; only the "is the straight-four point allowed" question needs
 * the board, and is answered by recursion with probe stones in the line masks.
 */
#include "gm_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>

/* Table facts for black at (x,y) along line d. */
static inline uint32_t gm_facts(const gmi_tables *t, const gm_board *b, int d, int x, int y)
{
    return t->foul[gmi_index(t, b, d, x, y, GM_BLACK)];
}

/* Fours made on one line (0..2). */
static inline int gm_fours(uint32_t f)
{
    return (int)(f >> GMI_F_FOURS_SHIFT & 3u);
}

/* Window offsets whose stone would make a straight four with the move. */
static inline uint32_t gm_three_mask(uint32_t f)
{
    return f >> GMI_F_THREE_SHIFT & 0x7FFu;
}

/* Does a straight-four point with this verdict make the three real? It must be allowed;
 * one that makes a five counts only under the renju_five_point_threes option. */
static inline bool gm_four_point_ok(const gm_board *b, int verdict)
{
    return verdict == GM_FOUL_NONE || (verdict == GMI_FIVE && b->renju_five_point_threes);
}

/* The recursive verdict. (x,y) must be empty in the line masks. Fives first, then the
 * one-line fouls, and only then the expensive double-three check, which probes the
 * straight-four points of each candidate three until two real threes are found or
 * too few candidates are left. */
static int gm_classify(const gmi_tables *t, gm_board *b, int x, int y)
{
    uint32_t f[4], any = 0;
    int fours = 0, ncand = 0;
    for (int d = 0; d < 4; d++) {
        f[d] = gm_facts(t, b, d, x, y);
        any |= f[d];
        fours += gm_fours(f[d]);
        ncand += gm_three_mask(f[d]) != 0;
    }
    if (any & GMI_F_FIVE)
        return GMI_FIVE;
    if (any & GMI_F_OVER)
        return GM_FOUL_OVERLINE;
    if (fours >= 2)
        return GM_FOUL_DOUBLE_FOUR;
    if (ncand < 2)
        return GM_FOUL_NONE;

    gmi_probe_black(b, x, y, true);
    int threes = 0, left = ncand;
    for (int d = 0; d < 4 && threes < 2 && threes + left >= 2; d++) {
        uint32_t m = gm_three_mask(f[d]);
        if (!m)
            continue;
        left--;
        while (m) {
            int o = __builtin_ctz(m) - GMI_CENTER;
            m &= m - 1;
            if (gm_four_point_ok(b, gm_classify(t, b, x + o * gmi_dx(d), y + o * gmi_dy(d)))) {
                threes++;
                break;
            }
        }
    }
    gmi_probe_black(b, x, y, false);
    return threes >= 2 ? GM_FOUL_DOUBLE_THREE : GM_FOUL_NONE;
}

/* Entry point for the other files of the module. */
int gmi_classify(gm_board *b, int x, int y)
{
    return gm_classify(gmi_tables_get(), b, x, y);
}

gm_foul gm_foul_at(gm_board *b, int x, int y)
{
    if (x < 0 || y < 0 || x >= b->size || y >= b->size || b->cell[y][x] != GM_EMPTY)
        return GM_FOUL_NONE;
    int r = gmi_classify(b, x, y);
    return r == GMI_FIVE ? GM_FOUL_NONE : (gm_foul)r;
}

/* A point can only be foul with at least two black stones near it (offsets -4..4) on
 * two lines (two threes or fours), or four on one line (overline, X.XXX.X). This cheap
 * test skips most empty points of a real position. */
static inline bool gm_maybe_foul(const gm_board *b, int x, int y)
{
    int two = 0;
    for (int d = 0; d < 4; d++) {
        uint32_t w = b->line_black[d][gmi_line(b, d, x, y)] >> gmi_pos(d, x, y) & 0x3DEu;
        int c = gmi_popcount(w);
        if (c >= 4)
            return true;
        two += c >= 2;
    }
    return two >= 2;
}

int gm_scan_fouls(gm_board *b, int *xs, int *ys, gm_foul *kinds, int max)
{
    if (b->rules != GM_RENJU)
        return 0;
    const gmi_tables *t = gmi_tables_get();
    int count = 0;
    for (int x = 0; x < b->size; x++) {
        for (int y = 0; y < b->size; y++) {
            if (b->cell[y][x] != GM_EMPTY || !gm_maybe_foul(b, x, y))
                continue;
            int r = gm_classify(t, b, x, y);
            if (r == GM_FOUL_NONE || r == GMI_FIVE)
                continue;
            if (count < max) {
                if (xs)
                    xs[count] = x;
                if (ys)
                    ys[count] = y;
                if (kinds)
                    kinds[count] = (gm_foul)r;
            }
            count++;
        }
    }
    return count;
}

/* Process CPU time (clock()), not wall time: the figure should not depend on what else
 * the machine is doing. */
double gm_bench_scan(gm_board *positions, int n, int reps)
{
    int xs[GM_MAX_SIZE * GM_MAX_SIZE], ys[GM_MAX_SIZE * GM_MAX_SIZE];
    gm_foul ks[GM_MAX_SIZE * GM_MAX_SIZE];
    volatile int sink = 0;
    if (n <= 0 || reps <= 0)
        return 0.0;
    gmi_tables_get(); /* table construction is not part of the scan */
    clock_t t0 = clock();
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < n; i++)
            sink += gm_scan_fouls(&positions[i], xs, ys, ks, GM_MAX_SIZE * GM_MAX_SIZE);
    clock_t t1 = clock();
    (void)sink;
    return (double)(t1 - t0) * 1e6 / CLOCKS_PER_SEC / ((double)n * reps);
}

/* ---- explanations for judges ------------------------------------------------------ */

static const char *const gm_dir_name[4] = {"row", "column", "diagonal", "anti-diagonal"};

/* Black stone (board or probe) at (x,y), read from the line masks. */
static bool gm_black(const gm_board *b, int x, int y)
{
    if (x < 0 || y < 0 || x >= b->size || y >= b->size)
        return false;
    return b->line_black[0][y] >> (x + GM_LINE_PAD) & 1u;
}

/* Appends formatted text to buf, keeping it NUL-terminated and never overflowing. */
static void gm_app(char *buf, size_t n, size_t *len, const char *fmt, ...)
{
    if (*len + 1 >= n)
        return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *len, n - *len, fmt, ap);
    va_end(ap);
    if (k > 0)
        *len = *len + (size_t)k < n ? *len + (size_t)k : n - 1;
}

/* "h8" for (7,7); callers pass on-board points (size <= 20, so rows have <= 2 digits). */
static void gm_point(char *out, int x, int y)
{
    unsigned row = (unsigned)(y + 1) % 100u;
    int k = 0;
    out[k++] = (char)('a' + (x & 31));
    if (row >= 10)
        out[k++] = (char)('0' + row / 10);
    out[k++] = (char)('0' + row % 10);
    out[k] = '\0';
}

/* Offsets (relative to (x,y) along d) of the black run through (x,y). */
static void gm_run_ends(const gm_board *b, int x, int y, int d, int *lo, int *hi)
{
    int dx = gmi_dx(d), dy = gmi_dy(d), a = 0, z = 0;
    while (gm_black(b, x + (a - 1) * dx, y + (a - 1) * dy))
        a--;
    while (gm_black(b, x + (z + 1) * dx, y + (z + 1) * dy))
        z++;
    *lo = a;
    *hi = z;
}

/* "the row (f8-h8)" for the offsets lo..hi from (x,y) along d. */
static void gm_span(char *buf, size_t n, size_t *len, int x, int y, int d, int lo, int hi)
{
    char p[8], q[8];
    gm_point(p, x + lo * gmi_dx(d), y + lo * gmi_dy(d));
    gm_point(q, x + hi * gmi_dx(d), y + hi * gmi_dy(d));
    gm_app(buf, n, len, "the %s (%s-%s)", gm_dir_name[d], p, q);
}

/* Span of the stones of every four on line d (move already probed at (x,y)). */
static void gm_four_span(gm_board *b, int x, int y, int d, int *lo, int *hi)
{
    *lo = 0;
    *hi = 0;
    for (int o = -4; o <= 4; o++) {
        int ex = x + o * gmi_dx(d), ey = y + o * gmi_dy(d);
        if (o == 0 || ex < 0 || ey < 0 || ex >= b->size || ey >= b->size
            || b->cell[ey][ex] != GM_EMPTY || gm_black(b, ex, ey))
            continue;
        gmi_probe_black(b, ex, ey, true);
        int a, z;
        gm_run_ends(b, x, y, d, &a, &z);
        gmi_probe_black(b, ex, ey, false);
        if (z - a + 1 != 5 || o < a || o > z)
            continue;
        if (o == a)
            a++;
        if (o == z)
            z--;
        *lo = a < *lo ? a : *lo;
        *hi = z > *hi ? z : *hi;
    }
}

/* "six", "seven", ... for an overline's length. */
static const char *gm_count_word(int k)
{
    static const char *const w[] = {"six", "seven", "eight", "nine", "ten"};
    return k >= 6 && k <= 10 ? w[k - 6] : "many";
}

/* ", " / " and " / ", and " between list items i-1 and i of total. */
static void gm_list_sep(char *buf, size_t n, size_t *len, int i, int total)
{
    if (i > 0)
        gm_app(buf, n, len, i == total - 1 ? (total > 2 ? ", and " : " and ") : ", ");
}

const char *gm_foul_explain(gm_board *b, int x, int y, char *buf, size_t n)
{
    size_t len = 0;
    if (!buf || n == 0)
        return buf;
    buf[0] = '\0';
    if (x < 0 || y < 0 || x >= b->size || y >= b->size) {
        gm_app(buf, n, &len, "off the board");
        return buf;
    }
    if (b->cell[y][x] != GM_EMPTY) {
        gm_app(buf, n, &len, "the point is occupied");
        return buf;
    }
    const gmi_tables *t = gmi_tables_get();
    int r = gm_classify(t, b, x, y);
    uint32_t f[4];
    for (int d = 0; d < 4; d++)
        f[d] = gm_facts(t, b, d, x, y);

    gmi_probe_black(b, x, y, true);
    if (r == GMI_FIVE || r == GM_FOUL_OVERLINE) {
        uint32_t want = r == GMI_FIVE ? GMI_F_FIVE : GMI_F_OVER;
        for (int d = 0; d < 4; d++) {
            if (!(f[d] & want))
                continue;
            int a, z;
            gm_run_ends(b, x, y, d, &a, &z);
            if (r == GMI_FIVE) {
                gm_app(buf, n, &len, "exact five on ");
                gm_span(buf, n, &len, x, y, d, a, z);
                gm_app(buf, n, &len, ": black wins (a five beats any foul)");
            } else {
                char p[8], q[8];
                gm_point(p, x + a * gmi_dx(d), y + a * gmi_dy(d));
                gm_point(q, x + z * gmi_dx(d), y + z * gmi_dy(d));
                gm_app(buf, n, &len, "overline: %s in a row on the %s %s-%s",
                       gm_count_word(z - a + 1), gm_dir_name[d], p, q);
            }
            break;
        }
    } else if (r == GM_FOUL_DOUBLE_FOUR) {
        int lines = 0;
        for (int d = 0; d < 4; d++)
            lines += gm_fours(f[d]) > 0;
        gm_app(buf, n, &len, "double-four: %s on ", lines == 1 ? "two fours" : "fours");
        for (int d = 0, i = 0; d < 4; d++) {
            if (!gm_fours(f[d]))
                continue;
            int a, z;
            gm_four_span(b, x, y, d, &a, &z);
            gm_list_sep(buf, n, &len, i++, lines);
            gm_span(buf, n, &len, x, y, d, a, z);
            if (lines > 1 && gm_fours(f[d]) == 2)
                gm_app(buf, n, &len, " (two fours on this line)");
        }
    } else {
        /* threes: say which are real and, for the others, why their straight-four
         * points do not count */
        int nreal = 0, ncand = 0, real_d[4], fake_d[4], nfake = 0;
        int rlo[4] = {0}, rhi[4] = {0};
        for (int d = 0; d < 4; d++) {
            uint32_t m = gm_three_mask(f[d]);
            if (!m)
                continue;
            ncand++;
            bool real = false;
            while (m && !real) {
                int o = __builtin_ctz(m) - GMI_CENTER;
                m &= m - 1;
                int ex = x + o * gmi_dx(d), ey = y + o * gmi_dy(d);
                if (gm_four_point_ok(b, gm_classify(t, b, ex, ey))) {
                    real = true;
                    gmi_probe_black(b, ex, ey, true);
                    gm_run_ends(b, x, y, d, &rlo[d], &rhi[d]);
                    gmi_probe_black(b, ex, ey, false);
                    if (o == rlo[d])
                        rlo[d]++;
                    if (o == rhi[d])
                        rhi[d]--;
                }
            }
            if (real)
                real_d[nreal++] = d;
            else
                fake_d[nfake++] = d;
        }
        if (r == GM_FOUL_DOUBLE_THREE) {
            gm_app(buf, n, &len, "double-three: open threes on ");
            for (int i = 0; i < nreal; i++) {
                gm_list_sep(buf, n, &len, i, nreal);
                gm_span(buf, n, &len, x, y, real_d[i], rlo[real_d[i]], rhi[real_d[i]]);
            }
        } else if (ncand < 2) {
            gm_app(buf, n, &len, "not forbidden");
        } else {
            gm_app(buf, n, &len, "not forbidden: %s real three", nreal ? "only one" : "no");
            if (nreal) {
                gm_app(buf, n, &len, " (");
                gm_span(buf, n, &len, x, y, real_d[0], rlo[real_d[0]], rhi[real_d[0]]);
                gm_app(buf, n, &len, ")");
            }
            for (int i = 0; i < nfake; i++) {
                int d = fake_d[i];
                gm_app(buf, n, &len, "; on the %s no allowed move makes a straight four (",
                       gm_dir_name[d]);
                uint32_t m = gm_three_mask(f[d]);
                for (int k = 0; m; k++) {
                    int o = __builtin_ctz(m) - GMI_CENTER;
                    m &= m - 1;
                    int ex = x + o * gmi_dx(d), ey = y + o * gmi_dy(d);
                    int why = gm_classify(t, b, ex, ey);
                    char p[8];
                    gm_point(p, ex, ey);
                    gm_app(buf, n, &len, "%s%s %s", k ? ", " : "", p,
                           why == GMI_FIVE ? "would make a five"
                                           : gm_foul_name((gm_foul)why));
                }
                gm_app(buf, n, &len, ")");
            }
        }
    }
    gmi_probe_black(b, x, y, false);
    return buf;
}
