/* sp_journal.c -- writing and reading the journal lines of sp_journal.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "sp_journal.h"
#include "sp_log.h"

/* A growable string: the line is built in memory and written with one call. */
typedef struct sbuf {
    char *s;
    size_t n, cap;
    int oom;
} sbuf;

static void put(sbuf *b, const char *s, size_t n)
{
    if (b->oom) return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->n + n + 1) cap *= 2;
        char *p = realloc(b->s, cap);
        if (!p) { b->oom = 1; return; }
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = 0;
}

static void puts_(sbuf *b, const char *s) { put(b, s, strlen(s)); }

int sp_journal_format(const bo_game *g, const char *rules, const sp_played *p, char **line, size_t *len,
                      char *err, size_t errlen)
{
    sbuf b = {0};
    char num[64];
    bool swapped = p->a_first != (p->index % 2 == 0);   /* swap2 chose the colours: the result stays the index's */
    double first = swapped ? 1.0 - p->score_first : p->score_first;
    snprintf(num, sizeof num, "%ld\t%s\t", p->index, first == 1.0 ? "1" : first == 0.0 ? "0" : "1/2");
    puts_(&b, num);
    /* the reason may quote an engine: no tab, line end or byte that is not UTF-8 */
    char reason[2048];
    puts_(&b, sp_clean(p->reason, strlen(p->reason), SP_CLEAN_FIELD, reason, sizeof reason));
    put(&b, "\t", 1);
    puts_(&b, p->start);
    put(&b, "\t", 1);
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    if (g->from_text(pos, rules, p->start, err, errlen) != 0) { free(b.s); return -1; }
    for (int i = 0; i < p->nmoves; i++) {
        char text[64];
        if (g->move_to_text(pos, p->moves[i].move, text, sizeof text) != 0) {
            free(b.s);
            return bo_fail(err, errlen, "game %ld: move %d has no text", p->index, i + 1);
        }
        if (i) put(&b, " ", 1);
        puts_(&b, text);
        g->play(pos, p->moves[i].move, undo, NULL);
    }
    put(&b, "\t", 1);
    for (int i = 0; i < p->nmoves; i++) {
        if (i) put(&b, " ", 1);
        if (p->moves[i].searched) {
            snprintf(num, sizeof num, "%d", p->moves[i].eval);
            puts_(&b, num);
        } else {
            put(&b, "-", 1);
        }
    }
    put(&b, "\t", 1);
    for (int i = 0; i < p->nmoves; i++) {
        if (i) put(&b, " ", 1);
        const sp_move_rec *m = &p->moves[i];
        if (m->ms >= 0) {
            snprintf(num, sizeof num, "%d/%d", (int)m->ms, (int)m->depth);
            puts_(&b, num);
        } else if (m->depth > 0) {
            snprintf(num, sizeof num, "-/%d", (int)m->depth);
            puts_(&b, num);
        } else {
            put(&b, "-", 1);
        }
    }
    if (swapped) puts_(&b, "\tswapped");
    put(&b, "\n", 1);
    if (b.oom) { free(b.s); return bo_fail(err, errlen, "out of memory"); }
    *line = b.s;
    *len = b.n;
    return 0;
}

void sp_entry_free(sp_entry *e)
{
    free(e->buf);
    free(e->moves);
    free(e->evals);
    free(e->ms);
    free(e->depth);
    memset(e, 0, sizeof *e);
}

