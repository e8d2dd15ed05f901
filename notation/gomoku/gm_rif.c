/* gm_rif.c -- RenjuNet's database (.rif): XML with the players, tournaments, rules and
 * openings of the Renju and Gomoku world, and every game.
 *
 *   <?xml version="1.0" encoding="utf-8"?>
 *   <database>
 *    <rules><rule id="1" name="RIF" info="..."/>...</rules>
 *    <openings><opening id="19" name="..." abbr="I3"/>...</openings>
 *    <players><player id="3069" name="Ando" surname="Meritee" country="1"/>...</players>
 *    <tournaments><tournament id="3369" name="..." rule="25" start="2018-08-01" .../>...</tournaments>
 *    <games>
 *     <game id="171548" tournament="3369" round="8" rule="25" black="3069" white="3969"
 *           bresult="1" btime="8" wtime="8" opening="19" alt="51" swap="R--R-">
 *      <move>h8 h9 i8 g8 ...</move><info>...</info>
 *     </game>
 *    </games>
 *   </database>
 *
 * bresult is black's score (1, 0, 0.5).  A game's rule is its own rule attribute, else
 * its tournament's; the rule's NAME in the file's <rules> table says the rule set and
 * the opening rule (ids differ between database versions, names do not).  Decisions
 * (docs/gomoku-formats.md): a name with "gomoku" or "swap2" is gomoku, "free" in it
 * freestyle and else standard (exactly five wins, RIF's gomoku rule); every other
 * name is renju.  The opening: swap2, swap, Soosõrv-8, Taraguchi-10, RIF, Yamaguchi,
 * Tarannikov, Sakata, Jonsson, free by the words in the name.
 * Method: one scan of the XML elements collects the tables (sorted by id, looked up
 * by binary search) and the offsets of the games; then each game becomes a record.
 * XML this reader does not need (countries, cities, unknown elements) is skipped;
 * entities &amp; &lt; &gt; &quot; &apos; &#N; &#xN; are decoded in attributes. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gm_coords.h"
#include "gm_formats.h"
#include "gm_reader.h"
#include "text.h"

/* One element's start tag: <name attrs> or <name attrs/> or </name>. */
typedef struct rx_el {
    const char *name;
    size_t nlen;
    const char *attrs;
    size_t alen;
    bool close, empty;
    size_t off, end;  /* '<' and one past '>' */
} rx_el;

/* An entry of a table: players, tournaments, rules, openings. */
typedef struct rx_row {
    long id;
    char *name;
    char *extra;  /* tournaments: the date; openings: the abbreviation */
    long rule;    /* tournaments: their rule's id, else -1 */
} rx_row;

typedef struct rx_table {
    rx_row *rows;
    size_t n, cap;
} rx_table;

/* The next element from *i on; comments, <?...?>, <!...> and CDATA are skipped.
 * Returns false at the end of the text (or on a '<' never closed: *i = n). */
static bool rx_next(const char *d, size_t n, size_t *i, rx_el *el)
{
    for (;;) {
        const char *lt = *i < n ? memchr(d + *i, '<', n - *i) : NULL;
        if (!lt) { *i = n; return false; }
        size_t p = (size_t)(lt - d);
        if (p + 4 <= n && memcmp(d + p, "<!--", 4) == 0) {
            const char *e = NULL;
            for (size_t k = p + 4; k + 3 <= n; k++)
                if (memcmp(d + k, "-->", 3) == 0) { e = d + k; break; }
            *i = e ? (size_t)(e - d) + 3 : n;
            continue;
        }
        if (p + 9 <= n && memcmp(d + p, "<![CDATA[", 9) == 0) {
            const char *e = NULL;
            for (size_t k = p + 9; k + 3 <= n; k++)
                if (memcmp(d + k, "]]>", 3) == 0) { e = d + k; break; }
            *i = e ? (size_t)(e - d) + 3 : n;
            continue;
        }
        /* the end of the tag: the first '>' outside a quoted value */
        size_t k = p + 1;
        char q = 0;
        while (k < n && (q || d[k] != '>')) {
            if (q && d[k] == q) q = 0;
            else if (!q && (d[k] == '"' || d[k] == '\'')) q = d[k];
            k++;
        }
        if (k >= n) { *i = n; return false; }
        *i = k + 1;
        if (d[p + 1] == '?' || d[p + 1] == '!') continue;
        el->off = p;
        el->end = k + 1;
        el->close = d[p + 1] == '/';
        size_t s = p + 1 + (el->close ? 1 : 0), e = s;
        while (e < k && !isspace((unsigned char)d[e]) && d[e] != '/') e++;
        el->name = d + s;
        el->nlen = e - s;
        el->empty = !el->close && k > p + 1 && d[k - 1] == '/';
        size_t ae = k - (el->empty ? 1 : 0);
        el->attrs = d + e;
        el->alen = ae > e ? ae - e : 0;
        return true;
    }
}

