/* ew_random.c -- uniformly random EWN games: the check of RULES.md's "under random
 * play the first player wins about 53%".
 *
 * Method: each game draws both arrangements uniformly (a placement on a uniformly
 * chosen free square for each piece in turn gives every one of the 720 arrangements
 * probability 1/720), then each turn a uniform die and a uniform choice among the
 * legal steps, exactly as the random player through the game interface; the games
 * use the rules' own functions, with game i seeded by bo_mix64(seed ^ i) so that any
 * batch can be split and rerun. */
#include "core.h"
#include "einstein.h"

/* One random game from the setup; the winner. */
static int random_game(uint64_t *rng, int first)
{
    ew_pos p;
    uint32_t moves[EW_MAX_MOVES];
    ew_start(&p, EW_SETUP_RANDOM, first);
    for (;;) {
        int w = ew_winner(&p, NULL);
        if (w >= 0) return w;
        int n = ew_legal(&p, moves);
        ew_play(&p, moves[bo_splitmix64(rng) % (uint64_t)n]);
    }
}

uint64_t ew_random_games(uint64_t n, uint64_t seed, int first)
{
    uint64_t wins = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t rng = bo_mix64(seed ^ (i * UINT64_C(0x9E3779B97F4A7C15)));
        wins += random_game(&rng, first) == first;
    }
    return wins;
}
