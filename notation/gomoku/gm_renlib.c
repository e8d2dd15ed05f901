/* gm_renlib.c -- Renlib's opening library (.lib) read as one record tree.
 *
 * The format (Renlib by Frank Arkbo; layout learnt from real libraries and from the
 * open readers that describe it): a 20-byte header 0xFF "RenLib" 0xFF, the version
 * (major, minor), ten 0xFF bytes; then the tree's nodes in preorder, two bytes each:
 *   byte 0  the point: low nibble the column 1..15 (a..o), high nibble the row
 *           counted from the TOP 0..14 (0x78 = h8); 0x00 is "no move" (a root);
 *   byte 1  flags: 0x80 another branch follows this node's subtree (a sibling),
 *           0x40 the node has no child (a leaf), 0x20 old-style comment, 0x10 mark,
 *           0x08 comment, 0x04 start mark, 0x02 no move, 0x01 extension;
 *   with the extension flag, two more bytes of flags follow (bit 0 of the second:
 *   the node has a board text); then a comment (0x08 flag: bytes up to a NUL, read
 *   in pairs, so the field is even; its first line and the rest are separated by
 *   0x08; the 0x20 form: pairs up to a byte with its high bit set), then the board
 *   text (the same as a comment).  A node with the no-move flag only carries a board
 *   text for an empty point; a node at 0x00 with a move is a pass (problem mode).
 * Preorder with the sibling and leaf flags is the leftmost-child / right-sibling
 * tree: after a node with a child comes its first child; after a leaf with a
 * sibling, the sibling; after a leaf without one, the next sibling of the nearest
 * open ancestor (a stack).  Files written before the header existed start at the
 * first node (0x78); they are recognised only by a .lib name, not read here.
 *
 * Method: one pass, no recursion.  Each node becomes a move "h8" (notation "moves");
 * the first kept node of a sibling group continues its parent's line, and every
 * further one opens a variation on it (record.h: a variation replaces that move).
 * Comments and board texts become the move's comment, decoded from the library's
 * code page, which one look at all its non-ASCII texts decides first (GBK, Big5 or
 * Western); marks are counted ("Marks").
 * No-move nodes and passes are left out with their subtrees (counted: "Labels", a
 * warning for passes).  A branch deeper than the board has points and a cut file
 * stop the tree with an error naming the byte offset; the moves before it are kept.
 * With keep_moves > 0 no more than GM_KEEP_VARIATIONS variations are kept. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "encoding.h"
#include "gm_coords.h"
#include "gm_formats.h"
#include "gm_reader.h"
#include "text.h"

enum { RL_HEADER = 20 };
enum {
    RL_SIBLING = 0x80, RL_LEAF = 0x40, RL_OLD_COMMENT = 0x20, RL_MARK = 0x10,
    RL_COMMENT = 0x08, RL_START = 0x04, RL_NO_MOVE = 0x02, RL_EXTENSION = 0x01,
};
/* No branch of a real game is longer than the largest board has points. */
enum { RL_MAX_DEPTH = GM_MAX_SIZE * GM_MAX_SIZE + 1 };

/* Where a move sits: its line (NULL: the main line) and index in it; discarded
 * moves (beyond the variation limit) sit nowhere. */
typedef struct rl_at {
    bo_rline *line;
    int index;
    int depth;
    bool discard;
} rl_at;

/* A sibling group being read: the line its first move continues (NULL: the main
 * line) and that move (the anchor the others hang on as variations) once kept. */
typedef struct rl_group {
    bo_rline *line;
    int depth;
    bool parent_discard;
    bool has_anchor;
    rl_at anchor;
} rl_group;

/* A header whose first bytes were overwritten (real libraries carry "\x99\xC0I@" or
 * "I\0en" there) is still the rest of one: "Lib", 0xFF, version 3.x, ten 0xFF. */
static bool damaged_header(const unsigned char *d, size_t n)
{
    if (n < RL_HEADER || memcmp(d + 4, "Lib\xFF", 4) != 0 || d[8] != 3) return false;
    for (int i = 10; i < RL_HEADER; i++)
        if (d[i] != 0xFF) return false;
    return true;
}

