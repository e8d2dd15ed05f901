/* test_movegen.c - rules of movement and capture, FEN reading/writing and hashing.
 *
 * The "rulebook" positions and their legal moves are the examples of the official FMJD
 * rules (articles 3 and 4), from the French tutorial (ffjd.fr, regles du jeu) and the
 * Italian translation of the official rules (fid.it RegTec CAPO II), as collected in
 * rhalbersma/dctl test/src/core/model/international.cpp. The other positions are built
 * here and their moves worked out by hand (comments give the geometry).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draughts.h"

static dr_pos fen_pos(const char *fen)
{
    dr_pos p;
    char err[128] = "";
    if (dr_pos_from_fen(&p, fen, NULL, err, sizeof err) != 0) fail_msg("FEN %s: %s", fen, err);
    return p;
}

static int cmp_str(const void *a, const void *b) { return strcmp(a, b); }

/* The legal moves of fen, written "28-22" / "15x02" (two digits, as in the sources),
 * must be exactly `want` (duplicates in the notation collapse: the sources list
 * from/to only). */
static void check_legal(const char *fen, const char *const *want, int nwant)
{
    dr_pos p = fen_pos(fen);
    dr_move m[DR_MAX_MOVES];
    int n = dr_gen_moves(&p, m);
    assert_true(n >= 0);
    char got[DR_MAX_MOVES][8], exp[DR_MAX_MOVES][8];
    int ng = 0;
    for (int i = 0; i < n; i++) {
        char s[8];
        snprintf(s, sizeof s, "%02d%c%02d", m[i].from, m[i].captured ? 'x' : '-', m[i].to);
        bool dup = false;
        for (int j = 0; j < ng; j++) dup = dup || strcmp(got[j], s) == 0;
        if (!dup) memcpy(got[ng++], s, sizeof s);
    }
    for (int i = 0; i < nwant; i++) snprintf(exp[i], sizeof exp[i], "%s", want[i]);
    qsort(got, (size_t)ng, sizeof got[0], cmp_str);
    qsort(exp, (size_t)nwant, sizeof exp[0], cmp_str);
    if (ng != nwant) fail_msg("%s: %d distinct moves, want %d", fen, ng, nwant);
    for (int i = 0; i < ng; i++)
        if (strcmp(got[i], exp[i]) != 0) fail_msg("%s: got %s, want %s", fen, got[i], exp[i]);
}

#define LEGAL(fen, ...)                                                          \
    do {                                                                         \
        static const char *const w_[] = { __VA_ARGS__ };                         \
        check_legal(fen, w_, (int)(sizeof w_ / sizeof w_[0]));                   \
    } while (0)

static void test_rulebook_french(void **state)
{
    (void)state;
    LEGAL("W:W28", "28-22", "28-23");                                   /* 3.4 */
    LEGAL("B:B13", "13-18", "13-19");                                   /* 3.4 */
    LEGAL("W:W8", "08-02", "08-03");                                    /* 3.5 */
    LEGAL("W:WK28", "28-22", "28-17", "28-11", "28-06", "28-23", "28-19", "28-14", "28-10",
          "28-05", "28-32", "28-37", "28-41", "28-46", "28-33", "28-39", "28-44", "28-50"); /* 3.9 */
    LEGAL("B:BK1", "01-06", "01-07", "01-12", "01-18", "01-23", "01-29", "01-34", "01-40",
          "01-45");                                                     /* 3.9 */
    LEGAL("W:W28,32:B23", "28x19");                                     /* 4.2 */
    LEGAL("W:WK46:B23", "46x19", "46x14", "46x10", "46x05");            /* 4.3 */
    LEGAL("W:W15:B8,19,20", "15x02");                                   /* 4.5 */
    LEGAL("W:WK47:B9,12,33", "47x17", "47x21", "47x26");                /* 4.6 */
    LEGAL("W:WK41,49:B9,10,12,19,38", "41x43");                         /* 4.8 */
    LEGAL("W:W48:B24,K31,34,K42,43", "48x19");                          /* 4.13 */
}

