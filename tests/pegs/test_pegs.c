/* test_pegs.c -- peg solitaire (engine/pegs) against truths from outside the code:
 *
 *  - an independent brute force written here on a plain 7x7 character grid (its own
 *    board shapes, its own jumps, its own memo) counts jump sequences and the one-peg
 *    finishes reachable from small positions; the engine's perft, solver and
 *    pg_solve_finishes must agree with it exactly;
 *  - the position-class argument (Beasley's "rule of three") is checked against that
 *    exhaustive search: no reachable finish is ever of another class;
 *  - published facts: the English centre game is solvable; on the French board the
 *    centre start has no one-peg finish at all (Beasley, The Ins and Outs of Peg
 *    Solitaire, ch. 5: the 37-hole board's centre vacancy is in the wrong class);
 *  - hand derivations beside each check.
 * The heavy published counts (187,636,299 / 23,475,688 reachable, the 18-move minimum,
 * the whole 33x33 table) are in tests/e2e/pegs_solve_bench.sh (Release build only). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "game.h"
#include "pegs.h"

/* ---- the independent brute force: a 7x7 grid of characters ---------------------- */
/* '#' outside the board, 'x' peg, '.' empty.  Row 0 is rank 7 (the top), as drawn. */
typedef struct grid { char c[7][8]; } grid;

static grid grid_english(void)
{
    grid g;
    for (int r = 0; r < 7; r++) {
        for (int f = 0; f < 7; f++) g.c[r][f] = ((f >= 2 && f <= 4) || (r >= 2 && r <= 4)) ? 'x' : '#';
        g.c[r][7] = 0;
    }
    return g;
}

static grid grid_french(void)
{
    grid g = grid_english();
    g.c[1][1] = g.c[1][5] = g.c[5][1] = g.c[5][5] = 'x';
    return g;
}

static const int DR[4] = {-1, 1, 0, 0}, DF[4] = {0, 0, 1, -1};

static bool bf_can(const grid *g, int r, int f, int d)
{
    int r1 = r + DR[d], f1 = f + DF[d], r2 = r + 2 * DR[d], f2 = f + 2 * DF[d];
    if (r2 < 0 || r2 > 6 || f2 < 0 || f2 > 6) return false;
    return g->c[r][f] == 'x' && g->c[r1][f1] == 'x' && g->c[r2][f2] == '.';
}

static void bf_jump(grid *g, int r, int f, int d, char a, char b)
{
    g->c[r][f] = b;
    g->c[r + DR[d]][f + DF[d]] = b;
    g->c[r + 2 * DR[d]][f + 2 * DF[d]] = a;
}

/* Jump sequences of length DEPTH. */
static uint64_t bf_perft(grid *g, int depth)
{
    if (depth == 0) return 1;
    uint64_t n = 0;
    for (int r = 0; r < 7; r++)
        for (int f = 0; f < 7; f++)
            for (int d = 0; d < 4; d++)
                if (bf_can(g, r, f, d)) {
                    bf_jump(g, r, f, d, 'x', '.');
                    n += bf_perft(g, depth - 1);
                    bf_jump(g, r, f, d, '.', 'x');
                }
    return n;
}

/* The grid's pegs as a 49-bit key (bit r * 7 + f). */
static uint64_t bf_key(const grid *g)
{
    uint64_t k = 0;
    for (int r = 0; r < 7; r++)
        for (int f = 0; f < 7; f++)
            if (g->c[r][f] == 'x') k |= 1ull << (r * 7 + f);
    return k;
}

/* A plain chained hash set of visited positions for the exhaustive search. */
typedef struct bf_set { uint64_t *k; size_t cap, n; } bf_set;
static bool bf_visit(bf_set *s, uint64_t key)
{
    if (2 * (s->n + 1) > s->cap) {
        bf_set t = {calloc(s->cap ? s->cap * 2 : 4096, sizeof(uint64_t)), s->cap ? s->cap * 2 : 4096, 0};
        for (size_t i = 0; i < s->cap; i++) if (s->k[i]) bf_visit(&t, s->k[i]);
        free(s->k);
        *s = t;
    }
    size_t i = (size_t)(key * 0x9E3779B97F4A7C15ull >> 20) % s->cap;
    while (s->k[i] && s->k[i] != key) i = (i + 1) % s->cap;
    if (s->k[i]) return false;
    s->k[i] = key;
    s->n++;
    return true;
}

