/* xq_wxf.c - WXF notation (World Xiangqi Federation): C2.5, C2=5, H8+7, R1-1,
 * tandem pieces +C.5 / C+.5 / -R+1, the WXF tandem-pawn forms (P3.4 for the
 * middle of 3 or 5 pawns, ++.4 / --.4 for the foremost / rearmost of 4-5,
 * 7+.6 / 7-.6 when pawns are stacked on two files, and for the middle pawn
 * of three there P7.6 written, 77.6 read too), ++P.5 / --P.5, +P7+1,
 * xqbase's Pa+1 (一兵进一) and the 3-sign short form C25.
 *
 * Letters (either case, full-width too): K/G general, A advisor, E/B elephant,
 * H/N horse, R chariot, C cannon, P/S pawn. Files 1..9 from the mover's right.
 * Directions: + forward, - back, . or = sideways. */
#include <stdio.h>
#include <string.h>

#include "xq_nt_internal.h"

/* Piece kind of a WXF letter, XQ_NONE if it is not one. */
static xq_kind letter_kind(long c)
{
    if (c >= 'a' && c <= 'z') c -= 'a' - 'A';
    switch (c) {
    case 'K': case 'G': return XQ_KING;
    case 'A': return XQ_ADVISOR;
    case 'E': case 'B': return XQ_ELEPHANT;
    case 'H': case 'N': return XQ_HORSE;
    case 'R': return XQ_CHARIOT;
    case 'C': return XQ_CANNON;
    case 'P': case 'S': return XQ_PAWN;
    default: return XQ_NONE;
    }
}

/* Sign classes of the WXF grammar. */
static bool is_digit(long c) { return c >= '0' && c <= '9'; }
static bool is_sign(long c) { return c == '+' || c == '-' || c == '.' || c == '='; }

/* A direction sign, and the same sign in the position slot. */
static xq_dir dir_of(long c) { return c == '+' ? XQ_DIR_FWD : c == '-' ? XQ_DIR_BACK : XQ_DIR_SIDE; }
static xq_sel sel_of(long c) { return c == '+' ? XQ_SEL_FRONT : c == '-' ? XQ_SEL_REAR : XQ_SEL_MID; }

/* Fill s from the signs; -1 with the reason. */
static int grammar(const long *x, int n, xq_spec *s, char *why, size_t wn)
{
    for (int i = 0; i < n; i++)
        if (x[i] == '0') { xq_nt_fail(why, wn, "files and distances are 1 to 9, not 0"); return -1; }
    if (n == 3) {
        if (letter_kind(x[0]) && is_digit(x[1]) && is_digit(x[2])) {
            s->kind = letter_kind(x[0]); s->file = (int)(x[1] - '0'); s->num = (int)(x[2] - '0');
            s->dir = XQ_DIR_NONE;
            return 0;
        }
        xq_nt_fail(why, wn, "three signs are read only as the short form letter, file, number (C25)");
        return -1;
    }
    if (n != 4 && n != 5) {
        xq_nt_fail(why, wn, "a WXF move has four signs (piece, file, direction, number), not %d", n);
        return -1;
    }
    if (!is_sign(x[n - 2]) || !is_digit(x[n - 1])) {
        xq_nt_fail(why, wn, "a WXF move ends in a direction (+ - . =) and a number");
        return -1;
    }
    s->dir = dir_of(x[n - 2]);
    s->num = (int)(x[n - 1] - '0');
    if (n == 5) {
        if (is_sign(x[0]) && letter_kind(x[1]) && is_digit(x[2])) {   /* +P7+1: position, letter, file */
            s->sel = sel_of(x[0]); s->kind = letter_kind(x[1]); s->file = (int)(x[2] - '0');
            return 0;
        }
        if ((x[0] == '+' || x[0] == '-') && x[1] == x[0] && letter_kind(x[2])) {   /* ++P.5 */
            s->sel = x[0] == '+' ? XQ_SEL_FOREMOST : XQ_SEL_REARMOST; s->kind = letter_kind(x[2]);
            return 0;
        }
        xq_nt_fail(why, wn, "five signs are read only as position, letter, file, direction, number (+P7+1) "
                   "or ++P.5 / --P.5");
        return -1;
    }
    long a = x[0], b = x[1];
    if (letter_kind(a) && is_digit(b)) {                    /* C2.5 */
        s->kind = letter_kind(a); s->file = (int)(b - '0');
    } else if (letter_kind(a) && is_sign(b)) {              /* C+.5 */
        s->kind = letter_kind(a); s->sel = sel_of(b);
    } else if (letter_kind(a) && b >= 'a' && b <= 'e') {    /* Pa+1 (xqbase: 一兵进一) */
        s->kind = letter_kind(a); s->sel = XQ_SEL_NTH; s->nth = (int)(b - 'a' + 1);
    } else if (is_sign(a) && letter_kind(b)) {              /* +C.5 */
        s->kind = letter_kind(b); s->sel = sel_of(a);
    } else if ((a == '+' || a == '-') && b == a) {          /* ++.4 / --.4 */
        s->kind = XQ_NONE; s->sel = a == '+' ? XQ_SEL_FOREMOST : XQ_SEL_REARMOST;
    } else if (is_digit(a) && is_sign(b)) {                 /* 7+.6 */
        s->kind = XQ_NONE; s->file = (int)(a - '0'); s->sel = sel_of(b);
    } else if (is_digit(a) && b == a) {                     /* 33.4: middle pawn on file 3 */
        s->kind = XQ_NONE; s->file = (int)(a - '0'); s->sel = XQ_SEL_MID;
    } else {
        xq_nt_fail(why, wn, "a WXF move starts with a piece letter (R H E A K C P) and its file, "
                   "or a position mark (+ -)");
        return -1;
    }
    return 0;
}

