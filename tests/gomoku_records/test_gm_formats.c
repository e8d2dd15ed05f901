/* test_gm_formats.c -- the community formats: Renlib .lib, RenjuNet .rif, PlayOK PGN.
 *
 * Truth from outside the reader: the real Renlib libraries are counted by a walk of
 * their bytes written here, separately from the reader (nodes, leaves, comments: a
 * tree of L leaves is 1 line plus L - 1 variations); small libraries are built byte
 * by byte with their expected lines derived by hand next to them; the .rif and PGN
 * samples' tags and moves are read off the files themselves. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gm_formats.h"
#include "gm_notation.h"
#include "text.h"

#define DATA BOYI_SOURCE_DIR "/data/gomoku/formats/"
#define TDATA BOYI_SOURCE_DIR "/tests/gomoku_records/data/"

static void load(bo_text *t, const char *path)
{
    char err[256];
    if (bo_text_load(t, path, err, sizeof err) != 0) fail_msg("%s: %s", path, err);
}

static void from_bytes(bo_text *t, const char *name, const void *b, size_t n)
{
    char err[256];
    assert_int_equal(bo_text_from_bytes(t, name, b, n, err, sizeof err), 0);
}

/* Read T in the format it sniffs as, which must be WANT. */
static void read_as(const bo_text *t, gm_format want, bo_record_list *l)
{
    gm_format f;
    assert_true(gm_sniff(t, &f) > 0);
    assert_int_equal(f, want);
    char err[256];
    if (gm_read(t, GM_FMT_NONE, l, err, sizeof err) != 0) fail_msg("%s", err);
}

static int count_notes(const bo_record *r, bo_note_kind k, const char *needle)
{
    int n = 0;
    for (int i = 0; i < r->nnotes; i++)
        if (r->notes[i].kind == k && (!needle || strstr(r->notes[i].text, needle))) n++;
    return n;
}

/* ---- Renlib ------------------------------------------------------------------- */

/* Moves, variations and commented moves of a line and everything hanging on it. */
static void count_line(const bo_rmove *m, int n, long *moves, long *vars, long *comments)
{
    for (int i = 0; i < n; i++) {
        (*moves)++;
        if (m[i].comment) (*comments)++;
        for (int v = 0; v < m[i].nvars; v++) {
            (*vars)++;
            count_line(m[i].vars[v]->moves, m[i].vars[v]->nmoves, moves, vars, comments);
        }
    }
}

/* Past a NUL-ended text that takes an even number of bytes. */
static size_t skip_text(const unsigned char *d, size_t p)
{
    size_t k = 0;
    while (d[p + k]) k++;
    return p + (k % 2 ? k + 1 : k + 2);
}

/* The independent walk: two bytes a node; with the extension flag two more flag
 * bytes (bit 0 of the second: a board text follows); a NUL-ended text after a
 * comment flag, then the board text.  Comments and board texts both count: the
 * reader keeps either as the move's comment.  No no-move nodes in these files. */
static void walk_lib(const unsigned char *d, size_t n, long *nodes, long *leaves, long *comments)
{
    *nodes = *leaves = *comments = 0;
    size_t p = 20;
    while (p + 2 <= n) {
        unsigned char fl = d[p + 1];
        assert_int_equal(fl & 0x22, 0);
        p += 2;
        (*nodes)++;
        if (fl & 0x40) (*leaves)++;
        bool board = false;
        if (fl & 0x01) {
            board = d[p + 1] & 1;
            p += 2;
        }
        if (fl & 0x08) p = skip_text(d, p);
        if (board) p = skip_text(d, p);
        if ((fl & 0x08) || board) (*comments)++;
    }
    assert_int_equal(p, n);
}

static void real_library(const char *name, long want_nodes)
{
    char path[512];
    snprintf(path, sizeof path, "%s%s", DATA, name);
    bo_text t;
    load(&t, path);
    long nodes, leaves, comments;
    walk_lib(t.raw, t.raw_len, &nodes, &leaves, &comments);
    assert_int_equal(nodes, want_nodes);
    bo_record_list l = {0};
    read_as(&t, GM_FMT_RENLIB, &l);
    assert_int_equal(l.n, 1);
    const bo_record *r = &l.items[0];
    assert_int_equal(r->errors, 0);
    long m = 0, v = 0, c = 0;
    count_line(r->moves, r->nmoves, &m, &v, &c);
    assert_int_equal(m, nodes);
    assert_int_equal(v, leaves - 1);
    assert_int_equal(c, comments);
    assert_int_equal(bo_record_count_variations(r), leaves - 1);
    assert_string_equal(bo_record_tag(r, "Library"), "Renlib 3.0");
    /* every library starts at the centre */
    assert_string_equal(r->moves[0].text, "h8");
    bo_record_list_free(&l);
    bo_text_free(&t);
}

