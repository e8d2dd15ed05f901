/* ng_records.h -- NoGo records (docs/nogo.md): SGF (GM[1], SZ[9]), the CCGC contest
 * record ({[NG][team B][team W][先手胜][date place][event];B(E,5);W(D,4);...}), and
 * Botzone's JSON (a match log: an array of judge requests and bot responses; or one
 * bot's input {"requests":[...],"responses":[...]}), read and written, and judged.
 *
 * Readers keep moves as points with their source positions and do not check rules;
 * ng_judge() replays a game under the rules and says what is wrong, naming the group a
 * capture or suicide killed. */
#ifndef BOYI_NG_RECORDS_H
#define BOYI_NG_RECORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "records.h"
#include "verdict.h"

typedef enum { NG_FMT_NONE = 0, NG_FMT_SGF, NG_FMT_CONTEST, NG_FMT_BOTZONE } ng_format;

enum { NG_MOVE_PASS = -1, NG_MOVE_BAD = -2 };
enum { NG_RES_NONE = 0, NG_RES_BLACK, NG_RES_WHITE, NG_RES_DRAW };

typedef struct ng_rmove {
    int point;            /* 0..80, NG_MOVE_PASS, or NG_MOVE_BAD (text unreadable) */
    int colour;           /* 0 black, 1 white as written; -1 when the format does not say */
    int line, col;
    char text[24];        /* as written */
} ng_rmove;

typedef struct ng_game {
    int index, line;      /* 1-based game number in the file; where it starts */
    char *black, *white, *event, *date, *place, *rules, *result_text;
    int result;           /* NG_RES_* as the record states it */
    int result_line, result_col;
    ng_rmove *moves;
    int n, cap;
    char *error;          /* a fault that stopped reading this game, or NULL */
    int err_line, err_col;
    char *warning;        /* the first sloppy thing read anyway, or NULL */
    int warn_line, warn_col;
} ng_game;

typedef struct ng_game_list {
    ng_game *items;
    int n, cap;
    ng_format format;
} ng_game_list;

/* 0..100: how sure that TEXT holds NoGo records; *F the format. */
int ng_sniff(const char *text, size_t len, ng_format *f);
/* Read every game of TEXT (in format F, NG_FMT_NONE: sniffed).  Returns 0, or -1 with
 * err when the text holds no NoGo record at all. */
int ng_read(const char *text, size_t len, ng_format f, ng_game_list *out, char *err, size_t errlen);
void ng_game_list_free(ng_game_list *l);
const char *ng_format_name(ng_format f);
int ng_format_from_name(const char *name, ng_format *f);

/* Builders the readers share (0, or -1 out of memory). */
ng_game *ng_list_push(ng_game_list *l, int line);
int ng_game_add_move(ng_game *g, int point, int colour, int line, int col, const char *text, size_t len);
int ng_set_str(char **field, const char *s, size_t len);
void ng_game_error(ng_game *g, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void ng_game_warn(ng_game *g, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* The format readers. */
int ng_read_sgf(const char *text, size_t len, ng_game_list *out);
int ng_read_contest(const char *text, size_t len, ng_game_list *out);
int ng_read_botzone(const char *text, size_t len, ng_game_list *out, char *err, size_t errlen);

/* Writers: MOVES are points (0..80), RESULT NG_RES_*, names may be NULL. */
typedef struct ng_write_info {
    const char *black, *white, *event, *date, *place, *rules;
    int result;
    const char *termination;
} ng_write_info;
int ng_write(FILE *out, ng_format f, const ng_write_info *info, const int *moves, int n, char *err, size_t errlen);

/* Storage for a verdict's strings. */
typedef struct ng_verdict_buf {
    char result[8], ending[400], message[512], move_text[32], event[256];
    /* A win the record claims but the board does not reach, with no reason given
     * (result_policy.h): the claim ("[后手胜] (white won)"), for the caller to warn of
     * (or, under --strict or the contest's rules named, to make the game's fault); ""
     * if none. */
    char unexplained[400];
} ng_verdict_buf;

/* Replay G under RULES (NG_RULES_*; -1: the record's RU, else ccgc) and fill V (file
 * and game left as they are).  Faults (V->kind): "parse" (unreadable), "illegal" (an
 * occupied or unreadable point, the wrong colour; a capture, suicide, pass or
 * botzone's centre opening that the record plays on after or credits to the mover),
 * "result" (a result the moves contradict, or a draw).  A game that ends at a capture,
 * suicide or pass, with no result or the opponent's win, is valid: lost by that move.
 * Returns the number of moves played legally (before any fault, and before the move
 * that lost); POINTS (may be NULL) gets their points, and also the losing move's when
 * it is a point (V->moves counts it). */
int ng_judge(const ng_game *g, int rules, bo_verdict *v, ng_verdict_buf *buf, int *points);

/* NoGo's records interface (records.h; ng_records.c): the three formats read and judged
 * in one pass, converted, written back with annotate's comments (SGF), games boyi
 * played written. */
extern const bo_records ng_records;

#endif
