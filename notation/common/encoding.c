/* encoding.c -- deciding a record file's encoding (UTF-8, UTF-16, GBK or Big5)
 * and decoding it to UTF-8 block by block. */
#include "encoding.h"

#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The words records are made of, in simplified and traditional script: piece
 * and direction words, numerals and full-width digits, result and tag words,
 * full-width punctuation, common words of event and team names.  A decoding
 * that yields many of these is the file's encoding. */
static const char vocabulary[] =
    "车马炮相仕帅将兵卒象士进退平前后中包"
    "車馬砲傌俥帥將進退後炮"
    "一二三四五六七八九十０１２３４５６７８９"
    "红黑胜负和先手局赛棋盘着变评注对战决届轮第杯队国全冠军开始结束时间地点比总计步规则连珠五子白方"
    "紅勝負賽盤著變評對戰決屆輪隊國軍開結時間點總計規則連"
    "年月日甲乙级級联聯会會市省人民的大城北京上海广廣州东東西南天津河湖山"
    "，。：；（）、「」《》！？“”　";

/* Characters that a wrong double-byte reading produces and real records do
 * not hold: private use, kana, bopomofo, Greek, Cyrillic, box drawing,
 * half-width katakana, accented Latin letters. */
static bool unlikely(long c)
{
    return (c >= 0xE000 && c <= 0xF8FF) || (c >= 0x3040 && c <= 0x312F) || (c >= 0x0370 && c <= 0x04FF) ||
           (c >= 0x2500 && c <= 0x257F) || (c >= 0xFF61 && c <= 0xFF9F) || (c >= 0x00C0 && c <= 0x024F) ||
           c == 0xFFFD;
}

int bo_encoding_parse(const char *name, bo_encoding *enc)
{
    static const struct { const char *name; bo_encoding enc; } names[] = {
        {"utf-8", BO_ENC_UTF8}, {"utf8", BO_ENC_UTF8},
        {"gbk", BO_ENC_GBK}, {"gb18030", BO_ENC_GBK}, {"gb2312", BO_ENC_GBK}, {"cp936", BO_ENC_GBK},
        {"big5", BO_ENC_BIG5}, {"cp950", BO_ENC_BIG5},
        {"utf-16", BO_ENC_UTF16LE}, {"utf16", BO_ENC_UTF16LE},
        {"utf-16le", BO_ENC_UTF16LE}, {"utf-16be", BO_ENC_UTF16BE},
        {"cp1252", BO_ENC_CP1252}, {"windows-1252", BO_ENC_CP1252}, {"latin-1", BO_ENC_CP1252},
        {"latin1", BO_ENC_CP1252}, {"iso-8859-1", BO_ENC_CP1252},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcasecmp(name, names[i].name) == 0) { *enc = names[i].enc; return 0; }
    return -1;
}

const char *bo_encoding_name(bo_encoding enc)
{
    switch (enc) {
    case BO_ENC_UTF8: return "UTF-8";
    case BO_ENC_GBK: return "GBK";
    case BO_ENC_BIG5: return "Big5";
    case BO_ENC_UTF16LE: return "UTF-16LE";
    case BO_ENC_UTF16BE: return "UTF-16BE";
    case BO_ENC_CP1252: return "Windows-1252";
    default: return "binary";
    }
}

/* The iconv name of a double-byte or UTF-16 encoding (CP950 is Big5 as Windows
 * writes it, a superset of plain Big5). */
static const char *iconv_name(bo_encoding enc)
{
    switch (enc) {
    case BO_ENC_GBK: return "GB18030";
    case BO_ENC_BIG5: return "CP950";
    case BO_ENC_UTF16LE: return "UTF-16LE";
    case BO_ENC_UTF16BE: return "UTF-16BE";
    case BO_ENC_CP1252: return "CP1252";
    default: return NULL;
    }
}

int bo_buf_reserve(bo_buf *b, size_t n)
{
    if (b->cap - b->len > n) return 0;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap - b->len <= n) cap *= 2;
    char *p = realloc(b->p, cap);
    if (!p) return -1;
    b->p = p;
    b->cap = cap;
    return 0;
}

void bo_buf_free(bo_buf *b)
{
    free(b->p);
    memset(b, 0, sizeof *b);
}

