/* ew_judge.c -- judging EWN records and matches (RULES.md section 5).
 *
 * A game: both arrangements on their own triangles (six pieces, six squares), then
 * each line's ply number in sequence, the mover's colour, the die value, the piece the
 * roll allows (the rolled one, or if it is gone the nearest higher or lower one), a
 * step in one of the colour's three directions, nothing after the game is won, and
 * the header's result against the board's (no draws).  A record that ends before the
 * board decides is taken with its written result under the result policy
 * (result_policy.h): the reason it gives ([先手胜(超时)], [超时判负]) is named, a claim
 * with none is a warning.
 * A match: up to 7 games, first to 4; A (game 1's first player) moves first in games
 * 1, 4, 5 and B in 2, 3, 6, 7; the same two teams throughout; nothing after 4 wins. */
#include <stdio.h>
#include <string.h>

#include "ew_wtn.h"
#include "result_policy.h"

static const char *side_name(int s) { return s == EW_BLUE ? "blue" : "red"; }

/* The verdict's fault fields, then the verdict. */
static void invalid(const bo_verdict_sink *sink, bo_verdict *v, int line, int col, int move_no, const char *side,
                    const char *text, const char *kind, const char *msg)
{
    v->status = BO_VERDICT_INVALID;
    v->line = line;
    v->col = col;
    v->move_no = move_no;
    v->side = side;
    v->move_text = text;
    v->kind = kind;
    v->message = msg;
    sink->verdict(sink->ctx, v);
}

/* The plain list: the descriptor's move texts from the "choose" start. */
static void judge_plain(const ew_wtn_game *g, const bo_verdict_sink *sink, bo_verdict *v, ew_pos *start,
                        uint32_t *moves, int *nmoves, int *winner)
{
    char msg[256];
    ew_start(start, EW_SETUP_CHOOSE, EW_RED);
    ew_pos p = *start;
    for (int i = 0; i < g->nmoves; i++) {
        const ew_wtn_move *m = &g->moves[i];
        uint32_t mv;
        v->moves = i;
        if (ew_to_move(&p) == -2) {
            snprintf(msg, sizeof msg, "the game was already won by %s", side_name(ew_winner(&p, NULL)));
            invalid(sink, v, m->line, m->col, i + 1, NULL, m->text, "after-end", msg);
            return;
        }
        if (ew_move_from_text(&p, m->text, &mv, msg, sizeof msg) != 0) {
            invalid(sink, v, m->line, m->col, i + 1, ew_to_move(&p) >= 0 ? side_name(ew_to_move(&p)) : "chance",
                    m->text, "illegal", msg);
            return;
        }
        moves[(*nmoves)++] = mv;
        ew_play(&p, mv);
    }
    v->moves = g->nmoves;
    int how;
    *winner = ew_winner(&p, &how);
    v->result = *winner < 0 ? "*" : *winner == start->stm ? "1-0" : "0-1";
    char ending[64];
    if (*winner >= 0) {
        if (how == 1) snprintf(ending, sizeof ending, "%s reached %s", side_name(*winner), *winner == EW_RED ? "E1" : "A5");
        else snprintf(ending, sizeof ending, "%s removed all opposing pieces", side_name(*winner));
        v->ending = ending;
    }
    sink->verdict(sink->ctx, v);
}

/* Who moves first where no header says: the colour of the first move's piece (in the
 * square-to-square dialect, of the piece its arrangement puts on the square left). */
static int first_mover(const ew_wtn_game *g)
{
    const ew_wtn_move *m = &g->moves[0];
    if (m->from < 0) return m->side >= 0 ? m->side : EW_RED;
    for (int side = 0; side < 2; side++)
        for (int n = 1; n <= EW_PIECES; n++)
            if (g->arr[side][n] == m->from) return side;
    return EW_RED;
}

