/* game_xiangqi.c -- the xiangqi front end of the boyi binary: which files are
 * Xiangqi records, validate, convert, perft, moves and bench. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "xiangqi.h"
#include "xq_contest.h"
#include "xq_notation.h"
#include "xq_pgn.h"
#include "xq_validate.h"
#include "xq_xqf.h"

typedef enum { XQ_SRC_PGN = 0, XQ_SRC_CONTEST, XQ_SRC_XQF } xq_source;

static bool is_xqf(const bo_text *t)
{
    return t->raw && t->encoding == BO_ENC_BINARY && xq_xqf_sniff(t->raw, t->raw_len);
}

/* How sure we are that T holds Xiangqi records, and in which form. */
static bool mend_cut_text(const bo_text *t, bo_text *mended);

static int sniff_kind(const bo_text *t, xq_source *src)
{
    if (is_xqf(t)) { *src = XQ_SRC_XQF; return 100; }
    bo_text mended;
    if (mend_cut_text(t, &mended)) {
        int score = sniff_kind(&mended, src);
        bo_text_free(&mended);
        return score;
    }
    int c = xq_contest_sniff(t->data, t->len);
    int p = xq_pgn_sniff(t->data, t->len);
    *src = c > 0 && c >= p ? XQ_SRC_CONTEST : XQ_SRC_PGN;
    return c > p ? c : p;
}

static int xq_sniff(const bo_text *t)
{
    xq_source src;
    return sniff_kind(t, &src);
}

/* Line and column (in characters) of the end of UTF-8 text s[0..n). */
static void end_line_col(const char *s, size_t n, int *line, int *col)
{
    *line = 1;
    *col = 1;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\n') { (*line)++; *col = 1; }
        else if (((unsigned char)s[i] & 0xC0) != 0x80) (*col)++;
    }
}

/* Does raw[0..n) decode as GBK, or would it with its last byte cut (a prefix
 * that ends inside a two-byte character)? */
static bool gbk_prefix_ok(const unsigned char *raw, size_t n)
{
    for (size_t k = 0; k <= 1 && k <= n; k++) {
        char *u = bo_gbk_to_utf8(raw, n - k, NULL);
        if (u) { free(u); return true; }
    }
    return false;
}

/* Where a file that is neither UTF-8 nor GBK text stops being text, in the
 * encoding that reads further: line, column and the byte. */
static void first_bad_byte(const bo_text *t, int *line, int *col, unsigned *byte)
{
    const unsigned char *s = t->raw;
    size_t n = t->raw_len, u = 0;
    while (u < n) {
        unsigned c = s[u];
        size_t k = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
        if (c == 0 || k == 0 || u + k > n || !bo_utf8_valid(s + u, k)) break;
        u += k;
    }
    size_t lo = 0, hi = n;   /* the longest GBK-readable prefix, by bisection */
    if (!memchr(s, 0, n) && n < ((size_t)1 << 26)) {
        while (lo < hi) {
            size_t mid = lo + (hi - lo + 1) / 2;
            if (gbk_prefix_ok(s, mid)) lo = mid;
            else hi = mid - 1;
        }
    }
    size_t at = u;
    char *text = NULL;
    if (lo > u && (text = bo_gbk_to_utf8(s, lo, NULL)) == NULL) text = bo_gbk_to_utf8(s, --lo, NULL);
    if (lo > u && text) {
        at = lo;
        end_line_col(text, strlen(text), line, col);
        free(text);
    } else {
        free(text);
        end_line_col((const char *)s, u, line, col);
    }
    *byte = at < n ? s[at] : 0;
}

/* A text file cut short inside its last character is neither UTF-8 nor GBK.
 * Read it without the broken character (mended gets the text), so that the
 * faults are found where they are; true if that worked. */
/* Are the last k bytes of s[0..n) the start of a character and no more: an
 * incomplete UTF-8 sequence (gbk false), or the first bytes of a GBK/GB18030
 * one (gbk true)? */
