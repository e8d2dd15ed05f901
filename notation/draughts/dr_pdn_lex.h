/* dr_pdn_lex.h -- the PDN tokenizer (private to notation/draughts).
 *
 * Tokens are those of the standard's reading grammar.  A move is one token (squares
 * and separators, blanks allowed between them as between any two grammar tokens), so
 * that "1-10" is a move and "1-1" a result, and "(!?)" is a move strength while "(" opens
 * a variation. */
#ifndef BOYI_DR_PDN_LEX_H
#define BOYI_DR_PDN_LEX_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
    DR_T_EOF = 0,
    DR_T_LBRACKET, DR_T_RBRACKET, DR_T_IDENT, DR_T_STRING,
    DR_T_MOVENUM, DR_T_MOVE, DR_T_ELLIPSIS, DR_T_STRENGTH, DR_T_NAG,
    DR_T_LPAREN, DR_T_RPAREN, DR_T_STAR, DR_T_RESULT,
    DR_T_SETUP, DR_T_COMMENT,
    DR_T_DASH,             /* a lone '-' (some exporters write it as the result) */
    DR_T_ERROR
} dr_tok_kind;

typedef struct dr_tok {
    dr_tok_kind kind;
    size_t off, len;       /* bytes of the token in the text */
    int line, col;         /* 1-based position of its first character */
    int number;            /* MOVENUM: the number (capped) */
    bool black;            /* MOVENUM: written "N..." */
    char move[80];         /* MOVE: the move without blanks */
    const char *error;     /* ERROR: the reason (static text) */
    char errbuf[96];       /* ERROR: a formatted reason when needed */
} dr_tok;

typedef struct dr_lex {
    const char *s;
    size_t len, pos;
    int line;
    size_t line_start;     /* byte offset where the current line starts */
    size_t col_off;        /* a known column on the current line (long lines stay linear) */
    int col_at;
    bool strict;           /* refuse what PDN 3.0 refuses (else skip known exporter noise) */
    int lit_cr;            /* lenient: literal backslash-r pairs skipped since the count was reset */
    int lit_cr_line, lit_cr_col;   /* where the first of them was */
} dr_lex;

void dr_lex_init(dr_lex *lx, const char *s, size_t len);
/* The next token; DR_T_ERROR leaves lx->pos at the offending character. */
void dr_lex_next(dr_lex *lx, dr_tok *t);
/* Line and column of byte offset OFF (which must not lie before the current line). */
void dr_lex_where(const dr_lex *lx, size_t off, int *line, int *col);
/* Skip to the start of the next game: a line starting with '[' whose previous
 * non-blank line is no header line (it does not start with '[', or it holds moves or a
 * result after its tags, as in files with one game per line), or any line after a line
 * that ends with '*' or a result (games without tags).  Returns false at the end of
 * the text. */
bool dr_lex_resync(dr_lex *lx);
/* Step over N bytes at the current position (lenient skipping of a stray character
 * that a DR_T_ERROR token left there). */
void dr_lex_skip(dr_lex *lx, size_t n);
/* Lenient reading of a tag name after '[': any run of characters but blanks, quotes
 * and brackets (HTML entities, lower case ...).  The token is an IDENT, or EOF. */
void dr_lex_tag_name(dr_lex *lx, dr_tok *t);

#endif
