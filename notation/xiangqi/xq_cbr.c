/* xq_cbr.c - reader of ChessBridge .cbr records and .cbl libraries (layout in
 * xq_cbr.h). Every read is bounds-checked against the record's own extent, so
 * a truncated or corrupt file yields located notes, never a crash; in a
 * library a broken game is noted and the next one is read. */
#include "xq_cbr.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "xq_rawboard.h"
#include "xiangqi.h"

enum {
    CBR_MAGIC_LEN = 16,
    CBL_INDEX_AT = 66624, CBL_ENTRY = 276, CBL_SLOT = 4096,
    CBR_MAX_DEPTH = 64,
    CBL_STATE_DELETED = 5,
};

static const char cbr_magic[CBR_MAGIC_LEN] = "CCBridge Record";   /* with its NUL */
static const char cbl_magic[CBR_MAGIC_LEN] = "CCBridgeLibrary";
static const char old_magic[8] = {'C', 'C', 'B', 'r', 'i', 'd', 'g', 'e'};   /* no NUL */

/* One record being read: its bytes [0, n) (offsets in messages are base + k). */
typedef struct cbr_reader {
    const unsigned char *d;
    size_t n, pos, base;
    int version;
} cbr_reader;

int xq_cbr_sniff(const unsigned char *data, size_t n)
{
    if (n < CBR_MAGIC_LEN) return 0;
    if (memcmp(data, cbr_magic, CBR_MAGIC_LEN) == 0) return 1;
    if (memcmp(data, cbl_magic, CBR_MAGIC_LEN) == 0) return 2;
    /* the older compressed library: "CCBridge", two u32 (21, format 3), the
     * u32 length of the unpacked data, then a zlib stream (CMF byte 0x78) */
    if (n > 20 && memcmp(data, old_magic, sizeof old_magic) == 0 && data[20] == 0x78) return 3;
    return 0;
}

/* Little-endian u32 at p. */
static uint32_t u32le(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* UTF-16LE s[0..n) up to its first NUL as UTF-8 (CR LF and CR become LF,
 * trailing blanks cut); a lone surrogate becomes '?' and sets *lossy.
 * NULL when out of memory. */
static char *utf16_text(const unsigned char *s, size_t n, bool *lossy)
{
    char *o = malloc(n / 2 * 3 + 1), *w = o;
    if (!o) return NULL;
    for (size_t i = 0; i + 1 < n; i += 2) {
        uint32_t c = (uint32_t)s[i] | (uint32_t)s[i + 1] << 8;
        if (c == 0) break;
        if (c >= 0xD800 && c <= 0xDBFF && i + 3 < n) {
            uint32_t lo = (uint32_t)s[i + 2] | (uint32_t)s[i + 3] << 8;
            if (lo >= 0xDC00 && lo <= 0xDFFF) {
                w += bo_utf8_put(0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00), w);
                i += 2;
                continue;
            }
        }
        if (c >= 0xD800 && c <= 0xDFFF) { *lossy = true; c = '?'; }
        if (c == '\r') {
            if (i + 3 < n && s[i + 2] == '\n' && s[i + 3] == 0) continue;
            c = '\n';
        }
        w += bo_utf8_put(c, w);
    }
    while (w > o && (w[-1] == ' ' || w[-1] == '\n' || w[-1] == '\t')) w--;
    *w = '\0';
    return o;
}

/* Version-2 offsets of the header strings; version 1 has them 128 lower up
 * to black rating, and lacks referee and recorder (256 lower after that). */
static const struct { int off, size; const char *name; } cbr_fields[] = {
    {180, 128, "Title"}, {692, 64, "Event"}, {756, 64, "Round"}, {820, 32, "Group"}, {852, 32, "Table"},
    {884, 64, "Date"}, {948, 64, "Site"}, {1012, 64, "TimeControl"}, {1076, 64, "Red"}, {1140, 64, "RedTeam"},
    {1204, 64, "RedTime"}, {1268, 32, "RedRating"}, {1300, 64, "Black"}, {1364, 64, "BlackTeam"},
    {1428, 64, "BlackTime"}, {1492, 32, "BlackRating"}, {1524, 64, "Referee"}, {1588, 64, "Recorder"},
    {1652, 64, "Annotator"}, {1780, 64, "Author"},
};

/* Where a version-2 offset lies in a record of version V; -1 if V lacks it. */
static int field_at(int v2off, int version)
{
    if (version == 2) return v2off;
    if (v2off < 1524) return v2off - 128;
    if (v2off < 1652) return -1;
    return v2off - 256;
}

