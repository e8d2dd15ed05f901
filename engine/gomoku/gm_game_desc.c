/* gm_game_desc.c -- Gomoku and Renju through the game descriptor (engine/core/game.h).
 *
 * The position value is the board with its incremental line masks, plus the last
 * stone, which is what decides whether the game just ended.  A move is the point
 * y * size + x.  Under renju black's forbidden points are not among the legal moves
 * (an engine never plays one; the record judge, which must see fouls played, keeps
 * its own check), so black with only forbidden points left has no move and loses;
 * and, as in the contest, black's first stone goes on the centre.
 *
 * The game's engine is the pattern engine (gm_pvs.c, issue 34): bo_search hands it
 * every search.  The evaluation, noisy, candidates and order hooks (gm_eval.c) are the
 * engine before it, which bo_search_alphabeta still plays.  The trainable evaluation
 * (eval_model, `boyi train`) is the pattern engine's (gm_pat.h: gmp_eval, gmp_features). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core.h"
#include "game.h"
#include "gm_desc.h"
#include "gm_eval.h"
#include "gm_opening.h"
#include "gm_pat.h"
#include "gm_pvs.h"
#include "gm_threat.h"
#include "gomoku.h"

typedef struct gm_dundo {
    int last;
    gm_stone to_move;
} gm_dundo;

static const char *const rule_sets[] = {"renju", "renju-five-threes", "freestyle", "standard", NULL};

static uint64_t side_key(const gm_board *b)
{
    return b->to_move == GM_WHITE ? UINT64_C(0x9D39247E33776D41) : 0;
}

/* RULES, optionally followed by "/OPENING" (gm_opening.h's names): the opening
 * matters to the position only where it frees renju's first stone from the centre
 * (swap and swap2 place it anywhere; the free opening and the RIF ones start on H8),
 * which is how the match runner starts a swap2 game whose opener is an outside engine. */
/* Renju's first stone is bound to H8 by the free opening (RULES.md 2) and by the RIF
 * ones; swap and swap2 let the first player put it anywhere. */
static bool first_on_centre(const gm_dpos *p)
{
    return p->b.rules == GM_RENJU && p->b.stones == 0 && p->opening != GM_OPEN_SWAP && p->opening != GM_OPEN_SWAP2;
}

static int set_rules(gm_dpos *p, const char *rules, char *err, size_t errlen)
{
    gm_rules r = GM_RENJU;
    bool five_threes = false;
    char base[64];
    const char *slash = rules ? strchr(rules, '/') : NULL;
    gm_opening op = GM_OPEN_FREE;
    if (slash) {
        if (gm_opening_from_name(slash + 1, &op) != 0)
            return bo_fail(err, errlen, "unknown Gomoku opening rule '%s' (%s)", slash + 1, GM_OPENING_NAMES);
        snprintf(base, sizeof base, "%.*s", (int)(slash - rules), rules);
        rules = base[0] ? base : NULL;
    }
    if (!rules || strcmp(rules, "renju") == 0) r = GM_RENJU;
    else if (strcmp(rules, "renju-five-threes") == 0) five_threes = true;
    else if (strcmp(rules, "freestyle") == 0) r = GM_FREESTYLE;
    else if (strcmp(rules, "standard") == 0) r = GM_STANDARD;
    else return bo_fail(err, errlen, "unknown Gomoku rule set '%s' (renju, renju-five-threes, freestyle, standard)", rules);
    gm_board_init(&p->b, GM_RENJU_SIZE, r);
    p->b.renju_five_point_threes = five_threes;
    p->opening = op;
    return 0;
}

static int gm_d_start(void *pos, const char *rules, char *err, size_t errlen)
{
    gm_dpos *p = pos;
    memset(p, 0, sizeof *p);
    p->last = -1;
    return set_rules(p, rules, err, errlen);
}

