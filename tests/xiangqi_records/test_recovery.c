/* test_recovery.c -- one broken game never costs the others (issue 7, item 1).
 *
 * For each reader that holds several games in one file (PGN, contest frames),
 * a real file is read as it is and validated: that gives every game's verdict.
 * Then game 7 of 15 is broken in one way at a time (an unclosed comment or
 * variation, a bad or cut tag, garbage, a header cut short, a bad FEN, a
 * frame or field left open, ...) and the file validated again: there must
 * still be 15 games, game 7 must be invalid (kind "parse", or "position" for
 * the FEN) and located inside its own text, or, for the defects of wrapping
 * that are read with a warning, keep its verdict; every other game keeps its
 * verdict (status, plies, result, kind). PGN: the corpus's
 * xqdb_traditional.pgn. Contest: the same games written as frames. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "xqr_test_util.h"

enum { GAMES = 15, BROKEN = 7 };

/* What is compared of a verdict. */
typedef struct brief {
    int status, moves, line, col;
    char result[16], kind[16], message[200];
} brief;

/* Validate every game of text s (as the CLI reads it) into b; the count. */
static int verdicts(const char *s, brief *b, int max)
{
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_from_bytes(&t, "t", (const unsigned char *)s, strlen(s), err, sizeof err), 0);
    bo_record_list l = {0};
    if (xq_records_read(&t, &l, err, sizeof err) != 0) fail_msg("not read: %s", err);
    int n = l.n < max ? l.n : max;
    for (int i = 0; i < n; i++) {
        xq_check c;
        bo_verdict v;
        xq_check_init(&c);
        assert_int_equal(xq_check_record(&c, "t", &l.items[i], NULL, &v), 0);
        b[i].status = (int)v.status;
        b[i].moves = v.moves;
        b[i].line = v.line;
        b[i].col = v.col;
        snprintf(b[i].result, sizeof b[i].result, "%s", v.result ? v.result : "");
        snprintf(b[i].kind, sizeof b[i].kind, "%s", v.kind ? v.kind : "");
        snprintf(b[i].message, sizeof b[i].message, "%s", v.message ? v.message : "");
        xq_check_free(&c);
    }
    int total = l.n;
    bo_record_list_free(&l);
    bo_text_free(&t);
    return total;
}

/* 1-based line of byte offset off in s. */
static int line_of(const char *s, size_t off)
{
    int line = 1;
    for (size_t i = 0; i < off; i++) line += s[i] == '\n';
    return line;
}

/* s with [a, b) replaced by rep (a new string). */
static char *splice(const char *s, size_t a, size_t b, const char *rep)
{
    size_t n = strlen(s), rl = strlen(rep);
    char *o = malloc(n - (b - a) + rl + 1);
    memcpy(o, s, a);
    memcpy(o + a, rep, rl);
    memcpy(o + a + rl, s + b, n - b + 1);
    return o;
}

/* One way of breaking game 7: replace [from, to) of its text (offsets from the
 * game's start; to < 0: from the end of the game's text) by rep. Expected:
 * kind "parse" / "position", or "" when the game keeps its verdict. */
typedef struct breakage {
    const char *name;
    const char *find;      /* the break goes at the first occurrence of this in game 7 */
    int cut;               /* bytes of `find` replaced (0: rep inserted before it) */
    const char *rep;
    const char *kind;
} breakage;

/* Break game 7 of base (games start at offsets start[0..GAMES], start[GAMES]
 * the end) each way and check every game's verdict against the original's. */
