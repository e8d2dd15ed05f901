/* sp_data.h -- training data: the positions of self-play games with their evaluations,
 * in zlib-compressed blocks.
 *
 * A file is a header, then blocks; a block holds whole games.  A game is stored as a
 * stem (its start position's text) and its moves, each move as its index in the
 * game's legal-move list (the descriptor's order), so that a position costs a byte or
 * two before compression, the way Stockfish's binpack stores chess games; the
 * positions a reader sees are rebuilt by replaying.  docs/training-data.md specifies
 * every byte.
 *
 *   header:  "BOYIDATA" (8 bytes), version u8 (1), game name (16 bytes, NUL padded),
 *            rule set (24 bytes, NUL padded)
 *   block:   "BLK1", compressed length u32, raw length u32, games u32, CRC-32 of the
 *            raw bytes u32 (all little-endian), then the zlib stream
 *   game:    index varint, result u8 (0 loss, 1 draw, 2 win, of the first player),
 *            start text length varint + bytes, plies varint, then per ply:
 *            flags u8 (1 sampled, 2 evaluated, 4 the best move is not the one played),
 *            move index varint, [eval zigzag varint], [best move index varint]
 *
 * A block is written (and flushed) only when complete, so a file cut short by a kill
 * loses at most its last block, and the reader says how many bytes it could not use. */
#ifndef BOYI_SP_DATA_H
#define BOYI_SP_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "game.h"

enum { SP_DATA_VERSION = 1, SP_DATA_BLOCK_GAMES = 64, SP_DATA_PLIES_MAX = 100000 };

/* One ply of a game, as written and as read. */
typedef struct sp_data_ply {
    bo_move move;            /* the move played (the descriptor's encoding) */
    bo_move best;            /* the engine's best move (= move when it played its best) */
    int eval;                /* the mover's evaluation (valid when evaluated) */
    bool evaluated, sampled;
} sp_data_ply;

typedef struct sp_data_game {
    long index;
    int result;              /* 2 first player won, 1 draw, 0 lost */
    const char *start;       /* position text */
    const sp_data_ply *plies;
    int nplies;
} sp_data_game;

typedef struct sp_data_writer sp_data_writer;

/* Start a data file on F (which the caller closes after sp_data_close). */
sp_data_writer *sp_data_open(FILE *f, const bo_game *g, const char *rules, char *err, size_t errlen);
/* Add a game; a block is compressed and written every SP_DATA_BLOCK_GAMES games. */
int sp_data_add(sp_data_writer *w, const sp_data_game *game, char *err, size_t errlen);
/* Games gathered for the next block, not yet in the file. */
int sp_data_pending(const sp_data_writer *w);
/* Write the last block and free W. */
int sp_data_close(sp_data_writer *w, char *err, size_t errlen);

typedef struct sp_data_info {
    char game[17], rules[25];
    int version;
    long blocks, games;
    long lost_bytes;         /* bytes not read: blocks skipped, and from a stop to the end */
    long lost_games;         /* games of skipped blocks (those after a stop are not known) */
    long problems;           /* blocks skipped or stopped at */
    char problem[300];       /* the first problem, "" if there was none */
} sp_data_info;

/* Read every game of F, calling EACH (with the descriptor G of the game the header
 * names, which the caller looks up through LOOKUP).  Every block is checked whole
 * before its games go out: its bytes hold exactly the games its header counts, and the
 * games' indices rise strictly through the file.  A block that fails this (a count
 * that over- or understates, a block repeated or out of order) is skipped and the
 * reading goes on; a block whose frame is broken (cut, no mark, impossible sizes, bad
 * CRC, a second file's header) stops it.  Returns 0 (info->problem names the first
 * problem, lost_bytes and lost_games count what was not delivered), or -1 with err
 * when F is not a data file at all. */
typedef int (*sp_data_game_fn)(void *ctx, const bo_game *g, const char *rules, const sp_data_game *game);
int sp_data_read(FILE *f, const bo_game *(*lookup)(const char *name), sp_data_game_fn each, void *ctx,
                 sp_data_info *info, char *err, size_t errlen);

/* Should ply PLY of game INDEX be sampled at RATE (0..1) under SEED?  A hash, so the
 * choice is the same in every run. */
bool sp_data_sampled(uint64_t seed, long index, int ply, double rate);

#endif
