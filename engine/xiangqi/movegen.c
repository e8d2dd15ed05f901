/* movegen.c - legal move generation.
 *
 * Moves are generated per piece from the constant tables. Legality: when the
 * side to move is not in check, a move can only expose its general if the
 * general moves, or the move leaves a "critical" point (a piece that shields
 * the general from a chariot, general or cannon on one of its four lines, a
 * cannon screen, or a horse's leg on a diagonal neighbour of the general), or
 * lands on an empty point between the general and an enemy cannon that faces
 * it with no screen (it would become the screen). Only those moves, and all
 * moves when in check, are tried on the board and tested with xq_attacked.
 * Every other move is legal as generated. */
#include "xq_internal.h"

#include <string.h>

/* Bit sets over the 90 squares. */
typedef struct sqset { uint64_t w[2]; } sqset;
#define SET_ADD(s, q) ((s).w[(q) >> 6] |= 1ULL << ((q) & 63))
#define SET_HAS(s, q) (((s).w[(q) >> 6] >> ((q) & 63)) & 1)

/* Targets a side may land on: empty (bit 0) or an enemy piece byte. */
static const uint16_t land_mask[2] = { 0xFE01, 0x00FF };
#define CAN_LAND(side, c) ((land_mask[side] >> (c)) & 1)

/* Is the general still safe after playing from->to on the board? The board
   is changed and restored. */
static inline bool safe_after(uint8_t *b, int from, int to, int ksq, xq_side side)
{
    uint8_t pc = b[from], cap = b[to];
    b[to] = pc;
    b[from] = 0;
    bool ok = !xq_attacked(b, from == ksq ? to : ksq, side);
    b[from] = pc;
    b[to] = cap;
    return ok;
}

/* Find what needs testing (see the file comment). Returns true if in check. */
static bool find_critical(const xq_pos *p, int ksq, sqset *from_crit, sqset *to_crit)
{
    const uint8_t *b = p->sq;
    const xq_side side = p->side;
    const int e = (side ^ 1) << 3;
    const uint8_t chariot = (uint8_t)(e | XQ_CHARIOT), king = (uint8_t)(e | XQ_KING);
    const uint8_t cannon = (uint8_t)(e | XQ_CANNON), horse = (uint8_t)(e | XQ_HORSE);
    const uint8_t pawn = (uint8_t)(e | XQ_PAWN);
    bool check = false;

    for (const uint8_t *q = xq_tab.pawn_att[side][ksq]; *q != XQ_END; q++)
        if (b[*q] == pawn)
            check = true;
    for (const xq_step *h = xq_tab.horse_att[ksq]; h->to != XQ_END; h++) {
        if (b[h->to] != horse)
            continue;
        uint8_t leg = b[h->via];
        if (!leg)
            check = true;
        else if (XQ_SIDE(leg) == side)
            SET_ADD(*from_crit, h->via);
    }
    for (int d = 0; d < 4; d++) {
        const uint8_t *ray = xq_tab.ray[ksq][d], *q = ray;
        while (*q != XQ_END && !b[*q])
            q++;
        if (*q == XQ_END)
            continue;
        int s1 = *q++;
        while (*q != XQ_END && !b[*q])
            q++;
        int s2 = *q;
        int s3 = XQ_END;
        if (s2 != XQ_END) {
            q++;
            while (*q != XQ_END && !b[*q])
                q++;
            s3 = *q;
        }
        uint8_t c1 = b[s1], c2 = s2 != XQ_END ? b[s2] : 0, c3 = s3 != XQ_END ? b[s3] : 0;
        if (c1 == chariot || c1 == king || c2 == cannon) {
            check = true;
            continue;
        }
        if (XQ_SIDE(c1) == side) {
            if (c2 == chariot || c2 == king)
                SET_ADD(*from_crit, s1);
            else if (c3 == cannon) {
                SET_ADD(*from_crit, s1);
                if (XQ_SIDE(c2) == side)
                    SET_ADD(*from_crit, s2);
            }
        } else {
            if (c1 == cannon)
                for (const uint8_t *r = ray; *r != s1; r++)
                    SET_ADD(*to_crit, *r);
            if (c3 == cannon && XQ_SIDE(c2) == side)
                SET_ADD(*from_crit, s2);
        }
    }
    return check;
}

/* Emit from->to if legal: tested when `test` or the target is critical.
   `fast` (= !test and no critical targets at all) skips every check. */
#define EMIT(from, to)                                                              \
    do {                                                                            \
        int t_ = (to);                                                              \
        if (fast || (!test && !SET_HAS(tc, t_)) || safe_after(b, (from), t_, ksq, side)) \
            out[n++] = XQ_MOVE((from), t_);                                         \
    } while (0)
