/* cmd_botzone.c -- `boyi botzone --game G`: boyi as a Botzone bot (docs/botzone.md).
 *
 * Botzone starts the bot each turn and gives it the whole history: the judge's
 * requests and the bot's own responses, as one JSON line (the JSON interaction) or as
 * lines (the simple interaction: the turn number n, then 2n-1 messages).  The first
 * line tells which: '{' is JSON.  The bot replays the history from the start
 * position, every move checked legal (notation/common/botzone.c), searches with the
 * game's engine (bo_search) and answers one response, then ends.  With
 * --keep-running it prints Botzone's keep-running marker after each answer and reads
 * only the next request (a line), keeping its position and hash table; a line that is
 * a whole input again ({"requests":..} or a turn number) starts over from it.
 *
 * The time: --movetime/--nodes/--depth when given; else 80% of the input's
 * "time_limit" (seconds, at most 24 hours), else 800 ms (Botzone gives C/C++ bots one
 * second a turn).  An input line of more than 16 MiB is an error (serve.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "botzone.h"
#include "cli.h"
#include "game.h"
#include "search.h"
#include "serve.h"

enum { BZ_PLIES = 4096 };

typedef struct bot {
    const bo_opts *o;
    const bo_game *g;
    const bz_xy *xy;
    bo_tt *tt;
    bo_hist h;
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    bool json;                /* the interaction of the first input */
    int64_t time_limit_ms;    /* from the input; 0: none given */
    long line;                /* input lines read (for errors) */
    bool too_long;            /* a line past BO_SERVE_BZ_LINE_MAX ended the input */
    char *buf;                /* the current input line */
    size_t cap;
} bot;

/* The next non-empty input line (without its newline) into b->buf; false at EOF. */
static bool next_line(bot *b, FILE *in, bool skip_empty)
{
    for (;;) {
        bool cut;
        ssize_t n = bo_serve_line(in, &b->buf, &b->cap, BO_SERVE_BZ_LINE_MAX, &cut);
        if (n < 0) return false;
        b->line++;
        if (cut) {   /* its memory is bounded, and a cut input is no input: said, then ended */
            bo_cli_error("-", (int)b->line, 0, "a line of more than %d bytes: no Botzone input is that long", BO_SERVE_BZ_LINE_MAX);
            b->too_long = true;
            return false;
        }
        if (n > 0 || !skip_empty) return true;
    }
}

