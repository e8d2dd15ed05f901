/* jq_rules.c -- the referee: deployment, movement, collisions and results of
 * two-player Junqi (RULES.md section 6).
 *
 * Rules as implemented (docs/junqi.md lists them with the Decisions):
 *  - Deployment: 25 pieces per side on the 25 stations and headquarters of its half
 *    (no piece in a camp); the flag in a headquarters; landmines on the last two rows;
 *    bombs not on the first row.  Placement moves come in jq_deploy_order, identical
 *    pieces on increasing posts; a placement is legal only if the rest of that kind
 *    still fits above it (every other constraint then always fits: see docs).
 *  - Movement: flag and landmines never move; a piece on a headquarters never moves;
 *    one step along any link; any distance straight along a railway through empty
 *    posts; the engineer along any railway path through empty posts (a breadth-first
 *    search on the rail graph).  A move may end on an empty post or on an enemy piece
 *    that is not in a camp.
 *  - Collision (jq_fight): bombs remove both; a landmine is removed by an engineer,
 *    removes itself with a bomb and removes any other attacker; else the lower rank is
 *    removed, equal ranks both.  A side whose field marshal falls shows its flag.
 *  - Result, in the rule book's order: neither side can move: draw; one side cannot
 *    move: it loses (both checked after every move); a side without its flag loses;
 *    31 plies in a row without a collision: the side to move loses.
 *
 * Every piece also carries what its opponent knows of it (jq_pos.known), narrowed here
 * as the referee's reports would narrow it: its deployment post, a move (neither flag
 * nor landmine), a rail run only an engineer can make, and each collision's outcome. */
#include "junqi.h"

#include <stdio.h>
#include <string.h>

#include "core.h"

/* Zobrist keys drawn from a fixed mix: no table, no state. */
static inline uint64_t key_cell(int post, uint8_t cell) { return bo_mix64(0x4a51000000ull + (uint64_t)post * 32 + cell); }
static inline uint64_t key_quiet(int q) { return bo_mix64(0x4a52000000ull + (uint64_t)q); }
static const uint64_t KEY_SIDE = 0x9e3779b97f4a7c15ull, KEY_SETUP = 0x6a09e667f3bcc909ull;

bool jq_in_setup(const jq_pos *p)
{
    return p->placed[0] < JQ_PIECES || p->placed[1] < JQ_PIECES;
}

/* Rows counted from a side's own back row. */
static inline int own_row(int post, int side) { return side == 0 ? jq_row(post) : JQ_ROWS - 1 - jq_row(post); }

uint16_t jq_deploy_mask(int post, int side)
{
    int r = own_row(post, side);
    if (r >= JQ_ROWS / 2 || jq_board()->kind[post] == JQ_CAMP) return 0;
    uint16_t m = JQ_MOVABLE;
    if (jq_board()->kind[post] == JQ_HQ) m |= JQ_MASK(JQ_FLAG);
    if (r <= 1) m |= JQ_MASK(JQ_MINE);
    if (r == 0) m &= (uint16_t)~JQ_MASK(JQ_BOMB);
    return m;
}

uint16_t jq_default_known(int post, int side)
{
    int r = own_row(post, side);
    uint16_t m = JQ_MOVABLE;
    if (r < JQ_ROWS / 2 && jq_board()->kind[post] == JQ_HQ) m |= JQ_MASK(JQ_FLAG);
    if (r <= 1) m |= JQ_MASK(JQ_MINE);
    return m;
}

void jq_empty(jq_pos *p)
{
    memset(p, 0, sizeof *p);
    p->last_placed[0] = p->last_placed[1] = -1;
    p->hash = jq_hash_scratch(p);
}

uint64_t jq_hash_scratch(const jq_pos *p)
{
    uint64_t h = 0;
    for (int i = 0; i < JQ_POSTS; i++)
        if (p->cell[i]) h ^= key_cell(i, p->cell[i]);
    if (p->side) h ^= KEY_SIDE;
    if (jq_in_setup(p)) h ^= KEY_SETUP;
    else h ^= key_quiet(p->quiet);
    return h;
}

int jq_fight(int a, int d)
{
    if (a == JQ_BOMB || d == JQ_BOMB) return JQ_BOTH;
    if (d == JQ_MINE) return a == JQ_ENGINEER ? JQ_WINS : JQ_LOSES;
    if (d == JQ_FLAG) return JQ_WINS;
    return a > d ? JQ_WINS : a == d ? JQ_BOTH : JQ_LOSES;
}

int jq_move_fight(const jq_pos *p, uint32_t m)
{
    if (m & JQ_PLACE) return JQ_NO_FIGHT;
    uint8_t d = p->cell[jq_to(m)];
    return d ? jq_fight(jq_cell_kind(p->cell[jq_from(m)]), jq_cell_kind(d)) : JQ_NO_FIGHT;
}

