/* movegen.c - legal move generation for international draughts: plain moves, capture
 * sequences with the maximum-capture rule, and removal of duplicate captures. */
#include "draughts.h"
#include "dr_internal.h"

#include <string.h>

/* State of one capture search. The moving piece's own square is in `empty` (it counts as
 * empty during the capture); captured pieces stay in `opp`-minus-captured's complement,
 * i.e. they remain occupied, so they block and cannot be jumped again. */
typedef struct capctx {
    uint64_t opp;          /* opponent pieces (captured ones included: they still block) */
    uint64_t empty;        /* empty squares, plus the origin of the moving piece */
    uint64_t promo;        /* far row for a man */
    dri_move *out;
    int cap;               /* capacity of out */
    int n;                 /* moves stored */
    int best;              /* pieces taken by the stored moves */
    int origin_start;      /* first stored move of the current origin */
    uint8_t from, king;
    bool keep_dups, overflow;
} capctx;

/* Keep a finished sequence if it is maximal so far; drop a duplicate of an earlier one
 * (same origin, same end, same captured set). With one capture a duplicate is impossible
 * (origin and end fix the line and hence the piece), so the scan runs from two on. */
DRI_INLINE void record(capctx *c, uint64_t to, uint64_t captured, int n)
{
    if (n < c->best) return;
    uint8_t to_idx = (uint8_t)DRI_CTZ(to);
    if (n > c->best) {
        c->best = n;
        c->n = 0;
        c->origin_start = 0;
    } else if (n >= 2 && !c->keep_dups) {
        for (int i = c->origin_start; i < c->n; i++)
            if (c->out[i].cap == captured && c->out[i].to == to_idx) return;
    }
    if (c->n >= c->cap) {
        c->overflow = true;
        return;
    }
    dri_move *m = &c->out[c->n++];
    m->cap = captured;
    m->from = c->from;
    m->to = to_idx;
    m->n = (uint8_t)n;
    m->king = c->king;
    m->promo = (uint8_t)(!c->king && (to & c->promo));
}

/* Depth-first search of a man's jumps from `sq`. Men jump forward and backward over an
 * adjacent uncaptured opponent piece onto the empty square right behind it. */
static void man_dfs(capctx *c, uint64_t sq, uint64_t captured, int n)
{
    uint64_t opp = c->opp & ~captured, empty = c->empty;
    bool any = false;
#define DR_MAN_DIR(D)                                   \
    do {                                                \
        uint64_t mid = dri_step(sq, D);                 \
        if (mid & opp) {                                \
            uint64_t land = dri_step(mid, D);           \
            if (land & empty) {                         \
                any = true;                             \
                man_dfs(c, land, captured | mid, n + 1); \
            }                                           \
        }                                               \
    } while (0)
    DR_MAN_DIR(-6);
    DR_MAN_DIR(-5);
    DR_MAN_DIR(5);
    DR_MAN_DIR(6);
#undef DR_MAN_DIR
    if (!any && n > 0) record(c, sq, captured, n);
}

/* Depth-first search of a flying king's jumps from `sq`.
 * After jumping a piece along direction d the king may land on any empty square of the
 * run behind it. Continuing along d from any landing square of the run meets the same
 * next piece as from the run's last square, so that continuation is searched only from
 * the last square (`skip` = d for the others, `skip_cont` telling whether it exists, so
 * that those squares are not mistaken for the end of the sequence). */
static void king_dfs(capctx *c, uint64_t sq, uint64_t captured, int n, int skip, bool skip_cont)
{
    static const int dirs[4] = { -6, -5, 5, 6 };
    uint64_t opp = c->opp & ~captured, empty = c->empty;
    bool any = skip_cont;
    for (int i = 0; i < 4; i++) {
        int d = dirs[i];
        if (d == skip) continue;
        uint64_t x = dri_step(sq, d);
        while (x & empty) x = dri_step(x, d);
        if (!(x & opp)) continue;
        uint64_t land = dri_step(x, d);
        if (!(land & empty)) continue;
        any = true;
        uint64_t ncap = captured | x;
        uint64_t last = land;
        while (dri_step(last, d) & empty) last = dri_step(last, d);
        bool cont = dri_king_ray_capture(last, d, c->opp & ~ncap, empty);
        for (; land != last; land = dri_step(land, d)) king_dfs(c, land, ncap, n + 1, d, cont);
        king_dfs(c, last, ncap, n + 1, 0, false);
    }
    if (!any && n > 0) record(c, sq, captured, n);
}

