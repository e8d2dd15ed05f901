/* draughts.h - international draughts (10x10, FMJD rules) engine: the only public header.
 *
 * Board: the 50 dark squares are numbered 1..50 row by row, square 1 at the top left as
 * seen by white; white men start on 31..50 and move towards 1..5 (where they promote),
 * black men start on 1..20 and promote on 46..50.
 *
 * Rules implemented (FMJD Annex 1, articles 3 and 4):
 *   - men move one square diagonally forward, capture forward and backward;
 *   - kings fly: move any distance, capture at a distance and land on any empty square
 *     beyond the captured piece, continuing from any such landing square;
 *   - capture is compulsory and the sequence taking the most pieces must be played
 *     (kings and men count the same; among equal maxima the player chooses);
 *   - captured pieces stay on the board until the move ends: they may not be jumped twice
 *     and their squares block (no passing or landing on them); the moving piece's start
 *     square counts as empty during the capture;
 *   - a man promotes only if its move ends on the far row;
 *   - two capture sequences with the same start, the same end and the same set of
 *     captured pieces are one move (the convention of published perft counts);
 *   - the player who cannot move loses.
 *
 * Bitboards in the public structs use bit (s-1) for square s.
 */
#ifndef BOYI_DRAUGHTS_H
#define BOYI_DRAUGHTS_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

enum { DR_SQUARES = 50, DR_MAX_MOVES = 256, DR_MAX_PATH = 24, DR_FEN_MAX = 256 };

typedef enum { DR_WHITE = 0, DR_BLACK = 1 } dr_side;

/* The rule variant a position is played under (variant.c, v8_movegen.c): international
 * (10x10, the rules above) or one of the 8x8 games, whose squares are 1..32 (bit s-1)
 * with white on 21..32 moving towards 1..4 and black on 1..12; docs/draughts-variants.md. */
typedef enum {
    DR_INTERNATIONAL = 0, /* PDN GameType 20 */
    DR_ENGLISH,           /* 21: English/American checkers: short kings, men capture forward, free choice */
    DR_ITALIAN,           /* 22: short kings, men capture forward and never a king, quality rules */
    DR_RUSSIAN,           /* 25: flying kings, men capture backward, crowned mid-capture, free choice */
    DR_BRAZILIAN,         /* 26: international rules on 8x8 (majority capture) */
    DR_CZECH,             /* 29: flying kings, men capture forward, a king must capture if it can */
    DR_FRISIAN,           /* 40: 10x10, captures in eight directions, value rule, king-move limit */
    DR_POOL,              /* 23: American pool checkers: flying kings, men capture backward, free choice */
    DR_SPANISH,           /* 24: the Italian board, flying kings, men capture forward, most pieces then most kings */
    DR_VARIANTS
} dr_variant;

typedef struct dr_pos {
    uint64_t white, black, kings; /* bit (s-1) for square s */
    dr_side side;                 /* side to move */
    uint8_t variant;              /* dr_variant; 0 (international) in a zeroed position */
    uint8_t fr_king[2];           /* Frisian only (0 elsewhere), per side: the king that made the
                                     last non-capturing moves in a row, square | count << 6
                                     (count 1..3; 0 = none); part of the position and hash */
    uint64_t hash;                /* Zobrist hash of pieces and side; kept by every API call */
} dr_pos;

typedef struct dr_move {
    uint64_t captured;  /* bit (s-1) for each captured square s; 0 for a plain move */
    uint8_t from, to;   /* squares 1..50; equal for a capture that returns to its start */
    uint8_t promotes;   /* 1 if a man ends on the far row */
    uint8_t ncaptured;  /* number of captured pieces (popcount of captured) */
    uint8_t king;       /* 1 if the moving piece is a king */
} dr_move;

/* ---- position (board.c) ---------------------------------------------------------- */

/* The start position with `first` to move (DR_WHITE for FMJD, DR_BLACK for ccgc). */
void dr_pos_start(dr_pos *p, dr_side first);

