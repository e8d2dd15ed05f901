/* xq_dhtml.c - reader of DhtmlXQ web records (format in xq_dhtml.h). The
 * file is cut into blocks, a block into tags; then the board, the main line
 * with its comments, and the branches (hung in passes, since a branch may be
 * written before the branch it hangs on). Every scan is bounded by the block,
 * so messy pages give located notes, never a crash. */
#include "xq_dhtml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq_pgn.h"
#include "xq_rawboard.h"
#include "xiangqi.h"

/* One [DhtmlXQ_name]value[/DhtmlXQ_name] of a block; off = the value's byte offset. */
typedef struct dh_tag {
    const char *name, *val;
    size_t nlen, vlen, off;
} dh_tag;

/* A line of the game read so far: the main line (id 0, line NULL) or a branch. */
typedef struct dh_line {
    int id, start, n;
    bo_rline *line;
} dh_line;

/* What reading one file keeps: the text and where its lines start. */
typedef struct dh_file {
    const bo_text *t;
    size_t *starts;
    size_t nstarts;
} dh_file;

bool xq_dhtml_sniff(const char *s, size_t n)
{
    static const char key[] = "[DhtmlXQ";
    for (size_t i = 0; i + sizeof key - 1 <= n; i++)
        if (s[i] == '[' && memcmp(s + i, key, sizeof key - 1) == 0) return true;
    return false;
}

/* First NEEDLE in [s, e), or NULL. */
static const char *find(const char *s, const char *e, const char *needle)
{
    size_t k = strlen(needle);
    for (; s + k <= e; s++)
        if (*s == needle[0] && memcmp(s, needle, k) == 0) return s;
    return NULL;
}

/* 1-based line and column (characters) of byte OFF, by the table of line starts. */
static void where(const dh_file *f, size_t off, int *line, int *col)
{
    size_t lo = 0, hi = f->nstarts;
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        if (f->starts[mid] <= off) lo = mid; else hi = mid;
    }
    *line = (int)lo + 1;
    *col = bo_utf8_col(f->t->data + f->starts[lo], off - f->starts[lo]);
}

/* Is c a character of a tag name? */
static bool name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* The tags of the block [b, e) into *tags (grown); -1 when out of memory. */
static int block_tags(const char *b, const char *e, dh_tag **tags, int *n, int *cap)
{
    const char *p = b;
    while ((p = find(p, e, "[DhtmlXQ_")) != NULL) {
        const char *name = p + 9, *q = name;
        while (q < e && name_char(*q)) q++;
        if (q >= e || *q != ']' || q == name) { p = name; continue; }
        const char *val = q + 1, *close = find(val, e, "[/DhtmlXQ_");
        const char *vend = close ? close : e;
        /* A value never runs into the next opening tag. */
        const char *next = find(val, vend, "[DhtmlXQ_");
        if (next) vend = next;
        if (*n == *cap) {
            dh_tag *g = realloc(*tags, (size_t)(*cap = *cap ? 2 * *cap : 64) * sizeof *g);
            if (!g) return -1;
            *tags = g;
        }
        (*tags)[(*n)++] = (dh_tag){name, val, (size_t)(q - name), (size_t)(vend - val), 0};
        p = vend;
    }
    return 0;
}

/* Is the tag called NAME? */
static bool is(const dh_tag *g, const char *name)
{
    return strlen(name) == g->nlen && memcmp(g->name, name, g->nlen) == 0;
}

/* Header tags and the record's tag names. */
static const char *const header_names[][2] = {
    {"title", "Title"}, {"event", "Event"}, {"date", "Date"}, {"place", "Site"}, {"round", "Round"},
    {"table", "Table"}, {"group", "Group"}, {"red", "Red"}, {"black", "Black"}, {"redteam", "RedTeam"},
    {"blackteam", "BlackTeam"}, {"redtime", "RedTime"}, {"blacktime", "BlackTime"}, {"timerule", "TimeControl"},
    {"remark", "Annotator"}, {"author", "Author"}, {"open", "Opening"}, {"ecco", "ECCO"}, {"class", "Class"},
    {"type", "Type"}, {"gametype", "GameType"}, {"refer", "Source"},
};

/* A value with "||" as line breaks and blanks at its ends cut (malloc'd). */
static char *clean(const char *s, size_t n)
{
    while (n > 0 && (*s == ' ' || *s == '\n' || *s == '\t' || *s == '\r')) { s++; n--; }
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\n' || s[n - 1] == '\t' || s[n - 1] == '\r')) n--;
    char *o = malloc(n + 1), *w = o;
    if (!o) return NULL;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '|' && i + 1 < n && s[i + 1] == '|') { *w++ = '\n'; i++; continue; }
        *w++ = s[i];
    }
    *w = '\0';
    return o;
}

