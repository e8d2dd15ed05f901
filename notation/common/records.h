/* records.h -- the record side of a game: one interface each game implements in
 * notation/<game>/, as the engines implement engine/core/game.h.
 *
 * The rule: a file is read ONCE per command.  bo_records.read reads a text, and for
 * every game in it reads the record, replays it under the rules (the judge) and hands
 * the game to the caller's sink with everything that pass learned together: the record
 * as read, the start position, the legal moves in the game descriptor's encoding, the
 * verdict, and where each move sits in the record.  validate prints the verdicts,
 * annotate keeps the games to analyse and write, render draws one, standings and report
 * count results: none of them reads or replays a file a second time.
 *
 * The method:
 * - readers never print and never exit: warnings go to sink->warning as they are found
 *   (before the verdict of the game they concern), a game's fault is its verdict, and
 *   a file that cannot be read at all is a -1 with the reason in err.  cli/ formats
 *   and prints all of it, and decides the exit code;
 * - what the reader needs from the command line is a bo_read_opts, not the CLI's
 *   options: the readers can be used by self-play, tests and tools alike;
 * - pointers handed to a sink live only while the call runs; a caller that wants a game
 *   past it (annotate writes each game after its analysis) takes a copy with keep;
 * - every member may be NULL where the game lacks it.
 *
 * cli/cli.h's bo_game_cli carries a `records` member; the commands use it where it is
 * set (docs/game-interface.md). */
#ifndef BOYI_RECORDS_H
#define BOYI_RECORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "text.h"
#include "verdict.h"

struct bo_record;

/* What the readers and writers take from the command line.  A field left zero (or
 * NULL) means "not given"; bo_read_opts_init sets the ones whose "not given" is not 0. */
typedef struct bo_read_opts {
    const char *game;          /* --game as given (the file's game was named, not sniffed), or NULL */
    const char *rules;         /* --rules, or NULL: the record's own, else the game's default */
    bool misere;               /* --misere (the line game) */
    bool strict;               /* --strict: refuse what the format's standard refuses */
    bool variation_errors;     /* --variation-errors: an illegal move in a variation makes the game invalid */
    const char *encoding;      /* --encoding as given, NULL: detected (the bo_text is already decoded) */
    const char *draw_rules;    /* --draw-rules (draughts) */
    const char *opening_rule;  /* --opening-rule (Gomoku) */
    double move_time_limit;    /* --move-time-limit seconds, < 0: not given */
    const char *to;            /* --to: the format (or notation) to write; NULL: the one read */
    const char *board;         /* --board (peg solitaire) */
    /* Where the text read sits in its file when a command hands read the file in slices
     * (validate): the lines and games of the file before it; 0 and 0 for a file's first
     * slice or a whole file.  Readers number their output in the text; only state
     * across files (EWN's matches) needs the file's numbers. */
    int line0, game0;
    int game_index;            /* --game-index N: game N of the file (convert to a one-game format), 0: none */
    /* Where write_game and write_played say what the format could not hold (comments,
     * variations: sink->warning); NULL: not said. */
    const struct bo_records_sink *notes;
} bo_read_opts;

void bo_read_opts_init(bo_read_opts *o);

/* One game of a file, read and judged (the sink's game), or a game kept (keep). */
typedef struct bo_rec_game {
    const char *path;          /* the file */
    struct bo_record *r;       /* the record as read, comments and variations included;
                                  a caller may change its move comments before write_game */
    const void *start;         /* the start position, as the game descriptor's value */
    const uint32_t *moves;     /* the main line in the descriptor's move encoding, up to the
                                  first fault (all of it in a valid game) */
    int nmoves;
    const bo_verdict *v;       /* the game's verdict, numbered in the text read */
    const void *priv;          /* the game's own (what write_game and move_text need) */
    const int *rec_index;      /* rec_index[i]: the index in r->moves of move i, where the
                                  record's main line holds more than moves (PDN's "..." and
                                  set-ups); NULL: the same i */
} bo_rec_game;

