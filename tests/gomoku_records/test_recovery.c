/* test_recovery.c -- a game that cannot be read costs only itself (issue 7, item 1).
 *
 * For every Gomoku reader that holds several games in a file (contest records, PSQ,
 * SGF collections, move lists): real games from data/gomoku/ around one game broken
 * in each way we could think of.  The broken game must be reported (INVALID, kind
 * "parse", located inside it), every game must have a verdict (the summary accounts
 * for all), and the real games must keep the verdicts they have when read alone. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gm_notation.h"
#include "gm_validate.h"
#include "text.h"

#define DATA BOYI_SOURCE_DIR "/data/gomoku/"

enum { MAXV = 16 };

typedef struct seen {
    int n, warnings;
    struct {
        int game, status, line, moves;
        char kind[16], result[16], ending[128], message[256];
    } v[MAXV];
    char warning[MAXV][256];
} seen;

static void on_verdict(void *ctx, const bo_verdict *v)
{
    seen *s = ctx;
    if (s->n >= MAXV) { s->n++; return; }
    s->v[s->n].game = v->game;
    s->v[s->n].status = v->status;
    s->v[s->n].line = v->line;
    s->v[s->n].moves = v->moves;
    snprintf(s->v[s->n].kind, sizeof s->v[s->n].kind, "%s", v->kind ? v->kind : "");
    snprintf(s->v[s->n].result, sizeof s->v[s->n].result, "%s", v->result ? v->result : "");
    snprintf(s->v[s->n].ending, sizeof s->v[s->n].ending, "%s", v->ending ? v->ending : "");
    snprintf(s->v[s->n].message, sizeof s->v[s->n].message, "%s", v->message ? v->message : "");
    s->n++;
}

static void on_warning(void *ctx, const bo_warning *w)
{
    seen *s = ctx;
    if (s->warnings < MAXV) snprintf(s->warning[s->warnings], sizeof s->warning[0], "%d:%d %s", w->line, w->col, w->message);
    s->warnings++;
}

/* Validate TEXT (named NAME) as gomoku, as `boyi validate --game gomoku` does. */
static void validate(const char *name, const char *text, size_t n, bool strict, seen *s)
{
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_from_bytes(&t, name, (const unsigned char *)text, n, err, sizeof err), 0);
    memset(s, 0, sizeof *s);
    bo_verdict_sink sink = {on_verdict, on_warning, s};
    gm_validate_opts o = {.rules = GM_RENJU, .strict = strict};
    if (gm_validate_text(&t, &o, &sink, err, sizeof err) != 0) fail_msg("%s: %s", name, err);
    bo_text_free(&t);
}

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)len + 1);
    assert_non_null(b);
    assert_int_equal(fread(b, 1, (size_t)len, f), (size_t)len);
    b[len] = '\0';
    fclose(f);
    *n = (size_t)len;
    return b;
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++) n += *s == '\n';
    return n;
}

/* GOOD1, BROKEN, GOOD2 in one file: three verdicts, the broken one a located parse
 * fault inside BROKEN's lines, the good ones as they are alone (REF1, REF2). */
static void check_sandwich(const char *what, const char *good1, const char *broken, const char *good2,
                           const seen *ref1, const seen *ref2, bool strict)
{
    size_t n = strlen(good1) + strlen(broken) + strlen(good2) + 4;
    char *file = malloc(n);
    assert_non_null(file);
    snprintf(file, n, "%s%s\n%s", good1, broken, good2);
    seen s;
    validate(what, file, strlen(file), strict, &s);
    int first = count_lines(good1) + 1, last = first + count_lines(broken);
    if (s.n != 3) fail_msg("%s: %d verdicts, 3 expected (first: %s %s)", what, s.n, s.v[0].kind, s.v[0].message);
    for (int k = 0; k < 3; k++) assert_int_equal(s.v[k].game, k + 1);
    if (s.v[1].status != BO_VERDICT_INVALID || strcmp(s.v[1].kind, "parse") != 0)
        fail_msg("%s: the broken game is '%s' (%s), a parse fault expected", what, s.v[1].kind, s.v[1].message);
    if (s.v[1].line < first || s.v[1].line > last)
        fail_msg("%s: the fault is located at line %d, outside the broken game's lines %d-%d (%s)", what, s.v[1].line,
                 first, last, s.v[1].message);
    const seen *refs[2] = {ref1, ref2};
    for (int k = 0; k < 2; k++) {
        int i = k * 2;
        if (s.v[i].status != refs[k]->v[0].status || s.v[i].moves != refs[k]->v[0].moves
            || strcmp(s.v[i].result, refs[k]->v[0].result) != 0 || strcmp(s.v[i].ending, refs[k]->v[0].ending) != 0)
            fail_msg("%s: game %d is '%s %d %s' (%s), alone it is '%s %d %s'", what, i + 1, s.v[i].result, s.v[i].moves,
                     s.v[i].ending, s.v[i].message, refs[k]->v[0].result, refs[k]->v[0].moves, refs[k]->v[0].ending);
    }
    free(file);
}