/* The digits of a value, blanks skipped: up to cap into d (with each digit's
 * offset); -1 at the first other character (its offset in *bad). */
static int digits(const dh_tag *g, char *d, size_t *at, int cap, size_t *bad)
{
    int k = 0;
    for (size_t i = 0; i < g->vlen && k < cap; i++) {
        char c = g->val[i];
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r') continue;
        if (c < '0' || c > '9') { *bad = g->off + i; return -1; }
        at[k] = g->off + i;
        d[k++] = c;
    }
    return k;
}

/* The start position from binit; -1 with why. */
static int read_binit(const dh_tag *g, uint8_t board[XQ_SQUARES], char *why, size_t wn)
{
    static const xq_kind order[16] = {
        XQ_CHARIOT, XQ_HORSE, XQ_ELEPHANT, XQ_ADVISOR, XQ_KING, XQ_ADVISOR, XQ_ELEPHANT, XQ_HORSE,
        XQ_CHARIOT, XQ_CANNON, XQ_CANNON, XQ_PAWN, XQ_PAWN, XQ_PAWN, XQ_PAWN, XQ_PAWN,
    };
    char d[64];
    size_t at[64], bad;
    int k = digits(g, d, at, 64, &bad);
    if (k != 64) {
        snprintf(why, wn, k < 0 ? "binit holds a character that is no digit" : "binit has %d digits, not 64", k);
        return -1;
    }
    memset(board, 0, XQ_SQUARES);
    for (int i = 0; i < 32; i++) {
        int x = d[2 * i] - '0', y = d[2 * i + 1] - '0';
        if (x == 9 && y == 9) continue;
        if (x > 8) { snprintf(why, wn, "binit piece %d is on file %d, off the board", i + 1, x); return -1; }
        int sq = XQ_SQ(x, 9 - y);
        if (board[sq]) { snprintf(why, wn, "binit puts two pieces on %c%d", 'a' + x, 9 - y); return -1; }
        board[sq] = XQ_PIECE(i < 16 ? XQ_RED : XQ_BLACK, order[i % 16]);
    }
    return 0;
}

/* A comment tag by branch and ply: commentB_N, or commentN (branch 0). */
typedef struct dh_comment {
    int b, ply, idx;
} dh_comment;

/* Order of the comment index: branch, ply, then file order. */
static int comment_cmp(const void *a, const void *b)
{
    const dh_comment *x = a, *y = b;
    if (x->b != y->b) return x->b < y->b ? -1 : 1;
    if (x->ply != y->ply) return x->ply < y->ply ? -1 : 1;
    return (x->idx > y->idx) - (x->idx < y->idx);
}

/* The comment tags of a block, indexed (sorted); NULL with *n = 0 when none
 * (or out of memory: *oom set). */
static dh_comment *comment_index(const dh_tag *tags, int ntags, int *n, bool *oom)
{
    dh_comment *c = NULL;
    *n = 0;
    for (int i = 0; i < ntags; i++) {
        const dh_tag *g = &tags[i];
        char name[48];
        int b = 0, ply = 0, used = 0;
        if (g->nlen < 8 || g->nlen >= sizeof name || memcmp(g->name, "comment", 7) != 0) continue;
        memcpy(name, g->name, g->nlen);
        name[g->nlen] = '\0';
        if (sscanf(name, "comment%d_%d%n", &b, &ply, &used) != 2 || (size_t)used != g->nlen) {
            b = 0;
            if (sscanf(name, "comment%d%n", &ply, &used) != 1 || (size_t)used != g->nlen) continue;
        }
        if (!c && !(c = malloc((size_t)ntags * sizeof *c))) { *oom = true; return NULL; }
        c[(*n)++] = (dh_comment){b, ply, i};
    }
    if (c) qsort(c, (size_t)*n, sizeof *c, comment_cmp);
    return c;
}

/* The comment of ply PLY of branch B (the last one written), or NULL. */
static const dh_tag *comment_of(const dh_tag *tags, const dh_comment *cx, int ncx, int b, int ply)
{
    int lo = 0, hi = ncx;   /* first entry not before (b, ply) */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (cx[mid].b < b || (cx[mid].b == b && cx[mid].ply < ply)) lo = mid + 1; else hi = mid;
    }
    const dh_tag *found = NULL;
    for (; lo < ncx && cx[lo].b == b && cx[lo].ply == ply; lo++) found = &tags[cx[lo].idx];
    return found;
}

