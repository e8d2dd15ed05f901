/* dr_moves_text.c -- reading written draughts moves against a position, and writing
 * them.  Legality always comes from the engine's legal move list; the board geometry
 * here only tells which legal capture a written path means. */
#include "dr_moves_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BIT(s) (UINT64_C(1) << ((s) - 1))

/* Row (0 = top, where square 1 is) and column (0 = left) of square s, as white sees it. */
static void rowcol(int s, int *r, int *c)
{
    *r = (s - 1) / 5;
    *c = 2 * ((s - 1) % 5) + ((*r % 2 == 0) ? 1 : 0);
}

static int square_at(int r, int c)
{
    if (r < 0 || r > 9 || c < 0 || c > 9 || (r + c) % 2 == 0) return 0;
    return r * 5 + c / 2 + 1;
}

int dr_square_of_alpha(int col, int rank)
{
    return square_at(10 - rank, col);
}

int dr_written_parse(const char *text, dr_written *w, char *err, size_t errlen)
{
    memset(w, 0, sizeof *w);
    const char *s = text;
    char sep = 0;
    for (;;) {
        int sq;
        if (*s >= '0' && *s <= '9') {
            int v = 0, k = 0;
            while (*s >= '0' && *s <= '9') { if (v < 1000) v = v * 10 + (*s - '0'); s++; k++; }
            if (k > 2 || v == 0) { snprintf(err, errlen, "'%s': bad square", text); return -1; }
            sq = v;
        } else if (*s >= 'a' && *s <= 'j' && s[1] >= '1' && s[1] <= '9') {
            int col = *s - 'a', rank = s[1] - '0';
            s += 2;
            if (rank == 1 && *s == '0') { rank = 10; s++; }
            sq = dr_square_of_alpha(col, rank);
            if (!sq) { snprintf(err, errlen, "%c%d is not a playing square of the 10x10 board", 'a' + col, rank); return -1; }
            w->alpha = true;
        } else {
            snprintf(err, errlen, "'%s' is not a move", text);
            return -1;
        }
        if (w->n == DR_WRITTEN_MAX) { snprintf(err, errlen, "'%s' has too many squares", text); return -1; }
        w->sq[w->n++] = sq;
        if (*s == '\0') break;
        if (*s == '-' || *s == 'x' || *s == ':') {
            if (sep && (*s == '-') != (sep == '-')) { snprintf(err, errlen, "'%s' mixes '-' and 'x'", text); return -1; }
            sep = *s++;
            continue;
        }
        if (w->alpha && *s >= 'a' && *s <= 'j' && !sep) { sep = '-'; continue; }
        snprintf(err, errlen, "'%s' is not a move", text);
        return -1;
    }
    if (w->n < 2) { snprintf(err, errlen, "'%s' is not a move", text); return -1; }
    if (sep == '-' && w->n > 2) { snprintf(err, errlen, "'%s': a plain move has two squares", text); return -1; }
    w->capture = sep == 'x' || sep == ':';
    return 0;
}

/* Follow a written capture path over the board: each leg must jump exactly one
 * opposing piece not jumped before (men: to the square just behind it).  Returns the
 * captured set, or 0 if the path is not a capture path in P. */
static uint64_t walk_path(const dr_pos *p, const int *sq, int n)
{
    uint64_t own = p->side == DR_WHITE ? p->white : p->black;
    uint64_t opp = p->side == DR_WHITE ? p->black : p->white;
    if (!(own & BIT(sq[0]))) return 0;
    bool king = (p->kings & BIT(sq[0])) != 0;
    uint64_t occ = (p->white | p->black) & ~BIT(sq[0]);
    uint64_t cap = 0;
    for (int i = 1; i < n; i++) {
        int r0, c0, r1, c1;
        rowcol(sq[i - 1], &r0, &c0);
        rowcol(sq[i], &r1, &c1);
        int dr = r1 - r0, dc = c1 - c0;
        if (dr == 0 || abs(dr) != abs(dc)) return 0;
        if (!king && abs(dr) != 2) return 0;
        if (occ & BIT(sq[i])) return 0;
        int sr = dr > 0 ? 1 : -1, sc = dc > 0 ? 1 : -1, found = 0;
        for (int r = r0 + sr, c = c0 + sc; r != r1; r += sr, c += sc) {
            int s = square_at(r, c);
            if (!(occ & BIT(s))) continue;
            if (found || !(opp & BIT(s)) || (cap & BIT(s))) return 0;
            found = s;
        }
        if (!found) return 0;
        cap |= BIT(found);
    }
    return cap;
}

