/* test_rules.c -- Junqi's rules (RULES.md section 6) on hand-made positions: each
 * expectation is read off the rule book and the board, written beside the case. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "game.h"
#include "junqi.h"

static jq_pos pos_of(const char *text)
{
    jq_pos p;
    char err[256];
    if (jq_from_text(&p, text, err, sizeof err) != 0) fail_msg("%s: %s", text, err);
    return p;
}

static bool legal(const jq_pos *p, const char *mv)
{
    uint32_t m;
    char err[256];
    return jq_move_from_text(p, mv, &m, err, sizeof err) == 0;
}

static void play(jq_pos *p, const char *mv)
{
    uint32_t m;
    char err[256];
    if (jq_move_from_text(p, mv, &m, err, sizeof err) != 0) fail_msg("%s: %s", mv, err);
    jq_undo u;
    jq_play(p, m, &u);
}

static int at(const char *name)
{
    const char *s = name;
    return jq_post_parse(&s);
}

static void test_fight_table(void **state)
{
    (void)state;
    /* Lower rank removed, equal both; bomb both with anything; landmine: engineer
     * takes it, bomb both, anyone else dies; flag falls to anything. */
    assert_int_equal(jq_fight(JQ_MARSHAL, JQ_GENERAL), JQ_WINS);
    assert_int_equal(jq_fight(JQ_PLATOON, JQ_ENGINEER), JQ_WINS);
    assert_int_equal(jq_fight(JQ_ENGINEER, JQ_PLATOON), JQ_LOSES);
    assert_int_equal(jq_fight(JQ_BATTALION, JQ_BATTALION), JQ_BOTH);
    assert_int_equal(jq_fight(JQ_BOMB, JQ_MARSHAL), JQ_BOTH);
    assert_int_equal(jq_fight(JQ_MARSHAL, JQ_BOMB), JQ_BOTH);
    assert_int_equal(jq_fight(JQ_BOMB, JQ_FLAG), JQ_BOTH);
    assert_int_equal(jq_fight(JQ_BOMB, JQ_MINE), JQ_BOTH);
    assert_int_equal(jq_fight(JQ_ENGINEER, JQ_MINE), JQ_WINS);
    assert_int_equal(jq_fight(JQ_MARSHAL, JQ_MINE), JQ_LOSES);
    assert_int_equal(jq_fight(JQ_ENGINEER, JQ_FLAG), JQ_WINS);
}

/* Red: flag b1, field marshal a2, company a4, engineer e2; black: flag d12,
 * general e10.  Rows 12..1. */
static const char *RAIL = "3f1/5/4g/5/5/5/5/5/C4/5/M3E/1F3 r 0";

static void test_railways(void **state)
{
    (void)state;
    jq_pos p = pos_of(RAIL);
    assert_true(legal(&p, "a2-a3"));
    assert_false(legal(&p, "a2-a5"));    /* the company on a4 blocks the rail */
    assert_true(legal(&p, "a2-d2"));     /* straight along row 2 */
    assert_false(legal(&p, "a2-e2"));    /* own engineer there */
    assert_true(legal(&p, "a2-b3"));     /* a camp's diagonal road */
    assert_false(legal(&p, "a2-b1"));    /* no link a2-b1 */
    /* The engineer turns: e2 up column e to e6, along row 6 to a6; and takes the
     * general at e10 by rail; a non-engineer cannot turn. */
    assert_true(legal(&p, "e2-a6"));
    assert_true(legal(&p, "e2-e10"));
    assert_true(legal(&p, "e2-e11"));    /* not past the general, but round by a6-a11 and row 11 */
    assert_true(legal(&p, "e2-b2"));
    assert_false(legal(&p, "e2-a3"));    /* a2 (own marshal) blocks the turn into column a */
    assert_true(legal(&p, "a4-a5"));
    assert_true(legal(&p, "a4-a11"));    /* straight up column a, across the front */
    assert_false(legal(&p, "a4-b6"));    /* a turn at a6: only an engineer */
}

static void test_immobile(void **state)
{
    (void)state;
    /* Red company in headquarters d1, landmine a1, flag b1; black: flag d12, company
     * in the camp b8; red marshal a7 next to b8 (camp diagonal). */
    jq_pos p = pos_of("3f1/5/5/5/1c3/M4/5/5/5/5/5/LF1C1 r 0");
    assert_false(legal(&p, "d1-d2"));
    assert_false(legal(&p, "d1-c1"));
    assert_false(legal(&p, "a1-a2"));
    assert_false(legal(&p, "b1-c1"));
    assert_false(legal(&p, "a7-b8"));   /* a piece in a camp cannot be attacked */
    assert_true(legal(&p, "a7-a8"));
    assert_false(legal(&p, "a7-c9"));   /* no link a7-c9 */
    assert_false(legal(&p, "a7-a12"));  /* the rail ends at a11; a11-a12 is a road */
    assert_true(legal(&p, "a7-a11"));
}

