/* sp_journal.h -- one finished self-play game as one line of text.
 *
 * The journal is a batch's memory: a line is appended (and flushed) as each game
 * finishes, in the order games finish, so a batch killed at any moment keeps every
 * finished game, and a line cut short by the kill is recognised and dropped.  Every
 * ordered output (records, statistics, training data) is made from journal lines
 * sorted by index, which is why it does not depend on threads, shards or restarts.
 *
 *   INDEX \t RESULT \t REASON \t START \t MOVES \t EVALS \t TIMES [\t swapped] \n
 *
 * RESULT is the first player's score as "1", "1/2" or "0"; START the game's own
 * position text; MOVES the game's own move texts separated by blanks; EVALS one
 * number per move (the mover's search score) or "-" for a book move or an unsearched
 * one; TIMES per move "MS/DEPTH" (thinking time by the runner's clock, the depth the
 * search or engine gave, 0 if none), "-/DEPTH" when the player's limit is not a
 * time (its games do not depend on the machine's speed, nor may their files), or
 * "-" (book, chance, random).  TIMES is optional
 * when reading, so older journals still resume.  "swapped": an opening rule (swap2)
 * gave the first move to the odd index's player; RESULT stays the even index's. */
#ifndef BOYI_SP_JOURNAL_H
#define BOYI_SP_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "sp_game.h"

enum { SP_NO_EVAL = -32768 };

typedef struct sp_entry {
    long index;
    double score_first;       /* 1, 0.5, 0 */
    char *reason;
    char *start;
    char **moves;             /* texts */
    int *evals;               /* SP_NO_EVAL where none */
    int *ms;                  /* thinking time per move, -1 where none; NULL: none at all */
    int *depth;               /* per move, 0 where none; NULL with ms */
    int nmoves;
    bool swapped;             /* an opening rule (swap2) gave the first move to the player of the
                                 odd index: SCORE_FIRST stays the even-index player's */
    char *buf;                /* owns the strings above */
} sp_entry;

/* The line of P, played under RULES, (ending in '\n') into a malloc'd *LINE.  0, or -1
 * with err. */
int sp_journal_format(const bo_game *g, const char *rules, const sp_played *p, char **line, size_t *len,
                      char *err, size_t errlen);

/* Parse one line (without or with its '\n').  0, or -1 with err. */
int sp_journal_parse(const char *line, size_t len, sp_entry *e, char *err, size_t errlen);
void sp_entry_free(sp_entry *e);

#endif
