/* ng_game_desc.c -- NoGo through the game descriptor (engine/core/game.h).
 *
 * The position value is ng_pos; a move is its point + 1 (so that 0 stays "no move").
 * Only legal points are moves: a capture or a suicide is never in the legal list, and
 * the side to move with an empty list has lost (BO_END_NO_MOVE).  Every move is
 * irreversible (stones never leave), so no repetition can occur.  The engine is MCTS
 * (ng_engine.c); evaluate() is the legal-point difference, for the alpha-beta. */
#include "nogo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

/* The rule-set name, or the error naming the known ones. */
static int rules_or_fail(const char *rules, char *err, size_t errlen)
{
    int r = ng_rules_by_name(rules);
    if (r < 0) bo_fail(err, errlen, "unknown NoGo rules '%s' (ccgc, botzone)", rules);
    return r;
}

static int ng_d_start(void *pos, const char *rules, char *err, size_t errlen)
{
    int r = rules_or_fail(rules, err, errlen);
    if (r < 0) return -1;
    ng_start(pos, r);
    return 0;
}

static int ng_d_from_text(void *pos, const char *rules, const char *text, char *err, size_t errlen)
{
    int r = rules_or_fail(rules, err, errlen);
    if (r < 0) return -1;
    return ng_from_text(pos, r, text, err, errlen);
}

static void ng_d_to_text(const void *pos, char *buf, size_t n) { ng_to_text(pos, buf, n); }

static int ng_d_to_move(const void *pos) { return ((const ng_pos *)pos)->to_move; }

/* The legal set in point order. */
static int ng_d_legal(const void *pos, bo_move *out)
{
    int n = 0;
    for (ng_bits s = ng_legal_set(pos); s; s &= s - 1) out[n++] = (bo_move)ng_first(s) + 1;
    return n;
}

static void ng_d_play(void *pos, bo_move m, void *undo, bo_hist *h)
{
    ng_pos *p = pos;
    ng_play(p, (int)m - 1, undo);
    if (h) bo_hist_push(h, p->hash, BO_PLY_IRREVERSIBLE);
}

static void ng_d_unplay(void *pos, bo_move m, const void *undo, bo_hist *h)
{
    (void)m;
    ng_unplay(pos, undo);
    if (h) bo_hist_pop(h);
}

/* The side to move without a legal point has lost; nothing else ends the game. */
static bo_result ng_d_result(const void *pos, const bo_hist *h)
{
    (void)h;
    const ng_pos *p = pos;
    bo_result r = {BO_END_NONE, -1, {0, 0}};
    if (ng_legal_set(p)) return r;
    r.how = BO_END_NO_MOVE;
    r.winner = 1 - p->to_move;
    r.returns[r.winner] = 1;
    r.returns[p->to_move] = -1;
    return r;
}

static uint64_t ng_d_hash(const void *pos) { return ((const ng_pos *)pos)->hash; }
static uint64_t ng_d_hash_scratch(const void *pos) { return ng_hash_scratch(pos); }

static int ng_d_move_to_text(const void *pos, bo_move m, char *buf, size_t n)
{
    (void)pos;
    if (m < 1 || m > NG_POINTS) return -1;
    char t[4];
    ng_point_go((int)m - 1, t);
    snprintf(buf, n, "%s", t);
    return 0;
}

/* A point in any of the three notations: Go "E5", SGF "ee", Botzone "4 4" (or "4,4"). */
static int parse_point(const char *text)
{
    size_t len = strlen(text);
    while (len && (text[len - 1] == ' ' || text[len - 1] == '\n' || text[len - 1] == '\r')) len--;
    while (len && *text == ' ') { text++; len--; }
    if (len == 2 && text[1] >= '1' && text[1] <= '9') return ng_point_from_go(text, len);
    if (len == 2) return ng_point_from_sgf(text, len);
    if (len == 3 && text[0] >= '0' && text[0] <= '8' && (text[1] == ' ' || text[1] == ',') && text[2] >= '0'
        && text[2] <= '8')
        return (text[2] - '0') * NG_SIZE + (text[0] - '0');
    return -1;
}

static int ng_d_move_from_text(const void *pos, const char *text, bo_move *m, char *err, size_t errlen)
{
    const ng_pos *p = pos;
    int point = parse_point(text);
    if (point < 0)
        return bo_fail(err, errlen, "'%s' is not a point of the 9x9 board (E5, SGF ee, or Botzone '4 4')", text);
    ng_bits killed = 0;
    char at[4], g[4];
    ng_point_go(point, at);
    switch (ng_check(p, point, &killed)) {
    case NG_OK: break;
    case NG_OCCUPIED: return bo_fail(err, errlen, "%s is occupied", at);
    case NG_CENTRE_FIRST: return bo_fail(err, errlen, "black's first stone may not go on the centre E5 (botzone rules)");
    case NG_CAPTURE:
        ng_point_go(ng_first(killed), g);
        return bo_fail(err, errlen, "%s captures the %d-stone %s group at %s: a capture loses", at, ng_popcount(killed),
                       p->to_move ? "black" : "white", g);
    case NG_SUICIDE: return bo_fail(err, errlen, "%s is suicide (its %d-stone group would have no liberty)", at, ng_popcount(killed));
    }
    *m = (bo_move)point + 1;
    return 0;
}

/* Mobility: the side to move's legal points minus the other's, ten per point. */
static int ng_d_evaluate(const void *pos)
{
    const ng_pos *p = pos;
    return 10 * (ng_popcount(ng_legal_set_for(p, p->to_move)) - ng_popcount(ng_legal_set_for(p, 1 - p->to_move)));
}

static uint64_t ng_d_perft(const void *pos, int depth)
{
    ng_pos copy = *(const ng_pos *)pos;
    return ng_perft(&copy, depth);
}

const bo_game ng_game_desc = {
    .name = "nogo",
    .rule_sets = ng_rule_names,
    .players = 2,
    .player_names = {"black", "white"},
    .flags = 0,
    .pos_size = sizeof(ng_pos),
    .undo_size = sizeof(ng_undo),
    .max_moves = NG_POINTS,
    .start = ng_d_start,
    .from_text = ng_d_from_text,
    .to_text = ng_d_to_text,
    .to_move = ng_d_to_move,
    .legal = ng_d_legal,
    .play = ng_d_play,
    .unplay = ng_d_unplay,
    .result = ng_d_result,
    .hash = ng_d_hash,
    .hash_scratch = ng_d_hash_scratch,
    .move_to_text = ng_d_move_to_text,
    .move_from_text = ng_d_move_from_text,
    .evaluate = ng_d_evaluate,
    .perft = ng_d_perft,
    .engine = ng_engine,
    .ignored_limits = BO_LIMIT_DEPTH,
    .limits_note = "MCTS: nodes= counts playouts (default 10000), movetime= and tc= bound the time; it has no depth",
    .player_kinds = ng_player_kinds,
};
