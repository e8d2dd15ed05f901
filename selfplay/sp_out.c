/* sp_out.c -- the output folder of a self-play batch (sp_out.h).
 *
 * The rule: a file of the folder holds whole games only, and what a finished run left
 * is replaced only by a whole set that agrees with itself.  The method: records and
 * data are unbuffered streams, each game (each data block) given to the kernel in one
 * write, and a failed write cut back off the file; a resume writes under NAME.tmp and
 * renames at a data-block boundary or at the end, stats.json last. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core.h"
#include "sp_data.h"
#include "sp_log.h"
#include "sp_out.h"
#include "sp_journal.h"

static int path_of(char *buf, size_t n, const char *dir, const char *name)
{
    return snprintf(buf, n, "%s/%s", dir, name) < (int)n ? 0 : -1;
}

/* Write the text of a whole file under a temporary name, then rename it into place:
 * a reader (or a kill) never sees half of it. */
static int write_atomic(const char *dir, const char *name, const char *text, size_t len, char *err, size_t errlen)
{
    char path[4096], tmp[4200];
    if (path_of(path, sizeof path, dir, name) != 0) return snprintf(err, errlen, "%s: path too long", dir), -1;
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "we");
    if (!f) return snprintf(err, errlen, "%s: cannot write: %s", tmp, strerror(errno)), -1;
    errno = 0;
    bool bad = fwrite(text, 1, len, f) != len;
    int e = errno;
    if (fclose(f) != 0 && !bad) { bad = true; e = errno; }
    if (!bad && rename(tmp, path) != 0) { bad = true; e = errno; }
    if (bad) {
        remove(tmp);
        return snprintf(err, errlen, "%s: not written: %s", path, bo_write_failure(e)), -1;
    }
    return 0;
}

/* Cut F back to LEN bytes after a write that failed part-way, so that the file keeps
 * only what was whole before it.  F is unbuffered: nothing of the failed write waits in
 * a buffer to reach the file later. */
static void cut_back(FILE *f, off_t len)
{
    if (!f || len < 0) return;
    clearerr(f);
    if (ftruncate(fileno(f), len) == 0) fseeko(f, len, SEEK_SET);
}

/* The size of F's file now (-1 if unknown): where a failed write is cut back to. */
static off_t size_of(FILE *f)
{
    struct stat st;
    return f && fstat(fileno(f), &st) == 0 ? st.st_size : -1;
}

/* DIR/NAME (into PATH) opened for writing, unbuffered, so that each game or block is
 * one write that can be cut back whole; under PATH.tmp when STAGED (a resume). */
static FILE *open_output(const sp_out *s, const char *dir, const char *name, bool staged, char *path, size_t n,
                         int *slot, char *err, size_t errlen)
{
    char tmp[4200];
    if (path_of(path, n, dir, name) != 0) { snprintf(err, errlen, "%.1000s: path too long", dir); return NULL; }
    snprintf(tmp, sizeof tmp, "%s%s", path, staged ? ".tmp" : "");
    if (staged && s->track) *slot = s->track(tmp);   /* Ctrl-C removes it */
    FILE *f = fopen(tmp, "wbe");
    if (!f) { snprintf(err, errlen, "%s: cannot write: %s", tmp, strerror(errno)); return NULL; }
    setvbuf(f, NULL, _IONBF, 0);
    return f;
}

/* The reason strings of finished games, kept once for the tally. */
static const char *intern(sp_out *s, const char *reason)
{
    for (int i = 0; i < s->nreasons; i++)
        if (strcmp(s->reasons[i], reason) == 0) return s->reasons[i];
    if (s->nreasons == (int)(sizeof s->reasons / sizeof s->reasons[0])) return "other";
    char *copy = strdup(reason);
    if (!copy) return "other";
    s->reasons[s->nreasons++] = copy;
    return copy;
}

