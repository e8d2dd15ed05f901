/* test_roundtrip.c -- what boyi writes, boyi reads (issue 7, item 4): a property test
 * over every Gomoku game we have and every output format.
 *
 * Games: every game of data/gomoku/ and of tests/gomoku_records/data/ that reads
 * whole (faults of the rules included: convert writes what the record says), the
 * positions of ../shared/corpus/renju/forbidden-cases.txt made into records, and
 * hand-made games for what real files lack: tag values full of the formats' special
 * characters, a 20x20 freestyle game, comments and variations.
 * Property: write in F, sniff (our own output must be recognised as F), read, and
 * compare moves (points, and colours where F writes them), the start position (always
 * the empty board: no Gomoku format boyi writes has set-up stones), the board size,
 * the rule set, the result and the tags -- each as far as F can hold it:
 *   contest  no rule set (it is renju's record), 15x15 only (other sizes are refused),
 *            a Date only of digits and . : / - (another is read back as the place),
 *            no line breaks in tags (written as blanks), no thinking times, no comments
 *   psq      no result, date, place, event or rule set; names only when both are known
 *   sgf      everything but thinking times
 *   moves    no comments, thinking times or colours out of turn; tags without line breaks
 * and variations survive only in sgf. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gm_coords.h"
#include "gm_notation.h"
#include "text.h"

#define DATA BOYI_SOURCE_DIR "/data/gomoku/"
#define TDATA BOYI_SOURCE_DIR "/tests/gomoku_records/data/"
#define CASES BOYI_SHARED_DIR "/corpus/renju/forbidden-cases.txt"

static const gm_format formats[] = {GM_FMT_CONTEST, GM_FMT_PSQ, GM_FMT_SGF, GM_FMT_MOVES};

typedef struct tally {
    int games, trips, refused;
} tally;

/* The colour a move is played with: the record's, or the turn's. */
static gm_stone colour_of(const gm_game *g, int i)
{
    return g->moves[i].colour != GM_EMPTY ? g->moves[i].colour : (i % 2 == 0 ? GM_BLACK : GM_WHITE);
}

static bool alternates(const gm_game *g)
{
    for (int i = 0; i < g->n; i++)
        if (colour_of(g, i) != (i % 2 == 0 ? GM_BLACK : GM_WHITE)) return false;
    return true;
}

static const char *tag(const gm_game *g, const char *name)
{
    const char *v = g->rec ? bo_record_tag(g->rec, name) : NULL;
    return v && *v ? v : NULL;
}

/* A tag as F can hold it: NULL when F drops it. */
static const char *held(const gm_game *g, gm_format f, const char *name, char *buf, size_t n)
{
    const char *v = tag(g, name);
    if (!v) return NULL;
    if (f == GM_FMT_PSQ) {
        bool names = strcmp(name, "Black") == 0 || strcmp(name, "White") == 0;
        return names && tag(g, "Black") && tag(g, "White") ? v : NULL;
    }
    if (f == GM_FMT_SGF) return v;
    /* contest and moves: one line; contest turns a line break into a blank */
    if (strchr(v, '\n')) {
        if (f == GM_FMT_MOVES) return NULL;
        snprintf(buf, n, "%s", v);
        for (char *p = buf; *p; p++)
            if (*p == '\n') *p = ' ';
        return buf;
    }
    return v;
}

static void same_tag(const char *what, const gm_game *g, const bo_record *back, gm_format f, const char *name)
{
    char buf[512];
    const char *want = held(g, f, name, buf, sizeof buf);
    const char *got = bo_record_tag(back, name);
    if (!want) return;
    if (!got || strcmp(want, got) != 0)
        fail_msg("%s -> %s: tag %s is '%s', '%s' was written", what, gm_format_name(f), name, got ? got : "(none)", want);
}

