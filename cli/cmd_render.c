/* cmd_render.c -- `boyi render`: board diagrams as SVG, from a position in the game's
 * own text or from a record (game N after K plies, read and replayed through the front
 * end's replay hook), and the evaluation graph of an annotated game.  Each game draws
 * its own board (bo_game_cli.render); the graph is game-agnostic
 * (notation/common/eval_graph.c).  This file finds the position or the evaluations and
 * writes the file, under a temporary name renamed into place when complete, so that
 * an interrupted run never leaves half a picture. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "eval_graph.h"
#include "game.h"
#include "record.h"
#include "svg.h"

/* What one SVG is drawn from: a board, or an evaluation chart. */
typedef struct drawing {
    const bo_opts *o;
    const bo_game_cli *gc;
    const void *pos;
    bo_move last;
    const uint32_t *line;
    int nline;
    const bo_eval_chart *chart;   /* non-NULL: the graph */
    const char *caption;          /* the board's caption: game, ply, move */
} drawing;

enum { CAPTION_H = 40, CAPTION_SIZE = 18 };

/* The number in attribute NAME="N" of the first <svg> tag of S, or -1. */
static long svg_attr(const char *s, const char *name)
{
    const char *tag = strstr(s, "<svg");
    const char *end = tag ? strchr(tag, '>') : NULL;
    char key[32];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *a = tag ? strstr(tag, key) : NULL;
    if (!a || a > end) return -1;
    return strtol(a + strlen(key), NULL, 10);
}

/* A board with its caption under it: the game's own SVG (its document as written,
 * less the XML declaration) nested in one a caption's height taller, so that every
 * game's picture gets the same caption without each drawing it. */
static int draw_captioned(const drawing *d, FILE *f)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) { bo_cli_error(NULL, 0, 0, "out of memory"); return BO_EXIT_USAGE; }
    int rc = d->gc->render(d->o, d->pos, d->last, d->line, d->nline, mem);
    if (fclose(mem) != 0 && rc == BO_EXIT_OK) rc = BO_EXIT_USAGE;
    long w = buf ? svg_attr(buf, "width") : -1, h = buf ? svg_attr(buf, "height") : -1;
    if (rc == BO_EXIT_OK && (w <= 0 || h <= 0)) {   /* not a document to nest: as it is */
        fputs(buf ? buf : "", f);
    } else if (rc == BO_EXIT_OK) {
        const char *body = strstr(buf, "<svg");
        fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                   "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%ld\" height=\"%ld\" viewBox=\"0 0 %ld %ld\">\n"
                   "<rect width=\"%ld\" height=\"%ld\" fill=\"#ffffff\"/>\n",
                w, h + CAPTION_H, w, h + CAPTION_H, w, h + CAPTION_H);
        fputs(body, f);
        fprintf(f, "<g class=\"caption\">");
        bo_svg_text_font(f, (double)w / 2, (double)h + CAPTION_H / 2.0, CAPTION_SIZE, "#222", d->caption);
        fputs("</g>\n</svg>\n", f);
    }
    free(buf);
    return rc;
}

static int draw(const drawing *d, FILE *f)
{
    if (d->chart) {
        bo_eval_graph_write(f, d->chart);
        return BO_EXIT_OK;
    }
    if (d->caption) return draw_captioned(d, f);
    return d->gc->render(d->o, d->pos, d->last, d->line, d->nline, f);
}

/* The caption of a board: the game (and rules), which game of the file and after
 * which ply with the move that led there (in the record's own notation), or the
 * position given; and whose turn it is. */
