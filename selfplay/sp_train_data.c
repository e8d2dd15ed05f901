/* sp_train_data.c -- training data into training sets, and weights files
 * (sp_train_data.h gives the target, the positions left out and the file format).
 *
 * data.bin goes through sp_data_read (its games replayed from their start text, as
 * `boyi data dump` does); the plain text (`boyi data export --format plain`) is read
 * record by record, each field checked, an error naming its line.  Both hand their
 * positions one by one to a callback (sp_data_positions): the training reader's takes
 * them into a set, `boyi data relabel`'s keeps them to search again. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "search.h"
#include "sp_data.h"
#include "sp_train_data.h"

int sp_train_reader_init(sp_train_reader *r, const bo_game *g, double lambda, double scale, sp_train_set *set,
                         char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    if (!g->eval_model) return bo_fail(err, errlen, "%s's evaluation has no trainable weights", g->name);
    const bo_eval_model *m = g->eval_model;
    int room = m->max_features > 0 ? m->max_features : m->nweights;
    r->g = g;
    r->lambda = lambda;
    r->scale = scale;
    r->set = set;
    r->scratch = malloc((size_t)m->nweights * sizeof *r->scratch);
    r->feat = malloc((size_t)room * sizeof *r->feat);
    if (!r->scratch || !r->feat) {
        sp_train_reader_free(r);
        return bo_fail(err, errlen, "out of memory");
    }
    return 0;
}

void sp_train_reader_free(sp_train_reader *r)
{
    free(r->scratch);
    free(r->feat);
    r->scratch = NULL;
    r->feat = NULL;
}

/* Is M among the position's noisy moves (a capture, for Xiangqi)? */
static bool is_noisy(const bo_game *g, const void *pos, bo_move m)
{
    if (!g->noisy) return false;
    bo_move moves[BO_MOVES_MAX];
    int n = g->noisy(pos, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == m) return true;
    return false;
}

/* One sampled position: left out (counted) or added with its target.  RESULT is the
 * side to move's: 1, 1/2, 0.  0, or -1 when out of memory. */
static int take(sp_train_reader *r, const void *pos, int score, bo_move best, double result)
{
    const bo_game *g = r->g;
    r->positions++;
    if (score >= BO_SCORE_WIN_MIN || score <= -BO_SCORE_WIN_MIN) { r->decided++; return 0; }
    if (g->in_check && g->in_check(pos)) { r->in_check++; return 0; }
    if (is_noisy(g, pos, best)) { r->noisy++; return 0; }
    int n = bo_eval_features(g, pos, r->scratch, r->feat);
    double e = 1.0 / (1.0 + pow(10.0, -score / r->scale));
    double target = r->lambda * result + (1.0 - r->lambda) * e;
    if (sp_train_add(r->set, r->feat, n, (float)target) != 0) return -1;
    r->used++;
    return 0;
}

/* ---- the positions of a file, one by one ------------------------------------------- */

typedef struct walk_ctx {
    const bo_game *g;
    const char *rules;       /* the plain text's rule set (NULL: the game's default) */
    sp_data_pos_fn each;
    void *ctx;
    char err[300];
} walk_ctx;

/* One game of data.bin: replayed from its start, its sampled positions handed on. */
static int walk_game(void *vctx, const bo_game *g, const char *rules, const sp_data_game *game)
{
    walk_ctx *c = vctx;
    if (g != c->g) {
        snprintf(c->err, sizeof c->err, "it holds %s data, not %s", g->name, c->g->name);
        return -1;
    }
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    char why[200];
    if (g->from_text(pos, rules, game->start, why, sizeof why) != 0) {
        snprintf(c->err, sizeof c->err, "game %ld: its start position does not read: %s", game->index, why);
        return -1;
    }
    for (int i = 0; i < game->nplies; i++) {
        const sp_data_ply *p = &game->plies[i];
        if (p->sampled) {
            int side = g->to_move(pos);
            int first = game->result;   /* 2 won, 1 drawn, 0 lost, for the first player */
            int mine = side == 1 ? 2 - first : first;
            sp_data_pos dp = {.pos = pos, .score = p->eval, .best = p->best, .ply = i, .result = mine - 1,
                              .evaluated = p->evaluated, .game = game->index, .rules = rules};
            if (c->each(c->ctx, &dp, c->err, sizeof c->err) != 0) return -1;
        }
        g->play(pos, p->move, undo, NULL);
    }
    return 0;
}

