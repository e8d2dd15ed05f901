/* xq_pgn_lex.c - the token classes of Xiangqi PGN move text (move numbers,
 * results, the shapes of moves in every notation, Chinese moves glued
 * together) and sniffing: position-free tests, run once per token. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "xq_notation.h"
#include "xq_pgn_internal.h"

size_t xq_pgn_token_end(const char *s, size_t n, size_t i)
{
    size_t j = i;
    while (j < n && !xq_pgn_is_delim((unsigned char)s[j]) && xq_pgn_blank_len(s, n, j) == 0) j++;
    return j;
}

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
    /* "33.4" is WXF's middle pawn of three on file 3 (pawns stacked on two
     * files), never a move number: no move is written "4" */
    if (len == 4 && tok[0] >= '1' && tok[0] <= '9' && tok[1] == tok[0] && tok[2] == '.' && tok[3] >= '1' &&
        tok[3] <= '9')
        return 0;
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
bool xq_pgn_is_result(const char *tok, size_t len)
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
size_t xq_pgn_first_move_len(const char *s, size_t len)
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
        size_t k = xq_pgn_blank_len(s, n, i);
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
        if (c == '{') { i = xq_pgn_skip_comment(s, n, i); continue; }
        if (xq_pgn_is_delim((unsigned char)c)) { i++; continue; }
        size_t j = xq_pgn_token_end(s, n, i);
        int num;
        size_t np = xq_pgn_number_prefix(s + i, j - i, &num);
        if (np == j - i) { i = j; continue; }
        if (xq_pgn_is_result(s + i, j - i)) { i = j; continue; }
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
