/* nogo.h -- NoGo 不围棋 (RULES.md section 4): the board, its rules and its engine.
 *
 * 9x9 Go board, black first, players alternate, stones never move.  A move that
 * captures an opposing group or is suicide is illegal and loses if played; passing
 * loses; so the side to move with no legal point loses.  Rule set "botzone" also
 * forbids black's first stone on the centre point (E5).
 *
 * Points are numbered 0..80 row by row from the top left (index = 9 * row + column,
 * row 0 the top, as SGF counts); a move (the descriptor's bo_move) is point + 1.
 * Groups are kept incrementally: each stone knows its group's representative, and
 * each group its stones and liberties as 81-bit sets, so legality needs no flood fill. */
#ifndef BOYI_NOGO_H
#define BOYI_NOGO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

enum { NG_SIZE = 9, NG_POINTS = 81, NG_CENTRE = 40 };
enum { NG_EMPTY = 0, NG_BLACK = 1, NG_WHITE = 2 };   /* colour = player + 1 */
enum { NG_RULES_CCGC = 0, NG_RULES_BOTZONE = 1 };

__extension__ typedef unsigned __int128 ng_bits;    /* bit p: point p */

typedef struct ng_pos {
    ng_bits stones[2];        /* black's, white's */
    ng_bits reps[2];          /* the representatives of black's, white's groups */
    ng_bits gstones[NG_POINTS];   /* by representative: the group's stones */
    ng_bits glibs[NG_POINTS];     /* by representative: the group's liberties */
    uint64_t hash;
    uint8_t gid[NG_POINTS];   /* a stone's group representative */
    uint8_t to_move;          /* 0 black, 1 white */
    uint8_t rules;            /* NG_RULES_* */
    uint8_t ply;              /* stones on the board */
} ng_pos;

/* What play() must remember to be undone: the point and the own groups it merged. */
typedef struct ng_undo {
    uint8_t point, nown;
    uint8_t own[4];
    ng_bits own_stones[4], own_libs[4];
} ng_undo;

/* Why a point may not be played. */
typedef enum {
    NG_OK = 0,
    NG_OCCUPIED,       /* a stone is there */
    NG_CAPTURE,        /* it takes the last liberty of an opposing group */
    NG_SUICIDE,        /* its own group would have no liberty */
    NG_CENTRE_FIRST,   /* botzone: black's first stone on the centre */
} ng_fault;

extern const bo_game ng_game_desc;
extern const char *const ng_rule_names[];   /* "ccgc", "botzone", NULL */

/* The empty board under RULES (NG_RULES_*), black to move. */
void ng_start(ng_pos *p, int rules);
/* Rule-set name (NULL: the default) to NG_RULES_*; -1 if unknown. */
int ng_rules_by_name(const char *name);

/* The points the side to move may play, as a set. */
ng_bits ng_legal_set(const ng_pos *p);
/* The same for player C (0 black, 1 white) whoever is to move (evaluation). */
ng_bits ng_legal_set_for(const ng_pos *p, int c);
/* Whether the side to move may play POINT, and if not why; for NG_CAPTURE *KILLED
 * (may be NULL) gets the stones of the opposing group it would take, for NG_SUICIDE
 * the stones of its own group that would die (the new stone included). */
ng_fault ng_check(const ng_pos *p, int point, ng_bits *killed);
/* Play a legal point for the side to move (undo may be NULL). */
void ng_play(ng_pos *p, int point, ng_undo *u);
void ng_unplay(ng_pos *p, const ng_undo *u);
/* The hash as play() keeps it, computed from nothing. */
uint64_t ng_hash_scratch(const ng_pos *p);
/* Leaf count of the legal-move tree (the fast generator). */
uint64_t ng_perft(ng_pos *p, int depth);

/* Colour at a point: NG_EMPTY, NG_BLACK, NG_WHITE. */
static inline int ng_at(const ng_pos *p, int point)
{
    ng_bits b = (ng_bits)1 << point;
    return (p->stones[0] & b) ? NG_BLACK : (p->stones[1] & b) ? NG_WHITE : NG_EMPTY;
}
int ng_popcount(ng_bits b);
/* The lowest point of a non-empty set. */
int ng_first(ng_bits b);

/* Point text: Go coordinates "E5" (columns A-J without I, rows 1-9 from the bottom),
 * SGF "ee" (columns and rows a-i from the top left), Botzone "x y" (0-based column,
 * then row from the top).  The readers return the point, or -1. */
void ng_point_go(int point, char out[4]);
void ng_point_sgf(int point, char out[3]);
int ng_point_from_go(const char *s, size_t len);
int ng_point_from_sgf(const char *s, size_t len);

/* Position text: nine rows from the top, '/' between them, 'X' black, 'O' white,
 * digits for runs of empty points (or '.'), then a space and 'b' or 'w' to move. */
int ng_from_text(ng_pos *p, int rules, const char *text, char *err, size_t errlen);
void ng_to_text(const ng_pos *p, char *buf, size_t n);

/* The engine: MCTS (engine/core/mcts.h) with the fast playout below; bo_game.engine. */
int ng_engine(const bo_game *g, const void *pos, const bo_hist *line, const struct bo_limits *lim,
              struct bo_tt *tt, void (*on_info)(void *ctx, const struct bo_search_info *info), void *ctx,
              struct bo_search_info *out, char *err, size_t errlen);
/* The players of matches (bo_game.player_kinds): "mcts" (= "rave"), "uct". */
extern const bo_player_kind ng_player_kinds[];
/* A uniform random playout from P (changed) on the board directly: black's score (1
 * or 0); the moves played go to MOVES/PLAYERS when not NULL (at most MAX). */
double ng_random_playout(ng_pos *p, uint64_t *rng, bo_move *moves, int8_t *players, int *nmoves, int max);
/* The playout hook for bo_mcts_params.playout. */
double ng_mcts_playout(void *ctx, const bo_game *g, void *pos, uint64_t *rng, bo_move *moves, int8_t *players,
                       int *nmoves, int max);

#endif
