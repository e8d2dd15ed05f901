/* dr_game_desc.c -- international draughts through the game descriptor
 * (engine/core/game.h).
 *
 * The position value is dr_pos (three bitboards, side, hash).  A whole capture
 * sequence is one move, encoded in 32 bits as from | to << 6 | k << 12 | capture << 20,
 * where k tells apart the legal moves with the same from and to squares that capture
 * different pieces (k-th among them in dr_gen_moves order).  A plain move is made
 * from its squares alone; only a capture is looked up in the generated moves (on the
 * international board the moving piece's captures alone: there the search's calls,
 * legal, noisy and the play of a capture, read the padded-layout generator directly).
 * The line history marks man moves and captures as irreversible; with it the descriptor
 * applies threefold repetition and the variant's move-count rule (FMJD 6.2, 6.3: 25
 * moves; English 40, Russian 15, Brazilian 20 moves each) and the FMJD 16- and 5-move
 * endings (6.4, 6.5), so that the search knows them inside its tree: play() marks in
 * each ply's flags (the game's bits of bo_hist) whether the position is in a 16- or
 * 5-move count and whether that count goes on from the ply before, exactly as dr_game
 * counts them (rules.c); ending() walks back over the run.  The Russian material rules
 * stay with the record judge's game state (dr_game). */
#include <stdio.h>
#include <string.h>

#include "core.h"
#include "draughts.h"
#include "dr_eval.h"
#include "dr_egdb.h"
#include "dr_pattern.h"
#include "dr_internal.h"
#include "game.h"
#include "search.h"

static const char *const rule_sets[] = {"fmjd", "ccgc", "english", "italian", "russian", "brazilian", "czech", "frisian", "pool", "spanish", NULL};

/* The position text of an 8x8 variant starts with its name ("english B:W21-32:B1-12"),
 * so that the text alone says the variant; international's is the bare PDN FEN. */
static const char *variant_prefix(const char *text, int *variant)
{
    *variant = -1;
    for (int v = 1; v < DR_VARIANTS; v++) {
        const char *name = dr_variant_name((dr_variant)v);
        size_t n = strlen(name);
        if (strncmp(text, name, n) == 0 && (text[n] == ' ' || text[n] == ':')) {
            *variant = v;
            return text + n + 1;
        }
    }
    return text;
}

static int dr_d_start(void *pos, const char *rules, char *err, size_t errlen)
{
    dr_rules r;
    dr_rules_default(&r);
    if (rules && dr_rules_by_name(&r, rules, err, errlen) != 0) return -1;
    dr_pos_start_variant(pos, r.variant, r.first);
    return 0;
}

/* Frisian: the counts of non-capturing moves in a row with one king, written after the
 * FEN as " count W28=2 B14=1" (only the sides with a count); see draughts.h fr_king. */
static int read_counts(dr_pos *p, const char *s, char *err, size_t errlen)
{
    if (p->variant != DR_FRISIAN) return bo_fail(err, errlen, "king-move counts are a Frisian rule");
    while (*s) {
        int sq, n, used = 0;
        char side;
        if (*s == ' ') { s++; continue; }
        if (sscanf(s, "%c%d=%d%n", &side, &sq, &n, &used) != 3 || (side != 'W' && side != 'B') || sq < 1 || sq > 50 ||
            n < 1 || n > 3)
            return bo_fail(err, errlen, "bad king-move count '%s' (like W28=2: side, king's square, 1..3 moves)", s);
        int c = side == 'W' ? DR_WHITE : DR_BLACK;
        if (!((c == DR_WHITE ? p->white : p->black) & p->kings & (UINT64_C(1) << (sq - 1))))
            return bo_fail(err, errlen, "king-move count %c%d=%d: no %s king on %d", side, sq, n, c == DR_WHITE ? "white" : "black", sq);
        p->fr_king[c] = (uint8_t)(sq | n << 6);
        s += used;
    }
    p->hash = dr_pos_hash(p);
    return 0;
}