void ew_wtn_judge(const ew_wtn_game *g, const char *path, const bo_verdict_sink *sink, ew_pos *start,
                  uint32_t *moves, int *nmoves, int *winner)
{
    bo_verdict v;
    char msg[512], ending[256];
    bo_verdict_init(&v, path, g->index);
    v.players[0] = g->team[0][0] ? g->team[0] : NULL;
    v.players[1] = g->team[1][0] ? g->team[1] : NULL;
    v.claimed = g->result == 0 ? "1-0" : g->result == 1 ? "0-1" : g->result == 2 ? "1/2-1/2" : NULL;
    *nmoves = 0;
    *winner = -1;
    ew_start(start, EW_SETUP_CHOOSE, EW_RED);
    if (g->plain) { judge_plain(g, sink, &v, start, moves, nmoves, winner); return; }
    if (g->err_line) { invalid(sink, &v, g->err_line, g->err_col, 0, NULL, NULL, "parse", g->err); return; }
    for (int side = 0; side < 2; side++)
        if (!g->has_arr[side]) {
            snprintf(msg, sizeof msg, "no arrangement line (%c:...) for %s", side ? 'B' : 'R', side_name(side));
            invalid(sink, &v, g->line, 0, 0, side_name(side), NULL, "position", msg);
            return;
        }
    int first = g->first_colour >= 0 ? g->first_colour : g->nmoves > 0 ? first_mover(g) : EW_RED;
    if (ew_from_arrangements(start, g->arr, first, msg, sizeof msg) != 0) {
        int side = strncmp(msg, "blue", 4) == 0;
        invalid(sink, &v, g->arr_line[side], 1, 0, side_name(side), NULL, "position", msg);
        return;
    }
    ew_pos p = *start;
    int won_at = 0;
    for (int i = 0; i < g->nmoves; i++) {
        const ew_wtn_move *m = &g->moves[i];
        /* The square-to-square dialect: the piece is the one on the square left. */
        int side = m->side, piece = m->piece, b = m->from >= 0 ? p.board[m->from] : 0;
        if (m->from >= 0 && b) side = b > EW_PIECES, piece = b - EW_PIECES * side;
        v.moves = i;
        if (ew_winner(&p, NULL) >= 0) {
            snprintf(msg, sizeof msg, "the game was won by %s at ply %d", side_name(ew_winner(&p, NULL)), won_at);
            invalid(sink, &v, m->line, m->col, m->ply, b || m->from < 0 ? side_name(side) : NULL, m->text, "after-end", msg);
            return;
        }
        if (m->from >= 0 && !b) {
            char sq[3];
            ew_square_name(m->from, sq);
            snprintf(msg, sizeof msg, "no piece on %s to move", sq);
            invalid(sink, &v, m->line, m->col, m->ply, side_name(p.stm), m->text, "illegal", msg);
            return;
        }
        if (m->ply != i + 1) {
            snprintf(msg, sizeof msg, "ply number %d where %d is due", m->ply, i + 1);
            invalid(sink, &v, m->line, m->col, i + 1, side_name(side), m->text, "parse", msg);
            return;
        }
        if (m->die < 1 || m->die > 6) {
            snprintf(msg, sizeof msg, "the die shows 1 to 6, not '%c'", m->die + '0');
            invalid(sink, &v, m->line, m->col, m->ply, side_name(side), m->text, "illegal", msg);
            return;
        }
        if (side != p.stm) {
            snprintf(msg, sizeof msg, "it is %s's move, not %s's", side_name(p.stm), side_name(side));
            invalid(sink, &v, m->line, m->col, m->ply, side_name(side), m->text, "illegal", msg);
            return;
        }
        uint32_t roll = EW_ROLL | (uint32_t)m->die, step;
        ew_play(&p, roll);
        char text[16], sq[3];
        ew_square_name(m->to, sq);
        snprintf(text, sizeof text, "%c%d-%s", side ? 'B' : 'R', piece, sq);
        if (ew_move_from_text(&p, text, &step, msg, sizeof msg) != 0) {
            /* The reason without the descriptor's quoting of its own text. */
            const char *why = strstr(msg, "': ");
            invalid(sink, &v, m->line, m->col, m->ply, side_name(m->side), m->text, "illegal", why ? why + 3 : msg);
            return;
        }
        moves[(*nmoves)++] = roll;
        moves[(*nmoves)++] = step;
        ew_play(&p, step);
        if (ew_winner(&p, NULL) >= 0) won_at = m->ply;
    }
    v.moves = g->nmoves;
    int how, w = ew_winner(&p, &how);
    *winner = w;
    if (g->result == 2) {
        snprintf(msg, sizeof msg, "the header gives a draw (%s); EWN has no draws", g->result_text);
        invalid(sink, &v, g->line, 0, 0, NULL, NULL, "result", msg);
        return;
    }
    if (w >= 0) {
        if (how == 1) snprintf(ending, sizeof ending, "%s reached %s at ply %d", side_name(w), w == EW_RED ? "E1" : "A5", won_at);
        else snprintf(ending, sizeof ending, "%s removed all opposing pieces at ply %d", side_name(w), won_at);
        if (g->first_colour < 0) {
            /* No header says who moved first: the result "1-0" needs it said. */
            size_t k = strlen(ending);
            snprintf(ending + k, sizeof ending - k, "; %s moved first", side_name(first));
        }
        v.ending = ending;
        v.result = w == first ? "1-0" : "0-1";
        if (g->result >= 0 && g->result != (w == first ? 0 : 1)) {
            snprintf(msg, sizeof msg, "the %s says %s, but %s, the %s player, won: %s", g->has_header ? "header" : "log's name",
                     g->result_text, side_name(w), w == first ? "first" : "second", ending);
            invalid(sink, &v, g->line, 0, 0, NULL, NULL, "result", msg);
            return;
        }
    } else if (g->result == 0 || g->result == 1) {
        /* The result policy (result_policy.h): the reason the header gives is named; a
         * claim with none is a warning (the CLI makes it a fault under --strict). */
        v.result = g->result == 0 ? "1-0" : "0-1";
        bo_reason why = bo_reason_from_text(g->reason);
        if (why != BO_REASON_NONE) {
            snprintf(ending, sizeof ending, "not over on the board; the %s says %s by %s (%s)",
                     g->has_header ? "header" : "log's name", g->result_text, bo_reason_name(why), g->reason);
        } else {
            snprintf(ending, sizeof ending, "not over on the board; the %s says %s", g->has_header ? "header" : "log's name",
                     g->result_text);
            char words[400];
            bo_claim_words(words, sizeof words, BO_CLAIM_WARN, g->result_text, why, NULL, false, false);
            bo_warning wr = {path, g->index, g->line, 0, words};
            if (sink->warning) sink->warning(sink->ctx, &wr);
        }
        v.ending = ending;
    } else {
        v.result = "*";
    }
    sink->verdict(sink->ctx, &v);
}

