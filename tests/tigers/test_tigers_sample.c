/* test_tigers_sample.c -- the table checked on positions reachable from a start
 * (tg_check.c, `boyi solve --game tigers --check-sample N`) and games played from the
 * table (tg_player.c), on a reduced game whose every value a brute force knows.
 *
 * The game: three dogs on c1 c3 c5, the tigers on b3 and d3 (the reduced start of
 * test_tigers_reach_all.c), the tigers winning on their second capture (win layer 1:
 * the layers of 2 and 3 dogs), solved by the solver into a table file and by the
 * brute force of tests/common/tg_brute.c, which shares no code with the solver, the
 * rules module or the checker.
 *
 * 1. The sample check on the true table: no fault, and every position the random
 *    games visit has the brute force's value in the table (the hook sees each one).
 * 2. The check can fail: each of ten visited positions' values changed in the file in
 *    turn (a flipped bit) is reported by a run with the same seed; a table cut to its
 *    first layer is refused for the 3-dog start, and checked below it with max_dogs.
 * 3. Games: the table player against itself (seeded random moves among those keeping
 *    the value, and the alpha-beta among them) and against the alpha-beta player with
 *    both colours, under the rules' endings (the win layer, no move, the 100th ply
 *    without a capture, the third repetition): from the start and from sampled won,
 *    drawn and lost positions, the table side's result is never below the brute
 *    force's value for it; with the distances the table against itself ends exactly as
 *    the brute force says.  The `table` player kind refuses to play without a table
 *    and with a reduced game's table. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core.h"
#include "game.h"
#include "search.h"
#include "tg_brute.h"
#include "tg_index.h"
#include "tg_solve.h"
#include "tigers.h"

enum { W = 1, D = 3 };

static bf_game game;
static tg_index *ix;
static char table[64], dtable[80];

static tg_pos reduced_start(void)
{
    tg_pos p;
    memset(&p, 0, sizeof p);
    p.tiger[0] = 11;   /* b3 */
    p.tiger[1] = 13;   /* d3 */
    const int dogs[3] = {2, 12, 22};   /* c1 c3 c5 */
    for (int i = 0; i < 3; i++) {
        p.dogs[dogs[i]] = 1;
        p.dmask |= 1u << dogs[i];
    }
    p.captured = 0;   /* the rules module ends at six taken: here the win layer ends the game */
    p.hash = tg_hash_scratch(&p);
    return p;
}

/* The brute force's value of P (TG_V_* for its side to move). */
static int bf_value(const tg_pos *p)
{
    bf_pos b;
    memset(&b, 0, sizeof b);
    b.side = p->side;
    b.t0 = p->tiger[0];
    b.t1 = p->tiger[1];
    for (int q = 0; q < 25; q++) b.h[q] = p->dogs[q];
    return game.val[bf_find(&game, bf_key(&b))];
}

static int setup(void **state)
{
    (void)state;
    bf_build_and_solve(&game, W, D);
    ix = malloc(sizeof *ix);
    tg_index_init(ix);
    snprintf(table, sizeof table, "tg_sample_%d.bin", (int)getpid());
    snprintf(dtable, sizeof dtable, "%s.dtc", table);
    unlink(table);
    unlink(dtable);
    tg_solve_opts o = {.win_dogs = W, .max_dogs = D, .threads = 2, .check_count = 500, .table = table,
                       .distances = dtable};
    static tg_solve_report rep;
    char err[256];
    if (tg_solve_run(&o, &rep, err, sizeof err) != 0 || rep.solved_dogs != D) return -1;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    unlink(table);
    unlink(dtable);
    free(ix);
    free(game.pos);
    free(game.keys);
    free(game.val);
    return 0;
}

/* The hook: each visited position's table code against the brute force's value. */
typedef struct seen {
    uint64_t visits, wrong, by_value[3], by_dogs[D + 1];
    tg_pos keep[10];   /* visited positions to corrupt (every 97th with 2 or 3 dogs) */
    int nkeep;
} seen;

static void visit(void *ctx, const tg_pos *p, int code)
{
    seen *s = ctx;
    int want = bf_value(p), d = 0;
    for (int q = 0; q < 25; q++) d += p->dogs[q];
    s->wrong += code != want;
    s->by_value[want]++;
    s->by_dogs[d]++;
    if (s->visits++ % 97 == 50 && s->nkeep < 10 && (s->nkeep < 5 ? d == 3 : d == 2)) s->keep[s->nkeep++] = *p;
}

static tg_sample_report rep;

