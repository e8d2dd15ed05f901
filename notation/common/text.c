/* text.c -- whole-file loading with gzip, encodings (encoding.h) and line-end normalising. */
#include "text.h"

#include "encoding.h"

#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* Readers of real files must not be surprised by a 2 GB input; records are small. */
#define BO_TEXT_MAX ((size_t)1 << 30)

static int read_all(FILE *f, unsigned char **out, size_t *outlen)
{
    size_t cap = 1 << 16, len = 0;
    unsigned char *buf = malloc(cap);
    if (!buf) return -1;
    for (;;) {
        if (len == cap) {
            if (cap >= BO_TEXT_MAX) { free(buf); errno = EFBIG; return -1; }
            unsigned char *nb = realloc(buf, cap * 2);
            if (!nb) { free(buf); return -1; }
            buf = nb; cap *= 2;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0) break;
    }
    if (ferror(f)) { free(buf); return -1; }
    *out = buf; *outlen = len;
    return 0;
}

/* Where the data after a gzip member that ended at AT (of N bytes) stops being
 * gzip: 0 when another member follows or only zero bytes do (padding: gzip -dc
 * ignores both), else AT (gzip -dc: "trailing garbage ignored"). */
static size_t trailing_garbage(const unsigned char *in, size_t n, size_t at)
{
    if (n - at >= 2 && in[at] == 0x1f && in[at + 1] == 0x8b) return 0;
    for (size_t i = at; i < n; i++)
        if (in[i] != 0) return at;
    return 0;
}

/* gzip files are recognised by their magic number, not their name, so that a
 * renamed or piped .gz still reads.  Every member is read, as gzip -dc reads
 * them; *trailing gets the offset of data after the last one that is not gzip
 * (0: none). */
static int gunzip(const unsigned char *in, size_t n, unsigned char **out, size_t *outlen, size_t *trailing,
                  char *err, size_t errlen)
{
    *trailing = 0;
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, 15 + 32) != Z_OK) { snprintf(err, errlen, "zlib init failed"); return -1; }
    size_t cap = n * 4 + 1024, len = 0;
    unsigned char *buf = malloc(cap);
    if (!buf) { inflateEnd(&z); snprintf(err, errlen, "out of memory"); return -1; }
    z.next_in = (unsigned char *)in;
    z.avail_in = (uInt)n;
    int rc;
    do {
        if (len == cap) {
            if (cap >= BO_TEXT_MAX) { rc = Z_MEM_ERROR; break; }
            unsigned char *nb = realloc(buf, cap * 2);
            if (!nb) { rc = Z_MEM_ERROR; break; }
            buf = nb; cap *= 2;
        }
        z.next_out = buf + len;
        z.avail_out = (uInt)(cap - len);
        rc = inflate(&z, Z_NO_FLUSH);
        len = cap - z.avail_out;
        if (rc == Z_STREAM_END && z.avail_in > 0) {
            size_t at = n - z.avail_in;
            if ((*trailing = trailing_garbage(in, n, at)) > 0 || in[at] == 0) break;   /* the end */
            inflateReset(&z);   /* concatenated gzip members */
            rc = Z_OK;
        }
    } while (rc == Z_OK || (rc == Z_BUF_ERROR && len == cap));
    inflateEnd(&z);
    if (rc != Z_STREAM_END) {
        free(buf);
        snprintf(err, errlen, "corrupt or truncated gzip data");
        return -1;
    }
    *out = buf; *outlen = len;
    return 0;
}

/* Lead byte marks the length, continuation bytes carry six bits each (RFC 3629). */
int bo_utf8_put(unsigned long cp, char *out)
{
    if (cp < 0x80) { out[0] = (char)cp; return 1; }
    if (cp < 0x800) { out[0] = (char)(0xC0 | cp >> 6); out[1] = (char)(0x80 | (cp & 63)); return 2; }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | cp >> 12); out[1] = (char)(0x80 | (cp >> 6 & 63)); out[2] = (char)(0x80 | (cp & 63));
        return 3;
    }
    out[0] = (char)(0xF0 | cp >> 18); out[1] = (char)(0x80 | (cp >> 12 & 63));
    out[2] = (char)(0x80 | (cp >> 6 & 63)); out[3] = (char)(0x80 | (cp & 63));
    return 4;
}

bool bo_utf8_valid(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned c = s[i];
        if (c < 0x80) { i++; continue; }
        int k;
        unsigned min;
        if ((c & 0xE0) == 0xC0) { k = 1; min = 0x80; c &= 0x1F; }
        else if ((c & 0xF0) == 0xE0) { k = 2; min = 0x800; c &= 0x0F; }
        else if ((c & 0xF8) == 0xF0) { k = 3; min = 0x10000; c &= 0x07; }
        else return false;
        if (i + (size_t)k >= n) return false;
        for (int j = 1; j <= k; j++) {
            if ((s[i + j] & 0xC0) != 0x80) return false;
            c = (c << 6) | (s[i + j] & 0x3F);
        }
        if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return false;
        i += (size_t)k + 1;
    }
    return true;
}

