/* tg_reach.c -- Two Tigers: the positions reachable from the start, ply by ply.
 *
 * Rule (RULES.md 8): a position is the board and the side to move; the game ends on
 * the sixth capture and when the side to move has no move.  The third-repetition and
 * 100-ply draws end game lines but are not part of the position, so they are not
 * applied here (a position reached by some line is reached by one without a
 * repetition).  Method: breadth first, a frontier per ply, every position stored
 * once under an exact 41-bit key in an open-addressing set that doubles when half
 * full; each position counted at the ply it is first reached. */
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "tg_reach.h"

static const int start_pts[4] = {6, 8, 16, 18};

uint64_t tg_reach_key(const tg_pos *p)
{
    uint64_t k = (uint64_t)p->side;
    k = k * 625 + (uint64_t)p->tiger[0] * 25 + p->tiger[1];
    for (int i = 0; i < 4; i++) k = k * 5 + p->dogs[start_pts[i]];
    for (int q = 0; q < 25; q++)
        if (!tg_is_start_point(q)) k = k * 2 + (p->dogs[q] ? 1 : 0);
    return k + 1;   /* 0 marks an empty slot */
}

typedef struct set {
    uint64_t *slot;
    size_t cap, n;
} set;

static size_t slot_of(const set *s, uint64_t k)
{
    size_t i = (size_t)(bo_mix64(k) & (s->cap - 1));
    while (s->slot[i] && s->slot[i] != k) i = (i + 1) & (s->cap - 1);
    return i;
}

/* Adds K; 1 if new, 0 if there, -1 out of memory or over the cap. */
static int set_add(set *s, uint64_t k, size_t cap_bytes)
{
    if (2 * (s->n + 1) > s->cap) {
        size_t nc = s->cap * 2;
        if (cap_bytes && nc * sizeof(uint64_t) > cap_bytes) return -1;
        uint64_t *ns = calloc(nc, sizeof *ns);
        if (!ns) return -1;
        set old = *s;
        s->slot = ns;
        s->cap = nc;
        for (size_t i = 0; i < old.cap; i++)
            if (old.slot[i]) s->slot[slot_of(s, old.slot[i])] = old.slot[i];
        free(old.slot);
    }
    size_t i = slot_of(s, k);
    if (s->slot[i]) return 0;
    s->slot[i] = k;
    s->n++;
    return 1;
}

int tg_reach_count(const tg_pos *start, int depth, size_t memory_mb, tg_reach_report *rep, char *err, size_t errlen)
{
    memset(rep, 0, sizeof *rep);
    if (depth < 0 || depth > TG_REACH_MAX_DEPTH)
        return bo_fail(err, errlen, "a depth of 0..%d plies", TG_REACH_MAX_DEPTH);
    size_t cap = memory_mb << 20;
    set s = {calloc(1024, sizeof(uint64_t)), 1024, 0};
    tg_pos *cur = malloc(sizeof *cur), *next = NULL;
    size_t ncur = 1, capcur = 1, nnext = 0, capnext = 0;
    if (!s.slot || !cur) { free(s.slot); free(cur); return bo_fail(err, errlen, "out of memory"); }
    cur[0] = *start;
    set_add(&s, tg_reach_key(start), 0);
    rep->first[0] = 1;
    for (int ply = 1; ply <= depth && !rep->stopped_memory; ply++) {
        nnext = 0;
        for (size_t i = 0; i < ncur && !rep->stopped_memory; i++) {
            uint32_t ms[TG_MAX_MOVES];
            int n = tg_legal(&cur[i], ms);
            for (int m = 0; m < n; m++) {
                tg_pos q = cur[i];
                tg_undo u;
                tg_play(&q, ms[m], &u);
                q.quiet = 0;
                int r = set_add(&s, tg_reach_key(&q), cap);
                if (r < 0) { rep->stopped_memory = 1; break; }
                if (r == 0) continue;
                if (nnext == capnext) {
                    size_t nc = capnext ? capnext * 2 : 1024;
                    tg_pos *nx = (!cap || (s.cap * sizeof(uint64_t) + (nc + ncur) * sizeof *nx) <= cap)
                                     ? realloc(next, nc * sizeof *nx) : NULL;
                    if (!nx) { rep->stopped_memory = 1; break; }
                    next = nx;
                    capnext = nc;
                }
                next[nnext++] = q;
            }
        }
        if (rep->stopped_memory) break;
        rep->first[ply] = nnext;
        rep->depth = ply;
        for (size_t i = 0; i < nnext; i++) {
            uint32_t ms[TG_MAX_MOVES];
            rep->ended += tg_legal(&next[i], ms) == 0;
        }
        tg_pos *t = cur;
        size_t tc = capcur;
        cur = next;
        capcur = capnext;
        ncur = nnext;
        next = t;
        capnext = tc;
    }
    for (int d = 0; d <= rep->depth; d++) rep->total += rep->first[d];
    rep->memory_bytes = s.cap * sizeof(uint64_t);
    free(s.slot);
    free(cur);
    free(next);
    return 0;
}
