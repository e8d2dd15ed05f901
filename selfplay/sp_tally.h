/* sp_tally.h -- the running count of a batch's results, fed in game-index order:
 * W/D/L of player A, pentanomial counts over complete colour-swapped pairs, the first
 * player's score, why games ended, and how long they were. */
#ifndef BOYI_SP_TALLY_H
#define BOYI_SP_TALLY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sp_stats.h"

enum { SP_TALLY_REASONS = 24, SP_TALLY_BUCKETS = 26, SP_TALLY_BUCKET_PLIES = 20 };

typedef struct sp_tally {
    long games;
    double wins, draws, losses;        /* player A's */
    double penta[5];                   /* pairs by A's points: 0, 1/2, 1, 3/2, 2 */
    double first_points;               /* points of the player who moved first */
    struct { const char *name; long count; } reasons[SP_TALLY_REASONS];
    int nreasons;
    long length_min, length_max;
    double length_sum;
    long length_hist[SP_TALLY_BUCKETS];  /* [k]: plies in [20k, 20k+20); the last: 500 and more */
    long pair;                         /* the pair whose first game is waiting, -1 if none */
    double pair_score;
} sp_tally;

void sp_tally_init(sp_tally *t);
/* Game INDEX ended with the first player scoring SCORE_FIRST after PLIES plies.
 * REASON must outlive the tally (a constant or a string the caller keeps). */
void sp_tally_add(sp_tally *t, long index, double score_first, const char *reason, int plies);
/* The counts for sp_stats: pentanomial when any pair is complete, else trinomial. */
void sp_tally_counts(const sp_tally *t, sp_counts *k);
/* Complete pairs, and the games outside them (a pair's game whose partner is missing). */
double sp_tally_pairs(const sp_tally *t);
long sp_tally_unpaired(const sp_tally *t);
/* Player A's score over every game, (W + D/2) / games, and the draws per game: the plain
 * figures, where sp_summarise's come from the pairs and a prior (0 with no game). */
double sp_tally_score(const sp_tally *t);
double sp_tally_draws_per_game(const sp_tally *t);

/* Repeated games: a set of the keys of the games seen (start position and moves), and
 * how many games repeated one seen before.  Zero-initialise; sp_seen_free after. */
typedef struct sp_seen {
    uint64_t *keys;                    /* open addressing; 0 marks a free slot */
    size_t cap, n;
    long repeats;
} sp_seen;
/* The key of a game: its start position's text and its moves' texts. */
uint64_t sp_game_key(const char *start, const char *const *moves, int nmoves);
/* Add KEY: 1 when it was there already (counted in repeats), 0 when new, -1 out of memory. */
int sp_seen_add(sp_seen *s, uint64_t key);
void sp_seen_free(sp_seen *s);

#endif