static int dr_d_from_text(void *pos, const char *rules, const char *text, char *err, size_t errlen)
{
    dr_rules r;
    dr_rules_default(&r);
    if (rules && dr_rules_by_name(&r, rules, err, errlen) != 0) return -1;
    int v;
    text = variant_prefix(text, &v);
    if (v < 0) v = (int)r.variant;
    char fen[DR_FEN_MAX * 2];
    const char *counts = strstr(text, " count ");
    size_t len = counts ? (size_t)(counts - text) : strlen(text);
    if (len >= sizeof fen) return bo_fail(err, errlen, "position text too long");
    memcpy(fen, text, len);
    fen[len] = '\0';
    if (dr_pos_from_fen(pos, fen, NULL, err, errlen) != 0) return -1;
    if (dr_pos_set_variant(pos, (dr_variant)v, err, errlen) != 0) return -1;
    return counts ? read_counts(pos, counts + 7, err, errlen) : 0;
}

static void dr_d_to_text(const void *pos, char *buf, size_t n)
{
    const dr_pos *p = pos;
    if (p->variant == DR_INTERNATIONAL || n == 0) { dr_pos_to_fen(pos, buf, n); return; }
    int k = snprintf(buf, n, "%s ", dr_variant_name((dr_variant)p->variant));
    if (k >= 0 && (size_t)k < n) dr_pos_to_fen(pos, buf + k, n - (size_t)k);
    if (!p->fr_king[0] && !p->fr_king[1]) return;
    size_t used = strlen(buf);
    used += (size_t)snprintf(buf + used, n - used, " count");
    for (int s = 0; s < 2 && used < n; s++)
        if (p->fr_king[s])
            used += (size_t)snprintf(buf + used, n - used, " %c%d=%d", s == DR_WHITE ? 'W' : 'B', p->fr_king[s] & 63, p->fr_king[s] >> 6);
}

static int dr_d_to_move(const void *pos)
{
    return ((const dr_pos *)pos)->side == DR_WHITE ? 0 : 1;
}

enum { CAPTURE_BIT = 1u << 20 };

/* The encoding's k: how many earlier moves in the list share this one's squares
 * (dr_gen_moves sorts by from and to, so they come just before it). */
static bo_move encode(const dr_move *all, int i)
{
    int k = 0;
    for (int j = i - 1; j >= 0 && all[j].from == all[i].from && all[j].to == all[i].to; j--) k++;
    return (bo_move)all[i].from | (bo_move)all[i].to << 6 | (bo_move)k << 12 | (all[i].ncaptured ? CAPTURE_BIT : 0);
}

/* The descriptor's encoding of M, one of its position's legal moves ALL[0..N) (the
 * record replays of cli/ name moves this way); 0 if M is not among them. */
uint32_t dr_desc_move(const dr_move *all, int n, const dr_move *m)
{
    for (int i = 0; i < n; i++)
        if (all[i].from == m->from && all[i].to == m->to && all[i].captured == m->captured) return encode(all, i);
    return 0;
}

static int decode(const dr_pos *p, bo_move m, dr_move *out)
{
    dr_move all[DR_MAX_MOVES];
    int n = dr_gen_moves(p, all), from = (int)(m & 63), to = (int)(m >> 6 & 63), k = (int)(m >> 12 & 0xFF);
    for (int i = 0; i < n; i++)
        if (all[i].from == from && all[i].to == to && k-- == 0) { *out = all[i]; return 0; }
    return -1;
}

/* The game's bits of a ply's flags: the new position is in a 16-move count (E16) or a
 * 5-move count (E5), and that count goes on from the ply before (C16, C5) rather than
 * starting here.  A count that starts at the line's first position is taken as
 * starting there (as dr_game_init does). */
