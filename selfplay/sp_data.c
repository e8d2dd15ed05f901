/* sp_data.c -- the training-data file of sp_data.h: games packed as stems and move
 * indices, gathered into blocks, each compressed whole with zlib and checked by CRC. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "core.h"
#include "sp_data.h"

struct sp_data_writer {
    FILE *f;
    const bo_game *g;
    const char *rules;
    unsigned char *raw;
    size_t len, cap;
    int games;
    int oom;
};

/* ---- bytes ------------------------------------------------------------------ */

static void put_bytes(sp_data_writer *w, const void *p, size_t n)
{
    if (w->oom) return;
    if (w->len + n > w->cap) {
        size_t cap = w->cap ? w->cap : 65536;
        while (cap < w->len + n) cap *= 2;
        unsigned char *r = realloc(w->raw, cap);
        if (!r) { w->oom = 1; return; }
        w->raw = r;
        w->cap = cap;
    }
    memcpy(w->raw + w->len, p, n);
    w->len += n;
}

static void put_varint(sp_data_writer *w, uint64_t v)
{
    unsigned char b[10];
    int n = 0;
    do {
        b[n] = (unsigned char)(v & 0x7F);
        v >>= 7;
        if (v) b[n] |= 0x80;
        n++;
    } while (v);
    put_bytes(w, b, (size_t)n);
}

static void le32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t get_le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A position's move list for indexing: chance outcomes at a chance node, else the
 * legal moves, both in the game's own fixed order. */
static int move_list(const bo_game *g, const void *pos, bo_move *out)
{
    if (g->to_move(pos) == BO_PLAYER_CHANCE) {
        double prob[BO_MOVES_MAX];
        return g->chance(pos, out, prob);
    }
    return g->legal(pos, out);
}

static int index_of(const bo_move *list, int n, bo_move m)
{
    for (int i = 0; i < n; i++)
        if (list[i] == m) return i;
    return -1;
}

/* ---- writing ---------------------------------------------------------------- */

/* Why a write failed, in the words a user can act on (errno E). */
static int write_failed(char *err, size_t errlen, int e)
{
    return bo_fail(err, errlen, "cannot write the data file: %s",
                   e == EFBIG ? "the file size limit was reached" : e == ENOSPC ? "the disk is full"
                   : e ? strerror(e) : "write error");
}

sp_data_writer *sp_data_open(FILE *f, const bo_game *g, const char *rules, char *err, size_t errlen)
{
    sp_data_writer *w = calloc(1, sizeof *w);
    if (!w) { bo_fail(err, errlen, "out of memory"); return NULL; }
    w->f = f;
    w->g = g;
    w->rules = rules ? rules : g->rule_sets[0];
    unsigned char head[8 + 1 + 16 + 24] = "BOYIDATA";
    head[8] = SP_DATA_VERSION;
    size_t nl = strlen(g->name), rl = strlen(w->rules);
    memcpy(head + 9, g->name, nl < 16 ? nl : 16);
    memcpy(head + 25, w->rules, rl < 24 ? rl : 24);
    errno = 0;
    if (fwrite(head, 1, sizeof head, f) != sizeof head || fflush(f) != 0) {
        int e = errno;
        free(w);
        write_failed(err, errlen, e);
        return NULL;
    }
    return w;
}

/* Compress the gathered games into one block and write it whole. */
static int flush_block(sp_data_writer *w, char *err, size_t errlen)
{
    if (w->games == 0) return 0;
    if (w->oom) return bo_fail(err, errlen, "out of memory");
    uLongf clen = compressBound((uLong)w->len);
    unsigned char *buf = malloc(clen + 20);
    if (!buf) return bo_fail(err, errlen, "out of memory");
    if (compress2(buf + 20, &clen, w->raw, (uLong)w->len, 9) != Z_OK) {
        free(buf);
        return bo_fail(err, errlen, "zlib could not compress a block");
    }
    memcpy(buf, "BLK1", 4);
    le32(buf + 4, (uint32_t)clen);
    le32(buf + 8, (uint32_t)w->len);
    le32(buf + 12, (uint32_t)w->games);
    le32(buf + 16, (uint32_t)crc32(0L, w->raw, (uInt)w->len));
    errno = 0;
    int rc = fwrite(buf, 1, clen + 20, w->f) == clen + 20 && fflush(w->f) == 0 ? 0 : -1;
    int e = errno;
    free(buf);
    w->len = 0;
    w->games = 0;
    return rc ? write_failed(err, errlen, e) : 0;
}

