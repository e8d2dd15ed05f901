/* tg_engine.c -- Two Tigers' engine: the solved table where it reaches, else the
 * descriptor's alpha-beta with tg_evaluate.
 *
 * Method: BOYI_TIGERS_TABLE names a table written by `boyi solve --game tigers
 * --table FILE` (a header, then the layers of 11 .. K dogs, each the tigers-to-move
 * then the dogs-to-move values, 2 bits a position in tg_index order, up to symmetry;
 * K follows from the file's size).  Where the position's dogs are within 11 .. K, every root move's result is
 * read from the table (a capture of the sixth dog wins outright) and only the moves
 * of the best kind -- keeping a win, else keeping a draw, else all -- are handed to
 * the alpha-beta, which picks among them by its evaluation (the table holds no
 * distances, so the search is what makes progress towards the win).  win_rate is the
 * table's exact expected score (1, 0.5, 0).  Nothing is kept between searches. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "search.h"
#include "tg_index.h"
#include "tg_solve.h"

enum { V_WIN = TG_V_WIN, V_LOSS = TG_V_LOSS };

typedef struct table {
    int fd, top;                        /* the largest layer in the file (0: none) */
    uint64_t offset[TG_DOGS + 1];       /* where each layer starts */
    const tg_index *x;
} table;

static int open_table(table *t, const tg_index *x)
{
    memset(t, 0, sizeof *t);
    t->x = x;
    const char *path = getenv("BOYI_TIGERS_TABLE");
    if (!path || !*path) return -1;
    t->fd = open(path, O_RDONLY);
    if (t->fd < 0) return -1;
    struct stat st;
    if (fstat(t->fd, &st) != 0) { close(t->fd); return -1; }
    unsigned char hdr[TG_TABLE_HEADER];
    const int win = TG_DOGS - TG_WIN_CAPTURES;
    if (pread(t->fd, hdr, sizeof hdr, 0) != (ssize_t)sizeof hdr || memcmp(hdr, "boyi-tg2", 8) != 0 || hdr[8] != win) {
        close(t->fd);
        return -1;
    }
    for (int d = win + 1; d <= TG_DOGS; d++) {
        t->offset[d] = tg_table_offset(x, win, d);
        if (tg_table_offset(x, win, d + 1) <= (uint64_t)st.st_size) t->top = d;
    }
    if (!t->top) { close(t->fd); return -1; }
    return 0;
}

/* The value of P for its side to move, or -1 outside the table. */
static int lookup(const table *t, const tg_pos *p)
{
    int d = TG_DOGS - p->captured;
    if (d < TG_DOGS - TG_WIN_CAPTURES + 1 || d > t->top) return -1;
    uint64_t i = tg_index_rank(t->x, p);
    uint64_t at = t->offset[d] + (p->side ? (t->x->size[d] + 3) / 4 : 0) + i / 4;
    uint8_t b;
    if (pread(t->fd, &b, 1, (off_t)at) != 1) return -1;
    return b >> ((i & 3) * 2) & 3;
}

int tg_engine(const bo_game *g, const void *pos, const bo_hist *line, const struct bo_limits *lim,
              struct bo_tt *tt, void (*on_info)(void *ctx, const struct bo_search_info *info), void *ctx,
              struct bo_search_info *out, char *err, size_t errlen)
{
    const tg_pos *p = pos;
    tg_index *x = getenv("BOYI_TIGERS_TABLE") ? malloc(sizeof *x) : NULL;
    table t;
    if (!x || (tg_index_init(x), open_table(&t, x)) != 0 || lookup(&t, p) < 0) {
        free(x);
        return bo_search_alphabeta(g, pos, line, lim, tt, on_info, ctx, out, err, errlen);
    }
    uint32_t moves[TG_MAX_MOVES];
    int kind[TG_MAX_MOVES], n = tg_legal(p, moves), best = 0;
    for (int i = 0; i < n; i++) {
        tg_pos q = *p;
        tg_undo u;
        tg_play(&q, moves[i], &u);
        int v = q.captured >= TG_WIN_CAPTURES ? V_LOSS : lookup(&t, &q);
        kind[i] = v == V_LOSS ? 2 : v == V_WIN ? 0 : 1;   /* 2 wins, 1 draws, 0 loses */
        if (kind[i] > best) best = kind[i];
    }
    close(t.fd);
    free(x);
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
