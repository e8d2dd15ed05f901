/* gm_notation.h -- Gomoku / Renju positions and record files: read, decode, write.
 *
 * Formats (docs/gomoku.md has the details and what is tolerated):
 *   contest  the CCGC record {[C5][team B][team W][先手胜][date place][event];B(H,8);W(I,9);...}
 *   psq      Piskvork: "Piskvorky 15x15, 11:11, 0", then "x,y,ms" lines (1-based, y from
 *            the top), then trailer lines (player names, an end code such as -1)
 *   sgf      SGF as Gomoku tools write it: (;GM[4]FF[4]SZ[15];B[hh];W[ii])
 *   moves    a plain list: "h8 i9 j10" or one per line, '#' comments, a result token
 *
 * Readers fill the common bo_record (notation/common/record.h): every move keeps its
 * text as written, its line and column, and (PSQ) its thinking time.  Conventions:
 *   r->notation  "contest", "psq", "sgf" or "moves" (how to decode the move texts);
 *   tags         "Size" (board size), "Rules" (only when the record names its rule set),
 *                "Black", "White", "Date", "Place", "Event", "GameCode", and "Result"
 *                normalised to "1-0" (black won), "0-1", "1/2-1/2" when the record has a
 *                result the reader understood; r->result keeps it as written.
 * Sloppy but readable input becomes warnings (bo_note) and reading goes on; a fault
 * that stops the moves (an unreadable move, a truncated record) is a BO_NOTE_ERROR,
 * and the moves before it are kept. */
#ifndef BOYI_GM_NOTATION_H
#define BOYI_GM_NOTATION_H

#include <stdbool.h>
#include <stdio.h>

#include "gomoku.h"
#include "record.h"
#include "text.h"

typedef enum { GM_FMT_NONE = 0, GM_FMT_CONTEST, GM_FMT_PSQ, GM_FMT_SGF, GM_FMT_MOVES,
               GM_FMT_RIF, GM_FMT_RENLIB, GM_FMT_PLAYOK /* read only: gm_formats.h */ } gm_format;

const char *gm_format_name(gm_format f);
/* "contest" "psq" "sgf" "moves" (also "c5", "txt", "list"); 0 or -1. */
int gm_format_from_name(const char *name, gm_format *f);

/* Rule-set names: "renju" "freestyle" "standard" (case-insensitive); 0 or -1. */
int gm_rules_from_name(const char *name, gm_rules *r);
const char *gm_rules_name(gm_rules r);

/* The rule sets the command line names (--rules): the three gm_rules and a renju
 * variant for the RULES.md three/five Decision.  "renju" is the Decision (a straight-four
 * point that would also make a five does not make a three); "renju-five-threes" is the
 * other reading (it still does: gm_board.renju_five_point_threes).  Record files name
 * only the gm_rules names. */
typedef struct gm_ruleset {
    gm_rules rules;
    bool five_point_threes;  /* renju only: set b->renju_five_point_threes */
} gm_ruleset;
#define GM_RULESET_NAMES "renju (default), renju-five-threes, freestyle, standard"
/* "renju-five-threes" or any gm_rules_from_name name; 0 or -1. */
int gm_ruleset_from_name(const char *name, gm_ruleset *rs);
const char *gm_ruleset_name(gm_ruleset rs);

/* ---- position text ------------------------------------------------------------ */
/* "black: h8 i9 k3; white: j10 e4" with optional "; to-move: white", "; size: 20";
 * ';' or newlines separate the parts, '#' starts a comment to the end of the line
 * (the multi-line form of shared/corpus/renju/forbidden-cases.txt reads as it is; its
 * "forbidden:" line is an annotation and is skipped).  Without to-move, white is to
 * move when black has exactly one stone more, else black.  Sets up B (renju boards are
 * 15x15).  Returns 0, or -1 with err and *err_off (byte offset in S) set. */
int gm_position_parse(const char *s, gm_rules rules, gm_board *b, size_t *err_off,
                      char *err, size_t errlen);
/* The inverse: "black: h8 i9; white: j10; to-move: black" (stones by column, row). */
char *gm_position_format(const gm_board *b, char *buf, size_t n);

/* A five already on B ends the game: no side has a move.  True with the winner and a
 * point of the line when there is one. */
bool gm_five_on_board(const gm_board *b, gm_stone *who, int *wx, int *wy);
/* What the line of S through (x,y) is called: "five in a row", or (into BUF) "an
 * overline of 6 (it wins under ...)" for a longer winning line. */
const char *gm_win_name(const gm_board *b, int x, int y, gm_stone s, char *buf, size_t n);

