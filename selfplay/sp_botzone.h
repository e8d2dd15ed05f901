/* sp_botzone.h -- a Botzone bot as a player of `boyi match` (proto=botzone; the
 * I/O in docs/botzone.md, the texts in notation/common/botzone.h).
 *
 * As Botzone runs a bot, each turn is a fresh process given the whole history
 * (requests and its own responses; JSON, or the simple interaction with io=simple),
 * unless the bot printed the keep-running marker after its last response: then the
 * same process gets only the new request.  The faults are those of every protocol
 * (sp_engine.h): crash, timeout, garbage, illegal move; the bot loses the game. */
#ifndef BOYI_SP_BOTZONE_H
#define BOYI_SP_BOTZONE_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "sp_engine.h"

typedef struct sp_botzone sp_botzone;

/* sp_engine_move for a Botzone bot: *BZ (NULL at first) keeps what lives between
 * turns (a kept-running process, the bot's saved data); *NEW_GAME is cleared.
 * Returns 0 with *MOVE, or -1 with the fault in WHY. */
int sp_botzone_move(sp_botzone **bz, const sp_engine_spec *spec, const bo_game *g, bool *new_game, const void *start,
                    const bo_move *line, int n, const void *pos, const sp_engine_limits *lim, bo_move *move,
                    double *seconds, char *why, size_t whylen);
void sp_botzone_free(sp_botzone *bz);

#endif
