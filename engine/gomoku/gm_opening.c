/* gm_opening.c -- the opening rules as data, and the check of a record's opening.
 *
 * Rule: gm_opening.h lists each rule; docs/gomoku-openings.md cites the texts (RIF's
 * rule pages, Gomocup's swap2 announcement).
 * Method: each rule is a row of a table -- the central square each of stones 1..5 must
 * lie in, and the moves after which a player may swap -- plus its fifth-move offers.
 * The check walks the opening in the order it is played and stops at the first step
 * that breaks the rule.  Symmetry of two offers: the 8 rotations and reflections of
 * the four stones, shifted back onto them (the edge of the board does not count). */
#include "gm_opening.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Area of a stone: half the side of the central square, -1 anywhere, 0 the centre. */
enum { ANY = -1 };

typedef struct opening_def {
    const char *name;
    signed char area[5];      /* stones 1..5 (taraguchi10's 5th: choice 1 only) */
    signed char swap_after[5];  /* decision points: the number of stones before each, 0-ended */
    int offers;               /* fifth-move offers: exact count, -1: declared 1..max, 0: none */
    int max_offers;
} opening_def;

static const opening_def defs[] = {
    [GM_OPEN_FREE] = {"free", {ANY, ANY, ANY, ANY, ANY}, {0}, 0, 0},
    [GM_OPEN_SWAP] = {"swap", {ANY, ANY, ANY, ANY, ANY}, {3, 0}, 0, 0},
    [GM_OPEN_SWAP2] = {"swap2", {ANY, ANY, ANY, ANY, ANY}, {3, 0}, 0, 0},   /* + after 5 on put2 */
    [GM_OPEN_SOOSORV8] = {"soosorv8", {0, 1, 2, ANY, ANY}, {3, 4, 0}, -1, 8},
    [GM_OPEN_TARAGUCHI10] = {"taraguchi10", {0, 1, 2, 3, 4}, {1, 2, 3, 0}, 10, 10},  /* + 4, 5 in choice 1 */
    [GM_OPEN_RIF] = {"rif", {0, 1, 2, ANY, ANY}, {3, 0}, 2, 2},
};

static const struct { const char *alias; gm_opening op; } aliases[] = {
    {"swap1", GM_OPEN_SWAP}, {"soosõrv8", GM_OPEN_SOOSORV8}, {"soosyrv8", GM_OPEN_SOOSORV8},
    {"center", GM_OPEN_FREE}, {"centre", GM_OPEN_FREE},
};

/* NAME folded for comparison: lower case, without blanks, '-', '_' and a trailing
 * "rule" / "opening" ("Soosõrv-8 rule", "RIF opening", "Swap 2" all fold). */
static void fold(const char *name, char *out, size_t n)
{
    size_t k = 0;
    for (const char *p = name; *p && k + 1 < n; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == ' ' || c == '-' || c == '_' || c == '\t') continue;
        out[k++] = (char)(c < 128 ? tolower(c) : c);
    }
    out[k] = '\0';
    for (int again = 1; again;) {
        again = 0;
        static const char *const tails[] = {"rule", "opening"};
        for (int i = 0; i < 2; i++) {
            size_t t = strlen(tails[i]);
            if (k > t && strcmp(out + k - t, tails[i]) == 0) { k -= t; out[k] = '\0'; again = 1; }
        }
    }
}

/* Names people write, so that a record's tag and the command line agree. */
int gm_opening_from_name(const char *name, gm_opening *op)
{
    if (!name) return -1;
    char f[64];
    fold(name, f, sizeof f);
    for (int i = 0; i < (int)(sizeof defs / sizeof *defs); i++)
        if (strcmp(f, defs[i].name) == 0) { *op = (gm_opening)i; return 0; }
    for (size_t i = 0; i < sizeof aliases / sizeof *aliases; i++)
        if (strcmp(f, aliases[i].alias) == 0) { *op = aliases[i].op; return 0; }
    return -1;
}

const char *gm_opening_name(gm_opening op)
{
    return (unsigned)op < sizeof defs / sizeof *defs ? defs[op].name : "?";
}

/* One word of a Swap tag: the decision it names, or -1. */
static int decision_word(const char *s, size_t n)
{
    static const struct { const char *w; gm_swap_choice c; } words[] = {
        {"stay", GM_CHOICE_STAY}, {"-", GM_CHOICE_STAY}, {"keep", GM_CHOICE_STAY}, {"swap", GM_CHOICE_SWAP},
        {"put2", GM_CHOICE_PUT2}, {"+2", GM_CHOICE_PUT2},
    };
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (strlen(words[i].w) == n && strncasecmp(s, words[i].w, n) == 0) return (int)words[i].c;
    return -1;
}

