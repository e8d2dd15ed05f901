/* dr_moves_text.h -- draughts moves as text: reading a written move against a position
 * (short "32-28" / "19x30", full paths "28x19x10", Hub lists "28x10x23x14",
 * alphanumeric "a3b4"), and writing moves by the PDN writing rules. */
#ifndef BOYI_DR_MOVES_TEXT_H
#define BOYI_DR_MOVES_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "draughts.h"

enum { DR_WRITTEN_MAX = 32 };

/* A move as written, squares already numeric. */
typedef struct dr_written {
    int sq[DR_WRITTEN_MAX];
    int n;              /* number of squares (>= 2) */
    bool capture;       /* written with 'x' or ':' */
    bool alpha;         /* written with alphanumeric squares */
} dr_written;

/* Parse move text (no blanks): squares separated by '-', 'x' or ':', or two
 * alphanumeric squares side by side.  Alphanumeric squares are mapped onto the 10x10
 * board (a1 = 46, lower left, as white sees it).  Returns 0, or -1 with a reason. */
int dr_written_parse(const char *text, dr_written *w, char *err, size_t errlen);

/* Spanish records (GameType 24, PDN notation N1, the tag's default) number the squares
 * from white's bottom right (1 = h1, white on 1..12); boyi's Spanish board keeps the
 * Italian numbering (N2: 1 = a8, white on 21..32), the same squares turned half a turn:
 * s <-> 33 - s.  True when a record of variant V with notation field NOTATION ("" when
 * the tag gives none) is numbered that way. */
bool dr_written_renumbered(dr_variant v, const char *notation);
/* Renumber W's numeric squares (s -> 33 - s); alphanumeric moves are left alone. */
void dr_written_renumber(dr_written *w);
/* Renumber an 8x8 position read from such a record's FEN (s -> 33 - s). */
void dr_pos_renumber(dr_pos *p);

/* Square number of column COL (0 = a) and rank RANK (1 = white's first row) on the
 * 10x10 board; 0 for a light square or off the board. */
int dr_square_of_alpha(int col, int rank);

typedef enum { DR_RESOLVE_OK = 0, DR_RESOLVE_ILLEGAL, DR_RESOLVE_AMBIGUOUS } dr_resolve_status;

/* Find the legal move of P that W means.  Two squares: the move from..to (a capture
 * written from x to must be unambiguous).  More squares: a capture path (each square
 * after the first a landing square, in order; squares may be left out as long as the
 * rest pins the move) or, failing that, Hub order (from, to, captured squares in any
 * order).  On OK *out is the move; WARN (when non-NULL) gets a note about sloppy
 * writing (a capture written with '-', a plain move with 'x'), else "".  On ILLEGAL or
 * AMBIGUOUS, WHY says why in a judge's words. */
dr_resolve_status dr_resolve_move(const dr_pos *p, const dr_written *w, dr_move *out,
                                  char *why, size_t whylen, char *warn, size_t warnlen);

/* The same with P's legal moves already generated (LEGAL, NL as dr_gen_moves gives them). */
dr_resolve_status dr_resolve_move_in(const dr_pos *p, const dr_move *legal, int nl, const dr_written *w,
                                     dr_move *out, char *why, size_t whylen, char *warn, size_t warnlen);

/* The landing squares of capture M written by the PDN rule for full paths: the turning
 * squares, and where the path goes straight on, the square just behind the captured
 * piece.  path[0] = from, path[n-1] = to.  Returns n (0 for a plain move, -1 if M is
 * not available in P). */
int dr_move_written_path(const dr_pos *p, const dr_move *m, int path[DR_MAX_PATH + 1]);

/* Is capture M's "from x to" shared by another legal capture of P with other pieces? */
bool dr_move_ambiguous(const dr_pos *p, const dr_move *m);

/* M in PDN: "32-28", "19x30", or the full path "47x38x24x13x36" when from x to is
 * ambiguous.  Returns the length written (buf is always terminated). */
int dr_move_format(const dr_pos *p, const dr_move *m, char *buf, size_t n);

/* M in Hub order: "32-28", or "from x to x captured..." with the captured squares in
 * increasing order. */
int dr_move_format_hub(const dr_move *m, char *buf, size_t n);

#endif
