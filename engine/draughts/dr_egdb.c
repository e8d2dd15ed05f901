/* dr_egdb.c -- building, reading and checking the draughts endgame databases
 * (dr_egdb.h).
 *
 * Index.  Only positions with white to move are stored: black to move is the same
 * position turned round (square s -> 51 - s, colours swapped), which is white to move
 * in the material with the colours' counts swapped.  A material is (white men, white
 * kings, black men, black kings); within it a position is numbered by the
 * combinatorial number system, group by group: white men on 6..50 (45 squares: a white
 * man on 1..5 would have been crowned), white kings on 1..50, black men on 1..45, black
 * kings on 1..50, index = ((wm * C(50,wk) + wk) * C(45,bm) + bm) * C(50,bk) + bk.  Two
 * groups on one square make an index that is no position (value 0 in the file).
 *
 * Method: retrograde analysis, material by material (fewer pieces first, then fewer
 * men: a capture takes a piece, a crowning a man, so every move out of a material
 * lands in one already solved).  A material and its colour-swapped twin are solved
 * together (the quiet moves of one lead into the other).  First every position is
 * looked at once through the engine's own move generator (captures compulsory, the
 * most pieces taken, dr_gen_moves): no move, or only moves out of the pair into
 * positions won for the opponent: lost; a move into a position lost for the opponent:
 * won; else it keeps the count of its moves inside the pair.  Then each position won
 * or lost tells its predecessors inside the pair (quiet moves taken back): a lost one
 * makes them won, a won one takes one from their count, and a count at 0 (with no
 * drawn way out) is lost.  What is unknown when no news is left is a draw (neither
 * side can force a win: play goes on for ever).  An earlier version iterated whole
 * passes to the fixpoint; the tests compare with such a solver (test_egdb.c).
 *
 * File: "wdl-ABCD.bin" for white men A, white kings B, black men C, black kings D;
 * a 16-byte header ("boyi-dwdl1", the four counts, two zero bytes), then 2 bits a
 * position in index order, four to a byte, low bits first (0 no position, 1 win,
 * 2 loss, 3 draw for white to move).  Written under a temporary name and renamed when
 * whole: a file there is a finished material (the build's checkpoint). */
#include "dr_egdb.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core.h"
#include "dr_internal.h"

enum { CODES = 625, HEADER = 16, UNKNOWN = 0, INVALID = 4 };
static const char MAGIC[10] = {'b', 'o', 'y', 'i', '-', 'd', 'w', 'd', 'l', '1'};


/* C(n, k) for n <= 50, k <= 5: small enough to compute each time (called per index
 * group, not per node of a search). */
static uint64_t binom(int n, int k)
{
    if (k < 0 || n < k) return 0;
    uint64_t r = 1;
    for (int i = 1; i <= k; i++) r = r * (uint64_t)(n - k + i) / (uint64_t)i;
    return r;
}

/* C(n, k) looked up: each database, build and check fills its own (no global table). */
typedef struct binoms { uint32_t c[51][DR_EGDB_MAX_PIECES + 1]; } binoms;
static void binoms_fill(binoms *b)
{
    for (int n = 0; n <= 50; n++)
        for (int k = 0; k <= DR_EGDB_MAX_PIECES; k++) b->c[n][k] = (uint32_t)binom(n, k);
}

struct dr_egdb {
    const uint8_t *packed[CODES];   /* 2 bits a position (white to move), NULL if absent */
    uint64_t size[CODES];           /* positions of the material */
    void *map[CODES];               /* mmap'ed file (NULL: packed is malloc'ed) */
    size_t maplen[CODES];
    int pieces;
    binoms b;                       /* C(n, k) for the index */
};

static int code_of(int wm, int wk, int bm, int bk) { return ((wm * 5 + wk) * 5 + bm) * 5 + bk; }

static uint64_t material_size(int wm, int wk, int bm, int bk)
{
    return binom(45, wm) * binom(50, wk) * binom(45, bm) * binom(50, bk);
}