/* The header strings as tags. -1 when out of memory. */
static int read_tags(const cbr_reader *r, bo_record *rec)
{
    for (size_t i = 0; i < sizeof cbr_fields / sizeof cbr_fields[0]; i++) {
        int at = field_at(cbr_fields[i].off, r->version);
        if (at < 0) continue;
        bool lossy = false;
        char *v = utf16_text(r->d + at, (size_t)cbr_fields[i].size, &lossy);
        if (!v) return -1;
        size_t lead = strspn(v, " \t\n");   /* titles are often indented */
        memmove(v, v + lead, strlen(v + lead) + 1);
        if (lossy)
            bo_record_note(rec, BO_NOTE_WARNING, 0, (int)(r->base + (size_t)at + 1),
                           "CBR header field %s is not UTF-16 text; bad characters shown as '?'", cbr_fields[i].name);
        int rc = v[0] ? bo_record_add_tag(rec, cbr_fields[i].name, strlen(cbr_fields[i].name), v, strlen(v), 0) : 0;
        free(v);
        if (rc != 0) return -1;
    }
    return 0;
}

/* A square byte as an xq square, -1 when it names none. */
static int square(const cbr_reader *r, unsigned b)
{
    unsigned file, row;
    if (r->version == 1) { file = b >> 4; row = b & 15; }
    else { file = b % 9; row = b / 9; }
    if (file > 8 || row > 9 || (r->version != 1 && b >= 90)) return -1;
    return XQ_SQ((int)file, 9 - (int)row);
}

/* The 90 board bytes at AT onto board; -1 with why on an unknown piece byte. */
static int read_board(const cbr_reader *r, size_t at, uint8_t board[XQ_SQUARES], char *why, size_t wn)
{
    static const xq_kind kinds[8] = {XQ_NONE, XQ_CHARIOT, XQ_HORSE, XQ_ELEPHANT, XQ_ADVISOR, XQ_KING, XQ_CANNON, XQ_PAWN};
    memset(board, 0, XQ_SQUARES);
    for (int i = 0; i < 90; i++) {
        unsigned b = r->d[at + (size_t)i], colour = b >> 4, kind = b & 15;
        if (b == 0) continue;
        if ((colour != 1 && colour != 2) || kind < 1 || kind > 7) {
            snprintf(why, wn, "the board byte at %zu (square %d) is 0x%02X, no piece", r->base + at + (size_t)i, i, b);
            return -1;
        }
        board[XQ_SQ(i % 9, 9 - i / 9)] = XQ_PIECE(colour == 1 ? XQ_RED : XQ_BLACK, kinds[kind]);
    }
    return 0;
}

/* One node at r->pos: flags, squares and comment (NULL if none). -1 with why. */
static int read_node(cbr_reader *r, int *flags, int *from, int *to, char **comment, char *why, size_t wn)
{
    size_t at = r->pos;
    *comment = NULL;
    if (r->n - at < 4) {
        snprintf(why, wn, "the move record at byte %zu is cut short (the record ends at byte %zu)", r->base + at,
                 r->base + r->n);
        return -1;
    }
    *flags = r->d[at];
    *from = square(r, r->d[at + 2]);
    *to = square(r, r->d[at + 3]);
    r->pos += 4;
    if (!(*flags & 0x04)) return 0;
    if (r->n - r->pos < 4) {
        snprintf(why, wn, "the comment length at byte %zu is cut short", r->base + r->pos);
        return -1;
    }
    uint32_t len = u32le(r->d + r->pos);
    if (len > r->n - r->pos - 4) {
        snprintf(why, wn, "the comment length at byte %zu (%lu bytes) is impossible: %zu bytes are left",
                 r->base + r->pos, (unsigned long)len, r->n - r->pos - 4);
        return -1;
    }
    r->pos += 4;
    bool lossy = false;
    *comment = utf16_text(r->d + r->pos, len, &lossy);
    r->pos += len;
    if (!*comment) { snprintf(why, wn, "out of memory"); return -1; }
    if (!**comment) { free(*comment); *comment = NULL; }
    return 0;
}

/* Read one line of the tree into LINE (the main line of rec when NULL): its
 * moves to the end of the line, then (pre-order) the siblings of its moves,
 * the last move's first; a sibling of move i is a variation hanging on it,
 * and a sibling of a variation's first move one more variation on PARENT.
 * KEEP false: a variation past the shared limit (record.h), read over and not
 * kept, nor anything that hangs on it.
 * 0, or -1 after a fault (noted with its byte offset). */
