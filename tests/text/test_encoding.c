/* test_encoding.c -- deciding a file's encoding: every Big5 file of the corpus is
 * Big5, every GBK one stays GBK, UTF-16 is read by its byte-order mark, and a
 * text that reads as GBK and Big5 alike is left undecided. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "encoding.h"
#include "text.h"

/* How many files of DIR whose names end in EXT load with encoding ENC; *total
 * gets how many there are. */
static int count_in_dir(const char *dir, const char *ext, bo_encoding enc, int *total)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    *total = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t k = strlen(e->d_name), x = strlen(ext);
        if (k < x || strcmp(e->d_name + k - x, ext) != 0) continue;
        char path[1024], err[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        bo_text t;
        (*total)++;
        if (bo_text_load(&t, path, err, sizeof err) != 0) { print_message("%s: %s\n", path, err); continue; }
        if (t.encoding == enc) n++;
        else print_message("%s: read as %s\n", path, bo_encoding_name(t.encoding));
        bo_text_free(&t);
    }
    closedir(d);
    return n;
}

static void corpus_big5_files_are_big5(void **state)
{
    (void)state;
    int total;
    int n = count_in_dir(BOYI_SHARED_DIR "/corpus/xiangqi/ccpd-big5", ".pgn", BO_ENC_BIG5, &total);
    assert_int_equal(total, 104);
    assert_int_equal(n, 104);
}

static void corpus_gbk_files_stay_gbk(void **state)
{
    (void)state;
    int total;
    int n = count_in_dir(BOYI_SHARED_DIR "/corpus/xiangqi/ccgc2006", ".pgn", BO_ENC_GBK, &total);
    assert_int_equal(total, 20);
    assert_int_equal(n, 20);
    const char *files[] = {BOYI_SHARED_DIR "/corpus/xiangqi/sample.pgn", BOYI_SOURCE_DIR "/data/gomoku/contest-gbk.txt"};
    for (size_t i = 0; i < 2; i++) {
        bo_text t;
        char err[512];
        assert_int_equal(bo_text_load(&t, files[i], err, sizeof err), 0);
        assert_int_equal(t.encoding, BO_ENC_GBK);
        bo_text_free(&t);
    }
}

/* The first Big5 file's first move, 車三平四, comes out in traditional glyphs. */
static void big5_decodes_to_the_right_glyphs(void **state)
{
    (void)state;
    bo_text t;
    char err[512];
    assert_int_equal(bo_text_load(&t, BOYI_SHARED_DIR "/corpus/xiangqi/ccpd-big5/001.pgn", err, sizeof err), 0);
    assert_non_null(strstr(t.data, "1. 車三平四 車６平４\n"));
    bo_text_free(&t);
}

/* "1. 炮二平五 马８进７" written by hand in UTF-16, both byte orders. */
static void utf16_with_a_mark(void **state)
{
    (void)state;
    static const unsigned short units[] = {'1', '.', ' ', 0x70AE, 0x4E8C, 0x5E73, 0x4E94, ' ', 0x9A6C, 0xFF18, 0x8FDB,
                                           0xFF17, '\r', '\n'};
    size_t n = sizeof units / sizeof units[0];
    unsigned char le[64], be[64];
    le[0] = 0xFF; le[1] = 0xFE; be[0] = 0xFE; be[1] = 0xFF;
    for (size_t i = 0; i < n; i++) {
        le[2 + 2 * i] = (unsigned char)(units[i] & 0xFF); le[3 + 2 * i] = (unsigned char)(units[i] >> 8);
        be[2 + 2 * i] = (unsigned char)(units[i] >> 8); be[3 + 2 * i] = (unsigned char)(units[i] & 0xFF);
    }
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_from_bytes(&t, "le.pgn", le, 2 + 2 * n, err, sizeof err), 0);
    assert_int_equal(t.encoding, BO_ENC_UTF16LE);
    assert_true(t.had_bom);
    assert_string_equal(t.data, "1. 炮二平五 马８进７\n");
    bo_text_free(&t);
    assert_int_equal(bo_text_from_bytes(&t, "be.pgn", be, 2 + 2 * n, err, sizeof err), 0);
    assert_int_equal(t.encoding, BO_ENC_UTF16BE);
    assert_string_equal(t.data, "1. 炮二平五 马８进７\n");
    bo_text_free(&t);
    /* named: the mark still gives the byte order */
    assert_int_equal(bo_text_from_bytes_enc(&t, "be.pgn", be, 2 + 2 * n, "utf-16", err, sizeof err), 0);
    assert_int_equal(t.encoding, BO_ENC_UTF16BE);
    bo_text_free(&t);
}

