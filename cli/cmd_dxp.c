/* cmd_dxp.c -- `boyi dxp`: boyi's draughts engine as a DXP (DamExchange) peer over
 * TCP, so that Kingsrow, Scan, Dam and DXP match runners can play it.
 *
 *   --listen PORT | --connect HOST:PORT     who opens the connection
 *   follower (default): GAMEREQ -> GAMEACC '0' (version 1, any position), then MOVE
 *       both ways; GAMEEND answered with GAMEEND; stop code 1 ends the program
 *   --initiator [--games N] [--tc SECONDS]: N GAMEREQs from the initial position,
 *       boyi white in the odd games, the clock in whole minutes for no move limit
 *   --movetime MS | --depth N: a fixed limit per move instead of the DXP clock
 *   CHAT is printed.  BACKREQ (move number N, colour C to move) is accepted, as Scan's
 *   dxp.cpp does, by default (`takebacks=refuse` as an argument: BACKACC '2'): the
 *   game goes back to ply (N-1)*2 (+1 when C is black, -1 when black began), BACKACC
 *   '0', and boyi moves at once when it is then its turn; a ply outside the game is
 *   refused ('2'), and so is a request with no game in play.
 *
 * The game ends by the rules boyi plays (no move, the draw rules of --rules): on
 * boyi's turn boyi sends GAMEEND with the reason (1 I lose, 2 draw, 3 I win); on
 * the peer's turn boyi waits for the peer's GAMEEND, as the protocol says only the
 * side to move may end a game.  One line per game goes to stdout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "game.h"
#include "search.h"
#include "sp_dxp.h"

enum { DXP_PLIES = 4096 };

typedef struct peer {
    const bo_game *g;
    const char *rules;
    bo_tt *tt;
    sp_dxp_link link;
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    bo_hist h;
    bool playing;
    bool refuse_takebacks;     /* takebacks=refuse */
    BO_ALIGNED unsigned char start[BO_POS_MAX];   /* the game's start and its moves, for takebacks */
    bo_move line[DXP_PLIES];
    int nline;
    char mine;                 /* our colour, 'W' or 'Z' */
    int minutes, moves, made;  /* the clock */
    int64_t left_ms;
    int64_t movetime_ms, depth;  /* --movetime, --depth: fixed limits instead of the clock */
    int games;
    char opponent[33];
} peer;

/* Our colour's letter to move at the position, 'W' or 'Z'. */
static char side_to_move(const peer *p)
{
    char fen[512], d[52];
    p->g->to_text(p->pos, fen, sizeof fen);
    return dr_dxp_pos_from_fen(fen, d) == 0 ? d[0] : '?';
}

static void say_game_end(peer *p, const char *how)
{
    p->games++;
    printf("game %d: boyi %s against %s, %s\n", p->games, p->mine == 'W' ? "white" : "black", p->opponent, how);
    fflush(stdout);
    p->playing = false;
}

/* A game over by boyi's rules at the position? Then say so (on our turn, with a
 * GAMEEND) and return true. */
static bool over(peer *p)
{
    bo_result r = p->g->result(p->pos, &p->h);
    if (r.how == BO_END_NONE) return false;
    if (side_to_move(p) != p->mine) return true;   /* the peer, to move, ends it */
    char we = p->mine == 'W' ? 0 : 1;
    int score = r.winner < 0 ? 0 : r.winner == we ? 1 : -1;
    dr_dxp_msg e = {.type = 'E', .code = (char)('2' + score), .stop = '0'};
    sp_dxp_send(&p->link, &e);
    say_game_end(p, score > 0 ? "boyi wins (rules)" : score < 0 ? "boyi loses (rules)" : "draw (rules)");
    return true;
}

