/* xq_xqf.c - reader of XQF binary Xiangqi records (XQStudio and others).
 * Format and key derivation: see xq_xqf.h. Every read is bounds-checked, so a
 * truncated or corrupt file yields a located error, never a crash. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "xq_rawboard.h"
#include "xq_xqf.h"
#include "xiangqi.h"

enum { XQF_HEADER = 0x400 };

/* Decryption state of the move section. */
typedef struct xqf_reader {
    const unsigned char *data;
    size_t n, pos;
    int version;
    bool enc;
    uint8_t piece_off, src_off, dst_off;
    long comment_off;
    uint8_t stream[32];
    int idx;            /* position in stream */
} xqf_reader;

/* Cheap test for callers picking a reader by content. */
bool xq_xqf_sniff(const unsigned char *data, size_t n)
{
    return n >= 2 && data[0] == 'X' && data[1] == 'Q';
}

/* XQStudio's key scramble: x*x*54 + 221, times a multiplier, kept to a byte. */
static uint8_t scramble(uint8_t x, uint8_t mul)
{
    return (uint8_t)(((unsigned)x * x * 54u + 221u) * mul);
}

/* Derive the keys of versions >= 11 from header bytes 3 and 8..15. */
static void derive_keys(xqf_reader *r)
{
    const unsigned char *h = r->data;
    r->enc = r->version >= 11;
    if (!r->enc) {
        r->piece_off = r->src_off = r->dst_off = 0;
        r->comment_off = 0;
        memset(r->stream, 0, sizeof r->stream);
        return;
    }
    static const char mask[33] = "[(C) Copyright Mr. Dong Shiwei.]";
    r->piece_off = scramble(h[13], h[13]);
    r->src_off = scramble(h[14], r->piece_off);
    r->dst_off = scramble(h[15], r->src_off);
    r->comment_off = ((long)h[12] * 256 + h[13]) % 32000 + 767;
    uint8_t key[4];
    for (int i = 0; i < 4; i++) key[i] = (uint8_t)(h[8 + i] | (h[12 + i] & h[3]));
    for (int i = 0; i < 32; i++) r->stream[i] = (uint8_t)(key[i % 4] & (uint8_t)mask[i]);
}

/* Read k bytes of the move section, decrypted; -1 if the file ends first. */
static int take(xqf_reader *r, unsigned char *out, size_t k)
{
    if (r->pos > r->n || k > r->n - r->pos) return -1;
    for (size_t i = 0; i < k; i++) {
        out[i] = (unsigned char)(r->data[r->pos + i] - r->stream[r->idx]);
        if (r->enc) r->idx = (r->idx + 1) % 32;
    }
    r->pos += k;
    return 0;
}

/* GBK bytes to UTF-8 with CRLF -> LF; undecodable bytes become '?' (and *lossy is set). */
static char *decode_gbk(const unsigned char *s, size_t n, bool *lossy)
{
    size_t outlen;
    char *u = bo_gbk_to_utf8(s, n, &outlen);
    if (!u) {
        *lossy = true;
        u = malloc(n + 1);
        if (!u) return NULL;
        for (size_t i = 0; i < n; i++) u[i] = s[i] >= 0x20 && s[i] < 0x7f ? (char)s[i] : s[i] == '\n' ? '\n' : '?';
        u[n] = '\0';
    }
    size_t w = 0;
    for (size_t i = 0; u[i]; i++)
        if (!(u[i] == '\r' && u[i + 1] == '\n')) u[w++] = u[i] == '\r' ? '\n' : u[i];
    u[w] = '\0';
    return u;
}

/* A header Pascal string (length byte + GBK text in a field of `size` bytes) as a tag. */
static int header_tag(bo_record *rec, const unsigned char *h, int off, int size, const char *name)
{
    size_t len = h[off];
    if (len == 0) return 0;
    if (len > (size_t)size - 1) {
        bo_record_note(rec, BO_NOTE_WARNING, 0, off + 1, "XQF header field %s says %zu bytes but has room for %d; "
                       "cut to fit", name, len, size - 1);
        len = (size_t)size - 1;
    }
    const unsigned char *s = h + off + 1;
    while (len > 0 && (s[len - 1] == 0 || s[len - 1] == ' ')) len--;
    if (len == 0) return 0;
    bool lossy = false;
    char *v = decode_gbk(s, len, &lossy);
    if (!v) return -1;
    if (lossy)
        bo_record_note(rec, BO_NOTE_WARNING, 0, off + 1, "XQF header field %s is not GBK text; "
                       "undecodable bytes shown as '?'", name);
    int rc = bo_record_add_tag(rec, name, strlen(name), v, strlen(v), 0);
    free(v);
    return rc;
}