/* The moves of a movelist or branch value, added to the main line (line NULL)
 * or to LINE, each with its comment (branch B, plies from START). A fault
 * stops the line: *why says what, *bad where. -1 when out of memory, 1 after
 * a fault, else 0. *side gets the colour of the first piece moved (main line). */
static int add_moves(const dh_file *f, bo_record *rec, bo_rline *line, const dh_tag *g, const dh_tag *tags,
                     const dh_comment *cx, int ncx, int b, int start, const uint8_t board[XQ_SQUARES], xq_side *side, char *why, size_t wn, size_t *bad)
{
    size_t i = 0;
    int ply = start;
    for (;;) {
        char d[4];
        size_t at[4];
        int k = 0;
        while (i < g->vlen && k < 4) {
            char c = g->val[i];
            if (c >= '0' && c <= '9') { at[k] = g->off + i; d[k++] = c; }
            else if (c != ' ' && c != '\n' && c != '\t' && c != '\r') {
                *bad = g->off + i;
                snprintf(why, wn, "'%c' is no digit of a move", c);
                return 1;
            }
            i++;
        }
        if (k == 0) return 0;
        if (k < 4) { *bad = at[0]; snprintf(why, wn, "the last move has %d digits, not 4", k); return 1; }
        int fx = d[0] - '0', fy = d[1] - '0', tx = d[2] - '0', ty = d[3] - '0';
        if (fx > 8 || tx > 8) { *bad = at[0]; snprintf(why, wn, "move %.4s names file %d, off the board", d, fx > 8 ? fx : tx); return 1; }
        int from = XQ_SQ(fx, 9 - fy), to = XQ_SQ(tx, 9 - ty);
        if (side && ply == 1 && board[from]) *side = XQ_SIDE(board[from]);
        char text[8];
        xq_rawboard_move_text(from, to, text);
        int ln, col;
        where(f, at[0], &ln, &col);
        bo_rmove *m = line ? bo_rline_add_move(line, text, strlen(text), ln, col) : bo_record_add_move(rec, text, strlen(text), ln, col);
        if (!m) return -1;
        const dh_tag *c = comment_of(tags, cx, ncx, b, ply);
        if (c) {
            char *s = clean(c->val, c->vlen);
            if (!s) return -1;
            int rc = *s ? (line ? bo_rmove_add_comment(m, s, strlen(s)) : bo_record_add_comment(rec, s, strlen(s))) : 0;
            free(s);
            if (rc != 0) return -1;
        }
        ply++;
    }
}

/* Hang the branches move_P_S_B on the lines read so far, in passes, until
 * none more can be hung; those left are noted. -1 when out of memory. */
