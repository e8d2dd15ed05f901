/* tigers.h -- Two Tigers 二虎棋 (RULES.md section 8): the board, the rules, the
 * evaluation, the perfect index of positions and the retrograde solver.
 *
 * The board is 5x5 points, p = row * 5 + column (row 0 is "1", column 0 is "a"),
 * joined orthogonally everywhere and diagonally at points with row + column even.
 * Two tigers (player 0, moving first) against sixteen dogs (player 1) that start as
 * four stacks of four on b2, d2, b4, d4; the tigers start on b3 and d3 (Decision). */
#ifndef BOYI_TIGERS_H
#define BOYI_TIGERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    TG_POINTS = 25,
    TG_DOGS = 16,           /* dogs at the start */
    TG_WIN_CAPTURES = 6,    /* the tigers win on capturing this many */
    TG_STACK = 4,           /* the height of a start stack */
    TG_QUIET_LIMIT = 100,   /* plies without a capture that draw (Decision) */
    TG_MAX_MOVES = 128,     /* 16 dogs x 8 directions bounds every side's moves */
    TG_TIGERS = 0, TG_DOGS_SIDE = 1,
};

/* A position: a plain value (copy with memcpy).  tiger[0] < tiger[1] always, so
 * equal positions are equal bytes. */
typedef struct tg_pos {
    uint64_t hash;          /* Zobrist of board and side, kept incrementally */
    uint32_t dmask;         /* points holding at least one dog */
    uint8_t dogs[TG_POINTS];/* dogs on each point (0..4 on the start points, 0..1 elsewhere) */
    uint8_t tiger[2];       /* the tigers' points, ascending */
    uint8_t side;           /* TG_TIGERS or TG_DOGS_SIDE */
    uint8_t captured;       /* dogs taken so far (16 minus those on the board) */
    uint16_t quiet;         /* plies since the last capture (or the position given) */
} tg_pos;

/* What unplay needs beyond the move. */
typedef struct tg_undo {
    uint64_t hash;
    uint16_t quiet;
    uint8_t tiger[2];
} tg_undo;

/* A move: from | to << 5; a tiger's jump is told by the distance (two steps). */
static inline uint32_t tg_move(int from, int to) { return (uint32_t)from | (uint32_t)to << 5; }
static inline int tg_from(uint32_t m) { return (int)(m & 31); }
static inline int tg_to(uint32_t m) { return (int)(m >> 5 & 31); }

/* Geometry (tg_board.c). */
extern const int8_t tg_nb[25][8];     /* tg_board.c */
extern const int8_t tg_mid[25][25];
/* The neighbour of P in direction D (0..7: E N W S NE NW SE SW), or -1. */
static inline int tg_step(int p, int d) { return tg_nb[p][d]; }
/* The point jumped over from FROM to TO, or -1 if that is not a jump along a line. */
static inline int tg_jump_mid(int from, int to) { return tg_mid[from][to]; }
/* b2, d2, b4, d4: the only points a stack can hold. */
static inline bool tg_is_start_point(int p) { return p == 6 || p == 8 || p == 16 || p == 18; }
void tg_point_name(int p, char out[3]);
int tg_point_parse(const char *s, int *p);   /* characters read (2), or -1 */
uint64_t tg_key_dogs(int p, int n);    /* Zobrist key of N dogs on P (0 for N = 0) */
uint64_t tg_key_tiger(int p);
uint64_t tg_key_side(void);            /* xored in when the dogs are to move */
uint64_t tg_hash_scratch(const tg_pos *p);

/* Positions (tg_board.c). */
void tg_start(tg_pos *p);
/* "...../.4.4./.T.T./.4.4./..... t 0": rows 5 down to 1, '.' empty, 'T' a tiger,
 * 1-4 dogs; the side to move (t or d); the plies since the last capture. */
int tg_from_text(tg_pos *p, const char *text, char *err, size_t errlen);
void tg_to_text(const tg_pos *p, char *buf, size_t n);
/* Checks a position built by hand (counts, stacks, tigers); 0 or -1 with a reason. */
int tg_check(const tg_pos *p, char *err, size_t errlen);

/* Rules (tg_rules.c). */
int tg_legal(const tg_pos *p, uint32_t *out);          /* the count; a fixed order */
int tg_tiger_moves(const tg_pos *p, int t, uint32_t *out);   /* of tiger T (0 or 1) */
void tg_play(tg_pos *p, uint32_t m, tg_undo *u);
void tg_unplay(tg_pos *p, uint32_t m, const tg_undo *u);
bool tg_is_legal(const tg_pos *p, uint32_t m);
uint64_t tg_perft(tg_pos *p, int depth);
/* Move text: "b3-a3" (a step), "b3xb1(4)" (a jump over b2, which held 4 dogs). */
int tg_move_to_text(const tg_pos *p, uint32_t m, char *buf, size_t n);
int tg_move_from_text(const tg_pos *p, const char *text, uint32_t *m, char *err, size_t errlen);

/* Evaluation from the side to move's view (tg_eval.c). */
int tg_evaluate(const tg_pos *p);

#endif
