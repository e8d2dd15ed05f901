/* game_einstein.c -- the Einstein wuerfelt nicht front end of the boyi binary: which
 * files are WTN records or move lists, validate (games, and the matches the files
 * make), convert, render, replay for annotate and render, records of games boyi
 * played, and the benchmarks (random games, engine matches, perft). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "cli.h"
#include "core.h"
#include "einstein.h"
#include "ew_player.h"
#include "ew_svg.h"
#include "ew_wtn.h"
#include "game.h"
#include "record.h"
#include "result_policy.h"

static int ew_sniff(const bo_text *t)
{
    if (t->encoding == BO_ENC_BINARY) return 0;
    return ew_wtn_sniff(t->data, t->len);
}

static int read_text(const bo_text *t, ew_wtn_file *f, char *err, size_t errlen)
{
    if (t->encoding == BO_ENC_BINARY) {
        int line, col;
        unsigned byte;
        bo_text_first_bad_byte(t, &line, &col, &byte);
        snprintf(err, errlen, "line %d, column %d: byte 0x%02X is not text: this is no EWN record", line, col, byte);
        return -1;
    }
    return ew_wtn_read(t->data, t->len, f, err, errlen);
}

/* ---- the match a set of files makes ------------------------------------------- */

typedef struct entry {
    const char *file;   /* the command line's argument: lives as long as the run */
    int game, line;     /* in the whole file */
    char first[96], second[96];
    int winner;   /* 0 first player, 1 second, -1 unknown */
    long long when;   /* the header's date and time as YYYYMMDDHHMMSS, -1 if it has none */
} entry;

typedef struct entries {
    entry *e;
    int n, cap;
} entries;

static void quiet_verdict(void *ctx, const bo_verdict *v) { (void)ctx; (void)v; }
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

/* The games of one text as match entries: teams and the judged (or written) winner.
 * The text is a slice of the file: GAME0 games and LINE0 lines come before it. */
static void collect(entries *es, const char *path, const ew_wtn_file *f, int game0, int line0)
{
    bo_verdict_sink quiet = {quiet_verdict, bo_warning_ignore, NULL};
    for (int i = 0; i < f->ngames; i++) {
        const ew_wtn_game *g = &f->games[i];
        if (g->plain || !g->has_header) continue;
        if (es->n == es->cap) {
            int cap = es->cap ? 2 * es->cap : 16;
            entry *e = realloc(es->e, (size_t)cap * sizeof *e);
            if (!e) return;
            es->e = e;
            es->cap = cap;
        }
        entry *e = &es->e[es->n++];
        e->file = path;
        e->game = game0 + g->index;
        e->line = line0 + g->line;
        e->when = header_time(g->date_place);
        snprintf(e->first, sizeof e->first, "%s", g->team[0]);
        snprintf(e->second, sizeof e->second, "%s", g->team[1]);
        ew_pos start;
        int n = 0, w = -1;
        uint32_t *moves = malloc((size_t)(2 * g->nmoves + 16) * sizeof *moves);
        if (moves) ew_wtn_judge(g, path, &quiet, &start, moves, &n, &w);
        free(moves);
        e->winner = w >= 0 ? (w == start.stm ? 0 : 1) : (g->result == 0 || g->result == 1 ? g->result : -1);
        if (w >= 0 && g->first_colour >= 0) e->winner = w == g->first_colour ? 0 : 1;
    }
}

/* Same unordered pair of teams? */
static bool same_pair(const entry *a, const entry *b)
{
    return (!strcmp(a->first, b->first) && !strcmp(a->second, b->second)) ||
           (!strcmp(a->first, b->second) && !strcmp(a->second, b->first));
}

/* Each pair of teams' games, in the order given, judged as one match: the score on
 * stdout, and a fault as an invalid verdict of kind "match" on the game it concerns. */