static int add_branches(const dh_file *f, bo_record *rec, const dh_tag *tags, int ntags, const dh_comment *cx, int ncx,
                        dh_line **lines, int *nlines, int *cap)
{
    int total = 0;
    for (int i = 0; i < ntags; i++) total += tags[i].nlen > 5 && memcmp(tags[i].name, "move_", 5) == 0;
    if (total == 0) return 0;
    char *done = calloc((size_t)ntags, 1);
    if (!done) return -1;
    char why[160];
    bool progress = true;
    while (progress) {
        progress = false;
        for (int i = 0; i < ntags; i++) {
            const dh_tag *g = &tags[i];
            int p, s, b, used = 0;
            char name[48];
            if (done[i] || g->nlen < 6 || g->nlen >= sizeof name || memcmp(g->name, "move_", 5) != 0) continue;
            memcpy(name, g->name, g->nlen);
            name[g->nlen] = '\0';
            int ln, col;
            where(f, g->off, &ln, &col);
            if (sscanf(name, "move_%d_%d_%d%n", &p, &s, &b, &used) != 3 || (size_t)used != g->nlen || b <= 0) {
                bo_record_note(rec, BO_NOTE_WARNING, ln, col, "DhtmlXQ: branch tag [DhtmlXQ_%s] is not move_P_S_B; left out", name);
                done[i] = 1;
                continue;
            }
            const dh_line *on = NULL;
            for (int k = 0; k < *nlines; k++)
                if ((*lines)[k].id == p) on = &(*lines)[k];
            if (!on) continue;   /* its parent may come in a later pass */
            done[i] = 1;
            progress = true;
            int idx = s - on->start;
            if (idx < 0 || idx >= on->n) {
                bo_record_note(rec, BO_NOTE_WARNING, ln, col, "DhtmlXQ: branch %d replaces ply %d of %s %d, which has "
                               "plies %d to %d; left out", b, s, p ? "branch" : "line", p, on->start, on->start + on->n - 1);
                continue;
            }
            if (!bo_record_keep_variation(rec, ln, col)) continue;   /* past the shared limit (record.h) */
            bo_rmove *m = on->line ? &on->line->moves[idx] : &rec->moves[idx];
            bo_rline *v = bo_rmove_add_variation(m);
            if (!v) { free(done); return -1; }
            size_t bad = 0;
            int rc = add_moves(f, rec, v, g, tags, cx, ncx, b, s, NULL, NULL, why, sizeof why, &bad);
            if (rc < 0) { free(done); return -1; }
            if (rc > 0) {
                where(f, bad, &ln, &col);
                bo_record_note(rec, BO_NOTE_WARNING, ln, col, "DhtmlXQ: branch %d: %s; the branch stops before it", b, why);
            }
            if (*nlines == *cap) {
                dh_line *gl = realloc(*lines, (size_t)(*cap *= 2) * sizeof *gl);
                if (!gl) { free(done); return -1; }
                *lines = gl;
            }
            (*lines)[(*nlines)++] = (dh_line){b, s, v->nmoves, v};
        }
    }
    for (int i = 0; i < ntags; i++) {
        const dh_tag *g = &tags[i];
        if (done[i] || g->nlen < 6 || memcmp(g->name, "move_", 5) != 0) continue;
        if (rec->vars_dropped > 0) {   /* it may hang on a dropped one: counted with them */
            rec->vars_dropped++;
            continue;
        }
        int ln, col;
        where(f, g->off, &ln, &col);
        bo_record_note(rec, BO_NOTE_WARNING, ln, col, "DhtmlXQ: branch [DhtmlXQ_%.*s] hangs on a branch the game does "
                       "not have; left out", (int)g->nlen, g->name);
    }
    free(done);
    return bo_record_end_variations(rec);
}

/* One block [b, e) starting at line LINE into a new record of out. -1 when out of memory. */
static int read_block(const dh_file *f, const char *b, const char *e, bo_record_list *out)
{
    dh_tag *tags = NULL;
    int ntags = 0, cap = 0;
    if (block_tags(b, e, &tags, &ntags, &cap) != 0) return -1;
    for (int i = 0; i < ntags; i++) tags[i].off = (size_t)(tags[i].val - f->t->data);
    int ln, col;
    where(f, (size_t)(b - f->t->data), &ln, &col);
    bo_record *rec = bo_record_list_push(out, ln);
    dh_line *lines = malloc(16 * sizeof *lines);
    int nlines = 0, lcap = 16, rc = 0;
    if (!rec || !lines) { free(tags); free(lines); return -1; }
    char why[160];
    uint8_t board[XQ_SQUARES];
    xq_pos start;
    xq_pos_start(&start);
    memcpy(board, start.sq, XQ_SQUARES);
    const dh_tag *movelist = NULL, *fen = NULL;
    bool board_ok = true;
    for (int i = 0; i < ntags && rc == 0; i++) {
        const dh_tag *g = &tags[i];
        where(f, g->off, &ln, &col);
        if (is(g, "movelist")) movelist = g;
        else if (is(g, "fen")) fen = g;
        else if (is(g, "binit")) {
            if (read_binit(g, board, why, sizeof why) != 0) {
                bo_record_note(rec, BO_NOTE_ERROR, ln, col, "DhtmlXQ: %s", why);
                board_ok = false;
            }
        } else if (is(g, "result")) {
            char *v = clean(g->val, g->vlen);
            if (!v) { rc = -1; break; }
            const char *r = xq_result_normalise(v, strlen(v));
            if (!r) {
                if (strcmp(v, "未知") != 0)
                    bo_record_note(rec, BO_NOTE_WARNING, ln, col, "DhtmlXQ: result '%s' is none boyi knows; read as '*'", v);
                r = "*";
            }
            rc = bo_record_add_tag(rec, "Result", 6, r, strlen(r), ln) | bo_record_set_str(&rec->result, r, strlen(r));
            rec->result_line = ln;
            rec->result_col = col;
            free(v);
        } else {
            for (size_t k = 0; k < sizeof header_names / sizeof header_names[0]; k++) {
                if (!is(g, header_names[k][0])) continue;
                char *v = clean(g->val, g->vlen);
                if (!v) { rc = -1; break; }
                if (*v) rc = bo_record_add_tag(rec, header_names[k][1], strlen(header_names[k][1]), v, strlen(v), ln);
                free(v);
            }
        }
    }
    if (rc == 0) rc = bo_record_set_str(&rec->notation, "iccs", 4);
    int ncx = 0;
    bool oom = false;
    dh_comment *cx = comment_index(tags, ntags, &ncx, &oom);
    if (oom) rc = -1;
    const dh_tag *c0 = comment_of(tags, cx, ncx, 0, 0);
    if (rc == 0 && c0) {
        char *s = clean(c0->val, c0->vlen);
        rc = !s ? -1 : *s ? bo_record_add_comment(rec, s, strlen(s)) : 0;
        free(s);
    }
    xq_side side = XQ_RED;
    if (rc == 0 && board_ok && movelist) {
        size_t bad = 0;
        int r = add_moves(f, rec, NULL, movelist, tags, cx, ncx, 0, 1, board, &side, why, sizeof why, &bad);
        if (r < 0) rc = -1;
        if (r > 0) {
            where(f, bad, &ln, &col);
            bo_record_note(rec, BO_NOTE_ERROR, ln, col, "DhtmlXQ: %s", why);
        }
    }
    if (rc == 0 && board_ok) {
        lines[nlines++] = (dh_line){0, 1, rec->nmoves, NULL};
        rc = add_branches(f, rec, tags, ntags, cx, ncx, &lines, &nlines, &lcap);
    }
    if (rc == 0 && fen) {
        char *v = clean(fen->val, fen->vlen);
        rc = !v ? -1 : bo_record_set_str(&rec->fen, v, strlen(v));
        free(v);
    } else if (rc == 0 && board_ok && !xq_rawboard_is_start(board, side)) {
        char buf[128];
        xq_rawboard_fen(board, side, 1, buf, sizeof buf);
        rc = bo_record_set_str(&rec->fen, buf, strlen(buf));
    }
    free(cx);
    free(tags);
    free(lines);
    return rc;
}

