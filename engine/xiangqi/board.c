/* board.c - positions: start position, validation, FEN, make/unmake, hashing. */
#include "xq_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_name[8] = {
    "nothing", "general", "advisor", "elephant", "horse", "chariot", "cannon", "pawn"
};
static const char *const side_name[2] = { "red", "black" };

/* Hash from scratch: used when a position is built and to check incremental updates. */
uint64_t xq_hash_full(const uint8_t *b, xq_side side)
{
    uint64_t h = side == XQ_BLACK ? xq_tab.zob_side : 0;
    for (int s = 0; s < XQ_SQUARES; s++)
        if (b[s])
            h ^= xq_tab.zob[b[s]][s];
    return h;
}

/* Can a piece of this kind and side ever stand on sq? (Checked before counts.) */
static const char *unreachable(xq_side side, xq_kind kind, int sq)
{
    int f = XQ_FILE_OF(sq), r = XQ_RANK_OF(sq);
    int rr = side == XQ_RED ? r : 9 - r; /* rank from the owner's side */
    switch (kind) {
    case XQ_KING:
        if (!xq_in_palace(sq) || rr > 2)
            return "is outside its palace";
        return NULL;
    case XQ_ADVISOR:
        if (!xq_in_palace(sq) || rr > 2 || !((f + rr) & 1))
            return "is not on one of the five palace points an advisor can reach";
        return NULL;
    case XQ_ELEPHANT:
        if (rr > 4)
            return "has crossed the river";
        if (!((rr == 0 || rr == 4) && (f == 2 || f == 6)) &&
            !(rr == 2 && (f == 0 || f == 4 || f == 8)))
            return "is not on one of the seven points an elephant can reach";
        return NULL;
    case XQ_PAWN:
        if (rr < 3)
            return "is behind its starting rank";
        if (rr <= 4 && (f & 1))
            return "is off the pawn files before crossing the river";
        return NULL;
    default:
        return NULL;
    }
}

/* Rebuild slots and hash from sq[]; fails if a side has more pieces of a kind than slots. */
static int index_pieces(xq_pos *p, char *err, size_t errlen)
{
    int used[2][8] = { { 0 } };
    memset(p->slot_sq, XQ_NO_SQ, sizeof p->slot_sq);
    for (int s = 0; s < XQ_SQUARES; s++) {
        uint8_t pc = p->sq[s];
        p->sq_slot[s] = -1;
        if (!pc)
            continue;
        int side = XQ_SIDE(pc), kind = XQ_KIND(pc);
        if (used[side][kind] >= xq_slot_count[kind]) {
            if (kind == XQ_KING)
                return xq_fail(err, errlen, "%s has two generals", side_name[side]);
            return xq_fail(err, errlen, "%s has more than %d %s%s", side_name[side],
                           xq_slot_count[kind], kind_name[kind], "s");
        }
        int slot = side * 16 + xq_slot_first[kind] + used[side][kind]++;
        p->slot_sq[slot] = (uint8_t)s;
        p->sq_slot[s] = (int8_t)slot;
    }
    for (int side = 0; side < 2; side++)
        if (!used[side][XQ_KING])
            return xq_fail(err, errlen, "%s has no general", side_name[side]);
    p->hash = xq_hash_full(p->sq, p->side);
    return 0;
}

/* Validate a board (see xiangqi.h) and set up all derived fields. */
int xq_pos_set(xq_pos *p, const uint8_t board[XQ_SQUARES], xq_side side,
               int halfmove, int fullmove, char *err, size_t errlen)
{
    xq_tables_init();
    if (side != XQ_RED && side != XQ_BLACK)
        return xq_fail(err, errlen, "invalid side to move");
    if (halfmove < 0)
        return xq_fail(err, errlen, "negative halfmove clock");
    if (fullmove < 1)
        return xq_fail(err, errlen, "move number must be at least 1");
    memcpy(p->sq, board, XQ_SQUARES);
    p->side = side;
    p->halfmove = halfmove;
    p->fullmove = fullmove;
    for (int s = 0; s < XQ_SQUARES; s++) {
        uint8_t pc = board[s];
        if (!pc)
            continue;
        if ((pc & 7) == 0 || pc > 15)
            return xq_fail(err, errlen, "invalid piece byte %u", (unsigned)pc);
        const char *why = unreachable(XQ_SIDE(pc), XQ_KIND(pc), s);
        if (why) {
            char name[3];
            xq_square_name(s, name);
            return xq_fail(err, errlen, "the %s %s on %s %s", side_name[XQ_SIDE(pc)],
                           kind_name[XQ_KIND(pc)], name, why);
        }
    }
    if (index_pieces(p, err, errlen) < 0)
        return -1;
    int rk = p->slot_sq[0], bk = p->slot_sq[16];
    if (XQ_FILE_OF(rk) == XQ_FILE_OF(bk)) {
        bool open = true;
        for (int s = rk + 9; s < bk; s += 9)
            if (p->sq[s])
                open = false;
        if (open)
            return xq_fail(err, errlen, "the two generals face each other on an open file");
    }
    xq_side other = (xq_side)(side ^ 1);
    if (xq_attacked(p->sq, p->slot_sq[other * 16], other))
        return xq_fail(err, errlen, "%s is not to move but its general is in check",
                       side_name[other]);
    return 0;
}

