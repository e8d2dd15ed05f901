/* sp_dxp.c -- DXP over TCP (sp_dxp.h): the NUL-ended message link, and the match
 * runner's session with a DXP engine.
 *
 * The session follows the game the runner plays: at a game's first request the
 * initiator (the runner by default, or the engine with initiator=engine) sends
 * GAMEREQ with the position, the engine's colour and the clock; each later request
 * sends the moves played since the engine last heard (the opponent's, as MOVE
 * messages) and waits for the engine's MOVE.  A request that does not continue the
 * game the engine knows (a new game, a line that differs) ends that game with
 * GAMEEND and starts another.  The engine's clock is the DXP clock: minutes for a
 * number of moves, counted by the runner; silence past it and the margin is a
 * timeout.  Whatever else goes wrong -- the connection closes, the process ends, a
 * message that is not DXP, a move that is not legal, a GAMEEND instead of a move --
 * is a fault the caller scores; the engine is then stopped and started again. */
#define _GNU_SOURCE   /* accept4 */
#include "sp_dxp.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "core.h"

/* ---- the link -------------------------------------------------------------------- */

int sp_dxp_listen(int port, int *bound, char *err, size_t errlen)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return bo_fail(err, errlen, "socket: %s", strerror(errno));
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0 || listen(fd, 1) != 0 ||
        getsockname(fd, (struct sockaddr *)&a, &len) != 0) {
        bo_fail(err, errlen, "listening on port %d: %s", port, strerror(errno));
        close(fd);
        return -1;
    }
    if (bound) *bound = ntohs(a.sin_port);
    return fd;
}

int sp_dxp_accept(int lfd, int64_t deadline, char *err, size_t errlen)
{
    for (;;) {
        int64_t left = deadline - sp_now_ms();
        if (left <= 0) return bo_fail(err, errlen, "no connection came in time");
        struct pollfd pf = {lfd, POLLIN, 0};
        int r = poll(&pf, 1, left > 1000000 ? 1000000 : (int)left);
        if (r < 0 && errno != EINTR) return bo_fail(err, errlen, "poll: %s", strerror(errno));
        if (r <= 0) continue;
        int fd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
        if (fd >= 0) return fd;
        if (errno != EINTR && errno != EAGAIN) return bo_fail(err, errlen, "accept: %s", strerror(errno));
    }
}

int sp_dxp_connect(const char *host, int port, int64_t deadline, char *err, size_t errlen)
{
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    if (inet_pton(AF_INET, host, &a.sin_addr) != 1) return bo_fail(err, errlen, "'%s' is not an IPv4 address", host);
    for (;;) {
        int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0) return bo_fail(err, errlen, "socket: %s", strerror(errno));
        if (connect(fd, (struct sockaddr *)&a, sizeof a) == 0) return fd;
        int e = errno;
        close(fd);
        if (sp_now_ms() >= deadline) return bo_fail(err, errlen, "connecting to %s:%d: %s", host, port, strerror(e));
        struct timespec ts = {0, 50 * 1000000L};   /* the peer may still be starting */
        nanosleep(&ts, NULL);
    }
}

void sp_dxp_link_init(sp_dxp_link *l, int fd, sp_log *log)
{
    memset(l, 0, sizeof *l);
    l->fd = fd;
    l->log = log;
}

void sp_dxp_link_close(sp_dxp_link *l)
{
    if (l->fd >= 0) close(l->fd);
    l->fd = -1;
    l->len = 0;
}

