/* xq_pgn.c - the Xiangqi PGN reader: a hand-written scanner over the whole
 * file (records are read at tens of MB/s), tolerant of what real files hold:
 * xqbase PGN in GBK with full-width digits, moves glued to their numbers or to
 * each other, no tags, no results, advertisement lines after the result. */
#include "xq_pgn.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "xq_notation.h"

typedef struct scanner {
    const char *s;
    size_t n, i;
    int line, col;   /* of s[i]; col counts characters */
} scanner;

enum { R_NONE = 0, R_GAME, R_DONE };
enum { MAX_PENDING = 8 };

typedef struct pending_note {
    int line, col;
    char text[200];
} pending_note;

typedef struct reader {
    scanner sc;
    bo_record_list *out;
    xq_record_fn each;      /* when set, games are handed over one by one and freed */
    void *each_ctx;
    int handed;             /* games handed over (and removed from out) */
    int stop;               /* the callback asked to stop */
    int state;
    int number;             /* move number written before the next move, 0 if none */
    int last_moves;         /* moves of the game before */
    int oom;
    pending_note pend[MAX_PENDING];   /* warnings about text before the first game */
    int npend;
} reader;

/* Step over one byte, keeping line and character column. */
static inline void adv(scanner *sc)
{
    unsigned char b = (unsigned char)sc->s[sc->i++];
    if (b == '\n') { sc->line++; sc->col = 1; }
    else if ((b & 0xC0) != 0x80) sc->col++;
}

/* Step to byte offset target, keeping line and column right. */
static void adv_to(scanner *sc, size_t target)
{
    while (sc->i < target) adv(sc);
}

/* Bytes of the blank at s[i] (ASCII blanks, U+3000 ideographic space, U+00A0,
 * a stray BOM), 0 if s[i] starts no blank. */
static inline size_t blank_len(const char *s, size_t n, size_t i)
{
    unsigned char c = (unsigned char)s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == 0) return 1;
    if (c == 0xE3 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 && (unsigned char)s[i + 2] == 0x80) return 3;
    if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0xA0) return 2;
    if (c == 0xEF && i + 2 < n && (unsigned char)s[i + 1] == 0xBB && (unsigned char)s[i + 2] == 0xBF) return 3;
    return 0;
}

/* Characters that end a token even without a blank before them. */
static inline bool is_delim(unsigned char c)
{
    return c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']' || c == ';';
}

/* End of the token starting at i: up to a blank or a delimiter. */
static size_t token_end(const char *s, size_t n, size_t i)
{
    size_t j = i;
    while (j < n && !is_delim((unsigned char)s[j]) && blank_len(s, n, j) == 0) j++;
    return j;
}

/* Step over blanks (and line ends) to the next token. */
static void skip_blanks(scanner *sc)
{
    size_t k;
    while (sc->i < sc->n && (k = blank_len(sc->s, sc->n, sc->i)) > 0) adv_to(sc, sc->i + k);
}

/* Offset of the first line after position i whose first non-blank character is
 * '[' (where the next game's tags begin), or n. Recovery point after an
 * unclosed comment or variation. */
static size_t next_tag_line(const char *s, size_t n, size_t i)
{
    while (i < n) {
        const char *nl = memchr(s + i, '\n', n - i);
        if (!nl) return n;
        size_t j = (size_t)(nl - s) + 1, k = j;
        while (k < n && (s[k] == ' ' || s[k] == '\t')) k++;
        if (k < n && s[k] == '[') return j;
        i = j;
    }
    return n;
}

/* --- token classes ------------------------------------------------------------ */

/* Length of a digit (ASCII or full-width) at s[i], 0 if none; *v gets its value. */
static inline size_t digit_at(const char *s, size_t n, size_t i, int *v)
{
    unsigned char c = (unsigned char)s[i];
    if (c >= '0' && c <= '9') { *v = c - '0'; return 1; }
    if (c == 0xEF && i + 2 < n && (unsigned char)s[i + 1] == 0xBC) {
        unsigned char d = (unsigned char)s[i + 2];
        if (d >= 0x90 && d <= 0x99) { *v = d - 0x90; return 3; }
    }
    return 0;
}

