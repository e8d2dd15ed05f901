/* yz_record.c -- the line game's contest record, read and written (yz_record.h).
 *
 * Format: {[code][team side][team side][result][date time place][event][rules];moves}
 * with moves "F(p,k)" (placement) or "F(a,k,b)" (move), ';' between them, an
 * optional "[comment]" after a move.  Real logs are typed by hand: full-width
 * brackets and punctuation, lower-case sides, 先/后 or B/W for the sides, 先胜 for
 * 先手胜, a missing rules field, blanks anywhere.  The reader takes all of these with
 * a located warning, records what it cannot read as a located error (that game is
 * then invalid) and goes on with the next game. */
#include "yz_record.h"

#include <stdlib.h>
#include <string.h>

#include "text.h"

typedef struct cursor {
    const char *p, *end;
    int line, col;
    bool wide;              /* the last character was a full-width twin */
} cursor;

/* Full-width punctuation and digits as their ASCII twins. */
static long narrow(long c)
{
    switch (c) {
    case 0xFF08: return '(';
    case 0xFF09: return ')';
    case 0xFF3B: return '[';
    case 0xFF3D: return ']';
    case 0xFF5B: return '{';
    case 0xFF5D: return '}';
    case 0xFF1B: return ';';
    case 0xFF0C: return ',';
    case 0x3001: return ',';   /* 、 */
    case 0xFF1A: return ':';
    case 0x3000: return ' ';
    case 0x3010: return '[';   /* 【 */
    case 0x3011: return ']';   /* 】 */
    default: break;
    }
    if (c >= 0xFF10 && c <= 0xFF19) return '0' + (c - 0xFF10);
    if (c >= 0xFF21 && c <= 0xFF3A) return 'A' + (c - 0xFF21);
    if (c >= 0xFF41 && c <= 0xFF5A) return 'a' + (c - 0xFF41);
    return c;
}

/* The character at the cursor (narrowed), without moving; 0 at the end. */
static long peek(const cursor *c, size_t *bytes, bool *wide)
{
    if (c->p >= c->end) { *bytes = 0; *wide = false; return 0; }
    const char *q = c->p;
    long ch = bo_utf8_next(&q, c->end);
    *bytes = (size_t)(q - c->p);
    if (*bytes == 0) *bytes = 1;
    long n = narrow(ch);
    *wide = n != ch;
    return n;
}

/* The character at the cursor, stepping past it and counting lines and columns. */
static long next(cursor *c)
{
    size_t b;
    bool wide;
    long ch = peek(c, &b, &wide);
    if (!b) return 0;
    c->p += b;
    c->wide = wide;
    if (ch == '\n') { c->line++; c->col = 1; }
    else c->col++;
    return ch;
}

static bool blank(long ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; }

/* Blanks and line ends between the frame's parts. */
static void skip_blanks(cursor *c)
{
    size_t b;
    bool w;
    while (c->p < c->end && blank(peek(c, &b, &w))) next(c);
}

typedef struct reader {
    cursor c;
    bo_record *r;
    bool warned_wide;
} reader;

/* One warning per game for full-width punctuation, at its first place. */
static void warn_wide(reader *rd, int line, int col)
{
    if (rd->warned_wide || !rd->c.wide) return;
    rd->warned_wide = true;
    bo_record_note(rd->r, BO_NOTE_WARNING, line, col, "full-width punctuation read as its ASCII twin (here and after)");
}

/* A bracketed header field's text into BUF (narrowed, '\]' an escaped bracket). */
static int read_field(reader *rd, char *buf, size_t n)
{
    size_t w = 0;
    for (;;) {
        int line = rd->c.line, col = rd->c.col;
        const char *at = rd->c.p;
        long ch = next(&rd->c);
        warn_wide(rd, line, col);
        if (ch == 0 || ch == '{' || ch == '}' || ch == ';') {
            rd->c.p = at;            /* not ours: the frame goes on from here */
            rd->c.line = line;
            rd->c.col = col;
            buf[w] = '\0';
            return -1;
        }
        if (ch == ']') break;
        if (ch == '\\' && rd->c.p < rd->c.end) {
            size_t b;
            bool wd;
            long nx = peek(&rd->c, &b, &wd);
            if (nx == ']' || nx == '[' || nx == '\\' || nx == ';' || nx == '{' || nx == '}') ch = next(&rd->c);
        }
        /* copy the character's bytes (narrowed ones as ASCII) */
        if (ch < 0x80) { if (w + 1 < n) buf[w++] = (char)ch; }
        else {
            size_t len = (size_t)(rd->c.p - at);
            if (w + len < n) { memcpy(buf + w, at, len); w += len; }
        }
    }
    while (w > 0 && buf[w - 1] == ' ') w--;
    size_t s = 0;
    while (s < w && buf[s] == ' ') s++;   /* a field of blanks only is empty */
    memmove(buf, buf + s, w - s);
    buf[w - s] = '\0';
    return 0;
}

