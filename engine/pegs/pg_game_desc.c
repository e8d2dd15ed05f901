/* pg_game_desc.c -- peg solitaire through the game descriptor (engine/core/game.h).
 *
 * A one-player puzzle (players = 1): the position value is pg_pos (the peg mask, the
 * board, the goal hole, the hash); a move is one jump, from | direction << 6 | 0x100
 * (a chain of jumps by one peg is several descriptor moves, one move of the notation).
 * result(): BO_END_SOLVED when one peg is left (at the goal, if set), BO_END_STUCK when
 * no jump is left short of that; returns[0] = minus the pegs left; winner -1.
 * The rule sets are the boards (english is the default); the start is the board with
 * only its centre empty and the goal at the centre (RULES.md 9, the classic game).
 * The game's engine is the solver: a solving line where there is one (win_rate 1, the
 * score -100: one peg left at the line's end; a two-player "mate in N" would misread a
 * puzzle), else a proof there is none (win_rate 0, the first legal jump as the move,
 * the score minus 100 per peg on the board). */
#include <stdio.h>
#include <string.h>

#include "core.h"
#include "game.h"
#include "pegs.h"
#include "search.h"

static const char *const rule_sets[] = {"english", "french", "diamond41", "wiegleb45", NULL};

static int board_of(const char *rules, char *err, size_t errlen)
{
    int k = pg_board_find(rules ? rules : "english");
    if (k < 0) return bo_fail(err, errlen, "no board '%s' (boards: %s)", rules, pg_board_names());
    return k;
}

static int pg_d_start(void *pos, const char *rules, char *err, size_t errlen)
{
    int k = board_of(rules, err, errlen);
    if (k < 0) return -1;
    const pg_board *b = pg_board_get(k);
    pg_pos_set(pos, k, b->full & ~(1ull << b->centre), b->centre);
    return 0;
}

static int pg_d_from_text(void *pos, const char *rules, const char *text, char *err, size_t errlen)
{
    if (rules && board_of(rules, err, errlen) < 0) return -1;
    return pg_pos_from_text(pos, rules, text, err, errlen);
}

static void pg_d_to_text(const void *pos, char *buf, size_t n) { pg_pos_to_text(pos, buf, n); }

static int pg_d_legal(const void *pos, bo_move *out) { return pg_legal(pos, out); }

static int pg_d_to_move(const void *pos)
{
    bo_move m[PG_MAX_JUMPS];
    return pg_legal(pos, m) > 0 ? 0 : BO_PLAYER_TERMINAL;
}

/* The history is not needed (no repetition: every jump removes a peg), only kept. */
static void pg_d_play(void *pos, bo_move m, void *undo, bo_hist *h)
{
    (void)undo;
    pg_play(pos, m);
    if (h) bo_hist_push(h, ((pg_pos *)pos)->hash, BO_PLY_IRREVERSIBLE);
}

static void pg_d_unplay(void *pos, bo_move m, const void *undo, bo_hist *h)
{
    (void)undo;
    pg_unplay(pos, m);
    if (h) bo_hist_pop(h);
}

static bo_result pg_d_result(const void *pos, const bo_hist *h)
{
    (void)h;
    bo_result r = {BO_END_NONE, -1, {0, 0}};
    if (pg_d_to_move(pos) != BO_PLAYER_TERMINAL) return r;
    const pg_pos *p = pos;
    r.how = pg_solved(p) ? BO_END_SOLVED : BO_END_STUCK;
    r.returns[0] = -(double)pg_count(p->pegs);
    return r;
}

static uint64_t pg_d_hash(const void *pos) { return ((const pg_pos *)pos)->hash; }
static uint64_t pg_d_hash_scratch(const void *pos) { return pg_hash_scratch(pos); }

static int pg_d_move_to_text(const void *pos, bo_move m, char *buf, size_t n) { return pg_move_to_text(pos, m, buf, n); }

static int pg_d_move_from_text(const void *pos, const char *text, bo_move *m, char *err, size_t errlen)
{
    return pg_move_from_text(pos, text, m, err, errlen);
}

/* Fewer pegs is better (the puzzle's return is minus the pegs left). */
static int pg_d_evaluate(const void *pos)
{
    const pg_pos *p = pos;
    return -100 * pg_count(p->pegs);
}

