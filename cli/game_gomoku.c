/* game_gomoku.c -- the gomoku front end of the boyi binary: sniff, validate,
 * convert, bench, play (the contest's terminal I/O), and what moves and perft need of
 * the game's own (the position text, forbidden points, how a game ended). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "botzone.h"
#include "cli.h"
#include "gm_desc.h"
#include "gm_svg.h"
#include "gm_coords.h"
#include "gm_notation.h"
#include "gm_validate.h"
#include "gomoku.h"
#include "game.h"

/* --rules, renju (the RULES.md Decision) when not given; -1 (and an error printed)
 * when unknown. */
static int rules_opt(const bo_opts *o, gm_ruleset *r)
{
    r->rules = GM_RENJU;
    r->five_point_threes = false;
    if (!o->rules) return 0;
    if (gm_ruleset_from_name(o->rules, r) == 0) return 0;
    bo_cli_error(NULL, 0, 0, "unknown gomoku rule set '%s' (%s)", o->rules, GM_RULESET_NAMES);
    return -1;
}

/* The CLI asks every game how sure it is; the notation layer knows. */
static int gm_cli_sniff(const bo_text *t)
{
    gm_format f;
    return gm_sniff(t, &f);
}

/* ---- validate: RenjuNet's tournaments ------------------------------------------- */

/* A tournament of a RenjuNet database and what its games came to. */
typedef struct gm_tourney {
    const char *name;   /* "Event" (points into the pre-read records) */
    const char *rule;   /* "RuleName", may be NULL */
    long games, ok, invalid;
} gm_tourney;

/* The verdicts of a database pass through here on their way to the real sink, so
 * that each is also counted for its game's tournament. */
typedef struct gm_tally {
    const bo_verdict_sink *inner;
    bo_record_list recs;  /* the database read once more, one move a game: the tags */
    int *group;           /* by game index - 1: the tournament */
    gm_tourney *t;
    int nt;
} gm_tally;

/* Count the verdict for its tournament, then hand it on. */
static void tally_verdict(void *ctx, const bo_verdict *v)
{
    gm_tally *ta = ctx;
    if (v->game >= 1 && v->game <= ta->recs.n && ta->group[v->game - 1] >= 0) {
        gm_tourney *t = &ta->t[ta->group[v->game - 1]];
        t->games++;
        if (v->status == BO_VERDICT_OK) t->ok++;
        else if (v->status == BO_VERDICT_INVALID) t->invalid++;
    }
    if (ta->inner->verdict) ta->inner->verdict(ta->inner->ctx, v);
}

static void tally_warning(void *ctx, const bo_warning *w)
{
    gm_tally *ta = ctx;
    if (ta->inner->warning) ta->inner->warning(ta->inner->ctx, w);
}

/* FNV-1a of a tournament's name and rule: games find their tournament in a hash
 * table, so that a database of 100 000 games and 5 000 tournaments stays linear. */
static unsigned long tourney_hash(const char *a, const char *b)
{
    unsigned long h = 2166136261UL;
    for (const char *p = a; p && *p; p++) h = (h ^ (unsigned char)*p) * 16777619UL;
    h = (h ^ 0xFFu) * 16777619UL;
    for (const char *p = b; p && *p; p++) h = (h ^ (unsigned char)*p) * 16777619UL;
    return h;
}

static bool same_str(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* Read the database's tags and group its games by tournament (in the order they
 * first appear).  Returns 0, or -1 when it cannot (then no tally is made). */
static int tally_init(gm_tally *ta, const bo_text *t)
{
    char err[256];
    gm_read_opts ro = {.keep_moves = 1};
    if (gm_read_with(t, GM_FMT_RIF, &ro, &ta->recs, err, sizeof err) != 0) return -1;
    int n = ta->recs.n, cap = 16;
    while (cap < 2 * n) cap *= 2;
    int *slot = malloc(sizeof *slot * (size_t)cap);
    ta->group = malloc(sizeof *ta->group * (size_t)(n ? n : 1));
    ta->t = malloc(sizeof *ta->t * (size_t)(n ? n : 1));
    if (!slot || !ta->group || !ta->t) { free(slot); return -1; }
    for (int i = 0; i < cap; i++) slot[i] = -1;
    for (int i = 0; i < n; i++) {
        const bo_record *r = &ta->recs.items[i];
        const char *ev = bo_record_tag(r, "Event"), *ru = bo_record_tag(r, "RuleName");
        if (!ev) ev = "(no tournament)";
        unsigned long h = tourney_hash(ev, ru) & (unsigned long)(cap - 1);
        while (slot[h] >= 0 && !(same_str(ta->t[slot[h]].name, ev) && same_str(ta->t[slot[h]].rule, ru)))
            h = (h + 1) & (unsigned long)(cap - 1);
        if (slot[h] < 0) {
            slot[h] = ta->nt;
            ta->t[ta->nt++] = (gm_tourney){ev, ru, 0, 0, 0};
        }
        ta->group[i] = slot[h];
    }
    free(slot);
    return 0;
}

static void tally_free(gm_tally *ta)
{
    free(ta->group);
    free(ta->t);
    bo_record_list_free(&ta->recs);
}