static void judge_matches(const bo_opts *o, entries *es, const bo_verdict_sink *sink)
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
        if (o->json) {
            bo_json j;
            bo_json_begin(&j, stdout);
            bo_json_str(&j, "match", "einstein");
            bo_json_str(&j, "a", r.team_a);
            bo_json_str(&j, "b", r.team_b);
            bo_json_int(&j, "wins_a", r.wins_a);
            bo_json_int(&j, "wins_b", r.wins_b);
            bo_json_int(&j, "games", n);
            bo_json_str(&j, "winner", state);
            bo_json_int(&j, "faults", r.nfaults);
            bo_json_end(&j);
        } else {
            printf("match %s (A) vs %s (B): %d games, %d-%d, %s%s\n", r.team_a, r.team_b, n, r.wins_a, r.wins_b,
                   state ? state : "not decided", state ? " wins" : "");
        }
        for (int k = 0; k < r.nfaults; k++) {
            const entry *e = &es->e[idx[r.faults[k].game]];
            bo_verdict v;
            bo_verdict_init(&v, e->file, e->game);
            v.status = BO_VERDICT_INVALID;
            v.line = e->line;
            v.kind = "match";
            v.message = r.faults[k].message;
            sink->verdict(sink->ctx, &v);
        }
    }
    free(done);
    free(mg);
    free(idx);
}

/* One file's games as match entries, read slice by slice as validate reads it
 * (memory bounded by the slice, not the file); a file that cannot be read adds
 * none (validate has said why). */
static void collect_file(const bo_opts *o, const char *path, entries *es)
{
    bo_stream st;
    char err[256];
    if (bo_stream_open(&st, path, o->encoding, 0, err, sizeof err) != 0) return;
    bo_text slice;
    bo_stream_fault fault;
    int first_line, game0 = 0;
    bool sniffed = o->game != NULL;
    while (bo_stream_next(&st, bo_split_wtn, &slice, &first_line, &fault, err, sizeof err) == 1) {
        if (!sniffed && ew_sniff(&slice) <= 0) break;
        sniffed = true;
        ew_wtn_file f;
        if (read_text(&slice, &f, err, sizeof err) != 0) continue;
        collect(es, path, &f, game0, first_line);
        game0 += f.ngames;
        ew_wtn_free(&f);
    }
    bo_stream_close(&st);
}

/* After every file of the command line is validated: their games, grouped into
 * matches.  Standard input cannot be read twice: its games make no match. */
static void ew_validate_end(const bo_opts *o, const bo_verdict_sink *sink)
{
    entries es = {0};
    for (int i = 0; i < o->nargs; i++)
        if (strcmp(o->args[i], "-") != 0) collect_file(o, o->args[i], &es);
    judge_matches(o, &es, sink);
    free(es.e);
}

/* A game's departures from the standard WTN (the reader's notes): warnings, or under
 * --strict the game's fault, in place of an ok verdict. */
typedef struct notes_ctx {
    const bo_verdict_sink *to;
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
    if (c->to->warning) c->to->warning(c->to->ctx, w);
}

static int ew_validate_cli(const bo_opts *o, const bo_text *t, const bo_verdict_sink *sink, char *err, size_t errlen)
{
    (void)o;
    ew_wtn_file f;
    if (read_text(t, &f, err, errlen) != 0) return -1;
    for (int i = 0; i < f.ngames; i++) {
        const ew_wtn_game *g = &f.games[i];
        uint32_t *moves = malloc((size_t)(2 * g->nmoves + 16) * sizeof *moves);
        if (!moves) { ew_wtn_free(&f); return bo_fail(err, errlen, "out of memory"); }
        ew_pos start;
        int n, w;
        notes_ctx nc = {sink, g, o->strict, "", 0};
        bo_verdict_sink ns = {notes_verdict, notes_warning, &nc};
        for (int k = 0; k < g->nnotes && !o->strict && sink->warning; k++) {
            char msg[300];
            const ew_wtn_note *nt = &g->notes[k];
            snprintf(msg, sizeof msg, nt->count > 1 ? "%s (%d times)" : "%s", nt->message, nt->count);
            bo_warning wr = {t->path, g->index, nt->line, nt->col, msg};
            sink->warning(sink->ctx, &wr);
        }
        ew_wtn_judge(g, t->path, &ns, &start, moves, &n, &w);
        free(moves);
    }
    ew_wtn_free(&f);
    return 0;
}

