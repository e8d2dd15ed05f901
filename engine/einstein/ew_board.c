/* ew_board.c -- the rules of Einstein wuerfelt nicht (RULES.md section 5): setup by
 * placements, the die roll as a chance node, which pieces a roll lets move, the three
 * steps of each colour, captures of either colour, and both ways to win.
 *
 * Method: a 25-byte mailbox with each piece's square kept beside it, so a roll finds
 * its piece (or the nearest higher and lower remaining ones) without a scan.  The hash
 * is Zobrist with keys derived on the fly from bo_mix64 (no table, no global state);
 * every change of a board square, the side, the die or the setup state is xored in
 * where it happens.  Pieces only move forward, so no position repeats and no game
 * lasts more than 12 placements and 2 * (6 pieces * 4 steps) moves, each with a roll. */
#include <string.h>

#include "core.h"
#include "einstein.h"

static const int8_t triangles[2][EW_PIECES] = {
    {0, 1, 2, 5, 6, 10},     /* red: A5 B5 C5 A4 B4 A3 (r + c <= 2) */
    {14, 18, 19, 22, 23, 24} /* blue: E3 D2 E2 C1 D1 E1 (r + c >= 6) */
};

/* Zobrist keys: a fixed function of the feature's number. */
static inline uint64_t key(uint64_t k)
{
    return bo_mix64(UINT64_C(0x45574E0000000000) + k);
}
static inline uint64_t key_piece(int sq, int code) { return key((uint64_t)(sq * 16 + code)); }
static inline uint64_t key_side(void) { return key(1000); }
static inline uint64_t key_die(int die) { return die ? key(1010 + (uint64_t)die) : 0; }
static inline uint64_t key_setup(const ew_pos *p)
{
    return p->setup ? key(1100 + (uint64_t)(p->setup * 64 + p->placed[0] * 8 + p->placed[1])) : 0;
}

const int8_t *ew_triangle(int side)
{
    return triangles[side];
}

bool ew_is_roll(uint32_t m) { return (m & 0xF00u) == EW_ROLL; }
bool ew_is_place(uint32_t m) { return (m & 0xF00u) == EW_PLACE; }

/* Everything from nothing: the reference the incremental hash is tested against. */
uint64_t ew_hash_scratch(const ew_pos *p)
{
    uint64_t h = 0;
    for (int s = 0; s < EW_SQUARES; s++)
        if (p->board[s]) h ^= key_piece(s, p->board[s]);
    if (p->stm) h ^= key_side();
    return h ^ key_die(p->die) ^ key_setup(p);
}

void ew_start(ew_pos *p, int mode, int first)
{
    memset(p, 0, sizeof *p);
    memset(p->sq, -1, sizeof p->sq);
    p->setup = (uint8_t)mode;
    p->stm = (uint8_t)first;
    p->hash = ew_hash_scratch(p);
}

/* Arrangements are permutations: piece n goes to the n-th square of the permutation
 * of the triangle's squares with lexicographic rank INDEX. */
void ew_arrangement(int side, int index, int sq_of_piece[EW_PIECES + 1])
{
    int left[EW_PIECES], n = EW_PIECES, fact = 120;
    for (int i = 0; i < EW_PIECES; i++) left[i] = triangles[side][i];
    sq_of_piece[0] = -1;
    for (int piece = 1; piece <= EW_PIECES; piece++) {
        int k = index / fact;
        index %= fact;
        sq_of_piece[piece] = left[k];
        memmove(left + k, left + k + 1, (size_t)(n - k - 1) * sizeof *left);
        n--;
        if (n > 0) fact /= n;
    }
}

int ew_arrangement_index(int side, const int sq_of_piece[EW_PIECES + 1])
{
    int left[EW_PIECES], n = EW_PIECES, fact = 120, index = 0;
    for (int i = 0; i < EW_PIECES; i++) left[i] = triangles[side][i];
    for (int piece = 1; piece <= EW_PIECES; piece++) {
        int k = 0;
        while (k < n && left[k] != sq_of_piece[piece]) k++;
        if (k == n) return -1;
        index += k * fact;
        memmove(left + k, left + k + 1, (size_t)(n - k - 1) * sizeof *left);
        n--;
        if (n > 0) fact /= n;
    }
    return index;
}

/* A record's two arrangements checked: each side's six pieces on six different
 * squares of its own triangle. */
int ew_from_arrangements(ew_pos *p, const int arr[2][EW_PIECES + 1], int first, char *err, size_t errlen)
{
    ew_start(p, EW_SETUP_NONE, first);
    for (int side = 0; side < 2; side++)
        for (int n = 1; n <= EW_PIECES; n++) {
            int s = arr[side][n], ok = 0;
            for (int i = 0; i < EW_PIECES; i++) ok |= triangles[side][i] == s;
            if (!ok)
                return bo_fail(err, errlen, "%s piece %d is not on a square of %s start triangle",
                               side ? "blue" : "red", n, side ? "blue's" : "red's");
            if (p->board[s])
                return bo_fail(err, errlen, "%s pieces %d and %d are on the same square", side ? "blue" : "red",
                               p->board[s] - 6 * side, n);
            p->board[s] = (int8_t)(n + 6 * side);
            p->sq[side][n] = (int8_t)s;
        }
    p->alive[0] = p->alive[1] = EW_PIECES;
    p->placed[0] = p->placed[1] = EW_PIECES;
    p->hash = ew_hash_scratch(p);
    return 0;
}

