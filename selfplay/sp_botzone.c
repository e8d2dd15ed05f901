/* sp_botzone.c -- Botzone bots as players (sp_botzone.h).
 *
 * Each move request replays the game's line from its start to split it as Botzone
 * sees it from the bot's side: its own moves are its responses, and the moves
 * between them (the opponent's, chance's) are the requests, the last request being
 * this turn's.  The whole input goes to a fresh process:
 *   JSON    {"requests":[..],"responses":[..],"data":D,"globaldata":G,"time_limit":S}
 *   simple  n, then the 2n-1 messages a line each (then the data line and the
 *           global data, only if the bot ever saved some)
 * and the first line that comes back is the response ({"response":R,...} or R).  The
 * runner then waits a moment for the keep-running marker: a bot that prints it is
 * kept, and the next turn of the same game sends it only the new request; one that
 * ends (or stays silent, then is stopped) is started afresh next turn.  The bot's
 * "data"/"globaldata" are handed back as Botzone does (data for the game, globaldata
 * across games).  A game of hidden information (Junqi) is refereed as Botzone's own
 * hidden games are: each request is only what the bot may see (bz_view_request: a
 * state drawn from its view), never the opponent's moves as played. */
#include "sp_botzone.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "botzone.h"
#include "sp_process.h"

enum { KEEP_WAIT_MS = 1000, SAVED_MAX = 100 * 1024 };

struct sp_botzone {
    sp_process *proc;         /* a kept-running bot, else NULL */
    sp_process_opts po;       /* its logs (--log) and the group hook */
    int kept_side, kept_ply;  /* the kept bot's side and the ply of its last response */
    char *data, *globaldata;  /* what the bot saved (JSON texts; NULL: none) */
};

/* A growing text (a whole game's input), its failure kept until the end. */
typedef struct sbuf { char *s; size_t len, cap; bool oom; } sbuf;

/* Append T, doubling the room as needed. */
static void put(sbuf *b, const char *t)
{
    size_t n = strlen(t);
    if (b->oom) return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1) cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) { b->oom = true; return; }
        b->s = s;
        b->cap = cap;
    }
    memcpy(b->s + b->len, t, n + 1);
    b->len += n;
}

/* Stop a kept bot and let go of the log and the saved data. */
void sp_botzone_free(sp_botzone *bz)
{
    if (!bz) return;
    if (bz->proc) sp_process_stop(bz->proc);
    sp_engine_logs_close(&bz->po);
    free(bz->data);
    free(bz->globaldata);
    free(bz);
}

/* Keep the bot's saved TEXT (a JSON value's raw text, or a simple line) in *SLOT. */
static void save(char **slot, const char *text)
{
    free(*slot);
    *slot = text && *text && strlen(text) <= SAVED_MAX ? strdup(text) : NULL;
}

/* The whole input of this turn (and, in *LAST, the last request alone): the line
 * split into requests and responses from SIDE's view.  0, or -1 with WHY. */