/* "h8", "o15": a column letter and a row counted from 1. */
static int scan_point(const char *s, int size, int *x, int *y, int *used)
{
    char c = s[0];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return -1;
    int i = 1, row = 0;
    while (s[i] >= '0' && s[i] <= '9' && i < 4) row = row * 10 + (s[i++] - '0');
    if (i == 1 || (s[i] >= '0' && s[i] <= '9')) return -1;
    *x = (c | 0x20) - 'a';
    *y = row - 1;
    *used = i;
    return *x < size && *y >= 0 && *y < size ? 0 : -1;
}

/* Where "size:" is in the text (any case), or NULL: the size comes before stones. */
static const char *find_size(const char *text)
{
    for (const char *s = text; *s; s++)
        if (strncasecmp(s, "size:", 5) == 0) return s;
    return NULL;
}

/* The engine's position text, the same as the CLI's --position:
 * "black: h8 i9; white: j10[; size: N][; to-move: white]". */
static int gm_d_from_text(void *pos, const char *rules, const char *text, char *err, size_t errlen)
{
    gm_dpos *p = pos;
    if (gm_d_start(p, rules, err, errlen) != 0) return -1;
    int size = GM_RENJU_SIZE;
    const char *sz = find_size(text);
    if (sz) {
        size = atoi(sz + 5);
        if (size < GM_MIN_SIZE || size > GM_MAX_SIZE) return bo_fail(err, errlen, "board size %d is not 5..20", size);
        if (p->b.rules == GM_RENJU && size != GM_RENJU_SIZE) return bo_fail(err, errlen, "renju is played on a 15x15 board");
        bool ft = p->b.renju_five_point_threes;
        gm_board_init(&p->b, size, p->b.rules);
        p->b.renju_five_point_threes = ft;
    }
    int counts[3] = {0, 0, 0};
    gm_stone to_move = GM_EMPTY;
    for (const char *s = text; *s;) {
        while (*s == ' ' || *s == ';' || *s == '\t') s++;
        if (!*s) break;
        const char *colon = strchr(s, ':');
        if (!colon) return bo_fail(err, errlen, "expected 'black:', 'white:', 'size:' or 'to-move:' at '%s'", s);
        size_t kl = (size_t)(colon - s);
        const char *end = strchr(colon, ';');
        if (!end) end = colon + strlen(colon);
        gm_stone colour = GM_EMPTY;
        if (kl == 5 && strncasecmp(s, "black", 5) == 0) colour = GM_BLACK;
        else if (kl == 5 && strncasecmp(s, "white", 5) == 0) colour = GM_WHITE;
        else if (kl == 7 && strncasecmp(s, "to-move", 7) == 0) {
            const char *v = colon + 1;
            while (*v == ' ') v++;
            if (strncasecmp(v, "black", 5) == 0) to_move = GM_BLACK;
            else if (strncasecmp(v, "white", 5) == 0) to_move = GM_WHITE;
            else return bo_fail(err, errlen, "to-move is black or white");
        } else if (kl == 7 && strncasecmp(s, "opening", 7) == 0) {
            char name[32];
            const char *v = colon + 1;
            while (*v == ' ') v++;
            snprintf(name, sizeof name, "%.*s", (int)(end - v), v);
            if (gm_opening_from_name(name, &p->opening) != 0)
                return bo_fail(err, errlen, "unknown opening rule '%s' (%s)", name, GM_OPENING_NAMES);
        } else if (!(kl == 4 && strncasecmp(s, "size", 4) == 0))
            return bo_fail(err, errlen, "unknown part '%.*s'", (int)kl, s);
        for (const char *v = colon + 1; colour != GM_EMPTY && v < end;) {
            while (v < end && (*v == ' ' || *v == ',')) v++;
            if (v >= end) break;
            int x, y, used;
            if (scan_point(v, p->b.size, &x, &y, &used) != 0)
                return bo_fail(err, errlen, "'%.*s' is not a point of the board", (int)strcspn(v, " ,;"), v);
            if (gm_at(&p->b, x, y) != GM_EMPTY) return bo_fail(err, errlen, "%.*s is given twice", used, v);
            gm_place(&p->b, x, y, colour);
            counts[colour]++;
            v += used;
        }
        s = end;
    }
    p->b.to_move = to_move != GM_EMPTY ? to_move : (counts[GM_BLACK] == counts[GM_WHITE] + 1 ? GM_WHITE : GM_BLACK);
    return 0;
}