/* Variations of two lines compared move by move (as points), depth first. */
static void same_variations(const char *what, const gm_game *ga, const bo_rmove *a, int na, const gm_game *gb,
                            const bo_rmove *b, int nb)
{
    if (na != nb) fail_msg("%s -> sgf: a line of %d moves came back with %d", what, na, nb);
    for (int i = 0; i < na; i++) {
        gm_gmove ma, mb;
        assert_int_equal(gm_decode_move(ga->rec, ga->size, a[i].text, &ma), 0);
        assert_int_equal(gm_decode_move(gb->rec, gb->size, b[i].text, &mb), 0);
        if (ma.x != mb.x || ma.y != mb.y) fail_msg("%s -> sgf: move '%s' came back '%s'", what, a[i].text, b[i].text);
        if ((a[i].comment == NULL) != (b[i].comment == NULL) || (a[i].comment && strcmp(a[i].comment, b[i].comment) != 0))
            fail_msg("%s -> sgf: comment '%s' came back '%s'", what, a[i].comment ? a[i].comment : "",
                     b[i].comment ? b[i].comment : "");
        if (a[i].nvars != b[i].nvars) fail_msg("%s -> sgf: %d variations came back as %d", what, a[i].nvars, b[i].nvars);
        for (int v = 0; v < a[i].nvars; v++)
            same_variations(what, ga, a[i].vars[v]->moves, a[i].vars[v]->nmoves, gb, b[i].vars[v]->moves,
                            b[i].vars[v]->nmoves);
    }
}

/* The property, for one game and one format. */
static void trip(tally *ty, const char *what, const gm_game *g, gm_format f)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    char err[256];
    int rc = gm_write(m, f, g, err, sizeof err);
    fclose(m);
    if (rc != 0) {
        /* only what the format cannot hold may be refused */
        bool may = (f == GM_FMT_CONTEST && g->size != GM_RENJU_SIZE);
        for (int i = 0; i < g->n; i++) may |= !gm_coord_on_board(g->size, g->moves[i].x, g->moves[i].y);
        if (!may) fail_msg("%s -> %s: refused: %s", what, gm_format_name(f), err);
        ty->refused++;
        free(buf);
        return;
    }
    bo_text t;
    assert_int_equal(bo_text_from_bytes(&t, "trip", (const unsigned char *)buf, n, err, sizeof err), 0);
    gm_format sniffed;
    if (gm_sniff(&t, &sniffed) == 0 || sniffed != f)
        fail_msg("%s -> %s: our own output is sniffed as %s:\n%s", what, gm_format_name(f), gm_format_name(sniffed), buf);
    bo_record_list l = {0};
    assert_int_equal(gm_read(&t, f, &l, err, sizeof err), 0);
    if (l.n != 1 || l.items[0].errors) fail_msg("%s -> %s: read back as %d records, %d errors:\n%s", what,
                                                 gm_format_name(f), l.n, l.n ? l.items[0].errors : 0, buf);
    const bo_record *r = &l.items[0];
    gm_game b;
    int bad;
    assert_int_equal(gm_game_from_record(r, &b, &bad, err, sizeof err), 0);
    if (b.n != g->n) fail_msg("%s -> %s: %d moves written, %d read", what, gm_format_name(f), g->n, b.n);
    bool colours = f == GM_FMT_CONTEST || f == GM_FMT_SGF || alternates(g);
    for (int i = 0; i < g->n; i++) {
        if (b.moves[i].x != g->moves[i].x || b.moves[i].y != g->moves[i].y)
            fail_msg("%s -> %s: move %d changed", what, gm_format_name(f), i + 1);
        if (colours && colour_of(&b, i) != colour_of(g, i))
            fail_msg("%s -> %s: move %d changed colour", what, gm_format_name(f), i + 1);
        if (f == GM_FMT_PSQ && g->moves[i].time_ms >= 0 && b.moves[i].time_ms != g->moves[i].time_ms)
            fail_msg("%s -> psq: move %d's time changed", what, i + 1);
    }
    assert_null(r->fen);   /* the empty board, as every Gomoku record starts */
    assert_int_equal(b.size, g->size);
    if (f == GM_FMT_SGF || f == GM_FMT_MOVES) {
        assert_int_equal(b.rules_known, g->rules_known);
        if (g->rules_known) assert_int_equal(b.rules, g->rules);
    }
    if (f != GM_FMT_PSQ && b.result != g->result)
        fail_msg("%s -> %s: result %s came back %s", what, gm_format_name(f), gm_result_code(g->result),
                 gm_result_code(b.result));
    static const char *const names[] = {"Black", "White", "Event", "Place", "Date"};
    for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
        if (f == GM_FMT_PSQ && k >= 2) break;
        /* contest: a date that is not digits and . : / - reads back as the place */
        if (f == GM_FMT_CONTEST && k >= 3 && tag(g, "Date") && strspn(tag(g, "Date"), "0123456789.:/- ") != strlen(tag(g, "Date")))
            break;
        same_tag(what, g, r, f, names[k]);
    }
    if (f == GM_FMT_SGF && g->rec && g->rec->nmoves == g->n) {
        same_variations(what, g, g->rec->moves, g->n, &b, r->moves, r->nmoves);
        const char *c1 = bo_record_tag(g->rec, "_Comment"), *c2 = bo_record_tag(r, "_Comment");
        if (c1) assert_string_equal(c1, c2 ? c2 : "");
    }
    ty->trips++;
    gm_game_free(&b);
    bo_record_list_free(&l);
    bo_text_free(&t);
    free(buf);
}

