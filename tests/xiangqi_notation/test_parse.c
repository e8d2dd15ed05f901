/* test_parse.c -- reading written moves: glyph variants, digits of either kind
 * on either side, the tandem forms of the 1999 rules and of WXF, the short
 * form, notation detection, and the errors a judge reads (syntax, no such
 * piece, impossible text, ambiguity). Expected squares follow from the
 * notation's definition (RULES.md section 1, the WXF notation page); variants
 * are checked against the standard form, whose meaning test_corpus.c checks
 * against the coordinate files. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "xq_notation.h"

static void pos(xq_pos *p, const char *fen)
{
    char err[256];
    if (xq_pos_from_fen(p, fen, err, sizeof err) != 0) fail_msg("%s: %s", fen, err);
}

/* Parse text in p; fail the test if it does not read. */
static xq_move rd(const xq_pos *p, const char *text)
{
    xq_move m = 0;
    char err[256];
    if (xq_parse_move(p, text, strlen(text), XQ_NOTE_AUTO, &m, NULL, err, sizeof err) != 0)
        fail_msg("'%s' does not read: %s", text, err);
    return m;
}

/* Parse text in p, expecting an error that contains want. */
static void rd_err(const xq_pos *p, const char *text, const char *want)
{
    xq_move m = 0;
    char err[256] = "";
    if (xq_parse_move(p, text, strlen(text), XQ_NOTE_AUTO, &m, NULL, err, sizeof err) == 0)
        fail_msg("'%s' read as move %d, expected an error about '%s'", text, m, want);
    if (!strstr(err, want)) fail_msg("'%s': error '%s' does not say '%s'", text, err, want);
}

static xq_move sq_move(const char *iccs)
{
    char a[3] = {iccs[0], iccs[1], 0}, b[3] = {iccs[3], iccs[4], 0};
    return XQ_MOVE(xq_square_parse(a), xq_square_parse(b));
}

static void glyph_variants_read_alike(void **state)
{
    (void)state;
    xq_pos p;
    xq_pos_start(&p);
    const char *groups[][8] = {
        {"炮二平五", "砲二平五", "包二平五", "炮2平5", "炮２平５", " 炮二平五　", "炮二平五!?", "炮二平五+"},
        {"马二进三", "馬二進三", "傌二进三", "马2进3", "馬２進３", NULL},
        {"车一进一", "車一進一", "俥一进一", "车1进1", NULL},
        {"相三进五", "象三进五", "相3进5", NULL},
        {"仕四进五", "士四进五", "仕4進5", NULL},
        {"帅五进一", "帥五进一", "将五进一", "將五進一", NULL},
        {"兵七进一", "卒七进一", "兵7进1", "兵７進１", NULL},
    };
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        xq_move want = rd(&p, groups[g][0]);
        for (int i = 1; i < 8 && groups[g][i]; i++)
            if (rd(&p, groups[g][i]) != want) fail_msg("%s reads unlike %s", groups[g][i], groups[g][0]);
    }
    /* Anchors: red counts from its right (二 = h), pawns and cannons as expected. */
    assert_int_equal(rd(&p, "炮二平五"), sq_move("h2-e2"));
    assert_int_equal(rd(&p, "炮八平五"), sq_move("b2-e2"));
    assert_int_equal(rd(&p, "兵七进一"), sq_move("c3-c4"));
    /* Black counts from its right (8 = h) in any digits, Chinese numerals too. */
    xq_undo u;
    xq_make(&p, rd(&p, "炮二平五"), &u);
    const char *black[] = {"马8进7", "马８进７", "馬8進7", "马八进七", "H8+7", "Ｈ８＋７", "h9-g7", "h9g7"};
    for (size_t i = 0; i < sizeof black / sizeof black[0]; i++)
        assert_int_equal(rd(&p, black[i]), sq_move("h9-g7"));
}

static void detection_and_names(void **state)
{
    (void)state;
    xq_pos p;
    xq_pos_start(&p);
    struct { const char *t; xq_notation nt; } cases[] = {
        {"炮二平五", XQ_NOTE_CHINESE}, {"C2.5", XQ_NOTE_WXF}, {"C2=5", XQ_NOTE_WXF}, {"c2.5", XQ_NOTE_WXF},
        {"Ｃ２＝５", XQ_NOTE_WXF}, {"h2-e2", XQ_NOTE_ICCS}, {"H2-E2", XQ_NOTE_ICCS}, {"h2e2", XQ_NOTE_UCI},
        {"h2-e2+", XQ_NOTE_ICCS}, {"C2.5+", XQ_NOTE_WXF},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        xq_move m;
        xq_notation d;
        char err[256];
        assert_int_equal(xq_parse_move(&p, cases[i].t, strlen(cases[i].t), XQ_NOTE_AUTO, &m, &d, err, sizeof err), 0);
        assert_int_equal(d, cases[i].nt);
        assert_int_equal(m, sq_move("h2-e2"));
        assert_int_equal(xq_notation_guess(cases[i].t, strlen(cases[i].t)), cases[i].nt);
    }
    assert_string_equal(xq_notation_name(XQ_NOTE_CHINESE), "chinese");
    assert_string_equal(xq_notation_name(XQ_NOTE_WXF), "wxf");
    assert_string_equal(xq_notation_name(XQ_NOTE_ICCS), "iccs");
    assert_string_equal(xq_notation_name(XQ_NOTE_UCI), "uci");
    assert_int_equal(xq_notation_from_name("WXF"), XQ_NOTE_WXF);
    assert_int_equal(xq_notation_from_name("bogus"), -1);
    /* A notation given explicitly is the only one tried. */
    xq_move m;
    char err[256];
    assert_int_equal(xq_parse_move(&p, "h2-e2", 5, XQ_NOTE_CHINESE, &m, NULL, err, sizeof err), -1);
    assert_int_equal(xq_parse_move(&p, "炮二平五", strlen("炮二平五"), XQ_NOTE_WXF, &m, NULL, err, sizeof err), -1);
}

