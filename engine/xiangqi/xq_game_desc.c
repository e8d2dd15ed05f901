/* xq_game_desc.c -- Xiangqi through the game descriptor (engine/core/game.h).
 *
 * The position value is xq_pos itself; a move is xq_move (from | to << 7) widened to
 * 32 bits.  The line history carries, per ply, whether the move gave check and whether
 * it captured, which is all that RULES.md section 1's ending rules need: no legal move
 * loses, a third repetition draws or (one side checking throughout the cycle) loses
 * for the checker, and 120 plies without capture draw (rule set ccgc, the contest's).
 * The human rule set plays on after repetitions, as over-the-board play does. */
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "xiangqi.h"
#include "xq_eval.h"
#include "xq_internal.h"

static const char *const rule_sets[] = {"ccgc", "human", NULL};

/* Which rule set a position plays under travels in no field of xq_pos; the two sets
 * differ only in how repetition ends a game, so the descriptor exposes ccgc's and
 * the record judge (notation/xiangqi) keeps the human variant. */
static int check_rules(const char *rules, char *err, size_t errlen)
{
    if (!rules) return 0;
    for (int i = 0; rule_sets[i]; i++)
        if (strcmp(rules, rule_sets[i]) == 0) return 0;
    snprintf(err, errlen, "unknown Xiangqi rule set '%s' (ccgc, human)", rules);
    return -1;
}

static int xq_d_start(void *pos, const char *rules, char *err, size_t errlen)
{
    if (check_rules(rules, err, errlen) != 0) return -1;
    xq_pos_start(pos);
    return 0;
}

static int xq_d_from_text(void *pos, const char *rules, const char *text, char *err, size_t errlen)
{
    if (check_rules(rules, err, errlen) != 0) return -1;
    return xq_pos_from_fen(pos, text, err, errlen);
}

static void xq_d_to_text(const void *pos, char *buf, size_t n)
{
    xq_pos_to_fen(pos, buf, n);
}

static int xq_d_to_move(const void *pos)
{
    return ((const xq_pos *)pos)->side == XQ_RED ? 0 : 1;
}

static int xq_d_legal(const void *pos, bo_move *out)
{
    xq_move mv[XQ_MAX_MOVES];
    int n = xq_gen_legal(pos, mv);
    for (int i = 0; i < n; i++) out[i] = mv[i];
    return n;
}

/* The history entry of a move: the repetition and perpetual-check rules read its
 * check flag; a capture makes every earlier position unreachable. */
static void xq_d_play(void *pos, bo_move m, void *undo, bo_hist *h)
{
    xq_pos *p = pos;
    xq_undo *u = undo;
    xq_make(p, (xq_move)m, u);
    if (!h) return;
    uint8_t flags = 0;
    if (u->captured) flags |= BO_PLY_IRREVERSIBLE;
    if (xq_in_check(p, p->side)) flags |= BO_PLY_CHECK;
    bo_hist_push(h, p->hash, flags);
}

static void xq_d_unplay(void *pos, bo_move m, const void *undo, bo_hist *h)
{
    xq_unmake(pos, (xq_move)m, undo);
    if (h) bo_hist_pop(h);
}

/* RULES.md section 1: the cycle runs from the first occurrence of the position to
 * now; if every move of one side in it gave check and not every move of the other
 * did, the checking side loses, else the repetition is a draw. */
static bo_result repetition(const bo_hist *h, int first, int side_to_move)
{
    bool all_checked[2] = {true, true};
    for (int i = first + 1; i < h->n; i++) {
        /* The move into position i was made by the side not to move at i. */
        int mover = ((h->n - 1 - i) % 2 == 0) ? 1 - side_to_move : side_to_move;
        if (!(h->flags[i] & BO_PLY_CHECK)) all_checked[mover] = false;
    }
    bo_result r = {.how = BO_END_REPETITION, .winner = -1};
    if (all_checked[0] != all_checked[1]) {
        int checker = all_checked[0] ? 0 : 1;
        r.how = BO_END_PERPETUAL;
        r.winner = 1 - checker;
        r.returns[r.winner] = 1;
        r.returns[checker] = -1;
    }
    return r;
}

static bo_result xq_d_ending(const void *pos, const bo_hist *h)
{
    const xq_pos *p = pos;
    bo_result r = {.how = BO_END_NONE, .winner = -1};
    int first, stm = p->side == XQ_RED ? 0 : 1;
    if (h && bo_hist_repeats(h, &first) >= 3) return repetition(h, first, stm);
    if (p->halfmove >= XQ_NATURAL_LIMIT_PLIES) r.how = BO_END_RULE_LIMIT;
    return r;
}