int bo_decoder_open(bo_decoder *d, bo_encoding enc)
{
    d->enc = enc;
    d->cd = NULL;
    if (enc == BO_ENC_UTF8) return 0;
    const char *name = iconv_name(enc);
    if (!name) return -1;
    iconv_t cd = iconv_open("UTF-8", name);
    if (cd == (iconv_t)-1 && enc == BO_ENC_BIG5) cd = iconv_open("UTF-8", "BIG5");
    if (cd == (iconv_t)-1) return -1;
    d->cd = cd;
    return 0;
}

void bo_decoder_close(bo_decoder *d)
{
    if (d->cd) iconv_close((iconv_t)d->cd);
    d->cd = NULL;
}

/* Length of the UTF-8 sequence that starts with byte C (0 if none does). */
static size_t utf8_len(unsigned c)
{
    return c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
}

/* UTF-8 is checked, not converted: the longest run of whole, valid characters. */
static long run_utf8(const unsigned char *in, size_t n, bo_buf *out, bool *bad)
{
    size_t i = 0;
    *bad = false;
    while (i < n) {
        size_t k = utf8_len(in[i]);
        if (k == 0) { *bad = true; break; }
        if (i + k > n) {
            /* incomplete: a fault only if what is there cannot start a character */
            if (in[i] < 0xC2 || in[i] > 0xF4) *bad = true;
            for (size_t j = i + 1; j < n; j++)
                if ((in[j] & 0xC0) != 0x80) *bad = true;
            break;
        }
        if (k > 1 && !bo_utf8_valid(in + i, k)) { *bad = true; break; }
        i += k;
    }
    if (bo_buf_reserve(out, i) != 0) return -1;
    memcpy(out->p + out->len, in, i);
    out->len += i;
    out->p[out->len] = '\0';
    return (long)i;
}

long bo_decoder_run(bo_decoder *d, const unsigned char *in, size_t n, bo_buf *out, bool *bad)
{
    *bad = false;
    if (d->enc == BO_ENC_UTF8) return run_utf8(in, n, out, bad);
    char *ip = (char *)in;
    size_t left = n;
    while (left > 0) {
        if (bo_buf_reserve(out, left * 2 + 16) != 0) return -1;
        char *op = out->p + out->len;
        size_t room = out->cap - out->len - 1;
        size_t rc = iconv((iconv_t)d->cd, &ip, &left, &op, &room);
        out->len = (size_t)(op - out->p);
        out->p[out->len] = '\0';
        if (rc != (size_t)-1) break;
        if (errno == E2BIG) continue;
        if (errno == EILSEQ) *bad = true;
        break;   /* EINVAL: an incomplete character at the end */
    }
    return (long)(n - left);
}

/* How a candidate reading of a file's start scores. */
typedef struct reading {
    bool ok;          /* every byte read (up to a cut last character) */
    long hits;        /* characters of the records' vocabulary */
    long unlikely;    /* characters no record holds */
    long wide;        /* non-ASCII characters */
    long common;      /* double-byte characters in the encoding's common block */
} reading;

/* Code points of the vocabulary, sorted, into V (room for all); the count. */
static size_t vocabulary_points(long *v)
{
    const char *p = vocabulary, *end = vocabulary + sizeof vocabulary - 1;
    size_t n = 0;
    while (p < end) {
        long c = bo_utf8_next(&p, end);
        if (c >= 0) v[n++] = c;
    }
    for (size_t i = 1; i < n; i++)   /* insertion sort: a few hundred points */
        for (size_t j = i; j > 0 && v[j - 1] > v[j]; j--) { long t = v[j]; v[j] = v[j - 1]; v[j - 1] = t; }
    return n;
}

/* Is C one of the sorted points V[0..N)? */
static bool in_vocabulary(const long *v, size_t n, long c)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (v[mid] == c) return true;
        if (v[mid] < c) lo = mid + 1; else hi = mid;
    }
    return false;
}

/* Double-byte characters of S in the block where an encoding keeps its common
 * characters: GB2312 level 1 (B0A1-D7FE) for GBK, Big5 level 1 (A440-C67E). */
