/* fuzz_proto.c -- the fuzz targets of the protocol readers: what outside engines and
 * servers send boyi (tests/fuzz/boyi_fuzz.c names them proto/KIND).
 *   proto/uci      UCI and UCCI reply lines (sp_reply_uci): info, bestmove, nobestmove;
 *                  a move is looked up among Xiangqi's legal moves as the runner does
 *   proto/gomocup  Gomocup reply lines (sp_reply_gomocup), moves looked up in Gomoku
 *   proto/hub      Hub-2 and Hub-1 reply lines (sp_reply_hub) and Hub positions
 *                  ("pos pos=W..." as `boyi hub` reads them, dr_hub_to_fen), moves
 *                  looked up with dr_hub_find_move in 10x10 draughts
 *   (each also through its full search-report reader, sp_reply_*_info, as analyse
 *   and annotate --engine read reports: numbers in range, the line's texts bounded)
 *   proto/dxp      DXP messages (NUL or newline separated; dr_dxp_parse): a message
 *                  read must write (dr_dxp_format) a text that reads back to the same
 *                  text; moves looked up (dr_dxp_find_move), GAMEREQ positions read
 *   proto/botzone  Botzone responses and requests, JSON and simple: the first byte
 *                  picks the game (every registered one), the rest is the line
 *                  (bz_json_parse, bz_read_response, bz_apply_request)
 * The input is split into lines; each is read at the same position (a reply stream
 * does not move the game on).  A move a reader accepts that is not legal aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "botzone.h"
#include "cli.h"
#include "core.h"
#include "dr_dxp.h"
#include "dr_hub.h"
#include "fuzz_proto.h"
#include "sp_reply.h"

static void die(const char *what)
{
    fprintf(stderr, "boyi_fuzz: %s\n", what);
    abort();
}

/* M must be among POS's legal moves. */
static void must_be_legal(const bo_game *g, const void *pos, bo_move m, const char *line)
{
    bo_move all[BO_MOVES_MAX];
    int n = g->legal(pos, all);
    for (int i = 0; i < n; i++) if (all[i] == m) return;
    fprintf(stderr, "'%s' read as a move not legal here\n", line);
    die("illegal move accepted");
}

/* Xiangqi/Gomoku/draughts start position of G, or abort. */
static void start_of(const bo_game *g, void *pos)
{
    char err[256];
    if (!g || g->start(pos, NULL, err, sizeof err) != 0) die("no start position");
}

/* The move text T at POS, as sp_engine.c's find_move takes it. */
static void look_up(const bo_game *g, const void *pos, const char *t)
{
    bo_move m;
    char err[256];
    if (g->move_from_text(pos, t, &m, err, sizeof err) == 0) {
        bo_move all[BO_MOVES_MAX];
        int n = g->legal(pos, all);
        for (int i = 0; i < n; i++) if (all[i] == m) return;   /* legal: as the runner plays it */
    }
}

/* A full search report (analyse and annotate --engine): its numbers in their ranges,
 * its line's texts bounded strings. */
static void check_info(const sp_reply_info *r)
{
    if (r->has_score && (r->cp < -SP_REPLY_MATE || r->cp > SP_REPLY_MATE || r->mate < -1000 || r->mate > 1000))
        die("report score out of range");
    if (r->npv < 0 || r->npv > SP_REPLY_PV || r->multipv < 1) die("report line out of range");
    for (int k = 0; k < r->npv; k++)
        if (strnlen(r->pv[k], SP_REPLY_PV_TEXT) >= SP_REPLY_PV_TEXT) die("report move text unterminated");
}

/* The full report reader READ on L; the line's first move looked up as the runner does. */
static void full_info(void (*read)(const char *, sp_reply_info *), const char *l, const bo_game *g, const void *pos)
{
    sp_reply_info r;
    read(l, &r);
    check_info(&r);
    if (r.npv > 0) look_up(g, pos, r.pv[0]);
}

static void uci_line(const char *l)
{
    const bo_game *g = bo_game_by_name("xiangqi");
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    start_of(g, pos);
    sp_reply r;
    sp_reply_uci(l, &r);
    if (r.kind == SP_REPLY_INFO && r.has_eval && (r.eval < -SP_REPLY_MATE || r.eval > SP_REPLY_MATE))
        die("uci score out of range");
    if (r.kind == SP_REPLY_MOVE) look_up(g, pos, r.move);
    full_info(sp_reply_uci_info, l, g, pos);
}

static void gomocup_line(const char *l)
{
    const bo_game *g = bo_game_by_name("gomoku");
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    start_of(g, pos);
    sp_reply r;
    sp_reply_gomocup(l, &r);
    if (r.kind == SP_REPLY_MOVE) look_up(g, pos, r.move);
    full_info(sp_reply_gomocup_info, l, g, pos);
}