/* Fast path for the common case: no kings, and no man can jump a second time. Then every
 * jump is a complete one-piece capture (so all are maximal and none duplicates another)
 * and they can be listed with bitboard operations. A second jump from landing square L
 * (reached along d) goes along some e != -d (back along -d is the captured piece); its
 * landing L+2e can never be the mover's start L-2d, so the board's own empty set is the
 * right test. Returns -2 when the fast path does not apply. */
static int single_jumps(uint64_t men, uint64_t opp, uint64_t empty, uint64_t promo, dri_move *out, int cap)
{
    static const int dirs[4] = { -6, -5, 5, 6 };
    uint64_t jumpers[4];
    for (int i = 0; i < 4; i++) {
        int d = dirs[i];
        jumpers[i] = men & dri_step(opp, -d) & dri_step(empty, -2 * d);
        uint64_t land = dri_step(jumpers[i], 2 * d);
        if (!land) continue;
        for (int j = 0; j < 4; j++) {
            int e = dirs[j];
            if (e != -d && (land & dri_step(opp, -e) & dri_step(empty, -2 * e))) return -2;
        }
    }
    int n = 0;
    for (int i = 0; i < 4; i++) {
        int d = dirs[i];
        for (uint64_t x = jumpers[i]; x; x &= x - 1) {
            if (n >= cap) return -1;
            int from = DRI_CTZ(x);
            uint64_t to = dri_step(x & (0 - x), 2 * d);
            dri_move *m = &out[n++];
            m->cap = dri_step(x & (0 - x), d);
            m->from = (uint8_t)from;
            m->to = (uint8_t)(from + 2 * d);
            m->n = 1;
            m->king = 0;
            m->promo = (to & promo) != 0;
        }
    }
    return n;
}

/* All maximal capture moves of the side owning men/kings. */
int dri_gen_captures(uint64_t men, uint64_t kings, uint64_t opp, uint64_t empty, uint64_t promo,
                     bool keep_dups, dri_move *out, int cap)
{
    if (!kings) {
        int n = single_jumps(men, opp, empty, promo, out, cap);
        if (n != -2) return n;
    }
    capctx c;
    c.opp = opp;
    c.promo = promo;
    c.out = out;
    c.cap = cap;
    c.n = 0;
    c.best = 0;
    c.origin_start = 0;
    c.keep_dups = keep_dups;
    c.overflow = false;
    for (uint64_t x = dri_men_jumpers(men, opp, empty); x; x &= x - 1) {
        uint64_t bit = x & (0 - x);
        c.from = (uint8_t)DRI_CTZ(x);
        c.king = 0;
        c.empty = empty | bit;
        c.origin_start = c.n;
        man_dfs(&c, bit, 0, 0);
    }
    for (uint64_t x = kings; x; x &= x - 1) {
        uint64_t bit = x & (0 - x);
        c.from = (uint8_t)DRI_CTZ(x);
        c.king = 1;
        c.empty = empty | bit;
        c.origin_start = c.n;
        king_dfs(&c, bit, 0, 0, 0, false);
    }
    return c.overflow ? -1 : c.n;
}

/* Append a plain move unless the buffer is full. */
static bool push_plain(dri_move *out, int *n, int cap, int from, int to, bool king, bool promo)
{
    if (*n >= cap) return false;
    dri_move *m = &out[(*n)++];
    m->cap = 0;
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->n = 0;
    m->king = king;
    m->promo = promo;
    return true;
}