static bool incomplete_tail(const unsigned char *s, size_t n, size_t k, bool gbk)
{
    const unsigned char *t = s + n - k;
    if (gbk)
        return t[0] >= 0x81 && t[0] <= 0xFE && (k < 2 || (t[1] >= 0x30 && t[1] <= 0x39)) &&
               (k < 3 || (t[2] >= 0x81 && t[2] <= 0xFE));
    size_t need = t[0] >= 0xC2 && t[0] <= 0xDF ? 1 : t[0] >= 0xE0 && t[0] <= 0xEF ? 2 : t[0] >= 0xF0 && t[0] <= 0xF4 ? 3 : 0;
    bool ok = need >= k;
    for (size_t i = 1; i < k && ok; i++) ok = (t[i] & 0xC0) == 0x80;
    return ok;
}

/* A text file cut short inside its last character is neither UTF-8 nor GBK.
 * Read it without the broken character (mended gets the text), so that the
 * faults are found where they are; true if that worked. UTF-8 is tried
 * first: UTF-8 Chinese often decodes as (wrong) GBK too. */
static bool mend_cut_text(const bo_text *t, bo_text *mended)
{
    if (t->encoding != BO_ENC_BINARY || !t->raw || t->raw_len < 2 || memchr(t->raw, 0, t->raw_len)) return false;
    for (int gbk = 0; gbk <= 1; gbk++)
        for (size_t k = 1; k <= 3 && k < t->raw_len; k++) {
            char err[128];
            if (!incomplete_tail(t->raw, t->raw_len, k, gbk)) continue;
            if (!gbk && !bo_utf8_valid(t->raw, t->raw_len - k)) continue;
            if (bo_text_from_bytes(mended, t->path, t->raw, t->raw_len - k, err, sizeof err) != 0) return false;
            if (mended->encoding != BO_ENC_BINARY) return true;
            bo_text_free(mended);
        }
    return false;
}

/* Read every record of T in the form it was sniffed to be. */
static int read_records(const bo_text *t, bo_record_list *list, char *err, size_t errlen)
{
    xq_source src;
    sniff_kind(t, &src);
    if (src == XQ_SRC_XQF) return xq_xqf_read(t->raw, t->raw_len, list, err, errlen);
    bo_text mended;
    if (mend_cut_text(t, &mended)) {
        int rc = read_records(&mended, list, err, errlen);
        if (rc == 0 && list->n > 0) {
            int line, col;
            end_line_col(mended.data, mended.len, &line, &col);
            bo_record_note(&list->items[list->n - 1], BO_NOTE_WARNING, line, col,
                           "the file ends inside a character (cut short?); its last bytes were not read");
        }
        bo_text_free(&mended);
        return rc;
    }
    if (t->encoding == BO_ENC_BINARY) {
        int line, col;
        unsigned byte;
        first_bad_byte(t, &line, &col, &byte);
        snprintf(err, errlen, "line %d, column %d: byte 0x%02X is not UTF-8 or GBK text, and the file is no XQF record",
                 line, col, byte);
        return -1;
    }
    int rc = src == XQ_SRC_CONTEST ? xq_contest_read(t, list, err, errlen) : xq_pgn_read(t, list, err, errlen);
    if (rc == 0 && list->n == 0) {
        snprintf(err, errlen, t->len == 0 ? "the file is empty" : "no Xiangqi game in the file");
        return -1;
    }
    return rc;
}

static int check_rules(const bo_opts *o)
{
    if (o->rules && strcmp(o->rules, "standard") != 0 && strcmp(o->rules, "ccgc") != 0) {
        bo_cli_error(NULL, 0, 0, "xiangqi has one rule set (RULES.md section 1: 'standard'), not '%s'", o->rules);
        return -1;
    }
    return 0;
}

