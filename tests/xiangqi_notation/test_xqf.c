/* test_xqf.c -- the XQF reader on the corpus samples, and on truncated,
 * mutated and random data (run under ASan: never a read outside the data).
 *
 * Ground truth: sample.xqf and sample.pgn are the same record (xqbase's XQF2PGN
 * sample pair): tags, start FEN, every move and every comment must agree.
 * xqfexama.xqf is the game XQStudio's published XQF 1.0 description uses as
 * its example; its first 16 moves are listed there. xqfexamb.xqf is the
 * ending 七星聚会, "seven pieces a side" as its own comment says. The XQF 1.0
 * example bytes of that description read as xqfexama's first moves. Every
 * main line must replay legally. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq_notation.h"
#include "xq_xqf.h"
#include "xqn_test_util.h"

static unsigned char *load(const char *name, size_t *n)
{
    char path[512];
    snprintf(path, sizeof path, XQN_CORPUS "%s", name);
    unsigned char *d = xqn_read_file(path, n);
    assert_non_null(d);
    return d;
}

/* Read an XQF file that must read without errors. */
static void read_ok(const char *name, bo_record_list *l)
{
    size_t n;
    unsigned char *d = load(name, &n);
    char err[256];
    memset(l, 0, sizeof *l);
    if (xq_xqf_read(d, n, l, err, sizeof err) != 0) fail_msg("%s: %s", name, err);
    assert_int_equal(l->n, 1);
    assert_int_equal(l->items[0].errors, 0);
    free(d);
}

/* Replay a record's moves; all must be legal. Fills the final position. */
static void replay(const bo_record *r, xq_pos *p, const char *name)
{
    char err[256];
    if (r->fen) assert_int_equal(xq_pos_from_fen(p, r->fen, err, sizeof err), 0);
    else xq_pos_start(p);
    int prev_col = 1024;
    for (int i = 0; i < r->nmoves; i++) {
        xq_move m;
        xq_notation d;
        assert_int_equal(xq_parse_move(p, r->moves[i].text, strlen(r->moves[i].text), XQ_NOTE_AUTO, &m, &d, err, sizeof err), 0);
        assert_int_equal(d, XQ_NOTE_ICCS);
        const char *why = xq_illegal_reason(p, m, err, sizeof err);
        if (why) fail_msg("%s move %d %s: %s", name, i + 1, r->moves[i].text, why);
        assert_int_equal(r->moves[i].line, 0);
        assert_true(r->moves[i].col > prev_col);   /* byte offset + 1, increasing */
        prev_col = r->moves[i].col;
        xq_undo u;
        xq_make(p, m, &u);
    }
}

static void sample_matches_its_pgn(void **state)
{
    (void)state;
    bo_record_list l;
    read_ok("sample.xqf", &l);
    const bo_record *r = &l.items[0];
    char *txt = xqn_read_text(XQN_CORPUS "sample.pgn");
    assert_non_null(txt);
    char *copy = strdup(txt);
    xqn_game g[2];
    assert_int_equal(xqn_split_games(copy, g, 2), 1);
    assert_string_equal(bo_record_tag(r, "Event"), g[0].event);
    assert_string_equal(bo_record_tag(r, "Red"), g[0].red);
    assert_string_equal(bo_record_tag(r, "Black"), g[0].black);
    assert_string_equal(bo_record_tag(r, "Date"), g[0].date);
    assert_string_equal(bo_record_tag(r, "Site"), g[0].site);
    assert_string_equal(r->result, g[0].result);
    assert_string_equal(bo_record_tag(r, "Result"), g[0].result);
    assert_non_null(r->fen);
    assert_string_equal(r->fen, g[0].fen);
    assert_string_equal(r->notation, "iccs");
    assert_int_equal(r->nmoves, g[0].ntok);
    xq_pos p;
    char err[256];
    assert_int_equal(xq_pos_from_fen(&p, r->fen, err, sizeof err), 0);
    for (int i = 0; i < r->nmoves; i++) {
        xq_move m;
        char buf[XQ_MOVE_TEXT_MAX];
        assert_int_equal(xq_parse_move(&p, r->moves[i].text, strlen(r->moves[i].text), XQ_NOTE_ICCS, &m, NULL, err, sizeof err), 0);
        assert_null(xq_illegal_reason(&p, m, err, sizeof err));
        assert_int_equal(xq_write_move(&p, m, XQ_NOTE_CHINESE, buf, sizeof buf), 0);
        if (strcmp(buf, g[0].tok[i]) != 0) fail_msg("move %d: XQF %s = %s, PGN has %s", i + 1, r->moves[i].text, buf, g[0].tok[i]);
        xq_undo u;
        xq_make(&p, m, &u);
    }
    /* Every comment of the XQF, and the opening one, is in the PGN. */
    int comments = 0;
    const char *open = bo_record_tag(r, "_Comment");
    assert_non_null(open);
    assert_non_null(strstr(txt, open));
    for (int i = 0; i < r->nmoves; i++)
        if (r->moves[i].comment) {
            if (!strstr(txt, r->moves[i].comment)) fail_msg("comment of move %d not in sample.pgn: %s", i + 1, r->moves[i].comment);
            comments++;
        }
    assert_true(comments >= 10);
    free(copy);
    free(txt);
    bo_record_list_free(&l);
}

