/* xq_coords.c - coordinate notations: ICCS "h2-e2" and UCI/UCCI-style "h2e2".
 * Files a..i from red's left, ranks 0..9 from red's back rank; either case,
 * full-width letters and digits, a trailing check mark '+' are accepted. */
#include <stdio.h>

#include "xq_nt_internal.h"

/* Lower-case file letter a..i -> 0..8, else -1. */
static int file_of(long c)
{
    if (c >= 'A' && c <= 'I') c += 'a' - 'A';
    return c >= 'a' && c <= 'i' ? (int)(c - 'a') : -1;
}

/* Rank digit 0..9 -> 0..9, else -1. */
static int rank_of(long c) { return c >= '0' && c <= '9' ? (int)(c - '0') : -1; }

/* Squares of a coordinate move, or -1: "h2-e2", "h2e2" (trailing '+' dropped). */
static int split(const xq_cps *c, int *from, int *to, bool *uci)
{
    int n = c->n;
    while (n > 0 && c->cp[n - 1] == '+') n--;
    const long *s = c->cp;
    int off;
    if (n == 5 && s[2] == '-') { off = 3; *uci = false; }
    else if (n == 4) { off = 2; *uci = true; }
    else return -1;
    int ff = file_of(s[0]), fr = rank_of(s[1]), tf = file_of(s[off]), tr = rank_of(s[off + 1]);
    if (ff < 0 || fr < 0 || tf < 0 || tr < 0) return -1;
    *from = XQ_SQ(ff, fr);
    *to = XQ_SQ(tf, tr);
    return 0;
}

/* Form check used by notation detection. */
bool xq_coords_looks(const xq_cps *c)
{
    int f, t;
    bool u;
    return split(c, &f, &t, &u) == 0;
}

/* Coordinates name the squares outright: legality is the caller's question. */
int xq_coords_parse(const xq_pos *p, const xq_cps *c, const char *shown, xq_move *out,
                    bool *uci, char *err, size_t errlen)
{
    (void)p;
    int from, to;
    if (split(c, &from, &to, uci) != 0) {
        xq_nt_fail(err, errlen, "cannot read '%s' as a move: a coordinate move is a file a-i and a rank 0-9 "
                   "for each square, like h2-e2 (ICCS) or h2e2", shown);
        return -1;
    }
    if (from == to) {
        xq_nt_fail(err, errlen, "cannot read '%s' as a move: it goes from a square to the same square", shown);
        return -1;
    }
    *out = XQ_MOVE(from, to);
    return 0;
}

/* "h2-e2" or "h2e2". */
int xq_coords_write(xq_move m, bool uci, char *buf, size_t n)
{
    char a[3], b[3];
    xq_square_name(XQ_FROM(m), a);
    xq_square_name(XQ_TO(m), b);
    int w = snprintf(buf, n, uci ? "%s%s" : "%s-%s", a, b);
    return w < 0 || (size_t)w >= n ? -1 : 0;
}
