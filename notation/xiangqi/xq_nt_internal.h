/* xq_nt_internal.h - what the Xiangqi notation readers and writers share:
 * the code-point tokenizer, the "move spec" every file-relative notation
 * (Chinese, WXF) boils down to, and its resolution against a position.
 * Not a public header: include xq_notation.h from outside notation/xiangqi. */
#ifndef BOYI_XQ_NT_INTERNAL_H
#define BOYI_XQ_NT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "xq_notation.h"

enum { XQ_NT_MAXCP = 24 };

/* A written move as code points: full-width ASCII (U+FF01..FF5E) folded to
 * ASCII, blanks (incl. U+3000) and trailing !? marks trimmed. */
typedef struct xq_cps {
    long cp[XQ_NT_MAXCP];
    int n;
    bool cjk;          /* holds a code point >= U+2E80 (a Chinese glyph) */
} xq_cps;

/* 0, or -1 when the text is not UTF-8 or too long to be a move. */
int xq_cps_read(const char *text, size_t len, xq_cps *c);

/* Which of several pieces stacked on one file (or on several files) is meant. */
typedef enum {
    XQ_SEL_NONE = 0,
    XQ_SEL_FRONT,      /* 前 ; WXF '+' (with 4-5 pawns on the file: the second from the front) */
    XQ_SEL_MID,        /* 中 ; WXF '.' in the position slot, or the file digit repeated (33.4) */
    XQ_SEL_REAR,       /* 后 ; WXF '-' (with 4-5 pawns: the second from the rear) */
    XQ_SEL_NTH,        /* 一..五 (WXF a..e): counted from the front */
    XQ_SEL_FOREMOST,   /* WXF "++" */
    XQ_SEL_REARMOST    /* WXF "--" */
} xq_sel;

typedef enum { XQ_DIR_NONE = 0, XQ_DIR_FWD, XQ_DIR_SIDE, XQ_DIR_BACK } xq_dir;

/* One move as the file-relative notations state it. */
typedef struct xq_spec {
    xq_kind kind;      /* XQ_NONE: not written (a pawn, by the tandem-pawn rules) */
    int file;          /* 1..9 counted from the mover's right, 0 = not written */
    xq_sel sel;
    int nth;           /* 1..5 with XQ_SEL_NTH */
    xq_dir dir;        /* XQ_DIR_NONE: the short form 炮25, direction from context */
    int num;           /* 1..9: distance or destination file */
    xq_notation nt;    /* XQ_NOTE_CHINESE or XQ_NOTE_WXF: how messages name things */
} xq_spec;

/* Find the move s describes in p (rules in xq_notation.h, xq_parse_move).
 * text is the move as written, for messages. 0 ok, -1 with err. */
int xq_spec_resolve(const xq_pos *p, const xq_spec *s, const char *text, xq_move *out,
                    char *err, size_t errlen);

/* How the file-relative notations see move m in p. */
typedef struct xq_desc {
    xq_kind kind;
    int file;          /* from-file, 1..9 from the mover's right */
    xq_dir dir;
    int num;           /* distance, or destination file */
    int on_file;       /* pieces of this kind and side on the from-file (>= 1) */
    int index;         /* 0-based position of the moving piece among them, from the front */
    int stacked_files; /* files holding two or more pieces of this kind and side */
} xq_desc;

/* 0, or -1 when no piece of the side to move stands on m's from-square. */
int xq_describe(const xq_pos *p, xq_move m, xq_desc *d);

/* File number (1..9 from side s's right) of ICCS file f (0..8), and back. */
int xq_side_file(xq_side s, int f);
int xq_iccs_file(xq_side s, int n);

/* Append printf-style text to err (bounded); returns err. */
char *xq_nt_fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The readers behind xq_parse_move. text/len as given, c its code points. */
int xq_chinese_parse(const xq_pos *p, const xq_cps *c, const char *shown, xq_move *out,
                     char *err, size_t errlen);
int xq_wxf_parse(const xq_pos *p, const xq_cps *c, const char *shown, xq_move *out,
                 char *err, size_t errlen);
/* ICCS "h2-e2" and UCI "h2e2": *uci tells which form was read. */
int xq_coords_parse(const xq_pos *p, const xq_cps *c, const char *shown, xq_move *out,
                    bool *uci, char *err, size_t errlen);

int xq_chinese_write(const xq_pos *p, xq_move m, char *buf, size_t n);
int xq_wxf_write(const xq_pos *p, xq_move m, char *buf, size_t n);
int xq_coords_write(xq_move m, bool uci, char *buf, size_t n);

/* Does c look like a coordinate move (ICCS or UCI)? */
bool xq_coords_looks(const xq_cps *c);

#endif
