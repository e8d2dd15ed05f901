/* rules.c - a draughts game in progress: history for repetition, the FMJD draw counters
 * (article 6), each variant's own draw rules (English 40-move claim, Russian 15-move and
 * material rules, Brazilian 20-move rule, Frisian kings-only endings) and the ccgc
 * refused-draw count, and the game's outcome. The exact counting is documented at
 * dr_rules in draughts.h and in docs/draughts-variants.md. */
#include "core.h"
#include "draughts.h"
#include "dr_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PLIES_25 = 50, PLIES_16 = 32, PLIES_5 = 10, PLIES_FR_2V1 = 14, PLIES_FR_1V1 = 4, MOVES_REFUSED = 40, COUNT_CAP = 1 << 30 };
enum { PLIES_EN40 = 80, PLIES_RU15 = 30, PLIES_BR20 = 40, MOVES_RU_3V1 = 15, MOVES_POOL_3V1 = 13, PLIES_RU_4TO5 = 60, PLIES_RU_6TO7 = 120 };

/* The plies of non-capturing king moves in a row (no man moved) that draw under the
 * variant's move-count rule ("25" in --draw-rules): FMJD 25 moves each, English 40 moves
 * each (a claim), Russian 15 moves, Brazilian 20 moves; 0 for Italian (no such rule in
 * the text at hand).  Czech takes the FMJD count. */
int dr_variant_king_move_plies(dr_variant v)
{
    switch (v) {
    case DR_ENGLISH: return PLIES_EN40;
    case DR_RUSSIAN: return PLIES_RU15;
    case DR_BRAZILIAN: return PLIES_BR20;
    case DR_ITALIAN: return 0;
    default: return PLIES_25;
    }
}

/* The reason the variant's move-count rule gives. */
static dr_reason king_move_reason(dr_variant v)
{
    switch (v) {
    case DR_ENGLISH: return DR_REASON_EN40;
    case DR_RUSSIAN: return DR_REASON_RU15;
    case DR_BRAZILIAN: return DR_REASON_BR20;
    default: return DR_REASON_MOVE25;
    }
}

/* Russian and pool: three kings or more (no man) against a lone king (no man); returns
 * the strong side + 1, or 0 for other material. */
static int kings_3v1_side(const dr_pos *p)
{
    if ((p->variant != DR_RUSSIAN && p->variant != DR_POOL) || ((p->white | p->black) & ~p->kings)) return 0;
    int w = DRI_POPCOUNT(p->white), b = DRI_POPCOUNT(p->black);
    if (w >= 3 && b == 1) return 1 + DR_WHITE;
    if (b >= 3 && w == 1) return 1 + DR_BLACK;
    return 0;
}

/* Russian: with kings on both sides, the plies of unchanged material (no capture, no
 * man crowned) that draw: 30 moves each with 4 or 5 pieces on the board, 60 moves each
 * with 6 or 7; 0 for other material. */
static int ru_material_limit(const dr_pos *p)
{
    if (p->variant != DR_RUSSIAN || !(p->white & p->kings) || !(p->black & p->kings)) return 0;
    int n = DRI_POPCOUNT(p->white | p->black);
    return n >= 4 && n <= 5 ? PLIES_RU_4TO5 : n >= 6 && n <= 7 ? PLIES_RU_6TO7 : 0;
}


/* All draw rules off, FMJD starting side. */
void dr_rules_default(dr_rules *r)
{
    memset(r, 0, sizeof *r);
    r->first = DR_WHITE;
}

/* Case-insensitive ASCII comparison for rule names. */
static bool same_name(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char x = (*a >= 'A' && *a <= 'Z') ? (char)(*a - 'A' + 'a') : *a;
        if (x != *b) return false;
    }
    return *a == *b;
}

/* Named rule sets: only who moves first differs between them. */
int dr_rules_by_name(dr_rules *r, const char *name, char *err, size_t errlen)
{
    if (name && same_name(name, "fmjd")) {
        r->first = DR_WHITE;
        return 0;
    }
    if (name && same_name(name, "ccgc")) {
        r->first = DR_BLACK;
        return 0;
    }
    int v = dr_variant_by_name(name);
    if (v > DR_INTERNATIONAL) {
        r->variant = (dr_variant)v;
        r->first = dr_variant_first((dr_variant)v);
        return 0;
    }
    return bo_fail(err, errlen, "unknown draughts rules '%s' (known: fmjd, ccgc, english, italian, russian, brazilian, czech, frisian, pool, spanish)",
                   name ? name : "");
}

