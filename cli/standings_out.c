/* standings_out.c -- the output formats of `boyi standings`: the ranking and the
 * crosstable as text (columns that hold East Asian names), JSON, or an HTML section for
 * `boyi report`, with the corrections and unjudged games listed after them.
 *
 * Apart from cmd_standings.c, which reads and scores the games, because the formats
 * change for their readers and the scoring for the rules; both see standings.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "standings.h"

/* Columns of terminal text: East Asian wide characters take two. */
static int display_width(const char *s)
{
    int w = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned long cp;
        int len = *p < 0x80 ? 1 : *p < 0xE0 ? 2 : *p < 0xF0 ? 3 : 4;
        if (len == 1) cp = *p;
        else if (len == 2) cp = (unsigned long)(*p & 0x1F) << 6 | (p[1] & 0x3F);
        else if (len == 3) cp = (unsigned long)(*p & 0x0F) << 12 | (unsigned long)(p[1] & 0x3F) << 6 | (p[2] & 0x3F);
        else cp = 0x20000;
        for (int i = 1; i < len; i++) if (!p[i]) { len = i; break; }
        p += len;
        bool wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) || (cp >= 0xAC00 && cp <= 0xD7A3) ||
                    (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
                    (cp >= 0xFFE0 && cp <= 0xFFE6) || cp >= 0x20000;
        w += wide ? 2 : 1;
    }
    return w;
}

/* S padded to WIDTH columns (display_width: bytes are not columns). */
static void pad(FILE *f, const char *s, int width)
{
    fputs(s, f);
    for (int k = display_width(s); k < width; k++) fputc(' ', f);
}

/* 1½, ½, 0 as players write scores. */
static void fmt_points(char *buf, size_t n, double x)
{
    long whole = (long)x;
    bool half = x - (double)whole >= 0.25;
    if (whole == 0 && half) snprintf(buf, n, "½");
    else snprintf(buf, n, "%ld%s", whole, half ? "½" : "");
}

void st_print_text(const st_standings *s, bool matches, FILE *f)
{
    int namew = 6;
    for (int i = 0; i < s->nplayers; i++) {
        int w = display_width(s->players[i].name);
        if (w > namew) namew = w;
    }
    fprintf(f, "standings: %d games, %d players, %d results corrected, %d games not scored%s\n\n", s->ngames,
            s->nplayers, s->nfixes, s->nunjudged, matches ? " (match points: games between two players form a match)" : "");
    fprintf(f, "  # ");
    pad(f, "player", namew);
    fprintf(f, "  %6s %5s %4s %4s %4s %7s%s\n", matches ? "mpts" : "points", matches ? "match" : "games", "won",
            "drawn", "lost", "SB", matches ? "  game points" : "");
    for (int i = 0; i < s->nplayers; i++) {
        const st_player *p = &s->players[i];
        char pts[32], sb[32];
        fmt_points(pts, sizeof pts, p->points);
        snprintf(sb, sizeof sb, "%.2f", p->sb);
        fprintf(f, "%3d ", i + 1);
        pad(f, p->name, namew);
        fprintf(f, "  %*s%s %5d %4d %4d %4d %7s", 6 - display_width(pts), "", pts, p->games, p->wins, p->draws,
                p->losses, sb);
        if (matches) { char gp[32]; fmt_points(gp, sizeof gp, p->game_points); fprintf(f, "  %s", gp); }
        fputc('\n', f);
    }
    if (s->nplayers > 24) {   /* a grid that wide helps nobody: each player's opponents by rank */
        fprintf(f, "\nresults by opponent (rank:points against them):\n");
        for (int i = 0; i < s->nplayers; i++) {
            fprintf(f, "%3d ", i + 1);
            pad(f, s->players[i].name, namew);
            for (int j = 0; j < s->nplayers; j++) {
                int met;
                double sc = st_score_against(s, i, j, &met);
                char cell[32];
                if (i == j || !met) continue;
                fmt_points(cell, sizeof cell, sc);
                fprintf(f, " %d:%s", j + 1, cell);
            }
            fputc('\n', f);
        }
    } else {
    fprintf(f, "\ncrosstable (the row player's points against each column):\n  # ");
    pad(f, "player", namew);
    for (int j = 0; j < s->nplayers; j++) fprintf(f, " %4d", j + 1);
    fputc('\n', f);
    for (int i = 0; i < s->nplayers; i++) {
        fprintf(f, "%3d ", i + 1);
        pad(f, s->players[i].name, namew);
        for (int j = 0; j < s->nplayers; j++) {
            int met;
            double sc = st_score_against(s, i, j, &met);
            char cell[32];
            if (i == j) snprintf(cell, sizeof cell, "x");
            else if (!met) snprintf(cell, sizeof cell, ".");
            else fmt_points(cell, sizeof cell, sc);
            fprintf(f, " %*s%s", 4 - display_width(cell), "", cell);
        }
        fputc('\n', f);
    }
    }
    if (s->nfixes) {
        fprintf(f, "\ncorrections (the rules' result, not the log's):\n");
        for (int i = 0; i < s->nfixes; i++)
            fprintf(f, "  %s: game %d: the log says %s, scored %s: %s\n", s->fixes[i].file, s->fixes[i].game,
                    s->fixes[i].claimed, s->fixes[i].used, s->fixes[i].reason);
    }
    if (s->nunjudged) {
        fprintf(f, "\nnot scored:\n");
        for (int i = 0; i < s->nunjudged; i++)
            fprintf(f, "  %s: game %d: %s\n", s->unjudged[i].file, s->unjudged[i].game, s->unjudged[i].reason);
    }
}

