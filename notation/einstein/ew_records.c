/* ew_records.c -- EWN's records interface (records.h, ew_records.h): WTN records and
 * move lists read and judged in one pass, the matches the files of one command make
 * (judged across files), converted, written back with annotate's comments; games boyi
 * played written as WTN.
 *
 * The rule: a text is read once.  Each game's reader notes are warnings (faults under
 * --strict), the judge (ew_judge.c) gives its verdict and the moves, and the game goes
 * to the caller with a record of one move per descriptor ply.  A game with a header
 * also becomes an entry of the command's state across files (begin/end): its teams,
 * when it was played, and who won; end groups the entries of each pair of teams into a
 * match (ew_match_judge) and reports its score and faults on the sink.  Standard input
 * is read once too, but its games make no match (as when files were read twice).
 * Nothing here prints. */
#include "ew_records.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core.h"
#include "einstein.h"
#include "ew_wtn.h"
#include "game.h"
#include "record.h"
#include "result_policy.h"
#include "text_stream.h"

/* WTN records or move lists, not a binary file. */
static int ew_sniff(const bo_text *t)
{
    if (t->encoding == BO_ENC_BINARY) return 0;
    return ew_wtn_sniff(t->data, t->len);
}

/* T read as WTN (a binary file refused with its first non-text byte). */
static int read_text(const bo_text *t, ew_wtn_file *f, char *err, size_t errlen)
{
    if (bo_records_refuse_binary(t, "EWN record", err, errlen) != 0) return -1;
    return ew_wtn_read(t->data, t->len, f, err, errlen);
}

/* S as a JSON string at OUT + *K (within N), as the commands write them: quotes,
 * backslashes and control characters escaped. */
static void json_str(char *out, size_t n, size_t *k, const char *s)
{
    if (!s) { *k += (size_t)snprintf(out + *k, n - *k, "null"); return; }
    if (*k < n) out[(*k)++] = '"';
    for (const unsigned char *p = (const unsigned char *)s; *p && *k + 8 < n; p++) {
        if (*p == '"' || *p == '\\') *k += (size_t)snprintf(out + *k, n - *k, "\\%c", *p);
        else if (*p == '\n') *k += (size_t)snprintf(out + *k, n - *k, "\\n");
        else if (*p == '\r') *k += (size_t)snprintf(out + *k, n - *k, "\\r");
        else if (*p == '\t') *k += (size_t)snprintf(out + *k, n - *k, "\\t");
        else if (*p < 0x20) *k += (size_t)snprintf(out + *k, n - *k, "\\u%04x", *p);
        else out[(*k)++] = (char)*p;
    }
    if (*k < n) out[(*k)++] = '"';
    out[*k < n ? *k : n - 1] = 0;
}

/* A match's score as validate --json writes it: one object. */
static void match_json(char *out, size_t n, const ew_match_result *r, int games, const char *winner)
{
    size_t k = (size_t)snprintf(out, n, "{\"match\":\"einstein\",\"a\":");
    json_str(out, n, &k, r->team_a);
    k += (size_t)snprintf(out + k, n - k, ",\"b\":");
    json_str(out, n, &k, r->team_b);
    k += (size_t)snprintf(out + k, n - k, ",\"wins_a\":%d,\"wins_b\":%d,\"games\":%d,\"winner\":", r->wins_a, r->wins_b, games);
    json_str(out, n, &k, winner);
    if (k < n) snprintf(out + k, n - k, ",\"faults\":%d}", r->nfaults);
}

/* ---- the matches the files of one command make ------------------------------------ */

static void quiet_verdict(void *ctx, const bo_verdict *v) { (void)ctx; (void)v; }
static void quiet_warning(void *ctx, const bo_warning *w) { (void)ctx; (void)w; }

typedef struct entry {
    const char *file;   /* the file's name (the across state's own copy) */
    int game, line;     /* in the whole file */
    char first[96], second[96];
    int winner;   /* 0 first player, 1 second, -1 unknown */
    long long when;   /* the header's date and time as YYYYMMDDHHMMSS, -1 if it has none */
} entry;

typedef struct entries {
    entry *e;
    int n, cap;
} entries;