static void run_check(const char *path, const tg_sample_opts *o, int want_rc, char *err, size_t errlen)
{
    tg_view t;
    assert_int_equal(tg_view_open(&t, path, ix), 0);
    assert_int_equal(tg_view_map(&t, err, errlen), 0);
    int rc = tg_sample_check(&t, o, &rep, err, errlen);
    tg_view_close(&t);
    assert_int_equal(rc, want_rc);
}

/* The 2-bit value of P in the table file flipped (bit 0 of its pair: draw <-> win,
 * loss <-> 3), or flipped back. */
static void flip(const tg_pos *p)
{
    int d = 0;
    for (int q = 0; q < 25; q++) d += p->dogs[q];
    uint64_t i = tg_index_rank(ix, p);
    uint64_t at = tg_table_offset(ix, W, d) + (p->side ? (ix->size[d] + 3) / 4 : 0) + i / 4;
    FILE *f = fopen(table, "r+b");
    assert_non_null(f);
    assert_int_equal(fseek(f, (long)at, SEEK_SET), 0);
    int b = fgetc(f);
    assert_true(b >= 0);
    assert_int_equal(fseek(f, (long)at, SEEK_SET), 0);
    fputc(b ^ (1 << ((i & 3) * 2)), f);
    assert_int_equal(fclose(f), 0);
}

static void test_sample_check(void **state)
{
    (void)state;
    tg_pos start = reduced_start();
    seen s;
    memset(&s, 0, sizeof s);
    char err[256];
    tg_sample_opts o = {.start = &start, .positions = 200000, .seed = 7, .threads = 1, .visit = visit, .ctx = &s};
    run_check(table, &o, 0, err, sizeof err);
    print_message("sample of the reduced game: %llu positions in %llu games (win %llu, no move %llu, 100 plies %llu, "
                  "repetition %llu), %llu lookups; brute force: %llu won, %llu lost, %llu drawn; 3 dogs %llu, 2 dogs "
                  "%llu; %llu wrong; faults %llu\n",
                  (unsigned long long)rep.positions, (unsigned long long)rep.games,
                  (unsigned long long)rep.ends[TG_SAMPLE_END_WIN], (unsigned long long)rep.ends[TG_SAMPLE_END_NO_MOVE],
                  (unsigned long long)rep.ends[TG_SAMPLE_END_QUIET],
                  (unsigned long long)rep.ends[TG_SAMPLE_END_REPETITION], (unsigned long long)rep.lookups,
                  (unsigned long long)s.by_value[TG_V_WIN], (unsigned long long)s.by_value[TG_V_LOSS],
                  (unsigned long long)s.by_value[TG_V_DRAW], (unsigned long long)s.by_dogs[3],
                  (unsigned long long)s.by_dogs[2], (unsigned long long)s.wrong, (unsigned long long)rep.faults);
    assert_int_equal(rep.faults, 0);
    assert_int_equal(s.wrong, 0);
    assert_int_equal(s.visits, rep.positions);
    assert_true(rep.positions >= 200000);
    assert_true(s.by_value[TG_V_WIN] > 0 && s.by_value[TG_V_LOSS] > 0 && s.by_value[TG_V_DRAW] > 0);
    assert_true(s.by_dogs[3] > 0 && s.by_dogs[2] > 0);
    assert_int_equal(s.nkeep, 10);

    /* the same sample on two threads (no hook): no fault either */
    tg_sample_opts o2 = {.start = &start, .positions = 100000, .seed = 8, .threads = 2};
    run_check(table, &o2, 0, err, sizeof err);
    assert_int_equal(rep.faults, 0);
    assert_true(rep.positions >= 100000 && rep.threads == 2);

    /* each of ten visited positions' values flipped in the file: found by the same
     * run (the same seed: the same first games, which visit them) */
    o.visit = NULL;
    o.positions = 20000;
    for (int k = 0; k < s.nkeep; k++) {
        flip(&s.keep[k]);
        run_check(table, &o, 0, err, sizeof err);
        flip(&s.keep[k]);
        if (k == 0) print_message("one value flipped: %llu faults, the first: %s\n", (unsigned long long)rep.faults,
                                  rep.shown[0]);
        assert_true(rep.faults > 0);
        assert_true(rep.inconsistent + rep.no_value > 0);
    }
    run_check(table, &o, 0, err, sizeof err);   /* restored */
    assert_int_equal(rep.faults, 0);

    /* a table cut to its first layer (2 dogs): the 3-dog start is refused; with
     * max_dogs 2 the games are played through the 3-dog positions unchecked */
    char cut[80];
    snprintf(cut, sizeof cut, "%s.cut", table);
    FILE *in = fopen(table, "rb"), *out = fopen(cut, "wb");
    assert_non_null(in);
    assert_non_null(out);
    uint64_t keep = tg_table_offset(ix, W, D);
    for (uint64_t b = 0; b < keep; b++) fputc(fgetc(in), out);
    fclose(in);
    assert_int_equal(fclose(out), 0);
    run_check(cut, &o, -1, err, sizeof err);
    print_message("refused: %s\n", err);
    o.max_dogs = 2;
    run_check(cut, &o, 0, err, sizeof err);
    assert_int_equal(rep.faults, 0);
    assert_true(rep.above > 0 && rep.positions >= 20000);
    assert_int_equal(rep.by_value[3][0][0] + rep.by_value[3][1][0] + rep.by_value[3][0][1] + rep.by_value[3][1][1], 0);
    unlink(cut);
}

