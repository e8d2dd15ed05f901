/* dr_pdn.h -- Portable Draughts Notation (PDN 3.0): reading, writing, sniffing.
 *
 * The reader follows the standard's *reading* grammar (wiegerw/pdn, doc/grammar.rst):
 *
 *   PdnFile  : Game (GameSeparator Game)* GameSeparator?
 *   GameSeparator : '*' | Result          (1-0 1/2-1/2 0-1 2-0 1-1 0-2 0-0)
 *   Game     : (PdnTag+ GameBody?) | GameBody
 *   GameBody : (GameMove | Variation | COMMENT | SETUP | NAG)+
 *   GameMove : MOVENUMBER? Move MOVESTRENGTH?
 *   Move     : Square '-' Square | Square ([x:] Square)+ | '...'
 *   Square   : [a-h][1-8] | [1-9][0-9]? | 0[1-9]
 *
 * plus whitespace and '%' line comments between tokens.  Alphanumeric moves may omit
 * the separator (a3b4).  A syntax error ends the game it is in: the game gets an
 * error note (bo_record.errors > 0) with line, column and reason, and reading goes on
 * at the next game (the next line starting with '[' after the game's header and moves,
 * whether games take many lines or one), so every game of a file is handed over.
 *
 * Unless strict, defects that real exporters put in the wrapping of a game are read
 * with a warning note (BO_NOTE_WARNING) and the game is kept: a literal backslash-r
 * after tags, a tag without value ([Empty]), '[[', HTML entities or other characters
 * in tag names, entities in tag values, '-' as the result, a missing result before the
 * next game's tags, a variation left open at the end of the game (docs/draughts.md).
 *
 * Each game fills a bo_record (notation/common/record.h) for validators: the tags, the
 * FEN tag as start position, the main line's moves as written (with line and column)
 * and the terminating result, variations as lines hanging on the move they replace
 * (bo_rmove.vars, nested).  Two PDN-only items of the main line are kept in the
 * move list because they change what the next move means: a setup `/FEN "..."/` (its
 * text starts with '/') and the ellipsis `...` (an unknown or skipped move).  The
 * full game, with variations, NAGs and move strengths, is kept as a tree for writers.
 */
#ifndef BOYI_DR_PDN_H
#define BOYI_DR_PDN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "draughts.h"
#include "record.h"

typedef enum {
    DR_PDN_MOVE = 0,   /* a move, text as written without blanks ("32-28", "28x19x10", "a3b4") */
    DR_PDN_ELLIPSIS,   /* "..." standing for a move that is not given */
    DR_PDN_COMMENT,    /* text between the braces */
    DR_PDN_NAG,        /* the digits after '$' */
    DR_PDN_SETUP,      /* the whole "/FEN \"...\"/" token, slashes included */
    DR_PDN_VARIATION   /* '(' body ')' */
} dr_pdn_kind;

typedef struct dr_pdn_body dr_pdn_body;

typedef struct dr_pdn_node {
    dr_pdn_kind kind;
    int line, col;          /* 1-based source position */
    int number;             /* MOVE/ELLIPSIS: the move number written before it, 0 if none */
    bool number_black;      /* that number was written "N..." */
    char *text;             /* see dr_pdn_kind; NULL for a variation */
    char *strength;         /* MOVE: "!", "?!", "(!?)" ..., NULL if none */
    dr_pdn_body *variation; /* VARIATION: its moves */
} dr_pdn_node;

struct dr_pdn_body {
    dr_pdn_node *nodes;
    int n, cap;
};

typedef struct dr_pdn_game {
    bo_record rec;        /* tags, start FEN, main line, result: what validators read */
    dr_pdn_body body;     /* the game text as a tree, for writers */
    char *terminator;     /* "*", a result, or NULL when the file ended without one */
} dr_pdn_game;

/* Called once per game, in file order.  The game belongs to the reader and is freed
 * after the call returns (take what you need).  Return non-zero to stop reading. */
typedef int (*dr_pdn_game_fn)(dr_pdn_game *g, void *ctx);

/* Read every game of DATA (LEN bytes, UTF-8, LF line ends as bo_text gives them).
 * Syntax errors do not fail the call: they are notes of the game they are in.
 * Returns 0, or -1 with a reason in err (out of memory, or the callback asked to stop:
 * then err is empty). */
int dr_pdn_read(const char *data, size_t len, dr_pdn_game_fn fn, void *ctx,
                char *err, size_t errlen);

/* How to read: strict = PDN 3.0 only (the defects above are syntax errors). */
typedef struct dr_pdn_options {
    bool strict;
} dr_pdn_options;

/* dr_pdn_read with options (NULL: lenient, as dr_pdn_read). */
int dr_pdn_read_with(const char *data, size_t len, const dr_pdn_options *opt, dr_pdn_game_fn fn, void *ctx,
                     char *err, size_t errlen);

/* All games of DATA in an array (tests, convert).  Returns 0 or -1 (out of memory). */
typedef struct dr_pdn_games {
    dr_pdn_game *items;
    int n, cap;
} dr_pdn_games;
int dr_pdn_read_all(const char *data, size_t len, dr_pdn_games *out, char *err, size_t errlen);
int dr_pdn_read_all_with(const char *data, size_t len, const dr_pdn_options *opt, dr_pdn_games *out,
                         char *err, size_t errlen);
void dr_pdn_games_free(dr_pdn_games *gs);
void dr_pdn_game_free(dr_pdn_game *g);
/* Free a body's nodes (and their variations), leaving it empty. */
void dr_pdn_body_free(dr_pdn_body *b);

/* The FEN of a setup item ("/FEN \"B:W18,24:B12\"/", or "/B:W18,24:B12/") into OUT. */
void dr_pdn_setup_fen(const char *setup, char *out, size_t n);

/* 0..100: how much DATA looks like PDN draughts (tags, numeric moves 32-28 / 19x30,
 * [GameType], FEN "W:W31-50:B1-20"); low for chess/Xiangqi PGN and gomoku. */
int dr_pdn_sniff(const char *data, size_t len);

/* The game type of a record: the number of its GameType tag, 20 when it has none.
 * *start_colour gets 'W' or 'B' when the tag gives one (else 0); notation (4 bytes)
 * the notation field ("N2", else ""). Returns -1 when the tag is not understood. */
int dr_pdn_game_type(const bo_record *r, char *start_colour, char notation[4]);

/* Write G as PDN 3.0 (writing rules: tags, numeric moves without leading zeros, 'x'
 * captures written from x to, or with the full path when that is ambiguous, move
 * numbers "N." / "N...", lines of at most 80 characters, a terminator).  Moves are
 * replayed under RULES to write captures; a move that cannot be replayed (other game
 * types, illegal moves) is written as it was read, tidied.  Returns 0 or -1 (write
 * error). */
int dr_pdn_write(FILE *out, const dr_pdn_game *g, const dr_rules *rules);
/* dr_pdn_write with the main line's comments taken from g->rec (each move's comment,
 * as a caller such as annotate set it, in place of the comments after it in the text). */
int dr_pdn_write_commented(FILE *out, const dr_pdn_game *g, const dr_rules *rules);

#endif
