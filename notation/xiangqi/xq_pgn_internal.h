/* xq_pgn_internal.h - what the parts of the Xiangqi PGN reader share: the
 * scanner (byte offset, line, character column), the reader's state (the game
 * being read, the variation being read, the options), and the few functions one
 * part calls in another:
 *
 *   xq_pgn.c       the main loop: games, comments, move tokens, entry points
 *   xq_pgn_tags.c  [Name "value"] lines, and the defects real exporters write
 *   xq_pgn_vars.c  (variations), read into the record's variation tree
 *   xq_pgn_lex.c   token classes (numbers, results, move shapes) and sniffing
 *
 * Not a public header: include xq_pgn.h from outside notation/xiangqi. */
#ifndef BOYI_XQ_PGN_INTERNAL_H
#define BOYI_XQ_PGN_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "xq_pgn.h"

typedef struct xq_pgn_scanner {
    const char *s;
    size_t n, i;
    int line, col;   /* of s[i]; col counts characters */
} xq_pgn_scanner;

enum { XQ_R_NONE = 0, XQ_R_GAME, XQ_R_DONE };
enum { XQ_PGN_MAX_PENDING = 8, XQ_PGN_MAX_DEPTH = 64 };

typedef struct xq_pgn_pending {
    int line, col;
    char text[200];
} xq_pgn_pending;

typedef struct xq_pgn_reader {
    xq_pgn_scanner sc;
    bo_record_list *out;
    xq_record_fn each;      /* when set, games are handed over one by one and freed */
    void *each_ctx;
    bool strict;            /* refuse what the PGN standard refuses (xq_read_opts) */
    int handed;             /* games handed over (and removed from out) */
    int stop;               /* the callback asked to stop */
    int state;
    int number;             /* move number written before the next move, 0 if none */
    int last_moves;         /* moves of the game before */
    int oom;
    /* Variations being read: line[0..depth) are the open ones, innermost last
     * (their '(' positions in open_line/open_col); moves go to the innermost. */
    bo_rline *line[XQ_PGN_MAX_DEPTH];
    int open_line[XQ_PGN_MAX_DEPTH], open_col[XQ_PGN_MAX_DEPTH];
    int depth;
    char *pre_comment;      /* a comment before the first move of pre_comment_line */
    bo_rline *pre_comment_line;
    xq_pgn_pending pend[XQ_PGN_MAX_PENDING];   /* warnings about text before the first game */
    int npend;
} xq_pgn_reader;

/* Step over one byte, keeping line and character column. */
static inline void xq_pgn_adv(xq_pgn_scanner *sc)
{
    unsigned char b = (unsigned char)sc->s[sc->i++];
    if (b == '\n') { sc->line++; sc->col = 1; }
    else if ((b & 0xC0) != 0x80) sc->col++;
}

/* Step to byte offset target, keeping line and column right. */
static inline void xq_pgn_adv_to(xq_pgn_scanner *sc, size_t target)
{
    while (sc->i < target) xq_pgn_adv(sc);
}

/* Bytes of the blank at s[i] (ASCII blanks, U+3000 ideographic space, U+00A0,
 * a stray BOM), 0 if s[i] starts no blank. */
static inline size_t xq_pgn_blank_len(const char *s, size_t n, size_t i)
{
    unsigned char c = (unsigned char)s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == 0) return 1;
    if (c == 0xE3 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 && (unsigned char)s[i + 2] == 0x80) return 3;
    if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0xA0) return 2;
    if (c == 0xEF && i + 2 < n && (unsigned char)s[i + 1] == 0xBB && (unsigned char)s[i + 2] == 0xBF) return 3;
    return 0;
}

/* Characters that end a token even without a blank before them. */
static inline bool xq_pgn_is_delim(unsigned char c)
{
    return c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']' || c == ';';
}

/* Where scanning resumes after the comment opening with '{' at i: past its '}',
 * or the end of the text when it is never closed (the scans that use this only
 * look ahead; the reader itself reports an unclosed comment). */
static inline size_t xq_pgn_skip_comment(const char *s, size_t n, size_t i)
{
    const char *e = memchr(s + i + 1, '}', n - i - 1);
    return e ? (size_t)(e - s) + 1 : n;
}

/* End of the token starting at i: up to a blank or a delimiter. */
size_t xq_pgn_token_end(const char *s, size_t n, size_t i);
/* Is a move-text token a result? */
bool xq_pgn_is_result(const char *tok, size_t len);
/* Bytes of the first move of a token of Chinese moves glued together. */
size_t xq_pgn_first_move_len(const char *s, size_t len);
/* Offset of the first line after i that starts a tag, or n. */
size_t xq_pgn_next_tag_line(const char *s, size_t n, size_t i);

/* The game being read, NULL before the first. */
bo_record *xq_pgn_cur(xq_pgn_reader *r);
/* Close the game being read and begin a new one at line. */
bo_record *xq_pgn_start_record(xq_pgn_reader *r, int line);
/* A defect the standard refuses and real files hold: a warning on G, or under
 * --strict an error (which makes the game invalid). */
void xq_pgn_lenient(xq_pgn_reader *r, bo_record *g, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* [Name "value"] at the scanner. */
void xq_pgn_read_tag(xq_pgn_reader *r);
/* '(' at the scanner: open a variation on the last move read. */
void xq_pgn_open_variation(xq_pgn_reader *r);
/* ')' at the scanner: close the innermost variation (an error if none is open). */
void xq_pgn_close_variation(xq_pgn_reader *r);
/* The game ends (a tag, the end of the text, a recovery): every variation still
 * open is an error, located at its '('. */
void xq_pgn_drop_variations(xq_pgn_reader *r);

#endif