/* The Swap tag: words separated by blanks or commas. */
int gm_opening_parse_decisions(const char *s, gm_opening_log *log, size_t *err_off, char *err, size_t errlen)
{
    log->have_decisions = true;
    log->ndec = 0;
    size_t i = 0, len = strlen(s);
    while (i < len) {
        while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == ',' || s[i] == ';')) i++;
        if (i >= len) break;
        size_t b = i;
        while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != ',' && s[i] != ';') i++;
        int c = decision_word(s + b, i - b);
        if (c < 0) {
            *err_off = b;
            snprintf(err, errlen, "'%.*s' is not a swap decision (stay, swap or put2)", (int)(i - b), s + b);
            return -1;
        }
        if (log->ndec == GM_OPENING_MAX_DECISIONS) {
            *err_off = b;
            snprintf(err, errlen, "more than %d swap decisions: no opening rule has so many", GM_OPENING_MAX_DECISIONS);
            return -1;
        }
        log->dec[log->ndec++] = (gm_swap_choice)c;
    }
    return 0;
}

enum { PT_MAX = 32 };

/* "h8": the point as a judge writes it (the engine has no notation module). */
static const char *pt(int x, int y, char *buf)
{
    if (x >= 0 && x < 26) snprintf(buf, PT_MAX, "%c%d", 'a' + x, y + 1);
    else snprintf(buf, PT_MAX, "(%d,%d)", x, y);
    return buf;
}

static const char *ordinal(int k)
{
    static const char *const o[] = {"0th", "1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th"};
    return k >= 0 && k <= 10 ? o[k] : "later";
}

static int fault(gm_opening_fault *f, gm_opening_fault_kind kind, int step, int item, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Fill F; returns 1 so that a check can `return fault(...)`. */
static int fault(gm_opening_fault *f, gm_opening_fault_kind kind, int step, int item, const char *fmt, ...)
{
    f->kind = kind;
    f->tag = kind == GM_OF_DECISIONS ? "Swap" : kind == GM_OF_OFFERS ? "Offers" : NULL;
    f->step = step;
    f->item = item;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->message, sizeof f->message, fmt, ap);
    va_end(ap);
    return 1;
}

/* The 8 rotations and reflections of the plane. */
static void transform(int t, int x, int y, int *ox, int *oy)
{
    int a = (t & 4) ? y : x, b = (t & 4) ? x : y;
    *ox = (t & 1) ? -a : a;
    *oy = (t & 2) ? -b : b;
}

bool gm_opening_symmetric(const int *xs, const int *ys, int ax, int ay, int bx, int by)
{
    for (int t = 0; t < 8; t++) {
        int tx[4], ty[4], mx = 1 << 20, my = 1 << 20, tmx = 1 << 20, tmy = 1 << 20;
        for (int i = 0; i < 4; i++) {
            transform(t, xs[i], ys[i], &tx[i], &ty[i]);
            if (xs[i] < mx) mx = xs[i];
            if (ys[i] < my) my = ys[i];
            if (tx[i] < tmx) tmx = tx[i];
            if (ty[i] < tmy) tmy = ty[i];
        }
        int dx = mx - tmx, dy = my - tmy;
        bool same = true;
        for (int i = 0; i < 4 && same; i++) {
            bool found = false;
            /* stones 0 and 2 are black, 1 and 3 white: colours must map onto themselves */
            for (int k = i % 2; k < 4; k += 2)
                if (tx[i] + dx == xs[k] && ty[i] + dy == ys[k]) found = true;
            same = found;
        }
        if (!same) continue;
        int ix, iy;
        transform(t, ax, ay, &ix, &iy);
        if (ix + dx == bx && iy + dy == by) return true;
    }
    return false;
}

/* Words for the area of half-side A around the centre. */
static const char *area_words(int a, char *buf, size_t n)
{
    if (a == 0) snprintf(buf, n, "the centre");
    else snprintf(buf, n, "the central %dx%d square", 2 * a + 1, 2 * a + 1);
    return buf;
}

/* Stone I (0-based) in its area. */
static int check_area(const signed char *area, int size, const int *xs, const int *ys, int i, const char *rule,
                      gm_opening_fault *f)
{
    int c = size / 2, a = area[i];
    if (a == ANY) return 0;
    int dx = xs[i] - c, dy = ys[i] - c;
    if (dx < 0) dx = -dx;
    if (dy < 0) dy = -dy;
    if (dx <= a && dy <= a) return 0;
    char p[PT_MAX], cp[PT_MAX], aw[48], lo[PT_MAX], hi[PT_MAX];
    pt(xs[i], ys[i], p);
    area_words(a, aw, sizeof aw);
    if (a == 0)
        return fault(f, GM_OF_AREA, i, -1, "under the %s opening the %s stone goes on %s, %s; the record puts it on %s",
                     rule, ordinal(i + 1), pt(c, c, cp), aw, p);
    return fault(f, GM_OF_AREA, i, -1, "under the %s opening the %s stone must lie in %s (%s-%s); %s is outside it", rule,
                 ordinal(i + 1), aw, pt(c - a, c - a, lo), pt(c + a, c + a, hi), p);
}

