/* dr_pattern.c -- the pattern evaluation of international draughts (dr_pattern.h has
 * the model; docs/engine-draughts.md why it is cut so).
 *
 * Method: the hand terms come from dr_eval_terms (evaluate.c), the men's table read
 * man by man; a region's index is read from the bitboards directly: the region's two
 * dark squares in a row are consecutive bits, so four shifts gather its eight squares'
 * bits of each colour into a byte, and a 256-entry table turns a byte into the base-3
 * number with those digits 1.  White's index is men-of-white + 2 x men-of-black;
 * black's is the same on the mirrored bitboards (square s to 51 - s) with the colours'
 * roles swapped.  Computed from nothing at each evaluation: 16 regions of a few
 * operations each (kept incrementally in the position it did not pay:
 * docs/engine-draughts.md).  Each index reads two tables, the middle game's and the
 * ending's; the two sums are mixed by the pieces on the board with one division at
 * the end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dr_internal.h"
#include "dr_pattern.h"

/* The first square of each of region t's four rows (the second is the next square). */
static const uint8_t region_rows[DRP_REGIONS][4] = {
    {21, 26, 31, 36}, {22, 27, 32, 37}, {23, 28, 33, 38}, {24, 29, 34, 39},
    {31, 36, 41, 46}, {32, 37, 42, 47}, {33, 38, 43, 48}, {34, 39, 44, 49},
};

/* Byte x as a base-3 number whose digit k is bit k of x. */
static const uint16_t ternary[256] = {
    0, 1, 3, 4, 9, 10, 12, 13, 27, 28, 30, 31, 36, 37, 39, 40,
    81, 82, 84, 85, 90, 91, 93, 94, 108, 109, 111, 112, 117, 118, 120, 121,
    243, 244, 246, 247, 252, 253, 255, 256, 270, 271, 273, 274, 279, 280, 282, 283,
    324, 325, 327, 328, 333, 334, 336, 337, 351, 352, 354, 355, 360, 361, 363, 364,
    729, 730, 732, 733, 738, 739, 741, 742, 756, 757, 759, 760, 765, 766, 768, 769,
    810, 811, 813, 814, 819, 820, 822, 823, 837, 838, 840, 841, 846, 847, 849, 850,
    972, 973, 975, 976, 981, 982, 984, 985, 999, 1000, 1002, 1003, 1008, 1009, 1011, 1012,
    1053, 1054, 1056, 1057, 1062, 1063, 1065, 1066, 1080, 1081, 1083, 1084, 1089, 1090, 1092, 1093,
    2187, 2188, 2190, 2191, 2196, 2197, 2199, 2200, 2214, 2215, 2217, 2218, 2223, 2224, 2226, 2227,
    2268, 2269, 2271, 2272, 2277, 2278, 2280, 2281, 2295, 2296, 2298, 2299, 2304, 2305, 2307, 2308,
    2430, 2431, 2433, 2434, 2439, 2440, 2442, 2443, 2457, 2458, 2460, 2461, 2466, 2467, 2469, 2470,
    2511, 2512, 2514, 2515, 2520, 2521, 2523, 2524, 2538, 2539, 2541, 2542, 2547, 2548, 2550, 2551,
    2916, 2917, 2919, 2920, 2925, 2926, 2928, 2929, 2943, 2944, 2946, 2947, 2952, 2953, 2955, 2956,
    2997, 2998, 3000, 3001, 3006, 3007, 3009, 3010, 3024, 3025, 3027, 3028, 3033, 3034, 3036, 3037,
    3159, 3160, 3162, 3163, 3168, 3169, 3171, 3172, 3186, 3187, 3189, 3190, 3195, 3196, 3198, 3199,
    3240, 3241, 3243, 3244, 3249, 3250, 3252, 3253, 3267, 3268, 3270, 3271, 3276, 3277, 3279, 3280,
};

const int drp_default[DRP_NWEIGHTS] = {
#include "dr_pattern_weights.h"
};

void drp_region_squares(int t, int sq[DRP_REGION_SQUARES])
{
    for (int j = 0; j < 4; j++) {
        sq[2 * j] = region_rows[t][j];
        sq[2 * j + 1] = region_rows[t][j] + 1;
    }
}

/* Region T's squares of bitboard B as a byte, square k at bit k: its rows' pairs of
 * bits are five apart (a row has five squares), so one shift brings the region down
 * and three more close the gaps. */