/* Every game of a text through every format. */
static void every_game_of(tally *ty, const char *name, const bo_text *t)
{
    bo_record_list l = {0};
    char err[256];
    if (gm_read(t, GM_FMT_NONE, &l, err, sizeof err) != 0) fail_msg("%s: %s", name, err);
    for (int k = 0; k < l.n; k++) {
        if (l.items[k].errors) continue;   /* a game that does not read whole is not written */
        gm_game g;
        int bad;
        if (gm_game_from_record(&l.items[k], &g, &bad, err, sizeof err) != 0) continue;
        char what[300];
        snprintf(what, sizeof what, "%s game %d", name, k + 1);
        for (size_t fi = 0; fi < sizeof formats / sizeof *formats; fi++) trip(ty, what, &g, formats[fi]);
        ty->games++;
        gm_game_free(&g);
    }
    bo_record_list_free(&l);
}

static void every_file_in(tally *ty, const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        char path[1024], err[256];
        snprintf(path, sizeof path, "%s%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) continue;   /* the folders of data/gomoku/ have their own tests */
        bo_text t;
        if (bo_text_load(&t, path, err, sizeof err) != 0) fail_msg("%s: %s", path, err);
        every_game_of(ty, e->d_name, &t);
        bo_text_free(&t);
    }
    closedir(d);
}

static void real_and_test_files(void **state)
{
    (void)state;
    tally ty = {0};
    every_file_in(&ty, DATA);
    every_file_in(&ty, TDATA);
    print_message("round trips: %d games, %d written and read back, %d refused (off the board)\n", ty.games, ty.trips,
                  ty.refused);
    assert_true(ty.games >= 20);
}

/* The corpus's positions as records: black and white stones in turn, the stones one
 * side has over the other's last with their colour said (contest and SGF say it). */