/* "2019.07.20 14:00 place", "2022-07-20 14:00:49 成都": the first five or six numbers
 * as YYYYMMDDHHMM[SS]; -1 where the field does not start with a date and a time, or its
 * numbers are too long to be one. */
static long long header_time(const char *s)
{
    long long part[6] = {0};
    int k = 0;
    while (*s && k < 6) {
        if (*s >= '0' && *s <= '9') {
            char *e;
            part[k++] = strtoll(s, &e, 10);
            s = e;
            if (k == 5 && *s != ':') break;
        } else if (k > 0 && (*s == '.' || *s == '-' || *s == ':' || *s == ' ' || *s == '/')) {
            s++;
        } else {
            break;
        }
    }
    if (k < 5 || part[0] < 1900 || part[0] > 9999) return -1;
    for (int i = 1; i < 6; i++)   /* a 40-digit "month" is no date (and would overflow) */
        if (part[i] < 0 || part[i] > 99) return -1;
    return ((((part[0] * 100 + part[1]) * 100 + part[2]) * 100 + part[3]) * 100 + part[4]) * 100 + part[5];
}

/* Same unordered pair of teams? */
static bool same_pair(const entry *a, const entry *b)
{
    return (!strcmp(a->first, b->first) && !strcmp(a->second, b->second)) ||
           (!strcmp(a->first, b->second) && !strcmp(a->second, b->first));
}

/* Each pair of teams' games, in the order given, judged as one match: the score as a
 * line of output, and a fault as an invalid verdict of kind "match" on the game it
 * concerns. */
static void judge_matches(entries *es, const bo_records_sink *sink)
{
    char *done = calloc((size_t)es->n + 1, 1);
    ew_match_game *mg = malloc((size_t)(es->n + 1) * sizeof *mg);
    int *idx = malloc((size_t)(es->n + 1) * sizeof *idx);
    if (!done || !mg || !idx) { free(done); free(mg); free(idx); return; }
    for (int i = 0; i < es->n; i++) {
        if (done[i]) continue;
        int n = 0;
        for (int j = i; j < es->n; j++)
            if (!done[j] && same_pair(&es->e[i], &es->e[j])) {
                done[j] = 1;
                idx[n] = j;
                mg[n++] = (ew_match_game){es->e[j].first, es->e[j].second, es->e[j].winner};
            }
        if (n < 2) continue;
        /* In the order played where every header has its time; else as given. */
        bool timed = true;
        for (int k = 0; k < n; k++) timed &= es->e[idx[k]].when >= 0;
        for (int k = 1; timed && k < n; k++)
            for (int m = k; m > 0 && es->e[idx[m]].when < es->e[idx[m - 1]].when; m--) {
                int t = idx[m]; idx[m] = idx[m - 1]; idx[m - 1] = t;
                ew_match_game x = mg[m]; mg[m] = mg[m - 1]; mg[m - 1] = x;
            }
        ew_match_result r;
        ew_match_judge(mg, n, &r);
        const char *state = r.decided == 1 ? r.team_a : r.decided == 2 ? r.team_b : NULL;
        if (sink->line) {
            char text[600], json[900];
            snprintf(text, sizeof text, "match %s (A) vs %s (B): %d games, %d-%d, %s%s", r.team_a, r.team_b, n, r.wins_a,
                     r.wins_b, state ? state : "not decided", state ? " wins" : "");
            match_json(json, sizeof json, &r, n, state);
            sink->line(sink->ctx, text, json);
        }
        for (int k = 0; k < r.nfaults; k++) {
            const entry *e = &es->e[idx[r.faults[k].game]];
            bo_verdict v;
            bo_verdict_init(&v, e->file, e->game);
            v.status = BO_VERDICT_INVALID;
            v.line = e->line;
            v.kind = "match";
            v.message = r.faults[k].message;
            if (sink->verdict) sink->verdict(sink->ctx, &v);
        }
    }
    free(done);
    free(mg);
    free(idx);
}

/* The state across the files of one command: the match entries and the names of the
 * files they came from (owned). */
typedef struct across {
    entries es;
    char **paths;
    int npaths;
} across;

static void *ew_begin(const bo_read_opts *o)
{
    (void)o;
    return calloc(1, sizeof(across));
}