static int walk_bin(walk_ctx *c, FILE *f, char *err, size_t errlen)
{
    sp_data_info info;
    char why[300];
    int rc = sp_data_read(f, bo_game_by_name, walk_game, c, &info, why, sizeof why);
    if (c->err[0]) return bo_fail(err, errlen, "%s", c->err);
    if (rc != 0) return bo_fail(err, errlen, "%s", why);
    if (info.problem[0])
        return bo_fail(err, errlen, "%s (%ld bytes not read; a damaged file is refused whole)", info.problem,
                       info.lost_bytes);
    return 0;
}

/* A whole number in S (the rest of a plain line), within LO..HI. */
static bool whole(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno || v < lo || v > hi) return false;
    *out = v;
    return true;
}

/* A plain record's fields, gathered until its "e" line. */
typedef struct plain_rec {
    char fen[1024], move[64];
    long score, ply, result;
    unsigned have;           /* 1 fen, 2 move, 4 score, 8 ply, 16 result */
    long line;               /* where the record began */
} plain_rec;

/* The record ends ("e" at LINE): every field there, the position read, the move legal. */
static int plain_end(walk_ctx *c, plain_rec *rec, long line, char *err, size_t errlen)
{
    static const char *const field[] = {"fen", "move", "score", "ply", "result"};
    for (int i = 0; i < 5; i++)
        if (!(rec->have & (1u << i)))
            return bo_fail(err, errlen, "line %ld: the record from line %ld has no '%s' line", line, rec->line, field[i]);
    const bo_game *g = c->g;
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    char why[200];
    if (g->from_text(pos, c->rules, rec->fen, why, sizeof why) != 0)
        return bo_fail(err, errlen, "line %ld: the position is not a %s position: %s", rec->line, g->name, why);
    bo_move m;
    if (g->move_from_text(pos, rec->move, &m, why, sizeof why) != 0)
        return bo_fail(err, errlen, "line %ld: move '%s': %s", rec->line, rec->move, why);
    sp_data_pos dp = {.pos = pos, .score = (int)rec->score, .best = m, .ply = (int)rec->ply, .result = (int)rec->result,
                      .evaluated = true, .game = -1, .line = rec->line, .rules = c->rules};
    if (c->each(c->ctx, &dp, c->err, sizeof c->err) != 0) return bo_fail(err, errlen, "%s", c->err);
    rec->have = 0;
    return 0;
}

/* The plain text: six lines a record (fen, move, score, ply, result, e). */
static int walk_plain(walk_ctx *c, FILE *f, char *err, size_t errlen)
{
    char buf[1200];
    long line = 0;
    plain_rec rec = {0};
    while (fgets(buf, sizeof buf, f)) {
        line++;
        size_t n = strlen(buf);
        if (n == sizeof buf - 1 && buf[n - 1] != '\n')
            return bo_fail(err, errlen, "line %ld: longer than %zu bytes", line, sizeof buf - 2);
        while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r')) buf[--n] = 0;
        if (n == 0) continue;
        if (rec.have == 0) rec.line = line;
        char *sp = strchr(buf, ' ');
        const char *val = sp ? sp + 1 : "";
        if (sp) *sp = 0;
        long v;
        if (strcmp(buf, "e") == 0 && !sp) {
            if (plain_end(c, &rec, line, err, errlen) != 0) return -1;
        } else if (strcmp(buf, "fen") == 0 && *val) {
            snprintf(rec.fen, sizeof rec.fen, "%s", val);
            rec.have |= 1;
        } else if (strcmp(buf, "move") == 0 && *val && strlen(val) < sizeof rec.move) {
            snprintf(rec.move, sizeof rec.move, "%s", val);
            rec.have |= 2;
        } else if (strcmp(buf, "score") == 0) {
            if (!whole(val, -BO_SCORE_WIN, BO_SCORE_WIN, &v))
                return bo_fail(err, errlen, "line %ld: score takes a whole number of centipawns, not '%s'", line, val);
            rec.score = v;
            rec.have |= 4;
        } else if (strcmp(buf, "ply") == 0) {
            if (!whole(val, 0, INT_MAX, &v))
                return bo_fail(err, errlen, "line %ld: ply takes a whole number 0 or more, not '%s'", line, val);
            rec.ply = v;
            rec.have |= 8;
        } else if (strcmp(buf, "result") == 0) {
            if (!whole(val, -1, 1, &v))
                return bo_fail(err, errlen, "line %ld: result takes 1, 0 or -1, not '%s'", line, val);
            rec.result = v;
            rec.have |= 16;
        } else {
            return bo_fail(err, errlen, "line %ld: '%s' is not a line of the plain format (fen, move, score, ply, "
                           "result, e)", line, buf);
        }
    }
    if (ferror(f)) return bo_fail(err, errlen, "cannot read: %s", strerror(errno));
    if (rec.have) return bo_fail(err, errlen, "line %ld: the record from line %ld ends without its 'e' line", line, rec.line);
    return 0;
}

