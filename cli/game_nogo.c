/* game_nogo.c -- NoGo 不围棋's front end (docs/nogo.md): the game's own parts of the
 * generic commands. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

const bo_game_cli bo_game_nogo = {
    .name = "nogo",
    .rules_help = "ccgc (default), botzone (black's first stone not on the centre)",
};
