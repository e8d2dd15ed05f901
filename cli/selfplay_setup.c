/* selfplay_setup.c -- the openings and adjudication rules of `boyi selfplay` and
 * `boyi match`, read and checked before the first game, so that a bad line is reported
 * with its number and nothing is played from it.
 *
 * The openings file: one opening a line, "POSITION", "POSITION | M1 M2 ..." or
 * "moves M1 M2 ..." (from the rules' start); blank lines and '#' comments skipped.
 * A record file of the game (PGN, PDN, contest records) is taken instead where the
 * game's front end sniffs one: each game an opening, its start and its first
 * --opening-plies moves.  Apart from cmd_selfplay.c, which runs the batch, because
 * these are formats, not the running of games. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "selfplay_setup.h"

/* "max_plies=400 draw_plies=80 draw_moves=8 draw_score=10 resign_moves=3 resign_score=800". */
int bo_sp_parse_adjudication(const char *spec, sp_adjudication *a, char *err, size_t errlen)
{
    if (!spec) return 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", spec);
    char *save = NULL;
    for (char *w = strtok_r(buf, " ,", &save); w; w = strtok_r(NULL, " ,", &save)) {
        char *eq = strchr(w, '=');
        char *end;
        long v = eq ? strtol(eq + 1, &end, 10) : -1;
        if (!eq || *end || end == eq + 1 || v < 0 || v > 100000)
            return snprintf(err, errlen, "--adjudicate: '%s' is not KEY=NUMBER", w), -1;
        *eq = 0;
        if (strcmp(w, "max_plies") == 0) a->max_plies = (int)v;
        else if (strcmp(w, "draw_plies") == 0) a->draw_plies = (int)v;
        else if (strcmp(w, "draw_moves") == 0) a->draw_moves = (int)v;
        else if (strcmp(w, "draw_score") == 0) a->draw_score = (int)v;
        else if (strcmp(w, "resign_moves") == 0) a->resign_moves = (int)v;
        else if (strcmp(w, "resign_score") == 0) a->resign_score = (int)v;
        else return snprintf(err, errlen, "--adjudicate: unknown key '%s' (max_plies, draw_plies, draw_moves, draw_score, resign_moves, resign_score)", w), -1;
    }
    if (a->resign_moves > 0 && a->resign_score <= 0)
        return snprintf(err, errlen, "--adjudicate: resign_moves needs resign_score"), -1;
    return 0;
}

/* Everything the openings point into: the lines read, their words and what records gave. */
void bo_sp_openings_free(bo_sp_openings *op)
{
    free(op->items);
    free(op->text);
    free(op->words);
    for (int i = 0; i < op->nowned; i++) free(op->owned[i]);
    free(op->owned);
}

/* Hand P (malloc'd) to OP, which frees it; P itself, or NULL (P freed) when out of memory. */
static void *keep(bo_sp_openings *op, void *p)
{
    if (!p) return NULL;
    if (op->nowned == op->ownedcap) {
        int cap = op->ownedcap ? op->ownedcap * 2 : 256;
        char **np = realloc(op->owned, (size_t)cap * sizeof *np);
        if (!np) { free(p); return NULL; }
        op->owned = np;
        op->ownedcap = cap;
    }
    op->owned[op->nowned++] = p;
    return p;
}

/* A copy of S that OP frees; NULL when out of memory. */
static char *own(bo_sp_openings *op, const char *s) { return keep(op, strdup(s)); }

/* take_record's state over one openings file read as records. */
typedef struct record_openings {
    bo_sp_openings *op;
    const bo_game *g;
    int plies;                 /* moves kept from each record (0: all) */
    long skipped;
    int oom;
} record_openings;

/* One record of an openings file: its start and its first moves (up to a fault). */
static int take_record(void *vctx, const bo_cli_game_rec *r)
{
    record_openings *c = vctx;
    bo_sp_openings *op = c->op;
    const bo_game *g = c->g;
    if (r->v->status != BO_VERDICT_OK && r->nmoves == 0) { c->skipped++; return 0; }
    int n = c->plies > 0 && c->plies < r->nmoves ? c->plies : r->nmoves;
    if (op->n == op->cap) {
        int cap = op->cap ? op->cap * 2 : 64;
        sp_opening *it = realloc(op->items, (size_t)cap * sizeof *it);
        if (!it) { c->oom = 1; return 1; }
        op->items = it;
        op->cap = cap;
    }
    char **moves = n ? calloc((size_t)n, sizeof *moves) : NULL;
    char text[BO_POS_MAX];
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(pos, r->start, g->pos_size);
    g->to_text(pos, text, sizeof text);
    sp_opening *o = &op->items[op->n];
    o->position = own(op, text);
    for (int i = 0; i < n && moves; i++) {
        char mt[64];
        if (g->move_to_text(pos, r->moves[i], mt, sizeof mt) != 0) { n = i; break; }
        moves[i] = own(op, mt);
        if (!moves[i]) { c->oom = 1; break; }
        g->play(pos, r->moves[i], undo, NULL);
    }
    if ((n && !moves) || !o->position || c->oom || (moves && !keep(op, moves))) {
        if (c->oom || !o->position) free(moves);
        c->oom = 1;
        return 1;
    }
    o->moves = (const char *const *)moves;
    o->nmoves = n;
    op->n++;
    return 0;
}

