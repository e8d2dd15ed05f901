/* games.c -- the table of games the binary knows, and picking one for a file
 * (on its first BO_TEXT_SNIFF bytes). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

static const bo_game_cli *const games[] = {
    &bo_game_xiangqi,
    &bo_game_gomoku,
    &bo_game_draughts,
    &bo_game_yizi,
    &bo_game_pegs,
    &bo_game_nogo,
    &bo_game_einstein,
    &bo_game_junqi,
    &bo_game_tigers,
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
        {"一字棋", "yizi"}, {"line", "yizi"}, {"linegame", "yizi"}, {"yz", "yizi"},
        {"孔明棋", "pegs"}, {"peg-solitaire", "pegs"}, {"solitaire", "pegs"},
        {"不围棋", "nogo"}, {"ng", "nogo"},
        {"ewn", "einstein"}, {"爱恩斯坦棋", "einstein"}, {"wtn", "einstein"},
        {"军旗", "junqi"}, {"二人军旗", "junqi"}, {"jq", "junqi"},
        {"二虎棋", "tigers"}, {"two-tigers", "tigers"}, {"tg", "tigers"},
    };
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcasecmp(name, aliases[i].alias) == 0) { name = aliases[i].name; break; }
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        if (strcasecmp(games[i]->name, name) == 0) return games[i];
    return NULL;
}

/* The start of T, at most BO_TEXT_SNIFF bytes cut at a line end, as a text of
 * its own (a copy: readers may rely on the NUL), so that telling the game of a
 * file never costs more than reading it.  False when T is that short already. */
static bool bounded_head(const bo_text *t, bo_text *head)
{
    if (t->len <= BO_TEXT_SNIFF) return false;
    size_t n = BO_TEXT_SNIFF;
    while (n > 0 && t->data[n - 1] != '\n') n--;
    if (n == 0) n = BO_TEXT_SNIFF;
    while (n > 0 && ((unsigned char)t->data[n] & 0xC0) == 0x80) n--;   /* whole characters */
    *head = *t;
    head->data = malloc(n + 1);
    if (!head->data) return false;
    memcpy(head->data, t->data, n);
    head->data[n] = '\0';
    head->len = n;
    if (head->raw_len > BO_TEXT_SNIFF) head->raw_len = BO_TEXT_SNIFF;
    return true;
}

const bo_game_cli *bo_cli_game_for_text(const bo_opts *o, const bo_text *t)
{
    if (o->game) return bo_cli_game_find(o->game);
    bo_text head;
    bool bounded = bounded_head(t, &head);
    const bo_game_cli *best = NULL;
    int best_score = 0;
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        if (!games[i]->sniff) continue;
        int s = games[i]->sniff(bounded ? &head : t);
        if (s > best_score) { best_score = s; best = games[i]; }
    }
    if (bounded) free(head.data);
    return best;
}