/* --- games from the table --- */

enum { TABLE_RANDOM, TABLE_SEARCH, ALPHABETA };

/* One move of a player of KIND at P (the line's length PLY mixed into its seed). */
static uint32_t move_of(const tg_view *t, int kind, const tg_pos *p, int ply, uint64_t seed, bo_tt *tt)
{
    const bo_game *g = bo_game_by_name("tigers");
    bo_search_info info;
    char err[256];
    int rc;
    if (kind == ALPHABETA) {
        const bo_player_kind *k = bo_player_kind_find(g, "alphabeta");
        assert_non_null(k);
        _Alignas(16) unsigned char params[BO_PLAYER_PARAMS];
        const char *const skip[] = {NULL};
        assert_int_equal(bo_player_kind_parse(g, "alphabeta depth=2", NULL, skip, &k, params, err, sizeof err), 1);
        rc = k->move(g, params, p, NULL, seed, tt, &info, err, sizeof err);
    } else {
        rc = tg_table_player_move(t, g, 2, 0, 0, kind == TABLE_RANDOM, p, NULL, seed ^ bo_mix64((uint64_t)ply), tt,
                                  &info, err, sizeof err);
    }
    if (rc != 0) fail_msg("%s", err);
    return info.pv[0];
}

/* A game from P under the reduced game's rules: +1 the tigers won, -1 the dogs, 0 a
 * draw; *HOW the ending (0 win layer, 1 no move, 2 100 plies, 3 repetition). */
static int play(const tg_view *t, tg_pos p, const int kind[2], uint64_t seed, bo_tt *tt, int *how, int *plies)
{
    uint64_t seen[TG_QUIET_LIMIT + 2];
    int nseen = 0;
    p.quiet = 0;
    p.captured = 0;
    p.hash = tg_hash_scratch(&p);
    for (*plies = 0;; (*plies)++) {
        int d = 0;
        for (int q = 0; q < 25; q++) d += p.dogs[q];
        if (d <= W) { *how = 0; return 1; }
        uint32_t ms[TG_MAX_MOVES];
        if (tg_legal(&p, ms) == 0) { *how = 1; return p.side == TG_TIGERS ? -1 : 1; }
        int reps = 1;
        for (int i = 0; i < nseen; i++) reps += seen[i] == p.hash;
        if (reps >= 3) { *how = 3; return 0; }
        if (p.quiet >= TG_QUIET_LIMIT) { *how = 2; return 0; }
        seen[nseen++] = p.hash;
        uint32_t m = move_of(t, kind[p.side], &p, *plies, seed, tt);
        assert_true(tg_is_legal(&p, m));
        tg_undo u;
        tg_play(&p, m, &u);
        int after = 0;
        for (int q = 0; q < 25; q++) after += p.dogs[q];
        if (after < d) nseen = 0;
        p.captured = 0;
    }
}

