/* search.c -- iterative-deepening alpha-beta over the game descriptor.
 *
 * The method is the classic one of chess programs, kept game-agnostic: principal
 * variation search with aspiration windows at the root, a transposition table probed
 * and stored at every full-width node, late move reductions for quiet moves searched
 * late, killer and history heuristics for ordering after the table's move and the
 * game's own move hints (the history kept from one search to the next on the same
 * table where the game asks: BO_SEARCH_KEEP_HISTORY), and a quiescence search over
 * the game's noisy moves (captures) so that leaves are quiet (which reads and writes
 * the table where the game asks: BO_SEARCH_QS_TABLE).  Where the game judges exchanges (the descriptor's see_ge),
 * captures that lose material are ordered after the quiet moves and left out of
 * quiescence.  Win scores carry their distance (BO_SCORE_WIN - plies), so
 * the search prefers the fastest win and the slowest loss.
 *
 * Everything a search needs is allocated once per call (move lists per ply, the line
 * history, the principal variation table); nodes allocate nothing.  Stopping on a node
 * limit is exact, so a depth- or node-limited search is deterministic. */
#include "search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "core.h"

enum { INF = BO_SCORE_WIN + 1, BOUND_EXACT = 0, BOUND_LOWER = 1, BOUND_UPPER = 2, HISTORY_SIZE = 1 << 14 };

/* A table entry is two 64-bit words, read and written with relaxed atomics so that
 * threads share the table without locks: the key word holds key ^ data, so a torn
 * pair (one word from each of two writers) fails the key check and is ignored. */
typedef struct tt_slot {
    _Atomic uint64_t keyx;
    _Atomic uint64_t data;
} tt_slot;

typedef struct tt_entry {
    bo_move move;
    int score, depth, bound;
    unsigned gen;
} tt_entry;

/* GEN counts the searches made with the table: entries of earlier searches (earlier
 * moves of a game played through `boyi engine`) are replaced first. */
struct bo_tt {
    tt_slot *e;
    size_t mask;
    unsigned gen;
    _Atomic(void *) spare;   /* one finished search's state, kept for the next (see take_searcher) */
    /* The history of the last search (BO_SEARCH_KEEP_HISTORY), for the next one of the
     * same game; read and written only by the thread that calls bo_search. */
    int32_t history[HISTORY_SIZE];
};

static uint64_t tt_pack(bo_move m, int score, int depth, int bound, unsigned gen)
{
    return (uint64_t)m | (uint64_t)(uint16_t)(int16_t)score << 32 | (uint64_t)(uint8_t)depth << 48
         | (uint64_t)(uint8_t)(bound | (gen & 63) << 2) << 56;
}

static tt_entry tt_unpack(uint64_t d)
{
    tt_entry e = {(bo_move)(d & 0xFFFFFFFFu), (int16_t)(uint16_t)(d >> 32), (int8_t)(uint8_t)(d >> 48),
                  (int)(uint8_t)(d >> 56) & 3, (unsigned)(d >> 58)};
    return e;
}

/* The state of one search: the position it walks, its line, and the tables it fills. */
typedef struct searcher {
    const bo_game *g;
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    bo_hist h;
    bo_tt *tt;
    bo_limits lim;
    struct timespec t0;
    int64_t hard_ms;          /* stop at once past this (0: no time limit) */
    int64_t soft_ms;          /* start no new iteration past this */
    uint64_t nodes;
    bool stop;
    atomic_bool *shared_stop;  /* Lazy SMP: set by the main thread when it is done */
    int id;                    /* 0 for the main thread */
    int seldepth;
    int root_stm;
    bool root_moved;           /* a root move beat alpha in the current iteration */
    bool check[BO_MAX_PLY + 1];  /* is the side to move in check at this ply */
    int static_eval[BO_MAX_PLY + 1];  /* the evaluation at each ply of the line (-INF: not taken) */
    bo_move killers[BO_MAX_PLY][2];
    bo_move excluded[BO_MAX_PLY];   /* the move a singular search at this ply leaves out (0: none) */
    int root_depth;            /* the iteration's depth: extensions stop past twice it */
    bo_move tried[BO_MAX_PLY][BO_MOVES_MAX];   /* quiet moves searched at a ply, in order */
    int32_t history[HISTORY_SIZE];
    bo_move pv[BO_MAX_PLY][BO_MAX_PLY];
    int pvlen[BO_MAX_PLY];
    BO_ALIGNED unsigned char undo[BO_MAX_PLY][BO_UNDO_MAX];
    bo_move moves[BO_MAX_PLY][BO_MOVES_MAX];
    int keys[BO_MAX_PLY][BO_MOVES_MAX];
} searcher;

/* The table's slots, zeroed.  Every probe reads a random slot, so with 4 KB pages
 * nearly every one also misses the address cache (TLB), whose walk the prefetch of
 * the child's slot waits for: a table of 2 MB pages (Linux's transparent huge pages,
 * asked for where the system leaves it to the program) saves that walk.  The pages come
 * from the system zeroed and are taken only when first written, as calloc's were, so a
 * table the search never fills costs no memory.  Elsewhere, or where the system says
 * no, the same table on small pages. */
enum { TT_HUGE_PAGE = 2 * 1024 * 1024 };

static tt_slot *tt_alloc(size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= TT_HUGE_PAGE) {
        /* Map one huge page more, keep the aligned part (bytes: a power of two, so a
         * whole number of huge pages) and give the ends back. */
        size_t span = bytes + TT_HUGE_PAGE;
        char *raw = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (raw == MAP_FAILED) return NULL;
        char *e = (char *)(((uintptr_t)raw + TT_HUGE_PAGE - 1) & ~(uintptr_t)(TT_HUGE_PAGE - 1));
        if (e > raw) munmap(raw, (size_t)(e - raw));
        if (raw + span > e + bytes) munmap(e + bytes, (size_t)(raw + span - (e + bytes)));
        madvise(e, bytes, MADV_HUGEPAGE);
        return (tt_slot *)e;
    }
#endif
    return calloc(1, bytes);
}

