/* mcts.c -- Monte Carlo tree search over the game descriptor (mcts.h, docs/mcts.md).
 *
 * Method: each iteration copies the root position, descends the tree choosing at a
 * player's node the child of highest UCB1 value (Kocsis & Szepesvári) -- with RAVE on,
 * the mean mixed with the child's all-moves-as-first mean by Silver's weight
 * beta = n~ / (n + n~ + 4 b^2 n n~) -- and at a chance node an outcome drawn by its
 * probability; a leaf visited expand_after times gets all its children at once; a
 * playout (uniform, the game's pick hook, or the game's own playout) finishes the game;
 * its score goes back up the path, and with RAVE every child of a path node whose move
 * the same player played later in the iteration gets an AMAF update.
 *
 * Memory: one node pool per thread, allocated before the first iteration; the moves
 * of an iteration and the AMAF set (open addressing, cleared by generation stamps) are
 * per-thread arrays, so the hot loop never allocates.  Threads build separate trees
 * from separate seeds (root parallelism) and their root statistics are summed. */
#include "mcts.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core.h"

enum { PLAYER_UNKNOWN = 127, NODE_TERMINAL = 1, PATH_CAP = 1024 };

/* 32 bytes: a pool of a million is 32 MB.  W and AW are player 0's score totals
 * (exact in float for halves up to 2^24 visits). */
typedef struct mnode {
    bo_move move;          /* the move from the parent */
    union {
        uint32_t first;    /* index of the first child; 0: not expanded */
        float tscore;      /* NODE_TERMINAL: player 0's score there */
    } u;
    uint32_t visits, avisits;
    float w, aw;
    float prob;            /* a chance outcome's probability */
    uint16_t nchild;
    int8_t player;         /* who chooses here: 0/1, BO_PLAYER_CHANCE, or PLAYER_UNKNOWN */
    uint8_t flags;
} mnode;

typedef struct worker {
    const bo_game *g;
    const bo_mcts_params *p;
    const void *root_pos;
    mnode *pool;
    size_t cap, used;
    int pool_full;
    uint64_t rng;
    uint64_t target, done;     /* playouts to run (0: until the deadline), run */
    double deadline;           /* monotonic seconds, 0: none */
    const atomic_bool *stop;   /* the caller's stop (NULL: none) */
    double start;
    bo_hist h;
    int hist_base;
    uint32_t path[PATH_CAP + 1];
    int seldepth;
    bo_move *seq;              /* the iteration's moves after the root, and their players */
    int8_t *seqp;
    int nseq, seq_cap;
    uint64_t *keys;            /* AMAF set */
    uint32_t *stamp, gen, mask;
    bo_info_fn on_info;
    void *info_ctx;
    double next_info;
    int err;
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
    bo_move moves[BO_MOVES_MAX];
    double probs[BO_MOVES_MAX];
} worker;

void bo_mcts_defaults(bo_mcts_params *p)
{
    memset(p, 0, sizeof *p);
    p->threads = 1;
    p->seed = 1;
    p->c_uct = 0.7;
    p->rave = 1;
    p->rave_bias = 0.1;
    p->expand_after = 1;
    p->max_plies = 2000;
}

void bo_mcts_defaults_uct(bo_mcts_params *p)
{
    bo_mcts_defaults(p);
    p->rave = 0;
}

/* An index in [0, n) without modulo bias worth noticing for n <= 2^16. */
static inline int rand_below(uint64_t *rng, int n)
{
    return (int)(((bo_splitmix64(rng) >> 32) * (uint64_t)n) >> 32);
}

/* A uniform double in [0, 1): the 53 high bits. */
static inline double rand_unit(uint64_t *rng)
{
    return (double)(bo_splitmix64(rng) >> 11) * (1.0 / 9007199254740992.0);
}

/* Player 0's score of a finished game: one scale for two players and puzzles. */
static double score_of(const bo_game *g, const bo_result *r)
{
    double x = r->returns[0];
    if (g->players == 1) x = x < -1 ? -1 : x > 1 ? 1 : x;
    return (x + 1) / 2;
}