static bo_result xq_d_result(const void *pos, const bo_hist *h)
{
    const xq_pos *p = pos;
    xq_move mv[XQ_MAX_MOVES];
    if (xq_gen_legal(p, mv) > 0) return xq_d_ending(pos, h);
    int stm = p->side == XQ_RED ? 0 : 1;
    bo_result r = {.how = xq_in_check(p, p->side) ? BO_END_MATE : BO_END_NO_MOVE, .winner = 1 - stm};
    r.returns[r.winner] = 1;
    r.returns[stm] = -1;
    return r;
}

static int xq_d_noisy(const void *pos, bo_move *out)
{
    const xq_pos *p = pos;
    xq_move mv[XQ_MAX_MOVES];
    int n = xq_gen_legal(p, mv), k = 0;
    for (int i = 0; i < n; i++)
        if (p->sq[XQ_TO(mv[i])]) out[k++] = mv[i];
    return k;
}

/* Captures first, the most valuable victim by the least valuable attacker. */
static int xq_d_order(const void *pos, bo_move m)
{
    static const int rank[8] = {0, 7, 2, 2, 4, 6, 5, 1};
    const xq_pos *p = pos;
    uint8_t victim = p->sq[XQ_TO((xq_move)m)], attacker = p->sq[XQ_FROM((xq_move)m)];
    if (!victim) return 0;
    return BO_ORDER_NOISY + rank[XQ_KIND(victim)] * 16 - rank[XQ_KIND(attacker)];
}

static bool xq_d_see_ge(const void *pos, bo_move m, int threshold)
{
    return xq_see_ge(pos, (xq_move)m, threshold);
}

static bool xq_d_in_check(const void *pos)
{
    const xq_pos *p = pos;
    return xq_in_check(p, p->side);
}

/* Passing is sound while the side to move has a chariot, horse or cannon: with only
 * pawns, advisors and elephants left, zugzwang is real (the general must step into a
 * line) and the null move would hide it.  The pass flips the side and its hash key. */
static bool xq_d_play_null(void *pos, void *undo)
{
    xq_pos *p = pos;
    const uint8_t *slots = p->slot_sq + (p->side == XQ_RED ? 0 : 16);
    bool strong = false;
    for (int i = 5; i <= 10 && !strong; i++) strong = slots[i] != XQ_NO_SQ;
    if (!strong) return false;
    xq_undo *u = undo;
    u->hash = p->hash;
    u->halfmove = p->halfmove;
    u->captured = 0;
    u->cap_slot = -1;
    p->side = (xq_side)(p->side ^ 1);
    p->hash ^= xq_tab.zob_side;
    return true;
}

static void xq_d_unplay_null(void *pos, const void *undo)
{
    xq_pos *p = pos;
    const xq_undo *u = undo;
    p->side = (xq_side)(p->side ^ 1);
    p->hash = u->hash;
    p->halfmove = u->halfmove;
}

static uint64_t xq_d_hash(const void *pos)
{
    return ((const xq_pos *)pos)->hash;
}

/* xq_pos_set builds every derived field, the hash included, from the board alone. */
static uint64_t xq_d_hash_scratch(const void *pos)
{
    const xq_pos *p = pos;
    xq_pos q;
    char err[128];
    if (xq_pos_set(&q, p->sq, p->side, p->halfmove, p->fullmove, err, sizeof err) != 0) return ~p->hash;
    return q.hash;
}

static int xq_d_move_to_text(const void *pos, bo_move m, char *buf, size_t n)
{
    (void)pos;
    char s[5];
    xq_move_name((xq_move)m, s);
    return snprintf(buf, n, "%s", s) < (int)n ? 0 : -1;
}

