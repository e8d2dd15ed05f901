/* gm_eval.c -- pattern evaluation, noisy moves, candidates and move order for the
 * alpha-beta search (see gm_eval.h).
 *
 * One scan of the empty points within two of a stone reads each point's shape on its
 * four lines for both colours from the incremental line masks (one table lookup per
 * line and colour) and sums per-line weights; the points where one stone wins by
 * itself are picked out: a five, a straight four or two fours (two five points), a
 * four with an open three.  Renju black's double fours and double threes are fouls, so
 * they count for nothing, and a black combination is confirmed by the foul check
 * before it counts. */
#include "gm_eval.h"

#include <string.h>

#include "gm_internal.h"

enum {
    P_FIVE = 1 << 0,    /* one stone here makes five */
    P_FOUR = 1 << 1,    /* makes a four (one five point) */
    P_WIN = 1 << 2,     /* makes two five points: straight four or double four */
    P_43 = 1 << 3,      /* makes a four and an open three */
    P_THREE = 1 << 4,   /* makes an open three */
};

enum { SCAN_MAX = GM_MAX_SIZE * GM_MAX_SIZE };

/* The scan: per colour (0 the side to move, 1 the other), the flagged points. */
typedef struct gm_scan {
    int nfive[2], nwin[2], nfour[2], nthree[2];
    int five[2][8];          /* the first five points, as y * size + x */
    int four[2][SCAN_MAX];   /* the four points */
    int nfours[2];
    int win[2][16];          /* the first winning points (P_WIN or P_43) */
    int score[2];            /* summed line weights */
} gm_scan;

/* Weight of one line's shape for the colour that would play there. */
static const int line_weight[] = {0, 2, 6, 10, 40, 120, 400, 500, 10000, 0};

static gm_stone other(gm_stone s)
{
    return s == GM_BLACK ? GM_WHITE : GM_BLACK;
}

/* Any stone within two points along one of the four lines through (x,y)? */
static bool near_stone(const gm_board *b, int x, int y)
{
    for (int d = 0; d < 4; d++) {
        int line = gmi_line(b, d, x, y), pos = gmi_pos(d, x, y);
        uint32_t occ = b->line_black[d][line] | b->line_white[d][line];
        if ((occ >> (pos + GM_LINE_PAD - 2)) & 0x1Bu) return true;
    }
    return false;
}

/* The flags of (x,y) for colour s, with the line weights added to *score.  Renju black's
 * combinations are confirmed on a scratch board (fouls are decided by gm_foul_at). */
static unsigned point_flags(const gmi_tables *t, const gm_board *b, gm_board *scratch, bool *have_scratch, int x,
                            int y, gm_stone s, int *score)
{
    int mode = gmi_mode(b, s), fours = 0, threes = 0, sum = 0;
    bool straight = false, five = false;
    for (int d = 0; d < 4; d++) {
        gm_shape sh = (gm_shape)t->shape[mode][gmi_index(t, b, d, x, y, s)];
        sum += line_weight[sh];
        if (sh == GM_SHAPE_FIVE) five = true;
        else if (sh == GM_SHAPE_FLEX4) { fours++; straight = true; }
        else if (sh == GM_SHAPE_DOUBLE4) fours += 2;
        else if (sh == GM_SHAPE_BLOCK4) fours++;
        else if (sh == GM_SHAPE_FLEX3) threes++;
    }
    *score += sum;
    if (five) return P_FIVE;
    unsigned f = 0;
    if (fours) f |= P_FOUR;
    if (threes) f |= P_THREE;
    bool win = straight || fours >= 2, f43 = fours >= 1 && threes >= 1;
    if (!win && !f43 && threes < 2) return f;
    if (gmi_restricted(b, s)) {
        /* Black: a double four or double three is a foul; a straight four or a
         * four-three only if the point is allowed. */
        if (!*have_scratch) { *scratch = *b; *have_scratch = true; }
        if (gm_foul_at(scratch, x, y) != GM_FOUL_NONE) return 0;
        if (win) f |= P_WIN;
        if (f43) f |= P_43;
        return f;
    }
    if (win) f |= P_WIN;
    else if (f43 || threes >= 2) f |= P_43;
    return f;
}