/* Per piece: must its moves be tested, and may the checks be skipped? */
#define PIECE_TEST(f)                         \
    do {                                      \
        test = all || SET_HAS(fc, (f));       \
        fast = !test && !tc_any;              \
    } while (0)

/* Generate the moves of one side. With legal=false nothing is tested and all
   pseudo-legal moves come out (the board is then not touched). */
static int generate(xq_pos *p, xq_move *out, bool legal)
{
    uint8_t *b = p->sq;
    const xq_side side = p->side;
    const uint8_t *ss = p->slot_sq + side * 16;
    const int ksq = ss[0];
    sqset fc = { { 0, 0 } }, tc = { { 0, 0 } };
    bool check = false;
    int n = 0;

    if (ksq == XQ_NO_SQ)
        return 0;
    if (legal)
        check = find_critical(p, ksq, &fc, &tc);
    const bool all = legal && check;
    const bool tc_any = (tc.w[0] | tc.w[1]) != 0;
    bool test, fast;

    /* general */
    test = legal;
    fast = !legal;
    for (const uint8_t *q = xq_tab.king[ksq]; *q != XQ_END; q++)
        if (CAN_LAND(side, b[*q]))
            EMIT(ksq, *q);

    /* advisors */
    for (int i = 1; i <= 2; i++) {
        int f = ss[i];
        if (f == XQ_NO_SQ)
            continue;
        PIECE_TEST(f);
        for (const uint8_t *q = xq_tab.advisor[f]; *q != XQ_END; q++)
            if (CAN_LAND(side, b[*q]))
                EMIT(f, *q);
    }

    /* elephants */
    for (int i = 3; i <= 4; i++) {
        int f = ss[i];
        if (f == XQ_NO_SQ)
            continue;
        PIECE_TEST(f);
        for (const xq_step *st = xq_tab.elephant[f]; st->to != XQ_END; st++)
            if (!b[st->via] && CAN_LAND(side, b[st->to]))
                EMIT(f, st->to);
    }

    /* horses */
    for (int i = 5; i <= 6; i++) {
        int f = ss[i];
        if (f == XQ_NO_SQ)
            continue;
        PIECE_TEST(f);
        for (const xq_step *st = xq_tab.horse[f]; st->to != XQ_END; st++)
            if (!b[st->via] && CAN_LAND(side, b[st->to]))
                EMIT(f, st->to);
    }

    /* chariots */
    for (int i = 7; i <= 8; i++) {
        int f = ss[i];
        if (f == XQ_NO_SQ)
            continue;
        PIECE_TEST(f);
        for (int d = 0; d < 4; d++) {
            for (const uint8_t *q = xq_tab.ray[f][d]; *q != XQ_END; q++) {
                uint8_t c = b[*q];
                if (!c) {
                    EMIT(f, *q);
                    continue;
                }
                if (XQ_SIDE(c) != side)
                    EMIT(f, *q);
                break;
            }
        }
    }

    /* cannons */
    for (int i = 9; i <= 10; i++) {
        int f = ss[i];
        if (f == XQ_NO_SQ)
            continue;
        PIECE_TEST(f);
        for (int d = 0; d < 4; d++) {
            const uint8_t *q = xq_tab.ray[f][d];
            for (; *q != XQ_END && !b[*q]; q++)
                EMIT(f, *q);
            if (*q == XQ_END)
                continue;
            for (q++; *q != XQ_END && !b[*q]; q++)
                ;
            if (*q != XQ_END && XQ_SIDE(b[*q]) != side)
                EMIT(f, *q);
        }
    }

    /* pawns */
    for (int i = 11; i <= 15; i++) {
        int f = ss[i];
        if (f == XQ_NO_SQ)
            continue;
        PIECE_TEST(f);
        for (const uint8_t *q = xq_tab.pawn[side][f]; *q != XQ_END; q++)
            if (CAN_LAND(side, b[*q]))
                EMIT(f, *q);
    }
    return n;
}

int xq_gen_legal_mut(xq_pos *p, xq_move *out)
{
    return generate(p, out, true);
}

int xq_gen_pseudo(const xq_pos *p, xq_move *out)
{
    /* With legal == false generate() reads the position only. */
    return generate((xq_pos *)p, out, false);
}

/* Public generator: works on a private copy so p may be shared between threads. */
int xq_gen_legal(const xq_pos *p, xq_move *out)
{
    xq_tables_init();
    xq_pos tmp = *p;
    return generate(&tmp, out, true);
}

/* Membership in the legal move list. */
bool xq_is_legal(const xq_pos *p, xq_move m)
{
    xq_move moves[XQ_MAX_MOVES];
    int n = xq_gen_legal(p, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return true;
    return false;
}