/* Length of a dot that ends a move number ('.', '．', '…'), 0 if none. */
static inline size_t dot_at(const char *s, size_t n, size_t i)
{
    unsigned char c = (unsigned char)s[i];
    if (c == '.') return 1;
    if (c == 0xEF && i + 2 < n && (unsigned char)s[i + 1] == 0xBC && (unsigned char)s[i + 2] == 0x8E) return 3;
    if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 && (unsigned char)s[i + 2] == 0xA6) return 3;
    return 0;
}

/* A move number is digits then dots; "2006.08.03" is a number and more text,
 * which the caller sees as not a move. */
size_t xq_pgn_number_prefix(const char *tok, size_t len, int *num)
{
    size_t i = 0, k;
    int v, val = 0, nd = 0;
    while (i < len && (k = digit_at(tok, len, i, &v)) > 0) {
        if (val < 100000) val = val * 10 + v;
        i += k;
        nd++;
    }
    if (nd == 0 || i >= len) return 0;
    size_t dots = 0;
    while (i < len && (k = dot_at(tok, len, i)) > 0) { i += k; dots++; }
    if (dots == 0) return 0;
    *num = val;
    return i;
}

/* Results as files write them, and their standard form. */
static const char *const result_words[][2] = {
    {"1-0", "1-0"}, {"0-1", "0-1"}, {"1/2-1/2", "1/2-1/2"}, {"½-½", "1/2-1/2"}, {"*", "*"},
    {"红胜", "1-0"}, {"红方胜", "1-0"}, {"红先胜", "1-0"}, {"黑胜", "0-1"}, {"黑方胜", "0-1"},
    {"黑先胜", "0-1"}, {"和棋", "1/2-1/2"}, {"和局", "1/2-1/2"}, {"未知", "*"},
};

/* The standard form ("1-0" "0-1" "1/2-1/2" "*") of a result as written in a tag
 * or the move text, NULL if it is none of them. */
const char *xq_result_normalise(const char *s, size_t len)
{
    while (len > 0 && (*s == ' ' || *s == '\t')) { s++; len--; }
    while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t')) len--;
    if (len == 0) return "*";
    for (size_t i = 0; i < sizeof result_words / sizeof result_words[0]; i++)
        if (strlen(result_words[i][0]) == len && memcmp(result_words[i][0], s, len) == 0)
            return result_words[i][1];
    return NULL;
}

/* Is a move-text token a result? (First-byte test first: this runs per token.) */
static bool is_result_token(const char *tok, size_t len)
{
    unsigned char c = (unsigned char)tok[0];
    if (len == 0 || len > 12 || (c < 0x80 && c != '0' && c != '1' && c != '*')) return false;
    return xq_result_normalise(tok, len) != NULL;
}

/* Up to 8 code points of tok, full-width ASCII (U+FF01..FF5E) folded to ASCII;
 * the count, or -1 when longer or not UTF-8. */
static int fold_cps(const char *tok, size_t len, long cps[8])
{
    const char *p = tok, *end = tok + len;
    int n = 0;
    while (p < end) {
        if (n == 8) return -1;
        long c = bo_utf8_next(&p, end);
        if (c < 0) return -1;
        if (c >= 0xFF01 && c <= 0xFF5E) c -= 0xFEE0;
        cps[n++] = c;
    }
    return n;
}

/* The notation a token is written in, when it has the exact shape of a move
 * (the notation module's guess is a first filter; the shapes are checked here
 * because junk lines must not pass for moves); XQ_NOTE_AUTO if none. */
