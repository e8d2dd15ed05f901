/* ttt_records.c -- tic-tac-toe's records (notation/common/records.h): the toy game's
 * record format, read and judged in one pass, and the games boyi plays written in it.
 *
 * The format: one game a line, "ttt:" then the moves (a1 ... c3) and the result
 * (1-0, 0-1, 1/2-1/2, or * for a game not over); lines starting with '#' are comments,
 * and one that ends "x: NAME, o: NAME" names the players of the game that follows.
 *
 *     # x: depth=9, o: random
 *     ttt: b2 a1 c3 a3 a2 c1 b1 b3 c2 1/2-1/2
 *
 * The judge replays each game through the game descriptor as it reads it: a move
 * that is no square or a taken one is "illegal", a move after three in a row is
 * "after-end", and a result that is not the one the board shows is "result".  Like
 * any notation file it sees notation/ and engine/, never selfplay/ or cli/. */
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "record.h"
#include "records.h"

extern const bo_game bo_game_extra;   /* ttt_game.c: the descriptor */
#define TTT (&bo_game_extra)

static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};

/* Where line L of the text starts "ttt:" (after blanks), or NULL. */
static const char *game_line(const char *s, const char *end)
{
    while (s < end && (*s == ' ' || *s == '\t')) s++;
    return end - s >= 4 && memcmp(s, "ttt:", 4) == 0 ? s : NULL;
}

/* The first line that is neither blank nor a comment is a game line. */
static int ttt_sniff(const bo_text *t)
{
    if (t->encoding == BO_ENC_BINARY) return 0;
    const char *s = t->data, *end = t->data + t->len;
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        const char *e = nl ? nl : end;
        const char *b = s;
        while (b < e && (*b == ' ' || *b == '\t' || *b == '\r')) b++;
        if (b < e && *b != '#') return game_line(s, e) ? 90 : 0;
        s = nl ? nl + 1 : end;
    }
    return 0;
}

/* The result the board shows: "1-0", "0-1", "1/2-1/2", or "*" while it goes on. */
static const char *rules_result(const void *pos, const char **ending)
{
    bo_result r = TTT->result(pos, NULL);
    *ending = r.how == BO_END_GOAL ? "three in a row" : r.how == BO_END_FULL_BOARD ? "the board is full" : NULL;
    return r.winner == 0 ? "1-0" : r.winner == 1 ? "0-1" : r.how != BO_END_NONE ? "1/2-1/2" : "*";
}

/* The players a comment line [s, e) names ("... x: NAME, o: NAME"), into PL. */
static void players_of(const char *s, const char *e, char pl[2][64])
{
    size_t n = (size_t)(e - s);
    char c[256];
    snprintf(c, sizeof c, "%.*s", (int)(n < 255 ? n : 255), s);
    char *x = strstr(c, "x: "), *o = x ? strstr(x, ", o: ") : NULL;
    if (!o) return;
    *o = 0;
    snprintf(pl[0], sizeof pl[0], "%s", x + 3);
    snprintf(pl[1], sizeof pl[1], "%s", o + 5);
}

