/* botzone.c -- Botzone's bot I/O (botzone.h): a small JSON reader, and the
 * requests and responses of a game as Botzone words them.
 *
 * The JSON reader keeps each value as (type, byte range) in one array with child and
 * sibling links, so nothing is copied until a caller asks for a string; depth is
 * bounded so that hostile input cannot exhaust the stack.  A message is checked
 * against the rules as it is read: every move a request or response names must be
 * legal where it is played (chance's moves among chance's outcomes). */
#include "botzone.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "text.h"

enum { BZ_DEPTH = 64 };

/* ---- JSON -------------------------------------------------------------------------- */

typedef struct jcur {
    bz_json *d;
    size_t p, len;
    char *err;
    size_t errlen;
} jcur;

/* The first error wins: it is the one that says where the text went wrong. */
static int jfail(jcur *c, const char *what)
{
    if (c->err && !c->err[0]) snprintf(c->err, c->errlen, "column %zu: JSON: %s", c->p + 1, what);
    return -1;
}

/* JSON's white space (a CR too: lines from Windows bots). */
static void jspace(jcur *c)
{
    while (c->p < c->len && strchr(" \t\r\n", c->d->text[c->p])) c->p++;
}

/* A new value at the cursor; its index, or -1 (out of memory). */
static int jnew(jcur *c, int type)
{
    bz_json *d = c->d;
    if (d->n == d->cap) {
        int cap = d->cap ? 2 * d->cap : 64;
        bz_jval *v = realloc(d->v, (size_t)cap * sizeof *v);
        if (!v) return jfail(c, "out of memory");
        d->v = v;
        d->cap = cap;
    }
    bz_jval *v = &d->v[d->n];
    memset(v, 0, sizeof *v);
    v->type = type;
    v->at = c->p;
    v->first = v->next = -1;
    return d->n++;
}

/* A string at the cursor (on its quote): its raw range. */
static int jstring(jcur *c, size_t *at, size_t *len)
{
    const char *t = c->d->text;
    c->p++;
    *at = c->p;
    while (c->p < c->len && t[c->p] != '"') {
        if ((unsigned char)t[c->p] < 0x20) return jfail(c, "a control character inside a string");
        if (t[c->p] == '\\') c->p++;
        c->p++;
    }
    if (c->p >= c->len) return jfail(c, "the text ends inside a string");
    *len = c->p - *at;
    c->p++;
    return 0;
}

static int jvalue(jcur *c, int depth);

/* The items of an array or members of an object, linked under AT. */
static int jlist(jcur *c, int at, bool object, int depth)
{
    const char *t = c->d->text;
    char close = object ? '}' : ']';
    c->p++;
    jspace(c);
    if (c->p < c->len && t[c->p] == close) { c->p++; return 0; }
    int last = -1;
    for (;;) {
        size_t key = 0, keylen = 0;
        jspace(c);
        if (object) {
            if (c->p >= c->len || t[c->p] != '"') return jfail(c, "a member's key (a string) expected");
            if (jstring(c, &key, &keylen) != 0) return -1;
            jspace(c);
            if (c->p >= c->len || t[c->p] != ':') return jfail(c, "':' expected after a key");
            c->p++;
        }
        int v = jvalue(c, depth + 1);
        if (v < 0) return -1;
        c->d->v[v].key = key;
        c->d->v[v].keylen = keylen;
        if (last < 0) c->d->v[at].first = v; else c->d->v[last].next = v;
        last = v;
        jspace(c);
        if (c->p >= c->len) return jfail(c, object ? "the text ends inside an object" : "the text ends inside an array");
        if (t[c->p] == ',') { c->p++; continue; }
        if (t[c->p] == close) { c->p++; return 0; }
        return jfail(c, object ? "',' or '}' expected" : "',' or ']' expected");
    }
}