/* WXF text -> spec -> move (a trailing check mark '+' is dropped first). */
int xq_wxf_parse(const xq_pos *p, const xq_cps *c, const char *shown, xq_move *out,
                 char *err, size_t errlen)
{
    long x[XQ_NT_MAXCP];
    int n = c->n;
    for (int i = 0; i < n; i++) x[i] = c->cp[i];
    while (n > 0 && x[n - 1] == '+') n--;   /* a check mark after the final number */
    xq_spec s;
    memset(&s, 0, sizeof s);
    s.nt = XQ_NOTE_WXF;
    char why[200];
    for (int i = 0; i < n; i++)
        if (x[i] >= 0x80) {
            xq_nt_fail(err, errlen, "cannot read '%s' as a WXF move: sign %d is not a letter, digit or + - . =",
                       shown, i + 1);
            return -1;
        }
    if (grammar(x, n, &s, why, sizeof why) != 0) {
        xq_nt_fail(err, errlen, "cannot read '%s' as a WXF move: %s", shown, why);
        return -1;
    }
    return xq_spec_resolve(p, &s, shown, out, err, errlen);
}

/* WXF as the federation writes it, +C/-C for tandem pieces (the corpus's order). */
int xq_wxf_write(const xq_pos *p, xq_move m, char *buf, size_t n)
{
    static const char letter[8] = {'?', 'K', 'A', 'E', 'H', 'R', 'C', 'P'};
    static const char dirc[4] = {'?', '+', '.', '-'};
    xq_desc d;
    if (xq_describe(p, m, &d) != 0) return -1;
    char head[3] = {letter[d.kind], (char)('0' + d.file), 0};
    bool tandem = d.on_file >= 2 && d.kind != XQ_KING && d.kind != XQ_ADVISOR && d.kind != XQ_ELEPHANT;
    if (tandem && d.kind != XQ_PAWN) {
        head[0] = d.index == 0 ? '+' : '-';
        head[1] = letter[d.kind];
    } else if (tandem && d.stacked_files >= 2) {
        /* 7+.6 / 7-.6; the middle pawn of three keeps the plain form P7.6 (WXF
         * rule I c: "neither front nor rear"), not WXF IV's 77.6, which every
         * PGN reader but ours takes for move number 77 */
        if (d.index == 0 || d.index == d.on_file - 1) {
            head[0] = (char)('0' + d.file);
            head[1] = d.index == 0 ? '+' : '-';
        }
    } else if (tandem) {
        int k = d.on_file, i = d.index;
        if (k <= 3 && i == 0) { head[0] = '+'; head[1] = 'P'; }
        else if (k <= 3 && i == k - 1) { head[0] = '-'; head[1] = 'P'; }
        else if (i == 0) { head[0] = '+'; head[1] = '+'; }
        else if (i == k - 1) { head[0] = '-'; head[1] = '-'; }
        else if (i == 1 && k >= 4) { head[0] = 'P'; head[1] = '+'; }
        else if (i == k - 2 && k >= 4) { head[0] = 'P'; head[1] = '-'; }
        /* else the middle pawn: the plain form P3.4 */
    }
    int w = snprintf(buf, n, "%s%c%d", head, dirc[d.dir], d.num);
    return w < 0 || (size_t)w >= n ? -1 : 0;
}
