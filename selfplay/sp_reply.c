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
#include <limits.h>
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

/* ---- search reports in full ------------------------------------------------------ */

static void info_reset(sp_reply_info *r)
{
    memset(r, 0, sizeof *r);
    r->multipv = 1;
    r->depth = r->seldepth = -1;
    r->nodes = r->time_ms = -1;
}

/* The next blank-separated word of *S into W (N bytes, cut to fit); false at the end. */
static bool next_word(const char **s, char *w, size_t n)
{
    const char *p = *s;
    while (*p == ' ' || *p == '\t') p++;
    if (!*p) return false;
    size_t k = 0;
    for (; *p && *p != ' ' && *p != '\t'; p++)
        if (k + 1 < n) w[k++] = *p;
    w[k] = '\0';
    *s = p;
    return true;
}

/* Append move text W to R's line, while there is room. */
static void pv_add(sp_reply_info *r, const char *w)
{
    if (r->npv >= SP_REPLY_PV) return;
    size_t n = strnlen(w, SP_REPLY_PV_TEXT - 1);   /* a longer text is no move: cut, it fails to read */
    memcpy(r->pv[r->npv], w, n);
    r->pv[r->npv++][n] = '\0';
}

void sp_reply_uci_info(const char *l, sp_reply_info *r)
{
    info_reset(r);
    if (strncmp(l, "info", 4) != 0 || (l[4] != ' ' && l[4] != '\t' && l[4] != '\0')) return;
    const char *s = l + 4;
    char w[64];
    r->is_info = true;
    while (next_word(&s, w, sizeof w)) {
        if (strcmp(w, "string") == 0) { info_reset(r); return; }   /* text, not a report */
        if (strcmp(w, "pv") == 0) {
            while (next_word(&s, w, sizeof w)) pv_add(r, w);
            break;
        }
        const char *save = s;
        char v[64];
        if (strcmp(w, "lowerbound") == 0 || strcmp(w, "upperbound") == 0) { r->bound = true; continue; }
        if (!next_word(&s, v, sizeof v)) break;
        if (strcmp(w, "multipv") == 0) r->multipv = (int)read_long(v, 1, 256);
        else if (strcmp(w, "depth") == 0) r->depth = (int)read_long(v, 0, 9999);
        else if (strcmp(w, "seldepth") == 0) r->seldepth = (int)read_long(v, 0, 9999);
        else if (strcmp(w, "nodes") == 0) r->nodes = read_long(v, 0, LONG_MAX);
        else if (strcmp(w, "time") == 0) r->time_ms = read_long(v, 0, LONG_MAX);
        else if (strcmp(w, "score") == 0) {
            if (strcmp(v, "cp") == 0 || strcmp(v, "mate") == 0) {
                char x[64];
                if (!next_word(&s, x, sizeof x)) break;
                if (v[0] == 'c') r->cp = (int)read_long(x, -SP_REPLY_MATE, SP_REPLY_MATE);
                else r->mate = (int)read_long(x, -1000, 1000);
                r->has_score = v[0] == 'c' || r->mate != 0;
            } else if (isdigit((unsigned char)v[0]) || v[0] == '-') {   /* UCCI: score N */
                r->cp = (int)read_long(v, -SP_REPLY_MATE, SP_REPLY_MATE);
                r->has_score = true;
            } else {
                s = save;   /* a word we do not know after score: read it again as a key */
            }
        }
        /* other keys (nps, hashfull, tbhits, currmove...) take one value: skipped */
    }
}

/* The value of KEY= in a Hub-2 line (quotes kept out) into V; false when absent. */
static bool hub_value(const char *l, const char *key, char *v, size_t n)
{
    size_t kl = strlen(key);
    for (const char *p = l; (p = strstr(p, key)) != NULL; p += kl) {
        if ((p != l && p[-1] != ' ') || p[kl] != '=') continue;
        const char *q = p + kl + 1;
        size_t k = 0;
        if (*q == '"') {
            for (q++; *q && *q != '"'; q++) if (k + 1 < n) v[k++] = *q;
        } else {
            for (; *q && *q != ' '; q++) if (k + 1 < n) v[k++] = *q;
        }
        v[k] = '\0';
        return true;
    }
    return false;
}

