/* tg_solve.h -- Two Tigers' retrograde solver over the symmetric perfect index
 * (tg_index.c, tg_solve.c), its table file, and the engine that plays from the
 * solved table (tg_engine.c). */
#ifndef BOYI_TG_SOLVE_H
#define BOYI_TG_SOLVE_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include "game.h"
#include "tigers.h"

struct bo_limits;
struct bo_tt;
struct bo_search_info;

/* The engine hook of tg_game_desc: the solved table where the position is in it
 * (BOYI_TIGERS_TABLE names the table file), else the alpha-beta. */
int tg_engine(const bo_game *g, const void *pos, const bo_hist *line, const struct bo_limits *lim,
              struct bo_tt *tt, void (*on_info)(void *ctx, const struct bo_search_info *info), void *ctx,
              struct bo_search_info *out, char *err, size_t errlen);

struct tg_index;

enum { TG_V_DRAW = 0, TG_V_WIN = 1, TG_V_LOSS = 2 };   /* for the side to move */

/* The table file: a 16-byte header ("boyi-tg2", the win layer, 7 bytes 0), then per
 * layer win+1 .. K the tigers-to-move then the dogs-to-move values, 2 bits a position
 * in tg_index order, (size + 3) / 4 bytes each. */
enum { TG_TABLE_HEADER = 16 };
/* Where layer D starts in a table whose win layer is WIN (the header counted). */
uint64_t tg_table_offset(const struct tg_index *x, int win, int d);

typedef struct tg_solve_opts {
    int win_dogs;          /* the tigers win when so few dogs are left (10: six taken) */
    int max_dogs;          /* solve the layers of win_dogs + 1 .. max_dogs dogs */
    size_t memory_mb;      /* the cap on the values held at once (0: none) */
    int threads;
    double seconds;        /* stop inside a pass once past this (0: none) */
    int check_count;       /* positions of each side of a solved layer checked again */
    const char *table;     /* the table file: finished layers are appended, and a run
                            * resumes after the layers already in it (NULL: none) */
    const char *distances; /* the distance file beside the table (NULL: no distances kept);
                            * it must hold the same layers as the table */
    int max_distance;      /* refuse a layer with a distance above this (0: 254, the most a
                            * byte holds beside 255 for a draw; the tests lower it) */
    double checkpoint_seconds;   /* save the layer in progress to "<table>.part" this
                                  * often (0: only when the budget stops the run) */
    uint64_t max_chunks;   /* stop (as the budget does) after so many chunks of passes
                            * in this run (0: no limit; the tests' interruption) */
    void (*progress)(void *ctx, int dogs, int pass, uint64_t changed, double seconds);
    /* Called with each solved layer's values (TG_V_* 2 bits a position), tigers to
     * move then dogs to move. */
    void (*layer_done)(void *ctx, int dogs, const uint8_t *tigers, const uint8_t *dogs_, const struct tg_index *x);
    /* Called with each solved layer's distances (a byte a position: the plies to the
     * next capture or the end with best play, 255 a draw), when set (they are then
     * computed even without a distance file). */
    void (*layer_dist)(void *ctx, int dogs, const uint8_t *tigers, const uint8_t *dogs_, const struct tg_index *x);
    void *ctx;
} tg_solve_opts;

typedef struct tg_solve_report {
    uint64_t size[TG_DOGS + 1];            /* indices per side to move, by dogs on the board */
    uint64_t raw_size[TG_DOGS + 1];        /* positions per side to move, no symmetry taken out */
    uint64_t positions[TG_DOGS + 1][2];    /* positions up to symmetry (indices less spares) */
    uint64_t wins[TG_DOGS + 1][2], losses[TG_DOGS + 1][2];   /* by side to move */
    int passes[TG_DOGS + 1];
    uint64_t visited;                      /* positions looked at in all passes */
    uint64_t decided[TG_DOGS + 1];         /* positions decided (the rest are draws) */
    size_t memory_bytes[TG_DOGS + 1];      /* what solving the layer holds at once */
    double seconds[TG_DOGS + 1], total_seconds;
    int resumed_dogs;                      /* the layers up to this were read from the table */
    int solved_dogs;                       /* the largest layer solved (0: none) */
    int stopped_memory, stopped_time;      /* the layer the cap or the budget stopped */
    uint64_t checked[TG_DOGS + 1], check_failed[TG_DOGS + 1];   /* the check of a solved layer */
    int start_value;                       /* TG_V_* of the start (tigers to move), -1 unknown */
    int resumed_layer, resumed_pass;       /* a layer taken up from its checkpoint, at this pass */
    int checkpoints;                       /* checkpoints written */
    int rebuilt_half;                      /* a layer whose dogs-to-move half was rebuilt */
    int with_dist;                         /* the distances below were computed */
    uint64_t win_dist[TG_DOGS + 1][2][256];   /* won positions by distance, by side to move */
    int max_loss_dist[TG_DOGS + 1][2];     /* the longest loss */
} tg_solve_report;

