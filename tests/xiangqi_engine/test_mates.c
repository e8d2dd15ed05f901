/* test_mates.c -- Xiangqi mates in 1 to 3 moves: the search must find the mate at the
 * distance an outside engine reports, and a plain minimax that shares no code with
 * the search (tests/common/minimax.c) must confirm that the move it chose mates in
 * that many moves against every defence.
 *
 * The positions are the last moves of games of ../shared/corpus/xiangqi/ (the ccgc2006
 * and ccpd-big5 records and hu-ronghua-1391-iccs.pgn) that Fairy-Stockfish, built
 * outside the repository, scores as mates: classical evaluation
 * (`setoption name UCI_Variant value xiangqi`, `Use NNUE false`, one thread, 16 MB),
 * `position fen FEN` then `go depth 14`.  Its answer is written beside each position,
 * its move in its own notation (ranks 1..10; ICCS counts 0..9). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "minimax.h"
#include "search.h"
#include "sp_train_data.h"

typedef struct mate_case {
    const char *fen;
    int moves;   /* Fairy-Stockfish: score mate N */
} mate_case;

static const mate_case mates[] = {
    /* FSF: score mate 1, bestmove d9f9 */
    {"4k4/3R5/9/9/9/P7P/9/4B4/4A4/2BK1A3 w - - 3 62", 1},
    /* FSF: score mate 1, bestmove d7d8 */
    {"3k1a3/2N6/3a5/3R5/8p/9/9/4B2n1/9/3AKAB2 w - - 16 43", 1},
    /* FSF: score mate 1, bestmove d2d1 (black mates) */
    {"3aka3/9/9/9/9/9/4p4/5A3/1N1pA1r2/1c3K3 b - - 3 87", 1},
    /* FSF: score mate 1, bestmove e5f5 */
    {"5k3/4a4/4bN2b/3N4p/p2C2p2/2B1C4/9/9/4A4/3K1cB2 w - - 2 53", 1},
    /* FSF: score mate 2, pv d8f8 e9e10 f8f9 */
    {"9/4k4/3R5/9/9/P7P/9/4B4/4A4/2BK1A3 w - - 1 61", 2},
    /* FSF: score mate 2, pv d3d1 e4e1 d1e1 (black mates) */
    {"2bk1a3/9/4b4/p1p5p/9/9/P3C3P/3r5/7r1/1cNA1K3 b - - 1 39", 2},
    /* FSF: score mate 2, pv h9f8 e10f10 e5f5 */
    {"4k4/4a2N1/4b3b/3N4p/p2C2p2/2B1C4/9/9/4A4/3K1cB2 w - - 0 52", 2},
    /* FSF: score mate 2, pv g7d7 e9d8 d7d8 */
    {"3k1a3/2N1a4/9/6R2/8p/9/9/4B2n1/9/3AKAB2 w - - 14 42", 2},
    /* FSF: score mate 3, pv f8d8 e10e9 d8f8 e9e10 f8f9 */
    {"4k4/9/3a1R3/9/9/P7P/9/4B4/4A4/2BK1A3 w - - 3 60", 3},
    /* FSF: score mate 3, pv b7c9 e10d10 g7d7 e9d8 d7d8 */
    {"4ka3/4a4/9/1N4R2/8p/9/9/4B2n1/9/3AKAB2 w - - 12 41", 3},
    /* FSF: score mate 3, pv e9f10 e1f1 d3d1 e4e1 d1e1 (black mates) */
    {"2bk1R3/4a4/4b4/p1p5p/9/9/P3C3P/3r5/7r1/1cNAK4 b - - 0 38", 3},
};

/* Every mate at its distance with weights W (NULL: the compiled-in ones), LABEL naming
 * them in a failure. */