/* Rank of the set BITS (compact squares, bit s-1) shifted down by OFF, within its group. */
static uint64_t rank_set(const binoms *b, uint64_t bits, int off)
{
    uint64_t r = 0;
    int j = 1;
    for (; bits; bits &= bits - 1, j++) r += b->c[DRI_CTZ(bits) - off][j];
    return r;
}

/* The set of K squares (bit s-1, shifted up by OFF) of rank R in a group of N squares. */
static uint64_t unrank_set(const binoms *b, uint64_t r, int k, int n, int off)
{
    uint64_t bits = 0;
    int c = n - 1;
    for (int j = k; j >= 1; j--) {
        while (b->c[c][j] > r) c--;
        r -= b->c[c][j];
        bits |= UINT64_C(1) << (c + off);
        c--;
    }
    return bits;
}

/* Square s -> 51 - s (bit i -> bit 49 - i). */
static uint64_t mirror50(uint64_t x)
{
    x = ((x >> 1) & UINT64_C(0x5555555555555555)) | ((x & UINT64_C(0x5555555555555555)) << 1);
    x = ((x >> 2) & UINT64_C(0x3333333333333333)) | ((x & UINT64_C(0x3333333333333333)) << 2);
    x = ((x >> 4) & UINT64_C(0x0F0F0F0F0F0F0F0F)) | ((x & UINT64_C(0x0F0F0F0F0F0F0F0F)) << 4);
    return __builtin_bswap64(x) >> 14;
}

/* P seen from black: white to move in the colour-swapped position. */
static void turn_round(const dr_pos *p, dr_pos *q)
{
    memset(q, 0, sizeof *q);
    q->white = mirror50(p->black);
    q->black = mirror50(p->white);
    q->kings = mirror50(p->kings);
    q->side = DR_WHITE;
}

/* Index of P (white to move) within its material; the material's code in *CODE. */
static uint64_t index_of(const binoms *b, const dr_pos *p, int *code)
{
    uint64_t wm = p->white & ~p->kings, wk = p->white & p->kings, bm = p->black & ~p->kings, bk = p->black & p->kings;
    int nwm = DRI_POPCOUNT(wm), nwk = DRI_POPCOUNT(wk), nbm = DRI_POPCOUNT(bm), nbk = DRI_POPCOUNT(bk);
    *code = code_of(nwm, nwk, nbm, nbk);
    uint64_t i = rank_set(b, wm, 5);
    i = i * b->c[50][nwk] + rank_set(b, wk, 0);
    i = i * b->c[45][nbm] + rank_set(b, bm, 0);
    i = i * b->c[50][nbk] + rank_set(b, bk, 0);
    return i;
}

/* The position of index I in material (wm, wk, bm, bk), white to move; false when the
 * index names no position (two pieces on a square). */
static bool position_of(const binoms *b, uint64_t i, const int m[4], dr_pos *p)
{
    uint64_t rbk = i % b->c[50][m[3]];
    i /= b->c[50][m[3]];
    uint64_t rbm = i % b->c[45][m[2]];
    i /= b->c[45][m[2]];
    uint64_t rwk = i % b->c[50][m[1]];
    uint64_t rwm = i / b->c[50][m[1]];
    uint64_t wm = unrank_set(b, rwm, m[0], 45, 5), wk = unrank_set(b, rwk, m[1], 50, 0);
    uint64_t bm = unrank_set(b, rbm, m[2], 45, 0), bk = unrank_set(b, rbk, m[3], 50, 0);
    if ((wm & wk) || ((wm | wk) & (bm | bk)) || (bm & bk)) return false;
    memset(p, 0, sizeof *p);
    p->white = wm | wk;
    p->black = bm | bk;
    p->kings = wk | bk;
    p->side = DR_WHITE;   /* hash left 0: the build and the check need none */
    return true;
}

static int packed_get(const uint8_t *t, uint64_t i) { return t[i >> 2] >> ((i & 3) * 2) & 3; }

/* ---- reading ------------------------------------------------------------------ */

static void file_name(char *buf, size_t n, const char *dir, int wm, int wk, int bm, int bk)
{
    snprintf(buf, n, "%s/wdl-%d%d%d%d.bin", dir, wm, wk, bm, bk);
}