int ew_winner(const ew_pos *p, int *how)
{
    if (p->setup) return -1;
    int w = -1, h = 0;
    if (p->board[24] >= 1 && p->board[24] <= 6) w = EW_RED, h = 1;
    else if (p->board[0] >= 7) w = EW_BLUE, h = 1;
    else if (p->alive[1] == 0) w = EW_RED, h = 2;
    else if (p->alive[0] == 0) w = EW_BLUE, h = 2;
    if (how) *how = h;
    return w;
}

int ew_to_move(const ew_pos *p)
{
    if (p->setup == EW_SETUP_RANDOM) return -1;
    if (p->setup == EW_SETUP_CHOOSE) return p->placed[0] < EW_PIECES ? EW_RED : EW_BLUE;
    if (ew_winner(p, NULL) >= 0) return -2;
    return p->die ? p->stm : -1;
}

/* The rule's choice: the rolled piece; if it is gone, the nearest higher and the
 * nearest lower remaining ones (one of them where only one exists). */
int ew_movable(const ew_pos *p, int side, int die, int out[2])
{
    if (p->sq[side][die] >= 0) { out[0] = die; return 1; }
    int n = 0;
    for (int k = die - 1; k >= 1; k--)
        if (p->sq[side][k] >= 0) { out[n++] = k; break; }
    for (int k = die + 1; k <= EW_PIECES; k++)
        if (p->sq[side][k] >= 0) { out[n++] = k; break; }
    return n;
}

int ew_target(int side, int from, int dir)
{
    int r = from / 5, c = from % 5, d = side == EW_RED ? 1 : -1;
    if (dir != EW_DIR_COL) c += d;
    if (dir != EW_DIR_ROW) r += d;
    if (r < 0 || r > 4 || c < 0 || c > 4) return -1;
    return r * 5 + c;
}

int ew_legal(const ew_pos *p, uint32_t *out)
{
    int n = 0;
    if (p->setup) {
        int side = p->placed[0] < EW_PIECES ? EW_RED : EW_BLUE;
        for (int i = 0; i < EW_PIECES; i++)
            if (!p->board[triangles[side][i]]) out[n++] = EW_PLACE | (uint32_t)triangles[side][i];
        return n;
    }
    if (ew_winner(p, NULL) >= 0) return 0;
    if (!p->die) {
        for (int d = 1; d <= 6; d++) out[n++] = EW_ROLL | (uint32_t)d;
        return n;
    }
    int pieces[2], k = ew_movable(p, p->stm, p->die, pieces);
    for (int i = 0; i < k; i++)
        for (int dir = 0; dir < 3; dir++)
            if (ew_target(p->stm, p->sq[p->stm][pieces[i]], dir) >= 0) out[n++] = (uint32_t)(pieces[i] << 4 | dir);
    return n;
}

/* Every change goes through here so that the hash follows it. */
static inline void set_square(ew_pos *p, int s, int code)
{
    if (p->board[s]) p->hash ^= key_piece(s, p->board[s]);
    p->board[s] = (int8_t)code;
    if (code) p->hash ^= key_piece(s, code);
}

void ew_play(ew_pos *p, uint32_t m)
{
    if (ew_is_place(m)) {
        int side = p->placed[0] < EW_PIECES ? EW_RED : EW_BLUE, s = (int)(m & 31);
        p->hash ^= key_setup(p);
        int piece = ++p->placed[side];
        set_square(p, s, piece + 6 * side);
        p->sq[side][piece] = (int8_t)s;
        p->alive[side]++;
        if (p->placed[1] == EW_PIECES) p->setup = EW_SETUP_NONE;
        p->hash ^= key_setup(p);
        return;
    }
    if (ew_is_roll(m)) {
        p->die = (uint8_t)(m & 7);
        p->hash ^= key_die(p->die);
        return;
    }
    int side = p->stm, piece = (int)(m >> 4 & 7), from = p->sq[side][piece];
    int to = ew_target(side, from, (int)(m & 3));
    int victim = p->board[to];
    if (victim) {
        int vs = victim > 6, vn = victim - 6 * vs;
        p->sq[vs][vn] = -1;
        p->alive[vs]--;
    }
    set_square(p, from, 0);
    set_square(p, to, piece + 6 * side);
    p->sq[side][piece] = (int8_t)to;
    p->hash ^= key_die(p->die) ^ key_side();
    p->die = 0;
    p->stm ^= 1;
}

/* Perft through the rules' own functions: rolls and placements are plies. */
uint64_t ew_perft(const ew_pos *p, int depth)
{
    uint32_t moves[EW_MAX_MOVES];
    int n = ew_legal(p, moves);
    if (depth <= 1) return depth == 1 ? (uint64_t)n : 1;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        ew_pos q = *p;
        ew_play(&q, moves[i]);
        total += ew_perft(&q, depth - 1);
    }
    return total;
}
