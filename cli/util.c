/* util.c -- error printing and JSON output (escaping, one-line objects, the
 * perft and moves lines) for every subcommand. */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "game.h"
#include "sp_log.h"

void bo_cli_error(const char *file, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("boyi: ", stderr);
    if (file) {
        fputs(file, stderr);
        if (line > 0) fprintf(stderr, ":%d", line);
        if (line > 0 && col > 0) fprintf(stderr, ":%d", col);
        fputs(": ", stderr);
    }
    fputs("error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* A reader's message ("line N: what", or just "what") as an error at FILE:N: the
 * readers below cli/ know lines, not file names. */
void bo_cli_error_msg(const char *file, const char *msg)
{
    long line = 0;
    int skip = 0;
    if (sscanf(msg, "line %ld: %n", &line, &skip) == 1 && skip > 0) bo_cli_error(file, (int)line, 0, "%s", msg + skip);
    else bo_cli_error(file, 0, 0, "%s", msg);
}

/* The separator and key every field starts with. */
static void json_key(bo_json *j, const char *key)
{
    if (j->fields++ > 0) fputc(',', j->f);
    bo_json_string(j->f, key);
    fputc(':', j->f);
}

/* --json output is one object per line; the helpers keep the commas right. */
void bo_json_begin(bo_json *j, FILE *f)
{
    j->f = f;
    j->fields = 0;
    fputc('{', f);
}

void bo_json_str(bo_json *j, const char *key, const char *val)
{
    json_key(j, key);
    bo_json_string(j->f, val);
}

void bo_json_int(bo_json *j, const char *key, long long val)
{
    json_key(j, key);
    fprintf(j->f, "%lld", val);
}

void bo_json_u64(bo_json *j, const char *key, uint64_t val)
{
    json_key(j, key);
    fprintf(j->f, "%llu", (unsigned long long)val);
}

void bo_json_bool(bo_json *j, const char *key, bool val)
{
    json_key(j, key);
    fputs(val ? "true" : "false", j->f);
}

/* JSON has no NaN or Infinity: a rate over a zero time is written null. */
void bo_json_num(bo_json *j, const char *key, double val, int decimals)
{
    json_key(j, key);
    if (isfinite(val)) fprintf(j->f, "%.*f", decimals, val);
    else fputs("null", j->f);
}

void bo_json_end(bo_json *j)
{
    fputs("}\n", j->f);
}

/* One first move of perft --divide, in the same form for every game. */
void bo_cli_perft_divide(const bo_opts *o, FILE *out, const char *move, uint64_t nodes)
{
    if (!o->json) {
        fprintf(out, "%s: %llu\n", move, (unsigned long long)nodes);
        return;
    }
    bo_json j;
    bo_json_begin(&j, out);
    bo_json_str(&j, "move", move);
    bo_json_u64(&j, "nodes", nodes);
    bo_json_end(&j);
}

/* The last line of perft: the bare count, or the whole question and answer. */
void bo_cli_perft_total(const bo_opts *o, FILE *out, const char *game, const char *fen, int depth, uint64_t nodes)
{
    if (!o->json) {
        fprintf(out, "%llu\n", (unsigned long long)nodes);
        return;
    }
    bo_json j;
    bo_json_begin(&j, out);
    bo_json_str(&j, "game", game);
    bo_json_str(&j, "fen", fen);
    bo_json_int(&j, "depth", depth);
    bo_json_u64(&j, "nodes", nodes);
    bo_json_end(&j);
}

/* The result of boyi bench perft, the same shape for every game.  FEN is NULL for
 * the start position (and then left out of the JSON). */
int bo_cli_perft_bench(const bo_opts *o, FILE *out, const char *game, const char *fen, int depth,
                       uint64_t nodes, double seconds)
{
    if (o->json) {
        bo_json j;
        bo_json_begin(&j, out);
        bo_json_str(&j, "game", game);
        bo_json_str(&j, "bench", "perft");
        if (fen) bo_json_str(&j, "fen", fen);
        bo_json_int(&j, "depth", depth);
        bo_json_u64(&j, "nodes", nodes);
        bo_json_num(&j, "seconds", seconds, 6);
        bo_json_num(&j, "nps", (double)nodes / seconds, 0);
        bo_json_end(&j);
    } else {
        fprintf(out, "perft(%d)%s: %llu nodes in %.3f s: %.1f Mnps\n", depth, o->fen ? "" : " from the start",
                (unsigned long long)nodes, seconds, seconds > 0 ? (double)nodes / seconds / 1e6 : 0.0);
    }
    return BO_EXIT_OK;
}

/* One move of boyi moves --json. */
void bo_cli_json_move(FILE *out, const char *key, const char *move, const char *text_key, const char *text)
{
    bo_json j;
    bo_json_begin(&j, out);
    bo_json_str(&j, key, move);
    if (text_key) bo_json_str(&j, text_key, text);
    bo_json_end(&j);
}

/* The closing line of boyi moves --json: how many, whose turn, and why none. */
void bo_cli_json_moves_summary(FILE *out, int count, const char *side, const char *ending)
{
    bo_json j;
    bo_json_begin(&j, out);
    bo_json_int(&j, "count", count);
    if (side) bo_json_str(&j, "side", side);
    if (ending) bo_json_str(&j, "ending", ending);
    bo_json_end(&j);
}

void bo_cli_report_peak_memory(void)
{
    if (!getenv("BOYI_REPORT_PEAK")) return;
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return;
    char line[256];
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "VmHWM:", 6) == 0) fprintf(stderr, "boyi: peak memory: %ld kB\n", strtol(line + 6, NULL, 10));
    fclose(f);
}

