/* records.c -- what every game's records interface shares (records.h): the read
 * options' defaults, keeping a game past its sink call, a verdict that owns its
 * strings.  The method: copies are plain mallocs the keeper frees; the record itself
 * is moved, not copied (its reader then frees an empty one). */
#include "records.h"

#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "record.h"

void bo_read_opts_init(bo_read_opts *o)
{
    memset(o, 0, sizeof *o);
    o->move_time_limit = -1;
}

/* Each string field of V as a pointer to it (an array of 11). */
static void string_fields(bo_verdict *v, const char **f[11])
{
    f[0] = &v->result; f[1] = &v->ending; f[2] = &v->event; f[3] = &v->side; f[4] = &v->move_text;
    f[5] = &v->kind; f[6] = &v->message; f[7] = &v->players[0]; f[8] = &v->players[1];
    f[9] = &v->claimed; f[10] = &v->rules_result;
}

int bo_verdict_store_set(bo_verdict_store *s, const bo_verdict *v)
{
    s->v = *v;
    const char **f[11];
    string_fields(&s->v, f);
    size_t need = 0;
    for (int i = 0; i < 11; i++)
        if (*f[i]) need += strlen(*f[i]) + 1;
    if (need > s->cap) {
        char *b = realloc(s->buf, need);
        if (!b) {
            for (int i = 0; i < 11; i++) *f[i] = NULL;
            return -1;
        }
        s->buf = b;
        s->cap = need;
    }
    size_t at = 0;
    for (int i = 0; i < 11; i++) {
        if (!*f[i]) continue;
        size_t n = strlen(*f[i]) + 1;
        memcpy(s->buf + at, *f[i], n);
        *f[i] = s->buf + at;
        at += n;
    }
    return 0;
}

void bo_verdict_store_free(bo_verdict_store *s)
{
    free(s->buf);
    memset(s, 0, sizeof *s);
}

/* A kept game and what it owns, in one allocation's header. */
typedef struct kept {
    bo_rec_game g;
    bo_record r;
    bo_verdict_store v;
    void *start;
    uint32_t *moves;
    int *rec_index;
    char *path;   /* the file's name, which the text read may not outlive */
    void *priv;   /* a copy of priv (bo_records.priv_size) */
} kept;

bo_rec_game *bo_rec_game_keep(const bo_rec_game *g, size_t pos_size)
{
    return bo_rec_game_keep_priv(g, pos_size, 0);
}

bo_rec_game *bo_rec_game_keep_priv(const bo_rec_game *g, size_t pos_size, size_t priv_size)
{
    kept *k = calloc(1, sizeof *k);
    if (!k) return NULL;
    size_t nm = g->nmoves > 0 ? (size_t)g->nmoves : 0;
    k->start = g->start ? malloc(pos_size ? pos_size : 1) : NULL;
    k->moves = malloc((nm + 1) * sizeof *k->moves);
    k->rec_index = g->rec_index ? malloc((nm + 1) * sizeof *k->rec_index) : NULL;
    k->path = g->path ? strdup(g->path) : NULL;
    k->priv = priv_size && g->priv ? malloc(priv_size) : NULL;
    if ((priv_size && g->priv && !k->priv) || (g->start && !k->start) || !k->moves || (g->rec_index && !k->rec_index) || (g->path && !k->path) ||
        (g->v && bo_verdict_store_set(&k->v, g->v) != 0)) {
        free(k->start); free(k->moves); free(k->rec_index); free(k->path); free(k->priv);
        bo_verdict_store_free(&k->v);
        free(k);
        return NULL;
    }
    if (g->start) memcpy(k->start, g->start, pos_size);
    if (nm) memcpy(k->moves, g->moves, nm * sizeof *k->moves);
    if (g->rec_index && nm) memcpy(k->rec_index, g->rec_index, nm * sizeof *k->rec_index);
    k->g = *g;
    if (g->r) {
        k->r = *g->r;   /* moved: the reader frees the emptied one */
        bo_record_init(g->r, g->r->index, g->r->line);
        k->g.r = &k->r;
    }
    k->g.priv = g->priv && g->priv == g->r ? (const void *)&k->r : NULL;
    if (k->priv) {
        memcpy(k->priv, g->priv, priv_size);
        k->g.priv = k->priv;
    }
    k->g.start = k->start;
    k->g.moves = k->moves;
    k->g.rec_index = k->rec_index;
    k->g.v = g->v ? &k->v.v : NULL;
    k->g.path = k->path;
    if (g->v && g->v->file == g->path) k->v.v.file = k->path;
    return &k->g;
}

void bo_rec_game_release(bo_rec_game *g)
{
    if (!g) return;
    kept *k = (kept *)g;   /* g is the first member */
    if (k->g.r == &k->r) bo_record_free(&k->r);
    free(k->start);
    free(k->moves);
    free(k->rec_index);
    free(k->path);
    free(k->priv);
    bo_verdict_store_free(&k->v);
    free(k);
}

bo_rec_game *bo_records_keep(const bo_records *rs, const bo_rec_game *g)
{
    if (rs->keep) return rs->keep(g);
    const bo_game *d = bo_game_by_name(rs->name);
    return d ? bo_rec_game_keep_priv(g, d->pos_size, rs->priv_size) : NULL;
}

void bo_records_release(const bo_records *rs, bo_rec_game *g)
{
    if (rs->release) rs->release(g);
    else bo_rec_game_release(g);
}

void bo_records_warning(const bo_records_sink *s, const char *file, int game, int line, int col, const char *msg)
{
    bo_warning w = {file, game, line, col, msg};
    if (s && s->warning) s->warning(s->ctx, &w);
}

void bo_records_error(const bo_records_sink *s, const char *file, int game, int line, int col, const char *msg)
{
    bo_warning e = {file, game, line, col, msg};
    if (s && s->error) s->error(s->ctx, &e);
}

int bo_records_refuse_binary(const bo_text *t, const char *what, char *err, size_t errlen)
{
    if (t->encoding != BO_ENC_BINARY) return 0;
    int line, col;
    unsigned byte;
    bo_text_first_bad_byte(t, &line, &col, &byte);
    snprintf(err, errlen, "line %d, column %d: byte 0x%02X is not text: this is no %s", line, col, byte, what);
    return -1;
}

bool bo_records_convert_notes(const bo_records_sink *s, const char *path, const bo_record *r)
{
    for (int i = 0; i < r->nnotes; i++)
        if (r->notes[i].kind == BO_NOTE_WARNING)
            bo_records_warning(s, path, r->index, r->notes[i].line, r->notes[i].col, r->notes[i].text);
    for (int i = 0; i < r->nnotes; i++)
        if (r->notes[i].kind == BO_NOTE_ERROR) {
            char msg[1024];
            snprintf(msg, sizeof msg, "%s; game not written", r->notes[i].text);
            bo_records_error(s, path, r->index, r->notes[i].line, r->notes[i].col, msg);
            return true;
        }
    return false;
}
