/* test_pdn_read.c -- the PDN reader against the standard's reading grammar
 * (wiegerw/pdn doc/grammar.rst): every construct it lists, and located errors. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dr_pdn.h"
#include "text.h"

/* Read S (through bo_text, so CRLF and BOMs are handled as for files), strictly or not. */
static void read_str_with(const char *s, bool strict, dr_pdn_games *gs)
{
    bo_text t;
    char err[256];
    dr_pdn_options o = {strict};
    assert_int_equal(bo_text_from_bytes(&t, "t.pdn", (const unsigned char *)s, strlen(s), err, sizeof err), 0);
    assert_int_equal(dr_pdn_read_all_with(t.data, t.len, &o, gs, err, sizeof err), 0);
    bo_text_free(&t);
}

static void read_str(const char *s, dr_pdn_games *gs) { read_str_with(s, false, gs); }

/* The main line's move texts joined by blanks. */
static void moves_of(const dr_pdn_game *g, char *buf, size_t n)
{
    buf[0] = '\0';
    size_t off = 0;
    for (int i = 0; i < g->rec.nmoves && off < n; i++)
        off += (size_t)snprintf(buf + off, n - off, "%s%s", i ? " " : "", g->rec.moves[i].text);
}

static void assert_ok_moves(const char *src, const char *want)
{
    dr_pdn_games gs;
    read_str(src, &gs);
    assert_int_equal(gs.n, 1);
    assert_int_equal(gs.items[0].rec.errors, 0);
    char got[1024];
    moves_of(&gs.items[0], got, sizeof got);
    assert_string_equal(got, want);
    dr_pdn_games_free(&gs);
}

/* The first error of game GAME, read strictly: its position and that its text
 * contains WORDS. */
static void assert_error(const char *src, int game, int line, int col, const char *words)
{
    dr_pdn_games gs;
    read_str_with(src, true, &gs);
    assert_true(gs.n >= game);
    const bo_record *r = &gs.items[game - 1].rec;
    assert_true(r->errors > 0);
    const bo_note *e = NULL;
    for (int i = 0; i < r->nnotes && !e; i++) if (r->notes[i].kind == BO_NOTE_ERROR) e = &r->notes[i];
    assert_non_null(e);
    if (!strstr(e->text, words)) fail_msg("error '%s' lacks '%s'", e->text, words);
    assert_int_equal(e->line, line);
    assert_int_equal(e->col, col);
    dr_pdn_games_free(&gs);
}

static void moves_numbers_and_captures(void **state)
{
    (void)state;
    assert_ok_moves("1. 32-28 19-23 2. 28x19 14x23 *", "32-28 19-23 28x19 14x23");
    assert_ok_moves("1.32-28 19-23 2.28x19 *", "32-28 19-23 28x19");
    assert_ok_moves("23... 20-25 24. 32-28 *", "20-25 32-28");
    assert_ok_moves("1. 28x19x10 12:23 *", "28x19x10 12:23");
    assert_ok_moves("01. 34-29  18-22 02. 32-28  06-11 *", "34-29 18-22 32-28 06-11");
    assert_ok_moves("1. 32 - 28 3- 8 2. 28 x 19 *", "32-28 3-8 28x19");
}

static void numbers_stay_with_their_move(void **state)
{
    (void)state;
    dr_pdn_games gs;
    read_str("1. 32-28 19-23 23... 20-25 *", &gs);
    assert_int_equal(gs.items[0].rec.moves[0].number, 1);
    assert_int_equal(gs.items[0].rec.moves[1].number, 0);
    assert_int_equal(gs.items[0].rec.moves[2].number, 23);
    assert_true(gs.items[0].body.nodes[2].number_black);
    dr_pdn_games_free(&gs);
}

