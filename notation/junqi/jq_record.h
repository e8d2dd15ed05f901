/* jq_record.h -- Junqi game records (docs/junqi.md "Record"): reading, writing,
 * validating by replaying them through the referee, and each side's view of them.
 *
 *   {[JQ][红方队 R][黑方队 B][先手胜][2026.11.30 10:00 Online][Event]
 *   ;R(a1=L b1=F c1=L ... e6=E)
 *   ;B(a7=... e12=L)
 *   ;a2-a3;b11-b10;a6-a7+;c7-c6=;...
 *   ;END(time)}
 *
 * A move is FROM-TO; a collision carries the referee's outcome: '+' the attacker
 * removed the defender, '-' the attacker was removed, '=' both were removed.  An
 * optional last item END(time) or END(resign) says the side to move lost on time or
 * resigned.  Blanks and line breaks may stand anywhere between items. */
#ifndef BOYI_JQ_RECORD_H
#define BOYI_JQ_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "junqi.h"
#include "text.h"
#include "verdict.h"

enum { JQ_RES_NONE = 0, JQ_RES_RED, JQ_RES_BLACK, JQ_RES_DRAW };
enum { JQ_END_NONE = 0, JQ_END_TIME, JQ_END_RESIGN };
enum { JQ_MARK_NONE = 0, JQ_MARK_WINS = '+', JQ_MARK_LOSES = '-', JQ_MARK_BOTH = '=' };

typedef struct jq_rec_move {
    int from, to;
    int mark;           /* JQ_MARK_* as written */
    size_t off;         /* byte offset of the move in the text */
    char text[24];
} jq_rec_move;

typedef struct jq_rec_deploy {
    int post, kind;
    size_t off;
} jq_rec_deploy;

typedef struct jq_record {
    size_t off, close_off;               /* where it begins ({) and just past its } */
    char code[16], red[128], black[128], date_place[128], event[128];
    int result;                          /* JQ_RES_* (NONE: "*" or absent) */
    bool result_given;
    size_t result_off;
    char reason[48];                     /* why it ended off the board, after the result:
                                            "先手胜(超时)" (result_policy.h); "" if none */
    jq_rec_deploy deploy[2][40];
    int ndeploy[2];
    bool have_deploy[2];
    size_t deploy_off[2];
    jq_rec_move *moves;
    int nmoves, capmoves;
    int end;                             /* JQ_END_* */
    size_t end_off;
} jq_record;

void jq_record_free(jq_record *r);

/* Reads the next record of TEXT from *POS (advancing it past it).  Returns 1 with R
 * filled, 0 at the end of the text, or -1 with a located error (byte offset in
 * *ERR_OFF) for a record that cannot be read; *POS then skips to the next '{'. */
int jq_record_next(const char *text, size_t len, size_t *pos, jq_record *r, size_t *err_off, char *err, size_t errlen);

/* The result of replaying a record under the referee. */
typedef struct jq_replay {
    bool ok;
    jq_pos start;                        /* after both deployments */
    jq_pos end;                          /* after the last legal move */
    int moves;                           /* play moves replayed */
    uint32_t placements[2 * JQ_PIECES];  /* the deployments as placement moves */
    int result;                          /* JQ_RES_* established */
    const char *ending;                  /* "flag captured", ... or NULL */
    char ending_buf[160];
    bool unexplained;                    /* a win claimed, not reached, with no reason given */
    /* The fault, when not ok. */
    size_t off;
    int move_no;
    const char *side;
    const char *kind;
    char move_text[24];
    char message[256];
} jq_replay;

void jq_replay_record(const jq_record *r, jq_replay *out);

/* Validate every record of T, one verdict per record to SINK; returns 0, or -1 with
 * err when T holds no record at all.  A win the record claims but the moves do not
 * reach, with no END(...) or reason to say why, is a warning, or a "result" fault when
 * STRICT (--strict) or CONTEST (--rules ccgc named): result_policy.h. */
int jq_validate_text(const bo_text *t, bool strict, bool contest, const bo_verdict_sink *sink, char *err,
                     size_t errlen);
/* The same read, each record handed to EACH with its replay (NULL for a record that
 * could not be read) and its verdict (pointers live while EACH runs; non-zero stops);
 * SINK gets only the warnings. */
typedef int (*jq_game_fn)(void *ctx, const jq_record *r, const jq_replay *rp, const bo_verdict *v);
int jq_read_text(const bo_text *t, bool strict, bool contest, const bo_verdict_sink *sink, jq_game_fn each, void *ctx,
                 char *err, size_t errlen);

/* Write one record: the deployments of START (both complete), then MOVES (play moves
 * in the referee's encoding) with their outcomes, RESULT and END as given. */
int jq_write_record(FILE *out, const char *red, const char *black, const char *date_place, const char *event,
                    const jq_pos *start, const uint32_t *moves, int nmoves, int result, int end, char *err,
                    size_t errlen);

/* SIDE's view of a replayed record: its own deployment, every move as both sides saw
 * it with the referee's report, and what it knows at the end. */
int jq_write_view(FILE *out, const jq_record *r, const jq_replay *rp, int side, char *err, size_t errlen);

#endif