/* Deterministic order (column, then row) so that the text of a board is unique. */
void gm_board_to_text(const gm_board *b, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int colour = GM_BLACK; colour <= GM_WHITE; colour++) {
        len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s%s:", colour == GM_WHITE ? "; " : "",
                                colour == GM_BLACK ? "black" : "white");
        for (int x = 0; x < b->size; x++)
            for (int y = 0; y < b->size; y++)
                if (gm_at(b, x, y) == (gm_stone)colour)
                    len += (size_t)snprintf(buf + len, len < n ? n - len : 0, " %c%d", 'a' + x, y + 1);
    }
    if (b->size != GM_RENJU_SIZE) len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "; size: %d", b->size);
    snprintf(buf + len, len < n ? n - len : 0, "; to-move: %s", b->to_move == GM_WHITE ? "white" : "black");
}

/* The board's text; an empty renju board whose opening frees the first stone says
 * so, so that a record's start position read back keeps the freedom. */
static void gm_d_to_text(const void *pos, char *buf, size_t n)
{
    const gm_dpos *p = pos;
    gm_board_to_text(&p->b, buf, n);
    if (p->b.rules == GM_RENJU && p->b.stones == 0 && p->opening != GM_OPEN_FREE) {
        size_t len = strlen(buf);
        snprintf(buf + len, n > len ? n - len : 0, "; opening: %s", gm_opening_name(p->opening));
    }
}

static bool last_wins(const gm_dpos *p)
{
    if (p->last < 0) return false;
    int x = p->last % p->b.size, y = p->last / p->b.size;
    return gm_is_win(&p->b, x, y, gm_at(&p->b, x, y));
}

static int gm_d_to_move(const void *pos)
{
    const gm_dpos *p = pos;
    if (last_wins(p) || p->b.stones == p->b.size * p->b.size) return BO_PLAYER_TERMINAL;
    return p->b.to_move == GM_BLACK ? 0 : 1;
}

/* Empty points in point order, less black's forbidden points under renju (one full
 * scan finds them all, cheaper than a foul test per point). */
static int gm_d_legal(const void *pos, bo_move *out)
{
    const gm_dpos *p = pos;
    if (gm_d_to_move(pos) == BO_PLAYER_TERMINAL) return 0;
    int size = p->b.size;
    bool forbidden[GM_MAX_SIZE * GM_MAX_SIZE] = {false};
    if (p->b.rules == GM_RENJU && p->b.to_move == GM_BLACK) {
        gm_board tmp = p->b;
        int xs[GM_MAX_SIZE * GM_MAX_SIZE], ys[GM_MAX_SIZE * GM_MAX_SIZE];
        int nf = gm_scan_fouls(&tmp, xs, ys, NULL, GM_MAX_SIZE * GM_MAX_SIZE);
        for (int i = 0; i < nf; i++) forbidden[ys[i] * size + xs[i]] = true;
    }
    int n = 0;
    if (first_on_centre(p)) {   /* RULES.md 2: black opens on H8 */
        out[0] = (bo_move)(size / 2 * size + size / 2);
        return 1;
    }
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            if (p->b.cell[y][x] == GM_EMPTY && !forbidden[y * size + x]) out[n++] = (bo_move)(y * size + x);
    return n;
}

static void gm_d_play(void *pos, bo_move m, void *undo, bo_hist *h)
{
    gm_dpos *p = pos;
    gm_dundo *u = undo;
    u->last = p->last;
    u->to_move = p->b.to_move;
    gm_place(&p->b, (int)m % p->b.size, (int)m / p->b.size, p->b.to_move);
    p->last = (int)m;
    if (h) bo_hist_push(h, p->b.hash ^ side_key(&p->b), BO_PLY_IRREVERSIBLE);
}

