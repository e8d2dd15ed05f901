/* test_corpus.c -- the PDN standard's parser test set (wiegerw/pdn games/, copied to
 * ../shared/corpus/draughts/pdn-standard): every file in succeed/ reads without a syntax
 * error, every file in fail/ is rejected with a line, a column and a reason when read
 * strictly, and read leniently (the default) never without a located warning or error. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dr_pdn.h"
#include "text.h"

#define CORPUS BOYI_SHARED_DIR "/corpus/draughts/pdn-standard"

typedef void (*file_fn)(const char *path);

/* Call FN on every .pdn file of DIR (sorted, so failures read the same every run). */
static int each_file(const char *dir, file_fn fn)
{
    struct dirent **names;
    int n = scandir(dir, &names, NULL, alphasort);
    assert_true(n > 0);
    int count = 0;
    for (int i = 0; i < n; i++) {
        const char *nm = names[i]->d_name;
        size_t len = strlen(nm);
        if (len > 4 && strcmp(nm + len - 4, ".pdn") == 0) {
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", dir, nm);
            fn(path);
            count++;
        }
        free(names[i]);
    }
    free(names);
    return count;
}

static int count_lines(const bo_text *t)
{
    int n = 1;
    for (size_t i = 0; i < t->len; i++) n += t->data[i] == '\n';
    return n;
}

static const dr_pdn_options strict = {true};

static void must_read(const char *path)
{
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_load(&t, path, err, sizeof err), 0);
    dr_pdn_games gs;
    assert_int_equal(dr_pdn_read_all_with(t.data, t.len, &strict, &gs, err, sizeof err), 0);
    if (gs.n == 0) fail_msg("%s: no game read", path);
    for (int i = 0; i < gs.n; i++)
        if (gs.items[i].rec.errors)
            fail_msg("%s:%d:%d: %s", path, gs.items[i].rec.notes[0].line, gs.items[i].rec.notes[0].col,
                     gs.items[i].rec.notes[0].text);
    dr_pdn_games_free(&gs);
    bo_text_free(&t);
}

/* Leniently: every succeed/ game is read exactly as strictly (same count, no notes). */
static void lenient_same(const char *path)
{
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_load(&t, path, err, sizeof err), 0);
    dr_pdn_games a, b;
    assert_int_equal(dr_pdn_read_all_with(t.data, t.len, &strict, &a, err, sizeof err), 0);
    assert_int_equal(dr_pdn_read_all(t.data, t.len, &b, err, sizeof err), 0);
    if (a.n != b.n) fail_msg("%s: %d games strictly, %d leniently", path, a.n, b.n);
    for (int i = 0; i < b.n; i++) {
        if (b.items[i].rec.nnotes)
            fail_msg("%s:%d:%d: lenient note on a standard file: %s", path, b.items[i].rec.notes[0].line,
                     b.items[i].rec.notes[0].col, b.items[i].rec.notes[0].text);
        assert_int_equal(a.items[i].rec.nmoves, b.items[i].rec.nmoves);
        assert_int_equal(a.items[i].rec.ntags, b.items[i].rec.ntags);
    }
    dr_pdn_games_free(&a);
    dr_pdn_games_free(&b);
    bo_text_free(&t);
}

/* Leniently, a fail/ file is read with a warning or rejected: never silently. */
static void never_silent(const char *path)
{
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_load(&t, path, err, sizeof err), 0);
    dr_pdn_games gs;
    assert_int_equal(dr_pdn_read_all(t.data, t.len, &gs, err, sizeof err), 0);
    int notes = 0;
    for (int i = 0; i < gs.n; i++) notes += gs.items[i].rec.nnotes;
    if (notes == 0) fail_msg("%s: read leniently without a warning or an error", path);
    dr_pdn_games_free(&gs);
    bo_text_free(&t);
}

static void must_fail(const char *path)
{
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_load(&t, path, err, sizeof err), 0);
    dr_pdn_games gs;
    assert_int_equal(dr_pdn_read_all_with(t.data, t.len, &strict, &gs, err, sizeof err), 0);
    int lines = count_lines(&t), errors = 0;
    for (int i = 0; i < gs.n; i++)
        for (int k = 0; k < gs.items[i].rec.nnotes; k++) {
            const bo_note *e = &gs.items[i].rec.notes[k];
            if (e->kind != BO_NOTE_ERROR) continue;
            errors++;
            assert_true(e->line >= 1 && e->line <= lines);
            assert_true(e->col >= 1);
            assert_true(strlen(e->text) > 5);
        }
    if (errors == 0) fail_msg("%s was read without error, but the standard's test set says it must fail", path);
    dr_pdn_games_free(&gs);
    bo_text_free(&t);
}

static void succeed_files_are_read(void **state)
{
    (void)state;
    assert_true(each_file(CORPUS "/succeed", must_read) > 0);
}

static void fail_files_are_rejected(void **state)
{
    (void)state;
    assert_true(each_file(CORPUS "/fail", must_fail) > 0);
}

static void lenient_reading_keeps_the_standard(void **state)
{
    (void)state;
    assert_true(each_file(CORPUS "/succeed", lenient_same) > 0);
    assert_true(each_file(CORPUS "/fail", never_silent) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(succeed_files_are_read),
        cmocka_unit_test(fail_files_are_rejected),
        cmocka_unit_test(lenient_reading_keeps_the_standard),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