/* Every reachable one-peg finish (as a 49-bit cell mask), visiting each position once. */
static void bf_finishes(grid *g, bf_set *seen, uint64_t *finish)
{
    uint64_t key = bf_key(g);
    if (!bf_visit(seen, key)) return;
    if ((key & (key - 1)) == 0) { *finish |= key; return; }
    for (int r = 0; r < 7; r++)
        for (int f = 0; f < 7; f++)
            for (int d = 0; d < 4; d++)
                if (bf_can(g, r, f, d)) {
                    bf_jump(g, r, f, d, 'x', '.');
                    bf_finishes(g, seen, finish);
                    bf_jump(g, r, f, d, '.', 'x');
                }
}

/* The grid as the engine's position text (rows top down, holes only). */
static void bf_text(const grid *g, const char *board, char *buf, size_t n)
{
    size_t k = (size_t)snprintf(buf, n, "%s ", board);
    for (int r = 0; r < 7; r++) {
        for (int f = 0; f < 7; f++) if (g->c[r][f] != '#') buf[k++] = g->c[r][f];
        if (r < 6) buf[k++] = '/';
    }
    snprintf(buf + k, n - k, " goal any");
}

/* The engine's hole of grid cell (r, f). */
static int engine_hole(const pg_board *b, int r, int f)
{
    return b->hole_at[(6 - r) * b->size + f];
}

/* N random jumps on G, fewer if none is left: forwards, or BACKWARDS (a peg returns
 * over an empty hole to another, the jumped peg coming back); one choice from *RNG a
 * jump among the jumps in grid order. */
static void bf_random_jumps(grid *g, int n, bool backwards, uint64_t *rng)
{
    for (int j = 0; j < n; j++) {
        int opts[200][3], k = 0;
        for (int r = 0; r < 7; r++)
            for (int f = 0; f < 7; f++)
                for (int d = 0; d < 4; d++) {
                    bool can = bf_can(g, r, f, d);
                    if (backwards) {
                        int r1 = r + DR[d], f1 = f + DF[d], r2 = r + 2 * DR[d], f2 = f + 2 * DF[d];
                        can = r2 >= 0 && r2 <= 6 && f2 >= 0 && f2 <= 6 && g->c[r][f] == '.' && g->c[r1][f1] == '.' &&
                              g->c[r2][f2] == 'x';
                    }
                    if (can) opts[k][0] = r, opts[k][1] = f, opts[k][2] = d, k++;
                }
        if (!k) return;
        int *o = opts[bo_splitmix64(rng) % (uint64_t)k];
        if (backwards) bf_jump(g, o[0], o[1], o[2], '.', 'x');
        else bf_jump(g, o[0], o[1], o[2], 'x', '.');
    }
}

/* The one-peg finishes reachable from G (a 49-bit cell mask), by the brute force. */
static uint64_t bf_finish_cells(const grid *g)
{
    bf_set seen = {0};
    uint64_t finish = 0;
    grid copy = *g;
    bf_finishes(&copy, &seen, &finish);
    free(seen.k);
    return finish;
}

/* G's pegs as board B's mask. */
static uint64_t engine_pegs(const pg_board *b, const grid *g)
{
    uint64_t pegs = 0;
    for (int r = 0; r < 7; r++)
        for (int f = 0; f < 7; f++)
            if (g->c[r][f] == 'x') pegs |= 1ull << engine_hole(b, r, f);
    return pegs;
}

/* ---- tests ------------------------------------------------------------------------ */