/* Any value at the cursor; its index, or -1. */
static int jvalue(jcur *c, int depth)
{
    const char *t = c->d->text;
    if (depth > BZ_DEPTH) return jfail(c, "nested too deeply");
    jspace(c);
    if (c->p >= c->len) return jfail(c, "a value expected");
    char ch = t[c->p];
    int at;
    if (ch == '{' || ch == '[') {
        if ((at = jnew(c, ch == '{' ? BZ_J_OBJ : BZ_J_ARR)) < 0) return -1;
        if (jlist(c, at, ch == '{', depth) != 0) return -1;
        c->d->v[at].len = c->p - c->d->v[at].at;
        return at;
    }
    if (ch == '"') {
        if ((at = jnew(c, BZ_J_STR)) < 0) return -1;
        size_t a, n;
        if (jstring(c, &a, &n) != 0) return -1;
        c->d->v[at].at = a;
        c->d->v[at].len = n;
        return at;
    }
    if (ch == '-' || (ch >= '0' && ch <= '9')) {
        if ((at = jnew(c, BZ_J_NUM)) < 0) return -1;
        char buf[64];
        size_t k = 0;
        while (c->p < c->len && strchr("+-0123456789.eE", t[c->p]) && k + 1 < sizeof buf) buf[k++] = t[c->p++];
        buf[k] = 0;
        char *e;
        c->d->v[at].num = strtod(buf, &e);
        c->d->v[at].len = k;
        if (*e) return jfail(c, "a malformed number");
        return at;
    }
    static const char *const lits[] = {"true", "false", "null"};
    for (int i = 0; i < 3; i++) {
        size_t k = strlen(lits[i]);
        if (c->len - c->p >= k && memcmp(t + c->p, lits[i], k) == 0) {
            if ((at = jnew(c, i < 2 ? BZ_J_BOOL : BZ_J_NULL)) < 0) return -1;
            c->d->v[at].num = i == 0;
            c->d->v[at].len = k;
            c->p += k;
            return at;
        }
    }
    return jfail(c, "a value (object, array, string, number, true, false, null) expected");
}

/* The whole text one value: a request line holds nothing else. */
int bz_json_parse(bz_json *d, const char *text, size_t len, char *err, size_t errlen)
{
    memset(d, 0, sizeof *d);
    d->text = text;
    if (err && errlen) err[0] = 0;
    jcur c = {d, 0, len, err, errlen};
    int root = jvalue(&c, 0);
    if (root < 0) return -1;
    jspace(&c);
    if (c.p < c.len) return jfail(&c, "text after the value");
    return root;
}

/* The values array is the only allocation. */
void bz_json_free(bz_json *d)
{
    free(d->v);
    memset(d, 0, sizeof *d);
}

/* A linear scan: Botzone's objects have a handful of keys. */
int bz_json_member(const bz_json *d, int at, const char *key)
{
    if (!d || at < 0 || d->v[at].type != BZ_J_OBJ) return -1;
    size_t k = strlen(key);
    for (int c = d->v[at].first; c >= 0; c = d->v[c].next)
        if (d->v[c].keylen == k && memcmp(d->text + d->v[c].key, key, k) == 0) return c;
    return -1;
}

/* Some judges and logs quote their numbers, so a numeric string counts. */
bool bz_json_num(const bz_json *d, int at, double *x)
{
    if (at < 0) return false;
    if (d->v[at].type == BZ_J_NUM) { *x = d->v[at].num; return true; }
    if (d->v[at].type != BZ_J_STR || d->v[at].len == 0 || d->v[at].len > 30) return false;
    char buf[32], *e;
    memcpy(buf, d->text + d->v[at].at, d->v[at].len);
    buf[d->v[at].len] = 0;
    *x = strtod(buf, &e);
    return !*e;
}

/* Escapes undone here, only when a string is wanted (\uXXXX as UTF-8). */
int bz_json_str(const bz_json *d, int at, char *out, size_t n)
{
    if (at < 0 || d->v[at].type != BZ_J_STR || n == 0) return -1;
    const char *s = d->text + d->v[at].at, *end = s + d->v[at].len;
    size_t k = 0;
    while (s < end) {
        unsigned long cp = (unsigned char)*s++;
        if (cp == '\\' && s < end) {
            char e = *s++;
            const char *map = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t", *f = strchr(map, e);
            if (f && e) cp = (unsigned char)to[f - map];
            else if (e == 'u' && end - s >= 4) {
                char hex[5] = {s[0], s[1], s[2], s[3], 0};
                cp = strtoul(hex, NULL, 16);
                s += 4;
            } else return -1;
            if (cp >= 0x80) {   /* as UTF-8 (a lone surrogate is kept as it comes) */
                char u[4];
                int m = bo_utf8_put(cp, u);
                if (k + (size_t)m >= n) return -1;
                memcpy(out + k, u, (size_t)m);
                k += (size_t)m;
                continue;
            }
        }
        if (k + 1 >= n) return -1;
        out[k++] = (char)cp;
    }
    out[k] = 0;
    return 0;
}