/* stats.json: the statistics of the games written so far, nothing that depends on time. */
static int write_stats(sp_out *s, char *err, size_t errlen)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return snprintf(err, errlen, "out of memory"), -1;
    const sp_tally *t = &s->tally;
    fprintf(f, "{\n  \"game\": \"%s\",\n  \"rules\": \"%s\",\n", s->g->name, s->rules ? s->rules : s->g->rule_sets[0]);
    fputs("  \"player_a\": ", f);   /* wins, draws, losses and score are the first player's */
    bo_json_string(f, s->names[0] ? s->names[0] : "A");
    fputs(",\n  \"player_b\": ", f);
    bo_json_string(f, s->names[1] ? s->names[1] : "B");
    fprintf(f, ",\n  \"games\": %ld,\n", t->games);
    fprintf(f, "  \"wins\": %.0f,\n  \"draws\": %.0f,\n  \"losses\": %.0f,\n  \"draws_per_game\": %.6f,\n", t->wins,
            t->draws, t->losses, sp_tally_draws_per_game(t));
    fprintf(f, "  \"pairs\": %.0f,\n  \"pentanomial\": [%.0f, %.0f, %.0f, %.0f, %.0f],\n  \"unpaired\": %ld,\n",
            sp_tally_pairs(t), t->penta[0], t->penta[1], t->penta[2], t->penta[3], t->penta[4], sp_tally_unpaired(t));
    fprintf(f, "  \"duplicates\": %ld,\n", s->seen.repeats);
    sp_counts k;
    sp_summary sum;
    sp_tally_counts(t, &k);
    if (t->games > 0 && sp_summarise(&k, &sum) == 0) {
        fprintf(f, "  \"score\": %.6f,\n  \"elo\": %.4f,\n  \"elo95\": %.4f,\n  \"los\": %.6f,\n",
                sp_tally_score(t), sum.elo, sum.elo95, sum.los);
        fprintf(f, "  \"nelo\": %.4f,\n  \"nelo95\": %.4f,\n", sum.nelo, sum.nelo95);
    }
    if (s->have_sprt && t->games > 0) {
        fprintf(f, "  \"sprt\": {\"elo0\": %g, \"elo1\": %g, \"alpha\": %g, \"beta\": %g, \"model\": \"%s\", "
                   "\"llr\": %.6f, \"lower_bound\": %.6f, \"upper_bound\": %.6f, \"state\": \"%s\"},\n",
                s->sprt.elo0, s->sprt.elo1, s->sprt.alpha, s->sprt.beta,
                s->sprt.model == SP_MODEL_NORMALIZED ? "normalized" : "logistic", s->llr.llr, s->llr.lower,
                s->llr.upper, s->llr.state == SP_SPRT_ACCEPT_H1 ? "H1" : s->llr.state == SP_SPRT_ACCEPT_H0 ? "H0" : "continue");
    }
    fprintf(f, "  \"first_player_score\": %.6f,\n", t->games ? t->first_points / (double)t->games : 0.0);
    fputs("  \"reasons\": {", f);
    for (int i = 0; i < t->nreasons; i++) {
        fprintf(f, "%s", i ? ", " : "");
        bo_json_string(f, t->reasons[i].name);
        fprintf(f, ": %ld", t->reasons[i].count);
    }
    fprintf(f, "},\n  \"length\": {\"min\": %ld, \"max\": %ld, \"mean\": %.2f, \"histogram_plies\": %d, \"histogram\": [",
            t->length_min < 0 ? 0 : t->length_min, t->length_max, t->games ? t->length_sum / (double)t->games : 0.0,
            SP_TALLY_BUCKET_PLIES);
    int last = SP_TALLY_BUCKETS - 1;
    while (last > 0 && t->length_hist[last] == 0) last--;
    for (int i = 0; i <= last; i++) fprintf(f, "%s%ld", i ? ", " : "", t->length_hist[i]);
    fputs("]}\n}\n", f);
    fclose(f);
    int rc = write_atomic(s->dir, "stats.json", buf, len, err, errlen);
    free(buf);
    return rc;
}

/* A journal entry's moves back in the descriptor's encoding (START gets the start
 * position); *MOVES is malloc'd. */
static int decode_entry(sp_out *s, const sp_entry *e, void *start, uint32_t **moves, char *err, size_t errlen)
{
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    if (s->g->from_text(start, s->rules, e->start, err, errlen) != 0) return -1;
    memcpy(pos, start, s->g->pos_size);
    *moves = malloc((size_t)(e->nmoves ? e->nmoves : 1) * sizeof **moves);
    if (!*moves) return snprintf(err, errlen, "out of memory"), -1;
    for (int i = 0; i < e->nmoves; i++) {
        if (s->g->move_from_text(pos, e->moves[i], &(*moves)[i], err, errlen) != 0) {
            free(*moves);
            *moves = NULL;   /* the caller frees it too */
            return -1;
        }
        s->g->play(pos, (*moves)[i], undo, NULL);
    }
    return 0;
}

/* A move's comment as engine testers write it (cutechess's "+0.35/12 0.105s"): the
 * mover's score in pawns, or "+M3" for a win in three moves, the depth, the time.
 * Empty when the journal has nothing for the move. */