static void test_board_shapes(void **state)
{
    (void)state;
    /* Holes: 33 (English cross), 37 (French), 41 (diamond: 1+3+5+7+9+7+5+3+1),
     * 45 (Wiegleb: 9x9 cross of three-wide arms, 3*9*2 - 9).  Jumps on the English
     * board: 19 lines of three in a row each way... counted by hand as 76 ordered jumps
     * (each of the 38 lines of three consecutive holes, both directions). */
    int holes[PG_BOARDS] = {33, 37, 41, 45};
    for (int k = 0; k < PG_BOARDS; k++) assert_int_equal(pg_board_get(k)->n, holes[k]);
    assert_int_equal(pg_board_get(PG_BOARD_ENGLISH)->njumps, 76);
    char name[4];
    const pg_board *b = pg_board_get(PG_BOARD_ENGLISH);
    pg_hole_name(b, b->centre, name);
    assert_string_equal(name, "d4");
    int len;
    assert_int_equal(pg_hole_parse(b, "a1", &len), -1);   /* corners are not holes */
    assert_int_equal(len, 2);
    assert_true(pg_hole_parse(b, "c1", &len) >= 0);
}

static void test_perft_brute_force(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("pegs");
    assert_non_null(g);
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    char err[256], text[256];
    grid boards[2] = {grid_english(), grid_french()};
    const char *names[2] = {"english", "french"};
    /* Starts: the centre empty, and an edge hole (rank 5 file c, grid row 2 col 2). */
    int empties[2][2] = {{3, 3}, {2, 2}};
    for (int bi = 0; bi < 2; bi++)
        for (int e = 0; e < 2; e++) {
            grid gr = boards[bi];
            gr.c[empties[e][0]][empties[e][1]] = '.';
            bf_text(&gr, names[bi], text, sizeof text);
            assert_int_equal(g->from_text(pos, NULL, text, err, sizeof err), 0);
            for (int d = 1; d <= 4; d++) {
                uint64_t want = bf_perft(&gr, d);
                uint64_t got = bo_game_perft(g, pos, d);
                if (got != want) fail_msg("%s depth %d: engine %llu, brute force %llu", text, d, (unsigned long long)got,
                                          (unsigned long long)want);
            }
        }
}

/* Positions after 16..20 random jumps from the English and French centre starts: the
 * brute force's set of reachable finishes equals the solver's, and every one of them is
 * of the start's class (the class argument never forbids a reachable finish). */