enum { E16 = BO_PLY_GAME, C16 = BO_PLY_GAME << 1, E5 = BO_PLY_GAME << 2, C5 = BO_PLY_GAME << 3 };
enum { PLIES_16 = 32, PLIES_5 = 10 };

/* rules.c's counting (dr_game_play), ply by ply: the 16-move count keeps running when a
 * capture makes it a 5-move ending; the 5-move count starts then. */
static unsigned ending_flags(const dr_pos *before, const dr_pos *after, const bo_hist *h)
{
    if (DRI_POPCOUNT(after->white | after->black) > 4) return 0;
    int kind = dri_ending_kind(after);
    if (!kind) return 0;
    bool prev16, prev5;
    if (h->n <= 1 || h->overflow) {
        int pk = dri_ending_kind(before);
        prev16 = pk == 16;
        prev5 = pk == 5;
    } else {
        prev16 = h->flags[h->n - 1] & E16;
        prev5 = h->flags[h->n - 1] & E5;
    }
    unsigned f = 0;
    if (kind == 16 || (kind == 5 && prev16)) f |= E16 | (prev16 ? C16 : 0);
    if (kind == 5) f |= E5 | (prev5 ? C5 : 0);
    return f;
}

/* Plies the count marked by CONT has run at the line's last position (at most CAP). */
static int count_run(const bo_hist *h, unsigned cont, int cap)
{
    int n = 0;
    for (int i = h->n - 1; i > 0 && (h->flags[i] & cont) && n < cap; i--) n++;
    return n;
}

/* ---- the search's hot calls on the international board -------------------------------
 * legal(), noisy() and the play() of a capture run at nearly every node; these read the
 * padded-layout generator (dr_internal.h) directly instead of going through the public
 * list (converted, then sorted as whole moves), which took a third of the search's
 * time.  They give the same moves in the same order: the padded layout numbers the
 * squares in the same order as 1..50 and keeps the order of captured sets. */

/* Is A before B in dr_gen_moves' order (from, to, then captured set)?  Keys hold the
 * from and to bits above the move's index (bits 0..7). */
static bool sorted_before(const dri_move *mv, uint32_t a, uint32_t b)
{
    if (a >> 8 != b >> 8) return a >> 8 < b >> 8;
    return mv[a & 0xFF].cap < mv[b & 0xFF].cap;
}

/* The plain moves of MEN (padded bits) into EMPTY, the side moving by steps D1 < D2,
 * encoded in dr_gen_moves' order: by origin, each origin's lower target first (no two
 * share their squares: k is 0).  Returns the count. */
static int men_moves(uint64_t men, uint64_t empty, int d1, int d2, bo_move *out)
{
    uint64_t by1 = dri_men_stepping(men, empty, d1), by2 = dri_men_stepping(men, empty, d2);
    int n = 0;
    for (uint64_t x = by1 | by2; x; x &= x - 1) {
        int from = DRI_CTZ(x);
        bo_move f = (bo_move)dri_square_of_bit(from);
        if (by1 & (x & (0 - x))) out[n++] = f | (bo_move)dri_square_of_bit(from + d1) << 6;
        if (by2 & (x & (0 - x))) out[n++] = f | (bo_move)dri_square_of_bit(from + d2) << 6;
    }
    return n;
}

/* The legal moves of the international position P in dr_gen_moves' order, encoded.
 * Without kings and captures (most positions of the search) the men's moves are
 * written out directly; otherwise the generator's list is sorted. */
