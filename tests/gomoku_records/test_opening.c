/* test_opening.c -- the opening rules (engine/gomoku/gm_opening.c) against outside
 * truths: RIF's 26 openings (counted here by a brute force of its own), the areas of
 * Taraguchi-10 (7x7 = 49 points for the 4th stone, 9x9 = 81 for the 5th), symmetric
 * offers derived by hand, and the colours after the swaps. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "gm_opening.h"

/* Check the first N stones of XS/YS under OP with LOG on the 15x15 board. */
static int check(gm_opening op, const int *xs, const int *ys, int n, const gm_opening_log *log, gm_opening_outcome *out,
                 gm_opening_fault *f)
{
    gm_opening_log empty;
    memset(&empty, 0, sizeof empty);
    return gm_opening_check(op, 15, GM_RENJU, xs, ys, n, log ? log : &empty, out, f);
}

/* The canonical form of an opening (white stone W, black stone B around h8 = (7,7)):
 * the smallest code over the 8 symmetries of the square about the centre.  Written
 * here independently of gm_opening_symmetric. */
static int canonical(int wx, int wy, int bx, int by)
{
    int best = 1 << 30;
    for (int t = 0; t < 8; t++) {
        int p[2][2] = {{wx - 7, wy - 7}, {bx - 7, by - 7}}, q[2][2];
        for (int i = 0; i < 2; i++) {
            int x = p[i][0], y = p[i][1];
            if (t & 4) { int s = x; x = y; y = s; }
            if (t & 1) x = -x;
            if (t & 2) y = -y;
            q[i][0] = x + 7;
            q[i][1] = y + 7;
        }
        int code = ((q[0][0] * 15 + q[0][1]) * 15 + q[1][0]) * 15 + q[1][1];
        if (code < best) best = code;
    }
    return best;
}

/* RIF (and Soosõrv-8): every placement of stones 2 and 3 the rule accepts, up to
 * symmetry, is one of the 26 openings (13 direct, 13 indirect) -- RIF's published count;
 * 8 x 23 = 184 placements in all. */
static void rif_has_the_26_openings(void **state)
{
    (void)state;
    gm_opening ops[2] = {GM_OPEN_RIF, GM_OPEN_SOOSORV8};
    for (int o = 0; o < 2; o++) {
        int placements = 0, classes[4096], nc = 0;
        for (int wx = 0; wx < 15; wx++)
            for (int wy = 0; wy < 15; wy++)
                for (int bx = 0; bx < 15; bx++)
                    for (int by = 0; by < 15; by++) {
                        if ((wx == 7 && wy == 7) || (bx == 7 && by == 7) || (bx == wx && by == wy)) continue;
                        int xs[3] = {7, wx, bx}, ys[3] = {7, wy, by};
                        gm_opening_outcome out;
                        gm_opening_fault f;
                        if (check(ops[o], xs, ys, 3, NULL, &out, &f) != 0) {
                            assert_int_equal(f.kind, GM_OF_AREA);
                            continue;
                        }
                        placements++;
                        int c = canonical(wx, wy, bx, by), k = 0;
                        while (k < nc && classes[k] != c) k++;
                        if (k == nc) classes[nc++] = c;
                    }
        assert_int_equal(placements, 184);
        assert_int_equal(nc, 26);
    }
}

/* Taraguchi-10: the 4th stone anywhere in the central 7x7 square (49 points), the 5th
 * (choice 1, five decisions) in the 9x9 (81); the first stone only on h8. */
static void taraguchi_areas(void **state)
{
    (void)state;
    gm_opening_log log;
    memset(&log, 0, sizeof log);
    log.have_decisions = true;
    log.ndec = 5;
    gm_opening_log log4 = log;
    log4.ndec = 4;   /* the decision after move 5 comes with it */
    int n4 = 0, n5 = 0, n1 = 0;
    for (int x = 0; x < 15; x++)
        for (int y = 0; y < 15; y++) {
            int xs[5] = {7, 7, 9, 10, x}, ys[5] = {7, 8, 9, 10, y};
            int xs4[4] = {7, 7, 9, x}, ys4[4] = {7, 8, 9, y};
            int xs1[1] = {x}, ys1[1] = {y};
            gm_opening_outcome out;
            gm_opening_fault f;
            if (check(GM_OPEN_TARAGUCHI10, xs4, ys4, 4, &log4, &out, &f) == 0) n4++;
            if (check(GM_OPEN_TARAGUCHI10, xs, ys, 5, &log, &out, &f) == 0) n5++;
            else assert_int_equal(f.step, 4);
            if (check(GM_OPEN_TARAGUCHI10, xs1, ys1, 1, NULL, &out, &f) == 0) n1++;
        }
    assert_int_equal(n4, 49);
    assert_int_equal(n5, 81);
    assert_int_equal(n1, 1);
}

