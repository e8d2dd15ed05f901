/* pg_rules.c -- peg solitaire's rules (RULES.md 9): a jump takes a peg over an
 * orthogonally adjacent peg into an empty hole and removes the jumped peg; no diagonal
 * jumps.  The puzzle is solved when one peg is left (at the goal hole when one is set);
 * it is stuck when no jump is left short of that.  Also the position and jump texts.
 *
 * Method: the pegs are a 64-bit mask over the board's holes; a jump is three bit flips
 * and three Zobrist keys (computed from the hole number, no table), so play and unplay
 * are a few instructions and need no undo record. */
#include "pegs.h"

#include "core.h"

#include <stdio.h>
#include <string.h>

/* The Zobrist key of a peg on HOLE of BOARD, and of the board and goal themselves. */
static inline uint64_t peg_key(int board, int hole)
{
    return bo_mix64(UINT64_C(0x7065677300000000) + (uint64_t)board * 64 + (uint64_t)hole);
}

static uint64_t setting_key(int board, int goal)
{
    return bo_mix64(UINT64_C(0x676f616c00000000) + (uint64_t)board * 128 + (uint64_t)(goal + 1));
}

uint64_t pg_hash_scratch(const pg_pos *p)
{
    uint64_t h = setting_key(p->board, p->goal);
    for (uint64_t m = p->pegs; m; m &= m - 1) h ^= peg_key(p->board, __builtin_ctzll(m));
    return h;
}

void pg_pos_set(pg_pos *p, int board, uint64_t pegs, int goal)
{
    memset(p, 0, sizeof *p);
    p->pegs = pegs;
    p->board = (int8_t)board;
    p->goal = (int8_t)goal;
    p->hash = pg_hash_scratch(p);
}

int pg_legal(const pg_pos *p, uint32_t *out)
{
    const pg_board *b = pg_board_get(p->board);
    int n = 0;
    for (uint64_t m = p->pegs; m; m &= m - 1) {
        int h = __builtin_ctzll(m);
        for (int d = 0; d < 4; d++) {
            int o = b->over[h][d];
            if (o >= 0 && (p->pegs >> o & 1) && !(p->pegs >> b->dest[h][d] & 1)) out[n++] = PG_JUMP(h, d);
        }
    }
    return n;
}

bool pg_is_legal(const pg_pos *p, uint32_t m)
{
    const pg_board *b = pg_board_get(p->board);
    if (!(m & PG_JUMP_BIT) || (m & ~0x1FFu)) return false;
    int h = PG_JUMP_FROM(m), d = PG_JUMP_DIR(m);
    if (h >= b->n || b->over[h][d] < 0) return false;
    return (p->pegs >> h & 1) && (p->pegs >> b->over[h][d] & 1) && !(p->pegs >> b->dest[h][d] & 1);
}

int pg_jump_dest(const pg_board *b, uint32_t m)
{
    return b->dest[PG_JUMP_FROM(m)][PG_JUMP_DIR(m)];
}

/* A jump and its reverse flip the same three holes. */
static void flip(pg_pos *p, uint32_t m)
{
    const pg_board *b = pg_board_get(p->board);
    int h = PG_JUMP_FROM(m), d = PG_JUMP_DIR(m), o = b->over[h][d], t = b->dest[h][d];
    p->pegs ^= 1ull << h | 1ull << o | 1ull << t;
    p->hash ^= peg_key(p->board, h) ^ peg_key(p->board, o) ^ peg_key(p->board, t);
}

void pg_play(pg_pos *p, uint32_t m) { flip(p, m); }
void pg_unplay(pg_pos *p, uint32_t m) { flip(p, m); }

bool pg_solved(const pg_pos *p)
{
    return pg_count(p->pegs) == 1 && (p->goal == PG_GOAL_ANY || p->pegs == 1ull << p->goal);
}

uint32_t pg_jump_between(const pg_board *b, int from, int to)
{
    for (int d = 0; d < 4; d++)
        if (b->dest[from][d] == to) return PG_JUMP(from, d);
    return 0;
}

/* Rows from the top rank down, as a board is drawn. */
void pg_pos_to_text(const pg_pos *p, char *buf, size_t n)
{
    const pg_board *b = pg_board_get(p->board);
    char tmp[256];
    size_t k = (size_t)snprintf(tmp, sizeof tmp, "%s ", b->name);
    for (int r = b->size - 1; r >= 0; r--) {
        bool any = false;
        for (int f = 0; f < b->size; f++) {
            int h = b->hole_at[r * b->size + f];
            if (h < 0) continue;
            tmp[k++] = (p->pegs >> h & 1) ? 'x' : '.';
            any = true;
        }
        if (any && r > 0) tmp[k++] = '/';
    }
    char g[4] = "any";
    if (p->goal != PG_GOAL_ANY) pg_hole_name(b, p->goal, g);
    snprintf(tmp + k, sizeof tmp - k, " goal %s", g);
    snprintf(buf, n, "%s", tmp);
}

/* The holes of rank R (0-based) in file order. */
static int row_holes(const pg_board *b, int r)
{
    int c = 0;
    for (int f = 0; f < b->size; f++) c += b->hole_at[r * b->size + f] >= 0;
    return c;
}

/* The text of pg_pos_to_text; the board name may be left out when DEFAULT_BOARD names
 * it, and the goal ("any" when left out).  Errors name the character where they are. */
