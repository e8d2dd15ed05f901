/* xq_validate.c - replaying a record move by move: read each move in its
 * notation, check it against the rules, play it, and watch for the end of the
 * game (mate, stalemate, repetition, perpetual check, the natural limit). */
#include "xq_validate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "result_policy.h"
#include "xq_notation.h"
#include "xq_pgn.h"

void xq_check_init(xq_check *c)
{
    memset(c, 0, sizeof *c);
    c->end_ply = -1;
}

void xq_check_free(xq_check *c)
{
    if (c->live) xq_game_free(&c->game);
    free(c->moves);
    memset(c, 0, sizeof *c);
}

int xq_rules_from_name(const char *name, xq_rules *out)
{
    if (!name) return -1;
    if (strcasecmp(name, "ccgc") == 0 || strcasecmp(name, "standard") == 0) *out = XQ_RULES_CCGC;
    else if (strcasecmp(name, "human") == 0 || strcasecmp(name, "continue") == 0) *out = XQ_RULES_HUMAN;
    else return -1;
    return 0;
}

const char *xq_rules_name(xq_rules r) { return r == XQ_RULES_HUMAN ? "human" : "ccgc"; }

const char *xq_outcome_result(xq_outcome o)
{
    switch (o) {
    case XQ_RED_WINS: return "1-0";
    case XQ_BLACK_WINS: return "0-1";
    case XQ_DRAW: return "1/2-1/2";
    default: return "*";
    }
}

/* The side as the report names it. */
static const char *side_name(xq_side s) { return s == XQ_RED ? "red" : "black"; }

/* Move number as the players count it, for ply i of a game whose start has
 * side s0 to move at full move f0. */
static int move_no(int f0, xq_side s0, int ply) { return f0 + ((int)s0 + ply) / 2; }

/* The short name of how a game ended, for the ok line. */
static const char *ending_name(xq_end e)
{
    switch (e) {
    case XQ_END_CHECKMATE: return "checkmate";
    case XQ_END_STALEMATE: return "stalemate: no legal move";
    case XQ_END_NATURAL_LIMIT: return "natural limit: 60 moves each without a capture";
    case XQ_END_REPETITION: return "third repetition, no perpetual check";
    case XQ_END_PERPETUAL_CHECK: return "perpetual check, which loses";
    default: return "unfinished";
    }
}

/* The judge's sentence for how the game ended after ply `ply`. */
static void describe_end(char *buf, size_t n, xq_outcome o, xq_end e, int f0, xq_side s0, int ply)
{
    char when[64];
    if (ply == 0) snprintf(when, sizeof when, "in the start position");
    else snprintf(when, sizeof when, "after move %d (%s)", move_no(f0, s0, ply - 1),
                  side_name((xq_side)(((int)s0 + ply - 1) & 1)));
    const char *loser = o == XQ_RED_WINS ? "black" : "red";
    switch (e) {
    case XQ_END_CHECKMATE: snprintf(buf, n, "%s was checkmated %s", loser, when); break;
    case XQ_END_STALEMATE: snprintf(buf, n, "%s had no legal move %s and so lost", loser, when); break;
    case XQ_END_PERPETUAL_CHECK:
        snprintf(buf, n, "%s lost by perpetual check: the same position came for the third time %s, "
                 "%s having given check with every move", loser, when, loser);
        break;
    case XQ_END_REPETITION:
        snprintf(buf, n, "the same position came for the third time %s: a draw by repetition", when);
        break;
    case XQ_END_NATURAL_LIMIT:
        snprintf(buf, n, "60 moves by each side without a capture were complete %s: a draw by the natural limit", when);
        break;
    default: snprintf(buf, n, "the game was over %s", when); break;
    }
}

/* Copy at most 60 characters of the move text, so a 1 MB "move" does not flood
 * the report. */
static void clip_text(char *dst, size_t n, const char *src)
{
    size_t len = strlen(src), k = 0, chars = 0;
    while (k < len && chars < 60) {
        unsigned char c = (unsigned char)src[k];
        size_t cl = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 4;
        if (k + cl >= n - 4) break;
        k += cl;
        chars++;
    }
    if (k > len) k = len;
    memcpy(dst, src, k);
    if (k < len) memcpy(dst + k, "...", 4);
    else dst[k] = '\0';
}

/* The notation a record says its moves are in (its [Format]), else AUTO. */
static xq_notation notation_hint(const char *name)
{
    if (!name) return XQ_NOTE_AUTO;
    int nt = xq_notation_from_name(name);
    return nt < 0 ? XQ_NOTE_AUTO : (xq_notation)nt;
}

