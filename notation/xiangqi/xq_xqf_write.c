/* xq_xqf_write.c - a game as an XQF 1.0 file (layout in xq_xqf_write.h).
 * Pieces of one kind take their slots in file order from their player's
 * right (red from file i, black from file a), as in the example file of
 * XQStudio's XQF 1.0 description; strings go to GBK by iconv, cut on a
 * character boundary to their field. */
#include "xq_xqf_write.h"

#include <iconv.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { XQF_HEADER = 0x400 };

/* UTF-8 s to GBK (malloc'd, *n bytes), LF as CR LF when crlf; characters
 * GBK lacks become '?' (counted in *lost). NULL when out of memory. */
static char *to_gbk(const char *s, bool crlf, size_t *n, int *lost)
{
    size_t len = strlen(s), cap = 2 * len + 8;
    char *o = malloc(cap);
    if (!o) return NULL;
    iconv_t cd = iconv_open("GBK", "UTF-8");
    size_t w = 0;
    const char *p = s, *end = s + len;
    while (p < end) {
        if (*p == '\n' && crlf) { o[w++] = '\r'; o[w++] = '\n'; p++; continue; }
        /* one UTF-8 character at a time, so that a bad one costs only itself */
        size_t k = 1;
        unsigned char c = (unsigned char)*p;
        if (c >= 0xF0) k = 4; else if (c >= 0xE0) k = 3; else if (c >= 0xC0) k = 2;
        if (k > (size_t)(end - p)) k = (size_t)(end - p);
        char *in = (char *)p, *outp = o + w;
        size_t inleft = k, outleft = cap - w;
        if (c < 0x80) o[w++] = (char)c;
        else if (cd != (iconv_t)-1 && iconv(cd, &in, &inleft, &outp, &outleft) != (size_t)-1 && inleft == 0)
            w = (size_t)(outp - o);
        else { o[w++] = '?'; ++*lost; if (cd != (iconv_t)-1) iconv(cd, NULL, NULL, NULL, NULL); }
        p += k;
    }
    if (cd != (iconv_t)-1) iconv_close(cd);
    *n = w;
    return o;
}

/* A Pascal string field: length byte, then up to size-1 bytes of GBK text
 * (cut before a split double-byte character). -1 when out of memory. */
static int put_field(unsigned char *h, int off, int size, const char *value, xq_xqf_losses *loss)
{
    if (!value || !*value) return 0;
    size_t n;
    char *g = to_gbk(value, false, &n, &loss->lost_chars);
    if (!g) return -1;
    size_t k = 0, room = (size_t)size - 1;
    while (k < n) {
        size_t step = (unsigned char)g[k] >= 0x81 && k + 1 < n ? 2 : 1;
        if (k + step > room) break;
        k += step;
    }
    if (k < n) loss->cut_fields++;
    for (size_t i = 0; i < (size_t)size; i++) h[off + (int)i] = 0;
    h[off] = (unsigned char)k;
    memcpy(h + off + 1, g, k);
    free(g);
    return 0;
}

/* The 32 piece slots from the board: -1 with err when a kind has more
 * pieces than slots. */
static int piece_slots(const xq_pos *p, unsigned char slots[32], char *err, size_t errlen)
{
    static const xq_kind order[16] = {
        XQ_CHARIOT, XQ_HORSE, XQ_ELEPHANT, XQ_ADVISOR, XQ_KING, XQ_ADVISOR, XQ_ELEPHANT, XQ_HORSE,
        XQ_CHARIOT, XQ_CANNON, XQ_CANNON, XQ_PAWN, XQ_PAWN, XQ_PAWN, XQ_PAWN, XQ_PAWN,
    };
    static const char *const names[8] = {"", "generals", "advisors", "elephants", "horses", "chariots", "cannons", "pawns"};
    memset(slots, 0xFF, 32);
    for (int side = 0; side < 2; side++)
        for (int k = 0; k < 9; k++)
            for (int r = 0; r < 10; r++) {
                int f = side == 0 ? 8 - k : k;   /* from each player's right, as the 1.0 description's example */
                uint8_t pc = p->sq[XQ_SQ(f, r)];
                if (!pc || (int)XQ_SIDE(pc) != side) continue;
                int s = 0;
                while (s < 16 && (order[s] != XQ_KIND(pc) || slots[side * 16 + s] != 0xFF)) s++;
                if (s == 16) {
                    snprintf(err, errlen, "the start position has more %s %s than XQF has slots for", side ? "black" : "red",
                             names[XQ_KIND(pc)]);
                    return -1;
                }
                slots[side * 16 + s] = (unsigned char)(f * 10 + r);
            }
    return 0;
}

