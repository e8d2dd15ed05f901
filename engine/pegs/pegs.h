/* pegs.h -- peg solitaire 孔明棋 (RULES.md section 9): boards, positions, jumps, the
 * position-class argument, and the exact solvers (one pair, every (start, finish) pair
 * of a board, reachable counts, the shortest solution in moves).
 *
 * A board is a set of at most 64 holes on a square grid (7x7 for the English and French
 * boards, 9x9 for the diamond and Wiegleb boards), named like a chess board: files a..,
 * ranks 1.. from the bottom left (the English centre is d4).  A position is the set of
 * holes holding a peg, as a 64-bit mask over the board's hole numbers, plus the goal
 * hole (or none: one peg anywhere).  A jump takes a peg over an orthogonally adjacent
 * peg into an empty hole and removes the jumped peg; a "move" of the notation is a chain
 * of jumps by one peg.  docs/pegs.md is the user's side. */
#ifndef BOYI_PEGS_H
#define BOYI_PEGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { PG_BOARD_ENGLISH = 0, PG_BOARD_FRENCH, PG_BOARD_DIAMOND41, PG_BOARD_WIEGLEB45, PG_BOARDS };
enum { PG_MAX_HOLES = 64, PG_MAX_GRID = 9, PG_MAX_JUMPS = 4 * PG_MAX_HOLES };
enum { PG_DIR_UP = 0, PG_DIR_DOWN, PG_DIR_RIGHT, PG_DIR_LEFT };
enum { PG_GOAL_ANY = -1 };

/* A jump as the descriptor encodes it: from | dir << 6 | PG_JUMP_BIT (never 0). */
#define PG_JUMP_BIT 0x100u
#define PG_JUMP(from, dir) ((uint32_t)(from) | (uint32_t)(dir) << 6 | PG_JUMP_BIT)
#define PG_JUMP_FROM(m) ((int)((m) & 63u))
#define PG_JUMP_DIR(m) ((int)(((m) >> 6) & 3u))

/* A board's geometry, computed once (pg_board_get) and read-only afterwards. */
typedef struct pg_board {
    const char *name;
    int kind;
    int size;                          /* grid width and height */
    int n;                             /* holes */
    int centre;                        /* the hole at the grid's centre */
    int8_t hole_at[PG_MAX_GRID * PG_MAX_GRID];   /* grid cell (rank * size + file) -> hole, -1 */
    uint8_t file[PG_MAX_HOLES], rank[PG_MAX_HOLES];
    int8_t over[PG_MAX_HOLES][4], dest[PG_MAX_HOLES][4];   /* -1 where the jump leaves the board */
    uint64_t full;                     /* every hole */
    int njumps;
    uint8_t jfrom[PG_MAX_JUMPS], jover[PG_MAX_JUMPS], jto[PG_MAX_JUMPS];
    uint8_t sym[8][PG_MAX_HOLES];      /* the square's 8 symmetries as hole permutations ([0]: identity) */
    uint64_t symtab[8][8][256];        /* sym s of byte c of a mask: symtab[s][c][byte] */
    uint64_t diag[2][3];               /* holes with (file+rank) % 3 == r, (file-rank) % 3 == r */
} pg_board;

/* The position value of the game descriptor (plain bytes: copy with memcpy). */
typedef struct pg_pos {
    uint64_t pegs;                     /* bit h: hole h holds a peg */
    uint64_t hash;                     /* kept incrementally */
    int8_t board;                      /* PG_BOARD_* */
    int8_t goal;                       /* the hole of the last peg, or PG_GOAL_ANY */
    uint8_t pad[6];                    /* always zero */
} pg_pos;

/* Boards. */
const pg_board *pg_board_get(int kind);
int pg_board_find(const char *name);           /* PG_BOARD_*, or -1 */
const char *pg_board_names(void);              /* "english, french, diamond41, wiegleb45" */
/* HOLE's name ("d4") into BUF (at least 4 bytes). */
void pg_hole_name(const pg_board *b, int hole, char *buf);
/* A hole's name at S: the hole, or -1 (no such cell, or a cell that is not a hole);
 * *LEN gets the characters read (0 when S does not start like a name). */
