/* xq_contest.c - the contest record frame {[code][team R][team B][result]
 * [date time place][event];moves...} for Xiangqi: read whatever a contest
 * log holds (fields given their meaning by content, since real logs drop and
 * add fields), write the one canonical form. */
#include "xq_contest.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "xq_notation.h"
#include "xq_pgn.h"

typedef struct cscan {
    const char *s;
    size_t n, i;
    int line, col;
} cscan;

typedef struct field {
    size_t a, b;       /* content, trimmed */
    int line, col;     /* of the '[' */
} field;

enum { MAX_FIELDS = 12 };

/* Step over one byte, keeping line and character column. */
static inline void adv(cscan *sc)
{
    unsigned char b = (unsigned char)sc->s[sc->i++];
    if (b == '\n') { sc->line++; sc->col = 1; }
    else if ((b & 0xC0) != 0x80) sc->col++;
}

/* Step to byte offset t. */
static void adv_to(cscan *sc, size_t t) { while (sc->i < t) adv(sc); }

/* Bytes of a blank or separator at s[i]: ASCII blanks, U+3000, and (when seps)
 * the move separators ; , ； ，. */
static size_t sep_len(const char *s, size_t n, size_t i, bool seps)
{
    unsigned char c = (unsigned char)s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') return 1;
    if (seps && (c == ';' || c == ',')) return 1;
    if (i + 2 < n && c == 0xE3 && (unsigned char)s[i + 1] == 0x80 && (unsigned char)s[i + 2] == 0x80) return 3;
    if (seps && i + 2 < n && c == 0xEF && (unsigned char)s[i + 1] == 0xBC &&
        ((unsigned char)s[i + 2] == 0x9B || (unsigned char)s[i + 2] == 0x8C)) return 3;
    return 0;
}

/* Narrow [*a, *b) to its text without blanks (U+3000 too) at the ends. */
static void trim(const char *s, size_t *a, size_t *b)
{
    size_t k;
    while (*a < *b && (k = sep_len(s, *b, *a, false)) > 0) *a += k;
    while (*b > *a && (s[*b - 1] == ' ' || s[*b - 1] == '\t' || s[*b - 1] == '\n')) (*b)--;
    while (*b >= *a + 3 && (unsigned char)s[*b - 3] == 0xE3 && (unsigned char)s[*b - 2] == 0x80 &&
           (unsigned char)s[*b - 1] == 0x80) *b -= 3;
}

/* Is [s, s+n) the word w (ASCII case ignored)? */
static bool eq(const char *s, size_t n, const char *w) { return strlen(w) == n && strncasecmp(s, w, n) == 0; }

/* The game codes that mean Xiangqi (ours is XQ). */
static bool is_xq_code(const char *s, size_t n)
{
    static const char *const codes[] = {"XQ", "CC", "CCHESS", "ZGXQ", "象棋", "中国象棋", "中國象棋"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        if (eq(s, n, codes[i])) return true;
    return false;
}

/* A game code: a few ASCII letters and digits ("XQ", "C5"), or a Xiangqi name. */
static bool looks_like_code(const char *s, size_t n)
{
    if (is_xq_code(s, n)) return true;
    if (n < 1 || n > 8) return false;
    bool letter = false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') letter = true;
        else if (c < '0' || c > '9') return false;
    }
    return letter;
}

/* Result field: 'f' first mover won, 's' second, 'd' draw, 'r' red, 'b' black,
 * 'n' none yet; 0 when the text is no result. *exact: the canonical word. */