/* A double as centi-units, clamped; false for what is not a number. */
static bool centi(const char *s, double mul, int *out)
{
    char *end;
    double v = strtod(s, &end) * mul;
    if (end == s || isnan(v)) return false;
    *out = v < -SP_REPLY_MATE ? -SP_REPLY_MATE : v > SP_REPLY_MATE ? SP_REPLY_MATE : (int)lround(v);
    return true;
}

/* Seconds ("0.03") as milliseconds, -1 for what is not a time (or is beyond a year). */
static long long secs_ms(const char *s)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || isnan(v) || v < 0 || v > 3.2e7) return -1;
    return (long long)(v * 1000.0 + 0.5);
}

void sp_reply_hub_info(const char *l, bool v1, sp_reply_info *r)
{
    info_reset(r);
    if (strncmp(l, "info", 4) != 0 || (l[4] != ' ' && l[4] != '\0')) return;
    r->is_info = true;
    char v[1024];
    if (v1) {   /* info DEPTH MEAN SCORE NODES SECONDS MNPS PV... */
        const char *s = l + 4;
        char w[6][64];
        int k = 0;
        while (k < 6 && next_word(&s, w[k], sizeof w[k])) k++;
        if (k < 6) { r->is_info = false; return; }
        r->depth = (int)read_long(w[0], 0, 9999);
        r->has_score = centi(w[2], 1.0, &r->cp);
        r->nodes = read_long(w[3], 0, LONG_MAX);
        r->time_ms = secs_ms(w[4]);
        while (next_word(&s, w[0], sizeof w[0])) pv_add(r, w[0]);
        return;
    }
    if (hub_value(l, "depth", v, sizeof v)) r->depth = (int)read_long(v, 0, 9999);
    if (hub_value(l, "score", v, sizeof v)) r->has_score = centi(v, 100.0, &r->cp);
    if (hub_value(l, "nodes", v, sizeof v)) r->nodes = read_long(v, 0, LONG_MAX);
    if (hub_value(l, "time", v, sizeof v)) r->time_ms = secs_ms(v);
    if (hub_value(l, "pv", v, sizeof v)) {
        const char *s = v;
        char w[64];
        while (next_word(&s, w, sizeof w)) pv_add(r, w);
    }
}

void sp_reply_gomocup_info(const char *l, sp_reply_info *r)
{
    info_reset(r);
    if (strncmp(l, "MESSAGE", 7) != 0) return;
    const char *s = l + 7;
    char w[64];
    const char *bl = strstr(s, "Bestline");
    if (bl) {
        r->is_info = true;
        s = bl + 8;
        while (next_word(&s, w, sizeof w)) {
            for (char *c = w; *c; c++) *c = (char)tolower((unsigned char)*c);
            pv_add(r, w);
        }
        return;
    }
    const char *ev = strstr(s, "Eval ");
    const char *dp = strstr(s, "Depth ");
    if (!ev && !dp) return;
    r->is_info = true;
    if (dp) {
        r->depth = (int)read_long(dp + 6, 0, 9999);
        const char *dash = strchr(dp + 6, '-');
        if (dash && dash < dp + 12) r->seldepth = (int)read_long(dash + 1, 0, 9999);
    }
    if (ev) {
        const char *v = ev + 5;
        if ((v[0] == '+' || v[0] == '-') && v[1] == 'M') {   /* mate in plies: as moves */
            int plies = (int)read_long(v + 2, 0, 2000);
            int moves = (plies + 1) / 2 > 0 ? (plies + 1) / 2 : 1;
            r->mate = v[0] == '+' ? moves : -moves;
            r->has_score = true;
        } else if (isdigit((unsigned char)v[0]) || v[0] == '-' || v[0] == '+') {
            r->cp = (int)read_long(v, -SP_REPLY_MATE, SP_REPLY_MATE);
            r->has_score = true;
        }
    }
    const char *nd = strstr(s, "Node ");
    if (nd) {
        char *end;
        double n = strtod(nd + 5, &end);
        if (end != nd + 5 && !isnan(n) && n >= 0 && n < 1e15)
            r->nodes = (long long)(n * (*end == 'K' ? 1e3 : *end == 'M' ? 1e6 : *end == 'G' ? 1e9 : 1));
    }
    const char *tm = strstr(s, "Time ");
    if (tm) r->time_ms = read_long(tm + 5, 0, LONG_MAX);
}