int sp_dxp_send(sp_dxp_link *l, const dr_dxp_msg *m)
{
    char s[DR_DXP_MSG_MAX];
    if (l->fd < 0 || dr_dxp_format(m, s, sizeof s) != 0) return -1;
    sp_log_line(l->log, "> ", s);
    size_t n = strlen(s) + 1;   /* the NUL ends the message */
    for (size_t off = 0; off < n;) {
        ssize_t w = send(l->fd, s + off, n - off, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        off += (size_t)w;
    }
    return 0;
}

sp_dxp_status sp_dxp_recv(sp_dxp_link *l, int64_t deadline, char *out)
{
    for (;;) {
        char *nul = memchr(l->buf, '\0', l->len);
        if (nul) {
            size_t k = (size_t)(nul - l->buf);
            if (k >= DR_DXP_MSG_MAX) return SP_DXP_LONG;
            memcpy(out, l->buf, k + 1);
            memmove(l->buf, nul + 1, l->len - k - 1);
            l->len -= k + 1;
            snprintf(l->last, sizeof l->last, "%s", out);
            sp_log_line(l->log, "< ", out);
            return SP_DXP_OK;
        }
        if (l->len >= DR_DXP_MSG_MAX) {   /* 127 bytes and no end: not DXP */
            snprintf(l->last, sizeof l->last, "%.60s", l->buf);
            for (char *c = l->last; *c; c++) if ((unsigned char)*c < 32 || (unsigned char)*c > 126) *c = '?';
            return SP_DXP_LONG;
        }
        if (l->fd < 0) return SP_DXP_CLOSED;
        int64_t left = deadline - sp_now_ms();
        if (left <= 0) return SP_DXP_TIMEOUT;
        struct pollfd pf = {l->fd, POLLIN, 0};
        int r = poll(&pf, 1, left > 1000000 ? 1000000 : (int)left);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) continue;
        ssize_t got = recv(l->fd, l->buf + l->len, sizeof l->buf - l->len, 0);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) { close(l->fd); l->fd = -1; continue; }
        l->len += (size_t)got;
    }
}

/* ---- the runner's session -------------------------------------------------------------- */

static const char dxp_initial[] = "Wzzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

struct sp_dxp_session {
    sp_engine_spec spec;
    sp_process *proc;
    sp_dxp_link link;
    bool in_game;
    char engine_colour;            /* 'W' or 'Z' in the game in play */
    BO_ALIGNED unsigned char known[BO_POS_MAX];   /* the position the engine has reached */
    int known_n;                   /* ... after that many moves of the runner's line */
    int minutes, moves;            /* the game's DXP clock */
    int64_t clock_ms;              /* the engine's time left on it, as the runner counts */
    int moves_made;
};

int sp_dxp_start(sp_dxp_session **sp, const sp_engine_spec *spec, const sp_process_opts *po, char *why, size_t whylen)
{
    sp_dxp_session *s = calloc(1, sizeof *s);
    if (!s) return bo_fail(why, whylen, "start: out of memory");
    s->spec = *spec;
    sp_dxp_link_init(&s->link, -1, po->log);
    *sp = s;
    int64_t deadline = sp_now_ms() + spec->start_ms;
    char err[256];
    int lfd = -1, port = spec->dxp_port;
    if (spec->dxp_listen && (lfd = sp_dxp_listen(port, &port, err, sizeof err)) < 0)
        return bo_fail(why, whylen, "start: %s", err);
    {   /* the args may name the port the runner listens on */
        char *argv[SP_ENGINE_ARGS + 1] = {0}, portbuf[16];
        snprintf(portbuf, sizeof portbuf, "%d", port);
        int i = 0;
        for (; i < SP_ENGINE_ARGS && spec->argv[i]; i++) {
            const char *a = spec->argv[i], *at = strstr(a, "{port}");
            if (!at) { argv[i] = strdup(a); continue; }
            size_t k = strlen(a) + 16;
            if ((argv[i] = malloc(k))) snprintf(argv[i], k, "%.*s%s%s", (int)(at - a), a, portbuf, at + 6);
        }
        s->proc = sp_process_start(argv, po, err, sizeof err);
        for (int j = 0; j < i; j++) free(argv[j]);
        if (!s->proc) { if (lfd >= 0) close(lfd); return bo_fail(why, whylen, "start: %s", err); }
    }
    int fd = spec->dxp_listen ? sp_dxp_accept(lfd, deadline, err, sizeof err)
                              : sp_dxp_connect(spec->dxp_host[0] ? spec->dxp_host : "127.0.0.1", port, deadline, err, sizeof err);
    if (lfd >= 0) close(lfd);
    if (fd < 0) return bo_fail(why, whylen, "start: %s", err);
    sp_dxp_link_init(&s->link, fd, po->log);
    return 0;
}