/* A line per tournament after the games: games, ok, invalid. */
static void tally_print(const gm_tally *ta, const bo_opts *o, const char *file)
{
    for (int i = 0; i < ta->nt; i++) {
        const gm_tourney *t = &ta->t[i];
        if (o->json) {
            fputs("{\"tournament\":{\"file\":", stdout);
            bo_json_string(stdout, file);
            fputs(",\"name\":", stdout);
            bo_json_string(stdout, t->name);
            fputs(",\"rule\":", stdout);
            bo_json_string(stdout, t->rule);
            printf(",\"games\":%ld,\"ok\":%ld,\"invalid\":%ld}}\n", t->games, t->ok, t->invalid);
        } else {
            printf("%s: tournament \"%s\"", file, t->name);
            if (t->rule) printf(" (%s)", t->rule);
            printf(": %ld games, %ld ok, %ld invalid\n", t->games, t->ok, t->invalid);
        }
    }
}

/* --rules, --opening-rule and --move-time-limit become the validator's options; a
 * RenjuNet database also gets its summary per tournament. */
static int gm_cli_validate(const bo_opts *o, const bo_text *t, const bo_verdict_sink *sink, char *err, size_t errlen)
{
    gm_validate_opts vo = {.rules_given = false, .rules = GM_RENJU, .move_time_limit = o->move_time_limit,
                           .strict = o->strict, .variation_errors = o->variation_errors};
    if (o->rules) {
        gm_ruleset rs;
        if (gm_ruleset_from_name(o->rules, &rs) != 0) {
            snprintf(err, errlen, "unknown gomoku rule set '%s' (%s)", o->rules, GM_RULESET_NAMES);
            return -1;
        }
        vo.rules_given = true;
        vo.rules = rs.rules;
        vo.five_point_threes = rs.five_point_threes;
    }
    if (o->opening_rule) {
        if (gm_opening_from_name(o->opening_rule, &vo.opening) != 0) {
            snprintf(err, errlen, "unknown opening rule '%s' (%s)", o->opening_rule, GM_OPENING_NAMES);
            return -1;
        }
        vo.opening_given = true;
    }
    gm_format f;
    gm_sniff(t, &f);
    gm_tally ta;
    memset(&ta, 0, sizeof ta);
    if (f != GM_FMT_RIF || tally_init(&ta, t) != 0) {
        tally_free(&ta);
        return gm_validate_text(t, &vo, sink, err, errlen);
    }
    ta.inner = sink;
    bo_verdict_sink wrap = {.verdict = tally_verdict, .warning = tally_warning, .ctx = &ta};
    int rc = gm_validate_text(t, &vo, &wrap, err, errlen);
    if (rc == 0) {
        fflush(stdout);
        tally_print(&ta, o, t->path);
    }
    tally_free(&ta);
    return rc;
}

/* ---- moves ------------------------------------------------------------------ */

/* The longest line of S through (x,y): a win of six or more is an overline, and the
 * messages say so rather than call it a five. */
static int line_through(const gm_board *b, int x, int y, gm_stone s)
{
    static const int dx[4] = {1, 0, 1, 1}, dy[4] = {0, 1, 1, -1};
    int best = 0;
    for (int d = 0; d < 4; d++) {
        int n = 1;
        for (int k = 1; gm_at(b, x + k * dx[d], y + k * dy[d]) == s; k++) n++;
        for (int k = 1; gm_at(b, x - k * dx[d], y - k * dy[d]) == s; k++) n++;
        if (n > best) best = n;
    }
    return best;
}

/* "five in a row", or "an overline of 6" for a longer winning line. */
static const char *win_name(const gm_board *b, int x, int y, gm_stone s, char *buf, size_t n)
{
    int len = line_through(b, x, y, s);
    if (len <= 5) return "five in a row";
    snprintf(buf, n, "an overline of %d (it wins under %s)", len, b->rules == GM_RENJU ? "renju for white" : "freestyle");
    return buf;
}

/* A five already on the board ends the game: no side has a move. */
static bool five_on_board(gm_board *b, gm_stone *who, int *wx, int *wy)
{
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            gm_stone s = gm_at(b, x, y);
            if (s != GM_EMPTY && gm_is_win(b, x, y, s)) { *who = s; *wx = x; *wy = y; return true; }
        }
    return false;
}

/* A --position fault, located in the option text by line and column. */
static int position_error(const bo_opts *o, size_t off, const char *err)
{
    int line = 1;
    size_t ls = 0;
    for (size_t i = 0; i < off && o->position[i]; i++)
        if (o->position[i] == '\n') { line++; ls = i + 1; }
    bo_cli_error("--position", line, bo_utf8_col(o->position + ls, off - ls), "%s", err);
    return BO_EXIT_USAGE;
}

/* moves and perft: --rules and --position (the contest's text, located errors) as the
 * descriptor's position; the start under the rules without one.  A five already on
 * the board becomes the last stone, so that the descriptor sees the game over. */
static int gm_cli_position(const bo_opts *o, void *pos)
{
    gm_ruleset rs;
    if (rules_opt(o, &rs) != 0) return BO_EXIT_USAGE;
    gm_dpos *p = pos;
    memset(p, 0, sizeof *p);
    p->last = -1;
    const char *text = o->position ? o->position : o->fen;
    if (!text) {
        gm_board_init(&p->b, GM_RENJU_SIZE, rs.rules);
    } else {
        size_t off = 0;
        char err[256];
        if (gm_position_parse(text, rs.rules, &p->b, &off, err, sizeof err) != 0) return position_error(o, off, err);
    }
    p->b.renju_five_point_threes = rs.five_point_threes;
    gm_stone who;
    int wx, wy;
    if (five_on_board(&p->b, &who, &wx, &wy)) p->last = wy * p->b.size + wx;
    return BO_EXIT_OK;
}

