/* ng_judge.c -- judging a NoGo record (RULES.md section 4): replay it and say, located
 * and in a judge's words, what is wrong, or which result the moves establish.
 *
 * A capture, a suicide or a pass loses at once (and, under botzone rules, black's first
 * stone on the centre): a record that ends there, with no result or the opponent's
 * win, is a valid game lost by that move, and the verdict names the move and the group
 * it killed; a record that plays on after it, or credits the mover, is invalid.  A game
 * whose side to move has no legal point is over; a result that says otherwise, or a
 * draw (NoGo has none), is refused.  A game the moves leave unfinished keeps its
 * written result under the result policy (result_policy.h): the reason it gives (RE's
 * B+R/W+T/B+F, the contest's 超时 认输 判负) is named in the ending; a claim with none is
 * left in the buffer's "unexplained" for the caller to warn of (or refuse). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "ng_records.h"
#include "nogo.h"
#include "result_policy.h"

/* Does the record's rules tag name Botzone's variant? */
static bool says_botzone(const char *rules)
{
    for (const char *s = rules; s && *s; s++)
        if (strncasecmp(s, "botzone", 7) == 0) return true;
    return false;
}

static const char *side_name(int c) { return c ? "white" : "black"; }

/* "D4 D5 E4" (the first eight stones of a set, then "..."). */
static void stones_text(ng_bits s, char *buf, size_t n)
{
    size_t k = 0;
    int shown = 0;
    buf[0] = 0;
    for (; s && k + 8 < n; s &= s - 1) {
        if (shown == 8) { snprintf(buf + k, n - k, " ..."); return; }
        char t[4];
        ng_point_go(ng_first(s), t);
        k += (size_t)snprintf(buf + k, n - k, "%s%s", shown ? " " : "", t);
        shown++;
    }
}

static void fault(bo_verdict *v, ng_verdict_buf *b, const ng_rmove *m, int i, int side, const char *kind)
{
    v->status = BO_VERDICT_INVALID;
    v->kind = kind;
    if (m) {
        v->line = m->line;
        v->col = m->col;
        v->move_no = i + 1;
        v->side = side_name(side);
        snprintf(b->move_text, sizeof b->move_text, "%s", m->text);
        v->move_text = b->move_text;
    }
    v->message = b->message;
}