static char result_kind(const char *s, size_t n, bool *exact)
{
    static const struct { const char *w; char k; bool exact; } words[] = {
        {"先手胜", 'f', true}, {"后手胜", 's', true}, {"平局", 'd', true}, {"*", 'n', true},
        {"先手勝", 'f', false}, {"後手勝", 's', false}, {"和局", 'd', false}, {"和棋", 'd', false},
        {"未知", 'n', false}, {"未完", 'n', false}, {"1-0", 'r', false}, {"0-1", 'b', false},
        {"1/2-1/2", 'd', false}, {"红胜", 'r', false}, {"红方胜", 'r', false}, {"黑胜", 'b', false},
        {"黑方胜", 'b', false}, {"红先胜", 'r', false}, {"黑先胜", 'b', false},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (eq(s, n, words[i].w)) { *exact = words[i].exact; return words[i].k; }
    return 0;
}

/* Strip a trailing colour word from a team field: 0 red, 1 black, -1 none. */
static int team_colour(const char *s, size_t a, size_t *b)
{
    static const struct { const char *w; int c; } cols[] = {
        {"R", 0}, {"B", 1}, {"r", 0}, {"b", 1}, {"红", 0}, {"黑", 1}, {"红方", 0}, {"黑方", 1},
    };
    for (size_t i = 0; i < sizeof cols / sizeof cols[0]; i++) {
        size_t wl = strlen(cols[i].w);
        if (*b - a < wl || memcmp(s + *b - wl, cols[i].w, wl) != 0) continue;
        size_t rest = *b - wl;
        if (rest == a || s[rest - 1] == ' ' || s[rest - 1] == '\t') {
            *b = rest;
            trim(s, &a, b);
            return cols[i].c;
        }
    }
    return -1;
}

/* A word of a date or time: digits and . : - / only. */
static bool datey_word(const char *s, size_t a, size_t b)
{
    if (a == b) return false;
    for (size_t k = a; k < b; k++) {
        unsigned char c = (unsigned char)s[k];
        if (!((c >= '0' && c <= '9') || c == '.' || c == ':' || c == '-' || c == '/')) return false;
    }
    return true;
}

/* Give the header fields their meaning: code, two teams, result, date-time-place,
 * event, and our optional [FEN ...]. */
static void interpret(bo_record *g, const char *s, field *f, int nf, int open_line, int open_col)
{
    int k = 0;
    if (nf > 0 && looks_like_code(s + f[0].a, f[0].b - f[0].a)) {
        bo_record_add_tag(g, "GameCode", 8, s + f[0].a, f[0].b - f[0].a, f[0].line);
        if (!is_xq_code(s + f[0].a, f[0].b - f[0].a))
            bo_record_note(g, BO_NOTE_WARNING, f[0].line, f[0].col, "game code is [%.*s], Xiangqi's is [XQ]; read as Xiangqi",
                           (int)(f[0].b - f[0].a), s + f[0].a);
        k = 1;
    } else {
        bo_record_note(g, BO_NOTE_WARNING, open_line, open_col, "the game code field ([XQ]) is missing");
    }
    int res = -1;
    bool exact = true;
    char kind = 0;
    for (int j = k; j < nf && res < 0; j++)
        if ((kind = result_kind(s + f[j].a, f[j].b - f[j].a, &exact)) != 0) res = j;
    int teams_end = res >= 0 ? res : (nf < k + 2 ? nf : k + 2);
    int colour[2] = {-1, -1};
    size_t ta[2] = {0, 0}, tb[2] = {0, 0};
    int nteams = 0;
    for (int j = k; j < teams_end && nteams < 2; j++, nteams++) {
        ta[nteams] = f[j].a;
        tb[nteams] = f[j].b;
        colour[nteams] = team_colour(s, ta[nteams], &tb[nteams]);
    }
    if (teams_end - k > 2)
        bo_record_note(g, BO_NOTE_WARNING, f[k + 2].line, f[k + 2].col, "more than two team fields; the extra ones are ignored");
    int first_black = colour[0] == 1 || (colour[0] < 0 && colour[1] == 0);
    for (int j = teams_end; j < nf; j++) {   /* a start with black to move decides */
        const char *v = s + f[j].a;
        size_t n = f[j].b - f[j].a;
        const char *sp = n > 4 && strncasecmp(v, "FEN ", 4) == 0 ? memchr(v + 4, ' ', n - 4) : NULL;
        if (sp && sp + 1 < v + n) first_black = sp[1] == 'b' || sp[1] == 'B';
    }
    if (nteams == 2 && colour[0] >= 0 && colour[0] == colour[1])
        bo_record_note(g, BO_NOTE_WARNING, f[k + 1].line, f[k + 1].col, "both teams have the same colour");
    for (int t = 0; t < nteams; t++) {
        const char *tag = ((t == 0) ^ first_black) ? "Red" : "Black";
        bo_record_add_tag(g, tag, strlen(tag), s + ta[t], tb[t] - ta[t], f[k + t].line);
    }
    int rest = res >= 0 ? res + 1 : teams_end;
    /* our own extra field: [FEN ...] anywhere after the result */
    int nplain = 0;
    for (int j = rest; j < nf; j++) {
        const char *v = s + f[j].a;
        size_t n = f[j].b - f[j].a;
        if (n > 4 && strncasecmp(v, "FEN", 3) == 0 && (v[3] == ' ' || v[3] == '\t')) {
            size_t a = f[j].a + 4, b = f[j].b;
            trim(s, &a, &b);
            bo_record_set_str(&g->fen, s + a, b - a);
            bo_record_add_tag(g, "FEN", 3, s + a, b - a, f[j].line);
            continue;
        }
        if (nplain == 0) {
            size_t a = f[j].a, w = a;
            while (w < f[j].b && s[w] != ' ' && s[w] != '\t') w++;
            size_t date_end = a;
            while (a < f[j].b && datey_word(s, a, w)) {
                date_end = w;
                a = w;
                while (a < f[j].b && (s[a] == ' ' || s[a] == '\t')) a++;
                w = a;
                while (w < f[j].b && s[w] != ' ' && s[w] != '\t') w++;
            }
            if (date_end > f[j].a) bo_record_add_tag(g, "Date", 4, s + f[j].a, date_end - f[j].a, f[j].line);
            if (a < f[j].b) bo_record_add_tag(g, "Site", 4, s + a, f[j].b - a, f[j].line);
        } else if (nplain == 1) {
            bo_record_add_tag(g, "Event", 5, v, n, f[j].line);
        } else {
            bo_record_note(g, BO_NOTE_WARNING, f[j].line, f[j].col, "extra header field [%.*s] ignored", (int)n, v);
        }
        nplain++;
    }
    if (res < 0) {
        bo_record_note(g, BO_NOTE_WARNING, open_line, open_col, "the result field (先手胜/后手胜/平局) is missing");
        return;
    }
    const char *pgn = NULL;
    switch (kind) {
    case 'f': pgn = first_black ? "0-1" : "1-0"; break;
    case 's': pgn = first_black ? "1-0" : "0-1"; break;
    case 'd': pgn = "1/2-1/2"; break;
    case 'r': pgn = "1-0"; break;
    case 'b': pgn = "0-1"; break;
    default: pgn = "*"; break;
    }
    if (!exact)
        bo_record_note(g, BO_NOTE_WARNING, f[res].line, f[res].col, "result written [%.*s]; the frame's words are 先手胜 后手胜 平局; read as %s",
                       (int)(f[res].b - f[res].a), s + f[res].a, pgn);
    bo_record_set_str(&g->result, pgn, strlen(pgn));
    g->result_line = f[res].line;
    g->result_col = f[res].col;
    bo_record_add_tag(g, "Result", 6, pgn, strlen(pgn), f[res].line);
}

/* Trim a move token [*a, *b) to the move: drop a move number, a colour
 * prefix (R: B: 红: 黑:) and an R(...) wrapper. Returns the number, or 0. */
static int strip_token(const char *s, size_t *a, size_t *b)
{
    int num = 0;
    size_t np = xq_pgn_number_prefix(s + *a, *b - *a, &num);
    *a += np;
    static const char *const prefixes[] = {"R:", "B:", "r:", "b:", "红:", "黑:", "R：", "B：", "红：", "黑："};
    for (size_t p = 0; p < sizeof prefixes / sizeof prefixes[0]; p++) {
        size_t pl = strlen(prefixes[p]);
        if (*b - *a >= pl && memcmp(s + *a, prefixes[p], pl) == 0) { *a += pl; break; }
    }
    if (*b - *a >= 3 && (s[*a] == 'R' || s[*a] == 'B') && s[*a + 1] == '(' && s[*b - 1] == ')') { *a += 2; (*b)--; }
    return np ? num : 0;
}

/* The moves area up to the closing '}': tokens split at blanks and ; , with
 * move numbers, colour prefixes (R: B: 红: 黑:) and R(...) wrappers removed. */
static void read_moves(bo_record *g, cscan *sc, size_t end)
{
    const char *s = sc->s;
    int number = 0;
    while (sc->i < end) {
        size_t k = sep_len(s, end, sc->i, true);
        if (k) { adv_to(sc, sc->i + k); continue; }
        size_t a = sc->i, b = a;
        while (b < end && sep_len(s, end, b, true) == 0) b++;
        const size_t b0 = b;
        int num = strip_token(s, &a, &b);
        if (num > 0) number = num;
        if (a < b && !xq_result_normalise(s + a, b - a)) {
            adv_to(sc, a);
            bo_rmove *m = bo_record_add_move(g, s + a, b - a, sc->line, sc->col);
            if (m) m->number = number;
            number = 0;
        }
        adv_to(sc, b0);
    }
}

/* Where a header field opened with '[' at i ends: the first ']' on its line
 * (a field may hold ';' '{' '}', as boyi's own frames once wrote), or the '['
 * of the next field when that comes first (this one was left open); n when
 * the line has neither. */
static size_t field_close(const char *s, size_t n, size_t i)
{
    for (size_t j = i + 1; j < n && s[j] != '\n'; j++)
        if (s[j] == ']' || s[j] == '[') return j;
    return n;
}

/* Where a frame opened at `open` ends: its '}', or (unclosed) where the next
 * frame opens, "{[" (frames do not nest), or the end of the text. *closed says
 * which. Header fields are stepped over whole: a '}' in a field ends nothing. */
static size_t frame_end(const char *s, size_t n, size_t open, bool *closed)
{
    bool header = true;
    for (size_t i = open + 1; i < n; i++) {
        if (header && s[i] == '[') {
            size_t e = field_close(s, n, i);
            if (e < n) { i = s[e] == '[' ? e - 1 : e; continue; }
        }
        if (s[i] == ';') header = false;
        if (s[i] == '}') { *closed = true; return i; }
        if (s[i] == '{' && i + 1 < n && s[i + 1] == '[') { *closed = false; return i; }
    }
    *closed = false;
    return n;
}

int xq_contest_read(const bo_text *t, bo_record_list *out, char *err, size_t errlen)
{
    cscan sc = {t->data, t->len, 0, 1, 1};
    const char *s = sc.s;
    int pending_line = 0, pending_col = 0;
    while (sc.i < sc.n) {
        size_t k = sep_len(s, sc.n, sc.i, false);
        if (k) { adv_to(&sc, sc.i + k); continue; }
        if (s[sc.i] != '{') {
            int line = sc.line, col = sc.col;
            const char *nx = memchr(s + sc.i, '{', sc.n - sc.i);
            size_t stop = nx ? (size_t)(nx - s) : sc.n;
            if (out->n > 0)
                bo_record_note(&out->items[out->n - 1], BO_NOTE_WARNING, line, col,
                               "text outside any {[..]..} record ignored: '%.*s'", (int)(stop - sc.i > 40 ? 40 : stop - sc.i), s + sc.i);
            else if (!pending_line) { pending_line = line; pending_col = col; }
            adv_to(&sc, stop);
            continue;
        }
        int open_line = sc.line, open_col = sc.col;
        bool closed;
        size_t open = sc.i, end = frame_end(s, sc.n, open, &closed);
        bo_record *g = bo_record_list_push(out, open_line);
        if (!g) { snprintf(err, errlen, "out of memory"); return -1; }
        if (pending_line) {
            bo_record_note(g, BO_NOTE_WARNING, pending_line, pending_col, "text before the first {[..]..} record ignored");
            pending_line = 0;
        }
        if (!closed)
            bo_record_note(g, BO_NOTE_ERROR, open_line, open_col, "the record opened here with '{' is never closed with '}'");
        bo_record_set_str(&g->notation, "auto", 4);
        adv(&sc);
        field f[MAX_FIELDS];
        int nf = 0;
        for (;;) {
            while (sc.i < end && (k = sep_len(s, end, sc.i, false)) > 0) adv_to(&sc, sc.i + k);
            if (sc.i >= end || s[sc.i] != '[') break;
            int fl = sc.line, fc = sc.col;
            size_t a = sc.i + 1, b = field_close(s, end, sc.i);
            if (b >= end) {
                b = a;
                while (b < end && s[b] != '\n' && s[b] != ';') b++;
                bo_record_note(g, BO_NOTE_ERROR, fl, fc, "header field opened here with '[' is not closed with ']'");
                adv_to(&sc, b);
                break;
            }
            bool open_field = s[b] == '[';
            if (open_field)
                bo_record_note(g, BO_NOTE_WARNING, fl, fc, "header field opened here with '[' is not closed with ']' "
                               "before the next field; read up to it");
            if (nf < MAX_FIELDS) {
                size_t ta = a, tb = b;
                trim(s, &ta, &tb);
                f[nf++] = (field){ta, tb, fl, fc};
            }
            adv_to(&sc, open_field ? b : b + 1);
        }
        interpret(g, s, f, nf, open_line, open_col);
        if (sc.i < end && s[sc.i] != ';')
            bo_record_note(g, BO_NOTE_WARNING, sc.line, sc.col, "the moves should follow the header after ';'");
        read_moves(g, &sc, end);
        adv_to(&sc, closed ? end + 1 : end);
    }
    return 0;
}

int xq_contest_sniff(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && sep_len(s, n, i, false)) i += sep_len(s, n, i, false);
    if (i + 1 >= n || s[i] != '{' || s[i + 1] != '[') return 0;
    size_t a = i + 2, b = a;
    while (b < n && s[b] != ']' && s[b] != '\n') b++;
    size_t ca = a, cb = b;
    trim(s, &ca, &cb);
    bool code_xq = is_xq_code(s + ca, cb - ca);
    /* the moves of the first frame */
    const char *semi = memchr(s + i, ';', (n - i) > 4096 ? 4096 : n - i);
    int moves = 0, other = 0;
    if (semi) {
        size_t j = (size_t)(semi - s) + 1;
        while (j < n && s[j] != '}' && moves + other < 40) {
            size_t k = sep_len(s, n, j, true);
            if (k) { j += k; continue; }
            size_t e = j;
            while (e < n && s[e] != '}' && sep_len(s, n, e, true) == 0) e++;
            size_t a = j, b = e;
            strip_token(s, &a, &b);
            if (a < b) {
                if (xq_pgn_movelike(s + a, b - a)) moves++;
                else other++;
            }
            j = e;
        }
    }
    if (code_xq) return moves >= other ? 100 : 70;
    if (moves > 0 && moves >= 2 * other) return 90;
    return 0;
}