/* Gives back what tt_alloc took for BYTES. */
static void tt_release(tt_slot *e, size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= TT_HUGE_PAGE) { munmap(e, bytes); return; }
#endif
    (void)bytes;
    free(e);
}

bo_tt *bo_tt_new(size_t mb)
{
    bo_tt *tt = malloc(sizeof *tt);
    if (!tt) return NULL;
    size_t want = (mb ? mb : 1) * 1024 * 1024 / sizeof(tt_slot), n = 1;
    while (n * 2 <= want) n *= 2;
    tt->e = tt_alloc(n * sizeof *tt->e);
    if (!tt->e) { free(tt); return NULL; }
    tt->mask = n - 1;
    tt->gen = 0;
    memset(tt->history, 0, sizeof tt->history);
    atomic_init(&tt->spare, NULL);
    return tt;
}

void bo_tt_clear(bo_tt *tt)
{
    memset(tt->history, 0, sizeof tt->history);
    for (size_t i = 0; i <= tt->mask; i++) {
        atomic_store_explicit(&tt->e[i].keyx, 0, memory_order_relaxed);
        atomic_store_explicit(&tt->e[i].data, 0, memory_order_relaxed);
    }
}

void bo_tt_free(bo_tt *tt)
{
    if (!tt) return;
    free(atomic_load(&tt->spare));
    tt_release(tt->e, (tt->mask + 1) * sizeof *tt->e);
    free(tt);
}

int bo_score_to_moves(int win_plies)
{
    if (win_plies > 0) return (win_plies + 1) / 2;
    if (win_plies < 0) return -((-win_plies) / 2);
    return 0;
}

static int64_t elapsed_ms(const searcher *s)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)(t.tv_sec - s->t0.tv_sec) * 1000 + (t.tv_nsec - s->t0.tv_nsec) / 1000000;
}

/* Node limits are checked at every node (exact, hence deterministic); the clock only
 * every 256 nodes, where reading it costs nothing noticeable and the slowest nodes
 * (Junqi's, Renju's) still stop within a few milliseconds of the limit. */
static bool should_stop(searcher *s)
{
    if (s->stop) return true;
    if (s->shared_stop && (s->nodes & 255) == 0 && atomic_load_explicit(s->shared_stop, memory_order_relaxed))
        s->stop = true;
    else if (s->lim.stop && (s->nodes & 255) == 0 && atomic_load_explicit(s->lim.stop, memory_order_relaxed))
        s->stop = true;
    else if (s->lim.nodes && s->nodes >= s->lim.nodes) s->stop = true;
    else if (s->hard_ms && (s->nodes & 255) == 0 && elapsed_ms(s) >= s->hard_ms) s->stop = true;
    return s->stop;
}

/* A finished game's score from the side to move's view, PLY plies from the root. */
static int result_score(const bo_result *r, int stm, int ply)
{
    if (r->winner < 0) return 0;
    return r->winner == stm ? BO_SCORE_WIN - ply : -(BO_SCORE_WIN - ply);
}

/* Win scores are stored relative to the node, so that a table entry found at another
 * distance from the root still counts plies right. */
static int to_tt(int score, int ply)
{
    if (score >= BO_SCORE_WIN_MIN) return score + ply;
    if (score <= -BO_SCORE_WIN_MIN) return score - ply;
    return score;
}

static int from_tt(int score, int ply)
{
    if (score >= BO_SCORE_WIN_MIN) return score - ply;
    if (score <= -BO_SCORE_WIN_MIN) return score + ply;
    return score;
}

static bool tt_probe(bo_tt *tt, uint64_t key, tt_entry *out)
{
    tt_slot *e = &tt->e[key & tt->mask];
    uint64_t d = atomic_load_explicit(&e->data, memory_order_relaxed);
    uint64_t kx = atomic_load_explicit(&e->keyx, memory_order_relaxed);
    if ((kx ^ d) != key || d == 0) return false;
    *out = tt_unpack(d);
    return true;
}

/* Depth-preferred replacement within one search; a newer result for the same position,
 * and anything over an entry of an earlier search, always replaces the old. */
static void tt_store(bo_tt *tt, uint64_t key, bo_move m, int score, int depth, int bound)
{
    tt_slot *e = &tt->e[key & tt->mask];
    tt_entry old;
    bool same = tt_probe(tt, key, &old);
    uint64_t d0 = atomic_load_explicit(&e->data, memory_order_relaxed);
    if (!same && d0) {
        tt_entry o = tt_unpack(d0);
        if (o.gen == (tt->gen & 63) && o.depth > depth + 2) return;
    }
    if (same && !m) m = old.move;
    uint64_t d = tt_pack(m, score, depth > 127 ? 127 : depth, bound, tt->gen);
    atomic_store_explicit(&e->data, d, memory_order_relaxed);
    atomic_store_explicit(&e->keyx, key ^ d, memory_order_relaxed);
}

/* The child's table slot is fetched while the move is being judged: table reads are
 * cache misses, and this hides much of their wait. */
static inline void tt_prefetch(const bo_tt *tt, uint64_t key)
{
    __builtin_prefetch(&tt->e[key & tt->mask]);
}

static unsigned hist_index(bo_move m)
{
    return (unsigned)(m * 2654435761u) >> 18 & (HISTORY_SIZE - 1);
}

/* A quiet move that cut off gains, by the square of the depth; the quiet moves tried
 * before it lose as much, so that history ranks moves rather than only counts them. */
static void history_reward(searcher *s, bo_move m, int depth, const bo_move *tried, int ntried)
{
    int bonus = depth * depth;
    int32_t *hv = &s->history[hist_index(m)];
    *hv += bonus;
    for (int j = 0; j < ntried; j++) {
        int32_t *t = &s->history[hist_index(tried[j])];
        *t -= bonus;
        if (*t < -(1 << 20)) *t = -(1 << 20);
    }
    if (*hv > (1 << 20)) for (int j = 0; j < HISTORY_SIZE; j++) s->history[j] /= 2;
}