/* Who chooses at POS, as the search needs it: a player with his moves in MOVES (*N),
 * BO_PLAYER_CHANCE with the outcomes and PROBS, or BO_PLAYER_TERMINAL with player 0's
 * score in *SCORE.  The same order of tests as the alpha-beta: the position's own
 * verdict, the rules' endings, then no legal move. */
static int state_of(const bo_game *g, const void *pos, const bo_hist *h, bo_move *moves, double *probs, int *n,
                    double *score)
{
    int tm = g->to_move(pos);
    bo_result r;
    if (tm == BO_PLAYER_CHANCE) {
        *n = g->chance(pos, moves, probs);
        if (*n > 0) return tm;
    } else if (tm != BO_PLAYER_TERMINAL) {
        if (g->ending) {
            r = g->ending(pos, h);
            if (r.how != BO_END_NONE) { *score = score_of(g, &r); return BO_PLAYER_TERMINAL; }
        }
        *n = g->legal(pos, moves);
        if (*n > 0) return tm;
    }
    r = g->result(pos, h);
    *score = score_of(g, &r);
    return BO_PLAYER_TERMINAL;
}

/* A chance outcome drawn by its probability. */
static int draw_outcome(uint64_t *rng, const double *probs, int n)
{
    double x = rand_unit(rng), acc = 0;
    for (int i = 0; i < n - 1; i++) {
        acc += probs[i];
        if (x < acc) return i;
    }
    return n - 1;
}

double bo_mcts_random_playout(const bo_game *g, void *pos, uint64_t *rng, int max_plies, bo_mcts_pick_fn pick,
                              void *ctx)
{
    bo_move moves[BO_MOVES_MAX];
    double probs[BO_MOVES_MAX], score = 0.5;
    BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
    for (int ply = 0; ply < max_plies; ply++) {
        int n = 0;
        int tm = state_of(g, pos, NULL, moves, probs, &n, &score);
        if (tm == BO_PLAYER_TERMINAL) return score;
        int i = tm == BO_PLAYER_CHANCE ? draw_outcome(rng, probs, n)
                : pick ? pick(ctx, g, pos, moves, n, rng) : rand_below(rng, n);
        g->play(pos, moves[i], undo, NULL);
    }
    return 0.5;
}

/* The playout of an iteration from the worker's position, its moves appended to the
 * iteration's sequence for RAVE. */
static double playout(worker *w)
{
    const bo_game *g = w->g;
    const bo_mcts_params *p = w->p;
    if (p->playout) {
        int n = 0, room = w->seq_cap - w->nseq;
        double s = p->playout(p->ctx, g, w->pos, &w->rng, w->seq + w->nseq, w->seqp + w->nseq, &n, room);
        w->nseq += n < 0 ? 0 : n > room ? room : n;
        return s;
    }
    double score = 0.5;
    for (int ply = 0; ply < p->max_plies; ply++) {
        int n = 0;
        int tm = state_of(g, w->pos, &w->h, w->moves, w->probs, &n, &score);
        if (tm == BO_PLAYER_TERMINAL) return score;
        int i = tm == BO_PLAYER_CHANCE ? draw_outcome(&w->rng, w->probs, n)
                : p->pick ? p->pick(p->ctx, g, w->pos, w->moves, n, &w->rng) : rand_below(&w->rng, n);
        if (w->nseq < w->seq_cap) {
            w->seq[w->nseq] = w->moves[i];
            w->seqp[w->nseq++] = (int8_t)tm;
        }
        g->play(w->pos, w->moves[i], w->undo, &w->h);
    }
    return 0.5;
}

/* A node's mean from the chooser's side. */
static inline double side(int player, double m0)
{
    return player == 1 ? 1 - m0 : m0;
}

/* The child to descend to: by probability at a chance node, else the highest UCB1
 * (with RAVE: mean and AMAF mean mixed) value; an untried child (no visits, no AMAF
 * evidence) first, scanning from a random place so that ties fall fairly. */
