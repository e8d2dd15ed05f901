/* test_tigers_reach_all.c -- the count of the positions reachable from the start over
 * all plies (engine/tigers/tg_reach_all.c: bitmaps over the symmetric index) against
 * two counts that share nothing with it.
 *
 * 1. Ply by ply on the real game: the bitmap count run ply-synchronously for 5 plies
 *    must give, at every ply, the positions first reached that tg_reach.c's hash set
 *    of exact keys gives (a different method: no index, no symmetry; its plies 0..4
 *    are checked against a perft-tree walk in test_tigers_reach.c).
 * 2. A reduced game over all plies: the start with three dogs on c1 c3 c5 (the tigers
 *    on b3 and d3: kept by the same four symmetries as the real start) and the game
 *    won for the tigers at their second capture (win layer 1).  A brute force
 *    written here from RULES.md section 8 alone (its own board, lines and moves, a
 *    hash set of exact packed keys and a queue; it calls neither the rules module nor
 *    the index) walks every reachable position; per dogs on the board and side to
 *    move its positions, its orbits under the board's 8 symmetries (the least key of
 *    the 8 images, its own maps), its orbits under the 4 row-keeping symmetries, and
 *    the games over among them (no move, or the tigers' win) must equal the
 *    counter's.  Tried: a counter that expands the canonical position for both
 *    halves of an orbit (no transpose) fails here.
 * 3. The real start is fixed by exactly the four row-keeping symmetries of the board,
 *    not by the other four (its transpose is the `vertical` start), which is why the
 *    counter splits each orbit into two halves.
 * 4. The checkpoint: the reduced game's count, with chunks of one 4 KB block, stopped
 *    after every few chunks (inside passes, between the sides of a pass, in both
 *    layers) and taken up from its file each time, must end with every tally equal to
 *    the brute force's (3.) and to the uninterrupted run's, and a second run on the
 *    finished file must give the same without counting again.  Files of another kind,
 *    another win layer, cut short or with bytes after their end are refused.  Tried:
 *    a resume that clears the next frontiers, or the layer below's seen, when it
 *    reads them fails here; one that starts the cut pass again from its first word
 *    never ends (the run cap fails). */
#include <stdio.h>
#include <unistd.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "tg_index.h"
#include "tg_reach.h"
#include "tigers.h"

/* ---- the brute force: board, moves, keys -------------------------------------- */

static int bf_nb[25][8];   /* neighbour of a point in each of 8 directions, or -1 */

static void bf_board(void)
{
    static const int dr[8] = {0, 1, 0, -1, 1, 1, -1, -1}, dc[8] = {1, 0, -1, 0, 1, -1, 1, -1};
    for (int p = 0; p < 25; p++)
        for (int k = 0; k < 8; k++) {
            int r = p / 5 + dr[k], c = p % 5 + dc[k];
            bool diag = k >= 4;
            /* a diagonal line runs through points with row + column even only */
            if (r < 0 || r > 4 || c < 0 || c > 4 || (diag && (p / 5 + p % 5) % 2)) bf_nb[p][k] = -1;
            else bf_nb[p][k] = r * 5 + c;
        }
}

typedef struct bf_pos {
    uint8_t dogs[25];
    uint8_t t[2];
    uint8_t side;   /* 0 tigers, 1 dogs */
} bf_pos;

static uint64_t bf_key(const bf_pos *p)
{
    int a = p->t[0] < p->t[1] ? p->t[0] : p->t[1], b = p->t[0] < p->t[1] ? p->t[1] : p->t[0];
    uint64_t k = (uint64_t)p->side << 60 | (uint64_t)a << 55 | (uint64_t)b << 50;
    for (int q = 0; q < 25; q++) k |= (uint64_t)p->dogs[q] << (2 * q);   /* 0..3 dogs here: 2 bits */
    return k + 1;
}

static int bf_count(const bf_pos *p)
{
    int n = 0;
    for (int q = 0; q < 25; q++) n += p->dogs[q];
    return n;
}

/* Every position after one move (a dog steps to an empty neighbour; a tiger steps to
 * one or jumps over a neighbour with dogs to the empty point beyond, taking one). */