static int legal_international(const dr_pos *p, bo_move *out)
{
    dri_move mv[DR_MAX_MOVES];
    dri_pos q = dri_from_pos(p);
    bool white = p->side == DR_WHITE;
    uint64_t own = white ? q.w : q.b, opp = white ? q.b : q.w, empty = DRI_VALID & ~(q.w | q.b);
    if (!(own & q.k) && !dri_men_jumpers(own, opp, empty))
        return white ? men_moves(own, empty, -6, -5, out) : men_moves(own, empty, 5, 6, out);
    int n = dri_gen_moves(&q, p->side, false, mv, DR_MAX_MOVES);
    if (n <= 0) return 0;
    uint32_t key[DR_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        uint32_t k = (uint32_t)mv[i].from << 14 | (uint32_t)mv[i].to << 8 | (uint32_t)i;
        int j = i;
        while (j > 0 && sorted_before(mv, k, key[j - 1])) {
            key[j] = key[j - 1];
            j--;
        }
        key[j] = k;
    }
    for (int i = 0, k = 0; i < n; i++) {
        const dri_move *m = &mv[key[i] & 0xFF];
        k = i > 0 && key[i] >> 8 == key[i - 1] >> 8 ? k + 1 : 0;
        out[i] = (bo_move)dri_square_of_bit(m->from) | (bo_move)dri_square_of_bit(m->to) << 6 | (bo_move)k << 12
               | (m->n ? CAPTURE_BIT : 0);
    }
    return n;
}

/* Does the side to move of the international position P have a capture? */
static bool has_capture(const dr_pos *p)
{
    dri_pos q = dri_from_pos(p);
    uint64_t own = p->side == DR_WHITE ? q.w : q.b, opp = p->side == DR_WHITE ? q.b : q.w;
    return dri_has_capture(own & ~q.k, own & q.k, opp, DRI_VALID & ~(q.w | q.b));
}

/* The capture M of the international position P, legal by the caller's word: only the
 * moving piece's captures are generated (a legal capture takes the most pieces any
 * capture takes, so they are the same as its captures in the whole list, which the
 * maximum rule and the removal of duplicates treat origin by origin); M's k picks the
 * k-th among those ending on its square by captured set.  -1 if there is none. */
static int decode_capture(const dr_pos *p, bo_move m, dr_move *out)
{
    int from = (int)(m & 63), to = (int)(m >> 6 & 63), k = (int)(m >> 12 & 0xFF);
    if (from < 1 || from > DR_SQUARES || to < 1 || to > DR_SQUARES) return -1;
    dri_pos q = dri_from_pos(p);
    bool white = p->side == DR_WHITE;
    uint64_t own = white ? q.w : q.b, opp = white ? q.b : q.w, bit = UINT64_C(1) << dri_bit_of_square(from);
    if (!(own & bit)) return -1;
    dri_move mv[DR_MAX_MOVES];
    int n = dri_gen_captures(own & ~q.k & bit, own & q.k & bit, opp, DRI_VALID & ~(q.w | q.b),
                             white ? DRI_PROMO_WHITE : DRI_PROMO_BLACK, false, mv, DR_MAX_MOVES);
    int to_bit = dri_bit_of_square(to);
    for (int i = 0; i < n; i++) {
        if (mv[i].to != to_bit) continue;
        int rank = 0;
        for (int j = 0; j < n; j++) rank += mv[j].to == to_bit && mv[j].cap < mv[i].cap;
        if (rank == k) { dri_to_public(&mv[i], out); return 0; }
    }
    return -1;
}

static int dr_d_legal(const void *pos, bo_move *out)
{
    const dr_pos *p = pos;
    if (p->variant == DR_INTERNATIONAL) return legal_international(p, out);
    dr_move all[DR_MAX_MOVES];
    int n = dr_gen_moves(pos, all);
    if (n < 0) return 0;
    for (int i = 0; i < n; i++) out[i] = encode(all, i);
    return n;
}

