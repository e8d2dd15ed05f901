/* annotate_search.c -- the analysis half of `boyi annotate`: every position of a
 * game's main line searched under a fixed limit, by a pool of workers that take
 * the games in order.  Each worker has its own table, cleared at the start of
 * each game, and searches with one thread: a game's figures depend on the game
 * alone, never on which worker took it or when, so `-j N` writes what `-j 1`
 * writes.  With --engine each worker asks its own outside-engine process instead
 * (selfplay/sp_engine.h), kept across games; a position it fails twice at is left
 * without analysis, nothing else lost.
 *
 * A move is judged against the best move by one limit at one position: the position
 * before it is searched (the best move and its score), and where the move played is
 * not the best one, the move played is searched alone from the same position under
 * the same limit (an_played: boyi's search with the other root moves skipped, UCI's
 * `searchmoves`, or a line of the same MultiPV search).  The loss is the difference of
 * the two expected scores: no comparison of two positions searched to different
 * horizons.  Then the second look: the moves the first look calls mistakes or
 * worse (or inaccuracies, where the game's front end says so) are judged again the same way with more effort (a few plies deeper, as the
 * game's front end says, or twice the nodes or time: an_look_limit), and classed by
 * the mean of the two losses (an_second_look, an_final_loss).
 *
 * A game with a proof (bo_game.proof: Renju's VCF and VCT) has each move played that
 * is not the best move checked by it, within a small budget: where the opponent has a
 * proven win after it and none after the best move, the move played is lost, whatever
 * the search's horizon says (proof_check); both looks judge it so. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate.h"

/* The rules' verdict on a finished position, from the view of the side to move. */
static void mark_over(an_eval *e, const bo_result *r)
{
    e->kind = AN_OVER;
    e->value = r->winner < 0 ? 0 : r->winner == e->mover ? 1 : -1;
}

/* Is M among the descriptor's legal moves here?  (A Renju foul is not: the record
 * judge lets black play it and lose, the engine never does.) */
static bool is_legal(const bo_game *g, const void *pos, bo_move m)
{
    bo_move legal[BO_MOVES_MAX];
    int n = g->legal(pos, legal);
    for (int i = 0; i < n; i++)
        if (legal[i] == m) return true;
    return false;
}

void an_eval_from_line(an_eval *e, const sp_engine_line *l)
{
    e->kind = AN_SEARCHED;
    e->score = l->mate ? 0 : l->cp;
    e->win_plies = l->mate > 0 ? 2 * l->mate - 1 : l->mate < 0 ? 2 * l->mate : 0;
    e->pvlen = l->pvlen < AN_PV_MAX ? l->pvlen : AN_PV_MAX;
    memcpy(e->pv, l->pv, (size_t)e->pvlen * sizeof e->pv[0]);
}

