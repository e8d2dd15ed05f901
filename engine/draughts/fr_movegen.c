/* fr_movegen.c - Frisian draughts (PDN GameType 40): move generation, capture paths,
 * perft and the judge's reasons.
 *
 * Rules (docs/draughts-variants.md, "Frisian"): the international 10x10 board and
 * start, white first; men move one square diagonally forward; kings move any distance
 * along a diagonal (never orthogonally without capturing).  Capturing is compulsory
 * and goes in eight directions: diagonally over an adjacent piece, and orthogonally
 * over the piece on the next square of the same colour along the rank or file (two
 * files or two ranks away), landing on the next such square beyond; men capture
 * forward and backward; kings capture at a distance in all eight directions and land
 * on any empty square beyond.  Captured pieces leave only when the move ends (they
 * block and cannot be jumped twice); the moving piece's start square counts as empty.
 * A man is crowned only if its move ends on the far row.  Among the captures the one
 * of the highest value must be played, a king counting just under two men: value =
 * (pieces + kings) * 64 - kings, so two men beat one king, one king beats one man,
 * two kings beat three men; at equal value a capture by a king must be played.
 * A side that has both men and kings may not make more than three non-capturing
 * moves in a row with the same king (dr_pos.fr_king keeps that king and the count;
 * board.c updates it in dr_make); captures are never restricted.
 * Method: a neighbour table of the 50 squares in eight directions (diagonal steps and
 * the orthogonal two-square steps), a depth-first search of capture sequences per
 * piece that keeps only the sequences of the best value seen so far, then sorting and
 * dropping duplicates (same start, end and captured set). */
#include "draughts.h"
#include "dr_internal.h"

#include <stdio.h>
#include <string.h>

/* nb[s][d]: d 0 up-left, 1 up-right, 2 down-left, 3 down-right (diagonal steps; "up"
 * is towards squares 1..5), 4 up, 5 down, 6 left, 7 right (the next square of the
 * same colour along the file or rank); 0 off the board.  Checked against coordinates
 * in tests/draughts_engine/test_frisian.c. */
static const uint8_t nb[51][8] = {
    {0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 6, 7, 0, 11, 0, 2},
    {0, 0, 7, 8, 0, 12, 1, 3},
    {0, 0, 8, 9, 0, 13, 2, 4},
    {0, 0, 9, 10, 0, 14, 3, 5},
    {0, 0, 10, 0, 0, 15, 4, 0},
    {0, 1, 0, 11, 0, 16, 0, 7},
    {1, 2, 11, 12, 0, 17, 6, 8},
    {2, 3, 12, 13, 0, 18, 7, 9},
    {3, 4, 13, 14, 0, 19, 8, 10},
    {4, 5, 14, 15, 0, 20, 9, 0},
    {6, 7, 16, 17, 1, 21, 0, 12},
    {7, 8, 17, 18, 2, 22, 11, 13},
    {8, 9, 18, 19, 3, 23, 12, 14},
    {9, 10, 19, 20, 4, 24, 13, 15},
    {10, 0, 20, 0, 5, 25, 14, 0},
    {0, 11, 0, 21, 6, 26, 0, 17},
    {11, 12, 21, 22, 7, 27, 16, 18},
    {12, 13, 22, 23, 8, 28, 17, 19},
    {13, 14, 23, 24, 9, 29, 18, 20},
    {14, 15, 24, 25, 10, 30, 19, 0},
    {16, 17, 26, 27, 11, 31, 0, 22},
    {17, 18, 27, 28, 12, 32, 21, 23},
    {18, 19, 28, 29, 13, 33, 22, 24},
    {19, 20, 29, 30, 14, 34, 23, 25},
    {20, 0, 30, 0, 15, 35, 24, 0},
    {0, 21, 0, 31, 16, 36, 0, 27},
    {21, 22, 31, 32, 17, 37, 26, 28},
    {22, 23, 32, 33, 18, 38, 27, 29},
    {23, 24, 33, 34, 19, 39, 28, 30},
    {24, 25, 34, 35, 20, 40, 29, 0},
    {26, 27, 36, 37, 21, 41, 0, 32},
    {27, 28, 37, 38, 22, 42, 31, 33},
    {28, 29, 38, 39, 23, 43, 32, 34},
    {29, 30, 39, 40, 24, 44, 33, 35},
    {30, 0, 40, 0, 25, 45, 34, 0},
    {0, 31, 0, 41, 26, 46, 0, 37},
    {31, 32, 41, 42, 27, 47, 36, 38},
    {32, 33, 42, 43, 28, 48, 37, 39},
    {33, 34, 43, 44, 29, 49, 38, 40},
    {34, 35, 44, 45, 30, 50, 39, 0},
    {36, 37, 46, 47, 31, 0, 0, 42},
    {37, 38, 47, 48, 32, 0, 41, 43},
    {38, 39, 48, 49, 33, 0, 42, 44},
    {39, 40, 49, 50, 34, 0, 43, 45},
    {40, 0, 50, 0, 35, 0, 44, 0},
    {0, 41, 0, 0, 36, 0, 0, 47},
    {41, 42, 0, 0, 37, 0, 46, 48},
    {42, 43, 0, 0, 38, 0, 47, 49},
    {43, 44, 0, 0, 39, 0, 48, 50},
    {44, 45, 0, 0, 40, 0, 49, 0},
};