/* Which of the two teams NAME is: 0 A, 1 B, -1 neither. */
static int team_of(const ew_match_result *r, const char *name)
{
    return !strcmp(name, r->team_a) ? 0 : !strcmp(name, r->team_b) ? 1 : -1;
}

static void match_fault(ew_match_result *r, int game, const char *msg)
{
    if (r->nfaults >= (int)(sizeof r->faults / sizeof r->faults[0])) return;
    r->faults[r->nfaults].game = game;
    snprintf(r->faults[r->nfaults].message, sizeof r->faults[0].message, "%s", msg);
    r->nfaults++;
}

void ew_match_judge(const ew_match_game *games, int n, ew_match_result *r)
{
    memset(r, 0, sizeof *r);
    if (n == 0) return;
    snprintf(r->team_a, sizeof r->team_a, "%s", games[0].first);
    snprintf(r->team_b, sizeof r->team_b, "%s", games[0].second);
    char msg[512];
    for (int i = 0; i < n; i++) {
        const ew_match_game *g = &games[i];
        int k = i + 1;
        if (r->decided) {
            snprintf(msg, sizeof msg, "game %d is played after the match was decided (%s %d - %d %s)", k, r->team_a,
                     r->wins_a, r->wins_b, r->team_b);
            match_fault(r, i, msg);
            continue;
        }
        if (k > 7) { match_fault(r, i, "a match has at most 7 games"); continue; }
        int f = team_of(r, g->first), s = team_of(r, g->second);
        if (f < 0 || s < 0 || f == s) {
            snprintf(msg, sizeof msg, "game %d is between '%s' and '%s', not the match's teams '%s' and '%s'", k, g->first,
                     g->second, r->team_a, r->team_b);
            match_fault(r, i, msg);
            continue;
        }
        int due = (k == 1 || k == 4 || k == 5) ? 0 : 1;
        if (f != due) {
            snprintf(msg, sizeof msg, "in game %d %s (%s) moves first, not %s: A moves first in games 1, 4, 5, B in 2, 3, 6, 7",
                     k, due ? "B" : "A", due ? r->team_b : r->team_a, g->first);
            match_fault(r, i, msg);
        }
        r->played++;
        if (g->winner < 0) continue;
        int wt = g->winner == 0 ? f : s;
        if (wt == 0) r->wins_a++;
        else r->wins_b++;
        if (r->wins_a == 4) r->decided = 1;
        if (r->wins_b == 4) r->decided = 2;
    }
}