static void test_rulebook_italian(void **state)
{
    (void)state;
    LEGAL("W:WK23", "23-18", "23-12", "23-07", "23-01", "23-19", "23-14", "23-10", "23-05",
          "23-28", "23-32", "23-37", "23-41", "23-46", "23-29", "23-34", "23-40", "23-45");
    LEGAL("W:W35:B30,K40", "35x24", "35x44");                           /* 4.2 backward */
    LEGAL("W:WK41:B23", "41x19", "41x14", "41x10", "41x05");            /* 4.3 */
    LEGAL("W:W47:B13,14,22,24,31,34,K41,44", "47x49");                  /* 4.5 */
    LEGAL("W:WK1:B7,9,17,19,20,30,31,33,43,44", "01x15");               /* 4.6 */
    LEGAL("B:W27,28,38,39,42:BK25", "25x33");                           /* 4.8 */
    LEGAL("W:WK48:B7,8,31,34,K42,44", "48x50");                         /* 4.13 */
    LEGAL("W:W26:B12,K21,31,32", "26x08", "26x28");                     /* 4.14 */
    LEGAL("W:W15:B9,10", "15x13");                                      /* 4.15 */
}

/* Maximum capture: 48 could take 42 and 31 (two, ending on 26) or 43, 34 and 24 (three,
 * ending on 19); only the three-piece capture is legal, kings counting as men. */
static void test_max_capture(void **state)
{
    (void)state;
    dr_pos p = fen_pos("W:W48:B24,K31,34,K42,43");
    int from = 0;
    assert_int_equal(dr_max_capture_available(&p, &from), 3);
    assert_int_equal(from, 48);
    dr_move m[DR_MAX_MOVES];
    assert_int_equal(dr_gen_moves(&p, m), 1);
    assert_int_equal(m[0].ncaptured, 3);
    assert_true(m[0].captured == ((1ULL << 23) | (1ULL << 33) | (1ULL << 42)));
    uint8_t path[DR_MAX_PATH];
    assert_int_equal(dr_move_path(&p, &m[0], path), 3);
    assert_int_equal(path[0], 39);
    assert_int_equal(path[1], 30);
    assert_int_equal(path[2], 19);
    dr_pos s;
    dr_pos_start(&s, DR_WHITE);
    assert_int_equal(dr_max_capture_available(&s, &from), 0);
    assert_int_equal(from, 0);
}

/* Captured pieces stay on the board until the move ends (FMJD 4.8, "Turkish strike"):
 * in both rulebook positions above a longer capture would exist if pieces vanished at
 * once. Checked here by the counts and the exact path of the legal capture. */
static void test_turkish_strike(void **state)
{
    (void)state;
    dr_pos p = fen_pos("W:WK41,49:B9,10,12,19,38");
    dr_move m[DR_MAX_MOVES];
    assert_int_equal(dr_gen_moves(&p, m), 1);
    assert_int_equal(m[0].ncaptured, 4);
    uint8_t path[DR_MAX_PATH];
    assert_int_equal(dr_move_path(&p, &m[0], path), 4);
    static const uint8_t want[] = { 14, 3, 21, 43 };
    assert_memory_equal(path, want, 4);

    p = fen_pos("B:W27,28,38,39,42:BK25");
    assert_int_equal(dr_gen_moves(&p, m), 1);
    assert_int_equal(m[0].ncaptured, 4);
    /* 25x48x31x22x33: from 33 the king cannot take 38, because 42 behind it holds a
       piece it has already captured */
    assert_int_equal(dr_move_path(&p, &m[0], path), 4);
    static const uint8_t want2[] = { 48, 31, 22, 33 };
    assert_memory_equal(path, want2, 4);
}

/* A man on 32 with black on 28, 29, 38, 39 around it can go round clockwise
 * (32x23x34x43x32) or anticlockwise (32x43x34x23x32): same start, end and captured set,
 * so one move. It ends on its own start square, which counts as empty during the capture. */
static void test_duplicate_capture_removed(void **state)
{
    (void)state;
    dr_pos p = fen_pos("W:W32:B28,29,38,39");
    dr_move m[DR_MAX_MOVES];
    assert_int_equal(dr_gen_moves(&p, m), 1);
    assert_int_equal(m[0].from, 32);
    assert_int_equal(m[0].to, 32);
    assert_int_equal(m[0].ncaptured, 4);
    assert_int_equal(dr_perft(&p, 1), 1);
    assert_int_equal(dr_perft_ex(&p, 1, DR_PERFT_KEEP_DUPLICATES), 2);
    uint8_t path[DR_MAX_PATH];
    assert_int_equal(dr_move_path(&p, &m[0], path), 4);
    assert_int_equal(path[1], 34);
    assert_int_equal(path[3], 32);
    dr_make(&p, &m[0]);
    assert_true(p.white == 1ULL << 31);
    assert_true(p.black == 0);
    assert_true(p.hash == dr_pos_hash(&p));
    assert_int_equal(dr_gen_moves(&p, m), 0); /* black has no piece: no move */
}

