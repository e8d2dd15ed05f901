/* gm_moves.c -- the plain move list: "h8 i9 j10" or one move per line.
 *   - moves are points "h8" / "H 8"; commas, semicolons and move numbers ("1." "2)")
 *     between them are skipped;
 *   - a result token (1-0 0-1 1/2-1/2 * 先手胜 后手胜 平局 和局) ends a game; moves after
 *     it start the next game of the file;
 *   - '#' starts a comment to the end of the line; comment lines of the form
 *     "# size: 20", "# rules: freestyle", "# black: NAME", "# white: NAME",
 *     "# event: ...", "# date: ...", "# place: ..." before a game's first move say so. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gm_coords.h"
#include "gm_notation.h"
#include "gm_reader.h"

static const struct { const char *key, *tag; } directives[] = {
    {"size", "Size"}, {"rules", "Rules"}, {"black", "Black"}, {"white", "White"},
    {"event", "Event"}, {"date", "Date"}, {"place", "Place"},
};

/* "# rules: freestyle" before the moves: the file says what the list alone cannot. */
static void directive(bo_record *rec, const char *s, size_t n, int line, int col)
{
    while (n && (*s == '#' || *s == ' ' || *s == '\t')) { s++; n--; }
    const char *colon = memchr(s, ':', n);
    if (!colon) return;
    size_t kn = (size_t)(colon - s);
    const char *v = colon + 1;
    size_t vn = n - kn - 1;
    gm_trim(&v, &vn);
    for (size_t i = 0; i < sizeof directives / sizeof *directives; i++) {
        if (strlen(directives[i].key) != kn || strncasecmp(s, directives[i].key, kn) != 0) continue;
        char buf[256];
        size_t bn = vn < sizeof buf - 1 ? vn : sizeof buf - 1;
        memcpy(buf, v, bn);
        buf[bn] = '\0';
        if (strcmp(directives[i].tag, "Rules") == 0) {
            gm_rules r;
            if (gm_rules_from_name(buf, &r) == 0) bo_record_set_tag(rec, "Rules", gm_rules_name(r));
            else bo_record_note(rec, BO_NOTE_WARNING, line, col, "rule set '%s' not known; ignored", buf);
        } else if (strcmp(directives[i].tag, "Size") == 0) {
            char *e;
            long sz = strtol(buf, &e, 10);
            if (*e || sz < GM_MIN_SIZE || sz > GM_MAX_SIZE)
                bo_record_note(rec, BO_NOTE_ERROR, line, col, "size '%s': boards of 5..20 are supported", buf);
            else bo_record_set_tag(rec, "Size", buf);
        } else {
            bo_record_set_tag(rec, directives[i].tag, buf);
        }
    }
}

/* A point must be followed by a separator, so "h2e2" (ICCS) is not two points. */
static bool token_end(const char *d, size_t len, size_t p)
{
    return p >= len || isspace((unsigned char)d[p]) || d[p] == ',' || d[p] == ';' || d[p] == '#';
}

/* A result token ends a game; the next move opens another record. */
static bo_record *new_game(bo_record_list *out, int line)
{
    bo_record *rec = bo_record_list_push(out, line);
    if (!rec) return NULL;
    bo_record_set_str(&rec->notation, "moves", 5);
    bo_record_set_tag(rec, "Size", "15");
    return rec;
}

/* Tokens in order: comments, results, move numbers, points; the first
 * unreadable token ends the reading with a located error. */
