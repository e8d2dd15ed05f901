/* test_tigers_resume.c -- the Two Tigers solver's files: a run stopped in the middle
 * of a layer and taken up from its checkpoint, again and again, must write the same
 * table, byte for byte, as one uninterrupted run; and a table holding a layer's
 * tigers-to-move half without its dogs-to-move half gets that half rebuilt, equal to
 * the solved one.
 *
 * The game is the reduced one of test_tigers_brute.c (the tigers win on the second
 * capture, layers of 2 and 3 dogs), whose values that test compares with a brute
 * force.  The stops come from the solver's chunk limit (opts.max_chunks), the same
 * path as the time budget's: the checkpoint is written and the run returns.  Both
 * runs keep distances (a distance file beside the table), which the checkpoint holds
 * too: the two distance files must be equal byte for byte as well.  Then the files
 * a distance run refuses: a foreign distance file, one holding fewer layers than the
 * table, and a layer with a distance above the cap (lowered here: overflow is
 * refused, never wrapped). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tg_index.h"
#include "tg_solve.h"

enum { WIN = 1, MAXD = 3 };

static unsigned char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    *n = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *b = malloc(*n + 1);
    assert_int_equal(fread(b, 1, *n, f), *n);
    fclose(f);
    return b;
}

static const char *dist_of(const char *table)
{
    static char d[2][96];
    static int k;
    k ^= 1;
    snprintf(d[k], sizeof d[k], "%s.dtc", table);
    return d[k];
}

static bool keep_distances = true;

static void solve(const char *table, uint64_t max_chunks, tg_solve_report *rep)
{
    tg_solve_opts o = {.win_dogs = WIN, .max_dogs = MAXD, .threads = 2, .check_count = 500, .table = table,
                       .distances = keep_distances ? dist_of(table) : NULL, .max_chunks = max_chunks};
    char err[256];
    if (tg_solve_run(&o, rep, err, sizeof err) != 0) fail_msg("%s", err);
}

/* A run that must be refused; its message must contain WANT. */
static void solve_refused(const char *table, const char *dist, int max_distance, const char *want)
{
    static tg_solve_report rep;
    tg_solve_opts o = {.win_dogs = WIN, .max_dogs = MAXD, .threads = 2, .check_count = 50, .table = table,
                       .distances = dist, .max_distance = max_distance};
    char err[256] = "";
    assert_int_equal(tg_solve_run(&o, &rep, err, sizeof err), -1);
    print_message("refused: %s\n", err);
    assert_non_null(strstr(err, want));
}

static void test_resume_mid_layer(void **state)
{
    (void)state;
    char a[64], b[64], part[80];
    snprintf(a, sizeof a, "tg_resume_a_%d.bin", (int)getpid());
    snprintf(b, sizeof b, "tg_resume_b_%d.bin", (int)getpid());
    snprintf(part, sizeof part, "%s.part", b);
    unlink(a);
    unlink(b);
    tg_solve_report rep;
    solve(a, 0, &rep);
    assert_int_equal(rep.solved_dogs, MAXD);
    size_t na, nb;
    unsigned char *ta = slurp(a, &na);

    /* stopped every 37 or 1601 chunks in turn (a pass of both sides is 128 chunks), so
     * stops fall in first passes and in later ones, of both layers */
    int stops = 0, mid_first = 0, mid_later = 0;
    for (;;) {
        solve(b, stops % 2 ? 1601 : 37, &rep);
        if (!rep.stopped_time) break;
        stops++;
        assert_int_equal(access(part, F_OK), 0);   /* the checkpoint is there */
        if (rep.resumed_layer) {
            if (rep.resumed_pass <= 1) mid_first++;   /* levels 0 and 1: full passes */
            else mid_later++;
        }
        assert_true(stops < 10000);
    }
    print_message("%d stops; taken up mid-layer %d times in a first pass, %d in later passes\n", stops, mid_first,
                  mid_later);
    assert_true(stops > 10 && mid_first > 0 && mid_later > 0);
    assert_int_equal(rep.solved_dogs, MAXD);
    assert_int_not_equal(access(part, F_OK), 0);   /* removed with the layer done */
    unsigned char *tb = slurp(b, &nb);
    assert_int_equal(na, nb);
    assert_memory_equal(ta, tb, na);
    free(tb);

    size_t nda, ndb;
    unsigned char *da = slurp(dist_of(a), &nda), *db = slurp(dist_of(b), &ndb);
    assert_int_equal(nda, ndb);
    assert_memory_equal(da, db, nda);
    free(da);
    free(db);

    /* refused: a foreign distance file, one with fewer layers than the table, overflow */
    char c[64], cd[80];
    snprintf(c, sizeof c, "tg_resume_c_%d.bin", (int)getpid());
    snprintf(cd, sizeof cd, "%s.dtc", c);
    unlink(c);
    FILE *g = fopen(cd, "wb");
    fputs("not a distance file, just some text", g);
    fclose(g);
    solve_refused(c, cd, 0, "not a Two Tigers distance file");
    assert_int_equal(truncate(cd, 0), 0);
    unlink(c);
    solve_refused(c, cd, 2, "above 2");
    unlink(cd);
    solve_refused(b, cd, 0, "no distances for the 2..3 dogs");
    unlink(c);
    unlink(cd);
    unlink(dist_of(a));
    unlink(dist_of(b));

    /* the dogs' half of the last layer cut off: rebuilt from the tigers' half (a run
     * without distances: a rebuilt half has none) */
    keep_distances = false;
    tg_index *x = malloc(sizeof *x);
    tg_index_init(x);
    uint64_t cut = tg_table_offset(x, WIN, MAXD) + (x->size[MAXD] + 3) / 4;
    assert_int_equal(truncate(b, (off_t)cut), 0);
    solve(b, 0, &rep);
    assert_int_equal(rep.rebuilt_half, MAXD);
    assert_int_equal(rep.resumed_dogs, MAXD);
    assert_int_equal(rep.check_failed[MAXD], 0);
    assert_true(rep.checked[MAXD] > 100);
    tb = slurp(b, &nb);
    assert_int_equal(na, nb);
    assert_memory_equal(ta, tb, na);
    /* a wrong value in the tigers' half is seen by the check of the table taken up */
    memset(tb + tg_table_offset(x, WIN, MAXD), 0, (size_t)((x->size[MAXD] + 3) / 4));
    FILE *f = fopen(b, "wb");
    fwrite(tb, 1, nb, f);
    fclose(f);
    solve(b, 0, &rep);
    assert_true(rep.check_failed[MAXD] > 0);

    free(x);
    free(ta);
    free(tb);
    unlink(a);
    unlink(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_resume_mid_layer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
