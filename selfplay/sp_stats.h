/* sp_stats.h -- the statistics of a batch of games: Elo, normalised Elo, LOS and the
 * generalised SPRT, computed exactly as fishtest computes them, so that a result
 * printed by boyi can be compared with one printed by fishtest or fastchess.
 *
 * Results come as trinomial counts (losses, draws, wins) or, for colour-swapped
 * pairs, pentanomial counts: the number of pairs scoring 0, 1/2, 1, 3/2 and 2 points
 * (LL, LD, DD+WL, WD, WW).  All scores are from the first player's ("A", the engine
 * under test) point of view.  docs/statistics.md gives the formulas. */
#ifndef BOYI_SP_STATS_H
#define BOYI_SP_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Counts: n == 3 (L, D, W) or n == 5 (the pentanomial, low to high). */
typedef struct sp_counts {
    double c[5];
    int n;
} sp_counts;

typedef enum { SP_MODEL_LOGISTIC = 0, SP_MODEL_NORMALIZED } sp_elo_model;

typedef struct sp_sprt {
    double elo0, elo1;          /* the hypotheses, in the model's Elo */
    double alpha, beta;         /* the error probabilities */
    sp_elo_model model;
} sp_sprt;

typedef struct sp_summary {
    double games;               /* games (pairs count twice) */
    double score;               /* mean score per game, 0..1, from the counts as they are (the
                                   figures below use the 1e-3 prior in place of zeros) */
    double score_lo, score_hi;  /* the 95% interval of the score: Wilson's over the games
                                   (draws as half points; sp_wilson) */
    double elo, elo95;          /* logistic Elo and the half-width of its 95% interval */
    double los;                 /* likelihood of superiority, 0..1 */
    double nelo, nelo95;        /* normalised Elo and its 95% half-width */
} sp_summary;

typedef enum { SP_SPRT_CONTINUE = 0, SP_SPRT_ACCEPT_H1, SP_SPRT_ACCEPT_H0 } sp_sprt_state;

typedef struct sp_sprt_result {
    double llr;
    double lower, upper;        /* ln(beta/(1-alpha)), ln((1-beta)/alpha) */
    sp_sprt_state state;
} sp_sprt_result;

/* Elo, its interval, LOS and normalised Elo of K (fishtest's get_elo and its nElo).
 * Returns 0, or -1 when K holds no game. */
int sp_summarise(const sp_counts *k, sp_summary *out);

/* The generalised log-likelihood ratio of H1 against H0 for K, and the test's state.
 * Returns 0, or -1 with err set (no game, bad hypotheses, no root found). */
int sp_sprt_llr(const sp_counts *k, const sp_sprt *t, sp_sprt_result *out, char *err, size_t errlen);

/* Parse "elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized" (any order, any subset
 * after elo0 and elo1; defaults alpha = beta = 0.05, logistic).  0 or -1 with err. */
int sp_sprt_parse(const char *text, sp_sprt *t, char *err, size_t errlen);

/* Parse "LL,LD,DD+WL,WD,WW" (five counts) or "L,D,W" (three). 0 or -1 with err. */
int sp_counts_parse(const char *text, sp_counts *k, char *err, size_t errlen);

/* The standard normal distribution and its quantile function. */
double sp_phi(double x);
double sp_phi_inv(double p);

/* Wilson's interval for a proportion P of N trials at the normal quantile Z (1.96 for
 * 95%), clamped to [0, 1]: sound near 0 and 1, where P +- Z sd is not. */
void sp_wilson(double p, double n, double z, double *lo, double *hi);

/* Logistic Elo of a score, and back. */
double sp_elo_of_score(double s);
double sp_score_of_elo(double elo);

#endif
