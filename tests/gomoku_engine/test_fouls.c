/* test_fouls.c - renju forbidden points: the shared corpus, checked exactly, and hard
 * cases of our own, each with the reason its verdict is right.
 *
 * Every hard case below was also given to Rapfi (github:dhbloo/rapfi, YXSHOWFORBID,
 * built outside the repository), which judges the three/five question as RULES.md
 * decides; its list of forbidden points was identical to gm_scan_fouls' for every
 * case (a white stone was added at o1 where a case has none, so that black is to
 * move; Rapfi does not report the kind). Diagrams: columns a..o, rows 1..15,
 * M = the point under test. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "gm_test_util.h"

/* ---- the shared corpus ---------------------------------------------------------- */

/* Compares one corpus case with gm_scan_fouls: the same points, the same kinds, in the
 * same (column, row) order. Returns the number of mismatches (printed). */
static int check_case(gm_board *b, int caseno, const char *expect)
{
    int ex[GM_MAX_SIZE * GM_MAX_SIZE], ey[GM_MAX_SIZE * GM_MAX_SIZE], ek[GM_MAX_SIZE * GM_MAX_SIZE];
    int ne = 0, errors = 0;
    const char *p = expect;
    while (*p == ' ')
        p++;
    if (strncmp(p, "none", 4) != 0) {
        for (;;) {
            while (*p == ' ' || *p == '\t')
                p++;
            if (!*p || *p == '\n' || *p == '\r')
                break;
            int x = -1, y = -1;
            assert_int_equal(gt_point(&p, &x, &y), 0);
            assert_true(*p == '=');
            p++;
            size_t len = strcspn(p, " \t\r\n");
            int k = gt_foul_kind(p, len);
            assert_true(k > 0);
            p += len;
            /* insert sorted by column then row */
            int i = ne++;
            while (i > 0 && (ex[i - 1] > x || (ex[i - 1] == x && ey[i - 1] > y))) {
                ex[i] = ex[i - 1];
                ey[i] = ey[i - 1];
                ek[i] = ek[i - 1];
                i--;
            }
            ex[i] = x;
            ey[i] = y;
            ek[i] = k;
        }
    }
    int xs[GM_MAX_SIZE * GM_MAX_SIZE], ys[GM_MAX_SIZE * GM_MAX_SIZE];
    gm_foul ks[GM_MAX_SIZE * GM_MAX_SIZE];
    int n = gm_scan_fouls(b, xs, ys, ks, GM_MAX_SIZE * GM_MAX_SIZE);
    if (n != ne)
        errors++;
    for (int i = 0; i < n || i < ne; i++) {
        char a[8], c[8];
        bool same = i < n && i < ne && xs[i] == ex[i] && ys[i] == ey[i] && (int)ks[i] == ek[i];
        if (!same) {
            errors++;
            fprintf(stderr, "case %d #%d: expected %s=%s, got %s=%s\n", caseno, i,
                    i < ne ? gt_name(ex[i], ey[i], a) : "-", i < ne ? gm_foul_name(ek[i]) : "-",
                    i < n ? gt_name(xs[i], ys[i], c) : "-", i < n ? gm_foul_name(ks[i]) : "-");
        }
    }
    return errors;
}

static void test_corpus(void **state)
{
    (void)state;
    const char *path = BOYI_SHARED_DIR "/corpus/renju/forbidden-cases.txt";
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("cannot open %s", path);
    char line[8192];
    gm_board b;
    int cases = 0, errors = 0, lineno = 0;
    bool open = false;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (!open && (strncmp(line, "black:", 6) == 0 || strncmp(line, "white:", 6) == 0)) {
            gm_board_init(&b, 15, GM_RENJU);
            open = true;
        }
        if (strncmp(line, "black:", 6) == 0) {
            if (gt_put(&b, line + 6, GM_BLACK) != 0)
                fail_msg("%s:%d: bad black stones", path, lineno);
        } else if (strncmp(line, "white:", 6) == 0) {
            if (gt_put(&b, line + 6, GM_WHITE) != 0)
                fail_msg("%s:%d: bad white stones", path, lineno);
        } else if (strncmp(line, "forbidden:", 10) == 0) {
            if (!open)
                fail_msg("%s:%d: 'forbidden:' without a position", path, lineno);
            b.to_move = GM_BLACK;
            errors += check_case(&b, ++cases, line + 10);
            open = false;
        }
    }
    fclose(f);
    fprintf(stderr, "corpus: %d cases, %d mismatches\n", cases, errors);
    assert_true(cases >= 6);
    assert_int_equal(errors, 0);
}