int sp_data_add(sp_data_writer *w, const sp_data_game *game, char *err, size_t errlen)
{
    const bo_game *g = w->g;
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    if (g->from_text(pos, w->rules, game->start, err, errlen) != 0) return -1;
    if (game->nplies > SP_DATA_PLIES_MAX)   /* the reader refuses such a game: say so now */
        return bo_fail(err, errlen, "game %ld has %d plies; training data holds games of at most %d", game->index,
                       game->nplies, SP_DATA_PLIES_MAX);
    put_varint(w, (uint64_t)game->index);
    unsigned char r = (unsigned char)game->result;
    put_bytes(w, &r, 1);
    size_t sl = strlen(game->start);
    put_varint(w, sl);
    put_bytes(w, game->start, sl);
    put_varint(w, (uint64_t)game->nplies);
    for (int i = 0; i < game->nplies; i++) {
        const sp_data_ply *p = &game->plies[i];
        bo_move list[BO_MOVES_MAX];
        int n = move_list(g, pos, list);
        int mi = index_of(list, n, p->move);
        if (mi < 0) return bo_fail(err, errlen, "game %ld, ply %d: the move is not legal", game->index, i + 1);
        bool other_best = p->evaluated && p->best != p->move;
        int bi = other_best ? index_of(list, n, p->best) : 0;
        if (bi < 0) other_best = false;
        unsigned char flags = (unsigned char)((p->sampled ? 1 : 0) | (p->evaluated ? 2 : 0) | (other_best ? 4 : 0));
        put_bytes(w, &flags, 1);
        put_varint(w, (uint64_t)mi);
        if (p->evaluated) put_varint(w, ((uint64_t)(int64_t)p->eval << 1) ^ (uint64_t)((int64_t)p->eval >> 63));
        if (other_best) put_varint(w, (uint64_t)bi);
        g->play(pos, p->move, undo, NULL);
    }
    w->games++;
    if (w->oom) return bo_fail(err, errlen, "out of memory");
    return w->games >= SP_DATA_BLOCK_GAMES ? flush_block(w, err, errlen) : 0;
}

int sp_data_pending(const sp_data_writer *w)
{
    return w->games;
}

int sp_data_close(sp_data_writer *w, char *err, size_t errlen)
{
    int rc = flush_block(w, err, errlen);
    free(w->raw);
    free(w);
    return rc;
}

/* ---- reading ---------------------------------------------------------------- */

typedef struct reader {
    const unsigned char *p, *end;
    int bad;
} reader;

static uint64_t get_varint(reader *r)
{
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (r->p >= r->end) { r->bad = 1; return 0; }
        unsigned char b = *r->p++;
        v |= (uint64_t)(b & 0x7F) << shift;
        if (!(b & 0x80)) return v;
    }
    r->bad = 1;
    return 0;
}

/* The games of one block's raw bytes, replayed so that moves come back from their
 * indices. */
