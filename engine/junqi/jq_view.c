/* jq_view.c -- what one side of a Junqi game sees, and full states drawn from it.
 *
 * A view (jq_view) holds the side's own pieces, the posts where enemy pieces stand
 * (not their kinds), and, for every piece on the board and every piece removed, the
 * mask of kinds its opponent still thinks possible: the referee state keeps those
 * masks (jq_rules.c narrows them by deployment posts, moves and collision reports), so
 * a view is a function of the state alone.  While the enemy is still deploying its
 * pieces are not shown at all (the order of its placements would give them away).
 *
 * Sampling (determinized search): the enemy's 25 pieces, those on the board and those
 * removed, get kinds one by one, most constrained first, each a random kind of its
 * mask after which a perfect matching of the remaining pieces to the remaining army
 * still exists (Kuhn's algorithm), so that every kind is used exactly as often as a
 * side has it and no draw dead-ends; a removed piece is never the flag (the views that
 * are sampled are of games that go on).  An enemy deployment in progress is drawn as that
 * many random legal placements. */
#include "junqi.h"

#include <stdio.h>
#include <string.h>

#include "core.h"

void jq_observe(const jq_pos *p, int player, jq_view *v)
{
    memset(v, 0, sizeof *v);
    int enemy = 1 - player;
    bool shown = p->placed[enemy] == JQ_PIECES;
    v->me = (uint8_t)player;
    v->side = p->side;
    v->quiet = p->quiet;
    v->placed[0] = p->placed[0];
    v->placed[1] = p->placed[1];
    v->last_placed = p->last_placed[player];
    for (int q = 0; q < JQ_POSTS; q++) {
        uint8_t c = p->cell[q];
        if (!c) continue;
        if (jq_cell_owner(c) == player) {
            v->own[q] = (uint8_t)jq_cell_kind(c);
            v->known[q] = p->known[q];
        } else if (shown) {
            v->theirs[q] = 1;
            v->known[q] = p->known[q];
        }
    }
    memcpy(v->dead, p->dead, sizeof v->dead);
    memcpy(v->ndead, p->ndead, sizeof v->ndead);
}

/* The state's bookkeeping once the cells are set. */
static void finish(jq_pos *p)
{
    memset(p->count, 0, sizeof p->count);
    for (int q = 0; q < JQ_POSTS; q++)
        if (p->cell[q]) p->count[jq_cell_owner(p->cell[q])][jq_cell_kind(p->cell[q])]++;
    p->hash = jq_hash_scratch(p);
}

/* My pieces and the public facts; enemy cells left empty. */
static void own_part(const jq_view *v, jq_pos *p)
{
    jq_empty(p);
    p->side = v->side;
    p->quiet = v->quiet;
    p->placed[0] = v->placed[0];
    p->placed[1] = v->placed[1];
    p->last_placed[v->me] = v->last_placed;
    for (int q = 0; q < JQ_POSTS; q++)
        if (v->own[q]) {
            p->cell[q] = JQ_CELL(v->own[q], v->me);
            p->known[q] = v->known[q];
        }
    memcpy(p->dead, v->dead, sizeof p->dead);
    memcpy(p->ndead, v->ndead, sizeof p->ndead);
}

typedef struct assign {
    int n;
    uint16_t mask[JQ_PIECES];
    uint8_t kind[JQ_PIECES];
    uint8_t left[JQ_KINDS];
    uint64_t *rng;
} assign;

/* Kuhn's augmenting path: piece J takes a free slot (one of the army's remaining
 * pieces) of a kind its mask allows, moving others along if need be. */
static bool augment(const assign *a, int j, const uint8_t *slot_kind, int nslots, int8_t *slot_piece, bool *seen)
{
    for (int s = 0; s < nslots; s++) {
        if (seen[s] || !(a->mask[j] >> slot_kind[s] & 1)) continue;
        seen[s] = true;
        if (slot_piece[s] < 0 || augment(a, slot_piece[s], slot_kind, nslots, slot_piece, seen)) {
            slot_piece[s] = (int8_t)j;
            return true;
        }
    }
    return false;
}

/* Can pieces I.. all get kinds of their masks from what is left of the army (a
 * perfect matching of pieces to the remaining pieces of the army)? */
static bool feasible(const assign *a, int i)
{
    uint8_t slot_kind[JQ_PIECES];
    int8_t slot_piece[JQ_PIECES];
    int nslots = 0;
    for (int k = 1; k < JQ_KINDS; k++)
        for (int c = 0; c < a->left[k] && nslots < JQ_PIECES; c++) slot_kind[nslots++] = (uint8_t)k;
    if (nslots != a->n - i) return false;
    memset(slot_piece, -1, sizeof slot_piece);
    for (int j = i; j < a->n; j++) {
        bool seen[JQ_PIECES] = {false};
        if (!augment(a, j, slot_kind, nslots, slot_piece, seen)) return false;
    }
    return true;
}

/* Kinds for the pieces in order: each a random kind of its mask after which the rest
 * can still be completed (checked by matching), so no draw ever dead-ends. */
static bool fill(assign *a)
{
    if (!feasible(a, 0)) return false;
    for (int i = 0; i < a->n; i++) {
        int cand[JQ_KINDS], nc = 0;
        for (int k = 1; k < JQ_KINDS; k++)
            if ((a->mask[i] & JQ_MASK(k)) && a->left[k]) cand[nc++] = k;
        for (int j = nc - 1; j > 0; j--) {   /* random order, so a draw is a fair guess */
            int r = (int)(bo_splitmix64(a->rng) % (uint64_t)(j + 1)), t = cand[j];
            cand[j] = cand[r];
            cand[r] = t;
        }
        bool done = false;
        for (int j = 0; j < nc && !done; j++) {
            a->left[cand[j]]--;
            if (feasible(a, i + 1)) {
                a->kind[i] = (uint8_t)cand[j];
                done = true;
            } else {
                a->left[cand[j]]++;
            }
        }
        if (!done) return false;
    }
    return true;
}

