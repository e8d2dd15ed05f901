/* sp_out.h -- the output folder of a self-play batch (and of `boyi merge`).
 *
 *   journal.tsv   one line per finished game, in the order games finished
 *                 (selfplay/sp_journal.h); what --resume and merge read
 *   games.EXT     the records, in game-index order, in the game's own format
 *   data.bin      training data: the games' evaluated positions (selfplay/sp_data.h)
 *   stats.json    the statistics of the games written so far, in index order
 *   log.txt       settings, timings, machine facts: the only file that differs
 *                 between runs of the same command
 *   batch.txt     the settings that decide the games, checked by --resume
 *
 * Games reach records and statistics strictly in index order (a finished game waits
 * until those before it are in), so games.EXT and stats.json are the same whatever the
 * number of threads, shards or restarts.
 *
 * What was finished is never destroyed.  Each game reaches games.EXT in one write and
 * each data block reaches data.bin in one; a write that fails part-way (a full disk, a
 * file size limit) is cut back off the file, so the files hold whole games and whole
 * blocks only.  --resume rebuilds games.EXT and data.bin from the journal under
 * temporary names (NAME.tmp) and renames them into place, stats.json last, only at a
 * point where they are whole and agree: the first data-block boundary after the
 * journal was read, or the end of the run.  A resume that fails (a bad journal line, a
 * write error) or is killed before then leaves the old files as they were.  Journal
 * lines read back (by --resume and merge) are checked first: their fields, an index of
 * this batch or shard given once, legal moves, and a result that agrees with what the
 * rules say of the final position; a bad line is named by its number. */
#ifndef BOYI_SP_OUT_H
#define BOYI_SP_OUT_H

#include <stdbool.h>
#include <stdio.h>

#include "game.h"
#include "records.h"
#include "sp_stats.h"
#include "sp_tally.h"

typedef struct sp_out {
    const bo_game *g;
    /* The records are written by the game's records interface (write_played, with
     * ropts; games.<played_ext>, "txt" when NULL); none, or no write_played: no games
     * file. */
    const bo_records *records;
    bo_read_opts ropts;
    /* A temporary file (a resume's NAME.tmp) that an interrupt should remove: track
     * gives its slot (-1: none), untrack gives it back; NULL: nothing tracked. */
    int (*track)(const char *tmp);
    void (*untrack)(int slot);
    const char *rules;
    const char *dir;
    long games;
    int shard_k, shard_n;         /* n 0: every game */
    char **pending;               /* [games]: journal lines waiting for their turn */
    long next;                    /* the next index to write */
    long written;                 /* games written to records and statistics */
    FILE *journal, *records_file, *data_file;
    bool staged;                  /* records and data go to NAME.tmp until renamed (resume) */
    bool loading;                 /* the journal is being read back: no rename yet */
    bool failed;                  /* a write failed: a resume's files are not renamed */
    char records_path[4096], data_path[4096];
    int tmp_slot[2];              /* the .tmp files in the interrupt cleanup (outfile.h), -1: none */
    uint8_t *read_bits;           /* a bit per index: its journal line was read (merge, resume) */
    struct sp_data_writer *data;  /* data.bin: the evaluated positions, sampled */
    double sample_rate;           /* --sample RATE (1: every evaluated position) */
    uint64_t sample_seed;
    sp_tally tally;
    const char *reasons[64];      /* interned reason strings (the tally keeps pointers) */
    int nreasons;
    sp_seen seen;                 /* the games written so far, to count repeated ones */
    bool have_sprt;
    sp_sprt sprt;
    sp_sprt_result llr;
    bool stopped;                 /* the SPRT crossed a bound: nothing after is written */
    const char *names[2];         /* players A and B, for records */
    double started, last_stats, last_progress;
    bool progress;                /* a progress line on stderr (a terminal) */
    FILE *report;                 /* a line per game written (NULL: none); set after sp_out_open,
                                     so that a resume does not repeat the games it reads back */
} sp_out;

/* Open (or, with RESUME, reopen) DIR.  The journal's lines are read back into the
 * pending set (a line cut short by a kill is dropped and the file cut to match), and
 * *DONE (a bit per index, malloc'd) says which games need not be played.  SETTINGS is
 * the text of batch.txt.  0, or -1 with err. */
int sp_out_open(sp_out *s, bool resume, const char *settings, uint8_t **done, char *err, size_t errlen);
/* Read back the complete lines of the journal PATH (a line cut short by a kill ends
 * it), checking each (sp_out.h), into the pending set; TO_JOURNAL: append them to
 * S's journal too (merge).  DONE, when not NULL, gets a bit per index read.  0, or -1
 * with err naming PATH and the line. */
int sp_out_load(sp_out *s, const char *path, bool to_journal, uint8_t *done, long *good_bytes, char *err,
                size_t errlen);
/* A finished game's journal line (ownership passes to S).  Appends it to the journal
 * when TO_JOURNAL, then writes every game now next in index order.  Returns 1 when the
 * batch should stop (the SPRT is decided), 0 to go on, -1 on a write error (err). */
int sp_out_add(sp_out *s, char *line, size_t len, bool to_journal, char *err, size_t errlen);
/* Write stats.json a last time and close the files. 0, or -1 with err. */
int sp_out_close(sp_out *s, char *err, size_t errlen);
/* After a failed sp_out_open: close and free what it opened, writing nothing. */
void sp_out_discard(sp_out *s);
/* The closing summary, after sp_out_close: the players, W/D/L, score, draws per game,
 * Elo with its interval, LOS, the pairs, and the SPRT's state. */
void sp_out_summary(const sp_out *s, FILE *f);

#endif