static bool rx_is(const rx_el *el, const char *name)
{
    return strlen(name) == el->nlen && memcmp(el->name, name, el->nlen) == 0;
}

/* Decode the entities of [s, s+n) into a fresh string. */
static char *rx_decode(const char *s, size_t n)
{
    char *out = malloc(n + 1);
    if (!out) return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '&') { out[k++] = s[i]; continue; }
        const char *semi = memchr(s + i, ';', n - i < 12 ? n - i : 12);
        if (!semi) { out[k++] = s[i]; continue; }
        size_t el = (size_t)(semi - (s + i)) + 1;
        static const struct { const char *e; char c; } ents[] = {
            {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''},
        };
        bool done = false;
        for (size_t e = 0; e < sizeof ents / sizeof *ents; e++)
            if (strlen(ents[e].e) == el && memcmp(s + i, ents[e].e, el) == 0) { out[k++] = ents[e].c; done = true; }
        if (!done && el > 3 && s[i + 1] == '#') {
            long cp = s[i + 2] == 'x' || s[i + 2] == 'X' ? strtol(s + i + 3, NULL, 16) : strtol(s + i + 2, NULL, 10);
            if (cp > 0 && cp < 0x110000) {
                /* never longer than the reference it replaces ("&#N;" against its UTF-8) */
                k += (size_t)bo_utf8_put((unsigned long)cp, out + k);
                done = true;
            }
        }
        if (done) i += el - 1;
        else out[k++] = s[i];
    }
    out[k] = '\0';
    return out;
}

/* The raw value of attribute NAME, or NULL. */
static const char *rx_attr_raw(const rx_el *el, const char *name, size_t *vlen)
{
    const char *a = el->attrs, *e = el->attrs + el->alen;
    size_t nl = strlen(name);
    while (a < e) {
        while (a < e && isspace((unsigned char)*a)) a++;
        const char *ns = a;
        while (a < e && *a != '=' && !isspace((unsigned char)*a)) a++;
        size_t len = (size_t)(a - ns);
        while (a < e && isspace((unsigned char)*a)) a++;
        if (a >= e || *a != '=') { if (a < e) a++; continue; }
        a++;
        while (a < e && isspace((unsigned char)*a)) a++;
        if (a >= e || (*a != '"' && *a != '\'')) continue;
        char q = *a++;
        const char *vs = a;
        while (a < e && *a != q) a++;
        if (len == nl && memcmp(ns, name, nl) == 0) { *vlen = (size_t)(a - vs); return vs; }
        if (a < e) a++;
    }
    return NULL;
}

/* Attribute NAME decoded (fresh string), or NULL when absent. */
static char *rx_attr(const rx_el *el, const char *name)
{
    size_t n;
    const char *v = rx_attr_raw(el, name, &n);
    return v ? rx_decode(v, n) : NULL;
}

/* Attribute NAME as a number; DEF when absent or not a number. */
static long rx_attr_long(const rx_el *el, const char *name, long def)
{
    size_t n;
    const char *v = rx_attr_raw(el, name, &n);
    if (!v || n == 0 || n > 20) return def;
    char buf[24];
    memcpy(buf, v, n);
    buf[n] = '\0';
    char *e;
    long x = strtol(buf, &e, 10);
    return *e ? def : x;
}