/* moves --forbidden: black's forbidden points, by column then row, and why. */
static int gm_cli_forbidden(const bo_opts *o, const void *pos, FILE *out)
{
    gm_board b = ((const gm_dpos *)pos)->b;
    if (b.rules != GM_RENJU) {
        bo_cli_error(NULL, 0, 0, "forbidden points exist only under renju and renju-five-threes (--rules %s has none)",
                     gm_rules_name(b.rules));
        return BO_EXIT_USAGE;
    }
    int xs[GM_MAX_SIZE * GM_MAX_SIZE], ys[GM_MAX_SIZE * GM_MAX_SIZE];
    gm_foul kinds[GM_MAX_SIZE * GM_MAX_SIZE];
    int n = gm_scan_fouls(&b, xs, ys, kinds, GM_MAX_SIZE * GM_MAX_SIZE);
    if (n > GM_MAX_SIZE * GM_MAX_SIZE) n = GM_MAX_SIZE * GM_MAX_SIZE;
    for (int i = 0; i < n; i++) {
        char c[GM_COORD_MAX];
        gm_coord_format(xs[i], ys[i], c);
        if (o->json) bo_cli_json_move(out, "point", c, "foul", gm_foul_name(kinds[i]));
        else fprintf(out, "%s %s\n", c, gm_foul_name(kinds[i]));
    }
    if (o->json) bo_cli_json_moves_summary(out, n, NULL, NULL);
    return BO_EXIT_OK;
}

/* moves with none: a five on the board (who, and through which point), a full
 * board, or black left with forbidden points only. */
static void gm_cli_moves_ending(const bo_opts *o, const void *pos, FILE *out)
{
    gm_board b = ((const gm_dpos *)pos)->b;
    const char *side = b.to_move == GM_BLACK ? "black" : "white";
    gm_stone who;
    int wx, wy;
    if (five_on_board(&b, &who, &wx, &wy)) {
        char c[GM_COORD_MAX], wn[96];
        fprintf(stderr, "boyi: the game is over: %s has %s through %s\n", who == GM_BLACK ? "black" : "white",
                win_name(&b, wx, wy, who, wn, sizeof wn), gm_coord_format(wx, wy, c));
        if (o->json) {
            bo_json j;
            bo_json_begin(&j, out);
            bo_json_int(&j, "count", 0);
            bo_json_str(&j, "side", side);
            bo_json_str(&j, "ending", "five");
            bo_json_str(&j, "winner", who == GM_BLACK ? "black" : "white");
            bo_json_str(&j, "through", c);
            bo_json_end(&j);
        }
        return;
    }
    if (o->json) bo_cli_json_moves_summary(out, 0, side, b.stones >= b.size * b.size ? "full-board" : "no-move");
}

/* ---- convert ------------------------------------------------------------------ */

/* Warnings in the house style, beside bo_cli_error's errors. */
static void print_warning(const char *file, int line, int col, int game, const char *msg)
{
    fprintf(stderr, "boyi: %s", file);
    if (line > 0) fprintf(stderr, ":%d", line);
    if (line > 0 && col > 0) fprintf(stderr, ":%d", col);
    fprintf(stderr, ": warning: game %d: %s\n", game, msg);
}

/* Every game of the file; a game that cannot be read whole is not written. */
static int gm_cli_convert(const bo_opts *o, const bo_text *t, FILE *out)
{
    gm_format to;
    if (gm_format_from_name(o->to, &to) != 0) {
        bo_cli_error(NULL, 0, 0, "gomoku records convert to contest, psq, sgf or moves, not '%s'", o->to);
        return BO_EXIT_USAGE;
    }
    gm_ruleset rs;
    if (rules_opt(o, &rs) != 0) return BO_EXIT_USAGE;
    gm_rules rules = rs.rules; /* record files name no renju variant: renju-five-threes is written as renju */
    bo_record_list l = {0};
    char err[512];
    /* no game holds more moves than the board has points: a longer record (a
     * decompression bomb, say) is read once, keeps a few hundred moves, and is refused */
    gm_read_opts ro = {.keep_moves = GM_KEEP_FOR_VALIDATION, .strict = o->strict};
    if (gm_read_with(t, GM_FMT_NONE, &ro, &l, err, sizeof err) != 0) {
        bo_cli_error(t->path, 1, 1, "%s", err);
        return BO_EXIT_USAGE;
    }
    int rc = BO_EXIT_OK;
    for (int k = 0; k < l.n; k++) {
        const bo_record *r = &l.items[k];
        bool broken = false;
        for (int i = 0; i < r->nnotes; i++) {
            const bo_note *nt = &r->notes[i];
            if (nt->kind == BO_NOTE_WARNING) print_warning(t->path, nt->line, nt->col, r->index, nt->text);
            else if (!broken) {
                bo_cli_error(t->path, nt->line, nt->col, "game %d: %s (not converted)", r->index, nt->text);
                broken = true;
            }
        }
        if (broken) { rc = BO_EXIT_INVALID; continue; }
        gm_game g;
        int bad;
        if (gm_game_from_record(r, &g, &bad, err, sizeof err) != 0) {
            bo_cli_error(t->path, bad >= 0 ? r->moves[bad].line : 0, bad >= 0 ? r->moves[bad].col : 0, "game %d: %s",
                         r->index, err);
            rc = BO_EXIT_INVALID;
            continue;
        }
        if (g.unkept > 0) {
            bo_cli_error(t->path, r->line, 0, "game %d has %ld moves, more than a %dx%d board has points (not converted)",
                         r->index, (long)g.n + g.unkept, g.size, g.size);
            rc = BO_EXIT_INVALID;
            gm_game_free(&g);
            continue;
        }
        if (o->rules) { g.rules = rules; g.rules_known = true; }
        int nv = bo_record_count_variations(r);
        if (nv > 0 && to != GM_FMT_SGF) {
            char w[160];
            snprintf(w, sizeof w, "%d variation%s not written: the %s format cannot hold variations (sgf can)", nv,
                     nv == 1 ? "" : "s", gm_format_name(to));
            print_warning(t->path, r->line, 0, r->index, w);
        }
        if (gm_write(out, to, &g, err, sizeof err) != 0) {
            int bi = -1;
            for (int i = 0; i < g.n; i++)
                if (!gm_coord_on_board(g.size, g.moves[i].x, g.moves[i].y)) { bi = i; break; }
            bo_cli_error(t->path, bi >= 0 ? g.moves[bi].line : r->line, bi >= 0 ? g.moves[bi].col : 0, "game %d: %s",
                         r->index, err);
            rc = BO_EXIT_INVALID;
        }
        gm_game_free(&g);
    }
    bo_record_list_free(&l);
    return rc;
}

