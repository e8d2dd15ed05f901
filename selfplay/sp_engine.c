/* sp_engine.c -- outside engines as players (sp_engine.h): the spec, the move
 * request with its faults, and the four protocols.
 *
 * Every protocol is stateless per request (the position and, where the protocol
 * has them, the moves that led to it are sent each time), so a restarted engine
 * needs nothing replayed.  The texts come from the game descriptor: the position
 * text (Xiangqi FEN, PDN FEN) and the move text (ICCS "h2e2", "h8", "32-28"),
 * turned into each protocol's own:
 *   UCI     uci/uciok, setoption name N value V, isready/readyok, ucinewgame,
 *           position fen F moves ..., go movetime|depth|nodes|wtime.. [searchmoves M..], bestmove M;
 *           ranks=1 for engines that number Xiangqi's ranks 1..10 (FSF).
 *   UCCI    ucci/ucciok, setoption N V, position fen F moves ..., go time T
 *           movestogo|increment .. opptime .., go depth N; bestmove M or nobestmove.
 *   Gomocup START size/OK, INFO key value, BOARD x,y,who .. DONE, reply "x,y";
 *           the start position's stones first (in turns), then the line's moves;
 *           a depth or node limit as Rapfi's INFO max_depth / max_node;
 *           x the column from 0, y the row from 0 counted as the move text's number - 1.
 *   Hub     (version 2, Scan 3.x) hub/wait, set-param name=N value=V, init/ready,
 *           new-game, pos pos=W<50 squares>, level move-time=S|depth=N|nodes=N,
 *           go think, done move=FROM-TO or FROMxTOxCAPxCAP...
 *   Hub-1   (Scan 2.0) the same handshake with `set N V`, then pos W<50>, time MS |
 *           depth N | level 0 MS INC, go, move M [PONDER]. */
#include "sp_engine.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core.h"
#include "dr_hub.h"
#include "search.h"
#include "sp_botzone.h"
#include "sp_dxp.h"
#include "sp_process.h"
#include "sp_reply.h"
#include "sp_swap2.h"

struct sp_engine {
    sp_engine_spec spec;
    const bo_game *g;
    sp_process *proc;         /* NULL until started, and after a fault */
    sp_dxp_session *dxp;      /* proto=dxp: the TCP session instead of PROC */
    sp_process_opts po;       /* its logs (--log) and the group hook */
    bool new_game;            /* tell the engine before the next request */
    int depth;                /* the depth its last answer's info lines gave; 0: none */
    bool scored;              /* its last answer's info lines gave a score (0 is one) */
    sp_botzone *bz;           /* proto=botzone: its own state (sp_botzone.c) */
    sp_engine_analysis *an;   /* sp_engine_analyse: the reports are read into it */
    const void *an_pos;       /* ... of this position */
};

static void an_take(sp_engine *e, const char *l);

/* ---- the spec ------------------------------------------------------------------ */

/* The next word of *S, quotes (' or ") keeping spaces; NULL at the end. */
static char *next_word(char **s)
{
    char *p = *s;
    while (*p == ' ' || *p == '\t') p++;
    if (!*p) return NULL;
    char *w = p, *o = p;
    char q = 0;
    for (; *p && (q || (*p != ' ' && *p != '\t')); p++) {
        if (!q && (*p == '\'' || *p == '"')) { q = *p; continue; }
        if (q && *p == q) { q = 0; continue; }
        *o++ = *p;
    }
    if (*p) p++;
    *o = '\0';
    *s = p;
    return w;
}

static int add_arg(sp_engine_spec *s, int *n, const char *a)
{
    if (*n >= SP_ENGINE_ARGS) return -1;
    s->argv[(*n)++] = strdup(a);
    return s->argv[*n - 1] ? 0 : -1;
}

