/* sp_reply.h -- the readers of an outside engine's reply lines (UCI, UCCI, Gomocup,
 * Hub-2 and Hub-1), apart from the process that sends them (sp_engine.c) so that
 * each can be fuzzed alone (tests/fuzz/boyi_fuzz.c, targets proto/...).
 *
 * A reader classifies one line (without its newline) and takes what the runner
 * uses from it: a search report's score and depth, or the move's text in the
 * protocol's notation (the runner finds it among the legal moves).  Numbers out of
 * range are clamped, never overflowed: an engine's line is hostile input. */
#ifndef BOYI_SP_REPLY_H
#define BOYI_SP_REPLY_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
    SP_REPLY_OTHER,     /* nothing the runner acts on (handshake echo, debug, unknown) */
    SP_REPLY_INFO,      /* a search report: has_eval/eval and depth where given */
    SP_REPLY_MOVE,      /* the move's text in MOVE */
    SP_REPLY_RESIGN,    /* an answer with no move: (none), 0000, nobestmove, done without move= */
    SP_REPLY_GARBAGE    /* an answer that is not one (Hub's error, a Gomocup line not x,y) */
} sp_reply_kind;

enum { SP_REPLY_MATE = 30000 };   /* mate in M moves: +-(SP_REPLY_MATE - 2M) */

typedef struct sp_reply {
    sp_reply_kind kind;
    bool has_eval;
    int eval;           /* centipawns (Hub: 1/100 of its score), mates as above */
    int depth;          /* -1: the line gives none */
    char move[128];     /* SP_REPLY_MOVE: UCI/UCCI/Hub text; Gomocup's x,y as "h8" */
} sp_reply;

/* UCI and UCCI: info ... depth D ... score cp N | score mate M | score N;
 * bestmove M [ponder P]; nobestmove. */
void sp_reply_uci(const char *line, sp_reply *r);
/* Gomocup: "x,y" (x 0..25, y 0..98) as the move text column letter + row from 1;
 * MESSAGE, DEBUG, UNKNOWN, ERROR lines and empty ones are OTHER. */
void sp_reply_gomocup(const char *line, sp_reply *r);
/* One Gomocup "x,y" as the move text into OUT (N bytes); 0, or -1 when it is not one. */
int sp_reply_gomocup_xy(const char *xy, char *out, size_t n);
/* Hub-2: info ... score=S depth=D; error ...; done move=M; Hub-1 (V1): move M. */
void sp_reply_hub(const char *line, bool v1, sp_reply *r);

#endif
