/* pg_record.c -- reading and judging peg solitaire solution records (pg_record.h).
 *
 * A hand-written scanner: tags "[Name "value"]" then move tokens; a record ends where the
 * next [Game tag begins (or the file ends).  Each chain is split at '-' into holes and
 * every hop is replayed as one jump on the engine's position (pegs.h), so the judge is
 * the engine's own rule; the first fault stops the record with its line and column. */
#include "pg_record.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct scan {
    const char *text, *p, *end;
    int line;
    const char *line_start;
} scan;

static int col_of(const scan *s, const char *at) { return (int)(at - s->line_start) + 1; }

static void skip_space(scan *s)
{
    while (s->p < s->end) {
        char c = *s->p;
        if (c == '\n') { s->line++; s->p++; s->line_start = s->p; }
        else if (c == ' ' || c == '\t' || c == '\r') s->p++;
        else if (c == ';') { while (s->p < s->end && *s->p != '\n') s->p++; }
        else if (c == '{') {
            while (s->p < s->end && *s->p != '}') {
                if (*s->p == '\n') { s->line++; s->line_start = s->p + 1; }
                s->p++;
            }
            if (s->p < s->end) s->p++;
        } else break;
    }
}

/* SRC into DST, cut to fit. */
static void copy(char *dst, size_t n, const char *src)
{
    size_t k = strlen(src);
    if (k >= n) k = n - 1;
    memcpy(dst, src, k);
    dst[k] = '\0';
}

static void fault(pg_game_rec *g, int line, int col, const char *kind, const char *fmt, const char *a, const char *b)
{
    if (g->invalid) return;
    g->invalid = true;
    g->err_line = line;
    g->err_col = col;
    char sa[100], sb[100];
    copy(sa, sizeof sa, a ? a : "");
    copy(sb, sizeof sb, b ? b : "");
    copy(g->err_kind, sizeof g->err_kind, kind);
    snprintf(g->message, sizeof g->message, fmt, sa, sb);
}

/* Does a [Game tag begin at P? */
static bool game_tag_at(const char *p, const char *end)
{
    return end - p >= 6 && strncmp(p, "[Game ", 6) == 0;
}

/* One tag "[Name "value"]" at s->p into NAME and VALUE; false (with the fault) if bad. */
static bool read_tag(scan *s, pg_game_rec *g, char *name, size_t nn, char *value, size_t vn)
{
    const char *start = s->p;
    int line = s->line, col = col_of(s, start);
    s->p++;
    size_t k = 0;
    while (s->p < s->end && isalpha((unsigned char)*s->p)) { if (k + 1 < nn) name[k++] = *s->p; s->p++; }
    name[k] = '\0';
    while (s->p < s->end && *s->p == ' ') s->p++;
    if (s->p >= s->end || *s->p != '"') { fault(g, line, col, "parse", "a tag is written [Name \"value\"]%s%s", NULL, NULL); return false; }
    s->p++;
    k = 0;
    while (s->p < s->end && *s->p != '"' && *s->p != '\n') { if (k + 1 < vn) value[k++] = *s->p; s->p++; }
    value[k] = '\0';
    if (s->p >= s->end || *s->p != '"') { fault(g, line, col, "parse", "the tag's value has no closing quote%s%s", NULL, NULL); return false; }
    s->p++;
    while (s->p < s->end && *s->p == ' ') s->p++;
    if (s->p >= s->end || *s->p != ']') { fault(g, line, col, "parse", "the tag has no closing ']'%s%s", NULL, NULL); return false; }
    s->p++;
    return true;
}

/* The header's meaning: board, start, goal, claimed moves. */
static void apply_tag(pg_game_rec *g, int line, int col, const char *name, const char *value, const char **position,
                      char *start_text, size_t sn, char *goal_text, size_t gn)
{
    if (strcmp(name, "Board") == 0) {
        int k = pg_board_find(value);
        if (k < 0) fault(g, line, col, "header", "unknown board '%s' (boards: %s)", value, pg_board_names());
        else g->board = k;
    } else if (strcmp(name, "Start") == 0) {
        copy(start_text, sn, value);
    } else if (strcmp(name, "Goal") == 0) {
        copy(goal_text, gn, value);
    } else if (strcmp(name, "Position") == 0) {
        *position = value;
    } else if (strcmp(name, "Moves") == 0) {
        char *e;
        long v = strtol(value, &e, 10);
        if (*e || !*value || v < 0 || v > 1000) fault(g, line, col, "header", "[Moves] must be a number, not '%s'%s", value, NULL);
        else g->claimed_moves = (int)v;
    }
}