/* A header field's text. The frame has no escape: ']' would end the field,
 * '}' the frame, ';' the header, and '{' starts a frame for other readers. So
 * each is written as its full-width form (］ ｝ ； ｛), which every reader takes
 * for text and a person reads the same; a line end becomes a blank. */
static void put_field(FILE *f, const char *v)
{
    fputc('[', f);
    for (; v && *v; v++) {
        const char *fw = xq_contest_field_char(*v);
        if (fw) fputs(fw, f);
        else fputc(*v, f);
    }
    fputc(']', f);
}

const char *xq_contest_field_char(char c)
{
    switch (c) {
    case ']': return "］";
    case '[': return "［";
    case '}': return "｝";
    case '{': return "｛";
    case ';': return "；";
    case '\n': case '\r': return " ";
    default: return NULL;
    }
}

/* Tag a, else tag b, else dflt: frames need a value in every field. */
static const char *tag_or(const bo_record *r, const char *a, const char *b, const char *dflt)
{
    const char *v = bo_record_tag(r, a);
    if ((!v || !*v) && b) v = bo_record_tag(r, b);
    return v && *v ? v : dflt;
}

int xq_contest_write(FILE *f, const bo_record *r, const xq_pos *start, const xq_move *moves,
                     int n, const char *result, char *err, size_t errlen)
{
    bool black_first = start->side == XQ_BLACK;
    const char *red = tag_or(r, "Red", "RedTeam", "?"), *black = tag_or(r, "Black", "BlackTeam", "?");
    fputs("{[XQ]", f);
    char team[512];
    snprintf(team, sizeof team, "%s %s", black_first ? black : red, black_first ? "B" : "R");
    put_field(f, team);
    snprintf(team, sizeof team, "%s %s", black_first ? red : black, black_first ? "R" : "B");
    put_field(f, team);
    const char *res = "*";
    if (strcmp(result, "1/2-1/2") == 0) res = "平局";
    else if (strcmp(result, "1-0") == 0) res = black_first ? "后手胜" : "先手胜";
    else if (strcmp(result, "0-1") == 0) res = black_first ? "先手胜" : "后手胜";
    put_field(f, res);
    char when[512];
    const char *date = tag_or(r, "Date", NULL, ""), *time = tag_or(r, "Time", NULL, "");
    const char *site = tag_or(r, "Site", "Place", "");
    snprintf(when, sizeof when, "%s%s%s%s%s", date, *date && *time ? " " : "", time,
             (*date || *time) && *site ? " " : "", site);
    put_field(f, when);
    put_field(f, tag_or(r, "Event", NULL, ""));
    xq_pos std;
    xq_pos_start(&std);
    if (memcmp(std.sq, start->sq, sizeof std.sq) != 0 || std.side != start->side) {
        char fen[128], fld[160];
        xq_pos_to_fen(start, fen, sizeof fen);
        snprintf(fld, sizeof fld, "FEN %s", fen);
        put_field(f, fld);
    }
    xq_pos pos = *start;
    for (int i = 0; i < n; i++) {
        char mt[XQ_MOVE_TEXT_MAX + 8];
        if (xq_write_move(&pos, moves[i], XQ_NOTE_CHINESE, mt, sizeof mt) != 0) {
            snprintf(err, errlen, "move %d cannot be written", i + 1);
            fputs("}\n", f);
            return -1;
        }
        if (pos.side == XQ_RED) fprintf(f, ";%d.%s", pos.fullmove, mt);
        else if (i == 0) fprintf(f, ";%d...%s", pos.fullmove, mt);
        else fprintf(f, " %s", mt);
        xq_undo u;
        xq_make(&pos, moves[i], &u);
    }
    fputs("}\n", f);
    return 0;
}
