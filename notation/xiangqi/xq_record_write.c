/* xq_record_write.c - writing a game in the text forms `boyi convert` offers:
 * PGN with Chinese, WXF or ICCS moves, the xqbase layout, the contest frame.
 * Moves are written from the resolved moves (not copied from the source text),
 * so every output is in the standard modern form of its notation. */
#include "xq_pgn.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "xq_contest.h"
#include "xq_notation.h"

int xq_format_from_name(const char *name)
{
    static const struct { const char *name; xq_format f; } names[] = {
        {"pgn", XQ_FMT_PGN}, {"wxf", XQ_FMT_WXF}, {"iccs", XQ_FMT_ICCS},
        {"chinese", XQ_FMT_CHINESE}, {"xqbase", XQ_FMT_CHINESE}, {"contest", XQ_FMT_CONTEST},
        {"ccgc", XQ_FMT_CONTEST},
    };
    if (!name) return -1;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcasecmp(name, names[i].name) == 0) return (int)names[i].f;
    return -1;
}

/* A tag value with " and \ escaped, as PGN wants it. */
static void put_tag(FILE *f, const char *name, const char *value)
{
    fprintf(f, "[%s \"", name);
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\') fputc('\\', f);
        if (*p == '\n') { fputc(' ', f); continue; }
        fputc(*p, f);
    }
    fputs("\"]\n", f);
}

/* A comment in braces, without the blanks at its ends (as the reader keeps
 * it); a '}' inside would end it early, so it becomes '｝'. */
static int put_comment(FILE *f, const char *text)
{
    int chars = 2;
    const char *end = text + strlen(text);
    while (*text == ' ' || *text == '\t' || *text == '\n') text++;
    while (end > text && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n')) end--;
    fputc('{', f);
    for (const char *p = text; p < end; p++) {
        if (*p == '}') { fputs("｝", f); chars++; continue; }
        fputc(*p, f);
        if (((unsigned char)*p & 0xC0) != 0x80) chars++;
    }
    fputc('}', f);
    return chars;
}

/* Display width: CJK and full-width characters (three-byte UTF-8 and up)
 * take two columns. */
static int text_width(const char *s)
{
    int n = 0;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x80) n++;
        else if (c >= 0xE0) n += 2;
        else if (c >= 0xC0) n++;
    }
    return n;
}

/* The tags in the record's order, with [Game] first and [Result], [FEN],
 * [Format] as this output needs them. */
static void write_tags(FILE *f, const bo_record *r, const xq_pos *start, const char *result, xq_format fmt)
{
    put_tag(f, "Game", "Chinese Chess");
    bool wrote_result = false;
    for (int i = 0; i < r->ntags; i++) {
        const char *n = r->tags[i].name;
        if (strcasecmp(n, "Game") == 0 || strcasecmp(n, "FEN") == 0 || strcasecmp(n, "Format") == 0 ||
            strcmp(n, "_Comment") == 0 || strcasecmp(n, "GameCode") == 0)
            continue;
        if (strcasecmp(n, "Result") == 0) {
            if (!wrote_result) put_tag(f, "Result", result);
            wrote_result = true;
            continue;
        }
        put_tag(f, n, r->tags[i].value);
    }
    if (!wrote_result) put_tag(f, "Result", result);
    xq_pos std;
    xq_pos_start(&std);
    if (r->fen || memcmp(std.sq, start->sq, sizeof std.sq) != 0 || std.side != start->side) {
        char fen[128];
        xq_pos_to_fen(start, fen, sizeof fen);
        put_tag(f, "FEN", fen);
    }
    if (fmt == XQ_FMT_WXF) put_tag(f, "Format", "WXF");
    else if (fmt == XQ_FMT_ICCS) put_tag(f, "Format", "ICCS");
}

/* Move text of moves[i] in the output's notation; p is the position before it.
 * TRAD: Chinese in traditional characters (the record was read so). */
static int move_text(const xq_pos *p, xq_move m, xq_format fmt, bool trad, char *buf, size_t n)
{
    xq_notation nt = fmt == XQ_FMT_WXF ? XQ_NOTE_WXF : fmt == XQ_FMT_ICCS ? XQ_NOTE_ICCS : XQ_NOTE_CHINESE;
    int rc = xq_write_move(p, m, nt, buf, n);
    if (rc == 0 && trad && nt == XQ_NOTE_CHINESE) xq_chinese_traditional(buf);
    return rc;
}

/* Whether the record's moves were written in traditional characters (a Big5 file from
 * Taiwan or Hong Kong: 馬八進七): its copy keeps the script it was read in. */
static bool record_traditional(const bo_record *r)
{
    int score = 0;
    for (int i = 0; i < r->nmoves; i++)
        if (r->moves[i].text) score += xq_chinese_script(r->moves[i].text);
    return score > 0;
}

/* Where PGN move text is being written: the column (lines wrap before 80),
 * whether the next word follows without a blank (after '('). */
typedef struct pgn_out {
    FILE *f;
    const bo_record *r;
    xq_format fmt;
    int col;
    bool glue;
    bool trad;      /* Chinese moves in traditional characters */
} pgn_out;

