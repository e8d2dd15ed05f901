/* test_search_order.c -- what the generic alpha-beta (engine/core/search.c) does inside
 * its tree, seen through a scripted game.
 *
 * The game: every node has the moves 1..WIDTH, a position is the line of moves from the
 * root, and the static evaluation is a script's function of that line.  No move is
 * noisy and the game asks for no futility pruning, so at a low depth the search is
 * plain principal variation search with its move ordering; play() writes every move
 * it is asked to make, with the line it is made from, to a log that the tests read.
 * The log is this test's own (a single-threaded test program).
 *
 * A second game checks the singular extension (BO_SEARCH_SINGULAR) against the truth:
 * a position is what each side has played, counted per move (so lines transpose and
 * the table is shared between them), its evaluation a hash of it, and the game ends
 * after END plies with a hashed result.  Searched deeper than the end, the score must
 * be the game's exact value (plain minimax over the whole tree), and on a deeper game
 * the principal variation must lead to a position whose evaluation is the score: the
 * search that leaves the table's move out may neither store its bounds as the node's
 * nor leave its line as the node's. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "core.h"
#include "game.h"
#include "search.h"

enum { WIDTH = 4, LINE_MAX = 64, LOG_MAX = 1 << 16 };

typedef struct tree_pos {
    int (*script)(const uint8_t *line, int n);   /* the evaluation, root player's view */
    int n;
    uint8_t line[LINE_MAX];
    uint64_t hash;
} tree_pos;

typedef struct played {
    int n;                    /* plies before the move */
    uint8_t line[4];          /* the first plies of the line it was played from */
    bo_move move;
} played;

static played log_[LOG_MAX];
static int nlog;

/* A key per (ply, move), so that every line has its own hash. */
static uint64_t step_key(int ply, bo_move m) { return bo_mix64((uint64_t)ply * 64 + m + 1); }

static int tree_to_move(const void *pos) { return ((const tree_pos *)pos)->n & 1; }

static int tree_legal(const void *pos, bo_move *out)
{
    const tree_pos *p = pos;
    if (p->n >= LINE_MAX) return 0;
    for (int i = 0; i < WIDTH; i++) out[i] = (bo_move)(i + 1);
    return WIDTH;
}

static void tree_play(void *pos, bo_move m, void *undo, bo_hist *h)
{
    (void)undo;
    tree_pos *p = pos;
    if (nlog < LOG_MAX) {
        played *e = &log_[nlog++];
        e->n = p->n;
        memcpy(e->line, p->line, sizeof e->line);
        e->move = m;
    }
    p->hash ^= step_key(p->n, m);
    p->line[p->n++] = (uint8_t)m;
    if (h) bo_hist_push(h, p->hash, BO_PLY_IRREVERSIBLE);
}

static void tree_unplay(void *pos, bo_move m, const void *undo, bo_hist *h)
{
    (void)undo;
    tree_pos *p = pos;
    p->n--;
    p->line[p->n] = 0;
    p->hash ^= step_key(p->n, m);
    if (h) bo_hist_pop(h);
}

static bo_result tree_result(const void *pos, const bo_hist *h)
{
    (void)pos;
    (void)h;
    bo_result r = {BO_END_NO_MOVE, -1, {0, 0}};
    return r;
}

static uint64_t tree_hash(const void *pos) { return ((const tree_pos *)pos)->hash; }

/* The script's value is the root player's; the search wants the side to move's. */
static int tree_evaluate(const void *pos)
{
    const tree_pos *p = pos;
    int v = p->script(p->line, p->n);
    return p->n & 1 ? -v : v;
}

static const char *const tree_rules[] = {"standard", NULL};

static const bo_game tree_game = {
    .name = "tree",
    .rule_sets = tree_rules,
    .players = 2,
    .player_names = {"first", "second"},
    .pos_size = sizeof(tree_pos),
    .max_moves = WIDTH,
    .to_move = tree_to_move,
    .legal = tree_legal,
    .play = tree_play,
    .unplay = tree_unplay,
    .result = tree_result,
    .hash = tree_hash,
    .evaluate = tree_evaluate,
    .search_flags = BO_SEARCH_NO_FUTILITY,
};

