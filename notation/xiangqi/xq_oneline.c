/* xq_oneline.c - one-line records "FEN w, MOVES, RESULT" (xq_oneline.h).
 *
 * Method: a line is split at its commas: the first field is a FEN when its board has
 * ten ranks, the last a result when it reads as one, the fields between are the
 * moves.  The moves keep their text and column; the judge resolves them as it does
 * any record's ("auto" notation: ICCS and UCI both). */
#include "xq_oneline.h"

#include <stdio.h>
#include <string.h>

#include "xq_pgn.h"

/* Is [s, e) a FEN board (ten ranks of piece letters and digits) followed by a side? */
static bool fen_field(const char *s, const char *e)
{
    int slashes = 0;
    const char *p = s;
    for (; p < e && *p != ' '; p++) {
        if (*p == '/') slashes++;
        else if (!strchr("rnbakcpRNBAKCPehEH123456789", *p)) return false;
    }
    while (p < e && *p == ' ') p++;
    return slashes == 9 && p < e && (*p == 'w' || *p == 'b' || *p == 'r');
}

/* The first non-empty line of DATA, trimmed: [*s, *e). */
static bool first_line(const char *data, size_t len, const char **s, const char **e)
{
    const char *p = data, *end = data + len;
    while (p < end) {
        const char *le = memchr(p, '\n', (size_t)(end - p));
        if (!le) le = end;
        const char *a = p, *b = le;
        while (a < b && (*a == ' ' || *a == '\t' || *a == '\r')) a++;
        while (b > a && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '\r')) b--;
        if (a < b) { *s = a; *e = b; return true; }
        p = le + 1;
    }
    return false;
}

int xq_oneline_sniff(const char *data, size_t len)
{
    const char *s, *e;
    if (!data || !first_line(data, len, &s, &e)) return 0;
    const char *comma = memchr(s, ',', (size_t)(e - s));
    return comma && fen_field(s, comma) ? 90 : 0;
}

/* One line: FEN, moves, result. */
static int read_line(bo_record *g, const char *ls, const char *le, int line, bool strict)
{
    bo_record_set_str(&g->notation, "auto", 4);
    bo_record_note(g, strict ? BO_NOTE_ERROR : BO_NOTE_WARNING, line, 1,
                   "a one-line record (FEN, moves, result: the cchess project's form), not PGN%s",
                   strict ? " (--strict)" : "");
    const char *comma = memchr(ls, ',', (size_t)(le - ls));
    char fen[160];
    const char *fe = comma;
    while (fe > ls && fe[-1] == ' ') fe--;
    int fields = 0;
    for (const char *p = ls; p < fe; p++) fields += *p == ' ' && p[1] != ' ';
    snprintf(fen, sizeof fen, "%.*s%s", (int)(fe - ls), ls, fields < 2 ? " - - 0 1" : "");
    if (bo_record_set_str(&g->fen, fen, strlen(fen)) != 0 || bo_record_add_tag(g, "FEN", 3, fen, strlen(fen), line) != 0)
        return -1;
    /* the last field is the result when it reads as one */
    const char *last = le;
    while (last > comma + 1 && last[-1] != ',') last--;
    const char *rs = last, *re = le;
    while (rs < re && *rs == ' ') rs++;
    const char *res = last > comma + 1 ? xq_result_normalise(rs, (size_t)(re - rs)) : NULL;
    const char *me = res ? last - 1 : le;
    for (const char *p = comma + 1; p < me;) {
        while (p < me && (*p == ' ' || *p == ',' || *p == '\t')) p++;
        const char *w = p;
        while (p < me && *p != ' ' && *p != ',' && *p != '\t') p++;
        if (p > w && !bo_record_add_move(g, w, (size_t)(p - w), line, (int)(w - ls) + 1)) return -1;
    }
    if (res) {
        bo_record_set_str(&g->result, res, strlen(res));
        g->result_line = line;
        g->result_col = (int)(rs - ls) + 1;
        if (bo_record_add_tag(g, "Result", 6, res, strlen(res), line) != 0) return -1;
    }
    return 0;
}

int xq_oneline_read(const bo_text *t, bool strict, bo_record_list *out, char *err, size_t errlen)
{
    const char *p = t->data, *end = t->data + t->len;
    int line = 0;
    while (p < end) {
        const char *le = memchr(p, '\n', (size_t)(end - p));
        if (!le) le = end;
        line++;
        const char *a = p, *b = le;
        p = le < end ? le + 1 : end;
        while (a < b && (*a == ' ' || *a == '\t' || *a == '\r')) a++;
        while (b > a && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '\r')) b--;
        if (a == b) continue;
        bo_record *g = bo_record_list_push(out, line);
        if (!g) return snprintf(err, errlen, "out of memory"), -1;
        const char *comma = memchr(a, ',', (size_t)(b - a));
        if (!comma || !fen_field(a, comma)) {
            bo_record_note(g, BO_NOTE_ERROR, line, 1, "expected a one-line record: a FEN, a comma, the moves, a comma, "
                           "the result");
            continue;
        }
        if (read_line(g, a, b, line, strict) != 0) return snprintf(err, errlen, "out of memory"), -1;
    }
    return 0;
}