/* Which small ending the material is: 16 (three pieces, one at least a king, against a
 * lone king), 5 (one or two pieces, one at least a king, against a lone king), else 0.
 * The descriptor's line history counts the same endings for the search (dr_game_desc.c). */
int dri_ending_kind(const dr_pos *p)
{
    /* FMJD's endings: international's, and Brazilian's (the international rules on 8x8) */
    if (p->variant != DR_INTERNATIONAL && p->variant != DR_BRAZILIAN) return 0;
    for (int s = 0; s < 2; s++) {
        uint64_t strong = s ? p->black : p->white, lone = s ? p->white : p->black;
        if (DRI_POPCOUNT(lone) != 1 || !(lone & p->kings) || !(strong & p->kings)) continue;
        int n = DRI_POPCOUNT(strong);
        if (n == 3) return 16;
        if (n <= 2) return 5;
    }
    return 0;
}

/* Frisian's kings-only endings (no man on the board): two kings against one (the
 * stronger side has 7 moves each to win) and one king against one (2 moves each);
 * returns the ply limit, 0 for other material. */
static int frisian_ending(const dr_pos *p)
{
    if (p->variant != DR_FRISIAN || ((p->white | p->black) & ~p->kings)) return 0;
    int w = DRI_POPCOUNT(p->white), b = DRI_POPCOUNT(p->black);
    if (w == 1 && b == 1) return PLIES_FR_1V1;
    if ((w == 2 && b == 1) || (w == 1 && b == 2)) return PLIES_FR_2V1;
    return 0;
}

/* Grow the history array geometrically. */
static int reserve(dr_game *g, size_t need, char *err, size_t errlen)
{
    if (need <= g->cap) return 0;
    size_t cap = g->cap ? g->cap * 2 : 64;
    while (cap < need) cap *= 2;
    dr_ply *h = realloc(g->hist, cap * sizeof *h);
    if (!h) return bo_fail(err, errlen, "out of memory for the game history");
    g->hist = h;
    g->cap = cap;
    return 0;
}

/* Fresh game from a position. */
int dr_game_init(dr_game *g, const dr_rules *rules, const dr_pos *start, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    if (rules) g->rules = *rules;
    else dr_rules_default(&g->rules);
    if (reserve(g, 64, err, errlen) < 0) return -1;
    dr_ply *h = &g->hist[0];
    memset(h, 0, sizeof *h);
    if (start) {
        h->pos = *start;
        h->pos.hash = dr_pos_hash(start);
    } else {
        dr_pos_start_variant(&h->pos, g->rules.variant, g->rules.first);
    }
    int kind = dri_ending_kind(&h->pos);
    h->quiet_king = 0;
    h->ending16 = kind == 16 ? 0 : -1;
    h->ending5 = kind == 5 ? 0 : -1;
    h->refusal = -1;
    h->fr_ending = frisian_ending(&h->pos) ? 0 : -1;
    h->kings_3v1 = kings_3v1_side(&h->pos) ? 0 : -1;
    h->unchanged = 0;
    g->len = 1;
    return 0;
}

/* Release the history; g can be initialised again. */
void dr_game_free(dr_game *g)
{
    free(g->hist);
    memset(g, 0, sizeof *g);
}

/* The last position of the history. */
const dr_pos *dr_game_pos(const dr_game *g) { return &g->hist[g->len - 1].pos; }

/* Saturating increment for counters that may run for very long games. */
static int32_t bump(int32_t v) { return v < COUNT_CAP ? v + 1 : v; }

