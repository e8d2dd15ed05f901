/* game_draughts.c -- the draughts front end of the boyi binary. */
#include "cli.h"

const bo_game_cli bo_game_draughts = {
    .name = "draughts",
};
