/* v8_movegen.c - move generation, capture paths, perft and the judge's reasons for the
 * 8x8 draughts variants (the board and numbering are in variant.c).
 *
 * Rules (docs/draughts-variants.md):
 *   English (PDN 21): men move and capture forward only; kings move and capture one
 *     square in any diagonal direction; a man reaching the far row is crowned and the
 *     move ends; capture is compulsory and a capture once begun is taken to its end,
 *     but the player chooses freely among captures (not the longest).
 *   Italian (22): as English, but men never capture kings, and among captures the
 *     quality rules decide: the most pieces; then capturing with a king; then the most
 *     kings captured; then the sequence that meets a king first.
 *   Russian (25): men capture backward too; kings fly (move and capture at a distance,
 *     landing anywhere beyond, but where a landing square lets the capture go on, the
 *     king must take one of those); a man reaching the far row during a capture becomes
 *     a king at once and goes on capturing as a king; free choice among captures.
 *   Brazilian (26): the international rules on 8x8: men capture backward, flying kings,
 *     the most pieces must be taken, a man passing the far row during a capture stays a
 *     man (crowned only if the move ends there).
 *   Czech (29): men move and capture forward only; kings fly as in Russian; when a king
 *     can capture, a king must capture (any of the kings' captures), else free choice.
 *   Pool (23): men capture backward too, kings fly, free choice among captures; a man
 *     reaching the far row during a capture that can go on goes on as a man (crowned
 *     only if the move ends there).
 *   Spanish (24): the Italian board; men move and capture forward only, kings fly; the
 *     capture taking the most pieces must be played, and among those the one taking
 *     the most kings (men may capture kings).
 *   All: captured pieces leave the board only when the move ends, so they block and
 *     cannot be jumped twice; the moving piece's start square counts as empty; two
 *     sequences with the same start, end and captured set are one move.
 * Method: a depth-first search of capture sequences over a neighbour table, one
 * per numbering (English and Italian are mirror images), with a quality key per
 * sequence (a number compared as a whole) that implements the variant's choice rule. */
#include "draughts.h"
#include "dr_internal.h"

#include <stdio.h>
#include <string.h>

/* Neighbours: [square][dir], dir 0 = towards rank 8 and file a, 1 = rank 8 and file h,
 * 2 = rank 1 and file a, 3 = rank 1 and file h (white men go 0/1, black men 2/3);
 * the same squares as dri_v8_step computes (checked in tests). */
static const uint8_t nb_english[33][4] = {
    {0, 0, 0, 0}, {0, 0, 5, 6}, {0, 0, 6, 7}, {0, 0, 7, 8},
    {0, 0, 8, 0}, {0, 1, 0, 9}, {1, 2, 9, 10}, {2, 3, 10, 11},
    {3, 4, 11, 12}, {5, 6, 13, 14}, {6, 7, 14, 15}, {7, 8, 15, 16},
    {8, 0, 16, 0}, {0, 9, 0, 17}, {9, 10, 17, 18}, {10, 11, 18, 19},
    {11, 12, 19, 20}, {13, 14, 21, 22}, {14, 15, 22, 23}, {15, 16, 23, 24},
    {16, 0, 24, 0}, {0, 17, 0, 25}, {17, 18, 25, 26}, {18, 19, 26, 27},
    {19, 20, 27, 28}, {21, 22, 29, 30}, {22, 23, 30, 31}, {23, 24, 31, 32},
    {24, 0, 32, 0}, {0, 25, 0, 0}, {25, 26, 0, 0}, {26, 27, 0, 0},
    {27, 28, 0, 0}
};

static const uint8_t nb_italian[33][4] = {
    {0, 0, 0, 0}, {0, 0, 0, 5}, {0, 0, 5, 6}, {0, 0, 6, 7},
    {0, 0, 7, 8}, {1, 2, 9, 10}, {2, 3, 10, 11}, {3, 4, 11, 12},
    {4, 0, 12, 0}, {0, 5, 0, 13}, {5, 6, 13, 14}, {6, 7, 14, 15},
    {7, 8, 15, 16}, {9, 10, 17, 18}, {10, 11, 18, 19}, {11, 12, 19, 20},
    {12, 0, 20, 0}, {0, 13, 0, 21}, {13, 14, 21, 22}, {14, 15, 22, 23},
    {15, 16, 23, 24}, {17, 18, 25, 26}, {18, 19, 26, 27}, {19, 20, 27, 28},
    {20, 0, 28, 0}, {0, 21, 0, 29}, {21, 22, 29, 30}, {22, 23, 30, 31},
    {23, 24, 31, 32}, {25, 26, 0, 0}, {26, 27, 0, 0}, {27, 28, 0, 0},
    {28, 0, 0, 0}
};