int sp_engine_spec_parse(const char *text, sp_engine_spec *s, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->margin_ms = 1000;
    s->start_ms = 60000;
    s->dxp_moves = -1;
    char *buf = strdup(text), *p = buf, *w;
    if (!buf) return bo_fail(err, errlen, "out of memory");
    int nargs = 0;
    char *args = NULL;
    int rc = 0;
    while (rc == 0 && (w = next_word(&p))) {
        char *eq = strchr(w, '=');
        if (!eq) { rc = bo_fail(err, errlen, "engine '%s': '%s' is not KEY=VALUE", text, w); break; }
        *eq = '\0';
        const char *v = eq + 1;
        if (strcmp(w, "name") == 0) snprintf(s->name, sizeof s->name, "%s", v);
        else if (strcmp(w, "cmd") == 0) { if (nargs == 0 && add_arg(s, &nargs, v) != 0) rc = bo_fail(err, errlen, "out of memory"); }
        else if (strcmp(w, "args") == 0) args = eq + 1;
        else if (strcmp(w, "proto") == 0) snprintf(s->proto, sizeof s->proto, "%s", v);
        else if (strcmp(w, "ranks") == 0) s->rank_offset = atoi(v) == 1 ? 1 : 0;
        else if (strcmp(w, "margin") == 0) s->margin_ms = atol(v);
        else if (strcmp(w, "start") == 0) s->start_ms = atol(v);
        else if (strcmp(w, "io") == 0 && (strcmp(v, "json") == 0 || strcmp(v, "simple") == 0)) snprintf(s->io, sizeof s->io, "%s", v);
        else if (strcmp(w, "host") == 0) snprintf(s->dxp_host, sizeof s->dxp_host, "%s", v);
        else if (strcmp(w, "port") == 0) s->dxp_port = atoi(v);
        else if (strcmp(w, "listen") == 0) s->dxp_listen = atoi(v) == 1;
        else if (strcmp(w, "initiator") == 0) s->dxp_follower = strcmp(v, "engine") == 0;
        else if (strcmp(w, "dxp-time") == 0) s->dxp_minutes = atoi(v);
        else if (strcmp(w, "dxp-moves") == 0) s->dxp_moves = atoi(v);
        else if (strncmp(w, "option.", 7) == 0 && w[7]) {
            if (s->noptions >= SP_ENGINE_OPTIONS) { rc = bo_fail(err, errlen, "engine '%s': too many options", text); break; }
            s->opt_name[s->noptions] = strdup(w + 7);
            s->opt_value[s->noptions] = strdup(v);
            if (!s->opt_name[s->noptions] || !s->opt_value[s->noptions]) rc = bo_fail(err, errlen, "out of memory");
            s->noptions++;
        } else {
            rc = bo_fail(err, errlen, "engine '%s': unknown key '%s' (name, cmd, args, proto, option.NAME, ranks, margin, start; Botzone: io=json|simple; DXP: host, port, listen, initiator, dxp-time, dxp-moves)",
                         text, w);
        }
    }
    bool dxp = strcmp(s->proto, "dxp") == 0;
    if (rc == 0 && dxp && !s->dxp_port && !s->dxp_listen) rc = bo_fail(err, errlen, "engine '%s': proto=dxp needs port=N (or listen=1)", text);
    if (rc == 0 && nargs == 0) rc = bo_fail(err, errlen, "engine '%s': no cmd=PATH", text);
    if (rc == 0 && args) {   /* args= holds several words, split as the spec was */
        char *a = args, *x;
        while (rc == 0 && (x = next_word(&a)))
            if (add_arg(s, &nargs, x) != 0) rc = bo_fail(err, errlen, "engine '%s': too many args", text);
    }
    if (rc == 0 && strcmp(s->proto, "uci") != 0 && strcmp(s->proto, "ucci") != 0 && strcmp(s->proto, "gomocup") != 0 &&
        strcmp(s->proto, "hub") != 0 && strcmp(s->proto, "hub1") != 0 && strcmp(s->proto, "botzone") != 0 && !dxp)
        rc = bo_fail(err, errlen, "engine '%s': proto= takes uci, ucci, gomocup, hub, hub1, dxp or botzone", text);
    if (rc == 0 && !s->name[0]) {
        const char *base = strrchr(s->argv[0], '/');
        snprintf(s->name, sizeof s->name, "%s", base ? base + 1 : s->argv[0]);
    }
    free(buf);
    if (rc != 0) sp_engine_spec_free(s);
    return rc;
}

void sp_engine_spec_free(sp_engine_spec *s)
{
    for (int i = 0; i < SP_ENGINE_ARGS && s->argv[i]; i++) free(s->argv[i]);
    for (int i = 0; i < s->noptions; i++) { free(s->opt_name[i]); free(s->opt_value[i]); }
    memset(s->argv, 0, sizeof s->argv);
    s->noptions = 0;
}

int sp_engine_spec_copy(sp_engine_spec *dst, const sp_engine_spec *src)
{
    *dst = *src;
    memset(dst->argv, 0, sizeof dst->argv);
    for (int i = 0; i < src->noptions; i++) dst->opt_name[i] = dst->opt_value[i] = NULL;
    bool oom = false;
    for (int i = 0; i < SP_ENGINE_ARGS && src->argv[i]; i++) oom |= !(dst->argv[i] = strdup(src->argv[i]));
    for (int i = 0; i < src->noptions; i++) {
        oom |= !(dst->opt_name[i] = strdup(src->opt_name[i]));
        oom |= !(dst->opt_value[i] = strdup(src->opt_value[i]));
    }
    if (oom) { sp_engine_spec_free(dst); return -1; }
    return 0;
}

/* ---- the engine's life ------------------------------------------------------------- */

void sp_engine_logs_open(const sp_engine_spec *spec, sp_process_opts *po)
{
    po->group = spec->group;
    po->stop = spec->stop;
    if (!spec->log_dir[0] || po->log) return;
    char path[700], err[256];
    char tag[16] = "";   /* one pair of files per instance: lines of parallel games never mix */
    if (spec->instance > 0) snprintf(tag, sizeof tag, ".%d", spec->instance);
    snprintf(path, sizeof path, "%s/%s%s.log", spec->log_dir, spec->name, tag);
    po->log = sp_log_open(path, spec->log_max, err, sizeof err);
    snprintf(path, sizeof path, "%s/%s%s.stderr", spec->log_dir, spec->name, tag);
    po->errlog = sp_log_open(path, spec->log_max, err, sizeof err);
}

void sp_engine_logs_close(sp_process_opts *po)
{
    sp_log_close(po->log);
    sp_log_close(po->errlog);
    po->log = po->errlog = NULL;
}

void sp_engine_instance(sp_engine *e, int k) { e->spec.instance = k; }