void sp_dxp_stop(sp_dxp_session *s)
{
    if (!s) return;
    if (s->link.fd >= 0) {
        dr_dxp_msg e = {.type = 'E', .code = '0', .stop = '1'};
        sp_dxp_send(&s->link, &e);
        char buf[DR_DXP_MSG_MAX];   /* a short wait for its acknowledgement, then no more patience */
        if (s->in_game) sp_dxp_recv(&s->link, sp_now_ms() + 200, buf);
    }
    sp_dxp_link_close(&s->link);
    if (s->proc) sp_process_stop(s->proc);
    free(s);
}

/* The next message, while the engine's own output (which nobody else reads) is
 * drained so it can never block on a full pipe, and its end is noticed.  1 with the
 * message, or -1 with the fault. */
static int next_msg(sp_dxp_session *s, int64_t deadline, const char *awaited, char *out, char *why, size_t n)
{
    for (;;) {
        int64_t now = sp_now_ms(), slice = now + 20 < deadline ? now + 20 : deadline;
        sp_dxp_status st = sp_dxp_recv(&s->link, s->proc ? slice : deadline, out);
        if (st == SP_DXP_OK) return 1;
        char status[64] = "";
        if (s->proc) {
            char *line;
            sp_line_status ls;
            while ((ls = sp_process_line(s->proc, sp_now_ms() + 1, &line)) == SP_LINE_OK) {}
            if (ls == SP_LINE_EOF && st == SP_DXP_TIMEOUT) {
                sp_process_status(s->proc, status, sizeof status);
                if (status[0])
                    return bo_fail(why, n, "crash: the engine ended with %s while waiting for %s (last message: '%s')",
                                   status, awaited, s->link.last);
            }
        }
        if (st == SP_DXP_LONG) return bo_fail(why, n, "garbage: 127 bytes with no end of message ('%s')", s->link.last);
        if (st == SP_DXP_CLOSED) {
            if (s->proc) sp_process_status(s->proc, status, sizeof status);
            return bo_fail(why, n, "crash: the engine closed the connection%s%s while waiting for %s (last message: '%s')",
                           status[0] ? ", it ended with " : "", status, awaited, s->link.last);
        }
        if (sp_now_ms() >= deadline)
            return bo_fail(why, n, "timeout: no %s in time (last message: '%s')", awaited, s->link.last);
    }
}

/* End the game in play: GAMEEND, and its acknowledgement awaited a moment. */
static void end_game(sp_dxp_session *s)
{
    if (!s->in_game) return;
    s->in_game = false;
    dr_dxp_msg e = {.type = 'E', .code = '0', .stop = '0'};
    if (sp_dxp_send(&s->link, &e) != 0) return;
    char buf[DR_DXP_MSG_MAX], why[256];
    int64_t deadline = sp_now_ms() + 2000;
    while (next_msg(s, deadline, "GAMEEND", buf, why, sizeof why) == 1 && buf[0] != 'E') {}
}

/* The DXP position of POS; 0 or -1. */
static int dxp_pos(const bo_game *g, const void *pos, char out[52])
{
    char fen[512];
    g->to_text(pos, fen, sizeof fen);
    return dr_dxp_pos_from_fen(fen, out);
}

/* The DXP clock from the runner's limits, unless the spec names it. */
static void clock_of(sp_dxp_session *s, const sp_engine_limits *lim)
{
    s->moves = s->spec.dxp_moves >= 0 ? s->spec.dxp_moves : lim->clock_ms[0] > 0 ? lim->moves_to_go : 75;
    if (s->spec.dxp_minutes > 0) s->minutes = s->spec.dxp_minutes;
    else if (lim->clock_ms[0] > 0) s->minutes = (int)((lim->clock_ms[0] + 59999) / 60000);
    else {
        int64_t per = lim->movetime_ms > 0 ? lim->movetime_ms : 1000;
        s->minutes = (int)((per * (s->moves > 0 ? s->moves : 75) + 59999) / 60000);
    }
    if (s->minutes < 1) s->minutes = 1;
    if (s->minutes > 999) s->minutes = 999;
    s->clock_ms = (int64_t)s->minutes * 60000;
    s->moves_made = 0;
}