static void test_games(void **state)
{
    (void)state;
    tg_view t, td;
    char err[256];
    assert_int_equal(tg_view_open(&t, table, ix), 0);
    assert_int_equal(tg_view_open(&td, table, ix), 0);
    assert_int_equal(tg_view_open_dist(&td, dtable, err, sizeof err), 0);
    bo_tt *tt = bo_tt_new(4);
    tg_pos start = reduced_start();
    int sv = bf_value(&start);
    print_message("the reduced start (tigers to move) is %s for the tigers by the brute force\n",
                  sv == TG_V_WIN ? "won" : sv == TG_V_LOSS ? "lost" : "drawn");
    /* the starts: the reduced start, then every 9001st position of the game */
    int games = 0, exact = 0, table_wins = 0, draws = 0, unconverted = 0, bad = 0, ends[4] = {0};
    for (size_t i = 0; i <= game.n; i += 9001) {
        int d0;
        tg_pos p = i == 0 ? start : bf_to_tg(&game.pos[i - 1], &d0);
        p.captured = 0;   /* the win layer ends the game, not the rules module's six */
        int v = bf_value(&p);   /* for the side to move */
        uint32_t ms[TG_MAX_MOVES];
        if (tg_legal(&p, ms) == 0) continue;
        int tigers_value = p.side == TG_TIGERS ? (v == TG_V_WIN ? 1 : v == TG_V_LOSS ? -1 : 0)
                                               : (v == TG_V_WIN ? -1 : v == TG_V_LOSS ? 1 : 0);
        for (int setting = 0; setting < 7; setting++) {
            /* 0, 1: table against table (random, search) with distances: exactly the value;
             * 2: table (random, values only) against itself; 3, 4: the table (random,
             * values only) against the alpha-beta, the table on the tigers' side, then on
             * the dogs': it never loses; 5, 6: the same with distances (the table's
             * search): never below the value */
            int kind[2];
            const tg_view *tv = setting <= 1 || setting >= 5 ? &td : &t;
            if (setting == 0 || setting == 2) kind[0] = kind[1] = TABLE_RANDOM;
            else if (setting == 1) kind[0] = kind[1] = TABLE_SEARCH;
            else if (setting <= 4) kind[setting - 3] = TABLE_RANDOM, kind[4 - setting] = ALPHABETA;
            else kind[setting - 5] = TABLE_SEARCH, kind[6 - setting] = ALPHABETA;
            int how, plies;
            int r = play(tv, p, kind, 1000 + (uint64_t)i + (uint64_t)setting, tt, &how, &plies);
            ends[how]++;
            games++;
            if (setting <= 1) {
                exact += r == tigers_value;
                if (r != tigers_value) {
                    bad++;
                    print_message("start %zu setting %d: result %d, the brute force %d (%d plies, end %d)\n", i,
                                  setting, r, tigers_value, plies, how);
                }
            } else {
                int table_side = setting == 2 ? -1 : (setting - 3) % 2;   /* -1: both */
                if (table_side < 0) {
                    if (tigers_value == 0 ? r != 0 : r == -tigers_value) bad++;   /* a draw stays one; no side loses its win */
                } else {
                    int for_table = table_side == 0 ? r : -r, value = table_side == 0 ? tigers_value : -tigers_value;
                    /* values only: never a loss where the table is not lost (a win may be
                     * drawn by the 100-ply rule or a repetition); with distances: never
                     * below the value */
                    if (setting <= 4 ? for_table < (value < 0 ? -1 : 0) : for_table < value) bad++;
                    if (setting <= 4 && value > 0 && for_table == 0) unconverted++;
                    table_wins += for_table > 0;
                    draws += r == 0;
                }
            }
        }
    }
    print_message("%d games: %d exact with distances, %d won by the table side against the alpha-beta, %d draws there "
                  "(%d wins not converted without distances); ended by win layer %d, no move %d, 100 plies %d, "
                  "repetition %d; %d faults\n",
                  games, exact, table_wins, draws, unconverted, ends[0], ends[1], ends[2], ends[3], bad);
    assert_int_equal(bad, 0);
    assert_true(games > 100 && ends[0] > 0 && ends[2] + ends[3] > 0);
    bo_tt_free(tt);
    tg_view_close(&t);
    tg_view_close(&td);

    /* the table player kind refuses to play without a table, and with a reduced one */
    const bo_game *g = bo_game_by_name("tigers");
    const bo_player_kind *k = NULL;
    _Alignas(16) unsigned char params[BO_PLAYER_PARAMS];
    const char *const skip[] = {NULL};
    assert_int_equal(bo_player_kind_parse(g, "table random=1", NULL, skip, &k, params, err, sizeof err), 1);
    assert_int_equal(bo_player_kind_parse(g, "alphabeta random=1", NULL, skip, &k, params, err, sizeof err), -1);
    assert_int_equal(bo_player_kind_parse(g, "table random=1", NULL, skip, &k, params, err, sizeof err), 1);
    tg_pos real;
    tg_start(&real);
    bo_search_info info;
    unsetenv("BOYI_TIGERS_TABLE");
    assert_int_equal(k->move(g, params, &real, NULL, 1, NULL, &info, err, sizeof err), -1);
    print_message("refused: %s\n", err);
    setenv("BOYI_TIGERS_TABLE", table, 1);
    assert_int_equal(k->move(g, params, &real, NULL, 1, NULL, &info, err, sizeof err), -1);
    print_message("refused: %s\n", err);
    unsetenv("BOYI_TIGERS_TABLE");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sample_check),
        cmocka_unit_test(test_games),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