/* ---- bench -------------------------------------------------------------------- */

/* Positions of our own that exercise the foul scan: crowded centres, lines of every
 * shape, the corpus's notation. */
static const char *const bench_positions[] = {
    "black: h8 i9 g7 j8 h10 f8 e9 k7; white: i8 g9 h9 i7 j7 g6 k9",
    "black: h8 h9 h11 j8 k8 i10 g10 f7 e6 l9; white: i8 g8 h7 j9 k10 i11 g11 m8 e8",
    "black: g9 e8 h8 e7 e6 f6 g6 e5; white: i10 e9 f9 h9 i9 f7 e4",
    "black: f10 j10 g9 i9 h8 j8 f7 h7 j7 f6; white: e12 f11 g10 i10 i8 g7 i7 k7 j6 f5",
    "black: e13 c12 e12 b11 e11 a10 d8 e8 g8 h8 i8 b4 l4 m4 b3 d3 k3 m3 d2; white: e10",
    "black: d4 e5 f6 h8 i9 k11 l12 d12 e11 f10 h6 i5 l4 m3; white: a1 o15 a15 o1 c3 n13",
};

/* Boards along engine self-play games: realistic middle games of every length. */
static int selfplay_positions(gm_board *pos, int cap, int games, uint64_t seed)
{
    int n = 0;
    for (int g = 0; g < games && n < cap; g++) {
        gm_board b;
        gm_board_init(&b, GM_RENJU_SIZE, GM_RENJU);
        gm_stone side = GM_BLACK;
        for (int ply = 0; ply < 60 && n < cap; ply++) {
            int x, y;
            if (gm_engine_move(&b, side, seed + (uint64_t)g * 7919u + (uint64_t)ply, &x, &y) != 0) break;
            if (gm_place(&b, x, y, side) != 0) break;
            if (ply >= 4) pos[n++] = b;
            if (gm_is_win(&b, x, y, side)) break;
            side = side == GM_BLACK ? GM_WHITE : GM_BLACK;
        }
    }
    return n;
}

/* A file given to the bench: position blocks (the corpus's form) or records. */
static int file_positions(const char *path, gm_board *pos, int cap)
{
    char err[512];
    bo_text t;
    if (bo_text_load(&t, path, err, sizeof err) != 0) {
        bo_cli_error(path, 0, 0, "%s", err);
        return -1;
    }
    bo_cli_text_warnings(&t);
    int n = 0;
    if (strstr(t.data, "black:") && strstr(t.data, "white:")) {
        /* blocks separated by blank lines */
        char *p = t.data;
        while (*p && n < cap) {
            char *e = strstr(p, "\n\n");
            if (e) *e = '\0';
            if (strstr(p, "black:")) {
                size_t off;
                if (gm_position_parse(p, GM_RENJU, &pos[n], &off, err, sizeof err) == 0) n++;
                else bo_cli_error(path, 0, 0, "%s (block skipped)", err);
            }
            if (!e) break;
            p = e + 2;
        }
    } else {
        bo_record_list l = {0};
        gm_read_opts ro = {.keep_moves = GM_KEEP_FOR_VALIDATION};
        if (gm_read_with(&t, GM_FMT_NONE, &ro, &l, err, sizeof err) != 0) {
            bo_cli_error(path, 1, 1, "%s", err);
            bo_text_free(&t);
            return -1;
        }
        for (int k = 0; k < l.n && n < cap; k++) {
            gm_game g;
            int bad;
            if (gm_game_from_record(&l.items[k], &g, &bad, err, sizeof err) != 0) continue;
            gm_board b;
            gm_board_init(&b, GM_RENJU_SIZE, GM_RENJU);
            for (int i = 0; i < g.n && n < cap; i++) {
                if (gm_place(&b, g.moves[i].x, g.moves[i].y, i % 2 ? GM_WHITE : GM_BLACK) != 0) break;
                pos[n++] = b;
            }
            gm_game_free(&g);
        }
        bo_record_list_free(&l);
    }
    bo_text_free(&t);
    return n;
}