/* Parse a PDN FEN: `W:W31-50:B1-20`, `B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29`.
 * Side letter W, B or `?` (unknown: treated as white and reported via *side_unknown when
 * non-NULL); colour lists in either order, either may be missing or empty; items are
 * squares, ranges `a-b`, with a `K` prefix for kings (`K1-3` makes three kings);
 * an optional trailing '.', whitespace anywhere between tokens, case-insensitive letters.
 * Rejected (returns -1, reason in err): bad syntax, a square outside 1..50, a square
 * listed twice.  Positions that no game reaches are read (problems use them); ask
 * dr_pos_unreachable about them. Returns 0 on success. */
int dr_pos_from_fen(dr_pos *p, const char *fen, bool *side_unknown, char *err, size_t errlen);

/* Can no game from the start position reach P?  True, with the reason in WHY, for a
 * man on its own promotion row (white man on 1..5, black man on 46..50: it would have
 * been crowned) or a side with more than 20 pieces.  Such a man still moves and takes
 * as a man (it cannot step off the board). */
bool dr_pos_unreachable(const dr_pos *p, char *why, size_t n);

/* Canonical FEN: side, then white's then black's squares in increasing order, K for kings,
 * no ranges, no trailing dot: `W:W31,32,...,50:B1,...,20`. DR_FEN_MAX bytes always suffice;
 * a smaller buffer gets a truncated, NUL-terminated string. */
void dr_pos_to_fen(const dr_pos *p, char *buf, size_t n);

/* Zobrist hash computed from scratch (what p->hash must equal). */
uint64_t dr_pos_hash(const dr_pos *p);

/* Same placement and side to move (hash not compared). */
bool dr_pos_equal(const dr_pos *a, const dr_pos *b);

/* Apply a move produced by dr_gen_moves for this position (not validated).
 * Copy-make: callers that need the old position keep their own copy. */
void dr_make(dr_pos *p, const dr_move *m);

/* ---- move generation (movegen.c) ---------------------------------------------------- */

/* Legal moves only (maximum capture applied, duplicates removed), sorted by from square,
 * then to square, then captured set (as a number). Returns the count; -1 if the position has more than DR_MAX_MOVES legal moves
 * (impossible with 20 pieces a side as far as known; possible in FENs with more). */
int dr_gen_moves(const dr_pos *p, dr_move *out);
/* The game descriptor's number for M, one of the legal moves ALL[0..N) of its position
 * (engine/core/game.h: from | to << 6 | k << 12, plus a capture bit); 0 if absent. */
uint32_t dr_desc_move(const dr_move *all, int n, const dr_move *m);

/* The landing squares of a capture move (excluding from, including to), in the order
 * jumped, for writing full paths (`28x19x10`) and for telling ambiguous captures apart.
 * When several orders capture the same set, the first found is returned.
 * Returns the path length (= m->ncaptured); 0 for a non-capture; -1 if m is not a
 * capture sequence available in p. Re-searches: not fast. */
int dr_move_path(const dr_pos *p, const dr_move *m, uint8_t path[DR_MAX_PATH]);

/* Number of pieces the best capture takes for the side to move (0 if none), and one
 * origin square of such a capture in *from_sq (when non-NULL; 0 if none). */
int dr_max_capture_available(const dr_pos *p, int *from_sq);

/* Find the legal move with these from/to squares and captured set (compact bits;
 * pass captured = 0 to match a plain move). Returns its index in the dr_gen_moves
 * order, or -1. `*out` receives the move when found. */
int dr_find_move(const dr_pos *p, int from, int to, uint64_t captured, dr_move *out);

/* ---- judge (judge.c) ---------------------------------------------------------------- */