typedef struct v8_rules {
    bool men_back;       /* men capture backward */
    bool flying;         /* kings move and capture at a distance */
    bool crown_midway;   /* Russian: crowned mid-capture and goes on as a king */
    bool men_spare_kings;/* Italian: men cannot capture kings */
    int choice;          /* CHOICE_FREE, CHOICE_MAJORITY, CHOICE_QUALITY */
} v8_rules;

enum { CHOICE_FREE, CHOICE_MAJORITY, CHOICE_QUALITY, CHOICE_KING_FIRST, CHOICE_MOST_KINGS };

/* The rules of V (V is never international here). */
static v8_rules rules_of(dr_variant v)
{
    switch (v) {
    case DR_RUSSIAN: return (v8_rules){true, true, true, false, CHOICE_FREE};
    case DR_BRAZILIAN: return (v8_rules){true, true, false, false, CHOICE_MAJORITY};
    case DR_ITALIAN: return (v8_rules){false, false, false, true, CHOICE_QUALITY};
    case DR_CZECH: return (v8_rules){false, true, false, false, CHOICE_KING_FIRST};
    case DR_POOL: return (v8_rules){true, true, false, false, CHOICE_FREE};
    case DR_SPANISH: return (v8_rules){false, true, false, false, CHOICE_MOST_KINGS};
    default: return (v8_rules){false, false, false, false, CHOICE_FREE};
    }
}

#define BIT(s) (UINT32_C(1) << ((s) - 1))
#define PROMO_WHITE UINT32_C(0x0000000F)   /* squares 1..4 */
#define PROMO_BLACK UINT32_C(0xF0000000)   /* squares 29..32 */

typedef struct genctx {
    v8_rules r;
    const uint8_t (*nb)[4];
    uint32_t opp, kings, empty, promo;  /* empty includes the mover's start square */
    bool white;
    int from;
    bool start_king;
    dr_move *out;
    uint64_t *quality;  /* per generated move */
    int n, cap;
    bool overflow;
    uint8_t path[DR_MAX_PATH];
    /* path search (dr_v8_move_path): the move sought and where its path goes */
    const dr_move *want;
    uint8_t *found;
    int found_len;
} genctx;

/* Record a finished capture sequence ending on TO. */
static void emit(genctx *c, int to, uint32_t captured, int n, bool king_now, uint64_t quality)
{
    if (c->want) {
        if (c->found_len < 0 && to == c->want->to && captured == (uint32_t)c->want->captured) {
            memcpy(c->found, c->path, (size_t)n);
            c->found_len = n;
        }
        return;
    }
    if (c->n >= c->cap) { c->overflow = true; return; }
    dr_move *m = &c->out[c->n];
    m->captured = captured;
    m->from = (uint8_t)c->from;
    m->to = (uint8_t)to;
    m->ncaptured = (uint8_t)n;
    m->king = c->start_king;
    m->promotes = !c->start_king && (king_now || (BIT(to) & c->promo));
    c->quality[c->n++] = quality | (uint64_t)n << 40;
}

/* Quality of capturing square S as the J-th piece (Italian: kings count and order;
 * Spanish: kings count). */
static uint64_t take_quality(const genctx *c, int s, int j)
{
    if (c->r.choice == CHOICE_MOST_KINGS) return (c->kings & BIT(s)) ? 1 : 0;
    if (c->r.choice != CHOICE_QUALITY || !(c->kings & BIT(s))) return 0;
    return (UINT64_C(1) << 32) | (j < 16 ? UINT64_C(1) << (15 - j) : 0);
}

static bool can_capture_from(const genctx *c, int s, uint32_t captured, bool king);

