/* evaluate.c -- the static evaluation of Xiangqi positions.
 *
 * A sum of terms, each counted for red and for black from its own side and taken as
 * red minus black, then turned to the side to move's view.  The weights are the
 * table XQ_EVAL_WEIGHTS in xq_eval.h (docs/engine-xiangqi.md says how they were
 * fitted).  The terms:
 *   - material, with an endgame share (EG_*) that grows as chariots, horses and
 *     cannons leave the board (horses and pawns gain, cannons lose);
 *   - piece-square terms: pawns by rank and (across the river) file, horses, chariots
 *     and cannons by rank and file, the general off its home point;
 *   - mobility: chariot and cannon points along their lines, horse moves whose leg is
 *     free;
 *   - king safety: the central cannon facing the general (the hollow cannon when
 *     nothing stands between), attackers standing near the enemy palace, and missing
 *     advisors and elephants counted against the attackers the other side has left;
 *   - structure: linked advisors (one on the palace centre) and elephants (guarding
 *     each other), chariots on files without own pawns or without any pawn;
 *   - the move itself (TEMPO);
 *   - piece-square tables (model xiangqi-terms-2): a weight per kind of piece and point
 *     as its owner sees it (mirrored across the middle file), a middle-game table and an
 *     endgame one taken in the endgame share; they refine the rank and file terms above,
 *     which a xiangqi-terms-1 file (its tables all 0) plays alone;
 *   - threats (model xiangqi-terms-3): pieces attacked by a lesser piece, and attacked
 *     and undefended, by kind, for the side to move and for the other side (xq_eval.h),
 *     from one map per side of the least attacker on each occupied point; skipped when
 *     their weights are all 0 (a xiangqi-terms-2 file).
 * The position is read through its piece slots (32 at most), not its 90 points.
 * xq_eval_features gives the same sum as features for `boyi train`. */
#include <string.h>

#include "xq_eval.h"
#include "xq_internal.h"

#define XQ_EVAL_VALUE(name, v) v,
#define XQ_EVAL_NAME(name, v) #name,
/* The tables' names: PST_CHARIOT_R6F3 and so on, in entry order (rank * 5 + file). */
#define PST_ROW(t, k, r) t "_" k "_R" #r "F0", t "_" k "_R" #r "F1", t "_" k "_R" #r "F2", t "_" k "_R" #r "F3", \
                         t "_" k "_R" #r "F4",
#define PST_TABLE(t, k) PST_ROW(t, k, 0) PST_ROW(t, k, 1) PST_ROW(t, k, 2) PST_ROW(t, k, 3) PST_ROW(t, k, 4) \
                        PST_ROW(t, k, 5) PST_ROW(t, k, 6) PST_ROW(t, k, 7) PST_ROW(t, k, 8) PST_ROW(t, k, 9)
#define PST_TABLES(t) PST_TABLE(t, "KING") PST_TABLE(t, "ADVISOR") PST_TABLE(t, "ELEPHANT") PST_TABLE(t, "HORSE") \
                      PST_TABLE(t, "CHARIOT") PST_TABLE(t, "CANNON") PST_TABLE(t, "PAWN")
const int xq_eval_default[] = {XQ_EVAL_WEIGHTS(XQ_EVAL_VALUE) XQ_EVAL_PST_DEFAULTS
                               XQ_EVAL_THREAT_WEIGHTS(XQ_EVAL_VALUE)};
const char *const xq_eval_names[] = {XQ_EVAL_WEIGHTS(XQ_EVAL_NAME) PST_TABLES("PST") PST_TABLES("PSTEG")
                                     XQ_EVAL_THREAT_WEIGHTS(XQ_EVAL_NAME)};
_Static_assert(sizeof xq_eval_default / sizeof xq_eval_default[0] == XQ_EVAL_NWEIGHTS, "a weight without a value");
_Static_assert(sizeof xq_eval_names / sizeof xq_eval_names[0] == XQ_EVAL_NWEIGHTS, "a weight without a name");

/* The piece-square kind of each piece slot (xiangqi.h: king, advisors, elephants,
 * horses, chariots, cannons, pawns). */
static const uint8_t slot_kind[16] = {0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6, 6, 6};

enum { PHASE_MAX = 16 };   /* 4 chariots x 2 + 4 horses + 4 cannons */

/* Rank as seen from the owner's side (0 its back rank), file from the nearer edge. */
static int own_rank(int sq, int s) { return s == XQ_RED ? XQ_RANK_OF(sq) : 9 - XQ_RANK_OF(sq); }
static int edge_file(int sq) { int f = XQ_FILE_OF(sq); return f <= 4 ? f : 8 - f; }

