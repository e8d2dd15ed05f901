/* evaluate.c -- the static evaluation of international draughts positions.
 *
 * Terms, for white and mirrored for black (square s of black is square 51 - s of
 * white seen from the other side, so one function counts both):
 *   - material: men and kings (a king is worth about three men);
 *   - tempo: rows advanced by the men, weighted more in endings;
 *   - centre: men on the six central squares;
 *   - back-rank guard: men kept on 47-49 while the opponent has no king (they stop
 *     breakthroughs);
 *   - outposts: a man on the opponent's half with both squares behind it held;
 *   - runaway men: a man whose way to the promotion row no opposing piece can cut;
 *   - edge men and the balance of men between the two wings;
 *   - a king while the opponent has none (it dominates the men);
 *   - a table of the men's squares (what the terms above leave over).
 * The weights are fitted to an outside engine's scores (docs/engine-draughts.md).  Bitboards: bit
 * s-1 for square s, as in draughts.h. */
#include "dr_eval.h"
#include "dr_internal.h"
#include "dr_pattern.h"

#define MASK_LEFT   UINT64_C(0x0e338ce338ce3)
#define MASK_RIGHT  UINT64_C(0x31cc731cc731c)
#define MASK_EDGE   UINT64_C(0x0300c0300c030)
#define MASK_CENTRE UINT64_C(0x000001ce00000)
#define MASK_GUARD  UINT64_C(0x1c00000000000)
#define MASK_HALF   UINT64_C(0x0000001ffffff)
#define ROW(r) (UINT64_C(0x1f) << (5 * (r)))
/* A man on row r has advanced 9 - r rows (row 9: none); ADVANCE_BITk holds the rows
 * where that number has bit k, so that four counts weighted 1, 2, 4, 8 sum the rows
 * (nine counts, one a row, took longer). */
#define ADVANCE_BIT0 (ROW(0) | ROW(2) | ROW(4) | ROW(6) | ROW(8))
#define ADVANCE_BIT1 (ROW(2) | ROW(3) | ROW(6) | ROW(7))
#define ADVANCE_BIT2 (ROW(2) | ROW(3) | ROW(4) | ROW(5))
#define ADVANCE_BIT3 (ROW(0) | ROW(1))

/* Fitted by tools/dr_tune.c to Scan 2.0's depth-8 scores of 16042 quiet positions of
 * the corpus games (docs/engine-draughts.md). */
const dr_eval_weights dr_eval_default = {{
    [DR_F_MEN] = 100, [DR_F_KINGS] = 280, [DR_F_ADVANCE] = 15, [DR_F_ADVANCE_END] = 1, [DR_F_CENTRE] = -19, [DR_F_GUARD] = -51,
    [DR_F_OUTPOST] = -18, [DR_F_RUNAWAY] = 133, [DR_F_RUNAWAY_ROWS] = -25, [DR_F_EDGE] = -22, [DR_F_BALANCE] = -5, [DR_F_KING_ALONE] = 182,
    /* men by square, 1..50 (black's mirrored) */
    [DR_F_PST] =
    0, 0, 0, 0, 0,
    -67, 95, -5, 76, 89,
    16, -41, -43, -13, -59,
    -54, -38, -62, -55, -50,
    -57, -36, -6, -32, -25,
    -12, -9, 0, -14, -38,
    -23, -19, -14, -20, 0,
    14, -3, -1, -4, -12,
    1, 14, 16, 7, 23,
    37, 85, 94, 82, 17,
}};

const char *const dr_feature_names[DR_F_PST] = {
    "men", "kings", "advance", "advance_end", "centre", "guard", "outpost", "runaway",
    "runaway_rows", "edge", "balance", "king_alone",
};

/* The evaluation counts some twenty sets a position.  Built without -mpopcnt (the
 * program runs on any x86-64) the builtin is a library call, and the inline count of
 * dr_internal.h a dozen instructions: on x86-64 with GCC or Clang the terms come in
 * two versions, one compiled for the processor's count instruction, the other with
 * the inline count, and dr_eval_terms asks the processor which one it may run
 * (HW_COUNT; 7% fewer instructions in the search, docs/engine-draughts.md).  HW
 * is a constant in each version, so each count compiles to one of the two. */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && !defined(__POPCNT__)