/* The magic and the version bytes; a header damaged in its first bytes scores less. */
int gm_sniff_renlib(const bo_text *t)
{
    const unsigned char *d = t->raw ? t->raw : (const unsigned char *)t->data;
    size_t n = t->raw ? t->raw_len : t->len;
    if (n >= 8 && memcmp(d, "\xFFRenLib\xFF", 8) == 0) return 100;
    if (damaged_header(d, n)) return 90;
    return 0;
}

/* The move at AT. */
static bo_rmove *move_at(bo_record *r, const rl_at *at)
{
    return at->line ? &at->line->moves[at->index] : &r->moves[at->index];
}

/* Text fields as Windows wrote them: in the code page of the machine that made the
 * library (Western, Simplified or Traditional Chinese: real libraries hold GBK
 * comments), which the file does not name.  ENC is the library's (library_encoding);
 * a field that is valid UTF-8, or that ENC cannot read, is taken as UTF-8 or Latin-1.
 * The 0x08 between the first line and the rest and the CR LF line ends become
 * newlines. */
static char *comment_text(const unsigned char *s, size_t n, bo_decoder *dec)
{
    bo_buf b = {0};
    bool ascii = true;
    for (size_t i = 0; i < n && ascii; i++) ascii = s[i] < 0x80;
    if (!ascii && !bo_utf8_valid(s, n) && dec) {
        bool bad = false;
        long used = bo_decoder_run(dec, s, n, &b, &bad);
        if (used < 0 || (size_t)used != n) { bo_buf_free(&b); b = (bo_buf){0}; }
    }
    if (!b.p) {
        bool utf8 = ascii || bo_utf8_valid(s, n);
        if (bo_buf_reserve(&b, n * 2) != 0) return NULL;
        for (size_t i = 0; i < n; i++) {
            unsigned char c = s[i];
            if (utf8 || c < 0x80) b.p[b.len++] = (char)c;
            else b.len += (size_t)bo_utf8_put(c, b.p + b.len);   /* a Latin-1 byte */
        }
    }
    size_t k = 0;
    for (size_t i = 0; i < b.len; i++) {
        char c = b.p[i];
        if (c == '\r') continue;
        b.p[k++] = c == 0x08 ? '\n' : c;
    }
    while (k && b.p[k - 1] == '\n') k--;
    b.p[k] = '\0';
    return b.p;
}

/* The byte offset is the only location a binary file has: notes name it. */
static void stop(bo_record *r, size_t off, const char *why)
{
    bo_record_note(r, BO_NOTE_ERROR, 0, 0, "at byte %zu: %s; the tree is read up to there", off, why);
}

/* A text after a node: bytes up to a NUL, read two at a time as Renlib writes them
 * (so the field takes an even number of bytes).  0, or -1 when it has no end. */
static int text_field(const unsigned char *d, size_t n, size_t *p, const unsigned char **s, size_t *len)
{
    const unsigned char *z = *p < n ? memchr(d + *p, 0, n - *p) : NULL;
    if (!z) return -1;
    *s = d + *p;
    *len = (size_t)(z - *s);
    *p += *len % 2 ? *len + 1 : *len + 2;
    if (*p > n) *p = n;
    return 0;
}

/* Does all of S[0..N) read in the encoding of DEC? */
static bool decodes(bo_decoder *dec, const unsigned char *s, size_t n)
{
    bo_buf b = {0};
    bool bad = false;
    long used = bo_decoder_run(dec, s, n, &b, &bad);
    bo_buf_free(&b);
    return used >= 0 && (size_t)used == n;
}

/* The library's code page, decided once: the texts that are not ASCII (up to 64 KB
 * of them) go together to the encoding sniffer of notation/common, which tells GBK
 * from Big5 by their words and Western text by its lone accents.  When most of them
 * read as GBK or Big5, only those go (a real library holds 136 GBK comments and one
 * Latin-1 board text: that one is read as Latin-1 on its own).  Texts of the old
 * form are 7-bit and say nothing.  NULL: ASCII or UTF-8 texts only, or no decoder;
 * else an open decoder in *DEC. */
