/* test_conformance.c -- every registered game against the game descriptor's contract
 * (engine/core/game.h, docs/game-interface.md).
 *
 * Seeded random playouts from the start and from sample positions check, at every
 * ply: play then unplay restores the position byte for byte; the incremental hash
 * equals the hash computed from nothing; position text and move text round-trip;
 * a position without legal moves has a result, and every playout ends with one.
 * Move counts through the descriptor are checked against the game's own perft and
 * against published counts (sources beside each). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "core.h"
#include "game.h"

typedef struct sample {
    const char *game;
    const char *text;      /* NULL: the start position */
    int depth;             /* perft checked up to here (0: none) */
    uint64_t counts[4];    /* published counts at depths 1..depth, 0 = not published */
} sample;

static const sample samples[] = {
    /* Xiangqi start: chessprogramming wiki "Chinese Chess Perft Results". */
    {"xiangqi", NULL, 3, {44, 1920, 79666}},
    /* Same wiki page, its second position. */
    {"xiangqi", "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", 3, {38, 1128, 43929}},
    /* Draughts start: published 10x10 perft (e.g. the FMJD/Aart Bik tables used by
     * tests/draughts_engine/test_perft.c). */
    {"draughts", NULL, 4, {9, 81, 658, 4265}},
    {"draughts", "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46", 2, {0}},
    /* The 8x8 variants' starts: Aart Bik (English) and the shashki.com / FMJD forum
     * threads (see tests/draughts_engine/test_variants.c). */
    {"draughts", "english B:W21-32:B1-12", 4, {7, 49, 302, 1469}},
    {"draughts", "russian W:W21-32:B1-12", 4, {7, 49, 302, 1469}},
    {"draughts", "brazilian W:W21-32:B1-12", 4, {7, 49, 302, 1469}},
    {"draughts", "italian W:W21-32:B1-12", 4, {7, 49, 302, 1469}},
    {"draughts", "pool B:W21-32:B1-12", 4, {7, 49, 302, 1469}},
    {"draughts", "spanish W:W21-32:B1-12", 4, {7, 49, 302, 1469}},
    {"draughts", "spanish W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4", 2, {0}},
    /* Kings of both sides: Italian position 3 of the FMJD forum thread (13 moves). */
    {"draughts", "italian W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4", 1, {13}},
    /* Frisian start: FMJD forum thread (see tests/draughts_engine/test_frisian.c); then
     * kings and men of both sides with king-move counts (no published count). */
    {"draughts", "frisian W:W31-50:B1-20", 4, {9, 81, 658, 3874}},
    {"draughts", "frisian W:W28,33,39,K47,K50:B12,13,K19,23,K8 count W47=2 B19=1", 2, {0}},
    /* Renju: black's first stone on h8 (RULES.md 2), then any of the 224 points;
     * with two black stones no foul exists, so 224 * 223. */
    {"gomoku", NULL, 3, {1, 224, 49952}},
    {"gomoku", "black: h8 i9 j10; white: h9 h10", 2, {0}},
    /* Line game (docs/yizi.md, hand counts): rule 1's start has one coin on each of
     * 1..10, and a coin on P has P destinations: 1+..+10 = 55; after P->Q the count
     * is 55-P+Q, summed over the 55 moves: 3025-385+165 = 2805.  Rule 3's empty
     * board: 10 points x 10 counts = 100; then 10 x (10 x 45 + 10 x P) summed over
     * the point P of a first placement of all ten = 4500 + 550 = 5050.  Rule 2: two
     * coins on each of 6..10: 2 x (6+..+10) = 80. */
    {"yizi", NULL, 2, {55, 2805}},
    {"yizi", "0,0,0,0,0,0,0,0,0,0,0 f 10 normal", 2, {100, 5050}},
    {"yizi", "0,0,0,0,0,0,2,2,2,2,2 s 0 misere", 1, {80}},
    {"yizi", "0,3,0,2,0,0,1,0,0,0,0 s 4 misere", 2, {0}},
    /* Peg solitaire, English centre start: four jumps into d4; after each, three jumps
     * into the two holes it leaves (hand count: d6-d4 empties d5, d6; d3-d5, b5-d5,
     * f5-d5 fill d5, and no jump reaches d6 on the cross), so 4 * 3. */
    {"pegs", NULL, 2, {4, 12}},
    {"pegs", "french xxx/xxxxx/xxx.xxx/xxxxxxx/xxxxxxx/xxxxx/xxx goal any", 2, {0}},
    {"pegs", "diamond41 x/xxx/xxxxx/xxxxxxx/xxxx.xxxx/xxxxxxx/xxxxx/xxx/x goal e5", 2, {0}},
    /* NoGo start (docs/nogo.md): any of 81 points, then any of the 80 left; at depth 3
     * the only illegal third stones are captures of a white corner stone that black
     * already touches (4 corners x 2 touching points): 81 * 80 * 79 - 8. */
    {"nogo", NULL, 3, {81, 6480, 511912}},
    /* NoGo: white B9 has one liberty (A9), so A9 would capture: 77 empty points, 76 legal. */
    {"nogo", "1OX6/OX7/9/9/9/9/9/9/9 b", 2, {76}},
    /* Einstein (RULES.md 5), hand-derived.  Start ("choose"): red places pieces 1, 2, 3,
     * 4 on its six start squares in turn: 6, 6*5, 6*5*4, 6*5*4*3. */
    {"einstein", NULL, 4, {6, 30, 120, 360}},
    /* The RULES.md example arrangement, red to roll: 6 rolls; each picks one red piece
     * with all 3 steps on the board (r + c <= 2): 18; blue's 6 rolls: 108; each blue
     * piece (r + c >= 6) has 3 steps and no red move reaches blue: 324. */
    {"einstein", "r1r2r3../r4r5.../r6...b1/...b2b3/..b4b5b6 r -", 4, {6, 18, 108, 324}},
    /* Red 1 (A5) and 6 (C3), blue 3 (D2), red rolled 4: pieces 1 and 6 may move, 3
     * steps each; C3xD2 takes blue's last piece and ends the game, so 5 * 6 rolls; blue's
     * only piece answers any roll with its 3 steps: 90. */
    {"einstein", "r1..../...../..r6../...b3./..... r 4", 3, {6, 30, 90}},
    /* Junqi deployment (docs/junqi.md, hand-derived): red's flag on b1 or d1 (2); the
     * first landmine on one of the 9 free posts of rows 1-2 with two free above it
     * (7 per flag: 14); the second with one above it (C(8,2) = 28 per flag: 56); all
     * three (C(9,3) = 84 per flag: 168). */
    {"junqi", NULL, 4, {2, 14, 56, 168}},
    /* Junqi in play: red M c2 (8: c1 c3 b3 d3 b2 d2 by one step, a2 e2 by rail) and
     * E a6 (b5 by road, and 30 railway posts: a2-a5, a7-a11, b2, d2, e2-e11, b6-d6,
     * b7 c7(black) d7, b11-d11; c2 is red's own); the flag never moves: 39. */
    {"junqi", "2lf1/5/5/5/5/2g2/E4/5/5/5/2M2/1F3 r 0", 2, {39}},
    /* Two Tigers start: each tiger has 2 steps and 2 jumps (8); the dogs then have
     * 28 (a3, e3 steps), 26 (c3 steps) or 29 (jumps) moves: 2 x 112 (tests/tigers). */
    {"tigers", NULL, 2, {8, 224}},
    {"tigers", "1...1/.3.2./T.1.T/.1.4./..... d 7", 3, {0}},
#ifdef BOYI_TOY
    /* The toy tenth game (tests/toy, docs/adding-a-game.md), in toy_conformance only:
     * tic-tac-toe's published counts 9, 9*8, 9*8*7, 9*8*7*6. */
    {"tictactoe", NULL, 4, {9, 72, 504, 3024}},
    {"tictactoe", "xx./oo./... x", 2, {5, 16}},
#endif
};