/* The start and goal from the header texts, once the board is known. */
static void set_start(pg_game_rec *g, int line, const char *position, const char *start_text, const char *goal_text,
                      pg_pos *pos)
{
    const pg_board *b = pg_board_get(g->board);
    char err[256];
    if (position) {
        if (pg_pos_from_text(pos, b->name, position, err, sizeof err) != 0) { fault(g, line, 0, "position", "[Position]: %s%s", err, NULL); return; }
        g->board = pos->board;
        b = pg_board_get(g->board);
    } else {
        uint64_t pegs = b->full;
        if (!*start_text) pegs &= ~(1ull << b->centre);
        for (const char *p = start_text; *p;) {
            while (*p == ' ' || *p == ',') p++;
            if (!*p) break;
            int len, h = pg_hole_parse(b, p, &len);
            if (h < 0) { fault(g, line, 0, "header", "[Start]: '%s' is not a hole of the board%s", p, NULL); return; }
            pegs &= ~(1ull << h);
            p += len;
        }
        pg_pos_set(pos, g->board, pegs, b->centre);
    }
    if (*goal_text) {
        int goal = PG_GOAL_ANY, len = 3;
        if (strcmp(goal_text, "any") != 0) goal = pg_hole_parse(b, goal_text, &len);
        if (goal == PG_GOAL_ANY && strcmp(goal_text, "any") != 0) { fault(g, line, 0, "header", "[Goal]: '%s' is not a hole of the board or 'any'%s", goal_text, NULL); return; }
        if ((size_t)len != strlen(goal_text)) { fault(g, line, 0, "header", "[Goal]: '%s' is not a hole of the board or 'any'%s", goal_text, NULL); return; }
        pg_pos_set(pos, g->board, pos->pegs, goal);
    } else if (!position) {
        pg_pos_set(pos, g->board, pos->pegs, b->centre);
    }
    g->start = pos->pegs;
    g->goal = pos->goal;
}

/* One chain "d2-d4-f4" at s->p: every hop a legal jump, and all by the same peg. */
static void play_chain(scan *s, pg_game_rec *g, pg_pos *pos)
{
    const pg_board *b = pg_board_get(pos->board);
    const char *tok = s->p;
    int line = s->line, col = col_of(s, tok);
    const char *e = tok;
    while (e < s->end && !isspace((unsigned char)*e) && *e != '{' && *e != ';') e++;
    size_t tl = (size_t)(e - tok);
    snprintf(g->err_text, sizeof g->err_text, "%.*s", (int)(tl < 60 ? tl : 60), tok);
    s->p = e;
    g->err_move = g->moves + 1;
    if (pos->pegs == 0 || (pos->pegs & (pos->pegs - 1)) == 0 || !tl) {
        fault(g, line, col, "after-end", "'%s' comes after the end: one peg or none is left%s", g->err_text, NULL);
        return;
    }
    const char *p = tok;
    int len, from = pg_hole_parse(b, p, &len);
    if (len == 0) { fault(g, line, col, "parse", "'%s' is not a move (a chain of holes: d2-d4 or b4-d4-f4)%s", g->err_text, NULL); return; }
    if (from < 0) { fault(g, line, col, "illegal", "'%s': %.2s is not a hole of the board", g->err_text, p); return; }
    p += len;
    int hops = 0;
    while (p < e) {
        if (*p != '-' && *p != 'x') { fault(g, line, col, "parse", "'%s' is not a move (a chain of holes: d2-d4 or b4-d4-f4)%s", g->err_text, NULL); return; }
        p++;
        char hop[16];
        const char *hs = p;
        int to = pg_hole_parse(b, p, &len);
        if (len == 0) { fault(g, line, col, "parse", "'%s' is not a move (a chain of holes: d2-d4 or b4-d4-f4)%s", g->err_text, NULL); return; }
        p += len;
        char a[4];
        pg_hole_name(b, from, a);
        snprintf(hop, sizeof hop, "%s-%.*s", a, (int)len, hs);
        uint32_t m;
        char err[200];
        if (pg_move_from_text(pos, hop, &m, err, sizeof err) != 0) {
            fault(g, line, col + (int)(hs - tok) - 3, "illegal", "%s%s", err, NULL);
            return;
        }
        if (g->jumps.n >= PG_MAX_HOLES) { fault(g, line, col, "illegal", "too many jumps%s%s", NULL, NULL); return; }
        pg_play(pos, m);
        g->jumps.jumps[g->jumps.n++] = m;
        from = to;
        hops++;
    }
    if (!hops) { fault(g, line, col, "parse", "'%s' is a hole, not a move (a chain of holes: d2-d4)%s", g->err_text, NULL); return; }
    g->moves++;
}