/* ---- replay (annotate, render from a record), convert, records of played games -- */

/* The plain list with annotate's comments in braces after their moves. */
static void write_plain_commented(FILE *out, const bo_cli_game_rec *g)
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

static int ew_cli_replay(const bo_opts *o, const bo_text *t, bo_cli_game_fn each, void *ctx, char *err, size_t errlen)
{
    (void)o;
    ew_wtn_file f;
    if (read_text(t, &f, err, errlen) != 0) return -1;
    int rc = 0;
    for (int i = 0; i < f.ngames && rc == 0; i++) {
        const ew_wtn_game *g = &f.games[i];
        uint32_t *moves = malloc((size_t)(2 * g->nmoves + 16) * sizeof *moves);
        bo_verdict_copy *k = calloc(1, sizeof *k);
        bo_record r;
        if (!moves || !k) { free(moves); free(k); rc = bo_fail(err, errlen, "out of memory"); break; }
        BO_ALIGNED unsigned char start[BO_POS_MAX];
        int n, w;
        bo_verdict_sink sink = {bo_verdict_keep_sink, bo_warning_ignore, k};
        ew_wtn_judge(g, t->path, &sink, (ew_pos *)start, moves, &n, &w);
        if (build_record(&r, g, (ew_pos *)start, moves, n) != 0) rc = bo_fail(err, errlen, "out of memory");
        bo_cli_game_rec rec = {t->path, &r, start, moves, n, &k->v, g, NULL};
        int stop = rc == 0 && each(ctx, &rec);
        bo_record_free(&r);
        free(moves);
        free(k);
        if (stop) break;
    }
    ew_wtn_free(&f);
    return rc;
}

/* WTN again; a step's comment (annotate's) follows its line after "//", which the
 * reader skips. */
static int ew_cli_write_game(const bo_opts *o, const bo_cli_game_rec *g, FILE *out, char *err, size_t errlen)
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

