/* dr_internal.h - private to engine/draughts: the padded bitboard layout shared by
 * board.c, movegen.c, judge.c, perft.c and rules.c. Not a public header.
 *
 * Square s (1..50) lives at bit (s-1) + (s-1)/10: every pair of rows takes 11 bits, the
 * 11th (bits 10, 21, 32, 43) being a "ghost" that is never occupied and never empty.
 * With this layout one diagonal step is a shift by a constant:
 *     -6 up-left, -5 up-right, +5 down-left, +6 down-right   ("up" = towards square 1)
 * and a step off the board lands on a ghost bit or outside bits 0..53, so masking with
 * DRI_VALID (or with occupancy / empty sets, which are subsets of it) keeps lines intact.
 */
#ifndef BOYI_DR_INTERNAL_H
#define BOYI_DR_INTERNAL_H

#include "draughts.h"

#if defined(__GNUC__)
#define DRI_INLINE static inline __attribute__((always_inline))
#define DRI_CTZ(x) __builtin_ctzll(x)
#if defined(__POPCNT__)
#define DRI_POPCOUNT(x) __builtin_popcountll(x)
#else
/* Without -mpopcnt the builtin is a library call; this inline SWAR count is faster. */
DRI_INLINE int dri_popcount_swar(uint64_t x)
{
    x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}
#define DRI_POPCOUNT(x) dri_popcount_swar(x)
#endif
#else
#define DRI_INLINE static inline
/* Portable fallbacks when the compiler builtins are missing. */
DRI_INLINE int dri_popcount_(uint64_t x) { int n = 0; while (x) { x &= x - 1; n++; } return n; }
DRI_INLINE int dri_ctz_(uint64_t x) { int n = 0; while (!(x & 1)) { x >>= 1; n++; } return n; }
#define DRI_POPCOUNT(x) dri_popcount_(x)
#define DRI_CTZ(x) dri_ctz_(x)
#endif

#define DRI_PAIR(i) (UINT64_C(0x3FF) << (11 * (i)))
#define DRI_VALID (DRI_PAIR(0) | DRI_PAIR(1) | DRI_PAIR(2) | DRI_PAIR(3) | DRI_PAIR(4))
#define DRI_PROMO_WHITE UINT64_C(0x1F)              /* squares 1..5 */
#define DRI_PROMO_BLACK (UINT64_C(0x1F) << 49)      /* squares 46..50 */

/* Internal position in the padded layout. */
typedef struct dri_pos { uint64_t w, b, k; } dri_pos;

/* Internal move: bit indices in the padded layout. */
typedef struct dri_move {
    uint64_t cap;          /* captured pieces (padded layout) */
    uint8_t from, to;      /* bit indices */
    uint8_t n;             /* pieces captured */
    uint8_t promo;         /* man ends on far row */
    uint8_t king;          /* moving piece is a king */
} dri_move;

/* Square number 1..50 <-> bit index in the padded layout. */
DRI_INLINE int dri_bit_of_square(int s) { return (s - 1) + (s - 1) / 10; }
DRI_INLINE int dri_square_of_bit(int b) { return b - b / 11 + 1; }

/* Compact (bit s-1) -> padded. */
DRI_INLINE uint64_t dri_pad(uint64_t x)
{
    return (x & 0x3FF) | ((x >> 10 & 0x3FF) << 11) | ((x >> 20 & 0x3FF) << 22) |
           ((x >> 30 & 0x3FF) << 33) | ((x >> 40 & 0x3FF) << 44);
}

/* Padded -> compact. */
DRI_INLINE uint64_t dri_unpad(uint64_t x)
{
    return (x & 0x3FF) | ((x >> 11 & 0x3FF) << 10) | ((x >> 22 & 0x3FF) << 20) |
           ((x >> 33 & 0x3FF) << 30) | ((x >> 44 & 0x3FF) << 40);
}

/* Public position -> internal layout (the side to move stays in the caller). */
DRI_INLINE dri_pos dri_from_pos(const dr_pos *p)
{
    dri_pos q = { dri_pad(p->white), dri_pad(p->black), dri_pad(p->kings) };
    return q;
}

/* One diagonal step; d is one of -6, -5, +5, +6. */
DRI_INLINE uint64_t dri_step(uint64_t x, int d) { return d > 0 ? x << d : x >> -d; }

/* The MEN that can step by D into EMPTY, as origins: the move generator's and the
 * search's list of plain men's moves both start from them. */
DRI_INLINE uint64_t dri_men_stepping(uint64_t men, uint64_t empty, int d) { return dri_step(dri_step(men, d) & empty, -d); }

/* All legal moves of `side` in q (captures with maximum rule, duplicates removed unless
 * keep_dups). Writes at most `cap` moves; returns the count, or -1 on overflow. */