static long common_chars(bo_encoding enc, const unsigned char *s, size_t n)
{
    long k = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        unsigned a = s[i], b = s[i + 1];
        if (a < 0x81 || a == 0xFF) continue;
        if (enc == BO_ENC_GBK && b >= 0x30 && b <= 0x39) { i += 3; continue; }   /* four-byte GB18030 */
        unsigned code = a << 8 | b;
        if (enc == BO_ENC_GBK ? (a >= 0xB0 && a <= 0xD7 && b >= 0xA1 && b <= 0xFE)
                              : (code >= 0xA440 && code <= 0xC67E))
            k++;
        i++;
    }
    return k;
}

/* Read S[0..N) as ENC and score the reading. */
static reading score(bo_encoding enc, const unsigned char *s, size_t n, bool whole, const long *v, size_t nv)
{
    reading r = {0};
    bo_decoder d;
    if (bo_decoder_open(&d, enc) != 0) return r;
    bo_buf out = {0};
    bool bad;
    long used = bo_decoder_run(&d, s, n, &out, &bad);
    bo_decoder_close(&d);
    r.ok = used >= 0 && !bad && (!whole || (size_t)used == n);
    if (r.ok) {
        const char *p = out.p, *end = out.p + out.len;
        while (p && p < end) {
            long c = bo_utf8_next(&p, end);
            if (c < 0x80) continue;
            r.wide++;
            if (in_vocabulary(v, nv, c)) r.hits++;
            else if (unlikely(c)) r.unlikely++;
        }
        r.common = common_chars(enc, s, (size_t)used);
    }
    bo_buf_free(&out);
    return r;
}

size_t bo_encoding_bom(const unsigned char *s, size_t n, bo_encoding *enc)
{
    if (*enc == BO_ENC_UTF8) return n >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF ? 3 : 0;
    if (*enc != BO_ENC_UTF16LE && *enc != BO_ENC_UTF16BE) return 0;
    if (n >= 2 && s[0] == 0xFF && s[1] == 0xFE) { *enc = BO_ENC_UTF16LE; return 2; }
    if (n >= 2 && s[0] == 0xFE && s[1] == 0xFF) { *enc = BO_ENC_UTF16BE; return 2; }
    return 0;
}

/* UTF-16 without a byte-order mark: ASCII text with a zero byte beside every
 * character, on the same side throughout; *le says which side. */
static bool bomless_utf16(const unsigned char *s, size_t n, bool *le)
{
    size_t pairs = n / 2 < 2048 ? n / 2 : 2048, lo = 0, hi = 0, nul = 0;
    if (pairs < 8) return false;
    for (size_t i = 0; i < pairs; i++) {
        unsigned a = s[2 * i], b = s[2 * i + 1];
        if (a == 0xFF && b == 0xFF) return false; /* U+FFFF is no character: binary (Renlib's header) */
        if (a == 0 && b == 0) nul++;
        else if (b == 0 && a >= 0x09 && a < 0x80) lo++;
        else if (a == 0 && b >= 0x09 && b < 0x80) hi++;
    }
    /* ASCII is a third of the text at least (tags, numbers, blanks, line ends);
     * binary formats (XQF) hold runs of zeros */
    size_t most = lo > hi ? lo : hi, least = lo > hi ? hi : lo;
    *le = lo > hi;
    return most * 3 >= pairs && least * 10 <= most && nul * 100 <= pairs;
}

/* Control bytes that text does not hold: a NUL, or more than 1% of them. */
static bool looks_binary(const unsigned char *s, size_t n)
{
    size_t ctl = 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] == 0 || (s[i] < 0x20 && s[i] != '\n' && s[i] != '\r' && s[i] != '\t' && s[i] != '\f'))
            ctl++;
    return ctl > 0 && ctl * 100 >= n;
}

/* Western European text in one byte per letter: its few non-ASCII bytes stand alone
 * between ASCII letters and signs ("Réunion", "Café"), where Chinese double-byte
 * text has them in pairs. */
static bool latin_shaped(const unsigned char *s, size_t n)
{
    size_t high = 0, alone = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < 0x80) continue;
        high++;
        if ((i == 0 || s[i - 1] < 0x80) && (i + 1 >= n || s[i + 1] < 0x80)) alone++;
    }
    return high > 0 && alone * 10 >= high * 8;
}

