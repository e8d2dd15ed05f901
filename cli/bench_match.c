/* bench_match.c -- `boyi bench --game G match`: a quick match of two players with no
 * output folder, for any game with two players.  It is a thin alias of the one match
 * runner: the players come from their specs exactly as `boyi selfplay` reads them
 * (player_spec.h: the engine under limits, random, an outside engine, or one of the
 * game's own players named by its descriptor, "uct playouts=1000"), the games are
 * played by selfplay's batch runner (sp_batch: pairs with colours swapped, each game's
 * seed from --seed and its index) from the rules' start position (--random-plies K to
 * vary it), and the score's 95% interval and Elo come from selfplay's statistics
 * (sp_stats).  -o FILE: the records, in the game's format, written whole or not at all.
 *
 * The NoGo, EWN and Junqi match commands of old are this command with their players. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core.h"
#include "outfile.h"
#include "player_spec.h"
#include "sp_out.h"
#include "sp_batch.h"
#include "sp_stats.h"
#include "sp_tally.h"

/* The finished games, kept by index: statistics and records go in index order
 * whatever order the threads finish them in. */
typedef struct match_games {
    sp_played *games;
    bool *have;
    long n;
    int failed;
} match_games;

/* A finished game copied into its slot (the runner reuses its own). */
static int keep_game(void *ctx, const sp_played *p)
{
    match_games *m = ctx;
    if (p->index < 0 || p->index >= m->n) return 0;
    sp_played *c = &m->games[p->index];
    *c = *p;
    c->moves = malloc((size_t)(p->nmoves ? p->nmoves : 1) * sizeof *c->moves);
    if (!c->moves) { m->failed = 1; return 1; }
    memcpy(c->moves, p->moves, (size_t)p->nmoves * sizeof *c->moves);
    c->cap = p->nmoves;
    if (p->reason == p->fault) c->reason = c->fault;   /* an outside engine's fault: the copy's own text */
    m->have[p->index] = true;
    return 0;
}

/* The records of the games, in index order, to OUT (-o): 0, or -1 with err. */
static int write_records(const bo_opts *o, const bo_game_cli *gc, const bo_game *g, const match_games *m,
                         const char *const names[2], FILE *out, char *err, size_t errlen)
{
    if (!bo_cli_can_write_played(gc))
        return snprintf(err, errlen, "%s has no record format to write games in", gc->name), -1;
    for (long i = 0; i < m->n; i++) {
        if (!m->have[i]) continue;
        const sp_played *p = &m->games[i];
        BO_ALIGNED unsigned char start[BO_POS_MAX];
        if (g->from_text(start, o->rules, p->start, err, errlen) != 0) return -1;
        uint32_t *moves = malloc((size_t)(p->nmoves ? p->nmoves : 1) * sizeof *moves);
        if (!moves) return snprintf(err, errlen, "out of memory"), -1;
        for (int k = 0; k < p->nmoves; k++) moves[k] = p->moves[k].move;
        bo_cli_played rec = {.rules = o->rules, .start = start, .moves = moves, .nmoves = p->nmoves,
                             .score_first = p->score_first, .termination = p->reason,
                             .first_name = names[p->a_first ? 0 : 1], .second_name = names[p->a_first ? 1 : 0],
                             .event = "boyi bench match", .round = i + 1};
        int rc = bo_cli_write_played(gc, o, &rec, out, err, errlen);
        free(moves);
        if (rc != 0) return -1;
    }
    return 0;
}

/* The result: W/D/L of A, the score with its 95% interval and Elo (sp_stats), A's
 * wins as first and second mover, the time. */
static void report(const bo_opts *o, const bo_game *g, const char *const names[2], const match_games *m, double secs,
                   FILE *out)
{
    sp_tally t;
    sp_tally_init(&t);
    long first_games = 0;
    double first_wins = 0, second_wins = 0;
    for (long i = 0; i < m->n; i++) {
        if (!m->have[i]) continue;
        const sp_played *p = &m->games[i];
        sp_tally_add(&t, i, p->score_first, "game", p->nmoves);
        double a = p->a_first ? p->score_first : 1 - p->score_first;
        if (p->a_first) first_games++, first_wins += a == 1.0;
        else second_wins += a == 1.0;
    }
    sp_counts k;
    sp_summary s;
    sp_tally_counts(&t, &k);
    sp_summarise(&k, &s);
    double score = sp_tally_score(&t);
    if (o->json) {
        bo_json j;
        bo_json_begin(&j, out);
        bo_json_str(&j, "game", g->name);
        bo_json_str(&j, "bench", "match");
        bo_json_str(&j, "a", names[0]);
        bo_json_str(&j, "b", names[1]);
        bo_json_int(&j, "games", t.games);
        bo_json_u64(&j, "seed", o->seed);
        bo_json_num(&j, "wins", t.wins, 0);
        bo_json_num(&j, "draws", t.draws, 0);
        bo_json_num(&j, "losses", t.losses, 0);
        bo_json_num(&j, "score", score, 4);
        bo_json_num(&j, "lo95", s.score_lo, 4);
        bo_json_num(&j, "hi95", s.score_hi, 4);
        bo_json_num(&j, "elo", s.elo, 1);
        bo_json_num(&j, "elo95", s.elo95, 1);
        bo_json_num(&j, "a_first_wins", first_wins, 0);
        bo_json_num(&j, "a_second_wins", second_wins, 0);
        bo_json_num(&j, "seconds", secs, 1);
        bo_json_end(&j);
        return;
    }
    fprintf(out, "match: A=%s vs B=%s, %ld games (seed %llu), colours alternating\n", names[0], names[1], t.games,
            (unsigned long long)o->seed);
    fprintf(out, "A scores +%.0f =%.0f -%.0f = %.1f%% (95%%: %.1f%%..%.1f%%), elo %.1f +/- %.1f; A first: %.0f/%ld won, "
            "A second: %.0f/%ld won; %.1f s\n", t.wins, t.draws, t.losses, 100 * score, 100 * s.score_lo,
            100 * s.score_hi, s.elo, s.elo95, first_wins, first_games, second_wins, t.games - first_games, secs);
}

