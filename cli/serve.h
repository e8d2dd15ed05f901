/* serve.h -- what boyi's protocol servers share (boyi engine/uci/ucci, gomocup, hub,
 * botzone): input lines of a bounded length, echoes of bad input clipped, times
 * clamped, and a search on a thread of its own, so that the input is still read while
 * it runs and `stop` or `quit` end it at once.
 *
 * The rules, documented in docs/engines.md:
 *   - a line longer than BO_SERVE_LINE_MAX bytes (Botzone: BO_SERVE_BZ_LINE_MAX) is
 *     read to its end and ignored as a whole, with a message; memory stays bounded;
 *   - bad input is echoed back at most BO_SERVE_ECHO_MAX bytes long, then "...";
 *   - a time (ms) of any size is read as at most BO_TIME_MAX_MS (24 h), a negative
 *     one as 0: no overflow, and no search that can only be ended by a kill;
 *   - while a search runs, `stop` (and `quit`, and the protocols' own: Hub `stop`,
 *     Gomocup `END`, `YXSTOP`) end it within milliseconds with the best move so far;
 *     other commands wait for it to finish (the protocols forbid them then). */
#ifndef BOYI_SERVE_H
#define BOYI_SERVE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

enum { BO_SERVE_LINE_MAX = 1 << 20, BO_SERVE_BZ_LINE_MAX = 16 << 20, BO_SERVE_ECHO_MAX = 200 };

/* The next line of IN without its line end into *BUF (grown as needed, up to MAX
 * bytes); its length, or -1 at the end of the input.  A longer line is read to its
 * end and dropped: *CUT is set and the length is 0. */
ssize_t bo_serve_line(FILE *in, char **buf, size_t *cap, size_t max, bool *cut);

/* S clipped for an echo (at most BO_SERVE_ECHO_MAX bytes, then "..."), in BUF. */
const char *bo_serve_clip(const char *s, char *buf, size_t n);
enum { BO_SERVE_CLIP_BUF = BO_SERVE_ECHO_MAX + 4 };

/* TEXT as milliseconds: a number (digits, or with a fraction or exponent where
 * FRACTION), clamped to 0..BO_TIME_MAX_MS; -1 when TEXT is not a number. */
long long bo_serve_ms(const char *text, bool fraction);

/* A search on a thread of its own. */
typedef struct bo_bg_search {
    pthread_t thread;
    bool running;
    atomic_bool stop;            /* bo_limits.stop of the search */
    void (*fn)(void *ctx);       /* runs the search and answers */
    void *ctx;
} bo_bg_search;

void bo_bg_init(bo_bg_search *b);
/* Run FN(CTX) on the thread (after the last search has finished); 0 or -1. */
int bo_bg_start(bo_bg_search *b, void (*fn)(void *ctx), void *ctx);
/* Wait for the search to finish by itself. */
void bo_bg_wait(bo_bg_search *b);
/* Stop the search now and wait for its answer. */
void bo_bg_stop(bo_bg_search *b);

#endif
