/* ng_botzone.c -- NoGo games in Botzone's JSON (docs/nogo.md, "Botzone"):
 *  - a match log: an array whose items are the judge's outputs
 *      {"output": {"command": "request", "content": {"1": {"x": 4, "y": 3}}}, ...}
 *    and the bots' turns {"0": {"verdict": "OK", "response": {"x": 4, "y": 3}}},
 *    ending with {"output": {"command": "finish", "content": {"0": 2, "1": 0}}};
 *    player "0" is black.  Also accepted wrapped as {"log": [...]} (a match export).
 *  - one bot's input (the long-running JSON interaction): {"requests": [{"x": -1,
 *    "y": -1}, ...], "responses": [...]}: a first request of -1 -1 means "you are
 *    black", and requests and responses then alternate.
 * Coordinates: x the column 0..8 from the left, y the row 0..8 from the top; -1 -1
 * after the first request is a pass.  Several values in one file (JSON lines) are
 * several games.  A small JSON reader is here (objects, arrays, strings, numbers,
 * literals) that keeps each value's line and column. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ng_internal.h"
#include "ng_records.h"
#include "nogo.h"

enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };
enum { MAX_DEPTH = 200 };

typedef struct jval {
    int type, line, col;
    double num;
    const char *s;            /* J_STR: the raw text between the quotes */
    size_t n;
    const char *key;          /* as a member of an object: its key (raw) */
    size_t keyn;
    int first, next;          /* children and siblings, as indices; -1: none */
} jval;

typedef struct jdoc {
    jval *v;
    int n, cap;
    ng_cur c;
    char err[256];
    int err_line, err_col;
} jdoc;

static int jnew(jdoc *d, int type)
{
    if (d->n == d->cap) {
        int cap = d->cap ? 2 * d->cap : 256;
        jval *v = realloc(d->v, (size_t)cap * sizeof *v);
        if (!v) return -1;
        d->v = v;
        d->cap = cap;
    }
    jval *v = &d->v[d->n];
    memset(v, 0, sizeof *v);
    v->type = type;
    v->line = d->c.line;
    v->col = d->c.col;
    v->first = v->next = -1;
    return d->n++;
}

static int jfail(jdoc *d, const char *what)
{
    if (!d->err[0]) {
        snprintf(d->err, sizeof d->err, "JSON: %s", what);
        d->err_line = d->c.line;
        d->err_col = d->c.col;
    }
    return -1;
}

/* A string's raw text (escapes kept: keys and coordinates need none). */
static int jstring(jdoc *d, const char **s, size_t *n)
{
    ng_adv(&d->c);
    const char *start = d->c.p;
    while (!ng_at_end(&d->c) && *d->c.p != '"') {
        if (*d->c.p == '\\') ng_adv(&d->c);
        if (*d->c.p == '\n') return jfail(d, "a string runs past the end of its line");
        ng_adv(&d->c);
    }
    if (ng_at_end(&d->c)) return jfail(d, "the file ends inside a string");
    *s = start;
    *n = (size_t)(d->c.p - start);
    ng_adv(&d->c);
    return 0;
}

static int jvalue(jdoc *d, int depth);

/* The members of an object or the items of an array, linked as children of AT. */
static int jlist(jdoc *d, int at, bool object, int depth)
{
    char close = object ? '}' : ']';
    ng_adv(&d->c);
    int last = -1;
    ng_skip_space(&d->c);
    if (!ng_at_end(&d->c) && *d->c.p == close) { ng_adv(&d->c); return 0; }
    for (;;) {
        const char *key = NULL;
        size_t keyn = 0;
        ng_skip_space(&d->c);
        if (object) {
            if (ng_at_end(&d->c) || *d->c.p != '"') return jfail(d, "a member's key (a string) expected");
            if (jstring(d, &key, &keyn) != 0) return -1;
            ng_skip_space(&d->c);
            if (ng_at_end(&d->c) || *d->c.p != ':') return jfail(d, "':' expected after a key");
            ng_adv(&d->c);
        }
        int v = jvalue(d, depth + 1);
        if (v < 0) return -1;
        d->v[v].key = key;
        d->v[v].keyn = keyn;
        if (last < 0) d->v[at].first = v; else d->v[last].next = v;
        last = v;
        ng_skip_space(&d->c);
        if (ng_at_end(&d->c)) return jfail(d, object ? "the file ends inside an object" : "the file ends inside an array");
        if (*d->c.p == ',') { ng_adv(&d->c); continue; }
        if (*d->c.p == close) { ng_adv(&d->c); return 0; }
        return jfail(d, object ? "',' or '}' expected" : "',' or ']' expected");
    }
}

