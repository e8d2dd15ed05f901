/* dr_pdn.c -- PDN games in memory: freeing, collecting, game types, sniffing. */
#include "dr_pdn.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dr_pdn_body_free(dr_pdn_body *b)
{
    for (int i = 0; i < b->n; i++) {
        dr_pdn_node *n = &b->nodes[i];
        free(n->text);
        free(n->strength);
        if (n->variation) { dr_pdn_body_free(n->variation); free(n->variation); }
    }
    free(b->nodes);
    memset(b, 0, sizeof *b);
}

void dr_pdn_game_free(dr_pdn_game *g)
{
    bo_record_free(&g->rec);
    dr_pdn_body_free(&g->body);
    free(g->terminator);
    memset(g, 0, sizeof *g);
}

/* The collecting callback moves each game into the array (the reader then frees an
 * empty shell). */
static int collect(dr_pdn_game *g, void *ctx)
{
    dr_pdn_games *gs = ctx;
    if (gs->n == gs->cap) {
        int nc = gs->cap ? gs->cap * 2 : 8;
        dr_pdn_game *ni = realloc(gs->items, (size_t)nc * sizeof *ni);
        if (!ni) return 1;
        gs->items = ni;
        gs->cap = nc;
    }
    gs->items[gs->n++] = *g;
    memset(g, 0, sizeof *g);
    return 0;
}

int dr_pdn_read_all(const char *data, size_t len, dr_pdn_games *out, char *err, size_t errlen)
{
    return dr_pdn_read_all_with(data, len, NULL, out, err, errlen);
}

int dr_pdn_read_all_with(const char *data, size_t len, const dr_pdn_options *opt, dr_pdn_games *out,
                         char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (dr_pdn_read_with(data, len, opt, collect, out, err, errlen) != 0) {
        if (errlen && !err[0]) snprintf(err, errlen, "out of memory");
        dr_pdn_games_free(out);
        return -1;
    }
    return 0;
}

void dr_pdn_games_free(dr_pdn_games *gs)
{
    for (int i = 0; i < gs->n; i++) dr_pdn_game_free(&gs->items[i]);
    free(gs->items);
    memset(gs, 0, sizeof *gs);
}

int dr_pdn_game_type(const bo_record *r, char *start_colour, char notation[4])
{
    if (start_colour) *start_colour = 0;
    if (notation) notation[0] = '\0';
    const char *v = bo_record_tag(r, "GameType");
    if (!v) return 20;
    while (*v == ' ') v++;
    if (!isdigit((unsigned char)*v)) return -1;
    long t = 0;
    while (isdigit((unsigned char)*v)) { t = t * 10 + (*v - '0'); if (t > 100000) return -1; v++; }
    while (*v == ' ') v++;
    if (*v == '\0') return (int)t;
    /* full form: type,colour,width,height,notation[,invert] */
    if (*v != ',') return -1;
    v++;
    while (*v == ' ') v++;
    if (start_colour && (*v == 'W' || *v == 'B')) *start_colour = *v;
    const char *f = v;
    for (int field = 0; field < 3 && f; field++) { f = strchr(f, ','); if (f) f++; }
    if (f && notation) {
        while (*f == ' ') f++;
        size_t k = 0;
        while (k < 3 && f[k] && f[k] != ',' && f[k] != ' ') { notation[k] = f[k]; k++; }
        notation[k] = '\0';
    }
    return (int)t;
}

void dr_pdn_setup_fen(const char *text, char *out, size_t n)
{
    const char *q1 = strchr(text, '"');
    const char *q2 = q1 ? strchr(q1 + 1, '"') : NULL;
    if (q1 && q2) { snprintf(out, n, "%.*s", (int)(q2 - q1 - 1), q1 + 1); return; }
    const char *a = text + (text[0] == '/'), *b = text + strlen(text);
    if (b > a && b[-1] == '/') b--;
    while (a < b && isspace((unsigned char)*a)) a++;
    if (b - a > 3 && strncmp(a, "FEN", 3) == 0) a += 3;
    while (a < b && isspace((unsigned char)*a)) a++;
    while (b > a && isspace((unsigned char)b[-1])) b--;
    snprintf(out, n, "%.*s", (int)(b - a), a);
}

