/* test_pattern.c -- the pattern engine's incremental codes (engine/gomoku/gm_pat.c)
 * against slow scans, its fouls against the judge's, and its moves never fouls.
 *
 *  - Codes: random games (many seeds, all three rule sets, boards of 15 and other
 *    sizes) place and remove stones; after every change every point's four patterns
 *    must equal gm_shape_at's answer on a board rebuilt from the stones, and every
 *    code, tally, sum and near count what a fresh gmp_init computes (gmp_verify).
 *    Take-backs outside the recorded frames (stones there at gmp_init, places past
 *    GMP_UNDO_DEPTH, a stone taken off out of order) are checked the same way.
 *  - Fouls: on the corpus positions (../shared/corpus/renju/forbidden-cases.txt) and
 *    on dense random renju positions, gmp_legal for black at every empty point is
 *    exactly gm_foul_at == GM_FOUL_NONE (the codes' sure fouls are fouls, their
 *    doubtful points are sent to the judge).
 *  - Moves: the engine (through the descriptor) playing black on those positions
 *    never picks a point the judge forbids. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "gm_desc.h"
#include "gm_pat.h"
#include "gm_test_util.h"
#include "search.h"

/* splitmix64: every random choice takes the seed. */
static uint64_t rnd(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A random empty point, near the centre more often (lines form there). */
static int random_point(const gm_board *b, uint64_t *seed)
{
    for (;;) {
        int size = b->size, x, y;
        if (rnd(seed) % 3) {
            int r = size / 3 + 1;
            x = size / 2 - r + (int)(rnd(seed) % (uint64_t)(2 * r + 1));
            y = size / 2 - r + (int)(rnd(seed) % (uint64_t)(2 * r + 1));
        } else {
            x = (int)(rnd(seed) % (uint64_t)size);
            y = (int)(rnd(seed) % (uint64_t)size);
        }
        if (x >= 0 && y >= 0 && x < size && y < size && b->cell[y][x] == GM_EMPTY) return y * size + x;
    }
}

static void test_codes_equal_slow_scan(void **state)
{
    (void)state;
    static const gm_rules rules[] = {GM_RENJU, GM_FREESTYLE, GM_STANDARD};
    static const int sizes[] = {15, 15, 15, 9, 20, 15};
    gm_pat_board *p = malloc(sizeof *p);
    assert_non_null(p);
    int seeds = getenv("BOYI_SANITIZED") ? 12 : 60, checks = 0;
    for (int sd = 0; sd < seeds; sd++) {
        uint64_t seed = 1000 + (uint64_t)sd;
        gm_board b;
        gm_board_init(&b, sizes[sd % 6], rules[sd % 3]);
        gmp_init(p, &b);
        int placed[GMP_CELLS], n = 0, cells = p->b.size * p->b.size, target = 20 + (int)(rnd(&seed) % 100);
        for (int step = 0; step < 160; step++) {
            /* mostly place, sometimes take back the last stones (as a search does) */
            if (n > 0 && (rnd(&seed) % 4 == 0 || n >= target || n >= cells - 1)) {
                gmp_remove(p, placed[--n]);
            } else {
                int m = random_point(&p->b, &seed);
                gmp_place(p, m, n % 2 ? GM_WHITE : GM_BLACK);
                placed[n++] = m;
            }
            int bad = gmp_verify(p);
            if (bad) fail_msg("seed %d step %d: codes differ from the slow scan at %d", sd, step, bad);
            checks++;
        }
    }
    fprintf(stderr, "codes: %d seeds, %d positions checked\n", seeds, checks);
    free(p);
}

/* Take-backs that the recorded frames of gmp_place do not cover: stones already on the
 * board at gmp_init, more places than GMP_UNDO_DEPTH, and a stone taken off out of
 * order; each is followed by recorded places and take-backs, all checked against the
 * slow scan. */
static void check(const gm_pat_board *p, const char *what, int step)
{
    int bad = gmp_verify(p);
    if (bad) fail_msg("%s, step %d: codes differ from the slow scan at %d", what, step, bad);
}

static void test_codes_unrecorded_take_backs(void **state)
{
    (void)state;
    static const gm_rules rules[] = {GM_FREESTYLE, GM_RENJU, GM_STANDARD};
    gm_pat_board *p = malloc(sizeof *p);
    assert_non_null(p);
    for (int r = 0; r < 3; r++) {
        uint64_t seed = 77 + (uint64_t)r;
        gm_board b;
        gm_board_init(&b, 20, rules[r]);
        int cells = b.size * b.size, pre[12];
        for (int i = 0; i < 12; i++) {   /* stones before gmp_init */
            pre[i] = random_point(&b, &seed);
            gm_place(&b, pre[i] % b.size, pre[i] / b.size, i % 2 ? GM_WHITE : GM_BLACK);
        }
        gmp_init(p, &b);
        int placed[GMP_CELLS], n = 0, deep = GMP_UNDO_DEPTH + 40 < cells - 20 ? GMP_UNDO_DEPTH + 40 : cells - 20;
        gmp_remove(p, pre[5]);
        check(p, "an initial stone taken off", 0);
        for (int step = 0; step < deep; step++) {   /* past the frames */
            int m = random_point(&p->b, &seed);
            gmp_place(p, m, n % 2 ? GM_WHITE : GM_BLACK);
            placed[n++] = m;
            if (step % 16 == 0 || step >= GMP_UNDO_DEPTH - 2) check(p, "deep places", step);
        }
        for (int step = 0; step < 60; step++) {   /* back below the frames, in order */
            gmp_remove(p, placed[--n]);
            check(p, "deep take-backs", step);
        }
        int k = n / 2;   /* out of order: the frames above it no longer fit */
        gmp_remove(p, placed[k]);
        memmove(&placed[k], &placed[k + 1], (size_t)(n - k - 1) * sizeof *placed);
        n--;
        check(p, "a stone taken off out of order", 0);
        for (int step = 0; step < 40; step++) {   /* then a search's places and take-backs */
            if (step % 3 == 2) {
                gmp_remove(p, placed[--n]);
            } else {
                int m = random_point(&p->b, &seed);
                gmp_place(p, m, n % 2 ? GM_WHITE : GM_BLACK);
                placed[n++] = m;
            }
            check(p, "after the out-of-order take-back", step);
        }
        while (n > 0) {
            gmp_remove(p, placed[--n]);
            if (n % 8 == 0) check(p, "every stone taken back", n);
        }
        gmp_remove(p, pre[0]);
        check(p, "another initial stone taken off", 0);
    }
    free(p);
}

/* gmp_legal for black at every empty point against the judge; returns mismatches. */
static int compare_fouls(const gm_board *b, const char *what)
{
    gm_pat_board *p = malloc(sizeof *p);
    assert_non_null(p);
    gmp_init(p, b);
    gm_board judge = *b;
    int bad = 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            if (b->cell[y][x] != GM_EMPTY) continue;
            bool legal = gmp_legal(p, y * b->size + x, GM_BLACK);
            gm_foul f = gm_foul_at(&judge, x, y);
            if (legal != (f == GM_FOUL_NONE)) {
                char n[8];
                fprintf(stderr, "%s: %s: codes say %s, the judge %s\n", what, gt_name(x, y, n), legal ? "legal" : "foul",
                        gm_foul_name(f));
                bad++;
            }
        }
    free(p);
    return bad;
}

