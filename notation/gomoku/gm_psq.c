/* gm_psq.c -- Piskvork's PSQ record (Gomocup):
 *   Piskvorky 15x15, 11:11, 0        board width x height, player levels, who started
 *   8,8,1234                         x,y 1-based, y counted from the top; thinking ms
 *   ...
 *   pbrain-a.exe                     trailer: the two players (first listed = player 1)
 *   pbrain-b.exe
 *   -1                               end code (-1 = not available)
 * Some tools add "1,Freestyle" (a winner number and the rule set) after the code. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gm_coords.h"
#include "gm_notation.h"
#include "gm_reader.h"

/* Parse "x,y" or "x,y,ms" (blanks allowed around numbers); all of S must be used. */
static bool parse_move_line(const char *s, size_t n, long v[3], int *count)
{
    size_t i = 0;
    int k = 0;
    for (;;) {
        while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
        size_t d0 = i;
        if (i < n && s[i] == '-') i++;
        size_t dd = i;
        long x = 0;
        while (i < n && isdigit((unsigned char)s[i]) && i - dd < 9) x = x * 10 + (s[i++] - '0');
        if (i == dd) return false;
        if (i < n && isdigit((unsigned char)s[i])) return false;
        v[k++] = s[d0] == '-' ? -x : x;
        while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
        if (i == n) break;
        if (s[i] != ',' || k == 3) return false;
        i++;
    }
    *count = k;
    return k >= 2;
}

/* Piskvork's end code: a lone integer such as -1. */
static bool is_code_line(const char *s, size_t n)
{
    size_t i = 0;
    if (i < n && s[i] == '-') i++;
    if (i == n) return false;
    for (; i < n; i++)
        if (!isdigit((unsigned char)s[i])) return false;
    return true;
}

/* "1,Freestyle": a winner number, then a rule set word. */
static bool rule_line(const char *s, size_t n, const char **rule, size_t *rn)
{
    size_t i = 0;
    while (i < n && isdigit((unsigned char)s[i])) i++;
    if (i == 0 || i >= n || s[i] != ',') return false;
    i++;
    while (i < n && s[i] == ' ') i++;
    if (i >= n || !isalpha((unsigned char)s[i])) return false;
    *rule = s + i;
    *rn = n - i;
    return true;
}

typedef struct psq_state {
    bo_record_list *out;
    bo_record *rec;
    long unkept;          /* moves not kept (gm_read_opts) */
    int phase;            /* 1 moves, 2 trailer */
    int who_started;      /* the header's last number */
    const char *name[2];
    size_t name_n[2];
    int names;
} psq_state;

/* Names go to colours only at the end, when the header's starter is known. */
static void finish_game(psq_state *st)
{
    if (!st->rec) return;
    gm_note_unkept(st->rec, &st->unkept);
    const char *size = bo_record_tag(st->rec, "Size");
    if (!bo_record_tag(st->rec, "Rules") && size && !strcmp(size, "20") && !st->rec->errors) {
        /* Gomocup's 20x20 tournaments are freestyle; its PSQ files do not say so */
        bo_record_set_tag(st->rec, "Rules", gm_rules_name(GM_FREESTYLE));
        bo_record_note(st->rec, BO_NOTE_WARNING, st->rec->line, 1,
                       "a 20x20 Gomocup record names no rule set: read as freestyle (Gomocup's 20x20 games are)");
    }
    if (st->names == 2) {
        int b = st->who_started == 1 ? 1 : 0;
        bo_record_add_tag(st->rec, "Black", 5, st->name[b], st->name_n[b], 0);
        bo_record_add_tag(st->rec, "White", 5, st->name[1 - b], st->name_n[1 - b], 0);
    }
    st->rec = NULL;
}

/* "Piskvorky 15x15, 11:11, 0": only the board size matters for the rules. */
static void read_header(psq_state *st, const char *s, size_t n, int line, int col)
{
    bo_record *rec = st->rec;
    const char *p = s + 9, *e = s + n;
    while (p < e && *p == ' ') p++;
    char buf[128];
    size_t bn = (size_t)(e - p) < sizeof buf - 1 ? (size_t)(e - p) : sizeof buf - 1;
    memcpy(buf, p, bn);
    buf[bn] = '\0';
    int w, h, a, b, who;
    int got = sscanf(buf, "%dx%d, %d:%d, %d", &w, &h, &a, &b, &who);
    if (got < 2) {
        bo_record_note(rec, BO_NOTE_ERROR, line, col, "PSQ header without a board size ('Piskvorky 15x15, 11:11, 0' expected)");
        return;
    }
    if (w != h) {
        bo_record_note(rec, BO_NOTE_ERROR, line, col, "board %dx%d is not square; only square boards are played", w, h);
        return;
    }
    if (w < GM_MIN_SIZE || w > GM_MAX_SIZE) {
        bo_record_note(rec, BO_NOTE_ERROR, line, col, "board %dx%d: sizes 5..20 are supported", w, h);
        return;
    }
    char sz[8];
    snprintf(sz, sizeof sz, "%d", w);
    bo_record_set_tag(rec, "Size", sz);
    if (got < 5)
        bo_record_note(rec, BO_NOTE_WARNING, line, col, "PSQ header incomplete ('Piskvorky %dx%d, 11:11, 0' expected)", w, h);
    else
        st->who_started = who;
}