static void test_finishes_and_class(void **state)
{
    (void)state;
    uint64_t rng = 12345;
    int checked = 0, class_cut = 0;
    uint64_t replaced = 0, beam_nodes = 0;
    int beam_found = 0;
    /* 12 random positions a board; under the sanitizers (BOYI_SANITIZED, several times
     * slower) the first 6 of each are checked, the others still drawn so that the
     * random sequence, and so each position, is the Release run's */
    const int trials = getenv("BOYI_SANITIZED") ? 6 : 12;
    for (int bi = 0; bi < 2; bi++) {
        const pg_board *b = pg_board_get(bi == 0 ? PG_BOARD_ENGLISH : PG_BOARD_FRENCH);
        for (int trial = 0; trial < 12; trial++) {
            grid gr = bi == 0 ? grid_english() : grid_french();
            gr.c[3][3] = '.';
            if (bi == 1) gr.c[2][2] = '.', gr.c[3][3] = 'x';   /* French: c5 empty (solvable class) */
            int jumps = 16 + (int)(bo_splitmix64(&rng) % 5);
            bf_random_jumps(&gr, jumps, false, &rng);
            if (trial >= trials) continue;
            uint64_t finish = bf_finish_cells(&gr);
            /* The same position for the engine. */
            uint64_t pegs = 0, want = 0;
            for (int r = 0; r < 7; r++)
                for (int f = 0; f < 7; f++) {
                    if (gr.c[r][f] == 'x') pegs |= 1ull << engine_hole(b, r, f);
                    if (finish >> (r * 7 + f) & 1) want |= 1ull << engine_hole(b, r, f);
                }
            uint64_t reach = 0;
            pg_line found[PG_MAX_HOLES];
            char err[256];
            assert_int_equal(pg_solve_finishes(b, pegs, b->full, &reach, found, NULL, err, sizeof err), 0);
            if (reach != want) fail_msg("%s trial %d: solver finishes %llx, brute force %llx", b->name, trial,
                                        (unsigned long long)reach, (unsigned long long)want);
            /* A memo of 2048 slots at its budget gives up entries for new ones: the same
             * finishes (forgetting a dead position costs time, never a wrong answer). */
            pg_stats tiny = {.memo_max_bytes = 16384};
            if (trial < 6) assert_int_equal(pg_solve_finishes(b, pegs, b->full, &reach, found, &tiny, err, sizeof err), 0);
            if (reach != want) fail_msg("%s trial %d: with a tiny memo, finishes %llx, brute force %llx", b->name, trial,
                                        (unsigned long long)reach, (unsigned long long)want);
            replaced += tiny.memo_replaced;
            /* Beams first, then the exhaustive search for the rest: the same finishes;
             * a beam alone finds only true finishes, each line replaying. */
            pg_stats beam = {.beam_width = 200};
            assert_int_equal(pg_solve_finishes(b, pegs, b->full, &reach, found, &beam, err, sizeof err), 0);
            if (reach != want) fail_msg("%s trial %d: with beams, finishes %llx, brute force %llx", b->name, trial,
                                        (unsigned long long)reach, (unsigned long long)want);
            beam_nodes += beam.beam_nodes;
            pg_beam_opts bo = {.width = 50 + 50 * trial, .w_dist = 1, .w_iso = 3, .seed = (uint64_t)trial};
            uint64_t breach = 0;
            assert_int_equal(pg_beam(b, pegs, b->full, &bo, &breach, found, NULL, err, sizeof err), 0);
            if (breach & ~want) fail_msg("%s trial %d: the beam claims a finish the brute force does not reach", b->name, trial);
            for (uint64_t w = breach; w; w &= w - 1)
                assert_int_equal(pg_verify(b, pegs, __builtin_ctzll(w), &found[__builtin_ctzll(w)], err, sizeof err), 0);
            beam_found += pg_count(breach);
            /* The level-by-level proof: the same finishes, without lines. */
            pg_prove_stats ps = {0};
            assert_int_equal(pg_prove_levels(b, pegs, b->full, 64u << 20, &reach, &ps, err, sizeof err), 0);
            if (reach != want) fail_msg("%s trial %d: levels give finishes %llx, brute force %llx", b->name, trial,
                                        (unsigned long long)reach, (unsigned long long)want);
            for (int h = 0; h < b->n; h++) {
                bool allowed = pg_class(b, pegs) == pg_class(b, 1ull << h);
                if ((want >> h & 1) && !allowed) fail_msg("%s: a reachable finish the class argument forbids", b->name);
                if (!allowed) class_cut++;
                if (want >> h & 1) {
                    assert_int_equal(pg_verify(b, pegs, h, &found[h], err, sizeof err), 0);
                    pg_line one;
                    assert_int_equal(pg_solve(b, pegs, h, &one, NULL, err, sizeof err), 1);
                } else if (allowed && trial < 4) {
                    pg_line one;
                    assert_int_equal(pg_solve(b, pegs, h, &one, NULL, err, sizeof err), 0);
                }
            }
            checked++;
        }
    }
    assert_int_equal(checked, 2 * trials);
    assert_true(class_cut > 0);
    assert_true(replaced > 0);   /* the tiny memo did fill and replace */
    assert_true(beam_nodes > 0);   /* the beams ran (these random positions have no finish: nothing to find) */
    assert_int_equal(beam_found, 0);
}

/* Levels met in the middle (pg_prove_meet) against the brute force: positions made by
 * random jumps backwards from one peg (so that finish at least is reachable), every hole
 * as the goal: solvable exactly where the brute force reaches it, each line replaying,
 * impossible everywhere else. */