static void direction(int a, int b, int *sr, int *sc);
static int jumped_on_leg(const dr_pos *p, int origin, int a, int b);

/* Does the written path, with squares left out, fit capture M?  Each written inner
 * square must be a square where M's piece may land: a turning square, or, where the
 * path goes straight on to its next capture, any square between the two captured
 * pieces; and the written squares must come from successive legs in order. */
static bool path_fits(const dr_pos *p, const dr_move *m, const dr_written *w)
{
    int path[DR_MAX_PATH + 1], cap[DR_MAX_PATH + 1];
    int k = dr_move_written_path(p, m, path);
    if (k <= 1) return false;
    int legs = k - 1;
    for (int i = 1; i <= legs; i++) cap[i] = jumped_on_leg(p, m->from, path[i - 1], path[i]);
    int leg = 1;
    for (int i = 1; i + 1 < w->n; i++) {
        bool found = false;
        for (; leg < legs && !found; leg++) {
            int sr, sc, nr, nc;
            direction(path[leg - 1], path[leg], &sr, &sc);
            direction(path[leg], path[leg + 1], &nr, &nc);
            if (sr != nr || sc != nc) { found = w->sq[i] == path[leg]; continue; }
            int r, c, r1, c1;   /* squares strictly between this leg's and the next leg's captures */
            rowcol(cap[leg], &r, &c);
            rowcol(cap[leg + 1], &r1, &c1);
            for (r += sr, c += sc; r != r1 && !found; r += sr, c += sc) found = square_at(r, c) == w->sq[i];
        }
        if (!found) return false;
    }
    return true;
}

static int count_sets(const dr_move *c, int n)
{
    int distinct = 0;
    for (int i = 0; i < n; i++) {
        bool seen = false;
        for (int j = 0; j < i; j++) if (c[j].captured == c[i].captured) seen = true;
        if (!seen) distinct++;
    }
    return distinct;
}

static const char *number_word(int n)
{
    static const char *const words[] = {"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"};
    return n >= 0 && n < 10 ? words[n] : "several";
}

dr_resolve_status dr_resolve_move(const dr_pos *p, const dr_written *w, dr_move *out,
                                  char *why, size_t whylen, char *warn, size_t warnlen)
{
    dr_move legal[DR_MAX_MOVES];
    int nl = dr_gen_moves(p, legal);
    return dr_resolve_move_in(p, legal, nl, w, out, why, whylen, warn, warnlen);
}

/* The variants (8x8 and Frisian): alphanumeric squares re-read on the 8x8 board, then the move with
 * the written start and end, whose landing squares include the written inner ones in
 * order (or the only one with those ends: a flying king's written landing square may
 * be another of the squares where it could land). */
