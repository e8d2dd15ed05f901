/* dr_validate.c -- replay a draughts record and judge it: the first illegal move, a
 * move after the end, a result the moves contradict. */
#include "dr_validate.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dr_moves_text.h"
#include "dr_pdn.h"
#include "result_policy.h"

/* ---- results ----------------------------------------------------------------------- */

/* A number of a result score: "1", "0.98", "-0.98", "1/2", "1 1/2". */
static bool score_number(const char **ps, double *v)
{
    const char *s = *ps;
    bool neg = false;
    if (*s == '-' && isdigit((unsigned char)s[1])) { neg = true; s++; }
    if (!isdigit((unsigned char)*s)) return false;
    char *end;
    double x = strtod(s, &end);
    if (end == s) return false;
    s = end;
    if (*s == '/' && isdigit((unsigned char)s[1])) {            /* "1/2" */
        double d = strtod(s + 1, &end);
        if (d == 0) return false;
        x /= d;
        s = end;
    } else if (*s == ' ' && isdigit((unsigned char)s[1])) {     /* "1 1/2" */
        const char *t = s + 1;
        double a = strtod(t, &end);
        if (*end == '/' && isdigit((unsigned char)end[1])) {
            double d = strtod(end + 1, &end);
            if (d != 0) { x += a / d; s = end; }
        }
    }
    *v = neg ? -x : x;
    *ps = s;
    return true;
}

dr_claim dr_result_claim(const char *s)
{
    if (!s) return DR_CLAIM_UNKNOWN;
    while (*s == ' ') s++;
    if (*s == '\0' || strcmp(s, "*") == 0 || strcmp(s, "?") == 0) return DR_CLAIM_UNKNOWN;
    char t[64];
    size_t k = 0;
    for (const char *q = s; *q && k < sizeof t - 1; q++) if (*q != ' ') t[k++] = *q;
    t[k] = '\0';
    if (strcmp(t, "1+-1-") == 0) return DR_CLAIM_WHITE;
    if (strcmp(t, "1--1+") == 0) return DR_CLAIM_BLACK;
    double a, b;
    const char *q = s;
    if (!score_number(&q, &a)) return DR_CLAIM_UNREADABLE;
    while (*q == ' ') q++;
    if (*q != '-') return DR_CLAIM_UNREADABLE;
    q++;
    while (*q == ' ') q++;
    if (!score_number(&q, &b)) return DR_CLAIM_UNREADABLE;
    while (*q == ' ') q++;
    if (*q) return DR_CLAIM_UNREADABLE;
    if (a > b) return DR_CLAIM_WHITE;
    if (a < b) return DR_CLAIM_BLACK;
    return a == 0 ? DR_CLAIM_BOTH_LOSE : DR_CLAIM_DRAW;
}

/* The claim of the game termination marker, else of the Result tag, as white's
 * score (standings read it from the verdict). */
static const char *claim_score(const bo_record *r)
{
    dr_claim c = dr_result_claim(r->result);
    if (c == DR_CLAIM_UNKNOWN || c == DR_CLAIM_UNREADABLE) c = dr_result_claim(bo_record_tag(r, "Result"));
    switch (c) {
    case DR_CLAIM_WHITE: return "1-0";
    case DR_CLAIM_BLACK: return "0-1";
    case DR_CLAIM_DRAW: return "1/2-1/2";
    case DR_CLAIM_BOTH_LOSE: return "0-0";
    default: return NULL;
    }
}

static const char *claim_words(dr_claim c)
{
    switch (c) {
    case DR_CLAIM_WHITE: return "a win for white";
    case DR_CLAIM_BLACK: return "a win for black";
    case DR_CLAIM_DRAW: return "a draw";
    case DR_CLAIM_BOTH_LOSE: return "a loss for both";
    default: return "no result";
    }
}

/* ---- the judge's state -------------------------------------------------------------- */