int dri_gen_moves(const dri_pos *q, dr_side side, bool keep_dups, dri_move *out, int cap);

/* Capture moves only (maximum rule applied); returns count (0: no capture), -1 overflow. */
int dri_gen_captures(uint64_t men, uint64_t kings, uint64_t opp, uint64_t empty, uint64_t promo,
                     bool keep_dups, dri_move *out, int cap);

/* Men (of either colour: men capture both ways) that have a jump available. */
DRI_INLINE uint64_t dri_men_jumpers(uint64_t men, uint64_t opp, uint64_t empty)
{
    return men & (((opp >> 5) & (empty >> 10)) | ((opp >> 6) & (empty >> 12)) |
                  ((opp << 5) & (empty << 10)) | ((opp << 6) & (empty << 12)));
}

/* Does the king on bit-set `k` have a capture along direction d? */
DRI_INLINE bool dri_king_ray_capture(uint64_t k, int d, uint64_t opp, uint64_t empty)
{
    uint64_t x = dri_step(k, d);
    while (x & empty) x = dri_step(x, d);
    return (x & opp) && (dri_step(x, d) & empty);
}

/* True if the side owning men/kings has any capture. */
DRI_INLINE bool dri_has_capture(uint64_t men, uint64_t kings, uint64_t opp, uint64_t empty)
{
    if (dri_men_jumpers(men, opp, empty)) return true;
    for (; kings; kings &= kings - 1) {
        uint64_t k = kings & (0 - kings);
        if (dri_king_ray_capture(k, -6, opp, empty) || dri_king_ray_capture(k, -5, opp, empty) ||
            dri_king_ray_capture(k, 5, opp, empty) || dri_king_ray_capture(k, 6, opp, empty))
            return true;
    }
    return false;
}

/* Plain moves of one king along direction d: the empty squares before the first piece. */
DRI_INLINE int dri_king_ray_len(uint64_t k, int d, uint64_t empty)
{
    int n = 0;
    for (uint64_t x = dri_step(k, d); x & empty; x = dri_step(x, d)) n++;
    return n;
}

/* Convert an internal move to the public form. */
void dri_to_public(const dri_move *im, dr_move *m);

/* Search callback for every capture sequence state from one origin (for dr_move_path and
 * the judge): called at each landing square with the captured set so far, the path of
 * landing bits (path[0..n-1]) and whether the sequence can continue from there. */
typedef void (*dri_seq_fn)(void *ctx, uint64_t captured, const uint8_t *path, int n, bool complete);
/* Walk every capture sequence of the piece on from_bit (either colour), calling fn. */
void dri_walk_captures(const dri_pos *q, int from_bit, dri_seq_fn fn, void *ctx);

/* ---- the 8x8 variants (variant.c, v8_movegen.c): same public structs, squares 1..32 --- */

/* Neighbour of square s (1..32) of variant v one diagonal step in direction dir
 * (0: towards rank 8 and file a, 1: rank 8 and file h, 2: rank 1 and file a, 3: rank 1
 * and file h); 0 off the board. */
int dri_v8_step(dr_variant v, int s, int dir);
bool dr_v8_unreachable(const dr_pos *p, char *why, size_t n);
int dr_v8_gen_moves(const dr_pos *p, dr_move *out);
int dr_v8_move_path(const dr_pos *p, const dr_move *m, uint8_t path[DR_MAX_PATH]);
uint64_t dr_v8_perft(const dr_pos *p, int depth, bool keep_dups);
int dr_v8_evaluate(const dr_pos *p);   /* v8_eval.c */
const char *dr_v8_illegal_reason(const dr_pos *p, int from, int to, bool is_capture, char *buf, size_t n);

/* ---- Frisian draughts (fr_movegen.c; board.c keeps dr_pos.fr_king in dr_make) ----- */
int dri_fr_step(int s, int dir);      /* neighbour table: dirs 0..3 diagonal, 4..7 orthogonal */
int dr_fr_blocked_king(const dr_pos *p);
int dr_fr_gen_moves(const dr_pos *p, dr_move *out);
int dr_fr_move_path(const dr_pos *p, const dr_move *m, uint8_t path[DR_MAX_PATH]);
uint64_t dr_fr_perft(const dr_pos *p, int depth, bool keep_dups);
const char *dr_fr_illegal_reason(const dr_pos *p, int from, int to, bool is_capture, char *buf, size_t n);

/* judge.c: format into BUF (N bytes) and return it, for the judges' reasons. */
/* 16, 5 or 0: the FMJD small ending the material of P is (rules.c). */
int dri_ending_kind(const dr_pos *p);

/* The Zobrist key of piece kind KIND (0 white man, 1 white king, 2 black man, 3 black
 * king) on compact bit index I (0..63), as dr_pos_hash and dr_make read it. */
uint64_t dr_zobrist_key(int kind, int i);

const char *dr_say(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
