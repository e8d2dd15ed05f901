/* test_glyphs.c -- traditional and variant glyphs read as Chinese notation:
 * every piece name (車 馬 傌 俥 帥 將 仕 士 相 象 砲 包 炮 兵 卒), every direction
 * (進 退 平) and position word (前 中 後), the numerals and full-width digits, in
 * both scripts. Ground truth: the moves themselves. For every legal move of
 * every position of real games (the corpus's xqdb_traditional.pgn and a
 * position with three pawns on a file, for 前/中/后) the move is written in the
 * standard simplified form, rewritten glyph by glyph into the other script and
 * its variants, and each rewrite must read back as the same move. The other
 * way round, every move of the Big5 collection ccpd-big5 (traditional glyphs,
 * decoded here with iconv; it writes 車 馬 炮 for both sides, never 傌 俥 砲 包)
 * must read as the same move once rewritten in
 * simplified glyphs. A table at the end checks each glyph was exercised. */
#include <errno.h>
#include <iconv.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "xiangqi.h"
#include "xq_notation.h"
#include "xq_records.h"
#include "xq_validate.h"
#include "xqn_test_util.h"

/* One glyph substitution: FROM (simplified or standard) -> TO. */
typedef struct subst {
    const char *from, *to;
    int used;
} subst;

/* The rewrites into traditional / variant glyphs. Each table is applied whole
 * (every substitution in it at once) to a move written in the standard form. */
