/* game_nogo.c -- NoGo 不围棋's front end (docs/nogo.md): its records (SGF, the contest
 * text, Botzone's JSON: notation/nogo) validated, converted, replayed and written;
 * the board as SVG; benchmarks of the legal-move generator, the playouts and the
 * MCTS, and engine matches. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "botzone.h"
#include "cli.h"
#include "result_policy.h"
#include "core.h"
#include "game.h"
#include "mcts.h"
#include "ng_records.h"
#include "ng_svg.h"
#include "nogo.h"
#include "record.h"

/* --rules into NG_RULES_*, or a usage error printed. */
static int cli_rules(const bo_opts *o)
{
    int r = ng_rules_by_name(o->rules);
    if (r < 0) bo_cli_error(NULL, 0, 0, "unknown NoGo rules '%s' (ccgc, botzone)", o->rules);
    return r;
}

/* Legal-move generations per second: the positions of seeded random games, each
 * generated REPEAT times (the set, and the descriptor's list), timed apart from the
 * replay. */
static int bench_legal(const bo_opts *o, int rules, FILE *out)
{
    long games = o->games > 0 ? o->games : 200;
    const int repeat = 20;
    uint64_t rng = o->seed ? o->seed : 1, gens = 0, sink = 0;
    double set_s = 0, list_s = 0;
    bo_move moves[BO_MOVES_MAX];
    for (long i = 0; i < games; i++) {
        ng_pos p;
        ng_start(&p, rules);
        for (;;) {
            double t0 = bo_now_seconds();
            ng_bits legal = 0;
            for (int k = 0; k < repeat; k++) {
                legal = ng_legal_set(&p);
                sink += (uint64_t)legal;
                __asm__ volatile("" : : "r"(&p) : "memory");
            }
            double t1 = bo_now_seconds();
            for (int k = 0; k < repeat; k++) {
                sink += (uint64_t)ng_game_desc.legal(&p, moves);
                __asm__ volatile("" : : "r"(&p) : "memory");
            }
            double t2 = bo_now_seconds();
            set_s += t1 - t0;
            list_s += t2 - t1;
            gens += repeat;
            if (!legal) break;
            int n = ng_popcount(legal);
            int k = (int)(bo_splitmix64(&rng) % (uint64_t)n);
            while (k-- > 0) legal &= legal - 1;
            ng_play(&p, ng_first(legal), NULL);
        }
    }
    if (o->json) {
        bo_json j;
        bo_json_begin(&j, out);
        bo_json_str(&j, "game", "nogo");
        bo_json_str(&j, "bench", "legal");
        bo_json_u64(&j, "generations", gens);
        bo_json_num(&j, "set_per_second", (double)gens / set_s, 0);
        bo_json_num(&j, "list_per_second", (double)gens / list_s, 0);
        bo_json_end(&j);
    } else {
        fprintf(out, "legal-move generation over the positions of %ld random games (%llu generations each way):\n", games,
                (unsigned long long)gens);
        fprintf(out, "  legal set (ng_legal_set): %.2f M/s\n", (double)gens / set_s / 1e6);
        fprintf(out, "  move list (descriptor legal()): %.2f M/s\n", (double)gens / list_s / 1e6);
    }
    return sink == 42 ? BO_EXIT_OK : BO_EXIT_OK;
}

/* Random playouts per second from the start: on the board directly (the engine's),
 * and through the descriptor (what the generic MCTS does without a game's hook). */