/* The capture continues from S (captured so far: CAPTURED, N pieces); KING_NOW: the piece
 * moves as a king (from the start, or crowned on the way in Russian). */
static void capture_dfs(genctx *c, int s, uint32_t captured, int n, bool king_now, uint64_t q)
{
    bool any = false;
    if (n >= DR_MAX_PATH) { emit(c, s, captured, n, king_now, q); return; }
    for (int d = 0; d < 4; d++) {
        if (!king_now && !c->r.men_back && (c->white ? d >= 2 : d < 2)) continue;
        int x = c->nb[s][d];
        if (king_now && c->r.flying)
            while (x && (c->empty & BIT(x))) x = c->nb[x][d];
        if (!x || !(c->opp & BIT(x)) || (captured & BIT(x))) continue;
        if (!king_now && c->r.men_spare_kings && (c->kings & BIT(x))) continue;
        int land[8], nl = 0;
        for (int y = c->nb[x][d]; y && (c->empty & BIT(y)); y = c->nb[y][d]) {
            land[nl++] = y;
            if (!(king_now && c->r.flying)) break;
        }
        if (nl == 0) continue;
        uint32_t cap2 = captured | BIT(x);
        uint64_t q2 = q + take_quality(c, x, n);
        bool cont[8], anycont = false;
        for (int i = 0; i < nl; i++) {
            bool k2 = king_now || (c->r.crown_midway && (BIT(land[i]) & c->promo));
            cont[i] = nl > 1 && can_capture_from(c, land[i], cap2, k2);
            anycont = anycont || cont[i];
        }
        for (int i = 0; i < nl; i++) {
            if (anycont && !cont[i]) continue;
            bool k2 = king_now || (c->r.crown_midway && (BIT(land[i]) & c->promo));
            c->path[n] = (uint8_t)land[i];
            any = true;
            capture_dfs(c, land[i], cap2, n + 1, k2, q2);
        }
    }
    if (!any && n > 0) emit(c, s, captured, n, king_now, q);
}

/* Can the piece on S (a king if KING) capture one more piece? */
static bool can_capture_from(const genctx *c, int s, uint32_t captured, bool king)
{
    for (int d = 0; d < 4; d++) {
        if (!king && !c->r.men_back && (c->white ? d >= 2 : d < 2)) continue;
        int x = c->nb[s][d];
        if (king && c->r.flying)
            while (x && (c->empty & BIT(x))) x = c->nb[x][d];
        if (!x || !(c->opp & BIT(x)) || (captured & BIT(x))) continue;
        if (!king && c->r.men_spare_kings && (c->kings & BIT(x))) continue;
        int y = c->nb[x][d];
        if (y && (c->empty & BIT(y))) return true;
    }
    return false;
}

/* Set up a context for P's side to move (OUT/QUALITY: room for CAP moves). */
static void ctx_init(genctx *c, const dr_pos *p, dr_move *out, uint64_t *quality, int cap)
{
    memset(c, 0, sizeof *c);
    c->r = rules_of((dr_variant)p->variant);
    c->nb = p->variant == DR_ITALIAN || p->variant == DR_SPANISH ? nb_italian : nb_english;
    c->white = p->side == DR_WHITE;
    uint32_t w = (uint32_t)p->white, b = (uint32_t)p->black;
    c->opp = c->white ? b : w;
    c->kings = (uint32_t)p->kings;
    c->empty = ~(w | b);
    c->promo = c->white ? PROMO_WHITE : PROMO_BLACK;
    c->out = out;
    c->quality = quality;
    c->cap = cap;
    c->found_len = -1;
}

/* Every capture sequence of the piece on FROM (its square counted empty meanwhile). */
static void captures_of(genctx *c, int from)
{
    c->from = from;
    c->start_king = (c->kings & BIT(from)) != 0;
    c->empty |= BIT(from);
    bool by_king = c->start_king && c->r.choice == CHOICE_QUALITY;   /* Italian: a king's capture first */
    capture_dfs(c, from, 0, 0, c->start_king, by_king ? UINT64_C(1) << 39 : 0);
    c->empty &= ~BIT(from);
}