sp_engine *sp_engine_new(const sp_engine_spec *spec, const bo_game *g)
{
    sp_engine *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    if (sp_engine_spec_copy(&e->spec, spec) != 0) { free(e); return NULL; }
    e->g = g;
    e->new_game = true;
    return e;
}

static void stop(sp_engine *e)
{
    if (e->dxp) { sp_dxp_stop(e->dxp); e->dxp = NULL; return; }
    if (!e->proc) return;
    if (strcmp(e->spec.proto, "gomocup") == 0) sp_process_send(e->proc, "END");
    else sp_process_send(e->proc, "quit");
    sp_process_stop(e->proc);
    e->proc = NULL;
}

void sp_engine_free(sp_engine *e)
{
    if (!e) return;
    stop(e);
    sp_botzone_free(e->bz);
    sp_engine_logs_close(&e->po);
    sp_engine_spec_free(&e->spec);
    free(e);
}

void sp_engine_new_game(sp_engine *e) { e->new_game = true; }

/* Wait for a line starting with WANT (ignoring others) until DEADLINE; 0, or -1
 * with the fault in WHY. */
static int expect(sp_engine *e, const char *want, int64_t deadline, char **line, char *why, size_t n)
{
    for (;;) {
        char *l;
        sp_line_status st = sp_process_line(e->proc, deadline, &l);
        if (st == SP_LINE_OK) {
            if (strncmp(l, want, strlen(want)) == 0) { if (line) *line = l; return 0; }
            continue;
        }
        char status[64], awaited[64];
        sp_process_status(e->proc, status, sizeof status);
        const char *last = sp_process_last(e->proc);
        if (*want) snprintf(awaited, sizeof awaited, "'%s'", want);
        else snprintf(awaited, sizeof awaited, "move");
        if (st == SP_LINE_TIMEOUT) snprintf(why, n, "timeout: no %s in time (last output: '%s')", awaited, last);
        else if (st == SP_LINE_LONG) snprintf(why, n, "garbage: a line of more than %d bytes ('%.60s...')", SP_LINE_MAX, last);
        else if (status[0])
            snprintf(why, n, "crash: the engine ended with %s while waiting for %s (last output: '%s')", status, awaited, last);
        else   /* it closed its stdout and lives on: as good as dead */
            snprintf(why, n, "crash: the engine closed its output while waiting for %s (last output: '%s')", awaited, last);
        return -1;
    }
}

/* Start the engine and greet it in its protocol. */
static int engine_start(sp_engine *e, char *why, size_t n)
{
    char err[256];
    sp_engine_logs_open(&e->spec, &e->po);
    if (strcmp(e->spec.proto, "dxp") == 0) {
        int rc = sp_dxp_start(&e->dxp, &e->spec, &e->po, why, n);
        if (rc != 0) { sp_dxp_stop(e->dxp); e->dxp = NULL; }
        return rc;
    }
    e->proc = sp_process_start(e->spec.argv, &e->po, err, sizeof err);
    if (!e->proc) { snprintf(why, n, "start: %s", err); return -1; }
    int64_t deadline = sp_now_ms() + e->spec.start_ms;
    const sp_engine_spec *s = &e->spec;
    int rc = 0;
    if (strcmp(s->proto, "uci") == 0 || strcmp(s->proto, "ucci") == 0) {
        bool uci = strcmp(s->proto, "uci") == 0;
        sp_process_send(e->proc, uci ? "uci" : "ucci");
        rc = expect(e, uci ? "uciok" : "ucciok", deadline, NULL, why, n);
        for (int i = 0; rc == 0 && i < s->noptions; i++) {
            if (uci) sp_process_send(e->proc, "setoption name %s value %s", s->opt_name[i], s->opt_value[i]);
            else sp_process_send(e->proc, "setoption %s %s", s->opt_name[i], s->opt_value[i]);
        }
        if (rc == 0) { sp_process_send(e->proc, "isready"); rc = expect(e, "readyok", deadline, NULL, why, n); }
    } else if (strcmp(s->proto, "gomocup") == 0) {
        const char *size = "15";
        for (int i = 0; i < s->noptions; i++) if (strcmp(s->opt_name[i], "size") == 0) size = s->opt_value[i];
        sp_process_send(e->proc, "START %s", size);
        rc = expect(e, "OK", deadline, NULL, why, n);
        for (int i = 0; rc == 0 && i < s->noptions; i++)
            if (strcmp(s->opt_name[i], "size") != 0) sp_process_send(e->proc, "INFO %s %s", s->opt_name[i], s->opt_value[i]);
    } else {   /* hub, hub1 */
        bool v1 = strcmp(s->proto, "hub1") == 0;
        sp_process_send(e->proc, "hub");
        rc = expect(e, "wait", deadline, NULL, why, n);
        for (int i = 0; rc == 0 && i < s->noptions; i++) {
            if (v1) sp_process_send(e->proc, "set %s %s", s->opt_name[i], s->opt_value[i]);
            else sp_process_send(e->proc, "set-param name=%s value=%s", s->opt_name[i], s->opt_value[i]);
        }
        if (rc == 0) { sp_process_send(e->proc, "init"); rc = expect(e, "ready", deadline, NULL, why, n); }
    }
    if (rc != 0) { sp_process_stop(e->proc); e->proc = NULL; }
    return rc;
}