static int jvalue(jdoc *d, int depth)
{
    if (depth > MAX_DEPTH) return jfail(d, "nested too deeply");
    ng_skip_space(&d->c);
    if (ng_at_end(&d->c)) return jfail(d, "a value expected");
    char ch = *d->c.p;
    int at;
    if (ch == '{' || ch == '[') {
        if ((at = jnew(d, ch == '{' ? J_OBJ : J_ARR)) < 0) return jfail(d, "out of memory");
        return jlist(d, at, ch == '{', depth) == 0 ? at : -1;
    }
    if (ch == '"') {
        if ((at = jnew(d, J_STR)) < 0) return jfail(d, "out of memory");
        const char *s;
        size_t n;
        if (jstring(d, &s, &n) != 0) return -1;
        d->v[at].s = s;
        d->v[at].n = n;
        return at;
    }
    if (ch == '-' || (ch >= '0' && ch <= '9')) {
        if ((at = jnew(d, J_NUM)) < 0) return jfail(d, "out of memory");
        char buf[64];
        size_t k = 0;
        while (!ng_at_end(&d->c) && strchr("+-0123456789.eE", *d->c.p) && k + 1 < sizeof buf) {
            buf[k++] = *d->c.p;
            ng_adv(&d->c);
        }
        buf[k] = 0;
        char *e;
        d->v[at].num = strtod(buf, &e);
        if (*e) return jfail(d, "a malformed number");
        return at;
    }
    static const char *const lits[] = {"true", "false", "null"};
    for (int i = 0; i < 3; i++) {
        size_t k = strlen(lits[i]);
        if ((size_t)(d->c.end - d->c.p) >= k && memcmp(d->c.p, lits[i], k) == 0) {
            if ((at = jnew(d, i < 2 ? J_BOOL : J_NULL)) < 0) return jfail(d, "out of memory");
            d->v[at].num = i == 0;
            for (size_t j = 0; j < k; j++) ng_adv(&d->c);
            return at;
        }
    }
    return jfail(d, "a value (object, array, string, number, true, false, null) expected");
}

/* The member KEY of object AT, or -1. */
static int member(const jdoc *d, int at, const char *key)
{
    if (at < 0 || d->v[at].type != J_OBJ) return -1;
    size_t k = strlen(key);
    for (int c = d->v[at].first; c >= 0; c = d->v[c].next)
        if (d->v[c].keyn == k && memcmp(d->v[c].key, key, k) == 0) return c;
    return -1;
}

static bool num_of(const jdoc *d, int at, double *x)
{
    if (at < 0) return false;
    if (d->v[at].type == J_NUM) { *x = d->v[at].num; return true; }
    if (d->v[at].type == J_STR) {   /* some logs quote their numbers */
        char buf[32], *e;
        size_t n = d->v[at].n < 31 ? d->v[at].n : 31;
        memcpy(buf, d->v[at].s, n);
        buf[n] = 0;
        *x = strtod(buf, &e);
        return n > 0 && !*e;
    }
    return false;
}

/* A move object {"x":..,"y":..} of COLOUR (0, 1, -1 unknown) onto G. */
static int add_xy(ng_game *g, const jdoc *d, int at, int colour, bool first_request)
{
    double x, y;
    int line = at >= 0 ? d->v[at].line : 0, col = at >= 0 ? d->v[at].col : 0;
    char text[64];
    if (!num_of(d, member(d, at, "x"), &x) || !num_of(d, member(d, at, "y"), &y)) {
        ng_game_error(g, line, col, "a move without numbers x and y");
        return ng_game_add_move(g, NG_MOVE_BAD, colour, line, col, "?", 1);
    }
    (void)first_request;
    snprintf(text, sizeof text, "%g %g", x, y);
    int point = x == -1 && y == -1 ? NG_MOVE_PASS
              : x >= 0 && x <= 8 && y >= 0 && y <= 8 && x == (int)x && y == (int)y ? (int)y * NG_SIZE + (int)x
              : NG_MOVE_BAD;
    return ng_game_add_move(g, point, colour, line, col, text, strlen(text));
}

