/* record.c -- the common record model's storage. */
#include "record.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void bo_record_init(bo_record *r, int index, int line)
{
    memset(r, 0, sizeof *r);
    r->index = index;
    r->line = line;
}

static void moves_free(bo_rmove *moves, int n);

/* A line owns its moves, and each move its variations: freed depth first. */
static void line_free(bo_rline *l)
{
    moves_free(l->moves, l->nmoves);
    free(l->moves);
    free(l);
}

static void moves_free(bo_rmove *moves, int n)
{
    for (int i = 0; i < n; i++) {
        bo_rmove *m = &moves[i];
        free(m->text);
        free(m->comment);
        for (int v = 0; v < m->nvars; v++) line_free(m->vars[v]);
        free(m->vars);
    }
}

void bo_record_free(bo_record *r)
{
    for (int i = 0; i < r->ntags; i++) { free(r->tags[i].name); free(r->tags[i].value); }
    moves_free(r->moves, r->nmoves);
    for (int i = 0; i < r->nnotes; i++) free(r->notes[i].text);
    free(r->tags); free(r->moves); free(r->notes);
    free(r->fen); free(r->result); free(r->notation);
    memset(r, 0, sizeof *r);
}

/* Grow an array by doubling from FIRST elements; the element size is passed so
 * one helper serves all lists. */
static int grow_from(void **items, int *cap, int need, size_t elem, int first)
{
    if (need <= *cap) return 0;
    if (need > INT_MAX / 2) return -1;
    int nc = *cap ? *cap * 2 : first;
    while (nc < need) nc *= 2;
    void *ni = realloc(*items, (size_t)nc * elem);
    if (!ni) return -1;
    *items = ni;
    *cap = nc;
    return 0;
}

/* Tags, notes, games and the main line: few per file, so room for 16 at once. */
static int grow(void **items, int *cap, int need, size_t elem)
{
    return grow_from(items, cap, need, elem, 16);
}

int bo_record_set_str(char **field, const char *s, size_t len)
{
    char *c = malloc(len + 1);
    if (!c) return -1;
    memcpy(c, s, len);
    c[len] = '\0';
    free(*field);
    *field = c;
    return 0;
}

int bo_record_add_tag(bo_record *r, const char *name, size_t nlen, const char *value, size_t vlen, int line)
{
    if (grow((void **)&r->tags, &r->tagcap, r->ntags + 1, sizeof *r->tags) != 0) return r->oom = true, -1;
    bo_tag *t = &r->tags[r->ntags];
    memset(t, 0, sizeof *t);
    if (bo_record_set_str(&t->name, name, nlen) != 0) return r->oom = true, -1;
    if (bo_record_set_str(&t->value, value, vlen) != 0) { free(t->name); r->oom = true; return -1; }
    t->line = line;
    r->ntags++;
    return 0;
}

const char *bo_record_tag(const bo_record *r, const char *name)
{
    for (int i = r->ntags - 1; i >= 0; i--)
        if (strcasecmp(r->tags[i].name, name) == 0) return r->tags[i].value;
    return NULL;
}

int bo_record_set_tag(bo_record *r, const char *name, const char *value)
{
    for (int i = 0; i < r->ntags; i++)
        if (strcasecmp(r->tags[i].name, name) == 0) {
            if (r->tags[i].value == r->cm_str) r->cm_str = NULL;   /* a "_Comment" replaced */
            if (bo_record_set_str(&r->tags[i].value, value, strlen(value)) != 0) return r->oom = true, -1;
            return 0;
        }
    return bo_record_add_tag(r, name, strlen(name), value, strlen(value), 0);
}

/* The main line and every variation grow their move arrays the same way, from
 * FIRST moves: a variation starts with room for 2 (most are a move or two, and a
 * game may hold thousands of them: memory follows the bytes read). */
static bo_rmove *moves_push(bo_rmove **moves, int *n, int *cap, int first, const char *text, size_t len,
                            int line, int col)
{
    if (grow_from((void **)moves, cap, *n + 1, sizeof **moves, first) != 0) return NULL;
    bo_rmove *m = &(*moves)[*n];
    memset(m, 0, sizeof *m);
    if (bo_record_set_str(&m->text, text, len) != 0) return NULL;
    m->line = line;
    m->col = col;
    m->time_ms = -1;
    m->die = -1;
    (*n)++;
    return m;
}

bo_rmove *bo_record_add_move(bo_record *r, const char *text, size_t len, int line, int col)
{
    bo_rmove *m = moves_push(&r->moves, &r->nmoves, &r->movecap, 16, text, len, line, col);
    if (!m) r->oom = true;
    return m;
}

bo_rmove *bo_rline_add_move(bo_rline *l, const char *text, size_t len, int line, int col)
{
    return moves_push(&l->moves, &l->nmoves, &l->movecap, 2, text, len, line, col);
}

