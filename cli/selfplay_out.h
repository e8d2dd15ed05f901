/* selfplay_out.h -- the output folder of a self-play batch (and of `boyi merge`).
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
 * number of threads, shards or restarts. */
#ifndef BOYI_SELFPLAY_OUT_H
#define BOYI_SELFPLAY_OUT_H

#include <stdbool.h>
#include <stdio.h>

#include "cli.h"
#include "game.h"
#include "sp_stats.h"
#include "sp_tally.h"

typedef struct sp_out {
    const bo_opts *o;
    const bo_game *g;
    const bo_game_cli *gc;
    const char *rules;
    const char *dir;
    long games;
    int shard_k, shard_n;         /* n 0: every game */
    char **pending;               /* [games]: journal lines waiting for their turn */
    long next;                    /* the next index to write */
    long written;                 /* games written to records and statistics */
    FILE *journal, *records, *data_file;
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
/* The seconds of a monotonic clock. */
double sp_out_now(void);

#endif
