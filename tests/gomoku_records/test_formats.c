/* test_formats.c -- Gomoku record files: contest (UTF-8 and GBK), PSQ, SGF, move lists.
 * Every format reads, writes and reads back to the same moves; sloppy files are read
 * with warnings; other games' files are not claimed. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gm_coords.h"
#include "gm_notation.h"
#include "text.h"

#define DATA BOYI_SOURCE_DIR "/data/gomoku/"
#define TDATA BOYI_SOURCE_DIR "/tests/gomoku_records/data/"

static void load(bo_text *t, const char *path)
{
    char err[256];
    if (bo_text_load(t, path, err, sizeof err) != 0) fail_msg("%s: %s", path, err);
}

static void from_string(bo_text *t, const char *name, const char *s)
{
    char err[256];
    assert_int_equal(bo_text_from_bytes(t, name, (const unsigned char *)s, strlen(s), err, sizeof err), 0);
}

static int count_notes(const bo_record *r, bo_note_kind k, const char *needle)
{
    int n = 0;
    for (int i = 0; i < r->nnotes; i++)
        if (r->notes[i].kind == k && (!needle || strstr(r->notes[i].text, needle))) n++;
    return n;
}

static void reads_contest_utf8(void **state)
{
    (void)state;
    bo_text t;
    load(&t, DATA "contest-utf8.txt");
    gm_format f;
    assert_int_equal(gm_sniff(&t, &f), 100);
    assert_int_equal(f, GM_FMT_CONTEST);
    bo_record_list l = {0};
    char err[256];
    assert_int_equal(gm_read(&t, GM_FMT_NONE, &l, err, sizeof err), 0);
    assert_int_equal(l.n, 2);
    bo_record *r = &l.items[0];
    assert_int_equal(r->errors, 0);
    assert_int_equal(r->nnotes, 0);
    assert_string_equal(bo_record_tag(r, "Black"), "沈阳航空航天大学");
    assert_string_equal(bo_record_tag(r, "White"), "东北大学");
    assert_string_equal(bo_record_tag(r, "Date"), "2019.07.20 14:00");
    assert_string_equal(bo_record_tag(r, "Place"), "沈阳");
    assert_string_equal(bo_record_tag(r, "Event"), "2019 CCGC");
    assert_string_equal(r->result, "先手胜");
    assert_string_equal(bo_record_tag(r, "Result"), "1-0");
    assert_string_equal(r->moves[0].text, "B(H,8)");
    assert_int_equal(r->moves[0].line, 1);
    /* the header "{[C5]...[2019 CCGC];" before it is 63 characters */
    assert_int_equal(r->moves[0].col, 64);
    assert_int_equal(l.items[1].moves[0].line, 2);
    assert_string_equal(bo_record_tag(&l.items[1], "Result"), "0-1");
    bo_record_list_free(&l);
    bo_text_free(&t);
}

/* The GBK file is decoded (bo_text_load) and read as the same kind of record. */
static void reads_contest_gbk(void **state)
{
    (void)state;
    bo_text t;
    load(&t, DATA "contest-gbk.txt");
    assert_int_equal(t.encoding, BO_ENC_GBK);
    assert_true(t.had_crlf);
    bo_record_list l = {0};
    char err[256];
    assert_int_equal(gm_read(&t, GM_FMT_NONE, &l, err, sizeof err), 0);
    assert_int_equal(l.n, 1);
    assert_string_equal(bo_record_tag(&l.items[0], "Black"), "大连理工大学");
    assert_string_equal(l.items[0].result, "平局");
    assert_int_equal(l.items[0].nmoves, 225);
    bo_record_list_free(&l);
    bo_text_free(&t);
}

static void reads_psq(void **state)
{
    (void)state;
    bo_text t;
    load(&t, DATA "game.psq");
    gm_format f;
    assert_int_equal(gm_sniff(&t, &f), 100);
    assert_int_equal(f, GM_FMT_PSQ);
    bo_record_list l = {0};
    char err[256];
    assert_int_equal(gm_read(&t, f, &l, err, sizeof err), 0);
    assert_int_equal(l.n, 1);
    bo_record *r = &l.items[0];
    assert_int_equal(r->errors, 0);
    assert_string_equal(bo_record_tag(r, "Size"), "15");
    assert_string_equal(bo_record_tag(r, "Black"), "pbrain-embryo.exe");
    assert_string_equal(bo_record_tag(r, "PSQCode"), "-1");
    assert_int_equal(r->moves[0].line, 2);
    assert_true(r->moves[0].time_ms >= 0);
    gm_game g;
    int bad;
    assert_int_equal(gm_game_from_record(r, &g, &bad, err, sizeof err), 0);
    assert_int_equal(g.moves[0].x, 7);   /* 8,8 is h8 */
    assert_int_equal(g.moves[0].y, 7);
    gm_game_free(&g);
    bo_record_list_free(&l);
    bo_text_free(&t);
}