static void results_versus_moves(void **state)
{
    (void)state;
    /* "1-10" is a move, "1-1" a result (the standard's DRAW2 caveat). */
    dr_pdn_games gs;
    read_str("1. 1-10 1-1", &gs);
    assert_int_equal(gs.n, 1);
    assert_int_equal(gs.items[0].rec.nmoves, 1);
    assert_string_equal(gs.items[0].rec.moves[0].text, "1-10");
    assert_string_equal(gs.items[0].terminator, "1-1");
    dr_pdn_games_free(&gs);
    /* every result form of the reading grammar ends a game */
    read_str("32-28 2-0 32-28 0-2 32-28 1-1 32-28 0-0 32-28 1-0 32-28 0-1 32-28 1/2-1/2 32-28 *", &gs);
    assert_int_equal(gs.n, 8);
    const char *want[] = {"2-0", "0-2", "1-1", "0-0", "1-0", "0-1", "1/2-1/2", "*"};
    for (int i = 0; i < 8; i++) {
        assert_int_equal(gs.items[i].rec.errors, 0);
        assert_string_equal(gs.items[i].terminator, want[i]);
        assert_string_equal(gs.items[i].rec.result, want[i]);
    }
    dr_pdn_games_free(&gs);
}

static void tags_comments_variations(void **state)
{
    (void)state;
    dr_pdn_games gs;
    read_str("[Event \"E\"][White \"a \\\"b\\\"\"] [Black \"c\"]\n"
             "% a line comment\n"
             "1. 32-28 {a comment} 19-23! (19-24?! $2 (18-23 (!?) 38-32)) 2. 28x19(?) $1 14x23 *\n", &gs);
    assert_int_equal(gs.n, 1);
    const dr_pdn_game *g = &gs.items[0];
    assert_int_equal(g->rec.errors, 0);
    assert_int_equal(g->rec.ntags, 3);
    assert_string_equal(bo_record_tag(&g->rec, "White"), "a \"b\"");
    char got[256];
    moves_of(g, got, sizeof got);
    assert_string_equal(got, "32-28 19-23 28x19 14x23");
    assert_string_equal(g->rec.moves[0].comment, "a comment");
    assert_string_equal(g->body.nodes[2].strength, "!");
    /* node 3 is the variation: 19-24?! $2 (18-23 (!?) 38-32) */
    assert_int_equal(g->body.nodes[3].kind, DR_PDN_VARIATION);
    const dr_pdn_body *v = g->body.nodes[3].variation;
    assert_int_equal(v->n, 3);
    assert_string_equal(v->nodes[0].strength, "?!");
    assert_int_equal(v->nodes[1].kind, DR_PDN_NAG);
    assert_string_equal(v->nodes[1].text, "2");
    assert_int_equal(v->nodes[2].kind, DR_PDN_VARIATION);
    assert_string_equal(v->nodes[2].variation->nodes[0].strength, "(!?)");
    assert_string_equal(g->body.nodes[4].strength, "(?)");
    dr_pdn_games_free(&gs);
}

static void setup_ellipsis_alphanumeric(void **state)
{
    (void)state;
    assert_ok_moves("[FEN \"B:W28:B19\"] 1. ... 19-23 *", "... 19-23");
    assert_ok_moves("/FEN \"W:W31-50:B1-20\"/ /FEN \"B:W28,31-36,38-50:B1-20\"/ 01... 20-25 *",
                    "/FEN \"W:W31-50:B1-20\"/ /FEN \"B:W28,31-36,38-50:B1-20\"/ 20-25");
    assert_ok_moves("1.a3b4 b6-a5 2. c3xa5:c7 *", "a3b4 b6-a5 c3xa5:c7");
}

static void crlf_tabs_and_positions(void **state)
{
    (void)state;
    dr_pdn_games gs;
    read_str("[Event \"x\"]\r\n\r\n1.\t32-28\t19-23\r\n2. 28x19 *\r\n", &gs);
    assert_int_equal(gs.items[0].rec.errors, 0);
    assert_int_equal(gs.items[0].rec.moves[2].line, 4);
    assert_int_equal(gs.items[0].rec.moves[2].col, 4);
    assert_int_equal(gs.items[0].rec.moves[1].col, 10);
    dr_pdn_games_free(&gs);
}