static int bench_playout(const bo_opts *o, int rules, FILE *out)
{
    long n = o->games > 0 ? o->games : 20000;
    uint64_t rng = o->seed ? o->seed : 1, plies = 0;
    double black = 0;
    ng_pos start, p;
    ng_start(&start, rules);
    double t0 = bo_now_seconds();
    for (long i = 0; i < n; i++) {
        p = start;
        black += ng_random_playout(&p, &rng, NULL, NULL, NULL, 0);
        plies += p.ply;
    }
    double t1 = bo_now_seconds();
    for (long i = 0; i < n; i++) {
        p = start;
        bo_mcts_random_playout(&ng_game_desc, &p, &rng, 1000, NULL, NULL);
    }
    double t2 = bo_now_seconds();
    if (o->json) {
        bo_json j;
        bo_json_begin(&j, out);
        bo_json_str(&j, "game", "nogo");
        bo_json_str(&j, "bench", "playout");
        bo_json_int(&j, "playouts", (int)n);
        bo_json_num(&j, "per_second", (double)n / (t1 - t0), 0);
        bo_json_num(&j, "descriptor_per_second", (double)n / (t2 - t1), 0);
        bo_json_num(&j, "mean_plies", (double)plies / (double)n, 2);
        bo_json_num(&j, "black_score", black / (double)n, 4);
        bo_json_end(&j);
    } else {
        fprintf(out, "%ld uniform random playouts from the empty board: %.0f/s on the board, %.0f/s through the descriptor\n",
                n, (double)n / (t1 - t0), (double)n / (t2 - t1));
        fprintf(out, "  mean length %.2f plies, black scores %.4f\n", (double)plies / (double)n, black / (double)n);
    }
    return BO_EXIT_OK;
}

/* A player of a match: "mcts" (RAVE, the engine), "uct" (RAVE off), "random";
 * "nodes=N" after the name sets its playouts (else --nodes, else 1000). */
static int parse_player(const bo_opts *o, const char *spec, bo_mcts_params *p, bool *random, char *name, size_t n)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", spec ? spec : "mcts");
    char *save = NULL, *tok = strtok_r(buf, " ", &save);
    if (!tok) tok = "mcts";
    *random = strcmp(tok, "random") == 0;
    if (strcmp(tok, "uct") == 0) bo_mcts_defaults_uct(p);
    else if (*random || strcmp(tok, "mcts") == 0 || strcmp(tok, "rave") == 0) bo_mcts_defaults(p);
    else { bo_cli_error(NULL, 0, 0, "a NoGo player is mcts, uct or random, not '%s'", tok); return -1; }
    p->playouts = o->nodes ? o->nodes : 1000;
    p->playout = ng_mcts_playout;
    snprintf(name, n, "%s", tok);
    for (tok = strtok_r(NULL, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        if (strncmp(tok, "nodes=", 6) == 0) p->playouts = strtoull(tok + 6, NULL, 10);
        else if (strncmp(tok, "c=", 2) == 0) p->c_uct = strtod(tok + 2, NULL);
        else { bo_cli_error(NULL, 0, 0, "'%s' in a NoGo player: nodes=N or c=X", tok); return -1; }
    }
    if (!*random) {
        size_t k = strlen(name);
        snprintf(name + k, n - k, " (%llu playouts)", (unsigned long long)p->playouts);
    }
    return 0;
}

typedef struct match_job {
    const bo_mcts_params *a, *b;
    const ng_pos *start;
    uint64_t seed;
    long games;
    int stride, first;
    double *scores;        /* A's score per game */
    int failed;
    char err[256];
} match_job;

/* Games first, first + stride, ...: A has black in the even ones. */
static void *match_thread(void *arg)
{
    match_job *j = arg;
    for (long i = j->first; i < j->games; i += j->stride) {
        const bo_mcts_params *players[2] = {i % 2 == 0 ? j->a : j->b, i % 2 == 0 ? j->b : j->a};
        double s = bo_mcts_play_game(&ng_game_desc, j->start, players, bo_mix64(j->seed + (uint64_t)i), NULL, NULL, 0,
                                     j->err, sizeof j->err);
        if (s < 0) { j->failed = 1; return NULL; }
        j->scores[i] = i % 2 == 0 ? s : 1 - s;
    }
    return NULL;
}

/* Wilson's 95% interval for a proportion (NoGo has no draws). */
static void wilson(double p, double n, double *lo, double *hi)
{
    double z = 1.959964, z2 = z * z;
    double c = (p + z2 / (2 * n)) / (1 + z2 / n);
    double h = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
    *lo = c - h;
    *hi = c + h;
}