static void search_tree(int (*script)(const uint8_t *, int), int depth, bo_search_info *info)
{
    BO_ALIGNED unsigned char buf[BO_POS_MAX];
    memset(buf, 0, sizeof buf);
    tree_pos *p = (tree_pos *)buf;
    p->script = script;
    p->hash = bo_mix64(12345);
    nlog = 0;
    bo_tt *tt = bo_tt_new(1);
    assert_non_null(tt);
    bo_limits lim = {.depth = depth};
    char err[256];
    if (bo_search_alphabeta(&tree_game, p, NULL, &lim, tt, NULL, NULL, info, err, sizeof err) != 0) fail_msg("%s", err);
    bo_tt_free(tt);
}

/* Two refutations at ply 1 make two killers, the later the first of them.
 * Root moves (the first player's view, leaves at ply 2): 1 is worth 10 whatever the
 * reply (and looks best at depth 1); 2 is refuted by the reply 2 (-100), 3 by the
 * reply 3; every other reply leaves the root player 20 (so 4 is best).  After 2 and 3 the killers at
 * ply 1 are 3 (the first) and 2; under root move 4 they must be tried first, in that
 * order (the old keys gave both killers one key, so the list's order chose). */
static int killer_script(const uint8_t *line, int n)
{
    if (n == 1) return line[0] == 1 ? 10 : 0;
    if (n != 2) return 0;
    if (line[0] == 1) return 10;
    if (line[0] == 2 && line[1] == 2) return -100;
    if (line[0] == 3 && line[1] == 3) return -100;
    return 20;
}

static void test_killers_in_order(void **state)
{
    (void)state;
    bo_search_info info;
    search_tree(killer_script, 2, &info);
    assert_int_equal(info.pv[0], 4);   /* the minimax: 10, -100, -100, 20 */
    assert_int_equal(info.score, 20);
    bo_move first[2] = {0, 0};
    int seen = 0;
    for (int i = 0; i < nlog && seen < 2; i++)
        if (log_[i].n == 1 && log_[i].line[0] == 4) first[seen++] = log_[i].move;
    assert_int_equal(seen, 2);
    if (first[0] != 3 || first[1] != 2)
        fail_msg("under root move 4 the replies began %u, %u; the killers are 3 (first) and 2", (unsigned)first[0],
                 (unsigned)first[1]);
}

/* The transposing game: COUNT[side][move] moves of each kind played so far. */
typedef struct multi_pos {
    uint64_t seed, hash;
    int n, end;
    uint8_t count[2][WIDTH];
} multi_pos;

static uint64_t multi_key(int side, bo_move m, int count)
{
    return bo_mix64(UINT64_C(0x9e3779b97f4a7c15) ^ ((uint64_t)side << 40 | (uint64_t)m << 20 | (uint64_t)count));
}

static int multi_to_move(const void *pos) { return ((const multi_pos *)pos)->n & 1; }

static int multi_legal(const void *pos, bo_move *out)
{
    const multi_pos *p = pos;
    if (p->n >= p->end) return 0;
    for (int i = 0; i < WIDTH; i++) out[i] = (bo_move)(i + 1);
    return WIDTH;
}

static void multi_play(void *pos, bo_move m, void *undo, bo_hist *h)
{
    (void)undo;
    multi_pos *p = pos;
    int side = p->n & 1;
    p->hash ^= multi_key(side, m, ++p->count[side][m - 1]) ^ 1;
    p->n++;
    if (h) bo_hist_push(h, p->hash, BO_PLY_IRREVERSIBLE);
}

static void multi_unplay(void *pos, bo_move m, const void *undo, bo_hist *h)
{
    (void)undo;
    multi_pos *p = pos;
    p->n--;
    int side = p->n & 1;
    p->hash ^= multi_key(side, m, p->count[side][m - 1]--) ^ 1;
    if (h) bo_hist_pop(h);
}

/* At the end, a win for either side or a draw, drawn from the position's hash. */
static bo_result multi_ending(const void *pos, const bo_hist *h)
{
    (void)h;
    const multi_pos *p = pos;
    bo_result r = {BO_END_NONE, -1, {0, 0}};
    if (p->n < p->end) return r;
    int v = (int)(bo_mix64(p->hash ^ p->seed ^ 77) % 3);
    r.how = BO_END_GOAL;
    r.winner = v == 2 ? -1 : v;
    return r;
}

static bo_result multi_result(const void *pos, const bo_hist *h) { return multi_ending(pos, h); }
static uint64_t multi_hash(const void *pos) { return ((const multi_pos *)pos)->hash; }

/* -200 .. 200, the side to move's view. */
static int multi_evaluate(const void *pos)
{
    const multi_pos *p = pos;
    return (int)(bo_mix64(p->hash ^ p->seed) % 401) - 200;
}

