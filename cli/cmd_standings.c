/* cmd_standings.c -- `boyi standings`: judge a tournament's logs into standings and
 * a crosstable.
 *
 * Every file is validated as `boyi validate` does (any game, any format).  Each
 * game's score then comes from the rules, not from the log: the result the moves
 * establish; where the log's claim or end is wrong, the result the rules give; an
 * illegal move loses for the side that played it (the contests' rule); a game the
 * board leaves unfinished keeps the result its log claims (resignations, time,
 * adjudication).  Every score that differs from the log's claim is listed with its
 * reason, and every game that cannot be scored (unreadable, no players, no result)
 * is listed and left out.
 *
 * Ranking: points, then Sonneborn-Berger (the sum, over a player's games, of the
 * opponent's points times the score made against them), then wins, then the name.
 * With --matches the games between the same two players form one match (EWN's
 * first-to-4 and other multi-game pairings): a match is won by the higher game score
 * (1, ½ or 0 match points) and the ranking counts match points first.
 * This file reads, scores and ranks; standings_out.c prints (text, JSON, HTML). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "game.h"
#include "standings.h"

/* Grow an array of ELEM-byte items to hold one more; false when out of memory. */
static bool grow(void **items, int *cap, int n, size_t elem)
{
    if (n < *cap) return true;
    int nc = *cap ? 2 * *cap : 32;
    void *p = realloc(*items, (size_t)nc * elem);
    if (!p) return false;
    *items = p;
    *cap = nc;
    return true;
}

static char *dup_s(st_standings *s, const char *t)
{
    char *d = strdup(t ? t : "");
    if (!d) s->oom = true;
    return d;
}

/* The index of the player called NAME, added when new. */
static int player_index(st_standings *s, const char *name)
{
    for (int i = 0; i < s->nplayers; i++)
        if (strcmp(s->players[i].name, name) == 0) return i;
    if (!grow((void **)&s->players, &s->capp, s->nplayers, sizeof *s->players)) { s->oom = true; return -1; }
    st_player *p = &s->players[s->nplayers];
    memset(p, 0, sizeof *p);
    p->name = dup_s(s, name);
    return s->nplayers++;
}

/* Player 0's score in a result text ("1-0", "0-1", "1/2-1/2", PDN "2-0", "1-1",
 * "0-0"): 1, 0.5 or 0; -1 for "*" or anything unreadable.  Both losing (a PDN
 * "0-0") scores 0 for both, which a crosstable cannot hold: -2. */
static double score_of(const char *r)
{
    if (!r) return -1;
    double a, b;
    char sep;
    if (strcmp(r, "1/2-1/2") == 0) return 0.5;
    if (sscanf(r, "%lf%c%lf", &a, &sep, &b) != 3 || sep != '-') return -1;
    if (a > b) return 1;
    if (a < b) return 0;
    return a > 0 ? 0.5 : -2;
}

static const char *score_text(double s0)
{
    return s0 == 1 ? "1-0" : s0 == 0 ? "0-1" : "1/2-1/2";
}

static void add_note(st_standings *s, st_note **list, int *n, int *cap, const bo_verdict *v, const char *claimed,
                     const char *used, const char *reason)
{
    if (!grow((void **)list, cap, *n, sizeof **list)) { s->oom = true; return; }
    st_note *e = &(*list)[(*n)++];
    e->file = dup_s(s, v->file);
    e->game = v->game;
    e->claimed = dup_s(s, claimed ? claimed : "none");
    e->used = dup_s(s, used ? used : "");
    e->reason = dup_s(s, reason);
}

/* The player that played SIDE ("red", "black", ...): 0 or 1 by the game's player
 * names, -1 if the side is not named. */
static int side_player(const bo_opts *o, const char *side)
{
    if (!side) return -1;
    int n;
    const bo_game *const *all = bo_games(&n);
    const bo_game *only = o->game ? bo_game_by_name(bo_cli_game_find(o->game)->name) : NULL;
    for (int i = 0; i < n; i++) {
        if (only && all[i] != only) continue;
        for (int k = 0; k < 2; k++)
            if (all[i]->player_names[k] && strcmp(all[i]->player_names[k], side) == 0) return k;
    }
    return -1;
}

/* Decide one game's score by the rules; return it (player 0's view) or -1 with
 * *why saying why the game cannot be scored; *fix is set when the score is not
 * the log's claim. */