/* ---- hard cases ---------------------------------------------------------------- */

typedef struct hard_case {
    const char *name;
    const char *black, *white;
    const char *expect; /* "h8=double-three f8=none ..." : verdicts at those points */
} hard_case;

static const hard_case hard_cases[] = {
    /* Two plain open threes: row g8-M-i8 (f8 and j8 both make a straight four, each
     * allowed) and column M-h9-h10 (h7, h11). */
    {"basic double-three", "g8 i8 h9 h10", "", "h8=double-three"},
    /* Broken three X.XX: f8 . M i8 becomes the straight four f8-i8 by g8 (e8 and j8
     * both empty and completing exact fives); with the column three: double-three. */
    {"broken three X.XX", "f8 i8 h9 h10", "", "h8=double-three"},
    /* Broken three with the move at its end: M . j8 k8, straight-four point i8. */
    {"broken three, move at the end", "j8 k8 h9 h10", "", "h8=double-three"},
    /* A three blocked at one end is no three: O f8 g8 M . - the only four it can make,
     * f8-i8, has the white e8 at one end, so it is not straight. One three: allowed. */
    {"three blocked at one end", "f8 g8 h9 h10", "e8", "h8=none"},
    /* Space on both sides is not enough: O . f8 g8 M . O - e8 gives e8-h8 against d8,
     * i8 gives f8-i8 against j8; neither is straight. Allowed. */
    {"three with no room for a straight four", "f8 g8 h9 h10", "d8 j8", "h8=none"},
    /* Edge: b8 c8 M on row 8 - e8 makes b8-e8 with a8 (on the board, empty, a8-e8 an
     * exact five) and f8 open: straight, so a three; with the column: double-three. */
    {"three one point from the edge", "b8 c8 d9 d10", "", "d8=double-three"},
    /* Edge: a8 b8 M - the four a8-d8 has its left end off the board: not straight, no
     * three; only the column three remains. */
    {"three against the edge", "a8 b8 c9 c10", "", "c8=none"},
    /* Top edge, column: M h13 h14 with h15 empty is a three (h11 makes h11-h14, h15
     * and h10 both complete exact fives); with the row three h12-j12: double-three. */
    {"three one point from the top edge", "h13 h14 i12 j12", "", "h12=double-three"},
    /* Top edge: M h14 h15 touches the edge: no straight four possible. Allowed. */
    {"three against the top edge", "h14 h15 i13 j13", "", "h13=none"},
    /* d8 . . g8 M i8 . . l8: f8 gives f8-i8 whose e8 end would join d8 into a six, so
     * only j8 completes a five: not straight; j8 symmetrically. The row is not a three
     * (overline potential), so M has one three only: allowed. */
    {"three spoiled by overline on both sides", "d8 g8 i8 l8 h9 h10", "", "h8=none"},
    /* X.XXX.X with M in the middle: f8 and j8 each complete a different exact five
     * (e8-i8, g8-k8): two fours on one line. */
    {"double-four on one line X.XXX.X", "e8 g8 i8 k8", "", "h8=double-four"},
    /* XX.XX.XX: d8 e8 . g8 M . j8 k8 - f8 completes d8-h8, i8 completes g8-k8. */
    {"double-four on one line XX.XX.XX", "d8 e8 g8 j8 k8", "", "h8=double-four"},
    /* XXX.M.XXX: g8 completes d8-h8 and i8 completes h8-l8: two fours. */
    {"double-four on one line XXX.M.XXX", "d8 e8 f8 j8 k8 l8", "", "h8=double-four"},
    /* M . j8 k8 l8 . n8: i8 completes h8-l8 (a four made by M); m8 completes j8-n8,
     * a five without M - that four was already on the board. One four: allowed. */
    {"an old four on the same line does not count", "j8 k8 l8 n8", "", "h8=none"},
    /* A straight four (e8-h8, open at d8 and i8: one four) plus the four h8-h11
     * (blocked at h12, five point h7): two fours. */
    {"straight four plus four", "e8 f8 g8 h9 h10 h11", "h12", "h8=double-four"},
    /* Four (e8-h8 blocked by d8, five point i8) and one open three (column): 4-3 is
     * allowed. */
    {"four-three is allowed", "e8 f8 g8 h9 h10", "d8", "h8=none"},
    /* Four plus two real threes (column h8-h10, diagonal h8-j10): 4-3-3 is a
     * double-three. */
    {"four-three-three", "e8 f8 g8 h9 h10 i9 j10", "d8", "h8=double-three"},
    /* M completes the exact five d8-h8; it also makes the straight fours h8-h11 and
     * h8-k11 (a double-four). Five comes first: allowed (and a win). */
    {"five beats double-four", "d8 e8 f8 g8 h9 h10 h11 i9 j10 k11", "", "h8=none"},
    /* M completes d8-h8 (exact five) and h5-h10 (six). Five comes first. */
    {"five beats overline", "d8 e8 f8 g8 h5 h6 h7 h9 h10", "", "h8=none"},
    /* e8 f8 g8 M i8 j8: six in a row. */
    {"overline of six", "e8 f8 g8 i8 j8", "", "h8=overline"},
    /* d8-g8 and i8-l8 joined by M: nine in a row, still an overline. */
    {"overline of nine", "d8 e8 f8 g8 i8 j8 k8 l8", "", "h8=overline"},
    /* d8-h8 is an exact five: the empty i8 separates j8, so it is not a six. */
    {"five next to a gap is exact", "d8 e8 f8 g8 j8", "", "h8=none"},
    /* RULES.md Decision: f8 . M i8 can only become a straight four by g8, and g8 also
     * completes the five g4-g8 - "without making a five at the same time" fails, so the
     * row is not a three; with the column three only: allowed. */
    {"three whose four point makes a five", "f8 i8 g4 g5 g6 g7 h9 h10", "", "h8=none"},
    /* Same idea, but the solid three g8 M i8 has a second four point, j8, which makes
     * no five and is allowed: the row is a three after all: double-three. */
    {"three with one five-making four point", "g8 i8 f4 f5 f6 f7 h9 h10", "",
     "h8=double-three"},
    /* Recursion: g8 M i8 can become straight only by f8 or j8, and with M on the board
     * each of those is a double-four (the row's straight four plus the four in the f or
     * j column). Not a three, so M (with the column three) is allowed. */
    {"recursive: both four points are double-fours",
     "g8 i8 h9 h10 f9 f10 f11 j9 j10 j11", "", "h8=none"},
    /* As above with only f8 spoiled: j8 is still allowed, so the row is a three. */
    {"recursive: one four point still allowed", "g8 i8 h9 h10 f9 f10 f11", "",
     "h8=double-three"},
    /* Recursion through overlines: f8 would join f5-f7 and f9-f10 into a six, j8 the
     * same in column j. Both four points are forbidden: no three; allowed. */
    {"recursive: both four points are overlines",
     "g8 i8 h9 h10 f5 f6 f7 f9 f10 j5 j6 j7 j9 j10", "", "h8=none"},
    /* Depth 2. M = k7: column k7-k9 is a three; anti-diagonal i9 . k7 l6 needs j8.
     * With k7 on the board j8 makes a straight four (i9-l6) plus two apparent threes,
     * the diagonal j8-l10 (real) and the row h8 . j8 k8, whose only four point i8 is a
     * double-four (row h8-k8 and column i8-i11). So j8 is a 4-3, allowed, the
     * anti-diagonal is a real three, and k7 is a double-three. j8 itself (without k7)
     * is a double-three: diagonal j8-l10 and anti-diagonal i9 j8 . l6. A judge that
     * stops after one level calls k7 allowed. */
    {"recursive, depth 2", "h8 i9 i10 i11 k8 k9 l6 l10", "", "k7=double-three j8=double-three"},
    /* Depth 3, through the five rule. M = c4: row b4 c4 d4 needs e4 (a4 is against the
     * edge). With c4 placed, e4 makes the straight four b4-e4 and threes on the column
     * (e3 e4 . e6, four point e5, allowed) and the diagonal (d3 e4 . g6, four point f5).
     * f5 (with c4 e4) has the row three f5 g5 . i5 and the column f2 f3 . f5 whose only
     * four point f4 completes the five b4-f4, so that column is no three: f5 is allowed,
     * e4 is a 4-3-3 (forbidden), the row through c4 is no three, and c4 (with only the
     * anti-diagonal b5-d3 three) is allowed. Counting five-making four points, as some
     * programs do, would make f5 forbidden, e4 allowed and c4 a double-three. */
    {"recursive, depth 3, with the five rule", "b4 b5 d3 d4 e3 e6 f2 f3 g5 g6 i5", "",
     "c4=none e4=double-three"},
};