static int read_line(cbr_reader *r, bo_record *rec, bo_rline *line, bo_rmove *parent, int depth, bool keep)
{
    char why[200];
    int *sib = NULL, nsib = 0, cap = 0, k = 0, rc = 0;
    for (;;) {
        int flags, from, to;
        char *comment;
        size_t at = r->pos;
        if (read_node(r, &flags, &from, &to, &comment, why, sizeof why) != 0) {
            bo_record_note(rec, BO_NOTE_ERROR, 0, (int)(r->base + at + 1), "CBR: %s%s", why, line || !keep ? " (in a variation)" : "");
            rc = -1;
            break;
        }
        if (from < 0 || to < 0) {
            bo_record_note(rec, BO_NOTE_ERROR, 0, (int)(r->base + at + 1), "CBR: the move record at byte %zu names a "
                           "square off the board (0x%02X to 0x%02X)%s", r->base + at, r->d[at + 2], r->d[at + 3],
                           line || !keep ? " (in a variation)" : "");
            free(comment);
            rc = -1;
            break;
        }
        if (k >= BO_RECORD_MAX_MOVES) {
            bo_record_note(rec, BO_NOTE_ERROR, 0, (int)(r->base + at + 1), "CBR: more than %d moves in one line (the limit of every "
                           "reader)%s", BO_RECORD_MAX_MOVES, line || !keep ? " (in a variation)" : "");
            free(comment);
            rc = -1;
            break;
        }
        if (!keep) {   /* read over: only the shape of the tree matters */
            free(comment);
            comment = NULL;
        }
        char text[8];
        xq_rawboard_move_text(from, to, text);
        bo_rmove dropped = {0}, *m = !keep ? &dropped : line ? bo_rline_add_move(line, text, strlen(text), 0, (int)(r->base + at + 1))
                           : bo_record_add_move(rec, text, strlen(text), 0, (int)(r->base + at + 1));
        int crc = 0;
        if (m && comment)
            crc = line ? bo_rmove_add_comment(m, comment, strlen(comment)) : bo_record_add_comment(rec, comment, strlen(comment));
        free(comment);
        if (!m || crc != 0) { rc = -1; break; }
        if (flags & 0x02) {
            if (nsib == cap) {
                int *g = realloc(sib, (size_t)(cap = cap ? 2 * cap : 16) * sizeof *g);
                if (!g) { rc = -1; break; }
                sib = g;
            }
            sib[nsib++] = k;
        }
        k++;
        if (flags & 0x01) break;
    }
    while (rc == 0 && nsib > 0) {
        int i = sib[--nsib];
        bo_rmove *on = !keep ? NULL : i == 0 && parent ? parent : line ? &line->moves[i] : &rec->moves[i];
        if (depth + 1 >= CBR_MAX_DEPTH) {
            bo_record_note(rec, BO_NOTE_ERROR, 0, (int)(r->base + r->pos + 1), "CBR: variations nested more than %d deep",
                           CBR_MAX_DEPTH);
            rc = -1;
            break;
        }
        if (!keep || !bo_record_keep_variation(rec, 0, (int)(r->base + r->pos + 1))) {
            if (read_line(r, rec, NULL, NULL, depth + 1, false) != 0) rc = -1;
            continue;
        }
        bo_rline *v = bo_rmove_add_variation(on);
        if (!v || read_line(r, rec, v, on, depth + 1, true) != 0) rc = -1;
    }
    free(sib);
    return rc;
}

/* ChessBridge titles often state the result from red's side: "甲 先胜 乙"
 * (red wins), "先和" (a draw), "先负" (red loses). When the title states
 * exactly one of them and the result byte (1..3) says otherwise, the file
 * disagrees with itself: warn at the title and keep the result byte. */
static void check_title_result(const cbr_reader *r, unsigned rb, bo_record *rec)
{
    static const struct { const char *word, *says; unsigned code; } said[] = {
        {"先胜", "red wins", 1}, {"先负", "red loses", 2}, {"先和", "a draw", 3},
    };
    static const char *const results[4] = {"*", "1-0", "0-1", "1/2-1/2"};
    const char *title = bo_record_tag(rec, "Title");
    if (!title || rb < 1 || rb > 3) return;
    int found = -1, n = 0;
    for (int i = 0; i < 3; i++)
        if (strstr(title, said[i].word)) { found = i; n++; }
    if (n != 1 || said[found].code == rb) return;
    bo_record_note(rec, BO_NOTE_WARNING, 0, (int)(r->base + (size_t)field_at(180, r->version) + 1),
                   "CBR: the title says %s (%s) but the result byte says %s; the result byte is kept", said[found].word,
                   said[found].says, results[rb]);
}