/* ---- sniffing ------------------------------------------------------------------ */

static bool is_square_text(const char *s, size_t n)
{
    if (n == 0 || n > 2) return false;
    int v = s[0] - '0';
    if (n == 2) v = v * 10 + (s[1] - '0');
    return v >= 1 && v <= 50;
}

int dr_pdn_sniff(const char *data, size_t len)
{
    if (len > (1u << 16)) len = 1u << 16;
    int numeric = 0, san = 0, gametype = -1, diag = 0, straight = 0;
    bool tags = false, fen = false, alpha = false;
    size_t i = 0;
    while (i < len) {
        char c = data[i];
        if (c == '[') {            /* a tag line: look at GameType and FEN only */
            size_t e = i;
            while (e < len && data[e] != '\n' && data[e] != ']') e++;
            if (e - i > 10 && strncmp(data + i, "[GameType", 9) == 0) {
                const char *q = memchr(data + i, '"', e - i);
                if (q && isdigit((unsigned char)q[1])) {
                    /* saturating: a digit run of any length gives a large type, not UB */
                    gametype = 0;
                    for (const char *d = q + 1; d < data + e && isdigit((unsigned char)*d) && gametype < 1000000; d++)
                        gametype = gametype * 10 + (*d - '0');
                }
            }
            if (e - i > 8 && strncmp(data + i, "[FEN \"", 6) == 0) {
                const char *q = data + i + 6;
                if ((q[0] == 'W' || q[0] == 'B' || q[0] == '?') && q[1] == ':' && (q[2] == 'W' || q[2] == 'B'))
                    fen = true;
            }
            if (strncmp(data + i, "[Event ", 7) == 0 || strncmp(data + i, "[White ", 7) == 0) tags = true;
            i = e + 1;
            continue;
        }
        if (c == '{') {            /* comments say nothing about the notation */
            while (i < len && data[i] != '}') i++;
            i++;
            continue;
        }
        bool boundary = i == 0 || data[i - 1] == ' ' || data[i - 1] == '\t' || data[i - 1] == '\n' ||
                        data[i - 1] == '.' || data[i - 1] == '(';
        if (boundary && isdigit((unsigned char)c)) {
            size_t a = i;
            while (i < len && isdigit((unsigned char)data[i])) i++;
            size_t na = i - a;
            if (i < len && (data[i] == '-' || data[i] == 'x') && is_square_text(data + a, na)) {
                size_t b = ++i;
                while (i < len && isdigit((unsigned char)data[i])) i++;
                if (is_square_text(data + b, i - b) && (i >= len || !isalpha((unsigned char)data[i]))) numeric++;
            }
            continue;
        }
        if (boundary && c >= 'a' && c <= 'h' && i + 3 < len && data[i + 1] >= '1' && data[i + 1] <= '8') {
            /* alphanumeric moves: draughts moves are diagonal, most Xiangqi/chess moves not */
            size_t q = i + 2;
            if (q < len && (data[q] == '-' || data[q] == 'x' || data[q] == ':')) q++;
            if (q + 1 < len && data[q] >= 'a' && data[q] <= 'h' && data[q + 1] >= '1' && data[q + 1] <= '8' &&
                (q + 2 >= len || !isalnum((unsigned char)data[q + 2]))) {
                int df = abs(data[q] - c), dr = abs(data[q + 1] - data[i + 1]);
                if (df == dr && df > 0) diag++;
                else straight++;
                alpha = true;
            }
        }
        if (boundary && strchr("KQRBN", c) && c && i + 2 < len && data[i + 1] >= 'a' && data[i + 1] <= 'h')
            san++;
        i++;
    }
    if (gametype == 20) return 95;
    if (gametype >= 21 && gametype <= 49) return 90;
    if (gametype >= 0) return 0;           /* chess, Chinese chess, Othello */
    if (san > 2 && san * 2 > numeric) return 0;
    if (numeric >= 2) return fen ? 92 : tags ? 85 : 60;
    if (fen) return 90;
    if (alpha && diag >= 3 && straight * 10 <= diag) return tags ? 90 : 85;
    if (numeric == 1) return tags ? 60 : 40;
    if (alpha && diag > 0 && straight == 0) return 50;
    if (alpha && diag > straight) return 10;
    return 0;
}
