/* test_rules.c -- EWN's rules (engine/einstein/ew_board.c) against an independent
 * move generator written here from RULES.md section 5 alone, on positions of seeded
 * random games, plus the hard cases by hand: own captures, the nearest higher and
 * lower pieces, both ways to win, arrangements, position text. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "core.h"
#include "einstein.h"

/* ---- the reference: a board of (colour, number) cells, rows 5..1, columns A..E ---- */
typedef struct ref_board {
    int colour[5][5];   /* -1 empty, 0 red, 1 blue; [row from top][column] */
    int number[5][5];
} ref_board;

static void to_ref(const ew_pos *p, ref_board *b)
{
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 5; c++) {
            int v = p->board[r * 5 + c];
            b->colour[r][c] = v == 0 ? -1 : v > 6 ? 1 : 0;
            b->number[r][c] = v > 6 ? v - 6 : v;
        }
}

/* The rule as written: "move the piece with that number; if it has been removed, the
 * remaining piece with the nearest higher or the nearest lower number"; red steps
 * right, down, down-right; blue left, up, up-left.  Steps as "R3-D4" texts, sorted. */
static int ref_steps(const ref_board *b, int side, int die, char out[][8])
{
    int have[7] = {0}, row[7], col[7];
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 5; c++)
            if (b->colour[r][c] == side) { have[b->number[r][c]] = 1; row[b->number[r][c]] = r; col[b->number[r][c]] = c; }
    int pick[2], np = 0;
    if (have[die]) pick[np++] = die;
    else {
        for (int k = die + 1; k <= 6; k++) if (have[k]) { pick[np++] = k; break; }
        for (int k = die - 1; k >= 1; k--) if (have[k]) { pick[np++] = k; break; }
    }
    static const int red_d[3][2] = {{0, 1}, {1, 0}, {1, 1}}, blue_d[3][2] = {{0, -1}, {-1, 0}, {-1, -1}};
    int n = 0;
    for (int i = 0; i < np; i++)
        for (int d = 0; d < 3; d++) {
            const int *dd = side ? blue_d[d] : red_d[d];
            int r = row[pick[i]] + dd[0], c = col[pick[i]] + dd[1];
            if (r < 0 || r > 4 || c < 0 || c > 4) continue;
            snprintf(out[n++], 8, "%c%d-%c%d", side ? 'B' : 'R', pick[i], 'A' + c, 5 - r);
        }
    /* sort */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && strcmp(out[j], out[j - 1]) < 0; j--) {
            char t[8];
            memcpy(t, out[j], 8); memcpy(out[j], out[j - 1], 8); memcpy(out[j - 1], t, 8);
        }
    return n;
}

/* The reference's verdict: red on E1 or blue on A5, or a side without pieces. */
static int ref_winner(const ref_board *b)
{
    if (b->colour[4][4] == 0) return 0;
    if (b->colour[0][0] == 1) return 1;
    int count[2] = {0, 0};
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 5; c++)
            if (b->colour[r][c] >= 0) count[b->colour[r][c]]++;
    if (!count[1]) return 0;
    if (!count[0]) return 1;
    return -1;
}

/* Every decision position of many random games: same steps, same winner. */
static void test_against_reference(void **state)
{
    (void)state;
    long positions = 0;
    for (int game = 0; game < 3000; game++) {
        uint64_t rng = bo_mix64(77 + (uint64_t)game);
        ew_pos p;
        ew_start(&p, EW_SETUP_RANDOM, game & 1);
        uint32_t moves[EW_MAX_MOVES];
        for (;;) {
            ref_board b;
            to_ref(&p, &b);
            int w = ew_winner(&p, NULL);
            if (!p.setup) assert_int_equal(w, ref_winner(&b));
            if (w >= 0) { assert_int_equal(ew_legal(&p, moves), 0); break; }
            int n = ew_legal(&p, moves);
            assert_true(n > 0 && n <= EW_MAX_MOVES);
            if (p.die) {
                char want[8][8], got[8][8];
                int nw = ref_steps(&b, p.stm, p.die, want);
                assert_int_equal(n, nw);
                for (int i = 0; i < n; i++) assert_int_equal(ew_move_to_text(&p, moves[i], got[i], 8), 0);
                for (int i = 1; i < n; i++)
                    for (int j = i; j > 0 && strcmp(got[j], got[j - 1]) < 0; j--) {
                        char t[8];
                        memcpy(t, got[j], 8); memcpy(got[j], got[j - 1], 8); memcpy(got[j - 1], t, 8);
                    }
                for (int i = 0; i < n; i++) assert_string_equal(got[i], want[i]);
                positions++;
            }
            ew_play(&p, moves[bo_splitmix64(&rng) % (uint64_t)n]);
            assert_int_equal(p.hash, ew_hash_scratch(&p));
        }
    }
    assert_true(positions > 30000);
}