/* The 32 piece squares, decrypted, onto a board; -1 with err on a clash. */
static int read_board(const xqf_reader *r, uint8_t board[XQ_SQUARES], char *err, size_t errlen)
{
    static const xq_kind order[16] = {
        XQ_CHARIOT, XQ_HORSE, XQ_ELEPHANT, XQ_ADVISOR, XQ_KING, XQ_ADVISOR, XQ_ELEPHANT, XQ_HORSE,
        XQ_CHARIOT, XQ_CANNON, XQ_CANNON, XQ_PAWN, XQ_PAWN, XQ_PAWN, XQ_PAWN, XQ_PAWN
    };
    uint8_t at[32];
    for (int i = 0; i < 32; i++) {
        uint8_t v = (uint8_t)(r->data[0x10 + i] - r->piece_off);
        if (r->version >= 12) at[(r->piece_off + 1 + i) % 32] = v;
        else at[i] = v;
    }
    memset(board, 0, XQ_SQUARES);
    for (int i = 0; i < 32; i++) {
        if (at[i] >= 90) continue;   /* off the board: captured or not used */
        int sq = XQ_SQ(at[i] / 10, at[i] % 10);
        if (board[sq]) {
            char name[3];
            xq_square_name(sq, name);
            snprintf(err, errlen, "XQF header byte %d: two pieces are placed on %s", 0x10 + i + 1, name);
            return -1;
        }
        board[sq] = XQ_PIECE(i < 16 ? XQ_RED : XQ_BLACK, order[i % 16]);
    }
    return 0;
}

/* One node record at r->pos: squares, flags and comment. -1 with why on a fault. */
static int read_node(xqf_reader *r, int *from, int *to, int *flags, char **comment, char *why, size_t wn)
{
    unsigned char rec[4];
    size_t at = r->pos;
    *comment = NULL;
    if (take(r, rec, 4) != 0) {
        snprintf(why, wn, "the move record at byte %zu is cut short (the file ends at byte %zu)", at, r->n);
        return -1;
    }
    uint8_t s = (uint8_t)(rec[0] - 24 - r->src_off), d = (uint8_t)(rec[1] - 32 - r->dst_off);
    *from = s < 90 ? XQ_SQ(s / 10, s % 10) : -1;
    *to = d < 90 ? XQ_SQ(d / 10, d % 10) : -1;
    int tag = rec[2];
    bool has_comment;
    if (r->enc) {
        *flags = tag;
        has_comment = (tag & 0x20) != 0;
    } else {
        *flags = (tag & 0xF0) ? 0x80 : 0;
        has_comment = true;
    }
    if (!has_comment) return 0;
    unsigned char lb[4];
    size_t lat = r->pos;
    if (take(r, lb, 4) != 0) {
        snprintf(why, wn, "the comment length at byte %zu is cut short (the file ends at byte %zu)", lat, r->n);
        return -1;
    }
    long len = (long)(int32_t)((uint32_t)lb[0] | (uint32_t)lb[1] << 8 | (uint32_t)lb[2] << 16 | (uint32_t)lb[3] << 24);
    len -= r->comment_off;
    if (len < 0 || (unsigned long)len > r->n - r->pos) {
        snprintf(why, wn, "the comment length at byte %zu (%ld bytes) is impossible: %zu bytes are left",
                 lat, len, r->n - r->pos);
        return -1;
    }
    if (len == 0) return 0;
    unsigned char *buf = malloc((size_t)len);
    if (!buf) { snprintf(why, wn, "out of memory"); return -1; }
    take(r, buf, (size_t)len);
    size_t k = (size_t)len;
    while (k > 0 && (buf[k - 1] == 0 || buf[k - 1] == ' ' || buf[k - 1] == '\r' || buf[k - 1] == '\n')) k--;
    bool lossy = false;
    *comment = k ? decode_gbk(buf, k, &lossy) : NULL;
    free(buf);
    return 0;
}

