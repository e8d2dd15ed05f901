/* game_junqi.c -- the Junqi 二人军旗 front end: records (validate, convert to a side's
 * view), the board as SVG, records of games boyi played.  The engine is measured
 * against the reference players by `boyi selfplay` and `bench match` with the players
 * of engine/junqi/jq_engine.c (docs/junqi.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core.h"
#include "game.h"
#include "jq_engine.h"
#include "jq_record.h"
#include "junqi.h"
#include "svg.h"

static int jq_cli_sniff(const bo_text *t)
{
    return strstr(t->data, "[JQ]") ? 95 : 0;
}

static int jq_cli_validate(const bo_opts *o, const bo_text *t, const bo_verdict_sink *sink, char *err, size_t errlen)
{
    if (o->rules && strcmp(o->rules, "ccgc") != 0) return snprintf(err, errlen, "junqi has only the rule set ccgc"), -1;
    return jq_validate_text(t, o->strict, o->rules != NULL, sink, err, errlen);   /* ccgc named: the contest's */
}

/* convert --to red|black: each record's view for that side; --to record: the records
 * as boyi writes them.  Broken records are reported located and skipped. */
static int jq_cli_convert(const bo_opts *o, const bo_text *t, FILE *out)
{
    const char *to = o->to ? o->to : "record";
    int side = strcmp(to, "red") == 0 ? 0 : strcmp(to, "black") == 0 ? 1 : strcmp(to, "record") == 0 ? 2 : -1;
    if (side < 0) {
        bo_cli_error(NULL, 0, 0, "junqi converts to red (red's view), black (black's view) or record, not '%s'", to);
        return BO_EXIT_USAGE;
    }
    size_t pos = 0, off;
    int game = 0, bad = 0;
    jq_replay *rp = malloc(sizeof *rp);
    if (!rp) return BO_EXIT_USAGE;
    for (;;) {
        jq_record r;
        char err[256];
        int rc = jq_record_next(t->data, t->len, &pos, &r, &off, err, sizeof err);
        if (rc == 0) break;
        game++;
        int line, col;
        if (rc < 0) {
            bo_text_line_col(t, off, &line, &col);
            bo_cli_error(t->path, line, col, "game %d: %s", game, err);
            bad++;
            jq_record_free(&r);
            continue;
        }
        jq_replay_record(&r, rp);
        if (!rp->ok) {
            bo_text_line_col(t, rp->off, &line, &col);
            bo_cli_error(t->path, line, col, "game %d: %s: %s", game, rp->kind, rp->message);
            bad++;
        } else if (side == 2) {
            uint32_t *mv = malloc((size_t)(rp->moves ? rp->moves : 1) * sizeof *mv);
            for (int i = 0; mv && i < rp->moves; i++) mv[i] = jq_move(r.moves[i].from, r.moves[i].to);
            if (!mv || jq_write_record(out, r.red, r.black, r.date_place, r.event, &rp->start, mv, rp->moves, rp->result,
                                       rp->ending && !strcmp(rp->ending, "time") ? JQ_END_TIME
                                       : rp->ending && !strcmp(rp->ending, "resignation") ? JQ_END_RESIGN : JQ_END_NONE,
                                       err, sizeof err) != 0)
                bad++;
            free(mv);
        } else if (jq_write_view(out, &r, rp, side, err, sizeof err) != 0) {
            bo_cli_error(t->path, 0, 0, "%s", err);
            bad++;
        }
        jq_record_free(&r);
    }
    free(rp);
    if (game == 0) {
        bo_cli_error(t->path, 0, 0, "no Junqi record ({[JQ]...}) in the file");
        return BO_EXIT_INVALID;
    }
    return bad ? BO_EXIT_INVALID : BO_EXIT_OK;
}

/* Board geometry of the drawing. */
enum { SX = 70, SY = 46, X0 = 60, Y0 = 50, FRONT = 40 };
static double px(int p) { return X0 + SX * jq_col(p); }
static double py(int p)
{
    int r = jq_row(p);   /* row 12 at the top */
    return Y0 + SY * (JQ_ROWS - 1 - r) + (r <= 5 ? FRONT : 0);
}

