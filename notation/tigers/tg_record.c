/* tg_record.c -- reading and writing Two Tigers' contest records.
 *
 * Format (tg_record.h): {[code][tigers team][dogs team][result][date place][event]
 * [FEN ...]; move; move; ...}.  Method: a hand-written scanner keeps the line and
 * column of every field and move; a fault (no closing '}' or ']') is an error note
 * on that game and reading goes on at the next '{'.  Records do not check rules:
 * tg_validate.c replays them. */
#include <string.h>

#include "core.h"
#include "tg_record.h"

int tg_record_sniff(const char *text, size_t len)
{
    const char *end = text + len;
    for (const char *s = text; s + 4 < end; s++) {
        if (s[0] != '{' || s[1] != '[') continue;
        if (strncmp(s + 2, "TG]", 3) == 0 || strncmp(s + 2, "二虎棋]", strlen("二虎棋]")) == 0) return 95;
        return 0;
    }
    return 0;
}

typedef struct scan {
    const char *s, *end;
    int line, col;
} scan;

static void advance(scan *c)
{
    if (*c->s == '\n') { c->line++; c->col = 1; }
    else if (((unsigned char)*c->s & 0xC0) != 0x80) c->col++;
    c->s++;
}

static void skip_space(scan *c)
{
    while (c->s < c->end && (*c->s == ' ' || *c->s == '\t' || *c->s == '\n' || *c->s == '\r')) advance(c);
}

static const char *const field_names[6] = {"Game", "Tigers", "Dogs", "Result", "Date", "Event"};

/* One game from '{' to '}'; false when it is broken (the note says where). */
static void read_game(scan *c, bo_record *r)
{
    int nfield = 0;
    advance(c);   /* '{' */
    skip_space(c);
    while (c->s < c->end && *c->s == '[') {
        int line = c->line, col = c->col;
        advance(c);
        const char *v = c->s;
        while (c->s < c->end && *c->s != ']' && *c->s != '\n' && *c->s != '}') advance(c);
        if (c->s >= c->end || *c->s != ']') {
            bo_record_note(r, BO_NOTE_ERROR, line, col, "a header field opened with '[' is not closed by ']'");
            return;
        }
        size_t n = (size_t)(c->s - v);
        if (n > 4 && strncmp(v, "FEN ", 4) == 0) bo_record_set_str(&r->fen, v + 4, n - 4);
        else if (nfield < 6) {
            bo_record_add_tag(r, field_names[nfield], strlen(field_names[nfield]), v, n, line);
            if (nfield == 3) {
                bo_record_set_str(&r->result, v, n);
                r->result_line = line;
                r->result_col = col;
            }
            nfield++;
        } else {
            bo_record_add_tag(r, "Extra", 5, v, n, line);
        }
        advance(c);
        skip_space(c);
    }
    if (nfield < 4) bo_record_note(r, BO_NOTE_WARNING, r->line, 1, "the header has %d of the 6 fields", nfield);
    for (;;) {
        skip_space(c);
        if (c->s >= c->end) {
            bo_record_note(r, BO_NOTE_ERROR, c->line, c->col, "the game is not closed by '}'");
            return;
        }
        if (*c->s == '}') { advance(c); return; }
        if (*c->s == ';') { advance(c); continue; }
        if (*c->s == '{') {
            bo_record_note(r, BO_NOTE_ERROR, c->line, c->col, "a new game '{' begins before this one is closed by '}'");
            return;
        }
        int line = c->line, col = c->col;
        const char *m = c->s;
        while (c->s < c->end && *c->s != ';' && *c->s != '}' && *c->s != '\n' && *c->s != '{') advance(c);
        size_t n = (size_t)(c->s - m);
        while (n > 0 && (m[n - 1] == ' ' || m[n - 1] == '\t' || m[n - 1] == '\r')) n--;
        if (n) bo_record_add_move(r, m, n, line, col);
    }
}

int tg_record_read(const bo_text *t, bo_record_list *l, char *err, size_t errlen)
{
    scan c = {t->data, t->data + t->len, 1, 1};
    for (;;) {
        while (c.s < c.end && *c.s != '{') advance(&c);
        if (c.s >= c.end) break;
        bo_record *r = bo_record_list_push(l, c.line);
        if (!r) return bo_fail(err, errlen, "out of memory");
        read_game(&c, r);
        if (r->oom)   /* a game not read whole is never judged */
            return bo_fail(err, errlen, "line %d: out of memory while reading game %d: it is not judged", r->line, r->index);
    }
    if (l->n == 0) return bo_fail(err, errlen, "no Two Tigers game ('{[TG]...}') in the file");
    return 0;
}

int tg_record_start(const bo_record *r, const char *rules, tg_pos *p, char *err, size_t errlen)
{
    if (r->fen) return tg_from_text(p, r->fen, err, errlen);
    tg_start(p);
    if (rules && strcmp(rules, "vertical") == 0) {
        p->tiger[0] = 7;
        p->tiger[1] = 17;
        p->hash = tg_hash_scratch(p);
    } else if (rules && strcmp(rules, "standard") != 0) {
        return bo_fail(err, errlen, "unknown Two Tigers rule set '%s' (standard, vertical)", rules);
    }
    return 0;
}

int tg_record_write(FILE *out, const char *tigers, const char *dogs, const char *result, const char *date,
                    const char *event, const tg_pos *start, bool standard_start, const uint32_t *moves, int n)
{
    fprintf(out, "{[TG][%s T][%s D][%s][%s][%s]", tigers, dogs, result, date, event);
    if (!standard_start) {
        char t[128];
        tg_to_text(start, t, sizeof t);
        fprintf(out, "[FEN %s]", t);
    }
    tg_pos p = *start;
    for (int i = 0; i < n; i++) {
        char mt[32];
        tg_undo u;
        if (tg_move_to_text(&p, moves[i], mt, sizeof mt) != 0) return -1;
        fprintf(out, "%s%s", i % 10 == 0 ? ";\n" : ";", mt);
        tg_play(&p, moves[i], &u);
    }
    fprintf(out, "}\n");
    return ferror(out) ? -1 : 0;
}
