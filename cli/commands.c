/* commands.c -- the subcommands that only pick a game and hand over to it (bench,
 * play, convert); moves and perft are generic (cmd_moves.c, cmd_perft.c). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <zlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "outfile.h"

/* The game named by --game, or an error naming the command that needs it. */
const bo_game_cli *bo_cli_need_game(const bo_opts *o)
{
    if (!o->game) {
        char names[256] = "";
        int n;
        const bo_game_cli *const *all = bo_cli_games(&n);
        for (int i = 0, len = 0; i < n && len < (int)sizeof names; i++)
            len += snprintf(names + len, sizeof names - (size_t)len, "%s%s", i ? ", " : "", all[i]->name);
        bo_cli_error(NULL, 0, 0, "boyi %s needs --game (%s)", o->command, names);
        return NULL;
    }
    return bo_cli_game_find(o->game);
}

static int unsupported(const bo_game_cli *g, const char *what)
{
    bo_cli_error(NULL, 0, 0, "boyi %s is not available for %s", what, g->name);
    return BO_EXIT_USAGE;
}

int bo_cmd_bench(const bo_opts *o)
{
    const bo_game_cli *g = bo_cli_need_game(o);
    if (!g) return BO_EXIT_USAGE;
    const char *what = o->what ? o->what : o->nargs > 0 ? o->args[0] : NULL;
    if (what && strcmp(what, "descriptor") == 0) return bo_cli_bench_descriptor(o, g);
    if (!g->bench) return unsupported(g, "bench");
    return g->bench(o, stdout);
}

int bo_cmd_play(const bo_opts *o)
{
    const bo_game_cli *g = bo_cli_need_game(o);
    if (!g) return BO_EXIT_USAGE;
    if (!g->play) return unsupported(g, "play");
    return g->play(o, stdin, stdout);
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* Does a conversion that ended with RC, having written LEN bytes, replace -o?  When it
 * succeeded, or found invalid records (exit 1) and still wrote the rest of them (each
 * problem is reported); not when it stopped (exit 2) or wrote nothing: then the old
 * file stays as it was. */
static bool converted(int rc, off_t len)
{
    return rc == BO_EXIT_OK || (rc == BO_EXIT_INVALID && len > 0);
}

/* Write the converted records to -o (stdout by default), whole or not at all
 * (outfile.h).  A name ending in .gz is written through zlib: the text is built in
 * memory, then compressed into the temporary file. */
static int write_converted(const bo_opts *o, const bo_game_cli *g, const bo_text *text)
{
    const char *path = o->output && strcmp(o->output, "-") != 0 ? o->output : NULL;
    char err[512];
    bo_outfile out;
    bool gz = path && ends_with(path, ".gz");
    if (bo_outfile_open(&out, path, gz ? "wb" : "w", err, sizeof err) != 0) {
        bo_cli_error(bo_outfile_name(&out), 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    if (!gz) {
        int rc = bo_cli_convert(g, o, text, out.f);
        if (path && !converted(rc, ftello(out.f))) {
            bo_outfile_abort(&out);
            bo_cli_error(path, 0, 0, "not written: the conversion failed (nothing was changed)");
        } else if (bo_outfile_commit(&out, err, sizeof err) != 0) {
            bo_cli_error(bo_outfile_name(&out), 0, 0, "%s", err);
            rc = BO_EXIT_USAGE;
        }
        return rc;
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) { bo_outfile_abort(&out); bo_cli_error(path, 0, 0, "out of memory"); return BO_EXIT_USAGE; }
    int rc = bo_cli_convert(g, o, text, mem);
    fclose(mem);
    if (converted(rc, (off_t)len)) {
        /* compressed into the temporary file, which is renamed into place whole */
        fflush(out.f);
        gzFile z = gzdopen(dup(fileno(out.f)), "wb9");
        if (!z || gzwrite(z, buf, (unsigned)len) != (int)len || gzclose(z) != Z_OK) {
            bo_outfile_abort(&out);
            bo_cli_error(path, 0, 0, "not written: the compressed write failed (disk full?)");
            rc = BO_EXIT_USAGE;
        } else if (bo_outfile_commit(&out, err, sizeof err) != 0) {
            bo_cli_error(bo_outfile_name(&out), 0, 0, "%s", err);
            rc = BO_EXIT_USAGE;
        }
    } else {
        bo_outfile_abort(&out);
        bo_cli_error(path, 0, 0, "not written: the conversion failed (nothing was changed)");
    }
    free(buf);
    return rc;
}

int bo_cmd_convert(const bo_opts *o)
{
    if (o->nargs != 1 || !o->to) {
        bo_cli_error(NULL, 0, 0, "usage: boyi convert FILE --to FORMAT [-o OUT]");
        return BO_EXIT_USAGE;
    }
    char err[512];
    bo_text text;
    if (bo_text_load_enc(&text, o->args[0], o->encoding, err, sizeof err) != 0) {
        bo_cli_error(o->args[0], 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    bo_cli_text_warnings(&text);
    int rc;
    const bo_game_cli *g = bo_cli_game_for_text(o, &text);
    const bo_game_cli *other = g ? bo_cli_game_mismatch(o, &text) : NULL;
    if (!g) {
        bo_cli_error(o->args[0], 1, 1, "cannot tell which game this file holds; use --game");
        rc = BO_EXIT_USAGE;
    } else if (other) {
        bo_cli_file_of_other_game(o->args[0], other, g);
        rc = BO_EXIT_USAGE;
    } else if (!bo_cli_can_convert(g)) {
        rc = unsupported(g, "convert");
    } else {
        rc = write_converted(o, g, &text);
    }
    bo_text_free(&text);
    return rc;
}