static subst trad[] = {
    {"车", "車", 0}, {"马", "馬", 0}, {"帅", "帥", 0}, {"将", "將", 0}, {"进", "進", 0},
    {"后", "後", 0}, {"炮", "砲", 0},
};
static subst variant_red[] = {   /* the red pieces' own traditional glyphs */
    {"车", "俥", 0}, {"马", "傌", 0}, {"炮", "包", 0}, {"进", "進", 0}, {"后", "後", 0},
};
static subst swap_names[] = {    /* the other side's names: the side to move decides, not the glyph */
    {"仕", "士", 0}, {"相", "象", 0}, {"兵", "卒", 0}, {"帅", "將", 0},
};
static subst swap_names_back[] = {
    {"士", "仕", 0}, {"象", "相", 0}, {"卒", "兵", 0}, {"将", "帥", 0},
};
static subst digits_to_numerals[] = {   /* black's full-width digits as numerals */
    {"１", "一", 0}, {"２", "二", 0}, {"３", "三", 0}, {"４", "四", 0}, {"５", "五", 0},
    {"６", "六", 0}, {"７", "七", 0}, {"８", "八", 0}, {"９", "九", 0},
};
static subst numerals_to_digits[] = {   /* red's numerals as full-width digits */
    {"一", "１", 0}, {"二", "２", 0}, {"三", "３", 0}, {"四", "４", 0}, {"五", "５", 0},
    {"六", "６", 0}, {"七", "７", 0}, {"八", "８", 0}, {"九", "９", 0},
};
static subst to_simplified[] = {   /* for the Big5 collection */
    {"車", "车", 0}, {"馬", "马", 0}, {"傌", "马", 0}, {"俥", "车", 0}, {"帥", "帅", 0},
    {"將", "将", 0}, {"進", "进", 0}, {"後", "后", 0}, {"砲", "炮", 0}, {"包", "炮", 0},
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Rewrite SRC with every substitution of T (one pass, left to right) into dst;
 * true when at least one applied. */
static bool rewrite(const char *src, subst *t, size_t nt, char *dst, size_t dn)
{
    size_t k = 0;
    bool any = false;
    while (*src && k + 8 < dn) {
        size_t i;
        for (i = 0; i < nt; i++) {
            size_t fl = strlen(t[i].from);
            if (strncmp(src, t[i].from, fl) == 0) {
                size_t tl = strlen(t[i].to);
                memcpy(dst + k, t[i].to, tl);
                k += tl;
                src += fl;
                t[i].used++;
                any = true;
                break;
            }
        }
        if (i == nt) dst[k++] = *src++;
    }
    dst[k] = 0;
    return any;
}

/* Every legal move of p, written in the standard form, rewritten with each
 * table, must read back as itself. Returns the rewrites checked. */
static long check_position(const xq_pos *p)
{
    static struct { subst *t; size_t n; } tables[] = {
        {trad, N(trad)}, {variant_red, N(variant_red)}, {swap_names, N(swap_names)},
        {swap_names_back, N(swap_names_back)}, {digits_to_numerals, N(digits_to_numerals)},
        {numerals_to_digits, N(numerals_to_digits)},
    };
    xq_move moves[XQ_MAX_MOVES];
    int n = xq_gen_legal(p, moves);
    long checked = 0;
    for (int i = 0; i < n; i++) {
        char std[XQ_MOVE_TEXT_MAX], alt[64], err[256];
        assert_int_equal(xq_write_move(p, moves[i], XQ_NOTE_CHINESE, std, sizeof std), 0);
        for (size_t t = 0; t < N(tables); t++) {
            if (!rewrite(std, tables[t].t, tables[t].n, alt, sizeof alt)) continue;
            xq_move got;
            xq_notation det;
            if (xq_parse_move(p, alt, strlen(alt), XQ_NOTE_AUTO, &got, &det, err, sizeof err) != 0)
                fail_msg("'%s' (written '%s') does not read: %s", alt, std, err);
            if (got != moves[i]) fail_msg("'%s' (written '%s') reads as another move", alt, std);
            assert_int_equal(det, XQ_NOTE_CHINESE);
            checked++;
        }
    }
    return checked;
}

/* Replay the games of a corpus file, checking every position on the way. */
static long check_games(const char *path)
{
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_load(&t, path, err, sizeof err), 0);
    bo_record_list l = {0};
    assert_int_equal(xq_records_read(&t, &l, err, sizeof err), 0);
    long checked = 0;
    xq_check c;
    for (int g = 0; g < l.n; g++) {
        bo_verdict v;
        xq_check_init(&c);
        assert_int_equal(xq_check_record(&c, path, &l.items[g], NULL, &v), 0);
        xq_pos p = c.start;
        checked += check_position(&p);
        for (int i = 0; i < c.nmoves; i++) {
            xq_undo u;
            xq_make(&p, c.moves[i], &u);
            checked += check_position(&p);
        }
        xq_check_free(&c);
    }
    bo_record_list_free(&l);
    bo_text_free(&t);
    return checked;
}

static void every_glyph_reads_in_both_scripts(void **state)
{
    (void)state;
    long checked = check_games(XQN_CORPUS "xqdb_traditional.pgn");
    /* tandem pieces: three pawns on a file (前 中 后), two chariots, two horses */
    static const char *const fens[] = {
        "4k4/9/4P4/3PP1p2/3P5/6p2/4P1p2/6p2/6p2/4K4 w - - 0 1",
        "4k4/9/4P4/3PP1p2/3P5/6p2/4P1p2/6p2/6p2/4K4 b - - 0 1",
        "2bak4/4a4/4b4/2R6/2R3r2/2N6/2N3r2/9/9/3AK4 w - - 0 1",
        "2bak4/4a4/4b4/2R6/2R3r2/6n2/2N3n2/9/9/3AK4 b - - 0 1",
    };
    for (size_t f = 0; f < N(fens); f++) {
        xq_pos p;
        char err[256];
        assert_int_equal(xq_pos_from_fen(&p, fens[f], err, sizeof err), 0);
        checked += check_position(&p);
    }
    assert_true(checked > 10000);
    /* every glyph of the tables was put to the test */
    subst *tables[] = {trad, variant_red, swap_names, swap_names_back, digits_to_numerals, numerals_to_digits};
    size_t sizes[] = {N(trad), N(variant_red), N(swap_names), N(swap_names_back), N(digits_to_numerals),
                      N(numerals_to_digits)};
    for (size_t t = 0; t < N(tables); t++)
        for (size_t i = 0; i < sizes[t]; i++)
            if (tables[t][i].used == 0) fail_msg("glyph %s -> %s never exercised", tables[t][i].from, tables[t][i].to);
}

