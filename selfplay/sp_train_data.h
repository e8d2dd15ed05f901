/* sp_train_data.h -- boyi's training data (data.bin, docs/training-data.md, and its
 * plain-text export) read into a training set (sp_train.h), and weights files.
 *
 * Each sampled position that the evaluation can be fitted on becomes its features
 * (bo_eval_features) and a target expected score for the side to move:
 *
 *     target = lambda * result + (1 - lambda) * E(score),  E(cp) = 1 / (1 + 10^(-cp / S))
 *
 * with result 1, 1/2, 0 and score the engine's search score there.  Left out, and
 * counted: positions with a found win or loss (the score is not an evaluation), the
 * side to move in check, and positions whose best move is noisy (a capture: the
 * static evaluation of a position about to change material says little); the
 * training data has the search's best move, so this needs no search.
 *
 * A weights file is text, one weight a line, so that a diff shows what training moved:
 *
 *     boyi-weights xiangqi-terms-3
 *     MAT_PAWN 8
 *     ...
 *
 * '#' starts a comment; every weight of the model appears exactly once, or, where the
 * first line says "boyi-weights ID sparse", at most once and the weights not given are
 * 0 (a model of pattern tables, most of whose weights are 0).  A file of the model's
 * earlier models (bo_eval_model.old: xiangqi-terms-2 and -1 for xiangqi-terms-3,
 * draughts-patterns-1 for draughts-patterns-2) gives that model's weights, each once
 * unless sparse; each sets this model's weights that its weight() names, the rest read 0. */
#ifndef BOYI_SP_TRAIN_DATA_H
#define BOYI_SP_TRAIN_DATA_H

#include <stdio.h>

#include "game.h"
#include "sp_train.h"

typedef struct sp_train_reader {
    const bo_game *g;        /* the game trained: data of another game is refused */
    double lambda;           /* the game result's share of the target */
    double scale;            /* S, centipawns */
    sp_train_set *set;       /* where the positions go */
    long positions;          /* sampled positions read */
    long used, decided, in_check, noisy;   /* taken; left out (see above) */
    int *scratch;            /* bo_eval_features's */
    bo_feature *feat;
} sp_train_reader;

/* 0, or -1 with err (out of memory, a game without an eval model). */
int sp_train_reader_init(sp_train_reader *r, const bo_game *g, double lambda, double scale, sp_train_set *set,
                         char *err, size_t errlen);
void sp_train_reader_free(sp_train_reader *r);

/* Every position of F (data.bin, or the plain text: told by its first bytes) into the
 * reader's set.  0, or -1 with err: a plain file's
 * errors begin "line L: "; a data.bin file that is damaged or cut is refused with the
 * problem sp_data_read names (nothing is trained on a file partly read). */
int sp_train_read_file(sp_train_reader *r, FILE *f, char *err, size_t errlen);

/* ---- the positions of training data, one by one (boyi train, boyi data relabel) ----
 * One sampled position as read: data.bin's replayed from its game's start (every ply
 * sampled, evaluated or not), the plain text's record by record. */
typedef struct sp_data_pos {
    const void *pos;         /* the position (the descriptor's value; valid during the call) */
    int score;               /* the data's score, the side to move's view (0 where not evaluated) */
    bo_move best;            /* the data's best move (plain: its move line, checked legal) */
    int ply;                 /* plies before the position (data.bin: in its game; plain: its ply line) */
    int result;              /* the game's result for the side to move: 1, 0, -1 */
    bool evaluated;          /* data.bin: the game's engine gave the score; plain: always */
    long game;               /* data.bin: the game's index; plain: -1 */
    long line;               /* plain: the line its record begins on; data.bin: 0 */
    const char *rules;       /* the rule set it was read under (data.bin: its header's; NULL: the default) */
} sp_data_pos;

/* Called once per position in file order; 0 goes on, -1 stops the reading with ERR
 * (which the reader returns as its own). */
typedef int (*sp_data_pos_fn)(void *ctx, const sp_data_pos *p, char *err, size_t errlen);

/* Every sampled position of F (data.bin of game G, or the plain text of G, told by its
 * first bytes; RULES the plain text's rule set, NULL: G's default) to EACH.  0, or -1
 * with err: a plain file's errors begin "line L: "; a data.bin file that is damaged or
 * cut, or holds another game, is refused (nothing after its problem is delivered, and
 * the caller is told: no position of a file partly read should be used). */
int sp_data_positions(FILE *f, const bo_game *g, const char *rules, sp_data_pos_fn each, void *ctx, char *err,
                      size_t errlen);

/* M's earlier model named ID (one whose weights files still load), or NULL. */
const bo_eval_old *sp_eval_old_model(const bo_eval_model *m, const char *id);

/* Write weights W of model M as above (the caller opens, checks and closes F); sparse
 * where the model's names are made from the index (bo_eval_model.weight_name). */
void sp_weights_write(FILE *f, const bo_eval_model *m, const int *w);
/* Read a weights file's TEXT (LEN bytes) for model M into W (or a file of M's earlier
 * models, M->old[k].id, each of its weights setting the indices M->old[k].weight gives).  0,
 * or -1 with err beginning "line L: " where a line is at fault. */
int sp_weights_parse(const char *text, size_t len, const bo_eval_model *m, int *w, char *err, size_t errlen);

#endif
