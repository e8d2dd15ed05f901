/* test_egdb.c -- the draughts endgame databases (engine/draughts/dr_egdb.c) against
 * counts made another way.
 *
 * The databases of up to 3 pieces are built into a temporary folder, then:
 *   - an independent solver here values every position of the 2-piece materials and of
 *     two 3-piece ones (two kings against a king; a king and a man against a king),
 *     with its own plain index (a square per piece, both sides to move stored, no
 *     colour swap, no ordering of materials: all are iterated together to the
 *     fixpoint), through the public move generator only; every position must agree
 *     with dr_egdb_probe;
 *   - plain minimax (tests/common/minimax.c, the descriptor's rules) proves wins within
 *     5 plies on a sample: each must be a database win, and no database loss or draw
 *     may have one;
 *   - every value is re-checked from its successors (dr_egdb_verify);
 *   - a second build takes every material up from its file (the checkpoint), and a
 *     truncated file is rebuilt, not read. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "draughts.h"
#include "dr_egdb.h"
#include "game.h"
#include "minimax.h"

extern const bo_game dr_game_desc;

/* Piece kinds in a plain material: white man, white king, black man, black king. */
enum { WM, WK, BM, BK };

typedef struct plain {
    int kinds[3], n;      /* the pieces' kinds, sorted */
    uint8_t *v;           /* [side][sq0][sq1][sq2]: 0 unknown/none, 1 win, 2 loss, 3 draw */
} plain;

enum { NPLAIN = 6 };
typedef struct plain_set { plain m[NPLAIN]; int n; } plain_set;

static size_t plain_size(int n) { size_t s = 2; for (int i = 0; i < n; i++) s *= 50; return s; }

/* The position of the plain index, or false when it is none (two pieces on a square,
 * a man on its crowning row, identical pieces out of order). */
static bool plain_pos(const plain *m, size_t idx, dr_pos *p)
{
    int sq[3];
    size_t r = idx;
    for (int i = m->n - 1; i >= 0; i--) { sq[i] = (int)(r % 50); r /= 50; }
    memset(p, 0, sizeof *p);
    p->side = r ? DR_BLACK : DR_WHITE;
    for (int i = 0; i < m->n; i++) {
        uint64_t b = UINT64_C(1) << sq[i];
        if ((p->white | p->black) & b) return false;
        if (i > 0 && m->kinds[i] == m->kinds[i - 1] && sq[i] < sq[i - 1]) return false;
        int k = m->kinds[i];
        if (k == WM && sq[i] < 5) return false;
        if (k == BM && sq[i] >= 45) return false;
        if (k == WM || k == WK) p->white |= b; else p->black |= b;
        if (k == WK || k == BK) p->kings |= b;
    }
    p->hash = dr_pos_hash(p);
    return true;
}

/* The plain material and index of P; NULL when it is not in the set. */
static plain *plain_find(plain_set *s, const dr_pos *p, size_t *idx)
{
    int kinds[3], sq[3], n = 0;
    for (int k = WM; k <= BK; k++) {
        uint64_t b = (k == WM || k == WK ? p->white : p->black) & (k == WK || k == BK ? p->kings : ~p->kings);
        for (; b; b &= b - 1) {
            if (n == 3) return NULL;
            kinds[n] = k;
            sq[n++] = __builtin_ctzll(b);
        }
    }
    for (int i = 0; i < s->n; i++) {
        plain *m = &s->m[i];
        if (m->n != n || memcmp(m->kinds, kinds, sizeof(int) * (size_t)n) != 0) continue;
        size_t r = p->side == DR_BLACK ? 1 : 0;
        for (int j = 0; j < n; j++) r = r * 50 + (size_t)sq[j];
        *idx = r;
        return m;
    }
    return NULL;
}

static void plain_add(plain_set *s, int n, int k0, int k1, int k2)
{
    plain *m = &s->m[s->n++];
    m->n = n;
    m->kinds[0] = k0;
    m->kinds[1] = k1;
    m->kinds[2] = k2;
    m->v = calloc(plain_size(n), 1);
    assert_non_null(m->v);
}

