/* eval_graph.c -- the evaluation chart of an annotated game (see eval_graph.h): one
 * band per ply along the x axis, pawns from the first player's view up the y axis on
 * a scale clamped to +-10 (a mate sits on the edge), the area between the curve and
 * the zero line shaded, and the inaccuracies, mistakes and blunders as coloured dots. */
#include "eval_graph.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "svg.h"

enum { W = 840, H = 400, LEFT = 70, RIGHT = 24, TOP = 78, BOTTOM = 56 };
static const double clamp_pawns = 10.0;

/* A word of the comment standing alone (not inside another word). */
static bool has_word(const char *s, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = strstr(s, word); p; p = strstr(p + 1, word)) {
        bool before = p == s || !isalpha((unsigned char)p[-1]);
        bool after = !isalpha((unsigned char)p[n]);
        if (before && after) return true;
    }
    return false;
}

/* "[%eval 0.35]", "[%eval -1.2]", "[%eval #3]", "[%eval #-3]": the first one in the
 * comment counts; the class word is looked for outside the brackets' numbers. */
bool bo_eval_from_comment(const char *comment, bo_eval_point *p)
{
    memset(p, 0, sizeof *p);
    if (!comment) return false;
    if (has_word(comment, "blunder")) p->cls = BO_MOVE_BLUNDER;
    else if (has_word(comment, "mistake")) p->cls = BO_MOVE_MISTAKE;
    else if (has_word(comment, "inaccuracy")) p->cls = BO_MOVE_INACCURACY;
    const char *e = strstr(comment, "[%eval");
    if (!e) return false;
    e += 6;
    while (*e == ' ') e++;
    char *end;
    if (*e == '#') {
        long m = strtol(e + 1, &end, 10);
        if (end == e + 1 || m == 0) return false;
        p->kind = BO_EVAL_MATE;
        p->mate = (int)m;
    } else {
        double v = strtod(e, &end);
        if (end == e || v != v) return false;
        p->kind = BO_EVAL_PAWNS;
        p->pawns = v;
    }
    while (*end == ' ') end++;
    if (*end != ']' && *end != ',') { p->kind = BO_EVAL_NONE; return false; }
    return true;
}

/* The plot's frame in pixels. */
static double plot_x0(void) { return LEFT; }
static double plot_x1(void) { return W - RIGHT; }
static double plot_y0(void) { return TOP; }
static double plot_y1(void) { return H - BOTTOM; }
static double zero_y(void) { return (plot_y0() + plot_y1()) / 2; }

/* The middle of ply I's band (0-based). */
static double ply_x(const bo_eval_chart *c, int i)
{
    return plot_x0() + (i + 0.5) * (plot_x1() - plot_x0()) / c->n;
}

/* Pawns (a mate at the edge) to a height, clamped to the scale. */
static double value_y(const bo_eval_point *p)
{
    double v = p->kind == BO_EVAL_MATE ? (p->mate > 0 ? clamp_pawns : -clamp_pawns) : p->pawns;
    if (v > clamp_pawns) v = clamp_pawns;
    if (v < -clamp_pawns) v = -clamp_pawns;
    return zero_y() - v / clamp_pawns * (zero_y() - plot_y0());
}

/* The move number that ply I (0-based) belongs to. */
static int move_number(const bo_eval_chart *c, int i)
{
    return c->first_move_number + (i + (c->first_ply_second ? 1 : 0)) / 2;
}

/* The horizontal lines and their labels: the zero line solid, +-2 and +-5 dashed. */
static void draw_scale(FILE *f, const bo_eval_chart *c)
{
    static const double marks[] = {10, 5, 2, 0, -2, -5, -10};
    for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++) {
        bo_eval_point p = {.kind = BO_EVAL_PAWNS, .pawns = marks[k]};
        double y = value_y(&p);
        bool zero = marks[k] == 0, edge = marks[k] == 10 || marks[k] == -10;
        if (!edge)
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%s\"%s/>\n",
                    plot_x0(), y, plot_x1(), y, zero ? "#444" : "#bbb", zero ? "1.5" : "1",
                    zero ? "" : " stroke-dasharray=\"4,4\"");
        char label[16];
        snprintf(label, sizeof label, edge ? "%+.0f/#" : "%+.0f", marks[k]);
        if (zero) snprintf(label, sizeof label, "0");
        bo_svg_text_anchored(f, plot_x0() - 8, y, 12, "#333", "end", label);
    }
    char axis[96];
    snprintf(axis, sizeof axis, "%s, %s's view", c->unit ? c->unit : "pawns", c->first_player ? c->first_player : "first player");
    fprintf(f, "<text x=\"0\" y=\"0\" font-size=\"12\" fill=\"#333\" text-anchor=\"middle\" "
               "transform=\"translate(%d,%.1f) rotate(-90)\">", 18, zero_y());
    bo_svg_escape(f, axis);
    fputs("</text>\n", f);
}