/* Play a legal move and advance every counter. */
int dr_game_play(dr_game *g, const dr_move *m, char *err, size_t errlen)
{
    const dr_ply *prev = &g->hist[g->len - 1];
    dr_move legal;
    if (dr_find_move(&prev->pos, m->from, m->to, m->captured, &legal) < 0) {
        char why[160];
        const char *r = dr_illegal_reason(&prev->pos, m->from, m->to, m->captured != 0, why, sizeof why);
        return bo_fail(err, errlen, "illegal move %d%c%d: %s", m->from, m->captured ? 'x' : '-', m->to,
                    r ? r : "the captured pieces do not match any legal capture");
    }
    if (reserve(g, g->len + 1, err, errlen) < 0) return -1;
    prev = &g->hist[g->len - 1];
    dr_ply *h = &g->hist[g->len];
    h->pos = prev->pos;
    dr_make(&h->pos, &legal);
    h->move = legal;
    h->quiet_king = (legal.captured || !legal.king) ? 0 : bump(prev->quiet_king);
    int kind = dri_ending_kind(&h->pos);
    /* The 16-move deadline stays valid when a capture turns the ending into a 5-move
       one; the 5-move count then starts as well, and the first limit reached counts. */
    bool in16 = kind == 16 || (kind == 5 && prev->ending16 >= 0);
    h->ending16 = !in16 ? -1 : prev->ending16 >= 0 ? bump(prev->ending16) : 0;
    h->ending5 = kind != 5 ? -1 : prev->ending5 >= 0 ? bump(prev->ending5) : 0;
    int fr = frisian_ending(&h->pos);
    h->fr_ending = !fr ? -1 : (prev->fr_ending >= 0 && frisian_ending(&prev->pos) == fr) ? bump(prev->fr_ending) : 0;
    int ru = kings_3v1_side(&h->pos);
    bool same = !legal.captured && ru == kings_3v1_side(&prev->pos);
    h->kings_3v1 = !ru ? -1 : !same || prev->kings_3v1 < 0 ? 0 : (int)prev->pos.side == ru - 1 ? bump(prev->kings_3v1) : prev->kings_3v1;
    bool crowned = !legal.king && (h->pos.kings & ~prev->pos.kings);
    h->unchanged = (legal.captured || crowned) ? 0 : bump(prev->unchanged);
    h->refusal = prev->refusal;
    if (prev->refusal >= 0 && prev->pos.side == g->refuser) h->refusal = bump(prev->refusal);
    g->len++;
    return 0;
}

/* Drop the last ply: every counter lives in the ply, so nothing else to restore. */
int dr_game_undo(dr_game *g)
{
    if (g->len <= 1) return -1;
    g->len--;
    return 0;
}

/* ccgc: start (or restart) the refusing side's 40-move count at the current ply. */
void dr_game_refuse_draw(dr_game *g, dr_side refuser)
{
    g->refuser = refuser;
    g->hist[g->len - 1].refusal = 0;
}

/* Occurrences of the current position: only positions since the last man move or
 * capture can equal it, and only those with the same side to move (every other ply). */
int dr_game_repetitions(const dr_game *g)
{
    const dr_ply *cur = &g->hist[g->len - 1];
    int count = 0;
    size_t last = g->len - 1, back = (size_t)cur->quiet_king;
    for (size_t d = 0; d <= back && d <= last; d += 2) {
        const dr_pos *q = &g->hist[last - d].pos;
        if (q->hash == cur->pos.hash && dr_pos_equal(q, &cur->pos)) count++;
    }
    return count;
}

/* Is the draw rule RULE's condition met now under the game's variant (whether or not the
 * rule is switched on)?  English draws are claims: this says a claim would be upheld. */
bool dr_game_rule_holds(const dr_game *g, dr_reason rule)
{
    const dr_ply *cur = &g->hist[g->len - 1];
    dr_variant v = (dr_variant)cur->pos.variant;
    int kp = dr_variant_king_move_plies(v), rm = ru_material_limit(&cur->pos);
    switch (rule) {
    case DR_REASON_THREEFOLD: return dr_game_repetitions(g) >= 3;
    case DR_REASON_MOVE25: case DR_REASON_EN40: case DR_REASON_RU15: case DR_REASON_BR20:
        return kp && king_move_reason(v) == rule && cur->quiet_king >= kp;
    case DR_REASON_MOVE16: return cur->ending16 >= PLIES_16;
    case DR_REASON_MOVE5: return cur->ending5 >= PLIES_5;
    case DR_REASON_FRISIAN_2V1: case DR_REASON_FRISIAN_1V1:
        return cur->fr_ending >= 0 && frisian_ending(&cur->pos) &&
               (frisian_ending(&cur->pos) == PLIES_FR_1V1) == (rule == DR_REASON_FRISIAN_1V1) &&
               cur->fr_ending >= frisian_ending(&cur->pos);
    case DR_REASON_RU_3V1: return v == DR_RUSSIAN && cur->kings_3v1 >= MOVES_RU_3V1;
    case DR_REASON_POOL_3V1: return v == DR_POOL && cur->kings_3v1 >= MOVES_POOL_3V1;
    case DR_REASON_RU_MATERIAL: return rm && cur->unchanged >= rm;
    default: return false;
    }
}