static int read_block(reader *r, const bo_game *g, const char *rules, long ngames, sp_data_game_fn each, void *ctx,
                      char *err, size_t errlen)
{
    sp_data_ply *plies = NULL;
    int cap = 0, rc = 0;
    char start[BO_POS_MAX];
    for (long k = 0; k < ngames && rc == 0; k++) {
        sp_data_game game = {0};
        game.index = (long)get_varint(r);
        if (r->p >= r->end) { r->bad = 1; break; }
        game.result = *r->p++;
        uint64_t sl = get_varint(r);
        if (r->bad || sl >= sizeof start || (uint64_t)(r->end - r->p) < sl) { r->bad = 1; break; }
        memcpy(start, r->p, sl);
        start[sl] = 0;
        r->p += sl;
        game.start = start;
        uint64_t n = get_varint(r);
        if (r->bad || n > SP_DATA_PLIES_MAX) { r->bad = 1; break; }
        if ((int)n > cap) {
            sp_data_ply *np = realloc(plies, n * sizeof *np);
            if (!np) { rc = bo_fail(err, errlen, "out of memory"); break; }
            plies = np;
            cap = (int)n;
        }
        BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
        if (g->from_text(pos, rules, start, err, errlen) != 0) { r->bad = 1; break; }
        for (uint64_t i = 0; i < n && !r->bad; i++) {
            if (r->p >= r->end) { r->bad = 1; break; }
            unsigned char flags = *r->p++;
            bo_move list[BO_MOVES_MAX];
            int nl = move_list(g, pos, list);
            uint64_t mi = get_varint(r);
            if (mi >= (uint64_t)nl) { r->bad = 1; break; }
            sp_data_ply *p = &plies[i];
            p->move = p->best = list[mi];
            p->sampled = flags & 1;
            p->evaluated = flags & 2;
            p->eval = 0;
            if (p->evaluated) {
                uint64_t z = get_varint(r);
                p->eval = (int)((int64_t)(z >> 1) ^ -(int64_t)(z & 1));
            }
            if (flags & 4) {
                uint64_t bi = get_varint(r);
                if (bi >= (uint64_t)nl) { r->bad = 1; break; }
                p->best = list[bi];
            }
            g->play(pos, p->move, undo, NULL);
        }
        if (r->bad) break;
        game.plies = plies;
        game.nplies = (int)n;
        rc = each(ctx, g, rules, &game);
    }
    free(plies);
    return rc;
}

/* The games in a block's raw bytes, walked by their structure alone (no replay: a
 * move index is a varint whatever the position), so that a block is checked whole
 * before any of its games is delivered.  Returns the games found, *END_OK true when the
 * last one ends exactly at the end of the bytes; *FIRST and *LAST get the first and last
 * game index, and *ORDERED says whether the indices rise strictly (a block written by
 * boyi holds its games in index order). */
static long scan_block(const unsigned char *raw, size_t rlen, bool *end_ok, uint64_t *first, uint64_t *last,
                       bool *ordered)
{
    reader r = {raw, raw + rlen, 0};
    long n = 0;
    *ordered = true;
    *first = *last = 0;
    while (r.p < r.end) {
        uint64_t index = get_varint(&r);
        if (r.bad || r.p >= r.end) break;
        r.p++;   /* result */
        uint64_t sl = get_varint(&r);
        if (r.bad || sl >= BO_POS_MAX || (uint64_t)(r.end - r.p) < sl) break;
        r.p += sl;
        uint64_t plies = get_varint(&r);
        if (r.bad || plies > SP_DATA_PLIES_MAX) break;
        for (uint64_t i = 0; i < plies && !r.bad; i++) {
            if (r.p >= r.end) { r.bad = 1; break; }
            unsigned char flags = *r.p++;
            get_varint(&r);
            if (flags & 2) get_varint(&r);
            if (flags & 4) get_varint(&r);
        }
        if (r.bad) break;
        if (n == 0) *first = index;
        else if (index <= *last) *ordered = false;
        *last = index;
        n++;
    }
    *end_ok = !r.bad && r.p == r.end;
    return n;
}

/* The first problem met is the one named; the others are counted. */
static void note(sp_data_info *info, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(sp_data_info *info, const char *fmt, ...)
{
    if (info->problem[0]) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(info->problem, sizeof info->problem, fmt, ap);
    va_end(ap);
}

/* The bytes of F from here to its end, read and counted: what a stop leaves unread. */
static long rest_of(FILE *f)
{
    unsigned char buf[65536];
    long n = 0;
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0) n += (long)got;
    return n;
}