/* A real game alone: its verdict is the reference (and is what the e2e tests say). */
static void reference(const char *name, const char *text, int plies, const char *result, seen *ref)
{
    validate(name, text, strlen(text), false, ref);
    assert_int_equal(ref->n, 1);
    assert_int_equal(ref->v[0].status, BO_VERDICT_OK);
    assert_int_equal(ref->v[0].moves, plies);
    assert_string_equal(ref->v[0].result, result);
}

static void contest_records(void **state)
{
    (void)state;
    size_t n;
    char *all = slurp(DATA "contest-utf8.txt", &n);
    /* the file's two real records, one a line */
    char *nl = strchr(all, '\n');
    assert_non_null(nl);
    char *g1 = strndup(all, (size_t)(nl - all + 1)), *g2 = strdup(nl + 1);
    seen r1, r2;
    reference("c1", g1, 59, "1-0", &r1);
    reference("c2", g2, 92, "0-1", &r2);
    static const char *const broken[] = {
        "{[C5][甲 B][乙 W][先手胜][2019.07.20 沈阳][ev];B(H,8);W(I 9);B(J,10)}\n",        /* ',' missing */
        "{[C5][甲 B][乙 W][先手胜][2019.07.20 沈阳][ev];B(H,8);X(I,9);B(J,10)}\n",       /* unknown colour */
        "{[C5][甲 B][乙 W][先手胜][2019.07.20 沈阳][ev];B(H,8);W(I,9);B(J,}\n",          /* move cut short */
        "{[C5][甲 B][乙 W][先手胜][2019.07.20 沈阳][ev];B(H,8);W(I,9)\n",                /* '}' missing */
        "{[C5][甲 B][乙 W][先手胜][2019.07.20 沈阳;B(H,8);W(I,9)}\n",                    /* ']' missing */
        "{[C5][甲 B][乙 W][先手胜][2019.07.20 沈阳][ev];B(H,8);[x];W(I,9)}\n",          /* header among moves */
        "{[C5][甲 B][乙 W][先手胜][2019.07.20 沈阳][ev];B(H,8);\x01\x02;W(I,9)}\n",     /* control bytes */
        "{[C5][甲 B][乙 W][先手胜][2019.07.20 沈阳][ev];B(H,8)};W(I,9)}\n",             /* '}' too early */
        "{[C5][甲 B][乙 W][先手胜][2019.07.20 沈阳][ev];B(H,1234);W(I,9)}\n",           /* row too long */
        "{[C5][甲 B][乙 W][先手胜][2019.07.20 沈阳][ev];B(H,8);W(\n",                    /* cut, next line a record */
    };
    for (size_t i = 0; i < sizeof broken / sizeof *broken; i++) {
        char what[32];
        snprintf(what, sizeof what, "contest case %zu", i + 1);
        check_sandwich(what, g1, broken[i], g2, &r1, &r2, false);
    }
    /* '{' missing: read with a warning by default, a parse fault with --strict */
    const char *open = "[C5][甲 B][乙 W][*][2019.07.20 沈阳][ev];B(H,8);W(I,9)}\n";
    check_sandwich("contest without '{' (strict)", g1, open, g2, &r1, &r2, true);
    size_t fn = strlen(g1) + strlen(open) + strlen(g2) + 1;
    char *file = malloc(fn);
    snprintf(file, fn, "%s%s%s", g1, open, g2);
    seen s;
    validate("open", file, strlen(file), false, &s);
    assert_int_equal(s.n, 3);
    assert_int_equal(s.v[1].status, BO_VERDICT_OK);
    assert_int_equal(s.v[1].moves, 2);
    assert_int_equal(s.warnings, 1);
    assert_non_null(strstr(s.warning[0], "2:1 record does not start with '{'"));
    free(file);
    free(g1);
    free(g2);
    free(all);
}