/* Copy-make: the undo record is the position before the move. */
static void dr_d_play(void *pos, bo_move m, void *undo, bo_hist *h)
{
    dr_pos *p = pos;
    memcpy(undo, p, sizeof *p);
    dr_move mv;
    if (m & CAPTURE_BIT) {
        if ((p->variant == DR_INTERNATIONAL ? decode_capture(p, m, &mv) : decode(p, m, &mv)) != 0) return;
    } else {
        /* A plain move, legal by the caller's word: its squares say it all. */
        if ((m & 63) < 1 || (m & 63) > 50 || (m >> 6 & 63) < 1 || (m >> 6 & 63) > 50) return;
        uint64_t f = UINT64_C(1) << ((m & 63) - 1);
        mv = (dr_move){.from = (uint8_t)(m & 63), .to = (uint8_t)(m >> 6 & 63), .king = (p->kings & f) != 0};
    }
    bool man = !mv.king;
    dr_make(p, &mv);
    if (h) bo_hist_push(h, p->hash, (uint8_t)(((man || mv.ncaptured) ? BO_PLY_IRREVERSIBLE : 0) | ending_flags(undo, p, h)));
}

static void dr_d_unplay(void *pos, bo_move m, const void *undo, bo_hist *h)
{
    (void)m;
    memcpy(pos, undo, sizeof(dr_pos));
    if (h) bo_hist_pop(h);
}

/* Frisian kings-only endings: two kings against one is a draw after 7 moves each, one
 * king against one after 2 moves each (docs/draughts-variants.md); the plies of the
 * ending are the plies since the last capture or man move, which made it. */
static int frisian_limit(const dr_pos *p)
{
    if (p->variant != DR_FRISIAN || ((p->white | p->black) & ~p->kings)) return 0;
    int w = DRI_POPCOUNT(p->white), b = DRI_POPCOUNT(p->black);
    if (w == 1 && b == 1) return 4;
    if ((w == 2 && b == 1) || (w == 1 && b == 2)) return 14;
    return 0;
}

static bo_result dr_d_ending(const void *pos, const bo_hist *h)
{
    bo_result r = {.how = BO_END_NONE, .winner = -1};
    if (!h || h->overflow) return r;
    unsigned f = h->n > 0 ? h->flags[h->n - 1] : 0;
    /* Right after a man's move or a capture nothing has repeated and no count runs:
       most of the search's nodes, which skip the walk back through the line. */
    if (!(f & BO_PLY_IRREVERSIBLE)) {
        if (bo_hist_repeats(h, NULL) >= 3) { r.how = BO_END_REPETITION; return r; }
        /* Italian has no move-count rule: the FMJD count stays as the search's guard */
        int quiet = 0, limit = frisian_limit(pos), kings = dr_variant_king_move_plies((dr_variant)((const dr_pos *)pos)->variant);
        for (int i = h->n - 1; i > 0 && !(h->flags[i] & BO_PLY_IRREVERSIBLE); i--) quiet++;
        if (quiet >= (kings ? kings : 50) || (limit && quiet >= limit)) r.how = BO_END_RULE_LIMIT;
    }
    /* FMJD 6.4, 6.5: the small endings; a side without a move has lost first (the
       search asks ending() before it generates moves) */
    if (r.how == BO_END_NONE && (f & (E16 | E5))
        && (((f & E16) && count_run(h, C16, PLIES_16) >= PLIES_16) || ((f & E5) && count_run(h, C5, PLIES_5) >= PLIES_5))) {
        dr_move all[DR_MAX_MOVES];
        if (dr_gen_moves(pos, all) > 0) r.how = BO_END_RULE_LIMIT;
    }
    return r;
}

static bo_result dr_d_result(const void *pos, const bo_hist *h)
{
    const dr_pos *p = pos;
    dr_move all[DR_MAX_MOVES];
    if (dr_gen_moves(p, all) != 0) return dr_d_ending(pos, h);
    int stm = p->side == DR_WHITE ? 0 : 1;
    bo_result r = {.how = (stm == 0 ? p->white : p->black) ? BO_END_NO_MOVE : BO_END_ALL_CAPTURED,
                   .winner = 1 - stm};
    r.returns[r.winner] = 1;
    r.returns[stm] = -1;
    return r;
}

