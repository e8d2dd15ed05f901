/* selfplay_setup.h -- what a self-play batch or match is played from, read from the
 * command line before any game: the openings (--openings FILE) and the adjudication
 * rules (--adjudicate SPEC).  selfplay_setup.c has the formats. */
#ifndef BOYI_SELFPLAY_SETUP_H
#define BOYI_SELFPLAY_SETUP_H

#include <stddef.h>

#include "cli.h"
#include "game.h"
#include "sp_game.h"

/* The openings of a batch: ITEMS[0..N) for sp_batch; the rest is the memory they
 * point into, freed by bo_sp_openings_free. */
typedef struct bo_sp_openings {
    sp_opening *items;
    int n, cap;
    char *text;
    char **words;
    char **owned;              /* strings of openings taken from records */
    int nowned, ownedcap;
} bo_sp_openings;

/* --adjudicate SPEC ("max_plies=400 draw_plies=80 ...") into *A (its other fields kept;
 * SPEC NULL: nothing); 0, or -1 with err. */
int bo_sp_parse_adjudication(const char *spec, sp_adjudication *a, char *err, size_t errlen);
/* O->openings (none: *OP empty) for G, every opening checked against the rules, as a
 * record file of GC's game when it is one, else as lines; 0, or -1 with err (a bad
 * line named with its number).  *OP is to be freed either way. */
int bo_sp_openings_load(const bo_opts *o, const bo_game_cli *gc, const bo_game *g, bo_sp_openings *op, char *err,
                        size_t errlen);
void bo_sp_openings_free(bo_sp_openings *op);

#endif