static double judge(const bo_opts *o, const bo_verdict *v, char *why, size_t n, bool *fix)
{
    *fix = false;
    double claimed = score_of(v->claimed);
    double s = v->status == BO_VERDICT_OK ? score_of(v->result) : -1;
    if (s >= 0) {
        if (v->claimed && claimed != s) { *fix = true; snprintf(why, n, "%s", v->ending ? v->ending : "the moves' result"); }
        return s;
    }
    if (v->status == BO_VERDICT_INVALID) {
        double r = score_of(v->rules_result);
        if (r >= 0) {
            *fix = claimed != r;
            snprintf(why, n, "%s: %s", v->kind, v->message ? v->message : "");
            return r;
        }
        int offender = side_player(o, v->side);
        if (v->kind && strcmp(v->kind, "illegal") == 0 && offender >= 0) {
            *fix = claimed != (offender == 0 ? 0 : 1);
            snprintf(why, n, "an illegal move loses: move %d (%s) %s: %s", v->move_no, v->side,
                     v->move_text ? v->move_text : "", v->message ? v->message : "");
            return offender == 0 ? 0 : 1;
        }
        snprintf(why, n, "%s: %s", v->kind ? v->kind : "invalid", v->message ? v->message : "");
        return -1;
    }
    if (v->status == BO_VERDICT_SKIPPED) {
        snprintf(why, n, "skipped: %s", v->message ? v->message : "");
        return -1;
    }
    if (claimed >= 0) return claimed;   /* not over on the board: the log's word stands */
    if (claimed == -2) snprintf(why, n, "the log scores it as lost by both players, which standings cannot hold");
    else snprintf(why, n, "the game is not over on the board and its log claims no result");
    return -1;
}

static void on_verdict(void *ctx, const bo_verdict *v)
{
    st_standings *s = ctx;
    char why[1024];
    bool fix;
    const char *p0 = v->players[0], *p1 = v->players[1];
    if (!p0 || !*p0 || !p1 || !*p1 || strcmp(p0, "?") == 0 || strcmp(p1, "?") == 0) {
        add_note(s, &s->unjudged, &s->nunjudged, &s->capu, v, v->claimed, NULL, "the log does not name both players");
        return;
    }
    if (strcmp(p0, p1) == 0) {
        add_note(s, &s->unjudged, &s->nunjudged, &s->capu, v, v->claimed, NULL, "a player against itself");
        return;
    }
    double sc = judge(s->o, v, why, sizeof why, &fix);
    if (sc < 0) {
        add_note(s, &s->unjudged, &s->nunjudged, &s->capu, v, v->claimed, NULL, why);
        return;
    }
    if (fix) add_note(s, &s->fixes, &s->nfixes, &s->capf, v, v->claimed, score_text(sc), why);
    if (!grow((void **)&s->games, &s->capg, s->ngames, sizeof *s->games)) { s->oom = true; return; }
    st_game *g = &s->games[s->ngames];
    g->file = dup_s(s, v->file);
    g->game = v->game;
    g->p[0] = player_index(s, p0);
    g->p[1] = player_index(s, p1);
    g->score0 = sc;
    if (g->p[0] < 0 || g->p[1] < 0) return;
    s->ngames++;
}

/* PLAYER's score against OPP over all their games (-1: they did not meet). */
double st_score_against(const st_standings *s, int player, int opp, int *met)
{
    double sum = 0;
    *met = 0;
    for (int i = 0; i < s->ngames; i++) {
        const st_game *g = &s->games[i];
        if (g->p[0] == player && g->p[1] == opp) { sum += g->score0; (*met)++; }
        else if (g->p[1] == player && g->p[0] == opp) { sum += 1 - g->score0; (*met)++; }
    }
    return sum;
}

/* Points, results and Sonneborn-Berger from the games (or from the matches). */
static void tally(st_standings *s, bool matches)
{
    for (int i = 0; i < s->nplayers; i++) {
        st_player *p = &s->players[i];
        for (int j = 0; j < s->nplayers; j++) {
            int met;
            double sc = st_score_against(s, i, j, &met);
            if (!met || i == j) continue;
            p->game_points += sc;
            if (matches) {
                double ms = sc * 2 > met ? 1 : sc * 2 < met ? 0 : 0.5;
                p->points += ms;
                p->games++;
                p->wins += ms == 1;
                p->draws += ms == 0.5;
                p->losses += ms == 0;
            } else {
                p->points += sc;
                p->games += met;
            }
        }
        if (!matches)
            for (int k = 0; k < s->ngames; k++) {
                const st_game *g = &s->games[k];
                int side = g->p[0] == i ? 0 : g->p[1] == i ? 1 : -1;
                if (side < 0 || g->p[0] == g->p[1]) continue;
                double sc = side == 0 ? g->score0 : 1 - g->score0;
                p->wins += sc == 1;
                p->draws += sc == 0.5;
                p->losses += sc == 0;
            }
    }
    for (int i = 0; i < s->nplayers; i++)
        for (int j = 0; j < s->nplayers; j++) {
            int met;
            if (i == j) continue;
            double sc = st_score_against(s, i, j, &met);
            if (!met) continue;
            double got = matches ? (sc * 2 > met ? 1 : sc * 2 < met ? 0 : 0.5) : sc;
            s->players[i].sb += got * s->players[j].points;
        }
}