long bo_utf8_next(const char **pp, const char *end)
{
    const unsigned char *p = (const unsigned char *)*pp;
    if ((const char *)p >= end) return -1;
    unsigned c = *p;
    int k;
    if (c < 0x80) { *pp += 1; return (long)c; }
    if ((c & 0xE0) == 0xC0) { k = 1; c &= 0x1F; }
    else if ((c & 0xF0) == 0xE0) { k = 2; c &= 0x0F; }
    else if ((c & 0xF8) == 0xF0) { k = 3; c &= 0x07; }
    else { *pp += 1; return -1; }
    if (end - (const char *)p <= k) { *pp = end; return -1; }
    for (int j = 1; j <= k; j++) {
        if ((p[j] & 0xC0) != 0x80) { *pp += 1; return -1; }
        c = (c << 6) | (p[j] & 0x3F);
    }
    *pp += k + 1;
    return (long)c;
}

char *bo_gbk_to_utf8(const unsigned char *s, size_t n, size_t *outlen)
{
    iconv_t cd = iconv_open("UTF-8", "GB18030");
    if (cd == (iconv_t)-1) return NULL;
    size_t cap = n * 2 + 16;
    char *out = malloc(cap);
    if (!out) { iconv_close(cd); return NULL; }
    char *in = (char *)s, *o = out;
    size_t inleft = n, outleft = cap - 1;
    size_t rc = iconv(cd, &in, &inleft, &o, &outleft);
    iconv_close(cd);
    if (rc == (size_t)-1 || inleft != 0) { free(out); return NULL; }
    *o = '\0';
    if (outlen) *outlen = (size_t)(o - out);
    return out;
}

/* CRLF and lone CR become LF so that every reader counts lines the same way. */
static size_t normalise_newlines(char *s, size_t n, bool *had_crlf)
{
    size_t w = 0;
    for (size_t r = 0; r < n; r++) {
        if (s[r] == '\r') {
            if (r + 1 < n && s[r + 1] == '\n') { *had_crlf = true; continue; }
            s[w++] = '\n';
        } else {
            s[w++] = s[r];
        }
    }
    s[w] = '\0';
    return w;
}

/* The whole of S[0..N) in ENC as fresh UTF-8; NULL when some byte is no
 * character of ENC (or the last one is cut). */
static char *decode_all(bo_encoding enc, const unsigned char *s, size_t n, size_t *outlen, bool *oom)
{
    bo_decoder d;
    if (bo_decoder_open(&d, enc) != 0) return NULL;
    bo_buf out = {0};
    bool bad;
    long used = bo_decoder_run(&d, s, n, &out, &bad);
    bo_decoder_close(&d);
    if (used < 0) *oom = true;   /* not "no text": the caller says out of memory */
    if (used < 0 || (size_t)used != n) { bo_buf_free(&out); return NULL; }
    *outlen = out.len;
    return out.p;
}

/* A lossy ASCII copy of bytes that are no text, so that text readers can still
 * report where the trouble is. */
static char *lossy_copy(const unsigned char *body, size_t n, size_t *outlen)
{
    char *dec = malloc(n + 1);
    if (!dec) return NULL;
    for (size_t i = 0; i < n; i++)
        dec[i] = (body[i] >= 0x20 && body[i] < 0x7f) || body[i] == '\n' || body[i] == '\r' || body[i] == '\t'
                     ? (char)body[i] : '?';
    *outlen = n;
    return dec;
}

int bo_text_from_bytes_enc(bo_text *t, const char *path, const unsigned char *bytes, size_t n,
                           const char *encoding, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    bo_encoding forced = BO_ENC_BINARY;
    if (encoding && bo_encoding_parse(encoding, &forced) != 0) {
        snprintf(err, errlen, "unknown encoding '%s' (utf-8, gbk, big5, utf-16)", encoding);
        return -1;
    }
    t->path = strdup(path ? path : "-");
    if (!t->path) { snprintf(err, errlen, "out of memory"); return -1; }
    unsigned char *raw = NULL;
    size_t rawlen = 0;
    if (n >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b) {
        if (gunzip(bytes, n, &raw, &rawlen, &t->gz_trailing, err, errlen) != 0) { bo_text_free(t); return -1; }
    } else {
        raw = malloc(n + 1);
        if (!raw) { bo_text_free(t); snprintf(err, errlen, "out of memory"); return -1; }
        memcpy(raw, bytes, n);
        rawlen = n;
    }
    t->raw = raw;
    t->raw_len = rawlen;

    bo_encoding enc = forced;
    size_t bom = 0, head = rawlen < BO_TEXT_SNIFF ? rawlen : BO_TEXT_SNIFF;
    if (!encoding) {
        if (bo_encoding_detect(raw, head, head == rawlen, &enc, &bom, err, errlen) != 0) { bo_text_free(t); return -1; }
    } else {
        bom = bo_encoding_bom(raw, rawlen, &enc);
    }
    t->had_bom = bom > 0;
    const unsigned char *body = raw + bom;
    size_t bodylen = rawlen - bom;
    char *dec = NULL;
    size_t declen = 0;
    bool oom = false;
    if (enc != BO_ENC_BINARY) dec = decode_all(enc, body, bodylen, &declen, &oom);
    if (!dec && !encoding && head < rawlen && (enc == BO_ENC_UTF8 || enc == BO_ENC_GBK || enc == BO_ENC_BIG5)) {
        /* the start read as one encoding, the rest does not: decide on the whole
         * (an ASCII start says nothing) */
        bo_encoding again;
        size_t bom2;
        char why[256];
        if (bo_encoding_detect(raw, rawlen, true, &again, &bom2, why, sizeof why) == 0 && again != enc &&
            again != BO_ENC_BINARY && bom2 == bom && (dec = decode_all(again, body, bodylen, &declen, &oom)) != NULL)
            enc = again;
    }
    if (!dec && oom) { bo_text_free(t); snprintf(err, errlen, "out of memory"); return -1; }
    if (!dec) {
        enc = BO_ENC_BINARY;
        dec = lossy_copy(body, bodylen, &declen);
    }
    t->encoding = enc;
    if (!dec) { bo_text_free(t); snprintf(err, errlen, "out of memory"); return -1; }
    dec[declen] = '\0';
    t->len = normalise_newlines(dec, declen, &t->had_crlf);
    t->data = dec;
    return 0;
}