int pg_hole_parse(const pg_board *b, const char *s, int *len);
/* MASK under symmetry S, and the least image under the 8 symmetries (the canonical
 * form; *SYM gets a symmetry that gives it, when not NULL). */
uint64_t pg_transform(const pg_board *b, int s, uint64_t mask);
uint64_t pg_canonical(const pg_board *b, uint64_t mask, int *sym);
/* The least image of MASK under the symmetries SYMS[0..NSYMS) (a group: the canonical
 * form under the symmetries that fix a start). */
uint64_t pg_canonical_in(const pg_board *b, const int *syms, int nsyms, uint64_t mask);
/* The position class of a set of pegs (0..15): what a jump never changes (the parities
 * of the counts on the three diagonal classes each way).  Two positions of different
 * classes are never reachable from one another. */
int pg_class(const pg_board *b, uint64_t mask);

/* Positions and jumps. */
uint64_t pg_hash_scratch(const pg_pos *p);
void pg_pos_set(pg_pos *p, int board, uint64_t pegs, int goal);
int pg_legal(const pg_pos *p, uint32_t *out);             /* in hole then direction order */
static inline int pg_count(uint64_t m) { return __builtin_popcountll(m); }
bool pg_is_legal(const pg_pos *p, uint32_t m);
void pg_play(pg_pos *p, uint32_t m);
void pg_unplay(pg_pos *p, uint32_t m);
int pg_jump_dest(const pg_board *b, uint32_t m);          /* the landing hole */
/* Solved: one peg left, at the goal if one is set. */
bool pg_solved(const pg_pos *p);
/* Position text: "english xxx/xxx/xxxxxxx/xxx.xxx/xxxxxxx/xxx/xxx goal d4": the board,
 * its rows from the top rank down, each of its holes left to right ('x' peg, '.' empty),
 * and the goal hole or "any". */
int pg_pos_from_text(pg_pos *p, const char *default_board, const char *text, char *err, size_t errlen);
void pg_pos_to_text(const pg_pos *p, char *buf, size_t n);
/* Jump text "d2-d4"; reading checks it is a legal jump here. */
int pg_move_to_text(const pg_pos *p, uint32_t m, char *buf, size_t n);
int pg_move_from_text(const pg_pos *p, const char *text, uint32_t *m, char *err, size_t errlen);
/* The jump from FROM to TO on board B (legal or not), 0 if they are not two apart in a line. */
uint32_t pg_jump_between(const pg_board *b, int from, int to);

/* Solvers (pg_solve.c).  Lines are jumps in the descriptor's encoding. */
typedef struct pg_line {
    uint32_t jumps[PG_MAX_HOLES];
    int n;
} pg_line;
typedef struct pg_stats {
    uint64_t node_limit;               /* in: stop after so many positions (0: none) */
    uint64_t nodes;                    /* out: positions expanded */
    size_t memo_bytes;                 /* out: the dead-position memo's largest size */
    bool no_pagoda;                    /* in: no pagoda pruning (to compare) */
    uint64_t pruned;                   /* out: positions cut by a pagoda function */
    int lp_depth;                      /* in: linear-programmed pagodas this many jumps deep (0: default, <0: none) */
    int64_t lp_every;                  /* in: and at every so many'th position deeper (0: default 4096, <0: never) */
    size_t memo_max_bytes;             /* in: the dead-position memo's budget (0: default 1 GiB) */
    uint64_t memo_replaced;            /* out: memo entries given up for new ones at the budget */
    uint64_t lp_calls, lp_found;       /* out: programmes solved, functions found by them */
    int beam_width;                    /* in: beam searches of this width tried first (pg_beam; 0: none) */
    uint64_t beam_nodes;               /* out: positions the beams expanded */
    bool levels;                       /* in: after the beams, decide each finish by pg_prove_meet (budget memo_max_bytes) */
    uint64_t level_positions;          /* out: positions the levels kept */
    size_t level_bytes;                /* out: their largest working set */
} pg_stats;
/* The beam width the CLI and the descriptor's engine use (a few seconds on 41 holes). */
enum { PG_BEAM_WIDTH_DEFAULT = 20000 };
/* Is there a way from PEGS to one peg (at GOAL, or anywhere with PG_GOAL_ANY)?  1 with
 * the line, 0 proved impossible (exhaustive search), 2 the node limit stopped it
 * first, 3 (st->levels: after the beams, levels met in the middle decide instead of
 * the depth-first search) the levels passed their budget st->memo_max_bytes, -1 error. */
