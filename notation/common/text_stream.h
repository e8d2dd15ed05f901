/* text_stream.h -- reading a record file in slices of whole games, so that
 * validating an archive of any size takes memory bounded by the slice size
 * (and the largest single game), not by the file.
 *
 * The file is read in blocks (through zlib's inflate, so gzip is read as it
 * comes, every member of a concatenated file, as gzip -dc reads it),
 * its encoding decided on its first BO_TEXT_SNIFF bytes (encoding.h), decoded
 * block by block to UTF-8 with LF line ends, and handed out as bo_text slices
 * that start at a line start and end where a game ends: a split function says
 * where, in a stretch of text, the last game that starts in it begins.  A slice
 * is never cut inside a game; it grows when one game is larger than the
 * slice size (but a comment in it past BO_STREAM_COMMENT_CAP is not kept, and
 * a long run of blank lines ends it).  Line numbers in a slice count from 1; first_line says where the
 * slice starts in the file. */
#ifndef BOYI_TEXT_STREAM_H
#define BOYI_TEXT_STREAM_H

#include <stdbool.h>
#include <stddef.h>

#include "encoding.h"
#include "text.h"

/* Where in TEXT[0..LEN) (UTF-8, LF ends) the last game that starts after the
 * first one begins: the offset of a line start, or 0 when no second game
 * starts in it (the text may end inside a game). */
typedef size_t (*bo_split_fn)(const char *text, size_t len);

/* The default slice size: a few hundred games of a typical archive. */
#define BO_STREAM_SLICE ((size_t)1 << 20)

/* What one comment may keep once a game outgrows the slice (formats with
 * comments: the split functions bo_split_records, bo_split_pdn and
 * bo_split_gomoku).  A brace comment "{...}" (not a contest frame "{[") or a
 * bracket value "[...]" (SGF properties, with backslash escapes; PGN tags) that is
 * longer keeps its first BO_STREAM_COMMENT_CAP bytes and its closer; the rest
 * is dropped as it is read, so that a game with a 400 MB comment is read in a
 * few MB.  Its line ends are kept (up to as many again), so that the lines
 * after it keep their numbers; columns after it on its last line count the
 * kept bytes only.  A line that starts a game (a tag line, "{[", "(;") ends
 * the dropping, as if the comment ended there.  Each cut is reported
 * (bo_stream_fault.cuts). */
#define BO_STREAM_COMMENT_CAP ((size_t)1 << 20)

/* A comment cut to the cap: where it opens (offset in the pending text), its
 * size as read and the line ends of it dropped (past the kept ones). */
typedef struct bo_stream_cut {
    size_t off;
    unsigned long long bytes;
    long lines_dropped;
} bo_stream_cut;
#define BO_STREAM_MAX_CUTS 8

typedef struct bo_stream {
    char *path;
    int fd;                      /* the file; -1: none */
    void *z;                     /* z_stream while the file is gzip, else NULL */
    unsigned char *in;           /* bytes of the file read and not yet used: in[in_pos..in_len) */
    size_t in_pos, in_len;
    unsigned long long in_off;   /* the file offset of in[0] */
    bool in_eof;                 /* the file has no more bytes */
    bool gz_done;                /* the last gzip member has ended */
    /* Gzip: the offset of bytes after the last member that are neither another
     * member nor zero padding (gzip -dc warns "trailing garbage ignored"); -1: none. */
    long long trailing_at;
    bo_encoding enc;             /* decided, or named; BO_ENC_BINARY: not text */
    bool had_bom, had_crlf;
    bo_decoder dec;
    unsigned char *raw;          /* bytes read and not yet decoded */
    size_t raw_len, raw_cap;
    unsigned char *head;         /* the file's first bytes (after gunzip) */
    size_t head_len;
    bo_buf text;                 /* decoded text not yet handed out */
    bool tentative;              /* UTF-8 only because the start was ASCII */
    bool raw_cr;                 /* a CR ended the last block: is it a CRLF's? */
    size_t handed;               /* text[0..handed) is the slice handed out */
    char saved;                  /* the byte the slice's NUL replaced */
    bool eof;                    /* everything is read */
    bool started;                /* a slice was handed out */
    size_t slice;                /* the slice size aimed at */
    int lines;                   /* lines of the file before the pending text */
    size_t cut_tail;             /* bytes of a last character cut short, dropped */
    /* Bytes that are no character of the encoding, in the pending text: each was
     * read as U+FFFD; the offsets and values of the first 16. */
    size_t bad_off[16];
    unsigned char bad_byte[16];
    int nbad;
    long bad_total;
    /* Comments cut to comment_cap (see BO_STREAM_COMMENT_CAP): the scanner is
     * armed when one game outgrows the slice, and runs over the pending text
     * (which starts at a game's start) as it is read; reset at each slice. */
    size_t comment_cap;          /* 0: BO_STREAM_COMMENT_CAP */
    bool cc_on;                  /* the split's formats have comments */
    bool cc_armed;
    int cc_mode;                 /* text, brace comment, bracket value, after a backslash */
    size_t cc_scanned;           /* text[0..cc_scanned) is scanned */
    size_t cc_open;              /* the offset of the open comment's opener */
    size_t cc_kept, cc_nl_kept;  /* its bytes kept, its line ends kept past them */
    unsigned long long cc_dropped;
    long cc_nl_dropped;
    bo_stream_cut cuts[BO_STREAM_MAX_CUTS];
    int ncuts;
    long cuts_unstored;          /* cuts past the first BO_STREAM_MAX_CUTS */
} bo_stream;