/* Our move: search on our clock, play it, send it. */
static int think(peer *p)
{
    if (over(p)) return 0;
    int left_moves = p->moves > 0 ? p->moves - p->made % p->moves : 0;
    bo_limits lim = {.clock_ms = p->left_ms > 20 ? p->left_ms - 10 : 10, .moves_to_go = left_moves};
    if (p->movetime_ms > 0 || p->depth > 0) lim = (bo_limits){.movetime_ms = p->movetime_ms, .depth = (int)p->depth};
    bo_search_info info;
    char err[256];
    int64_t t0 = sp_now_ms();
    if (bo_search(p->g, p->pos, &p->h, &lim, p->tt, NULL, NULL, &info, err, sizeof err) != 0) {
        fprintf(stderr, "boyi dxp: %s\n", err);
        return -1;
    }
    int64_t used = sp_now_ms() - t0;
    dr_dxp_msg m;
    if (dr_dxp_move_msg(p->g, p->pos, info.pv[0], (int)((used + 500) / 1000), &m) != 0) return -1;
    BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
    p->g->play(p->pos, info.pv[0], undo, &p->h);
    if (p->nline < DXP_PLIES) p->line[p->nline++] = info.pv[0];
    p->left_ms -= used;
    if (p->moves > 0 && ++p->made % p->moves == 0) p->left_ms += (int64_t)p->minutes * 60000;
    if (sp_dxp_send(&p->link, &m) != 0) return -1;
    return 0;
}

/* A game from the DXP position POS (colour + 50 squares), boyi playing MINE. */
static int start_game(peer *p, const char *pos, char mine, int minutes, int moves)
{
    char fen[512], err[256];
    if (dr_dxp_pos_to_fen(pos, fen, sizeof fen) != 0 || p->g->from_text(p->pos, p->rules, fen, err, sizeof err) != 0)
        return -1;
    bo_hist_reset(&p->h, p->g->hash(p->pos));
    memcpy(p->start, p->pos, p->g->pos_size);
    p->nline = 0;
    bo_tt_clear(p->tt);
    p->mine = mine;
    p->minutes = minutes > 0 ? minutes : 999;
    p->moves = moves;
    p->made = 0;
    p->left_ms = (int64_t)p->minutes * 60000;
    p->playing = true;
    return side_to_move(p) == mine ? think(p) : 0;
}

static const char dxp_initial[] = "Wzzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

/* The initiator's request for game number K (boyi white in odd games). */
static int request(peer *p, int k, int minutes)
{
    dr_dxp_msg r = {.type = 'R', .version = 1, .colour = k % 2 ? 'Z' : 'W', .minutes = minutes, .moves = 0, .start = 'A'};
    snprintf(r.name, sizeof r.name, "boyi");
    if (sp_dxp_send(&p->link, &r) != 0) return -1;
    char buf[DR_DXP_MSG_MAX], err[256];
    for (;;) {
        if (sp_dxp_recv(&p->link, sp_now_ms() + 600000, buf) != SP_DXP_OK) return -1;
        dr_dxp_msg a;
        if (dr_dxp_parse(buf, &a, err, sizeof err) != 0) { fprintf(stderr, "boyi dxp: '%s': %s\n", buf, err); return -1; }
        if (a.type == 'C' || a.type == 'E') continue;   /* chat, or the last game's acknowledgement */
        if (a.type != 'A' || a.code != '0') { fprintf(stderr, "boyi dxp: the game was not accepted ('%s')\n", buf); return -1; }
        snprintf(p->opponent, sizeof p->opponent, "%s", a.name);
        return start_game(p, dxp_initial, k % 2 ? 'W' : 'Z', minutes, 0);
    }
}

/* BACKREQ: back to the position before move M->move_number with M->colour to move
 * (Scan's dxp.cpp reckons the ply so), answered BACKACC '0' and replayed from the
 * start; or BACKACC '2' (refused by option, no game, a ply outside the game).
 * 1 to go on, -1 on an error. */