static int select_child(worker *w, const mnode *nd)
{
    const mnode *c = w->pool + nd->u.first;
    int n = nd->nchild;
    if (nd->player == BO_PLAYER_CHANCE) {
        double x = rand_unit(&w->rng), acc = 0;
        for (int i = 0; i < n - 1; i++) {
            acc += c[i].prob;
            if (x < acc) return i;
        }
        return n - 1;
    }
    const bo_mcts_params *p = w->p;
    int pl = nd->player, start = rand_below(&w->rng, n), best = start;
    double logn = log((double)nd->visits + 1), bestv = -1e300, b2 = 4 * p->rave_bias * p->rave_bias;
    for (int k = 0; k < n; k++) {
        int i = start + k < n ? start + k : start + k - n;
        const mnode *ch = &c[i];
        double v;
        if (ch->flags & NODE_TERMINAL && side(pl, ch->u.tscore) >= 1) return i;   /* a won game at once */
        if (!p->rave) {
            if (ch->visits == 0) return i;
            v = side(pl, ch->w / ch->visits);
        } else {
            if (ch->visits == 0 && ch->avisits == 0) return i;
            double n1 = ch->visits, n2 = ch->avisits;
            double q = n1 > 0 ? side(pl, ch->w / n1) : 0;
            double aq = n2 > 0 ? side(pl, ch->aw / n2) : 0;
            double beta = n1 == 0 ? 1 : n2 == 0 ? 0 : n2 / (n1 + n2 + b2 * n1 * n2);
            v = (1 - beta) * q + beta * aq;
        }
        v += p->c_uct * sqrt(logn / ((double)ch->visits + 1));
        if (v > bestv) { bestv = v; best = i; }
    }
    return best;
}

/* Give ND its children (the moves in w->moves, or chance outcomes with w->probs);
 * false when the pool has no room, and the tree stops growing there. */
static bool expand(worker *w, mnode *nd, int n, bool chance)
{
    if (n > 65535 || w->used + (size_t)n > w->cap) { w->pool_full = 1; return false; }
    uint32_t first = (uint32_t)w->used;
    for (int i = 0; i < n; i++) {
        mnode *c = &w->pool[first + i];
        memset(c, 0, sizeof *c);
        c->move = w->moves[i];
        c->prob = chance ? (float)w->probs[i] : 0;
        c->player = PLAYER_UNKNOWN;
    }
    w->used += (size_t)n;
    nd->u.first = first;
    nd->nchild = (uint16_t)n;
    return true;
}

/* Drop the root moves the caller excludes (multi-PV's lines already shown). */
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

/* The AMAF set: has PLAYER played MOVE later in this iteration? */
static inline uint64_t amaf_key(bo_move m, int player)
{
    return (((uint64_t)m << 1) | (uint64_t)(player & 1)) + 1;
}

static void amaf_add(worker *w, uint64_t key)
{
    uint32_t i = (uint32_t)bo_mix64(key) & w->mask;
    while (w->stamp[i] == w->gen) {
        if (w->keys[i] == key) return;
        i = (i + 1) & w->mask;
    }
    w->stamp[i] = w->gen;
    w->keys[i] = key;
}

static bool amaf_has(const worker *w, uint64_t key)
{
    uint32_t i = (uint32_t)bo_mix64(key) & w->mask;
    while (w->stamp[i] == w->gen) {
        if (w->keys[i] == key) return true;
        i = (i + 1) & w->mask;
    }
    return false;
}

/* The score back up the path; with RAVE, the AMAF updates of each path node's
 * children for the moves its chooser played later in the iteration. */
static void backup(worker *w, int depth, double score)
{
    const bo_mcts_params *p = w->p;
    if (p->rave) {
        if (++w->gen == 0) {
            memset(w->stamp, 0, ((size_t)w->mask + 1) * sizeof *w->stamp);
            w->gen = 1;
        }
        for (int i = depth; i < w->nseq; i++)   /* the playout's moves (the tree's come below) */
            if (w->seqp[i] >= 0) amaf_add(w, amaf_key(w->seq[i], w->seqp[i]));
    }
    float s = (float)score;
    mnode *leaf = &w->pool[w->path[depth]];
    leaf->visits++;
    leaf->w += s;
    for (int d = depth - 1; d >= 0; d--) {
        mnode *nd = &w->pool[w->path[d]];
        nd->visits++;
        nd->w += s;
        if (!p->rave || nd->player < 0 || nd->player > 1) continue;
        amaf_add(w, amaf_key(w->seq[d], nd->player));
        mnode *c = w->pool + nd->u.first;
        for (int i = 0; i < nd->nchild; i++)
            if (amaf_has(w, amaf_key(c[i].move, nd->player))) {
                c[i].avisits++;
                c[i].aw += s;
            }
    }
}