/* Reads the corpus positions into B (up to MAX); returns how many. */
static int corpus_positions(gm_board *b, int max)
{
    const char *path = BOYI_SHARED_DIR "/corpus/renju/forbidden-cases.txt";
    FILE *f = fopen(path, "r");
    if (!f) fail_msg("cannot open %s", path);
    char line[8192];
    int n = 0;
    bool open = false;
    while (fgets(line, sizeof line, f) && n < max) {
        if (!open && (strncmp(line, "black:", 6) == 0 || strncmp(line, "white:", 6) == 0)) {
            gm_board_init(&b[n], 15, GM_RENJU);
            open = true;
        }
        if (strncmp(line, "black:", 6) == 0) assert_int_equal(gt_put(&b[n], line + 6, GM_BLACK), 0);
        else if (strncmp(line, "white:", 6) == 0) assert_int_equal(gt_put(&b[n], line + 6, GM_WHITE), 0);
        else if (strncmp(line, "forbidden:", 10) == 0 && open) {
            b[n++].to_move = GM_BLACK;
            open = false;
        }
    }
    fclose(f);
    return n;
}

/* Dense random renju positions: many black stones near the centre, where double
 * threes (and their recursion) are common. */
static void random_renju(gm_board *b, uint64_t seed)
{
    gm_board_init(b, 15, GM_RENJU);
    int stones = 14 + (int)(rnd(&seed) % 30);
    for (int i = 0; i < stones; i++) {
        int m = random_point(b, &seed);
        gm_stone s = rnd(&seed) % 5 < 3 ? GM_BLACK : GM_WHITE;
        gm_board probe = *b;
        /* no fives on the board: a finished game has no fouls to judge */
        gm_place(&probe, m % 15, m / 15, s);
        if (gm_is_win(&probe, m % 15, m / 15, s)) continue;
        if (s == GM_BLACK && gm_foul_at(&probe, m % 15, m / 15) == GM_FOUL_OVERLINE) continue;
        gm_place(b, m % 15, m / 15, s);
    }
    b->to_move = GM_BLACK;
}