static int take_back(peer *p, const dr_dxp_msg *m)
{
    char first[52], fen[512];
    p->g->to_text(p->start, fen, sizeof fen);
    int ply = (m->move_number - 1) * 2 + (m->colour == 'W' ? 0 : 1);
    if (dr_dxp_pos_from_fen(fen, first) == 0 && first[0] == 'Z') ply--;
    dr_dxp_msg k = {.type = 'K', .code = '2'};
    bool yes = p->playing && !p->refuse_takebacks && ply >= 0 && ply <= p->nline;
    if (yes) k.code = '0';
    if (sp_dxp_send(&p->link, &k) != 0) return -1;
    if (!yes) return 1;
    BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
    memcpy(p->pos, p->start, p->g->pos_size);
    bo_hist_reset(&p->h, p->g->hash(p->pos));
    for (int i = 0; i < ply; i++) p->g->play(p->pos, p->line[i], undo, &p->h);
    p->nline = ply;
    return side_to_move(p) == p->mine ? (think(p) == 0 ? 1 : -1) : 1;
}

/* One message from the peer; 1 to go on, 0 when the peer stops, -1 on an error. */
static int handle(peer *p, const char *buf)
{
    dr_dxp_msg m;
    char err[256];
    if (dr_dxp_parse(buf, &m, err, sizeof err) != 0) { fprintf(stderr, "boyi dxp: '%s': %s\n", buf, err); return -1; }
    switch (m.type) {
    case 'R': {
        dr_dxp_msg a = {.type = 'A', .code = m.version == 1 ? '0' : '1'};
        snprintf(a.name, sizeof a.name, "boyi");
        if (m.version != 1) return sp_dxp_send(&p->link, &a) == 0 ? 1 : -1;
        snprintf(p->opponent, sizeof p->opponent, "%s", m.name);
        if (sp_dxp_send(&p->link, &a) != 0) return -1;
        return start_game(p, m.start == 'A' ? dxp_initial : m.pos, m.colour, m.minutes, m.moves) == 0 ? 1 : -1;
    }
    case 'M': {
        bo_move mv;
        if (!p->playing || side_to_move(p) == p->mine || dr_dxp_find_move(p->g, p->pos, &m, &mv, err, sizeof err) != 0) {
            fprintf(stderr, "boyi dxp: move '%s' out of turn or illegal (%s)\n", buf, err);
            dr_dxp_msg e = {.type = 'E', .code = '0', .stop = '0'};   /* the game cannot go on */
            if (p->playing) { sp_dxp_send(&p->link, &e); say_game_end(p, "ended: an illegal move from the peer"); }
            return 1;
        }
        BO_ALIGNED unsigned char undo[BO_UNDO_MAX];
        p->g->play(p->pos, mv, undo, &p->h);
        if (p->nline < DXP_PLIES) p->line[p->nline++] = mv;
        return think(p) == 0 ? 1 : -1;
    }
    case 'E': {
        static const char *const why[] = {"ended by the peer", "the peer gives up", "the peer claims a draw", "the peer claims a win"};
        if (p->playing) {
            dr_dxp_msg e = {.type = 'E', .code = '0', .stop = m.stop};
            sp_dxp_send(&p->link, &e);
            say_game_end(p, why[m.code - '0']);
        }
        return m.stop == '1' ? 0 : 1;
    }
    case 'C': printf("chat: %s\n", m.text); fflush(stdout); return 1;
    case 'B': return take_back(p, &m);
    default: return 1;   /* GAMEACC, BACKACC out of place: nothing to do */
    }
}

