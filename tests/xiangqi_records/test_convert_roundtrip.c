/* test_convert_roundtrip.c -- every corpus game written in every form that
 * `boyi convert` offers, read back, replays to the same moves (and a game
 * that stops being valid is written up to its fault). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "xqr_test_util.h"

typedef struct replayed {
    xq_move *moves;   /* all games' moves, concatenated */
    int *count;       /* moves per game */
    int games, total;
} replayed;

static void replay_list(const bo_record_list *l, replayed *out)
{
    xq_check c;
    xq_check_init(&c);
    out->games = l->n;
    out->total = 0;
    out->count = calloc((size_t)l->n + 1, sizeof *out->count);
    size_t cap = 1024;
    out->moves = malloc(cap * sizeof *out->moves);
    assert_non_null(out->count);
    assert_non_null(out->moves);
    for (int g = 0; g < l->n; g++) {
        bo_verdict v;
        assert_int_equal(xq_check_record(&c, "t", &l->items[g], NULL, &v), 0);
        out->count[g] = c.nmoves;
        while ((size_t)(out->total + c.nmoves) > cap) {
            cap *= 2;
            out->moves = realloc(out->moves, cap * sizeof *out->moves);
            assert_non_null(out->moves);
        }
        memcpy(out->moves + out->total, c.moves, (size_t)c.nmoves * sizeof *c.moves);
        out->total += c.nmoves;
    }
    xq_check_free(&c);
}

/* Write every game of l in fmt into a memory buffer. */
static char *write_all(const bo_record_list *l, xq_format fmt)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    xq_check c;
    xq_check_init(&c);
    for (int g = 0; g < l->n; g++) {
        bo_verdict v;
        char err[256];
        assert_int_equal(xq_check_record(&c, "t", &l->items[g], NULL, &v), 0);
        const char *stop = v.status == BO_VERDICT_OK ? NULL : "stopped";
        const char *res = v.status == BO_VERDICT_OK ? v.result : "*";
        assert_int_equal(xq_record_write(f, &l->items[g], &c.start, c.moves, c.nmoves, res, fmt, stop, err, sizeof err), 0);
    }
    xq_check_free(&c);
    fclose(f);
    return buf;
}

static void round_trip_file(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, XQR_CORPUS "%s", name);
    bo_record_list l;
    assert_int_equal(xqr_read_file(path, &l), 0);
    replayed ref;
    replay_list(&l, &ref);
    for (int fmt = XQ_FMT_PGN; fmt <= XQ_FMT_CONTEST; fmt++) {
        char *text = write_all(&l, (xq_format)fmt);
        bo_record_list back;
        assert_int_equal(xqr_read_string(text, &back), 0);
        replayed got;
        replay_list(&back, &got);
        if (got.games != ref.games || got.total != ref.total)
            fail_msg("%s as format %d: %d games %d moves, expected %d games %d moves", name, fmt, got.games,
                     got.total, ref.games, ref.total);
        assert_memory_equal(got.count, ref.count, (size_t)ref.games * sizeof *ref.count);
        assert_memory_equal(got.moves, ref.moves, (size_t)ref.total * sizeof *ref.moves);
        /* comments and tags survive the PGN forms */
        if (fmt != XQ_FMT_CONTEST)
            for (int g = 0; g < l.n; g++) {
                assert_int_equal(back.items[g].errors, 0);
                for (int i = 0; i < ref.count[g]; i++)
                    if (l.items[g].moves[i].comment) assert_non_null(back.items[g].moves[i].comment);
                const char *red = bo_record_tag(&l.items[g], "Red");
                if (red) assert_string_equal(bo_record_tag(&back.items[g], "Red"), red);
            }
        free(got.moves);
        free(got.count);
        bo_record_list_free(&back);
        free(text);
    }
    free(ref.moves);
    free(ref.count);
    bo_record_list_free(&l);
}

static void xqdb_files(void **state)
{
    (void)state;
    round_trip_file("xqdb_traditional.pgn");
    round_trip_file("xqdb_international.pgn");
    round_trip_file("bulk_games_uci.pgn");
}

static void xqbase_files_with_comments(void **state)
{
    (void)state;
    round_trip_file("sample.pgn");
    round_trip_file("ccgc2006/game-13.pgn");
    round_trip_file("ccgc2006/game-02.pgn");
}

static void xqf_files(void **state)
{
    (void)state;
    round_trip_file("sample.xqf");
    round_trip_file("xqfexama.xqf");
    round_trip_file("xqfexamb.xqf");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(xqdb_files),
        cmocka_unit_test(xqbase_files_with_comments),
        cmocka_unit_test(xqf_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