int dri_fr_step(int s, int dir)
{
    return s >= 1 && s <= 50 && dir >= 0 && dir < 8 ? nb[s][dir] : 0;
}

#define BIT(s) (UINT64_C(1) << ((s) - 1))
#define PROMO_WHITE UINT64_C(0x1F)             /* squares 1..5 */
#define PROMO_BLACK (UINT64_C(0x1F) << 45)     /* squares 46..50 */

enum { RAW_MAX = 1024 };

typedef struct frctx {
    uint64_t opp, kings, empty, promo;   /* empty includes the mover's start square */
    int from;
    bool start_king;
    dr_move *out;
    int n, cap;
    uint32_t best;       /* value key of the moves kept in out */
    bool overflow;
    uint8_t path[DR_MAX_PATH];
    const dr_move *want; /* path search (dr_fr_move_path) */
    uint8_t *found;
    int found_len;
} frctx;

/* The value key of a finished capture: value first, then "with a king". */
static uint32_t value_key(int pieces, int kings, bool with_king)
{
    return (uint32_t)(((pieces + kings) * 64 - kings) * 2 + (with_king ? 1 : 0));
}

/* Record a finished capture sequence ending on TO; only the best value is kept. */
static void emit(frctx *c, int to, uint64_t captured, int n)
{
    if (c->want) {
        if (c->found_len < 0 && to == c->want->to && captured == c->want->captured) {
            memcpy(c->found, c->path, (size_t)n);
            c->found_len = n;
        }
        return;
    }
    uint32_t key = value_key(n, DRI_POPCOUNT(captured & c->kings), c->start_king);
    if (key < c->best) return;
    if (key > c->best) { c->best = key; c->n = 0; }
    if (c->n >= c->cap) { c->overflow = true; return; }
    c->out[c->n++] = (dr_move){.captured = captured, .from = (uint8_t)c->from, .to = (uint8_t)to,
                               .ncaptured = (uint8_t)n, .king = c->start_king,
                               .promotes = !c->start_king && (BIT(to) & c->promo) != 0};
}

/* The capture goes on from S with CAPTURED (N pieces) taken so far. */
static void capture_dfs(frctx *c, int s, uint64_t captured, int n)
{
    bool any = false;
    if (n >= DR_MAX_PATH) { emit(c, s, captured, n); return; }
    for (int d = 0; d < 8; d++) {
        int x = nb[s][d];
        if (c->start_king)
            while (x && (c->empty & BIT(x))) x = nb[x][d];
        if (!x || !(c->opp & BIT(x)) || (captured & BIT(x))) continue;
        for (int y = nb[x][d]; y && (c->empty & BIT(y)); y = nb[y][d]) {
            c->path[n] = (uint8_t)y;
            any = true;
            capture_dfs(c, y, captured | BIT(x), n + 1);
            if (!c->start_king) break;
        }
    }
    if (!any && n > 0) emit(c, s, captured, n);
}