static void move_note(const sp_entry *e, int i, char *buf, size_t n)
{
    int eval = e->evals[i], ms = e->ms ? e->ms[i] : -1, depth = e->depth ? e->depth[i] : 0;
    size_t k = 0;
    buf[0] = 0;
    if (eval != SP_NO_EVAL) {
        int a = abs(eval);
        if (a >= BO_SCORE_WIN_MIN && a <= BO_SCORE_WIN)
            k = (size_t)snprintf(buf, n, "%sM%d", eval > 0 ? "+" : "-", (BO_SCORE_WIN - a + 1) / 2);
        else
            k = (size_t)snprintf(buf, n, "%+.2f", eval / 100.0);
        if (depth > 0 && k < n) k += (size_t)snprintf(buf + k, n - k, "/%d", depth);
    }
    if (ms >= 0 && k < n) snprintf(buf + k, n - k, "%s%.3fs", k ? " " : "", ms / 1000.0);
}

/* The entry in the game's record format, each move with its comment. */
static int write_record(sp_out *s, const sp_entry *e, const void *start, const uint32_t *moves, char *err,
                        size_t errlen)
{
    if (!s->records_file) return 0;
    bool a_first = (e->index % 2 == 0) != e->swapped;   /* swap2 may have given black to the other */
    int n = e->nmoves ? e->nmoves : 1;
    char (*text)[48] = malloc((size_t)n * sizeof *text);
    const char **notes = malloc((size_t)n * sizeof *notes);
    if (!text || !notes) { free(text); free(notes); return snprintf(err, errlen, "out of memory"), -1; }
    for (int i = 0; i < e->nmoves; i++) {
        move_note(e, i, text[i], sizeof text[i]);
        notes[i] = text[i][0] ? text[i] : NULL;
    }
    bo_played p = {
        .rules = s->rules, .start = start, .moves = moves, .nmoves = e->nmoves,
        .score_first = e->swapped ? 1.0 - e->score_first : e->score_first,
        .termination = e->reason, .first_name = s->names[a_first ? 0 : 1], .second_name = s->names[a_first ? 1 : 0],
        .event = "boyi selfplay", .round = e->index + 1, .notes = notes, .ms = e->ms,
    };
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);   /* the game whole, then one write */
    int rc = !mem ? -1
             : s->records->write_played(&s->ropts, &p, mem, err, errlen);
    if (!mem) snprintf(err, errlen, "out of memory");
    if (mem && fclose(mem) != 0 && rc == 0) rc = bo_fail(err, errlen, "out of memory");
    free(text);
    free(notes);
    if (rc == 0) {
        errno = 0;
        if (fwrite(buf, 1, len, s->records_file) != len || fflush(s->records_file) != 0)
            rc = bo_fail(err, errlen, "%.1000s: not written: %s", s->records_path, bo_write_failure(errno));
    }
    free(buf);
    return rc;
}

/* The entry's positions into the training data: the evaluated plies, sampled. */
static int write_data(sp_out *s, const sp_entry *e, const uint32_t *moves, char *err, size_t errlen)
{
    if (!s->data) return 0;
    sp_data_ply *plies = calloc((size_t)(e->nmoves ? e->nmoves : 1), sizeof *plies);
    if (!plies) return snprintf(err, errlen, "out of memory"), -1;
    for (int i = 0; i < e->nmoves; i++) {
        plies[i].move = plies[i].best = moves[i];
        plies[i].evaluated = e->evals[i] != SP_NO_EVAL;
        plies[i].eval = plies[i].evaluated ? e->evals[i] : 0;
        plies[i].sampled = plies[i].evaluated && sp_data_sampled(s->sample_seed, e->index, i, s->sample_rate);
    }
    sp_data_game dg = {.index = e->index, .result = (int)(e->score_first * 2 + 0.5), .start = e->start,
                       .plies = plies, .nplies = e->nmoves};
    int rc = sp_data_add(s->data, &dg, err, errlen);
    free(plies);
    return rc;
}

/* A finished game's line for a reader who is not at a terminal (cutechess's "Finished
 * game"): its index as the journal numbers it, the players first mover first, the
 * result from the first mover's side, why it ended, its length. */
