/* tables.c - constant move/attack tables and Zobrist keys, built once. */
#include "xq_internal.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Written only inside build_tables, which pthread_once runs exactly once
   before any reader can get past xq_tables_init. */
xq_tables xq_tab;
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* Square at (f, r), or -1 when off the board. */
static int at(int f, int r)
{
    if (f < 0 || f >= XQ_FILES || r < 0 || r >= XQ_RANKS)
        return -1;
    return XQ_SQ(f, r);
}

/* Fill every table from the board geometry; runs once. */
static void build_tables(void)
{
    xq_tables *t = &xq_tab;
    static const int dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
    static const int diag[4][2] = { { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };

    memset(t, XQ_END, sizeof *t);
    for (int s = 0; s < XQ_SQUARES; s++) {
        int f = XQ_FILE_OF(s), r = XQ_RANK_OF(s);

        for (int d = 0; d < 4; d++) {
            int n = 0;
            for (int k = 1;; k++) {
                int u = at(f + k * dirs[d][0], r + k * dirs[d][1]);
                if (u < 0)
                    break;
                t->ray[s][d][n++] = (uint8_t)u;
            }
        }

        /* Horse: one step orthogonally (the leg), then one diagonally outward. */
        int nh = 0;
        for (int d = 0; d < 4; d++) {
            int leg = at(f + dirs[d][0], r + dirs[d][1]);
            if (leg < 0)
                continue;
            for (int side = -1; side <= 1; side += 2) {
                int u = at(f + 2 * dirs[d][0] + side * dirs[d][1],
                           r + 2 * dirs[d][1] + side * dirs[d][0]);
                if (u < 0)
                    continue;
                t->horse[s][nh].to = (uint8_t)u;
                t->horse[s][nh].via = (uint8_t)leg;
                nh++;
            }
        }

        /* Horse attacks on s come through a diagonal neighbour (the leg). */
        int na = 0;
        for (int d = 0; d < 4; d++) {
            int df = diag[d][0], dr = diag[d][1];
            int leg = at(f + df, r + dr);
            if (leg < 0)
                continue;
            int src[2] = { at(f + 2 * df, r + dr), at(f + df, r + 2 * dr) };
            for (int i = 0; i < 2; i++) {
                if (src[i] < 0)
                    continue;
                t->horse_att[s][na].to = (uint8_t)src[i];
                t->horse_att[s][na].via = (uint8_t)leg;
                na++;
            }
        }

        /* Elephant: two points diagonally, never across the river. */
        int ne = 0;
        for (int d = 0; d < 4; d++) {
            int u = at(f + 2 * diag[d][0], r + 2 * diag[d][1]);
            if (u < 0 || xq_half(u) != xq_half(s))
                continue;
            t->elephant[s][ne].to = (uint8_t)u;
            t->elephant[s][ne].via = (uint8_t)at(f + diag[d][0], r + diag[d][1]);
            ne++;
        }

        /* Advisor and general stay inside the palace they are in. */
        if (xq_in_palace(s)) {
            int nv = 0, nk = 0;
            for (int d = 0; d < 4; d++) {
                int u = at(f + diag[d][0], r + diag[d][1]);
                if (u >= 0 && xq_in_palace(u) && xq_half(u) == xq_half(s))
                    t->advisor[s][nv++] = (uint8_t)u;
                u = at(f + dirs[d][0], r + dirs[d][1]);
                if (u >= 0 && xq_in_palace(u) && xq_half(u) == xq_half(s))
                    t->king[s][nk++] = (uint8_t)u;
            }
        }

        /* Pawns: forward always, sideways once across the river. */
        for (int side = 0; side < 2; side++) {
            int fwd = side == XQ_RED ? 1 : -1;
            bool crossed = side == XQ_RED ? r >= 5 : r <= 4;
            int np = 0, u = at(f, r + fwd);
            if (u >= 0)
                t->pawn[side][s][np++] = (uint8_t)u;
            if (crossed) {
                if ((u = at(f - 1, r)) >= 0)
                    t->pawn[side][s][np++] = (uint8_t)u;
                if ((u = at(f + 1, r)) >= 0)
                    t->pawn[side][s][np++] = (uint8_t)u;
            }
            /* Enemy pawns that attack side's general on s: one point ahead of
               it (from the general's view) or beside it. A pawn beside a
               general in its palace has always crossed the river. */
            int ahead = at(f, r + fwd);
            int npa = 0;
            if (ahead >= 0)
                t->pawn_att[side][s][npa++] = (uint8_t)ahead;
            if (xq_in_palace(s)) {
                if ((u = at(f - 1, r)) >= 0)
                    t->pawn_att[side][s][npa++] = (uint8_t)u;
                if ((u = at(f + 1, r)) >= 0)
                    t->pawn_att[side][s][npa++] = (uint8_t)u;
            }
        }
    }

    uint64_t seed = 0x58494E4751493031ULL; /* "XINGQI01" */
    memset(t->zob, 0, sizeof t->zob);
    for (int pc = 0; pc < 16; pc++) {
        int kind = pc & 7;
        if (kind == XQ_NONE)
            continue;
        for (int s = 0; s < XQ_SQUARES; s++)
            t->zob[pc][s] = bo_splitmix64(&seed);
    }
    t->zob_side = bo_splitmix64(&seed);
}

/* Thread-safe one-time table construction. */
void xq_tables_init(void)
{
    pthread_once(&tables_once, build_tables);
}

/* ICCS names are what judges and notations print. */
void xq_square_name(int sq, char out[3])
{
    if (sq < 0 || sq >= XQ_SQUARES) {
        out[0] = out[1] = '?';
    } else {
        out[0] = (char)('a' + XQ_FILE_OF(sq));
        out[1] = (char)('0' + XQ_RANK_OF(sq));
    }
    out[2] = '\0';
}

/* Inverse of xq_square_name; accepts upper-case files too. */
int xq_square_parse(const char *s)
{
    if (!s)
        return -1;
    int f = s[0] >= 'A' && s[0] <= 'I' ? s[0] - 'A' : s[0] - 'a';
    int r = s[1] - '0';
    if (f < 0 || f >= XQ_FILES || r < 0 || r >= XQ_RANKS)
        return -1;
    return XQ_SQ(f, r);
}

/* Coordinate move text, handy for logs and tests. */
void xq_move_name(xq_move m, char out[5])
{
    xq_square_name(XQ_FROM(m), out);
    xq_square_name(XQ_TO(m), out + 2);
}
