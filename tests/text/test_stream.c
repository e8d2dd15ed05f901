/* test_stream.c -- reading a file in slices of whole games: the slices put
 * together are the text bo_text_load gives (whatever the encoding, line ends,
 * gzip, and characters and CRLFs cut by block boundaries); cuts fall where
 * games start; a character cut by the end of the file is dropped and said. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "encoding.h"
#include "text.h"
#include "text_stream.h"

/* A scratch file holding BYTES; its name goes to PATH. */
static void write_file(char *path, size_t n, const void *bytes, size_t len, bool gz)
{
    snprintf(path, n, "test-stream-%ld.tmp%s", (long)getpid(), gz ? ".gz" : "");
    if (gz) {
        gzFile f = gzopen(path, "wb1");
        assert_non_null(f);
        assert_int_equal(gzwrite(f, bytes, (unsigned)len), (int)len);
        gzclose(f);
        return;
    }
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, len, f), len);
    fclose(f);
}

/* Stream PATH with SLICE and SPLIT: the slices must join into the whole-file
 * text, each (but the first) start where SPLIT says a game starts, and line
 * numbers add up.  Returns the number of slices. */
static int slices_join(const char *path, size_t slice, bo_split_fn split)
{
    char err[512];
    bo_text whole;
    assert_int_equal(bo_text_load(&whole, path, err, sizeof err), 0);
    bo_stream s;
    assert_int_equal(bo_stream_open(&s, path, NULL, slice, err, sizeof err), 0);
    assert_int_equal(s.enc, whole.encoding);
    char *joined = malloc(whole.len + 1);
    assert_non_null(joined);
    size_t at = 0;
    int n = 0, first_line, lines = 0, got;
    bo_text t;
    bo_stream_fault fault;
    while ((got = bo_stream_next(&s, split, &t, &first_line, &fault, err, sizeof err)) == 1) {
        assert_true(at + t.len <= whole.len);
        memcpy(joined + at, t.data, t.len);
        assert_int_equal(first_line, lines);
        for (size_t i = 0; i < t.len; i++) lines += t.data[i] == '\n';
        if (n > 0) assert_true(at == 0 || joined[at - 1] == '\n');
        assert_int_equal(fault.count, 0);
        at += t.len;
        n++;
    }
    assert_int_equal(got, 0);
    assert_int_equal(at, whole.len);
    assert_memory_equal(joined, whole.data, whole.len);
    assert_int_equal(s.had_crlf, whole.had_crlf);
    free(joined);
    bo_stream_close(&s);
    bo_text_free(&whole);
    return n;
}

/* The hu-ronghua corpus file (1,391 games, ~1 MB) cut in slices of ~4 KB, as it
 * is, as GBK with CRLF made here, and through gzip. */
static void corpus_file_in_small_slices(void **state)
{
    (void)state;
    FILE *f = fopen(BOYI_SHARED_DIR "/corpus/xiangqi/hu-ronghua-1391-iccs.pgn", "rb");
    assert_non_null(f);
    size_t cap = 2 << 20;
    char *buf = malloc(cap);
    size_t n = fread(buf, 1, cap, f);
    fclose(f);
    assert_true(n > 900000);
    char path[256];
    write_file(path, sizeof path, buf, n, false);
    int k = slices_join(path, 4096, bo_split_records);
    assert_true(k > 100);
    unlink(path);
    write_file(path, sizeof path, buf, n, true);
    assert_true(slices_join(path, 4096, bo_split_records) > 100);
    unlink(path);
    free(buf);
}

/* Blocks are 64 KB: a CRLF and a GBK character are put across the first
 * boundaries; every slice size from one byte up must give the same text. */
static void cut_characters_and_crlf_across_blocks(void **state)
{
    (void)state;
    size_t n = 3 * 65536 + 100;
    char *buf = malloc(n);
    /* games of "[Event \"炮\"]\r\n1. 炮二平五 *\r\n" in GBK, padded by comment lines */
    const char game[] = "[Event \"\xc5\xda\"]\r\n1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 *\r\n\r\n";
    size_t at = 0;
    while (at + sizeof game < n) { memcpy(buf + at, game, sizeof game - 1); at += sizeof game - 1; }
    n = at;
    for (size_t shift = 0; shift < 3; shift++) {
        char path[256];
        write_file(path, sizeof path, buf + shift, n - shift - (shift ? sizeof game - 1 - shift : 0), false);
        for (size_t slice = 1; slice < 200000; slice *= 7) {
            int k = slices_join(path, slice, bo_split_records);
            assert_true(k >= 1);
        }
        unlink(path);
    }
    free(buf);
}

/* Where games start: PGN tag sections after moves, one-line PDN games, contest
 * frames after a closed one, not after tags only nor in an unclosed frame. */