static int bf_moves(const bf_pos *p, bf_pos *out)
{
    int n = 0;
    bool empty[25];
    for (int q = 0; q < 25; q++) empty[q] = !p->dogs[q] && q != p->t[0] && q != p->t[1];
    if (p->side == 0) {
        for (int i = 0; i < 2; i++)
            for (int k = 0; k < 8; k++) {
                int a = bf_nb[p->t[i]][k];
                if (a < 0) continue;
                if (empty[a]) {
                    out[n] = *p;
                    out[n].t[i] = (uint8_t)a;
                    out[n++].side = 1;
                } else if (p->dogs[a]) {
                    int l = bf_nb[a][k];
                    if (l < 0 || !empty[l]) continue;
                    out[n] = *p;
                    out[n].t[i] = (uint8_t)l;
                    out[n].dogs[a]--;
                    out[n++].side = 1;
                }
            }
    } else {
        for (int q = 0; q < 25; q++) {
            if (!p->dogs[q]) continue;
            for (int k = 0; k < 8; k++) {
                int a = bf_nb[q][k];
                if (a < 0 || !empty[a]) continue;
                out[n] = *p;
                out[n].dogs[q]--;
                out[n].dogs[a] = 1;
                out[n++].side = 0;
            }
        }
    }
    return n;
}

/* The 8 symmetries of the square on (row, column); 0..3 keep rows as rows. */
static int bf_sym(int g, int p)
{
    int r = p / 5, c = p % 5;
    switch (g) {
    case 0: return p;
    case 1: return r * 5 + (4 - c);
    case 2: return (4 - r) * 5 + c;
    case 3: return (4 - r) * 5 + (4 - c);
    case 4: return c * 5 + r;
    case 5: return (4 - c) * 5 + r;
    case 6: return c * 5 + (4 - r);
    default: return (4 - c) * 5 + (4 - r);
    }
}

static uint64_t bf_least_key(const bf_pos *p, int nsym)
{
    uint64_t best = UINT64_MAX;
    for (int g = 0; g < nsym; g++) {
        bf_pos q = *p;
        for (int i = 0; i < 25; i++) q.dogs[bf_sym(g, i)] = p->dogs[i];
        q.t[0] = (uint8_t)bf_sym(g, p->t[0]);
        q.t[1] = (uint8_t)bf_sym(g, p->t[1]);
        uint64_t k = bf_key(&q);
        if (k < best) best = k;
    }
    return best;
}

typedef struct bf_set {
    uint64_t *slot;
    size_t cap, n;
} bf_set;

/* Adds K (not 0); true if new.  Doubles when half full. */
static bool bf_add(bf_set *s, uint64_t k)
{
    if (2 * (s->n + 1) > s->cap) {
        bf_set o = *s;
        s->cap = o.cap ? o.cap * 2 : 1 << 16;
        s->slot = calloc(s->cap, sizeof *s->slot);
        assert_non_null(s->slot);
        s->n = 0;
        for (size_t i = 0; i < o.cap; i++)
            if (o.slot[i]) bf_add(s, o.slot[i]);
        free(o.slot);
    }
    uint64_t h = k ^ k >> 33;   /* a murmur finalizer: every key bit reaches the slot */
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    size_t i = (size_t)h & (s->cap - 1);
    while (s->slot[i]) {
        if (s->slot[i] == k) return false;
        i = (i + 1) & (s->cap - 1);
    }
    s->slot[i] = k;
    s->n++;
    return true;
}

typedef struct bf_tally {
    uint64_t raw[TG_DOGS + 1][2], orbits[TG_DOGS + 1][2], states[TG_DOGS + 1][2];
    uint64_t term_raw[TG_DOGS + 1][2], term_orbits[TG_DOGS + 1][2];
} bf_tally;

/* Breadth first over every position reachable from START; the tigers win when a
 * capture leaves WIN dogs. */