/* A noisy move that loses material by the game's exchange evaluation (see_ge) keeps
 * its order among such moves but sinks below every quiet move: ORDER_BAD plus its
 * key above BO_ORDER_NOISY (pick judges it).  It is still noisy (never reduced nor
 * pruned as quiet).  The table's move comes first whatever it is (ORDER_TT). */
enum { ORDER_BAD = -(1 << 28), ORDER_BAD_TOP = -(1 << 27), ORDER_TT = 1 << 30 };

static bool is_bad_noisy(const bo_game *g, int key)
{
    return g->see_ge && key < ORDER_BAD_TOP;
}

/* Ordering keys: the table's move, then the game's hint (captures, threats), then
 * the first killer, then the second (ORDER_KILLER1, ORDER_KILLER2), then the history
 * of cut-offs, kept below the killers; noisy moves that lose material last. */
enum { ORDER_KILLER1 = BO_ORDER_NOISY - 1, ORDER_KILLER2 = BO_ORDER_NOISY - 2, ORDER_QUIET_TOP = BO_ORDER_NOISY - 3 };

static void order_moves(searcher *s, int ply, int n, bo_move tt_move)
{
    bo_move *mv = s->moves[ply];
    int *key = s->keys[ply];
    for (int i = 0; i < n; i++) {
        int k;
        if (mv[i] == tt_move && tt_move) k = ORDER_TT;
        else {
            k = s->g->order ? s->g->order(s->pos, mv[i]) : 0;
            if (k < BO_ORDER_NOISY) {
                if (mv[i] == s->killers[ply][0]) k = ORDER_KILLER1;
                else if (mv[i] == s->killers[ply][1]) k = ORDER_KILLER2;
                else {
                    k += s->history[hist_index(mv[i])] >> 4;
                    if (k > ORDER_QUIET_TOP) k = ORDER_QUIET_TOP;
                }
            }
        }
        key[i] = k;
    }
}

/* A quiet move: neither the table's move nor a noisy one (the game's hint below
 * BO_ORDER_NOISY, or a losing capture sunk below the quiet moves).  Killers are
 * quiet: reduced and pruned like the rest, and rewarded when they cut off. */
static bool is_quiet(const bo_game *g, int key)
{
    return key < BO_ORDER_NOISY && !is_bad_noisy(g, key);
}

/* Selection sort one step at a time: most cut-offs come from the first few moves.
 * The exchange of a noisy move is judged only when it comes up (most nodes cut off
 * before their later captures are reached): one that loses sinks in place to its
 * ORDER_BAD key and the choice is made again, which picks what sorting on the final
 * keys from the start would have picked. */
static bo_move pick(searcher *s, int ply, int n, int i, int *key_out)
{
    bo_move *mv = s->moves[ply];
    int *key = s->keys[ply], best;
    for (;;) {
        best = i;
        for (int j = i + 1; j < n; j++)
            if (key[j] > key[best]) best = j;
        int kb = key[best];
        if (!s->g->see_ge || kb < BO_ORDER_NOISY || kb >= ORDER_TT || s->g->see_ge(s->pos, mv[best], 0)) break;
        key[best] = ORDER_BAD + (kb - BO_ORDER_NOISY);
    }
    bo_move m = mv[best];
    int k = key[best];
    mv[best] = mv[i]; key[best] = key[i];
    mv[i] = m; key[i] = k;
    if (key_out) *key_out = k;
    return m;
}

/* Players alternate in every game the search takes, so the side to move follows from
 * the ply, even in a finished position where to_move() says nobody moves. */
static int stm_of(const searcher *s, int ply)
{
    return s->root_stm ^ (ply & 1);
}

static void update_pv(searcher *s, int ply, bo_move m)
{
    s->pv[ply][0] = m;
    int n = s->pvlen[ply + 1];
    if (ply + 1 >= BO_MAX_PLY) n = 0;
    memcpy(&s->pv[ply][1], s->pv[ply + 1], (size_t)n * sizeof(bo_move));
    s->pvlen[ply] = n + 1;
}

/* The game's evaluation, kept clear of the win scores whatever the game returns. */
static int evaluate(const searcher *s)
{
    int v = s->lim.eval ? s->g->eval_model->evaluate_with(s->pos, s->lim.eval) : s->g->evaluate(s->pos);
    if (v >= BO_SCORE_WIN_MIN) v = BO_SCORE_WIN_MIN - 1;
    if (v <= -BO_SCORE_WIN_MIN) v = -BO_SCORE_WIN_MIN + 1;
    return v;
}

/* Is the side to move in check after the move just played?  Read from the line when
 * the game's play() records it there (BO_SEARCH_CHECK_IN_LINE), else asked. */
static bool now_in_check(const searcher *s)
{
    const bo_game *g = s->g;
    if (!g->in_check) return false;
    if ((g->search_flags & BO_SEARCH_CHECK_IN_LINE) && !s->h.overflow && s->h.n > 0)
        return (s->h.flags[s->h.n - 1] & BO_PLY_CHECK) != 0;
    return g->in_check(s->pos);
}

/* The oracle of the limits (an endgame database), where there is one and it knows the
 * position: its value, scored below the win scores (it carries no distance) less the
 * plies, so that the nearest way into a won database position is preferred. */
static bool oracle_score(searcher *s, int ply, int *score)
{
    int v;
    if (!s->lim.probe || ply == 0 || !s->lim.probe(s->lim.probe_ctx, s->pos, &s->h, &v)) return false;
    *score = v > 0 ? BO_SCORE_DB - ply : v < 0 ? -(BO_SCORE_DB - ply) : 0;
    return true;
}

/* Quiet the position down: noisy moves only (all moves when in check), standing pat
 * on the static evaluation where the game allows it. */
