/* game.c -- what the game descriptor shares: the line history that repetition rules
 * read, the table of registered games, and perft through the descriptor.
 *
 * Registering a game is one line in `registry` below (and its descriptor in its own
 * engine folder); nothing above the engines names a game.  A game's own players
 * (bo_player_kind) are found here by the name a spec gives them. */
#include "game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core.h"

extern const bo_game xq_game_desc;
extern const bo_game gm_game_desc;
extern const bo_game dr_game_desc;
extern const bo_game yz_game_desc;
extern const bo_game pg_game_desc;
extern const bo_game ng_game_desc;
extern const bo_game ew_game_desc;
extern const bo_game jq_game_desc;
extern const bo_game tg_game_desc;
/* A build may register one game more (the test build's toy, tests/toy/: tic-tac-toe,
 * docs/adding-a-game.md) by defining bo_game_extra; in every other build this weak
 * reference is NULL and the table holds the nine games. */
extern const bo_game bo_game_extra __attribute__((weak));

static const bo_game *const registry[] = {
    &xq_game_desc,
    &gm_game_desc,
    &dr_game_desc,
    &yz_game_desc,
    &pg_game_desc,
    &ng_game_desc,
    &ew_game_desc,
    &jq_game_desc,
    &tg_game_desc,
    &bo_game_extra,   /* last: NULL but in a build that registers one more (above) */
};

/* The games of this build: the table less its last slot where no game fills it. */
static size_t ngames(void)
{
    size_t n = sizeof registry / sizeof registry[0];
    return n - (registry[n - 1] == NULL);
}

const bo_game *const *bo_games(int *n)
{
    *n = (int)ngames();
    return registry;
}

const bo_game *bo_game_by_name(const char *name)
{
    for (size_t i = 0; i < ngames(); i++)
        if (strcasecmp(registry[i]->name, name) == 0) return registry[i];
    return NULL;
}

/* One allocation up front: search threads push and pop per node and must not
 * allocate there. */
int bo_hist_init(bo_hist *h, int cap)
{
    memset(h, 0, sizeof *h);
    h->hash = malloc((size_t)cap * sizeof *h->hash);
    h->flags = malloc((size_t)cap);
    if (!h->hash || !h->flags) { bo_hist_free(h); return -1; }
    h->cap = cap;
    return 0;
}

void bo_hist_free(bo_hist *h)
{
    free(h->hash);
    free(h->flags);
    memset(h, 0, sizeof *h);
}

void bo_hist_reset(bo_hist *h, uint64_t start_hash)
{
    h->n = 0;
    h->overflow = 0;
    if (h->cap < 1) return;
    h->hash[0] = start_hash;
    h->flags[0] = BO_PLY_IRREVERSIBLE;
    h->n = 1;
}

/* Past its room the line keeps counting, so that pops stay paired with pushes. */
void bo_hist_push(bo_hist *h, uint64_t hash, uint8_t flags)
{
    if (h->n >= h->cap || h->overflow) { h->overflow++; return; }
    h->hash[h->n] = hash;
    h->flags[h->n] = flags;
    h->n++;
}

void bo_hist_pop(bo_hist *h)
{
    if (h->overflow) { h->overflow--; return; }
    if (h->n > 1) h->n--;
}

/* Only positions since the last irreversible move can repeat the current one, so the
 * scan stops there: repetition checks stay short in long games. */
int bo_hist_repeats(const bo_hist *h, int *first)
{
    if (!h || h->n < 1 || h->overflow) { if (first) *first = h && h->n ? h->n - 1 : 0; return 1; }
    int last = h->n - 1, count = 1, at = last;
    uint64_t key = h->hash[last];
    for (int i = last; i > 0 && !(h->flags[i] & BO_PLY_IRREVERSIBLE); i--)
        if (h->hash[i - 1] == key) { count++; at = i - 1; }
    if (first) *first = at;
    return count;
}