/* One figure for the goal: microseconds per full-board foul scan. */
static int gm_cli_bench(const bo_opts *o, FILE *out)
{
    int a = 0;
    if (a < o->nargs && strcmp(o->args[a], "fouls") == 0) a++;
    enum { CAP = 4096 };
    gm_board *pos = malloc(CAP * sizeof *pos);
    if (!pos) { bo_cli_error(NULL, 0, 0, "out of memory"); return BO_EXIT_USAGE; }
    int n = 0, embedded = 0, from_files = 0;
    for (size_t i = 0; i < sizeof bench_positions / sizeof *bench_positions; i++) {
        size_t off;
        char err[256];
        if (gm_position_parse(bench_positions[i], GM_RENJU, &pos[n], &off, err, sizeof err) == 0) { n++; embedded++; }
    }
    for (; a < o->nargs; a++) {
        int k = file_positions(o->args[a], pos + n, CAP - n);
        if (k < 0) { free(pos); return BO_EXIT_USAGE; }
        n += k;
        from_files += k;
    }
    /* the engine thinks for real: keep the bench quick (--games N for more or fewer) */
    const int games = o->games > 0 ? (int)(o->games < 64 ? o->games : 64) : 4;
    int from_games = selfplay_positions(pos + n, CAP - n < 600 ? CAP - n : 600, games, o->seed ? o->seed : 1);
    n += from_games;
    /* calibrate: about half a second of scanning in all */
    double us1 = gm_bench_scan(pos, n, 1);
    int reps = us1 > 0 ? (int)(500000.0 / (us1 * n)) : 100;
    if (reps < 1) reps = 1;
    if (reps > 100000) reps = 100000;
    /* the engine times by the wall clock; CPU time beside it shows what a loaded
     * machine hides */
    struct timespec c0, c1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    double us = gm_bench_scan(pos, n, reps);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    double cpu_us = ((double)(c1.tv_sec - c0.tv_sec) * 1e6 + (double)(c1.tv_nsec - c0.tv_nsec) / 1e3) / ((double)n * reps);
    long fouls = 0;
    int xs[GM_MAX_SIZE * GM_MAX_SIZE], ys[GM_MAX_SIZE * GM_MAX_SIZE];
    for (int i = 0; i < n; i++) fouls += gm_scan_fouls(&pos[i], xs, ys, NULL, GM_MAX_SIZE * GM_MAX_SIZE);
    if (o->json) {
        bo_json j;
        bo_json_begin(&j, out);
        bo_json_str(&j, "game", "gomoku");
        bo_json_str(&j, "bench", "fouls");
        bo_json_int(&j, "positions", n);
        bo_json_int(&j, "embedded", embedded);
        bo_json_int(&j, "selfplay", from_games);
        bo_json_int(&j, "selfplay_games", games);
        bo_json_int(&j, "from_files", from_files);
        bo_json_int(&j, "forbidden_points", fouls);
        bo_json_int(&j, "reps", reps);
        bo_json_num(&j, "us_per_scan", us, 2);
        bo_json_num(&j, "cpu_us_per_scan", cpu_us, 2);
        bo_json_end(&j);
        free(pos);
        return BO_EXIT_OK;
    }
    fprintf(out, "fouls: %d positions (%d embedded, %d from %d self-play games, %d from files), %ld forbidden points, %d reps\n",
            n, embedded, from_games, games, from_files, fouls, reps);
    fprintf(out, "fouls: %.2f us per full-board scan\n", us);
    fprintf(out, "fouls: %.2f us CPU time per full-board scan\n", cpu_us);
    free(pos);
    return BO_EXIT_OK;
}

/* ---- play ---------------------------------------------------------------------- */

/* The board as the contest shows it: ● ○ stones, ▲ △ for the stone just played. */
static void show_board(const gm_board *b, int lx, int ly, FILE *out)
{
    fputs("   ", out);
    for (int x = 0; x < b->size; x++) fprintf(out, " %c", 'A' + x);
    fputc('\n', out);
    for (int y = b->size - 1; y >= 0; y--) {
        fprintf(out, "%2d ", y + 1);
        for (int x = 0; x < b->size; x++) {
            gm_stone s = gm_at(b, x, y);
            bool last = x == lx && y == ly;
            const char *g = s == GM_BLACK ? (last ? "▲" : "●") : s == GM_WHITE ? (last ? "△" : "○") : "+";
            fprintf(out, " %s", g);
        }
        fprintf(out, " %2d\n", y + 1);
    }
    fputs("   ", out);
    for (int x = 0; x < b->size; x++) fprintf(out, " %c", 'A' + x);
    fputc('\n', out);
}

static const char *side_cn(gm_stone s) { return s == GM_BLACK ? "黑方" : "白方"; }
static const char *side_en(gm_stone s) { return s == GM_BLACK ? "black" : "white"; }

/* Read one line of human input; false at end of input. */
static bool read_line(FILE *in, char *buf, size_t n)
{
    if (!fgets(buf, (int)n, in)) return false;
    size_t l = strlen(buf);
    if (l == n - 1 && buf[l - 1] != '\n') {
        int c;
        while ((c = fgetc(in)) != EOF && c != '\n') {}
    }
    while (l && (buf[l - 1] == '\n' || buf[l - 1] == '\r' || buf[l - 1] == ' ')) buf[--l] = '\0';
    return true;
}

/* After a stone: five, full board, or play on.  Returns true when the game ended. */
static bool game_over(const gm_board *b, int x, int y, gm_stone s, FILE *out)
{
    if (gm_is_win(b, x, y, s)) {
        char wn[96];
        fprintf(out, "结果: %s胜 (%s wins: %s through %c %d)\n", side_cn(s), side_en(s), win_name(b, x, y, s, wn, sizeof wn),
                'a' + x, y + 1);
        return true;
    }
    if (b->stones >= b->size * b->size) {
        fputs("结果: 平局 (draw: the board is full)\n", out);
        return true;
    }
    return false;
}

/* The human's turn: ask until a legal move arrives.  Returns 1 move made, 0 game
 * ended (resigned or foul), -1 end of input. */
