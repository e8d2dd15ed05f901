/* selfplay_out.c -- the output folder of a self-play batch (selfplay_out.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "selfplay_out.h"
#include "sp_data.h"
#include "sp_journal.h"

double sp_out_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

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
    bool bad = fwrite(text, 1, len, f) != len;
    if (fclose(f) != 0) bad = true;
    if (bad || rename(tmp, path) != 0) {
        remove(tmp);
        return snprintf(err, errlen, "%s: cannot write (disk full?)", path), -1;
    }
    return 0;
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
    if (!s->records) return 0;
    bool a_first = (e->index % 2 == 0) != e->swapped;   /* swap2 may have given black to the other */
    int n = e->nmoves ? e->nmoves : 1;
    char (*text)[48] = malloc((size_t)n * sizeof *text);
    const char **notes = malloc((size_t)n * sizeof *notes);
    if (!text || !notes) { free(text); free(notes); return snprintf(err, errlen, "out of memory"), -1; }
    for (int i = 0; i < e->nmoves; i++) {
        move_note(e, i, text[i], sizeof text[i]);
        notes[i] = text[i][0] ? text[i] : NULL;
    }
    bo_cli_played p = {
        .rules = s->rules, .start = start, .moves = moves, .nmoves = e->nmoves,
        .score_first = e->swapped ? 1.0 - e->score_first : e->score_first,
        .termination = e->reason, .first_name = s->names[a_first ? 0 : 1], .second_name = s->names[a_first ? 1 : 0],
        .event = "boyi selfplay", .round = e->index + 1, .notes = notes, .ms = e->ms,
    };
    int rc = s->gc->write_played(s->o, &p, s->records, err, errlen);
    free(text);
    free(notes);
    if (rc == 0 && fflush(s->records) != 0) { snprintf(err, errlen, "records: write failed (disk full?)"); rc = -1; }
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
    int rc = decode_entry(s, &e, start, &moves, err, errlen);
    if (rc == 0) rc = write_record(s, &e, start, moves, err, errlen);
    if (rc == 0) rc = write_data(s, &e, moves, err, errlen);
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
    double now = sp_out_now();
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

int sp_out_add(sp_out *s, char *line, size_t len, bool to_journal, char *err, size_t errlen)
{
    sp_entry e;
    if (sp_journal_parse(line, len, &e, err, errlen) != 0) { free(line); return -1; }
    long i = e.index;
    sp_entry_free(&e);
    if (to_journal && (fwrite(line, 1, len, s->journal) != len || fflush(s->journal) != 0)) {
        free(line);
        return snprintf(err, errlen, "%.1000s/journal.tsv: write failed (disk full?)", s->dir), -1;
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
        if (rc != 0) return -1;
    }
    double now = sp_out_now();
    if (now - s->last_stats > 1.0) {
        s->last_stats = now;
        if (write_stats(s, err, errlen) != 0) return -1;
    }
    show_progress(s, false);
    return s->stopped ? 1 : 0;
}

/* The journal's complete lines back into the pending set; a last line without its
 * newline (the kill came while it was written) is cut off the file. */
static int reload_journal(sp_out *s, const char *path, uint8_t *done, char *err, size_t errlen)
{
    FILE *f = fopen(path, "re");
    if (!f) return 0;
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    long good = 0;
    int rc = 0;
    while ((n = getline(&line, &cap, f)) > 0) {
        if (line[n - 1] != '\n') break;
        sp_entry e;
        if (sp_journal_parse(line, (size_t)n, &e, err, errlen) != 0) {
            snprintf(err + strlen(err), errlen - strlen(err), " (%s)", path);
            rc = -1;
            break;
        }
        long i = e.index;
        sp_entry_free(&e);
        if (i < s->games) done[i >> 3] |= (uint8_t)(1u << (i & 7));
        good += n;
        char *copy = strndup(line, (size_t)n);
        if (!copy) { snprintf(err, errlen, "out of memory"); rc = -1; break; }
        if (sp_out_add(s, copy, (size_t)n, false, err, errlen) < 0) { rc = -1; break; }
    }
    free(line);
    fclose(f);
    if (rc == 0 && truncate(path, good) != 0) { snprintf(err, errlen, "%s: cannot cut: %s", path, strerror(errno)); rc = -1; }
    return rc;
}

