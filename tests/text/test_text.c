/* test_text.c -- file loading: encodings, gzip, line ends, source positions. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <zlib.h>

#include "text.h"

static void utf8_passes_through(void **state)
{
    (void)state;
    const char *s = "1. 炮二平五 马8进7\n";
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_from_bytes(&t, "x.pgn", (const unsigned char *)s, strlen(s), err, sizeof err), 0);
    assert_int_equal(t.encoding, BO_ENC_UTF8);
    assert_string_equal(t.data, s);
    bo_text_free(&t);
}

static void gbk_is_detected_and_decoded(void **state)
{
    (void)state;
    /* "炮二平五" in GBK, as iconv writes it. */
    const unsigned char gbk[] = {0xc5, 0xda, 0xb6, 0xfe, 0xc6, 0xbd, 0xce, 0xe5, '\r', '\n'};
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_from_bytes(&t, "x.pgn", gbk, sizeof gbk, err, sizeof err), 0);
    assert_int_equal(t.encoding, BO_ENC_GBK);
    assert_string_equal(t.data, "炮二平五\n");
    assert_true(t.had_crlf);
    bo_text_free(&t);
}

static void bom_and_line_ends_are_normalised(void **state)
{
    (void)state;
    const char *s = "\xEF\xBB\xBF" "a\r\nb\rc\n";
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_from_bytes(&t, "x", (const unsigned char *)s, strlen(s), err, sizeof err), 0);
    assert_true(t.had_bom);
    assert_string_equal(t.data, "a\nb\nc\n");
    bo_text_free(&t);
}

static void gzip_is_read_by_magic(void **state)
{
    (void)state;
    const char *s = "[Game \"Chinese Chess\"]\n1. h2e2 h9g7\n";
    unsigned char gz[256];
    z_stream z;
    memset(&z, 0, sizeof z);
    assert_int_equal(deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
    z.next_in = (unsigned char *)s;
    z.avail_in = (uInt)strlen(s);
    z.next_out = gz;
    z.avail_out = sizeof gz;
    assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
    size_t n = sizeof gz - z.avail_out;
    deflateEnd(&z);
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_from_bytes(&t, "x.pgn.gz", gz, n, err, sizeof err), 0);
    assert_string_equal(t.data, s);
    bo_text_free(&t);
    /* A truncated gzip stream is an error, not a short file. */
    assert_int_equal(bo_text_from_bytes(&t, "x.pgn.gz", gz, n / 2, err, sizeof err), -1);
    assert_non_null(strstr(err, "gzip"));
}

static void binary_is_kept_raw(void **state)
{
    (void)state;
    unsigned char bin[64];
    for (int i = 0; i < 64; i++) bin[i] = (unsigned char)(i * 7);
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_from_bytes(&t, "x.xqf", bin, sizeof bin, err, sizeof err), 0);
    assert_int_equal(t.encoding, BO_ENC_BINARY);
    assert_int_equal(t.raw_len, sizeof bin);
    assert_memory_equal(t.raw, bin, sizeof bin);
    bo_text_free(&t);
}

static void columns_count_characters(void **state)
{
    (void)state;
    const char *s = "[A \"b\"]\n1. 炮二平五 马8进7\n";
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_from_bytes(&t, "x", (const unsigned char *)s, strlen(s), err, sizeof err), 0);
    const char *p = strstr(t.data, "马");
    int line, col;
    bo_text_line_col(&t, (size_t)(p - t.data), &line, &col);
    assert_int_equal(line, 2);
    assert_int_equal(col, 9);
    bo_text_free(&t);
}

static void utf8_validation_rejects_bad_sequences(void **state)
{
    (void)state;
    assert_true(bo_utf8_valid((const unsigned char *)"马", 3));
    assert_false(bo_utf8_valid((const unsigned char *)"\xE9\xA9", 2));        /* truncated */
    assert_false(bo_utf8_valid((const unsigned char *)"\xC0\xAF", 2));        /* overlong */
    assert_false(bo_utf8_valid((const unsigned char *)"\xED\xA0\x80", 3));    /* surrogate */
}

/* A real GBK file from the 2006 contest: it must come out as UTF-8 Chinese moves. */
static void corpus_gbk_file_decodes(void **state)
{
    (void)state;
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_load(&t, BOYI_SHARED_DIR "/corpus/xiangqi/ccgc2006/game-01.pgn", err, sizeof err), 0);
    assert_int_equal(t.encoding, BO_ENC_GBK);
    assert_true(t.had_crlf);
    assert_non_null(strstr(t.data, "炮八平五 马２进３"));
    bo_text_free(&t);
}

/* The one encoder (notation/common): known bytes at each length's bounds, and every
 * scalar value decodes back to itself through bo_utf8_next and is valid UTF-8. */
static void utf8_encoder_round_trips(void **state)
{
    (void)state;
    static const struct { unsigned long cp; const char *bytes; } known[] = {
        {0x24, "\x24"}, {0x7F, "\x7F"}, {0x80, "\xC2\x80"}, {0xA2, "\xC2\xA2"}, {0x7FF, "\xDF\xBF"},
        {0x800, "\xE0\xA0\x80"}, {0x70AE, "\xE7\x82\xAE"}, {0xFFFF, "\xEF\xBF\xBF"},
        {0x10000, "\xF0\x90\x80\x80"}, {0x10348, "\xF0\x90\x8D\x88"}, {0x10FFFF, "\xF4\x8F\xBF\xBF"},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        char out[4];
        int n = bo_utf8_put(known[i].cp, out);
        assert_int_equal(n, (int)strlen(known[i].bytes));
        assert_memory_equal(out, known[i].bytes, (size_t)n);
    }
    for (unsigned long cp = 1; cp < 0x110000; cp++) {
        if (cp >= 0xD800 && cp < 0xE000) continue;   /* surrogates are no scalar values */
        char out[4];
        int n = bo_utf8_put(cp, out);
        const char *p = out;
        assert_true(bo_utf8_valid((const unsigned char *)out, (size_t)n));
        assert_int_equal(bo_utf8_next(&p, out + n), (long)cp);
        assert_ptr_equal(p, out + n);
    }
}

static void missing_file_is_an_error(void **state)
{
    (void)state;
    bo_text t;
    char err[256];
    assert_int_equal(bo_text_load(&t, "/nonexistent/file.pgn", err, sizeof err), -1);
    assert_non_null(strstr(err, "cannot open"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(utf8_passes_through),
        cmocka_unit_test(gbk_is_detected_and_decoded),
        cmocka_unit_test(bom_and_line_ends_are_normalised),
        cmocka_unit_test(gzip_is_read_by_magic),
        cmocka_unit_test(binary_is_kept_raw),
        cmocka_unit_test(columns_count_characters),
        cmocka_unit_test(utf8_validation_rejects_bad_sequences),
        cmocka_unit_test(corpus_gbk_file_decodes),
        cmocka_unit_test(utf8_encoder_round_trips),
        cmocka_unit_test(missing_file_is_an_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