static void rx_table_free(rx_table *t)
{
    for (size_t i = 0; i < t->n; i++) { free(t->rows[i].name); free(t->rows[i].extra); }
    free(t->rows);
}

/* Append a row (its strings are taken over). */
static int rx_table_add(rx_table *t, long id, char *name, char *extra, long rule)
{
    if (t->n == t->cap) {
        size_t nc = t->cap ? t->cap * 2 : 64;
        rx_row *r = realloc(t->rows, nc * sizeof *r);
        if (!r) { free(name); free(extra); return -1; }
        t->rows = r;
        t->cap = nc;
    }
    t->rows[t->n++] = (rx_row){id, name, extra, rule};
    return 0;
}

static int row_cmp(const void *a, const void *b)
{
    long x = ((const rx_row *)a)->id, y = ((const rx_row *)b)->id;
    return x < y ? -1 : x > y;
}

static const rx_row *rx_find(const rx_table *t, long id)
{
    rx_row key = {id, NULL, NULL, 0};
    return t->n ? bsearch(&key, t->rows, t->n, sizeof *t->rows, row_cmp) : NULL;
}

/* Lower-case ASCII copy for word matching; "õ" stays as it is. */
static bool has_word(const char *s, const char *w)
{
    size_t n = strlen(s), k = strlen(w);
    for (size_t i = 0; i + k <= n; i++)
        if (strncasecmp(s + i, w, k) == 0) return true;
    return false;
}

/* The rule set a rule's name stands for (see the file comment). */
static const char *rules_of(const char *name)
{
    if (has_word(name, "gomoku") || has_word(name, "swap2") || has_word(name, "swap 2") || has_word(name, "swap-2"))
        return has_word(name, "free") ? "freestyle" : "standard";
    if (has_word(name, "freestyle")) return "freestyle";
    return "renju";
}

/* The opening rule a rule's name stands for, or NULL when it names none we know. */
static const char *opening_of(const char *name)
{
    if (has_word(name, "swap2") || has_word(name, "swap 2") || has_word(name, "swap-2")) return "swap2";
    if (has_word(name, "soos")) return has_word(name, "8") || !strpbrk(name, "0123456789") ? "soosorv8" : "soosorv";
    if (has_word(name, "taraguchi")) return has_word(name, "10") || !strpbrk(name, "0123456789") ? "taraguchi10" : "taraguchi";
    if (has_word(name, "yamaguchi")) return "yamaguchi";
    if (has_word(name, "tarannikov")) return "tarannikov";
    if (has_word(name, "sakata")) return "sakata";
    if (has_word(name, "jonsson")) return "jonsson";
    if (has_word(name, "swap")) return "swap";
    if (has_word(name, "rif")) return "rif";
    if (has_word(name, "free") || has_word(name, "none")) return "free";
    return NULL;
}

typedef struct rx_db {
    rx_table rules, openings, players, tournaments;
    size_t *games;  /* offsets of the <game> start tags */
    size_t ngames, gcap;
} rx_db;

static void rx_db_free(rx_db *db)
{
    rx_table_free(&db->rules);
    rx_table_free(&db->openings);
    rx_table_free(&db->players);
    rx_table_free(&db->tournaments);
    free(db->games);
}

/* A player's name as "Name Surname" (either may be missing). */
static char *player_name(const rx_el *el)
{
    char *a = rx_attr(el, "name"), *b = rx_attr(el, "surname");
    if (!a || !*a) { free(a); return b; }
    if (!b || !*b) { free(b); return a; }
    size_t n = strlen(a) + strlen(b) + 2;
    char *s = malloc(n);
    if (s) snprintf(s, n, "%s %s", a, b);
    free(a);
    free(b);
    return s;
}

/* The text content after EL up to the next '<', decoded. */
static char *rx_text(const char *d, size_t n, const rx_el *el)
{
    if (el->empty) return NULL;
    const char *lt = memchr(d + el->end, '<', n - el->end);
    size_t e = lt ? (size_t)(lt - d) : n;
    return rx_decode(d + el->end, e - el->end);
}