static void report_game(const sp_out *s, const sp_entry *e)
{
    if (!s->report) return;
    bool a_first = (e->index % 2 == 0) != e->swapped;
    const char *first = s->names[a_first ? 0 : 1], *second = s->names[a_first ? 1 : 0];
    double r = e->swapped ? 1.0 - e->score_first : e->score_first;
    fprintf(s->report, "game %ld: %s - %s  %s  %s, %d plies\n", e->index, first ? first : "?", second ? second : "?",
            r == 1 ? "1-0" : r == 0 ? "0-1" : "1/2-1/2", e->reason, e->nmoves);
    fflush(s->report);
}

/* One game, next in index order: records, tally, and the SPRT at each complete pair. */
static int emit(sp_out *s, const char *line, char *err, size_t errlen)
{
    sp_entry e;
    if (sp_journal_parse(line, strlen(line), &e, err, errlen) != 0) return -1;
    BO_ALIGNED unsigned char start[BO_POS_MAX];
    uint32_t *moves = NULL;
    off_t records_len = size_of(s->records_file), data_len = size_of(s->data_file);
    int rc = decode_entry(s, &e, start, &moves, err, errlen);
    if (rc == 0) rc = write_record(s, &e, start, moves, err, errlen);
    if (rc == 0) rc = write_data(s, &e, moves, err, errlen);
    if (rc != 0) {   /* neither file keeps a part of this game */
        cut_back(s->records_file, records_len);
        cut_back(s->data_file, data_len);
    }
    free(moves);
    if (rc == 0 && sp_seen_add(&s->seen, sp_game_key(e.start, (const char *const *)e.moves, e.nmoves)) < 0)
        rc = -1, snprintf(err, errlen, "out of memory");
    if (rc == 0) {
        sp_tally_add(&s->tally, e.index, e.score_first, intern(s, e.reason), e.nmoves);
        s->written++;
        report_game(s, &e);
        if (s->have_sprt && e.index % 2 == 1) {
            sp_counts k;
            sp_tally_counts(&s->tally, &k);
            char serr[128];
            if (sp_sprt_llr(&k, &s->sprt, &s->llr, serr, sizeof serr) == 0 && s->llr.state != SP_SPRT_CONTINUE)
                s->stopped = true;
        }
    }
    sp_entry_free(&e);
    return rc;
}

static bool wanted(const sp_out *s, long i) { return s->shard_n <= 0 || i % s->shard_n == s->shard_k; }

/* The progress line: games, speed, A's W-D-L, Elo and LLR. */
static void show_progress(sp_out *s, bool last)
{
    double now = bo_now_seconds();
    if (!s->progress || (!last && now - s->last_progress < 0.5)) return;
    s->last_progress = now;
    sp_counts k;
    sp_summary sum = {0};
    sp_tally_counts(&s->tally, &k);
    if (s->tally.games) sp_summarise(&k, &sum);
    fprintf(stderr, "\r%ld/%ld games  %.1f games/s  A: +%.0f =%.0f -%.0f  elo %+.1f +/- %.1f", s->written, s->games,
            s->written / (now - s->started + 1e-9), s->tally.wins, s->tally.draws, s->tally.losses, sum.elo, sum.elo95);
    if (s->have_sprt) fprintf(stderr, "  llr %.2f [%.2f, %.2f]", s->llr.llr, s->llr.lower, s->llr.upper);
    fputs(last ? "\n" : "   ", stderr);
}

/* Resumed outputs become the folder's once they are whole and agree with each other:
 * every journal line read back is in (not LOADING) and data.bin holds every game
 * written (no block half-gathered), or the run is over (AT_CLOSE, the last block
 * written).  Records and data are renamed into place, then stats.json is written. */
static int commit_staged(sp_out *s, bool at_close, char *err, size_t errlen)
{
    if (!s->staged || s->loading) return 0;
    if (!at_close && s->data && sp_data_pending(s->data) > 0) return 0;
    char tmp[4200];
    const char *paths[2] = {s->records_file ? s->records_path : NULL, s->data_path};
    for (int i = 0; i < 2; i++) {
        if (!paths[i]) continue;
        snprintf(tmp, sizeof tmp, "%s.tmp", paths[i]);
        if (rename(tmp, paths[i]) != 0)
            return snprintf(err, errlen, "%.1000s: cannot rename into place: %s", paths[i], strerror(errno)), -1;
        if (s->untrack) s->untrack(s->tmp_slot[i]);
        s->tmp_slot[i] = -1;
    }
    s->staged = false;
    return write_stats(s, err, errlen);
}

