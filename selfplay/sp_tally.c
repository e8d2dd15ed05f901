/* sp_tally.c -- counting a batch's results (sp_tally.h). */
#include <string.h>

#include "sp_tally.h"

void sp_tally_init(sp_tally *t)
{
    memset(t, 0, sizeof *t);
    t->pair = -1;
    t->length_min = -1;
}

/* A pair is games 2p and 2p+1; its points go to the pentanomial when both are in. */
static void add_pair(sp_tally *t, long index, double a_score)
{
    long p = index / 2;
    if (index % 2 == 0) {
        t->pair = p;
        t->pair_score = a_score;
        return;
    }
    if (t->pair == p) {
        int k = (int)((t->pair_score + a_score) * 2 + 0.5);
        t->penta[k]++;
    }
    t->pair = -1;
}

void sp_tally_add(sp_tally *t, long index, double score_first, const char *reason, int plies)
{
    bool a_first = index % 2 == 0;
    double a = a_first ? score_first : 1 - score_first;
    t->games++;
    if (a == 1) t->wins++;
    else if (a == 0) t->losses++;
    else t->draws++;
    t->first_points += score_first;
    add_pair(t, index, a);
    int i = 0;
    while (i < t->nreasons && strcmp(t->reasons[i].name, reason) != 0) i++;
    if (i == t->nreasons && i < SP_TALLY_REASONS) t->reasons[t->nreasons++].name = reason;
    if (i < t->nreasons) t->reasons[i].count++;
    if (t->length_min < 0 || plies < t->length_min) t->length_min = plies;
    if (plies > t->length_max) t->length_max = plies;
    t->length_sum += plies;
    int b = plies / SP_TALLY_BUCKET_PLIES;
    t->length_hist[b < SP_TALLY_BUCKETS ? b : SP_TALLY_BUCKETS - 1]++;
}

void sp_tally_counts(const sp_tally *t, sp_counts *k)
{
    double pairs = 0;
    for (int i = 0; i < 5; i++) pairs += t->penta[i];
    memset(k, 0, sizeof *k);
    if (pairs > 0) {
        k->n = 5;
        memcpy(k->c, t->penta, sizeof t->penta);
    } else {
        k->n = 3;
        k->c[0] = t->losses;
        k->c[1] = t->draws;
        k->c[2] = t->wins;
    }
}
