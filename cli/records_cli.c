/* records_cli.c -- the commands' way to a game's records (cli.h): its records interface
 * (notation/common/records.h), named by the front end (bo_game_cli.records), with the
 * command line's options made into the interface's read options and its warnings and
 * errors said in the house style.  The commands call these, never the interface's
 * members themselves, so that a game without a member is one test here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "game.h"
#include "outfile.h"
#include "sp_out.h"

/* A fault that is no verdict, said as the commands say faults. */
static void say_error(void *ctx, const bo_warning *e)
{
    (void)ctx;
    if (e->game > 0) bo_cli_error(e->file, e->line, e->col, "game %d: %s", e->game, e->message);
    else bo_cli_error(e->file, e->line, e->col, "%s", e->message);
}

/* A replay's reader warnings are validate's to list, but a game that stops at a fault
 * gets the warnings that came before it said first: they often say why (an 8x8 game
 * read as 10x10, a FEN the reader guessed at).  The others are counted and the count
 * said once per file, pointing at validate. */
enum { REPLAY_HELD_MAX = 8 };

typedef struct replay_ctx {
    bo_cli_game_fn each;
    void *ctx;
    int held_game;                  /* the game the held warnings are of */
    int nheld;
    char *held[REPLAY_HELD_MAX];
    long unshown;                   /* warnings neither held nor said */
} replay_ctx;

/* A warning as validate prints it: FILE:LINE:COL: game N: warning: MESSAGE. */
static char *warning_text(const bo_warning *w)
{
    char where[64] = "";
    if (w->line > 0 && w->col > 0) snprintf(where, sizeof where, ":%d:%d", w->line, w->col);
    else if (w->line > 0) snprintf(where, sizeof where, ":%d", w->line);
    const char *file = w->file ? w->file : "";
    size_t n = strlen(file) + strlen(where) + strlen(w->message) + 48;
    char *s = malloc(n);
    if (s) snprintf(s, n, "%s%s: game %d: warning: %s", file, where, w->game, w->message);
    return s;
}

/* Let the held warnings go: said (SAY) or counted. */
static void release_held(replay_ctx *c, bool say)
{
    for (int i = 0; i < c->nheld; i++) {
        if (say && c->held[i]) fprintf(stderr, "boyi: %s\n", c->held[i]);
        else c->unshown++;
        free(c->held[i]);
    }
    c->nheld = 0;
}

static void hold_warning(void *ctx, const bo_warning *w)
{
    replay_ctx *c = ctx;
    if (w->game != c->held_game) {
        release_held(c, false);
        c->held_game = w->game;
    }
    if (c->nheld < REPLAY_HELD_MAX) c->held[c->nheld++] = warning_text(w);
    else c->unshown++;
}

static int replay_game(void *ctx, const bo_rec_game *g)
{
    replay_ctx *c = ctx;
    bool faulty = g->v && g->v->status == BO_VERDICT_INVALID && g->v->game == c->held_game;
    release_held(c, faulty);
    return c->each(c->ctx, g);
}

bool bo_cli_can_replay(const bo_game_cli *gc)
{
    return gc->records && gc->records->read != NULL;
}

int bo_cli_replay(const bo_game_cli *gc, const bo_opts *o, const bo_text *t, bo_cli_game_fn each, void *ctx, char *err,
                  size_t errlen)
{
    bo_read_opts ro;
    bo_cli_read_opts(o, &ro);
    replay_ctx c = {.each = each, .ctx = ctx};
    bo_records_sink sink = {.game = replay_game, .warning = hold_warning, .error = say_error, .ctx = &c};
    int rc = gc->records->read(&ro, t, NULL, &sink, err, errlen);
    release_held(&c, false);
    if (c.unshown > 0)
        fprintf(stderr, "boyi: %s: %ld warning%s about its records not shown here (boyi validate lists them)\n",
                t->path, c.unshown, c.unshown == 1 ? "" : "s");
    return rc;
}