/* A new game: the runner's GAMEREQ (or, with initiator=engine, the engine's,
 * checked against the runner's game).  0, or -1 with the fault. */
static int new_game(sp_dxp_session *s, const bo_game *g, const void *start, int nline,
                    const void *pos, const sp_engine_limits *lim, char *why, size_t n)
{
    end_game(s);
    char here[52], buf[DR_DXP_MSG_MAX], err[256];
    if (dxp_pos(g, pos, here) != 0) return bo_fail(why, n, "start: the position has no DXP form");
    if (!s->spec.dxp_follower) {
        dr_dxp_msg r = {.type = 'R', .version = 1, .colour = here[0], .start = 'A'};
        snprintf(r.name, sizeof r.name, "boyi match");
        clock_of(s, lim);
        r.minutes = s->minutes;
        r.moves = s->moves;
        if (strcmp(here, dxp_initial) != 0) { r.start = 'B'; memcpy(r.pos, here, 52); }
        if (sp_dxp_send(&s->link, &r) != 0) return bo_fail(why, n, "crash: the connection is gone (sending GAMEREQ)");
        int64_t deadline = sp_now_ms() + s->spec.start_ms;
        for (;;) {
            if (next_msg(s, deadline, "GAMEACC", buf, why, n) != 1) return -1;
            if (buf[0] == 'C') continue;
            dr_dxp_msg a;
            if (dr_dxp_parse(buf, &a, err, sizeof err) != 0 || a.type != 'A')
                return bo_fail(why, n, "garbage: '%s' answers GAMEREQ (%s)", buf, a.type == 'A' ? err : "GAMEACC expected");
            if (a.code != '0') return bo_fail(why, n, "start: the engine refused the game (GAMEACC code %c)", a.code);
            break;
        }
        memcpy(s->known, pos, g->pos_size);
        s->known_n = nline;
        s->engine_colour = here[0];
        s->in_game = true;
        return 0;
    }
    /* initiator=engine: its GAMEREQ must be the runner's game, from its start */
    char first[52];
    if (dxp_pos(g, start, first) != 0) return bo_fail(why, n, "start: the position has no DXP form");
    int64_t deadline = sp_now_ms() + s->spec.start_ms;
    dr_dxp_msg r;
    for (;;) {
        if (next_msg(s, deadline, "GAMEREQ", buf, why, n) != 1) return -1;
        if (buf[0] == 'C' || buf[0] == 'E') continue;   /* chat, or the end of the last game */
        if (dr_dxp_parse(buf, &r, err, sizeof err) != 0 || r.type != 'R')
            return bo_fail(why, n, "garbage: '%s' where a GAMEREQ was awaited (%s)", buf, r.type == 'R' ? err : "not GAMEREQ");
        break;
    }
    const char *theirs = r.start == 'A' ? dxp_initial : r.pos;
    char engine = r.colour == 'W' ? 'Z' : 'W';
    /* the engine moves now, and every move before is the runner's own */
    bool ok = strcmp(theirs, first) == 0 && engine == here[0] && nline <= 1 && (nline == 0 || first[0] != engine);
    dr_dxp_msg a = {.type = 'A', .code = ok ? '0' : '2'};
    snprintf(a.name, sizeof a.name, "boyi match");
    sp_dxp_send(&s->link, &a);
    if (!ok)
        return bo_fail(why, n, "start: the engine's GAMEREQ (it plays %s from '%s') is not this game (it plays %s from '%s')",
                       engine == 'W' ? "white" : "black", theirs, here[0] == 'W' ? "white" : "black", first);
    s->minutes = r.minutes;
    s->moves = r.moves;
    s->clock_ms = (int64_t)(r.minutes > 0 ? r.minutes : 999) * 60000;
    s->moves_made = 0;
    memcpy(s->known, start, g->pos_size);
    s->known_n = 0;
    s->engine_colour = engine;
    s->in_game = true;
    return 0;
}

/* Does LINE continue the game the engine knows?  The runner's line is replayed to
 * the engine's last position and compared. */