/* The fifth-move offers: their number, points, symmetry, the one kept, the chooser. */
static int check_offers(const opening_def *d, gm_opening op, int size, const int *xs, const int *ys, int n,
                        const gm_opening_log *log, gm_opening_fault *f)
{
    const char *rule = d->name;
    int want = d->offers;
    if (want < 0) {
        int dec = log->declared;
        if (dec == 0) dec = log->noffers;
        if (dec < 1 || dec > d->max_offers) {
            fault(f, GM_OF_OFFERS, 4, -1, "under %s white declares 1 to %d fifth-move offers with move 4; the record %s %d",
                  rule, d->max_offers, log->declared ? "declares" : "lists", dec);
            if (log->declared) f->tag = "Declared";
            return 1;
        }
        want = dec;
    }
    if (log->noffers != want) {
        if (d->offers < 0)
            return fault(f, GM_OF_OFFERS, 4, -1, "white declared %d fifth-move offer%s, so black offers %d; the record lists "
                         "%d", want, want == 1 ? "" : "s", want, log->noffers);
        return fault(f, GM_OF_OFFERS, 4, -1, "under %s black offers exactly %d fifth moves; the record lists %d", rule, want,
                     log->noffers);
    }
    (void)op;
    char a[PT_MAX], b[PT_MAX];
    for (int i = 0; i < log->noffers; i++) {
        int x = log->off_x[i], y = log->off_y[i];
        if (x < 0 || y < 0 || x >= size || y >= size)
            return fault(f, GM_OF_OFFERS, 4, i, "fifth-move offer %d, %s, is off the board", i + 1, pt(x, y, a));
        for (int k = 0; k < 4 && k < n; k++)
            if (xs[k] == x && ys[k] == y)
                return fault(f, GM_OF_OFFERS, 4, i, "fifth-move offer %d, %s, is on the stone of move %d", i + 1, pt(x, y, a),
                             k + 1);
        for (int k = 0; k < i; k++) {
            if (log->off_x[k] == x && log->off_y[k] == y)
                return fault(f, GM_OF_OFFERS, 4, i, "fifth-move offer %d, %s, repeats offer %d", i + 1, pt(x, y, a), k + 1);
            if (n >= 4 && gm_opening_symmetric(xs, ys, log->off_x[k], log->off_y[k], x, y))
                return fault(f, GM_OF_OFFERS, 4, i, "fifth-move offers %d (%s) and %d (%s) are symmetrical in the position "
                             "of moves 1-4; the rule allows no symmetrical offers", k + 1,
                             pt(log->off_x[k], log->off_y[k], b), i + 1, pt(x, y, a));
        }
    }
    if (n >= 5) {
        bool kept = false;
        for (int i = 0; i < log->noffers; i++)
            if (log->off_x[i] == xs[4] && log->off_y[i] == ys[4]) kept = true;
        if (!kept)
            return fault(f, GM_OF_OFFERS, 4, -1, "move 5, %s, is not one of the %d fifth-move offers: white keeps one of "
                         "black's offers and removes the others", pt(xs[4], ys[4], a), log->noffers);
        if (log->chooser == GM_BLACK) {
            fault(f, GM_OF_OFFERS, 4, -1, "the record says the black player chose the fifth move; under %s white "
                  "chooses which offer stays and removes the others", rule);
            f->tag = "ChosenBy";
            return 1;
        }
    }
    return 0;
}

