/* text.h -- loading record files: gzip, encodings, line ends, source positions.
 *
 * Every reader in notation/ works on a bo_text: the whole file in memory as
 * UTF-8 with LF line ends, plus what is needed to report FILE:LINE:COL. */
#ifndef BOYI_TEXT_H
#define BOYI_TEXT_H

#include <stddef.h>
#include <stdbool.h>

typedef enum {
    BO_ENC_UTF8 = 0, BO_ENC_GBK, BO_ENC_BINARY,
    BO_ENC_BIG5,                       /* Big5 as Windows writes it (CP950) */
    BO_ENC_UTF16LE, BO_ENC_UTF16BE,    /* with or without a byte-order mark */
    BO_ENC_CP1252,                     /* Western European single-byte text (Latin-1 as Windows writes it) */
} bo_encoding;

typedef struct bo_text {
    char *path;          /* as given ("-" for stdin) */
    char *data;          /* NUL-terminated; UTF-8 with '\n' line ends unless raw */
    size_t len;
    unsigned char *raw;  /* the bytes as read (after gunzip), for binary formats */
    size_t raw_len;
    bo_encoding encoding;  /* what the file was in */
    bool had_crlf;
    bool had_bom;
    /* gzip: the offset of data after the last member that is neither a member
     * nor zero padding, ignored as gzip -dc ignores it (0: none); the caller warns */
    size_t gz_trailing;
} bo_text;

/* Read PATH ("-" = stdin), gunzip if it is gzip, decode to UTF-8, normalise
 * CRLF/CR to LF.  The encoding is decided as encoding.h says (UTF-8, UTF-16,
 * GBK/GB18030 or Big5/CP950) on the file's first BO_TEXT_SNIFF bytes.
 * A file that is no text in it is kept as raw bytes with encoding
 * BO_ENC_BINARY and data holding a lossy copy.  Returns 0, or -1 with a
 * reason in err (unreadable file, corrupt gzip, an encoding that cannot be
 * decided). */
int bo_text_load(bo_text *t, const char *path, char *err, size_t errlen);
/* Same from a memory buffer (tests, stdin already read). */
int bo_text_from_bytes(bo_text *t, const char *path, const unsigned char *bytes,
                       size_t n, char *err, size_t errlen);
/* The same two with the encoding named (--encoding: utf-8, gbk, big5, utf-16...;
 * NULL to decide it). An unknown name is an error. */
int bo_text_load_enc(bo_text *t, const char *path, const char *encoding, char *err, size_t errlen);
int bo_text_from_bytes_enc(bo_text *t, const char *path, const unsigned char *bytes, size_t n,
                           const char *encoding, char *err, size_t errlen);

/* How much of a file's start decides its encoding and its game. */
#define BO_TEXT_SNIFF ((size_t)64 * 1024)
void bo_text_free(bo_text *t);

/* 1-based line and column (in characters, not bytes) of byte offset OFF in data. */
void bo_text_line_col(const bo_text *t, size_t off, int *line, int *col);
/* Column in characters of byte offset OFF, given the byte offset of its line start. */
int bo_utf8_col(const char *line_start, size_t off_in_line);

/* Where a file that is neither UTF-8 nor GBK text stops being text, in whichever of
 * the two encodings reads further: 1-based line, column and the offending byte.
 * Readers use it to locate "this is not a record" errors. */
void bo_text_first_bad_byte(const bo_text *t, int *line, int *col, unsigned *byte);

/* Is [s, s+n) valid UTF-8?  (Overlongs and surrogates rejected.) */
bool bo_utf8_valid(const unsigned char *s, size_t n);
/* Decode GBK/GB18030 bytes to a fresh NUL-terminated UTF-8 string; NULL if they
 * are not valid GB18030. *outlen gets the length. */
char *bo_gbk_to_utf8(const unsigned char *s, size_t n, size_t *outlen);
/* Decode one UTF-8 code point at *p (advancing it); returns -1 on a bad sequence. */
long bo_utf8_next(const char **p, const char *end);
/* Encode code point CP (below 0x110000) as UTF-8 into OUT (room for 4 bytes); returns
 * the bytes written, 1 to 4.  The one encoder every reader and writer uses. */
int bo_utf8_put(unsigned long cp, char *out);

#endif
