/* gm_validate.c -- replay a Gomoku / Renju record and judge it (see gm_validate.h). */
#include "gm_validate.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gm_coords.h"
#include "result_policy.h"

static const char *colour_name(gm_stone s) { return s == GM_BLACK ? "black" : "white"; }

/* The record's claim in the judge's words, with the contest's term. */
static const char *claim_words(gm_result r)
{
    switch (r) {
    case GM_RES_BLACK: return "black won (先手胜)";
    case GM_RES_WHITE: return "white won (后手胜)";
    case GM_RES_DRAW: return "a draw (平局)";
    default: return "no result";
    }
}

typedef struct judge {
    const gm_game *g;
    bo_verdict *v;
    gm_verdict_buf *buf;
    gm_rules rules;
    gm_board b;
    int who_at[GM_MAX_SIZE][GM_MAX_SIZE];  /* move index + 1 of each stone */
    /* the opening rule (gm_opening.h) and what its check found */
    gm_opening op;
    bool op_unchecked;       /* the record names a rule boyi does not check */
    bool op_pending;         /* of holds a fault not reported yet */
    bool op_said;            /* a tag or --opening-rule named the rule */
    gm_opening_fault of;
    const char *of_tag;      /* the tag the fault is about, NULL for a stone's area */
    gm_opening_outcome out;
} judge;

