/* core.h -- what every game's engine shares: seeded random numbers and error
 * reporting into caller buffers.  No state lives here: every generator is a value
 * the caller owns, so engines stay deterministic and thread-safe. */
#ifndef BOYI_CORE_H
#define BOYI_CORE_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

/* splitmix64 step: the generator behind Zobrist keys and seeded choices.  Fixed
 * seeds give the same keys in every run and on every machine. */
static inline uint64_t bo_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* A well-mixed 64-bit value from a key: a stateless hash for derived seeds
 * (e.g. game i of a batch gets bo_mix64(batch_seed ^ i)). */
static inline uint64_t bo_mix64(uint64_t key)
{
    uint64_t s = key;
    return bo_splitmix64(&s);
}

/* Format a reason into the caller's buffer (if any) and return -1, so that error
 * paths read `return bo_fail(err, errlen, "...", ...);`. */
int bo_fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Make the folder DIR and any missing parents (as `mkdir -p`): an output folder or the
 * default data folder under a path that does not exist yet is made, not refused.  0, or
 * -1 with "PATH: reason" naming the part that could not be made. */
int bo_make_dirs(const char *dir, char *err, size_t errlen);

/* Seconds on clock ID: CLOCK_MONOTONIC for limits and timings that must not jump with
 * the wall clock, CLOCK_PROCESS_CPUTIME_ID or CLOCK_THREAD_CPUTIME_ID for what work
 * cost (on a shared machine wall time counts the other processes too). */
double bo_clock_seconds(clockid_t id);
/* Monotonic seconds (bo_clock_seconds(CLOCK_MONOTONIC)): every timing and time limit. */
double bo_now_seconds(void);

/* The words for a write that failed with errno E ("the file size limit was reached",
 * "the disk is full", "the reader closed the pipe", ...; E 0: "write error"). */
const char *bo_write_failure(int e);

#endif
