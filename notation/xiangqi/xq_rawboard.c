/* xq_rawboard.c - FEN and ICCS text for the binary and web record readers.
 * The FEN is written rank 9 (black's back rank) first, files a..i, red pieces
 * upper case, as xq_pos_from_fen reads it. */
#include "xq_rawboard.h"

#include <stdio.h>
#include <string.h>

/* Ranks from black's side, runs of empty squares as digits. */
void xq_rawboard_fen(const uint8_t board[XQ_SQUARES], xq_side side, int fullmove, char *buf, size_t n)
{
    static const char letters[] = " KABNRCP";   /* by xq_kind */
    char tmp[128];
    size_t w = 0;
    for (int r = 9; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < 9; f++) {
            uint8_t pc = board[XQ_SQ(f, r)];
            if (!pc) { empty++; continue; }
            if (empty) { tmp[w++] = (char)('0' + empty); empty = 0; }
            char c = letters[XQ_KIND(pc)];
            tmp[w++] = XQ_SIDE(pc) == XQ_BLACK ? (char)(c - 'A' + 'a') : c;
        }
        if (empty) tmp[w++] = (char)('0' + empty);
        if (r > 0) tmp[w++] = '/';
    }
    tmp[w] = '\0';
    snprintf(buf, n, "%s %c - - 0 %d", tmp, side == XQ_RED ? 'w' : 'b', fullmove < 1 ? 1 : fullmove);
}

/* ICCS square names joined by a dash. */
void xq_rawboard_move_text(int from, int to, char text[8])
{
    char a[3], b[3];
    xq_square_name(from, a);
    xq_square_name(to, b);
    snprintf(text, 8, "%s-%s", a, b);
}

/* Compared square by square with the start position. */
int xq_rawboard_is_start(const uint8_t board[XQ_SQUARES], xq_side side)
{
    xq_pos start;
    xq_pos_start(&start);
    return side == XQ_RED && memcmp(start.sq, board, XQ_SQUARES) == 0;
}