/* A value as written (data and globaldata are handed back unchanged). */
int bz_json_raw(const bz_json *d, int at, char *out, size_t n)
{
    if (at < 0) return -1;
    size_t a = d->v[at].at, len = d->v[at].len;
    if (d->v[at].type == BZ_J_STR) { a--; len += 2; }   /* with its quotes */
    if (len + 1 > n) return -1;
    memcpy(out, d->text + a, len);
    out[len] = 0;
    return 0;
}

/* Quotes, backslashes and control characters escaped; the rest as it is (UTF-8). */
int bz_json_put_str(char *out, size_t n, size_t *k, const char *s)
{
    size_t o = *k;
    if (o + 1 >= n) return -1;
    out[o++] = '"';
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        char esc[8];
        int m;
        if (ch == '"' || ch == '\\') m = snprintf(esc, sizeof esc, "\\%c", ch);
        else if (ch < 0x20) m = snprintf(esc, sizeof esc, "\\u%04x", ch);
        else { esc[0] = (char)ch; m = 1; }
        if (o + (size_t)m + 2 > n) return -1;
        memcpy(out + o, esc, (size_t)m);
        o += (size_t)m;
    }
    out[o++] = '"';
    out[o] = 0;
    *k = o;
    return 0;
}

/* ---- messages ----------------------------------------------------------------------- */

/* M among the moves of POS (chance's outcomes at a chance node). */
static bool is_legal(const bo_game *g, const void *pos, bo_move m)
{
    bo_move all[BO_MOVES_MAX];
    double prob[BO_MOVES_MAX];
    int n = g->to_move(pos) == BO_PLAYER_CHANCE && g->chance ? g->chance(pos, all, prob) : g->legal(pos, all);
    for (int i = 0; i < n; i++) if (all[i] == m) return true;
    return false;
}

/* A point game's request is one point (or -1 -1); any other game's lists move texts. */
int bz_request(const bo_game *g, const bz_xy *xy, const void *start, const void *pos, const bo_move *moves,
               int k, bool first, bool json, char *out, size_t n)
{
    size_t o = 0;
    out[0] = 0;
    if (xy) {   /* one point: the opponent's, or -1 -1 for "you move first" */
        int x = -1, y = -1;
        if (k > 1 || (k == 0 && !first) || (k == 1 && xy->to_xy(pos, moves[0], &x, &y) != 0)) return -1;
        int w = json ? snprintf(out, n, "{\"x\":%d,\"y\":%d}", x, y) : snprintf(out, n, "%d %d", x, y);
        return w < 0 || (size_t)w >= n ? -1 : 0;
    }
    BO_ALIGNED unsigned char p[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(p, pos, g->pos_size);
    char t[4096];
    int w = snprintf(out, n, "{");
    if (w < 0 || (size_t)w >= n) return -1;
    o = (size_t)w;
    if (first) {
        g->to_text(start, t, sizeof t);
        w = snprintf(out + o, n - o, "\"position\":");
        if (w < 0 || (size_t)w >= n - o) return -1;
        o += (size_t)w;
        if (bz_json_put_str(out, n, &o, t) != 0 || o + 2 >= n) return -1;
        out[o++] = ',';
    }
    w = snprintf(out + o, n - o, "\"moves\":[");
    if (w < 0 || (size_t)w >= n - o) return -1;
    o += (size_t)w;
    for (int i = 0; i < k; i++) {
        if (g->move_to_text(p, moves[i], t, sizeof t) != 0) return -1;
        if (i && o + 1 < n) out[o++] = ',';
        if (bz_json_put_str(out, n, &o, t) != 0) return -1;
        g->play(p, moves[i], undo, NULL);
    }
    if (o + 3 > n) return -1;
    out[o++] = ']';
    out[o++] = '}';
    out[o] = 0;
    return 0;
}

/* FNV-1a of the view's bytes: the seed of the state drawn from it, so that the
 * request is a function of the view alone. */
static uint64_t view_seed(const unsigned char *v, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ v[i]) * 1099511628211ull;
    return h ? h : 1;
}