/* Checks the verdicts of one hard case at the listed points, and that the full scan
 * agrees with gm_foul_at at every point. */
static void run_hard_case(const hard_case *hc)
{
    gm_board b;
    gt_board(&b, hc->black, hc->white);
    const char *p = hc->expect;
    for (;;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        int x = -1, y = -1;
        assert_int_equal(gt_point(&p, &x, &y), 0);
        assert_true(*p == '=');
        p++;
        size_t len = strcspn(p, " ");
        int want = gt_foul_kind(p, len);
        assert_true(want >= 0);
        p += len;
        gm_foul got = gm_foul_at(&b, x, y);
        if ((int)got != want) {
            char e[512], nm[8];
            fail_msg("%s: %s expected %s, got %s (%s)", hc->name, gt_name(x, y, nm),
                     gm_foul_name((gm_foul)want), gm_foul_name(got),
                     gm_foul_explain(&b, x, y, e, sizeof e));
        }
    }
    int xs[400], ys[400];
    gm_foul ks[400];
    int n = gm_scan_fouls(&b, xs, ys, ks, 400), k = 0;
    for (int x = 0; x < 15; x++)
        for (int y = 0; y < 15; y++) {
            gm_foul f = gm_foul_at(&b, x, y);
            if (f == GM_FOUL_NONE)
                continue;
            assert_true(k < n);
            assert_int_equal(xs[k], x);
            assert_int_equal(ys[k], y);
            assert_int_equal(ks[k], f);
            k++;
        }
    assert_int_equal(k, n);
}

