/* outfile.h -- files a command writes, complete or not at all.
 *
 * A command's output file (convert -o, annotate -o, render -o, solver tables) is
 * written under a temporary name next to it and renamed into place only when every
 * byte is written and flushed: a full disk, a size limit, an error or a Ctrl-C leaves
 * the old file (or none), never half of one.  A temporary file is removed when the
 * write fails and when the process is stopped by SIGINT, SIGTERM or SIGHUP.
 * Standard output ("-" or no path) is written directly; its errors (a closed pipe,
 * a full disk) are reported the same way. */
#ifndef BOYI_OUTFILE_H
#define BOYI_OUTFILE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

typedef struct bo_outfile {
    FILE *f;                 /* write here */
    char path[4096];         /* "" for standard output */
    char tmp[4200];
    int slot;                /* its place in the interrupt cleanup list, -1 for none */
} bo_outfile;

/* Open PATH (NULL or "-": standard output) for writing; MODE "w" or "wb".
 * 0, or -1 with the reason in err.  Errors name no file: print them with
 * bo_outfile_name(O), which is the path or NULL for standard output. */
int bo_outfile_open(bo_outfile *o, const char *path, const char *mode, char *err, size_t errlen);
/* Finish: flush, check every write, close and rename into place.  0, or -1 with err
 * (the temporary file is then removed and PATH left as it was). */
int bo_outfile_commit(bo_outfile *o, char *err, size_t errlen);
const char *bo_outfile_name(const bo_outfile *o);
/* Give up: close and remove the temporary file; PATH is left as it was. */
void bo_outfile_abort(bo_outfile *o);

/* Once, at start: SIGINT/SIGTERM/SIGHUP end the process groups of the outside
 * engines still running (bo_outfile_group), remove open temporary files and end the
 * process as the signal would; SIGPIPE and SIGXFSZ are ignored so that a closed pipe
 * or a size limit is a write error the command reports (exit 2), not a silent death. */
void bo_outfile_signals(void);
/* A batch's graceful stop: from now on the first SIGINT or SIGTERM only sets the flag
 * bo_outfile_stop_flag points to (to the signal's number); the second ends the
 * engines and the process as above. */
void bo_outfile_graceful(void);
const atomic_int *bo_outfile_stop_flag(void);

/* The match runner's hook for its engines (selfplay/sp_process.h's sp_group_hook):
 * the process group PGID is alive, or has been ended.  Thread-safe. */
void bo_outfile_group(int pgid, bool alive);
/* A temporary file written by other means (a self-play resume's NAME.tmp) that
 * SIGINT/SIGTERM/SIGHUP should remove too: its slot (-1 when none is free), which
 * bo_outfile_untrack gives back once the file is renamed or removed. */
int bo_outfile_track(const char *tmp);
void bo_outfile_untrack(int slot);


/* Did writing to standard output fail (closed pipe, full disk)?  Commands that print
 * long outputs ask this to stop early. */
bool bo_stdout_failed(void);

#endif
