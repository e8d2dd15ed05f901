/* sp_tally.c -- counting a batch's results (sp_tally.h). */
#include <stdlib.h>
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

double sp_tally_pairs(const sp_tally *t)
{
    double pairs = 0;
    for (int i = 0; i < 5; i++) pairs += t->penta[i];
    return pairs;
}

long sp_tally_unpaired(const sp_tally *t) { return t->games - 2 * (long)sp_tally_pairs(t); }

double sp_tally_score(const sp_tally *t) { return t->games ? (t->wins + t->draws / 2) / (double)t->games : 0; }

double sp_tally_draws_per_game(const sp_tally *t) { return t->games ? t->draws / (double)t->games : 0; }

/* FNV-1a over BYTES, continuing from H. */
static uint64_t fnv(uint64_t h, const char *bytes)
{
    for (const unsigned char *c = (const unsigned char *)bytes; *c; c++) h = (h ^ *c) * UINT64_C(0x100000001B3);
    return h;
}

uint64_t sp_game_key(const char *start, const char *const *moves, int nmoves)
{
    uint64_t h = fnv(UINT64_C(0xCBF29CE484222325), start ? start : "");
    for (int i = 0; i < nmoves; i++) h = fnv((h ^ ' ') * UINT64_C(0x100000001B3), moves[i]);
    return h ? h : 1;   /* 0 marks a free slot */
}

int sp_seen_add(sp_seen *s, uint64_t key)
{
    if (key == 0) key = 1;
    if (2 * (s->n + 1) > s->cap) {   /* grow at half full: probes stay short */
        size_t cap = s->cap ? 2 * s->cap : 1024;
        uint64_t *k = calloc(cap, sizeof *k);
        if (!k) return -1;
        for (size_t i = 0; i < s->cap; i++) {
            if (!s->keys[i]) continue;
            size_t j = (size_t)s->keys[i] & (cap - 1);
            while (k[j]) j = (j + 1) & (cap - 1);
            k[j] = s->keys[i];
        }
        free(s->keys);
        s->keys = k;
        s->cap = cap;
    }
    size_t j = (size_t)key & (s->cap - 1);
    for (; s->keys[j]; j = (j + 1) & (s->cap - 1))
        if (s->keys[j] == key) { s->repeats++; return 1; }
    s->keys[j] = key;
    s->n++;
    return 0;
}

void sp_seen_free(sp_seen *s)
{
    free(s->keys);
    memset(s, 0, sizeof *s);
}