/* The connection, as --listen or --connect asks; fd or -1. */
static int open_link(const bo_opts *o)
{
    char err[256];
    if (o->listen) {
        int port = atoi(o->listen), bound;
        int lfd = sp_dxp_listen(port, &bound, err, sizeof err);
        if (lfd < 0) { bo_cli_error(NULL, 0, 0, "dxp: %s", err); return -1; }
        printf("listening on port %d\n", bound);
        fflush(stdout);
        int fd = sp_dxp_accept(lfd, sp_now_ms() + (int64_t)7 * 24 * 3600 * 1000, err, sizeof err);
        close(lfd);
        if (fd < 0) bo_cli_error(NULL, 0, 0, "dxp: %s", err);
        return fd;
    }
    char host[128];
    const char *colon = strrchr(o->connect, ':');
    if (!colon || colon == o->connect) { bo_cli_error(NULL, 0, 0, "dxp: --connect takes HOST:PORT, not '%s'", o->connect); return -1; }
    snprintf(host, sizeof host, "%.*s", (int)(colon - o->connect), o->connect);
    int fd = sp_dxp_connect(host, atoi(colon + 1), sp_now_ms() + 30000, err, sizeof err);
    if (fd < 0) bo_cli_error(NULL, 0, 0, "dxp: %s", err);
    return fd;
}

int bo_cmd_dxp(const bo_opts *o)
{
    if (!o->listen == !o->connect) { bo_cli_error(NULL, 0, 0, "dxp: give one of --listen PORT and --connect HOST:PORT"); return BO_EXIT_USAGE; }
    const bo_game_cli *gc = bo_cli_game_find(o->game ? o->game : "draughts");
    const bo_game *g = gc ? bo_game_by_name(gc->name) : NULL;
    if (!g) { bo_cli_error(NULL, 0, 0, "dxp: unknown game"); return BO_EXIT_USAGE; }
    peer *p = calloc(1, sizeof *p);
    if (!p) return BO_EXIT_USAGE;
    p->g = g;
    p->rules = o->rules;
    p->movetime_ms = o->movetime_ms;
    p->depth = o->depth > 0 ? o->depth : 0;
    for (int i = 0; i < o->nargs; i++) {
        if (strcmp(o->args[i], "takebacks=refuse") == 0) p->refuse_takebacks = true;
        else if (strcmp(o->args[i], "takebacks=accept") != 0) {
            bo_cli_error(NULL, 0, 0, "dxp: unknown argument '%s' (takebacks=accept|refuse)", o->args[i]);
            free(p);
            return BO_EXIT_USAGE;
        }
    }
    snprintf(p->opponent, sizeof p->opponent, "the peer");
    p->tt = bo_tt_new(o->hash_mb > 0 ? (size_t)o->hash_mb : 64);
    int rc = BO_EXIT_USAGE, fd = -1;
    if (!p->tt || bo_hist_init(&p->h, DXP_PLIES) != 0 || (fd = open_link(o)) < 0) goto done;
    sp_dxp_link_init(&p->link, fd, NULL);
    long games = o->initiator ? (o->games > 0 ? o->games : 2) : 0;
    int minutes = o->clock_ms > 0 ? (int)((o->clock_ms + 59999) / 60000) : 1;
    int asked = 0;
    if (o->initiator && request(p, ++asked, minutes) != 0) goto done;
    char buf[DR_DXP_MSG_MAX];
    for (;;) {
        sp_dxp_status st = sp_dxp_recv(&p->link, sp_now_ms() + (int64_t)24 * 3600 * 1000, buf);
        if (st == SP_DXP_CLOSED) { rc = BO_EXIT_OK; break; }
        if (st != SP_DXP_OK) { bo_cli_error(NULL, 0, 0, "dxp: %s", st == SP_DXP_LONG ? "a message of more than 127 bytes" : "no message for a day"); break; }
        int h = handle(p, buf);
        if (h < 0) break;
        if (h == 0) { rc = BO_EXIT_OK; break; }
        if (o->initiator && !p->playing) {
            if (asked >= games) { rc = BO_EXIT_OK; break; }   /* closing the connection ends the follower */
            if (request(p, ++asked, minutes) != 0) break;
        }
    }
done:
    sp_dxp_link_close(&p->link);
    bo_hist_free(&p->h);
    bo_tt_free(p->tt);
    free(p);
    return rc;
}