int ng_judge(const ng_game *g, int rules, bo_verdict *v, ng_verdict_buf *b, int *points)
{
    if (rules < 0) rules = says_botzone(g->rules) ? NG_RULES_BOTZONE : NG_RULES_CCGC;
    ng_pos p;
    ng_start(&p, rules);
    v->status = BO_VERDICT_OK;
    b->unexplained[0] = '\0';
    snprintf(b->event, sizeof b->event, "%s vs %s", g->black ? g->black : "black", g->white ? g->white : "white");
    v->event = b->event;
    v->result = "*";
    if (g->error) {
        snprintf(b->message, sizeof b->message, "%s", g->error);
        fault(v, b, NULL, 0, 0, "parse");
        v->line = g->err_line;
        v->col = g->err_col;
        return 0;
    }
    for (int i = 0; i < g->n; i++) {
        const ng_rmove *m = &g->moves[i];
        int me = p.to_move;
        char at[4], lost[320] = "", group[64];
        v->moves = i;
        if (m->colour >= 0 && m->colour != me) {
            snprintf(b->message, sizeof b->message, "%s plays when %s is to move (black moves first and the sides alternate)",
                     side_name(m->colour), side_name(me));
            fault(v, b, m, i, m->colour, "illegal");
            return i;
        }
        if (m->point == NG_MOVE_BAD) {
            snprintf(b->message, sizeof b->message, "'%s' is not a point of the 9x9 board", m->text);
            fault(v, b, m, i, me, "illegal");
            return i;
        }
        if (m->point == NG_MOVE_PASS) {
            snprintf(lost, sizeof lost, "%s passed: passing loses", side_name(me));
        } else {
            ng_bits killed = 0;
            ng_point_go(m->point, at);
            switch (ng_check(&p, m->point, &killed)) {
            case NG_OK: break;
            case NG_OCCUPIED:
                snprintf(b->message, sizeof b->message, "%s is occupied", at);
                fault(v, b, m, i, me, "illegal");
                return i;
            case NG_CENTRE_FIRST:
                snprintf(lost, sizeof lost, "black's first stone on the centre E5 (botzone rules) loses");
                break;
            case NG_CAPTURE:
                stones_text(killed, group, sizeof group);
                snprintf(lost, sizeof lost, "%s %s captured the %d-stone %s group %s: a capture loses", side_name(me), at,
                         ng_popcount(killed), side_name(1 - me), group);
                break;
            case NG_SUICIDE:
                stones_text(killed, group, sizeof group);
                snprintf(lost, sizeof lost, "%s %s is suicide, killing its own %d-stone group %s: suicide loses",
                         side_name(me), at, ng_popcount(killed), group);
                break;
            }
        }
        if (lost[0]) {
            int credited = g->result == (me ? NG_RES_WHITE : NG_RES_BLACK);
            if (i < g->n - 1) {
                snprintf(b->message, sizeof b->message, "%s; the game ended there, yet the record plays on", lost);
                fault(v, b, m, i, me, "illegal");
                return i;
            }
            if (credited || g->result == NG_RES_DRAW) {
                snprintf(b->message, sizeof b->message, "%s, yet the result says %s", lost,
                         credited ? (me ? "white won" : "black won") : "a draw");
                fault(v, b, m, i, me, "result");
                return i;
            }
            v->moves = i + 1;
            v->result = me ? "1-0" : "0-1";
            snprintf(b->ending, sizeof b->ending, "move %d: %s", i + 1, lost);
            v->ending = b->ending;
            if (points && m->point >= 0) points[i] = m->point;   /* written, never played */
            return i;
        }
        if (points) points[i] = m->point;
        ng_play(&p, m->point, NULL);
    }
    v->moves = g->n;
    int winner = -1;
    if (!ng_legal_set(&p)) {
        winner = 1 - p.to_move;
        snprintf(b->ending, sizeof b->ending, "%s has no legal point", side_name(p.to_move));
        v->ending = b->ending;
    }
    if (g->result == NG_RES_DRAW) {
        snprintf(b->message, sizeof b->message, "the result [%s] is a draw; NoGo has none", g->result_text ? g->result_text : "");
        fault(v, b, NULL, 0, 0, "result");
        v->line = g->result_line;
        v->col = g->result_col;
        return g->n;
    }
    int written = g->result == NG_RES_BLACK ? 0 : g->result == NG_RES_WHITE ? 1 : -1;
    if (winner >= 0 && written >= 0 && written != winner) {
        snprintf(b->message, sizeof b->message, "the result [%s] says %s won, but %s has no legal point: %s won",
                 g->result_text ? g->result_text : "", side_name(written), side_name(1 - winner), side_name(winner));
        fault(v, b, NULL, 0, 0, "result");
        v->line = g->result_line;
        v->col = g->result_col;
        return g->n;
    }
    int w = winner >= 0 ? winner : written;
    v->result = w == 0 ? "1-0" : w == 1 ? "0-1" : "*";
    if (winner < 0 && written >= 0) {
        /* the result policy (result_policy.h): the reason the record gives, or none */
        bo_reason why = bo_reason_from_sgf(g->result_text);
        if (why == BO_REASON_NONE) why = bo_reason_from_text(g->result_text);
        if (why != BO_REASON_NONE) {
            snprintf(b->ending, sizeof b->ending, "not over on the board (%s still had legal points); the record says "
                     "%s won by %s ([%s])", side_name(p.to_move), side_name(written), bo_reason_name(why), g->result_text);
        } else {
            snprintf(b->ending, sizeof b->ending, "not over on the board (%s still had legal points); the record says %s won",
                     side_name(p.to_move), side_name(written));
            snprintf(b->unexplained, sizeof b->unexplained, "[%s] (%s won)", g->result_text ? g->result_text : "",
                     side_name(written));
        }
        v->ending = b->ending;
    }
    return g->n;
}