static void split_points(void **state)
{
    (void)state;
    const char *pgn = "[Event \"a\"]\n[Site \"b\"]\n1. h2e2 *\n\n[Event \"c\"]\n1. h2e2\n";
    assert_int_equal(bo_split_records(pgn, strlen(pgn)), strstr(pgn, "[Event \"c\"]") - pgn);
    const char *tags = "[Event \"a\"]\n[Site \"b\"]\\r\n[Date \"c\"]\n";
    assert_int_equal(bo_split_records(tags, strlen(tags)), 0);
    const char *lines = "[Event \"a\"][Result \"2-0\"] 1. 32-28 19-23 2-0\n[Event \"b\"] 1. 33-29 *\n";
    assert_int_equal(bo_split_pdn(lines, strlen(lines)), strstr(lines, "[Event \"b\"]") - lines);
    /* PDN: no cut after a game that does not end with its result */
    const char *open = "[Event \"a\"]\n1. 32-28 19-23\n\n[Event \"b\"]\n1. 33-29 *\n";
    assert_int_equal(bo_split_pdn(open, strlen(open)), 0);
    assert_true(bo_split_records(open, strlen(open)) > 0);
    const char *frames = "{[C5][a B][b W][先手胜]};B(H,8)}\n{[C5][c B][d W][平局];B(H,8)\n{[C5][e B][f W][平局];B(H,8)}\n";
    assert_int_equal(bo_split_records(frames, strlen(frames)), strstr(frames, "{[C5][c") - frames);
    const char *sgf = "(;GM[4];B[hh])\n(;GM[4];B[hh])\n";
    assert_int_equal(bo_split_records(sgf, strlen(sgf)), 15);
    /* a '%' comment or a header line before the first game is not a game */
    const char *pct = "% a comment\n[Event \"a\"]\n1. 32-28 *\n";
    assert_int_equal(bo_split_pdn(pct, strlen(pct)), 0);
    const char *hdr = "Downloaded from somewhere\n[Event \"a\"]\n1. h2e2 *\n";
    assert_int_equal(bo_split_records(hdr, strlen(hdr)), 0);
}

/* A file cut inside its last character: the character is dropped and counted;
 * a byte that is no character mid-file is read as U+FFFD and located. */
static void cut_tail_and_bad_bytes(void **state)
{
    (void)state;
    char big[70000];
    memset(big, ' ', sizeof big);
    const char start[] = "[Event \"a\"]\n1. \xe7\x82\xae\xe4\xba\x8c\xe5\xb9\xb3\xe4\xba\x94 *\n";
    memcpy(big, start, sizeof start - 1);
    big[sizeof big - 3] = '\n';
    big[sizeof big - 2] = (char)0xe7;   /* a UTF-8 lead byte and one continuation: cut */
    big[sizeof big - 1] = (char)0x82;
    char path[256], err[512];
    write_file(path, sizeof path, big, sizeof big, false);
    bo_stream s;
    assert_int_equal(bo_stream_open(&s, path, NULL, 1, err, sizeof err), 0);
    assert_int_equal(s.enc, BO_ENC_UTF8);
    bo_text t;
    int first;
    bo_stream_fault fault;
    assert_int_equal(bo_stream_next(&s, bo_split_records, &t, &first, &fault, err, sizeof err), 1);
    assert_int_equal(t.len, sizeof big - 2);
    assert_int_equal(s.cut_tail, 2);
    assert_int_equal(bo_stream_next(&s, bo_split_records, &t, &first, &fault, err, sizeof err), 0);
    bo_stream_close(&s);
    /* past the first 64 KB, a 0xFF: line 3, column 5 */
    big[sizeof big - 2] = '\n';
    big[sizeof big - 1] = '\n';
    memcpy(big + 66000, "\nab \xff", 5);
    write_file(path, sizeof path, big, sizeof big, false);
    assert_int_equal(bo_stream_open(&s, path, NULL, 1, err, sizeof err), 0);
    assert_int_equal(bo_stream_next(&s, bo_split_records, &t, &first, &fault, err, sizeof err), 1);
    assert_int_equal(fault.count, 1);
    assert_int_equal(fault.byte, 0xff);
    assert_int_equal(fault.line, 4);
    assert_int_equal(fault.col, 4);
    assert_non_null(strstr(t.data, "ab \xef\xbf\xbd"));
    bo_stream_close(&s);
    unlink(path);
}

