/* sp_game.c -- one self-play game: an opening, then moves from two players until the
 * game's own rules end it (through the descriptor's result and the line history), the
 * ply cap draws it, or adjudication does.
 *
 * Determinism: every random choice (random plies, the random player, chance outcomes)
 * draws from one generator seeded by the game's seed (a game's own player kind gets a
 * seed per game and player derived from it, beside that stream); searches run on one
 * thread with tables cleared at the start of each game, so with depth or node limits a
 * game is a function of its seed and settings alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core.h"
#include "sp_engine.h"
#include "sp_game.h"
#include "sp_swap2.h"

struct sp_worker {
    double search_seconds;
    int64_t clock_left[2];    /* a clocked player's time left in this game, ms */
    int moves_made[2];    /* CPU time spent inside the searches (runner overhead) */
    const bo_game *g;
    sp_player p[2];           /* [0] = A, [1] = B */
    bo_tt *tt[2];
    sp_engine *eng[2];        /* outside engines (NULL for boyi's own players) */
    bo_hist hist;
    BO_ALIGNED unsigned char start[BO_POS_MAX];   /* this game's start, for the engines */
    bo_move *line;            /* this game's moves so far, for the engines */
    int line_cap;
    uint64_t game_seed;       /* this game's seed (the game's own players draw from it) */
    char kind_err[160];       /* why a game's own player gave no move ("" when it said nothing) */
};

double sp_worker_search_seconds(const sp_worker *w) { return w->search_seconds; }

/* splitmix64: a tiny generator whose whole state is one word, so a game's stream
 * depends on its seed alone. */
