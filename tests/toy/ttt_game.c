/* ttt_game.c -- tic-tac-toe through the game descriptor (engine/core/game.h): the toy
 * tenth game of docs/adding-a-game.md, registered only in the test build (bo_game_extra below).
 *
 * The rule: a 3x3 board, x moves first, three in a row (row, column or diagonal) wins,
 * a full board without one is a draw.  The method: a position is nine cells, the side
 * to move and the hash; a move is its square plus one (a1 = 1 ... c3 = 9: files a-c
 * left to right, ranks 1-3 bottom up), so that 0 is never a move.  Like any engine
 * file it sees only engine/ (the layers' fence): no notation, no I/O. */
#include <stdio.h>
#include <string.h>

#include "core.h"
#include "game.h"

enum { TTT_EMPTY = 0, TTT_X = 1, TTT_O = 2 };

typedef struct ttt_pos {
    uint8_t cell[9];     /* square s = file + 3 * rank (a1 = 0, c3 = 8) */
    uint8_t side;        /* 0: x to move, 1: o */
    uint8_t stones;
    uint64_t hash;
} ttt_pos;

static const char *const rule_sets[] = {"standard", NULL};

/* The eight lines, as squares. */
static const int lines[8][3] = {
    {0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6},
};

/* A Zobrist key computed, not stored: no table to initialise, nothing shared. */
static uint64_t key(int sq, int who) { return bo_mix64((uint64_t)(sq * 3 + who) + 1); }
static uint64_t side_key(void) { return bo_mix64(UINT64_C(0x5151)); }

/* The player (0 or 1) with three in a row, or -1. */
static int winner(const ttt_pos *p)
{
    for (int i = 0; i < 8; i++) {
        int a = p->cell[lines[i][0]];
        if (a && a == p->cell[lines[i][1]] && a == p->cell[lines[i][2]]) return a - 1;
    }
    return -1;
}

static bool over(const ttt_pos *p) { return p->stones == 9 || winner(p) >= 0; }

static uint64_t ttt_hash_scratch(const void *pos)
{
    const ttt_pos *p = pos;
    uint64_t h = p->side ? side_key() : 0;
    for (int s = 0; s < 9; s++)
        if (p->cell[s]) h ^= key(s, p->cell[s]);
    return h;
}

static int ttt_start(void *pos, const char *rules, char *err, size_t errlen)
{
    if (rules && strcmp(rules, "standard") != 0) return bo_fail(err, errlen, "tic-tac-toe has no rule set '%s'", rules);
    memset(pos, 0, sizeof(ttt_pos));
    ((ttt_pos *)pos)->hash = ttt_hash_scratch(pos);
    return 0;
}

/* "xo./.x./... o": ranks 3 to 1 (as FEN reads a board), then the side to move. */
static int ttt_from_text(void *pos, const char *rules, const char *text, char *err, size_t errlen)
{
    if (ttt_start(pos, rules, err, errlen) != 0) return -1;
    ttt_pos *p = pos;
    int counts[3] = {0, 0, 0};
    const char *s = text;
    for (int rank = 2; rank >= 0; rank--) {
        for (int file = 0; file < 3; file++, s++) {
            const char *at = *s ? strchr(".xo", *s) : NULL;
            if (!at) return bo_fail(err, errlen, "'%s': a rank is three of '.', 'x', 'o'", text);
            p->cell[file + 3 * rank] = (uint8_t)(at - ".xo");
            counts[at - ".xo"]++;
        }
        if (rank > 0 && *s++ != '/') return bo_fail(err, errlen, "'%s': ranks are separated by '/'", text);
    }
    if (*s++ != ' ' || (*s != 'x' && *s != 'o') || s[1]) return bo_fail(err, errlen, "'%s': the board, a space and x or o", text);
    p->side = *s == 'o';
    if (counts[1] - counts[2] != p->side) return bo_fail(err, errlen, "'%s': x moves first, so x has as many stones as o or one more, by the side to move", text);
    p->stones = (uint8_t)(counts[1] + counts[2]);
    p->hash = ttt_hash_scratch(p);
    return 0;
}

static void ttt_to_text(const void *pos, char *buf, size_t n)
{
    const ttt_pos *p = pos;
    char t[16];
    int k = 0;
    for (int rank = 2; rank >= 0; rank--) {
        for (int file = 0; file < 3; file++) t[k++] = ".xo"[p->cell[file + 3 * rank]];
        if (rank > 0) t[k++] = '/';
    }
    t[k] = 0;
    snprintf(buf, n, "%s %c", t, p->side ? 'o' : 'x');
}