/* The attackers (of any kind that moves) that meet defender D with this outcome. */
static uint16_t attackers_with(int outcome, int d)
{
    uint16_t m = 0;
    for (int t = JQ_BOMB; t < JQ_KINDS; t++)
        if (jq_fight(t, d) == outcome) m |= JQ_MASK(t);
    return m;
}

/* The defenders that attacker A meets with this outcome. */
static uint16_t defenders_with(int outcome, int a)
{
    uint16_t m = 0;
    for (int t = 1; t < JQ_KINDS; t++)
        if (jq_fight(a, t) == outcome) m |= JQ_MASK(t);
    return m;
}

/* Placements: the next kind of jq_deploy_order, on a free post allowed to it, above
 * the last one of the same kind, leaving room above for the rest of that kind. */
static int legal_setup(const jq_pos *p, uint32_t *out)
{
    int s = p->side, k = p->placed[s], kind = jq_deploy_order[k];
    int rest = 0;
    for (int j = k + 1; j < JQ_PIECES; j++) rest += jq_deploy_order[j] == kind;
    int lo = k > 0 && jq_deploy_order[k - 1] == kind ? p->last_placed[s] + 1 : 0;
    int free_posts[JQ_POSTS], nf = 0;
    for (int q = lo; q < JQ_POSTS; q++)
        if (!p->cell[q] && (jq_deploy_mask(q, s) & JQ_MASK(kind))) free_posts[nf++] = q;
    int n = 0;
    for (int i = 0; i + rest < nf; i++) out[n++] = (uint32_t)free_posts[i] | (uint32_t)kind << 6 | JQ_PLACE;
    return n;
}

/* Can a piece of SIDE end a move on post Q (empty, or an enemy not in a camp)? */
static inline bool can_land(const jq_pos *p, const jq_graph *g, int side, int q)
{
    uint8_t c = p->cell[q];
    return !c || (jq_cell_owner(c) != side && g->kind[q] != JQ_CAMP);
}

/* Every post the piece on FROM may move to, as a mask. */
static uint64_t targets(const jq_pos *p, const jq_graph *g, int from)
{
    int side = jq_cell_owner(p->cell[from]), kind = jq_cell_kind(p->cell[from]);
    uint64_t t = 0;
    for (uint64_t a = g->adj[from]; a; a &= a - 1) {
        int q = __builtin_ctzll(a);
        if (can_land(p, g, side, q)) t |= 1ull << q;
    }
    if (!g->rail_adj[from]) return t;
    if (kind == JQ_ENGINEER) {
        /* Breadth-first along the railways through empty posts. */
        uint64_t seen = 1ull << from;
        int queue[JQ_POSTS], head = 0, tail = 0;
        queue[tail++] = from;
        while (head < tail) {
            int c = queue[head++];
            for (uint64_t a = g->rail_adj[c] & ~seen; a; a &= a - 1) {
                int q = __builtin_ctzll(a);
                seen |= 1ull << q;
                if (!p->cell[q]) {
                    t |= 1ull << q;
                    queue[tail++] = q;
                } else if (can_land(p, g, side, q)) {
                    t |= 1ull << q;
                }
            }
        }
        return t;
    }
    for (int d = 0; d < 4; d++)
        for (int q = g->rail_step[from][d]; q >= 0; q = g->rail_step[q][d]) {
            if (can_land(p, g, side, q)) t |= 1ull << q;
            if (p->cell[q]) break;
        }
    return t;
}

static inline bool can_move_from(const jq_pos *p, const jq_graph *g, int side, int post)
{
    uint8_t c = p->cell[post];
    return c && jq_cell_owner(c) == side && (JQ_MOVABLE & JQ_MASK(jq_cell_kind(c))) && g->kind[post] != JQ_HQ;
}

int jq_legal(const jq_pos *p, uint32_t *out)
{
    if (jq_in_setup(p)) return legal_setup(p, out);
    const jq_graph *g = jq_board();
    int n = 0;
    for (int from = 0; from < JQ_POSTS; from++) {
        if (!can_move_from(p, g, p->side, from)) continue;
        for (uint64_t t = targets(p, g, from); t && n < JQ_MAX_MOVES; t &= t - 1) out[n++] = jq_move(from, __builtin_ctzll(t));
    }
    return n;
}

/* A rail run that reaches beyond the first step needs an empty first step, so a side
 * can move exactly when some movable piece has a neighbour it may land on. */
bool jq_has_move(const jq_pos *p, int side)
{
    const jq_graph *g = jq_board();
    for (int from = 0; from < JQ_POSTS; from++) {
        if (!can_move_from(p, g, side, from)) continue;
        for (uint64_t a = g->adj[from]; a; a &= a - 1)
            if (can_land(p, g, side, __builtin_ctzll(a))) return true;
    }
    return false;
}