typedef struct judge {
    const bo_record *r;
    const char *file;
    const bo_verdict_sink *sink;
    bo_verdict v;
    char msg[512], result[64], move_text[96], ending[256];
    dr_rules rules;
    dr_game g;
    bool have_game;
    int plies;
    int fullmove;             /* move number as a player counts */
    dr_validate_options opt;
    bool renumber;            /* Spanish N1 record: squares s -> 33 - s (dr_written_renumbered) */
    dr_line *line;            /* the main line as played, NULL: not wanted */
    bool line_fresh;          /* no move of the line played yet (a set-up still starts it) */
} judge;

/* The line's start becomes P while no move has been played; a set-up after a move
 * ends the line (what follows is not one game from one start). */
static void line_start(judge *j, const dr_pos *p)
{
    if (!j->line) return;
    if (j->line_fresh) j->line->start = *p;
    else j->line->ended = true;
}

/* Move MV (of the LEGAL list of NL moves) played at record move I: appended to the
 * line in the descriptor's encoding. */
static void line_move(judge *j, const dr_move *legal, int nl, const dr_move *mv, int i)
{
    dr_line *l = j->line;
    j->line_fresh = false;
    if (!l || l->ended || l->oom) return;
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 256;
        uint32_t *mm = realloc(l->moves, (size_t)cap * sizeof *mm);
        if (mm) l->moves = mm;
        int *ii = realloc(l->index, (size_t)cap * sizeof *ii);
        if (ii) l->index = ii;
        if (!mm || !ii) { l->oom = true; return; }
        l->cap = cap;
    }
    l->moves[l->n] = dr_desc_move(legal, nl, mv);
    l->index[l->n++] = i;
}

static const char *side_name(dr_side s) { return s == DR_WHITE ? "white" : "black"; }

/* A FEN read onto the board of the game's variant. */
static int read_fen(const judge *j, dr_pos *p, const char *fen, bool *unknown, char *err, size_t n)
{
    if (dr_pos_from_fen(p, fen, unknown, err, n) != 0) return -1;
    if (dr_pos_set_variant(p, j->rules.variant, err, n) != 0) return -1;
    if (j->renumber) dr_pos_renumber(p);
    return 0;
}