/* batch.txt must say the same as SETTINGS when a batch is resumed. */
static int check_settings(const char *dir, const char *settings, char *err, size_t errlen)
{
    char path[4096];
    if (path_of(path, sizeof path, dir, "batch.txt") != 0) return snprintf(err, errlen, "path too long"), -1;
    FILE *f = fopen(path, "re");
    if (!f) return snprintf(err, errlen, "%s: no batch to resume here (no batch.txt)", dir), -1;
    char buf[8192];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    if (strcmp(buf, settings) != 0)
        return snprintf(err, errlen, "%s: the batch was started with other settings:\n%s  now:\n%s", dir, buf, settings), -1;
    return 0;
}

int sp_out_open(sp_out *s, bool resume, const char *settings, uint8_t **done, char *err, size_t errlen)
{
    char path[4096];
    s->started = s->last_stats = s->last_progress = sp_out_now();
    s->progress = isatty(2);
    sp_tally_init(&s->tally);
    s->pending = calloc((size_t)s->games + 1, sizeof *s->pending);
    *done = calloc((size_t)s->games / 8 + 1, 1);
    if (!s->pending || !*done) return snprintf(err, errlen, "out of memory"), -1;
    if (mkdir(s->dir, 0777) != 0 && errno != EEXIST)
        return snprintf(err, errlen, "%s: cannot make the folder: %s", s->dir, strerror(errno)), -1;
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
    if (s->gc->write_played) {
        char name[64], rpath[4096];
        snprintf(name, sizeof name, "games.%s", s->gc->played_ext ? s->gc->played_ext : "txt");
        if (path_of(rpath, sizeof rpath, s->dir, name) != 0) return snprintf(err, errlen, "path too long"), -1;
        s->records = fopen(rpath, "we");   /* rewritten from the journal on resume */
        if (!s->records) return snprintf(err, errlen, "%s: cannot write: %s", rpath, strerror(errno)), -1;
    }
    char dpath[4096];
    if (path_of(dpath, sizeof dpath, s->dir, "data.bin") != 0) return snprintf(err, errlen, "path too long"), -1;
    s->data_file = fopen(dpath, "wbe");   /* rewritten from the journal on resume */
    if (!s->data_file) return snprintf(err, errlen, "%s: cannot write: %s", dpath, strerror(errno)), -1;
    s->data = sp_data_open(s->data_file, s->g, s->rules, err, errlen);
    if (!s->data) return -1;
    if (resume && reload_journal(s, path, *done, err, errlen) != 0) return -1;
    s->journal = fopen(path, "ae");
    if (!s->journal) return snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno)), -1;
    return 0;
}

void sp_out_discard(sp_out *s)
{
    if (s->data) {
        char e[64];
        sp_data_close(s->data, e, sizeof e);
    }
    if (s->data_file) fclose(s->data_file);
    if (s->journal) fclose(s->journal);
    if (s->records) fclose(s->records);
    if (s->pending)
        for (long i = 0; i < s->games; i++) free(s->pending[i]);
    free(s->pending);
    for (int i = 0; i < s->nreasons; i++) free((char *)s->reasons[i]);
    sp_seen_free(&s->seen);
    memset(s, 0, sizeof *s);
}

int sp_out_close(sp_out *s, char *err, size_t errlen)
{
    int rc = write_stats(s, err, errlen);
    show_progress(s, true);
    char derr[256];
    if (s->data && sp_data_close(s->data, derr, sizeof derr) != 0 && rc == 0) { snprintf(err, errlen, "%s", derr); rc = -1; }
    if (s->data_file && fclose(s->data_file) != 0 && rc == 0) { snprintf(err, errlen, "data.bin: write failed"); rc = -1; }
    if (s->journal && fclose(s->journal) != 0 && rc == 0) { snprintf(err, errlen, "journal: write failed"); rc = -1; }
    if (s->records && fclose(s->records) != 0 && rc == 0) { snprintf(err, errlen, "records: write failed"); rc = -1; }
    for (long i = 0; i < s->games; i++) free(s->pending[i]);
    free(s->pending);
    for (int i = 0; i < s->nreasons; i++) free((char *)s->reasons[i]);
    long repeats = s->seen.repeats;   /* for sp_out_summary */
    sp_seen_free(&s->seen);
    s->seen.repeats = repeats;
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
