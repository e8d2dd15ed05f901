/* cmd_standings.c -- `boyi standings`: judge a tournament's logs into standings and
 * a crosstable.
 *
 * Every file is validated as `boyi validate` does (any game, any format).  Each
 * game's score then comes from the rules, not from the log: the result the moves
 * establish; where the log's claim or end is wrong, the result the rules give; an
 * illegal move loses for the side that played it (the contests' rule); a game the
 * board leaves unfinished keeps the result its log claims (resignations, time,
 * adjudication).  Every score that differs from the log's claim is listed with its
 * reason, and every game that cannot be scored (unreadable, no players, no result)
 * is listed and left out.
 *
 * Ranking: points, then Sonneborn-Berger (the sum, over a player's games, of the
 * opponent's points times the score made against them), then wins, then the name.
 * With --matches the games between the same two players form one match (EWN's
 * first-to-4 and other multi-game pairings): a match is won by the higher game score
 * (1, ½ or 0 match points) and the ranking counts match points first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "game.h"

typedef struct st_game {
    char *file;
    int game;                /* 1-based in its file */
    int p[2];                /* player indices: player 0 (first colour), player 1 */
    double score0;           /* player 0's score: 1, 0.5, 0 */
} st_game;

typedef struct st_note {     /* a correction or an unjudged game */
    char *file;
    int game;
    char *claimed, *used;    /* corrections: the log's claim ("none") and the score used */
    char *reason;
} st_note;

typedef struct st_player {
    char *name;
    double points, sb;       /* game points (or match points with --matches) and tie-break */
    double game_points;      /* with --matches: the games' points, shown beside */
    int games, wins, draws, losses;
} st_player;

typedef struct standings {
    const bo_opts *o;
    st_game *games; int ngames, capg;
    st_note *fixes; int nfixes, capf;
    st_note *unjudged; int nunjudged, capu;
    st_player *players; int nplayers, capp;
    bool oom;
} standings;

/* Grow an array of ELEM-byte items to hold one more; false when out of memory. */
static bool grow(void **items, int *cap, int n, size_t elem)
{
    if (n < *cap) return true;
    int nc = *cap ? 2 * *cap : 32;
    void *p = realloc(*items, (size_t)nc * elem);
    if (!p) return false;
    *items = p;
    *cap = nc;
    return true;
}

static char *dup_s(standings *s, const char *t)
{
    char *d = strdup(t ? t : "");
    if (!d) s->oom = true;
    return d;
}

/* The index of the player called NAME, added when new. */
static int player_index(standings *s, const char *name)
{
    for (int i = 0; i < s->nplayers; i++)
        if (strcmp(s->players[i].name, name) == 0) return i;
    if (!grow((void **)&s->players, &s->capp, s->nplayers, sizeof *s->players)) { s->oom = true; return -1; }
    st_player *p = &s->players[s->nplayers];
    memset(p, 0, sizeof *p);
    p->name = dup_s(s, name);
    return s->nplayers++;
}

/* Player 0's score in a result text ("1-0", "0-1", "1/2-1/2", PDN "2-0", "1-1",
 * "0-0"): 1, 0.5 or 0; -1 for "*" or anything unreadable.  Both losing (a PDN
 * "0-0") scores 0 for both, which a crosstable cannot hold: -2. */
static double score_of(const char *r)
{
    if (!r) return -1;
    double a, b;
    char sep;
    if (strcmp(r, "1/2-1/2") == 0) return 0.5;
    if (sscanf(r, "%lf%c%lf", &a, &sep, &b) != 3 || sep != '-') return -1;
    if (a > b) return 1;
    if (a < b) return 0;
    return a > 0 ? 0.5 : -2;
}

static const char *score_text(double s0)
{
    return s0 == 1 ? "1-0" : s0 == 0 ? "0-1" : "1/2-1/2";
}

static void add_note(standings *s, st_note **list, int *n, int *cap, const bo_verdict *v, const char *claimed,
                     const char *used, const char *reason)
{
    if (!grow((void **)list, cap, *n, sizeof **list)) { s->oom = true; return; }
    st_note *e = &(*list)[(*n)++];
    e->file = dup_s(s, v->file);
    e->game = v->game;
    e->claimed = dup_s(s, claimed ? claimed : "none");
    e->used = dup_s(s, used ? used : "");
    e->reason = dup_s(s, reason);
}

/* The player that played SIDE ("red", "black", ...): 0 or 1 by the game's player
 * names, -1 if the side is not named. */
static int side_player(const bo_opts *o, const char *side)
{
    if (!side) return -1;
    int n;
    const bo_game *const *all = bo_games(&n);
    const bo_game *only = o->game ? bo_game_by_name(bo_cli_game_find(o->game)->name) : NULL;
    for (int i = 0; i < n; i++) {
        if (only && all[i] != only) continue;
        for (int k = 0; k < 2; k++)
            if (all[i]->player_names[k] && strcmp(all[i]->player_names[k], side) == 0) return k;
    }
    return -1;
}