/* Capture is compulsory: when one exists every legal move captures. */
static int dr_d_noisy(const void *pos, bo_move *out)
{
    const dr_pos *p = pos;
    if (p->variant == DR_INTERNATIONAL) return has_capture(p) ? legal_international(p, out) : 0;
    dr_move all[DR_MAX_MOVES];
    int n = dr_gen_moves(pos, all);
    if (n <= 0 || !all[0].ncaptured) return 0;
    for (int i = 0; i < n; i++) out[i] = encode(all, i);
    return n;
}

static uint64_t dr_d_hash(const void *pos)
{
    return ((const dr_pos *)pos)->hash;
}

static uint64_t dr_d_hash_scratch(const void *pos)
{
    return dr_pos_hash(pos);
}

/* PDN: "32-28", "27x18"; the full path "28x19x10" when two captures share their from
 * and to squares, so that the text names one move. */
static int dr_d_move_to_text(const void *pos, bo_move m, char *buf, size_t n)
{
    dr_move mv;
    if (decode(pos, m, &mv) != 0) return -1;
    if (!mv.ncaptured) return snprintf(buf, n, "%d-%d", mv.from, mv.to) < (int)n ? 0 : -1;
    if ((m >> 12 & 0xFF) == 0) {
        bo_move probe = m | (1u << 12);
        dr_move other;
        if (decode(pos, probe, &other) != 0) return snprintf(buf, n, "%dx%d", mv.from, mv.to) < (int)n ? 0 : -1;
    }
    uint8_t path[DR_MAX_PATH];
    int len = dr_move_path(pos, &mv, path), used = snprintf(buf, n, "%d", mv.from);
    for (int i = 0; i < len && used < (int)n; i++) used += snprintf(buf + used, n - (size_t)used, "x%d", path[i]);
    return used < (int)n ? 0 : -1;
}

/* An alphanumeric square (c3) of an 8x8 variant's board, read at *S (advanced past
 * it); 0 with err when it is not a playing square, -1 when *S is not one. */
static int alpha_square(const dr_pos *p, const char **s, const char *text, char *err, size_t errlen)
{
    const char *t = *s;
    if (*t < 'a' || *t > 'j') return -1;
    int file = *t++ - 'a', rank = 0, digits = 0;
    while (*t >= '0' && *t <= '9' && digits < 2) { rank = rank * 10 + (*t++ - '0'); digits++; }
    if (!digits) return -1;
    *s = t;
    if (dr_variant_squares((dr_variant)p->variant) != 32)
        return bo_fail(err, errlen, "'%s': alphanumeric squares are read for the 8x8 variants only", text), 0;
    int sq = dr_variant_square_at((dr_variant)p->variant, file, rank);
    if (!sq)
        bo_fail(err, errlen, "'%s': %c%d is not a playing square of the %s board", text, 'a' + file, rank,
                dr_variant_name((dr_variant)p->variant));
    return sq;
}

/* Squares joined by '-' or 'x' (':' too); alphanumeric squares on 8x8 boards (c3-d4,
 * f2xd4xf6, a3b4); with more than two squares, the path decides. */