/* After the moves: names, the end code, a rule line; a stray move is a fault. */
static void trailer_line(psq_state *st, const char *s, size_t n, int line, int col)
{
    bo_record *rec = st->rec;
    long v[3];
    int k;
    const char *rule;
    size_t rn;
    if (parse_move_line(s, n, v, &k)) {
        if (bo_record_tag(rec, "PSQCode")) {
            /* the game before ended with its end code: these moves are a game whose
             * header is missing.  Counted as a game of its own that cannot be read. */
            int prev = rec->line;
            finish_game(st);
            st->rec = bo_record_list_push(st->out, line);
            if (!st->rec) return;
            bo_record_set_str(&st->rec->notation, "psq", 3);
            bo_record_set_tag(st->rec, "Size", "20");
            bo_record_note(st->rec, BO_NOTE_ERROR, line, col,
                           "move '%.*s' has no game: the game of line %d ended with its end code, and no "
                           "'Piskvorky' header starts another (header missing?)", (int)n, s, prev);
            return;
        }
        bo_record_note(rec, BO_NOTE_ERROR, line, col, "move '%.*s' after the end of the move list", (int)n, s);
        return;
    }
    if (is_code_line(s, n)) {
        bo_record_add_tag(rec, "PSQCode", 7, s, n, line);
        return;
    }
    if (rule_line(s, n, &rule, &rn)) {
        gm_rules r;
        char buf[24];
        size_t bn = rn < sizeof buf - 1 ? rn : sizeof buf - 1;
        memcpy(buf, rule, bn);
        buf[bn] = '\0';
        if (gm_rules_from_name(buf, &r) == 0) bo_record_set_tag(rec, "Rules", gm_rules_name(r));
        else bo_record_note(rec, BO_NOTE_WARNING, line, col, "rule set '%s' not known; ignored", buf);
        bo_record_add_tag(rec, "PSQWinner", 9, s, (size_t)(strchr(s, ',') - s), line);
        return;
    }
    if ((isdigit((unsigned char)s[0]) || s[0] == '-') && memchr(s, ',', n)) {
        bo_record_note(rec, BO_NOTE_ERROR, line, col, "malformed move line '%.*s' ('x,y,ms' expected)", (int)n, s);
        return;
    }
    if (st->names < 2) {
        st->name[st->names] = s;
        st->name_n[st->names++] = n;
    } else {
        bo_record_note(rec, BO_NOTE_WARNING, line, col, "trailer line '%.*s' ignored", (int)n, s);
    }
}

/* Line by line: a "Piskvorky" header starts a game, move lines follow, and
 * the first other line starts the trailer. */
int gm_read_psq_o(const bo_text *t, const gm_read_opts *o, bo_record_list *out, char *err, size_t errlen)
{
    psq_state st = {.out = out};
    int first = out->n;
    int line = 0;
    int junk_line = 0;
    const char *d = t->data, *end = d + t->len;
    for (const char *p = d; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        line++;
        const char *s = p;
        size_t n = (size_t)(le - p);
        p = nl ? nl + 1 : end;
        size_t lead = 0;
        while (lead < n && (s[lead] == ' ' || s[lead] == '\t')) lead++;
        const char *ts = s + lead;
        size_t tn = n - lead;
        gm_trim(&ts, &tn);
        int col = bo_utf8_col(s, (size_t)(ts - s));
        if (tn >= 9 && strncmp(ts, "Piskvorky", 9) == 0) {
            finish_game(&st);
            st = (psq_state){.out = out};
            st.rec = bo_record_list_push(out, line);
            if (!st.rec) break;
            bo_record_set_str(&st.rec->notation, "psq", 3);
            bo_record_set_tag(st.rec, "Size", "20");
            read_header(&st, ts, tn, line, col);
            st.phase = 1;
            if (junk_line) {
                bo_record_note(st.rec, BO_NOTE_WARNING, junk_line, 1, "text before the PSQ header ignored");
                junk_line = 0;
            }
            continue;
        }
        if (tn == 0) continue;
        if (!st.rec) {
            if (!junk_line) junk_line = line;
            continue;
        }
        if (st.rec->errors) continue;
        long v[3];
        int k;
        if (st.phase == 1 && parse_move_line(ts, tn, v, &k)) {
            bo_rmove *m = gm_keep_move(st.rec, o, &st.unkept, ts, tn, line, col);
            if (m) m->time_ms = k == 3 ? v[2] : -1;
            continue;
        }
        st.phase = 2;
        trailer_line(&st, ts, tn, line, col);
    }
    finish_game(&st);
    if (out->n == first) {
        snprintf(err, errlen, "no PSQ header ('Piskvorky 15x15, 11:11, 0') found");
        return -1;
    }
    return 0;
}

int gm_read_psq(const bo_text *t, bo_record_list *out, char *err, size_t errlen)
{
    return gm_read_psq_o(t, NULL, out, err, errlen);
}

/* ---- writing ---------------------------------------------------------------- */

/* What Piskvork itself writes, so Piskvork can open our files. */
int gm_write_psq(FILE *f, const gm_game *g, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    fprintf(f, "Piskvorky %dx%d, 11:11, 0\n", g->size, g->size);
    for (int i = 0; i < g->n; i++) {
        const gm_gmove *m = &g->moves[i];
        int gx, gy;
        gm_coord_to_gomocup(m->x, m->y, g->size, &gx, &gy);
        fprintf(f, "%d,%d,%ld\n", gx + 1, gy + 1, m->time_ms >= 0 ? m->time_ms : 0L);
    }
    const char *b = g->rec ? bo_record_tag(g->rec, "Black") : NULL;
    const char *w = g->rec ? bo_record_tag(g->rec, "White") : NULL;
    if (b && w && *b && *w && !strchr(b, '\n') && !strchr(w, '\n')) fprintf(f, "%s\n%s\n", b, w);
    fputs("-1\n", f);
    return 0;
}