static void check_mates(const bo_game *g, const int *w, const char *label)
{
    bo_tt *tt = bo_tt_new(8);
    assert_non_null(tt);
    for (size_t i = 0; i < sizeof mates / sizeof mates[0]; i++) {
        const mate_case *c = &mates[i];
        BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
        char err[256], mt[16];
        if (g->from_text(pos, NULL, c->fen, err, sizeof err) != 0) fail_msg("%s: %s", c->fen, err);
        int me = g->to_move(pos), plies = 2 * c->moves - 1;
        bo_tt_clear(tt);
        bo_limits lim = {.depth = plies + 2, .eval = w};
        bo_search_info info;
        if (bo_search(g, pos, NULL, &lim, tt, NULL, NULL, &info, err, sizeof err) != 0) fail_msg("%s", err);
        g->move_to_text(pos, info.pv[0], mt, sizeof mt);
        if (bo_score_to_moves(info.win_plies) != c->moves)
            fail_msg("%s: %s: search says %d (plies %d) with %s, Fairy-Stockfish mate %d", label, c->fen,
                     bo_score_to_moves(info.win_plies), info.win_plies, mt, c->moves);
        /* The minimax's proof: the chosen move mates, or leaves a mate against every reply. */
        g->play(pos, info.pv[0], undo, NULL);
        bo_result r = g->result(pos, NULL);
        if (c->moves == 1) {
            /* A side without a legal move loses in Xiangqi, in check or not (RULES.md 1). */
            if (r.how == BO_END_NONE || r.winner != me) fail_msg("%s: %s does not mate", c->fen, mt);
        } else {
            assert_int_equal(r.how, BO_END_NONE);
            bo_move replies[BO_MOVES_MAX];
            int k = g->legal(pos, replies);
            for (int j = 0; j < k; j++) {
                BO_ALIGNED unsigned char u2[BO_UNDO_MAX];
                g->play(pos, replies[j], u2, NULL);
                if (!bo_test_wins_within(g, pos, plies - 2, me)) fail_msg("%s: %s does not mate in %d", c->fen, mt, c->moves);
                g->unplay(pos, replies[j], u2, NULL);
            }
        }
        g->unplay(pos, info.pv[0], undo, NULL);
        /* And no shorter mate exists (the outside engine's distance is the least). */
        if (c->moves > 1 && bo_test_wins_within(g, pos, plies - 2, me)) fail_msg("%s: a shorter mate exists", c->fen);
    }
    bo_tt_free(tt);
}

static void test_mates(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("xiangqi");
    assert_non_null(g);
    check_mates(g, NULL, "compiled-in weights");
}

/* The same mates with every Xiangqi weights file of data/weights/ (xiangqi-*.txt: the
 * Texel weights, the rounds of boyi train; the xiangqi-terms-1 and -2 files read under
 * the xiangqi-terms-3 model, their tables and threat terms 0; round 5's with threat
 * terms): the search's pruning must not hide a short
 * mate whatever numbers the evaluation gives (reverse futility once did, for the side
 * that had just escaped a check: round 1 missed the mate in 2 at depth 5, round 2 the
 * mate in 3 at depth 7). */
static void test_mates_trained_weights(void **state)
{
    (void)state;
    const bo_game *g = bo_game_by_name("xiangqi");
    assert_non_null(g);
    assert_non_null(g->eval_model);
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/data/weights", BOYI_SOURCE_DIR);
    struct dirent **names = NULL;
    int n = scandir(dir, &names, NULL, alphasort);   /* sorted: the same order every run */
    if (n < 0) fail_msg("%s: cannot list", dir);
    enum { TEXT_MAX = 1 << 16 };
    char *text = malloc(TEXT_MAX);
    int *w = malloc((size_t)g->eval_model->nweights * sizeof *w);
    assert_true(text && w);
    int files = 0;
    for (int i = 0; i < n; i++) {
        const char *name = names[i]->d_name;
        size_t len = strlen(name);
        if (strncmp(name, "xiangqi-", 8) != 0 || len < 4 || strcmp(name + len - 4, ".txt") != 0) continue;
        char path[1400], err[256];   /* room for DIR (1024) and a name (255) */
        snprintf(path, sizeof path, "%s/%s", dir, name);
        FILE *f = fopen(path, "rb");
        if (!f) fail_msg("%s: cannot open", path);
        size_t tlen = fread(text, 1, TEXT_MAX, f);
        fclose(f);
        if (tlen == TEXT_MAX) fail_msg("%s: longer than the test reads", path);
        if (sp_weights_parse(text, tlen, g->eval_model, w, err, sizeof err) != 0) fail_msg("%s: %s", path, err);
        check_mates(g, w, name);
        files++;
    }
    for (int i = 0; i < n; i++) free(names[i]);
    free(names);
    free(text);
    free(w);
    assert_true(files >= 3);   /* the Texel weights and rounds 1 and 2 at least */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mates),
        cmocka_unit_test(test_mates_trained_weights),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
