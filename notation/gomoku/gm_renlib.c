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
 *   a node with a comment flag is followed by its text, NUL-terminated and padded
 *   with further NULs; a first line and the rest are separated by 0x08.
 * Preorder with those two flags is the leftmost-child / right-sibling tree: after a
 * node with a child comes its first child; after a leaf with a sibling, the sibling;
 * after a leaf without one, the next sibling of the nearest open ancestor (a stack).
 *
 * Method: one pass, no recursion.  Each node becomes a move "h8" (notation "moves");
 * the first child at every node continues the line, and every further sibling opens a
 * variation on the first node of its sibling group (record.h: a variation replaces
 * that move).  A branch deeper than the board has points, a node with no move inside
 * the tree, the extension flag (whose data this reader does not know) and a cut file
 * stop the tree with a located error; the moves before it are kept. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gm_coords.h"
#include "gm_formats.h"
#include "gm_reader.h"

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

/* The magic and the version bytes. */
int gm_sniff_renlib(const bo_text *t)
{
    const unsigned char *d = t->raw ? t->raw : (const unsigned char *)t->data;
    size_t n = t->raw ? t->raw_len : t->len;
    if (n >= 8 && memcmp(d, "\xFFRenLib\xFF", 8) == 0) return 100;
    return 0;
}

/* The move at AT. */
static bo_rmove *move_at(bo_record *r, const rl_at *at)
{
    return at->line ? &at->line->moves[at->index] : &r->moves[at->index];
}

/* Comments are Windows text: UTF-8 when they are valid UTF-8, else Latin-1 (the
 * Western code page Renlib wrote); the 0x08 between the first line and the rest and
 * the CR LF line ends become newlines. */
static char *comment_text(const unsigned char *s, size_t n)
{
    bool utf8 = bo_utf8_valid(s, n);
    char *out = malloc(n * 2 + 1);
    if (!out) return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = s[i];
        if (c == '\r') continue;
        if (c == 0x08) { out[k++] = '\n'; continue; }
        if (utf8 || c < 0x80) out[k++] = (char)c;
        else { out[k++] = (char)(0xC0 | (c >> 6)); out[k++] = (char)(0x80 | (c & 0x3F)); }
    }
    while (k && out[k - 1] == '\n') k--;
    out[k] = '\0';
    return out;
}

/* The byte offset is the only location a binary file has: notes name it. */
static void stop(bo_record *r, size_t off, const char *why)
{
    bo_record_note(r, BO_NOTE_ERROR, 0, 0, "at byte %zu: %s; the tree is read up to there", off, why);
}

/* Walk the preorder once, building lines and variations (see the file comment). */
static void read_tree(const unsigned char *d, size_t n, const gm_read_opts *o, bo_record *r)
{
    rl_at *stack = malloc(sizeof *stack * RL_MAX_DEPTH);
    if (!stack) { stop(r, RL_HEADER, "out of memory"); return; }
    int sp = 0;
    size_t p = RL_HEADER;
    /* where the next node goes: as the child of `prev` (append to its line) or as a
     * sibling of the group whose first node is `anchor` */
    bool as_child = true, first = true;
    rl_at prev = {NULL, -1, 0, false}, anchor = prev;
    long nvars = 0, nodes = 0, marks = 0;
    bool warned_vars = false, done = false;
    while (p < n) {
        if (p + 2 > n) { stop(r, p, "the file ends inside a node"); break; }
        unsigned pos = d[p], fl = d[p + 1];
        size_t at = p;
        p += 2;
        const unsigned char *cm = NULL;
        size_t cmn = 0;
        if (fl & (RL_COMMENT | RL_OLD_COMMENT)) {
            const unsigned char *z = memchr(d + p, 0, n - p);
            if (!z) { stop(r, at, "a comment with no end"); break; }
            cm = d + p;
            cmn = (size_t)(z - cm);
            p = (size_t)(z - d);
            while (p < n && d[p] == 0) p++;
        }
        if (fl & RL_EXTENSION) { stop(r, at, "a node with Renlib's extension flag (not supported)"); break; }
        if (first && pos == 0) {
            /* the root: no move; its comment is the library's */
            first = false;
            if (cm && cmn) {
                char *c = comment_text(cm, cmn);
                if (c) bo_record_set_tag(r, "_Comment", c);
                free(c);
            }
            if (fl & RL_SIBLING) { stop(r, at, "the root has a sibling"); break; }
            if (fl & RL_LEAF) { done = true; break; }
            continue;
        }
        first = false;
        if (pos == 0 || (fl & RL_NO_MOVE)) { stop(r, at, "a node with no move inside the tree"); break; }
        nodes++;
        if (fl & (RL_MARK | RL_START)) marks++;
        rl_at here;
        bool discard;
        if (as_child) {
            here.depth = prev.depth + 1;
            discard = prev.discard;
        } else {
            here.depth = anchor.depth;
            discard = anchor.discard;
            if (!discard && o && o->keep_moves > 0 && nvars >= GM_KEEP_VARIATIONS) {
                discard = true;
                if (!warned_vars) {
                    bo_record_note(r, BO_NOTE_WARNING, 0, 0, "more than %d variations: the others are read but not kept",
                                   GM_KEEP_VARIATIONS);
                    warned_vars = true;
                }
            }
        }
        if (here.depth > RL_MAX_DEPTH) { stop(r, at, "a branch longer than a board has points"); break; }
        char txt[GM_COORD_MAX];
        gm_coord_format((int)(pos & 0x0F) - 1, 14 - (int)(pos >> 4), txt);
        here.discard = discard;
        here.line = NULL;
        here.index = -1;
        if (!discard) {
            bo_rmove *m;
            if (as_child) {
                here.line = prev.line;
                m = prev.line ? bo_rline_add_move(prev.line, txt, strlen(txt), 0, 0)
                              : bo_record_add_move(r, txt, strlen(txt), 0, 0);
                here.index = prev.line ? prev.line->nmoves - 1 : r->nmoves - 1;
            } else {
                bo_rline *v = bo_rmove_add_variation(move_at(r, &anchor));
                nvars++;
                here.line = v;
                m = v ? bo_rline_add_move(v, txt, strlen(txt), 0, 0) : NULL;
                here.index = 0;
            }
            if (!m) { stop(r, at, "out of memory"); break; }
            m->number = here.depth;
            if (cm && cmn) {
                char *c = comment_text(cm, cmn);
                if (c && *c) bo_rmove_add_comment(m, c, strlen(c));
                free(c);
            }
        }
        /* the group this node belongs to: itself when it opened the group */
        rl_at group = as_child ? here : anchor;
        if (!as_child) group.discard = discard;
        if (!(fl & RL_LEAF)) {
            if (fl & RL_SIBLING) {
                if (sp >= RL_MAX_DEPTH) { stop(r, at, "branches nested too deep"); break; }
                stack[sp++] = group;
            }
            prev = here;
            as_child = true;
        } else if (fl & RL_SIBLING) {
            anchor = group;
            as_child = false;
        } else if (sp > 0) {
            anchor = stack[--sp];
            as_child = false;
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
    char ver[32];
    snprintf(ver, sizeof ver, "Renlib %u.%u", d[8], d[9]);
    bo_record_set_tag(r, "Library", ver);
    read_tree(d, n, o, r);
    return 0;
}
