/* ng_read.c -- NoGo records: what the three readers share (building games), telling
 * the format of a file, and the format names. */
#include "ng_records.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nogo.h"

static const char *const names[] = {"none", "sgf", "contest", "botzone"};

const char *ng_format_name(ng_format f) { return names[f]; }

int ng_format_from_name(const char *name, ng_format *f)
{
    for (int i = 1; i < 4; i++)
        if (strcmp(name, names[i]) == 0) { *f = (ng_format)i; return 0; }
    if (strcmp(name, "json") == 0) { *f = NG_FMT_BOTZONE; return 0; }
    if (strcmp(name, "ccgc") == 0 || strcmp(name, "txt") == 0) { *f = NG_FMT_CONTEST; return 0; }
    return -1;
}

ng_game *ng_list_push(ng_game_list *l, int line)
{
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 8;
        ng_game *it = realloc(l->items, (size_t)cap * sizeof *it);
        if (!it) return NULL;
        l->items = it;
        l->cap = cap;
    }
    ng_game *g = &l->items[l->n++];
    memset(g, 0, sizeof *g);
    g->index = l->n;
    g->line = line;
    return g;
}

int ng_game_add_move(ng_game *g, int point, int colour, int line, int col, const char *text, size_t len)
{
    if (g->n == g->cap) {
        int cap = g->cap ? 2 * g->cap : 96;
        ng_rmove *m = realloc(g->moves, (size_t)cap * sizeof *m);
        if (!m) return -1;
        g->moves = m;
        g->cap = cap;
    }
    ng_rmove *m = &g->moves[g->n++];
    m->point = point;
    m->colour = colour;
    m->line = line;
    m->col = col;
    if (len >= sizeof m->text) len = sizeof m->text - 1;
    memcpy(m->text, text, len);
    m->text[len] = 0;
    return 0;
}

int ng_set_str(char **field, const char *s, size_t len)
{
    char *c = malloc(len + 1);
    if (!c) return -1;
    memcpy(c, s, len);
    c[len] = 0;
    free(*field);
    *field = c;
    return 0;
}

/* The first fault only: later ones follow from it. */
void ng_game_error(ng_game *g, int line, int col, const char *fmt, ...)
{
    if (g->error) return;
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    ng_set_str(&g->error, buf, strlen(buf));
    g->err_line = line;
    g->err_col = col;
}

void ng_game_warn(ng_game *g, int line, int col, const char *fmt, ...)
{
    if (g->warning) return;
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    ng_set_str(&g->warning, buf, strlen(buf));
    g->warn_line = line;
    g->warn_col = col;
}

void ng_game_list_free(ng_game_list *l)
{
    for (int i = 0; i < l->n; i++) {
        ng_game *g = &l->items[i];
        free(g->black); free(g->white); free(g->event); free(g->date); free(g->place); free(g->rules);
        free(g->result_text); free(g->moves); free(g->error); free(g->warning);
    }
    free(l->items);
    memset(l, 0, sizeof *l);
}

/* Does S (of LEN) contain NEEDLE? */
static bool has(const char *s, size_t len, const char *needle)
{
    size_t k = strlen(needle);
    for (size_t i = 0; i + k <= len; i++)
        if (memcmp(s + i, needle, k) == 0) return true;
    return false;
}

/* By content: SGF of Go on 9x9 (sure with RU[NoGo]), the contest frame with a NoGo
 * code, Botzone JSON with x/y moves. */
int ng_sniff(const char *text, size_t len, ng_format *f)
{
    size_t i = 0;
    if (len >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB) i = 3;
    while (i < len && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t')) i++;
    const char *s = text + i;
    size_t n = len - i;
    *f = NG_FMT_NONE;
    if (n == 0) return 0;
    if (s[0] == '(') {
        bool named = has(s, n, "RU[NoGo") || has(s, n, "RU[nogo") || has(s, n, "RU[不围棋]") || has(s, n, "GN[NoGo");
        if (named || has(s, n, "SZ[9]")) *f = NG_FMT_SGF;
        if (named) return 95;
        if (has(s, n, "SZ[9]")) return has(s, n, "GM[1]") ? 60 : 30;
    }
    if ((s[0] == '{' || s[0] == '[') && (has(s, n, "[NG]") || has(s, n, "[NOGO]") || has(s, n, "[NoGo]") || has(s, n, "[不围棋]"))) {
        *f = NG_FMT_CONTEST;
        return 95;
    }
    if ((s[0] == '{' || s[0] == '[') && has(s, n, "\"x\"") && has(s, n, "\"y\"")
        && (has(s, n, "\"requests\"") || has(s, n, "\"response\""))) {
        *f = NG_FMT_BOTZONE;
        return 80;
    }
    return 0;
}

int ng_read(const char *text, size_t len, ng_format f, ng_game_list *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (f == NG_FMT_NONE && ng_sniff(text, len, &f) == 0) {
        snprintf(err, errlen, "no NoGo record here (SGF with SZ[9], a contest record [NG], or Botzone JSON)");
        return -1;
    }
    out->format = f;
    int rc = f == NG_FMT_SGF ? ng_read_sgf(text, len, out)
           : f == NG_FMT_CONTEST ? ng_read_contest(text, len, out)
           : ng_read_botzone(text, len, out, err, errlen);
    if (rc != 0) {
        if (!*err) snprintf(err, errlen, "out of memory");
        ng_game_list_free(out);
        return -1;
    }
    if (out->n == 0) {
        snprintf(err, errlen, "no %s game found", ng_format_name(f));
        ng_game_list_free(out);
        return -1;
    }
    return 0;
}