/* Hand the warning in c->warn to the sink, if there is one. */
static void warn_at(xq_check *c, const bo_verdict_sink *sink, const char *file, int game, int line, int col)
{
    if (!sink || !sink->warning) return;
    bo_warning w = {file, game, line, col, c->warn};
    sink->warning(sink->ctx, &w);
}

/* Mark v invalid; the message goes to c->message. */
static void fault(xq_check *c, bo_verdict *v, const char *kind, int line, int col)
{
    v->status = BO_VERDICT_INVALID;
    v->kind = kind;
    v->line = line;
    v->col = col;
    v->message = c->message;
}

/* Say where a fault is in a binary (XQF) record, which has no lines. */
static void add_byte_offset(xq_check *c, const bo_rmove *m)
{
    if (m->line == 0 && m->col > 0) {
        size_t l = strlen(c->message);
        snprintf(c->message + l, sizeof c->message - l, " (at byte %d of the file)", m->col - 1);
    }
}

/* Can the game have ended by repetition or the natural limit? Only then is the
 * engine's full verdict asked for (it generates every legal move, which would
 * cost more than all the rest of a ply): a third repetition needs the
 * position's hash twice before (same side to move, since the last capture),
 * the natural limit 120 plies without capture. Mate and stalemate are found
 * as described in xq_check_record. */
static bool may_have_ended(const xq_game *g)
{
    if (g->pos.halfmove >= XQ_NATURAL_LIMIT_PLIES) return true;
    size_t now = g->plies;
    size_t window = (size_t)g->pos.halfmove < now ? (size_t)g->pos.halfmove : now;
    uint64_t h = g->hist[now].hash;
    int seen = 0;
    for (size_t back = 2; back <= window; back += 2)
        if (g->hist[now - back].hash == h && ++seen >= 2) return true;
    return false;
}

/* Has the side to move no legal move (mate or stalemate)? Then the engine's
 * verdict says which; else XQ_ONGOING. */
static xq_outcome no_move_outcome(const xq_game *g, xq_end *how)
{
    xq_move list[XQ_MAX_MOVES];
    if (xq_gen_legal(&g->pos, list) > 0) return XQ_ONGOING;
    return xq_game_outcome(g, how);
}

/* Under ccgc, a game ended by repetition is where the human rule set differs:
 * say so, so that a judge of human games finds the option. */
static const char *human_hint(xq_end how)
{
    return how == XQ_END_REPETITION || how == XQ_END_PERPETUAL_CHECK
               ? " (under --rules human a repetition does not end the game)" : "";
}

/* Where the current position first came (history index), and how many times it
 * has come: the cycle the engine judges (xiangqi.h, xq_game_outcome) is the
 * moves after that index. Same positions as the engine compares: hash, then
 * board, since the last capture, same side to move. */
static size_t first_occurrence(const xq_game *g, int *count)
{
    size_t now = g->plies, first = now;
    size_t window = (size_t)g->pos.halfmove < now ? (size_t)g->pos.halfmove : now;
    const xq_game_entry *cur = &g->hist[now];
    *count = 1;
    for (size_t back = 2; back <= window; back += 2) {
        const xq_game_entry *e = &g->hist[now - back];
        if (e->hash == cur->hash && memcmp(e->board, cur->board, sizeof e->board) == 0) {
            first = now - back;
            ++*count;
        }
    }
    return first;
}

/* What the contest rules would make of a repetition, as a judge says it. */
static void repetition_verdict(char *buf, size_t n, xq_outcome o, xq_end how)
{
    if (how == XQ_END_PERPETUAL_CHECK) {
        const char *checker = o == XQ_RED_WINS ? "black" : "red";
        snprintf(buf, n, "%s loses by perpetual check, %s", checker, xq_outcome_result(o));
    } else {
        snprintf(buf, n, "a draw by repetition, 1/2-1/2");
    }
}

/* Human rules: the position after the move at ply index `ply` (move m) has
 * come a third time or more. Warn, at the move, what the contest rules would
 * rule there. */