static void gm_d_unplay(void *pos, bo_move m, const void *undo, bo_hist *h)
{
    gm_dpos *p = pos;
    const gm_dundo *u = undo;
    gm_remove(&p->b, (int)m % p->b.size, (int)m / p->b.size);
    p->b.to_move = u->to_move;
    p->last = u->last;
    if (h) bo_hist_pop(h);
}

static bo_result gm_d_result(const void *pos, const bo_hist *h)
{
    (void)h;
    const gm_dpos *p = pos;
    bo_result r = {.how = BO_END_NONE, .winner = -1};
    if (last_wins(p)) {
        int x = p->last % p->b.size, y = p->last / p->b.size;
        r.how = BO_END_FIVE;
        r.winner = gm_at(&p->b, x, y) == GM_BLACK ? 0 : 1;
    } else if (p->b.stones == p->b.size * p->b.size) {
        r.how = BO_END_FULL_BOARD;
        return r;
    } else if (p->b.rules == GM_RENJU && p->b.to_move == GM_BLACK) {
        bo_move moves[GM_MAX_SIZE * GM_MAX_SIZE];
        if (gm_d_legal(pos, moves) > 0) return r;
        r.how = BO_END_NO_MOVE;   /* only forbidden points are left: black must foul */
        r.winner = 1;
    } else {
        return r;
    }
    r.returns[r.winner] = 1;
    r.returns[1 - r.winner] = -1;
    return r;
}

/* Five and full board are seen from the position alone. */
static bo_result gm_d_ending(const void *pos, const bo_hist *h)
{
    const gm_dpos *p = pos;
    bo_result r = {.how = BO_END_NONE, .winner = -1};
    if (last_wins(p) || p->b.stones == p->b.size * p->b.size) return gm_d_result(pos, h);
    return r;
}

static uint64_t gm_d_hash(const void *pos)
{
    const gm_board *b = &((const gm_dpos *)pos)->b;
    return b->hash ^ side_key(b);
}

static uint64_t gm_d_hash_scratch(const void *pos)
{
    const gm_board *b = &((const gm_dpos *)pos)->b;
    gm_board *fresh = malloc(sizeof *fresh);
    if (!fresh) return 0;
    gm_board_init(fresh, b->size, b->rules);
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++)
            if (b->cell[y][x] != GM_EMPTY) gm_place(fresh, x, y, (gm_stone)b->cell[y][x]);
    fresh->to_move = b->to_move;
    uint64_t hsh = fresh->hash ^ side_key(fresh);
    free(fresh);
    return hsh;
}

static int gm_d_move_to_text(const void *pos, bo_move m, char *buf, size_t n)
{
    int size = ((const gm_dpos *)pos)->b.size;
    return snprintf(buf, n, "%c%d", 'a' + (int)m % size, (int)m / size + 1) < (int)n ? 0 : -1;
}

static int gm_d_move_from_text(const void *pos, const char *text, bo_move *m, char *err, size_t errlen)
{
    const gm_dpos *p = pos;
    int x, y, used;
    if (scan_point(text, p->b.size, &x, &y, &used) != 0 || text[used])
        return bo_fail(err, errlen, "'%s' is not a point of the %dx%d board", text, p->b.size, p->b.size);
    if (gm_at(&p->b, x, y) != GM_EMPTY) return bo_fail(err, errlen, "%s is occupied", text);
    if (first_on_centre(p) && (x != p->b.size / 2 || y != p->b.size / 2))
        return bo_fail(err, errlen, "black's first stone goes on h8 under renju, not %s", text);
    if (p->b.rules == GM_RENJU && p->b.to_move == GM_BLACK) {
        gm_board tmp = p->b;
        gm_foul f = gm_foul_at(&tmp, x, y);
        if (f != GM_FOUL_NONE) return bo_fail(err, errlen, "%s is forbidden to black (%s)", text, gm_foul_name(f));
    }
    *m = (bo_move)(y * p->b.size + x);
    return 0;
}

