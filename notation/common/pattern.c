/* pattern.c -- a thin, thread-safe wrapper over PCRE2 (8-bit, UTF). */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "pattern.h"

#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bo_pattern {
    pcre2_code *code;
};

bo_pattern *bo_pattern_compile(const char *re, char *err, size_t errlen)
{
    int code;
    PCRE2_SIZE at;
    pcre2_code *c = pcre2_compile((PCRE2_SPTR)re, PCRE2_ZERO_TERMINATED,
                                  PCRE2_UTF | PCRE2_UCP | PCRE2_ANCHORED | PCRE2_ENDANCHORED, &code, &at, NULL);
    if (!c) {
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(code, msg, sizeof msg);
        if (err && errlen) snprintf(err, errlen, "bad pattern at offset %zu: %s", (size_t)at, (const char *)msg);
        return NULL;
    }
    bo_pattern *p = malloc(sizeof *p);
    if (!p) {
        pcre2_code_free(c);
        if (err && errlen) snprintf(err, errlen, "out of memory");
        return NULL;
    }
    p->code = c;
    return p;
}

void bo_pattern_free(bo_pattern *p)
{
    if (!p) return;
    pcre2_code_free(p->code);
    free(p);
}

int bo_pattern_match(const bo_pattern *p, const char *s, size_t n, size_t *caps, int ncap)
{
    /* Match data is per call: the compiled code is shared, the scratch is not. */
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(p->code, NULL);
    if (!md) return -1;
    int rc = pcre2_match(p->code, (PCRE2_SPTR)s, n, 0, 0, md, NULL);
    if (rc == PCRE2_ERROR_NOMATCH) { pcre2_match_data_free(md); return 0; }
    if (rc < 0) { pcre2_match_data_free(md); return -1; }
    int pairs = (int)pcre2_get_ovector_count(md);
    if (pairs > ncap) pairs = ncap;
    const PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
    for (int k = 0; k < pairs; k++) {
        caps[2 * k] = ov[2 * k] == PCRE2_UNSET ? (size_t)-1 : (size_t)ov[2 * k];
        caps[2 * k + 1] = ov[2 * k + 1] == PCRE2_UNSET ? (size_t)-1 : (size_t)ov[2 * k + 1];
    }
    pcre2_match_data_free(md);
    return pairs;
}
