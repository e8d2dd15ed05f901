/* xq_pgn_vars.c - PGN variations "1. 炮二平五 (1. 相三进五 ...) 马８进７": read
 * into the record's variation tree (notation/common/record.h). A variation
 * replaces the move before its '(' and is played from the position before that
 * move; variations nest. The reader keeps the open ones on a stack and puts
 * moves and comments into the innermost. A variation left open when its game
 * ends is an error located at its '('. */
#include <stdlib.h>
#include <string.h>

#include "xq_pgn_internal.h"

/* The line moves go to: the innermost open variation; NULL for the main line. */
static bo_rline *innermost(xq_pgn_reader *r)
{
    return r->depth > 0 ? r->line[r->depth - 1] : NULL;
}

/* A variation that cannot be opened (no move before it, or nested deeper than
 * the reader follows): step over it, brackets balanced, comments skipped, up to
 * its ')' or the next tag line. */
static void skip_balanced(xq_pgn_reader *r)
{
    xq_pgn_scanner *sc = &r->sc;
    const char *s = sc->s;
    size_t j = sc->i;
    long depth = 0;
    while (j < sc->n) {
        char c = s[j];
        if (c == '(') depth++;
        else if (c == ')') { if (--depth == 0) { xq_pgn_adv_to(sc, j + 1); return; } }
        else if (c == '{') {
            const char *e = memchr(s + j + 1, '}', sc->n - j - 1);
            if (!e) break;
            j = (size_t)(e - s);
        } else if (c == '\n') {
            size_t k = j + 1;
            while (k < sc->n && (s[k] == ' ' || s[k] == '\t')) k++;
            if (k < sc->n && s[k] == '[') break;
        }
        j++;
    }
    xq_pgn_adv_to(sc, j < sc->n ? xq_pgn_next_tag_line(s, sc->n, sc->i) : sc->n);
}

void xq_pgn_open_variation(xq_pgn_reader *r)
{
    xq_pgn_scanner *sc = &r->sc;
    int line = sc->line, col = sc->col;
    bo_record *g = xq_pgn_cur(r);
    if (r->state == XQ_R_NONE || !g) g = xq_pgn_start_record(r, line);
    if (!g) return;
    bo_rline *l = innermost(r);
    bo_rmove *parent = l ? (l->nmoves > 0 ? &l->moves[l->nmoves - 1] : NULL)
                         : (g->nmoves > 0 ? &g->moves[g->nmoves - 1] : NULL);
    if (!parent || r->depth >= XQ_PGN_MAX_DEPTH) {
        bo_record_note(g, BO_NOTE_ERROR, line, col, parent ? "variations are nested more than %d deep here"
                       : "a variation '(' must follow the move it replaces; here no move comes before it",
                       XQ_PGN_MAX_DEPTH);
        skip_balanced(r);
        return;
    }
    if (!bo_record_keep_variation(g, line, col)) {   /* past the shared limit: read over, dropped */
        skip_balanced(r);
        return;
    }
    bo_rline *v = bo_rmove_add_variation(parent);
    if (!v) { r->oom = 1; return; }
    r->line[r->depth] = v;
    r->open_line[r->depth] = line;
    r->open_col[r->depth] = col;
    r->depth++;
    r->number = 0;
    xq_pgn_adv(sc);
}

void xq_pgn_close_variation(xq_pgn_reader *r)
{
    xq_pgn_scanner *sc = &r->sc;
    bo_record *g = xq_pgn_cur(r);
    if (r->depth == 0 || !g) {
        if (r->state == XQ_R_NONE || !g) g = xq_pgn_start_record(r, sc->line);
        if (g) xq_pgn_lenient(r, g, sc->line, sc->col, "')' here closes no variation; ignored");
        xq_pgn_adv(sc);
        return;
    }
    bo_rline *l = innermost(r);
    if (l->nmoves == 0)
        bo_record_note(g, BO_NOTE_WARNING, r->open_line[r->depth - 1], r->open_col[r->depth - 1],
                       "an empty variation '()'; nothing to read in it");
    if (r->pre_comment && r->pre_comment_line == l) {
        bo_record_note(g, BO_NOTE_WARNING, sc->line, sc->col, "a comment in a variation with no move is dropped: '%.60s'",
                       r->pre_comment);
        free(r->pre_comment);
        r->pre_comment = NULL;
    }
    r->depth--;
    r->number = 0;
    xq_pgn_adv(sc);
}

void xq_pgn_drop_variations(xq_pgn_reader *r)
{
    bo_record *g = xq_pgn_cur(r);
    if (g && bo_record_end_variations(g) != 0) r->oom = 1;
    if (g && r->depth > 0)
        bo_record_note(g, BO_NOTE_ERROR, r->open_line[0], r->open_col[0],
                       "the variation opened here with '(' is never closed with ')'");
    r->depth = 0;
    free(r->pre_comment);
    r->pre_comment = NULL;
}