/* ---- reading a table (tg_engine.c) ---- */
typedef struct tg_view {
    int fd, win, top;                   /* the win layer, the largest layer in the file */
    uint64_t offset[TG_DOGS + 1];       /* where each layer starts */
    int dfd, dtop;                      /* the distance file (-1: none), its largest layer */
    const struct tg_index *x;
    const uint8_t *map;                 /* the table mapped read-only (tg_view_map), else NULL */
    size_t map_len;
} tg_view;
/* Opens a table for reading (any win layer); 0, or -1 (missing, foreign, empty). */
int tg_view_open(tg_view *t, const char *path, const struct tg_index *x);
/* Adds the distance file PATH to an open view: 0, or -1 with a reason (foreign, of
 * another win layer, or holding a layer the table does not). */
int tg_view_open_dist(tg_view *t, const char *path, char *err, size_t errlen);
/* P's distance to conversion from the distance file (0..254), or -1 (no file, outside
 * it, or P a draw). */
int tg_view_dist(const tg_view *t, const tg_pos *p);
void tg_view_close(tg_view *t);
/* The value of P (TG_V_*, its side to move) from the table, or -1 outside it (its
 * dogs on the board decide the layer). */
int tg_view_value(const tg_view *t, const tg_pos *p);
/* P's legal moves (MOVES, *N) and each one's kind by the table: 2 keeps a win (the
 * successor is lost, or the capture reaches the win layer), 1 a draw, 0 loses.
 * Returns the best kind, or -1 when P is outside the table. */
int tg_view_moves(const tg_view *t, const tg_pos *p, uint32_t *moves, int *kind, int *n);
/* As tg_view_moves, and each move's distance to conversion played from P (1 for a
 * capture, else 1 + the successor's distance; -1 for a draw or without distances). */
int tg_view_moves_dist(const tg_view *t, const tg_pos *p, uint32_t *moves, int *kind, int *dist, int *n);
/* The move of P that the table plays: keeping the best kind, and with distances the
 * winner's least distance, the loser's greatest (the first such in tg_legal order);
 * *DTC gets P's distance (or -1).  Returns the move's index in MOVES, -1 outside the
 * table or without distances or in a draw. */
int tg_view_best(const tg_view *t, const tg_pos *p, uint32_t *moves, int *n, int *dtc);
/* The engine's search with the table T: the alpha-beta restricted to the best kind of
 * root move, win_rate set from the table. */
int tg_engine_table(const tg_view *t, const bo_game *g, const void *pos, const bo_hist *line,
                    const struct bo_limits *lim, struct bo_tt *tt,
                    void (*on_info)(void *ctx, const struct bo_search_info *info), void *ctx,
                    struct bo_search_info *out, char *err, size_t errlen);

/* ---- the game's own players (tg_player.c) ---- */
/* "table" (the solved table of BOYI_TIGERS_TABLE) and "alphabeta" (never the table). */
extern const bo_player_kind tg_player_kinds[];
/* The table player's move at POS with the table T (any win layer: the tests give a
 * reduced game's): among the moves of the best kind, the alpha-beta's choice at DEPTH,
 * NODES, MOVETIME_MS (tg_engine_table), or with RANDOM one drawn from SEED, the
 * position and the line's length; with distances a won or lost position is played by
 * them (tg_view_best) either way.  0, or -1 with a reason (POS outside the table). */
int tg_table_player_move(const tg_view *t, const bo_game *g, int depth, uint64_t nodes, int64_t movetime_ms,
                         bool random, const void *pos, const bo_hist *line, uint64_t seed, struct bo_tt *tt,
                         struct bo_search_info *out, char *err, size_t errlen);

/* ---- the table checked on reachable positions (tg_check.c) ---- */
/* Maps the open table read-only (the sample check reads it a byte at a time); 0 or -1
 * with a reason.  tg_view_unmap undoes it (before tg_view_close). */
int tg_view_map(tg_view *t, char *err, size_t errlen);
void tg_view_unmap(tg_view *t);

enum { TG_SAMPLE_END_WIN, TG_SAMPLE_END_NO_MOVE, TG_SAMPLE_END_QUIET, TG_SAMPLE_END_REPETITION, TG_SAMPLE_ENDS };
enum { TG_SAMPLE_SHOWN = 8 };   /* faults kept as text */

typedef struct tg_sample_opts {
    const tg_pos *start;   /* the games' start (its dogs within the table's layers) */
    uint64_t positions;    /* visit at least so many positions (whole games) */
    uint64_t seed;
    int threads;
    double seconds;        /* stop after this (0: none) */
    int max_dogs;          /* check only positions with at most so many dogs, play through
                            * the others (0: check all; the start may then be above the table) */
    /* Called with every position visited and its table code (then one thread). */
    void (*visit)(void *ctx, const tg_pos *p, int code);
    void *ctx;
} tg_sample_opts;

