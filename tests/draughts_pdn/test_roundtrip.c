/* test_roundtrip.c -- read, write, read again (PDN is the one format draughts records
 * convert to): every game of the standard's succeed/ files and of the three published
 * archives (read leniently, as boyi does by default) keeps its tags (same names, values
 * and order), start position, result, moves and variations; what is written reads
 * strictly without a single note; and the written moves follow the writing rules (each
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
#define ARCHIVES BOYI_SHARED_DIR "/corpus/draughts/archives"

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

/* A move as read, tidied as the writer tidies what it cannot replay: no leading zeros,
 * 'x' for ':'. */
static void tidy(const char *t, char *buf, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; t[i] && k + 1 < n; i++) {
        bool start = i == 0 || !(t[i - 1] >= '0' && t[i - 1] <= '9');
        if (t[i] == '0' && start && t[i + 1] >= '0' && t[i + 1] <= '9') continue;
        buf[k++] = t[i] == ':' ? 'x' : t[i];
    }
    buf[k] = '\0';
}

/* The same move in position P (KNOWN: P is the real position)?  Resolved moves must be
 * the same move; moves that do not resolve, the same text tidied.  Plays it on P. */
static void same_move(const char *path, int game, const char *x, const char *y, dr_pos *p, bool *known)
{
    if (x[0] == '/' || y[0] == '/') {
        char fx[256], fy[256], cx[DR_FEN_MAX], cy[DR_FEN_MAX], err[128];
        if (x[0] != '/' || y[0] != '/') fail_msg("%s game %d: setup '%s' became '%s'", path, game, x, y);
        dr_pdn_setup_fen(x, fx, sizeof fx);
        dr_pdn_setup_fen(y, fy, sizeof fy);
        dr_pos px, py;
        bool u = false;
        if (dr_pos_from_fen(&px, fx, &u, err, sizeof err) == 0) {
            assert_int_equal(dr_pos_from_fen(&py, fy, &u, err, sizeof err), 0);
            dr_pos_to_fen(&px, cx, sizeof cx);
            dr_pos_to_fen(&py, cy, sizeof cy);
            if (strcmp(cx, cy) != 0) fail_msg("%s game %d: setup %s became %s", path, game, cx, cy);
            *p = px;
            *known = !u;
        } else {
            *known = false;
        }
        return;
    }
    dr_written w;
    dr_move mx, my;
    char err[256];
    if (*known && dr_written_parse(x, &w, err, sizeof err) == 0 &&
        dr_resolve_move(p, &w, &mx, err, sizeof err, NULL, 0) == DR_RESOLVE_OK) {
        if (dr_written_parse(y, &w, err, sizeof err) != 0 ||
            dr_resolve_move(p, &w, &my, err, sizeof err, NULL, 0) != DR_RESOLVE_OK ||
            mx.from != my.from || mx.to != my.to || mx.captured != my.captured)
            fail_msg("%s game %d: move '%s' became '%s'", path, game, x, y);
        dr_make(p, &mx);
        return;
    }
    *known = false;
    char tx[128], ty[128];
    tidy(x, tx, sizeof tx);
    tidy(y, ty, sizeof ty);
    if (strcmp(tx, ty) != 0) fail_msg("%s game %d: unreplayable move '%s' became '%s'", path, game, x, y);
}

/* Lines X and Y (main line or variation) from P: the same moves, ignoring the "..."
 * placeholders the writer drops, with the same variations on the same moves. */
static void same_line(const char *path, int game, const bo_rmove *x, int nx, const bo_rmove *y, int ny, dr_pos p,
                      bool known)
{
    int i = 0, k = 0;
    for (;;) {
        while (i < nx && strcmp(x[i].text, "...") == 0 && !(k < ny && strcmp(y[k].text, "...") == 0)) {
            if (x[i].nvars) fail_msg("%s game %d: variations on a dropped '...'", path, game);
            i++;
        }
        if (i >= nx || k >= ny) break;
        if (x[i].nvars != y[k].nvars)
            fail_msg("%s game %d: %d variations on '%s', %d after writing", path, game, x[i].nvars, x[i].text, y[k].nvars);
        for (int v = 0; v < x[i].nvars; v++)
            same_line(path, game, x[i].vars[v]->moves, x[i].vars[v]->nmoves, y[k].vars[v]->moves, y[k].vars[v]->nmoves, p,
                      known);
        if (strcmp(x[i].text, "...") == 0) { assert_string_equal(y[k].text, "..."); known = false; }
        else same_move(path, game, x[i].text, y[k].text, &p, &known);
        i++;
        k++;
    }
    while (i < nx && strcmp(x[i].text, "...") == 0) i++;
    if (i != nx || k != ny) fail_msg("%s game %d: a line of %d moves became %d", path, game, nx, ny);
}