static void bf_reach(const bf_pos *start, int win, bf_tally *t)
{
    memset(t, 0, sizeof *t);
    bf_set seen = {0}, orb = {0}, half = {0}, torb = {0};
    size_t qcap = 1 << 16, qn = 0;
    bf_pos *queue = malloc(qcap * sizeof *queue);
    assert_non_null(queue);
    queue[qn++] = *start;
    bf_add(&seen, bf_key(start));
    bf_pos kids[160];
    for (size_t qi = 0; qi < qn; qi++) {
        bf_pos p = queue[qi];
        int d = bf_count(&p), s = p.side;
        t->raw[d][s]++;
        t->orbits[d][s] += bf_add(&orb, bf_least_key(&p, 8));
        t->states[d][s] += bf_add(&half, bf_least_key(&p, 4));
        int n = d <= win ? 0 : bf_moves(&p, kids);
        if (n == 0) {
            t->term_raw[d][s]++;
            t->term_orbits[d][s] += bf_add(&torb, bf_least_key(&p, 8));
            continue;
        }
        for (int k = 0; k < n; k++) {
            if (!bf_add(&seen, bf_key(&kids[k]))) continue;
            if (qn == qcap) {
                qcap *= 2;
                queue = realloc(queue, qcap * sizeof *queue);
                assert_non_null(queue);
            }
            queue[qn++] = kids[k];
        }
    }
    free(queue);
    free(seen.slot);
    free(orb.slot);
    free(half.slot);
    free(torb.slot);
}

/* ---- the tests ---------------------------------------------------------------- */

static void test_start_symmetry(void **state)
{
    (void)state;
    tg_index *x = malloc(sizeof *x);
    assert_non_null(x);
    tg_index_init(x);
    tg_pos s, img;
    tg_start(&s);
    for (int g = 0; g < TG_SYMS; g++) {
        tg_index_apply_sym(x, g, &s, &img);
        bool same = memcmp(img.dogs, s.dogs, sizeof s.dogs) == 0 && img.tiger[0] == s.tiger[0] &&
                    img.tiger[1] == s.tiger[1];
        assert_int_equal(same, g < 4);   /* tg_index's symmetries 0..3 keep rows as rows */
        bf_pos b = {.t = {s.tiger[0], s.tiger[1]}};
        memcpy(b.dogs, s.dogs, sizeof b.dogs);
        assert_int_equal(bf_least_key(&b, 4) == bf_key(&b), true);
    }
    free(x);
}

static void test_plies_against_hash_bfs(void **state)
{
    (void)state;
    enum { PLIES = 5 };
    tg_pos s;
    tg_start(&s);
    tg_reach_report *hr = malloc(sizeof *hr);
    tg_reach_all_report *br = malloc(sizeof *br);
    assert_non_null(hr);
    assert_non_null(br);
    char err[256];
    assert_int_equal(tg_reach_count(&s, PLIES, 0, hr, err, sizeof err), 0);
    tg_reach_all_opts o = {.start = &s, .win_dogs = TG_DOGS - TG_WIN_CAPTURES, .depth = PLIES, .threads = 2};
    assert_int_equal(tg_reach_all(&o, br, err, sizeof err), 0);
    assert_int_equal(br->depth, PLIES);
    uint64_t total = 0;
    for (int ply = 0; ply <= PLIES; ply++) {
        assert_int_equal(br->first_raw[ply], hr->first[ply]);
        total += br->first_raw[ply];
    }
    uint64_t raw = 0;
    for (int d = 0; d <= TG_DOGS; d++) raw += br->raw[d][0] + br->raw[d][1];
    assert_int_equal(raw, total);
    assert_int_equal(total, hr->total);
    assert_int_equal(hr->first[1], 8);   /* the eight tiger moves (test_tigers_rules.c derives them) */
    free(hr);
    free(br);
}

/* The brute force's tally of the reduced game (computed once, for tests 2 and 4). */
static const bf_tally *reduced_brute(void)
{
    static bf_tally *t;
    if (t) return t;
    bf_board();
    bf_pos b = {.t = {11, 13}};
    b.dogs[2] = b.dogs[12] = b.dogs[22] = 1;   /* c1 c3 c5 */
    t = malloc(sizeof *t);
    assert_non_null(t);
    bf_reach(&b, 1, t);
    return t;
}