static void short_form(void **state)
{
    (void)state;
    xq_pos p;
    xq_pos_start(&p);
    assert_int_equal(rd(&p, "炮25"), rd(&p, "炮二平五"));
    assert_int_equal(rd(&p, "马23"), rd(&p, "马二进三"));
    assert_int_equal(rd(&p, "车12"), rd(&p, "车一进二"));
    assert_int_equal(rd(&p, "C25"), rd(&p, "炮二平五"));
    /* The seed's sheet, black side: 马87 after 炮25. */
    xq_undo u;
    xq_make(&p, rd(&p, "炮25"), &u);
    assert_int_equal(rd(&p, "马87"), rd(&p, "马8进7"));
    /* A lone chariot on d4: 车64 could go forward 4, back 4 or to file 4. */
    pos(&p, "4k4/9/9/9/9/3R5/9/9/9/5K3 w - - 0 1");
    rd_err(&p, "车64", "ambiguous");
    rd_err(&p, "车66", "fits no legal move");
}

static void tandem_pieces(void **state)
{
    (void)state;
    xq_pos p;
    /* Red chariots c6, c3; horses b7, b5; cannons g6, g5. */
    pos(&p, "3k5/9/1H7/2R3C2/1H4C2/2B6/2R6/3A5/9/2BAK4 w - - 0 1");
    assert_int_equal(rd(&p, "前车平六"), sq_move("c6-d6"));
    assert_int_equal(rd(&p, "车前平六"), sq_move("c6-d6"));
    assert_int_equal(rd(&p, "+R.6"), sq_move("c6-d6"));
    assert_int_equal(rd(&p, "R+.6"), sq_move("c6-d6"));
    assert_int_equal(rd(&p, "後車進一"), sq_move("c3-c4"));
    assert_int_equal(rd(&p, "-R+1"), sq_move("c3-c4"));
    assert_int_equal(rd(&p, "前马进七"), sq_move("b7-c9"));
    assert_int_equal(rd(&p, "后马退九"), sq_move("b5-a3"));
    assert_int_equal(rd(&p, "前炮进一"), sq_move("g6-g7"));
    assert_int_equal(rd(&p, "+C+1"), sq_move("g6-g7"));
    assert_int_equal(rd(&p, "C++1"), sq_move("g6-g7"));
    /* Without 前/后 the legal one is taken: the rear chariot cannot go to c6 (own piece). */
    assert_int_equal(rd(&p, "车七进三"), sq_move("c6-c9"));
    /* Two advisors (d0, d2) and two elephants (c0, c4) on one file: the direction tells. */
    assert_int_equal(rd(&p, "仕六进五"), sq_move("d0-e1"));
    assert_int_equal(rd(&p, "仕六退五"), sq_move("d2-e1"));
    assert_int_equal(rd(&p, "相七进九"), sq_move("c0-a2"));
    assert_int_equal(rd(&p, "相七退九"), sq_move("c4-a2"));
}

