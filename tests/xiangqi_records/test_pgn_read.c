/* test_pgn_read.c -- the Xiangqi PGN reader: tags, moves with their source
 * positions, comments, variations, results, glued moves, junk after the
 * result, and the corpus files read as they are. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "xqr_test_util.h"

static void tags_moves_and_positions(void **state)
{
    (void)state;
    const char *s = "[Event \"a \\\"quoted\\\" event\"]\n"
                    "[Red \"许银川\"]\n"
                    "\n"
                    "1. 炮二平五 马８进７ 2. 马二进三\n"
                    "   车９平８ 1-0\n";
    bo_record_list l;
    assert_int_equal(xqr_read_string(s, &l), 0);
    assert_int_equal(l.n, 1);
    bo_record *r = &l.items[0];
    assert_int_equal(r->ntags, 2);
    assert_string_equal(bo_record_tag(r, "Event"), "a \"quoted\" event");
    assert_string_equal(bo_record_tag(r, "Red"), "许银川");
    assert_int_equal(r->nmoves, 4);
    assert_string_equal(r->moves[0].text, "炮二平五");
    assert_int_equal(r->moves[0].line, 4);
    assert_int_equal(r->moves[0].col, 4);
    assert_int_equal(r->moves[0].number, 1);
    /* columns count characters, not bytes */
    assert_string_equal(r->moves[1].text, "马８进７");
    assert_int_equal(r->moves[1].col, 9);
    assert_int_equal(r->moves[2].col, 17);
    assert_int_equal(r->moves[3].line, 5);
    assert_int_equal(r->moves[3].col, 4);
    assert_string_equal(r->result, "1-0");
    assert_int_equal(r->result_line, 5);
    assert_int_equal(r->result_col, 9);
    assert_int_equal(r->errors, 0);
    bo_record_list_free(&l);
}

static void glued_moves_are_cut(void **state)
{
    (void)state;
    bo_record_list l;
    assert_int_equal(xqr_read_string("1.炮二平五马８进７ 2.马二进三车９平８ *\n", &l), 0);
    assert_int_equal(l.n, 1);
    bo_record *r = &l.items[0];
    assert_int_equal(r->nmoves, 4);
    assert_string_equal(r->moves[0].text, "炮二平五");
    assert_string_equal(r->moves[1].text, "马８进７");
    assert_int_equal(r->moves[1].col, 7);
    assert_string_equal(r->moves[3].text, "车９平８");
    assert_string_equal(r->result, "*");
    bo_record_list_free(&l);
}

static void comments_and_line_comments(void **state)
{
    (void)state;
    const char *s = "[Red \"x\"]\n{before the first\nmove}\n1. h2e2 {two\n lines} h9g7 ; to the end\n2. h0g2 *\n";
    bo_record_list l;
    assert_int_equal(xqr_read_string(s, &l), 0);
    bo_record *r = &l.items[0];
    assert_string_equal(bo_record_tag(r, "_Comment"), "before the first\nmove");
    assert_int_equal(r->nmoves, 3);
    assert_string_equal(r->moves[0].comment, "two\n lines");
    assert_string_equal(r->moves[1].comment, "to the end");
    assert_null(r->moves[2].comment);
    bo_record_list_free(&l);
}

static void variations_are_skipped_and_checked(void **state)
{
    (void)state;
    bo_record_list l;
    assert_int_equal(xqr_read_string("1. h2e2 (1. b2e2 {x)} (1. h0g2)) h9g7 *\n", &l), 0);
    assert_int_equal(l.items[0].nmoves, 2);
    assert_int_equal(l.items[0].errors, 0);
    bo_record_list_free(&l);

    assert_int_equal(xqr_read_string("[Red \"a\"]\n1. h2e2 (1. b2e2 h9g7\n\n[Red \"b\"]\n1. b2e2 *\n", &l), 0);
    assert_int_equal(l.n, 2);   /* the unclosed variation does not swallow game 2 */
    assert_int_equal(l.items[0].errors, 1);
    assert_int_equal(l.items[0].notes[0].line, 2);
    assert_int_equal(l.items[0].notes[0].col, 9);
    assert_int_equal(l.items[1].nmoves, 1);
    assert_int_equal(l.items[1].errors, 0);
    bo_record_list_free(&l);

    /* a stray ')' is a defect of the wrapping: a warning, the moves are kept */
    assert_int_equal(xqr_read_string("1. h2e2 ) h9g7 *\n", &l), 0);
    assert_int_equal(l.items[0].errors, 0);
    assert_int_equal(l.items[0].nmoves, 2);
    assert_int_equal(l.items[0].notes[0].kind, BO_NOTE_WARNING);
    assert_int_equal(l.items[0].notes[0].col, 9);
    bo_record_list_free(&l);
}