#define MULTI_GAME(flags) { .name = "multi", .rule_sets = tree_rules, .players = 2, \
    .player_names = {"first", "second"}, .pos_size = sizeof(multi_pos), .max_moves = WIDTH, \
    .to_move = multi_to_move, .legal = multi_legal, .play = multi_play, .unplay = multi_unplay, \
    .result = multi_result, .ending = multi_ending, .hash = multi_hash, .evaluate = multi_evaluate, \
    .search_flags = (flags) }
static const bo_game multi_singular = MULTI_GAME(BO_SEARCH_NO_FUTILITY | BO_SEARCH_SINGULAR);
static const bo_game multi_plain = MULTI_GAME(BO_SEARCH_NO_FUTILITY);
static const bo_game multi_kept = MULTI_GAME(BO_SEARCH_NO_FUTILITY | BO_SEARCH_KEEP_HISTORY);

/* The same game with noisy moves (1 and 2, the "captures" quiescence plays out), with
 * and without the table in quiescence (BO_SEARCH_QS_TABLE). */
static int multi_noisy(const void *pos, bo_move *out)
{
    const multi_pos *p = pos;
    if (p->n >= p->end) return 0;
    for (int i = 0; i < 3; i++) out[i] = (bo_move)(i + 1);
    return 3;
}

#define MULTI_NOISY_GAME(flags) { .name = "multi", .rule_sets = tree_rules, .players = 2, \
    .player_names = {"first", "second"}, .pos_size = sizeof(multi_pos), .max_moves = WIDTH, \
    .to_move = multi_to_move, .legal = multi_legal, .play = multi_play, .unplay = multi_unplay, \
    .result = multi_result, .ending = multi_ending, .hash = multi_hash, .evaluate = multi_evaluate, \
    .noisy = multi_noisy, .search_flags = (flags) }
static const bo_game multi_qs_plain = MULTI_NOISY_GAME(BO_SEARCH_NO_FUTILITY);
static const bo_game multi_qs_table = MULTI_NOISY_GAME(BO_SEARCH_NO_FUTILITY | BO_SEARCH_QS_TABLE);

static void multi_start(multi_pos *p, uint64_t seed, int end)
{
    memset(p, 0, sizeof *p);
    p->seed = bo_mix64(seed);
    p->hash = bo_mix64(seed + 1);
    p->end = end;
}

/* The exact value for the side to move: +1, 0 or -1. */
static int multi_minimax(const bo_game *g, multi_pos *p)
{
    bo_result r = multi_ending(p, NULL);
    if (r.how != BO_END_NONE) return r.winner < 0 ? 0 : r.winner == (p->n & 1) ? 1 : -1;
    int best = -2;
    for (bo_move m = 1; m <= WIDTH; m++) {
        g->play(p, m, NULL, NULL);
        int v = -multi_minimax(g, p);
        g->unplay(p, m, NULL, NULL);
        if (v > best) best = v;
    }
    return best;
}

/* A search of P on TT (a fresh one where TT is NULL); returns its nodes. */
static uint64_t multi_search_in(const bo_game *g, const multi_pos *p, int depth, bo_tt *tt, bo_search_info *info)
{
    BO_ALIGNED unsigned char buf[BO_POS_MAX];
    memcpy(buf, p, sizeof *p);
    bo_tt *own = tt ? NULL : bo_tt_new(1);
    bo_limits lim = {.depth = depth};
    char err[256];
    if (bo_search_alphabeta(g, buf, NULL, &lim, tt ? tt : own, NULL, NULL, info, err, sizeof err) != 0)
        fail_msg("%s", err);
    bo_tt_free(own);
    return info->nodes;
}

static uint64_t multi_search(const bo_game *g, const multi_pos *p, int depth, bo_search_info *info)
{
    return multi_search_in(g, p, depth, NULL, info);
}

enum { SEEDS = 24, END = 7, QS_SEEDS = 200, QS_END = 14 };

/* Searched two plies past the end (the least depth at which the plain search, its
 * reductions included, finds every one of these games' values), with singular
 * extensions and multi-cuts on, the score is the exact value; and the extension
 * changed the search on some of the games (else this test would not test it). */