int bo_text_from_bytes(bo_text *t, const char *path, const unsigned char *bytes, size_t n,
                       char *err, size_t errlen)
{
    return bo_text_from_bytes_enc(t, path, bytes, n, NULL, err, errlen);
}

int bo_text_load_enc(bo_text *t, const char *path, const char *encoding, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) { snprintf(err, errlen, "cannot open: %s", strerror(errno)); return -1; }
    unsigned char *bytes = NULL;
    size_t n = 0;
    int rc = read_all(f, &bytes, &n);
    int saved = errno;
    if (f != stdin) fclose(f);
    if (rc != 0) { snprintf(err, errlen, "cannot read: %s", strerror(saved)); return -1; }
    rc = bo_text_from_bytes_enc(t, path, bytes, n, encoding, err, errlen);
    free(bytes);
    return rc;
}

int bo_text_load(bo_text *t, const char *path, char *err, size_t errlen)
{
    return bo_text_load_enc(t, path, NULL, err, errlen);
}

void bo_text_free(bo_text *t)
{
    free(t->path);
    free(t->data);
    free(t->raw);
    memset(t, 0, sizeof *t);
}

int bo_utf8_col(const char *line_start, size_t off_in_line)
{
    int col = 1;
    for (size_t i = 0; i < off_in_line; i++)
        if (((unsigned char)line_start[i] & 0xC0) != 0x80) col++;
    return col;
}

void bo_text_line_col(const bo_text *t, size_t off, int *line, int *col)
{
    if (off > t->len) off = t->len;
    int ln = 1;
    size_t start = 0;
    for (size_t i = 0; i < off; i++)
        if (t->data[i] == '\n') { ln++; start = i + 1; }
    *line = ln;
    *col = bo_utf8_col(t->data + start, off - start);
}

/* Line and column (in characters) of the end of UTF-8 text s[0..n). */
static void end_line_col(const char *s, size_t n, int *line, int *col)
{
    *line = 1;
    *col = 1;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\n') { (*line)++; *col = 1; }
        else if (((unsigned char)s[i] & 0xC0) != 0x80) (*col)++;
    }
}

/* Does raw[0..n) decode as GBK, or would it with its last byte cut (a prefix
 * that ends inside a two-byte character)? */
static bool gbk_prefix_ok(const unsigned char *raw, size_t n)
{
    for (size_t k = 0; k <= 1 && k <= n; k++) {
        char *u = bo_gbk_to_utf8(raw, n - k, NULL);
        if (u) { free(u); return true; }
    }
    return false;
}

/* Where a file that is neither UTF-8 nor GBK text stops being text, in the
 * encoding that reads further: line, column and the byte. */
void bo_text_first_bad_byte(const bo_text *t, int *line, int *col, unsigned *byte)
{
    const unsigned char *s = t->raw;
    size_t n = t->raw_len, u = 0;
    while (u < n) {
        unsigned c = s[u];
        size_t k = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
        if (c == 0 || k == 0 || u + k > n || !bo_utf8_valid(s + u, k)) break;
        u += k;
    }
    size_t lo = 0, hi = n;   /* the longest GBK-readable prefix, by bisection */
    if (!memchr(s, 0, n) && n < ((size_t)1 << 26)) {
        while (lo < hi) {
            size_t mid = lo + (hi - lo + 1) / 2;
            if (gbk_prefix_ok(s, mid)) lo = mid;
            else hi = mid - 1;
        }
    }
    size_t at = u;
    char *text = NULL;
    if (lo > u && (text = bo_gbk_to_utf8(s, lo, NULL)) == NULL) text = bo_gbk_to_utf8(s, --lo, NULL);
    if (lo > u && text) {
        at = lo;
        end_line_col(text, strlen(text), line, col);
        free(text);
    } else {
        free(text);
        end_line_col((const char *)s, u, line, col);
    }
    *byte = at < n ? s[at] : 0;
}
