/* record.h -- the common record model every reader fills and every writer reads.
 *
 * A record is one game as a file wrote it: tags, a start position, the moves as
 * text with their source positions, comments, clocks and die rolls, the result.
 * Readers do not check rules; validators replay a record under a game's rules. */
#ifndef BOYI_RECORD_H
#define BOYI_RECORD_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct bo_tag {
    char *name;
    char *value;
    int line;
} bo_tag;

struct bo_rline;

typedef struct bo_rmove {
    char *text;        /* the move as written, e.g. "炮二平五", "32-28", "f8" */
    int line, col;     /* 1-based source position of the move's first character */
    int number;        /* move number as written, 0 if none */
    char *comment;     /* comment following the move, or NULL */
    long time_ms;      /* thinking time if the record has one, else -1 */
    int die;           /* die roll (EWN), else -1 */
    /* Variations: other lines that replace this move, each played from the position
     * before it (PGN's "1. e4 (1. d4 d5) e5": the variation hangs on e4).  Pointers,
     * so that a line stays where it is while others are added. */
    struct bo_rline **vars;
    int nvars, varcap;
} bo_rmove;

/* A line of moves: a record's variation (which may hold variations of its own). */
typedef struct bo_rline {
    bo_rmove *moves;
    int nmoves, movecap;
} bo_rline;

typedef enum { BO_NOTE_WARNING = 0, BO_NOTE_ERROR } bo_note_kind;

/* Something a reader noticed: sloppy fields it read anyway (warning), or a fault
 * that stops this record from being read (error). */
typedef struct bo_note {
    bo_note_kind kind;
    int line, col;
    char *text;
} bo_note;

typedef struct bo_record {
    int index;            /* 1-based game number within its file */
    int line;             /* where the game starts */
    bo_tag *tags;
    int ntags, tagcap;
    char *fen;            /* start position, NULL for the standard one */
    bo_rmove *moves;
    int nmoves, movecap;
    char *result;         /* as written ("1-0", "2-0", "先手胜", "*"), NULL if none */
    int result_line, result_col;
    char *notation;       /* notation of the moves when known ("chinese", "wxf", "iccs"...) */
    bo_note *notes;
    int nnotes, notecap;
    int errors;           /* number of BO_NOTE_ERROR notes */
    /* bo_record_add_comment's memory of the comment it last grew (length and
     * allocated size), so that many comments on one move append in linear time. */
    char *cm_str;
    size_t cm_len, cm_cap;
    /* bo_record_keep_variation's count: variations kept (all depths), dropped past
     * BO_RECORD_MAX_VARIATIONS, and 1 + the index of the note that says so (0:
     * none yet). */
    int vars_kept, vars_dropped, vars_note;
    /* An appender of this record (move, tag, note, comment) ran out of memory:
     * the record is not whole, and a reader must not hand it to a judge. */
    bool oom;
} bo_record;

void bo_record_init(bo_record *r, int index, int line);
void bo_record_free(bo_record *r);
/* Appenders copy their strings; they return 0, or -1 when out of memory. */
int bo_record_add_tag(bo_record *r, const char *name, size_t nlen, const char *value, size_t vlen, int line);
const char *bo_record_tag(const bo_record *r, const char *name);   /* case-insensitive; NULL if absent */
int bo_record_set_tag(bo_record *r, const char *name, const char *value);
bo_rmove *bo_record_add_move(bo_record *r, const char *text, size_t len, int line, int col);
int bo_record_set_str(char **field, const char *s, size_t len);
int bo_record_note(bo_record *r, bo_note_kind kind, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Append a comment to the last move (or, with no moves yet, it is dropped into a
 * "comment" before the first move: kept in the tag list as "_Comment"). */
int bo_record_add_comment(bo_record *r, const char *text, size_t len);

/* The most variations any reader keeps of one game, at all depths together, in
 * every format (PGN, PDN, SGF, XQF, CBR, DhtmlXQ, Renlib...).  A variation costs
 * about 200 bytes held (its line, its first moves, their text) against 4 to 8
 * bytes in a file, so a game of a million siblings would take gigabytes; past the
 * limit the reader steps over each further variation, keeps the main line and the
 * verdict on it, and one warning names how many were dropped and where the first
 * was (docs/reading.md). */
enum { BO_RECORD_MAX_VARIATIONS = 10000 };
/* The most moves the binary readers (XQF, CBR: 4 bytes a move in the file,
 * about 90 held) keep in one line: past it the line is refused with an error;
 * no game of any contest comes near it. */
enum { BO_RECORD_MAX_MOVES = 100000 };

/* May the reader of R keep one more variation, starting at LINE, COL (0 when the
 * format has no lines; a byte offset may stand in COL)?  True while under the
 * limit (it is counted); false past it: the variation is counted as dropped and
 * the first such adds the warning.  Readers call bo_record_end_variations when
 * the game is read, to put the count in that warning. */
bool bo_record_keep_variation(bo_record *r, int line, int col);
/* The count of dropped variations into the warning (nothing when none was);
 * 0, or -1 when out of memory. */
int bo_record_end_variations(bo_record *r);

/* Variations.  bo_rmove_add_variation opens a new, empty line hanging on M and
 * returns it (NULL when out of memory); moves go into it with bo_rline_add_move,
 * which, like bo_record_add_move, may move the line's earlier moves in memory:
 * keep indices, not pointers, across calls.  bo_rmove_add_comment appends a
 * comment to one move (a space between comments); for the main line keep to
 * bo_record_add_comment, which remembers the comment it grew last. */
bo_rline *bo_rmove_add_variation(bo_rmove *m);
bo_rmove *bo_rline_add_move(bo_rline *l, const char *text, size_t len, int line, int col);
int bo_rmove_add_comment(bo_rmove *m, const char *text, size_t len);
/* Number of variations hanging anywhere in the record (all depths). */
int bo_record_count_variations(const bo_record *r);

/* A growable list of records, as a file reader returns them. */
typedef struct bo_record_list {
    bo_record *items;
    int n, cap;
} bo_record_list;

bo_record *bo_record_list_push(bo_record_list *l, int line);
void bo_record_list_free(bo_record_list *l);

#endif