static xq_notation movelike_kind(const char *tok, size_t len)
{
    long c[8];
    int n = fold_cps(tok, len, c);
    if (n < 4 || n > 6) return XQ_NOTE_AUTO;
    xq_notation nt = xq_notation_guess(tok, len);
    if (nt == XQ_NOTE_AUTO) return XQ_NOTE_AUTO;
    if (nt == XQ_NOTE_CHINESE) {
        /* 炮二平五, 前炮平五, 前兵九平八: the verb second from last */
        long v = c[n - 2];
        return n <= 5 && (v == 0x8FDB || v == 0x9000 || v == 0x5E73 || v == 0x9032) ? nt : XQ_NOTE_AUTO;
    }
    if (nt == XQ_NOTE_ICCS || nt == XQ_NOTE_UCI) {
        int k = 0;
        if (n != 4 && n != 5) return XQ_NOTE_AUTO;
        for (int i = 0; i < n; i++) {
            long x = c[i] | 0x20;
            if (n == 5 && i == 2) { if (c[i] != '-') return XQ_NOTE_AUTO; continue; }
            bool file = x >= 'a' && x <= 'i', rank = c[i] >= '0' && c[i] <= '9';
            if ((k % 2 == 0 && !file) || (k % 2 == 1 && !rank)) return XQ_NOTE_AUTO;
            k++;
        }
        return XQ_NOTE_ICCS;
    }
    /* WXF: four symbols of KAEBHNRCP, 1-9, + - . =, a piece letter among them,
     * a digit last */
    if (n != 4 || c[3] < '1' || c[3] > '9') return XQ_NOTE_AUTO;
    bool piece = false;
    for (int i = 0; i < 4; i++) {
        long x = c[i];
        if (x < 0x80 && strchr("KAEBHNRCPkaebhnrcp", (int)x) && x) piece = true;
        else if (!(x < 0x80 && x && strchr("123456789+-.=", (int)x))) return XQ_NOTE_AUTO;
    }
    return piece ? XQ_NOTE_WXF : XQ_NOTE_AUTO;
}

bool xq_pgn_movelike(const char *tok, size_t len)
{
    return movelike_kind(tok, len) != XQ_NOTE_AUTO;
}

/* Is the code point at p one of the verbs 进 退 平 進 (three UTF-8 bytes)? */
static inline bool is_verb(const unsigned char *p, size_t left)
{
    if (left < 3) return false;
    return (p[0] == 0xE8 && p[1] == 0xBF && p[2] == 0x9B)      /* 进 */
        || (p[0] == 0xE9 && p[1] == 0x80 && p[2] == 0x80)      /* 退 */
        || (p[0] == 0xE5 && p[1] == 0xB9 && p[2] == 0xB3)      /* 平 */
        || (p[0] == 0xE9 && p[1] == 0x80 && p[2] == 0xB2);     /* 進 */
}

/* Bytes of the UTF-8 character that starts with byte c (1 for a stray byte). */
static inline size_t cp_len(unsigned char c)
{
    return c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 1;
}

/* Bytes of the first move in a token that may hold several Chinese moves glued
 * together (炮二平五马８进７): up to a verb and the character after it. The
 * whole token when it has no verb or nothing follows. */
static size_t first_move_len(const char *s, size_t len)
{
    size_t k = 0;
    int cps = 0;
    while (k < len) {
        size_t cl = cp_len((unsigned char)s[k]);
        if (cps >= 1 && is_verb((const unsigned char *)s + k, len - k)) {
            size_t nxt = k + cl;
            if (nxt < len) {
                size_t after = nxt + cp_len((unsigned char)s[nxt]);
                if (after < len) return after;
            }
            return len;
        }
        k += cl;
        cps++;
    }
    return len;
}

/* --- building records ----------------------------------------------------------- */

/* The game being read (the last one of the list), NULL before the first. */
static bo_record *cur(reader *r)
{
    return r->out->n > 0 ? &r->out->items[r->out->n - 1] : NULL;
}

/* Close the current game: the claimed result comes from the move text, else from
 * the Result tag; say so when the two disagree. */
