/* text_stream.c -- a record file read block by block and handed out in slices
 * of whole games (text_stream.h): bounded memory for files of any size. */
#include "text_stream.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

/* Bytes read from the file at a time. */
#define BLOCK ((size_t)64 * 1024)

/* At least WANT unused bytes in s->in, or the file's end: 0, or -1 on a read
 * error. */
static int in_need(bo_stream *s, size_t want, char *err, size_t errlen)
{
    while (s->in_len - s->in_pos < want && !s->in_eof) {
        if (s->in_pos > 0) {   /* the unused bytes to the front */
            memmove(s->in, s->in + s->in_pos, s->in_len - s->in_pos);
            s->in_off += s->in_pos;
            s->in_len -= s->in_pos;
            s->in_pos = 0;
        }
        ssize_t got;
        do got = read(s->fd, s->in + s->in_len, BLOCK - s->in_len);
        while (got < 0 && errno == EINTR);
        if (got < 0) { snprintf(err, errlen, "cannot read: %s", strerror(errno)); return -1; }
        if (got == 0) s->in_eof = true;
        s->in_len += (size_t)got;
    }
    return 0;
}

/* After a gzip member's end: another member follows (read on, as gzip -dc
 * does), or the file ends, or zeros pad it to its end (tape blocks: ignored,
 * as gzip does), or something else follows: not read, its offset kept for a
 * warning.  0, or -1 on a read error. */
static int after_member(bo_stream *s, char *err, size_t errlen)
{
    if (in_need(s, 2, err, errlen) != 0) return -1;
    size_t left = s->in_len - s->in_pos;
    if (left == 0) { s->gz_done = true; return 0; }
    if (left >= 2 && s->in[s->in_pos] == 0x1f && s->in[s->in_pos + 1] == 0x8b) {
        inflateReset((z_stream *)s->z);
        return 0;
    }
    s->gz_done = true;
    for (;;) {
        for (size_t i = s->in_pos; i < s->in_len; i++)
            if (s->in[i] != 0) { s->trailing_at = (long long)(s->in_off + i); return 0; }
        s->in_pos = s->in_len;
        if (s->in_eof) return 0;
        if (in_need(s, 1, err, errlen) != 0) return -1;
    }
}

/* Read up to N bytes into BUF (inflated when the file is gzip): the count, 0
 * at the end, -1 on a read error (a corrupt or cut gzip stream included). */
static long read_some(bo_stream *s, unsigned char *buf, size_t n, char *err, size_t errlen)
{
    if (!s->z) {
        if (in_need(s, 1, err, errlen) != 0) return -1;
        size_t k = s->in_len - s->in_pos < n ? s->in_len - s->in_pos : n;
        memcpy(buf, s->in + s->in_pos, k);
        s->in_pos += k;
        return (long)k;
    }
    z_stream *z = s->z;
    if (n > UINT_MAX) n = UINT_MAX;
    for (;;) {
        if (s->gz_done) return 0;
        if (in_need(s, 1, err, errlen) != 0) return -1;
        if (s->in_pos == s->in_len) { snprintf(err, errlen, "corrupt or truncated gzip data"); return -1; }
        z->next_in = s->in + s->in_pos;
        z->avail_in = (uInt)(s->in_len - s->in_pos);
        z->next_out = buf;
        z->avail_out = (uInt)n;
        int rc = inflate(z, Z_NO_FLUSH);
        s->in_pos = s->in_len - z->avail_in;
        size_t got = n - z->avail_out;
        if (rc == Z_STREAM_END) {
            if (after_member(s, err, errlen) != 0) return -1;
        } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
            snprintf(err, errlen, rc == Z_MEM_ERROR ? "out of memory" : "corrupt or truncated gzip data");
            return -1;
        }
        if (got > 0) return (long)got;
    }
}