/* "东北大学 F": the team, and the side letter (F/S; 先/后, 先手/后手, B/W warned). */
static void team_field(reader *rd, const char *field, const char *tag, int line, int col)
{
    char team[1024];
    snprintf(team, sizeof team, "%s", field);
    size_t n = strlen(team);
    const char *side = NULL;
    static const struct { const char *word, *side; bool warn; } words[] = {
        {" F", "F", false}, {" S", "S", false}, {" f", "F", true}, {" s", "S", true},
        {" 先手", "F", true}, {" 后手", "S", true}, {" 先", "F", true}, {" 后", "S", true},
        {" B", "F", true}, {" W", "S", true},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0] && !side; i++) {
        size_t l = strlen(words[i].word);
        if (n >= l && strcmp(team + n - l, words[i].word) == 0) {
            side = words[i].side;
            team[n - l] = '\0';
            if (words[i].warn)
                bo_record_note(rd->r, BO_NOTE_WARNING, line, col, "side '%s' of %s read as %s (the record's sides are F and S)",
                               words[i].word + 1, tag, side);
        }
    }
    if (!side)
        bo_record_note(rd->r, BO_NOTE_WARNING, line, col, "no side (F or S) after the %s team '%s'", tag, field);
    bo_record_add_tag(rd->r, tag, strlen(tag), team, strlen(team), line);
    if (side && ((strcmp(tag, "First") == 0) != (side[0] == 'F')))
        bo_record_note(rd->r, BO_NOTE_WARNING, line, col, "the %s team is marked %s: the header's first team moves first", tag,
                       side);
}

/* The result field as written, with the sloppy forms warned. */
static void result_field(reader *rd, const char *field, int line, int col)
{
    static const struct { const char *word, *as; } forms[] = {
        {"先手胜", NULL}, {"后手胜", NULL}, {"平局", NULL}, {"先胜", "先手胜"}, {"后胜", "后手胜"},
        {"1-0", "先手胜"}, {"0-1", "后手胜"}, {"和局", "平局"}, {"*", NULL}, {"", NULL}, {"未完", NULL},
    };
    size_t n = strlen(field);
    if ((!strncmp(field, "先手胜(", strlen("先手胜(")) || !strncmp(field, "后手胜(", strlen("后手胜("))) && field[n - 1] == ')') {
        /* the reason a game ended off the board, kept for the judge (result_policy.h) */
        bo_record_set_str(&rd->r->result, field, n);
        rd->r->result_line = line;
        rd->r->result_col = col;
        return;
    }
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
        if (strcmp(field, forms[i].word) == 0) {
            const char *res = forms[i].as ? forms[i].as : field;
            if (forms[i].as)
                bo_record_note(rd->r, BO_NOTE_WARNING, line, col, "result '%s' read as %s", field, forms[i].as);
            if (*res && strcmp(res, "*") != 0 && strcmp(res, "未完") != 0) {
                bo_record_set_str(&rd->r->result, res, strlen(res));
                rd->r->result_line = line;
                rd->r->result_col = col;
            }
            return;
        }
    bo_record_note(rd->r, BO_NOTE_WARNING, line, col,
                   "result '%s' is none of 先手胜, 后手胜 (read as no result)", field);
}

/* "R3 misere", "规则3", "rule 2 normal", "1": the rules field; -1 if not one. */
static int rules_field(const char *f, char *out, size_t n)
{
    const char *d = f;
    while (*d && (*d < '1' || *d > '3')) d++;
    if (!*d || (d[1] >= '0' && d[1] <= '9')) return -1;
    size_t pre = (size_t)(d - f);
    bool ok_prefix = pre == 0 || (pre == 1 && (f[0] == 'R' || f[0] == 'r')) || strncmp(f, "规则", pre) == 0 ||
                     strncmp(f, "rule ", pre) == 0 || strncmp(f, "rules ", pre) == 0 || strncmp(f, "棋规", pre) == 0;
    if (!ok_prefix) return -1;
    bool mis = strstr(d, "misere") || strstr(d, "misère") || strstr(d, "Misere") || strstr(d, "反");
    snprintf(out, n, "%c%s", *d, mis ? "-misere" : "");
    return 0;
}

