/* test_records.c -- NoGo records (notation/nogo): the hand-made faulty files of
 * data/nogo/invalid/ judged as their construction says (each file's fault worked out
 * by hand, noted below), Botzone's two JSON forms interleaved as the protocol says,
 * and every writer read back to the same moves and result. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "ng_records.h"
#include "nogo.h"

static char *slurp(const char *rel, size_t *len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", BOYI_SOURCE_DIR, rel);
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = 0;
    fclose(f);
    *len = (size_t)n;
    return buf;
}

typedef struct expect {
    const char *file;
    const char *kind;      /* NULL: valid */
    int move_no, line, col;
    const char *words;     /* in the message (or the ending, when valid) */
} expect;

/* Each file's fault, by construction (see the files): */
static const expect cases[] = {
    /* B B9, W A9, B A8: A9's last liberty taken, then white plays on. */
    {"data/nogo/invalid/capture-continues.sgf", "illegal", 3, 2, 14, "captured the 1-stone white group A9"},
    /* The same ending there, white credited: a game lost by the capture. */
    {"data/nogo/invalid/capture-end.sgf", NULL, 0, 0, 0, "captured the 1-stone white group A9"},
    /* Black A9 between white B9 and A8: suicide, and the result says black won. */
    {"data/nogo/invalid/suicide-credited.txt", "result", 5, 1, 84, "suicide"},
    {"data/nogo/invalid/draw.txt", "result", 0, 1, 19, "NoGo has none"},
    {"data/nogo/invalid/mixed-letters.txt", "parse", 0, 1, 56, "columns I and J"},
    /* Black's third stone on D6 (x 3, y 3), where white's first stands. */
    {"data/nogo/invalid/occupied.json", "illegal", 3, 7, 33, "D6 is occupied"},
    /* The ',' missing between "x":3 and "y". */
    {"data/nogo/invalid/broken.json", "parse", 0, 4, 40, "expected"},
    {"data/nogo/invalid/board-size.sgf", "parse", 0, 1, 13, "9x9"},
    {"data/nogo/invalid/pass.sgf", "illegal", 2, 1, 33, "passing loses"},
    {"data/nogo/invalid/wrong-colour.sgf", "illegal", 2, 1, 33, "white is to move"},
    /* RU[NoGo botzone]: black's first stone on E5 loses, yet the game goes on. */
    {"data/nogo/invalid/botzone-centre.sgf", "illegal", 1, 1, 35, "centre"},
};

static void test_invalid_files(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const expect *e = &cases[i];
        size_t len;
        char *text = slurp(e->file, &len), err[256] = "";
        ng_game_list l;
        if (ng_read(text, len, NG_FMT_NONE, &l, err, sizeof err) != 0) fail_msg("%s: %s", e->file, err);
        assert_int_equal(l.n, 1);
        bo_verdict v;
        ng_verdict_buf b;
        bo_verdict_init(&v, e->file, 1);
        ng_judge(&l.items[0], -1, &v, &b, NULL);
        if (!e->kind) {
            if (v.status != BO_VERDICT_OK) fail_msg("%s: %s", e->file, v.message);
            if (!v.ending || !strstr(v.ending, e->words)) fail_msg("%s: ending '%s'", e->file, v.ending ? v.ending : "");
        } else {
            if (v.status != BO_VERDICT_INVALID) fail_msg("%s: judged valid", e->file);
            if (strcmp(v.kind, e->kind) != 0) fail_msg("%s: kind %s, not %s (%s)", e->file, v.kind, e->kind, v.message);
            if (v.move_no != e->move_no || v.line != e->line || v.col != e->col)
                fail_msg("%s: move %d at %d:%d, not move %d at %d:%d (%s)", e->file, v.move_no, v.line, v.col, e->move_no,
                         e->line, e->col, v.message);
            if (!strstr(v.message, e->words)) fail_msg("%s: '%s' lacks '%s'", e->file, v.message, e->words);
        }
        ng_game_list_free(&l);
        free(text);
    }
}