/* A Big5 corpus file as UTF-8 (glibc's iconv: BIG5, else CP950), or NULL. */
static char *big5_to_utf8(const char *path)
{
    size_t n;
    unsigned char *raw = xqn_read_file(path, &n);
    if (!raw) return NULL;
    static const char *const codes[] = {"BIG5", "CP950"};
    for (size_t c = 0; c < N(codes); c++) {
        iconv_t cd = iconv_open("UTF-8", codes[c]);
        if (cd == (iconv_t)-1) continue;
        size_t cap = n * 2 + 16, left = cap, in_left = n;
        char *out = malloc(cap), *o = out, *in = (char *)raw;
        size_t rc = iconv(cd, &in, &in_left, &o, &left);
        iconv_close(cd);
        if (rc != (size_t)-1 && in_left == 0) {
            *o = 0;
            free(raw);
            return out;
        }
        free(out);
    }
    free(raw);
    return NULL;
}

/* Every move of the 104 Big5 games reads as the same move in simplified glyphs,
 * and the traditional glyphs of the table below all occur in them. */
static void big5_collection_moves_read_in_both_scripts(void **state)
{
    (void)state;
    static const char *const must[] = {"車", "馬", "帥", "將", "仕", "士", "相", "象", "炮",
                                       "兵", "卒", "進", "退", "平", "前", "後"};
    int seen[N(must)] = {0};
    long moves = 0;
    for (int f = 1; f <= 104; f++) {
        char path[512];
        snprintf(path, sizeof path, XQN_CORPUS "ccpd-big5/%03d.pgn", f);
        char *text = big5_to_utf8(path);
        if (!text) fail_msg("%s cannot be decoded as Big5", path);
        bo_text t;
        char err[256];
        assert_int_equal(bo_text_from_bytes(&t, path, (const unsigned char *)text, strlen(text), err, sizeof err), 0);
        bo_record_list l = {0};
        assert_int_equal(xq_records_read(&t, &l, err, sizeof err), 0);
        for (int g = 0; g < l.n; g++) {
            xq_check c;
            bo_verdict v;
            xq_check_init(&c);
            assert_int_equal(xq_check_record(&c, path, &l.items[g], NULL, &v), 0);
            xq_pos p = c.start;
            for (int i = 0; i < c.nmoves; i++) {
                const char *w = l.items[g].moves[i].text;
                for (size_t k = 0; k < N(must); k++)
                    if (strstr(w, must[k])) seen[k]++;
                char simp[64], e2[256];
                rewrite(w, to_simplified, N(to_simplified), simp, sizeof simp);
                xq_move got;
                if (xq_parse_move(&p, simp, strlen(simp), XQ_NOTE_AUTO, &got, NULL, e2, sizeof e2) != 0)
                    fail_msg("%s game %d: '%s' (as '%s') does not read: %s", path, g + 1, simp, w, e2);
                if (got != c.moves[i]) fail_msg("%s game %d: '%s' and '%s' read as different moves", path, g + 1, w, simp);
                xq_undo u;
                xq_make(&p, c.moves[i], &u);
                moves++;
            }
            xq_check_free(&c);
        }
        bo_record_list_free(&l);
        bo_text_free(&t);
        free(text);
    }
    assert_true(moves > 8000);
    for (size_t k = 0; k < N(must); k++)
        if (!seen[k]) fail_msg("the Big5 collection was expected to use %s", must[k]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_glyph_reads_in_both_scripts),
        cmocka_unit_test(big5_collection_moves_read_in_both_scripts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
