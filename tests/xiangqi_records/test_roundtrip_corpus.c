/* test_roundtrip_corpus.c -- the property "what boyi writes, boyi reads"
 * (issue 7, item 4 c) over every Xiangqi game there is: every file of the
 * corpus (../shared/corpus/xiangqi/, PGN in GBK and UTF-8, ICCS, UCI, XQF,
 * and the Big5 collection, decoded here with iconv) and of data/xiangqi/, each
 * game written in every output form (pgn, wxf, iccs, chinese, contest) as
 * `boyi convert` writes it, and read back in-process: one game, the same moves,
 * the same start position, the result written, the variations (in the PGN
 * forms; the contest frame cannot hold them), the tags (those the form holds:
 * all of them in the PGN forms; teams, event, date and place in a contest
 * frame, where the characters a frame cannot hold are written full-width). */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "xqr_test_util.h"

typedef struct totals {
    long files, games, writes, moves, variations;
} totals;

/* A tag value as a form writes it: line ends as blanks; in a contest field
 * the frame's own characters full-width, and blanks at the ends trimmed. */
static void as_written(const char *v, bool contest, char *out, size_t n)
{
    size_t k = 0;
    for (; *v && k + 4 < n; v++) {
        const char *fw = contest ? xq_contest_field_char(*v) : NULL;
        if (!contest && (*v == '\n' || *v == '\r')) out[k++] = ' ';
        else if (fw) { size_t l = strlen(fw); memcpy(out + k, fw, l); k += l; }
        else out[k++] = *v;
    }
    out[k] = 0;
    if (contest) {
        size_t a = 0;
        while (out[a] == ' ' || out[a] == '\t') a++;
        while (k > a && (out[k - 1] == ' ' || out[k - 1] == '\t')) k--;
        memmove(out, out + a, k - a);
        out[k - a] = 0;
    }
}

/* The tags of `orig` that form fmt holds are in `back` with the same values. */
static void same_tags(const char *where, const bo_record *orig, const bo_record *back, xq_format fmt)
{
    bool contest = fmt == XQ_FMT_CONTEST;
    for (int i = 0; i < orig->ntags; i++) {
        const char *name = orig->tags[i].name, *val = orig->tags[i].value;
        if (strcasecmp(name, "Game") == 0 || strcasecmp(name, "FEN") == 0 || strcasecmp(name, "Format") == 0 ||
            strcasecmp(name, "Result") == 0 || strcmp(name, "_Comment") == 0 || strcasecmp(name, "GameCode") == 0)
            continue;
        if (contest && strcmp(name, "Red") != 0 && strcmp(name, "Black") != 0 && strcmp(name, "Event") != 0) continue;
        char want[2048];
        as_written(val, contest, want, sizeof want);
        if (contest && !*want) continue;   /* an empty team is written "?" */
        bool found = false;
        for (int j = 0; j < back->ntags && !found; j++)
            found = strcasecmp(back->tags[j].name, name) == 0 && strcmp(back->tags[j].value, want) == 0;
        if (!found) {
            const char *got = bo_record_tag(back, name);
            fail_msg("%s: tag [%s \"%s\"] read back as \"%s\"", where, name, want, got ? got : "(none)");
        }
    }
}

/* Write game r (replayed in c, verdict v) in fmt as convert does; read it back. */
static void round_trip(const char *where, const bo_record *r, const xq_check *c, const bo_verdict *v, xq_format fmt,
                       totals *t)
{
    const char *result = v->result, *stop = NULL;
    if (v->status != BO_VERDICT_OK) {
        result = "*";
        stop = "boyi: the record stops being valid here";
    } else if (r->result) {
        const char *claim = xq_result_normalise(r->result, strlen(r->result));
        if (claim) result = claim;
    }
    char *buf = NULL, err[256];
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(xq_record_write(f, r, &c->start, c->moves, c->nmoves, result, fmt, stop, err, sizeof err), 0);
    fclose(f);
    bo_text text;
    assert_int_equal(bo_text_from_bytes(&text, "back", (const unsigned char *)buf, len, err, sizeof err), 0);
    bo_record_list back = {0};
    if (xq_records_read(&text, &back, err, sizeof err) != 0) fail_msg("%s: not read back: %s\n%s", where, err, buf);
    if (back.n != 1) fail_msg("%s: %d games read back, not 1:\n%s", where, back.n, buf);
    xq_check b;
    bo_verdict bv;
    xq_check_init(&b);
    assert_int_equal(xq_check_record(&b, "back", &back.items[0], NULL, &bv), 0);
    if (bv.status != BO_VERDICT_OK) fail_msg("%s: read back invalid: %s: %s\n%s", where, bv.kind, bv.message, buf);
    if (b.nmoves != c->nmoves || memcmp(b.moves, c->moves, (size_t)c->nmoves * sizeof *c->moves) != 0)
        fail_msg("%s: %d moves read back, %d written, or other moves", where, b.nmoves, c->nmoves);
    char f1[128], f2[128];
    xq_pos_to_fen(&c->start, f1, sizeof f1);
    xq_pos_to_fen(&b.start, f2, sizeof f2);
    if (strcmp(f1, f2) != 0) fail_msg("%s: start %s read back as %s", where, f1, f2);
    const char *rb = back.items[0].result ? xq_result_normalise(back.items[0].result, strlen(back.items[0].result)) : "*";
    if (!rb || strcmp(rb, result) != 0) fail_msg("%s: result %s read back as %s", where, result, rb ? rb : "?");
    same_tags(where, r, &back.items[0], fmt);
    if (fmt != XQ_FMT_CONTEST && v->status == BO_VERDICT_OK && bo_record_count_variations(r) > 0) {
        char *t1 = xqr_tree(r), *t2 = xqr_tree(&back.items[0]);   /* the variations, as moves */
        if (strcmp(t1, t2) != 0) fail_msg("%s: the variations differ after writing:\n%s\n%s", where, t1, t2);
        free(t1);
        free(t2);
        t->variations += bo_record_count_variations(&back.items[0]);
    }
    xq_check_free(&b);
    bo_record_list_free(&back);
    bo_text_free(&text);
    free(buf);
    t->writes++;
}

