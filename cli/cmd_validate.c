/* cmd_validate.c -- `boyi validate`: read records, replay them, report per game. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

typedef struct tally {
    bool json;
    bool progress;     /* a progress line is on stderr: clear it before printing */
    long files, games, moves, ok, invalid, skipped, warnings;
} tally;

/* One line per game: judges read the text form, tools the JSON form. */
static void on_verdict(void *ctx, const bo_verdict *v)
{
    tally *t = ctx;
    if (t->progress) fputs("\r\033[K", stderr);
    t->games++;
    t->moves += v->moves;
    if (v->status == BO_VERDICT_OK) t->ok++;
    else if (v->status == BO_VERDICT_INVALID) t->invalid++;
    else t->skipped++;
    FILE *f = stdout;
    if (t->json) {
        static const char *const names[] = {"ok", "invalid", "skipped"};
        fputs("{\"file\":", f); bo_json_string(f, v->file);
        fprintf(f, ",\"game\":%d,\"status\":\"%s\",\"moves\":%d,\"result\":", v->game, names[v->status], v->moves);
        bo_json_string(f, v->result);
        fputs(",\"ending\":", f); bo_json_string(f, v->ending);
        if (v->status != BO_VERDICT_OK) {
            fprintf(f, ",\"line\":%d,\"col\":%d,\"move_no\":%d,\"side\":", v->line, v->col, v->move_no);
            bo_json_string(f, v->side);
            fputs(",\"move\":", f); bo_json_string(f, v->move_text);
            fputs(",\"kind\":", f); bo_json_string(f, v->kind);
            fputs(",\"message\":", f); bo_json_string(f, v->message);
        }
        fputs("}\n", f);
        return;
    }
    if (v->status == BO_VERDICT_OK) {
        fprintf(f, "%s: game %d: ok, %d plies, %s", v->file, v->game, v->moves, v->result ? v->result : "*");
        if (v->ending) fprintf(f, " (%s)", v->ending);
        fputc('\n', f);
        return;
    }
    fputs(v->file, f);
    if (v->line > 0) fprintf(f, ":%d", v->line);
    if (v->line > 0 && v->col > 0) fprintf(f, ":%d", v->col);
    fprintf(f, ": game %d", v->game);
    if (v->move_no > 0) {
        fprintf(f, ", move %d", v->move_no);
        if (v->side) fprintf(f, " (%s)", v->side);
        if (v->move_text) fprintf(f, " %s", v->move_text);
    }
    fprintf(f, ": %s: %s\n", v->kind ? v->kind : (v->status == BO_VERDICT_SKIPPED ? "skipped" : "invalid"),
            v->message ? v->message : "");
}

static void on_warning(void *ctx, const bo_warning *w)
{
    tally *t = ctx;
    if (t->progress) fputs("\r\033[K", stderr);
    t->warnings++;
    if (t->json) {
        fputs("{\"file\":", stdout); bo_json_string(stdout, w->file);
        fprintf(stdout, ",\"game\":%d,\"line\":%d,\"col\":%d,\"status\":\"warning\",\"message\":", w->game, w->line, w->col);
        bo_json_string(stdout, w->message);
        fputs("}\n", stdout);
        return;
    }
    fprintf(stdout, "%s", w->file);
    if (w->line > 0) fprintf(stdout, ":%d", w->line);
    if (w->line > 0 && w->col > 0) fprintf(stdout, ":%d", w->col);
    fprintf(stdout, ": game %d: warning: %s\n", w->game, w->message);
}

/* Readers report whole-file faults as "line L, column C: reason"; judges want the
 * house form FILE:L:C, so the location is lifted out of the text here. */
static void file_error(const char *path, const char *err)
{
    int line = 0, col = 0, used = 0;
    if (sscanf(err, "line %d, column %d: %n", &line, &col, &used) == 2 && used > 0)
        bo_cli_error(path, line, col, "%s", err + used);
    else if (sscanf(err, "line %d: %n", &line, &used) == 1 && used > 0)
        bo_cli_error(path, line, 0, "%s", err + used);
    else
        bo_cli_error(path, 0, 0, "%s", err);
}

int bo_cmd_validate(const bo_opts *o)
{
    if (o->nargs == 0) {
        bo_cli_error(NULL, 0, 0, "validate needs at least one FILE ('-' for stdin)");
        return BO_EXIT_USAGE;
    }
    tally t = {.json = o->json};
    bo_verdict_sink sink = {on_verdict, on_warning, &t};
    bool unreadable = false;
    /* Progress only for a person watching a terminal; never in pipes or logs. */
    bool progress = o->nargs > 1 && isatty(STDERR_FILENO);
    t.progress = progress;
    for (int i = 0; i < o->nargs; i++) {
        const char *path = o->args[i];
        if (progress) fprintf(stderr, "\r\033[Kvalidating %d/%d: %s", i + 1, o->nargs, path);
        char err[512];
        bo_text text;
        if (bo_text_load_enc(&text, path, o->encoding, err, sizeof err) != 0) {
            bo_cli_error(path, 0, 0, "%s", err);
            unreadable = true;
            continue;
        }
        t.files++;
        const bo_game_cli *g = bo_cli_game_for_text(o, &text);
        if (!g) {
            bo_cli_error(path, 1, 1, "cannot tell which game this file holds (empty or not a record file); use --game");
            unreadable = true;
        } else if (!g->validate) {
            bo_cli_error(path, 0, 0, "validation of %s records is not available", g->name);
            unreadable = true;
        } else if (g->validate(o, &text, &sink, err, sizeof err) != 0) {
            file_error(path, err);
            unreadable = true;
        }
        fflush(stdout);
        bo_text_free(&text);
    }
    if (progress) fputs("\r\033[K", stderr);
    if (o->json)
        printf("{\"summary\":{\"files\":%ld,\"games\":%ld,\"moves\":%ld,\"ok\":%ld,\"invalid\":%ld,\"skipped\":%ld,\"warnings\":%ld}}\n",
               t.files, t.games, t.moves, t.ok, t.invalid, t.skipped, t.warnings);
    else
        printf("summary: %ld files, %ld games, %ld moves, %ld ok, %ld invalid, %ld skipped, %ld warnings\n",
               t.files, t.games, t.moves, t.ok, t.invalid, t.skipped, t.warnings);
    if (unreadable) return BO_EXIT_USAGE;
    return t.invalid > 0 ? BO_EXIT_INVALID : BO_EXIT_OK;
}