static void tandem_pawns(void **state)
{
    (void)state;
    xq_pos p;
    /* 5 red pawns on file 四 (f5..f9). */
    pos(&p, "3k1P3/5P3/5P3/5P3/5P3/9/9/9/9/4K4 w - - 0 1");
    const char *f9[] = {"一兵平五", "++.5", "前兵平五", "Pa.5", "++P.5"};
    for (size_t i = 0; i < 5; i++) assert_int_equal(rd(&p, f9[i]), sq_move("f9-e9"));
    assert_int_equal(rd(&p, "二兵平五"), sq_move("f8-e8"));
    assert_int_equal(rd(&p, "P+.5"), sq_move("f8-e8"));
    assert_int_equal(rd(&p, "三兵平五"), sq_move("f7-e7"));
    assert_int_equal(rd(&p, "中兵平五"), sq_move("f7-e7"));
    assert_int_equal(rd(&p, "P4.5"), sq_move("f7-e7"));
    assert_int_equal(rd(&p, "P-.5"), sq_move("f6-e6"));
    assert_int_equal(rd(&p, "四兵平五"), sq_move("f6-e6"));
    assert_int_equal(rd(&p, "--.5"), sq_move("f5-e5"));
    assert_int_equal(rd(&p, "--P.5"), sq_move("f5-e5"));
    assert_int_equal(rd(&p, "五兵平五"), sq_move("f5-e5"));
    assert_int_equal(rd(&p, "后兵平五"), sq_move("f5-e5"));
    rd_err(&p, "六兵平五", "a position");

    /* 3 red pawns on 七 (c7 c6 c5), 2 on 三 (g6 g5). */
    pos(&p, "4k4/9/2P6/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1");
    assert_int_equal(rd(&p, "前七进一"), sq_move("c7-c8"));
    assert_int_equal(rd(&p, "前兵七进一"), sq_move("c7-c8"));
    assert_int_equal(rd(&p, "7+.8"), sq_move("c7-b7"));
    assert_int_equal(rd(&p, "77.8"), sq_move("c6-b6"));
    assert_int_equal(rd(&p, "中七平八"), sq_move("c6-b6"));
    assert_int_equal(rd(&p, "7-.8"), sq_move("c5-b5"));
    assert_int_equal(rd(&p, "后七平八"), sq_move("c5-b5"));
    assert_int_equal(rd(&p, "3++1"), sq_move("g6-g7"));
    assert_int_equal(rd(&p, "后三平四"), sq_move("g5-f5"));
    /* 一..五 without a file count over the stacked files, red's right first (xqbase). */
    assert_int_equal(rd(&p, "一兵进一"), sq_move("g6-g7"));
    assert_int_equal(rd(&p, "三兵平八"), sq_move("c7-b7"));
    /* 前兵 fits the front pawn of both files, and both can advance. */
    rd_err(&p, "前兵进一", "ambiguous");
    /* ... but only one of them can go to file 二. */
    assert_int_equal(rd(&p, "前兵平二"), sq_move("g6-h6"));
    /* The middle pawn is blocked by the front one: concrete but illegal. */
    xq_move m = rd(&p, "中七进一");
    assert_int_equal(m, sq_move("c6-c7"));
    char why[160];
    assert_non_null(xq_illegal_reason(&p, m, why, sizeof why));
}

static void errors_a_judge_reads(void **state)
{
    (void)state;
    xq_pos p;
    xq_pos_start(&p);
    rd_err(&p, "炮二平X", "cannot read '炮二平X' as a move");
    rd_err(&p, "炮三平五", "there is no red cannon on file 三");
    rd_err(&p, "仕四平五", "an advisor cannot move sideways (平)");
    rd_err(&p, "A4.5", "an advisor cannot move sideways (.)");
    rd_err(&p, "马二进五", "cannot reach file 五");
    rd_err(&p, "相三进四", "cannot reach file 四");
    rd_err(&p, "炮二平二", "already on file 二");
    rd_err(&p, "车一退一", "off the board");
    rd_err(&p, "炮二平〇", "cannot read");
    rd_err(&p, "炮二平0", "not 0");
    rd_err(&p, "", "empty");
    rd_err(&p, "炮二平五炮二平五炮二平五炮二平五炮二平五炮二平五炮二平五", "too long");
    rd_err(&p, "\xff\xfe", "not UTF-8");
    rd_err(&p, "Z2.5", "cannot read");
    rd_err(&p, "C2.", "cannot read");
    rd_err(&p, "h2-h2", "same square");
    rd_err(&p, "j2-e2", "none of the Xiangqi notations");
    rd_err(&p, "前炮平五", "no file holds two red cannons");
    /* A pawn going back is concrete; the rules, not the notation, forbid it. */
    xq_move m = rd(&p, "兵七退一");
    assert_int_equal(m, sq_move("c3-c2"));
    char why[160];
    assert_non_null(xq_illegal_reason(&p, m, why, sizeof why));
    /* 马8进7 with the horse's leg blocked: the geometric move, illegal. */
    pos(&p, "rnbakabnr/7c1/9/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
    m = rd(&p, "马8进7");
    assert_int_equal(m, sq_move("h9-g7"));
    assert_non_null(xq_illegal_reason(&p, m, why, sizeof why));
    /* Two chariots on file 八 (b0, b3), written without 前/后. */
    pos(&p, "4k4/9/9/9/9/9/1R7/9/9/1R1K5 w - - 0 1");
    rd_err(&p, "车八进一", "车八进一 is ambiguous: the chariots on b0 and b3 both fit");
    rd_err(&p, "R8+1", "ambiguous");
    assert_int_equal(rd(&p, "车八进三"), sq_move("b3-b6"));   /* b0 would hit its own chariot */
    assert_int_equal(rd(&p, "前车进一"), sq_move("b3-b4"));
    /* Several fit and none is legal: each reason is given. */
    pos(&p, "4k4/9/9/9/9/1C7/1R7/9/1N7/1R1K5 w - - 0 1");
    rd_err(&p, "车八进一", "fits no legal move");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(glyph_variants_read_alike),
        cmocka_unit_test(detection_and_names),
        cmocka_unit_test(short_form),
        cmocka_unit_test(tandem_pieces),
        cmocka_unit_test(tandem_pawns),
        cmocka_unit_test(errors_a_judge_reads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