/* One pass over the empty points near stones. */
static void scan(const gm_board *b, gm_scan *sc)
{
    const gmi_tables *t = gmi_tables_get();
    memset(sc, 0, offsetof(gm_scan, four));
    sc->nfours[0] = sc->nfours[1] = 0;
    sc->score[0] = sc->score[1] = 0;
    gm_stone col[2] = {b->to_move, other(b->to_move)};
    gm_board scratch;
    bool have_scratch = false;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            if (b->cell[y][x] != GM_EMPTY || !near_stone(b, x, y)) continue;
            for (int c = 0; c < 2; c++) {
                unsigned f = point_flags(t, b, &scratch, &have_scratch, x, y, col[c], &sc->score[c]);
                if (!f) continue;
                if (f & P_FIVE) {
                    if (sc->nfive[c] < 8) sc->five[c][sc->nfive[c]] = y * b->size + x;
                    sc->nfive[c]++;
                    continue;
                }
                if (f & P_FOUR) { sc->nfour[c]++; sc->four[c][sc->nfours[c]++] = y * b->size + x; }
                if (f & (P_WIN | P_43)) {
                    if (sc->nwin[c] < 16) sc->win[c][sc->nwin[c]] = y * b->size + x;
                    sc->nwin[c]++;
                }
                if (f & P_THREE) sc->nthree[c]++;
            }
        }
}

/* Is M legal for the side to move (renju black: not a forbidden point)? */
static bool allowed(const gm_board *b, int m)
{
    if (!gmi_restricted(b, b->to_move)) return true;
    gm_board tmp = *b;
    return gm_foul_at(&tmp, m % b->size, m / b->size) == GM_FOUL_NONE;
}

/* From the side to move's view: an immediate five wins, a five of the other side that
 * cannot be stopped loses, a winning combination of the side to move nearly wins
 * unless the other side has fours to interpose; otherwise the summed line weights,
 * the side to move's counting more (it plays first). */
int gm_eval_position(const gm_dpos *p)
{
    const gm_board *b = &p->b;
    gm_scan sc;
    scan(b, &sc);
    if (sc.nfive[0]) return GM_EVAL_WON;
    if (sc.nfive[1]) return -GM_EVAL_WON;   /* quiescence searches the block */
    if (sc.nwin[0]) return sc.nfour[1] ? 3000 + sc.score[0] : GM_EVAL_WIN3;
    int v = sc.score[0] * 3 / 2 - sc.score[1];
    if (sc.nwin[1] >= 2) v -= 1500;
    else if (sc.nwin[1]) v -= 600;
    return v;
}

/* How many of S's stones lie on the 8 other points of the 9-point window centred on
 * (x,y), at most, over the four lines: fours need 3, fives 4. */
static int line_stones(const gm_board *b, int x, int y, gm_stone s)
{
    int best = 0;
    for (int d = 0; d < 4; d++) {
        int line = gmi_line(b, d, x, y);
        uint32_t own = s == GM_BLACK ? b->line_black[d][line] : b->line_white[d][line];
        int c = gmi_popcount(own >> gmi_pos(d, x, y) & 0x3DEu);
        if (c > best) best = c;
    }
    return best;
}

/* Quiescence moves: the five; else the only block of the other side's five; else the
 * side to move's fours (none when the other side has a five it cannot stop: then the
 * evaluation's loss stands).  A cheaper scan than the evaluation's: stone counts on
 * the lines rule out most points before a table is read. */
int gm_eval_noisy(const gm_dpos *p, bo_move *out)
{
    const gm_board *b = &p->b;
    const gmi_tables *t = gmi_tables_get();
    gm_stone me = b->to_move, you = other(me);
    int nyou = 0, block = -1, n = 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            if (b->cell[y][x] != GM_EMPTY) continue;
            int cm = line_stones(b, x, y, me), cy = line_stones(b, x, y, you);
            if (cm >= 4 && gmi_makes_five(t, b, x, y, me)) { out[0] = (bo_move)(y * b->size + x); return 1; }
            if (cy >= 4 && gmi_makes_five(t, b, x, y, you)) { nyou++; block = y * b->size + x; }
            if (cm >= 3 && gmi_makes_four(t, b, x, y, me)) out[n++] = (bo_move)(y * b->size + x);
        }
    if (nyou >= 2) return 0;
    if (nyou == 1) {
        if (!allowed(b, block)) return 0;
        out[0] = (bo_move)block;
        return 1;
    }
    int k = 0;
    for (int i = 0; i < n; i++)
        if (allowed(b, (int)out[i])) out[k++] = out[i];
    return k;
}

