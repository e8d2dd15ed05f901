/* cmd_stats.c -- `boyi stats`: the statistics of a batch of games, as fishtest computes
 * them (selfplay/sp_stats.h): from bare counts (--penta, --wdl) or, later, from a
 * finished batch's output. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sp_journal.h"
#include "sp_stats.h"
#include "sp_tally.h"

static const char *state_name(sp_sprt_state s)
{
    return s == SP_SPRT_ACCEPT_H1 ? "H1 accepted" : s == SP_SPRT_ACCEPT_H0 ? "H0 accepted" : "continue";
}

/* The figures every form prints after its counts: the plain SCORE (W + D/2 over the
 * games, never the regularised mean), Elo, LOS, normalised Elo and the SPRT.  J is the
 * JSON object being written, NULL for text. */
static void print_figures(bo_json *j, double score, const sp_summary *s, const sp_sprt *t, const sp_sprt_result *r)
{
    if (j) {
        bo_json_num(j, "score", score, 6);
        bo_json_num(j, "elo", s->elo, 4);
        bo_json_num(j, "elo95", s->elo95, 4);
        bo_json_num(j, "los", s->los, 6);
        bo_json_num(j, "nelo", s->nelo, 4);
        bo_json_num(j, "nelo95", s->nelo95, 4);
        if (t) {
            bo_json_num(j, "llr", r->llr, 6);
            bo_json_num(j, "lower_bound", r->lower, 6);
            bo_json_num(j, "upper_bound", r->upper, 6);
            bo_json_num(j, "elo0", t->elo0, 4);
            bo_json_num(j, "elo1", t->elo1, 4);
            bo_json_str(j, "model", t->model == SP_MODEL_NORMALIZED ? "normalized" : "logistic");
            bo_json_str(j, "sprt", r->state == SP_SPRT_ACCEPT_H1 ? "H1" : r->state == SP_SPRT_ACCEPT_H0 ? "H0" : "continue");
        }
        return;
    }
    printf("score %.2f%%\n", 100 * score);
    printf("elo %.2f +/- %.2f (95%%)  los %.2f%%\n", s->elo, s->elo95, 100 * s->los);
    printf("nelo %.2f +/- %.2f (95%%)\n", s->nelo, s->nelo95);
    if (t)
        printf("sprt elo0=%g elo1=%g (%s): llr %.3f [%.3f, %.3f] %s\n", t->elo0, t->elo1,
               t->model == SP_MODEL_NORMALIZED ? "normalized" : "logistic", r->llr, r->lower, r->upper,
               state_name(r->state));
}

/* The five pair counts, named. */
static void print_penta(bo_json *j, const double *c)
{
    if (j) {
        fputs(",\"pentanomial\":[", j->f);
        for (int i = 0; i < 5; i++) fprintf(j->f, "%s%.0f", i ? "," : "", c[i]);
        fputc(']', j->f);
        return;
    }
    printf("pairs %.0f: LL %.0f  LD %.0f  DD+WL %.0f  WD %.0f  WW %.0f\n", c[0] + c[1] + c[2] + c[3] + c[4], c[0], c[1],
           c[2], c[3], c[4]);
}

/* Bare counts K (and the test T, when given) as text or one JSON object: W/D/L with
 * the draws per game, or the pairs by the pentanomial (whose draws per game are not
 * known: DD and WL share a count). */
static void print_stats(const bo_opts *o, const sp_counts *k, const sp_summary *s, const sp_sprt *t,
                        const sp_sprt_result *r)
{
    bo_json j;
    double games = s->games, score = s->score;
    if (o->json) {
        bo_json_begin(&j, stdout);
        bo_json_num(&j, "games", games, 0);
        if (k->n == 5) {
            bo_json_num(&j, "pairs", games / 2, 0);
            print_penta(&j, k->c);
        } else {
            printf(",\"wins\":%.0f,\"draws\":%.0f,\"losses\":%.0f", k->c[2], k->c[1], k->c[0]);
            bo_json_num(&j, "draws_per_game", k->c[1] / games, 6);
        }
    } else if (k->n == 5) {
        printf("games %.0f  ", games);
        print_penta(NULL, k->c);
    } else {
        printf("games %.0f  +%.0f =%.0f -%.0f  draws per game %.2f%%\n", games, k->c[2], k->c[1], k->c[0],
               100 * k->c[1] / games);
    }
    print_figures(o->json ? &j : NULL, score, s, t, r);
    if (o->json) bo_json_end(&j);
}

typedef struct game_result {
    long index;
    double score_first;
    int plies;
    char *reason;
    uint64_t key;              /* start and moves (sp_game_key): repeated games */
} game_result;

