/* test_recovery.c -- one broken game in the middle of a file costs that game only.
 *
 * Five legal games; the third is broken in one way at a time, in both layouts
 * real files use (one game per line, as the 48th Polish Team Championship export, and
 * tags on their own lines).  Each file must give five games: games 1, 2, 4 and 5 read
 * with their moves and judged ok, game 3 located with what the defect deserves: a
 * parse error, a lenient warning (a parse error with --strict), or a position fault. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dr_pdn.h"
#include "dr_validate.h"
#include "text.h"

/* The good games: tags, then moves.  Every opening is legal from the start position
 * (checked by hand on the diagram, and the judge agrees). */
static const char *const good_moves[5] = {
    "1. 32-28 18-23 2. 37-32 12-18 *",
    "1. 33-28 17-21 2. 31-27 21-26 1-0",
    "1. 32-28 19-23 2. 28x19 14x23 *",
    "1. 34-29 17-21 2. 40-34 21-26 0-2",
    "1. 31-26 17-21 2. 26x17 12x21 1-1",
};
static const char *const good_first[5] = {"32-28", "33-28", "32-28", "34-29", "31-26"};

typedef enum { EXPECT_PARSE, EXPECT_WARN, EXPECT_POSITION } expect;

/* A defect of game 3: its tags (after [Event "g3"]) and its body as written. */
typedef struct defect {
    const char *name;
    const char *tags;      /* extra tag text after [Event "g3"], may be "" */
    const char *body;
    expect lenient, strict;
} defect;

static const defect defects[] = {
    {"unclosed comment", "", "1. 32-28 { never closed 18-23 *", EXPECT_PARSE, EXPECT_PARSE},
    {"stray '}'", "", "1. 32-28 } 18-23 *", EXPECT_PARSE, EXPECT_PARSE},
    {"unclosed variation", "", "1. 32-28 (1. 33-28 18-23 *", EXPECT_WARN, EXPECT_PARSE},
    {"unclosed variation at the end", "", "1. 32-28 18-23 (2. 33-28", EXPECT_WARN, EXPECT_PARSE},
    {"stray ')'", "", "1. 32-28 18-23 ) *", EXPECT_PARSE, EXPECT_PARSE},
    {"tag value not quoted", "[Site nowhere]", "1. 32-28 18-23 *", EXPECT_PARSE, EXPECT_PARSE},
    {"unterminated string", "[Site \"nowhere]", "1. 32-28 18-23 *", EXPECT_PARSE, EXPECT_PARSE},
    {"tag not closed", "[Site \"x\"", "1. 32-28 18-23 *", EXPECT_PARSE, EXPECT_PARSE},
    {"stray ']'", "", "1. 32-28 ] 18-23 *", EXPECT_PARSE, EXPECT_PARSE},
    {"garbage bytes", "", "1. 32-28 \x01\x7f@# 18-23 *", EXPECT_PARSE, EXPECT_PARSE},
    {"non-ASCII garbage", "", "1. 32-28 \xc2\xa7\xc2\xa7 18-23 *", EXPECT_PARSE, EXPECT_PARSE},
    {"three-digit square", "", "1. 32-28 18-233 *", EXPECT_PARSE, EXPECT_PARSE},
    {"move number alone", "", "1. 32-28 18-23 2. *", EXPECT_WARN, EXPECT_PARSE},
    {"stray '.'", "", "1. 32-28 . 18-23 *", EXPECT_WARN, EXPECT_PARSE},
    {"two dots", "", "1. 32-28 .. 18-23 *", EXPECT_WARN, EXPECT_PARSE},
    {"strength without a move", "", "1. 32-28 {c} ! 18-23 *", EXPECT_PARSE, EXPECT_PARSE},
    {"half a move", "", "1. 32-28 18- *", EXPECT_PARSE, EXPECT_PARSE},
    {"unterminated setup", "", "1. 32-28 /FEN \"W:W31-50:B1-20\" 18-23 *", EXPECT_PARSE, EXPECT_PARSE},
    {"bad NAG", "", "1. 32-28 $ 18-23 *", EXPECT_PARSE, EXPECT_PARSE},
    {"missing result", "", "1. 32-28 18-23", EXPECT_WARN, EXPECT_PARSE},
    {"'-' as the result", "", "1. 32-28 18-23 -", EXPECT_WARN, EXPECT_PARSE},
    {"tag without value", "[Empty]", "1. 32-28 18-23 *", EXPECT_WARN, EXPECT_PARSE},
    {"literal \\r after a tag", "[Site \"x\"]\\r", "1. 32-28 18-23 *", EXPECT_WARN, EXPECT_PARSE},
    {"HTML entity in a tag name", "[Black&amp;White \"x\"]", "1. 32-28 18-23 *", EXPECT_WARN, EXPECT_PARSE},
    {"doubled '['", "[[Site \"x\"]", "1. 32-28 18-23 *", EXPECT_WARN, EXPECT_PARSE},
    {"bad FEN tag", "[FEN \"W:W31-55:B1-20\"]", "1. 32-28 18-23 *", EXPECT_POSITION, EXPECT_POSITION},
    {"FEN tag not a FEN", "[FEN \"hello\"]", "1. 32-28 *", EXPECT_POSITION, EXPECT_POSITION},
};

