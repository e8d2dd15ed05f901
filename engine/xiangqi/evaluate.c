/* evaluate.c -- the static evaluation of Xiangqi positions.
 *
 * Terms, each from red's side and mirrored for black:
 *   - material: pawn 100 (200 once across the river), advisor and elephant 200,
 *     horse 400, cannon 450, chariot 900;
 *   - piece-square terms: pawns gain as they near the palace and lose on the last
 *     rank; horses like the centre and the enemy half; the general dislikes leaving
 *     its home point;
 *   - mobility: chariot and cannon squares along their lines, horse moves whose leg
 *     is free;
 *   - patterns: the central cannon facing the general (more when nothing stands
 *     between: the hollow cannon), chariots on files without own pawns, connected
 *     advisors and elephants, and missing defenders counted against the attackers
 *     (chariots, horses, cannons) the other side has left.
 * The weights are set by hand from the usual playing lore and are not yet tuned
 * (docs/xiangqi.md says how tuning will be done). */
#include "xq_eval.h"

enum { PAWN = 100, ADVISOR = 200, ELEPHANT = 200, HORSE = 400, CANNON = 450, CHARIOT = 900 };

/* Rank and file as seen from the owner's side: rank 0 its back rank. */
static int own_rank(int sq, xq_side s) { return s == XQ_RED ? XQ_RANK_OF(sq) : 9 - XQ_RANK_OF(sq); }

static int pawn_square(int sq, xq_side s)
{
    static const int by_rank[10] = {0, 0, 0, 0, 5, 100, 130, 150, 140, 110};
    int r = own_rank(sq, s), f = XQ_FILE_OF(sq);
    int v = by_rank[r];
    if (r >= 5 && r <= 8 && f >= 3 && f <= 5) v += 20;       /* near the palace */
    if (r == 4 && f == 4) v += 10;                            /* the middle pawn */
    return v;
}

static int horse_square(int sq, xq_side s)
{
    static const int by_file[9] = {-20, -5, 5, 10, 10, 10, 5, -5, -20};
    static const int by_rank[10] = {-15, 0, 0, 10, 15, 25, 30, 25, 10, -10};
    return by_file[XQ_FILE_OF(sq)] + by_rank[own_rank(sq, s)];
}

static int king_square(int sq, xq_side s)
{
    return -20 * own_rank(sq, s) - (XQ_FILE_OF(sq) != 4 ? 10 : 0);
}

/* Squares a chariot (or a cannon, without its captures) reaches along one line. */
static int slide(const xq_pos *p, int sq, int df, int dr)
{
    int f = XQ_FILE_OF(sq) + df, r = XQ_RANK_OF(sq) + dr, n = 0;
    while (f >= 0 && f < 9 && r >= 0 && r < 10 && !p->sq[XQ_SQ(f, r)]) { n++; f += df; r += dr; }
    return n;
}

static int line_mobility(const xq_pos *p, int sq)
{
    return slide(p, sq, 1, 0) + slide(p, sq, -1, 0) + slide(p, sq, 0, 1) + slide(p, sq, 0, -1);
}

/* Horse moves whose leg is free and whose landing square is on the board. */
static int horse_mobility(const xq_pos *p, int sq)
{
    static const int legs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    int f = XQ_FILE_OF(sq), r = XQ_RANK_OF(sq), n = 0;
    for (int i = 0; i < 4; i++) {
        int lf = f + legs[i][0], lr = r + legs[i][1];
        if (lf < 0 || lf > 8 || lr < 0 || lr > 9 || p->sq[XQ_SQ(lf, lr)]) continue;
        for (int side = -1; side <= 1; side += 2) {
            int tf = lf + (legs[i][0] ? legs[i][0] : side), tr = lr + (legs[i][1] ? legs[i][1] : side);
            if (tf >= 0 && tf <= 8 && tr >= 0 && tr <= 9) n++;
        }
    }
    return n;
}

/* Pieces standing between two squares of one file (exclusive). */
static int between_on_file(const xq_pos *p, int a, int b)
{
    int f = XQ_FILE_OF(a), lo = XQ_RANK_OF(a), hi = XQ_RANK_OF(b), n = 0;
    if (lo > hi) { int t = lo; lo = hi; hi = t; }
    for (int r = lo + 1; r < hi; r++) n += p->sq[XQ_SQ(f, r)] != 0;
    return n;
}

typedef struct side_facts {
    int king;                  /* square */
    int advisors, elephants, attackers;
    int pawn_files;            /* bit per file holding an own pawn */
} side_facts;

static void gather(const xq_pos *p, side_facts f[2])
{
    for (int s = 0; s < 2; s++) f[s] = (side_facts){.king = -1};
    for (int sq = 0; sq < XQ_SQUARES; sq++) {
        uint8_t pc = p->sq[sq];
        if (!pc) continue;
        side_facts *o = &f[XQ_SIDE(pc)];
        switch (XQ_KIND(pc)) {
        case XQ_KING: o->king = sq; break;
        case XQ_ADVISOR: o->advisors++; break;
        case XQ_ELEPHANT: o->elephants++; break;
        case XQ_PAWN: o->pawn_files |= 1 << XQ_FILE_OF(sq); break;
        case XQ_HORSE: case XQ_CHARIOT: case XQ_CANNON: o->attackers++; break;
        default: break;
        }
    }
}

/* One piece's worth for its owner: material, square, mobility and patterns. */
static int piece_value(const xq_pos *p, int sq, uint8_t pc, const side_facts f[2])
{
    xq_side s = XQ_SIDE(pc);
    int enemy_king = f[1 - s].king;
    switch (XQ_KIND(pc)) {
    case XQ_PAWN: return PAWN + pawn_square(sq, s);
    case XQ_ADVISOR: return ADVISOR;
    case XQ_ELEPHANT: return ELEPHANT;
    case XQ_HORSE: return HORSE + horse_square(sq, s) + 6 * horse_mobility(p, sq);
    case XQ_CHARIOT: {
        int v = CHARIOT + 4 * line_mobility(p, sq);
        if (!(f[s].pawn_files & (1 << XQ_FILE_OF(sq)))) v += 15;
        return v;
    }
    case XQ_CANNON: {
        int v = CANNON + 2 * line_mobility(p, sq);
        if (enemy_king >= 0 && XQ_FILE_OF(sq) == XQ_FILE_OF(enemy_king) && XQ_FILE_OF(sq) == 4) {
            int screens = between_on_file(p, sq, enemy_king);
            if (screens == 0) v += 60;         /* hollow cannon: the general cannot leave the file lightly */
            else if (screens == 1) v += 25;    /* a central cannon giving check through a screen */
            else if (screens == 2) v += 15;
        }
        return v;
    }
    case XQ_KING: return king_square(sq, s);
    default: return 0;
    }
}

int xq_evaluate(const xq_pos *p)
{
    side_facts f[2];
    gather(p, f);
    int score[2] = {0, 0};
    for (int sq = 0; sq < XQ_SQUARES; sq++)
        if (p->sq[sq]) score[XQ_SIDE(p->sq[sq])] += piece_value(p, sq, p->sq[sq], f);
    for (int s = 0; s < 2; s++) {
        if (f[s].advisors == 2) score[s] += 10;
        if (f[s].elephants == 2) score[s] += 10;
        int missing = (2 - f[s].advisors) + (2 - f[s].elephants);
        score[s] -= missing * f[1 - s].attackers * 8;
    }
    int stm = p->side == XQ_RED ? 0 : 1;
    return score[stm] - score[1 - stm] + 10;   /* the move is worth a little */
}