/* Every game of one file, in every form. */
static void file_round_trip(const char *path, totals *t)
{
    bo_text text;
    char err[256];
    if (strstr(path, "/ccpd-big5/")) {
        char *u8 = xqr_big5_file(path);
        if (!u8) fail_msg("%s: not Big5", path);
        assert_int_equal(bo_text_from_bytes(&text, path, (const unsigned char *)u8, strlen(u8), err, sizeof err), 0);
        free(u8);
    } else if (bo_text_load(&text, path, err, sizeof err) != 0) {
        fail_msg("%s: %s", path, err);
    }
    bo_record_list l = {0};
    if (xq_records_read(&text, &l, err, sizeof err) != 0) fail_msg("%s: %s", path, err);
    xq_check c;
    xq_check_init(&c);
    for (int g = 0; g < l.n; g++) {
        bo_verdict v;
        assert_int_equal(xq_check_record(&c, path, &l.items[g], NULL, &v), 0);
        if (v.status != BO_VERDICT_OK && strcmp(v.kind, "position") == 0) continue;   /* not written */
        for (int fmt = XQ_FMT_PGN; fmt <= XQ_FMT_CONTEST; fmt++) {
            char where[1200];
            snprintf(where, sizeof where, "%s game %d as %d", path, g + 1, fmt);
            round_trip(where, &l.items[g], &c, &v, (xq_format)fmt, t);
        }
        t->games++;
        t->moves += c.nmoves;
    }
    xq_check_free(&c);
    bo_record_list_free(&l);
    bo_text_free(&text);
    t->files++;
}

/* Every file under dir (recursively, in name order), but INDEX.txt. */
static void walk(const char *dir, totals *t)
{
    struct dirent **names;
    int n = scandir(dir, &names, NULL, alphasort);
    if (n < 0) fail_msg("cannot list %s", dir);
    for (int i = 0; i < n; i++) {
        const char *nm = names[i]->d_name;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, nm);
        struct stat st;
        if (nm[0] != '.' && stat(path, &st) == 0) {
            if (S_ISDIR(st.st_mode)) walk(path, t);
            else if (strcmp(nm, "INDEX.txt") != 0) file_round_trip(path, t);
        }
        free(names[i]);
    }
    free(names);
}

static void every_corpus_game_in_every_form(void **state)
{
    (void)state;
    totals t = {0};
    walk(BOYI_SHARED_DIR "/corpus/xiangqi", &t);
    print_message("corpus: %ld files, %ld games, %ld moves, %ld games written and read back, %ld variations kept\n",
                  t.files, t.games, t.moves, t.writes, t.variations);
    /* 28 files and 1460 games, and the 104 Big5 files and games (docs/xiangqi.md) */
    assert_int_equal(t.files, 132);
    assert_int_equal(t.games, 1564);
    assert_int_equal(t.writes, 5 * 1564);
    assert_int_equal(t.variations, 4 * 19);   /* xqfexamb.xqf's, in the four PGN forms */
}

static void every_sample_game_in_every_form(void **state)
{
    (void)state;
    totals t = {0};
    walk(BOYI_SOURCE_DIR "/data/xiangqi", &t);
    print_message("data/xiangqi: %ld files, %ld games, %ld moves\n", t.files, t.games, t.moves);
    assert_int_equal(t.files, 6);
    assert_int_equal(t.games, 16);
    assert_int_equal(t.writes, 5 * 16);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_corpus_game_in_every_form),
        cmocka_unit_test(every_sample_game_in_every_form),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