static void from_text(ew_pos *p, const char *t)
{
    char err[256];
    if (ew_from_text(p, t, err, sizeof err) != 0) fail_msg("%s: %s", t, err);
}

static void legal_texts(const ew_pos *p, char *buf)
{
    uint32_t m[EW_MAX_MOVES];
    int n = ew_legal(p, m);
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        char t[16];
        ew_move_to_text(p, m[i], t, sizeof t);
        if (i) strcat(buf, " ");
        strcat(buf, t);
    }
}

/* By hand: the die chooses; a missing piece gives the nearest higher AND lower. */
static void test_piece_choice(void **state)
{
    (void)state;
    ew_pos p;
    char buf[128];
    /* Red 2 (A5), 5 (B4); die 3: pieces 2 and 5 (nearest lower, nearest higher). */
    from_text(&p, "r2..../.r5.../...../...b1./....b6 r 3");
    legal_texts(&p, buf);
    assert_string_equal(buf, "R2-B5 R2-A4 R2-B4 R5-C4 R5-B3 R5-C3");
    /* Die 6 with only 2 and 5 left: the nearest lower only. */
    from_text(&p, "r2..../.r5.../...../...b1./....b6 r 6");
    legal_texts(&p, buf);
    assert_string_equal(buf, "R5-C4 R5-B3 R5-C3");
    /* Blue, die 1, blue 1 gone: nearest higher 6 only; on E1 it steps left, up, up-left. */
    from_text(&p, "r2..../.r5.../...../...b1./....b6 b 1");
    legal_texts(&p, buf);
    assert_string_equal(buf, "B1-C2 B1-D3 B1-C3");
    from_text(&p, "r2..../.r5.../...../...../....b6 b 1");
    legal_texts(&p, buf);
    assert_string_equal(buf, "B6-D1 B6-E2 B6-D2");
    /* A red piece on the bottom row steps right only; on column E down only. */
    from_text(&p, "...../...../....r1/...../r2...b1 r 2");
    legal_texts(&p, buf);
    assert_string_equal(buf, "R2-B1");
    from_text(&p, "...../...../....r1/...../r2...b1 r 1");
    legal_texts(&p, buf);
    assert_string_equal(buf, "R1-E2");
}

/* Captures of either colour; both ways to win. */
static void test_captures_and_wins(void **state)
{
    (void)state;
    ew_pos p;
    uint32_t m;
    char err[128];
    /* Red 1 takes red 2 (own piece): red has one piece less, blue none less. */
    from_text(&p, "r1r2.../...../...../...../....b1 r 1");
    assert_int_equal(ew_move_from_text(&p, "R1-B5", &m, err, sizeof err), 0);
    ew_play(&p, m);
    assert_int_equal(p.alive[0], 1);
    assert_int_equal(p.alive[1], 1);
    assert_int_equal(p.sq[0][2], -1);
    assert_int_equal(ew_winner(&p, NULL), -1);
    /* Red takes blue's last piece: red wins by removal. */
    from_text(&p, "r1..../.b3.../...../...../..... r 1");
    assert_int_equal(ew_move_from_text(&p, "R1-B4", &m, err, sizeof err), 0);
    ew_play(&p, m);
    int how;
    assert_int_equal(ew_winner(&p, &how), EW_RED);
    assert_int_equal(how, 2);
    /* Blue reaches A5 (taking the red piece there): blue wins by the corner. */
    from_text(&p, "r1..../.b3.../...../..r2../..... b 3");
    assert_int_equal(ew_move_from_text(&p, "B3-A5", &m, err, sizeof err), 0);
    ew_play(&p, m);
    assert_int_equal(ew_winner(&p, &how), EW_BLUE);
    assert_int_equal(how, 1);
    assert_int_equal(ew_to_move(&p), -2);
    /* Red reaching E1 wins even with blue pieces left. */
    from_text(&p, "...../...../...../...r4b1/....b2 r 4");
    assert_int_equal(ew_move_from_text(&p, "R4-E1", &m, err, sizeof err), 0);
    ew_play(&p, m);
    assert_int_equal(ew_winner(&p, &how), EW_RED);
    assert_int_equal(how, 1);
    /* Wrong piece, wrong direction: refused with the rule. */
    from_text(&p, "r1r2.../...../...../...../....b1 r 1");
    assert_int_equal(ew_move_from_text(&p, "R2-C5", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "piece 1 must move"));
    assert_int_equal(ew_move_from_text(&p, "R1-A4", &m, err, sizeof err), 0);
    from_text(&p, "...../.r1.../...../...../....b1 r 1");
    assert_int_equal(ew_move_from_text(&p, "R1-A4", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "right, down or down-right"));
}