/* A against B over --games games (colours alternating), -j threads. */
static int bench_match(const bo_opts *o, int rules, FILE *out)
{
    bo_mcts_params pa, pb;
    bool ra, rb;
    char na[64], nb[64];
    if (parse_player(o, o->player_a, &pa, &ra, na, sizeof na) != 0
        || parse_player(o, o->player_b ? o->player_b : "uct", &pb, &rb, nb, sizeof nb) != 0)
        return BO_EXIT_USAGE;
    long games = o->games > 0 ? o->games : 200;
    int jobs = o->jobs > 1 ? (o->jobs > 16 ? 16 : o->jobs) : 1;
    ng_pos start;
    ng_start(&start, rules);
    double *scores = calloc((size_t)games, sizeof *scores);
    match_job js[16];
    pthread_t th[16];
    if (!scores) return BO_EXIT_USAGE;
    double t0 = bo_now_seconds();
    for (int t = 0; t < jobs; t++) {
        js[t] = (match_job){ra ? NULL : &pa, rb ? NULL : &pb, &start, o->seed ? o->seed : 1, games, jobs, t, scores, 0, ""};
        if (t > 0) pthread_create(&th[t], NULL, match_thread, &js[t]);
    }
    match_thread(&js[0]);
    for (int t = 1; t < jobs; t++) pthread_join(th[t], NULL);
    double secs = bo_now_seconds() - t0;
    for (int t = 0; t < jobs; t++)
        if (js[t].failed) { bo_cli_error(NULL, 0, 0, "%s", js[t].err); free(scores); return BO_EXIT_USAGE; }
    double total = 0, as_black = 0;
    for (long i = 0; i < games; i++) {
        total += scores[i];
        if (i % 2 == 0) as_black += scores[i];
    }
    double p = total / (double)games, lo, hi;
    wilson(p, (double)games, &lo, &hi);
    free(scores);
    if (o->json) {
        bo_json j;
        bo_json_begin(&j, out);
        bo_json_str(&j, "game", "nogo");
        bo_json_str(&j, "bench", "match");
        bo_json_str(&j, "a", na);
        bo_json_str(&j, "b", nb);
        bo_json_int(&j, "games", (int)games);
        bo_json_num(&j, "score", p, 4);
        bo_json_num(&j, "lo95", lo, 4);
        bo_json_num(&j, "hi95", hi, 4);
        bo_json_num(&j, "a_black_wins", as_black, 0);
        bo_json_num(&j, "seconds", secs, 1);
        bo_json_end(&j);
    } else {
        fprintf(out, "%s vs %s: %ld games, A scores %.0f/%ld = %.1f%% (95%% Wilson interval %.1f%%..%.1f%%); as black %.0f/%ld; %.1f s\n",
                na, nb, games, total, games, 100 * p, 100 * lo, 100 * hi, as_black, (games + 1) / 2, secs);
    }
    return BO_EXIT_OK;
}