/* A hidden game's request: what PLAYER may see of POS (observe), as a full state
 * drawn from that view alone (sample, seeded by the view) in the position text.  The
 * opponent's real pieces never reach it: a different truth with the same view gives
 * the same request, byte for byte. */
int bz_view_request(const bo_game *g, const void *pos, int player, char *out, size_t n)
{
    if (!(g->flags & BO_GAME_HIDDEN) || !g->observe || !g->sample || !g->view_size) return -1;
    unsigned char *view = calloc(1, g->view_size);
    if (!view) return -1;
    BO_ALIGNED unsigned char drawn[BO_POS_MAX];
    char t[4096];
    g->observe(pos, player, view);
    uint64_t rng = view_seed(view, g->view_size);
    int rc = g->sample(view, &rng, drawn);
    free(view);
    if (rc != 0) return -1;
    g->to_text(drawn, t, sizeof t);
    size_t o = 0;
    int w = snprintf(out, n, "{\"position\":");
    if (w < 0 || (size_t)w >= n) return -1;
    o = (size_t)w;
    if (bz_json_put_str(out, n, &o, t) != 0 || o + 14 >= n) return -1;
    memcpy(out + o, ",\"moves\":[]}", 13);
    return 0;
}

/* The point, or the move text (quoted in JSON). */
int bz_response(const bo_game *g, const bz_xy *xy, const void *pos, bo_move m, bool json, char *out, size_t n)
{
    if (xy) {
        int x, y;
        if (xy->to_xy(pos, m, &x, &y) != 0) return -1;
        int w = json ? snprintf(out, n, "{\"x\":%d,\"y\":%d}", x, y) : snprintf(out, n, "%d %d", x, y);
        return w < 0 || (size_t)w >= n ? -1 : 0;
    }
    char t[512];
    if (g->move_to_text(pos, m, t, sizeof t) != 0) return -1;
    if (!json) return snprintf(out, n, "%s", t) < (int)n ? 0 : -1;
    size_t k = 0;
    return bz_json_put_str(out, n, &k, t);
}

/* A point from JSON {"x":..,"y":..} (value AT of D) or the simple "x y" LINE. */
static int read_xy(const bz_json *d, int at, const char *line, int *x, int *y, char *err, size_t errlen)
{
    double fx, fy;
    if (d) {
        if (!bz_json_num(d, bz_json_member(d, at, "x"), &fx) || !bz_json_num(d, bz_json_member(d, at, "y"), &fy))
            return bo_fail(err, errlen, "not a point {\"x\":X,\"y\":Y}");
    } else {
        char rest;
        if (sscanf(line, "%lf %lf %c", &fx, &fy, &rest) != 2) return bo_fail(err, errlen, "'%.60s' is not a point 'X Y'", line);
    }
    /* the range first: (int) of an infinity, a NaN or 1e300 is undefined */
    if (!(fx >= -1 && fy >= -1 && fx <= 1000 && fy <= 1000) || fx != (int)fx || fy != (int)fy)
        return bo_fail(err, errlen, "x %g, y %g: not a point", fx, fy);
    *x = (int)fx;
    *y = (int)fy;
    return 0;
}

/* One move's text onto POS, checked legal. */
static int play_text(const bo_game *g, void *pos, bo_hist *h, const char *text, char *err, size_t errlen)
{
    bo_move m;
    char e[256];
    if (g->move_from_text(pos, text, &m, e, sizeof e) != 0) return bo_fail(err, errlen, "move '%.200s': %s", text, e);
    if (!is_legal(g, pos, m)) return bo_fail(err, errlen, "move '%.200s' is not legal here", text);
    BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
    g->play(pos, m, undo, h);
    return 0;
}

/* The JSON string at AT, its escapes undone, in *OUT (malloc'd: a string's text is
 * never longer than its source, so any length fits); 0, or -1 naming WHAT -- not a
 * string, a bad escape -- in err. */