static void unclosed_comment_recovers_at_next_game(void **state)
{
    (void)state;
    bo_record_list l;
    assert_int_equal(xqr_read_string("[Red \"a\"]\n1. h2e2 {open\n\n[Red \"b\"]\n1. b2e2 *\n", &l), 0);
    assert_int_equal(l.n, 2);
    assert_int_equal(l.items[0].errors, 1);
    assert_string_equal(bo_record_tag(&l.items[1], "Red"), "b");
    bo_record_list_free(&l);
}

static void result_tag_and_token(void **state)
{
    (void)state;
    bo_record_list l;
    assert_int_equal(xqr_read_string("[Result \"0-1\"]\n1. h2e2 h9g7\n", &l), 0);
    assert_string_equal(l.items[0].result, "0-1");
    assert_int_equal(l.items[0].result_line, 1);
    bo_record_list_free(&l);
    /* they disagree: the move text is taken, with a warning */
    assert_int_equal(xqr_read_string("[Result \"0-1\"]\n1. h2e2 h9g7 1-0\n", &l), 0);
    assert_string_equal(l.items[0].result, "1-0");
    assert_int_equal(l.items[0].nnotes, 1);
    assert_int_equal(l.items[0].notes[0].kind, BO_NOTE_WARNING);
    bo_record_list_free(&l);
    /* no result anywhere */
    assert_int_equal(xqr_read_string("[Red \"a\"]\n1. h2e2 h9g7\n", &l), 0);
    assert_null(l.items[0].result);
    bo_record_list_free(&l);
}

static void several_games_with_and_without_tags(void **state)
{
    (void)state;
    bo_record_list l;
    const char *s = "[Red \"a\"]\n1. h2e2 *\n[Red \"b\"]\n\n1. b2e2 h7e7\n[Red \"c\"]\n1. h0g2\n";
    assert_int_equal(xqr_read_string(s, &l), 0);
    assert_int_equal(l.n, 3);
    assert_int_equal(l.items[1].nmoves, 2);
    assert_int_equal(l.items[2].index, 3);
    assert_int_equal(l.items[2].line, 6);
    bo_record_list_free(&l);
}

static void junk_after_result(void **state)
{
    (void)state;
    bo_record_list l;
    /* advertisement lines, as in ccgc2006/: no game, a warning */
    const char *ads = "[Red \"a\"]\n1. h2e2 h9g7 0-1\n============\n欢迎访问《象棋百科全书》网站\nhttps://www.xqbase.com/\n";
    assert_int_equal(xqr_read_string(ads, &l), 0);
    assert_int_equal(l.n, 1);
    assert_int_equal(l.items[0].nnotes, 1);
    assert_int_equal(l.items[0].notes[0].kind, BO_NOTE_WARNING);
    assert_int_equal(l.items[0].notes[0].line, 3);
    bo_record_list_free(&l);
    /* text that looks like a game is one: reported, not dropped */
    const char *more = "[Red \"a\"]\n1. h2e2 h9g7 0-1\nsee also 1. b2e2 zz\n";
    assert_int_equal(xqr_read_string(more, &l), 0);
    assert_int_equal(l.n, 2);
    assert_int_equal(l.items[1].nmoves, 4);
    assert_string_equal(l.items[1].moves[0].text, "see");
    bo_record_list_free(&l);
}

/* Records read with options (strict or not) from a string. */
static int read_opts(const char *s, bool strict, bo_record_list *out)
{
    bo_text t;
    char err[256];
    if (bo_text_from_bytes(&t, "test.pgn", (const unsigned char *)s, strlen(s), err, sizeof err) != 0) return -1;
    memset(out, 0, sizeof *out);
    xq_read_opts o = {.strict = strict};
    int rc = xq_records_each_opts(&t, &o, xqr_keep, out, NULL, err, sizeof err);
    bo_text_free(&t);
    return rc;
}