int sp_data_positions(FILE *f, const bo_game *g, const char *rules, sp_data_pos_fn each, void *ctx, char *err,
                      size_t errlen)
{
    char head[8];
    size_t n = fread(head, 1, sizeof head, f);
    if (ferror(f)) return bo_fail(err, errlen, "cannot read: %s", strerror(errno));
    rewind(f);
    walk_ctx c = {.g = g, .rules = rules, .each = each, .ctx = ctx};
    if (n == sizeof head && memcmp(head, "BOYIDATA", 8) == 0) return walk_bin(&c, f, err, errlen);
    return walk_plain(&c, f, err, errlen);
}

/* A position for training: data.bin's without an evaluation are not (the plain text's
 * all are). */
static int train_take(void *ctx, const sp_data_pos *p, char *err, size_t errlen)
{
    sp_train_reader *r = ctx;
    if (!p->evaluated) return 0;
    if (take(r, p->pos, p->score, p->best, (p->result + 1) / 2.0) != 0) return bo_fail(err, errlen, "out of memory");
    return 0;
}

int sp_train_read_file(sp_train_reader *r, FILE *f, char *err, size_t errlen)
{
    return sp_data_positions(f, r->g, NULL, train_take, r, err, errlen);
}

void sp_weights_write(FILE *f, const bo_eval_model *m, const int *w)
{
    /* a model of many weights (names made from the index: pattern tables) is written
       sparse, its weights that are 0 left out */
    bool sparse = !m->names;
    fprintf(f, "boyi-weights %s%s\n", m->id, sparse ? " sparse" : "");
    char name[64];
    for (int i = 0; i < m->nweights; i++)
        if (!sparse || w[i]) fprintf(f, "%s %d\n", bo_eval_weight_name(m, i, name, sizeof name), w[i]);
}

/* The weight named NAME (LEN bytes, NUL-terminated), or -1. */
static int weight_index(const bo_eval_model *m, const char *name, size_t len)
{
    if (!m->names) return m->weight_index(name);
    for (int i = 0; i < m->nweights; i++)
        if (strlen(m->names[i]) == len && memcmp(m->names[i], name, len) == 0) return i;
    return -1;
}

/* An earlier model's file (OLD) that leaves out some of its weights (OLD->nweights, NOLD
 * given): name the first one missing where the old name is this model's too (a term
 * kept as it was), else say how many were given. */
static int old_missing(const bo_eval_model *m, const bo_eval_old *old, const long *seen, int nold, char *err,
                       size_t errlen)
{
    for (int i = 0; i < m->nweights; i++) {
        char name[64];
        int idx[BO_OLD_WEIGHT_MAX];
        if (!seen[i] && old->weight(bo_eval_weight_name(m, i, name, sizeof name), idx) > 0)
            return bo_fail(err, errlen, "%s is missing (every weight of %s is given)", name, old->id);
    }
    return bo_fail(err, errlen, "%d of the %d weights of %s given (every weight of %s is given)", nold, old->nweights,
                   old->id, old->id);
}

const bo_eval_old *sp_eval_old_model(const bo_eval_model *m, const char *id)
{
    for (int k = 0; k < BO_EVAL_OLD_MAX && m->old[k].id; k++)
        if (strcmp(m->old[k].id, id) == 0) return &m->old[k];
    return NULL;
}