static int ttt_to_move(const void *pos)
{
    const ttt_pos *p = pos;
    return over(p) ? BO_PLAYER_TERMINAL : p->side;
}

/* The empty squares in square order; none once the game is over. */
static int ttt_legal(const void *pos, bo_move *out)
{
    const ttt_pos *p = pos;
    int n = 0;
    if (over(p)) return 0;
    for (int s = 0; s < 9; s++)
        if (!p->cell[s]) out[n++] = (bo_move)(s + 1);
    return n;
}

/* Nothing to undo that the move does not say: the undo record is unused. */
static void ttt_play(void *pos, bo_move m, void *undo, bo_hist *h)
{
    (void)undo;
    ttt_pos *p = pos;
    int s = (int)m - 1, who = p->side + 1;
    p->cell[s] = (uint8_t)who;
    p->hash ^= key(s, who) ^ side_key();
    p->side ^= 1;
    p->stones++;
    if (h) bo_hist_push(h, p->hash, BO_PLY_IRREVERSIBLE);   /* no position comes back */
}

static void ttt_unplay(void *pos, bo_move m, const void *undo, bo_hist *h)
{
    (void)undo;
    ttt_pos *p = pos;
    int s = (int)m - 1;
    p->side ^= 1;
    p->stones--;
    p->hash ^= key(s, p->cell[s]) ^ side_key();
    p->cell[s] = TTT_EMPTY;
    if (h) bo_hist_pop(h);
}

static bo_result ttt_result(const void *pos, const bo_hist *h)
{
    (void)h;
    const ttt_pos *p = pos;
    bo_result r = {BO_END_NONE, -1, {0, 0}};
    int w = winner(p);
    if (w >= 0) {
        r.how = BO_END_GOAL;   /* three in a row */
        r.winner = w;
        r.returns[w] = 1;
        r.returns[1 - w] = -1;
    } else if (p->stones == 9) {
        r.how = BO_END_FULL_BOARD;
    }
    return r;
}

static uint64_t ttt_hash(const void *pos) { return ((const ttt_pos *)pos)->hash; }

static int ttt_move_to_text(const void *pos, bo_move m, char *buf, size_t n)
{
    (void)pos;
    if (m < 1 || m > 9) return -1;
    return snprintf(buf, n, "%c%d", 'a' + (int)(m - 1) % 3, 1 + (int)(m - 1) / 3) < (int)n ? 0 : -1;
}

static int ttt_move_from_text(const void *pos, const char *text, bo_move *m, char *err, size_t errlen)
{
    const ttt_pos *p = pos;
    if (strlen(text) != 2 || text[0] < 'a' || text[0] > 'c' || text[1] < '1' || text[1] > '3')
        return bo_fail(err, errlen, "'%s' is no square (a1 to c3)", text);
    int s = (text[0] - 'a') + 3 * (text[1] - '1');
    if (over(p)) return bo_fail(err, errlen, "%s: the game is over", text);
    if (p->cell[s]) return bo_fail(err, errlen, "%s is taken", text);
    *m = (bo_move)(s + 1);
    return 0;
}

/* Lines still open to the side to move less those open to the other: a guess the
 * alpha-beta needs only short of the end (depth 9 sees every game out). */
static int ttt_evaluate(const void *pos)
{
    const ttt_pos *p = pos;
    int me = p->side + 1, v = 0;
    for (int i = 0; i < 8; i++) {
        int mine = 0, theirs = 0;
        for (int k = 0; k < 3; k++) {
            int c = p->cell[lines[i][k]];
            mine += c == me;
            theirs += c && c != me;
        }
        v += (theirs == 0) - (mine == 0);
    }
    return 10 * v;
}

/* The descriptor, under the name of the engine table's test-only hook (engine/core/
 * game.c: a build that defines bo_game_extra has one game more): its registration.  A
 * real game names its descriptor xx_game_desc and takes a line in that table. */
const bo_game bo_game_extra = {
    .name = "tictactoe",
    .rule_sets = rule_sets,
    .players = 2,
    .player_names = {"x", "o"},
    .pos_size = sizeof(ttt_pos),
    .undo_size = 1,
    .max_moves = 9,
    .start = ttt_start,
    .from_text = ttt_from_text,
    .to_text = ttt_to_text,
    .to_move = ttt_to_move,
    .legal = ttt_legal,
    .play = ttt_play,
    .unplay = ttt_unplay,
    .result = ttt_result,
    .hash = ttt_hash,
    .hash_scratch = ttt_hash_scratch,
    .move_to_text = ttt_move_to_text,
    .move_from_text = ttt_move_from_text,
    .evaluate = ttt_evaluate,
};