static void hub_line(const char *l)
{
    const bo_game *g = bo_game_by_name("draughts");
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    start_of(g, pos);
    for (int v1 = 0; v1 < 2; v1++) {
        sp_reply r;
        sp_reply_hub(l, v1, &r);
        bo_move m;
        if (r.kind == SP_REPLY_MOVE && dr_hub_find_move(g, pos, r.move, &m) == 0) must_be_legal(g, pos, m, l);
        sp_reply_info ri;
        sp_reply_hub_info(l, v1, &ri);
        check_info(&ri);
        for (int k = 0; k < ri.npv; k++)
            if (dr_hub_find_move(g, pos, ri.pv[k], &m) == 0) must_be_legal(g, pos, m, l);
    }
    const char *p = strstr(l, "pos=");   /* Hub-2's "pos pos=W...", Hub-1's "pos W..." */
    p = p ? p + 4 : strncmp(l, "pos ", 4) == 0 ? l + 4 : NULL;
    char fen[512], err[256];
    BO_ALIGNED unsigned char q[BO_POS_MAX];
    if (p && dr_hub_to_fen(p, fen, sizeof fen) == 0 && g->from_text(q, NULL, fen, err, sizeof err) != 0) {
        fprintf(stderr, "hub position '%s' gave FEN '%s' that does not read: %s\n", p, fen, err);
        die("hub position's FEN does not read");
    }
}

static void dxp_message(const char *s)
{
    const bo_game *g = bo_game_by_name("draughts");
    BO_ALIGNED unsigned char pos[BO_POS_MAX];
    start_of(g, pos);
    dr_dxp_msg m, again;
    char err[256], out[DR_DXP_MSG_MAX], out2[DR_DXP_MSG_MAX];
    if (dr_dxp_parse(s, &m, err, sizeof err) != 0) return;
    if (dr_dxp_format(&m, out, sizeof out) == 0) {
        if (dr_dxp_parse(out, &again, err, sizeof err) != 0) {
            fprintf(stderr, "DXP '%s' written as '%s' does not read back: %s\n", s, out, err);
            die("DXP message does not read back");
        }
        if (dr_dxp_format(&again, out2, sizeof out2) != 0 || strcmp(out, out2) != 0) die("DXP message changes on a second round trip");
    }
    bo_move mv;
    if (m.type == 'M' && dr_dxp_find_move(g, pos, &m, &mv, err, sizeof err) == 0) must_be_legal(g, pos, mv, s);
    char fen[512], text[64];
    if (m.type == 'M') dr_dxp_move_text(&m, text, sizeof text);
    if (m.type == 'R' && m.start == 'B' && dr_dxp_pos_to_fen(m.pos, fen, sizeof fen) == 0) {
        BO_ALIGNED unsigned char q[BO_POS_MAX];
        if (g->from_text(q, NULL, fen, err, sizeof err) != 0) {
            fprintf(stderr, "DXP position gave FEN '%s' that does not read: %s\n", fen, err);
            die("DXP position's FEN does not read");
        }
    }
}

static void botzone_line(const bo_game_cli *gc, const char *l)
{
    const bo_game *g = bo_game_by_name(gc->name);
    if (!g) return;
    BO_ALIGNED unsigned char pos[BO_POS_MAX], req[BO_POS_MAX];
    char err[256];
    if (g->start(pos, NULL, err, sizeof err) != 0) return;
    bo_move m;
    bz_json d;
    int root = bz_json_parse(&d, l, strlen(l), err, sizeof err);
    if (root >= 0) {
        char raw[512], str[512];
        double x;
        for (int at = 0; at < d.n; at++) {   /* every value's readers */
            bz_json_num(&d, at, &x);
            bz_json_str(&d, at, str, sizeof str);
            bz_json_raw(&d, at, raw, sizeof raw);
        }
        int r = bz_json_member(&d, root, "response");
        if (r >= 0 && g->to_move(pos) >= 0 && bz_read_response(g, gc->botzone, pos, &d, r, NULL, &m, err, sizeof err) == 0)
            must_be_legal(g, pos, m, l);
        memcpy(req, pos, g->pos_size);
        bz_apply_request(g, gc->botzone, NULL, req, NULL, true, &d, root, NULL, err, sizeof err);
    }
    bz_json_free(&d);
    if (g->to_move(pos) >= 0 && bz_read_response(g, gc->botzone, pos, NULL, -1, l, &m, err, sizeof err) == 0)
        must_be_legal(g, pos, m, l);
    memcpy(req, pos, g->pos_size);
    bz_apply_request(g, gc->botzone, NULL, req, NULL, true, NULL, -1, l, err, sizeof err);
}