/* G (judged: its start, the winner W) as an entry of the matches, numbered in its file. */
static void collect(across *a, const bo_read_opts *o, const ew_wtn_game *g, const ew_pos *start, int w,
                    const char *path)
{
    entries *es = &a->es;
    if (g->plain || !g->has_header) return;
    if (es->n == es->cap) {
        int cap = es->cap ? 2 * es->cap : 16;
        entry *e = realloc(es->e, (size_t)cap * sizeof *e);
        if (!e) return;
        es->e = e;
        es->cap = cap;
    }
    entry *e = &es->e[es->n++];
    e->file = path;
    e->game = o->game0 + g->index;
    e->line = o->line0 + g->line;
    e->when = header_time(g->date_place);
    snprintf(e->first, sizeof e->first, "%s", g->team[0]);
    snprintf(e->second, sizeof e->second, "%s", g->team[1]);
    e->winner = w >= 0 ? (w == start->stm ? 0 : 1) : (g->result == 0 || g->result == 1 ? g->result : -1);
    if (w >= 0 && g->first_colour >= 0) e->winner = w == g->first_colour ? 0 : 1;
}

/* After every file of the command: their games grouped into matches, then the state
 * freed. */
static void ew_end(const bo_read_opts *o, void *state, const bo_records_sink *sink)
{
    (void)o;
    across *a = state;
    if (!a) return;
    judge_matches(&a->es, sink);
    for (int i = 0; i < a->npaths; i++) free(a->paths[i]);
    free(a->paths);
    free(a->es.e);
    free(a);
}

/* ---- reading: notes, judge, record ---------------------------------------------- */

/* A game's departures from the standard WTN (the reader's notes): warnings, or under
 * --strict the game's fault, in place of an ok verdict. */
typedef struct notes_ctx {
    const bo_verdict_sink *to;   /* the verdict, kept (its warnings go to rs) */
    const bo_records_sink *rs;
    const ew_wtn_game *g;
    bool strict;
    char claim[400];       /* --strict: the judge's warning of a result claimed with no reason */
    int claim_line;
} notes_ctx;

static void notes_verdict(void *ctx, const bo_verdict *v)
{
    const notes_ctx *c = ctx;
    bool notes = c->g->nnotes > 0;
    if (!c->strict || v->status != BO_VERDICT_OK || (!notes && !c->claim[0])) { c->to->verdict(c->to->ctx, v); return; }
    const ew_wtn_note *n = &c->g->notes[0];
    char msg[500];
    bo_verdict x = *v;
    x.status = BO_VERDICT_INVALID;
    if (notes) {
        snprintf(msg, sizeof msg, "%s (--strict)", n->message);
        x.kind = "parse";
        x.line = n->line;
        x.col = n->col;
    } else {   /* the result policy: an unexplained claim is a fault under --strict */
        char words[400];
        bo_claim_words(words, sizeof words, BO_CLAIM_FAULT, c->g->result_text, BO_REASON_NONE, NULL, true, false);
        snprintf(msg, sizeof msg, "%s", words);
        x.kind = "result";
        x.line = c->claim_line;
        x.col = 0;
    }
    x.message = msg;
    c->to->verdict(c->to->ctx, &x);
}

static void notes_warning(void *ctx, const bo_warning *w)
{
    notes_ctx *c = ctx;
    if (c->strict && strstr(w->message, "gives no reason")) {   /* the verdict says it, as a fault */
        snprintf(c->claim, sizeof c->claim, "%s", w->message);
        c->claim_line = w->line;
        return;
    }
    if (c->rs->warning) c->rs->warning(c->rs->ctx, w);
}

/* The record the layers above read: one move per descriptor ply (a roll, a step or a
 * placement) in the descriptor's text, numbered by the WTN ply, with the teams as tags. */