/* One ply record (or the root's): squares, flag, comment. -1 when out of memory. */
static int put_node(FILE *out, int from, int to, int flag, int fourth, const char *comment, xq_xqf_losses *loss)
{
    unsigned char rec[8] = {(unsigned char)(from + 24), (unsigned char)(to + 32), (unsigned char)flag, (unsigned char)fourth};
    size_t n = 0;
    char *g = NULL;
    if (comment && *comment) {
        g = to_gbk(comment, true, &n, &loss->lost_chars);
        if (!g) return -1;
    }
    for (int i = 0; i < 4; i++) rec[4 + i] = (unsigned char)(n >> (8 * i));
    fwrite(rec, 1, 8, out);
    if (n) fwrite(g, 1, n, out);
    free(g);
    return 0;
}

/* The number of variation lines hanging anywhere under line L (moves m, n of them). */
static int count_vars(const bo_rmove *m, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m[i].nvars; j++) k += 1 + count_vars(m[i].vars[j]->moves, m[i].vars[j]->nmoves);
    return k;
}

int xq_xqf_write(FILE *out, const bo_record *r, const xq_pos *start, const xq_move *moves, int nmoves,
                 const char *result, xq_xqf_losses *loss, char *err, size_t errlen)
{
    xq_xqf_losses dummy;
    if (!loss) loss = &dummy;
    memset(loss, 0, sizeof *loss);
    unsigned char h[XQF_HEADER];
    memset(h, 0, sizeof h);
    h[0] = 'X';
    h[1] = 'Q';
    h[2] = 0x0A;
    if (piece_slots(start, h + 0x10, err, errlen) != 0) return -1;
    h[0x33] = !result ? 0 : strcmp(result, "1-0") == 0 ? 1 : strcmp(result, "0-1") == 0 ? 2 : strcmp(result, "1/2-1/2") == 0 ? 3 : 0;
    xq_pos std;
    xq_pos_start(&std);
    h[0x40] = memcmp(std.sq, start->sq, XQ_SQUARES) == 0 ? 0 : 3;   /* full game, else an ending */
    static const struct { int off, size; const char *tag, *alt; } fields[] = {
        {0x50, 64, "Title", NULL}, {0xD0, 64, "Event", NULL}, {0x110, 16, "Date", NULL}, {0x120, 16, "Site", NULL},
        {0x130, 16, "Red", NULL}, {0x140, 16, "Black", NULL}, {0x150, 64, "RuleTime", "TimeControl"},
        {0x190, 16, "RedTime", NULL}, {0x1A0, 16, "BlackTime", NULL}, {0x1D0, 16, "Annotator", NULL},
        {0x1E0, 16, "Author", NULL},
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        const char *v = bo_record_tag(r, fields[i].tag);
        if (!v && fields[i].alt) v = bo_record_tag(r, fields[i].alt);
        if (v && strcmp(v, "?") == 0) v = NULL;
        if (put_field(h, fields[i].off, fields[i].size, v, loss) != 0) goto oom;
    }
    fwrite(h, 1, sizeof h, out);
    if (put_node(out, 0, 0, nmoves > 0 ? 0xF0 : 0x00, 0xFF, bo_record_tag(r, "_Comment"), loss) != 0) goto oom;
    for (int i = 0; i < nmoves; i++) {
        int from = XQ_FROM(moves[i]), to = XQ_TO(moves[i]);
        const char *c = i < r->nmoves ? r->moves[i].comment : NULL;
        if (put_node(out, XQ_FILE_OF(from) * 10 + XQ_RANK_OF(from), XQ_FILE_OF(to) * 10 + XQ_RANK_OF(to),
                     i + 1 < nmoves ? 0xF0 : 0x00, 0, c, loss) != 0)
            goto oom;
    }
    loss->variations = count_vars(r->moves, r->nmoves < nmoves ? r->nmoves : nmoves);
    if (ferror(out)) { snprintf(err, errlen, "writing failed"); return -1; }
    return 0;
oom:
    snprintf(err, errlen, "out of memory");
    return -1;
}