static void finish_record(reader *r)
{
    bo_record *g = cur(r);
    if (!g || r->state == R_NONE) return;
    r->last_moves = g->nmoves < 4096 ? g->nmoves : 4096;
    int tag_line = 0;
    const char *tag = NULL;
    for (int i = g->ntags - 1; i >= 0; i--)
        if (strcasecmp(g->tags[i].name, "Result") == 0) { tag = g->tags[i].value; tag_line = g->tags[i].line; break; }
    if (tag && !xq_result_normalise(tag, strlen(tag)))
        bo_record_note(g, BO_NOTE_WARNING, tag_line, 1, "the Result tag '%s' is not 1-0, 0-1, 1/2-1/2 or *; ignored", tag);
    if (g->result && tag) {
        const char *a = xq_result_normalise(g->result, strlen(g->result));
        const char *b = xq_result_normalise(tag, strlen(tag));
        if (a && b && strcmp(a, b) != 0 && strcmp(b, "*") != 0)
            bo_record_note(g, BO_NOTE_WARNING, g->result_line, g->result_col,
                           "the move text ends with %s but the Result tag says %s; the move text is taken", g->result, tag);
    } else if (tag && xq_result_normalise(tag, strlen(tag))) {
        if (bo_record_set_str(&g->result, tag, strlen(tag)) != 0) r->oom = 1;
        g->result_line = tag_line;
        g->result_col = 1;
    }
    r->state = R_NONE;
}

/* Hand every game but the last (which later text may still add a warning to)
 * to the callback, and free it: the whole file is then never held at once. */
static void hand_over(reader *r, int keep)
{
    bo_record_list *l = r->out;
    int k = l->n - keep;
    if (!r->each || k <= 0) return;
    for (int i = 0; i < k; i++) {
        if (!r->stop && r->each(r->each_ctx, &l->items[i]) != 0) r->stop = 1;
        bo_record_free(&l->items[i]);
    }
    memmove(l->items, l->items + k, (size_t)keep * sizeof l->items[0]);
    l->n = keep;
    r->handed += k;
}

/* Close the game being read and begin a new one at line; warnings about
 * text before the first game go to it. */
static bo_record *start_record(reader *r, int line)
{
    finish_record(r);
    bo_record *g = bo_record_list_push(r->out, line);
    if (!g) { r->oom = 1; return NULL; }
    g->index += r->handed;
    hand_over(r, 1);
    g = cur(r);
    for (int i = 0; i < r->npend; i++)
        bo_record_note(g, BO_NOTE_WARNING, r->pend[i].line, r->pend[i].col, "%s", r->pend[i].text);
    r->npend = 0;
    r->state = R_GAME;
    r->number = 0;
    return g;
}

/* A warning about text outside every game goes to the game before it, or, at the
 * top of the file, to the first game. */
static void outside_warning(reader *r, int line, int col, const char *msg)
{
    bo_record *g = cur(r);
    if (g) { bo_record_note(g, BO_NOTE_WARNING, line, col, "%s", msg); return; }
    if (r->npend < MAX_PENDING) {
        pending_note *p = &r->pend[r->npend++];
        p->line = line; p->col = col;
        snprintf(p->text, sizeof p->text, "%s", msg);
    }
}

/* --- the pieces of move text ------------------------------------------------------ */