static void exama_is_the_xqf_format_example(void **state)
{
    (void)state;
    bo_record_list l;
    read_ok("xqfexama.xqf", &l);
    const bo_record *r = &l.items[0];
    /* The example game of XQStudio's XQF 1.0 description (2001): header fields
     * and the 8 moves each side it lists, read from this encrypted (version 18) copy. */
    assert_int_equal(xq_xqf_sniff((const unsigned char *)"XQ\x12", 3), true);
    assert_string_equal(bo_record_tag(r, "Title"), "仙人指路对起马局");
    assert_string_equal(bo_record_tag(r, "Red"), "柳大华");
    assert_string_equal(bo_record_tag(r, "Black"), "吕  钦");
    assert_string_equal(bo_record_tag(r, "Site"), "北京");
    assert_string_equal(bo_record_tag(r, "Date"), "1997年11月16日");
    assert_string_equal(bo_record_tag(r, "Author"), "过河象");
    assert_string_equal(r->result, "0-1");
    assert_null(r->fen);
    static const char *const listed[16] = {
        "兵七进一", "马８进７", "兵三进一", "炮２平３", "相七进五", "马２进１", "马八进七", "车１平２",
        "车九平八", "车２进４", "炮八平九", "车２平８", "炮二进五", "炮３平８", "马二进三", "车９平８",
    };
    assert_true(r->nmoves > 16);
    xq_pos p;
    xq_pos_start(&p);
    for (int i = 0; i < 16; i++) {
        xq_move m;
        char err[256];
        assert_int_equal(xq_parse_move(&p, listed[i], strlen(listed[i]), XQ_NOTE_AUTO, &m, NULL, err, sizeof err), 0);
        char a[3], b[3], iccs[8];
        xq_square_name(XQ_FROM(m), a);
        xq_square_name(XQ_TO(m), b);
        snprintf(iccs, sizeof iccs, "%s-%s", a, b);
        assert_string_equal(r->moves[i].text, iccs);
        xq_undo u;
        xq_make(&p, m, &u);
    }
    replay(r, &p, "xqfexama.xqf");
    bo_record_list_free(&l);
}

static void examb_is_seven_stars(void **state)
{
    (void)state;
    bo_record_list l;
    read_ok("xqfexamb.xqf", &l);
    const bo_record *r = &l.items[0];
    assert_string_equal(bo_record_tag(r, "Title"), "七星聚会");
    assert_string_equal(r->result, "1/2-1/2");
    assert_non_null(r->fen);
    xq_pos p;
    char err[256];
    assert_int_equal(xq_pos_from_fen(&p, r->fen, err, sizeof err), 0);
    int count[2] = {0, 0};
    for (int sq = 0; sq < XQ_SQUARES; sq++)
        if (p.sq[sq]) count[XQ_SIDE(p.sq[sq])]++;
    assert_int_equal(count[XQ_RED], 7);   /* "双方各有七只棋子" */
    assert_int_equal(count[XQ_BLACK], 7);
    assert_non_null(strstr(bo_record_tag(r, "_Comment"), "七只棋子"));
    /* The file has variations, read into the record's tree (19 lines). The
     * comment on black's 6th move, 卒６进１ (f2-f1), says "如黑方改走车5平3 ...
     * 详细走法可查看变着" (if black plays 车5平3 instead, see the variation):
     * the variation hanging on that move starts with 车5平3, e9-c9. */
    assert_int_equal(r->nnotes, 0);
    assert_int_equal(bo_record_count_variations(r), 19);
    assert_string_equal(r->moves[11].text, "f2-f1");
    assert_non_null(strstr(r->moves[11].comment, "车5平3"));
    assert_int_equal(r->moves[11].nvars, 1);
    assert_string_equal(r->moves[11].vars[0]->moves[0].text, "e9-c9");
    assert_non_null(strstr(r->moves[11].vars[0]->moves[r->moves[11].vars[0]->nmoves - 1].comment, "速和"));
    replay(r, &p, "xqfexamb.xqf");
    assert_true(r->nmoves > 50);
    bo_record_list_free(&l);
}