/* PSQ rows count from the top, x,y 1-based; the header's last number says which
 * trailer name started (black); a "1,Freestyle" line names the rule set. */
static void psq_details(void **state)
{
    (void)state;
    bo_text t;
    from_string(&t, "x.psq", "Piskvorky 20x20, 11:11, 1\r\n1,1,500\r\n5,17,15001\r\n\r\nalpha\r\nbeta\r\n-1\r\n1,Freestyle\r\n");
    bo_record_list l = {0};
    char err[256];
    assert_int_equal(gm_read_psq(&t, &l, err, sizeof err), 0);
    bo_record *r = &l.items[0];
    assert_int_equal(r->errors, 0);
    assert_string_equal(bo_record_tag(r, "Size"), "20");
    assert_string_equal(bo_record_tag(r, "Rules"), "freestyle");
    assert_string_equal(bo_record_tag(r, "Black"), "beta");
    assert_string_equal(bo_record_tag(r, "White"), "alpha");
    assert_int_equal(r->moves[1].time_ms, 15001);
    gm_game g;
    int bad;
    assert_int_equal(gm_game_from_record(r, &g, &bad, err, sizeof err), 0);
    assert_int_equal(g.size, 20);
    assert_true(g.rules_known);
    assert_int_equal(g.rules, GM_FREESTYLE);
    assert_int_equal(g.moves[0].x, 0);   /* 1,1 is the top-left corner: a20 */
    assert_int_equal(g.moves[0].y, 19);
    assert_int_equal(g.moves[1].x, 4);   /* 5,17 is e4 */
    assert_int_equal(g.moves[1].y, 3);
    gm_game_free(&g);
    bo_record_list_free(&l);
    bo_text_free(&t);

    from_string(&t, "y.psq", "Piskvorky 15x15, 11:11, 0\n8,8,1\n8,x,1\n9,9,1\n");
    assert_int_equal(gm_read_psq(&t, &l, err, sizeof err), 0);
    assert_int_equal(l.items[0].errors, 1);
    assert_int_equal(l.items[0].nmoves, 1);
    assert_int_equal(l.items[0].notes[0].line, 3);
    bo_record_list_free(&l);
    bo_text_free(&t);
}

static void reads_sgf(void **state)
{
    (void)state;
    bo_text t;
    load(&t, DATA "game.sgf");
    gm_format f;
    assert_int_equal(gm_sniff(&t, &f), 100);
    assert_int_equal(f, GM_FMT_SGF);
    bo_record_list l = {0};
    char err[256];
    assert_int_equal(gm_read(&t, f, &l, err, sizeof err), 0);
    bo_record *r = &l.items[0];
    assert_int_equal(r->errors, 0);
    assert_string_equal(bo_record_tag(r, "Rules"), "renju");
    assert_string_equal(bo_record_tag(r, "Result"), "0-1");
    assert_string_equal(r->moves[0].text, "B[hh]");
    assert_int_equal(r->moves[0].line, 2);
    assert_int_equal(r->moves[0].col, 2);
    bo_record_list_free(&l);
    bo_text_free(&t);

    /* variations: the main line is the game, the other line hangs on the move it
     * replaces (W[ii]); GM[1] is Go; a pass is no Gomoku move */
    from_string(&t, "v.sgf", "(;GM[4]SZ[15];B[hh](;W[ii];B[jj])(;W[gg]))");
    assert_int_equal(gm_read_sgf(&t, &l, err, sizeof err), 0);
    assert_int_equal(l.items[0].nmoves, 3);
    assert_string_equal(l.items[0].moves[2].text, "B[jj]");
    assert_int_equal(l.items[0].nnotes, 0);
    assert_int_equal(l.items[0].moves[1].nvars, 1);
    assert_int_equal(l.items[0].moves[1].vars[0]->nmoves, 1);
    assert_string_equal(l.items[0].moves[1].vars[0]->moves[0].text, "W[gg]");
    bo_record_list_free(&l);
    bo_text_free(&t);
    from_string(&t, "go.sgf", "(;GM[1]SZ[19];B[pd];W[dp])");
    assert_int_equal(gm_sniff(&t, &f), 0);
    assert_int_equal(gm_read_sgf(&t, &l, err, sizeof err), 0);
    assert_int_equal(count_notes(&l.items[0], BO_NOTE_ERROR, "GM[1]"), 1);
    bo_record_list_free(&l);
    bo_text_free(&t);
    from_string(&t, "p.sgf", "(;GM[4];B[hh];W[])");
    assert_int_equal(gm_read_sgf(&t, &l, err, sizeof err), 0);
    assert_int_equal(count_notes(&l.items[0], BO_NOTE_ERROR, "pass"), 1);
    bo_record_list_free(&l);
    bo_text_free(&t);
}