static uint64_t perft(pg_pos *p, int depth)
{
    uint32_t m[PG_MAX_JUMPS];
    if (depth == 0) return 1;
    int n = pg_legal(p, m);
    if (depth == 1) return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pg_play(p, m[i]);
        total += perft(p, depth - 1);
        pg_unplay(p, m[i]);
    }
    return total;
}

static uint64_t pg_d_perft(const void *pos, int depth)
{
    pg_pos p = *(const pg_pos *)pos;
    return perft(&p, depth);
}

/* The descriptor's solver: a solution from here, or the proof that none exists. */
static int pg_d_solver_run(const void *pos, int depth, uint64_t nodes, bo_solution *out, char *err, size_t errlen)
{
    (void)depth;
    const pg_pos *p = pos;
    memset(out, 0, sizeof *out);
    pg_line line;
    pg_stats st = {.node_limit = nodes, .beam_width = PG_BEAM_WIDTH_DEFAULT};
    int rc = pg_solve(pg_board_get(p->board), p->pegs, p->goal, &line, &st, err, errlen);
    if (rc < 0) return -1;
    out->nodes = st.nodes;
    if (rc == 2) { out->budget_out = 1; return 0; }
    out->found = 1;
    out->value = rc == 1 ? 1 : -1;
    if (rc == 1) {
        out->len = out->plies = line.n;
        memcpy(out->line, line.jumps, (size_t)line.n * sizeof line.jumps[0]);
    }
    return 0;
}

static const bo_solver solvers[] = {
    {"pegs", "a jump sequence to one peg at the goal, or the proof that none exists (DFS with a dead-position memo)",
     pg_d_solver_run},
    {NULL, NULL, NULL},
};

/* analyse, annotate, engine: the solver's line from here (the node limit of LIM bounds
 * it; past it, the first jump with no claim). */
static int pg_d_engine(const bo_game *g, const void *pos, const bo_hist *line, const bo_limits *lim, bo_tt *tt,
                       void (*on_info)(void *ctx, const bo_search_info *info), void *ctx, bo_search_info *out,
                       char *err, size_t errlen)
{
    (void)g; (void)line; (void)tt;
    const pg_pos *p = pos;
    uint32_t moves[PG_MAX_JUMPS];
    int n = pg_legal(p, moves);
    if (n == 0) return bo_fail(err, errlen, "no legal jump: the puzzle is over");
    bo_solution sol;
    if (pg_d_solver_run(pos, 0, lim ? lim->nodes : 0, &sol, err, errlen) != 0) return -1;
    memset(out, 0, sizeof *out);
    out->nodes = sol.nodes;
    out->win_rate = -1;
    out->pv[0] = moves[0];
    out->pvlen = 1;
    out->score = pg_d_evaluate(pos);
    if (sol.found && sol.value > 0) {
        out->pvlen = sol.len < BO_MAX_PLY ? sol.len : BO_MAX_PLY;
        memcpy(out->pv, sol.line, (size_t)out->pvlen * sizeof out->pv[0]);
        out->score = -100;   /* one peg left at the end of the line */
        out->win_rate = 1;
    } else if (sol.found) {
        out->win_rate = 0;
    }
    out->depth = out->seldepth = out->pvlen;
    if (on_info) on_info(ctx, out);
    return 0;
}

const bo_game pg_game_desc = {
    .name = "pegs",
    .rule_sets = rule_sets,
    .players = 1,
    .player_names = {"solver", NULL},
    .flags = 0,
    .pos_size = sizeof(pg_pos),
    .undo_size = 1,
    .max_moves = 4 * 45,
    .start = pg_d_start,
    .from_text = pg_d_from_text,
    .to_text = pg_d_to_text,
    .to_move = pg_d_to_move,
    .legal = pg_d_legal,
    .play = pg_d_play,
    .unplay = pg_d_unplay,
    .result = pg_d_result,
    .hash = pg_d_hash,
    .hash_scratch = pg_d_hash_scratch,
    .move_to_text = pg_d_move_to_text,
    .move_from_text = pg_d_move_from_text,
    .evaluate = pg_d_evaluate,
    .perft = pg_d_perft,
    .solvers = solvers,
    .engine = pg_d_engine,
    .ignored_limits = BO_LIMIT_DEPTH | BO_LIMIT_TIME,
    .limits_note = "the exact solver: nodes= bounds the positions it visits; it has no depth or time limit",
};