/* One iteration: descend, maybe expand, play out, back up. */
static void iterate(worker *w)
{
    const bo_game *g = w->g;
    memcpy(w->pos, w->root_pos, g->pos_size);
    w->h.n = w->hist_base;
    w->h.overflow = 0;
    w->nseq = 0;
    int depth = 0;
    uint32_t at = 0;
    w->path[0] = 0;
    double score = 0.5;
    for (;;) {
        mnode *nd = &w->pool[at];
        if (nd->flags & NODE_TERMINAL) { score = nd->u.tscore; break; }
        if (nd->u.first == 0) {
            int n = 0;
            double s = 0.5;
            int tm = state_of(g, w->pos, &w->h, w->moves, w->probs, &n, &s);
            if (tm == BO_PLAYER_TERMINAL) {
                nd->flags |= NODE_TERMINAL;
                nd->u.tscore = (float)s;
                nd->player = BO_PLAYER_TERMINAL;
                score = s;
                break;
            }
            nd->player = (int8_t)tm;
            if (nd->visits < w->p->expand_after || depth >= PATH_CAP || !expand(w, nd, n, tm == BO_PLAYER_CHANCE)) {
                score = playout(w);
                break;
            }
        }
        int i = select_child(w, nd);
        mnode *c = &w->pool[nd->u.first + (uint32_t)i];
        if (w->nseq < w->seq_cap) {
            w->seq[w->nseq] = c->move;
            w->seqp[w->nseq++] = nd->player;
        }
        g->play(w->pos, c->move, w->undo, &w->h);
        at = nd->u.first + (uint32_t)i;
        w->path[++depth] = at;
        if (depth > w->seldepth) w->seldepth = depth;
    }
    backup(w, depth, score);
}

/* The root's children summed over the workers, and the best by visits (ties: mean). */
static int best_root(worker *ws, int nw, uint64_t *visits, double *mean)
{
    const mnode *r0 = &ws[0].pool[0];
    int best = 0;
    double bv = -1, bm = -1;
    for (int i = 0; i < r0->nchild; i++) {
        double v = 0, sw = 0;
        for (int t = 0; t < nw; t++) {
            const mnode *c = &ws[t].pool[ws[t].pool[0].u.first + (uint32_t)i];
            v += c->visits;
            sw += c->w;
        }
        double m = v > 0 ? side(r0->player, sw / v) : 0;
        if (v > bv || (v == bv && m > bm)) { bv = v; bm = m; best = i; }
    }
    *visits = (uint64_t)bv;
    *mean = bm;
    return best;
}

/* OUT from the workers' trees: best move, win rate, and the line of most visits in
 * the tree that visited the best move most (stopping at chance nodes). */
static void fill_info(worker *ws, int nw, double seconds, bo_search_info *out)
{
    uint64_t v;
    double m;
    int best = best_root(ws, nw, &v, &m);
    memset(out, 0, sizeof *out);
    int t_best = 0;
    uint32_t most = 0;
    for (int t = 0; t < nw; t++) {
        const mnode *c = &ws[t].pool[ws[t].pool[0].u.first + (uint32_t)best];
        if (t == 0 || c->visits > most) { most = c->visits; t_best = t; }
        out->nodes += ws[t].done;
        if (ws[t].seldepth > out->seldepth) out->seldepth = ws[t].seldepth;
    }
    const worker *w = &ws[t_best];
    uint32_t at = w->pool[0].u.first + (uint32_t)best;
    out->pv[out->pvlen++] = w->pool[at].move;
    for (;;) {
        const mnode *nd = &w->pool[at];
        if (nd->u.first == 0 || nd->player < 0 || nd->player > 1 || out->pvlen >= BO_MAX_PLY) break;
        uint32_t bi = 0, bvis = 0;
        for (uint32_t i = 0; i < nd->nchild; i++)
            if (w->pool[nd->u.first + i].visits > bvis) { bvis = w->pool[nd->u.first + i].visits; bi = i; }
        if (bvis == 0) break;
        at = nd->u.first + bi;
        out->pv[out->pvlen++] = w->pool[at].move;
    }
    out->depth = out->pvlen;
    out->win_rate = v > 0 ? m : 0.5;
    double sc = (out->win_rate - 0.5) * 2000;
    out->score = (int)(sc > 1000 ? 1000 : sc < -1000 ? -1000 : sc);
    out->seconds = seconds;
}

