/* tg_engine.c -- Two Tigers' engine: the solved table where it reaches, else the
 * descriptor's alpha-beta with tg_evaluate.
 *
 * Method: BOYI_TIGERS_TABLE names a table written by `boyi solve --game tigers
 * --table FILE` (a header with the win layer, then the layers of win+1 .. K dogs, each
 * the tigers-to-move then the dogs-to-move values, 2 bits a position in tg_index
 * order, up to symmetry; K follows from the file's size), BOYI_TIGERS_DISTANCES its
 * distance file (a byte a position: the plies to the next capture or the end with
 * best play; written by the same solve with BOYI_TIGERS_DISTANCES set).  Where the
 * position's dogs are within the table, every root move's result is read from it (a
 * capture down to the win layer wins outright).  With distances, a won or lost
 * position is played from the table alone: the winner plays the value-keeping move
 * of least distance (a capture into a won lower layer counts 1: the capture is the
 * conversion), the loser the move of greatest distance, so a win is converted in
 * exactly its distance (RULES.md 8's 100-ply rule then draws only a win whose
 * distance is above 100 from a fresh counter); the PV is the table's line to the
 * conversion, depth its length (the distance), score 10000 - distance (the loser's
 * negated).  Draws, and any position without distances, go to the alpha-beta
 * restricted to the moves of the best kind -- keeping a win, else a draw --, which
 * picks among them by its evaluation (a win is kept but not converted fastest).
 * win_rate is the table's exact expected score (1, 0.5, 0).  The engine uses only a
 * table of the real game (win layer 10, six taken); the tests give tg_engine_table a
 * reduced game's.  Nothing is kept between searches. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core.h"
#include "search.h"
#include "tg_index.h"
#include "tg_solve.h"

int tg_view_open(tg_view *t, const char *path, const tg_index *x)
{
    memset(t, 0, sizeof *t);
    t->x = x;
    t->dfd = -1;
    t->fd = open(path, O_RDONLY);
    if (t->fd < 0) return -1;
    struct stat st;
    unsigned char hdr[TG_TABLE_HEADER];
    if (fstat(t->fd, &st) != 0 || pread(t->fd, hdr, sizeof hdr, 0) != (ssize_t)sizeof hdr ||
        memcmp(hdr, "boyi-tg2", 8) != 0 || hdr[8] >= TG_DOGS) {
        close(t->fd);
        return -1;
    }
    t->win = hdr[8];
    for (int d = t->win + 1; d <= TG_DOGS; d++) {
        t->offset[d] = tg_table_offset(x, t->win, d);
        if (tg_table_offset(x, t->win, d + 1) <= (uint64_t)st.st_size) t->top = d;
    }
    if (!t->top) { close(t->fd); return -1; }
    return 0;
}

void tg_view_close(tg_view *t)
{
    if (t->map) tg_view_unmap(t);
    if (t->fd > 0) close(t->fd);
    if (t->dfd > 0) close(t->dfd);
    t->fd = t->dfd = -1;
}

int tg_view_open_dist(tg_view *t, const char *path, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) return bo_fail(err, errlen, "%s: cannot read the distance file", path);
    struct stat st;
    unsigned char hdr[TG_TABLE_HEADER], want[TG_TABLE_HEADER] = {'b', 'o', 'y', 'i', '-', 't', 'd', '1'};
    want[8] = (unsigned char)t->win;
    if (fstat(fd, &st) != 0 || pread(fd, hdr, sizeof hdr, 0) != (ssize_t)sizeof hdr ||
        memcmp(hdr, want, sizeof hdr) != 0) {
        close(fd);
        return bo_fail(err, errlen, "%s: not a Two Tigers distance file of the table's win layer", path);
    }
    int top = t->win;
    for (int d = t->win + 1; d <= TG_DOGS; d++)
        if (tg_dist_offset(t->x, t->win, d + 1) <= (uint64_t)st.st_size) top = d;
    if (top > t->top || (uint64_t)st.st_size != tg_dist_offset(t->x, t->win, top + 1)) {
        close(fd);
        return bo_fail(err, errlen, "%s: %llu bytes: not the distances of whole layers of the table (up to %d dogs)",
                       path, (unsigned long long)st.st_size, t->top);
    }
    t->dfd = fd;
    t->dtop = top;
    return 0;
}

static int dogs_on(const tg_pos *p)
{
    int n = 0;
    for (int q = 0; q < TG_POINTS; q++) n += p->dogs[q];
    return n;
}

int tg_view_value(const tg_view *t, const tg_pos *p)
{
    int d = dogs_on(p);
    if (d <= t->win || d > t->top) return -1;
    uint64_t i = tg_index_rank(t->x, p);
    uint64_t at = t->offset[d] + (p->side ? (t->x->size[d] + 3) / 4 : 0) + i / 4;
    uint8_t b;
    if (pread(t->fd, &b, 1, (off_t)at) != 1) return -1;
    return b >> ((i & 3) * 2) & 3;
}

int tg_view_dist(const tg_view *t, const tg_pos *p)
{
    int d = dogs_on(p);
    if (t->dfd < 0 || d <= t->win || d > t->dtop) return -1;
    uint64_t i = tg_index_rank(t->x, p);
    uint8_t b;
    if (pread(t->dfd, &b, 1, (off_t)(tg_dist_offset(t->x, t->win, d) + (p->side ? t->x->size[d] : 0) + i)) != 1)
        return -1;
    return b == 255 ? -1 : b;
}

int tg_view_moves(const tg_view *t, const tg_pos *p, uint32_t *moves, int *kind, int *n)
{
    if (tg_view_value(t, p) < 0) return -1;
    tg_pos g = *p;
    g.captured = 0;   /* tg_legal stops at six taken; the table's win layer says when it ends */
    *n = tg_legal(&g, moves);
    int best = 0;
    for (int i = 0; i < *n; i++) {
        tg_pos q = g;
        tg_undo u;
        tg_play(&q, moves[i], &u);
        int v = dogs_on(&q) <= t->win ? TG_V_LOSS : tg_view_value(t, &q);
        kind[i] = v == TG_V_LOSS ? 2 : v == TG_V_WIN ? 0 : 1;   /* 2 wins, 1 draws, 0 loses */
        if (kind[i] > best) best = kind[i];
    }
    return best;
}