#define HW_COUNT 1
#define ALWAYS_INLINE static inline __attribute__((always_inline))
ALWAYS_INLINE int count(uint64_t b, bool hw) { return hw ? __builtin_popcountll(b) : DRI_POPCOUNT(b); }
#else
#define HW_COUNT 0
#define ALWAYS_INLINE static inline
ALWAYS_INLINE int count(uint64_t b, bool hw) { (void)hw; return DRI_POPCOUNT(b); }
#endif
static int popcount(uint64_t b) { return DRI_POPCOUNT(b); }

/* Row 0 (white's promotion row) .. 9 of square s. */
static int row_of(int s) { return (s - 1) / 5; }

/* The squares of the opponent's half (1..25) that the outpost and runaway terms look
 * at, each as a set read once per man rather than walked square by square (the walk
 * took a fifth of the evaluation's time).  behind[s-1]: the two squares behind s
 * (towards row 9), both on the board, else 0 (an edge man is no outpost).  cone[s-1]:
 * the cone ahead of s, k rows up and k + 1 columns either side for k = 1 .. the row of
 * s, where an opposing piece could still cut the man's way.  Made from the definitions
 * by row and column, and checked against them by tests/draughts_engine/test_fast_paths.c. */
static const uint64_t behind[25] = {
    UINT64_C(0x00000060), UINT64_C(0x000000c0), UINT64_C(0x00000180), UINT64_C(0x00000300), UINT64_C(0x00000000),
    UINT64_C(0x00000000), UINT64_C(0x00000c00), UINT64_C(0x00001800), UINT64_C(0x00003000), UINT64_C(0x00006000),
    UINT64_C(0x00018000), UINT64_C(0x00030000), UINT64_C(0x00060000), UINT64_C(0x000c0000), UINT64_C(0x00000000),
    UINT64_C(0x00000000), UINT64_C(0x00300000), UINT64_C(0x00600000), UINT64_C(0x00c00000), UINT64_C(0x01800000),
    UINT64_C(0x06000000), UINT64_C(0x0c000000), UINT64_C(0x18000000), UINT64_C(0x30000000), UINT64_C(0x00000000),
};
static const uint64_t cone[25] = {
    UINT64_C(0x00000000), UINT64_C(0x00000000), UINT64_C(0x00000000), UINT64_C(0x00000000), UINT64_C(0x00000000),
    UINT64_C(0x00000001), UINT64_C(0x00000003), UINT64_C(0x00000006), UINT64_C(0x0000000c), UINT64_C(0x00000018),
    UINT64_C(0x00000063), UINT64_C(0x000000c7), UINT64_C(0x0000018e), UINT64_C(0x0000031c), UINT64_C(0x00000218),
    UINT64_C(0x00000463), UINT64_C(0x00000ce7), UINT64_C(0x000019cf), UINT64_C(0x0000339e), UINT64_C(0x0000631c),
    UINT64_C(0x00018ce7), UINT64_C(0x00031def), UINT64_C(0x00063bdf), UINT64_C(0x000c739e), UINT64_C(0x0008631c),
};

/* Square s -> 51 - s: black's men then move "up" like white's. */
uint64_t dr_eval_mirror(uint64_t b)
{
    b = ((b >> 1) & UINT64_C(0x5555555555555555)) | ((b & UINT64_C(0x5555555555555555)) << 1);
    b = ((b >> 2) & UINT64_C(0x3333333333333333)) | ((b & UINT64_C(0x3333333333333333)) << 2);
    b = ((b >> 4) & UINT64_C(0x0F0F0F0F0F0F0F0F)) | ((b & UINT64_C(0x0F0F0F0F0F0F0F0F)) << 4);
    b = __builtin_bswap64(b);
    return b >> 14;
}

/* One side's features but the men's table, white's way up (men moving towards row 0):
 * an outpost is a man on the opponent's half held from both squares behind; a runaway
 * man one with no opposing piece in its cone (the cone widens by one column per row,
 * which covers every interception by a man), counted while the opponent has no king. */