/* Map one material's file; false when missing or not whole. */
static bool map_material(dr_egdb *db, const char *dir, int wm, int wk, int bm, int bk)
{
    char path[4096];
    file_name(path, sizeof path, dir, wm, wk, bm, bk);
    int fd = open(path, O_RDONLY);
    if (fd < 0) return false;
    struct stat st;
    uint64_t size = material_size(wm, wk, bm, bk);
    size_t len = HEADER + (size_t)((size + 3) / 4);
    bool ok = fstat(fd, &st) == 0 && (uint64_t)st.st_size == len;
    void *m = ok ? mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0) : MAP_FAILED;
    close(fd);
    if (m == MAP_FAILED) return false;
    const uint8_t *h = m;
    if (memcmp(h, MAGIC, sizeof MAGIC) != 0 || h[10] != wm || h[11] != wk || h[12] != bm || h[13] != bk) {
        munmap(m, len);
        return false;
    }
    int c = code_of(wm, wk, bm, bk);
    db->map[c] = m;
    db->maplen[c] = len;
    db->packed[c] = h + HEADER;
    db->size[c] = size;
    return true;
}

/* Calls FN for every material of N pieces (white to move): (wm, wk, bm, bk), both
 * sides with a piece. */
typedef bool (*material_fn)(void *ctx, int wm, int wk, int bm, int bk);
static bool each_material(int n, material_fn fn, void *ctx)
{
    for (int w = 1; w < n; w++)
        for (int wm = 0; wm <= w; wm++)
            for (int bm = 0; bm <= n - w; bm++)
                if (!fn(ctx, wm, w - wm, bm, n - w - bm)) return false;
    return true;
}

typedef struct open_ctx { dr_egdb *db; const char *dir; } open_ctx;
static bool open_one(void *vctx, int wm, int wk, int bm, int bk)
{
    open_ctx *o = vctx;
    return map_material(o->db, o->dir, wm, wk, bm, bk);
}

dr_egdb *dr_egdb_open(const char *dir, char *err, size_t errlen)
{
    dr_egdb *db = calloc(1, sizeof *db);
    if (!db) { bo_fail(err, errlen, "out of memory"); return NULL; }
    binoms_fill(&db->b);
    open_ctx o = {db, dir};
    for (int n = 2; n <= DR_EGDB_MAX_PIECES && each_material(n, open_one, &o); n++) db->pieces = n;
    if (db->pieces < 2) {
        dr_egdb_close(db);
        bo_fail(err, errlen, "%s: no draughts endgame database (build one: boyi solve --game draughts --max-pieces 4 --table %s)", dir, dir);
        return NULL;
    }
    return db;
}

void dr_egdb_close(dr_egdb *db)
{
    if (!db) return;
    for (int c = 0; c < CODES; c++) {
        if (db->map[c]) munmap(db->map[c], db->maplen[c]);
        else free((void *)db->packed[c]);
    }
    free(db);
}

int dr_egdb_pieces(const dr_egdb *db) { return db ? db->pieces : 0; }

/* The value for white to move of P (white to move) from a finished material: 0 if absent. */
static int lookup_white(const dr_egdb *db, const binoms *b, const dr_pos *p)
{
    int code;
    uint64_t i = index_of(b, p, &code);
    if (!db->packed[code]) return 0;
    return packed_get(db->packed[code], i);
}

/* The value of P for its side to move, the binomials given (the build's and the
 * check's hot path). */
static int probe_with(const dr_egdb *db, const binoms *b, const dr_pos *p)
{
    if (!p->white || !p->black) return 0;
    int n = DRI_POPCOUNT(p->white | p->black);
    if (n > db->pieces) return 0;
    if (p->side == DR_WHITE) return lookup_white(db, b, p);
    dr_pos q;
    turn_round(p, &q);
    return lookup_white(db, b, &q);
}

int dr_egdb_probe(const dr_egdb *db, const dr_pos *p)
{
    if (!db || p->variant != DR_INTERNATIONAL || !p->white || !p->black) return 0;
    if (DRI_POPCOUNT(p->white | p->black) > db->pieces) return 0;
    return probe_with(db, &db->b, p);
}

