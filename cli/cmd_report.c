/* cmd_report.c -- `boyi report (DIR | FILE...) -o report.html`: one static HTML page
 * for a tournament, a match or a self-play batch.
 *
 * A folder that holds a batch (batch.txt, stats.json: boyi selfplay or match) shows
 * its settings and statistics and contributes its records; a folder of such folders
 * (a round robin) contributes each; a folder of neither contributes its record files
 * (a tournament's logs); any other argument is a record file.  Then come
 * the standings of all the records (cmd_standings.c, the rules' results) and, game by
 * game, the verdict, the board at the end (the game's own SVG, inline) and the
 * evaluation graph where the game is annotated.  A file is read once: the boards come
 * from the games standings' read kept (records.h), where the game has a records
 * interface; a file of a front end without one is replayed for its boards.  The page has no script and no
 * outside resource, so it opens anywhere; it is written to a temporary name and
 * renamed when complete. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "eval_graph.h"
#include "game.h"
#include "record.h"

enum { REPORT_FILES = 256, REPORT_BOARDS = 200 };

typedef struct report {
    const bo_opts *o;
    FILE *f;
    char *files[REPORT_FILES];
    int nfiles;
    int drawn, skipped;             /* games drawn, games past REPORT_BOARDS */
    /* The games standings' one read kept for the boards (files read by a records
     * interface): the first REPORT_BOARDS such games, each with its file. */
    bool by_records[REPORT_FILES];
    const bo_game_cli *file_gc[REPORT_FILES];
    int file_games[REPORT_FILES];
    bo_rec_game *kept[REPORT_BOARDS];
    int kept_file[REPORT_BOARDS], nkept;
    const bo_game_cli *gc;
    const bo_game *g;
    const char *path;
} report;

static void esc(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '<') fputs("&lt;", f);
        else if (*s == '>') fputs("&gt;", f);
        else if (*s == '&') fputs("&amp;", f);
        else if (*s == '"') fputs("&quot;", f);
        else fputc(*s, f);
    }
}

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static int add_file(report *R, const char *p)
{
    if (R->nfiles == REPORT_FILES) { bo_cli_error(p, 0, 0, "more than %d record files", REPORT_FILES); return -1; }
    R->files[R->nfiles] = strdup(p);
    return R->files[R->nfiles++] ? 0 : -1;
}

/* A whole small file, or NULL. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = malloc(65537);
    size_t n = buf ? fread(buf, 1, 65536, f) : 0;
    fclose(f);
    if (buf) buf[n] = '\0';
    return buf;
}

/* A batch folder: settings, the statistics as a table, and its records. */
static int batch(report *R, const char *dir)
{
    char p[1100];
    snprintf(p, sizeof p, "%s/batch.txt", dir);
    char *settings = slurp(p);
    snprintf(p, sizeof p, "%s/stats.json", dir);
    char *stats = slurp(p);
    fputs("<section class=\"batch\"><h2>Batch ", R->f);
    esc(R->f, dir);
    fputs("</h2>\n<pre class=\"settings\">", R->f);
    esc(R->f, settings ? settings : "(no batch.txt)");
    fputs("</pre>\n<table class=\"stats\">\n", R->f);
    for (char *l = stats; l && *l;) {   /* one "key": value per line */
        char *nl = strchr(l, '\n');
        if (nl) *nl = '\0';
        char *q1 = strchr(l, '"'), *q2 = q1 ? strchr(q1 + 1, '"') : NULL, *colon = q2 ? strchr(q2, ':') : NULL;
        if (colon) {
            *q2 = '\0';
            fputs("<tr><th>", R->f);
            esc(R->f, q1 + 1);
            fputs("</th><td>", R->f);
            char *v = colon + 1;
            size_t k = strlen(v);
            while (k && (v[k - 1] == ',' || isspace((unsigned char)v[k - 1]))) v[--k] = '\0';
            esc(R->f, v + strspn(v, " "));
            fputs("</td></tr>\n", R->f);
        }
        l = nl ? nl + 1 : NULL;
    }
    fputs("</table></section>\n", R->f);
    free(settings);
    free(stats);
    int n;
    const bo_game_cli *const *all = bo_cli_games(&n);
    for (int i = 0; i < n; i++) {
        const char *ext = bo_cli_played_ext(all[i]);
        if (!ext) continue;
        snprintf(p, sizeof p, "%s/games.%s", dir, ext);
        if (exists(p) && add_file(R, p) != 0) return -1;
    }
    return 0;
}

