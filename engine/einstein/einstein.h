/* einstein.h -- Einstein wuerfelt nicht (EWN, 爱恩斯坦棋): the board, its rules and
 * its engines (RULES.md section 5, docs/einstein.md).
 *
 * Squares are numbered 0..24 row by row from red's corner: square = r * 5 + c with
 * r = 0 the top row (WTN row 5) and c = 0 column A, so red's corner A5 is 0 and
 * blue's corner E1 is 24.  Red (player 0) starts on r + c <= 2 and moves right, down
 * or down-right; blue (player 1) starts on r + c >= 6 and moves left, up or up-left.
 *
 * A game has three kinds of ply, all moves of the game interface:
 *   - placement (setup): the placing side puts its next piece, in number order 1..6,
 *     on a free square of its triangle -- red's six, then blue's six.  Under the rule
 *     set "choose" (the default: the contest, where each side arranges its pieces)
 *     these are the players' moves; under "random" they are chance outcomes, each free
 *     square equally likely, which makes every one of the 720 arrangements per side
 *     equally likely;
 *   - roll: a chance node, the die's six values at 1/6 each;
 *   - move: the rolled piece (or, if it is gone, the nearest higher or nearest lower
 *     remaining one) one step in one of its three directions, removing any piece on
 *     the target square, whatever its colour. */
#ifndef BOYI_EINSTEIN_H
#define BOYI_EINSTEIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { EW_RED = 0, EW_BLUE = 1, EW_SQUARES = 25, EW_PIECES = 6 };

/* Move encoding (a bo_move): a step is piece << 4 | direction (0 along the row, 1
 * along the column, 2 diagonal); a roll is EW_ROLL | value; a placement is
 * EW_PLACE | square (the piece is the placing side's next number).  0 is never a move. */
enum { EW_DIR_ROW = 0, EW_DIR_COL = 1, EW_DIR_DIAG = 2 };
enum { EW_ROLL = 0x100, EW_PLACE = 0x200 };

/* Setup phase of a position: over, or placements chosen by the players or drawn. */
enum { EW_SETUP_NONE = 0, EW_SETUP_CHOOSE = 1, EW_SETUP_RANDOM = 2 };

/* Maximum moves anywhere: 6 squares to place on, 6 rolls, 2 pieces x 3 steps. */
enum { EW_MAX_MOVES = 6 };

typedef struct ew_pos {
    uint64_t hash;            /* Zobrist: pieces, side, die, setup state */
    int8_t board[EW_SQUARES]; /* 0 empty; 1..6 red piece; 7..12 blue piece (number + 6) */
    int8_t sq[2][EW_PIECES + 1]; /* square of piece n of each side, -1 gone or not yet placed */
    uint8_t stm;              /* side to move (in setup: the side that moves first after it) */
    uint8_t die;              /* 0: not rolled (a chance node); 1..6: the roll to move */
    uint8_t setup;            /* EW_SETUP_* */
    uint8_t placed[2];        /* pieces placed so far per side (setup) */
    uint8_t alive[2];         /* pieces on the board per side */
} ew_pos;

/* The start position: the setup phase under MODE (EW_SETUP_CHOOSE or _RANDOM), with
 * FIRST (EW_RED or EW_BLUE) to move once both sides have placed their pieces. */
void ew_start(ew_pos *p, int mode, int first);
/* A position in play from two arrangements (ARR[side][n] = square of piece n, 1..6). */
int ew_from_arrangements(ew_pos *p, const int arr[2][EW_PIECES + 1], int first, char *err, size_t errlen);
/* Arrangement index 0..719 <-> the squares of pieces 1..6 in SIDE's triangle (index =
 * the permutation's rank in lexicographic order of the triangle's squares taken in
 * number order). */
void ew_arrangement(int side, int index, int sq_of_piece[EW_PIECES + 1]);
int ew_arrangement_index(int side, const int sq_of_piece[EW_PIECES + 1]);
/* The six start squares of SIDE in increasing order. */
const int8_t *ew_triangle(int side);

/* Who plays: EW_RED/EW_BLUE, -1 for a chance node, -2 when the game is over. */
int ew_to_move(const ew_pos *p);
/* The winner (EW_RED/EW_BLUE) or -1 while the game goes on; *HOW (may be NULL):
 * 1 a piece reached the corner, 2 all opposing pieces removed. */
int ew_winner(const ew_pos *p, int *how);
/* Legal moves (steps, rolls, or placements) in a fixed order; the count. */
int ew_legal(const ew_pos *p, uint32_t *out);
/* The pieces the rolled DIE lets SIDE move: 1 or 2 numbers into OUT; the count. */
int ew_movable(const ew_pos *p, int side, int die, int out[2]);
/* The target square of SIDE's piece on FROM stepping in DIR, or -1 off the board. */
int ew_target(int side, int from, int dir);
/* Play M (legal at P); undo by copying the position back. */
void ew_play(ew_pos *p, uint32_t m);
uint64_t ew_hash_scratch(const ew_pos *p);
bool ew_is_roll(uint32_t m);
bool ew_is_place(uint32_t m);

/* Text (ew_text.c).  Position: five rows top to bottom separated by '/', a square as
 * '.' or r1..r6 / b1..b6; then the side to move (r or b), the die (- or 1..6), and in
 * the setup phase "setup" or "setup-random".  The RULES.md example before its first
 * roll: "r1r2r3../r4r5.../r6...b1/...b2b3/..b4b5b6 r -". */
int ew_from_text(ew_pos *p, const char *text, char *err, size_t errlen);
void ew_to_text(const ew_pos *p, char *buf, size_t n);
/* Square names "A5".."E1"; -1 if not one. */
void ew_square_name(int sq, char out[3]);
int ew_square_parse(const char *s);
/* Move text: a step "R3-D4" (colour, piece, destination), a roll "die3", a placement
 * "R1@A5".  Reading also takes a step as "R3,D4" or "(R3,D4)". */
int ew_move_to_text(const ew_pos *p, uint32_t m, char *buf, size_t n);
int ew_move_from_text(const ew_pos *p, const char *text, uint32_t *m, char *err, size_t errlen);

/* Static evaluation: the side to move's winning chance, as -1000..1000 (2p - 1). */
int ew_evaluate(const ew_pos *p);
/* Leaf count of the move tree (rolls and placements count as plies). */
uint64_t ew_perft(const ew_pos *p, int depth);

/* Uniformly random games (ew_random.c): arrangements and moves drawn with the seed;
 * the first mover's wins among N games.  The check of RULES.md's "about 53%". */
uint64_t ew_random_games(uint64_t n, uint64_t seed, int first);

#endif