static int xq_validate_cli(const bo_opts *o, const bo_text *t, const bo_verdict_sink *sink, char *err, size_t errlen)
{
    if (o->rules && check_rules(o) != 0) {
        snprintf(err, errlen, "unknown rule set '%s'", o->rules);
        return -1;
    }
    bo_record_list list = {0};
    if (read_records(t, &list, err, errlen) != 0) { bo_record_list_free(&list); return -1; }
    xq_check c;
    xq_check_init(&c);
    int rc = 0;
    for (int i = 0; i < list.n; i++) {
        bo_verdict v;
        if (xq_check_record(&c, t->path, &list.items[i], sink, &v) != 0) {
            snprintf(err, errlen, "out of memory in game %d", i + 1);
            rc = -1;
            break;
        }
        sink->verdict(sink->ctx, &v);
    }
    xq_check_free(&c);
    bo_record_list_free(&list);
    return rc;
}

/* The position of --fen (or --position), else the start. */
static int cli_position(const bo_opts *o, xq_pos *p)
{
    const char *fen = o->fen ? o->fen : o->position;
    if (!fen) { xq_pos_start(p); return 0; }
    char err[256];
    if (xq_pos_from_fen(p, fen, err, sizeof err) != 0) {
        bo_cli_error(NULL, 0, 0, "bad FEN '%s': %s", fen, err);
        return -1;
    }
    return 0;
}

static int cmp_move_names(const void *a, const void *b)
{
    char x[5], y[5];
    xq_move_name(*(const xq_move *)a, x);
    xq_move_name(*(const xq_move *)b, y);
    return strcmp(x, y);
}

static int xq_perft_cli(const bo_opts *o, FILE *out)
{
    int depth = o->depth;
    if (o->nargs == 1) {
        char *end;
        long d = strtol(o->args[0], &end, 10);
        if (*end || end == o->args[0] || d < 0 || d > 64) {
            bo_cli_error(NULL, 0, 0, "perft depth must be a number 0..64, not '%s'", o->args[0]);
            return BO_EXIT_USAGE;
        }
        depth = (int)d;
    } else if (o->nargs > 1) {
        bo_cli_error(NULL, 0, 0, "usage: boyi perft --game xiangqi [--fen FEN] [--divide] DEPTH");
        return BO_EXIT_USAGE;
    }
    if (depth < 0) {
        bo_cli_error(NULL, 0, 0, "boyi perft needs a DEPTH");
        return BO_EXIT_USAGE;
    }
    if (check_rules(o) != 0) return BO_EXIT_USAGE;
    xq_pos p;
    if (cli_position(o, &p) != 0) return BO_EXIT_USAGE;
    if (o->divide && depth >= 1) {
        xq_move moves[XQ_MAX_MOVES];
        int n = xq_gen_legal(&p, moves);
        qsort(moves, (size_t)n, sizeof moves[0], cmp_move_names);
        uint64_t total = 0;
        for (int i = 0; i < n; i++) {
            xq_undo u;
            xq_make(&p, moves[i], &u);
            uint64_t c = xq_perft(&p, depth - 1);
            xq_unmake(&p, moves[i], &u);
            char name[5];
            xq_move_name(moves[i], name);
            fprintf(out, "%s: %llu\n", name, (unsigned long long)c);
            total += c;
        }
        fprintf(out, "%llu\n", (unsigned long long)total);
        return BO_EXIT_OK;
    }
    fprintf(out, "%llu\n", (unsigned long long)xq_perft(&p, depth));
    return BO_EXIT_OK;
}