/* Explain why a move from..to (a capture if is_capture) that a record claims is not legal
 * in p; NULL if it matches a legal move (same from, to and kind). The explanation is
 * written into buf (n bytes) and buf is returned. Messages are the judge's words:
 *   "square 51 does not exist", "there is no piece on 32", "the piece on 32 is black's",
 *   "square 28 is occupied", "a man cannot move backwards without capturing",
 *   "a man moves one square diagonally", "a king moves along a diagonal",
 *   "the king's path from 46 to 5 is blocked on 28",
 *   "a capture is compulsory: 1 piece can be taken (from 27)",
 *   "a capture of 3 pieces was available (from 28); this move captures 1",
 *   "no capture from 28 ends on 19", "no capture is possible in this position",
 *   "32x28 captures nothing: a plain move is written 32-28",
 *   "28-19 is a capture: it is written 28x19", "a move must leave square 28";
 *   fallbacks "32-29 is not a legal move" / "32x23 is not a legal capture". */
const char *dr_illegal_reason(const dr_pos *p, int from, int to, bool is_capture, char *buf, size_t n);

/* ---- perft (perft.c) ------------------------------------------------------------------ */

/* Leaf count at `depth` plies (bulk counting at the last ply, duplicates removed, no hash
 * table). depth 0 returns 1. Positions without moves above the last ply count 0. */
uint64_t dr_perft(const dr_pos *p, int depth);

enum { DR_PERFT_KEEP_DUPLICATES = 1 }; /* flags for dr_perft_ex */
/* dr_perft with options: DR_PERFT_KEEP_DUPLICATES counts capture sequences that take the
 * same set in a different order as separate moves (the other convention some published
 * tables use; a king's choice of intermediate landing square on a straight run is never
 * a separate move). */
uint64_t dr_perft_ex(const dr_pos *p, int depth, unsigned flags);

/* Per-move perft ("divide"): counts[i] = perft of the i-th move of dr_gen_moves, at depth-1.
 * Returns the number of moves (-1 as dr_gen_moves). */
int dr_perft_divide(const dr_pos *p, int depth, dr_move *moves, uint64_t *counts);

/* Run dr_perft and return the elapsed seconds (CLOCK_MONOTONIC); *nodes gets the count. */
double dr_bench_perft(const dr_pos *p, int depth, uint64_t *nodes);

/* ---- game state and draw rules (rules.c) ------------------------------------------- */

/* Rule options. All draw rules off by default; first = DR_WHITE (FMJD).
 * Counting (FMJD Annex 1 article 6; "a move" below is one player's move, "moves each"
 * means both players, so N moves each = 2N plies):
 *   threefold (6.2): draw when the same position (same placement of men and kings, same
 *       side to move) occurs for the third time, not necessarily in a row. Positions are
 *       compared exactly (not only by hash); the start position counts as an occurrence.
 *   move25 (6.3): draw when 25 moves each (50 plies) in a row were king moves without
 *       capture: the counter counts plies since the last man move or capture.
 *   move16 (6.4): with three pieces, at least one a king, against a lone king (three
 *       kings, two kings and a man, a king and two men, against one king): draw after 16
 *       moves each (32 plies) counted from the first position with that material.
 *       A promotion inside the ending (king + two men -> two kings + man) keeps counting.
 *   move5  (6.5): with at most two pieces, at least one a king, against a lone king (two
 *       kings, a king and a man, or a king, against one king): draw after 5 moves each
 *       (10 plies) counted from the first position with that material. A promotion inside
 *       it keeps counting. Decision (the rule texts at hand do not settle it): when a
 *       capture turns a 16-move ending into a 5-move one, the 5-move count starts and the
 *       16-move count keeps running; whichever limit is reached first draws.
 *   The 25-move counter keeps running in the small endings; whichever limit comes first
 *   ends the game.
 *   ccgc refused draw (seed rule, caller-started): after dr_game_refuse_draw(g, s), side s
 *       must win within 40 further moves of its own: once s has made 40 moves since the
 *       refusal and the opponent still has a move, the game is a draw.
 * The 8x8 variants' own rules take the place of these under the same switches
 * (docs/draughts-variants.md gives the sources and Decisions):
 *   move25: English 40 moves each without a man moved or a piece taken (80 plies; a
 *       claim), Russian 15 moves each of kings only without capture (30 plies),
 *       Brazilian 20 moves each (40 plies), Czech the FMJD 25; Italian none.
 *   move16: Brazilian the FMJD 16-move ending; Russian three kings or more against a
 *       lone king (no men) drawn when the strong side's 15th move since that material
 *       arose did not take the king, and with kings on both sides the material unchanged
 *       (no capture, no man crowned) for 30 moves each with 4-5 pieces on the board or
 *       60 moves each with 6-7 pieces; pool three kings or more against a lone king drawn
 *       after the strong side's 13th move.  move5: Brazilian the FMJD 5-move ending.
 *   threefold: every variant; English and Italian as a claim.  Claims never end the
 *       game in dr_game_outcome (see dr_game_rule_holds).
 * The side to move having no legal move is checked first: it loses even if a draw limit
 * was reached by the same move. */