/* A block header's lengths come from the file: trusted, a damaged or hostile one would
 * have the reader allocate up to 8 GB before finding out.  The writer puts at most
 * SP_DATA_BLOCK_GAMES games in a block and read_block refuses games of more than
 * SP_DATA_PLIES_MAX plies, so a block's raw bytes have a bound (a ply takes at most 1
 * flag byte and three varints of at most 10 bytes; a game's start text less than
 * BO_POS_MAX, its index, result and lengths 31 bytes), and its compressed bytes at
 * most zlib's bound of that.  Deflate, besides, cannot expand its input more than 1032
 * times (a run of one byte, in its longest matches), so more raw bytes than that of the
 * compressed ones is damage too.  Returns why the sizes are impossible, or NULL. */
enum { DEFLATE_RATIO_MAX = 1032 };

static const char *block_sizes_impossible(uint32_t clen, uint32_t rlen, uint32_t ngames)
{
    const uint64_t game_max = (uint64_t)SP_DATA_PLIES_MAX * 31 + BO_POS_MAX + 31;
    const uint64_t raw_max = (uint64_t)SP_DATA_BLOCK_GAMES * game_max;
    if (ngames > SP_DATA_BLOCK_GAMES || rlen > raw_max || clen > compressBound((uLong)raw_max))
        return "more than a block can hold";
    if (rlen > (uint64_t)clen * DEFLATE_RATIO_MAX)
        return "more than deflate can make of those compressed bytes";
    return NULL;
}

/* Read a block's clen compressed bytes into a buffer grown as they arrive, so that a
 * header claiming more than the file holds costs what the file holds, not what it
 * claims (a 70-byte file could otherwise have the reader map 400 MB).  Returns the
 * buffer (NULL when out of memory) and the bytes read in *got. */
static unsigned char *read_compressed(FILE *f, uint32_t clen, size_t *got)
{
    size_t cap = clen < 65536 ? (clen ? clen : 1) : 65536;
    unsigned char *buf = malloc(cap);
    *got = 0;
    while (buf && *got < clen) {
        if (*got == cap) {
            size_t ncap = cap * 2 < clen ? cap * 2 : clen;
            unsigned char *nb = realloc(buf, ncap);
            if (!nb) { free(buf); return NULL; }
            buf = nb;
            cap = ncap;
        }
        size_t n = fread(buf + *got, 1, cap - *got, f);
        *got += n;
        if (n == 0) break;
    }
    return buf;
}