/* One record of n bytes at d (file offset base) into rec. A fault in the
 * header or the moves is an error note; -1 only when out of memory. */
static int read_record(const unsigned char *d, size_t n, size_t base, bo_record *rec)
{
    char why[200];
    cbr_reader r = {.d = d, .n = n, .base = base, .version = n > 19 ? d[19] : 0};
    if (r.version != 1 && r.version != 2) {
        bo_record_note(rec, BO_NOTE_ERROR, 0, (int)(base + 20), "CBR: unknown record version %d at byte %zu (1 and 2 are "
                       "known)", r.version, base + 19);
        return 0;
    }
    size_t shift = r.version == 1 ? 256 : 0, moves_at = 2214 - shift;
    if (n < moves_at) {
        bo_record_note(rec, BO_NOTE_ERROR, 0, (int)(base + n + 1), "CBR: the record header is cut short: %zu bytes, "
                       "the header needs %zu", n, moves_at);
        return 0;
    }
    if (read_tags(&r, rec) != 0) return -1;
    static const char *const results[5] = {"*", "1-0", "0-1", "1/2-1/2", "*"};
    unsigned rb = d[2076 - shift];
    if (rb > 3)
        bo_record_note(rec, BO_NOTE_WARNING, 0, (int)(base + 2076 - shift + 1), "CBR: result code %u (%s) read as '*'",
                       rb, rb == 4 ? "several results" : "unknown");
    const char *res = results[rb <= 4 ? rb : 0];
    if (bo_record_add_tag(rec, "Result", 6, res, strlen(res), 0) != 0 || bo_record_set_str(&rec->result, res, strlen(res)) != 0 ||
        bo_record_set_str(&rec->notation, "iccs", 4) != 0)
        return -1;
    check_title_result(&r, rb, rec);
    uint8_t board[XQ_SQUARES];
    if (read_board(&r, 2120 - shift, board, why, sizeof why) != 0) {
        bo_record_note(rec, BO_NOTE_ERROR, 0, (int)(base + 2120 - shift + 1), "CBR: %s", why);
        return 0;
    }
    unsigned side_byte = d[2112 - shift];
    int fullmove = d[2116 - shift] | d[2117 - shift] << 8;
    xq_side side = side_byte == 2 ? XQ_BLACK : XQ_RED;
    if (side_byte != 1 && side_byte != 2)
        bo_record_note(rec, BO_NOTE_WARNING, 0, (int)(base + 2112 - shift + 1), "CBR: side-to-move byte %u is neither "
                       "1 (red) nor 2 (black); red assumed", side_byte);
    if (!xq_rawboard_is_start(board, side) || fullmove > 1) {
        char fen[128];
        xq_rawboard_fen(board, side, fullmove, fen, sizeof fen);
        if (bo_record_set_str(&rec->fen, fen, strlen(fen)) != 0) return -1;
    }
    /* The root node: no move, the opening comment. */
    int flags, from, to;
    char *comment;
    r.pos = moves_at;
    if (read_node(&r, &flags, &from, &to, &comment, why, sizeof why) != 0) {
        bo_record_note(rec, BO_NOTE_ERROR, 0, (int)(base + moves_at + 1), "CBR: %s", why);
        return 0;
    }
    if (comment) {
        int rc = bo_record_add_comment(rec, comment, strlen(comment));
        free(comment);
        if (rc != 0) return -1;
    }
    if (!(flags & 0x01) && r.pos < r.n) read_line(&r, rec, NULL, NULL, 0, true);
    if (bo_record_end_variations(rec) != 0) return -1;
    return 0;
}

/* A new record at the end of out, numbered in file order. */
static bo_record *new_record(bo_record_list *out)
{
    bo_record *slot = bo_record_list_push(out, 0);
    if (slot) bo_record_init(slot, out->n, 0);
    return slot;
}

/* Is the record of n bytes at d a text page of a library (a heading or a
 * preface: no piece on its board and no move), not a game? */