/* Room for N more raw bytes. */
static int raw_reserve(bo_stream *s, size_t n)
{
    if (s->raw_cap - s->raw_len >= n) return 0;
    size_t cap = s->raw_cap ? s->raw_cap : BLOCK;
    while (cap - s->raw_len < n) cap *= 2;
    unsigned char *p = realloc(s->raw, cap);
    if (!p) return -1;
    s->raw = p;
    s->raw_cap = cap;
    return 0;
}

int bo_stream_open(bo_stream *s, const char *path, const char *encoding, size_t slice, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->fd = -1;
    s->slice = slice ? slice : BO_STREAM_SLICE;
    bo_encoding named = BO_ENC_BINARY;
    if (encoding && bo_encoding_parse(encoding, &named) != 0) {
        snprintf(err, errlen, "unknown encoding '%s' (utf-8, gbk, big5, utf-16)", encoding);
        return -1;
    }
    s->path = strdup(path);
    if (!s->path) { snprintf(err, errlen, "out of memory"); return -1; }
    s->trailing_at = -1;
    s->fd = strcmp(path, "-") == 0 ? fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0) : open(path, O_RDONLY | O_CLOEXEC);
    if (s->fd < 0) { snprintf(err, errlen, "cannot open: %s", strerror(errno)); bo_stream_close(s); return -1; }
    s->in = malloc(BLOCK);
    if (!s->in) { snprintf(err, errlen, "out of memory"); bo_stream_close(s); return -1; }
    if (in_need(s, 2, err, errlen) != 0) { bo_stream_close(s); return -1; }
    if (s->in_len >= 2 && s->in[0] == 0x1f && s->in[1] == 0x8b) {   /* gzip's magic */
        z_stream *z = calloc(1, sizeof *z);
        if (!z || inflateInit2(z, 15 + 16) != Z_OK) {
            free(z);
            snprintf(err, errlen, "out of memory");
            bo_stream_close(s);
            return -1;
        }
        s->z = z;
    }
    if (raw_reserve(s, BO_TEXT_SNIFF) != 0) { snprintf(err, errlen, "out of memory"); bo_stream_close(s); return -1; }
    while (s->raw_len < BO_TEXT_SNIFF) {
        long got = read_some(s, s->raw + s->raw_len, BO_TEXT_SNIFF - s->raw_len, err, errlen);
        if (got < 0) { bo_stream_close(s); return -1; }
        if (got == 0) { s->eof = true; break; }
        s->raw_len += (size_t)got;
    }
    s->head = malloc(s->raw_len + 1);
    if (!s->head) { snprintf(err, errlen, "out of memory"); bo_stream_close(s); return -1; }
    memcpy(s->head, s->raw, s->raw_len);
    s->head_len = s->raw_len;
    size_t bom = 0;
    if (encoding) {
        s->enc = named;
        bom = bo_encoding_bom(s->raw, s->raw_len, &s->enc);
    } else if (bo_encoding_detect(s->raw, s->raw_len, s->eof, &s->enc, &bom, err, errlen) != 0) {
        bo_stream_close(s);
        return -1;
    }
    s->had_bom = bom > 0;
    if (!encoding && s->enc == BO_ENC_UTF8 && !s->eof) {
        /* an ASCII start decides nothing: the first non-ASCII bytes will */
        s->tentative = true;
        for (size_t i = 0; i < s->raw_len && s->tentative; i++) s->tentative = s->raw[i] < 0x80;
    }
    memmove(s->raw, s->raw + bom, s->raw_len - bom);
    s->raw_len -= bom;
    if (s->enc != BO_ENC_BINARY && bo_decoder_open(&s->dec, s->enc) != 0) {
        snprintf(err, errlen, "this system cannot decode %s", bo_encoding_name(s->enc));
        bo_stream_close(s);
        return -1;
    }
    return 0;
}