static bool continues(sp_dxp_session *s, const bo_game *g, const void *start, const bo_move *line, int nline)
{
    if (!s->in_game || nline < s->known_n) return false;
    BO_ALIGNED unsigned char p[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(p, start, g->pos_size);
    for (int i = 0; i < s->known_n; i++) g->play(p, line[i], undo, NULL);
    char a[512], b[512];   /* as texts: two copies of a position may differ in bytes no rule reads */
    g->to_text(p, a, sizeof a);
    g->to_text(s->known, b, sizeof b);
    return strcmp(a, b) == 0;
}

int sp_dxp_move(sp_dxp_session *s, const bo_game *g, bool fresh, const void *start, const bo_move *line, int nline,
                const void *pos, const sp_engine_limits *lim, bo_move *move, char *why, size_t n)
{
    if ((fresh || !continues(s, g, start, line, nline)) && new_game(s, g, start, nline, pos, lim, why, n) != 0)
        return -1;
    /* the moves since: the opponent's, sent as it made them */
    BO_ALIGNED unsigned char p[BO_POS_MAX], undo[BO_UNDO_MAX];
    memcpy(p, s->known, g->pos_size);
    for (int i = s->known_n; i < nline; i++) {
        char c[52];
        dr_dxp_msg m;
        if (dxp_pos(g, p, c) != 0 || c[0] == s->engine_colour || dr_dxp_move_msg(g, p, line[i], 0, &m) != 0)
            return bo_fail(why, n, "start: move %d cannot be sent to the engine over DXP", i + 1);
        if (sp_dxp_send(&s->link, &m) != 0) return bo_fail(why, n, "crash: the connection is gone (sending a move)");
        g->play(p, line[i], undo, NULL);
    }
    int64_t t0 = sp_now_ms();
    int64_t budget = lim->clock_ms[0] > 0 ? lim->clock_ms[0] : s->clock_ms > lim->movetime_ms ? s->clock_ms : lim->movetime_ms;
    int64_t deadline = t0 + budget + s->spec.margin_ms;
    char buf[DR_DXP_MSG_MAX], err[256], t[160];
    for (;;) {
        if (next_msg(s, deadline, "move", buf, why, n) != 1) return -1;
        dr_dxp_msg m;
        if (dr_dxp_parse(buf, &m, err, sizeof err) != 0) return bo_fail(why, n, "garbage: '%s' (%s)", buf, err);
        if (m.type == 'C') continue;
        if (m.type == 'B') {   /* no takebacks in a match: refused, and noted in the traffic log */
            dr_dxp_msg k = {.type = 'K', .code = '2'};
            sp_dxp_send(&s->link, &k);
            char note[200];
            snprintf(note, sizeof note, "%s asked to take back to move %d (%s to move): refused, a match has no takebacks",
                     s->spec.name, m.move_number, m.colour == 'W' ? "white" : "black");
            sp_log_line(s->link.log, "# ", note);
            continue;
        }
        if (m.type == 'E') {
            static const char *const reason[] = {"no reason", "it gives up", "it claims a draw", "it claims a win"};
            dr_dxp_msg e = {.type = 'E', .code = '0', .stop = '0'};
            sp_dxp_send(&s->link, &e);
            s->in_game = false;
            return bo_fail(why, n, "resign: the engine ended the game instead of moving (GAMEEND '%s': %s)", buf,
                           reason[m.code - '0']);
        }
        if (m.type != 'M') return bo_fail(why, n, "garbage: '%s' where a MOVE was awaited", buf);
        dr_dxp_move_text(&m, t, sizeof t);
        if (dr_dxp_find_move(g, pos, &m, move, err, sizeof err) != 0) return bo_fail(why, n, "illegal move: '%s' (%s)", t, buf);
        break;
    }
    memcpy(s->known, pos, g->pos_size);
    g->play(s->known, *move, undo, NULL);
    s->known_n = nline + 1;
    s->clock_ms -= sp_now_ms() - t0;
    if (s->moves > 0 && ++s->moves_made % s->moves == 0) s->clock_ms += (int64_t)s->minutes * 60000;
    return 0;
}