/* [Name "value"] on one line. The special tags set the record's fields. */
static void read_tag(reader *r)
{
    scanner *sc = &r->sc;
    const char *s = sc->s;
    int line = sc->line, col = sc->col;
    bo_record *g = cur(r);
    if (r->state != R_GAME || (g && g->nmoves > 0)) g = start_record(r, line);
    if (!g) return;
    adv(sc);   /* '[' */
    while (sc->i < sc->n && (s[sc->i] == ' ' || s[sc->i] == '\t')) adv(sc);
    size_t name0 = sc->i;
    while (sc->i < sc->n && s[sc->i] != ' ' && s[sc->i] != '\t' && s[sc->i] != '"' && s[sc->i] != ']' && s[sc->i] != '\n')
        adv(sc);
    size_t name1 = sc->i;
    while (sc->i < sc->n && (s[sc->i] == ' ' || s[sc->i] == '\t')) adv(sc);
    if (name1 == name0) {
        bo_record_note(g, BO_NOTE_ERROR, line, col, "a tag must be written [Name \"value\"]; this one has no name");
        while (sc->i < sc->n && s[sc->i] != '\n') adv(sc);
        return;
    }
    char *val = NULL;
    size_t vlen = 0;
    if (sc->i < sc->n && s[sc->i] == '"') {
        adv(sc);
        size_t v0 = sc->i;
        const char *eol = memchr(s + v0, '\n', sc->n - v0);   /* a value ends on its line */
        val = malloc((eol ? (size_t)(eol - s) : sc->n) - v0 + 1);
        if (!val) { r->oom = 1; return; }
        while (sc->i < sc->n && s[sc->i] != '"' && s[sc->i] != '\n') {
            if (s[sc->i] == '\\' && sc->i + 1 < sc->n && (s[sc->i + 1] == '"' || s[sc->i + 1] == '\\')) adv(sc);
            val[vlen++] = s[sc->i];
            adv(sc);
        }
        if (sc->i >= sc->n || s[sc->i] != '"') {
            bo_record_note(g, BO_NOTE_ERROR, line, col, "the value of tag [%.*s] is not closed with '\"' on its line",
                           (int)(name1 - name0), s + name0);
            free(val);
            return;
        }
        adv(sc);
        while (sc->i < sc->n && (s[sc->i] == ' ' || s[sc->i] == '\t')) adv(sc);
        if (sc->i < sc->n && s[sc->i] == ']') adv(sc);
        else bo_record_note(g, BO_NOTE_WARNING, sc->line, sc->col, "tag [%.*s] is not closed with ']'",
                            (int)(name1 - name0), s + name0);
    } else {
        size_t v0 = sc->i;
        while (sc->i < sc->n && s[sc->i] != ']' && s[sc->i] != '\n') adv(sc);
        size_t v1 = sc->i;
        while (v1 > v0 && (s[v1 - 1] == ' ' || s[v1 - 1] == '\t')) v1--;
        if (sc->i < sc->n && s[sc->i] == ']') adv(sc);
        else {
            bo_record_note(g, BO_NOTE_ERROR, line, col, "tag [%.*s] is not closed with ']' on its line",
                           (int)(name1 - name0), s + name0);
            return;
        }
        bo_record_note(g, BO_NOTE_WARNING, line, col, "the value of tag [%.*s] should be in double quotes",
                       (int)(name1 - name0), s + name0);
        val = malloc(v1 - v0 + 1);
        if (!val) { r->oom = 1; return; }
        memcpy(val, s + v0, v1 - v0);
        vlen = v1 - v0;
    }
    val[vlen] = '\0';
    const char *name = s + name0;
    size_t nlen = name1 - name0;
    if (bo_record_add_tag(g, name, nlen, val, vlen, line) != 0) r->oom = 1;
    if (nlen == 3 && strncasecmp(name, "FEN", 3) == 0) {
        if (vlen > 0 && bo_record_set_str(&g->fen, val, vlen) != 0) r->oom = 1;
    } else if (nlen == 6 && strncasecmp(name, "Format", 6) == 0) {
        const char *nt = strcasecmp(val, "WXF") == 0 ? "wxf" : strcasecmp(val, "ICCS") == 0 ? "iccs"
                       : strcasecmp(val, "UCI") == 0 ? "uci" : strcasecmp(val, "Chinese") == 0 ? "chinese" : NULL;
        if (!nt) bo_record_note(g, BO_NOTE_WARNING, line, col, "unknown [Format \"%s\"]; each move's notation is recognised by itself", val);
        else if (bo_record_set_str(&g->notation, nt, strlen(nt)) != 0) r->oom = 1;
    } else if (nlen == 4 && strncasecmp(name, "Game", 4) == 0) {
        if (strcasecmp(val, "Chinese Chess") != 0 && strcasecmp(val, "Xiangqi") != 0 && strcmp(val, "中国象棋") != 0)
            bo_record_note(g, BO_NOTE_WARNING, line, col, "[Game \"%s\"] is not Chinese Chess; read as Xiangqi", val);
    }
    free(val);
}

/* {comment}: may span lines. An unclosed one is an error; reading resumes at the
 * next line that starts a tag, so the games after it are not lost. */