/* The XQF 1.0 (unencrypted, version 0x0A) example file printed byte by byte in
 * XQStudio's format description (过河象, 2001; xqbase eleeye XQFTOOLS/XQF.TXT):
 * the same game as xqfexama.xqf, which is stored encrypted (version 18). Both
 * encodings must give the same moves. Bytes not listed below are zero. */
static void xqf10_example_agrees_with_encrypted_copy(void **state)
{
    (void)state;
    static const unsigned char head[] = {
        0x58, 0x51, 0x0A, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0x50, 0x46, 0x3C, 0x32, 0x28, 0x1E, 0x14, 0x0A, 0x00, 0x48, 0x0C, 0x53, 0x3F, 0x2B, 0x17, 0x03,
        0x09, 0x13, 0x1D, 0x27, 0x31, 0x3B, 0x45, 0x4F, 0x59, 0x11, 0x4D, 0x06, 0x1A, 0x2E, 0x42, 0x56,
        0x00, 0x00, 0x00, 0x02,
    };
    static const unsigned char title[] = {   /* at 0x50: 仙人指路对起马局 */
        0x10, 0xCF, 0xC9, 0xC8, 0xCB, 0xD6, 0xB8, 0xC2, 0xB7, 0xB6, 0xD4, 0xC6, 0xF0, 0xC2, 0xED, 0xBE, 0xD6,
    };
    static const unsigned char moves[] = {   /* at 0x400, 8 bytes a record */
        0x18, 0x20, 0xF0, 0xFF, 0x2F, 0x38, 0xF0, 0x00, 0x67, 0x63, 0xF0, 0x00, 0x57, 0x60, 0xF0, 0x00,
        0x29, 0x3B, 0xF0, 0x00, 0x2C, 0x4A, 0xF0, 0x00, 0x2B, 0x27, 0xF0, 0x00, 0x22, 0x36, 0xF0, 0x00,
        0x21, 0x33, 0xF0, 0x00, 0x18, 0x2A, 0xF0, 0x00, 0x2B, 0x2F, 0xF0, 0x00, 0x24, 0x22, 0xF0, 0x00,
        0x27, 0x6B, 0xF0, 0x00, 0x60, 0x6D, 0xF0, 0x00, 0x33, 0x6D, 0xF0, 0x00, 0x5E, 0x5E, 0xF0, 0x00,
        0x71, 0x6F, 0x00, 0x00,
    };
    size_t n = 0x488;
    unsigned char *d = calloc(1, n);
    assert_non_null(d);
    memcpy(d, head, sizeof head);
    memcpy(d + 0x50, title, sizeof title);
    for (size_t i = 0; i < sizeof moves / 4; i++) memcpy(d + 0x400 + 8 * i, moves + 4 * i, 4);
    bo_record_list l = {0};
    char err[256];
    assert_int_equal(xq_xqf_read(d, n, &l, err, sizeof err), 0);
    const bo_record *r = &l.items[0];
    assert_int_equal(r->errors, 0);
    assert_null(r->fen);
    assert_string_equal(r->result, "0-1");
    assert_string_equal(bo_record_tag(r, "Title"), "仙人指路对起马局");
    assert_int_equal(r->nmoves, 16);
    bo_record_list enc;
    read_ok("xqfexama.xqf", &enc);
    for (int i = 0; i < 16; i++) assert_string_equal(r->moves[i].text, enc.items[0].moves[i].text);
    assert_int_equal(r->moves[0].col, 0x408 + 1);
    xq_pos p;
    replay(r, &p, "XQF 1.0 example");
    bo_record_list_free(&enc);
    bo_record_list_free(&l);
    free(d);
}