static void test_hard_cases(void **state)
{
    (void)state;
    size_t n = sizeof hard_cases / sizeof hard_cases[0];
    for (size_t i = 0; i < n; i++)
        run_hard_case(&hard_cases[i]);
    fprintf(stderr, "hard cases: %zu passed\n", n);
}

/* A five made together with fouls is a win for black; the same stones one point short
 * are judged normally. */
static void test_five_wins_after_placing(void **state)
{
    (void)state;
    gm_board b;
    gt_board(&b, "d8 e8 f8 g8 h9 h10 h11 i9 j10 k11", "");
    assert_int_equal(gm_foul_at(&b, 7, 7), GM_FOUL_NONE);
    assert_int_equal(gm_place(&b, 7, 7, GM_BLACK), 0);
    assert_true(gm_is_win(&b, 7, 7, GM_BLACK));
    gt_board(&b, "e8 f8 g8 i8 j8", "");
    assert_int_equal(gm_place(&b, 7, 7, GM_BLACK), 0);
    assert_false(gm_is_win(&b, 7, 7, GM_BLACK)); /* black six: not a win in renju */
}

/* The other reading of the three/five question, as a board option: a straight-four
 * point that makes a five still makes a three. The two cases above that depend on the
 * Decision flip exactly as their comments predict; the others stay. */