/* Build the file: LAYOUT 0 = one game per line, 1 = tags on their own lines. */
static char *build(const defect *d, int layout)
{
    size_t cap = 4096;
    char *s = malloc(cap);
    assert_non_null(s);
    size_t n = 0;
    for (int g = 0; g < 5; g++) {
        /* the good games' results are not reached on the board: a Termination says why
         * (else --strict refuses them: result_policy.h) */
        const char *tags = g == 2 ? d->tags : "[Site \"here\"] [Termination \"resignation\"]";
        const char *body = g == 2 ? d->body : good_moves[g];
        const char *sep = layout == 0 ? " " : "\n";
        n += (size_t)snprintf(s + n, cap - n, "[Event \"g%d\"]%s%s%s%s\n%s", g + 1, sep, tags, *tags ? sep : "", body,
                              layout == 0 ? "" : "\n");
        assert_true(n < cap);
    }
    return s;
}

typedef struct verdicts {
    bo_verdict_status status[16];
    char kind[16][16];
    int n, warnings;
} verdicts;

static void on_verdict(void *ctx, const bo_verdict *v)
{
    verdicts *vs = ctx;
    if (vs->n < 16) {
        vs->status[vs->n] = v->status;
        snprintf(vs->kind[vs->n], sizeof vs->kind[0], "%s", v->kind ? v->kind : "");
    }
    vs->n++;
}

static void on_warning(void *ctx, const bo_warning *w)
{
    verdicts *vs = ctx;
    vs->warnings++;
    assert_true(w->line >= 1 && w->col >= 1);
}

static int count_notes(const bo_record *r, bo_note_kind k)
{
    int n = 0;
    for (int i = 0; i < r->nnotes; i++) n += r->notes[i].kind == k;
    return n;
}

static void check_one(const defect *d, int layout, bool strict)
{
    char *src = build(d, layout);
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_from_bytes(&t, "t.pdn", (const unsigned char *)src, strlen(src), err, sizeof err), 0);
    dr_pdn_options o = {strict};
    dr_pdn_games gs;
    assert_int_equal(dr_pdn_read_all_with(t.data, t.len, &o, &gs, err, sizeof err), 0);
    const char *mode = strict ? "strict" : "lenient";
    const char *lay = layout == 0 ? "one game per line" : "tags on their own lines";
    if (gs.n != 5) fail_msg("%s (%s, %s): %d games read, not 5", d->name, lay, mode, gs.n);
    dr_validate_options vo = {strict, false, false};
    for (int g = 0; g < 5; g++) {
        const bo_record *r = &gs.items[g].rec;
        assert_int_equal(r->index, g + 1);
        verdicts vs;
        memset(&vs, 0, sizeof vs);
        bo_verdict_sink sink = {on_verdict, on_warning, &vs};
        dr_validate_record_with(r, "t.pdn", NULL, &vo, &sink);
        assert_int_equal(vs.n, 1);
        char want_event[16];
        snprintf(want_event, sizeof want_event, "g%d", g + 1);
        const char *ev = bo_record_tag(r, "Event");
        if (!ev || strcmp(ev, want_event) != 0)
            fail_msg("%s (%s, %s): game %d has Event '%s'", d->name, lay, mode, g + 1, ev ? ev : "(none)");
        if (g != 2) {
            if (r->nnotes || vs.status[0] != BO_VERDICT_OK || r->nmoves != 4 || strcmp(r->moves[0].text, good_first[g]) != 0)
                fail_msg("%s (%s, %s): good game %d: %d notes, verdict %s, %d moves", d->name, lay, mode, g + 1,
                         r->nnotes, vs.kind[0], r->nmoves);
            continue;
        }
        expect e = strict ? d->strict : d->lenient;
        int errors = count_notes(r, BO_NOTE_ERROR), warnings = count_notes(r, BO_NOTE_WARNING);
        bool good = false;
        switch (e) {
        case EXPECT_PARSE:
            good = errors > 0 && vs.status[0] == BO_VERDICT_INVALID && strcmp(vs.kind[0], "parse") == 0;
            break;
        case EXPECT_WARN:
            good = errors == 0 && warnings > 0 && vs.warnings > 0 && vs.status[0] == BO_VERDICT_OK && r->nmoves >= 1;
            break;
        case EXPECT_POSITION:
            good = errors == 0 && vs.status[0] == BO_VERDICT_INVALID && strcmp(vs.kind[0], "position") == 0;
            break;
        }
        if (!good)
            fail_msg("%s (%s, %s): game 3: %d errors, %d warnings, verdict %d '%s'%s%s", d->name, lay, mode, errors, warnings,
                     (int)vs.status[0], vs.kind[0], r->nnotes ? ": " : "", r->nnotes ? r->notes[0].text : "");
        for (int i = 0; i < r->nnotes; i++) assert_true(r->notes[i].line >= 1 && r->notes[i].col >= 1);
    }
    dr_pdn_games_free(&gs);
    bo_text_free(&t);
    free(src);
}