int tg_view_moves_dist(const tg_view *t, const tg_pos *p, uint32_t *moves, int *kind, int *dist, int *n)
{
    int best = tg_view_moves(t, p, moves, kind, n);
    int d = dogs_on(p);
    for (int i = 0; i < *n; i++) {
        dist[i] = -1;
        if (best < 0 || kind[i] == 1) continue;
        tg_pos q = *p;
        q.captured = 0;
        tg_undo u;
        tg_play(&q, moves[i], &u);
        if (dogs_on(&q) < d) dist[i] = 1;   /* a capture: the conversion */
        else {
            int e = tg_view_dist(t, &q);
            dist[i] = e < 0 ? -1 : e + 1;
        }
    }
    return best;
}

int tg_view_best(const tg_view *t, const tg_pos *p, uint32_t *moves, int *n, int *dtc)
{
    int kind[TG_MAX_MOVES], dist[TG_MAX_MOVES];
    *dtc = -1;
    int best = tg_view_moves_dist(t, p, moves, kind, dist, n);
    if (best < 0 || best == 1 || t->dfd < 0 || tg_view_dist(t, p) < 0) return -1;
    *dtc = tg_view_dist(t, p);
    int pick = -1;
    for (int i = 0; i < *n; i++) {
        if (kind[i] != best || dist[i] < 0) continue;
        if (pick < 0 || (best == 2 ? dist[i] < dist[pick] : dist[i] > dist[pick])) pick = i;
    }
    return pick;
}

/* A won or lost position played from the distances: the best move (among those not
 * skipped), and the table's line to the conversion as the PV.  0, or 1 when the
 * distances do not answer (the caller searches). */