bool dr_egdb_default_dir(char *buf, size_t n)
{
    const char *env = getenv("BOYI_DRAUGHTS_EGDB");
    if (env) {
        if (!*env) return false;
        return (size_t)snprintf(buf, n, "%s", env) < n;
    }
    const char *xdg = getenv("XDG_DATA_HOME");
    if (xdg && *xdg) return (size_t)snprintf(buf, n, "%s/boyi/draughts-egdb", xdg) < n;
    const char *home = getenv("HOME");
    if (home && *home) return (size_t)snprintf(buf, n, "%s/.local/share/boyi/draughts-egdb", home) < n;
    return false;
}

/* ---- building ----------------------------------------------------------------- */

/* A material being solved: a byte a position (UNKNOWN, the three values, INVALID),
 * and for the unknown ones how many successors within the pair are still not known
 * won for the opponent (NEVER: a successor is a draw, the position cannot be lost). */
enum { NEVER = 255 };
typedef struct work {
    int m[4];
    int code;
    uint64_t size;
    uint8_t *v, *cnt;
} work;

/* Which of W[0..nw) holds material CODE; -1 if none. */
static int work_of(const work *w, int nw, int code)
{
    for (int k = 0; k < nw; k++)
        if (w[k].code == code) return k;
    return -1;
}

/* First look at a position (white to move): its value where the successors outside
 * the pair (captures, crownings: solved materials) decide it, else UNKNOWN with the
 * count of its successors inside the pair in *CNT (NEVER where one outside is a draw). */
static int first_value(const dr_egdb *db, const binoms *b, const work *w, int nw, const dr_pos *p, int *cnt)
{
    dr_move mv[DR_MAX_MOVES];
    int n = dr_gen_moves(p, mv), inside = 0;
    bool drawn = false;
    if (n <= 0) return DR_EGDB_LOSS;
    for (int k = 0; k < n; k++) {
        dr_pos q = *p;
        dr_make(&q, &mv[k]);
        if (!q.black) return DR_EGDB_WIN;
        dr_pos r;
        turn_round(&q, &r);
        int code;
        uint64_t i = index_of(b, &r, &code);
        if (work_of(w, nw, code) >= 0) { inside++; continue; }
        int v = db->packed[code] ? packed_get(db->packed[code], i) : UNKNOWN;
        if (v == DR_EGDB_LOSS) return DR_EGDB_WIN;
        if (v != DR_EGDB_WIN) drawn = true;
    }
    if (!inside) return drawn ? DR_EGDB_DRAW : DR_EGDB_LOSS;
    *cnt = drawn ? NEVER : inside;
    return UNKNOWN;
}

/* Square one diagonal step from S (dr: -1 up towards square 1's row, +1 down; dc: -1
 * left, +1 right); 0 off the board. */
static int diag_step(int s, int dr, int dc)
{
    int r = (s - 1) / 5, c = 2 * ((s - 1) % 5) + (r % 2 == 0 ? 1 : 0);
    r += dr;
    c += dc;
    if (r < 0 || r > 9 || c < 0 || c > 9) return 0;
    return r * 5 + c / 2 + 1;
}

typedef struct queue { uint32_t *q; size_t head, tail; } queue;

/* A position just valued: its predecessors inside the pair learn it.  Y is white to
 * move; the move into it was black's (in Y's frame) and quiet (a capture or a crowning
 * leaves the material), so a black king came from any square behind it on a diagonal
 * through empty squares, a black man from one of the two squares above it.  Such a
 * predecessor still unknown has no capture (a position with one is valued at first
 * sight), so the move was legal.  Y lost: the predecessor wins; Y won: one successor
 * fewer left to the predecessor, which loses when none is left. */