static void reads_move_lists(void **state)
{
    (void)state;
    bo_text t;
    load(&t, DATA "game-moves.txt");
    gm_format f;
    assert_int_equal(gm_sniff(&t, &f), 50);
    assert_int_equal(f, GM_FMT_MOVES);
    bo_record_list l = {0};
    char err[256];
    assert_int_equal(gm_read(&t, f, &l, err, sizeof err), 0);
    assert_int_equal(l.n, 1);
    assert_string_equal(bo_record_tag(&l.items[0], "Black"), "沈阳航空航天大学");
    assert_string_equal(bo_record_tag(&l.items[0], "Result"), "1-0");
    bo_record_list_free(&l);
    bo_text_free(&t);

    from_string(&t, "m.txt", "1. h8 2. i9\nJ 10\n\n  k11 0-1\nh8 h9 *\n");
    assert_int_equal(gm_read_moves(&t, &l, err, sizeof err), 0);
    assert_int_equal(l.n, 2);
    bo_record *r = &l.items[0];
    assert_int_equal(r->nmoves, 4);
    assert_string_equal(r->moves[2].text, "J 10");
    assert_int_equal(r->moves[2].line, 2);
    assert_int_equal(r->moves[3].line, 4);
    assert_int_equal(r->moves[3].col, 3);
    assert_int_equal(l.items[1].nmoves, 2);
    bo_record_list_free(&l);
    bo_text_free(&t);
}

/* Real-world slop is read, and each fault is named. */
static void sloppy_contest_records(void **state)
{
    (void)state;
    bo_text t;
    load(&t, TDATA "sloppy.txt");
    bo_record_list l = {0};
    char err[256];
    assert_int_equal(gm_read(&t, GM_FMT_NONE, &l, err, sizeof err), 0);
    bo_record *r = &l.items[0];
    assert_int_equal(r->errors, 0);
    assert_int_equal(count_notes(r, BO_NOTE_WARNING, "[C1]"), 1);
    assert_int_equal(count_notes(r, BO_NOTE_WARNING, "'H'"), 1);
    assert_string_equal(bo_record_tag(r, "Result"), "1/2-1/2");  /* 和局 */
    gm_game g;
    int bad;
    assert_int_equal(gm_game_from_record(r, &g, &bad, err, sizeof err), 0);
    assert_int_equal(g.n, 4);
    assert_int_equal(g.moves[1].colour, GM_WHITE);   /* H(I,9) */
    assert_int_equal(g.moves[2].x, 9);               /* B（J，10） full-width */
    assert_int_equal(g.moves[2].y, 9);
    gm_game_free(&g);
    bo_record_list_free(&l);
    bo_text_free(&t);

    load(&t, TDATA "missing-fields.txt");
    assert_int_equal(gm_read(&t, GM_FMT_NONE, &l, err, sizeof err), 0);
    assert_int_equal(count_notes(&l.items[0], BO_NOTE_WARNING, "黑胜"), 1);
    assert_int_equal(count_notes(&l.items[0], BO_NOTE_WARNING, "lacks"), 1);
    bo_record_list_free(&l);
    bo_text_free(&t);

    load(&t, TDATA "no-code.txt");
    assert_int_equal(gm_read(&t, GM_FMT_NONE, &l, err, sizeof err), 0);
    assert_int_equal(count_notes(&l.items[0], BO_NOTE_WARNING, "code"), 1);
    assert_string_equal(bo_record_tag(&l.items[0], "Black"), "玩家");
    assert_string_equal(bo_record_tag(&l.items[0], "Result"), "0-1");
    bo_record_list_free(&l);
    bo_text_free(&t);

    /* 'H' in a record that writes W for white and never B: it can only be black */
    from_string(&t, "h.txt", "{[C5][a][b][*][][];H(H,8);W(I,9);H(J,10)}");
    assert_int_equal(gm_read(&t, GM_FMT_NONE, &l, err, sizeof err), 0);
    assert_int_equal(gm_game_from_record(&l.items[0], &g, &bad, err, sizeof err), 0);
    assert_int_equal(g.moves[0].colour, GM_BLACK);
    gm_game_free(&g);
    bo_record_list_free(&l);
    bo_text_free(&t);
}

