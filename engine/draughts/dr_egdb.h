/* dr_egdb.h -- endgame databases of international draughts (10x10, FMJD rules): the
 * win/draw/loss value of every position of up to K pieces (men and kings, both colours),
 * built by boyi itself (dr_egdb.c), one file per material.
 *
 * The values are the game's under FMJD's move rules (captures compulsory, the most
 * pieces taken, a side without a move loses) with endless play a draw; the draw rules
 * that count moves (25-, 16- and 5-move rules) and repetition are not in them: a
 * database win inside a counted ending may still be drawn by the count (the search
 * treats it so, see dr_engine.c).  docs/engine-draughts.md gives sizes, build time and
 * the checks. */
#ifndef BOYI_DR_EGDB_H
#define BOYI_DR_EGDB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "draughts.h"

enum { DR_EGDB_MAX_PIECES = 5 };              /* the index and file names allow this many */
enum { DR_EGDB_WIN = 1, DR_EGDB_LOSS = 2, DR_EGDB_DRAW = 3 };   /* for the side to move */

typedef struct dr_egdb dr_egdb;

/* What a build reports per material (for progress lines): white men, white kings,
 * black men, black kings (white to move), positions, wins/draws/losses, passes, seconds,
 * and whether it was read from a file already there (a checkpoint). */
typedef struct dr_egdb_material_report {
    int wm, wk, bm, bk;
    uint64_t positions, wins, draws, losses;
    int passes;
    double seconds;
    bool reused;
} dr_egdb_material_report;
typedef void (*dr_egdb_progress_fn)(void *ctx, const dr_egdb_material_report *r);

/* Build every material of 2..MAX_PIECES pieces into DIR (created if missing): each
 * material's file is written whole (temporary name, then renamed) as soon as it is
 * solved, and a material whose file is already there and whole is read instead of
 * built, so an interrupted build goes on where it stopped.  STOP (may be NULL) ends
 * it early between passes (-1, "stopped").  0, or -1 with err. */
int dr_egdb_build(const char *dir, int max_pieces, dr_egdb_progress_fn progress, void *ctx, const volatile int *stop,
                  char *err, size_t errlen);

/* Open the databases in DIR (every material file present, up to the largest complete
 * piece count); NULL with err when there is none.  Files are mapped, not read. */
dr_egdb *dr_egdb_open(const char *dir, char *err, size_t errlen);
void dr_egdb_close(dr_egdb *db);
/* The piece count every material of which is present. */
int dr_egdb_pieces(const dr_egdb *db);

/* The value of P (international draughts) for its side to move: DR_EGDB_WIN, _DRAW,
 * _LOSS; 0 when P is not in the databases (too many pieces, a side without pieces). */
int dr_egdb_probe(const dr_egdb *db, const dr_pos *p);

/* The folder the engine reads: $BOYI_DRAUGHTS_EGDB when set (empty: none), else
 * $XDG_DATA_HOME/boyi/draughts-egdb, else $HOME/.local/share/boyi/draughts-egdb.
 * Writes it into BUF; false when no folder can be named. */
bool dr_egdb_default_dir(char *buf, size_t n);

/* Re-check SAMPLES random positions of the databases (seeded) through the rules: each
 * value must be the best of its successors' values (a win has a successor lost for the
 * opponent, a loss has only successors won for him or no move, a draw neither).
 * Returns the number of positions that break it (0: all hold), -1 with err. *CHECKED
 * receives how many were checked. */
long dr_egdb_verify(const dr_egdb *db, long samples, uint64_t seed, long *checked, char *err, size_t errlen);

#endif
