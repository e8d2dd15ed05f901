/* xq_resolve.c - from a file-relative move description (Chinese 炮二平五, WXF
 * C2.5, their tandem forms and the short form 炮25) to a concrete move, and
 * back: the part Chinese and WXF share.
 *
 * Files are counted from the mover's right (red 一..九 = ICCS i..a, black 1..9
 * = ICCS a..i); "forward" is toward the opponent. Which piece a tandem marker
 * names (RULES.md section 1, the 1999 rules, the WXF and xqbase conventions):
 *   - 前/后 (WXF +/-): the front/rear piece on the one file holding two or
 *     more pieces of that kind; with pawns on several such files, each file's
 *     front/rear pawn is a candidate and legality decides.
 *   - 中: the middle one of 3 (or 5) pawns on a file.
 *   - 一..五 (WXF a..e): counted from the front; with pawns stacked on several
 *     files and no file written, they are counted over all stacked files, files
 *     from the mover's right, front to back within a file (xqbase's rule).
 *   - A file written with the marker (前九进一, 前兵九平八, WXF 7+.6) limits it
 *     to that file; without a piece letter the piece is a pawn.
 *   - WXF only: with 4 or 5 pawns on a file '+'/'-' name the second from the
 *     front/rear, "++"/"--" the foremost/rearmost; a bare file (P3.4) with 3 or
 *     5 pawns on it names the middle one.
 * When several pieces still fit, only those whose move is legal are kept. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq_nt_internal.h"

/* A piece of the mover: square, file from its right, how far forward. */
typedef struct pc_at {
    int sq, file, front;
} pc_at;

static const char *const kind_name[8] = {
    "piece", "general", "advisor", "elephant", "horse", "chariot", "cannon", "pawn"
};

/* Messages are built in caller buffers: no allocation, no global state. */
char *xq_nt_fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || errlen == 0) return err;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return err;
}

/* Files as each side counts them: red from i (一) to a, black from a (1) to i. */
int xq_side_file(xq_side s, int f) { return s == XQ_RED ? 9 - f : f + 1; }
int xq_iccs_file(xq_side s, int n) { return s == XQ_RED ? 9 - n : n - 1; }

/* How far forward a square is for side s (0 = own back rank). */
static int frontness(xq_side s, int sq)
{
    int r = XQ_RANK_OF(sq);
    return s == XQ_RED ? r : 9 - r;
}

/* Sort by file from the mover's right, then front to back: the order the
 * tandem numbering 一..五 counts in. */
static int cmp_pc(const void *a, const void *b)
{
    const pc_at *x = a, *y = b;
    if (x->file != y->file) return x->file - y->file;
    return y->front - x->front;
}

/* All pieces of side/kind, sorted as cmp_pc says. */
static int gather(const xq_pos *p, xq_side side, xq_kind kind, pc_at *out)
{
    int n = 0;
    for (int sq = 0; sq < XQ_SQUARES; sq++) {
        uint8_t pc = p->sq[sq];
        if (pc && XQ_SIDE(pc) == side && XQ_KIND(pc) == kind && n < 16) {
            out[n].sq = sq;
            out[n].file = xq_side_file(side, XQ_FILE_OF(sq));
            out[n].front = frontness(side, sq);
            n++;
        }
    }
    qsort(out, (size_t)n, sizeof *out, cmp_pc);
    return n;
}