int bo_encoding_detect(const unsigned char *s, size_t n, bool whole, bo_encoding *enc, size_t *bom,
                       char *why, size_t whylen)
{
    *bom = 0;
    if (n >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF) { *bom = 3; *enc = BO_ENC_UTF8; return 0; }
    if (n >= 2 && s[0] == 0xFF && s[1] == 0xFE) { *bom = 2; *enc = BO_ENC_UTF16LE; return 0; }
    if (n >= 2 && s[0] == 0xFE && s[1] == 0xFF) { *bom = 2; *enc = BO_ENC_UTF16BE; return 0; }
    bool le;
    if (bomless_utf16(s, n, &le)) { *enc = le ? BO_ENC_UTF16LE : BO_ENC_UTF16BE; return 0; }
    if (memchr(s, 0, n)) { *enc = BO_ENC_BINARY; return 0; }
    long v[512];
    size_t nv = vocabulary_points(v);
    reading u = score(BO_ENC_UTF8, s, n, whole, v, nv);
    if (u.ok) { *enc = BO_ENC_UTF8; return 0; }
    if (looks_binary(s, n)) { *enc = BO_ENC_BINARY; return 0; }
    reading g = score(BO_ENC_GBK, s, n, whole, v, nv), b = score(BO_ENC_BIG5, s, n, whole, v, nv);
    /* No Chinese record word in either double-byte reading, and lone high bytes:
     * a European file (PDN archives name players and places with accents). */
    if (g.hits == 0 && b.hits == 0 && latin_shaped(s, n)) { *enc = BO_ENC_CP1252; return 0; }
    if (!g.ok || !b.ok) { *enc = g.ok ? BO_ENC_GBK : b.ok ? BO_ENC_BIG5 : BO_ENC_BINARY; return 0; }
    long sg = g.hits - g.unlikely, sb = b.hits - b.unlikely;
    if (sg != sb) { *enc = sg > sb ? BO_ENC_GBK : BO_ENC_BIG5; return 0; }
    /* No word tells them apart: the reading with clearly more common characters. */
    if (g.wide > 0) {
        long dg = g.common * 100 / g.wide, db = b.common * 100 / (b.wide ? b.wide : 1);
        if (dg - db >= 25) { *enc = BO_ENC_GBK; return 0; }
        if (db - dg >= 25) { *enc = BO_ENC_BIG5; return 0; }
    }
    snprintf(why, whylen,
             "cannot decide the encoding: the text is not UTF-8 or UTF-16, and reads as GBK (GB18030) "
             "and as Big5 (CP950) alike; name it with --encoding gbk or --encoding big5");
    return -1;
}

/* iconv stops at a character the target has no code for: such a character is written
 * as '?' and counted, and the rest goes on (a record keeps its moves either way). */
int bo_encode_utf8(bo_encoding enc, const char *in, size_t n, FILE *out, long *lost, char *err, size_t errlen)
{
    *lost = 0;
    if (enc == BO_ENC_UTF8 || enc == BO_ENC_BINARY) {
        if (n && fwrite(in, 1, n, out) != n) return snprintf(err, errlen, "write failed"), -1;
        return 0;
    }
    const char *name = iconv_name(enc);
    iconv_t cd = name ? iconv_open(name, "UTF-8") : (iconv_t)-1;
    if (cd == (iconv_t)-1 && enc == BO_ENC_BIG5) cd = iconv_open("BIG5", "UTF-8");
    if (cd == (iconv_t)-1) return snprintf(err, errlen, "this system cannot write %s", bo_encoding_name(enc)), -1;
    char *src = (char *)in, buf[8192];
    size_t left = n;
    int rc = 0;
    while (left > 0 && rc == 0) {
        char *dst = buf;
        size_t room = sizeof buf;
        size_t r = iconv(cd, &src, &left, &dst, &room);
        if (dst > buf && fwrite(buf, 1, (size_t)(dst - buf), out) != (size_t)(dst - buf)) rc = -1;
        if (r == (size_t)-1 && errno == EILSEQ) {   /* no code for it: '?' for the whole character */
            size_t k = utf8_len((unsigned char)*src);
            if (k == 0 || k > left) k = 1;
            src += k;
            left -= k;
            (*lost)++;
            if (fputc('?', out) == EOF) rc = -1;
        } else if (r == (size_t)-1 && errno == EINVAL) {
            break;   /* a cut last character: nothing whole is left */
        }
    }
    iconv_close(cd);
    if (rc != 0) snprintf(err, errlen, "write failed");
    return rc;
}