enum { XQF_MAX_DEPTH = 64 };

/* One node's move as ICCS text ("h2-e2"). */
static void node_text(int from, int to, char text[8])
{
    char a[3], b[3];
    xq_square_name(from, a);
    xq_square_name(to, b);
    snprintf(text, 8, "%s-%s", a, b);
}

/* Read one line of the move tree from r->pos into LINE (the main line of rec
 * when NULL). XQF stores the tree in pre-order: a node, then (flag 0x80) its
 * next move and all that follows it, then (flag 0x40) its sibling, another
 * move from the same position: in the record model, a variation hanging on
 * that node's move. So the line is read to its end first, then the siblings
 * of its moves, the last move's first. PARENT (may be NULL) is the move a
 * variation line replaces: a sibling of its first move is one more variation
 * on PARENT. KEEP false: a variation past the shared limit (record.h), read
 * over and not kept, nor anything that hangs on it. Returns 0, or -1 after a
 * fault (noted, with its byte offset) or when out of memory. */
static int read_line(xqf_reader *r, bo_record *rec, bo_rline *line, bo_rmove *parent, int depth, xq_side *side,
                     const uint8_t board[XQ_SQUARES], bool *first, bool keep)
{
    char why[200];
    const char *in_var = line || !keep ? " (in a variation)" : "";
    int *sib = NULL, nsib = 0, cap = 0, k = 0, rc = 0;
    for (;;) {
        int from, to, flags;
        char *comment;
        size_t at = r->pos;
        if (read_node(r, &from, &to, &flags, &comment, why, sizeof why) != 0) {
            bo_record_note(rec, BO_NOTE_ERROR, 0, (int)(at + 1), "XQF: %s%s", why, in_var);
            rc = -1;
            break;
        }
        if (from < 0 || to < 0) {
            bo_record_note(rec, BO_NOTE_ERROR, 0, (int)(at + 1),
                           "XQF: the move record at byte %zu names a square off the board%s", at, in_var);
            free(comment);
            rc = -1;
            break;
        }
        if (*first) {
            /* The side to move is the colour of the first moved piece. */
            if (board[from] && XQ_SIDE(board[from]) == XQ_BLACK) *side = XQ_BLACK;
            *first = false;
        }
        if (k >= BO_RECORD_MAX_MOVES) {
            bo_record_note(rec, BO_NOTE_ERROR, 0, (int)(at + 1), "XQF: more than %d moves in one line (the limit of every "
                           "reader)%s", BO_RECORD_MAX_MOVES, in_var);
            free(comment);
            rc = -1;
            break;
        }
        if (keep) {
            char text[8];
            node_text(from, to, text);
            bo_rmove *m = line ? bo_rline_add_move(line, text, strlen(text), 0, (int)(at + 1))
                               : bo_record_add_move(rec, text, strlen(text), 0, (int)(at + 1));
            if (!m) { free(comment); rc = -1; break; }
            if (comment) {
                if (line) bo_rmove_add_comment(m, comment, strlen(comment));
                else bo_record_add_comment(rec, comment, strlen(comment));
            }
        }
        free(comment);
        if (r->enc && (flags & 0x40)) {
            if (nsib == cap) {   /* grown as needed: memory follows the bytes read */
                int *g = realloc(sib, (size_t)(cap = cap ? 2 * cap : 16) * sizeof *g);
                if (!g) { rc = -1; break; }
                sib = g;
            }
            sib[nsib++] = k;
        }
        k++;
        if (!(flags & 0x80)) break;
    }
    while (rc == 0 && nsib > 0) {
        int i = sib[--nsib];
        bo_rmove *on = !keep ? NULL : i == 0 && parent ? parent : line ? &line->moves[i] : &rec->moves[i];
        if (depth + 1 >= XQF_MAX_DEPTH) {
            bo_record_note(rec, BO_NOTE_ERROR, 0, (int)r->pos + 1, "XQF: variations nested more than %d deep", XQF_MAX_DEPTH);
            rc = -1;
            break;
        }
        if (!keep || !bo_record_keep_variation(rec, 0, (int)r->pos + 1)) {
            rc = read_line(r, rec, NULL, NULL, depth + 1, side, board, first, false);
            continue;
        }
        bo_rline *v = bo_rmove_add_variation(on);
        if (!v || read_line(r, rec, v, on, depth + 1, side, board, first, true) != 0) rc = -1;
    }
    free(sib);
    return rc;
}