/* A file number as the notation writes it in messages: 二 for red in Chinese. */
static void file_label(const xq_spec *s, xq_side side, int file, char out[8])
{
    static const char *const cn[10] = {"?", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
    if (s->nt == XQ_NOTE_CHINESE && side == XQ_RED && file >= 1 && file <= 9)
        snprintf(out, 8, "%s", cn[file]);
    else
        snprintf(out, 8, "%d", file);
}

static const char *dir_word(const xq_spec *s, xq_dir d)
{
    bool cn = s->nt == XQ_NOTE_CHINESE;
    switch (d) {
    case XQ_DIR_FWD: return cn ? "进" : "+";
    case XQ_DIR_BACK: return cn ? "退" : "-";
    case XQ_DIR_SIDE: return cn ? "平" : ".";
    default: return "";
    }
}

static const char *side_name(xq_side s) { return s == XQ_RED ? "red" : "black"; }
static const char *article(xq_kind k) { return k == XQ_ADVISOR || k == XQ_ELEPHANT ? "an" : "a"; }

/* Which member of a group of n stacked pieces (front to back) the marker names; -1 none. */
static int sel_index(const xq_spec *s, int n)
{
    bool wxf = s->nt == XQ_NOTE_WXF;
    switch (s->sel) {
    case XQ_SEL_FRONT: return wxf && n >= 4 ? 1 : 0;
    case XQ_SEL_REAR: return wxf && n >= 4 ? n - 2 : n - 1;
    case XQ_SEL_MID: return n >= 3 && n % 2 == 1 ? n / 2 : -1;
    case XQ_SEL_NTH: return s->nth >= 1 && s->nth <= n ? s->nth - 1 : -1;
    case XQ_SEL_FOREMOST: return n >= 1 ? 0 : -1;
    case XQ_SEL_REARMOST: return n - 1;
    default: return -1;
    }
}

/* Where the piece on `from` lands for direction/number; -1 with why when the
 * text describes no square (sideways advisor, horse to a file it cannot reach,
 * off the board). */
static int target(const xq_pos *p, const xq_spec *s, xq_kind k, int from, char *why, size_t wn)
{
    xq_side side = p->side;
    int ff = XQ_FILE_OF(from), fr = XQ_RANK_OF(from);
    int sign = side == XQ_RED ? 1 : -1;
    char sqn[3], fl[8], tl[8];
    xq_square_name(from, sqn);
    file_label(s, side, xq_side_file(side, ff), fl);
    file_label(s, side, s->num, tl);
    bool diag = k == XQ_ADVISOR || k == XQ_ELEPHANT || k == XQ_HORSE;
    if (s->dir == XQ_DIR_SIDE) {
        if (diag) {
            xq_nt_fail(why, wn, "%s %s cannot move sideways (%s)", article(k), kind_name[k], dir_word(s, s->dir));
            return -1;
        }
        int tf = xq_iccs_file(side, s->num);
        if (tf == ff) {
            xq_nt_fail(why, wn, "the %s %s on %s is already on file %s", side_name(side), kind_name[k], sqn, tl);
            return -1;
        }
        return XQ_SQ(tf, fr);
    }
    int dsign = s->dir == XQ_DIR_FWD ? sign : -sign;
    int tf = ff, dy = s->num;
    if (diag) {
        tf = xq_iccs_file(side, s->num);
        int dx = abs(tf - ff);
        int want = k == XQ_HORSE ? (dx == 1 || dx == 2) : k == XQ_ELEPHANT ? dx == 2 : dx == 1;
        if (!want) {
            if (dx == 0)
                xq_nt_fail(why, wn, "%s %s cannot move straight %s: after %s comes the file it goes to, "
                           "not a distance", article(k), kind_name[k],
                           s->dir == XQ_DIR_FWD ? "forward" : "back", dir_word(s, s->dir));
            else
                xq_nt_fail(why, wn, "%s %s on file %s cannot reach file %s (%s %s moves %s)", article(k),
                           kind_name[k], fl, tl, article(k), kind_name[k],
                           k == XQ_HORSE ? "1 or 2 files across" : k == XQ_ELEPHANT ? "exactly 2 files across"
                                                                 : "exactly 1 file across");
            return -1;
        }
        dy = k == XQ_HORSE ? 3 - dx : dx;
    }
    int tr = fr + dsign * dy;
    if (tr < 0 || tr > 9) {
        xq_nt_fail(why, wn, "the %s %s on %s cannot go %s %d: that is off the board", side_name(side),
                   kind_name[k], sqn, s->dir == XQ_DIR_FWD ? "forward" : "back", dy);
        return -1;
    }
    return XQ_SQ(tf, tr);
}

/* Everything a file-relative writer needs about a move, computed once. */
int xq_describe(const xq_pos *p, xq_move m, xq_desc *d)
{
    int from = XQ_FROM(m), to = XQ_TO(m);
    if (from >= XQ_SQUARES || to >= XQ_SQUARES) return -1;
    uint8_t pc = p->sq[from];
    if (!pc || XQ_SIDE(pc) != p->side) return -1;
    xq_side side = p->side;
    memset(d, 0, sizeof *d);
    d->kind = XQ_KIND(pc);
    d->file = xq_side_file(side, XQ_FILE_OF(from));
    int dr = (XQ_RANK_OF(to) - XQ_RANK_OF(from)) * (side == XQ_RED ? 1 : -1);
    bool diag = d->kind == XQ_ADVISOR || d->kind == XQ_ELEPHANT || d->kind == XQ_HORSE;
    if (dr == 0) {
        d->dir = XQ_DIR_SIDE;
        d->num = xq_side_file(side, XQ_FILE_OF(to));
    } else {
        d->dir = dr > 0 ? XQ_DIR_FWD : XQ_DIR_BACK;
        d->num = diag ? xq_side_file(side, XQ_FILE_OF(to)) : abs(dr);
    }
    pc_at all[16];
    int n = gather(p, side, d->kind, all);
    int per_file[10] = {0};
    for (int i = 0; i < n; i++) per_file[all[i].file]++;
    for (int f = 1; f <= 9; f++) d->stacked_files += per_file[f] >= 2;
    d->on_file = per_file[d->file];
    for (int i = 0; i < n; i++)
        if (all[i].file == d->file && all[i].front > frontness(side, from)) d->index++;
    return 0;
}

/* The candidate pieces the text names, before direction is looked at. */
static int candidates(const xq_pos *p, const xq_spec *s, xq_kind k, int *cand, char *err, size_t errlen)
{
    xq_side side = p->side;
    pc_at all[16];
    int n = gather(p, side, k, all), nc = 0;
    char fl[8];
    if (s->file) {
        pc_at grp[16];
        int g = 0;
        for (int i = 0; i < n; i++)
            if (all[i].file == s->file) grp[g++] = all[i];
        file_label(s, side, s->file, fl);
        if (g == 0) {
            xq_nt_fail(err, errlen, "there is no %s %s on file %s", side_name(side), kind_name[k], fl);
            return -1;
        }
        if (s->sel == XQ_SEL_NONE) {
            if (s->nt == XQ_NOTE_WXF && k == XQ_PAWN && g >= 3 && g % 2 == 1) {
                cand[0] = grp[g / 2].sq;   /* WXF: the bare file names the middle pawn */
                return 1;
            }
            for (int i = 0; i < g; i++) cand[nc++] = grp[i].sq;
            return nc;
        }
        int ix = sel_index(s, g);
        if (ix < 0) {
            xq_nt_fail(err, errlen, "there %s only %d %s %s%s on file %s, so the position marker names none of them",
                       g == 1 ? "is" : "are", g, side_name(side), kind_name[k], g == 1 ? "" : "s", fl);
            return -1;
        }
        cand[0] = grp[ix].sq;
        return 1;
    }
    if (s->sel == XQ_SEL_NONE) {
        xq_nt_fail(err, errlen, "the move names neither a file nor a position (前/后) for the piece");
        return -1;
    }
    int per_file[10] = {0};
    for (int i = 0; i < n; i++) per_file[all[i].file]++;
    pc_at st[16];
    int ns = 0;
    for (int i = 0; i < n; i++)
        if (per_file[all[i].file] >= 2) st[ns++] = all[i];
    if (ns == 0) {
        if (n == 0)
            xq_nt_fail(err, errlen, "there is no %s %s on the board", side_name(side), kind_name[k]);
        else
            xq_nt_fail(err, errlen, "no file holds two %s %ss, so a position marker (%s) names no %s",
                       side_name(side), kind_name[k], s->nt == XQ_NOTE_WXF ? "+/-" : "前/后/中", kind_name[k]);
        return -1;
    }
    if (s->sel == XQ_SEL_NTH) {
        if (s->nth < 1 || s->nth > ns) {
            xq_nt_fail(err, errlen, "there are only %d %s %ss stacked on files, so number %d names none",
                       ns, side_name(side), kind_name[k], s->nth);
            return -1;
        }
        cand[0] = st[s->nth - 1].sq;
        return 1;
    }
    for (int i = 0; i < ns;) {
        int j = i;
        while (j < ns && st[j].file == st[i].file) j++;
        int ix = sel_index(s, j - i);
        if (ix >= 0) cand[nc++] = st[i + ix].sq;
        i = j;
    }
    if (nc == 0)
        xq_nt_fail(err, errlen, "no file holds %s %s %ss the position marker could name",
                   s->sel == XQ_SEL_MID ? "three" : "enough", side_name(side), kind_name[k]);
    return nc > 0 ? nc : -1;
}

/* Board order, so messages list squares the same way every time. */
static int cmp_from(const void *a, const void *b)
{
    return XQ_FROM(*(const xq_move *)a) - XQ_FROM(*(const xq_move *)b);
}

/* "the chariots on b0 and b3 both fit" / "the pawns on c5, c6 and c7 all fit"
 * (squares in board order; sorts mv). */
static void list_squares(char *buf, size_t n, xq_kind k, xq_move *mv, int nm)
{
    qsort(mv, (size_t)nm, sizeof *mv, cmp_from);
    size_t w = (size_t)snprintf(buf, n, "the %ss on ", kind_name[k]);
    for (int i = 0; i < nm && w < n; i++) {
        char sq[3];
        xq_square_name(XQ_FROM(mv[i]), sq);
        w += (size_t)snprintf(buf + w, n - w, "%s%s", i == 0 ? "" : i == nm - 1 ? " and " : ", ", sq);
    }
    if (w < n) snprintf(buf + w, n - w, " %s fit", nm == 2 ? "both" : "all");
}

/* Candidates -> target squares -> legality filter, with a judge's message at each dead end. */
int xq_spec_resolve(const xq_pos *p, const xq_spec *s, const char *text, xq_move *out,
                    char *err, size_t errlen)
{
    xq_kind k = s->kind == XQ_NONE ? XQ_PAWN : s->kind;
    int cand[16];
    int nc = candidates(p, s, k, cand, err, errlen);
    if (nc < 0) return -1;
    xq_move mv[XQ_MAX_MOVES];
    int nm = 0;
    char why[200] = "";
    if (s->dir == XQ_DIR_NONE) {
        /* The short form: any legal move of a candidate whose number matches. */
        xq_move legal[XQ_MAX_MOVES];
        int nl = xq_gen_legal(p, legal);
        for (int i = 0; i < nl; i++) {
            bool from_ok = false;
            for (int c = 0; c < nc; c++) from_ok |= XQ_FROM(legal[i]) == cand[c];
            xq_desc d;
            if (from_ok && xq_describe(p, legal[i], &d) == 0 && d.num == s->num) mv[nm++] = legal[i];
        }
        if (nm == 1) { *out = mv[0]; return 0; }
        if (nm == 0) {
            char sq[3], tl[8];
            xq_square_name(cand[0], sq);
            file_label(s, p->side, s->num, tl);
            if (nc == 1)
                xq_nt_fail(err, errlen, "%s fits no legal move: the %s %s on %s can neither go to file %s "
                           "nor move %d points", text, side_name(p->side), kind_name[k], sq, tl, s->num);
            else
                xq_nt_fail(err, errlen, "%s fits no legal move: none of the %s %ss it may name can go to "
                           "file %s or move %d points", text, side_name(p->side), kind_name[k], tl, s->num);
            return -1;
        }
        /* Name every move that fits, as ICCS: the direction is what is missing. */
        if (!err || errlen == 0) return -1;
        size_t w = (size_t)snprintf(err, errlen, "%s is ambiguous: the direction is not written and ", text);
        for (int i = 0; i < nm && w < errlen; i++) {
            char a[3], b[3];
            xq_square_name(XQ_FROM(mv[i]), a);
            xq_square_name(XQ_TO(mv[i]), b);
            w += (size_t)snprintf(err + w, errlen - w, "%s%s-%s", i == 0 ? "" : i == nm - 1 ? " and " : ", ", a, b);
        }
        if (w < errlen) snprintf(err + w, errlen - w, " %s fit", nm == 2 ? "both" : "all");
        return -1;
    }
    for (int c = 0; c < nc; c++) {
        char w[200];
        int to = target(p, s, k, cand[c], w, sizeof w);
        if (to < 0) { if (!why[0]) snprintf(why, sizeof why, "%s", w); continue; }
        mv[nm++] = XQ_MOVE(cand[c], to);
    }
    if (nm == 0) { xq_nt_fail(err, errlen, "%s", why); return -1; }
    if (nm == 1) { *out = mv[0]; return 0; }
    xq_move legal[XQ_MAX_MOVES];
    int nl = 0;
    for (int i = 0; i < nm; i++)
        if (xq_is_legal(p, mv[i])) legal[nl++] = mv[i];
    if (nl == 1) { *out = legal[0]; return 0; }
    char list[160];
    if (nl > 1) {
        list_squares(list, sizeof list, k, legal, nl);
        xq_nt_fail(err, errlen, "%s is ambiguous: %s", text, list);
        return -1;
    }
    /* Several pieces fit the text and none of their moves is legal: say why for each. */
    if (!err || errlen == 0) return -1;
    size_t w = (size_t)snprintf(err, errlen, "%s fits no legal move:", text);
    for (int i = 0; i < nm && w < errlen; i++) {
        char sq[3], r[160];
        xq_square_name(XQ_FROM(mv[i]), sq);
        const char *reason = xq_illegal_reason(p, mv[i], r, sizeof r);
        w += (size_t)snprintf(err + w, errlen - w, "%s the %s on %s: %s", i ? ";" : "", kind_name[k], sq,
                              reason ? reason : "illegal");
    }
    return -1;
}
