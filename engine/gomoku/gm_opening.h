/* gm_opening.h -- the opening rules of Gomoku and Renju: who places the first stones,
 * where, when the players may swap colours, and the fifth-move offers.
 *
 * Rules (docs/gomoku-openings.md cites the texts):
 *   free         the contest's: black's first stone on H8 under renju, anywhere else;
 *                no swap, no offers
 *   swap         the first player places 3 stones (black, white, black) anywhere; the
 *                other player chooses his colour (one decision after move 3)
 *   swap2        Gomocup / Gomoku World Championship: 3 stones anywhere; the other
 *                player takes black (swap), stays white (stay), or places moves 4 and 5
 *                (put2), after which the first player chooses (stay or swap)
 *   rif          RIF 1996: stones 1-3 (all by the first player) on H8, in the central
 *                3x3 and 5x5 (the 26 openings); swap after 3; move 4 anywhere; black
 *                offers exactly 2 fifth moves, not symmetrical; white keeps one
 *   soosorv8     RIF Soosõrv-8: one of the 26 openings; swap after 3; white plays move 4
 *                anywhere and declares N in 1..8; swap after 4; black offers N fifth
 *                moves, not symmetrical; white keeps one
 *   taraguchi10  RIF Taraguchi-10: H8, swap, move 2 in 3x3, swap, move 3 in 5x5, swap,
 *                move 4 in 7x7; then either a swap, move 5 in 9x9 and a swap, or black
 *                offers 10 fifth moves anywhere (not symmetrical) and white keeps one
 * A "swap" exchanges the colours the two players hold; "stay" keeps them.  The player
 * who places the first stone is the opening's first player (tentative black). */
#ifndef BOYI_GM_OPENING_H
#define BOYI_GM_OPENING_H

#include <stdbool.h>
#include <stddef.h>

#include "gomoku.h"

typedef enum {
    GM_OPEN_FREE = 0,
    GM_OPEN_SWAP,
    GM_OPEN_SWAP2,
    GM_OPEN_SOOSORV8,
    GM_OPEN_TARAGUCHI10,
    GM_OPEN_RIF
} gm_opening;
#define GM_OPENING_NAMES "free, swap, swap2, soosorv8, taraguchi10, rif"

/* The names above, case-insensitive, blanks, '-' and '_' ignored, a trailing "rule"
 * or "opening" too ("Soosõrv-8", "soosyrv 8", "Taraguchi-10", "Swap 2", "RIF rule");
 * also "swap1", "centre".  0, or -1 when the name is not an opening rule. */
int gm_opening_from_name(const char *name, gm_opening *op);
const char *gm_opening_name(gm_opening op);

typedef enum { GM_CHOICE_STAY = 0, GM_CHOICE_SWAP, GM_CHOICE_PUT2 } gm_swap_choice;
enum { GM_OPENING_MAX_DECISIONS = 8, GM_OPENING_MAX_OFFERS = 16 };

/* What a record says of its opening beyond the moves (tags "Swap", "Offers",
 * "Declared", "ChosenBy"; docs/gomoku-openings.md). */
typedef struct gm_opening_log {
    bool have_decisions;                       /* the record has a Swap tag */
    int ndec;
    gm_swap_choice dec[GM_OPENING_MAX_DECISIONS];
    bool have_offers;                          /* the record lists the fifth-move offers */
    int noffers;
    int off_x[GM_OPENING_MAX_OFFERS], off_y[GM_OPENING_MAX_OFFERS];
    int declared;                              /* Soosõrv: N as white declared it; 0 if not said */
    gm_stone chooser;                          /* the final colour of the player the record says
                                                * kept the fifth move; GM_EMPTY if it does not */
} gm_opening_log;

/* "stay swap put2 stay" (also "-" for stay, "+2" for put2, commas allowed): the
 * decisions in order.  0, or -1 with err and *err_off (byte offset in S). */
int gm_opening_parse_decisions(const char *s, gm_opening_log *log, size_t *err_off, char *err, size_t errlen);

typedef enum {
    GM_OF_NONE = 0,
    GM_OF_AREA,       /* a stone outside the area the rule gives it (about move `step`) */
    GM_OF_DECISIONS,  /* the Swap tag: a decision missing, extra or not allowed */
    GM_OF_OFFERS,     /* the Offers tag (number, points, symmetry, the one kept, the chooser) */
    GM_OF_BOARD       /* the rule cannot be played on this board */
} gm_opening_fault_kind;

typedef struct gm_opening_fault {
    gm_opening_fault_kind kind;
    int step;         /* index of the move it concerns (the stone placed, the move the
                       * decision or the offers come before); the validator reports it there */
    int item;         /* index of the decision or offer, -1 when none */
    const char *tag;  /* the record tag it is about ("Swap", "Offers", "Declared",
                       * "ChosenBy"), NULL for a stone's area or the board */
    char message[400];
} gm_opening_fault;

typedef struct gm_opening_outcome {
    int swaps;              /* colour exchanges, -1 when the record gives no decisions */
    gm_stone first_player;  /* final colour of the opening's first player, GM_EMPTY if unknown */
    bool offers_unchecked;  /* the rule has fifth-move offers the record does not list */
    bool choice_offers;     /* taraguchi10: the fifth move came from the offers (choice 2) */
} gm_opening_outcome;

/* Check the first moves XS/YS (N of them, engine coordinates; only the opening's are
 * looked at) and LOG under OP on a SIZE board with RULES.  Returns 0 (OUT filled), or 1
 * with F the first fault in the order the opening is played. */
int gm_opening_check(gm_opening op, int size, gm_rules rules, const int *xs, const int *ys, int n,
                     const gm_opening_log *log, gm_opening_outcome *out, gm_opening_fault *f);

/* True when, in the position of the four stones XS/YS (black, white, black, white), the
 * points A and B are images of each other under a symmetry of that position (one of
 * the 8 rotations and reflections, then a shift: the board's edge does not count). */
bool gm_opening_symmetric(const int *xs, const int *ys, int ax, int ay, int bx, int by);

#endif