/* The bytes as lines (or DXP's NUL-ended messages), each read by the target. */
void fuzz_proto(const char *kind, const uint8_t *data, size_t size)
{
    const bo_game_cli *gc = NULL;
    if (strcmp(kind, "botzone") == 0) {
        if (size == 0) return;
        int n;
        const bo_game_cli *const *all = bo_cli_games(&n);
        gc = all[data[0] % (unsigned)n];
        data++;
        size--;
    }
    char *s = malloc(size + 1);
    if (!s) die("out of memory");
    memcpy(s, data, size);
    s[size] = 0;
    bool dxp = strcmp(kind, "dxp") == 0;
    for (size_t at = 0; at <= size;) {
        size_t end = at;
        while (end < size && s[end] != '\n' && s[end] != 0) end++;
        s[end] = 0;
        if (end > at && s[end - 1] == '\r' && !dxp) s[end - 1] = 0;
        const char *l = s + at;
        if (strcmp(kind, "uci") == 0) uci_line(l);
        else if (strcmp(kind, "gomocup") == 0) gomocup_line(l);
        else if (strcmp(kind, "hub") == 0) hub_line(l);
        else if (dxp) dxp_message(l);
        else if (gc) botzone_line(gc, l);
        at = end + 1;
    }
    free(s);
}

static void put_seed(const char *dir, const char *name, const char *text, size_t len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) die("cannot write a seed");
    fwrite(text, 1, len, f);
    fclose(f);
}

/* Seeds: each protocol's typical exchanges, as real engines write them. */
void fuzz_proto_seeds(const char *kind, const char *dir)
{
    static const char uci[] =
        "id name Pikafish\nuciok\nreadyok\n"
        "info depth 12 seldepth 18 multipv 1 score cp 35 nodes 123456 nps 1000000 time 120 pv h2e2 h9g7 h0g2\n"
        "info depth 30 score mate -3 pv b2e2\ninfo string NNUE evaluation enabled\nbestmove h2e2 ponder h9g7\n";
    static const char ucci[] = "ucciok\ninfo depth 8 score 120 pv b2e2 b9c7\nbestmove b2e2 ponder b9c7\nnobestmove\n";
    static const char gomocup[] = "OK\nMESSAGE depth 9 ev 40\nDEBUG x\n7,7\n";
    static const char hub[] = "id name=Scan version=3.1\nwait\nready\ninfo depth=15 mean-depth=13.2 score=0.25 nodes=1000 time=0.5 nps=2.0 pv=\"32-28 19-23\"\n"
                              "done move=32-28 ponder=19-23\nmove 31-27\npos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww\n";
    static const char dxp[] = "R01Kingsrow                        W010050A\0A01Scan                             0\0"
                              "M0010322800\0M0012823021917\0E00\0CHello\0B012W\0K1";
    static const char bz_json[] = "\x00{\"response\":\"h2e2\",\"data\":\"x\",\"globaldata\":[1,2]}\n{\"requests\":[{\"x\":-1,\"y\":-1}],\"responses\":[]}";
    static const char bz_xy[] = "\x01{\"response\":{\"x\":7,\"y\":7}}\n7 7\n-1 -1\n{\"x\":3,\"y\":4}";
    static const char bz_simple[] = "\x02h2e2\n{\"moves\":[\"h2e2\"],\"position\":\"start\"}";
    if (strcmp(kind, "uci") == 0) {
        put_seed(dir, "uci", uci, sizeof uci - 1);
        put_seed(dir, "ucci", ucci, sizeof ucci - 1);
    } else if (strcmp(kind, "gomocup") == 0) {
        put_seed(dir, "gomocup", gomocup, sizeof gomocup - 1);
    } else if (strcmp(kind, "hub") == 0) {
        put_seed(dir, "hub", hub, sizeof hub - 1);
    } else if (strcmp(kind, "dxp") == 0) {
        put_seed(dir, "dxp", dxp, sizeof dxp - 1);
    } else if (strcmp(kind, "botzone") == 0) {
        int n;
        bo_cli_games(&n);
        char buf[256];
        for (int k = 0; k < n; k++) {   /* each game's byte with each shape of line */
            const char *const src[] = {bz_json, bz_xy, bz_simple};
            const size_t len[] = {sizeof bz_json - 1, sizeof bz_xy - 1, sizeof bz_simple - 1};
            for (int j = 0; j < 3; j++) {
                memcpy(buf, src[j], len[j]);
                buf[0] = (char)k;
                char name[32];
                snprintf(name, sizeof name, "bz-%d-%d", k, j);
                put_seed(dir, name, buf, len[j]);
            }
        }
    }
}