/* Every prefix of each sample, in a buffer of exactly that size. */
static void truncated_files(void **state)
{
    (void)state;
    const char *names[] = {"sample.xqf", "xqfexama.xqf", "xqfexamb.xqf"};
    for (int f = 0; f < 3; f++) {
        size_t n;
        unsigned char *d = load(names[f], &n);
        bo_record_list full = {0};
        char err[256];
        assert_int_equal(xq_xqf_read(d, n, &full, err, sizeof err), 0);
        const bo_record *fr = &full.items[0];
        for (size_t len = 0; len < n; len++) {
            unsigned char *cut = malloc(len ? len : 1);
            memcpy(cut, d, len);
            bo_record_list l = {0};
            err[0] = 0;
            int rc = xq_xqf_read(cut, len, &l, err, sizeof err);
            if (len < 1024) {
                assert_int_equal(rc, -1);
                assert_int_equal(l.n, 0);
                assert_true(strstr(err, len < 2 ? "not an XQF" : "cut short") != NULL);
            } else {
                assert_int_equal(rc, 0);
                const bo_record *r = &l.items[0];
                assert_true(r->nmoves <= fr->nmoves);
                for (int i = 0; i < r->nmoves; i++) assert_string_equal(r->moves[i].text, fr->moves[i].text);
                if (r->nmoves < fr->nmoves) {
                    assert_int_equal(r->errors, 1);
                    int e = 0;
                    while (e < r->nnotes && r->notes[e].kind != BO_NOTE_ERROR) e++;
                    assert_true(e < r->nnotes);
                    assert_true(strstr(r->notes[e].text, "byte") != NULL);
                    assert_true(r->notes[e].col >= 1 && (size_t)r->notes[e].col <= len + 1);
                }
            }
            bo_record_list_free(&l);
            free(cut);
        }
        bo_record_list_free(&full);
        free(d);
    }
}

/* Deterministic pseudo-random bytes (xorshift), seeded per run for repeatability. */
static uint32_t next_rand(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

/* Random garbage behind an "XQ" magic, and mutated samples: no crash, and
 * whatever reads is well-formed (moves are ICCS squares). */
static void garbage_and_mutations(void **state)
{
    (void)state;
    uint32_t seed = 12345;
    unsigned char *samples[3];
    size_t sizes[3];
    const char *names[] = {"sample.xqf", "xqfexama.xqf", "xqfexamb.xqf"};
    for (int i = 0; i < 3; i++) samples[i] = load(names[i], &sizes[i]);
    int read_ok_count = 0;
    for (int round = 0; round < 1500; round++) {
        size_t len;
        unsigned char *buf;
        if (round % 2 == 0) {
            len = next_rand(&seed) % 3000;
            buf = malloc(len ? len : 1);
            for (size_t i = 0; i < len; i++) buf[i] = (unsigned char)next_rand(&seed);
            if (len >= 2) { buf[0] = 'X'; buf[1] = 'Q'; }
            if (len >= 3) buf[2] = (unsigned char)(next_rand(&seed) % 20);
        } else {
            int s = (int)(next_rand(&seed) % 3);
            len = sizes[s];
            buf = malloc(len);
            memcpy(buf, samples[s], len);
            int flips = 1 + (int)(next_rand(&seed) % 8);
            for (int k = 0; k < flips; k++) buf[next_rand(&seed) % len] = (unsigned char)next_rand(&seed);
        }
        bo_record_list l = {0};
        char err[256];
        if (xq_xqf_read(buf, len, &l, err, sizeof err) == 0) {
            read_ok_count++;
            const bo_record *r = &l.items[0];
            for (int i = 0; i < r->nmoves; i++) {
                const char *t = r->moves[i].text;
                assert_int_equal(strlen(t), 5);
                assert_true(xq_square_parse(t) >= 0);
                assert_true(xq_square_parse(t + 3) >= 0);
            }
            if (r->fen) {
                xq_pos p;
                (void)xq_pos_from_fen(&p, r->fen, err, sizeof err);   /* may be rejected; must not crash */
            }
        } else {
            assert_true(err[0] != 0);
        }
        bo_record_list_free(&l);
        free(buf);
    }
    assert_true(read_ok_count > 0);
    for (int i = 0; i < 3; i++) free(samples[i]);
}

static void not_xqf(void **state)
{
    (void)state;
    bo_record_list l = {0};
    char err[256];
    const unsigned char pgn[] = "[Event \"x\"]\n1. h2e2\n";
    assert_false(xq_xqf_sniff(pgn, sizeof pgn - 1));
    assert_int_equal(xq_xqf_read(pgn, sizeof pgn - 1, &l, err, sizeof err), -1);
    assert_non_null(strstr(err, "not an XQF file"));
    assert_int_equal(l.n, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sample_matches_its_pgn),
        cmocka_unit_test(exama_is_the_xqf_format_example),
        cmocka_unit_test(examb_is_seven_stars),
        cmocka_unit_test(xqf10_example_agrees_with_encrypted_copy),
        cmocka_unit_test(truncated_files),
        cmocka_unit_test(garbage_and_mutations),
        cmocka_unit_test(not_xqf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