/* The start position of --rules, as the history is replayed from it. */
static int reset(bot *b)
{
    char err[256];
    if (b->g->start(b->pos, b->o->rules, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    bo_hist_reset(&b->h, b->g->hash(b->pos));
    return 0;
}

/* Replay a whole JSON input (line b->buf): requests and responses alternating. */
static int replay_json(bot *b)
{
    bz_json d;
    char err[512];
    int root = bz_json_parse(&d, b->buf, strlen(b->buf), err, sizeof err);
    int rc = root < 0 ? (bo_cli_error("-", (int)b->line, 0, "not a Botzone input: %s", err), BO_EXIT_USAGE) : reset(b);
    int req = bz_json_member(&d, root, "requests"), res = bz_json_member(&d, root, "responses");
    double tl;
    if (rc == 0 && bz_json_num(&d, bz_json_member(&d, root, "time_limit"), &tl) && tl > 0) b->time_limit_ms = tl * 1000 >= (double)BO_TIME_MAX_MS ? BO_TIME_MAX_MS : (int64_t)(tl * 1000);
    if (rc == 0 && (req < 0 || d.v[req].type != BZ_J_ARR || d.v[req].first < 0)) {
        bo_cli_error("-", (int)b->line, 0, "a Botzone input has a non-empty \"requests\" array");
        rc = BO_EXIT_USAGE;
    }
    if (rc == 0 && res >= 0 && d.v[res].type != BZ_J_ARR) {
        bo_cli_error("-", (int)b->line, 0, "\"responses\" is not an array");
        rc = BO_EXIT_USAGE;
    }
    int q = rc == 0 ? d.v[req].first : -1, s = rc == 0 && res >= 0 ? d.v[res].first : -1;
    for (int turn = 1; rc == 0 && q >= 0; turn++, q = d.v[q].next) {
        if (bz_apply_request(b->g, b->xy, b->o->rules, b->pos, &b->h, turn == 1, &d, q, NULL, err, sizeof err) != 0) {
            bo_cli_error("-", (int)b->line, 0, "request %d: %s", turn, err);
            rc = BO_EXIT_INVALID;
            break;
        }
        if (d.v[q].next < 0) break;   /* the last request is this turn's */
        bo_move m;
        if (s < 0) { bo_cli_error("-", (int)b->line, 0, "response %d missing", turn); rc = BO_EXIT_INVALID; break; }
        if (bz_read_response(b->g, b->xy, b->pos, &d, s, NULL, &m, err, sizeof err) != 0) {
            bo_cli_error("-", (int)b->line, 0, "response %d: %s", turn, err);
            rc = BO_EXIT_INVALID;
            break;
        }
        BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
        b->g->play(b->pos, m, undo, &b->h);
        s = d.v[s].next;
    }
    bz_json_free(&d);
    return rc;
}

/* Replay a whole simple input: b->buf holds the turn number n; 2n-1 lines follow. */
static int replay_simple(bot *b, FILE *in)
{
    char *end;
    long n = strtol(b->buf, &end, 10);
    while (*end == ' ') end++;
    if (n < 1 || n > BZ_PLIES || *end) {
        bo_cli_error("-", (int)b->line, 1, "a turn number (1..%d) or a JSON input expected, not '%.60s'", BZ_PLIES, b->buf);
        return BO_EXIT_USAGE;
    }
    int rc = reset(b);
    char err[512];
    for (long k = 1; rc == 0 && k <= 2 * n - 1; k++) {
        if (!next_line(b, in, false)) {
            if (!b->too_long)
                bo_cli_error("-", (int)b->line, 0, "turn %ld: the input ends after %ld of its %ld lines", n, k - 1, 2 * n - 1);
            return BO_EXIT_USAGE;
        }
        if (k % 2) {
            if (bz_apply_request(b->g, b->xy, b->o->rules, b->pos, &b->h, k == 1, NULL, -1, b->buf, err, sizeof err) != 0) {
                bo_cli_error("-", (int)b->line, 1, "request %ld: %s", (k + 1) / 2, err);
                rc = BO_EXIT_INVALID;
            }
        } else {
            bo_move m;
            if (bz_read_response(b->g, b->xy, b->pos, NULL, -1, b->buf, &m, err, sizeof err) != 0) {
                bo_cli_error("-", (int)b->line, 1, "response %ld: %s", k / 2, err);
                rc = BO_EXIT_INVALID;
            } else {
                BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
                b->g->play(b->pos, m, undo, &b->h);
            }
        }
    }
    return rc;
}

/* Search the kept position and print the response (and the marker when kept running). */
static int answer(bot *b, FILE *out)
{
    const bo_opts *o = b->o;
    char err[256], r[4600];
    bo_move all[BO_MOVES_MAX];
    if (b->g->to_move(b->pos) < 0 || b->g->legal(b->pos, all) == 0) {
        bo_cli_error("-", (int)b->line, 0, "the game is over here: no move to answer");
        return BO_EXIT_INVALID;
    }
    bo_limits lim = {.depth = o->depth > 0 ? o->depth : 0, .nodes = o->nodes, .movetime_ms = o->movetime_ms,
                     .threads = o->threads};
    if (!lim.depth && !lim.nodes && !lim.movetime_ms) lim.movetime_ms = b->time_limit_ms > 0 ? b->time_limit_ms * 8 / 10 : 800;
    bo_search_info info;
    if (bo_search(b->g, b->pos, &b->h, &lim, b->tt, NULL, NULL, &info, err, sizeof err) != 0 || info.pvlen < 1) {
        bo_cli_error(NULL, 0, 0, "search: %s", err);
        return BO_EXIT_USAGE;
    }
    if (bz_response(b->g, b->xy, b->pos, info.pv[0], b->json, r, sizeof r) != 0) {
        bo_cli_error(NULL, 0, 0, "the move has no Botzone text");
        return BO_EXIT_USAGE;
    }
    if (b->json) fprintf(out, "{\"response\":%s,\"debug\":\"depth %d score %d nodes %llu\"}\n", r, info.depth, info.score,
                         (unsigned long long)info.nodes);
    else fprintf(out, "%s\n", r);
    BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
    b->g->play(b->pos, info.pv[0], undo, &b->h);
    if (o->keep_running) fprintf(out, "%s\n", BZ_KEEP_RUNNING);
    fflush(out);
    return 0;
}

/* One whole input at b->buf (JSON or simple), answered. */
static int whole_input(bot *b, FILE *in, FILE *out)
{
    b->json = b->buf[0] == '{';
    int rc = b->json ? replay_json(b) : replay_simple(b, in);
    return rc ? rc : answer(b, out);
}

/* Long-running: each further line is the next request (or a whole input again). */
static int keep_running(bot *b, FILE *in, FILE *out)
{
    char err[512];
    while (next_line(b, in, true)) {
        const char *s = b->buf;
        int rc;
        if (b->json) {
            bz_json d;
            int root = bz_json_parse(&d, s, strlen(s), err, sizeof err);
            if (root < 0) { bz_json_free(&d); bo_cli_error("-", (int)b->line, 0, "not a Botzone request: %s", err); return BO_EXIT_USAGE; }
            if (bz_json_member(&d, root, "requests") >= 0) { bz_json_free(&d); rc = whole_input(b, in, out); }
            else {
                int at = bz_json_member(&d, root, "request");   /* some hosts wrap it */
                rc = bz_apply_request(b->g, b->xy, b->o->rules, b->pos, &b->h, false, &d, at >= 0 ? at : root, NULL, err,
                                      sizeof err);
                bz_json_free(&d);
                if (rc != 0) { bo_cli_error("-", (int)b->line, 0, "request: %s", err); return BO_EXIT_INVALID; }
                rc = answer(b, out);
            }
        } else if (strspn(s, "0123456789") == strlen(s)) {
            rc = whole_input(b, in, out);   /* a turn number: a whole input again */
        } else {
            if (bz_apply_request(b->g, b->xy, b->o->rules, b->pos, &b->h, false, NULL, -1, s, err, sizeof err) != 0) {
                bo_cli_error("-", (int)b->line, 1, "request: %s", err);
                return BO_EXIT_INVALID;
            }
            rc = answer(b, out);
        }
        if (rc != 0) return rc;
    }
    return b->too_long ? BO_EXIT_USAGE : BO_EXIT_OK;
}

int bo_cmd_botzone(const bo_opts *o)
{
    const bo_game_cli *gc = o->game ? bo_cli_game_find(o->game) : NULL;
    const bo_game *g = gc ? bo_game_by_name(gc->name) : NULL;
    if (!g) { bo_cli_error(NULL, 0, 0, "usage: boyi botzone --game G [--rules R] [--keep-running] (boyi botzone --help)"); return BO_EXIT_USAGE; }
    if (g->players != 2) { bo_cli_error(NULL, 0, 0, "%s is a one-player puzzle: Botzone bots play two-player games", g->name); return BO_EXIT_USAGE; }
    bot *b = calloc(1, sizeof *b);
    if (!b) return BO_EXIT_USAGE;
    b->o = o;
    b->g = g;
    b->xy = gc->botzone;
    b->tt = bo_tt_new(o->hash_mb > 0 ? (size_t)o->hash_mb : 64);
    int rc = BO_EXIT_USAGE;
    if (b->tt && bo_hist_init(&b->h, BZ_PLIES) == 0) {
        if (!next_line(b, stdin, true)) {
            if (!b->too_long) bo_cli_error("-", 0, 0, "no input: a Botzone input (JSON or the simple interaction) expected");
        }
        else if ((rc = whole_input(b, stdin, stdout)) == 0 && o->keep_running) rc = keep_running(b, stdin, stdout);
        bo_hist_free(&b->h);
    }
    bo_tt_free(b->tt);
    free(b->buf);
    free(b);
    return rc;
}