/* A failed or killed resume leaves the old files: its temporary ones go. */
static void remove_staged(sp_out *s)
{
    if (!s->staged) return;
    char tmp[4200];
    if (s->records_path[0]) { snprintf(tmp, sizeof tmp, "%s.tmp", s->records_path); unlink(tmp); }
    if (s->data_path[0]) { snprintf(tmp, sizeof tmp, "%s.tmp", s->data_path); unlink(tmp); }
    for (int i = 0; i < 2; i++) {
        if (s->untrack) s->untrack(s->tmp_slot[i]);
        s->tmp_slot[i] = -1;
    }
    s->staged = false;
}

int sp_out_add(sp_out *s, char *line, size_t len, bool to_journal, char *err, size_t errlen)
{
    sp_entry e;
    if (sp_journal_parse(line, len, &e, err, errlen) != 0) { free(line); s->failed = true; return -1; }
    long i = e.index;
    sp_entry_free(&e);
    if (to_journal) {   /* one write; a part of a line that failed is cut back off */
        off_t before = size_of(s->journal);
        errno = 0;
        if (fwrite(line, 1, len, s->journal) != len || fflush(s->journal) != 0) {
            int why = errno;
            cut_back(s->journal, before);
            free(line);
            s->failed = true;
            return snprintf(err, errlen, "%.1000s/journal.tsv: not written: %s", s->dir, bo_write_failure(why)), -1;
        }
    }
    if (i >= s->games || s->pending[i] || s->stopped) { free(line); return s->stopped; }
    s->pending[i] = line;
    while (s->next < s->games && !s->stopped) {
        if (!wanted(s, s->next)) { s->next++; continue; }
        char *l = s->pending[s->next];
        if (!l) break;
        int rc = emit(s, l, err, errlen);
        free(l);
        s->pending[s->next++] = NULL;
        if (rc != 0) { s->failed = true; return -1; }
        if (commit_staged(s, false, err, errlen) != 0) { s->failed = true; return -1; }
    }
    double now = bo_now_seconds();
    if (!s->staged && now - s->last_stats > 1.0) {   /* staged: stats.json stays the old files' */
        s->last_stats = now;
        if (write_stats(s, err, errlen) != 0) { s->failed = true; return -1; }
    }
    show_progress(s, false);
    return s->stopped ? 1 : 0;
}

/* Replay E's moves from its start under the rules (each must be legal) and hold its
 * result against what the rules say of the final position: when they end the game
 * there, the result must be theirs; when they do not, the game was adjudicated or lost
 * by a fault, and its reason may not be a rule's ending.  (A game the rules do not end
 * has no result to check it by: an adjudication or a fault is the runner's word.) */
static int judge_entry(const sp_out *s, const sp_entry *e, char *err, size_t errlen)
{
    const bo_game *g = s->g;
    BO_ALIGNED unsigned char pos[BO_POS_MAX], undo[BO_UNDO_MAX];
    char why[256];
    if (g->from_text(pos, s->rules, e->start, why, sizeof why) != 0)
        return snprintf(err, errlen, "game %ld: its start position: %s", e->index + 1, why), -1;
    bo_hist h;
    if (bo_hist_init(&h, e->nmoves + 1) != 0) return snprintf(err, errlen, "out of memory"), -1;
    bo_hist_reset(&h, g->hash(pos));
    for (int k = 0; k < e->nmoves; k++) {
        bo_move m;
        if (g->move_from_text(pos, e->moves[k], &m, why, sizeof why) != 0) {
            bo_hist_free(&h);
            return snprintf(err, errlen, "game %ld, move %d '%.40s': %s", e->index + 1, k + 1, e->moves[k], why), -1;
        }
        g->play(pos, m, undo, &h);
    }
    bo_result r = g->result(pos, &h);
    bo_hist_free(&h);
    double first = e->swapped ? 1.0 - e->score_first : e->score_first;   /* the first mover's */
    if (r.how != BO_END_NONE) {
        double rule = r.winner == 0 ? 1.0 : r.winner == 1 ? 0.0 : 0.5;
        if (first != rule)
            return snprintf(err, errlen, "game %ld: the result says the first player scored %s, but its moves end in %s, "
                            "which gives %s", e->index + 1, first == 1 ? "1" : first == 0 ? "0" : "1/2",
                            sp_end_name(r.how), rule == 1 ? "1" : rule == 0 ? "0" : "1/2"), -1;
        return 0;
    }
    for (int how = BO_END_NONE + 1; how <= BO_END_STUCK; how++)
        if (strcmp(e->reason, sp_end_name((bo_end)how)) == 0)
            return snprintf(err, errlen, "game %ld: the reason is '%s', but the game is not over after its moves",
                            e->index + 1, e->reason), -1;
    return 0;
}