/* Decide one game's score by the rules; return it (player 0's view) or -1 with
 * *why saying why the game cannot be scored; *fix is set when the score is not
 * the log's claim. */
static double judge(const bo_opts *o, const bo_verdict *v, char *why, size_t n, bool *fix)
{
    *fix = false;
    double claimed = score_of(v->claimed);
    double s = v->status == BO_VERDICT_OK ? score_of(v->result) : -1;
    if (s >= 0) {
        if (v->claimed && claimed != s) { *fix = true; snprintf(why, n, "%s", v->ending ? v->ending : "the moves' result"); }
        return s;
    }
    if (v->status == BO_VERDICT_INVALID) {
        double r = score_of(v->rules_result);
        if (r >= 0) {
            *fix = claimed != r;
            snprintf(why, n, "%s: %s", v->kind, v->message ? v->message : "");
            return r;
        }
        int offender = side_player(o, v->side);
        if (v->kind && strcmp(v->kind, "illegal") == 0 && offender >= 0) {
            *fix = claimed != (offender == 0 ? 0 : 1);
            snprintf(why, n, "an illegal move loses: move %d (%s) %s: %s", v->move_no, v->side,
                     v->move_text ? v->move_text : "", v->message ? v->message : "");
            return offender == 0 ? 0 : 1;
        }
        snprintf(why, n, "%s: %s", v->kind ? v->kind : "invalid", v->message ? v->message : "");
        return -1;
    }
    if (v->status == BO_VERDICT_SKIPPED) {
        snprintf(why, n, "skipped: %s", v->message ? v->message : "");
        return -1;
    }
    if (claimed >= 0) return claimed;   /* not over on the board: the log's word stands */
    if (claimed == -2) snprintf(why, n, "the log scores it as lost by both players, which standings cannot hold");
    else snprintf(why, n, "the game is not over on the board and its log claims no result");
    return -1;
}

static void on_verdict(void *ctx, const bo_verdict *v)
{
    standings *s = ctx;
    char why[1024];
    bool fix;
    const char *p0 = v->players[0], *p1 = v->players[1];
    if (!p0 || !*p0 || !p1 || !*p1 || strcmp(p0, "?") == 0 || strcmp(p1, "?") == 0) {
        add_note(s, &s->unjudged, &s->nunjudged, &s->capu, v, v->claimed, NULL, "the log does not name both players");
        return;
    }
    if (strcmp(p0, p1) == 0) {
        add_note(s, &s->unjudged, &s->nunjudged, &s->capu, v, v->claimed, NULL, "a player against itself");
        return;
    }
    double sc = judge(s->o, v, why, sizeof why, &fix);
    if (sc < 0) {
        add_note(s, &s->unjudged, &s->nunjudged, &s->capu, v, v->claimed, NULL, why);
        return;
    }
    if (fix) add_note(s, &s->fixes, &s->nfixes, &s->capf, v, v->claimed, score_text(sc), why);
    if (!grow((void **)&s->games, &s->capg, s->ngames, sizeof *s->games)) { s->oom = true; return; }
    st_game *g = &s->games[s->ngames];
    g->file = dup_s(s, v->file);
    g->game = v->game;
    g->p[0] = player_index(s, p0);
    g->p[1] = player_index(s, p1);
    g->score0 = sc;
    if (g->p[0] < 0 || g->p[1] < 0) return;
    s->ngames++;
}

/* PLAYER's score against OPP over all their games (-1: they did not meet). */
static double score_against(const standings *s, int player, int opp, int *met)
{
    double sum = 0;
    *met = 0;
    for (int i = 0; i < s->ngames; i++) {
        const st_game *g = &s->games[i];
        if (g->p[0] == player && g->p[1] == opp) { sum += g->score0; (*met)++; }
        else if (g->p[1] == player && g->p[0] == opp) { sum += 1 - g->score0; (*met)++; }
    }
    return sum;
}

/* Points, results and Sonneborn-Berger from the games (or from the matches). */
static void tally(standings *s, bool matches)
{
    for (int i = 0; i < s->nplayers; i++) {
        st_player *p = &s->players[i];
        for (int j = 0; j < s->nplayers; j++) {
            int met;
            double sc = score_against(s, i, j, &met);
            if (!met || i == j) continue;
            p->game_points += sc;
            if (matches) {
                double ms = sc * 2 > met ? 1 : sc * 2 < met ? 0 : 0.5;
                p->points += ms;
                p->games++;
                p->wins += ms == 1;
                p->draws += ms == 0.5;
                p->losses += ms == 0;
            } else {
                p->points += sc;
                p->games += met;
            }
        }
        if (!matches)
            for (int k = 0; k < s->ngames; k++) {
                const st_game *g = &s->games[k];
                int side = g->p[0] == i ? 0 : g->p[1] == i ? 1 : -1;
                if (side < 0 || g->p[0] == g->p[1]) continue;
                double sc = side == 0 ? g->score0 : 1 - g->score0;
                p->wins += sc == 1;
                p->draws += sc == 0.5;
                p->losses += sc == 0;
            }
    }
    for (int i = 0; i < s->nplayers; i++)
        for (int j = 0; j < s->nplayers; j++) {
            int met;
            if (i == j) continue;
            double sc = score_against(s, i, j, &met);
            if (!met) continue;
            double got = matches ? (sc * 2 > met ? 1 : sc * 2 < met ? 0 : 0.5) : sc;
            s->players[i].sb += got * s->players[j].points;
        }
}