/* The reduced start: dogs on c1 c3 c5 (fewer than a position text allows). */
static void reduced_start(tg_pos *s)
{
    tg_start(s);
    memset(s->dogs, 0, sizeof s->dogs);
    s->dogs[2] = s->dogs[12] = s->dogs[22] = 1;
    s->dmask = 1u << 2 | 1u << 12 | 1u << 22;
    s->captured = TG_DOGS - 3;
    s->hash = tg_hash_scratch(s);
}

static void test_reduced_against_brute(void **state)
{
    (void)state;
    enum { WIN = 1 };
    const bf_tally *t = reduced_brute();
    tg_pos s;
    char err[256];
    reduced_start(&s);
    tg_reach_all_opts o = {.start = &s, .win_dogs = WIN, .depth = -1, .threads = 2};
    tg_reach_all_report *r = malloc(sizeof *r);
    assert_non_null(r);
    int rc = tg_reach_all(&o, r, err, sizeof err);
    if (rc != 0) print_message("%s\n", err);
    assert_int_equal(rc, 0);
    assert_int_equal(r->stopped_time, 0);
    assert_int_equal(r->done_dogs, WIN);
    uint64_t total = 0, term = 0;
    for (int d = WIN; d <= 3; d++)
        for (int side = 0; side < 2; side++) {
            print_message("dogs %d side %d: %llu positions, %llu orbits, %llu halves, %llu over\n", d, side,
                          (unsigned long long)t->raw[d][side], (unsigned long long)t->orbits[d][side],
                          (unsigned long long)t->states[d][side], (unsigned long long)t->term_raw[d][side]);
            assert_int_equal(r->raw[d][side], t->raw[d][side]);
            assert_int_equal(r->orbits[d][side], t->orbits[d][side]);
            assert_int_equal(r->states[d][side], t->states[d][side]);
            assert_int_equal(r->term_raw[d][side], t->term_raw[d][side]);
            assert_int_equal(r->term_orbits[d][side], t->term_orbits[d][side]);
            total += t->raw[d][side];
            term += t->term_raw[d][side];
        }
    /* the brute force's own checks that the game has every kind of layer */
    assert_true(t->raw[WIN][1] > 0);            /* the tigers won */
    assert_true(total > 100000);
    assert_true(t->states[3][0] > t->orbits[3][0]);   /* halves of an orbit reached apart */
    free(r);
}

/* Every tally of A equals B's (the timings and this run's fields aside). */
static void same_tallies(const tg_reach_all_report *a, const tg_reach_all_report *b)
{
    for (int d = 0; d <= TG_DOGS; d++) {
        assert_int_equal(a->passes[d], b->passes[d]);
        for (int s = 0; s < 2; s++) {
            assert_int_equal(a->orbits[d][s], b->orbits[d][s]);
            assert_int_equal(a->states[d][s], b->states[d][s]);
            assert_int_equal(a->raw[d][s], b->raw[d][s]);
            assert_int_equal(a->term_orbits[d][s], b->term_orbits[d][s]);
            assert_int_equal(a->term_states[d][s], b->term_states[d][s]);
            assert_int_equal(a->term_raw[d][s], b->term_raw[d][s]);
        }
    }
    assert_int_equal(a->expanded, b->expanded);
    assert_int_equal(a->children, b->children);
    assert_int_equal(a->done_dogs, b->done_dogs);
}

