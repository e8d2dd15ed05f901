/* game_gomoku.c -- the gomoku front end of the boyi binary. */
#include "cli.h"

const bo_game_cli bo_game_gomoku = {
    .name = "gomoku",
};