/* Set up a context for P's side to move (OUT: room for CAP moves). */
static void ctx_init(frctx *c, const dr_pos *p, dr_move *out, int cap)
{
    memset(c, 0, sizeof *c);
    bool white = p->side == DR_WHITE;
    c->opp = white ? p->black : p->white;
    c->kings = p->kings;
    c->empty = ~(p->white | p->black) & ((UINT64_C(1) << 50) - 1);
    c->promo = white ? PROMO_WHITE : PROMO_BLACK;
    c->out = out;
    c->cap = cap;
    c->found_len = -1;
}

/* Every capture sequence of the piece on FROM (its square counted empty meanwhile). */
static void captures_of(frctx *c, int from)
{
    c->from = from;
    c->start_king = (c->kings & BIT(from)) != 0;
    c->empty |= BIT(from);
    capture_dfs(c, from, 0, 0);
    c->empty &= ~BIT(from);
}

/* Order of dr_gen_moves: from, to, captured set. */
static int move_cmp(const dr_move *a, const dr_move *b)
{
    if (a->from != b->from) return a->from - b->from;
    if (a->to != b->to) return a->to - b->to;
    return a->captured < b->captured ? -1 : a->captured > b->captured;
}

/* Sort OUT[0..N) (short lists: insertion sort) and, unless KEEP, drop duplicates. */
static int sort_moves(dr_move *out, int n, bool keep)
{
    for (int i = 1; i < n; i++) {
        dr_move m = out[i];
        int j = i;
        while (j > 0 && move_cmp(&out[j - 1], &m) > 0) { out[j] = out[j - 1]; j--; }
        out[j] = m;
    }
    if (keep) return n;
    int u = 0;
    for (int i = 0; i < n; i++)
        if (u == 0 || move_cmp(&out[u - 1], &out[i]) != 0) out[u++] = out[i];
    return u;
}

/* The king of P's side to move that may not make a plain move now (its three
 * non-capturing moves in a row are used up), or 0. */
int dr_fr_blocked_king(const dr_pos *p)
{
    uint8_t t = p->fr_king[p->side];
    uint64_t own = p->side == DR_WHITE ? p->white : p->black;
    if ((t >> 6) < 3 || !(own & ~p->kings)) return 0;
    int s = t & 63;
    return (s >= 1 && s <= 50 && (own & p->kings & BIT(s))) ? s : 0;
}

/* Plain moves (no capture exists): men one step forward, kings along the diagonals. */
static int plain_moves(const dr_pos *p, dr_move *out, int cap)
{
    bool white = p->side == DR_WHITE;
    uint64_t own = white ? p->white : p->black, empty = ~(p->white | p->black), promo = white ? PROMO_WHITE : PROMO_BLACK;
    int blocked = dr_fr_blocked_king(p), n = 0;
    for (uint64_t o = own; o; o &= o - 1) {
        int s = DRI_CTZ(o) + 1;
        bool king = (p->kings & BIT(s)) != 0;
        if (s == blocked) continue;
        for (int d = 0; d < 4; d++) {
            if (!king && (white ? d >= 2 : d < 2)) continue;
            for (int t = nb[s][d]; t && (empty & BIT(t)); t = nb[t][d]) {
                if (n >= cap) return -1;
                out[n++] = (dr_move){.from = (uint8_t)s, .to = (uint8_t)t, .king = king,
                                     .promotes = !king && (BIT(t) & promo) != 0};
                if (!king) break;
            }
        }
    }
    return sort_moves(out, n, true);
}

/* dr_gen_moves for a Frisian position; KEEP_DUPS keeps sequences taking the same
 * pieces in another order (perft's other convention). */
static int gen_moves(const dr_pos *p, dr_move *out, bool keep_dups)
{
    dr_move raw[RAW_MAX];
    frctx c;
    ctx_init(&c, p, raw, RAW_MAX);
    uint64_t own = p->side == DR_WHITE ? p->white : p->black;
    for (uint64_t o = own; o; o &= o - 1) captures_of(&c, DRI_CTZ(o) + 1);
    if (c.overflow) return -1;
    if (c.n == 0) return plain_moves(p, out, DR_MAX_MOVES);
    int k = sort_moves(raw, c.n, keep_dups);
    if (k > DR_MAX_MOVES) return -1;
    memcpy(out, raw, (size_t)k * sizeof *out);
    return k;
}

int dr_fr_gen_moves(const dr_pos *p, dr_move *out)
{
    return gen_moves(p, out, false);
}