static void warn_repetition(xq_check *c, const bo_verdict_sink *sink, const char *file, int game,
                            const bo_rmove *m, xq_outcome o, xq_end how, int f0, xq_side s0, int ply)
{
    int count;
    size_t first = first_occurrence(&c->game, &count);
    char times[16], verdict[200];
    if (count == 3) snprintf(times, sizeof times, "a third");
    else snprintf(times, sizeof times, "a %dth", count);
    repetition_verdict(verdict, sizeof verdict, o, how);
    clip_text(c->move_text, sizeof c->move_text, m->text);
    snprintf(c->warn, sizeof c->warn,
             "position repeated %s time (plies %zu..%zu) by move %d (%s) %s; under the contest rules "
             "(--rules ccgc) this ends the game: %s%s; under --rules human play goes on",
             times, first + 1, (size_t)ply + 1, move_no(f0, s0, ply), side_name((xq_side)(((int)s0 + ply) & 1)),
             c->move_text, verdict, how == XQ_END_PERPETUAL_CHECK ? " (every move of the cycle by that side gave check)" : "");
    c->repetitions++;
    warn_at(c, sink, file, game, m->line, m->col);
}

/* Human rules: the move at ply index `ply` (move m) completes 60 moves by
 * each side without a capture. Warn, at the move, what the contest rules rule. */
static void warn_natural_limit(xq_check *c, const bo_verdict_sink *sink, const char *file, int game,
                               const bo_rmove *m, int f0, xq_side s0, int ply)
{
    clip_text(c->move_text, sizeof c->move_text, m->text);
    snprintf(c->warn, sizeof c->warn,
             "60 moves by each side without a capture are complete with move %d (%s) %s; under the contest rules "
             "(--rules ccgc) this ends the game: a draw by the natural limit, 1/2-1/2; under --rules human play goes on",
             move_no(f0, s0, ply), side_name((xq_side)(((int)s0 + ply) & 1)), c->move_text);
    c->limits++;
    warn_at(c, sink, file, game, m->line, m->col);
}

/* The fault of a move played after the game was over. */
static void after_end(xq_check *c, bo_verdict *v, const bo_rmove *m, xq_outcome o, xq_end how,
                      int f0, xq_side s0, int ply)
{
    char end[400];
    describe_end(end, sizeof end, o, how, f0, s0, c->end_ply >= 0 ? c->end_ply : ply);
    clip_text(c->move_text, sizeof c->move_text, m->text);
    v->move_text = c->move_text;
    snprintf(c->message, sizeof c->message, "the game was already over: %s%s", end, human_hint(how));
    fault(c, v, "after-end", m->line, m->col);
    if (o != XQ_ONGOING) v->rules_result = xq_outcome_result(o);
    add_byte_offset(c, m);
}

/* Does source position (l1, c1) come before (l2, c2)? */
static bool before(int l1, int c1, int l2, int c2) { return l1 < l2 || (l1 == l2 && c1 < c2); }

