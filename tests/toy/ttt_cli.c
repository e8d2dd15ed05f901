/* ttt_cli.c -- tic-tac-toe's front end (cli/cli.h): the toy game's name, its rule
 * sets for --help, and its records interface.  Everything else the commands take
 * from the descriptor (perft, moves, analyse, selfplay) or do without.
 *
 * The front end is named for the binary's table's test-only hook (cli/games.c: a build
 * that defines bo_game_cli_extra has one game more): its registration, with
 * bo_game_extra (ttt_game.c).  A real game names it bo_game_xx and takes a line in
 * that table. */
#include "cli.h"

extern const bo_records ttt_records;   /* ttt_records.c */

const bo_game_cli bo_game_cli_extra = {
    .name = "tictactoe",
    .rules_help = "standard (the only one)",
    .records = &ttt_records,
};
