/* util.c -- error printing and JSON string escaping for every subcommand. */
#include <stdarg.h>
#include <stdio.h>

#include "cli.h"

void bo_cli_error(const char *file, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("boyi: ", stderr);
    if (file) {
        fputs(file, stderr);
        if (line > 0) fprintf(stderr, ":%d", line);
        if (line > 0 && col > 0) fprintf(stderr, ":%d", col);
        fputs(": ", stderr);
    }
    fputs("error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void bo_json_string(FILE *f, const char *s)
{
    if (!s) { fputs("null", f); return; }
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        case '\t': fputs("\\t", f); break;
        default:
            if (*p < 0x20) fprintf(f, "\\u%04x", *p);
            else fputc(*p, f);
        }
    }
    fputc('"', f);
}