/* Points a chariot reaches (empty ones, and the first piece if an enemy). */
static int chariot_mobility(const uint8_t *b, int sq, int side)
{
    int n = 0;
    for (int d = 0; d < 4; d++) {
        const uint8_t *q = xq_tab.ray[sq][d];
        for (; *q != XQ_END && !b[*q]; q++) n++;
        if (*q != XQ_END && (int)XQ_SIDE(b[*q]) != side) n++;
    }
    return n;
}

/* Points a cannon moves to, and the capture past its screen if there is one. */
static int cannon_mobility(const uint8_t *b, int sq, int side)
{
    int n = 0;
    for (int d = 0; d < 4; d++) {
        const uint8_t *q = xq_tab.ray[sq][d];
        for (; *q != XQ_END && !b[*q]; q++) n++;
        if (*q == XQ_END) continue;
        for (q++; *q != XQ_END && !b[*q]; q++) {}
        if (*q != XQ_END && (int)XQ_SIDE(b[*q]) != side) n++;
    }
    return n;
}

/* Horse moves whose leg is free and whose landing point is not an own piece. */
static int horse_mobility(const uint8_t *b, int sq, int side)
{
    int n = 0;
    for (const xq_step *st = xq_tab.horse[sq]; st->to != XQ_END; st++)
        if (!b[st->via] && (!b[st->to] || (int)XQ_SIDE(b[st->to]) != side)) n++;
    return n;
}

/* Pieces standing strictly between two points of one file. */
static int between_on_file(const uint8_t *b, int a, int c)
{
    int lo = a < c ? a : c, hi = a < c ? c : a, n = 0;
    for (int q = lo + 9; q < hi; q += 9) n += b[q] != 0;
    return n;
}

/* Is a point near the palace of the side whose back rank is own rank 0 of ENEMY? */
static bool near_enemy_palace(int sq, int side)
{
    int r = own_rank(sq, side), f = XQ_FILE_OF(sq);
    return r >= 6 && f >= 2 && f <= 6;
}

/* Do two elephants of a side guard each other (one move apart, the eye free)? */
static bool elephants_linked(const uint8_t *b, int a, int c)
{
    for (const xq_step *st = xq_tab.elephant[a]; st->to != XQ_END; st++)
        if (st->to == c && !b[st->via]) return true;
    return false;
}

/* Each point's entry in a piece-square table, as red and as black see it: own rank * 5
 * + file from the nearer edge (a constant table: the evaluation's hot loop divides by
 * nothing). */
#define PST_RANK(r) r * 5, r * 5 + 1, r * 5 + 2, r * 5 + 3, r * 5 + 4, r * 5 + 3, r * 5 + 2, r * 5 + 1, r * 5,
static const uint8_t pst_point[2][90] = {
    {PST_RANK(0) PST_RANK(1) PST_RANK(2) PST_RANK(3) PST_RANK(4) PST_RANK(5) PST_RANK(6) PST_RANK(7) PST_RANK(8) PST_RANK(9)},
    {PST_RANK(9) PST_RANK(8) PST_RANK(7) PST_RANK(6) PST_RANK(5) PST_RANK(4) PST_RANK(3) PST_RANK(2) PST_RANK(1) PST_RANK(0)},
};

/* A piece's entry in its kind's piece-square table (offset from the first table's start). */
static int pst_entry(int slot, int sq, int s)
{
    return slot_kind[slot] * XQ_PST_POINTS + pst_point[s][sq];
}

