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

/* ---- search reports in full (boyi analyse and annotate with --engine) ----------
 * The whole of a search report: its line number (UCI MultiPV), depths, score,
 * counts and principal variation as the protocol's move texts, bounded. */
enum { SP_REPLY_PV = 32, SP_REPLY_PV_TEXT = 24 };

typedef struct sp_reply_info {
    bool is_info;       /* a search report (or, Gomocup, a part of one) */
    int multipv;        /* 1 when the line gives none */
    int depth, seldepth;   /* -1: none */
    bool has_score;
    bool bound;         /* UCI lowerbound/upperbound: not the line's value */
    int cp;             /* centipawns (Hub: 1/100 of a man; Gomocup: the engine's unit) */
    int mate;           /* != 0: the side to move mates (> 0) or is mated (< 0) in |mate| moves */
    long long nodes, time_ms;   /* -1: none */
    char pv[SP_REPLY_PV][SP_REPLY_PV_TEXT];
    int npv;            /* 0: the report gives no line */
} sp_reply_info;

/* UCI and UCCI "info ... multipv K depth D seldepth S score cp N|mate M|N
 * [lowerbound|upperbound] nodes N time MS ... pv M1 M2 ..."; "info string" is not one. */
void sp_reply_uci_info(const char *line, sp_reply_info *r);
/* Hub-2 "info depth=D score=S nodes=N time=T pv=\"M1 M2\"" (score in men, time in
 * seconds); Hub-1 (V1, Scan 2.0) "info D MEANDEPTH SCORE NODES SECONDS MNPS M1 M2 ..."
 * (score in 1/100 of a man). */
void sp_reply_hub_info(const char *line, bool v1, sp_reply_info *r);
/* Gomocup engines' MESSAGE lines as Rapfi writes them: "MESSAGE ... Depth D-S | Eval
 * N|+M5|-M5 | Node 134K | Time 470ms" (the score; M counts plies) and "MESSAGE
 * Bestline H6 J6 ..." (the line, as move texts "h6"). */
void sp_reply_gomocup_info(const char *line, sp_reply_info *r);

#endif
