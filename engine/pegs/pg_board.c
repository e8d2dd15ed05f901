/* pg_board.c -- the peg solitaire boards: which cells of the square grid are holes,
 * the jumps between them, hole names, the square's 8 symmetries and the position class.
 *
 * Boards (RULES.md 9; docs/pegs.md): english (33 holes, the cross of three-wide arms on
 * the 7x7 square), french (37: the English cross plus b2, f2, b6, f6), diamond41 (41:
 * the cells within distance 4 of the centre of the 9x9 square), wiegleb45 (45: the cross
 * of three-wide arms on the 9x9 square).  Each is computed once from its predicate into
 * a read-only table (pthread_once), so that threads share it without locks.
 *
 * The position class ("rule of three"): colour the cells by (file + rank) mod 3 and by
 * (file - rank) mod 3.  A jump touches three cells in a line, one of each colour of each
 * colouring, and flips the peg count of each of them by one; so the parities n0+n1 and
 * n1+n2 of each colouring never change: 4 bits, 16 classes. */
#include "pegs.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pg_board boards[PG_BOARDS];
static pthread_once_t boards_once = PTHREAD_ONCE_INIT;

static const char *const board_names[PG_BOARDS] = {"english", "french", "diamond41", "wiegleb45"};

/* Is cell (f, r) a hole of board KIND? */
static bool is_hole(int kind, int f, int r)
{
    switch (kind) {
    case PG_BOARD_ENGLISH: return (f >= 2 && f <= 4) || (r >= 2 && r <= 4);
    case PG_BOARD_FRENCH: return (f >= 2 && f <= 4) || (r >= 2 && r <= 4) || ((f == 1 || f == 5) && (r == 1 || r == 5));
    case PG_BOARD_DIAMOND41: return (f > 4 ? f - 4 : 4 - f) + (r > 4 ? r - 4 : 4 - r) <= 4;
    case PG_BOARD_WIEGLEB45: return (f >= 3 && f <= 5) || (r >= 3 && r <= 5);
    }
    return false;
}

static const int dfile[4] = {0, 0, 1, -1}, drank[4] = {1, -1, 0, 0};

/* The symmetry S of the square of side N applied to cell (f, r). */
static void sym_cell(int s, int n, int f, int r, int *of, int *orank)
{
    int m = n - 1, x = f, y = r;
    if (s & 4) { int t = x; x = y; y = t; }        /* transpose */
    if (s & 1) x = m - x;                           /* mirror files */
    if (s & 2) y = m - y;                           /* mirror ranks */
    *of = x;
    *orank = y;
}

static void build_board(pg_board *b, int kind)
{
    memset(b, 0, sizeof *b);
    b->name = board_names[kind];
    b->kind = kind;
    b->size = kind == PG_BOARD_DIAMOND41 || kind == PG_BOARD_WIEGLEB45 ? 9 : 7;
    int n = b->size;
    memset(b->hole_at, -1, sizeof b->hole_at);
    for (int r = 0; r < n; r++)
        for (int f = 0; f < n; f++)
            if (is_hole(kind, f, r)) {
                b->hole_at[r * n + f] = (int8_t)b->n;
                b->file[b->n] = (uint8_t)f;
                b->rank[b->n] = (uint8_t)r;
                b->n++;
            }
    b->full = b->n == 64 ? ~0ull : (1ull << b->n) - 1;
    b->centre = b->hole_at[(n / 2) * n + n / 2];
    for (int h = 0; h < b->n; h++) {
        int f = b->file[h], r = b->rank[h];
        for (int d = 0; d < 4; d++) {
            int f1 = f + dfile[d], r1 = r + drank[d], f2 = f + 2 * dfile[d], r2 = r + 2 * drank[d];
            b->over[h][d] = b->dest[h][d] = -1;
            if (f2 < 0 || f2 >= n || r2 < 0 || r2 >= n) continue;
            if (b->hole_at[r1 * n + f1] < 0 || b->hole_at[r2 * n + f2] < 0) continue;
            b->over[h][d] = b->hole_at[r1 * n + f1];
            b->dest[h][d] = b->hole_at[r2 * n + f2];
            b->jfrom[b->njumps] = (uint8_t)h;
            b->jover[b->njumps] = (uint8_t)b->over[h][d];
            b->jto[b->njumps] = (uint8_t)b->dest[h][d];
            b->njumps++;
        }
        int a = (f + r) % 3, c = ((f - r) % 3 + 3) % 3;
        b->diag[0][a] |= 1ull << h;
        b->diag[1][c] |= 1ull << h;
    }
    for (int s = 0; s < 8; s++) {
        for (int h = 0; h < b->n; h++) {
            int f, r;
            sym_cell(s, n, b->file[h], b->rank[h], &f, &r);
            b->sym[s][h] = (uint8_t)b->hole_at[r * n + f];
        }
        for (int c = 0; c < 8; c++)
            for (int v = 0; v < 256; v++) {
                uint64_t m = 0;
                for (int k = 0; k < 8; k++) {
                    int h = c * 8 + k;
                    if ((v >> k & 1) && h < b->n) m |= 1ull << b->sym[s][h];
                }
                b->symtab[s][c][v] = m;
            }
    }
}

