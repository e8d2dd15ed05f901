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

const char *bo_write_failure(int e)
{
    if (e == ENOSPC) return "the disk is full";
    if (e == EFBIG) return "the file size limit was reached";
    if (e == EPIPE) return "the reader closed the pipe";
    if (e == EDQUOT) return "the disk quota is reached";
    return e ? strerror(e) : "write error";
}