/* A word of w display columns, on this line or, past column 79, the next. */
static void put_word(pgn_out *o, const char *s, int w)
{
    if (o->col > 0 && !o->glue && o->col + 1 + w > 79) { fputc('\n', o->f); o->col = 0; }
    else if (o->col > 0 && !o->glue) { fputc(' ', o->f); o->col++; }
    fputs(s, o->f);
    o->col += w;
    o->glue = false;
}

/* A comment on lines of its own. */
static void put_own_comment(pgn_out *o, const char *c)
{
    if (o->col > 0) fputc('\n', o->f);
    put_comment(o->f, c);
    fputc('\n', o->f);
    o->col = 0;
    o->glue = false;
}

/* One move with its number when red moves or after a break (comment,
 * variation): "12. 炮二平五", "12... 马８进７". */
static int put_move(pgn_out *o, const xq_pos *pos, xq_move m, bool need_number, char *err, size_t errlen)
{
    char mt[XQ_MOVE_TEXT_MAX + 8], word[XQ_MOVE_TEXT_MAX + 40];
    if (move_text(pos, m, o->fmt, o->trad, mt, sizeof mt) != 0) {
        snprintf(err, errlen, "a move cannot be written");
        return -1;
    }
    if (pos->side == XQ_RED) snprintf(word, sizeof word, "%d. %s", pos->fullmove, mt);
    else if (need_number) snprintf(word, sizeof word, "%d... %s", pos->fullmove, mt);
    else snprintf(word, sizeof word, "%s", mt);
    put_word(o, word, text_width(word));
    return 0;
}

/* The notation a record says its moves are in, for reading its variations. */
static xq_notation record_notation(const bo_record *r)
{
    int nt = r->notation ? xq_notation_from_name(r->notation) : -1;
    return nt > 0 ? (xq_notation)nt : XQ_NOTE_AUTO;
}

static void put_variations(pgn_out *o, const bo_rmove *on, const xq_pos *before, int depth);

/* One variation in parentheses, its moves read from their text from position
 * `from` (variations are not replayed by the caller). A move that cannot be
 * read there ends the variation, with a comment saying so. */
static void put_variation(pgn_out *o, const bo_rline *l, const xq_pos *from, int depth)
{
    xq_pos p = *from;
    put_word(o, "(", 1);
    o->glue = true;
    bool need_number = true;
    xq_notation hint = record_notation(o->r);
    for (int j = 0; j < l->nmoves; j++) {
        const bo_rmove *m = &l->moves[j];
        xq_move mv;
        char err[300], note[400];
        size_t len = strlen(m->text);
        int rc = xq_parse_move(&p, m->text, len, hint, &mv, NULL, err, sizeof err);
        if (rc != 0 && hint != XQ_NOTE_AUTO) rc = xq_parse_move(&p, m->text, len, XQ_NOTE_AUTO, &mv, NULL, err, sizeof err);
        if (rc == 0 && xq_illegal_reason(&p, mv, err, sizeof err)) rc = -1;
        if (rc != 0 || put_move(o, &p, mv, need_number, err, sizeof err) != 0) {
            snprintf(note, sizeof note, "boyi: the variation stops here: '%.40s' cannot be played (%s)", m->text, err);
            put_own_comment(o, note);
            break;
        }
        need_number = false;
        if (m->comment) { put_own_comment(o, m->comment); need_number = true; }
        if (m->nvars > 0) { put_variations(o, m, &p, depth + 1); need_number = true; }
        xq_undo u;
        xq_make(&p, mv, &u);
    }
    o->glue = true;
    put_word(o, ")", 1);
}

/* The variations hanging on move `on`, played from `before`. */
static void put_variations(pgn_out *o, const bo_rmove *on, const xq_pos *before, int depth)
{
    if (depth > 64) return;
    for (int k = 0; k < on->nvars; k++) put_variation(o, on->vars[k], before, depth);
}

/* The record's moves from index N on, after a fault: their text as read, numbered on
 * from POS (where the fault is) as the sides alternate, with their comments. */
static void put_rest(pgn_out *o, const bo_record *r, int n, const xq_pos *pos)
{
    int fullmove = pos->fullmove;
    bool red = pos->side == XQ_RED, need_number = true;
    for (int i = n; i < r->nmoves; i++) {
        char word[XQ_MOVE_TEXT_MAX + 200];
        if (red) snprintf(word, sizeof word, "%d. %.160s", fullmove, r->moves[i].text);
        else if (need_number) snprintf(word, sizeof word, "%d... %.160s", fullmove, r->moves[i].text);
        else snprintf(word, sizeof word, "%.160s", r->moves[i].text);
        put_word(o, word, text_width(word));
        need_number = false;
        if (r->moves[i].comment) { put_own_comment(o, r->moves[i].comment); need_number = true; }
        if (!red) fullmove++;
        red = !red;
    }
}

/* Compact PGN: numbered move pairs, lines wrapped before 80 characters,
 * comments in braces where they were, variations in parentheses after the
 * move they replace. */