int pg_solve(const pg_board *b, uint64_t pegs, int goal, pg_line *line, pg_stats *st, char *err, size_t errlen);
/* Every one-peg finish from PEGS at the holes of WANTED (which must be closed under the
 * symmetries that fix PEGS): found[h] gets a line for each reachable h (reach gets bit
 * h); the rest of WANTED is proved unreachable.  0, 2 (node limit), 3 (st->levels: the
 * levels passed their memory budget; the rest of WANTED undecided), or -1. */
int pg_solve_finishes(const pg_board *b, uint64_t pegs, uint64_t wanted, uint64_t *reach, pg_line *found,
                      pg_stats *st, char *err, size_t errlen);
/* Replay LINE from PEGS: 0 if every jump is legal and the end is one peg (at GOAL
 * unless PG_GOAL_ANY), else -1 with the reason. */
int pg_verify(const pg_board *b, uint64_t pegs, int goal, const pg_line *line, char *err, size_t errlen);
/* Moves (chains of jumps by one peg) in LINE. */
int pg_line_moves(const pg_board *b, const pg_line *line);

/* Beam search for solutions (pg_beam.c): level by level, the WIDTH best positions by
 * a score (w_dist: summed distance of the pegs to the centre, w_iso: pegs with no
 * neighbour, minus w_mob: jumps available; ties by a hash with SEED) kept, duplicates
 * under the start's symmetries dropped, pagoda-hopeless children cut.  It proves
 * nothing: each reachable finish of WANTED it meets gets a line in found[h] (bit h of
 * *REACH); *NODES (if not NULL) grows by the positions expanded.  0, or -1 (memory). */
typedef struct pg_beam_opts {
    int width;
    int w_dist, w_iso, w_mob;
    uint64_t seed;
} pg_beam_opts;
int pg_beam(const pg_board *b, uint64_t pegs, uint64_t wanted, const pg_beam_opts *o, uint64_t *reach,
            pg_line *found, uint64_t *nodes, char *err, size_t errlen);

/* Pagoda functions (pg_pagoda.c): F is one when f(a) + f(b) >= f(c) for every jump a
 * over b into c, so that no jump raises the sum of f over the pegs.  pg_pagodas writes
 * at most MAX distinct ones with f(TARGET) > 0 into OUT and returns how many. */
bool pg_pagoda_valid(const pg_board *b, const int32_t *f);
int pg_pagodas(const pg_board *b, int target, int32_t (*out)[PG_MAX_HOLES], int max);
/* The best pagoda function for PEGS and TARGET by linear programming (pg_lp.c): 1 with
 * F an integer pagoda function whose sum over PEGS is below F(TARGET) (checked: PEGS
 * never becomes the one peg at TARGET), 0 none found, -1 out of memory. */
int pg_pagoda_lp(const pg_board *b, uint64_t pegs, int target, int32_t *f);

/* Which finishes of WANTED (closed under the symmetries fixing PEGS) are reachable from
 * PEGS, decided level by level with pagoda pruning (pg_prove.c): 0 with *REACH (the
 * rest of WANTED proved unreachable; no lines), 2 when a level passed BUDGET bytes (0:
 * PG_LEVELS_BUDGET_DEFAULT; ERR says which), -1 error. */
typedef struct pg_prove_stats {
    uint64_t positions;                /* out: positions kept, summed over the levels */
    uint64_t widest;                   /* out: the largest level */
    int levels;                        /* out: levels made */
    size_t peak_bytes;                 /* out: the largest working set */
    uint64_t pruned;                   /* out: children cut by pagoda functions */
    uint64_t lp_calls, lp_found;       /* out: linear programmes, functions found */
} pg_prove_stats;
int pg_prove_levels(const pg_board *b, uint64_t pegs, uint64_t wanted, size_t budget, uint64_t *reach,
                    pg_prove_stats *st, char *err, size_t errlen);