static int dr_d_move_from_text(const void *pos, const char *text, bo_move *m, char *err, size_t errlen)
{
    int sq[DR_MAX_PATH + 2], n = 0;
    bool capture = false, nosep = false;   /* nosep: a3b4, either kind of move */
    const char *s = text;
    while (*s && n < DR_MAX_PATH + 2) {
        int v = 0, digits = 0;
        int a = alpha_square(pos, &s, text, err, errlen);
        if (a == 0) return -1;
        if (a > 0) {
            sq[n++] = a;
            if (!*s) break;
            if (*s >= 'a' && *s <= 'j') { nosep = true; continue; }   /* a3b4: no separator */
        } else {
            while (*s >= '0' && *s <= '9' && digits < 3) { v = v * 10 + (*s++ - '0'); digits++; }
            if (!digits || v < 1 || v > 50) return bo_fail(err, errlen, "'%s' is not a PDN move (like 32-28 or 27x18)", text);
            sq[n++] = v;
        }
        if (!*s) break;
        if (*s == 'x' || *s == 'X' || *s == ':') capture = true;
        else if (*s != '-') return bo_fail(err, errlen, "'%s' is not a PDN move (like 32-28 or 27x18)", text);
        s++;
    }
    if (n < 2 || *s) return bo_fail(err, errlen, "'%s' is not a PDN move (like 32-28 or 27x18)", text);
    dr_move all[DR_MAX_MOVES];
    int count = dr_gen_moves(pos, all), found = -1;
    for (int i = 0; i < count; i++) {
        if (all[i].from != sq[0] || all[i].to != sq[n - 1] || ((all[i].ncaptured > 0) != capture && !nosep)) continue;
        if (n > 2) {
            uint8_t path[DR_MAX_PATH];
            int len = dr_move_path(pos, &all[i], path);
            if (len != n - 1) continue;
            bool same = true;
            for (int j = 0; j < len; j++) same = same && path[j] == sq[j + 1];
            if (!same) continue;
        }
        if (found >= 0) return bo_fail(err, errlen, "%s is ambiguous: write the whole path of the capture", text);
        found = i;
    }
    if (found < 0) {
        char why[200];
        const char *reason = dr_illegal_reason(pos, sq[0], sq[n - 1], capture, why, sizeof why);
        return bo_fail(err, errlen, "%s is illegal: %s", text, reason ? reason : "no legal move has that path");
    }
    *m = encode(all, found);
    return 0;
}

static int dr_d_evaluate(const void *pos)
{
    return dr_evaluate(pos);
}

static int dr_d_evaluate_with(const void *pos, const int *w)
{
    return drp_evaluate_with(pos, w);
}

static int dr_d_features(const void *pos, bo_feature *out)
{
    int index[DRP_MAX_FEATURES];
    float value[DRP_MAX_FEATURES];
    int n = drp_features(pos, index, value);
    for (int i = 0; i < n; i++) out[i] = (bo_feature){index[i], value[i]};
    return n;
}

/* The pattern evaluation (dr_pattern.h) as trainable weights: its own features (the
 * pattern tables are too many weights to probe one by one) and names made from the
 * index; files of the one-set model draughts-patterns-1 load into both sets. */
static const bo_eval_model dr_eval_model = {
    .id = DRP_MODEL_ID,
    .nweights = DRP_NWEIGHTS,
    .defaults = drp_default,
    .evaluate_with = dr_d_evaluate_with,
    .features = dr_d_features,
    .max_features = DRP_MAX_FEATURES,
    .weight_name = drp_weight_name,
    .weight_index = drp_weight_index,
    .old = {{.id = DRP_MODEL1_ID, .weight = drp_model1_weight, .nweights = DRP_SET}},
};

static uint64_t dr_d_perft(const void *pos, int depth)
{
    return dr_perft(pos, depth);
}

/* ---- the engine: the alpha-beta with the endgame databases ---------------------- */

typedef struct probe_ctx {
    const dr_egdb *db;
    int root_pieces;
} probe_ctx;

/* The search's oracle: the database value of positions with fewer pieces than the root
 * (with as many, the evaluation has to find the way on: a value alone does not make
 * progress).  Inside a counted 16- or 5-move ending a win may come too late: there
 * only a draw is final. */
static int probe(const void *vctx, const void *pos, const bo_hist *h, int *value)
{
    const probe_ctx *c = vctx;
    const dr_pos *p = pos;
    int n = DRI_POPCOUNT(p->white | p->black);
    if (n >= c->root_pieces || n > dr_egdb_pieces(c->db)) return 0;
    int v = dr_egdb_probe(c->db, p);
    if (!v) return 0;
    if (v != DR_EGDB_DRAW && h && !h->overflow && h->n > 0 && (h->flags[h->n - 1] & (E16 | E5))) return 0;
    *value = v == DR_EGDB_WIN ? 1 : v == DR_EGDB_LOSS ? -1 : 0;
    return 1;
}