/* The table of line starts of T; -1 when out of memory. */
static int line_table(dh_file *f)
{
    size_t n = 1;
    for (size_t i = 0; i < f->t->len; i++) n += f->t->data[i] == '\n';
    f->starts = malloc(n * sizeof *f->starts);
    if (!f->starts) return -1;
    f->starts[0] = 0;
    f->nstarts = 1;
    for (size_t i = 0; i < f->t->len; i++)
        if (f->t->data[i] == '\n') f->starts[f->nstarts++] = i + 1;
    return 0;
}

int xq_dhtml_read(const bo_text *t, bo_record_list *out, char *err, size_t errlen)
{
    dh_file f = {.t = t};
    if (line_table(&f) != 0) { snprintf(err, errlen, "out of memory"); return -1; }
    const char *s = t->data, *e = t->data + t->len, *p = s;
    int blocks = 0, rc = 0;
    /* Blocks: [DhtmlXQ], [DhtmlXQiFrame], [DhtmlXQHTML] ... up to their closing tag. */
    while (rc == 0 && (p = find(p, e, "[DhtmlXQ")) != NULL) {
        const char *q = p + 8;
        while (q < e && name_char(*q) && *q != '_') q++;
        if (q >= e || *q != ']' || p[8] == '_') { p += 8; continue; }
        char close[48];
        snprintf(close, sizeof close, "[/%.*s]", (int)(q - p - 1), p + 1);
        const char *end = find(q + 1, e, close);
        const char *next = find(q + 1, end ? end : e, "[DhtmlXQ]");
        const char *stop = next ? next : end ? end : e;
        if (read_block(&f, q + 1, stop, out) != 0) rc = -1;
        else if (!end || next) {
            int ln, col;
            where(&f, (size_t)(p - s), &ln, &col);
            bo_record_note(&out->items[out->n - 1], BO_NOTE_WARNING, ln, col, "DhtmlXQ: the block opened here has no "
                           "%s; read up to %s", close, next ? "the next block" : "the end of the file");
        }
        blocks++;
        p = stop;
    }
    /* Tags with no block around them: the whole file is one game. */
    if (rc == 0 && blocks == 0 && find(s, e, "[DhtmlXQ_") && read_block(&f, s, e, out) != 0) rc = -1;
    free(f.starts);
    if (rc != 0) snprintf(err, errlen, "out of memory");
    return rc;
}