static const bo_game *game(const char *name)
{
    const bo_game *g = bo_game_by_name(name);
    if (!g) fail_msg("game '%s' is not registered", name);
    return g;
}

static void setup(const bo_game *g, const sample *s, void *pos)
{
    char err[256];
    int rc = s->text ? g->from_text(pos, NULL, s->text, err, sizeof err) : g->start(pos, NULL, err, sizeof err);
    if (rc != 0) fail_msg("%s: %s: %s", g->name, s->text ? s->text : "start", err);
}

/* The checks made at one position of a playout. */
static void check_position(const bo_game *g, void *pos, int ply)
{
    char text[4096], text2[4096], err[256];
    if (g->hash(pos) != g->hash_scratch(pos))
        fail_msg("%s ply %d: incremental hash differs from the hash from scratch", g->name, ply);
    /* Position text round trip: same text, same hash. */
    g->to_text(pos, text, sizeof text);
    BO_ALIGNED unsigned char copy[BO_POS_MAX];
    if (g->from_text(copy, NULL, text, err, sizeof err) != 0) fail_msg("%s: cannot read back '%s': %s", g->name, text, err);
    g->to_text(copy, text2, sizeof text2);
    if (strcmp(text, text2) != 0) fail_msg("%s: '%s' reads back as '%s'", g->name, text, text2);
    if (g->hash(copy) != g->hash(pos)) fail_msg("%s: '%s' reads back with another hash", g->name, text);

    bo_move moves[BO_MOVES_MAX];
    int n = g->legal(pos, moves);
    if (n < 0 || n > g->max_moves) fail_msg("%s: %d moves (max %d)", g->name, n, g->max_moves);
    for (int i = 0; i < n; i++) {
        /* Move text round trip. */
        char mt[128];
        bo_move back;
        if (g->move_to_text(pos, moves[i], mt, sizeof mt) != 0) fail_msg("%s: move %u has no text", g->name, moves[i]);
        if (g->move_from_text(pos, mt, &back, err, sizeof err) != 0) fail_msg("%s: '%s' in %s: %s", g->name, mt, text, err);
        if (back != moves[i]) fail_msg("%s: '%s' reads back as another move", g->name, mt);
        /* play + unplay restores every byte. */
        BO_ALIGNED unsigned char before[BO_POS_MAX], undo[BO_UNDO_MAX];
        memcpy(before, pos, g->pos_size);
        g->play(pos, moves[i], undo, NULL);
        if (g->hash(pos) != g->hash_scratch(pos)) fail_msg("%s: hash after %s in %s is not the scratch hash", g->name, mt, text);
        g->unplay(pos, moves[i], undo, NULL);
        if (memcmp(before, pos, g->pos_size) != 0) fail_msg("%s: %s then its unplay changed %s", g->name, mt, text);
    }
    bo_result r = g->result(pos, NULL);
    if (n == 0 && r.how == BO_END_NONE) fail_msg("%s: no legal move in %s but no result", g->name, text);
    /* The null move (where the game has one): the hash stays exact, unplay restores. */
    if (g->play_null && n > 0 && !(g->in_check && g->in_check(pos))) {
        BO_ALIGNED unsigned char before[BO_POS_MAX], undo[BO_UNDO_MAX];
        memcpy(before, pos, g->pos_size);
        if (g->play_null(pos, undo)) {
            if (g->hash(pos) == g->hash(before)) fail_msg("%s: a pass in %s keeps the hash", g->name, text);
            if (g->hash(pos) != g->hash_scratch(pos)) fail_msg("%s: hash after a pass in %s is not the scratch hash", g->name, text);
            g->unplay_null(pos, undo);
        }
        if (memcmp(before, pos, g->pos_size) != 0) fail_msg("%s: a pass and its unplay changed %s", g->name, text);
    }
}