/* A move "F(a,k,b)" (or "(a,k,b)" with the side left out, or the engine's "a:k-b",
 * "p+k"), rewritten as the canonical "F(a,k,b)" into BUF; -1 with WHY if not one. */
static int read_move(reader *rd, char *buf, size_t n, char *why, size_t whylen)
{
    char side = 0;
    size_t b;
    bool wide;
    long ch = peek(&rd->c, &b, &wide);
    int line = rd->c.line, col = rd->c.col;
    if (ch == 'F' || ch == 'S' || ch == 'f' || ch == 's' || ch == 'B' || ch == 'W') {
        next(&rd->c);
        side = (ch == 'F' || ch == 'f' || ch == 'B') ? 'F' : 'S';
        if (ch != 'F' && ch != 'S')
            bo_record_note(rd->r, BO_NOTE_WARNING, line, col, "side '%c' read as %c", (char)ch, side);
    } else if (ch == 0x5148 || ch == 0x540E) {   /* 先 后 */
        next(&rd->c);
        side = ch == 0x5148 ? 'F' : 'S';
        bo_record_note(rd->r, BO_NOTE_WARNING, line, col, "side '%s' read as %c", ch == 0x5148 ? "先" : "后", side);
    }
    skip_blanks(&rd->c);
    int nums[3], k = 0;
    ch = peek(&rd->c, &b, &wide);
    if (ch == '(') {
        next(&rd->c);
        warn_wide(rd, line, col);
        for (;;) {
            skip_blanks(&rd->c);
            ch = peek(&rd->c, &b, &wide);
            if (ch < '0' || ch > '9') return snprintf(why, whylen, "expected a number in the move's brackets"), -1;
            int v = 0;
            while (ch >= '0' && ch <= '9') {
                if (v < 1000) v = v * 10 + (int)(ch - '0');
                next(&rd->c);
                ch = peek(&rd->c, &b, &wide);
            }
            if (k == 3) return snprintf(why, whylen, "more than three numbers in a move"), -1;
            nums[k++] = v;
            skip_blanks(&rd->c);
            ch = peek(&rd->c, &b, &wide);
            if (ch == ',') { next(&rd->c); continue; }
            if (ch == ')') { next(&rd->c); break; }
            return snprintf(why, whylen, "expected ',' or ')' in the move"), -1;
        }
        if (k < 2) return snprintf(why, whylen, "a move has two numbers (point, coins) or three (from, coins, to)"), -1;
    } else if (ch >= '0' && ch <= '9') {
        /* the engine's text: p+k or a:k-b */
        char t[32];
        size_t w = 0;
        while (w + 1 < sizeof t && ((ch >= '0' && ch <= '9') || ch == '+' || ch == ':' || ch == '-')) {
            t[w++] = (char)ch;
            next(&rd->c);
            ch = peek(&rd->c, &b, &wide);
        }
        t[w] = '\0';
        if (sscanf(t, "%d:%d-%d", &nums[0], &nums[1], &nums[2]) == 3) k = 3;
        else if (sscanf(t, "%d+%d", &nums[0], &nums[1]) == 2) k = 2;
        else return snprintf(why, whylen, "'%s' is not a move (F(a,k,b) or F(p,k))", t), -1;
        bo_record_note(rd->r, BO_NOTE_WARNING, line, col, "move '%s' in the engine's notation read as a record move", t);
    } else {
        return snprintf(why, whylen, "expected a move such as F(10,2,6) or S(4,3)"), -1;
    }
    if (!side) {
        /* the turn passes on at every move, so move i is F's when i is even */
        side = rd->r->nmoves % 2 ? 'S' : 'F';
        bo_record_note(rd->r, BO_NOTE_WARNING, line, col, "move %d has no side (F or S): read as %c's, whose turn it is",
                       rd->r->nmoves + 1, side);
    }
    if (k == 2) snprintf(buf, n, "%c(%d,%d)", side, nums[0], nums[1]);
    else snprintf(buf, n, "%c(%d,%d,%d)", side, nums[0], nums[1], nums[2]);
    return 0;
}