static int human_turn(gm_board *b, gm_stone me, FILE *in, FILE *out, int *mx, int *my)
{
    /* A program on the other end of a pipe reads whole lines; a person at a terminal
     * types after the prompt. */
    bool tty = isatty(fileno(in));
    for (;;) {
        fprintf(out, "你的落子 (%s %s, e.g. f 8):%s", side_cn(me), side_en(me), tty ? " " : "\n");
        fflush(out);
        char line[256];
        if (!read_line(in, line, sizeof line)) return -1;
        if (!line[0]) continue;
        if (strcasecmp(line, "quit") == 0 || strcasecmp(line, "resign") == 0 || strcmp(line, "认输") == 0) {
            fprintf(out, "\n%s认输. 结果: %s胜 (%s resigns)\n", side_cn(me), side_cn(me == GM_BLACK ? GM_WHITE : GM_BLACK),
                    side_en(me));
            return 0;
        }
        int x, y;
        if (gm_coord_parse(line, &x, &y) != 0) {
            fprintf(out, "\n无法识别 '%s': type a column letter a-%c and a row 1-%d, e.g. f 8\n", line, 'a' + b->size - 1,
                    b->size);
            continue;
        }
        if (!gm_coord_on_board(b->size, x, y)) {
            fprintf(out, "\n%s is off the board (columns a-%c, rows 1-%d); try again\n", line, 'a' + b->size - 1, b->size);
            continue;
        }
        if (gm_at(b, x, y) != GM_EMPTY) {
            fprintf(out, "\n%c %d is already occupied; try again\n", 'a' + x, y + 1);
            continue;
        }
        if (b->rules == GM_RENJU && b->stones == 0 && (x != 7 || y != 7)) {
            fputs("\nblack's first stone goes on h 8 (天元); try again\n", out);
            continue;
        }
        if (b->rules == GM_RENJU && me == GM_BLACK) {
            gm_foul f = gm_foul_at(b, x, y);
            if (f != GM_FOUL_NONE) {
                char why[400];
                gm_foul_explain(b, x, y, why, sizeof why);
                fprintf(out, "\n禁手! black's %c %d is forbidden: %s\n结果: 白方胜 (white wins: black's forbidden move)\n",
                        'a' + x, y + 1, why);
                return 0;
            }
        }
        gm_place(b, x, y, me);
        *mx = x;
        *my = y;
        return 1;
    }
}

/* The contest's terminal game, human-first or engine-first. */
static int gm_cli_play(const bo_opts *o, FILE *in, FILE *out)
{
    if (o->human_first && o->engine_first) {
        bo_cli_error(NULL, 0, 0, "choose one of --human-first and --engine-first");
        return BO_EXIT_USAGE;
    }
    gm_ruleset rs;
    if (rules_opt(o, &rs) != 0) return BO_EXIT_USAGE;
    gm_rules rules = rs.rules;
    gm_board b;
    gm_board_init(&b, GM_RENJU_SIZE, rules);
    gm_stone side = GM_BLACK;
    if (o->position) {
        /* play on from a given position (practice, and tests of the end of a game) */
        size_t off = 0;
        char err[256];
        if (gm_position_parse(o->position, rules, &b, &off, err, sizeof err) != 0) return position_error(o, off, err);
        side = b.to_move;
        gm_stone who;
        int wx, wy;
        if (five_on_board(&b, &who, &wx, &wy)) {
            bo_cli_error("--position", 0, 0, "the game is already over: %s has five", side_en(who));
            return BO_EXIT_USAGE;
        }
    }
    /* after the position (which sets the board up afresh): the engine, the foul check
     * and the human's moves all judge by this board's option */
    b.renju_five_point_threes = rs.five_point_threes;
    gm_stone human = o->engine_first ? GM_WHITE : GM_BLACK;
    fprintf(out, "五子棋 (%s): %s (%s). Type moves like f 8; 'quit' resigns.\n", gm_ruleset_name(rs),
            human == GM_BLACK ? "人先 you are black" : "机先 the engine is black", human == GM_BLACK ? "--human-first" : "--engine-first");
    int lx = -1, ly = -1;
    if (o->position) show_board(&b, lx, ly, out);
    for (;;) {
        int x, y;
        if (side == human) {
            int r = human_turn(&b, human, in, out, &x, &y);
            if (r < 0) {
                fprintf(out, "\ninput ended: game abandoned after %d moves\n", b.stones);
                return BO_EXIT_OK;
            }
            if (r == 0) return BO_EXIT_OK;
        } else {
            if (b.stones == 0 && rules == GM_RENJU) { x = 7; y = 7; }
            else if (gm_engine_move(&b, side, o->seed * 1000003u + (uint64_t)b.stones, &x, &y) != 0) {
                fputs("结果: 平局 (draw: no move left)\n", out);
                return BO_EXIT_OK;
            }
            if (gm_at(&b, x, y) != GM_EMPTY || !gm_coord_on_board(b.size, x, y)
                || (rules == GM_RENJU && side == GM_BLACK && gm_foul_at(&b, x, y) != GM_FOUL_NONE)) {
                bo_cli_error(NULL, 0, 0, "internal error: the engine chose an illegal point (%d,%d)", x, y);
                return BO_EXIT_USAGE;
            }
            gm_place(&b, x, y, side);
            char c[GM_COORD_MAX];
            fprintf(out, "\n最后落子%s\n", gm_coord_format_spaced(x, y, c));
        }
        lx = x;
        ly = y;
        show_board(&b, lx, ly, out);
        if (game_over(&b, x, y, side, out)) return BO_EXIT_OK;
        side = side == GM_BLACK ? GM_WHITE : GM_BLACK;
    }
}

/* The descriptor's Gomoku position knows its last stone; from a record, the stones of
 * the line carry their move numbers, as game records are printed. */