static int write_pgn_moves(FILE *f, const bo_record *r, xq_pos *pos, const xq_move *moves, int n,
                           xq_format fmt, const char *result, const char *stop_note, bool rest, char *err,
                           size_t errlen)
{
    pgn_out o = {f, r, fmt, 0, false, record_traditional(r)};
    const char *pre = bo_record_tag(r, "_Comment");
    if (pre) { put_comment(f, pre); fputc('\n', f); }
    bool need_number = true;
    for (int i = 0; i < n; i++) {
        if (put_move(&o, pos, moves[i], need_number, err, errlen) != 0) {
            snprintf(err, errlen, "move %d cannot be written", i + 1);
            return -1;
        }
        need_number = false;
        const char *c = i < r->nmoves ? r->moves[i].comment : NULL;
        if (c) { put_own_comment(&o, c); need_number = true; }
        if (i < r->nmoves && r->moves[i].nvars > 0) { put_variations(&o, &r->moves[i], pos, 1); need_number = true; }
        xq_undo u;
        xq_make(pos, moves[i], &u);
    }
    if (rest) put_rest(&o, r, n, pos);
    if (stop_note) put_own_comment(&o, stop_note);
    if (o.col > 0) fputc(o.col + 1 + (int)strlen(result) > 79 ? '\n' : ' ', f);
    fprintf(f, "%s\n", result);
    return 0;
}

/* The xqbase layout (what 象棋巫师 and the ccgc2006 files show): a move pair
 * per line, number right-aligned, comments on lines of their own, a black move
 * after a comment indented under its column. */
static int write_xqbase_moves(FILE *f, const bo_record *r, xq_pos *pos, const xq_move *moves, int n,
                              const char *result, const char *stop_note, char *err, size_t errlen)
{
    const char *pre = bo_record_tag(r, "_Comment");
    if (pre) { put_comment(f, pre); fputc('\n', f); }
    bool open_line = false, trad = record_traditional(r);
    for (int i = 0; i < n; i++) {
        char mt[XQ_MOVE_TEXT_MAX + 8];
        if (move_text(pos, moves[i], XQ_FMT_CHINESE, trad, mt, sizeof mt) != 0) {
            snprintf(err, errlen, "move %d cannot be written", i + 1);
            return -1;
        }
        if (pos->side == XQ_RED) {
            if (open_line) fputc('\n', f);
            fprintf(f, "%3d. %s", pos->fullmove, mt);
            open_line = true;
        } else if (open_line) {
            fprintf(f, " %s", mt);
        } else {
            fprintf(f, "%3d.          %s", pos->fullmove, mt);
            open_line = true;
        }
        const char *c = i < r->nmoves ? r->moves[i].comment : NULL;
        if (c) {
            fputc('\n', f);
            put_comment(f, c);
            fputc('\n', f);
            open_line = false;
        }
        if (i < r->nmoves && r->moves[i].nvars > 0) {   /* variations on lines of their own */
            if (open_line) fputc('\n', f);
            pgn_out o = {f, r, XQ_FMT_CHINESE, 0, false, trad};
            put_variations(&o, &r->moves[i], pos, 1);
            fputc('\n', f);
            open_line = false;
        }
        xq_undo u;
        xq_make(pos, moves[i], &u);
    }
    if (open_line) fputc('\n', f);
    if (stop_note) { put_comment(f, stop_note); fputc('\n', f); }
    fprintf(f, " %s\n", result);
    return 0;
}

int xq_record_write(FILE *f, const bo_record *r, const xq_pos *start, const xq_move *moves,
                    int n, const char *result, xq_format fmt, const char *stop_note,
                    char *err, size_t errlen)
{
    if (fmt == XQ_FMT_CONTEST) return xq_contest_write(f, r, start, moves, n, result, err, errlen);
    write_tags(f, r, start, result, fmt);
    fputc('\n', f);
    xq_pos pos = *start;
    int rc = fmt == XQ_FMT_CHINESE
        ? write_xqbase_moves(f, r, &pos, moves, n, result, stop_note, err, errlen)
        : write_pgn_moves(f, r, &pos, moves, n, fmt, result, stop_note, false, err, errlen);
    fputc('\n', f);
    return rc;
}

int xq_record_write_rest(FILE *f, const bo_record *r, const xq_pos *start, const xq_move *moves, int n,
                         const char *result, xq_format fmt, char *err, size_t errlen)
{
    bool rest = n < r->nmoves;
    if (!rest || fmt == XQ_FMT_CONTEST) return xq_record_write(f, r, start, moves, n, result, fmt, NULL, err, errlen);
    if (fmt == XQ_FMT_CHINESE) fmt = XQ_FMT_PGN;   /* the xqbase layout numbers resolved moves only */
    write_tags(f, r, start, result, fmt);
    fputc('\n', f);
    xq_pos pos = *start;
    int rc = write_pgn_moves(f, r, &pos, moves, n, fmt, result, NULL, true, err, errlen);
    fputc('\n', f);
    return rc;
}