typedef struct tg_sample_report {
    uint64_t positions;          /* positions visited (looked up and checked) */
    uint64_t above;              /* positions played through above max_dogs, not checked */
    uint64_t lookups;            /* table lookups (the positions and their successors) */
    uint64_t games, plies;
    uint64_t ends[TG_SAMPLE_ENDS];   /* how the games ended */
    uint64_t outside;            /* visited positions not in the table */
    uint64_t no_value;           /* visited positions with code 3 */
    uint64_t successor_faults;   /* successors not in the table or without a value */
    uint64_t inconsistent;       /* values that differ from the rules' over the successors */
    uint64_t faults;             /* all of the above */
    char shown[TG_SAMPLE_SHOWN][160];   /* the first faults as text */
    uint64_t by_value[TG_DOGS + 1][2][4];   /* visits by dogs, side to move, code */
    int threads, stopped_time;
    double seconds, cpu_seconds;
} tg_sample_report;

/* Random games from O->start through the table T (mapped); every position visited
 * checked.  0 (the faults in REP), or -1 with a reason (the run did not happen). */
int tg_sample_check(const tg_view *t, const tg_sample_opts *o, tg_sample_report *rep, char *err, size_t errlen);

/* ---- the solver's files (tg_table.c) ---- */
/* Opens (creates) the table PATH for win layer WIN: checks the header (a foreign file
 * is refused), cuts off a partly written layer, and returns the last whole layer (WIN
 * when none), or -1 with a reason; *HALF is 1 when the next layer's tigers-to-move
 * half is whole without its dogs-to-move half (kept: the dogs' half follows from it). */
int tg_table_open(const char *path, int win, const struct tg_index *x, int *fd, int *half, char *err, size_t errlen);
/* Writes (reads) one side's half of layer D at its offset; 0 or -1 with a reason. */
int tg_table_write_half(int fd, const char *path, const struct tg_index *x, int win, int d, int side,
                        const uint8_t *val, char *err, size_t errlen);
int tg_table_read_half(int fd, const char *path, const struct tg_index *x, int win, int d, int side, uint8_t *val,
                       char *err, size_t errlen);
/* The distance file: a 16-byte header ("boyi-td1", the win layer, 7 bytes 0), then
 * per layer win+1 .. K the tigers-to-move then the dogs-to-move distances, a byte a
 * position in tg_index order (size bytes each; 255 a draw). */
uint64_t tg_dist_offset(const struct tg_index *x, int win, int d);
/* Opens (creates) the distance file for a table whose last whole layer is TOP: checks
 * the header (a foreign file is refused), cuts a partly written layer off, and refuses
 * a file holding fewer layers than the table (distances cannot be added to layers
 * solved without them).  0 or -1 with a reason. */
int tg_dist_open(const char *path, int win, const struct tg_index *x, int top, int *fd, char *err, size_t errlen);
int tg_dist_write_half(int fd, const char *path, const struct tg_index *x, int win, int d, int side,
                       const uint8_t *dist, char *err, size_t errlen);
int tg_file_write(int fd, const void *buf, size_t n, uint64_t off);
int tg_file_read(int fd, void *buf, size_t n, uint64_t off);

/* The checkpoint of a layer in progress: where the run stopped (the chunk CHUNK of
 * level PASS, sub-pass SIDE, is the next to run), and the tallies so far; with
 * distances (DIST not NULL) their bytes follow the frontiers. */
typedef struct tg_ckpt_meta {
    char magic[8];
    int32_t win, dogs, pass, side;
    uint64_t chunk, decided, visited, positions[2];
    double seconds;
} tg_ckpt_meta;
int tg_ckpt_save(const char *table, const tg_ckpt_meta *m, const struct tg_index *x, uint8_t *const val[2],
                 uint8_t *const fa[2], uint8_t *const fb[2], uint8_t *const dist[2], char *err, size_t errlen);
/* 1 loaded, 0 none for this layer (or another run's), -1 unreadable. */
int tg_ckpt_load(const char *table, int win, int d, tg_ckpt_meta *m, const struct tg_index *x, uint8_t *val[2],
                 uint8_t *fa[2], uint8_t *fb[2], uint8_t *dist[2], char *err, size_t errlen);
void tg_ckpt_remove(const char *table);

/* The positions from which one move without a capture leads to X (OUT: room for
 * TG_MAX_MOVES + 16; their hashes are not set).  Returns the count. */
int tg_solve_predecessors(const tg_pos *x, tg_pos *out);

/* Solves as O says; 0 (see the report for how far), or -1 with a reason. */
int tg_solve_run(const tg_solve_opts *o, tg_solve_report *rep, char *err, size_t errlen);

#endif