/* Where a reader's results go.  Every callback may be NULL (what it would get is
 * dropped). */
typedef struct bo_records_sink {
    /* One game, read and judged, in file order.  Return non-zero to stop reading. */
    int (*game)(void *ctx, const bo_rec_game *g);
    /* A reader's or judge's warning about a game it could still read (before that
     * game's call to game); game 0 when it concerns no one game. */
    void (*warning)(void *ctx, const bo_warning *w);
    /* A fault that is no game's verdict: a game convert leaves out, a write that failed,
     * an option the format refuses.  FILE NULL when not about the file; GAME 0 when
     * about no one game. */
    void (*error)(void *ctx, const bo_warning *e);
    /* A verdict with no game read behind it (end's judgement across files: EWN's
     * matches); the verdict names the file and game it concerns. */
    void (*verdict)(void *ctx, const bo_verdict *v);
    /* A line of the command's output that is no verdict (EWN's match score): TEXT for
     * the text form, JSON (one object) for --json. */
    void (*line)(void *ctx, const char *text, const char *json);
    void *ctx;
} bo_records_sink;

/* A game boyi played itself (selfplay, matches), to be written as a record. */
typedef struct bo_played {
    const char *rules;
    const void *start;            /* the start position, as the descriptor's value */
    const uint32_t *moves;        /* in the descriptor's encoding */
    int nmoves;
    double score_first;           /* the first player's score: 1, 0.5, 0 */
    const char *termination;      /* how it ended: "checkmate", "adjudication: resign", ... */
    const char *first_name, *second_name;
    const char *event;
    long round;                   /* 1-based game number */
    /* Per move, or NULL for none at all: the comment a record format with comments
     * carries ("+0.35/12 0.105s": the mover's score in pawns or "+M3", the depth, the
     * time; NULL for a move without one), and the thinking time in ms (-1: none). */
    const char *const *notes;
    const int *ms;
} bo_played;

/* bo_records.convert's results: all written; a game invalid (written up to its fault)
 * or left out; the conversion failed (an option refused, a file not read, a write). */
enum { BO_RECORDS_CONVERTED = 0, BO_RECORDS_GAME_LEFT_OUT = 1, BO_RECORDS_FAILED = 2 };

typedef struct bo_records {
    const char *name;          /* the game descriptor's name: "yizi" */
    /* 0..100: how sure the reader is that T holds records of this game. */
    int (*sniff)(const bo_text *t);
    /* Where the last game that starts in a stretch of text begins (text_stream.h's
     * bo_split_fn); NULL: files of this game are read whole.  With it, read may be
     * handed a file in slices of whole games (validate does), so memory stays bounded. */
    size_t (*split)(const char *text, size_t len);
    /* Judging across files (EWN's matches): begin makes the state read is handed for
     * every text of one command, end judges what it gathered (on SINK: verdict, line)
     * and frees it.  begin NULL: read is handed NULL and end is not called; a command
     * that judges no more than one game at a time (standings, annotate) hands read NULL
     * too, so read must take NULL always. */
    void *(*begin)(const bo_read_opts *o);
    void (*end)(const bo_read_opts *o, void *across, const bo_records_sink *sink);
    /* Read every game of T, judge it and hand it to SINK (warnings first, then the game).
     * Returns 0 (read to the end, or stopped by the sink), or -1 with err set when the
     * text cannot be read at all (what was handed before stays handed); an err that
     * begins "line L, column C: " or "line L: " is located in T. */
    int (*read)(const bo_read_opts *o, const bo_text *t, void *across, const bo_records_sink *sink, char *err,
                size_t errlen);
    /* boyi convert: T's games to OUT in format o->to, what the reader forgave as
     * warnings on SINK, a game left out or a failure on sink->error.  Returns a
     * BO_RECORDS_* value.  cli prints a warning as "boyi: FILE:L:C: game N: warning: MSG"
     * (the parts that are 0 left out), an error as "boyi: FILE:L:C: error: game N: MSG". */
    int (*convert)(const bo_read_opts *o, const bo_text *t, FILE *out, const bo_records_sink *sink);
    /* Only inside sink->game (or on a kept game): G's record to OUT in the format it was
     * read in (o->to, when set, names another of the game's formats), its comments as
     * they now are.  Returns 0, or -1 with err set. */
    int (*write_game)(const bo_read_opts *o, const bo_rec_game *g, FILE *out, char *err, size_t errlen);
    /* A game boyi played, as a record of the game's own format (file extension
     * played_ext: "pgn", "pdn", "txt"); games follow one another in one file.
     * Returns 0, or -1 with err set. */
    const char *played_ext;
    int (*write_played)(const bo_read_opts *o, const bo_played *p, FILE *out, char *err, size_t errlen);
    /* Move M (the descriptor's) at POS in G's record's own notation (Chinese, WXF or
     * ICCS for Xiangqi); NULL: the descriptor's move text is it. */
    int (*move_text)(const bo_rec_game *g, const void *pos, uint32_t m, char *buf, size_t n);
    /* Only inside sink->game: a copy of G that lives until release (the record moved
     * into it, the rest copied), or NULL when out of memory.  NULL member: the record,
     * start, moves, rec_index, verdict and file name are kept by bo_rec_game_keep, and priv is
     * the kept record where it was the record, else NULL. */
    bo_rec_game *(*keep)(const bo_rec_game *g);
    void (*release)(bo_rec_game *g);
    /* The shared keep copies priv when this is not 0: priv is a plain value of that
     * many bytes (no pointers into the reader's state). */
    size_t priv_size;
} bo_records;

