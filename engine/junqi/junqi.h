/* junqi.h -- two-player Junqi 二人军旗 (RULES.md section 6): the board graph, the
 * referee's full state, deployment and movement, collisions and results, each side's
 * view of the state, and the engine that plays from a view.
 *
 * The position value (jq_pos) is the referee's: every piece with its kind and owner,
 * plus, for every piece, what its opponent knows of it (a mask of the kinds it can
 * still be, narrowed by its deployment post, its moves and its collisions), so that
 * either side's view is a function of the position alone (jq_observe).  Engines get
 * only a view (jq_view) and draw full states consistent with it (jq_sample).
 *
 * Deployment is part of the game: red places its 25 pieces one by one, then black,
 * in the fixed order of jq_deploy_order (flag, landmines, bombs, then the officers
 * from the field marshal down, then the engineers), identical pieces on increasing
 * posts, so that every legal deployment is exactly one sequence of placement moves
 * and a placement is legal only while the deployment can still be completed. */
#ifndef BOYI_JUNQI_H
#define BOYI_JUNQI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { JQ_POSTS = 60, JQ_COLS = 5, JQ_ROWS = 12, JQ_PIECES = 25, JQ_QUIET_LIMIT = 31 };

/* Piece kinds; officers are ranked by their code (engineer lowest, marshal highest). */
enum {
    JQ_NONE = 0,
    JQ_FLAG = 1,       /* 军旗 F */
    JQ_MINE = 2,       /* 地雷 L */
    JQ_BOMB = 3,       /* 炸弹 X */
    JQ_ENGINEER = 4,   /* 工兵 E */
    JQ_PLATOON = 5,    /* 排长 P */
    JQ_COMPANY = 6,    /* 连长 C */
    JQ_BATTALION = 7,  /* 营长 T */
    JQ_REGIMENT = 8,   /* 团长 R */
    JQ_BRIGADE = 9,    /* 旅长 B */
    JQ_DIVISION = 10,  /* 师长 D */
    JQ_GENERAL = 11,   /* 军长 G */
    JQ_MARSHAL = 12,   /* 司令 M */
    JQ_KINDS = 13
};
#define JQ_MASK(k) ((uint16_t)(1u << (k)))
#define JQ_ALL_KINDS ((uint16_t)0x1FFEu)
#define JQ_MOVABLE ((uint16_t)(JQ_ALL_KINDS & ~JQ_MASK(JQ_FLAG) & ~JQ_MASK(JQ_MINE)))

/* Post kinds. */
enum { JQ_STATION = 0, JQ_CAMP = 1, JQ_HQ = 2 };
/* Link kinds. */
enum { JQ_LINK_ROAD = 1, JQ_LINK_RAIL = 2 };
/* Collision outcomes, for the attacker. */
enum { JQ_NO_FIGHT = 0, JQ_WINS = 1, JQ_LOSES = 2, JQ_BOTH = 3 };

/* The board graph (data/junqi/board.def compiled in). */
typedef struct jq_graph {
    uint8_t kind[JQ_POSTS];          /* JQ_STATION / JQ_CAMP / JQ_HQ */
    uint64_t adj[JQ_POSTS];          /* posts one step away (road or rail) */
    uint64_t rail_adj[JQ_POSTS];     /* posts one rail link away */
    int8_t rail_step[JQ_POSTS][4];   /* along a rail: north, east, south, west (-1: none) */
    int nlinks;
    uint8_t link[160][3];            /* every link: post, post, JQ_LINK_* (file order) */
} jq_graph;

/* The graph, built once (thread-safe) and read-only afterwards. */
const jq_graph *jq_board(void);

/* "a1".."e12" <-> post index row * 5 + column (rows from red's back row). */
static inline int jq_post(int col, int row) { return row * JQ_COLS + col; }
static inline int jq_col(int p) { return p % JQ_COLS; }
static inline int jq_row(int p) { return p / JQ_COLS; }
int jq_post_name(int p, char *buf, size_t n);
/* Reads a post name at *s (advancing it); -1 if none. */
int jq_post_parse(const char **s);

/* Piece letters: upper case for the kinds (F L X E P C T R B D G M). */
char jq_kind_letter(int kind);
int jq_kind_from_letter(char c);   /* either case; JQ_NONE if not a kind */
const char *jq_kind_name(int kind);     /* "field marshal" */
const char *jq_kind_name_cn(int kind);  /* "司令" */
/* How many of each kind a side has (RULES.md: 25 pieces). */
extern const uint8_t jq_kind_count[JQ_KINDS];
/* The kind placed by the K-th placement move of a side (0..24). */
extern const uint8_t jq_deploy_order[JQ_PIECES];

/* A cell: 0 empty, else kind | owner << 4. */
#define JQ_CELL(kind, owner) ((uint8_t)((kind) | (owner) << 4))
static inline int jq_cell_kind(uint8_t c) { return c & 15; }
static inline int jq_cell_owner(uint8_t c) { return c >> 4 & 1; }