/* The default players: A the game's first own player (else its engine), B random. */
static const char *default_a(const bo_game *g)
{
    return g->player_kinds && g->player_kinds[0].name ? g->player_kinds[0].name : NULL;
}

int bo_cli_bench_match(const bo_opts *o_given, const bo_game_cli *gc)
{
    const bo_game *g = bo_game_by_name(gc->name);
    if (!g || g->players != 2) {
        bo_cli_error(NULL, 0, 0, "bench match plays two players; %s has %s", gc->name, g ? "one" : "no engine");
        return BO_EXIT_USAGE;
    }
    bo_opts o = *o_given;
    if (!o.player_a) o.player_a = default_a(g);
    if (!o.player_b) o.player_b = "random";
    char err[1024];
    BO_ALIGNED unsigned char probe[BO_POS_MAX];
    if (g->start(probe, o.rules, err, sizeof err) != 0) { bo_cli_error(NULL, 0, 0, "%s", err); return BO_EXIT_USAGE; }
    /* A limit the engine would ignore is refused, as selfplay refuses it. */
    if (bo_cli_check_limits(g, bo_cli_opts_limits(&o), "bench match") != 0) return BO_EXIT_USAGE;
    for (int i = 0; i < 2; i++) {
        const char *sp = i ? o.player_b : o.player_a;
        char who[300];
        snprintf(who, sizeof who, "player '%.250s'", sp ? sp : "");
        if (sp && !strstr(sp, "cmd=") && bo_cli_check_limits(g, bo_cli_spec_limits(sp), who) != 0) return BO_EXIT_USAGE;
    }
    sp_player a, b;
    sp_engine_spec eng[2];
    int rc = bo_cli_players(&o, g, &a, &b, eng, err, sizeof err);
    for (int i = 0; i < 2; i++) eng[i].botzone = gc->botzone;   /* proto=botzone: the game's points */
    if (a.engine || b.engine) signal(SIGPIPE, SIG_IGN);   /* a dead engine's pipe is its fault */
    match_games m = {.n = o.games > 0 ? o.games : 200};
    m.games = calloc((size_t)m.n, sizeof *m.games);
    m.have = calloc((size_t)m.n, sizeof *m.have);
    bo_outfile rec;
    bool to_file = o.output != NULL;
    if (rc == 0 && (!m.games || !m.have)) rc = bo_fail(err, sizeof err, "out of memory");
    if (rc == 0 && to_file && bo_outfile_open(&rec, o.output, "w", err, sizeof err) != 0) {
        bo_cli_error(o.output, 0, 0, "cannot write the records: %s", err);
        to_file = false;
        rc = -2;
    }
    char name_a[128], name_b[128];
    const char *names[2] = {name_a, name_b};
    if (rc == 0) {
        bo_cli_player_label(o.player_a, &a, name_a, sizeof name_a);
        bo_cli_player_label(o.player_b, &b, name_b, sizeof name_b);
        char ta[1024], tb[1024];
        bo_cli_player_text(o.player_a, &a, ta, sizeof ta);
        bo_cli_player_text(o.player_b, &b, tb, sizeof tb);
        sp_batch batch = {.game = g, .rules = o.rules, .games = m.n, .threads = o.jobs > 0 ? o.jobs : 1, .a = a, .b = b,
                          .random_plies = o.random_plies > 0 ? o.random_plies : 0, .own_openings = strcmp(ta, tb) == 0,
                          .seed = o.seed, .finished = keep_game, .ctx = &m};
        double t0 = bo_now_seconds();
        rc = sp_batch_run(&batch, err, sizeof err);
        if (rc == 0 && m.failed) rc = bo_fail(err, sizeof err, "out of memory");
        if (rc == 0) report(&o, g, names, &m, bo_now_seconds() - t0, stdout);
        /* a failed write (a full disk, a size limit) is named by the commit below */
        if (rc == 0 && to_file && write_records(&o, gc, g, &m, names, rec.f, err, sizeof err) != 0 && !ferror(rec.f))
            rc = -1;
    }
    if (to_file && rc != 0) bo_outfile_abort(&rec);
    if (to_file && rc == 0 && bo_outfile_commit(&rec, err, sizeof err) != 0) {
        bo_cli_error(bo_outfile_name(&rec), 0, 0, "%s", err);
        rc = -2;
    }
    if (rc == -1) bo_cli_error(NULL, 0, 0, "%s", err);
    for (long i = 0; m.games && i < m.n; i++) sp_played_free(&m.games[i]);
    free(m.games);
    free(m.have);
    for (int j = 0; j < 2; j++) sp_engine_spec_free(&eng[j]);
    return rc == 0 ? BO_EXIT_OK : BO_EXIT_USAGE;
}