/* Full legal move list: captures if any (they are compulsory), else plain moves. */
int dri_gen_moves(const dri_pos *q, dr_side side, bool keep_dups, dri_move *out, int cap)
{
    static const int dirs[4] = { -6, -5, 5, 6 };
    bool white = side == DR_WHITE;
    uint64_t own = white ? q->w : q->b, opp = white ? q->b : q->w;
    uint64_t men = own & ~q->k, kings = own & q->k;
    uint64_t empty = DRI_VALID & ~(q->w | q->b);
    uint64_t promo = white ? DRI_PROMO_WHITE : DRI_PROMO_BLACK;
    int n = dri_gen_captures(men, kings, opp, empty, promo, keep_dups, out, cap);
    if (n != 0) return n;
    /* The men's moves by origin, each origin's lower target first (d1 < d2): in
     * (from, to) order already, which the search's sorted list (dr_game_desc.c) then
     * takes with one comparison a move. */
    int d1 = white ? dirs[0] : dirs[2], d2 = white ? dirs[1] : dirs[3];
    uint64_t by1 = dri_men_stepping(men, empty, d1), by2 = dri_men_stepping(men, empty, d2);
    for (uint64_t x = by1 | by2; x; x &= x - 1) {
        int from = DRI_CTZ(x);
        uint64_t bit = x & (0 - x);
        if ((by1 & bit) && !push_plain(out, &n, cap, from, from + d1, false, (dri_step(bit, d1) & promo) != 0))
            return -1;
        if ((by2 & bit) && !push_plain(out, &n, cap, from, from + d2, false, (dri_step(bit, d2) & promo) != 0))
            return -1;
    }
    for (uint64_t x = kings; x; x &= x - 1) {
        uint64_t bit = x & (0 - x);
        for (int i = 0; i < 4; i++)
            for (uint64_t t = dri_step(bit, dirs[i]); t & empty; t = dri_step(t, dirs[i]))
                if (!push_plain(out, &n, cap, DRI_CTZ(x), DRI_CTZ(t), true, false)) return -1;
    }
    return n;
}

/* Internal move to the public form (squares 1..50, compact captured set). */
void dri_to_public(const dri_move *im, dr_move *m)
{
    m->captured = dri_unpad(im->cap);
    m->from = (uint8_t)dri_square_of_bit(im->from);
    m->to = (uint8_t)dri_square_of_bit(im->to);
    m->promotes = im->promo;
    m->ncaptured = im->n;
    m->king = im->king;
}

/* Order public moves by from, to, then captured set, so listings are stable. */
static int move_cmp(const dr_move *a, const dr_move *b)
{
    if (a->from != b->from) return a->from < b->from ? -1 : 1;
    if (a->to != b->to) return a->to < b->to ? -1 : 1;
    if (a->captured != b->captured) return a->captured < b->captured ? -1 : 1;
    return 0;
}

/* Legal moves in the public form, sorted (see move_cmp). */
int dr_gen_moves(const dr_pos *p, dr_move *out)
{
    if (p->variant != DR_INTERNATIONAL) return p->variant == DR_FRISIAN ? dr_fr_gen_moves(p, out) : dr_v8_gen_moves(p, out);
    dri_move tmp[DR_MAX_MOVES];
    dri_pos q = dri_from_pos(p);
    int n = dri_gen_moves(&q, p->side, false, tmp, DR_MAX_MOVES);
    if (n < 0) return -1;
    for (int i = 0; i < n; i++) {
        dr_move m;
        dri_to_public(&tmp[i], &m);
        int j = i;
        while (j > 0 && move_cmp(&out[j - 1], &m) > 0) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = m;
    }
    return n;
}

/* Find a legal move by its squares and captured set. */
int dr_find_move(const dr_pos *p, int from, int to, uint64_t captured, dr_move *out)
{
    dr_move moves[DR_MAX_MOVES];
    int n = dr_gen_moves(p, moves);
    for (int i = 0; i < n; i++) {
        if (moves[i].from == from && moves[i].to == to && moves[i].captured == captured) {
            if (out) *out = moves[i];
            return i;
        }
    }
    return -1;
}

/* Best capture size and one origin, for judges and the PDN reader. */
int dr_max_capture_available(const dr_pos *p, int *from_sq)
{
    if (p->variant != DR_INTERNATIONAL) {   /* the variants' generators: maximal captures only */
        dr_move moves[DR_MAX_MOVES];
        int n = dr_gen_moves(p, moves), best = 0, from = 0;
        for (int i = 0; i < n; i++)
            if (moves[i].ncaptured > best) best = moves[i].ncaptured, from = moves[i].from;
        if (from_sq) *from_sq = from;
        return best;
    }
    dri_move tmp[DR_MAX_MOVES];
    dri_pos q = dri_from_pos(p);
    bool white = p->side == DR_WHITE;
    uint64_t own = white ? q.w : q.b, opp = white ? q.b : q.w;
    uint64_t empty = DRI_VALID & ~(q.w | q.b);
    int n = dri_gen_captures(own & ~q.k, own & q.k, opp, empty,
                             white ? DRI_PROMO_WHITE : DRI_PROMO_BLACK, false, tmp, DR_MAX_MOVES);
    if (from_sq) *from_sq = n != 0 ? dri_square_of_bit(tmp[0].from) : 0;
    /* On overflow the stored moves are still maximal ones. */
    return n != 0 ? tmp[0].n : 0;
}