/* Quotes left unescaped in a tag value (the Event tags of a Big5 collection):
 * the value runs to the last '"' before the ']' ending the line, a located
 * warning; under --strict an error. The moves are kept either way. */
static void unescaped_quotes_in_a_tag(void **state)
{
    (void)state;
    const char *s = "[Event \"首屆\"味極王杯\"象棋精英賽\"]\n[Red \"x\"]\n1. 炮二平五 马８进７ 2. 马二进三 *\n";
    bo_record_list l;
    assert_int_equal(read_opts(s, false, &l), 0);
    assert_int_equal(l.n, 1);
    assert_string_equal(bo_record_tag(&l.items[0], "Event"), "首屆\"味極王杯\"象棋精英賽");
    assert_string_equal(bo_record_tag(&l.items[0], "Red"), "x");
    assert_int_equal(l.items[0].nmoves, 3);
    assert_int_equal(l.items[0].errors, 0);
    assert_int_equal(l.items[0].nnotes, 1);
    assert_int_equal(l.items[0].notes[0].kind, BO_NOTE_WARNING);
    assert_int_equal(l.items[0].notes[0].line, 1);
    assert_int_equal(l.items[0].notes[0].col, 11);   /* the first stray quote */
    assert_non_null(strstr(l.items[0].notes[0].text, "unescaped"));
    bo_record_list_free(&l);
    assert_int_equal(read_opts(s, true, &l), 0);
    assert_int_equal(l.n, 1);
    assert_int_equal(l.items[0].errors, 1);
    assert_non_null(strstr(l.items[0].notes[0].text, "refused under --strict"));
    assert_int_equal(l.items[0].nmoves, 3);
    bo_record_list_free(&l);
    /* escaped quotes are no defect */
    assert_int_equal(read_opts("[Event \"a \\\"b\\\" c\"]\n1. 炮二平五 马８进７ *\n", true, &l), 0);
    assert_string_equal(bo_record_tag(&l.items[0], "Event"), "a \"b\" c");
    assert_int_equal(l.items[0].nnotes, 0);
    bo_record_list_free(&l);
}

static void bad_tags_are_noted(void **state)
{
    (void)state;
    bo_record_list l;
    assert_int_equal(xqr_read_string("[Red \"open\n1. h2e2 *\n", &l), 0);
    assert_int_equal(l.items[0].errors, 1);
    assert_int_equal(l.items[0].nmoves, 1);
    bo_record_list_free(&l);
    assert_int_equal(xqr_read_string("[Red unquoted]\n[FEN \"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1\"]\n[Format \"WXF\"]\n*\n", &l), 0);
    assert_int_equal(l.items[0].errors, 0);
    assert_string_equal(bo_record_tag(&l.items[0], "Red"), "unquoted");
    assert_string_equal(l.items[0].fen, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    assert_string_equal(l.items[0].notation, "wxf");
    bo_record_list_free(&l);
}

static void ccgc_file_reads_as_one_game(void **state)
{
    (void)state;
    bo_record_list l;
    assert_int_equal(xqr_read_file(XQR_CORPUS "ccgc2006/game-01.pgn", &l), 0);
    assert_int_equal(l.n, 1);
    bo_record *r = &l.items[0];
    assert_int_equal(r->nmoves, 26);
    assert_string_equal(r->moves[0].text, "炮八平五");
    assert_int_equal(r->moves[0].line, 14);
    assert_int_equal(r->moves[0].col, 6);
    assert_string_equal(r->moves[1].text, "马２进３");
    assert_string_equal(r->result, "0-1");
    assert_string_equal(bo_record_tag(r, "Red"), "宝岛一号");
    bo_record_list_free(&l);
}

static void corpus_game_counts(void **state)
{
    (void)state;
    /* counted from the files' own [Event] tags (hu-ronghua's 1391: e2e/xiangqi_corpus.sh) */
    static const struct { const char *file; int games; } files[] = {
        {"bulk_games_uci.pgn", 15}, {"xqdb_traditional.pgn", 15},
        {"xqdb_international.pgn", 15}, {"sample.pgn", 1},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, XQR_CORPUS "%s", files[i].file);
        bo_record_list l;
        assert_int_equal(xqr_read_file(path, &l), 0);
        assert_int_equal(l.n, files[i].games);
        for (int g = 0; g < l.n; g++) assert_int_equal(l.items[g].errors, 0);
        bo_record_list_free(&l);
    }
}