static void caption(const bo_game_cli *gc, const bo_game *g, const bo_opts *o, const bo_cli_game_rec *rec, int k,
                    const void *pos, char *buf, size_t n)
{
    size_t len = (size_t)snprintf(buf, n, "%s", gc->name);
    if (o->rules && len < n) len += (size_t)snprintf(buf + len, n - len, " (%s)", o->rules);
    if (rec && len < n) {
        len += (size_t)snprintf(buf + len, n - len, " \xC2\xB7 game %d \xC2\xB7 ", rec->r->index);
        if (k == 0 && len < n) len += (size_t)snprintf(buf + len, n - len, "the start");
        else if (len < n) {
            BO_ALIGNED unsigned char before[BO_POS_MAX], undo[BO_UNDO_MAX];
            memcpy(before, rec->start, g->pos_size);
            for (int i = 0; i + 1 < k; i++) g->play(before, rec->moves[i], undo, NULL);
            char mt[128] = "";
            if (bo_cli_record_move_text(gc, g, rec, before, rec->moves[k - 1], mt, sizeof mt) != 0)
                g->move_to_text(before, rec->moves[k - 1], mt, sizeof mt);
            len += (size_t)snprintf(buf + len, n - len, "ply %d: %s", k, mt);
        }
    } else if (len < n) {
        len += (size_t)snprintf(buf + len, n - len, " \xC2\xB7 %s", o->fen || o->position ? "position" : "start position");
    }
    int side = g->to_move(pos);
    if (len < n && side >= 0 && side <= 1 && g->player_names[side])
        snprintf(buf + len, n - len, " \xC2\xB7 %s to move", g->player_names[side]);
}

/* Write D into PATH ("-" for stdout), atomically for files. */
static int write_svg(const drawing *d, const char *path)
{
    if (strcmp(path, "-") == 0) {
        int rc = draw(d, stdout);
        if (fflush(stdout) != 0) { bo_cli_error("-", 0, 0, "write failed"); return BO_EXIT_USAGE; }
        return rc;
    }
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid()) >= (int)sizeof tmp) {
        bo_cli_error(path, 0, 0, "file name too long");
        return BO_EXIT_USAGE;
    }
    FILE *f = fopen(tmp, "w");
    if (!f) { bo_cli_error(path, 0, 0, "cannot write: %s", strerror(errno)); return BO_EXIT_USAGE; }
    int rc = draw(d, f);
    bool failed = ferror(f) != 0;
    if (fclose(f) != 0) failed = true;
    if (rc == BO_EXIT_OK && !failed && rename(tmp, path) == 0) return BO_EXIT_OK;
    if (rc == BO_EXIT_OK) bo_cli_error(path, 0, 0, "cannot write: %s", failed ? "write error (disk full?)" : strerror(errno));
    remove(tmp);
    return rc == BO_EXIT_OK ? BO_EXIT_USAGE : rc;
}

/* What reading a record for render keeps while its games go by. */
typedef struct render_run {
    const bo_opts *o;
    const bo_game_cli *gc;
    const bo_game *g;
    int want;        /* the game wanted (1-based) */
    int seen;        /* games read so far */
    int rc;          /* the exit code, once the game was found */
} render_run;

/* A tag's value, or NULL when absent, empty or unknown ("?", "????.??.??", "-"). */
static const char *tag(const bo_record *r, const char *name)
{
    const char *v = bo_record_tag(r, name);
    if (!v || !*v || v[strspn(v, "?.- ")] == '\0') return NULL;
    return v;
}

/* The player tag of side I: "Red", "White", "Black" (the descriptor's player name
 * with a capital), as PGN and PDN name them. */
static const char *player_tag(const bo_game *g, const bo_record *r, int i, char *buf, size_t n)
{
    snprintf(buf, n, "%s", g->player_names[i] ? g->player_names[i] : "");
    if (buf[0] >= 'a' && buf[0] <= 'z') buf[0] = (char)(buf[0] - 'a' + 'A');
    const char *v = tag(r, buf);
    return v ? v : buf;
}