static int by_index(const void *a, const void *b)
{
    long x = ((const game_result *)a)->index, y = ((const game_result *)b)->index;
    return x < y ? -1 : x > y;
}

/* The finished games of self-play folders DIRS (their journals), in index order; a
 * game present in several folders counts once. */
static int tally_dirs(char **dirs, int n, sp_tally *t, sp_seen *seen, char ***reasons, long *nreasons, char *err,
                      size_t errlen)
{
    game_result *g = NULL;
    long ng = 0, cap = 0;
    int rc = 0;
    for (int d = 0; d < n && rc == 0; d++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/journal.tsv", dirs[d]);
        FILE *f = fopen(path, "r");
        if (!f) { snprintf(err, errlen, "%.1000s: cannot read: %s (a boyi selfplay folder?)", path, strerror(errno)); rc = -1; break; }
        char *line = NULL;
        size_t lcap = 0;
        ssize_t len;
        int lineno = 0;
        while ((len = getline(&line, &lcap, f)) > 0 && line[len - 1] == '\n') {
            lineno++;
            sp_entry e;
            char perr[200];
            if (sp_journal_parse(line, (size_t)len, &e, perr, sizeof perr) != 0) {
                snprintf(err, errlen, "%.900s:%d: %.150s", path, lineno, perr);
                rc = -1;
                break;
            }
            if (ng == cap) {
                cap = cap ? cap * 2 : 1024;
                game_result *ng2 = realloc(g, (size_t)cap * sizeof *g);
                if (!ng2) { sp_entry_free(&e); snprintf(err, errlen, "out of memory"); rc = -1; break; }
                g = ng2;
            }
            g[ng++] = (game_result){e.index, e.score_first, e.nmoves, strdup(e.reason),
                                    sp_game_key(e.start, (const char *const *)e.moves, e.nmoves)};
            sp_entry_free(&e);
        }
        free(line);
        fclose(f);
    }
    if (rc == 0) {
        qsort(g, (size_t)ng, sizeof *g, by_index);
        for (long i = 0; i < ng; i++)
            if (i == 0 || g[i].index != g[i - 1].index) {
                sp_tally_add(t, g[i].index, g[i].score_first, g[i].reason ? g[i].reason : "?", g[i].plies);
                if (sp_seen_add(seen, g[i].key) < 0 && rc == 0) { snprintf(err, errlen, "out of memory"); rc = -1; }
            }
    }
    /* The tally keeps pointers to the reason strings: the caller frees them after. */
    *reasons = malloc((size_t)(ng ? ng : 1) * sizeof **reasons);
    *nreasons = 0;
    for (long i = 0; i < ng; i++) {
        if (*reasons) (*reasons)[(*nreasons)++] = g[i].reason;
        else free(g[i].reason);
    }
    free(g);
    return rc;
}

/* Why the games ended, and how long they were. */
static void print_tally_extras(const bo_opts *o, const sp_tally *t)
{
    if (o->json) return;
    printf("first player score %.2f%%  length min %ld max %ld mean %.1f plies\nreasons:", 100 * t->first_points / (double)t->games,
           t->length_min, t->length_max, t->length_sum / (double)t->games);
    for (int i = 0; i < t->nreasons; i++) printf(" %s %ld%s", t->reasons[i].name, t->reasons[i].count, i + 1 < t->nreasons ? "," : "");
    putchar('\n');
}

/* The players' names from DIR/batch.txt ("name A ..." lines), else "A" and "B". */
static void batch_names(const char *dir, char names[2][128])
{
    snprintf(names[0], sizeof names[0], "A");
    snprintf(names[1], sizeof names[1], "B");
    char path[4096], line[512];
    snprintf(path, sizeof path, "%s/batch.txt", dir);
    FILE *f = fopen(path, "r");
    if (!f) return;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (strncmp(line, "name A ", 7) == 0) snprintf(names[0], sizeof names[0], "%.127s", line + 7);
        if (strncmp(line, "name B ", 7) == 0) snprintf(names[1], sizeof names[1], "%.127s", line + 7);
    }
    fclose(f);
}

/* The statistics of a tally of self-play folders: the players by name, the games as
 * played (W/D/L, draws per game, every game counted), the complete pairs and the games
 * outside them, the repeated games; then the figures, which come from the pairs where
 * there are any. */
