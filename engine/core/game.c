/* game.c -- what the game descriptor shares: the line history that repetition rules
 * read, the table of registered games, and perft through the descriptor.
 *
 * Registering a game is one line in `registry` below (and its descriptor in its own
 * engine folder); nothing above the engines names a game. */
#include "game.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

extern const bo_game xq_game_desc;
extern const bo_game gm_game_desc;
extern const bo_game dr_game_desc;
extern const bo_game yz_game_desc;
extern const bo_game pg_game_desc;
extern const bo_game ng_game_desc;
extern const bo_game ew_game_desc;
extern const bo_game jq_game_desc;
extern const bo_game tg_game_desc;
/* A build may register one game more (the test build's toy, tests/toy/: tic-tac-toe,
 * docs/adding-a-game.md) by defining bo_game_extra; in every other build this weak
 * reference is NULL and the table holds the nine games. */
extern const bo_game bo_game_extra __attribute__((weak));

static const bo_game *const registry[] = {
    &xq_game_desc,
    &gm_game_desc,
    &dr_game_desc,
    &yz_game_desc,
    &pg_game_desc,
    &ng_game_desc,
    &ew_game_desc,
    &jq_game_desc,
    &tg_game_desc,
    &bo_game_extra,   /* last: NULL but in a build that registers one more (above) */
};

/* The games of this build: the table less its last slot where no game fills it. */
static size_t ngames(void)
{
    size_t n = sizeof registry / sizeof registry[0];
    return n - (registry[n - 1] == NULL);
}

const bo_game *const *bo_games(int *n)
{
    *n = (int)ngames();
    return registry;
}

const bo_game *bo_game_by_name(const char *name)
{
    for (size_t i = 0; i < ngames(); i++)
        if (strcasecmp(registry[i]->name, name) == 0) return registry[i];
    return NULL;
}

/* One allocation up front: search threads push and pop per node and must not
 * allocate there. */
int bo_hist_init(bo_hist *h, int cap)
{
    memset(h, 0, sizeof *h);
    h->hash = malloc((size_t)cap * sizeof *h->hash);
    h->flags = malloc((size_t)cap);
    if (!h->hash || !h->flags) { bo_hist_free(h); return -1; }
    h->cap = cap;
    return 0;
}

void bo_hist_free(bo_hist *h)
{
    free(h->hash);
    free(h->flags);
    memset(h, 0, sizeof *h);
}

void bo_hist_reset(bo_hist *h, uint64_t start_hash)
{
    h->n = 0;
    h->overflow = 0;
    if (h->cap < 1) return;
    h->hash[0] = start_hash;
    h->flags[0] = BO_PLY_IRREVERSIBLE;
    h->n = 1;
}

/* Past its room the line keeps counting, so that pops stay paired with pushes. */
void bo_hist_push(bo_hist *h, uint64_t hash, uint8_t flags)
{
    if (h->n >= h->cap || h->overflow) { h->overflow++; return; }
    h->hash[h->n] = hash;
    h->flags[h->n] = flags;
    h->n++;
}

void bo_hist_pop(bo_hist *h)
{
    if (h->overflow) { h->overflow--; return; }
    if (h->n > 1) h->n--;
}

/* Only positions since the last irreversible move can repeat the current one, so the
 * scan stops there: repetition checks stay short in long games. */
int bo_hist_repeats(const bo_hist *h, int *first)
{
    if (!h || h->n < 1 || h->overflow) { if (first) *first = h && h->n ? h->n - 1 : 0; return 1; }
    int last = h->n - 1, count = 1, at = last;
    uint64_t key = h->hash[last];
    for (int i = last; i > 0 && !(h->flags[i] & BO_PLY_IRREVERSIBLE); i--)
        if (h->hash[i - 1] == key) { count++; at = i - 1; }
    if (first) *first = at;
    return count;
}

uint64_t bo_game_perft(const bo_game *g, void *pos, int depth)
{
    bo_move moves[BO_MOVES_MAX];
    BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
    if (depth == 0) return 1;
    if (g->to_move(pos) == BO_PLAYER_TERMINAL) return 0;
    int n = g->legal(pos, moves);
    if (depth == 1) return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        g->play(pos, moves[i], undo, NULL);
        total += bo_game_perft(g, pos, depth - 1);
        g->unplay(pos, moves[i], undo, NULL);
    }
    return total;
}
