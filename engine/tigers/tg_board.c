/* tg_board.c -- Two Tigers' board: geometry, Zobrist keys and position text.
 *
 * Rule (RULES.md 8): 5x5 points on 5 + 5 straight lines and 6 diagonals (the two long
 * ones and the four short ones joining the edges' midpoints), so a point with
 * row + column even has diagonal neighbours, and a straight jump over a diagonal
 * neighbour lands on the same diagonal.  Method: geometry is arithmetic on (row,
 * column), keys are splitmix64 of a fixed seed and the key's index (no tables, no
 * state), and the text form carries everything a position needs, including the
 * plies since the last capture that the 100-ply rule reads. */
#include <stdio.h>
#include <string.h>

#include "core.h"
#include "tigers.h"


/* Generated from the rule above (a neighbour per direction, -1 for none; the point
 * jumped over from one point to another, -1 where no jump): lookups for the hot paths. */
const int8_t tg_nb[25][8] = {
    {1, 5, -1, -1, 6, -1, -1, -1},
    {2, 6, 0, -1, -1, -1, -1, -1},
    {3, 7, 1, -1, 8, 6, -1, -1},
    {4, 8, 2, -1, -1, -1, -1, -1},
    {-1, 9, 3, -1, -1, 8, -1, -1},
    {6, 10, -1, 0, -1, -1, -1, -1},
    {7, 11, 5, 1, 12, 10, 2, 0},
    {8, 12, 6, 2, -1, -1, -1, -1},
    {9, 13, 7, 3, 14, 12, 4, 2},
    {-1, 14, 8, 4, -1, -1, -1, -1},
    {11, 15, -1, 5, 16, -1, 6, -1},
    {12, 16, 10, 6, -1, -1, -1, -1},
    {13, 17, 11, 7, 18, 16, 8, 6},
    {14, 18, 12, 8, -1, -1, -1, -1},
    {-1, 19, 13, 9, -1, 18, -1, 8},
    {16, 20, -1, 10, -1, -1, -1, -1},
    {17, 21, 15, 11, 22, 20, 12, 10},
    {18, 22, 16, 12, -1, -1, -1, -1},
    {19, 23, 17, 13, 24, 22, 14, 12},
    {-1, 24, 18, 14, -1, -1, -1, -1},
    {21, -1, -1, 15, -1, -1, 16, -1},
    {22, -1, 20, 16, -1, -1, -1, -1},
    {23, -1, 21, 17, -1, -1, 18, 16},
    {24, -1, 22, 18, -1, -1, -1, -1},
    {-1, -1, 23, 19, -1, -1, -1, 18},
};