/* One bot's input: requests and responses interleaved from its colour. */
static int bot_input(ng_game *g, const jdoc *d, int at)
{
    int req = member(d, at, "requests"), res = member(d, at, "responses");
    if (req < 0 || d->v[req].type != J_ARR) { ng_game_error(g, d->v[at].line, d->v[at].col, "Botzone: no \"requests\" array"); return 0; }
    int rq[128], rs[128], nq = 0, ns = 0;
    for (int c = d->v[req].first; c >= 0 && nq < 128; c = d->v[c].next) rq[nq++] = c;
    if (res >= 0 && d->v[res].type == J_ARR)
        for (int c = d->v[res].first; c >= 0 && ns < 128; c = d->v[c].next) rs[ns++] = c;
    double x = 0, y = 0;
    bool black = nq > 0 && num_of(d, member(d, rq[0], "x"), &x) && num_of(d, member(d, rq[0], "y"), &y) && x == -1 && y == -1;
    ng_set_str(black ? &g->black : &g->white, "bot", 3);
    for (int i = 0; i < nq || i < ns; i++) {
        if (i < nq && !(black && i == 0) && add_xy(g, d, rq[i], black ? 1 : 0, false) != 0) return -1;
        if (i < ns && add_xy(g, d, rs[i], black ? 0 : 1, false) != 0) return -1;
    }
    return 0;
}

/* A match log: the bots' responses in order, and the finish scores. */
static int match_log(ng_game *g, const jdoc *d, int arr)
{
    for (int it = d->v[arr].first; it >= 0; it = d->v[it].next) {
        int out = member(d, it, "output");
        if (out >= 0) {
            int cmd = member(d, out, "command"), content = member(d, out, "content");
            if (cmd >= 0 && d->v[cmd].type == J_STR && d->v[cmd].n == 6 && memcmp(d->v[cmd].s, "finish", 6) == 0) {
                double s0, s1;
                if (num_of(d, member(d, content, "0"), &s0) && num_of(d, member(d, content, "1"), &s1)) {
                    g->result = s0 > s1 ? NG_RES_BLACK : s1 > s0 ? NG_RES_WHITE : NG_RES_DRAW;
                    char t[80];
                    snprintf(t, sizeof t, "%g:%g", s0, s1);
                    ng_set_str(&g->result_text, t, strlen(t));
                    g->result_line = d->v[content].line;
                    g->result_col = d->v[content].col;
                }
            }
            continue;
        }
        for (int who = 0; who < 2; who++) {
            int b = member(d, it, who ? "1" : "0");
            if (b < 0) continue;
            int r = member(d, b, "response"), v = member(d, b, "verdict");
            if (v >= 0 && d->v[v].type == J_STR && !(d->v[v].n == 2 && memcmp(d->v[v].s, "OK", 2) == 0)) {
                ng_game_warn(g, d->v[v].line, d->v[v].col, "Botzone: %s's verdict %.*s ends the game", who ? "white" : "black",
                             (int)(d->v[v].n > 16 ? 16 : d->v[v].n), d->v[v].s);
                continue;
            }
            if (r >= 0 && add_xy(g, d, r, who, false) != 0) return -1;
        }
    }
    return 0;
}

int ng_read_botzone(const char *text, size_t len, ng_game_list *out, char *err, size_t errlen)
{
    jdoc d = {0};
    ng_cur_init(&d.c, text, len);
    int rc = 0;
    for (;;) {
        ng_skip_space(&d.c);
        if (ng_at_end(&d.c)) break;
        int line = d.c.line;
        d.n = 0;
        d.err[0] = 0;
        int at = jvalue(&d, 0);
        ng_game *g = ng_list_push(out, line);
        if (!g) { rc = -1; break; }
        if (at < 0) {
            ng_game_error(g, d.err_line, d.err_col, "%s", d.err);
            break;   /* a broken value: nothing after it can be trusted to start a game */
        }
        int log = d.v[at].type == J_ARR ? at : member(&d, at, "log");
        if (log >= 0 && d.v[log].type == J_ARR) rc = match_log(g, &d, log);
        else if (member(&d, at, "requests") >= 0) rc = bot_input(g, &d, at);
        else ng_game_error(g, d.v[at].line, d.v[at].col, "Botzone: neither a match log (an array) nor a bot's input (\"requests\")");
        if (rc != 0) break;
    }
    free(d.v);
    if (rc != 0) snprintf(err, errlen, "out of memory");
    return rc;
}