/* ICCS with or without the dash ("h2e2", "h2-e2"), any case. */
static int xq_d_move_from_text(const void *pos, const char *text, bo_move *m, char *err, size_t errlen)
{
    char a[3] = {0}, b[3] = {0};
    size_t n = strlen(text);
    if (n == 5 && text[2] == '-') { memcpy(a, text, 2); memcpy(b, text + 3, 2); }
    else if (n == 4) { memcpy(a, text, 2); memcpy(b, text + 2, 2); }
    else { snprintf(err, errlen, "'%s' is not an ICCS move (like h2e2)", text); return -1; }
    for (int i = 0; i < 2; i++) { a[i] = (char)(a[i] | (i == 0 ? 0x20 : 0)); b[i] = (char)(b[i] | (i == 0 ? 0x20 : 0)); }
    int from = xq_square_parse(a), to = xq_square_parse(b);
    if (from < 0 || to < 0) { snprintf(err, errlen, "'%s' is not an ICCS move (like h2e2)", text); return -1; }
    xq_move mv = XQ_MOVE(from, to);
    char why[160];
    const char *reason = xq_illegal_reason(pos, mv, why, sizeof why);
    if (reason) { snprintf(err, errlen, "%s is illegal: %s", text, reason); return -1; }
    *m = mv;
    return 0;
}

static int xq_d_evaluate(const void *pos)
{
    return xq_evaluate(pos);
}

static int xq_d_evaluate_with(const void *pos, const int *w)
{
    return xq_evaluate_with(pos, w);
}

static int xq_d_features(const void *pos, bo_feature *out)
{
    return xq_eval_features(pos, out);
}

/* An earlier model's weight NAME among the first N of xiangqi-terms-3 (each model grew
 * at its end: xiangqi-terms-1 is the 80 terms, -2 those and the tables), the rest of an
 * old file's model read 0. */
static int xq_d_old_weight_in(const char *name, int n, int *out)
{
    for (int i = 0; i < n; i++)
        if (strcmp(xq_eval_names[i], name) == 0) { out[0] = i; return 1; }
    return 0;
}

static int xq_d_terms1_weight(const char *name, int *out)
{
    return xq_d_old_weight_in(name, XQ_EVAL_NTERMS, out);
}

static int xq_d_terms2_weight(const char *name, int *out)
{
    return xq_d_old_weight_in(name, XQ_W_THREAT, out);
}

/* The evaluation's terms, piece-square tables and threat terms (xq_eval.h) as trainable
 * weights (xiangqi-terms-3; a xiangqi-terms-2 file gives the terms and tables, its
 * threat terms 0, a xiangqi-terms-1 file the terms alone); the features by
 * xq_eval_features: the evaluation is linear in its weights. */
static const bo_eval_model xq_eval_model = {
    .id = "xiangqi-terms-3",
    .old = {{.id = "xiangqi-terms-2", .weight = xq_d_terms2_weight, .nweights = XQ_W_THREAT},
            {.id = "xiangqi-terms-1", .weight = xq_d_terms1_weight, .nweights = XQ_EVAL_NTERMS}},
    .features = xq_d_features,
    .nweights = XQ_EVAL_NWEIGHTS,
    .names = xq_eval_names,
    .defaults = xq_eval_default,
    .evaluate_with = xq_d_evaluate_with,
};

static uint64_t xq_d_perft(const void *pos, int depth)
{
    xq_pos q = *(const xq_pos *)pos;
    return xq_perft(&q, depth);
}

const bo_game xq_game_desc = {
    .name = "xiangqi",
    .rule_sets = rule_sets,
    .players = 2,
    .player_names = {"red", "black"},
    .flags = 0,
    .pos_size = sizeof(xq_pos),
    .undo_size = sizeof(xq_undo),
    .max_moves = XQ_MAX_MOVES,
    .start = xq_d_start,
    .from_text = xq_d_from_text,
    .to_text = xq_d_to_text,
    .to_move = xq_d_to_move,
    .legal = xq_d_legal,
    .chance = NULL,
    .play = xq_d_play,
    .unplay = xq_d_unplay,
    .result = xq_d_result,
    .hash = xq_d_hash,
    .hash_scratch = xq_d_hash_scratch,
    .move_to_text = xq_d_move_to_text,
    .move_from_text = xq_d_move_from_text,
    .evaluate = xq_d_evaluate,
    .perft = xq_d_perft,
    .ending = xq_d_ending,
    .noisy = xq_d_noisy,
    .in_check = xq_d_in_check,
    .order = xq_d_order,
    .play_null = xq_d_play_null,
    .unplay_null = xq_d_unplay_null,
    .see_ge = xq_d_see_ge,
    .search_flags = BO_SEARCH_CHECK_IN_LINE | BO_SEARCH_PERPETUAL_LOSES | BO_SEARCH_IMPROVING
                  | BO_SEARCH_KEEP_HISTORY,   /* BO_SEARCH_QS_TABLE: not shown at equal time (docs/engine-xiangqi.md) */
    .eval_model = &xq_eval_model,
};