static void every_defect_costs_one_game(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof defects / sizeof defects[0]; i++)
        for (int layout = 0; layout < 2; layout++) {
            check_one(&defects[i], layout, false);
            check_one(&defects[i], layout, true);
        }
}

/* The reproduction of the issue: with '-' as the first game's result, a file with one
 * game per line gave one game; the same games on separate lines gave three. */
static void the_issue_file(void **state)
{
    (void)state;
    const char *src = "[Event \"a\"] 1. 32-28 -\n[Event \"b\"] 1. 32-28 18-23 *\n[Event \"c\"] 1. 33-28 *\n";
    for (int strict = 0; strict < 2; strict++) {
        dr_pdn_options o = {strict != 0};
        dr_pdn_games gs;
        char err[128];
        assert_int_equal(dr_pdn_read_all_with(src, strlen(src), &o, &gs, err, sizeof err), 0);
        assert_int_equal(gs.n, 3);
        assert_int_equal(gs.items[0].rec.errors, strict ? 1 : 0);
        assert_int_equal(gs.items[1].rec.nmoves, 2);
        assert_int_equal(gs.items[2].rec.nmoves, 1);
        assert_string_equal(gs.items[2].rec.result, "*");
        dr_pdn_games_free(&gs);
    }
}

/* Two broken games in a row, and a broken last game, in the one-line layout. */
static void broken_neighbours(void **state)
{
    (void)state;
    const char *src = "[Event \"a\"] 1. 32-28 { x *\n[Event \"b\"] 1. 32-28 ) *\n[Event \"c\"] 1. 33-28 *\n"
                      "[Event \"d\"] 1. 33-28 18-233 *";
    dr_pdn_games gs;
    char err[128];
    assert_int_equal(dr_pdn_read_all(src, strlen(src), &gs, err, sizeof err), 0);
    assert_int_equal(gs.n, 4);
    assert_true(gs.items[0].rec.errors > 0);
    assert_true(gs.items[1].rec.errors > 0);
    assert_int_equal(gs.items[2].rec.errors, 0);
    assert_true(gs.items[3].rec.errors > 0);
    assert_int_equal(gs.items[0].rec.notes[0].line, 1);
    assert_int_equal(gs.items[1].rec.notes[0].line, 2);
    assert_int_equal(gs.items[3].rec.notes[0].line, 4);
    dr_pdn_games_free(&gs);
}

/* Games without tags: after a broken one, reading goes on after the line that ends it. */
static void tagless_games(void **state)
{
    (void)state;
    static const char *const files[] = {
        "1. 32-28 ) 18-23 *\n1. 33-28 *\n1. 34-29 18-23 1-0\n",
        "1. 32-28\n) 18-23 *\n\n1. 33-28\n18-23 *\n\n1. 34-29 18-23\n2-0\n",
        "1. 32-28 {x 18-23 *\n1. 33-28 18-23 *\n1. 34-29 18-23 1-0\n",
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        dr_pdn_games gs;
        char err[128];
        assert_int_equal(dr_pdn_read_all(files[i], strlen(files[i]), &gs, err, sizeof err), 0);
        if (gs.n != 3) fail_msg("file %zu: %d games", i, gs.n);
        assert_true(gs.items[0].rec.errors > 0);
        assert_int_equal(gs.items[1].rec.errors, 0);
        assert_int_equal(gs.items[2].rec.errors, 0);
        assert_string_equal(gs.items[1].rec.moves[0].text, "33-28");
        assert_string_equal(gs.items[2].rec.moves[0].text, "34-29");
        dr_pdn_games_free(&gs);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_defect_costs_one_game),
        cmocka_unit_test(the_issue_file),
        cmocka_unit_test(broken_neighbours),
        cmocka_unit_test(tagless_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