/* Does M win the game for the side to move at POS at once (by the rules)? */
static bool wins_at_once(const bo_game *g, const void *pos, bo_move m)
{
    BO_ALIGNED unsigned char p[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(p, pos, g->pos_size);
    int me = g->to_move(pos);
    g->play(p, m, undo, NULL);
    bo_result r = g->result(p, NULL);
    return r.how != BO_END_NONE && me >= 0 && r.winner == me;
}

int an_engine_ask(const bo_game *g, sp_engine *eng, const void *start, const bo_move *line, int n, const void *pos,
                  const sp_engine_limits *lim, bool *answered, sp_engine_analysis *a, char *why, size_t whylen)
{
    why[0] = '\0';
    for (int attempt = 0; attempt < 2; attempt++) {
        if (sp_engine_analyse(eng, start, line, n, pos, lim, a, why, whylen) != 0) continue;
        *answered = true;
        if (!a->line[0].scored && wins_at_once(g, pos, a->best)) {
            /* engines answer a win in one at once, often without a report (Rapfi's five) */
            a->line[0].scored = true;
            a->line[0].mate = 1;
        }
        if (a->line[0].scored) return 0;
        snprintf(why, whylen, "the engine gave no score (%s)", sp_engine_get_spec(eng)->name);
        return 1;   /* it answered: asking again would give the same */
    }
    if (!why[0]) snprintf(why, whylen, "no answer");
    return *answered ? 1 : -1;
}

/* Position I of job J (POS, after the game's first I moves) by the outside engine
 * (an_engine_ask): after a second fault, or an answer without a score, E is AN_NONE
 * with the reason kept.  Nothing else of the game is lost.  An engine that has never
 * answered is the game's error (j->err; -1): there is nothing to annotate with. */
static int engine_eval(an_job *j, int i, const void *pos, const bo_limits *lim, sp_engine *eng, bool *answered,
                       an_eval *e, const bo_move *only, an_eval *pe)
{
    sp_engine_limits el = {.depth = lim->depth, .nodes = lim->nodes, .movetime_ms = lim->movetime_ms,
                           .searchmoves = only, .nsearchmoves = only ? 1 : 0};
    sp_engine_analysis a = {0};
    char why[512];
    int rc = an_engine_ask(j->g, eng, j->start, j->moves, i, pos, &el, answered, &a, why, sizeof why);
    if (rc == 0) {
        an_eval_from_line(e, &a.line[0]);
        /* MultiPV: the move played as a line of the same search needs no search of its own */
        for (int k = 1; pe && i < j->nmoves && k < a.nlines; k++)
            if (a.line[k].scored && a.line[k].pvlen > 0 && a.line[k].pv[0] == j->moves[i]) {
                an_eval_from_line(pe, &a.line[k]);
                pe->mover = e->mover;
                break;
            }
        return 0;
    }
    if (rc < 0) {
        snprintf(j->err, sizeof j->err, "engine %.60s: %.180s", sp_engine_get_spec(eng)->name, why);
        return -1;
    }
    e->kind = AN_NONE;
    e->why = strdup(why);
    return 0;
}

void an_job_free_arrays(an_job *j)
{
    if (j->evals)
        for (int i = 0; i <= j->nmoves; i++) free(j->evals[i].why);
    if (j->second)
        for (int i = 0; i < 2 * j->nmoves; i++) free(j->second[i].why);
    free(j->start);
    free(j->moves);
    free(j->evals);
    free(j->played);
    free(j->second);
    j->start = NULL;
    j->moves = NULL;
    j->evals = NULL;
    j->played = NULL;
    j->second = NULL;
}

/* boyi's search's answer as an evaluation (the side to move's view). */
static void own_eval(an_eval *e, const bo_search_info *info)
{
    e->kind = AN_SEARCHED;
    e->score = info->score;
    e->win_plies = info->win_plies;
    e->pvlen = info->pvlen < AN_PV_MAX ? info->pvlen : AN_PV_MAX;
    memcpy(e->pv, info->pv, (size_t)e->pvlen * sizeof e->pv[0]);
}

/* Move M judged by the position it leads to: A (that position, its side to move's
 * view) turned to the view of M's mover, as E.  A win in N plies there is a loss in
 * N + 1 here; M heads the line. */
static void negated(an_eval *e, const an_eval *a, bo_move m)
{
    memset(e, 0, sizeof *e);
    e->kind = a->kind;
    e->mover = 1 - a->mover;
    e->value = -a->value;
    e->score = -a->score;
    e->win_plies = a->win_plies > 0 ? -(a->win_plies + 1) : a->win_plies < 0 ? 1 - a->win_plies : 0;
    e->pv[0] = m;
    e->pvlen = 1 + (a->pvlen < AN_PV_MAX - 1 ? a->pvlen : AN_PV_MAX - 1);
    memcpy(e->pv + 1, a->pv, (size_t)(e->pvlen - 1) * sizeof e->pv[0]);
}

/* Move I of J alone at POS (line history H) under LIM, into E from its mover's view:
 * the same search as the best move's with every other root move left out -- boyi's
 * search skipping them, an outside engine asked with UCI's searchmoves.  Where that
 * cannot be (the move is not among the root moves the search takes, as Gomoku's far
 * moves; a protocol without searchmoves; a search that still answers another move),
 * the position after the move is searched at one ply less (at a depth limit: the move
 * is that ply) and its score turned.  Returns 0 when E is judged, -1 when not (a depth
 * of 1 has no ply less; the engine failed). */
static int an_played(an_job *j, int i, const void *pos, bo_hist *h, const bo_limits *lim, bo_tt *tt, sp_engine *eng,
                     bool *answered, an_eval *e, int mover)
{
    const bo_game *g = j->g;
    const bo_move m = j->moves[i];
    memset(e, 0, sizeof *e);
    e->mover = mover;
    if (eng && sp_engine_searchmoves(eng)) {
        char keep[sizeof j->err];
        memcpy(keep, j->err, sizeof keep);
        if (engine_eval(j, i, pos, lim, eng, answered, e, &m, NULL) != 0) memcpy(j->err, keep, sizeof keep);
        if (e->kind == AN_SEARCHED && e->pvlen > 0 && e->pv[0] == m) return 0;
        free(e->why);
    } else if (!eng) {
        bo_move legal[BO_MOVES_MAX], skip[BO_MOVES_MAX];
        int n = g->legal(pos, legal), ns = 0;
        for (int k = 0; k < n; k++)
            if (legal[k] != m) skip[ns++] = legal[k];
        bool root = ns < n;   /* the search's root takes its candidates where the game has them */
        if (root && g->candidates) {
            int nc = g->candidates(pos, legal);
            root = false;
            for (int k = 0; k < nc && !root; k++) root = legal[k] == m;
        }
        bo_limits l = *lim;
        l.skip = skip;
        l.nskip = ns;
        bo_search_info info;
        char err[256];
        if (root && bo_search(g, pos, h, &l, tt, NULL, NULL, &info, err, sizeof err) == 0 && info.pvlen > 0 &&
            info.pv[0] == m) {
            own_eval(e, &info);
            return 0;
        }
    }
    /* the position after the move, one ply less */
    memset(e, 0, sizeof *e);
    e->mover = mover;
    if (lim->depth == 1) return -1;
    bo_limits less = *lim;
    if (lim->depth > 1) less.depth = lim->depth - 1;
    BO_ALIGNED unsigned char next[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(next, pos, g->pos_size);
    g->play(next, m, undo, h);
    an_eval a = {.mover = 1 - mover};
    bo_result r = g->result(next, h);
    bo_search_info info;
    char err[256];
    if (r.how != BO_END_NONE) mark_over(&a, &r);
    else if (eng) {
        char keep[sizeof j->err];
        memcpy(keep, j->err, sizeof keep);
        if (engine_eval(j, i + 1, next, &less, eng, answered, &a, NULL, NULL) != 0) memcpy(j->err, keep, sizeof keep);
    } else if (bo_search(g, next, h, &less, tt, NULL, NULL, &info, err, sizeof err) == 0) {
        own_eval(&a, &info);
    }
    g->unplay(next, m, undo, h);
    free(a.why);
    if (a.kind == AN_NONE) return -1;
    negated(e, &a, m);
    return 0;
}

/* Has the opponent a proven win (the game's proof, AN_PROOF_NODES) after M at POS?
 * Its line into SOL. */
static bool opponent_proves(const bo_game *g, const void *pos, bo_move m, bo_solution *sol)
{
    BO_ALIGNED unsigned char q[BO_POS_MAX], undo[BO_UNDO_MAX];
    char err[128];
    memcpy(q, pos, g->pos_size);
    g->play(q, m, undo, NULL);
    if (g->result(q, NULL).how != BO_END_NONE) return false;   /* the move ended the game */
    return g->proof->run(q, 0, AN_PROOF_NODES, sol, err, sizeof err) == 0 && sol->found && sol->value > 0;
}

/* Move I of J (at POS) by the game's proof: a move after which the opponent has a
 * proven win (a VCF or VCT the depth-limited search may not reach) is lost, unless the
 * best move leaves him one too (then the position was lost already and the search does
 * not know it: the move is not the one to blame).  Only where it can change the class:
 * the move is not the best, neither the position nor the move is already judged lost,
 * the move is not judged a win.  *P becomes the proven loss, its line the move and the
 * opponent's win. */
static void proof_check(an_job *j, int i, const void *pos, an_eval *p)
{
    const bo_game *g = j->g;
    const an_eval *b = &j->evals[i];
    bo_move m = j->moves[i];
    if (!g->proof || b->kind != AN_SEARCHED || b->pvlen == 0 || b->pv[0] == m || b->win_plies < 0 ||
        (p->kind != AN_NONE && p->win_plies != 0) || p->kind == AN_OVER)
        return;
    bo_solution *sol = malloc(2 * sizeof *sol);
    if (sol && opponent_proves(g, pos, m, sol) && !opponent_proves(g, pos, b->pv[0], sol + 1)) {
        free(p->why);
        memset(p, 0, sizeof *p);
        p->kind = AN_SEARCHED;
        p->mover = b->mover;
        p->win_plies = -(sol->plies + 1);
        p->proved = true;
        p->pv[p->pvlen++] = m;
        for (int k = 0; k < sol->len && p->pvlen < AN_PV_MAX && sol->line[k] != BO_MOVE_ANY; k++)
            p->pv[p->pvlen++] = sol->line[k];
    }
    free(sol);
}

void an_analyse(an_job *j, const bo_limits *lim, bo_tt *tt, sp_engine *eng, bool *answered)
{
    const bo_game *g = j->g;
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(pos, j->start, g->pos_size);
    memset(j->evals, 0, (size_t)(j->nmoves + 1) * sizeof *j->evals);
    j->legal_plies = j->nmoves;
    if (j->nmoves == 0) return;   /* no move to judge (and no table to clear) */
    if (!j->replay_only && !(j->played = calloc((size_t)j->nmoves, sizeof *j->played))) {
        snprintf(j->err, sizeof j->err, "out of memory");
        return;
    }
    bo_hist h;
    if (bo_hist_init(&h, j->nmoves + BO_MAX_PLY + 16) != 0) {
        snprintf(j->err, sizeof j->err, "out of memory");
        return;
    }
    if (!j->replay_only && tt) bo_tt_clear(tt);
    if (!j->replay_only && eng) sp_engine_new_game(eng);
    bo_hist_reset(&h, g->hash(pos));
    int prev = -1;
    for (int i = 0; i <= j->nmoves; i++) {
        an_eval *e = &j->evals[i];
        int tm = g->to_move(pos);
        e->mover = tm >= 0 ? tm : prev >= 0 ? 1 - prev : 0;
        bo_result r = g->result(pos, &h);
        if (j->replay_only) {
            e->kind = AN_NONE;
        } else if (r.how != BO_END_NONE) {
            mark_over(e, &r);
        } else if (eng) {
            if (engine_eval(j, i, pos, lim, eng, answered, e, NULL, i < j->nmoves ? &j->played[i] : NULL) != 0) break;
        } else {
            bo_search_info info;
            char err[256];
            if (bo_search(g, pos, &h, lim, tt, NULL, NULL, &info, err, sizeof err) == 0) {
                own_eval(e, &info);
            } else {
                e->kind = AN_OVER;   /* no move to search: over, though the rules did not say how */
                e->value = 0;
            }
        }
        if (i == j->nmoves) break;
        bool legal = is_legal(g, pos, j->moves[i]);
        if (legal && e->kind == AN_SEARCHED && e->pvlen > 0 && e->pv[0] != j->moves[i] &&
            j->played[i].kind == AN_NONE)
            an_played(j, i, pos, &h, lim, tt, eng, answered, &j->played[i], e->mover);
        if (legal && !eng && j->played) proof_check(j, i, pos, &j->played[i]);
        if (!legal) {
            /* the mover broke a rule the engine keeps (a Renju foul): the move loses */
            j->legal_plies = i;
            an_eval *next = &j->evals[i + 1];
            next->kind = AN_OVER;
            next->mover = 1 - e->mover;
            next->value = 1;
            break;
        }
        prev = e->mover;
        g->play(pos, j->moves[i], undo, &h);
    }
    bo_hist_free(&h);
    /* a move not judged alone (a depth of 1; the engine failed there): by the position
       after it, as searched for its own sake */
    for (int i = 0; !j->replay_only && i < j->nmoves; i++) {
        const an_eval *b = &j->evals[i], *a = &j->evals[i + 1];
        if (j->played[i].kind == AN_NONE && b->kind == AN_SEARCHED && b->pvlen > 0 && b->pv[0] != j->moves[i] &&
            a->kind != AN_NONE)
            negated(&j->played[i], a, j->moves[i]);
    }
}

double an_expected(const an_eval *e, double scale)
{
    if (e->kind == AN_OVER) return e->value > 0 ? 1.0 : e->value < 0 ? 0.0 : 0.5;
    if (e->win_plies > 0) return 1.0;
    if (e->win_plies < 0) return 0.0;
    return 1.0 / (1.0 + pow(10.0, -(double)e->score / scale));
}

double an_loss(const an_job *j, int i, const an_eval *b, const an_eval *p, double scale)
{
    if (b->kind == AN_SEARCHED && b->pvlen > 0 && b->pv[0] == j->moves[i]) return 0;
    if (!p || p->kind == AN_NONE) return 0;
    double l = an_expected(b, scale) - an_expected(p, scale);
    return l > 0 ? l : 0;
}

double an_final_loss(const an_job *j, int i, double scale, double *first, bool *second)
{
    double l1 = an_loss(j, i, &j->evals[i], j->played ? &j->played[i] : NULL, scale);
    *first = l1;
    *second = j->second && j->second[2 * i].kind != AN_NONE;
    if (!*second) return l1;
    double l2 = an_loss(j, i, &j->second[2 * i], &j->second[2 * i + 1], scale);
    return (l1 + l2) / 2;
}

/* One position searched for the second look under LIM (boyi's search with the line's
 * history, or the outside engine: PE gets the move played where it is a MultiPV line
 * of that search); E's kind says whether it was judged. */
static void look_again(an_job *j, int i, const void *pos, bo_hist *h, const bo_limits *lim, bo_tt *tt,
                       sp_engine *eng, bool *answered, an_eval *e, int mover, an_eval *pe)
{
    const bo_game *g = j->g;
    memset(e, 0, sizeof *e);
    e->mover = mover;
    bo_result r = g->result(pos, h);
    if (r.how != BO_END_NONE) {
        mark_over(e, &r);
        return;
    }
    if (eng) {
        char keep[sizeof j->err];
        memcpy(keep, j->err, sizeof keep);
        if (engine_eval(j, i, pos, lim, eng, answered, e, NULL, pe) != 0) memcpy(j->err, keep, sizeof keep);
        return;
    }
    bo_search_info info;
    char err[256];
    if (bo_search(g, pos, h, lim, tt, NULL, NULL, &info, err, sizeof err) == 0) own_eval(e, &info);
}

bo_limits an_look_limit(const bo_limits *lim, int plies)
{
    bo_limits look = *lim;   /* more effort, for the best move and the move played alike */
    /* PLIES deeper, or twice the depth where that is less (a depth-2 look at 4, not 6) */
    if (lim->depth > 0) look.depth = plies > 0 && plies < lim->depth ? lim->depth + plies : 2 * lim->depth;
    look.nodes = 2 * lim->nodes;
    look.movetime_ms = 2 * lim->movetime_ms;
    return look;
}

void an_second_look(an_job *j, const bo_limits *look, bo_tt *tt, sp_engine *eng, bool *answered)
{
    const double scale = j->scale;
    const bo_game *g = j->g;
    int upto = j->legal_plies < j->nmoves ? j->legal_plies : j->nmoves;
    bool any = false;
    for (int i = 0; i < upto && !any; i++)
        any = !j->evals[i].why && !j->evals[i + 1].why &&
              an_loss(j, i, &j->evals[i], &j->played[i], scale) >= j->look_from;
    if (!any) return;
    j->second = calloc((size_t)2 * (size_t)j->nmoves, sizeof *j->second);
    bo_hist h;
    if (!j->second || bo_hist_init(&h, j->nmoves + BO_MAX_PLY + 16) != 0) {
        free(j->second);
        j->second = NULL;
        return;   /* no second look: the first stands */
    }
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(pos, j->start, g->pos_size);
    bo_hist_reset(&h, g->hash(pos));
    for (int i = 0; i < upto; i++) {
        const an_eval *b = &j->evals[i], *a = &j->evals[i + 1];
        if (!b->why && !a->why && an_loss(j, i, b, &j->played[i], scale) >= j->look_from) {
            an_eval *b2 = &j->second[2 * i], *p2 = b2 + 1;
            look_again(j, i, pos, &h, look, tt, eng, answered, b2, b->mover, p2);
            if (j->played[i].proved && b2->kind == AN_SEARCHED && b2->pvlen > 0 && b2->pv[0] != j->moves[i])
                *p2 = j->played[i];   /* a proof holds at any depth */
            if (b2->kind == AN_SEARCHED && b2->pvlen > 0 && b2->pv[0] != j->moves[i] && p2->kind == AN_NONE &&
                an_played(j, i, pos, &h, look, tt, eng, answered, p2, b->mover) != 0) {
                free(b2->why);   /* the move played could not be judged again: the first look stands */
                memset(b2, 0, sizeof *b2);
            }
            if (b2->kind != AN_NONE) j->second_looks++;
        }
        g->play(pos, j->moves[i], undo, &h);
    }
    bo_hist_free(&h);
}

/* A worker: take the next game, analyse it, say it is done; until none is left. */
static void *worker(void *arg)
{
    an_pool *p = arg;
    /* boyi's search needs a table; an outside engine has its own */
    bo_tt *tt = p->engine ? NULL : bo_tt_new(p->hash_mb);
    sp_engine *eng = NULL;
    bool answered = false;   /* the engine has answered once: later faults are the position's */
    if (p->engine) eng = sp_engine_new(p->engine, p->jobs && p->njobs ? p->jobs[0]->g : NULL);
    for (;;) {
        pthread_mutex_lock(&p->mu);
        if (p->stop || p->next >= p->njobs) {
            pthread_mutex_unlock(&p->mu);
            break;
        }
        an_job *j = p->jobs[p->next++];
        pthread_mutex_unlock(&p->mu);
        if (eng && p->per_game && answered) {   /* restart=game: nothing kept from the last game */
            sp_engine_free(eng);
            eng = sp_engine_new(p->engine, j->g);
        }
        if (tt || eng) {
            an_analyse(j, &j->lim, tt, eng, &answered);
            if (p->second_look && !j->err[0] && !j->replay_only)
                an_second_look(j, &j->look, tt, eng, &answered);
        }
        else if (p->engine) snprintf(j->err, sizeof j->err, "out of memory");
        else snprintf(j->err, sizeof j->err, "cannot allocate a %zu MB hash table", p->hash_mb);
        pthread_mutex_lock(&p->mu);
        j->done = true;
        pthread_cond_broadcast(&p->cv);
        pthread_mutex_unlock(&p->mu);
    }
    bo_tt_free(tt);
    sp_engine_free(eng);
    return NULL;
}

int an_pool_start(an_pool *p, an_job **jobs, int njobs, size_t hash_mb, int n,
                  const sp_engine_spec *engine, bool per_game, bool second_look, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    p->engine = engine;
    p->per_game = per_game;
    p->second_look = second_look;
    p->jobs = jobs;
    p->njobs = njobs;
    for (int k = 0; k < njobs; k++) jobs[k]->lim.threads = jobs[k]->look.threads = 1;
    p->hash_mb = hash_mb;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    p->threads = calloc((size_t)n, sizeof *p->threads);
    if (!p->threads) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int i = 0; i < n; i++) {
        if (pthread_create(&p->threads[i], NULL, worker, p) != 0) {
            if (i == 0) {
                snprintf(err, errlen, "cannot start a worker thread");
                free(p->threads);
                p->threads = NULL;
                return -1;
            }
            break;
        }
        p->nthreads++;
    }
    return 0;
}

void an_pool_wait(an_pool *p, int k)
{
    pthread_mutex_lock(&p->mu);
    while (!p->jobs[k]->done) pthread_cond_wait(&p->cv, &p->mu);
    pthread_mutex_unlock(&p->mu);
}

void an_pool_stop(an_pool *p)
{
    pthread_mutex_lock(&p->mu);
    p->stop = true;
    pthread_mutex_unlock(&p->mu);
    for (int i = 0; i < p->nthreads; i++) pthread_join(p->threads[i], NULL);
    free(p->threads);
    p->threads = NULL;
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv);
}
