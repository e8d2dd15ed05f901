/* record_split.c -- where games start in record text, so that text_stream.c can
 * hand out slices of whole games: PGN/PDN tag sections, contest frames, SGF
 * games, WTN and PSQ headers (the split hooks of bo_game_cli, declared in
 * text_stream.h). */
#include <stdbool.h>
#include <string.h>

#include "text_stream.h"

/* Is the line at P (up to END) a tag line: "[" then a tag name, with a quote in it? */
static bool tag_line(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t')) p++;
    if (end - p < 3 || p[0] != '[') return false;
    unsigned char c = (unsigned char)p[1];
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) return false;
    return memchr(p, '"', (size_t)(end - p)) != NULL;
}

/* Is the line P..END only tags: it starts with '[' and nothing after its last
 * ']' is a move number, a move or a result (a one-line game has them)? */
static bool tags_only(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t')) p++;
    if (p == end || *p != '[') return false;
    const char *close = end;
    while (close > p && close[-1] != ']') close--;
    if (close == p) return false;
    for (const char *q = close; q < end; q++)
        if ((*q >= '0' && *q <= '9') || *q == '*') return false;
    return true;
}

/* Does the line at P start a contest frame "{[" or an SGF game "(;"?  *close
 * gets the character that ends the record before it ('}' or ')'). */
static bool frame_line(const char *p, const char *end, char *close)
{
    while (p < end && (*p == ' ' || *p == '\t')) p++;
    if (end - p < 2) return false;
    if (p[0] == '{' && p[1] == '[') { *close = '}'; return true; }
    if (p[0] == '(' && p[1] == ';') { *close = ')'; return true; }
    return false;
}

/* The last line before offset AT (a line start) that is not blank and not a
 * '%' escape comment: [*ls, *le); false if there is none. */
static bool previous_line(const char *text, size_t at, size_t *ls, size_t *le)
{
    while (at > 0) {
        size_t e = at - 1, b = e;
        while (b > 0 && text[b - 1] != '\n') b--;
        const char *q = text + b;
        while (q < text + e && (*q == ' ' || *q == '\t' || *q == '\r')) q++;
        if (q < text + e && *q != '%') { *ls = b; *le = e; return true; }
        at = b;
    }
    return false;
}

/* Does the line [ls, le) end with a PDN result ("2-0", "1-1", "0-2", "1-0",
 * "0-1", "1/2-1/2", "0-0", "*"), none of which is a move? */
static bool ends_with_result(const char *text, size_t ls, size_t le)
{
    static const char *const results[] = {"*", "2-0", "1-1", "0-2", "1-0", "0-1", "1/2-1/2", "0-0"};
    while (le > ls && (text[le - 1] == ' ' || text[le - 1] == '\t' || text[le - 1] == '\r')) le--;
    size_t b = le;
    while (b > ls && text[b - 1] != ' ' && text[b - 1] != '\t' && text[b - 1] != '.' && text[b - 1] != ']') b--;
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (strlen(results[i]) == le - b && memcmp(text + b, results[i], le - b) == 0) return true;
    return false;
}

/* Does a game start at the line START (not the first line)?  STRICT: only
 * after a game closed by its result (PDN readers tell a game that runs into
 * the next one's tags from one cut short). */
static bool starts_game(const char *text, size_t start, size_t end, bool strict)
{
    const char *p = text + start, *e = text + end;
    size_t ls, le;
    char close;
    if (frame_line(p, e, &close)) {
        /* only after a closed record: an unclosed one runs on into this line */
        if (!previous_line(text, start, &ls, &le)) return false;
        while (le > ls && (text[le - 1] == ' ' || text[le - 1] == '\t' || text[le - 1] == '\r')) le--;
        return le > ls && text[le - 1] == close;
    }
    if (!tag_line(p, e)) return false;
    /* moves, a result or a one-line game before it: a new game starts here */
    if (!previous_line(text, start, &ls, &le) || tags_only(text + ls, text + le)) return false;
    return !strict || ends_with_result(text, ls, le);
}

/* The split of bo_split_records and bo_split_pdn. */
static size_t split(const char *text, size_t len, bool strict)
{
    /* from the end back: the last line that starts a game... */
    size_t end = len, cut = 0;
    while (end > 0) {
        size_t start = end;
        while (start > 0 && text[start - 1] != '\n') start--;
        if (start == 0) return 0;
        if (starts_game(text, start, end, strict)) { cut = start; break; }
        end = start - 1;
    }
    /* ...with a game before it: a tag line or a frame further up */
    for (size_t b = 0; b < cut;) {
        size_t e = b;
        while (e < cut && text[e] != '\n') e++;
        char close;
        if (tag_line(text + b, text + e) || frame_line(text + b, text + e, &close)) return cut;
        b = e + 1;
    }
    return 0;
}

size_t bo_split_records(const char *text, size_t len)
{
    return split(text, len, false);
}

size_t bo_split_pdn(const char *text, size_t len)
{
    return split(text, len, true);
}

/* Does the line P..END start with WORD (after blanks)? */
static bool line_starts(const char *p, const char *end, const char *word)
{
    while (p < end && (*p == ' ' || *p == '\t')) p++;
    size_t n = strlen(word);
    return (size_t)(end - p) >= n && memcmp(p, word, n) == 0;
}

/* The last line after the first that starts with WORD, with something not blank
 * before it (the game it ends); 0 when none. */
static size_t split_at_header(const char *text, size_t len, const char *word)
{
    size_t end = len;
    while (end > 0) {
        size_t start = end;
        while (start > 0 && text[start - 1] != '\n') start--;
        if (start == 0) return 0;
        if (line_starts(text + start, text + end, word)) {
            for (size_t i = 0; i < start; i++)
                if (text[i] != ' ' && text[i] != '\t' && text[i] != '\n') return start;
            return 0;
        }
        end = start - 1;
    }
    return 0;
}

size_t bo_split_wtn(const char *text, size_t len)
{
    return split_at_header(text, len, "#[");
}

size_t bo_split_gomoku(const char *text, size_t len)
{
    size_t a = split(text, len, false), b = split_at_header(text, len, "Piskvorky");
    return a > b ? a : b;
}
