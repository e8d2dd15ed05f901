/* verdict.h -- what validating one game concludes, in a form every game shares.
 *
 * Validators (notation/<game>/..._validate.c) replay a bo_record under the rules
 * and hand one bo_verdict per game to a sink; cli/ formats them as text or JSON. */
#ifndef BOYI_VERDICT_H
#define BOYI_VERDICT_H

typedef enum { BO_VERDICT_OK = 0, BO_VERDICT_INVALID, BO_VERDICT_SKIPPED } bo_verdict_status;

typedef struct bo_verdict {
    const char *file;
    int game;                 /* 1-based index in the file */
    bo_verdict_status status;
    int moves;                /* plies replayed (up to the fault, if any) */
    const char *result;       /* established by the moves: "1-0" "0-1" "1/2-1/2" "*", PDN "2-0"... */
    const char *ending;       /* how it ended: "checkmate", "five in a row", ...; NULL if it did not */
    const char *event;        /* a short description of the game ("Red vs Black"), may be NULL */
    /* Where and what went wrong (INVALID) or why it was skipped (SKIPPED). */
    int line, col;            /* 0 when unknown */
    int move_no;              /* move number (1-based, as a player counts), 0 if not about a move */
    const char *side;         /* "red", "black", "white", ... */
    const char *move_text;    /* the move as written */
    const char *kind;         /* "illegal", "forbidden", "after-end", "result", "parse", "position", "time", "unsupported" */
    const char *message;      /* the judge's words */
    /* For standings: the players as the record names them, in the game descriptor's
     * order (red, black; black, white; white, black), NULL where it does not; and the
     * result the record claims as player 0's score "1-0", "0-1", "1/2-1/2" or "0-0"
     * (NULL: it claims none, or none this reader can read). */
    const char *players[2];
    const char *claimed;
    /* Where the game is invalid because its claim or its end is wrong (kinds "result",
     * "after-end", "time", "forbidden"), the result the rules give instead, in the same
     * form; NULL otherwise. */
    const char *rules_result;
} bo_verdict;

/* A reader's warning about a record it could still read (sloppy field, wrong code). */
typedef struct bo_warning {
    const char *file;
    int game, line, col;
    const char *message;
} bo_warning;

typedef struct bo_verdict_sink {
    void (*verdict)(void *ctx, const bo_verdict *v);
    void (*warning)(void *ctx, const bo_warning *w);
    void *ctx;
} bo_verdict_sink;

/* A verdict that owns its strings.  A validator's verdict points into buffers that
 * live only while its sink runs; a replay that reports the verdict later (after the
 * moves are handed on) keeps this copy instead.  Strings longer than a buffer are cut. */
typedef struct bo_verdict_copy {
    bo_verdict v; /* its strings point into the buffers below (file is not copied) */
    char result[16], ending[256], event[256], side[16], move_text[96], kind[32], message[640];
    char players[2][128], claimed[16], rules_result[16];
    int set; /* a verdict has been kept */
} bo_verdict_copy;

/* Copies V into C, strings included. */
void bo_verdict_keep(bo_verdict_copy *c, const bo_verdict *v);
/* Sink callbacks for a caller that wants one game's verdict and not the reader's
 * warnings: {bo_verdict_keep_sink, bo_warning_ignore, &copy} (CTX: a bo_verdict_copy). */
void bo_verdict_keep_sink(void *ctx, const bo_verdict *v);
void bo_warning_ignore(void *ctx, const bo_warning *w);

/* Convenience: an empty verdict for game G of FILE. */
void bo_verdict_init(bo_verdict *v, const char *file, int game);
/* The contests' result words (先手胜, 后手胜, 平局; also 1-0, 0-1, 1/2-1/2) as the first
 * player's score for bo_verdict.claimed; NULL for anything else. */
const char *bo_verdict_claim_words(const char *result);

#endif
