/* sp_process.c -- child processes for outside engines (sp_process.h).
 *
 * An engine is untrusted: it may die, hang, print forever or print one endless
 * line.  So it is started with execvp on an argument vector (a name or option in a
 * file can never run a command), its stderr never comes back through a pipe, every
 * read waits on poll() with a deadline, and a line is cut off at SP_LINE_MAX bytes.
 * Writing to a dead engine must not kill the runner: the command layer ignores
 * SIGPIPE, and a failed write is reported as the child being gone. */
#include "sp_process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct sp_process {
    pid_t pid;
    int to_fd, from_fd;
    FILE *log;
    char *buf;             /* bytes read and not yet handed out as lines */
    size_t len, start;     /* buf[start..len) is unread */
    char last[512];
    bool eof, reaped;
    int status;
};

int64_t sp_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The child's side: pipes onto stdin and stdout, stderr to its file, then exec.
 * Only async-signal-safe calls between fork and exec. */
static void exec_child(char *const argv[], int in_fd, int out_fd, const char *stderr_path)
{
    int err_fd = open(stderr_path ? stderr_path : "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0) _exit(127);
    if (err_fd >= 0) dup2(err_fd, 2);
    execvp(argv[0], argv);
    _exit(127);
}

sp_process *sp_process_start(char *const argv[], FILE *log, const char *stderr_path, char *err, size_t errlen)
{
    int to[2], from[2];
    if (!argv || !argv[0]) { snprintf(err, errlen, "no command"); return NULL; }
    if (pipe(to) != 0) { snprintf(err, errlen, "pipe: %s", strerror(errno)); return NULL; }
    if (pipe(from) != 0) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        close(to[0]); close(to[1]);
        return NULL;
    }
    sp_process *p = calloc(1, sizeof *p);
    if (p) p->buf = malloc(SP_LINE_MAX + 1);
    if (!p || !p->buf) {
        if (p) free(p);
        snprintf(err, errlen, "out of memory");
        close(to[0]); close(to[1]); close(from[0]); close(from[1]);
        return NULL;
    }
    fflush(log);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        free(p->buf); free(p);
        close(to[0]); close(to[1]); close(from[0]); close(from[1]);
        return NULL;
    }
    if (pid == 0) {
        close(to[1]);
        close(from[0]);
        exec_child(argv, to[0], from[1], stderr_path);
    }
    close(to[0]);
    close(from[1]);
    fcntl(to[1], F_SETFD, FD_CLOEXEC);
    fcntl(from[0], F_SETFD, FD_CLOEXEC);
    p->pid = pid;
    p->to_fd = to[1];
    p->from_fd = from[0];
    p->log = log;
    return p;
}

/* Reap the child if it has ended (without waiting). */
static void reap(sp_process *p, bool wait)
{
    if (p->reaped) return;
    int st;
    pid_t r = waitpid(p->pid, &st, wait ? 0 : WNOHANG);
    if (r == p->pid) { p->reaped = true; p->status = st; }
}

void sp_process_stop(sp_process *p)
{
    if (!p) return;
    close(p->to_fd);   /* a polite engine exits on end of input */
    reap(p, false);
    for (int i = 0; i < 20 && !p->reaped; i++) {   /* up to 200 ms, then no more patience */
        struct timespec ts = {0, 10 * 1000000L};
        nanosleep(&ts, NULL);
        reap(p, false);
    }
    if (!p->reaped) { kill(p->pid, SIGKILL); reap(p, true); }
    close(p->from_fd);
    free(p->buf);
    free(p);
}

int sp_process_send(sp_process *p, const char *fmt, ...)
{
    char small[8192], *line = small;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small - 1, fmt, ap);
    va_end(ap);
    if (n < 0) return -1;
    if (n > (int)sizeof small - 2) {   /* a long line (a Botzone game's whole input): on the heap */
        if (!(line = malloc((size_t)n + 2))) return -1;
        va_start(ap, fmt);
        vsnprintf(line, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    if (p->log) fprintf(p->log, "> %s\n", line);
    line[n++] = '\n';
    int rc = 0;
    for (int off = 0; off < n;) {
        ssize_t w = write(p->to_fd, line + off, (size_t)(n - off));
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) { rc = -1; break; }
        off += (int)w;
    }
    if (line != small) free(line);
    return rc;
}

/* A whole line in the buffer: cut it out (without \r\n) and return it. */
static char *take_line(sp_process *p)
{
    char *s = p->buf + p->start;
    char *nl = memchr(s, '\n', p->len - p->start);
    if (!nl) return NULL;
    *nl = '\0';
    p->start = (size_t)(nl - p->buf) + 1;
    size_t k = strlen(s);
    while (k > 0 && (s[k - 1] == '\r' || s[k - 1] == ' ')) s[--k] = '\0';
    snprintf(p->last, sizeof p->last, "%s", s);
    if (p->log) fprintf(p->log, "< %s\n", s);
    return s;
}

sp_line_status sp_process_line(sp_process *p, int64_t deadline_ms, char **line)
{
    for (;;) {
        char *s = take_line(p);
        if (s) { *line = s; return SP_LINE_OK; }
        if (p->start > 0) {   /* keep the unread part at the front */
            memmove(p->buf, p->buf + p->start, p->len - p->start);
            p->len -= p->start;
            p->start = 0;
        }
        if (p->len >= SP_LINE_MAX) {
            snprintf(p->last, sizeof p->last, "%.200s...", p->buf);
            return SP_LINE_LONG;
        }
        if (p->eof) return SP_LINE_EOF;
        int64_t left = deadline_ms - sp_now_ms();
        if (left <= 0) return SP_LINE_TIMEOUT;
        struct pollfd pf = {p->from_fd, POLLIN, 0};
        int r = poll(&pf, 1, left > 1000000 ? 1000000 : (int)left);
        if (r < 0 && errno == EINTR) continue;
        if (r == 0) continue;   /* the deadline is checked above */
        ssize_t got = read(p->from_fd, p->buf + p->len, SP_LINE_MAX - p->len);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) { p->eof = true; continue; }
        p->len += (size_t)got;
    }
}

const char *sp_process_last(const sp_process *p) { return p->last; }

void sp_process_status(sp_process *p, char *buf, size_t n)
{
    buf[0] = '\0';
    reap(p, false);
    if (!p->reaped) {
        /* end of output usually comes just before the exit: give it a moment */
        struct timespec ts = {0, 50 * 1000000L};
        nanosleep(&ts, NULL);
        reap(p, false);
    }
    if (!p->reaped) return;
    if (WIFEXITED(p->status)) snprintf(buf, n, "exit status %d", WEXITSTATUS(p->status));
    else if (WIFSIGNALED(p->status)) snprintf(buf, n, "killed by signal %d", WTERMSIG(p->status));
}