/* The graph's title (players) and subtitle (event, date, result) from the tags. */
static void titles(const bo_game *g, const bo_record *r, char *title, size_t tn, char *sub, size_t sn)
{
    char a[32], b[32];
    const char *p0 = player_tag(g, r, 0, a, sizeof a), *p1 = player_tag(g, r, 1, b, sizeof b);
    snprintf(title, tn, "%s \xE2\x80\x93 %s", p0, p1);
    const char *parts[3] = {tag(r, "Event"), tag(r, "Date"), r->result && *r->result ? r->result : tag(r, "Result")};
    size_t len = 0;
    sub[0] = '\0';
    for (int i = 0; i < 3; i++)
        if (parts[i] && len < sn)
            len += (size_t)snprintf(sub + len, sn - len, "%s%s", len ? " \xC2\xB7 " : "", parts[i]);
}

/* The evaluations of game REC, one per ply of its replayed main line, drawn. */
static int eval_graph(render_run *R, const bo_cli_game_rec *rec)
{
    const bo_opts *o = R->o;
    int n = rec->nmoves, found = 0;
    bo_eval_point *pts = calloc((size_t)(n > 0 ? n : 1), sizeof *pts);
    if (!pts) { bo_cli_error(rec->path, 0, 0, "out of memory"); return BO_EXIT_USAGE; }
    for (int i = 0; i < n; i++) {
        int idx = rec->rec_index ? rec->rec_index[i] : i;
        if (idx >= 0 && idx < rec->r->nmoves && bo_eval_from_comment(rec->r->moves[idx].comment, &pts[i])) found++;
    }
    if (found == 0) {
        bo_cli_error(rec->path, rec->r->line, 0,
                     "game %d has no evaluations ([%%eval 0.35] or [%%eval #3] in its move comments): "
                     "annotate it first (boyi annotate)", rec->r->index);
        free(pts);
        return BO_EXIT_USAGE;
    }
    char title[256], sub[512];
    titles(R->g, rec->r, title, sizeof title, sub, sizeof sub);
    int first_number = n > 0 && rec->r->nmoves > 0 ? rec->r->moves[rec->rec_index ? rec->rec_index[0] : 0].number : 0;
    bo_eval_chart chart = {.title = title, .subtitle = sub[0] ? sub : NULL, .first_player = R->g->player_names[0],
                           .first_move_number = first_number > 0 ? first_number : 1,
                           .first_ply_second = R->g->to_move(rec->start) == 1, .pts = pts, .n = n,
                           .unit = R->gc->eval_unit};
    drawing d = {.o = o, .gc = R->gc, .chart = &chart};
    int rc = write_svg(&d, o->eval_graph);
    free(pts);
    return rc;
}

/* The position after K plies of game REC (the end of its main line by default). */
static int board(render_run *R, const bo_cli_game_rec *rec)
{
    const bo_opts *o = R->o;
    const bo_game *g = R->g;
    int k = o->ply >= 0 ? o->ply : rec->nmoves;
    if (k > rec->nmoves) {
        bool cut = rec->v && rec->v->status != BO_VERDICT_OK;
        bo_cli_error(rec->path, rec->r->line, 0, "game %d: --ply %d is out of range: the game has plies 0..%d%s",
                     rec->r->index, k, rec->nmoves, cut ? " (its moves are replayed up to its first fault)" : "");
        return BO_EXIT_USAGE;
    }
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(pos, rec->start, g->pos_size);
    for (int i = 0; i < k; i++) g->play(pos, rec->moves[i], undo, NULL);
    char cap[512];
    caption(R->gc, g, o, rec, k, pos, cap, sizeof cap);
    drawing d = {.o = o, .gc = R->gc, .pos = pos, .last = k > 0 ? rec->moves[k - 1] : 0, .line = rec->moves,
                 .nline = k, .caption = cap};
    return write_svg(&d, o->svg);
}

