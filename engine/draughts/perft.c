/* perft.c - move-path enumeration ("perft") for checking and timing the move generator.
 * Plain recursion, no transposition table; at the last ply moves are counted, not made
 * (bulk counting): plain moves by popcount, captures by generating them (the maximum rule
 * and duplicate removal need the sequences). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "draughts.h"
#include "dr_internal.h"

#include <time.h>

/* Number of legal moves of the side to move (white if `white`). */
DRI_INLINE uint64_t count_moves(dri_pos p, int white, bool keep)
{
    uint64_t own = white ? p.w : p.b, opp = white ? p.b : p.w;
    uint64_t men = own & ~p.k, kings = own & p.k;
    uint64_t empty = DRI_VALID & ~(p.w | p.b);
    if (dri_has_capture(men, kings, opp, empty)) {
        dri_move buf[DR_MAX_MOVES];
        int n = dri_gen_captures(men, kings, opp, empty,
                                 white ? DRI_PROMO_WHITE : DRI_PROMO_BLACK, keep, buf, DR_MAX_MOVES);
        return n < 0 ? DR_MAX_MOVES : (uint64_t)n;
    }
    uint64_t n = white ? (uint64_t)DRI_POPCOUNT((men >> 6) & empty) + DRI_POPCOUNT((men >> 5) & empty)
                       : (uint64_t)DRI_POPCOUNT((men << 5) & empty) + DRI_POPCOUNT((men << 6) & empty);
    for (; kings; kings &= kings - 1) {
        uint64_t k = kings & (0 - kings);
        n += (uint64_t)(dri_king_ray_len(k, -6, empty) + dri_king_ray_len(k, -5, empty) +
                        dri_king_ray_len(k, 5, empty) + dri_king_ray_len(k, 6, empty));
    }
    return n;
}

/* One function per colour, calling each other, so that the colour is a constant. */
static uint64_t perft_w(dri_pos p, int depth, bool keep);
static uint64_t perft_b(dri_pos p, int depth, bool keep);

/* Child position after a capture move of white (if `white`) or black. */
DRI_INLINE dri_pos apply_capture(dri_pos p, const dri_move *m, int white)
{
    uint64_t ft = (UINT64_C(1) << m->from) ^ (UINT64_C(1) << m->to); /* 0 if from == to */
    dri_pos c;
    if (white) {
        c.w = p.w ^ ft;
        c.b = p.b & ~m->cap;
    } else {
        c.b = p.b ^ ft;
        c.w = p.w & ~m->cap;
    }
    c.k = p.k & ~m->cap;
    if (m->king) c.k ^= ft;
    else if (m->promo) c.k |= UINT64_C(1) << m->to;
    return c;
}

/* The recursion for one colour; the colour is a compile-time constant in each caller so
 * the shifts and masks fold. */
DRI_INLINE uint64_t perft_body(dri_pos p, int depth, bool keep, int white)
{
    if (depth <= 1) return count_moves(p, white, keep);
    uint64_t own = white ? p.w : p.b, opp = white ? p.b : p.w;
    uint64_t men = own & ~p.k, kings = own & p.k;
    uint64_t empty = DRI_VALID & ~(p.w | p.b);
    uint64_t sum = 0;
    if (dri_has_capture(men, kings, opp, empty)) {
        dri_move buf[DR_MAX_MOVES];
        int n = dri_gen_captures(men, kings, opp, empty,
                                 white ? DRI_PROMO_WHITE : DRI_PROMO_BLACK, keep, buf, DR_MAX_MOVES);
        for (int i = 0; i < n; i++) {
            dri_pos c = apply_capture(p, &buf[i], white);
            sum += white ? perft_b(c, depth - 1, keep) : perft_w(c, depth - 1, keep);
        }
        return sum;
    }
    /* Men: one step forward; promotion when the step reaches the far row. */
    for (int i = 0; i < 2; i++) {
        int d = white ? (i ? -5 : -6) : (i ? 6 : 5);
        for (uint64_t t = dri_step(men, d) & empty; t; t &= t - 1) {
            uint64_t to = t & (0 - t), ft = to | dri_step(to, -d);
            dri_pos c = p;
            if (white) {
                c.w ^= ft;
                c.k |= to & DRI_PROMO_WHITE;
                sum += perft_b(c, depth - 1, keep);
            } else {
                c.b ^= ft;
                c.k |= to & DRI_PROMO_BLACK;
                sum += perft_w(c, depth - 1, keep);
            }
        }
    }
    /* Kings: slide along the four diagonals. */
    for (; kings; kings &= kings - 1) {
        uint64_t k = kings & (0 - kings);
        for (int i = 0; i < 4; i++) {
            int d = i == 0 ? -6 : i == 1 ? -5 : i == 2 ? 5 : 6;
            for (uint64_t to = dri_step(k, d); to & empty; to = dri_step(to, d)) {
                uint64_t ft = k | to;
                dri_pos c = p;
                c.k ^= ft;
                if (white) {
                    c.w ^= ft;
                    sum += perft_b(c, depth - 1, keep);
                } else {
                    c.b ^= ft;
                    sum += perft_w(c, depth - 1, keep);
                }
            }
        }
    }
    return sum;
}

/* Instantiations of perft_body for white and black to move. */
static uint64_t perft_w(dri_pos p, int depth, bool keep) { return perft_body(p, depth, keep, 1); }
static uint64_t perft_b(dri_pos p, int depth, bool keep) { return perft_body(p, depth, keep, 0); }

/* perft with options (see draughts.h). */
uint64_t dr_perft_ex(const dr_pos *p, int depth, unsigned flags)
{
    if (depth <= 0) return 1;
    if (p->variant != DR_INTERNATIONAL) {
        bool keep = (flags & DR_PERFT_KEEP_DUPLICATES) != 0;
        return p->variant == DR_FRISIAN ? dr_fr_perft(p, depth, keep) : dr_v8_perft(p, depth, keep);
    }
    dri_pos q = dri_from_pos(p);
    bool keep = (flags & DR_PERFT_KEEP_DUPLICATES) != 0;
    return p->side == DR_WHITE ? perft_w(q, depth, keep) : perft_b(q, depth, keep);
}

/* The standard count: duplicates removed. */
uint64_t dr_perft(const dr_pos *p, int depth) { return dr_perft_ex(p, depth, 0); }

/* Per-move counts, in dr_gen_moves order. */
int dr_perft_divide(const dr_pos *p, int depth, dr_move *moves, uint64_t *counts)
{
    int n = dr_gen_moves(p, moves);
    for (int i = 0; i < n; i++) {
        dr_pos c = *p;
        dr_make(&c, &moves[i]);
        counts[i] = dr_perft(&c, depth - 1);
    }
    return n;
}

/* Wall-clock timing of one perft run. */
double dr_bench_perft(const dr_pos *p, int depth, uint64_t *nodes)
{
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    uint64_t n = dr_perft(p, depth);
    clock_gettime(CLOCK_MONOTONIC, &b);
    if (nodes) *nodes = n;
    return (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
}
