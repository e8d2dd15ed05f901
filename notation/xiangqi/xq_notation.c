/* xq_notation.c - one entry point for reading and writing Xiangqi moves in
 * any notation: recognise the notation of a written move and hand it to the
 * Chinese, WXF or coordinate reader. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "text.h"
#include "xq_nt_internal.h"

/* Blanks a move may be padded with: ASCII white space and the ideographic space. */
static bool is_blank(long c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == 0x3000; }

/* Fold the many ways of writing one sign to one code point, so readers see one form. */
int xq_cps_read(const char *text, size_t len, xq_cps *c)
{
    const char *s = text, *end = text + len;
    c->n = 0;
    c->cjk = false;
    while (s < end) {
        long cp = bo_utf8_next(&s, end);
        if (cp < 0) return -1;
        if (cp >= 0xFF01 && cp <= 0xFF5E) cp -= 0xFEE0;   /* full-width ASCII */
        if (is_blank(cp)) continue;                       /* blanks anywhere are padding */
        if (cp == 0) return -1;
        if (c->n == XQ_NT_MAXCP) return -1;
        if (cp >= 0x2E80) c->cjk = true;
        c->cp[c->n++] = cp;
    }
    /* Trailing annotation marks: good/bad move, mate. */
    while (c->n > 0 && (c->cp[c->n - 1] == '!' || c->cp[c->n - 1] == '?' || c->cp[c->n - 1] == '#'))
        c->n--;
    return 0;
}

/* Which notation the code points look like, from their form alone. */
static xq_notation guess_cps(const xq_cps *c)
{
    if (c->n == 0) return XQ_NOTE_AUTO;
    if (c->cjk) return XQ_NOTE_CHINESE;
    if (xq_coords_looks(c)) {
        for (int i = 0; i < c->n; i++)
            if (c->cp[i] == '-') return XQ_NOTE_ICCS;
        return XQ_NOTE_UCI;
    }
    long f = c->cp[0];
    if (f < 0x80 && (strchr("RHNEBAKCPGSrhnebakcpgs+-.=", (int)f) || (f >= '1' && f <= '9'))) return XQ_NOTE_WXF;
    return XQ_NOTE_AUTO;
}

/* For readers that must tell move tokens from other words before they have a position. */
xq_notation xq_notation_guess(const char *text, size_t len)
{
    xq_cps c;
    if (xq_cps_read(text, len, &c) != 0) return XQ_NOTE_AUTO;
    return guess_cps(&c);
}

/* Names used in record headers and messages. */
const char *xq_notation_name(xq_notation nt)
{
    switch (nt) {
    case XQ_NOTE_CHINESE: return "chinese";
    case XQ_NOTE_WXF: return "wxf";
    case XQ_NOTE_ICCS: return "iccs";
    case XQ_NOTE_UCI: return "uci";
    default: return "auto";
    }
}

/* The reverse of xq_notation_name, with a few aliases. */
int xq_notation_from_name(const char *s)
{
    if (!strcasecmp(s, "chinese") || !strcasecmp(s, "cn") || !strcmp(s, "中文")) return XQ_NOTE_CHINESE;
    if (!strcasecmp(s, "wxf")) return XQ_NOTE_WXF;
    if (!strcasecmp(s, "iccs")) return XQ_NOTE_ICCS;
    if (!strcasecmp(s, "uci") || !strcasecmp(s, "ucci")) return XQ_NOTE_UCI;
    if (!strcasecmp(s, "auto")) return XQ_NOTE_AUTO;
    return -1;
}

/* The move as written, trimmed of padding, for messages (bounded, NUL-terminated). */
static void shown_text(const char *text, size_t len, char *out, size_t n)
{
    const unsigned char *s = (const unsigned char *)text, *e = s + len;
    for (;;) {
        if (s < e && (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')) s++;
        else if (e - s >= 3 && s[0] == 0xE3 && s[1] == 0x80 && s[2] == 0x80) s += 3;
        else break;
    }
    for (;;) {
        if (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\n')) e--;
        else if (e - s >= 3 && e[-3] == 0xE3 && e[-2] == 0x80 && e[-1] == 0x80) e -= 3;
        else break;
    }
    size_t k = (size_t)(e - s);
    if (k >= n) {
        k = n - 1;
        while (k > 0 && (s[k] & 0xC0) == 0x80) k--;   /* do not cut a character in half */
    }
    memcpy(out, s, k);
    out[k] = '\0';
}

/* Dispatch on the notation (given or recognised); see xq_notation.h. */
int xq_parse_move(const xq_pos *p, const char *text, size_t len, xq_notation nt,
                  xq_move *out, xq_notation *detected, char *err, size_t errlen)
{
    char shown[96];
    char dummy[8];
    if (!err) { err = dummy; errlen = sizeof dummy; }
    if (detected) *detected = XQ_NOTE_AUTO;
    shown_text(text ? text : "", text ? len : 0, shown, sizeof shown);
    xq_cps c;
    if (!text || xq_cps_read(text, len, &c) != 0) {
        xq_nt_fail(err, errlen, "cannot read '%s' as a move: %s", shown,
                   text && len > 0 && bo_utf8_valid((const unsigned char *)text, len)
                       ? "too long for a move" : "not UTF-8 text");
        return -1;
    }
    if (c.n == 0) { xq_nt_fail(err, errlen, "cannot read an empty text as a move"); return -1; }
    xq_notation use = nt == XQ_NOTE_AUTO ? guess_cps(&c) : nt;
    int rc;
    bool uci = false;
    switch (use) {
    case XQ_NOTE_CHINESE: rc = xq_chinese_parse(p, &c, shown, out, err, errlen); break;
    case XQ_NOTE_WXF: rc = xq_wxf_parse(p, &c, shown, out, err, errlen); break;
    case XQ_NOTE_ICCS:
    case XQ_NOTE_UCI:
        rc = xq_coords_parse(p, &c, shown, out, &uci, err, errlen);
        if (rc == 0) use = uci ? XQ_NOTE_UCI : XQ_NOTE_ICCS;
        break;
    default:
        xq_nt_fail(err, errlen, "cannot read '%s' as a move: it is in none of the Xiangqi notations "
                   "(Chinese 炮二平五, WXF C2.5, ICCS h2-e2, UCI h2e2)", shown);
        return -1;
    }
    if (rc == 0 && detected) *detected = use;
    return rc;
}

/* Check the move belongs to the side to move, then hand it to the writer. */
int xq_write_move(const xq_pos *p, xq_move m, xq_notation nt, char *buf, size_t n)
{
    if (!buf || n == 0) return -1;
    buf[0] = '\0';
    int from = XQ_FROM(m), to = XQ_TO(m);
    if (from >= XQ_SQUARES || to >= XQ_SQUARES || !p->sq[from] || XQ_SIDE(p->sq[from]) != p->side) return -1;
    int rc;
    switch (nt) {
    case XQ_NOTE_CHINESE: rc = xq_chinese_write(p, m, buf, n); break;
    case XQ_NOTE_WXF: rc = xq_wxf_write(p, m, buf, n); break;
    case XQ_NOTE_ICCS: rc = xq_coords_write(m, false, buf, n); break;
    case XQ_NOTE_UCI: rc = xq_coords_write(m, true, buf, n); break;
    default: rc = -1;
    }
    if (rc != 0) buf[0] = '\0';
    return rc;
}
