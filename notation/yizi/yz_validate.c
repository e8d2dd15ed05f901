/* yz_validate.c -- the judge of line-game records (yz_validate.h).
 *
 * Rule: RULES.md 7 under the record's rules field (R1/R2/R3, normal/misère).  Every
 * move must be legal for the side whose turn it is (the turn passes on at every move,
 * placements included, so under rule 3 the player who did not place the last coin
 * moves first); nothing may follow the tenth coin's arrival on the goal; the result
 * must be the rules' when the game ended on the board.  A game that stops before the
 * end keeps its recorded result (a resignation or a loss on time); the line game has
 * no draw, so 平局 is always wrong.
 *
 * Method: replay through the engine's rules (yizi.h), locating each fault at the move
 * as written. */
#include "yz_validate.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "yz_record.h"
#include "result_policy.h"

/* The setup that the first move fits: rule 1 (one coin on each point) unless the
 * move needs rule 2's two coins on a point 6..10. */
static int infer_rule(const bo_record *r)
{
    if (r->nmoves == 0) return 1;
    int side;
    char et[32];
    if (yz_record_move(r->moves[0].text, &side, et, sizeof et) != 0) return 1;
    if (strchr(et, '+')) return 3;
    int a = 0, k = 0, b = 0;
    if (sscanf(et, "%d:%d-%d", &a, &k, &b) == 3 && k == 2 && a >= 6) return 2;
    return 1;
}

int yz_record_rules(const bo_record *r, const char *rules, bool misere, int *rule, bool *mis, const char **how)
{
    const char *tag = bo_record_tag(r, "Rules");
    char err[160];
    *how = NULL;
    if (tag) return yz_rules_parse(tag, rule, mis, err, sizeof err);
    /* Bare "misere"/"normal" (what --misere alone becomes) names the convention, not a
     * setup: the setup is still inferred. */
    bool bare = rules && (strcasecmp(rules, "misere") == 0 || strcmp(rules, "mis\xc3\xa8re") == 0 || strcasecmp(rules, "normal") == 0);
    if (bare) {
        if (yz_rules_parse(rules, rule, mis, err, sizeof err) != 0) return -1;
        misere = misere || *mis;
    } else if (rules) {
        if (yz_rules_parse(rules, rule, mis, err, sizeof err) != 0) return -1;
        if (misere) *mis = true;
        *how = "taken from --rules";
        return 0;
    }
    *rule = infer_rule(r);
    *mis = misere;
    *how = "inferred from the first move";
    return 0;
}

/* A reader's or the judge's warning, located, to the sink. */
static void emit_warning(const bo_verdict_sink *sink, const char *path, int game, int line, int col, const char *msg)
{
    bo_warning w = {path, game, line, col, msg};
    if (sink && sink->warning) sink->warning(sink->ctx, &w);
}

static const char *side_name(int s) { return s ? "S (second)" : "F (first)"; }