static void propagate(const binoms *b, work *w, int nw, const dr_pos *y, int value, queue *qu)
{
    uint64_t empty = ~(y->white | y->black) & ((UINT64_C(1) << 50) - 1);
    for (uint64_t pieces = y->black; pieces; pieces &= pieces - 1) {
        int t = DRI_CTZ(pieces) + 1;
        bool king = (y->kings >> (t - 1)) & 1;
        for (int d = 0; d < 4; d++) {
            int dr = d < 2 ? -1 : 1, dc = (d & 1) ? 1 : -1;
            if (!king && dr > 0) continue;   /* a man came from above (black moves down) */
            for (int f = diag_step(t, dr, dc); f && (empty >> (f - 1) & 1); f = diag_step(f, dr, dc)) {
                dr_pos x = *y;
                x.black ^= (UINT64_C(1) << (t - 1)) | (UINT64_C(1) << (f - 1));
                if (king) x.kings ^= (UINT64_C(1) << (t - 1)) | (UINT64_C(1) << (f - 1));
                x.side = DR_BLACK;
                dr_pos xr;
                turn_round(&x, &xr);
                int code;
                uint64_t j = index_of(b, &xr, &code);
                int k = work_of(w, nw, code);
                if (k >= 0 && w[k].v[j] == UNKNOWN) {
                    bool decided = false;
                    if (value == DR_EGDB_LOSS) { w[k].v[j] = DR_EGDB_WIN; decided = true; }
                    else if (w[k].cnt[j] != NEVER && --w[k].cnt[j] == 0) { w[k].v[j] = DR_EGDB_LOSS; decided = true; }
                    if (decided) qu->q[qu->tail++] = (uint32_t)(j << 1 | (uint64_t)k);
                }
                if (!king) break;
            }
        }
    }
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

/* Write a solved material's file whole: temporary name, then rename. */
static int write_material(const char *dir, const work *w, const uint8_t *packed, char *err, size_t errlen)
{
    char path[4096], tmp[4200];
    file_name(path, sizeof path, dir, w->m[0], w->m[1], w->m[2], w->m[3]);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    if (!f) return bo_fail(err, errlen, "%s: %s", tmp, strerror(errno));
    uint8_t h[HEADER] = {0};
    memcpy(h, MAGIC, sizeof MAGIC);
    for (int k = 0; k < 4; k++) h[10 + k] = (uint8_t)w->m[k];
    size_t len = (size_t)((w->size + 3) / 4);
    bool ok = fwrite(h, 1, HEADER, f) == HEADER && fwrite(packed, 1, len, f) == len;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) {
        int e = errno;
        remove(tmp);
        return bo_fail(err, errlen, "%s: %s", path, strerror(e ? e : EIO));
    }
    return 0;
}

/* Solve W[0..nw) (a material and its colour-swapped twin): every position valued at
 * first sight, then retrograde: each position won or lost tells its predecessors (a
 * queue), until no news is left; the positions still unknown are draws.  *PASSES
 * counts the queue's rounds (how far the longest news travelled). */
static int solve_group(dr_egdb *db, const binoms *b, work *w, int nw, const volatile int *stop, int *passes)
{
    queue qu = {NULL, 0, 0};
    uint64_t total = 0;
    for (int k = 0; k < nw; k++) total += w[k].size;
    qu.q = malloc((size_t)total * sizeof *qu.q);
    if (!qu.q) return -2;
    for (int k = 0; k < nw; k++) {
        for (uint64_t i = 0; i < w[k].size; i++) {
            dr_pos p;
            if (!position_of(b, i, w[k].m, &p)) { w[k].v[i] = INVALID; continue; }
            int cnt = 0, v = first_value(db, b, w, nw, &p, &cnt);
            w[k].v[i] = (uint8_t)v;
            w[k].cnt[i] = (uint8_t)cnt;
            if (v == DR_EGDB_WIN || v == DR_EGDB_LOSS) qu.q[qu.tail++] = (uint32_t)(i << 1 | (uint64_t)k);
        }
    }
    *passes = 1;
    while (qu.head < qu.tail) {
        if (stop && *stop) { free(qu.q); return -1; }
        size_t end = qu.tail;
        for (; qu.head < end; qu.head++) {
            uint32_t e = qu.q[qu.head];
            int k = (int)(e & 1);
            uint64_t i = e >> 1;
            dr_pos y;
            position_of(b, i, w[k].m, &y);
            propagate(b, w, nw, &y, w[k].v[i], &qu);
        }
        (*passes)++;
    }
    free(qu.q);
    for (int k = 0; k < nw; k++)
        for (uint64_t i = 0; i < w[k].size; i++)
            if (w[k].v[i] == UNKNOWN) w[k].v[i] = DR_EGDB_DRAW;
    return 0;
}