/* MCTS playouts per second from the empty board, RAVE and plain UCT, --threads. */
static int bench_mcts(const bo_opts *o, int rules, FILE *out)
{
    ng_pos p;
    ng_start(&p, rules);
    for (int rave = 1; rave >= 0; rave--) {
        bo_mcts_params prm;
        bo_mcts_defaults(&prm);
        prm.rave = rave;
        prm.playouts = o->nodes ? o->nodes : 20000;
        prm.threads = o->threads > 1 ? o->threads : 1;
        prm.playout = ng_mcts_playout;
        prm.seed = o->seed ? o->seed : 1;
        bo_search_info info;
        bo_mcts_stats st;
        char err[256], mv[8];
        if (bo_mcts_search(&ng_game_desc, &p, NULL, &prm, NULL, NULL, &info, &st, err, sizeof err) != 0) {
            bo_cli_error(NULL, 0, 0, "%s", err);
            return BO_EXIT_USAGE;
        }
        ng_game_desc.move_to_text(&p, info.pv[0], mv, sizeof mv);
        if (o->json) {
            bo_json j;
            bo_json_begin(&j, out);
            bo_json_str(&j, "game", "nogo");
            bo_json_str(&j, "bench", rave ? "mcts-rave" : "mcts-uct");
            bo_json_u64(&j, "playouts", st.playouts);
            bo_json_int(&j, "threads", prm.threads);
            bo_json_num(&j, "per_second", (double)st.playouts / st.seconds, 0);
            bo_json_u64(&j, "nodes", st.nodes);
            bo_json_str(&j, "best", mv);
            bo_json_num(&j, "win_rate", info.win_rate, 4);
            bo_json_end(&j);
        } else {
            fprintf(out, "MCTS %s, %d thread(s): %llu playouts in %.2f s: %.0f playouts/s; %llu tree nodes; best %s at %.3f\n",
                    rave ? "UCT+RAVE" : "plain UCT", prm.threads, (unsigned long long)st.playouts, st.seconds,
                    (double)st.playouts / st.seconds, (unsigned long long)st.nodes, mv, info.win_rate);
        }
    }
    return BO_EXIT_OK;
}

/* boyi bench --game nogo [legal|playout|mcts|perft|match]. */
static int ng_cli_bench(const bo_opts *o, FILE *out)
{
    const char *what = o->what ? o->what : o->nargs > 0 ? o->args[0] : "playout";
    int rules = cli_rules(o);
    if (rules < 0) return BO_EXIT_USAGE;
    if (strcmp(what, "legal") == 0) return bench_legal(o, rules, out);
    if (strcmp(what, "playout") == 0 || strcmp(what, "playouts") == 0) return bench_playout(o, rules, out);
    if (strcmp(what, "mcts") == 0) return bench_mcts(o, rules, out);
    if (strcmp(what, "match") == 0) return bench_match(o, rules, out);
    if (strcmp(what, "perft") == 0) {
        ng_pos p;
        ng_start(&p, rules);
        int depth = o->depth >= 0 ? o->depth : 4;
        double t0 = bo_now_seconds();
        uint64_t nodes = ng_perft(&p, depth);
        return bo_cli_perft_bench(o, out, "nogo", NULL, depth, nodes, bo_now_seconds() - t0);
    }
    bo_cli_error(NULL, 0, 0, "NoGo benchmarks: legal, playout, mcts, perft, match; not '%s'", what);
    return BO_EXIT_USAGE;
}

/* ---- records ------------------------------------------------------------------ */

static int ng_cli_sniff(const bo_text *t)
{
    ng_format f;
    return ng_sniff(t->data, t->len, &f);
}

/* --rules when given (else each record's own RU, else ccgc); -2 when unknown. */
static int record_rules(const bo_opts *o, char *err, size_t errlen)
{
    if (!o->rules) return -1;
    int r = ng_rules_by_name(o->rules);
    if (r < 0) { snprintf(err, errlen, "unknown NoGo rules '%s' (ccgc, botzone)", o->rules); return -2; }
    return r;
}

/* Every game of T judged; a reader's warning goes to the sink (and with --strict makes
 * the game invalid). */