static void json_notes(FILE *f, const char *key, const st_note *list, int n, bool fixes)
{
    fprintf(f, ",\"%s\":[", key);
    for (int i = 0; i < n; i++) {
        if (i) fputc(',', f);
        fputs("{\"file\":", f); bo_json_string(f, list[i].file);
        fprintf(f, ",\"game\":%d", list[i].game);
        if (fixes) {
            fputs(",\"claimed\":", f); bo_json_string(f, list[i].claimed);
            fputs(",\"scored\":", f); bo_json_string(f, list[i].used);
        }
        fputs(",\"reason\":", f); bo_json_string(f, list[i].reason);
        fputc('}', f);
    }
    fputc(']', f);
}

void st_print_json(const st_standings *s, bool matches, FILE *f)
{
    fprintf(f, "{\"games\":%d,\"matches\":%s,\"players\":[", s->ngames, matches ? "true" : "false");
    for (int i = 0; i < s->nplayers; i++) {
        const st_player *p = &s->players[i];
        if (i) fputc(',', f);
        fprintf(f, "{\"rank\":%d,\"name\":", i + 1);
        bo_json_string(f, p->name);
        fprintf(f, ",\"points\":%g,\"games\":%d,\"wins\":%d,\"draws\":%d,\"losses\":%d,\"sb\":%.4f", p->points,
                p->games, p->wins, p->draws, p->losses, p->sb);
        if (matches) fprintf(f, ",\"game_points\":%g", p->game_points);
        fputc('}', f);
    }
    fputs("],\"crosstable\":[", f);
    for (int i = 0; i < s->nplayers; i++) {
        fputs(i ? ",[" : "[", f);
        for (int j = 0; j < s->nplayers; j++) {
            int met;
            double sc = st_score_against(s, i, j, &met);
            if (j) fputc(',', f);
            if (i == j || !met) fputs("null", f);
            else fprintf(f, "%g", sc);
        }
        fputc(']', f);
    }
    fputc(']', f);
    json_notes(f, "corrections", s->fixes, s->nfixes, true);
    json_notes(f, "not_scored", s->unjudged, s->nunjudged, false);
    fputs("}\n", f);
}

/* Text for HTML. */
static void html_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<') fputs("&lt;", f);
        else if (*s == '>') fputs("&gt;", f);
        else if (*s == '&') fputs("&amp;", f);
        else if (*s == '"') fputs("&quot;", f);
        else fputc(*s, f);
    }
}

/* At most MAX characters of S for HTML (UTF-8 characters, not bytes), with an
 * ellipsis where it was cut. */