static int build_record(bo_record *r, const ew_wtn_game *g, const ew_pos *start, const uint32_t *moves, int n)
{
    bo_record_init(r, g->index, g->line);
    if (g->has_header) {
        if (bo_record_add_tag(r, "First", 5, g->team[0], strlen(g->team[0]), g->line) != 0 ||
            bo_record_add_tag(r, "Second", 6, g->team[1], strlen(g->team[1]), g->line) != 0)
            return -1;
    }
    ew_pos p = *start;
    for (int i = 0; i < n; i++) {
        char t[32];
        ew_move_to_text(&p, moves[i], t, sizeof t);
        const ew_wtn_move *src = g->plain ? &g->moves[i] : &g->moves[i / 2];
        bo_rmove *m = bo_record_add_move(r, t, strlen(t), src->line, src->col);
        if (!m) return -1;
        m->number = g->plain ? i + 1 : src->ply;
        m->die = src->die ? src->die : -1;
        ew_play(&p, moves[i]);
    }
    return 0;
}

/* One verdict kept with its strings while the game's record is built. */
static void keep_verdict(void *ctx, const bo_verdict *v) { bo_verdict_store_set(ctx, v); }

/* Every game of T: the reader's notes, the judge, the game handed on; its match entry
 * gathered (not for standard input). */
static int ew_read(const bo_read_opts *o, const bo_text *t, void *state, const bo_records_sink *sink, char *err,
                   size_t errlen)
{
    across *a = state;
    ew_wtn_file f;
    if (read_text(t, &f, err, errlen) != 0) return -1;
    const char *file = NULL;   /* the across state's copy of the file's name */
    if (a && strcmp(t->path, "-") != 0) {
        if (a->npaths == 0 || o->line0 == 0) {   /* a file's first slice (or the whole file) */
            char **p = realloc(a->paths, (size_t)(a->npaths + 1) * sizeof *p);
            char *name = strdup(t->path);
            if (p) a->paths = p;
            if (!p || !name) { free(name); ew_wtn_free(&f); return bo_fail(err, errlen, "out of memory"); }
            a->paths[a->npaths++] = name;
        }
        file = a->paths[a->npaths - 1];
    }
    bo_verdict_store vs = {0};
    int rc = 0;
    for (int i = 0; i < f.ngames && rc == 0; i++) {
        const ew_wtn_game *g = &f.games[i];
        uint32_t *moves = malloc((size_t)(2 * g->nmoves + 16) * sizeof *moves);
        if (!moves) { rc = bo_fail(err, errlen, "out of memory"); break; }
        BO_ALIGNED unsigned char start[BO_POS_MAX];
        int n, w;
        bo_verdict_sink keep = {keep_verdict, NULL, &vs};
        notes_ctx nc = {&keep, sink, g, o->strict, "", 0};
        bo_verdict_sink ns = {notes_verdict, notes_warning, &nc};
        for (int k = 0; k < g->nnotes && !o->strict && sink->warning; k++) {
            char msg[300];
            const ew_wtn_note *nt = &g->notes[k];
            snprintf(msg, sizeof msg, nt->count > 1 ? "%s (%d times)" : "%s", nt->message, nt->count);
            bo_warning wr = {t->path, g->index, nt->line, nt->col, msg};
            sink->warning(sink->ctx, &wr);
        }
        ew_wtn_judge(g, t->path, &ns, (ew_pos *)start, moves, &n, &w);
        if (file) collect(a, o, g, (const ew_pos *)start, w, file);
        int stop = 0;
        if (sink->game) {
            bo_record r;
            if (build_record(&r, g, (ew_pos *)start, moves, n) != 0) rc = bo_fail(err, errlen, "out of memory");
            bo_rec_game rec = {t->path, &r, start, moves, n, &vs.v, g, NULL};
            stop = rc == 0 && sink->game(sink->ctx, &rec);
            bo_record_free(&r);
        }
        free(moves);
        if (stop) break;
    }
    bo_verdict_store_free(&vs);
    ew_wtn_free(&f);
    return rc;
}

/* ---- writing ---------------------------------------------------------------------- */

/* The plain list with annotate's comments in braces after their moves. */
static void write_plain_commented(FILE *out, const bo_rec_game *g)
{
    ew_pos p = *(const ew_pos *)g->start;
    for (int i = 0; i < g->nmoves; i++) {
        char t[32];
        ew_move_to_text(&p, g->moves[i], t, sizeof t);
        const char *c = g->r->moves[i].comment;
        fprintf(out, "%s%s%s%s\n", t, c && *c ? " // " : "", c && *c ? c : "", "");
        ew_play(&p, g->moves[i]);
    }
}

