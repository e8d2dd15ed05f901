/* xiangqi.h - the Xiangqi (Chinese chess) rules engine: positions, FEN, legal
 * moves, check, perft, and game state (mate, stalemate, natural limit,
 * repetition with perpetual check) as RULES.md section 1 defines them.
 *
 * This is the only public header of engine/xiangqi. Pure C11, libc only.
 * All functions are thread-safe: the constant tables are built once behind
 * pthread_once, positions are plain values owned by the caller. */
#ifndef BOYI_XIANGQI_H
#define BOYI_XIANGQI_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

/* Squares: sq = rank*9 + file, 0..89. file 0..8 = ICCS 'a'..'i' (red's left to
   right), rank 0..9 = ICCS rank 0..9 (rank 0 = red's back rank, rank 9 = black's
   back rank). XQ_MAX_MOVES bounds any move list (pseudo-legal too): by a
   loose count a side has at most 2x17 chariot + 2x17 cannon + 2x8 horse +
   5x3 pawn + 4 general + 5 advisor + 6 elephant = 114 moves. */
enum { XQ_FILES = 9, XQ_RANKS = 10, XQ_SQUARES = 90, XQ_MAX_MOVES = 128 };
typedef enum { XQ_RED = 0, XQ_BLACK = 1 } xq_side;
typedef enum {
    XQ_NONE = 0, XQ_KING, XQ_ADVISOR, XQ_ELEPHANT, XQ_HORSE, XQ_CHARIOT, XQ_CANNON, XQ_PAWN
} xq_kind;
/* A piece byte: 0 = empty; else kind | (side << 3) (so red pieces 1..7, black 9..15). */
#define XQ_PIECE(side, kind) ((uint8_t)((kind) | ((side) << 3)))
#define XQ_KIND(pc) ((xq_kind)((pc) & 7))
#define XQ_SIDE(pc) ((xq_side)((pc) >> 3))
#define XQ_SQ(file, rank) ((rank) * 9 + (file))
#define XQ_FILE_OF(sq) ((sq) % 9)
#define XQ_RANK_OF(sq) ((sq) / 9)

typedef uint16_t xq_move;            /* from | (to << 7); 0 is "no move" */
#define XQ_MOVE(from, to) ((xq_move)((from) | ((to) << 7)))
#define XQ_FROM(m) ((int)((m) & 127))
#define XQ_TO(m) ((int)((m) >> 7))

/* Piece slots: each side has 16 fixed slots, by kind: 0 king, 1-2 advisors,
   3-4 elephants, 5-6 horses, 7-8 chariots, 9-10 cannons, 11-15 pawns. Slot
   s of side c is index c*16+s in slot_sq. */
enum { XQ_NO_SQ = 0xFF };

/* A position. Read sq/side/hash/halfmove/fullmove freely; build or change a
   position only through xq_pos_start, xq_pos_from_fen, xq_pos_set and
   xq_make/xq_unmake, which keep the internal fields (piece slots) in step. */
typedef struct xq_pos {
    uint8_t sq[XQ_SQUARES];   /* piece byte per square */
    xq_side side;             /* side to move */
    uint64_t hash;            /* Zobrist hash of board + side to move */
    int halfmove;             /* plies since the last capture */
    int fullmove;             /* move number, +1 after each black move */
    /* internal */
    uint8_t slot_sq[32];      /* square of each piece slot, XQ_NO_SQ if captured/unused */
    int8_t sq_slot[XQ_SQUARES]; /* slot index of the piece on a square, -1 if empty */
} xq_pos;

/* What xq_unmake needs to take a move back. */
typedef struct xq_undo {
    uint64_t hash;
    int halfmove;
    uint8_t captured;   /* piece byte captured, 0 if none */
    int8_t cap_slot;    /* its slot, -1 if none, -2 if the move was ignored */
} xq_undo;

/* Set p to the standard start position, red to move. */
void xq_pos_start(xq_pos *p);

/* Parse FEN (`rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`).
   'w' or 'r' = red to move, 'b' = black. Accepts: board+side only; board,
   side, halfmove, fullmove; or board, side, '-', '-', halfmove, fullmove.
   Letters K A B N R C P (red upper case, black lower) and H (horse), E
   (elephant). Rejects impossible positions with a reason in err (see
   xq_pos_set). Returns 0 ok, -1 on error (p is then unspecified). */
int xq_pos_from_fen(xq_pos *p, const char *fen, char *err, size_t errlen);

/* Build a position from a board of piece bytes and validate it: exactly one
   general per side, in its palace; advisors, elephants and pawns only on
   points they can reach; at most 2 advisors, elephants, horses, chariots,
   cannons and 5 pawns per side; generals not facing; the side not to move not
   in check. halfmove >= 0, fullmove >= 1. 0 ok, -1 with a reason in err. */
int xq_pos_set(xq_pos *p, const uint8_t board[XQ_SQUARES], xq_side side,
               int halfmove, int fullmove, char *err, size_t errlen);

/* Write FEN: 'w' for red, "- -", halfmove and fullmove. Needs n >= 100 to never truncate. */
void xq_pos_to_fen(const xq_pos *p, char *buf, size_t n);

