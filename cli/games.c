/* games.c -- the table of games the binary knows, and picking one for a file
 * (on its first BO_TEXT_SNIFF bytes). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

/* A build may register one game more than the table's (the test build's toy,
 * tests/toy/: tic-tac-toe) by defining bo_game_cli_extra, as with bo_game_extra in
 * engine/core/game.c; in every other build the weak reference is NULL. */
extern const bo_game_cli bo_game_cli_extra __attribute__((weak));

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
    &bo_game_cli_extra,   /* last: NULL but in a build that registers one more (below) */
};

/* The games of this build: the table less its last slot where no game fills it. */
static size_t ngames(void)
{
    size_t n = sizeof games / sizeof games[0];
    return n - (games[n - 1] == NULL);
}

const bo_game_cli *const *bo_cli_games(int *n)
{
    *n = (int)ngames();
    return games;
}

/* The other names users type: the Chinese names and the obvious English ones.  A name
 * that means a variant carries its rule set: "checkers" is English 8x8 draughts (the
 * game's --rules english), as a reader of the name expects.  "chess" is no alias: boyi
 * plays no chess, and Chinese chess is "xiangqi" (the error says so). */
static const bo_cli_game_alias aliases[] = {
    {"象棋", "xiangqi", NULL}, {"xq", "xiangqi", NULL}, {"chinese-chess", "xiangqi", NULL},
    {"renju", "gomoku", NULL}, {"五子棋", "gomoku", NULL}, {"gm", "gomoku", NULL},
    {"dama", "draughts", NULL}, {"西洋跳棋", "draughts", NULL}, {"dr", "draughts", NULL},
    {"checkers", "draughts", "english"},
    {"一字棋", "yizi", NULL}, {"line", "yizi", NULL}, {"linegame", "yizi", NULL}, {"yz", "yizi", NULL},
    {"孔明棋", "pegs", NULL}, {"peg-solitaire", "pegs", NULL}, {"solitaire", "pegs", NULL},
    {"不围棋", "nogo", NULL}, {"ng", "nogo", NULL},
    {"ewn", "einstein", NULL}, {"爱恩斯坦棋", "einstein", NULL}, {"wtn", "einstein", NULL},
    {"军旗", "junqi", NULL}, {"二人军旗", "junqi", NULL}, {"jq", "junqi", NULL},
    {"二虎棋", "tigers", NULL}, {"two-tigers", "tigers", NULL}, {"tg", "tigers", NULL},
};

const bo_cli_game_alias *bo_cli_game_aliases(int *n)
{
    *n = (int)(sizeof aliases / sizeof aliases[0]);
    return aliases;
}

const bo_game_cli *bo_cli_game_lookup(const char *name, const char **rules)
{
    if (rules) *rules = NULL;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcasecmp(name, aliases[i].alias) == 0) {
            if (rules) *rules = aliases[i].rules;
            name = aliases[i].name;
            break;
        }
    for (size_t i = 0; i < ngames(); i++)
        if (strcasecmp(games[i]->name, name) == 0) return games[i];
    return NULL;
}

const bo_game_cli *bo_cli_game_find(const char *name)
{
    return bo_cli_game_lookup(name, NULL);
}

const char *bo_cli_game_suggest(const char *name)
{
    const char *cand[sizeof games / sizeof games[0] + sizeof aliases / sizeof aliases[0]];
    int n = 0;
    for (size_t i = 0; i < ngames(); i++) cand[n++] = games[i]->name;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++) cand[n++] = aliases[i].alias;
    const char *near = bo_cli_nearest(name, cand, n);
    if (!near) return NULL;
    const bo_game_cli *g = bo_cli_game_lookup(near, NULL);
    /* an alias of a variant is suggested as typed ("checkers"), any other as its game */
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (aliases[i].rules && strcmp(near, aliases[i].alias) == 0) return near;
    return g ? g->name : near;
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
    for (size_t i = 0; i < ngames(); i++) {
        int s = bo_cli_sniff(games[i], bounded ? &head : t);
        if (s > best_score) { best_score = s; best = games[i]; }
    }
    if (bounded) free(head.data);
    return best;
}

/* A sniff score from which a file is taken to be that game's beyond doubt: the format's
 * own marks (a PDN GameType, a {[XQ]...} code, SGF GM[4]), where 0..40 are guesses. */
enum { MISMATCH_SURE = 50 };

const bo_game_cli *bo_cli_game_mismatch(const bo_opts *o, const bo_text *t)
{
    const bo_game_cli *named = o->game ? bo_cli_game_find(o->game) : NULL;
    if (!named || !(named->records && named->records->sniff)) return NULL;
    bo_text head;
    bool bounded = bounded_head(t, &head);
    const bo_text *h = bounded ? &head : t;
    int own = bo_cli_sniff(named, h), best_score = 0;
    const bo_game_cli *best = NULL;
    for (size_t i = 0; i < ngames(); i++) {
        if (games[i] == named) continue;
        int s = bo_cli_sniff(games[i], h);
        if (s > best_score) { best_score = s; best = games[i]; }
    }
    if (bounded) free(head.data);
    /* only a sure claim (a tag, a game code, a format's own header) over a weaker own one */
    return best && best_score >= MISMATCH_SURE && best_score > own ? best : NULL;
}

void bo_cli_file_of_other_game(const char *path, const bo_game_cli *holds, const bo_game_cli *named)
{
    bo_cli_error(path, 0, 0, "%s holds a %s record, not %s (--game %s; without --game it is read as %s)", path,
                 holds->name, named->name, named->name, holds->name);
}
