/* gm_test_util.h - small helpers shared by the gomoku engine tests (header-only, all
 * static): reading point lists such as "h8 i9 k15" and position blocks of the corpus
 * format ("black: ...", "white: ...", "forbidden: e14=double-four ..." or "none"). */
#ifndef BOYI_GM_TEST_UTIL_H
#define BOYI_GM_TEST_UTIL_H

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gomoku.h"

#ifndef BOYI_SHARED_DIR
#define BOYI_SHARED_DIR "../shared"
#endif

/* Parses one point ("h8", "H 8" is not accepted) at *s; advances *s. 0 or -1. */
static inline int gt_point(const char **s, int *x, int *y)
{
    const char *p = *s;
    while (*p == ' ' || *p == '\t' || *p == ',')
        p++;
    if (!isalpha((unsigned char)*p))
        return -1;
    *x = tolower((unsigned char)*p) - 'a';
    p++;
    if (!isdigit((unsigned char)*p))
        return -1;
    int row = 0;
    while (isdigit((unsigned char)*p))
        row = row * 10 + (*p++ - '0');
    *y = row - 1;
    *s = p;
    return 0;
}

/* Places every point of a list like "h8 i9" as stone s; -1 on a bad or taken point. */
static inline int gt_put(gm_board *b, const char *list, gm_stone s)
{
    const char *p = list;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == ',' || *p == '\n' || *p == '\r')
            p++;
        if (!*p)
            return 0;
        int x, y;
        if (gt_point(&p, &x, &y) != 0 || gm_place(b, x, y, s) != 0)
            return -1;
    }
}

/* A renju board from two lists, black to move. */
static inline void gt_board(gm_board *b, const char *black, const char *white)
{
    gm_board_init(b, 15, GM_RENJU);
    if (gt_put(b, black, GM_BLACK) != 0 || gt_put(b, white, GM_WHITE) != 0) {
        fprintf(stderr, "bad test position: black %s / white %s\n", black, white);
        abort();
    }
    b->to_move = GM_BLACK;
}

/* "double-three" etc. to the enum; "none" gives GM_FOUL_NONE; -1 if unknown. */
static inline int gt_foul_kind(const char *name, size_t len)
{
    static const gm_foul all[] = {GM_FOUL_NONE, GM_FOUL_DOUBLE_THREE, GM_FOUL_DOUBLE_FOUR,
                                  GM_FOUL_OVERLINE};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        const char *n = gm_foul_name(all[i]);
        if (strlen(n) == len && strncmp(n, name, len) == 0)
            return (int)all[i];
    }
    return -1;
}

/* "a1".. text of a point, for messages. */
static inline const char *gt_name(int x, int y, char buf[8])
{
    snprintf(buf, 8, "%c%d", 'a' + (x & 31), (y + 1) % 100);
    return buf;
}

#endif
