/* tg_validate.c -- a Two Tigers record judged against the rules (RULES.md 8).
 *
 * Rule: every move must be legal where it is played (the move text's faults name the
 * rule broken); no move may follow the end of the game (six dogs taken, both tigers
 * shut in, a third repetition, 100 plies without a capture); a result the moves
 * decide must be the one written (先手胜 the tigers, 后手胜 the dogs, 平局 a draw).
 * A game the moves leave unfinished keeps the written result (resignation, time).
 * Method: replay through the game descriptor with a line history, so the judge and
 * the engines share one rule book; one verdict per game, located at its fault. */
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "result_policy.h"
#include "tg_record.h"

typedef struct vbuf {
    char message[512], event[256], ending[256];
    char unexplained[400];   /* the result policy's warning, or "" */
} vbuf;

static const char *ending_name(bo_end how, int winner)
{
    switch (how) {
    case BO_END_GOAL: return "six dogs taken";
    case BO_END_NO_MOVE: return winner == 1 ? "both tigers shut in" : "the dogs cannot move";
    case BO_END_REPETITION: return "third repetition";
    case BO_END_RULE_LIMIT: return "100 plies without a capture";
    default: return NULL;
    }
}

/* The written result as a winner: 0 tigers, 1 dogs, -1 draw; -2 unknown/absent. */
static int written_winner(const char *s)
{
    if (!s) return -2;
    if (strstr(s, "先手胜") || strcmp(s, "1-0") == 0) return 0;
    if (strstr(s, "后手胜") || strcmp(s, "0-1") == 0) return 1;
    if (strstr(s, "平局") || strstr(s, "和") || strcmp(s, "1/2-1/2") == 0) return -1;
    return -2;
}