static void read_comment(reader *r)
{
    scanner *sc = &r->sc;
    int line = sc->line, col = sc->col;
    bo_record *g = cur(r);
    if (r->state == R_NONE) g = start_record(r, line);
    if (!g) return;
    size_t open = sc->i;
    const char *close = memchr(sc->s + open + 1, '}', sc->n - open - 1);
    if (!close) {
        bo_record_note(g, BO_NOTE_ERROR, line, col, "the comment opened here with '{' is never closed with '}'");
        adv_to(sc, next_tag_line(sc->s, sc->n, open));
        return;
    }
    size_t a = open + 1, b = (size_t)(close - sc->s);
    while (a < b && (sc->s[a] == ' ' || sc->s[a] == '\t' || sc->s[a] == '\n')) a++;
    while (b > a && (sc->s[b - 1] == ' ' || sc->s[b - 1] == '\t' || sc->s[b - 1] == '\n')) b--;
    if (b > a && bo_record_add_comment(g, sc->s + a, b - a) != 0) r->oom = 1;
    adv_to(sc, (size_t)(close - sc->s) + 1);
}

/* ; comment to the end of the line. */
static void read_line_comment(reader *r)
{
    scanner *sc = &r->sc;
    bo_record *g = cur(r);
    if (r->state == R_NONE) g = start_record(r, sc->line);
    if (!g) return;
    size_t a = sc->i + 1;
    const char *nl = memchr(sc->s + a, '\n', sc->n - a);
    size_t b = nl ? (size_t)(nl - sc->s) : sc->n;
    size_t e = b;
    while (a < e && (sc->s[a] == ' ' || sc->s[a] == '\t')) a++;
    while (e > a && (sc->s[e - 1] == ' ' || sc->s[e - 1] == '\t')) e--;
    if (e > a && bo_record_add_comment(g, sc->s + a, e - a) != 0) r->oom = 1;
    adv_to(sc, b);
}

/* (variation ...), nested to any depth, with comments inside: checked for
 * balance and skipped (validation follows the main line only). */
static void skip_variation(reader *r)
{
    scanner *sc = &r->sc;
    const char *s = sc->s;
    int line = sc->line, col = sc->col;
    bo_record *g = cur(r);
    size_t j = sc->i;
    long depth = 0;
    while (j < sc->n) {
        char c = s[j];
        if (c == '(') depth++;
        else if (c == ')') { if (--depth == 0) { adv_to(sc, j + 1); return; } }
        else if (c == '{') {
            const char *e = memchr(s + j + 1, '}', sc->n - j - 1);
            if (!e) break;
            j = (size_t)(e - s);
        } else if (c == ';') {
            const char *e = memchr(s + j, '\n', sc->n - j);
            if (!e) break;
            j = (size_t)(e - s);
            continue;
        } else if (c == '\n') {
            size_t k = j + 1;
            while (k < sc->n && (s[k] == ' ' || s[k] == '\t')) k++;
            if (k < sc->n && s[k] == '[') break;
        }
        j++;
    }
    if (g) bo_record_note(g, BO_NOTE_ERROR, line, col, "the variation opened here with '(' is never closed with ')'");
    adv_to(sc, j < sc->n ? next_tag_line(s, sc->n, sc->i) : sc->n);
}

/* Before a game has begun (top of file, or after a result): does the text up to
 * the next tag hold anything that looks like a move? If not, *end gets where
 * that text ends. */
static bool region_has_moves(const char *s, size_t n, size_t i, size_t *end)
{
    while (i < n) {
        size_t k = blank_len(s, n, i);
        if (k) { i += k; continue; }
        char c = s[i];
        if (c == '[') break;
        if (c == '{') {
            const char *e = memchr(s + i + 1, '}', n - i - 1);
            i = e ? (size_t)(e - s) + 1 : n;
            continue;
        }
        if (is_delim((unsigned char)c)) { i++; continue; }
        size_t j = token_end(s, n, i);
        int num;
        size_t np = xq_pgn_number_prefix(s + i, j - i, &num);
        if (np > 0 && np == j - i) return true;
        if (xq_pgn_movelike(s + i + np, first_move_len(s + i + np, j - i - np))) return true;
        i = j;
    }
    *end = i;
    return false;
}

/* One token of move text: a result, a NAG, a move number, or one or more moves
 * (moves glued together are cut after each verb's distance or file). */