typedef struct build_ctx {
    dr_egdb *db;
    const binoms *b;
    const char *dir;
    dr_egdb_progress_fn progress;
    void *pctx;
    const volatile int *stop;
    char *err;
    size_t errlen;
    int rc;
    int pass;   /* the men on the board of the materials built now (fewer first) */
} build_ctx;

/* Pack a solved material into 2 bits a position (INVALID -> 0). */
static uint8_t *pack(const work *w)
{
    uint8_t *t = calloc((size_t)((w->size + 3) / 4), 1);
    if (!t) return NULL;
    for (uint64_t i = 0; i < w->size; i++)
        if (w->v[i] != INVALID) t[i >> 2] |= (uint8_t)(w->v[i] << ((i & 3) * 2));
    return t;
}

/* Count one material's values for the report. */
static void count_values(const dr_egdb *db, int code, uint64_t size, dr_egdb_material_report *r)
{
    for (uint64_t i = 0; i < size; i++) {
        int v = packed_get(db->packed[code], i);
        if (v == DR_EGDB_WIN) r->wins++;
        else if (v == DR_EGDB_LOSS) r->losses++;
        else if (v == DR_EGDB_DRAW) r->draws++;
    }
    r->positions = r->wins + r->draws + r->losses;
}

/* Build (or take up from its file) the material (wm, wk, bm, bk) with its twin, when
 * this pass of men counts is its turn. */
static bool build_one(void *vctx, int wm, int wk, int bm, int bk)
{
    build_ctx *c = vctx;
    if (wm + bm != c->pass) return true;
    int code = code_of(wm, wk, bm, bk), twin = code_of(bm, bk, wm, wk);
    if (c->db->packed[code]) return true;   /* done with its twin */
    int m[2][4] = {{wm, wk, bm, bk}, {bm, bk, wm, wk}};
    int nw = code == twin ? 1 : 2;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    bool reused = map_material(c->db, c->dir, wm, wk, bm, bk) && (nw == 1 || map_material(c->db, c->dir, bm, bk, wm, wk));
    int passes = 0;
    if (!reused) {
        for (int k = 0; k < 2; k++) {   /* one of the pair may have been there alone */
            int cc = code_of(m[k][0], m[k][1], m[k][2], m[k][3]);
            if (c->db->map[cc]) { munmap(c->db->map[cc], c->db->maplen[cc]); c->db->map[cc] = NULL; c->db->packed[cc] = NULL; }
        }
        work w[2];
        memset(w, 0, sizeof w);
        for (int k = 0; k < nw; k++) {
            memcpy(w[k].m, m[k], sizeof m[k]);
            w[k].code = code_of(m[k][0], m[k][1], m[k][2], m[k][3]);
            w[k].size = material_size(m[k][0], m[k][1], m[k][2], m[k][3]);
            w[k].v = malloc((size_t)w[k].size);
            w[k].cnt = malloc((size_t)w[k].size);
            if (!w[k].v || !w[k].cnt) {
                for (int j = 0; j <= k; j++) { free(w[j].v); free(w[j].cnt); }
                c->rc = bo_fail(c->err, c->errlen, "out of memory for material %d%d%d%d", m[k][0], m[k][1], m[k][2], m[k][3]);
                return false;
            }
        }
        int sr = solve_group(c->db, c->b, w, nw, c->stop, &passes);
        for (int k = 0; k < nw; k++) { free(w[k].cnt); w[k].cnt = NULL; }
        if (sr != 0) {
            for (int k = 0; k < nw; k++) free(w[k].v);
            c->rc = bo_fail(c->err, c->errlen, sr == -2 ? "out of memory" : "stopped");
            return false;
        }
        for (int k = 0; k < nw; k++) {
            uint8_t *t = pack(&w[k]);
            free(w[k].v);
            w[k].v = NULL;
            if (!t || write_material(c->dir, &w[k], t, c->err, c->errlen) != 0) {
                free(t);
                if (k == 0 && nw == 2) free(w[1].v);
                if (!t) bo_fail(c->err, c->errlen, "out of memory");
                c->rc = -1;
                return false;
            }
            c->db->packed[w[k].code] = t;
            c->db->size[w[k].code] = w[k].size;
        }
    }
    for (int k = 0; k < nw && c->progress; k++) {
        dr_egdb_material_report r = {.wm = m[k][0], .wk = m[k][1], .bm = m[k][2], .bk = m[k][3], .passes = passes,
                                     .seconds = seconds_since(&t0), .reused = reused};
        int cc = code_of(m[k][0], m[k][1], m[k][2], m[k][3]);
        count_values(c->db, cc, c->db->size[cc], &r);
        c->progress(c->pctx, &r);
    }
    return true;
}