const int8_t tg_mid[25][25] = {
    {-1, -1, 1, -1, -1, -1, -1, -1, -1, -1, 5, -1, 6, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
    {-1, -1, -1, 2, -1, -1, -1, -1, -1, -1, -1, 6, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
    {1, -1, -1, -1, 3, -1, -1, -1, -1, -1, 6, -1, 7, -1, 8, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
    {-1, 2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 8, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
    {-1, -1, 3, -1, -1, -1, -1, -1, -1, -1, -1, -1, 8, -1, 9, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
    {-1, -1, -1, -1, -1, -1, -1, 6, -1, -1, -1, -1, -1, -1, -1, 10, -1, -1, -1, -1, -1, -1, -1, -1, -1},
    {-1, -1, -1, -1, -1, -1, -1, -1, 7, -1, -1, -1, -1, -1, -1, -1, 11, -1, 12, -1, -1, -1, -1, -1, -1},
    {-1, -1, -1, -1, -1, 6, -1, -1, -1, 8, -1, -1, -1, -1, -1, -1, -1, 12, -1, -1, -1, -1, -1, -1, -1},
    {-1, -1, -1, -1, -1, -1, 7, -1, -1, -1, -1, -1, -1, -1, -1, -1, 12, -1, 13, -1, -1, -1, -1, -1, -1},
    {-1, -1, -1, -1, -1, -1, -1, 8, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 14, -1, -1, -1, -1, -1},
    {5, -1, 6, -1, -1, -1, -1, -1, -1, -1, -1, -1, 11, -1, -1, -1, -1, -1, -1, -1, 15, -1, 16, -1, -1},
    {-1, 6, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 12, -1, -1, -1, -1, -1, -1, -1, 16, -1, -1, -1},
    {6, -1, 7, -1, 8, -1, -1, -1, -1, -1, 11, -1, -1, -1, 13, -1, -1, -1, -1, -1, 16, -1, 17, -1, 18},
    {-1, -1, -1, 8, -1, -1, -1, -1, -1, -1, -1, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 18, -1},
    {-1, -1, 8, -1, 9, -1, -1, -1, -1, -1, -1, -1, 13, -1, -1, -1, -1, -1, -1, -1, -1, -1, 18, -1, 19},
    {-1, -1, -1, -1, -1, 10, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 16, -1, -1, -1, -1, -1, -1, -1},
    {-1, -1, -1, -1, -1, -1, 11, -1, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, 17, -1, -1, -1, -1, -1, -1},
    {-1, -1, -1, -1, -1, -1, -1, 12, -1, -1, -1, -1, -1, -1, -1, 16, -1, -1, -1, 18, -1, -1, -1, -1, -1},
    {-1, -1, -1, -1, -1, -1, 12, -1, 13, -1, -1, -1, -1, -1, -1, -1, 17, -1, -1, -1, -1, -1, -1, -1, -1},
    {-1, -1, -1, -1, -1, -1, -1, -1, -1, 14, -1, -1, -1, -1, -1, -1, -1, 18, -1, -1, -1, -1, -1, -1, -1},
    {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 15, -1, 16, -1, -1, -1, -1, -1, -1, -1, -1, -1, 21, -1, -1},
    {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 16, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 22, -1},
    {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 16, -1, 17, -1, 18, -1, -1, -1, -1, -1, 21, -1, -1, -1, 23},
    {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 18, -1, -1, -1, -1, -1, -1, -1, 22, -1, -1, -1},
    {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 18, -1, 19, -1, -1, -1, -1, -1, -1, -1, 23, -1, -1},
};

void tg_point_name(int p, char out[3])
{
    out[0] = (char)('a' + p % 5);
    out[1] = (char)('1' + p / 5);
    out[2] = '\0';
}

/* "b3": a column letter a-e (either case) and a row 1-5. */
int tg_point_parse(const char *s, int *p)
{
    char c = s[0];
    if (c >= 'A' && c <= 'E') c = (char)(c - 'A' + 'a');
    if (c < 'a' || c > 'e' || s[1] < '1' || s[1] > '5') return -1;
    *p = (s[1] - '1') * 5 + (c - 'a');
    return 2;
}

/* Keys from a fixed seed: the same in every run, thread and machine. */
static uint64_t key(uint64_t index)
{
    return bo_mix64(UINT64_C(0x7469676572730000) + index);
}

uint64_t tg_key_dogs(int p, int n)
{
    return n == 0 ? 0 : key((uint64_t)(p * 8 + n));
}

uint64_t tg_key_tiger(int p)
{
    return key((uint64_t)(200 + p));
}

uint64_t tg_key_side(void)
{
    return key(300);
}

uint64_t tg_hash_scratch(const tg_pos *p)
{
    uint64_t h = tg_key_tiger(p->tiger[0]) ^ tg_key_tiger(p->tiger[1]);
    for (int i = 0; i < TG_POINTS; i++) h ^= tg_key_dogs(i, p->dogs[i]);
    return p->side == TG_DOGS_SIDE ? h ^ tg_key_side() : h;
}

void tg_start(tg_pos *p)
{
    memset(p, 0, sizeof *p);
    static const int stacks[4] = {6, 8, 16, 18};
    for (int i = 0; i < 4; i++) {
        p->dogs[stacks[i]] = TG_STACK;
        p->dmask |= 1u << stacks[i];
    }
    p->tiger[0] = 11;   /* b3 (Decision: between two stacks) */
    p->tiger[1] = 13;   /* d3 */
    p->side = TG_TIGERS;
    p->hash = tg_hash_scratch(p);
}

/* What the rules can produce: two tigers on distinct empty points, stacks only on
 * the start points and never above four, at most six dogs taken. */
int tg_check(const tg_pos *p, char *err, size_t errlen)
{
    char a[3];
    int total = 0;
    if (p->tiger[0] >= TG_POINTS || p->tiger[1] >= TG_POINTS || p->tiger[0] >= p->tiger[1])
        return bo_fail(err, errlen, "two tigers on two different points are needed");
    for (int i = 0; i < TG_POINTS; i++) {
        int n = p->dogs[i];
        tg_point_name(i, a);
        if (n > TG_STACK) return bo_fail(err, errlen, "%d dogs on %s: a stack holds at most %d", n, a, TG_STACK);
        if (n > 1 && !tg_is_start_point(i))
            return bo_fail(err, errlen,
                           "%d dogs on %s: dogs step only to empty points, so only b2, d2, b4, d4 hold stacks", n, a);
        if (n > 0 && (i == p->tiger[0] || i == p->tiger[1]))
            return bo_fail(err, errlen, "a tiger and dogs on the same point %s", a);
        total += n;
    }
    if (total > TG_DOGS) return bo_fail(err, errlen, "%d dogs on the board: there are only %d", total, TG_DOGS);
    if (TG_DOGS - total > TG_WIN_CAPTURES)
        return bo_fail(err, errlen, "%d dogs on the board: the game ends when the tigers have taken %d", total,
                       TG_WIN_CAPTURES);
    if (p->side > 1) return bo_fail(err, errlen, "the side to move must be t (tigers) or d (dogs)");
    if (p->quiet > TG_QUIET_LIMIT)
        return bo_fail(err, errlen, "%d plies without a capture: the game is drawn at %d", p->quiet, TG_QUIET_LIMIT);
    return 0;
}

int tg_from_text(tg_pos *p, const char *text, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    const char *s = text;
    int ntigers = 0, tig[3] = {0, 0, 0};
    while (*s == ' ' || *s == '\t') s++;
    for (int row = 4; row >= 0; row--) {
        for (int col = 0; col < 5; col++, s++) {
            int pt = row * 5 + col;
            char a[3];
            tg_point_name(pt, a);
            if (*s == '.') continue;
            if (*s == 'T' || *s == 't') {
                if (ntigers < 3) tig[ntigers] = pt;
                ntigers++;
            } else if (*s >= '1' && *s <= '9') {
                p->dogs[pt] = (uint8_t)(*s - '0');
                p->dmask |= 1u << pt;
            } else {
                return bo_fail(err, errlen, "position text column %d (%s): '%c' is not '.', 'T' or a dog count 1-4",
                               (int)(s - text) + 1, a, *s ? *s : ' ');
            }
        }
        if (row > 0 && *s++ != '/')
            return bo_fail(err, errlen, "position text column %d: row %d needs 5 points then '/'", (int)(s - text),
                           row + 1);
    }
    if (ntigers != 2) return bo_fail(err, errlen, "position text: %d tigers, there must be 2", ntigers);
    p->tiger[0] = (uint8_t)tig[0];
    p->tiger[1] = (uint8_t)tig[1];
    if (p->tiger[0] > p->tiger[1]) { uint8_t t = p->tiger[0]; p->tiger[0] = p->tiger[1]; p->tiger[1] = t; }
    while (*s == ' ') s++;
    if (*s == 't' || *s == 'T') p->side = TG_TIGERS;
    else if (*s == 'd' || *s == 'D') p->side = TG_DOGS_SIDE;
    else return bo_fail(err, errlen, "position text column %d: the side to move must be t or d", (int)(s - text) + 1);
    s++;
    while (*s == ' ') s++;
    if (*s) {
        int q = 0, k = 0;
        while (s[k] >= '0' && s[k] <= '9' && q <= 1000) q = q * 10 + (s[k++] - '0');
        if (k == 0) return bo_fail(err, errlen, "position text column %d: plies since the last capture expected",
                                   (int)(s - text) + 1);
        s += k;
        while (*s == ' ' || *s == '\n' || *s == '\r') s++;
        if (*s) return bo_fail(err, errlen, "position text column %d: unexpected '%c'", (int)(s - text) + 1, *s);
        p->quiet = (uint16_t)(q > 1000 ? 1000 : q);
    }
    int total = 0;
    for (int i = 0; i < TG_POINTS; i++) total += p->dogs[i];
    p->captured = (uint8_t)(total <= TG_DOGS ? TG_DOGS - total : 0);
    if (tg_check(p, err, errlen) != 0) return -1;
    p->hash = tg_hash_scratch(p);
    return 0;
}

void tg_to_text(const tg_pos *p, char *buf, size_t n)
{
    char s[64];
    int k = 0;
    for (int row = 4; row >= 0; row--) {
        for (int col = 0; col < 5; col++) {
            int pt = row * 5 + col;
            if (pt == p->tiger[0] || pt == p->tiger[1]) s[k++] = 'T';
            else if (p->dogs[pt]) s[k++] = (char)('0' + p->dogs[pt]);
            else s[k++] = '.';
        }
        if (row > 0) s[k++] = '/';
    }
    s[k] = '\0';
    snprintf(buf, n, "%s %c %d", s, p->side == TG_TIGERS ? 't' : 'd', p->quiet);
}
