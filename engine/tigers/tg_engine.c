/* tg_engine.c -- Two Tigers' engine: the solved table where it reaches, else the
 * descriptor's alpha-beta with tg_evaluate.
 *
 * Method: BOYI_TIGERS_TABLE names a table written by `boyi solve --game tigers
 * --table FILE` (a header with the win layer, then the layers of win+1 .. K dogs, each
 * the tigers-to-move then the dogs-to-move values, 2 bits a position in tg_index
 * order, up to symmetry; K follows from the file's size).  Where the position's dogs
 * are within the table, every root move's result is read from it (a capture down to
 * the win layer wins outright) and only the moves of the best kind -- keeping a win,
 * else keeping a draw, else all -- are handed to the alpha-beta, which picks among
 * them by its evaluation.  The table holds no distances, so a won position is kept
 * won move after move but not by the fastest way: the search is what makes progress
 * (and the 100-ply rule could still draw a long win).  win_rate is the table's exact
 * expected score (1, 0.5, 0).  The engine uses only a table of the real game (win
 * layer 10, six taken); the tests give tg_engine_table a reduced game's.  Nothing is
 * kept between searches. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "search.h"
#include "tg_index.h"
#include "tg_solve.h"

int tg_view_open(tg_view *t, const char *path, const tg_index *x)
{
    memset(t, 0, sizeof *t);
    t->x = x;
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
    if (t->fd > 0) close(t->fd);
    t->fd = -1;
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

int tg_engine_table(const tg_view *t, const bo_game *g, const void *pos, const bo_hist *line,
                    const struct bo_limits *lim, struct bo_tt *tt,
                    void (*on_info)(void *ctx, const struct bo_search_info *info), void *ctx,
                    struct bo_search_info *out, char *err, size_t errlen)
{
    uint32_t moves[TG_MAX_MOVES];
    int kind[TG_MAX_MOVES], n = 0;
    int best = tg_view_moves(t, pos, moves, kind, &n);
    if (best < 0) return bo_search_alphabeta(g, pos, line, lim, tt, on_info, ctx, out, err, errlen);
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
    int rc = t.win == TG_DOGS - TG_WIN_CAPTURES
                 ? tg_engine_table(&t, g, pos, line, lim, tt, on_info, ctx, out, err, errlen)
                 : bo_search_alphabeta(g, pos, line, lim, tt, on_info, ctx, out, err, errlen);
    tg_view_close(&t);
    free(x);
    return rc;
}