/* One scan: the tables and where the games are. */
static int rx_scan(const bo_text *t, rx_db *db)
{
    const char *d = t->data;
    size_t n = t->len, i = 0;
    rx_el el;
    while (rx_next(d, n, &i, &el)) {
        if (el.close) continue;
        int rc = 0;
        if (rx_is(&el, "game")) {
            if (db->ngames == db->gcap) {
                size_t nc = db->gcap ? db->gcap * 2 : 256;
                size_t *g = realloc(db->games, nc * sizeof *g);
                if (!g) return -1;
                db->games = g;
                db->gcap = nc;
            }
            db->games[db->ngames++] = el.off;
        } else if (rx_is(&el, "player")) {
            rc = rx_table_add(&db->players, rx_attr_long(&el, "id", -1), player_name(&el), NULL, -1);
        } else if (rx_is(&el, "tournament")) {
            char *date = rx_attr(&el, "start");
            if (!date || !*date) { free(date); date = rx_attr(&el, "year"); }
            rc = rx_table_add(&db->tournaments, rx_attr_long(&el, "id", -1), rx_attr(&el, "name"), date,
                              rx_attr_long(&el, "rule", -1));
        } else if (rx_is(&el, "rule")) {
            char *nm = rx_attr(&el, "name");
            char *info = rx_attr(&el, "info");
            if (!info) info = rx_text(d, n, &el);
            rc = rx_table_add(&db->rules, rx_attr_long(&el, "id", -1), nm, info, -1);
        } else if (rx_is(&el, "opening")) {
            rc = rx_table_add(&db->openings, rx_attr_long(&el, "id", -1), rx_attr(&el, "name"), rx_attr(&el, "abbr"), -1);
        }
        if (rc) return -1;
    }
    rx_table *tables[] = {&db->rules, &db->openings, &db->players, &db->tournaments};
    for (size_t k = 0; k < sizeof tables / sizeof *tables; k++)
        if (tables[k]->n) qsort(tables[k]->rows, tables[k]->n, sizeof(rx_row), row_cmp);  /* an empty table has no array */
    return 0;
}

/* Copy attribute NAME into tag TAG when present and not empty. */
static void attr_tag(bo_record *r, const rx_el *el, const char *name, const char *tag)
{
    char *v = rx_attr(el, name);
    if (v && *v) bo_record_set_tag(r, tag, v);
    free(v);
}

/* A name from a table by the id in attribute ATTR, as tag TAG; a missing entry is a
 * warning (the database refers to a row it does not hold). */
static const rx_row *lookup(bo_record *r, const rx_el *el, const char *attr, const rx_table *tb, const char *what,
                            int line, int col)
{
    long id = rx_attr_long(el, attr, -1);
    if (id < 0) return NULL;
    const rx_row *row = rx_find(tb, id);
    if (!row) bo_record_note(r, BO_NOTE_WARNING, line, col, "%s %ld is not in the database's %s table", what, id, what);
    return row;
}

/* The moves of <move>: points separated by blanks. */
static void game_moves(bo_record *r, const bo_text *t, gm_cursor *cur, const gm_read_opts *o, size_t s, size_t e)
{
    const char *d = t->data;
    long unkept = 0;
    size_t i = s;
    while (i < e) {
        while (i < e && isspace((unsigned char)d[i])) i++;
        if (i >= e) break;
        size_t j = i;
        while (j < e && !isspace((unsigned char)d[j])) j++;
        int line, col, x, y;
        gm_cursor_at(cur, i, &line, &col);
        if (gm_coord_scan(d + i, j - i, &x, &y) != j - i) {
            bo_record_note(r, BO_NOTE_ERROR, line, col, "'%.*s' in <move> is not a point such as h8", (int)(j - i > 40 ? 40 : j - i),
                           d + i);
            break;
        }
        gm_keep_move(r, o, &unkept, d + i, j - i, line, col);
        i = j;
    }
    gm_note_unkept(r, &unkept);
}

