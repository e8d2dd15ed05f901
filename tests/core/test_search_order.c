/* test_search_order.c -- what the generic alpha-beta (engine/core/search.c) does inside
 * its tree, seen through a scripted game.
 *
 * The game: every node has the moves 1..WIDTH, a position is the line of moves from the
 * root, and the static evaluation is a script's function of that line.  No move is
 * noisy and the game asks for no futility pruning, so at a low depth the search is
 * plain principal variation search with its move ordering; play() writes every move
 * it is asked to make, with the line it is made from, to a log that the tests read.
 * The log is this test's own (a single-threaded test program). */
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_killers_in_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