ALWAYS_INLINE void side_terms(uint64_t men, uint64_t kings, uint64_t enemy, uint64_t enemy_kings, bool ending,
                              int *f, int sign, bool hw)
{
    int advance = count(men & ADVANCE_BIT0, hw) + 2 * count(men & ADVANCE_BIT1, hw) + 4 * count(men & ADVANCE_BIT2, hw)
                + 8 * count(men & ADVANCE_BIT3, hw);
    int outposts = 0, runs = 0, run_rows = 0;
    for (uint64_t b = men & MASK_HALF; b; b &= b - 1) {
        int i = DRI_CTZ(b);
        if (behind[i] && (men & behind[i]) == behind[i]) outposts++;
        if (!enemy_kings && !(cone[i] & enemy)) { runs++; run_rows += row_of(i + 1); }
    }
    f[DR_F_MEN] += sign * count(men, hw);
    f[DR_F_KINGS] += sign * count(kings, hw);
    f[DR_F_ADVANCE] += sign * advance;
    f[DR_F_ADVANCE_END] += ending ? sign * advance : 0;
    f[DR_F_CENTRE] += sign * count(men & MASK_CENTRE, hw);
    f[DR_F_GUARD] += enemy_kings ? 0 : sign * count(men & MASK_GUARD, hw);
    f[DR_F_OUTPOST] += sign * outposts;
    f[DR_F_RUNAWAY] += sign * runs;
    f[DR_F_RUNAWAY_ROWS] += sign * run_rows;
    f[DR_F_EDGE] += sign * count(men & MASK_EDGE, hw);
    int lr = count(men & MASK_LEFT, hw) - count(men & MASK_RIGHT, hw);
    f[DR_F_BALANCE] += sign * (lr < 0 ? -lr : lr);
    f[DR_F_KING_ALONE] += enemy_kings ? 0 : sign * count(kings, hw);
}

/* dr_eval_terms' body, for the count instruction (HW) or without. */
ALWAYS_INLINE void terms(const dr_pos *p, int f[DR_F_PST], bool hw)
{
    for (int i = 0; i < DR_F_PST; i++) f[i] = 0;
    uint64_t wk = p->white & p->kings, bk = p->black & p->kings;
    uint64_t wm = p->white & ~p->kings, bm = p->black & ~p->kings;
    bool ending = count(p->white | p->black, hw) <= 16;
    side_terms(wm, wk, p->black, bk, ending, f, 1, hw);
    side_terms(dr_eval_mirror(bm), dr_eval_mirror(bk), dr_eval_mirror(p->white), wk, ending, f, -1, hw);
}

#if HW_COUNT
/* The version with the count instruction. */
__attribute__((target("popcnt"))) static void terms_hw(const dr_pos *p, int f[DR_F_PST])
{
    terms(p, f, true);
}
#endif

void dr_eval_terms(const dr_pos *p, int f[DR_F_PST])
{
#if HW_COUNT
    if (__builtin_cpu_supports("popcnt")) {
        terms_hw(p, f);
        return;
    }
#endif
    terms(p, f, false);
}

void dr_eval_features(const dr_pos *p, int f[DR_NFEATURES])
{
    dr_eval_terms(p, f);
    for (int i = DR_F_PST; i < DR_NFEATURES; i++) f[i] = 0;
    for (uint64_t b = p->white & ~p->kings; b; b &= b - 1) f[DR_F_PST + DRI_CTZ(b)]++;
    for (uint64_t b = dr_eval_mirror(p->black & ~p->kings); b; b &= b - 1) f[DR_F_PST + DRI_CTZ(b)]--;
}

/* A lone king against at most three pieces is drawn under the 16- and 5-move rules
 * nearly always (and against one or two pieces always); what is left is a hint. */
static bool drawish(uint64_t strong, uint64_t weak, uint64_t kings)
{
    return (weak & kings) && !(weak & (weak - 1)) && popcount(strong) <= 3;   /* one piece, a king: no count */
}

int dr_evaluate_with(const dr_pos *p, const dr_eval_weights *w)
{
    int f[DR_NFEATURES];
    dr_eval_features(p, f);
    int v = 0;
    for (int i = 0; i < DR_NFEATURES; i++) v += w->w[i] * f[i];
    if (dr_eval_drawish(p)) v /= 8;
    return p->side == DR_WHITE ? v : -v;
}

bool dr_eval_drawish(const dr_pos *p)
{
    return drawish(p->white, p->black, p->kings) || drawish(p->black, p->white, p->kings);
}

int dr_evaluate(const dr_pos *p)
{
    if (p->variant == DR_INTERNATIONAL) return drp_evaluate_with(p, drp_default);   /* the pattern model */
    if (p->variant != DR_FRISIAN) return dr_v8_evaluate(p);   /* Frisian: the 10x10 hand terms */
    return dr_evaluate_with(p, &dr_eval_default);
}