/* Whether the file at PATH holds records of a game boyi knows (--game, else by its
 * content): a folder of records may hold a README or a listing beside them. */
static bool record_file(const report *R, const char *path)
{
    char err[256];
    bo_text t;
    if (bo_text_load_enc(&t, path, R->o->encoding, err, sizeof err) != 0) return false;
    bool yes = bo_cli_game_for_text(R->o, &t) != NULL;
    bo_text_free(&t);
    return yes;
}

/* DIR: a batch, a folder of batches (a round robin's pairings), or a folder of record
 * files (a tournament's logs, one file a game or a round). */
static int folder(report *R, const char *dir)
{
    char p[1100];
    snprintf(p, sizeof p, "%s/batch.txt", dir);
    if (exists(p)) return batch(R, dir);
    DIR *d = opendir(dir);
    if (!d) { bo_cli_error(dir, 0, 0, "cannot read the folder: %s", strerror(errno)); return -1; }
    char *names[256];
    int k = 0;
    struct dirent *e;
    while ((e = readdir(d)) && k < 256)
        if (e->d_name[0] != '.') names[k++] = strdup(e->d_name);
    closedir(d);
    for (int i = 1; i < k; i++)   /* a fixed order: the same page every time */
        for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) { char *t = names[j]; names[j] = names[j - 1]; names[j - 1] = t; }
    int rc = 0, found = 0, records = 0;
    for (int i = 0; i < k && rc == 0; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, names[i]);
        char b[1200];
        snprintf(b, sizeof b, "%s/batch.txt", p);
        if (is_dir(p) && exists(b)) { rc = batch(R, p); found++; }
    }
    for (int i = 0; i < k && rc == 0 && !found; i++) {   /* no batch in it: its record files */
        snprintf(p, sizeof p, "%s/%s", dir, names[i]);
        if (exists(p) && record_file(R, p)) { rc = add_file(R, p); records++; }
    }
    for (int i = 0; i < k; i++) free(names[i]);
    if (rc == 0 && !found && !records) {
        bo_cli_error(dir, 0, 0, "neither a batch (batch.txt), a folder of batches, nor a folder of record files");
        return -1;
    }
    return rc;
}

/* The record's tag for player K ("Red", "Black", "White"...), or "?". */
static const char *player(const bo_game *g, const bo_record *r, int k)
{
    char name[32];
    snprintf(name, sizeof name, "%s", g->player_names[k] ? g->player_names[k] : "");
    name[0] = (char)toupper((unsigned char)name[0]);
    const char *v = bo_record_tag(r, name);
    return v && *v ? v : "?";
}

static void eval_graph(report *R, const bo_cli_game_rec *rec)
{
    int n = rec->nmoves, found = 0;
    bo_eval_point *pts = calloc((size_t)(n > 0 ? n : 1), sizeof *pts);
    if (!pts) return;
    for (int i = 0; i < n; i++) {
        int idx = rec->rec_index ? rec->rec_index[i] : i;
        if (idx >= 0 && idx < rec->r->nmoves && bo_eval_from_comment(rec->r->moves[idx].comment, &pts[i])) found++;
    }
    if (found) {
        bo_eval_chart c = {.first_player = R->g->player_names[0], .first_move_number = 1,
                           .first_ply_second = R->g->to_move(rec->start) == 1, .pts = pts, .n = n,
                           .unit = R->gc->eval_unit};
        fputs("<div class=\"graph\">", R->f);
        bo_eval_graph_write(R->f, &c);
        fputs("</div>\n", R->f);
    }
    free(pts);
}