static int qsearch(searcher *s, int alpha, int beta, int ply)
{
    s->pvlen[ply] = 0;
    s->nodes++;
    if (ply > s->seldepth) s->seldepth = ply;
    if (should_stop(s)) return 0;
    const bo_game *g = s->g;
    if (g->ending) {
        bo_result r = g->ending(s->pos, &s->h);
        if (r.how != BO_END_NONE) return result_score(&r, stm_of(s, ply), ply);
    }
    int known;
    if (oracle_score(s, ply, &known)) return known;
    if (ply >= BO_MAX_PLY - 1) return evaluate(s);
    /* The table (BO_SEARCH_QS_TABLE): a bound that settles a null window is taken, and
     * the table's move, where it is one of the noisy moves, goes first. */
    bool table = g->search_flags & BO_SEARCH_QS_TABLE;
    uint64_t key = table ? g->hash(s->pos) : 0;
    bo_move tt_move = 0;
    tt_entry e;
    if (table && tt_probe(s->tt, key, &e)) {
        int sc = from_tt(e.score, ply);
        if (beta - alpha == 1 && (e.bound == BOUND_EXACT || (e.bound == BOUND_LOWER && sc >= beta)
                                  || (e.bound == BOUND_UPPER && sc <= alpha)))
            return sc;
        tt_move = e.move;
    }
    bool check = s->check[ply];
    int n, best = -INF, alpha0 = alpha;
    bo_move best_move = 0;
    if (check) {
        n = g->legal(s->pos, s->moves[ply]);
        if (n == 0) {
            bo_result r = g->result(s->pos, &s->h);
            return result_score(&r, stm_of(s, ply), ply);
        }
    } else {
        bool forced = g->search_flags & BO_SEARCH_FORCED_NOISY;
        int stand = 0;
        if (!forced) {
            /* Standing pat first: a quiet position good enough needs no capture list. */
            stand = evaluate(s);
            if (stand >= beta) return stand;
        }
        n = g->noisy ? g->noisy(s->pos, s->moves[ply]) : 0;
        if (n == 0 || !forced) {
            if (forced) stand = evaluate(s);
            if (n == 0 || stand >= beta) return stand;
            best = stand;
            if (stand > alpha) alpha = stand;
        }
    }
    order_moves(s, ply, n, tt_move);
    for (int i = 0; i < n; i++) {
        int k;
        bo_move m = pick(s, ply, n, i, &k);
        /* Captures that lose material cannot raise a standing pat; the rest of the
         * list loses too (it is sorted).  In check every reply is searched. */
        if (!check && is_bad_noisy(g, k)) break;
        g->play(s->pos, m, s->undo[ply], &s->h);
        if (table) tt_prefetch(s->tt, g->hash(s->pos));
        s->check[ply + 1] = now_in_check(s);
        int score = -qsearch(s, -beta, -alpha, ply + 1);
        g->unplay(s->pos, m, s->undo[ply], &s->h);
        if (s->stop) return 0;
        if (score > best) {
            best = score;
            best_move = m;
            if (score > alpha) {
                alpha = score;
                update_pv(s, ply, m);
                if (alpha >= beta) break;
            }
        }
    }
    /* Stored at depth 0: it never cuts a full-width node off (they need depth 1 or
     * more), and over another position's entry of this search it goes only where that
     * one is shallow (tt_store). */
    if (table)
        tt_store(s->tt, key, best_move, to_tt(best, ply), 0,
                 best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER);
    return best;
}

/* The latest earlier index of the line's last position since the last irreversible
 * move (-1: none). */
static int last_seen(const bo_hist *h)
{
    int last = h->n - 1;
    for (int i = last; i > 0 && !(h->flags[i] & BO_PLY_IRREVERSIBLE); i--)
        if (h->hash[i - 1] == h->hash[last]) return i - 1;
    return -1;
}

/* Has the current position occurred before in the line since its last irreversible
 * move?  (With tree_repetitions, one that occurred only before the root must occur
 * twice before.)  Inside the tree a first repetition is scored as the rule would score the
 * cycle if it were repeated to the end: a draw, or, where perpetual check loses
 * (BO_SEARCH_PERPETUAL_LOSES), a loss for the side that checked on every move of it.
 * Returns false when there is no repetition, else true with the score in *score. */
static bool repetition_score(const searcher *s, int ply, int *score)
{
    int first;
    int count = bo_hist_repeats(&s->h, &first);
    if (count < 2) return false;
    if (s->lim.tree_repetitions && count < 3 && last_seen(&s->h) <= s->h.n - 1 - ply) return false;
    *score = 0;
    if (!(s->g->search_flags & BO_SEARCH_PERPETUAL_LOSES)) return true;
    /* The move into position i was made by the side to move at i - 1; the side to
     * move now made the moves into positions n-2, n-4, ... */
    bool all[2] = {true, true};
    const bo_hist *h = &s->h;
    for (int i = first + 1; i < h->n; i++) {
        int mover_is_me = (h->n - 1 - i) % 2 == 1;
        if (!(h->flags[i] & BO_PLY_CHECK)) all[mover_is_me] = false;
    }
    if (all[0] != all[1]) *score = all[1] ? -(BO_SCORE_WIN - ply) : BO_SCORE_WIN - ply;
    return true;
}

/* Multi-PV: the root moves of lines already reported are left out of the next search. */
static int drop_skipped(bo_move *moves, int n, const bo_move *skip, int nskip)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        bool drop = false;
        for (int j = 0; j < nskip && !drop; j++) drop = moves[i] == skip[j];
        if (!drop) moves[k++] = moves[i];
    }
    return k;
}

/* Late move reductions grow with the logarithms of depth and move number, the form
 * chess programs settled on; computed per call (two logs) rather than kept in a
 * global table. */
static int lmr_amount(int depth, int i, bool pv_node)
{
    static const unsigned char lg[64] = {0, 0, 7, 11, 14, 16, 18, 19, 21, 22, 23, 24, 25, 26, 26, 27,
        28, 28, 29, 29, 30, 30, 31, 31, 32, 32, 32, 33, 33, 34, 34, 34, 35, 35, 35, 35, 36, 36, 36, 37,
        37, 37, 37, 38, 38, 38, 38, 38, 39, 39, 39, 39, 39, 40, 40, 40, 40, 40, 41, 41, 41, 41, 41, 42};
    /* lg[x] = 10 ln x, rounded; r = 0.75 + ln d ln i / 2.25 */
    int a = lg[depth < 63 ? depth : 63], b = lg[i < 63 ? i : 63];
    int r = (75 + a * b * 4 / 9) / 100;
    if (pv_node && r > 0) r--;
    return r;
}