static void build_all(void)
{
    for (int k = 0; k < PG_BOARDS; k++) build_board(&boards[k], k);
}

/* Built on first use, once for all threads. */
const pg_board *pg_board_get(int kind)
{
    if (kind < 0 || kind >= PG_BOARDS) return NULL;
    pthread_once(&boards_once, build_all);
    return &boards[kind];
}

int pg_board_find(const char *name)
{
    for (int k = 0; k < PG_BOARDS; k++)
        if (strcmp(name, board_names[k]) == 0) return k;
    return -1;
}

const char *pg_board_names(void)
{
    return "english, french, diamond41, wiegleb45";
}

void pg_hole_name(const pg_board *b, int hole, char *buf)
{
    buf[0] = (char)('a' + b->file[hole]);
    buf[1] = (char)('1' + b->rank[hole]);   /* ranks 1..9 */
    buf[2] = '\0';
}

/* A file letter then a rank number; the hole there, if the board has one. */
int pg_hole_parse(const pg_board *b, const char *s, int *len)
{
    *len = 0;
    char c = s[0];
    if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
    if (c < 'a' || c > 'z' || s[1] < '0' || s[1] > '9') return -1;
    int i = 1, r = 0;
    while (s[i] >= '0' && s[i] <= '9' && i < 4) r = r * 10 + (s[i++] - '0');
    *len = i;
    int f = c - 'a';
    r -= 1;
    if (f >= b->size || r < 0 || r >= b->size) return -1;
    return b->hole_at[r * b->size + f];
}

/* Byte by byte through the tables: a handful of loads per symmetry. */
uint64_t pg_transform(const pg_board *b, int s, uint64_t m)
{
    uint64_t out = 0;
    for (int c = 0; m; c++, m >>= 8) out |= b->symtab[s][c][m & 255];
    return out;
}

uint64_t pg_canonical(const pg_board *b, uint64_t mask, int *sym)
{
    uint64_t best = mask;
    int bs = 0;
    for (int s = 1; s < 8; s++) {
        uint64_t t = pg_transform(b, s, mask);
        if (t < best) { best = t; bs = s; }
    }
    if (sym) *sym = bs;
    return best;
}

uint64_t pg_canonical_in(const pg_board *b, const int *syms, int nsyms, uint64_t mask)
{
    uint64_t best = mask;
    for (int i = 0; i < nsyms; i++) {
        uint64_t t = pg_transform(b, syms[i], mask);
        if (t < best) best = t;
    }
    return best;
}

int pg_class(const pg_board *b, uint64_t m)
{
    int c = 0;
    for (int k = 0; k < 2; k++) {
        int n0 = pg_count(m & b->diag[k][0]) & 1, n1 = pg_count(m & b->diag[k][1]) & 1, n2 = pg_count(m & b->diag[k][2]) & 1;
        c |= ((n0 ^ n1) | (n1 ^ n2) << 1) << (2 * k);
    }
    return c;
}