/* The standard opening array. */
void xq_pos_start(xq_pos *p)
{
    xq_pos_from_fen(p, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                    NULL, 0);
}

/* FEN letter to kind (case-insensitive), XQ_NONE if unknown. */
static xq_kind letter_kind(char c)
{
    switch (tolower((unsigned char)c)) {
    case 'k': return XQ_KING;
    case 'a': return XQ_ADVISOR;
    case 'b': case 'e': return XQ_ELEPHANT;
    case 'n': case 'h': return XQ_HORSE;
    case 'r': return XQ_CHARIOT;
    case 'c': return XQ_CANNON;
    case 'p': return XQ_PAWN;
    default: return XQ_NONE;
    }
}

/* Parse a non-negative decimal counter; -1 if the token is not one. */
static int parse_counter(const char *tok)
{
    char *end;
    if (!isdigit((unsigned char)tok[0]))
        return -1;
    long v = strtol(tok, &end, 10);
    if (*end || v > 1000000)
        return -1;
    return (int)v;
}

/* FEN reader: board, side, then optional "- -" and counters. */
int xq_pos_from_fen(xq_pos *p, const char *fen, char *err, size_t errlen)
{
    xq_tables_init();
    if (!fen)
        return xq_fail(err, errlen, "no FEN given");
    char copy[256];
    size_t len = strlen(fen);
    if (len >= sizeof copy)
        return xq_fail(err, errlen, "FEN is too long");
    memcpy(copy, fen, len + 1);

    char *tok[8];
    int ntok = 0;
    for (char *s = copy; *s;) {
        if (isspace((unsigned char)*s)) {
            *s++ = '\0';
            continue;
        }
        if (ntok == 8)
            return xq_fail(err, errlen, "too many fields in FEN");
        tok[ntok++] = s;
        while (*s && !isspace((unsigned char)*s))
            s++;
    }
    if (ntok == 0)
        return xq_fail(err, errlen, "empty FEN");

    uint8_t board[XQ_SQUARES];
    memset(board, 0, sizeof board);
    int row = 0, file = 0;
    for (const char *c = tok[0];; c++) {
        if (*c == '/' || *c == '\0') {
            if (file != XQ_FILES)
                return xq_fail(err, errlen, "row %d has %d points, not 9", row + 1, file);
            row++;
            file = 0;
            if (*c == '\0')
                break;
            if (row >= XQ_RANKS)
                return xq_fail(err, errlen, "more than 10 rows");
            continue;
        }
        if (*c >= '1' && *c <= '9') {
            file += *c - '0';
            if (file > XQ_FILES)
                return xq_fail(err, errlen, "row %d has more than 9 points", row + 1);
            continue;
        }
        xq_kind k = letter_kind(*c);
        if (k == XQ_NONE)
            return xq_fail(err, errlen, "unknown piece letter '%c'", *c);
        if (file >= XQ_FILES)
            return xq_fail(err, errlen, "row %d has more than 9 points", row + 1);
        xq_side sd = isupper((unsigned char)*c) ? XQ_RED : XQ_BLACK;
        board[XQ_SQ(file, 9 - row)] = XQ_PIECE(sd, k);
        file++;
    }
    if (row != XQ_RANKS)
        return xq_fail(err, errlen, "%d rows, not 10", row);

    if (ntok < 2)
        return xq_fail(err, errlen, "side to move missing");
    xq_side side;
    if (strlen(tok[1]) != 1)
        return xq_fail(err, errlen, "bad side to move '%s'", tok[1]);
    switch (tolower((unsigned char)tok[1][0])) {
    case 'w': case 'r': side = XQ_RED; break;
    case 'b': side = XQ_BLACK; break;
    default: return xq_fail(err, errlen, "bad side to move '%s'", tok[1]);
    }

    int halfmove = 0, fullmove = 1, rest = ntok - 2;
    char **r = tok + 2;
    if (rest >= 2 && strcmp(r[0], "-") == 0 && strcmp(r[1], "-") == 0) {
        r += 2;
        rest -= 2;
    }
    if (rest == 2) {
        halfmove = parse_counter(r[0]);
        fullmove = parse_counter(r[1]);
        if (halfmove < 0 || fullmove < 0)
            return xq_fail(err, errlen, "bad move counters '%s %s'", r[0], r[1]);
        if (fullmove == 0)
            fullmove = 1;
    } else if (rest != 0) {
        return xq_fail(err, errlen, "unexpected FEN fields after the side to move");
    }
    return xq_pos_set(p, board, side, halfmove, fullmove, err, errlen);
}

