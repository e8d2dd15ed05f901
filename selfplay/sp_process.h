/* sp_process.h -- a child process spoken to line by line: started from an argument
 * vector (execvp, never a shell), its stdin and stdout on pipes, its stderr sent to a
 * log file or /dev/null (so it can never fill a pipe and block), lines read with a
 * deadline and a bound on their length. */
#ifndef BOYI_SP_PROCESS_H
#define BOYI_SP_PROCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { SP_LINE_MAX = 1 << 20 };   /* a longer line is garbage */

typedef struct sp_process sp_process;

/* Start ARGV[0] with ARGV.  LOG (may be NULL) receives the traffic ("> " sent,
 * "< " received) and the child's stderr goes to STDERR_PATH (NULL: /dev/null).
 * Returns NULL with err when it cannot be started. */
sp_process *sp_process_start(char *const argv[], FILE *log, const char *stderr_path, char *err, size_t errlen);
/* Stop it: "quit"-style goodbyes are the caller's; this kills what is left. */
void sp_process_stop(sp_process *p);
/* Send one line (a newline is added).  Returns 0, or -1 when the child is gone. */
int sp_process_send(sp_process *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

typedef enum { SP_LINE_OK = 1, SP_LINE_TIMEOUT = 0, SP_LINE_EOF = -1, SP_LINE_LONG = -2 } sp_line_status;
/* The next line, waiting at most until DEADLINE (sp_now_ms() clock).  *LINE points
 * into the process's buffer until the next call. */
sp_line_status sp_process_line(sp_process *p, int64_t deadline_ms, char **line);
/* The last line received (for fault reports), "" if none. */
const char *sp_process_last(const sp_process *p);
/* How the child ended, if it has: "exit status N", "killed by signal N"; else "". */
void sp_process_status(sp_process *p, char *buf, size_t n);

/* Milliseconds on the monotonic clock. */
int64_t sp_now_ms(void);

#endif