typedef struct dr_rules {
    bool threefold, move25, move16, move5;
    dr_side first;
    dr_variant variant;    /* DR_INTERNATIONAL unless a variant's name was given */
} dr_rules;

/* All draw rules off, white first. */
void dr_rules_default(dr_rules *r);
/* Named rule sets: "fmjd" (white first) and "ccgc" (black first); only the starting side
 * differs, draw options are left as they are.  A variant's name ("english", "italian",
 * "pool", "spanish", "russian", "brazilian", "czech", "frisian") selects it with its own
 * first side (English and pool: black). Returns 0, or -1 with err for an unknown name. */
int dr_rules_by_name(dr_rules *r, const char *name, char *err, size_t errlen);

typedef enum { DR_ONGOING = 0, DR_WHITE_WINS, DR_BLACK_WINS, DR_DRAW } dr_outcome;
typedef enum {
    DR_REASON_NONE = 0,
    DR_REASON_NO_MOVES,    /* side to move has no legal move (no pieces or all blocked) */
    DR_REASON_THREEFOLD,
    DR_REASON_MOVE25,
    DR_REASON_MOVE16,
    DR_REASON_MOVE5,
    DR_REASON_REFUSED40,   /* ccgc: 40 moves after a refused draw */
    DR_REASON_FRISIAN_2V1, /* Frisian: two kings against one, 7 moves each (under move16 or move5) */
    DR_REASON_FRISIAN_1V1, /* Frisian: one king against one, 2 moves each (under move16 or move5) */
    DR_REASON_EN40,        /* English: 40 moves each, no man moved, nothing taken (under move25; a claim) */
    DR_REASON_RU15,        /* Russian: 15 moves each of kings only without capture (under move25) */
    DR_REASON_RU_3V1,      /* Russian: three kings or more against one, 15 moves of the strong side (under move16) */
    DR_REASON_RU_MATERIAL, /* Russian: kings on both sides, material unchanged 30 (4-5 pieces) or 60 (6-7)
                              moves each (under move16) */
    DR_REASON_BR20,        /* Brazilian: 20 moves each of kings only without capture (under move25) */
    DR_REASON_POOL_3V1     /* pool: three kings or more against one, 13 moves of the strong side (under move16) */
} dr_reason;

/* One entry per position reached (index 0 = start). */
typedef struct dr_ply {
    dr_pos pos;
    dr_move move;          /* the move that led to pos (zeroed for index 0) */
    int32_t quiet_king;    /* 25-move counter: plies of non-capturing king moves in a row
                              (also bounds the search for repetitions: men moves and
                              captures cannot be undone) */
    int32_t ending16;      /* plies since the 16-move ending began; -1 when not in it */
    int32_t ending5;       /* plies since the 5-move ending began; -1 when not in it */
    int32_t refusal;       /* moves by the refusing side since the refusal; -1 if none */
    int32_t fr_ending;     /* Frisian: plies since the kings-only ending (2v1, 1v1) began; -1 */
    int32_t kings_3v1;     /* Russian, pool: moves of the strong side since three kings (or more)
                              against a lone king arose; -1 when not in that ending */
    int32_t unchanged;     /* plies since the last capture or crowning (Russian material rule) */
} dr_ply;

