/* sp_reply.c -- the readers of outside engines' reply lines (sp_reply.h).
 *
 * The rule: a line from an engine is untrusted text.  Every number is read with
 * strtol/strtod and clamped to the range the runner can hold (a score of 10^30 or a
 * mate in -2^31 is a large score, not undefined behaviour), every copy is bounded,
 * and a line that is not an answer is OTHER, never a fault by itself (the runner's
 * deadline decides).  The method is plain prefix matching on the protocols' words,
 * as the engines write them (sp_engine.c's file comment lists the protocols). */
#include "sp_reply.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The integer at S, clamped to [LO, HI]; 0 when S has none. */
static long read_long(const char *s, long lo, long hi)
{
    long v = strtol(s, NULL, 10);
    return v < lo ? lo : v > hi ? hi : v;
}

static void reset(sp_reply *r)
{
    r->kind = SP_REPLY_OTHER;
    r->has_eval = false;
    r->eval = 0;
    r->depth = -1;
    r->move[0] = '\0';
}

/* The score of an info line ("score cp 35", "score mate -3", UCCI "score 35") and
 * its depth, which the record's move comment shows. */
static void uci_info(const char *l, sp_reply *r)
{
    r->kind = SP_REPLY_INFO;
    const char *d = strstr(l, " depth ");
    if (d) r->depth = (int)read_long(d + 7, 0, 9999);
    const char *s = strstr(l, " score ");
    if (!s) return;
    s += 7;
    if (strncmp(s, "cp ", 3) == 0) {
        r->eval = (int)read_long(s + 3, -SP_REPLY_MATE, SP_REPLY_MATE);
        r->has_eval = true;
    } else if (strncmp(s, "mate ", 5) == 0) {
        int m = (int)read_long(s + 5, -1000, 1000);   /* beyond: still a mate score */
        r->eval = m > 0 ? SP_REPLY_MATE - 2 * m : -SP_REPLY_MATE - 2 * m;
        r->has_eval = true;
    } else if (isdigit((unsigned char)*s) || *s == '-') {
        r->eval = (int)read_long(s, -SP_REPLY_MATE, SP_REPLY_MATE);
        r->has_eval = true;
    }
}

/* UCI/UCCI: info, nobestmove, bestmove M; (none) and 0000 are a resignation. */
void sp_reply_uci(const char *l, sp_reply *r)
{
    reset(r);
    if (strncmp(l, "info", 4) == 0) { uci_info(l, r); return; }
    if (strncmp(l, "nobestmove", 10) == 0) { r->kind = SP_REPLY_RESIGN; return; }
    if (strncmp(l, "bestmove", 8) != 0) return;
    char m[128] = "";
    if (sscanf(l + 8, " %127s", m) != 1 || strcmp(m, "(none)") == 0 || strcmp(m, "0000") == 0) {
        r->kind = SP_REPLY_RESIGN;
        return;
    }
    r->kind = SP_REPLY_MOVE;
    memcpy(r->move, m, sizeof r->move);
}

/* A Gomocup "x,y" as the move text: column letter, row number from 1.  Digits only
 * (strtol's sign and spaces aside, as sscanf's %d took them), nothing after y. */
int sp_reply_gomocup_xy(const char *xy, char *out, size_t n)
{
    char *end;
    long x = strtol(xy, &end, 10);
    if (end == xy || *end != ',') return -1;
    const char *ys = end + 1;
    long y = strtol(ys, &end, 10);
    if (end == ys || *end != '\0' || x < 0 || x > 25 || y < 0 || y > 98) return -1;
    snprintf(out, n, "%c%ld", (char)('a' + x), y + 1);
    return 0;
}

/* Gomocup: ERROR answers an INFO the brain does not know as often as a move it
 * cannot make: it is logged (OTHER), and silence past the deadline is what loses. */
void sp_reply_gomocup(const char *l, sp_reply *r)
{
    reset(r);
    if (strncmp(l, "MESSAGE", 7) == 0 || strncmp(l, "DEBUG", 5) == 0 || strncmp(l, "UNKNOWN", 7) == 0 ||
        strncmp(l, "ERROR", 5) == 0 || !*l)
        return;
    r->kind = sp_reply_gomocup_xy(l, r->move, sizeof r->move) == 0 ? SP_REPLY_MOVE : SP_REPLY_GARBAGE;
}

/* Hub: the move after AT as digits, 'x' and '-' only ("32-28", "28x19x23"). */
static void hub_move(const char *at, sp_reply *r)
{
    char t[128] = "";
    if (sscanf(at, "%127[0-9x-]", t) != 1) { r->kind = SP_REPLY_GARBAGE; return; }
    r->kind = SP_REPLY_MOVE;
    memcpy(r->move, t, sizeof r->move);
}

/* Hub-2 (and Hub-1's move line): info's score is in pieces (1.25), kept in 1/100. */
void sp_reply_hub(const char *l, bool v1, sp_reply *r)
{
    reset(r);
    if (strncmp(l, "info", 4) == 0) {
        r->kind = SP_REPLY_INFO;
        const char *s = strstr(l, "score=");
        if (s) {
            double v = strtod(s + 6, NULL) * 100.0;
            if (!isnan(v)) {
                r->eval = v < -SP_REPLY_MATE ? -SP_REPLY_MATE : v > SP_REPLY_MATE ? SP_REPLY_MATE : (int)v;
                r->has_eval = true;
            }
        }
        const char *d = strstr(l, "depth=");
        if (d) r->depth = (int)read_long(d + 6, 0, 9999);
        return;
    }
    if (strncmp(l, "error", 5) == 0) { r->kind = SP_REPLY_GARBAGE; return; }
    if (v1 && strncmp(l, "move", 4) == 0) {
        const char *p = l + 4;
        while (isspace((unsigned char)*p)) p++;
        hub_move(p, r);
        return;
    }
    if (strncmp(l, "done", 4) != 0) return;
    const char *m = strstr(l, "move=");
    if (!m) { r->kind = SP_REPLY_RESIGN; return; }
    hub_move(m + 5, r);
}
