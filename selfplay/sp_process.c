/* sp_process.c -- child processes for outside engines (sp_process.h).
 *
 * An engine is untrusted: it may die, hang, print forever, print one endless line,
 * write into any descriptor it inherits, close its stdout and live on, or exit and
 * leave children behind.  So:
 *   - it is started with execvp on an argument vector (a name or option in a file can
 *     never run a command);
 *   - every pipe is made close-on-exec (pipe2), and the child closes every descriptor
 *     above 2 before exec (close_range, else a loop), so it holds nothing of the
 *     runner's -- neither its output files nor other engines' pipes nor second copies
 *     of its own pipe ends, which is also what makes a closed stdout an end of file;
 *   - it runs in a process group of its own (setpgid in the child and in the parent,
 *     whichever runs first), which is ended (SIGTERM, then SIGKILL) when it is
 *     stopped, and reported to the command line's hook so that a signal that stops the
 *     runner ends it too;
 *   - its stderr is a pipe drained into a capped log (sp_log.h) whenever the runner
 *     waits on it, so it never fills a disk and a full pipe never blocks it for long;
 *   - every read waits on poll() with a deadline, in slices that also notice the
 *     child's exit (waitid with WNOWAIT: the zombie keeps the group's id reserved
 *     until the group is ended), and a line is cut off at SP_LINE_MAX bytes.
 * Writing to a dead engine must not kill the runner: the command layer ignores
 * SIGPIPE, and a failed write is reported as the child being gone. */
#define _GNU_SOURCE
#include "sp_process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { SLICE_MS = 50, QUIT_WAIT_MS = 200, TERM_GRACE_MS = 300 };

struct sp_process {
    pid_t pid;
    int to_fd, from_fd, err_fd;   /* err_fd -1: stderr goes to /dev/null */
    sp_log *log, *errlog;
    sp_group_hook group;
    const atomic_int *stop;   /* the runner's stop flag (sp_process_opts) */
    char *buf;             /* bytes read and not yet handed out as lines */
    size_t len, start;     /* buf[start..len) is unread */
    char last[512];
    bool eof, exited, reaped;
    int status;
};

int64_t sp_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {}
}

/* Every descriptor from 3 up closed: close_range where the kernel has it, else one
 * by one up to the limit (async-signal-safe either way). */
static void close_from_3(void)
{
#ifdef SYS_close_range
    if (syscall(SYS_close_range, 3U, ~0U, 0U) == 0) return;
#endif
    long max = sysconf(_SC_OPEN_MAX);
    if (max < 0 || max > (1L << 20)) max = 1L << 20;
    for (long fd = 3; fd < max; fd++) close((int)fd);
}

/* The child's side: its own process group, the pipes onto 0, 1 and 2 (or /dev/null
 * for stderr), nothing else open, the signal dispositions of a fresh program, then
 * exec.  Only async-signal-safe calls between fork and exec. */
static void exec_child(char *const argv[], int in_fd, int out_fd, int err_fd, const sigset_t *mask)
{
    setpgid(0, 0);
    if (err_fd < 0) err_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
    /* the pipe ends are above 2 (high_fd), so no dup2 overwrites another */
    if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0) _exit(127);
    if (err_fd >= 0) dup2(err_fd, 2);
    close_from_3();
    signal(SIGPIPE, SIG_DFL);   /* the runner ignores them; the engine gets the defaults */
    signal(SIGXFSZ, SIG_DFL);
    sigprocmask(SIG_SETMASK, mask, NULL);
    execvp(argv[0], argv);
    _exit(127);
}

/* FD moved above 2 if it is 0, 1 or 2 (a runner started with a closed stdin would
 * otherwise have the child's dup2 onto 0 clobber another pipe end); -1 on error. */
static int high_fd(int fd)
{
    if (fd > 2) return fd;
    int h = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    close(fd);
    return h;
}

/* A close-on-exec pipe whose two ends are above 2; 0 or -1. */
static int make_pipe(int fds[2])
{
    if (pipe2(fds, O_CLOEXEC) != 0) return -1;
    fds[0] = high_fd(fds[0]);
    fds[1] = high_fd(fds[1]);
    if (fds[0] < 0 || fds[1] < 0) {
        if (fds[0] >= 0) close(fds[0]);
        if (fds[1] >= 0) close(fds[1]);
        return -1;
    }
    return 0;
}

static void close_pair(int fds[2])
{
    if (fds[0] >= 0) close(fds[0]);
    if (fds[1] >= 0) close(fds[1]);
    fds[0] = fds[1] = -1;
}