static int jq_cli_render(const bo_opts *o, const void *posv, uint32_t last, const uint32_t *line, int nline, FILE *out)
{
    (void)o, (void)line, (void)nline;
    const jq_pos *p = posv;
    const jq_graph *g = jq_board();
    int w = X0 * 2 + SX * 4, h = (int)(Y0 * 2 + SY * 11 + FRONT);
    bo_svg_begin(out, w, h, "#f3e2b8");
    for (int i = 0; i < g->nlinks; i++) {
        int a = g->link[i][0], b = g->link[i][1];
        bool rail = g->link[i][2] == JQ_LINK_RAIL;
        fprintf(out, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"%s\" stroke-width=\"%d\"/>\n", px(a),
                py(a), px(b), py(b), rail ? "#333" : "#8a7a5a", rail ? 5 : 1);
    }
    double my = (py(jq_post(1, 5)) + py(jq_post(1, 6))) / 2;
    bo_svg_text(out, px(jq_post(1, 5)), my, 14, "#555", "山界");
    bo_svg_text(out, px(jq_post(3, 5)), my, 14, "#555", "山界");
    for (int q = 0; q < JQ_POSTS; q++) {
        double x = px(q), y = py(q);
        if (g->kind[q] == JQ_CAMP)
            fprintf(out, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"17\" fill=\"#fff8e8\" stroke=\"#333\"/>\n", x, y);
        else if (g->kind[q] == JQ_HQ)
            fprintf(out, "<ellipse cx=\"%.0f\" cy=\"%.0f\" rx=\"26\" ry=\"16\" fill=\"#fff8e8\" stroke=\"#333\" stroke-width=\"2\"/>\n", x, y);
        else
            fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"40\" height=\"22\" fill=\"#fff8e8\" stroke=\"#333\"/>\n", x - 20, y - 11);
        bool hl = last && !(last & JQ_PLACE) && (jq_from(last) == q || jq_to(last) == q);
        if (hl) fprintf(out, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"22\" fill=\"none\" stroke=\"#2a7\" stroke-width=\"3\"/>\n", x, y);
        uint8_t c = p->cell[q];
        if (c) bo_svg_text(out, x, y, 14, jq_cell_owner(c) ? "#111" : "#c00", jq_kind_name_cn(jq_cell_kind(c)));
        else if (g->kind[q] == JQ_HQ) bo_svg_text(out, x, y, 10, "#777", "大本营");
        else if (g->kind[q] == JQ_CAMP) bo_svg_text(out, x, y, 10, "#777", "行营");
    }
    char lab[16];
    for (int c = 0; c < JQ_COLS; c++) {
        snprintf(lab, sizeof lab, "%c", 'a' + c);
        bo_svg_text(out, X0 + SX * c, h - 12, 13, "#333", lab);
    }
    for (int r = 0; r < JQ_ROWS; r++) {
        snprintf(lab, sizeof lab, "%d", r + 1);
        bo_svg_text(out, 18, py(jq_post(0, r)), 13, "#333", lab);
    }
    bo_svg_end(out);
    return ferror(out) ? BO_EXIT_USAGE : BO_EXIT_OK;
}

/* A game boyi played (selfplay): its placements set up the start, the rest are the
 * record's moves. */
static int jq_write_played(const bo_opts *o, const bo_cli_played *pl, FILE *out, char *err, size_t errlen)
{
    (void)o;
    jq_pos p = *(const jq_pos *)pl->start;
    int i = 0;
    for (; i < pl->nmoves && (pl->moves[i] & JQ_PLACE); i++) {
        jq_undo u;
        jq_play(&p, pl->moves[i], &u);
    }
    jq_pos start = p;
    jq_pos end = p;
    for (int k = i; k < pl->nmoves; k++) {
        jq_undo u;
        jq_play(&end, pl->moves[k], &u);
    }
    int w, how = jq_result(&end, &w);
    int result = !how ? JQ_RES_NONE : w == 0 ? JQ_RES_RED : w == 1 ? JQ_RES_BLACK : JQ_RES_DRAW;
    char ev[160];
    snprintf(ev, sizeof ev, "%s, game %ld", pl->event ? pl->event : "boyi selfplay", pl->round);
    return jq_write_record(out, pl->first_name, pl->second_name, "?", ev, &start, pl->moves + i, pl->nmoves - i, result,
                           JQ_END_NONE, err, errlen);
}

const bo_game_cli bo_game_junqi = {
    .name = "junqi",
    .rules_help = "ccgc (the only one: RULES.md section 6 with its Decisions)",
    .sniff = jq_cli_sniff,
    .validate = jq_cli_validate,
    .split = bo_split_records,   /* contest frames, SGF, PGN tags: validate streams */
    .convert = jq_cli_convert,
    .render = jq_cli_render,
    .played_ext = "txt",
    .write_played = jq_write_played,
};
