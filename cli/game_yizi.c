/* game_yizi.c -- the line game's front end (一字棋, RULES.md 7): the position of
 * --rules/--misere/--position, and (below) records, solve, render and bench. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "game.h"
#include "yizi.h"

/* --rules 1|2|3 (or 1-misere...) and --misere into a rule number and convention. */
static int cli_rules(const bo_opts *o, int *rule, bool *misere)
{
    char err[256];
    if (yz_rules_parse(o->rules, rule, misere, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "%s", err);
        return -1;
    }
    if (o->misere) *misere = true;
    return 0;
}

/* --position (or --fen) in the game's text, else the start of --rules; --misere
 * makes the convention misère where the text does not name one. */
static int yz_cli_position(const bo_opts *o, void *pos)
{
    int rule;
    bool misere;
    if (cli_rules(o, &rule, &misere) != 0) return BO_EXIT_USAGE;
    const char *text = o->position ? o->position : o->fen;
    yz_pos *p = pos;
    if (!text) {
        yz_start(p, rule, misere);
        return BO_EXIT_OK;
    }
    char err[256];
    if (yz_from_text(p, text, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "bad line-game position '%s': %s", text, err);
        return BO_EXIT_USAGE;
    }
    if (misere && !strstr(text, "normal") && !strstr(text, "mis")) {
        p->misere = 1;
        p->hash = yz_hash_scratch(p);
    }
    return BO_EXIT_OK;
}

const bo_game_cli bo_game_yizi = {
    .name = "yizi",
    .rules_help = "1 (default: one coin on each of points 1..10), 2 (two on each of 6..10), 3 (placed by the players); --misere: the last mover loses",
    .position = yz_cli_position,
    .move_key = "move",
};