sp_process *sp_process_start(char *const argv[], const sp_process_opts *o, char *err, size_t errlen)
{
    int to[2] = {-1, -1}, from[2] = {-1, -1}, errp[2] = {-1, -1};
    static const sp_process_opts none = {0};
    if (!o) o = &none;
    if (!argv || !argv[0]) { snprintf(err, errlen, "no command"); return NULL; }
    if (make_pipe(to) != 0 || make_pipe(from) != 0 || (o->errlog && make_pipe(errp) != 0)) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        close_pair(to); close_pair(from); close_pair(errp);
        return NULL;
    }
    sp_process *p = calloc(1, sizeof *p);
    if (p) p->buf = malloc(SP_LINE_MAX + 1);
    if (!p || !p->buf) {
        if (p) free(p);
        snprintf(err, errlen, "out of memory");
        close_pair(to); close_pair(from); close_pair(errp);
        return NULL;
    }
    /* The stopping signals wait until the group is registered, so that a stop of the
     * runner can never miss a child it has just started. */
    sigset_t stopping, old;
    sigemptyset(&stopping);
    sigaddset(&stopping, SIGINT);
    sigaddset(&stopping, SIGTERM);
    sigaddset(&stopping, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &stopping, &old);
    pid_t pid = fork();
    if (pid == 0) exec_child(argv, to[0], from[1], errp[1], &old);
    if (pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        free(p->buf); free(p);
        close_pair(to); close_pair(from); close_pair(errp);
        return NULL;
    }
    setpgid(pid, pid);   /* also here: whichever of the two runs first */
    if (o->group) o->group(pid, true);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    close(to[0]);
    close(from[1]);
    if (errp[1] >= 0) close(errp[1]);
    /* our end of its stdin never blocks the runner: a full pipe is waited on with poll */
    fcntl(to[1], F_SETFL, fcntl(to[1], F_GETFL) | O_NONBLOCK);
    if (errp[0] >= 0) fcntl(errp[0], F_SETFL, fcntl(errp[0], F_GETFL) | O_NONBLOCK);
    p->pid = pid;
    p->to_fd = to[1];
    p->from_fd = from[0];
    p->err_fd = errp[0];
    p->log = o->log;
    p->errlog = o->errlog;
    p->group = o->group;
    p->stop = o->stop;
    return p;
}

/* Has the child ended?  Noticed without reaping it (its id, which is also its
 * group's, stays reserved until sp_process_stop has ended the group). */
static bool ended(sp_process *p)
{
    if (p->exited || p->reaped) return true;
    siginfo_t si;
    memset(&si, 0, sizeof si);
    if (waitid(P_PID, (id_t)p->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == p->pid) p->exited = true;
    return p->exited;
}

/* Reap the child if it has ended (waiting for it when WAIT). */
static void reap(sp_process *p, bool wait)
{
    if (p->reaped) return;
    int st;
    pid_t r;
    while ((r = waitpid(p->pid, &st, wait ? 0 : WNOHANG)) < 0 && errno == EINTR) {}
    if (r == p->pid) { p->reaped = p->exited = true; p->status = st; }
}

/* Whatever the child has written to stderr by now, into its log. */
static void drain_stderr(sp_process *p)
{
    if (p->err_fd < 0) return;
    char chunk[65536];
    for (int i = 0; i < 64; i++) {   /* 4 MB at most a call: the caller has a deadline */
        ssize_t got = read(p->err_fd, chunk, sizeof chunk);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
            if (got == 0) { close(p->err_fd); p->err_fd = -1; }   /* every writer is gone */
            return;
        }
        sp_log_bytes(p->errlog, chunk, (size_t)got);
        if ((size_t)got < sizeof chunk) return;
    }
}

/* Wait up to MS for the child to end, draining its stderr and throwing away its
 * stdout (a child blocked on a full pipe could not end); true when it has. */
static bool wait_end(sp_process *p, int ms)
{
    int64_t until = sp_now_ms() + ms;
    for (;;) {
        if (ended(p)) return true;
        int64_t left = until - sp_now_ms();
        if (left <= 0) return false;
        struct pollfd pf[2] = {{p->from_fd, POLLIN, 0}, {p->err_fd, POLLIN, 0}};
        int r = poll(pf, p->err_fd >= 0 ? 2 : 1, left < 10 ? (int)left : 10);
        if (r > 0 && p->from_fd >= 0 && (pf[0].revents & (POLLIN | POLLHUP))) {
            char junk[65536];
            ssize_t got = read(p->from_fd, junk, sizeof junk);
            if (got == 0) { close(p->from_fd); p->from_fd = -1; }
        }
        if (r > 0 && p->err_fd >= 0 && (pf[1].revents & (POLLIN | POLLHUP))) drain_stderr(p);
    }
}