/* A seeded random game to its end, with the line history that repetition rules read. */
static void playout(const bo_game *g, const sample *s, uint64_t seed, int *ended)
{
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    bo_hist h;
    assert_int_equal(bo_hist_init(&h, 4096), 0);
    setup(g, s, pos);
    bo_hist_reset(&h, g->hash(pos));
    uint64_t rng = seed;
    for (int ply = 0; ply < 3000; ply++) {
        check_position(g, pos, ply);
        bo_result r = g->result(pos, &h);
        if (r.how != BO_END_NONE) {
            if (r.winner >= 0 && !(r.returns[r.winner] > 0 && r.returns[1 - r.winner] < 0))
                fail_msg("%s: returns do not match the winner", g->name);
            (*ended)++;
            break;
        }
        bo_move moves[BO_MOVES_MAX];
        int n = g->legal(pos, moves);
        assert_true(n > 0);
        g->play(pos, moves[bo_splitmix64(&rng) % (uint64_t)n], undo, &h);
    }
    bo_hist_free(&h);
}

static void test_playouts(void **state)
{
    (void)state;
    int n;
    const bo_game *const *all = bo_games(&n);
    assert_true(n >= 3);
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++) {
        const bo_game *g = game(samples[i].game);
        int ended = 0, games = 4;
        for (int k = 0; k < games; k++) playout(g, &samples[i], bo_mix64(i * 100 + (uint64_t)k), &ended);
        if (ended != games) fail_msg("%s: %d of %d playouts reached no result", g->name, games - ended, games);
    }
    (void)all;
}

static void test_perft(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++) {
        const sample *s = &samples[i];
        const bo_game *g = game(s->game);
        BO_ALIGNED unsigned char pos[BO_POS_MAX];
        for (int d = 1; d <= s->depth; d++) {
            setup(g, s, pos);
            uint64_t got = bo_game_perft(g, pos, d);
            if (s->counts[d - 1] && got != s->counts[d - 1])
                fail_msg("%s %s depth %d: %llu, published %llu", g->name, s->text ? s->text : "start", d,
                         (unsigned long long)got, (unsigned long long)s->counts[d - 1]);
            if (g->perft) {
                setup(g, s, pos);
                uint64_t own = g->perft(pos, d);
                if (own != got)
                    fail_msg("%s depth %d: descriptor %llu, own perft %llu", g->name, d, (unsigned long long)got,
                             (unsigned long long)own);
            }
        }
    }
}

/* Names, rule sets and sizes every layer above relies on. */
static void test_registry(void **state)
{
    (void)state;
    int n;
    const bo_game *const *all = bo_games(&n);
    for (int i = 0; i < n; i++) {
        const bo_game *g = all[i];
        assert_non_null(g->name);
        assert_ptr_equal(bo_game_by_name(g->name), g);
        assert_non_null(g->rule_sets);
        assert_non_null(g->rule_sets[0]);
        assert_true(g->pos_size <= BO_POS_MAX);
        assert_true(g->undo_size <= BO_UNDO_MAX);
        assert_true(g->max_moves <= BO_MOVES_MAX);
        BO_ALIGNED unsigned char pos[BO_POS_MAX];
        char err[256];
        for (int k = 0; g->rule_sets[k]; k++) assert_int_equal(g->start(pos, g->rule_sets[k], err, sizeof err), 0);
        assert_int_equal(g->start(pos, "no-such-rules", err, sizeof err), -1);
        assert_true(strlen(err) > 0);
    }
    assert_null(bo_game_by_name("no-such-game"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registry),
        cmocka_unit_test(test_perft),
        cmocka_unit_test(test_playouts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
