/* cmd_render.c -- `boyi render`: board diagrams as SVG, from a position in the game's
 * own text.  Each game draws its own board (bo_game_cli.render); this file only finds
 * the position and writes the file, under a temporary name renamed into place when
 * complete, so that an interrupted run never leaves half a picture. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "game.h"

/* Write through RENDER into PATH ("-" for stdout), atomically for files. */
static int write_svg(const bo_opts *o, const bo_game_cli *gc, const void *pos, bo_move last, const char *path)
{
    if (strcmp(path, "-") == 0) return gc->render(o, pos, last, stdout);
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid()) >= (int)sizeof tmp) {
        bo_cli_error(path, 0, 0, "file name too long");
        return BO_EXIT_USAGE;
    }
    FILE *f = fopen(tmp, "w");
    if (!f) { bo_cli_error(path, 0, 0, "cannot write: %s", strerror(errno)); return BO_EXIT_USAGE; }
    int rc = gc->render(o, pos, last, f);
    bool failed = ferror(f) != 0;
    if (fclose(f) != 0) failed = true;
    if (rc == BO_EXIT_OK && !failed && rename(tmp, path) == 0) return BO_EXIT_OK;
    bo_cli_error(path, 0, 0, "cannot write: %s", failed ? "write error (disk full?)" : strerror(errno));
    remove(tmp);
    return BO_EXIT_USAGE;
}

int bo_cmd_render(const bo_opts *o)
{
    if (!o->game) { bo_cli_error(NULL, 0, 0, "render needs --game"); return BO_EXIT_USAGE; }
    const bo_game_cli *gc = bo_cli_game_find(o->game);
    const bo_game *g = bo_game_by_name(gc->name);
    if (!g || !gc->render) { bo_cli_error(NULL, 0, 0, "no diagrams for %s yet", gc->name); return BO_EXIT_USAGE; }
    if (!o->svg) { bo_cli_error(NULL, 0, 0, "render needs --svg OUT ('-' for stdout)"); return BO_EXIT_USAGE; }
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    if (bo_cli_load_position(o, g, pos) != 0) return BO_EXIT_USAGE;
    return write_svg(o, gc, pos, 0, o->svg);
}