/* Same from and to, different captured sets: two moves, told apart by their paths.
 * King on 2 takes 8 then either 18 (landing 13, then 27) or 23 (landing 19, then 32),
 * then 43, ending on 49. */
static void test_ambiguous_captures(void **state)
{
    (void)state;
    dr_pos p = fen_pos("W:WK2:B8,18,23,43");
    dr_move m[DR_MAX_MOVES];
    assert_int_equal(dr_gen_moves(&p, m), 2);
    uint64_t a = (1ULL << 7) | (1ULL << 17) | (1ULL << 42), b = (1ULL << 7) | (1ULL << 22) | (1ULL << 42);
    assert_true(m[0].from == 2 && m[0].to == 49 && m[1].from == 2 && m[1].to == 49);
    assert_true((m[0].captured == a && m[1].captured == b) || (m[0].captured == b && m[1].captured == a));
    for (int i = 0; i < 2; i++) {
        uint8_t path[DR_MAX_PATH];
        assert_int_equal(dr_move_path(&p, &m[i], path), 3);
        if (m[i].captured == a) {
            assert_int_equal(path[0], 13);
            assert_int_equal(path[1], 27);
        } else {
            assert_int_equal(path[0], 19);
            assert_int_equal(path[1], 32);
        }
        assert_int_equal(path[2], 49);
    }
    dr_move found;
    assert_int_equal(dr_find_move(&p, 2, 49, b, &found) >= 0, 1);
    assert_true(found.captured == b);
    assert_int_equal(dr_find_move(&p, 2, 49, 0, NULL), -1);
    dr_move bogus = { a | (1ULL << 22), 2, 49, 0, 4, 1 };
    uint8_t path[DR_MAX_PATH];
    assert_int_equal(dr_move_path(&p, &bogus, path), -1);
}

/* A flying king may stop on any empty square behind the piece it takes; the landing
 * squares beyond a second piece are not reachable. */
static void test_king_landing_choices(void **state)
{
    (void)state;
    LEGAL("W:WK46:B23", "46x19", "46x14", "46x10", "46x05");
    /* after 23 the king may land on 19 or 14 only: 10 is next, and 5 behind it is taken */
    LEGAL("W:WK46:B23,10,5", "46x19", "46x14");
    /* ... but with 5 empty it must go on from 14 and take 10 as well */
    LEGAL("W:WK46:B23,10", "46x05");
    /* a king may not jump two adjacent pieces at once */
    LEGAL("W:WK46:B23,19", "46-41", "46-37", "46-32", "46-28");
}

/* A man promotes only if the move ends on the far row. */
static void test_promotion_only_at_end(void **state)
{
    (void)state;
    dr_move m[DR_MAX_MOVES];
    dr_pos p = fen_pos("W:W15:B9,10");   /* 15x4x13: passes the far row on 4 */
    assert_int_equal(dr_gen_moves(&p, m), 1);
    assert_int_equal(m[0].promotes, 0);
    dr_make(&p, &m[0]);
    assert_true(p.white == 1ULL << 12 && p.kings == 0);

    p = fen_pos("W:W11:B7");             /* 11x2 ends on the far row */
    assert_int_equal(dr_gen_moves(&p, m), 1);
    assert_int_equal(m[0].promotes, 1);
    dr_make(&p, &m[0]);
    assert_true(p.white == 1ULL << 1 && p.kings == 1ULL << 1);
    assert_true(p.hash == dr_pos_hash(&p));

    p = fen_pos("B:B44");                /* black promotes on 46..50 */
    assert_int_equal(dr_gen_moves(&p, m), 2);
    assert_true(m[0].promotes && m[1].promotes);
    assert_int_equal(m[0].to, 49);
    assert_int_equal(m[1].to, 50);
}