/* A worker's iterations until its share of playouts or the deadline. */
static void *run_worker(void *arg)
{
    worker *w = arg;
    while (w->target == 0 || w->done < w->target) {
        iterate(w);
        w->done++;
        if ((w->done & 63) == 0 && w->stop && atomic_load_explicit(w->stop, memory_order_relaxed)) break;
        if ((w->done & 63) == 0 && (w->deadline > 0 || w->on_info)) {
            double t = bo_now_seconds();
            if (w->deadline > 0 && t >= w->deadline) break;
            if (w->on_info && t >= w->next_info) {
                bo_search_info info;
                fill_info(w, 1, t - w->start, &info);
                w->on_info(w->info_ctx, &info);
                w->next_info = t + 1;
            }
        }
    }
    return NULL;
}

/* One worker's memory, all at once; -1 when it cannot have it. */
static int worker_init(worker *w, const bo_game *g, const void *pos, const bo_hist *line, const bo_mcts_params *p,
                       size_t cap)
{
    w->g = g;
    w->p = p;
    w->root_pos = pos;
    w->cap = cap;
    w->pool = malloc(cap * sizeof *w->pool);
    w->seq_cap = PATH_CAP + (p->max_plies > 0 ? p->max_plies : 0) + 1;
    uint32_t size = 1;
    while (size < (uint32_t)w->seq_cap * 2) size <<= 1;
    w->mask = size - 1;
    w->seq = malloc((size_t)w->seq_cap * sizeof *w->seq);
    w->seqp = malloc((size_t)w->seq_cap);
    w->keys = malloc((size_t)size * sizeof *w->keys);
    w->stamp = calloc(size, sizeof *w->stamp);
    int base = line && line->n > 0 && !line->overflow ? line->n : 0;
    if (!w->pool || !w->seq || !w->seqp || !w->keys || !w->stamp
        || bo_hist_init(&w->h, base + w->seq_cap + 2) != 0)
        return -1;
    if (base > 0) {
        memcpy(w->h.hash, line->hash, (size_t)base * sizeof *line->hash);
        memcpy(w->h.flags, line->flags, (size_t)base);
        w->h.n = base;
    } else {
        bo_hist_reset(&w->h, g->hash(pos));
    }
    w->hist_base = w->h.n;
    return 0;
}

static void worker_free(worker *w)
{
    free(w->pool);
    free(w->seq);
    free(w->seqp);
    free(w->keys);
    free(w->stamp);
    bo_hist_free(&w->h);
}

