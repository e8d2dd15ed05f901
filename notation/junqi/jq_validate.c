/* jq_validate.c -- judging Junqi records: replay each record under the referee
 * (engine/junqi), one verdict per record with the first fault located: a deployment
 * that breaks RULES.md's deployment rules, an illegal move (with the rule it breaks),
 * a collision outcome that is not the referee's, a move after the end, a result that
 * is not the one the moves establish.  Also each side's view of a replayed record. */
#include "jq_record.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "result_policy.h"

static void fault(jq_replay *o, size_t off, const char *kind, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void fault(jq_replay *o, size_t off, const char *kind, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(o->message, sizeof o->message, fmt, ap);
    va_end(ap);
    o->ok = false;
    o->off = off;
    o->kind = kind;
}

static const char *side_name(int s) { return s ? "black" : "red"; }

/* Why a piece may not be deployed on a post (NULL: it may). */
static const char *deploy_fault(int post, int kind, int side, char *buf, size_t n)
{
    const jq_graph *g = jq_board();
    char name[8];
    jq_post_name(post, name, sizeof name);
    int own_row = side ? JQ_ROWS - 1 - jq_row(post) : jq_row(post);
    if (own_row >= JQ_ROWS / 2) snprintf(buf, n, "%s is not in %s's half", name, side_name(side));
    else if (g->kind[post] == JQ_CAMP) snprintf(buf, n, "no piece may be deployed in a camp (%s)", name);
    else if (kind == JQ_FLAG && g->kind[post] != JQ_HQ)
        snprintf(buf, n, "the flag must stand in a headquarters (%s or %s), not on %s", side ? "b12" : "b1",
                 side ? "d12" : "d1", name);
    else if (kind == JQ_MINE && own_row > 1) snprintf(buf, n, "a landmine may only stand on the last two rows, not on %s", name);
    else if (kind == JQ_BOMB && own_row == 0) snprintf(buf, n, "a bomb may not stand on the first row (%s)", name);
    else return NULL;
    return buf;
}

/* The side's deployment as placement moves, in jq_deploy_order with identical pieces
 * on increasing posts: the one sequence the referee accepts for it. */
static int deploy(const jq_record *r, int s, jq_pos *p, jq_replay *o)
{
    if (!r->have_deploy[s]) {
        fault(o, r->off, "position", "the record has no %s deployment %c(...)", side_name(s), s ? 'B' : 'R');
        return -1;
    }
    int count[JQ_KINDS] = {0};
    const jq_rec_deploy *by_post[JQ_POSTS] = {0};
    char why[160];
    for (int i = 0; i < r->ndeploy[s]; i++) {
        const jq_rec_deploy *d = &r->deploy[s][i];
        char name[8];
        jq_post_name(d->post, name, sizeof name);
        if (by_post[d->post]) {
            fault(o, d->off, "position", "%s deploys two pieces on %s", side_name(s), name);
            return -1;
        }
        by_post[d->post] = d;
        if (deploy_fault(d->post, d->kind, s, why, sizeof why)) {
            fault(o, d->off, "position", "%s %s: %s", side_name(s), jq_kind_name(d->kind), why);
            return -1;
        }
        count[d->kind]++;
    }
    for (int k = 1; k < JQ_KINDS; k++)
        if (count[k] != jq_kind_count[k]) {
            fault(o, r->deploy_off[s], "position", "%s deploys %d %s%s; a side has %d (25 pieces: 1 F, 3 L, 2 X, 3 E, "
                  "3 P, 3 C, 2 T, 2 R, 2 B, 2 D, 1 G, 1 M)", side_name(s), count[k], jq_kind_name(k),
                  count[k] == 1 ? "" : "s", jq_kind_count[k]);
            return -1;
        }
    int k = 0;
    for (int i = 0; i < JQ_PIECES; i++) {
        int kind = jq_deploy_order[i];
        if (i > 0 && jq_deploy_order[i - 1] != kind) k = 0;
        int seen = 0, post = -1;
        for (int q = 0; q < JQ_POSTS; q++)
            if (by_post[q] && by_post[q]->kind == kind && seen++ == k) { post = q; break; }
        k++;
        uint32_t m = (uint32_t)post | (uint32_t)kind << 6 | JQ_PLACE, moves[JQ_MAX_MOVES];
        int n = jq_legal(p, moves), ok = 0;
        for (int j = 0; j < n; j++) ok |= moves[j] == m;
        if (!ok) {
            fault(o, by_post[post]->off, "position", "%s's deployment cannot be placed (internal check)", side_name(s));
            return -1;
        }
        o->placements[s * JQ_PIECES + i] = m;
        jq_undo u;
        jq_play(p, m, &u);
    }
    return 0;
}

static const char *ending_name(int how)
{
    return how == 2 ? "no move" : how == 11 ? "flag captured" : how == 7 ? "31 moves without a collision" : NULL;
}

static const char *mark_meaning(int mark)
{
    return mark == JQ_MARK_WINS ? "the attacker removed the defender" : mark == JQ_MARK_LOSES ? "the attacker was removed"
         : mark == JQ_MARK_BOTH ? "both were removed" : "no collision";
}

void jq_replay_record(const jq_record *r, jq_replay *o)
{
    memset(o, 0, sizeof *o);
    o->ok = true;
    jq_pos p;
    jq_empty(&p);
    if (deploy(r, 0, &p, o) != 0 || deploy(r, 1, &p, o) != 0) return;
    o->start = p;
    int w = -1, how = 0;
    for (int i = 0; i < r->nmoves; i++) {
        const jq_rec_move *m = &r->moves[i];
        o->move_no = i + 1;
        o->side = side_name(p.side);
        snprintf(o->move_text, sizeof o->move_text, "%s", m->text);
        if ((how = jq_result(&p, &w)) != 0) {
            fault(o, m->off, "after-end", "the game was over (%s) before this move", ending_name(how));
            o->end = p;
            return;
        }
        uint32_t mv = jq_move(m->from, m->to), moves[JQ_MAX_MOVES];
        int n = jq_legal(&p, moves), ok = 0;
        for (int j = 0; j < n; j++) ok |= moves[j] == mv;
        if (!ok) {
            char why[200];
            jq_explain_illegal(&p, m->from, m->to, why, sizeof why);
            fault(o, m->off, "illegal", "%s", why);
            o->end = p;
            return;
        }
        int f = jq_move_fight(&p, mv);
        int want = f == JQ_WINS ? JQ_MARK_WINS : f == JQ_LOSES ? JQ_MARK_LOSES : f == JQ_BOTH ? JQ_MARK_BOTH : JQ_MARK_NONE;
        if (m->mark != want) {
            if (!want)
                fault(o, m->off, "collision", "no collision: the post is empty, but the record reports '%c' (%s)", m->mark,
                      mark_meaning(m->mark));
            else if (!m->mark)
                fault(o, m->off, "collision", "a collision the record does not report: the referee's outcome is '%c' (%s)",
                      want, mark_meaning(want));
            else
                fault(o, m->off, "collision", "the referee's outcome is '%c' (%s), the record says '%c' (%s)", want,
                      mark_meaning(want), m->mark, mark_meaning(m->mark));
            o->end = p;
            return;
        }
        jq_undo u;
        jq_play(&p, mv, &u);
        o->moves++;
    }
    o->end = p;
    o->move_no = 0;
    how = jq_result(&p, &w);
    if (how) {
        if (r->end) {
            fault(o, r->end_off, "after-end", "the game was over (%s) before END(...)", ending_name(how));
            return;
        }
        o->ending = ending_name(how);
        o->result = w == 0 ? JQ_RES_RED : w == 1 ? JQ_RES_BLACK : JQ_RES_DRAW;
    } else if (r->end) {
        o->ending = r->end == JQ_END_TIME ? "time" : "resignation";
        o->result = p.side == 0 ? JQ_RES_BLACK : JQ_RES_RED;
    } else if (r->result_given && (r->result == JQ_RES_RED || r->result == JQ_RES_BLACK)) {
        /* a win the moves do not reach: the result policy (result_policy.h) */
        static const char *const said[] = {"", "先手胜", "后手胜"};
        bo_reason why = bo_reason_from_text(r->reason);
        o->result = r->result;
        o->unexplained = why == BO_REASON_NONE;
        if (why != BO_REASON_NONE)
            snprintf(o->ending_buf, sizeof o->ending_buf, "not over on the board; the record says %s by %s (%s)",
                     said[r->result], bo_reason_name(why), r->reason);
        else
            snprintf(o->ending_buf, sizeof o->ending_buf, "not over on the board; the record says %s", said[r->result]);
        o->ending = o->ending_buf;
    } else {
        o->result = JQ_RES_NONE;
    }
    if (r->result_given && r->result != o->result) {
        static const char *const res[] = {"* (unfinished)", "先手胜 (red wins)", "后手胜 (black wins)", "平局 (draw)"};
        fault(o, r->result_off, "result", "the record says %s, the moves give %s%s%s%s", res[r->result], res[o->result],
              o->ending ? " (" : "", o->ending ? o->ending : "", o->ending ? ")" : "");
    }
}

int jq_read_text(const bo_text *t, bool strict, bool contest, const bo_verdict_sink *sink, jq_game_fn each, void *ctx,
                 char *err, size_t errlen)
{
    size_t pos = 0, err_off = 0;
    int game = 0;
    jq_replay *rp = malloc(sizeof *rp);
    if (!rp) return snprintf(err, errlen, "out of memory"), -1;
    for (;;) {
        jq_record r;
        char perr[256];
        int rc = jq_record_next(t->data, t->len, &pos, &r, &err_off, perr, sizeof perr);
        if (rc == 0) break;
        game++;
        bo_verdict v;
        bo_verdict_init(&v, t->path, game);
        char event[300];
        if (rc < 0) {
            v.status = BO_VERDICT_INVALID;
            v.kind = "parse";
            v.message = perr;
            v.result = "*";
            bo_text_line_col(t, err_off, &v.line, &v.col);
            int stop = each(ctx, &r, NULL, &v);
            jq_record_free(&r);
            if (stop) break;
            continue;
        }
        jq_replay_record(&r, rp);
        static const char *const res[] = {"*", "1-0", "0-1", "1/2-1/2"};
        snprintf(event, sizeof event, "%s vs %s", *r.red ? r.red : "?", *r.black ? r.black : "?");
        v.event = event;
        v.moves = rp->moves;
        v.result = res[rp->result];
        v.ending = rp->ending;
        char words[400];
        if (rp->ok && rp->unexplained) {
            bo_claim_action a = bo_claim_unreached(BO_REASON_NONE, strict, contest);
            bo_claim_words(words, sizeof words, a, r.result == JQ_RES_RED ? "先手胜" : "后手胜", BO_REASON_NONE, NULL,
                           strict, contest);
            if (a == BO_CLAIM_FAULT) {
                v.status = BO_VERDICT_INVALID;
                v.kind = "result";
                v.message = words;
                v.result = "*";
                v.ending = NULL;
                bo_text_line_col(t, r.result_off, &v.line, &v.col);
            } else if (sink->warning) {
                bo_warning w = {t->path, game, 0, 0, words};
                bo_text_line_col(t, r.result_off, &w.line, &w.col);
                sink->warning(sink->ctx, &w);
            }
        }
        if (!rp->ok) {
            v.status = BO_VERDICT_INVALID;
            v.kind = rp->kind;
            v.message = rp->message;
            v.move_no = rp->move_no;
            v.side = rp->move_no ? rp->side : NULL;
            v.move_text = rp->move_no ? rp->move_text : NULL;
            bo_text_line_col(t, rp->off, &v.line, &v.col);
        }
        int stop = each(ctx, &r, rp, &v);
        jq_record_free(&r);
        if (stop) break;
    }
    free(rp);
    if (game == 0) return snprintf(err, errlen, "no Junqi record ({[JQ]...}) in the file"), -1;
    return 0;
}

/* The verdict alone, to the sink (jq_validate_text). */
static int verdict_only(void *ctx, const jq_record *r, const jq_replay *rp, const bo_verdict *v)
{
    (void)r, (void)rp;
    const bo_verdict_sink *sink = ctx;
    if (sink->verdict) sink->verdict(sink->ctx, v);
    return 0;
}

int jq_validate_text(const bo_text *t, bool strict, bool contest, const bo_verdict_sink *sink, char *err,
                     size_t errlen)
{
    return jq_read_text(t, strict, contest, sink, verdict_only, (void *)sink, err, errlen);
}

int jq_write_view(FILE *out, const jq_record *r, const jq_replay *rp, int side, char *err, size_t errlen)
{
    jq_pos p = rp->start;
    char buf[2048];
    fprintf(out, "# %s's view: %s (red) vs %s (black)\n", side_name(side), *r->red ? r->red : "?",
            *r->black ? r->black : "?");
    jq_deployment_text(&p, side, buf, sizeof buf);
    fprintf(out, "%c(%s)\n", side ? 'B' : 'R', buf);
    for (int i = 0; i < rp->moves; i++) {
        const jq_rec_move *m = &r->moves[i];
        uint32_t mv = jq_move(m->from, m->to);
        int f = jq_move_fight(&p, mv), mover = p.side;
        char mt[24];
        jq_move_to_text(&p, mv, mt, sizeof mt);
        fprintf(out, "%d. %s %s%s%s\n", i + 1, side_name(mover), mt, f ? ": " : "",
                f == JQ_WINS ? "the attacker removed the defender" : f == JQ_LOSES ? "the attacker was removed"
                : f == JQ_BOTH ? "both were removed" : "");
        jq_undo u;
        jq_play(&p, mv, &u);
    }
    jq_view v;
    jq_observe(&p, side, &v);
    jq_view_to_text(&v, buf, sizeof buf);
    fprintf(out, "view: %s\n", buf);
    return ferror(out) ? (snprintf(err, errlen, "write error"), -1) : 0;
}