/* Is LINE (N bytes, read back from a journal) a game this output may take?  It parses,
 * its index is one of this batch and shard not read before, and it stands up to
 * judge_entry.  *INDEX gets its index. */
static int check_line(const sp_out *s, const char *line, size_t n, long *index, char *err, size_t errlen)
{
    if (memchr(line, 0, n)) return snprintf(err, errlen, "a NUL byte in the line"), -1;
    sp_entry e;
    if (sp_journal_parse(line, n, &e, err, errlen) != 0) return -1;
    long i = e.index;
    int rc = 0;
    if (i >= s->games)
        rc = bo_fail(err, errlen, "game %ld is not in this batch of %ld games", i + 1, s->games);
    else if (!wanted(s, i))
        rc = bo_fail(err, errlen, "game %ld is not in shard %d/%d", i + 1, s->shard_k, s->shard_n);
    else if (s->read_bits[i >> 3] >> (i & 7) & 1)
        rc = bo_fail(err, errlen, "game %ld was read already (a journal holds a game once; merged shards do not "
                     "overlap)", i + 1);
    else
        rc = judge_entry(s, &e, err, errlen);
    sp_entry_free(&e);
    *index = i;
    return rc;
}

int sp_out_load(sp_out *s, const char *path, bool to_journal, uint8_t *done, long *good_bytes, char *err,
                size_t errlen)
{
    FILE *f = fopen(path, "re");
    if (!f) return snprintf(err, errlen, "%.1000s: cannot read: %s", path, strerror(errno)), -1;
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    long good = 0, lineno = 0;
    int rc = 0;
    s->loading = true;
    while ((n = getline(&line, &cap, f)) > 0) {
        if (line[n - 1] != '\n') break;   /* cut short by a kill: that game is not finished */
        lineno++;
        long i;
        char why[512];
        if (check_line(s, line, (size_t)n, &i, why, sizeof why) != 0) {
            snprintf(err, errlen, "%.1000s:%ld: %s", path, lineno, why);
            rc = -1;
            break;
        }
        s->read_bits[i >> 3] |= (uint8_t)(1u << (i & 7));
        if (done) done[i >> 3] |= (uint8_t)(1u << (i & 7));
        good += n;
        char *copy = malloc((size_t)n + 1);
        if (!copy) { snprintf(err, errlen, "out of memory"); rc = -1; break; }
        memcpy(copy, line, (size_t)n + 1);
        if (sp_out_add(s, copy, (size_t)n, to_journal, err, errlen) < 0) { rc = -1; break; }
    }
    s->loading = false;
    free(line);
    fclose(f);
    if (good_bytes) *good_bytes = good;
    if (rc == 0 && commit_staged(s, false, err, errlen) != 0) rc = -1;
    return rc;
}

/* The journal's complete lines back into the pending set; a last line without its
 * newline (the kill came while it was written) is cut off the file, once every line
 * before it was read without fault. */
static int reload_journal(sp_out *s, const char *path, uint8_t *done, char *err, size_t errlen)
{
    if (access(path, F_OK) != 0) return 0;
    long good = 0;
    if (sp_out_load(s, path, false, done, &good, err, errlen) != 0) return -1;
    if (truncate(path, good) != 0) return snprintf(err, errlen, "%s: cannot cut: %s", path, strerror(errno)), -1;
    return 0;
}

/* The key of batch.txt's line LINE: one word, or two where the first says whose or
 * which ("player A", "random plies"); its length. */
static size_t setting_key(const char *line)
{
    static const char *const two[] = {"player ", "name ", "spec ", "random ", "opening "};
    size_t k = strcspn(line, " \n");
    for (size_t i = 0; i < sizeof two / sizeof two[0]; i++)
        if (strncmp(line, two[i], strlen(two[i])) == 0) {
            size_t n = strlen(two[i]);
            k = n + strcspn(line + n, " \n");
        }
    return k;
}

/* The line of TEXT whose key is KEY (KLEN bytes), or NULL. */
static const char *find_setting(const char *text, const char *key, size_t klen)
{
    for (const char *s = text; *s; s += strcspn(s, "\n"), s += *s == '\n') {
        if (setting_key(s) == klen && strncmp(s, key, klen) == 0) return s;
        if (!*s) break;
    }
    return NULL;
}

/* batch.txt must say the same as SETTINGS when a batch is resumed: setting by
 * setting, each that differs named with both values.  A setting batch.txt lacks (a
 * batch of an older boyi: no "opening per", "name", "spec", "limits" lines) is not
 * checked. */