static void test_collisions_and_knowledge(void **state)
{
    (void)state;
    /* Red bomb a6 meets black marshal a7: both fall, black shows its flag (d12). */
    jq_pos p = pos_of("3f1/5/5/5/5/m4/X4/5/5/5/5/1F1E1 r 0");
    play(&p, "a6-a7");
    assert_int_equal(p.cell[at("a7")], 0);
    assert_int_equal(p.cell[at("a6")], 0);
    assert_int_equal(p.known[at("d12")], JQ_MASK(JQ_FLAG));
    assert_int_equal(p.quiet, 0);
    /* Red's bomb, to black: a mover whose collision with the marshal ended even:
     * only a bomb or a marshal. */
    assert_int_equal(p.dead[0][p.ndead[0] - 1], JQ_MASK(JQ_BOMB) | JQ_MASK(JQ_MARSHAL));
    /* An engineer turning shows what it is. */
    jq_pos q = pos_of(RAIL);
    play(&q, "e2-a6");
    assert_int_equal(q.known[at("a6")], JQ_MASK(JQ_ENGINEER));
    /* A straight run shows only that it moves. */
    q = pos_of(RAIL);
    play(&q, "a2-d2");
    assert_int_equal(q.known[at("d2")], JQ_MOVABLE);
    /* The company attacks a landmine and dies: black learns it is below an engineer... no:
     * any attacker but an engineer or a bomb dies on a landmine. */
    jq_pos r = pos_of("l2f1/C4/5/5/5/5/5/5/5/5/5/1F3 r 0");
    play(&r, "a11-a12");
    assert_int_equal(r.cell[at("a11")], 0);
    assert_int_equal(jq_cell_kind(r.cell[at("a12")]), JQ_MINE);
    /* To red the defender is a landmine or anything above a company. */
    uint16_t want = JQ_MASK(JQ_MINE) | JQ_MASK(JQ_BATTALION) | JQ_MASK(JQ_REGIMENT) | JQ_MASK(JQ_BRIGADE) |
                    JQ_MASK(JQ_DIVISION) | JQ_MASK(JQ_GENERAL) | JQ_MASK(JQ_MARSHAL);
    assert_int_equal(r.known[at("a12")] & want, r.known[at("a12")]);
    assert_true(r.known[at("a12")] & JQ_MASK(JQ_MINE));
}

static void test_results(void **state)
{
    (void)state;
    int w;
    /* The flag captured: black loses (both sides can still move). */
    jq_pos p = pos_of("c2f1/3C1/5/5/5/5/5/5/5/5/1E3/1F3 r 0");
    play(&p, "d11-d12");
    assert_int_equal(jq_result(&p, &w), 11);
    assert_int_equal(w, 0);
    /* 31 plies without a collision: after the 31st, the side to move loses. */
    jq_pos q = pos_of("3f1/4c/5/5/5/5/5/5/5/5/E4/1F3 r 30");
    assert_int_equal(jq_result(&q, &w), 0);
    play(&q, "a2-a3");
    assert_int_equal(jq_result(&q, &w), 7);
    assert_int_equal(w, 0);   /* black is to move and loses */
    /* One side cannot move (black has only its flag and a landmine): it loses. */
    jq_pos r = pos_of("2lf1/5/5/5/5/5/5/5/5/5/E4/1F3 r 0");
    assert_int_equal(jq_result(&r, &w), 2);
    assert_int_equal(w, 0);
    /* Neither can move: a draw. */
    jq_pos s = pos_of("2lf1/5/5/5/5/5/5/5/5/5/5/LF3 r 0");
    assert_int_equal(jq_result(&s, &w), 2);
    assert_int_equal(w, -1);
    /* The rule book's order: "cannot move" comes before "flag captured" (Decision):
     * red's last mover takes the flag and stands in the headquarters, black still has
     * a mover: red cannot move, so red loses. */
    jq_pos t = pos_of("3f1/3C1/5/5/5/5/5/5/5/c4/5/1F3 r 0");
    play(&t, "d11-d12");
    assert_int_equal(jq_result(&t, &w), 2);
    assert_int_equal(w, 1);
}

static void test_deployment(void **state)
{
    (void)state;
    jq_pos p;
    jq_empty(&p);
    assert_true(legal(&p, "b1=F"));
    assert_false(legal(&p, "c1=F"));     /* the flag goes in a headquarters */
    assert_false(legal(&p, "b1=L"));     /* the order starts with the flag */
    play(&p, "d1=F");
    assert_true(legal(&p, "a1=L"));
    assert_false(legal(&p, "a3=L"));     /* landmines only on the last two rows */
    assert_false(legal(&p, "d2=L"));     /* d2, e2 are the last two free: no room above for two more */
    assert_true(legal(&p, "c2=L"));
    play(&p, "a1=L");
    play(&p, "b1=L");
    play(&p, "c1=L");
    assert_false(legal(&p, "e1=X"));     /* no bomb on the first row */
    assert_false(legal(&p, "b3=X"));     /* no piece in a camp */
    assert_true(legal(&p, "a2=X"));
    /* A text with a bomb on the first row is not a deployment. */
    jq_pos q;
    char err[256];
    assert_int_equal(jq_from_text(&q, "5/5/5/5/5/5/5/5/5/5/5/XF3 r setup", err, sizeof err), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fight_table),
        cmocka_unit_test(test_railways),
        cmocka_unit_test(test_immobile),
        cmocka_unit_test(test_collisions_and_knowledge),
        cmocka_unit_test(test_results),
        cmocka_unit_test(test_deployment),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