static bool text_page(const unsigned char *d, size_t n)
{
    size_t shift = n > 19 && d[19] == 1 ? 256 : 0;
    if (n < 2218 - shift) return false;
    for (size_t i = 0; i < 90; i++)
        if (d[2120 - shift + i]) return false;
    return (d[2214 - shift] & 0x01) != 0;
}

/* The records of a library: every 4096-byte slot from the end of the index
 * that starts with the record magic; a record runs to the next one. */
static int read_library(const unsigned char *data, size_t n, bo_record_list *out, char *err, size_t errlen)
{
    if (n < CBL_INDEX_AT) {
        snprintf(err, errlen, "CBL header cut short: the file has %zu bytes, the header and index need %d", n, CBL_INDEX_AT);
        return -1;
    }
    uint32_t slots = u32le(data + 60);
    size_t first = (size_t)CBL_INDEX_AT + (size_t)slots * CBL_ENTRY;
    if (slots > 1000000 || first > n) {
        snprintf(err, errlen, "CBL index at byte 60 claims %lu slots, which the file (%zu bytes) cannot hold",
                 (unsigned long)slots, n);
        return -1;
    }
    size_t *starts = NULL;
    size_t count = 0, cap = 0;
    for (size_t at = first; at + CBR_MAGIC_LEN <= n; at += CBL_SLOT) {
        if (memcmp(data + at, cbr_magic, CBR_MAGIC_LEN) != 0) continue;
        if (count == cap) {
            size_t *g = realloc(starts, (cap = cap ? 2 * cap : 64) * sizeof *g);
            if (!g) { free(starts); snprintf(err, errlen, "out of memory"); return -1; }
            starts = g;
        }
        starts[count++] = at;
    }
    int deleted = 0, pages = 0, rc = 0;
    for (size_t k = 0; k < count && rc == 0; k++) {
        size_t end = k + 1 < count ? starts[k + 1] : n;
        /* The k-th record's index entry says whether it was deleted. */
        if (k < slots && u32le(data + CBL_INDEX_AT + k * CBL_ENTRY) == CBL_STATE_DELETED) { deleted++; continue; }
        if (text_page(data + starts[k], end - starts[k])) { pages++; continue; }
        bo_record *rec = new_record(out);
        if (!rec) { rc = -1; break; }
        if (deleted + pages > 0)
            bo_record_note(rec, BO_NOTE_WARNING, 0, (int)(starts[k] + 1), "CBL: not read before this game: %d record%s "
                           "marked deleted in the library's index, %d text page%s (no piece, no move)", deleted,
                           deleted == 1 ? "" : "s", pages, pages == 1 ? "" : "s");
        deleted = pages = 0;
        if (read_record(data + starts[k], end - starts[k], starts[k], rec) != 0) rc = -1;
    }
    if (rc == 0 && deleted + pages > 0 && out->n > 0)
        bo_record_note(&out->items[out->n - 1], BO_NOTE_WARNING, 0, 0, "CBL: not read after this game: %d record%s "
                       "marked deleted in the library's index, %d text page%s (no piece, no move)", deleted,
                       deleted == 1 ? "" : "s", pages, pages == 1 ? "" : "s");
    free(starts);
    if (rc != 0) snprintf(err, errlen, "out of memory");
    return rc;
}

int xq_cbr_read(const unsigned char *data, size_t n, bo_record_list *out, char *err, size_t errlen)
{
    char dummy[8];
    if (!err) { err = dummy; errlen = sizeof dummy; }
    int kind = xq_cbr_sniff(data, n);
    if (kind == 0) {
        snprintf(err, errlen, "not a ChessBridge file: it starts with neither \"CCBridge Record\" nor \"CCBridgeLibrary\"");
        return -1;
    }
    if (kind == 2) return read_library(data, n, out, err, errlen);
    if (kind == 3) {
        snprintf(err, errlen, "a ChessBridge library of the older compressed kind (\"CCBridge\", format %u, zlib): "
                 "boyi reads only \"CCBridge Record\" and \"CCBridgeLibrary\" files; save it again from "
                 "ChessBridge as a current .cbl", (unsigned)(data[12] | data[13] << 8));
        return -1;
    }
    if (n < 2214 - (n > 19 && data[19] == 1 ? 256 : 0)) {
        snprintf(err, errlen, "CBR header cut short: the file has %zu bytes, the header needs 2214", n);
        return -1;
    }
    bo_record *rec = new_record(out);
    if (!rec || read_record(data, n, 0, rec) != 0) { snprintf(err, errlen, "out of memory"); return -1; }
    return 0;
}
