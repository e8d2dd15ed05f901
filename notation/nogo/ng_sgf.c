/* ng_sgf.c -- NoGo games in SGF (FF[4]): GM[1] (Go), SZ[9], B[ee]/W[ee] with columns
 * and rows a..i from the top left, B[] or B[tt] a pass; RU[NoGo] marks the game, and
 * RU[botzone] its centre rule.  The main line is the game: at each branch the first
 * variation is followed and the others skipped (with a warning).  Set-up stones
 * (AB/AW/AE) are refused: a NoGo game starts from the empty board. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ng_internal.h"
#include "ng_records.h"
#include "nogo.h"

enum { MAX_DEPTH = 2000, VALUE_MAX = 4096 };

typedef struct sgf_reader {
    ng_cur c;
    ng_game *g;
    int skipped;       /* variations not followed */
    int oom;
} sgf_reader;

/* One value's text, escapes resolved, into BUF (cut at VALUE_MAX); the cursor is on
 * '[' and ends past ']'.  False when the file ends inside it. */
static bool read_value(sgf_reader *r, char *buf, size_t *n)
{
    ng_adv(&r->c);
    size_t k = 0;
    while (!ng_at_end(&r->c) && *r->c.p != ']') {
        if (*r->c.p == '\\') {
            ng_adv(&r->c);
            if (ng_at_end(&r->c)) break;
        }
        if (k + 1 < VALUE_MAX) buf[k++] = *r->c.p;
        ng_adv(&r->c);
    }
    buf[k] = 0;
    *n = k;
    if (ng_at_end(&r->c)) return false;
    ng_adv(&r->c);
    return true;
}

/* A property of the main line, applied to the game. */
static void apply(sgf_reader *r, const char *id, const char *v, size_t n, int line, int col)
{
    ng_game *g = r->g;
    if (strcmp(id, "B") == 0 || strcmp(id, "W") == 0) {
        int point = n == 0 || (n == 2 && memcmp(v, "tt", 2) == 0) ? NG_MOVE_PASS : ng_point_from_sgf(v, n);
        if (point == -1 && n != 0 && !(n == 2 && memcmp(v, "tt", 2) == 0)) point = NG_MOVE_BAD;
        char text[32];
        snprintf(text, sizeof text, "%s[%.*s]", id, (int)(n > 20 ? 20 : n), v);
        if (ng_game_add_move(g, point, id[0] == 'W', line, col, text, strlen(text)) != 0) r->oom = 1;
    } else if (strcmp(id, "GM") == 0) {
        if (!(n == 1 && v[0] == '1')) ng_game_error(g, line, col, "GM[%.*s]: not a game of Go (NoGo records are GM[1])", (int)n, v);
    } else if (strcmp(id, "SZ") == 0) {
        if (!(n == 1 && v[0] == '9')) ng_game_error(g, line, col, "SZ[%.*s]: NoGo is played on the 9x9 board", (int)n, v);
    } else if (strcmp(id, "AB") == 0 || strcmp(id, "AW") == 0 || strcmp(id, "AE") == 0) {
        ng_game_error(g, line, col, "%s: set-up stones; a NoGo game starts from the empty board", id);
    } else if (strcmp(id, "PB") == 0) {
        ng_set_str(&g->black, v, n);
    } else if (strcmp(id, "PW") == 0) {
        ng_set_str(&g->white, v, n);
    } else if (strcmp(id, "EV") == 0) {
        ng_set_str(&g->event, v, n);
    } else if (strcmp(id, "DT") == 0) {
        ng_set_str(&g->date, v, n);
    } else if (strcmp(id, "PC") == 0) {
        ng_set_str(&g->place, v, n);
    } else if (strcmp(id, "RU") == 0) {
        ng_set_str(&g->rules, v, n);
    } else if (strcmp(id, "RE") == 0) {
        ng_set_str(&g->result_text, v, n);
        g->result_line = line;
        g->result_col = col;
        g->result = n >= 2 && (v[0] == 'B' || v[0] == 'b') && v[1] == '+' ? NG_RES_BLACK
                  : n >= 2 && (v[0] == 'W' || v[0] == 'w') && v[1] == '+' ? NG_RES_WHITE
                  : (n == 1 && v[0] == '0') || (n >= 1 && (v[0] == 'D' || v[0] == 'd')) ? NG_RES_DRAW
                  : NG_RES_NONE;
    }
}