/* Order of dr_gen_moves: from, to, captured set. */
static int move_cmp(const dr_move *a, const dr_move *b)
{
    if (a->from != b->from) return a->from - b->from;
    if (a->to != b->to) return a->to - b->to;
    return a->captured < b->captured ? -1 : a->captured > b->captured;
}

/* Keep the captures of the best quality (all of them under free choice), drop
 * duplicates, sort. */
static int finish_captures(genctx *c, bool keep_dups)
{
    uint64_t best = 0;
    bool king_takes = false;
    for (int i = 0; i < c->n; i++) {
        if (c->quality[i] > best) best = c->quality[i];
        king_takes = king_takes || c->out[i].king;
    }
    int k = 0;
    for (int i = 0; i < c->n; i++) {
        if (c->r.choice == CHOICE_MAJORITY && c->out[i].ncaptured != (best >> 40)) continue;
        if ((c->r.choice == CHOICE_QUALITY || c->r.choice == CHOICE_MOST_KINGS) && c->quality[i] != best) continue;
        if (c->r.choice == CHOICE_KING_FIRST && king_takes && !c->out[i].king) continue;
        c->out[k++] = c->out[i];
    }
    for (int i = 1; i < k; i++) {   /* insertion sort: lists are short */
        dr_move m = c->out[i];
        int j = i;
        while (j > 0 && move_cmp(&c->out[j - 1], &m) > 0) { c->out[j] = c->out[j - 1]; j--; }
        c->out[j] = m;
    }
    if (keep_dups) return k;
    int u = 0;
    for (int i = 0; i < k; i++)
        if (u == 0 || move_cmp(&c->out[u - 1], &c->out[i]) != 0) c->out[u++] = c->out[i];
    return u;
}

/* Plain moves (no capture exists): men one step forward, kings one step or a flight. */
static int plain_moves(genctx *c, uint32_t own)
{
    int n = 0;
    for (uint32_t o = own; o; o &= o - 1) {
        int s = DRI_CTZ(o) + 1;
        bool king = (c->kings & BIT(s)) != 0;
        for (int d = 0; d < 4; d++) {
            if (!king && (c->white ? d >= 2 : d < 2)) continue;
            for (int t = c->nb[s][d]; t && (c->empty & BIT(t)); t = c->nb[t][d]) {
                if (n >= c->cap) return -1;
                c->out[n++] = (dr_move){.from = (uint8_t)s, .to = (uint8_t)t, .king = king,
                                        .promotes = !king && (BIT(t) & c->promo)};
                if (!(king && c->r.flying)) break;
            }
        }
    }
    for (int i = 1; i < n; i++) {
        dr_move m = c->out[i];
        int j = i;
        while (j > 0 && move_cmp(&c->out[j - 1], &m) > 0) { c->out[j] = c->out[j - 1]; j--; }
        c->out[j] = m;
    }
    return n;
}

/* All capture sequences of the side to move, before the choice rule. */
static void all_captures(genctx *c, uint32_t own)
{
    for (uint32_t o = own; o; o &= o - 1) captures_of(c, DRI_CTZ(o) + 1);
}

/* dr_gen_moves for a variant position; KEEP_DUPS keeps sequences that take the same
 * pieces in another order (perft's other convention). */
static int gen_moves(const dr_pos *p, dr_move *out, bool keep_dups)
{
    uint64_t quality[DR_MAX_MOVES];
    genctx c;
    ctx_init(&c, p, out, quality, DR_MAX_MOVES);
    uint32_t own = (uint32_t)(p->side == DR_WHITE ? p->white : p->black);
    all_captures(&c, own);
    if (c.overflow) return -1;
    if (c.n > 0) return finish_captures(&c, keep_dups);
    return plain_moves(&c, own);
}

int dr_v8_gen_moves(const dr_pos *p, dr_move *out)
{
    return gen_moves(p, out, false);
}

