/* game_xiangqi.c -- the xiangqi front end of the boyi binary. */
#include "cli.h"

const bo_game_cli bo_game_xiangqi = {
    .name = "xiangqi",
};