/* Replay R move by move; the first fault is the verdict (yz_validate.h). */
void yz_validate_record(const bo_record *r, const char *path, const char *rules, bool misere,
                        const bo_verdict_sink *sink, yz_judged *out)
{
    yz_judged local;
    yz_judged *j = out ? out : &local;
    memset(j, 0, sizeof *j);
    bo_verdict v;
    bo_verdict_init(&v, path, r->index);
    char event[512], msg[512], ending[256];
    const char *first = bo_record_tag(r, "First"), *second = bo_record_tag(r, "Second");
    snprintf(event, sizeof event, "%s vs %s", first ? first : "?", second ? second : "?");
    v.event = event;
    v.players[0] = first;
    v.players[1] = second;
    v.claimed = bo_verdict_claim_words(r->result);
    /* what the reader forgave, then what it could not read */
    for (int i = 0; i < r->nnotes; i++)
        if (r->notes[i].kind == BO_NOTE_WARNING) emit_warning(sink, path, r->index, r->notes[i].line, r->notes[i].col, r->notes[i].text);
    const char *how;
    if (yz_record_rules(r, rules, misere, &j->rule, &j->misere, &how) != 0) {
        v.status = BO_VERDICT_INVALID;
        v.kind = "parse";
        snprintf(msg, sizeof msg, "unknown rules '%s' (R1, R2 or R3, normal or misere)", rules ? rules : "");
        v.message = msg;
        if (sink) sink->verdict(sink->ctx, &v);
        return;
    }
    if (how) {
        snprintf(msg, sizeof msg, "no rules field: rule %d %s (%s)", j->rule, j->misere ? "misère" : "normal play", how);
        emit_warning(sink, path, r->index, r->line, 1, msg);
    }
    yz_start(&j->start, j->rule, j->misere);
    for (int i = 0; i < r->nnotes; i++)
        if (r->notes[i].kind == BO_NOTE_ERROR) {
            v.status = BO_VERDICT_INVALID;
            v.kind = "parse";
            v.line = r->notes[i].line;
            v.col = r->notes[i].col;
            v.message = r->notes[i].text;
            break;
        }
    yz_pos p = j->start;
    for (int i = 0; i < r->nmoves && v.status == BO_VERDICT_OK; i++) {
        const bo_rmove *m = &r->moves[i];
        int side;
        char et[32], err[256];
        uint32_t mv;
        v.move_no = i + 1;
        v.move_text = m->text;
        v.line = m->line;
        v.col = m->col;
        v.side = p.side ? "second" : "first";
        if (yz_record_move(m->text, &side, et, sizeof et) != 0) {
            v.status = BO_VERDICT_INVALID;
            v.kind = "parse";
            snprintf(msg, sizeof msg, "'%s' is not a move", m->text);
        } else if (yz_over(&p)) {
            v.status = BO_VERDICT_INVALID;
            v.kind = "after-end";
            snprintf(msg, sizeof msg, "move %d '%s' after the game ended: all ten coins were on the goal after move %d", i + 1,
                     m->text, i);
        } else if (side != p.side) {
            v.status = BO_VERDICT_INVALID;
            v.kind = "illegal";
            snprintf(msg, sizeof msg, "move %d '%s' is marked %s, but it is %s's turn", i + 1, m->text, side_name(side),
                     side_name(p.side));
        } else if (yz_move_from_text(&p, et, &mv, err, sizeof err) != 0) {
            v.status = BO_VERDICT_INVALID;
            v.kind = "illegal";
            const char *c = strstr(err, "here: ");
            snprintf(msg, sizeof msg, "move %d '%s' is not legal: %.200s", i + 1, m->text, c ? c + 6 : err);
        } else {
            yz_play(&p, mv);
            j->moves[j->nmoves++] = mv;
            continue;
        }
        v.message = msg;
    }
    v.moves = j->nmoves;
    if (v.status == BO_VERDICT_OK) {
        v.move_no = 0;
        v.move_text = NULL;
        v.side = NULL;
        v.line = v.col = 0;
        /* the result word, and the reason after it ("后手胜(超时)": result_policy.h) */
        const char *reason = r->result ? strchr(r->result, '(') : NULL;
        size_t rl = r->result ? (reason ? (size_t)(reason - r->result) : strlen(r->result)) : 0;
        int claim = !r->result ? -1 : rl == strlen("先手胜") && !strncmp(r->result, "先手胜", rl) ? 0
                  : rl == strlen("后手胜") && !strncmp(r->result, "后手胜", rl) ? 1 : 2;
        int w = yz_winner(&p);
        if (claim == 2) {
            v.status = BO_VERDICT_INVALID;
            v.kind = "result";
            snprintf(msg, sizeof msg, "the record says %s, but the line game has no draw", r->result);
        } else if (w >= 0) {
            snprintf(ending, sizeof ending, "all ten coins on the goal: %s moved the last in and %s (%s)", side_name(p.side ^ 1),
                     j->misere ? "loses" : "wins", j->misere ? "misère" : "normal play");
            v.ending = ending;
            v.result = w == 0 ? "1-0" : "0-1";
            if (claim >= 0 && claim != w) {
                v.status = BO_VERDICT_INVALID;
                v.kind = "result";
                snprintf(msg, sizeof msg, "the record says %s, but %s won: %s", r->result, side_name(w), ending);
            }
        } else if (claim >= 0) {
            /* a win the moves do not reach: the result policy (result_policy.h) */
            bo_reason why = bo_reason_from_text(bo_record_tag(r, "Termination"));
            if (why == BO_REASON_NONE) why = bo_reason_from_text(reason);
            v.result = claim == 0 ? "1-0" : "0-1";
            snprintf(ending, sizeof ending, "not over on the board: unfinished after %d moves (%d coins off the goal); "
                     "the record says %.*s%s%s", j->nmoves, YZ_COINS - p.count[0], (int)rl, r->result,
                     why != BO_REASON_NONE ? " by " : "", why != BO_REASON_NONE ? bo_reason_name(why) : "");
            v.ending = ending;
            if (why == BO_REASON_NONE && sink && sink->warning) {
                char words[400], said[64];
                snprintf(said, sizeof said, "%.*s", (int)rl, r->result);
                bo_claim_words(words, sizeof words, BO_CLAIM_WARN, said, why, NULL, false, false);
                bo_warning w = {path, r->index, r->result_line ? r->result_line : r->line, r->result_col, words};
                sink->warning(sink->ctx, &w);
            }
        }
        if (v.status != BO_VERDICT_OK) {
            v.line = r->result_line ? r->result_line : r->line;
            v.col = r->result_col;
            v.message = msg;
        }
    }
    if (sink) sink->verdict(sink->ctx, &v);
}