/* One game: its heading, verdict, final board and graph. */
static int each_game(void *ctx, const bo_cli_game_rec *rec)
{
    report *R = ctx;
    if (R->drawn >= REPORT_BOARDS) { R->skipped++; return 0; }
    R->drawn++;
    FILE *f = R->f;
    const bo_verdict *v = rec->v;
    fputs("<section class=\"game\"><h3>", f);
    esc(f, R->path);
    fprintf(f, ", game %d: ", rec->r->index);
    esc(f, player(R->g, rec->r, 0));
    fputs(" &ndash; ", f);
    esc(f, player(R->g, rec->r, 1));
    fprintf(f, "</h3>\n<p class=\"verdict %s\">", v && v->status == BO_VERDICT_OK ? "ok" : "invalid");
    if (v && v->status == BO_VERDICT_OK) {
        fprintf(f, "ok, %d plies, ", v->moves);
        esc(f, v->result ? v->result : "*");
        if (v->ending) { fputs(" (", f); esc(f, v->ending); fputc(')', f); }
    } else if (v) {
        fputs(v->status == BO_VERDICT_SKIPPED ? "skipped: " : "invalid: ", f);
        if (v->move_no > 0) fprintf(f, "move %d ", v->move_no);
        if (v->move_text) { esc(f, v->move_text); fputs(": ", f); }
        esc(f, v->kind);
        fputs(": ", f);
        esc(f, v->message);
    }
    fputs("</p>\n", f);
    if (R->gc->render) {
        BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
        memcpy(pos, rec->start, R->g->pos_size);
        for (int i = 0; i < rec->nmoves; i++) R->g->play(pos, rec->moves[i], undo, NULL);
        fputs("<div class=\"board\">", f);
        R->gc->render(R->o, pos, rec->nmoves ? rec->moves[rec->nmoves - 1] : 0, rec->moves, rec->nmoves, f);
        fputs("</div>\n", f);
    }
    eval_graph(R, rec);
    fputs("</section>\n", f);
    return 0;
}

/* A game of file FILE as standings reads it: kept for its board (the first
 * REPORT_BOARDS of them; those after are only counted: past the boards anyway). */
static int keep_game(void *ctx, int file, const bo_game_cli *gc, const bo_rec_game *g, int game0)
{
    report *R = ctx;
    R->file_gc[file] = gc;
    R->file_games[file]++;
    if (R->nkept >= REPORT_BOARDS) return 0;
    bo_rec_game *k = bo_records_keep(gc->records, g);
    if (!k) return 0;   /* out of memory: the board is left out, counted below */
    if (k->r) k->r->index += game0;   /* numbered in the file, not in the slice read */
    R->kept_file[R->nkept] = file;
    R->kept[R->nkept++] = k;
    return 0;
}

/* The boards of file K from the games standings kept (no second read). */
static int games_kept(report *R, int k)
{
    R->gc = R->file_gc[k];
    R->g = R->gc ? bo_game_by_name(R->gc->name) : NULL;
    R->path = R->files[k];
    int shown = 0;
    for (int i = 0; i < R->nkept; i++) {
        if (R->kept_file[i] != k || !R->kept[i]) continue;
        if (R->g) each_game(R, R->kept[i]);
        bo_records_release(R->gc->records, R->kept[i]);
        R->kept[i] = NULL;
        shown++;
    }
    R->skipped += R->file_games[k] - shown;
    return 0;
}

static int games_of(report *R, const char *path)
{
    char err[512];
    bo_text text;
    if (bo_text_load_enc(&text, path, R->o->encoding, err, sizeof err) != 0) {
        bo_cli_error(path, 0, 0, "%s", err);
        return -1;
    }
    bo_cli_text_warnings(&text);
    R->gc = bo_cli_game_for_text(R->o, &text);
    R->g = R->gc ? bo_game_by_name(R->gc->name) : NULL;
    R->path = path;
    int rc = 0;
    const bo_game_cli *other = R->gc ? bo_cli_game_mismatch(R->o, &text) : NULL;
    if (other) {
        bo_cli_file_of_other_game(path, other, R->gc);
        rc = -1;
    } else if (!R->gc || !R->g || !bo_cli_can_replay(R->gc)) {
        fputs("<p class=\"unreadable\">", R->f);
        esc(R->f, path);
        fputs(": no game boyi can replay</p>\n", R->f);
    } else if (bo_cli_replay(R->gc, R->o, &text, each_game, R, err, sizeof err) != 0) {
        bo_cli_error(path, 0, 0, "%s", err);
        rc = -1;
    }
    bo_text_free(&text);
    return rc;
}