static int build_input(sp_botzone *bz, const sp_engine_spec *spec, const bo_game *g, const void *start,
                       const bo_move *line, int n, int side, bool json, int64_t time_ms, sbuf *in, char *last,
                       size_t lastn, int *last_resp, char *why, size_t whylen)
{
    const bz_xy *xy = spec->botzone;
    BO_ALIGNED unsigned char p[BO_POS_MAX], seg[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(p, start, g->pos_size);
    memcpy(seg, start, g->pos_size);
    sbuf req = {0}, res = {0};
    char *t = malloc(65536);
    if (!t) return snprintf(why, whylen, "start: out of memory"), -1;
    int seg_at = 0, turns = 0, rc = 0;
    bool hidden = (g->flags & BO_GAME_HIDDEN) != 0;   /* each request: the bot's view alone */
    *last_resp = -1;
    for (int i = 0; i <= n && rc == 0; i++) {
        bool mine = i < n && g->to_move(p) == side;
        if (i == n || mine) {   /* the request of moves seg_at..i */
            int q = hidden ? bz_view_request(g, p, side, t, 65536)
                           : bz_request(g, xy, start, seg, line + seg_at, i - seg_at, turns == 0, json, t, 65536);
            if (q != 0) {
                rc = (snprintf(why, whylen, "start: plies %d-%d cannot be told as one Botzone request", seg_at + 1, i), -1);
                break;
            }
            if (json) { put(&req, turns ? "," : ""); put(&req, t); }
            else { put(&req, t); put(&req, "\n"); }
            snprintf(last, lastn, "%s", t);
            turns++;
        }
        if (i == n) break;
        if (mine) {
            if (bz_response(g, xy, p, line[i], json, t, 65536) != 0) {
                rc = (snprintf(why, whylen, "start: ply %d has no Botzone text", i + 1), -1);
                break;
            }
            if (json) { put(&res, res.len ? "," : ""); put(&res, t); }
            else { put(&res, t); put(&res, "\n"); }
            *last_resp = i;
        }
        g->play(p, line[i], undo, NULL);
        if (mine) { memcpy(seg, p, g->pos_size); seg_at = i + 1; }
    }
    if (rc == 0 && json) {
        put(in, "{\"requests\":[");
        put(in, req.s ? req.s : "");
        put(in, "],\"responses\":[");
        put(in, res.s ? res.s : "");
        put(in, "]");
        if (bz->data) { put(in, ",\"data\":"); put(in, bz->data); }
        if (bz->globaldata) { put(in, ",\"globaldata\":"); put(in, bz->globaldata); }
        if (time_ms > 0) { snprintf(t, 64, ",\"time_limit\":%.3g", (double)time_ms / 1000.0); put(in, t); }
        put(in, "}");
    } else if (rc == 0) {   /* simple: n, then requests and responses interleaved */
        snprintf(t, 64, "%d", turns);
        put(in, t);
        const char *q = req.s ? req.s : "", *r = res.s ? res.s : "";
        for (int k = 0; k < turns; k++) {
            const char *qe = strchr(q, '\n');
            put(in, "\n");
            snprintf(t, 65536, "%.*s", (int)(qe - q), q);
            put(in, t);
            q = qe + 1;
            if (k + 1 < turns) {
                const char *re = strchr(r, '\n');
                put(in, "\n");
                snprintf(t, 65536, "%.*s", (int)(re - r), r);
                put(in, t);
                r = re + 1;
            }
        }
        if (bz->data || bz->globaldata) {
            put(in, "\n");
            put(in, bz->data ? bz->data : "");
            if (bz->globaldata) { put(in, "\n"); put(in, bz->globaldata); }
        }
    }
    if (rc == 0 && (in->oom || req.oom || res.oom)) rc = (snprintf(why, whylen, "start: out of memory"), -1);
    free(req.s);
    free(res.s);
    free(t);
    return rc;
}

/* The fault of a read that got no line. */
static void no_line(sp_process *p, sp_line_status st, char *why, size_t n)
{
    char status[64];
    sp_process_status(p, status, sizeof status);
    const char *last = sp_process_last(p);
    if (st == SP_LINE_TIMEOUT) snprintf(why, n, "timeout: no response in time (last output: '%s')", last);
    else if (st == SP_LINE_LONG) snprintf(why, n, "garbage: a line of more than %d bytes ('%.60s...')", SP_LINE_MAX, last);
    else snprintf(why, n, "crash: the bot ended%s%s before its response (last output: '%s')", status[0] ? " with " : "",
                  status, last);
}

/* The response line L read as a move (JSON or simple); the bot's saved data kept.
 * 0, or -1 with the fault. */
static int read_answer(sp_botzone *bz, const sp_engine_spec *spec, const bo_game *g, const void *pos, bool json,
                       const char *l, bo_move *move, char *why, size_t whylen)
{
    char err[512];
    int rc;
    if (json) {
        bz_json d;
        int root = bz_json_parse(&d, l, strlen(l), err, sizeof err);
        int r = bz_json_member(&d, root, "response");
        if (root < 0 || r < 0) {
            bz_json_free(&d);
            return snprintf(why, whylen, "garbage: '%.200s' is not {\"response\":..}%s%s", l, root < 0 ? ": " : "",
                            root < 0 ? err : ""), -1;
        }
        char *raw = malloc(SAVED_MAX + 1);
        int dm = bz_json_member(&d, root, "data"), gm = bz_json_member(&d, root, "globaldata");
        if (raw && dm >= 0 && bz_json_raw(&d, dm, raw, SAVED_MAX + 1) == 0) save(&bz->data, raw);
        if (raw && gm >= 0 && bz_json_raw(&d, gm, raw, SAVED_MAX + 1) == 0) save(&bz->globaldata, raw);
        free(raw);
        rc = bz_read_response(g, spec->botzone, pos, &d, r, NULL, move, err, sizeof err);
        bz_json_free(&d);
    } else {
        rc = bz_read_response(g, spec->botzone, pos, NULL, -1, l, move, err, sizeof err);
    }
    if (rc == -2) return snprintf(why, whylen, "illegal move: '%.200s' (%s)", l, err), -1;
    if (rc != 0) return snprintf(why, whylen, "garbage: '%.200s' (%s)", l, err), -1;
    return 0;
}

/* After the response: the keep-running marker keeps the bot; the end of its output
 * or a silence lets it go.  Simple bots' later lines are debug, data, globaldata. */
static bool after_answer(sp_botzone *bz, const sp_engine_spec *spec, bool json)
{
    int64_t deadline = sp_now_ms() + (spec->margin_ms < KEEP_WAIT_MS ? spec->margin_ms : KEEP_WAIT_MS);
    sbuf global = {0};
    bool keep = false;
    for (int k = 1;; k++) {
        char *l;
        if (sp_process_line(bz->proc, deadline, &l) != SP_LINE_OK) break;
        if (strcmp(l, BZ_KEEP_RUNNING) == 0) { keep = true; break; }
        if (json) continue;
        if (k == 2) save(&bz->data, l);
        else if (k >= 3 && global.len < SAVED_MAX) { put(&global, global.len ? "\n" : ""); put(&global, l); }
    }
    if (global.len && !global.oom) save(&bz->globaldata, global.s);
    free(global.s);
    return keep;
}

/* One turn: the input built, a fresh or kept bot asked, its answer read, then the
 * marker looked for. */
int sp_botzone_move(sp_botzone **bzp, const sp_engine_spec *spec, const bo_game *g, bool *new_game, const void *start,
                    const bo_move *line, int n, const void *pos, const sp_engine_limits *lim, bo_move *move,
                    double *seconds, char *why, size_t whylen)
{
    int64_t t0 = sp_now_ms();
    *seconds = 0;
    if (!*bzp && !(*bzp = calloc(1, sizeof **bzp))) return snprintf(why, whylen, "start: out of memory"), -1;
    sp_botzone *bz = *bzp;
    sp_engine_logs_open(spec, &bz->po);
    if (*new_game) {   /* a new game: nothing of the last is kept but globaldata */
        if (bz->proc) { sp_process_stop(bz->proc); bz->proc = NULL; }
        save(&bz->data, NULL);
        *new_game = false;
    }
    bool json = strcmp(spec->io, "simple") != 0;
    int side = g->to_move(pos), last_resp;
    int64_t budget = lim->movetime_ms > 0 ? lim->movetime_ms : lim->clock_ms[0] > 0 ? lim->clock_ms[0] : 0;
    int64_t per_turn = lim->movetime_ms > 0 ? lim->movetime_ms : lim->clock_ms[0] > 0 ? lim->clock_ms[0] / 30 + lim->inc_ms : 0;
    sbuf in = {0};
    char last[16384];
    if (build_input(bz, spec, g, start, line, n, side, json, per_turn, &in, last, sizeof last, &last_resp, why, whylen) != 0) {
        free(in.s);
        return -1;
    }
    bool kept = bz->proc && bz->kept_side == side && bz->kept_ply == last_resp && last_resp >= 0;
    if (!kept && bz->proc) { sp_process_stop(bz->proc); bz->proc = NULL; }
    if (!bz->proc) {
        char err[256];
        bz->proc = sp_process_start(spec->argv, &bz->po, err, sizeof err);
        if (!bz->proc) { free(in.s); return snprintf(why, whylen, "start: %s", err), -1; }
    }
    sp_process_send(bz->proc, "%s", kept ? last : in.s);
    free(in.s);
    int64_t deadline = sp_now_ms() + (budget > 0 ? budget : 60000) + spec->margin_ms;
    char *l;
    sp_line_status st;
    while ((st = sp_process_line(bz->proc, deadline, &l)) == SP_LINE_OK && !l[0]) {}
    int rc = 0;
    if (st != SP_LINE_OK) { no_line(bz->proc, st, why, whylen); rc = -1; }
    else rc = read_answer(bz, spec, g, pos, json, l, move, why, whylen);
    *seconds = (double)(sp_now_ms() - t0) / 1000.0;
    if (rc == 0 && after_answer(bz, spec, json)) {
        bz->kept_side = side;
        bz->kept_ply = n;   /* its response is ply n of the line */
        return 0;
    }
    sp_process_stop(bz->proc);
    bz->proc = NULL;
    return rc;
}
