/* records_cli.c -- the commands' way to a game's records (cli.h): through its records
 * interface (notation/common/records.h) where the front end has one, else through the
 * front end's own record hooks, while games move to the interface one by one.  The
 * method: one small function per hook, each choosing the path; the commands call
 * these and never the hooks themselves. */
#include <stdio.h>
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

typedef struct replay_ctx {
    bo_cli_game_fn each;
    void *ctx;
} replay_ctx;

static int replay_game(void *ctx, const bo_rec_game *g)
{
    const replay_ctx *c = ctx;
    return c->each(c->ctx, g);
}

bool bo_cli_can_replay(const bo_game_cli *gc)
{
    return gc->records ? gc->records->read != NULL : gc->replay != NULL;
}

int bo_cli_replay(const bo_game_cli *gc, const bo_opts *o, const bo_text *t, bo_cli_game_fn each, void *ctx, char *err,
                  size_t errlen)
{
    if (!gc->records) return gc->replay(o, t, each, ctx, err, errlen);
    bo_read_opts ro;
    bo_cli_read_opts(o, &ro);
    replay_ctx c = {each, ctx};
    /* warnings are validate's to print; a replay reads past them */
    bo_records_sink sink = {.game = replay_game, .error = say_error, .ctx = &c};
    return gc->records->read(&ro, t, NULL, &sink, err, errlen);
}

bool bo_cli_can_write_game(const bo_game_cli *gc)
{
    return gc->records ? gc->records->write_game != NULL : gc->write_game != NULL;
}

int bo_cli_write_game(const bo_game_cli *gc, const bo_opts *o, const bo_cli_game_rec *g, FILE *out, char *err,
                      size_t errlen)
{
    if (!gc->records) return gc->write_game(o, g, out, err, errlen);
    bo_read_opts ro;
    bo_cli_read_opts(o, &ro);
    return gc->records->write_game(&ro, g, out, err, errlen);
}

int bo_cli_record_move_text(const bo_game_cli *gc, const struct bo_game *g, const bo_cli_game_rec *rec,
                            const void *pos, uint32_t m, char *buf, size_t n)
{
    if (gc->records && gc->records->move_text) return gc->records->move_text(rec, pos, m, buf, n);
    if (!gc->records && gc->record_move_text) return gc->record_move_text(rec, pos, m, buf, n);
    return g->move_to_text(pos, m, buf, n);
}

bool bo_cli_can_write_played(const bo_game_cli *gc)
{
    return gc->records ? gc->records->write_played != NULL : gc->write_played != NULL;
}

int bo_cli_write_played(const bo_game_cli *gc, const bo_opts *o, const bo_cli_played *p, FILE *out, char *err,
                        size_t errlen)
{
    if (!gc->records) return gc->write_played(o, p, out, err, errlen);
    bo_read_opts ro;
    bo_cli_read_opts(o, &ro);
    return gc->records->write_played(&ro, p, out, err, errlen);
}

/* The transition's writer of played games: the front end's hook. */
static int legacy_played(void *ctx, const bo_played *p, FILE *out, char *err, size_t errlen)
{
    const bo_cli_played_writer *pw = ctx;
    return pw->gc->write_played(pw->o, p, out, err, errlen);
}

void bo_cli_sp_out_records(struct sp_out *out, bo_cli_played_writer *pw, const bo_game_cli *gc, const bo_opts *o)
{
    pw->gc = gc;
    pw->o = o;
    out->track = bo_outfile_track;
    out->untrack = bo_outfile_untrack;
    bo_cli_read_opts(o, &out->ropts);
    if (gc->records) {
        out->records = gc->records;
        return;
    }
    out->records = NULL;
    out->write_played = gc->write_played ? legacy_played : NULL;
    out->write_ctx = pw;
    out->played_ext = gc->played_ext;
}

bool bo_cli_can_convert(const bo_game_cli *gc)
{
    return gc->records ? gc->records->convert != NULL : gc->convert != NULL;
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
    if (!gc->records) return gc->convert(o, t, out);
    bo_read_opts ro;
    bo_cli_read_opts(o, &ro);
    bo_records_sink sink = {.warning = say_warning, .error = say_error};
    int rc = gc->records->convert(&ro, t, out, &sink);
    return rc == BO_RECORDS_CONVERTED ? BO_EXIT_OK : rc == BO_RECORDS_GAME_LEFT_OUT ? BO_EXIT_INVALID : BO_EXIT_USAGE;
}

/* The other functions of the transition, beside the front end's members. */
int bo_cli_sniff(const bo_game_cli *g, const bo_text *t)
{
    if (g->records) return g->records->sniff ? g->records->sniff(t) : 0;
    return g->sniff ? g->sniff(t) : 0;
}

bo_split_fn bo_cli_split(const bo_game_cli *g)
{
    return g->records ? g->records->split : g->split;
}

const char *bo_cli_played_ext(const bo_game_cli *g)
{
    return g->records ? g->records->played_ext : g->played_ext;
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