/* An undecodable byte met in a slice: where (in slice lines) and what. */
typedef struct bo_stream_fault {
    int line, col;
    unsigned byte;
    long count;                  /* such bytes in the slice */
    /* Comments cut to the cap in the slice: the first BO_STREAM_MAX_CUTS (line
     * and column of the opener, in slice lines), and how many in all. */
    struct { size_t off; int line, col; unsigned long long bytes; long lines_dropped; } cut[BO_STREAM_MAX_CUTS];
    int ncut;
    long cuts;
} bo_stream_fault;

/* Open PATH ("-" = stdin), read its first bytes and decide the encoding
 * (ENCODING names one, NULL to decide).  Returns 0, or -1 with err set
 * (cannot open, corrupt gzip, encoding undecidable or unknown). */
int bo_stream_open(bo_stream *s, const char *path, const char *encoding, size_t slice, char *err, size_t errlen);

/* The start of the file as a bo_text for sniffing: at most BO_TEXT_SNIFF bytes,
 * decoded and cut at a line end (raw holds the bytes, for binary formats).
 * Free it with bo_text_free. */
int bo_stream_head(bo_stream *s, bo_text *t, char *err, size_t errlen);

/* The whole file as one bo_text, as bo_text_load would give it (binary files,
 * readers without a split function).  Only before the first slice. */
int bo_stream_slurp(bo_stream *s, bo_text *t, const char *encoding, char *err, size_t errlen);

/* The next slice: 1 with *t set (data points into the stream: valid until the
 * next call; do not free it), *first_line its first line's number in the file
 * minus 1, *fault the first undecodable byte in it (count 0 if none); 0 at the
 * end (the first call always gives a slice, empty for an empty file); -1 with
 * err set on a read error (corrupt gzip, out of memory). */
int bo_stream_next(bo_stream *s, bo_split_fn split, bo_text *t, int *first_line, bo_stream_fault *fault,
                   char *err, size_t errlen);

void bo_stream_close(bo_stream *s);

/* The split function for the record files boyi reads: a game starts at a
 * contest frame line "{[", an SGF "(;" line, or a PGN/PDN tag line ("[Name
 * \"...") after a line that is not only tags (moves, a result, a one-line game). */
size_t bo_split_records(const char *text, size_t len);
/* The same for PDN, stricter: a tag line starts a game only after a line that
 * ends with a result, so that a game that runs into the next one's tags is
 * read (and refused) as it is in the whole file. */
size_t bo_split_pdn(const char *text, size_t len);
/* EWN's WTN: a game starts at a "#[" header line. */
size_t bo_split_wtn(const char *text, size_t len);
/* Gomoku: bo_split_records, and a Piskvork (PSQ) game starts at its
 * "Piskvorky" header line. */
size_t bo_split_gomoku(const char *text, size_t len);

#endif
