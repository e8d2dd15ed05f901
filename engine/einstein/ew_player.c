/* ew_player.c -- EWN players and seeded engine matches (ew_player.h): how the
 * strength figures of docs/einstein.md are measured.
 *
 * Method: a match is played in pairs of games with the same seed, A red (and first)
 * in one and blue in the other, so that arrangements (when drawn) are the same in both
 * and luck on the die evens out more than in unpaired games.  The die and drawn
 * placements come from the game's generator, engines' own randomness from another. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core.h"
#include "ew_player.h"
#include "ew_search.h"

int ew_player_parse(const char *spec, ew_player *pl, char *err, size_t errlen)
{
    memset(pl, 0, sizeof *pl);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", spec);
    char *save = NULL, *w = strtok_r(buf, " ", &save);
    if (!w) return bo_fail(err, errlen, "empty player");
    if (!strcmp(w, "random")) pl->kind = EW_PL_RANDOM;
    else if (!strcmp(w, "expectimax")) { pl->kind = EW_PL_EXPECTIMAX; pl->star = 2; }
    else if (!strcmp(w, "mcts")) { pl->kind = EW_PL_MCTS; pl->playouts = 1000; }
    else if (!strcmp(w, "uct")) { pl->kind = EW_PL_UCT; pl->playouts = 1000; }
    else return bo_fail(err, errlen, "player '%s': expected random, expectimax, mcts or uct", w);
    while ((w = strtok_r(NULL, " ", &save))) {
        long long v;
        char key[32];
        if (sscanf(w, "%31[a-z]=%lld", key, &v) != 2 || v < 0)
            return bo_fail(err, errlen, "player option '%s': expected KEY=N", w);
        if (!strcmp(key, "depth")) pl->depth = (int)v;
        else if (!strcmp(key, "nodes")) pl->nodes = (uint64_t)v;
        else if (!strcmp(key, "movetime")) pl->movetime_ms = v;
        else if (!strcmp(key, "star") && v <= 2) pl->star = (int)v;
        else if (!strcmp(key, "playouts") && v > 0) pl->playouts = (int)v;
        else return bo_fail(err, errlen, "player option '%s' is unknown or out of range", w);
    }
    if (pl->kind == EW_PL_EXPECTIMAX && !pl->depth && !pl->nodes && !pl->movetime_ms) pl->depth = 3;
    return 0;
}

uint32_t ew_player_move(const ew_player *pl, const ew_pos *p, uint64_t *rng)
{
    uint32_t moves[EW_MAX_MOVES];
    int n = ew_legal(p, moves);
    if (n == 0) return 0;
    if (p->setup) {
        /* Engines place their own arrangement; the random and plain players draw one. */
        if (pl->kind == EW_PL_EXPECTIMAX || pl->kind == EW_PL_MCTS) return ew_arrange(p);
        return moves[bo_splitmix64(rng) % (uint64_t)n];
    }
    switch (pl->kind) {
    case EW_PL_EXPECTIMAX: {
        ew_xstats st;
        return ew_expectimax(p, pl->depth, pl->nodes, pl->movetime_ms, pl->star, &st, NULL, NULL);
    }
    case EW_PL_MCTS: return ew_mcts(p, pl->playouts, 0, bo_splitmix64(rng), NULL);
    case EW_PL_UCT: return ew_mcts(p, pl->playouts, 1, bo_splitmix64(rng), NULL);
    default: return moves[bo_splitmix64(rng) % (uint64_t)n];
    }
}

/* One game: PL[0] red (first), PL[1] blue; returns the winner; times into ST. */
static int play_game(const ew_player *pl[2], uint64_t seed, int own_setup, int a_side, ew_match_stats *st)
{
    uint64_t dice = seed, mine = bo_mix64(seed ^ 0xA5A5u);
    ew_pos p;
    ew_start(&p, own_setup ? EW_SETUP_CHOOSE : EW_SETUP_RANDOM, EW_RED);
    uint32_t moves[EW_MAX_MOVES];
    for (;;) {
        int who = ew_to_move(&p);
        if (who == -2) return ew_winner(&p, NULL);
        if (who == -1) {
            int n = ew_legal(&p, moves);
            ew_play(&p, moves[bo_splitmix64(&dice) % (uint64_t)n]);
            continue;
        }
        double t0 = bo_now_seconds();
        uint32_t m = ew_player_move(pl[who], &p, &mine);
        double dt = bo_now_seconds() - t0;
        if (!p.setup) {
            if (who == a_side) { st->moves_a++; st->seconds_a += dt; }
            else { st->moves_b++; st->seconds_b += dt; }
        }
        ew_play(&p, m);
    }
}

void ew_player_match(const ew_player *a, const ew_player *b, long games, uint64_t seed, int own_setup,
                     ew_match_stats *st)
{
    memset(st, 0, sizeof *st);
    for (long i = 0; i < games; i++) {
        uint64_t s = bo_mix64(seed ^ (uint64_t)(i / 2) * UINT64_C(0x9E3779B97F4A7C15));
        int a_side = (int)(i & 1);
        const ew_player *pl[2] = {a_side ? b : a, a_side ? a : b};
        int w = play_game(pl, s, own_setup, a_side, st);
        st->games++;
        if (w == a_side) st->score_a += 1;
        if (a_side == EW_RED) {
            st->games_a_first++;
            st->wins_a_first += w == a_side;
        } else {
            st->wins_a_second += w == a_side;
        }
    }
}

/* The same positions (the decision positions after 6..28 plies of seeded random
 * games) searched to DEPTH plainly, with Star1 and with Star2: nodes and seconds. */
void ew_bench_star(int depth, int positions, uint64_t seed, uint64_t nodes[3], double seconds[3])
{
    for (int s = 0; s < 3; s++) nodes[s] = 0, seconds[s] = 0;
    for (int i = 0; i < positions; i++) {
        uint64_t rng = bo_mix64(seed ^ (uint64_t)i);
        ew_pos p;
        ew_start(&p, EW_SETUP_RANDOM, EW_RED);
        uint32_t m[EW_MAX_MOVES];
        int steps = 0, stop = 3 + i % 12;
        while (ew_winner(&p, NULL) < 0) {
            if (p.die && !p.setup && steps++ == stop) break;
            int n = ew_legal(&p, m);
            ew_play(&p, m[bo_splitmix64(&rng) % (uint64_t)n]);
        }
        if (ew_winner(&p, NULL) >= 0) continue;
        for (int s = 0; s < 3; s++) {
            ew_xstats st;
            double t0 = bo_now_seconds();
            ew_expectimax(&p, depth, 0, 0, s, &st, NULL, NULL);
            seconds[s] += bo_now_seconds() - t0;
            nodes[s] += st.nodes;
        }
    }
}