/* Botzone bot input: a first request of -1 -1 makes the bot black, and then its
 * responses and the requests alternate from its own first move. */
static void test_botzone_input(void **state)
{
    (void)state;
    const char *text = "{\"requests\":[{\"x\":-1,\"y\":-1},{\"x\":2,\"y\":2}],\"responses\":[{\"x\":4,\"y\":3}]}\n"
                       "{\"requests\":[{\"x\":4,\"y\":3},{\"x\":0,\"y\":8}],\"responses\":[{\"x\":2,\"y\":2}]}\n";
    ng_game_list l;
    char err[256];
    assert_int_equal(ng_read(text, strlen(text), NG_FMT_NONE, &l, err, sizeof err), 0);
    assert_int_equal(l.format, NG_FMT_BOTZONE);
    assert_int_equal(l.n, 2);
    /* Black bot: its E6 (x 4, y 3 = point 31), then white's C7 (x 2, y 2 = 20). */
    assert_int_equal(l.items[0].n, 2);
    assert_int_equal(l.items[0].moves[0].point, 31);
    assert_int_equal(l.items[0].moves[0].colour, 0);
    assert_int_equal(l.items[0].moves[1].point, 20);
    /* White bot: black's E6, its C7, black's A1 (x 0, y 8 = 72). */
    assert_int_equal(l.items[1].n, 3);
    assert_int_equal(l.items[1].moves[0].point, 31);
    assert_int_equal(l.items[1].moves[1].point, 20);
    assert_int_equal(l.items[1].moves[1].colour, 1);
    assert_int_equal(l.items[1].moves[2].point, 72);
    ng_game_list_free(&l);
}

/* A random legal game written in each format reads back to the same points and
 * result, and the judge finds the same end. */
static void test_write_read_back(void **state)
{
    (void)state;
    ng_pos p;
    ng_start(&p, 0);
    int moves[81], n = 0;
    uint64_t rng = 5;
    for (ng_bits legal; (legal = ng_legal_set(&p)) != 0;) {
        int k = (int)(bo_splitmix64(&rng) % (uint64_t)ng_popcount(legal));
        while (k-- > 0) legal &= legal - 1;
        moves[n++] = ng_first(legal);
        ng_play(&p, moves[n - 1], NULL);
    }
    int winner = 1 - p.to_move;
    for (int f = NG_FMT_SGF; f <= NG_FMT_BOTZONE; f++) {
        char *buf = NULL, err[256];
        size_t len = 0;
        FILE *mem = open_memstream(&buf, &len);
        ng_write_info in = {"甲队", "乙队", "test", "2026.11.30", "here", NULL, winner ? NG_RES_WHITE : NG_RES_BLACK, NULL};
        assert_int_equal(ng_write(mem, (ng_format)f, &in, moves, n, err, sizeof err), 0);
        fclose(mem);
        ng_game_list l;
        if (ng_read(buf, len, NG_FMT_NONE, &l, err, sizeof err) != 0) fail_msg("%s: %s", ng_format_name((ng_format)f), err);
        assert_int_equal(l.format, f);
        assert_int_equal(l.n, 1);
        assert_int_equal(l.items[0].n, n);
        for (int i = 0; i < n; i++) assert_int_equal(l.items[0].moves[i].point, moves[i]);
        assert_int_equal(l.items[0].result, winner ? NG_RES_WHITE : NG_RES_BLACK);
        bo_verdict v;
        ng_verdict_buf b;
        bo_verdict_init(&v, "mem", 1);
        ng_judge(&l.items[0], -1, &v, &b, NULL);
        assert_int_equal(v.status, BO_VERDICT_OK);
        assert_string_equal(v.result, winner ? "0-1" : "1-0");
        ng_game_list_free(&l);
        free(buf);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_invalid_files),
        cmocka_unit_test(test_botzone_input),
        cmocka_unit_test(test_write_read_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