void sp_process_stop(sp_process *p)
{
    if (!p) return;
    close(p->to_fd);   /* a polite engine exits on end of input */
    p->to_fd = -1;
    wait_end(p, QUIT_WAIT_MS);
    /* The group: its children (and the child, if it is still there) are asked to end,
     * then made to.  The child is not reaped yet, so the group's id is still ours. */
    kill(-p->pid, SIGTERM);
    wait_end(p, TERM_GRACE_MS);
    kill(-p->pid, SIGKILL);
    reap(p, true);
    if (p->group) p->group(p->pid, false);
    if (p->err_fd >= 0) {
        drain_stderr(p);
        close(p->err_fd);
    }
    if (p->from_fd >= 0) close(p->from_fd);
    free(p->buf);
    free(p);
}

/* Write BUF[0..N) to the child's stdin, waiting on a full pipe (while its stderr is
 * drained, so that a child blocked on stderr cannot block us) at most
 * SP_SEND_WAIT_MS.  0 or -1. */
static int write_all(sp_process *p, const char *buf, size_t n)
{
    int64_t until = sp_now_ms() + SP_SEND_WAIT_MS;
    while (n > 0) {
        if (p->to_fd < 0) return -1;
        ssize_t w = write(p->to_fd, buf, n);
        if (w > 0) { buf += w; n -= (size_t)w; continue; }
        if (w < 0 && errno == EINTR) continue;
        if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return -1;
        int64_t left = until - sp_now_ms();
        if (left <= 0 || ended(p)) return -1;
        struct pollfd pf[2] = {{p->to_fd, POLLOUT, 0}, {p->err_fd, POLLIN, 0}};
        int r = poll(pf, p->err_fd >= 0 ? 2 : 1, left < SLICE_MS ? (int)left : SLICE_MS);
        if (r > 0 && p->err_fd >= 0 && (pf[1].revents & (POLLIN | POLLHUP))) drain_stderr(p);
    }
    return 0;
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
    sp_log_line(p->log, "> ", line);
    line[n++] = '\n';
    int rc = write_all(p, line, (size_t)n);
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
    sp_clean(s, k, SP_CLEAN_FIELD, p->last, sizeof p->last);
    sp_log_line(p->log, "< ", s);
    return s;
}

/* Read what the child has written to stdout; false when nothing more will come. */
static bool read_some(sp_process *p)
{
    for (;;) {
        ssize_t got = read(p->from_fd, p->buf + p->len, SP_LINE_MAX - p->len);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return false;
        p->len += (size_t)got;
        return true;
    }
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
            char cut[256];
            snprintf(cut, sizeof cut, "%.200s", p->buf);
            sp_clean(cut, strlen(cut), SP_CLEAN_FIELD, p->last, sizeof p->last - 4);
            strcat(p->last, "...");
            return SP_LINE_LONG;
        }
        if (p->eof) return SP_LINE_EOF;
        int64_t left = deadline_ms - sp_now_ms();
        if (left <= 0 || (p->stop && *p->stop)) return SP_LINE_TIMEOUT;   /* a stopped runner waits no more */
        struct pollfd pf[2] = {{p->from_fd, POLLIN, 0}, {p->err_fd, POLLIN, 0}};
        int r = poll(pf, p->err_fd >= 0 ? 2 : 1, left > SLICE_MS ? SLICE_MS : (int)left);
        if (r < 0 && errno == EINTR) continue;
        if (r > 0 && p->err_fd >= 0 && (pf[1].revents & (POLLIN | POLLHUP))) drain_stderr(p);
        if (r > 0 && (pf[0].revents & (POLLIN | POLLHUP | POLLERR))) {
            if (!read_some(p)) p->eof = true;
            continue;
        }
        /* Nothing to read: has the child ended?  A child of its own may still hold
         * the pipe open, so its exit is the end -- after what it wrote before it. */
        if (ended(p)) {
            struct pollfd last = {p->from_fd, POLLIN, 0};
            if (poll(&last, 1, 0) > 0 && (last.revents & POLLIN) && read_some(p)) continue;
            p->eof = true;
        }
    }
}

const char *sp_process_last(const sp_process *p) { return p->last; }

void sp_process_status(sp_process *p, char *buf, size_t n)
{
    buf[0] = '\0';
    reap(p, false);
    if (!p->reaped) {
        /* end of output usually comes just before the exit: give it a moment */
        sleep_ms(50);
        reap(p, false);
    }
    if (!p->reaped) return;
    if (WIFEXITED(p->status)) snprintf(buf, n, "exit status %d", WEXITSTATUS(p->status));
    else if (WIFSIGNALED(p->status)) snprintf(buf, n, "killed by signal %d", WTERMSIG(p->status));
}