bool jq_engineer_only(const jq_pos *p, int from, int to)
{
    const jq_graph *g = jq_board();
    if (g->adj[from] >> to & 1) return false;
    for (int d = 0; d < 4; d++)
        for (int q = g->rail_step[from][d]; q >= 0; q = g->rail_step[q][d]) {
            if (q == to) return false;
            if (p->cell[q]) break;
        }
    return true;
}

/* Remove the piece on POST (of SIDE), keeping what the opponent knew of it. */
static void remove_piece(jq_pos *p, int post, uint16_t known)
{
    uint8_t c = p->cell[post];
    int s = jq_cell_owner(c);
    p->dead[s][p->ndead[s]++] = known;
    p->count[s][jq_cell_kind(c)]--;
    p->hash ^= key_cell(post, c);
    p->cell[post] = 0;
    p->known[post] = 0;
}

static void place(jq_pos *p, uint32_t m)
{
    int post = jq_from(m), kind = (int)(m >> 6 & 15), s = p->side;
    p->cell[post] = JQ_CELL(kind, s);
    p->known[post] = jq_deploy_mask(post, s);
    p->count[s][kind]++;
    p->placed[s]++;
    p->last_placed[s] = (int8_t)post;
    p->hash ^= key_cell(post, p->cell[post]);
    if (p->placed[s] == JQ_PIECES) {
        p->last_placed[s] = -1;
        p->side = (uint8_t)(1 - s);   /* black deploys after red; red moves first */
        p->hash ^= KEY_SIDE;
    }
    if (!jq_in_setup(p)) p->hash ^= KEY_SETUP ^ key_quiet(p->quiet);
}

/* When a field marshal falls its side shows where its flag is. */
static void reveal_flag(jq_pos *p, int s, jq_undo *u)
{
    for (int q = 0; q < JQ_POSTS; q++)
        if (p->cell[q] == JQ_CELL(JQ_FLAG, s)) {
            u->flag_post[s] = (int8_t)q;
            u->flag_known[s] = p->known[q];
            p->known[q] = JQ_MASK(JQ_FLAG);
            return;
        }
}

void jq_play(jq_pos *p, uint32_t m, jq_undo *u)
{
    u->hash = p->hash;
    u->quiet = p->quiet;
    u->side = p->side;
    u->ndead[0] = p->ndead[0];
    u->ndead[1] = p->ndead[1];
    u->last_placed[0] = p->last_placed[0];
    u->last_placed[1] = p->last_placed[1];
    u->flag_post[0] = u->flag_post[1] = -1;
    if (m & JQ_PLACE) {
        place(p, m);
        return;
    }
    int from = jq_from(m), to = jq_to(m), s = p->side;
    uint8_t a = p->cell[from], d = p->cell[to];
    memcpy(u->count, p->count, sizeof u->count);
    int ka = jq_cell_kind(a);
    u->cfrom = a;
    u->cto = d;
    u->kfrom = p->known[from];
    u->kto = p->known[to];
    uint16_t km = p->known[from] & JQ_MOVABLE;
    if (jq_engineer_only(p, from, to)) km &= JQ_MASK(JQ_ENGINEER);
    p->hash ^= key_quiet(p->quiet);
    if (!d) {
        p->quiet = (uint8_t)(p->quiet < 255 ? p->quiet + 1 : 255);
    } else {
        int kd = jq_cell_kind(d), o = jq_fight(ka, kd);
        if (o == JQ_WINS) {
            remove_piece(p, to, p->known[to] & defenders_with(o, ka));
            km &= attackers_with(o, kd);
        } else if (o == JQ_LOSES) {
            p->known[to] &= defenders_with(o, ka);
            remove_piece(p, from, km & attackers_with(o, kd));
        } else {
            remove_piece(p, to, p->known[to] & defenders_with(o, ka));
            remove_piece(p, from, km & attackers_with(o, kd));
        }
        p->quiet = 0;
        if (ka == JQ_MARSHAL && o != JQ_WINS) reveal_flag(p, s, u);
        if (kd == JQ_MARSHAL && o != JQ_LOSES) reveal_flag(p, 1 - s, u);
    }
    if (p->cell[from]) {   /* the mover survived: it stands on TO */
        p->hash ^= key_cell(from, a) ^ key_cell(to, a);
        p->cell[to] = a;
        p->known[to] = km;
        p->cell[from] = 0;
        p->known[from] = 0;
    }
    p->hash ^= key_quiet(p->quiet);
    p->side = (uint8_t)(1 - s);
    p->hash ^= KEY_SIDE;
}