/* keep and release through the game's members, or the shared ones. */
bo_rec_game *bo_records_keep(const bo_records *rs, const bo_rec_game *g);
void bo_records_release(const bo_records *rs, bo_rec_game *g);

/* The shared keep: G's record moved into the copy (G's record is left empty, as
 * bo_record_init leaves one: its reader frees it as usual), the path, the start
 * position (POS_SIZE bytes), the moves, rec_index and the verdict (its strings; its
 * file the kept path where it was G's) copied; priv as bo_records.keep says.  NULL when out of memory.  bo_rec_game_release frees it. */
bo_rec_game *bo_rec_game_keep(const bo_rec_game *g, size_t pos_size);
/* The same, priv copied (PRIV_SIZE bytes) when PRIV_SIZE is not 0. */
bo_rec_game *bo_rec_game_keep_priv(const bo_rec_game *g, size_t pos_size, size_t priv_size);
void bo_rec_game_release(bo_rec_game *g);

/* A verdict whose strings it owns, in one buffer reused from game to game (no cut,
 * unlike bo_verdict_copy): readers keep the judge's verdict here while they finish
 * the game, then hand &store.v on.  file is not copied. */
typedef struct bo_verdict_store {
    bo_verdict v;
    char *buf;
    size_t cap;
} bo_verdict_store;

/* V into S; 0, or -1 when out of memory (S then holds V's status and numbers with
 * its strings NULL). */
int bo_verdict_store_set(bo_verdict_store *s, const bo_verdict *v);
void bo_verdict_store_free(bo_verdict_store *s);

/* What every reader says to its sink: a warning or an error located in FILE (GAME 0
 * when it concerns no one game), dropped where the sink has no such callback (S may be
 * NULL: nothing said). */
void bo_records_warning(const bo_records_sink *s, const char *file, int game, int line, int col, const char *msg);
void bo_records_error(const bo_records_sink *s, const char *file, int game, int line, int col, const char *msg);
/* 0 for a text; for a binary file -1 with err "line L, column C: byte 0xHH is not text:
 * this is no WHAT" (its first non-text byte), the readers' one refusal of binaries. */
int bo_records_refuse_binary(const bo_text *t, const char *what, char *err, size_t errlen);
/* A record's notes said to S as convert says them: every warning, then its first error
 * as "TEXT; game not written".  True when it has an error (the game is left out). */
bool bo_records_convert_notes(const bo_records_sink *s, const char *path, const struct bo_record *r);

#endif