static void test_checkpoint_resume(void **state)
{
    (void)state;
    enum { WIN = 1 };
    const bf_tally *t = reduced_brute();
    tg_pos s;
    char err[512], path[64];
    reduced_start(&s);
    snprintf(path, sizeof path, "tg_reach_ckpt_%d.bin", (int)getpid());
    unlink(path);
    tg_reach_all_report *whole = malloc(sizeof *whole), *r = malloc(sizeof *r);
    assert_non_null(whole);
    assert_non_null(r);
    tg_reach_all_opts o = {.start = &s, .win_dogs = WIN, .depth = -1, .threads = 2, .chunk_words = 512};
    assert_int_equal(tg_reach_all(&o, whole, err, sizeof err), 0);
    assert_int_equal(whole->stopped_time, 0);

    /* stopped after every 3 chunks (two threads may run one more each), taken up each time;
     * under the sanitizers (BOYI_SANITIZED, several times slower) every 6 chunks, half
     * as many stops */
    const int every = getenv("BOYI_SANITIZED") ? 6 : 3, scale = 3;
    o.table = path;
    o.max_chunks = every;
    int runs = 0, mid_pass = 0, layers_seen = 0, last_dogs = 0, mid_side = 0, second_side = 0;
    for (;;) {
        int rc = tg_reach_all(&o, r, err, sizeof err);
        if (rc != 0) print_message("%s\n", err);
        assert_int_equal(rc, 0);
        runs++;
        assert_true(runs < 5000);
        if (runs > 1) assert_int_not_equal(r->resumed_dogs, 0);   /* it did take the file up */
        mid_side += r->resumed_word > 0;
        second_side += r->resumed_side == 1;
        if (!r->stopped_time) break;
        assert_int_equal(r->checkpoints, 1);
        if (r->stopped_dogs != last_dogs) layers_seen++, last_dogs = r->stopped_dogs;
        mid_pass += r->passes[r->stopped_dogs] > 0;
    }
    print_message("the count taken up %d times (%d stops after its first pass, %d inside a side's pass, %d in the "
                  "second side's; %d layers)\n", runs - 1, mid_pass, mid_side, second_side, layers_seen);
    assert_true(runs > 30 * scale / every);
    assert_true(mid_side > 10 * scale / every);
    assert_true(second_side > 10 * scale / every);
    assert_int_equal(layers_seen, 2);   /* stopped in both layers expanded (3 and 2 dogs) */
    same_tallies(r, whole);
    for (int d = WIN; d <= 3; d++)
        for (int side = 0; side < 2; side++) {
            assert_int_equal(r->raw[d][side], t->raw[d][side]);
            assert_int_equal(r->orbits[d][side], t->orbits[d][side]);
            assert_int_equal(r->states[d][side], t->states[d][side]);
            assert_int_equal(r->term_raw[d][side], t->term_raw[d][side]);
            assert_int_equal(r->term_orbits[d][side], t->term_orbits[d][side]);
        }

    /* the finished file: the same figures, nothing counted */
    memset(r, 0, sizeof *r);
    assert_int_equal(tg_reach_all(&o, r, err, sizeof err), 0);
    assert_int_equal(r->resumed_done, 1);
    same_tallies(r, whole);

    /* another win layer, another kind of file, a file cut short or too long: refused */
    tg_reach_all_opts other = o;
    other.win_dogs = 0;
    assert_int_equal(tg_reach_all(&other, r, err, sizeof err), -1);
    assert_non_null(strstr(err, "another count"));
    o.max_chunks = 4;   /* a checkpoint inside the count again */
    unlink(path);
    assert_int_equal(tg_reach_all(&o, r, err, sizeof err), 0);
    assert_int_equal(r->stopped_time, 1);
    FILE *f = fopen(path, "ab");
    assert_non_null(f);
    fputc(0, f);
    fclose(f);
    assert_int_equal(tg_reach_all(&o, r, err, sizeof err), -1);
    assert_non_null(strstr(err, "after its end"));
    assert_int_equal(truncate(path, 200), 0);
    assert_int_equal(tg_reach_all(&o, r, err, sizeof err), -1);
    assert_non_null(strstr(err, "cut short"));
    f = fopen(path, "wb");
    assert_non_null(f);
    fputs("# not a checkpoint\n", f);
    fclose(f);
    assert_int_equal(tg_reach_all(&o, r, err, sizeof err), -1);
    assert_non_null(strstr(err, "not a checkpoint"));
    unlink(path);
    free(whole);
    free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_symmetry),
        cmocka_unit_test(test_plies_against_hash_bfs),
        cmocka_unit_test(test_reduced_against_brute),
        cmocka_unit_test(test_checkpoint_resume),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