static void judge(const bo_text *t, const char *rules, const bo_record *r, bo_verdict *v, vbuf *b)
{
    const bo_game *g = bo_game_by_name("tigers");
    tg_pos p;
    char err[256];
    const char *ti = bo_record_tag(r, "Tigers"), *dg = bo_record_tag(r, "Dogs");
    if (ti && dg) {
        snprintf(b->event, sizeof b->event, "%s vs %s", ti, dg);
        v->event = b->event;
    }
    for (int i = 0; i < r->nnotes; i++)
        if (r->notes[i].kind == BO_NOTE_ERROR) {
            v->status = BO_VERDICT_INVALID;
            v->kind = "parse";
            v->line = r->notes[i].line;
            v->col = r->notes[i].col;
            v->result = "*";
            snprintf(b->message, sizeof b->message, "%s", r->notes[i].text);
            v->message = b->message;
            return;
        }
    const char *code = bo_record_tag(r, "Game");
    if (code && strcmp(code, "TG") != 0 && strcmp(code, "二虎棋") != 0) {
        v->status = BO_VERDICT_INVALID;
        v->kind = "parse";
        v->line = r->line;
        v->col = 1;
        snprintf(b->message, sizeof b->message, "game code '%s' is not Two Tigers (TG or 二虎棋)", code);
        v->message = b->message;
        return;
    }
    if (tg_record_start(r, rules, &p, err, sizeof err) != 0) {
        v->status = BO_VERDICT_INVALID;
        v->kind = "position";
        v->line = r->line;
        v->col = 1;
        snprintf(b->message, sizeof b->message, "start position: %s", err);
        v->message = b->message;
        return;
    }
    bo_hist h;
    if (bo_hist_init(&h, r->nmoves + 2) != 0) {
        v->status = BO_VERDICT_SKIPPED;
        v->message = "out of memory";
        return;
    }
    bo_hist_reset(&h, p.hash);
    bo_result res = g->result(&p, &h);
    int i = 0;
    for (; i < r->nmoves; i++) {
        const bo_rmove *m = &r->moves[i];
        v->move_no = i + 1;
        v->side = p.side == TG_TIGERS ? "tigers" : "dogs";
        v->move_text = m->text;
        v->line = m->line;
        v->col = m->col;
        if (res.how != BO_END_NONE) {
            v->status = BO_VERDICT_INVALID;
            v->kind = "after-end";
            snprintf(b->message, sizeof b->message, "a move after the end of the game (%s)",
                     ending_name(res.how, res.winner));
            v->message = b->message;
            break;
        }
        uint32_t mv;
        tg_undo u;
        if (tg_move_from_text(&p, m->text, &mv, err, sizeof err) != 0) {
            v->status = BO_VERDICT_INVALID;
            v->kind = "illegal";
            snprintf(b->message, sizeof b->message, "%s", err);
            v->message = b->message;
            break;
        }
        g->play(&p, mv, &u, &h);
        res = g->result(&p, &h);
    }
    v->moves = i;
    bo_hist_free(&h);
    if (v->status == BO_VERDICT_INVALID) { v->result = "*"; return; }
    v->move_no = 0;
    v->side = NULL;
    v->move_text = NULL;
    v->line = v->col = 0;
    int w = written_winner(r->result);
    if (res.how != BO_END_NONE) {
        v->ending = ending_name(res.how, res.winner);
        v->result = res.winner == 0 ? "1-0" : res.winner == 1 ? "0-1" : "1/2-1/2";
        if (w != -2 && w != res.winner) {
            v->status = BO_VERDICT_INVALID;
            v->kind = "result";
            v->line = r->result_line;
            v->col = r->result_col;
            snprintf(b->message, sizeof b->message, "the record says '%s' but the moves end in %s by %s", r->result,
                     res.winner == 0 ? "a tigers' win" : res.winner == 1 ? "a dogs' win" : "a draw", v->ending);
            v->message = b->message;
        }
    } else {
        v->result = w == 0 ? "1-0" : w == 1 ? "0-1" : w == -1 ? "1/2-1/2" : "*";
        if (w == 0 || w == 1) {
            /* a win the moves do not reach: the result policy (result_policy.h) */
            const char *term = bo_record_tag(r, "Termination");
            bo_reason why = bo_reason_from_text(term);
            if (why == BO_REASON_NONE) why = bo_reason_from_text(term = r->result);
            if (why != BO_REASON_NONE) {
                snprintf(b->ending, sizeof b->ending, "not over on the board; the record says %s by %s (%s)", r->result,
                         bo_reason_name(why), term);
            } else {
                snprintf(b->ending, sizeof b->ending, "not over on the board; the record says %s", r->result);
                bo_claim_words(b->unexplained, sizeof b->unexplained, BO_CLAIM_WARN, r->result, why, NULL, false, false);
            }
            v->ending = b->ending;
        }
    }
    (void)t;
}

void tg_validate_record(const bo_record *r, const char *path, const char *rules, const bo_verdict_sink *sink)
{
    bo_verdict v;
    vbuf b;
    bo_verdict_init(&v, path, r->index);
    v.players[0] = bo_record_tag(r, "Tigers");
    v.players[1] = bo_record_tag(r, "Dogs");
    v.claimed = bo_verdict_claim_words(r->result);
    b.unexplained[0] = '\0';
    judge(NULL, rules, r, &v, &b);
    if (b.unexplained[0] && v.status == BO_VERDICT_OK && sink->warning) {
        bo_warning w = {path, r->index, r->result_line, r->result_col, b.unexplained};
        sink->warning(sink->ctx, &w);
    }
    if (sink->verdict) sink->verdict(sink->ctx, &v);
}

int tg_validate_text(const bo_text *t, const char *rules, const bo_verdict_sink *sink, char *err, size_t errlen)
{
    bo_record_list l = {0};
    if (tg_record_read(t, &l, err, errlen) != 0) {
        char why[300];
        snprintf(why, sizeof why, "%s", err);
        snprintf(err, errlen, "line 1, column 1: %s", why);
        bo_record_list_free(&l);
        return -1;
    }
    for (int k = 0; k < l.n; k++) tg_validate_record(&l.items[k], t->path, rules, sink);
    bo_record_list_free(&l);
    return 0;
}