int bo_stream_head(bo_stream *s, bo_text *t, char *err, size_t errlen)
{
    if (s->enc == BO_ENC_BINARY) {
        /* a lossy copy, as bo_text_from_bytes keeps of binary files */
        if (bo_text_from_bytes(t, s->path, s->head, s->head_len, err, errlen) != 0) return -1;
        t->encoding = BO_ENC_BINARY;
        return 0;
    }
    memset(t, 0, sizeof *t);
    t->path = strdup(s->path);
    t->raw = malloc(s->head_len + 1);
    bo_decoder d;
    bo_buf out = {0};
    bool bad;
    size_t bom = s->had_bom ? (s->enc == BO_ENC_UTF8 ? 3 : 2) : 0;
    if (!t->path || !t->raw || bo_decoder_open(&d, s->enc) != 0) { bo_text_free(t); snprintf(err, errlen, "out of memory"); return -1; }
    memcpy(t->raw, s->head, s->head_len);
    t->raw_len = s->head_len;
    /* up to the first byte that is no text: the start is for sniffing only */
    long used = bo_decoder_run(&d, s->head + bom, s->head_len - bom, &out, &bad);
    bo_decoder_close(&d);
    if (used < 0 || bo_buf_reserve(&out, 1) != 0) { bo_buf_free(&out); bo_text_free(t); snprintf(err, errlen, "out of memory"); return -1; }
    size_t n = out.len;
    if (!s->eof) {   /* a whole line, or at least whole words */
        size_t k = n;
        while (k > 0 && out.p[k - 1] != '\n') k--;
        if (k == 0) for (k = n; k > 0 && out.p[k - 1] != ' ' && out.p[k - 1] != '\t'; k--) {}
        if (k > 0) n = k;
    }
    out.p[n] = '\0';
    /* CRLF and CR to LF */
    size_t w = 0;
    for (size_t r = 0; r < n; r++) {
        if (out.p[r] == '\r') {
            if (r + 1 < n && out.p[r + 1] == '\n') { t->had_crlf = true; continue; }
            out.p[w++] = '\n';
        } else {
            out.p[w++] = out.p[r];
        }
    }
    out.p[w] = '\0';
    t->data = out.p;
    t->len = w;
    t->encoding = s->enc;
    t->had_bom = s->had_bom;
    return 0;
}

int bo_stream_slurp(bo_stream *s, bo_text *t, const char *encoding, char *err, size_t errlen)
{
    /* the head again, then the rest of the file as it comes */
    size_t len = s->head_len;
    unsigned char *all = malloc(len + BLOCK);
    size_t cap = len + BLOCK;
    if (!all) { snprintf(err, errlen, "out of memory"); return -1; }
    memcpy(all, s->head, len);
    while (!s->eof) {
        if (cap - len < BLOCK) {
            if (cap >= ((size_t)1 << 30)) { free(all); snprintf(err, errlen, "cannot read: %s", strerror(EFBIG)); return -1; }
            unsigned char *p = realloc(all, cap * 2);
            if (!p) { free(all); snprintf(err, errlen, "out of memory"); return -1; }
            all = p;
            cap *= 2;
        }
        long got = read_some(s, all + len, BLOCK, err, errlen);
        if (got < 0) { free(all); return -1; }
        if (got == 0) s->eof = true;
        len += (size_t)got;
    }
    int rc = bo_text_from_bytes_enc(t, s->path, all, len, encoding, err, errlen);
    free(all);
    return rc;
}

/* Append the decoded bytes D[0..N) to the pending text with CRLF and CR made
 * LF; a CR at the very end waits for the next block (it may be a CRLF's).
 * BAD[0..NB) are offsets in D of undecodable bytes: moved to text offsets. */
static int append_normalised(bo_stream *s, const char *d, size_t n, size_t *bad, int nb)
{
    if (bo_buf_reserve(&s->text, n + 1) != 0) return -1;
    char *o = s->text.p;
    size_t w = s->text.len;
    int b = 0;
    for (size_t r = 0; r < n; r++) {
        while (b < nb && bad[b] == r) bad[b++] = w;
        if (d[r] != '\r') { o[w++] = d[r]; continue; }
        if (r + 1 == n && !s->eof) { s->raw_cr = true; break; }
        if (r + 1 < n && d[r + 1] == '\n') { s->had_crlf = true; continue; }
        o[w++] = '\n';
    }
    while (b < nb) bad[b++] = w;
    s->text.len = w;
    o[w] = '\0';
    return 0;
}