/* Symmetry of two offers, derived by hand. */
static void symmetric_offers(void **state)
{
    (void)state;
    /* black h8 h10, white h9 h7: the column h is an axis, so g8 and i8 are mirror
     * images; g8 and g9 are not */
    int ax[4] = {7, 7, 7, 7}, ay[4] = {7, 8, 9, 6};
    assert_true(gm_opening_symmetric(ax, ay, 6, 7, 8, 7));
    assert_false(gm_opening_symmetric(ax, ay, 6, 7, 6, 8));
    assert_false(gm_opening_symmetric(ax, ay, 6, 7, 8, 8));
    /* black h8 j8, white i9 i7: symmetric about column i and about row 8 (neither
     * through the board's centre h8), and under the half turn about i8: h9 ~ j9, h9 ~ h7,
     * h9 ~ j7; h9 and k9 are not */
    int bx[4] = {7, 8, 9, 8}, by[4] = {7, 8, 7, 6};
    assert_true(gm_opening_symmetric(bx, by, 7, 8, 9, 8));
    assert_true(gm_opening_symmetric(bx, by, 7, 8, 7, 6));
    assert_true(gm_opening_symmetric(bx, by, 7, 8, 9, 6));
    assert_false(gm_opening_symmetric(bx, by, 7, 8, 10, 8));
    /* black h8 j10, white h9 a15: no symmetry at all */
    int cx[4] = {7, 7, 9, 0}, cy[4] = {7, 8, 9, 14};
    assert_false(gm_opening_symmetric(cx, cy, 9, 7, 6, 9));
    /* black h8 i9, white i8 h9 (a 2x2 square, blacks on one diagonal): the half turn
     * about the square's middle swaps h8 and i9, and i8 and h9, so it keeps the colours
     * and maps j10 to g7 */
    int dx[4] = {7, 8, 8, 7}, dy[4] = {7, 7, 8, 8};
    assert_true(gm_opening_symmetric(dx, dy, 9, 9, 6, 6));
}

/* The offers: their number, the one kept, the chooser. */
static void offers(void **state)
{
    (void)state;
    int xs[5] = {7, 7, 9, 0, 9}, ys[5] = {7, 8, 9, 14, 7};
    gm_opening_log log;
    memset(&log, 0, sizeof log);
    log.have_offers = true;
    log.noffers = 2;
    log.off_x[0] = 9, log.off_y[0] = 7;   /* j8, kept */
    log.off_x[1] = 6, log.off_y[1] = 9;   /* g10 */
    gm_opening_outcome out;
    gm_opening_fault f;
    assert_int_equal(check(GM_OPEN_RIF, xs, ys, 5, &log, &out, &f), 0);
    log.chooser = GM_BLACK;
    assert_int_equal(check(GM_OPEN_RIF, xs, ys, 5, &log, &out, &f), 1);
    assert_string_equal(f.tag, "ChosenBy");
    log.chooser = GM_WHITE;
    /* Soosõrv-8: 2 offers fit a declaration of 2, not of 3 nor of 9 */
    log.declared = 2;
    assert_int_equal(check(GM_OPEN_SOOSORV8, xs, ys, 5, &log, &out, &f), 0);
    log.declared = 3;
    assert_int_equal(check(GM_OPEN_SOOSORV8, xs, ys, 5, &log, &out, &f), 1);
    assert_int_equal(f.kind, GM_OF_OFFERS);
    log.declared = 9;
    assert_int_equal(check(GM_OPEN_SOOSORV8, xs, ys, 5, &log, &out, &f), 1);
    assert_string_equal(f.tag, "Declared");
    /* the kept one must be move 5 */
    log.declared = 0;
    log.off_x[0] = 10;
    assert_int_equal(check(GM_OPEN_RIF, xs, ys, 5, &log, &out, &f), 1);
    assert_int_equal(f.step, 4);
    /* a record that stops at move 4 still has its offers counted */
    log.noffers = 1;
    assert_int_equal(check(GM_OPEN_RIF, xs, ys, 4, &log, &out, &f), 1);
    /* without the Offers tag the rule's offers are unchecked, and said so */
    memset(&log, 0, sizeof log);
    assert_int_equal(check(GM_OPEN_RIF, xs, ys, 5, &log, &out, &f), 0);
    assert_true(out.offers_unchecked);
}