static int gm_cli_render(const bo_opts *o, const void *pos, uint32_t last, const uint32_t *line, int nline, FILE *out)
{
    (void)o;
    (void)last;
    const gm_dpos *p = pos;
    int lx = p->last >= 0 ? p->last % p->b.size : -1, ly = p->last >= 0 ? p->last / p->b.size : -1;
    if (!line) {
        gm_svg_write(out, &p->b, NULL, lx, ly);
        return BO_EXIT_OK;
    }
    int (*numbers)[GM_MAX_SIZE] = calloc(GM_MAX_SIZE, sizeof *numbers);
    if (!numbers) { bo_cli_error(NULL, 0, 0, "out of memory"); return BO_EXIT_USAGE; }
    for (int i = 0; i < nline; i++) {
        int x = (int)line[i] % p->b.size, y = (int)line[i] / p->b.size;
        if (gm_at(&p->b, x, y) != GM_EMPTY) numbers[y][x] = i + 1;
    }
    gm_svg_write(out, &p->b, (const int (*)[GM_MAX_SIZE])numbers, lx, ly);
    free(numbers);
    return BO_EXIT_OK;
}

/* ---- replay and write_game (annotate, render from a record) ------------------- */

/* A verdict kept beyond its sink call: its strings copied. */
typedef struct kept_verdict {
    bo_verdict v;
    char *strs[7];
} kept_verdict;

typedef struct kept_list {
    kept_verdict *items;
    int n, cap, oom;
} kept_list;

/* A copy of S, NULL for NULL (and, out of memory, NULL too). */
static char *dup_str(const char *s) { return s ? strdup(s) : NULL; }

/* The validator's verdicts, kept in file order for the replay to hand on. */
static void keep_verdict(void *ctx, const bo_verdict *v)
{
    kept_list *l = ctx;
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 16;
        kept_verdict *it = realloc(l->items, (size_t)cap * sizeof *it);
        if (!it) { l->oom = 1; return; }
        l->items = it;
        l->cap = cap;
    }
    kept_verdict *k = &l->items[l->n++];
    k->v = *v;
    const char *src[7] = {v->result, v->ending, v->event, v->side, v->move_text, v->kind, v->message};
    const char **dst[7] = {&k->v.result, &k->v.ending, &k->v.event, &k->v.side, &k->v.move_text, &k->v.kind,
                           &k->v.message};
    for (int i = 0; i < 7; i++) *dst[i] = k->strs[i] = dup_str(src[i]);
    k->v.players[0] = k->v.players[1] = NULL;   /* the record's; the replay has its tags */
}

static void free_kept(kept_list *l)
{
    for (int i = 0; i < l->n; i++)
        for (int k = 0; k < 7; k++) free(l->items[i].strs[k]);
    free(l->items);
}

/* What write_game needs beside the record: the decoded game and its format. */
typedef struct gm_rec_priv {
    const gm_game *g;
    gm_format fmt;
} gm_rec_priv;

/* Read and replay every game of T: the verdicts are validate's own (one pass of
 * the validator), the moves those it replayed, as points y * size + x. */
static int gm_cli_replay(const bo_opts *o, const bo_text *t, bo_cli_game_fn each, void *ctx, char *err, size_t errlen)
{
    kept_list kept = {0};
    bo_verdict_sink sink = {keep_verdict, bo_warning_ignore, &kept};
    if (gm_cli_validate(o, t, &sink, err, errlen) != 0) { free_kept(&kept); return -1; }
    gm_ruleset rs = {GM_RENJU, false};
    if (o->rules) gm_ruleset_from_name(o->rules, &rs);   /* checked by gm_cli_validate */
    bo_record_list l = {0};
    gm_read_opts ro = {.keep_moves = GM_KEEP_FOR_VALIDATION, .strict = o->strict};
    gm_format fmt = GM_FMT_NONE;
    gm_sniff(t, &fmt);
    int rc = 0;
    if (kept.oom || gm_read_with(t, GM_FMT_NONE, &ro, &l, err, errlen) != 0) {
        if (kept.oom) snprintf(err, errlen, "out of memory");
        free_kept(&kept);
        return -1;
    }
    uint32_t *moves = malloc((size_t)(GM_MAX_SIZE * GM_MAX_SIZE + 1) * sizeof *moves);
    if (!moves) { snprintf(err, errlen, "out of memory"); rc = -1; }
    for (int k = 0; rc == 0 && k < l.n && k < kept.n; k++) {
        const bo_record *r = &l.items[k];
        const bo_verdict *v = &kept.items[k].v;
        gm_game g;
        int bad;
        char derr[256];
        bool decoded = gm_game_from_record(r, &g, &bad, derr, sizeof derr) == 0;
        BO_ALIGNED unsigned char posbuf[BO_POS_MAX];
        gm_dpos *start = (gm_dpos *)posbuf;
        memset(start, 0, sizeof *start);
        start->last = -1;
        gm_rules rules = o->rules ? rs.rules : decoded && g.rules_known ? g.rules : GM_RENJU;
        gm_board_init(&start->b, decoded ? g.size : GM_RENJU_SIZE, rules);
        start->b.renju_five_point_threes = rs.five_point_threes;
        int n = 0;
        if (decoded) {
            int upto = v->moves < g.n ? v->moves : g.n;
            for (; n < upto && gm_coord_on_board(g.size, g.moves[n].x, g.moves[n].y); n++)
                moves[n] = (uint32_t)(g.moves[n].y * g.size + g.moves[n].x);
        }
        gm_game none = {.rec = r, .size = GM_RENJU_SIZE};
        gm_rec_priv priv = {decoded ? &g : &none, fmt};
        bo_cli_game_rec rec = {t->path, (bo_record *)r, start, moves, n, v, &priv, NULL};
        int stop = each(ctx, &rec);
        if (decoded) gm_game_free(&g);
        if (stop) break;
    }
    free(moves);
    bo_record_list_free(&l);
    free_kept(&kept);
    return rc;
}

