/* core.c -- shared engine helpers (see core.h). */
#include "core.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

int bo_fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

int bo_make_dirs(const char *dir, char *err, size_t errlen)
{
    char path[4096];
    size_t n = strlen(dir);
    if (n == 0) return bo_fail(err, errlen, "an empty folder name");
    if (n >= sizeof path) return bo_fail(err, errlen, "%s: path too long", dir);
    memcpy(path, dir, n + 1);
    for (char *s = path + 1; *s; s++) {   /* each parent in turn; "/" itself exists */
        if (*s != '/' || s[-1] == '/') continue;
        *s = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST) return bo_fail(err, errlen, "%s: %s", path, strerror(errno));
        *s = '/';
    }
    if (mkdir(path, 0777) != 0 && errno != EEXIST) return bo_fail(err, errlen, "%s: %s", dir, strerror(errno));
    return 0;
}

double bo_clock_seconds(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double bo_now_seconds(void) { return bo_clock_seconds(CLOCK_MONOTONIC); }

const char *bo_write_failure(int e)
{
    if (e == ENOSPC) return "the disk is full";
    if (e == EFBIG) return "the file size limit was reached";
    if (e == EPIPE) return "the reader closed the pipe";
    if (e == EDQUOT) return "the disk quota is reached";
    return e ? strerror(e) : "write error";
}