static void html_short(FILE *f, const char *s, int max)
{
    int chars = 0;
    const char *p = s;
    while (*p && chars < max) {
        p++;
        while (((unsigned char)*p & 0xC0) == 0x80) p++;
        chars++;
    }
    if (!*p) { html_text(f, s); return; }
    char buf[256];
    size_t n = (size_t)(p - s) < sizeof buf - 1 ? (size_t)(p - s) : sizeof buf - 1;
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) n--;   /* whole characters */
    while (n > 0 && s[n - 1] == ' ') n--;
    memcpy(buf, s, n);
    buf[n] = '\0';
    html_text(f, buf);
    fputs("&hellip;", f);
}

void st_print_html(const st_standings *s, bool matches, FILE *f)
{
    fprintf(f, "<section id=\"standings\"><h2>Standings</h2>\n<p>%d games, %d players, %d results corrected, "
               "%d games not scored%s.</p>\n<table class=\"standings\"><tr><th>#</th><th>player</th><th>%s</th>"
               "<th>%s</th><th>won</th><th>drawn</th><th>lost</th><th>SB</th></tr>\n",
            s->ngames, s->nplayers, s->nfixes, s->nunjudged, matches ? " (match points)" : "",
            matches ? "match points" : "points", matches ? "matches" : "games");
    for (int i = 0; i < s->nplayers; i++) {
        const st_player *p = &s->players[i];
        char pts[32];
        fmt_points(pts, sizeof pts, p->points);
        fprintf(f, "<tr><td>%d</td><td>", i + 1);
        html_text(f, p->name);
        fprintf(f, "</td><td>%s</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%.2f</td></tr>\n", pts, p->games,
                p->wins, p->draws, p->losses, p->sb);
    }
    /* Many players make a wide table: the columns are the opponents' numbers, the rows
     * carry names cut short (the whole name in the standings above and in a tooltip),
     * and the table scrolls inside its own box (the report's .wide). */
    fputs("</table>\n<h3>Crosstable</h3>\n<p class=\"legend\">Row: the player's score against the opponent of "
          "each column, by number (#) in the standings; &times; the player itself, &middot; not met; names "
          "longer than 18 characters cut short with &hellip;.</p>\n<div class=\"wide\"><table class=\"crosstable\">"
          "<tr><th>#</th><th>player</th>", f);
    for (int j = 0; j < s->nplayers; j++) fprintf(f, "<th>%d</th>", j + 1);
    fputs("</tr>\n", f);
    for (int i = 0; i < s->nplayers; i++) {
        fprintf(f, "<tr><td>%d</td><td class=\"name\" title=\"", i + 1);
        html_text(f, s->players[i].name);
        fputs("\">", f);
        html_short(f, s->players[i].name, 18);
        fputs("</td>", f);
        for (int j = 0; j < s->nplayers; j++) {
            int met;
            double sc = st_score_against(s, i, j, &met);
            char cell[32];
            if (i == j) snprintf(cell, sizeof cell, "&times;");
            else if (!met) snprintf(cell, sizeof cell, "&middot;");
            else fmt_points(cell, sizeof cell, sc);
            fprintf(f, "<td>%s</td>", cell);
        }
        fputs("</tr>\n", f);
    }
    fputs("</table></div>\n", f);
    const st_note *lists[2] = {s->fixes, s->unjudged};
    int counts[2] = {s->nfixes, s->nunjudged};
    const char *heads[2] = {"Corrections (the rules' result, not the log's)", "Not scored"};
    for (int k = 0; k < 2; k++) {
        if (!counts[k]) continue;
        fprintf(f, "<h3>%s</h3>\n<ul class=\"%s\">\n", heads[k], k ? "unscored" : "corrections");
        for (int i = 0; i < counts[k]; i++) {
            fputs("<li>", f);
            html_text(f, lists[k][i].file);
            fprintf(f, ", game %d: ", lists[k][i].game);
            if (!k) { fputs("the log says ", f); html_text(f, lists[k][i].claimed); fputs(", scored ", f);
                      html_text(f, lists[k][i].used); fputs(": ", f); }
            html_text(f, lists[k][i].reason);
            fputs("</li>\n", f);
        }
        fputs("</ul>\n", f);
    }
    fputs("</section>\n", f);
}