static int ew_convert_cli(const bo_opts *o, const bo_text *t, FILE *out)
{
    bool plain = strcasecmp(o->to, "moves") == 0 || strcasecmp(o->to, "txt") == 0;
    if (!plain && strcasecmp(o->to, "wtn") != 0) {
        bo_cli_error(NULL, 0, 0, "einstein records convert to wtn or moves, not '%s'", o->to);
        return BO_EXIT_USAGE;
    }
    ew_wtn_file f;
    char err[256];
    if (read_text(t, &f, err, sizeof err) != 0) { bo_cli_error(t->path, 0, 0, "%s", err); return BO_EXIT_USAGE; }
    int rc = BO_EXIT_OK;
    for (int i = 0; i < f.ngames; i++) {
        const ew_wtn_game *g = &f.games[i];
        uint32_t *moves = malloc((size_t)(2 * g->nmoves + 16) * sizeof *moves);
        if (!moves) { rc = BO_EXIT_USAGE; break; }
        ew_pos start;
        int n, w;
        bo_verdict_sink quiet = {quiet_verdict, bo_warning_ignore, NULL};
        ew_wtn_judge(g, t->path, &quiet, &start, moves, &n, &w);
        int want = g->plain ? g->nmoves : 2 * g->nmoves;
        if (n != want) {
            bo_cli_error(t->path, g->line, 0, "game %d is not valid (see boyi validate); not written", g->index);
            rc = BO_EXIT_INVALID;
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
                bo_cli_error(t->path, g->line, 0, "game %d has no complete arrangement: not written as WTN", g->index);
                rc = BO_EXIT_INVALID;
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
static int ew_write_played(const bo_opts *o, const bo_cli_played *p, FILE *out, char *err, size_t errlen)
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

/* The last step's squares: the piece now on its target came from one step back. */
static int ew_cli_render(const bo_opts *o, const void *pos, uint32_t last, const uint32_t *line, int nline, FILE *out)
{
    (void)o, (void)line, (void)nline;
    const ew_pos *p = pos;
    int from = -1, to = -1;
    if (last && !ew_is_roll(last) && !ew_is_place(last)) {
        int side = p->stm ^ 1, piece = (int)(last >> 4 & 7);
        to = p->sq[side][piece];
        if (to >= 0) {
            int d = side == EW_RED ? -1 : 1, r = to / 5 + (((last & 3) != EW_DIR_ROW) ? d : 0);
            int c = to % 5 + (((last & 3) != EW_DIR_COL) ? d : 0);
            from = r * 5 + c;
        }
    } else if (last && ew_is_place(last)) {
        to = (int)(last & 31);
    }
    ew_svg_write(out, p, from, to);
    return BO_EXIT_OK;
}

/* ---- benchmarks ------------------------------------------------------------- */

/* bench random: N uniformly random games; the first player's share with its 95%
 * interval (normal approximation, standard error sqrt(p(1-p)/N)). */
static int bench_random(const bo_opts *o, FILE *out)
{
    uint64_t n = o->games > 0 ? (uint64_t)o->games : 1000000, seed = o->seed;
    double t0 = bo_now_seconds();
    uint64_t wins = ew_random_games(n, seed, EW_RED);
    double dt = bo_now_seconds() - t0, p = (double)wins / (double)n, se = sqrt(p * (1 - p) / (double)n);
    if (o->json) {
        bo_json j;
        bo_json_begin(&j, out);
        bo_json_str(&j, "game", "einstein");
        bo_json_str(&j, "bench", "random");
        bo_json_u64(&j, "games", n);
        bo_json_u64(&j, "seed", seed);
        bo_json_u64(&j, "first_wins", wins);
        bo_json_num(&j, "first_share", p, 6);
        bo_json_num(&j, "stderr", se, 6);
        bo_json_num(&j, "seconds", dt, 3);
        bo_json_end(&j);
    } else {
        fprintf(out, "random games: %llu (seed %llu), first player wins %llu = %.4f%% +- %.4f%% (95%%: %.4f%%..%.4f%%)\n",
                (unsigned long long)n, (unsigned long long)seed, (unsigned long long)wins, 100 * p, 196 * se,
                100 * (p - 1.96 * se), 100 * (p + 1.96 * se));
        fprintf(out, "%.2f s, %.0f games/s\n", dt, (double)n / dt);
    }
    return BO_EXIT_OK;
}

/* bench match: --a SPEC --b SPEC, --games N (pairs: the same seed with colours
 * swapped), --seed S. */
static int bench_match(const bo_opts *o, FILE *out)
{
    ew_player a, b;
    char err[256];
    if (ew_player_parse(o->player_a ? o->player_a : "expectimax", &a, err, sizeof err) != 0 ||
        ew_player_parse(o->player_b ? o->player_b : "random", &b, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    long n = o->games > 0 ? o->games : 200;
    ew_match_stats st;
    double t0 = bo_now_seconds();
    ew_player_match(&a, &b, n, o->seed, o->rules && !strcmp(o->rules, "choose"), &st);
    double dt = bo_now_seconds() - t0, p = st.score_a / (double)st.games, se = sqrt(p * (1 - p) / (double)st.games);
    /* Wilson's 95% interval: sound near 0% and 100%, where p +- 1.96 se is not. */
    double z = 1.96, nn = st.games, den = 1 + z * z / nn, mid = (p + z * z / (2 * nn)) / den;
    double half = z * sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / den;
    if (o->json) {
        bo_json j;
        bo_json_begin(&j, out);
        bo_json_str(&j, "game", "einstein");
        bo_json_str(&j, "bench", "match");
        bo_json_str(&j, "a", o->player_a ? o->player_a : "expectimax");
        bo_json_str(&j, "b", o->player_b ? o->player_b : "random");
        bo_json_int(&j, "games", st.games);
        bo_json_num(&j, "score_a", p, 4);
        bo_json_num(&j, "stderr", se, 4);
        bo_json_num(&j, "low95", mid - half, 4);
        bo_json_num(&j, "high95", mid + half, 4);
        bo_json_num(&j, "ms_per_move_a", st.moves_a ? 1000 * st.seconds_a / st.moves_a : 0, 3);
        bo_json_num(&j, "ms_per_move_b", st.moves_b ? 1000 * st.seconds_b / st.moves_b : 0, 3);
        bo_json_num(&j, "seconds", dt, 2);
        bo_json_end(&j);
    } else {
        fprintf(out, "match: A=%s vs B=%s, %d games (seed %llu)\n", o->player_a ? o->player_a : "expectimax",
                o->player_b ? o->player_b : "random", st.games, (unsigned long long)o->seed);
        fprintf(out, "A scores %.1f%% (95%% Wilson: %.1f%%..%.1f%%); A first: %d/%d won, A second: %d/%d won\n", 100 * p,
                100 * (mid - half), 100 * (mid + half), st.wins_a_first, st.games_a_first,
                st.wins_a_second, st.games - st.games_a_first);
        fprintf(out, "time per move: A %.3f ms, B %.3f ms; %.1f s in all\n",
                st.moves_a ? 1000 * st.seconds_a / st.moves_a : 0, st.moves_b ? 1000 * st.seconds_b / st.moves_b : 0, dt);
    }
    return BO_EXIT_OK;
}

static int ew_bench_cli(const bo_opts *o, FILE *out)
{
    const char *what = o->what ? o->what : o->nargs > 0 ? o->args[0] : "perft";
    if (!strcmp(what, "random")) return bench_random(o, out);
    if (!strcmp(what, "match")) return bench_match(o, out);
    if (!strcmp(what, "expectimax")) {
        /* Star1 and Star2 against plain expectimax, the same positions. */
        uint64_t nodes[3];
        double secs[3];
        int depth = o->depth > 0 ? o->depth : 4, n = o->games > 0 ? (int)o->games : 50;
        ew_bench_star(depth, n, o->seed, nodes, secs);
        static const char *const names[3] = {"plain", "star1", "star2"};
        for (int s = 0; s < 3; s++)
            fprintf(out, "expectimax depth %d, %d positions, %s: %llu decision nodes, %.3f s, %.0f nodes/s\n", depth, n,
                    names[s], (unsigned long long)nodes[s], secs[s], secs[s] > 0 ? (double)nodes[s] / secs[s] : 0);
        return BO_EXIT_OK;
    }
    if (strcmp(what, "perft") != 0) {
        bo_cli_error(NULL, 0, 0, "einstein benchmarks: random [--games N] [--seed S], match --a SPEC --b SPEC [--games N] "
                     "[--seed S], expectimax [--depth D] [--games POSITIONS], perft [--depth N] [--fen POS]; not '%s'", what);
        return BO_EXIT_USAGE;
    }
    const bo_game *g = bo_game_by_name("einstein");
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    if (bo_cli_load_position(o, g, pos) != 0) return BO_EXIT_USAGE;
    int depth = o->depth >= 0 ? o->depth : 8;
    double t0 = bo_now_seconds();
    uint64_t nodes = ew_perft((const ew_pos *)pos, depth);
    char fen[256];
    ew_to_text((const ew_pos *)pos, fen, sizeof fen);
    return bo_cli_perft_bench(o, out, "einstein", fen, depth, nodes, bo_now_seconds() - t0);
}

const bo_game_cli bo_game_einstein = {
    .name = "einstein",
    .rules_help = "choose (default: each side places its pieces), random (arrangements drawn by chance)",
    .sniff = ew_sniff,
    .validate = ew_validate_cli,
    .split = bo_split_wtn,   /* "#[" header lines: validate streams */
    .validate_end = ew_validate_end,
    .convert = ew_convert_cli,
    .bench = ew_bench_cli,
    .render = ew_cli_render,
    .replay = ew_cli_replay,
    .write_game = ew_cli_write_game,
    .played_ext = "txt",
    .write_played = ew_write_played,
    .eval_scale = 400,
};