int bo_cli_load_position(const bo_opts *o, const struct bo_game *g, void *pos)
{
    char err[512];
    const char *text = o->fen ? o->fen : o->position;
    int rc = text ? g->from_text(pos, o->rules, text, err, sizeof err) : g->start(pos, o->rules, err, sizeof err);
    if (rc != 0) bo_cli_error(NULL, 0, 0, "%s: %s", text ? text : "start position", err);
    return rc;
}

/* Levenshtein distance with adjacent transpositions counted as one edit (the typo
 * "vaildate"), over bytes, case ignored; words here are short, so two rows on the stack do. */
static int edit_distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > 63 || m > 63) return 99;
    int prev2[64], prev[64], cur[64];
    for (size_t j = 0; j <= m; j++) prev[j] = (int)j;
    for (size_t i = 1; i <= n; i++) {
        cur[0] = (int)i;
        for (size_t j = 1; j <= m; j++) {
            int cost = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]) ? 0 : 1;
            int d = prev[j] + 1;
            if (cur[j - 1] + 1 < d) d = cur[j - 1] + 1;
            if (prev[j - 1] + cost < d) d = prev[j - 1] + cost;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && prev2[j - 2] + 1 < d) d = prev2[j - 2] + 1;
            cur[j] = d;
        }
        memcpy(prev2, prev, sizeof prev);
        memcpy(prev, cur, sizeof cur);
    }
    return prev[m];
}

const char *bo_cli_nearest(const char *word, const char *const *cands, int n)
{
    const char *best = NULL;
    int best_d = 3;
    int len = (int)strlen(word);
    for (int i = 0; i < n; i++) {
        int d = edit_distance(word, cands[i]);
        if (d < best_d && 2 * d < len) { best_d = d; best = cands[i]; }
    }
    return best;
}

/* The first limit of MASK, named. */
static const char *limit_name(unsigned mask)
{
    return mask & BO_LIMIT_DEPTH ? "depth" : mask & BO_LIMIT_NODES ? "a node limit" : "a time limit";
}

int bo_cli_check_limits(const bo_game *g, unsigned given, const char *who)
{
    unsigned moot = given & g->ignored_limits & g->moot_limits, bad = given & g->ignored_limits & ~g->moot_limits;
    const char *note = g->limits_note ? g->limits_note : "see docs/engines.md";
    if (bad) {
        bo_cli_error(NULL, 0, 0, "%s: %s's engine does not take %s (it would be ignored): %s", who, g->name,
                     limit_name(bad), note);
        return -1;
    }
    if (moot) fprintf(stderr, "boyi: warning: %s: %s's engine does not take %s (it cannot change the answer): %s\n", who,
                      g->name, limit_name(moot), note);
    return 0;
}

/* Is KEY= one of SPEC's words? */
static bool spec_has(const char *spec, const char *key)
{
    size_t k = strlen(key);
    for (const char *w = spec; w && *w;) {
        w += strspn(w, " ,");
        if (strncmp(w, key, k) == 0) return true;
        w += strcspn(w, " ,");
    }
    return false;
}

unsigned bo_cli_spec_limits(const char *spec)
{
    if (!spec) return 0;
    return (spec_has(spec, "depth=") ? BO_LIMIT_DEPTH : 0u) | (spec_has(spec, "nodes=") ? BO_LIMIT_NODES : 0u) |
           (spec_has(spec, "movetime=") || spec_has(spec, "tc=") ? BO_LIMIT_TIME : 0u);
}

unsigned bo_cli_opts_limits(const bo_opts *o)
{
    return (o->depth > 0 ? BO_LIMIT_DEPTH : 0u) | (o->nodes ? BO_LIMIT_NODES : 0u) |
           (o->movetime_ms > 0 || o->clock_ms > 0 ? BO_LIMIT_TIME : 0u);
}

void bo_cli_text_warnings(const bo_text *t)
{
    if (t->gz_trailing > 0)   /* what gzip -dc calls "trailing garbage" */
        fprintf(stderr, "boyi: %s: warning: the data from byte %zu on, after the last gzip member, is not gzip: "
                "ignored\n", t->path, t->gz_trailing);
}