static int xq_moves_cli(const bo_opts *o, FILE *out)
{
    if (check_rules(o) != 0) return BO_EXIT_USAGE;
    xq_pos p;
    if (cli_position(o, &p) != 0) return BO_EXIT_USAGE;
    xq_move moves[XQ_MAX_MOVES];
    int n = xq_gen_legal(&p, moves);
    qsort(moves, (size_t)n, sizeof moves[0], cmp_move_names);
    for (int i = 0; i < n; i++) {
        char name[5], cn[XQ_MOVE_TEXT_MAX];
        xq_move_name(moves[i], name);
        if (xq_write_move(&p, moves[i], XQ_NOTE_CHINESE, cn, sizeof cn) != 0) snprintf(cn, sizeof cn, "?");
        fprintf(out, "%s %s\n", name, cn);
    }
    if (n == 0)
        fprintf(stderr, "boyi: %s has no legal move: %s\n", p.side == XQ_RED ? "red" : "black",
                xq_in_check(&p, p.side) ? "checkmate" : "stalemate (困毙), which loses");
    return BO_EXIT_OK;
}

/* convert prints the reader's and the replay's warnings on stderr. */
static void convert_warning(void *ctx, const bo_warning *w)
{
    (void)ctx;
    fprintf(stderr, "boyi: %s", w->file);
    if (w->line > 0) fprintf(stderr, ":%d", w->line);
    if (w->line > 0 && w->col > 0) fprintf(stderr, ":%d", w->col);
    fprintf(stderr, ": game %d: warning: %s\n", w->game, w->message);
}

static void convert_verdict(void *ctx, const bo_verdict *v) { (void)ctx; (void)v; }

static int xq_convert_cli(const bo_opts *o, const bo_text *t, FILE *out)
{
    int fmt = xq_format_from_name(o->to);
    if (fmt < 0) {
        bo_cli_error(NULL, 0, 0, "xiangqi records convert to pgn, wxf, iccs, chinese or contest, not '%s'", o->to);
        return BO_EXIT_USAGE;
    }
    char err[512];
    bo_record_list list = {0};
    if (read_records(t, &list, err, sizeof err) != 0) {
        bo_cli_error(t->path, 0, 0, "%s", err);
        bo_record_list_free(&list);
        return BO_EXIT_USAGE;
    }
    bo_verdict_sink sink = {convert_verdict, convert_warning, NULL};
    xq_check c;
    xq_check_init(&c);
    int rc = BO_EXIT_OK;
    for (int i = 0; i < list.n; i++) {
        const bo_record *r = &list.items[i];
        bo_verdict v;
        if (xq_check_record(&c, t->path, r, &sink, &v) != 0) {
            bo_cli_error(t->path, 0, 0, "out of memory");
            rc = BO_EXIT_USAGE;
            break;
        }
        char note[800];
        const char *stop = NULL, *result = v.result;
        if (v.status != BO_VERDICT_OK) {
            bo_cli_error(t->path, v.line, v.col, "game %d: %s: %s%s", r->index, v.kind, v.message,
                         v.kind && strcmp(v.kind, "position") == 0 ? "; game not written" : "; written up to there");
            rc = BO_EXIT_INVALID;
            if (strcmp(v.kind, "position") == 0) continue;
            snprintf(note, sizeof note, "boyi: the record stops being valid here (%s: %s)", v.kind, v.message);
            stop = note;
            result = "*";
        } else if (r->result) {
            const char *claim = xq_result_normalise(r->result, strlen(r->result));
            if (claim) result = claim;
        }
        if (i > 0 && fmt != XQ_FMT_CONTEST) fputc('\n', out);
        if (xq_record_write(out, r, &c.start, c.moves, c.nmoves, result, (xq_format)fmt, stop, err, sizeof err) != 0) {
            bo_cli_error(t->path, r->line, 0, "game %d: %s", r->index, err);
            rc = BO_EXIT_INVALID;
        }
    }
    xq_check_free(&c);
    bo_record_list_free(&list);
    return rc;
}