static void test_five_point_option(void **state)
{
    (void)state;
    gm_board b;
    gt_board(&b, "f8 i8 g4 g5 g6 g7 h9 h10", "");
    b.renju_five_point_threes = true;
    assert_int_equal(gm_foul_at(&b, 7, 7), GM_FOUL_DOUBLE_THREE);
    gt_board(&b, "b4 b5 d3 d4 e3 e6 f2 f3 g5 g6 i5", "");
    b.renju_five_point_threes = true;
    assert_int_equal(gm_foul_at(&b, 2, 3), GM_FOUL_DOUBLE_THREE); /* c4 */
    assert_int_equal(gm_foul_at(&b, 4, 3), GM_FOUL_DOUBLE_THREE); /* e4 */
    gt_board(&b, "g8 i8 h9 h10 f9 f10 f11 j9 j10 j11", "");
    b.renju_five_point_threes = true;
    assert_int_equal(gm_foul_at(&b, 7, 7), GM_FOUL_NONE);
}

/* Explanations name the lines, for a judge. */
static void test_explain(void **state)
{
    (void)state;
    gm_board b;
    char buf[512];
    gt_board(&b, "g8 i8 h9 h10", "");
    assert_string_equal(gm_foul_explain(&b, 7, 7, buf, sizeof buf),
                        "double-three: open threes on the row (g8-i8) and the column (h8-h10)");
    gt_board(&b, "e8 f8 g8 i8 j8", "");
    assert_string_equal(gm_foul_explain(&b, 7, 7, buf, sizeof buf),
                        "overline: six in a row on the row e8-j8");
    gt_board(&b, "c3 d4 e5 f6 h8", "");
    assert_string_equal(gm_foul_explain(&b, 6, 6, buf, sizeof buf),
                        "overline: six in a row on the diagonal c3-h8");
    gt_board(&b, "e8 g8 i8 k8", "");
    assert_string_equal(gm_foul_explain(&b, 7, 7, buf, sizeof buf),
                        "double-four: two fours on the row (e8-k8)");
    gt_board(&b, "e8 f8 g8 h9 h10 h11", "h12");
    assert_string_equal(gm_foul_explain(&b, 7, 7, buf, sizeof buf),
                        "double-four: fours on the row (e8-h8) and the column (h8-h11)");
    gt_board(&b, "d8 e8 f8 g8 h5 h6 h7 h9 h10", "");
    assert_string_equal(gm_foul_explain(&b, 7, 7, buf, sizeof buf),
                        "exact five on the row (d8-h8): black wins (a five beats any foul)");
    gt_board(&b, "f8 i8 g4 g5 g6 g7 h9 h10", "");
    assert_string_equal(gm_foul_explain(&b, 7, 7, buf, sizeof buf),
                        "not forbidden: only one real three (the column (h8-h10)); on the row "
                        "no allowed move makes a straight four (g8 would make a five)");
    assert_string_equal(gm_foul_explain(&b, 0, 0, buf, sizeof buf), "not forbidden");
    assert_string_equal(gm_foul_explain(&b, 5, 7, buf, sizeof buf), "the point is occupied");
    /* a tiny buffer is truncated, never overrun */
    char small[8];
    gm_foul_explain(&b, 7, 7, small, sizeof small);
    assert_int_equal(strlen(small), 7);
}