/* Men never move backwards without capturing; black men move down the board. */
static void test_men_directions(void **state)
{
    (void)state;
    LEGAL("W:W33:B1", "33-28", "33-29");
    LEGAL("B:W50:B18", "18-22", "18-23");
    LEGAL("W:W36", "36-31");             /* on the left edge */
    LEGAL("W:W35", "35-30");             /* on the right edge */
    dr_pos p = fen_pos("W:W6:B1");      /* blocked: no move at all */
    dr_move m[DR_MAX_MOVES];
    assert_int_equal(dr_gen_moves(&p, m), 0);
}

static void test_fen_read_write(void **state)
{
    (void)state;
    dr_pos a, b;
    char buf[DR_FEN_MAX];
    bool unknown = true;
    dr_pos_start(&a, DR_WHITE);
    assert_int_equal(dr_pos_from_fen(&b, "W:W31-50:B1-20", &unknown, NULL, 0), 0);
    assert_false(unknown);
    assert_true(dr_pos_equal(&a, &b) && a.hash == b.hash);
    dr_pos_to_fen(&a, buf, sizeof buf);
    assert_string_equal(buf, "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
                             "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20");

    assert_int_equal(dr_pos_from_fen(&b, "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29", NULL, NULL, 0), 0);
    dr_pos_to_fen(&b, buf, sizeof buf);
    assert_string_equal(buf, "B:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29");
    assert_int_equal(dr_pos_from_fen(&a, buf, NULL, NULL, 0), 0);
    assert_true(dr_pos_equal(&a, &b));

    /* unknown side, spaces, lower case, black list first, K ranges, trailing dot */
    assert_int_equal(dr_pos_from_fen(&b, " ? : b K1-3 , 7 : w 40 - 42 . ", &unknown, NULL, 0), 0);
    assert_true(unknown);
    assert_int_equal(b.side, DR_WHITE);
    dr_pos_to_fen(&b, buf, sizeof buf);
    assert_string_equal(buf, "W:W40,41,42:BK1,K2,K3,7");
    assert_int_equal(dr_pos_from_fen(&b, "W:W28", NULL, NULL, 0), 0);     /* one list only */
    dr_pos_to_fen(&b, buf, sizeof buf);
    assert_string_equal(buf, "W:W28:B");
    assert_int_equal(dr_pos_from_fen(&a, buf, NULL, NULL, 0), 0);
    assert_true(dr_pos_equal(&a, &b));
    assert_int_equal(dr_pos_from_fen(&b, "\"W:W31-50:B1-20\"", NULL, NULL, 0), 0); /* PDN quotes */
    /* more than 20 pieces a side is accepted */
    assert_int_equal(dr_pos_from_fen(&b, "W:W21-50:B1-20", NULL, NULL, 0), 0);
    /* a small buffer truncates safely */
    dr_pos_to_fen(&b, buf, 6);
    assert_string_equal(buf, "W:W21");
}

