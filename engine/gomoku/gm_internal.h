/* gm_internal.h - shared internals of the gomoku module (not a public API).
 *
 * A "window" is the 11 points of one line centred on a point: offsets 0..10 along the
 * line, the centre at offset 5. Each point is empty, own, or blocked (the other colour
 * or off the board). Windows are indexed in base 3 over the 10 non-centre points
 * (0 empty, 1 own, 2 blocked); the centre is taken as own. Eleven points are enough
 * for every question asked here: a five through the centre spans at most offsets 1..9
 * and its exactness is decided by offsets 0 and 10.
 */
#ifndef BOYI_GM_INTERNAL_H
#define BOYI_GM_INTERNAL_H

#include "gomoku.h"

enum { GMI_WIN = 11, GMI_CENTER = 5, GMI_NPAT = 59049 /* 3^10 */ };

/* Packed line facts for black under renju (exact-five mode), in gmi_tables.foul. */
enum {
    GMI_F_FIVE = 1u << 0,     /* the centre completes an exact five on this line   */
    GMI_F_OVER = 1u << 1,     /* the centre makes six or more                       */
    GMI_F_FOURS_SHIFT = 2,    /* 2 bits: fours made on this line (0, 1 or 2)        */
    GMI_F_THREE_SHIFT = 4     /* 11 bits: offsets whose stone makes a straight four */
};

typedef struct gmi_tables {
    uint16_t idx3[1u << GMI_WIN];   /* base-3 weight of an 11-bit mask (centre ignored) */
    uint32_t foul[GMI_NPAT];        /* exact-five facts for black, see GMI_F_*           */
    uint8_t shape[2][GMI_NPAT];     /* gm_shape; [0] exact five wins, [1] five or more  */
} gmi_tables;

/* The tables, built once (thread-safe). */
const gmi_tables *gmi_tables_get(void);

/* Direction steps: dir 0 row (1,0), 1 column (0,1), 2 diagonal (1,1), 3 (1,-1). */
static inline int gmi_dx(int dir) { return dir == 1 ? 0 : 1; }
static inline int gmi_dy(int dir) { return dir == 0 ? 0 : dir == 3 ? -1 : 1; }

/* Line number and position along the line of (x,y) in direction dir. */
static inline int gmi_line(const gm_board *b, int dir, int x, int y)
{
    switch (dir) {
    case 0: return y;
    case 1: return x;
    case 2: return x - y + b->size - 1;
    default: return x + y;
    }
}
static inline int gmi_pos(int dir, int x, int y)
{
    return dir == 1 ? y : x;
}

/* Pattern index of the window around (x,y) in direction dir, for colour s. */
static inline unsigned gmi_index(const gmi_tables *t, const gm_board *b, int dir, int x,
                                 int y, gm_stone s)
{
    int line = gmi_line(b, dir, x, y), pos = gmi_pos(dir, x, y);
    uint32_t own, blk;
    if (s == GM_BLACK) {
        own = b->line_black[dir][line];
        blk = b->line_white[dir][line];
    } else {
        own = b->line_white[dir][line];
        blk = b->line_black[dir][line];
    }
    blk |= b->line_off[dir][line];
    return (unsigned)t->idx3[(own >> pos) & 0x7FFu] + 2u * t->idx3[(blk >> pos) & 0x7FFu];
}

/* Sets or clears the black bits of (x,y) in the line masks only (probe stones). */
static inline void gmi_probe_black(gm_board *b, int x, int y, bool on)
{
    for (int d = 0; d < 4; d++) {
        uint32_t bit = 1u << (gmi_pos(d, x, y) + GM_LINE_PAD);
        int line = gmi_line(b, d, x, y);
        if (on)
            b->line_black[d][line] |= bit;
        else
            b->line_black[d][line] &= ~bit;
    }
}

/* Renju verdict for black at the empty point (x,y): 0 allowed, 1..3 a gm_foul,
 * GMI_FIVE when the move makes an exact five. */
enum { GMI_FIVE = 4 };
int gmi_classify(gm_board *b, int x, int y);

/* Does colour s have a winning five at (x,y) if it played there (1D, per rules)? */
bool gmi_makes_five(const gmi_tables *t, const gm_board *b, int x, int y, gm_stone s);
/* The five points of side s on the four lines through (x,y), at most 8 distinct
 * ones (a stone just placed there made a four if there is one); returns how many. */
int gmi_five_points_near(const gmi_tables *t, const gm_board *b, int x, int y, gm_stone s, int *px, int *py);
/* Does side s make a four (or better, not an overline) at the empty point (x,y)? */
bool gmi_makes_four(const gmi_tables *t, const gm_board *b, int x, int y, gm_stone s);

/* Bits set in V: inline arithmetic, as fast as the instruction where the build does not
 * target one (the library call __builtin_popcount makes is not). */
static inline int gmi_popcount(uint32_t v)
{
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    v = (v + (v >> 4)) & 0x0F0F0F0Fu;
    return (int)((v * 0x01010101u) >> 24);
}

/* Is stone s restricted (renju black)? */
static inline bool gmi_restricted(const gm_board *b, gm_stone s)
{
    return b->rules == GM_RENJU && s == GM_BLACK;
}

/* Which shape table applies to colour s: 0 exact five wins, 1 five or more wins. */
static inline int gmi_mode(const gm_board *b, gm_stone s)
{
    if (b->rules == GM_STANDARD)
        return 0;
    if (b->rules == GM_RENJU && s == GM_BLACK)
        return 0;
    return 1;
}

#endif