/* A path of M: the landing squares of one sequence taking M's pieces from M's start. */
int dr_fr_move_path(const dr_pos *p, const dr_move *m, uint8_t path[DR_MAX_PATH])
{
    if (m->from < 1 || m->from > 50 || m->to < 1 || m->to > 50) return -1;
    if (!m->ncaptured) return 0;
    frctx c;
    ctx_init(&c, p, NULL, 0);
    uint64_t own = p->side == DR_WHITE ? p->white : p->black;
    if (!(own & BIT(m->from))) return -1;
    c.want = m;
    c.found = path;
    captures_of(&c, m->from);
    return c.found_len;
}

/* Leaf count, bulk-counted at the last ply (dr_make keeps the king-move counts). */
static uint64_t perft_rec(const dr_pos *p, int depth, bool keep)
{
    dr_move moves[DR_MAX_MOVES];
    int n = gen_moves(p, moves, keep);
    if (n <= 0) return 0;
    if (depth == 1) return (uint64_t)n;
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        dr_pos c = *p;
        dr_make(&c, &moves[i]);
        sum += perft_rec(&c, depth - 1, keep);
    }
    return sum;
}

uint64_t dr_fr_perft(const dr_pos *p, int depth, bool keep_dups)
{
    return depth <= 0 ? 1 : perft_rec(p, depth, keep_dups);
}

/* The value of the best capture in words ("2 pieces, 1 of them a king"). */
static void describe(const dr_move *m, uint64_t kings, char *buf, size_t n)
{
    int k = DRI_POPCOUNT(m->captured & kings);
    if (k && k == m->ncaptured) snprintf(buf, n, "%d %s", k, k == 1 ? "king" : "kings");
    else if (k) snprintf(buf, n, "%d %s, %d of them %s", m->ncaptured, m->ncaptured == 1 ? "piece" : "pieces", k, k == 1 ? "a king" : "kings");
    else snprintf(buf, n, "%d %s", m->ncaptured, m->ncaptured == 1 ? "man" : "men");
}

/* The judge's words for a Frisian move that is not legal (NULL when it is). */
const char *dr_fr_illegal_reason(const dr_pos *p, int from, int to, bool is_capture, char *buf, size_t n)
{
    if (from < 1 || from > 50) return dr_say(buf, n, "square %d does not exist", from);
    if (to < 1 || to > 50) return dr_say(buf, n, "square %d does not exist", to);
    uint64_t own = p->side == DR_WHITE ? p->white : p->black, f = BIT(from);
    if (!((p->white | p->black) & f)) return dr_say(buf, n, "there is no piece on %d", from);
    if (!(own & f)) return dr_say(buf, n, "the piece on %d is %s's", from, p->side == DR_WHITE ? "black" : "white");
    dr_move moves[DR_MAX_MOVES];
    int k = dr_fr_gen_moves(p, moves);
    for (int i = 0; i < k; i++)
        if (moves[i].from == from && moves[i].to == to && (moves[i].ncaptured > 0) == is_capture) return NULL;
    if (k > 0 && moves[0].ncaptured) {
        char what[64];
        describe(&moves[0], p->kings, what, sizeof what);
        if (!is_capture) return dr_say(buf, n, "a capture is compulsory: %s can be taken (from %d)", what, moves[0].from);
        for (int i = 0; i < k; i++)
            if (moves[i].from == from)
                return dr_say(buf, n, "no capture of the highest value from %d ends on %d (Frisian value rule: %s)", from, to, what);
        return dr_say(buf, n, "the capture of the highest value (%s, a king's capture first at equal value) starts on %d, not %d",
                   what, moves[0].from, from);
    }
    if (is_capture) return dr_say(buf, n, "no capture is possible in this position");
    if (from == dr_fr_blocked_king(p))
        return dr_say(buf, n, "the king on %d has made three moves in a row: another piece must move (Frisian rule)", from);
    if ((p->kings & f) == 0) {
        bool back = p->side == DR_WHITE ? to > from : to < from;
        if (back) return dr_say(buf, n, "a man cannot move backwards without capturing");
    }
    if ((p->white | p->black) & BIT(to)) return dr_say(buf, n, "square %d is occupied", to);
    return dr_say(buf, n, "%d-%d is not a legal move in frisian draughts", from, to);
}