/* A comment "[...]" after a move, added to it. */
static void read_comment(reader *rd)
{
    char text[1024];
    next(&rd->c);
    if (read_field(rd, text, sizeof text) == 0 && text[0]) bo_record_add_comment(rd->r, text, strlen(text));
}

/* Past the end of a game that could not be read: its closing '}' or the next '{'. */
static void skip_game(reader *rd)
{
    size_t b;
    bool w;
    for (;;) {
        long ch = peek(&rd->c, &b, &w);
        if (ch == 0 || ch == '{') return;
        next(&rd->c);
        if (ch == '}') return;
    }
}

static const char *const field_tags[] = {"Game", "First", "Second", "Result", "Date", "Event"};

/* One game from its '{' (already read) to its '}'. */
static void read_game(reader *rd)
{
    size_t b;
    bool wide;
    int nfield = 0;
    char field[1024];
    skip_blanks(&rd->c);
    while (peek(&rd->c, &b, &wide) == '[') {
        int line = rd->c.line, col = rd->c.col;
        next(&rd->c);
        warn_wide(rd, line, col);
        if (read_field(rd, field, sizeof field) != 0) {
            bo_record_note(rd->r, BO_NOTE_ERROR, line, col, "header field not closed by ']'");
            skip_game(rd);
            return;
        }
        char rules[32];
        if (nfield == 0) {
            bo_record_add_tag(rd->r, "Game", 4, field, strlen(field), line);
            if (strcmp(field, "YZ") != 0 && strcmp(field, "一字棋") != 0)
                bo_record_note(rd->r, BO_NOTE_WARNING, line, col, "game code '%s' is not YZ (read as the line game)", field);
        } else if (nfield == 1 || nfield == 2) {
            team_field(rd, field, field_tags[nfield], line, col);
        } else if (nfield == 3) {
            result_field(rd, field, line, col);
        } else if (nfield >= 6 && rules_field(field, rules, sizeof rules) == 0) {
            bo_record_add_tag(rd->r, "Rules", 5, rules, strlen(rules), line);
        } else if (nfield < 6) {
            bo_record_add_tag(rd->r, field_tags[nfield], strlen(field_tags[nfield]), field, strlen(field), line);
        } else {
            bo_record_note(rd->r, BO_NOTE_WARNING, line, col, "extra header field '%s' ignored", field);
        }
        nfield++;
        skip_blanks(&rd->c);
    }
    if (nfield < 6)
        bo_record_note(rd->r, BO_NOTE_WARNING, rd->c.line, rd->c.col, "%d header field%s, not the contest's six (and the rules)",
                       nfield, nfield == 1 ? "" : "s");
    /* the moves: ';' before each (a missing one is forgiven) */
    for (;;) {
        skip_blanks(&rd->c);
        long ch = peek(&rd->c, &b, &wide);
        if (ch == 0) {
            bo_record_note(rd->r, BO_NOTE_ERROR, rd->r->line, 1, "game not closed by '}' before the end of the file");
            return;
        }
        if (ch == '}') { next(&rd->c); return; }
        if (ch == '{') {
            bo_record_note(rd->r, BO_NOTE_ERROR, rd->c.line, rd->c.col, "a new game begins before this one is closed by '}'");
            return;
        }
        if (ch == ';') { next(&rd->c); continue; }
        if (ch == '[' && rd->r->nmoves > 0) { read_comment(rd); continue; }
        int line = rd->c.line, col = rd->c.col;
        char mv[64], why[160];
        if (read_move(rd, mv, sizeof mv, why, sizeof why) != 0) {
            bo_record_note(rd->r, BO_NOTE_ERROR, rd->c.line, rd->c.col, "move %d: %s", rd->r->nmoves + 1, why);
            skip_game(rd);
            return;
        }
        bo_record_add_move(rd->r, mv, strlen(mv), line, col);
        skip_blanks(&rd->c);
        ch = peek(&rd->c, &b, &wide);
        if (ch != ';' && ch != '}' && ch != '[' && ch != 0 && ch != '{')
            bo_record_note(rd->r, BO_NOTE_WARNING, rd->c.line, rd->c.col, "no ';' after move %d", rd->r->nmoves);
    }
}