static int ng_cli_validate(const bo_opts *o, const bo_text *t, const bo_verdict_sink *sink, char *err, size_t errlen)
{
    int rules = record_rules(o, err, errlen);
    if (rules == -2) return -1;
    ng_game_list l;
    if (ng_read(t->data, t->len, NG_FMT_NONE, &l, err, errlen) != 0) return -1;
    for (int i = 0; i < l.n; i++) {
        const ng_game *g = &l.items[i];
        bo_verdict v;
        ng_verdict_buf b;
        bo_verdict_init(&v, t->path, g->index);
        ng_judge(g, rules, &v, &b, NULL);
        if (b.unexplained[0] && v.status == BO_VERDICT_OK) {
            /* the result policy: a warning, a fault under --strict or --rules ccgc named */
            bool contest = o->rules && strcasecmp(o->rules, "ccgc") == 0;
            bo_claim_action a = bo_claim_unreached(BO_REASON_NONE, o->strict, contest);
            char words[500];
            bo_claim_words(words, sizeof words, a, b.unexplained, BO_REASON_NONE, NULL, o->strict, contest);
            if (a == BO_CLAIM_FAULT) {
                v.status = BO_VERDICT_INVALID;
                v.kind = "result";
                v.line = g->result_line;
                v.col = g->result_col;
                v.result = "*";
                v.ending = NULL;
                snprintf(b.message, sizeof b.message, "%s", words);
                v.message = b.message;
            } else if (sink->warning) {
                bo_warning uw = {t->path, g->index, g->result_line, g->result_col, words};
                sink->warning(sink->ctx, &uw);
            }
        }
        if (g->warning) {
            bo_warning w = {t->path, g->index, g->warn_line, g->warn_col, g->warning};
            if (o->strict && v.status == BO_VERDICT_OK) {
                v.status = BO_VERDICT_INVALID;
                v.kind = "parse";
                v.line = g->warn_line;
                v.col = g->warn_col;
                snprintf(b.message, sizeof b.message, "%s (--strict)", g->warning);
                v.message = b.message;
            } else if (sink->warning) {
                sink->warning(sink->ctx, &w);
            }
        }
        sink->verdict(sink->ctx, &v);
    }
    ng_game_list_free(&l);
    return 0;
}

/* What the writers take from a read game. */
static ng_write_info info_of(const ng_game *g, const bo_verdict *v)
{
    ng_write_info in = {g->black, g->white, g->event, g->date, g->place, g->rules, NG_RES_NONE, NULL};
    if (v->result && strcmp(v->result, "1-0") == 0) in.result = NG_RES_BLACK;
    if (v->result && strcmp(v->result, "0-1") == 0) in.result = NG_RES_WHITE;
    return in;
}