int gm_read_moves(const bo_text *t, bo_record_list *out, char *err, size_t errlen)
{
    const char *d = t->data;
    size_t len = t->len, p = 0;
    gm_cursor cur;
    gm_cursor_init(&cur, t);
    int first = out->n;
    bo_record *rec = NULL;
    bool stopped = false;
    int line, col;
    while (p < len && !stopped) {
        unsigned char c = (unsigned char)d[p];
        if (isspace(c) || c == ',' || c == ';') { p++; continue; }
        size_t start = p;
        gm_cursor_at(&cur, start, &line, &col);
        if (c == '#') {
            while (p < len && d[p] != '\n') p++;
            if (!rec || rec->result) rec = new_game(out, line);
            if (rec && rec->nmoves == 0 && !rec->result) directive(rec, d + start, p - start, line, col);
            continue;
        }
        size_t tok = p;
        while (!token_end(d, len, tok)) tok++;
        size_t tn = tok - p;
        bool exact;
        gm_result res = gm_result_from_text(d + p, tn, &exact);
        bool star = tn == 1 && d[p] == '*';
        if ((res != GM_RES_NONE && !(tn == 1 && d[p] == '0')) || star) {
            if (!rec || rec->result) rec = new_game(out, line);
            if (!rec) break;
            bo_record_set_str(&rec->result, d + p, tn);
            rec->result_line = line;
            rec->result_col = col;
            if (!star) bo_record_set_tag(rec, "Result", gm_result_code(res));
            if (!exact && !star)
                bo_record_note(rec, BO_NOTE_WARNING, line, col, "result written '%.*s'; read as %s", (int)tn, d + p,
                               gm_result_code(res));
            p = tok;
            continue;
        }
        if (isdigit(c)) {
            /* a move number "12." or "12)" */
            size_t q = p;
            while (q < len && isdigit((unsigned char)d[q])) q++;
            if (q < len && (d[q] == '.' || d[q] == ')')) { p = q + 1; continue; }
        }
        int x, y;
        size_t used = gm_coord_scan(d + p, len - p, &x, &y);
        if (!rec || rec->result) rec = new_game(out, line);
        if (!rec) break;
        if (used == 0 || !token_end(d, len, p + used)) {
            size_t show = tn > 24 ? 24 : tn;
            bo_record_note(rec, BO_NOTE_ERROR, line, col, "move %d '%.*s' is not a point (a column letter and a row number, e.g. h8)",
                           rec->nmoves + 1, (int)show, d + p);
            stopped = true;
            break;
        }
        bo_rmove *m = bo_record_add_move(rec, d + p, used, line, col);
        if (m) m->number = rec->nmoves;
        p += used;
    }
    /* a file of comments alone holds no game */
    if (out->n > first && out->items[out->n - 1].nmoves == 0 && !out->items[out->n - 1].result
        && out->items[out->n - 1].errors == 0) {
        bo_record_free(&out->items[out->n - 1]);
        out->n--;
    }
    if (out->n == first) {
        snprintf(err, errlen, "no moves found (a move list looks like 'h8 i9 j10')");
        return -1;
    }
    return 0;
}

/* ---- writing ---------------------------------------------------------------- */

/* Ten moves a line and the result token, so a game reads back as it was. */
int gm_write_moves(FILE *f, const gm_game *g, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    if (g->size != GM_RENJU_SIZE) fprintf(f, "# size: %d\n", g->size);
    if (g->rules_known) fprintf(f, "# rules: %s\n", gm_rules_name(g->rules));
    static const char *const tags[] = {"Black", "White", "Event", "Date", "Place"};
    for (size_t i = 0; g->rec && i < sizeof tags / sizeof *tags; i++) {
        const char *v = bo_record_tag(g->rec, tags[i]);
        if (v && *v && !strchr(v, '\n')) fprintf(f, "# %c%s: %s\n", tolower((unsigned char)tags[i][0]), tags[i] + 1, v);
    }
    for (int i = 0; i < g->n; i++) {
        char c[GM_COORD_MAX];
        fprintf(f, "%s%s", i == 0 ? "" : (i % 10 == 0 ? "\n" : " "), gm_coord_format(g->moves[i].x, g->moves[i].y, c));
    }
    fprintf(f, "%s%s\n", g->n ? " " : "", gm_result_code(g->result));
    return 0;
}