/* The start position of R as the writer sees it: P, and whether it is known. */
static bool start_of(const bo_record *r, dr_pos *p)
{
    char colour, notation[4], err[128];
    if (dr_pdn_game_type(r, &colour, notation) != 20) return false;
    bool unk = false;
    if (!r->fen) { dr_pos_start(p, colour == 'B' ? DR_BLACK : DR_WHITE); return true; }
    return dr_pos_from_fen(p, r->fen, &unk, err, sizeof err) == 0 && !unk;
}

static int games_checked;

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
    dr_pdn_options strict = {true};
    assert_int_equal(dr_pdn_read_all_with(buf, len, &strict, &out, err, sizeof err), 0);
    if (out.n != in.n) fail_msg("%s: %d games read, %d after writing", path, in.n, out.n);
    for (int i = 0; i < in.n; i++) {
        const bo_record *x = &in.items[i].rec, *y = &out.items[i].rec;
        if (x->errors) continue;   /* a game that cannot be read is not written */
        games_checked++;
        if (y->nnotes) fail_msg("%s game %d: the written game reads with a note: %s", path, i + 1, y->notes[0].text);
        int k2 = 0;
        for (int k = 0; k < x->ntags; k++) {
            if (x->tags[k].name[0] == '_') continue;
            while (k2 < y->ntags && y->tags[k2].name[0] == '_') k2++;
            if (k2 >= y->ntags || strcmp(x->tags[k].name, y->tags[k2].name) != 0 ||
                strcmp(x->tags[k].value, y->tags[k2].value) != 0)
                fail_msg("%s game %d: tag %s \"%s\" is not written in its place", path, i + 1, x->tags[k].name,
                         x->tags[k].value);
            k2++;
        }
        while (k2 < y->ntags && y->tags[k2].name[0] == '_') k2++;
        if (k2 != y->ntags) fail_msg("%s game %d: tag %s added by writing", path, i + 1, y->tags[k2].name);
        if ((x->fen == NULL) != (y->fen == NULL) || (x->fen && strcmp(x->fen, y->fen) != 0))
            fail_msg("%s game %d: start position '%s' became '%s'", path, i + 1, x->fen ? x->fen : "", y->fen ? y->fen : "");
        const char *rx = x->result ? x->result : "*";
        if (!y->result || strcmp(rx, y->result) != 0)
            fail_msg("%s game %d: result '%s' became '%s'", path, i + 1, rx, y->result ? y->result : "(none)");
        dr_pos p;
        bool known = start_of(x, &p);
        same_line(path, i + 1, x->moves, x->nmoves, y->moves, y->nmoves, p, known);
        if (bo_record_count_variations(x) != bo_record_count_variations(y))
            fail_msg("%s game %d: %d variations, %d after writing", path, i + 1, bo_record_count_variations(x),
                     bo_record_count_variations(y));
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

static void dir_round_trips(const char *dir)
{
    struct dirent **names;
    int n = scandir(dir, &names, NULL, alphasort);
    assert_true(n > 0);
    for (int i = 0; i < n; i++) {
        size_t l = strlen(names[i]->d_name);
        if (l > 4 && strcmp(names[i]->d_name + l - 4, ".pdn") == 0) {
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
            roundtrip(path);
        }
        free(names[i]);
    }
    free(names);
}

static void succeed_files_round_trip(void **state)
{
    (void)state;
    games_checked = 0;
    dir_round_trips(SUCCEED);
    assert_int_equal(games_checked, 1978);   /* every game of succeed/ (docs/draughts.md) */
}

static void archives_round_trip(void **state)
{
    (void)state;
    games_checked = 0;
    dir_round_trips(ARCHIVES);
    assert_int_equal(games_checked, 82 + 98 + 12);   /* counted without boyi: e2e/draughts_archives.sh */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(succeed_files_round_trip),
        cmocka_unit_test(archives_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
