/* jq_board.c -- the Junqi board graph and the names of posts and pieces.
 *
 * The graph is data/junqi/board.def, compiled in: its JQ_POST lines give the 60 posts
 * in index order with their kinds, its JQ_ROAD / JQ_RAIL lines every link.  From them
 * jq_board() builds, once (pthread_once), the adjacency masks that move generation
 * reads and, for each post, the next post along a railway in each of the four
 * directions (a railway run goes straight; only the engineer turns).  The table is
 * read-only after that, shared by every thread. */
#include "junqi.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

enum {
#define JQ_POST(name, kind) JQ_P_##name,
#define JQ_ROAD(a, b)
#define JQ_RAIL(a, b)
#include "../../data/junqi/board.def"
#undef JQ_POST
#undef JQ_ROAD
#undef JQ_RAIL
    JQ_P_COUNT
};

static const uint8_t post_kind[] = {
#define JQ_POST(name, kind) JQ_##kind,
#define JQ_ROAD(a, b)
#define JQ_RAIL(a, b)
#include "../../data/junqi/board.def"
#undef JQ_POST
#undef JQ_ROAD
#undef JQ_RAIL
};

static const uint8_t links[][3] = {
#define JQ_POST(name, kind)
#define JQ_ROAD(a, b) {JQ_P_##a, JQ_P_##b, JQ_LINK_ROAD},
#define JQ_RAIL(a, b) {JQ_P_##a, JQ_P_##b, JQ_LINK_RAIL},
#include "../../data/junqi/board.def"
#undef JQ_POST
#undef JQ_ROAD
#undef JQ_RAIL
};

_Static_assert((int)JQ_P_COUNT == (int)JQ_POSTS, "board.def must list 60 posts");
_Static_assert(sizeof links / sizeof links[0] <= 160, "jq_graph.link has room for 160 links");

static jq_graph graph;
static pthread_once_t graph_once = PTHREAD_ONCE_INIT;

/* Directions as (column, row) steps: north is towards black (row + 1). */
static const int dcol[4] = {0, 1, 0, -1}, drow[4] = {1, 0, -1, 0};

/* Adjacency and rail steps from the link list: done once, then only read. */
static void build_graph(void)
{
    jq_graph *g = &graph;
    memset(g, 0, sizeof *g);
    memset(g->rail_step, -1, sizeof g->rail_step);
    memcpy(g->kind, post_kind, sizeof g->kind);
    g->nlinks = (int)(sizeof links / sizeof links[0]);
    for (int i = 0; i < g->nlinks; i++) {
        int a = links[i][0], b = links[i][1];
        memcpy(g->link[i], links[i], 3);
        g->adj[a] |= 1ull << b;
        g->adj[b] |= 1ull << a;
        if (links[i][2] != JQ_LINK_RAIL) continue;
        g->rail_adj[a] |= 1ull << b;
        g->rail_adj[b] |= 1ull << a;
        for (int d = 0; d < 4; d++) {
            int c = jq_col(a) + dcol[d], r = jq_row(a) + drow[d];
            if (c >= 0 && c < JQ_COLS && r >= 0 && r < JQ_ROWS && jq_post(c, r) == b) {
                g->rail_step[a][d] = (int8_t)b;
                g->rail_step[b][(d + 2) % 4] = (int8_t)a;
            }
        }
    }
}

/* Every caller gets the one table, built on first use by whichever thread comes first. */
const jq_graph *jq_board(void)
{
    pthread_once(&graph_once, build_graph);
    return &graph;
}

/* Names as the rule book writes them: column letter, row from 1. */
int jq_post_name(int p, char *buf, size_t n)
{
    if (p < 0 || p >= JQ_POSTS) return -1;
    int k = snprintf(buf, n, "%c%d", 'a' + jq_col(p), jq_row(p) + 1);
    return k < 0 || (size_t)k >= n ? -1 : 0;
}

/* Lenient on case (A7 = a7); the row must be 1..12 with no leading zero. */
int jq_post_parse(const char **s)
{
    const char *q = *s;
    int c = *q >= 'A' && *q <= 'E' ? *q - 'A' : *q >= 'a' && *q <= 'e' ? *q - 'a' : -1;
    if (c < 0) return -1;
    q++;
    if (*q < '1' || *q > '9') return -1;
    int r = *q++ - '0';
    if (*q >= '0' && *q <= '9') r = r * 10 + (*q++ - '0');
    if (r < 1 || r > JQ_ROWS || (*q >= '0' && *q <= '9')) return -1;
    *s = q;
    return jq_post(c, r - 1);
}

static const char kind_letters[JQ_KINDS] = {'.', 'F', 'L', 'X', 'E', 'P', 'C', 'T', 'R', 'B', 'D', 'G', 'M'};

char jq_kind_letter(int kind)
{
    return kind > 0 && kind < JQ_KINDS ? kind_letters[kind] : '?';
}

/* Either case: records write upper case, positions lower case for black. */
int jq_kind_from_letter(char c)
{
    if (c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
    for (int k = 1; k < JQ_KINDS; k++)
        if (kind_letters[k] == c) return k;
    return JQ_NONE;
}

/* Names for messages, in English and as the rule book writes them. */
const char *jq_kind_name(int kind)
{
    static const char *const names[JQ_KINDS] = {"none", "flag", "landmine", "bomb", "engineer", "platoon commander",
                                                "company commander", "battalion commander", "regiment commander",
                                                "brigade commander", "division commander", "general", "field marshal"};
    return kind >= 0 && kind < JQ_KINDS ? names[kind] : "?";
}

const char *jq_kind_name_cn(int kind)
{
    static const char *const names[JQ_KINDS] = {"", "军旗", "地雷", "炸弹", "工兵", "排长", "连长",
                                                "营长", "团长", "旅长", "师长", "军长", "司令"};
    return kind >= 0 && kind < JQ_KINDS ? names[kind] : "?";
}

const uint8_t jq_kind_count[JQ_KINDS] = {0, 1, 3, 2, 3, 3, 3, 2, 2, 2, 2, 1, 1};

const uint8_t jq_deploy_order[JQ_PIECES] = {
    JQ_FLAG,      JQ_MINE,      JQ_MINE,      JQ_MINE,      JQ_BOMB,      JQ_BOMB,      JQ_MARSHAL,
    JQ_GENERAL,   JQ_DIVISION,  JQ_DIVISION,  JQ_BRIGADE,   JQ_BRIGADE,   JQ_REGIMENT,  JQ_REGIMENT,
    JQ_BATTALION, JQ_BATTALION, JQ_COMPANY,   JQ_COMPANY,   JQ_COMPANY,   JQ_PLATOON,   JQ_PLATOON,
    JQ_PLATOON,   JQ_ENGINEER,  JQ_ENGINEER,  JQ_ENGINEER,
};