/* Value iteration over the whole set at once. */
static void plain_solve(plain_set *s)
{
    bool changed = true;
    while (changed) {
        changed = false;
        for (int i = 0; i < s->n; i++) {
            plain *m = &s->m[i];
            for (size_t x = 0; x < plain_size(m->n); x++) {
                dr_pos p;
                if (m->v[x] || !plain_pos(m, x, &p)) continue;
                dr_move mv[DR_MAX_MOVES];
                int nm = dr_gen_moves(&p, mv), val = 0;
                bool all_won = true;
                for (int k = 0; k < nm && !val; k++) {
                    dr_pos q = p;
                    dr_make(&q, &mv[k]);
                    int cv;
                    if (!(q.side == DR_WHITE ? q.white : q.black)) cv = 2;
                    else {
                        size_t qi;
                        plain *qm = plain_find(s, &q, &qi);
                        assert_non_null(qm);
                        cv = qm->v[qi];
                    }
                    if (cv == 2) val = 1;
                    else if (cv != 1) all_won = false;
                }
                if (!val && all_won) val = 2;
                if (val) { m->v[x] = (uint8_t)val; changed = true; }
            }
        }
    }
    for (int i = 0; i < s->n; i++) {
        plain *m = &s->m[i];
        for (size_t x = 0; x < plain_size(m->n); x++) {
            dr_pos p;
            if (!m->v[x] && plain_pos(m, x, &p)) m->v[x] = 3;
        }
    }
}

static char dir[1024];

static void report_nothing(void *ctx, const dr_egdb_material_report *r) { (void)ctx; (void)r; }

/* counts[0]: materials solved, counts[1]: taken up from their files */
static void count_reports(void *ctx, const dr_egdb_material_report *r) { ((int *)ctx)[r->reused ? 1 : 0]++; }