static dr_resolve_status resolve_v8(const dr_pos *p, const dr_move *legal, int nl, const dr_written *w0,
                                    dr_move *out, char *why, size_t whylen, char *warn, size_t warnlen)
{
    dr_variant v = (dr_variant)p->variant;
    dr_written w = *w0;
    int squares = dr_variant_squares(v);   /* 32, or 50 for Frisian (read as on 10x10) */
    for (int i = 0; i < w.n && w.alpha && squares == 32; i++) {
        int r, c;
        rowcol(w.sq[i], &r, &c);
        w.sq[i] = dr_variant_square_at(v, c, 10 - r);
        if (!w.sq[i]) {
            snprintf(why, whylen, "%c%d is not a playing square of the %s board", 'a' + c, 10 - r, dr_variant_name(v));
            return DR_RESOLVE_ILLEGAL;
        }
    }
    for (int i = 0; i < w.n; i++)
        if (w.sq[i] < 1 || w.sq[i] > squares) {
            snprintf(why, whylen, "square %d does not exist in %s draughts", w.sq[i], dr_variant_name(v));
            return DR_RESOLVE_ILLEGAL;
        }
    if (nl < 0) { snprintf(why, whylen, "the position has too many legal moves"); return DR_RESOLVE_ILLEGAL; }
    int from = w.sq[0], to = w.sq[w.n - 1], nc = 0, fit = 0;
    dr_move cand[DR_MAX_MOVES], fits[DR_MAX_MOVES];
    for (int i = 0; i < nl; i++)
        if (legal[i].from == from && legal[i].to == to) cand[nc++] = legal[i];
    if (nc == 0) {
        const char *r = dr_illegal_reason(p, from, to, w.capture, why, whylen);
        if (!r) snprintf(why, whylen, "%d-%d is not a legal move", from, to);
        return DR_RESOLVE_ILLEGAL;
    }
    for (int i = 0; i < nc; i++) {
        uint8_t path[DR_MAX_PATH];
        int len = dr_move_path(p, &cand[i], path), k = 1;
        for (int j = 0; j + 1 < len && k + 1 < w.n; j++) if (path[j] == w.sq[k]) k++;
        if (k + 1 >= w.n) fits[fit++] = cand[i];
    }
    if (fit == 0 && count_sets(cand, nc) == 1) fits[fit++] = cand[0];
    if (fit == 0) {
        snprintf(why, whylen, "no capture from %d to %d lands on the squares written between them", from, to);
        return DR_RESOLVE_ILLEGAL;
    }
    if (count_sets(fits, fit) > 1) {
        snprintf(why, whylen, "%d%c%d names %s moves: write the squares in between", from, w.capture ? 'x' : '-', to,
                 number_word(count_sets(fits, fit)));
        return DR_RESOLVE_AMBIGUOUS;
    }
    *out = fits[0];
    if (warn && warnlen && w.capture != (out->ncaptured > 0))
        snprintf(warn, warnlen, out->ncaptured ? "a capture written with '-'" : "a plain move written with 'x'");
    return DR_RESOLVE_OK;
}