static void test_fen_errors(void **state)
{
    (void)state;
    static const struct { const char *fen, *err; } bad[] = {
        { "W:W51", "bad square number 51" },
        { "W:W0", "bad square number 0" },
        { "W:W31,31", "square 31 listed twice" },
        { "W:W31:B31", "square 31 listed twice" },
        { "W:W30-35:B35", "square 35 listed twice" },
        { "X:W31", "FEN must start with W, B or ?, not 'X'" },
        { "", "empty FEN" },
        { "W:W31;B1", "unexpected character ';' at offset 5" },
        { "W:W35-31", "range 35-31 runs backwards" },
        { "W:W31:W32", "the white list appears twice" },
        { "W:Wx", "expected a square number at offset 3" },
        { "W:W31:B1. junk", "unexpected text after the end of the FEN at offset 10" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        dr_pos p;
        char err[128] = "";
        if (dr_pos_from_fen(&p, bad[i].fen, NULL, err, sizeof err) != -1)
            fail_msg("FEN '%s' accepted", bad[i].fen);
        assert_string_equal(err, bad[i].err);
    }
    dr_pos p;
    assert_int_equal(dr_pos_from_fen(&p, "W:WK3:BK48", NULL, NULL, 0), 0); /* kings are fine there */
}

/* One policy for positions no game reaches (a man on its own promotion row, more than
 * 20 pieces a side): all are read, and all are named by dr_pos_unreachable. */
static void test_unreachable(void **state)
{
    (void)state;
    static const struct { const char *fen, *why; } bad[] = {
        { "W:W3:B20", "a white man on 3, white's promotion row (a man there is crowned)" },
        { "B:W31:B46", "a black man on 46, black's promotion row (a man there is crowned)" },
        { "W:W30-50:B1-20", "white has 21 pieces (a game starts with 20)" },
        { "B:W31-50:B1-19,K21,K22", "black has 21 pieces (a game starts with 20)" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        dr_pos p;
        char why[160] = "";
        assert_int_equal(dr_pos_from_fen(&p, bad[i].fen, NULL, why, sizeof why), 0);
        if (!dr_pos_unreachable(&p, why, sizeof why)) fail_msg("'%s' said reachable", bad[i].fen);
        assert_string_equal(why, bad[i].why);
    }
    static const char *const good[] = { "W:W31-50:B1-20", "W:WK3:BK48", "B:W45:B6" };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        dr_pos p;
        char why[160];
        assert_int_equal(dr_pos_from_fen(&p, good[i], NULL, why, sizeof why), 0);
        if (dr_pos_unreachable(&p, why, sizeof why)) fail_msg("'%s' said unreachable: %s", good[i], why);
    }
    /* Such a man cannot step off the board; it still takes, backwards too (hand-checked
     * on the diagram: 5 over 10 lands on 14; 46 over 41 lands on 37). */
    dr_pos p;
    dr_move m[DR_MAX_MOVES];
    assert_int_equal(dr_pos_from_fen(&p, "W:W5:B10", NULL, NULL, 0), 0);
    assert_int_equal(dr_gen_moves(&p, m), 1);
    assert_int_equal(m[0].from, 5);
    assert_int_equal(m[0].to, 14);
    assert_true(m[0].captured == UINT64_C(1) << 9);
    assert_int_equal(dr_pos_from_fen(&p, "B:W41:B46", NULL, NULL, 0), 0);
    assert_int_equal(dr_gen_moves(&p, m), 1);
    assert_int_equal(m[0].from, 46);
    assert_int_equal(m[0].to, 37);
    assert_int_equal(dr_pos_from_fen(&p, "W:W1,2:B30", NULL, NULL, 0), 0);
    assert_int_equal(dr_gen_moves(&p, m), 0);
}

/* The incremental hash of dr_make equals the hash from scratch along random games, and
 * positions differing only in side to move or in a king hash differently. */
static void test_hash(void **state)
{
    (void)state;
    srand(12345);
    for (int g = 0; g < 50; g++) {
        dr_pos p;
        dr_pos_start(&p, g % 2 ? DR_BLACK : DR_WHITE);
        for (int ply = 0; ply < 300; ply++) {
            dr_move m[DR_MAX_MOVES];
            int n = dr_gen_moves(&p, m);
            assert_true(n >= 0);
            if (n == 0) break;
            dr_make(&p, &m[rand() % n]);
            assert_true(p.hash == dr_pos_hash(&p));
            char buf[DR_FEN_MAX];
            dr_pos q;
            dr_pos_to_fen(&p, buf, sizeof buf);
            assert_int_equal(dr_pos_from_fen(&q, buf, NULL, NULL, 0), 0);
            assert_true(dr_pos_equal(&p, &q) && p.hash == q.hash);
        }
    }
    dr_pos a = fen_pos("W:W31:B1"), b = fen_pos("B:W31:B1"), c = fen_pos("W:WK31:B1");
    assert_true(a.hash != b.hash && a.hash != c.hash);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rulebook_french),
        cmocka_unit_test(test_rulebook_italian),
        cmocka_unit_test(test_max_capture),
        cmocka_unit_test(test_turkish_strike),
        cmocka_unit_test(test_duplicate_capture_removed),
        cmocka_unit_test(test_ambiguous_captures),
        cmocka_unit_test(test_king_landing_choices),
        cmocka_unit_test(test_promotion_only_at_end),
        cmocka_unit_test(test_men_directions),
        cmocka_unit_test(test_fen_read_write),
        cmocka_unit_test(test_fen_errors),
        cmocka_unit_test(test_unreachable),
        cmocka_unit_test(test_hash),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