static void test_fouls_equal_judge(void **state)
{
    (void)state;
    gm_board pos[64];
    int n = corpus_positions(pos, 64), bad = 0, fouls = 0;
    assert_true(n >= 6);
    for (int i = 0; i < n; i++) {
        char what[32];
        snprintf(what, sizeof what, "corpus case %d", i + 1);
        bad += compare_fouls(&pos[i], what);
        fouls += gm_scan_fouls(&pos[i], NULL, NULL, NULL, 0);
    }
    int randoms = getenv("BOYI_SANITIZED") ? 40 : 400, rfouls = 0;
    for (int i = 0; i < randoms; i++) {
        gm_board b;
        random_renju(&b, 77 + (uint64_t)i);
        char what[32];
        snprintf(what, sizeof what, "random %d", i);
        bad += compare_fouls(&b, what);
        rfouls += gm_scan_fouls(&b, NULL, NULL, NULL, 0);
    }
    fprintf(stderr, "fouls: %d corpus positions (%d forbidden points), %d random (%d), %d mismatches\n", n, fouls, randoms,
            rfouls, bad);
    assert_true(fouls > 0 && rfouls > 0);
    assert_int_equal(bad, 0);
}

/* The engine as every command reaches it (bo_search through the descriptor), black to
 * move on a position: its move must be allowed by the judge. */
static void engine_move_allowed(const gm_board *b, int depth, const char *what)
{
    const bo_game *g = bo_game_by_name("gomoku");
    BO_ALIGNED unsigned char buf[BO_POS_MAX];
    gm_dpos *p = (gm_dpos *)buf;
    memset(p, 0, sizeof *p);
    p->b = *b;
    p->last = -1;
    bo_tt *tt = bo_tt_new(1);
    assert_non_null(tt);
    bo_limits lim = {.depth = depth, .threads = 1};
    bo_search_info info;
    char err[256];
    if (bo_search(g, p, NULL, &lim, tt, NULL, NULL, &info, err, sizeof err) == 0) {
        int m = (int)info.pv[0], x = m % 15, y = m / 15;
        gm_board judge = *b;
        char n[8];
        if (judge.cell[y][x] != GM_EMPTY || gm_foul_at(&judge, x, y) != GM_FOUL_NONE)
            fail_msg("%s: the engine played %s, %s", what, gt_name(x, y, n), gm_foul_name(gm_foul_at(&judge, x, y)));
    }
    bo_tt_free(tt);
}

static void test_engine_never_fouls(void **state)
{
    (void)state;
    gm_board pos[64];
    int n = corpus_positions(pos, 64);
    for (int i = 0; i < n; i++) engine_move_allowed(&pos[i], 4, "corpus");
    int randoms = getenv("BOYI_SANITIZED") ? 10 : 60;
    for (int i = 0; i < randoms; i++) {
        gm_board b;
        random_renju(&b, 5000 + (uint64_t)i);
        engine_move_allowed(&b, 3, "random");
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_codes_equal_slow_scan),
        cmocka_unit_test(test_codes_unrecorded_take_backs),
        cmocka_unit_test(test_fouls_equal_judge),
        cmocka_unit_test(test_engine_never_fouls),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