dr_resolve_status dr_resolve_move_in(const dr_pos *p, const dr_move *legal, int nl, const dr_written *w,
                                     dr_move *out, char *why, size_t whylen, char *warn, size_t warnlen)
{
    if (warn && warnlen) warn[0] = '\0';
    if (p->variant != DR_INTERNATIONAL) return resolve_v8(p, legal, nl, w, out, why, whylen, warn, warnlen);
    for (int i = 0; i < w->n; i++)
        if (w->sq[i] < 1 || w->sq[i] > DR_SQUARES) {
            snprintf(why, whylen, "square %d does not exist", w->sq[i]);
            return DR_RESOLVE_ILLEGAL;
        }
    dr_move cand[DR_MAX_MOVES];
    if (nl < 0) { snprintf(why, whylen, "the position has too many legal moves"); return DR_RESOLVE_ILLEGAL; }
    int from = w->sq[0], to = w->sq[w->n - 1], nc = 0;
    for (int i = 0; i < nl; i++)
        if (legal[i].from == from && legal[i].to == to) cand[nc++] = legal[i];
    if (w->n > 2) {
        /* A complete path names the move exactly; else squares may be left out. */
        uint64_t walked = walk_path(p, w->sq, w->n);
        int kept = 0;
        for (int i = 0; i < nc; i++)
            if (cand[i].captured && walked == cand[i].captured) cand[kept++] = cand[i];
        if (kept == 0)
            for (int i = 0; i < nc; i++)
                if (cand[i].captured && path_fits(p, &cand[i], w)) cand[kept++] = cand[i];
        if (kept == 0) {
            /* Hub order: from, to, then the captured squares. */
            uint64_t set = 0;
            for (int i = 2; i < w->n; i++) set |= BIT(w->sq[i]);
            for (int i = 0; i < nl; i++)
                if (legal[i].from == from && legal[i].to == w->sq[1] && legal[i].captured == set &&
                    legal[i].ncaptured == w->n - 2) { *out = legal[i]; return DR_RESOLVE_OK; }
            bool hub_pair = false;
            for (int i = 0; i < nl; i++)
                if (legal[i].from == from && legal[i].to == w->sq[1] && legal[i].ncaptured == w->n - 2) hub_pair = true;
            if (nc == 0 && hub_pair) {
                size_t off = (size_t)snprintf(why, whylen, "no capture from %d to %d takes", from, w->sq[1]);
                for (int s = 1; s <= DR_SQUARES && off < whylen; s++)
                    if (set & BIT(s)) off += (size_t)snprintf(why + off, whylen - off, " %d", s);
                return DR_RESOLVE_ILLEGAL;
            }
            if (nc == 0) {
                const char *r = dr_illegal_reason(p, from, to, true, why, whylen);
                if (!r) snprintf(why, whylen, "no legal capture follows the path written");
                return DR_RESOLVE_ILLEGAL;
            }
            char inner[128] = "";
            size_t off = 0;
            for (int i = 1; i + 1 < w->n && off < sizeof inner - 8; i++)
                off += (size_t)snprintf(inner + off, sizeof inner - off, "%s%d", i > 1 ? ", " : "", w->sq[i]);
            snprintf(why, whylen, "no legal capture from %d to %d passes through %s", from, to, inner);
            return DR_RESOLVE_ILLEGAL;
        }
        nc = kept;
    }
    if (nc == 0) {
        const char *r = dr_illegal_reason(p, from, to, w->capture, why, whylen);
        if (!r) snprintf(why, whylen, "%d%c%d is not a legal move", from, w->capture ? 'x' : '-', to);
        return DR_RESOLVE_ILLEGAL;
    }
    int sets = count_sets(cand, nc);
    if (sets > 1) {
        char options[160] = "";
        size_t off = 0;
        for (int i = 0; i < nc && i < 3; i++) {
            int path[DR_MAX_PATH + 1];
            int k = dr_move_written_path(p, &cand[i], path);
            off += (size_t)snprintf(options + off, sizeof options - off, "%s", i == 0 ? " (" : i + 1 == nc ? " or " : ", ");
            for (int s = 0; s < k && off < sizeof options; s++)
                off += (size_t)snprintf(options + off, sizeof options - off, s ? "x%d" : "%d", path[s]);
            if (off >= sizeof options) break;
        }
        if (off < sizeof options) snprintf(options + off, sizeof options - off, nc > 3 ? ", ...)" : ")");
        if (w->n > 2)
            snprintf(why, whylen, "%dx%d is ambiguous: %s paths through the squares written capture different pieces; write the full path%s",
                     from, to, number_word(sets), options);
        else
            snprintf(why, whylen, "%dx%d is ambiguous: %s paths capture different pieces; write the path%s",
                     from, to, number_word(sets), options);
        return DR_RESOLVE_AMBIGUOUS;
    }
    *out = cand[0];
    if (warn && warnlen) {
        if (out->captured && !w->capture)
            snprintf(warn, warnlen, "%d-%d is a capture: it is written %dx%d", from, to, from, to);
        else if (!out->captured && w->capture)
            snprintf(warn, warnlen, "%dx%d captures nothing: a plain move is written %d-%d", from, to, from, to);
    }
    return DR_RESOLVE_OK;
}

/* The opposing piece a leg from A towards B jumps (first occupied square on the way;
 * the moving piece's ORIGIN counts as empty). */
static int jumped_on_leg(const dr_pos *p, int origin, int a, int b)
{
    int r0, c0, r1, c1;
    rowcol(a, &r0, &c0);
    rowcol(b, &r1, &c1);
    int sr = r1 > r0 ? 1 : -1, sc = c1 > c0 ? 1 : -1;
    uint64_t occ = (p->white | p->black) & ~BIT(origin);
    for (int r = r0 + sr, c = c0 + sc; r != r1; r += sr, c += sc) {
        int s = square_at(r, c);
        if (occ & BIT(s)) return s;
    }
    return 0;
}

