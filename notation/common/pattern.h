/* pattern.h -- PCRE2 patterns for record grammars.
 *
 * Where a regular expression is the clearest statement of a field's grammar (a
 * contest header's date-and-place field, a game code), readers use these instead
 * of hand-written scanning.  Hot paths (move text of large files) stay hand-written.
 * A compiled pattern is read-only, so one may be shared by many threads. */
#ifndef BOYI_PATTERN_H
#define BOYI_PATTERN_H

#include <stddef.h>

typedef struct bo_pattern bo_pattern;

/* Compile RE (UTF-8, Unicode properties) anchored at both ends of the subject.
 * NULL with a reason in err when RE is not a valid pattern. */
bo_pattern *bo_pattern_compile(const char *re, char *err, size_t errlen);
void bo_pattern_free(bo_pattern *p);

/* Match the whole of s[0..n).  On a match returns the number of capture pairs
 * written to caps (caps[2k], caps[2k+1] = start and end offsets of group k, group 0
 * being the whole match; an unset group gets start = end = (size_t)-1), at most
 * ncap pairs; 0 when there is no match; -1 on a matching error. */
int bo_pattern_match(const bo_pattern *p, const char *s, size_t n, size_t *caps, int ncap);

#endif
