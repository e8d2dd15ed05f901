/* ng_internal.h -- what the NoGo record readers share: a cursor that knows its line
 * and column (columns count characters, not bytes). */
#ifndef BOYI_NG_INTERNAL_H
#define BOYI_NG_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ng_cur {
    const char *p, *end;
    int line, col;
} ng_cur;

static inline void ng_cur_init(ng_cur *c, const char *text, size_t len)
{
    c->p = text;
    c->end = text + len;
    c->line = 1;
    c->col = 1;
}

/* One byte on, keeping line and column (UTF-8 continuation bytes add no column). */
static inline void ng_adv(ng_cur *c)
{
    if (c->p >= c->end) return;
    unsigned char ch = (unsigned char)*c->p++;
    if (ch == '\n') { c->line++; c->col = 1; }
    else if ((ch & 0xC0) != 0x80) c->col++;
}

static inline void ng_skip_space(ng_cur *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r')) ng_adv(c);
}

static inline bool ng_at_end(const ng_cur *c) { return c->p >= c->end; }

#endif