/* The engine hook: with databases in the folder dr_egdb_default_dir names, a root in
 * them is played among the moves that keep its value (the evaluation picks which),
 * and every position with fewer pieces below the root is read, not searched.
 * Without databases this is the alpha-beta alone.  The files are mapped per search. */
static int dr_engine(const bo_game *g, const void *pos, const bo_hist *line, const bo_limits *lim, bo_tt *tt,
                     void (*on_info)(void *ctx, const bo_search_info *info), void *ctx, bo_search_info *out,
                     char *err, size_t errlen)
{
    const dr_pos *p = pos;
    char dir[4096], why[256];
    dr_egdb *db = p->variant == DR_INTERNATIONAL && dr_egdb_default_dir(dir, sizeof dir) ? dr_egdb_open(dir, why, sizeof why) : NULL;
    if (!db) return bo_search_alphabeta(g, pos, line, lim, tt, on_info, ctx, out, err, errlen);
    probe_ctx pc = {db, DRI_POPCOUNT(p->white | p->black)};
    bo_limits l = *lim;
    l.probe = probe;
    l.probe_ctx = &pc;
    int root = dr_egdb_probe(db, p);
    bo_move skip[BO_MOVES_MAX];
    if (root) {
        /* leave out the root moves worse than the best by the databases */
        dr_move all[DR_MAX_MOVES];
        int n = dr_gen_moves(p, all), best = 0, val[DR_MAX_MOVES];
        for (int i = 0; i < n; i++) {
            dr_pos q = *p;
            dr_make(&q, &all[i]);
            int v = (!q.white || !q.black) ? DR_EGDB_LOSS : dr_egdb_probe(db, &q);
            val[i] = v == DR_EGDB_LOSS ? 2 : v == DR_EGDB_DRAW ? 1 : 0;   /* ours: 2 win, 1 draw, 0 loss */
            if (val[i] > best) best = val[i];
        }
        int ns = 0;
        for (int i = 0; i < lim->nskip && ns < BO_MOVES_MAX; i++) skip[ns++] = lim->skip[i];
        for (int i = 0; i < n && ns < BO_MOVES_MAX; i++)
            if (val[i] < best && ns < n - 1) skip[ns++] = encode(all, i);   /* one move is always left */
        l.skip = skip;
        l.nskip = ns;
    }
    int rc = bo_search_alphabeta(g, pos, line, &l, tt, on_info, ctx, out, err, errlen);
    if (rc == 0 && root) out->note = root == DR_EGDB_WIN ? "database win" : root == DR_EGDB_LOSS ? "database loss" : "database draw";
    dr_egdb_close(db);
    return rc;
}

const bo_game dr_game_desc = {
    .name = "draughts",
    .rule_sets = rule_sets,
    .players = 2,
    .player_names = {"white", "black"},
    .flags = 0,
    .pos_size = sizeof(dr_pos),
    .undo_size = sizeof(dr_pos),
    .max_moves = DR_MAX_MOVES,
    .start = dr_d_start,
    .from_text = dr_d_from_text,
    .to_text = dr_d_to_text,
    .to_move = dr_d_to_move,
    .legal = dr_d_legal,
    .chance = NULL,
    .play = dr_d_play,
    .unplay = dr_d_unplay,
    .result = dr_d_result,
    .hash = dr_d_hash,
    .hash_scratch = dr_d_hash_scratch,
    .move_to_text = dr_d_move_to_text,
    .move_from_text = dr_d_move_from_text,
    .evaluate = dr_d_evaluate,
    .perft = dr_d_perft,
    .ending = dr_d_ending,
    .noisy = dr_d_noisy,
    .search_flags = BO_SEARCH_FORCED_NOISY | BO_SEARCH_NO_FUTILITY,
    .engine = dr_engine,
    .eval_model = &dr_eval_model,
};
