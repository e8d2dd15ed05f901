/* outfile.c -- output files written whole or not at all (outfile.h).
 *
 * The temporary name is PATH.tmp-PID in PATH's folder, so that rename() is atomic on
 * the same file system.  The interrupt cleanup needs the names where a signal handler
 * can see them: a small fixed table of paths, written before the file is created and
 * cleared after the rename, read only by the handler (which calls only unlink(), safe
 * in a handler).  This table is the process's one piece of shared state, and it only
 * serves the command line: engines and readers never touch it.
 *
 * The second, for the same reason, is the table of the outside engines' process
 * groups alive now (the match runner's threads start and end them): atomic ints,
 * claimed with a compare-and-swap and read by the handler, which sends each group
 * SIGTERM and, after a grace of ENGINE_GRACE_MS, SIGKILL (kill and nanosleep are
 * safe in a handler).  A group that finds no free slot (more than GROUP_SLOTS engines
 * at once) is not ended by a signal, only by its runner thread.
 *
 * A batch (selfplay, match) asks for a graceful stop (bo_outfile_graceful): then the
 * first SIGINT/SIGTERM only sets the stop flag (an atomic int: lock-free, so safe
 * to store in a handler, and read by the worker threads without a race), which the batch reads between moves
 * (it starts no game, abandons the ones in progress and writes its outputs); a second
 * signal does what the first does elsewhere: end the engines and the process. */
#include "outfile.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core.h"

enum { CLEANUP_SLOTS = 16, GROUP_SLOTS = 1024, ENGINE_GRACE_MS = 200 };
static char cleanup_path[CLEANUP_SLOTS][4200];
static volatile sig_atomic_t cleanup_used[CLEANUP_SLOTS];
static atomic_int engine_group[GROUP_SLOTS];   /* 0: free */
static volatile sig_atomic_t graceful;         /* the first signal only asks to stop */
static atomic_int stop_signal;                 /* that signal (0: none yet); atomic: worker threads read it */

void bo_outfile_group(int pgid, bool alive)
{
    if (pgid <= 0) return;
    for (int i = 0; i < GROUP_SLOTS; i++) {
        int want = alive ? 0 : pgid;
        if (atomic_compare_exchange_strong(&engine_group[i], &want, alive ? pgid : 0)) return;
    }
}

/* Every engine group still alive: SIGTERM, a grace, SIGKILL.  Safe in a handler. */
static void end_engine_groups(void)
{
    bool any = false;
    for (int i = 0; i < GROUP_SLOTS; i++) {
        int g = atomic_load(&engine_group[i]);
        if (g > 0) { kill(-g, SIGTERM); any = true; }
    }
    if (!any) return;
    struct timespec ts = {0, ENGINE_GRACE_MS * 1000000L};
    nanosleep(&ts, NULL);
    for (int i = 0; i < GROUP_SLOTS; i++) {
        int g = atomic_load(&engine_group[i]);
        if (g > 0) kill(-g, SIGKILL);
    }
}

static int take_slot(const char *tmp)
{
    for (int i = 0; i < CLEANUP_SLOTS; i++)
        if (!cleanup_used[i]) {
            snprintf(cleanup_path[i], sizeof cleanup_path[i], "%s", tmp);
            cleanup_used[i] = 1;
            return i;
        }
    return -1;   /* more open files than slots: that one is not cleaned on Ctrl-C */
}

static void free_slot(int slot)
{
    if (slot >= 0) cleanup_used[slot] = 0;
}

/* End the engines, remove the temporary files, then die of the signal as if nothing
 * had caught it. */
static void on_stop(int sig)
{
    if (graceful && !atomic_load(&stop_signal) && (sig == SIGINT || sig == SIGTERM)) {
        static const char msg[] = "boyi: stopping: no new game; the games in progress are abandoned and the outputs "
                                  "written (a second signal ends at once)\n";
        int saved = errno;   /* a handler leaves errno as it found it */
        atomic_store(&stop_signal, sig);
        ssize_t w = write(2, msg, sizeof msg - 1);
        (void)w;
        errno = saved;
        return;
    }
    end_engine_groups();
    for (int i = 0; i < CLEANUP_SLOTS; i++)
        if (cleanup_used[i]) unlink(cleanup_path[i]);
    signal(sig, SIG_DFL);
    raise(sig);
}

void bo_outfile_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    signal(SIGXFSZ, SIG_IGN);
}

void bo_outfile_graceful(void) { graceful = 1; }

const atomic_int *bo_outfile_stop_flag(void) { return &stop_signal; }


int bo_outfile_open(bo_outfile *o, const char *path, const char *mode, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    o->slot = -1;
    if (!path || strcmp(path, "-") == 0) {
        o->f = stdout;
        return 0;
    }
    if (snprintf(o->path, sizeof o->path, "%s", path) >= (int)sizeof o->path)
        return bo_fail(err, errlen, "cannot write: the path is too long");
    snprintf(o->tmp, sizeof o->tmp, "%s.tmp-%ld", path, (long)getpid());
    o->slot = take_slot(o->tmp);
    char cmode[8];   /* close-on-exec: no child ever holds an output file */
    snprintf(cmode, sizeof cmode, "%se", mode);
    o->f = fopen(o->tmp, cmode);
    if (!o->f) {
        int e = errno;
        free_slot(o->slot);
        return bo_fail(err, errlen, "cannot write: %s", strerror(e));
    }
    return 0;
}

int bo_outfile_commit(bo_outfile *o, char *err, size_t errlen)
{
    if (o->f == stdout) {
        errno = 0;
        if (fflush(stdout) != 0 || ferror(stdout)) return bo_fail(err, errlen, "standard output: %s", bo_write_failure(errno));
        return 0;
    }
    errno = 0;
    bool bad = fflush(o->f) != 0 || ferror(o->f);
    int e = errno;
    if (fclose(o->f) != 0 && !bad) { bad = true; e = errno; }
    o->f = NULL;
    if (!bad && rename(o->tmp, o->path) != 0) { bad = true; e = errno; }
    if (bad) {
        unlink(o->tmp);
        free_slot(o->slot);
        return bo_fail(err, errlen, "not written: %s (nothing was changed)", bo_write_failure(e));
    }
    free_slot(o->slot);
    return 0;
}

void bo_outfile_abort(bo_outfile *o)
{
    if (o->f && o->f != stdout) {
        fclose(o->f);
        unlink(o->tmp);
        free_slot(o->slot);
    }
    o->f = NULL;
}

const char *bo_outfile_name(const bo_outfile *o)
{
    return o->path[0] ? o->path : NULL;
}

int bo_outfile_track(const char *tmp)
{
    return take_slot(tmp);
}

void bo_outfile_untrack(int slot)
{
    free_slot(slot);
}


bool bo_stdout_failed(void)
{
    return ferror(stdout) != 0;
}