static void bad_contest_records_are_located(void **state)
{
    (void)state;
    static const struct { const char *file; int line, col; const char *needle; } cases[] = {
        {"truncated.txt", 1, 74, "truncated"},
        {"unknown-colour.txt", 1, 63, "unknown colour 'X'"},
        {"unclosed-brace.txt", 1, 69, "not closed"},   /* where the missing } belongs */
        {"extra-brace.txt", 1, 68, "'}' without a matching '{'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        bo_text t;
        char path[512];
        snprintf(path, sizeof path, TDATA "%s", cases[i].file);
        load(&t, path);
        bo_record_list l = {0};
        char err[256];
        assert_int_equal(gm_read(&t, GM_FMT_NONE, &l, err, sizeof err), 0);
        const bo_note *e = NULL;
        for (int k = 0; k < l.items[0].nnotes && !e; k++)
            if (l.items[0].notes[k].kind == BO_NOTE_ERROR) e = &l.items[0].notes[k];
        assert_non_null(e);
        assert_int_equal(e->line, cases[i].line);
        assert_int_equal(e->col, cases[i].col);
        assert_non_null(strstr(e->text, cases[i].needle));
        bo_record_list_free(&l);
        bo_text_free(&t);
    }
}

/* Files of other games and non-records are not claimed. */
static void other_games_are_not_claimed(void **state)
{
    (void)state;
    static const char *const files[] = {
        BOYI_SHARED_DIR "/corpus/xiangqi/sample.pgn",
        BOYI_SHARED_DIR "/corpus/xiangqi/hu-ronghua-1391-iccs.pgn",
        BOYI_SHARED_DIR "/corpus/draughts/pdn-standard/succeed/fen.pdn",
        BOYI_SHARED_DIR "/corpus/draughts/pdn-standard/succeed/beginner.pdn",
    };
    gm_format f;
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        bo_text t;
        char err[256];
        if (bo_text_load(&t, files[i], err, sizeof err) != 0) { print_message("skipping %s\n", files[i]); continue; }
        assert_int_equal(gm_sniff(&t, &f), 0);
        bo_text_free(&t);
    }
    static const char *const texts[] = {
        "",
        "this is not a game record at all\n",
        "[Event \"x\"]\n1. 炮二平五 马8进7\n",
        "{[C1][红队][黑队][先手胜][2019][x];炮二平五;马8进7}",
        "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n",
        "1. h2e2 h9g7 2. h0g2 i9h9\n",
        "(;GM[1]SZ[19];B[pd])",
    };
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        bo_text t;
        from_string(&t, "x", texts[i]);
        assert_int_equal(gm_sniff(&t, &f), 0);
        bo_text_free(&t);
    }
    bo_text t;
    from_string(&t, "x", "h8 i9 j10");
    assert_int_equal(gm_sniff(&t, &f), 50);
    bo_text_free(&t);
}

/* Write G in format F to memory and read it back. */
static void write_and_read(const gm_game *g, gm_format f, gm_game *back, bo_record_list *l, bo_text *t)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    char err[256];
    assert_int_equal(gm_write(m, f, g, err, sizeof err), 0);
    fclose(m);
    from_string(t, "rt", buf);
    free(buf);
    gm_format sniffed;
    assert_true(gm_sniff(t, &sniffed) > 0);
    assert_int_equal(sniffed, f);
    assert_int_equal(gm_read(t, f, l, err, sizeof err), 0);
    assert_int_equal(l->n, 1);
    assert_int_equal(l->items[0].errors, 0);
    int bad;
    assert_int_equal(gm_game_from_record(&l->items[0], back, &bad, err, sizeof err), 0);
}