/* Split S at blanks in place; the pieces go to *OUT (malloc'd). */
static int split_words(char *s, char ***out, int *n)
{
    int cap = 16;
    *n = 0;
    *out = malloc((size_t)cap * sizeof **out);
    if (!*out) return -1;
    char *save = NULL;
    for (char *w = strtok_r(s, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        if (*n == cap) {
            cap *= 2;
            char **p = realloc(*out, (size_t)cap * sizeof *p);
            if (!p) return -1;
            *out = p;
        }
        (*out)[(*n)++] = w;
    }
    return 0;
}

/* The optional seventh field: per move "MS/DEPTH" or "-" (journals written before
 * it existed have none, and their moves have no times).  "-/DEPTH": a searched
 * move whose time is not kept (a depth or node limit). */
static int parse_times(char *f, sp_entry *e, char *err, size_t errlen)
{
    char **w;
    int nw;
    if (split_words(f, &w, &nw) != 0) { sp_entry_free(e); return bo_fail(err, errlen, "out of memory"); }
    if (nw != e->nmoves) {
        free(w);
        int nm = e->nmoves;
        sp_entry_free(e);
        return bo_fail(err, errlen, "%d moves but %d times", nm, nw);
    }
    e->ms = malloc((size_t)(nw ? nw : 1) * sizeof *e->ms);
    e->depth = malloc((size_t)(nw ? nw : 1) * sizeof *e->depth);
    if (!e->ms || !e->depth) { free(w); sp_entry_free(e); return bo_fail(err, errlen, "out of memory"); }
    for (int i = 0; i < nw; i++) {
        e->ms[i] = -1;
        e->depth[i] = 0;
        if (strcmp(w[i], "-") == 0) continue;
        char *end = w[i];
        if (*end == '-') end++;
        else e->ms[i] = (int)strtol(w[i], &end, 10);
        if (*end == '/') e->depth[i] = (int)strtol(end + 1, &end, 10);
        if (*end || end == w[i] || e->ms[i] < -1) {
            bo_fail(err, errlen, "bad move time '%.40s'", w[i]);
            free(w);
            sp_entry_free(e);
            return -1;
        }
    }
    free(w);
    return 0;
}

int sp_journal_parse(const char *line, size_t len, sp_entry *e, char *err, size_t errlen)
{
    memset(e, 0, sizeof *e);
    if (len > 0 && line[len - 1] == '\n') len--;
    e->buf = malloc(len + 1);
    if (!e->buf) return bo_fail(err, errlen, "out of memory");
    memcpy(e->buf, line, len);
    e->buf[len] = 0;
    char *field[8];
    int nf = 0;
    char *s = e->buf;
    field[nf++] = s;
    for (; *s && nf < 8; s++)
        if (*s == '\t') { *s = 0; field[nf++] = s + 1; }
    if (nf == 8 && strcmp(field[7], "swapped") == 0) e->swapped = true;   /* the optional eighth */
    else if (nf < 6 || nf > 7 || strchr(field[nf - 1], '\t'))
        { sp_entry_free(e); return bo_fail(err, errlen, "not six to eight tab-separated fields"); }
    char *end;
    e->index = strtol(field[0], &end, 10);
    if (*end || end == field[0] || e->index < 0) { sp_entry_free(e); return bo_fail(err, errlen, "bad game index"); }
    if (strcmp(field[1], "1") == 0) e->score_first = 1;
    else if (strcmp(field[1], "0") == 0) e->score_first = 0;
    else if (strcmp(field[1], "1/2") == 0) e->score_first = 0.5;
    else {   /* the message before the free: the field lives in E's buffer */
        bo_fail(err, errlen, "bad result '%.40s'", field[1]);
        sp_entry_free(e);
        return -1;
    }
    e->reason = field[2];
    e->start = field[3];
    char **evals;
    int ne;
    if (split_words(field[4], &e->moves, &e->nmoves) != 0 || split_words(field[5], &evals, &ne) != 0) {
        sp_entry_free(e);
        return bo_fail(err, errlen, "out of memory");
    }
    if (ne != e->nmoves) {
        int nm = e->nmoves;
        free(evals);
        sp_entry_free(e);
        return bo_fail(err, errlen, "%d moves but %d evaluations", nm, ne);
    }
    e->evals = malloc((size_t)(ne ? ne : 1) * sizeof *e->evals);
    if (!e->evals) { free(evals); sp_entry_free(e); return bo_fail(err, errlen, "out of memory"); }
    for (int i = 0; i < ne; i++) {
        if (strcmp(evals[i], "-") == 0) { e->evals[i] = SP_NO_EVAL; continue; }
        e->evals[i] = (int)strtol(evals[i], &end, 10);
        if (*end) {   /* the message first: the word lives in the buffer freed with E */
            bo_fail(err, errlen, "bad evaluation '%.40s'", evals[i]);
            free(evals);
            sp_entry_free(e);
            return -1;
        }
    }
    free(evals);
    return nf >= 7 ? parse_times(field[6], e, err, errlen) : 0;
}
