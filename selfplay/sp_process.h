/* sp_process.h -- a child process spoken to line by line, and contained: started from
 * an argument vector (execvp, never a shell) in a process group of its own, with only
 * its stdin and stdout (pipes) and its stderr (a pipe that the runner drains into a
 * capped log file, or /dev/null) open -- every other descriptor of the runner is
 * closed in the child -- lines read with a deadline and a bound on their length, and
 * the whole group ended when the child is stopped. */
#ifndef BOYI_SP_PROCESS_H
#define BOYI_SP_PROCESS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sp_log.h"

enum { SP_LINE_MAX = 1 << 20 };   /* a longer line is garbage */

typedef struct sp_process sp_process;

/* Told when a child's process group starts (ALIVE) and after it has been ended, so
 * that the command line can end the groups still alive when it is stopped by a
 * signal (cli/outfile.c).  Called from the thread that starts or stops the child. */
typedef void (*sp_group_hook)(int pgid, bool alive);

typedef struct sp_process_opts {
    sp_log *log;              /* the traffic: "> " sent, "< " received; NULL: none */
    sp_log *errlog;           /* the child's stderr, drained into it; NULL: /dev/null */
    sp_group_hook group;      /* NULL: nobody is told */
    const atomic_int *stop;  /* when set (a signal stopped the runner), a read gives up at
                                           its next slice as if timed out; NULL: never */
} sp_process_opts;

/* Start ARGV[0] with ARGV.  Returns NULL with err when it cannot be started. */
sp_process *sp_process_start(char *const argv[], const sp_process_opts *o, char *err, size_t errlen);
/* Stop it: "quit"-style goodbyes are the caller's.  Its stdin is closed, it has a
 * moment to exit, then its process group gets SIGTERM and, after a short grace,
 * SIGKILL: nothing it started outlives it. */
void sp_process_stop(sp_process *p);
/* Send one line (a newline is added).  Returns 0, or -1 when the child is gone (or
 * has taken no input for SP_SEND_WAIT_MS while its stdin pipe was full). */
int sp_process_send(sp_process *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
enum { SP_SEND_WAIT_MS = 60000 };

typedef enum { SP_LINE_OK = 1, SP_LINE_TIMEOUT = 0, SP_LINE_EOF = -1, SP_LINE_LONG = -2 } sp_line_status;
/* The next line, waiting at most until DEADLINE (sp_now_ms() clock).  *LINE points
 * into the process's buffer until the next call.  SP_LINE_EOF: the child closed its
 * stdout, or it has ended (even where a child of its own keeps the pipe open). */
sp_line_status sp_process_line(sp_process *p, int64_t deadline_ms, char **line);
/* The last line received (for fault reports, escaped as a record field), "" if none. */
const char *sp_process_last(const sp_process *p);
/* How the child ended, if it has: "exit status N", "killed by signal N"; else "". */
void sp_process_status(sp_process *p, char *buf, size_t n);

/* Milliseconds on the monotonic clock. */
int64_t sp_now_ms(void);

#endif