/* Every sample, through every format, comes back with the same moves and result. */
static void every_format_round_trips(void **state)
{
    (void)state;
    static const char *const samples[] = {"contest-utf8.txt", "contest-gbk.txt", "game.psq", "game.sgf", "game-moves.txt"};
    static const gm_format formats[] = {GM_FMT_CONTEST, GM_FMT_PSQ, GM_FMT_SGF, GM_FMT_MOVES};
    for (size_t s = 0; s < sizeof samples / sizeof *samples; s++) {
        char path[512];
        snprintf(path, sizeof path, DATA "%s", samples[s]);
        bo_text t;
        load(&t, path);
        bo_record_list l = {0};
        char err[256];
        assert_int_equal(gm_read(&t, GM_FMT_NONE, &l, err, sizeof err), 0);
        for (int k = 0; k < l.n; k++) {
            gm_game g;
            int bad;
            assert_int_equal(gm_game_from_record(&l.items[k], &g, &bad, err, sizeof err), 0);
            assert_true(g.n > 0);
            for (size_t fi = 0; fi < sizeof formats / sizeof *formats; fi++) {
                gm_game back;
                bo_record_list l2 = {0};
                bo_text t2;
                write_and_read(&g, formats[fi], &back, &l2, &t2);
                assert_int_equal(back.n, g.n);
                assert_int_equal(back.size, g.size);
                for (int i = 0; i < g.n; i++) {
                    assert_int_equal(back.moves[i].x, g.moves[i].x);
                    assert_int_equal(back.moves[i].y, g.moves[i].y);
                    if (formats[fi] == GM_FMT_PSQ && g.moves[i].time_ms >= 0)
                        assert_int_equal(back.moves[i].time_ms, g.moves[i].time_ms);
                }
                if (formats[fi] != GM_FMT_PSQ) {  /* PSQ has no result or event fields */
                    assert_int_equal(back.result, g.result);
                    const char *b1 = bo_record_tag(&l.items[k], "Black"), *b2 = bo_record_tag(&l2.items[0], "Black");
                    if (b1) assert_string_equal(b1, b2);
                }
                gm_game_free(&back);
                bo_record_list_free(&l2);
                bo_text_free(&t2);
            }
            gm_game_free(&g);
        }
        bo_record_list_free(&l);
        bo_text_free(&t);
    }
}

/* A whole game on one long line (the contest form, braces and all): each move is
 * located at its column in characters, and reading stays linear -- the column was
 * counted from the start of the line for every move, minutes for a fuzzed 1 MB line. */
static void long_line_records_locate_every_move(void **state)
{
    (void)state;
    enum { N = 100000 };
    const char *head = "{[C5][黑队 B][白队 W][先手胜][2019.07.20 14:00 沈阳][2019 CCGC]";
    size_t cap = strlen(head) + (size_t)N * 12 + 8;
    char *s = malloc(cap);
    int *cols = malloc(N * sizeof *cols);
    assert_non_null(s);
    assert_non_null(cols);
    size_t n = (size_t)snprintf(s, cap, "%s", head);
    int col = 1;   /* column of the next character: the head counts in characters */
    for (const char *h = head; *h; h++)
        if (((unsigned char)*h & 0xC0) != 0x80) col++;
    for (int i = 0; i < N; i++) {
        s[n++] = ';';
        col++;
        cols[i] = col;
        int w = snprintf(s + n, cap - n, "%c(%c,%d)", i % 2 ? 'W' : 'B', 'A' + i % 15, 1 + i / 15 % 15);
        n += (size_t)w;
        col += w;
    }
    s[n++] = '}';
    s[n] = '\0';
    bo_text t;
    from_string(&t, "long.txt", s);
    bo_record_list l = {0};
    char err[256];
    clock_t c0 = clock();
    assert_int_equal(gm_read(&t, GM_FMT_CONTEST, &l, err, sizeof err), 0);
    double secs = (double)(clock() - c0) / CLOCKS_PER_SEC;
    /* a fraction of a second when linear; counting each column afresh took minutes */
    if (secs > 10.0) fail_msg("reading %d moves on one line took %.1f s of CPU time", N, secs);
    assert_int_equal(l.n, 1);
    assert_int_equal(l.items[0].nmoves, N);
    for (int i = 0; i < N; i++) {
        if (l.items[0].moves[i].line != 1 || l.items[0].moves[i].col != cols[i])
            fail_msg("move %d at %d:%d, not 1:%d", i + 1, l.items[0].moves[i].line, l.items[0].moves[i].col, cols[i]);
    }
    bo_record_list_free(&l);
    bo_text_free(&t);
    free(cols);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reads_contest_utf8),
        cmocka_unit_test(reads_contest_gbk),
        cmocka_unit_test(reads_psq),
        cmocka_unit_test(psq_details),
        cmocka_unit_test(reads_sgf),
        cmocka_unit_test(reads_move_lists),
        cmocka_unit_test(sloppy_contest_records),
        cmocka_unit_test(bad_contest_records_are_located),
        cmocka_unit_test(other_games_are_not_claimed),
        cmocka_unit_test(every_format_round_trips),
        cmocka_unit_test(long_line_records_locate_every_move),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
