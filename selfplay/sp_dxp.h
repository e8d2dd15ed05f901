/* sp_dxp.h -- DXP (the DamExchange protocol, dr_dxp.h) over TCP: the link that both
 * sides use (NUL-ended messages read against a deadline), and the match runner's
 * session with a DXP engine.
 *
 * Unlike the line protocols, DXP keeps a game alive on the connection: the
 * initiator's GAMEREQ fixes the position, the colours and the clock, then only
 * moves travel.  The runner keeps one connection per engine for the whole match and
 * one DXP game per game of its own, forwarding the opponent's moves as they come. */
#ifndef BOYI_SP_DXP_H
#define BOYI_SP_DXP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "dr_dxp.h"
#include "game.h"
#include "sp_engine.h"
#include "sp_process.h"

typedef struct sp_dxp_link {
    int fd;                       /* -1: closed */
    char buf[512];
    size_t len;
    sp_log *log;                  /* "> " sent, "< " received (escaped, capped); NULL: none */
    char last[DR_DXP_MSG_MAX];    /* the last message received, for faults */
} sp_dxp_link;

typedef enum { SP_DXP_OK = 1, SP_DXP_TIMEOUT = 0, SP_DXP_CLOSED = -1, SP_DXP_LONG = -2 } sp_dxp_status;

/* A listening socket on the loopback's PORT (0: any free port, written to *BOUND);
 * the descriptor, or -1 with err. */
int sp_dxp_listen(int port, int *bound, char *err, size_t errlen);
/* The connection a peer makes to LFD before DEADLINE (sp_now_ms clock); fd or -1. */
int sp_dxp_accept(int lfd, int64_t deadline, char *err, size_t errlen);
/* A connection to HOST:PORT, tried again until DEADLINE (the peer may still be
 * starting); fd or -1 with err. */
int sp_dxp_connect(const char *host, int port, int64_t deadline, char *err, size_t errlen);

void sp_dxp_link_init(sp_dxp_link *l, int fd, sp_log *log);
void sp_dxp_link_close(sp_dxp_link *l);
/* Send M (its string and the NUL); 0, or -1 when the peer is gone. */
int sp_dxp_send(sp_dxp_link *l, const dr_dxp_msg *m);
/* The next message's text (OUT holds DR_DXP_MSG_MAX bytes) before DEADLINE. */
sp_dxp_status sp_dxp_recv(sp_dxp_link *l, int64_t deadline, char *out);

/* ---- the runner's side ----------------------------------------------------------- */

typedef struct sp_dxp_session sp_dxp_session;

/* Start the engine of SPEC (its process and the connection: the
 * runner connects to host:port, or with listen=1 listens and lets the engine
 * connect, "{port}" in its args replaced by the port; PO: its logs and group hook).
 * 0, or -1 with WHY. */
int sp_dxp_start(sp_dxp_session **s, const sp_engine_spec *spec, const sp_process_opts *po, char *why, size_t whylen);
/* The engine's move at POS (sp_engine_move's contract); NEW_GAME: a game of the
 * runner's own has started since the last request.  0, or -1 with the fault. */
int sp_dxp_move(sp_dxp_session *s, const bo_game *g, bool new_game, const void *start, const bo_move *line, int n,
                const void *pos, const sp_engine_limits *lim, bo_move *move, char *why, size_t whylen);
/* End the session: the game in play is ended (GAMEEND, stop code 1), the
 * connection closed and the process stopped. */
void sp_dxp_stop(sp_dxp_session *s);

#endif