/* ---- exhaustive walk of capture sequences (slow path: judge and path recovery) ------ */

typedef struct walkctx {
    uint64_t opp, empty;
    bool king;
    dri_seq_fn fn;
    void *ctx;
    uint8_t path[DR_MAX_PATH];
} walkctx;

/* Visit every capture sequence state; complete = no further jump from here. */
static void walk(walkctx *w, uint64_t sq, uint64_t captured, int n)
{
    static const int dirs[4] = { -6, -5, 5, 6 };
    uint64_t opp = w->opp & ~captured;
    bool any = false;
    if (n < DR_MAX_PATH) {
        for (int i = 0; i < 4; i++) {
            int d = dirs[i];
            uint64_t x = dri_step(sq, d);
            if (w->king)
                while (x & w->empty) x = dri_step(x, d);
            if (!(x & opp)) continue;
            for (uint64_t land = dri_step(x, d); land & w->empty; land = dri_step(land, d)) {
                any = true;
                w->path[n] = (uint8_t)DRI_CTZ(land);
                walk(w, land, captured | x, n + 1);
                if (!w->king) break;
            }
        }
    }
    if (n > 0) w->fn(w->ctx, captured, w->path, n, !any);
}

/* Walk all capture sequences of the piece on bit from_bit (nothing if empty square). */
void dri_walk_captures(const dri_pos *q, int from_bit, dri_seq_fn fn, void *ctx)
{
    uint64_t bit = UINT64_C(1) << from_bit;
    walkctx w;
    if (!((q->w | q->b) & bit)) return;
    bool white = (q->w & bit) != 0;
    w.opp = white ? q->b : q->w;
    w.empty = (DRI_VALID & ~(q->w | q->b)) | bit;
    w.king = (q->k & bit) != 0;
    w.fn = fn;
    w.ctx = ctx;
    walk(&w, bit, 0, 0);
}

typedef struct pathfind {
    uint64_t want_cap;
    int want_to;
    int found;
    uint8_t path[DR_MAX_PATH];
} pathfind;

/* Remember the first complete sequence with the wanted end and captured set. */
static void pathfind_visit(void *vctx, uint64_t captured, const uint8_t *path, int n, bool complete)
{
    pathfind *pf = vctx;
    if (pf->found || !complete || captured != pf->want_cap || path[n - 1] != pf->want_to) return;
    memcpy(pf->path, path, (size_t)n);
    pf->found = n;
}

/* Landing squares of a capture, recovered by searching again. */
int dr_move_path(const dr_pos *p, const dr_move *m, uint8_t path[DR_MAX_PATH])
{
    if (m->captured == 0) return 0;
    if (p->variant != DR_INTERNATIONAL) return p->variant == DR_FRISIAN ? dr_fr_move_path(p, m, path) : dr_v8_move_path(p, m, path);
    if (m->from < 1 || m->from > DR_SQUARES || m->to < 1 || m->to > DR_SQUARES) return -1;
    dri_pos q = dri_from_pos(p);
    int from_bit = dri_bit_of_square(m->from);
    uint64_t own = p->side == DR_WHITE ? q.w : q.b;
    if (!(own & (UINT64_C(1) << from_bit))) return -1;
    pathfind pf;
    pf.want_cap = dri_pad(m->captured);
    pf.want_to = dri_bit_of_square(m->to);
    pf.found = 0;
    dri_walk_captures(&q, from_bit, pathfind_visit, &pf);
    if (!pf.found) return -1;
    for (int i = 0; i < pf.found; i++) path[i] = (uint8_t)dri_square_of_bit(pf.path[i]);
    return pf.found;
}