static int by_rank(const void *a, const void *b)
{
    const st_player *x = a, *y = b;
    if (x->points != y->points) return x->points < y->points ? 1 : -1;
    if (x->sb != y->sb) return x->sb < y->sb ? 1 : -1;
    if (x->wins != y->wins) return y->wins - x->wins;
    return strcmp(x->name, y->name);
}

static void free_notes(st_note *l, int n)
{
    for (int i = 0; i < n; i++) { free(l[i].file); free(l[i].claimed); free(l[i].used); free(l[i].reason); }
    free(l);
}

static void free_standings(st_standings *s)
{
    for (int i = 0; i < s->ngames; i++) free(s->games[i].file);
    free(s->games);
    free_notes(s->fixes, s->nfixes);
    free_notes(s->unjudged, s->nunjudged);
    for (int i = 0; i < s->nplayers; i++) free(s->players[i].name);
    free(s->players);
}

/* After sorting, the games' player indices must follow their players. */
static void sort_players(st_standings *s)
{
    if (s->nplayers < 2) return;   /* nothing to order (and no array at all with none) */
    size_t np = (size_t)s->nplayers;
    int *order = malloc(np * sizeof *order);
    char **names = malloc(np * sizeof *names);
    if (!order || !names) { free(order); free(names); s->oom = true; return; }
    for (int i = 0; i < s->nplayers; i++) names[i] = s->players[i].name;
    qsort(s->players, np, sizeof *s->players, by_rank);
    for (int i = 0; i < s->nplayers; i++)
        for (int j = 0; j < s->nplayers; j++)
            if (s->players[j].name == names[i]) order[i] = j;
    for (int k = 0; k < s->ngames; k++) {
        s->games[k].p[0] = order[s->games[k].p[0]];
        s->games[k].p[1] = order[s->games[k].p[1]];
    }
    free(order);
    free(names);
}

/* A game of file K of the standings, to the caller's hook. */
typedef struct bo_cli_file_game {
    bo_cli_file_game_hook hook;
    void *ctx;
    int file;
} bo_cli_file_game;

static int file_game(void *ctx, const bo_game_cli *gc, const bo_rec_game *g, int game0)
{
    const bo_cli_file_game *at = ctx;
    return at->hook(at->ctx, at->file, gc, g, game0);
}

int bo_cmd_standings(const bo_opts *o)
{
    if (o->nargs == 0) {
        bo_cli_error(NULL, 0, 0, "standings needs the tournament's log files");
        return BO_EXIT_USAGE;
    }
    return bo_cli_standings(o, (const char *const *)o->args, o->nargs, stdout, false);
}

int bo_cli_standings(const bo_opts *o, const char *const *paths, int npaths, FILE *out, bool html)
{
    return bo_cli_standings_games(o, paths, npaths, out, html, NULL, NULL, NULL);
}

int bo_cli_standings_games(const bo_opts *o, const char *const *paths, int npaths, FILE *out, bool html,
                           bo_cli_file_game_hook hook, void *ctx, bool *by_records)
{
    st_standings s = {.o = o};
    bo_verdict_sink sink = {on_verdict, bo_warning_ignore, &s};
    bool unreadable = false;
    long files = 0;
    for (int i = 0; i < npaths; i++) {
        bo_cli_file_game at = {hook, ctx, i};
        if (bo_cli_validate_file_games(o, paths[i], &sink, &files, hook ? file_game : NULL, &at,
                                       by_records ? &by_records[i] : NULL) != 0)
            unreadable = true;
    }
    bool matches = o->matches;
    tally(&s, matches);
    sort_players(&s);
    if (s.oom) {
        bo_cli_error(NULL, 0, 0, "out of memory");
        free_standings(&s);
        return BO_EXIT_USAGE;
    }
    if (html) st_print_html(&s, matches, out);
    else if (o->json) st_print_json(&s, matches, out);
    else st_print_text(&s, matches, out);
    int rc = unreadable ? BO_EXIT_USAGE : (s.nfixes || s.nunjudged) ? BO_EXIT_INVALID : BO_EXIT_OK;
    free_standings(&s);
    return rc;
}