/* gm_foul_at and gm_scan_fouls leave the board exactly as it was. */
static void test_board_untouched(void **state)
{
    (void)state;
    gm_board b, copy;
    gt_board(&b, "h8 i9 i10 i11 k8 k9 l6 l10", "a1");
    memcpy(&copy, &b, sizeof b);
    int xs[400], ys[400];
    gm_scan_fouls(&b, xs, ys, NULL, 400);
    for (int x = 0; x < 15; x++)
        for (int y = 0; y < 15; y++) {
            char buf[256];
            gm_foul_at(&b, x, y);
            gm_foul_explain(&b, x, y, buf, sizeof buf);
        }
    assert_memory_equal(&b, &copy, sizeof b);
}

/* Only renju has fouls; the scan respects max and still counts everything. */
static void test_scan_options(void **state)
{
    (void)state;
    gm_board b;
    gt_board(&b, "h8 i9 i10 i11 k8 k9 l6 l10", "");
    int xs[2], ys[2];
    gm_foul ks[2];
    int n = gm_scan_fouls(&b, xs, ys, ks, 2);
    assert_int_equal(n, 5); /* j8 j9 j10 k7 k11 */
    assert_int_equal(xs[0], 9);
    assert_int_equal(ys[0], 7);
    assert_int_equal(xs[1], 9);
    assert_int_equal(ys[1], 8);
    assert_int_equal(gm_scan_fouls(&b, NULL, NULL, NULL, 0), 5);
    b.rules = GM_FREESTYLE;
    assert_int_equal(gm_scan_fouls(&b, xs, ys, ks, 2), 0);
    /* gm_foul_at judges by renju whatever the rule set */
    assert_int_equal(gm_foul_at(&b, 10, 6), GM_FOUL_DOUBLE_THREE);
    assert_int_equal(gm_foul_at(&b, -1, 3), GM_FOUL_NONE);
    assert_int_equal(gm_foul_at(&b, 7, 7), GM_FOUL_NONE); /* occupied */
}

/* The scan speed figure (printed, not asserted: sanitizer and debug builds are slow):
 * the corpus positions plus dense random middle-game positions. */
static void test_bench(void **state)
{
    (void)state;
    enum { NPOS = 40 };
    static gm_board pos[NPOS];
    int n = 0;
    FILE *f = fopen(BOYI_SHARED_DIR "/corpus/renju/forbidden-cases.txt", "r");
    if (f) {
        char line[8192];
        while (fgets(line, sizeof line, f) && n < NPOS) {
            if (strncmp(line, "black:", 6) == 0) {
                gm_board_init(&pos[n], 15, GM_RENJU);
                gt_put(&pos[n++], line + 6, GM_BLACK);
            } else if (strncmp(line, "white:", 6) == 0 && n > 0) {
                gt_put(&pos[n - 1], line + 6, GM_WHITE);
            }
        }
        fclose(f);
    }
    int ncorpus = n;
    uint64_t r = 0x9E3779B97F4A7C15ull;
    while (n < NPOS) {
        gm_board *b = &pos[n++];
        gm_board_init(b, 15, GM_RENJU);
        int total = 40 + 4 * (n % 20);
        while (b->stones < total) {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            gm_place(b, (int)(r % 15), (int)(r / 15 % 15), r / 225 % 100 < 55 ? GM_BLACK : GM_WHITE);
        }
    }
    double corpus_us = gm_bench_scan(pos, ncorpus, 3000);
    double all_us = gm_bench_scan(pos, NPOS, 500);
    fprintf(stderr, "scan: %.2f us per full-board scan (corpus, %d positions), %.2f us (with %d dense)\n",
            corpus_us, ncorpus, all_us, NPOS - ncorpus);
    assert_true(all_us > 0.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus),
        cmocka_unit_test(test_hard_cases),
        cmocka_unit_test(test_five_wins_after_placing),
        cmocka_unit_test(test_five_point_option),
        cmocka_unit_test(test_explain),
        cmocka_unit_test(test_board_untouched),
        cmocka_unit_test(test_scan_options),
        cmocka_unit_test(test_bench),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