static void real_libraries(void **state)
{
    (void)state;
    /* node counts: the files' sizes less the header and comment bytes, by walk_lib */
    real_library("VCF.lib", 741);
    real_library("I7.lib", 2076);
    real_library("D4.lib", 3058);
    /* a second source: libraries of the Taiwan renju site (board texts on most nodes
     * of tw-111127) */
    real_library("tw-111127.lib", 1793);
    real_library("tw-121125.lib", 348);
    real_library("tw-130317.lib", 314);
    real_library("tw-130420.lib", 363);
    /* Renlib 3.7's own opening library: 4 222 variations, comments in GBK */
    real_library("Allrenjuopenings.lib", 39884);
    /* VCF.lib's first node is h8 with the library's title as its first line */
    bo_text t;
    load(&t, DATA "VCF.lib");
    bo_record_list l = {0};
    read_as(&t, GM_FMT_RENLIB, &l);
    const char *c = l.items[0].moves[0].comment;
    assert_non_null(c);
    assert_true(strncmp(c, "31 VCF positions\nFind all comments", 34) == 0);
    bo_record_list_free(&l);
    bo_text_free(&t);
    /* Allrenjuopenings.lib: its first comment in GBK (the bytes A1 EF BB B6 D3 AD CA B9
     * D3 C3 after "Welcome to RenLib" and 0x08 are "★欢迎使用" in GB 2312's table) */
    load(&t, DATA "Allrenjuopenings.lib");
    read_as(&t, GM_FMT_RENLIB, &l);
    c = l.items[0].moves[0].comment;
    assert_non_null(c);
    const char *want = "Welcome to RenLib\n\xE2\x98\x85\xE6\xAC\xA2\xE8\xBF\x8E\xE4\xBD\xBF\xE7\x94\xA8Renlib";
    assert_true(strncmp(c, want, strlen(want)) == 0);
    bo_record_list_free(&l);
    bo_text_free(&t);
}

/* A library from its nodes after the 3.0 header. */
static void lib(bo_text *t, const unsigned char *nodes, size_t n)
{
    unsigned char buf[256];
    memcpy(buf, "\xFFRenLib\xFF\x03\x00\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF", 20);
    memcpy(buf + 20, nodes, n);
    from_bytes(t, "test.lib", buf, 20 + n);
}