/* The scanner's modes: in text, in a brace comment, in a bracket value, just
 * after a backslash in a bracket value. */
enum { CC_TEXT, CC_BRACE, CC_BRACKET, CC_ESCAPE };

/* Does a game start at P (a line start; N bytes known, MORE: more may follow)?
 * 1 yes, 0 no, -1 cannot tell yet. */
static int cc_game_line(const char *p, size_t n, bool more)
{
    if (n < 2) return more ? -1 : 0;
    if ((p[0] == '{' && p[1] == '[') || (p[0] == '(' && p[1] == ';')) return 1;
    unsigned char c = (unsigned char)p[1];
    return p[0] == '[' && ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'));
}

/* The comment being scanned ends (closed, or its dropping stopped): its cut,
 * if it had one, is kept for the report. */
static void cc_close(bo_stream *s, bool closed)
{
    if (s->cc_dropped > 0) {
        if (s->ncuts < BO_STREAM_MAX_CUTS)
            s->cuts[s->ncuts++] = (bo_stream_cut){s->cc_open, s->cc_kept + s->cc_nl_kept + s->cc_dropped + 1 + closed,
                                                  s->cc_nl_dropped};
        else
            s->cuts_unstored++;
    }
    s->cc_mode = CC_TEXT;
    s->cc_kept = s->cc_nl_kept = 0;
    s->cc_dropped = 0;
    s->cc_nl_dropped = 0;
}

/* Scan the pending text from cc_scanned on, dropping what a comment holds past
 * the cap (text_stream.h, BO_STREAM_COMMENT_CAP); the text after a dropped
 * byte moves down, and with it the offsets of undecodable bytes.  Stops short
 * of the end where the next bytes decide (a '{' or a line start at the end). */
static void cc_scan(bo_stream *s)
{
    char *p = s->text.p;
    size_t n = s->text.len, r = s->cc_scanned, w = r;
    size_t cap = s->comment_cap ? s->comment_cap : BO_STREAM_COMMENT_CAP;
    bool more = !s->eof;
    int b = 0;
    while (b < s->nbad && s->bad_off[b] < r) b++;
    while (r < n) {
        while (b < s->nbad && s->bad_off[b] == r) s->bad_off[b++] = w;
        char c = p[r];
        if (s->cc_mode == CC_TEXT) {
            if (c == '{') {
                if (r + 1 == n && more) break;
                if (r + 1 == n || p[r + 1] != '[') { s->cc_mode = CC_BRACE; s->cc_open = w; }
            } else if (c == '[') {
                s->cc_mode = CC_BRACKET;
                s->cc_open = w;
            }
            p[w++] = p[r++];
            continue;
        }
        /* in a comment: its closer ends it */
        if (s->cc_mode == CC_ESCAPE) {
            s->cc_mode = CC_BRACKET;
        } else if ((s->cc_mode == CC_BRACE && c == '}') || (s->cc_mode == CC_BRACKET && c == ']')) {
            cc_close(s, true);
            p[w++] = p[r++];
            continue;
        } else if (s->cc_mode == CC_BRACKET && c == '\\') {
            s->cc_mode = CC_ESCAPE;
        }
        if (c == '\n' && s->cc_kept >= cap) {
            /* past the cap, a line that starts a game ends the dropping (the
             * game is read, as if the comment ended before it) */
            int g = cc_game_line(p + r + 1, n - r - 1, more);
            if (g < 0) break;
            if (g == 1) {
                cc_close(s, false);
                p[w++] = p[r++];
                continue;
            }
        }
        bool keep;
        if (s->cc_kept < cap || (s->cc_dropped == 0 && ((unsigned char)c & 0xC0) == 0x80)) {
            keep = true;   /* the first cap bytes, and the rest of a character cut by it */
            s->cc_kept++;
        } else if (c == '\n' && s->cc_nl_kept < cap) {
            keep = true;   /* line ends keep the lines after the comment numbered */
            s->cc_nl_kept++;
        } else {
            keep = false;
            s->cc_dropped++;
            if (c == '\n') s->cc_nl_dropped++;
        }
        if (keep) p[w++] = p[r];
        r++;
    }
    while (b < s->nbad) {   /* offsets past the scan move with the text */
        s->bad_off[b] -= r - w;
        b++;
    }
    memmove(p + w, p + r, n - r);
    s->text.len = w + (n - r);
    p[s->text.len] = '\0';
    s->cc_scanned = w;
}