int bo_mcts_search(const bo_game *g, const void *pos, const bo_hist *line, const bo_mcts_params *p,
                   bo_info_fn on_info, void *ctx, bo_search_info *out, bo_mcts_stats *stats, char *err,
                   size_t errlen)
{
    bo_move root[BO_MOVES_MAX];
    double probs[BO_MOVES_MAX], s;
    int n = 0;
    int tm = state_of(g, pos, line, root, probs, &n, &s);
    if (tm == BO_PLAYER_TERMINAL) return bo_fail(err, errlen, "the game is over: there is nothing to search");
    if (tm == BO_PLAYER_CHANCE)
        return bo_fail(err, errlen, "a chance event is due at the root: draw it before searching");
    if (p->nskip) n = drop_skipped(root, n, p->skip, p->nskip);
    if (n == 0) return bo_fail(err, errlen, "every legal move is excluded: there is nothing to search");
    int nw = p->threads > 1 ? (p->threads > 64 ? 64 : p->threads) : 1;
    uint64_t playouts = p->playouts;
    if (playouts == 0 && p->movetime_ms <= 0) playouts = BO_MCTS_DEFAULT_PLAYOUTS;
    if (playouts > 0 && playouts < (uint64_t)nw) nw = (int)playouts;
    /* The pool: every iteration adds at most one node's children. */
    size_t node_mb = p->mem_mb ? p->mem_mb : 256;
    size_t cap_total = node_mb * 1024 * 1024 / sizeof(mnode);
    size_t cap = p->max_nodes;
    if (cap == 0) {
        size_t width = (size_t)(g->max_moves > 0 ? g->max_moves : BO_MOVES_MAX);
        cap = cap_total / (size_t)nw;
        if (playouts > 0) {
            size_t need = (size_t)(playouts / (uint64_t)nw + 2) * width + 1;
            if (need < cap) cap = need;
        }
    }
    if (cap < (size_t)n + 1) cap = (size_t)n + 1;
    if (cap > UINT32_MAX) cap = UINT32_MAX;
    worker *ws = calloc((size_t)nw, sizeof *ws);
    if (!ws) return bo_fail(err, errlen, "out of memory");
    double t0 = bo_now_seconds();
    int rc = 0;
    for (int t = 0; t < nw && rc == 0; t++) {
        worker *w = &ws[t];
        if (worker_init(w, g, pos, line, p, cap) != 0) { rc = bo_fail(err, errlen, "out of memory for the search tree"); break; }
        w->rng = bo_mix64(p->seed * UINT64_C(0x9E3779B97F4A7C15) + (uint64_t)t);
        w->target = playouts ? playouts / (uint64_t)nw + ((uint64_t)t < playouts % (uint64_t)nw) : 0;
        w->start = t0;
        w->deadline = p->movetime_ms > 0 ? t0 + (double)p->movetime_ms / 1000 : 0;
        w->stop = p->stop;
        if (nw == 1 && on_info) { w->on_info = on_info; w->info_ctx = ctx; w->next_info = t0 + 1; }
        /* The root and its children. */
        memset(&w->pool[0], 0, sizeof w->pool[0]);
        w->pool[0].player = (int8_t)tm;
        w->used = 1;
        memcpy(w->moves, root, (size_t)n * sizeof *root);
        expand(w, &w->pool[0], n, false);
    }
    if (rc == 0) {
        pthread_t th[64];
        int started = 0;
        for (int t = 1; t < nw; t++) {
            if (pthread_create(&th[t], NULL, run_worker, &ws[t]) != 0) break;
            started = t;
        }
        run_worker(&ws[0]);
        for (int t = 1; t <= started; t++) pthread_join(th[t], NULL);
        /* A thread that could not start did none of its share: the others' stand. */
        int used = started + 1;
        double secs = bo_now_seconds() - t0;
        fill_info(ws, used, secs, out);
        if (stats) {
            memset(stats, 0, sizeof *stats);
            for (int t = 0; t < used; t++) {
                stats->playouts += ws[t].done;
                stats->nodes += ws[t].used;
                stats->pool_full |= ws[t].pool_full;
            }
            stats->seconds = secs;
        }
        if (on_info) on_info(ctx, out);
    }
    for (int t = 0; t < nw; t++) worker_free(&ws[t]);
    free(ws);
    return rc;
}

void bo_mcts_apply_limits(bo_mcts_params *p, const bo_limits *lim)
{
    if (!lim) return;
    if (lim->nodes) p->playouts = lim->nodes;
    int64_t ms = lim->movetime_ms > 0 ? bo_movetime_budget(lim->movetime_ms) : 0;   /* answer in time */
    if (lim->clock_ms > 0) {
        int64_t share = lim->moves_to_go > 0 ? lim->clock_ms / (lim->moves_to_go + 1)
                                             : lim->clock_ms / 30 + lim->inc_ms / 2;
        if (share >= lim->clock_ms) share = lim->clock_ms / 2;
        if (share < 1) share = 1;
        if (ms == 0 || share < ms) ms = share;
    }
    if (ms > 0) p->movetime_ms = ms;
    if (lim->threads > 1) p->threads = lim->threads;
    p->skip = lim->skip;
    p->nskip = lim->nskip;
    p->stop = lim->stop;
}

int bo_mcts_engine(const bo_game *g, const void *pos, const bo_hist *line, const bo_limits *lim, bo_tt *tt,
                   bo_info_fn on_info, void *ctx, bo_search_info *out, char *err, size_t errlen)
{
    (void)tt;
    bo_mcts_params p;
    bo_mcts_defaults(&p);
    bo_mcts_apply_limits(&p, lim);
    return bo_mcts_search(g, pos, line, &p, on_info, ctx, out, NULL, err, errlen);
}