static void break_each_way(const char *base, const size_t *start, const breakage *bk, size_t nb)
{
    brief orig[GAMES + 4], got[GAMES + 4];
    assert_int_equal(verdicts(base, orig, GAMES + 4), GAMES);
    size_t g0 = start[BROKEN - 1], g1 = start[BROKEN];
    for (size_t k = 0; k < nb; k++) {
        char *game = strndup(base + g0, g1 - g0);
        const char *at = strstr(game, bk[k].find);
        if (!at) fail_msg("%s: '%s' not in game %d", bk[k].name, bk[k].find, BROKEN);
        size_t a = g0 + (size_t)(at - game);
        char *s = splice(base, a, a + (size_t)bk[k].cut, bk[k].rep);
        free(game);
        int n = verdicts(s, got, GAMES + 4);
        if (n != GAMES) fail_msg("%s: %d games read, not %d", bk[k].name, n, GAMES);
        for (int i = 0; i < GAMES; i++) {
            brief *o = &orig[i], *w = &got[i];
            if (i == BROKEN - 1 && *bk[k].kind) {
                if (w->status != BO_VERDICT_INVALID || strcmp(w->kind, bk[k].kind) != 0)
                    fail_msg("%s: game %d: expected invalid (%s), got status %d kind '%s'", bk[k].name, i + 1,
                             bk[k].kind, w->status, w->kind);
                /* located inside the broken game's text */
                int l0 = line_of(s, g0), l1 = line_of(s, g1 + strlen(bk[k].rep) - (size_t)bk[k].cut);
                if (w->line < l0 || w->line > l1)
                    fail_msg("%s: game %d's fault at line %d, outside its lines %d..%d (%s)", bk[k].name, i + 1,
                             w->line, l0, l1, w->message);
                continue;
            }
            if (o->status != w->status || o->moves != w->moves || strcmp(o->result, w->result) != 0 ||
                strcmp(o->kind, w->kind) != 0)
                fail_msg("%s: game %d changed: status %d->%d, plies %d->%d, result %s->%s, kind '%s'->'%s' (%s)",
                         bk[k].name, i + 1, o->status, w->status, o->moves, w->moves, o->result, w->result, o->kind,
                         w->kind, w->message);
        }
        free(s);
    }
}

/* The file's text (UTF-8 as the loader gives it). */
static char *load(const char *path)
{
    bo_text t;
    char err[256];
    if (bo_text_load(&t, path, err, sizeof err) != 0) fail_msg("%s: %s", path, err);
    char *s = strndup(t.data, t.len);
    bo_text_free(&t);
    return s;
}

static void pgn_one_broken_game_costs_no_other(void **state)
{
    (void)state;
    char *base = load(XQR_CORPUS "xqdb_traditional.pgn");
    size_t start[GAMES + 1];
    int n = 0;
    for (const char *p = base; (p = strstr(p, "[Event ")) != NULL; p++) {
        assert_true(n < GAMES);
        start[n++] = (size_t)(p - base);
    }
    assert_int_equal(n, GAMES);
    start[GAMES] = strlen(base);
    /* game 7: [Event "World Xiangqi Championships 1997"] [Red "LE Thien Vi"]
     * [Black "BI BingJian"], then 1. 炮二平五 马２进３ 2. 马二进三 ... */
    static const breakage bk[] = {
        {"unclosed comment", "2. 马二进三", 0, "{never closed ", "parse"},
        {"unclosed variation", "2. 马二进三", 0, "(1... 马８进７ 2. 马八进七 ", "parse"},
        {"nested unclosed variation", "2. 马二进三", 0, "(1... 马８进７ (1... 卒７进１) 2. 马八进七 ", "parse"},
        {"garbage in the moves", "2. 马二进三", 0, "@@@#### ", "parse"},
        {"long garbage token", "2. 马二进三", 0,
         "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx ",
         "parse"},
        {"a move cut short", "2. 马二进三", 15, "2. 马二", "parse"},
        {"tag value cut short", "[Red \"LE Thien Vi\"]", 19, "[Red \"LE Thien", "parse"},
        {"header cut short (no moves)", "[Black", -1, "", "parse"},
        {"header cut inside a tag", "[Black", -1, "[Black \"BI Bi", "parse"},
        {"impossible FEN", "[Black", 0, "[FEN \"rnbakabnr/9/9 w - - 0 1\"]\n", "position"},
        {"FEN with two generals", "[Black", 0,
         "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKKBNR w - - 0 1\"]\n", "position"},
        {"illegal move", "2. 马二进三", 15, "2. 马二进四", "illegal"},
        /* defects of the wrapping: a warning, the game keeps its verdict */
        {"unescaped quotes in a tag", "[Red \"LE Thien Vi\"]", 19, "[Red \"LE \"Thien\" Vi\"]", ""},
        {"tag without a name", "[Red \"LE Thien Vi\"]", 19, "[ \"LE Thien Vi\" x", ""},
        {"tag without ']'", "[Red \"LE Thien Vi\"]", 19, "[Red \"LE Thien Vi\"", ""},
        {"tag without quotes", "[Red \"LE Thien Vi\"]", 19, "[Red LE Thien Vi]", ""},
        {"tag without closing quote", "[Red \"LE Thien Vi\"]", 19, "[Red \"LE Thien Vi]", ""},
        {"stray ')'", "2. 马二进三", 0, ") ", ""},
        {"stray '}'", "2. 马二进三", 0, "} ", ""},
        {"closed variation and comment", "2. 马二进三", 0, "(1... 马８进７ {a line} 2. 马八进七) {note} ", ""},
    };
    /* "header cut short": everything of game 7 from [Black on is gone */
    breakage b2[sizeof bk / sizeof bk[0]];
    memcpy(b2, bk, sizeof bk);
    const char *game7 = base + start[BROKEN - 1];
    size_t g7len = start[BROKEN] - start[BROKEN - 1];
    for (size_t k = 0; k < sizeof bk / sizeof bk[0]; k++)
        if (b2[k].cut < 0) {
            const char *at = strstr(game7, "[Black");
            assert_non_null(at);
            b2[k].cut = (int)(g7len - (size_t)(at - game7));
            /* keep a blank line before the next game */
            char *rep = malloc(strlen(b2[k].rep) + 3);
            sprintf(rep, "%s\n\n", b2[k].rep);
            b2[k].rep = rep;
        }
    break_each_way(base, start, b2, sizeof bk / sizeof bk[0]);
    for (size_t k = 0; k < sizeof bk / sizeof bk[0]; k++)
        if (bk[k].cut < 0) free((char *)b2[k].rep);
    free(base);
}