/* WTN again; a step's comment (annotate's) follows its line after "//", which the
 * reader skips. */
static int ew_write_game(const bo_read_opts *o, const bo_rec_game *g, FILE *out, char *err, size_t errlen)
{
    (void)o;
    const ew_wtn_game *w = g->priv;
    const ew_pos *start = g->start;
    if (w->plain) {
        write_plain_commented(out, g);
        return ferror(out) ? bo_fail(err, errlen, "write error") : 0;
    }
    bool why = w->reason[0] && w->result_text[0];   /* [先手胜(超时)]: the reason kept */
    fprintf(out, "#[WTN][%s %c][%s %c][%s%s%s%s][%s][%s];\n", w->team[0], start->stm ? 'B' : 'R', w->team[1],
            start->stm ? 'R' : 'B', w->result_text[0] ? w->result_text : "未完", why ? "(" : "", why ? w->reason : "",
            why ? ")" : "", w->date_place[0] ? w->date_place : "-", w->event[0] ? w->event : "-");
    for (int side = 0; side < 2; side++) {
        fprintf(out, "%c:", side ? 'B' : 'R');
        for (int n = 1; n <= EW_PIECES; n++) {
            char sq[3];
            ew_square_name(start->sq[side][n], sq);
            fprintf(out, "%s%s-%d", n > 1 ? ";" : "", sq, n);
        }
        fputc('\n', out);
    }
    ew_pos p = *start;
    for (int i = 0; i + 1 < g->nmoves; i += 2) {
        int die = (int)(g->moves[i] & 7), piece = (int)(g->moves[i + 1] >> 4 & 7);
        ew_play(&p, g->moves[i]);
        char sq[3];
        ew_square_name(ew_target(p.stm, p.sq[p.stm][piece], (int)(g->moves[i + 1] & 3)), sq);
        fprintf(out, "%d:%d;(%c%d,%s)", i / 2 + 1, die, p.stm ? 'B' : 'R', piece, sq);
        const char *c = g->r->moves[i + 1].comment;
        if (c && *c) fprintf(out, " // %s", c);
        fputc('\n', out);
        ew_play(&p, g->moves[i + 1]);
    }
    return ferror(out) ? bo_fail(err, errlen, "write error") : 0;
}

/* The descriptor's moves of a game as the plain list. */
static void write_plain(FILE *out, const ew_pos *start, const uint32_t *moves, int n)
{
    ew_pos p = *start;
    for (int i = 0; i < n; i++) {
        char t[32];
        ew_move_to_text(&p, moves[i], t, sizeof t);
        fprintf(out, "%s%s", t, i + 1 == n ? "\n" : (i % 12 == 11 ? "\n" : " "));
        ew_play(&p, moves[i]);
    }
}

/* boyi convert --to wtn|moves: valid games only (an invalid one is left out, said on
 * the sink). */