static int check_settings(const char *dir, const char *settings, char *err, size_t errlen)
{
    char path[4096];
    if (path_of(path, sizeof path, dir, "batch.txt") != 0) return snprintf(err, errlen, "path too long"), -1;
    FILE *f = fopen(path, "re");
    if (!f) return snprintf(err, errlen, "%s: no batch to resume here (no batch.txt)", dir), -1;
    char buf[16384];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    size_t k = (size_t)snprintf(err, errlen, "%s: the batch was started with other settings (batch.txt); "
                                "`--resume %s` alone takes its own:", dir, dir);
    int differ = 0;
    /* Pass 0 names the settings given; pass 1, only where none of those differs, the
     * ones that follow from them (a player's text and name, the opening per game). */
    for (int pass = 0; pass < 2 && !differ; pass++)
        for (const char *s = settings; *s; s += strcspn(s, "\n"), s += *s == '\n') {
            size_t klen = setting_key(s), len = strcspn(s, "\n");
            bool derived = strncmp(s, "player ", 7) == 0 || strncmp(s, "name ", 5) == 0 || strncmp(s, "opening per", 11) == 0;
            if (derived != (pass == 1)) continue;
            const char *old = find_setting(buf, s, klen);
            if (!old) continue;
            size_t olen = strcspn(old, "\n");
            if (olen == len && strncmp(old, s, len) == 0) continue;
            differ++;
            const char *ov = old + klen + (olen > klen), *nv = s + klen + (len > klen);
            int ol = (int)(olen - (size_t)(ov - old)), nl = (int)(len - (size_t)(nv - s));
            if (k < errlen)
                k += (size_t)snprintf(err + k, errlen - k, "\n  %.*s: '%.*s' in batch.txt, '%.*s' now", (int)klen, s,
                                      ol > 300 ? 300 : ol, ov, nl > 300 ? 300 : nl, nv);
        }
    return differ ? -1 : 0;
}

int sp_out_open(sp_out *s, bool resume, const char *settings, uint8_t **done, char *err, size_t errlen)
{
    char path[4096];
    s->started = s->last_stats = s->last_progress = bo_now_seconds();
    s->progress = isatty(2);
    sp_tally_init(&s->tally);
    s->pending = calloc((size_t)s->games + 1, sizeof *s->pending);
    s->read_bits = calloc((size_t)s->games / 8 + 1, 1);
    *done = calloc((size_t)s->games / 8 + 1, 1);
    if (!s->pending || !s->read_bits || !*done) return snprintf(err, errlen, "out of memory"), -1;
    char why[512];
    if (bo_make_dirs(s->dir, why, sizeof why) != 0)
        return snprintf(err, errlen, "%s: cannot make the folder: %s", s->dir, why), -1;
    if (path_of(path, sizeof path, s->dir, "journal.tsv") != 0) return snprintf(err, errlen, "path too long"), -1;
    char bpath[4096];
    if (path_of(bpath, sizeof bpath, s->dir, "batch.txt") != 0) return snprintf(err, errlen, "path too long"), -1;
    if (resume && access(bpath, F_OK) != 0 && access(path, F_OK) != 0)
        resume = false;   /* killed before it wrote anything: start it afresh */
    if (resume) {
        if (check_settings(s->dir, settings, err, errlen) != 0) return -1;
    } else {
        if (access(path, F_OK) == 0)
            return snprintf(err, errlen, "%s holds a batch already: --resume %s finishes it", s->dir, s->dir), -1;
        if (write_atomic(s->dir, "batch.txt", settings, strlen(settings), err, errlen) != 0) return -1;
    }
    s->staged = resume;   /* rebuilt from the journal beside the old files, renamed when whole */
    s->tmp_slot[0] = s->tmp_slot[1] = -1;
    if (s->records && s->records->write_played) {
        char name[64];
        const char *ext = s->records->played_ext;
        snprintf(name, sizeof name, "games.%s", ext ? ext : "txt");
        s->records_file = open_output(s, s->dir, name, s->staged, s->records_path, sizeof s->records_path, &s->tmp_slot[0],
                                 err, errlen);
        if (!s->records_file) return -1;
    }
    s->data_file = open_output(s, s->dir, "data.bin", s->staged, s->data_path, sizeof s->data_path, &s->tmp_slot[1],
                               err, errlen);
    if (!s->data_file) return -1;
    s->data = sp_data_open(s->data_file, s->g, s->rules, err, errlen);
    if (!s->data) return -1;
    if (resume && reload_journal(s, path, *done, err, errlen) != 0) return -1;
    s->journal = fopen(path, "ae");
    if (!s->journal) return snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno)), -1;
    setvbuf(s->journal, NULL, _IONBF, 0);   /* a line is one write: a failed one is cut back */
    return 0;
}