static void test_meet(void **state)
{
    (void)state;
    uint64_t rng = 0x6d656574ull;
    int solvable = 0, impossible = 0, checked = 0;
    const int trials = getenv("BOYI_SANITIZED") ? 4 : 10;
    for (int bi = 0; bi < 2; bi++) {
        const pg_board *b = pg_board_get(bi == 0 ? PG_BOARD_ENGLISH : PG_BOARD_FRENCH);
        for (int trial = 0; trial < trials; trial++) {
            grid gr = bi == 0 ? grid_english() : grid_french();
            int cells[49], ncells = 0;
            for (int r = 0; r < 7; r++)
                for (int f = 0; f < 7; f++)
                    if (gr.c[r][f] == 'x') gr.c[r][f] = '.', cells[ncells++] = r * 7 + f;
            int one = cells[bo_splitmix64(&rng) % (uint64_t)ncells];
            gr.c[one / 7][one % 7] = 'x';
            int back = 12 + (int)(bo_splitmix64(&rng) % 7);
            /* Every other position goes on with random jumps forwards: it keeps few
             * finishes, often none (the impossible answers). */
            int ahead = trial % 2 ? 1 + (int)(bo_splitmix64(&rng) % 4) : 0;
            back += ahead;
            bf_random_jumps(&gr, back, true, &rng);
            bf_random_jumps(&gr, 3 * ahead, false, &rng);
            uint64_t finish = bf_finish_cells(&gr);
            if (!ahead) assert_true(finish >> one & 1);
            uint64_t pegs = engine_pegs(b, &gr);
            for (int r = 0; r < 7; r++)
                for (int f = 0; f < 7; f++) {
                    if (gr.c[r][f] == '#') continue;
                    int h = engine_hole(b, r, f);
                    pg_line line;
                    char err[256];
                    int got = pg_prove_meet(b, pegs, h, 64u << 20, &line, NULL, err, sizeof err);
                    int want = (int)(finish >> (r * 7 + f) & 1);
                    if (got != want)
                        fail_msg("%s trial %d goal %d: met levels say %d, brute force %d (%s)", b->name, trial, h, got,
                                 want, err);
                    if (got == 1) {
                        assert_int_equal(pg_verify(b, pegs, h, &line, err, sizeof err), 0);
                        assert_int_equal(line.n, pg_count(pegs) - 1);
                        solvable++;
                    } else if (pg_class(b, pegs) == pg_class(b, 1ull << h)) {
                        impossible++;   /* decided by the levels, not by the class */
                    }
                }
            checked++;
        }
    }
    print_message("met levels: %d goals solvable, %d impossible beyond the class\n", solvable, impossible);
    assert_int_equal(checked, 2 * trials);
    assert_true(solvable >= trials);
    assert_true(impossible > 0);
}

static void test_published_facts(void **state)
{
    (void)state;
    char err[256];
    pg_line line;
    /* English: the centre game is solvable (the classic puzzle), in 31 jumps. */
    const pg_board *e = pg_board_get(PG_BOARD_ENGLISH);
    assert_int_equal(pg_solve(e, e->full & ~(1ull << e->centre), e->centre, &line, NULL, err, sizeof err), 1);
    assert_int_equal(line.n, 31);
    assert_int_equal(pg_verify(e, e->full & ~(1ull << e->centre), e->centre, &line, err, sizeof err), 0);
    /* The beam finds the classic (and only lines that replay, at wanted holes only). */
    pg_beam_opts bo = {.width = 2000, .w_dist = 1, .w_iso = 3, .seed = 1};
    uint64_t breach = 0;
    pg_line *bl = calloc(PG_MAX_HOLES, sizeof *bl);
    assert_non_null(bl);
    assert_int_equal(pg_beam(e, e->full & ~(1ull << e->centre), 1ull << e->centre, &bo, &breach, bl, NULL, err, sizeof err), 0);
    assert_true(breach == 1ull << e->centre);
    assert_int_equal(pg_verify(e, e->full & ~(1ull << e->centre), e->centre, &bl[e->centre], err, sizeof err), 0);
    free(bl);
    /* The levels stop at their budget (1 MB: about 44,000 positions an array, passed
     * within a dozen levels from a diamond start) and say so, deciding nothing. */
    const pg_board *d = pg_board_get(PG_BOARD_DIAMOND41);
    int len, e1 = pg_hole_parse(d, "e1", &len), e9 = pg_hole_parse(d, "e9", &len);
    uint64_t lreach = 0;
    pg_prove_stats ps = {0};
    assert_int_equal(pg_prove_levels(d, d->full & ~(1ull << e1), 1ull << e9, 1u << 20, &lreach, &ps, err, sizeof err), 2);
    assert_non_null(strstr(err, "memory budget"));
    assert_true(lreach == 0 && ps.levels > 3 && ps.levels < 20);
    /* French: from the centre start no one-peg finish at all. */
    const pg_board *f = pg_board_get(PG_BOARD_FRENCH);
    assert_int_equal(pg_solve(f, f->full & ~(1ull << f->centre), PG_GOAL_ANY, &line, NULL, err, sizeof err), 0);
    /* Hand check of the class rule on the English board: from the centre start, the
     * finishes of the centre's class are d4 and the holes 3 away in a line (d1, d7, a4,
     * g4): cells (f, r) with f = 0 (mod 3) and r = 0 (mod 3) relative to d4 -> exactly
     * those five holes of the cross. */
    uint64_t start = e->full & ~(1ull << e->centre);
    int allowed = 0;
    for (int h = 0; h < e->n; h++) allowed += pg_class(e, start) == pg_class(e, 1ull << h);
    assert_int_equal(allowed, 5);
}