/* A file whose first 64 KB were ASCII: at its first non-ASCII bytes, decide
 * between UTF-8, GBK and Big5 on the block that holds them (all of them read the
 * ASCII before alike). */
static void decide_late(bo_stream *s)
{
    size_t i = 0;
    while (i < s->raw_len && s->raw[i] < 0x80) i++;
    if (i == s->raw_len) return;
    s->tentative = false;
    bo_encoding enc;
    size_t bom;
    char why[256];
    if (bo_encoding_detect(s->raw, s->raw_len, s->eof, &enc, &bom, why, sizeof why) != 0) return;
    if (enc != BO_ENC_GBK && enc != BO_ENC_BIG5) return;
    bo_decoder d;
    if (bo_decoder_open(&d, enc) != 0) return;
    bo_decoder_close(&s->dec);
    s->dec = d;
    s->enc = enc;
}

/* Read one more block (or finish), decode what whole characters it completes,
 * and append them to the pending text. */
static int fill(bo_stream *s, char *err, size_t errlen)
{
    if (!s->eof) {
        if (raw_reserve(s, BLOCK) != 0) { snprintf(err, errlen, "out of memory"); return -1; }
        long got = read_some(s, s->raw + s->raw_len, BLOCK, err, errlen);
        if (got < 0) return -1;
        if (got == 0) s->eof = true;
        s->raw_len += (size_t)got;
    }
    if (s->tentative) decide_late(s);
    bo_buf dec = {0};
    size_t at = 0;
    size_t bad[16];
    int nb = 0;
    if (s->raw_cr) {   /* the CR held back from the last block */
        s->raw_cr = false;
        if (bo_buf_reserve(&dec, 1) != 0) goto oom;
        dec.p[dec.len++] = '\r';
        dec.p[dec.len] = '\0';
    }
    while (at < s->raw_len) {
        bool isbad;
        long used = bo_decoder_run(&s->dec, s->raw + at, s->raw_len - at, &dec, &isbad);
        if (used < 0) goto oom;
        at += (size_t)used;
        if (!isbad) break;
        /* no character of the encoding: read as U+FFFD, said by the caller */
        size_t skip = s->enc == BO_ENC_UTF16LE || s->enc == BO_ENC_UTF16BE ? 2 : 1;
        if (skip > s->raw_len - at) skip = s->raw_len - at;
        if (nb < 16 && s->nbad + nb < 16) { bad[nb] = dec.len; s->bad_byte[s->nbad + nb] = s->raw[at]; nb++; }
        s->bad_total++;
        if (bo_buf_reserve(&dec, 3) != 0) goto oom;
        memcpy(dec.p + dec.len, "\xEF\xBF\xBD", 4);
        dec.len += 3;
        at += skip;
    }
    memmove(s->raw, s->raw + at, s->raw_len - at);
    s->raw_len -= at;
    if (s->eof && s->raw_len > 0) { s->cut_tail = s->raw_len; s->raw_len = 0; }
    if (append_normalised(s, dec.p ? dec.p : "", dec.len, bad, nb) != 0) goto oom;
    for (int i = 0; i < nb; i++) s->bad_off[s->nbad++] = bad[i];
    bo_buf_free(&dec);
    if (s->cc_armed) cc_scan(s);
    return 0;
oom:
    bo_buf_free(&dec);
    snprintf(err, errlen, "out of memory");
    return -1;
}