/* One record from s->p (at its first tag or move) to the next [Game tag. */
static void read_game(scan *s, pg_game_rec *g)
{
    char name[32], value[256], start_text[256] = "", goal_text[32] = "", position[256] = "";
    const char *pos_text = NULL;
    bool game_seen = false;
    pg_pos pos;
    skip_space(s);
    while (s->p < s->end && *s->p == '[') {
        if (game_seen && game_tag_at(s->p, s->end)) break;
        int line = s->line, col = col_of(s, s->p);
        if (!read_tag(s, g, name, sizeof name, value, sizeof value)) break;
        if (strcmp(name, "Game") == 0) {
            game_seen = true;
            if (strcmp(value, "pegs") != 0 && strcmp(value, "孔明棋") != 0 && strcmp(value, "peg solitaire") != 0)
                fault(g, line, col, "header", "[Game \"%s\"] is not a peg solitaire record (write [Game \"pegs\"])%s", value, NULL);
        }
        if (strcmp(name, "Position") == 0) { copy(position, sizeof position, value); pos_text = position; }
        else apply_tag(g, line, col, name, value, &pos_text, start_text, sizeof start_text, goal_text, sizeof goal_text);
        skip_space(s);
    }
    if (!g->invalid) set_start(g, g->line, pos_text, start_text, goal_text, &pos);
    else pg_pos_set(&pos, g->board, 0, PG_GOAL_ANY);
    /* The moves, up to the next record. */
    while (s->p < s->end && !g->invalid) {
        skip_space(s);
        if (s->p >= s->end || game_tag_at(s->p, s->end)) break;
        if (*s->p == '[') { fault(g, s->line, col_of(s, s->p), "parse", "a tag among the moves%s%s", NULL, NULL); break; }
        /* Move numbers "12." are skipped. */
        const char *q = s->p;
        while (q < s->end && isdigit((unsigned char)*q)) q++;
        if (q > s->p && q < s->end && *q == '.') { s->p = q + 1; continue; }
        play_chain(s, g, &pos);
    }
    if (!g->invalid) {
        g->solved = pg_solved(&pos);
        if (!g->solved) {
            char left[32], goal[8] = "any";
            uint32_t ms[PG_MAX_JUMPS];
            snprintf(left, sizeof left, "%d", pg_count(pos.pegs));
            if (pos.goal != PG_GOAL_ANY) pg_hole_name(pg_board_get(pos.board), pos.goal, goal);
            g->err_move = 0;
            g->err_text[0] = '\0';
            if (pg_legal(&pos, ms) > 0)
                fault(g, s->line, 0, "result", "the record stops with %s pegs left and jumps still to play: the goal (one peg, at %s) is not reached", left, goal);
            else
                fault(g, s->line, 0, "result", "stuck with %s pegs left: the goal (one peg, at %s) is not reached", left, goal);
        } else if (g->claimed_moves >= 0 && g->claimed_moves != g->moves) {
            char a[16], c[16];
            snprintf(a, sizeof a, "%d", g->claimed_moves);
            snprintf(c, sizeof c, "%d", g->moves);
            g->err_move = 0;
            fault(g, g->line, 0, "result", "[Moves \"%s\"] but the record has %s moves", a, c);
        }
    }
    /* A fault stops the record: skip to the next one. */
    while (s->p < s->end) {
        if (s->p == s->line_start && game_tag_at(s->p, s->end)) break;
        if (*s->p == '\n') { s->line++; s->line_start = s->p + 1; }
        s->p++;
    }
}

int pg_records_read(const char *text, size_t len, pg_game_fn each, void *ctx, char *err, size_t errlen)
{
    scan s = {text, text, text + len, 1, text};
    int n = 0;
    skip_space(&s);
    if (s.p >= s.end) { snprintf(err, errlen, "no peg solitaire record in the file (it is empty)"); return -1; }
    while (s.p < s.end) {
        pg_game_rec *g = calloc(1, sizeof *g);
        if (!g) { snprintf(err, errlen, "out of memory"); return -1; }
        g->index = ++n;
        g->line = s.line;
        g->board = PG_BOARD_ENGLISH;
        g->goal = PG_GOAL_ANY;
        g->claimed_moves = -1;
        read_game(&s, g);
        int stop = each(ctx, g);
        free(g);
        if (stop) break;
        skip_space(&s);
    }
    return n;
}

int pg_records_sniff(const char *text, size_t len)
{
    (void)len;
    if (strstr(text, "[Game \"pegs\"]") || strstr(text, "[Game \"孔明棋\"]")) return 95;
    return 0;
}