/* One side's score, from its own side, with the endgame share in *eg. */
static int side_score(const xq_pos *p, int s, const int *w, int *eg, int *phase_out)
{
    const uint8_t *b = p->sq;
    const uint8_t *slot = p->slot_sq + s * 16, *enemy = p->slot_sq + (1 - s) * 16;
    int v = 0, e = 0, phase = 0;
    int enemy_king = enemy[0];
    const int *pst = w + XQ_W_PST, *psteg = w + XQ_W_PSTEG;
    for (int i = 0; i < 16; i++)
        if (slot[i] != XQ_NO_SQ) {
            int t = pst_entry(i, slot[i], s);
            v += pst[t];
            e += psteg[t];
        }
    int pawn_files = 0, all_pawn_files = 0;
    for (int i = 11; i <= 15; i++) {
        if (slot[i] != XQ_NO_SQ) pawn_files |= 1 << XQ_FILE_OF(slot[i]);
        if (enemy[i] != XQ_NO_SQ) all_pawn_files |= 1 << XQ_FILE_OF(enemy[i]);
    }
    all_pawn_files |= pawn_files;

    int king = slot[0];
    if (king != XQ_NO_SQ) {
        v += w[XQ_W_KING_UP] * own_rank(king, s);
        if (XQ_FILE_OF(king) != 4) v += w[XQ_W_KING_SIDE];
    }
    int advisors = 0, elephants = 0;
    for (int i = 1; i <= 2; i++)
        if (slot[i] != XQ_NO_SQ) { advisors++; v += w[XQ_W_MAT_ADVISOR]; }
    for (int i = 3; i <= 4; i++)
        if (slot[i] != XQ_NO_SQ) { elephants++; v += w[XQ_W_MAT_ELEPHANT]; }
    if (advisors == 2) {
        int centre = s == XQ_RED ? XQ_SQ(4, 1) : XQ_SQ(4, 8);
        if (slot[1] == centre || slot[2] == centre) v += w[XQ_W_ADVISORS_LINKED];
    }
    if (elephants == 2 && elephants_linked(b, slot[3], slot[4])) v += w[XQ_W_ELEPHANTS_LINKED];

    for (int i = 5; i <= 6; i++) {
        int sq = slot[i];
        if (sq == XQ_NO_SQ) continue;
        phase += 1;
        v += w[XQ_W_MAT_HORSE] + w[XQ_W_HORSE_F0 + edge_file(sq)] + w[XQ_W_HORSE_R0 + own_rank(sq, s)]
           + w[XQ_W_MOB_HORSE] * horse_mobility(b, sq, s);
        if (near_enemy_palace(sq, s)) v += w[XQ_W_NEAR_HORSE];
        e += w[XQ_W_EG_HORSE];
    }
    for (int i = 7; i <= 8; i++) {
        int sq = slot[i];
        if (sq == XQ_NO_SQ) continue;
        phase += 2;
        v += w[XQ_W_MAT_CHARIOT] + w[XQ_W_CHARIOT_R0 + own_rank(sq, s)]
           + w[XQ_W_MOB_CHARIOT] * chariot_mobility(b, sq, s);
        int fbit = 1 << XQ_FILE_OF(sq);
        if (!(pawn_files & fbit)) v += w[XQ_W_CHARIOT_OPEN];
        if (!(all_pawn_files & fbit)) v += w[XQ_W_CHARIOT_FULL_OPEN];
        if (near_enemy_palace(sq, s)) v += w[XQ_W_NEAR_CHARIOT];
        e += w[XQ_W_EG_CHARIOT];
    }
    for (int i = 9; i <= 10; i++) {
        int sq = slot[i];
        if (sq == XQ_NO_SQ) continue;
        phase += 1;
        v += w[XQ_W_MAT_CANNON] + w[XQ_W_CANNON_F0 + edge_file(sq)] + w[XQ_W_CANNON_R0 + own_rank(sq, s)]
           + w[XQ_W_MOB_CANNON] * cannon_mobility(b, sq, s);
        if (near_enemy_palace(sq, s)) v += w[XQ_W_NEAR_CANNON];
        if (enemy_king != XQ_NO_SQ && XQ_FILE_OF(sq) == 4 && XQ_FILE_OF(enemy_king) == 4) {
            int screens = between_on_file(b, sq, enemy_king);
            if (screens == 0) v += w[XQ_W_CANNON_HOLLOW];
            else if (screens == 1) v += w[XQ_W_CANNON_SCREEN1];
            else if (screens == 2) v += w[XQ_W_CANNON_SCREEN2];
        }
        e += w[XQ_W_EG_CANNON];
    }
    for (int i = 11; i <= 15; i++) {
        int sq = slot[i];
        if (sq == XQ_NO_SQ) continue;
        int r = own_rank(sq, s);
        v += w[XQ_W_MAT_PAWN] + w[XQ_W_PAWN_R3 + (r >= 3 ? r - 3 : 0)];
        if (r >= 5) {
            v += w[XQ_W_PAWN_F0 + edge_file(sq)];
            if (near_enemy_palace(sq, s)) v += w[XQ_W_NEAR_PAWN];
        }
        e += w[XQ_W_EG_PAWN];
    }
    *eg = e;
    *phase_out = phase;
    return v;
}

/* Attackers (chariots, horses, cannons) a side has: what missing guards cost against. */
static int attackers_of(const xq_pos *p, int s)
{
    const uint8_t *slot = p->slot_sq + s * 16;
    int n = 0;
    for (int i = 5; i <= 10; i++) n += slot[i] != XQ_NO_SQ;
    return n;
}