static unsigned gather(uint64_t b, int t)
{
    uint64_t x = b >> (region_rows[t][0] - 1);
    return (unsigned)((x & 3) | (x >> 3 & 0xC) | (x >> 6 & 0x30) | (x >> 9 & 0xC0));
}

/* The index of region T for the viewer whose men are OWN and the opponent's OPP
 * (both seen from the viewer's side). */
static inline int index_of(uint64_t own, uint64_t opp, int t)
{
    return ternary[gather(own, t)] + 2 * ternary[gather(opp, t)];
}

int drp_region_index(const dr_pos *p, int t, bool black_view)
{
    uint64_t wm = p->white & ~p->kings, bm = p->black & ~p->kings;
    return black_view ? index_of(dr_eval_mirror(bm), dr_eval_mirror(wm), t) : index_of(wm, bm, t);
}

int drp_phase(const dr_pos *p)
{
    int n = DRI_POPCOUNT(p->white | p->black);
    return n < DRP_PHASE_MAX ? n : DRP_PHASE_MAX;
}

int drp_evaluate_with(const dr_pos *p, const int *w)
{
    if (p->variant != DR_INTERNATIONAL) return dr_evaluate(p);
    const int *we = w + DRP_EG;
    int f[DR_F_PST];
    dr_eval_terms(p, f);
    int vm = 0, ve = 0;   /* the two sets' sums, white's view */
    for (int i = 0; i < DR_F_PST; i++) {
        vm += w[i] * f[i];
        ve += we[i] * f[i];
    }
    /* the men's table, read man by man: the sum dr_eval_features' table would give */
    uint64_t wm = p->white & ~p->kings, bm = p->black & ~p->kings, mw = dr_eval_mirror(wm), mb = dr_eval_mirror(bm);
    for (uint64_t b = wm; b; b &= b - 1) {
        vm += w[DR_F_PST + DRI_CTZ(b)];
        ve += we[DR_F_PST + DRI_CTZ(b)];
    }
    for (uint64_t b = mb; b; b &= b - 1) {
        vm -= w[DR_F_PST + DRI_CTZ(b)];
        ve -= we[DR_F_PST + DRI_CTZ(b)];
    }
    for (uint64_t b = p->white & p->kings; b; b &= b - 1) {
        vm += w[DRP_KING_SQ + DRI_CTZ(b)];
        ve += we[DRP_KING_SQ + DRI_CTZ(b)];
    }
    if (p->black & p->kings)
        for (uint64_t b = dr_eval_mirror(p->black & p->kings); b; b &= b - 1) {
            vm -= w[DRP_KING_SQ + DRI_CTZ(b)];
            ve -= we[DRP_KING_SQ + DRI_CTZ(b)];
        }
    for (int t = 0; t < DRP_REGIONS; t++) {
        int a = DRP_PATTERN + t * DRP_CONFIGS + index_of(wm, bm, t), b = DRP_PATTERN + t * DRP_CONFIGS + index_of(mb, mw, t);
        vm += w[a] - w[b];
        ve += we[a] - we[b];
    }
    int ph = drp_phase(p);
    int64_t v = (int64_t)vm * ph + (int64_t)ve * (DRP_PHASE_MAX - ph);   /* weights up to 1e5: past int */
    v /= dr_eval_drawish(p) ? 8 * DRP_PHASE_MAX : DRP_PHASE_MAX;
    return (int)(p->side == DR_WHITE ? v : -v);
}

/* Feature I of value X (white's view) into both sets, shared by the phase MG (the
 * middle game's share) and EG, unless 0. */
static int put(int *index, float *value, int n, int i, float x, float mg, float eg)
{
    if (x == 0) return n;
    index[n] = DRP_MG + i;
    value[n++] = x * mg;
    index[n] = DRP_EG + i;
    value[n++] = x * eg;
    return n;
}