/* ---- reading ---------------------------------------------------------------- */
/* 0..100: how sure we are that T holds Gomoku records, and in which format.  Looks at
 * no more than the first GM_SNIFF_PREFIX bytes, once (a huge file costs no more to
 * sniff than a small one); a move list is recognised by a scan of that prefix, not by
 * reading it. */
enum { GM_SNIFF_PREFIX = 64 * 1024 };
int gm_sniff(const bo_text *t, gm_format *fmt);

/* How to read.  keep_moves > 0 keeps at most that many moves of each line (the main
 * line and each variation); later moves are still read and checked for syntax, and
 * counted in the record's tag "_Unkept".  Validation never looks past move
 * size*size + 1 (the board is full by then), so GM_KEEP_FOR_VALIDATION bounds the
 * memory a record needs whatever its length; 0 keeps every move (convert).  strict:
 * refuse what the format refuses instead of reading it with a warning. */
typedef struct gm_read_opts {
    int keep_moves;
    bool strict;
} gm_read_opts;
enum { GM_KEEP_FOR_VALIDATION = GM_MAX_SIZE * GM_MAX_SIZE + 1 };
/* With keep_moves > 0, a record keeps at most this many variations (the validator
 * replays no more); the others are read, not kept, and a warning says so. */
enum { GM_KEEP_VARIATIONS = BO_RECORD_MAX_VARIATIONS };   /* the limit every reader keeps (record.h) */
/* gm_read with options (O NULL: keep every move, lenient). */
int gm_read_with(const bo_text *t, gm_format fmt, const gm_read_opts *o, bo_record_list *out, char *err,
                 size_t errlen);

/* Append the records of T to OUT.  Return 0, or -1 with err when T holds nothing of
 * the format at all (then OUT is unchanged). */
int gm_read_contest(const bo_text *t, bo_record_list *out, char *err, size_t errlen);
int gm_read_psq(const bo_text *t, bo_record_list *out, char *err, size_t errlen);
int gm_read_sgf(const bo_text *t, bo_record_list *out, char *err, size_t errlen);
int gm_read_moves(const bo_text *t, bo_record_list *out, char *err, size_t errlen);
/* FMT GM_FMT_NONE: sniff first. */
int gm_read(const bo_text *t, gm_format fmt, bo_record_list *out, char *err, size_t errlen);

/* ---- decoded games ------------------------------------------------------------ */
typedef enum { GM_RES_NONE = 0, GM_RES_BLACK, GM_RES_WHITE, GM_RES_DRAW } gm_result;

typedef struct gm_gmove {
    int x, y;            /* engine coordinates; may be off the board */
    gm_stone colour;     /* as the record says, GM_EMPTY where the notation does not */
    long time_ms;        /* thinking time, -1 if none */
    int line, col;
    const char *text;    /* as written (points into the record) */
} gm_gmove;

typedef struct gm_game {
    const bo_record *rec;   /* tags, result text; may be NULL */
    int size;               /* board size the record says (15 when it does not) */
    bool rules_known;       /* the record names its rule set */
    gm_rules rules;
    gm_result result;       /* the result the record claims */
    gm_gmove *moves;
    int n;
    long unkept;            /* moves the reader read but did not keep (gm_read_opts) */
} gm_game;

/* Decode the move texts of R.  Returns 0, or -1 with err (and *bad = the index of the
 * move that cannot be decoded, or -1 when out of memory). */
int gm_game_from_record(const bo_record *r, gm_game *g, int *bad, char *err, size_t errlen);
void gm_game_free(gm_game *g);
/* Decode one move TEXT of R (in R's notation; R may be NULL for a move list) on a
 * SIZE board into M (x, y, colour): 0, or -1 when it is not a move. */
int gm_decode_move(const bo_record *r, int size, const char *text, gm_gmove *m);
/* "1-0" "0-1" "1/2-1/2" "*". */
const char *gm_result_code(gm_result r);

/* ---- writing ------------------------------------------------------------------ */
/* Write G in FMT.  Moves must be on the board.  Returns 0, or -1 with err. */
int gm_write(FILE *f, gm_format fmt, const gm_game *g, char *err, size_t errlen);
int gm_write_contest(FILE *f, const gm_game *g, char *err, size_t errlen);
int gm_write_psq(FILE *f, const gm_game *g, char *err, size_t errlen);
int gm_write_sgf(FILE *f, const gm_game *g, char *err, size_t errlen);
int gm_write_moves(FILE *f, const gm_game *g, char *err, size_t errlen);

#endif