static int guards_of(const xq_pos *p, int s)
{
    const uint8_t *slot = p->slot_sq + s * 16;
    int n = 0;
    for (int i = 1; i <= 4; i++) n += slot[i] != XQ_NO_SQ;
    return n;
}

/* Attack classes: an attacker is "lesser" than a piece of a higher class. */
enum { CLASS_PAWN = 1, CLASS_GUARD = 2, CLASS_MINOR = 3, CLASS_CHARIOT = 4, CLASS_KING = 5 };

/* Mark TO in HM with class C unless a lesser piece (marked before) hits it already;
 * only occupied points matter (a piece attacked or defended). */
static void hit(uint8_t *hm, const uint8_t *b, int to, int c)
{
    if (b[to] && !hm[to]) hm[to] = (uint8_t)c;
}

/* HM[q]: the least class of SIDE's pieces that attack (or, on an own piece, defend)
 * each occupied point q, 0 for none; the pieces taken in rising class, so the first
 * mark is the least. */
static void hit_map(const xq_pos *p, int side, uint8_t *hm)
{
    const uint8_t *b = p->sq, *slot = p->slot_sq + side * 16;
    memset(hm, 0, XQ_SQUARES);
    for (int i = 11; i <= 15; i++)
        if (slot[i] != XQ_NO_SQ)
            for (const uint8_t *q = xq_tab.pawn[side][slot[i]]; *q != XQ_END; q++) hit(hm, b, *q, CLASS_PAWN);
    for (int i = 1; i <= 2; i++)
        if (slot[i] != XQ_NO_SQ)
            for (const uint8_t *q = xq_tab.advisor[slot[i]]; *q != XQ_END; q++) hit(hm, b, *q, CLASS_GUARD);
    for (int i = 3; i <= 4; i++)
        if (slot[i] != XQ_NO_SQ)
            for (const xq_step *st = xq_tab.elephant[slot[i]]; st->to != XQ_END; st++)
                if (!b[st->via]) hit(hm, b, st->to, CLASS_GUARD);
    for (int i = 5; i <= 6; i++)
        if (slot[i] != XQ_NO_SQ)
            for (const xq_step *st = xq_tab.horse[slot[i]]; st->to != XQ_END; st++)
                if (!b[st->via]) hit(hm, b, st->to, CLASS_MINOR);
    for (int i = 9; i <= 10; i++) {   /* cannons: the piece past the first one on a line */
        if (slot[i] == XQ_NO_SQ) continue;
        for (int d = 0; d < 4; d++) {
            const uint8_t *q = xq_tab.ray[slot[i]][d];
            while (*q != XQ_END && !b[*q]) q++;
            if (*q == XQ_END) continue;
            for (q++; *q != XQ_END && !b[*q]; q++) {}
            if (*q != XQ_END) hit(hm, b, *q, CLASS_MINOR);
        }
    }
    for (int i = 7; i <= 8; i++) {   /* chariots: the first piece on a line */
        if (slot[i] == XQ_NO_SQ) continue;
        for (int d = 0; d < 4; d++) {
            const uint8_t *q = xq_tab.ray[slot[i]][d];
            while (*q != XQ_END && !b[*q]) q++;
            if (*q != XQ_END) hit(hm, b, *q, CLASS_CHARIOT);
        }
    }
    if (slot[0] != XQ_NO_SQ)
        for (const uint8_t *q = xq_tab.king[slot[0]]; *q != XQ_END; q++) hit(hm, b, *q, CLASS_KING);
}

/* The threat features (xq_eval.h's layout from XQ_W_THREAT, side 0 the side to move)
 * into N (2 * XQ_THREAT_SIDE counts): each piece but the general that the other side
 * attacks, by a lesser class and/or with no defender. */
static void threat_counts(const xq_pos *p, int *n)
{
    static const int8_t kind_of_slot[16] = {-1, 3, 3, 3, 3, 2, 2, 0, 0, 1, 1, 4, 4, 4, 4, 4};
    static const uint8_t class_of_kind[5] = {CLASS_CHARIOT, CLASS_MINOR, CLASS_MINOR, CLASS_GUARD, CLASS_PAWN};
    uint8_t hm[2][XQ_SQUARES];
    for (int s = 0; s < 2; s++) hit_map(p, s, hm[s]);
    memset(n, 0, 2 * XQ_THREAT_SIDE * sizeof *n);
    for (int who = 0; who < 2; who++) {
        int s = who == 0 ? (int)p->side : 1 - (int)p->side;
        const uint8_t *slot = p->slot_sq + s * 16, *by = hm[1 - s], *own = hm[s];
        int *out = n + who * XQ_THREAT_SIDE;
        for (int i = 1; i < 16; i++) {
            int sq = slot[i];
            if (sq == XQ_NO_SQ || !by[sq]) continue;
            int k = kind_of_slot[i];
            if (k == 4 && own_rank(sq, s) < 5) continue;   /* a pawn at home: not counted */
            if (by[sq] < class_of_kind[k]) out[XQ_THREAT_LESSER + k]++;
            if (!own[sq]) out[XQ_THREAT_LOOSE + k]++;
        }
    }
}