static int sample_once(const jq_view *v, uint64_t *rng, jq_pos *p);

/* A state where the game still goes on (as it does for the side whose view it is):
 * a draw that leaves a side without a mover is drawn again. */
int jq_sample(const jq_view *v, uint64_t *rng, jq_pos *p)
{
    for (int tries = 0; tries < 64; tries++) {
        if (sample_once(v, rng, p) != 0) return -1;
        int w;
        if (jq_in_setup(p) || !jq_result(p, &w)) return 0;
    }
    return -1;
}

static int sample_once(const jq_view *v, uint64_t *rng, jq_pos *p)
{
    int enemy = 1 - v->me;
    own_part(v, p);
    if (v->placed[enemy] < JQ_PIECES) {
        /* The enemy is deploying (or has not begun): any legal start of a deployment. */
        uint8_t side = p->side;
        p->side = (uint8_t)enemy;
        p->placed[enemy] = 0;
        p->last_placed[enemy] = -1;
        finish(p);
        for (int k = 0; k < v->placed[enemy]; k++) {
            uint32_t moves[JQ_MAX_MOVES];
            int n = jq_legal(p, moves);
            if (n == 0) return -1;
            jq_undo u;
            jq_play(p, moves[bo_splitmix64(rng) % (uint64_t)n], &u);
        }
        p->side = side;
        finish(p);
        return 0;
    }
    assign a;
    memset(&a, 0, sizeof a);
    a.rng = rng;
    memcpy(a.left, jq_kind_count, sizeof a.left);
    int post[JQ_PIECES];
    for (int q = 0; q < JQ_POSTS; q++)
        if (v->theirs[q]) {
            if (a.n >= JQ_PIECES) return -1;
            post[a.n] = q;
            a.mask[a.n++] = v->known[q];
        }
    for (int i = 0; i < v->ndead[enemy]; i++) {
        if (a.n >= JQ_PIECES) return -1;
        post[a.n] = -1;
        a.mask[a.n++] = v->dead[enemy][i] & (uint16_t)~JQ_MASK(JQ_FLAG);   /* a game that goes on has its flags */
    }
    if (a.n != JQ_PIECES) return -1;
    /* Most constrained first (fewest kinds), ties broken at random. */
    uint64_t keyv[JQ_PIECES];
    for (int i = 0; i < a.n; i++)
        keyv[i] = (uint64_t)__builtin_popcount(a.mask[i]) << 32 | (bo_splitmix64(rng) & 0xFFFFFFFFu);
    for (int i = 1; i < a.n; i++)
        for (int j = i; j > 0 && keyv[j - 1] > keyv[j]; j--) {
            uint64_t tk = keyv[j]; keyv[j] = keyv[j - 1]; keyv[j - 1] = tk;
            uint16_t tm = a.mask[j]; a.mask[j] = a.mask[j - 1]; a.mask[j - 1] = tm;
            int tp = post[j]; post[j] = post[j - 1]; post[j - 1] = tp;
        }
    if (!fill(&a)) return -1;
    for (int i = 0; i < a.n; i++)
        if (post[i] >= 0) {
            p->cell[post[i]] = JQ_CELL(a.kind[i], enemy);
            p->known[post[i]] = v->known[post[i]];
        }
    finish(p);
    return 0;
}

int jq_view_legal(const jq_view *v, uint32_t *out)
{
    jq_pos p;
    own_part(v, &p);
    for (int q = 0; q < JQ_POSTS; q++)   /* enemy kinds do not change my moves */
        if (v->theirs[q]) p.cell[q] = JQ_CELL(JQ_PLATOON, 1 - v->me);
    finish(&p);
    if (v->side != v->me) return 0;
    return jq_legal(&p, out);
}

void jq_view_to_text(const jq_view *v, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
#define PUT(...) do { if (len < n) { int k_ = snprintf(buf + len, n - len, __VA_ARGS__); if (k_ > 0) len += (size_t)k_; if (len >= n) len = n - 1; } } while (0)
    for (int r = JQ_ROWS - 1; r >= 0; r--) {
        int run = 0;
        for (int c = 0; c < JQ_COLS; c++) {
            int q = jq_post(c, r);
            if (!v->own[q] && !v->theirs[q]) { run++; continue; }
            if (run) PUT("%d", run);
            run = 0;
            if (v->own[q]) {
                char l = jq_kind_letter(v->own[q]);
                PUT("%c", v->me ? (char)(l - 'A' + 'a') : l);
            } else {
                PUT("?");
            }
        }
        if (run) PUT("%d", run);
        if (r) PUT("/");
    }
    PUT(" %c %s", v->side ? 'b' : 'r', v->me ? "black-view" : "red-view");
    char name[8];
    for (int q = 0; q < JQ_POSTS; q++) {
        if (!v->theirs[q]) continue;
        jq_post_name(q, name, sizeof name);
        PUT(" %s=", name);
        for (int k = 1; k < JQ_KINDS; k++)
            if (v->known[q] & JQ_MASK(k)) PUT("%c", jq_kind_letter(k));
    }
#undef PUT
}

/* FNV-1a over the view's bytes: a seed that is a function of the view alone. */
uint64_t jq_view_hash(const jq_view *v)
{
    const unsigned char *b = (const unsigned char *)v;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < sizeof *v; i++) h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}