int drp_features(const dr_pos *p, int *index, float *value)
{
    if (p->variant != DR_INTERNATIONAL) return 0;
    float scale = dr_eval_drawish(p) ? 0.125f : 1.0f, sign = p->side == DR_WHITE ? scale : -scale;
    int ph = drp_phase(p);
    float mg = sign * (float)ph / DRP_PHASE_MAX, eg = sign * (float)(DRP_PHASE_MAX - ph) / DRP_PHASE_MAX;
    int n = 0, f[DR_NFEATURES], kings[DR_SQUARES] = {0};
    dr_eval_features(p, f);
    for (int i = 0; i < DR_NFEATURES; i++) n = put(index, value, n, i, (float)f[i], mg, eg);
    for (uint64_t b = p->white & p->kings; b; b &= b - 1) kings[DRI_CTZ(b)]++;
    for (uint64_t b = dr_eval_mirror(p->black & p->kings); b; b &= b - 1) kings[DRI_CTZ(b)]--;
    for (int s = 0; s < DR_SQUARES; s++) n = put(index, value, n, DRP_KING_SQ + s, (float)kings[s], mg, eg);
    uint64_t wm = p->white & ~p->kings, bm = p->black & ~p->kings, mw = dr_eval_mirror(wm), mb = dr_eval_mirror(bm);
    for (int t = 0; t < DRP_REGIONS; t++) {
        int a = index_of(wm, bm, t), b = index_of(mb, mw, t), base = DRP_PATTERN + t * DRP_CONFIGS;
        if (a == b) continue;   /* the same contents for both: they cancel */
        n = put(index, value, n, base + a, 1, mg, eg);
        n = put(index, value, n, base + b, -1, mg, eg);
    }
    return n;
}

/* Weight I of a set (0..DRP_SET-1) named as draughts-patterns-1 named it. */
static void set_weight_name(int i, char *buf, size_t n)
{
    if (i < DR_F_PST) snprintf(buf, n, "%s", dr_feature_names[i]);
    else if (i < DRP_KING_SQ) snprintf(buf, n, "man%d", i - DR_F_PST + 1);
    else if (i < DRP_PATTERN) snprintf(buf, n, "king%d", i - DRP_KING_SQ + 1);
    else {
        int t = (i - DRP_PATTERN) / DRP_CONFIGS, c = (i - DRP_PATTERN) % DRP_CONFIGS;
        char trits[DRP_REGION_SQUARES + 1];
        for (int k = 0; k < DRP_REGION_SQUARES; k++, c /= 3) trits[k] = (char)('0' + c % 3);
        trits[DRP_REGION_SQUARES] = 0;
        snprintf(buf, n, "p%d_%s", t, trits);
    }
}

void drp_weight_name(int i, char *buf, size_t n)
{
    snprintf(buf, n, "%s_", i < DRP_EG ? "mg" : "eg");
    if (n > 3) set_weight_name(i % DRP_SET, buf + 3, n - 3);
}

/* The whole number of at most MAX digits that is all of S, or -1. */
static int number(const char *s, int max)
{
    int v = 0, d = 0;
    for (; *s >= '0' && *s <= '9' && d < max; s++, d++) v = v * 10 + (*s - '0');
    return d && !*s && !(d > 1 && v < 10 && s[-d] == '0') ? v : -1;
}

/* The index within a set of the weight draughts-patterns-1 calls NAME, or -1. */
static int set_weight_index(const char *name)
{
    if (name[0] == 'p' && name[1] >= '0' && name[1] < '0' + DRP_REGIONS && name[2] == '_'
        && strlen(name) == 3 + DRP_REGION_SQUARES) {
        int c = 0;
        for (int k = DRP_REGION_SQUARES - 1; k >= 0; k--) {
            char d = name[3 + k];
            if (d < '0' || d > '2') return -1;
            c = c * 3 + (d - '0');
        }
        return DRP_PATTERN + (name[1] - '0') * DRP_CONFIGS + c;
    }
    int s = strncmp(name, "man", 3) == 0 ? number(name + 3, 2) : -1;
    if (s >= 1 && s <= DR_SQUARES) return DR_F_PST + s - 1;
    s = strncmp(name, "king", 4) == 0 ? number(name + 4, 2) : -1;
    if (s >= 1 && s <= DR_SQUARES) return DRP_KING_SQ + s - 1;
    for (int i = 0; i < DR_F_PST; i++)
        if (strcmp(name, dr_feature_names[i]) == 0) return i;
    return -1;
}

int drp_weight_index(const char *name)
{
    int set = strncmp(name, "mg_", 3) == 0 ? DRP_MG : strncmp(name, "eg_", 3) == 0 ? DRP_EG : -1;
    int i = set < 0 ? -1 : set_weight_index(name + 3);
    return i < 0 ? -1 : set + i;
}

int drp_model1_weight(const char *name, int *out)
{
    int i = set_weight_index(name);
    if (i < 0) return 0;
    out[0] = DRP_MG + i;
    out[1] = DRP_EG + i;
    return 2;
}