int gm_opening_check(gm_opening op, int size, gm_rules rules, const int *xs, const int *ys, int n,
                     const gm_opening_log *log, gm_opening_outcome *out, gm_opening_fault *f)
{
    memset(out, 0, sizeof *out);
    memset(f, 0, sizeof *f);
    out->swaps = -1;
    out->first_player = GM_EMPTY;
    if ((unsigned)op >= sizeof defs / sizeof *defs) return fault(f, GM_OF_BOARD, 0, -1, "unknown opening rule");
    const opening_def *d = &defs[op];
    (void)rules;
    bool centred = op == GM_OPEN_RIF || op == GM_OPEN_SOOSORV8 || op == GM_OPEN_TARAGUCHI10;
    if (centred && size % 2 == 0)
        return fault(f, GM_OF_BOARD, 0, -1, "the %s opening places its stones around the centre; a %dx%d board has none",
                     d->name, size, size);
    /* taraguchi10: choice 2 when the record lists offers, or when its decisions end
     * after move 3 (choice 2 has no swap after move 4) */
    bool choice2 = op == GM_OPEN_TARAGUCHI10 && (log->have_offers || (log->have_decisions && log->ndec == 3 && n >= 5));
    signed char area[5];
    memcpy(area, d->area, sizeof area);
    if (op == GM_OPEN_TARAGUCHI10 && !choice2 && !log->have_decisions && n >= 5) {
        /* nothing says which choice black took: a fifth stone outside 9x9 can only come
         * from the offers (choice 2), whose list the record does not keep */
        int c = size / 2, dx = xs[4] - c, dy = ys[4] - c;
        if (dx < -4 || dx > 4 || dy < -4 || dy > 4) choice2 = true;
    }
    if (choice2) area[4] = ANY;
    /* the decision points, in order */
    int points[GM_OPENING_MAX_DECISIONS], np = 0;
    for (int i = 0; i < 5 && d->swap_after[i]; i++) points[np++] = d->swap_after[i];
    if (op == GM_OPEN_TARAGUCHI10 && !choice2) { points[np++] = 4; points[np++] = 5; }
    if (op == GM_OPEN_SWAP2 && log->have_decisions && log->ndec >= 1 && log->dec[0] == GM_CHOICE_PUT2) points[np++] = 5;
    /* walk the opening: stone by stone, each decision before the move that follows it */
    int swaps = 0, di = 0;
    for (int step = 0; step <= 6; step++) {
        while (log->have_decisions && di < np && points[di] == step) {
            if (di >= log->ndec) {
                if (n > step)
                    return fault(f, GM_OF_DECISIONS, step, di, "the Swap tag gives %d decision%s, but under %s a player "
                                 "decides after move %d too (stay, swap%s) and the game goes on to move %d", log->ndec,
                                 log->ndec == 1 ? "" : "s", d->name, step,
                                 op == GM_OPEN_SWAP2 && di == 0 ? " or put2" : "", step + 1);
                break;
            }
            if (n < step)
                return fault(f, GM_OF_DECISIONS, n, di, "the Swap tag's decision %d comes after move %d, but the record "
                             "has only %d move%s", di + 1, step, n, n == 1 ? "" : "s");
            gm_swap_choice c = log->dec[di];
            if (c == GM_CHOICE_PUT2 && !(op == GM_OPEN_SWAP2 && di == 0))
                return fault(f, GM_OF_DECISIONS, step, di, "decision %d is put2, which only swap2's second player may "
                             "choose after move 3; under %s the choice after move %d is stay or swap", di + 1, d->name,
                             step);
            if (c == GM_CHOICE_SWAP) swaps++;
            di++;
        }
        if (step >= n || step >= 5) continue;
        if (check_area(area, size, xs, ys, step, d->name, f)) return 1;
        if (step == 4 && (log->have_offers || (d->offers != 0 && op != GM_OPEN_TARAGUCHI10))) {
            if (d->offers == 0)
                return fault(f, GM_OF_OFFERS, 4, -1, "the %s opening has no fifth-move offers, yet the record lists %d",
                             d->name, log->noffers);
            if (!log->have_offers) out->offers_unchecked = true;
            else if (check_offers(d, op, size, xs, ys, n, log, f)) return 1;
        }
    }
    if (log->have_decisions && di < log->ndec) {
        char at[64] = "";
        for (int i = 0; i < np && points[i] <= n; i++)
            snprintf(at + strlen(at), sizeof at - strlen(at), "%s%d", i ? ", " : "", points[i]);
        if (di == 0)
            return fault(f, GM_OF_DECISIONS, n, di, "the Swap tag gives %d decision%s, but the %s opening has no swap",
                         log->ndec, log->ndec == 1 ? "" : "s", d->name);
        return fault(f, GM_OF_DECISIONS, n, di, "the Swap tag gives %d decisions (decision %d is one too many): under %s "
                     "a player decides only after move%s %s", log->ndec, di + 1, d->name, di == 1 ? "" : "s", at);
    }
    /* offers listed for a record that stops before move 5: still the right number? */
    if (n == 4 && log->have_offers) {
        if (d->offers == 0)
            return fault(f, GM_OF_OFFERS, 4, -1, "the %s opening has no fifth-move offers, yet the record lists %d", d->name,
                         log->noffers);
        if (check_offers(d, op, size, xs, ys, n, log, f)) return 1;
    }
    out->choice_offers = choice2;
    if (op == GM_OPEN_TARAGUCHI10 && choice2 && !log->have_offers && n >= 5) out->offers_unchecked = true;
    if (log->have_decisions) {
        out->swaps = swaps;
        out->first_player = swaps % 2 == 0 ? GM_BLACK : GM_WHITE;
    } else if (op == GM_OPEN_FREE) {
        out->swaps = 0;
        out->first_player = GM_BLACK;
    }
    return 0;
}