static bo_decoder *library_encoding(const unsigned char *d, size_t n, bo_decoder *dec)
{
    enum { CAP = 64 * 1024 };
    unsigned char *all = malloc(CAP), *cjk = malloc(CAP);
    bo_decoder gbk, big5;
    bool have_gbk = bo_decoder_open(&gbk, BO_ENC_GBK) == 0, have_big5 = bo_decoder_open(&big5, BO_ENC_BIG5) == 0;
    size_t ka = 0, kc = 0, p = RL_HEADER;
    long texts = 0, cjk_texts = 0;
    while (all && cjk && p + 2 <= n && ka < CAP) {
        unsigned fl = d[p + 1];
        bool board = false;
        p += 2;
        if (fl & RL_EXTENSION) {
            if (p + 2 > n) break;
            board = (d[p + 1] & 0x01) != 0;
            p += 2;
        }
        if (fl & RL_OLD_COMMENT) {
            while (p + 2 <= n && !(d[p] & 0x80) && !(d[p + 1] & 0x80)) p += 2;
            p += 2;
            continue;
        }
        for (int f = 0; f < 2; f++) {
            const unsigned char *s;
            size_t len;
            if (!(f == 0 ? (fl & RL_COMMENT) != 0 : board)) continue;
            if (text_field(d, n, &p, &s, &len) != 0) { p = n; break; }
            bool ascii = true;
            for (size_t i = 0; i < len && ascii; i++) ascii = s[i] < 0x80;
            if (ascii || ka + len + 1 > CAP) continue;
            texts++;
            bool c = (have_gbk && decodes(&gbk, s, len)) || (have_big5 && decodes(&big5, s, len));
            if (c) cjk_texts++;
            /* the 0x08 between a text's first line and the rest is a line end (the
             * sniffer takes control bytes for binary) */
            for (size_t i = 0; i < len; i++) {
                unsigned char b = s[i] == 0x08 ? '\n' : s[i];
                all[ka++] = b;
                if (c) cjk[kc++] = b;
            }
            all[ka++] = '\n';
            if (c) cjk[kc++] = '\n';
        }
    }
    if (have_gbk) bo_decoder_close(&gbk);
    if (have_big5) bo_decoder_close(&big5);
    bo_encoding enc = BO_ENC_UTF8;
    size_t bom;
    char why[256];
    if (ka && all && !bo_utf8_valid(all, ka)) {
        bool most_cjk = cjk_texts * 2 > texts;
        const unsigned char *buf = most_cjk ? cjk : all;
        size_t k = most_cjk ? kc : ka;
        /* GBK and Big5 read alike and no word decides: GBK, the more common */
        if (bo_encoding_detect(buf, k, true, &enc, &bom, why, sizeof why) != 0) enc = BO_ENC_GBK;
        if (enc != BO_ENC_GBK && enc != BO_ENC_BIG5 && enc != BO_ENC_CP1252) enc = BO_ENC_CP1252;
    }
    free(all);
    free(cjk);
    if (enc == BO_ENC_UTF8 || bo_decoder_open(dec, enc) != 0) return NULL;
    return dec;
}

