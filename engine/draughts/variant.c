/* variant.c - the 8x8 draughts variants' boards: names and PDN game types, the square
 * numbering, start positions, and the positions no game reaches.
 *
 * Rule: every 8x8 variant numbers its 32 dark squares 1..32 row by row from black's
 * side (rank 8) to white's (rank 1), white on 21..32 and black on 1..12.  English,
 * Russian and Brazilian boards have a dark square at a1 (white's left corner); the
 * PDN numbering puts square 1 on b8, 4 on h8, 5 on a7, 29 on a1, 32 on g1.  The Italian
 * board is turned a quarter: a1 is light, and its numbering is the mirror image
 * (1 on a8, 4 on g8, 29 on b1, 32 on h1), so that square numbers read the same way
 * from each player's seat; Spanish draughts plays on the same turned board (its
 * playing squares include h1) and takes the same numbering here.  English and pool
 * checkers start with black (the side on 1..12), the others with white.
 * Method: square <-> (file, rank) by arithmetic; a diagonal step goes through the
 * coordinates, so there are no tables to initialise. */
#include "core.h"
#include "draughts.h"
#include "dr_internal.h"

#include <stdio.h>
#include <strings.h>

static const char *const names[DR_VARIANTS] = {"international", "english", "italian", "russian", "brazilian", "czech", "frisian", "pool", "spanish"};
static const int game_types[DR_VARIANTS] = {20, 21, 22, 25, 26, 29, 40, 23, 24};

/* Names as the command line and the docs spell them. */
const char *dr_variant_name(dr_variant v)
{
    return (unsigned)v < DR_VARIANTS ? names[v] : "?";
}

/* --rules names, with the common aliases. */
int dr_variant_by_name(const char *name)
{
    if (!name) return -1;
    for (int v = 0; v < DR_VARIANTS; v++)
        if (strcasecmp(name, names[v]) == 0) return v;
    if (strcasecmp(name, "american") == 0 || strcasecmp(name, "checkers") == 0) return DR_ENGLISH;
    if (strcasecmp(name, "fmjd") == 0 || strcasecmp(name, "ccgc") == 0) return DR_INTERNATIONAL;
    return -1;
}

/* PDN GameType numbers of the variants boyi plays. */
int dr_variant_of_game_type(int game_type)
{
    for (int v = 0; v < DR_VARIANTS; v++)
        if (game_types[v] == game_type) return v;
    return -1;
}

int dr_variant_game_type(dr_variant v)
{
    return (unsigned)v < DR_VARIANTS ? game_types[v] : -1;
}

int dr_variant_squares(dr_variant v)
{
    return v == DR_INTERNATIONAL || v == DR_FRISIAN ? 50 : 32;
}

/* English checkers and pool checkers (APCA rules: "the first move must always be made by
 * the person having the black pieces") are the ones where black (on 1..12) starts. */
dr_side dr_variant_first(dr_variant v)
{
    return v == DR_ENGLISH || v == DR_POOL ? DR_BLACK : DR_WHITE;
}

/* Row r (0 = rank 8) starts on file 1 (English numbering: b8, a7, b6...) or 0. */
static int row_offset(dr_variant v, int r)
{
    int even = (r % 2) == 0;
    return v == DR_ITALIAN || v == DR_SPANISH ? !even : even;   /* the turned ("roman") board */
}

int dr_variant_square_at(dr_variant v, int file, int rank)
{
    if (dr_variant_squares(v) != 32 || file < 0 || file > 7 || rank < 1 || rank > 8) return 0;
    int r = 8 - rank, off = row_offset(v, r);
    if ((file - off) % 2 != 0) return 0;
    return 4 * r + (file - off) / 2 + 1;
}

bool dr_variant_coords(dr_variant v, int sq, int *file, int *rank)
{
    if (dr_variant_squares(v) != 32 || sq < 1 || sq > 32) return false;
    int r = (sq - 1) / 4, i = (sq - 1) % 4;
    *file = 2 * i + row_offset(v, r);
    *rank = 8 - r;
    return true;
}

/* One diagonal step through the coordinates. */
int dri_v8_step(dr_variant v, int s, int dir)
{
    int f, r;
    if (!dr_variant_coords(v, s, &f, &r)) return 0;
    f += (dir & 1) ? 1 : -1;
    r += (dir & 2) ? -1 : 1;
    return dr_variant_square_at(v, f, r);
}

/* 12 men each: black on 1..12, white on 21..32. */
void dr_pos_start_variant(dr_pos *p, dr_variant v, dr_side first)
{
    if (v == DR_INTERNATIONAL || v == DR_FRISIAN) {   /* Frisian: the international setup */
        dr_pos_start(p, first);
        p->variant = (uint8_t)v;
        return;
    }
    dr_pos q = {.side = first, .variant = (uint8_t)v};
    q.black = UINT64_C(0xFFF);
    q.white = UINT64_C(0xFFF) << 20;
    q.hash = dr_pos_hash(&q);
    *p = q;
}

int dr_pos_set_variant(dr_pos *p, dr_variant v, char *err, size_t errlen)
{
    if ((unsigned)v >= DR_VARIANTS) return bo_fail(err, errlen, "unknown draughts variant %d", (int)v);
    int n = dr_variant_squares(v);
    uint64_t beyond = (p->white | p->black) & ~((UINT64_C(1) << n) - 1);
    if (beyond)
        return bo_fail(err, errlen, "square %d does not exist in %s draughts (squares 1..%d)", DRI_CTZ(beyond) + 1,
                       dr_variant_name(v), n);
    p->variant = (uint8_t)v;
    if (v != DR_FRISIAN) p->fr_king[0] = p->fr_king[1] = 0;
    p->hash = dr_pos_hash(p);
    return 0;
}

/* The 8x8 form of dr_pos_unreachable: a man on its own promotion row, over 12 pieces. */
bool dr_v8_unreachable(const dr_pos *p, char *why, size_t n)
{
    uint64_t wm = p->white & ~p->kings & UINT64_C(0xF), bm = p->black & ~p->kings & (UINT64_C(0xF) << 28);
    int nw = DRI_POPCOUNT(p->white), nb = DRI_POPCOUNT(p->black);
    if (wm || bm) {
        snprintf(why, n, "a %s man on %d, its promotion row (a man there is crowned)", wm ? "white" : "black",
                 DRI_CTZ(wm ? wm : bm) + 1);
        return true;
    }
    if (nw > 12 || nb > 12) {
        snprintf(why, n, "%s has %d pieces (a game starts with 12)", nw > 12 ? "white" : "black", nw > 12 ? nw : nb);
        return true;
    }
    if (why && n) why[0] = '\0';
    return false;
}