static void read_token(reader *r)
{
    scanner *sc = &r->sc;
    const char *s = sc->s;
    size_t i = sc->i, j = token_end(s, sc->n, i);
    size_t len = j - i;
    if (r->state != R_GAME) {
        size_t end = sc->n;
        if (!region_has_moves(s, sc->n, i, &end)) {
            char msg[200];
            int line = sc->line, col = sc->col;
            int lines = 1;
            for (size_t k = i; k < end; k++) if (s[k] == '\n' && k + 1 < end) lines++;
            snprintf(msg, sizeof msg, "%d line%s of text outside any game ignored (no moves in it), from '%.*s'",
                     lines, lines == 1 ? "" : "s", (int)(len > 40 ? 40 : len), s + i);
            outside_warning(r, line, col, msg);
            adv_to(sc, end);
            return;
        }
        int had = cur(r) ? cur(r)->index : 0;
        bo_record *g = start_record(r, sc->line);
        if (!g) return;
        if (had > 0) bo_record_note(g, BO_NOTE_WARNING, sc->line, sc->col,
                                    "a game without tags begins here, after the end of game %d", had);
    }
    bo_record *g = cur(r);
    if (is_result_token(s + i, len)) {
        if (bo_record_set_str(&g->result, s + i, len) != 0) r->oom = 1;
        g->result_line = sc->line;
        g->result_col = sc->col;
        adv_to(sc, j);
        r->state = R_DONE;
        return;
    }
    if (s[i] == '$') { adv_to(sc, j); return; }   /* NAG */
    int num = 0;
    size_t np = xq_pgn_number_prefix(s + i, len, &num);
    if (np > 0) {
        r->number = num;
        adv_to(sc, i + np);
        i += np;
        if (i == j) return;
    }
    /* drop trailing annotation marks */
    size_t e = j;
    while (e > i && (s[e - 1] == '!' || s[e - 1] == '?')) e--;
    if (e == i) { adv_to(sc, j); return; }
    /* cut glued Chinese moves: after a verb and one more character */
    size_t a = i;
    while (a < e) {
        size_t cut = a + first_move_len(s + a, e - a);
        adv_to(sc, a);
        if (g->movecap == 0) {
            /* Games of one file are alike in length: sizing the move list by the
             * game before saves the reallocations that otherwise cost more than
             * all the scanning. */
            int cap = r->last_moves + r->last_moves / 4 + 4;
            bo_rmove *mv = malloc((size_t)cap * sizeof *mv);
            if (!mv) { r->oom = 1; return; }
            g->moves = mv;
            g->movecap = cap;
        }
        bo_rmove *m = bo_record_add_move(g, s + a, cut - a, sc->line, sc->col);
        if (!m) { r->oom = 1; return; }
        m->number = r->number;
        r->number = 0;
        a = cut;
    }
    adv_to(sc, j);
}

/* The reader behind both entry points: with each == NULL every game stays in
 * out, else each is handed over as soon as the next one begins. */