/* The 720 arrangements: on the side's triangle, six distinct squares, and the index
 * read back (so the 720 are distinct). */
static void test_arrangements(void **state)
{
    (void)state;
    for (int side = 0; side < 2; side++) {
        for (int i = 0; i < 720; i++) {
            int sq[7];
            ew_arrangement(side, i, sq);
            for (int n = 1; n <= 6; n++) {
                int r = sq[n] / 5, c = sq[n] % 5;
                assert_true(side ? r + c >= 6 : r + c <= 2);
                for (int k = 1; k < n; k++) assert_int_not_equal(sq[k], sq[n]);
            }
            assert_int_equal(ew_arrangement_index(side, sq), i);
        }
    }
    /* Placements through the setup make every arrangement: 720 leaves per side. */
    ew_pos p;
    ew_start(&p, EW_SETUP_CHOOSE, EW_RED);
    assert_int_equal(ew_perft(&p, 6), 720);
    assert_int_equal(ew_perft(&p, 7), 720 * 6);
}

/* The RULES.md example in the position text, and the setup states. */
static void test_text(void **state)
{
    (void)state;
    int arr[2][7] = {{-1, 0, 1, 2, 5, 6, 10}, {-1, 14, 18, 19, 22, 23, 24}};
    ew_pos p, q;
    char err[128], t[128];
    assert_int_equal(ew_from_arrangements(&p, arr, EW_RED, err, sizeof err), 0);
    ew_to_text(&p, t, sizeof t);
    assert_string_equal(t, "r1r2r3../r4r5.../r6...b1/...b2b3/..b4b5b6 r -");
    from_text(&q, t);
    assert_memory_equal(&p, &q, sizeof p);
    /* RULES.md: "1:3;(R3,D4)" then "2:5;(B5,C2)". */
    uint32_t m;
    ew_play(&p, EW_ROLL | 3);
    assert_int_equal(ew_move_from_text(&p, "(R3,D4)", &m, err, sizeof err), 0);
    ew_play(&p, m);
    ew_play(&p, EW_ROLL | 5);
    assert_int_equal(ew_move_from_text(&p, "B5,C2", &m, err, sizeof err), 0);
    ew_play(&p, m);
    ew_to_text(&p, t, sizeof t);
    assert_string_equal(t, "r1r2.../r4r5.r3./r6...b1/..b5b2b3/..b4.b6 r -");
    /* Setup: red's three placed, blue to place after them is refused. */
    assert_int_equal(ew_from_text(&q, "r1r2r3../...../...../...../..... r - setup", err, sizeof err), 0);
    assert_int_equal(ew_to_move(&q), EW_RED);
    assert_int_equal(ew_from_text(&q, "r1.r3../...../...../...../..... r - setup", err, sizeof err), -1);
    assert_int_equal(ew_from_text(&q, "r1r2r3../...../...../...../....b1 r - setup", err, sizeof err), -1);
    assert_int_equal(ew_from_text(&q, "r1r2r3../...../...../...../..... r 3 setup", err, sizeof err), -1);
    assert_int_equal(ew_from_text(&q, "r1r2r3../...../...../...../..... r - setup-random", err, sizeof err), 0);
    assert_int_equal(ew_to_move(&q), -1);
    assert_int_equal(ew_from_text(&q, "r1r2r3../...../...../..... r -", err, sizeof err), -1);
    assert_int_equal(ew_from_text(&q, "r1r1r3../...../...../...../..... r -", err, sizeof err), -1);
    assert_int_equal(ew_from_text(&q, "r7..../...../...../...../..... r -", err, sizeof err), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_piece_choice),
        cmocka_unit_test(test_captures_and_wins),
        cmocka_unit_test(test_arrangements),
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_against_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