/* A path of M: the landing squares of one sequence taking M's pieces from M's start. */
int dr_v8_move_path(const dr_pos *p, const dr_move *m, uint8_t path[DR_MAX_PATH])
{
    if (m->from < 1 || m->from > 32 || m->to < 1 || m->to > 32) return -1;
    if (!m->ncaptured) return 0;
    genctx c;
    ctx_init(&c, p, NULL, NULL, 0);
    uint32_t own = (uint32_t)(p->side == DR_WHITE ? p->white : p->black);
    if (!(own & BIT(m->from))) return -1;
    c.want = m;
    c.found = path;
    captures_of(&c, m->from);
    return c.found_len;
}

/* The position after M without the hash (perft's inner loop). */
static void apply_fast(dr_pos *p, const dr_move *m)
{
    uint64_t f = UINT64_C(1) << (m->from - 1), t = UINT64_C(1) << (m->to - 1);
    uint64_t *own = p->side == DR_WHITE ? &p->white : &p->black, *opp = p->side == DR_WHITE ? &p->black : &p->white;
    *opp &= ~m->captured;
    p->kings &= ~m->captured;
    *own = (*own & ~f) | t;
    if (p->kings & f) p->kings = (p->kings & ~f) | t;
    else if (m->promotes) p->kings |= t;
    p->side = p->side == DR_WHITE ? DR_BLACK : DR_WHITE;
}

/* Leaf count, bulk-counted at the last ply. */
static uint64_t perft_rec(const dr_pos *p, int depth, bool keep)
{
    dr_move moves[DR_MAX_MOVES];
    int n = gen_moves(p, moves, keep);
    if (n <= 0) return 0;
    if (depth == 1) return (uint64_t)n;
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        dr_pos c = *p;
        apply_fast(&c, &moves[i]);
        sum += perft_rec(&c, depth - 1, keep);
    }
    return sum;
}

uint64_t dr_v8_perft(const dr_pos *p, int depth, bool keep_dups)
{
    return depth <= 0 ? 1 : perft_rec(p, depth, keep_dups);
}

/* The judge's words for an 8x8 move that is not legal (NULL when it is). */
const char *dr_v8_illegal_reason(const dr_pos *p, int from, int to, bool is_capture, char *buf, size_t n)
{
    const char *vn = dr_variant_name((dr_variant)p->variant);
    if (from < 1 || from > 32) return dr_say(buf, n, "square %d does not exist in %s draughts", from, vn);
    if (to < 1 || to > 32) return dr_say(buf, n, "square %d does not exist in %s draughts", to, vn);
    uint64_t own = p->side == DR_WHITE ? p->white : p->black, f = UINT64_C(1) << (from - 1);
    if (!((p->white | p->black) & f)) return dr_say(buf, n, "there is no piece on %d", from);
    if (!(own & f)) return dr_say(buf, n, "the piece on %d is %s's", from, p->side == DR_WHITE ? "black" : "white");
    dr_move moves[DR_MAX_MOVES];
    int k = dr_v8_gen_moves(p, moves);
    for (int i = 0; i < k; i++)
        if (moves[i].from == from && moves[i].to == to && (moves[i].ncaptured > 0) == is_capture) return NULL;
    if (k > 0 && moves[0].ncaptured) {
        int best = 0, bfrom = 0;
        bool from_has = false;
        for (int i = 0; i < k; i++) {
            if (moves[i].ncaptured > best) { best = moves[i].ncaptured; bfrom = moves[i].from; }
            if (moves[i].from == from) from_has = true;
        }
        if (!is_capture)
            return dr_say(buf, n, "a capture is compulsory: %d %s can be taken (from %d)", best, best == 1 ? "piece" : "pieces", bfrom);
        if (!from_has)
            return dr_say(buf, n, "no legal capture starts on %d under the %s rules (one starts on %d)", from, vn, bfrom);
        return dr_say(buf, n, "no legal capture from %d ends on %d under the %s rules", from, to, vn);
    }
    if (is_capture) return dr_say(buf, n, "no capture is possible in this position");
    if ((p->kings & f) == 0) {
        bool back = p->side == DR_WHITE ? to > from : to < from;
        if (back) return dr_say(buf, n, "a man cannot move backwards without capturing");
    }
    if ((p->white | p->black) & (UINT64_C(1) << (to - 1))) return dr_say(buf, n, "square %d is occupied", to);
    return dr_say(buf, n, "%d-%d is not a legal move in %s draughts", from, to, vn);
}