/* Every '{' starts a game; text between games is ignored. */
int yz_record_read(const char *data, size_t len, int (*each)(void *ctx, bo_record *r), void *ctx, char *err,
                   size_t errlen)
{
    reader rd = {{data, data + len, 1, 1, false}, NULL, false};
    int games = 0;
    size_t b;
    bool wide;
    for (;;) {
        long ch;
        while ((ch = peek(&rd.c, &b, &wide)) != 0 && ch != '{') next(&rd.c);
        if (!ch) break;
        bo_record r;
        bo_record_init(&r, games + 1, rd.c.line);
        rd.r = &r;
        rd.warned_wide = false;
        int line = rd.c.line, col = rd.c.col;
        next(&rd.c);
        warn_wide(&rd, line, col);
        read_game(&rd);
        if (r.oom) {   /* a game not read whole is never judged */
            snprintf(err, errlen, "line %d: out of memory while reading game %d: it is not judged", r.line, r.index);
            bo_record_free(&r);
            return -1;
        }
        games++;
        int stop = each(ctx, &r);
        bo_record_free(&r);
        if (stop) break;
    }
    if (games == 0) {
        snprintf(err, errlen, "%s", len == 0 ? "the file is empty" : "no line-game record in the file (a record is {[YZ]...;F(...);...})");
        return -1;
    }
    return games;
}

/* The canonical record move (as the reader stores it) into side and engine text. */
int yz_record_move(const char *text, int *side, char *engine_text, size_t n)
{
    char s;
    int a, k, b, used = 0;
    if (sscanf(text, "%c(%d,%d,%d)%n", &s, &a, &k, &b, &used) == 4 && used && !text[used])
        snprintf(engine_text, n, "%d:%d-%d", a, k, b);
    else if (sscanf(text, "%c(%d,%d)%n", &s, &a, &k, &used) == 3 && used && !text[used])
        snprintf(engine_text, n, "%d+%d", a, k);
    else
        return -1;
    *side = s == 'F' ? 0 : s == 'S' ? 1 : -1;
    return 0;
}

/* A file whose first frame opens with the game code YZ (or 一字棋). */
int yz_record_sniff(const char *data, size_t len)
{
    const char *end = data + len;
    for (const char *p = data; p < end; p++) {
        if (*p != '{') continue;
        const char *q = p + 1;
        while (q < end && (*q == ' ' || *q == '\n' || *q == '\t' || *q == '\r')) q++;
        if ((size_t)(end - q) >= 4 && (strncmp(q, "[YZ]", 4) == 0 || strncmp(q, "[yz]", 4) == 0)) return 95;
        if ((size_t)(end - q) >= 11 && strncmp(q, "[一字棋]", 11) == 0) return 95;
        return 0;
    }
    return 0;
}

/* A header field with ']' and the frame's characters escaped. */
static void write_field(FILE *f, const char *s)
{
    fputc('[', f);
    for (; s && *s; s++) {
        if (*s == ']' || *s == '[' || *s == '{' || *s == '}' || *s == ';' || *s == '\\') fputc('\\', f);
        fputc(*s, f);
    }
    fputc(']', f);
}

/* The canonical form: the seven fields, F/S moves, comments in brackets. */
int yz_record_write(FILE *f, const bo_record *r)
{
    const char *first = bo_record_tag(r, "First"), *second = bo_record_tag(r, "Second");
    char buf[512];
    fputs("{[YZ]", f);
    snprintf(buf, sizeof buf, "%s F", first ? first : "?");
    write_field(f, buf);
    snprintf(buf, sizeof buf, "%s S", second ? second : "?");
    write_field(f, buf);
    write_field(f, r->result ? r->result : "");
    write_field(f, bo_record_tag(r, "Date"));
    write_field(f, bo_record_tag(r, "Event"));
    const char *rules = bo_record_tag(r, "Rules");
    int rule = rules && rules[0] >= '1' && rules[0] <= '3' ? rules[0] - '0' : 1;
    snprintf(buf, sizeof buf, "R%d %s", rule, rules && strstr(rules, "misere") ? "misere" : "normal");
    write_field(f, buf);
    for (int i = 0; i < r->nmoves; i++) {
        fprintf(f, ";%s", r->moves[i].text);
        if (r->moves[i].comment) write_field(f, r->moves[i].comment);
    }
    fputs("}\n", f);
    return ferror(f) ? -1 : 0;
}