static const char *const style =
    "body{font-family:sans-serif;margin:2em;max-width:72em}table{border-collapse:collapse;margin:.5em 0}"
    "th,td{border:1px solid #bbb;padding:.2em .5em;text-align:left}.verdict.invalid{color:#a00}"
    ".game{display:inline-block;vertical-align:top;margin:0 1em 1em 0;max-width:34em}"
    ".board svg{width:20em;height:auto}.graph svg{width:32em;height:auto}pre{background:#f6f6f6;padding:.5em}"
    /* a crosstable of many players scrolls inside its own box, never past the page */
    ".wide{overflow-x:auto;max-width:100%}table.crosstable th,table.crosstable td{padding:.1em .3em;text-align:center}"
    "table.crosstable td.name{text-align:left;white-space:nowrap}";

int bo_cmd_report(const bo_opts *o)
{
    if (o->nargs == 0 || !o->output) {
        bo_cli_error(NULL, 0, 0, "usage: boyi report (DIR | FILE...) -o report.html");
        return BO_EXIT_USAGE;
    }
    char tmp[1100];
    snprintf(tmp, sizeof tmp, "%s.tmp", o->output);
    report R = {.o = o};
    R.f = fopen(tmp, "w");
    if (!R.f) { bo_cli_error(o->output, 0, 0, "cannot write: %s", strerror(errno)); return BO_EXIT_USAGE; }
    fprintf(R.f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>boyi report</title>"
                 "<style>%s</style></head><body>\n<h1>boyi report</h1>\n", style);
    int rc = 0;
    for (int i = 0; i < o->nargs && rc == 0; i++)
        rc = is_dir(o->args[i]) ? folder(&R, o->args[i]) : add_file(&R, o->args[i]);
    if (rc == 0 && R.nfiles > 0) {
        int s = bo_cli_standings_games(o, (const char *const *)R.files, R.nfiles, R.f, true, keep_game, &R, R.by_records);
        if (s == BO_EXIT_USAGE) rc = -1;
    }
    if (rc == 0) fputs("<section id=\"games\"><h2>Games</h2>\n", R.f);
    for (int i = 0; i < R.nfiles && rc == 0; i++) rc = R.by_records[i] ? games_kept(&R, i) : games_of(&R, R.files[i]);
    for (int i = 0; i < R.nkept; i++)
        if (R.kept[i]) bo_records_release(R.file_gc[R.kept_file[i]]->records, R.kept[i]);
    if (rc == 0) {
        if (R.skipped) fprintf(R.f, "<p>%d more games are not shown (the page shows the boards of the first %d).</p>\n", R.skipped, REPORT_BOARDS);
        fputs("</section>\n</body></html>\n", R.f);
    }
    for (int i = 0; i < R.nfiles; i++) free(R.files[i]);
    bool werr = ferror(R.f) != 0;
    if (fclose(R.f) != 0 || werr) { bo_cli_error(tmp, 0, 0, "write failed: %s", strerror(errno)); rc = -1; }
    if (rc == 0 && rename(tmp, o->output) != 0) { bo_cli_error(o->output, 0, 0, "cannot rename into place: %s", strerror(errno)); rc = -1; }
    if (rc != 0) { remove(tmp); return BO_EXIT_USAGE; }
    /* "N games drawn" would read as N draws: the count is of the boards on the page */
    if (R.skipped) printf("%s: %d games, the boards of the first %d shown\n", o->output, R.drawn + R.skipped, R.drawn);
    else printf("%s: %d games, each with its board\n", o->output, R.drawn);
    return BO_EXIT_OK;
}