/* Loss by having no move first, then the enabled draw rules (English and Italian claims
 * excepted: they never end the game by themselves, see dr_game_rule_holds). */
dr_outcome dr_game_outcome(const dr_game *g, dr_reason *reason)
{
    const dr_ply *cur = &g->hist[g->len - 1];
    dr_move moves[DR_MAX_MOVES];
    dr_reason why = DR_REASON_NONE;
    dr_outcome out = DR_ONGOING;
    dr_variant v = (dr_variant)cur->pos.variant;
    /* English and Italian draws by rule are claims: a real game of the 2005 Italian
       championship (the PDN standard's test set) goes on after a threefold repetition */
    bool claims = v == DR_ENGLISH || v == DR_ITALIAN;
    if (dr_gen_moves(&cur->pos, moves) == 0) {
        why = DR_REASON_NO_MOVES;
        out = cur->pos.side == DR_WHITE ? DR_BLACK_WINS : DR_WHITE_WINS;
    } else if (!claims && g->rules.threefold && dr_game_repetitions(g) >= 3) {
        why = DR_REASON_THREEFOLD;
    } else if (!claims && g->rules.move25 && dr_game_rule_holds(g, king_move_reason(v))) {
        why = king_move_reason(v);
    } else if (g->rules.move16 && cur->ending16 >= PLIES_16) {
        why = DR_REASON_MOVE16;
    } else if (g->rules.move5 && cur->ending5 >= PLIES_5) {
        why = DR_REASON_MOVE5;
    } else if ((g->rules.move16 || g->rules.move5) && cur->fr_ending >= 0 &&
               cur->fr_ending >= frisian_ending(&cur->pos)) {
        why = frisian_ending(&cur->pos) == PLIES_FR_1V1 ? DR_REASON_FRISIAN_1V1 : DR_REASON_FRISIAN_2V1;
    } else if (g->rules.move16 && dr_game_rule_holds(g, DR_REASON_RU_3V1)) {
        why = DR_REASON_RU_3V1;
    } else if (g->rules.move16 && dr_game_rule_holds(g, DR_REASON_POOL_3V1)) {
        why = DR_REASON_POOL_3V1;
    } else if (g->rules.move16 && dr_game_rule_holds(g, DR_REASON_RU_MATERIAL)) {
        why = DR_REASON_RU_MATERIAL;
    } else if (cur->refusal >= MOVES_REFUSED) {
        why = DR_REASON_REFUSED40;
    }
    if (why != DR_REASON_NONE && why != DR_REASON_NO_MOVES) out = DR_DRAW;
    if (reason) *reason = why;
    return out;
}

/* Words for verdicts and logs. */
const char *dr_reason_name(dr_reason r)
{
    switch (r) {
    case DR_REASON_NONE: return "none";
    case DR_REASON_NO_MOVES: return "no legal move";
    case DR_REASON_THREEFOLD: return "threefold repetition";
    case DR_REASON_MOVE25: return "25 moves each with only kings moved and no capture";
    case DR_REASON_MOVE16: return "16-move limit of the three-pieces-against-a-king ending";
    case DR_REASON_MOVE5: return "5-move limit of the small king ending";
    case DR_REASON_REFUSED40: return "40 moves after a refused draw without a win";
    case DR_REASON_FRISIAN_2V1: return "7-move limit of two kings against one (Frisian)";
    case DR_REASON_FRISIAN_1V1: return "2-move limit of one king against one (Frisian)";
    case DR_REASON_EN40: return "40 moves each without a man moved or a piece taken (English, on a claim)";
    case DR_REASON_RU15: return "15 moves each with only kings moved and no capture (Russian)";
    case DR_REASON_RU_3V1: return "15-move limit of three kings against one (Russian)";
    case DR_REASON_RU_MATERIAL: return "30/60-move limit of unchanged material with kings on both sides (Russian)";
    case DR_REASON_BR20: return "20 moves each with only kings moved and no capture (Brazilian)";
    case DR_REASON_POOL_3V1: return "13-move limit of three kings against one (pool)";
    }
    return "unknown";
}
