/* eval_graph.h -- an annotated game's evaluation per ply as an SVG chart, for any
 * game: the values are read back from the comments that `boyi annotate` writes
 * ("[%eval 0.35]", "[%eval #-3]", as Lichess writes them: pawns, or moves to mate,
 * from the first player's view) with the class word of the move beside them
 * ("inaccuracy", "mistake", "blunder"), and drawn on a scale clamped to +-10 pawns,
 * mates at the edge, with the zero line, move numbers on the axis and the weak moves
 * marked. */
#ifndef BOYI_EVAL_GRAPH_H
#define BOYI_EVAL_GRAPH_H

#include <stdbool.h>
#include <stdio.h>

typedef enum { BO_EVAL_NONE = 0, BO_EVAL_PAWNS, BO_EVAL_MATE } bo_eval_kind;
typedef enum { BO_MOVE_PLAIN = 0, BO_MOVE_INACCURACY, BO_MOVE_MISTAKE, BO_MOVE_BLUNDER } bo_move_class;

/* One ply: the evaluation after it, and the class of the move that made it. */
typedef struct bo_eval_point {
    bo_eval_kind kind;
    double pawns;          /* BO_EVAL_PAWNS: first player's view */
    int mate;              /* BO_EVAL_MATE: moves to mate, > 0 when the first player mates */
    bo_move_class cls;
} bo_eval_point;

/* Read a move's comment (NULL: none) into P; true when it holds an evaluation.
 * An "[%eval ...]" that is not a number or "#N" counts as none. */
bool bo_eval_from_comment(const char *comment, bo_eval_point *p);

typedef struct bo_eval_chart {
    const char *title;          /* "Red player - Black player" (may be NULL) */
    const char *subtitle;       /* event, date, result (may be NULL) */
    const char *first_player;   /* whose view: "red", "white", "black" */
    int first_move_number;      /* the move number of ply 1 (1 unless the game starts later) */
    bool first_ply_second;      /* ply 1 is the second player's (a position given with them to move) */
    const bo_eval_point *pts;   /* pts[i]: after ply i + 1 */
    int n;
    const char *unit;           /* what 1.00 on the axis is: "pawns" (Xiangqi), "men" (draughts); NULL: pawns */
} bo_eval_chart;

/* Write C as one SVG document.  Every ply with an evaluation has one circle of class
 * "ply"; every inaccuracy, mistake and blunder one more of that class. */
void bo_eval_graph_write(FILE *f, const bo_eval_chart *c);

#endif