/* The other side threatens to win with one stone (an open three's straight four, a
 * four-three): the moves that matter are the side to move's own fours and the points
 * that leave none of those winning points.  NEAR (N of them) are the legal candidates;
 * they are filtered in place.  Returns how many are kept (0: none helps). */
static int defences(const gm_board *b, const gm_scan *sc, bo_move *near, int n)
{
    const gmi_tables *t = gmi_tables_get();
    gm_stone me = b->to_move, you = other(me);
    gm_board work = *b, scratch;
    bool have = false;
    int k = 0;
    for (int i = 0; i < n; i++) {
        int m = (int)near[i], x = m % b->size, y = m / b->size, dummy = 0;
        bool keep = false;
        for (int j = 0; j < sc->nfours[0] && !keep; j++) keep = sc->four[0][j] == m;
        if (!keep) {
            gm_place(&work, x, y, me);
            keep = true;
            for (int j = 0; j < sc->nwin[1] && keep; j++) {
                int px = sc->win[1][j] % b->size, py = sc->win[1][j] / b->size;
                if (px == x && py == y) continue;
                have = false;
                keep = !(point_flags(t, &work, &scratch, &have, px, py, you, &dummy) & (P_WIN | P_43));
            }
            gm_remove(&work, x, y);
        }
        if (keep) near[k++] = (bo_move)m;
    }
    return k;
}

/* Full-width moves: forced ones alone (the five, the one block; when the other side's
 * five cannot be stopped, one move to lose with), else every legal point within two
 * of a stone. */
int gm_eval_candidates(const gm_dpos *p, bo_move *out)
{
    const gm_board *b = &p->b;
    gm_scan sc;
    scan(b, &sc);
    if (sc.nfive[0]) { out[0] = (bo_move)sc.five[0][0]; return 1; }
    if (sc.nfive[1] == 1 && allowed(b, sc.five[1][0])) { out[0] = (bo_move)sc.five[1][0]; return 1; }
    bo_move legal[GM_MAX_SIZE * GM_MAX_SIZE];
    int n = gm_game_desc.legal(p, legal), k = 0;
    if (n == 0 || b->stones == 0) { memcpy(out, legal, (size_t)n * sizeof *out); return n; }
    for (int i = 0; i < n; i++) {
        int x = (int)legal[i] % b->size, y = (int)legal[i] / b->size;
        bool near = false;
        for (int dy = -2; dy <= 2 && !near; dy++) {
            int row = y + dy;
            if (row < 0 || row >= b->size) continue;
            uint32_t occ = b->line_black[0][row] | b->line_white[0][row];
            near = (occ >> (x + GM_LINE_PAD - 2) & 0x1Fu) != 0;
        }
        if (near) out[k++] = legal[i];
    }
    if (sc.nfive[1]) return k ? 1 : (out[0] = legal[0], 1);   /* lost: one move shows it */
    if (sc.nwin[1] && !sc.nwin[0] && sc.nwin[1] <= 16) {
        int kd = defences(b, &sc, out, k);
        if (kd) return kd;
    }
    return k ? k : n;
}

/* A move's promise: its own lines for the mover counted twice, the lines it breaks
 * for the other side once; fives, winning combinations and fours, and the blocks of
 * the other side's, come first and are never reduced. */
int gm_eval_order(const gm_dpos *p, bo_move m)
{
    const gm_board *b = &p->b;
    const gmi_tables *t = gmi_tables_get();
    int x = (int)m % b->size, y = (int)m / b->size, mine = 0, theirs = 0;
    gm_board scratch;
    bool have = false;
    unsigned fm = point_flags(t, b, &scratch, &have, x, y, b->to_move, &mine);
    unsigned fo = point_flags(t, b, &scratch, &have, x, y, other(b->to_move), &theirs);
    int k = mine * 2 + theirs;
    if (k >= BO_ORDER_NOISY / 2) k = BO_ORDER_NOISY / 2 - 1;
    if (fm & P_FIVE) return BO_ORDER_NOISY * 6;
    if (fo & P_FIVE) return BO_ORDER_NOISY * 5;
    if (fm & P_WIN) return BO_ORDER_NOISY * 4 + k;
    if (fm & P_43) return BO_ORDER_NOISY * 3 + k;
    if (fo & (P_WIN | P_43)) return BO_ORDER_NOISY * 2 + k;
    if (fm & P_FOUR) return BO_ORDER_NOISY + k;
    return k;
}