/* Drop the first N bytes of the pending text (the undecodable bytes' offsets
 * move with it); DROPPED_LINES: count the lines dropped as lines read. */
static void drop_front(bo_stream *s, size_t n, bool count_lines)
{
    if (count_lines)
        for (size_t i = 0; i < n; i++)
            if (s->text.p[i] == '\n') s->lines++;
    memmove(s->text.p, s->text.p + n, s->text.len - n);
    s->text.len -= n;
    s->text.p[s->text.len] = '\0';
    int keep = 0;
    for (int i = 0; i < s->nbad; i++)
        if (s->bad_off[i] >= n) {
            s->bad_off[keep] = s->bad_off[i] - n;
            s->bad_byte[keep++] = s->bad_byte[i];
        }
    s->nbad = keep;
    keep = 0;
    for (int i = 0; i < s->ncuts; i++)
        if (s->cuts[i].off >= n) {
            s->cuts[keep] = s->cuts[i];
            s->cuts[keep++].off -= n;
        }
    s->ncuts = keep;
    /* the scanner goes on where it was; if it had not reached the new start
     * (a game's start), it starts there afresh, in text */
    if (s->cc_scanned >= n) {
        s->cc_scanned -= n;
        s->cc_open = s->cc_open >= n ? s->cc_open - n : 0;
    } else {
        s->cc_scanned = 0;
        s->cc_mode = CC_TEXT;
    }
    if (s->cc_mode == CC_TEXT) s->cc_armed = false;
}

/* The start of the run of blank lines (spaces, tabs, line ends) that ends
 * TEXT[0..LEN): a line start, LEN when the last line has more on it. */
static size_t blank_tail(const char *text, size_t len)
{
    size_t b = len;
    while (b > 0 && (text[b - 1] == ' ' || text[b - 1] == '\t' || text[b - 1] == '\n')) b--;
    if (b == 0) return 0;
    while (b < len && text[b] != '\n') b++;   /* the rest of the last line that is not blank */
    return b < len ? b + 1 : len;
}

/* CUT (a game start) moved back to the first game start after the first
 * comment in text[0..CUT) whose line ends were dropped, so that the games after
 * it come in the next slice, numbered right (s->lines counts the dropped ones). */
static size_t end_after_lost_lines(const bo_stream *s, bo_split_fn split, size_t cut)
{
    size_t at = cut;
    for (int i = 0; i < s->ncuts; i++)
        if (s->cuts[i].lines_dropped > 0 && s->cuts[i].off < at) at = s->cuts[i].off;
    if (at == cut) return cut;
    for (size_t k; (k = split(s->text.p, cut)) > at;) cut = k;
    return cut;
}