/* The search's hooks read one threat scan each (gm_eval.c). */
static int gm_d_evaluate(const void *pos) { return gm_eval_position(pos); }
static int gm_d_noisy(const void *pos, bo_move *out) { return gm_eval_noisy(pos, out); }
static int gm_d_candidates(const void *pos, bo_move *out) { return gm_eval_candidates(pos, out); }
static int gm_d_order(const void *pos, bo_move m) { return gm_eval_order(pos, m); }

/* The pattern engine's evaluation under weights W, as its search computes it (the
 * combination tables of W, the board's tallies); where the tables cannot be had (out of
 * memory), the same value as features times weights. */
static int gm_d_evaluate_with(const void *pos, const int *w)
{
    const gm_dpos *p = pos;
    gm_pat_board *board = malloc(sizeof *board);
    gmp_tables *t = board ? malloc(sizeof *t) : NULL;
    int v = 0;
    if (t) {
        gmp_tables_build(t, w);
        gmp_init_with(board, &p->b, t);
        v = gmp_eval(board);
    } else if (board) {
        float f[GMP_NWEIGHTS];
        gmp_init(board, &p->b);
        gmp_features(board, f);
        double sum = 0;
        for (int i = 0; i < GMP_NWEIGHTS; i++) sum += (double)f[i] * w[i];
        v = sum >= BO_SCORE_WIN_MIN ? BO_SCORE_WIN_MIN - 1 : sum <= -BO_SCORE_WIN_MIN ? -BO_SCORE_WIN_MIN + 1 : (int)sum;
    }
    free(t);
    free(board);
    return v;
}

/* The features of gmp_features, the non-zero ones (at most GMP_NWEIGHTS). */
static int gm_d_features(const void *pos, bo_feature *out)
{
    const gm_dpos *p = pos;
    gm_pat_board *board = malloc(sizeof *board);
    if (!board) return 0;
    float f[GMP_NWEIGHTS];
    gmp_init(board, &p->b);
    gmp_features(board, f);
    free(board);
    int n = 0;
    for (int i = 0; i < GMP_NWEIGHTS; i++)
        if (f[i] != 0) out[n++] = (bo_feature){i, f[i]};
    return n;
}

/* The pattern engine's point values as trainable weights (gm_pat.h, gm_weights.h). */
static const bo_eval_model gm_eval_model = {
    .id = "gomoku-patterns-1",
    .nweights = GMP_NWEIGHTS,
    .names = gmp_weight_names,
    .defaults = gmp_weight_defaults,
    .evaluate_with = gm_d_evaluate_with,
    .features = gm_d_features,
    .max_features = GMP_NWEIGHTS,
};

/* A threat solver (VCF or VCT: they share the line type) run on P, its line turned
 * into the descriptor's moves. */
typedef int (*threat_solver)(const gm_board *b, gm_stone attacker, int max, long node_limit, gm_vcf_line *out);
static int solve_threats(const gm_dpos *p, threat_solver solve, int max, long nodes, bo_solution *out, char *err,
                         size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (last_wins(p)) return bo_fail(err, errlen, "the game is already over: the last stone made five");
    gm_vcf_line *v = malloc(sizeof *v);
    if (!v) return bo_fail(err, errlen, "out of memory");
    solve(&p->b, p->b.to_move, max, nodes, v);
    out->found = v->found;
    out->value = v->found ? 1 : 0;
    out->plies = v->plies;
    for (int i = 0; i < v->plies && i < BO_SOLUTION_MAX; i++)
        out->line[out->len++] = v->xs[i] < 0 ? BO_MOVE_ANY : (bo_move)(v->ys[i] * p->b.size + v->xs[i]);
    out->nodes = (uint64_t)v->nodes;
    out->budget_out = v->budget_out;
    free(v);
    return 0;
}

/* `boyi solve --vcf`: the shortest victory by continuous fours for the side to move. */
static int gm_d_vcf(const void *pos, int depth, uint64_t nodes, bo_solution *out, char *err, size_t errlen)
{
    return solve_threats(pos, gm_vcf_solve, depth > 0 ? depth : 30, nodes ? (long)nodes : 2000000, out, err, errlen);
}