/* ---- texts ----------------------------------------------------------------------- */

/* ICCS ranks 0..9 as the engine counts them (ranks=1: 1..10). */
static void shift_ranks(const char *in, int by, char *out, size_t n)
{
    size_t k = 0;
    for (const char *p = in; *p && k + 3 < n;) {
        if (isdigit((unsigned char)*p)) {
            long v = strtol(p, (char **)&p, 10) + by;
            k += (size_t)snprintf(out + k, n - k, "%ld", v);
        } else {
            out[k++] = *p++;
        }
    }
    out[k] = '\0';
}

/* The moves of LINE from START as the engine writes them, space-separated. */
static int line_texts(sp_engine *e, const void *start, const bo_move *line, int nline, char *out, size_t n)
{
    const bo_game *g = e->g;
    BO_ALIGNED unsigned char p[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(p, start, g->pos_size);
    size_t k = 0;
    out[0] = '\0';
    for (int i = 0; i < nline; i++) {
        char t[128], u[160];
        if (g->move_to_text(p, line[i], t, sizeof t) != 0) return -1;
        shift_ranks(t, e->spec.rank_offset, u, sizeof u);
        int w = snprintf(out + k, n - k, "%s%s", k ? " " : "", u);
        if (w < 0 || (size_t)w >= n - k) return -1;
        k += (size_t)w;
        g->play(p, line[i], undo, NULL);
    }
    return 0;
}

/* " searchmoves M1 M2 ..." for UCI's go: the N moves at POS as the engine writes them
 * (ranks shifted); NULL when out of memory or a move has no text.  Freed by the caller. */
static char *search_texts(sp_engine *e, const void *pos, const bo_move *m, int n)
{
    size_t cap = 16 + (size_t)n * 40, k = 0;
    char *out = malloc(cap);
    if (!out) return NULL;
    k = (size_t)snprintf(out, cap, " searchmoves");
    for (int i = 0; i < n; i++) {
        char t[128], u[160];
        if (e->g->move_to_text(pos, m[i], t, sizeof t) != 0) { free(out); return NULL; }
        shift_ranks(t, e->spec.rank_offset, u, sizeof u);
        int w = snprintf(out + k, cap - k, " %s", u);
        if (w < 0 || (size_t)w >= cap - k) { free(out); return NULL; }
        k += (size_t)w;
    }
    return out;
}

/* The legal move at POS whose text (ranks shifted back) is TEXT. */
static int find_move(sp_engine *e, const void *pos, const char *text, bo_move *m)
{
    char t[160], err[128];
    shift_ranks(text, -e->spec.rank_offset, t, sizeof t);
    if (e->g->move_from_text(pos, t, m, err, sizeof err) != 0) return -1;
    bo_move all[BO_MOVES_MAX];
    int n = e->g->legal(pos, all);
    for (int i = 0; i < n; i++) if (all[i] == *m) return 0;
    return -1;
}

/* The most stones a Gomocup position has: a 20x20 board full. */
#define SP_GOMOCUP_STONES 400

/* A move text "h8" as Gomocup's "x,y". */
static int text_gomocup(const char *t, int *x, int *y)
{
    if (!isalpha((unsigned char)t[0]) || !isdigit((unsigned char)t[1])) return -1;
    *x = tolower((unsigned char)t[0]) - 'a';
    *y = atoi(t + 1) - 1;
    return 0;
}

/* ---- one request ------------------------------------------------------------------- */

/* A search report's score and depth (the record's move comment shows them). */
static void take_info(sp_engine *e, const sp_reply *r, int *eval)
{
    if (r->depth >= 0) e->depth = r->depth;
    if (r->has_eval) { *eval = r->eval; e->scored = true; }
}

/* How long to wait for the answer: the limit plus the margin; an untimed search
 * (depth, nodes) gets a minute. */
static int64_t budget_ms(const sp_engine *e, const sp_engine_limits *lim)
{
    int64_t t = lim->movetime_ms > 0 ? lim->movetime_ms : lim->clock_ms[0] > 0 ? lim->clock_ms[0] : 60000;
    return t + e->spec.margin_ms;
}

static int ask_uci(sp_engine *e, const void *start, const bo_move *line, int nline, const void *pos,
                   const sp_engine_limits *lim, bo_move *move, int *eval, char *why, size_t n)
{
    char *mv = malloc(65536), fen[1024];
    if (!mv) { snprintf(why, n, "start: out of memory"); return -1; }
    bool uci = strcmp(e->spec.proto, "uci") == 0;
    e->g->to_text(start, fen, sizeof fen);
    if (line_texts(e, start, line, nline, mv, 65536) != 0) { free(mv); snprintf(why, n, "start: the line has no text"); return -1; }
    char *only_buf = NULL;   /* searchmoves: sent with the limit */
    const char *only = "";
    if (uci && lim->nsearchmoves > 0) {
        if (!(only_buf = search_texts(e, pos, lim->searchmoves, lim->nsearchmoves))) {
            free(mv);
            snprintf(why, n, "start: the moves to search have no text");
            return -1;
        }
        only = only_buf;
    }
    if (e->new_game && uci) sp_process_send(e->proc, "ucinewgame");
    e->new_game = false;
    sp_process_send(e->proc, "position fen %s%s%s", fen, nline ? " moves " : "", mv);
    free(mv);
    int side = e->g->to_move(pos);
    if (lim->movetime_ms > 0) {
        if (uci) sp_process_send(e->proc, "go movetime %lld%s", (long long)lim->movetime_ms, only);
        else sp_process_send(e->proc, "go time %lld movestogo 1", (long long)lim->movetime_ms);
    } else if (lim->clock_ms[0] > 0) {
        long long me = lim->clock_ms[0], opp = lim->clock_ms[1], inc = lim->inc_ms;
        if (uci)
            sp_process_send(e->proc, "go wtime %lld btime %lld winc %lld binc %lld%s", side == 0 ? me : opp,
                            side == 0 ? opp : me, inc, inc, only);
        else
            sp_process_send(e->proc, "go time %lld increment %lld opptime %lld oppincrement %lld", me, inc, opp, inc);
    } else if (lim->nodes > 0) {
        sp_process_send(e->proc, "go nodes %llu%s", (unsigned long long)lim->nodes, only);
    } else {
        sp_process_send(e->proc, "go depth %d%s", lim->depth > 0 ? lim->depth : 1, only);
    }
    free(only_buf);
    int64_t deadline = sp_now_ms() + budget_ms(e, lim);
    for (;;) {
        char *l;
        if (expect(e, "", deadline, &l, why, n) != 0) return -1;
        if (e->an) an_take(e, l);
        sp_reply r;
        sp_reply_uci(l, &r);
        if (r.kind == SP_REPLY_INFO) { take_info(e, &r, eval); continue; }
        if (r.kind == SP_REPLY_RESIGN && strncmp(l, "nobestmove", 10) == 0) { snprintf(why, n, "resign: nobestmove"); return -2; }
        if (r.kind == SP_REPLY_RESIGN) { snprintf(why, n, "resign: '%s'", l); return -2; }
        if (r.kind != SP_REPLY_MOVE) continue;
        if (find_move(e, pos, r.move, move) != 0) { snprintf(why, n, "illegal move: '%s' (%s)", r.move, l); return -2; }
        return 0;
    }
}

/* The stones of a position, as its text lists them ("black: h8 i9; white: j10; ..."):
 * colour C's into X[C], Y[C] (C 0 black, 1 white), counted in N[C]; -1 where a stone
 * has no Gomocup coordinates.  Gomocup tells a position only as stones, so a start
 * position with stones (a record's, relabel's) is sent by what its text says. */
static int text_stones(const char *text, int x[2][SP_GOMOCUP_STONES], int y[2][SP_GOMOCUP_STONES], int n[2])
{
    n[0] = n[1] = 0;
    for (const char *s = text; *s;) {
        while (*s == ' ' || *s == ';') s++;
        const char *end = strchr(s, ';');
        if (!end) end = s + strlen(s);
        int c = strncasecmp(s, "black:", 6) == 0 ? 0 : strncasecmp(s, "white:", 6) == 0 ? 1 : -1;
        for (const char *v = s + 6; c >= 0 && v < end;) {
            while (v < end && (*v == ' ' || *v == ',')) v++;
            if (v >= end) break;
            char t[16];
            size_t k = strcspn(v, " ,;");
            snprintf(t, sizeof t, "%.*s", (int)(k < sizeof t ? k : sizeof t - 1), v);
            if (n[c] >= SP_GOMOCUP_STONES || text_gomocup(t, &x[c][n[c]], &y[c][n[c]]) != 0) return -1;
            n[c]++;
            v += k;
        }
        s = end;
    }
    return 0;
}

/* BOARD: the stones of START, then the moves of LINE, each "x,y,F" with F 1 for the
 * stones of the side to move at the end, 2 for the other's.  START's stones go first in
 * turns, from the colour with more (equal: the colour to move at START), so that the
 * whole list could have been played in its order: Rapfi reads the list as moves in
 * turn, and its colours (renju's black) and its search differ when they are not. */
static int send_board(sp_engine *e, const void *start, const bo_move *line, int nline, const void *pos, char *why, size_t n)
{
    const bo_game *g = e->g;
    int own = g->to_move(pos);   /* 0 black (moves first), 1 white */
    char text[4096];
    int sx[2][SP_GOMOCUP_STONES], sy[2][SP_GOMOCUP_STONES], cnt[2];
    g->to_text(start, text, sizeof text);
    if (text_stones(text, sx, sy, cnt) != 0) return bo_fail(why, n, "start: the position's stones have no Gomocup coordinates");
    sp_process_send(e->proc, "BOARD");
    int c = cnt[0] != cnt[1] ? (cnt[0] > cnt[1] ? 0 : 1) : g->to_move(start), i[2] = {0, 0};
    while (i[0] < cnt[0] || i[1] < cnt[1]) {
        if (i[c] >= cnt[c]) c = 1 - c;   /* the counts differ by more than one: the rest of the other's */
        sp_process_send(e->proc, "%d,%d,%d", sx[c][i[c]], sy[c][i[c]], c == own ? 1 : 2);
        i[c]++;
        c = 1 - c;
    }
    BO_ALIGNED unsigned char p[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(p, start, g->pos_size);
    for (int k = 0; k < nline; k++) {
        char t[64];
        int x, y;
        if (g->move_to_text(p, line[k], t, sizeof t) != 0 || text_gomocup(t, &x, &y) != 0)
            return bo_fail(why, n, "start: move %d has no Gomocup coordinates", k + 1);
        sp_process_send(e->proc, "%d,%d,%d", x, y, g->to_move(p) == own ? 1 : 2);
        g->play(p, line[k], undo, NULL);
    }
    sp_process_send(e->proc, "DONE");
    return 0;
}

static int ask_gomocup(sp_engine *e, const void *start, const bo_move *line, int nline, const void *pos,
                       const sp_engine_limits *lim, bo_move *move, char *why, size_t n)
{
    if (lim->movetime_ms > 0) sp_process_send(e->proc, "INFO timeout_turn %lld", (long long)lim->movetime_ms);
    else if (lim->clock_ms[0] > 0) {
        sp_process_send(e->proc, "INFO timeout_turn %lld", (long long)lim->clock_ms[0]);
        sp_process_send(e->proc, "INFO time_left %lld", (long long)lim->clock_ms[0]);
    } else {
        /* Rapfi's and Yixin's extensions (engines without them say ERROR, which is logged):
           the depth or node limit decides, within the minute the runner waits */
        if (lim->depth > 0) sp_process_send(e->proc, "INFO max_depth %d", lim->depth);
        if (lim->nodes > 0) sp_process_send(e->proc, "INFO max_node %llu", (unsigned long long)lim->nodes);
        sp_process_send(e->proc, "INFO timeout_turn %lld", (long long)budget_ms(e, lim) - e->spec.margin_ms);
    }
    e->new_game = false;
    if (send_board(e, start, line, nline, pos, why, n) != 0) return -1;
    int64_t deadline = sp_now_ms() + budget_ms(e, lim);
    for (;;) {
        char *l;
        if (expect(e, "", deadline, &l, why, n) != 0) return -1;
        /* ERROR answers an INFO the brain does not know as often as a move it cannot
         * make: it is logged, and silence past the deadline is what loses */
        if (e->an) an_take(e, l);
        sp_reply r;
        sp_reply_gomocup(l, &r);
        if (r.kind == SP_REPLY_OTHER) continue;
        if (r.kind != SP_REPLY_MOVE) { snprintf(why, n, "garbage: '%s' is not x,y", l); return -2; }
        if (find_move(e, pos, r.move, move) != 0) { snprintf(why, n, "illegal move: '%s' (%s)", l, r.move); return -2; }
        return 0;
    }
}

static int ask_hub(sp_engine *e, const void *pos, const sp_engine_limits *lim, bo_move *move, int *eval,
                   char *why, size_t n)
{
    char fen[512], hp[64];
    e->g->to_text(pos, fen, sizeof fen);
    if (dr_hub_from_fen(fen, hp) != 0) { snprintf(why, n, "start: '%s' has no Hub position", fen); return -1; }
    bool v1 = strcmp(e->spec.proto, "hub1") == 0;
    if (e->new_game && !v1) sp_process_send(e->proc, "new-game");
    e->new_game = false;
    if (v1) {   /* Hub-1: the position (side in lower case), one limit, go; `move M [PONDER]` */
        hp[0] = (char)(hp[0] == 'W' ? 'w' : 'b');
        sp_process_send(e->proc, "pos %s", hp);
        if (lim->movetime_ms > 0) sp_process_send(e->proc, "time %lld", (long long)lim->movetime_ms);
        else if (lim->clock_ms[0] > 0)
            sp_process_send(e->proc, "level 0 %lld %lld", (long long)lim->clock_ms[0], (long long)lim->inc_ms);
        else sp_process_send(e->proc, "depth %d", lim->depth > 0 ? lim->depth : 1);
        sp_process_send(e->proc, e->an && !e->an->play ? "analyse" : "go");   /* analyse: a search even of a forced move */
    } else {
    sp_process_send(e->proc, "pos pos=%s", hp);
    if (lim->movetime_ms > 0) sp_process_send(e->proc, "level move-time=%.3f", (double)lim->movetime_ms / 1000.0);
    else if (lim->clock_ms[0] > 0)
        sp_process_send(e->proc, "level time=%.3f inc=%.3f", (double)lim->clock_ms[0] / 1000.0, (double)lim->inc_ms / 1000.0);
    else if (lim->nodes > 0) sp_process_send(e->proc, "level nodes=%llu", (unsigned long long)lim->nodes);
    else sp_process_send(e->proc, "level depth=%d", lim->depth > 0 ? lim->depth : 1);
    sp_process_send(e->proc, "go think");
    }
    int64_t deadline = sp_now_ms() + budget_ms(e, lim);
    for (;;) {
        char *l;
        if (expect(e, "", deadline, &l, why, n) != 0) return -1;
        if (e->an) an_take(e, l);
        sp_reply r;
        sp_reply_hub(l, v1, &r);
        if (r.kind == SP_REPLY_INFO) { take_info(e, &r, eval); continue; }
        if (r.kind == SP_REPLY_OTHER) continue;
        if (r.kind == SP_REPLY_GARBAGE) { snprintf(why, n, "garbage: '%s'", l); return -2; }
        if (r.kind == SP_REPLY_RESIGN) { snprintf(why, n, "resign: '%s'", l); return -2; }
        if (dr_hub_find_move(e->g, pos, r.move, move) != 0) { snprintf(why, n, "illegal move: '%s' (%s)", r.move, l); return -2; }
        return 0;
    }
}

int sp_engine_move(sp_engine *e, const void *start, const bo_move *line, int n, const void *pos,
                   const sp_engine_limits *lim, bo_move *move, int *eval, double *seconds, char *why, size_t whylen)
{
    *eval = 0;
    *seconds = 0;
    e->depth = 0;
    e->scored = false;
    if (strcmp(e->spec.proto, "botzone") == 0) {
        int rc = sp_botzone_move(&e->bz, &e->spec, e->g, &e->new_game, start, line, n, pos, lim, move, seconds, why, whylen);
        if (rc != 0) sp_clean_field(why, whylen);
        return rc;
    }
    int64_t t0 = sp_now_ms();
    if (!e->proc && !e->dxp && engine_start(e, why, whylen) != 0) { sp_clean_field(why, whylen); return -1; }
    int rc;
    if (e->dxp) { rc = sp_dxp_move(e->dxp, e->g, e->new_game, start, line, n, pos, lim, move, why, whylen); e->new_game = false; }
    else if (strcmp(e->spec.proto, "gomocup") == 0) rc = ask_gomocup(e, start, line, n, pos, lim, move, why, whylen);
    else if (strncmp(e->spec.proto, "hub", 3) == 0) rc = ask_hub(e, pos, lim, move, eval, why, whylen);
    else rc = ask_uci(e, start, line, n, pos, lim, move, eval, why, whylen);
    *seconds = (double)(sp_now_ms() - t0) / 1000.0;
    if (rc == -2 || rc == -1) {
        /* whatever it was, this engine is not trusted with the next game as it is */
        stop(e);
        e->new_game = true;
        sp_clean_field(why, whylen);   /* the engine's words, on their way to the records */
        return -1;
    }
    return 0;
}

int sp_engine_last_depth(const sp_engine *e) { return e->depth; }
bool sp_engine_last_scored(const sp_engine *e) { return e->scored; }

/* SWAP2BOARD, the stones in the order played, DONE; the answer "SWAP" or one to three
 * "x,y" (checked one by one as moves of the position they reach).  The stones carry
 * BOARD's third field (1 the side to move's, 2 the other's): Rapfi reads them so,
 * and readers of the plain "x,y" form skip it. */
static int ask_swap2(sp_engine *e, const void *start, const bo_move *line, int nline, const void *pos, int64_t ms,
                     sp_swap2_answer *a, char *why, size_t n)
{
    const bo_game *g = e->g;
    sp_process_send(e->proc, "INFO timeout_turn %lld", (long long)ms);
    sp_process_send(e->proc, "SWAP2BOARD");
    BO_ALIGNED unsigned char p[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(p, start, g->pos_size);
    for (int i = 0; i < nline; i++) {
        char t[64];
        int x, y;
        if (g->move_to_text(p, line[i], t, sizeof t) != 0 || text_gomocup(t, &x, &y) != 0)
            return bo_fail(why, n, "start: stone %d has no Gomocup coordinates", i + 1);
        sp_process_send(e->proc, "%d,%d,%d", x, y, (nline - i) % 2 == 0 ? 1 : 2);   /* as BOARD: 1 the side to move's */
        g->play(p, line[i], undo, NULL);
    }
    sp_process_send(e->proc, "DONE");
    int64_t deadline = sp_now_ms() + ms + e->spec.margin_ms;
    for (;;) {
        char *l;
        if (expect(e, "", deadline, &l, why, n) != 0) return -1;
        if (strncmp(l, "MESSAGE", 7) == 0 || strncmp(l, "DEBUG", 5) == 0 || strncmp(l, "UNKNOWN", 7) == 0 ||
            strncmp(l, "ERROR", 5) == 0 || !*l)
            continue;
        memset(a, 0, sizeof *a);
        if (strcmp(l, "SWAP") == 0) a->swap = true;
        else {
            memcpy(p, pos, g->pos_size);
            char line_copy[256], *save = NULL;
            snprintf(line_copy, sizeof line_copy, "%s", l);
            for (char *w = strtok_r(line_copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
                char t[32];
                if (a->n == 3 || sp_reply_gomocup_xy(w, t, sizeof t) != 0) return bo_fail(why, n, "garbage: '%s' answers SWAP2BOARD", l), -2;
                if (find_move(e, p, t, &a->m[a->n]) != 0) return bo_fail(why, n, "illegal move: '%s' (%s)", w, l), -2;
                g->play(p, a->m[a->n++], undo, NULL);
            }
        }
        if (!sp_swap2_valid(a, nline))
            return bo_fail(why, n, "garbage: '%s' is not a swap2 answer at %d stones", l, nline), -2;
        return 0;
    }
}

int sp_engine_swap2(sp_engine *e, const void *start, const bo_move *line, int n, const void *pos, int64_t ms,
                    sp_swap2_answer *a, char *why, size_t whylen)
{
    if (strcmp(e->spec.proto, "gomocup") != 0)
        return bo_fail(why, whylen, "start: the swap2 opening needs a Gomocup engine, not proto=%s", e->spec.proto);
    if (!e->proc && engine_start(e, why, whylen) != 0) { sp_clean_field(why, whylen); return -1; }
    int rc = ask_swap2(e, start, line, n, pos, ms, a, why, whylen);
    if (rc != 0) { stop(e); e->new_game = true; sp_clean_field(why, whylen); return -1; }
    return 0;
}

/* ---- analysis (sp_engine_analyse) ------------------------------------------------------ */

const sp_engine_spec *sp_engine_get_spec(const sp_engine *e) { return &e->spec; }

bool sp_engine_searchmoves(const sp_engine *e) { return strcmp(e->spec.proto, "uci") == 0; }

/* The report texts of R as legal moves from the analysed position, up to the first
 * that is not one (a line the engine cut or wrote in another notation). */
static int pv_moves(sp_engine *e, const sp_reply_info *r, bo_move *pv)
{
    const bo_game *g = e->g;
    BO_ALIGNED unsigned char p[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(p, e->an_pos, g->pos_size);
    bool hub = strncmp(e->spec.proto, "hub", 3) == 0;
    int k = 0;
    for (; k < r->npv && k < SP_ENGINE_PV; k++) {
        bo_move m;
        if ((hub ? dr_hub_find_move(g, p, r->pv[k], &m) : find_move(e, p, r->pv[k], &m)) != 0) break;
        pv[k] = m;
        g->play(p, m, undo, NULL);
    }
    return k;
}

/* One line of the engine's output read into the analysis: a search report in full
 * (a bound is not a line's value: skipped), merged into its line. */
static void an_take(sp_engine *e, const char *l)
{
    sp_reply_info r;
    const char *proto = e->spec.proto;
    bool gomocup = strcmp(proto, "gomocup") == 0;
    if (gomocup) sp_reply_gomocup_info(l, &r);
    else if (strncmp(proto, "hub", 3) == 0) sp_reply_hub_info(l, strcmp(proto, "hub1") == 0, &r);
    else sp_reply_uci_info(l, &r);
    if (!r.is_info || r.bound || (!r.has_score && r.npv == 0)) return;
    int k = r.multipv - 1;
    if (k < 0 || k >= SP_ENGINE_LINES) return;
    sp_engine_analysis *a = e->an;
    sp_engine_line *x = &a->line[k];
    if (k >= a->nlines) {
        for (int i = a->nlines; i <= k; i++) {
            memset(&a->line[i], 0, sizeof a->line[i]);
            a->line[i].multipv = i + 1;
            a->line[i].depth = a->line[i].seldepth = -1;
            a->line[i].nodes = a->line[i].time_ms = -1;
        }
        a->nlines = k + 1;
    }
    if (r.has_score) { x->scored = true; x->cp = r.mate ? 0 : r.cp; x->mate = r.mate; }
    if (r.depth >= 0) x->depth = r.depth;
    if (r.seldepth >= 0) x->seldepth = r.seldepth;
    if (r.nodes >= 0) x->nodes = r.nodes;
    if (r.time_ms >= 0) x->time_ms = r.time_ms;
    if (r.npv > 0) x->pvlen = pv_moves(e, &r, x->pv);
    else if (!gomocup) x->pvlen = 0;   /* a new report without a line: the old line is not its */
    /* Gomocup's report comes in two lines (the score, then the line): shown once whole */
    if (a->on_info && x->scored && (!gomocup || r.npv > 0)) a->on_info(a->ctx, x);
}

int sp_engine_analyse(sp_engine *e, const void *start, const bo_move *line, int n, const void *pos,
                      const sp_engine_limits *lim, sp_engine_analysis *a, char *why, size_t whylen)
{
    void (*fn)(void *, const sp_engine_line *) = a->on_info;
    void *ctx = a->ctx;
    bool play = a->play;
    memset(a, 0, sizeof *a);
    a->on_info = fn;
    a->ctx = ctx;
    a->play = play;
    e->an = a;
    e->an_pos = pos;
    int eval;
    double seconds;
    int rc = sp_engine_move(e, start, line, n, pos, lim, &a->best, &eval, &seconds, why, whylen);
    a->seconds = seconds;
    e->an = NULL;
    e->an_pos = NULL;
    if (rc != 0) return -1;
    if (a->nlines == 0) {   /* no report at all: the move alone */
        memset(&a->line[0], 0, sizeof a->line[0]);
        a->line[0].multipv = 1;
        a->line[0].depth = a->line[0].seldepth = -1;
        a->line[0].nodes = a->line[0].time_ms = -1;
        a->nlines = 1;
    }
    sp_engine_line *x = &a->line[0];
    if (x->pvlen == 0 || x->pv[0] != a->best) {   /* the move is the answer; a line that disagrees is stale */
        x->pv[0] = a->best;
        x->pvlen = 1;
    }
    return 0;
}

int sp_engine_line_score(const sp_engine_line *l)
{
    if (!l->scored) return 0;
    if (l->mate > 0) return BO_SCORE_WIN - (2 * l->mate - 1);
    if (l->mate < 0) return -(BO_SCORE_WIN - 2 * -l->mate);
    int lim = BO_SCORE_WIN_MIN - 1;   /* a centipawn score is never read as a win */
    return l->cp > lim ? lim : l->cp < -lim ? -lim : l->cp;
}