/* Called for every game of the file: the wanted one is drawn, and reading stops. */
static int each_game(void *ctx, const bo_cli_game_rec *rec)
{
    render_run *R = ctx;
    if (++R->seen < R->want) return 0;
    R->rc = BO_EXIT_OK;
    if (R->o->svg) R->rc = board(R, rec);
    if (R->rc == BO_EXIT_OK && R->o->eval_graph) R->rc = eval_graph(R, rec);
    return 1;
}

/* boyi render FILE: read the file, replay game N, draw. */
static int render_record(const bo_opts *o)
{
    const char *path = o->args[0];
    char err[512];
    bo_text text;
    if (bo_text_load_enc(&text, path, o->encoding, err, sizeof err) != 0) {
        bo_cli_error(path, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    bo_cli_text_warnings(&text);
    int rc = BO_EXIT_USAGE;
    const bo_game_cli *gc = bo_cli_game_for_text(o, &text);
    const bo_game *g = gc ? bo_game_by_name(gc->name) : NULL;
    const bo_game_cli *other = gc ? bo_cli_game_mismatch(o, &text) : NULL;
    if (!gc) {
        bo_cli_error(path, 1, 1, "cannot tell which game this file holds; use --game");
    } else if (other) {
        bo_cli_file_of_other_game(path, other, gc);
    } else if (!g || !bo_cli_can_replay(gc) || !gc->render) {
        bo_cli_error(path, 0, 0, "render from a record is not available for %s", gc->name);
    } else {
        render_run R = {.o = o, .gc = gc, .g = g, .want = o->game_index > 0 ? o->game_index : 1, .rc = -1};
        if (bo_cli_replay(gc, o, &text, each_game, &R, err, sizeof err) != 0) {
            int line = 0, col = 0;
            if (sscanf(err, "line %d, column %d: ", &line, &col) == 2) {
                const char *msg = strstr(err, ": ");
                bo_cli_error(path, line, col, "%s", msg ? msg + 2 : err);
            } else {
                bo_cli_error(path, 0, 0, "%s", err);
            }
        } else if (R.rc < 0) {
            bo_cli_error(path, 0, 0, "--game-index %d is out of range: the file holds %d game%s (1..%d)", R.want, R.seen,
                         R.seen == 1 ? "" : "s", R.seen);
        } else {
            rc = R.rc;
        }
    }
    bo_text_free(&text);
    return rc;
}

int bo_cmd_render(const bo_opts *o)
{
    if (o->nargs > 1) { bo_cli_error(NULL, 0, 0, "boyi render draws from one record FILE at a time"); return BO_EXIT_USAGE; }
    if (!o->svg && !o->eval_graph) {
        bo_cli_error(NULL, 0, 0, "render needs --svg OUT or --eval-graph OUT ('-' for stdout)");
        return BO_EXIT_USAGE;
    }
    if (o->nargs == 1) {
        if (o->fen || o->position) {
            bo_cli_error(NULL, 0, 0, "render draws from a record FILE or from --fen/--position, not both");
            return BO_EXIT_USAGE;
        }
        return render_record(o);
    }
    if (o->game_index || o->ply >= 0 || o->eval_graph) {
        bo_cli_error(NULL, 0, 0, "--game-index, --ply and --eval-graph read a record: boyi render FILE ...");
        return BO_EXIT_USAGE;
    }
    if (!o->game) { bo_cli_error(NULL, 0, 0, "render needs --game"); return BO_EXIT_USAGE; }
    const bo_game_cli *gc = bo_cli_game_find(o->game);
    const bo_game *g = bo_game_by_name(gc->name);
    if (!g || !gc->render) { bo_cli_error(NULL, 0, 0, "no diagrams for %s yet", gc->name); return BO_EXIT_USAGE; }
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    if (bo_cli_load_position(o, g, pos) != 0) return BO_EXIT_USAGE;
    char cap[512];
    caption(gc, g, o, NULL, 0, pos, cap, sizeof cap);
    drawing d = {.o = o, .gc = gc, .pos = pos, .caption = cap};
    return write_svg(&d, o->svg);
}