static void several_games(void **state)
{
    (void)state;
    dr_pdn_games gs;
    read_str("[Event \"a\"]\n1. 32-28 *\n\n[Event \"b\"]\n[Result \"2-0\"]\n\n1. 33-29 2-0\n[Event \"c\"]\n*\n"
             "32-28 19-23\n", &gs);
    assert_int_equal(gs.n, 4);
    for (int i = 0; i < 4; i++) assert_int_equal(gs.items[i].rec.errors, 0);
    assert_int_equal(gs.items[1].rec.index, 2);
    assert_int_equal(gs.items[2].rec.nmoves, 0);
    assert_null(gs.items[3].terminator);       /* the file may end without one */
    dr_pdn_games_free(&gs);
}

static void errors_are_located(void **state)
{
    (void)state;
    assert_error("1. 33-29 19-23 2. 35-30 { nested { comment } } \n", 1, 1, 46, "comments do not nest");
    assert_error("[Event \"a\"]\n1. 34-29 19-23\n\n[Event \"b\"]\n1. 32-28 *", 1, 4, 1, "before the next game's tags");
    assert_error("1. 17-12 14x45 2. 12-8 6x17 3. 8-3 . 1-0\n", 1, 1, 36, "unexpected '.'");
    assert_error("1. 14-10 5x14 6.\n[Event \"x\"]", 1, 1, 15, "must be followed by a move");
    assert_error("1. - - 2. - -", 1, 1, 1, "must be followed by a move, found '-'");
    assert_error("1. 0-2", 1, 1, 1, "must be followed by a move");
    assert_error("1. 3228 1823 *", 1, 1, 4, "one or two digits");
    assert_error("1. 32-28 (19-23 *", 1, 1, 17, "')' to close the variation opened at 1:10");
    assert_error("1. 32-28 () *", 1, 1, 10, "empty variation");
    assert_error("1. 32-28 {never closed\n19-23 *", 1, 1, 10, "unterminated comment");
    assert_error("[event \"x\"] *", 1, 1, 2, "tag name");
    assert_error("[Event x] *", 1, 1, 8, "quoted tag value");
    assert_error("1. 32-28 {c} ! *", 1, 1, 14, "must follow a move");
    assert_error("1. 32-28 19-23 ) *", 1, 1, 16, "closes no variation");
    assert_error("1. 32-28 $ *", 1, 1, 10, "NAG");
    assert_error("1. 32-28x19 *", 1, 1, 9, "unexpected 'x'");
    assert_error("1. 32-28 19-23 \x01 *", 1, 1, 16, "control character");
    assert_error("1. 32-28 19-\n *", 1, 2, 2, "must be followed by a square");
}

/* A warning note of game 1 of SRC read leniently must contain WORDS, and SRC read
 * strictly must be a syntax error as STRICT_ERROR says (false: the text is PDN 3.0). */
static void assert_lenient_ex(const char *src, const char *words, dr_pdn_games *gs, bool strict_error)
{
    read_str(src, gs);
    assert_int_equal(gs->n, 1);
    const bo_record *r = &gs->items[0].rec;
    assert_int_equal(r->errors, 0);
    bool found = false;
    for (int i = 0; i < r->nnotes; i++) {
        assert_int_equal(r->notes[i].kind, BO_NOTE_WARNING);
        assert_true(r->notes[i].line >= 1 && r->notes[i].col >= 1);
        if (strstr(r->notes[i].text, words)) found = true;
    }
    if (!found) fail_msg("no warning with '%s' for: %s", words, src);
    dr_pdn_games st;
    read_str_with(src, true, &st);
    assert_true(st.n >= 1);
    assert_int_equal(st.items[0].rec.errors > 0, strict_error);
    dr_pdn_games_free(&st);
}

static void assert_lenient(const char *src, const char *words, dr_pdn_games *gs)
{
    assert_lenient_ex(src, words, gs, true);
}