/* Fully legal moves for the side to move into out[XQ_MAX_MOVES]; returns count. */
int xq_gen_legal(const xq_pos *p, xq_move *out);

/* Is side s's general attacked (incl. by the other general along an open file)? */
bool xq_in_check(const xq_pos *p, xq_side s);

/* Is m one of xq_gen_legal's moves? (Same verdict as xq_illegal_reason == NULL.) */
bool xq_is_legal(const xq_pos *p, xq_move m);

/* Play m and take it back. m should be legal (a pseudo-legal move works
   too); a move with no piece on its from-square or off the board is ignored
   (and so is its unmake), so a bad move cannot corrupt the position. */
void xq_make(xq_pos *p, xq_move m, xq_undo *u);
void xq_unmake(xq_pos *p, xq_move m, const xq_undo *u);

/* NULL if m is legal in p; else a judge's explanation, e.g. "there is no piece
   on e3", "the horse's leg at e8 is blocked", "the move leaves the general in
   check". Writes into buf (size n) and returns buf, or returns NULL. */
const char *xq_illegal_reason(const xq_pos *p, xq_move m, char *buf, size_t n);

/* Leaf count of the legal move tree (bulk counting at depth 1). p is restored. */
uint64_t xq_perft(xq_pos *p, int depth);

/* Time perft(depth) from the start position; returns seconds (CLOCK_MONOTONIC),
   leaf count into *nodes if nodes is not NULL. */
double xq_bench_perft(int depth, uint64_t *nodes);

/* Static exchange evaluation of the capture m (legal, onto an enemy piece): the
   material the side to move wins (negative: loses) when both sides go on capturing
   on m's square with their least valuable piece while it pays, in hundredths of a
   pawn (pawn 100, advisor and elephant 200, horse 400, cannon 450, chariot 900).
   Pins are not looked at; a general never takes a defended piece. */
int xq_see(const xq_pos *p, xq_move m);
/* Is xq_see(p, m) >= threshold?  Often answered without the exchange. */
bool xq_see_ge(const xq_pos *p, xq_move m, int threshold);

/* ICCS square name, e.g. "e3"; "??" for a square outside 0..89. */
void xq_square_name(int sq, char out[3]);
/* Parse an ICCS square name ("e3"); -1 if not one. */
int xq_square_parse(const char *s);
/* ICCS move "h2e2" (4 chars + NUL) for m. */
void xq_move_name(xq_move m, char out[5]);

/* Game state for replaying a record (RULES.md section 1).

   xq_game_outcome, in this order of precedence:
   1. The side to move has no legal move: it loses (XQ_END_CHECKMATE if in
      check, else XQ_END_STALEMATE).
   2. Repetition: the current position (same board, same side to move) has now
      occurred for the third time (or more) in the game. The cycle is the span of
      plies from the FIRST occurrence of this position up to now, i.e. the moves
      that took position #first to position #now (history indices first+1..now).
      If every move of one side in that span gave check and not every move of the
      other side did, the checking side loses (XQ_END_PERPETUAL_CHECK); otherwise
      (both or neither checked throughout) it is a draw (XQ_END_REPETITION).
      Positions are compared by hash and then by full board, so a hash collision
      cannot end a game.
   3. 120 plies (60 moves each) without a capture: draw (XQ_END_NATURAL_LIMIT).
      The count starts from the start position's halfmove field. */
typedef enum { XQ_ONGOING = 0, XQ_RED_WINS, XQ_BLACK_WINS, XQ_DRAW } xq_outcome;
typedef enum {
    XQ_END_NONE = 0, XQ_END_CHECKMATE, XQ_END_STALEMATE, XQ_END_NATURAL_LIMIT,
    XQ_END_REPETITION, XQ_END_PERPETUAL_CHECK
} xq_end;
enum { XQ_NATURAL_LIMIT_PLIES = 120 };

/* Per position in a game (index 0 = start, i = after ply i). */
typedef struct xq_game_entry {
    uint64_t hash;
    uint8_t board[XQ_SQUARES];
    xq_move move;        /* the move that led here (0 for the start) */
    bool gave_check;     /* that move left the opponent in check */
    xq_undo undo;        /* to take that move back */
} xq_game_entry;

typedef struct xq_game {
    xq_pos pos;          /* current position */
    xq_game_entry *hist; /* hist[0..plies] */
    size_t plies;        /* moves played */
    size_t cap;          /* allocated entries */
} xq_game;

int  xq_game_init(xq_game *g, const xq_pos *start);          /* 0 ok, -1 on out of memory */
int  xq_game_play(xq_game *g, xq_move m);                     /* caller has checked legality; 0 ok, -1 OOM */
xq_outcome xq_game_outcome(const xq_game *g, xq_end *how);    /* state after the last move played */
void xq_game_free(xq_game *g);
/* Take back the last move (0 ok, -1 if none was played). */
int  xq_game_undo(xq_game *g);

/* Short English names for outcomes and endings ("red wins", "perpetual check"). */
const char *xq_outcome_name(xq_outcome o);
const char *xq_end_name(xq_end e);

#endif