/* The test's own board shapes (docs/pegs.md's table), on an N x N square. */
static bool tp_hole(int kind, int f, int r)
{
    switch (kind) {
    case PG_BOARD_ENGLISH: return (f >= 2 && f <= 4) || (r >= 2 && r <= 4);
    case PG_BOARD_FRENCH: return (f >= 2 && f <= 4) || (r >= 2 && r <= 4) || ((f == 1 || f == 5) && (r == 1 || r == 5));
    case PG_BOARD_DIAMOND41: return abs(f - 4) + abs(r - 4) <= 4;
    default: return (f >= 3 && f <= 5) || (r >= 3 && r <= 5);
    }
}

/* Pagoda functions: every one the engine makes, for every board and target, satisfies
 * f(a) + f(b) >= f(c) on every line of three holes that the test finds on its own (both
 * directions), with f(target) > 0; and pruning by them never hides a finish: the
 * solver with and without them reaches the same finishes from random positions (the
 * brute-force comparison above runs with them too). */
static void test_pagodas(void **state)
{
    (void)state;
    int32_t (*f)[PG_MAX_HOLES] = calloc(64, sizeof *f);
    assert_non_null(f);
    int total = 0;
    for (int kind = 0; kind < PG_BOARDS; kind++) {
        const pg_board *b = pg_board_get(kind);
        int n = kind == PG_BOARD_ENGLISH || kind == PG_BOARD_FRENCH ? 7 : 9, holes = 0;
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) holes += tp_hole(kind, c, r);
        assert_int_equal(holes, b->n);
        for (int t = 0; t < b->n; t++) {
            int k = pg_pagodas(b, t, f, 64);
            assert_true(k >= 1);   /* the parity class alone is always one */
            total += k;
            for (int i = 0; i < k; i++) {
                assert_true(f[i][t] > 0);
                for (int r = 0; r < n; r++)
                    for (int c = 0; c < n; c++)
                        for (int d = 0; d < 4; d++) {
                            int c1 = c + DF[d], r1 = r + DR[d], c2 = c + 2 * DF[d], r2 = r + 2 * DR[d];
                            if (c2 < 0 || c2 >= n || r2 < 0 || r2 >= n) continue;
                            if (!tp_hole(kind, c, r) || !tp_hole(kind, c1, r1) || !tp_hole(kind, c2, r2)) continue;
                            int a = b->hole_at[r * n + c], o = b->hole_at[r1 * n + c1], e = b->hole_at[r2 * n + c2];
                            if (f[i][a] + f[i][o] < f[i][e])
                                fail_msg("%s target %d function %d: %d + %d < %d", b->name, t, i, f[i][a], f[i][o], f[i][e]);
                        }
            }
        }
    }
    assert_true(total > 4 * 37);
    free(f);
    /* With and without: the same finishes from English and diamond positions after
     * random jumps. */
    uint64_t rng = 777;
    for (int trial = 0; trial < 8; trial++) {
        const pg_board *b = pg_board_get(trial % 2 ? PG_BOARD_DIAMOND41 : PG_BOARD_ENGLISH);
        pg_pos p;
        pg_pos_set(&p, b->kind, b->full & ~(1ull << b->centre), PG_GOAL_ANY);
        int jumps = (trial % 2 ? 24 : 16) + (int)(bo_splitmix64(&rng) % 4);
        for (int j = 0; j < jumps; j++) {
            uint32_t mv[PG_MAX_JUMPS];
            int k = pg_legal(&p, mv);
            if (!k) break;
            pg_play(&p, mv[bo_splitmix64(&rng) % (uint64_t)k]);
        }
        pg_line found[PG_MAX_HOLES];
        char err[256];
        uint64_t with = 0, without = 0;
        pg_stats a = {0}, c = {.no_pagoda = true};
        assert_int_equal(pg_solve_finishes(b, p.pegs, b->full, &with, found, &a, err, sizeof err), 0);
        assert_int_equal(pg_solve_finishes(b, p.pegs, b->full, &without, found, &c, err, sizeof err), 0);
        if (with != without) fail_msg("%s trial %d: finishes %llx with pagodas, %llx without", b->name, trial,
                                      (unsigned long long)with, (unsigned long long)without);
        assert_true(a.nodes <= c.nodes);
    }
}

