/* attack.c - is a general attacked? Looked at from the general's square only,
 * which is all legality needs and far cheaper than generating enemy moves. */
#include "xq_internal.h"

/* Chariots and the enemy general (flying general) hit the first piece on a
   line, cannons the second; horses come through an empty diagonal neighbour
   of the general; pawns from one point ahead or beside. Advisors and
   elephants never leave their own half, so they cannot attack a general. */
bool xq_attacked(const uint8_t *b, int ksq, xq_side side)
{
    const int e = (side ^ 1) << 3;
    const uint8_t chariot = (uint8_t)(e | XQ_CHARIOT), king = (uint8_t)(e | XQ_KING);
    const uint8_t cannon = (uint8_t)(e | XQ_CANNON), horse = (uint8_t)(e | XQ_HORSE);
    const uint8_t pawn = (uint8_t)(e | XQ_PAWN);

    for (const uint8_t *q = xq_tab.pawn_att[side][ksq]; *q != XQ_END; q++)
        if (b[*q] == pawn)
            return true;
    for (const xq_step *h = xq_tab.horse_att[ksq]; h->to != XQ_END; h++)
        if (b[h->to] == horse && !b[h->via])
            return true;
    for (int d = 0; d < 4; d++) {
        const uint8_t *q = xq_tab.ray[ksq][d];
        while (*q != XQ_END && !b[*q])
            q++;
        if (*q == XQ_END)
            continue;
        if (b[*q] == chariot || b[*q] == king)
            return true;
        q++;
        while (*q != XQ_END && !b[*q])
            q++;
        if (*q != XQ_END && b[*q] == cannon)
            return true;
    }
    return false;
}

/* Public check test; a position without a general of side s is "not in check". */
bool xq_in_check(const xq_pos *p, xq_side s)
{
    xq_tables_init();
    int k = p->slot_sq[s * 16];
    if (k == XQ_NO_SQ)
        return false;
    return xq_attacked(p->sq, k, s);
}
