/* cmd_stats.c -- `boyi stats`: the statistics of a batch of games, as fishtest computes
 * them (selfplay/sp_stats.h): from bare counts (--penta, --wdl) or, later, from a
 * finished batch's output. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "sp_stats.h"

static const char *state_name(sp_sprt_state s)
{
    return s == SP_SPRT_ACCEPT_H1 ? "H1 accepted" : s == SP_SPRT_ACCEPT_H0 ? "H0 accepted" : "continue";
}

/* The figures of K (and of the test T, when HAVE_SPRT) as text or one JSON object. */
static void print_stats(const bo_opts *o, const sp_counts *k, const sp_summary *s, const sp_sprt *t,
                        const sp_sprt_result *r)
{
    if (o->json) {
        bo_json j;
        bo_json_begin(&j, stdout);
        bo_json_num(&j, "games", s->games, 0);
        if (k->n == 5) {
            fputs(",\"pentanomial\":[", stdout);
            for (int i = 0; i < 5; i++) printf("%s%.0f", i ? "," : "", k->c[i]);
            fputc(']', stdout);
        } else {
            printf(",\"losses\":%.0f,\"draws\":%.0f,\"wins\":%.0f", k->c[0], k->c[1], k->c[2]);
        }
        bo_json_num(&j, "score", s->score, 6);
        bo_json_num(&j, "elo", s->elo, 4);
        bo_json_num(&j, "elo95", s->elo95, 4);
        bo_json_num(&j, "los", s->los, 6);
        bo_json_num(&j, "nelo", s->nelo, 4);
        bo_json_num(&j, "nelo95", s->nelo95, 4);
        bo_json_num(&j, "draw_ratio", s->draw_ratio, 6);
        if (t) {
            bo_json_num(&j, "llr", r->llr, 6);
            bo_json_num(&j, "lower_bound", r->lower, 6);
            bo_json_num(&j, "upper_bound", r->upper, 6);
            bo_json_num(&j, "elo0", t->elo0, 4);
            bo_json_num(&j, "elo1", t->elo1, 4);
            bo_json_str(&j, "model", t->model == SP_MODEL_NORMALIZED ? "normalized" : "logistic");
            bo_json_str(&j, "sprt", r->state == SP_SPRT_ACCEPT_H1 ? "H1" : r->state == SP_SPRT_ACCEPT_H0 ? "H0" : "continue");
        }
        bo_json_end(&j);
        return;
    }
    printf("games %.0f  score %.2f%%\n", s->games, 100 * s->score);
    printf("elo %.2f +/- %.2f (95%%)  los %.2f%%\n", s->elo, s->elo95, 100 * s->los);
    printf("nelo %.2f +/- %.2f (95%%)  draw ratio %.2f%%\n", s->nelo, s->nelo95, 100 * s->draw_ratio);
    if (t)
        printf("sprt elo0=%g elo1=%g (%s): llr %.3f [%.3f, %.3f] %s\n", t->elo0, t->elo1,
               t->model == SP_MODEL_NORMALIZED ? "normalized" : "logistic", r->llr, r->lower, r->upper,
               state_name(r->state));
}

int bo_cmd_stats(const bo_opts *o)
{
    const char *counts = o->penta ? o->penta : o->wdl;
    if (!counts || (o->penta && o->wdl) || o->nargs) {
        bo_cli_error(NULL, 0, 0, "usage: boyi stats (--penta LL,LD,DD+WL,WD,WW | --wdl W,D,L) [--sprt 'elo0=A elo1=B ...'] [--json]");
        return BO_EXIT_USAGE;
    }
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