bool bo_cli_can_write_game(const bo_game_cli *gc)
{
    return gc->records && gc->records->write_game != NULL;
}

int bo_cli_write_game(const bo_game_cli *gc, const bo_opts *o, const bo_cli_game_rec *g, FILE *out, char *err,
                      size_t errlen)
{
    bo_read_opts ro;
    bo_cli_read_opts(o, &ro);
    return gc->records->write_game(&ro, g, out, err, errlen);
}

int bo_cli_record_move_text(const bo_game_cli *gc, const struct bo_game *g, const bo_cli_game_rec *rec,
                            const void *pos, uint32_t m, char *buf, size_t n)
{
    if (gc->records && gc->records->move_text) return gc->records->move_text(rec, pos, m, buf, n);
    return g->move_to_text(pos, m, buf, n);
}

bool bo_cli_can_write_played(const bo_game_cli *gc)
{
    return gc->records && gc->records->write_played != NULL;
}

int bo_cli_write_played(const bo_game_cli *gc, const bo_opts *o, const bo_cli_played *p, FILE *out, char *err,
                        size_t errlen)
{
    bo_read_opts ro;
    bo_cli_read_opts(o, &ro);
    return gc->records->write_played(&ro, p, out, err, errlen);
}

void bo_cli_sp_out_records(struct sp_out *out, const bo_game_cli *gc, const bo_opts *o)
{
    out->track = bo_outfile_track;
    out->untrack = bo_outfile_untrack;
    bo_cli_read_opts(o, &out->ropts);
    out->records = gc->records;
}

bool bo_cli_can_convert(const bo_game_cli *gc)
{
    return gc->records && gc->records->convert != NULL;
}

/* A reader's or writer's warning on stderr: boyi: FILE:L:C: game N: warning: MSG. */
static void say_warning(void *ctx, const bo_warning *w)
{
    (void)ctx;
    fputs("boyi: ", stderr);
    if (w->file) {
        fputs(w->file, stderr);
        if (w->line > 0) fprintf(stderr, ":%d", w->line);
        if (w->line > 0 && w->col > 0) fprintf(stderr, ":%d", w->col);
        fputs(": ", stderr);
    }
    if (w->game > 0) fprintf(stderr, "game %d: ", w->game);
    fprintf(stderr, "warning: %s\n", w->message);
}

/* What a writer could not hold, said on stderr. */
static const bo_records_sink notes_sink = {.warning = say_warning, .error = say_error};

int bo_cli_convert(const bo_game_cli *gc, const bo_opts *o, const bo_text *t, FILE *out)
{
    bo_read_opts ro;
    bo_cli_read_opts(o, &ro);
    bo_records_sink sink = {.warning = say_warning, .error = say_error};
    int rc = gc->records->convert(&ro, t, out, &sink);
    return rc == BO_RECORDS_CONVERTED ? BO_EXIT_OK : rc == BO_RECORDS_GAME_LEFT_OUT ? BO_EXIT_INVALID : BO_EXIT_USAGE;
}

int bo_cli_sniff(const bo_game_cli *g, const bo_text *t)
{
    return g->records && g->records->sniff ? g->records->sniff(t) : 0;
}

bo_split_fn bo_cli_split(const bo_game_cli *g)
{
    return g->records ? g->records->split : NULL;
}

const char *bo_cli_played_ext(const bo_game_cli *g)
{
    return g->records ? g->records->played_ext : NULL;
}

void bo_cli_read_opts(const bo_opts *o, bo_read_opts *r)
{
    bo_read_opts_init(r);
    r->game = o->game;
    r->rules = o->rules;
    r->misere = o->misere;
    r->strict = o->strict;
    r->variation_errors = o->variation_errors;
    r->encoding = o->encoding;
    r->draw_rules = o->draw_rules;
    r->opening_rule = o->opening_rule;
    r->move_time_limit = o->move_time_limit;
    r->to = o->to;
    r->board = o->board;
    r->game_index = o->game_index;
    r->notes = &notes_sink;
}