/* Who ends with which colour: each swap exchanges them. */
static void colours_after_swaps(void **state)
{
    (void)state;
    static const struct { gm_opening op; const char *swaps; int n; int count; gm_stone first; } cases[] = {
        {GM_OPEN_SWAP2, "stay", 9, 0, GM_BLACK},
        {GM_OPEN_SWAP2, "swap", 9, 1, GM_WHITE},
        {GM_OPEN_SWAP2, "put2 stay", 9, 0, GM_BLACK},
        {GM_OPEN_SWAP2, "+2, swap", 9, 1, GM_WHITE},
        {GM_OPEN_SWAP, "swap", 9, 1, GM_WHITE},
        {GM_OPEN_RIF, "-", 4, 0, GM_BLACK},
        {GM_OPEN_SOOSORV8, "swap swap", 4, 2, GM_BLACK},
        {GM_OPEN_TARAGUCHI10, "swap swap stay stay swap", 9, 3, GM_WHITE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        gm_opening_log log;
        memset(&log, 0, sizeof log);
        size_t off;
        char err[200];
        assert_int_equal(gm_opening_parse_decisions(cases[i].swaps, &log, &off, err, sizeof err), 0);
        /* stones in every rule's areas: h8 h9 j10 i11 j9, then far away */
        int xs[9] = {7, 7, 9, 8, 9, 0, 1, 2, 3}, ys[9] = {7, 8, 9, 10, 8, 0, 0, 0, 0};
        gm_opening_outcome out;
        gm_opening_fault f;
        int rc = check(cases[i].op, xs, ys, cases[i].n, &log, &out, &f);
        if (rc) fail_msg("case %zu: %s", i, f.message);
        assert_int_equal(out.swaps, cases[i].count);
        assert_int_equal(out.first_player, cases[i].first);
    }
    /* a decision where the rule has none, one missing, put2 outside swap2 */
    gm_opening_log log;
    memset(&log, 0, sizeof log);
    size_t off;
    char err[200];
    int xs[9] = {7, 7, 9, 8, 9, 0, 1, 2, 3}, ys[9] = {7, 8, 9, 10, 8, 0, 0, 0, 0};
    gm_opening_outcome out;
    gm_opening_fault f;
    gm_opening_parse_decisions("swap", &log, &off, err, sizeof err);
    assert_int_equal(check(GM_OPEN_FREE, xs, ys, 9, &log, &out, &f), 1);
    assert_int_equal(f.kind, GM_OF_DECISIONS);
    assert_int_equal(check(GM_OPEN_SOOSORV8, xs, ys, 9, &log, &out, &f), 1);
    assert_int_equal(f.step, 4);
    gm_opening_parse_decisions("put2 stay", &log, &off, err, sizeof err);
    assert_int_equal(check(GM_OPEN_SOOSORV8, xs, ys, 9, &log, &out, &f), 1);
    assert_int_equal(f.item, 0);
    assert_int_equal(gm_opening_parse_decisions("stay maybe", &log, &off, err, sizeof err), -1);
    assert_int_equal(off, 5);
}

/* The names a record or the command line may use. */
static void names(void **state)
{
    (void)state;
    static const struct { const char *name; gm_opening op; } cases[] = {
        {"free", GM_OPEN_FREE}, {"swap", GM_OPEN_SWAP}, {"Swap2", GM_OPEN_SWAP2}, {"swap-2", GM_OPEN_SWAP2},
        {"soosorv8", GM_OPEN_SOOSORV8}, {"Soosõrv-8", GM_OPEN_SOOSORV8}, {"soosyrv-8", GM_OPEN_SOOSORV8},
        {"taraguchi10", GM_OPEN_TARAGUCHI10}, {"Taraguchi-10", GM_OPEN_TARAGUCHI10}, {"RIF", GM_OPEN_RIF},
        {"RIF opening rule", GM_OPEN_RIF}, {"Soosyrv 8 rule", GM_OPEN_SOOSORV8}, {"Swap 2", GM_OPEN_SWAP2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        gm_opening op;
        assert_int_equal(gm_opening_from_name(cases[i].name, &op), 0);
        assert_int_equal(op, cases[i].op);
        gm_opening back;
        assert_int_equal(gm_opening_from_name(gm_opening_name(op), &back), 0);
        assert_int_equal(back, op);
    }
    gm_opening op;
    assert_int_equal(gm_opening_from_name("yamaguchi", &op), -1);
    assert_int_equal(gm_opening_from_name("swap3", &op), -1);
    assert_int_equal(gm_opening_from_name("rule", &op), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rif_has_the_26_openings), cmocka_unit_test(taraguchi_areas),
        cmocka_unit_test(symmetric_offers),        cmocka_unit_test(offers),
        cmocka_unit_test(colours_after_swaps),     cmocka_unit_test(names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