/* The games of xqdb_traditional.pgn written as contest frames, one a line. */
__attribute__((noinline)) static char *as_frames(void)
{
    bo_record_list l = {0};
    assert_int_equal(xqr_read_file(XQR_CORPUS "xqdb_traditional.pgn", &l), 0);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    for (int i = 0; i < l.n; i++) {
        xq_check c;
        bo_verdict v;
        char err[256];
        xq_check_init(&c);
        assert_int_equal(xq_check_record(&c, "t", &l.items[i], NULL, &v), 0);
        const char *claim = l.items[i].result ? xq_result_normalise(l.items[i].result, strlen(l.items[i].result)) : "*";
        assert_int_equal(xq_contest_write(f, &l.items[i], &c.start, c.moves, c.nmoves, claim ? claim : "*", err, sizeof err), 0);
        xq_check_free(&c);
    }
    fclose(f);
    bo_record_list_free(&l);
    return buf;
}

static void contest_one_broken_frame_costs_no_other(void **state)
{
    (void)state;
    char *base = as_frames();
    size_t start[GAMES + 1];
    int n = 0;
    for (const char *p = base; (p = strstr(p, "{[XQ]")) != NULL; p++) {
        assert_true(n < GAMES);
        start[n++] = (size_t)(p - base);
    }
    assert_int_equal(n, GAMES);
    start[GAMES] = strlen(base);
    /* frame 7: {[XQ][LE Thien Vi R][BI BingJian B][..][][World Xiangqi
     * Championships 1997];1.炮二平五 马２进３;2.马二进三 ...} */
    static const breakage bk[] = {
        {"frame never closed", "}\n", 1, "", "parse"},
        {"frame cut in its header", "[BI BingJian B]", -1, "[BI Bing\n", "parse"},
        {"header field never closed", "[BI BingJian B]", 15, "[BI BingJian B\n", "parse"},
        {"garbage in the moves", ";2.马二进三", 0, ";@@@####", "parse"},
        {"a move cut short", ";2.马二进三", 15, ";2.马二", "parse"},
        {"impossible FEN field", ";1.", 0, "[FEN rnbakabnr/9/9 w - - 0 1]", "position"},
        {"illegal move", ";2.马二进三", 15, ";2.马二进四", "illegal"},
        /* read as they are: the game keeps its verdict */
        {"'}' and ';' inside a field", "[BI BingJian B]", 15, "[BI {Bing}; Jian B]", ""},
        {"field not closed before the next", "[BI BingJian B]", 15, "[BI BingJian B", ""},
        {"text between frames", "}\n", 2, "}\nsome words between the games\n", ""},
    };
    breakage b2[sizeof bk / sizeof bk[0]];
    memcpy(b2, bk, sizeof bk);
    const char *g7 = base + start[BROKEN - 1];
    size_t g7len = start[BROKEN] - start[BROKEN - 1];
    for (size_t k = 0; k < sizeof bk / sizeof bk[0]; k++)
        if (b2[k].cut < 0) {
            const char *at = strstr(g7, b2[k].find);
            assert_non_null(at);
            b2[k].cut = (int)(g7len - (size_t)(at - g7));
        }
    break_each_way(base, start, b2, sizeof bk / sizeof bk[0]);
    free(base);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pgn_one_broken_game_costs_no_other),
        cmocka_unit_test(contest_one_broken_frame_costs_no_other),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