static void psq_files(void **state)
{
    (void)state;
    size_t n;
    char *g = slurp(DATA "game.psq", &n);
    seen r;
    reference("p", g, 88, "0-1", &r);
    static const char *const broken[] = {
        "Piskvorky 15x15, 11:11, 0\n8,8,100\n8,x,100\n9,9,100\na\nb\n-1\n",            /* malformed move */
        "Piskvorky 15x16, 11:11, 0\n8,8,100\n9,9,100\na\nb\n-1\n",                     /* not square */
        "Piskvorky 99x99, 11:11, 0\n8,8,100\n9,9,100\na\nb\n-1\n",                     /* too big */
        "8,8,100\n9,9,100\na\nb\n-1\n",                                                /* header missing */
        "Piskvorky 15x15, 11:11, 0\n8,8,100\na\nb\n9,9,100\n-1\n",                     /* move after trailer */
        "Piskvorky 15x15, 11:11, 0\n8,8,100\n\x01\x02\n9,9,100\n-1\n",                 /* control bytes */
        "Piskvorky 15x15, 11:11, 0\n8,8,100\n1234567890123,1,0\n9,9,100\n-1\n",        /* number too long */
        "Piskvorky\n8,8,100\n9,9,100\n-1\n",                                           /* header without size */
    };
    for (size_t i = 0; i < sizeof broken / sizeof *broken; i++) {
        char what[32];
        snprintf(what, sizeof what, "psq case %zu", i + 1);
        check_sandwich(what, g, broken[i], g, &r, &r, false);
    }
    free(g);
}

static void sgf_collections(void **state)
{
    (void)state;
    size_t n;
    char *g = slurp(DATA "game.sgf", &n);
    seen r;
    reference("s", g, 92, "0-1", &r);
    static const char *const broken[] = {
        "(;GM[4]SZ[15];B[hh];W[i];B[jj])\n",                  /* a point of one letter */
        "(;GM[4]SZ[15];B[hh];W[];B[jj])\n",                   /* a pass */
        "(;GM[4]SZ[15]AB[aa];B[hh];W[ii])\n",                 /* set-up stones */
        "(;GM[4]SZ[15];B[hh];W[ii]\n",                        /* ')' missing before the next tree */
        "(;GM[4]SZ[15]C[a note never closed;B(hh)\n",          /* value runs into the next tree */
        "(;GM[1]SZ[19];B[pd];W[dp])\n",                       /* Go */
        "(;GM[4]SZ[15];B[hh]%;W[ii])\n",                      /* a stray character */
        "(;GM[4]SZ[99];B[hh];W[ii])\n",                       /* board too big */
        "(;GM[4]SZ[15];B[hh];W[ii](;B[jj])(;B[kk];W)\n",      /* property without value, ')' missing */
        "(;GM[4]SZ[15];B[hh];W[ii](;B[j\x01])(;B[kk]))\n",    /* bad point in the main line's variation */
    };
    for (size_t i = 0; i < sizeof broken / sizeof *broken; i++) {
        char what[32];
        snprintf(what, sizeof what, "sgf case %zu", i + 1);
        check_sandwich(what, g, broken[i], g, &r, &r, false);
    }
    free(g);
}

static void move_lists(void **state)
{
    (void)state;
    size_t n;
    char *g = slurp(DATA "game-moves.txt", &n);
    seen r;
    reference("m", g, 59, "1-0", &r);
    static const char *const broken[] = {
        "h8 i9 zz9x j10 0-1\n",               /* not a point */
        "h2e2 h9g7 1-0\n",                    /* Xiangqi ICCS */
        "# size: 99\nh8 i9 *\n",              /* a size boyi does not play */
        "@@@ h8 i9 1-0\n",                    /* junk */
        "h8 i9 j10k\n",                       /* no result token: the next game's header ends it */
        "\x01\x02 h8 1-0\n",                  /* control bytes */
        "h8 i 9x 1-0\n",                      /* a point cut in two */
        "# black: x\nh8 i9 1.2.3.4.h8.5 0-1\n",  /* numbers run into a point */
    };
    for (size_t i = 0; i < sizeof broken / sizeof *broken; i++) {
        char what[32];
        snprintf(what, sizeof what, "moves case %zu", i + 1);
        check_sandwich(what, g, broken[i], g, &r, &r, false);
    }
    free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(contest_records),
        cmocka_unit_test(psq_files),
        cmocka_unit_test(sgf_collections),
        cmocka_unit_test(move_lists),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