uint64_t bo_game_perft(const bo_game *g, void *pos, int depth)
{
    bo_move moves[BO_MOVES_MAX];
    BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
    if (depth == 0) return 1;
    if (g->to_move(pos) == BO_PLAYER_TERMINAL) return 0;
    int n = g->legal(pos, moves);
    if (depth == 1) return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        g->play(pos, moves[i], undo, NULL);
        total += bo_game_perft(g, pos, depth - 1);
        g->unplay(pos, moves[i], undo, NULL);
    }
    return total;
}

/* Probing: with every weight 0 but one at BO_FEATURE_PROBE, the evaluation less the
 * all-zero one is that weight's feature times the probe; the probe is a power of two
 * large enough that the evaluations' integer divisions (phase shares) divide evenly. */
int bo_eval_features(const bo_game *g, const void *pos, int *scratch, bo_feature *out)
{
    const bo_eval_model *m = g->eval_model;
    if (!m) return -1;
    if (m->features) return m->features(pos, out);
    memset(scratch, 0, (size_t)m->nweights * sizeof *scratch);
    int base = m->evaluate_with(pos, scratch), n = 0;
    for (int i = 0; i < m->nweights; i++) {
        scratch[i] = BO_FEATURE_PROBE;
        int v = m->evaluate_with(pos, scratch) - base;
        scratch[i] = 0;
        if (v) out[n++] = (bo_feature){i, (float)v / BO_FEATURE_PROBE};
    }
    return n;
}

const char *bo_eval_weight_name(const bo_eval_model *m, int i, char *buf, size_t n)
{
    if (m->names) snprintf(buf, n, "%s", m->names[i]);
    else m->weight_name(i, buf, n);
    return buf;
}

const bo_player_kind *bo_player_kind_find(const bo_game *g, const char *name)
{
    for (const bo_player_kind *k = g->player_kinds; k && k->name; k++)
        if (strcmp(k->name, name) == 0) return k;
    return NULL;
}

/* Each KEY=VALUE word of TEXT (spaces or commas apart) to KIND's option(), but those
 * whose key is in SKIP; WHO names the text in an error. */
static int kind_words(const bo_player_kind *kind, const char *text, const char *who, const char *const *skip,
                      void *params, char *err, size_t errlen)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", text);
    char *save = NULL;
    for (char *w = strtok_r(buf, " ,", &save); w; w = strtok_r(NULL, " ,", &save)) {
        char *eq = strchr(w, '=');
        if (!eq) return bo_fail(err, errlen, "%s: '%s' is not KEY=VALUE (%s takes %s)", who, w, kind->name, kind->options);
        *eq = 0;
        bool skipped = false;
        for (int i = 0; skip && skip[i] && !skipped; i++) skipped = strcmp(skip[i], w) == 0;
        if (skipped) continue;
        char why[200];
        if (kind->option(params, w, eq + 1, why, sizeof why) != 0)
            return bo_fail(err, errlen, "%s: %s (%s takes %s)", who, why, kind->name, kind->options);
    }
    return 0;
}

int bo_player_kind_parse(const bo_game *g, const char *spec, const char *preset, const char *const *skip,
                         const bo_player_kind **kind, void *params, char *err, size_t errlen)
{
    if (!spec) return 0;
    size_t lead = strspn(spec, " ,"), len = strcspn(spec + lead, " ,");
    char first[64];
    if (len == 0 || len >= sizeof first) return 0;
    memcpy(first, spec + lead, len);
    first[len] = 0;
    const bo_player_kind *k = bo_player_kind_find(g, first);
    if (!k) return 0;
    char who[300];
    memset(params, 0, BO_PLAYER_PARAMS);
    k->defaults(params);
    if (preset && kind_words(k, preset, "the command line's limits", skip, params, err, errlen) != 0) return -1;
    snprintf(who, sizeof who, "player '%.250s'", spec);
    if (kind_words(k, spec + lead + len, who, skip, params, err, errlen) != 0) return -1;
    *kind = k;
    return 1;
}