/* Walk the preorder once, building lines and variations (see the file comment). */
static void read_tree(const unsigned char *d, size_t n, const gm_read_opts *o, bo_record *r, bo_decoder *dec)
{
    rl_group *stack = malloc(sizeof *stack * RL_MAX_DEPTH);
    if (!stack) { stop(r, RL_HEADER, "out of memory"); return; }
    int sp = 0;
    size_t p = RL_HEADER;
    bool first = true;
    rl_group cur = {NULL, 1, false, false, {NULL, -1, 0, false}};
    long nvars = 0, nodes = 0, marks = 0, passes = 0, labels = 0;
    bool warned_vars = false, done = false;
    while (p < n) {
        if (p + 2 > n) { stop(r, p, "the file ends inside a node"); break; }
        unsigned pos = d[p], fl = d[p + 1];
        size_t at = p;
        p += 2;
        bool board_text = false;
        if (fl & RL_EXTENSION) {
            /* two more bytes: the extended flags; bit 0 of the second is "board text" */
            if (p + 2 > n) { stop(r, at, "the file ends inside a node"); break; }
            board_text = (d[p + 1] & 0x01) != 0;
            p += 2;
        }
        const unsigned char *cm = NULL, *bt = NULL;
        size_t cmn = 0, btn = 0;
        unsigned char *old = NULL;
        if (fl & RL_OLD_COMMENT) {
            /* the old form: pairs of bytes up to one with its high bit set, which is
             * the last character (its high bit cleared) */
            size_t k = p, len = 0;
            bool end = false;
            while (!end && k + 2 <= n) {
                if (d[k] & 0x80) { len = k - p + 1; end = true; }
                else if (d[k + 1] & 0x80) { len = k - p + 2; end = true; }
                k += 2;
            }
            if (!end || !(old = malloc(len))) { stop(r, at, "a comment with no end"); break; }
            memcpy(old, d + p, len);
            old[len - 1] &= 0x7F;
            cm = old;
            cmn = len;
            p = k;
        } else if (fl & RL_COMMENT) {
            if (text_field(d, n, &p, &cm, &cmn) != 0) { stop(r, at, "a comment with no end"); break; }
        }
        if (board_text && text_field(d, n, &p, &bt, &btn) != 0) {
            free(old);
            stop(r, at, "a board text with no end");
            break;
        }
        /* the comment as text now, so that no copy outlives this node */
        char *ctext = cm && cmn ? comment_text(cm, cmn, dec) : NULL;
        free(old);
        if (first && pos == 0) {
            /* the root: no move; its comment is the library's */
            first = false;
            if (ctext) bo_record_set_tag(r, "_Comment", ctext);
            free(ctext);
            if (fl & RL_SIBLING) { stop(r, at, "the root has a sibling"); break; }
            if (fl & RL_LEAF) { done = true; break; }
            continue;
        }
        first = false;
        /* a node that is no move (board text on an empty point) or a pass: kept out of
         * the lines, with its subtree */
        bool skip = (fl & RL_NO_MOVE) || pos == 0;
        if (skip && !(fl & RL_NO_MOVE)) passes++;
        if (fl & RL_NO_MOVE) labels++;
        nodes++;
        if (fl & (RL_MARK | RL_START)) marks++;
        bool discard = cur.parent_discard || skip;
        if (!discard && cur.has_anchor && o && o->keep_moves > 0 && nvars >= GM_KEEP_VARIATIONS) {
            discard = true;
            if (!warned_vars) {
                bo_record_note(r, BO_NOTE_WARNING, 0, 0, "more than %d variations: the others are read but not kept",
                               GM_KEEP_VARIATIONS);
                warned_vars = true;
            }
        }
        if (cur.depth > RL_MAX_DEPTH) {
            free(ctext);
            stop(r, at, "a branch longer than a board has points");
            break;
        }
        char txt[GM_COORD_MAX];
        gm_coord_format((int)(pos & 0x0F) - 1, 14 - (int)(pos >> 4), txt);
        rl_at here = {NULL, -1, cur.depth, discard};
        if (!discard) {
            bo_rmove *m;
            if (!cur.has_anchor) {
                /* the group's first move continues the line of its parent */
                here.line = cur.line;
                m = cur.line ? bo_rline_add_move(cur.line, txt, strlen(txt), 0, 0)
                             : bo_record_add_move(r, txt, strlen(txt), 0, 0);
                here.index = cur.line ? cur.line->nmoves - 1 : r->nmoves - 1;
                cur.anchor = here;
                cur.has_anchor = true;
            } else {
                bo_rline *v = bo_rmove_add_variation(move_at(r, &cur.anchor));
                nvars++;
                here.line = v;
                m = v ? bo_rline_add_move(v, txt, strlen(txt), 0, 0) : NULL;
                here.index = 0;
            }
            if (!m) {
                free(ctext);
                stop(r, at, "out of memory");
                break;
            }
            m->number = here.depth;
            if (ctext && *ctext) bo_rmove_add_comment(m, ctext, strlen(ctext));
            if (bt && btn) {
                char *c = comment_text(bt, btn, dec), *bb = c ? malloc(strlen(c) + 16) : NULL;
                if (bb) {
                    sprintf(bb, "board text: %s", c);
                    bo_rmove_add_comment(m, bb, strlen(bb));
                }
                free(bb);
                free(c);
            }
        }
        free(ctext);
        if (!(fl & RL_LEAF)) {
            /* its children form a new group; its siblings wait on the stack */
            if (fl & RL_SIBLING) {
                if (sp >= RL_MAX_DEPTH) { stop(r, at, "branches nested too deep"); break; }
                stack[sp++] = cur;
            }
            cur = (rl_group){here.line, here.depth + 1, here.discard, false, {NULL, -1, 0, false}};
        } else if (fl & RL_SIBLING) {
            continue;
        } else if (sp > 0) {
            cur = stack[--sp];
        } else {
            if (p < n) bo_record_note(r, BO_NOTE_WARNING, 0, 0, "%zu bytes after the end of the tree ignored", n - p);
            done = true;
            break;
        }
    }
    if (!done && r->errors == 0) stop(r, n, "the file ends before the tree does");
    char buf[32];
    snprintf(buf, sizeof buf, "%ld", nodes);
    bo_record_set_tag(r, "Nodes", buf);
    if (marks) {
        snprintf(buf, sizeof buf, "%ld", marks);
        bo_record_set_tag(r, "Marks", buf);
    }
    if (labels) {
        snprintf(buf, sizeof buf, "%ld", labels);
        bo_record_set_tag(r, "Labels", buf);
    }
    if (passes)
        bo_record_note(r, BO_NOTE_WARNING, 0, 0, "%ld pass move%s (Renlib's problem mode): the branch%s from %s not read",
                       passes, passes == 1 ? "" : "s", passes == 1 ? "" : "es", passes == 1 ? "it is" : "them are");
    free(stack);
}