static void built_libraries(void **state)
{
    (void)state;
    bo_text t;
    bo_record_list l = {0};
    /* root (no move, has a child); h8 (a child); i9 = row 9 (6 from the top), column
     * 9: 0x69, a leaf with a sibling; g9 = 0x67, a leaf.  Lines: h8 i9, and g9
     * replacing i9. */
    static const unsigned char t1[] = {0x00, 0x00, 0x78, 0x00, 0x69, 0xC0, 0x67, 0x40};
    lib(&t, t1, sizeof t1);
    read_as(&t, GM_FMT_RENLIB, &l);
    bo_record *r = &l.items[0];
    assert_int_equal(r->errors, 0);
    assert_int_equal(r->nmoves, 2);
    assert_string_equal(r->moves[0].text, "h8");
    assert_string_equal(r->moves[1].text, "i9");
    assert_int_equal(r->moves[1].nvars, 1);
    assert_int_equal(r->moves[1].vars[0]->nmoves, 1);
    assert_string_equal(r->moves[1].vars[0]->moves[0].text, "g9");
    bo_record_list_free(&l);
    bo_text_free(&t);

    /* h8 with a child and a sibling j7 (0x8A: row 7 is 8 from the top, column 10);
     * its child i9 a leaf; then j7 a leaf.  Lines: h8 i9, j7 replacing h8. */
    static const unsigned char t2[] = {0x78, 0x80, 0x69, 0x40, 0x8A, 0x40};
    lib(&t, t2, sizeof t2);
    read_as(&t, GM_FMT_RENLIB, &l);
    r = &l.items[0];
    assert_int_equal(r->errors, 0);
    assert_int_equal(r->nmoves, 2);
    assert_int_equal(r->moves[0].nvars, 1);
    assert_string_equal(r->moves[0].vars[0]->moves[0].text, "j7");
    bo_record_list_free(&l);
    bo_text_free(&t);

    /* the extension: h8 a leaf with flags 0x41, extension bytes 00 01 (board text),
     * the board text "A" NUL (two bytes). */
    static const unsigned char t3[] = {0x78, 0x41, 0x00, 0x01, 'A', 0x00};
    lib(&t, t3, sizeof t3);
    read_as(&t, GM_FMT_RENLIB, &l);
    r = &l.items[0];
    assert_int_equal(r->errors, 0);
    assert_int_equal(r->nmoves, 1);
    assert_string_equal(r->moves[0].comment, "board text: A");
    bo_record_list_free(&l);
    bo_text_free(&t);

    /* a board-text label (no move, 0xC2: sibling, leaf, no-move) before the real
     * child g9: the label is no move, g9 continues the line h8. */
    static const unsigned char t4[] = {0x78, 0x00, 0x69, 0xC2, 0x67, 0x40};
    lib(&t, t4, sizeof t4);
    read_as(&t, GM_FMT_RENLIB, &l);
    r = &l.items[0];
    assert_int_equal(r->errors, 0);
    assert_int_equal(r->nmoves, 2);
    assert_string_equal(r->moves[1].text, "g9");
    assert_int_equal(r->moves[1].nvars, 0);
    assert_string_equal(bo_record_tag(r, "Labels"), "1");
    bo_record_list_free(&l);
    bo_text_free(&t);

    /* a comment of even length takes its NUL and a pad byte: "ab" 00 00 */
    static const unsigned char t5[] = {0x78, 0x08, 'a', 'b', 0x00, 0x00, 0x69, 0x40};
    lib(&t, t5, sizeof t5);
    read_as(&t, GM_FMT_RENLIB, &l);
    r = &l.items[0];
    assert_int_equal(r->errors, 0);
    assert_int_equal(r->nmoves, 2);
    assert_string_equal(r->moves[0].comment, "ab");
    bo_record_list_free(&l);
    bo_text_free(&t);

    /* cut short: h8 says it has a child and the file ends; the move is kept */
    static const unsigned char t6[] = {0x78, 0x00};
    lib(&t, t6, sizeof t6);
    read_as(&t, GM_FMT_RENLIB, &l);
    r = &l.items[0];
    assert_int_equal(r->nmoves, 1);
    assert_int_equal(count_notes(r, BO_NOTE_ERROR, "ends before the tree does"), 1);
    bo_record_list_free(&l);
    bo_text_free(&t);

    /* a comment with no NUL */
    static const unsigned char t7[] = {0x78, 0x48, 'x', 'y'};
    lib(&t, t7, sizeof t7);
    read_as(&t, GM_FMT_RENLIB, &l);
    assert_int_equal(count_notes(&l.items[0], BO_NOTE_ERROR, "comment with no end"), 1);
    bo_record_list_free(&l);
    bo_text_free(&t);
}

/* ---- RenjuNet ------------------------------------------------------------------ */

static void renjunet_sample(void **state)
{
    (void)state;
    bo_text t;
    load(&t, DATA "renjunet-sample.rif");
    bo_record_list l = {0};
    read_as(&t, GM_FMT_RIF, &l);
    assert_int_equal(l.n, 5);
    const bo_record *r = &l.items[0];
    assert_int_equal(r->errors, 0);
    assert_string_equal(bo_record_tag(r, "GameId"), "171548");
    assert_string_equal(bo_record_tag(r, "Black"), "Player A");
    assert_string_equal(bo_record_tag(r, "White"), "Player B");
    assert_string_equal(bo_record_tag(r, "Event"), "Sample Open 2018");
    assert_string_equal(bo_record_tag(r, "Date"), "2018-08-01");
    assert_string_equal(bo_record_tag(r, "Round"), "8");
    assert_string_equal(bo_record_tag(r, "Result"), "1-0");
    assert_string_equal(bo_record_tag(r, "Rules"), "renju");
    assert_string_equal(bo_record_tag(r, "Opening"), "soosorv8");
    assert_string_equal(bo_record_tag(r, "RuleName"), "Soosõrv-8");
    assert_string_equal(bo_record_tag(r, "OpeningName"), "I3");
    assert_string_equal(bo_record_tag(r, "Alt"), "51");
    assert_string_equal(bo_record_tag(r, "RifSwap"), "R--R-");
    assert_string_equal(bo_record_tag(r, "Info"), "B=1245");
    assert_int_equal(r->nmoves, 51);
    assert_string_equal(r->moves[0].text, "h8");
    assert_string_equal(r->moves[50].text, "g2");
    /* the moves are located: <move> is on line 30, its first point at column 7 */
    assert_int_equal(r->moves[0].line, 30);
    assert_int_equal(r->moves[0].col, 7);
    /* game 2: a draw, the entity &amp; decoded in White's name */
    r = &l.items[1];
    assert_string_equal(bo_record_tag(r, "Result"), "1/2-1/2");
    assert_string_equal(bo_record_tag(r, "White"), "Jüri Õun & Co");
    assert_string_equal(bo_record_tag(r, "OpeningName"), "D4");
    /* game 3: its tournament's rule "Gomoku": standard gomoku, no opening named */
    r = &l.items[2];
    assert_string_equal(bo_record_tag(r, "Rules"), "standard");
    assert_null(bo_record_tag(r, "Opening"));
    /* games 4-5: "RIF" */
    assert_string_equal(bo_record_tag(&l.items[3], "Opening"), "rif");
    assert_string_equal(bo_record_tag(&l.items[4], "Result"), "0-1");
    bo_record_list_free(&l);
    bo_text_free(&t);
}

