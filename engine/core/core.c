/* core.c -- shared engine helpers (see core.h). */
#include "core.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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