bo_rline *bo_rmove_add_variation(bo_rmove *m)
{
    /* doubling: a move with a million siblings is not a million reallocations */
    if (grow_from((void **)&m->vars, &m->varcap, m->nvars + 1, sizeof *m->vars, 1) != 0) return NULL;
    bo_rline *l = calloc(1, sizeof *l);
    if (!l) return NULL;
    m->vars[m->nvars++] = l;
    return l;
}

int bo_rmove_add_comment(bo_rmove *m, const char *text, size_t len)
{
    if (!m->comment) return bo_record_set_str(&m->comment, text, len);
    size_t old = strlen(m->comment);
    char *n = realloc(m->comment, old + 1 + len + 1);
    if (!n) return -1;
    n[old] = ' ';
    memcpy(n + old + 1, text, len);
    n[old + 1 + len] = '\0';
    m->comment = n;
    return 0;
}

bool bo_record_keep_variation(bo_record *r, int line, int col)
{
    if (r->vars_kept < BO_RECORD_MAX_VARIATIONS) {
        r->vars_kept++;
        return true;
    }
    if (r->vars_dropped++ == 0 &&
        bo_record_note(r, BO_NOTE_WARNING, line, col,
                       "more than %d variations in one game (the limit of every reader): this one and all after it "
                       "are dropped, not read", BO_RECORD_MAX_VARIATIONS) == 0)
        r->vars_note = r->nnotes;
    return false;
}

int bo_record_end_variations(bo_record *r)
{
    if (r->vars_note == 0 || r->vars_note > r->nnotes) return 0;
    char buf[256];
    snprintf(buf, sizeof buf,
             "more than %d variations in one game (the limit of every reader): %d variations from here on dropped, "
             "not read", BO_RECORD_MAX_VARIATIONS, r->vars_dropped);
    char *t = strdup(buf);
    if (!t) return -1;
    free(r->notes[r->vars_note - 1].text);
    r->notes[r->vars_note - 1].text = t;
    r->vars_note = 0;
    return 0;
}

static int count_vars(const bo_rmove *moves, int n)
{
    int c = 0;
    for (int i = 0; i < n; i++)
        for (int v = 0; v < moves[i].nvars; v++)
            c += 1 + count_vars(moves[i].vars[v]->moves, moves[i].vars[v]->nmoves);
    return c;
}

int bo_record_count_variations(const bo_record *r)
{
    return count_vars(r->moves, r->nmoves);
}

int bo_record_add_comment(bo_record *r, const char *text, size_t len)
{
    char **slot;
    if (r->nmoves > 0) {
        slot = &r->moves[r->nmoves - 1].comment;
    } else {
        for (int i = 0; i < r->ntags; i++)
            if (strcmp(r->tags[i].name, "_Comment") == 0) { slot = &r->tags[i].value; goto append; }
        return bo_record_add_tag(r, "_Comment", 8, text, len, 0);
    }
append:
    if (!*slot) {
        if (bo_record_set_str(slot, text, len) != 0) return r->oom = true, -1;
        r->cm_str = *slot;
        r->cm_len = len;
        r->cm_cap = len + 1;
        return 0;
    }
    /* The comment grown last time is known: no strlen, and its room doubles. */
    bool known = *slot == r->cm_str;
    size_t old = known ? r->cm_len : strlen(*slot), cap = known ? r->cm_cap : old + 1;
    char *n = *slot;
    if (old + 1 + len + 1 > cap) {
        size_t nc = cap * 2 > old + 1 + len + 1 ? cap * 2 : old + 1 + len + 1;
        n = realloc(*slot, nc);
        if (!n) return r->oom = true, -1;
        cap = nc;
    }
    n[old] = ' ';
    memcpy(n + old + 1, text, len);
    n[old + 1 + len] = '\0';
    *slot = n;
    r->cm_str = n;
    r->cm_len = old + 1 + len;
    r->cm_cap = cap;
    return 0;
}

int bo_record_note(bo_record *r, bo_note_kind kind, int line, int col, const char *fmt, ...)
{
    if (grow((void **)&r->notes, &r->notecap, r->nnotes + 1, sizeof *r->notes) != 0) return r->oom = true, -1;
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    bo_note *n = &r->notes[r->nnotes];
    n->kind = kind;
    n->line = line;
    n->col = col;
    n->text = strdup(buf);
    if (!n->text) return r->oom = true, -1;
    r->nnotes++;
    if (kind == BO_NOTE_ERROR) r->errors++;
    return 0;
}

bo_record *bo_record_list_push(bo_record_list *l, int line)
{
    if (grow((void **)&l->items, &l->cap, l->n + 1, sizeof *l->items) != 0) return NULL;
    bo_record *r = &l->items[l->n];
    bo_record_init(r, l->n + 1, line);
    l->n++;
    return r;
}

void bo_record_list_free(bo_record_list *l)
{
    for (int i = 0; i < l->n; i++) bo_record_free(&l->items[i]);
    free(l->items);
    memset(l, 0, sizeof *l);
}
