/* test_log.c -- an engine's bytes on their way into boyi's files (selfplay/sp_log.h):
 * UTF-8 recognised by the definition (RFC 3629: no overlong form, no surrogate,
 * nothing past U+10FFFF), escapes for a log line and for a record field, a stderr
 * chunk cut in the middle of a character, and the cap on a log file with its lines. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "sp_log.h"

static int len(const char *s) { return sp_utf8_len((const unsigned char *)s, strlen(s)); }

static void test_utf8(void **state)
{
    (void)state;
    assert_int_equal(len("a"), 1);
    assert_int_equal(len("\xc3\xa9"), 2);           /* U+00E9 */
    assert_int_equal(len("\xe4\xb8\xad"), 3);       /* U+4E2D */
    assert_int_equal(len("\xf0\x9f\x98\x80"), 4);   /* U+1F600 */
    assert_int_equal(len("\xff"), 0);
    assert_int_equal(len("\xc0\xaf"), 0);           /* overlong '/' */
    assert_int_equal(len("\xe0\x80\xaf"), 0);       /* overlong '/' */
    assert_int_equal(len("\xed\xa0\x80"), 0);       /* the surrogate U+D800 */
    assert_int_equal(len("\xf4\x90\x80\x80"), 0);   /* U+110000 */
    assert_int_equal(len("\xe4\xb8"), 0);           /* cut short */
}

static void test_clean(void **state)
{
    (void)state;
    char out[64];
    const char in[] = "bestmove \xff\xfe\t\"x\" \xe4\xb8\xad";
    sp_clean(in, strlen(in), SP_CLEAN_FIELD, out, sizeof out);
    assert_string_equal(out, "bestmove <ff><fe><09>\"x\" \xe4\xb8\xad");
    /* a field is clean once: cleaning again changes nothing */
    char again[64];
    sp_clean(out, strlen(out), SP_CLEAN_FIELD, again, sizeof again);
    assert_string_equal(again, out);
    sp_clean(in, strlen(in), SP_CLEAN_LOG, out, sizeof out);
    assert_string_equal(out, "bestmove \\xff\\xfe\t\"x\" \xe4\xb8\xad");
    /* no escape is cut in half at the end of the room */
    sp_clean("ab\xff", 3, SP_CLEAN_FIELD, out, 5);
    assert_string_equal(out, "ab");
    char field[32] = "a\nb\x01";
    sp_clean_field(field, sizeof field);
    assert_string_equal(field, "a<0a>b<01>");
}

/* The whole of the file at PATH, NUL-terminated (malloc'd). */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = calloc(1, 1 << 20);
    size_t n = fread(buf, 1, (1 << 20) - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static void test_cap(void **state)
{
    (void)state;
    char path[] = "/tmp/boyi-test-log-XXXXXX", err[128];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    sp_log *l = sp_log_open(path, 100, err, sizeof err);
    assert_non_null(l);
    sp_log_line(l, "< ", "0123456789012345678901234567890123456789");   /* 43 bytes */
    sp_log_line(l, "< ", "0123456789012345678901234567890123456789");   /* 86 */
    sp_log_line(l, "< ", "0123456789012345678901234567890123456789");   /* 129: the last written */
    sp_log_line(l, "< ", "dropped");                                    /* 10 dropped */
    sp_log_bytes(l, "xyz", 3);                                          /* 3 more */
    sp_log_close(l);
    char *text = slurp(path);
    assert_non_null(strstr(text, "# boyi: this file reached its cap of 100 bytes: what follows is dropped\n"));
    assert_non_null(strstr(text, "# boyi: 13 bytes dropped past the cap of 100 bytes\n"));
    assert_null(strstr(text, "dropped\n< "));
    assert_null(strstr(text, "xyz"));
    free(text);
    unlink(path);
}

static void test_stderr_chunks(void **state)
{
    (void)state;
    char path[] = "/tmp/boyi-test-log-XXXXXX", err[128];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    sp_log *l = sp_log_open(path, 0, err, sizeof err);
    assert_non_null(l);
    sp_log_bytes(l, "\xe4\xb8", 2);         /* a character cut between two reads */
    sp_log_bytes(l, "\xad ok\x01\n", 6);
    sp_log_bytes(l, "\xe4", 1);             /* never ended */
    sp_log_close(l);
    char *text = slurp(path);
    assert_string_equal(text, "\xe4\xb8\xad ok\\x01\n\\xe4");
    free(text);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_utf8),
        cmocka_unit_test(test_clean),
        cmocka_unit_test(test_cap),
        cmocka_unit_test(test_stderr_chunks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