static int ew_convert(const bo_read_opts *o, const bo_text *t, FILE *out, const bo_records_sink *sink)
{
    const char *to_fmt = o->to ? o->to : "";
    char msg[600];
    bool plain = strcasecmp(to_fmt, "moves") == 0 || strcasecmp(to_fmt, "txt") == 0;
    if (!plain && strcasecmp(to_fmt, "wtn") != 0) {
        snprintf(msg, sizeof msg, "einstein records convert to wtn or moves, not '%s'", to_fmt);
        bo_records_error(sink, NULL, 0, 0, 0, msg);
        return BO_RECORDS_FAILED;
    }
    ew_wtn_file f;
    char err[256];
    if (read_text(t, &f, err, sizeof err) != 0) { bo_records_error(sink, t->path, 0, 0, 0, err); return BO_RECORDS_FAILED; }
    int rc = BO_RECORDS_CONVERTED;
    for (int i = 0; i < f.ngames; i++) {
        const ew_wtn_game *g = &f.games[i];
        uint32_t *moves = malloc((size_t)(2 * g->nmoves + 16) * sizeof *moves);
        if (!moves) { bo_records_error(sink, NULL, 0, 0, 0, "out of memory"); rc = BO_RECORDS_FAILED; break; }
        ew_pos start;
        int n, w;
        bo_verdict_sink quiet = {quiet_verdict, quiet_warning, NULL};
        ew_wtn_judge(g, t->path, &quiet, &start, moves, &n, &w);
        int want = g->plain ? g->nmoves : 2 * g->nmoves;
        if (n != want) {
            snprintf(msg, sizeof msg, "game %d is not valid (see boyi validate); not written", g->index);
            bo_records_error(sink, t->path, 0, g->line, 0, msg);
            rc = BO_RECORDS_GAME_LEFT_OUT;
        } else if (plain) {
            if (!g->plain) {
                /* The placements that make the arrangements, then the rolls and steps. */
                ew_pos s;
                ew_start(&s, EW_SETUP_CHOOSE, start.stm);
                uint32_t place[12];
                for (int k = 0; k < 12; k++) place[k] = EW_PLACE | (uint32_t)start.sq[k / 6][k % 6 + 1];
                write_plain(out, &s, place, 12);
            }
            write_plain(out, &start, moves, n);
        } else if (g->plain) {
            ew_pos p = start;
            int k = 0;
            while (k < n && ew_is_place(moves[k])) ew_play(&p, moves[k++]);
            if (p.setup || ew_wtn_write(out, "first", "second", w < 0 ? -1 : w == p.stm, "-", "-", &p, moves + k, n - k, NULL) != 0) {
                snprintf(msg, sizeof msg, "game %d has no complete arrangement: not written as WTN", g->index);
                bo_records_error(sink, t->path, 0, g->line, 0, msg);
                rc = BO_RECORDS_GAME_LEFT_OUT;
            }
        } else {
            ew_wtn_write(out, g->team[0], g->team[1], g->result == 0 ? 1 : g->result == 1 ? 0 : -1, g->date_place,
                         g->event, &start, moves, n, w < 0 ? g->reason : NULL);
        }
        free(moves);
    }
    ew_wtn_free(&f);
    return rc;
}

/* Self-play and match games as WTN: the placements become the arrangement lines. */
static int ew_write_played(const bo_read_opts *o, const bo_played *p, FILE *out, char *err, size_t errlen)
{
    (void)o;
    ew_pos s;
    memcpy(&s, p->start, sizeof s);
    int k = 0;
    while (k < p->nmoves && s.setup) ew_play(&s, p->moves[k++]);
    if (s.setup) return bo_fail(err, errlen, "the game ended during the setup");
    char date[64];
    snprintf(date, sizeof date, "game %ld", p->round);
    int first_wins = p->score_first == 1.0 ? 1 : p->score_first == 0.0 ? 0 : -1;
    bo_reason why = bo_reason_from_text(p->termination);   /* a win off the board says why */
    if (ew_wtn_write(out, p->first_name, p->second_name, first_wins, date, p->event, &s, p->moves + k, p->nmoves - k,
                     why ? bo_reason_contest_word(why) : NULL) != 0)
        return bo_fail(err, errlen, "write error");
    return 0;
}

/* A game kept past the sink's call (annotate writes it after its analysis): the shared
 * keep, and the header fields write_game reads copied (the game without its moves). */
static bo_rec_game *ew_keep(const bo_rec_game *g)
{
    bo_rec_game *k = bo_rec_game_keep(g, sizeof(ew_pos));
    ew_wtn_game *w = k ? malloc(sizeof *w) : NULL;
    if (!w) { if (k) bo_rec_game_release(k); return NULL; }
    *w = *(const ew_wtn_game *)g->priv;
    w->moves = NULL;
    w->nmoves = w->cap = 0;
    k->priv = w;
    return k;
}

static void ew_release(bo_rec_game *g)
{
    free((void *)g->priv);
    g->priv = NULL;
    bo_rec_game_release(g);
}

const bo_records ew_records = {
    .name = "einstein",
    .sniff = ew_sniff,
    .split = bo_split_wtn,   /* "#[" header lines: validate streams */
    .begin = ew_begin,
    .end = ew_end,
    .read = ew_read,
    .convert = ew_convert,
    .write_game = ew_write_game,
    .played_ext = "txt",
    .write_played = ew_write_played,
    .keep = ew_keep,
    .release = ew_release,
};