int dr_egdb_build(const char *dir, int max_pieces, dr_egdb_progress_fn progress, void *ctx, const volatile int *stop,
                  char *err, size_t errlen)
{
    if (max_pieces < 2 || max_pieces > DR_EGDB_MAX_PIECES)
        return bo_fail(err, errlen, "--max-pieces for draughts is 2..%d, not %d", DR_EGDB_MAX_PIECES, max_pieces);
    if (bo_make_dirs(dir, err, errlen) != 0) return -1;   /* the default folder may not exist yet */
    dr_egdb *db = calloc(1, sizeof *db);
    binoms *b = malloc(sizeof *b);
    if (!db || !b) { free(db); free(b); return bo_fail(err, errlen, "out of memory"); }
    binoms_fill(b);
    build_ctx c = {db, b, dir, progress, ctx, stop, err, errlen, 0, 0};
    int rc = 0;
    for (int n = 2; n <= max_pieces && rc == 0; n++) {
        db->pieces = n;   /* successors have at most n pieces */
        /* fewer men first: a crowning leads to one man fewer */
        for (c.pass = 0; c.pass <= n && rc == 0; c.pass++)
            if (!each_material(n, build_one, &c)) rc = c.rc ? c.rc : -1;
    }
    dr_egdb_close(db);
    free(b);
    return rc;
}

/* ---- checking ----------------------------------------------------------------- */

/* splitmix64: the check's seeded positions. */
static uint64_t next_random(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* The value P must have by the rules, from its successors' database values. */
static int value_by_rules(const dr_egdb *db, const binoms *b, const dr_pos *p)
{
    dr_move mv[DR_MAX_MOVES];
    int n = dr_gen_moves(p, mv);
    if (n <= 0) return DR_EGDB_LOSS;
    bool all_won = true;
    for (int k = 0; k < n; k++) {
        dr_pos q = *p;
        dr_make(&q, &mv[k]);
        int v = q.black && q.white ? probe_with(db, b, &q) : DR_EGDB_LOSS;
        if (v == DR_EGDB_LOSS) return DR_EGDB_WIN;
        if (v != DR_EGDB_WIN) all_won = false;
    }
    return all_won ? DR_EGDB_LOSS : DR_EGDB_DRAW;
}

long dr_egdb_verify(const dr_egdb *db, long samples, uint64_t seed, long *checked, char *err, size_t errlen)
{
    const binoms *b = &db->b;
    int codes[CODES], nc = 0;
    for (int c = 0; c < CODES; c++)
        if (db->packed[c]) codes[nc++] = c;
    if (!nc) return bo_fail(err, errlen, "no material to check"), -1L;
    long bad = 0, done = 0;
    uint64_t s = seed;
    for (long t = 0; t < samples * 4 && done < samples; t++) {
        int c = codes[next_random(&s) % (uint64_t)nc];
        int m[4] = {c / 125, c / 25 % 5, c / 5 % 5, c % 5};
        uint64_t i = next_random(&s) % db->size[c];
        dr_pos p;
        if (!position_of(b, i, m, &p)) continue;
        done++;
        int v = packed_get(db->packed[c], i);
        if (v != value_by_rules(db, b, &p)) bad++;
    }
    if (checked) *checked = done;
    return bad;
}
