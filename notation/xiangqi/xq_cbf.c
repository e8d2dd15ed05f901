/* xq_cbf.c - reader of ChessBridge's XML record (format in xq_cbf.h).
 *
 * Method: no general XML parser. Each <ChineseChessRecord> block is cut out;
 * inside its <Head>, each known element's text is taken (CDATA and the five
 * entities decoded); inside its <MoveList>, the <Move> elements are walked in
 * order, their value attribute turned into an ICCS move and their content
 * into the move's comment. Every scan is bounded by its block, so a messy
 * file gives located notes, never a crash. */
#include "xq_cbf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static const char rec_open[] = "<ChineseChessRecord", rec_close[] = "</ChineseChessRecord>";
static const char std_start[] = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";

/* Head elements and the tags they become. */
static const struct { const char *elem, *tag; } cbf_head[] = {
    {"Name", "Title"}, {"Contest", "Event"}, {"Round", "Round"}, {"Group", "Group"}, {"Table", "Table"},
    {"Date", "Date"}, {"Site", "Site"}, {"TimeRule", "TimeControl"}, {"Red", "Red"}, {"RedTeam", "RedTeam"},
    {"RedTime", "RedTime"}, {"RedRating", "RedRating"}, {"Black", "Black"}, {"BlackTeam", "BlackTeam"},
    {"BlackTime", "BlackTime"}, {"BlackRating", "BlackRating"}, {"Referee", "Referee"}, {"Recorder", "Recorder"},
    {"Commentator", "Annotator"}, {"Creator", "Author"}, {"ECCO", "ECCO"},
};

bool xq_cbf_sniff(const char *s, size_t n)
{
    size_t lim = n < 1024 ? n : 1024;
    for (size_t i = 0; i + sizeof rec_open - 1 <= lim; i++)
        if (s[i] == '<' && memcmp(s + i, rec_open, sizeof rec_open - 1) == 0) return true;
    return false;
}

/* First occurrence of the NUL-terminated key in s[from, to), or NULL. */
static const char *find(const char *s, size_t from, size_t to, const char *key)
{
    size_t k = strlen(key);
    for (size_t i = from; i + k <= to; i++)
        if (s[i] == key[0] && memcmp(s + i, key, k) == 0) return s + i;
    return NULL;
}

/* XML text s[0, n) decoded (CDATA sections kept as they are, the five
 * entities replaced, surrounding blanks trimmed) into a new string; NULL
 * when out of memory. */
static char *xml_text(const char *s, size_t n)
{
    char *o = malloc(n + 1), *w = o;
    if (!o) return NULL;
    for (size_t i = 0; i < n;) {
        if (n - i >= 9 && memcmp(s + i, "<![CDATA[", 9) == 0) {
            const char *e = find(s, i + 9, n, "]]>");
            size_t end = e ? (size_t)(e - s) : n;
            memcpy(w, s + i + 9, end - i - 9);
            w += end - i - 9;
            i = e ? end + 3 : n;
            continue;
        }
        static const struct { const char *ent; char c; } ents[] = {
            {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''},
        };
        bool done = false;
        for (size_t k = 0; k < 5 && s[i] == '&'; k++) {
            size_t el = strlen(ents[k].ent);
            if (n - i >= el && memcmp(s + i, ents[k].ent, el) == 0) { *w++ = ents[k].c; i += el; done = true; break; }
        }
        if (!done) *w++ = s[i++];
    }
    *w = '\0';
    size_t lead = strspn(o, " \t\r\n");
    size_t len = strlen(o + lead);
    while (len && strchr(" \t\r\n", o[lead + len - 1])) len--;
    memmove(o, o + lead, len);
    o[len] = '\0';
    return o;
}

/* The text of element NAME in s[from, to): <NAME>text</NAME>, or <NAME /> (empty).
 * *found false when absent; NULL with *found true when out of memory. */
static char *element(const char *s, size_t from, size_t to, const char *name, bool *found)
{
    char open[64], close[64];
    snprintf(open, sizeof open, "<%s", name);
    snprintf(close, sizeof close, "</%s>", name);
    *found = false;
    for (const char *p = find(s, from, to, open); p; p = find(s, (size_t)(p - s) + 1, to, open)) {
        const char *after = p + strlen(open);
        if (*after != '>' && *after != ' ' && *after != '/') continue;   /* <RedTeam> is not <Red> */
        const char *gt = find(s, (size_t)(after - s), to, ">");
        if (!gt) return NULL;
        *found = true;
        if (gt[-1] == '/') return xml_text("", 0);
        const char *e = find(s, (size_t)(gt - s) + 1, to, close);
        size_t end = e ? (size_t)(e - s) : to;
        return xml_text(gt + 1, end - (size_t)(gt + 1 - s));
    }
    return NULL;
}

/* The head of the record in s[from, to) into rec. -1 when out of memory. */
static int read_head(const char *s, size_t from, size_t to, bo_record *rec)
{
    bool found;
    for (size_t i = 0; i < sizeof cbf_head / sizeof cbf_head[0]; i++) {
        char *v = element(s, from, to, cbf_head[i].elem, &found);
        if (!v) { if (found) return -1; continue; }
        int rc = v[0] ? bo_record_add_tag(rec, cbf_head[i].tag, strlen(cbf_head[i].tag), v, strlen(v), 0) : 0;
        free(v);
        if (rc != 0) return -1;
    }
    static const char *const results[4] = {"*", "1-0", "0-1", "1/2-1/2"};
    char *r = element(s, from, to, "RecordResult", &found);
    if (!r && found) return -1;
    int code = r && r[0] >= '0' && r[0] <= '3' && r[1] == '\0' ? r[0] - '0' : 0;
    if (r && r[0] && code == 0 && strcmp(r, "0") != 0)
        bo_record_note(rec, BO_NOTE_WARNING, 0, 0, "CBF: RecordResult \"%s\" is not 0..3; read as '*'", r);
    free(r);
    if (bo_record_add_tag(rec, "Result", 6, results[code], strlen(results[code]), 0) != 0 ||
        bo_record_set_str(&rec->result, results[code], strlen(results[code])) != 0 ||
        bo_record_set_str(&rec->notation, "iccs", 4) != 0)
        return -1;
    char *fen = element(s, from, to, "FEN", &found);
    if (!fen && found) return -1;
    int rc = 0;
    if (fen && fen[0] && strncmp(fen, std_start, sizeof std_start - 1) != 0) rc = bo_record_set_str(&rec->fen, fen, strlen(fen));
    free(fen);
    return rc;
}