/* The main line: xq_check_record without the variations. */
static int check_main(xq_check *c, const char *file, const bo_record *r, const bo_verdict_sink *sink, bo_verdict *v)
{
    bo_verdict_init(v, file, r->index);
    v->players[0] = bo_record_tag(r, "Red");
    v->players[1] = bo_record_tag(r, "Black");
    const char *said = r->result ? xq_result_normalise(r->result, strlen(r->result)) : NULL;
    v->claimed = said && strcmp(said, "*") != 0 ? said : NULL;
    c->nmoves = 0;
    c->outcome = XQ_ONGOING;
    c->end = XQ_END_NONE;
    c->end_ply = -1;
    c->repetitions = 0;
    c->limits = 0;
    c->message[0] = c->move_text[0] = c->ending[0] = '\0';

    const bo_note *err_note = NULL;
    for (int i = 0; i < r->nnotes; i++) {
        const bo_note *n = &r->notes[i];
        if (n->kind == BO_NOTE_WARNING) {
            snprintf(c->warn, sizeof c->warn, "%s", n->text);
            warn_at(c, sink, file, r->index, n->line, n->col);
        } else if (!err_note || before(n->line, n->col, err_note->line, err_note->col)) {
            err_note = n;
        }
    }

    if (r->fen) {
        char err[256];
        if (xq_pos_from_fen(&c->start, r->fen, err, sizeof err) != 0) {
            int line = r->line;
            for (int i = 0; i < r->ntags; i++)
                if (strcasecmp(r->tags[i].name, "FEN") == 0) line = r->tags[i].line;
            snprintf(c->message, sizeof c->message, "impossible start position [FEN \"%s\"]: %s", r->fen, err);
            fault(c, v, "position", line, 1);
            return 0;
        }
    } else {
        xq_pos_start(&c->start);
    }
    if (r->nmoves > c->cap) {
        int nc = c->cap ? c->cap : 256;
        while (nc < r->nmoves) nc *= 2;
        xq_move *nm = realloc(c->moves, (size_t)nc * sizeof *nm);
        if (!nm) return -1;
        c->moves = nm;
        c->cap = nc;
    }
    if (c->live) { xq_game_free(&c->game); c->live = false; }
    if (xq_game_init(&c->game, &c->start) != 0) return -1;
    c->live = true;

    const xq_side s0 = c->start.side;
    const int f0 = c->start.fullmove > 0 ? c->start.fullmove : 1;
    xq_notation hint = notation_hint(r->notation);
    bool warned_number = false, warned_notation = false;
    /* Human rules: inside a repetition (each ply a third or later occurrence),
     * warned of at its first ply; what the contest rules would make of it. */
    bool in_rep = false;
    xq_outcome rep_o = XQ_ONGOING;
    xq_end rep_how = XQ_END_NONE;
    /* Mate and stalemate are known without generating every move of every
     * position: a position from which the record plays a legal move has one.
     * Only the final position, and one before a faulty move, are searched. */
    xq_end how = XQ_END_NONE;
    xq_outcome o = may_have_ended(&c->game) ? xq_game_outcome(&c->game, &how) : XQ_ONGOING;
    if (c->rules == XQ_RULES_HUMAN && o != XQ_ONGOING && how != XQ_END_CHECKMATE && how != XQ_END_STALEMATE) {
        o = XQ_ONGOING;   /* a start past the natural limit, or a repetition: the arbiter's matter */
        how = XQ_END_NONE;
    }
    if (o != XQ_ONGOING) { c->outcome = o; c->end = how; c->end_ply = 0; }

    for (int i = 0; i < r->nmoves; i++) {
        const bo_rmove *m = &r->moves[i];
        const xq_pos *p = &c->game.pos;
        const int mn = move_no(f0, s0, i);
        if (err_note && m->line > 0 && before(err_note->line, err_note->col, m->line, m->col)) break;
        v->move_no = mn;
        v->side = side_name(p->side);
        v->moves = i;
        if (o != XQ_ONGOING) {
            after_end(c, v, m, o, how, f0, s0, i);
            return 0;
        }
        if (m->number > 0 && m->number != mn && !warned_number) {
            snprintf(c->warn, sizeof c->warn, "move %d (%s) is numbered %d", mn, v->side, m->number);
            warn_at(c, sink, file, r->index, m->line, m->col);
            warned_number = true;
        }
        xq_move mv;
        xq_notation det = XQ_NOTE_AUTO;
        size_t len = strlen(m->text);
        char err[400];
        int rc = xq_parse_move(p, m->text, len, hint, &mv, &det, err, sizeof err);
        if (rc != 0 && hint != XQ_NOTE_AUTO) {
            char err2[400];
            if (xq_parse_move(p, m->text, len, XQ_NOTE_AUTO, &mv, &det, err2, sizeof err2) == 0) {
                rc = 0;
                if (!warned_notation) {
                    clip_text(c->move_text, sizeof c->move_text, m->text);
                    snprintf(c->warn, sizeof c->warn, "the record says its moves are %s, but move %d (%s) %s is %s",
                             xq_notation_name(hint), mn, v->side, c->move_text, xq_notation_name(det));
                    warn_at(c, sink, file, r->index, m->line, m->col);
                    warned_notation = true;
                }
            }
        }
        char why[400];
        const char *reason = rc == 0 ? xq_illegal_reason(p, mv, why, sizeof why) : NULL;
        if (rc != 0 || reason) {
            if ((o = no_move_outcome(&c->game, &how)) != XQ_ONGOING) {
                c->outcome = o; c->end = how; c->end_ply = i;
                after_end(c, v, m, o, how, f0, s0, i);
                return 0;
            }
            clip_text(c->move_text, sizeof c->move_text, m->text);
            v->move_text = c->move_text;
            snprintf(c->message, sizeof c->message, "%s", rc != 0 ? err : reason);
            fault(c, v, rc != 0 ? "parse" : "illegal", m->line, m->col);
            add_byte_offset(c, m);
            return 0;
        }
        if (xq_game_play(&c->game, mv) != 0) return -1;
        c->moves[c->nmoves++] = mv;
        o = may_have_ended(&c->game) ? xq_game_outcome(&c->game, &how) : XQ_ONGOING;
        bool repeated = o != XQ_ONGOING && (how == XQ_END_REPETITION || how == XQ_END_PERPETUAL_CHECK);
        if (c->rules == XQ_RULES_HUMAN && repeated) {
            if (!in_rep) warn_repetition(c, sink, file, r->index, m, o, how, f0, s0, i);
            rep_o = o;
            rep_how = how;
            /* Repetition and the natural limit are both the arbiter's matter
             * under human rules (mate and stalemate were ruled out first). */
            o = XQ_ONGOING;
            how = XQ_END_NONE;
        }
        if (c->rules == XQ_RULES_HUMAN && c->game.pos.halfmove >= XQ_NATURAL_LIMIT_PLIES &&
            (o == XQ_ONGOING || how == XQ_END_NATURAL_LIMIT)) {
            if (c->game.pos.halfmove == XQ_NATURAL_LIMIT_PLIES) warn_natural_limit(c, sink, file, r->index, m, f0, s0, i);
            o = XQ_ONGOING;
            how = XQ_END_NONE;
        }
        in_rep = c->rules == XQ_RULES_HUMAN && repeated;
        if (o != XQ_ONGOING) { c->outcome = o; c->end = how; c->end_ply = i + 1; }
    }
    if (!err_note && o == XQ_ONGOING && (o = no_move_outcome(&c->game, &how)) != XQ_ONGOING) {
        c->outcome = o; c->end = how; c->end_ply = c->nmoves;
    }
    v->moves = c->nmoves;
    v->move_no = 0;
    v->side = NULL;
    v->move_text = NULL;
    if (err_note) {
        snprintf(c->message, sizeof c->message, "%s", err_note->text);
        v->moves = c->nmoves;
        fault(c, v, "parse", err_note->line, err_note->col);
        return 0;
    }

    const char *claim = r->result ? xq_result_normalise(r->result, strlen(r->result)) : NULL;
    if (o != XQ_ONGOING) {
        const char *est = xq_outcome_result(o);
        char end[400];
        describe_end(end, sizeof end, o, how, f0, s0, c->end_ply);
        if (claim && strcmp(claim, "*") != 0 && strcmp(claim, est) != 0) {
            snprintf(c->message, sizeof c->message, "the record claims %s, but the moves give %s: %s%s", claim, est,
                     end, human_hint(how));
            fault(c, v, "result", r->result_line, r->result_col);
            v->rules_result = est;
            return 0;
        }
        snprintf(c->result, sizeof c->result, "%s", est);
        v->result = c->result;
        v->ending = ending_name(how);
        if (how == XQ_END_PERPETUAL_CHECK) {
            snprintf(c->ending, sizeof c->ending, "perpetual check by %s, which loses", o == XQ_RED_WINS ? "black" : "red");
            v->ending = c->ending;
        }
        return 0;
    }
    v->result = "*";
    char rep[160] = "";
    if (in_rep) {
        char verdict[64];
        repetition_verdict(verdict, sizeof verdict, rep_o, rep_how);
        snprintf(rep, sizeof rep, "; it ends in a repetition, which the contest rules score: %s", verdict);
    }
    if (claim && strcmp(claim, "*") != 0) {
        /* The result policy (result_policy.h): a reason (the Termination tag) makes it
         * a note; none a warning, a fault under --strict and --rules ccgc named. */
        const char *term = bo_record_tag(r, "Termination");
        bo_reason why = bo_reason_from_text(term);
        bool contest = c->contest;
        bo_claim_action a = bo_claim_unreached(why, c->strict, contest);
        if (a == BO_CLAIM_FAULT) {
            bo_claim_words(c->message, sizeof c->message, a, claim, why, NULL, c->strict, contest);
            fault(c, v, "result", r->result_line, r->result_col);
            return 0;
        }
        if (a == BO_CLAIM_NOTE)
            snprintf(c->ending, sizeof c->ending, "not over on the board%s; the record says %s by %s (Termination \"%.100s\")",
                     rep, claim, bo_reason_name(why), term);
        else
            snprintf(c->ending, sizeof c->ending, "not over on the board%s; the record says %s", rep, claim);
        v->ending = c->ending;
        if (a == BO_CLAIM_WARN) {
            bo_claim_words(c->warn, sizeof c->warn, a, claim, why, NULL, c->strict, contest);
            warn_at(c, sink, file, r->index, r->result_line, r->result_col);
        }
    } else if (in_rep) {
        snprintf(c->ending, sizeof c->ending, "not over on the board%s", rep);
        v->ending = c->ending;
    }
    return 0;
}

int xq_check_record(xq_check *c, const char *file, const bo_record *r,
                    const bo_verdict_sink *sink, bo_verdict *v)
{
    if (check_main(c, file, r, sink, v) != 0) return -1;
    xq_check_variations(c, file, r, sink, v);
    return 0;
}