/* One <game> element and its children become a record. */
static int read_game(const bo_text *t, const rx_db *db, size_t off, const gm_read_opts *o, gm_cursor *cur,
                     bo_record_list *out, int index)
{
    const char *d = t->data;
    size_t n = t->len, i = off;
    rx_el el;
    if (!rx_next(d, n, &i, &el)) return 0;
    int line, col;
    gm_cursor_at(cur, off, &line, &col);
    int gcol = col;
    bo_record *r = bo_record_list_push(out, line);
    if (!r) return -1;
    r->index = index;
    bo_record_set_str(&r->notation, "moves", 5);
    bo_record_set_tag(r, "Size", "15");
    attr_tag(r, &el, "id", "GameId");
    const rx_row *tr = lookup(r, &el, "tournament", &db->tournaments, "tournament", line, col);
    if (tr && tr->name) bo_record_set_tag(r, "Event", tr->name);
    if (tr && tr->extra && *tr->extra) bo_record_set_tag(r, "Date", tr->extra);
    attr_tag(r, &el, "round", "Round");
    const rx_row *b = lookup(r, &el, "black", &db->players, "player", line, col);
    const rx_row *w = lookup(r, &el, "white", &db->players, "player", line, col);
    if (b && b->name) bo_record_set_tag(r, "Black", b->name);
    if (w && w->name) bo_record_set_tag(r, "White", w->name);
    long rid = rx_attr_long(&el, "rule", -1);
    if (rid < 0 && tr) rid = tr->rule;
    if (rid >= 0) {
        const rx_row *ru = rx_find(&db->rules, rid);
        if (!ru || !ru->name) bo_record_note(r, BO_NOTE_WARNING, line, col, "rule %ld is not in the database's rule table", rid);
        else {
            bo_record_set_tag(r, "RuleName", ru->name);
            bo_record_set_tag(r, "Rules", rules_of(ru->name));
            const char *op = opening_of(ru->name);
            if (op) bo_record_set_tag(r, "Opening", op);
        }
    }
    const rx_row *op = lookup(r, &el, "opening", &db->openings, "opening", line, col);
    if (op) bo_record_set_tag(r, "OpeningName", op->extra && *op->extra ? op->extra : op->name ? op->name : "?");
    attr_tag(r, &el, "alt", "Alt");
    attr_tag(r, &el, "swap", "RifSwap");   /* RenjuNet's own swap field, not the validator's Swap tag */
    attr_tag(r, &el, "btime", "BlackTime");
    attr_tag(r, &el, "wtime", "WhiteTime");
    char *res = rx_attr(&el, "bresult");
    if (res && *res) {
        bo_record_set_str(&r->result, res, strlen(res));
        r->result_line = line;
        r->result_col = col;
        if (strcmp(res, "1") == 0) bo_record_set_tag(r, "Result", "1-0");
        else if (strcmp(res, "0") == 0) bo_record_set_tag(r, "Result", "0-1");
        else if (strcmp(res, "0.5") == 0 || strcmp(res, ".5") == 0) bo_record_set_tag(r, "Result", "1/2-1/2");
        else bo_record_note(r, BO_NOTE_WARNING, line, col, "bresult '%s' is none of 1, 0, 0.5; no result read", res);
    }
    free(res);
    if (el.empty) return 0;
    /* the children up to </game> */
    bool moves = false;
    rx_el c;
    while (rx_next(d, n, &i, &c)) {
        if (c.close && rx_is(&c, "game")) return 0;
        if (!c.close && rx_is(&c, "game")) break;
        if (!c.close && rx_is(&c, "move") && !c.empty) {
            if (moves) {
                gm_cursor_at(cur, c.off, &line, &col);
                bo_record_note(r, BO_NOTE_WARNING, line, col, "a second <move> in one game; ignored");
                continue;
            }
            moves = true;
            const char *lt = memchr(d + c.end, '<', n - c.end);
            game_moves(r, t, cur, o, c.end, lt ? (size_t)(lt - d) : n);
        } else if (!c.close && rx_is(&c, "info") && !c.empty) {
            char *info = rx_text(d, n, &c);
            if (info && *info) bo_record_set_tag(r, "Info", info);
            free(info);
        }
    }
    /* where the game started (the cursor is not moved back: it counts forward only) */
    bo_record_note(r, BO_NOTE_ERROR, r->line, gcol, "<game> with no </game>");
    return 0;
}