/* boyi convert FILE --to sgf|contest|botzone: each game's moves up to its first fault. */
static int ng_cli_convert(const bo_opts *o, const bo_text *t, FILE *out)
{
    char err[512] = "";
    ng_format to = NG_FMT_SGF;
    if (o->to && ng_format_from_name(o->to, &to) != 0) {
        bo_cli_error(NULL, 0, 0, "NoGo records are written as sgf, contest or botzone, not '%s'", o->to);
        return BO_EXIT_USAGE;
    }
    int rules = record_rules(o, err, sizeof err);
    ng_game_list l;
    if (rules == -2 || ng_read(t->data, t->len, NG_FMT_NONE, &l, err, sizeof err) != 0) {
        bo_cli_error(t->path, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    int rc = BO_EXIT_OK, points[NG_POINTS + 8];
    for (int i = 0; i < l.n && rc == BO_EXIT_OK; i++) {
        const ng_game *g = &l.items[i];
        bo_verdict v;
        ng_verdict_buf b;
        bo_verdict_init(&v, t->path, g->index);
        int n = ng_judge(g, rules, &v, &b, points);
        if (v.status != BO_VERDICT_OK) {
            bo_cli_error(t->path, v.line, v.col, "game %d: %s (written up to move %d)", g->index, v.message, n);
            rc = BO_EXIT_INVALID;
        }
        /* A losing capture or suicide ends a valid game and is written with it (a pass
         * is not a point: the formats' readers take the end of the moves for it). */
        if (v.status == BO_VERDICT_OK && v.moves == n + 1 && g->moves[n].point >= 0) n++;
        ng_write_info in = info_of(g, &v);
        if (ng_write(out, to, &in, points, n, err, sizeof err) != 0) {
            bo_cli_error(t->path, 0, 0, "game %d: %s", g->index, err);
            rc = BO_EXIT_USAGE;
        }
    }
    ng_game_list_free(&l);
    return rc;
}

/* A game boyi played, as SGF (--to contest or botzone for the others). */
static int ng_write_played(const bo_opts *o, const bo_cli_played *p, FILE *out, char *err, size_t errlen)
{
    ng_format to = NG_FMT_SGF;
    if (o->to && ng_format_from_name(o->to, &to) != 0)
        return snprintf(err, errlen, "NoGo records are sgf, contest or botzone, not '%s'", o->to), -1;
    const ng_pos *start = p->start;
    if (start->ply > 0)
        return snprintf(err, errlen, "game %ld starts from set-up stones, which NoGo records cannot hold", p->round), -1;
    int points[NG_POINTS];
    int n = p->nmoves < NG_POINTS ? p->nmoves : NG_POINTS;
    for (int i = 0; i < n; i++) points[i] = (int)p->moves[i] - 1;
    ng_write_info in = {p->first_name, p->second_name, p->event, NULL, NULL, p->rules,
                        p->score_first == 1.0 ? NG_RES_BLACK : p->score_first == 0.0 ? NG_RES_WHITE : NG_RES_NONE,
                        p->termination};
    return ng_write(out, to, &in, points, n, err, errlen);
}

/* The board; from a record, its stones numbered in the order played. */
static int ng_cli_render(const bo_opts *o, const void *pos, uint32_t last, const uint32_t *line, int nline, FILE *out)
{
    (void)o;
    int numbers[NG_POINTS] = {0};
    for (int i = 0; line && i < nline; i++)
        if (line[i] >= 1 && line[i] <= NG_POINTS) numbers[line[i] - 1] = i + 1;
    ng_svg_write(out, pos, line ? numbers : NULL, last >= 1 && last <= NG_POINTS ? (int)last - 1 : -1);
    return BO_EXIT_OK;
}

/* What write_game needs beside the record: the game as read and its format. */
typedef struct rec_priv {
    const ng_game *g;
    ng_format format;
} rec_priv;

/* Every game of T replayed for render and annotate: the verdicts the judge gives, the
 * moves up to the first fault, and a record holding the moves' text and comments. */
static int ng_cli_replay(const bo_opts *o, const bo_text *t, bo_cli_game_fn each, void *ctx, char *err, size_t errlen)
{
    int rules = record_rules(o, err, errlen);
    if (rules == -2) return -1;
    ng_game_list l;
    if (ng_read(t->data, t->len, NG_FMT_NONE, &l, err, errlen) != 0) return -1;
    for (int i = 0; i < l.n; i++) {
        const ng_game *g = &l.items[i];
        bo_verdict v;
        ng_verdict_buf b;
        bo_verdict_init(&v, t->path, g->index);
        int points[NG_POINTS + 8];
        int n = ng_judge(g, rules, &v, &b, points);
        uint32_t moves[NG_POINTS + 8];
        int kept = 0;
        for (; kept < n && kept < NG_POINTS; kept++) moves[kept] = (uint32_t)points[kept] + 1;
        bo_record r;
        bo_record_init(&r, g->index, g->line);
        for (int k = 0; k < g->n; k++) bo_record_add_move(&r, g->moves[k].text, strlen(g->moves[k].text), g->moves[k].line, g->moves[k].col);
        BO_ALIGNED unsigned char start[BO_POS_MAX];
        ng_start((ng_pos *)start, rules >= 0 ? rules : NG_RULES_CCGC);
        rec_priv pv = {g, l.format};
        bo_cli_game_rec rec = {t->path, &r, start, moves, kept, &v, &pv, NULL};
        int stop = each(ctx, &rec);
        bo_record_free(&r);
        if (stop) break;
    }
    ng_game_list_free(&l);
    return 0;
}

/* Only inside replay's EACH: the game in its own format (or --to's); comments that
 * annotate added go into SGF as C[] (the other formats hold none). */
static int ng_cli_write_game(const bo_opts *o, const bo_cli_game_rec *gr, FILE *out, char *err, size_t errlen)
{
    const rec_priv *pv = gr->priv;
    const ng_game *g = pv->g;
    ng_format to = pv->format;
    if (o->to && ng_format_from_name(o->to, &to) != 0)
        return snprintf(err, errlen, "NoGo records are sgf, contest or botzone, not '%s'", o->to), -1;
    int commented = 0;
    for (int i = 0; i < gr->r->nmoves; i++) commented += gr->r->moves[i].comment != NULL;
    if (to != NG_FMT_SGF && commented > 0)
        fprintf(stderr, "boyi: %s: game %d: warning: the %s format cannot hold comments: %d not written (sgf holds them)\n",
                gr->path, gr->r->index, ng_format_name(to), commented);
    int points[NG_POINTS + 1], n = gr->nmoves;
    for (int i = 0; i < n; i++) points[i] = (int)gr->moves[i] - 1;
    /* The capture or suicide that lost a valid game is part of its record. */
    if (gr->v->status == BO_VERDICT_OK && gr->v->moves == n + 1 && n < g->n && g->moves[n].point >= 0)
        { points[n] = g->moves[n].point; n++; }
    ng_write_info in = info_of(g, gr->v);
    if (to != NG_FMT_SGF) return ng_write(out, to, &in, points, n, err, errlen);
    /* SGF with the comments: written here, the moves as ng_write does. */
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) return snprintf(err, errlen, "out of memory"), -1;
    int rc = ng_write(mem, NG_FMT_SGF, &in, points, 0, err, errlen);
    fclose(mem);
    if (rc != 0) { free(buf); return -1; }
    if (len >= 2) len -= 2;   /* drop ")\n": the moves follow */
    fwrite(buf, 1, len, out);
    free(buf);
    for (int i = 0; i < n; i++) {
        char tx[3];
        ng_point_sgf(points[i], tx);
        fprintf(out, "%s;%c[%s]", i % 10 == 0 ? "\n" : "", i % 2 ? 'W' : 'B', tx);
        const char *c = i < gr->r->nmoves ? gr->r->moves[i].comment : NULL;
        if (c) {
            fputs("C[", out);
            for (; *c; c++) {
                if (*c == ']' || *c == '\\') fputc('\\', out);
                fputc(*c, out);
            }
            fputc(']', out);
        }
    }
    fputs(")\n", out);
    return 0;
}

/* ---- Botzone's bot protocol -------------------------------------------------------- */

/* The engine's answer to a position built from MOVES (points; NG_MOVE_PASS skipped):
 * its point, or -1 when it has none (or the history is not a legal game). */
static int bot_answer(const bo_opts *o, int rules, const int *moves, int n)
{
    BO_ALIGNED unsigned char buf[BO_POS_MAX];
    ng_pos *p = (ng_pos *)buf;
    ng_start(p, rules);
    for (int i = 0; i < n; i++) {
        if (moves[i] < 0) continue;
        if (ng_check(p, moves[i], NULL) != NG_OK) return -1;   /* the other side has already lost */
        ng_play(p, moves[i], NULL);
    }
    if (!ng_legal_set(p)) return -1;
    bo_limits lim = {.nodes = o->nodes, .movetime_ms = o->movetime_ms, .threads = o->threads};
    if (!lim.nodes && !lim.movetime_ms) lim.movetime_ms = 800;   /* Botzone allows NoGo bots 1 s a turn */
    bo_search_info info;
    char err[256];
    if (bo_search(&ng_game_desc, p, NULL, &lim, NULL, NULL, NULL, &info, err, sizeof err) != 0) return -1;
    return (int)info.pv[0] - 1;
}

/* boyi play --game nogo: a Botzone bot on stdin/stdout.  Each line of JSON input
 * ({"requests":[..],"responses":[..]}) gets {"response":{"x":X,"y":Y}}; the
 * simplified interaction (a line with the turn number n, then 2n-1 lines "x y":
 * requests and responses alternating) gets "x y".  -1 -1: no legal point. */
static int ng_cli_play(const bo_opts *o, FILE *in, FILE *out)
{
    int rules = cli_rules(o);
    if (rules < 0) return BO_EXIT_USAGE;
    char line[1 << 16];
    while (fgets(line, sizeof line, in)) {
        const char *s = line;
        while (*s == ' ' || *s == '\t') s++;
        if (*s == '\n' || *s == 0) continue;
        int moves[2 * NG_POINTS + 4], n = 0, answer;
        if (*s == '{') {
            ng_game_list l;
            char err[256];
            if (ng_read_botzone(s, strlen(s), &l, err, sizeof err) != 0 || l.n != 1 || l.items[0].error) {
                bo_cli_error("-", 0, 0, "not a Botzone request: %s", l.n && l.items[0].error ? l.items[0].error : err);
                ng_game_list_free(&l);
                return BO_EXIT_USAGE;
            }
            for (int i = 0; i < l.items[0].n && n < 2 * NG_POINTS; i++) moves[n++] = l.items[0].moves[i].point;
            ng_game_list_free(&l);
            answer = bot_answer(o, rules, moves, n);
            fprintf(out, "{\"response\":{\"x\":%d,\"y\":%d}}\n", answer < 0 ? -1 : answer % NG_SIZE,
                    answer < 0 ? -1 : answer / NG_SIZE);
        } else {
            int turns = atoi(s);
            if (turns < 1 || turns > NG_POINTS) { bo_cli_error("-", 0, 0, "a turn number 1..81 expected, not '%s'", s); return BO_EXIT_USAGE; }
            for (int k = 0; k < 2 * turns - 1; k++) {
                int x, y;
                if (!fgets(line, sizeof line, in) || sscanf(line, "%d %d", &x, &y) != 2) {
                    bo_cli_error("-", 0, 0, "turn %d: line %d of 'x y' pairs missing", turns, k + 1);
                    return BO_EXIT_USAGE;
                }
                if (k == 0 && x == -1 && y == -1) continue;   /* "you are black" */
                moves[n++] = x >= 0 && x < NG_SIZE && y >= 0 && y < NG_SIZE ? y * NG_SIZE + x : NG_MOVE_PASS;
            }
            answer = bot_answer(o, rules, moves, n);
            fprintf(out, "%d %d\n", answer < 0 ? -1 : answer % NG_SIZE, answer < 0 ? -1 : answer / NG_SIZE);
        }
        fflush(out);
    }
    return BO_EXIT_OK;
}

/* Botzone's NoGo points: x the column from 0, y the row from 0 at the top (the point
 * index y * 9 + x, as ng_botzone.c reads Botzone's logs); the move is the index + 1. */
static int ng_bz_to_xy(const void *pos, uint32_t m, int *x, int *y)
{
    (void)pos;
    if (m < 1 || m > NG_POINTS) return -1;
    *x = (int)(m - 1) % NG_SIZE;
    *y = (int)(m - 1) / NG_SIZE;
    return 0;
}

static int ng_bz_from_xy(const void *pos, int x, int y, uint32_t *m)
{
    (void)pos;
    if (x < 0 || y < 0 || x >= NG_SIZE || y >= NG_SIZE) return -1;
    *m = (uint32_t)(y * NG_SIZE + x) + 1;
    return 0;
}

static const bz_xy ng_botzone = {ng_bz_to_xy, ng_bz_from_xy};

const bo_game_cli bo_game_nogo = {
    .name = "nogo",
    .rules_help = "ccgc (default), botzone (black's first stone not on the centre)",
    .sniff = ng_cli_sniff,
    .validate = ng_cli_validate,
    .split = bo_split_records,   /* contest frames, SGF, PGN tags: validate streams */
    .move_key = "point",
    .convert = ng_cli_convert,
    .bench = ng_cli_bench,
    .play = ng_cli_play,
    .render = ng_cli_render,
    .replay = ng_cli_replay,
    .write_game = ng_cli_write_game,
    .played_ext = "sgf",
    .write_played = ng_write_played,
    .botzone = &ng_botzone,
};
