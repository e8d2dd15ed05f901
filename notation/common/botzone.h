/* botzone.h -- Botzone's bot I/O (docs/botzone.md), shared by the bot (`boyi
 * botzone`, cli/cmd_botzone.c) and the runner (`proto=botzone` in `boyi match`,
 * selfplay/sp_botzone.c).
 *
 * Botzone gives a bot, each turn, the requests of the judge and the bot's own
 * earlier responses: as one JSON line {"requests":[..],"responses":[..],"data":..,
 * "globaldata":..} (the JSON interaction) or as lines (the simple interaction: the
 * turn number n, then the 2n-1 requests and responses alternating).  What a request
 * and a response hold is the game's:
 *   - games Botzone hosts with points (NoGo, Gomoku/Renju): a request is the
 *     opponent's point {"x":X,"y":Y} ("X Y" in the simple interaction), the first
 *     request {"x":-1,"y":-1} telling the bot it moves first; a response is the
 *     bot's point.  The front end maps points and moves (bz_xy).
 *   - every other game (the descriptor's texts): a request is {"moves":[M,..]},
 *     every move played since the bot's last one (the opponent's, and chance's: the
 *     die), the first request also {"position":TEXT} (the start); a response is the
 *     move text as a JSON string ("h2e2"; the bare text in the simple interaction).
 * A small JSON reader is here too (values located by byte offset, strings
 * unescaped on demand). */
#ifndef BOYI_BOTZONE_H
#define BOYI_BOTZONE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

/* A game that Botzone hosts with {"x":X,"y":Y} moves: its move <-> point maps (the
 * front end's; cli/cli.h bo_game_cli.botzone).  0, or -1 when there is none. */
typedef struct bz_xy {
    int (*to_xy)(const void *pos, bo_move m, int *x, int *y);
    int (*from_xy)(const void *pos, int x, int y, bo_move *m);
} bz_xy;

/* ---- JSON -------------------------------------------------------------------------- */

enum { BZ_J_NULL, BZ_J_BOOL, BZ_J_NUM, BZ_J_STR, BZ_J_ARR, BZ_J_OBJ };

typedef struct bz_jval {
    int type;
    double num;
    size_t at, len;            /* the value's text (a string: between its quotes) */
    size_t key, keylen;        /* as an object's member: its key's raw text */
    int first, next;           /* children and siblings by index; -1: none */
} bz_jval;

typedef struct bz_json {
    const char *text;
    bz_jval *v;
    int n, cap;
} bz_json;

/* Parse the JSON value that TEXT (LEN bytes) holds (white space around it allowed).
 * Returns the root's index (0), or -1 with err ("column C: ...").  Free with
 * bz_json_free, also after a failure. */
int bz_json_parse(bz_json *d, const char *text, size_t len, char *err, size_t errlen);
void bz_json_free(bz_json *d);
/* The member KEY of object AT, or -1. */
int bz_json_member(const bz_json *d, int at, const char *key);
/* A number (also a quoted one); false if AT is not one. */
bool bz_json_num(const bz_json *d, int at, double *x);
/* A string's text unescaped into OUT; -1 if AT is not a string or OUT is too small. */
int bz_json_str(const bz_json *d, int at, char *out, size_t n);
/* The raw text of value AT. */
int bz_json_raw(const bz_json *d, int at, char *out, size_t n);
/* S as a JSON string (quotes included) at OUT+*K; -1 when it does not fit. */
int bz_json_put_str(char *out, size_t n, size_t *k, const char *s);

/* ---- messages ----------------------------------------------------------------------- */

/* The request that tells the bot the moves MOVES[0..K) played from POS since its last
 * move (FIRST: its first request; START is the game's start, sent whole for a game
 * without XY).  JSON: a JSON value; else the simple interaction's line. */
int bz_request(const bo_game *g, const bz_xy *xy, const void *start, const void *pos, const bo_move *moves,
               int k, bool first, bool json, char *out, size_t n);
/* A hidden-information game's request (BO_GAME_HIDDEN): {"position":TEXT,"moves":[]},
 * TEXT a full state drawn (seeded by the view) from what PLAYER sees of POS, never the
 * opponent's real pieces; every request of such a game is one (a bot reads each as
 * its new position).  0, or -1 (not a hidden game, no state drawn, OUT too small). */
int bz_view_request(const bo_game *g, const void *pos, int player, char *out, size_t n);
/* The response naming move M at POS. */
int bz_response(const bo_game *g, const bz_xy *xy, const void *pos, bo_move m, bool json, char *out, size_t n);

/* Apply the request (JSON value AT of D, or the simple line LINE when D is NULL) to
 * POS (with H, NULL allowed): the opponent's and chance's moves, each checked legal;
 * a first request of a game without XY replaces POS by its "position" (read under
 * RULES).  Returns 0, or -1 with err. */
int bz_apply_request(const bo_game *g, const bz_xy *xy, const char *rules, void *pos, bo_hist *h, bool first,
                     const bz_json *d, int at, const char *line, char *err, size_t errlen);
/* Read a response (as bz_apply_request reads a request) into *M, a legal move at POS.
 * Returns 0, -1 when it is not a move at all (garbage), -2 when it names an illegal
 * move; err says which. */
int bz_read_response(const bo_game *g, const bz_xy *xy, const void *pos, const bz_json *d, int at,
                     const char *line, bo_move *m, char *err, size_t errlen);

/* The marker a long-running bot prints after its response. */
#define BZ_KEEP_RUNNING ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"

#endif