int bo_stream_next(bo_stream *s, bo_split_fn split, bo_text *t, int *first_line, bo_stream_fault *fault,
                   char *err, size_t errlen)
{
    memset(fault, 0, sizeof *fault);
    if (s->handed > 0 || s->started) {   /* drop the slice handed out last time */
        if (s->text.p) {
            s->text.p[s->handed] = s->saved;
            drop_front(s, s->handed, false);
        }
        s->handed = 0;
    }
    /* the last game that starts in the first `want` bytes ends the slice; when
     * none does (one game longer than that), look further -- unless what makes
     * the text long is blank lines: a run of them a slice long (at least
     * BO_STREAM_SLICE, whatever the slice size) ends the game
     * before it, and is read over (counted, never held), so that a game
     * followed by a gigabyte of blank lines, or `yes ''`, takes no memory */
    size_t want = s->slice, cut;
    s->cc_on = split == bo_split_records || split == bo_split_pdn || split == bo_split_gomoku;
    for (;;) {
        while (!s->eof && s->text.len <= want)
            if (fill(s, err, errlen) != 0) return -1;
        if (s->eof) {
            while (s->raw_len > 0 || s->raw_cr)
                if (fill(s, err, errlen) != 0) return -1;
        }
        if (s->eof && s->text.len <= want) {
            if (s->cc_dropped > 0) cc_close(s, false);   /* the file ends in a cut comment */
            cut = s->text.len;
            if (s->started && blank_tail(s->text.p, cut) == 0) cut = 0;   /* blank lines after the last game */
            if (cut > 0 && split) cut = end_after_lost_lines(s, split, cut);
            break;
        }
        cut = split ? split(s->text.p, want) : 0;
        if (cut > 0) { cut = end_after_lost_lines(s, split, cut); break; }
        if (s->cc_on) {
            /* one game outgrows the slice: its comments are cut to the cap
             * from now on, as the text is read */
            if (!s->cc_armed) { s->cc_armed = true; cc_scan(s); }
            if (s->cc_mode != CC_TEXT) {   /* in a comment: its blank lines end nothing */
                if (s->text.len > want) want *= 2;
                continue;
            }
            if (s->text.len <= want) continue;
        }
        size_t b = blank_tail(s->text.p, s->text.len);
        if (split && s->text.len - b >= (s->slice > BO_STREAM_SLICE ? s->slice : BO_STREAM_SLICE)) {
            if (b > 0) { cut = b; break; }
            drop_front(s, s->text.len, true);   /* only blank lines: none is kept */
            want = s->slice;
            continue;
        }
        want *= 2;
    }
    if (cut == 0 && s->started) return 0;
    if (bo_buf_reserve(&s->text, 1) != 0) { snprintf(err, errlen, "out of memory"); return -1; }
    s->text.p[s->text.len] = '\0';
    s->started = true;
    s->handed = cut;
    s->saved = s->text.p[cut];
    s->text.p[cut] = '\0';
    memset(t, 0, sizeof *t);
    t->path = s->path;
    t->data = s->text.p;
    t->len = cut;
    t->encoding = s->enc;
    t->had_bom = s->had_bom;
    t->had_crlf = s->had_crlf;
    *first_line = s->lines;
    for (size_t i = 0; i < cut; i++)
        if (s->text.p[i] == '\n') s->lines++;
    fault->cuts = s->cuts_unstored;
    s->cuts_unstored = 0;
    for (int i = 0; i < s->ncuts; i++) {
        if (s->cuts[i].off >= cut) continue;
        if (fault->ncut < BO_STREAM_MAX_CUTS) {
            bo_text_line_col(t, s->cuts[i].off, &fault->cut[fault->ncut].line, &fault->cut[fault->ncut].col);
            fault->cut[fault->ncut].off = s->cuts[i].off;
            fault->cut[fault->ncut].bytes = s->cuts[i].bytes;
            fault->cut[fault->ncut++].lines_dropped = s->cuts[i].lines_dropped;
        }
        fault->cuts++;
        s->lines += (int)s->cuts[i].lines_dropped;   /* the lines after it are numbered as in the file */
    }
    for (int i = 0; i < s->nbad; i++) {
        if (s->bad_off[i] >= cut) continue;
        if (fault->count == 0) {
            bo_text_line_col(t, s->bad_off[i], &fault->line, &fault->col);
            fault->byte = s->bad_byte[i];
        }
        fault->count++;
    }
    return 1;
}

void bo_stream_close(bo_stream *s)
{
    if (s->z) { inflateEnd((z_stream *)s->z); free(s->z); }
    if (s->fd >= 0) close(s->fd);
    free(s->in);
    if (s->enc != BO_ENC_BINARY) bo_decoder_close(&s->dec);
    free(s->path);
    free(s->raw);
    free(s->head);
    bo_buf_free(&s->text);
    memset(s, 0, sizeof *s);
    s->fd = -1;
}