/* FEN writer with the standard letters. */
void xq_pos_to_fen(const xq_pos *p, char *buf, size_t n)
{
    static const char letters[8] = { '?', 'k', 'a', 'b', 'n', 'r', 'c', 'p' };
    char tmp[128];
    size_t k = 0;
    for (int r = 9; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < XQ_FILES; f++) {
            uint8_t pc = p->sq[XQ_SQ(f, r)];
            if (!pc) {
                empty++;
                continue;
            }
            if (empty)
                tmp[k++] = (char)('0' + empty);
            empty = 0;
            char c = letters[pc & 7];
            tmp[k++] = XQ_SIDE(pc) == XQ_RED ? (char)toupper((unsigned char)c) : c;
        }
        if (empty)
            tmp[k++] = (char)('0' + empty);
        if (r)
            tmp[k++] = '/';
    }
    tmp[k] = '\0';
    if (n)
        snprintf(buf, n, "%s %c - - %d %d", tmp, p->side == XQ_RED ? 'w' : 'b',
                 p->halfmove, p->fullmove);
}

/* Play a move: board, slots, incremental hash, counters. */
void xq_make_fast(xq_pos *p, xq_move m, xq_undo *u)
{
    int from = XQ_FROM(m), to = XQ_TO(m);
    uint8_t pc = p->sq[from], cap = p->sq[to];
    int slot = p->sq_slot[from];
    uint64_t h = p->hash ^ xq_tab.zob_side ^ xq_tab.zob[pc][from] ^ xq_tab.zob[pc][to];

    u->hash = p->hash;
    u->halfmove = p->halfmove;
    u->captured = cap;
    u->cap_slot = p->sq_slot[to];
    if (cap) {
        p->slot_sq[u->cap_slot] = XQ_NO_SQ;
        h ^= xq_tab.zob[cap][to];
        p->halfmove = 0;
    } else {
        p->halfmove++;
    }
    p->sq[to] = pc;
    p->sq[from] = 0;
    p->sq_slot[to] = (int8_t)slot;
    p->sq_slot[from] = -1;
    p->slot_sq[slot] = (uint8_t)to;
    p->hash = h;
    if (p->side == XQ_BLACK)
        p->fullmove++;
    p->side = (xq_side)(p->side ^ 1);
}

/* Take a move back exactly. */
void xq_unmake_fast(xq_pos *p, xq_move m, const xq_undo *u)
{
    int from = XQ_FROM(m), to = XQ_TO(m);
    int slot = p->sq_slot[to];
    p->side = (xq_side)(p->side ^ 1);
    if (p->side == XQ_BLACK)
        p->fullmove--;
    p->sq[from] = p->sq[to];
    p->sq[to] = u->captured;
    p->sq_slot[from] = (int8_t)slot;
    p->sq_slot[to] = u->cap_slot;
    p->slot_sq[slot] = (uint8_t)from;
    if (u->captured)
        p->slot_sq[u->cap_slot] = (uint8_t)to;
    p->hash = u->hash;
    p->halfmove = u->halfmove;
}

/* Public wrappers: make sure the tables exist, and turn a move that has no
   piece to move (or leaves the board) into a no-op instead of corrupting the
   position; its undo record remembers that. */
enum { NOOP_SLOT = -2 };

void xq_make(xq_pos *p, xq_move m, xq_undo *u)
{
    xq_tables_init();
    int from = XQ_FROM(m), to = XQ_TO(m);
    if (from >= XQ_SQUARES || to >= XQ_SQUARES || from == to || !p->sq[from] ||
        p->sq_slot[from] < 0) {
        u->hash = p->hash;
        u->halfmove = p->halfmove;
        u->captured = 0;
        u->cap_slot = NOOP_SLOT;
        return;
    }
    xq_make_fast(p, m, u);
}

void xq_unmake(xq_pos *p, xq_move m, const xq_undo *u)
{
    if (u->cap_slot == NOOP_SLOT)
        return;
    xq_unmake_fast(p, m, u);
}