static int table_line(const tg_view *t, const bo_game *g, const tg_pos *pos, const struct bo_limits *lim,
                      void (*on_info)(void *ctx, const struct bo_search_info *info), void *ctx,
                      struct bo_search_info *out)
{
    uint32_t moves[TG_MAX_MOVES];
    int kind[TG_MAX_MOVES], dist[TG_MAX_MOVES], n = 0;
    int best = tg_view_moves_dist(t, pos, moves, kind, dist, &n), pick = -1;
    if (best < 0 || best == 1 || t->dfd < 0 || tg_view_dist(t, pos) < 0) return 1;   /* no distance here */
    for (int i = 0; i < n; i++) {
        bool skipped = false;
        for (int k = 0; k < lim->nskip; k++) skipped |= lim->skip[k] == moves[i];
        if (skipped || kind[i] != best || dist[i] < 0) continue;
        if (pick < 0 || (best == 2 ? dist[i] < dist[pick] : dist[i] > dist[pick])) pick = i;
    }
    if (pick < 0) return 1;
    memset(out, 0, sizeof *out);
    int dtc = dist[pick];
    out->pv[0] = moves[pick];
    out->pvlen = 1;
    tg_pos q = *pos;
    q.captured = 0;
    tg_undo u;
    tg_play(&q, moves[pick], &u);
    int d0 = dogs_on(pos);
    while (out->pvlen < BO_MAX_PLY && dogs_on(&q) == d0) {   /* on to the capture or the end */
        int m2, e;
        int k = tg_view_best(t, &q, moves, &m2, &e);
        if (k < 0) break;
        out->pv[out->pvlen++] = moves[k];
        tg_play(&q, moves[k], &u);
    }
    (void)g;
    out->depth = out->seldepth = dtc;
    out->score = best == 2 ? 10000 - dtc : -(10000 - dtc);
    out->win_rate = best == 2 ? 1.0 : 0.0;
    out->nodes = (uint64_t)out->pvlen;
    if (on_info) on_info(ctx, out);
    return 0;
}

int tg_engine_table(const tg_view *t, const bo_game *g, const void *pos, const bo_hist *line,
                    const struct bo_limits *lim, struct bo_tt *tt,
                    void (*on_info)(void *ctx, const struct bo_search_info *info), void *ctx,
                    struct bo_search_info *out, char *err, size_t errlen)
{
    uint32_t moves[TG_MAX_MOVES];
    int kind[TG_MAX_MOVES], n = 0;
    int best = tg_view_moves(t, pos, moves, kind, &n);
    if (best < 0) return bo_search_alphabeta(g, pos, line, lim, tt, on_info, ctx, out, err, errlen);
    if (best != 1 && table_line(t, g, pos, lim, on_info, ctx, out) == 0) return 0;
    bo_move skip[TG_MAX_MOVES + BO_MOVES_MAX];
    int nskip = 0;
    for (int i = 0; i < lim->nskip && nskip < BO_MOVES_MAX; i++) skip[nskip++] = lim->skip[i];
    for (int i = 0; i < n; i++)
        if (kind[i] < best) skip[nskip++] = moves[i];
    bo_limits l2 = *lim;
    l2.skip = skip;
    l2.nskip = nskip;
    int rc = bo_search_alphabeta(g, pos, line, nskip < n + lim->nskip ? &l2 : lim, tt, on_info, ctx, out, err, errlen);
    if (rc == 0) out->win_rate = best == 2 ? 1.0 : best == 1 ? 0.5 : 0.0;
    return rc;
}

int tg_engine(const bo_game *g, const void *pos, const bo_hist *line, const struct bo_limits *lim,
              struct bo_tt *tt, void (*on_info)(void *ctx, const struct bo_search_info *info), void *ctx,
              struct bo_search_info *out, char *err, size_t errlen)
{
    const char *path = getenv("BOYI_TIGERS_TABLE");
    tg_index *x = path && *path ? malloc(sizeof *x) : NULL;
    tg_view t;
    if (!x || (tg_index_init(x), tg_view_open(&t, path, x)) != 0) {
        free(x);
        return bo_search_alphabeta(g, pos, line, lim, tt, on_info, ctx, out, err, errlen);
    }
    const char *dpath = getenv("BOYI_TIGERS_DISTANCES");
    if (dpath && *dpath && t.win == TG_DOGS - TG_WIN_CAPTURES && tg_view_open_dist(&t, dpath, err, errlen) != 0) {
        tg_view_close(&t);
        free(x);
        return -1;   /* a distance file named but not usable: said, not ignored */
    }
    int rc = t.win == TG_DOGS - TG_WIN_CAPTURES
                 ? tg_engine_table(&t, g, pos, line, lim, tt, on_info, ctx, out, err, errlen)
                 : bo_search_alphabeta(g, pos, line, lim, tt, on_info, ctx, out, err, errlen);
    tg_view_close(&t);
    free(x);
    return rc;
}