static void warn(judge *j, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void warn(judge *j, int line, int col, const char *fmt, ...)
{
    if (!j->sink->warning) return;
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    bo_warning w = {j->file, j->r->index, line, col, buf};
    j->sink->warning(j->sink->ctx, &w);
}

/* Fill the verdict for a fault and hand it over. */
static bo_verdict_status fault(judge *j, bo_verdict_status st, const char *kind, int line, int col,
                               const bo_rmove *m, const char *fmt, ...) __attribute__((format(printf, 7, 8)));
static bo_verdict_status fault(judge *j, bo_verdict_status st, const char *kind, int line, int col,
                               const bo_rmove *m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(j->msg, sizeof j->msg, fmt, ap);
    va_end(ap);
    j->v.status = st;
    j->v.kind = kind;
    j->v.message = j->msg;
    j->v.line = line;
    j->v.col = col;
    j->v.moves = j->plies;
    if (m) {
        snprintf(j->move_text, sizeof j->move_text, "%s", m->text);
        j->v.move_text = j->move_text;
        j->v.move_no = j->fullmove;
        if (j->have_game) j->v.side = side_name(dr_game_pos(&j->g)->side);
    }
    j->sink->verdict(j->sink->ctx, &j->v);
    return st;
}

static int tag_line(const bo_record *r, const char *name)
{
    for (int i = 0; i < r->ntags; i++)
        if (strcasecmp(r->tags[i].name, name) == 0) return r->tags[i].line;
    return r->line;
}

/* Why a game that does not say its game type may be an 8x8 game: every square number
 * in it (FEN and moves) is at most 32, or its moves use alphanumeric squares, which the
 * grammar limits to a1..h8.  NULL when nothing suggests it. */
static const char *looks_8x8(const bo_record *r)
{
    int maxsq = 0;
    for (const char *f = r->fen; f && *f; f++)
        if (isdigit((unsigned char)*f) && (f == r->fen || !isdigit((unsigned char)f[-1]))) {
            int v = 0;   /* saturating, so a long digit run is just "large" */
            for (const char *d = f; isdigit((unsigned char)*d) && v < 1000000; d++) v = v * 10 + (*d - '0');
            if (v > maxsq) maxsq = v;
        }
    for (int i = 0; i < r->nmoves; i++) {
        dr_written w;
        char e[8];
        if (r->moves[i].text[0] == '/' || dr_written_parse(r->moves[i].text, &w, e, sizeof e) != 0) continue;
        if (w.alpha) return "its moves are written with squares a1..h8";
        for (int k = 0; k < w.n; k++) if (w.sq[k] > maxsq) maxsq = w.sq[k];
    }
    return maxsq > 0 && maxsq <= 32 ? "no square above 32 occurs" : NULL;
}

/* When a game without a GameType tag fails at its start (its position or its first
 * move) or starts from a FEN, say if it looks like an 8x8 game. */
static void hint_8x8(judge *j)
{
    if (j->plies > 0 && !j->r->fen) return;
    if (j->rules.variant != DR_INTERNATIONAL) return;
    const char *why = bo_record_tag(j->r, "GameType") ? NULL : looks_8x8(j->r);
    if (!why) return;
    warn(j, j->r->line, 1, "no GameType tag, so this game is read as international draughts (GameType 20), "
         "but %s: it may be an 8x8 game (--rules english, italian, pool, spanish, russian, brazilian or czech)", why);
}

/* (Re)start the replay from P. */
static int start_game(judge *j, const dr_pos *p)
{
    if (j->have_game) dr_game_free(&j->g);
    j->have_game = false;
    char err[128];
    if (dr_game_init(&j->g, &j->rules, p, err, sizeof err) != 0) return -1;
    j->have_game = true;
    return 0;
}

/* A position with the other side to move (for FENs that say '?'). */
static dr_pos flipped(const dr_pos *p)
{
    dr_pos q = *p;
    q.side = p->side == DR_WHITE ? DR_BLACK : DR_WHITE;
    q.hash = dr_pos_hash(&q);
    return q;
}

/* ---- the end of the game -------------------------------------------------------------- */

static const char *draw_rule_claimed(const char *term, dr_reason *rule)
{
    if (!term) return NULL;
    char low[128];
    size_t k = 0;
    for (; term[k] && k < sizeof low - 1; k++) low[k] = (char)tolower((unsigned char)term[k]);
    low[k] = '\0';
    if (strstr(low, "repetition") || strstr(low, "threefold")) { *rule = DR_REASON_THREEFOLD; return "threefold repetition"; }
    if (strstr(low, "25")) { *rule = DR_REASON_MOVE25; return "the 25-move rule"; }
    if (strstr(low, "40")) { *rule = DR_REASON_EN40; return "the 40-move rule"; }
    if (strstr(low, "20")) { *rule = DR_REASON_BR20; return "the 20-move rule"; }
    if (strstr(low, "13")) { *rule = DR_REASON_POOL_3V1; return "the 13-move rule"; }
    if (strstr(low, "three kings") || strstr(low, "3 kings")) { *rule = DR_REASON_RU_3V1; return "the three-kings rule"; }
    if (strstr(low, "30") || strstr(low, "60")) { *rule = DR_REASON_RU_MATERIAL; return "the 30/60-move rule"; }
    if (strstr(low, "15")) { *rule = DR_REASON_RU15; return "the 15-move rule"; }
    if (strstr(low, "16")) { *rule = DR_REASON_MOVE16; return "the 16-move rule"; }
    if (strstr(low, "5-move") || strstr(low, "5 move") || strstr(low, "five")) { *rule = DR_REASON_MOVE5; return "the 5-move rule"; }
    return NULL;
}

/* The claimed result against what the moves establish. */
static bo_verdict_status judge_end(judge *j)
{
    const bo_record *r = j->r;
    dr_reason reason;
    dr_outcome out = dr_game_outcome(&j->g, &reason);
    const dr_pos *p = dr_game_pos(&j->g);
    const char *tag = bo_record_tag(r, "Result");
    const char *term = r->result;
    dr_claim ct = dr_result_claim(tag), cr = dr_result_claim(term);
    int line = r->result_line ? r->result_line : tag_line(r, "Result");
    int col = r->result_line ? r->result_col : 1;
    if (ct == DR_CLAIM_UNREADABLE && tag)
        warn(j, tag_line(r, "Result"), 1, "result '%s' is not a result format this reader knows; not checked", tag);
    if (ct != DR_CLAIM_UNKNOWN && ct != DR_CLAIM_UNREADABLE && cr != DR_CLAIM_UNKNOWN && ct != cr)
        return fault(j, BO_VERDICT_INVALID, "result", line, col, NULL,
                     "the Result tag says %s (%s) but the game ends with %s (%s)", tag, claim_words(ct), term,
                     claim_words(cr));
    dr_claim claim = cr != DR_CLAIM_UNKNOWN ? cr : ct;
    const char *said = cr != DR_CLAIM_UNKNOWN ? term : tag;
    if (claim == DR_CLAIM_UNREADABLE) claim = DR_CLAIM_UNKNOWN;
    if (out == DR_WHITE_WINS || out == DR_BLACK_WINS) {
        dr_claim won = out == DR_WHITE_WINS ? DR_CLAIM_WHITE : DR_CLAIM_BLACK;
        if (claim == DR_CLAIM_WHITE || claim == DR_CLAIM_BLACK || claim == DR_CLAIM_DRAW) {
            if (claim != won) {
                j->v.rules_result = won == DR_CLAIM_WHITE ? "1-0" : "0-1";
                return fault(j, BO_VERDICT_INVALID, "result", line, col, NULL,
                             "the result %s contradicts the moves: %s has %s, so %s has won", said,
                             side_name(p->side), (p->side == DR_WHITE ? p->white : p->black) ? "no legal move" : "no pieces left",
                             side_name(p->side == DR_WHITE ? DR_BLACK : DR_WHITE));
            }
        }
        snprintf(j->result, sizeof j->result, "%s", out == DR_WHITE_WINS ? "2-0" : "0-2");
    } else if (out == DR_DRAW) {
        if (claim == DR_CLAIM_WHITE || claim == DR_CLAIM_BLACK)
            return fault(j, BO_VERDICT_INVALID, "result", line, col, NULL,
                         "the result %s contradicts the moves: the game was drawn by %s", said, dr_reason_name(reason));
        snprintf(j->result, sizeof j->result, "1-1");
    } else {
        if ((claim == DR_CLAIM_WHITE && !p->white) || (claim == DR_CLAIM_BLACK && !p->black))
            return fault(j, BO_VERDICT_INVALID, "result", line, col, NULL,
                         "the result %s contradicts the moves: %s has no pieces left", said,
                         claim == DR_CLAIM_WHITE ? "white" : "black");
        snprintf(j->result, sizeof j->result, "%s", said && *said ? said : "*");
        bool rule_named = draw_rule_claimed(bo_record_tag(r, "Termination"), &(dr_reason){0}) != NULL;
        if (claim == DR_CLAIM_WHITE || claim == DR_CLAIM_BLACK || (claim == DR_CLAIM_DRAW && !rule_named)) {
            /* a result the board does not reach: the result policy (result_policy.h); a
             * draw that names a draw rule is checked against that rule below */
            const char *term = bo_record_tag(r, "Termination");
            bo_reason why = bo_reason_from_text(term);
            bo_claim_action a = bo_claim_unreached(why, j->opt.strict, j->opt.contest);
            char words[400];
            bo_claim_words(words, sizeof words, a, said, why, NULL, j->opt.strict, j->opt.contest);
            if (a == BO_CLAIM_FAULT) return fault(j, BO_VERDICT_INVALID, "result", line, col, NULL, "%s", words);
            if (a == BO_CLAIM_WARN) warn(j, line, col, "%s", words);
            if (a == BO_CLAIM_NOTE)
                snprintf(j->ending, sizeof j->ending, "not over on the board; the record says %s by %s (Termination "
                         "\"%.100s\")", said, bo_reason_name(why), term);
            else
                snprintf(j->ending, sizeof j->ending, "not over on the board; the record says %s", said);
        }
    }
    /* A draw the record says a rule made: did that rule apply? */
    dr_reason rule;
    const char *named = draw_rule_claimed(bo_record_tag(r, "Termination"), &rule);
    if (named && claim == DR_CLAIM_DRAW && !(out == DR_DRAW && reason == rule)) {
        const dr_ply *h = &j->g.hist[j->g.len - 1];
        bool holds = (rule == DR_REASON_THREEFOLD && dr_game_repetitions(&j->g) >= 3) ||
                     (rule == DR_REASON_MOVE25 && h->quiet_king >= 50) ||
                     (rule == DR_REASON_MOVE16 && h->ending16 >= 32) ||
                     (rule == DR_REASON_MOVE5 && h->ending5 >= 10);
        if (rule == DR_REASON_RU_3V1 && dr_game_pos(&j->g)->variant == DR_POOL) rule = DR_REASON_POOL_3V1;
        bool own = rule == DR_REASON_EN40 || rule == DR_REASON_BR20 || rule == DR_REASON_RU15 ||
                   rule == DR_REASON_RU_3V1 || rule == DR_REASON_RU_MATERIAL || rule == DR_REASON_POOL_3V1;
        if (own) holds = dr_game_rule_holds(&j->g, rule);
        if (!holds) {
            char detail[160];
            if (own)
                snprintf(detail, sizeof detail, "that rule (%s) does not hold at the end of the moves", dr_reason_name(rule));
            else if (rule == DR_REASON_THREEFOLD)
                snprintf(detail, sizeof detail, "the final position occurred %d time%s", dr_game_repetitions(&j->g),
                         dr_game_repetitions(&j->g) == 1 ? "" : "s");
            else if (rule == DR_REASON_MOVE25)
                snprintf(detail, sizeof detail, "only %d plies in a row were king moves without capture (50 needed)", h->quiet_king);
            else if ((rule == DR_REASON_MOVE16 ? h->ending16 : h->ending5) < 0)
                snprintf(detail, sizeof detail, "the final material is not that ending");
            else
                snprintf(detail, sizeof detail, "the ending lasted %d plies (%d needed)",
                         rule == DR_REASON_MOVE16 ? h->ending16 : h->ending5, rule == DR_REASON_MOVE16 ? 32 : 10);
            return fault(j, BO_VERDICT_INVALID, "result", tag_line(r, "Termination"), 1, NULL,
                         "the record claims a draw by %s, but %s", named, detail);
        }
    }
    j->v.status = BO_VERDICT_OK;
    j->v.moves = j->plies;
    j->v.result = j->result;
    j->v.ending = out != DR_ONGOING ? dr_reason_name(reason) : j->ending[0] ? j->ending : NULL;
    j->sink->verdict(j->sink->ctx, &j->v);
    return BO_VERDICT_OK;
}

/* ---- set-up positions and variations ---------------------------------------------- */

/* A set-up position no game can reach (dr_pos_unreachable): a warning, or with --strict
 * a "position" fault.  Returns -1 when a verdict was given. */
static int check_reachable(judge *j, const dr_pos *p, const char *what, const char *fen, int line, int col,
                           bo_verdict_status *st)
{
    char why[160];
    if (!dr_pos_unreachable(p, why, sizeof why)) return 0;
    if (j->opt.strict) {
        *st = fault(j, BO_VERDICT_INVALID, "position", line, col, NULL, "%s '%s' cannot occur in a game: %s", what, fen, why);
        return -1;
    }
    warn(j, line, col, "%s '%s' cannot occur in a game: %s (read as a composed position)", what, fen, why);
    hint_8x8(j);
    return 0;
}

/* An illegal move in a variation: a warning, or with --variation-errors the verdict.
 * Returns -1 when a verdict was given. */
static int variation_fault(judge *j, const bo_rmove *m, int fullmove, dr_side side, const char *kind,
                           const char *why, bo_verdict_status *st)
{
    if (j->opt.variation_errors) {
        int saved = j->fullmove;
        bool had = j->have_game;
        j->fullmove = fullmove;
        j->have_game = false;              /* so that fault() keeps the variation's side */
        j->v.side = side_name(side);
        *st = fault(j, BO_VERDICT_INVALID, kind, m->line, m->col, m, "in a variation: %s", why);
        j->have_game = had;
        j->fullmove = saved;
        return -1;
    }
    warn(j, m->line, m->col, "in a variation: move %d (%s) %s: %s", fullmove, side_name(side), m->text, why);
    return 0;
}

/* Replay variation L from P (the position before the move it replaces), its own
 * variations likewise.  A line stops at its first illegal or unknown move; the others
 * go on.  Returns -1 when a verdict was given (--variation-errors). */
static int check_line(judge *j, const bo_rline *l, dr_pos p, int fullmove, int depth, bo_verdict_status *st)
{
    if (depth > 200) return 0;
    for (int i = 0; i < l->nmoves; i++) {
        const bo_rmove *m = &l->moves[i];
        if (m->number > 0) fullmove = m->number;
        for (int v = 0; v < m->nvars; v++)
            if (check_line(j, m->vars[v], p, fullmove, depth + 1, st) != 0) return -1;
        char why[256], note[160];
        if (m->text[0] == '/') {
            char fen[256];
            bool unknown = false;
            dr_pdn_setup_fen(m->text, fen, sizeof fen);
            if (read_fen(j, &p, fen, &unknown, why, sizeof why) != 0) {
                char msg[600];
                snprintf(msg, sizeof msg, "bad setup position '%s': %s", fen, why);
                return variation_fault(j, m, fullmove, p.side, "position", msg, st);
            }
            if (check_reachable(j, &p, "setup position", fen, m->line, m->col, st) != 0) return -1;
            continue;
        }
        if (strcmp(m->text, "...") == 0) {
            if (p.side == DR_BLACK) continue;
            return 0;   /* an unknown move: nothing after it can be checked */
        }
        dr_written w;
        if (dr_written_parse(m->text, &w, why, sizeof why) != 0)
            return variation_fault(j, m, fullmove, p.side, "illegal", why, st);
        if (j->renumber) dr_written_renumber(&w);
        dr_move legal[DR_MAX_MOVES], mv;
        int nl = dr_gen_moves(&p, legal);
        if (nl == 0) {
            snprintf(why, sizeof why, "the game was already over: %s has %s", side_name(p.side),
                     (p.side == DR_WHITE ? p.white : p.black) ? "no legal move" : "no pieces left");
            return variation_fault(j, m, fullmove, p.side, "after-end", why, st);
        }
        if (dr_resolve_move_in(&p, legal, nl, &w, &mv, why, sizeof why, note, sizeof note) != DR_RESOLVE_OK)
            return variation_fault(j, m, fullmove, p.side, "illegal", why, st);
        if (note[0]) warn(j, m->line, m->col, "in a variation: %s", note);
        if (p.side == DR_BLACK) fullmove++;
        dr_make(&p, &mv);
    }
    return 0;
}

/* ---- replay ------------------------------------------------------------------------- */

/* Replay the moves; returns -1 when a verdict was given, 0 to go on to the end. */
static int replay(judge *j, bool side_unknown, bo_verdict_status *st)
{
    const bo_record *r = j->r;
    bool fresh = true;            /* no move played since the start or the last setup */
    for (int i = 0; i < r->nmoves; i++) {
        const bo_rmove *m = &r->moves[i];
        if (m->number > 0) j->fullmove = m->number;
        for (int v = 0; v < m->nvars; v++)
            if (check_line(j, m->vars[v], *dr_game_pos(&j->g), j->fullmove, 1, st) != 0) return -1;
        if (m->text[0] == '/') {
            char fen[256], err[160];
            dr_pdn_setup_fen(m->text, fen, sizeof fen);
            dr_pos p;
            side_unknown = false;
            if (read_fen(j, &p, fen, &side_unknown, err, sizeof err) != 0) {
                *st = fault(j, BO_VERDICT_INVALID, "position", m->line, m->col, NULL, "bad setup position '%s': %s", fen, err);
                return -1;
            }
            line_start(j, &p);
            if (check_reachable(j, &p, "setup position", fen, m->line, m->col, st) != 0) return -1;
            if (start_game(j, &p) != 0) { *st = fault(j, BO_VERDICT_INVALID, "position", m->line, m->col, NULL, "out of memory"); return -1; }
            fresh = true;
            continue;
        }
        const dr_pos *p = dr_game_pos(&j->g);
        if (strcmp(m->text, "...") == 0) {
            if (i == r->nmoves - 1) break;                     /* trailing: nothing more to check */
            if (p->side == DR_BLACK && (fresh || m->number > 0)) continue;   /* white's empty slot */
            *st = fault(j, BO_VERDICT_SKIPPED, "unsupported", m->line, m->col, m,
                        "a move left unknown ('...') for %s: the moves after it cannot be checked", side_name(p->side));
            return -1;
        }
        dr_written w;
        char why[256], note[160];
        if (dr_written_parse(m->text, &w, why, sizeof why) != 0) {
            *st = fault(j, BO_VERDICT_INVALID, "illegal", m->line, m->col, m, "%s", why);
            return -1;
        }
        if (j->renumber) dr_written_renumber(&w);
        /* Is the game over?  No legal move, or (only with draw rules in force) a draw. */
        dr_move legal[DR_MAX_MOVES];
        int nl = dr_gen_moves(p, legal);
        dr_reason reason = DR_REASON_NO_MOVES;
        dr_outcome out = nl == 0 ? (p->side == DR_WHITE ? DR_BLACK_WINS : DR_WHITE_WINS) : DR_ONGOING;
        if (nl != 0 && (j->rules.threefold || j->rules.move25 || j->rules.move16 || j->rules.move5))
            out = dr_game_outcome(&j->g, &reason);
        if (out != DR_ONGOING) {
            if (out == DR_DRAW)
                *st = fault(j, BO_VERDICT_INVALID, "after-end", m->line, m->col, m,
                            "the game was already over: drawn by %s", dr_reason_name(reason));
            else
                *st = fault(j, BO_VERDICT_INVALID, "after-end", m->line, m->col, m,
                            "the game was already over: %s has %s, so %s has won", side_name(p->side),
                            (p->side == DR_WHITE ? p->white : p->black) ? "no legal move" : "no pieces left",
                            side_name(p->side == DR_WHITE ? DR_BLACK : DR_WHITE));
            return -1;
        }
        dr_move mv;
        dr_resolve_status rs = dr_resolve_move_in(p, legal, nl, &w, &mv, why, sizeof why, note, sizeof note);
        if (rs != DR_RESOLVE_OK && side_unknown && fresh) {
            /* "?" in the FEN: the first move tells who is to move. */
            dr_pos q = flipped(p);
            char why2[256], note2[160];
            if (dr_resolve_move(&q, &w, &mv, why2, sizeof why2, note2, sizeof note2) == DR_RESOLVE_OK) {
                if (start_game(j, &q) != 0) return -1;
                line_start(j, &q);
                nl = dr_gen_moves(&q, legal);   /* the list the move is encoded in */
                p = dr_game_pos(&j->g);
                rs = DR_RESOLVE_OK;
                snprintf(note, sizeof note, "%s", note2);
            }
        }
        side_unknown = false;
        if (rs != DR_RESOLVE_OK) {
            hint_8x8(j);
            *st = fault(j, BO_VERDICT_INVALID, "illegal", m->line, m->col, m, "%s", why);
            return -1;
        }
        if (note[0]) warn(j, m->line, m->col, "%s", note);
        char err[200];
        dr_side mover = p->side;
        if (dr_game_play(&j->g, &mv, err, sizeof err) != 0) {
            *st = fault(j, BO_VERDICT_INVALID, "illegal", m->line, m->col, m, "%s", err);
            return -1;
        }
        j->plies++;
        line_move(j, legal, nl, &mv, i);
        fresh = false;
        if (mover == DR_BLACK) j->fullmove++;
    }
    return 0;
}

bo_verdict_status dr_validate_record(const bo_record *r, const char *file, const dr_rules *rules,
                                     const bo_verdict_sink *sink)
{
    return dr_validate_record_with(r, file, rules, NULL, sink);
}

bo_verdict_status dr_validate_record_with(const bo_record *r, const char *file, const dr_rules *rules,
                                          const dr_validate_options *opt, const bo_verdict_sink *sink)
{
    return dr_validate_record_line(r, file, rules, opt, sink, NULL);
}

bo_verdict_status dr_validate_record_line(const bo_record *r, const char *file, const dr_rules *rules,
                                          const dr_validate_options *opt, const bo_verdict_sink *sink, dr_line *line)
{
    judge j;
    memset(&j, 0, sizeof j);
    j.line = line;
    j.line_fresh = true;
    if (opt) j.opt = *opt;
    j.r = r;
    j.file = file;
    j.sink = sink;
    j.fullmove = 1;
    if (rules) j.rules = *rules;
    else dr_rules_default(&j.rules);
    if (line) {   /* until the judge knows better: the start of the rules in force */
        line->n = 0;
        line->ended = line->oom = false;
        dr_pos_start_variant(&line->start, j.rules.variant, j.rules.first);
    }
    bo_verdict_init(&j.v, file, r->index);
    const char *white = bo_record_tag(r, "White"), *black = bo_record_tag(r, "Black");
    j.v.players[0] = white;
    j.v.players[1] = black;
    j.v.claimed = claim_score(r);
    char event[256];
    if (white || black) {
        snprintf(event, sizeof event, "%s vs %s", white && *white ? white : "?", black && *black ? black : "?");
        j.v.event = event;
    }
    for (int i = 0; i < r->nnotes; i++)
        if (r->notes[i].kind == BO_NOTE_WARNING) warn(&j, r->notes[i].line, r->notes[i].col, "%s", r->notes[i].text);
    for (int i = 0; i < r->nnotes; i++)
        if (r->notes[i].kind == BO_NOTE_ERROR)
            return fault(&j, BO_VERDICT_INVALID, "parse", r->notes[i].line, r->notes[i].col, NULL, "%s", r->notes[i].text);

    char colour, notation[4];
    int type = dr_pdn_game_type(r, &colour, notation);
    if (type < 0)
        return fault(&j, BO_VERDICT_SKIPPED, "unsupported", tag_line(r, "GameType"), 1, NULL,
                     "GameType \"%s\" is not understood", bo_record_tag(r, "GameType"));
    int variant = dr_variant_of_game_type(type);
    if (variant < 0)
        return fault(&j, BO_VERDICT_SKIPPED, "unsupported", tag_line(r, "GameType"), 1, NULL,
                     "game type %d is not supported", type);
    if (bo_record_tag(r, "GameType") && (dr_variant)variant != j.rules.variant) {
        j.rules.variant = (dr_variant)variant;     /* the file's GameType overrides --rules */
        j.rules.first = dr_variant_first((dr_variant)variant);
    }
    if (j.rules.variant == DR_INTERNATIONAL && notation[0] == 'N' && strcmp(notation, "N2") != 0)
        warn(&j, tag_line(r, "GameType"), 1, "GameType notation %s ignored: squares are read in the standard "
             "numbering (square 1 at white's top left, N2)", notation);
    if (colour) j.rules.first = colour == 'B' ? DR_BLACK : DR_WHITE;
    j.renumber = dr_written_renumbered(j.rules.variant, notation);

    dr_pos start;
    bool side_unknown = false;
    if (r->fen) {
        char err[160];
        if (read_fen(&j, &start, r->fen, &side_unknown, err, sizeof err) != 0) {
            hint_8x8(&j);
            return fault(&j, BO_VERDICT_INVALID, "position", tag_line(r, "FEN"), 1, NULL, "bad FEN '%s': %s", r->fen, err);
        }
        line_start(&j, &start);
        bo_verdict_status fst;
        if (check_reachable(&j, &start, "FEN", r->fen, tag_line(r, "FEN"), 1, &fst) != 0) return fst;
    } else {
        dr_pos_start_variant(&start, j.rules.variant, j.rules.first);
        line_start(&j, &start);
    }
    bo_verdict_status st = BO_VERDICT_OK;
    if (start_game(&j, &start) != 0)
        st = fault(&j, BO_VERDICT_INVALID, "position", r->line, 1, NULL, "out of memory");
    else if (replay(&j, side_unknown, &st) == 0)
        st = judge_end(&j);
    if (j.have_game) dr_game_free(&j.g);
    return st;
}