/* Free what S holds (the files are closed by the caller). */
static void free_out(sp_out *s)
{
    if (s->pending)
        for (long i = 0; i < s->games; i++) free(s->pending[i]);
    free(s->pending);
    free(s->read_bits);
    s->read_bits = NULL;
    long repeats = s->seen.repeats;   /* for sp_out_summary, after the close */
    sp_seen_free(&s->seen);
    s->seen.repeats = repeats;
    for (int i = 0; i < s->nreasons; i++) free((char *)s->reasons[i]);
}

void sp_out_discard(sp_out *s)
{
    if (s->data) {
        char e[64];
        sp_data_close(s->data, e, sizeof e);
    }
    if (s->data_file) fclose(s->data_file);
    if (s->journal) fclose(s->journal);
    if (s->records_file) fclose(s->records_file);
    remove_staged(s);
    free_out(s);
    memset(s, 0, sizeof *s);
}

int sp_out_close(sp_out *s, char *err, size_t errlen)
{
    int rc = 0;
    char derr[256];
    off_t data_len = size_of(s->data_file);
    if (s->data && sp_data_close(s->data, derr, sizeof derr) != 0) {   /* the last block, whole or not at all */
        cut_back(s->data_file, data_len);
        snprintf(err, errlen, "%.1000s: %s", s->data_path, derr);
        rc = -1;
    }
    s->data = NULL;
    if (s->data_file && fclose(s->data_file) != 0 && rc == 0) { snprintf(err, errlen, "data.bin: write failed"); rc = -1; }
    if (s->journal && fclose(s->journal) != 0 && rc == 0) { snprintf(err, errlen, "journal: write failed"); rc = -1; }
    if (s->records_file && fclose(s->records_file) != 0 && rc == 0) { snprintf(err, errlen, "records: write failed"); rc = -1; }
    s->data_file = s->journal = NULL;
    if (s->staged && (rc != 0 || s->failed)) remove_staged(s);   /* the old files stay, stats.json with them */
    else if (s->staged) rc = commit_staged(s, true, err, errlen);
    else {   /* stats.json last: the games now in the files */
        char serr[512];
        if (write_stats(s, rc == 0 ? err : serr, rc == 0 ? errlen : sizeof serr) != 0) rc = -1;
    }
    s->records_file = NULL;
    show_progress(s, true);
    free_out(s);
    return rc;
}

void sp_out_summary(const sp_out *s, FILE *f)
{
    const sp_tally *t = &s->tally;
    const char *a = s->names[0] ? s->names[0] : "A", *b = s->names[1] ? s->names[1] : "B";
    if (t->games == 0) { fprintf(f, "%s against %s: no game finished\n", a, b); return; }
    sp_counts k;
    sp_summary sum;
    sp_tally_counts(t, &k);
    sp_summarise(&k, &sum);
    fprintf(f, "%s against %s: +%.0f =%.0f -%.0f  games %ld  score %.2f%%  draws per game %.2f%%\n", a, b, t->wins,
            t->draws, t->losses, t->games, 100 * sp_tally_score(t), 100 * sp_tally_draws_per_game(t));
    fprintf(f, "elo %.2f +/- %.2f (95%%)  los %.2f%%  pairs %.0f: LL %.0f  LD %.0f  DD+WL %.0f  WD %.0f  WW %.0f", sum.elo,
            sum.elo95, 100 * sum.los, sp_tally_pairs(t), t->penta[0], t->penta[1], t->penta[2], t->penta[3], t->penta[4]);
    if (sp_tally_unpaired(t)) fprintf(f, "  unpaired %ld", sp_tally_unpaired(t));
    if (s->seen.repeats) fprintf(f, "  duplicates %ld", s->seen.repeats);
    fputc('\n', f);
    if (s->have_sprt)
        fprintf(f, "sprt elo0=%g elo1=%g: llr %.3f [%.3f, %.3f] %s\n", s->sprt.elo0, s->sprt.elo1, s->llr.llr,
                s->llr.lower, s->llr.upper,
                s->llr.state == SP_SPRT_ACCEPT_H1 ? "H1 accepted" : s->llr.state == SP_SPRT_ACCEPT_H0 ? "H0 accepted" : "continue");
    fflush(f);
}