int pg_pos_from_text(pg_pos *p, const char *default_board, const char *text, char *err, size_t errlen)
{
    const char *s = text;
    while (*s == ' ') s++;
    char word[32];
    int wl = 0;
    while (s[wl] && s[wl] != ' ' && wl < 31) { word[wl] = s[wl]; wl++; }
    word[wl] = '\0';
    int kind = pg_board_find(word);
    if (kind >= 0) {
        s += wl;
        while (*s == ' ') s++;
    } else {
        if (strchr(word, '/') == NULL)
            return bo_fail(err, errlen, "at character %d: '%s' is no board (boards: %s)", (int)(s - text) + 1, word,
                           pg_board_names());
        kind = pg_board_find(default_board ? default_board : "english");
        if (kind < 0) return bo_fail(err, errlen, "no board '%s' (boards: %s)", default_board, pg_board_names());
    }
    const pg_board *b = pg_board_get(kind);
    uint64_t pegs = 0;
    for (int r = b->size - 1; r >= 0; r--) {
        int want = row_holes(b, r);
        if (want == 0) continue;
        int f = 0;
        for (int got = 0; got < want; got++) {
            while (b->hole_at[r * b->size + f] < 0) f++;
            char c = *s;
            if (!c)
                return bo_fail(err, errlen, "at character %d: the text ends inside rank %d of the %s board (%d holes)",
                               (int)(s - text) + 1, r + 1, b->name, want);
            if (c != 'x' && c != '.' && c != 'o')
                return bo_fail(err, errlen,
                               "at character %d: rank %d of the %s board has %d holes, written with 'x' (peg) and "
                               "'.' (empty); found '%c'",
                               (int)(s - text) + 1, r + 1, b->name, want, c);
            if (c == 'x') pegs |= 1ull << b->hole_at[r * b->size + f];
            s++;
            f++;
        }
        if (r > 0 && row_holes(b, r - 1) > 0) {
            if (*s != '/')
                return bo_fail(err, errlen, "at character %d: rank %d of the %s board has %d holes; expected '/' here",
                               (int)(s - text) + 1, r + 1, b->name, want);
            s++;
        }
    }
    int goal = PG_GOAL_ANY;
    while (*s == ' ') s++;
    if (strncmp(s, "goal", 4) == 0 && (s[4] == ' ' || !s[4])) {
        s += 4;
        while (*s == ' ') s++;
        if (strncmp(s, "any", 3) == 0) s += 3;
        else {
            int len;
            goal = pg_hole_parse(b, s, &len);
            if (goal < 0)
                return bo_fail(err, errlen, "at character %d: the goal must be a hole of the %s board or 'any'",
                               (int)(s - text) + 1, b->name);
            s += len;
        }
        while (*s == ' ') s++;
    }
    if (*s) return bo_fail(err, errlen, "at character %d: unexpected '%s' after the position", (int)(s - text) + 1, s);
    pg_pos_set(p, kind, pegs, goal);
    return 0;
}

int pg_move_to_text(const pg_pos *p, uint32_t m, char *buf, size_t n)
{
    const pg_board *b = pg_board_get(p->board);
    if (!(m & PG_JUMP_BIT) || PG_JUMP_FROM(m) >= b->n || b->dest[PG_JUMP_FROM(m)][PG_JUMP_DIR(m)] < 0) return -1;
    char a[4], c[4];
    pg_hole_name(b, PG_JUMP_FROM(m), a);
    pg_hole_name(b, pg_jump_dest(b, m), c);
    snprintf(buf, n, "%s-%s", a, c);
    return 0;
}

/* "d2-d4" (also "d2xd4", "d2d4"): the two holes, then the rule they break, if any. */
int pg_move_from_text(const pg_pos *p, const char *text, uint32_t *m, char *err, size_t errlen)
{
    const pg_board *b = pg_board_get(p->board);
    int la, lc;
    int a = pg_hole_parse(b, text, &la);
    if (la == 0) return bo_fail(err, errlen, "'%s' is not a jump (write it from hole to hole: d2-d4)", text);
    if (a < 0) return bo_fail(err, errlen, "'%s': %.*s is not a hole of the %s board", text, la, text, b->name);
    const char *s = text + la;
    if (*s == '-' || *s == 'x') s++;
    int c = pg_hole_parse(b, s, &lc);
    if (lc == 0 || s[lc]) return bo_fail(err, errlen, "'%s' is not a jump (write it from hole to hole: d2-d4)", text);
    if (c < 0) return bo_fail(err, errlen, "'%s': %s is not a hole of the %s board", text, s, b->name);
    uint32_t j = pg_jump_between(b, a, c);
    if (!j) return bo_fail(err, errlen, "'%s': a jump lands two holes away in a line, over a hole", text);
    if (!(p->pegs >> a & 1)) return bo_fail(err, errlen, "'%s': no peg on %.*s", text, la, text);
    if (!(p->pegs >> b->over[a][PG_JUMP_DIR(j)] & 1)) {
        char o[4];
        pg_hole_name(b, b->over[a][PG_JUMP_DIR(j)], o);
        return bo_fail(err, errlen, "'%s': no peg on %s to jump over", text, o);
    }
    if (p->pegs >> c & 1) return bo_fail(err, errlen, "'%s': the hole %s is not empty", text, s);
    *m = j;
    return 0;
}