static int string_at(const bz_json *d, int at, const char *what, char **out, char *err, size_t errlen)
{
    *out = NULL;
    if (at < 0 || d->v[at].type != BZ_J_STR) return bo_fail(err, errlen, "%s is not a string", what);
    if (!(*out = malloc(d->v[at].len + 1))) return bo_fail(err, errlen, "out of memory");
    if (bz_json_str(d, at, *out, d->v[at].len + 1) != 0) {
        free(*out);
        *out = NULL;
        return bo_fail(err, errlen, "%s has a bad escape", what);
    }
    return 0;
}

/* Each move checked before it is played: the history is the other side's word. */
int bz_apply_request(const bo_game *g, const bz_xy *xy, const char *rules, void *pos, bo_hist *h, bool first,
                     const bz_json *d, int at, const char *line, char *err, size_t errlen)
{
    BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
    if (xy) {
        int x, y;
        bo_move m;
        if (read_xy(d, at, line, &x, &y, err, errlen) != 0) return -1;
        if (x == -1 && y == -1) {
            if (first) return 0;   /* "you move first" */
            return bo_fail(err, errlen, "-1 -1 (a pass) after the first request");
        }
        if (xy->from_xy(pos, x, y, &m) != 0 || !is_legal(g, pos, m))
            return bo_fail(err, errlen, "the point x %d, y %d is not a legal move here", x, y);
        g->play(pos, m, undo, h);
        return 0;
    }
    bz_json own;
    memset(&own, 0, sizeof own);
    if (!d) {   /* the simple interaction carries the same JSON on its line */
        if ((at = bz_json_parse(&own, line, strlen(line), err, errlen)) < 0) { bz_json_free(&own); return -1; }
        d = &own;
    }
    int rc = 0;
    char *t = NULL;
    int ps = bz_json_member(d, at, "position"), mv = bz_json_member(d, at, "moves");
    if (d->v[at].type != BZ_J_OBJ) rc = bo_fail(err, errlen, "a request is an object {\"moves\":[..]}");
    else if (ps >= 0) {
        char e[256];
        if (!first && !(g->flags & BO_GAME_HIDDEN)) rc = bo_fail(err, errlen, "\"position\" after the first request");
        else if ((rc = string_at(d, ps, "\"position\"", &t, err, errlen)) != 0) {}
        else if (g->from_text(pos, rules, t, e, sizeof e) != 0) rc = bo_fail(err, errlen, "position '%.200s%s': %s", t, strlen(t) > 200 ? "..." : "", e);
        else if (h) bo_hist_reset(h, g->hash(pos));
    }
    if (rc == 0 && mv >= 0 && d->v[mv].type != BZ_J_ARR) rc = bo_fail(err, errlen, "\"moves\" is not an array");
    for (int c = mv >= 0 ? d->v[mv].first : -1; rc == 0 && c >= 0; c = d->v[c].next) {
        free(t);
        t = NULL;
        rc = string_at(d, c, "a move", &t, err, errlen);
        if (rc == 0) rc = play_text(g, pos, h, t, err, errlen);
    }
    free(t);
    bz_json_free(&own);
    return rc;
}

/* -1 for what is no move at all, -2 for a move the rules refuse: two faults. */
int bz_read_response(const bo_game *g, const bz_xy *xy, const void *pos, const bz_json *d, int at,
                     const char *line, bo_move *m, char *err, size_t errlen)
{
    char e[256];
    if (xy) {
        int x, y;
        if (read_xy(d, at, line, &x, &y, err, errlen) != 0) return -1;
        if (xy->from_xy(pos, x, y, m) != 0 || !is_legal(g, pos, *m))
            return bo_fail(err, errlen, "x %d, y %d is not a legal move here", x, y), -2;
        return 0;
    }
    char *t = NULL;
    if (d) {
        if (at < 0 || d->v[at].type != BZ_J_STR) return bo_fail(err, errlen, "the response is not a move text (a JSON string)");
        if (string_at(d, at, "the response", &t, err, errlen) != 0) return -1;
    } else if (!(t = strdup(line))) {
        return bo_fail(err, errlen, "out of memory");
    }
    int rc = 0;
    if (!t[0]) rc = bo_fail(err, errlen, "an empty response");
    else if (g->move_from_text(pos, t, m, e, sizeof e) != 0) rc = (bo_fail(err, errlen, "'%.200s': %s", t, e), -2);
    else if (!is_legal(g, pos, *m)) rc = (bo_fail(err, errlen, "'%.200s' is not legal here", t), -2);
    free(t);
    return rc;
}