/* The <Move> elements of s[from, to) into rec. -1 when out of memory. */
static int read_moves(const bo_text *t, size_t from, size_t to, bo_record *rec)
{
    const char *s = t->data;
    bool root = true;
    for (size_t at = from; at < to;) {
        const char *lt = find(s, at, to, "<");
        if (!lt) break;
        size_t p = (size_t)(lt - s);
        int line, col;
        bo_text_line_col(t, p, &line, &col);
        if (strncmp(lt, "<Move", 5) != 0 || (lt[5] != ' ' && lt[5] != '>' && lt[5] != '/')) {
            const char *gt = find(s, p, to, ">");
            bo_record_note(rec, BO_NOTE_WARNING, line, col, "CBF: an element other than <Move> in the move list, "
                           "not read");
            at = gt ? (size_t)(gt - s) + 1 : to;
            continue;
        }
        const char *gt = find(s, p, to, ">");
        if (!gt) {
            bo_record_note(rec, BO_NOTE_ERROR, line, col, "CBF: the <Move> element is not closed");
            return 0;
        }
        const char *val = find(s, p, (size_t)(gt - s), "value=\"");
        char mv[6] = {0};
        size_t vat = val ? (size_t)(val - s) + 7 : p;
        if (val && (size_t)(gt - s) - vat >= 6 && s[vat + 5] == '"') memcpy(mv, s + vat, 5);
        char *comment = NULL;
        if (gt[-1] != '/') {
            const char *e = find(s, (size_t)(gt - s) + 1, to, "</Move>");
            size_t end = e ? (size_t)(e - s) : to;
            comment = xml_text(gt + 1, end - (size_t)(gt + 1 - s));
            if (!comment) return -1;
            at = e ? end + 7 : to;
        } else {
            at = (size_t)(gt - s) + 1;
        }
        bo_text_line_col(t, vat, &line, &col);
        bool ok = mv[2] == '-' && mv[0] >= '0' && mv[0] <= '8' && mv[1] >= '0' && mv[1] <= '9' && mv[3] >= '0' &&
                  mv[3] <= '8' && mv[4] >= '0' && mv[4] <= '9';
        int rc = 0;
        if (root && ok && strcmp(mv, "00-00") == 0) {
            root = false;
            if (comment && comment[0]) rc = bo_record_add_comment(rec, comment, strlen(comment));
            free(comment);
            if (rc != 0) return -1;
            continue;
        }
        root = false;
        if (!ok) {
            bo_record_note(rec, BO_NOTE_ERROR, line, col, "CBF: the move value \"%.5s\" is not xy-XY (file 0-8, row "
                           "0-9)", val ? s + vat : "");
            free(comment);
            return 0;
        }
        char text[8];
        snprintf(text, sizeof text, "%c%c-%c%c", 'a' + (mv[0] - '0'), '0' + (9 - (mv[1] - '0')), 'a' + (mv[3] - '0'),
                 '0' + (9 - (mv[4] - '0')));
        if (!bo_record_add_move(rec, text, strlen(text), line, col)) { free(comment); return -1; }
        if (comment && comment[0]) rc = bo_record_add_comment(rec, comment, strlen(comment));
        free(comment);
        if (rc != 0) return -1;
    }
    return 0;
}

int xq_cbf_read(const bo_text *t, bo_record_list *out, char *err, size_t errlen)
{
    const char *s = t->data;
    size_t n = t->len;
    for (const char *p = find(s, 0, n, rec_open); p; p = find(s, (size_t)(p - s) + 1, n, rec_open)) {
        size_t from = (size_t)(p - s);
        const char *e = find(s, from, n, rec_close);
        size_t to = e ? (size_t)(e - s) : n;
        int line, col;
        bo_text_line_col(t, from, &line, &col);
        bo_record *rec = bo_record_list_push(out, line);
        if (!rec) goto oom;
        if (!e) bo_record_note(rec, BO_NOTE_WARNING, line, col, "CBF: no </ChineseChessRecord>: read to the end of the file");
        const char *h = find(s, from, to, "<Head>"), *he = h ? find(s, (size_t)(h - s), to, "</Head>") : NULL;
        if (read_head(s, h ? (size_t)(h - s) : from, he ? (size_t)(he - s) : to, rec) != 0) goto oom;
        const char *m = find(s, from, to, "<MoveList>"), *me = m ? find(s, (size_t)(m - s), to, "</MoveList>") : NULL;
        if (!m) {
            bo_record_note(rec, BO_NOTE_WARNING, line, col, "CBF: no <MoveList>: a record without moves");
        } else if (read_moves(t, (size_t)(m - s) + 10, me ? (size_t)(me - s) : to, rec) != 0) {
            goto oom;
        }
        p = s + to - 1 > p ? s + to - 1 : p;
    }
    return 0;
oom:
    snprintf(err, errlen, "out of memory");
    return -1;
}