/* Is F a pagoda function on the test's own lines of three holes of board KIND? */
static bool tp_valid(const pg_board *b, int kind, const int32_t *f)
{
    int n = kind == PG_BOARD_ENGLISH || kind == PG_BOARD_FRENCH ? 7 : 9;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            for (int d = 0; d < 4; d++) {
                int c1 = c + DF[d], r1 = r + DR[d], c2 = c + 2 * DF[d], r2 = r + 2 * DR[d];
                if (c2 < 0 || c2 >= n || r2 < 0 || r2 >= n) continue;
                if (!tp_hole(kind, c, r) || !tp_hole(kind, c1, r1) || !tp_hole(kind, c2, r2)) continue;
                int a = b->hole_at[r * n + c], o = b->hole_at[r1 * n + c1], e = b->hole_at[r2 * n + c2];
                if (f[a] + f[o] < f[e]) return false;
            }
    return true;
}

/* Pagoda functions by linear programming (pg_pagoda_lp): a function it returns is a
 * pagoda function on the test's own lines and its sum over the position is below its
 * value at the target, and it never claims a finish the brute force reaches.  By hand:
 * English pegs on c4 and d4 only can end on e4 or b4 (one jump each way), never on a4;
 * the programme must prove a4 and must not prove e4 or b4. */
static void test_lp_pagodas(void **state)
{
    (void)state;
    const pg_board *e = pg_board_get(PG_BOARD_ENGLISH);
    int len;
    int c4 = pg_hole_parse(e, "c4", &len), d4 = pg_hole_parse(e, "d4", &len), a4 = pg_hole_parse(e, "a4", &len);
    int e4 = pg_hole_parse(e, "e4", &len), b4 = pg_hole_parse(e, "b4", &len);
    uint64_t two = 1ull << c4 | 1ull << d4;
    int32_t f[PG_MAX_HOLES];
    assert_int_equal(pg_pagoda_lp(e, two, a4, f), 1);
    assert_true(tp_valid(e, PG_BOARD_ENGLISH, f));
    assert_true(f[c4] + f[d4] < f[a4]);
    assert_int_equal(pg_pagoda_lp(e, two, e4, f), 0);
    assert_int_equal(pg_pagoda_lp(e, two, b4, f), 0);
    /* Random positions of both 7x7 boards against the brute force. */
    uint64_t rng = 4242;
    int proofs = 0, checked = 0;
    for (int trial = 0; trial < 12; trial++) {
        int kind = trial % 2 ? PG_BOARD_FRENCH : PG_BOARD_ENGLISH;
        const pg_board *b = pg_board_get(kind);
        grid gr = kind == PG_BOARD_ENGLISH ? grid_english() : grid_french();
        gr.c[3][3] = '.';
        if (kind == PG_BOARD_FRENCH) gr.c[2][2] = '.', gr.c[3][3] = 'x';
        int jumps = 12 + (int)(bo_splitmix64(&rng) % 8);
        bf_random_jumps(&gr, jumps, false, &rng);
        uint64_t finish = bf_finish_cells(&gr);
        uint64_t pegs = engine_pegs(b, &gr);
        for (int r = 0; r < 7; r++)
            for (int c = 0; c < 7; c++) {
                if (gr.c[r][c] == '#') continue;
                int t = engine_hole(b, r, c);
                int rc = pg_pagoda_lp(b, pegs, t, f);
                assert_true(rc == 0 || rc == 1);
                checked++;
                if (rc != 1) continue;
                proofs++;
                if (finish >> (r * 7 + c) & 1) fail_msg("%s trial %d: a pagoda 'proof' against a reachable finish", b->name, trial);
                assert_true(tp_valid(b, kind, f));
                int64_t sum = 0;
                for (uint64_t p = pegs; p; p &= p - 1) sum += f[__builtin_ctzll(p)];
                assert_true(sum < f[t]);
            }
    }
    assert_true(checked > 12 * 30);
    assert_true(proofs > 0);
}