/* The move tree from 0x400 into rec: its root (the start position, with the
 * game's first comment), then the main line and its variations. */
static void read_moves(xqf_reader *r, bo_record *rec, uint8_t board[XQ_SQUARES], xq_side *side)
{
    char why[200];
    int from, to, flags;
    char *comment;
    bool first = true;
    r->pos = XQF_HEADER;
    r->idx = 0;
    if (read_node(r, &from, &to, &flags, &comment, why, sizeof why) != 0) {
        bo_record_note(rec, BO_NOTE_ERROR, 0, (int)r->pos + 1, "XQF: %s", why);
        return;
    }
    if (comment) { bo_record_add_comment(rec, comment, strlen(comment)); free(comment); }
    if (flags & 0x80) read_line(r, rec, NULL, NULL, 0, side, board, &first, true);
    bo_record_end_variations(rec);
}

/* Header first (all-or-nothing), then the main line (faults become notes). */
int xq_xqf_read(const unsigned char *data, size_t n, bo_record_list *out, char *err, size_t errlen)
{
    char dummy[8];
    if (!err) { err = dummy; errlen = sizeof dummy; }
    if (!xq_xqf_sniff(data, n)) {
        snprintf(err, errlen, "not an XQF file: it does not start with \"XQ\"");
        return -1;
    }
    if (n < XQF_HEADER) {
        snprintf(err, errlen, "XQF header cut short: the file has %zu bytes, the header needs %d", n, XQF_HEADER);
        return -1;
    }
    xqf_reader r = {.data = data, .n = n, .version = data[2]};
    derive_keys(&r);
    uint8_t board[XQ_SQUARES];
    if (read_board(&r, board, err, errlen) != 0) return -1;

    bo_record rec;
    bo_record_init(&rec, out->n + 1, 0);
    static const struct { int off, size; const char *name; } fields[] = {
        {0x50, 64, "Title"}, {0xD0, 64, "Event"}, {0x110, 16, "Date"}, {0x120, 16, "Site"},
        {0x130, 16, "Red"}, {0x140, 16, "Black"}, {0x150, 64, "RuleTime"}, {0x190, 16, "RedTime"},
        {0x1A0, 16, "BlackTime"}, {0x1D0, 16, "Annotator"}, {0x1E0, 16, "Author"},
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (header_tag(&rec, data, fields[i].off, fields[i].size, fields[i].name) != 0) goto oom;
    static const char *const results[4] = {"*", "1-0", "0-1", "1/2-1/2"};
    int rb = data[0x33];
    if (rb > 3) bo_record_note(&rec, BO_NOTE_WARNING, 0, 0x33 + 1, "XQF: unknown result code %d, read as '*'", rb);
    const char *res = results[rb <= 3 ? rb : 0];
    if (bo_record_add_tag(&rec, "Result", 6, res, strlen(res), 0) != 0) goto oom;
    if (bo_record_set_str(&rec.result, res, strlen(res)) != 0) goto oom;
    if (bo_record_set_str(&rec.notation, "iccs", 4) != 0) goto oom;

    xq_side side = XQ_RED;
    read_moves(&r, &rec, board, &side);

    xq_pos start;
    xq_pos_start(&start);
    if (side != XQ_RED || memcmp(start.sq, board, XQ_SQUARES) != 0) {
        char fen[128];
        xq_rawboard_fen(board, side, 1, fen, sizeof fen);   /* no legality checks: the validator judges it */
        if (bo_record_set_str(&rec.fen, fen, strlen(fen)) != 0) goto oom;
    }
    bo_record *slot = bo_record_list_push(out, 0);
    if (!slot) goto oom;
    rec.index = slot->index;
    *slot = rec;
    return 0;
oom:
    bo_record_free(&rec);
    snprintf(err, errlen, "out of memory");
    return -1;
}