/* A one-game database whose rule is named NAME: the Rules and Opening tags. */
static void rule_named(const char *name, const char *rules, const char *opening)
{
    char x[1024];
    snprintf(x, sizeof x,
             "<?xml version=\"1.0\"?>\n<database>\n<rules><rule id=\"7\" name=\"%s\"/></rules>\n"
             "<tournaments><tournament id=\"1\" name=\"T\" rule=\"7\"/></tournaments>\n"
             "<games><game id=\"1\" tournament=\"1\" bresult=\"1\"><move>h8 i9</move></game></games>\n</database>\n",
             name);
    bo_text t;
    from_bytes(&t, "r.rif", x, strlen(x));
    bo_record_list l = {0};
    read_as(&t, GM_FMT_RIF, &l);
    assert_int_equal(l.n, 1);
    assert_string_equal(bo_record_tag(&l.items[0], "Rules"), rules);
    if (opening) assert_string_equal(bo_record_tag(&l.items[0], "Opening"), opening);
    else assert_null(bo_record_tag(&l.items[0], "Opening"));
    bo_record_list_free(&l);
    bo_text_free(&t);
}

static void renjunet_rule_names(void **state)
{
    (void)state;
    rule_named("RIF", "renju", "rif");
    rule_named("Taraguchi-10", "renju", "taraguchi10");
    rule_named("Soosorv-8", "renju", "soosorv8");
    rule_named("Yamaguchi", "renju", "yamaguchi");
    rule_named("Swap2", "standard", "swap2");
    rule_named("Gomoku (swap)", "standard", "swap");
    rule_named("Gomoku freestyle swap2", "freestyle", "swap2");
    rule_named("Renju", "renju", NULL);
}

static void renjunet_faults(void **state)
{
    (void)state;
    bo_text t;
    load(&t, TDATA "renjunet-faults.rif");
    bo_record_list l = {0};
    read_as(&t, GM_FMT_RIF, &l);
    assert_int_equal(l.n, 5);
    /* game 2: a player not in the table (warning), 'zz9' at 33:13 (error) */
    const bo_record *r = &l.items[1];
    assert_int_equal(count_notes(r, BO_NOTE_WARNING, "player 999 is not in"), 1);
    assert_int_equal(count_notes(r, BO_NOTE_ERROR, "'zz9'"), 1);
    for (int i = 0; i < r->nnotes; i++)
        if (r->notes[i].kind == BO_NOTE_ERROR) { assert_int_equal(r->notes[i].line, 33); assert_int_equal(r->notes[i].col, 13); }
    assert_int_equal(r->nmoves, 2);
    /* game 3: unknown tournament and rule, a bresult of 2 */
    r = &l.items[2];
    assert_int_equal(count_notes(r, BO_NOTE_WARNING, NULL), 3);
    assert_null(bo_record_tag(r, "Result"));
    /* game 4 is whole; game 5 has no </game> */
    assert_int_equal(l.items[3].errors, 0);
    assert_int_equal(count_notes(&l.items[4], BO_NOTE_ERROR, "no </game>"), 1);
    bo_record_list_free(&l);
    bo_text_free(&t);

    /* XML that is not RenjuNet's is not claimed as it */
    static const char other[] = "<?xml version=\"1.0\"?>\n<svg><g/></svg>\n";
    from_bytes(&t, "x.xml", other, strlen(other));
    assert_int_equal(gm_sniff_rif(&t), 0);
    bo_text_free(&t);
}