/* Time reversal (docs/pegs.md, Methods): (s, t) is solvable exactly when (t, s) is, by
 * the same jumps in reverse order.  English pairs: the centre and a finish of its class,
 * and two pairs off the centre (d4-a4, the image of d4-d1 under a quarter turn, was
 * dropped: 9 s under the sanitizers for nothing new). */
static void test_duality(void **state)
{
    (void)state;
    const pg_board *e = pg_board_get(PG_BOARD_ENGLISH);
    const char *pairs[][2] = {{"d4", "d1"}, {"c1", "c4"}, {"e7", "b4"}};
    char err[256];
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        int len, s = pg_hole_parse(e, pairs[i][0], &len), t = pg_hole_parse(e, pairs[i][1], &len);
        pg_line fwd, back;
        int a = pg_solve(e, e->full & ~(1ull << s), t, &fwd, NULL, err, sizeof err);
        int c = pg_solve(e, e->full & ~(1ull << t), s, &back, NULL, err, sizeof err);
        assert_int_equal(a, c);
        if (a != 1) continue;
        pg_line rev = {.n = fwd.n};
        for (int k = 0; k < fwd.n; k++) rev.jumps[k] = fwd.jumps[fwd.n - 1 - k];
        if (pg_verify(e, e->full & ~(1ull << t), s, &rev, err, sizeof err) != 0)
            fail_msg("%s-%s reversed: %s", pairs[i][0], pairs[i][1], err);
    }
}

static void test_texts(void **state)
{
    (void)state;
    pg_pos p, q;
    char err[256], buf[256];
    assert_int_equal(pg_pos_from_text(&p, NULL, "english xxx/xxx/xxxxxxx/xxx.xxx/xxxxxxx/xxx/xxx goal d4", err, sizeof err), 0);
    pg_pos_to_text(&p, buf, sizeof buf);
    assert_int_equal(pg_pos_from_text(&q, NULL, buf, err, sizeof err), 0);
    assert_memory_equal(&p, &q, sizeof p);
    /* Located errors. */
    assert_int_equal(pg_pos_from_text(&p, NULL, "english xxx/xx/xxxxxxx/xxx.xxx/xxxxxxx/xxx/xxx", err, sizeof err), -1);
    assert_non_null(strstr(err, "character 15"));
    assert_int_equal(pg_pos_from_text(&p, NULL, "hexagon xxx", err, sizeof err), -1);
    assert_non_null(strstr(err, "no board"));
    pg_pos_from_text(&p, NULL, "english xxx/xxx/xxxxxxx/xxx.xxx/xxxxxxx/xxx/xxx goal d4", err, sizeof err);
    uint32_t m;
    assert_int_equal(pg_move_from_text(&p, "d2-d4", &m, err, sizeof err), 0);
    assert_int_equal(pg_move_from_text(&p, "d1-d3", &m, err, sizeof err), -1);   /* d3 holds a peg */
    assert_non_null(strstr(err, "not empty"));
    assert_int_equal(pg_move_from_text(&p, "a1-a3", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "not a hole"));
    assert_int_equal(pg_move_from_text(&p, "d1-d4", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "two holes away"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board_shapes),
        cmocka_unit_test(test_texts),
        cmocka_unit_test(test_perft_brute_force),
        cmocka_unit_test(test_published_facts),
        cmocka_unit_test(test_meet),
        cmocka_unit_test(test_finishes_and_class),
        cmocka_unit_test(test_pagodas),
        cmocka_unit_test(test_lp_pagodas),
        cmocka_unit_test(test_duality),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