/* Is the one peg at GOAL reachable from PEGS?  Decided by levels from both ends met in
 * the middle (pg_prove.c): forward from PEGS, and forward from "every hole but GOAL"
 * towards the complement of PEGS (time reversal).  1 with a solution in LINE (replayed),
 * 0 proved impossible, 2 when the levels passed BUDGET bytes (0: the default; ERR says
 * which), -1 error. */
int pg_prove_meet(const pg_board *b, uint64_t pegs, int goal, size_t budget, pg_line *line, pg_prove_stats *st,
                  char *err, size_t errlen);

/* Every (start, finish) pair of single-vacancy starts and one-peg finishes. */
/* PG_PAIR_PAGODA: impossible by one pagoda function (found by the linear programme at
 * the start itself and checked in integers): the start's sum is below the finish's value.
 * The undecided kinds (OPEN, BUDGET) come last: how >= PG_PAIR_OPEN is "undecided". */
enum { PG_PAIR_SOLVED = 1, PG_PAIR_CLASS = 2, PG_PAIR_SEARCH = 3, PG_PAIR_PAGODA = 4, PG_PAIR_OPEN = 5,
       PG_PAIR_BUDGET = 6, PG_PAIR_KINDS = 7 };
typedef struct pg_table {
    int n;                             /* holes: the table is n x n */
    uint8_t *how;                      /* how[s * n + t]: PG_PAIR_* */
    pg_line *line;                     /* line[s * n + t]: the solution where solved */
    uint64_t nodes, pruned;
    uint64_t lp_calls, lp_found;       /* linear programmes solved, pagoda functions they gave */
    size_t memo_bytes;
    uint64_t beam_nodes;               /* positions the beam searches expanded */
    uint64_t level_positions;          /* positions kept by the level-by-level proofs */
    size_t level_bytes;                /* their largest working set */
} pg_table;
/* NODE_LIMIT bounds the search of each start: the finishes it has not found by then are
 * PG_PAIR_OPEN (undecided) instead of proved impossible.  Without it (0) the finishes
 * the beams do not find are decided one at a time by levels met in the middle
 * (pg_prove_meet, within MEMO_BYTES, 0: 2 GiB): over that budget they are PG_PAIR_BUDGET
 * (undecided).  LP_DEPTH as in
 * pg_stats, MEMO_BYTES as pg_stats.memo_max_bytes, BEAM_WIDTH as pg_stats.beam_width.  A pair (s, f) is decided with its dual (f, s): a line of one, reversed, is a
 * line of the other (time reversal on complements); only the pairs whose dual is not yet
 * decided are searched.  Before any search each wanted finish is put to the linear
 * programme at the start (pg_pagoda_lp): a function it proves is PG_PAIR_PAGODA. */
int pg_table_build(const pg_board *b, uint64_t node_limit, int lp_depth, size_t memo_bytes, int beam_width, pg_table *t,
                   char *err, size_t errlen);
void pg_table_free(pg_table *t);

/* Level-by-level enumeration (pg_levels.c). */
typedef struct pg_count_result {
    uint64_t reachable;                /* positions reachable, the start included */
    uint64_t up_to_symmetry;           /* the same counted once per orbit of the 8 symmetries */
    size_t peak_bytes;                 /* the largest working set held */
    uint64_t level[PG_MAX_HOLES + 1];  /* positions up to symmetry after k jumps */
    int levels;                        /* the levels made */
} pg_count_result;
/* BUDGET bytes (0: PG_LEVELS_BUDGET_DEFAULT) bound what the levels hold at once: over
 * it, -1 with a message naming the last level made, its size and growth (OUT keeps the
 * levels made). */
#define PG_LEVELS_BUDGET_DEFAULT ((size_t)2 << 30)
int pg_count_reachable(const pg_board *b, uint64_t pegs, size_t budget, pg_count_result *out, char *err, size_t errlen);
/* The fewest moves (chains by one peg) from PEGS to one peg at GOAL (or anywhere): 1
 * with a shortest line, 0 if none, -1 error. */
int pg_min_moves(const pg_board *b, uint64_t pegs, int goal, size_t budget, pg_line *line, int *moves,
                 pg_count_result *mem, char *err, size_t errlen);

#endif