/* Pruning margins of the last plies, in hundredths of a pawn; the singular
 * extension's least depth and its margin a ply. */
enum { RFP_MARGIN = 110, FUT_MARGIN = 130, NULL_MIN_DEPTH = 3, SE_MIN_DEPTH = 4, SE_MARGIN = 2 };

static int alphabeta(searcher *s, int depth, int alpha, int beta, int ply, bool null_ok)
{
    const bo_game *g = s->g;
    s->pvlen[ply] = 0;
    if (depth <= 0 || ply >= BO_MAX_PLY - 1) return qsearch(s, alpha, beta, ply);
    s->nodes++;
    if (ply > s->seldepth) s->seldepth = ply;
    if (should_stop(s)) return 0;
    bool pv_node = beta - alpha > 1;
    if (ply > 0) {
        if (g->ending) {
            bo_result r = g->ending(s->pos, &s->h);
            if (r.how != BO_END_NONE) return result_score(&r, stm_of(s, ply), ply);
        }
        int rep;
        if (repetition_score(s, ply, &rep)) return rep;
        if (oracle_score(s, ply, &rep)) return rep;
        /* A win in fewer plies than are left cannot be beaten: prune. */
        int lo = -(BO_SCORE_WIN - ply), hi = BO_SCORE_WIN - ply - 1;
        if (alpha < lo) alpha = lo;
        if (beta > hi) beta = hi;
        if (alpha >= beta) return alpha;
    }
    uint64_t key = g->hash(s->pos);
    tt_entry e;
    bool hit = tt_probe(s->tt, key, &e);
    bo_move excluded = s->excluded[ply];
    bo_move tt_move = hit ? e.move : 0;
    if (hit && !pv_node && !excluded && e.depth >= depth) {
        int sc = from_tt(e.score, ply);
        if (e.bound == BOUND_EXACT || (e.bound == BOUND_LOWER && sc >= beta) || (e.bound == BOUND_UPPER && sc <= alpha))
            return sc;
    }
    bool check = s->check[ply];
    bool futile_ok = !(g->search_flags & BO_SEARCH_NO_FUTILITY);
    /* Improving: the static evaluation is above the one of two plies before (or that
     * one is unknown).  Where it is not, the side to move is worse off than it was and
     * late quiet moves are reduced one ply more and pruned after two thirds as many.
     * Only for games that ask for it (BO_SEARCH_IMPROVING: measured for each game) and
     * where the static evaluation may prune at all; elsewhere every node counts as
     * improving, which leaves the search as it was.  Reverse futility keeps its margin:
     * cut by one step when improving, it missed the quiet mate in 1 of test_mates.c (a
     * move that leaves the general no move) with the Texel weights. */
    bool trend = futile_ok && (g->search_flags & BO_SEARCH_IMPROVING);
    s->static_eval[ply] = -INF;
    if (!check && trend) s->static_eval[ply] = evaluate(s);
    bool improving = !trend || ply < 2 || s->static_eval[ply - 2] == -INF || s->static_eval[ply] > s->static_eval[ply - 2];
    /* The static evaluation, sharpened by the table's bound where it says more; taken
     * only where something reads it (reverse futility, the null move, the pruning of
     * quiet moves), so that a game with neither (draughts) does not pay for it. */
    int eval = -INF;
    if (!check && !pv_node && !excluded && (futile_ok || g->play_null)) {
        eval = trend ? s->static_eval[ply] : evaluate(s);
        if (hit && e.score > -BO_SCORE_WIN_MIN && e.score < BO_SCORE_WIN_MIN) {
            int sc = e.score;
            if ((e.bound == BOUND_LOWER && sc > eval) || (e.bound == BOUND_UPPER && sc < eval)) eval = sc;
        }
        bool normal = beta > -BO_SCORE_WIN_MIN && beta < BO_SCORE_WIN_MIN;
        /* Reverse futility: far above beta with few plies left, a quiet move will not
         * lose it all -- unless the side to move has just escaped a check: the
         * attacker's quiet follow-up may close a net that the static evaluation cannot
         * see (a Xiangqi mate by a quiet rook move that leaves the king no move). */
        bool escaped = ply > 1 && s->check[ply - 2];
        if (normal && futile_ok && !escaped && depth <= 3 && eval - RFP_MARGIN * depth >= beta) return eval;
        /* Null move: if passing still leaves us at or above beta, a real move would
         * too (the game's hook refuses where zugzwang is likely). */
        if (normal && null_ok && depth >= NULL_MIN_DEPTH && eval >= beta && g->play_null && ply > 0
            && g->play_null(s->pos, s->undo[ply])) {
            int r = 3 + depth / 6 + (eval - beta >= 200 ? 1 : 0);
            bo_hist_push(&s->h, g->hash(s->pos), BO_PLY_IRREVERSIBLE);
            s->check[ply + 1] = false;
            int score = -alphabeta(s, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
            bo_hist_pop(&s->h);
            g->unplay_null(s->pos, s->undo[ply]);
            if (s->stop) return 0;
            if (score >= beta) return score >= BO_SCORE_WIN_MIN ? beta : score;
        }
    }
    /* Singular extension: is the table's move the only good one?  The other moves
     * get a search of half the depth against a bound a little below the table's
     * score; if all fail low, the table's move is searched a ply deeper.  If they
     * reach the bound and it is at or above beta, two moves beat beta: cut off
     * (multi-cut).  The search at this ply that leaves the move out is made before
     * this node's own move list is written. */
    bool singular = false;
    if ((g->search_flags & BO_SEARCH_SINGULAR) && ply > 0 && !excluded && hit && tt_move && depth >= SE_MIN_DEPTH
        && e.bound != BOUND_UPPER && e.depth >= depth - 3 && e.score > -BO_SCORE_WIN_MIN && e.score < BO_SCORE_WIN_MIN
        && ply < 2 * s->root_depth) {
        int sbeta = e.score - SE_MARGIN * depth;
        s->excluded[ply] = tt_move;
        int v = alphabeta(s, (depth - 1) / 2, sbeta - 1, sbeta, ply, false);
        s->excluded[ply] = 0;
        s->pvlen[ply] = 0;
        if (s->stop) return 0;
        if (v < sbeta) singular = true;
        else if (sbeta >= beta) return sbeta;
    }
    int n = g->candidates ? g->candidates(s->pos, s->moves[ply]) : g->legal(s->pos, s->moves[ply]);
    if (n == 0) {
        bo_result r = g->result(s->pos, &s->h);
        return result_score(&r, stm_of(s, ply), ply);
    }
    if (ply == 0 && s->lim.nskip) n = drop_skipped(s->moves[0], n, s->lim.skip, s->lim.nskip);
    if (check && ply < BO_MAX_PLY / 2) depth++;   /* check extension */
    order_moves(s, ply, n, tt_move);
    int best = -INF, alpha0 = alpha, quiets = 0;
    bo_move best_move = 0;
    bo_move *tried = s->tried[ply];
    bool can_prune = !pv_node && !check && eval > -INF && alpha > -BO_SCORE_WIN_MIN && depth <= 3 &&
                     !(g->search_flags & BO_SEARCH_NO_FUTILITY);
    for (int i = 0; i < n; i++) {
        int k;
        bo_move m = pick(s, ply, n, i, &k);
        if (excluded && m == excluded) continue;   /* 0: none (some games have a move 0) */
        bool quiet = is_quiet(g, k);
        g->play(s->pos, m, s->undo[ply], &s->h);
        tt_prefetch(s->tt, g->hash(s->pos));
        bool gives_check = now_in_check(s);
        s->check[ply + 1] = gives_check;
        /* Futility and move-count pruning of quiet moves near the leaves. */
        if (can_prune && quiet && !gives_check && i > 0
            && (eval + FUT_MARGIN * depth <= alpha || quiets >= (4 + 3 * depth * depth) * (2 + improving) / 3)) {
            g->unplay(s->pos, m, s->undo[ply], &s->h);
            continue;
        }
        int score, next = depth - 1 + (singular && m == tt_move);
        if (i == 0) {
            score = -alphabeta(s, next, -beta, -alpha, ply + 1, true);
        } else {
            /* Late quiet moves first get a reduced, null-window look; checks are
             * never quiet. */
            int r = 0;
            if (depth >= 3 && i >= 2 && !check && quiet && !gives_check) {
                r = lmr_amount(depth, i, pv_node) + !improving;
                if (r > depth - 2) r = depth - 2;
                if (r < 0) r = 0;
            }
            score = -alphabeta(s, next - r, -alpha - 1, -alpha, ply + 1, true);
            if (score > alpha && r) score = -alphabeta(s, next, -alpha - 1, -alpha, ply + 1, true);
            if (score > alpha && score < beta) score = -alphabeta(s, next, -beta, -alpha, ply + 1, true);
        }
        g->unplay(s->pos, m, s->undo[ply], &s->h);
        if (s->stop) return 0;
        if (ply == 0 && score > alpha) s->root_moved = true;
        if (score > best) {
            best = score;
            best_move = m;
            if (score > alpha) {
                alpha = score;
                update_pv(s, ply, m);
                if (alpha >= beta) {
                    if (quiet) {
                        if (s->killers[ply][0] != m) {
                            s->killers[ply][1] = s->killers[ply][0];
                            s->killers[ply][0] = m;
                        }
                        history_reward(s, m, depth, tried, quiets);
                    }
                    break;
                }
            }
        }
        if (quiet && quiets < BO_MOVES_MAX) tried[quiets++] = m;
    }
    if (best == -INF) best = alpha;   /* every move pruned: fail low */
    int bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
    if (!excluded) tt_store(s->tt, key, best_move, to_tt(best, ply), depth, bound);
    return best;
}

int64_t bo_movetime_budget(int64_t movetime_ms)
{
    int64_t keep = movetime_ms / 25 < 10 ? movetime_ms / 25 : 10;
    return movetime_ms - keep > 0 ? movetime_ms - keep : 1;
}

/* How long this move may take: a fixed time, or a share of the clock.  No new
 * iteration starts past the soft limit; a running one is stopped at the hard limit.
 * A fixed time per move cannot be saved for later, so all of it is used (issue 37: at
 * 100 ms a move, 79 ms were): iterations start until the hard limit, which lies a
 * little before the time given -- the clock is read every 256 nodes and the move
 * still has to be sent -- and an iteration cut short still counts where a root move
 * had beaten the last line (iterate).  A clock's share leaves the rest for later. */
static void plan_time(searcher *s)
{
    bo_limits *l = &s->lim;
    s->hard_ms = s->soft_ms = 0;
    if (l->movetime_ms > BO_TIME_MAX_MS) l->movetime_ms = BO_TIME_MAX_MS;   /* no overflow below */
    if (l->clock_ms > BO_TIME_MAX_MS) l->clock_ms = BO_TIME_MAX_MS;
    if (l->inc_ms > BO_TIME_MAX_MS) l->inc_ms = BO_TIME_MAX_MS;
    if (l->movetime_ms > 0) {
        s->hard_ms = s->soft_ms = bo_movetime_budget(l->movetime_ms);
    } else if (l->clock_ms > 0) {
        int mtg = l->moves_to_go > 0 ? (l->moves_to_go < 30 ? l->moves_to_go : 30) : 30;
        int64_t share = l->clock_ms / mtg + l->inc_ms * 4 / 5;
        int64_t cap = l->clock_ms / 2 - 20;
        if (share > cap) share = cap;
        if (share < 1) share = 1;
        s->soft_ms = share * 3 / 5;
        s->hard_ms = share * 2 < cap ? share * 2 : share > cap ? share : cap;
    }
}

static void fill_info(const searcher *s, int depth, int score, bo_search_info *info)
{
    info->depth = depth;
    info->seldepth = s->seldepth;
    info->score = score;
    info->win_rate = -1;
    info->win_plies = score >= BO_SCORE_WIN_MIN ? BO_SCORE_WIN - score
                    : score <= -BO_SCORE_WIN_MIN ? -(BO_SCORE_WIN + score) : 0;
    info->nodes = s->nodes;
    info->seconds = (double)elapsed_ms(s) / 1000.0;
    info->pvlen = s->pvlen[0];
    memcpy(info->pv, s->pv[0], (size_t)s->pvlen[0] * sizeof(bo_move));
}

static int init_searcher(searcher *s, const bo_game *g, const void *pos, const bo_hist *line, const bo_limits *lim,
                         bo_tt *tt, char *err, size_t errlen)
{
    if (!g->evaluate || !g->legal || !g->play || !g->unplay || !g->result || !g->hash)
        return bo_fail(err, errlen, "%s cannot be searched: its descriptor lacks functions the search needs", g->name);
    if (g->players != 2 || (g->flags & (BO_GAME_CHANCE | BO_GAME_HIDDEN)))
        return bo_fail(err, errlen, "%s is not a two-player game of perfect information: alpha-beta does not apply",
                       g->name);
    if (lim->eval && !g->eval_model)
        return bo_fail(err, errlen, "%s's evaluation takes no weights (no eval model)", g->name);
    memset(s, 0, sizeof *s);
    s->g = g;
    memcpy(s->pos, pos, g->pos_size);
    s->tt = tt;
    s->lim = *lim;
    int base = line && line->n > 0 ? line->n : 1;
    if (bo_hist_init(&s->h, base + 2 * BO_MAX_PLY) != 0) return bo_fail(err, errlen, "out of memory");
    if (line && line->n > 0 && !line->overflow) {
        memcpy(s->h.hash, line->hash, (size_t)line->n * sizeof *line->hash);
        memcpy(s->h.flags, line->flags, (size_t)line->n);
        s->h.n = line->n;
    } else {
        bo_hist_reset(&s->h, g->hash(pos));
    }
    int stm = g->to_move(pos);
    s->root_stm = stm < 0 ? 0 : stm;
    s->check[0] = g->in_check && g->in_check(s->pos);
    /* The last search's history, at half weight: the moves that cut off a move ago
     * still do, and a search of a few thousand nodes has little history of its own. */
    if (g->search_flags & BO_SEARCH_KEEP_HISTORY)
        for (int i = 0; i < HISTORY_SIZE; i++) s->history[i] = tt->history[i] / 2;
    clock_gettime(CLOCK_MONOTONIC, &s->t0);
    plan_time(s);
    return 0;
}

/* The soft limit on a clock, moved by what the last iterations said: a best move that
 * changed in the last one earns half as much again, one that has held for several
 * iterations needs less; a score that fell by 40 or more earns a third more.  Never
 * past the hard limit.  A fixed time per move (movetime) has no soft limit to move. */
static int64_t soft_limit(const searcher *s, bool changed, int stable, bool fell)
{
    if (s->lim.movetime_ms > 0 || s->lim.clock_ms <= 0) return s->soft_ms;
    int pct = changed ? 150 : stable >= 4 ? 65 : stable >= 2 ? 85 : 100;
    if (fell) pct = pct * 4 / 3;
    int64_t soft = s->soft_ms * pct / 100;
    return soft < s->hard_ms ? soft : s->hard_ms;
}

/* Iterative deepening from depth FIRST with aspiration windows; the main thread
 * reports each finished iteration into OUT, helpers only fill the shared table.  An
 * iteration cut short by the clock still counts where a root move had already been
 * proved better than the last iteration's line. */
static void iterate(searcher *s, int first, int max_depth, const bo_move *root, bo_info_fn on_info, void *ctx,
                    bo_search_info *out)
{
    int prev = 0, stable = 0;
    bo_move last_best = 0;
    for (int d = first; d <= max_depth; d++) {
        int delta = 30, alpha = -INF, beta = INF, score = 0;
        if (d >= 4 && prev > -BO_SCORE_WIN_MIN && prev < BO_SCORE_WIN_MIN) { alpha = prev - delta; beta = prev + delta; }
        s->root_moved = false;
        s->root_depth = d;
        for (;;) {
            s->seldepth = 0;
            score = alphabeta(s, d, alpha, beta, 0, false);
            if (s->stop) break;
            if (score <= alpha) { alpha = alpha - delta < -INF ? -INF : alpha - delta; delta *= 2; }
            else if (score >= beta) { beta = beta + delta > INF ? INF : beta + delta; delta *= 2; }
            else break;
            if (delta > 1000) { alpha = -INF; beta = INF; }
        }
        if (s->stop) {
            /* A new best root move found before the stop is taken, with its line. */
            if (out && s->root_moved && s->pvlen[0] > 0 && s->pv[0][0] != out->pv[0]) {
                int sc = out->score;
                fill_info(s, d, sc, out);
                out->depth = d - 1;
            }
            break;
        }
        bool fell = d > first && score <= prev - 40;
        prev = score;
        if (!out) continue;
        fill_info(s, d, score, out);
        if (out->pvlen == 0) { out->pv[0] = root[0]; out->pvlen = 1; }
        if (on_info) on_info(ctx, out);
        /* A proven result will not change with depth; and a new iteration that
         * would likely not finish in time is not started. */
        if (out->win_plies && (BO_SCORE_WIN - (score < 0 ? -score : score)) < d) break;
        bool changed = d > first && out->pv[0] != last_best;
        stable = changed ? 0 : stable + 1;
        last_best = out->pv[0];
        if (s->hard_ms && elapsed_ms(s) > soft_limit(s, changed, stable, fell)) break;
        if (s->lim.nodes && s->nodes >= s->lim.nodes) break;
    }
}

typedef struct helper {
    pthread_t thread;
    searcher *s;
    int max_depth;
    bool started;
} helper;

/* A Lazy SMP helper: the same search, one ply deeper on odd threads, so that the
 * threads drift apart and fill the table with different parts of the tree. */
static void *helper_main(void *arg)
{
    helper *h = arg;
    iterate(h->s, 1 + (h->s->id & 1), h->max_depth, NULL, NULL, NULL, NULL);
    return NULL;
}

/* A search's state is about a megabyte (its move and PV tables), and self-play and
 * annotation run thousands of short searches: the TT keeps one finished state for the
 * next search instead of a fresh allocation each time (which the sanitizers' allocator
 * maps and unmaps every time).  Taken and given back atomically, so searches that share
 * a TT at the same time (Lazy SMP's helpers) each still get their own. */
static searcher *take_searcher(bo_tt *tt)
{
    searcher *s = atomic_exchange(&tt->spare, NULL);
    return s ? s : malloc(sizeof *s);
}

static void give_back_searcher(bo_tt *tt, searcher *s)
{
    void *none = NULL;
    if (!atomic_compare_exchange_strong(&tt->spare, &none, s)) free(s);
}

static void free_searcher(searcher *s)
{
    if (!s) return;
    bo_hist_free(&s->h);
    give_back_searcher(s->tt, s);
}

/* The game's root solver: a proved win, its line as the principal variation (up to a
 * move the loser may choose freely), is the answer without a search.  It cannot read
 * the clock, so under a time limit its node argument caps it at ROOT_NODES_PER_MS
 * nodes a millisecond of the budget (0: its own budget): Renju's VCT alone took 330 ms
 * of a 100 ms move before (issue 37). */
enum { ROOT_NODES_PER_MS = 40 };
static bool root_proof(searcher *s, const bo_solver *rs, bo_info_fn on_info, void *ctx, bo_search_info *out)
{
    bo_solution *sol = malloc(sizeof *sol);
    char err[128];
    uint64_t cap = s->hard_ms > 0 ? (uint64_t)s->hard_ms * ROOT_NODES_PER_MS : 0;
    bool won = sol && !s->lim.nskip && rs->run(s->pos, 0, cap, sol, err, sizeof err) == 0 && sol->found
            && sol->value > 0 && sol->len > 0 && sol->line[0] != BO_MOVE_ANY;
    if (won) {
        int n = 0;
        while (n < sol->len && n < BO_MAX_PLY && sol->line[n] != BO_MOVE_ANY) n++;
        s->pvlen[0] = n;
        memcpy(s->pv[0], sol->line, (size_t)n * sizeof(bo_move));
        s->nodes = sol->nodes;
        s->seldepth = sol->plies;
        fill_info(s, sol->plies, BO_SCORE_WIN - sol->plies, out);
        if (on_info) on_info(ctx, out);
    }
    free(sol);
    return won;
}

int bo_search(const bo_game *g, const void *pos, const bo_hist *line, const bo_limits *lim, bo_tt *tt,
              bo_info_fn on_info, void *ctx, bo_search_info *out, char *err, size_t errlen)
{
    if (g->engine) return g->engine(g, pos, line, lim, tt, on_info, ctx, out, err, errlen);
    return bo_search_alphabeta(g, pos, line, lim, tt, on_info, ctx, out, err, errlen);
}

int bo_search_alphabeta(const bo_game *g, const void *pos, const bo_hist *line, const bo_limits *lim, bo_tt *tt,
                        bo_info_fn on_info, void *ctx, bo_search_info *out, char *err, size_t errlen)
{
    searcher *s = take_searcher(tt);
    if (!s) return bo_fail(err, errlen, "out of memory");
    tt->gen++;
    if (init_searcher(s, g, pos, line, lim, tt, err, errlen) != 0) { give_back_searcher(tt, s); return -1; }
    bo_move root[BO_MOVES_MAX];
    int n = g->legal(s->pos, root);
    if (lim->nskip) n = drop_skipped(root, n, lim->skip, lim->nskip);
    if (n == 0) {
        free_searcher(s);
        return bo_fail(err, errlen, "the side to move has no legal move: there is nothing to search");
    }
    memset(out, 0, sizeof *out);
    out->win_rate = -1;
    out->pv[0] = root[0];
    out->pvlen = 1;
    if (g->root_solver && root_proof(s, g->root_solver, on_info, ctx, out)) {
        free_searcher(s);
        return 0;
    }
    int max_depth = lim->depth > 0 && lim->depth < BO_MAX_PLY - 1 ? lim->depth : BO_MAX_PLY - 2;
    int threads = lim->threads > 1 ? (lim->threads > 64 ? 64 : lim->threads) : 1;
    atomic_bool stop;
    atomic_init(&stop, false);
    helper helpers[64];
    memset(helpers, 0, sizeof helpers);
    if (threads > 1) s->shared_stop = &stop;
    for (int t = 1; t < threads; t++) {
        helper *h = &helpers[t];
        h->s = take_searcher(tt);
        if (!h->s || init_searcher(h->s, g, pos, line, lim, tt, err, errlen) != 0) {
            if (h->s) give_back_searcher(tt, h->s);
            h->s = NULL;
            break;
        }
        h->s->id = t;
        h->s->shared_stop = &stop;
        h->s->hard_ms = 0;          /* helpers stop when the main thread does */
        h->s->lim.nodes = 0;
        h->max_depth = max_depth;
        h->started = pthread_create(&h->thread, NULL, helper_main, h) == 0;
    }
    iterate(s, 1, max_depth, root, on_info, ctx, out);
    atomic_store(&stop, true);
    uint64_t nodes = s->nodes;
    for (int t = 1; t < threads; t++) {
        helper *h = &helpers[t];
        if (h->started) pthread_join(h->thread, NULL);
        if (h->s) nodes += h->s->nodes;
        free_searcher(h->s);
    }
    out->nodes = nodes;
    out->seconds = (double)elapsed_ms(s) / 1000.0;
    if (g->search_flags & BO_SEARCH_KEEP_HISTORY) memcpy(tt->history, s->history, sizeof tt->history);
    free_searcher(s);
    return 0;
}