static void direction(int a, int b, int *sr, int *sc)
{
    int r0, c0, r1, c1;
    rowcol(a, &r0, &c0);
    rowcol(b, &r1, &c1);
    *sr = r1 > r0 ? 1 : -1;
    *sc = c1 > c0 ? 1 : -1;
}

int dr_move_written_path(const dr_pos *p, const dr_move *m, int path[DR_MAX_PATH + 1])
{
    if (!m->captured) return 0;
    uint8_t land[DR_MAX_PATH];
    int k = dr_move_path(p, m, land);
    if (k <= 0) return -1;
    path[0] = m->from;
    for (int i = 0; i < k; i++) path[i + 1] = land[i];
    if (p->variant != DR_INTERNATIONAL) return k + 1;   /* 8x8: the landing squares as found */
    /* Going straight on after a capture: the landing square is the one just behind. */
    for (int i = 1; i < k; i++) {
        int sr, sc, nr, nc;
        direction(path[i - 1], path[i], &sr, &sc);
        direction(path[i], path[i + 1], &nr, &nc);
        if (sr != nr || sc != nc) continue;
        int j = jumped_on_leg(p, m->from, path[i - 1], path[i]);
        if (!j) continue;
        int r, c;
        rowcol(j, &r, &c);
        path[i] = square_at(r + sr, c + sc);
    }
    return k + 1;
}

bool dr_move_ambiguous(const dr_pos *p, const dr_move *m)
{
    if (!m->captured) return false;
    dr_move legal[DR_MAX_MOVES];
    int nl = dr_gen_moves(p, legal);
    for (int i = 0; i < nl; i++)
        if (legal[i].from == m->from && legal[i].to == m->to && legal[i].captured != m->captured) return true;
    return false;
}

int dr_move_format(const dr_pos *p, const dr_move *m, char *buf, size_t n)
{
    if (!m->captured) return snprintf(buf, n, "%d-%d", m->from, m->to);
    if (dr_move_ambiguous(p, m)) {
        int path[DR_MAX_PATH + 1];
        int k = dr_move_written_path(p, m, path);
        if (k > 1) {
            size_t off = 0;
            buf[0] = '\0';
            for (int i = 0; i < k && off < n; i++)
                off += (size_t)snprintf(buf + off, n - off, i ? "x%d" : "%d", path[i]);
            return (int)(off < n ? off : n - 1);
        }
    }
    return snprintf(buf, n, "%dx%d", m->from, m->to);
}

int dr_move_format_hub(const dr_move *m, char *buf, size_t n)
{
    if (!m->captured) return snprintf(buf, n, "%d-%d", m->from, m->to);
    size_t off = (size_t)snprintf(buf, n, "%dx%d", m->from, m->to);
    for (int s = 1; s <= DR_SQUARES && off < n; s++)
        if (m->captured & BIT(s)) off += (size_t)snprintf(buf + off, n - off, "x%d", s);
    return (int)(off < n ? off : n - 1);
}

/* Spanish N1 records: the PDN table's default for GameType 24 (see the header). */
bool dr_written_renumbered(dr_variant v, const char *notation)
{
    return v == DR_SPANISH && (!notation || !notation[0] || strcmp(notation, "N1") == 0);
}

/* Half a turn of the numbering: s -> 33 - s for the squares of a numeric move. */
void dr_written_renumber(dr_written *w)
{
    if (w->alpha) return;
    for (int i = 0; i < w->n; i++)
        if (w->sq[i] >= 1 && w->sq[i] <= 32) w->sq[i] = 33 - w->sq[i];
}

/* The same for a position's bitboards (bit s-1 -> bit 32-s); the hash is recomputed. */
void dr_pos_renumber(dr_pos *p)
{
    uint64_t *sets[3] = {&p->white, &p->black, &p->kings};
    for (int k = 0; k < 3; k++) {
        uint64_t in = *sets[k], out = in & ~UINT64_C(0xFFFFFFFF);
        for (int s = 1; s <= 32; s++)
            if (in & (UINT64_C(1) << (s - 1))) out |= UINT64_C(1) << (32 - s);
        *sets[k] = out;
    }
    p->hash = dr_pos_hash(p);
}
