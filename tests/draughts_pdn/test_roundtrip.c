/* test_roundtrip.c -- read, write, read again: every game of the standard's succeed/
 * files keeps its tags and moves, and the written moves follow the writing rules (each
 * replayable move is written exactly as dr_move_format writes it: from-to, from x to,
 * the full path only for an ambiguous capture). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dr_moves_text.h"
#include "dr_pdn.h"
#include "text.h"

#define SUCCEED BOYI_SHARED_DIR "/corpus/draughts/pdn-standard/succeed"

enum { MAXPLY = 1024 };

typedef struct line {
    dr_move m[MAXPLY];
    int n;
} line;

/* Replay the main line from the game's start as far as it resolves. */
static void replay(const bo_record *r, line *out, bool check_written)
{
    out->n = 0;
    char colour, notation[4];
    if (dr_pdn_game_type(r, &colour, notation) != 20) return;
    dr_pos p;
    bool unk = false;
    char err[256];
    if (r->fen) { if (dr_pos_from_fen(&p, r->fen, &unk, err, sizeof err) != 0 || unk) return; }
    else dr_pos_start(&p, DR_WHITE);
    for (int i = 0; i < r->nmoves && out->n < MAXPLY; i++) {
        const char *t = r->moves[i].text;
        if (strcmp(t, "...") == 0 && p.side == DR_BLACK) continue;   /* white's empty slot */
        if (t[0] == '/' || strcmp(t, "...") == 0) return;
        dr_written w;
        dr_move m;
        if (dr_written_parse(t, &w, err, sizeof err) != 0) return;
        if (dr_resolve_move(&p, &w, &m, err, sizeof err, NULL, 0) != DR_RESOLVE_OK) return;
        if (check_written) {
            char canon[128];
            dr_move_format(&p, &m, canon, sizeof canon);
            if (strcmp(canon, t) != 0) fail_msg("written '%s', the writing rules say '%s'", t, canon);
        }
        out->m[out->n++] = m;
        dr_make(&p, &m);
    }
}

static line a, b;   /* big: not on the stack */

/* Moves proper: not the "..." placeholders (the writer drops the one before black's
 * first move of a game that starts with black). */
static int real_moves(const bo_record *r)
{
    int n = 0;
    for (int i = 0; i < r->nmoves; i++) n += strcmp(r->moves[i].text, "...") != 0;
    return n;
}

static void roundtrip(const char *path)
{
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_load(&t, path, err, sizeof err), 0);
    dr_pdn_games in, out;
    assert_int_equal(dr_pdn_read_all(t.data, t.len, &in, err, sizeof err), 0);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    dr_rules rules;
    dr_rules_default(&rules);
    for (int i = 0; i < in.n; i++) assert_int_equal(dr_pdn_write(f, &in.items[i], &rules), 0);
    fclose(f);
    assert_int_equal(dr_pdn_read_all(buf, len, &out, err, sizeof err), 0);
    if (out.n != in.n) fail_msg("%s: %d games read, %d after writing", path, in.n, out.n);
    for (int i = 0; i < in.n; i++) {
        const bo_record *x = &in.items[i].rec, *y = &out.items[i].rec;
        if (y->errors) fail_msg("%s game %d: the written game does not read: %s", path, i + 1, y->notes[0].text);
        for (int k = 0; k < x->ntags; k++)
            if (x->tags[k].name[0] != '_') {
                const char *v = bo_record_tag(y, x->tags[k].name);
                assert_non_null(v);
                assert_string_equal(v, bo_record_tag(x, x->tags[k].name));
            }
        if (real_moves(x) != real_moves(y))
            fail_msg("%s game %d: %d moves before writing, %d after", path, i + 1, real_moves(x), real_moves(y));
        replay(x, &a, false);
        replay(y, &b, true);
        if (a.n != b.n) fail_msg("%s game %d: %d moves replay before writing, %d after", path, i + 1, a.n, b.n);
        for (int k = 0; k < a.n; k++) {
            assert_int_equal(a.m[k].from, b.m[k].from);
            assert_int_equal(a.m[k].to, b.m[k].to);
            assert_true(a.m[k].captured == b.m[k].captured);
        }
    }
    free(buf);
    dr_pdn_games_free(&in);
    dr_pdn_games_free(&out);
    bo_text_free(&t);
}

static void succeed_files_round_trip(void **state)
{
    (void)state;
    struct dirent **names;
    int n = scandir(SUCCEED, &names, NULL, alphasort);
    assert_true(n > 0);
    for (int i = 0; i < n; i++) {
        size_t l = strlen(names[i]->d_name);
        if (l > 4 && strcmp(names[i]->d_name + l - 4, ".pdn") == 0) {
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", SUCCEED, names[i]->d_name);
            roundtrip(path);
        }
        free(names[i]);
    }
    free(names);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(succeed_files_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