/* A gzip stream cut short is an error, not a short file. */
static void cut_gzip_is_an_error(void **state)
{
    (void)state;
    char text[200000];
    for (size_t i = 0; i < sizeof text; i++) text[i] = (char)('a' + (i * 7919) % 26);
    char path[256], err[512];
    write_file(path, sizeof path, text, sizeof text, true);
    FILE *f = fopen(path, "rb");
    unsigned char gz[300000];
    size_t n = fread(gz, 1, sizeof gz, f);
    fclose(f);
    f = fopen(path, "wb");
    fwrite(gz, 1, n / 2, f);
    fclose(f);
    bo_stream s;
    int rc = bo_stream_open(&s, path, NULL, 1, err, sizeof err);
    if (rc == 0) {
        bo_text t;
        int first;
        bo_stream_fault fault;
        while ((rc = bo_stream_next(&s, bo_split_records, &t, &first, &fault, err, sizeof err)) == 1) {}
        bo_stream_close(&s);
    }
    assert_int_equal(rc, -1);
    assert_non_null(strstr(err, "gzip"));
    unlink(path);
}

/* Comments past the cap (here 50 bytes, slices of 32): a game's long brace
 * comment and SGF value keep their first 50 bytes (a character cut by the cap
 * is finished) and their closer, an escaped ']' does not close a value, a short
 * comment is untouched, each cut is reported where it opens, and the next game
 * comes whole with its line number. */
static void comments_cut_to_the_cap(void **state)
{
    (void)state;
    char buf[4096], path[64], err[512];
    size_t n = 0;
    n += (size_t)snprintf(buf + n, sizeof buf - n, "[Game \"Chinese Chess\"]\n\n1. h2e2 {short} h9g7 {");
    for (int i = 0; i < 49; i++) buf[n++] = 'a';
    n += (size_t)snprintf(buf + n, sizeof buf - n, "\xC3\xA9");   /* e-acute across the cap */
    for (int i = 0; i < 300; i++) buf[n++] = i % 100 == 99 ? '\n' : 'b';
    n += (size_t)snprintf(buf + n, sizeof buf - n, "} 2. a0a9 *\n\n(;GM[1]SZ[9]\n;B[ee]C[x\\]");
    for (int i = 0; i < 300; i++) buf[n++] = 'c';
    n += (size_t)snprintf(buf + n, sizeof buf - n, "];W[ee])\n\n[Game \"Chinese Chess\"]\n\n1. h2e2 *\n");
    write_file(path, sizeof path, buf, n, false);
    bo_stream s;
    assert_int_equal(bo_stream_open(&s, path, NULL, 32, err, sizeof err), 0);
    s.comment_cap = 50;
    bo_text t;
    bo_stream_fault f;
    int first_line, got;
    char *all = calloc(1, 4096);
    assert_non_null(all);
    size_t at = 0;
    int cuts = 0, lines_seen = 0;
    while ((got = bo_stream_next(&s, bo_split_records, &t, &first_line, &f, err, sizeof err)) == 1) {
        assert_int_equal(first_line, lines_seen);
        for (size_t i = 0; i < t.len; i++) lines_seen += t.data[i] == '\n';
        for (int i = 0; i < f.ncut; i++) {
            if (cuts == 0) {   /* the brace comment: 353 bytes with its braces, opened at 3:22 */
                assert_int_equal(first_line + f.cut[i].line, 3);
                assert_int_equal(f.cut[i].col, 22);
                assert_int_equal(f.cut[i].bytes, 353);
            } else {           /* the SGF value: C[ + 303 + ] */
                assert_int_equal(first_line + f.cut[i].line, 9);
                assert_int_equal(f.cut[i].col, 8);
                assert_int_equal(f.cut[i].bytes, 305);
            }
            cuts++;
        }
        memcpy(all + at, t.data, t.len);
        at += t.len;
    }
    assert_int_equal(got, 0);
    assert_int_equal(cuts, 2);
    /* the comment: 49 a, the whole e-acute, then only the line ends of the rest */
    const char *c = strstr(all, "{short} h9g7 {");
    assert_non_null(c);
    c += strlen("{short} h9g7 {");
    assert_int_equal(strncmp(c + 49, "\xC3\xA9\n\n\n} ", 7), 0);
    assert_non_null(strstr(all, "} 2. a0a9 *\n"));
    /* the SGF value: "x\]" and 47 c, then its closer; the game after it whole */
    c = strstr(all, "C[x\\]");
    assert_non_null(c);
    assert_int_equal(strncmp(c + 2 + 50, "];W[ee])\n", 9), 0);
    assert_non_null(strstr(all, "[Game \"Chinese Chess\"]\n\n1. h2e2 *\n"));
    assert_int_equal(lines_seen, 13);
    free(all);
    bo_stream_close(&s);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corpus_file_in_small_slices),
        cmocka_unit_test(cut_characters_and_crlf_across_blocks),
        cmocka_unit_test(split_points),
        cmocka_unit_test(cut_tail_and_bad_bytes),
        cmocka_unit_test(cut_gzip_is_an_error),
        cmocka_unit_test(comments_cut_to_the_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