/* Games handed over one by one, as the validator reads them. */
typedef struct seen {
    int n, nmoves, notes, last_index;
} seen;

static int count_game(void *ctx, bo_record *r)
{
    seen *s = ctx;
    s->n++;
    s->nmoves += r->nmoves;
    s->notes += r->nnotes;
    s->last_index = r->index;
    return 0;
}

static void streaming_matches_whole(void **state)
{
    (void)state;
    const char *s = "[Red \"a\"]\n1. h2e2 h9g7 0-1\n=====\n\n[Red \"b\"]\n1. b2e2 *\n1. h0g2 *\n";
    bo_text t;
    char err[128];
    assert_int_equal(bo_text_from_bytes(&t, "t.pgn", (const unsigned char *)s, strlen(s), err, sizeof err), 0);
    bo_record_list l = {0};
    assert_int_equal(xq_pgn_read(&t, &l, err, sizeof err), 0);
    seen got = {0};
    int games = 0;
    assert_int_equal(xq_pgn_read_each(&t, count_game, &got, &games, err, sizeof err), 0);
    assert_int_equal(games, 3);
    assert_int_equal(got.n, l.n);
    assert_int_equal(got.last_index, 3);
    int moves = 0, notes = 0;
    for (int i = 0; i < l.n; i++) { moves += l.items[i].nmoves; notes += l.items[i].nnotes; }
    assert_int_equal(got.nmoves, moves);
    assert_int_equal(got.notes, notes);   /* the junk warning reached game 1 before it was handed over */
    assert_int_equal(l.items[0].nnotes, 1);
    bo_record_list_free(&l);
    bo_text_free(&t);
}

static void sniffing(void **state)
{
    (void)state;
    assert_int_equal(xq_pgn_sniff("[Game \"Chinese Chess\"]\n", 23), 100);
    const char *iccs = "[Red \"a\"]\n1. h2e2 h9g7 2. h0g2 i9h9 *\n";
    assert_true(xq_pgn_sniff(iccs, strlen(iccs)) >= 80);
    const char *pdn = "[GameType \"20\"]\n1. 32-28 19-23 *\n";
    assert_int_equal(xq_pgn_sniff(pdn, strlen(pdn)), 0);
    const char *russian = "[White \"a\"]\n[Black \"b\"]\n1. c3-d4 f6-g5 2. b2-c3 g5-h4 3. d4-c5 b6xd4 *\n";
    assert_true(xq_pgn_sniff(russian, strlen(russian)) < 20);
    const char *prose = "this is not a game record at all\n";
    assert_int_equal(xq_pgn_sniff(prose, strlen(prose)), 0);
    const char *gomoku = "{[C5][a B][b W][先手胜][2019.07.20 place][event];B(H,8);W(I,9);B(H,9)}";
    assert_int_equal(xq_contest_sniff(gomoku, strlen(gomoku)), 0);
    assert_true(xq_pgn_movelike("炮二平五", strlen("炮二平五")));
    assert_true(xq_pgn_movelike("Ｃ２＝５", strlen("Ｃ２＝５")));
    assert_true(xq_pgn_movelike("h2-e2", 5));
    assert_false(xq_pgn_movelike("============", 12));
    assert_false(xq_pgn_movelike("32-28", 5));
    assert_false(xq_pgn_movelike("欢迎访问《象棋百科全书》网站", strlen("欢迎访问《象棋百科全书》网站")));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tags_moves_and_positions),
        cmocka_unit_test(glued_moves_are_cut),
        cmocka_unit_test(comments_and_line_comments),
        cmocka_unit_test(variations_are_skipped_and_checked),
        cmocka_unit_test(unclosed_comment_recovers_at_next_game),
        cmocka_unit_test(result_tag_and_token),
        cmocka_unit_test(several_games_with_and_without_tags),
        cmocka_unit_test(junk_after_result),
        cmocka_unit_test(bad_tags_are_noted),
        cmocka_unit_test(unescaped_quotes_in_a_tag),
        cmocka_unit_test(ccgc_file_reads_as_one_game),
        cmocka_unit_test(corpus_game_counts),
        cmocka_unit_test(streaming_matches_whole),
        cmocka_unit_test(sniffing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