/* Does T hold NEEDLE anywhere? */
static bool contains(const bo_text *t, const char *needle)
{
    size_t k = strlen(needle);
    for (size_t i = 0; i + k <= t->len; i++)
        if (memcmp(t->data + i, needle, k) == 0) return true;
    return false;
}

/* Openings from a record file of the game (PGN, PDN, contest records): each game is
 * one opening, its start position and its first PLIES moves. 1 when PATH is not such
 * a file (then it is read as lines), 0 when read, -1 with err. */
static int record_openings_load(const bo_opts *o, const bo_game_cli *gc, const bo_game *g, const char *path,
                                bo_sp_openings *op, char *err, size_t errlen)
{
    if (!(gc->records && gc->records->sniff) || !bo_cli_can_replay(gc)) return 1;
    bo_text t;
    if (bo_text_load_enc(&t, path, o->encoding, err, errlen) != 0) return -1;
    bo_cli_text_warnings(&t);
    /* An openings list ("moves ..." or "POSITION | ..." lines) is no record file, even
     * where its moves look like a game's move list to the sniffer. */
    bool listed = (t.len >= 6 && memcmp(t.data, "moves ", 6) == 0) || contains(&t, "\nmoves ") || contains(&t, " | ");
    if (listed || bo_cli_sniff(gc, &t) < 50) { bo_text_free(&t); return 1; }
    record_openings c = {.op = op, .g = g, .plies = o->opening_plies};
    int rc = bo_cli_replay(gc, o, &t, take_record, &c, err, errlen);
    bo_text_free(&t);
    if (c.oom) return snprintf(err, errlen, "out of memory"), -1;
    if (rc != 0) return -1;
    if (c.skipped) fprintf(stderr, "boyi: %s: %ld game%s that could not be replayed not used as openings\n", path,
                           c.skipped, c.skipped == 1 ? "" : "s");
    if (op->n == 0) return snprintf(err, errlen, "%s: no game to open from", path), -1;
    return 0;
}

/* The openings file read as lines, every opening checked (the file comment). */
static int load_openings(const char *path, const bo_game *g, const char *rules, bo_sp_openings *op, char *err, size_t errlen)
{
    memset(op, 0, sizeof *op);
    FILE *f = fopen(path, "re");
    if (!f) return snprintf(err, errlen, "%.1000s: cannot read: %s", path, strerror(errno)), -1;
    size_t cap = 0, len = 0;
    char *line = NULL;
    ssize_t n;
    while ((n = getline(&line, &cap, f)) > 0) len += (size_t)n + 1;
    rewind(f);
    op->text = malloc(len + 1);
    op->items = calloc(len / 2 + 1, sizeof *op->items);
    op->words = calloc(len / 2 + 1, sizeof *op->words);
    if (!op->text || !op->items || !op->words) { free(line); fclose(f); return snprintf(err, errlen, "out of memory"), -1; }
    char *t = op->text;
    int lineno = 0, nwords = 0;
    while ((n = getline(&line, &cap, f)) > 0) {
        lineno++;
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) line[--n] = 0;
        char *s = line;
        while (*s == ' ' || *s == '\t') s++;
        if (!*s || *s == '#') continue;
        memcpy(t, s, strlen(s) + 1);
        sp_opening *o = &op->items[op->n];
        char *bar = strchr(t, '|'), *mv = NULL;
        if (strncmp(t, "moves ", 6) == 0) mv = t + 6;
        else {
            o->position = t;
            if (bar) { *bar = 0; mv = bar + 1; for (char *e = bar - 1; e >= t && *e == ' '; e--) *e = 0; }
        }
        o->moves = (const char *const *)&op->words[nwords];
        char *save = NULL;
        for (char *w = mv ? strtok_r(mv, " \t", &save) : NULL; w; w = strtok_r(NULL, " \t", &save))
            op->words[nwords++] = w, o->nmoves++;
        t += strlen(s) + 1;
        /* Check the opening now: its position and every move must be legal. */
        BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
        char e[256];
        int bad = o->position ? g->from_text(pos, rules, o->position, e, sizeof e) : g->start(pos, rules, e, sizeof e);
        for (int i = 0; !bad && i < o->nmoves; i++) {
            bo_move m;
            bad = g->move_from_text(pos, o->moves[i], &m, e, sizeof e);
            if (!bad) g->play(pos, m, undo, NULL);
        }
        if (bad) { free(line); fclose(f); return snprintf(err, errlen, "%s:%d: bad opening: %s", path, lineno, e), -1; }
        op->n++;
    }
    free(line);
    fclose(f);
    if (op->n == 0) return snprintf(err, errlen, "%s: no opening in the file", path), -1;
    return 0;
}

int bo_sp_openings_load(const bo_opts *o, const bo_game_cli *gc, const bo_game *g, bo_sp_openings *op, char *err,
                        size_t errlen)
{
    memset(op, 0, sizeof *op);
    if (!o->openings) return 0;
    int rc = record_openings_load(o, gc, g, o->openings, op, err, errlen);
    if (rc == 1) rc = load_openings(o->openings, g, o->rules, op, err, errlen);
    return rc;
}