static double clock_seconds(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double now_seconds(void) { return clock_seconds(CLOCK_MONOTONIC); }

static void count_verdict(void *ctx, const bo_verdict *v)
{
    long *n = ctx;
    n[0]++;
    n[1] += v->moves;
    if (v->status != BO_VERDICT_OK) n[2]++;
}

static void no_warning(void *ctx, const bo_warning *w) { (void)ctx; (void)w; }

/* Reading and replaying a whole file, best of several rounds (at least 1 s). */
static int bench_validate(const char *path, FILE *out)
{
    char err[512];
    bo_text t;
    if (bo_text_load(&t, path, err, sizeof err) != 0) {
        bo_cli_error(path, 0, 0, "%s", err);
        return BO_EXIT_USAGE;
    }
    double best_read = 1e30, best_total = 1e30, best_cpu = 1e30, spent = 0;
    long counts[3] = {0, 0, 0};
    int rounds = 0;
    while (rounds < 3 || (spent < 1.0 && rounds < 1000)) {
        bo_record_list list = {0};
        double t0 = now_seconds(), c0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
        if (read_records(&t, &list, err, sizeof err) != 0) {
            bo_cli_error(path, 0, 0, "%s", err);
            bo_record_list_free(&list);
            bo_text_free(&t);
            return BO_EXIT_USAGE;
        }
        double t1 = now_seconds();
        long n[3] = {0, 0, 0};
        bo_verdict_sink sink = {count_verdict, no_warning, n};
        xq_check c;
        xq_check_init(&c);
        for (int i = 0; i < list.n; i++) {
            bo_verdict v;
            if (xq_check_record(&c, path, &list.items[i], &sink, &v) != 0) break;
            sink.verdict(sink.ctx, &v);
        }
        xq_check_free(&c);
        double t2 = now_seconds(), c2 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
        bo_record_list_free(&list);
        if (c2 - c0 < best_cpu) best_cpu = c2 - c0;
        if (t1 - t0 < best_read) best_read = t1 - t0;
        if (t2 - t0 < best_total) best_total = t2 - t0;
        spent += t2 - t0;
        memcpy(counts, n, sizeof n);
        rounds++;
    }
    fprintf(out, "validate %s: %ld games, %ld plies, %ld invalid (%.1f MB of text)\n", path, counts[0], counts[1],
            counts[2], (double)t.len / 1e6);
    fprintf(out, "best of %d rounds: read %.4f s (%.1f MB/s), read+replay %.4f s\n", rounds, best_read,
            (double)t.len / 1e6 / best_read, best_total);
    fprintf(out, "read+replay CPU time %.4f s: %.0f plies/s per core\n", best_cpu, (double)counts[1] / best_cpu);
    fprintf(out, "%.0f plies/s\n", (double)counts[1] / best_total);
    bo_text_free(&t);
    return BO_EXIT_OK;
}

static int xq_bench_cli(const bo_opts *o, FILE *out)
{
    const char *what = o->what ? o->what : o->nargs > 0 ? o->args[0] : "perft";
    if (strcmp(what, "validate") == 0) {
        const char *path = o->nargs > 1 ? o->args[1] : NULL;
        if (!path) {
            bo_cli_error(NULL, 0, 0, "usage: boyi bench --game xiangqi validate FILE");
            return BO_EXIT_USAGE;
        }
        return bench_validate(path, out);
    }
    if (strcmp(what, "perft") != 0) {
        bo_cli_error(NULL, 0, 0, "xiangqi benchmarks: perft [--depth N], validate FILE; not '%s'", what);
        return BO_EXIT_USAGE;
    }
    int depth = o->depth >= 0 ? o->depth : 5;
    uint64_t nodes = 0;
    double s = xq_bench_perft(depth, &nodes);
    fprintf(out, "perft(%d) from the start: %llu nodes in %.3f s: %.1f Mnps\n", depth, (unsigned long long)nodes, s,
            s > 0 ? (double)nodes / s / 1e6 : 0.0);
    return BO_EXIT_OK;
}

const bo_game_cli bo_game_xiangqi = {
    .name = "xiangqi",
    .rules_help = "standard (RULES.md section 1; the only one)",
    .sniff = xq_sniff,
    .validate = xq_validate_cli,
    .perft = xq_perft_cli,
    .moves = xq_moves_cli,
    .convert = xq_convert_cli,
    .bench = xq_bench_cli,
};