/* Are all the threat weights 0 (a xiangqi-terms-2 file: the terms are skipped)? */
static bool threats_off(const int *w)
{
    for (int i = 0; i < 2 * XQ_THREAT_SIDE; i++)
        if (w[XQ_W_THREAT + i]) return false;
    return true;
}

int xq_evaluate_with(const xq_pos *p, const int *w)
{
    int eg[2], ph[2], sc[2];
    for (int s = 0; s < 2; s++) sc[s] = side_score(p, s, w, &eg[s], &ph[s]);
    for (int s = 0; s < 2; s++) sc[s] -= (4 - guards_of(p, s)) * attackers_of(p, 1 - s) * w[XQ_W_MISSING_GUARD];
    /* Endgame share: 0 with every chariot, horse and cannon on the board, full with none. */
    int phase = ph[0] + ph[1];
    if (phase > PHASE_MAX) phase = PHASE_MAX;
    int red = sc[0] - sc[1] + (eg[0] - eg[1]) * (PHASE_MAX - phase) / PHASE_MAX;
    int v = p->side == XQ_RED ? red : -red;
    if (!threats_off(w)) {
        int n[2 * XQ_THREAT_SIDE];
        threat_counts(p, n);
        for (int i = 0; i < 2 * XQ_THREAT_SIDE; i++) v += w[XQ_W_THREAT + i] * n[i];
    }
    return v + w[XQ_W_TEMPO];
}

int xq_evaluate(const xq_pos *p)
{
    return xq_evaluate_with(p, xq_eval_default);
}

/* The evaluation's features (the count each weight is multiplied by, from the side to
 * move's view) into OUT, each weight once; returns the count.  The terms are found by
 * probing (every weight 0 but one at BO_FEATURE_PROBE, as bo_eval_features: the
 * endgame share's division by 16 divides it evenly), the tables directly: +1 for each
 * piece of the side to move on an entry, -1 for each of the other side's, the endgame
 * table's times the endgame share; the threat terms counted directly too (the probes,
 * their weights 0, skip them). */
int xq_eval_features(const xq_pos *p, bo_feature *out)
{
    enum { PROBE = BO_FEATURE_PROBE, NPST = XQ_PST_KINDS * XQ_PST_POINTS };
    int w[XQ_EVAL_NWEIGHTS] = {0};
    int base = xq_evaluate_with(p, w), n = 0;
    for (int i = 0; i < XQ_EVAL_NTERMS; i++) {
        w[i] = PROBE;
        int v = xq_evaluate_with(p, w) - base;
        w[i] = 0;
        if (v) out[n++] = (bo_feature){i, (float)v / PROBE};
    }
    int count[NPST] = {0}, phase = 0;
    for (int s = 0; s < 2; s++) {
        const uint8_t *slot = p->slot_sq + s * 16;
        for (int i = 0; i < 16; i++) {
            if (slot[i] == XQ_NO_SQ) continue;
            count[pst_entry(i, slot[i], s)] += s == (int)p->side ? 1 : -1;
            phase += slot_kind[i] == 4 ? 2 : slot_kind[i] == 3 || slot_kind[i] == 5;
        }
    }
    if (phase > PHASE_MAX) phase = PHASE_MAX;
    for (int t = 0; t < NPST; t++) {
        if (!count[t]) continue;
        out[n++] = (bo_feature){XQ_W_PST + t, (float)count[t]};
        if (phase < PHASE_MAX)
            out[n++] = (bo_feature){XQ_W_PSTEG + t, (float)count[t] * (float)(PHASE_MAX - phase) / PHASE_MAX};
    }
    int threat[2 * XQ_THREAT_SIDE];
    threat_counts(p, threat);
    for (int i = 0; i < 2 * XQ_THREAT_SIDE; i++)
        if (threat[i]) out[n++] = (bo_feature){XQ_W_THREAT + i, (float)threat[i]};
    return n;
}