/* The offset of the '[' that opens the internal subset of a <!DOCTYPE ...> before
 * the first element, or 0 when there is none: entity declarations live there,
 * and RenjuNet's files have none. */
static size_t doctype_subset(const char *d, size_t n)
{
    size_t i = 0;
    while (i < n) {
        while (i < n && isspace((unsigned char)d[i])) i++;
        if (i >= n || d[i] != '<') return 0;
        bool doctype = n - i >= 9 && memcmp(d + i, "<!DOCTYPE", 9) == 0;
        size_t k = i + 1;
        char q = 0;
        while (k < n && (q || d[k] != '>')) {
            if (q && d[k] == q) q = 0;
            else if (!q && (d[k] == '"' || d[k] == '\'')) q = d[k];
            else if (!q && doctype && d[k] == '[') return k;
            k++;
        }
        if (!doctype && d[i + 1] != '?' && d[i + 1] != '!') return 0;   /* the first element */
        i = k + 1;
    }
    return 0;
}

/* Every game of the database, in file order. */
int gm_read_rif(const bo_text *t, const gm_read_opts *o, bo_record_list *out, char *err, size_t errlen)
{
    if (gm_sniff_rif(t) == 0) {
        snprintf(err, errlen, "not a RenjuNet database (no <database> element)");
        return -1;
    }
    size_t subset = doctype_subset(t->data, t->len);
    if (subset > 0) {   /* refused, not expanded: no entity bombs, and no file has one */
        int line, col;
        bo_text_line_col(t, subset, &line, &col);
        snprintf(err, errlen, "line %d, column %d: DOCTYPE internal subset is not supported (RenjuNet databases "
                 "declare no entities)", line, col);
        return -1;
    }
    rx_db db;
    memset(&db, 0, sizeof db);
    if (rx_scan(t, &db) != 0) {
        rx_db_free(&db);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (db.ngames == 0) {
        rx_db_free(&db);
        snprintf(err, errlen, "a RenjuNet database with no <game> in it");
        return -1;
    }
    gm_cursor cur;
    gm_cursor_init(&cur, t);
    for (size_t g = 0; g < db.ngames; g++) {
        if (read_game(t, &db, db.games[g], o, &cur, out, (int)g + 1) != 0) {
            rx_db_free(&db);
            snprintf(err, errlen, "out of memory");
            return -1;
        }
    }
    rx_db_free(&db);
    return 0;
}

/* An XML text whose first element is <database> and that holds RenjuNet's tables. */
int gm_sniff_rif(const bo_text *t)
{
    const char *d = t->data;
    size_t n = t->len < GM_SNIFF_PREFIX ? t->len : GM_SNIFF_PREFIX, i = 0;
    rx_el el;
    if (!rx_next(d, n, &i, &el) || el.close || !rx_is(&el, "database")) return 0;
    /* nothing but blanks and declarations before it (a DOCTYPE's internal subset
     * ends with "]>": recognised here, refused by the reader, by name) */
    for (size_t k = 0; k < el.off; k++) {
        if (isspace((unsigned char)d[k]) || d[k] == ']' || d[k] == '>') continue;
        if (d[k] == '<') {
            const char *gt = memchr(d + k, '>', el.off - k);
            if (!gt) return 0;
            k = (size_t)(gt - d);
            continue;
        }
        return 0;
    }
    int tables = 0;
    static const char *const names[] = {"<games", "<players", "<tournaments", "<rules", "<openings"};
    for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
        size_t kl = strlen(names[k]);
        for (size_t p = 0; p + kl <= n; p++)
            if (memcmp(d + p, names[k], kl) == 0) { tables++; break; }
    }
    return tables >= 2 ? 100 : 70;
}
