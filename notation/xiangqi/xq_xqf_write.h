/* xq_xqf_write.h - writing a game as XQF 1.0 (version byte 0x0A), the plain
 * form of XQStudio's published "XQF 1.0" description that XQStudio and the
 * other Windows programs open: a 0x400-byte header (32 piece squares, result,
 * GBK Pascal strings) and from 0x400 one record per ply: from+24, to+32,
 * 0xF0 (0x00 on the last), 0x00, a u32 comment length, the GBK comment (CR LF
 * line ends). The first record (0x18 0x20 0xF0 0xFF) is the start position
 * and holds the game's opening comment. XQF 1.0 keeps the main line only:
 * variations are not written (the count is handed back). */
#ifndef BOYI_XQ_XQF_WRITE_H
#define BOYI_XQ_XQF_WRITE_H

#include <stdio.h>

#include "record.h"
#include "xiangqi.h"

/* What had to be left out to fit XQF 1.0. */
typedef struct xq_xqf_losses {
    int variations;    /* variation lines not written */
    int cut_fields;    /* header fields cut to their room */
    int lost_chars;    /* characters GBK cannot hold, written as '?' */
} xq_xqf_losses;

/* Write the game of record R (for its tags and comments) from START with
 * the NMOVES resolved MOVES of its main line (the comment of ply i+1 is
 * R->moves[i].comment) and RESULT ("1-0" "0-1" "1/2-1/2", else unknown) to
 * OUT as XQF 1.0. *loss (may be NULL) gets what was left out. Returns 0, or
 * -1 with err set when START cannot be put in XQF's 16 piece slots a side
 * (more pieces of a kind than the start position has) or writing failed. */
int xq_xqf_write(FILE *out, const bo_record *r, const xq_pos *start, const xq_move *moves, int nmoves,
                 const char *result, xq_xqf_losses *loss, char *err, size_t errlen);

#endif