static int setup(void **state)
{
    (void)state;
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/boyi-test-egdb-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) return -1;
    char err[256];
    if (dr_egdb_build(dir, 3, report_nothing, NULL, NULL, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[1100];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static void test_independent_solver(void **state)
{
    (void)state;
    plain_set s = {.n = 0};
    plain_add(&s, 2, WM, BM, 0);
    plain_add(&s, 2, WM, BK, 0);
    plain_add(&s, 2, WK, BM, 0);
    plain_add(&s, 2, WK, BK, 0);
    plain_add(&s, 3, WK, WK, BK);
    plain_add(&s, 3, WM, WK, BK);
    plain_solve(&s);
    char err[256];
    dr_egdb *db = dr_egdb_open(dir, err, sizeof err);
    assert_non_null(db);
    assert_int_equal(dr_egdb_pieces(db), 3);
    long counts[4] = {0}, differ = 0;
    for (int i = 0; i < s.n; i++) {
        plain *m = &s.m[i];
        for (size_t x = 0; x < plain_size(m->n); x++) {
            dr_pos p;
            if (!plain_pos(m, x, &p)) continue;
            int v = dr_egdb_probe(db, &p);
            counts[m->v[x]]++;
            if (v != m->v[x]) {
                if (differ++ < 5) {
                    char fen[DR_FEN_MAX];
                    dr_pos_to_fen(&p, fen, sizeof fen);
                    fprintf(stderr, "%s: database %d, independent %d\n", fen, v, m->v[x]);
                }
            }
        }
    }
    assert_int_equal(differ, 0);
    /* every kind of value occurs (the check is not vacuous) */
    assert_true(counts[1] > 1000 && counts[2] > 1000 && counts[3] > 1000);
    /* a lone king on the long diagonal holds two kings: a draw; taken at once: a win */
    dr_pos p;
    assert_int_equal(dr_pos_from_fen(&p, "W:WK3,K4:BK46", NULL, err, sizeof err), 0);
    assert_int_equal(dr_egdb_probe(db, &p), DR_EGDB_DRAW);
    assert_int_equal(dr_pos_from_fen(&p, "W:WK28,K33:BK10", NULL, err, sizeof err), 0);
    assert_int_equal(dr_egdb_probe(db, &p), DR_EGDB_WIN);
    dr_egdb_close(db);
    for (int i = 0; i < s.n; i++) free(s.m[i].v);
}

/* Plain minimax to 5 plies on a seeded sample of 2- and 3-piece positions. */
static void test_plain_minimax(void **state)
{
    (void)state;
    char err[256];
    dr_egdb *db = dr_egdb_open(dir, err, sizeof err);
    assert_non_null(db);
    uint64_t seed = 12345;
    int proved = 0, tried = 0;
    for (int t = 0; t < 4000 && tried < 400; t++) {
        seed = seed * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
        int a = (int)((seed >> 33) % 50), b = (int)((seed >> 45) % 50), c = (int)((seed >> 20) % 50);
        if (a == b || a == c || b == c) continue;
        dr_pos p;
        memset(&p, 0, sizeof p);
        p.white = UINT64_C(1) << a | ((seed & 1) ? UINT64_C(1) << c : 0);
        p.black = UINT64_C(1) << b;
        p.kings = (UINT64_C(1) << b | ((seed & 2) ? UINT64_C(1) << a : 0) | UINT64_C(1) << c) & (p.white | p.black);
        if ((p.white & ~p.kings & UINT64_C(0x1f)) || (p.black & ~p.kings & (UINT64_C(0x1f) << 45))) continue;
        p.side = (seed & 4) ? DR_BLACK : DR_WHITE;
        p.hash = dr_pos_hash(&p);
        int v = dr_egdb_probe(db, &p);
        if (v < 1 || v > 3) {
            char fen[DR_FEN_MAX];
            dr_pos_to_fen(&p, fen, sizeof fen);
            fail_msg("%s: not in the databases (%d)", fen, v);
        }
        tried++;
        bool win = bo_test_wins_within(&dr_game_desc, &p, 5, p.side == DR_WHITE ? 0 : 1);
        if (win) { proved++; assert_int_equal(v, DR_EGDB_WIN); }
    }
    assert_true(tried >= 300 && proved > 10);
    dr_egdb_close(db);
}

static void test_verify_and_checkpoint(void **state)
{
    (void)state;
    char err[256];
    dr_egdb *db = dr_egdb_open(dir, err, sizeof err);
    assert_non_null(db);
    long checked = 0;
    assert_int_equal(dr_egdb_verify(db, 20000, 7, &checked, err, sizeof err), 0);
    assert_int_equal(checked, 20000);
    dr_egdb_close(db);
    /* truncate one file: the next build rebuilds it with its twin, takes up the others */
    char path[1100];
    snprintf(path, sizeof path, "%s/wdl-0201.bin", dir);
    assert_int_equal(truncate(path, 100), 0);
    int counts[2] = {0, 0};
    assert_int_equal(dr_egdb_build(dir, 3, count_reports, counts, NULL, err, sizeof err), 0);
    assert_int_equal(counts[0], 2);    /* 0201 and 0102 solved again */
    assert_int_equal(counts[1], 14);   /* the other 2- and 3-piece materials read */
    db = dr_egdb_open(dir, err, sizeof err);
    assert_non_null(db);
    assert_int_equal(dr_egdb_pieces(db), 3);
    assert_int_equal(dr_egdb_verify(db, 5000, 8, &checked, err, sizeof err), 0);
    dr_pos p;
    assert_int_equal(dr_pos_from_fen(&p, "W:WK28,K33:BK10", NULL, err, sizeof err), 0);
    assert_int_equal(dr_egdb_probe(db, &p), DR_EGDB_WIN);
    dr_egdb_close(db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_independent_solver),
        cmocka_unit_test(test_plain_minimax),
        cmocka_unit_test(test_verify_and_checkpoint),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