/* ---- PlayOK --------------------------------------------------------------------- */

static void playok_sample(void **state)
{
    (void)state;
    bo_text t;
    load(&t, DATA "playok-sample.pgn");
    bo_record_list l = {0};
    read_as(&t, GM_FMT_PLAYOK, &l);
    assert_int_equal(l.n, 3);
    const bo_record *r = &l.items[0];
    assert_int_equal(r->errors, 0);
    assert_string_equal(bo_record_tag(r, "Black"), "kasia77");
    assert_string_equal(bo_record_tag(r, "White"), "renjuman");
    assert_string_equal(bo_record_tag(r, "Result"), "1-0");
    assert_string_equal(bo_record_tag(r, "Rules"), "freestyle");
    assert_string_equal(bo_record_tag(r, "Site"), "PlayOK");
    assert_int_equal(r->nmoves, 9);
    assert_string_equal(r->moves[8].text, "l8");
    /* "1. h8 h9 2. i8 i9 3. j8 j9 4. k8 g8 5. l8 1-0" on line 13: l8 at column 40 */
    assert_int_equal(r->moves[8].line, 13);
    assert_int_equal(r->moves[8].col, 40);
    r = &l.items[1];
    assert_string_equal(bo_record_tag(r, "Result"), "0-1");
    assert_int_equal(r->nmoves, 10);
    assert_string_equal(r->moves[5].comment, "white threatens a four");
    assert_string_equal(bo_record_tag(&l.items[2], "Result"), "1/2-1/2");
    bo_record_list_free(&l);
    bo_text_free(&t);
}

static void playok_faults(void **state)
{
    (void)state;
    bo_text t;
    load(&t, TDATA "playok-faults.pgn");
    bo_record_list l = {0};
    read_as(&t, GM_FMT_PLAYOK, &l);
    assert_int_equal(l.n, 3);
    assert_int_equal(count_notes(&l.items[0], BO_NOTE_ERROR, "'Nf3' is not a move"), 1);
    assert_int_equal(l.items[0].nmoves, 2); /* h8 i9 before it */
    assert_int_equal(count_notes(&l.items[1], BO_NOTE_WARNING, "differs from [Result"), 1);
    assert_int_equal(count_notes(&l.items[2], BO_NOTE_ERROR, "no '}'"), 1);
    bo_record_list_free(&l);
    bo_text_free(&t);

    /* variations in parentheses hang on the move they replace */
    static const char var[] = "[Site \"PlayOK\"]\n[Black \"a\"]\n[White \"b\"]\n\n1. h8 i9 (1... h9 2. h10) 2. j10 *\n";
    from_bytes(&t, "v.pgn", var, strlen(var));
    read_as(&t, GM_FMT_PLAYOK, &l);
    assert_int_equal(l.items[0].nmoves, 3);
    assert_int_equal(l.items[0].moves[1].nvars, 1);
    assert_int_equal(l.items[0].moves[1].vars[0]->nmoves, 2);
    assert_string_equal(l.items[0].moves[1].vars[0]->moves[1].text, "h10");
    bo_record_list_free(&l);
    bo_text_free(&t);
}

/* Chess, draughts and Xiangqi PGN are not PlayOK Gomoku. */
static void other_pgn_not_claimed(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "[Event \"x\"]\n[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n",
        "[Event \"x\"]\n[White \"a\"]\n[Black \"b\"]\n[GameType \"20\"]\n\n1. 32-28 19-23 2-0\n",
        "[Game \"Chinese Chess\"]\n[Red \"a\"]\n[Black \"b\"]\n\n1. h2e2 h9g7 1-0\n",
        "[Site \"PlayOK\"]\n[Black \"a\"]\n[White \"b\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n",
    };
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        bo_text t;
        from_bytes(&t, "o.pgn", texts[i], strlen(texts[i]));
        if (gm_sniff_playok(&t) != 0) fail_msg("text %zu claimed as PlayOK Gomoku", i);
        bo_text_free(&t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(real_libraries),
        cmocka_unit_test(built_libraries),
        cmocka_unit_test(renjunet_sample),
        cmocka_unit_test(renjunet_rule_names),
        cmocka_unit_test(renjunet_faults),
        cmocka_unit_test(playok_sample),
        cmocka_unit_test(playok_faults),
        cmocka_unit_test(other_pgn_not_claimed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
