/* player_spec.h -- the players of `boyi selfplay`, `boyi match` and `boyi bench match`
 * from their specs: boyi's engine under limits ("depth=6 nodes=.. movetime=.. tc=..
 * hash=.."), "random", one of the game's own players named by the descriptor
 * (bo_game.player_kinds: "uct playouts=1000"), or an outside engine ("cmd=PATH
 * proto=uci ..."); and what batch.txt, records and statistics call them. */
#ifndef BOYI_PLAYER_SPEC_H
#define BOYI_PLAYER_SPEC_H

#include <stddef.h>

#include "cli.h"
#include "game.h"
#include "sp_engine.h"
#include "sp_game.h"

/* Players A and B of G from o->player_a and o->player_b over the command line's
 * limits (--depth, --nodes, --movetime, --tc, --hash; depth 1 when none is given).
 * ENG[2] receives outside engines' specs (A or B then points into it; free both with
 * sp_engine_spec_free, also after an error).  0, or -1 with err. */
int bo_cli_players(const bo_opts *o, const bo_game *g, sp_player *a, sp_player *b, sp_engine_spec eng[2], char *err,
                   size_t errlen);
/* What records, statistics and reports call a player: its name=, an outside engine's
 * name, else its spec as given, else the limits it plays under. */
void bo_cli_player_label(const char *spec, const sp_player *p, char *buf, size_t n);
/* The value of a spec's word KEY ("name=", "eval="), else NULL (the value into BUF). */
const char *bo_cli_spec_word(const char *spec, const char *key, char *buf, size_t n);
/* The player's line in batch.txt: everything that decides its moves. */
void bo_cli_player_text(const char *spec, const sp_player *p, char *buf, size_t n);

#endif