/* Write the game in its own format (or --to's); only SGF holds comments. */
static int gm_cli_write_game(const bo_opts *o, const bo_cli_game_rec *g, FILE *out, char *err, size_t errlen)
{
    const gm_rec_priv *pv = g->priv;
    gm_format fmt = pv->fmt;
    if (o->to && gm_format_from_name(o->to, &fmt) != 0) {
        snprintf(err, errlen, "gomoku records are written as contest, psq, sgf or moves, not '%s'", o->to);
        return -1;
    }
    if (pv->g->n == 0 && g->r->nmoves > 0) {
        snprintf(err, errlen, "its moves cannot be read, so it is not written");
        return -1;
    }
    int commented = 0;
    for (int i = 0; i < g->r->nmoves; i++) commented += g->r->moves[i].comment != NULL;
    if (fmt != GM_FMT_SGF && commented > 0)
        fprintf(stderr, "boyi: %s: game %d: warning: the %s format cannot hold comments: %d comment%s not written "
                "(sgf holds them)\n", g->path, g->r->index, gm_format_name(fmt), commented, commented == 1 ? "" : "s");
    return gm_write(out, fmt, pv->g, err, errlen);
}

/* ---- games boyi played ------------------------------------------------------- */

/* A self-play or match game as a contest record ({[..]..}; --to picks psq, sgf or
 * moves).  The contest formats start from the empty board: a game from set-up stones
 * cannot be written in them. */
static int gm_write_played(const bo_opts *o, const bo_cli_played *p, FILE *out, char *err, size_t errlen)
{
    gm_format fmt = GM_FMT_CONTEST;
    if (o->to && gm_format_from_name(o->to, &fmt) != 0)
        return snprintf(err, errlen, "gomoku records are contest, psq, sgf or moves, not '%s'", o->to), -1;
    const gm_dpos *start = p->start;
    const gm_board *b = &start->b;
    if (b->stones > 0)
        return snprintf(err, errlen, "game %ld starts from set-up stones, which Gomoku records cannot hold; "
                                     "give openings as moves", p->round), -1;
    gm_gmove *moves = calloc((size_t)(p->nmoves ? p->nmoves : 1), sizeof *moves);
    if (!moves) return snprintf(err, errlen, "out of memory"), -1;
    for (int i = 0; i < p->nmoves; i++) {
        moves[i].x = (int)(p->moves[i] % (uint32_t)b->size);
        moves[i].y = (int)(p->moves[i] / (uint32_t)b->size);
        moves[i].colour = i % 2 == 0 ? GM_BLACK : GM_WHITE;
        moves[i].time_ms = p->ms ? p->ms[i] : -1;
    }
    bo_record r;
    bo_record_init(&r, (int)p->round, 0);
    char round[32];
    snprintf(round, sizeof round, "%ld", p->round);
    bo_record_set_tag(&r, "Event", p->event);
    bo_record_set_tag(&r, "Round", round);
    bo_record_set_tag(&r, "Black", p->first_name);
    bo_record_set_tag(&r, "White", p->second_name);
    bo_record_set_tag(&r, "Termination", p->termination);
    if (o->opening_rule) bo_record_set_tag(&r, "Opening", o->opening_rule);   /* the stones and colours came from it */
    gm_game g = {.rec = &r, .size = b->size, .rules_known = true, .rules = b->rules, .moves = moves, .n = p->nmoves,
                 .result = p->score_first == 1.0 ? GM_RES_BLACK : p->score_first == 0.0 ? GM_RES_WHITE : GM_RES_DRAW};
    int rc = gm_write(out, fmt, &g, err, errlen);
    bo_record_free(&r);
    free(moves);
    return rc;
}

/* Botzone's Gomoku and Renju points: x the column from 0 (the move text's letter), y
 * the row from 0 (the move text's number - 1), as for Gomocup (docs/botzone.md). */
static int gm_bz_to_xy(const void *pos, uint32_t m, int *x, int *y)
{
    int size = ((const gm_dpos *)pos)->b.size;
    if ((int)m >= size * size) return -1;
    *x = (int)m % size;
    *y = (int)m / size;
    return 0;
}

static int gm_bz_from_xy(const void *pos, int x, int y, uint32_t *m)
{
    int size = ((const gm_dpos *)pos)->b.size;
    if (x < 0 || y < 0 || x >= size || y >= size) return -1;
    *m = (uint32_t)(y * size + x);
    return 0;
}

static const bz_xy gm_botzone = {gm_bz_to_xy, gm_bz_from_xy};

const bo_game_cli bo_game_gomoku = {
    .name = "gomoku",
    .rules_help = GM_RULESET_NAMES,
    .sniff = gm_cli_sniff,
    .validate = gm_cli_validate,
    .split = bo_split_gomoku,   /* and PSQ headers */
    .position = gm_cli_position,
    .move_key = "point",
    .moves_ending = gm_cli_moves_ending,
    .forbidden = gm_cli_forbidden,
    .convert = gm_cli_convert,
    .bench = gm_cli_bench,
    .play = gm_cli_play,
    .render = gm_cli_render,
    .replay = gm_cli_replay,
    .write_game = gm_cli_write_game,
    .eval_scale = 1500,
    .played_ext = "txt",
    .write_played = gm_write_played,
    .botzone = &gm_botzone,
};