/* "this game's evaluation takes 'ID' (or 'OLD', 'OLDER')" for a file of another model. */
static int other_model(const bo_eval_model *m, long line, const char *id, char *err, size_t errlen)
{
    char also[200] = "";
    size_t at = 0;
    for (int k = 0; k < BO_EVAL_OLD_MAX && m->old[k].id && at < sizeof also; k++)
        at += (size_t)snprintf(also + at, sizeof also - at, "%s'%s'", k ? ", " : " (or ", m->old[k].id);
    if (at && at < sizeof also) snprintf(also + at, sizeof also - at, ")");
    return bo_fail(err, errlen, "line %ld: these are '%s' weights; this game's evaluation takes '%s'%s", line, id, m->id,
                   also);
}

int sp_weights_parse(const char *text, size_t len, const bo_eval_model *m, int *w, char *err, size_t errlen)
{
    long *seen = calloc((size_t)m->nweights, sizeof *seen);   /* the line that set each */
    if (!seen) return bo_fail(err, errlen, "out of memory");
    bool header = false, sparse = false;
    const bo_eval_old *old = NULL;   /* a file of an earlier model: which */
    int nold = 0;   /* the old model's weights the file gave */
    long line = 0;
    int rc = 0;
    for (size_t at = 0; at < len && rc == 0;) {
        const char *s = text + at, *nl = memchr(s, '\n', len - at);
        size_t n = nl ? (size_t)(nl - s) : len - at;
        at += n + 1;
        line++;
        char buf[256];
        if (memchr(s, '\0', n)) { rc = bo_fail(err, errlen, "line %ld: a NUL byte (not a weights file)", line); break; }
        if (n >= sizeof buf) { rc = bo_fail(err, errlen, "line %ld: longer than %zu bytes", line, sizeof buf - 1); break; }
        memcpy(buf, s, n);
        buf[n] = 0;
        char *hash = strchr(buf, '#');
        if (hash) *hash = 0;
        char *save = NULL, *a = strtok_r(buf, " \t\r", &save), *b = a ? strtok_r(NULL, " \t\r", &save) : NULL;
        char *extra = b ? strtok_r(NULL, " \t\r", &save) : NULL;
        if (!a) continue;
        if (!header && b && extra && strcmp(extra, "sparse") == 0 && !strtok_r(NULL, " \t\r", &save)) {
            sparse = true;   /* "boyi-weights ID sparse": the weights not given are 0 */
            extra = NULL;
        }
        if (!b || extra) { rc = bo_fail(err, errlen, "line %ld: expected 'NAME VALUE'", line); break; }
        if (!header) {
            if (strcmp(a, "boyi-weights") != 0)
                rc = bo_fail(err, errlen, "line %ld: a weights file begins 'boyi-weights %s'", line, m->id);
            else if (strcmp(b, m->id) == 0) {}
            else if (!(old = sp_eval_old_model(m, b)))   /* else an earlier model's: its weights set this model's copies */
                rc = other_model(m, line, b, err, errlen);
            header = true;
            continue;
        }
        int idx[BO_OLD_WEIGHT_MAX], nidx = 1;
        if (old) nidx = old->weight(a, idx);
        else idx[0] = weight_index(m, a, strlen(a));
        const char *model = old ? old->id : m->id;
        char *end;
        errno = 0;
        long v = strtol(b, &end, 10);
        if (nidx <= 0 || idx[0] < 0) rc = bo_fail(err, errlen, "line %ld: '%s' is not a weight of %s", line, a, model);
        else if (seen[idx[0]]) rc = bo_fail(err, errlen, "line %ld: %s again (first on line %ld)", line, a, seen[idx[0]]);
        else if (*end || errno || v < -100000 || v > 100000)
            rc = bo_fail(err, errlen, "line %ld: %s takes a whole number -100000..100000, not '%s'", line, a, b);
        else {
            for (int k = 0; k < nidx; k++) { w[idx[k]] = (int)v; seen[idx[k]] = line; }
            nold += old != NULL;
        }
    }
    if (rc == 0 && !header) rc = bo_fail(err, errlen, "no 'boyi-weights %s' line: not a weights file", m->id);
    if (rc == 0 && old && !sparse && nold < old->nweights) rc = old_missing(m, old, seen, nold, err, errlen);
    for (int i = 0; rc == 0 && i < m->nweights; i++)
        if (!seen[i] && (sparse || old)) w[i] = 0;   /* an old file: what no old weight sets is 0 */
        else if (!seen[i]) {
            char name[64];
            rc = bo_fail(err, errlen, "%s is missing (every weight of %s is given)", bo_eval_weight_name(m, i, name, sizeof name),
                         m->id);
        }
    free(seen);
    return rc;
}