/* One node (the cursor past ';'): its properties, applied when MAIN. */
static bool read_node(sgf_reader *r, bool main)
{
    char id[8], *v = malloc(VALUE_MAX);
    if (!v) { r->oom = 1; return false; }
    for (;;) {
        ng_skip_space(&r->c);
        if (ng_at_end(&r->c) || *r->c.p == ';' || *r->c.p == '(' || *r->c.p == ')') break;
        int line = r->c.line, col = r->c.col;
        size_t k = 0;
        while (!ng_at_end(&r->c) && ((*r->c.p >= 'A' && *r->c.p <= 'Z') || (*r->c.p >= 'a' && *r->c.p <= 'z'))) {
            if (*r->c.p >= 'A' && *r->c.p <= 'Z' && k + 1 < sizeof id) id[k++] = *r->c.p;
            ng_adv(&r->c);
        }
        id[k] = 0;
        ng_skip_space(&r->c);
        if (k == 0 || ng_at_end(&r->c) || *r->c.p != '[') {
            ng_game_error(r->g, r->c.line, r->c.col, "SGF: a property (ID[value]) expected here");
            free(v);
            return false;
        }
        while (!ng_at_end(&r->c) && *r->c.p == '[') {
            size_t n;
            int vl = r->c.line, vc = r->c.col;
            if (!read_value(r, v, &n)) {
                ng_game_error(r->g, vl, vc, "SGF: the file ends inside a value of %s", id);
                free(v);
                return false;
            }
            if (main) apply(r, id, v, n, line, col);
            ng_skip_space(&r->c);
        }
    }
    free(v);
    return true;
}

/* A game tree (the cursor past '('); MAIN: it is the main line. */
static bool read_tree(sgf_reader *r, bool main, int depth)
{
    if (depth > MAX_DEPTH) {
        ng_game_error(r->g, r->c.line, r->c.col, "SGF: variations nested deeper than %d", MAX_DEPTH);
        return false;
    }
    bool child_seen = false;
    for (;;) {
        ng_skip_space(&r->c);
        if (ng_at_end(&r->c)) {
            ng_game_error(r->g, r->c.line, r->c.col, "SGF: the file ends inside a game (a ')' is missing)");
            return false;
        }
        char ch = *r->c.p;
        if (ch == ')') { ng_adv(&r->c); return true; }
        if (ch == ';') {
            ng_adv(&r->c);
            if (!read_node(r, main && !child_seen)) return false;
            continue;
        }
        if (ch == '(') {
            ng_adv(&r->c);
            bool follow = main && !child_seen;
            if (!follow) r->skipped++;
            child_seen = true;
            if (!read_tree(r, follow, depth + 1)) return false;
            continue;
        }
        ng_game_error(r->g, r->c.line, r->c.col, "SGF: '%c' where a node (;), a variation or ')' was expected", ch);
        return false;
    }
}

int ng_read_sgf(const char *text, size_t len, ng_game_list *out)
{
    sgf_reader r = {0};
    ng_cur_init(&r.c, text, len);
    for (;;) {
        ng_skip_space(&r.c);
        if (ng_at_end(&r.c)) break;
        if (*r.c.p != '(') { ng_adv(&r.c); continue; }   /* text between games */
        ng_game *g = ng_list_push(out, r.c.line);
        if (!g) return -1;
        r.g = g;
        r.skipped = 0;
        int line = r.c.line, col = r.c.col;
        ng_adv(&r.c);
        if (!read_tree(&r, true, 0)) {
            /* Resynchronise on the next game at the start of a line. */
            while (!ng_at_end(&r.c) && !(*r.c.p == '(' && r.c.col == 1)) ng_adv(&r.c);
        }
        if (r.oom) return -1;
        if (r.skipped) ng_game_warn(g, line, col, "%d variation%s not followed (the main line is the game)", r.skipped,
                                    r.skipped == 1 ? "" : "s");
    }
    return 0;
}