static void lenient_readings(void **state)
{
    (void)state;
    dr_pdn_games gs;
    assert_lenient("[Event \"e\"]\\r\n[Site \"s\"]\\r\n1. 32-28 *\\r\n", "3 literal '\\r'", &gs);
    assert_string_equal(bo_record_tag(&gs.items[0].rec, "Site"), "s");
    assert_int_equal(gs.items[0].rec.notes[0].line, 1);
    assert_int_equal(gs.items[0].rec.notes[0].col, 12);
    dr_pdn_games_free(&gs);
    assert_lenient("[Empty]\n[Event \"e\"]\n1. 32-28 *", "tag [Empty] has no value", &gs);
    assert_non_null(bo_record_tag(&gs.items[0].rec, "Empty"));
    assert_string_equal(bo_record_tag(&gs.items[0].rec, "Empty"), "");
    assert_string_equal(bo_record_tag(&gs.items[0].rec, "Event"), "e");
    dr_pdn_games_free(&gs);
    assert_lenient("[Black&amp;White \"x\"] 1. 32-28 *", "holds HTML entities", &gs);
    assert_string_equal(bo_record_tag(&gs.items[0].rec, "Black_White"), "x");
    dr_pdn_games_free(&gs);
    assert_lenient_ex("[White \"Dupont &amp; Fils &#233;&#x45;\"] 1. 32-28 *", "HTML entities", &gs, false);
    assert_string_equal(bo_record_tag(&gs.items[0].rec, "White"), "Dupont & Fils \xc3\xa9" "E");
    dr_pdn_games_free(&gs);
    assert_lenient("[event \"x\"] 1. 32-28 *", "is not a PDN name", &gs);
    assert_string_equal(bo_record_tag(&gs.items[0].rec, "Event"), "x");
    dr_pdn_games_free(&gs);
    assert_lenient("[[Event \"x\"] 1. 32-28 *", "doubled '['", &gs);
    dr_pdn_games_free(&gs);
    assert_lenient("Event \"x\"]\n1. 32-28 *", "a tag without its '['", &gs);
    assert_string_equal(bo_record_tag(&gs.items[0].rec, "Event"), "x");
    dr_pdn_games_free(&gs);
    assert_lenient("[Event \"x\"] 1. 32-28 -", "'-' as the result", &gs);
    assert_string_equal(gs.items[0].rec.result, "*");
    dr_pdn_games_free(&gs);
    assert_lenient("[Event \"x\"] 1. 32-28 . 18-23 *", "a stray '.'", &gs);
    assert_int_equal(gs.items[0].rec.nmoves, 2);
    dr_pdn_games_free(&gs);
    assert_lenient("[Event \"x\"] 1. 32-28 18-23 2. *", "move number '2.' without a move", &gs);
    assert_int_equal(gs.items[0].rec.nmoves, 2);
    assert_string_equal(gs.items[0].rec.result, "*");
    dr_pdn_games_free(&gs);
    assert_lenient("[Event \"x\"] 1. - - 18-23 2. - - *", "'- -' for an unknown move", &gs);
    assert_int_equal(gs.items[0].rec.nmoves, 3);
    assert_string_equal(gs.items[0].rec.moves[0].text, "...");
    assert_string_equal(gs.items[0].rec.moves[1].text, "18-23");
    assert_string_equal(gs.items[0].rec.moves[2].text, "...");
    dr_pdn_games_free(&gs);
    /* a value with '&' that is no entity is left alone, without a warning */
    read_str("[Event \"A & B\"] 1. 32-28 *", &gs);
    assert_int_equal(gs.items[0].rec.nnotes, 0);
    assert_string_equal(bo_record_tag(&gs.items[0].rec, "Event"), "A & B");
    dr_pdn_games_free(&gs);
    /* the missing result: the first game is kept, with a warning at the next game's '[' */
    read_str("[Event \"a\"]\n1. 32-28\n[Event \"b\"]\n1. 33-28 *", &gs);
    assert_int_equal(gs.n, 2);
    assert_int_equal(gs.items[0].rec.errors, 0);
    assert_int_equal(gs.items[0].rec.nnotes, 1);
    assert_int_equal(gs.items[0].rec.notes[0].line, 3);
    assert_non_null(strstr(gs.items[0].rec.notes[0].text, "no result or '*' before the next game's tags"));
    assert_int_equal(gs.items[0].rec.nmoves, 1);
    dr_pdn_games_free(&gs);
}