/* One game line [s, e) of game INDEX at LINE, by players PL: read, judged, handed to SINK. */
static int one_game(const bo_text *t, const char *s, const char *e, int index, int line,
                    char pl[2][64], const bo_records_sink *sink)
{
    BO_ALIGNED unsigned char start[BO_POS_MAX], pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    TTT->start(start, NULL, NULL, 0);
    memcpy(pos, start, TTT->pos_size);
    bo_record r;
    bo_record_init(&r, index, line);
    bo_verdict v;
    bo_verdict_init(&v, t->path, index);
    uint32_t moves[9];
    int nmoves = 0;
    char msg[160], word[16], bad[16];
    const char *claimed = NULL, *ending = NULL, *line_start = s;
    s += 4;   /* "ttt:" */
    while (s < e) {
        while (s < e && (*s == ' ' || *s == '\t' || *s == '\r')) s++;
        if (s == e) break;
        const char *w = s;
        while (s < e && *s != ' ' && *s != '\t' && *s != '\r') s++;
        size_t len = (size_t)(s - w);
        int col = (int)(w - line_start) + 1;
        snprintf(word, sizeof word, "%.*s", (int)(len < 15 ? len : 15), w);
        for (size_t k = 0; k < 4 && !claimed; k++)
            if (strcmp(word, results[k]) == 0) claimed = results[k];
        if (claimed) {
            if (s < e && v.status == BO_VERDICT_OK) {
                v.status = BO_VERDICT_INVALID;
                v.kind = "parse", v.message = "text after the result", v.line = line, v.col = col + (int)len;
            }
            break;
        }
        bo_record_add_move(&r, w, len, line, col);
        if (v.status != BO_VERDICT_OK) continue;
        bo_move m;
        char err[128];
        if (TTT->to_move(pos) == BO_PLAYER_TERMINAL) {
            v.status = BO_VERDICT_INVALID;
            v.kind = "after-end";
            snprintf(msg, sizeof msg, "%s after the end of the game (%s)", word, rules_result(pos, &ending));
        } else if (TTT->move_from_text(pos, word, &m, err, sizeof err) != 0) {
            v.status = BO_VERDICT_INVALID;
            v.kind = "illegal";
            snprintf(msg, sizeof msg, "%s", err);
        } else {
            TTT->play(pos, m, undo, NULL);
            moves[nmoves++] = m;
            continue;
        }
        v.message = msg, v.line = line, v.col = col, v.move_no = nmoves / 2 + 1;
        memcpy(bad, word, sizeof bad);
        v.side = TTT->player_names[nmoves % 2], v.move_text = bad;
    }
    v.moves = nmoves;
    v.result = rules_result(pos, &ending);
    v.ending = ending;
    v.claimed = claimed && strcmp(claimed, "*") != 0 ? claimed : NULL;
    for (int k = 0; k < 2; k++) v.players[k] = pl[k][0] ? pl[k] : NULL;
    if (claimed) bo_record_set_tag(&r, "Result", claimed);
    if (v.status == BO_VERDICT_OK && claimed && strcmp(claimed, v.result) != 0) {
        v.status = BO_VERDICT_INVALID;
        v.kind = "result";
        v.rules_result = v.result;
        snprintf(msg, sizeof msg, "the record says %s, the board %s", claimed, v.result);
        v.message = msg, v.line = line;
    }
    int stop = 0;
    if (sink->game) {
        bo_rec_game g = {t->path, &r, start, moves, nmoves, &v, NULL, NULL};
        stop = sink->game(sink->ctx, &g);
    }
    bo_record_free(&r);
    return stop;
}

/* Every game line of the text, in order; other lines must be blank or comments. */
static int ttt_read(const bo_read_opts *o, const bo_text *t, void *across, const bo_records_sink *sink, char *err,
                    size_t errlen)
{
    (void)across;
    if (o->rules && strcmp(o->rules, "standard") != 0)
        return snprintf(err, errlen, "tic-tac-toe has no rule set '%s'", o->rules), -1;
    if (t->encoding == BO_ENC_BINARY) return snprintf(err, errlen, "this is no tic-tac-toe record"), -1;
    const char *s = t->data, *end = t->data + t->len;
    int index = 0, line = 0;
    char pl[2][64] = {"", ""};   /* the players the last comment named */
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        const char *e = nl ? nl : end;
        line++;
        const char *g = game_line(s, e), *b = s;
        while (b < e && (*b == ' ' || *b == '\t' || *b == '\r')) b++;
        if (g) {
            if (one_game(t, g, e, ++index, line, pl, sink)) return 0;
            pl[0][0] = pl[1][0] = 0;
        } else if (b < e && *b == '#') {
            players_of(b, e, pl);
        } else if (b < e) {
            return snprintf(err, errlen, "line %d, column %d: a line is a game (\"ttt: ...\"), a comment or blank",
                            line, (int)(b - s) + 1), -1;
        }
        s = nl ? nl + 1 : end;
    }
    return 0;
}

/* A game boyi played: its players as a comment, then the game line. */
static int ttt_write_played(const bo_read_opts *o, const bo_played *p, FILE *out, char *err, size_t errlen)
{
    (void)o;
    fprintf(out, "# game %ld, x: %s, o: %s\nttt:", p->round, p->first_name ? p->first_name : "?",
            p->second_name ? p->second_name : "?");
    for (int i = 0; i < p->nmoves; i++) {
        char m[8];
        if (TTT->move_to_text(p->start, p->moves[i], m, sizeof m) != 0)
            return snprintf(err, errlen, "move %d is no square", i + 1), -1;
        fprintf(out, " %s", m);
    }
    const char *result = p->score_first == 1 ? "1-0" : p->score_first == 0 ? "0-1" : "1/2-1/2";
    fprintf(out, " %s\n", result);
    return ferror(out) ? (snprintf(err, errlen, "write error"), -1) : 0;
}

const bo_records ttt_records = {
    .name = "tictactoe",
    .sniff = ttt_sniff,
    .read = ttt_read,
    .played_ext = "ttt",
    .write_played = ttt_write_played,
};
