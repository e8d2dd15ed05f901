/* game_junqi.c -- the Junqi 二人军旗 front end: the board as SVG.  Its records
 * (validate, convert to a side's view, games boyi played) are
 * notation/junqi/jq_records.c's; the engine is measured against the reference players
 * by `boyi selfplay` and `bench match` with the players of engine/junqi/jq_engine.c
 * (docs/junqi.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core.h"
#include "game.h"
#include "jq_engine.h"
#include "jq_records.h"
#include "junqi.h"
#include "svg.h"

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

const bo_game_cli bo_game_junqi = {
    .name = "junqi",
    .rules_help = "ccgc (the only one: RULES.md section 6 with its Decisions)",
    .render = jq_cli_render,
    .records = &jq_records,   /* records: notation/junqi/jq_records.c */
};