/* The whole library is one record: main line plus variations. */
int gm_read_renlib(const bo_text *t, const gm_read_opts *o, bo_record_list *out, char *err, size_t errlen)
{
    const unsigned char *d = t->raw ? t->raw : (const unsigned char *)t->data;
    size_t n = t->raw ? t->raw_len : t->len;
    if (gm_sniff_renlib(t) == 0) {
        snprintf(err, errlen, "not a Renlib library (no 0xFF RenLib 0xFF header)");
        return -1;
    }
    bo_record *r = bo_record_list_push(out, 1);
    if (!r) { snprintf(err, errlen, "out of memory"); return -1; }
    bo_record_set_str(&r->notation, "moves", 5);
    bo_record_set_tag(r, "Size", "15");
    if (n < RL_HEADER) {
        bo_record_note(r, BO_NOTE_ERROR, 0, 0, "the Renlib header is cut short (%zu of %d bytes)", n, RL_HEADER);
        return 0;
    }
    if (memcmp(d, "\xFFRenLib\xFF", 8) != 0)
        bo_record_note(r, BO_NOTE_WARNING, 0, 0,
                       "the header's first bytes are %02X %02X %02X %02X, not 0xFF 'R' 'e' 'n' (damaged); the rest "
                       "of it is Renlib's, read as one", d[0], d[1], d[2], d[3]);
    char ver[32];
    snprintf(ver, sizeof ver, "Renlib %u.%u", d[8], d[9]);
    bo_record_set_tag(r, "Library", ver);
    bo_decoder dec;
    bo_decoder *dp = library_encoding(d, n, &dec);
    read_tree(d, n, o, r, dp);
    if (dp) bo_decoder_close(dp);
    return 0;
}