static int read_pgn(const bo_text *t, bo_record_list *out, xq_record_fn each, void *ctx, int *handed,
                    char *err, size_t errlen)
{
    reader r;
    memset(&r, 0, sizeof r);
    r.each = each;
    r.each_ctx = ctx;
    r.sc.s = t->data;
    r.sc.n = t->len;
    r.sc.line = 1;
    r.sc.col = 1;
    r.out = out;
    scanner *sc = &r.sc;
    while (!r.oom && !r.stop) {
        skip_blanks(sc);
        if (sc->i >= sc->n) break;
        unsigned char c = (unsigned char)sc->s[sc->i];
        if (c == '[') { read_tag(&r); continue; }
        if (c == '%' && sc->col == 1) {   /* PGN escape line */
            const char *nl = memchr(sc->s + sc->i, '\n', sc->n - sc->i);
            adv_to(sc, nl ? (size_t)(nl - sc->s) : sc->n);
            continue;
        }
        if (c == '{') { read_comment(&r); continue; }
        if (c == ';') { read_line_comment(&r); continue; }
        if (c == '(' || c == ')' || c == '}' || c == ']') {
            bo_record *g = cur(&r);
            if (r.state == R_NONE || !g) {
                g = start_record(&r, sc->line);
                if (!g) break;
            }
            if (c == '(') { skip_variation(&r); continue; }
            bo_record_note(g, BO_NOTE_ERROR, sc->line, sc->col, "'%c' here closes nothing", c);
            adv(sc);
            continue;
        }
        read_token(&r);
    }
    finish_record(&r);
    hand_over(&r, 0);
    if (handed) *handed = r.handed;
    if (r.oom) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

int xq_pgn_read(const bo_text *t, bo_record_list *out, char *err, size_t errlen)
{
    return read_pgn(t, out, NULL, NULL, NULL, err, errlen);
}

int xq_pgn_read_each(const bo_text *t, xq_record_fn each, void *ctx, int *games, char *err, size_t errlen)
{
    bo_record_list l = {0};
    int rc = read_pgn(t, &l, each, ctx, games, err, errlen);
    bo_record_list_free(&l);
    return rc;
}

/* Does [s, s+n) contain the string w? (memmem is a GNU extension.) */
static bool contains(const char *s, size_t n, const char *w)
{
    size_t wl = strlen(w);
    for (size_t i = 0; i + wl <= n; i++)
        if (s[i] == w[0] && memcmp(s + i, w, wl) == 0) return true;
    return false;
}

/* Sniffing: tags that name the game, then the share of move-like tokens in the
 * move text of the first 64 KB. */
int xq_pgn_sniff(const char *s, size_t n)
{
    if (n > 65536) n = 65536;
    int chinese = 0, coords = 0, other = 0;
    bool red_tag = false, white_tag = false, format_tag = false;
    size_t i = 0;
    while (i < n) {
        size_t k = blank_len(s, n, i);
        if (k) { i += k; continue; }
        char c = s[i];
        if (c == '[') {
            const char *nl = memchr(s + i, '\n', n - i);
            size_t e = nl ? (size_t)(nl - s) : n;
            size_t l = e - i;
            if (l >= 9 && strncasecmp(s + i, "[GameType", 9) == 0) return 0;   /* PDN */
            if (l >= 6 && strncasecmp(s + i, "[Game ", 6) == 0) {
                if (contains(s + i, l, "Chinese Chess") || contains(s + i, l, "Xiangqi")) return 100;
                return 0;   /* another game named */
            }
            if (l >= 8 && strncasecmp(s + i, "[Format ", 8) == 0 &&
                (contains(s + i, l, "WXF") || contains(s + i, l, "ICCS")))
                format_tag = true;
            if (l >= 5 && (strncmp(s + i, "[Red ", 5) == 0 || strncmp(s + i, "[RedTeam", 8) == 0)) red_tag = true;
            if (l >= 7 && strncmp(s + i, "[White", 6) == 0) white_tag = true;
            if (l >= 6 && strncasecmp(s + i, "[FEN ", 5) == 0 && (contains(s + i, l, "\"W:") || contains(s + i, l, "\"B:")))
                return 0;   /* a draughts position */
            i = e;
            continue;
        }
        if (c == '{') {
            const char *e = memchr(s + i + 1, '}', n - i - 1);
            i = e ? (size_t)(e - s) + 1 : n;
            continue;
        }
        if (is_delim((unsigned char)c)) { i++; continue; }
        size_t j = token_end(s, n, i);
        int num;
        size_t np = xq_pgn_number_prefix(s + i, j - i, &num);
        if (np == j - i) { i = j; continue; }
        if (is_result_token(s + i, j - i)) { i = j; continue; }
        xq_notation nt = movelike_kind(s + i + np, j - i - np);
        if (nt == XQ_NOTE_CHINESE) chinese++;
        else if (nt != XQ_NOTE_AUTO) coords++;
        else other++;
        i = j;
        if (chinese + coords + other >= 400) break;
    }
    int moves = chinese + coords;
    if (moves < 2 || moves < 2 * other) return moves > other && moves >= 4 ? 30 : 0;
    /* Chinese moves are Xiangqi's alone; coordinates and WXF-like letters
     * could be chess or 8x8 draughts (c3-d4), which name White, not Red. */
    if (chinese >= coords) return white_tag ? 60 : 95;
    if (white_tag && !format_tag) return 5;
    return format_tag || red_tag ? 90 : 70;
}
