/* encoding.h -- which encoding a record file is in, and decoding it to UTF-8.
 *
 * Record files come in UTF-8, GBK/GB18030 (mainland China), Big5/CP950 (Taiwan,
 * Hong Kong) and UTF-16 with a byte-order mark (Windows tools).  GBK and Big5 are
 * both double-byte and most byte strings read as either, so the choice is made by
 * which reading yields the records' own vocabulary (piece and direction words,
 * result and tag words, full-width digits and punctuation), with the share of
 * common characters as a tie-breaker; a text that reads as both alike is left
 * undecided rather than guessed. */
#ifndef BOYI_ENCODING_H
#define BOYI_ENCODING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "text.h"

/* The encoding a --encoding NAME means (utf-8, gbk, gb18030, big5, cp950,
 * utf-16, utf-16le, utf-16be; any case); 0, or -1 for an unknown name.
 * "utf-16" gives BO_ENC_UTF16LE: a byte-order mark, when present, decides. */
int bo_encoding_parse(const char *name, bo_encoding *enc);
/* Its name in messages: "UTF-8", "GBK", "Big5", "UTF-16LE", "UTF-16BE", "binary". */
const char *bo_encoding_name(bo_encoding enc);

/* Decide the encoding of S[0..N), the start of a file (WHOLE: N is all of it,
 * so an incomplete last character is a fault; else it may be cut anywhere).
 * *bom gets the length of a byte-order mark to skip.  Returns 0 with *enc set
 * (BO_ENC_BINARY for bytes that are no text in any candidate), or -1 when GBK
 * and Big5 both read the text and neither reads it better: why then says so,
 * naming what was tried. */
int bo_encoding_detect(const unsigned char *s, size_t n, bool whole, bo_encoding *enc, size_t *bom,
                       char *why, size_t whylen);

/* The length of a byte-order mark at S that agrees with *enc, the encoding
 * named by the user (0 if none): "utf-16" takes the order the mark gives. */
size_t bo_encoding_bom(const unsigned char *s, size_t n, bo_encoding *enc);

/* A growable UTF-8 output buffer (always NUL-terminated when p is set). */
typedef struct bo_buf {
    char *p;
    size_t len, cap;
} bo_buf;
/* Room for N more bytes (plus the NUL); -1 when out of memory. */
int bo_buf_reserve(bo_buf *b, size_t n);
void bo_buf_free(bo_buf *b);

/* A decoder from one encoding to UTF-8 that can be fed a file block by block. */
typedef struct bo_decoder {
    bo_encoding enc;
    void *cd;   /* iconv_t, NULL for UTF-8 */
} bo_decoder;

/* 0, or -1 when the system cannot convert from ENC (or ENC is binary). */
int bo_decoder_open(bo_decoder *d, bo_encoding enc);
/* Decode as many whole characters of IN[0..N) as it can, appending UTF-8 to OUT.
 * Returns the number of bytes used: less than N when it stopped at an
 * incomplete last character (*bad false: feed the rest with the next block)
 * or at bytes that are no character of the encoding (*bad true), or -1 when
 * out of memory. */
long bo_decoder_run(bo_decoder *d, const unsigned char *in, size_t n, bo_buf *out, bool *bad);
void bo_decoder_close(bo_decoder *d);

/* Write UTF-8 text IN[0..N) to OUT in ENC (an output kept in its input's encoding:
 * a Big5 record annotated stays Big5).  A character ENC has no code for is written
 * '?' and counted in *LOST.  Returns 0, or -1 with err set (a failed write, or an
 * encoding the system cannot write). */
int bo_encode_utf8(bo_encoding enc, const char *in, size_t n, FILE *out, long *lost, char *err, size_t errlen);

#endif
