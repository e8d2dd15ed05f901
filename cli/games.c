/* games.c -- the table of games the binary knows, and picking one for a file. */
#include <string.h>
#include <strings.h>

#include "cli.h"

static const bo_game_cli *const games[] = {
    &bo_game_xiangqi,
    &bo_game_gomoku,
    &bo_game_draughts,
};

const bo_game_cli *const *bo_cli_games(int *n)
{
    *n = (int)(sizeof games / sizeof games[0]);
    return games;
}

const bo_game_cli *bo_cli_game_find(const char *name)
{
    /* Aliases users type: the Chinese names and the obvious English ones. */
    static const struct { const char *alias, *name; } aliases[] = {
        {"chess", "xiangqi"}, {"象棋", "xiangqi"}, {"xq", "xiangqi"},
        {"renju", "gomoku"}, {"五子棋", "gomoku"}, {"gm", "gomoku"},
        {"checkers", "draughts"}, {"dama", "draughts"}, {"西洋跳棋", "draughts"}, {"dr", "draughts"},
    };
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcasecmp(name, aliases[i].alias) == 0) { name = aliases[i].name; break; }
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        if (strcasecmp(games[i]->name, name) == 0) return games[i];
    return NULL;
}

const bo_game_cli *bo_cli_game_for_text(const bo_opts *o, const bo_text *t)
{
    if (o->game) return bo_cli_game_find(o->game);
    const bo_game_cli *best = NULL;
    int best_score = 0;
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        if (!games[i]->sniff) continue;
        int s = games[i]->sniff(t);
        if (s > best_score) { best_score = s; best = games[i]; }
    }
    return best;
}
