/* batch_settings.h -- batch.txt of a self-play batch or match: its "KEY value" lines
 * read back (merge, resume), and what `--resume DIR` alone takes from them. */
#ifndef BOYI_BATCH_SETTINGS_H
#define BOYI_BATCH_SETTINGS_H

#include <stddef.h>

#include "cli.h"

/* What batch.txt gives a `--resume DIR` that names no setting: its texts live here. */
typedef struct bo_batch_texts {
    char game[64], rules[128], openings[1100], shard[64], adjudicate[256], sprt[256], spec[2][2100],
        to[64], opening_rule[32], encoding[32];
} bo_batch_texts;

/* The value of "KEY value" line KEY in batch.txt's TEXT into BUF; 0, or -1 when absent. */
int bo_batch_setting(const char *text, const char *key, char *buf, size_t n);
/* DIR/batch.txt into BUF (N bytes); 0, or -1 with err. */
int bo_batch_read(const char *dir, char *buf, size_t n, char *err, size_t errlen);
/* Fill what M's command line left out from M->resume's batch.txt, the texts kept in T
 * (which must outlive M's use); 0, or -1 with err. */
int bo_batch_resume_fill(bo_opts *m, bo_batch_texts *t, char *err, size_t errlen);

#endif
