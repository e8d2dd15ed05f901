/* standings.h -- what the two halves of `boyi standings` share: the games as scored,
 * the notes (corrections, unjudged games) and the players, which cmd_standings.c
 * gathers from the files and ranks, and standings_out.c prints as text, JSON or an
 * HTML section (report). */
#ifndef BOYI_STANDINGS_H
#define BOYI_STANDINGS_H

#include <stdbool.h>
#include <stdio.h>

#include "cli.h"

typedef struct st_game {
    char *file;
    int game;                /* 1-based in its file */
    int p[2];                /* player indices: player 0 (first colour), player 1 */
    double score0;           /* player 0's score: 1, 0.5, 0 */
} st_game;

typedef struct st_note {     /* a correction or an unjudged game */
    char *file;
    int game;
    char *claimed, *used;    /* corrections: the log's claim ("none") and the score used */
    char *reason;
} st_note;

typedef struct st_player {
    char *name;
    double points, sb;       /* game points (or match points with --matches) and tie-break */
    double game_points;      /* with --matches: the games' points, shown beside */
    int games, wins, draws, losses;
} st_player;

typedef struct st_standings {
    const bo_opts *o;
    st_game *games; int ngames, capg;
    st_note *fixes; int nfixes, capf;
    st_note *unjudged; int nunjudged, capu;
    st_player *players; int nplayers, capp;
    bool oom;
} st_standings;

/* PLAYER's score against OPP over all their games; *MET: how many they played. */
double st_score_against(const st_standings *s, int player, int opp, int *met);

/* The ranked standings S (points are match points with MATCHES) to F: a table and a
 * crosstable in text, JSON, or the HTML section `boyi report` embeds. */
void st_print_text(const st_standings *s, bool matches, FILE *f);
void st_print_json(const st_standings *s, bool matches, FILE *f);
void st_print_html(const st_standings *s, bool matches, FILE *f);

#endif
