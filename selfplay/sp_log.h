/* sp_log.h -- what outside engines say, on its way into boyi's files.
 *
 * An engine's bytes are not to be trusted to be text, nor to end.  sp_clean escapes
 * them for the place they go: a log line keeps valid UTF-8, tabs and line ends and
 * writes every other byte as \xHH; a record field (a fault reason that reaches the
 * journal, the records and stats.json) writes as <HH> every byte that is not valid
 * UTF-8 and every control character, tabs and line ends included (the journal is
 * tab-separated lines); quoting what a record format gives a meaning (" \ { } [ ])
 * is its writer's work.  sp_log is a traffic or stderr file with a cap on its size: past the cap,
 * what comes is counted and dropped, one line says so at once and one more, when the
 * file is closed, says how many bytes were dropped. */
#ifndef BOYI_SP_LOG_H
#define BOYI_SP_LOG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum { SP_CLEAN_LOG, SP_CLEAN_FIELD } sp_clean_mode;

/* The length of the valid UTF-8 character (no overlong form, no surrogate, at most
 * U+10FFFF) at S[0..N), or 0 when none starts there. */
int sp_utf8_len(const unsigned char *s, size_t n);

/* Write S as a JSON string (with quotes) to F: a NULL S as null, control characters
 * escaped, a byte that starts no valid UTF-8 character as \ufffd. */
void bo_json_string(FILE *f, const char *s);

/* IN[0..N) escaped for MODE into OUT[0..OUTN) (always NUL-terminated, cut before a
 * whole escape or character that does not fit); returns OUT. */
char *sp_clean(const char *in, size_t n, sp_clean_mode mode, char *out, size_t outn);
/* S escaped for a record field in place (S has room for N bytes). */
void sp_clean_field(char *s, size_t n);

/* 16 MiB: each log file's default cap (match --log-max). */
#define SP_LOG_CAP_DEFAULT ((int64_t)16 << 20)

typedef struct sp_log sp_log;

/* Open PATH for appending (close-on-exec) with a cap of CAP bytes (0: the default).
 * NULL with err when it cannot be opened. */
sp_log *sp_log_open(const char *path, int64_t cap, char *err, size_t errlen);
/* One line: PREFIX ("> ", "< ", "# ") and TEXT escaped as a log line. */
void sp_log_line(sp_log *l, const char *prefix, const char *text);
/* A chunk of an engine's stderr, escaped (a character cut at the chunk's end is kept
 * for the next chunk). */
void sp_log_bytes(sp_log *l, const char *buf, size_t n);
/* Closes it, with the line that counts what was dropped (if anything was). */
void sp_log_close(sp_log *l);

#endif