/* The referee's state. */
typedef struct jq_pos {
    uint64_t hash;
    uint8_t cell[JQ_POSTS];
    uint16_t known[JQ_POSTS];         /* per piece: the kinds its opponent still thinks possible */
    uint16_t dead[2][JQ_PIECES];      /* per side's removed piece: what the opponent knew */
    uint8_t ndead[2];
    uint8_t count[2][JQ_KINDS];       /* pieces on the board */
    uint8_t placed[2];                /* placement moves made (25 each once deployed) */
    int8_t last_placed[2];            /* the post of a side's last placement (-1: none) */
    uint8_t side;                     /* to move (in the deployment: to place) */
    uint8_t quiet;                    /* plies since the last collision (play only) */
} jq_pos;

/* What play needs to be undone. */
typedef struct jq_undo {
    uint64_t hash;
    uint8_t cfrom, cto, quiet, side;
    uint8_t ndead[2];
    int8_t last_placed[2];
    int8_t flag_post[2];              /* a flag revealed by this move (-1: none) */
    uint16_t kfrom, kto, flag_known[2];
    uint8_t count[2][JQ_KINDS];
} jq_undo;

/* Moves: a placement is post | kind << 6 | JQ_PLACE; a play move from | to << 6. */
#define JQ_PLACE (1u << 12)
static inline uint32_t jq_move(int from, int to) { return (uint32_t)from | (uint32_t)to << 6; }
static inline int jq_from(uint32_t m) { return (int)(m & 63); }
static inline int jq_to(uint32_t m) { return (int)(m >> 6 & 63); }
enum { JQ_MAX_MOVES = 512 };   /* = BO_MOVES_MAX; jq_legal never writes more */

/* Rules (jq_rules.c). */
void jq_empty(jq_pos *p);                           /* the start: nothing deployed, red to place */
bool jq_in_setup(const jq_pos *p);
int jq_legal(const jq_pos *p, uint32_t *out);       /* legal moves of the side to move */
bool jq_has_move(const jq_pos *p, int side);        /* can SIDE move at all (play phase) */
int jq_fight(int attacker, int defender);           /* JQ_WINS / JQ_LOSES / JQ_BOTH */
/* The collision a legal play move makes (JQ_NO_FIGHT if it goes to an empty post). */
int jq_move_fight(const jq_pos *p, uint32_t m);
void jq_play(jq_pos *p, uint32_t m, jq_undo *u);
void jq_unplay(jq_pos *p, uint32_t m, const jq_undo *u);
/* The kinds a side may deploy on post P (0: none); what a piece there could be at all. */
uint16_t jq_deploy_mask(int post, int side);
uint16_t jq_default_known(int post, int side);
/* Is the move a rail run that only an engineer can make (a turn, or not straight)? */
bool jq_engineer_only(const jq_pos *p, int from, int to);
/* The result: winner 0/1, -1 draw; how as bo_end (0 while the game goes on). */
int jq_result(const jq_pos *p, int *winner);
uint64_t jq_hash_scratch(const jq_pos *p);
/* Why FROM-TO is not a legal play move here (for validators' messages). */
void jq_explain_illegal(const jq_pos *p, int from, int to, char *buf, size_t n);
uint64_t jq_perft(jq_pos *p, int depth);

/* Text (jq_text.c): the position and the moves. */
int jq_from_text(jq_pos *p, const char *text, char *err, size_t errlen);
void jq_to_text(const jq_pos *p, char *buf, size_t n);
int jq_move_to_text(const jq_pos *p, uint32_t m, char *buf, size_t n);
int jq_move_from_text(const jq_pos *p, const char *text, uint32_t *m, char *err, size_t errlen);
/* A side's deployment as "a1=L b1=F ..." (its 25 posts in order). */
int jq_deployment_text(const jq_pos *p, int side, char *buf, size_t n);

/* A side's view (jq_view.c). */
typedef struct jq_view {
    uint8_t me;                       /* whose view */
    uint8_t side;                     /* to move */
    uint8_t quiet;
    uint8_t placed[2];
    int8_t last_placed;               /* mine */
    uint8_t own[JQ_POSTS];            /* my pieces' kinds (0: none of mine) */
    uint8_t theirs[JQ_POSTS];         /* 1: an enemy piece stands here */
    uint16_t known[JQ_POSTS];         /* for every piece: what its opponent knows of it */
    uint16_t dead[2][JQ_PIECES];
    uint8_t ndead[2];
} jq_view;
void jq_observe(const jq_pos *p, int player, jq_view *v);
/* A full state consistent with V, with the caller's RNG state; 0, or -1 if none found. */
int jq_sample(const jq_view *v, uint64_t *rng, jq_pos *p);
/* The view as text: the board with '?' for unknown enemy pieces and the kinds each can still be. */
void jq_view_to_text(const jq_view *v, char *buf, size_t n);
int jq_view_legal(const jq_view *v, uint32_t *out);   /* my legal moves, from the view alone */
uint64_t jq_view_hash(const jq_view *v);              /* of the view's bytes (seeds) */

/* Evaluation (jq_eval.c): side to move's view of a full state, in centi-units. */
int jq_evaluate(const jq_pos *p);

#endif