void jq_unplay(jq_pos *p, uint32_t m, const jq_undo *u)
{
    if (m & JQ_PLACE) {
        int post = jq_from(m), kind = (int)(m >> 6 & 15), s = u->side;
        p->cell[post] = 0;
        p->known[post] = 0;
        p->count[s][kind]--;
        p->placed[s]--;
        p->last_placed[s] = u->last_placed[s];
        p->side = u->side;
        p->hash = u->hash;
        return;
    }
    int from = jq_from(m), to = jq_to(m);
    for (int t = 0; t < 2; t++)
        if (u->flag_post[t] >= 0) p->known[u->flag_post[t]] = u->flag_known[t];
    for (int t = 0; t < 2; t++)
        while (p->ndead[t] > u->ndead[t]) p->dead[t][--p->ndead[t]] = 0;
    memcpy(p->count, u->count, sizeof p->count);
    p->cell[from] = u->cfrom;
    p->cell[to] = u->cto;
    p->known[from] = u->kfrom;
    p->known[to] = u->kto;
    p->quiet = u->quiet;
    p->side = u->side;
    p->hash = u->hash;
}

int jq_result(const jq_pos *p, int *winner)
{
    *winner = -1;
    if (jq_in_setup(p)) return 0;
    bool m0 = jq_has_move(p, 0), m1 = jq_has_move(p, 1);
    if (!m0 && !m1) return 2;   /* BO_END_NO_MOVE, a draw */
    if (!m0 || !m1) {
        *winner = m0 ? 0 : 1;
        return 2;
    }
    for (int s = 0; s < 2; s++)
        if (p->count[s][JQ_FLAG] == 0) {
            *winner = 1 - s;
            return 11;   /* BO_END_FLAG */
        }
    if (p->quiet >= JQ_QUIET_LIMIT) {
        *winner = 1 - p->side;
        return 7;   /* BO_END_RULE_LIMIT */
    }
    return 0;
}

uint64_t jq_perft(jq_pos *p, int depth)
{
    int w;
    if (depth == 0) return 1;
    if (jq_result(p, &w)) return 0;
    uint32_t moves[JQ_MAX_MOVES];
    int n = jq_legal(p, moves);
    if (depth == 1) return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        jq_undo u;
        jq_play(p, moves[i], &u);
        total += jq_perft(p, depth - 1);
        jq_unplay(p, moves[i], &u);
    }
    return total;
}

/* Why a play move FROM-TO is not legal, in the rule book's words (validators). */
void jq_explain_illegal(const jq_pos *p, int from, int to, char *buf, size_t n)
{
    const jq_graph *g = jq_board();
    char a[8], b[8], c[8];
    jq_post_name(from, a, sizeof a);
    jq_post_name(to, b, sizeof b);
    uint8_t x = p->cell[from], y = p->cell[to];
    int s = p->side;
    if (jq_in_setup(p)) { snprintf(buf, n, "the pieces are still being deployed"); return; }
    if (!x) { snprintf(buf, n, "there is no piece on %s", a); return; }
    if (jq_cell_owner(x) != s) { snprintf(buf, n, "the piece on %s is %s's, and %s is to move", a, s ? "red" : "black", s ? "black" : "red"); return; }
    int k = jq_cell_kind(x);
    if (k == JQ_FLAG || k == JQ_MINE) { snprintf(buf, n, "the %s on %s never moves", jq_kind_name(k), a); return; }
    if (g->kind[from] == JQ_HQ) { snprintf(buf, n, "a piece in a headquarters (%s) never moves", a); return; }
    if (from == to) { snprintf(buf, n, "a move must change posts"); return; }
    if (y && jq_cell_owner(y) == s) { snprintf(buf, n, "%s holds a piece of %s's own", b, s ? "black" : "red"); return; }
    if (y && g->kind[to] == JQ_CAMP) { snprintf(buf, n, "a piece in a camp (%s) cannot be attacked", b); return; }
    for (int d = 0; d < 4; d++) {
        int block = -1;
        for (int q = g->rail_step[from][d]; q >= 0; q = g->rail_step[q][d]) {
            if (q == to) {
                if (block >= 0) {
                    jq_post_name(block, c, sizeof c);
                    snprintf(buf, n, "the railway from %s to %s passes through a piece on %s", a, b, c);
                    return;
                }
                break;
            }
            if (p->cell[q] && block < 0) block = q;
        }
    }
    if (g->rail_adj[from] && g->rail_adj[to]) {
        if (k == JQ_ENGINEER) snprintf(buf, n, "no railway path from %s to %s runs through empty posts", a, b);
        else snprintf(buf, n, "only an engineer turns along the railway (%s to %s; this is a %s)", a, b, jq_kind_name(k));
        return;
    }
    snprintf(buf, n, "%s and %s are not linked by a road or a railway", a, b);
}