/* A fault about move I: the verdict points at the move as written. */
static void fault_at(judge *j, int i, const char *kind, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void fault_at(judge *j, int i, const char *kind, const char *fmt, ...)
{
    bo_verdict *v = j->v;
    const gm_gmove *m = &j->g->moves[i];
    v->status = BO_VERDICT_INVALID;
    v->kind = kind;
    v->line = m->line;
    v->col = m->col;
    v->move_no = i + 1;
    v->side = colour_name(m->colour != GM_EMPTY ? m->colour : (i % 2 == 0 ? GM_BLACK : GM_WHITE));
    snprintf(j->buf->move_text, sizeof j->buf->move_text, "%s", m->text ? m->text : "");
    v->move_text = j->buf->move_text;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(j->buf->message, sizeof j->buf->message, fmt, ap);
    va_end(ap);
    v->message = j->buf->message;
}

/* A fault about the result field (or the record as a whole when it has none). */
static void fault_result(judge *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fault_result(judge *j, const char *fmt, ...)
{
    bo_verdict *v = j->v;
    const bo_record *r = j->g->rec;
    v->status = BO_VERDICT_INVALID;
    v->kind = "result";
    v->line = r ? (r->result_line ? r->result_line : r->line) : 0;
    v->col = r ? r->result_col : 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(j->buf->message, sizeof j->buf->message, fmt, ap);
    va_end(ap);
    v->message = j->buf->message;
}

/* What a winning line is called: a five, or (freestyle, and white under renju) an
 * overline that wins -- a six is not a five, and the judge says which it was.
 * NAME gets "five in a row" or "an overline of six", WHY "" or ", which wins under
 * freestyle" (or renju, for white). */
static void win_words(const judge *j, int len, gm_stone s, char *name, size_t nn, char *why, size_t wn)
{
    static const char *const num[] = {"six", "seven", "eight", "nine"};
    if (len <= 5) { snprintf(name, nn, "five in a row"); why[0] = '\0'; return; }
    if (len <= 9) snprintf(name, nn, "an overline of %s", num[len - 6]);
    else snprintf(name, nn, "an overline of %d", len);
    snprintf(why, wn, "%s", j->rules == GM_RENJU && s == GM_WHITE
             ? ", which wins for white under renju, where only black's overline is forbidden"
             : ", which wins under freestyle, where five or more in a row win");
}

/* The five (or longer line) the stone at (x,y) completes, as "d4-h8"; *len gets its
 * length. */
static void describe_line(judge *j, int x, int y, gm_stone s, char *out, size_t n, int *len_out)
{
    *len_out = 5;
    static const int dx[4] = {1, 0, 1, 1}, dy[4] = {0, 1, 1, -1};
    int best = -1, bl = 0, blo = 0;
    for (int d = 0; d < 4; d++) {
        int lo = 0, hi = 0;
        while (gm_at(&j->b, x - (lo + 1) * dx[d], y - (lo + 1) * dy[d]) == s) lo++;
        while (gm_at(&j->b, x + (hi + 1) * dx[d], y + (hi + 1) * dy[d]) == s) hi++;
        int len = lo + hi + 1;
        bool exact = j->rules == GM_STANDARD || (j->rules == GM_RENJU && s == GM_BLACK);
        bool wins = exact ? len == 5 : len >= 5;
        if (wins && (best < 0 || len > bl)) { best = d; bl = len; blo = lo; }
    }
    if (best < 0) { snprintf(out, n, "at %s", gm_coord_format(x, y, (char[GM_COORD_MAX]){0})); return; }
    *len_out = bl;
    char a[GM_COORD_MAX], b[GM_COORD_MAX];
    int x0 = x - blo * dx[best], y0 = y - blo * dy[best];
    int x1 = x0 + (bl - 1) * dx[best], y1 = y0 + (bl - 1) * dy[best];
    if (x0 > x1 || (x0 == x1 && y0 > y1)) { int t = x0; x0 = x1; x1 = t; t = y0; y0 = y1; y1 = t; }
    snprintf(out, n, "%s-%s", gm_coord_format(x0, y0, a), gm_coord_format(x1, y1, b));
}

/* ---- the opening rule --------------------------------------------------------- */

/* The line of tag NAME in R, or the record's own line. */
static int tag_line(const bo_record *r, const char *name)
{
    if (!r) return 0;
    for (int i = 0; i < r->ntags; i++)
        if (strcasecmp(r->tags[i].name, name) == 0 && r->tags[i].line > 0) return r->tags[i].line;
    return r->line;
}

/* --opening-rule first, then the record's Opening tag, then the contest's free opening.
 * *UNCHECKED: the tag names a rule boyi does not know (its stones are not checked). */
static gm_opening pick_opening(const gm_game *g, const gm_validate_opts *o, bool *unchecked, bool *said)
{
    *unchecked = false;
    *said = true;
    if (o->opening_given) return o->opening;
    const char *t = g->rec ? bo_record_tag(g->rec, "Opening") : NULL;
    gm_opening op = GM_OPEN_FREE;
    if (t && *t && gm_opening_from_name(t, &op) != 0) { *unchecked = true; return GM_OPEN_SWAP; }
    *said = t && *t;
    return op;
}

/* A fault of the opening's tags (Swap, Offers, ...): located at the tag. */
static void fault_tag(judge *j, const char *tag, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fault_tag(judge *j, const char *tag, const char *fmt, ...)
{
    bo_verdict *v = j->v;
    v->status = BO_VERDICT_INVALID;
    v->kind = "opening";
    v->line = tag_line(j->g->rec, tag);
    v->col = 0;
    char m[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m, sizeof m, fmt, ap);
    va_end(ap);
    snprintf(j->buf->message, sizeof j->buf->message, "tag %s: %s", tag, m);
    v->message = j->buf->message;
}

/* Report the opening check's fault where the replay has got to. */
static void opening_fault(judge *j)
{
    j->op_pending = false;
    if (j->of.kind == GM_OF_AREA) {
        fault_at(j, j->of.step, "opening", "%s", j->of.message);
        return;
    }
    if (j->of.kind == GM_OF_BOARD) {
        bo_verdict *v = j->v;
        v->status = BO_VERDICT_INVALID;
        v->kind = "position";
        v->line = j->g->rec ? j->g->rec->line : 0;
        snprintf(j->buf->message, sizeof j->buf->message, "%s", j->of.message);
        v->message = j->buf->message;
        return;
    }
    fault_tag(j, j->of_tag ? j->of_tag : "Opening", "%s", j->of.message);
}

/* The Offers tag: points ("i10 j7", commas allowed). 0, or -1 with the fault set. */
static int read_offers(judge *j, const char *s, gm_opening_log *log)
{
    size_t i = 0, len = strlen(s);
    log->have_offers = true;
    while (i < len) {
        while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == ',' || s[i] == ';')) i++;
        if (i >= len) break;
        int x, y;
        size_t used = gm_coord_scan(s + i, len - i, &x, &y);
        if (used == 0 || (i + used < len && s[i + used] != ' ' && s[i + used] != ',' && s[i + used] != ';' &&
                          s[i + used] != '\t')) {
            size_t e = i;
            while (e < len && s[e] != ' ' && s[e] != ',' && s[e] != ';') e++;
            fault_tag(j, "Offers", "'%.*s' is not a point (fifth-move offers are written \"i10 j7 g9\")", (int)(e - i),
                      s + i);
            return -1;
        }
        if (log->noffers == GM_OPENING_MAX_OFFERS) {
            fault_tag(j, "Offers", "more than %d fifth-move offers: no opening rule allows so many", GM_OPENING_MAX_OFFERS);
            return -1;
        }
        log->off_x[log->noffers] = x;
        log->off_y[log->noffers] = y;
        log->noffers++;
        i += used;
    }
    return 0;
}

/* Read the opening's tags and check the first moves; a fault waits in j->of until the
 * replay reaches its step.  Returns -1 when a tag cannot be read (the fault is set). */
static int setup_opening(judge *j, const gm_validate_opts *o, gm_warn_fn warn, void *ctx)
{
    const gm_game *g = j->g;
    const bo_record *r = g->rec;
    j->op = pick_opening(g, o, &j->op_unchecked, &j->op_said);
    if (j->op_unchecked) {
        if (warn) {
            char w[300];
            snprintf(w, sizeof w, "opening rule '%s' is not one boyi checks (%s): the first moves are replayed without "
                     "its constraints", bo_record_tag(r, "Opening"), GM_OPENING_NAMES);
            warn(ctx, tag_line(r, "Opening"), 0, w);
        }
        return 0;
    }
    gm_opening_log log;
    memset(&log, 0, sizeof log);
    const char *sw = r ? bo_record_tag(r, "Swap") : NULL;
    const char *of = r ? bo_record_tag(r, "Offers") : NULL;
    const char *de = r ? bo_record_tag(r, "Declared") : NULL;
    const char *by = r ? bo_record_tag(r, "ChosenBy") : NULL;
    if (sw) {
        size_t off;
        char err[200];
        if (gm_opening_parse_decisions(sw, &log, &off, err, sizeof err) != 0) {
            fault_tag(j, "Swap", "%s", err);
            return -1;
        }
    }
    if (of && !j->op_said) {
        /* offers with no rule named (RenjuBase's 5A[..]): kept in the record, but the
         * free opening is only a guess, so they are not judged against it */
        if (warn) {
            char w[300];
            snprintf(w, sizeof w, "the record lists fifth-move offers (%.120s) but names no opening rule: not checked "
                     "(give --opening-rule)", of);
            warn(ctx, tag_line(r, "Offers"), 0, w);
        }
        of = NULL;
    }
    if (of && read_offers(j, of, &log) != 0) return -1;
    if (de) {
        char *e;
        long d = strtol(de, &e, 10);
        if (e == de || *e || d < 1 || d > GM_OPENING_MAX_OFFERS) {
            fault_tag(j, "Declared", "'%s' is not a number of fifth-move offers", de);
            return -1;
        }
        log.declared = (int)d;
    }
    if (by) {
        const char *b = r ? bo_record_tag(r, "Black") : NULL, *w = r ? bo_record_tag(r, "White") : NULL;
        if (strcasecmp(by, "white") == 0 || (w && strcmp(by, w) == 0)) log.chooser = GM_WHITE;
        else if (strcasecmp(by, "black") == 0 || (b && strcmp(by, b) == 0)) log.chooser = GM_BLACK;
        else {
            fault_tag(j, "ChosenBy", "'%s' names neither player (Black '%s', White '%s')", by, b ? b : "",
                      w ? w : "");
            return -1;
        }
    }
    int xs[6], ys[6], n = g->n < 6 ? g->n : 6;
    for (int i = 0; i < n; i++) { xs[i] = g->moves[i].x; ys[i] = g->moves[i].y; }
    if (gm_opening_check(j->op, g->size, j->rules, xs, ys, n, &log, &j->out, &j->of) != 0) {
        j->op_pending = true;
        j->of_tag = j->of.tag;
        if (j->of_tag && !bo_record_tag(r, j->of_tag)) j->of_tag = "Opening";
    }
    if (warn && !j->op_pending && j->out.offers_unchecked) {
        char w[300];
        snprintf(w, sizeof w, "the record does not list the fifth-move offers (tag Offers) that the %s opening has: move "
                 "5 is taken as the one white kept", gm_opening_name(j->op));
        warn(ctx, tag_line(r, "Opening"), 0, w);
    }
    if (warn && !j->op_pending && !sw && (j->op == GM_OPEN_SWAP || j->op == GM_OPEN_SWAP2 || j->op == GM_OPEN_RIF ||
                                          j->op == GM_OPEN_SOOSORV8 || j->op == GM_OPEN_TARAGUCHI10) && g->n > 3) {
        char w[300];
        snprintf(w, sizeof w, "the record does not give the swap decisions of its %s opening (tag Swap): who played "
                 "which colour is as its Black and White say", gm_opening_name(j->op));
        warn(ctx, tag_line(r, "Opening"), 0, w);
    }
    return 0;
}

/* A few words on the opening for a valid game's ending: the rule, the swaps, and the
 * colour the opening's first player ended with. */
static void opening_words(judge *j)
{
    if (!j->op_said || j->op_unchecked || j->op == GM_OPEN_FREE) return;
    char *o = j->buf->opening;
    size_t n = sizeof j->buf->opening;
    if (j->out.swaps < 0) {
        snprintf(o, n, "; opening %s", gm_opening_name(j->op));
        return;
    }
    const bo_record *r = j->g->rec;
    const char *who = r ? bo_record_tag(r, j->out.first_player == GM_BLACK ? "Black" : "White") : NULL;
    snprintf(o, n, "; opening %s: %d swap%s, so its first player%s%s%s played %s", gm_opening_name(j->op),
             j->out.swaps, j->out.swaps == 1 ? "" : "s", who ? " (" : "", who ? who : "", who ? ")" : "",
             j->out.first_player == GM_BLACK ? "black" : "white");
}

/* --rules first, then what the record says, then the contest's renju. */
static gm_rules pick_rules(const gm_game *g, const gm_validate_opts *o, bool *said)
{
    *said = true;
    if (o->rules_given) return o->rules;
    if (g->rules_known) return g->rules;
    *said = false;
    return GM_RENJU;
}

/* The reason the record gives for a result the board does not reach: its Termination
 * tag (boyi's writers, the contest reader's words after the result), the SGF RE
 * suffix (W+R, B+Time, W+F), or reason words in the result field itself. */
static bo_reason claim_reason(const bo_record *r, const char **where)
{
    *where = NULL;
    if (!r) return BO_REASON_NONE;
    const char *t = bo_record_tag(r, "Termination");
    bo_reason why = bo_reason_from_text(t);
    if (why != BO_REASON_NONE) { *where = t; return why; }
    why = bo_reason_from_sgf(r->result);
    if (why == BO_REASON_NONE) why = bo_reason_from_text(r->result);
    if (why != BO_REASON_NONE) *where = r->result;
    return why;
}

/* A win the record claims with no five on the board (result_policy.h): accepted with a
 * note when the record says why, else a warning, or a fault under --strict and under the
 * contest's rules named (--rules renju). */
static void unreached_claim(judge *j, const gm_validate_opts *o, gm_result claim, int played, gm_warn_fn warn, void *ctx)
{
    const bo_record *r = j->g->rec;
    const char *where, *who = claim == GM_RES_BLACK ? "black" : "white";
    bo_reason why = claim_reason(r, &where);
    bool contest = o->rules_given && o->rules == GM_RENJU;
    bo_claim_action a = bo_claim_unreached(why, o->strict, contest);
    char words[400], quoted[160];
    snprintf(quoted, sizeof quoted, "'%.140s'", where ? where : "");
    bo_claim_words(words, sizeof words, a, claim_words(claim), why, where ? quoted : NULL, o->strict, contest);
    if (a == BO_CLAIM_FAULT) {
        fault_result(j, "the record says %s, but after %d move%s %s has no five on the board%s, and the record gives no "
                     "reason (resignation, time, forfeit, agreement, adjudication)%s", claim_words(claim), played,
                     played == 1 ? "" : "s", who, claim == GM_RES_BLACK ? "" : " and black made no forbidden move",
                     o->strict ? " (--strict)" : " (the contest's rules, --rules renju, want it said)");
        return;
    }
    if (a == BO_CLAIM_NOTE) {
        snprintf(j->buf->ending, sizeof j->buf->ending, "%s", words);
        return;
    }
    snprintf(j->buf->ending, sizeof j->buf->ending, "not over on the board; the record says %s", claim_words(claim));
    if (warn && !o->claim_moot) warn(ctx, r ? r->result_line : 0, r ? r->result_col : 0, words);
}

void gm_validate_game(const gm_game *g, const gm_validate_opts *o, bo_verdict *v, gm_verdict_buf *buf,
                      gm_warn_fn warn, void *ctx)
{
    judge *j = calloc(1, sizeof *j);
    v->status = BO_VERDICT_OK;
    v->result = "*";
    v->ending = NULL;
    if (!j) {
        v->status = BO_VERDICT_SKIPPED;
        v->kind = "unsupported";
        v->message = "out of memory";
        return;
    }
    j->g = g;
    j->v = v;
    j->buf = buf;
    bool said;
    j->rules = pick_rules(g, o, &said);
    if (j->rules == GM_RENJU && g->size != GM_RENJU_SIZE) {
        v->status = said ? BO_VERDICT_INVALID : BO_VERDICT_SKIPPED;
        v->kind = said ? "position" : "unsupported";
        v->line = g->rec ? g->rec->line : 0;
        snprintf(buf->message, sizeof buf->message,
                 "renju is played on the 15x15 board; this record's board is %dx%d%s", g->size, g->size,
                 said ? "" : " and it names no rule set (give --rules freestyle or --rules standard)");
        v->message = buf->message;
        free(j);
        return;
    }
    if (setup_opening(j, o, warn, ctx) != 0) {
        v->result = "*";
        free(j);
        return;
    }
    gm_board_init(&j->b, g->size, j->rules);
    j->b.renju_five_point_threes = j->rules == GM_RENJU && o->five_point_threes;
    long limit_ms = (long)((o->move_time_limit > 0 ? o->move_time_limit : 15.0) * 1000.0 + 0.5);
    int over_at = -1, foul_at = -1, time_at = -1;
    gm_result established = GM_RES_NONE;
    char foul_text[400] = "", line_text[64] = "", win_text[64] = "five in a row", win_why[128] = "";
    int win_len = 5;
    int played = 0;
    for (int i = 0; i < g->n && v->status == BO_VERDICT_OK; i++) {
        const gm_gmove *m = &g->moves[i];
        gm_stone expect = i % 2 == 0 ? GM_BLACK : GM_WHITE;
        char pt[GM_COORD_MAX];
        gm_coord_format(m->x, m->y, pt);
        if (foul_at >= 0) {
            fault_at(j, foul_at, "forbidden",
                     "black's move %d %s is forbidden — %s — so black loses at this move (黑棋禁手判负), yet the record "
                     "goes on for %ld more move%s (had white pointed the foul out, the game would have ended here)",
                     foul_at + 1, gm_coord_format(g->moves[foul_at].x, g->moves[foul_at].y, pt), foul_text,
                     g->n + g->unkept - foul_at - 1, g->n + g->unkept - foul_at - 1 == 1 ? "" : "s");
            break;
        }
        if (over_at >= 0) {
            if (win_len > 5)
                fault_at(j, i, "after-end", "the game was over after move %d (%s made %s, %s%s); move %d comes after "
                         "the end", over_at + 1, colour_name(established == GM_RES_BLACK ? GM_BLACK : GM_WHITE), win_text,
                         line_text, win_why, i + 1);
            else
                fault_at(j, i, "after-end", "the game was over after move %d (%s's five %s); move %d comes after the end",
                         over_at + 1, colour_name(established == GM_RES_BLACK ? GM_BLACK : GM_WHITE), line_text, i + 1);
            break;
        }
        if (j->op_pending && j->of.kind != GM_OF_AREA && j->of.step <= i) { opening_fault(j); break; }
        if (m->colour != GM_EMPTY && m->colour != expect) {
            fault_at(j, i, "illegal", "it is %s's turn at move %d, but the record gives this stone to %s",
                     colour_name(expect), i + 1, colour_name(m->colour));
            break;
        }
        if (!gm_coord_on_board(g->size, m->x, m->y)) {
            fault_at(j, i, "illegal", "%s is off the board: a %dx%d board has columns A-%c and rows 1-%d", pt,
                     g->size, g->size, 'A' + g->size - 1, g->size);
            break;
        }
        if (gm_at(&j->b, m->x, m->y) != GM_EMPTY) {
            int k = j->who_at[m->y][m->x] - 1;
            fault_at(j, i, "illegal", "%s is already occupied by %s's stone of move %d", pt,
                     colour_name(gm_at(&j->b, m->x, m->y)), k + 1);
            break;
        }
        if (j->op_pending && j->of.kind == GM_OF_AREA && j->of.step == i) { opening_fault(j); break; }
        if (i == 0 && j->rules == GM_RENJU && j->op == GM_OPEN_FREE && !j->op_unchecked && (m->x != 7 || m->y != 7)) {
            fault_at(j, i, "illegal", "black's first stone must go on H8, the centre (天元), under the contest's rules; "
                     "the record puts it on %s", pt);
            break;
        }
        if (m->time_ms > limit_ms) {
            /* the mover loses on time: the game ends here, whatever the stone does */
            long more = g->n + g->unkept - i - 1;
            if (more > 0) {
                fault_at(j, i, "time", "%s's move %d took %.3f s, more than the %.3g s allowed per move: %s loses on "
                         "time, yet the record goes on for %ld more move%s", colour_name(expect), i + 1,
                         (double)m->time_ms / 1000.0, (double)limit_ms / 1000.0, colour_name(expect), more,
                         more == 1 ? "" : "s");
                break;
            }
            time_at = i;
            established = expect == GM_BLACK ? GM_RES_WHITE : GM_RES_BLACK;
            played++;
            break;
        }
        if (j->rules == GM_RENJU && expect == GM_BLACK) {
            gm_foul foul = gm_foul_at(&j->b, m->x, m->y);
            if (foul != GM_FOUL_NONE) {
                gm_foul_explain(&j->b, m->x, m->y, foul_text, sizeof foul_text);
                if (foul_text[0] == '\0') snprintf(foul_text, sizeof foul_text, "%s", gm_foul_name(foul));
                foul_at = i;
                established = GM_RES_WHITE;
                gm_place(&j->b, m->x, m->y, expect);
                played++;
                continue;
            }
        }
        gm_place(&j->b, m->x, m->y, expect);
        j->who_at[m->y][m->x] = i + 1;
        played++;
        if (gm_is_win(&j->b, m->x, m->y, expect)) {
            over_at = i;
            established = expect == GM_BLACK ? GM_RES_BLACK : GM_RES_WHITE;
            describe_line(j, m->x, m->y, expect, line_text, sizeof line_text, &win_len);
            win_words(j, win_len, expect, win_text, sizeof win_text, win_why, sizeof win_why);
        } else if (j->b.stones >= g->size * g->size) {
            over_at = i;
            established = GM_RES_DRAW;
        }
    }
    v->moves = played;
    /* a fault of the opening's tags about a step the replay did not reach */
    if (v->status == BO_VERDICT_OK && j->op_pending) opening_fault(j);
    if (v->status == BO_VERDICT_OK) {
        gm_result claim = g->result;
        if (time_at >= 0) {
            const gm_gmove *m = &g->moves[time_at];
            gm_stone mover = established == GM_RES_WHITE ? GM_BLACK : GM_WHITE;
            if (claim != GM_RES_NONE && claim != established)
                fault_at(j, time_at, "time", "%s's move %d took %.3f s, more than the %.3g s allowed per move: %s "
                         "loses on time, but the record says %s", colour_name(mover), time_at + 1,
                         (double)m->time_ms / 1000.0, (double)limit_ms / 1000.0, colour_name(mover), claim_words(claim));
            else
                snprintf(buf->ending, sizeof buf->ending, "time forfeit: move %d took %.3f s (limit %.3g s)",
                         time_at + 1, (double)m->time_ms / 1000.0, (double)limit_ms / 1000.0);
        } else if (foul_at >= 0) {
            char pt[GM_COORD_MAX];
            gm_coord_format(g->moves[foul_at].x, g->moves[foul_at].y, pt);
            if (claim != GM_RES_NONE && claim != GM_RES_WHITE)
                fault_at(j, foul_at, "forbidden",
                         "black's move %d %s is forbidden — %s — so black loses at this move (黑棋禁手判负), but the record "
                         "says %s", foul_at + 1, pt, foul_text, claim_words(claim));
            else
                snprintf(buf->ending, sizeof buf->ending, "black's forbidden move %d %s: %s", foul_at + 1, pt, foul_text);
        } else if (over_at >= 0 && established == GM_RES_DRAW) {
            if (claim != GM_RES_NONE && claim != GM_RES_DRAW)
                fault_result(j, "the record says %s, but the board is full with no five: the game is a draw",
                             claim_words(claim));
            else
                snprintf(buf->ending, sizeof buf->ending, "the board is full with no five: draw");
        } else if (over_at >= 0) {
            if (claim != GM_RES_NONE && claim != established)
                fault_result(j, "the record says %s, but %s made %s (%s) at move %d%s", claim_words(claim),
                             colour_name(established == GM_RES_BLACK ? GM_BLACK : GM_WHITE), win_text, line_text,
                             over_at + 1, win_why);
            else
                snprintf(buf->ending, sizeof buf->ending, "%s: %s %s at move %d%s", win_text + (win_len > 5 ? 3 : 0),
                         colour_name(established == GM_RES_BLACK ? GM_BLACK : GM_WHITE), line_text, over_at + 1, win_why);
        } else if (claim == GM_RES_BLACK || claim == GM_RES_WHITE) {
            unreached_claim(j, o, claim, played, warn, ctx);
            if (v->status == BO_VERDICT_OK) established = claim;
        } else if (claim == GM_RES_DRAW) {
            established = GM_RES_DRAW;
            snprintf(buf->ending, sizeof buf->ending, "draw as recorded, %d points still empty",
                     g->size * g->size - played);
            if (warn) {
                char w[200];
                const bo_record *r = g->rec;
                snprintf(w, sizeof w, "the record says %s with %d points empty and no five: read as a draw agreed "
                         "before the board was full", r && r->result ? r->result : "draw", g->size * g->size - played);
                warn(ctx, r ? r->result_line : 0, r ? r->result_col : 0, w);
            }
        }
    }
    if (v->status == BO_VERDICT_OK) {
        snprintf(buf->result, sizeof buf->result, "%s", gm_result_code(established));
        v->result = buf->result;
        opening_words(j);
        if (buf->opening[0]) {
            size_t k = strlen(buf->ending);
            snprintf(buf->ending + k, sizeof buf->ending - k, "%s", buf->ending[0] ? buf->opening : buf->opening + 2);
        }
        v->ending = buf->ending[0] ? buf->ending : NULL;
    } else {
        v->result = "*";
        static const char *const as_score[] = {NULL, "1-0", "0-1", "1/2-1/2"};
        if (v->kind && strcmp(v->kind, "parse") != 0 && strcmp(v->kind, "illegal") != 0)
            v->rules_result = as_score[established];
    }
    free(j);
}

typedef struct warn_ctx {
    const bo_verdict_sink *sink;
    const char *file;
    int game;
} warn_ctx;

/* Reader and validator remarks go out as located warnings of the game. */
static void to_sink(void *ctx, int line, int col, const char *msg)
{
    warn_ctx *w = ctx;
    if (!w->sink->warning) return;
    bo_warning bw = {w->file, w->game, line, col, msg};
    w->sink->warning(w->sink->ctx, &bw);
}

/* ---- variations ------------------------------------------------------------- */

/* More variations than this in one game are not replayed (each costs a replay of
 * its branch point's moves); a warning says so. */
enum { GM_MAX_VARIATIONS = GM_KEEP_VARIATIONS };

typedef struct var_ctx {
    const gm_game *g;
    const gm_validate_opts *o;
    gm_rules rules;          /* the rule set the main line was judged by */
    gm_opening opening;      /* and its opening rule */
    warn_ctx *wc;
    bo_verdict *v;           /* the game's verdict: a variation's fault may become it */
    gm_verdict_buf *buf;
    int checked;
} var_ctx;

/* A fault in a variation: a located warning, or (--variation-errors, main line ok)
 * the game's verdict, always marked as the variation's. */
static void variation_fault(var_ctx *c, int branch, const bo_verdict *f)
{
    char msg[1400];   /* not on the recursion's path: check_lines calls, returns */
    snprintf(msg, sizeof msg, "in the variation that replaces move %d: move %d (%s) %s: %s: %s", branch + 1, f->move_no,
             f->side ? f->side : "?", f->move_text ? f->move_text : "", f->kind, f->message ? f->message : "");
    if (c->o->variation_errors && c->v->status == BO_VERDICT_OK) {
        bo_verdict *v = c->v;
        v->status = BO_VERDICT_INVALID;
        v->kind = f->kind;
        v->line = f->line;
        v->col = f->col;
        v->move_no = f->move_no;
        v->side = f->side;
        snprintf(c->buf->move_text, sizeof c->buf->move_text, "%s", f->move_text ? f->move_text : "");
        v->move_text = c->buf->move_text;
        snprintf(c->buf->message, sizeof c->buf->message, "in the variation that replaces move %d: %s", branch + 1,
                 f->message ? f->message : "");
        v->message = c->buf->message;
        v->result = "*";
        v->ending = NULL;
        return;
    }
    to_sink(c->wc, f->line, f->col, msg);
}

/* Every variation hanging on the line MOVES[0..n) (whose moves, decoded, are
 * PATH[plen..plen+n), after the PLEN moves that lead to it): replayed from its branch
 * point with the same judge as the main line, then its own variations. */
static void check_lines(var_ctx *c, const gm_gmove *path, int plen, const bo_rmove *moves, int n)
{
    for (int j = 0; j < n; j++) {
        for (int k = 0; k < moves[j].nvars; k++) {
            if (c->checked++ == GM_MAX_VARIATIONS) {
                char w[128];
                snprintf(w, sizeof w, "more than %d variations: the others are not replayed", GM_MAX_VARIATIONS);
                to_sink(c->wc, c->g->rec ? c->g->rec->line : 0, 0, w);
            }
            if (c->checked > GM_MAX_VARIATIONS) return;
            const bo_rline *var = moves[j].vars[k];
            int base = plen + j;
            gm_gmove *p2 = malloc((size_t)(base + var->nmoves + 1) * sizeof *p2);
            if (!p2) return;
            memcpy(p2, path, (size_t)base * sizeof *p2);
            int m = 0;
            for (; m < var->nmoves; m++) {
                const bo_rmove *rm = &var->moves[m];
                gm_gmove *d = &p2[base + m];
                memset(d, 0, sizeof *d);
                d->text = rm->text;
                d->line = rm->line;
                d->col = rm->col;
                d->time_ms = rm->time_ms;
                if (gm_decode_move(c->g->rec, c->g->size, rm->text, d) != 0) {
                    char w[300];
                    snprintf(w, sizeof w, "in the variation that replaces move %d: move %d '%s' cannot be read; the "
                             "variation is replayed up to it", base + 1, base + m + 1, rm->text);
                    to_sink(c->wc, rm->line, rm->col, w);
                    break;
                }
            }
            gm_game comp = {.rec = NULL, .size = c->g->size, .rules_known = true, .rules = c->g->rules,
                            .result = GM_RES_NONE, .moves = p2, .n = base + m};
            gm_validate_opts o = *c->o;
            o.rules_given = true;
            o.rules = c->rules;
            o.opening_given = true;
            o.opening = c->opening;
            /* on the heap: nested variations recurse, and the verdict's strings are big */
            bo_verdict *f = calloc(1, sizeof *f);
            gm_verdict_buf *fb = calloc(1, sizeof *fb);
            if (f && fb) {
                gm_validate_game(&comp, &o, f, fb, NULL, NULL);
                /* faults before the branch point are the main line's, reported there */
                if (f->status == BO_VERDICT_INVALID && f->move_no > base) variation_fault(c, base, f);
            }
            free(f);
            free(fb);
            check_lines(c, p2, base, var->moves, m);
            free(p2);
        }
    }
}

/* One record: reader notes become warnings or a parse verdict, then the judge. */
int gm_validate_record(const bo_record *r, const char *file, const gm_validate_opts *o, const bo_verdict_sink *sink,
                       bo_verdict *vp, gm_verdict_buf *bufp, gm_game *out)
{
    bo_verdict v;
    gm_verdict_buf *buf = bufp;
    warn_ctx wc = {sink, file, r->index};
    const bo_note *first_error = NULL;
    for (int i = 0; i < r->nnotes; i++) {
        if (r->notes[i].kind == BO_NOTE_WARNING) to_sink(&wc, r->notes[i].line, r->notes[i].col, r->notes[i].text);
        else if (!first_error) first_error = &r->notes[i];
    }
    bo_verdict_init(&v, file, r->index);
    memset(buf, 0, sizeof *buf);
    const char *b = bo_record_tag(r, "Black"), *w = bo_record_tag(r, "White");
    v.players[0] = b;
    v.players[1] = w;
    if (b && w) {
        snprintf(buf->event, sizeof buf->event, "%s vs %s", b, w);
        v.event = buf->event;
    }
    gm_game g;
    int bad, decoded = 0;
    char derr[256];
    if (gm_game_from_record(r, &g, &bad, derr, sizeof derr) != 0) {
        v.status = BO_VERDICT_INVALID;
        v.kind = "parse";
        if (bad >= 0) {
            v.line = r->moves[bad].line;
            v.col = r->moves[bad].col;
            v.move_no = bad + 1;
            v.move_text = r->moves[bad].text;
        }
        snprintf(buf->message, sizeof buf->message, "%s", derr);
        v.message = buf->message;
    } else {
        decoded = 1;
        static const char *const claimed[] = {NULL, "1-0", "0-1", "1/2-1/2"};
        v.claimed = claimed[g.result];
        gm_validate_opts vo = *o;
        vo.claim_moot = first_error != NULL;
        gm_validate_game(&g, &vo, &v, buf, to_sink, &wc);
        if (g.n == r->nmoves && bo_record_count_variations(r) > 0 && v.status != BO_VERDICT_SKIPPED) {
            bool said;
            bool unchecked, osaid;
            var_ctx vc = {.g = &g, .o = o, .rules = pick_rules(&g, o, &said), .wc = &wc, .v = &v, .buf = buf,
                          .opening = pick_opening(&g, o, &unchecked, &osaid)};
            check_lines(&vc, g.moves, 0, r->moves, g.n);
        }
        /* a record that could not be read to its end: its result cannot be judged,
         * but a rule broken before the unreadable part still comes first */
        bool moot = v.status == BO_VERDICT_OK || (v.kind && strcmp(v.kind, "result") == 0);
        /* nor can its board size be trusted when its header is what is broken */
        if (v.kind && (strcmp(v.kind, "unsupported") == 0 || strcmp(v.kind, "position") == 0)) moot = true;
        if (first_error && moot) {
            v.move_no = 0;
            v.side = NULL;
            v.move_text = NULL;
            v.status = BO_VERDICT_INVALID;
            v.kind = "parse";
            v.line = first_error->line;
            v.col = first_error->col;
            v.result = "*";
            v.ending = NULL;
            snprintf(buf->message, sizeof buf->message, "%s", first_error->text);
            v.message = buf->message;
        }
        if (out) *out = g;
        else gm_game_free(&g);
    }
    *vp = v;
    return decoded && out ? 1 : 0;
}

/* The reader's fault for a text that holds no record, located at the file's start
 * (FILE:1:1) unless the reader located it. */
int gm_validate_read_fault(const bo_text *t, char *err, size_t errlen)
{
    char why[512];
    size_t k = 0;
    while (k < t->len && (t->data[k] == ' ' || t->data[k] == '\t' || t->data[k] == '\n')) k++;
    if (k == t->len) snprintf(why, sizeof why, "the file is empty: no Gomoku record in it");
    else snprintf(why, sizeof why, "%s", err);
    int line, col;   /* a reader that located the fault keeps its place */
    if (sscanf(why, "line %d, column %d: ", &line, &col) == 2) snprintf(err, errlen, "%s", why);
    else snprintf(err, errlen, "line 1, column 1: %s", why);
    return -1;
}

/* Every record of a file. */
int gm_validate_text(const bo_text *t, const gm_validate_opts *o, const bo_verdict_sink *sink, char *err, size_t errlen)
{
    bo_record_list l = {0};
    /* validation never looks past the full board: a record of millions of moves is
     * read (and checked) once but keeps only the moves that can matter */
    gm_read_opts ro = {.keep_moves = GM_KEEP_FOR_VALIDATION, .strict = o->strict};
    if (gm_read_with(t, GM_FMT_NONE, &ro, &l, err, errlen) != 0) return gm_validate_read_fault(t, err, errlen);
    gm_verdict_buf *buf = malloc(sizeof *buf);
    if (!buf) { bo_record_list_free(&l); snprintf(err, errlen, "out of memory"); return -1; }
    for (int k = 0; k < l.n; k++) {
        bo_verdict v;
        gm_validate_record(&l.items[k], t->path, o, sink, &v, buf, NULL);
        if (sink->verdict) sink->verdict(sink->ctx, &v);
    }
    free(buf);
    bo_record_list_free(&l);
    return 0;
}