static int by_rank(const void *a, const void *b)
{
    const st_player *x = a, *y = b;
    if (x->points != y->points) return x->points < y->points ? 1 : -1;
    if (x->sb != y->sb) return x->sb < y->sb ? 1 : -1;
    if (x->wins != y->wins) return y->wins - x->wins;
    return strcmp(x->name, y->name);
}

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

static void print_text(const standings *s, bool matches, FILE *f)
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
                double sc = score_against(s, i, j, &met);
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
            double sc = score_against(s, i, j, &met);
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

static void print_json(const standings *s, bool matches, FILE *f)
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
            double sc = score_against(s, i, j, &met);
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

static void print_html(const standings *s, bool matches, FILE *f)
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
            double sc = score_against(s, i, j, &met);
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

static void free_notes(st_note *l, int n)
{
    for (int i = 0; i < n; i++) { free(l[i].file); free(l[i].claimed); free(l[i].used); free(l[i].reason); }
    free(l);
}

static void free_standings(standings *s)
{
    for (int i = 0; i < s->ngames; i++) free(s->games[i].file);
    free(s->games);
    free_notes(s->fixes, s->nfixes);
    free_notes(s->unjudged, s->nunjudged);
    for (int i = 0; i < s->nplayers; i++) free(s->players[i].name);
    free(s->players);
}

/* After sorting, the games' player indices must follow their players. */
static void sort_players(standings *s)
{
    if (s->nplayers < 2) return;   /* nothing to order (and no array at all with none) */
    size_t np = (size_t)s->nplayers;
    int *order = malloc(np * sizeof *order);
    char **names = malloc(np * sizeof *names);
    if (!order || !names) { free(order); free(names); s->oom = true; return; }
    for (int i = 0; i < s->nplayers; i++) names[i] = s->players[i].name;
    qsort(s->players, np, sizeof *s->players, by_rank);
    for (int i = 0; i < s->nplayers; i++)
        for (int j = 0; j < s->nplayers; j++)
            if (s->players[j].name == names[i]) order[i] = j;
    for (int k = 0; k < s->ngames; k++) {
        s->games[k].p[0] = order[s->games[k].p[0]];
        s->games[k].p[1] = order[s->games[k].p[1]];
    }
    free(order);
    free(names);
}

/* A game of file K of the standings, to the caller's hook. */
typedef struct bo_cli_file_game {
    bo_cli_file_game_hook hook;
    void *ctx;
    int file;
} bo_cli_file_game;

static int file_game(void *ctx, const bo_game_cli *gc, const bo_rec_game *g, int game0)
{
    const bo_cli_file_game *at = ctx;
    return at->hook(at->ctx, at->file, gc, g, game0);
}

int bo_cmd_standings(const bo_opts *o)
{
    if (o->nargs == 0) {
        bo_cli_error(NULL, 0, 0, "standings needs the tournament's log files");
        return BO_EXIT_USAGE;
    }
    return bo_cli_standings(o, (const char *const *)o->args, o->nargs, stdout, false);
}

int bo_cli_standings(const bo_opts *o, const char *const *paths, int npaths, FILE *out, bool html)
{
    return bo_cli_standings_games(o, paths, npaths, out, html, NULL, NULL, NULL);
}

int bo_cli_standings_games(const bo_opts *o, const char *const *paths, int npaths, FILE *out, bool html,
                           bo_cli_file_game_hook hook, void *ctx, bool *by_records)
{
    standings s = {.o = o};
    bo_verdict_sink sink = {on_verdict, bo_warning_ignore, &s};
    bool unreadable = false;
    long files = 0;
    for (int i = 0; i < npaths; i++) {
        bo_cli_file_game at = {hook, ctx, i};
        if (bo_cli_validate_file_games(o, paths[i], &sink, &files, hook ? file_game : NULL, &at,
                                       by_records ? &by_records[i] : NULL) != 0)
            unreadable = true;
    }
    bool matches = o->matches;
    tally(&s, matches);
    sort_players(&s);
    if (s.oom) {
        bo_cli_error(NULL, 0, 0, "out of memory");
        free_standings(&s);
        return BO_EXIT_USAGE;
    }
    if (html) print_html(&s, matches, out);
    else if (o->json) print_json(&s, matches, out);
    else print_text(&s, matches, out);
    int rc = unreadable ? BO_EXIT_USAGE : (s.nfixes || s.nunjudged) ? BO_EXIT_INVALID : BO_EXIT_OK;
    free_standings(&s);
    return rc;
}
