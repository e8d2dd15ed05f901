/* xq_internal.h - internals shared by the engine/xiangqi sources (not public). */
#ifndef BOYI_XQ_INTERNAL_H
#define BOYI_XQ_INTERNAL_H

#include "core.h"
#include "xiangqi.h"

#define XQ_END 0xFF   /* terminates the square lists below */

/* A step that can be blocked: destination and the point that must be empty
   (horse's leg, elephant's eye). */
typedef struct xq_step { uint8_t to, via; } xq_step;

/* Constant move and attack tables, built once by xq_tables_init. */
typedef struct xq_tables {
    uint8_t ray[XQ_SQUARES][4][10];       /* squares outward: +file, -file, +rank, -rank */
    xq_step horse[XQ_SQUARES][9];         /* horse moves with their legs */
    xq_step elephant[XQ_SQUARES][5];      /* elephant moves within its own half, with eyes */
    uint8_t advisor[XQ_SQUARES][5];       /* diagonal steps inside the palace */
    uint8_t king[XQ_SQUARES][5];          /* orthogonal steps inside the palace */
    uint8_t pawn[2][XQ_SQUARES][4];       /* pawn steps per side */
    xq_step horse_att[XQ_SQUARES][9];     /* .to = square a horse attacks this square from, .via = its leg */
    uint8_t pawn_att[2][XQ_SQUARES][4];   /* squares from which an enemy pawn attacks side s's general here */
    uint64_t zob[16][XQ_SQUARES];         /* Zobrist key per piece byte and square */
    uint64_t zob_side;                    /* xor-ed in when black is to move */
} xq_tables;

/* The tables; valid only after xq_tables_init() (every public entry point calls it). */
extern xq_tables xq_tab;
void xq_tables_init(void);

/* Slot layout (see xiangqi.h): first slot and slot count per kind. */
static const int xq_slot_first[8] = { 0, 0, 1, 3, 5, 7, 9, 11 };
static const int xq_slot_count[8] = { 0, 1, 2, 2, 2, 2, 2, 5 };

/* Geometry helpers. */
static inline bool xq_in_palace(int sq)
{
    int f = XQ_FILE_OF(sq), r = XQ_RANK_OF(sq);
    return f >= 3 && f <= 5 && (r <= 2 || r >= 7);
}
/* Which half a rank lies in: 0 = red's (ranks 0-4), 1 = black's. */
static inline int xq_half(int sq) { return XQ_RANK_OF(sq) >= 5; }

/* Is side's general attacked on board b, with the general on ksq? */
bool xq_attacked(const uint8_t *b, int ksq, xq_side side);

/* Make/unmake without the init call or argument checks (hot path). */
void xq_make_fast(xq_pos *p, xq_move m, xq_undo *u);
void xq_unmake_fast(xq_pos *p, xq_move m, const xq_undo *u);

/* Legal moves of a position that may be changed and restored during
   generation (it is left as it was). */
int xq_gen_legal_mut(xq_pos *p, xq_move *out);
/* Pseudo-legal moves (piece movement rules only, no king safety). */
int xq_gen_pseudo(const xq_pos *p, xq_move *out);

/* Hash of a board + side, computed from scratch. */
uint64_t xq_hash_full(const uint8_t *b, xq_side side);

/* Errors go through the shared helper: `return xq_fail(err, errlen, ...)`. */
#define xq_fail bo_fail

#endif
