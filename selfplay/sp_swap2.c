/* sp_swap2.c -- boyi's decisions in the swap2 opening (sp_swap2.h).
 *
 * The opener's three stones are the most balanced of a few shapes around the centre
 * (the short search's score for white to move nearest 0).  A choice of colour
 * searches the position for the side to move: a score below 0 takes the other
 * colour ("swap"); at three stones a nearly even score places two more stones (the
 * search's move and the reply it expects) and leaves the choice to the opener; else
 * the player stays and places its stone. */
#include "sp_swap2.h"

#include <stdio.h>
#include <string.h>

#include "core.h"

enum { SWAP2_EVEN = 30 };   /* |score| below which three stones become five */

bool sp_swap2_valid(const sp_swap2_answer *a, int nstones)
{
    if (nstones == 0) return !a->swap && a->n == 3;
    if (nstones == 3) return a->swap || a->n == 1 || a->n == 2;
    if (nstones == 5) return a->swap || a->n == 1;
    return false;
}

/* Search POS: the best line and its score for the side to move. */
static int search(const bo_game *g, const void *pos, const bo_limits *lim, bo_tt *tt, bo_search_info *info, char *err,
                  size_t errlen)
{
    bo_hist h;
    if (bo_hist_init(&h, 64) != 0) return bo_fail(err, errlen, "out of memory");
    bo_hist_reset(&h, g->hash(pos));
    int rc = bo_search(g, pos, &h, lim, tt, NULL, NULL, info, err, errlen);
    bo_hist_free(&h);
    return rc != 0 || info->pvlen == 0 ? -1 : 0;
}

/* The three opening stones: the most balanced shape. */
static int opener(const bo_game *g, const char *rules, const void *pos, const bo_limits *lim, bo_tt *tt,
                  sp_swap2_answer *a, char *err, size_t errlen)
{
    /* (dx,dy) of the white stone and of the second black stone from the central black */
    static const int shapes[][4] = {{1, 0, 2, 2}, {1, 1, 0, 2}, {0, 1, 3, 1}, {1, -1, 2, 1}, {2, 0, 1, 2}};
    char text[512];
    g->to_text(pos, text, sizeof text);
    int size = 15;
    const char *sz = strstr(text, "size:");
    if (sz) sscanf(sz + 5, "%d", &size);
    int mid = size / 2, best = -1, best_score = 1 << 30;
    bo_limits each = *lim;
    if (each.movetime_ms > 0) each.movetime_ms = each.movetime_ms / 6 > 5 ? each.movetime_ms / 6 : 5;
    bo_move bm[3] = {0};
    for (int k = 0; k < 5; k++) {
        BO_ALIGNED unsigned char p[BO_POS_MAX], undo[BO_UNDO_MAX];
        memcpy(p, pos, g->pos_size);
        int xy[3][2] = {{mid, mid}, {mid + shapes[k][0], mid + shapes[k][1]}, {mid + shapes[k][2], mid + shapes[k][3]}};
        bo_move m[3];
        bool ok = true;
        for (int i = 0; i < 3 && ok; i++) {
            char t[16], e[128];
            snprintf(t, sizeof t, "%c%d", 'a' + xy[i][0], xy[i][1] + 1);
            ok = g->move_from_text(p, t, &m[i], e, sizeof e) == 0;
            if (ok) g->play(p, m[i], undo, NULL);
        }
        bo_search_info info;
        if (!ok || search(g, p, &each, tt, &info, err, errlen) != 0) continue;
        int sc = info.score < 0 ? -info.score : info.score;
        if (sc < best_score) { best_score = sc; best = k; memcpy(bm, m, sizeof bm); a->score = info.score; a->depth = info.depth; }
    }
    (void)rules;
    if (best < 0) return bo_fail(err, errlen, "no opening shape fits this board");
    a->swap = false;
    a->n = 3;
    memcpy(a->m, bm, sizeof bm);
    return 0;
}

int sp_swap2_choose(const bo_game *g, const char *rules, const void *pos, int nstones, const bo_limits *lim, bo_tt *tt,
                    sp_swap2_answer *a, char *err, size_t errlen)
{
    memset(a, 0, sizeof *a);
    if (nstones == 0) return opener(g, rules, pos, lim, tt, a, err, errlen);
    if (nstones != 3 && nstones != 5) return bo_fail(err, errlen, "swap2 decides at 0, 3 or 5 stones, not %d", nstones);
    bo_search_info info;
    if (search(g, pos, lim, tt, &info, err, errlen) != 0) return -1;
    a->score = info.score;
    a->depth = info.depth;
    if (info.score < 0) { a->swap = true; return 0; }   /* the side to move is worse: take the other colour */
    a->m[0] = info.pv[0];
    a->n = 1;
    if (nstones == 3 && info.score < SWAP2_EVEN && info.pvlen >= 2) { a->m[1] = info.pv[1]; a->n = 2; }
    return 0;
}