/* Two bytes that read as a common GBK character and as a common Big5 one, neither
 * a record word: nothing says which; undecided, with the candidates named.  Named,
 * the text reads. */
static void undecidable_is_said(void **state)
{
    (void)state;
    const char *s = "[Event \"\xb0\xa1\"]\n1. 32-28 *\n";
    bo_text t;
    char err[512];
    assert_int_equal(bo_text_from_bytes(&t, "x.pdn", (const unsigned char *)s, strlen(s), err, sizeof err), -1);
    assert_non_null(strstr(err, "GBK"));
    assert_non_null(strstr(err, "Big5"));
    assert_non_null(strstr(err, "UTF-8"));
    assert_int_equal(bo_text_from_bytes_enc(&t, "x.pdn", (const unsigned char *)s, strlen(s), "gbk", err, sizeof err), 0);
    assert_int_equal(t.encoding, BO_ENC_GBK);
    bo_text_free(&t);
    assert_int_equal(bo_text_from_bytes_enc(&t, "x.pdn", (const unsigned char *)s, strlen(s), "klingon", err, sizeof err), -1);
    assert_non_null(strstr(err, "unknown encoding"));
}

/* European PDN archives write accents in one byte (Latin-1 as Windows writes it):
 * a lone high byte between ASCII letters, no Chinese word in either double-byte
 * reading.  Read as Windows-1252, accents intact. */
static void latin_text_is_western(void **state)
{
    (void)state;
    const char *s = "[Event \"Championnat de Fran\xe7" "e\"]\n[Site \"Caf\xe9\"]\n1. 32-28 *\n";
    bo_text t;
    char err[512];
    assert_int_equal(bo_text_from_bytes(&t, "x.pdn", (const unsigned char *)s, strlen(s), err, sizeof err), 0);
    assert_int_equal(t.encoding, BO_ENC_CP1252);
    assert_non_null(strstr(t.data, "Fran\xc3\xa7" "e"));   /* ç in UTF-8 */
    assert_non_null(strstr(t.data, "Café\""));
    bo_text_free(&t);
}

/* A short name alone: GBK's common block holds 许银川, Big5's reading of the same
 * bytes mostly falls outside its own. */
static void a_name_alone_decides(void **state)
{
    (void)state;
    const unsigned char gbk[] = "[Red \"\xd0\xed\xd2\xf8\xb4\xa8\"]\n1. h2e2 h9g7\n";
    const unsigned char big5[] = "[Red \"\xb3\x5c\xbb\xc8\xa4\x74\"]\n1. h2e2 h9g7\n";   /* 許銀川 */
    bo_text t;
    char err[512];
    assert_int_equal(bo_text_from_bytes(&t, "g.pgn", gbk, sizeof gbk - 1, err, sizeof err), 0);
    assert_int_equal(t.encoding, BO_ENC_GBK);
    assert_non_null(strstr(t.data, "许银川"));
    bo_text_free(&t);
    assert_int_equal(bo_text_from_bytes(&t, "b.pgn", big5, sizeof big5 - 1, err, sizeof err), 0);
    assert_int_equal(t.encoding, BO_ENC_BIG5);
    assert_non_null(strstr(t.data, "許銀川"));
    bo_text_free(&t);
}

/* The decoder fed in pieces: a character cut between blocks is finished by the next. */
static void decoder_carries_a_cut_character(void **state)
{
    (void)state;
    const unsigned char big5[] = {0xa8, 0xae, 0xa4, 0x54};   /* 車三 */
    bo_decoder d;
    assert_int_equal(bo_decoder_open(&d, BO_ENC_BIG5), 0);
    bo_buf out = {0};
    bool bad;
    assert_int_equal(bo_decoder_run(&d, big5, 3, &out, &bad), 2);
    assert_false(bad);
    assert_int_equal(bo_decoder_run(&d, big5 + 2, 2, &out, &bad), 2);
    assert_string_equal(out.p, "車三");
    const unsigned char junk[] = {0xff, 0xff};
    assert_int_equal(bo_decoder_run(&d, junk, 2, &out, &bad), 0);
    assert_true(bad);
    bo_decoder_close(&d);
    bo_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corpus_big5_files_are_big5),
        cmocka_unit_test(corpus_gbk_files_stay_gbk),
        cmocka_unit_test(big5_decodes_to_the_right_glyphs),
        cmocka_unit_test(utf16_with_a_mark),
        cmocka_unit_test(undecidable_is_said),
        cmocka_unit_test(latin_text_is_western),
        cmocka_unit_test(a_name_alone_decides),
        cmocka_unit_test(decoder_carries_a_cut_character),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