static void forbidden_case_positions(void **state)
{
    (void)state;
    bo_text t;
    char err[256];
    if (bo_text_load(&t, CASES, err, sizeof err) != 0) fail_msg("%s: %s", CASES, err);
    tally ty = {0};
    char *p = t.data;
    int cases = 0;
    while ((p = strstr(p, "black:")) != NULL) {
        char *e = strstr(p, "\n\n");
        size_t len = e ? (size_t)(e - p) : strlen(p);
        char *block = strndup(p, len);
        gm_board b;
        size_t off;
        assert_int_equal(gm_position_parse(block, GM_RENJU, &b, &off, err, sizeof err), 0);
        gm_gmove bl[GM_MAX_SIZE * GM_MAX_SIZE], wh[GM_MAX_SIZE * GM_MAX_SIZE], seq[GM_MAX_SIZE * GM_MAX_SIZE];
        int nb = 0, nw = 0, n = 0;
        for (int y = 0; y < b.size; y++)
            for (int x = 0; x < b.size; x++) {
                gm_gmove m = {.x = x, .y = y, .time_ms = -1};
                if (gm_at(&b, x, y) == GM_BLACK) { m.colour = GM_BLACK; bl[nb++] = m; }
                if (gm_at(&b, x, y) == GM_WHITE) { m.colour = GM_WHITE; wh[nw++] = m; }
            }
        for (int i = 0; i < nb || i < nw; i++) {
            if (i < nb) seq[n++] = bl[i];
            if (i < nw) seq[n++] = wh[i];
        }
        gm_game g = {.rec = NULL, .size = b.size, .moves = seq, .n = n};
        char what[64];
        snprintf(what, sizeof what, "forbidden case %d", ++cases);
        for (size_t fi = 0; fi < sizeof formats / sizeof *formats; fi++) trip(&ty, what, &g, formats[fi]);
        free(block);
        p += len;
    }
    assert_int_equal(cases, 6);
    assert_int_equal(ty.trips, 24);
    bo_text_free(&t);
}

/* What real files lack: tags full of every format's special characters, a 20x20
 * freestyle game, comments and variations. */
static void hand_made_games(void **state)
{
    (void)state;
    static const char *const texts[] = {
        /* tags with [ ] { } ; \ and their full-width twins, a line break in the event */
        "(;GM[4]FF[4]SZ[15]RU[renju]PB[a;b{c}d\\]e[f\\]g\\\\h]PW[【队】；｛x｝［y］＼]EV[ev;ent}\nsecond line]"
        "DT[2019.07.20]PC[p{l}ace\\\\]RE[B+]C[root; {comment}];B[hh]C[centre];W[ii];B[hi];W[ij];B[hg];W[ik]"
        ";B[hj];W[il];B[hk])",
        /* 20x20 freestyle, a long game, names with blanks */
        "# size: 20\n# rules: freestyle\n# black: Team One B\n# white: W\n"
        "a1 t20 b2 s19 c3 r18 d4 q17 e5 1-0\n",
        /* comments and variations, nested */
        "(;GM[4]FF[4]SZ[15]PB[x]PW[y];B[hh];W[ah];B[ih];W[aj];B[jg];W[al];B[jf];W[an]"
        "(;B[gh]C[main];W[ao];B[kh])(;B[jh]C[a foul];W[ao](;B[aa])(;B[bb]C[deeper]))(;B[gh];W[hh]))",
        /* a draw, standard rules, a PSQ-style 5x5 board */
        "(;GM[4]FF[4]SZ[5]RU[standard]RE[0];B[aa];W[bb])",
    };
    tally ty = {0};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        bo_text t;
        char err[256], name[32];
        assert_int_equal(bo_text_from_bytes(&t, "hand", (const unsigned char *)texts[i], strlen(texts[i]), err, sizeof err), 0);
        snprintf(name, sizeof name, "hand-made %zu", i + 1);
        every_game_of(&ty, name, &t);
        bo_text_free(&t);
    }
    assert_int_equal(ty.games, 4);
    /* contest refuses the 20x20 and 5x5 games; everything else goes through */
    assert_int_equal(ty.refused, 2);
    assert_int_equal(ty.trips, 14);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(real_and_test_files),
        cmocka_unit_test(forbidden_case_positions),
        cmocka_unit_test(hand_made_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