/* Move numbers under the plot: every move in a short game, every 2, 5, 10... in
 * longer ones, at the band of the first ply of that move. */
static void draw_move_axis(FILE *f, const bo_eval_chart *c)
{
    int moves = move_number(c, c->n - 1) - c->first_move_number + 1;
    static const int steps[] = {1, 2, 5, 10, 20, 50, 100, 200, 500};
    int step = 1000;
    for (size_t k = 0; k < sizeof steps / sizeof steps[0]; k++)
        if (moves / steps[k] <= 20) { step = steps[k]; break; }
    int last = -1;
    for (int i = 0; i < c->n; i++) {
        int m = move_number(c, i);
        if (m == last) continue;
        last = m;
        if (m % step != 0 && !(step > 1 && i == 0)) continue;
        double x = ply_x(c, i);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#444\" stroke-width=\"1\"/>\n", x,
                plot_y1(), x, plot_y1() + 5);
        char label[16];
        snprintf(label, sizeof label, "%d", m);
        bo_svg_text(f, x, plot_y1() + 16, 12, "#333", label);
    }
    bo_svg_text(f, (plot_x0() + plot_x1()) / 2, H - 14, 12, "#333", "move");
}

/* The shaded area between the curve and the zero line, and the curve itself. */
static void draw_curve(FILE *f, const bo_eval_chart *c)
{
    int first = -1, last = -1;
    for (int i = 0; i < c->n; i++)
        if (c->pts[i].kind != BO_EVAL_NONE) { if (first < 0) first = i; last = i; }
    if (first < 0) return;
    fprintf(f, "<polygon fill=\"#7f9fc6\" fill-opacity=\"0.45\" stroke=\"none\" points=\"%.1f,%.1f", ply_x(c, first),
            zero_y());
    for (int i = first; i <= last; i++)
        if (c->pts[i].kind != BO_EVAL_NONE) fprintf(f, " %.1f,%.1f", ply_x(c, i), value_y(&c->pts[i]));
    fprintf(f, " %.1f,%.1f\"/>\n", ply_x(c, last), zero_y());
    fputs("<polyline fill=\"none\" stroke=\"#23466e\" stroke-width=\"2\" stroke-linejoin=\"round\" points=\"", f);
    for (int i = first, k = 0; i <= last; i++)
        if (c->pts[i].kind != BO_EVAL_NONE) fprintf(f, "%s%.1f,%.1f", k++ ? " " : "", ply_x(c, i), value_y(&c->pts[i]));
    fputs("\"/>\n", f);
}

static const char *const class_names[] = {"", "inaccuracy", "mistake", "blunder"};
static const char *const class_colours[] = {"", "#e6b422", "#e8731c", "#d62728"};

/* One small dot per evaluated ply, a larger coloured one per weak move. */
static void draw_points(FILE *f, const bo_eval_chart *c, int counts[4])
{
    for (int i = 0; i < c->n; i++) {
        const bo_eval_point *p = &c->pts[i];
        if (p->kind == BO_EVAL_NONE) continue;
        double x = ply_x(c, i), y = value_y(p);
        if (p->cls != BO_MOVE_PLAIN) {
            counts[p->cls]++;
            fprintf(f, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"%s\" stroke=\"#fff\" "
                       "stroke-width=\"1.5\"><title>move %d: %s</title></circle>\n",
                    class_names[p->cls], x, y, class_colours[p->cls], move_number(c, i), class_names[p->cls]);
        }
        fprintf(f, "<circle class=\"ply\" cx=\"%.1f\" cy=\"%.1f\" r=\"2.2\" fill=\"#23466e\"/>\n", x, y);
    }
}

/* The key to the dots, with how many of each, top right. */
static void draw_legend(FILE *f, const int counts[4])
{
    double x = plot_x1() - 330;
    for (int k = 1; k <= 3; k++, x += 110) {
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%d\" r=\"6\" fill=\"%s\"/>\n", x, TOP - 16, class_colours[k]);
        char label[48];
        snprintf(label, sizeof label, "%s %d", class_names[k], counts[k]);
        bo_svg_text_anchored(f, x + 10, TOP - 16, 12, "#333", "start", label);
    }
}

void bo_eval_graph_write(FILE *f, const bo_eval_chart *c)
{
    bo_svg_begin(f, W, H, "#ffffff");
    if (c->title) bo_svg_text(f, W / 2.0, 20, 17, "#111", c->title);
    if (c->subtitle) bo_svg_text(f, W / 2.0, 42, 13, "#555", c->subtitle);
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#f6f6f4\" stroke=\"#444\"/>\n",
            plot_x0(), plot_y0(), plot_x1() - plot_x0(), plot_y1() - plot_y0());
    int counts[4] = {0, 0, 0, 0};
    if (c->n > 0) {
        draw_scale(f, c);
        draw_curve(f, c);
        draw_move_axis(f, c);
        draw_points(f, c, counts);
    }
    draw_legend(f, counts);
    bo_svg_end(f);
}