typedef struct dr_game {
    dr_rules rules;
    dr_ply *hist;          /* growable; hist[len-1] is the current position */
    size_t len, cap;
    dr_side refuser;       /* valid while hist[len-1].refusal >= 0 */
} dr_game;

/* Start a game from `start` (NULL: the start position with rules->first to move; rules
 * NULL: dr_rules_default). Returns 0, or -1 with err (allocation failure). */
int dr_game_init(dr_game *g, const dr_rules *rules, const dr_pos *start, char *err, size_t errlen);
void dr_game_free(dr_game *g);
/* The current position. */
const dr_pos *dr_game_pos(const dr_game *g);
/* Play a move; it must be legal in the current position (checked: from, to and captured
 * set). Returns 0, or -1 with err (illegal move, game already over is NOT checked, or
 * allocation failure). */
int dr_game_play(dr_game *g, const dr_move *m, char *err, size_t errlen);
/* Take back the last move; returns -1 at the start position. */
int dr_game_undo(dr_game *g);
/* ccgc: `refuser` refused a draw offer now; starts its 40-move count (restarts if called again). */
void dr_game_refuse_draw(dr_game *g, dr_side refuser);
/* The result of the current position under g->rules; *reason (when non-NULL) says why. */
dr_outcome dr_game_outcome(const dr_game *g, dr_reason *reason);
/* Does the draw rule RULE hold now under the variant's own rules (on or off)?  English
 * draws (threefold, 40 moves) and the Italian threefold are claims: dr_game_outcome never
 * ends those games by them; a record that ends drawn naming the rule is checked with this. */
bool dr_game_rule_holds(const dr_game *g, dr_reason rule);
/* Plies of non-capturing king moves in a row that draw under V's move-count rule (FMJD 50,
 * English 80, Russian 30, Brazilian 40; Italian 0: none). */
int dr_variant_king_move_plies(dr_variant v);
/* How many times the current position has occurred (including now). */
int dr_game_repetitions(const dr_game *g);
/* Human-readable name of a reason ("no legal move", "threefold repetition", ...). */
const char *dr_reason_name(dr_reason r);

/* ---- 8x8 variants (variant.c, v8_movegen.c) ------------------------------------- */

/* "international", "english", "italian", "russian", "brazilian", "czech", "frisian". */
const char *dr_variant_name(dr_variant v);
/* The variant of a name (also "american", "checkers", "draughts"/"fmjd"/"ccgc" for
 * international); -1 if unknown. */
int dr_variant_by_name(const char *name);
/* PDN GameType number <-> variant; -1 for a game type without a variant here. */
int dr_variant_of_game_type(int game_type);
int dr_variant_game_type(dr_variant v);
/* Squares on the board: 50 (international, Frisian) or 32. */
int dr_variant_squares(dr_variant v);
/* The side that moves first in the variant's own rules (English: black). */
dr_side dr_variant_first(dr_variant v);
/* The start position of V with FIRST to move. */
void dr_pos_start_variant(dr_pos *p, dr_variant v, dr_side first);
/* Put a position read from a FEN under variant V: fails (-1, err) when a square is
 * beyond V's board.  Sets p->variant. */
int dr_pos_set_variant(dr_pos *p, dr_variant v, char *err, size_t errlen);
/* Square of file (0 = a) and rank (1 = white's first row) on V's board, 0 for a light
 * square or off the board; and back (returns false for a bad square). */
int dr_variant_square_at(dr_variant v, int file, int rank);
bool dr_variant_coords(dr_variant v, int sq, int *file, int *rank);

#endif
