/* game_draughts.c -- the draughts front end of the boyi binary: which files are PDN,
 * validate, convert, bench, and the
 * position text of moves and perft. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "cli.h"
#include "core.h"
#include "dr_svg.h"
#include "dr_moves_text.h"
#include "dr_pdn.h"
#include "dr_validate.h"
#include "draughts.h"
#include "game.h"

static int dr_sniff(const bo_text *t)
{
    if (t->encoding == BO_ENC_BINARY) return 0;
    return dr_pdn_sniff(t->data, t->len);
}

/* The rules in force: --rules (fmjd, ccgc) and --draw-rules (none, all, or a list of
 * threefold, 25, 16, 5). */
static int cli_rules(const bo_opts *o, dr_rules *r, char *err, size_t errlen)
{
    dr_rules_default(r);
    if (o->rules && dr_rules_by_name(r, o->rules, err, errlen) != 0) return -1;
    if (!o->draw_rules) return 0;
    char list[128];
    snprintf(list, sizeof list, "%s", o->draw_rules);
    for (char *save = NULL, *w = strtok_r(list, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        if (strcasecmp(w, "none") == 0) { r->threefold = r->move25 = r->move16 = r->move5 = false; }
        else if (strcasecmp(w, "all") == 0 || strcasecmp(w, "fmjd") == 0) { r->threefold = r->move25 = r->move16 = r->move5 = true; }
        else if (strcasecmp(w, "threefold") == 0 || strcasecmp(w, "repetition") == 0) r->threefold = true;
        else if (strcmp(w, "25") == 0 || strcasecmp(w, "move25") == 0) r->move25 = true;
        else if (strcmp(w, "16") == 0 || strcasecmp(w, "move16") == 0) r->move16 = true;
        else if (strcmp(w, "5") == 0 || strcasecmp(w, "move5") == 0) r->move5 = true;
        else {
            snprintf(err, errlen, "unknown draw rule '%s' (known: threefold, 25, 16, 5, all, none)", w);
            return -1;
        }
    }
    return 0;
}

/* A file is readable as PDN when it is text and holds at least one game. */
static int check_text(const bo_text *t, char *err, size_t errlen)
{
    if (t->encoding == BO_ENC_BINARY) {
        int line, col;
        unsigned byte;
        bo_text_first_bad_byte(t, &line, &col, &byte);
        snprintf(err, errlen, "line %d, column %d: byte 0x%02X is not text: this is no PDN file", line, col, byte);
        return -1;
    }
    return 0;
}

typedef struct read_ctx {
    const char *path;
    const dr_rules *rules;
    const bo_verdict_sink *sink;
    int games;
    dr_validate_options vopt;
} read_ctx;

static int validate_game(dr_pdn_game *g, void *vctx)
{
    read_ctx *c = vctx;
    c->games++;
    dr_validate_record_with(&g->rec, c->path, c->rules, &c->vopt, c->sink);
    return 0;
}

static int dr_validate_cli(const bo_opts *o, const bo_text *t, const bo_verdict_sink *sink, char *err, size_t errlen)
{
    dr_rules rules;
    if (cli_rules(o, &rules, err, errlen) != 0) return -1;
    if (check_text(t, err, errlen) != 0) return -1;
    /* the contest's rules named: a win off the board must say why (result_policy.h) */
    bool contest = o->rules && strcasecmp(o->rules, "ccgc") == 0;
    read_ctx c = {t->path, &rules, sink, 0, {o->strict, o->variation_errors, contest}};
    dr_pdn_options popt = {o->strict};
    if (dr_pdn_read_with(t->data, t->len, &popt, validate_game, &c, err, errlen) != 0) return -1;
    if (c.games == 0) {
        snprintf(err, errlen, "%s", t->len == 0 ? "the file is empty" : "no PDN game in the file (only blanks and % comments)");
        return -1;
    }
    return 0;
}

/* The position of --fen (or --position), else the start with the rules' first side. */
static int cli_position(const bo_opts *o, const dr_rules *rules, dr_pos *p)
{
    const char *fen = o->fen ? o->fen : o->position;
    if (!fen) { dr_pos_start_variant(p, rules->variant, rules->first); return 0; }
    char err[256];
    bool unknown = false;
    if (dr_pos_from_fen(p, fen, &unknown, err, sizeof err) != 0 || dr_pos_set_variant(p, rules->variant, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "bad FEN '%s': %s", fen, err);
        return -1;
    }
    if (dr_pos_unreachable(p, err, sizeof err)) {
        if (o->strict) {
            bo_cli_error(NULL, 0, 0, "FEN '%s' cannot occur in a game: %s (--strict)", fen, err);
            return -1;
        }
        fprintf(stderr, "boyi: warning: FEN '%s' cannot occur in a game: %s (read as a composed position)\n", fen, err);
    }
    return 0;
}

static int setup(const bo_opts *o, dr_rules *rules, dr_pos *p)
{
    char err[256];
    if (cli_rules(o, rules, err, sizeof err) != 0) { bo_cli_error(NULL, 0, 0, "%s", err); return -1; }
    return cli_position(o, rules, p);
}

/* moves and perft: --rules, --draw-rules and --fen read with the warnings for
 * positions no game reaches (refused under --strict). */
static int dr_cli_position(const bo_opts *o, void *pos)
{
    dr_rules rules;
    return setup(o, &rules, pos) == 0 ? BO_EXIT_OK : BO_EXIT_USAGE;
}

typedef struct convert_ctx {
    const char *path;
    const dr_rules *rules;
    FILE *out;
    int rc;
} convert_ctx;

/* Convert writes what it read; what the reader had to forgive is said on stderr. */
static int convert_game(dr_pdn_game *g, void *vctx)
{
    convert_ctx *c = vctx;
    for (int i = 0; i < g->rec.nnotes; i++)
        if (g->rec.notes[i].kind == BO_NOTE_WARNING)
            fprintf(stderr, "%s:%d:%d: warning: game %d: %s\n", c->path, g->rec.notes[i].line, g->rec.notes[i].col,
                    g->rec.index, g->rec.notes[i].text);
    for (int i = 0; i < g->rec.nnotes; i++)
        if (g->rec.notes[i].kind == BO_NOTE_ERROR) {
            bo_cli_error(c->path, g->rec.notes[i].line, g->rec.notes[i].col, "game %d: %s; game not written",
                         g->rec.index, g->rec.notes[i].text);
            c->rc = BO_EXIT_INVALID;
            return 0;
        }
    if (dr_pdn_write(c->out, g, c->rules) != 0) {
        bo_cli_error(NULL, 0, 0, "write error");
        c->rc = BO_EXIT_USAGE;
        return 1;
    }
    return 0;
}

static int dr_convert_cli(const bo_opts *o, const bo_text *t, FILE *out)
{
    if (strcasecmp(o->to, "pdn") != 0) {
        bo_cli_error(NULL, 0, 0, "draughts records convert to pdn, not '%s'", o->to);
        return BO_EXIT_USAGE;
    }
    dr_rules rules;
    char err[512];
    if (cli_rules(o, &rules, err, sizeof err) != 0 || check_text(t, err, sizeof err) != 0) {
        bo_cli_error(t->path, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    convert_ctx c = {t->path, &rules, out, BO_EXIT_OK};
    dr_pdn_options popt = {o->strict};
    if (dr_pdn_read_with(t->data, t->len, &popt, convert_game, &c, err, sizeof err) != 0 && c.rc == BO_EXIT_OK) {
        bo_cli_error(t->path, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    return c.rc;
}

typedef struct bench_counts {
    long games, plies, invalid, skipped;
} bench_counts;

static void count_verdict(void *ctx, const bo_verdict *v)
{
    bench_counts *n = ctx;
    n->games++;
    n->plies += v->moves;
    if (v->status == BO_VERDICT_INVALID) n->invalid++;
    if (v->status == BO_VERDICT_SKIPPED) n->skipped++;
}

/* The validate bench's figures: three lines of text, or one JSON object. */
static void bench_report(bool json, FILE *out, int npaths, const bench_counts *c, size_t bytes, int rounds, double best)
{
    if (!json) {
        fprintf(out, "validate: %d files, %ld games (%ld invalid, %ld skipped), %ld plies, %.2f MB of text\n", npaths,
                c->games, c->invalid, c->skipped, c->plies, (double)bytes / 1e6);
        fprintf(out, "best of %d rounds: read+replay %.4f s: %.1f MB/s, %.0f games/s\n", rounds, best,
                (double)bytes / 1e6 / best, (double)c->games / best);
        fprintf(out, "%.0f plies/s\n", (double)c->plies / best);
        return;
    }
    bo_json j;
    bo_json_begin(&j, out);
    bo_json_str(&j, "game", "draughts");
    bo_json_str(&j, "bench", "validate");
    bo_json_int(&j, "files", npaths);
    bo_json_int(&j, "games", c->games);
    bo_json_int(&j, "invalid", c->invalid);
    bo_json_int(&j, "skipped", c->skipped);
    bo_json_int(&j, "plies", c->plies);
    bo_json_u64(&j, "bytes", (uint64_t)bytes);
    bo_json_int(&j, "rounds", rounds);
    bo_json_num(&j, "seconds", best, 6);
    bo_json_num(&j, "mb_per_second", (double)bytes / 1e6 / best, 1);
    bo_json_num(&j, "games_per_second", (double)c->games / best, 0);
    bo_json_num(&j, "plies_per_second", (double)c->plies / best, 0);
    bo_json_end(&j);
}

/* Reading and replaying FILES (texts already loaded), best of several rounds. */
static int bench_validate(const bo_opts *o, char **paths, int npaths, FILE *out)
{
    dr_rules rules;
    char err[512];
    if (cli_rules(o, &rules, err, sizeof err) != 0) { bo_cli_error(NULL, 0, 0, "%s", err); return BO_EXIT_USAGE; }
    bo_text *texts = calloc((size_t)npaths, sizeof *texts);
    if (!texts) return BO_EXIT_USAGE;
    size_t bytes = 0;
    int loaded = 0, rc = BO_EXIT_OK;
    for (; loaded < npaths; loaded++) {
        if (bo_text_load(&texts[loaded], paths[loaded], err, sizeof err) != 0) {
            bo_cli_error(paths[loaded], 0, 0, "%s", err);
            rc = BO_EXIT_USAGE;
            break;
        }
        bo_cli_text_warnings(&texts[loaded]);
        bytes += texts[loaded].len;
    }
    if (rc == BO_EXIT_OK) {
        double best = 1e30, spent = 0;
        bench_counts counts = {0, 0, 0, 0};
        int rounds = 0;
        while (rounds < 3 || (spent < 1.0 && rounds < 1000)) {
            bench_counts n = {0, 0, 0, 0};
            bo_verdict_sink sink = {count_verdict, bo_warning_ignore, &n};
            double t0 = bo_now_seconds();
            for (int i = 0; i < npaths; i++) {
                read_ctx c = {texts[i].path, &rules, &sink, 0, {o->strict, o->variation_errors, false}};
                dr_pdn_options popt = {o->strict};
                dr_pdn_read_with(texts[i].data, texts[i].len, &popt, validate_game, &c, err, sizeof err);
            }
            double dt = bo_now_seconds() - t0;
            if (dt < best) best = dt;
            spent += dt;
            counts = n;
            rounds++;
        }
        bench_report(o->json, out, npaths, &counts, bytes, rounds, best);
    }
    for (int i = 0; i < loaded; i++) bo_text_free(&texts[i]);
    free(texts);
    return rc;
}

static int dr_bench_cli(const bo_opts *o, FILE *out)
{
    const char *what = o->what ? o->what : o->nargs > 0 ? o->args[0] : "perft";
    if (strcmp(what, "validate") == 0) {
        int skip = o->what ? 0 : 1;
        if (o->nargs <= skip) {
            bo_cli_error(NULL, 0, 0, "usage: boyi bench --game draughts validate FILE...");
            return BO_EXIT_USAGE;
        }
        return bench_validate(o, o->args + skip, o->nargs - skip, out);
    }
    if (strcmp(what, "perft") != 0) {
        bo_cli_error(NULL, 0, 0, "draughts benchmarks: perft [--depth N] [--fen FEN], validate FILE...; not '%s'", what);
        return BO_EXIT_USAGE;
    }
    dr_rules rules;
    dr_pos p;
    if (setup(o, &rules, &p) != 0) return BO_EXIT_USAGE;
    int depth = o->depth >= 0 ? o->depth : 11;
    uint64_t nodes = 0;
    double s = dr_bench_perft(&p, depth, &nodes);
    char fen[DR_FEN_MAX];
    dr_pos_to_fen(&p, fen, sizeof fen);
    return bo_cli_perft_bench(o, out, "draughts", fen, depth, nodes, s);
}

/* The descriptor's draughts move keeps its from and to squares in its low bits. */
static int dr_cli_render(const bo_opts *o, const void *pos, uint32_t last, const uint32_t *line, int nline,
                         FILE *out)
{
    (void)o;
    (void)line;
    (void)nline;
    dr_svg_write(out, pos, last ? (int)(last & 63) : 0, last ? (int)(last >> 6 & 63) : 0);
    return BO_EXIT_OK;
}

/* ---- replay and write_game (annotate, render from a record) ------------------- */

/* One game's verdict, its strings copied out of the judge; the players and event are
 * the record's, and the replay has its tags. */
static void keep_verdict(void *ctx, const bo_verdict *v)
{
    bo_verdict_copy *k = ctx;
    bo_verdict_keep(k, v);
    k->v.event = NULL;
    k->v.players[0] = k->v.players[1] = NULL;
}

typedef struct replay_ctx {
    const bo_opts *o;
    const char *path;
    dr_rules rules;
    bo_cli_game_fn each;
    void *ctx;
    uint32_t *moves;
    int *index;
    int cap, oom, stopped;
} replay_ctx;

/* The start the judge replays from: the FEN tag, or the start with the side that
 * moves first (GameType, else the rules).  *side_unknown: the FEN says '?'. */
static int game_start(const bo_record *r, const dr_rules *rules, dr_pos *p, bool *side_unknown)
{
    char colour, notation[4];
    dr_rules ru = *rules;
    *side_unknown = false;
    int v = dr_variant_of_game_type(dr_pdn_game_type(r, &colour, notation));
    if (v < 0) return -1;
    if (bo_record_tag(r, "GameType") && (dr_variant)v != ru.variant) {   /* the file's GameType wins */
        ru.variant = (dr_variant)v;
        ru.first = dr_variant_first((dr_variant)v);
    }
    if (colour) ru.first = colour == 'B' ? DR_BLACK : DR_WHITE;
    char err[160];
    if (r->fen) {
        if (dr_pos_from_fen(p, r->fen, side_unknown, err, sizeof err) != 0 || dr_pos_set_variant(p, ru.variant, err, sizeof err) != 0)
            return -1;
        if (dr_written_renumbered(ru.variant, notation)) dr_pos_renumber(p);   /* Spanish N1 */
        return 0;
    }
    dr_pos_start_variant(p, ru.variant, ru.first);
    return 0;
}

/* The main line as the judge plays it, up to PLIES plies: "..." for white's empty
 * slot skipped, a set-up before the first move taken as the start; a set-up later
 * ends what can be handed on as one line. */
static int replay_line(replay_ctx *c, const bo_record *r, int plies, dr_pos *start)
{
    bool side_unknown, fresh = true;
    if (game_start(r, &c->rules, start, &side_unknown) != 0) return 0;
    char colour, notation[4];
    dr_pdn_game_type(r, &colour, notation);
    bool renumber = dr_written_renumbered((dr_variant)start->variant, notation);
    dr_pos p = *start;
    int n = 0;
    for (int i = 0; i < r->nmoves && n < plies; i++) {
        const bo_rmove *m = &r->moves[i];
        if (m->text[0] == '/') {
            if (!fresh) break;
            char fen[256], err[160];
            dr_pdn_setup_fen(m->text, fen, sizeof fen);
            dr_variant v = (dr_variant)start->variant;
            if (dr_pos_from_fen(start, fen, &side_unknown, err, sizeof err) != 0 || dr_pos_set_variant(start, v, err, sizeof err) != 0) break;
            if (renumber) dr_pos_renumber(start);
            p = *start;
            continue;
        }
        if (strcmp(m->text, "...") == 0) {
            if (p.side == DR_BLACK && (fresh || m->number > 0)) continue;
            break;
        }
        dr_written w;
        char why[256], note[160];
        if (dr_written_parse(m->text, &w, why, sizeof why) != 0) break;
        if (renumber) dr_written_renumber(&w);
        dr_move all[DR_MAX_MOVES], mv;
        int nl = dr_gen_moves(&p, all);
        dr_resolve_status rs = dr_resolve_move_in(&p, all, nl, &w, &mv, why, sizeof why, note, sizeof note);
        if (rs != DR_RESOLVE_OK && side_unknown && fresh) {
            dr_pos q = p;
            q.side = p.side == DR_WHITE ? DR_BLACK : DR_WHITE;
            q.hash = dr_pos_hash(&q);
            nl = dr_gen_moves(&q, all);
            rs = dr_resolve_move_in(&q, all, nl, &w, &mv, why, sizeof why, note, sizeof note);
            if (rs == DR_RESOLVE_OK) { *start = q; p = q; }
        }
        side_unknown = false;
        if (rs != DR_RESOLVE_OK) break;
        if (n >= c->cap) {
            int cap = c->cap ? 2 * c->cap : 256;
            uint32_t *mm = realloc(c->moves, (size_t)cap * sizeof *mm);
            if (mm) c->moves = mm;
            int *ii = realloc(c->index, (size_t)cap * sizeof *ii);
            if (ii) c->index = ii;
            if (!mm || !ii) { c->oom = 1; break; }
            c->cap = cap;
        }
        c->moves[n] = dr_desc_move(all, nl, &mv);
        c->index[n++] = i;
        dr_make(&p, &mv);
        fresh = false;
    }
    return n;
}

/* One game: judge it as validate does, replay its main line, hand it on. */
static int replay_game(dr_pdn_game *g, void *vctx)
{
    replay_ctx *c = vctx;
    bo_verdict_copy *k = calloc(1, sizeof *k);
    if (!k) { c->oom = 1; return 1; }
    bo_verdict_sink sink = {keep_verdict, bo_warning_ignore, k};
    dr_validate_options vopt = {c->o->strict, c->o->variation_errors, false};
    dr_validate_record_with(&g->rec, c->path, &c->rules, &vopt, &sink);
    if (!k->set) bo_verdict_init(&k->v, c->path, g->rec.index);
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    dr_pos *start = (dr_pos *)pos;
    dr_pos_start_variant(start, c->rules.variant, c->rules.first);
    int n = k->v.status == BO_VERDICT_SKIPPED ? 0 : replay_line(c, &g->rec, k->v.moves, start);
    bo_cli_game_rec rec = {c->path, &g->rec, start, c->moves, n, &k->v, g, c->index};
    int stop = c->oom ? 1 : c->each(c->ctx, &rec);
    free(k);
    if (stop) c->stopped = 1;
    return stop;
}

static int dr_cli_replay(const bo_opts *o, const bo_text *t, bo_cli_game_fn each, void *ctx, char *err, size_t errlen)
{
    replay_ctx c = {.o = o, .path = t->path, .each = each, .ctx = ctx};
    if (cli_rules(o, &c.rules, err, errlen) != 0) return -1;
    if (check_text(t, err, errlen) != 0) return -1;
    dr_pdn_options popt = {o->strict};
    int rc = dr_pdn_read_with(t->data, t->len, &popt, replay_game, &c, err, errlen);
    if (c.stopped) rc = 0;
    if (c.oom) { snprintf(err, errlen, "out of memory"); rc = -1; }
    free(c.moves);
    free(c.index);
    return rc;
}

/* PDN holds comments: the record's main-line comments, as annotate left them,
 * replace the comments that followed each move. */
static int dr_cli_write_game(const bo_opts *o, const bo_cli_game_rec *g, FILE *out, char *err, size_t errlen)
{
    if (o->to && strcasecmp(o->to, "pdn") != 0) {
        snprintf(err, errlen, "draughts records are written as pdn, not '%s'", o->to);
        return -1;
    }
    dr_rules rules;
    if (cli_rules(o, &rules, err, errlen) != 0) return -1;
    if (dr_pdn_write_commented(out, g->priv, &rules) != 0) {
        snprintf(err, errlen, "write error");
        return -1;
    }
    return 0;
}

/* ---- games boyi played ------------------------------------------------------- */

/* A tag's value in quotes, its quotes and backslashes escaped as PGN's tag strings
 * have them (a fault reason may quote an engine's answer). */
static void tag_value(FILE *out, const char *v)
{
    fputc('"', out);
    for (; v && *v; v++) {
        if (*v == '"' || *v == '\\') fputc('\\', out);
        fputc(*v, out);
    }
    fputc('"', out);
}

/* A self-play or match game as PDN: the seven tags, numbered moves in the game's
 * own move text (what the descriptor writes: 32-28, 27x18, full paths where needed),
 * the result as PDN scores it (2-0, 0-2, 1-1; an 8x8 variant: 1-0, 0-1, 1/2-1/2, with
 * its GameType tag and a bare PDN FEN). */
static int dr_write_played(const bo_opts *o, const bo_cli_played *p, FILE *out, char *err, size_t errlen)
{
    (void)o;
    const bo_game *g = bo_game_by_name("draughts");
    if (!g) return snprintf(err, errlen, "no draughts engine"), -1;
    dr_variant v = (dr_variant)((const dr_pos *)p->start)->variant;
    const char *result = dr_variant_squares(v) == 32
                             ? (p->score_first == 1.0 ? "1-0" : p->score_first == 0.0 ? "0-1" : "1/2-1/2")
                             : (p->score_first == 1.0 ? "2-0" : p->score_first == 0.0 ? "0-2" : "1-1");
    BO_ALIGNED unsigned char pos[BO_POS_MAX], start[BO_POS_MAX], undo[BO_UNDO_MAX];
    char fen[512], start_fen[512];
    dr_pos_to_fen(p->start, fen, sizeof fen);
    if (g->start(start, p->rules, err, errlen) != 0) return -1;
    dr_pos_to_fen((const dr_pos *)start, start_fen, sizeof start_fen);
    fputs("[Event ", out); tag_value(out, p->event);
    fprintf(out, "]\n[Round \"%ld\"]\n[White ", p->round); tag_value(out, p->first_name);
    fputs("]\n[Black ", out); tag_value(out, p->second_name);
    fprintf(out, "]\n[Result \"%s\"]\n", result);
    /* Spanish: boyi writes its own (Italian, N2) numbering, so the tag says so */
    if (v == DR_SPANISH) fprintf(out, "[GameType \"24,W,8,8,N2,1\"]\n");
    else if (v != DR_INTERNATIONAL) fprintf(out, "[GameType \"%d\"]\n", dr_variant_game_type(v));
    if (strcmp(fen, start_fen) != 0 || ((const dr_pos *)start)->variant != v) fprintf(out, "[FEN \"%s\"]\n", fen);
    fputs("[Termination ", out); tag_value(out, p->termination);
    fputs("]\n\n", out);
    memcpy(pos, p->start, g->pos_size);
    int col = 0, number = 1;
    bool first_to_move = g->to_move(pos) == 0;
    for (int i = 0; i < p->nmoves; i++) {
        char mv[128], word[160];
        if (g->move_to_text(pos, p->moves[i], mv, sizeof mv) != 0) return snprintf(err, errlen, "move %d has no text", i + 1), -1;
        bool white = g->to_move(pos) == 0;
        if (white) snprintf(word, sizeof word, "%d. %s", number, mv);
        else if (i == 0) snprintf(word, sizeof word, "%d... %s", number, mv);
        else snprintf(word, sizeof word, "%s", mv);
        if (!white || !first_to_move) number += !white;
        int len = (int)strlen(word);
        if (col > 0 && col + 1 + len > 79) { fputc('\n', out); col = 0; }
        else if (col > 0) { fputc(' ', out); col++; }
        fputs(word, out);
        col += len;
        if (p->notes && p->notes[i]) {   /* the move's score, depth and time, as a PDN comment */
            int cl = (int)strlen(p->notes[i]) + 3;
            if (col + 1 + cl > 79) { fputc('\n', out); col = 0; }
            else { fputc(' ', out); col++; }
            fprintf(out, "{%s}", p->notes[i]);
            col += cl - 1;
        }
        g->play(pos, p->moves[i], undo, NULL);
    }
    fprintf(out, "%s%s\n\n", col > 0 ? " " : "", result);
    return ferror(out) ? (snprintf(err, errlen, "write error"), -1) : 0;
}

const bo_game_cli bo_game_draughts = {
    .name = "draughts",
    .rules_help = "fmjd (default: white first), ccgc (black first), or an 8x8 variant: english, italian, russian, "
                  "brazilian, czech, pool, spanish, frisian; draw rules by --draw-rules",
    .sniff = dr_sniff,
    .validate = dr_validate_cli,
    .split = bo_split_pdn,
    .position = dr_cli_position,
    .convert = dr_convert_cli,
    .bench = dr_bench_cli,
    .render = dr_cli_render,
    .replay = dr_cli_replay,
    .write_game = dr_cli_write_game,
    .eval_scale = 330,   /* fitted to 173 tournament games of the corpus (docs/annotate.md) */
    .eval_unit = "men",
    .played_ext = "pdn",
    .write_played = dr_write_played,
};