static int print_dirs(const bo_opts *o, const sp_tally *t, const sp_seen *seen, char names[2][128])
{
    char err[256];
    sp_counts k;
    sp_summary s;
    sp_tally_counts(t, &k);
    sp_summarise(&k, &s);
    sp_sprt sprt;
    sp_sprt_result r;
    if (o->sprt && (sp_sprt_parse(o->sprt, &sprt, err, sizeof err) != 0 || sp_sprt_llr(&k, &sprt, &r, err, sizeof err) != 0)) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    double pairs = sp_tally_pairs(t);
    long unpaired = sp_tally_unpaired(t);
    bo_json j;
    if (o->json) {
        bo_json_begin(&j, stdout);
        bo_json_str(&j, "player_a", names[0]);
        bo_json_str(&j, "player_b", names[1]);
        bo_json_int(&j, "games", t->games);
        bo_json_num(&j, "wins", t->wins, 0);
        bo_json_num(&j, "draws", t->draws, 0);
        bo_json_num(&j, "losses", t->losses, 0);
        bo_json_num(&j, "draws_per_game", sp_tally_draws_per_game(t), 6);
        bo_json_num(&j, "pairs", pairs, 0);
        print_penta(&j, t->penta);
        bo_json_int(&j, "unpaired", unpaired);
        bo_json_int(&j, "duplicates", seen->repeats);
    } else {
        printf("%s against %s: +%.0f =%.0f -%.0f  games %ld  draws per game %.2f%%\n", names[0], names[1], t->wins,
               t->draws, t->losses, t->games, 100 * sp_tally_draws_per_game(t));
        print_penta(NULL, t->penta);
        if (unpaired)
            printf("unpaired %ld game%s (not in the pairs%s)\n", unpaired, unpaired == 1 ? "" : "s",
                   pairs > 0 ? ", from which elo, los, nelo and sprt come" : "");
        if (seen->repeats) printf("duplicates %ld game%s repeating an earlier one move for move\n", seen->repeats,
                                  seen->repeats == 1 ? "" : "s");
    }
    print_figures(o->json ? &j : NULL, sp_tally_score(t), &s, o->sprt ? &sprt : NULL, &r);
    if (o->json) bo_json_end(&j);
    print_tally_extras(o, t);
    return BO_EXIT_OK;
}

/* The statistics of bare counts (--penta or --wdl). */
static int print_counts(const bo_opts *o, const char *counts)
{
    char err[256];
    sp_counts k;
    if (sp_counts_parse(counts, &k, err, sizeof err) != 0 || (o->penta && k.n != 5) || (o->wdl && k.n != 3)) {
        bo_cli_error(NULL, 0, 0, "%s %s", o->penta ? "--penta" : "--wdl",
                     k.n == 5 || k.n == 3 ? (o->penta ? "takes five pair counts LL,LD,DD+WL,WD,WW" : "takes W,D,L") : err);
        return BO_EXIT_USAGE;
    }
    if (o->wdl) {   /* W,D,L as players say it; the statistics count from the loss up */
        double w = k.c[0];
        k.c[0] = k.c[2];
        k.c[2] = w;
    }
    sp_summary s;
    if (sp_summarise(&k, &s) != 0) {
        bo_cli_error(NULL, 0, 0, "no games: every count is zero");
        return BO_EXIT_USAGE;
    }
    sp_sprt t;
    sp_sprt_result r;
    if (o->sprt) {
        if (sp_sprt_parse(o->sprt, &t, err, sizeof err) != 0 || sp_sprt_llr(&k, &t, &r, err, sizeof err) != 0) {
            bo_cli_error(NULL, 0, 0, "%s", err);
            return BO_EXIT_USAGE;
        }
    }
    print_stats(o, &k, &s, o->sprt ? &t : NULL, &r);
    return BO_EXIT_OK;
}

int bo_cmd_stats(const bo_opts *o)
{
    const char *counts = o->penta ? o->penta : o->wdl;
    if (o->nargs > 0 && !counts) {
        char err[2048];
        sp_tally t;
        sp_tally_init(&t);
        sp_seen seen = {0};
        char **reasons = NULL, names[2][128];
        long nreasons = 0;
        int rc;
        batch_names(o->args[0], names);
        if (tally_dirs(o->args, o->nargs, &t, &seen, &reasons, &nreasons, err, sizeof err) != 0) {
            bo_cli_error(NULL, 0, 0, "%s", err);
            rc = BO_EXIT_USAGE;
        } else if (t.games == 0) {
            bo_cli_error(o->args[0], 0, 0, "no finished game");
            rc = BO_EXIT_USAGE;
        } else {
            rc = print_dirs(o, &t, &seen, names);
        }
        for (long i = 0; i < nreasons; i++) free(reasons[i]);
        free(reasons);
        sp_seen_free(&seen);
        return rc;
    }
    if (!counts || (o->penta && o->wdl) || o->nargs) {
        bo_cli_error(NULL, 0, 0, "usage: boyi stats (DIR... | --penta LL,LD,DD+WL,WD,WW | --wdl W,D,L) [--sprt 'elo0=A elo1=B ...'] [--json]");
        return BO_EXIT_USAGE;
    }
    return print_counts(o, counts);
}