/* `boyi solve --solver vct`: victory by continuous threats (fours and open threes). */
static int gm_d_vct(const void *pos, int depth, uint64_t nodes, bo_solution *out, char *err, size_t errlen)
{
    return solve_threats(pos, gm_vct_solve, depth > 0 ? depth : 12, nodes ? (long)nodes : 1000000, out, err, errlen);
}

/* Before the search: a VCF, then a VCT, each within a small budget (the search's own
 * limits decide the rest). */
/* VCF then VCT within 20000 and 5000 nodes, or, where the search caps NODES (a time
 * limit), within four fifths and one fifth of the cap. */
static int gm_d_root(const void *pos, int depth, uint64_t nodes, bo_solution *out, char *err, size_t errlen)
{
    (void)depth;
    uint64_t vcf = 20000, vct = 5000;
    if (nodes > 0 && nodes * 4 / 5 + 1 < vcf) vcf = nodes * 4 / 5 + 1;
    if (nodes > 0 && nodes / 5 + 1 < vct) vct = nodes / 5 + 1;
    if (gm_d_vcf(pos, 20, vcf, out, err, errlen) != 0 || out->found) return 0;
    uint64_t used = out->nodes;
    if (gm_d_vct(pos, 7, vct, out, err, errlen) != 0) return -1;
    out->nodes += used;
    return 0;
}

static const bo_solver root_solver = {"root", "VCF then VCT, within the search's small budget", gm_d_root};

/* annotate's proof: a VCF within half of NODES (0: 40,000), then a VCT within the other
 * half (their default bounds: 30 fours, 12 threats; DEPTH is not used).  The root
 * solver's VCT budget (5,000) proves too few of the threat wins that a depth-6 search
 * misses (docs/annotate.md, "Seventh round"). */
static int gm_d_proof(const void *pos, int depth, uint64_t nodes, bo_solution *out, char *err, size_t errlen)
{
    (void)depth;
    uint64_t half = nodes ? (nodes + 1) / 2 : 20000;
    if (gm_d_vcf(pos, 0, half, out, err, errlen) != 0 || out->found) return 0;
    uint64_t used = out->nodes;
    if (gm_d_vct(pos, 0, half, out, err, errlen) != 0) return -1;
    out->nodes += used;
    return 0;
}

static const bo_solver proof_solver = {"proof", "VCF then VCT within a node budget (annotate's check of a move)",
                                       gm_d_proof};

static const bo_solver solvers[] = {
    {"vcf", "victory by continuous fours for the side to move (shortest line found)", gm_d_vcf},
    {"vct", "victory by continuous threats (fours and open threes) for the side to move", gm_d_vct},
    {NULL, NULL, NULL},
};

uint64_t gm_d_perft(const void *pos, int depth);   /* gm_perft.c */

const bo_game gm_game_desc = {
    .name = "gomoku",
    .rule_sets = rule_sets,
    .players = 2,
    .player_names = {"black", "white"},
    .flags = 0,
    .pos_size = sizeof(gm_dpos),
    .undo_size = sizeof(gm_dundo),
    .max_moves = GM_MAX_SIZE * GM_MAX_SIZE,
    .start = gm_d_start,
    .from_text = gm_d_from_text,
    .to_text = gm_d_to_text,
    .to_move = gm_d_to_move,
    .legal = gm_d_legal,
    .chance = NULL,
    .play = gm_d_play,
    .unplay = gm_d_unplay,
    .result = gm_d_result,
    .hash = gm_d_hash,
    .hash_scratch = gm_d_hash_scratch,
    .move_to_text = gm_d_move_to_text,
    .move_from_text = gm_d_move_from_text,
    .evaluate = gm_d_evaluate,
    .perft = gm_d_perft,
    .ending = gm_d_ending,
    .noisy = gm_d_noisy,
    .candidates = gm_d_candidates,
    .order = gm_d_order,
    .solvers = solvers,
    .root_solver = &root_solver,
    .proof = &proof_solver,
    .engine = gm_pvs_engine,
    .eval_model = &gm_eval_model,
};