int sp_data_read(FILE *f, const bo_game *(*lookup)(const char *name), sp_data_game_fn each, void *ctx,
                 sp_data_info *info, char *err, size_t errlen)
{
    memset(info, 0, sizeof *info);
    unsigned char head[49];
    if (fread(head, 1, sizeof head, f) != sizeof head || memcmp(head, "BOYIDATA", 8) != 0)
        return bo_fail(err, errlen, "not a boyi training-data file (no BOYIDATA header)");
    info->version = head[8];
    if (info->version != SP_DATA_VERSION)
        return bo_fail(err, errlen, "data format version %d; this boyi reads version %d", info->version, SP_DATA_VERSION);
    memcpy(info->game, head + 9, 16);
    memcpy(info->rules, head + 25, 24);
    const bo_game *g = lookup(info->game);
    if (!g) return bo_fail(err, errlen, "the data is of game '%s', which this boyi does not know", info->game);
    long at = (long)sizeof head;   /* the file offset of the next block */
    long nth = 0;                  /* blocks met, read or not */
    bool any = false;
    uint64_t last_index = 0;
    for (;;) {
        unsigned char bh[20];
        size_t got = fread(bh, 1, sizeof bh, f);
        long here = (long)got;   /* bytes of this block read so far */
        if (got == 0) break;
        nth++;
        if (got < sizeof bh || memcmp(bh, "BLK1", 4) != 0) {
            bool joined = got >= 8 && memcmp(bh, "BOYIDATA", 8) == 0;
            note(info, "block %ld (byte %ld): %s", nth, at,
                     got < sizeof bh ? "cut short (the file ends inside a block header)"
                     : joined ? "a second data file's header: files joined together are not one data file"
                     : "no block mark");
            info->lost_bytes += here + rest_of(f);
            info->problems++;
            break;
        }
        uint32_t clen = get_le32(bh + 4), rlen = get_le32(bh + 8), ngames = get_le32(bh + 12), crc = get_le32(bh + 16);
        const char *impossible = block_sizes_impossible(clen, rlen, ngames);
        if (impossible) {
            note(info,
                     "block %ld (byte %ld): its header gives %u games in %u bytes (%u compressed), %s",
                     nth, at, ngames, rlen, clen, impossible);
            info->lost_bytes += here + rest_of(f);
            info->problems++;
            break;
        }
        size_t cg;
        unsigned char *cbuf = read_compressed(f, clen, &cg), *raw = NULL;
        here += (long)cg;
        if (cbuf && cg == clen) raw = malloc(rlen ? rlen : 1);
        if (!cbuf || (cg == clen && !raw)) { free(cbuf); free(raw); return bo_fail(err, errlen, "out of memory"); }
        uLongf dlen = rlen;
        const char *why = cg < clen ? "cut short (the file ends inside it)"
                        : uncompress(raw, &dlen, cbuf, clen) != Z_OK || dlen != rlen ? "does not decompress"
                        : crc32(0L, raw, (uInt)rlen) != crc ? "fails its CRC" : NULL;
        free(cbuf);
        if (why) {
            note(info, "block %ld (byte %ld) %s: its games are lost",
                     nth, at, why);
            info->lost_bytes += here + rest_of(f);
            info->problems++;
            free(raw);
            break;
        }
        /* The block whole before any game of it goes out: its count, its end, its order. */
        bool end_ok, ordered;
        uint64_t first, last;
        long found = scan_block(raw, rlen, &end_ok, &first, &last, &ordered);
        const char *bad = NULL;
        char what[160];
        if (!end_ok || found != (long)ngames) {
            if (end_ok)
                snprintf(what, sizeof what, "its header counts %u game%s, its bytes hold %ld", ngames,
                         ngames == 1 ? "" : "s", found);
            else
                snprintf(what, sizeof what, "its header counts %u game%s, its bytes do not end with a whole game "
                         "(%ld read)", ngames, ngames == 1 ? "" : "s", found);
            bad = what;
        } else if (found > 0 && !ordered) {
            bad = "its games' indices do not rise: games repeated or out of order";
        } else if (found > 0 && any && first <= last_index) {
            snprintf(what, sizeof what, "its first game (%llu) is not after the last one before it (%llu): blocks "
                     "repeated or out of order", (unsigned long long)first + 1, (unsigned long long)last_index + 1);
            bad = what;
        }
        if (bad) {   /* its frame is whole: the blocks after it are read */
            note(info, "block %ld (byte %ld): %.150s; its %ld games are not read", nth, at, bad, found);
            info->lost_bytes += here;
            info->lost_games += found;
            info->problems++;
            free(raw);
            at += here;
            continue;
        }
        reader r = {raw, raw + rlen, 0};
        int rc = read_block(&r, g, info->rules, ngames, each, ctx, err, errlen);
        free(raw);
        if (rc != 0) return rc;
        if (r.bad) {
            note(info, "block %ld (byte %ld): a game does not decode", nth, at);
            info->lost_bytes += here + rest_of(f);
            info->problems++;
            break;
        }
        info->blocks++;
        info->games += ngames;
        if (found > 0) { any = true; last_index = last; }
        at += here;
    }
    return 0;
}

bool sp_data_sampled(uint64_t seed, long index, int ply, double rate)
{
    if (rate >= 1) return true;
    if (rate <= 0) return false;
    uint64_t z = seed ^ (UINT64_C(0x9E3779B97F4A7C15) * (uint64_t)(index + 1)) ^ ((uint64_t)ply << 40);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    z ^= z >> 31;
    return (double)(z >> 11) * 0x1.0p-53 < rate;
}