static uint64_t next_random(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Uniform in [0, n) without modulo bias. */
static int random_below(uint64_t *s, int n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % (uint64_t)n;
    uint64_t r;
    do r = next_random(s);
    while (r >= limit);
    return (int)(r % (uint64_t)n);
}

uint64_t sp_game_seed(uint64_t batch_seed, long index)
{
    uint64_t s = batch_seed ^ (UINT64_C(0xD1B54A32D192ED03) * (uint64_t)(index + 1));
    return next_random(&s);
}

const char *sp_end_name(bo_end how)
{
    switch (how) {
    case BO_END_MATE: return "checkmate";
    case BO_END_NO_MOVE: return "no legal move";
    case BO_END_FIVE: return "five in a row";
    case BO_END_FOUL: return "foul";
    case BO_END_REPETITION: return "repetition";
    case BO_END_PERPETUAL: return "perpetual check";
    case BO_END_RULE_LIMIT: return "move-count rule";
    case BO_END_FULL_BOARD: return "full board";
    case BO_END_GOAL: return "goal reached";
    case BO_END_ALL_CAPTURED: return "all pieces captured";
    case BO_END_FLAG: return "flag captured";
    case BO_END_SOLVED: return "solved";
    case BO_END_STUCK: return "stuck";
    default: return "unfinished";
    }
}

void sp_worker_instance(sp_worker *w, int k)
{
    for (int i = 0; i < 2; i++)
        if (w->eng[i]) sp_engine_instance(w->eng[i], k);
}

sp_worker *sp_worker_new(const bo_game *g, const sp_player *a, const sp_player *b)
{
    sp_worker *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->g = g;
    w->p[0] = *a;
    w->p[1] = *b;
    for (int i = 0; i < 2; i++) {
        if (w->p[i].engine) {
            w->eng[i] = sp_engine_new(w->p[i].engine, g);
            if (!w->eng[i]) { sp_worker_free(w); return NULL; }
            continue;
        }
        if (w->p[i].random) continue;
        w->tt[i] = bo_tt_new(w->p[i].hash_mb > 0 ? (size_t)w->p[i].hash_mb : 4);
        if (!w->tt[i]) { sp_worker_free(w); return NULL; }
    }
    if (bo_hist_init(&w->hist, 4096) != 0) { sp_worker_free(w); return NULL; }
    return w;
}

void sp_worker_free(sp_worker *w)
{
    if (!w) return;
    for (int i = 0; i < 2; i++) bo_tt_free(w->tt[i]);
    for (int i = 0; i < 2; i++) sp_engine_free(w->eng[i]);
    free(w->line);
    bo_hist_free(&w->hist);
    free(w);
}

void sp_played_free(sp_played *p)
{
    free(p->moves);
    p->moves = NULL;
    p->nmoves = p->cap = 0;
}

/* What a move's choice cost and showed, kept for the record's move comments. */
typedef struct choice_info {
    int depth;
    int ms;                   /* -1: no search (book, chance, random) */
} choice_info;

static int push_move(sp_played *out, bo_move m, int mover, int eval, bool searched, bool book, choice_info ci)
{
    if (out->nmoves == out->cap) {
        int cap = out->cap ? out->cap * 2 : 128;
        sp_move_rec *mv = realloc(out->moves, (size_t)cap * sizeof *mv);
        if (!mv) return -1;
        out->moves = mv;
        out->cap = cap;
    }
    if (eval > 32000) eval = 32000;
    if (eval < -32000) eval = -32000;
    out->moves[out->nmoves++] = (sp_move_rec){m, (int16_t)eval, (int8_t)searched, (int8_t)book, (int8_t)mover,
                                                 (int16_t)(ci.depth > 32767 ? 32767 : ci.depth), ci.ms};
    return 0;
}

/* A chance node's outcome, drawn by its probabilities. */
static bo_move draw_chance(const bo_game *g, const void *pos, uint64_t *rng)
{
    bo_move out[BO_MOVES_MAX];
    double prob[BO_MOVES_MAX];
    int n = g->chance(pos, out, prob);
    double r = (double)(next_random(rng) >> 11) * 0x1.0p-53, acc = 0;
    for (int i = 0; i < n; i++) {
        acc += prob[i];
        if (r < acc) return out[i];
    }
    return out[n - 1];
}

/* The moves a random opening ply picks from: the game's candidates where it has them
 * (Gomoku: points near the stones), else every legal move. */
static int opening_moves(const bo_game *g, const void *pos, bo_move *out)
{
    return g->candidates ? g->candidates(pos, out) : g->legal(pos, out);
}

/* Play M on POS and record it in the line history. */
static void play(sp_worker *w, void *pos, bo_move m)
{
    BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
    w->g->play(pos, m, undo, &w->hist);
}

/* The set-up moves of OPENING, or K random plies that leave a position nobody has
 * already won (a shallow search says so; else the plies are drawn again). */
static int play_opening(sp_worker *w, void *pos, const char *rules, const sp_opening *op, int k,
                        uint64_t *rng, sp_played *out, char *err, size_t errlen)
{
    const bo_game *g = w->g;
    if (op) {
        if (op->position ? g->from_text(pos, rules, op->position, err, errlen) : g->start(pos, rules, err, errlen))
            return -1;
        bo_hist_reset(&w->hist, g->hash(pos));
        g->to_text(pos, out->start, sizeof out->start);
        for (int i = 0; i < op->nmoves; i++) {
            bo_move m;
            if (g->move_from_text(pos, op->moves[i], &m, err, errlen) != 0) return -1;
            if (push_move(out, m, g->to_move(pos), 0, false, true, (choice_info){0, -1}) != 0) return bo_fail(err, errlen, "out of memory");
            play(w, pos, m);
        }
        return 0;
    }
    BO_ALIGNED unsigned char first[BO_POS_MAX];
    if (g->start(first, rules, err, errlen) != 0) return -1;
    g->to_text(first, out->start, sizeof out->start);
    for (int attempt = 0; attempt < 100; attempt++) {
        memcpy(pos, first, g->pos_size);
        bo_hist_reset(&w->hist, g->hash(pos));
        out->nmoves = 0;
        bool ended = false;
        for (int i = 0; i < k && !ended; i++) {
            bo_move moves[BO_MOVES_MAX];
            int side = g->to_move(pos);
            bo_move m;
            if (side == BO_PLAYER_CHANCE) {
                m = draw_chance(g, pos, rng);
            } else {
                int n = opening_moves(g, pos, moves);
                if (n == 0) { ended = true; break; }
                m = moves[random_below(rng, n)];
            }
            if (push_move(out, m, side, 0, false, true, (choice_info){0, -1}) != 0) return bo_fail(err, errlen, "out of memory");
            play(w, pos, m);
            ended = g->result(pos, &w->hist).how != BO_END_NONE;
        }
        if (ended) continue;
        if (g->to_move(pos) < 0 || k == 0) return 0;   /* no plies: the rules' own start */
        /* Nobody may have a win already: a shallow search of the side to move finds
         * fives, mates and captures that decide at once (deeper forced wins are the
         * players' business). */
        bo_limits lim = {.depth = 2};
        bo_search_info info;
        bo_tt *tt = w->tt[0] ? w->tt[0] : w->tt[1];
        if (!tt) return 0;   /* random against random: any opening will do */
        bo_tt_clear(tt);
        char serr[128];
        if (bo_search(g, pos, &w->hist, &lim, tt, NULL, NULL, &info, serr, sizeof serr) != 0) continue;
        if (info.win_plies == 0) return 0;
    }
    return bo_fail(err, errlen, "no random opening of %d plies without a won position in 100 tries", k);
}

/* Keep the runner's clock of player WHO after a move that took SECONDS. */
static void spend(sp_worker *w, int who, double seconds, bool *flagged)
{
    const sp_player *p = &w->p[who];
    if (p->clock_ms <= 0) return;
    w->clock_left[who] -= (int64_t)(seconds * 1000.0);
    if (w->clock_left[who] < 0) *flagged = true;
    w->clock_left[who] += p->inc_ms;
    if (p->moves_to_go > 0 && ++w->moves_made[who] % p->moves_to_go == 0) w->clock_left[who] += p->clock_ms;
}

/* An outside engine's move; -2 with out->fault when it failed (it loses). */
static int engine_choose(sp_worker *w, int who, const void *pos, sp_played *out, bo_move *m, int *eval,
                         bool *searched, bool *flagged, choice_info *ci)
{
    const sp_player *p = &w->p[who];
    if (out->nmoves > w->line_cap) {
        int cap = out->nmoves + 256;
        bo_move *l = realloc(w->line, (size_t)cap * sizeof *l);
        if (!l) return -1;
        w->line = l;
        w->line_cap = cap;
    }
    for (int i = 0; i < out->nmoves; i++) w->line[i] = out->moves[i].move;
    sp_engine_limits lim = {.depth = p->depth, .nodes = p->nodes, .movetime_ms = p->movetime_ms, .inc_ms = p->inc_ms};
    if (p->clock_ms > 0) {
        int done = w->moves_made[who] % (p->moves_to_go > 0 ? p->moves_to_go : 1 << 30);
        lim.clock_ms[0] = w->clock_left[who] > 1 ? w->clock_left[who] : 1;
        lim.clock_ms[1] = w->clock_left[1 - who] > 1 ? w->clock_left[1 - who] : 1;
        lim.moves_to_go = p->moves_to_go > 0 ? p->moves_to_go - done : 0;
    }
    if (!lim.depth && !lim.nodes && !lim.movetime_ms && !lim.clock_ms[0]) lim.depth = 1;
    /* the move with the engine's reports read in full: its score normalised as
       annotate --engine reads it (every protocol; sp_engine.h), for the records'
       notes, adjudication and the training data */
    sp_engine_analysis an = {.play = true};
    if (sp_engine_analyse(w->eng[who], w->start, w->line, out->nmoves, pos, &lim, &an, out->fault,
                          sizeof out->fault) != 0) {
        for (char *c = out->fault; *c; c++) if (*c == '\t' || *c == '\n' || *c == '\r') *c = ' ';
        return -2;
    }
    *m = an.best;
    *eval = sp_engine_line_score(&an.line[0]);
    spend(w, who, an.seconds, flagged);
    ci->ms = (int)(an.seconds * 1000.0 + 0.5);
    ci->depth = an.line[0].depth > 0 ? an.line[0].depth : sp_engine_last_depth(w->eng[who]);
    *searched = an.line[0].scored;
    return 0;
}

/* The seed of player WHO's moves in the game seeded SEED: one per game and player, the
 * kind's contract (game.h), drawn aside so that the game's own stream is untouched. */
static uint64_t kind_seed(uint64_t seed, int who)
{
    uint64_t s = seed ^ (UINT64_C(0x6A09E667F3BCC909) * (uint64_t)(who + 1));
    return next_random(&s);
}

/* One of the game's own players (bo_game.player_kinds): its move and, where it
 * searched, its score.  -1 when it found none. */
static int kind_choose(sp_worker *w, int who, const void *pos, bo_move *m, int *eval, bool *searched,
                       choice_info *ci)
{
    const sp_player *p = &w->p[who];
    bo_search_info info;
    double t0 = bo_clock_seconds(CLOCK_THREAD_CPUTIME_ID);
    w->kind_err[0] = 0;
    int rc = p->kind->move(w->g, p->params, pos, &w->hist, kind_seed(w->game_seed, who), w->tt[who],
                           &info, w->kind_err, sizeof w->kind_err);
    w->search_seconds += bo_clock_seconds(CLOCK_THREAD_CPUTIME_ID) - t0;
    if (rc != 0 || info.pvlen == 0) return -1;
    *m = info.pv[0];
    if (info.depth > 0) {
        *eval = info.score;
        *searched = true;
        ci->depth = info.depth;
    }
    return 0;
}

/* The mover's choice: a random legal move, or the search's best under its limits. */
static int choose(sp_worker *w, int who, const void *pos, uint64_t *rng, sp_played *out, bo_move *m, int *eval,
                  bool *searched, bool *flagged, choice_info *ci)
{
    const bo_game *g = w->g;
    *searched = false;
    *eval = 0;
    if (w->eng[who]) return engine_choose(w, who, pos, out, m, eval, searched, flagged, ci);
    if (w->p[who].random) {
        bo_move moves[BO_MOVES_MAX];
        int n = g->legal(pos, moves);
        if (n == 0) return -1;
        *m = moves[random_below(rng, n)];
        return 0;
    }
    const sp_player *p = &w->p[who];
    if (p->kind) return kind_choose(w, who, pos, m, eval, searched, ci);
    bo_limits lim = {.depth = p->depth, .nodes = p->nodes, .movetime_ms = p->movetime_ms, .eval = p->eval};
    if (p->clock_ms > 0) {
        int done = w->moves_made[who] % (p->moves_to_go > 0 ? p->moves_to_go : 1 << 30);
        lim.clock_ms = w->clock_left[who] > 1 ? w->clock_left[who] : 1;
        lim.inc_ms = p->inc_ms;
        lim.moves_to_go = p->moves_to_go > 0 ? p->moves_to_go - done : 0;
    }
    if (!lim.depth && !lim.nodes && !lim.movetime_ms && !lim.clock_ms) lim.depth = 1;
    double wall0 = bo_now_seconds();
    bo_search_info info;
    char err[128];
    double t0 = bo_clock_seconds(CLOCK_THREAD_CPUTIME_ID);
    int rc = bo_search(g, pos, &w->hist, &lim, w->tt[who], NULL, NULL, &info, err, sizeof err);
    w->search_seconds += bo_clock_seconds(CLOCK_THREAD_CPUTIME_ID) - t0;
    if (rc != 0 || info.pvlen == 0) return -1;
    double used = bo_now_seconds() - wall0;
    spend(w, who, used, flagged);   /* the runner keeps the clock */
    /* a time only where time limits the search: a depth or node limit plays the same
     * game every time, and its record must not differ by the machine's speed */
    ci->ms = p->movetime_ms > 0 || p->clock_ms > 0 ? (int)(used * 1000.0 + 0.5) : -1;
    ci->depth = info.depth;
    *m = info.pv[0];
    *eval = info.score;
    *searched = true;
    return 0;
}

/* Adjudication over the last moves' evaluations (each from its mover's view). */
static const char *adjudicate(const sp_adjudication *adj, const sp_played *out, int *winner_first)
{
    int n = out->nmoves;
    if (adj->resign_moves > 0 && n >= 2 * adj->resign_moves) {
        /* Both players agree the side that moved last is lost (or won) by far. */
        int loser_side = -1;
        bool agree = true;
        for (int i = n - 2 * adj->resign_moves; i < n && agree; i++) {
            const sp_move_rec *r = &out->moves[i];
            if (!r->searched) { agree = false; break; }
            int mover = r->mover;   /* 0: the first player moved */
            int v = r->eval;
            int side = v <= -adj->resign_score ? mover : v >= adj->resign_score ? 1 - mover : -2;
            if (side == -2 || (loser_side >= 0 && side != loser_side)) agree = false;
            loser_side = side;
        }
        if (agree && loser_side >= 0) {
            *winner_first = loser_side == 0 ? 0 : 1;
            return "adjudication: resign";
        }
    }
    if (adj->draw_moves > 0 && n >= adj->draw_plies && n >= 2 * adj->draw_moves) {
        bool quiet = true;
        for (int i = n - 2 * adj->draw_moves; i < n && quiet; i++)
            quiet = out->moves[i].searched && abs(out->moves[i].eval) <= adj->draw_score;
        if (quiet) { *winner_first = -1; return "adjudication: draw"; }
    }
    return NULL;
}

/* One player's swap2 decision at NST stones: an outside engine's over SWAP2BOARD, or
 * boyi's own (sp_swap2.c) under the player's limits.  0, -2 with out->fault (the
 * engine failed), or -1. */
static int swap2_decide(sp_worker *w, int who, const void *pos, sp_played *out, int nst, sp_swap2_answer *a, char *err,
                        size_t errlen)
{
    const sp_player *p = &w->p[who];
    int64_t ms = p->movetime_ms > 0 ? p->movetime_ms : p->clock_ms > 0 ? w->clock_left[who] / 20 : 1000;
    if (w->eng[who]) {
        for (int i = 0; i < out->nmoves; i++) w->line[i] = out->moves[i].move;
        return sp_engine_swap2(w->eng[who], w->start, w->line, nst, pos, ms, a, out->fault, sizeof out->fault) == 0 ? 0 : -2;
    }
    bo_limits lim = {.depth = p->depth, .nodes = p->nodes, .movetime_ms = p->clock_ms > 0 ? ms : p->movetime_ms,
                     .eval = p->eval};
    if (!lim.depth && !lim.nodes && !lim.movetime_ms) lim.depth = 1;
    return sp_swap2_choose(w->g, NULL, pos, nst, &lim, w->tt[who], a, err, errlen);
}

/* The swap2 opening from the empty board: the player who would be black opens, the
 * other answers, the stones are played as book moves, and out->a_first says at the
 * end who took black.  0, -2 when a player's fault ended the game, or -1. */
static int swap2_opening(sp_worker *w, void *pos, const char *rules, sp_played *out, char *err, size_t errlen)
{
    if (out->nmoves != 0) return bo_fail(err, errlen, "the swap2 opening starts from the empty board: no --openings");
    /* Swap2 places the first stone anywhere, where renju's free opening binds it to the
     * centre: the position starts again under "RULES/swap2" where the game takes it. */
    char named[96], why[128];
    BO_ALIGNED unsigned char fresh[BO_POS_MAX];
    snprintf(named, sizeof named, "%s/swap2", rules ? rules : "");
    if (w->g->start(fresh, named, why, sizeof why) == 0) {
        memcpy(pos, fresh, w->g->pos_size);
        w->g->to_text(pos, out->start, sizeof out->start);   /* the record's start says so */
    }
    if (!w->line || w->line_cap < 8) {
        bo_move *l = realloc(w->line, 256 * sizeof *l);
        if (!l) return bo_fail(err, errlen, "out of memory");
        w->line = l;
        w->line_cap = 256;
    }
    int opener = out->a_first ? 0 : 1, black = opener;
    for (int step = 0; step < 3; step++) {
        int who = step == 1 ? 1 - opener : opener, nst = step * 2 + (step > 0);
        sp_swap2_answer a;
        int rc = swap2_decide(w, who, pos, out, nst, &a, err, errlen);
        if (rc == -2) {   /* the engine that failed loses, in the colours of the moment */
            out->a_first = black == 0;
            out->reason = out->fault;
            out->score_first = who == black ? 0.0 : 1.0;
            return -2;
        }
        if (rc != 0) return -1;
        if (a.swap) { black = step == 1 ? 1 - opener : opener; break; }
        for (int i = 0; i < a.n; i++) {
            if (push_move(out, a.m[i], w->g->to_move(pos), 0, false, true, (choice_info){0, -1}) != 0) return bo_fail(err, errlen, "out of memory");
            play(w, pos, a.m[i]);
        }
        if (step == 1 && a.n == 1) break;   /* stays white: the opener is black */
        if (step == 2) { black = 1 - opener; break; }   /* the opener placed the 6th stone: white */
    }
    out->a_first = black == 0;
    return 0;
}

int sp_play_game(sp_worker *w, const char *rules, const sp_opening *opening, int random_plies,
                 const sp_adjudication *adj, long index, uint64_t opening_seed, uint64_t seed, sp_played *out,
                 char *err, size_t errlen)
{
    const bo_game *g = w->g;
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    uint64_t orng = opening_seed, rng = seed;
    w->game_seed = seed;
    out->index = index;
    out->a_first = index % 2 == 0;
    out->nmoves = 0;
    out->reason = "unfinished";
    out->score_first = 0.5;
    out->abandoned = false;
    for (int i = 0; i < 2; i++) {
        if (w->tt[i]) bo_tt_clear(w->tt[i]);
        w->clock_left[i] = w->p[i].clock_ms;
        w->moves_made[i] = 0;
    }
    /* A pair's two games share the opening seed, so they start from the same plies. */
    if (play_opening(w, pos, rules, opening, random_plies, &orng, out, err, errlen) != 0) return -1;
    if (w->eng[0] || w->eng[1]) {
        if (g->from_text(w->start, rules, out->start, err, errlen) != 0) return -1;
        for (int i = 0; i < 2; i++) if (w->eng[i]) sp_engine_new_game(w->eng[i]);
    }
    if (adj->swap2) {
        int rc = swap2_opening(w, pos, rules, out, err, errlen);
        if (rc == -2) return 0;
        if (rc != 0) return -1;
    }
    int max_plies = adj->max_plies > 0 ? adj->max_plies : 1000;
    for (;;) {
        if (adj->stop && *adj->stop) {   /* interrupted: no result, the batch replays it on --resume */
            out->abandoned = true;
            out->reason = "abandoned (interrupted)";
            return 0;
        }
        bo_result r = g->result(pos, &w->hist);
        if (r.how != BO_END_NONE) {
            out->reason = sp_end_name(r.how);
            out->score_first = r.winner == 0 ? 1.0 : r.winner == 1 ? 0.0 : 0.5;
            return 0;
        }
        if (out->nmoves >= max_plies) {
            out->reason = "ply limit";
            out->score_first = 0.5;
            return 0;
        }
        int side = g->to_move(pos);
        bo_move m;
        int eval = 0;
        bool searched = false;
        choice_info ci = {0, -1};
        if (side == BO_PLAYER_CHANCE) {
            m = draw_chance(g, pos, &rng);
        } else {
            int who = (side == 0) == out->a_first ? 0 : 1;   /* 0: A */
            bool flagged = false;
            int rc = choose(w, who, pos, &rng, out, &m, &eval, &searched, &flagged, &ci);
            if ((rc == -2 || flagged) && adj->stop && *adj->stop) {   /* the stop cut the wait short: no result */
                out->abandoned = true;
                out->reason = "abandoned (interrupted)";
                return 0;
            }
            if (rc == -2) {   /* an outside engine failed: it loses, and says why */
                out->reason = out->fault;
                out->score_first = side == 0 ? 0.0 : 1.0;
                return 0;
            }
            if (rc != 0 && w->p[who].kind && rc == -1 && w->kind_err[0])   /* the player said why */
                return bo_fail(err, errlen, "game %ld: the player gave no move: %s", index, w->kind_err);
            if (rc != 0)
                return bo_fail(err, errlen, "game %ld: the player found no move in a position the rules say goes on", index);
            if (flagged) {   /* over its time: the move is not played, the game is lost */
                out->reason = "time forfeit";
                out->score_first = side == 0 ? 0.0 : 1.0;
                return 0;
            }
        }
        if (push_move(out, m, side, eval, searched, false, ci) != 0) return bo_fail(err, errlen, "out of memory");
        play(w, pos, m);
        int winner_first;
        const char *why = adjudicate(adj, out, &winner_first);
        if (why) {
            out->reason = why;
            out->score_first = winner_first == 1 ? 1.0 : winner_first == 0 ? 0.0 : 0.5;
            return 0;
        }
    }
}