static void errors_do_not_stop_the_file(void **state)
{
    (void)state;
    dr_pdn_games gs;
    read_str("[Event \"a\"]\n1. 32-28 } 19-23 *\n\n[Event \"b\"]\n1. 33-29 *\n", &gs);
    assert_int_equal(gs.n, 2);
    assert_true(gs.items[0].rec.errors > 0);
    assert_int_equal(gs.items[1].rec.errors, 0);
    assert_string_equal(gs.items[1].rec.moves[0].text, "33-29");
    dr_pdn_games_free(&gs);
}

static void deep_nesting_is_refused(void **state)
{
    (void)state;
    size_t n = 100000;
    char *s = malloc(n + 16);
    strcpy(s, "1. 32-28 ");
    memset(s + 9, '(', n);
    s[9 + n] = '\0';
    dr_pdn_games gs;
    char err[128];
    assert_int_equal(dr_pdn_read_all(s, strlen(s), &gs, err, sizeof err), 0);
    assert_int_equal(gs.n, 1);
    assert_true(gs.items[0].rec.errors > 0);
    assert_non_null(strstr(gs.items[0].rec.notes[0].text, "nested too deeply"));
    dr_pdn_games_free(&gs);
    free(s);
}

static void game_types(void **state)
{
    (void)state;
    dr_pdn_games gs;
    read_str("[GameType \"21\"] *\n[GameType \"20,B,10,10,N2,0\"] *\n*\n[GameType \"x\"] *", &gs);
    char colour, notation[4];
    assert_int_equal(dr_pdn_game_type(&gs.items[0].rec, &colour, notation), 21);
    assert_int_equal(dr_pdn_game_type(&gs.items[1].rec, &colour, notation), 20);
    assert_int_equal(colour, 'B');
    assert_string_equal(notation, "N2");
    assert_int_equal(dr_pdn_game_type(&gs.items[2].rec, &colour, notation), 20);
    assert_int_equal(dr_pdn_game_type(&gs.items[3].rec, &colour, notation), -1);
    dr_pdn_games_free(&gs);
}

static void sniffing(void **state)
{
    (void)state;
    const char *pdn = "[Event \"x\"]\n1. 32-28 19-23 2. 28x19 14x23 *";
    const char *xq = "[Event \"x\"]\n[Game \"Chinese Chess\"]\n1. h2e2 h9g7 2. h0g2 i9h9 *";
    const char *chess = "[Event \"x\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0";
    assert_true(dr_pdn_sniff(pdn, strlen(pdn)) >= 80);
    assert_true(dr_pdn_sniff(xq, strlen(xq)) <= 10);
    assert_int_equal(dr_pdn_sniff(chess, strlen(chess)), 0);
    assert_int_equal(dr_pdn_sniff("", 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(moves_numbers_and_captures),
        cmocka_unit_test(numbers_stay_with_their_move),
        cmocka_unit_test(results_versus_moves),
        cmocka_unit_test(tags_comments_variations),
        cmocka_unit_test(setup_ellipsis_alphanumeric),
        cmocka_unit_test(crlf_tabs_and_positions),
        cmocka_unit_test(several_games),
        cmocka_unit_test(errors_are_located),
        cmocka_unit_test(lenient_readings),
        cmocka_unit_test(errors_do_not_stop_the_file),
        cmocka_unit_test(deep_nesting_is_refused),
        cmocka_unit_test(game_types),
        cmocka_unit_test(sniffing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