static void test_singular_exact(void **state)
{
    (void)state;
    int changed = 0;
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        multi_pos p;
        multi_start(&p, seed, END);
        int truth = multi_minimax(&multi_plain, &p);
        int want = truth > 0 ? BO_SCORE_WIN - END : truth < 0 ? -(BO_SCORE_WIN - END) : 0;
        bo_search_info a, b;
        uint64_t na = multi_search(&multi_singular, &p, END + 2, &a);
        uint64_t nb = multi_search(&multi_plain, &p, END + 2, &b);
        if (a.score != want) fail_msg("seed %d: score %d with singular extensions, exact %d", (int)seed, a.score, want);
        if (b.score != want) fail_msg("seed %d: score %d without, exact %d", (int)seed, b.score, want);
        changed += na != nb;
    }
    print_message("singular extensions changed the tree of %d of %d games\n", changed, SEEDS);
    assert_true(changed > 0);
}

/* The principal variation leads to the position whose evaluation is the score. */
static void test_singular_pv(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        multi_pos p;
        multi_start(&p, seed, LINE_MAX);
        bo_search_info info;
        multi_search(&multi_singular, &p, 8, &info);
        multi_pos q = p;
        for (int i = 0; i < info.pvlen; i++) {
            assert_true(info.pv[i] >= 1 && info.pv[i] <= WIDTH);
            multi_play(&q, info.pv[i], NULL, NULL);
        }
        int leaf = multi_evaluate(&q) * (info.pvlen % 2 ? -1 : 1);
        if (leaf != info.score)
            fail_msg("seed %d: score %d, the position at the end of the %d-move line evaluates to %d", (int)seed,
                     info.score, info.pvlen, leaf);
    }
}

/* BO_SEARCH_KEEP_HISTORY: a search that follows another on the same table (of an
 * unrelated game: no table entry of the first is of use) orders by the first one's
 * history, so its tree differs from a fresh search's on some games; after
 * bo_tt_clear it is the fresh search again, node for node.  Without the flag the
 * table's second search is the fresh one (the control). */
static void test_kept_history(void **state)
{
    (void)state;
    int differs = 0;
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        multi_pos p, q;
        multi_start(&p, seed, LINE_MAX);
        multi_start(&q, seed + 1000, LINE_MAX);
        bo_search_info info;
        uint64_t fresh = multi_search(&multi_kept, &q, 7, &info);
        bo_tt *tt = bo_tt_new(1);
        assert_non_null(tt);
        multi_search_in(&multi_kept, &p, 7, tt, &info);
        differs += multi_search_in(&multi_kept, &q, 7, tt, &info) != fresh;
        bo_tt_clear(tt);
        multi_search_in(&multi_kept, &p, 7, tt, &info);
        bo_tt_clear(tt);
        if (multi_search_in(&multi_kept, &q, 7, tt, &info) != fresh) fail_msg("seed %d: bo_tt_clear kept something", (int)seed);
        bo_tt_clear(tt);
        uint64_t plain = multi_search(&multi_plain, &q, 7, &info);
        multi_search_in(&multi_plain, &p, 7, tt, &info);
        if (multi_search_in(&multi_plain, &q, 7, tt, &info) != plain)
            fail_msg("seed %d: without the flag a search followed another's history", (int)seed);
        bo_tt_free(tt);
    }
    print_message("the kept history changed %d of %d searches\n", differs, SEEDS);
    assert_true(differs > 0);
}

/* BO_SEARCH_QS_TABLE: quiescence takes the table's bounds and stores its own.  A
 * search of depth 2 is two plies of full width (too shallow to reduce) and then
 * quiescence only, whose value is the position's alone (this game has no
 * repetitions; its noisy moves transpose: 1 then 2 is 2 then 1), so with the table in
 * quiescence the score must be the score without it on every game -- a fail-low or a
 * fail-high stored as exact, or a bound taken on the wrong side of the window, gives
 * another -- while the table cut off some of the tree (else this would test nothing). */
static void test_qs_table_exact(void **state)
{
    (void)state;
    int changed = 0;
    for (uint64_t seed = 1; seed <= QS_SEEDS; seed++) {
        multi_pos p;
        multi_start(&p, seed, QS_END);
        bo_search_info a, b;
        uint64_t na = multi_search(&multi_qs_table, &p, 2, &a);
        uint64_t nb = multi_search(&multi_qs_plain, &p, 2, &b);
        if (a.score != b.score)
            fail_msg("seed %d: score %d with the table in quiescence, %d without", (int)seed, a.score, b.score);
        changed += na != nb;
    }
    print_message("the table in quiescence changed the tree of %d of %d games\n", changed, QS_SEEDS);
    assert_true(changed > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_killers_in_order),
        cmocka_unit_test(test_singular_exact),
        cmocka_unit_test(test_singular_pv),
        cmocka_unit_test(test_kept_history),
        cmocka_unit_test(test_qs_table_exact),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
